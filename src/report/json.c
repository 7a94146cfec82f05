/*
 * json.c - a flat reader for the JSON that dcnet's own commands print, so
 * that `dcnet demo` can run them as child processes and quote their numbers.
 *
 * A document becomes a list of (path, scalar) pairs: object members join
 * with '.', array elements take "[i]", e.g. "dilation.average",
 * "[2].steps", "per_level[3].ratio.canonical/1". Strings are unescaped
 * (\uXXXX outside ASCII becomes '?': dcnet prints ASCII). Lookups are
 * linear: the documents are small (at most a few hundred scalars). Depth
 * is limited to 32 and paths to 160 characters; deeper or longer input is
 * refused, not truncated. A string value may be as long as the document
 * (a sweep's signature, a long spec: issue 27, item 19). Numbers follow
 * JSON's grammar and must be doubles (no NaN, no 1e999999: issue 37).
 */
#include "../cli/cli.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define JPATH_MAX 160

typedef struct jparse {
    const char *s, *start;
    jflat *out;
    dn_err *err;
    int depth;
} jparse;

static int jfail(jparse *p, const char *what)
{
    return dn_fail(p->err, DN_EINVAL, "malformed JSON at offset %ld: %s",
                   (long)(p->s - p->start), what);
}

static void skip_ws(jparse *p)
{
    while (*p->s && isspace((unsigned char)*p->s))
        p->s++;
}

static int push(jparse *p, const char *path, const char *val, size_t len)
{
    jflat *j = p->out;
    if (j->n == j->cap) {
        int cap = j->cap ? 2 * j->cap : 64;
        char **k = realloc(j->key, (size_t)cap * sizeof *k);
        if (!k)
            return dn_fail(p->err, DN_ENOMEM, "out of memory reading JSON");
        j->key = k;
        char **v = realloc(j->val, (size_t)cap * sizeof *v);
        if (!v)
            return dn_fail(p->err, DN_ENOMEM, "out of memory reading JSON");
        j->val = v;
        j->cap = cap;
    }
    char *kc = strdup(path), *vc = malloc(len + 1);
    if (!kc || !vc) {
        free(kc);
        free(vc);
        return dn_fail(p->err, DN_ENOMEM, "out of memory reading JSON");
    }
    memcpy(vc, val, len);
    vc[len] = 0;
    j->key[j->n] = kc;
    j->val[j->n++] = vc;
    return DN_OK;
}

/* Reads a string literal at p->s into buf (unescaped), at most cap - 1
 * bytes; buf NULL: into a malloc'd *out as long as the literal. */
static int read_string(jparse *p, char *buf, size_t cap, size_t *len, char **out)
{
    size_t n = 0;
    if (*p->s != '"')
        return jfail(p, "expected a string");
    if (!buf) { /* the unescaped text is no longer than the literal */
        const char *q = p->s + 1;
        while (*q && *q != '"')
            q += q[0] == '\\' && q[1] ? 2 : 1;
        cap = (size_t)(q - p->s);
        if (!(buf = *out = malloc(cap)))
            return dn_fail(p->err, DN_ENOMEM, "out of memory reading JSON");
    }
    p->s++;
    while (*p->s != '"') {
        char c = *p->s++;
        if (!c)
            return jfail(p, "unterminated string");
        if (c == '\\') {
            char e = *p->s++;
            switch (e) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case '"': case '\\': case '/': c = e; break;
            case 'u':
                for (int i = 0; i < 4; i++)
                    if (!isxdigit((unsigned char)p->s[i]))
                        return jfail(p, "bad \\u escape");
                c = (char)strtol((char[]){p->s[0], p->s[1], p->s[2], p->s[3], 0}, NULL, 16);
                if ((unsigned char)c >= 0x80 || strncmp(p->s, "00", 2) != 0)
                    c = '?';
                p->s += 4;
                break;
            default: return jfail(p, "bad escape");
            }
        }
        if (n + 1 >= cap)
            return jfail(p, "string too long");
        buf[n++] = c;
    }
    p->s++;
    buf[n] = 0;
    *len = n;
    return DN_OK;
}

static int value(jparse *p, char *path, size_t plen);

/* A scalar other than a string at p->s, by JSON's grammar (RFC 8259,
 * section 6): true, false, null, or -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?
 * [0-9]+)? whose value is a double (issue 37 item 18: NaN, and 1e999999,
 * which is no double, were read from a sweep journal into its CSV; a
 * number whose digits are not all zero read as 0 is refused too). The
 * text is kept as written. */
static int scalar(jparse *p)
{
    static const char *const lit[] = {"true", "false", "null"};
    const char *s = p->s;
    for (int k = 0; k < 3; k++) {
        size_t n = strlen(lit[k]);
        if (strncmp(s, lit[k], n) == 0 && !isalnum((unsigned char)s[n])) {
            p->s = s + n;
            return DN_OK;
        }
    }
    int nonzero = 0;
    s += *s == '-';
    if (!isdigit((unsigned char)*s))
        return jfail(p, "expected a value (a JSON number, string, object, array, true, false "
                        "or null)");
    if (*s == '0' && isdigit((unsigned char)s[1]))
        return jfail(p, "a number with a leading zero");
    for (; isdigit((unsigned char)*s); s++)
        nonzero |= *s != '0';
    if (*s == '.') {
        if (!isdigit((unsigned char)*++s))
            return jfail(p, "a number without digits after its '.'");
        for (; isdigit((unsigned char)*s); s++)
            nonzero |= *s != '0';
    }
    if (*s == 'e' || *s == 'E') {
        s += s[1] == '+' || s[1] == '-' ? 2 : 1;
        if (!isdigit((unsigned char)*s))
            return jfail(p, "a number without digits in its exponent");
        while (isdigit((unsigned char)*s))
            s++;
    }
    if (isalnum((unsigned char)*s) || *s == '.' || *s == '+' || *s == '-')
        return jfail(p, "a number followed by other characters");
    double d = strtod(p->s, NULL); /* (the grammar above is a subset of strtod's) */
    if (!isfinite(d) || (d == 0 && nonzero))
        return jfail(p, "a number out of the range of a double");
    p->s = s;
    return DN_OK;
}

static int extend(jparse *p, char *path, size_t plen, const char *fmt, const char *a, long i,
                  size_t *nlen)
{
    int w = a ? snprintf(path + plen, JPATH_MAX - plen, fmt, plen ? "." : "", a)
              : snprintf(path + plen, JPATH_MAX - plen, fmt, i);
    if (w < 0 || (size_t)w >= JPATH_MAX - plen)
        return jfail(p, "path too long");
    *nlen = plen + (size_t)w;
    return DN_OK;
}

static int value(jparse *p, char *path, size_t plen)
{
    int rc;
    skip_ws(p);
    if (*p->s == '{' || *p->s == '[') {
        int obj = *p->s == '{';
        char close = obj ? '}' : ']';
        if (++p->depth > 32)
            return jfail(p, "nested deeper than 32");
        p->s++;
        skip_ws(p);
        long i = 0;
        if (*p->s == close) {
            p->s++;
            p->depth--;
            return DN_OK;
        }
        for (;;) {
            size_t nlen = plen;
            skip_ws(p);
            if (obj) {
                char key[JPATH_MAX];
                size_t klen;
                if ((rc = read_string(p, key, sizeof key, &klen, NULL)))
                    return rc;
                skip_ws(p);
                if (*p->s++ != ':')
                    return jfail(p, "expected ':'");
                rc = extend(p, path, plen, "%s%s", key, 0, &nlen);
            } else {
                rc = extend(p, path, plen, "[%ld]", NULL, i, &nlen);
            }
            if (rc || (rc = value(p, path, nlen)))
                return rc;
            path[plen] = 0;
            i++;
            skip_ws(p);
            if (*p->s == ',') {
                p->s++;
                continue;
            }
            if (*p->s++ != close)
                return jfail(p, obj ? "expected ',' or '}'" : "expected ',' or ']'");
            p->depth--;
            return DN_OK;
        }
    }
    if (*p->s == '"') {
        char *buf = NULL;
        size_t len;
        if (!(rc = read_string(p, NULL, 0, &len, &buf)))
            rc = push(p, path, buf, len);
        free(buf);
        return rc;
    }
    const char *start = p->s;
    if ((rc = scalar(p)))
        return rc;
    return push(p, path, start, (size_t)(p->s - start));
}

int jflat_parse(jflat *j, const char *text, dn_err *err)
{
    char path[JPATH_MAX] = "";
    jparse p = {text, text, j, err, 0};
    memset(j, 0, sizeof *j);
    int rc = value(&p, path, 0);
    if (!rc) {
        skip_ws(&p);
        if (*p.s)
            rc = jfail(&p, "text after the value");
    }
    if (rc)
        jflat_free(j);
    return rc;
}

void jflat_free(jflat *j)
{
    for (int i = 0; i < j->n; i++) {
        free(j->key[i]);
        free(j->val[i]);
    }
    free(j->key);
    free(j->val);
    memset(j, 0, sizeof *j);
}

const char *jflat_get(const jflat *j, const char *path)
{
    for (int i = 0; i < j->n; i++)
        if (strcmp(j->key[i], path) == 0)
            return j->val[i];
    return NULL;
}

double jflat_num(const jflat *j, const char *path)
{
    const char *v = jflat_get(j, path);
    char *end;
    if (!v)
        return NAN;
    double d = strtod(v, &end);
    return end != v && !*end ? d : NAN;
}

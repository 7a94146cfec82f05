/*
 * journal.c - the sweep journal FILE.runs: its writer and its strict
 * reader (journal.h states the format). Issue 21 made it; issue 27 made
 * the reader distrust it: the first line is compared byte for byte with
 * the one this sweep would write (no length limit: item 19), every other
 * line must be exactly one record of one of this sweep's runs, with an
 * integer exit status in range (item 22: "exit":1e300 was cast to int)
 * and an object for a result (a scalar made a column with an empty name),
 * and nothing it read is used after it is freed (item 18). Issue 37 item
 * 18: the result's numbers are JSON's (no NaN, none beyond a double:
 * json.c), and the row's schema holds: an error if and only if the exit
 * status is not 0.
 *
 * Strings are decoded in full (\uXXXX, surrogate pairs) to UTF-8, and a
 * byte that is not valid UTF-8 becomes U+FFFD, as json_string writes it:
 * what is read back is what was written, so a resumed sweep's rows equal
 * an uninterrupted one's byte for byte.
 */
#include "journal.h"

#include <stdlib.h>
#include <string.h>

void journal_head(FILE *f, const char *sig)
{
    fputs("{\"sweep\":", f);
    json_string(sig, f);
    fputs("}\n", f);
}

void journal_line(FILE *f, int64_t i, const sweep_run *r)
{
    fprintf(f, "{\"run\":%lld,\"exit\":%d,\"error\":", (long long)i, r->code);
    json_string(r->error ? r->error : "", f);
    fprintf(f, ",\"result\":%s}\n", r->json && *r->json ? r->json : "null");
    fflush(f);
}

/* ------------------------------------------------------------ UTF-8 */

static size_t put_utf8(char *o, unsigned long cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xc0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xe0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        o[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    o[0] = (char)(0xf0 | (cp >> 18));
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    o[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

char *journal_clean(const char *s)
{
    size_t n = strlen(s), k = 0;
    char *o = malloc(3 * n + 1); /* a bad byte becomes three */
    if (!o)
        return NULL;
    while (*s) {
        int l = utf8_seq_len(s);
        if (l == 0)
            k += put_utf8(o + k, 0xfffd);
        else
            memcpy(o + k, s, (size_t)l), k += (size_t)l;
        s += l ? l : 1;
    }
    o[k] = '\0';
    return o;
}

/* ------------------------------------------------------------ tokens */

static const char *ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

static const char *token(const char *p, const char *want)
{
    size_t n = strlen(want);
    p = ws(p);
    return strncmp(p, want, n) == 0 ? p + n : NULL;
}

static int hex4(const char *p, unsigned long *cp)
{
    *cp = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        int d = c >= '0' && c <= '9' ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0)
            return 0;
        *cp = *cp * 16 + (unsigned long)d;
    }
    return 1;
}

/* The JSON string at p, decoded into a malloc'd *out; returns its end, or
 * NULL with *why (*out is then NULL). */
static const char *string_lit(const char *p, char **out, const char **why)
{
    *out = NULL;
    p = ws(p);
    if (*p != '"') {
        *why = "expected a string";
        return NULL;
    }
    const char *q = ++p;
    while (*q && *q != '"')
        q += q[0] == '\\' && q[1] ? 2 : 1;
    char *o = malloc(3 * (size_t)(q - p) + 1); /* a bad byte becomes three */
    size_t k = 0;
    if (!o) {
        *why = "out of memory";
        return NULL;
    }
    for (;;) {
        unsigned char c = (unsigned char)*p;
        if (c == '"')
            break;
        *why = !c ? "a string is not closed" : c < 0x20 ? "a control character in a string" : NULL;
        if (c == '\\') {
            unsigned long cp, lo;
            char e = p[1];
            const char *esc = strchr("\"\\/bfnrt", e), *map = "\"\\/\b\f\n\r\t";
            if (e && esc) {
                o[k++] = map[esc - "\"\\/bfnrt"];
                p += 2;
                continue;
            }
            if (e != 'u' || !hex4(p + 2, &cp))
                *why = "a bad escape in a string";
            else if (cp == 0)
                *why = "\\u0000 in a string";
            else {
                p += 6;
                if (cp >= 0xd800 && cp <= 0xdbff && p[0] == '\\' && p[1] == 'u' &&
                    hex4(p + 2, &lo) && lo >= 0xdc00 && lo <= 0xdfff) {
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                    p += 6;
                } else if (cp >= 0xd800 && cp <= 0xdfff) {
                    cp = 0xfffd; /* a lone surrogate */
                }
                k += put_utf8(o + k, cp);
                continue;
            }
        }
        if (*why) {
            free(o);
            return NULL;
        }
        int l = utf8_seq_len(p);
        if (l == 0)
            k += put_utf8(o + k, 0xfffd);
        else
            memcpy(o + k, p, (size_t)l), k += (size_t)l;
        p += l ? l : 1;
    }
    o[k] = '\0';
    *out = o;
    return p + 1;
}

/* An integer in [lo, hi] at p, in JSON's form (no leading zeros, no
 * fraction or exponent); returns its end, or NULL. */
static const char *integer(const char *p, long long lo, long long hi, long long *out)
{
    p = ws(p);
    int neg = *p == '-';
    p += neg;
    if (!(*p >= '0' && *p <= '9') || (p[0] == '0' && p[1] >= '0' && p[1] <= '9'))
        return NULL;
    long long v = 0;
    for (int digits = 0; *p >= '0' && *p <= '9'; p++)
        if (++digits > 18) /* beyond any range asked for here */
            return NULL;
        else
            v = v * 10 + (*p - '0');
    if (*p == '.' || *p == 'e' || *p == 'E')
        return NULL;
    v = neg ? -v : v;
    if (v < lo || v > hi)
        return NULL;
    *out = v;
    return p;
}

/* ------------------------------------------------------------ results */

int journal_result_ok(const char *json, dn_err *err)
{
    jflat j;
    if (*ws(json) != '{')
        return dn_fail(err, DN_EINVAL, "the result is not a JSON object");
    int rc = jflat_parse(&j, json, err);
    if (rc)
        return rc;
    jflat_free(&j);
    /* json is valid: a string token followed by ':' is a member name */
    for (const char *p = json; *p; p++) {
        if (*p != '"')
            continue;
        const char *start = p++;
        while (*p && *p != '"')
            p += p[0] == '\\' && p[1] ? 2 : 1;
        if (p == start + 1 && *ws(p + 1) == ':')
            return dn_fail(err, DN_EINVAL, "the result has a member with an empty name");
        if (!*p)
            break;
    }
    return DN_OK;
}

/* ------------------------------------------------------------ reading */

/* One record line (NUL-terminated) into runs[]: NULL, or why not. */
static const char *record(char *s, sweep_run *runs, int64_t total, char *why, size_t cap,
                          int64_t *ri)
{
    long long run, code;
    char *error = NULL;
    const char *p, *bad = NULL;
    *ri = -1;
    if (!(p = token(s, "{")) || !(p = token(p, "\"run\"")) || !(p = token(p, ":")))
        return "not a record of a run ({\"run\":I,\"exit\":C,\"error\":E,\"result\":R})";
    if (!(p = integer(p, 0, total - 1, &run))) {
        snprintf(why, cap, "\"run\" is not one of this sweep's runs (an integer in 0 .. %lld)",
                 (long long)total - 1);
        return why;
    }
    *ri = run;
    if (runs[run].skipped)
        return runs[run].skipped == 2 ? "that run is another shard's (--shard)"
                                      : "that run is left out by --skip";
    if (runs[run].done)
        return "that run is in the journal twice";
    if (!(p = token(p, ",")) || !(p = token(p, "\"exit\"")) || !(p = token(p, ":")))
        return "\"exit\" must follow \"run\"";
    if (!(p = integer(p, JOURNAL_EXIT_MIN, JOURNAL_EXIT_MAX, &code)))
        return "\"exit\" is not an exit status (an integer in -1 .. 255)";
    if (!(p = token(p, ",")) || !(p = token(p, "\"error\"")) || !(p = token(p, ":")))
        return "\"error\" must follow \"exit\"";
    if (!(p = string_lit(p, &error, &bad)))
        return bad;
    /* the row's schema (issue 37 item 18): the writer gives an error to
     * every run that failed and to none that succeeded */
    if ((code == 0) != (*error == '\0')) {
        free(error);
        return code == 0 ? "a run that succeeded (exit 0) has an error"
                         : "a run that failed (exit not 0) has no error";
    }
    if (!(p = token(p, ",")) || !(p = token(p, "\"result\"")) || !(p = token(p, ":"))) {
        free(error);
        return "\"result\" must follow \"error\"";
    }
    /* the result: everything up to the line's closing brace */
    char *res = (char *)ws(p), *end = res + strlen(res);
    while (end > res && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    if (end == res || end[-1] != '}') {
        free(error);
        return "the line does not end with '}'";
    }
    *--end = '\0';
    while (end > res && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        *--end = '\0';
    int null = strcmp(res, "null") == 0;
    dn_err e;
    if (!null && journal_result_ok(res, &e)) {
        free(error);
        snprintf(why, cap, "\"result\" is not null or a run's output: %s", e.msg);
        return why;
    }
    if (null && code == 0) {
        free(error);
        return "a run that succeeded (exit 0) has no result";
    }
    sweep_run *r = &runs[run];
    r->json = null ? NULL : strdup(res);
    r->error = error && *error ? error : NULL;
    if (r->error != error)
        free(error);
    if (!null && !r->json)
        return "out of memory";
    r->code = (int)code;
    r->done = 1;
    return NULL;
}

/* The first line as it may be shown: at most 60 bytes, printable ASCII. */
static void shown(const char *p, size_t n, char *out, size_t cap)
{
    size_t k = 0;
    for (size_t i = 0; i < n && i < 60 && k + 4 < cap; i++)
        out[k++] = p[i] >= 0x20 && p[i] < 0x7f ? p[i] : '?';
    if (n > 60)
        out[k++] = '.', out[k++] = '.', out[k++] = '.';
    out[k] = '\0';
}

int journal_parse(const char *text, size_t len, const char *name, const char *sig,
                  const char *fix, sweep_run *runs, int64_t total, int64_t *kept, dn_err *err)
{
    char *head = NULL, *line = NULL, why[700], first[80];
    size_t hlen = 0, lcap = 0;
    int rc = DN_OK;
    *kept = 0;
    FILE *mf = open_memstream(&head, &hlen);
    if (!mf)
        return dn_fail(err, DN_ENOMEM, "out of memory reading %s", name);
    journal_head(mf, sig);
    if (fclose(mf) != 0 || !head)
        return dn_fail(err, DN_ENOMEM, "out of memory reading %s", name);
    if (strlen(text) != len) {
        rc = dn_fail(err, DN_EINVAL, "%s holds a NUL byte: it is not a sweep journal", name);
        goto out;
    }
    const char *nl = memchr(text, '\n', len);
    if (!nl || (size_t)(nl - text) + 1 != hlen || memcmp(text, head, hlen) != 0) {
        shown(text, nl ? (size_t)(nl - text) : len, first, sizeof first);
        rc = dn_fail(err, DN_EINVAL, "%s is the journal of another sweep, or no journal (its "
                                     "first line: '%s'); %s",
                     name, first, fix);
        goto out;
    }
    int64_t lineno = 1;
    for (const char *p = nl + 1; p < text + len; p = nl + 1) {
        if (!(nl = memchr(p, '\n', (size_t)(text + len - p))))
            break; /* a line cut short by a kill: that run runs again */
        size_t n = (size_t)(nl - p);
        lineno++;
        if (n + 1 > lcap) {
            char *l = realloc(line, n + 1);
            if (!l) {
                rc = dn_fail(err, DN_ENOMEM, "out of memory reading %s", name);
                goto out;
            }
            line = l;
            lcap = n + 1;
        }
        memcpy(line, p, n);
        line[n] = '\0';
        int64_t ri;
        const char *bad = record(line, runs, total, why, sizeof why, &ri);
        if (bad) {
            char at[40] = "";
            if (ri >= 0)
                snprintf(at, sizeof at, " (run %lld)", (long long)ri);
            rc = dn_fail(err, strcmp(bad, "out of memory") ? DN_EINVAL : DN_ENOMEM,
                         "%s line %lld%s: %s; remove that line (its run then runs again) "
                         "and --resume again",
                         name, (long long)lineno, at, bad);
            goto out;
        }
        ++*kept;
    }
out:
    free(head);
    free(line);
    return rc;
}

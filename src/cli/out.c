/*
 * out.c - output records for the CLI: readable tables by default, one JSON
 * object (docs/spec/cli.md) with --json, CSV with --csv; plus errors and
 * progress. JSON keys with dots ("degree.min") become nested objects;
 * consecutive keys that share a prefix are grouped.
 */
#include "cli.h"

#include <limits.h>
#include <stdarg.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Set once any record fails to grow: out_close and out_finish refuse. */
static int oom;
/* The capture of a hosted call (cli.h, out_capture), or NULL. */
static out_capture *hosted;

int rec_oom(void)
{
    return oom;
}

void rec_lost(void)
{
    oom = 1;
}

/* The record failed to grow: it and the process remember. */
static kv *fail(rec *r)
{
    r->failed = 1;
    oom = 1;
    return NULL;
}

/* Room for `need` more bytes of text; 0, or -1 (overflow or no memory). */
static int text_room(rec *r, size_t need)
{
    if (need <= r->tcap - r->len)
        return 0;
    if (need > SIZE_MAX / 2 - r->len)
        return -1;
    size_t cap = r->tcap ? r->tcap : 256;
    while (cap - r->len < need)
        cap *= 2;
    char *t = realloc(r->text, cap);
    if (!t)
        return -1;
    r->text = t;
    r->tcap = cap;
    return 0;
}

/* A copy of s at the end of the text: its offset, or SIZE_MAX. */
static size_t text_add(rec *r, const char *s)
{
    size_t len = strlen(s), at = r->len;
    if (len == SIZE_MAX || text_room(r, len + 1))
        return SIZE_MAX;
    memcpy(r->text + at, s, len + 1);
    r->len += len + 1;
    return at;
}

/* A new field (key copied) at the end of r, or NULL (r marked failed).
 * A record emptied by n = 0 starts its text again. Amortised O(1) plus
 * the key's length. */
static kv *add(rec *r, const char *key, int type)
{
    if (r->n == 0)
        r->len = 0; /* emptied (n = 0): no field refers to the text */
    if (r->n == r->cap) {
        if (r->cap > INT_MAX / 2)
            return fail(r);
        int cap = r->cap ? 2 * r->cap : 16;
        kv *k = realloc(r->kv, (size_t)cap * sizeof *k);
        if (!k)
            return fail(r);
        r->kv = k;
        r->cap = cap;
    }
    size_t at = text_add(r, key);
    if (at == SIZE_MAX)
        return fail(r);
    kv *e = &r->kv[r->n++];
    memset(e, 0, sizeof *e);
    e->key = at;
    e->type = type;
    return e;
}

void rec_int(rec *r, const char *key, int64_t v)
{
    kv *e = add(r, key, KV_INT);
    if (e) e->i = v;
}
void rec_dbl(rec *r, const char *key, double v)
{
    kv *e = add(r, key, isfinite(v) ? KV_DBL : KV_NULL);
    if (e) e->d = v;
}
void rec_bool(rec *r, const char *key, int v)
{
    kv *e = add(r, key, KV_BOOL);
    if (e) e->i = v != 0;
}
void rec_str(rec *r, const char *key, const char *v)
{
    kv *e = add(r, key, KV_STR);
    if (!e)
        return;
    size_t at = text_add(r, v);
    if (at == SIZE_MAX) {
        r->n--; /* no half field: the record is marked failed */
        fail(r);
        return;
    }
    e = &r->kv[r->n - 1];
    e->s = at;
}
void rec_null(rec *r, const char *key)
{
    add(r, key, KV_NULL);
}

const char *rec_key(const rec *r, int i)
{
    return r->text + r->kv[i].key;
}

/* The text of a string value. */
static const char *str_of(const rec *r, const kv *e)
{
    return r->text + e->s;
}

void rec_append(rec *r, const rec *src)
{
    for (int i = 0; i < src->n; i++) {
        const kv *e = &src->kv[i];
        if (e->type == KV_STR) {
            rec_str(r, rec_key(src, i), str_of(src, e));
            continue;
        }
        kv *d = add(r, rec_key(src, i), e->type);
        if (d) {
            d->i = e->i;
            d->d = e->d;
        }
    }
    if (src->failed)
        fail(r);
}

void rec_clear(rec *r)
{
    r->n = 0;
    r->len = 0;
}

void rec_free(rec *r)
{
    free(r->kv);
    free(r->text);
    memset(r, 0, sizeof *r);
}

void rec_free_rows(rec *rows, int n)
{
    for (int i = 0; rows && i < n; i++)
        rec_free(&rows[i]);
    free(rows);
}

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if it is not one
 * (RFC 3629: no overlongs, no surrogates, nothing above U+10FFFF). */
static int utf8_len(const unsigned char *s)
{
    int n;
    uint32_t c;
    if (s[0] < 0x80)
        return 1;
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        n = 2, c = s[0] & 0x1fu;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        n = 3, c = s[0] & 0x0fu;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        n = 4, c = s[0] & 0x07u;
    else
        return 0;
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3fu);
    }
    if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff)) ||
        (c >= 0xd800 && c <= 0xdfff))
        return 0;
    return n;
}
int utf8_seq_len(const char *s)
{
    return utf8_len((const unsigned char *)s);
}

/* A JSON string: quotes, backslashes and control characters escaped, a
 * byte that is not valid UTF-8 (a raw file name, say) replaced by U+FFFD,
 * so the output is valid JSON whatever the input. */
void json_string(const char *s, FILE *f)
{
    fputc('"', f);
    while (*s) {
        const char *plain = s; /* a run of printable ASCII, written at once */
        while ((unsigned char)*s >= 0x20 && (unsigned char)*s < 0x80 && *s != '"' && *s != '\\')
            s++;
        if (s > plain)
            fwrite(plain, 1, (size_t)(s - plain), f);
        if (!*s)
            break;
        unsigned char c = (unsigned char)*s;
        int n = utf8_len((const unsigned char *)s);
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else if (n == 0)
            fputs("\\ufffd", f);
        else
            fwrite(s, 1, (size_t)n, f);
        s += n ? n : 1;
    }
    fputc('"', f);
}

static void value_text(const rec *r, const kv *e, int json, FILE *f)
{
    switch (e->type) {
    case KV_INT: fprintf(f, "%lld", (long long)e->i); break;
    case KV_DBL:
        if (json) { /* shortest of %.15g / %.17g that reads back exactly */
            char buf[40];
            snprintf(buf, sizeof buf, "%.15g", e->d);
            if (strtod(buf, NULL) != e->d)
                snprintf(buf, sizeof buf, "%.17g", e->d);
            fputs(buf, f);
        } else {
            fprintf(f, "%.10g", e->d);
        }
        break;
    case KV_BOOL: fputs(e->i ? (json ? "true" : "yes") : (json ? "false" : "no"), f); break;
    case KV_STR:
        if (json)
            json_string(str_of(r, e), f);
        else
            fputs(str_of(r, e), f);
        break;
    default: fputs(json ? "null" : "-", f); break;
    }
}

/* The table text of a value: a string value itself, else formatted into
 * buf (room for any number: 40 bytes). */
static const char *cell_text(const rec *r, const kv *e, char *buf, size_t cap)
{
    switch (e->type) {
    case KV_INT: snprintf(buf, cap, "%lld", (long long)e->i); return buf;
    case KV_DBL: snprintf(buf, cap, "%.10g", e->d); return buf;
    case KV_BOOL: return e->i ? "yes" : "no";
    case KV_STR: return str_of(r, e);
    default: return "-";
    }
}

/* The width of a table cell or key: its bytes, at most INT_MAX. */
static int text_width(const char *s)
{
    size_t n = strlen(s);
    return n > INT_MAX ? INT_MAX : (int)n;
}

/* length of the prefix before the first dot, or 0 */
static size_t group_len(const char *key)
{
    const char *d = strchr(key, '.');
    return d ? (size_t)(d - key) : 0;
}

static void json_fields(const rec *r, FILE *f, int first)
{
    for (int i = 0; i < r->n; i++) {
        const kv *e = &r->kv[i];
        const char *key = rec_key(r, i);
        size_t g = group_len(key);
        if (!first)
            fputc(',', f);
        first = 0;
        if (!g) {
            json_string(key, f);
            fputc(':', f);
            value_text(r, e, 1, f);
            continue;
        }
        fputc('"', f);
        fwrite(key, 1, g, f);
        fputs("\":{", f);
        for (int j = i; j < r->n && group_len(rec_key(r, j)) == g &&
                        strncmp(rec_key(r, j), key, g) == 0;
             j++) {
            if (j > i)
                fputc(',', f);
            json_string(rec_key(r, j) + g + 1, f);
            fputc(':', f);
            value_text(r, &r->kv[j], 1, f);
            i = j;
        }
        fputc('}', f);
    }
}

/* One CSV field made of two parts (a listing's prefix and a key), quoted
 * as one when either part needs it. */
static void csv_field2(FILE *f, const char *a, const char *s)
{
    if (!strpbrk(a, ",\"\r\n") && !strpbrk(s, ",\"\r\n")) {
        fputs(a, f);
        fputs(s, f);
        return;
    }
    fputc('"', f); /* RFC 4180: quoted, inner quotes doubled */
    for (int part = 0; part < 2; part++)
        for (const char *p = part ? s : a; *p; p++) {
            if (*p == '"')
                fputc('"', f);
            fputc(*p, f);
        }
    fputc('"', f);
}

void csv_field(FILE *f, const char *s)
{
    csv_field2(f, "", s);
}

static void csv_value(const rec *r, const kv *e, FILE *f)
{
    if (e->type == KV_NULL)
        return; /* empty field */
    if (e->type == KV_STR)
        csv_field(f, str_of(r, e));
    else
        value_text(r, e, 1, f);
}

/* One CSV line of a record's values. */
static void csv_row(const rec *r, FILE *f)
{
    for (int i = 0; i < r->n; i++) {
        if (i)
            fputc(',', f);
        csv_value(r, &r->kv[i], f);
    }
    fputc('\n', f);
}

const char *csv_prefix(const char *key, char *buf, size_t cap)
{
    if (!key || strcmp(key, "runs") == 0)
        snprintf(buf, cap, "%s", "");
    else
        snprintf(buf, cap, "%s.", key);
    return buf;
}

/* prefix + the keys of row as CSV header fields, after others (*first:
 * none yet). */
static void csv_keys(const char *prefix, const rec *row, int *first, FILE *f)
{
    for (int i = 0; row && i < row->n; i++, *first = 0) {
        if (!*first)
            fputc(',', f);
        csv_field2(f, prefix, rec_key(row, i));
    }
}

/* The CSV header of head's keys then prefix + the keys of row (if any). */
static void csv_header(const rec *head, const char *prefix, const rec *row, FILE *f)
{
    int first = 1;
    csv_keys("", head, &first, f);
    csv_keys(prefix, row, &first, f);
    fputc('\n', f);
}

/* r's values as CSV fields, after others (*first: none yet). */
static void csv_values(const rec *r, int *first, FILE *f)
{
    for (int i = 0; r && i < r->n; i++, *first = 0) {
        if (!*first)
            fputc(',', f);
        csv_value(r, &r->kv[i], f);
    }
}

/* n empty fields after others */
static void csv_empty(int n, int *first, FILE *f)
{
    for (int i = 0; i < n; i++, *first = 0)
        if (!*first)
            fputc(',', f);
}

void csv_listings(const rec *head, const csv_list *lists, int nlists, FILE *f)
{
    rec row = {0};
    int *cols = calloc((size_t)(nlists > 0 ? nlists : 1), sizeof *cols), first = 1;
    char prefix[64];
    if (!cols) { /* no memory for the columns: the head alone, and the failure */
        oom = 1;
        rec_print(head, OUT_CSV, f);
        return;
    }
    csv_keys("", head, &first, f);
    int64_t items = 0;
    for (int k = 0; k < nlists; k++) {
        if (lists[k].n <= 0)
            continue;
        items += lists[k].n;
        lists[k].fn(lists[k].ctx, 0, &row);
        cols[k] = row.n;
        csv_keys(csv_prefix(lists[k].key, prefix, sizeof prefix), &row, &first, f);
    }
    fputc('\n', f);
    if (items == 0) {
        first = 1;
        csv_values(head, &first, f);
        fputc('\n', f);
    }
    for (int k = 0; k < nlists; k++)
        for (int64_t i = 0; i < lists[k].n; i++) {
            lists[k].fn(lists[k].ctx, i, &row);
            first = 1;
            csv_values(head, &first, f);
            for (int j = 0; j < k; j++)
                csv_empty(cols[j], &first, f);
            csv_values(&row, &first, f);
            for (int j = k + 1; j < nlists; j++)
                csv_empty(cols[j], &first, f);
            fputc('\n', f);
        }
    rec_free(&row);
    free(cols);
}


/* ------------------------------------------------------- the capture */

void out_capture_begin(out_capture *c)
{
    hosted = c;
    oom = 0;
    optind = 0; /* getopt_long starts afresh (glibc: 0 re-initialises) */
}

void out_capture_end(void)
{
    hosted = NULL;
}

void out_capture_restore(out_capture *c)
{
    hosted = c;
}

out_capture *out_capture_now(void)
{
    return hosted;
}

const volatile int *out_cancel_flag(void)
{
    const out_capture *c = hosted;
    while (c && c->outer)
        c = c->outer;
    return c ? &c->cancel : NULL;
}

/* Is f the report's stream of a captured call? */
static int captured(const FILE *f)
{
    return hosted && f == stdout;
}

/* A record's memory cut to its size (a captured listing keeps many). */
static void rec_fit(rec *r)
{
    if (r->n > 0 && r->n < r->cap) {
        kv *k = realloc(r->kv, (size_t)r->n * sizeof *k);
        if (k) {
            r->kv = k;
            r->cap = r->n;
        }
    }
    if (r->len > 0 && r->len < r->tcap) {
        char *t = realloc(r->text, r->len);
        if (t) {
            r->text = t;
            r->tcap = r->len;
        }
    }
}

/* A new document of the capture with a copy of head (may be NULL). */
static out_doc *cap_doc(const rec *head)
{
    out_capture *c = hosted;
    if (c->ndocs == c->cap) {
        int cap = c->cap ? 2 * c->cap : 4;
        out_doc *d = cap < c->cap ? NULL : realloc(c->docs, (size_t)cap * sizeof *d);
        if (!d) {
            c->failed = oom = 1;
            return NULL;
        }
        c->docs = d;
        c->cap = cap;
    }
    out_doc *d = &c->docs[c->ndocs++];
    memset(d, 0, sizeof *d);
    if (head) {
        rec_append(&d->head, head);
        c->failed |= d->head.failed;
        rec_fit(&d->head);
    }
    return d;
}

static out_array *cap_array(out_doc *d, const char *key)
{
    if (!d)
        return NULL;
    if (d->narr == d->cap) {
        int cap = d->cap ? 2 * d->cap : 2;
        out_array *a = realloc(d->arr, (size_t)cap * sizeof *a);
        if (!a) {
            hosted->failed = oom = 1;
            return NULL;
        }
        d->arr = a;
        d->cap = cap;
    }
    out_array *a = &d->arr[d->narr];
    memset(a, 0, sizeof *a);
    if (!(a->key = strdup(key ? key : ""))) {
        hosted->failed = oom = 1;
        return NULL;
    }
    d->narr++;
    return a;
}

static void cap_row(out_array *a, const rec *row)
{
    if (!a)
        return;
    if (a->n == a->cap) {
        int64_t cap = a->cap ? 2 * a->cap : 16;
        rec *r = (uint64_t)cap > SIZE_MAX / sizeof *r ? NULL
                                                      : realloc(a->rows, (size_t)cap * sizeof *r);
        if (!r) {
            hosted->failed = oom = 1;
            return;
        }
        a->rows = r;
        a->cap = cap;
    }
    rec *r = &a->rows[a->n++];
    memset(r, 0, sizeof *r);
    rec_append(r, row);
    hosted->failed |= r->failed;
    rec_fit(r);
}

out_array *out_capture_table(const char *name)
{
    out_capture *c = hosted;
    if (!c || !c->want_arrays)
        return NULL;
    for (int i = 0; i < c->ntables; i++)
        if (strcmp(c->tables[i].key, name) == 0)
            return &c->tables[i];
    if (c->ntables == (int)(sizeof c->tables / sizeof c->tables[0]))
        return NULL;
    out_array *a = &c->tables[c->ntables];
    memset(a, 0, sizeof *a);
    if (!(a->key = strdup(name))) {
        c->failed = oom = 1;
        return NULL;
    }
    c->ntables++;
    return a;
}

void out_capture_row(out_array *a, const rec *row)
{
    if (hosted)
        cap_row(a, row);
}

void out_capture_free(out_capture *c)
{
    for (int i = 0; i < c->ntables; i++) {
        for (int64_t j = 0; j < c->tables[i].n; j++)
            rec_free(&c->tables[i].rows[j]);
        free(c->tables[i].rows);
        free(c->tables[i].key);
    }
    c->ntables = 0;
    free(c->loads);
    c->loads = NULL;
    c->nloads = c->loads_rows = 0;
    for (int i = 0; c->docs && i < c->ndocs; i++) {
        out_doc *d = &c->docs[i];
        rec_free(&d->head);
        for (int k = 0; k < d->narr; k++) {
            for (int64_t j = 0; j < d->arr[k].n; j++)
                rec_free(&d->arr[k].rows[j]);
            free(d->arr[k].rows);
            free(d->arr[k].key);
        }
        free(d->arr);
    }
    free(c->docs);
    free(c->errs);
    free(c->place);
    c->docs = NULL;
    c->errs = NULL;
    c->place = NULL;
    c->ndocs = c->cap = 0;
    c->errlen = 0;
    c->nplace = 0;
}

/* The option a message names first ("--net" of "--net 'x': ..."), into
 * c->opt unless an earlier error named one. */
static void cap_option(out_capture *c, const char *text)
{
    const char *colon = strstr(text, ": "), *p = colon ? colon : text;
    size_t line = strcspn(p, "\n");
    if (c->opt[0] || strstr(text, ": note: ") || strstr(text, ": warning: "))
        return;
    for (const char *q = p; q < p + line; q++)
        if (q[0] == '-' && q[1] == '-' && q[2] >= 'a' && q[2] <= 'z' &&
            (q == text || q[-1] == ' ' || q[-1] == '\'' || q[-1] == '(' || q[-1] == '"')) {
            size_t n = 2 + strspn(q + 2, "abcdefghijklmnopqrstuvwxyz0123456789-");
            snprintf(c->opt, sizeof c->opt, "%.*s", (int)(n < sizeof c->opt ? n : 63), q);
            return;
        }
}

void cli_errput(const char *text)
{
    out_capture *c = hosted;
    if (!c) {
        fputs(text, stderr);
        return;
    }
    size_t n = strlen(text);
    char *e = realloc(c->errs, c->errlen + n + 1);
    if (!e) {
        c->failed = 1;
        return;
    }
    cap_option(c, text);
    memcpy(e + c->errlen, text, n + 1);
    c->errs = e;
    c->errlen += n;
}

void cli_errf(const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n >= 0 && (size_t)n < sizeof buf) {
        cli_errput(buf);
        return;
    }
    char *big = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (big) {
        va_start(ap, fmt);
        vsnprintf(big, (size_t)n + 1, fmt, ap);
        va_end(ap);
        cli_errput(big);
        free(big);
    } else {
        cli_errput(buf); /* cut, rather than nothing */
    }
}

void rec_print(const rec *r, int mode, FILE *f)
{
    if (mode == OUT_JSON && captured(f)) {
        cap_doc(r);
        return;
    }
    if (mode == OUT_JSON) {
        fputc('{', f);
        json_fields(r, f, 1);
        fputs("}\n", f);
    } else if (mode == OUT_CSV) {
        for (int i = 0; i < r->n; i++)
            fprintf(f, "%s%s", i ? "," : "", rec_key(r, i));
        fputc('\n', f);
        csv_row(r, f);
    } else {
        int w = 0;
        for (int i = 0; i < r->n; i++)
            if (text_width(rec_key(r, i)) > w)
                w = text_width(rec_key(r, i));
        for (int i = 0; i < r->n; i++) {
            fprintf(f, "%-*s  ", w, rec_key(r, i));
            value_text(r, &r->kv[i], 0, f);
            fputc('\n', f);
        }
    }
}

void json_arrays(const rec *head, int sets, const char *const *keys, const rec *const *rows,
                 const int *ns, FILE *f)
{
    if (captured(f)) {
        out_doc *d = cap_doc(head);
        for (int k = 0; k < sets; k++) {
            out_array *a = cap_array(d, keys[k]);
            for (int i = 0; i < ns[k]; i++)
                cap_row(a, &rows[k][i]);
        }
        return;
    }
    fputc('{', f);
    int first = 1;
    if (head && head->n) {
        json_fields(head, f, 1);
        first = 0;
    }
    for (int k = 0; k < sets; k++) {
        fprintf(f, "%s\"%s\":[", first ? "" : ",", keys[k]);
        first = 0;
        for (int i = 0; i < ns[k]; i++) {
            fputs(i ? ",{" : "{", f);
            json_fields(&rows[k][i], f, 1);
            fputc('}', f);
        }
        fputc(']', f);
    }
    fputs("}\n", f);
}

void rec_widths(const rec *row, int *widths)
{
    char cell[40];
    for (int c = 0; c < row->n; c++) {
        int w = text_width(cell_text(row, &row->kv[c], cell, sizeof cell));
        widths[c] = w > widths[c] ? w : widths[c];
    }
}

/* widths (*w, *nw of them) grown to n columns, the new ones 0; 0 or -1
 * (no memory: the process is marked failed). */
static int widths_grow(int **w, int *nw, int n)
{
    if (n <= *nw)
        return 0;
    int *g = realloc(*w, (size_t)n * sizeof *g);
    if (!g) {
        oom = 1;
        return -1;
    }
    memset(g + *nw, 0, (size_t)(n - *nw) * sizeof *g);
    *w = g;
    *nw = n;
    return 0;
}

void rows_print(const rec *head, const rec *rows, int n, const char *json_key, int mode,
                FILE *f)
{
    if (mode == OUT_JSON) {
        json_arrays(head, 1, &json_key, &rows, &n, f);
        return;
    }
    if (n == 0) {
        if (head && head->n)
            rec_print(head, mode, f);
        return;
    }
    /* all rows are at hand: the widest cell of each column sets its width */
    int *widths = NULL, nw = 0;
    for (int r = 0; mode == OUT_TABLE && r < n; r++)
        if (widths_grow(&widths, &nw, rows[r].n) == 0)
            rec_widths(&rows[r], widths);
    row_stream st;
    rows_stream_begin(&st, head, &rows[0], widths_grow(&widths, &nw, rows[0].n) ? NULL : widths,
                      json_key, mode, f);
    for (int r = 0; r < n; r++)
        rows_stream_row(&st, &rows[r]);
    rows_stream_end(&st);
    free(widths);
}

void rows_stream_begin(row_stream *s, const rec *head, const rec *first_row, const int *widths,
                       const char *json_key, int mode, FILE *f)
{
    s->mode = mode;
    s->n = 0;
    s->f = f;
    s->cols = first_row->n;
    s->head = head;
    s->cap = NULL;
    s->capdoc = 0;
    s->widths = calloc((size_t)(s->cols > 0 ? s->cols : 1), sizeof *s->widths);
    if (!s->widths) { /* no memory: no columns, and the process fails */
        oom = 1;
        s->cols = 0;
    }
    csv_prefix(json_key, s->prefix, sizeof s->prefix);
    for (int c = 0; c < s->cols; c++) {
        int kw = text_width(rec_key(first_row, c));
        s->widths[c] = widths && widths[c] > kw ? widths[c] : kw;
    }
    if (mode == OUT_JSON && captured(f)) {
        out_doc *d = cap_doc(head);
        s->cap = cap_array(d, json_key);
        s->capdoc = d ? hosted->ndocs : -1; /* -1: lost (out of memory) */
    } else if (mode == OUT_JSON) {
        fputc('{', f);
        if (head && head->n) {
            json_fields(head, f, 1);
            fputc(',', f);
        }
        json_string(json_key, f);
        fputs(":[", f);
    } else if (mode == OUT_CSV) {
        /* the header comes with the first row (rows_stream_row), or with
         * the head's fields alone at the end (rows_stream_end) */
    } else {
        if (head && head->n)
            rec_print(head, OUT_TABLE, f);
        for (int c = 0; c < s->cols; c++)
            fprintf(f, "%s%-*s", c ? "  " : "", c == s->cols - 1 ? 0 : s->widths[c],
                    rec_key(first_row, c));
        fputc('\n', f);
    }
}

void rows_stream_row(row_stream *s, const rec *row)
{
    FILE *f = s->f;
    if (s->capdoc) {
        cap_row(s->cap, row);
    } else if (s->mode == OUT_JSON) {
        fputs(s->n ? ",{" : "{", f);
        json_fields(row, f, 1);
        fputc('}', f);
    } else if (s->mode == OUT_CSV) {
        int first = 1;
        if (s->n == 0)
            csv_header(s->head, s->prefix, row, f);
        csv_values(s->head, &first, f);
        csv_values(row, &first, f);
        fputc('\n', f);
    } else {
        char cell[40];
        for (int c = 0; c < s->cols && c < row->n; c++) {
            int num = row->kv[c].type == KV_INT || row->kv[c].type == KV_DBL;
            fprintf(f, num ? "%s%*s" : "%s%-*s", c ? "  " : "",
                    (!num && c == s->cols - 1) ? 0 : s->widths[c],
                    cell_text(row, &row->kv[c], cell, sizeof cell));
        }
        fputc('\n', f);
    }
    s->n++;
}

void rows_stream_end(row_stream *s)
{
    if (s->capdoc)
        ;
    else if (s->mode == OUT_JSON)
        fputs("]}\n", s->f);
    else if (s->mode == OUT_CSV && s->n == 0 && s->head && s->head->n)
        rec_print(s->head, OUT_CSV, s->f); /* no item: the head's fields */
    free(s->widths);
    s->widths = NULL;
}

void rows_print_fn(const rec *head, int64_t n, row_fn fn, void *ctx, const char *json_key,
                   int mode, FILE *f)
{
    rec r = {0};
    row_stream s;
    int *widths = NULL, nw = 0;
    if (mode == OUT_JSON) {
        json_stream_begin(&s, head, f);
        json_stream_array(&s, json_key);
        for (int64_t i = 0; i < n; i++) {
            fn(ctx, i, &r);
            rows_stream_row(&s, &r);
        }
        json_stream_array_end(&s);
        json_stream_end(&s);
        goto done;
    }
    if (mode == OUT_CSV) {
        const csv_list one = {json_key, n, fn, ctx};
        csv_listings(head, &one, 1, f);
        goto done;
    }
    if (n == 0) {
        if (head && head->n)
            rec_print(head, OUT_TABLE, f);
        goto done;
    }
    for (int64_t i = 0; mode == OUT_TABLE && i < n; i++) {
        fn(ctx, i, &r);
        if (widths_grow(&widths, &nw, r.n) == 0)
            rec_widths(&r, widths);
    }
    fn(ctx, 0, &r);
    rows_stream_begin(&s, head, &r, widths_grow(&widths, &nw, r.n) ? NULL : widths, json_key,
                      mode, f);
    for (int64_t i = 0; i < n; i++) {
        fn(ctx, i, &r);
        rows_stream_row(&s, &r);
    }
    rows_stream_end(&s);
done:
    free(widths);
    rec_free(&r);
}

void json_stream_begin(row_stream *s, const rec *head, FILE *f)
{
    memset(s, 0, sizeof *s);
    s->mode = OUT_JSON;
    s->f = f;
    if (captured(f)) {
        s->capdoc = cap_doc(head) ? hosted->ndocs : -1; /* -1: lost (out of memory) */
        return;
    }
    fputc('{', f);
    if (head && head->n) {
        json_fields(head, f, 1);
        s->cols = 1; /* a field is out: the next one needs a comma */
    }
}

void json_stream_array(row_stream *s, const char *key)
{
    if (s->capdoc) {
        s->cap = s->capdoc > 0 && hosted->ndocs >= s->capdoc
                     ? cap_array(&hosted->docs[s->capdoc - 1], key)
                     : NULL;
        s->n = 0;
        return;
    }
    fprintf(s->f, "%s", s->cols ? "," : "");
    json_string(key, s->f);
    fputs(":[", s->f);
    s->cols = 1;
    s->n = 0;
}

void json_stream_array_end(row_stream *s)
{
    if (s->capdoc)
        return;
    fputc(']', s->f);
}

void json_stream_end(row_stream *s)
{
    if (s->capdoc)
        return;
    fputs("}\n", s->f);
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void progress_init(progress *p, const char *what)
{
    p->what = what;
    p->start = cli_now();
    p->last = 0;
    p->active = isatty(STDERR_FILENO);
    p->shown = 0;
}

void progress_cb(void *ctx, double fraction)
{
    progress *p = ctx;
    double t;
    if (!p->active || (t = cli_now()) - p->start < 2.0 || t - p->last < 0.2)
        return;
    p->last = t;
    fprintf(stderr, "\rdcnet: %s %5.1f%%", p->what, 100.0 * fraction);
    fflush(stderr);
    p->shown = 1;
}

void progress_done(progress *p)
{
    if (p->shown)
        fprintf(stderr, "\r%*s\r", 40, "");
}

int cli_mem_limit(const char *cmd, const char *arg, int64_t *out)
{
    dn_err err;
    double v;
    int unit = 0;
    /* a size with its unit, or a bare number of GiB (the option's first
     * form, kept): 1 MiB .. 1 PiB either way */
    if (dn_parse_quantity(arg, DN_Q_SIZE, 0.0, 1e18, "--mem-limit", &v, &unit, &err))
        return cli_usage(cmd, "--mem-limit '%s' is not a size: give GiB as a bare number (0.5) "
                              "or a size with its unit (512MiB; units %s)",
                         arg, dn_quantity_units(DN_Q_SIZE));
    if (!unit)
        v *= (double)(1 << 30);
    if (v < (double)(1 << 20) || v > (double)((int64_t)1 << 50))
        return cli_usage(cmd, "--mem-limit %s is outside 1 MiB .. 1 PiB (a bare number is GiB: "
                              "0.5 or 512MiB)", arg);
    *out = (int64_t)v;
    return 0;
}

int cli_default_threads(void)
{
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus > 0 ? (cpus > 64 ? 64 : (int)cpus) : 1;
}

int parse_threads(const char *cmd, const char *s, int *out)
{
    int64_t v;
    dn_err e;
    if (dn_parse_i64(s, 1, 1024, "--threads", &v, &e))
        return cli_usage(cmd, "%s", cli_errmsg(&e));
    *out = (int)v;
    return 0;
}

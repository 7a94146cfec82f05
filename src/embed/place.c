/*
 * place.c - placements in and out (dcnet/place.h): seed 000 section 4's
 * map-node as a file, in dcnet's list, SCOTCH's mapping file or CSV, and
 * one reader for all three (issue 26, section 3; moved here from the CLI
 * so that every program on libdcnet reads them alike).
 *
 * The reader streams its input through dn_input (constant memory beside
 * the table) and is bounded by the tree, not the file (issue 27, item 14):
 * the table is sized by the tasks expected and checked against the memory
 * limit before it is made; the bytes are capped at DN_PLACE_LINE_BYTES a
 * task plus 1 MiB; a header promising another count is refused at its
 * line; the first line past the last task is refused at once. Format
 * detection looks at the first two lines with content and rewinds
 * (dn_input_mark), so a pipe is read once.
 */
#include "dcnet/place.h"
#include "../base/args_impl.h"
#include "../base/names_impl.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PLACE_SLACK ((int64_t)1 << 20) /* bytes for comments, beside the tasks' lines */
#define PLACE_MAX_LINE ((size_t)1 << 16)

static const char *const names[] = {"list", "scotch", "csv"};
DN_NAMES_DEFINE(place_format, names)

void dn_place_free(dn_place *p)
{
    if (!p)
        return;
    free(p->proc);
    memset(p, 0, sizeof *p);
}

/* ------------------------------------------------------------ reading */

/* s trimmed of blanks at both ends, in place */
static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = '\0';
    return s;
}

/* The fields of a line split at blanks (SCOTCH) into f[0 .. *nf), at most
 * cap; more are counted but not kept. */
static int split_blank(char *s, char **f, int cap)
{
    int nf = 0;
    for (;;) {
        s += strspn(s, " \t");
        if (!*s)
            return nf;
        if (nf < cap)
            f[nf] = s;
        nf++;
        s += strcspn(s, " \t");
        if (*s)
            *s++ = '\0';
    }
}

/* RFC 4180 fields of a CSV line (quoted fields may hold commas and doubled
 * quotes), unquoted in place; -1 for an unterminated quote. */
static int split_csv(char *s, char **f, int cap)
{
    int nf = 0;
    for (;;) {
        char *w = s, *start = s;
        if (*s == '"') {
            for (s++;; s++) {
                if (!*s)
                    return -1;
                if (*s == '"' && s[1] == '"')
                    *w++ = *s++;
                else if (*s == '"')
                    break;
                else
                    *w++ = *s;
            }
            s++;
            if (*s && *s != ',')
                return -1;
        } else {
            s += strcspn(s, ",");
            w = s;
        }
        int more = *s == ',';
        *w = '\0';
        if (nf < cap)
            f[nf] = trim(start);
        nf++;
        if (!more)
            return nf;
        s++;
    }
}

static int is_comment(const char *s, int percent)
{
    return !*s || *s == '#' || (percent && *s == '%');
}

/* The format, from the first lines (then rewound). */
static int detect(dn_input *in, dn_place_format *fmt, dn_err *err)
{
    char *s, *f[3];
    size_t len;
    int rc, content = 0;
    dn_input_mark(in);
    *fmt = DN_PLACE_LIST;
    while (!(rc = dn_input_line(in, &s, &len, err)) && s) {
        if (dn_input_lineno(in) == 1 && strncmp(s, "# dcnet values count=", 21) == 0)
            break; /* dcnet's list */
        s = trim(s);
        if (is_comment(s, 1))
            continue;
        if (content == 0 && strchr(s, ',')) { /* (no list or SCOTCH line holds a comma) */
            if (strcmp(s, "task,processor") == 0 || strcmp(s, "task,processor,processor_label") == 0)
                *fmt = DN_PLACE_CSV; /* columns by position: the header names them exactly */
            else
                rc = dn_input_fail(in, err, DN_EINVAL,
                                   "a CSV placement starts with the header 'task,processor' or "
                                   "'task,processor,processor_label', in this order (found "
                                   "'%.80s')",
                                   s);
            break;
        }
        s[strcspn(s, "#")] = '\0'; /* (a list's value may carry a comment) */
        int nf = split_blank(s, f, 3);
        if (content++ == 0) {
            if (nf != 1) {
                rc = dn_input_fail(in, err, DN_EINVAL,
                                   "expected a processor (a list: one per line), the number of "
                                   "tasks (a SCOTCH mapping file: then 'task processor' lines) or "
                                   "the header 'task,processor,processor_label' (CSV)");
                break;
            }
            continue;
        }
        *fmt = nf >= 2 ? DN_PLACE_SCOTCH : DN_PLACE_LIST; /* a list line holds one number */
        break;
    }
    dn_input_rewind(in);
    return rc;
}

/* T tasks at `each` bytes a task within the memory limit, or DN_ELIMIT */
static int fits(int64_t T, int64_t each, const dn_place_opts *o, const dn_input *in, dn_err *err)
{
    int64_t bytes;
    int64_t limit = o->mem_limit > 0 ? o->mem_limit : DN_NET_DEFAULT_MEM_LIMIT;
    if (!dn_mul_ovf(T, each, &bytes) && bytes <= limit)
        return DN_OK;
    char a[32];
    return dn_fail_param(err, DN_ELIMIT, "mem_limit",
                         "%s '%s': a placement of %lld tasks takes more than the "
                         "memory limit of %s (%lld bytes a task while read; raise it)",

                   in->what, dn_input_name(in), (long long)T, dn_fmt_bytes(a, sizeof a, limit),
                   (long long)each);
}

/* The table of T tasks, all unplaced (-1), within the memory limit. */
static int table(dn_place *p, int64_t T, const dn_place_opts *o, const dn_input *in, dn_err *err)
{
    int rc = fits(T, (int64_t)sizeof *p->proc, o, in, err);
    if (rc)
        return rc;
    int64_t *q = realloc(p->proc, (size_t)(T > 0 ? T : 1) * sizeof *q);
    if (!q)
        return dn_fail(err, DN_ENOMEM, "out of memory for a placement of %lld tasks",
                       (long long)T);
    for (int64_t v = p->tasks; v < T; v++)
        q[v] = -1;
    p->proc = q;
    p->tasks = T;
    return DN_OK;
}

/* A list's plain processor is a decimal id (0011 is 11, as SCOTCH reads
 * it): DN_ENOTFOUND lets the number through to the range check. A whole
 * number written otherwise (1e0, 7.0, +7, -0, 6.9999999999999999, which is
 * 7 as a double) is refused: it was read as that id without a word. */
static int plain_id(const char *s, dn_err *e)
{
    const char *t = s + (s[0] == '-');
    size_t digits = strspn(t, "0123456789");
    if (digits > 0 && !t[digits] && (s[0] != '-' || strspn(t, "0") != digits))
        return DN_ENOTFOUND;
    if (!*s || strspn(s, "0123456789.eE+-") != strlen(s))
        return DN_ENOTFOUND; /* not a number: the number's own message */
    char *end;
    double v = strtod(s, &end);
    if (*end || !isfinite(v) || v != floor(v))
        return DN_ENOTFOUND; /* 1.5: not a whole number, said below */
    return dn_fail(e, DN_EINVAL, "placement '%s' is not a processor id: write a decimal integer "
                                 "(as 7), id:N or label:S",
                   s);
}

/* A list's line that names its processor explicitly, id:N or label:S (as
 * every option taking a node does); a plain number stays an id. */
static int list_node(void *ctx, const char *s, double *value, dn_err *e)
{
    const dn_place_opts *o = ctx;
    int64_t q;
    if (strncmp(s, "id:", 3) != 0 && strncmp(s, "label:", 6) != 0)
        return plain_id(s, e);
    if (!o->net) {
        if (s[0] == 'l')
            return dn_fail(e, DN_EINVAL, "'%s': a label needs the network", s);
        if (dn_parse_i64(s + 3, 0, o->processors - 1, "processor", &q, e))
            return DN_EINVAL;
    } else if (dn_net_parse_node(o->net, s, &q, e)) {
        return DN_EINVAL;
    } else if (q >= o->processors) {
        return dn_fail(e, DN_EINVAL, "'%s' is not a processor of %s (0 .. %lld)", s,
                       o->net->spec, (long long)(o->processors - 1));
    }
    *value = (double)q;
    return DN_OK;
}

static int read_list(dn_place *p, dn_input *in, const dn_place_opts *o, dn_err *err)
{
    double *d;
    int64_t n;
    /* the values (doubles), then the table: 16 bytes a task at the peak */
    int rc = fits(o->tasks > 0 ? o->tasks : o->max_tasks, 16, o, in, err);
    if (rc)
        return rc;
    rc = dn_values_read_named(in, o->tasks, o->max_tasks, 0, (double)(o->processors - 1),
                              list_node, (void *)o, "placement", &d, &n, err);
    if (rc)
        return rc;
    if (!(rc = table(p, n, o, in, err)))
        for (int64_t v = 0; v < n && !rc; v++) {
            if (d[v] != (double)(int64_t)d[v])
                rc = dn_fail(err, DN_EINVAL, "%s '%s': the processor of task %lld is %.15g; "
                                             "processor ids are whole numbers",
                             in->what, dn_input_name(in), (long long)v, d[v]);
            p->proc[v] = (int64_t)d[v];
        }
    free(d);
    return rc;
}

/* SCOTCH's count line: the tasks, checked against those expected at once */
static int scotch_count(dn_place *p, dn_input *in, const dn_place_opts *o, dn_err *err)
{
    char *s;
    size_t len;
    int rc;
    int64_t T;
    dn_err e;
    while (!(rc = dn_input_line(in, &s, &len, err)) && s && is_comment(s = trim(s), 1))
        ;
    if (rc)
        return rc;
    if (!s || dn_parse_i64(s, 1, INT64_MAX, "the count", &T, &e))
        return dn_input_fail(in, err, DN_EINVAL, "expected the number of tasks (a SCOTCH mapping "
                                                 "file)");
    if (o->tasks > 0 && T != o->tasks)
        return dn_input_fail(in, err, DN_EINVAL, "the file maps %lld tasks; the tree has %lld",
                             (long long)T, (long long)o->tasks);
    if (o->tasks == 0 && T > o->max_tasks)
        return dn_input_fail(in, err, DN_EINVAL, "the file maps %lld tasks; at most %lld are "
                                                 "accepted",
                             (long long)T, (long long)o->max_tasks);
    return table(p, T, o, in, err);
}

/* One "task processor" pair (SCOTCH) or CSV row: the task, its processor */
/* The processor_label column holds a label as dn_net_label writes it: read
 * it as one (label:S), so that a label that looks like an id is not taken
 * for one; an explicit id:N or label:S is read as written. */
static int label_of(const dn_net *net, const char *s, int64_t *q)
{
    char buf[160];
    dn_err e;
    if (strncmp(s, "id:", 3) == 0 || strncmp(s, "label:", 6) == 0)
        return dn_net_parse_node(net, s, q, &e);
    if (snprintf(buf, sizeof buf, "label:%s", s) >= (int)sizeof buf)
        return DN_EINVAL;
    return dn_net_parse_node(net, buf, q, &e);
}

static int one_pair(dn_place *p, dn_input *in, const dn_place_opts *o, int csv, char **f, int nf,
                    int64_t cap, int64_t *got, dn_err *err)
{
    int64_t v, q, lq;
    dn_err e;
    if (csv ? nf < 2 || nf > 3 : nf != 2)
        return dn_input_fail(in, err, DN_EINVAL, "expected %s, got %d field%s",
                             csv ? "'task,processor[,processor_label]'" : "'task processor'", nf,
                             nf == 1 ? "" : "s");
    if (dn_parse_i64(f[0], 0, cap - 1, "task", &v, &e))
        return dn_input_fail(in, err, DN_EINVAL, "%s", e.msg);
    /* A CSV's processor is an id as dcnet writes it (a decimal without
     * leading zeros: kautz:3:2's id 10 stays 10, though "10" is also a
     * label there), else named as 'dcnet help nets' says: "0011" on
     * debruijn:4 is the label of node 3, as in --root and hosts files (it
     * was read as id 11). */
    int plain = f[1][0] != '0' || f[1][1] == '\0';
    /* either form may name it explicitly, id:N or label:S */
    const int named = strncmp(f[1], "id:", 3) == 0 || strncmp(f[1], "label:", 6) == 0;
    if ((csv && !plain) || named ||
        dn_parse_i64(f[1], 0, o->processors - 1, "processor", &q, &e)) {
        dn_err le; /* a CSV may name the processor by its label */
        if ((csv && !plain) || named)
            dn_parse_i64(f[1], 0, o->processors - 1, "processor", &q, &e); /* (its message) */
        if ((!csv && !named) || !o->net)
            return dn_input_fail(in, err, DN_EINVAL, "%s", e.msg);
        if (dn_net_parse_node(o->net, f[1], &q, &le))
            return dn_input_fail(in, err, DN_EINVAL, "%s", named ? le.msg : e.msg);
        if (q >= o->processors)
            return dn_input_fail(in, err, DN_EINVAL, "'%s' is not a processor of %s (0 .. %lld)",
                                 f[1], o->net->spec, (long long)(o->processors - 1));
    }
    if (csv && nf == 3 && *f[2] && o->net && (label_of(o->net, f[2], &lq) || lq != q))
        return dn_input_fail(in, err, DN_EINVAL, "processor %lld and its label '%s' disagree",
                             (long long)q, f[2]);
    if (v >= p->tasks) { /* (CSV of an unknown count: the table grows) */
        int64_t T = p->tasks ? p->tasks : 64;
        while (T <= v)
            T *= 2;
        int rc = table(p, T < cap ? T : cap, o, in, err);
        if (rc)
            return rc;
    }
    if (p->proc[v] >= 0)
        return dn_input_fail(in, err, DN_EINVAL, "task %lld is placed twice", (long long)v);
    p->proc[v] = q;
    (*got)++;
    return DN_OK;
}

/* SCOTCH's pairs after its count, or CSV's rows after its header */
static int read_pairs(dn_place *p, dn_input *in, const dn_place_opts *o, int csv, dn_err *err)
{
    char *s, *f[4];
    size_t len;
    int rc;
    int64_t got = 0, cap;
    if (csv) {
        while (!(rc = dn_input_line(in, &s, &len, err)) && s && is_comment(trim(s), 1))
            ; /* the header (detect() saw it) */
        if (rc)
            return rc;
    } else if ((rc = scotch_count(p, in, o, err))) {
        return rc;
    }
    cap = csv ? (o->tasks > 0 ? o->tasks : o->max_tasks) : p->tasks; /* task ids below it */
    while (!(rc = dn_input_line(in, &s, &len, err)) && s) {
        s = trim(s);
        if (is_comment(s, 1))
            continue;
        int nf = csv ? split_csv(s, f, 4) : split_blank(s, f, 4);
        if (nf < 0)
            return dn_input_fail(in, err, DN_EINVAL, "a quoted field without its closing quote");
        if ((rc = one_pair(p, in, o, csv, f, nf, cap, &got, err)))
            return rc;
    }
    if (rc)
        return rc;
    int64_t T = csv && o->tasks == 0 ? got : csv ? o->tasks : p->tasks;
    if (csv && (rc = table(p, T, o, in, err)))
        return rc;
    if (got == 0)
        return dn_fail(err, DN_EINVAL, "%s '%s' places no task", in->what, dn_input_name(in));
    if (got != T) {
        int64_t v = 0;
        while (v < T && p->proc[v] >= 0)
            v++;
        return dn_fail(err, DN_EINVAL, "%s '%s' places %lld of %lld tasks (task %lld is missing)",
                       in->what, dn_input_name(in), (long long)got, (long long)T, (long long)v);
    }
    for (int64_t v = 0; v < T; v++)
        if (p->proc[v] < 0) /* a task id past the rows read */
            return dn_fail(err, DN_EINVAL, "%s '%s' places %lld tasks, not tasks 0 .. %lld (task "
                                           "%lld is missing)",
                           in->what, dn_input_name(in), (long long)got, (long long)(T - 1),
                           (long long)v);
    return DN_OK;
}

static int place_in(dn_place *p, dn_input *in, const dn_place_opts *o, dn_err *err)
{
    dn_place_format fmt;
    memset(p, 0, sizeof *p);
    in->max_line = PLACE_MAX_LINE;
    int rc = detect(in, &fmt, err);
    if (!rc && fmt != DN_PLACE_LIST && o->tasks > 0)
        rc = table(p, o->tasks, o, in, err); /* up front: the tasks expected */
    if (!rc)
        rc = fmt == DN_PLACE_LIST ? read_list(p, in, o, err)
                                  : read_pairs(p, in, o, fmt == DN_PLACE_CSV, err);
    if (rc)
        dn_place_free(p);
    else
        p->format = fmt;
    return rc;
}

/* The bytes a placement of T tasks may take, and what that means */
static int64_t byte_limit(const dn_place_opts *o, char *why, size_t cap)
{
    int64_t T = o->tasks > 0 ? o->tasks : o->max_tasks, b;
    if (dn_mul_ovf(T, DN_PLACE_LINE_BYTES, &b) || dn_add_ovf(b, PLACE_SLACK, &b))
        b = INT64_MAX;
    char a[32];
    snprintf(why, cap, "a placement of %s%lld task%s takes at most %s of text: %d bytes a task "
                       "and 1 MiB",
             o->tasks > 0 ? "" : "at most ", (long long)T, T == 1 ? "" : "s",
             dn_fmt_bytes(a, sizeof a, b), DN_PLACE_LINE_BYTES);
    return b;
}

static int check_opts(const dn_place_opts *o, dn_err *err)
{
    if (o->processors < 1 || o->tasks < 0 || (o->tasks == 0 && o->max_tasks < 1))
        return dn_fail(err, DN_EINVAL, "a placement needs at least one processor and one task");
    return DN_OK;
}

int dn_place_read(dn_place *p, const char *path, const dn_place_opts *o, dn_err *err)
{
    DN_NEED(err, p);
    DN_NEED(err, path);
    DN_NEED(err, o);
    dn_input in;
    char why[160];
    memset(p, 0, sizeof *p);
    int rc = check_opts(o, err);
    if (rc)
        return rc;
    int64_t limit = byte_limit(o, why, sizeof why);
    if ((rc = dn_input_open(&in, path, "placement file", limit, 0, err)))
        return rc; /* (a file too large for the tasks: refused before reading) */
    dn_input_set_why(&in, why);
    rc = place_in(p, &in, o, err);
    dn_input_close(&in);
    return rc;
}

int dn_place_parse(dn_place *p, const char *buf, size_t len, const char *name,
                   const dn_place_opts *o, dn_err *err)
{
    DN_NEED(err, p);
    DN_NEED(err, buf);
    DN_NEED(err, name);
    DN_NEED(err, o);
    dn_input in;
    char why[160];
    memset(p, 0, sizeof *p);
    int rc = check_opts(o, err);
    if (rc)
        return rc;
    dn_input_mem(&in, buf, len, name, "placement file", byte_limit(o, why, sizeof why));
    dn_input_set_why(&in, why);
    rc = place_in(p, &in, o, err);
    dn_input_close(&in);
    return rc;
}

/* ------------------------------------------------------------ writing */

/* a CSV field (RFC 4180): quoted when it holds a comma, quote or newline */
static void csv_out(FILE *f, const char *s)
{
    if (!strpbrk(s, ",\"\r\n")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

int dn_place_write(FILE *f, const int64_t *proc, int64_t tasks, dn_place_format fmt,
                   const dn_net *net, const char *comment, dn_err *err)
{
    DN_NEED(err, f);
    DN_NEED(err, proc);
    if (!dn_place_format_name(fmt))
        return dn_fail(err, DN_EINVAL, "placement format %d is not a dn_place_format value",
                       (int)fmt);
    if (tasks < 1)
        return dn_fail(err, DN_EINVAL, "a placement file holds at least one task");
    for (int64_t v = 0; v < tasks; v++)
        if (proc[v] < 0 || (net && proc[v] >= net->n))
            return dn_fail(err, DN_EINVAL, "task %lld's processor %lld is not a node of %s",
                           (long long)v, (long long)proc[v], net ? net->spec : "the network");
    if (fmt == DN_PLACE_CSV && !net)
        return dn_fail(err, DN_EINVAL, "a CSV placement names processor labels: it needs the "
                                       "network");
    char lab[128];
    if (fmt == DN_PLACE_SCOTCH) {
        fprintf(f, "%lld\n", (long long)tasks);
        for (int64_t v = 0; v < tasks && !ferror(f); v++)
            fprintf(f, "%lld\t%lld\n", (long long)v, (long long)proc[v]);
    } else if (fmt == DN_PLACE_CSV) {
        fprintf(f, "task,processor,processor_label\n");
        for (int64_t v = 0; v < tasks && !ferror(f); v++) {
            dn_net_label(net, proc[v], lab, sizeof lab);
            fprintf(f, "%lld,%lld,", (long long)v, (long long)proc[v]);
            csv_out(f, lab);
            fputc('\n', f);
        }
    } else {
        /* the header promises the trailer: a file cut short is refused */
        fprintf(f, "# dcnet values count=%lld\n", (long long)tasks);
        if (comment) {
            fputs("# ", f);
            for (const char *c = comment; *c; c++)
                fputc(*c == '\n' || *c == '\r' ? ' ' : *c, f);
            fputc('\n', f);
        }
        for (int64_t v = 0; v < tasks && !ferror(f); v++)
            fprintf(f, "%lld\n", (long long)proc[v]);
        fprintf(f, "# end count=%lld\n", (long long)tasks);
    }
    /* fflush: what the stream still buffers fails there, not at fclose */
    if (fflush(f) != 0 || ferror(f))
        return dn_fail(err, DN_EIO, "write error: %s", strerror(errno));
    return DN_OK;
}

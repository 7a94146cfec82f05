/*
 * place.c - placements in and out of dcnet (issue 20, item 4): the task ->
 * processor table of an embedding as dcnet's value list, a SCOTCH mapping
 * file (.map: what gmap writes and gmtst reads), or CSV; read back from any
 * of them (embed --map file:PATH, exec --place); and an Open MPI rankfile
 * that puts task y's worker rank on the host and slot of place(y) (for
 * MPI's trees, the rank of virtual rank y: y + the root rank, mod P), with
 * a header naming the tree and its numbering (issue 29, item 9).
 *
 * Formats:
 *   list    dcnet's value file: "# dcnet values count=T", one processor per
 *           line for tasks 0 .. T-1, "# end count=T" (cli_read_numbers);
 *   scotch  the count T, then T lines "task processor" (SCOTCH's mapping
 *           file: source vertex label, target terminal number), any order,
 *           every task once;
 *   csv     "task,processor,processor_label", then one row per task, any
 *           order; the processor column may hold a label instead.
 */
#include "cli.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

int place_format_parse(const char *s, int *fmt)
{
    static const char *const names[] = {"list", "scotch", "csv"};
    for (int i = 0; i < 3; i++)
        if (strcmp(s, names[i]) == 0) {
            *fmt = i;
            return DN_OK;
        }
    return DN_ENOTFOUND;
}

int place_write(const dn_net *net, const int64_t *place, int64_t T, int fmt, const char *what,
                const char *path, dn_err *err)
{
    FILE *f;
    int rc = out_open(path, &f, err);
    if (rc)
        return rc;
    char lab[128];
    if (fmt == PLACE_SCOTCH) {
        fprintf(f, "%lld\n", (long long)T);
        for (int64_t v = 0; v < T; v++)
            fprintf(f, "%lld\t%lld\n", (long long)v, (long long)place[v]);
    } else if (fmt == PLACE_CSV) {
        fprintf(f, "task,processor,processor_label\n");
        for (int64_t v = 0; v < T; v++) {
            dn_net_label(net, place[v], lab, sizeof lab);
            fprintf(f, "%lld,%lld,", (long long)v, (long long)place[v]);
            csv_field(f, lab);
            fputc('\n', f);
        }
    } else {
        /* "# dcnet values count=T" promises the trailer "# end count=T", so
         * that a cut file is refused when read back (cli_read_numbers) */
        fprintf(f, "# dcnet values count=%lld\n# placement of %s on %s: processor of task 0 .. "
                   "%lld\n",
                (long long)T, what, net->spec, (long long)(T - 1));
        for (int64_t v = 0; v < T; v++)
            fprintf(f, "%lld\n", (long long)place[v]);
        fprintf(f, "# end count=%lld\n", (long long)T);
    }
    return out_close(f, err);
}

/* the next non-blank, non-comment line (NUL-terminated in place), or NULL */
static char *next_line(char **p, int64_t *lineno)
{
    while (*p && **p) {
        char *s = *p, *nl = strchr(s, '\n');
        if (nl)
            *nl = '\0';
        *p = nl ? nl + 1 : s + strlen(s);
        (*lineno)++;
        s[strcspn(s, "\r")] = '\0';
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s && *s != '#' && *s != '%')
            return s;
    }
    return NULL;
}

/* SCOTCH's "count, then task processor pairs", or CSV "task,processor" */
static int read_pairs(char *buf, const char *path, const dn_net *net, int64_t nproc, int64_t T,
                      int csv, int64_t *place, dn_err *err)
{
    int64_t lineno = csv, got = 0; /* (a CSV's header line is skipped already) */
    char *p = buf, *s;
    for (int64_t v = 0; v < T; v++)
        place[v] = -1;
    if (!csv) {
        s = next_line(&p, &lineno);
        int64_t count;
        dn_err e;
        if (!s || dn_parse_i64(s, 0, INT64_MAX, "the mapping's count", &count, &e))
            return dn_fail(err, DN_EINVAL, "placement file '%s' line %lld: expected the number "
                                           "of tasks (a SCOTCH mapping file)",
                           path, (long long)lineno);
        if (count != T)
            return dn_fail(err, DN_EINVAL, "placement file '%s' maps %lld tasks; the tree has "
                                           "%lld",
                           path, (long long)count, (long long)T);
    }
    while ((s = next_line(&p, &lineno))) {
        char *a = s, *b = s + strcspn(s, csv ? "," : " \t");
        if (!*b)
            return dn_fail(err, DN_EINVAL, "placement file '%s' line %lld: expected 'task%s"
                                           "processor'",
                           path, (long long)lineno, csv ? "," : " ");
        *b++ = '\0';
        while (*b == ' ' || *b == '\t')
            b++;
        if (csv)
            b[strcspn(b, ",")] = '\0';
        else
            b[strcspn(b, " \t")] = '\0';
        int64_t v, q;
        dn_err e;
        if (dn_parse_i64(a, 0, T - 1, "task", &v, &e))
            return dn_fail(err, DN_EINVAL, "placement file '%s' line %lld: %s (0..%lld)", path,
                           (long long)lineno, e.msg, (long long)(T - 1));
        if (dn_parse_i64(b, 0, nproc - 1, "processor", &q, &e) &&
            (!csv || !net || dn_net_parse_node(net, b, &q, &e)))
            return dn_fail(err, DN_EINVAL, "placement file '%s' line %lld: %s", path,
                           (long long)lineno, e.msg);
        if (place[v] >= 0)
            return dn_fail(err, DN_EINVAL, "placement file '%s' line %lld: task %lld is placed "
                                           "twice",
                           path, (long long)lineno, (long long)v);
        place[v] = q;
        got++;
    }
    if (got != T) {
        int64_t v = 0;
        while (v < T && place[v] >= 0)
            v++;
        return dn_fail(err, DN_EINVAL, "placement file '%s' places %lld of %lld tasks (task "
                                       "%lld is missing)",
                       path, (long long)got, (long long)T, (long long)v);
    }
    return DN_OK;
}

int place_read(const char *path, const dn_net *net, int64_t nproc, int64_t T, int64_t **out,
               dn_err *err)
{
    *out = NULL;
    char *buf;
    size_t len;
    int rc = dn_read_text(path, "placement file", (int64_t)1 << 32, 0, &buf, &len, err);
    if (rc)
        return rc;
    /* which format: CSV has its header; SCOTCH's second line is a pair */
    char *copy = strdup(buf), *p = copy;
    int64_t lineno = 0;
    char *first = copy ? next_line(&p, &lineno) : NULL;
    char *second = first ? next_line(&p, &lineno) : NULL;
    int csv = first && strncmp(first, "task,processor", 14) == 0;
    int scotch = !csv && first && second && strpbrk(second, " \t") &&
                 !strpbrk(first, " \t,");
    free(copy);
    int64_t *place = malloc((size_t)(T > 0 ? T : 1) * sizeof *place);
    if (!place) {
        free(buf);
        return dn_fail(err, DN_ENOMEM, "out of memory for a placement of %lld tasks",
                       (long long)T);
    }
    if (csv || scotch) {
        char *body = buf;
        if (csv) { /* skip the header */
            body = strchr(buf, '\n');
            body = body ? body + 1 : buf + len;
        }
        rc = read_pairs(body, path, net, nproc, T, csv, place, err);
    } else {
        double *d = NULL;
        rc = cli_read_numbers(path, T, 0, (double)(nproc - 1), "placement", &d, err);
        for (int64_t v = 0; !rc && v < T; v++) {
            if (d[v] != (double)(int64_t)d[v])
                rc = dn_fail(err, DN_EINVAL, "placement file '%s': the processor of task %lld "
                                             "is %.15g; processor ids are whole numbers",
                             path, (long long)v, d[v]);
            place[v] = (int64_t)d[v];
        }
        free(d);
    }
    free(buf);
    if (rc) {
        free(place);
        return rc;
    }
    *out = place;
    return DN_OK;
}

/* HOSTFILE: "LABEL HOST SLOT" per processor (LABEL: its label or id) */
int place_rankfile(const char *path, const char *hosts, const dn_net *net, const int64_t *place,
                   int64_t T, const char *header, int64_t rank0, dn_err *err)
{
    char *buf;
    size_t len;
    int rc = dn_read_text(hosts, "hosts file", (int64_t)1 << 30, 0, &buf, &len, err);
    if (rc)
        return rc;
    char **host = calloc((size_t)net->n, sizeof *host);
    int64_t *slot = malloc((size_t)net->n * sizeof *slot);
    if (!host || !slot) {
        free(buf);
        free(host);
        free(slot);
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld processors", (long long)net->n);
    }
    int64_t lineno = 0;
    char *p = buf, *s;
    while (!rc && (s = next_line(&p, &lineno))) {
        char lab[128], h[256], sl[64], extra;
        int64_t q, sv;
        dn_err e;
        if (sscanf(s, "%127s %255s %63s %c", lab, h, sl, &extra) != 3)
            rc = dn_fail(err, DN_EINVAL, "hosts file '%s' line %lld: expected 'LABEL HOST "
                                         "SLOT'",
                         hosts, (long long)lineno);
        else if (dn_net_parse_node(net, lab, &q, &e))
            rc = dn_fail(err, DN_EINVAL, "hosts file '%s' line %lld: %s", hosts,
                         (long long)lineno, e.msg);
        else if (dn_parse_i64(sl, 0, 1 << 20, "slot", &sv, &e))
            rc = dn_fail(err, DN_EINVAL, "hosts file '%s' line %lld: %s", hosts,
                         (long long)lineno, e.msg);
        else if (host[q])
            rc = dn_fail(err, DN_EINVAL, "hosts file '%s' line %lld: processor %s is listed "
                                         "twice",
                         hosts, (long long)lineno, lab);
        else if (!(host[q] = strdup(h)))
            rc = dn_fail(err, DN_ENOMEM, "out of memory");
        else
            slot[q] = sv;
    }
    for (int64_t v = 0; !rc && v < T; v++)
        if (!host[place[v]]) {
            char lab[128];
            dn_net_label(net, place[v], lab, sizeof lab);
            rc = dn_fail(err, DN_EINVAL, "hosts file '%s' has no line for processor %s (task "
                                         "%lld is placed there)",
                         hosts, lab, (long long)v);
        }
    FILE *f = NULL;
    if (!rc && !(rc = out_open(path, &f, err))) {
        fprintf(f, "# Open MPI rankfile by dcnet: every rank on the host and slot of its "
                   "task's processor\n%s", header);
        for (int64_t r = 0; r < T; r++) { /* rank r runs task (r - rank0) mod T */
            int64_t v = (r - rank0 % T + T) % T;
            fprintf(f, "rank %lld=%s slot=%lld\n", (long long)r, host[place[v]],
                    (long long)slot[place[v]]);
        }
        rc = out_close(f, err);
    }
    for (int64_t q = 0; q < net->n; q++)
        free(host[q]);
    free(host);
    free(slot);
    free(buf);
    return rc;
}

int place_count(const char *path, int64_t *T, dn_err *err)
{
    char *buf;
    size_t len;
    int rc = dn_read_text(path, "placement file", (int64_t)1 << 32, 0, &buf, &len, err);
    if (rc)
        return rc;
    int64_t lineno = 0, lines = 0;
    char *p = buf, *s, *first = next_line(&p, &lineno), *second = NULL;
    if (first) {
        char *copy = strdup(first);
        if (!copy) {
            free(buf);
            return dn_fail(err, DN_ENOMEM, "out of memory");
        }
        lines = 1;
        while ((s = next_line(&p, &lineno))) {
            if (lines == 1)
                second = s;
            lines++;
        }
        int csv = strncmp(copy, "task,processor", 14) == 0;
        int scotch = !csv && second && strpbrk(second, " \t") && !strpbrk(copy, " \t,");
        *T = csv ? lines - 1 : scotch ? strtoll(copy, NULL, 10) : lines;
        free(copy);
    } else {
        *T = 0;
    }
    free(buf);
    if (*T < 1)
        return dn_fail(err, DN_EINVAL, "placement file '%s' places no task", path);
    return DN_OK;
}

/*
 * place.c - the CLI's side of placements (issue 20, item 4): writing a
 * placement file through the one output path (the formats themselves are
 * the library's, dcnet/place.h: dn_place_write, dn_place_read), and an
 * Open MPI rankfile that puts task y's worker rank on the host and slot of
 * place(y), from a hosts file of "LABEL HOST SLOT" lines.
 *
 * The rankfile stays here: it is a launcher's file, not a placement (it
 * cannot be read back as one), and it needs the hosts file the user
 * gives. Host names are checked (issue 27, item 23): a rankfile line is
 * "rank Y=HOST slot=S", so a host such as "slot=9" or "h;rm$(x)" would
 * write another line than the one meant; only RFC 1123 host names (and
 * IPv4 addresses, which are made of the same characters) are taken.
 */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

int place_write(const dn_net *net, const int64_t *place, int64_t T, dn_place_format fmt,
                const char *what, const char *path, dn_err *err)
{
    FILE *f;
    char comment[1200];
    snprintf(comment, sizeof comment, "placement of %s on %s: processor of task 0 .. %lld", what,
             net->spec, (long long)(T - 1));
    int rc = out_open(path, &f, err);
    if (rc)
        return rc;
    if ((rc = dn_place_write(f, place, T, fmt, net, comment, err))) {
        out_discard(f);
        return rc;
    }
    return out_close(f, err);
}

/* An RFC 1123 host name: labels of letters, digits and '-' (not at either
 * end of a label), 1 to 63 bytes each, joined by '.', 253 bytes at most.
 * NULL if it is one, else what is wrong. */
static const char *host_problem(const char *h)
{
    size_t n = strlen(h), label = 0;
    if (n == 0 || n > 253)
        return "a host name has 1 to 253 characters";
    for (size_t i = 0; i <= n; i++) {
        char c = h[i];
        if (c == '.' || c == '\0') {
            if (label == 0 || label > 63)
                return "each dot-separated part of a host name has 1 to 63 characters";
            if (h[i - 1] == '-')
                return "a part of a host name does not end with '-'";
            label = 0;
            continue;
        }
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-'))
            return "a host name holds only letters, digits, '-' and '.' (RFC 1123)";
        if (c == '-' && label == 0)
            return "a part of a host name does not start with '-'";
        label++;
    }
    return NULL;
}

/* One "LABEL HOST SLOT" line into host[q], slot[q]. */
static int host_line(dn_input *in, char *s, const dn_net *net, char **host, int64_t *slot,
                     dn_err *err)
{
    char *f[4];
    int nf = 0;
    for (char *t = strtok(s, " \t"); t && nf < 4; t = strtok(NULL, " \t"))
        f[nf++] = t;
    int64_t q, sv;
    dn_err e;
    const char *why;
    if (nf != 3)
        return dn_input_fail(in, err, DN_EINVAL, "expected 'LABEL HOST SLOT'");
    if (dn_net_parse_node(net, f[0], &q, &e))
        return dn_input_fail(in, err, DN_EINVAL, "%s", e.msg);
    if ((why = host_problem(f[1])))
        return dn_input_fail(in, err, DN_EINVAL, "host '%s': %s", f[1], why);
    if (dn_parse_i64(f[2], 0, 1 << 20, "slot", &sv, &e))
        return dn_input_fail(in, err, DN_EINVAL, "%s (a slot is a non-negative integer)", e.msg);
    if (host[q])
        return dn_input_fail(in, err, DN_EINVAL, "processor %s is listed twice", f[0]);
    if (!(host[q] = strdup(f[1])))
        return dn_fail(err, DN_ENOMEM, "out of memory");
    slot[q] = sv;
    return DN_OK;
}

/* The hosts file into host[], slot[] (one entry per node of net). */
static int read_hosts(const char *hosts, const dn_net *net, char **host, int64_t *slot,
                      dn_err *err)
{
    dn_input in;
    int64_t limit = ((int64_t)1 << 20) + 512 * net->n;
    int rc = dn_input_open(&in, hosts, "hosts file", limit, 0, err);
    char *s;
    size_t len;
    in.max_line = (size_t)1 << 16;
    while (!rc && !(rc = dn_input_line(&in, &s, &len, err)) && s) {
        s += strspn(s, " \t");
        if (*s && *s != '#' && *s != '%')
            rc = host_line(&in, s, net, host, slot, err);
    }
    dn_input_close(&in);
    return rc;
}

int place_rankfile(const char *path, const char *hosts, const dn_net *net, const int64_t *place,
                   int64_t T, dn_err *err)
{
    char **host = calloc((size_t)net->n, sizeof *host);
    int64_t *slot = malloc((size_t)net->n * sizeof *slot);
    if (!host || !slot) {
        free(host);
        free(slot);
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld processors", (long long)net->n);
    }
    int rc = read_hosts(hosts, net, host, slot, err);
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
        fprintf(f, "# Open MPI rankfile by dcnet: task y's worker is rank y, on the host and "
                   "slot of its processor\n");
        for (int64_t v = 0; v < T; v++)
            fprintf(f, "rank %lld=%s slot=%lld\n", (long long)v, host[place[v]],
                    (long long)slot[place[v]]);
        rc = out_close(f, err);
    }
    for (int64_t q = 0; q < net->n; q++)
        free(host[q]);
    free(host);
    free(slot);
    return rc;
}

/*
 * place.c - the CLI's side of placements (issue 20, item 4): writing a
 * placement file through the one output path (the formats themselves are
 * the library's, dcnet/place.h: dn_place_write, dn_place_read), and an
 * Open MPI rankfile that puts task y's worker rank on the host and slot of
 * place(y), from a hosts file of "LABEL HOST SLOT" lines (for MPI's trees,
 * the rank of virtual rank y: y + the root rank, mod P), with a header
 * naming the tree and its numbering (issue 29, item 9).
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
                   int64_t T, const char *header, int64_t rank0, dn_err *err)
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
    return rc;
}

/* ---- allocations (issue 31, item 2) ---- */

typedef struct alloc_read {
    int64_t *alloc, *slots; /* n entries each (slots: -1 where a line gave none) */
    int64_t n, with_slots, without_slots, first_without;
    char *taken;            /* per node: already allocated */
} alloc_read;

/* Appends processor q with k slots (-1: none given). */
static int alloc_add(dn_input *in, alloc_read *r, const dn_net *net, int64_t q, int64_t k,
                     dn_err *err)
{
    char lab[128];
    if (q >= dn_net_processors(net)) {
        dn_net_label(net, q, lab, sizeof lab);
        return dn_input_fail(in, err, DN_EINVAL, "%s is a switch of %s, not a processor", lab,
                             net->spec);
    }
    if (r->taken[q]) {
        dn_net_label(net, q, lab, sizeof lab);
        return dn_input_fail(in, err, DN_EINVAL, "processor %s is allocated twice", lab);
    }
    r->taken[q] = 1;
    r->alloc[r->n] = q;
    r->slots[r->n++] = k;
    return DN_OK;
}

/* One "NODE [slots=K]" or "HOST [slots=K]" line. */
static int alloc_line(dn_input *in, char *s, const dn_net *net, char **host, alloc_read *r,
                      dn_err *err)
{
    char *f[3];
    int nf = 0;
    for (char *t = strtok(s, " \t"); t && nf < 3; t = strtok(NULL, " \t"))
        f[nf++] = t;
    int64_t k = -1, q;
    dn_err e;
    if (nf == 3 || (nf == 2 && strncmp(f[1], "slots=", 6) != 0))
        return dn_input_fail(in, err, DN_EINVAL, "expected 'PROCESSOR' or 'PROCESSOR slots=K' "
                                                 "(one processor a line)");
    if (nf == 2 && dn_parse_i64(f[1] + 6, 1, 1 << 20, "slots", &k, &e))
        return dn_input_fail(in, err, DN_EINVAL, "%s", e.msg);
    if (k < 0 && !r->without_slots++)
        r->first_without = dn_input_lineno(in);
    if (k >= 0)
        r->with_slots++;
    if (!dn_net_parse_node(net, f[0], &q, &e))
        return alloc_add(in, r, net, q, k, err);
    int found = 0;
    for (int64_t p = 0; host && p < net->n; p++)
        if (host[p] && strcmp(host[p], f[0]) == 0) {
            found = 1;
            int rc = alloc_add(in, r, net, p, k, err);
            if (rc)
                return rc;
        }
    if (found)
        return DN_OK;
    if (host)
        return dn_input_fail(in, err, DN_EINVAL, "'%s' is neither a processor of %s nor a host "
                                                 "of the hosts file (%s)",
                             f[0], net->spec, e.msg);
    return dn_input_fail(in, err, DN_EINVAL, "%s (host names need --hosts FILE)", e.msg);
}

int place_read_alloc(const char *path, const char *hosts, const dn_net *net, int64_t slots,
                     int64_t **alloc, int64_t **slots_per, int64_t *n, dn_err *err)
{
    const int64_t P = dn_net_processors(net);
    alloc_read r = {0};
    char **host = NULL;
    int64_t *hslot = NULL;
    *alloc = *slots_per = NULL;
    *n = 0;
    r.alloc = malloc((size_t)P * sizeof *r.alloc);
    r.slots = malloc((size_t)P * sizeof *r.slots);
    r.taken = calloc((size_t)net->n, 1);
    if (hosts) {
        host = calloc((size_t)net->n, sizeof *host);
        hslot = malloc((size_t)net->n * sizeof *hslot);
    }
    int rc = DN_OK;
    if (!r.alloc || !r.slots || !r.taken || (hosts && (!host || !hslot)))
        rc = dn_fail(err, DN_ENOMEM, "out of memory for an allocation of %lld processors",
                     (long long)P);
    if (!rc && hosts)
        rc = read_hosts(hosts, net, host, hslot, err);
    dn_input in;
    if (!rc) {
        rc = dn_input_open(&in, path, "allocation file", ((int64_t)1 << 20) + 512 * net->n, 0,
                           err);
        char *s;
        size_t len;
        in.max_line = (size_t)1 << 16;
        while (!rc && !(rc = dn_input_line(&in, &s, &len, err)) && s) {
            s += strspn(s, " \t");
            if (*s && *s != '#')
                rc = alloc_line(&in, s, net, host, &r, err);
        }
        if (!rc && r.n == 0)
            rc = dn_input_fail(&in, err, DN_EINVAL, "no processor: an allocation lists at "
                                                    "least one");
        if (!rc && r.with_slots && r.without_slots && slots == 0)
            rc = dn_fail(err, DN_EINVAL, "allocation file '%s': line %lld gives no slots= while "
                                         "others do; give every line its slots, or --slots K "
                                         "for the lines without",
                         path, (long long)r.first_without);
        dn_input_close(&in);
    }
    if (!rc && r.with_slots) {
        for (int64_t i = 0; i < r.n; i++)
            if (r.slots[i] < 0)
                r.slots[i] = slots;
        *slots_per = r.slots;
        r.slots = NULL;
    }
    if (!rc) {
        *alloc = r.alloc;
        *n = r.n;
        r.alloc = NULL;
    }
    for (int64_t q = 0; host && q < net->n; q++)
        free(host[q]);
    free(host);
    free(hslot);
    free(r.alloc);
    free(r.slots);
    free(r.taken);
    return rc;
}

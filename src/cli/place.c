/*
 * place.c - the CLI's side of placements (issue 20, item 4): writing a
 * placement file through the one output path (the formats themselves are
 * the library's, dcnet/place.h: dn_place_write, dn_place_read), and an
 * Open MPI rankfile that puts task y's worker rank on the host and slot of
 * place(y), from a hosts file of "LABEL HOST SLOT" lines (for MPI's trees,
 * the rank of virtual rank y: y + the root rank, mod P), with a header
 * naming the tree and its numbering (issue 29, item 9). A processor's
 * lines are its slots: the ranks on one processor take distinct slots,
 * and two ranks on one slot only with --oversubscribe (issue 37, item 15).
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
    out_capture *c = out_capture_now();
    if (c && c->want_place && T > 0) { /* a hosted caller takes the array (python/dcnet) */
        free(c->place);
        c->nplace = 0;
        if (!(c->place = (uint64_t)T <= SIZE_MAX / sizeof *place ? malloc((size_t)T * sizeof *place)
                                                                  : NULL))
            return dn_fail(err, DN_ENOMEM, "out of memory for the placement");
        memcpy(c->place, place, (size_t)T * sizeof *place);
        c->nplace = T;
    }
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

/* The hosts file: per processor its host and its slots, one slot a line
 * (issue 37, item 15: a processor that runs k ranks - with --slots, or more
 * tasks than processors - needs k slots, so a processor may have several
 * lines, all on one host); no (host, slot) pair twice in the file, for two
 * ranks bound to one slot is oversubscription, which only --oversubscribe
 * asks for (a machine with fewer cores than the network's processors). */
typedef struct hosts_tab {
    char **host;           /* per node: its host name (owned), or NULL */
    int64_t *off, *slot;   /* per node q: its slots slot[off[q] .. off[q+1]), in line order */
    int64_t *eq, *es, *el; /* per line read: processor, slot, line number */
    int64_t nl, cap;
} hosts_tab;

static void hosts_free(hosts_tab *h, const dn_net *net)
{
    for (int64_t q = 0; h->host && q < net->n; q++)
        free(h->host[q]);
    free(h->host);
    free(h->off);
    free(h->slot);
    free(h->eq);
    free(h->es);
    free(h->el);
    memset(h, 0, sizeof *h);
}

/* One "LABEL HOST SLOT" line: one more slot of processor LABEL. */
static int host_line(dn_input *in, char *s, const dn_net *net, hosts_tab *h, dn_err *err)
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
    if (h->host[q] && strcmp(h->host[q], f[1]) != 0)
        return dn_input_fail(in, err, DN_EINVAL, "processor %s is on host '%s' (an earlier line), "
                                                 "not '%s': a processor's lines give its slots "
                                                 "on one host",
                             f[0], h->host[q], f[1]);
    if (!h->host[q] && !(h->host[q] = strdup(f[1])))
        return dn_fail(err, DN_ENOMEM, "out of memory");
    if (h->nl == h->cap) {
        int64_t cap = h->cap ? 2 * h->cap : 64;
        int64_t *a = realloc(h->eq, (size_t)cap * sizeof *a);
        if (a)
            h->eq = a;
        int64_t *b = a ? realloc(h->es, (size_t)cap * sizeof *b) : NULL;
        if (b)
            h->es = b;
        int64_t *c = b ? realloc(h->el, (size_t)cap * sizeof *c) : NULL;
        if (!c)
            return dn_fail(err, DN_ENOMEM, "out of memory for the hosts file");
        h->el = c;
        h->cap = cap;
    }
    h->eq[h->nl] = q;
    h->es[h->nl] = sv;
    h->el[h->nl++] = dn_input_lineno(in);
    return DN_OK;
}

/* qsort over line indices: by host name, slot, then line */
static const hosts_tab *sort_tab;
static int cmp_pair(const void *a, const void *b)
{
    int64_t i = *(const int64_t *)a, j = *(const int64_t *)b;
    int c = strcmp(sort_tab->host[sort_tab->eq[i]], sort_tab->host[sort_tab->eq[j]]);
    if (c)
        return c;
    if (sort_tab->es[i] != sort_tab->es[j])
        return sort_tab->es[i] < sort_tab->es[j] ? -1 : 1;
    return (sort_tab->el[i] > sort_tab->el[j]) - (sort_tab->el[i] < sort_tab->el[j]);
}

/* A (host, slot) given twice: the later line, naming the earlier.
 * O(L log L) for L lines. */
static int hosts_distinct(const char *path, const dn_net *net, hosts_tab *h, dn_err *err)
{
    int64_t *idx = malloc((size_t)(h->nl ? h->nl : 1) * sizeof *idx);
    if (!idx)
        return dn_fail(err, DN_ENOMEM, "out of memory for the hosts file");
    for (int64_t i = 0; i < h->nl; i++)
        idx[i] = i;
    sort_tab = h; /* (the CLI runs one command in one thread) */
    qsort(idx, (size_t)h->nl, sizeof *idx, cmp_pair);
    int rc = DN_OK;
    for (int64_t k = 1; !rc && k < h->nl; k++) {
        int64_t i = idx[k - 1], j = idx[k];
        if (h->es[i] != h->es[j] || strcmp(h->host[h->eq[i]], h->host[h->eq[j]]) != 0)
            continue;
        char a[128], b[128];
        dn_net_label(net, h->eq[i], a, sizeof a);
        dn_net_label(net, h->eq[j], b, sizeof b);
        rc = dn_fail(err, DN_EINVAL, "hosts file '%s' line %lld: host %s slot %lld is given "
                                     "twice (line %lld gives it to processor %s, this line "
                                     "to %s): each slot runs one rank; give every line its own "
                                     "slot (or --oversubscribe, to bind ranks to one slot)",
                     path, (long long)h->el[j], h->host[h->eq[j]], (long long)h->es[j],
                     (long long)h->el[i], a, b);
    }
    free(idx);
    return rc;
}

/* The hosts file into h (for every node of net), its pairs distinct
 * unless `shared` (--oversubscribe). */
static int read_hosts(const char *hosts, const dn_net *net, int shared, hosts_tab *h,
                      dn_err *err)
{
    memset(h, 0, sizeof *h);
    h->host = calloc((size_t)net->n, sizeof *h->host);
    h->off = calloc((size_t)net->n + 1, sizeof *h->off);
    if (!h->host || !h->off) {
        hosts_free(h, net);
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld processors", (long long)net->n);
    }
    dn_input in;
    int64_t limit = ((int64_t)1 << 20) + 512 * net->n;
    int rc = dn_input_open(&in, hosts, "hosts file", limit, 0, err);
    char *s;
    size_t len;
    in.max_line = (size_t)1 << 16;
    while (!rc && !(rc = dn_input_line(&in, &s, &len, err)) && s) {
        s += strspn(s, " \t");
        if (*s && *s != '#' && *s != '%')
            rc = host_line(&in, s, net, h, err);
    }
    dn_input_close(&in);
    if (!rc && !shared)
        rc = hosts_distinct(hosts, net, h, err);
    /* per processor its slots, in line order (a counting sort) */
    if (!rc && !(h->slot = malloc((size_t)(h->nl ? h->nl : 1) * sizeof *h->slot)))
        rc = dn_fail(err, DN_ENOMEM, "out of memory for the hosts file");
    if (!rc) {
        for (int64_t i = 0; i < h->nl; i++)
            h->off[h->eq[i] + 1]++;
        for (int64_t q = 0; q < net->n; q++)
            h->off[q + 1] += h->off[q];
        int64_t *fill = calloc((size_t)net->n, sizeof *fill);
        if (!fill)
            rc = dn_fail(err, DN_ENOMEM, "out of memory for the hosts file");
        for (int64_t i = 0; fill && i < h->nl; i++)
            h->slot[h->off[h->eq[i]] + fill[h->eq[i]]++] = h->es[i];
        free(fill);
    }
    if (rc)
        hosts_free(h, net);
    return rc;
}

/* Ranks bound to a (host, slot) that an earlier rank has: for the
 * rankfile's header under --oversubscribe. O(T log T). */
typedef struct rank_pair {
    const char *host;
    int64_t slot;
} rank_pair;

static int cmp_rank_pair(const void *a, const void *b)
{
    const rank_pair *x = a, *y = b;
    int c = strcmp(x->host, y->host);
    return c ? c : (x->slot > y->slot) - (x->slot < y->slot);
}

static int64_t ranks_sharing(const hosts_tab *h, const int64_t *place, const int64_t *pick,
                             int64_t T, int64_t rank0)
{
    rank_pair *rp = malloc((size_t)(T > 0 ? T : 1) * sizeof *rp);
    int64_t n = 0;
    if (!rp)
        return -1;
    for (int64_t r = 0; r < T; r++) {
        rp[r].host = h->host[place[(r - rank0 % T + T) % T]];
        rp[r].slot = h->slot[pick[r]];
    }
    qsort(rp, (size_t)T, sizeof *rp, cmp_rank_pair);
    for (int64_t r = 1; r < T; r++)
        n += cmp_rank_pair(&rp[r - 1], &rp[r]) == 0;
    free(rp);
    return n;
}

int place_rankfile(const char *path, const char *hosts, const dn_net *net, const int64_t *place,
                   int64_t T, const char *header, int64_t rank0, int oversubscribe, dn_err *err)
{
    hosts_tab h;
    int rc = read_hosts(hosts, net, oversubscribe, &h, err);
    if (rc)
        return rc;
    int64_t *used = calloc((size_t)net->n, sizeof *used), shared = 0;
    if (!used)
        rc = dn_fail(err, DN_ENOMEM, "out of memory for %lld processors", (long long)net->n);
    for (int64_t v = 0; !rc && v < T; v++) {
        const int64_t q = place[v], have = h.off[q + 1] - h.off[q];
        char lab[128];
        if (have == 0) {
            dn_net_label(net, q, lab, sizeof lab);
            rc = dn_fail(err, DN_EINVAL, "hosts file '%s' has no line for processor %s (task "
                                         "%lld is placed there)",
                         hosts, lab, (long long)v);
        } else if (++used[q] > have) {
            if (!oversubscribe) {
                int64_t k = 0;
                for (int64_t y = 0; y < T; y++)
                    k += place[y] == q;
                dn_net_label(net, q, lab, sizeof lab);
                rc = dn_fail(err, DN_EINVAL, "processor %s runs %lld tasks but hosts file '%s' "
                                             "gives it %lld slot%s: two ranks would be bound "
                                             "to one slot; give it %lld lines '%s %s SLOT' with "
                                             "distinct slots, or --oversubscribe to let ranks "
                                             "share a slot",
                             lab, (long long)k, hosts, (long long)have, have == 1 ? "" : "s",
                             (long long)k, lab, h.host[q]);
            }
        }
    }
    /* each rank's slot: its processor's slots in turn; then the ranks on
     * a (host, slot) an earlier rank has, for the header */
    int64_t *pick = rc ? NULL : malloc((size_t)(T > 0 ? T : 1) * sizeof *pick);
    if (!rc && !pick)
        rc = dn_fail(err, DN_ENOMEM, "out of memory for %lld ranks", (long long)T);
    if (!rc) {
        memset(used, 0, (size_t)net->n * sizeof *used);
        for (int64_t r = 0; r < T; r++) { /* rank r runs task (r - rank0) mod T */
            int64_t v = (r - rank0 % T + T) % T, q = place[v];
            int64_t have = h.off[q + 1] - h.off[q];
            pick[r] = h.off[q] + used[q]++ % have; /* an index into h.slot */
        }
        if ((shared = ranks_sharing(&h, place, pick, T, rank0)) < 0)
            rc = dn_fail(err, DN_ENOMEM, "out of memory for %lld ranks", (long long)T);
    }
    FILE *f = NULL;
    if (!rc && !(rc = out_open(path, &f, err))) {
        fprintf(f, "# Open MPI rankfile by dcnet: every rank on the host and slot of its "
                   "task's processor\n%s", header);
        if (shared)
            fprintf(f, "# --oversubscribe: %lld rank%s bound to a slot an earlier rank "
                       "has\n",
                    (long long)shared, shared == 1 ? "" : "s");
        for (int64_t r = 0; r < T; r++) {
            int64_t v = (r - rank0 % T + T) % T;
            fprintf(f, "rank %lld=%s slot=%lld\n", (long long)r, h.host[place[v]],
                    (long long)h.slot[pick[r]]);
        }
        rc = out_close(f, err);
    }
    free(pick);
    free(used);
    hosts_free(&h, net);
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

int place_read_alloc(const char *path, const char *hosts, int shared, const dn_net *net,
                     int64_t slots,
                     int64_t **alloc, int64_t **slots_per, int64_t *n, dn_err *err)
{
    const int64_t P = dn_net_processors(net);
    alloc_read r = {0};
    hosts_tab h = {0};
    *alloc = *slots_per = NULL;
    *n = 0;
    r.alloc = malloc((size_t)P * sizeof *r.alloc);
    r.slots = malloc((size_t)P * sizeof *r.slots);
    r.taken = calloc((size_t)net->n, 1);
    int rc = DN_OK;
    if (!r.alloc || !r.slots || !r.taken)
        rc = dn_fail(err, DN_ENOMEM, "out of memory for an allocation of %lld processors",
                     (long long)P);
    if (!rc && hosts)
        rc = read_hosts(hosts, net, shared, &h, err);
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
                rc = alloc_line(&in, s, net, h.host, &r, err);
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
    hosts_free(&h, net);
    free(r.alloc);
    free(r.slots);
    free(r.taken);
    return rc;
}

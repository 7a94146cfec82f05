/*
 * fromcsr.c - a network from a caller's own graph in memory (issue 30,
 * item 5): what a program or a language binding holds as compressed sparse
 * rows, with its processors and link costs, becomes a dn_net like a graph
 * file's. Not from a paper: the seeds' networks have their own families.
 *
 * The caller's arrays are copied and checked as a file's would be: ids in
 * range, no arc twice, an undirected graph symmetric (each edge both ways,
 * with the same costs both ways) and without loops, costs positive
 * (bandwidth) and non-negative (latency) and finite. Nothing is merged or
 * dropped silently: a graph that does not hold as given is refused.
 */
#include "net_impl.h"
#include "../base/args_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define FROM_CSR_MAX_NODES ((int64_t)INT32_MAX - 1)

static int check_shape(const dn_csr *g, dn_err *err)
{
    if (g->n < 1 || g->n > FROM_CSR_MAX_NODES)
        return dn_fail(err, DN_ERANGE, "a graph of %lld nodes (accepted: 1 .. %lld)",
                       (long long)g->n, (long long)FROM_CSR_MAX_NODES);
    if (!g->off || (g->m > 0 && !g->adj) || g->m < 0)
        return dn_fail(err, DN_EINVAL, "the graph's offsets or neighbours are missing");
    if (g->off[0] != 0 || g->off[g->n] != g->m)
        return dn_fail(err, DN_EINVAL, "off[0] is %lld and off[n] %lld; they must be 0 and m = "
                                       "%lld",
                       (long long)g->off[0], (long long)g->off[g->n], (long long)g->m);
    for (int64_t v = 0; v < g->n; v++)
        if (g->off[v + 1] < g->off[v])
            return dn_fail(err, DN_EINVAL, "off[%lld] > off[%lld]: offsets must not decrease",
                           (long long)v, (long long)(v + 1));
    for (int64_t i = 0; i < g->m; i++)
        if (g->adj[i] < 0 || g->adj[i] >= g->n)
            return dn_fail(err, DN_EINVAL, "adj[%lld] is %d, not a node (0 .. %lld)",
                           (long long)i, g->adj[i], (long long)(g->n - 1));
    if (g->procs < 0 || g->procs > g->n)
        return dn_fail(err, DN_EINVAL, "procs %lld: the processors are nodes 0 .. procs-1 (0: "
                                       "every node), at most %lld",
                       (long long)g->procs, (long long)g->n);
    if (!g->bw != !g->lat)
        return dn_fail(err, DN_EINVAL, "give both bandwidths and latencies, or neither");
    for (int64_t i = 0; g->bw && i < g->m; i++)
        if (!(g->bw[i] > 0) || !isfinite(g->bw[i]) || !(g->lat[i] >= 0) || !isfinite(g->lat[i]))
            return dn_fail(err, DN_EINVAL, "arc %lld: bandwidth %g and latency %g (a bandwidth "
                                           "is positive, a latency non-negative, both finite)",
                           (long long)i, g->bw[i], g->lat[i]);
    return DN_OK;
}

/* The source of arc i: the v with off[v] <= i < off[v+1], arcs in order. */
static int build(dn_csr *out, const dn_csr *g, dn_err *err)
{
    int rc;
    int32_t *src = malloc((size_t)(g->m ? g->m : 1) * sizeof *src);
    if (!src)
        return dn_fail(err, DN_ENOMEM, "out of memory for a graph of %lld arcs", (long long)g->m);
    for (int64_t v = 0; v < g->n; v++)
        for (int64_t i = g->off[v]; i < g->off[v + 1]; i++)
            src[i] = (int32_t)v;
    /* directed as given: dn_csr_from_arcs drops repeats, which we refuse */
    rc = dn_csr_from_arcs(out, g->n, 1, src, g->adj, g->m, err);
    free(src);
    if (rc)
        return rc;
    if (out->m != g->m) {
        dn_csr_free(out);
        return dn_fail(err, DN_EINVAL, "%lld arcs are listed twice (each arc once)",
                       (long long)(g->m - out->m));
    }
    return DN_OK;
}

static int check_undirected(const dn_csr *d, dn_err *err)
{
    for (int64_t u = 0; u < d->n; u++)
        for (int64_t i = d->off[u]; i < d->off[u + 1]; i++) {
            int64_t v = d->adj[i], r = dn_csr_arc(d, v, u);
            if (v == u)
                return dn_fail(err, DN_EINVAL, "node %lld has a loop; an undirected network "
                                               "has none",
                               (long long)u);
            if (r < 0)
                return dn_fail(err, DN_EINVAL, "the arc %lld->%lld has no arc %lld->%lld: an "
                                               "undirected graph lists each edge both ways",
                               (long long)u, (long long)v, (long long)v, (long long)u);
            if (d->bw && (d->bw[i] != d->bw[r] || d->lat[i] != d->lat[r]))
                return dn_fail(err, DN_EINVAL, "the edge %lld-%lld has different costs in its "
                                               "two directions",
                               (long long)u, (long long)v);
        }
    return DN_OK;
}

int dn_net_from_csr(dn_net *net, const dn_csr *g, const char *name, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, g);
    memset(net, 0, sizeof *net);
    if (!g)
        return dn_fail(err, DN_EINVAL, "no graph given");
    int rc = check_shape(g, err);
    if (rc)
        return rc;
    if (!name || !*name)
        name = "csr";
    if (strlen(name) >= sizeof net->spec)
        return dn_fail(err, DN_EINVAL, "the network's name is longer than %zu characters",
                       sizeof net->spec - 1);
    if ((rc = build(&net->g, g, err)))
        return rc;
    if (g->bw) { /* the caller's arc i to its place in the sorted lists */
        net->g.bw = malloc((size_t)(g->m ? g->m : 1) * sizeof *net->g.bw);
        net->g.lat = malloc((size_t)(g->m ? g->m : 1) * sizeof *net->g.lat);
        if (!net->g.bw || !net->g.lat) {
            dn_csr_free(&net->g);
            return dn_fail(err, DN_ENOMEM, "out of memory for the link costs");
        }
        for (int64_t u = 0; u < g->n; u++)
            for (int64_t i = g->off[u]; i < g->off[u + 1]; i++) {
                int64_t c = dn_csr_arc(&net->g, u, g->adj[i]);
                net->g.bw[c] = g->bw[i];
                net->g.lat[c] = g->lat[i];
            }
    }
    if (!g->directed && (rc = check_undirected(&net->g, err))) {
        dn_csr_free(&net->g);
        return rc;
    }
    net->g.directed = g->directed ? 1 : 0;
    net->g.procs = g->procs;
    net->type = &dn_type_file;
    net->mem_limit = DN_NET_DEFAULT_MEM_LIMIT;
    snprintf(net->spec, sizeof net->spec, "%s", name);
    dn_file_net_setup(net);
    return DN_OK;
}

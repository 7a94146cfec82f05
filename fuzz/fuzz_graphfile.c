/*
 * fuzz_graphfile.c - libFuzzer target for the network graph-file readers
 * (edge list and SCOTCH .grf; issue 26 section 3). The first byte picks the
 * format; the rest is the file. An accepted graph must satisfy the CSR
 * invariants, and must round-trip through every writer that takes it:
 * written as an edge list (always) and as .grf (when the writer accepts
 * it: undirected, no switches, no link costs) and read back, it is the same
 * graph field by field (nodes, processors, direction, arcs, every arc's
 * bandwidth and latency, bit for bit). DOT is written too (it is not read
 * back: dcnet writes it for drawing), which must not fail.
 */
#include "dcnet/net.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_csr(const dn_csr *g)
{
    if (g->n < 1 || g->off[0] != 0 || g->off[g->n] != g->m || g->procs < 0 || g->procs > g->n)
        abort();
    for (int64_t v = 0; v < g->n; v++) {
        if (g->off[v] > g->off[v + 1])
            abort();
        for (int64_t e = g->off[v]; e < g->off[v + 1]; e++)
            if (g->adj[e] < 0 || g->adj[e] >= g->n || (e > g->off[v] && g->adj[e] <= g->adj[e - 1]))
                abort();
    }
    for (int64_t e = 0; g->bw && e < g->m; e++)
        if (!(g->bw[e] > 0 && g->bw[e] <= DBL_MAX) || !(g->lat[e] >= 0 && g->lat[e] <= DBL_MAX))
            abort();
}

/* Field by field; costs absent mean bandwidth 1, latency 0. */
static int same(const dn_csr *a, const dn_csr *b)
{
    if (a->n != b->n || a->m != b->m || a->directed != b->directed ||
        (a->procs ? a->procs : a->n) != (b->procs ? b->procs : b->n) ||
        memcmp(a->off, b->off, (size_t)(a->n + 1) * sizeof *a->off) ||
        memcmp(a->adj, b->adj, (size_t)a->m * sizeof *a->adj))
        return 0;
    for (int64_t e = 0; e < a->m; e++)
        if ((a->bw ? a->bw[e] : 1) != (b->bw ? b->bw[e] : 1) ||
            (a->lat ? a->lat[e] : 0) != (b->lat ? b->lat[e] : 0))
            return 0;
    return 1;
}

/* Writes g in fmt; returns 0 if the writer refused, else checks the read
 * back (edge list, .grf) and returns 1. */
static int roundtrip(const dn_csr *g, dn_graph_format fmt)
{
    char *buf = NULL;
    size_t len = 0;
    dn_err err;
    dn_csr back;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        abort();
    int rc = dn_csr_write(g, "fuzz", fmt, f, &err);
    fclose(f);
    if (rc != DN_OK) {
        /* only what the format cannot hold may be refused */
        if (fmt == DN_FMT_EDGELIST || fmt == DN_FMT_DOT || rc != DN_EINVAL || len != 0)
            abort();
        free(buf);
        return 0;
    }
    if (fmt != DN_FMT_DOT) {
        if (dn_graph_parse(buf, len, fmt, 1 << 16, &back, &err) != DN_OK || !same(g, &back))
            abort();
        dn_csr_free(&back);
    }
    free(buf);
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dn_csr g;
    dn_err err;
    dn_graph_format fmt;
    if (size < 1)
        return 0;
    fmt = (data[0] & 1) ? DN_FMT_GRF : DN_FMT_EDGELIST;
    if (dn_graph_parse((const char *)data + 1, size - 1, fmt, 1 << 16, &g, &err) != DN_OK)
        return 0;
    check_csr(&g);
    roundtrip(&g, DN_FMT_EDGELIST);
    int grf = roundtrip(&g, DN_FMT_GRF);
    /* .grf refuses exactly the directed graphs, those with switches and
     * those with a cost other than bandwidth 1, latency 0 */
    int holdable = !g.directed && (g.procs == 0 || g.procs == g.n);
    for (int64_t e = 0; holdable && g.bw && e < g.m; e++)
        holdable = g.bw[e] == 1 && g.lat[e] == 0;
    if (grf != holdable)
        abort();
    roundtrip(&g, DN_FMT_DOT);
    dn_csr_free(&g);
    return 0;
}

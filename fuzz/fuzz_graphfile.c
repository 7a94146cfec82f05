/*
 * fuzz_graphfile.c - libFuzzer target for the graph-file parsers (edge
 * list and SCOTCH .grf). The first byte picks the format; the rest is the
 * file. Accepted graphs must satisfy the CSR invariants.
 */
#include "dcnet/net.h"

#include <stdlib.h>

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
    if (g.n < 1 || g.off[0] != 0 || g.off[g.n] != g.m)
        abort();
    for (int64_t v = 0; v < g.n; v++) {
        if (g.off[v] > g.off[v + 1])
            abort();
        for (int64_t e = g.off[v]; e < g.off[v + 1]; e++)
            if (g.adj[e] < 0 || g.adj[e] >= g.n || (e > g.off[v] && g.adj[e] <= g.adj[e - 1]))
                abort();
    }
    dn_csr_free(&g);
    return 0;
}

/*
 * fuzz_tgt.c - libFuzzer target for the SCOTCH target-file reader (.tgt:
 * cmplt, cmpltw, hcub, mesh/torus 2D/3D/XD, deco 0 and deco 1; src/net/
 * tgt.c; issue 26 section 3). The input is the file (up to its first NUL
 * byte, as the file reader refuses NULs). An accepted target must be a
 * network whose graph, materialised, satisfies the CSR invariants and, for
 * a deco target, reproduces the table it was checked against in the sense
 * that matters downstream: written as an edge list (the writer every
 * network has) and read back, it is the same graph. No .tgt writer exists,
 * so that is the round trip.
 */
#include "dcnet/net.h"
#include "../src/net/net_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = malloc(size + 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    size_t len = strlen(buf);
    dn_net net;
    dn_err err;
    memset(&net, 0, sizeof net);
    net.mem_limit = (int64_t)256 << 20;
    int rc = dn_tgt_parse(&net, buf, len, "fuzz.tgt", &err);
    free(buf);
    if (rc != DN_OK) {
        if (net.g.off) /* a failed parse leaves nothing behind */
            abort();
        return 0;
    }
    if (!net.type)
        net.type = &dn_type_file; /* deco: a stored graph, as dn_net_init makes it */
    dn_csr g, back;
    /* small enough to check quickly (hcub 20 would be a million nodes) */
    if (net.n <= (1 << 12) && net.edges <= (1 << 15) &&
        dn_net_materialize(&net, &g, (int64_t)64 << 20, &err) == DN_OK) {
        if (g.n != net.n || g.off[0] != 0 || g.off[g.n] != g.m)
            abort();
        for (int64_t v = 0; v < g.n; v++)
            for (int64_t e = g.off[v]; e < g.off[v + 1]; e++)
                if (g.adj[e] < 0 || g.adj[e] >= g.n || g.adj[e] == v)
                    abort();
        char *out = NULL;
        size_t olen = 0;
        FILE *f = open_memstream(&out, &olen);
        if (!f || dn_net_write(&net, DN_FMT_EDGELIST, f, &err) != DN_OK)
            abort();
        fclose(f);
        if (dn_graph_parse(out, olen, DN_FMT_EDGELIST, 0, &back, &err) != DN_OK ||
            back.n != g.n || back.m != g.m ||
            memcmp(back.off, g.off, (size_t)(g.n + 1) * sizeof *g.off) != 0 ||
            memcmp(back.adj, g.adj, (size_t)g.m * sizeof *g.adj) != 0)
            abort();
        dn_csr_free(&back);
        dn_csr_free(&g);
        free(out);
    }
    dn_net_free(&net);
    return 0;
}

/*
 * planar.c - planarity test through John Boyer's planarity library
 * (Boyer & Myrvold, "On the cutting edge: simplified O(n) planarity by edge
 * addition", JGAA 8(3), 2004), Debian package libplanarity-dev.
 *
 * Used to check seed 004's claims: S_n is planar for every n, T_n is not
 * for n >= 3. Direction is ignored: a directed network is planar when its
 * underlying undirected simple graph is. Built only when the library is
 * found (DN_HAVE_PLANARITY); otherwise the call reports DN_ENOTSUP.
 */
#include "dcnet/net.h"
#include "../base/args_impl.h"

#include <stdlib.h>
#include <string.h>

#ifdef DN_HAVE_PLANARITY
#include <planarity/graph.h>

int dn_have_planarity(void) { return 1; }

int dn_net_planar(const dn_net *net, int *is_planar, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, is_planar);
    dn_csr g, und;
    int32_t *src = NULL, *dst = NULL;
    int64_t k = 0;
    graphP gp = NULL;
    int rc, res;

    if (net->n > DN_PLANAR_MAX_NODES)
        return dn_fail(err, DN_ERANGE, "planarity test is limited to 2^22 nodes (%s has %lld)",
                       net->spec, (long long)net->n);
    if ((rc = dn_net_materialize(net, &g, 0, err)))
        return rc;
    /* underlying undirected simple graph */
    src = malloc((size_t)(g.m ? g.m : 1) * sizeof *src);
    dst = malloc((size_t)(g.m ? g.m : 1) * sizeof *dst);
    if (!src || !dst) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory");
        goto done;
    }
    for (int64_t v = 0; v < g.n; v++)
        for (int64_t e = g.off[v]; e < g.off[v + 1]; e++) {
            src[k] = (int32_t)v;
            dst[k++] = g.adj[e];
        }
    if ((rc = dn_csr_from_arcs(&und, g.n, 0, src, dst, k, err)))
        goto done;
    gp = gp_New();
    if (!gp || gp_EnsureArcCapacity(gp, (int)(und.m > 6 ? und.m : 6)) != OK ||
        gp_InitGraph(gp, (int)und.n) != OK) {
        dn_csr_free(&und);
        rc = dn_fail(err, DN_ENOMEM, "planarity library could not allocate the graph");
        goto done;
    }
    for (int64_t v = 0; v < und.n && rc == DN_OK; v++)
        for (int64_t e = und.off[v]; e < und.off[v + 1]; e++)
            if (v < und.adj[e] &&
                gp_AddEdge(gp, (int)v + gp_GetFirstVertex(gp), 0,
                           und.adj[e] + gp_GetFirstVertex(gp), 0) != OK) {
                rc = dn_fail(err, DN_ENOMEM, "planarity library refused an edge");
                break;
            }
    dn_csr_free(&und);
    if (rc)
        goto done;
    res = gp_Embed(gp, EMBEDFLAGS_PLANAR);
    if (res == OK)
        *is_planar = 1;
    else if (res == NONEMBEDDABLE)
        *is_planar = 0;
    else
        rc = dn_fail(err, DN_EINVAL, "planarity library failed on %s", net->spec);
done:
    if (gp)
        gp_Free(&gp);
    free(src);
    free(dst);
    dn_csr_free(&g);
    return rc;
}
#else
int dn_have_planarity(void) { return 0; }

int dn_net_planar(const dn_net *net, int *is_planar, dn_err *err)
{
    (void)is_planar;
    return dn_fail(err, DN_ENOTSUP,
                   "planarity test for %s needs the planarity library: install "
                   "libplanarity-dev and rebuild (make demo does this)",
                   net->spec);
}
#endif

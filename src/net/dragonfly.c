/*
 * dragonfly.c - the dragonfly dragonfly:A:P:H (Kim, Dally, Scott and
 * Abts, 2008), an indirect network (issue 20): G = A H + 1 groups of A
 * routers, all-to-all inside a group; P processors on every router; H
 * global links on every router, and every pair of groups joined by exactly
 * one global link.
 *
 * The arrangement (absolute, "consecutive"): router r of group g owns the
 * global ports j = r H .. r H + H - 1 of its group, and port j of group g
 * leads to the j-th other group, t = j if j < g, else j + 1. The link
 * between groups g and t therefore leaves g from port t (t < g) or t - 1,
 * and lands in t on port g (g < t) or g - 1: one link a pair, H a router.
 *
 * Node ids: processors first, processor c of router r of group g at
 * (g A + r) P + c (labels "p<id>"); then router r of group g at
 * G A P + g A + r (labels "r<g>.<r>").
 *
 * Closed forms (tested against a scan and BFS): edges G A P + G A (A-1)/2
 * + G (G-1)/2; degrees 1 (processors) and P + A - 1 + H (routers);
 * diameter 5 when A >= 2 (processor, router, local, global, local, router,
 * processor: two processors whose routers both lack the link between their
 * groups), 3 when A = 1.
 *
 * Routing (route.c): minimal, local-global-local: to the router that owns
 * the link to the destination's group, over it, then to the destination's
 * router: at most one global hop and 5 hops in all. A path through a third
 * group can be shorter (4 hops) when its landing routers happen to line
 * up; minimal routing does not take it, and tests/test_route.c counts how
 * often BFS finds such a pair.
 */
#include "net_impl.h"

#include <stdio.h>

/* p[0] = A, p[1] = P, p[2] = H, p[3] = G; processors G A P */

static int dragonfly_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t A, P, H, G, procs, routers, n;
    int rc;
    if (argc != 3)
        return dn_fail(err, DN_EINVAL, "expected dragonfly:A:P:H (A routers a group, P "
                                       "processors a router, H global links a router; e.g. "
                                       "dragonfly:4:2:2)");
    if ((rc = dn_spec_int(argv[0], 1, 1 << 16, "A", "dragonfly:A:P:H", &A, err)) ||
        (rc = dn_spec_int(argv[1], 1, 1 << 16, "P", "dragonfly:A:P:H", &P, err)) ||
        (rc = dn_spec_int(argv[2], 1, 1 << 16, "H", "dragonfly:A:P:H", &H, err)))
        return rc;
    G = A * H + 1;
    if (dn_mul_ovf(G, A, &routers) || dn_mul_ovf(routers, P, &procs) ||
        dn_add_ovf(procs, routers, &n) || n > DN_NET_MAX_NODES || 2 * (A + P + H) > (1 << 20))
        return dn_fail(err, DN_ERANGE, "dragonfly:%lld:%lld:%lld is over the limit of 2^50 "
                                       "nodes",
                       (long long)A, (long long)P, (long long)H);
    net->p[0] = A;
    net->p[1] = P;
    net->p[2] = H;
    net->p[3] = G;
    net->n = n;
    net->procs = procs;
    net->edges = procs + G * (A * (A - 1) / 2) + G * (G - 1) / 2;
    net->directed = 0;
    net->max_out = (int)(P + A - 1 + H);
    return DN_OK;
}

int64_t dn_dragonfly_router(const dn_net *net, int64_t g, int64_t r)
{
    return net->p[3] * net->p[0] * net->p[1] + g * net->p[0] + r;
}

/* The global link of group g towards group t != g: its router in g, and
 * the router it lands on in t. */
void dn_dragonfly_link(const dn_net *net, int64_t g, int64_t t, int64_t *from, int64_t *to)
{
    const int64_t H = net->p[2];
    int64_t jg = t < g ? t : t - 1, jt = g < t ? g : g - 1;
    *from = dn_dragonfly_router(net, g, jg / H);
    *to = dn_dragonfly_router(net, t, jt / H);
}

static int dragonfly_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    const int64_t A = net->p[0], P = net->p[1], H = net->p[2], G = net->p[3];
    const int64_t procs = G * A * P;
    int d = 0;
    if (v < procs) {
        out[d++] = procs + v / P;
        return d;
    }
    int64_t x = v - procs, g = x / A, r = x % A;
    for (int64_t c = 0; c < P; c++) /* its processors */
        out[d++] = x * P + c;
    for (int64_t o = 0; o < A; o++) /* its group */
        if (o != r)
            out[d++] = dn_dragonfly_router(net, g, o);
    for (int64_t j = r * H; j < (r + 1) * H; j++) { /* its global links */
        int64_t t = j < g ? j : j + 1, from, to;
        dn_dragonfly_link(net, g, t, &from, &to);
        out[d++] = to;
    }
    return dn_nbr_normalize(out, d, v);
}

static void dragonfly_facts(const dn_net *net, dn_facts *f)
{
    const int64_t A = net->p[0], P = net->p[1], H = net->p[2];
    f->deg_min = 1;
    f->deg_max = P + A - 1 + H;
    f->diameter = A >= 2 ? 5 : 3;
}

static int dragonfly_label(const dn_net *net, int64_t v, char *buf, size_t cap)
{
    const int64_t procs = net->n - net->p[3] * net->p[0];
    int n = v < procs ? snprintf(buf, cap, "p%lld", (long long)v)
                      : snprintf(buf, cap, "r%lld.%lld", (long long)((v - procs) / net->p[0]),
                                 (long long)((v - procs) % net->p[0]));
    return n >= 0 && (size_t)n < cap ? DN_OK : DN_ERANGE;
}

/* "pI" (processor I) or "rG.R" (router R of group G), digits only. */
static int dragonfly_parse_label(const dn_net *net, const char *s, int64_t *v)
{
    const int64_t procs = net->n - net->p[3] * net->p[0];
    int64_t a, b;
    const char *p = s + 1;
    if (s[0] == 'p' && dn_parse_dec_prefix(&p, &a) && !*p) {
        *v = a < procs ? a : -1;
        return 1;
    }
    p = s + 1;
    if (s[0] == 'r' && dn_parse_dec_prefix(&p, &a) && *p++ == '.' &&
        dn_parse_dec_prefix(&p, &b) && !*p) {
        *v = a < net->p[3] && b < net->p[0] ? dn_dragonfly_router(net, a, b) : -1;
        return 1;
    }
    return 0;
}

static void dragonfly_describe(const dn_net *net, char *buf, size_t cap)
{
    snprintf(buf, cap, "dragonfly: %lld groups of %lld routers, %lld processors a router, %lld "
                       "global links a router",
             (long long)net->p[3], (long long)net->p[0], (long long)net->p[1],
             (long long)net->p[2]);
}

/* Hook (hooks.c): minimal local-global-local routes, processor to
 * processor: at most 6 nodes (two processors and four routers). */
static dn_net_routing dragonfly_routing(const dn_net *net, int64_t *max_nodes)
{
    (void)net;
    *max_nodes = 6;
    return DN_NET_ROUTING_MINIMAL;
}

/* Routers (P processors, 2 hops across), groups (A routers, 3 hops: all
 * routers of a group are joined), the machine (G groups: 3 hops when the
 * two routers hold the groups' one global link, 5 at most; see the closed
 * forms above: the diameter is 3 when A = 1). */
static int dragonfly_hierarchy(const dn_net *net, dn_net_hierarchy *h)
{
    const int64_t A = net->p[0], P = net->p[1], G = net->p[3];
    h->levels = 3;
    h->fan[0] = h->size[0] = 1;
    h->fan[1] = P;
    h->fan[2] = A;
    h->fan[3] = G;
    for (int i = 1; i <= 3; i++)
        h->size[i] = h->size[i - 1] * h->fan[i];
    h->dist_min[1] = h->dist_max[1] = 2;
    h->dist_min[2] = h->dist_max[2] = 3;
    h->dist_min[3] = 3;
    h->dist_max[3] = A >= 2 ? 5 : 3;
    return 3;
}

const dn_net_type dn_type_dragonfly = {
    "dragonfly", "dragonfly:A:P:H",
    "dragonfly: A H + 1 groups of A routers, P processors and H global links a router",
    dragonfly_init, dragonfly_neighbors, dragonfly_facts, dragonfly_label,
    dragonfly_parse_label, dragonfly_describe,
    .routing = dragonfly_routing,
    .hierarchy = dragonfly_hierarchy,
};

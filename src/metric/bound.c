/*
 * bound.c - lower bounds beside a placement's figures (issue 31, item 6):
 * what no placement of this tree inside this allocation and these slots
 * can beat, so that a placement's figures say how far from the best they
 * are. Three arguments (docs/placement.md, "Bounds"):
 *
 *  - the partition bound (dilation, hop-bytes). The processors split into
 *    nested parts, each level i a block of consecutive ids
 *    (dn_net_hierarchy_of: fat trees, dragonflies; every other network has
 *    one level, its processors, as level 0 of each hierarchy). If the T
 *    tasks need at least k_i parts of level i (the fewest whose slots hold
 *    T, the roomiest first), the tree being connected, at least k_i - 1 of
 *    its edges join different level-i parts, and such an edge is at least
 *    dist_min[i+1] hops long. With d_0 = 0 and distances growing by level,
 *    the total dilation is at least sum over i of (k_i - 1)(d_(i+1) - d_i)
 *    (each edge pays d_(i+1) - d_i for every level it crosses), and the
 *    hop-bytes at least the same sum over the k_i - 1 lightest weights;
 *  - the degree bound of seed 000 section 6 (dn_metrics' lb_total), for
 *    one-to-one placements (at most one slot a processor) on networks
 *    without switches: every edge at least 1 hop plus the shells' extra
 *    dilation;
 *  - a cut bound for congestion (the most messages on one link over the
 *    run): a task v with deg(v) tree neighbours shares its processor with
 *    at most s - 1 of them (s: the most slots a processor has), so at least
 *    deg(v) - s + 1 of its messages cross that processor's links, of which
 *    it has at most D (the most links an allocated processor has): some
 *    link carries at least ceil((deg(v) - s + 1) / D). Counted by direction
 *    (directed networks, or directed channels), deg(v) counts only v's
 *    children, whose messages leave by the processor's out-links.
 * Slots: a processor's (--slots, --alloc); without either, nothing stops
 * a placement file from piling tasks up, so a processor counts as
 * holding ceil(T / P) or the placement's own largest load, whichever is
 * more: the bound then holds for the placement beside it.
 * An intra-node cost C (dn_embed_opts.intra_cost) makes every edge inside
 * one processor cost C hops. Level 0 is the processors (size 1), s = d_1
 * the fewest hops between two of them. If X >= k_0 - 1 edges leave their
 * processor, each pays s for that level and the levels above pay what
 * they paid: the total is at least B + s (X - k_0 + 1) + C (E - X), the
 * least at X = k_0 - 1 when C <= s: B + min(C, s) (E - k_0 + 1). By
 * weight, with W the total and W_j the j lightest: the crossing edges pay
 * s and the others C a unit of weight, at least C W + (s - C) W_(k_0-1)
 * when C <= s, else s W, plus the levels above.
 * The larger bound is reported for each figure, and which argument gave
 * it. Cost O(T log T + P + levels) (the lightest weights are sorted).
 */
#include "dcnet/metric.h"
#include "../base/args_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_dbl(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int cmp_i64_desc(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x < y) - (x > y);
}

/* The tasks processor p may hold for the bound: its slots; without an
 * allocation or slots (nothing enforced: a placement file may pile tasks
 * up), at least the embedding's own largest load, so that the bound
 * covers the placement it is printed beside. */
static int64_t slots_of(const dn_embed *e, int64_t p, int64_t floor_load)
{
    int64_t c = dn_embed_capacity(e, p);
    return dn_embed_room(e) == 0 && floor_load > c ? floor_load : c;
}

/* The fewest parts of `size` consecutive processors (from 0) whose slots
 * hold T, the roomiest first. room[] is scratch of P / size entries. */
static int64_t parts_needed(const dn_embed *e, int64_t P, int64_t size, int64_t T, int64_t *room,
                            int64_t floor_load)
{
    const int64_t n = P / size;
    for (int64_t j = 0; j < n; j++) {
        room[j] = 0;
        for (int64_t p = j * size; p < (j + 1) * size; p++)
            room[j] += slots_of(e, p, floor_load);
    }
    qsort(room, (size_t)n, sizeof *room, cmp_i64_desc);
    int64_t k = 0, held = 0;
    while (held < T && k < n)
        held += room[k++];
    return k;
}

int dn_bounds_compute(const dn_embed *e, int directed_links, dn_bounds *b, dn_err *err)
{
    DN_NEED(err, e);
    DN_NEED(err, b);
    memset(b, 0, sizeof *b);
    const dn_net *net = dn_embed_net(e);
    const dn_tree *t = dn_embed_tree(e);
    const dn_csr *g = dn_embed_graph(e);
    const int64_t P = dn_net_processors(net), T = t->nodes, E = T - 1;
    b->edges = E;
    b->dilation_by = b->hop_bytes_by = b->congestion_by = "none";
    if (E < 1)
        return DN_OK;
    /* the levels: the hierarchy's, or the processors alone, one hop apart
     * (two when processors meet only through switches) */
    dn_net_hierarchy h;
    int L = dn_net_hierarchy_of(net, &h);
    if (!L) {
        L = 1;
        h.size[0] = 1;
        h.size[1] = P;
        h.dist_min[1] = 2;
        for (int64_t u = 0; u < P && h.dist_min[1] == 2; u++)
            for (int64_t a = g->off[u]; a < g->off[u + 1]; a++)
                if (g->adj[a] < P) {
                    h.dist_min[1] = 1;
                    break;
                }
    }
    int64_t *room = malloc((size_t)P * sizeof *room);
    double *w = malloc((size_t)E * sizeof *w);
    if (!room || !w) {
        free(room);
        free(w);
        return dn_fail(err, DN_ENOMEM, "out of memory for the bounds of %lld tasks",
                       (long long)T);
    }
    for (int64_t v = 1; v < T; v++)
        w[v - 1] = dn_embed_weight(e, v);
    /* the placement's own largest load (counted in room[], then cleared) */
    int64_t floor_load = 0;
    if (dn_embed_room(e) == 0) {
        memset(room, 0, (size_t)P * sizeof *room);
        for (int64_t v = 0; v < T; v++) {
            int64_t q = dn_embed_place(e, v);
            if (++room[q] > floor_load)
                floor_load = room[q];
        }
    }
    qsort(w, (size_t)E, sizeof *w, cmp_dbl);
    /* prefix sums of the lightest weights, in place; every sum here is at
     * most W x (the steps' total, the diameter <= n - 1), finite by the
     * invariant dn_embed_init checks (embed.c, weights_bounded) */
    for (int64_t i = 1; i < E; i++)
        w[i] += w[i - 1];
    double dil = 0, hb = 0, hb0 = 0; /* hb0: level 0's share of hb */
    int64_t cross0 = 0;
    for (int i = 0; i < L; i++) {
        int64_t k = parts_needed(e, P, h.size[i], T, room, floor_load);
        int64_t cross = k - 1 < E ? k - 1 : E;
        int step = h.dist_min[i + 1] - (i ? h.dist_min[i] : 0);
        if (cross > 0 && step > 0) {
            dil += (double)cross * step;
            hb += w[cross - 1] * step;
            if (i == 0) {
                hb0 = w[cross - 1] * step;
            }
        }
        if (i == 0)
            cross0 = cross;
    }
    const double C = dn_embed_intra_cost(e);
    if (C > 0 && h.size[0] == 1) { /* co-located edges cost C each */
        const double s = h.dist_min[1] > 0 ? h.dist_min[1] : 1, W = w[E - 1];
        const double Wx = cross0 > 0 ? w[cross0 - 1] : 0;
        dil += fmin(C, s) * (double)(E - cross0);
        hb = hb - hb0 + (C <= s ? C * W + (s - C) * Wx : s * W);
    }
    b->dilation_total = dil;
    b->hop_bytes = hb;
    b->dilation_by = b->hop_bytes_by = L > 1 || h.dist_min[1] > 1 ? "partition" : "one hop";
    /* one-to-one placements: seed 000's degree bound */
    int64_t smax = 0, dmax = 0;
    for (int64_t p = 0; p < P; p++) {
        int64_t c = slots_of(e, p, floor_load);
        if (c > smax)
            smax = c;
        if (c > 0 && g->off[p + 1] - g->off[p] > dmax)
            dmax = g->off[p + 1] - g->off[p];
    }
    if (smax <= 1 && g->n == P) { /* the shells count processors: no switches */
        int directed = g->directed, d = 0;
        for (int64_t p = 0; p < g->n; p++)
            if (g->off[p + 1] - g->off[p] > d)
                d = (int)(g->off[p + 1] - g->off[p]);
        double lb = 0;
        for (int64_t v = 0; v < T; v++)
            lb += dn_lower_bound_task(dn_tree_num_children(t, v), d, directed);
        if ((double)E + lb > b->dilation_total) {
            b->dilation_total = (double)E + lb;
            b->dilation_by = "degree";
        }
    }
    b->dilation_average = b->dilation_total / (double)E;
    if (dn_embed_weights(e) == DN_WEIGHTS_UNIFORM && b->dilation_total > b->hop_bytes) {
        b->hop_bytes = b->dilation_total; /* weight 1 an edge: the same sum */
        b->hop_bytes_by = b->dilation_by;
    }
    /* congestion: the busiest task's messages through its processor's
     * links; counted by direction (a directed network, or directed
     * channels), only the messages to its children leave by the out-links */
    const int by_direction = directed_links || g->directed;
    int64_t degt = 0;
    for (int64_t v = 0; v < T; v++) {
        int64_t d = dn_tree_num_children(t, v) + (v > 0 && !by_direction);
        if (d > degt)
            degt = d;
    }
    int64_t out = degt - smax + 1;
    if (out > 0 && dmax > 0) {
        b->congestion = (out + dmax - 1) / dmax;
        b->congestion_by = "cut";
    }
    free(room);
    free(w);
    return DN_OK;
}

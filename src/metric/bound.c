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
 *  - the tree cut bound (dilation, hop-bytes; issue 39, item 2). The
 *    edges between different level-i parts, removed, leave connected
 *    pieces each inside one part, so of at most K_i tasks (K_i: the
 *    roomiest level-i part's slots): at least c_i edges cross, c_i the
 *    fewest cuts that split the tree into connected pieces of at most K_i
 *    tasks (Kundu and Misra 1977, dn_tree_pieces: src/embed/map_drb.c), and
 *    by weight at least the least total weight of such a cut (Lukes 1974:
 *    a dynamic program over the tree, for each task and each size s <= K_i
 *    of its piece the least weight cut below it; with unit task sizes and
 *    the tables capped at min(subtree, K_i) entries, O(T K_i) time and
 *    O(T) memory; run while the sum of T K_i <= CUT_DP_CELLS, else the
 *    c_i lightest weights). Each level takes the larger of its two counts
 *    (k_i - 1 and c_i) and of its weighted figures; c_i >= k_i - 1 when
 *    the parts are equal, and on B(n) over equal parts of 2^j the two are
 *    equal (its binomial subtrees fit exactly), while complete:2:8 on
 *    fattree:8:3 needs 1172 hops against the partition's 1160;
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
 * it. Cost O(T log T + P + levels) (the lightest weights are sorted), plus
 * O(T log T) per level for the pieces and O(T K_i) per level for the
 * weighted cut (weights other than uniform).
 */
#include "dcnet/metric.h"
#include "../base/args_impl.h"
#include "../embed/pieces_impl.h"

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
 * hold T, the roomiest first, and in *kmax the roomiest part's slots.
 * room[] is scratch of P / size entries. */
static int64_t parts_needed(const dn_embed *e, int64_t P, int64_t size, int64_t T, int64_t *room,
                            int64_t floor_load, int64_t *kmax)
{
    const int64_t n = P / size;
    for (int64_t j = 0; j < n; j++) {
        room[j] = 0;
        for (int64_t p = j * size; p < (j + 1) * size; p++)
            room[j] += slots_of(e, p, floor_load);
    }
    qsort(room, (size_t)n, sizeof *room, cmp_i64_desc);
    *kmax = n > 0 ? room[0] : 0;
    int64_t k = 0, held = 0;
    while (held < T && k < n)
        held += room[k++];
    return k;
}

/* The weighted cut's dynamic programs run, level by level from the
 * smallest parts up, while the sum of their T K stays within this many
 * table cells (about 0.2 s at the limit, measured on B(15) over
 * fattree:32:3 with log weights; beyond it the lightest weights stand in,
 * a weaker bound). */
#define CUT_DP_CELLS ((int64_t)1 << 24)

/* Lukes (1974) with unit task sizes (pieces_impl.h): for each task v
 * (children before parents: order[] backwards) f_v[s] is the least weight
 * cut inside v's subtree when v's piece holds s tasks (s = 1 ..
 * min(subtree, K)); a child c joins v's piece (sizes add up to at most K)
 * or is cut off (its best plus the weight of its edge). The tables of the
 * tasks whose parent is not done yet cover disjoint subtrees, so memory
 * is O(T); time O(T K) (each merge costs the product of two capped
 * sizes). *out is the root's least entry. */
int dn_tree_least_cut(const dn_tree *t, const int64_t *order, const double *wt, int64_t K,
                      double *out)
{
    const int64_t T = t->nodes;
    double **f = calloc((size_t)T, sizeof *f);
    int64_t *len = calloc((size_t)T, sizeof *len);
    int rc = DN_OK;
    if (!f || !len) {
        rc = DN_ENOMEM;
        goto out;
    }
    for (int64_t i = T - 1; i >= 0; i--) {
        const int64_t v = order[i], nc = dn_tree_num_children(t, v);
        int64_t n = 1; /* the largest piece size held so far */
        double *cur = malloc(2 * sizeof *cur);
        if (!cur) {
            rc = DN_ENOMEM;
            goto out;
        }
        cur[0] = INFINITY;
        cur[1] = 0;
        for (int64_t j = 0; j < nc; j++) {
            const int64_t c = dn_tree_child(t, v, j), lc = len[c];
            double cut = INFINITY;
            for (int64_t b = 1; b <= lc; b++)
                cut = fmin(cut, f[c][b]);
            cut += wt[c];
            const int64_t m = n + lc < K ? n + lc : K;
            double *nf = malloc((size_t)(m + 1) * sizeof *nf);
            if (!nf) {
                free(cur);
                rc = DN_ENOMEM;
                goto out;
            }
            for (int64_t a = 0; a <= m; a++)
                nf[a] = INFINITY;
            for (int64_t a = 1; a <= n; a++) {
                if (cur[a] == INFINITY)
                    continue;
                nf[a] = fmin(nf[a], cur[a] + cut); /* c cut off */
                for (int64_t b = 1; b <= lc && a + b <= K; b++) /* c in v's piece */
                    nf[a + b] = fmin(nf[a + b], cur[a] + f[c][b]);
            }
            free(cur);
            free(f[c]);
            f[c] = NULL;
            cur = nf;
            n = m;
        }
        f[v] = cur;
        len[v] = n;
    }
    *out = INFINITY;
    for (int64_t s = 1; s <= len[0]; s++)
        *out = fmin(*out, f[0][s]);
out:
    if (f)
        for (int64_t v = 0; v < T; v++)
            free(f[v]);
    free(f);
    free(len);
    return rc;
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
    /* the tree cut bound's scratch: a BFS order (parents first), the
     * pieces' residuals and roots, children lists */
    int64_t *order = malloc((size_t)T * sizeof *order), *res = malloc((size_t)T * sizeof *res);
    int64_t *kids = malloc((size_t)T * sizeof *kids), *ktmp = malloc((size_t)T * sizeof *ktmp);
    char *cut = malloc((size_t)T);
    double *wt = NULL;
    int rc = DN_OK;
    if (!room || !w || !order || !res || !kids || !ktmp || !cut) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for the bounds of %lld tasks", (long long)T);
        goto out;
    }
    int64_t qt = 0;
    order[qt++] = 0;
    for (int64_t qh = 0; qh < qt; qh++)
        for (int64_t i = 0, nc = dn_tree_num_children(t, order[qh]); i < nc; i++)
            order[qt++] = dn_tree_child(t, order[qh], i);
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
    /* [0]: the partition argument alone, [1]: with the tree cut; hb0:
     * level 0's share of hb, cross0 and wcross0 its count and weight */
    double dil[2] = {0, 0}, hb[2] = {0, 0}, hb0[2] = {0, 0}, wcross0[2] = {0, 0};
    int64_t cross0[2] = {0, 0}, cells = 0; /* cells: the dynamic programs' so far */
    /* the weighted cut's edge weights by task (weights other than
     * uniform; with uniform ones the count is the weight) */
    if (dn_embed_weights(e) != DN_WEIGHTS_UNIFORM) {
        wt = malloc((size_t)T * sizeof *wt);
        if (!wt) {
            rc = dn_fail(err, DN_ENOMEM, "out of memory for the bounds of %lld tasks",
                         (long long)T);
            goto out;
        }
        wt[0] = 0;
        for (int64_t v = 1; v < T; v++)
            wt[v] = dn_embed_weight(e, v);
    }
    for (int i = 0; i < L; i++) {
        int64_t kmax = 0;
        int64_t k = parts_needed(e, P, h.size[i], T, room, floor_load, &kmax);
        int64_t part = k - 1 < E ? k - 1 : E, cross = part;
        double wpart = part > 0 ? w[part - 1] : 0, wcross = wpart;
        /* the tree cut: pieces of at most kmax tasks */
        if (kmax >= 1 && kmax < T) {
            int64_t c = dn_tree_pieces(t, order, kmax, res, cut, kids, ktmp) - 1;
            if (c > cross)
                cross = c;
            wcross = cross > 0 ? w[cross - 1] : 0;
            if (wt && kmax > 1 && T <= (CUT_DP_CELLS - cells) / kmax) {
                cells += T * kmax;
                double least;
                if (dn_tree_least_cut(t, order, wt, kmax, &least)) {
                    rc = dn_fail(err, DN_ENOMEM, "out of memory for the tree cut bound of "
                                                 "%lld tasks", (long long)T);
                    goto out;
                }
                wcross = fmax(wcross, least);
            }
        }
        const int64_t n[2] = {part, cross};
        const double wn[2] = {wpart, wcross};
        int step = h.dist_min[i + 1] - (i ? h.dist_min[i] : 0);
        for (int j = 0; j < 2; j++) {
            if (step > 0) {
                dil[j] += (double)n[j] * step;
                hb[j] += wn[j] * step;
                if (i == 0)
                    hb0[j] = wn[j] * step;
            }
            if (i == 0) {
                cross0[j] = n[j];
                wcross0[j] = wn[j];
            }
        }
    }
    const double C = dn_embed_intra_cost(e);
    if (C > 0 && h.size[0] == 1) { /* co-located edges cost C each */
        const double s = h.dist_min[1] > 0 ? h.dist_min[1] : 1, W = w[E - 1];
        for (int j = 0; j < 2; j++) {
            dil[j] += fmin(C, s) * (double)(E - cross0[j]);
            hb[j] = hb[j] - hb0[j] + (C <= s ? C * W + (s - C) * wcross0[j] : s * W);
        }
    }
    /* the tree cut's counts are at least the partition's, level by level */
    b->dilation_total = fmax(dil[0], dil[1]);
    b->hop_bytes = fmax(hb[0], hb[1]);
    b->dilation_by = b->hop_bytes_by = L > 1 || h.dist_min[1] > 1 ? "partition" : "one hop";
    if (dil[1] > dil[0])
        b->dilation_by = "tree cut";
    if (hb[1] > hb[0] * (1 + 1e-12)) /* not by the sums' rounding alone */
        b->hop_bytes_by = "tree cut";
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
out:
    free(room);
    free(w);
    free(order);
    free(res);
    free(kids);
    free(ktmp);
    free(cut);
    free(wt);
    return rc;
}

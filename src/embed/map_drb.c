/*
 * map_drb.c - dcnet's own mapping for today's networks (issue 31, item 4):
 * dual recursive bipartitioning in its simplest exact form. Both sides are
 * laid out in an order whose consecutive blocks are recursive halves, and
 * the tasks are dealt to the processors' slots in those orders:
 *
 *  - tasks: depth-first, each task's children by Smith's rule: the least
 *    subtree size per unit of its message's weight first, size(c) / W(c)
 *    (ties: the smaller subtree, the heavier message, then id). Child i of
 *    v lands 1 + the sizes of the children before it after v in this
 *    order, so sum W(c) x that distance is a weighted completion time on
 *    one machine, which Smith's rule (1956) minimises: heavy edges stay
 *    short. Uniform weights give the smallest subtree first. Every
 *    subtree is then a consecutive block, and a block of a task and its
 *    smallest children is a connected piece. For B(n) the blocks at every
 *    power of two are binomial subtrees: the root with its children of
 *    B(0) .. B(k-1) is B(k), and the next 2^k tasks are the child of
 *    B(k). So a 2^k block of processors holds a B(k), with 2^k - 1 of its
 *    edges inside - seed 000's recursive structure of B(n), cut where the
 *    network's parts are;
 *  - processors: the allocated ones with their slots, in an order whose
 *    consecutive blocks are compact: on hierarchical networks (fat trees,
 *    dragonflies: dn_net_hierarchy_of) the ids, whose parts (leaf
 *    switches, routers, groups) are consecutive blocks; on meshes and tori
 *    of any dimension a recursive bisection of the box across its longest
 *    side (a block of 2^k is a sub-box, the N-D form of the seeds' mesh
 *    mappings' recursive halving); on any other network without switches a
 *    recursive bisection by BFS: the processors in order of distance from
 *    the farthest one of a first BFS (within the part), split at half the
 *    part's slots; with switches and no hierarchy, the ids.
 *
 *  - pieces, when a processor holds K >= 2 tasks (slots): Kundu and
 *    Misra's bottom-up partition of the tree into the fewest connected
 *    pieces of at most K tasks (a task keeps its children's residual
 *    pieces while they fit, and cuts the largest off when they do not),
 *    the pieces in the depth-first order of their roots, dealt whole
 *    where the room allows. Both this and the task-by-task deal are made,
 *    and the one with the lower estimated hop-bytes kept (the hierarchy's
 *    or the grid's distances, 1 elsewhere, the intra-node cost inside a
 *    processor; ties: task by task). B(n) keeps its task-by-task deal;
 *    complete:4:4 with 6 slots on fattree:4:3 went from 1.52 to 0.73;
 *  - on grids a second processor order, the boustrophedon (Rubik's fold of
 *    a line onto the box): consecutive processors are neighbours, which a
 *    path-like tree needs (a path of 64 tasks on mesh:8x8: 63 hops,
 *    against 112 in the bisection order). Each deal in each order is made
 *    and the lowest estimate kept (ties: bisection, task by task).
 *
 * So the smallest part that holds the tree is used first (the first leaf
 * switches, the first sub-box), busy subtrees stay under one switch, and
 * the lightest edges are the ones cut. For B(6) on fattree:8:3 it places a
 * B(3) on each leaf switch: 56 edges inside leaves, 7 across, average
 * dilation 140 / 63, the partition bound (docs/placement.md, "Bounds").
 * Time O(T log T + P log P + T levels) (+ O((N + M) log P) for the BFS
 * bisection); memory O(T + P).
 */
#include "embed_impl.h"
#include "pieces_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct drb_ctx {
    const dn_embed *e;
    int64_t *size;    /* subtree sizes (T) */
} drb_ctx;

/* children order: Smith's rule, size / weight ascending (compared as
 * size(x) W(y) < size(y) W(x), so a weight of 0 goes last), then the
 * smaller subtree, the heavier message, the lower id */
static int before(const void *ctx, int64_t x, int64_t y)
{
    const drb_ctx *c = ctx;
    double wx = dn_embed_weight(c->e, x), wy = dn_embed_weight(c->e, y);
    double rx = (double)c->size[x] * wy, ry = (double)c->size[y] * wx;
    if (rx != ry)
        return rx < ry ? -1 : 1;
    if (c->size[x] != c->size[y])
        return c->size[x] < c->size[y] ? -1 : 1;
    if (wx != wy)
        return wx > wy ? -1 : 1;
    return (x > y) - (x < y);
}

/* residuals (ctx: the res[] array), largest first */
static int larger_res(const void *ctx, int64_t x, int64_t y)
{
    const int64_t *res = ctx;
    return (res[x] < res[y]) - (res[x] > res[y]);
}

/* Stable merge sort of a[0 .. n) by cmp (qsort has no context argument,
 * and a global one would be shared state; ties keep their order); tmp: n
 * entries. */
static void sort_tasks(int64_t *a, int64_t *tmp, int64_t n,
                       int (*cmp)(const void *ctx, int64_t x, int64_t y), const void *ctx)
{
    for (int64_t w = 1; w < n; w *= 2) {
        for (int64_t lo = 0; lo < n; lo += 2 * w) {
            int64_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            int64_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = cmp(ctx, a[j], a[i]) < 0 ? a[j++] : a[i++];
            while (i < mid)
                tmp[k++] = a[i++];
            while (j < hi)
                tmp[k++] = a[j++];
        }
        memcpy(a, tmp, (size_t)n * sizeof *a);
    }
}

/* The grid's processors in recursive bisection order of the box [lo, hi)
 * (its longest side halved, the first half first). */
static void grid_order(const dn_net_grid *gr, int64_t *lo, int64_t *hi, int64_t *out,
                       int64_t *n)
{
    int best = 0;
    for (int i = 1; i < gr->dims; i++)
        if (hi[i] - lo[i] > hi[best] - lo[best])
            best = i;
    if (hi[best] - lo[best] <= 1) { /* one node */
        int64_t id = 0;
        for (int i = 0; i < gr->dims; i++)
            id = id * gr->side[i] + lo[i];
        out[(*n)++] = id;
        return;
    }
    int64_t mid = lo[best] + (hi[best] - lo[best] + 1) / 2, keep = hi[best];
    hi[best] = mid;
    grid_order(gr, lo, hi, out, n);
    hi[best] = keep;
    keep = lo[best];
    lo[best] = mid;
    grid_order(gr, lo, hi, out, n);
    lo[best] = keep;
}

/* The allocated processors of a grid in boustrophedon order (Rubik's
 * fold; Bhatele et al. 2012): the last dimension fastest, each dimension
 * reversed when the coordinates before it sum to an odd number, so that
 * consecutive processors are neighbours on any box. Returns 0 (order
 * untouched) when the network is not a grid. O(P dims). */
static int snake_order(const dn_embed *e, int64_t *order)
{
    dn_net_grid gr;
    dn_net_hierarchy h;
    if (dn_net_hierarchy_of(e->net, &h) || !dn_net_grid_of(e->net, &gr))
        return 0;
    const int64_t P = dn_net_processors(e->net);
    int64_t k = 0;
    for (int64_t i = 0; i < P; i++) {
        int64_t digit[DN_NET_GRID_MAX_DIMS], x = i, id = 0, sum = 0;
        for (int d = gr.dims - 1; d >= 0; d--) {
            digit[d] = x % gr.side[d];
            x /= gr.side[d];
        }
        for (int d = 0; d < gr.dims; d++) {
            int64_t c = sum % 2 ? gr.side[d] - 1 - digit[d] : digit[d];
            sum += c;
            id = id * gr.side[d] + c;
        }
        if (dn_embed_cap(e, id) > 0)
            order[k++] = id;
    }
    return 1;
}

/* Recursive BFS bisection of list[0 .. n) (processors of a network
 * without switches) in place: BFS within the part from its first
 * processor, again from the farthest one found, the part sorted by that
 * distance (stable), split where half its slots are reached. dist and
 * queue: N entries of scratch; in[] marks the part (1). */
static void bfs_order(const dn_embed *e, int64_t *list, int64_t n, int32_t *dist, int64_t *queue,
                      char *in, int64_t *tmp)
{
    if (n <= 2)
        return;
    const dn_csr *g = &e->g;
    for (int64_t i = 0; i < n; i++)
        in[list[i]] = 1;
    int64_t src = list[0], far = src;
    for (int round = 0; round < 2; round++) {
        for (int64_t i = 0; i < n; i++)
            dist[list[i]] = -1;
        int64_t qh = 0, qt = 0;
        queue[qt++] = src;
        dist[src] = 0;
        while (qh < qt) {
            int64_t u = queue[qh++];
            far = u;
            for (int64_t a = g->off[u]; a < g->off[u + 1]; a++) {
                int64_t v = g->adj[a];
                if (in[v] && dist[v] < 0) {
                    dist[v] = dist[u] + 1;
                    queue[qt++] = v;
                }
            }
        }
        src = far;
    }
    /* counting sort by distance from far (unreached last), stable */
    int64_t maxd = 0;
    for (int64_t i = 0; i < n; i++)
        if (dist[list[i]] > maxd)
            maxd = dist[list[i]];
    int64_t k = 0;
    for (int64_t d = 0; d <= maxd + 1; d++)
        for (int64_t i = 0; i < n; i++)
            if ((d <= maxd && dist[list[i]] == d) || (d == maxd + 1 && dist[list[i]] < 0))
                tmp[k++] = list[i];
    memcpy(list, tmp, (size_t)n * sizeof *list);
    for (int64_t i = 0; i < n; i++)
        in[list[i]] = 0;
    int64_t room = 0, half = 0, cut = 0;
    for (int64_t i = 0; i < n; i++)
        room += dn_embed_cap(e, list[i]);
    while (cut < n - 1 && 2 * (half + dn_embed_cap(e, list[cut])) <= room)
        half += dn_embed_cap(e, list[cut++]);
    if (cut == 0)
        cut = 1;
    bfs_order(e, list, cut, dist, queue, in, tmp);
    bfs_order(e, list + cut, n - cut, dist, queue, in, tmp);
}

/* The allocated processors in the mapping's order (see the top). */
static int proc_order(const dn_embed *e, int64_t *order, dn_err *err)
{
    const int64_t P = dn_net_processors(e->net), A = e->alloc_n;
    dn_net_hierarchy h;
    dn_net_grid gr;
    int64_t n = 0;
    if (!dn_net_hierarchy_of(e->net, &h) && dn_net_grid_of(e->net, &gr)) {
        int64_t lo[DN_NET_GRID_MAX_DIMS] = {0}, hi[DN_NET_GRID_MAX_DIMS];
        for (int i = 0; i < gr.dims; i++)
            hi[i] = gr.side[i];
        int64_t *all = malloc((size_t)P * sizeof *all);
        if (!all)
            return dn_fail(err, DN_ENOMEM, "out of memory for the order of %lld processors",
                           (long long)P);
        grid_order(&gr, lo, hi, all, &n);
        int64_t k = 0;
        for (int64_t i = 0; i < n; i++)
            if (dn_embed_cap(e, all[i]) > 0)
                order[k++] = all[i];
        free(all);
        return DN_OK;
    }
    for (int64_t i = 0; i < A; i++)
        order[i] = dn_embed_alloc_at(e, i);
    if (h.levels || e->g.n != P)
        return DN_OK; /* ids: the hierarchy's parts; or switches without one */
    int32_t *dist = malloc((size_t)e->g.n * sizeof *dist);
    int64_t *queue = malloc((size_t)e->g.n * sizeof *queue);
    int64_t *tmp = malloc((size_t)A * sizeof *tmp);
    char *in = calloc((size_t)e->g.n, 1);
    int rc = DN_OK;
    if (!dist || !queue || !tmp || !in)
        rc = dn_fail(err, DN_ENOMEM, "out of memory for the order of %lld processors",
                     (long long)P);
    else
        bfs_order(e, order, A, dist, queue, in, tmp);
    free(dist);
    free(queue);
    free(tmp);
    free(in);
    return rc;
}

/* Deals tasks[0 .. T) to the processors in order: with piece (a piece
 * number per task, equal along a piece's run in tasks[]), a piece that does
 * not fit the current processor's room moves to the next one while the
 * room left after it still holds every task left, else it is split;
 * without, task by task. Into out[task]. */
static void deal(const dn_embed *e, const int64_t *order, const int64_t *tasks,
                 const int64_t *piece, int64_t T, int32_t *out)
{
    int64_t room_left = 0, slot_proc = 0, used = 0;
    for (int64_t i = 0; i < e->alloc_n; i++)
        room_left += dn_embed_cap(e, order[i]);
    for (int64_t i = 0; i < T;) {
        int64_t len = 1;
        while (piece && i + len < T && piece[tasks[i + len]] == piece[tasks[i]])
            len++;
        int64_t room = dn_embed_cap(e, order[slot_proc]) - used;
        if (len > room && room > 0 && room_left - room >= T - i) {
            room_left -= room; /* leave the rest of this processor empty */
            slot_proc++;
            used = 0;
        }
        for (int64_t k = 0; k < len; k++, i++) {
            while (used >= dn_embed_cap(e, order[slot_proc])) { /* next with room */
                slot_proc++;
                used = 0;
            }
            out[tasks[i]] = (int32_t)order[slot_proc];
            used++;
            room_left--;
        }
    }
}

/* Hops between processors p and q as drb estimates them before any route
 * exists: the least distance across their smallest common part on a
 * hierarchy, the grid distance (with wraparound) on a grid, else 1; the
 * intra-node cost on one processor. */
static double est_hops(const dn_embed *e, const dn_net_hierarchy *h, const dn_net_grid *gr,
                       int64_t p, int64_t q)
{
    if (p == q)
        return e->intra_cost;
    if (h->levels) {
        int i = 1;
        while (i < h->levels && p / h->size[i] != q / h->size[i])
            i++;
        return h->dist_min[i];
    }
    if (gr->dims) {
        int64_t d = 0;
        for (int k = gr->dims - 1; k >= 0; k--) {
            int64_t a = p % gr->side[k], b = q % gr->side[k], x = a > b ? a - b : b - a;
            if (gr->wrap && gr->side[k] - x < x)
                x = gr->side[k] - x;
            d += x;
            p /= gr->side[k];
            q /= gr->side[k];
        }
        return (double)d;
    }
    return 1;
}

/* Estimated hop-bytes of a placement: sum of W(v) x est_hops. O(T levels). */
static double est_cost(const dn_embed *e, const int32_t *place)
{
    dn_net_hierarchy h;
    dn_net_grid gr;
    if (!dn_net_hierarchy_of(e->net, &h))
        (void)dn_net_grid_of(e->net, &gr);
    else
        gr.dims = 0;
    double c = 0;
    for (int64_t v = 1; v < e->tree->nodes; v++)
        c += dn_embed_weight(e, v) *
             est_hops(e, &h, &gr, place[v], place[dn_tree_parent(e->tree, v)]);
    return c;
}

/* Kundu & Misra's pieces (pieces_impl.h): also the tree cut bound's
 * count (src/metric/bound.c), so both use this one definition. */
int64_t dn_tree_pieces(const dn_tree *t, const int64_t *order, int64_t K, int64_t *res,
                       char *cut, int64_t *kids, int64_t *ktmp)
{
    int64_t pieces = 0;
    for (int64_t i = t->nodes - 1; i >= 0; i--) {
        int64_t v = order[i], nc = dn_tree_num_children(t, v), r = 1;
        for (int64_t j = 0; j < nc; j++) {
            kids[j] = dn_tree_child(t, v, j);
            r += res[kids[j]];
        }
        cut[v] = v == 0;
        if (r > K) { /* cut the largest residuals off (ties: the earlier child) */
            sort_tasks(kids, ktmp, nc, larger_res, res);
            for (int64_t j = 0; j < nc && r > K; j++) {
                cut[kids[j]] = 1;
                r -= res[kids[j]];
            }
        }
        res[v] = r;
    }
    for (int64_t v = 0; v < t->nodes; v++)
        pieces += cut[v];
    return pieces;
}

int dn_embed_drb(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    if (o->root >= 0)
        return dn_fail_param(err, DN_EINVAL, "root", "mapping drb chooses all placements "
                                                     "itself; a root is not supported");
    const dn_tree *t = e->tree;
    const int64_t T = t->nodes;
    int rc = dn_embed_alloc_place(e, err);
    if (rc)
        return rc;
    drb_ctx c = {e, malloc((size_t)T * sizeof(int64_t))};
    int64_t *stack = malloc((size_t)T * sizeof *stack);
    int64_t *kids = malloc((size_t)T * sizeof *kids);
    int64_t *ktmp = malloc((size_t)T * sizeof *ktmp);
    int64_t *order = malloc((size_t)e->alloc_n * sizeof *order);
    int64_t *seq = malloc((size_t)T * sizeof *seq), *res = malloc((size_t)T * sizeof *res);
    int64_t *piece = malloc((size_t)T * sizeof *piece);
    int64_t *start = malloc((size_t)(T + 1) * sizeof *start);
    char *cut = malloc((size_t)T);
    int32_t *alt = malloc((size_t)T * sizeof *alt);
    if (!c.size || !stack || !kids || !ktmp || !order || !seq || !res || !piece || !start ||
        !cut || !alt) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for mapping drb of %lld tasks",
                     (long long)T);
        goto out;
    }
    /* subtree sizes: children have larger ids than parents in no tree
     * kind dcnet promises, so count by a reverse BFS order */
    int64_t qt = 0;
    stack[qt++] = 0;
    for (int64_t qh = 0; qh < qt; qh++)
        for (int64_t i = 0, nc = dn_tree_num_children(t, stack[qh]); i < nc; i++)
            stack[qt++] = dn_tree_child(t, stack[qh], i);
    for (int64_t i = qt - 1; i >= 0; i--) {
        int64_t v = stack[i];
        c.size[v] = 1;
        for (int64_t j = 0, nc = dn_tree_num_children(t, v); j < nc; j++)
            c.size[v] += c.size[dn_tree_child(t, v, j)];
    }
    if ((rc = proc_order(e, order, err)))
        goto out;
    /* depth-first in Smith's order: push the children last-first */
    int64_t sp = 0, ns = 0;
    stack[sp++] = 0;
    while (sp > 0) {
        int64_t v = stack[--sp];
        seq[ns++] = v;
        int64_t nc = dn_tree_num_children(t, v);
        for (int64_t j = 0; j < nc; j++)
            kids[j] = dn_tree_child(t, v, j);
        sort_tasks(kids, ktmp, nc, before, &c);
        for (int64_t j = nc - 1; j >= 0; j--)
            stack[sp++] = kids[j];
    }
    /* Pieces (Kundu & Misra 1977, dn_tree_pieces): bottom-up, a task keeps its children's
     * residual pieces while they fit K = the fewest slots of a processor,
     * and cuts the largest ones off when they do not; the fewest connected
     * pieces of at most K tasks, so the fewest tree edges between
     * processors that pieces kept whole can give. res[] is each task's
     * residual, cut[] marks the pieces' roots. With K = 1 every task is a
     * piece and the order below is the depth-first one. */
    int64_t K = INT64_MAX;
    for (int64_t i = 0; i < e->alloc_n; i++)
        if (dn_embed_cap(e, order[i]) < K)
            K = dn_embed_cap(e, order[i]);
    (void)dn_tree_pieces(t, seq, K, res, cut, kids, ktmp);
    /* the pieces in the depth-first order of their roots, each piece's
     * tasks in depth-first order: piece[v] numbers v's piece */
    int64_t npieces = 0;
    for (int64_t i = 0; i < T; i++) {
        int64_t v = seq[i];
        piece[v] = cut[v] ? npieces++ : piece[dn_tree_parent(t, v)];
    }
    for (int64_t p = 0; p <= npieces; p++)
        start[p] = 0;
    for (int64_t i = 0; i < T; i++)
        start[piece[seq[i]] + 1]++;
    for (int64_t p = 0; p < npieces; p++)
        start[p + 1] += start[p];
    for (int64_t i = 0; i < T; i++)
        stack[start[piece[seq[i]]]++] = seq[i]; /* stack: the tasks piece by piece */
    /* Two orders dealt: task by task (depth-first: what B(n) needs) and
     * piece by piece; the one with the lower estimated cost is kept (ties:
     * depth-first). */
    double best = INFINITY;
    for (int folded = 0; folded < 2; folded++) {
        if (folded && !snake_order(e, order)) /* grids only: Rubik's fold */
            break;
        for (int pieces = 0; pieces < 2; pieces++) {
            deal(e, order, pieces ? stack : seq, pieces ? piece : NULL, T, alt);
            const double cost = est_cost(e, alt);
            if (cost < best) { /* ties: the earlier */
                best = cost;
                for (int64_t v = 0; v < T; v++)
                    e->place[v] = alt[v];
            }
        }
    }
out:
    free(alt);
    free(seq);
    free(res);
    free(piece);
    free(start);
    free(cut);
    free(c.size);
    free(stack);
    free(kids);
    free(ktmp);
    free(order);
    return rc;
}

const dn_map_type dn_map_drb = {
    .name = "drb",
    .kind = MAP_DRB,
    .summary = "dual recursive bipartitioning: the tree depth-first (Smith's order) or in "
               "connected pieces, dealt to the processors in compact order (switch subtrees, "
               "sub-boxes or a fold, BFS halves)",
    .nets = "any",
    .trees = "any",
    .example = "fattree:4:2 binomial:3",
    .init = dn_embed_drb,
};

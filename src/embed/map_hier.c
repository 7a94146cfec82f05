/*
 * map_hier.c - `--map hier` (issue 39 item 1): top-down placement through the
 * network's hierarchy, the way the strongest outside mappers (KaHIP's
 * mapping, SharedMap, SCOTCH's dual recursive bipartitioning) work.
 *
 * The processors are split recursively into two parts along the
 * network's own structure: on fat trees and dragonflies
 * (dn_net_hierarchy_of) at the boundary of the coarsest parts (pods,
 * leaf switches, groups, routers) nearest the middle, so a part of the
 * split tree is a union of whole switch subtrees; on meshes and tori
 * across the longest side of the box (each part an aligned sub-box); on
 * other networks the id range in halves. Top-down, breadth first, the
 * tasks of each part are split between its two halves with an exact
 * dynamic program over the tree (the task set is a forest, the tree
 * restricted to the part): the least weight of tree edges cut, among the
 * splits whose sizes fit both halves' slots, the knapsack on trees
 * (f_v[side of v][tasks on side 0 in v's subtree], children merged one by
 * one; O(n^2) a split, Kundu and Misra's connected-pieces view in its
 * exact weighted form). On grids a task also pays, per side, the weighted
 * distance from that half's centre to the part its outside neighbours sit
 * in (terminal propagation), since there the halves are not equally far
 * from the rest. Ties: the split nearest the halves' share of the slots.
 * A part of one processor takes all its tasks.
 *
 * The construction is the start; `--map best` searches from it
 * (refinement with moves and swaps, incremental gains: refine.c), which
 * is where the rows of issue 39 reach the outside tools' figures.
 *
 * Large splits fall back to the depth-first order: when a part holds more
 * than HIER_DP_MAX tasks or the program's choice table would pass
 * HIER_CHOICE_MAX entries, the part's tasks (kept in depth-first order)
 * are cut at the share, which keeps subtrees whole (drb's deal).
 * Time O(sum over splits of n^2) <= O(T^2 log P) with the DP (in practice
 * the subtree sizes bound the merges: O(T log T) a level on balanced
 * trees), O(P log P) for the processor tree; memory O(T + P + choices).
 */
#include "embed_impl.h"
#include "../base/dn_assert.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define HIER_DP_MAX 4096
#define HIER_CHOICE_MAX ((int64_t)1 << 23)

/* a part of the processors: positions [lo, hi) of pord, two halves or a
 * leaf (one processor), its slots, and on grids its box's centre */
typedef struct pblk {
    int64_t lo, hi;
    int64_t kid[2];
    int64_t cap;
    int64_t tlo, thi; /* its tasks: tk[tlo .. thi) */
    double centre[DN_NET_GRID_MAX_DIMS];
} pblk;

typedef struct hctx {
    dn_embed *e;
    const dn_tree *t;
    int64_t T, P;
    dn_net_grid gr;
    dn_net_hierarchy h;
    int grid, hier;
    int64_t *pord, np;       /* processors in part order */
    pblk *b;
    int64_t nb;
    int64_t *tk;             /* tasks, each part's a segment in depth-first order */
    int64_t *tblk;           /* the finest part decided for each task */
    int64_t *pre;            /* position of each task in its part's segment */
    int64_t *gpre, *gsz;     /* depth-first position in the tree, subtree size */
    /* the split's dynamic program */
    int64_t *order;          /* the part's tasks in depth-first order (reversed: post) */
    int64_t *stk;            /* tables on the stack: node, size, offset */
    int64_t *ssz, *soff;
    double *arena, *acc, *nxt;
    int32_t *ch;             /* choices of every merge */
    int64_t nch, chcap;
    int64_t *mnode, *mprefix, *moff; /* merges: child, size after, choice offset */
    int64_t *mfirst, *mcount;        /* per task (and the virtual root at T) */
    int64_t nm;
    double *tc;              /* terminal costs, 2 a task */
    int64_t *todo;           /* reconstruction stack: node, side, count */
    int64_t *tmp;
} hctx;

static double cdist(const hctx *c, const double *a, const double *b)
{
    double d = 0;
    for (int i = 0; i < c->gr.dims; i++) {
        double x = fabs(a[i] - b[i]);
        if (c->gr.wrap && (double)c->gr.side[i] - x < x)
            x = (double)c->gr.side[i] - x;
        d += x;
    }
    return d;
}

static int64_t new_blk(hctx *c, int64_t lo, int64_t hi)
{
    pblk *b = &c->b[c->nb];
    b->lo = lo;
    b->hi = hi;
    b->kid[0] = b->kid[1] = -1;
    b->cap = 0;
    for (int64_t i = lo; i < hi; i++)
        b->cap += dn_embed_cap(c->e, c->pord[i]);
    return c->nb++;
}

/* grids: the box [lo, hi) bisected across its longest side (the first half
 * the larger), processors appended to pord; returns the part */
static int64_t grid_tree(hctx *c, int64_t *lo, int64_t *hi)
{
    int best = 0;
    for (int i = 1; i < c->gr.dims; i++)
        if (hi[i] - lo[i] > hi[best] - lo[best])
            best = i;
    const int64_t start = c->np;
    int64_t kid[2] = {-1, -1};
    if (hi[best] - lo[best] <= 1) {
        int64_t id = 0;
        for (int i = 0; i < c->gr.dims; i++)
            id = id * c->gr.side[i] + lo[i];
        c->pord[c->np++] = id;
    } else {
        int64_t mid = lo[best] + (hi[best] - lo[best] + 1) / 2, keep = hi[best];
        hi[best] = mid;
        kid[0] = grid_tree(c, lo, hi);
        hi[best] = keep;
        keep = lo[best];
        lo[best] = mid;
        kid[1] = grid_tree(c, lo, hi);
        lo[best] = keep;
    }
    int64_t id = new_blk(c, start, c->np);
    c->b[id].kid[0] = kid[0];
    c->b[id].kid[1] = kid[1];
    for (int i = 0; i < c->gr.dims; i++)
        c->b[id].centre[i] = 0.5 * (double)(lo[i] + hi[i] - 1);
    return id;
}

/* ids [lo, hi): split at the boundary of the coarsest parts of the
 * hierarchy that the range holds more than one of (the first half
 * ceil(parts / 2) of them); without a hierarchy in halves */
static int64_t id_tree(hctx *c, int64_t lo, int64_t hi)
{
    int64_t kid[2] = {-1, -1};
    if (hi - lo > 1) {
        int64_t mid = lo + (hi - lo + 1) / 2;
        if (c->hier)
            for (int i = c->h.levels - 1; i >= 0; i--) {
                int64_t S = c->h.size[i];
                if (hi - lo > S) {
                    int64_t parts = (hi - lo + S - 1) / S;
                    mid = lo + (parts + 1) / 2 * S;
                    break;
                }
            }
        kid[0] = id_tree(c, lo, mid);
        kid[1] = id_tree(c, mid, hi);
    }
    int64_t id = new_blk(c, lo, hi);
    c->b[id].kid[0] = kid[0];
    c->b[id].kid[1] = kid[1];
    return id;
}

static int in_part(const hctx *c, int64_t v, int64_t b)
{
    return v >= 0 && c->tblk[v] == b;
}

/* merge the child table (fc, sc) into the accumulated table c->acc of
 * size m (entries 0 .. m a side) across an edge of weight w; the new
 * table goes to c->nxt (then swapped in), the choices to c->ch */
static void merge(hctx *c, int64_t m, const double *fc, int64_t sc, double w, int32_t *ch)
{
    const int64_t M = m + sc;
    for (int s = 0; s < 2; s++) {
        double *nw = c->nxt + s * (M + 1);
        const double *a = c->acc + s * (m + 1);
        const double *g = fc + s * (sc + 1), *gf = fc + (1 - s) * (sc + 1);
        int32_t *cs = ch + s * (M + 1);
        for (int64_t k = 0; k <= M; k++) {
            nw[k] = INFINITY;
            cs[k] = 0;
        }
        for (int64_t k1 = 0; k1 <= m; k1++) {
            if (a[k1] == INFINITY)
                continue;
            for (int64_t k2 = 0; k2 <= sc; k2++) {
                double g0 = g[k2], g1 = gf[k2] + w;
                int flip = g1 < g0;
                double val = a[k1] + (flip ? g1 : g0);
                if (val < nw[k1 + k2]) {
                    nw[k1 + k2] = val;
                    cs[k1 + k2] = (int32_t)(k2 << 1 | flip);
                }
            }
        }
    }
    double *x = c->acc;
    c->acc = c->nxt;
    c->nxt = x;
}

/* Starts node v's merges: records where they go. Returns 0, or -1 when
 * the choice table would pass HIER_CHOICE_MAX. */
static int reserve(hctx *c, int64_t M, int32_t **out)
{
    int64_t need = 2 * (M + 1);
    if (c->nch + need > c->chcap) {
        int64_t cap = c->chcap ? c->chcap : 1 << 14;
        while (cap < c->nch + need)
            cap *= 2;
        if (cap > HIER_CHOICE_MAX)
            return -1;
        int32_t *n = realloc(c->ch, (size_t)cap * sizeof *n);
        if (!n)
            return -2;
        c->ch = n;
        c->chcap = cap;
    }
    *out = c->ch + c->nch;
    c->nch += need;
    return 0;
}

/* The split of part b's n tasks between its halves by the dynamic
 * program: side[v] 0 or 1 in c->tmp indexed by the task's position.
 * Returns 1 when done, 0 to fall back (too large), < 0 out of memory.
 * Tasks not in b are not touched. kmin .. kmax: tasks half 0 may take,
 * target: its share. */
static int dp_split(hctx *c, int64_t bi, int64_t kmin, int64_t kmax, double target,
                    int64_t *sidecount, char *side)
{
    const pblk *b = &c->b[bi];
    const int64_t n = b->thi - b->tlo;
    if (n > HIER_DP_MAX)
        return 0;
    const dn_tree *t = c->t;
    /* the part's forest in depth-first order: tk's segment is already in
     * the tree's depth-first order, in which every subtree of the forest
     * is contiguous too (a subset keeps the order of a preorder) */
    const int64_t *seg = c->tk + b->tlo;
    /* terminal costs: grids only, the weighted distance from each half's
     * centre to the parts the outside neighbours are in */
    for (int64_t i = 0; i < n; i++) {
        int64_t v = seg[i];
        double t0 = 0, t1 = 0;
        if (c->grid) {
            const double *c0 = c->b[b->kid[0]].centre, *c1 = c->b[b->kid[1]].centre;
            int64_t p = dn_tree_parent(t, v);
            if (p >= 0 && !in_part(c, p, bi)) {
                double w = dn_embed_weight(c->e, v);
                t0 += w * cdist(c, c0, c->b[c->tblk[p]].centre);
                t1 += w * cdist(c, c1, c->b[c->tblk[p]].centre);
            }
            for (int64_t j = 0, nc = dn_tree_num_children(t, v); j < nc; j++) {
                int64_t u = dn_tree_child(t, v, j);
                if (in_part(c, u, bi))
                    continue;
                double w = dn_embed_weight(c->e, u);
                t0 += w * cdist(c, c0, c->b[c->tblk[u]].centre);
                t1 += w * cdist(c, c1, c->b[c->tblk[u]].centre);
            }
        }
        c->tc[2 * i] = t0;
        c->tc[2 * i + 1] = t1;
        c->pre[v] = i; /* position within the segment, for the tables */
    }
    /* post-order = the reversed preorder: a node's children's tables are
     * the top of the stack when it comes */
    c->nch = 0;
    c->nm = 0;
    int64_t sp = 0, top = 0; /* tables on the stack; arena doubles used */
    for (int64_t i = n - 1; i >= -1; i--) {
        const int root = i < 0; /* the virtual root over the components */
        const int64_t v = root ? -1 : seg[i];
        const int64_t slot = root ? n : i;
        /* the tables on the top of the stack in v's tree subtree: its
         * children in the part, merged across their edge, and the roots
         * of components nested below a task outside the part, merged at
         * weight 0 (each takes its better side whatever v's: the merge's
         * min over both); for the virtual root every table left */
        int64_t nk = 0;
        while (nk < sp) {
            int64_t u = c->stk[sp - 1 - nk];
            if (!root && c->gpre[u] >= c->gpre[v] + c->gsz[v])
                break;
            nk++;
        }
        int64_t m;
        if (root) {
            m = 0;
            c->acc[0] = 0;
            c->acc[1] = INFINITY;
        } else {
            m = 1;
            c->acc[0] = INFINITY;
            c->acc[1] = c->tc[2 * i];
            c->acc[2] = c->tc[2 * i + 1];
            c->acc[3] = INFINITY;
        }
        c->mfirst[slot] = c->nm;
        c->mcount[slot] = nk;
        for (int64_t k = 0; k < nk; k++) {
            const int64_t j = sp - 1 - k;
            const int64_t u = c->stk[j], sc = c->ssz[j];
            int32_t *ch;
            int r = reserve(c, m + sc, &ch);
            if (r)
                return r == -1 ? 0 : -1;
            c->mnode[c->nm] = u;
            c->mprefix[c->nm] = m + sc;
            c->moff[c->nm] = ch - c->ch;
            c->nm++;
            const double w = !root && dn_tree_parent(t, u) == v ? dn_embed_weight(c->e, u) : 0;
            merge(c, m, c->arena + c->soff[j], sc, w, ch);
            m += sc;
        }
        sp -= nk;
        top = sp > 0 ? c->soff[sp - 1] + 2 * (c->ssz[sp - 1] + 1) : 0;
        if (root)
            break;
        c->stk[sp] = v;
        c->ssz[sp] = m;
        c->soff[sp] = top;
        memcpy(c->arena + top, c->acc, (size_t)(2 * (m + 1)) * sizeof *c->acc);
        sp++;
    }
    /* the virtual root's table: tasks on half 0 -> least cut */
    int64_t kbest = -1;
    for (int64_t k = kmin; k <= kmax; k++) {
        double f = c->acc[k];
        if (f == INFINITY)
            continue;
        if (kbest < 0 || f < c->acc[kbest] ||
            (f == c->acc[kbest] && fabs((double)k - target) < fabs((double)kbest - target)))
            kbest = k;
    }
    if (kbest < 0)
        return 0;
    *sidecount = kbest;
    /* down from the root: each node's merges undone last first */
    int64_t nt = 0;
    c->todo[nt++] = -1;
    c->todo[nt++] = 0;
    c->todo[nt++] = kbest;
    while (nt > 0) {
        int64_t k = c->todo[--nt], s = c->todo[--nt], v = c->todo[--nt];
        int64_t slot = v < 0 ? n : c->pre[v];
        if (v >= 0)
            side[slot] = (char)s;
        for (int64_t q = c->mcount[slot] - 1; q >= 0; q--) {
            int64_t mi = c->mfirst[slot] + q, M = c->mprefix[mi];
            int32_t code = c->ch[c->moff[mi] + s * (M + 1) + k];
            int64_t k2 = code >> 1, cs = s ^ (code & 1);
            c->todo[nt++] = c->mnode[mi];
            c->todo[nt++] = cs;
            c->todo[nt++] = k2;
            k -= k2;
        }
        DN_ASSERT(k == (v >= 0 && s == 0));
    }
    return 1;
}

int dn_embed_hier(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    if (o->root >= 0)
        return dn_fail_param(err, DN_EINVAL, "root", "mapping hier chooses all placements "
                                                      "itself; a root is not supported");
    const dn_tree *t = e->tree;
    const int64_t T = t->nodes, P = dn_net_processors(e->net);
    int rc = dn_embed_alloc_place(e, err);
    if (rc)
        return rc;
    hctx c;
    memset(&c, 0, sizeof c);
    c.e = e;
    c.t = t;
    c.T = T;
    c.P = P;
    c.hier = dn_net_hierarchy_of(e->net, &c.h) > 0;
    c.grid = !c.hier && dn_net_grid_of(e->net, &c.gr) > 0;
    const int64_t D = T < HIER_DP_MAX ? T : HIER_DP_MAX;
    c.pord = malloc((size_t)P * sizeof *c.pord);
    c.b = malloc((size_t)(2 * P) * sizeof *c.b);
    c.tk = malloc((size_t)T * sizeof *c.tk);
    c.tblk = malloc((size_t)T * sizeof *c.tblk);
    c.pre = malloc((size_t)T * sizeof *c.pre);
    c.gpre = malloc((size_t)T * sizeof *c.gpre);
    c.gsz = malloc((size_t)T * sizeof *c.gsz);
    c.stk = malloc((size_t)(D + 1) * sizeof *c.stk);
    c.ssz = malloc((size_t)(D + 1) * sizeof *c.ssz);
    c.soff = malloc((size_t)(D + 1) * sizeof *c.soff);
    c.arena = malloc((size_t)(4 * (D + 2)) * sizeof *c.arena);
    c.acc = malloc((size_t)(2 * (D + 2)) * sizeof *c.acc);
    c.nxt = malloc((size_t)(2 * (D + 2)) * sizeof *c.nxt);
    c.mnode = malloc((size_t)(D + 1) * sizeof *c.mnode);
    c.mprefix = malloc((size_t)(D + 1) * sizeof *c.mprefix);
    c.moff = malloc((size_t)(D + 1) * sizeof *c.moff);
    c.mfirst = malloc((size_t)(D + 1) * sizeof *c.mfirst);
    c.mcount = malloc((size_t)(D + 1) * sizeof *c.mcount);
    c.tc = malloc((size_t)(2 * D + 2) * sizeof *c.tc);
    c.todo = malloc((size_t)(3 * D + 3) * sizeof *c.todo);
    c.tmp = malloc((size_t)T * sizeof *c.tmp);
    int64_t *queue = malloc((size_t)(2 * P) * sizeof *queue);
    char *side = malloc((size_t)T);
    if (!c.pord || !c.b || !c.tk || !c.tblk || !c.pre || !c.gpre || !c.gsz || !c.stk || !c.ssz || !c.soff ||
        !c.arena || !c.acc || !c.nxt || !c.mnode || !c.mprefix || !c.moff || !c.mfirst ||
        !c.mcount || !c.tc || !c.todo || !c.tmp || !queue || !side) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for mapping hier of %lld tasks",
                     (long long)T);
        goto out;
    }
    /* the processors' split tree */
    int64_t rootb;
    if (c.grid) {
        int64_t lo[DN_NET_GRID_MAX_DIMS] = {0}, hi[DN_NET_GRID_MAX_DIMS];
        for (int i = 0; i < c.gr.dims; i++)
            hi[i] = c.gr.side[i];
        rootb = grid_tree(&c, lo, hi);
    } else {
        for (int64_t p = 0; p < P; p++)
            c.pord[p] = p;
        c.np = P;
        rootb = id_tree(&c, 0, P);
    }
    /* the tasks in depth-first order (children in the tree's order) */
    {
        int64_t sp = 0, n = 0;
        c.tmp[sp++] = 0;
        while (sp > 0) {
            int64_t v = c.tmp[--sp];
            c.tk[n++] = v;
            for (int64_t j = dn_tree_num_children(t, v) - 1; j >= 0; j--)
                c.tmp[sp++] = dn_tree_child(t, v, j);
        }
        for (int64_t i = 0; i < T; i++) {
            c.tblk[i] = rootb;
            c.gpre[c.tk[i]] = i;
            c.gsz[i] = 1;
        }
        for (int64_t i = T - 1; i > 0; i--) /* children after parents in preorder */
            c.gsz[dn_tree_parent(t, c.tk[i])] += c.gsz[c.tk[i]];
    }
    c.b[rootb].tlo = 0;
    c.b[rootb].thi = T;
    /* breadth first: every task's part is of the same depth or one finer
     * when a split reads its neighbours' (terminal costs) */
    int64_t qh = 0, qt = 0;
    queue[qt++] = rootb;
    while (qh < qt) {
        const int64_t bi = queue[qh++];
        pblk *b = &c.b[bi];
        const int64_t n = b->thi - b->tlo;
        if (b->kid[0] < 0) { /* one processor: all its tasks */
            for (int64_t i = b->tlo; i < b->thi; i++)
                e->place[c.tk[i]] = (int32_t)c.pord[b->lo];
            continue;
        }
        pblk *h0 = &c.b[b->kid[0]], *h1 = &c.b[b->kid[1]];
        const int64_t kmin = n - h1->cap > 0 ? n - h1->cap : 0;
        const int64_t kmax = n < h0->cap ? n : h0->cap;
        const double target = h0->cap + h1->cap > 0
                                  ? (double)n * (double)h0->cap / (double)(h0->cap + h1->cap)
                                  : 0;
        int64_t k = 0;
        int r = n > 0 && kmax > 0 && kmin < n ? dp_split(&c, bi, kmin, kmax, target, &k, side) : 0;
        if (r < 0) {
            rc = dn_fail(err, DN_ENOMEM, "out of memory for mapping hier's splits");
            goto out;
        }
        if (r == 0) { /* the depth-first order cut at the share */
            k = (int64_t)llround(target);
            if (k < kmin)
                k = kmin;
            if (k > kmax)
                k = kmax;
            for (int64_t i = 0; i < n; i++)
                side[i] = (char)(i >= k);
        }
        /* stable partition: both halves stay in depth-first order */
        int64_t a = 0, z = 0;
        for (int64_t i = 0; i < n; i++) {
            int64_t v = c.tk[b->tlo + i];
            if (side[i] == 0)
                c.tk[b->tlo + a++] = v;
            else
                c.tmp[z++] = v;
        }
        DN_ASSERT(a == k);
        memcpy(c.tk + b->tlo + a, c.tmp, (size_t)z * sizeof *c.tmp);
        h0->tlo = b->tlo;
        h0->thi = b->tlo + a;
        h1->tlo = b->tlo + a;
        h1->thi = b->thi;
        for (int64_t i = h0->tlo; i < h0->thi; i++)
            c.tblk[c.tk[i]] = b->kid[0];
        for (int64_t i = h1->tlo; i < h1->thi; i++)
            c.tblk[c.tk[i]] = b->kid[1];
        queue[qt++] = b->kid[0];
        queue[qt++] = b->kid[1];
    }
out:
    free(c.pord);
    free(c.b);
    free(c.tk);
    free(c.tblk);
    free(c.pre);
    free(c.gpre);
    free(c.gsz);
    free(c.stk);
    free(c.ssz);
    free(c.soff);
    free(c.arena);
    free(c.acc);
    free(c.nxt);
    free(c.ch);
    free(c.mnode);
    free(c.mprefix);
    free(c.moff);
    free(c.mfirst);
    free(c.mcount);
    free(c.tc);
    free(c.todo);
    free(c.tmp);
    free(queue);
    free(side);
    return rc;
}

const dn_map_type dn_map_hier = {
    .name = "hier",
    .kind = MAP_HIER,
    .summary = "top-down through the network's hierarchy (switch subtrees, groups, sub-boxes): "
               "the tree split exactly (least cut edges) between the halves of each part",
    .nets = "any",
    .trees = "any",
    .example = "fattree:4:2 binomial:3",
    .init = dn_embed_hier,
};

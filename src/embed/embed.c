/*
 * embed.c - the embedding object (seed 000 section 4: map-node, map-edge,
 * edge weights W_B) and the mappings that are not mesh-specific:
 *  - zrl: seed 000 section 5.1, mapping D of B(n) onto BDG(n);
 *  - cbt: seed 000 Property 3.1, the four complete binary trees in BDG(k);
 *  - binomial: the identity spanning binomial tree of a hypercube;
 *  - sneptree: seed 004 / docs/spec/sneptrees.md, the homogeneous mapping;
 *  - identity, random, greedy: baselines for any tree on any network.
 *
 * Mapping D in our notation: task y is the seed's node 0^m z 1, the
 * (n+1)-bit string L = 2y + 1 in CBT(n+1) of BDG(n+1). The contraction F
 * (x_i XOR x_(i+1)) is the Gray code truncated to n bits:
 * F(L) = (L ^ (L >> 1)) mod 2^n. The edge to the i-th child (1-based) is
 * the CBT path of i left shifts appending 0^(i-1) 1, mapped by F.
 */
#include "embed_impl.h"
#include "../base/args_impl.h"
#include "../base/dn_assert.h"
#include "../base/names_impl.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    int kind;
    const char *summary;
} maps[] = {
    {"zrl", MAP_ZRL,
     "seed 000 mapping D: binomial:N onto debruijn:N or ddb:N, contention-free; lifted onto "
     "kautz:2:N+1"},
    {"dccube", MAP_DCCUBE,
     "seed 001 DC-cube standard embedding: binomial:2K onto mesh:2^Kx2^K; binomial:a+b+.. "
     "onto any mesh/torus 2^a x 2^b x .., or a 2-D face of one"},
    {"xor", MAP_XOR,
     "xor embedding of the DC-cube on tori: binomial:a+b+.. onto torus:2^ax2^b.., each "
     "side's top bit folded onto the next (reconstruction of seed 001's reference [1])"},
    {"reflecting", MAP_REFLECTING,
     "Gray-code reflecting mapping (reconstruction) on mesh:2^Kx2^K or a 2-D face"},
    {"growing", MAP_GROWING,
     "growing mapping (reconstruction) from the centre of mesh:2^Kx2^K or a 2-D face"},
    {"reflecting-nd", MAP_REFLECTING_ND,
     "reflecting on any mesh or torus: binomial:N on the smallest sub-box of power-of-two "
     "sides, a Gray code a dimension"},
    {"growing-nd", MAP_GROWING_ND,
     "growing on any mesh or torus: binomial:N on the smallest sub-box, each dimension "
     "grown from its centre in turn"},
    {"binomial", MAP_BINOMIAL, "spanning binomial tree: binomial:D onto hypercube:D"},
    {"cbt", MAP_CBT,
     "seed 000 Property 3.1: cbt:K-1 (the paper's CBT(K)) onto debruijn:K, dilation 1; "
     "the root picks one of the four trees"},
    {"exact", MAP_EXACT,
     "least maximum dilation by exhaustive search (branch and bound; seed 000's open "
     "question): any tree of at most N tasks on a small undirected network"},
    {"sneptree", MAP_SNEPTREE, "seed 004 homogeneous mapping of binary trees onto Sneptrees"},
    {"identity", MAP_IDENTITY,
     "task v on processor (v + root) mod N; an MPI tree's rank r on processor r"},
    {"random", MAP_RANDOM, "seeded random placement, at most ceil(T/N) tasks per processor"},
    {"greedy", MAP_GREEDY, "tree BFS order, nearest processor with room to the parent"},
    {"scotch", MAP_SCOTCH,
     "SCOTCH graph mapping: its own architecture (fat tree, grid, hypercube) or a deco "
     "target, on the smallest compact part"},
    {"drb", MAP_DRB,
     "dual recursive bipartitioning: the tree depth-first (Smith's order) or in connected "
     "pieces, dealt to the processors in compact order (switch subtrees, sub-boxes or a "
     "fold, BFS halves)"},
    {"hier", MAP_HIER,
     "top-down through the network's hierarchy (switch subtrees, groups, sub-boxes): the "
     "tree split exactly (least cut edges) between the halves of each part"},
    {"given", MAP_GIVEN, "a placement supplied by the caller (opts.place)"},
};
#define NMAPS ((int)(sizeof maps / sizeof maps[0]))

static const char *const routes_names[] = {
    [DN_ROUTES_MAPPING] = "mapping", [DN_ROUTES_SHORTEST] = "shortest", [DN_ROUTES_XY] = "xy",
    [DN_ROUTES_BFS] = "bfs"};
DN_NAMES_DEFINE(routes, routes_names)
static const char *const weights_names[] = {
    [DN_WEIGHTS_UNIFORM] = "uniform", [DN_WEIGHTS_LOG] = "log", [DN_WEIGHTS_GIVEN] = "given"};
DN_NAMES_DEFINE(weights, weights_names)
static const char *const dc_order_names[] = {[DN_ORDER_DEFAULT] = "default",
                                             [DN_ORDER_PAIRED] = "paired",
                                             [DN_ORDER_ASC] = "asc", [DN_ORDER_DESC] = "desc"};
DN_NAMES_DEFINE(dc_order, dc_order_names)
static const char *const scotch_target_names[] = {
    [DN_SCOTCH_AUTO] = "auto", [DN_SCOTCH_DECO0] = "deco0", [DN_SCOTCH_DECO2] = "deco2",
    [DN_SCOTCH_NATIVE] = "native"};
DN_NAMES_DEFINE(scotch_target, scotch_target_names)
static const char *const scotch_part_names[] = {[DN_SCOTCH_PART_COMPACT] = "compact",
                                                [DN_SCOTCH_PART_WHOLE] = "whole"};
DN_NAMES_DEFINE(scotch_part, scotch_part_names)
static const char *const centre_names[] = {[DN_CENTRE_FIXED] = "fixed",
                                           [DN_CENTRE_NEAREST] = "nearest"};
DN_NAMES_DEFINE(growing_centre, centre_names)

const char *dn_embed_map_name(int i)
{
    return i >= 0 && i < NMAPS ? maps[i].name : NULL;
}

const char *dn_embed_map_summary(int i)
{
    return i >= 0 && i < NMAPS ? maps[i].summary : NULL;
}

int dn_embed_need_binomial(const dn_embed *e, int n, dn_err *err)
{
    /* built in, a file holding B(n), or an MPI tree of 2^n ranks (renamed) */
    if (dn_tree_binomial_iso(e->tree) != n)
        return dn_fail_param(err, DN_EINVAL, "map tree", "mapping %s on %s needs tree binomial:%d (or MPI's "
                       "ompi-bcast:%lld@binomial or mpich-bcast:%lld)", e->map, e->net->spec, n,
                       (long long)1 << n, (long long)1 << n);
    return DN_OK;
}

int dn_embed_alloc_place(dn_embed *e, dn_err *err)
{
    if (e->tree->nodes >= INT32_MAX)
        return dn_fail_param(err, DN_ERANGE, "map",
                       "mapping %s stores one processor per task: at most 2^31 - 2 tasks, "
                       "the tree has %lld",
                       e->map, (long long)e->tree->nodes);
    /* checked against the memory limit before it is made */
    int64_t need = e->tree->nodes * (int64_t)sizeof *e->place;
    if (need > e->mem_limit) {
        char a[32], b[32];
        return dn_fail_param(err, DN_ELIMIT, "mem_limit",
                       "mapping %s stores one processor per task: %lld tasks need %s, over the "
                       "memory limit of %s (raise it)",
                       e->map, (long long)e->tree->nodes, dn_fmt_bytes(a, sizeof a, need),
                       dn_fmt_bytes(b, sizeof b, e->mem_limit));
    }
    e->place = malloc((size_t)e->tree->nodes * sizeof *e->place);
    if (!e->place)
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld task placements",
                       (long long)e->tree->nodes);
    return DN_OK;
}

uint64_t dn_binomial_cube_label(int64_t y, const int *dims)
{
    /* y's steps (seed 000 phases) are bitlen(y) and, for every set bit j
     * below the top one, bitlen(y) - 1 - j (see dn_tree_parent). */
    uint64_t x = 0;
    int p = dn_bitlen((uint64_t)y);
    if (p == 0)
        return 0;
    x |= (uint64_t)1 << dims[p - 1];
    for (int j = 0; j < p - 1; j++)
        if ((y >> j) & 1)
            x |= (uint64_t)1 << dims[p - 2 - j];
    return x;
}

/* ------------------------------------------------------------------ zrl */

static uint64_t bit_reverse(uint64_t v, int bits)
{
    uint64_t r = 0;
    for (int i = 0; i < bits; i++, v >>= 1)
        r = (r << 1) | (v & 1);
    return r;
}

/* F of an (n+1)-bit string, then the chosen automorphism of BDG(n). */
static int64_t zrl_node(const dn_embed *e, uint64_t L)
{
    const int n = e->k;
    uint64_t mask = ((uint64_t)1 << n) - 1;
    uint64_t x = (L ^ (L >> 1)) & mask;
    if (e->automorph & 1)
        x ^= mask;
    if (e->automorph & 2)
        x = bit_reverse(x, n);
    return (int64_t)x;
}

/* Beyond BDG(n) (issue 20). Every step of a mapping-D route appends a
 * bit at the low end, x -> (2x + b) mod 2^n: a forward arc of DDB(n), so
 * D runs unchanged on ddb:n (complement only: reversal turns arcs round).
 * And K(2, n+1) covers DDB(n): a Kautz string s_1 .. s_(n+1) projects to
 * the differences d_i = (s_(i+1) - s_i - 1) mod 3, and its shift with a
 * new symbol s_(n+1) + 1 + b projects to the DDB arc appending b. So D
 * lifts: the root goes to a Kautz node over F(0^n 1) and every route is
 * walked from its parent's node. The lift is one-to-one (the projections
 * are), keeps every route's length, and stays contention-free (two
 * messages on one Kautz arc would share the projected arc). It uses 2^n
 * of the 3 * 2^n nodes. The dropped loop at 1^n stays dropped: staying
 * put is a walk too. */
enum { ZRL_BDG = 0, ZRL_DDB, ZRL_KAUTZ };

/* The Kautz node reached from v by appending difference bit b. */
static int64_t kautz_step(const dn_net *net, int64_t v, int b)
{
    int s[64];
    const int K = (int)net->p[1];
    dn_kautz_symbols(net, v, s);
    const int last = (s[K - 1] + 1 + b) % 3;
    memmove(s, s + 1, (size_t)(K - 1) * sizeof *s);
    s[K - 1] = last;
    return dn_kautz_id(net, s);
}

/* The DDB(n) node under Kautz node v. */
static int64_t kautz_projection(const dn_net *net, int64_t v)
{
    int s[64];
    const int K = (int)net->p[1];
    dn_kautz_symbols(net, v, s);
    int64_t x = 0;
    for (int i = 0; i + 1 < K; i++)
        x = 2 * x + (s[i + 1] - s[i] + 2) % 3;
    return x;
}

/* Places every task of the lift (tasks in order: parents first). */
static int zrl_lift(dn_embed *e, int64_t root_node, dn_err *err)
{
    int rc = dn_embed_alloc_place(e, err);
    if (rc)
        return rc;
    e->place[0] = (int32_t)root_node;
    for (int64_t y = 1; y < e->tree->nodes; y++) {
        int i = __builtin_ctzll((uint64_t)y);
        uint64_t L = 2 * (uint64_t)(y >> (i + 1)) + 1;
        int64_t x = zrl_node(e, L), v = e->place[y >> (i + 1)];
        for (int t = 1; t <= i + 1; t++) {
            L = (L << 1) | (t == i + 1 ? 1u : 0u);
            int64_t nx = zrl_node(e, L);
            if (nx != x)
                v = kautz_step(e->net, v, (int)(nx & 1));
            x = nx;
        }
        e->place[y] = (int32_t)v;
    }
    return DN_OK;
}

static int init_zrl(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    const dn_net *net = e->net;
    const dn_net_routing own = dn_net_routing_of(net, NULL);
    int degree = 0, length = 0;
    dn_net_word(net, &degree, &length);
    int where = own == DN_NET_ROUTING_BDG                                     ? ZRL_BDG
                : own == DN_NET_ROUTING_DDB                                   ? ZRL_DDB
                : own == DN_NET_ROUTING_KAUTZ && degree == 2 && length >= 2 ? ZRL_KAUTZ
                                                                              : -1;
    if (where < 0)
        return dn_fail_param(err, DN_EINVAL, "map net tree",
                       "mapping zrl is seed 000's mapping onto BDG(n): use network debruijn:N "
                       "or ddb:N with tree binomial:N, or its lift, network kautz:2:N+1 "
                       "(got network %s)",
                       net->spec);
    e->zrl_on = where;
    e->k = where == ZRL_KAUTZ ? (int)net->p[1] - 1 : (int)net->p[0];
    int rc = dn_embed_need_binomial(e, e->k, err);
    if (rc)
        return rc;
    /* BDG(n) automorphisms complement and reversal give 4 possible roots
     * (the directed networks keep complement only); on K(2, n+1) each of
     * them lifts to the 3 nodes over it. */
    const int nauto = where == ZRL_BDG ? 4 : 2;
    int64_t root_node = where == ZRL_KAUTZ ? 0 : -1;
    e->automorph = 0;
    if (where == ZRL_KAUTZ) {
        int s[64];
        for (int i = 0; i < (int)net->p[1]; i++)
            s[i] = 0;
        for (int i = 1; i < (int)net->p[1]; i++) /* over F(0^n 1) */
            s[i] = (s[i - 1] + 1 + (int)((zrl_node(e, 1) >> (net->p[1] - 1 - i)) & 1)) % 3;
        root_node = dn_kautz_id(net, s);
    }
    if (o->root >= 0) {
        const int64_t under = where == ZRL_KAUTZ ? kautz_projection(net, o->root) : o->root;
        int found = -1;
        for (int a = 0; a < nauto && found < 0; a++) {
            e->automorph = a;
            if (zrl_node(e, 1) == under)
                found = a;
        }
        if (found < 0) {
            char l[4][80];
            for (int a = 0; a < nauto; a++) {
                e->automorph = a;
                if (where == ZRL_BDG) {
                    dn_net_label(net, zrl_node(e, 1), l[a], sizeof l[a]);
                } else { /* the DDB(n) string, for the Kautz graph too */
                    for (int b = 0; b < e->k; b++)
                        l[a][b] = (char)('0' + ((zrl_node(e, 1) >> (e->k - 1 - b)) & 1));
                    l[a][e->k] = 0;
                }
            }
            if (where == ZRL_BDG)
                return dn_fail_param(err, DN_EINVAL, "root map",
                               "mapping zrl roots B(n) at F(0^n 1) = %s or its images under the "
                               "automorphisms of BDG(n): %s, %s, %s; for another root use "
                               "mapping greedy, random or scotch",
                               l[0], l[1], l[2], l[3]);
            return dn_fail_param(err, DN_EINVAL, "root map",
                           "mapping zrl on %s roots B(n) %s F(0^n 1) = %s or its complement %s; "
                           "for another root use mapping greedy or random",
                           net->spec,
                           where == ZRL_KAUTZ ? "at a Kautz string whose differences "
                                                "(s_(i+1) - s_i - 1) mod 3 are"
                                              : "at",
                           l[0], l[1]);
        }
        e->automorph = found;
        root_node = o->root;
    }
    return where == ZRL_KAUTZ ? zrl_lift(e, root_node, err) : DN_OK;
}

/* The F-image of the CBT(n+1) path from the parent's label. F maps the
 * BDG(n+1) edge between the alternating strings 0101.. and 1010.. (which
 * are complements) to the self-loop at 1^n; the simple BDG(n) has no loop,
 * and a loop moves nothing, so that step is dropped (docs/embeddings.md). */
static int64_t zrl_route(dn_embed *e, int64_t y)
{
    int i = __builtin_ctzll((uint64_t)y); /* y is child i (0-based) of p */
    int64_t p = y >> (i + 1);
    uint64_t L = 2 * (uint64_t)p + 1;
    int steps = i + 1, hops = 0;
    e->buf[0] = zrl_node(e, L);
    for (int t = 1; t <= steps; t++) {
        L = (L << 1) | (t == steps ? 1u : 0u);
        int64_t x = zrl_node(e, L);
        if (x != e->buf[hops])
            e->buf[++hops] = x;
    }
    if (e->zrl_on == ZRL_KAUTZ) { /* the lift, from the parent's node */
        e->buf[0] = e->place[p];
        for (int h = 1; h <= hops; h++)
            e->buf[h] = kautz_step(e->net, e->buf[h - 1], (int)(e->buf[h] & 1));
    }
    return hops;
}

/* ------------------------------------------------------------------ cbt */

/* Seed 000 Property 3.1 (after [SP89]): BDG(k) holds four complete binary
 * trees of k levels, CBT(k), as subgraphs (dcnet's cbt:k-1; cbt:H for
 * H < k-1 is their top part). Labels are k-bit strings, most significant
 * bit first.
 *  - left-shift trees: root xbar^(k-1) x; node xbar^m x z has the children
 *    xbar^(m-1) x z 0 (left) and xbar^(m-1) x z 1 (right), one left shift
 *    each, down to the leaves x z. The node at the end of the path bits
 *    p_1 .. p_d (p = their value, p_1 the highest) is (root << d | p) mod 2^k.
 *  - right-shift trees: root x xbar^(k-1), children by right shift
 *    prepending 0 (left) or 1 (right): (rev_d(p) << (k - d)) | (root >> d),
 *    rev_d reversing the d path bits (the last step's bit ends on top).
 * e->automorph: bit 0 set for x = 0, bit 1 for the right-shift trees; the
 * default (0) is the tree of root 0^(k-1) 1 that mapping D's CBT(n+1)
 * starts from (Fig. 5's root 00001). --root picks the tree by its root;
 * at k = 2 the right-shift roots 10 and 01 are also left-shift roots, and
 * the left-shift tree is taken. Task v of cbt:H is heap-numbered, so
 * its path bits are those of v + 1 below its leading 1. */
static int64_t cbt_root(int k, int variant)
{
    const uint64_t mask = ((uint64_t)1 << k) - 1;
    const uint64_t x = (variant & 1) ? 0 : 1;
    uint64_t r = (variant & 2) ? (x << (k - 1)) | (x ? 0 : mask >> 1) /* x xbar^(k-1) */
                               : (x ? 1 : mask & ~(uint64_t)1);       /* xbar^(k-1) x */
    return (int64_t)(r & mask);
}

static int64_t cbt_node(const dn_embed *e, int64_t v)
{
    const int k = e->k, d = dn_bitlen((uint64_t)v + 1) - 1;
    const uint64_t mask = ((uint64_t)1 << k) - 1, root = (uint64_t)cbt_root(k, e->automorph);
    const uint64_t p = (uint64_t)v + 1 - ((uint64_t)1 << d);
    if (!(e->automorph & 2))
        return (int64_t)(((root << d) | p) & mask);
    uint64_t rev = 0;
    for (int i = 0; i < d; i++)
        rev |= ((p >> i) & 1) << (d - 1 - i);
    return (int64_t)(((rev << (k - d)) | (root >> d)) & mask);
}

static int init_cbt(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    const dn_net *net = e->net;
    const dn_tree_model *m = &e->tree->model;
    int degree = 0, k = 0; /* BDG(k): debruijn:K (or dg:2:K), words of k bits */
    if (dn_net_routing_of(net, NULL) != DN_NET_ROUTING_BDG || !dn_net_word(net, &degree, &k))
        return dn_fail_param(err, DN_EINVAL, "map net",
                       "mapping cbt places the complete binary trees of seed 000's Property 3.1 "
                       "on network debruijn:K (got network %s)",
                       net->spec);
    if (m->kind != DN_TREE_COMPLETE || m->b != 2 || m->h > k - 1)
        return dn_fail_param(err, DN_EINVAL, "map tree",
                       "mapping cbt on debruijn:%d needs tree cbt:H with H <= %d (the paper's "
                       "CBT(%d), %d levels, is cbt:%d)",
                       k, k - 1, k, k, k - 1);
    e->k = k;
    e->automorph = 0;
    if (o->root >= 0) {
        int found = -1;
        for (int a = 0; a < 4 && found < 0; a++)
            if (cbt_root(k, a) == o->root)
                found = a;
        if (found < 0) {
            char l[4][80];
            for (int a = 0; a < 4; a++)
                dn_net_label(net, cbt_root(k, a), l[a], sizeof l[a]);
            return dn_fail_param(err, DN_EINVAL, "root map",
                           "mapping cbt roots its tree at %s, %s (left shifts) or %s, %s (right "
                           "shifts), the four roots of Property 3.1; for another root use "
                           "mapping greedy, random or scotch",
                           l[0], l[1], l[2], l[3]);
        }
        e->automorph = found;
    }
    return DN_OK;
}

/* ---------------------------------------------------------------- exact */

/* The root positions worth trying: the given one, else one per orbit of
 * the automorphisms the network's family knows (dn_net_orbit_rep: the
 * translations of hypercubes, tori, rings, butterflies, complete graphs)
 * and, on BDG(k), of complement and reversal (seed 000's graph is
 * symmetric under both: they map shift edges to shift edges). O(N). */
static int exact_roots(const dn_embed *e, const dn_embed_opts *o, int64_t **roots, int *n)
{
    const int64_t N = e->g.n;
    int degree = 0, k = 0;
    const int bdg = dn_net_routing_of(e->net, NULL) == DN_NET_ROUTING_BDG &&
                    dn_net_word(e->net, &degree, &k) && (int64_t)1 << k == N;
    *roots = malloc((size_t)N * sizeof **roots);
    if (!*roots)
        return DN_ENOMEM;
    *n = 0;
    if (o->root >= 0) {
        (*roots)[(*n)++] = o->root;
        return DN_OK;
    }
    const uint64_t mask = bdg ? ((uint64_t)1 << k) - 1 : 0;
    for (int64_t x = 0; x < N; x++) {
        if (dn_net_orbit_rep(e->net, x) != x)
            continue;
        if (bdg) {
            const uint64_t c = (uint64_t)x ^ mask, r = bit_reverse((uint64_t)x, k);
            if ((uint64_t)x > c || (uint64_t)x > r || (uint64_t)x > (r ^ mask))
                continue;
        }
        (*roots)[(*n)++] = x;
    }
    return DN_OK;
}

static int init_exact(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    int64_t *roots = NULL;
    int nroots = 0, rc;
    if (dn_net_processors(e->net) != e->g.n)
        return dn_fail_param(err, DN_EINVAL, "map net", "mapping exact places tasks on networks without "
                                       "switches (%s has some)", e->net->spec);
    if (e->g.directed)
        return dn_fail_param(err, DN_EINVAL, "map net", "mapping exact needs an undirected network (%s is "
                                       "directed; e.g. debruijn:K for ddb:K)", e->net->spec);
    if (e->g.n > DN_EXACT_MAX_N || e->tree->nodes > e->g.n)
        return dn_fail_param(err, DN_ERANGE, "map", "mapping exact searches at most %d processors, with at "
                                       "most one task each (here %lld tasks on %lld: %s)",
                       DN_EXACT_MAX_N, (long long)e->tree->nodes, (long long)e->g.n,
                       e->net->spec);
    if ((rc = exact_roots(e, o, &roots, &nroots)))
        return dn_fail(err, rc, "out of memory");
    dn_exact_result r;
    const int64_t limit = o->search_limit > 0 ? o->search_limit : DN_EXACT_DEFAULT_LIMIT;
    /* bounded by time too by default (issue 37 item 5: mesh:32x32 ran an
     * hour at the node limit alone) */
    const double secs = o->search_seconds == 0 ? DN_EXACT_DEFAULT_SECONDS : o->search_seconds;
    if (!(secs > 0)) {
        free(roots);
        return dn_fail_param(err, DN_EINVAL, "search_seconds",
                             "mapping exact: a time budget of %g s; give seconds > 0 "
                             "(0: the default %g s, INFINITY: none)",
                             o->search_seconds, DN_EXACT_DEFAULT_SECONDS);
    }
    rc = dn_exact_search_budget(&e->g, e->tree, roots, nroots, limit, secs, &r, err);
    free(roots);
    if (rc)
        return rc;
    e->exact_lb = r.lower_bound;
    e->exact_best = r.best;
    e->exact_refuted = r.refuted;
    e->exact_nodes = r.nodes;
    e->exact_roots = nroots;
    e->exact_limit = r.node_limit;
    e->exact_seconds = r.seconds;
    e->exact_stopped = r.stopped;
    if ((rc = dn_embed_alloc_place(e, err))) {
        dn_exact_result_free(&r);
        return rc;
    }
    memcpy(e->place, r.place, (size_t)e->tree->nodes * sizeof *e->place);
    dn_exact_result_free(&r);
    return DN_OK;
}

/* ------------------------------------------------------------ hypercube */

static int init_binomial(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    if (dn_net_routing_of(e->net, NULL) != DN_NET_ROUTING_ECUBE) /* hypercubes */
        return dn_fail_param(err, DN_EINVAL, "map net tree",
                       "mapping binomial is the spanning binomial tree of a hypercube: use "
                       "network hypercube:D with tree binomial:D (got network %s)",
                       e->net->spec);
    e->k = (int)e->net->p[0];
    int rc = dn_embed_need_binomial(e, e->k, err);
    if (rc)
        return rc;
    for (int t = 0; t < e->k; t++)
        e->dims[t] = t; /* step t+1 flips dimension t: x's children x | 2^j, j > top bit */
    e->xor_root = o->root >= 0 ? o->root : 0;
    return DN_OK;
}

/* ------------------------------------------------------------- sneptree */

static int init_sneptree(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    if (!dn_net_is_sneptree(e->net))
        return dn_fail_param(err, DN_EINVAL, "map net",
                       "mapping sneptree needs a Sneptree network (sneptree-s:N, sneptree-t:N, "
                       "sneptree:N:SEED), not %s",
                       e->net->spec);
    if (o->root > 0)
        return dn_fail_param(err, DN_EINVAL, "root",
                       "mapping sneptree places the root task on the root cell 0; "
                       "root %lld is not supported",
                       (long long)o->root);
    int rc = dn_embed_alloc_place(e, err);
    if (rc)
        return rc;
    e->place[0] = 0;
    /* parents precede children in every dcnet tree (ids grow downward) */
    for (int64_t v = 0; v < e->tree->nodes; v++) {
        int64_t c = dn_tree_num_children(e->tree, v);
        if (c > 2)
            return dn_fail_param(err, DN_EINVAL, "map tree",
                           "mapping sneptree maps binary trees (left child -> left successor, "
                           "right -> right); task %lld has %lld children",
                           (long long)v, (long long)c);
        for (int64_t i = 0; i < c; i++)
            e->place[dn_tree_child(e->tree, v, i)] =
                (int32_t)dn_sneptree_succ(e->net, e->place[v], (int)i);
    }
    return DN_OK;
}

/* ------------------------------------------------------------ baselines */

/* ---------------------------------------------------- weight sums */

/* The invariant every weighted sum relies on (issue 37, item 4): the
 * weights' total W times the most an edge can cost, H = max(n - 1 hops,
 * intra_cost) with n the network's nodes (a route is a simple path: the
 * router's path holds n nodes at most; zrl's are shorter), is at most
 * DBL_MAX / 4. Every sum of weight x cost that dcnet forms - the metrics'
 * hop-bytes (metric.c), refine's incremental hop-bytes (refine.c: a
 * running total that adds and removes terms, each partial value a sum of
 * such terms), drb's cut costs, the lower bounds by weight (bound.c), the
 * per-link weighted loads - is a sum of at most all T - 1 edges at cost
 * H or less, so it stays below DBL_MAX / 4 and no later sum can overflow
 * to infinity (a JSON null where a figure belongs). Checked once here,
 * before any mapping sums anything. O(T) for given weights, O(1) else. */
static int weights_bounded(const dn_embed *e, dn_err *err)
{
    const int64_t T = e->tree->nodes;
    double W = 0, H = (double)(e->net->n - 1);
    if (e->intra_cost > H)
        H = e->intra_cost;
    if (H < 1)
        H = 1;
    if (e->weights != DN_WEIGHTS_GIVEN)
        W = (double)T; /* uniform (T - 1) and log (each <= 1/2): no loop over a huge tree */
    for (int64_t v = 1; e->weights == DN_WEIGHTS_GIVEN && v < T; v++)
        W += e->given[v];
    if (W * H <= DBL_MAX / 4) /* (false for an infinite W too) */
        return DN_OK;
    return dn_fail_param(err, DN_EINVAL, "weights",
                         "the weights sum to %g; times the longest an edge can cost on %s "
                         "(%.17g hops) the weighted sums (hop-bytes) would overflow a double "
                         "(over 1.8e308); give smaller weights",
                         W, e->net->spec, H);
}

/* ---------------------------------------------------- allocation, slots */

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Builds e->cap and e->alloc_list from opts.alloc, slots and slots_per
 * (see dn_embed_opts), or the uniform ceil(T / P) without them, and
 * refuses a tree that the slots cannot hold. O(P + A log A). */
static int alloc_setup(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    const int64_t P = dn_net_processors(e->net), T = e->tree->nodes;
    if (!(o->intra_cost >= 0) || !isfinite(o->intra_cost)) /* NaN too */
        return dn_fail_param(err, DN_EINVAL, "intra_cost",
                             "intra-node cost %g: a message between tasks on one processor "
                             "costs a finite number of hops >= 0 (0: free)", o->intra_cost);
    e->intra_cost = o->intra_cost;
    if (o->slots < 0)
        return dn_fail_param(err, DN_EINVAL, "slots", "slots %lld: a processor holds at least 1 "
                             "task (0: the least that holds the tree)", (long long)o->slots);
    if (o->slots_per && !o->alloc)
        return dn_fail_param(err, DN_EINVAL, "slots",
                             "per-processor slots need the allocation they follow (opts.alloc)");
    if (o->alloc && (o->alloc_len < 1 || o->alloc_len > P))
        return dn_fail_param(err, DN_EINVAL, "alloc",
                             "an allocation lists 1 .. %lld processors of %s, not %lld",
                             (long long)P, e->net->spec, (long long)o->alloc_len);
    e->alloc_n = o->alloc ? o->alloc_len : P;
    if (!o->alloc && !o->slots) {
        e->cap_uniform = (T + P - 1) / P; /* ceil(T / P) */
        return DN_OK;
    }
    if (P > INT32_MAX)
        return dn_fail_param(err, DN_ERANGE, "alloc", "allocations take at most 2^31 - 1 "
                             "processors; %s has %lld", e->net->spec, (long long)P);
    e->cap = calloc((size_t)P, sizeof *e->cap);
    if (o->alloc)
        e->alloc_list = malloc((size_t)o->alloc_len * sizeof *e->alloc_list);
    if (!e->cap || (o->alloc && !e->alloc_list))
        return dn_fail(err, DN_ENOMEM, "out of memory for the allocation of %lld processors",
                       (long long)P);
    const int64_t A = e->alloc_n;
    const int64_t dflt = o->slots ? o->slots : (T + A - 1) / A;
    int64_t room = 0;
    for (int64_t i = 0; i < A; i++) {
        int64_t p = o->alloc ? o->alloc[i] : i;
        if (p < 0 || p >= P)
            return dn_fail_param(err, DN_EINVAL, "alloc",
                                 "allocation entry %lld is %lld, not a processor of %s (0 .. %lld)",
                                 (long long)i + 1, (long long)p, e->net->spec, (long long)P - 1);
        if (e->cap[p])
            return dn_fail_param(err, DN_EINVAL, "alloc",
                                 "processor %lld is in the allocation twice (entries are distinct)",
                                 (long long)p);
        int64_t k = o->slots_per ? o->slots_per[i] : dflt;
        if (k < 1)
            return dn_fail_param(err, DN_EINVAL, "slots",
                                 "processor %lld has %lld slots; a processor in the allocation "
                                 "holds at least 1 task", (long long)p, (long long)k);
        if (k > T)
            k = T; /* never more than the whole tree: keeps sums in range */
        e->cap[p] = (int32_t)(k > INT32_MAX ? INT32_MAX : k);
        room += e->cap[p];
        if (e->alloc_list)
            e->alloc_list[i] = p;
    }
    e->room = room;
    if (e->alloc_list)
        qsort(e->alloc_list, (size_t)A, sizeof *e->alloc_list, cmp_i64);
    if (room < T)
        return dn_fail_param(err, DN_EINVAL, o->slots_per || o->slots ? "slots" : "alloc",
                             "the tree's %lld tasks do not fit: %lld allocated processors hold "
                             "%lld; give more slots or a larger allocation",
                             (long long)T, (long long)A, (long long)room);
    if (o->root >= 0 && e->cap[o->root] == 0)
        return dn_fail_param(err, DN_EINVAL, "root alloc",
                             "root %lld is not in the allocation", (long long)o->root);
    return DN_OK;
}

/* Every task on an allocated processor, within its slots: a closed-form
 * mapping knows nothing of allocations, so its placement is checked, and
 * refused with the first task that breaks them. O(T + P). */
static int alloc_check(const dn_embed *e, dn_err *err)
{
    if (!e->cap)
        return DN_OK;
    const int64_t P = dn_net_processors(e->net);
    int32_t *load = calloc((size_t)P, sizeof *load);
    if (!load)
        return dn_fail(err, DN_ENOMEM, "out of memory for the loads of %lld processors",
                       (long long)P);
    int rc = DN_OK;
    for (int64_t v = 0; v < e->tree->nodes && !rc; v++) {
        int64_t p = dn_embed_place(e, v);
        if (e->cap[p] == 0)
            rc = dn_fail_param(err, DN_EINVAL, "map alloc",
                               "mapping %s places task %lld on processor %lld, outside the "
                               "allocation (mappings that follow one: greedy, random, identity, "
                               "scotch, drb, best, given)", e->map, (long long)v, (long long)p);
        else if (++load[p] > e->cap[p])
            rc = dn_fail_param(err, DN_EINVAL, "map slots",
                               "mapping %s places more than %d tasks on processor %lld (its "
                               "slots)", e->map, (int)e->cap[p], (long long)p);
    }
    free(load);
    return rc;
}

int dn_embed_fit_slots(dn_embed *e, dn_err *err)
{
    if (!e->cap)
        return DN_OK;
    const dn_csr *g = &e->g;
    const int64_t P = dn_net_processors(e->net), N = g->n, T = e->tree->nodes;
    int32_t *load = calloc((size_t)P, sizeof *load);
    uint32_t *seen = calloc((size_t)N, sizeof *seen);
    int32_t *q = malloc((size_t)N * sizeof *q);
    int32_t *over = malloc((size_t)T * sizeof *over);
    int rc = DN_OK;
    if (!load || !seen || !q || !over) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for fitting %lld tasks to their slots",
                     (long long)T);
        goto out;
    }
    /* tasks in id order keep their processor while it has room; the rest
     * move, in id order, to the nearest processor with room (BFS, the
     * nearest first, neighbours in id order) */
    int64_t nover = 0;
    for (int64_t v = 0; v < T; v++)
        if (load[e->place[v]] < e->cap[e->place[v]])
            load[e->place[v]]++;
        else
            over[nover++] = (int32_t)v;
    for (int64_t k = 0; k < nover; k++) {
        int32_t from = e->place[over[k]], target = -1;
        int64_t qh = 0, qt = 0;
        q[qt++] = from;
        seen[from] = (uint32_t)k + 1;
        while (qh < qt && target < 0) {
            int32_t u = q[qh++];
            if (u < P && load[u] < e->cap[u])
                target = u;
            for (int64_t a = g->off[u]; a < g->off[u + 1] && target < 0; a++)
                if (seen[g->adj[a]] != (uint32_t)k + 1) {
                    seen[g->adj[a]] = (uint32_t)k + 1;
                    q[qt++] = g->adj[a];
                }
        }
        for (int32_t u = 0; u < P && target < 0; u++) /* disconnected */
            if (load[u] < e->cap[u])
                target = u;
        DN_ASSERT(target >= 0); /* alloc_setup checked that the slots hold T */
        e->place[over[k]] = target;
        load[target]++;
    }
out:
    free(load);
    free(seen);
    free(q);
    free(over);
    return rc;
}

int64_t dn_embed_capacity(const dn_embed *e, int64_t p)
{
    if (p < 0 || p >= dn_net_processors(e->net))
        return 0;
    return dn_embed_cap(e, p);
}

double dn_embed_intra_cost(const dn_embed *e)
{
    return e->intra_cost;
}

int64_t dn_embed_room(const dn_embed *e)
{
    return e->room;
}

int64_t dn_embed_alloc(const dn_embed *e, const int64_t **list)
{
    if (list)
        *list = e->alloc_list;
    return e->alloc_n;
}

/* Per-processor slots (opts.slots_per): a uniform draw of T slots out of
 * the pool of every allocated processor's slots (partial Fisher-Yates),
 * the root's first. O(sum of slots). */
static int random_pool(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    const int64_t T = e->tree->nodes;
    int64_t n = 0;
    for (int64_t i = 0; i < e->alloc_n; i++)
        n += e->cap[dn_embed_alloc_at(e, i)];
    if (n > e->mem_limit / (int64_t)sizeof(int32_t))
        return dn_fail_param(err, DN_ELIMIT, "mem_limit", "mapping random draws from %lld slots, "
                             "over the memory limit", (long long)n);
    int32_t *pool = malloc((size_t)n * sizeof *pool);
    if (!pool)
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld slots", (long long)n);
    int64_t k = 0;
    for (int64_t i = 0; i < e->alloc_n; i++) {
        int64_t p = dn_embed_alloc_at(e, i);
        for (int32_t j = 0; j < e->cap[p]; j++)
            pool[k++] = (int32_t)p;
    }
    dn_rng rng;
    dn_rng_seed(&rng, o->seed);
    for (int64_t i = 0; i < T; i++) {
        int64_t j = i + (int64_t)dn_rng_below(&rng, (uint64_t)(n - i));
        if (i == 0 && o->root >= 0)
            for (j = 0; pool[j] != o->root; j++) /* the root's first slot */
                ;
        int32_t t = pool[i];
        pool[i] = pool[j];
        pool[j] = t;
        e->place[i] = pool[i];
    }
    free(pool);
    return DN_OK;
}

static int init_random(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    int rc = dn_embed_alloc_place(e, err);
    if (rc)
        return rc;
    if (o->slots_per)
        return random_pool(e, o, err);
    /* over the allocation's processors, by index */
    const int64_t N = e->alloc_n, T = e->tree->nodes; /* not on switches */
    int64_t root_at = -1;
    for (int64_t i = 0; i < N && o->root >= 0 && root_at < 0; i++)
        if (dn_embed_alloc_at(e, i) == o->root)
            root_at = i;
    int32_t *perm = malloc((size_t)N * sizeof *perm);
    if (!perm)
        return dn_fail(err, DN_ENOMEM, "out of memory for a permutation of %lld processors",
                       (long long)N);
    dn_rng rng;
    dn_rng_seed(&rng, o->seed);
    /* blocks of N tasks each get a uniform random injection (Fisher-Yates,
     * drawing only as many as needed), so loads stay within ceil(T/N) */
    for (int64_t base = 0; base < T; base += N) {
        for (int64_t i = 0; i < N; i++)
            perm[i] = (int32_t)i;
        int64_t take = T - base < N ? T - base : N;
        for (int64_t i = 0; i < take; i++) {
            int64_t j = i + (int64_t)dn_rng_below(&rng, (uint64_t)(N - i));
            if (base == 0 && i == 0 && root_at >= 0)
                j = root_at; /* perm is the identity here, so root sits at its index */
            int32_t t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
            e->place[base + i] = (int32_t)dn_embed_alloc_at(e, perm[i]);
        }
    }
    free(perm);
    return DN_OK;
}

/* Tree BFS order; each task goes to the processor nearest (network BFS,
 * neighbours in id order) to its parent's that holds fewer than ceil(T/N). */
static int init_greedy(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    int rc = dn_embed_alloc_place(e, err);
    if (rc)
        return rc;
    const dn_csr *g = &e->g;
    const int64_t N = g->n, P = dn_net_processors(e->net), T = e->tree->nodes;
    int32_t *load = calloc((size_t)N, sizeof *load);
    uint32_t *seen = calloc((size_t)N, sizeof *seen);
    int32_t *q = malloc((size_t)N * sizeof *q);
    int64_t *tq = malloc((size_t)T * sizeof *tq);
    if (!load || !seen || !q || !tq) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for greedy placement");
        goto out;
    }
    int64_t th = 0, tt = 0;
    uint32_t stamp = 0;
    tq[tt++] = 0;
    while (th < tt) {
        int64_t v = tq[th++];
        int32_t target = -1;
        if (v == 0) {
            target = (int32_t)(o->root >= 0 ? o->root : dn_embed_alloc_at(e, 0));
        } else {
            /* nearest processor with room, by BFS from the parent's */
            int32_t from = e->place[dn_tree_parent(e->tree, v)];
            int64_t qh = 0, qt = 0;
            stamp++;
            q[qt++] = from;
            seen[from] = stamp;
            while (qh < qt && target < 0) {
                int32_t u = q[qh++];
                if (u < P && load[u] < dn_embed_cap(e, u)) { /* a processor with room */
                    target = u;
                    break;
                }
                for (int64_t a = g->off[u]; a < g->off[u + 1]; a++)
                    if (seen[g->adj[a]] != stamp) {
                        seen[g->adj[a]] = stamp;
                        q[qt++] = g->adj[a];
                    }
            }
            if (target < 0) { /* disconnected: any processor with room */
                for (int32_t u = 0; u < P && target < 0; u++)
                    if (load[u] < dn_embed_cap(e, u))
                        target = u;
            }
        }
        e->place[v] = target;
        load[target]++;
        for (int64_t i = 0, c = dn_tree_num_children(e->tree, v); i < c; i++)
            tq[tt++] = dn_tree_child(e->tree, v, i);
    }
out:
    free(load);
    free(seen);
    free(q);
    free(tq);
    return rc;
}

/* rank r on (r + root - rank(0)) mod N: an offset (closed form), or over
 * an allocation its processors in ascending order (stored). */
/* Identity: rank r on processor r mod P, or over an allocation on the
 * r-th of its slots taken round by round (issue 37, item 17): round j
 * holds every allocated processor with more than j slots, in ascending
 * order, so rank r goes to the (r mod A)-th processor whenever every
 * processor has the same slots (the old rule), and never past a
 * processor's slots when they differ (the old rule put rank A on the
 * first processor whatever its slots, and its own slot check refused
 * it). A root shifts the ranks so that task 0 is on the root. O(T + A). */
static int init_identity(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    const int64_t N = e->alloc_n, r0 = dn_tree_rank(e->tree, 0) % N;
    int64_t root_at = o->root;
    for (int64_t i = 0; e->alloc_list && o->root >= 0 && i < N; i++)
        if (e->alloc_list[i] == o->root)
            root_at = i;
    e->xor_root = o->root >= 0 ? (root_at - r0 + N) % N : 0;
    if (!e->alloc_list)
        return DN_OK;
    int rc = dn_embed_alloc_place(e, err);
    if (rc)
        return rc;
    /* the slots round by round, whole rounds until they hold the tree:
     * L < T + N entries, each processor in at most its slots' rounds, so
     * T consecutive entries (mod L) never overfill one. The processors
     * still in the rounds are kept in act[], in ascending order: O(L + N). */
    const int64_t T = e->tree->nodes;
    int64_t *seq = malloc((size_t)(T + N) * sizeof *seq), L = 0, na = N;
    int64_t *act = malloc((size_t)N * sizeof *act);
    if (!seq || !act) {
        free(seq);
        free(act);
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld slots", (long long)(T + N));
    }
    memcpy(act, e->alloc_list, (size_t)N * sizeof *act);
    for (int64_t j = 0; L < T && na > 0; j++) { /* (room >= T: the rounds reach T) */
        int64_t keep = 0;
        for (int64_t i = 0; i < na; i++) {
            seq[L++] = act[i];
            if (e->cap[act[i]] > j + 1)
                act[keep++] = act[i];
        }
        na = keep;
    }
    free(act);
    DN_ASSERT(L >= T);
    /* round 0 holds every processor: the root's first slot is at root_at */
    const int64_t shift = o->root >= 0 ? ((root_at - dn_tree_rank(e->tree, 0)) % L + L) % L : 0;
    for (int64_t v = 0; v < T; v++)
        e->place[v] = (int32_t)seq[(dn_tree_rank(e->tree, v) % L + shift) % L];
    free(seq);
    return DN_OK;
}

static int init_given(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    if (!o->place || o->place_len != e->tree->nodes)
        return dn_fail(err, DN_EINVAL, "a given placement needs one processor per task: %lld, got %lld",
                       (long long)e->tree->nodes, (long long)o->place_len);
    int rc = dn_embed_alloc_place(e, err);
    if (rc)
        return rc;
    for (int64_t v = 0; v < e->tree->nodes; v++) {
        if (o->place[v] < 0 || o->place[v] >= dn_net_processors(e->net))
            return dn_fail(err, DN_EINVAL, "task %lld is placed on %lld, not a processor of %s "
                                           "(0 .. %lld)",
                           (long long)v, (long long)o->place[v], e->net->spec,
                           (long long)(e->net->n - 1));
        e->place[v] = (int32_t)o->place[v];
    }
    return DN_OK;
}

/* ------------------------------------------------------------- the object */

static int find_map(const char *name)
{
    for (int i = 0; i < NMAPS; i++)
        if (strcmp(maps[i].name, name) == 0)
            return maps[i].kind;
    return 0;
}

/* Fills a zeroed embedding; on failure the caller frees what it holds. */
static int embed_setup(dn_embed *e, const dn_net *net, const dn_tree *tree,
                       const dn_embed_opts *o, dn_err *err)
{
    e->pre_hops = -1;
    e->face_dim[0] = e->face_dim[1] = -1;
    if (!o->map)
        return dn_fail_param(err, DN_EINVAL, "map", "no mapping given (opts.map is NULL)");
    int kind = find_map(o->map);
    if (!kind)
        return dn_fail_param(err, DN_ENOTFOUND, "map",
                       "unknown mapping '%s'; known: zrl, dccube, xor, reflecting, growing, reflecting-nd, growing-nd, binomial, "
                       "cbt, exact, sneptree, identity, random, greedy, scotch, drb, hier, given",
                       o->map);
    e->net = net;
    e->tree = tree;
    e->kind = kind;
    snprintf(e->map, sizeof e->map, "%s", o->map);
    e->routes = o->routes;
    e->weights = o->weights;
    e->mem_limit = o->mem_limit > 0 ? o->mem_limit : DN_NET_DEFAULT_MEM_LIMIT;
    /* a value outside the enums, or a root below -1, was taken for the
     * default without a word */
    if ((int)o->routes < DN_ROUTES_MAPPING || (int)o->routes > DN_ROUTES_BFS)
        return dn_fail_param(err, DN_EINVAL, "routes", "routes %d is not a dn_routes value",
                             (int)o->routes);
    if ((int)o->weights < DN_WEIGHTS_UNIFORM || (int)o->weights > DN_WEIGHTS_GIVEN)
        return dn_fail_param(err, DN_EINVAL, "weights", "weights %d is not a dn_weights value",
                             (int)o->weights);
    if (o->root < -1)
        return dn_fail_param(err, DN_EINVAL, "root",
                             "root %lld is not a processor (or -1 for the mapping's own)",
                             (long long)o->root);
    if (o->root >= dn_net_processors(net))
        return dn_fail_param(err, DN_EINVAL, "root", "root %lld is %s of %s; its processors are 0 .. %lld",
                       (long long)o->root, o->root < net->n ? "a switch, not a processor," :
                       "not a node", net->spec, (long long)(dn_net_processors(net) - 1));
    int rc = dn_net_materialize(net, &e->g, o->mem_limit, err);
    if (rc)
        return rc;
    if (o->weights == DN_WEIGHTS_GIVEN) {
        if (!o->given || o->given_len != tree->nodes - 1) {
            rc = dn_fail_param(err, DN_EINVAL, "weights",
                         "given weights: need one per non-root task, %lld, got %lld",
                         (long long)(tree->nodes - 1), (long long)o->given_len);
            goto fail;
        }
        e->given = malloc((size_t)(o->given_len + 1) * sizeof *e->given);
        if (!e->given) {
            rc = dn_fail(err, DN_ENOMEM, "out of memory for weights");
            goto fail;
        }
        e->given[0] = 0;
        memcpy(e->given + 1, o->given, (size_t)o->given_len * sizeof *e->given);
        for (int64_t v = 1; v < tree->nodes; v++) /* a NaN or negative volume: wrong sums */
            if (!isfinite(e->given[v]) || e->given[v] < 0) {
                rc = dn_fail_param(err, DN_EINVAL, "weights",
                                   "the given weight of task %lld is %g; weights are finite "
                                   "and non-negative",
                                   (long long)v, e->given[v]);
                goto fail;
            }
    }
    if (o->face_set && kind != MAP_DCCUBE && kind != MAP_XOR && kind != MAP_REFLECTING &&
        kind != MAP_GROWING) {
        rc = dn_fail_param(err, DN_EINVAL, "face map",
                     "a face applies to mappings dccube, xor, reflecting and growing only");

        goto fail;
    }
    rc = alloc_setup(e, o, err);
    if (rc)
        goto fail;
    if ((rc = weights_bounded(e, err)))
        goto fail;
    switch (kind) {
    case MAP_ZRL: rc = init_zrl(e, o, err); break;
    case MAP_CBT: rc = init_cbt(e, o, err); break;
    case MAP_EXACT: rc = init_exact(e, o, err); break;
    case MAP_DCCUBE:
    case MAP_XOR:
    case MAP_REFLECTING:
    case MAP_GROWING: rc = dn_embed_mesh_init(e, o, err); break;
    case MAP_BINOMIAL: rc = init_binomial(e, o, err); break;
    case MAP_SNEPTREE: rc = init_sneptree(e, o, err); break;
    case MAP_IDENTITY: rc = init_identity(e, o, err); break;
    case MAP_RANDOM: rc = init_random(e, o, err); break;
    case MAP_GREEDY: rc = init_greedy(e, o, err); break;
    case MAP_SCOTCH: rc = dn_embed_scotch(e, o, err); break;
    case MAP_DRB: rc = dn_embed_drb(e, o, err); break;
    case MAP_HIER: rc = dn_embed_hier(e, o, err); break;
    case MAP_REFLECTING_ND:
    case MAP_GROWING_ND: rc = dn_embed_box_init(e, o, err); break;
    case MAP_GIVEN: rc = init_given(e, o, err); break;
    }
    if (rc)
        goto fail;
    /* a B(n) mapping of B(n) renamed: place and route through the renaming */
    e->iso = (kind == MAP_ZRL || kind == MAP_DCCUBE || kind == MAP_REFLECTING ||
              kind == MAP_GROWING || kind == MAP_BINOMIAL) &&
             (tree->model.kind == DN_TREE_OMPI_BCAST || tree->model.kind == DN_TREE_MPICH_BCAST);
    /* the network router, unless the mapping routes itself (zrl) */
    dn_router_kind rk = DN_ROUTER_SHORTEST;
    if (o->routes == DN_ROUTES_XY ||
        (o->routes == DN_ROUTES_MAPPING &&
         (kind == MAP_DCCUBE || kind == MAP_XOR || kind == MAP_REFLECTING || kind == MAP_GROWING ||
          kind == MAP_BINOMIAL || kind == MAP_REFLECTING_ND || kind == MAP_GROWING_ND)))
        rk = DN_ROUTER_XY;
    if (o->routes == DN_ROUTES_BFS)
        rk = DN_ROUTER_BFS;
    if (!(kind == MAP_ZRL && o->routes == DN_ROUTES_MAPPING)) {
        rc = dn_router_init(&e->router, net, &e->g, rk, err);
        if (rc)
            goto fail;
    }
    /* the mapping's own placement is checked before refinement (issue 37
     * item 1: refinement moved a refused placement into the slots, and
     * best listed it under the mapping's name); refinement keeps to the
     * slots, which the second check confirms */
    if ((rc = alloc_check(e, err)))
        goto fail;
    if (o->refine_moves > 0 && !(o->refine_descent && !e->router) &&
        (rc = dn_embed_refine(e, o, 0, err)))
        goto fail;
    rc = alloc_check(e, err);
    if (rc)
        goto fail;
    e->root_proc = dn_embed_place(e, 0);

    e->buf_cap = e->k + 2;
    e->buf = malloc((size_t)e->buf_cap * sizeof *e->buf);
    if (!e->buf) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory");
        goto fail;
    }
    if (e->pre_hops == 0) {
        /* approach b (set by mesh.c): route the preliminary move */
        const int64_t *p;
        int64_t h;
        rc = dn_route(e->router, e->pre_src, e->root_proc, &p, &h, err);
        if (rc)
            goto fail;
        e->pre_path = malloc((size_t)(h + 1) * sizeof *e->pre_path);
        if (!e->pre_path) {
            rc = dn_fail(err, DN_ENOMEM, "out of memory");
            goto fail;
        }
        memcpy(e->pre_path, p, (size_t)(h + 1) * sizeof *p);
        e->pre_hops = h;
    }
    return DN_OK;
fail:
    return rc;
}

int dn_embed_init(dn_embed **out, const dn_net *net, const dn_tree *tree,
                  const dn_embed_opts *o, dn_err *err)
{
    DN_NEED(err, out);
    DN_NEED(err, net);
    DN_NEED(err, tree);
    DN_NEED(err, o);
    *out = NULL;
    dn_embed *e = calloc(1, sizeof *e);
    if (!e)
        return dn_fail(err, DN_ENOMEM, "out of memory for an embedding");
    int rc = embed_setup(e, net, tree, o, err);
    if (rc) {
        dn_embed_free(e);
        return rc;
    }
    *out = e;
    return DN_OK;
}

void dn_embed_free(dn_embed *e)
{
    if (!e)
        return;
    dn_csr_free(&e->g);
    free(e->place);
    free(e->given);
    free(e->table);
    free(e->pre_path);
    free(e->buf);
    free(e->cap);
    free(e->alloc_list);
    dn_router_free(e->router);
    free(e);
}

int64_t dn_embed_place(const dn_embed *e, int64_t v)
{
    if (e->iso) /* B(n)'s task; the Kautz lift's place[] is indexed by it too */
        v = dn_tree_binomial_id(e->tree, v);
    if (e->place)
        return e->place[v];
    switch (e->kind) {
    case MAP_ZRL: return zrl_node(e, 2 * (uint64_t)v + 1);
    case MAP_CBT: return cbt_node(e, v);
    case MAP_BINOMIAL: return (int64_t)(dn_binomial_cube_label(v, e->dims) ^ (uint64_t)e->xor_root);
    case MAP_DCCUBE:
    case MAP_XOR:
    case MAP_REFLECTING:
    case MAP_GROWING:
        return dn_embed_mesh_place(e, dn_binomial_cube_label(v, e->dims) ^ (uint64_t)e->xor_root);
    case MAP_IDENTITY: return (dn_tree_rank(e->tree, v) + e->xor_root) % dn_net_processors(e->net);
    }
    return -1;
}

int dn_embed_route(dn_embed *e, int64_t v, const int64_t **path, int64_t *hops, dn_err *err)
{
    DN_NEED(err, e);
    DN_NEED(err, path);
    DN_NEED(err, hops);
    if (v <= 0 || v >= e->tree->nodes)
        return dn_fail(err, DN_EINVAL, "task %lld has no incoming edge (tasks 1 .. %lld)",
                       (long long)v, (long long)(e->tree->nodes - 1));
    int rc = DN_OK;
    if (e->kind == MAP_ZRL && e->routes == DN_ROUTES_MAPPING) {
        *hops = zrl_route(e, e->iso ? dn_tree_binomial_id(e->tree, v) : v);
        *path = e->buf;
    } else {
        rc = dn_route(e->router, dn_embed_place(e, dn_tree_parent(e->tree, v)),
                      dn_embed_place(e, v), path, hops, err);
    }
    /* a route joins the processors of the edge's two tasks */
    DN_ASSERT(rc || ((*path)[0] == dn_embed_place(e, dn_tree_parent(e->tree, v)) &&
                     (*path)[*hops] == dn_embed_place(e, v)));
    return rc;
}

double dn_embed_weight(const dn_embed *e, int64_t v)
{
    switch (e->weights) {
    case DN_WEIGHTS_UNIFORM: return 1.0;
    case DN_WEIGHTS_LOG: return ldexp(1.0, -dn_tree_recv_phase(e->tree, v));
    case DN_WEIGHTS_GIVEN: return e->given[v];
    }
    return 1.0;
}

const char *dn_embed_routes_name(const dn_embed *e)
{
    if (e->kind == MAP_ZRL && e->routes == DN_ROUTES_MAPPING)
        return "map-edge";
    return dn_route_algo_name(dn_router_algo(e->router));
}

/* ------------------------------------------------------------ accessors */

const dn_net *dn_embed_net(const dn_embed *e) { return e->net; }
const dn_tree *dn_embed_tree(const dn_embed *e) { return e->tree; }
const dn_csr *dn_embed_graph(const dn_embed *e) { return &e->g; }
int64_t dn_embed_root(const dn_embed *e) { return e->root_proc; }
const char *dn_embed_mapping(const dn_embed *e) { return e->map; }
dn_routes dn_embed_routes(const dn_embed *e) { return e->routes; }
dn_weights dn_embed_weights(const dn_embed *e) { return e->weights; }
int dn_embed_scotch_target(const dn_embed *e) { return e->scotch_target; }
int64_t dn_embed_scotch_part(const dn_embed *e) { return e->scotch_part; }

int64_t dn_embed_pre_route(const dn_embed *e, int64_t *src, const int64_t **path)
{
    const int has = e->pre_hops >= 0 && e->pre_path;
    if (src)
        *src = has ? e->pre_src : -1;
    if (path)
        *path = has ? e->pre_path : NULL;
    return has ? e->pre_hops : -1;
}

int dn_embed_exact_search(const dn_embed *e, dn_embed_search *out)
{
    if (e->kind != MAP_EXACT)
        return 0;
    out->lower_bound = e->exact_lb;
    out->best = e->exact_best;
    out->refuted = e->exact_refuted;
    out->settled = e->exact_refuted == e->exact_best - 1;
    out->nodes = e->exact_nodes;
    out->roots = e->exact_roots;
    out->node_limit = e->exact_limit;
    out->seconds = e->exact_seconds;
    out->stopped = e->exact_stopped;
    return 1;
}

int dn_embed_face(const dn_embed *e, int dim[2])
{
    if (e->face_dim[0] < 0)
        return 0;
    dim[0] = e->face_dim[0];
    dim[1] = e->face_dim[1];
    return 1;
}

int dn_embed_step_dim(const dn_embed *e, int step)
{
    if (e->kind != MAP_DCCUBE && e->kind != MAP_XOR && e->kind != MAP_REFLECTING &&
        e->kind != MAP_GROWING && e->kind != MAP_BINOMIAL)
        return -1;
    /* B(n) has 2^n tasks and n phases */
    const int n = dn_bitlen((uint64_t)e->tree->nodes) - 1;
    if (step < 1 || step > n || step > 64)
        return -1;
    return e->dims[step - 1];
}

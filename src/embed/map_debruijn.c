/*
 * map_debruijn.c - the mappings of the de Bruijn family (seed 000):
 *  - zrl: seed 000 section 5.1, mapping D of B(n) onto BDG(n), also on
 *    DDB(n) and lifted onto the Kautz graph K(2, n+1) (issue 20);
 *  - cbt: seed 000 Property 3.1, the four complete binary trees in BDG(k).
 *
 * Mapping D in our notation: task y is the seed's node 0^m z 1, the
 * (n+1)-bit string L = 2y + 1 in CBT(n+1) of BDG(n+1). The contraction F
 * (x_i XOR x_(i+1)) is the Gray code truncated to n bits:
 * F(L) = (L ^ (L >> 1)) mod 2^n. The edge to the i-th child (1-based) is
 * the CBT path of i left shifts appending 0^(i-1) 1, mapped by F.
 */
#include "embed_impl.h"

#include <string.h>

/* ------------------------------------------------------------------ zrl */

/* F of an (n+1)-bit string, then the chosen automorphism of BDG(n). */
static int64_t zrl_node(const dn_embed *e, uint64_t L)
{
    const int n = e->k;
    uint64_t mask = ((uint64_t)1 << n) - 1;
    uint64_t x = (L ^ (L >> 1)) & mask;
    if (e->automorph & 1)
        x ^= mask;
    if (e->automorph & 2)
        x = dn_bit_reverse(x, n);
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

/* map-node of task v: mapping D's F(2v + 1) (the lift stores its places) */
static int64_t zrl_place(const dn_embed *e, int64_t v)
{
    return zrl_node(e, 2 * (uint64_t)v + 1);
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

/* ---------------------------------------------------------- descriptors */

const dn_map_type dn_map_zrl = {
    .name = "zrl",
    .kind = MAP_ZRL,
    .summary = "seed 000 mapping D: binomial:N onto debruijn:N or ddb:N, contention-free; lifted "
               "onto kautz:2:N+1",
    .nets = "debruijn:N, ddb:N; kautz:2:N+1 (the lift)",
    .trees = "binomial:N, or B(N) renamed (MPI's trees of 2^N ranks); binomial:N-1 on kautz:2:N",
    .example = "debruijn:4 binomial:4",
    .init = init_zrl,
    .place = zrl_place,
    .route = zrl_route,
    .flags = DN_MAP_BN,
};

const dn_map_type dn_map_cbt = {
    .name = "cbt",
    .kind = MAP_CBT,
    .summary = "seed 000 Property 3.1: cbt:K-1 (the paper's CBT(K)) onto debruijn:K, dilation 1; "
               "the root picks one of the four trees",
    .nets = "debruijn:K",
    .trees = "cbt:H, H <= K - 1",
    .example = "debruijn:4 cbt:3",
    .init = init_cbt,
    .place = cbt_node,
};

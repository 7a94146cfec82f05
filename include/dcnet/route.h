/*
 * dcnet/route.h - routing messages through a network: a route is the
 * sequence of processors a message visits, src first, dst last; its hops
 * are the links between consecutive entries.
 *
 * Routers (one object per network and policy):
 *  - DN_ROUTER_SHORTEST routes every pair by a shortest path (the BFS
 *    distance; tests/test_route.c checks every family): the family's own
 *    router where it is exact - BDG(k) by the shift-window algorithm below
 *    (no search), DDB(k) by the longest suffix/prefix overlap (seed 003),
 *    Kautz graphs by their overlap, hypercubes by e-cube, meshes and tori
 *    by dimension order (XY is shortest there), fat trees up and down
 *    through the nearest common ancestor - and bidirectional BFS on the
 *    stored graph for everything else, dragonflies included (their minimal
 *    routing is not always shortest: issue 39);
 *  - DN_ROUTER_XY is dimension-order routing: XY (column first) on meshes
 *    and tori, e-cube (lowest dimension first) on hypercubes;
 *  - DN_ROUTER_BFS forces bidirectional BFS (the cross-check of the others);
 *  - DN_ROUTER_MINIMAL is the dragonfly's minimal routing (Kim et al.
 *    2008): local, global, local, at most one global hop and 5 hops, 1 or
 *    2 above the shortest path on some pairs (a detour over a third group
 *    can be shorter); DN_EINVAL on other families.
 *
 * Shortest paths in the undirected binary de Bruijn graph BDG(k) without
 * search: a walk of left shifts (window moves right on an infinite tape)
 * and right shifts (window moves left) that spans the offsets [-a, b] and
 * ends at offset s keeps exactly the tape cells [b, k-1-a] in view
 * throughout; only those must agree between X and Y (X[i] = Y[i - s]), all
 * others can be rewritten on re-entry. Its least length is 2(a + b) - |s|.
 * So dist(X, Y) = min(k, min over diagonals d = i - j of 2(k - L_d) - |d|)
 * where L_d is the longest run of equal symbols X[i] = Y[i - d]. With k
 * bits in a word each diagonal is one XOR and a run length found by
 * doubling: O(k log k) word operations per route (log k <= 5 for the sizes
 * dcnet stores), against O(2^k) for BFS. See docs/routing.md.
 *
 * Ownership: dn_router is opaque; dn_router_init allocates it and
 * dn_router_free releases it. A router borrows the network (and for BFS
 * its CSR, which the caller keeps alive) and owns its scratch space; one
 * router per thread.
 */
#ifndef DCNET_ROUTE_H
#define DCNET_ROUTE_H

#include "dcnet/net.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum dn_router_kind {
    DN_ROUTER_SHORTEST = 0,
    DN_ROUTER_XY,
    DN_ROUTER_BFS,
    DN_ROUTER_MINIMAL  /* dragonfly: local-global-local (issue 39) */
} dn_router_kind;
/* The name of each value, "shortest", "xy", "bfs", "minimal" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_router_kind_name(dn_router_kind v);
DN_API int dn_router_kind_parse(const char *s, dn_router_kind *out);

/* Which algorithm a router really uses (for reports). */
typedef enum dn_route_algo {
    DN_ALGO_BFS = 0,
    DN_ALGO_BDG,   /* BDG(k) shift-window, exact */
    DN_ALGO_DDB,   /* DDB(k) overlap, exact */
    DN_ALGO_ECUBE, /* hypercube, lowest dimension first */
    DN_ALGO_XY,    /* mesh / torus, column then row */
    DN_ALGO_DDB_K, /* DDB(k) length-k route (k left shifts), not shortest */
    DN_ALGO_KAUTZ, /* Kautz K(D,K): shift in the target past the longest overlap, exact */
    DN_ALGO_UPDOWN, /* fattree: up-down through the nearest common ancestor, exact */
    DN_ALGO_MINIMAL /* dragonfly: local-global-local (one global hop), not always shortest */
} dn_route_algo;
/* The name of each value, "bfs", "bdg-window", "ddb-overlap",
 * "e-cube", "xy", "ddb-length-k", "kautz-shift", "up-down",
 * "local-global-local" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_route_algo_name(dn_route_algo v);
DN_API int dn_route_algo_parse(const char *s, dn_route_algo *out);

/* A router: opaque (its fields live in src/route/route_impl.h).
 * dn_router_init allocates one, dn_router_free releases it. */
typedef struct dn_router dn_router;


/* Allocates a router into *out. g must be the materialised network when
 * the choice falls on BFS (pass NULL otherwise; DN_EINVAL if needed and
 * missing; on a fat tree, give it too: the family's up-down routes join
 * processors, and BFS routes the pairs with a switch at an end, which
 * fail with DN_ENOTFOUND without it). DN_ROUTER_XY on a network without
 * dimensions, and
 * DN_ROUTER_MINIMAL on a network other than a dragonfly, fail with
 * DN_EINVAL. On failure *out is NULL and nothing is left to free. The
 * router borrows net and g: keep them alive until dn_router_free. Time
 * O(1), O(N + M) for BFS (the reverse graph of a directed network). */
DN_API int dn_router_init(dn_router **out, const dn_net *net, const dn_csr *g,
                          dn_router_kind kind, dn_err *err);
/* Length-k routing on DDB(k) (seed 003): always k left shifts. Allocates
 * into *out like dn_router_init; DN_EINVAL on any other network. */
DN_API int dn_router_init_ddb_k(dn_router **out, const dn_net *net, dn_err *err);
/* Releases the router and its scratch; NULL is a no-op. */
DN_API void dn_router_free(dn_router *r);
/* The algorithm the router really uses (dn_route_algo_name names it). O(1). */
DN_API dn_route_algo dn_router_algo(const dn_router *r);

/* Routes src -> dst: on success *path points at hops + 1 processors
 * (valid until the next call) and *hops is set. DN_ENOTFOUND if dst is
 * unreachable, DN_EINVAL for node ids out of range. */
DN_API int dn_route(dn_router *r, int64_t src, int64_t dst, const int64_t **path, int64_t *hops,
             dn_err *err);

/* Distance only, BDG(k) and DDB(k) closed forms (no path): exposed for
 * tests and the analysis module. X, Y are k-bit labels, k in 1..62; -1
 * outside that domain. */
DN_API int dn_bdg_distance(int k, uint64_t x, uint64_t y);
DN_API int dn_ddb_distance(int k, uint64_t x, uint64_t y);

/* DDB(k) without a router object (seed 003, Lemmas 1 and 2). A node
 * X = x_k ... x_1 has the out-links X -> ShiftLeft(X, b) = (2X + b) mod 2^k,
 * b in {0, 1}, the "b channel"; dn_ddb_link names it 2X + b, which is also
 * its arc index in the materialised CSR (neighbour lists are sorted and
 * ShiftLeft(X, 0) < ShiftLeft(X, 1)). Both routes append Y's bits from
 * the left: the length-k route appends all k of them (Lemma 1), the
 * shortest one only the k - c after the longest overlap c of X's suffix
 * and Y's prefix (Lemma 2). So the hop taken with h hops still to go is
 * always ShiftLeft(cur, bit h - 1 of Y): dn_ddb_next. */
static inline int64_t dn_ddb_link(int64_t x, int b) { return 2 * x + b; }
static inline int64_t dn_ddb_next(int k, int64_t cur, int64_t y, int h)
{
    return ((cur << 1) | ((y >> (h - 1)) & 1)) & (((int64_t)1 << k) - 1);
}
/* Hops of the route X -> Y: k (length-k) or the distance (shortest). */
static inline int dn_ddb_hops(int k, int64_t x, int64_t y, int shortest)
{
    return shortest ? dn_ddb_distance(k, (uint64_t)x, (uint64_t)y) : k;
}
/* Writes the route's links (channel ids, see dn_ddb_link) to links[0..h-1]
 * (room for k) and returns h. k in 1..62, x and y below 2^k; -1 outside
 * that domain or for links NULL. */
DN_API int dn_ddb_route_links(int k, int64_t x, int64_t y, int shortest, int64_t *links);

#ifdef __cplusplus
}
#endif

#endif

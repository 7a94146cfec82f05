/*
 * route.c - routers: exact shortest paths on BDG(k) (shift-window, derived
 * in route.h and docs/routing.md), DDB(k) shortest and length-k routes
 * (seed 003, section 2), e-cube on hypercubes, XY on meshes and tori, and
 * bidirectional BFS on any stored graph.
 *
 * Labels: bit k-1 of a de Bruijn node id is the leftmost symbol x_1 of the
 * seed's string x_1 ... x_k, so a left shift is v -> 2v + x mod 2^k and a
 * right shift is v -> (v >> 1) + x 2^(k-1).
 */
#include "route_impl.h"
#include "../base/args_impl.h"
#include "../base/names_impl.h"

#include <stdlib.h>
#include <string.h>

static const char *const algo_names[] = {
    [DN_ALGO_BFS] = "bfs",          [DN_ALGO_BDG] = "bdg-window",
    [DN_ALGO_DDB] = "ddb-overlap",  [DN_ALGO_ECUBE] = "e-cube",
    [DN_ALGO_XY] = "xy",            [DN_ALGO_DDB_K] = "ddb-length-k",
    [DN_ALGO_KAUTZ] = "kautz-shift", [DN_ALGO_UPDOWN] = "up-down",
    [DN_ALGO_MINIMAL] = "local-global-local"};
DN_NAMES_DEFINE(route_algo, algo_names)

static const char *const router_names[] = {[DN_ROUTER_SHORTEST] = "shortest",
                                           [DN_ROUTER_XY] = "xy", [DN_ROUTER_BFS] = "bfs",
                                           [DN_ROUTER_MINIMAL] = "minimal"};
DN_NAMES_DEFINE(router_kind, router_names)

static int alloc_path(dn_router *r, int64_t cap, dn_err *err)
{
    r->cap = cap;
    r->path = malloc((size_t)cap * sizeof *r->path);
    if (!r->path)
        return dn_fail(err, DN_ENOMEM, "out of memory for a route of %lld hops", (long long)cap);
    return DN_OK;
}

static int init_bfs(dn_router *r, const dn_csr *g, dn_err *err)
{
    if (!g)
        return dn_fail(err, DN_EINVAL, "BFS routing needs the materialised network");
    if (g->n != r->net->n) /* it said "needs the materialised network" of one given */
        return dn_fail(err, DN_EINVAL, "BFS routing on %s needs its materialised network (%lld "
                                       "nodes), not a graph of %lld nodes",
                       r->net->spec, (long long)r->net->n, (long long)g->n);
    r->g = g;
    r->algo = DN_ALGO_BFS;
    size_t n = (size_t)g->n;
    if (g->directed) {
        /* reverse graph for the backward half of the search */
        int32_t *src = malloc((size_t)g->m * sizeof *src);
        if (!src)
            return dn_fail(err, DN_ENOMEM, "out of memory for the reverse graph");
        for (int64_t v = 0; v < g->n; v++)
            for (int64_t a = g->off[v]; a < g->off[v + 1]; a++)
                src[a] = (int32_t)v;
        int rc = dn_csr_from_arcs(&r->rev, g->n, 1, g->adj, src, g->m, err);
        free(src);
        if (rc)
            return rc;
    }
    r->mark = calloc(2 * n, sizeof *r->mark);
    r->pred = malloc(n * sizeof *r->pred);
    r->succ = malloc(n * sizeof *r->succ);
    r->queue = malloc(2 * n * sizeof *r->queue);
    if (!r->mark || !r->pred || !r->succ || !r->queue)
        return dn_fail(err, DN_ENOMEM, "out of memory for BFS routing on %lld nodes",
                       (long long)g->n);
    return alloc_path(r, g->n, err);
}

/* The family's own routing (dn_net_routing_of, the hook its descriptor
 * fills) picks the algorithm where it gives shortest paths; a family
 * without one, or whose own is not always shortest (the dragonfly's
 * minimal routing), is routed by BFS under DN_ROUTER_SHORTEST, and its own
 * routing has its own kind (DN_ROUTER_MINIMAL). */
static int router_setup(dn_router *r, const dn_net *net, const dn_csr *g, dn_router_kind kind,
                        dn_err *err)
{
    r->net = net;
    int64_t nodes = 0;
    const dn_net_routing own = dn_net_routing_of(net, &nodes);
    int rc = DN_OK;
    if (kind == DN_ROUTER_XY) {
        if (own == DN_NET_ROUTING_GRID || own == DN_NET_ROUTING_ECUBE) {
            r->algo = own == DN_NET_ROUTING_GRID ? DN_ALGO_XY : DN_ALGO_ECUBE;
            rc = alloc_path(r, nodes, err);
        } else {
            return dn_fail_param(err, DN_EINVAL, "routes",
                           "dimension-order routing (xy) needs a mesh, torus, ring or hypercube, "
                           "not %s; use routes shortest",

                           net->spec);
        }
    } else if (kind == DN_ROUTER_MINIMAL) {
        if (own != DN_NET_ROUTING_MINIMAL)
            return dn_fail_param(err, DN_EINVAL, "routes",
                                 "minimal routing (local-global-local) is the dragonfly's, not "
                                 "%s's; use routes shortest",
                                 net->spec);
        r->algo = DN_ALGO_MINIMAL;
        rc = alloc_path(r, nodes, err);
    } else if (kind == DN_ROUTER_SHORTEST && own != DN_NET_ROUTING_NONE &&
               own != DN_NET_ROUTING_MINIMAL) { /* the exact ones */
        static const dn_route_algo algo[] = {
            [DN_NET_ROUTING_BDG] = DN_ALGO_BDG,       [DN_NET_ROUTING_DDB] = DN_ALGO_DDB,
            [DN_NET_ROUTING_KAUTZ] = DN_ALGO_KAUTZ,   [DN_NET_ROUTING_ECUBE] = DN_ALGO_ECUBE,
            [DN_NET_ROUTING_GRID] = DN_ALGO_XY, /* dimension order is shortest on grids */
            [DN_NET_ROUTING_UPDOWN] = DN_ALGO_UPDOWN,
        };
        if (g && g->n == net->n && g->n > dn_net_processors(net)) {
            /* switches (fat trees): the family's routes join processors,
             * BFS routes the pairs with a switch at an end */
            rc = init_bfs(r, g, err);
        } else {
            rc = alloc_path(r, nodes, err);
        }
        r->algo = algo[own];
    } else {
        rc = init_bfs(r, g, err);
    }
    return rc;
}

static int ddb_k_setup(dn_router *r, const dn_net *net, dn_err *err)
{
    int64_t nodes = 0;
    if (dn_net_routing_of(net, &nodes) != DN_NET_ROUTING_DDB)
        return dn_fail(err, DN_EINVAL, "length-k routing is defined on ddb:K only, not %s",
                       net->spec);
    r->net = net;
    r->algo = DN_ALGO_DDB_K;
    return alloc_path(r, nodes, err);
}

/* Allocates the object, then lets setup fill it; on failure frees what
 * setup allocated and leaves *out NULL. */
static int router_new(dn_router **out, const dn_net *net, const dn_csr *g, dn_router_kind kind,
                      int ddb_k, dn_err *err)
{
    *out = NULL;
    dn_router *r = calloc(1, sizeof *r);
    if (!r)
        return dn_fail(err, DN_ENOMEM, "out of memory for a router");
    int rc = ddb_k ? ddb_k_setup(r, net, err) : router_setup(r, net, g, kind, err);
    if (rc) {
        dn_router_free(r);
        return rc;
    }
    *out = r;
    return DN_OK;
}

int dn_router_init(dn_router **out, const dn_net *net, const dn_csr *g, dn_router_kind kind,
                   dn_err *err)
{
    DN_NEED(err, out);
    DN_NEED(err, net);
    if ((int)kind < DN_ROUTER_SHORTEST || (int)kind > DN_ROUTER_MINIMAL) { /* was taken for BFS */
        *out = NULL;
        return dn_fail_param(err, DN_EINVAL, "routes", "router kind %d is not a dn_router_kind "
                                                       "value", (int)kind);
    }
    return router_new(out, net, g, kind, 0, err);
}

int dn_router_init_ddb_k(dn_router **out, const dn_net *net, dn_err *err)
{
    DN_NEED(err, out);
    DN_NEED(err, net);
    return router_new(out, net, NULL, DN_ROUTER_SHORTEST, 1, err);
}

void dn_router_free(dn_router *r)
{
    if (!r)
        return;
    free(r->path);
    dn_csr_free(&r->rev);
    free(r->mark);
    free(r->pred);
    free(r->succ);
    free(r->queue);
    free(r);
}

dn_route_algo dn_router_algo(const dn_router *r)
{
    return r->algo;
}

/* ------------------------------------------------------------ de Bruijn */

static uint64_t low_mask(int bits)
{
    return bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
}

/* Longest run of ones in z: its length, and *lo = lowest bit of one such
 * run. Binary lifting over runs of length 2^j: O(log 64) word operations. */
static int longest_run(uint64_t z, int *lo)
{
    if (!z) {
        *lo = 0;
        return 0;
    }
    uint64_t pw[7]; /* pw[j]: bit b set iff bits b .. b + 2^j - 1 are all set */
    int top = 0;
    pw[0] = z;
    while (top < 6 && pw[top]) {
        int s = 1 << top;
        pw[top + 1] = pw[top] & (pw[top] >> s);
        top++;
    }
    uint64_t cur = z; /* starts of runs of length >= len (len >= 1) */
    int len = 1;
    for (int j = top; j >= 0; j--) {
        if (len + (1 << j) > 64)
            continue;
        uint64_t cand = cur & (pw[j] >> len);
        if (cand) {
            cur = cand;
            len += 1 << j;
        }
    }
    *lo = __builtin_ctzll(cur);
    return len;
}

/* Best common window of X and Y for BDG(k): returns the distance and the
 * walk parameters (a = left excursion, b = right excursion, s = final
 * offset) in the notation of route.h. */
static int bdg_plan(int k, uint64_t x, uint64_t y, int *pa, int *pb, int *ps)
{
    const uint64_t full = low_mask(k);
    int best = k, a = 0, b = k, s = k; /* k left shifts: no common cells */
    /* diagonals by increasing |d|: cost >= |d|, so stop once |d| >= best */
    for (int ad = 0; ad < k && ad < best; ad++) {
        for (int sign = 0; sign < (ad ? 2 : 1); sign++) {
            int d = sign ? -ad : ad;
            uint64_t m;
            if (d >= 0) /* X[i] vs Y[i - d], i in [d, k): bits 0 .. k-1-d */
                m = ~(x ^ (y >> d)) & low_mask(k - d);
            else        /* X[i] vs Y[i + e], i in [0, k - e): bits e .. k-1 */
                m = ~(x ^ (y << ad)) & full & ~low_mask(ad);
            int lo;
            int L = longest_run(m, &lo);
            if (L == 0)
                continue;
            int cost = 2 * (k - L) - ad;
            if (cost < best) {
                int i = k - lo - L; /* first string index of the run in X */
                best = cost;
                b = i;
                a = k - L - i;
                s = d;
            }
        }
    }
    *pa = a;
    *pb = b;
    *ps = s;
    return best;
}

/* k in 1..62 and both labels below 2^k: the closed forms' domain. */
static int labels_ok(int k, uint64_t x, uint64_t y)
{
    return k >= 1 && k <= 62 && x >> k == 0 && y >> k == 0;
}

int dn_bdg_distance(int k, uint64_t x, uint64_t y)
{
    if (!labels_ok(k, x, y))
        return -1;
    int a, b, s;
    return bdg_plan(k, x, y, &a, &b, &s);
}

/* Symbol of the target Y at absolute tape cell p when Y sits at offset s. */
static uint64_t tape_symbol(int k, uint64_t y, int s, int p)
{
    int i = p - s;
    if (i < 0 || i >= k)
        return 0;
    return (y >> (k - 1 - i)) & 1;
}

static int64_t route_bdg(dn_router *r, uint64_t x, uint64_t y)
{
    const int k = (int)r->net->p[0];
    const uint64_t full = low_mask(k);
    int a, b, s;
    int dist = bdg_plan(k, x, y, &a, &b, &s);
    /* Window walk: s >= 0: left to -a, right to b, left to s; else mirrored. */
    int legs[3], n = 0;
    if (s >= 0) {
        legs[0] = -a;
        legs[1] = b;
        legs[2] = s;
    } else {
        legs[0] = b;
        legs[1] = -a;
        legs[2] = s;
    }
    uint64_t w = x;
    int pos = 0;
    r->path[n++] = (int64_t)w;
    for (int l = 0; l < 3; l++) {
        while (pos != legs[l]) {
            if (legs[l] > pos) { /* window right: left shift, new cell pos + k */
                w = ((w << 1) & full) | tape_symbol(k, y, s, pos + k);
                pos++;
            } else {             /* window left: right shift, new cell pos - 1 */
                w = (w >> 1) | (tape_symbol(k, y, s, pos - 1) << (k - 1));
                pos--;
            }
            r->path[n++] = (int64_t)w;
        }
    }
    (void)dist; /* n - 1 == dist by construction; the tests check it */
    return n - 1;
}

/* Longest suffix of X that is a prefix of Y (seed 003's shortest route). */
static int ddb_overlap(int k, uint64_t x, uint64_t y)
{
    for (int l = k; l > 0; l--)
        if ((x & low_mask(l)) == (y >> (k - l)))
            return l;
    return 0;
}

int dn_ddb_distance(int k, uint64_t x, uint64_t y)
{
    if (!labels_ok(k, x, y))
        return -1;
    return k - ddb_overlap(k, x, y);
}

int dn_ddb_route_links(int k, int64_t x, int64_t y, int shortest, int64_t *links)
{
    if (!links || x < 0 || y < 0 || !labels_ok(k, (uint64_t)x, (uint64_t)y))
        return -1;
    const int h = dn_ddb_hops(k, x, y, shortest);
    for (int left = h; left > 0; left--) {
        int64_t next = dn_ddb_next(k, x, y, left);
        links[h - left] = dn_ddb_link(x, (int)(next & 1));
        x = next;
    }
    return h;
}

/* Left shifts from x appending Y's symbols after the first `keep` ones. */
static int64_t route_ddb(dn_router *r, uint64_t x, uint64_t y, int keep)
{
    const int k = (int)r->net->p[0];
    int64_t n = 0;
    r->path[n++] = (int64_t)x;
    for (int i = keep; i < k; i++) {
        x = ((x << 1) & low_mask(k)) | ((y >> (k - 1 - i)) & 1);
        r->path[n++] = (int64_t)x;
    }
    return n - 1;
}

/* ------------------------------------------------------ cubes and grids */

static int64_t route_ecube(dn_router *r, int64_t x, int64_t y)
{
    int64_t n = 0;
    r->path[n++] = x;
    for (uint64_t diff = (uint64_t)(x ^ y); diff; diff &= diff - 1) {
        x ^= (int64_t)(diff & -diff);
        r->path[n++] = x;
    }
    return n - 1;
}

/* Signed step count from a to b on a line of `len` cells (ring if wrap):
 * shortest direction, ties go forward. */
static int64_t line_delta(int64_t a, int64_t b, int64_t len, int wrap)
{
    int64_t d = b - a;
    if (!wrap)
        return d;
    int64_t fwd = ((d % len) + len) % len;
    return fwd <= len - fwd ? fwd : fwd - len;
}

/* Dimension order on a grid of 2 to 8 sides (the family's grid hook): the
 * last side first (XY moves along the row, the fastest coordinate, first),
 * tori the short way (ties: forward). */
static int64_t route_xy(dn_router *r, int64_t x, int64_t y)
{
    dn_net_grid grid;
    dn_net_grid_of(r->net, &grid);
    int64_t n = 0, stride = 1, v = x, xs = x, ys = y;
    r->path[n++] = x;
    for (int i = grid.dims - 1; i >= 0; i--) {
        const int64_t L = grid.side[i];
        int64_t cx = xs % L, cy = ys % L;
        xs /= L;
        ys /= L;
        int64_t dv = line_delta(cx, cy, L, grid.wrap);
        for (int64_t step = dv > 0 ? 1 : -1; dv; dv -= step) {
            int64_t nc = ((cx + step) % L + L) % L;
            v += (nc - cx) * stride;
            cx = nc;
            r->path[n++] = v;
        }
        stride *= L;
    }
    return n - 1;
}

/* Kautz K(D,K): the longest j with the last j symbols of x the first j of
 * y; then shift y's symbols j .. K-1 in: K - j hops, the distance (each
 * hop shifts one symbol in, so a shorter path would give a longer
 * overlap). Every string on the way is a Kautz string: the symbol shifted
 * in after y_(j-1) (or after x's last, which is y_(j-1) when j > 0, and
 * differs from y_0 when j = 0) is the next of y. */
static int64_t route_kautz(dn_router *r, int64_t x, int64_t y)
{
    int sx[64], sy[64], cur[64];
    const int K = (int)r->net->p[1];
    dn_kautz_symbols(r->net, x, sx);
    dn_kautz_symbols(r->net, y, sy);
    int j = K;
    while (j > 0 && memcmp(sx + K - j, sy, (size_t)j * sizeof *sx) != 0)
        j--;
    int64_t n = 0;
    r->path[n++] = x;
    memcpy(cur, sx, (size_t)K * sizeof *cur);
    for (int i = j; i < K; i++) {
        memmove(cur, cur + 1, (size_t)(K - 1) * sizeof *cur);
        cur[K - 1] = sy[i];
        r->path[n++] = dn_kautz_id(r->net, cur);
    }
    return n - 1;
}

/* dragonfly:A:P:H between processors (net/dragonfly.c): to the router of
 * the source's group that owns the link to the destination's group, over
 * it, then to the destination's router (each step only when needed). */
static int64_t route_dragonfly(dn_router *r, int64_t p, int64_t q)
{
    const dn_net *net = r->net;
    const int64_t A = net->p[0], P = net->p[1], G = net->p[3], procs = G * A * P;
    if (p >= procs || q >= procs)
        return -1;
    int64_t n = 0;
    r->path[n++] = p;
    if (p == q)
        return 0;
    int64_t rp = procs + p / P, rq = procs + q / P, gp = (p / P) / A, gq = (q / P) / A;
    r->path[n++] = rp;
    if (gp != gq) {
        int64_t from, to;
        dn_dragonfly_link(net, gp, gq, &from, &to);
        if (from != rp)
            r->path[n++] = from;
        r->path[n++] = to;
    }
    if (r->path[n - 1] != rq)
        r->path[n++] = rq;
    r->path[n++] = q;
    return n - 1;
}

/* fattree:K:N between processors (net/fattree.c): up to the nearest common
 * ancestor at level L, each up-port chosen by the destination's digit, so
 * the switch reached at level L is q div K's own column; then straight
 * down. 2L hops. Switches as endpoints have no route here. */
static int64_t route_updown(dn_router *r, int64_t p, int64_t q)
{
    const dn_net *net = r->net;
    const int64_t K = net->p[0], P = net->p[2];
    const int N = (int)net->p[1];
    if (p >= P || q >= P)
        return -1;
    int64_t n = 0;
    r->path[n++] = p;
    if (p == q)
        return 0;
    int64_t w = p / K, target = q / K;
    int L = 1; /* the nearest common ancestor's level */
    for (int i = N - 2; i >= 0; i--) {
        int64_t pw = 1;
        for (int k = 0; k < i; k++)
            pw *= K;
        if ((w / pw) % K != (target / pw) % K) {
            L = i + 2;
            break;
        }
    }
    r->path[n++] = dn_fattree_switch(net, 1, w);
    for (int l = 1, pwl = 1; l < L; l++, pwl *= (int)K) { /* up: set digit l-1 */
        w += ((target / pwl) % K - (w / pwl) % K) * pwl;
        r->path[n++] = dn_fattree_switch(net, l + 1, w);
    }
    for (int l = L - 1; l >= 1; l--) /* down: the column is target's already */
        r->path[n++] = dn_fattree_switch(net, l, w);
    r->path[n++] = q;
    return n - 1;
}

/* ----------------------------------------------------- bidirectional BFS */

static int64_t route_bfs(dn_router *r, int32_t src, int32_t dst)
{
    const dn_csr *fw = r->g, *bw = r->g->directed ? &r->rev : r->g;
    const int64_t n = r->g->n;
    uint32_t *markf = r->mark, *markb = r->mark + n;
    if (r->stamp >= UINT32_MAX - 1) {
        memset(r->mark, 0, 2 * (size_t)n * sizeof *r->mark);
        r->stamp = 0;
    }
    const uint32_t st = ++r->stamp;
    int64_t len = 0;
    if (src == dst) {
        r->path[0] = src;
        return 0;
    }
    /* queues: forward in queue[0 .. n), backward in queue[n .. 2n) */
    int32_t *qf = r->queue, *qb = r->queue + n;
    int64_t fh = 0, ft = 0, bh = 0, bt = 0;
    qf[ft++] = src;
    qb[bt++] = dst;
    markf[src] = st;
    markb[dst] = st;
    r->pred[src] = -1;
    r->succ[dst] = -1;
    int32_t meet = -1;
    while (meet < 0 && fh < ft && bh < bt) {
        int forward = (ft - fh) <= (bt - bh);
        const dn_csr *g = forward ? fw : bw;
        int32_t *q = forward ? qf : qb;
        uint32_t *mine = forward ? markf : markb, *other = forward ? markb : markf;
        int32_t *link = forward ? r->pred : r->succ;
        int64_t *head = forward ? &fh : &bh, *tail = forward ? &ft : &bt;
        int64_t level_end = *tail;
        /* Expand one whole level of the smaller side. A node marked by
         * both sides is detected when the second side marks it, so before
         * this level no node is marked twice; hence every node u expanded
         * now lies beyond the other side's frontier depth D, and every meet
         * w (a neighbour of u) has other-side depth exactly D. All meets of
         * this level are thus equally short: the first one is a shortest
         * path, and the search is deterministic. */
        while (*head < level_end && meet < 0) {
            int32_t u = q[(*head)++];
            for (int64_t a = g->off[u]; a < g->off[u + 1]; a++) {
                int32_t w = g->adj[a];
                if (mine[w] == st)
                    continue;
                mine[w] = st;
                link[w] = u;
                if (other[w] == st) {
                    meet = w;
                    break;
                }
                q[(*tail)++] = w;
            }
        }
    }
    if (meet < 0)
        return -1;
    /* src .. meet by pred, then meet .. dst by succ */
    for (int32_t v = meet; v >= 0; v = r->pred[v])
        r->path[len++] = v;
    for (int64_t i = 0, j = len - 1; i < j; i++, j--) {
        int64_t t = r->path[i];
        r->path[i] = r->path[j];
        r->path[j] = t;
    }
    for (int32_t v = r->succ[meet]; v >= 0; v = r->succ[v])
        r->path[len++] = v;
    return len - 1;
}

int dn_route(dn_router *r, int64_t src, int64_t dst, const int64_t **path, int64_t *hops,
             dn_err *err)
{
    DN_NEED(err, r);
    DN_NEED(err, path);
    DN_NEED(err, hops);
    const int64_t n = r->net->n;
    if (src < 0 || src >= n || dst < 0 || dst >= n)
        return dn_fail(err, DN_EINVAL, "route endpoints %lld -> %lld: nodes are 0 .. %lld",
                       (long long)src, (long long)dst, (long long)(n - 1));
    int64_t h = -1;
    switch (r->algo) {
    case DN_ALGO_BDG: h = route_bdg(r, (uint64_t)src, (uint64_t)dst); break;
    case DN_ALGO_DDB:
        h = route_ddb(r, (uint64_t)src, (uint64_t)dst,
                      ddb_overlap((int)r->net->p[0], (uint64_t)src, (uint64_t)dst));
        break;
    case DN_ALGO_DDB_K: h = route_ddb(r, (uint64_t)src, (uint64_t)dst, 0); break;
    case DN_ALGO_ECUBE: h = route_ecube(r, src, dst); break;
    case DN_ALGO_XY: h = route_xy(r, src, dst); break;
    case DN_ALGO_KAUTZ: h = route_kautz(r, src, dst); break;
    case DN_ALGO_UPDOWN: h = route_updown(r, src, dst); break;
    case DN_ALGO_MINIMAL: h = route_dragonfly(r, src, dst); break;
    case DN_ALGO_BFS: h = route_bfs(r, (int32_t)src, (int32_t)dst); break;
    }
    if (h < 0 && r->mark && r->algo != DN_ALGO_BFS) /* a switch at an end (router_setup) */
        h = route_bfs(r, (int32_t)src, (int32_t)dst);
    if (h < 0)
        return dn_fail(err, DN_ENOTFOUND, "no route from %lld to %lld in %s", (long long)src,
                       (long long)dst, r->net->spec);
    *path = r->path;
    *hops = h;
    return DN_OK;
}

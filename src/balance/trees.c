/*
 * trees.c - the spanning trees of DDB(k) (seed 003, Definitions 2 and 3,
 * Theorems 1-4), the measurement of Lemma 3 (same-level routes to the
 * downward-0 parents are link-disjoint under length-k routing), the load
 * generators, and the cut lower bound the balancing runs are compared to.
 *
 * Every tree function is O(1) arithmetic on ids: the -1 trees are the bit
 * complements (X -> X xor (N - 1)) of the -0 trees, which maps 0 channels
 * to 1 channels and the root 0 to N - 1.
 */
#include "dcnet/balance.h"
#include "../base/args_impl.h"
#include "../base/names_impl.h"

#include <stdlib.h>
#include <string.h>

static const char *const tree_names[] = {"up0", "up1", "down0", "down1"};

const char *dn_ddb_tree_name(dn_ddb_tree t)
{
    return names_name(tree_names, NAMES_N(tree_names), (int)t);
}

int dn_ddb_tree_parse(const char *s, dn_ddb_tree *t, dn_err *err)
{
    DN_NEED(err, s);
    DN_NEED(err, t);
    for (int i = 0; i < 4; i++)
        if (strcmp(s, tree_names[i]) == 0) {
            *t = (dn_ddb_tree)i;
            return DN_OK;
        }
    return dn_fail(err, DN_EINVAL, "unknown spanning tree '%s': use up0, up1, down0 or down1", s);
}

static int64_t mask_of(int k) { return ((int64_t)1 << k) - 1; }
static int is_one_tree(dn_ddb_tree t) { return t == DN_DDB_UP1 || t == DN_DDB_DOWN1; }

/* Maps between a -1 tree and its -0 image (an involution). */
static int64_t flip(int k, dn_ddb_tree t, int64_t x) { return is_one_tree(t) ? x ^ mask_of(k) : x; }

/* The functions' domain: k in 1..62, t a dn_ddb_tree, 0 <= x < 2^k. */
static int ddb_ok(int k, dn_ddb_tree t, int64_t x)
{
    return k >= 1 && k <= 62 && dn_ddb_tree_name(t) && x >= 0 && x >> k == 0;
}

int64_t dn_ddb_tree_root(int k, dn_ddb_tree t) { return ddb_ok(k, t, 0) ? flip(k, t, 0) : -1; }

int64_t dn_ddb_tree_parent(int k, dn_ddb_tree t, int64_t x)
{
    if (!ddb_ok(k, t, x))
        return -1;
    int64_t y = flip(k, t, x);
    if (y == 0)
        return -1;
    /* upward-0: ShiftLeft(X, 0); downward-0: ShiftRight(X, 0) */
    int64_t p = dn_ddb_tree_is_up(t) ? (y << 1) & mask_of(k) : y >> 1;
    return flip(k, t, p);
}

int dn_ddb_tree_children(int k, dn_ddb_tree t, int64_t x, int64_t out[2])
{
    if (!out || !ddb_ok(k, t, x))
        return -1;
    const int64_t y = flip(k, t, x), half = (int64_t)1 << (k - 1);
    int64_t c[2];
    int n = 0;
    if (dn_ddb_tree_is_up(t)) {
        /* Theorem 2.4: ShiftRight(X, 0), ShiftRight(X, 1) for even X */
        if (y & 1)
            return 0;
        c[0] = y >> 1;
        c[1] = (y >> 1) | half;
    } else {
        if (y >= half)
            return 0; /* Theorem 4.3: the leaves are the ids >= N/2 */
        c[0] = 2 * y;
        c[1] = 2 * y + 1;
    }
    for (int i = 0; i < 2; i++)
        if (c[i] != y) /* the root's loop is not a tree edge */
            out[n++] = flip(k, t, c[i]);
    return n;
}

static int bit_length(int64_t y)
{
    int b = 0;
    while (y) {
        b++;
        y >>= 1;
    }
    return b;
}

static int trailing_zeros(int64_t y)
{
    int z = 0;
    while (!(y & 1)) {
        z++;
        y >>= 1;
    }
    return z;
}

int dn_ddb_tree_depth(int k, dn_ddb_tree t, int64_t x)
{
    if (!ddb_ok(k, t, x))
        return -1;
    const int64_t y = flip(k, t, x);
    if (y == 0)
        return 0;
    /* up: 2^d y = 0 mod 2^k first for d = k - tz(y); down: one level per bit */
    return dn_ddb_tree_is_up(t) ? k - trailing_zeros(y) : bit_length(y);
}

/* ------------------------------------------------------------- Lemma 3 */

/* Marks a link for route r of group g; returns 1 when this makes the link
 * shared (a second distinct route), once per link and group. */
static int mark_link(int32_t *group, int32_t *first, uint8_t *counted, int64_t link, int32_t g,
                     int32_t r)
{
    if (group[link] != g) {
        group[link] = g;
        first[link] = r;
        counted[link] = 0;
        return 0;
    }
    if (first[link] == r || counted[link])
        return 0;
    counted[link] = 1;
    return 1;
}

int dn_ddb_lemma3(int k, int shortest, dn_lemma3 *out, dn_err *err)
{
    DN_NEED(err, out);
    if (k < 1 || k > DN_BAL_MAX_K)
        return dn_fail(err, DN_ERANGE, "Lemma 3 check: k must be in 1..%d, got %d", DN_BAL_MAX_K,
                       k);
    memset(out, 0, sizeof *out);
    out->k = k;
    out->shortest = shortest;
    const int64_t links = (int64_t)2 << k;
    int32_t *group = malloc((size_t)links * 2 * sizeof *group);
    int32_t *first = malloc((size_t)links * 2 * sizeof *first);
    uint8_t *counted = malloc((size_t)links * 2);
    if (!group || !first || !counted) {
        free(group), free(first), free(counted);
        return dn_fail(err, DN_ENOMEM, "Lemma 3 check: out of memory for DDB(%d)", k);
    }
    /* two independent mark sets: [0, links) untimed, [links, 2 links) timed */
    for (int64_t i = 0; i < 2 * links; i++)
        group[i] = -1;
    int64_t route[64];
    int32_t timed_group = 0;
    for (int l = 1; l <= k; l++) {
        /* level-l nodes of the downward-0 tree: ids with bit length l */
        const int64_t lo = (int64_t)1 << (l - 1), hi = (int64_t)1 << l;
        int hmax = 0;
        for (int64_t x = lo; x < hi; x++) {
            int h = dn_ddb_route_links(k, x, x >> 1, shortest, route);
            if (h > hmax)
                hmax = h;
            for (int j = 0; j < h; j++)
                out->shared[l] += mark_link(group, first, counted, route[j], l, (int32_t)(x - lo));
            out->routes[l]++;
        }
        /* timed: hop j of every route happens in time unit j */
        for (int j = 0; j < hmax; j++, timed_group++)
            for (int64_t x = lo; x < hi; x++) {
                int h = dn_ddb_route_links(k, x, x >> 1, shortest, route);
                if (j < h)
                    out->timed[l] += mark_link(group + links, first + links, counted + links,
                                               route[j], timed_group, (int32_t)(x - lo));
            }
        out->shared[0] += out->shared[l];
        out->timed[0] += out->timed[l];
        out->routes[0] += out->routes[l];
    }
    free(group), free(first), free(counted);
    return DN_OK;
}

/* --------------------------------------------------------------- loads */

static const char *const load_kinds[] = {"random:", "exp:", "point:", "const:"};

int dn_bal_loads_is_spec(const char *s)
{
    if (!s)
        return 0;
    for (size_t i = 0; i < sizeof load_kinds / sizeof load_kinds[0]; i++)
        if (strncmp(s, load_kinds[i], strlen(load_kinds[i])) == 0)
            return 1;
    return 0;
}

const char *dn_bal_loads_forms(void)
{
    return "random:SEED:MEAN, exp:SEED:MEAN, point:TOTAL[:NODE] or const:C";
}

int dn_bal_loads_spec(const char *spec, int64_t n, int64_t **loads, dn_err *err)
{
    DN_NEED(err, spec);
    DN_NEED(err, loads);
    char usage[96];
    snprintf(usage, sizeof usage, "use %s", dn_bal_loads_forms());
    char buf[128];
    if (strlen(spec) >= sizeof buf)
        return dn_fail(err, DN_EINVAL, "load spec '%.40s...' is too long: %s", spec, usage);
    strcpy(buf, spec);
    char *f[4] = {buf, NULL, NULL, NULL};
    int nf = 1;
    for (char *p = buf; *p && nf < 4; p++)
        if (*p == ':') {
            *p = '\0';
            f[nf++] = p + 1;
        }
    int64_t a = 0, b = 0;
    int rc = DN_OK;
    const int64_t cap = (int64_t)1 << 31; /* total tasks must stay below 2^31 */
    if ((!strcmp(f[0], "random") || !strcmp(f[0], "exp")) && nf == 3) {
        if ((rc = dn_parse_i64(f[1], 0, INT64_MAX, "SEED", &a, err)) ||
            (rc = dn_parse_i64(f[2], 0, cap / (n > 0 ? n : 1) / 2, "MEAN", &b, err)))
            return rc;
    } else if (!strcmp(f[0], "point") && (nf == 2 || nf == 3)) {
        if ((rc = dn_parse_i64(f[1], 0, cap - 1, "TOTAL", &a, err)) ||
            (nf == 3 && (rc = dn_parse_i64(f[2], 0, n - 1, "NODE", &b, err))))
            return rc;
    } else if (!strcmp(f[0], "const") && nf == 2) {
        if ((rc = dn_parse_i64(f[1], 0, (cap - 1) / (n > 0 ? n : 1), "C", &a, err)))
            return rc;
    } else {
        return dn_fail(err, DN_EINVAL, "bad load spec '%s': %s", spec, usage);
    }
    int64_t *l = calloc((size_t)n, sizeof *l);
    if (!l)
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld loads", (long long)n);
    dn_rng rng;
    dn_rng_seed(&rng, (uint64_t)a);
    for (int64_t x = 0; x < n; x++) {
        if (!strcmp(f[0], "random")) {
            l[x] = (int64_t)dn_rng_below(&rng, (uint64_t)(2 * b + 1));
        } else if (!strcmp(f[0], "exp")) {
            /* geometric on {0, 1, ...} with mean b: success probability 1/(b+1) */
            int64_t v = 0;
            while (b > 0 && dn_rng_below(&rng, (uint64_t)(b + 1)) != 0 && v < 64 * b)
                v++;
            l[x] = v;
        } else if (!strcmp(f[0], "const")) {
            l[x] = a;
        }
    }
    if (!strcmp(f[0], "point"))
        l[b] = a;
    *loads = l;
    return DN_OK;
}

/* ---------------------------------------------------------- lower bound */

/* Time a cut needs: ceil(tasks / links), 0 when nothing must cross. */
static int64_t cut_time(int64_t tasks, int64_t links)
{
    return tasks > 0 && links > 0 ? (tasks + links - 1) / links : 0;
}

/* Tasks that must leave / enter a set of s processors holding `sum` tasks,
 * whatever processors end with the L mod N extra tasks. */
static int64_t cut_bound(int64_t s, int64_t sum, int64_t n, int64_t avg, int64_t rem,
                         int64_t out_links, int64_t in_links)
{
    int64_t leave = sum - s * avg - (s < rem ? s : rem);
    int64_t extra_in = rem - (n - s);
    int64_t enter = s * avg + (extra_in > 0 ? extra_in : 0) - sum;
    int64_t a = cut_time(leave, out_links), b = cut_time(enter, in_links);
    return a > b ? a : b;
}

/* Is a an ancestor-or-self of v in tree t (both -0 trees here)? */
int dn_bal_lower_bound(int k, const int64_t *loads, int64_t *bound, dn_err *err)
{
    DN_NEED(err, loads);
    DN_NEED(err, bound);
    if (k < 1 || k > DN_BAL_MAX_K)
        return dn_fail(err, DN_ERANGE, "lower bound: k must be in 1..%d, got %d", DN_BAL_MAX_K, k);
    const int64_t n = (int64_t)1 << k, mask = n - 1;
    int64_t total = 0;
    for (int64_t x = 0; x < n; x++)
        total += loads[x];
    const int64_t avg = total / n, rem = total % n;
    int64_t *sum = malloc((size_t)n * sizeof *sum), *size = malloc((size_t)n * sizeof *size);
    int64_t *out = malloc((size_t)n * sizeof *out), *in = malloc((size_t)n * sizeof *in);
    int64_t *order = malloc((size_t)n * sizeof *order);
    if (!sum || !size || !out || !in || !order) {
        free(sum), free(size), free(out), free(in), free(order);
        return dn_fail(err, DN_ENOMEM, "lower bound: out of memory for DDB(%d)", k);
    }
    int64_t best = 0;
    /* singletons: 2 out- and 2 in-links, 1 of each at the looped 0 and N-1 */
    for (int64_t x = 0; x < n; x++) {
        int64_t deg = (x == 0 || x == mask) ? 1 : 2;
        int64_t b = cut_bound(1, loads[x], n, avg, rem, deg, deg);
        best = b > best ? b : best;
    }
    const dn_ddb_tree trees[2] = {DN_DDB_UP0, DN_DDB_DOWN0};
    for (int ti = 0; ti < 2; ti++) {
        dn_ddb_tree t = trees[ti];
        /* nodes by decreasing depth (counting sort), so children come first */
        int64_t cnt[DN_BAL_MAX_K + 2] = {0};
        for (int64_t x = 0; x < n; x++)
            cnt[dn_ddb_tree_depth(k, t, x)]++;
        for (int64_t d = k, pos = 0; d >= 0; d--) {
            int64_t c = cnt[d];
            cnt[d] = pos;
            pos += c;
        }
        for (int64_t x = 0; x < n; x++)
            order[cnt[dn_ddb_tree_depth(k, t, x)]++] = x;
        for (int64_t x = 0; x < n; x++) {
            sum[x] = loads[x];
            size[x] = 1;
            out[x] = in[x] = 0;
        }
        for (int64_t i = 0; i < n; i++) {
            int64_t x = order[i], p = dn_ddb_tree_parent(k, t, x);
            if (p >= 0) {
                sum[p] += sum[x];
                size[p] += size[x];
            }
        }
        /* every link u -> v leaves the subtrees of u's ancestors that miss
         * v, which are those below the lowest common ancestor of u and v
         * (and enters those of v's below it): one walk up to the LCA per
         * link, O(N k), instead of a subtree test per ancestor (ddb:22 took
         * a minute) */
        for (int64_t u = 0; u < n; u++)
            for (int b = 0; b < 2; b++) {
                int64_t v = ((u << 1) | b) & mask;
                if (v == u)
                    continue;
                int64_t x = u, y = v;
                int dx = dn_ddb_tree_depth(k, t, x), dy = dn_ddb_tree_depth(k, t, y);
                for (; dx > dy; dx--, x = dn_ddb_tree_parent(k, t, x))
                    out[x]++;
                for (; dy > dx; dy--, y = dn_ddb_tree_parent(k, t, y))
                    in[y]++;
                for (; x != y; x = dn_ddb_tree_parent(k, t, x), y = dn_ddb_tree_parent(k, t, y)) {
                    out[x]++;
                    in[y]++;
                }
            }
        for (int64_t x = 0; x < n; x++) {
            int64_t b = cut_bound(size[x], sum[x], n, avg, rem, out[x], in[x]);
            best = b > best ? b : best;
        }
    }
    free(sum), free(size), free(out), free(in), free(order);
    *bound = best;
    return DN_OK;
}

/*
 * map_general.c - the mappings for any tree on any network, each inside
 * the allocation and slots (dn_embed_opts.alloc, slots):
 *  - identity: rank r on processor r (closed form), or on the r-th slot
 *    of the allocation round by round;
 *  - random: a seeded random placement;
 *  - greedy: the tree in BFS order, each task on the nearest processor
 *    with room to its parent's;
 *  - given: the caller's own placement (opts.place), routed by the network.
 */
#include "embed_impl.h"
#include "../base/dn_assert.h"

#include <stdlib.h>
#include <string.h>

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

/* map-node of task v without an allocation: rank r on (r + offset) mod P */
static int64_t identity_place(const dn_embed *e, int64_t v)
{
    return (dn_tree_rank(e->tree, v) + e->xor_root) % dn_net_processors(e->net);
}

/* ---------------------------------------------------------- descriptors */

const dn_map_type dn_map_identity = {
    .name = "identity",
    .kind = MAP_IDENTITY,
    .summary = "task v on processor (v + root) mod N; an MPI tree's rank r on processor r",
    .nets = "any",
    .trees = "any",
    .example = "debruijn:4 binomial:4",
    .init = init_identity,
    .place = identity_place,
};

const dn_map_type dn_map_random = {
    .name = "random",
    .kind = MAP_RANDOM,
    .summary = "seeded random placement, at most ceil(T/N) tasks per processor",
    .nets = "any",
    .trees = "any",
    .example = "debruijn:4 binomial:4",
    .init = init_random,
};

const dn_map_type dn_map_greedy = {
    .name = "greedy",
    .kind = MAP_GREEDY,
    .summary = "tree BFS order, nearest processor with room to the parent",
    .nets = "any",
    .trees = "any",
    .example = "debruijn:4 binomial:4",
    .init = init_greedy,
};

const dn_map_type dn_map_given = {
    .name = "given",
    .kind = MAP_GIVEN,
    .summary = "a placement supplied by the caller (opts.place)",
    .nets = "any",
    .trees = "any, with one processor a task in opts.place",
    .example = "debruijn:4 binomial:4",
    .init = init_given,
};

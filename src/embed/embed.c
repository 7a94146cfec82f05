/*
 * embed.c - the embedding object (seed 000 section 4: map-node, map-edge,
 * edge weights W_B): its set-up around a mapping's descriptor (the
 * options checked, the network materialised, the allocation and slots,
 * the router; dn_embed_build and dn_embed_finish, the two halves of
 * dn_embed_init, src/search/init.c), map-node and map-edge through the
 * descriptor, the weights, and the accessors. The mappings are in
 * map_*.c, one file a family, listed by registry.c.
 */
#include "embed_impl.h"
#include "../base/args_impl.h"
#include "../base/dn_assert.h"
#include "../base/names_impl.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const routes_names[] = {
    [DN_ROUTES_MAPPING] = "mapping", [DN_ROUTES_SHORTEST] = "shortest", [DN_ROUTES_XY] = "xy",
    [DN_ROUTES_BFS] = "bfs", [DN_ROUTES_MINIMAL] = "minimal"};
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

/* ------------------------------------------------------------- the object */

int dn_embed_build(dn_embed *e, const dn_net *net, const dn_tree *tree,
                   const dn_embed_opts *o, dn_err *err)
{
    e->pre_hops = -1;
    e->face_dim[0] = e->face_dim[1] = -1;
    if (!o->map)
        return dn_fail_param(err, DN_EINVAL, "map", "no mapping given (opts.map is NULL)");
    const dn_map_type *type = dn_map_find(o->map);
    if (!type) {
        char known[400];
        return dn_fail_param(err, DN_ENOTFOUND, "map", "unknown mapping '%s'; known: %s", o->map,
                             dn_map_names(known, sizeof known));
    }
    e->net = net;
    e->tree = tree;
    e->type = type;
    e->kind = type->kind;
    snprintf(e->map, sizeof e->map, "%s", o->map);
    e->routes = o->routes;
    e->weights = o->weights;
    e->mem_limit = o->mem_limit > 0 ? o->mem_limit : DN_NET_DEFAULT_MEM_LIMIT;
    /* a value outside the enums, or a root below -1, was taken for the
     * default without a word */
    if ((int)o->routes < DN_ROUTES_MAPPING || (int)o->routes > DN_ROUTES_MINIMAL)
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
    if (o->face_set && !(type->flags & DN_MAP_FACE)) {
        rc = dn_fail_param(err, DN_EINVAL, "face map",
                     "a face applies to mappings dccube, xor, reflecting and growing only");

        goto fail;
    }
    rc = alloc_setup(e, o, err);
    if (rc)
        goto fail;
    if ((rc = weights_bounded(e, err)))
        goto fail;
    rc = type->init(e, o, err);
    if (rc)
        goto fail;
    /* a B(n) mapping of B(n) renamed: place and route through the renaming */
    e->iso = (type->flags & DN_MAP_BN) &&
             (tree->model.kind == DN_TREE_OMPI_BCAST || tree->model.kind == DN_TREE_MPICH_BCAST);
    /* the network router, unless the mapping routes itself (zrl) */
    dn_router_kind rk = DN_ROUTER_SHORTEST;
    if (o->routes == DN_ROUTES_XY ||
        (o->routes == DN_ROUTES_MAPPING && (type->flags & DN_MAP_XY)))
        rk = DN_ROUTER_XY;
    if (o->routes == DN_ROUTES_BFS)
        rk = DN_ROUTER_BFS;
    /* the dragonfly's minimal routing: asked for, or its default (what
     * routes shortest gave before issue 39 made that truly shortest) */
    if (o->routes == DN_ROUTES_MINIMAL ||
        (o->routes == DN_ROUTES_MAPPING && dn_net_routing_of(net, NULL) == DN_NET_ROUTING_MINIMAL))
        rk = DN_ROUTER_MINIMAL;
    if (!(type->route && o->routes == DN_ROUTES_MAPPING)) {
        rc = dn_router_init(&e->router, net, &e->g, rk, err);
        if (rc)
            goto fail;
    }
    /* the mapping's own placement is checked before refinement (issue 37
     * item 1: refinement moved a refused placement into the slots, and
     * best listed it under the mapping's name); refinement keeps to the
     * slots, which the second check (dn_embed_finish) confirms */
    if ((rc = alloc_check(e, err)))
        goto fail;
    return DN_OK;
fail:
    return rc;
}

int dn_embed_finish(dn_embed *e, dn_err *err)
{
    int rc = alloc_check(e, err);
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
        /* approach b (set by map_mesh.c): route the preliminary move */
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
    if (e->type->place) /* a closed form */
        return e->type->place(e, v);
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
    if (e->type->route && e->routes == DN_ROUTES_MAPPING) { /* the mapping's own map-edge */
        *hops = e->type->route(e, e->iso ? dn_tree_binomial_id(e->tree, v) : v);
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
    if (e->type->route && e->routes == DN_ROUTES_MAPPING)
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
    if (!(e->type->flags & DN_MAP_STEPS))
        return -1;
    /* B(n) has 2^n tasks and n phases */
    const int n = dn_bitlen((uint64_t)e->tree->nodes) - 1;
    if (step < 1 || step > n || step > 64)
        return -1;
    return e->dims[step - 1];
}


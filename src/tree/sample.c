/*
 * sample.c - building trees: implicit ones (binomial, complete, MPI's
 * broadcast trees) need no memory; the random
 * models of seed 002 are grown breadth-first with an explicit RNG.
 *
 * Seed 002's models (restated): a complete-tree-based random tree has fixed
 * height h and i.i.d. child counts on levels 0..h-1 (law u_l per level); a randomized complete
 * tree first draws its height from (v_0, v_1, ...); a reproduction tree
 * (Galton-Watson) has i.i.d. child counts of mean b-bar < 1 and expected size
 * 1/(1 - b-bar). Nodes are numbered in BFS order, so the children of a node
 * are contiguous ids and child_off is a CSR over the tree.
 *
 * The draw order is fixed (BFS, one draw per node, then one per child
 * count), so a seed determines the tree on any machine and thread count.
 */
#include "tree_impl.h"
#include "../base/args_impl.h"

#include <stdlib.h>
#include <string.h>

typedef struct grow {
    int64_t *child_off, *parent;
    int32_t *depth;
    int64_t cap, len;
} grow;

static int grow_reserve(grow *g, int64_t need)
{
    int64_t nc;
    void *p;
    if (need <= g->cap)
        return 1;
    nc = g->cap ? g->cap : 1024;
    while (nc < need)
        nc *= 2;
    if (!(p = realloc(g->parent, (size_t)nc * sizeof *g->parent)))
        return 0;
    g->parent = p;
    if (!(p = realloc(g->depth, (size_t)nc * sizeof *g->depth)))
        return 0;
    g->depth = p;
    if (!(p = realloc(g->child_off, (size_t)(nc + 1) * sizeof *g->child_off)))
        return 0;
    g->child_off = p;
    g->cap = nc;
    return 1;
}

int dn_tree_init(dn_tree *t, const dn_tree_model *m, uint64_t seed, int64_t max_nodes,
                 dn_err *err)
{
    DN_NEED(err, t);
    DN_NEED(err, m);
    dn_rng rng;
    grow g;
    int hmax;
    memset(t, 0, sizeof *t);
    memset(&g, 0, sizeof g);
    if (max_nodes <= 0)
        max_nodes = DN_TREE_DEFAULT_MAX_NODES;
    t->model = *m;
    switch (m->kind) {
    case DN_TREE_BINOMIAL:
        t->nodes = (int64_t)1 << m->n;
        t->height = m->n;
        return DN_OK;
    case DN_TREE_OMPI_BCAST:
    case DN_TREE_MPICH_BCAST: { /* depth popcount(v): the most ones below P */
        if (m->ranks < 1 || m->ranks > DN_TREE_MAX_NODES || m->root_rank < 0 ||
            m->root_rank >= m->ranks) {
            memset(t, 0, sizeof *t);
            return dn_fail(err, DN_ERANGE, "an MPI tree needs 1 .. 2^62 ranks and a root rank "
                                           "below them (%lld ranks, root %lld)",
                           (long long)m->ranks, (long long)m->root_rank);
        }
        /* the algorithm that runs: the binomial ones are implicit, the
         * others built rank by rank (mpialg.c) */
        dn_mpi_choice c;
        int rc = dn_tree_mpi_choose(m, &c, err);
        if (rc) {
            memset(t, 0, sizeof *t);
            return rc;
        }
        if (c.alg != DN_MPI_BINOMIAL)
            return dn_mpi_tree_build(t, m, &c, max_nodes, err);
        const uint64_t last = (uint64_t)m->ranks - 1;
        t->nodes = m->ranks;
        t->height = __builtin_popcountll(last) > dn_bitlen(last) - 1 ? __builtin_popcountll(last)
                                                                      : dn_bitlen(last) - 1;
        return DN_OK;
    }
    case DN_TREE_COMPLETE: {
        int64_t total = 0, level = 1;
        for (int l = 0; l <= m->h; l++) {
            if (dn_add_ovf(total, level, &total) || total > DN_TREE_MAX_NODES ||
                (l < m->h && dn_mul_ovf(level, m->b, &level)))
                return dn_fail(err, DN_ERANGE, "complete tree is larger than 2^62 nodes");
        }
        t->nodes = total;
        t->height = m->h;
        return DN_OK;
    }
    case DN_TREE_CRT:
    case DN_TREE_RCT:
    case DN_TREE_REPRO:
        break;
    case DN_TREE_FILE: {
        int rc = dn_tree_read_file(t, m->path, max_nodes, m->mem_limit, err);
        if (!rc)
            t->model = *m;
        return rc;
    }
    default:
        return dn_fail(err, DN_EINVAL, "unknown tree model");
    }
    dn_rng_seed(&rng, seed);
    hmax = m->kind == DN_TREE_CRT ? m->h
         : m->kind == DN_TREE_RCT ? dn_dist_draw(&m->height, &rng)
                                  : INT32_MAX;
    if (!grow_reserve(&g, 1))
        goto nomem;
    g.parent[0] = -1;
    g.depth[0] = 0;
    g.len = 1;
    for (int64_t v = 0; v < g.len; v++) {
        int64_t k = g.depth[v] < hmax
                        ? dn_dist_draw(dn_tree_model_offspring(m, g.depth[v]), &rng)
                        : 0;
        g.child_off[v] = g.len;
        if (g.len + k > max_nodes) {
            free(g.parent);
            free(g.depth);
            free(g.child_off);
            return dn_fail_param(err, DN_ELIMIT, "max_nodes",
                           "random tree grew past %lld nodes; raise the node limit or use another seed",

                           (long long)max_nodes);
        }
        if (!grow_reserve(&g, g.len + k))
            goto nomem;
        for (int64_t i = 0; i < k; i++) {
            g.parent[g.len] = v;
            g.depth[g.len] = g.depth[v] + 1;
            if (g.depth[v] + 1 > t->height)
                t->height = g.depth[v] + 1;
            g.len++;
        }
    }
    g.child_off[g.len] = g.len;
    t->nodes = g.len;
    t->child_off = g.child_off;
    t->parent = g.parent;
    t->depth = g.depth;
    return DN_OK;
nomem:
    free(g.parent);
    free(g.depth);
    free(g.child_off);
    memset(t, 0, sizeof *t);
    return dn_fail(err, DN_ENOMEM, "out of memory sampling a tree");
}

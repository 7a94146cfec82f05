/*
 * mpialg.c - which broadcast an MPI library runs (dcnet/tree.h, "MPI
 * broadcast algorithms"): Open MPI 4.1's fixed decision rule for MPI_Bcast,
 * the algorithm named with @ALG, and the trees of the algorithms other than
 * the binomial one (which tree.c keeps implicit), built as explicit arrays
 * like a tree file's: children in the library's send order.
 *
 * Written from Open MPI 4.1.4's sources (ompi/mca/coll/tuned/
 * coll_tuned_decision_fixed.c, coll_tuned_bcast_decision.c, ompi/mca/coll/
 * base/coll_base_bcast.c and coll_base_topo.c; the files are the same in
 * 4.1.0 .. 4.1.8 as far as these rules go) and checked against real runs
 * under pml monitoring (tests/test_mpi.c). docs/trees.md says how to read a
 * newer version's rules.
 */
#include "dcnet/tree.h"
#include "../base/args_impl.h"
#include "tree_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Open MPI 4.1's ompi_coll_tuned_bcast_intra_dec_fixed: the algorithm for
 * P ranks and a total of `bytes` bytes, by communicator size bracket, then
 * by message size (each bound excluded, as the source's '<'). */
int dn_ompi41_bcast_rule(int64_t P, double b)
{
    if (P < 1 || !(b >= 0)) /* no ranks, a negative or NaN size: outside the rule's domain */
        return -1;
    if (P < 4) {
        if (b < 32) return DN_MPI_PIPELINE;
        if (b < 256) return DN_MPI_BINTREE;
        if (b < 512) return DN_MPI_PIPELINE;
        if (b < 1024) return DN_MPI_KNOMIAL;
        if (b < 32768) return DN_MPI_LINEAR;
        if (b < 131072) return DN_MPI_BINTREE;
        if (b < 262144) return DN_MPI_CHAIN;
        if (b < 524288) return DN_MPI_LINEAR;
        if (b < 1048576) return DN_MPI_BINOMIAL;
        return DN_MPI_BINTREE;
    }
    if (P < 8) {
        if (b < 64) return DN_MPI_BINTREE;
        if (b < 128) return DN_MPI_BINOMIAL;
        if (b < 2048) return DN_MPI_BINTREE;
        if (b < 8192) return DN_MPI_BINOMIAL;
        if (b < 1048576) return DN_MPI_LINEAR;
        return DN_MPI_CHAIN;
    }
    if (P < 16) {
        if (b < 8) return DN_MPI_KNOMIAL;
        if (b < 64) return DN_MPI_BINTREE;
        if (b < 4096) return DN_MPI_KNOMIAL;
        if (b < 16384) return DN_MPI_BINTREE;
        if (b < 32768) return DN_MPI_BINOMIAL;
        return DN_MPI_LINEAR;
    }
    if (P < 32) {
        if (b < 4096) return DN_MPI_KNOMIAL;
        if (b < 1048576) return DN_MPI_BINOMIAL;
        return DN_MPI_SCATTER_ALLGATHER;
    }
    if (P < 64)
        return b < 2048 ? DN_MPI_BINOMIAL : DN_MPI_KNOMIAL;
    if (P < 128)
        return DN_MPI_KNOMIAL;
    if (P < 256) {
        if (b < 2) return DN_MPI_BINOMIAL;
        if (b < 16384) return DN_MPI_BINTREE;
        if (b < 32768) return DN_MPI_LINEAR;
        if (b < 65536) return DN_MPI_BINTREE;
        return DN_MPI_KNOMIAL;
    }
    if (P < 1024)
        return b < 16384 || b >= 32768 ? DN_MPI_KNOMIAL : DN_MPI_SPLIT_BINTREE;
    if (P < 2048)
        return b < 524288 ? DN_MPI_KNOMIAL : DN_MPI_SCATTER_ALLGATHER;
    if (P < 4096)
        return b < 262144 ? DN_MPI_KNOMIAL : DN_MPI_SCATTER_ALLGATHER;
    if (b < 8192) return DN_MPI_KNOMIAL;
    if (b < 16384) return DN_MPI_BINTREE;
    if (b < 262144) return DN_MPI_KNOMIAL;
    return DN_MPI_SCATTER_ALLGATHER;
}

/* Every size bound of the rule above, and 0: the rule is one algorithm
 * for all sizes at P exactly when it is one on all of these. */
static const double rule_bounds[] = {0,    1,     2,     8,     32,     64,     128,
                                     256,  512,   1024,  2048,  4096,   8192,   16384,
                                     32768, 65536, 131072, 262144, 524288, 1048576};

static int size_free_rule(int64_t P)
{
    const int a = dn_ompi41_bcast_rule(P, 0);
    for (size_t i = 1; i < sizeof rule_bounds / sizeof rule_bounds[0]; i++)
        if (dn_ompi41_bcast_rule(P, rule_bounds[i]) != a)
            return 0;
    return a;
}

static const char *const alg_names[] = {"default", "linear", "chain", "pipeline",
                                        "split_bintree", "bintree", "binomial", "knomial",
                                        "scatter_allgather", "scatter_allgather_ring"};

/* The name the spec takes (@NAME[:K]) */
static void alg_name(int alg, int k, char *buf, size_t cap)
{
    if (alg == DN_MPI_KNOMIAL || alg == DN_MPI_CHAIN)
        snprintf(buf, cap, "%s:%d", alg_names[alg], k);
    else
        snprintf(buf, cap, "%s", alg_names[alg]);
}

int dn_mpi_alg_parse(const char *s, int *alg, int *k)
{
    char name[32];
    const char *colon = strchr(s, ':');
    size_t n = colon ? (size_t)(colon - s) : strlen(s);
    *alg = -1;
    *k = 0;
    if (n >= sizeof name)
        return DN_EINVAL;
    memcpy(name, s, n);
    name[n] = '\0';
    for (int a = 1; a <= DN_MPI_SCATTER_ALLGATHER_RING; a++)
        if (strcmp(name, alg_names[a]) == 0)
            *alg = a;
    if (*alg < 0)
        return DN_ENOTFOUND;
    if (colon) {
        char *end;
        long v;
        if (*alg != DN_MPI_KNOMIAL && *alg != DN_MPI_CHAIN)
            return DN_EINVAL;
        v = strtol(colon + 1, &end, 10);
        if (!colon[1] || *end || colon[1] == '+' || colon[1] == ' ' || v < 1 || v > 1024)
            return DN_ERANGE;
        *k = (int)v;
    }
    return DN_OK;
}

/* "1 MiB", "4 KiB", "12288 B" */
static void size_text(double b, char *buf, size_t cap)
{
    if (b >= 1048576 && fmod(b, 1048576) == 0)
        snprintf(buf, cap, "%.0f MiB", b / 1048576);
    else if (b >= 1024 && fmod(b, 1024) == 0)
        snprintf(buf, cap, "%.0f KiB", b / 1024);
    else
        snprintf(buf, cap, "%.17g B", b);
}

/* The MCA parameters that make Open MPI 4.1 run alg (with k), as
 * NAME=VALUE pairs (mpirun takes each as its option mca NAME VALUE) */
static void ompi_force(int alg, int k, char *buf, size_t cap)
{
    int len = snprintf(buf, cap, "coll_tuned_use_dynamic_rules=1 coll_tuned_bcast_algorithm=%d",
                       alg);
    if (len < 0 || (size_t)len >= cap)
        return;
    if (alg == DN_MPI_KNOMIAL)
        snprintf(buf + len, cap - (size_t)len, " coll_tuned_bcast_algorithm_knomial_radix=%d", k);
    else if (alg == DN_MPI_CHAIN)
        snprintf(buf + len, cap - (size_t)len, " coll_tuned_bcast_algorithm_chain_fanout=%d", k);
}

int dn_tree_mpi_choose(const dn_tree_model *m, dn_mpi_choice *c, dn_err *err)
{
    char sz[48], spec[64];
    DN_NEED(err, m);
    DN_NEED(err, c);
    memset(c, 0, sizeof *c);
    if (m->kind != DN_TREE_OMPI_BCAST && m->kind != DN_TREE_MPICH_BCAST)
        return dn_fail(err, DN_EINVAL, "not an MPI broadcast tree");
    snprintf(spec, sizeof spec, "%s-bcast:%lld", m->kind == DN_TREE_OMPI_BCAST ? "ompi" : "mpich",
             (long long)m->ranks);
    if (m->kind == DN_TREE_MPICH_BCAST) {
        /* MPICH 4.0's selection (a node-aware composition by default, scatter
         * + allgather above 12 KiB from 8 ranks) is not encoded: dcnet builds
         * its binomial, and says how to make MPICH run it */
        strcpy(c->library, "MPICH 4.0");
        c->alg = DN_MPI_BINOMIAL;
        strcpy(c->name, "binomial");
        snprintf(c->why, sizeof c->why,
                 "MPICH's binomial (MPIR_Bcast_intra_binomial); MPICH 4.0's own selection is "
                 "not encoded in dcnet: force this one");
        snprintf(c->force, sizeof c->force,
                 "MPIR_CVAR_DEVICE_COLLECTIVES=none MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial");
        return DN_OK;
    }
    strcpy(c->library, "Open MPI 4.1");
    const int fixed = size_free_rule(m->ranks);
    if (m->mpi_bytes > 0 || fixed) {
        c->def_alg = m->mpi_bytes > 0 ? dn_ompi41_bcast_rule(m->ranks, m->mpi_bytes) : fixed;
        /* the fixed rule's chain has fan-out 0, which the chain builder
         * takes as 1; knomial's radix is coll_tuned_bcast_algorithm_knomial_radix, 4 */
        c->def_k = c->def_alg == DN_MPI_CHAIN ? 1 : c->def_alg == DN_MPI_KNOMIAL ? 4 : 0;
    }
    if (m->mpi_bytes > 0)
        size_text(m->mpi_bytes, sz, sizeof sz);
    else
        strcpy(sz, "every size");
    if (m->mpi_alg == DN_MPI_DEFAULT) {
        if (!c->def_alg)
            return dn_fail_param(err, DN_EINVAL, "mpi_bytes tree",
                                 "%s: Open MPI 4.1 picks its broadcast from P and the message "
                                 "size: give the size (e.g. 1MiB) or an algorithm (%s@"
                                 "binomial, @knomial:4, @bintree, @chain:F, @pipeline, @linear)",
                                 spec, spec);
        c->alg = c->def_alg;
        c->k = c->def_k;
    } else {
        c->alg = m->mpi_alg;
        c->k = m->mpi_k ? m->mpi_k
                        : c->alg == DN_MPI_KNOMIAL || c->alg == DN_MPI_CHAIN ? 4 : 0;
    }
    alg_name(c->alg, c->k, c->name, sizeof c->name);
    if (c->alg == DN_MPI_SPLIT_BINTREE || c->alg == DN_MPI_SCATTER_ALLGATHER ||
        c->alg == DN_MPI_SCATTER_ALLGATHER_RING)
        return dn_fail(err, DN_EINVAL,
                       "%s: Open MPI 4.1 runs %s for P = %lld at %s: not a tree (pieces of "
                       "the buffer cross between ranks that are no parent and child); force a "
                       "tree with %s@binomial (or @knomial:4, @bintree, @chain:F, @pipeline, "
                       "@linear) and Open MPI's MCA parameters %s",
                       spec, c->name, (long long)m->ranks, sz, spec,
                       m->mpi_alg ? "coll_tuned_bcast_algorithm=N"
                                  : "coll_tuned_use_dynamic_rules=1 "
                                    "coll_tuned_bcast_algorithm=6");
    c->is_default = c->def_alg && c->alg == c->def_alg &&
                    (c->k == c->def_k ||
                     (c->alg == DN_MPI_CHAIN && c->k == 1 && c->def_k == 1));
    if (c->is_default) {
        snprintf(c->why, sizeof c->why, "default for P = %lld at %s", (long long)m->ranks, sz);
    } else {
        char def[32];
        if (c->def_alg)
            alg_name(c->def_alg, c->def_k, def, sizeof def);
        if (c->def_alg)
            snprintf(c->why, sizeof c->why,
                     "forced (@%s); Open MPI 4.1 runs %s by default for P = %lld at %s", c->name,
                     def, (long long)m->ranks, sz);
        else
            snprintf(c->why, sizeof c->why,
                     "forced (@%s); Open MPI 4.1's default for P = %lld depends on the size "
                     "(not given)",
                     c->name, (long long)m->ranks);
        ompi_force(c->alg, c->k, c->force, sizeof c->force);
    }
    return DN_OK;
}

/* ------------------------------------------------------------ the trees */

/* Open MPI's chain/pipeline builder's shape for P ranks and fan-out F (>= 1,
 * at most P - 1): column c holds len(c) consecutive virtual ranks from
 * head(c); the first `mark` columns are one longer when F does not divide
 * P - 1. */
typedef struct chain_shape {
    int64_t F, maxlen, mark;
} chain_shape;

static chain_shape chain_of(int64_t P, int64_t F)
{
    chain_shape s;
    if (F < 1)
        F = 1;
    if (F > P - 1)
        F = P - 1;
    s.F = F;
    s.maxlen = (P - 1 + F - 1) / F;
    s.mark = (P - 1) % F ? (P - 1) % F : F + 1;
    return s;
}

static int64_t chain_head(const chain_shape *s, int64_t c)
{
    return c <= s->mark ? 1 + c * s->maxlen
                        : 1 + s->mark * s->maxlen + (c - s->mark) * (s->maxlen - 1);
}

/* The children of virtual rank v in send order into out (when not NULL);
 * returns how many. */
static int64_t kids_of(int alg, int64_t k, int64_t P, int64_t v, int64_t root, int64_t *out)
{
    int64_t n = 0;
    switch (alg) {
    case DN_MPI_LINEAR: /* the root's isends go to ranks 0 .. P - 1 in rank order */
        if (v == 0)
            for (int64_t r = 0; r < P; r++)
                if (r != root) {
                    if (out)
                        out[n] = (r - root + P) % P;
                    n++;
                }
        return n;
    case DN_MPI_PIPELINE: k = 1; /* fall through */
    case DN_MPI_CHAIN: {
        if (P < 2)
            return 0;
        chain_shape s = chain_of(P, k);
        if (v == 0) {
            for (int64_t c = 0; c < s.F; c++)
                if (out)
                    out[n++] = chain_head(&s, c);
                else
                    n++;
            return n;
        }
        /* v's column: the one whose head is the last at or below v */
        int64_t c = v - 1 < s.mark * s.maxlen ? (v - 1) / s.maxlen
                                              : s.mark + (v - 1 - s.mark * s.maxlen) / (s.maxlen - 1);
        int64_t len = c < s.mark ? s.maxlen : s.maxlen - 1;
        if (s.F == 1)
            len = P - 1;
        if (v + 1 < chain_head(&s, c) + len && v + 1 < P) {
            if (out)
                out[0] = v + 1;
            return 1;
        }
        return 0;
    }
    case DN_MPI_BINTREE: { /* level l = bitlen(v + 1) - 1 holds 2^l ranks */
        int64_t d = (int64_t)1 << (dn_bitlen((uint64_t)v + 1) - 1);
        for (int i = 1; i <= 2 && v + d * i < P; i++)
            if (out)
                out[n++] = v + d * i;
            else
                n++;
        return n;
    }
    case DN_MPI_KNOMIAL: {
        int64_t mask = 1;
        while (mask < P && v % (k * mask) == 0)
            mask *= k;
        for (mask /= k; mask > 0; mask /= k)
            for (int64_t r = 1; r < k; r++)
                if (v + mask * r < P) {
                    if (out)
                        out[n] = v + mask * r;
                    n++;
                }
        return n;
    }
    default: return 0;
    }
}

int dn_mpi_tree_build(dn_tree *t, const dn_tree_model *m, const dn_mpi_choice *c,
                      int64_t max_nodes, dn_err *err)
{
    const int64_t P = m->ranks;
    memset(t, 0, sizeof *t);
    if (P > max_nodes || P > INT32_MAX)
        return dn_fail_param(err, DN_ELIMIT, "max_nodes",
                       "%s on %lld ranks is built rank by rank: at most %lld",
                       c->name, (long long)P, (long long)(max_nodes < INT32_MAX ? max_nodes
                                                                                : INT32_MAX));
    t->model = *m;
    t->nodes = P;
    t->parent = malloc((size_t)P * sizeof *t->parent);
    t->child_off = calloc((size_t)P + 1, sizeof *t->child_off);
    t->kids = malloc((size_t)P * sizeof *t->kids);
    t->depth = malloc((size_t)P * sizeof *t->depth);
    t->phase = malloc((size_t)P * sizeof *t->phase);
    if (!t->parent || !t->child_off || !t->kids || !t->depth || !t->phase) {
        dn_tree_free(t);
        return dn_fail(err, DN_ENOMEM, "out of memory for %s on %lld ranks", c->name,
                       (long long)P);
    }
    for (int64_t v = 0; v < P; v++)
        t->child_off[v + 1] = t->child_off[v] + kids_of(c->alg, c->k, P, v, m->root_rank, NULL);
    if (t->child_off[P] != P - 1) { /* every rank but the root has one parent */
        dn_tree_free(t);
        return dn_fail(err, DN_EINVAL, "%s on %lld ranks: %lld edges, not %lld (a bug)", c->name,
                       (long long)P, (long long)t->child_off[P], (long long)(P - 1));
    }
    for (int64_t v = 0; v < P; v++)
        t->parent[v] = -1;
    for (int64_t v = 0; v < P; v++) {
        kids_of(c->alg, c->k, P, v, m->root_rank, t->kids + t->child_off[v]);
        for (int64_t i = t->child_off[v]; i < t->child_off[v + 1]; i++)
            t->parent[t->kids[i]] = v;
    }
    /* depths and phases from the root in id order: every builder's parent
     * has a smaller virtual rank than its child */
    t->depth[0] = 0;
    t->phase[0] = 0;
    for (int64_t v = 0; v < P; v++) {
        if (v && (t->parent[v] < 0 || t->parent[v] >= v)) {
            dn_tree_free(t);
            return dn_fail(err, DN_EINVAL, "%s on %lld ranks: rank %lld's parent (a bug)",
                           c->name, (long long)P, (long long)v);
        }
        for (int64_t i = t->child_off[v]; i < t->child_off[v + 1]; i++) {
            int64_t u = t->kids[i];
            t->depth[u] = t->depth[v] + 1;
            t->phase[u] = t->phase[v] + (int32_t)(i - t->child_off[v]) + 1;
            if (t->depth[u] > t->height)
                t->height = t->depth[u];
            if (t->phase[u] > t->nphases)
                t->nphases = t->phase[u];
        }
    }
    return DN_OK;
}

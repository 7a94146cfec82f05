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

/* One bracket of a decision rule: communicators of p_lo <= P < p_hi ranks
 * and sizes b_lo <= bytes < b_hi run alg. The first row that holds wins. */
typedef struct bracket {
    int64_t p_lo, p_hi;
    double b_lo, b_hi;
    int alg;
} bracket;

#define P_ANY INT64_MAX
#define B_ANY HUGE_VAL

/* Open MPI 4.1's fixed decision rule for MPI_Bcast:
 * ompi/mca/coll/tuned/coll_tuned_decision_fixed.c, function
 * ompi_coll_tuned_bcast_intra_dec_fixed (4.1.0 .. 4.1.8; checked against
 * 4.1.4 and by real runs, tests/test_mpi.c), whose ladder reads
 * "if (communicator_size < N) { if (total_dsize < M) alg = A; ... }": each
 * row below is one of its branches, in order, bounds excluded as its '<'
 * (alg numbers are coll_tuned_bcast_algorithm's, DN_MPI_*). */
static const bracket ompi41_bcast[] = {
    /* communicator_size < 4 */
    {1, 4, 0, 32, DN_MPI_PIPELINE},
    {1, 4, 32, 256, DN_MPI_BINTREE},
    {1, 4, 256, 512, DN_MPI_PIPELINE},
    {1, 4, 512, 1024, DN_MPI_KNOMIAL},
    {1, 4, 1024, 32768, DN_MPI_LINEAR},
    {1, 4, 32768, 131072, DN_MPI_BINTREE},
    {1, 4, 131072, 262144, DN_MPI_CHAIN},
    {1, 4, 262144, 524288, DN_MPI_LINEAR},
    {1, 4, 524288, 1048576, DN_MPI_BINOMIAL},
    {1, 4, 1048576, B_ANY, DN_MPI_BINTREE},
    /* < 8 */
    {4, 8, 0, 64, DN_MPI_BINTREE},
    {4, 8, 64, 128, DN_MPI_BINOMIAL},
    {4, 8, 128, 2048, DN_MPI_BINTREE},
    {4, 8, 2048, 8192, DN_MPI_BINOMIAL},
    {4, 8, 8192, 1048576, DN_MPI_LINEAR},
    {4, 8, 1048576, B_ANY, DN_MPI_CHAIN},
    /* < 16 */
    {8, 16, 0, 8, DN_MPI_KNOMIAL},
    {8, 16, 8, 64, DN_MPI_BINTREE},
    {8, 16, 64, 4096, DN_MPI_KNOMIAL},
    {8, 16, 4096, 16384, DN_MPI_BINTREE},
    {8, 16, 16384, 32768, DN_MPI_BINOMIAL},
    {8, 16, 32768, B_ANY, DN_MPI_LINEAR},
    /* < 32 */
    {16, 32, 0, 4096, DN_MPI_KNOMIAL},
    {16, 32, 4096, 1048576, DN_MPI_BINOMIAL},
    {16, 32, 1048576, B_ANY, DN_MPI_SCATTER_ALLGATHER},
    /* < 64 */
    {32, 64, 0, 2048, DN_MPI_BINOMIAL},
    {32, 64, 2048, B_ANY, DN_MPI_KNOMIAL},
    /* < 128 */
    {64, 128, 0, B_ANY, DN_MPI_KNOMIAL},
    /* < 256 */
    {128, 256, 0, 2, DN_MPI_BINOMIAL},
    {128, 256, 2, 16384, DN_MPI_BINTREE},
    {128, 256, 16384, 32768, DN_MPI_LINEAR},
    {128, 256, 32768, 65536, DN_MPI_BINTREE},
    {128, 256, 65536, B_ANY, DN_MPI_KNOMIAL},
    /* < 1024 */
    {256, 1024, 0, 16384, DN_MPI_KNOMIAL},
    {256, 1024, 16384, 32768, DN_MPI_SPLIT_BINTREE},
    {256, 1024, 32768, B_ANY, DN_MPI_KNOMIAL},
    /* < 2048 */
    {1024, 2048, 0, 524288, DN_MPI_KNOMIAL},
    {1024, 2048, 524288, B_ANY, DN_MPI_SCATTER_ALLGATHER},
    /* < 4096 */
    {2048, 4096, 0, 262144, DN_MPI_KNOMIAL},
    {2048, 4096, 262144, B_ANY, DN_MPI_SCATTER_ALLGATHER},
    /* else */
    {4096, P_ANY, 0, 8192, DN_MPI_KNOMIAL},
    {4096, P_ANY, 8192, 16384, DN_MPI_BINTREE},
    {4096, P_ANY, 16384, 262144, DN_MPI_KNOMIAL},
    {4096, P_ANY, 262144, B_ANY, DN_MPI_SCATTER_ALLGATHER},
};

/* The first row of t (n rows) holding P and b; -1 when none does */
static int bracket_find(const bracket *t, size_t n, int64_t P, double b)
{
    for (size_t i = 0; i < n; i++)
        if (P >= t[i].p_lo && (P < t[i].p_hi || t[i].p_hi == P_ANY) && b >= t[i].b_lo &&
            (b < t[i].b_hi || t[i].b_hi == B_ANY))
            return t[i].alg;
    return -1;
}

/* Open MPI 4.1's ompi_coll_tuned_bcast_intra_dec_fixed: the algorithm for
 * P ranks and a total of `bytes` bytes (ompi41_bcast above). */
int dn_ompi41_bcast_rule(int64_t P, double b)
{
    if (P < 1 || !(b >= 0)) /* no ranks, a negative or NaN size: outside the rule's domain */
        return -1;
    return bracket_find(ompi41_bcast, sizeof ompi41_bcast / sizeof ompi41_bcast[0], P, b);
}

/* MPICH 4.0.2's MPIR-level selection (maint/tuning/coll/mpir/generic.json,
 * "collective=bcast", lines 2-75 at tag v4.0.2) for a communicator of n
 * ranks that is not a node-aware parent (comm_hierarchy=any). Its
 * conditions are "avg_msg_size<=X" (bounds included: b <= b_max, unlike
 * the other tables' b < b_hi). Rows marked pow2 hold for a power of two
 * ("comm_size=pow2") only; the first row that holds wins. */
typedef struct mpich_bracket {
    int64_t n_lo, n_hi; /* n_lo <= comm_size < n_hi */
    int pow2;           /* 1: comm_size a power of two only; 0: any */
    double b_max;       /* avg_msg_size <= b_max (B_ANY: any) */
    int alg;
} mpich_bracket;

static const mpich_bracket mpir_bcast[] = {
    {1, 8, 0, B_ANY, DN_MPI_BINOMIAL},                 /* comm_size<8 (lines 19-25) */
    {8, P_ANY, 1, 12288, DN_MPI_BINOMIAL},             /* pow2 (48-61): <=12288 */
    {8, P_ANY, 1, 524288, DN_MPI_SCATTER_ALLGATHER},   /*   <=524288 recursive doubling */
    {8, P_ANY, 1, B_ANY, DN_MPI_SCATTER_ALLGATHER_RING},
    {8, P_ANY, 0, 12288, DN_MPI_BINOMIAL},             /* any (80-90): <=12288 */
    {8, P_ANY, 0, B_ANY, DN_MPI_SCATTER_ALLGATHER_RING},
};

/* MPICH 4.0.2's ch4 selection on a node-aware parent communicator
 * (maint/tuning/coll/ch4/generic.json, "collective=bcast",
 * comm_hierarchy=parent, lines 6-41 at tag v4.0.2): conditions
 * "avg_msg_size<X" (bounds excluded, as ompi41_bcast's rows). DN_MPI_SMP is
 * composition alpha, DN_MPI_SMP_BETA beta (both refined by the caller),
 * DN_MPI_DEFAULT composition gamma (MPIR's rule on the whole
 * communicator). pow2 marks rows for comm_size a power of two. */
static const struct {
    int64_t n_lo, n_hi;
    int pow2;
    double b_hi;
    int alg;
} ch4_bcast_parent[] = {
    {1, 8, 0, B_ANY, DN_MPI_SMP},            /* comm_size<8: alpha */
    {8, P_ANY, 1, 12288, DN_MPI_SMP},        /* pow2: avg_msg_size<12288 alpha */
    {8, P_ANY, 1, 524288, DN_MPI_SMP_BETA},  /*   <524288 beta */
    {8, P_ANY, 1, B_ANY, DN_MPI_DEFAULT},    /*   else gamma */
    {8, P_ANY, 0, 12288, DN_MPI_SMP},        /* any: <12288 alpha */
    {8, P_ANY, 0, B_ANY, DN_MPI_DEFAULT},    /*   else gamma */
};

static int is_pow2(int64_t n)
{
    return n > 0 && (n & (n - 1)) == 0;
}

static int mpir_any(int64_t n, double b)
{
    for (size_t i = 0; i < sizeof mpir_bcast / sizeof mpir_bcast[0]; i++) {
        const mpich_bracket *r = &mpir_bcast[i];
        if (n >= r->n_lo && (n < r->n_hi || r->n_hi == P_ANY) && (!r->pow2 || is_pow2(n)) &&
            (b <= r->b_max || r->b_max == B_ANY))
            return r->alg;
    }
    return -1;
}

int dn_mpich40_bcast_rule(int64_t P, double b, int64_t ppn)
{
    if (P < 1 || ppn < 1 || !(b >= 0))
        return -1;
    /* src/mpi/comm/commutil.c:595-652 (v4.0.2): a communicator is a
     * hierarchy "parent" (node_comm, node_roots_comm) unless every rank is
     * alone on its node (num_external == size); blocks of ppn > 1 ranks
     * put two on node 0 as soon as P > 1 */
    if (!(ppn > 1 && P > 1)) /* ch4/generic.json lines 42-45: composition gamma, MPIR's rule */
        return mpir_any(P, b);
    int comp = -1;
    for (size_t i = 0; i < sizeof ch4_bcast_parent / sizeof ch4_bcast_parent[0]; i++)
        if (P >= ch4_bcast_parent[i].n_lo &&
            (P < ch4_bcast_parent[i].n_hi || ch4_bcast_parent[i].n_hi == P_ANY) &&
            (!ch4_bcast_parent[i].pow2 || is_pow2(P)) &&
            (b < ch4_bcast_parent[i].b_hi || ch4_bcast_parent[i].b_hi == B_ANY)) {
            comp = ch4_bcast_parent[i].alg;
            break;
        }
    if (comp == DN_MPI_SMP) /* alpha's inner bcasts (on < 12288 B) are binomials */
        return DN_MPI_SMP;
    if (comp == DN_MPI_SMP_BETA) {
        /* beta (ch4_coll_impl.h:156): MPIR's rule on the node roots' and
         * on each node's communicator (comm_hierarchy=any there) */
        const int64_t N = (P + ppn - 1) / ppn, last = P - (N - 1) * ppn;
        int a = mpir_any(N, b);
        if (a == DN_MPI_BINOMIAL)
            a = mpir_any(ppn < P ? ppn : P, b);
        if (a == DN_MPI_BINOMIAL)
            a = mpir_any(last, b);
        return a == DN_MPI_BINOMIAL ? DN_MPI_SMP_BETA : a;
    }
    /* gamma (ch4_coll_impl.h:201) on a parent communicator: mpir/generic.json
     * comm_hierarchy=parent: avg_msg_size<=0 MPIR_Bcast_intra_smp (never
     * here: gamma needs >= 12288 B), <=12288 binomial, pow2 <=524288
     * scatter + recursive doubling, else the ring: MPIR's rows above */
    return mpir_any(P, b);
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
                                        "scatter_allgather", "scatter_allgather_ring", "smp",
                                        "smp_beta"};

/* The name the spec takes (@NAME[:K]) */
static void alg_name(int alg, int k, char *buf, size_t cap)
{
    if (alg == DN_MPI_KNOMIAL || alg == DN_MPI_CHAIN || alg == DN_MPI_SMP || alg == DN_MPI_SMP_BETA)
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
    for (int a = 1; a <= DN_MPI_SMP_BETA; a++)
        if (strcmp(name, alg_names[a]) == 0)
            *alg = a;
    if (*alg < 0)
        return DN_ENOTFOUND;
    if (colon) {
        char *end;
        long v;
        if (*alg != DN_MPI_KNOMIAL && *alg != DN_MPI_CHAIN && *alg != DN_MPI_SMP &&
            *alg != DN_MPI_SMP_BETA)
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

/* MPICH 4.0's default when it is one algorithm at every size for P ranks,
 * ppn a node (every size bound of dn_mpich40_bcast_rule, and 0 and a huge
 * size), else 0 */
static int mpich_size_free(int64_t P, int64_t ppn)
{
    static const double b[] = {0, 12287, 12288, 12289, 524287, 524288, 524289, 1e18};
    const int a = dn_mpich40_bcast_rule(P, 0, ppn);
    for (size_t i = 1; i < sizeof b / sizeof b[0]; i++)
        if (dn_mpich40_bcast_rule(P, b[i], ppn) != a)
            return 0;
    return a;
}

/* MPICH 4.0: its default needs the ranks per node (m->mpi_ppn, or the K of
 * @smp:K and @smp_beta:K); without them dcnet builds the binomial, the one
 * MPICH runs when forced (MPIR_CVAR_DEVICE_COLLECTIVES=none keeps ch4's
 * node-aware compositions out), and says what MPICH would run. */
static int mpich_choose(const dn_tree_model *m, dn_mpi_choice *c, const char *spec, dn_err *err)
{
    char sz[48];
    const int64_t P = m->ranks, ppn = m->mpi_ppn;
    strcpy(c->library, "MPICH 4.0");
    if (ppn < 0 || ppn > DN_MPI_PPN_MAX)
        return dn_fail_param(err, DN_ERANGE, "mpi_ppn",
                             "%s: ranks per node is 1 .. %d, not %lld", spec, DN_MPI_PPN_MAX,
                             (long long)ppn);
    if (m->mpi_bytes > 0)
        size_text(m->mpi_bytes, sz, sizeof sz);
    else
        strcpy(sz, "every size");
    c->alg = m->mpi_alg;
    if ((c->alg == DN_MPI_SMP || c->alg == DN_MPI_SMP_BETA) && m->mpi_k > 0 && ppn > 0 &&
        m->mpi_k != ppn)
        return dn_fail_param(err, DN_EINVAL, "mpi_ppn tree",
                             "%s@%s:%d runs %d ranks a node, not the %lld ranks per node "
                             "given: give one of them", spec, alg_names[c->alg], m->mpi_k,
                             m->mpi_k, (long long)ppn);
    /* the ranks a node, at most P (more put every rank on one node) */
    int64_t K = c->alg == DN_MPI_SMP || c->alg == DN_MPI_SMP_BETA ? (m->mpi_k ? m->mpi_k : ppn)
                                                                    : ppn;
    if (K > P)
        K = P;
    if (K > 0) { /* MPICH's default for P, K a node and the size */
        c->def_alg = m->mpi_bytes > 0 ? dn_mpich40_bcast_rule(P, m->mpi_bytes, K)
                                      : mpich_size_free(P, K);
        c->def_k = c->def_alg == DN_MPI_SMP || c->def_alg == DN_MPI_SMP_BETA ? (int)K : 0;
    }
    if (c->alg == DN_MPI_DEFAULT && K > 0) {
        if (!c->def_alg)
            return dn_fail_param(err, DN_EINVAL, "mpi_bytes tree",
                                 "%s: MPICH 4.0 picks its broadcast from P, the ranks per node "
                                 "and the message size: give the size (e.g. 1MiB) or an "
                                 "algorithm (%s@binomial, @smp:K, @smp_beta:K)",
                                 spec, spec);
        if (c->def_alg == DN_MPI_SCATTER_ALLGATHER || c->def_alg == DN_MPI_SCATTER_ALLGATHER_RING)
            return dn_fail(err, DN_EINVAL,
                           "%s: MPICH 4.0 runs %s for P = %lld at %s with %lld rank%s a node: "
                           "not a tree (pieces of the buffer cross between ranks that are no "
                           "parent and child); force a tree with %s@binomial and "
                           "MPIR_CVAR_DEVICE_COLLECTIVES=none "
                           "MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial",
                           spec, alg_names[c->def_alg], (long long)P, sz, (long long)K,
                           K == 1 ? "" : "s", spec);
        c->alg = c->def_alg;
    } else if (c->alg == DN_MPI_DEFAULT)
        c->alg = DN_MPI_BINOMIAL;
    c->k = c->alg == DN_MPI_SMP || c->alg == DN_MPI_SMP_BETA ? (int)K : 0;
    if ((c->alg == DN_MPI_SMP || c->alg == DN_MPI_SMP_BETA) && c->k < 1)
        return dn_fail_param(err, DN_EINVAL, "mpi_ppn tree",
                             "%s@%s: give the ranks per node, %s@%s:K", spec,
                             alg_names[c->alg], spec, alg_names[c->alg]);
    alg_name(c->alg, c->k, c->name, sizeof c->name);
    if (c->alg == DN_MPI_SMP && m->root_rank % K != 0)
        return dn_fail(err, DN_EINVAL,
                       "%s%s%s: root rank %lld is not the first rank of its node: MPICH 4.0's "
                       "composition alpha sends the root's data to its node's first rank, "
                       "whose node broadcast sends it back to the root (P messages, not "
                       "P - 1): no tree; root a node's first rank (a multiple of %lld) or "
                       "force %s@binomial with MPIR_CVAR_DEVICE_COLLECTIVES=none "
                       "MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial",
                       spec, m->mpi_alg ? "@" : " runs MPICH 4.0's default ",
                       c->name, (long long)m->root_rank, (long long)K, spec);
    c->is_default = K > 0 && c->def_alg == c->alg;
    if (c->alg == DN_MPI_BINOMIAL && K < 1) { /* no ranks per node: today's binomial */
        snprintf(c->force, sizeof c->force,
                 "MPIR_CVAR_DEVICE_COLLECTIVES=none MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial");
        if (m->mpi_bytes > 0) {
            char one[32], node[32];
            alg_name(dn_mpich40_bcast_rule(P, m->mpi_bytes, 1), 1, one, sizeof one);
            alg_name(dn_mpich40_bcast_rule(P, m->mpi_bytes, P), (int)(P < 1024 ? P : 1024),
                     node, sizeof node);
            snprintf(c->why, sizeof c->why,
                     "MPICH's binomial; MPICH 4.0's default at %s: %s at one rank a "
                     "node; %s on one node (@smp:K); the ranks per node select it", sz, one,
                     node);
        } else
            snprintf(c->why, sizeof c->why,
                     "MPICH's binomial (MPIR_Bcast_intra_binomial); MPICH 4.0's default "
                     "depends on the message size and the ranks per node; the ranks per node "
                     "select it");
        return DN_OK;
    }
    if (c->is_default) {
        if (c->alg == DN_MPI_BINOMIAL)
            snprintf(c->why, sizeof c->why,
                     "default for P = %lld at %s with %lld rank%s a node (MPICH 4.0's "
                     "MPIR_Bcast_intra_binomial on the whole communicator)",
                     (long long)P, sz, (long long)K, K == 1 ? "" : "s");
        else
            snprintf(c->why, sizeof c->why,
                     "default for P = %lld at %s with %lld ranks a node (MPICH 4.0's ch4 "
                     "composition %s; the node broadcasts send messages for the first 4 "
                     "collectives; shared memory after)",
                     (long long)P, sz, (long long)K, c->alg == DN_MPI_SMP ? "alpha" : "beta");
        return DN_OK;
    }
    char def[48] = "a size-dependent algorithm";
    if (c->def_alg > 0)
        alg_name(c->def_alg, c->def_k, def, sizeof def);
    if (c->alg == DN_MPI_BINOMIAL) {
        snprintf(c->force, sizeof c->force,
                 "MPIR_CVAR_DEVICE_COLLECTIVES=none MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial");
        snprintf(c->why, sizeof c->why,
                 "forced (@binomial); MPICH 4.0 runs %s by default for P = %lld at %s with "
                 "%lld rank%s a node", def, (long long)P, sz, (long long)K, K == 1 ? "" : "s");
    } else
        snprintf(c->why, sizeof c->why,
                 "forced (@%s); MPICH 4.0 runs %s by default for P = %lld at %s with %lld "
                 "ranks a node; no setting forces this composition",
                 c->name, def, (long long)P, sz, (long long)K);
    return DN_OK;
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
    if (m->kind == DN_TREE_MPICH_BCAST)
        return mpich_choose(m, c, spec, err);
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

/* MPICH's binomial in a group of n members rooted at member 0 of relative
 * numbering: the children of relative rank rel, in MPIR_Bcast_intra_
 * binomial's send order (the largest mask first). */
static int64_t mpich_bino(int64_t n, int64_t rel, int64_t *out)
{
    int64_t mask = 1, k = 0;
    while (mask < n && !(rel & mask))
        mask <<= 1;
    for (mask >>= 1; mask > 0; mask >>= 1)
        if (rel + mask < n)
            out[k++] = rel + mask;
    return k;
}

/* MPICH 4.0's ch4 compositions (ch4_coll_impl.h:70 alpha, :156 beta) with
 * ranks in blocks of K a node and binomials inside, as (parent, child)
 * edges in rank numbers, each sender's in its send order: beta first
 * broadcasts in the root's node from the root (when it is not the node's
 * first rank), then both run a binomial among the nodes' first ranks
 * (node_roots_comm, rooted at the root's node) and one in each node from its
 * first rank (node_comm). Alpha with the root not first on its node is no
 * tree and refused before. */
static void smp_edges(int64_t P, int64_t K, int64_t root, int beta, int64_t *from, int64_t *to)
{
    const int64_t N = (P + K - 1) / K, rn = root / K, lr = root % K;
    int64_t e = 0, kid[64];
    if (beta && lr) { /* the root's node from the root */
        const int64_t s = P - rn * K < K ? P - rn * K : K;
        for (int64_t rel = 0; rel < s; rel++) {
            int64_t n = mpich_bino(s, rel, kid);
            for (int64_t i = 0; i < n; i++) {
                from[e] = rn * K + (rel + lr) % s;
                to[e++] = rn * K + (kid[i] + lr) % s;
            }
        }
    }
    for (int64_t rel = 0; rel < N; rel++) { /* the nodes' first ranks */
        int64_t n = mpich_bino(N, rel, kid);
        for (int64_t i = 0; i < n; i++) {
            from[e] = (rel + rn) % N * K;
            to[e++] = (kid[i] + rn) % N * K;
        }
    }
    for (int64_t node = 0; node < N; node++) { /* each node from its first rank */
        const int64_t s = P - node * K < K ? P - node * K : K;
        if (beta && lr && node == rn)
            continue;
        for (int64_t rel = 0; rel < s; rel++) {
            int64_t n = mpich_bino(s, rel, kid);
            for (int64_t i = 0; i < n; i++) {
                from[e] = node * K + rel;
                to[e++] = node * K + kid[i];
            }
        }
    }
}

static int smp_build(dn_tree *t, const dn_tree_model *m, const dn_mpi_choice *c, dn_err *err)
{
    const int64_t P = m->ranks, root = m->root_rank, K = c->k < P ? c->k : P;
    int64_t *from = malloc((size_t)(P > 1 ? P - 1 : 1) * sizeof *from);
    int64_t *to = malloc((size_t)(P > 1 ? P - 1 : 1) * sizeof *to);
    int64_t *queue = malloc((size_t)P * sizeof *queue);
    if (!from || !to || !queue) {
        free(from), free(to), free(queue);
        dn_tree_free(t);
        return dn_fail(err, DN_ENOMEM, "out of memory for %s on %lld ranks", c->name,
                       (long long)P);
    }
    smp_edges(P, K, root, c->alg == DN_MPI_SMP_BETA, from, to);
    /* virtual ranks v = (r - root) mod P; kids by a stable counting sort */
    for (int64_t v = 0; v < P; v++)
        t->parent[v] = -1;
    for (int64_t e = 0; e < P - 1; e++) {
        from[e] = (from[e] - root + P) % P;
        to[e] = (to[e] - root + P) % P;
        t->child_off[from[e] + 1]++;
        t->parent[to[e]] = from[e];
    }
    for (int64_t v = 0; v < P; v++)
        t->child_off[v + 1] += t->child_off[v];
    for (int64_t v = 0; v < P; v++)
        queue[v] = t->child_off[v];
    for (int64_t e = 0; e < P - 1; e++)
        t->kids[queue[from[e]]++] = to[e];
    free(from), free(to);
    /* depths and phases breadth-first from the root */
    int64_t head = 0, tail = 0, seen = 1;
    t->depth[0] = 0;
    t->phase[0] = 0;
    queue[tail++] = 0;
    while (head < tail) {
        int64_t v = queue[head++];
        for (int64_t i = t->child_off[v]; i < t->child_off[v + 1]; i++) {
            int64_t u = t->kids[i];
            t->depth[u] = t->depth[v] + 1;
            t->phase[u] = t->phase[v] + (int32_t)(i - t->child_off[v]) + 1;
            if (t->depth[u] > t->height)
                t->height = t->depth[u];
            if (t->phase[u] > t->nphases)
                t->nphases = t->phase[u];
            queue[tail++] = u;
            seen++;
        }
    }
    free(queue);
    if (seen != P) {
        dn_tree_free(t);
        return dn_fail(err, DN_EINVAL, "%s on %lld ranks: %lld reached (a bug)", c->name,
                       (long long)P, (long long)seen);
    }
    return DN_OK;
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
    if (c->alg == DN_MPI_SMP || c->alg == DN_MPI_SMP_BETA)
        return smp_build(t, m, c, err);
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

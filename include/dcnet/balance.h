/*
 * dcnet/balance.h - load balancing on binary directed de Bruijn networks
 * DDB(k) (seed 003, Lin, Bai and Jan): the upward-0/1 and downward-0/1
 * spanning trees, the LoadBalancing protocol run as a distributed program
 * on the simulator's event core, and the baselines it is measured against.
 *
 * Notation: N = 2^k processors X = x_k ... x_1; ShiftLeft(X, b) = 2X + b
 * mod N (the b channel out of X), ShiftRight(X, b) = b x_k ... x_2.
 *  - upward-0 tree G_UT0 (Definition 2): every 0 channel except the loop at
 *    0; arcs point to the root 0, so a node's parent is ShiftLeft(X, 0) and
 *    its children are ShiftRight(X, 0) and ShiftRight(X, 1) (Theorem 2.4).
 *    upward-1 is the same with 1 channels and root N - 1.
 *  - downward-0 tree G_DT0 (Definition 3): every channel <u, v> with v > u;
 *    arcs point away from the root 0; the parent of X is ShiftRight(X, 0)
 *    (Theorem 4.4), the children of X are 2X and 2X + 1 when above X.
 *    downward-1 is its bit complement (root N - 1, parent ShiftRight(X, 1));
 *    the seed's printed Definition 3 repeats the downward-0 set for it, a
 *    typo Theorem 4.4 settles.
 *
 * The protocol (docs/balance.md has it step by step): every processor runs
 * the same program knowing only k, its own id and its own tasks, and talks
 * only over its two out-links; messages to a node that is not an
 * out-neighbour (a child's request to its downward-0 parent) are forwarded
 * hop by hop along length-k or shortest routes. A link carries one message
 * at a time, store-and-forward; a message costs max(1, tasks) time units
 * per hop (one unit per task per hop, a control message one unit).
 *
 * Ownership: dn_bal_result is filled by the runs and freed with
 * dn_bal_result_free; the loads arrays are the caller's and not modified.
 */
#ifndef DCNET_BALANCE_H
#define DCNET_BALANCE_H

#include "dcnet/route.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest k the balancing runs accept (2^24 processors). */
#define DN_BAL_MAX_K 24
/* Largest k for DN_BAL_OPTIMAL: GLPK's out-of-kilter solver takes ~10 s at
 * k = 14 on the reference machine and minutes beyond. */
#define DN_BAL_OPTIMAL_MAX_K 14

/* ---- spanning trees (Theorems 1-4) ------------------------------------ */

typedef enum dn_ddb_tree {
    DN_DDB_UP0 = 0,
    DN_DDB_UP1,
    DN_DDB_DOWN0,
    DN_DDB_DOWN1
} dn_ddb_tree;

/* "up0", "up1", "down0", "down1" (NULL out of range), and back: DN_OK or
 * DN_EINVAL with the names in err (this parse keeps its older form, with
 * a message). */
DN_API const char *dn_ddb_tree_name(dn_ddb_tree t);
DN_API int dn_ddb_tree_parse(const char *s, dn_ddb_tree *t, dn_err *err);
/* These four take k in 1..62, t a dn_ddb_tree and 0 <= x < 2^k, and
 * return -1 outside that domain (and for out NULL).
 * Root: 0 for the -0 trees, N - 1 for the -1 trees. */
DN_API int64_t dn_ddb_tree_root(int k, dn_ddb_tree t);
/* The tree neighbour of x towards the root, or -1 for the root. */
DN_API int64_t dn_ddb_tree_parent(int k, dn_ddb_tree t, int64_t x);
/* x's children in out[0..count-1] (at most 2), in channel order. */
DN_API int dn_ddb_tree_children(int k, dn_ddb_tree t, int64_t x, int64_t out[2]);
/* Distance from x to the root along the tree (root: 0). O(1). */
DN_API int dn_ddb_tree_depth(int k, dn_ddb_tree t, int64_t x);
/* Tree arcs as DDB links point towards the root (up trees) or away from
 * it (down trees): 1 for the up trees. */
static inline int dn_ddb_tree_is_up(dn_ddb_tree t) { return t == DN_DDB_UP0 || t == DN_DDB_UP1; }

/* Lemma 3 measured: for each level l of the downward-0 tree, the routes
 * of all level-(l+1) nodes to their parents (length-k or shortest), all
 * sent at time 0 and advancing one hop per time unit. `shared` counts
 * links on two or more of those routes; `timed` counts (link, time unit)
 * pairs used by two or more routes (the seed's timestamped view). The
 * arrays have k + 1 entries (index = level of the children, 1..k);
 * totals in [0]. O(N k) time, O(N) memory. */
typedef struct dn_lemma3 {
    int k, shortest;
    int64_t shared[DN_BAL_MAX_K + 1];
    int64_t timed[DN_BAL_MAX_K + 1];
    int64_t routes[DN_BAL_MAX_K + 1];
} dn_lemma3;
DN_API int dn_ddb_lemma3(int k, int shortest, dn_lemma3 *out, dn_err *err);

/* ---- loads ------------------------------------------------------------- */

/* Loads from a spec: "random:SEED:MEAN" (uniform integers on [0, 2 MEAN]),
 * "exp:SEED:MEAN" (geometric, mean MEAN), "point:TOTAL[:NODE]" (every
 * task on one processor, default 0), "const:C". *loads gets n entries
 * (malloc; caller frees). */
DN_API int dn_bal_loads_spec(const char *spec, int64_t n, int64_t **loads, dn_err *err);
/* 1 if s starts like one of those specs ("random:", "exp:", "point:",
 * "const:"), so a caller can tell a spec from a file name; 0 if not. */
DN_API int dn_bal_loads_is_spec(const char *s);
/* The forms dn_bal_loads_spec accepts, for messages (static storage). */
DN_API const char *dn_bal_loads_forms(void);

/* ---- runs -------------------------------------------------------------- */

typedef enum dn_bal_algo {
    DN_BAL_SPANNING = 0,  /* seed 003's LoadBalancing, collecting at the root */
    DN_BAL_ABSORB,        /* improved: the same, deficits absorb on the way up */
    DN_BAL_TREE,          /* improved: net flows along the downward-0 tree */
    DN_BAL_DIFFUSION,     /* first-order diffusion (Cybenko), undirected DDB */
    DN_BAL_DIMEX,         /* dimension exchange on the hypercube of N nodes */
    DN_BAL_OPTIMAL,       /* centralised min-cost plan (GLPK), executed */
    DN_BAL_NALGO
} dn_bal_algo;
/* The name of each value, "spanning", "absorb", "tree", "diffusion", "dimension-exchange",
 * "optimal" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_bal_algo_name(dn_bal_algo v);
DN_API int dn_bal_algo_parse(const char *s, dn_bal_algo *out);


typedef struct dn_bal_opts {
    int shortest;       /* routed messages: 0 length-k (default), 1 shortest */
    uint64_t seed;      /* dimension exchange's tie-breaking */
    int64_t max_rounds; /* diffusion / dimension exchange cap (0: 100000) */
    int64_t mem_limit;  /* bytes (0: 8 GiB) */
} dn_bal_opts;

/* Phases of the protocol runs, for per-phase times. */
enum { DN_BAL_PH_SUM = 0, DN_BAL_PH_BCAST, DN_BAL_PH_COLLECT, DN_BAL_PH_REQUEST,
       DN_BAL_PH_DISTRIBUTE, DN_BAL_NPHASE };

typedef struct dn_bal_result {
    dn_bal_algo algo;
    int64_t n, total, average;   /* N, L, floor(L / N) */
    int64_t init_min, init_max, final_min, final_max;
    double steps;                /* time units until the last task arrives */
    int64_t rounds;              /* synchronous rounds (diffusion, dimex) */
    int64_t messages;            /* end-to-end messages (control + tasks) */
    int64_t message_hops;        /* link traversals */
    int64_t tasks_moved;         /* sum over messages of the tasks carried */
    int64_t task_hops;           /* sum over link traversals of the tasks */
    int64_t transfer_sum;        /* sum |l_i - target_i| (the seed's sum of Delta_i) */
    double phase_end[DN_BAL_NPHASE]; /* protocol runs: when each phase ended */
    double phase_start[DN_BAL_NPHASE]; /* protocol runs: when its first message
                                        * was sent (0 if none was) */
    int within_one;              /* final max - min <= 1 */
    int conserved;               /* every task id on exactly one node at the end */
    int64_t *final;              /* owned: N final loads */
} dn_bal_result;

DN_API void dn_bal_result_free(dn_bal_result *r);

/* Balances `loads` (N = 2^k entries, each >= 0, sum < 2^31) on DDB(k)
 * with the chosen algorithm. k in 1..DN_BAL_MAX_K. The protocol runs move
 * real task ids and check conservation at the end; a loss or duplicate is
 * reported as DN_EINVAL (it would be a bug). The optimal plan needs GLPK
 * (DN_ENOTSUP without it). */
DN_API int dn_balance(int k, const int64_t *loads, dn_bal_algo algo, const dn_bal_opts *opts,
               dn_bal_result *out, dn_err *err);

/* Lower bound on the time of any plan that moves one task per link per
 * time unit: max over a family of cuts S (every singleton, every subtree
 * of the upward-0 and downward-0 trees) of surplus(S) / (links leaving S)
 * and deficit(S) / (links entering S), rounded up, with the targets
 * floor(L/N) + [x < L mod N]. O(N k). */
DN_API int dn_bal_lower_bound(int k, const int64_t *loads, int64_t *bound, dn_err *err);
/* The checks dn_balance makes before it starts, for a caller to make first:
 * loads non-negative, fewer than 2^31 tasks in all, and the memory the run
 * would need (about 64 bytes a task and 400 a processor) within
 * opts->mem_limit. Sets *total (if not NULL). */
DN_API int dn_bal_check(int k, const int64_t *loads, const dn_bal_opts *opts, int64_t *total,
                 dn_err *err);

/* Targets used by every algorithm: AVG + 1 on the L mod N lowest ids. */
static inline int64_t dn_bal_target(int64_t x, int64_t avg, int64_t rem)
{
    return avg + (x < rem ? 1 : 0);
}

DN_API int dn_have_glpk(void);
/* The version of the GLPK library linked in ("5.0"), asked of the library
 * at run time (glp_version), into buf (cap bytes, truncated). DN_ENOTSUP
 * (buf "not built in") without GLPK. Time O(1). */
DN_API int dn_glpk_version(char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif

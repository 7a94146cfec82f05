/*
 * dcnet/analysis.h - dynamic random-walk placement (seed 002, restated):
 * exact expected loads of every processor, their limits, and a Monte Carlo
 * simulation of the Canonical Algorithm with its improved variants.
 *
 * The Canonical Algorithm places every new tree node by a random walk of
 * Delta steps from its parent's processor, each step to a neighbour chosen
 * uniformly (out-neighbours on directed networks). Because the walk does
 * not depend on the tree's shape, linearity gives the expected loads of
 * any tree model in one formula. With Q the walk's transition matrix
 * (Q = P^Delta for the canonical walk, P the simple random walk) and n_l the
 * expected number of tree nodes on level l,
 *
 *     load(s, .) = sum_l n_l * e_s Q^l                                  (*)
 *
 * Seed 002's Theorem 1 is (*) with n_l = b^l for l <= h (its L(h,0,j*,.) =
 * e + b Q L(h-1,0,.,.) unrolled); Theorem 2 is (*) with n_l = bbar^l for
 * every l. dcnet evaluates (*) for one start processor with one vector
 * x_l = e_s Q^l, so a start costs O(levels * Delta * arcs) time and O(N)
 * space instead of the seed's O(N^2) table. The seed's dense dynamic
 * program is kept (DN_LOAD_DENSE) as a cross-check and benchmark baseline.
 *
 * Limits (h -> infinity, M -> infinity) come from where x_l goes: it
 * approaches a cycle y_0, .., y_{q-1} of period q (q = 2 for odd walks on
 * bipartite networks). On undirected networks the cycle is known in closed
 * form from the stationary law pi_j = deg(j) / sum of degrees over the
 * start's component; on directed ones it is found by iteration.
 *
 * Every function returns a DN_* status and writes a message into err on
 * failure. Results own their arrays: release them with the matching _free.
 */
#ifndef DCNET_ANALYSIS_H
#define DCNET_ANALYSIS_H

#include "dcnet/net.h"
#include "dcnet/tree.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Walk variants. */
typedef enum dn_walk {
    DN_WALK_CANONICAL = 0, /* exactly Delta uniform steps (seed 002) */
    DN_WALK_LAZY,          /* Delta steps, each stays put with probability 1/2 */
    DN_WALK_RANDLEN,       /* a uniform length in 1..Delta, then uniform steps */
    DN_WALK_TWO_CHOICES,   /* two canonical walks; keep the end with the smaller
                            * current load (ties: the first). Simulation only. */
    DN_WALK_COUNT
} dn_walk;
/* The name of each variant, "canonical", "lazy", "random-length",
 * "two-choices" (static storage; NULL out of range), and back: DN_OK, or
 * DN_ENOTFOUND for another name (*out untouched). O(variants). */
DN_API const char *dn_walk_name(dn_walk v);
DN_API int dn_walk_parse(const char *s, dn_walk *out);

/* A processor without out-neighbours keeps the walk where it is: the walk
 * cannot leave it (documented in docs/dynamic.md). */

/* ------------------------------------------------------- level sizes */
/* Expected number of nodes on every level of a tree model, n_0 = 1:
 * complete b^l (l <= h); crt the product of the per-level means; rct the
 * mixture over the height law; binomial C(n, l); reproduction bbar^l for
 * every l (infinite: *levels is the number of explicit entries, and
 * *tail_ratio = bbar says that n_{l+1} = bbar n_l beyond them).
 * sizes must hold max_levels doubles. A finite tree of more than
 * max_levels levels is refused with DN_ERANGE (dn_level_sizes_alloc sizes
 * the array for you). Time O(levels). */
DN_API int dn_level_sizes(const dn_tree_model *m, int max_levels, double *sizes, int *levels,
                   double *tail_ratio, dn_err *err);
/* The same into a fresh array *sizes (the caller frees it) that holds
 * every level of a finite model however deep it is (levels are cheap: a
 * chain of a million tasks takes 8 MB), or DN_LEVELS_EXPLICIT entries for
 * a reproduction tree. DN_ENOMEM if the array cannot be had; *sizes is
 * NULL on failure. Time and space O(levels). */
#define DN_LEVELS_EXPLICIT 128
DN_API int dn_level_sizes_alloc(const dn_tree_model *m, double **sizes, int *levels,
                         double *tail_ratio, dn_err *err);

/* --------------------------------------------------------- exact loads */
enum { DN_LOAD_SPARSE = 0, DN_LOAD_DENSE };

typedef struct dn_load_opts {
    dn_walk walk;        /* DN_WALK_CANONICAL, _LAZY or _RANDLEN */
    int delta;           /* walk length Delta >= 0 */
    int method;          /* DN_LOAD_SPARSE (default) or DN_LOAD_DENSE */
    int threads;         /* for the matrix-vector products (<= 0: 1) */
    double tol;          /* reproduction trees: relative truncation error
                          * bound (0: 1e-13) */
    int64_t max_iter;    /* cap on iterations of infinite series and limit
                          * searches (0: 10^7 / max(1, arcs / 10^4)) */
    dn_progress_fn progress; /* may be NULL */
    void *progress_ctx;
} dn_load_opts;

/* The limit cycle of x_l = e_s Q^l (see the top of this file). */
typedef struct dn_walk_limit {
    int period;          /* q >= 1; 0 if not found within max_iter */
    int closed_form;     /* 1 when given by the stationary law (undirected) */
    int64_t support;     /* processors with positive limit mass in some y_r */
    double *y;           /* q * n doubles: y_r = y + r n, y_r ~ lim x_{l}, l = r mod q */
} dn_walk_limit;

typedef struct dn_loads {
    int64_t n;           /* processors */
    int64_t start;
    double size;         /* M: expected tree nodes */
    double *load;        /* n expected loads, summing to M */
    double max_load;
    int64_t argmax;      /* smallest processor holding max_load (within 1e-12 relative) */
    double min_load;
    int64_t reached;     /* processors with positive expected load */
    double ratio;        /* alpha = max_load / (M / N) */
    int levels;          /* tree levels summed explicitly */
    double *ratio_level; /* finite trees: ratio_level[h] = alpha of the tree cut
                          * at height h (h < levels), i.e. alpha_h for complete
                          * trees; NULL for reproduction trees */
    double asym_ratio;   /* alpha_inf: h -> inf (complete, crt: b = last level's
                          * mean), M -> inf (reproduction, binomial); NAN when
                          * undefined (rct, or no limit found) */
    double asym_ratio_min; /* with period q > 1 and b > 1, alpha_h oscillates with
                          * h mod q: the smallest of the residues' limits
                          * (asym_ratio is the largest) */
    int period;          /* q of the limit cycle (0: not found) */
    double trunc_error;  /* bound on sum |load - exact| / M from cutting an
                          * infinite series (0 for finite trees) */
} dn_loads;

/* Exact expected loads of a tree model started on processor `start`.
 * g is the network's CSR (dn_net_materialize); net may be NULL (it is
 * read only by dn_loads_all_starts, for the family's automorphisms). Sparse: time O(levels Delta arcs),
 * space 4 vectors of n doubles (+ q vectors for limits). Dense: the seed's
 * N x N dynamic program for complete, crt and reproduction trees, refused
 * above DN_LOAD_DENSE_MAX processors. */
#define DN_LOAD_DENSE_MAX 4096
DN_API int dn_loads_exact(const dn_net *net, const dn_csr *g, const dn_tree_model *m, int64_t start,
                   const dn_load_opts *opts, dn_loads *out, dn_err *err);
DN_API void dn_loads_free(dn_loads *l);

/* The limit cycle of the walk from `start` (see above). Undirected: closed
 * form in O(n + arcs). Directed: iterate until ||x_l - x_{l-q}||_1 < 1e-14
 * for some q <= DN_LIMIT_MAX_PERIOD, within opts->max_iter steps. */
#define DN_LIMIT_MAX_PERIOD 16
DN_API int dn_walk_limit_init(const dn_csr *g, int64_t start, const dn_load_opts *opts,
                       dn_walk_limit *out, dn_err *err);
DN_API void dn_walk_limit_free(dn_walk_limit *lim);

/* All start processors: per start the ratio, max load and argmax.
 * Starts equivalent under a translation automorphism of the family
 * (hypercube XOR, torus and ring shifts, butterfly column XOR, complete
 * graphs) are computed once and mapped. Parallel over starts. */
typedef struct dn_loads_all {
    int64_t n;
    double size;
    double *ratio;       /* n */
    double *max_load;    /* n */
    int64_t *argmax;     /* n */
    int64_t computed;    /* distinct starts actually computed */
    double asym_ratio;   /* largest alpha_inf over starts (NAN if undefined) */
} dn_loads_all;
DN_API int dn_loads_all_starts(const dn_net *net, const dn_csr *g, const dn_tree_model *m,
                        const dn_load_opts *opts, dn_loads_all *out, dn_err *err);
DN_API void dn_loads_all_free(dn_loads_all *a);

/* ---------------------------------------------------------- simulation */
typedef struct dn_grow_opts {
    dn_walk walk;        /* any variant */
    int delta;
    int64_t trials;      /* >= 1 */
    uint64_t seed;       /* trial t uses dn_rng_stream(seed, t) */
    int threads;         /* (<= 0: 1); results do not depend on it */
    int64_t max_nodes;   /* per trial (0: DN_TREE_DEFAULT_MAX_NODES) */
    dn_progress_fn progress;
    void *progress_ctx;
} dn_grow_opts;

typedef struct dn_grow_result {
    int64_t n, trials;
    double mean_size;    /* mean tree nodes per trial */
    double mean_max, se_max;       /* max load per trial */
    double mean_ratio, se_ratio;   /* max load / (size / N) per trial */
    double ratio_of_means;         /* max_j mean load_j / (M / N), M the model's
                                    * expected size: estimates the exact alpha */
    int64_t argmax_mean;           /* argmax of the mean loads */
    double *mean_load;   /* n */
    double *se_load;     /* n: standard error of each mean load */
    int dilation;        /* largest parent-child distance seen in any trial */
    double mean_dist;    /* mean parent-child distance over all edges */
    double mean_walk;    /* mean number of walk steps taken per placement */
} dn_grow_result;

/* Grows `trials` random trees of model m on the network by the walk of
 * opts, from processor `start`. Nodes are placed in breadth-first order,
 * so "current load" (two choices) means the nodes placed before, level by
 * level. Distances use a BFS bounded by the walk length.
 * Time O(trials * (size * (Delta + deg^(Delta/2)))), space O(n) per thread
 * plus the widest level. */
DN_API int dn_grow_simulate(const dn_csr *g, const dn_tree_model *m, int64_t start,
                     const dn_grow_opts *opts, dn_grow_result *out, dn_err *err);
DN_API void dn_grow_free(dn_grow_result *r);

#ifdef __cplusplus
}
#endif
#endif

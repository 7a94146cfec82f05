/*
 * analysis_impl.h - internals shared by the files of the analysis module:
 * the walk operator x -> x Q on a CSR, and the seed 002 level sizes.
 */
#ifndef DN_ANALYSIS_IMPL_H
#define DN_ANALYSIS_IMPL_H

#include "dcnet/analysis.h"

/* The walk operator. For x Q we need, for every processor j, the arcs
 * i -> j: on undirected networks those are j's own neighbours; on directed
 * ones we build the transpose once. inv_deg[i] = 1 / out-degree (0 for a
 * sink, which keeps its mass). */
typedef struct walkop {
    const dn_csr *g;
    dn_csr rev;          /* transpose (directed only; zeroed otherwise) */
    const dn_csr *in;    /* g or &rev */
    double *inv_deg;
    int walk, delta;
    dn_pool *pool;       /* threads for the steps, or NULL (one thread) */
} walkop;

/* threads > 1 keeps a pool for the steps of networks large enough to gain
 * from it (PAR_MIN_NODES, walk.c), made once for all the walk's steps. */
int walkop_init(walkop *w, const dn_csr *g, int walk, int delta, int threads, dn_err *err);
void walkop_free(walkop *w);
/* x <- x Q. scratch holds 3 vectors of n doubles. The pool splits the
 * rows; the result is bit-identical for any thread count. */
void walkop_apply(const walkop *w, double *x, double *scratch);
/* One step of the simple walk: y = x P (z: scratch). */
void walkop_step(const walkop *w, const double *x, double *y, double *z);

/* Index of the largest entry (smallest index among those within 1e-12
 * relative of the maximum) and the maximum. */
int64_t dn_vec_argmax(const double *v, int64_t n, double *max);

/* The seed's dense dynamic program (dense.c): *matrix (n x n, row s = the
 * loads from start s) for complete, crt and reproduction trees. */
int dn_loads_dense(const dn_csr *g, const dn_tree_model *m, const dn_load_opts *o,
                   double **matrix, dn_err *err);

/* The walks and level loads of MPI's trees go by their binomial trees'
 * levels (popcount): DN_EINVAL, naming @binomial, when the model runs
 * another algorithm (walk.c). */
int dn_analysis_mpi_binomial(const dn_tree_model *m, dn_err *err);

#endif

/*
 * tree_impl.h - internals shared by the tree module's files.
 */
#ifndef DN_TREE_IMPL_H
#define DN_TREE_IMPL_H

#include "dcnet/tree.h"

/* Reads a tree file (dcnet/tree.h, "tree files") into *t (zeroed on
 * failure); at most max_nodes nodes. */
int dn_tree_read_file(dn_tree *t, const char *path, int64_t max_nodes, int64_t mem_limit,
                      dn_err *err);

/* "@ALG[:K]"'s ALG[:K] (mpialg.c): DN_OK with *alg a DN_MPI_* and *k the
 * number after ':' (0 without); DN_ENOTFOUND for an unknown name, DN_EINVAL
 * for a number after a name that takes none, DN_ERANGE for a bad number. */
int dn_mpi_alg_parse(const char *s, int *alg, int *k);
/* The explicit tree of an MPI algorithm other than the binomial one. */
int dn_mpi_tree_build(dn_tree *t, const dn_tree_model *m, const dn_mpi_choice *c,
                      int64_t max_nodes, dn_err *err);

#endif

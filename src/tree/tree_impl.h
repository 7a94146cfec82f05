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

#endif

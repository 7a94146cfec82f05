/*
 * pieces_impl.h - Kundu and Misra's partition of a tree into the fewest
 * connected pieces of bounded size, shared inside libdcnet: drb deals the
 * pieces to processors (src/embed/map_drb.c, where it lives), and the tree
 * cut bound counts the tree edges any placement must cut at each level of
 * a hierarchy (src/metric/bound.c). Not part of the public API.
 */
#ifndef DN_PIECES_IMPL_H
#define DN_PIECES_IMPL_H

#include "dcnet/tree.h"

/* Kundu and Misra (1977), unit task sizes: bottom-up, a task keeps its
 * children's residual pieces while they fit in K tasks and cuts the
 * largest ones off when they do not (ties: the earlier child); this gives
 * the fewest connected pieces of at most K tasks, so the fewest tree
 * edges that a split into pieces of at most K tasks must cut (pieces - 1).
 * order: the T tasks, each after its parent (root first); K >= 1. Out:
 * res[v] the tasks of v's piece inside v's subtree, cut[v] = 1 for the
 * pieces' roots (the tree's root and the cut children). Scratch kids and
 * ktmp: the most children of a task (T entries will do). Returns the
 * number of pieces. Time O(T log D) (D the most children), no allocation. */
int64_t dn_tree_pieces(const dn_tree *t, const int64_t *order, int64_t K, int64_t *res,
                       char *cut, int64_t *kids, int64_t *ktmp);

/* Lukes (1974) with unit task sizes: the least total weight of tree edges
 * whose removal leaves connected pieces of at most K tasks (the weighted
 * form of the count above; defined in src/metric/bound.c, its one user).
 * wt[v]: the weight of the edge from task v to its parent (wt[0] unused),
 * order and K as above; into *out. A dynamic program over the tree, for
 * each task and each size of its piece the least weight cut below it:
 * O(T K) time with the tables capped at min(subtree, K) entries, O(T)
 * memory. DN_ENOMEM (nothing else: no message) when memory runs out. */
int dn_tree_least_cut(const dn_tree *t, const int64_t *order, const double *wt, int64_t K,
                      double *out);

#endif

/*
 * map_sneptree.c - seed 004's homogeneous mapping (docs/spec/sneptrees.md):
 * a binary tree onto a Sneptree from the root cell, the left child on the
 * left successor and the right child on the right one.
 */
#include "embed_impl.h"

static int init_sneptree(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    if (!dn_net_is_sneptree(e->net))
        return dn_fail_param(err, DN_EINVAL, "map net",
                       "mapping sneptree needs a Sneptree network (sneptree-s:N, sneptree-t:N, "
                       "sneptree:N:SEED), not %s",
                       e->net->spec);
    if (o->root > 0)
        return dn_fail_param(err, DN_EINVAL, "root",
                       "mapping sneptree places the root task on the root cell 0; "
                       "root %lld is not supported",
                       (long long)o->root);
    int rc = dn_embed_alloc_place(e, err);
    if (rc)
        return rc;
    e->place[0] = 0;
    /* parents precede children in every dcnet tree (ids grow downward) */
    for (int64_t v = 0; v < e->tree->nodes; v++) {
        int64_t c = dn_tree_num_children(e->tree, v);
        if (c > 2)
            return dn_fail_param(err, DN_EINVAL, "map tree",
                           "mapping sneptree maps binary trees (left child -> left successor, "
                           "right -> right); task %lld has %lld children",
                           (long long)v, (long long)c);
        for (int64_t i = 0; i < c; i++)
            e->place[dn_tree_child(e->tree, v, i)] =
                (int32_t)dn_sneptree_succ(e->net, e->place[v], (int)i);
    }
    return DN_OK;
}

const dn_map_type dn_map_sneptree = {
    .name = "sneptree",
    .kind = MAP_SNEPTREE,
    .summary = "seed 004 homogeneous mapping of binary trees onto Sneptrees",
    .nets = "sneptree-s:N, sneptree-t:N, sneptree:N:SEED",
    .trees = "binary trees (at most two children a task), rooted on cell 0",
    .example = "sneptree-t:3 cbt:12",
    .init = init_sneptree,
};

/*
 * fuzz_treefile.c - libFuzzer target for the tree-file parsers (CSV, DOT,
 * SCOTCH .grf; issue 21). The first byte picks the format; the rest is the
 * file. An accepted tree must be a tree: the root 0 without a parent,
 * every other node once among the children of its parent, depths one more
 * than the parent's, and the sequential schedule's phases.
 */
#include "dcnet/tree.h"

#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dn_tree t;
    dn_err err;
    if (size < 1)
        return 0;
    dn_tree_format fmt = data[0] % 3 == 0 ? DN_TREE_FMT_CSV
                         : data[0] % 3 == 1 ? DN_TREE_FMT_DOT
                                            : DN_TREE_FMT_GRF;
    if (dn_tree_parse((const char *)data + 1, size - 1, fmt, 1 << 12, "fuzz", &t, &err) != DN_OK)
        return 0;
    if (t.nodes < 1 || dn_tree_parent(&t, 0) != -1 || dn_tree_depth(&t, 0) != 0)
        abort();
    int64_t *seen = calloc((size_t)t.nodes, sizeof *seen);
    if (!seen)
        abort();
    for (int64_t v = 0; v < t.nodes; v++)
        for (int64_t i = 0, k = dn_tree_num_children(&t, v); i < k; i++) {
            int64_t c = dn_tree_child(&t, v, i);
            if (c <= 0 || c >= t.nodes || seen[c]++ || dn_tree_parent(&t, c) != v ||
                dn_tree_depth(&t, c) != dn_tree_depth(&t, v) + 1 ||
                dn_tree_recv_phase(&t, c) != dn_tree_recv_phase(&t, v) + i + 1 ||
                dn_tree_recv_phase(&t, c) > dn_tree_phases(&t) ||
                dn_tree_depth(&t, c) > t.height)
                abort();
        }
    for (int64_t v = 1; v < t.nodes; v++)
        if (seen[v] != 1)
            abort();
    free(seen);
    dn_tree_free(&t);
    return 0;
}

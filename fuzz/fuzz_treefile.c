/*
 * fuzz_treefile.c - libFuzzer target for the tree-file readers and writers
 * (CSV, DOT, SCOTCH .grf; issues 21 and 26). The first byte picks the
 * format; the rest is the file. An accepted tree must be a tree: the root
 * 0 without a parent, every other node once among the children of its
 * parent, depths one more than the parent's, and the sequential
 * schedule's phases. Then the round trip (issue 26, item 4): written in
 * each format and read back, it is the same tree node by node and weight
 * by weight, bit for bit, and writing it again gives the same text; a
 * format that cannot hold it (a .grf's fractions, bytes_up, the root's
 * bytes in DOT and .grf) refuses it with nothing written.
 */
#include "dcnet/tree.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_tree(const dn_tree *t)
{
    if (t->nodes < 1 || dn_tree_parent(t, 0) != -1 || dn_tree_depth(t, 0) != 0)
        abort();
    int64_t *seen = calloc((size_t)t->nodes, sizeof *seen);
    if (!seen)
        abort();
    for (int64_t v = 0; v < t->nodes; v++)
        for (int64_t i = 0, k = dn_tree_num_children(t, v); i < k; i++) {
            int64_t c = dn_tree_child(t, v, i);
            if (c <= 0 || c >= t->nodes || seen[c]++ || dn_tree_parent(t, c) != v ||
                dn_tree_depth(t, c) != dn_tree_depth(t, v) + 1 ||
                dn_tree_recv_phase(t, c) != dn_tree_recv_phase(t, v) + i + 1 ||
                dn_tree_recv_phase(t, c) > dn_tree_phases(t) || dn_tree_depth(t, c) > t->height)
                abort();
        }
    for (int64_t v = 1; v < t->nodes; v++)
        if (seen[v] != 1)
            abort();
    free(seen);
}

static void same(const dn_tree *a, const dn_tree *b)
{
    const double *wa[3] = {a->work, a->bytes_down, a->bytes_up};
    const double *wb[3] = {b->work, b->bytes_down, b->bytes_up};
    if (a->nodes != b->nodes)
        abort();
    for (int k = 0; k < 3; k++)
        if ((wa[k] != NULL) != (wb[k] != NULL))
            abort();
    for (int64_t v = 0; v < a->nodes; v++) {
        if (dn_tree_parent(a, v) != dn_tree_parent(b, v) ||
            dn_tree_num_children(a, v) != dn_tree_num_children(b, v))
            abort();
        for (int64_t i = 0; i < dn_tree_num_children(a, v); i++)
            if (dn_tree_child(a, v, i) != dn_tree_child(b, v, i))
                abort();
        for (int k = 0; k < 3; k++)
            if (wa[k] && memcmp(&wa[k][v], &wb[k][v], sizeof(double)) != 0)
                abort();
    }
}

static char *write(const dn_tree *t, dn_tree_format fmt, int *rc, size_t *len)
{
    char *buf = NULL;
    dn_err err;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        abort();
    *rc = dn_tree_write(t, fmt, f, &err);
    fclose(f);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dn_tree t;
    dn_err err;
    if (size < 1)
        return 0;
    dn_tree_format fmt = data[0] % 3 == 0   ? DN_TREE_FMT_CSV
                         : data[0] % 3 == 1 ? DN_TREE_FMT_DOT
                                            : DN_TREE_FMT_GRF;
    if (dn_tree_parse((const char *)data + 1, size - 1, fmt, 1 << 12, "fuzz", &t, &err) != DN_OK)
        return 0;
    check_tree(&t);
    for (int f = 0; f < 3; f++) {
        int rc;
        size_t len;
        char *text = write(&t, (dn_tree_format)f, &rc, &len);
        if (rc != DN_OK) {
            if (f == DN_TREE_FMT_CSV || rc != DN_EINVAL || len != 0)
                abort(); /* CSV holds everything; a refusal writes nothing */
            free(text);
            continue;
        }
        dn_tree back;
        if (dn_tree_parse(text, len, (dn_tree_format)f, 1 << 12, "back", &back, &err) != DN_OK)
            abort();
        check_tree(&back);
        same(&t, &back);
        size_t len2;
        char *again = write(&back, (dn_tree_format)f, &rc, &len2);
        if (rc != DN_OK || len2 != len || memcmp(again, text, len) != 0)
            abort();
        free(again);
        free(text);
        dn_tree_free(&back);
    }
    dn_tree_free(&t);
    return 0;
}

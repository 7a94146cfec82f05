/*
 * test_tree.c - task trees against brute-force constructions.
 *
 * Binomial trees: for n <= 12 we build CBT(n+1) inside BDG(n+1) node by node
 * (seed 000, proof of Property 3.1: root 0^n 1, children by left shift with
 * 0 and 1, leaves where the leftmost bit is 1), apply the contraction Q
 * (a left child is merged with its parent), and compare every cluster's
 * label, children, child order and phases with the implicit formulas.
 * Definition 1 is checked through subtree sizes: the i-th child of a node
 * with m children roots a B(m - i).
 *
 * MPI's trees (issue 29, item 8): ompi-bcast and mpich-bcast against the
 * two libraries' loops copied here (Open MPI 4.1's
 * ompi_coll_base_topo_build_bmtree, MPICH's MPIR_Bcast_intra_binomial),
 * run per rank on real ranks with every root, for every P up to 130 and a
 * few larger: parents, children in send order, depths and the seeds'
 * phases; for P = 2^n the renaming onto B(n) keeps parents, child order
 * and phases.
 */
#include "testutil.h"

#include "dcnet/tree.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void test_binomial_vs_contraction(void **state)
{
    (void)state;
    for (int n = 0; n <= 12; n++) {
        const int k = n + 1;              /* bits of BDG(n+1) labels */
        const uint64_t top_bit = (uint64_t)1 << (k - 1), mask = ((uint64_t)1 << k) - 1;
        dn_tree_model m;
        dn_tree t;
        dn_err e;
        char spec[32], lab[80], want[80];
        int *phase = calloc((size_t)1 << n, sizeof *phase);
        int64_t *size = calloc((size_t)1 << n, sizeof *size);
        snprintf(spec, sizeof spec, "binomial:%d", n);
        assert_int_equal(dn_tree_model_parse(spec, &m, &e), DN_OK);
        assert_int_equal(dn_tree_init(&t, &m, 0, 0, &e), DN_OK);
        assert_int_equal(t.nodes, (int64_t)1 << n);
        /* clusters are visited from their tops in BFS order of CBT(n+1),
         * so parents come before children and phases can be propagated */
        uint64_t *queue = malloc(sizeof *queue << k);
        int64_t head = 0, tail = 0, clusters = 0;
        queue[tail++] = 1; /* root 0^n 1 */
        phase[0] = 0;
        while (head < tail) {
            uint64_t top = queue[head++], w = top;
            int64_t y = (int64_t)(top - 1) / 2, children = 0;
            clusters++;
            /* label 0^m z 1 is the (n+1)-bit string of top */
            for (int i = 0; i < k; i++)
                want[i] = (char)('0' + ((top >> (k - 1 - i)) & 1));
            want[k] = '\0';
            assert_int_equal(dn_binomial_label(n, y, lab, sizeof lab), DN_OK);
            assert_string_equal(lab, want);
            /* walk the chain of left children: the i-th node's right child
             * tops the i-th child cluster */
            while (!(w & top_bit)) {
                uint64_t right = ((w << 1) & mask) | 1;
                int64_t cy = (int64_t)(right - 1) / 2;
                assert_int_equal(dn_tree_child(&t, y, children), cy);
                assert_int_equal(dn_tree_parent(&t, cy), y);
                phase[cy] = phase[y] + (int)children + 1;
                queue[tail++] = right;
                children++;
                w = (w << 1) & mask; /* left child */
            }
            assert_int_equal(dn_tree_num_children(&t, y), children);
            /* seed 000: a node with m children receives in phase n - m */
            assert_int_equal(phase[y], n - children);
            assert_int_equal(dn_tree_recv_phase(&t, y), phase[y]);
        }
        assert_int_equal(clusters, (int64_t)1 << n);
        /* Definition 1 via subtree sizes (children have larger ids) */
        for (int64_t y = t.nodes - 1; y >= 0; y--) {
            size[y] += 1;
            if (y > 0)
                size[dn_tree_parent(&t, y)] += size[y];
        }
        for (int64_t y = 0; y < t.nodes; y++) {
            int64_t mch = dn_tree_num_children(&t, y);
            for (int64_t i = 0; i < mch; i++)
                assert_int_equal(size[dn_tree_child(&t, y, i)], (int64_t)1 << (mch - 1 - i));
            /* depth: number of tree edges to the root */
            int d = 0;
            for (int64_t v = y; v != 0; v = dn_tree_parent(&t, v))
                d++;
            assert_int_equal(dn_tree_depth(&t, y), d);
        }
        /* phase p carries 2^(p-1) messages, and senders have received */
        for (int p = 1; p <= n; p++) {
            int64_t count = 0;
            for (int64_t y = 1; y < t.nodes; y++)
                if (dn_tree_recv_phase(&t, y) == p) {
                    count++;
                    assert_true(dn_tree_recv_phase(&t, dn_tree_parent(&t, y)) < p);
                }
            assert_int_equal(count, (int64_t)1 << (p - 1));
        }
        assert_int_equal(dn_tree_phases(&t), n);
        free(queue);
        free(phase);
        free(size);
        dn_tree_free(&t);
    }
}

static void test_binomial_seed_example(void **state)
{
    /* seed 000, Property 5.3: the longest edge joins 0^n 1 and 1 0^(n-1) 1,
     * the root and its n-th child; in B(4) that child is label 10001 */
    dn_tree_model m;
    dn_tree t;
    dn_err e;
    char lab[16];
    (void)state;
    assert_int_equal(dn_tree_model_parse("binomial:4", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&t, &m, 0, 0, &e), DN_OK);
    dn_binomial_label(4, dn_tree_child(&t, 0, 3), lab, sizeof lab);
    assert_string_equal(lab, "10001");
    dn_binomial_label(4, 0, lab, sizeof lab);
    assert_string_equal(lab, "00001");
    assert_int_equal(dn_tree_num_children(&t, 0), 4);
    /* 2^(n-i-1) nodes with m = i children for i < n (proof of Prop. 5.2) */
    for (int mch = 0; mch < 4; mch++) {
        int64_t count = 0;
        for (int64_t y = 0; y < t.nodes; y++)
            count += dn_tree_num_children(&t, y) == mch;
        assert_int_equal(count, (int64_t)1 << (4 - mch - 1));
    }
    dn_tree_free(&t);
}

/* dn_tree_leaves: the closed forms (2^(n-1) for binomial:n, b^h for
 * complete:b:h) against a count of the tasks without children, and the
 * count on random trees against the same count done here. */
static void test_leaves(void **state)
{
    static const char *const specs[] = {"binomial:0", "binomial:1", "binomial:7", "binomial:12",
                                        "complete:2:0", "complete:2:5", "complete:3:4",
                                        "complete:5:3", "gw:0.6,0,0.4", "crt:5:0.25,0.25,0.5",
                                        "ompi-bcast:1@binomial", "ompi-bcast:100@binomial", "ompi-bcast:64:5@binomial",
                                        "ompi-bcast:100@knomial:4", "ompi-bcast:77:3@chain:4", "ompi-bcast:50@bintree", "ompi-bcast:9:2@linear",
                                        "mpich-bcast:1", "mpich-bcast:100", "mpich-bcast:77:3"};
    (void)state;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        dn_tree_model m;
        dn_tree t;
        dn_err e;
        assert_int_equal(dn_tree_model_parse(specs[i], &m, &e), DN_OK);
        assert_int_equal(dn_tree_init(&t, &m, 7, 0, &e), DN_OK);
        int64_t count = 0;
        for (int64_t v = 0; v < t.nodes; v++)
            count += dn_tree_num_children(&t, v) == 0;
        assert_int_equal(dn_tree_leaves(&t), count);
        dn_tree_free(&t);
    }
}

static void test_complete(void **state)
{
    dn_tree_model m;
    dn_tree t;
    dn_err e;
    (void)state;
    assert_int_equal(dn_tree_model_parse("complete:3:4", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&t, &m, 0, 0, &e), DN_OK);
    assert_int_equal(t.nodes, (81 * 3 - 1) / 2); /* (b^(h+1) - 1)/(b - 1) = 121 */
    for (int64_t v = 0; v < t.nodes; v++) {
        int64_t k = dn_tree_num_children(&t, v);
        assert_int_equal(k, dn_tree_depth(&t, v) < 4 ? 3 : 0);
        for (int64_t i = 0; i < k; i++) {
            int64_t c = dn_tree_child(&t, v, i);
            assert_int_equal(dn_tree_parent(&t, c), v);
            assert_int_equal(dn_tree_depth(&t, c), dn_tree_depth(&t, v) + 1);
        }
    }
    dn_tree_free(&t);
    assert_int_equal(dn_tree_model_parse("cbt:61", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&t, &m, 0, 0, &e), DN_OK);
    assert_int_equal(t.nodes, ((int64_t)1 << 62) - 1);
    dn_tree_free(&t);
    /* depth in O(log) arithmetic (a path's listing was quadratic, issue
     * 18) against the walk to the root, on paths, wide and tall trees and
     * the ids next to level boundaries and near 2^62 */
    static const char *const specs[] = {"complete:1:50000", "complete:2:61", "complete:3:38",
                                        "complete:1000:6", "complete:2147483647:1"};
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        assert_int_equal(dn_tree_model_parse(specs[i], &m, &e), DN_OK);
        assert_int_equal(dn_tree_init(&t, &m, 0, 0, &e), DN_OK);
        int64_t ids[64 * 3 + 2], nid = 0, first = 1, width = m.b;
        for (int lv = 1; lv <= m.h && nid < 64 * 3; lv++) { /* each level's first and last */
            ids[nid++] = first - 1;
            ids[nid++] = first;
            ids[nid++] = first + width - 1;
            if (lv == m.h || width > (t.nodes - first) / (m.b > 1 ? m.b : 1))
                break;
            first += width;
            width *= m.b;
        }
        ids[nid++] = t.nodes - 1;
        for (int64_t q = 0; q < nid; q++) {
            int64_t v = ids[q], steps = 0;
            if (v < 0 || v >= t.nodes)
                continue;
            if (m.b == 1) {
                steps = v; /* a path: the walk would be 50000 steps */
            } else {
                for (int64_t y = v; y > 0; y = dn_tree_parent(&t, y))
                    steps++;
            }
            if (dn_tree_depth(&t, v) != steps)
                fail_msg("%s: depth of %lld is %d, %lld steps to the root", specs[i],
                         (long long)v, dn_tree_depth(&t, v), (long long)steps);
        }
        dn_tree_free(&t);
    }
    /* a model beyond 2^62 nodes parses (exact loads need only its level
     * sizes); building it is refused */
    assert_int_equal(dn_tree_model_parse("complete:2:62", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&t, &m, 0, 0, &e), DN_ERANGE);
    assert_int_equal(dn_tree_model_parse("complete:2:2000", &m, &e), DN_ERANGE);
}

static void check_tree_shape(const dn_tree *t)
{
    int64_t total = 1;
    for (int64_t v = 0; v < t->nodes; v++) {
        int64_t k = dn_tree_num_children(t, v);
        total += k;
        for (int64_t i = 0; i < k; i++) {
            int64_t c = dn_tree_child(t, v, i);
            assert_int_equal(dn_tree_parent(t, c), v);
            assert_int_equal(dn_tree_depth(t, c), dn_tree_depth(t, v) + 1);
        }
    }
    assert_int_equal(total, t->nodes);
}

/* Sample mean of tree sizes over many seeds against the exact expected
 * size, within 4 empirical standard errors (seeds fixed: deterministic). */
static void check_mean_size(const char *spec, int trials)
{
    dn_tree_model m;
    dn_err e;
    double sum = 0, sum2 = 0, mean, se, want;
    assert_int_equal(dn_tree_model_parse(spec, &m, &e), DN_OK);
    want = dn_tree_model_expected_size(&m);
    for (int s = 0; s < trials; s++) {
        dn_tree t;
        assert_int_equal(dn_tree_init(&t, &m, (uint64_t)s, 0, &e), DN_OK);
        if (s < 20)
            check_tree_shape(&t);
        if (m.kind == DN_TREE_CRT)
            assert_true(t.height <= m.h);
        sum += (double)t.nodes;
        sum2 += (double)t.nodes * (double)t.nodes;
        dn_tree_free(&t);
    }
    mean = sum / trials;
    se = sqrt((sum2 / trials - mean * mean) / trials);
    if (fabs(mean - want) > 4 * se + 1e-9)
        fail_msg("%s: mean size %g, expected %g (se %g)", spec, mean, want, se);
}

static void test_random_models(void **state)
{
    dn_tree_model m;
    dn_err e;
    (void)state;
    check_mean_size("crt:6:0.25,0.25,0.5", 2000);
    check_mean_size("crt:5:0,0,0,1/0.5,0.5/0.1,0,0.9", 2000); /* per-level laws */
    check_mean_size("rct:0,0.5,0.5:0,0.5,0.5", 2000);
    check_mean_size("repro:50", 4000);
    check_mean_size("repro:20:geom", 4000);
    check_mean_size("gw:0.6,0.1,0.3", 4000);
    assert_int_equal(dn_tree_model_parse("repro:50", &m, &e), DN_OK);
    assert_true(fabs(m.mean - 0.98) < 1e-15);
    assert_true(fabs(dn_tree_model_expected_size(&m) - 50) < 1e-9);
    /* per-level laws: 1 + 3 + 3*2 + 3*2*1 = 16 for the deterministic
     * levels 3, then 2, then 1 child (last law repeats) */
    assert_int_equal(dn_tree_model_parse("crt:3:0,0,0,1/0,0,1/0,1", &m, &e), DN_OK);
    assert_int_equal(m.noff, 3);
    assert_true(fabs(dn_tree_model_expected_size(&m) - 16) < 1e-12);
    {
        dn_tree t;
        assert_int_equal(dn_tree_init(&t, &m, 5, 0, &e), DN_OK);
        assert_int_equal(t.nodes, 16);
        assert_int_equal(dn_tree_num_children(&t, 0), 3);
        assert_int_equal(dn_tree_num_children(&t, 1), 2);
        assert_int_equal(dn_tree_num_children(&t, 4), 1);
        dn_tree_free(&t);
    }
    assert_int_equal(dn_tree_model_parse("crt:4:0,1/1", &m, &e), DN_OK);
    assert_true(fabs(dn_tree_model_expected_size(&m) - 2) < 1e-12); /* 1 + 1 + 0 */
    /* crt with a degenerate distribution is the complete tree */
    assert_int_equal(dn_tree_model_parse("crt:5:0,0,1", &m, &e), DN_OK);
    assert_true(fabs(dn_tree_model_expected_size(&m) - 63) < 1e-12);
}

static void test_random_reproducible(void **state)
{
    dn_tree_model m;
    dn_tree a, b, c;
    dn_err e;
    (void)state;
    assert_int_equal(dn_tree_model_parse("repro:500", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&a, &m, 9, 0, &e), DN_OK);
    assert_int_equal(dn_tree_init(&b, &m, 9, 0, &e), DN_OK);
    assert_int_equal(a.nodes, b.nodes);
    assert_memory_equal(a.parent, b.parent, (size_t)a.nodes * sizeof *a.parent);
    dn_tree_free(&a);
    dn_tree_free(&b);
    /* the size cap stops runaway growth with a clear status */
    assert_int_equal(dn_tree_model_parse("crt:40:0,0,1", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&c, &m, 1, 1 << 16, &e), DN_ELIMIT);
    /* in the library's words, the parameter named for the caller's option */
    assert_non_null(strstr(e.msg, "grew past 65536 nodes; raise the node limit"));
    assert_null(strstr(e.msg, "--"));
    assert_string_equal(e.param, "max_nodes");
    assert_null(c.parent);
}

static void test_dist(void **state)
{
    dn_dist d;
    dn_err e;
    dn_rng r;
    int64_t count[3] = {0};
    (void)state;
    assert_int_equal(dn_dist_parse("0.2,0.3,0.5", &d, &e), DN_OK);
    assert_int_equal(d.len, 3);
    assert_true(fabs(dn_dist_mean(&d) - 1.3) < 1e-12);
    dn_rng_seed(&r, 3);
    for (int i = 0; i < 100000; i++)
        count[dn_dist_draw(&d, &r)]++;
    /* each within 5 sigma of its expectation */
    assert_true(llabs(count[0] - 20000) < 5 * 127);
    assert_true(llabs(count[1] - 30000) < 5 * 145);
    assert_true(llabs(count[2] - 50000) < 5 * 159);
    assert_int_equal(dn_dist_parse("0.2,0.3", &d, &e), DN_EINVAL);
    assert_non_null(strstr(e.msg, "sum"));
    assert_int_equal(dn_dist_parse("0.2,,0.8", &d, &e), DN_EINVAL); /* empty field */
    assert_int_equal(dn_dist_parse("0.2,0.8,", &d, &e), DN_EINVAL);
    assert_int_equal(dn_dist_parse("-0.2,1.2", &d, &e), DN_EINVAL);
    assert_int_equal(dn_dist_parse("", &d, &e), DN_EINVAL);
}

/* ---------------------------------------------------------- tree files */

/* Writes t in fmt to a temporary file and reads it back as file:PATH. */
static void round_trip(const dn_tree *t, dn_tree_format fmt, dn_tree *back)
{
    static const char *const ext[] = {".csv", ".dot", ".grf"};
    char path[64];
    snprintf(path, sizeof path, "/tmp/dcnet-test-tree-XXXXXX%s", ext[fmt]);
    int fd = mkstemps(path, 4);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    dn_err err;
    assert_int_equal(dn_tree_write(t, fmt, f, &err), DN_OK);
    fclose(f);
    char spec[80];
    snprintf(spec, sizeof spec, "file:%s", path);
    dn_tree_model m;
    assert_int_equal(dn_tree_model_parse(spec, &m, &err), DN_OK);
    if (dn_tree_init(back, &m, 1, 0, &err))
        fail_msg("reading back %s: %s", path, err.msg);
    unlink(path);
}

/* node by node: parent, children in order, depth, weights; the phases are
 * the sequential schedule's (child i of a node of phase p: p + i + 1) */
static void same_tree(const dn_tree *a, const dn_tree *b, int weights)
{
    assert_int_equal(a->nodes, b->nodes);
    assert_int_equal(a->height, b->height);
    for (int64_t v = 0; v < a->nodes; v++) {
        assert_int_equal(dn_tree_parent(a, v), dn_tree_parent(b, v));
        int64_t k = dn_tree_num_children(a, v);
        assert_int_equal(k, dn_tree_num_children(b, v));
        for (int64_t i = 0; i < k; i++) {
            int64_t c = dn_tree_child(a, v, i);
            assert_int_equal(c, dn_tree_child(b, v, i));
            assert_int_equal(dn_tree_recv_phase(b, c), dn_tree_recv_phase(b, v) + i + 1);
        }
        assert_int_equal(dn_tree_depth(a, v), dn_tree_depth(b, v));
        if (weights & 1)
            assert_true(b->work && b->work[v] == a->work[v]);
        if (weights & 2)
            assert_true(b->bytes_down && b->bytes_down[v] == a->bytes_down[v]);
        if (weights & 4)
            assert_true(b->bytes_up && b->bytes_up[v] == a->bytes_up[v]);
    }
}

static void test_tree_files(void **state)
{
    (void)state;
    static const char *const specs[] = {"binomial:6", "complete:3:3", "crt:6:0.2,0.3,0.5",
                                        "repro:50", "binomial:0"};
    dn_err err;
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++)
        for (int fmt = 0; fmt < 3; fmt++) {
            dn_tree_model m;
            dn_tree t, back;
            assert_int_equal(dn_tree_model_parse(specs[i], &m, &err), DN_OK);
            assert_int_equal(dn_tree_init(&t, &m, 5, 0, &err), DN_OK);
            round_trip(&t, (dn_tree_format)fmt, &back);
            same_tree(&t, &back, 0);
            /* seed 000's phases are the sequential schedule on B(n) */
            if (m.kind == DN_TREE_BINOMIAL) {
                assert_int_equal(dn_tree_binomial_order(&back), m.n);
                assert_int_equal(dn_tree_phases(&back), dn_tree_phases(&t));
                for (int64_t v = 0; v < t.nodes; v++)
                    assert_int_equal(dn_tree_recv_phase(&back, v), dn_tree_recv_phase(&t, v));
            } else if (t.nodes > 1) { /* (a random tree of one node is B(0)) */
                assert_int_equal(dn_tree_binomial_order(&back), -1);
            }
            /* its tasks in phase order: a permutation from the root, phases
             * never decreasing, ids rising within a phase; NULL exactly when
             * the ids are in phase order already (B(n) yes, complete:3:3
             * written breadth first no: task 4 receives before task 3) */
            int64_t *order;
            assert_int_equal(dn_tree_phase_order(&back, &order, &err), DN_OK);
            int sorted = 1;
            for (int64_t v = 2; v < back.nodes; v++)
                sorted &= dn_tree_recv_phase(&back, v) >= dn_tree_recv_phase(&back, v - 1);
            assert_int_equal(order == NULL, sorted);
            if (m.kind == DN_TREE_BINOMIAL || m.kind == DN_TREE_COMPLETE)
                assert_int_equal(sorted, m.kind == DN_TREE_BINOMIAL);
            if (order) {
                char *seen = calloc((size_t)back.nodes, 1);
                assert_int_equal(order[0], 0);
                for (int64_t k = 1; k < back.nodes; k++) {
                    int64_t u = order[k], w = order[k - 1];
                    assert_true(u > 0 && u < back.nodes && !seen[u]);
                    seen[u] = 1;
                    int pu = dn_tree_recv_phase(&back, u), pw = dn_tree_recv_phase(&back, w);
                    assert_true(k == 1 || pu > pw || (pu == pw && u > w));
                }
                free(seen);
                free(order);
            }
            /* and back again: a file tree writes what it read */
            dn_tree again;
            round_trip(&back, (dn_tree_format)fmt, &again);
            same_tree(&back, &again, 0);
            dn_tree_free(&again);
            dn_tree_free(&back);
            dn_tree_free(&t);
        }
}

static int read_text_tree(const char *ext, const char *text, dn_tree *t, dn_err *err)
{
    char path[64];
    snprintf(path, sizeof path, "/tmp/dcnet-test-tree-XXXXXX%s", ext);
    int fd = mkstemps(path, (int)strlen(ext));
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    char spec[80];
    snprintf(spec, sizeof spec, "file:%s", path);
    dn_tree_model m;
    assert_int_equal(dn_tree_model_parse(spec, &m, err), DN_OK);
    int rc = dn_tree_init(t, &m, 1, 0, err);
    unlink(path);
    return rc;
}

static void test_tree_file_weights_and_ids(void **state)
{
    (void)state;
    dn_tree t, back;
    dn_err err;
    /* weights in a header's own column order; sparse ids relabelled in
     * row order, the root first; children in line order */
    assert_int_equal(read_text_tree(".csv", "# a tree\nparent,id,bytes_up,work,bytes_down\n"
                                            "10,30,1,2.5,100\n,10,0,1,0\n10,20,2,0.5,50\n"
                                            "30,40,3,0.125,25\n",
                                    &t, &err),
                     DN_OK);
    assert_int_equal(t.nodes, 4);
    /* ids: 10 (root) -> 0, 30 -> 1, 20 -> 2, 40 -> 3 */
    assert_int_equal(dn_tree_child(&t, 0, 0), 1);
    assert_int_equal(dn_tree_child(&t, 0, 1), 2);
    assert_int_equal(dn_tree_parent(&t, 3), 1);
    assert_true(t.work[0] == 1 && t.work[1] == 2.5 && t.work[2] == 0.5 && t.work[3] == 0.125);
    assert_true(t.bytes_down[1] == 100 && t.bytes_down[3] == 25 && t.bytes_up[2] == 2);
    assert_int_equal(dn_tree_recv_phase(&t, 2), 2); /* the second child: phase 0 + 1 + 1 */
    assert_int_equal(dn_tree_recv_phase(&t, 3), 2);
    for (int fmt = 0; fmt < 2; fmt++) { /* CSV and DOT keep every weight */
        round_trip(&t, (dn_tree_format)fmt, &back);
        same_tree(&t, &back, fmt == 0 ? 7 : 7);
        dn_tree_free(&back);
    }
    /* .grf holds integer loads and no bytes_up: refused, never rounded
     * (work 2.5 was written as 3; issue 26, item 4) */
    {
        FILE *f = tmpfile();
        assert_int_equal(dn_tree_write(&t, DN_TREE_FMT_GRF, f, &err), DN_EINVAL);
        assert_non_null(strstr(err.msg, "cannot hold bytes_up"));
        assert_int_equal(ftell(f), 0); /* nothing written */
        free(t.bytes_up);
        t.bytes_up = NULL;
        assert_int_equal(dn_tree_write(&t, DN_TREE_FMT_GRF, f, &err), DN_EINVAL);
        assert_non_null(strstr(err.msg, "the work of node 1 is 2.5"));
        fclose(f);
    }
    dn_tree_free(&t);
    /* DOT with names: relabelled in order of first appearance */
    assert_int_equal(read_text_tree(".dot", "digraph g { root -> b [bytes=8]; root -> c; "
                                            "c -> d -> e; /* chain */ b [work=3, color=red] }",
                                    &t, &err),
                     DN_OK);
    assert_int_equal(t.nodes, 5);
    assert_int_equal(dn_tree_num_children(&t, 0), 2);
    assert_true(t.bytes_down[1] == 8 && t.work[1] == 3 && t.work[2] == 0);
    assert_int_equal(t.height, 3);
    dn_tree_free(&t);
}

static void test_tree_file_errors(void **state)
{
    (void)state;
    static const struct {
        const char *ext, *text, *msg;
    } bad[] = {
        {".csv", "0,-1\n1,0\n2,5\n", ":3: the parent 5 of node 2 is not defined"},
        {".csv", "0,-1\n1,-1\n", ":2: a second root"},
        {".csv", "0,1\n1,0\n", "no root"},
        {".csv", "0,-1\n1,2\n2,1\n", "is on a cycle"},
        {".csv", "0,-1\n1,0\n1,0\n", ":3: node 1 is defined twice (first on line 2)"},
        {".csv", "0,-1\n1,0,x\n", ":2: work"},
        {".csv", "0,-1\n1,0,1,2,3,4\n", ":2: expected id,parent"},
        {".csv", "id,kid\n", "unknown column 'kid'"},
        {".csv", "# nothing\n", "no node"},
        {".dot", "digraph { a -> b; c -> b; }", "node 'b' has two parents ('c', and 'a'"},
        {".dot", "digraph { a -> b ", "expected '}'"},
        {".dot", "graph x { a -- b; b -- a; }", "no root"},
        {".grf", "0\n3 2\n0 000\n1 1\n1 0\n0\n", "not a tree: 3 vertices and 2 arcs"},
        {".grf", "0\n3 4\n0 000\n1 1\n2 0 2\n", ":6: expected a vertex line"},
        {".grf", "0\n3 4\n0 000\n1 1\n1 0\n2 0 1\n", "1 of 3 vertices are not connected"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        dn_tree t;
        dn_err err;
        int rc = read_text_tree(bad[i].ext, bad[i].text, &t, &err);
        if (rc == DN_OK)
            fail_msg("case %zu was accepted", i);
        if (!strstr(err.msg, bad[i].msg))
            fail_msg("case %zu: '%s' does not say '%s'", i, err.msg, bad[i].msg);
        assert_null(t.parent); /* nothing left allocated */
    }
    /* the node cap: --max-nodes */
    dn_tree_model m;
    dn_tree t;
    dn_err err;
    FILE *f = fopen("/tmp/dcnet-test-cap.csv", "w");
    for (int v = 0; v < 100; v++)
        fprintf(f, "%d,%d\n", v, v - 1);
    fclose(f);
    assert_int_equal(dn_tree_model_parse("file:/tmp/dcnet-test-cap.csv", &m, &err), DN_OK);
    assert_int_equal(dn_tree_init(&t, &m, 1, 50, &err), DN_ELIMIT);
    assert_non_null(strstr(err.msg, "more than 50 nodes"));
    assert_int_equal(dn_tree_init(&t, &m, 1, 100, &err), DN_OK);
    assert_int_equal(t.height, 99); /* a path */
    assert_int_equal(dn_tree_phases(&t), 99);
    dn_tree_free(&t);
    unlink("/tmp/dcnet-test-cap.csv");
    assert_int_equal(dn_tree_model_parse("file:", &m, &err), DN_EINVAL);
    assert_int_equal(dn_tree_model_parse("file:/no/such/file.csv", &m, &err), DN_OK);
    assert_int_equal(dn_tree_init(&t, &m, 1, 0, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "cannot open tree file"));
}

/* ------------------------------------------------- MPI's binomial trees */

#define MAXKIDS 64
typedef struct mpi_node {
    int prev;           /* the rank it receives from (the root: itself) */
    int nkids;
    int kids[MAXKIDS];  /* the ranks it sends to, in send order */
} mpi_node;

/* Open MPI 4.1.4, ompi/mca/coll/base/coll_base_topo.c,
 * ompi_coll_base_topo_build_bmtree, its loop as it stands (opal_next_poweroftwo:
 * the least power of two above index, 1 for 0). */
static void ompi_bmtree(int rank, int root, int size, mpi_node *out)
{
    int childs = 0, mask, index, remote;
    index = rank - root;
    if (index < 0)
        index += size;
    mask = 1;
    while (mask <= index) /* opal_next_poweroftwo(index) */
        mask <<= 1;
    if (root == rank) {
        out->prev = root;
    } else {
        remote = (index ^ (mask >> 1)) + root;
        if (remote >= size)
            remote -= size;
        out->prev = remote;
    }
    while (mask < size) {
        remote = (index ^ mask);
        if (remote >= size)
            break;
        remote += root;
        if (remote >= size)
            remote -= size;
        out->kids[childs] = remote;
        mask <<= 1;
        childs++;
    }
    out->nkids = childs;
}

/* MPICH, src/mpi/coll/bcast/bcast_intra_binomial.c, MPIR_Bcast_intra_binomial:
 * the receive loop, then the sends (MPIC_Send, one after the other). */
static void mpich_binomial(int rank, int root, int comm_size, mpi_node *out)
{
    int relative_rank = (rank >= root) ? rank - root : rank - root + comm_size;
    int mask = 0x1, src, dst;
    out->prev = rank;
    out->nkids = 0;
    while (mask < comm_size) {
        if (relative_rank & mask) {
            src = rank - mask;
            if (src < 0)
                src += comm_size;
            out->prev = src;
            break;
        }
        mask <<= 1;
    }
    mask >>= 1;
    while (mask > 0) {
        if (relative_rank + mask < comm_size) {
            dst = rank + mask;
            if (dst >= comm_size)
                dst -= comm_size;
            out->kids[out->nkids++] = dst;
        }
        mask >>= 1;
    }
}

/* The library's tree of P ranks rooted at `root`, by rank; then dcnet's
 * task v (rank (v + root) mod P) against it: parent, children in order,
 * depth, and the phases of the seeds' rule (child i of a rank receiving
 * in phase p receives in p + i + 1) found by a BFS over the library's
 * send lists. */
static void check_mpi_tree(const char *lib, int P, int root)
{
    char spec[64];
    dn_tree_model m;
    dn_tree t;
    dn_err e;
    mpi_node *node = calloc((size_t)P, sizeof *node);
    int *phase = calloc((size_t)P, sizeof *phase), *depth = calloc((size_t)P, sizeof *depth);
    int *queue = malloc((size_t)P * sizeof *queue);
    int64_t *level = calloc((size_t)P + 1, sizeof *level);
    int ompi = lib[0] == 'o', maxphase = 0, maxdepth = 0;
    snprintf(spec, sizeof spec, "%s-bcast:%d:%d@binomial", lib, P, root);
    assert_int_equal(dn_tree_model_parse(spec, &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&t, &m, 0, 0, &e), DN_OK);
    assert_int_equal(t.nodes, P);
    for (int r = 0; r < P; r++)
        (ompi ? ompi_bmtree : mpich_binomial)(r, root, P, &node[r]);
    /* BFS from the root rank along the library's send lists */
    int head = 0, tail = 0, seen = 1;
    queue[tail++] = root;
    while (head < tail) {
        int r = queue[head++];
        for (int i = 0; i < node[r].nkids; i++) {
            int c = node[r].kids[i];
            assert_int_equal(node[c].prev, r); /* the library agrees with itself */
            phase[c] = phase[r] + i + 1;
            depth[c] = depth[r] + 1;
            maxphase = phase[c] > maxphase ? phase[c] : maxphase;
            maxdepth = depth[c] > maxdepth ? depth[c] : maxdepth;
            queue[tail++] = c;
            seen++;
        }
    }
    assert_int_equal(seen, P); /* a spanning tree */
    for (int r = 0; r < P; r++) {
        int64_t v = ((int64_t)r - root + P) % P; /* MPI's virtual rank */
        level[depth[r]]++;
        if (dn_tree_rank(&t, v) != r)
            fail_msg("%s: task %lld is rank %lld, not %d", spec, (long long)v,
                     (long long)dn_tree_rank(&t, v), r);
        int64_t par = dn_tree_parent(&t, v);
        if (r == root ? par != -1 : dn_tree_rank(&t, par) != node[r].prev)
            fail_msg("%s: rank %d's parent is rank %d, dcnet says task %lld", spec, r,
                     node[r].prev, (long long)par);
        if (dn_tree_num_children(&t, v) != node[r].nkids)
            fail_msg("%s: rank %d sends %d messages, dcnet %lld", spec, r, node[r].nkids,
                     (long long)dn_tree_num_children(&t, v));
        for (int i = 0; i < node[r].nkids; i++)
            if (dn_tree_rank(&t, dn_tree_child(&t, v, i)) != node[r].kids[i])
                fail_msg("%s: rank %d's send %d goes to rank %d, dcnet's to task %lld", spec,
                         r, i, node[r].kids[i], (long long)dn_tree_child(&t, v, i));
        if (dn_tree_depth(&t, v) != depth[r] || dn_tree_recv_phase(&t, v) != phase[r])
            fail_msg("%s: rank %d has depth %d, phase %d; dcnet %d, %d", spec, r, depth[r],
                     phase[r], dn_tree_depth(&t, v), dn_tree_recv_phase(&t, v));
    }
    assert_int_equal(dn_tree_phases(&t), maxphase);
    assert_int_equal(t.height, maxdepth);
    double *counts;
    assert_int_equal(dn_tree_level_counts(&t, &counts, &e), DN_OK);
    for (int l = 0; l <= maxdepth; l++) {
        assert_true(counts[l] == (double)level[l]);
        assert_int_equal(dn_mpi_level_size(P, l), level[l]);
    }
    free(counts);
    dn_tree_free(&t);
    free(node);
    free(phase);
    free(depth);
    free(queue);
    free(level);
}

static void test_mpi_trees_vs_libraries(void **state)
{
    (void)state;
    for (int P = 1; P <= 130; P++)
        for (int root = 0; root < P; root += 1 + P / 7) {
            check_mpi_tree("ompi", P, root);
            check_mpi_tree("mpich", P, root);
        }
    static const int big[] = {1000, 1023, 1024, 1025, 4096, 6000};
    for (int i = 0; i < 6; i++) {
        check_mpi_tree("ompi", big[i], 0);
        check_mpi_tree("mpich", big[i], big[i] / 3);
    }
}

/* The examples, and the renaming onto B(n) when P = 2^n. */
static void test_mpi_trees_examples_and_binomial(void **state)
{
    dn_tree_model m;
    dn_tree o, mp, b;
    dn_err e;
    (void)state;
    assert_int_equal(dn_tree_model_parse("ompi-bcast:64@binomial", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&o, &m, 0, 0, &e), DN_OK);
    assert_int_equal(dn_tree_model_parse("mpich-bcast:64", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&mp, &m, 0, 0, &e), DN_OK);
    assert_int_equal(dn_tree_model_parse("binomial:6", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&b, &m, 0, 0, &e), DN_OK);
    static const int64_t mpich_root[] = {32, 16, 8, 4, 2, 1}, ompi_root[] = {1, 2, 4, 8, 16, 32};
    static const int64_t ompi_1[] = {3, 5, 9, 17, 33}, seed_1[] = {3, 6, 12, 24, 48};
    for (int i = 0; i < 6; i++) {
        assert_int_equal(dn_tree_child(&mp, 0, i), mpich_root[i]);
        assert_int_equal(dn_tree_child(&o, 0, i), ompi_root[i]);
    }
    for (int i = 0; i < 5; i++) {
        assert_int_equal(dn_tree_child(&o, 1, i), ompi_1[i]);
        assert_int_equal(dn_tree_child(&b, 1, i), seed_1[i]);
    }
    assert_int_equal(dn_tree_num_children(&mp, 1), 0); /* MPICH: rank 1 is a leaf */
    for (int n = 0; n <= 12; n++) {
        char spec[40];
        dn_tree t[2];
        assert_int_equal(dn_tree_model_parse((snprintf(spec, sizeof spec, "binomial:%d", n), spec),
                                             &m, &e),
                         DN_OK);
        dn_tree_free(&b);
        assert_int_equal(dn_tree_init(&b, &m, 0, 0, &e), DN_OK);
        for (int k = 0; k < 2; k++) {
            snprintf(spec, sizeof spec, "%s-bcast:%d@binomial", k ? "mpich" : "ompi", 1 << n);
            assert_int_equal(dn_tree_model_parse(spec, &m, &e), DN_OK);
            assert_int_equal(dn_tree_init(&t[k], &m, 0, 0, &e), DN_OK);
            assert_int_equal(dn_tree_binomial_iso(&t[k]), n);
            char *hit = calloc((size_t)1 << n, 1);
            for (int64_t v = 0; v < t[k].nodes; v++) {
                int64_t y = dn_tree_binomial_id(&t[k], v);
                assert_true(y >= 0 && y < b.nodes && !hit[y]); /* one to one */
                hit[y] = 1;
                assert_int_equal(dn_tree_recv_phase(&b, y), dn_tree_recv_phase(&t[k], v));
                assert_int_equal(dn_tree_num_children(&b, y), dn_tree_num_children(&t[k], v));
                for (int64_t i = 0; i < dn_tree_num_children(&t[k], v); i++)
                    assert_int_equal(dn_tree_child(&b, y, i),
                                     dn_tree_binomial_id(&t[k], dn_tree_child(&t[k], v, i)));
            }
            free(hit);
            dn_tree_free(&t[k]);
            /* not a power of two: no renaming onto a B(n) */
            snprintf(spec, sizeof spec, "%s-bcast:%d@binomial", k ? "mpich" : "ompi", 3 << n);
            assert_int_equal(dn_tree_model_parse(spec, &m, &e), DN_OK);
            assert_int_equal(dn_tree_init(&t[k], &m, 0, 0, &e), DN_OK);
            assert_int_equal(dn_tree_binomial_iso(&t[k]), -1);
            dn_tree_free(&t[k]);
        }
    }
    /* the ids are B(n)'s only where the numberings agree: Open MPI's up to 4 ranks */
    assert_int_equal(dn_tree_binomial_order(&o), -1);
    assert_int_equal(dn_tree_binomial_order(&mp), -1);
    /* specs: P >= 1, 0 <= ROOT < P */
    static const char *const bad[] = {"ompi-bcast:0", "ompi-bcast", "mpich-bcast:4:4",
                                      "mpich-bcast:4:-1", "ompi-bcast:8:1:2", "ompi-bcast:x",
                                      "mpich-bcast:4611686018427387905"};
    for (int i = 0; i < 7; i++)
        if (dn_tree_model_parse(bad[i], &m, &e) == DN_OK)
            fail_msg("'%s' was accepted", bad[i]);
    assert_int_equal(dn_tree_model_parse("mpich-bcast:4611686018427387904:5", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&o, &m, 0, 0, &e), DN_OK); /* implicit: 2^62 ranks */
    assert_int_equal(dn_tree_phases(&o), 62);
    assert_int_equal(dn_tree_recv_phase(&o, 1), 62);
    assert_int_equal(dn_tree_rank(&o, ((int64_t)1 << 62) - 1), 4);
    dn_tree_free(&o);
    dn_tree_free(&mp);
    dn_tree_free(&b);
}

/* dn_tree_from_parents (issue 30, item 5): a tree handed over as arrays
 * is the tree it describes (parents, children in id order, schedule,
 * weights), follows the file readers' id rule when node 0 is not the root
 * (the same tree as the CSV of the same rows), and refuses what a file
 * would, naming the index. */
static void test_tree_from_parents(void **state)
{
    (void)state;
    static const char *const specs[] = {"binomial:6", "complete:3:4", "crt:5:0.2,0.3,0.5",
                                        "gw:0.4,0.3,0.3", "repro:40", "cbt:0"};
    dn_rng r;
    dn_rng_seed(&r, 7);
    for (size_t k = 0; k < sizeof specs / sizeof *specs; k++)
        for (uint64_t seed = 1; seed <= 5; seed++) {
            dn_tree_model m;
            dn_tree t, got, csv;
            dn_err e;
            assert_int_equal(dn_tree_model_parse(specs[k], &m, &e), DN_OK);
            assert_int_equal(dn_tree_init(&t, &m, seed, 0, &e), DN_OK);
            int64_t n = t.nodes;
            int64_t *par = malloc((size_t)n * sizeof *par), *pi = malloc((size_t)n * sizeof *pi);
            int64_t *ppar = malloc((size_t)n * sizeof *ppar);
            double *w = malloc((size_t)n * 3 * sizeof *w), *pw = malloc((size_t)n * 3 * sizeof *pw);
            assert_true(par && pi && ppar && w && pw);
            for (int64_t v = 0; v < n; v++) {
                par[v] = dn_tree_parent(&t, v);
                for (int j = 0; j < 3; j++)
                    w[j * n + v] = v == 0 && j ? 0 : ldexp((double)dn_rng_below(&r, 1000), -3);
            }
            assert_int_equal(dn_tree_from_parents(&got, n, par, w, w + n, w + 2 * n, &e), DN_OK);
            /* ids kept (the root is 0): the same tree; children in id order
             * is the tree's own order for every model here */
            t.work = w, t.bytes_down = w + n, t.bytes_up = w + 2 * n;
            same_tree(&t, &got, 7);
            t.work = t.bytes_down = t.bytes_up = NULL;
            dn_tree_free(&got);
            /* renamed by a random permutation: the same as the CSV of the rows */
            for (int64_t v = 0; v < n; v++)
                pi[v] = v;
            for (int64_t v = n - 1; v > 0; v--) {
                int64_t j = (int64_t)dn_rng_below(&r, (uint64_t)v + 1), x = pi[v];
                pi[v] = pi[j], pi[j] = x;
            }
            for (int64_t v = 0; v < n; v++) {
                ppar[pi[v]] = par[v] < 0 ? -1 : pi[par[v]];
                pw[pi[v]] = w[v];
            }
            size_t cap = (size_t)n * 64 + 64, len = 0;
            char *text = malloc(cap);
            len += (size_t)snprintf(text, cap, "id,parent,work\n");
            for (int64_t v = 0; v < n; v++)
                len += (size_t)snprintf(text + len, cap - len, "%lld,%lld,%.17g\n", (long long)v,
                                        (long long)ppar[v], pw[v]);
            assert_int_equal(dn_tree_parse(text, len, DN_TREE_FMT_CSV, 0, "rows", &csv, &e),
                             DN_OK);
            assert_int_equal(dn_tree_from_parents(&got, n, ppar, pw, NULL, NULL, &e), DN_OK);
            same_tree(&csv, &got, 1);
            dn_tree_free(&csv);
            dn_tree_free(&got);
            dn_tree_free(&t);
            free(text), free(par), free(pi), free(ppar), free(w), free(pw);
        }
    struct {
        int64_t n, parent[4];
        double work[4];
        const char *msg;
    } const bad[] = {
        {3, {-1, 0, -1}, {0, 0, 0}, "parents:2: a second root"},
        {3, {1, 2, 0}, {0, 0, 0}, "no root"},
        {4, {-1, 2, 3, 1}, {0, 0, 0, 0}, "parents:1: node 1 is on a cycle"},
        {3, {-1, 0, 3}, {0, 0, 0}, "parents:2: parent 3 of node 2 is not a node"},
        {2, {-1, 1}, {0, 0}, "node 1 is its own parent"},
        {2, {-1, 0}, {0, -1}, "work[1] is -1"},
        {2, {-1, 0}, {0, NAN}, "work[1] is nan"},
        {0, {0}, {0}, "at least one node"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        dn_tree t;
        dn_err e;
        int rc = dn_tree_from_parents(&t, bad[i].n, bad[i].parent, bad[i].work, NULL, NULL, &e);
        if (rc == DN_OK || !strstr(e.msg, bad[i].msg))
            fail_msg("case %zu: status %d, '%s' (wanted '%s')", i, rc, e.msg, bad[i].msg);
        assert_int_equal(t.nodes, 0);
    }
}

/* dn_tree.units says which columns a file gave with a unit (seconds or
 * bytes) anywhere: the simulator refuses seconds of work beside messages
 * in the seeds' units. One unit in one row marks its column; plain
 * numbers, and what the writers write, mark none. */
static void test_tree_units(void **state)
{
    (void)state;
    static const struct {
        dn_tree_format fmt;
        const char *text;
        int units;
    } cases[] = {
        {DN_TREE_FMT_CSV, "id,parent,work,bytes_down\n0,-1,1,0\n1,0,2ms,3\n", 1},
        {DN_TREE_FMT_CSV, "id,parent,work,bytes_down\n0,-1,1,0\n1,0,2,3MB\n", 2},
        {DN_TREE_FMT_CSV, "id,parent,work,bytes_up\n0,-1,1us,0\n1,0,2,3KiB\n", 1 | 4},
        {DN_TREE_FMT_CSV, "id,parent,work,bytes_down\n0,-1,1,0\n1,0,2.5,3e6\n", 0},
        {DN_TREE_FMT_DOT, "digraph { node [work=\"2ms\"]; 0 -> 1; }", 1},
        {DN_TREE_FMT_DOT, "digraph { 0 -> 1 [bytes=\"1kB\"]; }", 2},
        {DN_TREE_FMT_DOT, "digraph { 0 [work=5]; 0 -> 1 [bytes=7]; }", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dn_tree t;
        dn_err e;
        int rc = dn_tree_parse(cases[i].text, strlen(cases[i].text), cases[i].fmt, 0, "case", &t,
                               &e);
        if (rc)
            fail_msg("case %zu: %s", i, e.msg);
        if (t.units != cases[i].units)
            fail_msg("case %zu: units %d, expected %d", i, t.units, cases[i].units);
        dn_tree_free(&t);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_binomial_vs_contraction),
        cmocka_unit_test(test_binomial_seed_example),
        cmocka_unit_test(test_complete),
        cmocka_unit_test(test_leaves),
        cmocka_unit_test(test_random_models),
        cmocka_unit_test(test_random_reproducible),
        cmocka_unit_test(test_dist),
        cmocka_unit_test(test_tree_files),
        cmocka_unit_test(test_tree_file_weights_and_ids),
        cmocka_unit_test(test_tree_file_errors),
        cmocka_unit_test(test_mpi_trees_vs_libraries),
        cmocka_unit_test(test_mpi_trees_examples_and_binomial),
        cmocka_unit_test(test_tree_from_parents),
        cmocka_unit_test(test_tree_units),
    };
    return cmocka_run_group_tests_name("tree", tests, NULL, NULL);
}

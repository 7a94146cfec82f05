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
 */
#include "testutil.h"

#include "dcnet/tree.h"

#include <math.h>

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
    assert_non_null(strstr(e.msg, "--max-nodes"));
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_binomial_vs_contraction),
        cmocka_unit_test(test_binomial_seed_example),
        cmocka_unit_test(test_complete),
        cmocka_unit_test(test_random_models),
        cmocka_unit_test(test_random_reproducible),
        cmocka_unit_test(test_dist),
    };
    return cmocka_run_group_tests_name("tree", tests, NULL, NULL);
}

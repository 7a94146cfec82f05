/*
 * test_mpich.c - MPICH 4.0's broadcast (issue 38, the MPICH half): the
 * default selection dn_mpich40_bcast_rule against the conditions of MPICH
 * 4.0.2's JSON tuning files (tag v4.0.2 of github.com/pmodels/mpich), and the
 * node-aware compositions @smp:K (alpha) and @smp_beta:K (beta) built from
 * ch4_coll_impl.h, checked against hand-traced runs of that code and
 * against the plain binomial where the composition degenerates to it.
 * Real MPICH runs are not observed here (see docs/trees.md).
 */
#include "testutil.h"

#include "dcnet/tree.h"

static void test_rule(void **state)
{
    (void)state;
    static const struct {
        int64_t P;
        double b;
        int64_t ppn;
        int want;
    } c[] = {
        /* one rank a node: no node_comm, not a hierarchy parent
         * (src/mpi/comm/commutil.c:595-598), ch4/generic.json:42-45 gamma,
         * then mpir/generic.json comm_hierarchy=any: comm_size<8 binomial
         * (lines 19-25) at any size */
        {7, 1e9, 1, DN_MPI_BINOMIAL},
        /* pow2 (lines 48-61): <=12288 binomial, <=524288 recursive doubling */
        {8, 12288, 1, DN_MPI_BINOMIAL},
        {8, 12289, 1, DN_MPI_SCATTER_ALLGATHER},
        {8, 524288, 1, DN_MPI_SCATTER_ALLGATHER},
        {8, 524289, 1, DN_MPI_SCATTER_ALLGATHER_RING},
        /* any other size (lines 80-90): <=12288 binomial, else ring */
        {12, 12288, 1, DN_MPI_BINOMIAL},
        {12, 12289, 1, DN_MPI_SCATTER_ALLGATHER_RING},
        /* a parent communicator, ch4/generic.json:6-41 (MPIDI_Bcast_intra_composition_*,
         * src/mpid/ch4/src/ch4_coll_impl.h:70,156,201): comm_size<8 alpha
         * at any size */
        {4, 1e9, 2, DN_MPI_SMP},
        {7, 0, 7, DN_MPI_SMP},
        /* pow2: avg_msg_size<12288 alpha, <524288 beta, else gamma */
        {16, 12287, 4, DN_MPI_SMP},
        {16, 12288, 4, DN_MPI_SMP_BETA}, /* beta's inner bcasts: <=12288 binomial */
        {16, 12289, 4, DN_MPI_SMP_BETA}, /* 4 nodes, 4 a node: both < 8, binomial */
        {16, 12289, 8, DN_MPI_SCATTER_ALLGATHER}, /* nodes of 8: pow2 > 12288 (lines 48-57) */
        {16, 524287, 4, DN_MPI_SMP_BETA},
        {16, 524287, 2, DN_MPI_SCATTER_ALLGATHER}, /* 8 node roots: pow2 > 12288 */
        {16, 524288, 4, DN_MPI_SCATTER_ALLGATHER}, /* gamma; mpir parent pow2 <=524288 (l. 39) */
        {16, 524289, 4, DN_MPI_SCATTER_ALLGATHER_RING},
        /* any other size: <12288 alpha, else gamma: mpir/generic.json
         * comm_hierarchy=parent (lines 66-79) <=12288 binomial, else ring */
        {12, 12287, 4, DN_MPI_SMP},
        {12, 12288, 4, DN_MPI_BINOMIAL},
        {12, 12289, 4, DN_MPI_SCATTER_ALLGATHER_RING},
        {64, 1, 64, DN_MPI_SMP},
        {64, 1048576, 64, DN_MPI_SCATTER_ALLGATHER_RING},
        /* outside the domain */
        {0, 1, 1, -1},
        {4, -1, 1, -1},
        {4, 1, 0, -1},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        int got = dn_mpich40_bcast_rule(c[i].P, c[i].b, c[i].ppn);
        if (got != c[i].want)
            fail_msg("P = %lld, %.17g B, %lld a node: %d, MPICH 4.0.2's %d", (long long)c[i].P,
                     c[i].b, (long long)c[i].ppn, got, c[i].want);
    }
}

/* the rank of virtual rank v's parent, -1 for the root */
static int64_t parent_rank(const char *spec, int64_t r)
{
    dn_tree_model m;
    dn_tree t;
    dn_err e;
    assert_int_equal(dn_tree_model_parse(spec, &m, &e), DN_OK);
    if (dn_tree_init(&t, &m, 0, 0, &e) != DN_OK)
        fail_msg("%s: %s", spec, e.msg);
    int64_t v = (r - m.root_rank + m.ranks) % m.ranks, p = dn_tree_parent(&t, v);
    p = p < 0 ? -1 : dn_tree_rank(&t, p);
    dn_tree_free(&t);
    return p;
}

static void test_smp_trees(void **state)
{
    (void)state;
    /* hand-traced from ch4_coll_impl.h:70 (alpha) and MPIR_Bcast_intra_binomial:
     * 10 ranks, 4 a node: nodes {0-3} {4-7} {8,9}, root 4 (node 1's first):
     * node roots binomial from node 1: 4 -> 0 (mask 2), 4 -> 8 (mask 1);
     * each node from its first rank: 0 -> 2, 0 -> 1, 2 -> 3; 4 -> 6, 4 -> 5,
     * 6 -> 7; 8 -> 9 */
    static const int64_t alpha[10] = {4, 0, 0, 2, -1, 4, 4, 6, 4, 8};
    for (int64_t r = 0; r < 10; r++)
        assert_int_equal(parent_rank("mpich-bcast:10:4@smp:4", r), alpha[r]);
    /* beta (ch4_coll_impl.h:156), 8 ranks, 4 a node, root 1: node 0 from the
     * root (relative ranks 0..3 = 1, 2, 3, 0): 1 -> 3, 1 -> 2, 3 -> 0; node
     * roots 0 -> 4; node 1: 4 -> 6, 4 -> 5, 6 -> 7 */
    static const int64_t beta[8] = {3, -1, 1, 1, 0, 4, 4, 6};
    for (int64_t r = 0; r < 8; r++)
        assert_int_equal(parent_rank("mpich-bcast:8:1@smp_beta:4", r), beta[r]);
    /* the root's children in send order: node roots first, then its node */
    {
        dn_tree_model m;
        dn_tree t;
        dn_err e;
        static const int64_t want[] = {0, 8, 6, 5};
        assert_int_equal(dn_tree_model_parse("mpich-bcast:10:4@smp:4", &m, &e), DN_OK);
        assert_int_equal(dn_tree_init(&t, &m, 0, 0, &e), DN_OK);
        assert_int_equal(dn_tree_num_children(&t, 0), 4);
        for (int64_t i = 0; i < 4; i++)
            assert_int_equal(dn_tree_rank(&t, dn_tree_child(&t, 0, i)), want[i]);
        dn_tree_free(&t);
    }
    /* degenerate compositions are MPICH's plain binomial: all on one node
     * (node_roots_comm of one) and one rank a node (node_comm of one) */
    for (int64_t P = 1; P <= 40; P++)
        for (int64_t root = 0; root < P; root += P > 9 ? 3 : 1)
            for (int64_t r = 0; r < P; r++) {
                char a[64], b[64], c[64];
                snprintf(a, sizeof a, "mpich-bcast:%lld:%lld@binomial", (long long)P,
                         (long long)root);
                snprintf(b, sizeof b, "mpich-bcast:%lld@smp:%lld", (long long)P, (long long)P);
                snprintf(c, sizeof c, "mpich-bcast:%lld:%lld@smp:1", (long long)P,
                         (long long)root);
                int64_t want = parent_rank(a, r);
                if (root == 0) /* one node: a root other than 0 is refused */
                    assert_int_equal(parent_rank(b, r), want);
                assert_int_equal(parent_rank(c, r), want);
            }
}

static void test_refusals(void **state)
{
    (void)state;
    dn_tree_model m;
    dn_tree t;
    dn_err e;
    /* alpha with the root not first on its node sends P messages: no tree */
    assert_int_equal(dn_tree_model_parse("mpich-bcast:8:1@smp:4", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&t, &m, 0, 0, &e), DN_EINVAL);
    assert_non_null(strstr(e.msg, "P messages"));
    assert_non_null(strstr(e.msg, "MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial"));
    /* @smp needs the ranks per node; Open MPI has no @smp */
    assert_int_equal(dn_tree_model_parse("mpich-bcast:8@smp", &m, &e), DN_OK);
    assert_int_equal(dn_tree_init(&t, &m, 0, 0, &e), DN_EINVAL);
    assert_int_equal(dn_tree_model_parse("ompi-bcast:8@smp:4", &m, &e), DN_EINVAL);
}

/* the rankfile header names the composition and, when it is not MPICH's
 * default, says that no setting forces it (no empty environment line) */
static void test_rankfile_header(void **state)
{
    (void)state;
    FILE *f = fopen(tp("@T/h.txt"), "w");
    assert_non_null(f);
    for (int q = 0; q < 64; q++)
        fprintf(f, "%d node%d %d\n", q, q / 4, q % 4);
    fclose(f);
    run_result r = run_dcnet("embed --net fattree:4:3 --tree mpich-bcast:16@smp:4 --bytes 4 "
                             "--map identity --rankfile @T/rf1.txt --hosts @T/h.txt");
    assert_int_equal(r.status, 0);
    run_free(&r);
    char *h = slurp(tp("@T/rf1.txt"));
    assert_non_null(strstr(h, "# algorithm smp:4: MPICH 4.0's default for P = 16 at 4 B with 4 "
                              "ranks a node"));
    free(h);
    r = run_dcnet("embed --net fattree:4:3 --tree mpich-bcast:16@smp:4 --bytes 12288 "
                  "--map identity --rankfile @T/rf2.txt --hosts @T/h.txt");
    assert_int_equal(r.status, 0);
    run_free(&r);
    h = slurp(tp("@T/rf2.txt"));
    assert_non_null(strstr(h, "MPICH 4.0 runs smp_beta:4 by default for P = 16 at 12 KiB"));
    assert_non_null(strstr(h, "MPICH 4.0 has no setting that forces it"));
    assert_null(strstr(h, "run with  in"));
    free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule),
        cmocka_unit_test(test_smp_trees),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_rankfile_header),
    };
    if (getenv("DCNET_TEST_FILTER"))
        cmocka_set_test_filter(getenv("DCNET_TEST_FILTER"));
    return cmocka_run_group_tests_name("mpich", tests, NULL, NULL);
}

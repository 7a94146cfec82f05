/*
 * test_mpich_ppn.c - MPICH's default broadcast selected by the ranks per
 * node (issue 38, --ppn K): mpich-bcast:P[:ROOT] with --ppn is the
 * algorithm dn_mpich40_bcast_rule picks for P, K and --bytes (@smp:K,
 * @smp_beta:K or the binomial), built as if named; without --ppn it stays
 * MPICH's binomial and its why says what MPICH would run and that --ppn
 * selects it. Bad values are refused by name, on every command that takes
 * the trees (tree, embed, simulate, load). The trees themselves are
 * checked against real MPICH runs in tests/test_mpich_run.c.
 */
#include "testutil.h"

#include "dcnet/tree.h"

static run_result ok_run(const char *args)
{
    run_result r = run_dcnet(args);
    if (r.status != 0)
        fail_msg("dcnet %s: exit %d, stderr: %s", args, r.status, r.err);
    return r;
}

static void bad(const char *args, const char *want)
{
    run_result r = run_dcnet(args);
    if (r.status != 2 || strcmp(r.out, "") != 0 || !strstr(r.err, want))
        fail_msg("dcnet %s: exit %d, stdout '%s', stderr '%s'; expected exit 2 and '%s'", args,
                 r.status, r.out, r.err, want);
    run_free(&r);
}

/* The rank of each rank's parent (-1: the root) and the root's children
 * in send order, from the library */
static int build(const char *spec, double bytes, int64_t ppn, int64_t *par, int64_t *rootkids,
                 dn_err *e)
{
    dn_tree_model m;
    dn_tree t;
    assert_int_equal(dn_tree_model_parse(spec, &m, e), DN_OK);
    m.mpi_bytes = bytes;
    m.mpi_ppn = ppn;
    int rc = dn_tree_init(&t, &m, 0, 0, e);
    if (rc)
        return rc;
    for (int64_t v = 0; v < t.nodes; v++) {
        int64_t p = dn_tree_parent(&t, v);
        par[dn_tree_rank(&t, v)] = p < 0 ? -1 : dn_tree_rank(&t, p);
    }
    for (int64_t i = 0; i < dn_tree_num_children(&t, 0) && rootkids; i++)
        rootkids[i] = dn_tree_rank(&t, dn_tree_child(&t, 0, i));
    dn_tree_free(&t);
    return DN_OK;
}

/* With ranks per node the default is the rule's algorithm, built as the
 * one named: every P 1 .. 40, K 1 .. P + 1, sizes on both sides of the
 * rule's bounds, root 0 and the last node's first rank */
static void test_default_is_rule(void **state)
{
    (void)state;
    static const double sizes[] = {4, 12287, 12288, 12289, 524287, 524288, 524289, 1048576};
    int64_t a[64], b[64];
    for (int64_t P = 1; P <= 40; P++)
        for (int64_t K = 1; K <= P + 1; K++)
            for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
                for (int rr = 0; rr < 2; rr++) {
                    const int64_t root = rr ? (P - 1) / K * K : 0;
                    const int want = dn_mpich40_bcast_rule(P, sizes[s], K);
                    char spec[80], named[128];
                    dn_err e;
                    dn_tree_model m;
                    dn_mpi_choice c;
                    snprintf(spec, sizeof spec, "mpich-bcast:%lld:%lld", (long long)P,
                             (long long)root);
                    assert_int_equal(dn_tree_model_parse(spec, &m, &e), DN_OK);
                    m.mpi_bytes = sizes[s];
                    m.mpi_ppn = K;
                    int rc = dn_tree_mpi_choose(&m, &c, &e);
                    if (want == DN_MPI_SCATTER_ALLGATHER || want == DN_MPI_SCATTER_ALLGATHER_RING) {
                        assert_int_equal(rc, DN_EINVAL);
                        assert_non_null(strstr(e.msg, "not a tree"));
                        continue;
                    }
                    assert_int_equal(rc, DN_OK);
                    assert_int_equal(c.alg, want);
                    assert_true(c.is_default);
                    assert_non_null(strstr(c.why, "default for P = "));
                    /* K above P is one node of P */
                    const int64_t k = K < P ? K : P;
                    assert_int_equal(c.k, want == DN_MPI_BINOMIAL ? 0 : k);
                    snprintf(named, sizeof named, "%s@%s", spec, c.name);
                    assert_int_equal(build(spec, sizes[s], K, a, NULL, &e), DN_OK);
                    assert_int_equal(build(named, sizes[s], 0, b, NULL, &e), DN_OK);
                    assert_memory_equal(a, b, (size_t)P * sizeof a[0]);
                }
}

/* Blocks of K with a short last node (hand-traced from ch4_coll_impl.h:70
 * and MPIR_Bcast_intra_binomial): 10 ranks, 4 a node, root 0: the node
 * roots' binomial 0 -> 8 (mask 2), 0 -> 4; each node from its first
 * rank: 0 -> 2, 0 -> 1, 2 -> 3; 4 -> 6, 4 -> 5, 6 -> 7; 8 -> 9 */
static void test_uneven_nodes(void **state)
{
    (void)state;
    int64_t par[10], kids[4];
    dn_err e;
    static const int64_t want[10] = {-1, 0, 0, 2, 0, 4, 4, 6, 0, 8}, wkids[4] = {8, 4, 2, 1};
    assert_int_equal(build("mpich-bcast:10", 4, 4, par, kids, &e), DN_OK);
    assert_memory_equal(par, want, sizeof want);
    assert_memory_equal(kids, wkids, sizeof wkids);
    /* the library's own refusals of a ranks per node outside 1 .. 1024 */
    dn_tree_model m;
    dn_mpi_choice c;
    assert_int_equal(dn_tree_model_parse("mpich-bcast:10", &m, &e), DN_OK);
    m.mpi_ppn = -1;
    assert_int_equal(dn_tree_mpi_choose(&m, &c, &e), DN_ERANGE);
    m.mpi_ppn = DN_MPI_PPN_MAX + 1;
    assert_int_equal(dn_tree_mpi_choose(&m, &c, &e), DN_ERANGE);
    assert_string_equal(e.param, "mpi_ppn");
}

static void test_cli(void **state)
{
    (void)state;
    run_result r = ok_run("tree --tree mpich-bcast:64 --ppn 8 --bytes 4 --json");
    assert_non_null(strstr(r.out, "\"kind\":\"MPICH smp:8 broadcast\""));
    assert_non_null(strstr(r.out, "\"algorithm\":\"smp:8\",\"why\":\"default for P = 64 at 4 B "
                                  "with 8 ranks a node (MPICH 4.0's ch4 composition alpha;"));
    assert_non_null(strstr(r.out, "\"bytes\":4,\"ppn\":8,\"environment\":\"\""));
    run_free(&r);
    r = ok_run("tree --tree mpich-bcast:16 --ppn 4 --bytes 12KiB --json");
    assert_non_null(strstr(r.out, "\"algorithm\":\"smp_beta:4\",\"why\":\"default for P = 16 "
                                  "at 12 KiB with 4 ranks a node (MPICH 4.0's ch4 composition "
                                  "beta;"));
    run_free(&r);
    r = ok_run("tree --tree mpich-bcast:12 --ppn 4 --bytes 12288 --json");
    assert_non_null(strstr(r.out, "\"kind\":\"MPICH binomial broadcast\""));
    assert_non_null(strstr(r.out, "\"why\":\"default for P = 12 at 12 KiB with 4 ranks a node "
                                  "(MPICH 4.0's MPIR_Bcast_intra_binomial on the whole "
                                  "communicator)\""));
    assert_non_null(strstr(r.out, "\"environment\":\"\""));
    run_free(&r);
    /* no ranks per node: the binomial, as before, saying what MPICH would run */
    r = ok_run("tree --tree mpich-bcast:64 --bytes 4 --json");
    assert_non_null(strstr(r.out, "\"algorithm\":\"binomial\",\"why\":\"MPICH's binomial; "
                                  "MPICH 4.0's default at 4 B: binomial at one rank a node; "
                                  "smp:64 on one node (@smp:K); the ranks per node select it "
                                  "(--ppn K)\""));
    assert_non_null(strstr(r.out, "\"ppn\":null"));
    run_free(&r);
    /* the forced binomial with ranks per node: what MPICH runs instead */
    r = ok_run("tree --tree mpich-bcast:64@binomial --ppn 8 --bytes 4 --json");
    assert_non_null(strstr(r.out, "\"why\":\"forced (@binomial); MPICH 4.0 runs smp:8 by "
                                  "default for P = 64 at 4 B with 8 ranks a node\""));
    run_free(&r);
    /* --ppn as @smp's K */
    r = ok_run("tree --tree mpich-bcast:8@smp --ppn 4 --json");
    assert_non_null(strstr(r.out, "\"algorithm\":\"smp:4\""));
    run_free(&r);
    /* embed, simulate and load take it too */
    r = ok_run("embed --net fattree:4:3 --tree mpich-bcast:64 --ppn 8 --bytes 4 --map identity "
               "--json");
    assert_non_null(strstr(r.out, "\"mpi_algorithm\":\"smp:8\",\"mpi_why\":\"default for P = "
                                  "64 at 4 B with 8 ranks a node"));
    run_free(&r);
    r = ok_run("simulate --net ring:8@bw=1GB/s,lat=1us --tree mpich-bcast:8 --ppn 4 --bytes 4 "
               "--map identity --json");
    assert_non_null(strstr(r.out, "\"mpi_algorithm\":\"smp:4\""));
    run_free(&r);
    r = ok_run("load --net ring:16 --tree ompi-bcast:16 --bytes 4KiB --walk 2 --json");
    assert_true(json_num(r.out, "tree_nodes") == 16);
    run_free(&r);
    r = ok_run("load --net ring:8 --tree mpich-bcast:8 --ppn 1 --bytes 4 --walk 2 --json");
    assert_true(json_num(r.out, "tree_nodes") == 8);
    run_free(&r);
    bad("load --net ring:8 --tree mpich-bcast:8 --ppn 4 --bytes 4 --walk 2",
        "the load analysis takes MPI's binomial trees only (MPICH 4.0 runs smp:4");
    /* the rankfile header names the default composition */
    FILE *f = fopen(tp("@T/h.txt"), "w");
    assert_non_null(f);
    for (int q = 0; q < 64; q++)
        fprintf(f, "%d node%d %d\n", q, q / 4, q % 4);
    fclose(f);
    r = ok_run("embed --net fattree:4:3 --tree mpich-bcast:16 --ppn 4 --bytes 4 --map identity "
               "--rankfile @T/rf.txt --hosts @T/h.txt");
    run_free(&r);
    char *h = slurp(tp("@T/rf.txt"));
    assert_non_null(strstr(h, "# algorithm smp:4: MPICH 4.0's default for P = 16 at 4 B with 4 "
                              "ranks a node"));
    free(h);
}

static void test_refusals(void **state)
{
    (void)state;
    bad("tree --tree mpich-bcast:8 --ppn 0", "--ppn (MPI ranks per node) 0 is out of range "
                                             "(accepted: 1..1024)");
    bad("tree --tree mpich-bcast:8 --ppn -2", "--ppn (MPI ranks per node) '-2'");
    bad("tree --tree mpich-bcast:8 --ppn 1025", "out of range (accepted: 1..1024)");
    bad("tree --tree mpich-bcast:8 --ppn 2.5", "--ppn (MPI ranks per node) '2.5'");
    bad("embed --net ring:8 --tree mpich-bcast:8 --map identity --ppn 0", "--ppn");
    bad("simulate --net ring:8 --tree mpich-bcast:8 --map identity --ppn x", "--ppn");
    bad("load --net ring:8 --tree mpich-bcast:8 --walk 2 --ppn 0", "--ppn");
    bad("tree --tree ompi-bcast:8 --ppn 2 --bytes 4",
        "Open MPI 4.1's tuned broadcast does not depend on it: drop it");
    bad("tree --tree binomial:3 --ppn 2", "this tree is no MPI broadcast: drop it");
    bad("embed --net ring:8 --tree binomial:3 --map identity --ppn 2", "drop it");
    bad("tree --tree mpich-bcast:8@smp:4 --ppn 2",
        "mpich-bcast:8@smp:4 runs 4 ranks a node, not the 2 ranks per node given");
    /* the default depends on the size here: give it */
    bad("tree --tree mpich-bcast:10 --ppn 4",
        "MPICH 4.0 picks its broadcast from P, the ranks per node and the message size: give "
        "the size (e.g. 1MiB) or an algorithm (mpich-bcast:10@binomial, @smp:K, @smp_beta:K) "
        "(options --bytes, --tree)");
    bad("tree --tree mpich-bcast:64 --ppn 8 --bytes 1MiB",
        "MPICH 4.0 runs scatter_allgather_ring for P = 64 at 1 MiB with 8 ranks a node: not a "
        "tree");
    bad("tree --tree mpich-bcast:8:2 --ppn 4 --bytes 4",
        "mpich-bcast:8 runs MPICH 4.0's default smp:4: root rank 2 is not the first rank of "
        "its node");
    /* load says --bytes, and takes it */
    bad("load --net ring:13 --tree ompi-bcast:13 --walk 2", "(options --bytes, --tree)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_is_rule),
        cmocka_unit_test(test_uneven_nodes),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_refusals),
    };
    if (getenv("DCNET_TEST_FILTER"))
        cmocka_set_test_filter(getenv("DCNET_TEST_FILTER"));
    return cmocka_run_group_tests_name("mpich_ppn", tests, NULL, NULL);
}

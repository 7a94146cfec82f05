/*
 * test_mpich_run.c - MPICH's broadcast as it really runs (issue 38, the
 * MPICH half of "tested against the libraries"): real MPI_Bcasts of
 * Debian's MPICH 4.0.2 (mpicc.mpich, mpirun.mpich, installed beside Open
 * MPI, which stays mpicc/mpirun), every message seen inside the library by
 * tests/mpich_shim.c (preloaded: it interposes the UCX calls libmpich makes
 * through its PLT), compared sender -> receiver pair by pair AND in each
 * sender's send order with dcnet's tree of the same spec, built by the
 * library: the forced binomial (MPIR_CVAR_DEVICE_COLLECTIVES=none
 * MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial) for several P and roots, and
 * MPICH's default with every rank its own node (MPIR_CVAR_NOLOCAL=1, --ppn
 * 1) and on one node (--ppn P). Where dcnet refuses (scatter + allgather,
 * alpha with the root not first on its node) the run shows why: more than
 * P - 1 messages. Skipped, saying why, without mpicc.mpich and
 * mpirun.mpich. A shim that sees nothing fails every comparison (P - 1
 * sends expected). Prints the comparison table (P, root, algorithm, bytes,
 * pairs matched / total).
 */
#include "testutil.h"

#include "dcnet/tree.h"

#define MAXP 32
#define MAXB 4

static int have_mpich(void)
{
    if (getenv("DCNET_WRAPPER") && *getenv("DCNET_WRAPPER")) {
        print_message("MPICH runs skipped under %s\n", getenv("DCNET_WRAPPER"));
        return 0;
    }
    /* as tests/test_mpi.c on main: the runs are MPICH's; `make check` runs
     * them once, in the release stage */
    if (getenv("DCNET_SKIP_MPI_RUNS") && *getenv("DCNET_SKIP_MPI_RUNS")) {
        print_message("MPICH runs skipped: %s\n", getenv("DCNET_SKIP_MPI_RUNS"));
        return 0;
    }
    if (system("command -v mpicc.mpich >/dev/null 2>&1 && "
               "command -v mpirun.mpich >/dev/null 2>&1") != 0) {
        print_message("mpicc.mpich or mpirun.mpich not found (Debian's mpich and "
                      "libmpich-dev): skipped\n");
        return 0;
    }
    return 1;
}

static void build(void)
{
    static int built;
    if (built)
        return;
    char cmd[1200];
    snprintf(cmd, sizeof cmd,
             "mpicc.mpich -shared -fPIC -o %s tests/mpich_shim.c -ldl && "
             "mpicc.mpich -o %s tests/mpi_bcast.c",
             tp("@T/shim.so"), tp("@T/bcast_mpich"));
    if (system(cmd) != 0)
        fail_msg("%s failed", cmd);
    built = 1;
}

/* What one run's broadcasts did, rank by rank, in call order */
static int nsend[MAXB][MAXP], sdest[MAXB][MAXP][MAXP], nrecv[MAXB][MAXP], rsrc[MAXB][MAXP][MAXP];
static long sbytes[MAXB][MAXP][MAXP];
static int unexpected;

/* Runs mpi_bcast ROOT SIZES... on P ranks of MPICH with the environment
 * `env` (NAME=VALUE ...) and reads what the shim saw */
static void observe(int P, int root, const long *sizes, int ns, const char *env)
{
    char cmd[2000];
    int len = snprintf(cmd, sizeof cmd,
                       "env MPICH_SHIM_OUT=%s %s timeout 60 mpirun.mpich -np %d -env LD_PRELOAD "
                       "%s %s %d",
                       tp("@T/seen"), env, P, tp("@T/shim.so"), tp("@T/bcast_mpich"), root);
    for (int i = 0; i < ns; i++)
        len += snprintf(cmd + len, sizeof cmd - (size_t)len, " %ld", sizes[i]);
    snprintf(cmd + len, sizeof cmd - (size_t)len, " >%s 2>&1", tp("@T/mpich.log"));
    memset(nsend, 0, sizeof nsend);
    memset(nrecv, 0, sizeof nrecv);
    unexpected = 0;
    if (system(cmd) != 0) {
        char *log = slurp(tp("@T/mpich.log"));
        fail_msg("%s failed: %s", cmd, log ? log : "");
    }
    for (int q = 0; q < P; q++) {
        char path[64], *seen;
        snprintf(path, sizeof path, "@T/seen.%d", q);
        seen = slurp(tp(path));
        if (!seen)
            fail_msg("rank %d wrote no %s: the shim was not loaded", q, path);
        for (char *l = seen; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
            int b, r;
            long n;
            if (sscanf(l, "S %d %d %ld", &b, &r, &n) == 3) {
                assert_true(b >= 0 && b < ns && nsend[b][q] < MAXP);
                sbytes[b][q][nsend[b][q]] = n;
                sdest[b][q][nsend[b][q]++] = r;
            } else if (sscanf(l, "R %d %d %ld", &b, &r, &n) == 3) {
                assert_true(b >= 0 && b < ns && nrecv[b][q] < MAXP);
                rsrc[b][q][nrecv[b][q]++] = r;
            } else if (l[0] == 'X') {
                unexpected++;
            } else if (*l != '\n') {
                fail_msg("%s: unreadable line '%.40s'", path, l);
            }
        }
        free(seen);
        unlink(tp(path));
    }
}

static int total_sends(int b, int P)
{
    int n = 0;
    for (int q = 0; q < P; q++)
        n += nsend[b][q];
    return n;
}

/* dcnet's tree of spec at `bytes` with ppn ranks a node (0: not given),
 * built by the library: each rank's parent rank and children in send
 * order; its algorithm's name into alg */
static void expect(const char *spec, long bytes, int64_t ppn, int P, int *parent,
                   int kids[][MAXP], int *nk, char *alg, size_t cap)
{
    for (int r = 0; r < MAXP; r++)
        parent[r] = -1, nk[r] = 0;
    dn_tree_model m;
    dn_tree t;
    dn_err e;
    dn_mpi_choice c;
    assert_int_equal(dn_tree_model_parse(spec, &m, &e), DN_OK);
    m.mpi_bytes = (double)bytes;
    m.mpi_ppn = ppn;
    if (dn_tree_init(&t, &m, 0, 0, &e) != DN_OK)
        fail_msg("%s at %ld B, ppn %lld: %s", spec, bytes, (long long)ppn, e.msg);
    assert_int_equal(dn_tree_mpi_choose(&m, &c, &e), DN_OK);
    snprintf(alg, cap, "%s", c.name);
    assert_int_equal(t.nodes, P);
    for (int64_t v = 0; v < P; v++) {
        const int r = (int)dn_tree_rank(&t, v);
        for (int64_t i = 0; i < dn_tree_num_children(&t, v); i++) {
            const int k = (int)dn_tree_rank(&t, dn_tree_child(&t, v, i));
            kids[r][nk[r]++] = k;
            parent[k] = r;
        }
    }
    dn_tree_free(&t);
}

/* One run of broadcasts, each compared with dcnet's spec at its size:
 * every rank's sends are its children in dcnet's send order, each of the
 * broadcast's size, and it receives once, from its parent (the root never) */
static void compare(const char *spec, int P, int root, const long *sizes, int ns, int64_t ppn,
                    const char *env)
{
    observe(P, root, sizes, ns, env);
    assert_int_equal(unexpected, 0);
    for (int b = 0; b < ns; b++) {
        int parent[MAXP], kids[MAXP][MAXP], nk[MAXP], matched = 0;
        char alg[32];
        expect(spec, sizes[b], ppn, P, parent, kids, nk, alg, sizeof alg);
        assert_int_equal(parent[root], -1);
        for (int q = 0; q < P; q++) {
            if (nsend[b][q] != nk[q])
                fail_msg("MPICH's MPI_Bcast of %ld B on %d ranks from %d (%s): rank %d sent %d "
                         "messages, dcnet's %s (%s) %d", sizes[b], P, root, env, q,
                         nsend[b][q], spec, alg, nk[q]);
            for (int i = 0; i < nk[q]; i++) {
                if (sdest[b][q][i] != kids[q][i])
                    fail_msg("MPICH's MPI_Bcast of %ld B on %d ranks from %d (%s): rank %d's "
                             "send %d went to rank %d, dcnet's %s (%s) sends to %d", sizes[b], P,
                             root, env, q, i + 1, sdest[b][q][i], spec, alg, kids[q][i]);
                assert_int_equal(sbytes[b][q][i], sizes[b]);
            }
            if (nrecv[b][q] != (q != root))
                fail_msg("MPI_Bcast of %ld B on %d ranks from %d: rank %d posted %d receives",
                         sizes[b], P, root, q, nrecv[b][q]);
            if (q != root) {
                if (rsrc[b][q][0] != parent[q])
                    fail_msg("MPI_Bcast of %ld B on %d ranks from %d (%s): rank %d received "
                             "from %d, dcnet's %s (%s) from %d", sizes[b], P, root, env, q,
                             rsrc[b][q][0], spec, alg, parent[q]);
                matched++;
            }
        }
        print_message("  P %2d  root %2d  %-22s %-12s %8ld B  pairs %2d / %2d, order as "
                      "sent\n", P, root, spec, alg, sizes[b], matched, P - 1);
    }
}

static const char forced[] =
    "MPIR_CVAR_DEVICE_COLLECTIVES=none MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial";

/* The binomial forced as dcnet's environment key says, P = 3 .. 16, root 0
 * and another, 4 B and 1 MiB (one message an edge at both) */
static void test_forced_binomial(void **state)
{
    (void)state;
    if (!have_mpich())
        skip();
    build();
    run_result r = run_dcnet("tree --tree mpich-bcast:6:4@binomial --json");
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"environment\":\"MPIR_CVAR_DEVICE_COLLECTIVES=none "
                                  "MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial\""));
    run_free(&r);
    static const int runs[][2] = {{3, 0}, {3, 2},  {6, 0},  {6, 4},  {8, 0},
                                  {8, 5}, {13, 0}, {13, 7}, {16, 0}, {16, 11}};
    static const long sizes[] = {4, 1048576};
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        char spec[48];
        snprintf(spec, sizeof spec, "mpich-bcast:%d:%d@binomial", runs[k][0], runs[k][1]);
        compare(spec, runs[k][0], runs[k][1], sizes, 2, 0, forced);
    }
}

/* MPICH's default with every rank on a node of its own (MPIR_CVAR_NOLOCAL:
 * no node-aware composition, MPIR's rule): dcnet's mpich-bcast:P:ROOT with
 * --ppn 1, which is the binomial below 8 ranks or up to 12288 B; above,
 * scatter + allgather, which dcnet refuses and MPICH shows to be no tree */
static void test_default_one_per_node(void **state)
{
    (void)state;
    if (!have_mpich())
        skip();
    build();
    static const long s6[] = {4, 1048576}, s8[] = {4, 12288}, s13[] = {12288};
    compare("mpich-bcast:6:1", 6, 1, s6, 2, 1, "MPIR_CVAR_NOLOCAL=1");
    compare("mpich-bcast:8:3", 8, 3, s8, 2, 1, "MPIR_CVAR_NOLOCAL=1");
    compare("mpich-bcast:13:12", 13, 12, s13, 1, 1, "MPIR_CVAR_NOLOCAL=1");
    /* 12289 B on 8 ranks: scatter + recursive doubling, refused by name */
    run_result r = run_dcnet("tree --tree mpich-bcast:8:3 --ppn 1 --bytes 12289");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "MPICH 4.0 runs scatter_allgather for P = 8 at 12289 B with "
                                  "1 rank a node: not a tree"));
    run_free(&r);
    static const long big[] = {12289};
    observe(8, 3, big, 1, "MPIR_CVAR_NOLOCAL=1");
    if (total_sends(0, 8) <= 7)
        fail_msg("8 ranks, 12289 B: %d messages, a tree's 7 (scatter + allgather sends more)",
                 total_sends(0, 8));
    print_message("  P  8  root  3  mpich-bcast:8:3 --ppn 1 scatter_allgather %ld B: %d "
                  "messages, not a tree (refused)\n", big[0], total_sends(0, 8));
}

/* MPICH's default on one node (no setting): --ppn P, composition alpha
 * (and beta at 12288 B for a power of two), whose node broadcast from the
 * root, rank 0, is MPICH's binomial; with the root elsewhere alpha sends P
 * messages (the root's data to rank 0 and back): refused */
static void test_default_one_node(void **state)
{
    (void)state;
    if (!have_mpich())
        skip();
    build();
    static const long s8[] = {4, 12288}, s6[] = {4, 1048576};
    compare("mpich-bcast:8:0", 8, 0, s8, 2, 8, "");
    compare("mpich-bcast:6:0", 6, 0, s6, 2, 6, "");
    run_result r = run_dcnet("tree --tree mpich-bcast:6:2 --ppn 6 --bytes 4");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "root rank 2 is not the first rank of its node"));
    assert_non_null(strstr(r.err, "(P messages, not P - 1)"));
    run_free(&r);
    static const long four[] = {4};
    observe(6, 2, four, 1, "");
    assert_int_equal(unexpected, 0);
    assert_int_equal(total_sends(0, 6), 6);
    /* the root's first send to rank 0, then rank 0's binomial over the node
     * as from root 0, the root included (it receives its data back) */
    int parent[MAXP], kids[MAXP][MAXP], nk[MAXP];
    char alg[32];
    expect("mpich-bcast:6:0@binomial", 4, 0, 6, parent, kids, nk, alg, sizeof alg);
    assert_int_equal(sdest[0][2][0], 0);
    for (int q = 0; q < 6; q++) {
        const int extra = q == 2; /* the root's send to 0 comes first */
        assert_int_equal(nsend[0][q], nk[q] + extra);
        for (int i = 0; i < nk[q]; i++)
            assert_int_equal(sdest[0][q][i + extra], kids[q][i]);
        assert_int_equal(nrecv[0][q], 1); /* every rank, the root from 0 too */
        assert_int_equal(rsrc[0][q][0], q == 0 ? 2 : parent[q]);
    }
    print_message("  P  6  root  2  mpich-bcast:6:2 --ppn 6 smp:6 4 B: 6 messages (2 -> 0, "
                  "then 0's binomial, 2 included), not a tree (refused)\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_forced_binomial),
        cmocka_unit_test(test_default_one_per_node),
        cmocka_unit_test(test_default_one_node),
    };
    if (getenv("DCNET_TEST_FILTER"))
        cmocka_set_test_filter(getenv("DCNET_TEST_FILTER"));
    return cmocka_run_group_tests_name("mpich_run", tests, NULL, NULL);
}

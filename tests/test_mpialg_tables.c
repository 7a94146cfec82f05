/*
 * test_mpialg_tables.c - the MPI decision rules as bracket tables (issue 38,
 * item 3): dn_ompi41_bcast_rule and dn_mpich40_bcast_rule were rewritten
 * from if-ladders to tables of {P range, byte range, algorithm} rows with
 * no change of behaviour. The ladders are kept here verbatim as the oracle
 * (copied from src/tree/mpialg.c at commit 848bf7a, before the rewrite), and
 * every bracket boundary is walked: P and bytes at edge - 1, edge, edge + 1
 * (and a half byte either side, the rules take any non-negative size), for
 * every P up to 300 and P around every power of two up to 2^20, and every
 * ranks-per-node value that changes MPICH's hierarchy.
 */
#include "testutil.h"

#include "dcnet/tree.h"

#include <math.h>

/* ------------------------------------------------ the old ladders (oracle) */

static int old_ompi41(int64_t P, double b)
{
    if (P < 1 || !(b >= 0)) /* no ranks, a negative or NaN size: outside the rule's domain */
        return -1;
    if (P < 4) {
        if (b < 32) return DN_MPI_PIPELINE;
        if (b < 256) return DN_MPI_BINTREE;
        if (b < 512) return DN_MPI_PIPELINE;
        if (b < 1024) return DN_MPI_KNOMIAL;
        if (b < 32768) return DN_MPI_LINEAR;
        if (b < 131072) return DN_MPI_BINTREE;
        if (b < 262144) return DN_MPI_CHAIN;
        if (b < 524288) return DN_MPI_LINEAR;
        if (b < 1048576) return DN_MPI_BINOMIAL;
        return DN_MPI_BINTREE;
    }
    if (P < 8) {
        if (b < 64) return DN_MPI_BINTREE;
        if (b < 128) return DN_MPI_BINOMIAL;
        if (b < 2048) return DN_MPI_BINTREE;
        if (b < 8192) return DN_MPI_BINOMIAL;
        if (b < 1048576) return DN_MPI_LINEAR;
        return DN_MPI_CHAIN;
    }
    if (P < 16) {
        if (b < 8) return DN_MPI_KNOMIAL;
        if (b < 64) return DN_MPI_BINTREE;
        if (b < 4096) return DN_MPI_KNOMIAL;
        if (b < 16384) return DN_MPI_BINTREE;
        if (b < 32768) return DN_MPI_BINOMIAL;
        return DN_MPI_LINEAR;
    }
    if (P < 32) {
        if (b < 4096) return DN_MPI_KNOMIAL;
        if (b < 1048576) return DN_MPI_BINOMIAL;
        return DN_MPI_SCATTER_ALLGATHER;
    }
    if (P < 64)
        return b < 2048 ? DN_MPI_BINOMIAL : DN_MPI_KNOMIAL;
    if (P < 128)
        return DN_MPI_KNOMIAL;
    if (P < 256) {
        if (b < 2) return DN_MPI_BINOMIAL;
        if (b < 16384) return DN_MPI_BINTREE;
        if (b < 32768) return DN_MPI_LINEAR;
        if (b < 65536) return DN_MPI_BINTREE;
        return DN_MPI_KNOMIAL;
    }
    if (P < 1024)
        return b < 16384 || b >= 32768 ? DN_MPI_KNOMIAL : DN_MPI_SPLIT_BINTREE;
    if (P < 2048)
        return b < 524288 ? DN_MPI_KNOMIAL : DN_MPI_SCATTER_ALLGATHER;
    if (P < 4096)
        return b < 262144 ? DN_MPI_KNOMIAL : DN_MPI_SCATTER_ALLGATHER;
    if (b < 8192) return DN_MPI_KNOMIAL;
    if (b < 16384) return DN_MPI_BINTREE;
    if (b < 262144) return DN_MPI_KNOMIAL;
    return DN_MPI_SCATTER_ALLGATHER;
}

/* MPICH 4.0.2's MPIR-level selection (maint/tuning/coll/mpir/generic.json,
 * "collective=bcast", lines 2-75 at tag v4.0.2) for a communicator of n
 * ranks that is not a node-aware parent (comm_hierarchy=any): binomial
 * below 8 ranks ("comm_size<8"), else at most 12288 B
 * ("avg_msg_size<=12288"); a power of two ("comm_size=pow2") runs scatter +
 * recursive-doubling allgather up to 524288 B; everything else the ring
 * allgather. */
static int old_mpir_any(int64_t n, double b)
{
    if (n < 8 || b <= 12288)
        return DN_MPI_BINOMIAL;
    if ((n & (n - 1)) == 0 && b <= 524288)
        return DN_MPI_SCATTER_ALLGATHER;
    return DN_MPI_SCATTER_ALLGATHER_RING;
}

static int old_mpich40(int64_t P, double b, int64_t ppn)
{
    if (P < 1 || ppn < 1 || !(b >= 0))
        return -1;
    /* src/mpi/comm/commutil.c:595-652 (v4.0.2): a communicator is a
     * hierarchy "parent" (node_comm, node_roots_comm) unless every rank is
     * alone on its node (num_external == size); blocks of ppn > 1 ranks
     * put two on node 0 as soon as P > 1 */
    const int parent = ppn > 1 && P > 1;
    const int pow2 = (P & (P - 1)) == 0;
    if (!parent) /* ch4/generic.json lines 42-45: composition gamma, MPIR's rule */
        return old_mpir_any(P, b);
    /* ch4/generic.json lines 6-41 (comm_hierarchy=parent):
     * comm_size<8: alpha; pow2: avg_msg_size<12288 alpha, <524288 beta,
     * else gamma; any other size: <12288 alpha, else gamma */
    if (P < 8 || b < 12288)
        return DN_MPI_SMP; /* alpha's inner bcasts (on < 12288 B) are binomials */
    if (pow2 && b < 524288) {
        /* beta (ch4_coll_impl.h:156): MPIR's rule on the node roots' and
         * on each node's communicator (comm_hierarchy=any there) */
        const int64_t N = (P + ppn - 1) / ppn, last = P - (N - 1) * ppn;
        int a = old_mpir_any(N, b);
        if (a == DN_MPI_BINOMIAL)
            a = old_mpir_any(ppn < P ? ppn : P, b);
        if (a == DN_MPI_BINOMIAL)
            a = old_mpir_any(last, b);
        return a == DN_MPI_BINOMIAL ? DN_MPI_SMP_BETA : a;
    }
    /* gamma (ch4_coll_impl.h:201) on a parent communicator: mpir/generic.json
     * comm_hierarchy=parent: avg_msg_size<=0 MPIR_Bcast_intra_smp (never
     * here: gamma needs >= 12288 B), <=12288 binomial, pow2 <=524288
     * scatter + recursive doubling, else the ring */
    return old_mpir_any(P, b);
}

/* ------------------------------------------------------------- the walk */

/* every size bound either rule has, in bytes */
static const double edges[] = {0,     1,     2,      8,      32,     64,     128,
                               256,   512,   1024,   2048,   4096,   8192,   12288,
                               16384, 32768, 65536,  131072, 262144, 524288, 1048576};

static int sizes(double *out)
{
    int n = 0;
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
        for (double d = -1; d <= 1; d += 0.5)
            if (edges[i] + d >= 0)
                out[n++] = edges[i] + d;
    out[n++] = 1e18;
    return n;
}

static int ranks(int64_t *out)
{
    int n = 0;
    for (int64_t P = 0; P <= 300; P++)
        out[n++] = P;
    for (int k = 9; k <= 20; k++)
        for (int64_t d = -1; d <= 1; d++)
            out[n++] = ((int64_t)1 << k) + d;
    out[n++] = (int64_t)1 << 40;
    out[n++] = ((int64_t)1 << 40) + 3;
    return n;
}

static void test_ompi_table(void **state)
{
    (void)state;
    double b[200];
    int64_t P[400];
    const int nb = sizes(b), np = ranks(P);
    long checked = 0;
    for (int i = 0; i < np; i++)
        for (int j = 0; j < nb; j++) {
            const int want = old_ompi41(P[i], b[j]), got = dn_ompi41_bcast_rule(P[i], b[j]);
            if (got != want)
                fail_msg("Open MPI 4.1 rule, P = %lld, %.17g B: table %d, ladder %d",
                         (long long)P[i], b[j], got, want);
            checked++;
        }
    assert_int_equal(dn_ompi41_bcast_rule(8, -1), old_ompi41(8, -1));
    assert_int_equal(dn_ompi41_bcast_rule(8, NAN), old_ompi41(8, NAN));
    assert_int_equal(dn_ompi41_bcast_rule(-3, 4), old_ompi41(-3, 4));
    print_message("Open MPI 4.1: %ld (P, bytes) pairs agree\n", checked);
}

static void test_mpich_table(void **state)
{
    (void)state;
    double b[200];
    int64_t P[400];
    const int nb = sizes(b), np = ranks(P);
    long checked = 0;
    for (int i = 0; i < np; i++) {
        /* ranks per node: none on a node of its own, every value below 18
         * (nodes of 7, 8, 9 and 15, 16, 17: the rule's 8 on node roots and
         * nodes), P's neighbours (one node, and one rank off), beyond P */
        int64_t K[40];
        int nk = 0;
        for (int64_t k = 0; k <= 17; k++)
            K[nk++] = k;
        for (int64_t d = -1; d <= 1; d++)
            if (P[i] + d > 17)
                K[nk++] = P[i] + d;
        K[nk++] = P[i] / 8;
        K[nk++] = P[i] / 8 + 1;
        K[nk++] = -1;
        for (int k = 0; k < nk; k++)
            for (int j = 0; j < nb; j++) {
                const int want = old_mpich40(P[i], b[j], K[k]);
                const int got = dn_mpich40_bcast_rule(P[i], b[j], K[k]);
                if (got != want)
                    fail_msg("MPICH 4.0 rule, P = %lld, %.17g B, %lld a node: table %d, "
                             "ladder %d", (long long)P[i], b[j], (long long)K[k], got, want);
                checked++;
            }
    }
    assert_int_equal(dn_mpich40_bcast_rule(8, NAN, 2), old_mpich40(8, NAN, 2));
    print_message("MPICH 4.0: %ld (P, bytes, ppn) triples agree\n", checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ompi_table),
        cmocka_unit_test(test_mpich_table),
    };
    if (getenv("DCNET_TEST_FILTER"))
        cmocka_set_test_filter(getenv("DCNET_TEST_FILTER"));
    return cmocka_run_group_tests_name("mpialg_tables", tests, NULL, NULL);
}

/* test_base.c - status strings, checked arithmetic, strict parsing, and
 * known-answer tests of the RNG against the published reference outputs. */
#include "testutil.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dcnet/analysis.h"
#include "dcnet/balance.h"
#include "dcnet/base.h"
#include "dcnet/embed.h"
#include "dcnet/metric.h"
#include "dcnet/net.h"
#include "dcnet/place.h"
#include "dcnet/route.h"
#include "dcnet/runtime.h"
#include "dcnet/sim.h"
#include "dcnet/tree.h"

#include <math.h>

static void test_strerror(void **state)
{
    (void)state;
    assert_string_equal(dn_strerror(DN_OK), "success");
    assert_string_equal(dn_strerror(DN_ERANGE), "value out of supported range");
    assert_string_equal(dn_strerror(9999), "unknown status");
}

/* dn_fail_param records the parameter a failure is about; dn_fail clears
 * it, so that a reused dn_err never names a parameter of an earlier call */
static void test_fail_param(void **state)
{
    dn_err e;
    (void)state;
    memset(&e, 0x5a, sizeof e);
    assert_int_equal(dn_fail_param(&e, DN_ELIMIT, "mem_limit", "over %d", 8), DN_ELIMIT);
    assert_string_equal(e.msg, "over 8");
    assert_string_equal(e.param, "mem_limit");
    assert_int_equal(dn_fail(&e, DN_EINVAL, "bad"), DN_EINVAL);
    assert_null(e.param);
    assert_int_equal(dn_fail_param(NULL, DN_ERANGE, "max_nodes", "x"), DN_ERANGE);
}

/* Every public enum's name/parse pair (issue 30, item 6), through one
 * table: each value from `lo` to `hi` has a name, the name parses back to
 * the value, the names are distinct, the values just outside the range
 * have none, and an unknown name, an empty one, NULL and a capitalised
 * name are refused with DN_ENOTFOUND, *out untouched (dn_ddb_tree_parse,
 * one of the two older parses that take a dn_err, says DN_EINVAL). */
#define ENUM_THUNKS(T)                                                                       \
    static const char *T##_nm(int v) { return dn_##T##_name((dn_##T)v); }                    \
    static int T##_ps(const char *s, int *out)                                               \
    {                                                                                        \
        dn_##T v = (dn_##T)*out;                                                             \
        int rc = dn_##T##_parse(s, &v);                                                      \
        *out = (int)v;                                                                       \
        return rc;                                                                           \
    }
ENUM_THUNKS(quantity)
ENUM_THUNKS(routes)
ENUM_THUNKS(weights)
ENUM_THUNKS(dc_order)
ENUM_THUNKS(scotch_target)
ENUM_THUNKS(scotch_part)
ENUM_THUNKS(growing_centre)
ENUM_THUNKS(contention_mode)
ENUM_THUNKS(net_routing)
ENUM_THUNKS(net_layout_kind)
ENUM_THUNKS(graph_format)
ENUM_THUNKS(place_format)
ENUM_THUNKS(router_kind)
ENUM_THUNKS(route_algo)
ENUM_THUNKS(backend)
ENUM_THUNKS(stage)
ENUM_THUNKS(switching)
ENUM_THUNKS(tree_format)
ENUM_THUNKS(bal_algo)
ENUM_THUNKS(walk)
/* the two older parses take a dn_err */
static const char *ddb_tree_nm(int v) { return dn_ddb_tree_name((dn_ddb_tree)v); }
static int ddb_tree_ps(const char *s, int *out)
{
    dn_ddb_tree v = (dn_ddb_tree)*out;
    dn_err e;
    int rc = s ? dn_ddb_tree_parse(s, &v, &e) : DN_ENOTFOUND;
    *out = (int)v;
    return rc == DN_EINVAL ? DN_ENOTFOUND : rc;
}
static const char *walk_policy_nm(int v) { return dn_walk_policy_name((dn_walk_policy)v); }
static int walk_policy_ps(const char *s, int *out)
{
    dn_walk_policy v = (dn_walk_policy)*out;
    dn_err e;
    int rc = s ? dn_walk_policy_parse(s, &v, &e) : DN_ENOTFOUND;
    *out = (int)v;
    return rc;
}

static void test_enum_names(void **state)
{
    static const struct {
        const char *what;
        const char *(*name)(int);
        int (*parse)(const char *, int *);
        int lo, hi;
    } E[] = {
        {"quantity", quantity_nm, quantity_ps, DN_Q_BANDWIDTH, DN_Q_SIZE},
        {"routes", routes_nm, routes_ps, DN_ROUTES_MAPPING, DN_ROUTES_MINIMAL},
        {"weights", weights_nm, weights_ps, DN_WEIGHTS_UNIFORM, DN_WEIGHTS_GIVEN},
        {"dc_order", dc_order_nm, dc_order_ps, DN_ORDER_DEFAULT, DN_ORDER_DESC},
        {"scotch_target", scotch_target_nm, scotch_target_ps, DN_SCOTCH_AUTO, DN_SCOTCH_NATIVE},
        {"scotch_part", scotch_part_nm, scotch_part_ps, DN_SCOTCH_PART_COMPACT,
         DN_SCOTCH_PART_WHOLE},
        {"growing_centre", growing_centre_nm, growing_centre_ps, DN_CENTRE_FIXED,
         DN_CENTRE_NEAREST},
        {"contention_mode", contention_mode_nm, contention_mode_ps, DN_CONTENTION_PHASE,
         DN_CONTENTION_TIMED},
        {"net_routing", net_routing_nm, net_routing_ps, DN_NET_ROUTING_NONE,
         DN_NET_ROUTING_MINIMAL},
        {"net_layout_kind", net_layout_kind_nm, net_layout_kind_ps, DN_NET_LAYOUT_NONE,
         DN_NET_LAYOUT_HEAP},
        {"graph_format", graph_format_nm, graph_format_ps, DN_FMT_EDGELIST, DN_FMT_DOT},
        {"place_format", place_format_nm, place_format_ps, DN_PLACE_LIST, DN_PLACE_CSV},
        {"router_kind", router_kind_nm, router_kind_ps, DN_ROUTER_SHORTEST, DN_ROUTER_MINIMAL},
        {"route_algo", route_algo_nm, route_algo_ps, DN_ALGO_BFS, DN_ALGO_MINIMAL},
        {"backend", backend_nm, backend_ps, DN_BACKEND_THREADS, DN_BACKEND_MPI},
        {"stage", stage_nm, stage_ps, DN_STAGE_DIVIDE, DN_STAGE_BOTH},
        {"switching", switching_nm, switching_ps, DN_SW_SAF, DN_SW_CIRCUIT},
        {"tree_format", tree_format_nm, tree_format_ps, DN_TREE_FMT_CSV, DN_TREE_FMT_GRF},
        {"bal_algo", bal_algo_nm, bal_algo_ps, DN_BAL_SPANNING, DN_BAL_NALGO - 1},
        {"walk", walk_nm, walk_ps, DN_WALK_CANONICAL, DN_WALK_COUNT - 1},
        {"ddb_tree", ddb_tree_nm, ddb_tree_ps, DN_DDB_UP0, DN_DDB_DOWN1},
        {"walk_policy", walk_policy_nm, walk_policy_ps, DN_POLICY_AUTO, DN_POLICY_STEAL},
    };
    (void)state;
    /* every typedef'd enum of the headers is in the table (22) */
    assert_int_equal(sizeof E / sizeof E[0], 22);
    for (size_t i = 0; i < sizeof E / sizeof E[0]; i++) {
        for (int v = E[i].lo; v <= E[i].hi; v++) {
            const char *n = E[i].name(v);
            if (!n)
                fail_msg("%s: value %d has no name", E[i].what, v);
            int back = -12345;
            if (E[i].parse(n, &back) != DN_OK || back != v)
                fail_msg("%s: '%s' parses to %d, not %d", E[i].what, n, back, v);
            for (int w = E[i].lo; w < v; w++)
                if (strcmp(E[i].name(w), n) == 0)
                    fail_msg("%s: %d and %d are both '%s'", E[i].what, w, v, n);
        }
        assert_null(E[i].name(E[i].lo - 1));
        assert_null(E[i].name(E[i].hi + 1));
        const char *bad[] = {"no-such-name", "", NULL};
        for (int b = 0; b < 3; b++) {
            int out = -777;
            if (E[i].parse(bad[b], &out) != DN_ENOTFOUND || out != -777)
                fail_msg("%s: '%s' was not refused", E[i].what, bad[b] ? bad[b] : "(null)");
        }
        /* a name is matched whole and exactly */
        char upper[64];
        snprintf(upper, sizeof upper, "%s", E[i].name(E[i].hi));
        upper[0] = (char)(upper[0] - 'a' + 'A');
        int out = -777;
        assert_int_equal(E[i].parse(upper, &out), DN_ENOTFOUND);
    }
}

static void test_checked_arith(void **state)
{
    int64_t r = 0;
    (void)state;
    assert_int_equal(dn_mul_ovf(INT64_MAX / 2, 2, &r), 0);
    assert_int_equal(r, INT64_MAX - 1);
    assert_int_equal(dn_mul_ovf(INT64_MAX / 2 + 1, 2, &r), 1);
    assert_int_equal(dn_add_ovf(INT64_MAX, 1, &r), 1);
    assert_int_equal(dn_pow_ovf(2, 62, &r), 0);
    assert_int_equal(r, (int64_t)1 << 62);
    assert_int_equal(dn_pow_ovf(2, 63, &r), 1);
    assert_int_equal(dn_pow_ovf(36, 12, &r), 0);
    assert_int_equal(dn_pow_ovf(36, 13, &r), 1); /* 36^13 > 2^63 */
}

static void test_parse(void **state)
{
    int64_t v;
    double d;
    dn_err e;
    (void)state;
    assert_int_equal(dn_parse_i64("42", 0, 100, "x", &v, &e), DN_OK);
    assert_int_equal(v, 42);
    assert_int_equal(dn_parse_i64("101", 0, 100, "x", &v, &e), DN_ERANGE);
    assert_non_null(strstr(e.msg, "0..100"));
    assert_int_equal(dn_parse_i64("-1", 0, 100, "x", &v, &e), DN_EINVAL);
    assert_int_equal(dn_parse_i64("4x", 0, 100, "x", &v, &e), DN_EINVAL);
    assert_int_equal(dn_parse_i64("", 0, 100, "x", &v, &e), DN_EINVAL);
    assert_int_equal(dn_parse_i64(" 4", 0, 100, "x", &v, &e), DN_EINVAL);
    assert_int_equal(dn_parse_i64("99999999999999999999999", 0, INT64_MAX, "x", &v, &e),
                     DN_ERANGE);
    assert_int_equal(dn_parse_double("0.5", 0, 1, "p", &d, &e), DN_OK);
    assert_true(d == 0.5);
    assert_int_equal(dn_parse_double("nan", 0, 1, "p", &d, &e), DN_EINVAL);
    assert_int_equal(dn_parse_double("1e999", 0, 1, "p", &d, &e), DN_EINVAL);
    /* whitespace either side is refused alike (strtod would skip a leading one) */
    assert_int_equal(dn_parse_double(" 1", 0, 2, "p", &d, &e), DN_EINVAL);
    assert_int_equal(dn_parse_double("1 ", 0, 2, "p", &d, &e), DN_EINVAL);
    assert_int_equal(dn_parse_double("2", 0, 1, "p", &d, &e), DN_ERANGE);
}

/* Quantities (issue 29 item 2): every unit against its value written out
 * here, the exactness of decimal units (one rounding: "3us" is 3e-6, not
 * 3 * 1e-6), and every refusal with its reason. */
static void test_quantities(void **state)
{
    (void)state;
    static const struct {
        const char *s;
        dn_quantity q;
        double v;
    } ok[] = {
        {"1B/s", DN_Q_BANDWIDTH, 1},          {"1kB/s", DN_Q_BANDWIDTH, 1000},
        {"1KB/s", DN_Q_BANDWIDTH, 1000},      {"1MB/s", DN_Q_BANDWIDTH, 1e6},
        {"1GB/s", DN_Q_BANDWIDTH, 1e9},       {"1TB/s", DN_Q_BANDWIDTH, 1e12},
        {"1KiB/s", DN_Q_BANDWIDTH, 1024},     {"1MiB/s", DN_Q_BANDWIDTH, 1048576},
        {"1GiB/s", DN_Q_BANDWIDTH, 1073741824.0}, {"1Mb/s", DN_Q_BANDWIDTH, 125000},
        {"1Gb/s", DN_Q_BANDWIDTH, 125000000}, {"10GB/s", DN_Q_BANDWIDTH, 1e10},
        {"100Gb/s", DN_Q_BANDWIDTH, 12.5e9},  {"2.5e9", DN_Q_BANDWIDTH, 2.5e9},
        {"0.5KiB/s", DN_Q_BANDWIDTH, 512},    {"1s", DN_Q_TIME, 1},
        {"1ms", DN_Q_TIME, 1e-3},             {"1us", DN_Q_TIME, 1e-6},
        {"1ns", DN_Q_TIME, 1e-9},             {"0.1ms", DN_Q_TIME, 1e-4},
        {"7ns", DN_Q_TIME, 7e-9},             {"1e3ms", DN_Q_TIME, 1},
        {"1.5e-3s", DN_Q_TIME, 1.5e-3},       {"0", DN_Q_TIME, 0},
        {".5", DN_Q_TIME, 0.5},               {"1B", DN_Q_SIZE, 1},
        {"1kB", DN_Q_SIZE, 1000},             {"1KB", DN_Q_SIZE, 1000},
        {"1MB", DN_Q_SIZE, 1e6},              {"1GB", DN_Q_SIZE, 1e9},
        {"1KiB", DN_Q_SIZE, 1024},            {"1MiB", DN_Q_SIZE, 1048576},
        {"1GiB", DN_Q_SIZE, 1073741824.0},    {"4096", DN_Q_SIZE, 4096},
        {"1.5MiB", DN_Q_SIZE, 1572864},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        double v = -1;
        int given = -1;
        dn_err e;
        if (dn_parse_quantity(ok[i].s, ok[i].q, 0, 1e300, "x", &v, &given, &e) != DN_OK)
            fail_msg("'%s': %s", ok[i].s, e.msg);
        if (v != ok[i].v)
            fail_msg("'%s' read as %.17g, not %.17g", ok[i].s, v, ok[i].v);
        assert_int_equal(given, ok[i].s[strlen(ok[i].s) - 1] > '9');
    }
    /* decimal units round once: k us and k ns are the doubles nearest
     * k 10^-6 and k 10^-9 (3 * 1e-6 is not 3e-6) */
    for (int k = 1; k < 2000; k += 7) {
        char a[32], b[32];
        double x, y;
        snprintf(a, sizeof a, "%dus", k);
        snprintf(b, sizeof b, "%de-6", k);
        assert_int_equal(dn_parse_quantity(a, DN_Q_TIME, 0, 1, "t", &x, NULL, NULL), DN_OK);
        assert_true(x == strtod(b, NULL));
        snprintf(a, sizeof a, "%d.%dns", k, k % 10);
        snprintf(b, sizeof b, "%d.%de-9", k, k % 10);
        assert_int_equal(dn_parse_quantity(a, DN_Q_TIME, 0, 1, "t", &x, NULL, NULL), DN_OK);
        y = strtod(b, NULL);
        assert_true(x == y);
    }
    static const struct {
        const char *s;
        dn_quantity q;
        int rc;
        const char *msg;
    } bad[] = {
        {"10gb", DN_Q_SIZE, DN_EINVAL, "the unit 'gb' is ambiguous (case tells bytes B from bits "
                                       "b, M from m): write GB (10^9 bytes)"},
        {"5mb/s", DN_Q_BANDWIDTH, DN_EINVAL, "write MB/s (10^6 bytes per second) or Mb/s (10^6 "
                                             "bits per second)"},
        {"1Kb/s", DN_Q_BANDWIDTH, DN_EINVAL, "write kB/s (10^3 bytes per second) or KB/s"},
        {"1mb", DN_Q_SIZE, DN_EINVAL, "'mb' is ambiguous"},
        {"1MS", DN_Q_TIME, DN_EINVAL, "write ms (10^-3 seconds)"},
        {"10 GB/s", DN_Q_BANDWIDTH, DN_EINVAL, "with no space"},
        {"10ms", DN_Q_BANDWIDTH, DN_EINVAL, "'ms' is a unit of time, not of bandwidth"},
        {"1MB/s", DN_Q_SIZE, DN_EINVAL, "'MB/s' is a unit of bandwidth, not of size"},
        {"1MB", DN_Q_TIME, DN_EINVAL, "'MB' is a unit of size, not of time"},
        {"3Gbps", DN_Q_BANDWIDTH, DN_EINVAL, "unknown unit 'Gbps' (accepted: B/s, kB/s (or "
                                             "KB/s), MB/s, GB/s, TB/s (decimal), KiB/s, MiB/s, "
                                             "GiB/s (binary), Mb/s, Gb/s (bits); a bare number "
                                             "is bytes per second)"},
        {"2e", DN_Q_SIZE, DN_EINVAL, "unknown unit 'e'"},
        {"1TB", DN_Q_SIZE, DN_EINVAL, "unknown unit 'TB'"},
        {"-1s", DN_Q_TIME, DN_EINVAL, "'-1s' is not a decimal number with an optional unit"},
        {"+1", DN_Q_TIME, DN_EINVAL, "not a decimal number"},
        {"0x10", DN_Q_SIZE, DN_EINVAL, "unknown unit 'x10'"},
        {"inf", DN_Q_SIZE, DN_EINVAL, "not a decimal number"},
        {"nan", DN_Q_TIME, DN_EINVAL, "not a decimal number"},
        {"", DN_Q_TIME, DN_EINVAL, "not a decimal number"},
        {".", DN_Q_TIME, DN_EINVAL, "not a decimal number"},
        {"s", DN_Q_TIME, DN_EINVAL, "not a decimal number"},
        {"1e999GB/s", DN_Q_BANDWIDTH, DN_EINVAL, "is not a finite number"},
        {"1e308TB/s", DN_Q_BANDWIDTH, DN_EINVAL, "is not a finite number"},
        {"3s", DN_Q_TIME, DN_ERANGE, "x 3s is out of range (accepted: 1..2 s)"},
        {"1kB", DN_Q_SIZE, DN_ERANGE, "(accepted: 1..2 B)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        double v = 42;
        dn_err e;
        int rc = dn_parse_quantity(bad[i].s, bad[i].q, 1, 2, "x", &v, NULL, &e);
        if (rc != bad[i].rc || !strstr(e.msg, bad[i].msg) || v != 42)
            fail_msg("'%s': status %d, message '%s'; expected %d and '%s'", bad[i].s, rc, e.msg,
                     bad[i].rc, bad[i].msg);
    }
}

/* SplitMix64 from state 0 (Steele, Lea & Flood 2014; Vigna's reference). */
static void test_splitmix_known_answers(void **state)
{
    uint64_t s = 0;
    (void)state;
    assert_true(dn_splitmix64(&s) == 0xe220a8397b1dcdafULL);
    assert_true(dn_splitmix64(&s) == 0x6e789e6aa1b965f4ULL);
    assert_true(dn_splitmix64(&s) == 0x06c45d188009454fULL);
}

/* xoshiro256** from state {1, 2, 3, 4}: the reference outputs (as pinned
 * by independent implementations, e.g. rand_xoshiro's test vectors). */
static void test_xoshiro_known_answers(void **state)
{
    static const uint64_t expect[] = {
        11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL, 1216172134540287360ULL,
        607988272756665600ULL, 16172922978634559625ULL, 8476171486693032832ULL,
        10595114339597558777ULL, 2904607092377533576ULL,
    };
    dn_rng r = {{1, 2, 3, 4}};
    (void)state;
    for (int i = 0; i < 10; i++)
        assert_true(dn_rng_next(&r) == expect[i]);
}

/* dn_rng_below: unbiased, so a chi-square over 7 buckets with 70000 draws
 * stays under the 0.999 quantile (22.46 for 6 degrees of freedom); the seed
 * is fixed, so the test is deterministic. */
static void test_below_uniform(void **state)
{
    dn_rng r;
    int64_t count[7] = {0};
    double chi = 0;
    (void)state;
    dn_rng_seed(&r, 12345);
    for (int i = 0; i < 70000; i++) {
        uint64_t x = dn_rng_below(&r, 7);
        assert_true(x < 7);
        count[x]++;
    }
    for (int k = 0; k < 7; k++)
        chi += (double)(count[k] - 10000) * (double)(count[k] - 10000) / 10000.0;
    assert_true(chi < 22.46);
    assert_true(dn_rng_below(&r, 1) == 0);
}

static void test_double_and_streams(void **state)
{
    dn_rng a, b, c;
    double sum = 0;
    (void)state;
    dn_rng_seed(&a, 7);
    for (int i = 0; i < 100000; i++) {
        double u = dn_rng_double(&a);
        assert_true(u >= 0 && u < 1);
        sum += u;
    }
    assert_true(fabs(sum / 100000 - 0.5) < 0.005); /* 5.5 sigma */
    dn_rng_stream(&a, 99, 0);
    dn_rng_stream(&b, 99, 0);
    dn_rng_stream(&c, 99, 1);
    for (int i = 0; i < 10; i++) {
        uint64_t x = dn_rng_next(&a);
        assert_true(x == dn_rng_next(&b));
        assert_true(x != dn_rng_next(&c));
    }
}

/* The library's version is the headers' (the program is linked with the
 * library it was compiled against), its string spells the three numbers,
 * and the number orders them. */
static void test_version(void **state)
{
    (void)state;
    int num = -1;
    const char *v = dn_version(&num);
    char want[64];
    snprintf(want, sizeof want, "%d.%d.%d", DN_VERSION_MAJOR, DN_VERSION_MINOR,
             DN_VERSION_PATCH);
    assert_string_equal(v, want);
    assert_string_equal(v, DN_VERSION);
    assert_int_equal(num, DN_VERSION_MAJOR * 10000 + DN_VERSION_MINOR * 100 + DN_VERSION_PATCH);
    assert_ptr_equal(dn_version(NULL), v);
}

/* DN_ASSERT (src/base/dn_assert.h) is live in the debug builds (ASan,
 * TSan, fuzzing: DN_DEBUG): a broken invariant names itself on stderr and
 * traps. Here dn_rng_below is given a bound of 0, which its callers never
 * pass; a child process takes the trap. Skipped in the release build,
 * where the check is compiled out. */
static void test_invariants(void **state)
{
    (void)state;
#ifdef DN_DEBUG
    int pfd[2];
    assert_int_equal(pipe(pfd), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) { /* (cmocka's own handlers would catch the trap) */
        signal(SIGILL, SIG_DFL);
        signal(SIGTRAP, SIG_DFL);
        dup2(pfd[1], 2);
        dn_rng r;
        dn_rng_seed(&r, 1);
        (void)dn_rng_below(&r, 0);
        _exit(0);
    }
    close(pfd[1]);
    char buf[512] = "";
    ssize_t n = read(pfd[0], buf, sizeof buf - 1);
    buf[n > 0 ? n : 0] = '\0';
    close(pfd[0]);
    int st;
    assert_int_equal(waitpid(pid, &st, 0), pid);
    assert_true(WIFSIGNALED(st));
    assert_non_null(strstr(buf, "internal invariant broken: bound >= 1"));
#else
    skip();
#endif
}

/* dn_pool: one pool runs many loops (a walk's steps), each the same as a
 * plain loop whatever the thread count; a failing chunk's status comes
 * back and stops the loop; NULL is a pool of one thread; the progress
 * counter sums every worker's share and reports from worker 0 only. */
typedef struct sq_ctx {
    int64_t *out, fail_at;
    int round;
    dn_progress_counter *pc;
} sq_ctx;

static int sq_range(void *p, int64_t b, int64_t e, int tid)
{
    sq_ctx *c = p;
    for (int64_t i = b; i < e; i++) {
        if (i == c->fail_at)
            return DN_ERANGE;
        c->out[i] = i * i + c->round;
    }
    if (c->pc)
        dn_progress_add(c->pc, e - b, tid);
    return 0;
}

static double last_fraction;
static int reported_elsewhere;
static pthread_t caller;
static void note_fraction(void *ctx, double f)
{
    (void)ctx;
    last_fraction = f;
    reported_elsewhere |= !pthread_equal(pthread_self(), caller);
}

static void test_pool(void **state)
{
    (void)state;
    enum { N = 100000 };
    int64_t *out = malloc(N * sizeof *out);
    assert_non_null(out);
    for (int threads = 1; threads <= 8; threads *= 2) {
        dn_pool *p;
        assert_int_equal(dn_pool_init(&p, threads, NULL), DN_OK);
        assert_true(dn_pool_threads(p) >= 1 && dn_pool_threads(p) <= threads);
        for (int round = 0; round < 200; round++) {
            sq_ctx c = {out, -1, round, NULL};
            memset(out, 0xff, N * sizeof *out);
            assert_int_equal(dn_pool_for(p, N, 1 + round % 700, sq_range, &c), DN_OK);
            for (int64_t i = 0; i < N; i += 997)
                assert_int_equal(out[i], i * i + round);
            assert_int_equal(out[N - 1], (int64_t)(N - 1) * (N - 1) + round);
        }
        sq_ctx bad = {out, 5000, 0, NULL};
        assert_int_equal(dn_pool_for(p, N, 100, sq_range, &bad), DN_ERANGE);
        dn_progress_counter pc;
        dn_progress_init(&pc, N, note_fraction, NULL);
        sq_ctx prog = {out, -1, 0, &pc};
        last_fraction = -1;
        caller = pthread_self();
        reported_elsewhere = 0;
        assert_int_equal(dn_pool_for(p, N, 64, sq_range, &prog), DN_OK);
        assert_int_equal(pc.done, N);
        /* (worker 0 may find every chunk taken: then nothing is reported) */
        assert_true(last_fraction == -1 || (last_fraction > 0 && last_fraction <= 1));
        assert_false(reported_elsewhere);
        dn_pool_free(p);
    }
    sq_ctx c = {out, -1, 7, NULL};
    assert_int_equal(dn_pool_for(NULL, N, 10, sq_range, &c), DN_OK);
    assert_int_equal(out[N - 1], (int64_t)(N - 1) * (N - 1) + 7);
    assert_int_equal(dn_parallel_for(4, N, 10, sq_range, &c), DN_OK);
    dn_pool_free(NULL);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strerror),
        cmocka_unit_test(test_checked_arith),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_quantities),
        cmocka_unit_test(test_splitmix_known_answers),
        cmocka_unit_test(test_xoshiro_known_answers),
        cmocka_unit_test(test_below_uniform),
        cmocka_unit_test(test_double_and_streams),
        cmocka_unit_test(test_version),
        cmocka_unit_test(test_fail_param),
        cmocka_unit_test(test_enum_names),
        cmocka_unit_test(test_invariants),
        cmocka_unit_test(test_pool),
    };
    return cmocka_run_group_tests_name("base", tests, NULL, NULL);
}

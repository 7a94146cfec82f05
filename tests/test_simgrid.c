/*
 * test_simgrid.c - `dcnet simulate --export-simgrid DIR` (issue 40 section
 * 2) through the command line: the refusals (wormhole, circuit, no link
 * costs, more than 4096 nodes, sizes that are not whole bytes, two routes
 * for one pair of hosts, DIR that is a file or has no parent, --all-roots)
 * exit 2 with the reason, print nothing and write nothing; an export writes
 * the three files and nothing else, the same bytes every time, with the
 * network's costs, dcnet's routes and dcnet's times in them. SimGrid's
 * replay of the files is make check's test-simgrid stage
 * (scripts/test-simgrid.py).
 */
#include "testutil.h"

#include <sys/stat.h>

#define MESH "'mesh:4x4@bw=1GB/s,lat=1us'"
#define DCCUBE "--net " MESH " --tree binomial:4 --map dccube --order desc --bytes 1MB"

static int exists(const char *path)
{
    struct stat st;
    return stat(tp(path), &st) == 0;
}

/* dcnet ARGS exits 2, says want on stderr, prints nothing on stdout. */
static void refused(const char *args, const char *want)
{
    run_result r = run_dcnet(args);
    if (r.status != 2 || !strstr(r.err, want) || r.out[0])
        fail_msg("dcnet %s: exit %d, stdout '%.80s', stderr '%s' (expected exit 2 and '%s')",
                 args, r.status, r.out, r.err, want);
    run_free(&r);
}

static void ok(const char *args)
{
    run_result r = run_dcnet(args);
    if (r.status != 0)
        fail_msg("dcnet %s: exit %d: %s", args, r.status, r.err);
    run_free(&r);
}

/* Occurrences of needle in s. */
static int count(const char *s, const char *needle)
{
    int n = 0;
    for (const char *p = s; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static char *file(const char *path)
{
    char *s = slurp(tp(path));
    if (!s)
        fail_msg("cannot read %s", tp(path));
    return s;
}

static void test_refused_switching_and_costs(void **state)
{
    (void)state;
    refused("simulate " DCCUBE " -w wormhole --export-simgrid @T/w",
            "wormhole switching has no SimGrid counterpart (a worm keeps every link it holds");
    refused("simulate " DCCUBE " -w circuit --export-simgrid @T/w",
            "circuit switching has no SimGrid counterpart (a probe reserves the whole path");
    refused("simulate --net mesh:4x4 --tree binomial:4 --map dccube --export-simgrid @T/w",
            "mesh:4x4 has no link costs, and a SimGrid platform is in seconds and bytes");
    refused("simulate --net mesh:4x4 --tree binomial:4 --map dccube --all-roots "
            "--export-simgrid @T/w",
            "--export-simgrid writes one run; drop --all-roots");
    /* 1000 bytes halve to 62.5 in step 4 */
    refused("simulate --net " MESH " --tree binomial:4 --map dccube --bytes 1000 "
            "--export-simgrid @T/w",
            "carries 62.5 bytes, not a whole number");
    assert_false(exists("@T/w"));
}

/* The Full zone's limit: 4096 nodes are exported, 4160 refused. */
static void test_host_limit(void **state)
{
    (void)state;
    FILE *f = fopen(tp("@T/one.txt"), "w");
    assert_non_null(f);
    fputs("0 4095 1000\n", f);
    fclose(f);
    ok("simulate --net 'mesh:64x64@bw=1GB/s,lat=0' --trace @T/one.txt --export-simgrid @T/big");
    char *p = file("@T/big/platform.xml");
    assert_int_equal(count(p, "<host "), 4096);
    assert_int_equal(count(p, "<link "), 2 * 2 * 64 * 63); /* directed channels */
    assert_int_equal(count(p, "<route "), 126); /* saf: one per hop of 63 + 63 */
    free(p);
    refused("simulate --net 'mesh:65x64@bw=1GB/s,lat=0' --trace @T/one.txt "
            "--export-simgrid @T/big2",
            "has 4160 nodes; the export takes at most 4096");
    assert_false(exists("@T/big2"));
}

/* Two tasks on each of two processors, results sent back (--stage both):
 * a combine result goes back on its XY route reversed, another message
 * takes the XY route the other way, and a Full zone holds one route per
 * pair. Under saf every comm is one link, and the pairs agree. */
static void test_route_conflict(void **state)
{
    (void)state;
    FILE *f = fopen(tp("@T/p2.txt"), "w");
    assert_non_null(f);
    fputs("# dcnet values count=4\n0\n3\n3\n0\n# end count=4\n", f);
    fclose(f);
    const char *base = "simulate --net 'mesh:2x2@bw=1GB/s,lat=1us' --tree binomial:2 "
                       "--map file:@T/p2.txt --slots 2 --routes xy --stage both --bytes 1MB ";
    char args[512];
    snprintf(args, sizeof args, "%s -w vct --export-simgrid @T/rc", base);
    refused(args, "go from 0,0 to 1,1 by different routes, and a SimGrid Full zone holds one "
                  "route per ordered pair of hosts");
    assert_false(exists("@T/rc"));
    snprintf(args, sizeof args, "%s -w saf --export-simgrid @T/rc", base);
    ok(args);
    assert_true(exists("@T/rc/platform.xml"));
}

static void test_dir_checks(void **state)
{
    (void)state;
    FILE *f = fopen(tp("@T/plain"), "w");
    assert_non_null(f);
    fputs("keep me\n", f);
    fclose(f);
    refused("simulate " DCCUBE " --export-simgrid @T/plain", "exists and is not a directory");
    char *s = file("@T/plain");
    assert_string_equal(s, "keep me\n");
    free(s);
    refused("simulate " DCCUBE " --export-simgrid @T/none/sg", "its parent directory");
    assert_false(exists("@T/none"));
    assert_int_equal(mkdir(tp("@T/d"), 0777), 0);
    assert_int_equal(mkdir(tp("@T/d/platform.xml"), 0777), 0);
    refused("simulate " DCCUBE " --export-simgrid @T/d",
            "platform.xml' is a directory; the export writes a file of that name");
    assert_false(exists("@T/d/messages.json"));
    refused("simulate " DCCUBE " --export-simgrid -", "needs a directory");
}

/* An export into a directory that holds another file: the three files,
 * the other one untouched, the same bytes from a second run, replay.py
 * executable, and the platform holding the network's costs and dcnet's
 * routes. */
static void test_export_files(void **state)
{
    (void)state;
    assert_int_equal(mkdir(tp("@T/x"), 0777), 0);
    FILE *f = fopen(tp("@T/x/notes.txt"), "w");
    assert_non_null(f);
    fputs("mine\n", f);
    fclose(f);
    ok("simulate " DCCUBE " -w vct --export-simgrid @T/x --messages @T/m.csv");
    ok("simulate " DCCUBE " -w vct --export-simgrid @T/y");
    const char *names[] = {"platform.xml", "messages.json", "replay.py"};
    for (int i = 0; i < 3; i++) {
        char a[64], b[64];
        snprintf(a, sizeof a, "@T/x/%s", names[i]);
        snprintf(b, sizeof b, "@T/y/%s", names[i]);
        char *sa = file(a), *sb = file(b);
        if (strcmp(sa, sb) != 0)
            fail_msg("%s differs between two runs", names[i]);
        free(sa);
        free(sb);
    }
    char *s = file("@T/x/notes.txt");
    assert_string_equal(s, "mine\n");
    free(s);
    struct stat st;
    assert_int_equal(stat(tp("@T/x/replay.py"), &st), 0);
    assert_true(st.st_mode & S_IXUSR);
    char *py = file("@T/x/replay.py");
    assert_true(strncmp(py, "#!/usr/bin/python3\n", 19) == 0);
    assert_non_null(strstr(py, "\"network/model:CM02\""));
    assert_non_null(strstr(py, "\"network/TCP-gamma:0\""));
    free(py);

    char *p = file("@T/x/platform.xml");
    assert_non_null(strstr(p, "<platform version=\"4.1\">"));
    assert_non_null(strstr(p, "<zone id=\"dcnet\" routing=\"Full\">"));
    assert_int_equal(count(p, "<host "), 16);
    assert_int_equal(count(p, "<link "), 48); /* 24 links, both ways */
    /* 1 GB/s and 1 us, written so that they read back as dcnet's doubles */
    assert_int_equal(count(p, "bandwidth=\"1000000000Bps\" latency=\"1e-06s\""), 48);
    assert_non_null(strstr(p, "<host id=\"n5\" speed=\"1f\"><prop id=\"label\" value=\"1,1\"/>"));
    /* vct: a route per message (15 pairs), each dcnet's: message 0 goes
     * 0,0 > 0,1 > 0,2 (the --messages row) over links 0 and 3 */
    assert_int_equal(count(p, "<route "), 15);
    assert_int_equal(count(p, "symmetrical=\"NO\""), 15);
    char *j = file("@T/x/messages.json");
    assert_non_null(strstr(j, "\"id\": 0, \"kind\": \"divide\", \"src\": 0, \"dst\": 2, "
                              "\"bytes\": 500000, \"release\": 0, \"step\": 1, \"after\": [], "
                              "\"path\": [0, 1, 2], \"links\": [0, 3], \"dcnet_start\": 0, "
                              "\"dcnet_delivered\": 0.0005020000000000001}"));
    assert_non_null(strstr(p, "<route src=\"n0\" dst=\"n2\" symmetrical=\"NO\"><link_ctn "
                              "id=\"l0\"/><link_ctn id=\"l3\"/></route>"));
    char *m = file("@T/m.csv");
    assert_non_null(strstr(m, "\n0,1,\"0,0\",\"0,2\",500000,2,\"0,0>0,1>0,2\",0,0,"
                              "0.0005020000000000001,0\n"));
    /* message 2 leaves node 2 once message 0 has brought the data there
     * (no delay: no compute time), and the run's time: 0.9375 ms of bytes
     * (1 MB halved each step) and 6 us of latency (routes of 2, 2, 1, 1
     * links) */
    assert_non_null(strstr(j, "\"id\": 2, \"kind\": \"divide\", \"src\": 2, \"dst\": 10, "
                              "\"bytes\": 250000, \"release\": 0, \"step\": 2, \"after\": "
                              "[[0, 0]]"));
    assert_non_null(strstr(j, "\"switching\": \"vct\", \"schedule\": \"steps\", \"ports\": 1"));
    assert_non_null(strstr(j, "\"dcnet_time\": 0.0009435,"));
    assert_true(json_valid_object(j));
    free(m);
    free(j);
    free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refused_switching_and_costs),
        cmocka_unit_test(test_host_limit),
        cmocka_unit_test(test_route_conflict),
        cmocka_unit_test(test_dir_checks),
        cmocka_unit_test(test_export_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_readers.c - issue 37's "one line reader and one unit rule": every
 * text input dcnet reads (an edge list, a SCOTCH target, tree files in CSV
 * and DOT, a placement, --weights, --loads, --sizes, a hosts file, an
 * allocation, a trace, a sweep journal: the callers of dn_input_open,
 * dn_read_text and dn_input_mem in src/) is fed the same cases, and each
 * must give the same outcome class:
 *   - LF, CRLF and a byte order mark: accepted, with the same output;
 *   - a bare CR between two lines: refused, naming the file and the line
 *     (item 2: the trace reader cut the line there and played "0 1 5\r1 0
 *     7" as one message);
 *   - a NUL byte: refused, naming the file and the line.
 * Then the unit rule (item 3): a quantity with a unit (2ms, 1MB) from any
 * input of simulate - --ts, --bytes, a tree file, --sizes, a trace - is
 * refused on a network without link costs and read on one with them. The
 * sweep journal is read as JSON with its row schema (item 18); an
 * overflowing time names its cause (item 20); and the simulator's time is
 * never below its ideal (item 8). The binary comes from $DCNET_BIN.
 */
#include "testutil.h"

#include "dcnet/base.h"
#include "dcnet/net.h"
#include "dcnet/sim.h"

#include <math.h>

/* One reader: the file it reads (under @T), its content with LF line
 * ends, the command that reads it, the file that command writes (NULL:
 * its stdout is compared), and the line whose '\n' the bare-CR case turns
 * into '\r' (1: the first line's end). */
typedef struct reader {
    const char *name, *path, *text, *args, *out;
    int cr_line;
} reader;

#define JOURNAL_HEAD "{\"sweep\":\"net --var n=3,4 --net ring:{n}\"}\n"
#define JOURNAL_RUN(i, n)                                                                      \
    "{\"run\":" #i ",\"exit\":0,\"error\":\"\",\"result\":{\"net\":\"ring:" #n "\",\"nodes\":" #n \
    "}}\n"

static const reader readers[] = {
    {"edge list", "@T/g.txt", "0 1\n1 2\n2 3\n", "net --net file:@T/g.txt --json", NULL, 1},
    {"SCOTCH target", "@T/g.tgt", "mesh2D 2\n2\n", "net --net file:@T/g.tgt --json", NULL, 1},
    {"tree file (CSV)", "@T/t.csv", "id,parent\n0,\n1,0\n2,0\n",
     "tree --tree file:@T/t.csv --json", NULL, 2},
    {"tree file (DOT)", "@T/t.dot", "digraph {\n0 -> 1;\n0 -> 2;\n}\n",
     "tree --tree file:@T/t.dot --json", NULL, 2},
    {"placement file", "@T/p.txt", "0\n1\n2\n3\n",
     "embed --net mesh:2x2 --tree binomial:2 --map file:@T/p.txt --json", NULL, 2},
    {"--weights", "@T/w.txt", "1\n2\n3\n",
     "embed --net mesh:2x2 --tree binomial:2 --map greedy --weights @T/w.txt --json", NULL, 1},
    {"--loads", "@T/l.txt", "1\n2\n3\n4\n", "balance --net ddb:2 --loads @T/l.txt --json", NULL,
     2},
    {"--sizes", "@T/s.txt", "1\n2\n3\n",
     "simulate --net mesh:2x2 --tree binomial:2 --map greedy --sizes @T/s.txt --json", NULL, 1},
    {"hosts file", "@T/h.txt", "0 a 0\n1 a 1\n2 b 0\n3 b 1\n",
     "embed --net mesh:2x2 --tree binomial:2 --map greedy --rankfile @T/rf.txt --hosts @T/h.txt",
     "@T/rf.txt", 3},
    {"allocation", "@T/a.txt", "0\n1\n3\n",
     "embed --net mesh:2x2 --tree binomial:1 --map greedy --alloc @T/a.txt --json", NULL, 1},
    {"trace", "@T/r.txt", "0 1 5\n1 0 7\n", "simulate --net mesh:2x2 --trace @T/r.txt --json",
     NULL, 1},
    {"sweep journal", "@T/j.csv.runs", JOURNAL_HEAD JOURNAL_RUN(0, 3) JOURNAL_RUN(1, 4),
     "sweep net --var n=3,4 --net ring:{n} -o @T/j.csv --resume", "@T/j.csv", 2},
};

static void write_bytes(const char *path, const char *s, size_t n)
{
    FILE *f = fopen(tp(path), "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(s, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* The reader's run on `text` (n bytes): exit status, and its output (the
 * file it writes, or stdout) in *out (malloc'd; NULL if none). */
static run_result read_with(const reader *R, const char *text, size_t n, char **out)
{
    write_bytes(R->path, text, n);
    if (R->out)
        unlink(tp(R->out));
    run_result r = run_dcnet(R->args);
    *out = R->out ? slurp(tp(R->out)) : strdup(r.out ? r.out : "");
    return r;
}

/* text with every "\n" as "\r\n" (malloc'd) */
static char *crlf(const char *s)
{
    char *o = malloc(2 * strlen(s) + 1), *p = o;
    assert_non_null(o);
    for (; *s; s++) {
        if (*s == '\n')
            *p++ = '\r';
        *p++ = *s;
    }
    *p = '\0';
    return o;
}

/* the offset just after line k's '\n' (k >= 1) */
static size_t after_line(const char *s, int k)
{
    const char *p = s;
    for (int i = 0; i < k; i++) {
        p = strchr(p, '\n');
        assert_non_null(p);
        p++;
    }
    return (size_t)(p - s);
}

static void test_every_reader_same_cases(void **state)
{
    (void)state;
    char want[200];
    for (size_t k = 0; k < sizeof readers / sizeof readers[0]; k++) {
        const reader *R = &readers[k];
        const size_t n = strlen(R->text);
        const char *base = strrchr(R->path, '/') + 1;
        char *plain, *got;
        /* LF: the reference */
        run_result r = read_with(R, R->text, n, &plain);
        if (r.status != 0 || !plain || !*plain)
            fail_msg("%s: dcnet %s: exit %d: %s", R->name, R->args, r.status, r.err);
        run_free(&r);
        /* CRLF, and a byte order mark before LF or CRLF: the same output */
        char *c = crlf(R->text), *bom = malloc(strlen(c) + 4);
        assert_non_null(bom);
        for (int v = 0; v < 3; v++) {
            const char *t = v == 0 ? c : v == 1 ? R->text : c;
            snprintf(bom, strlen(c) + 4, "%s%s", v ? "\xEF\xBB\xBF" : "", t);
            r = read_with(R, bom, strlen(bom), &got);
            if (r.status != 0 || !got || strcmp(got, plain) != 0)
                fail_msg("%s (%s): exit %d, output '%s' against '%s': %s", R->name,
                         v == 0 ? "CRLF" : v == 1 ? "BOM" : "BOM and CRLF", r.status,
                         got ? got : "(none)", plain, r.err);
            free(got);
            run_free(&r);
        }
        free(bom);
        free(c);
        /* a bare CR in place of line cr_line's end: refused at that line */
        char *t = strdup(R->text);
        assert_non_null(t);
        t[after_line(R->text, R->cr_line) - 1] = '\r';
        r = read_with(R, t, n, &got);
        snprintf(want, sizeof want, "%s' line %d: a carriage return (\\r) inside a line", base,
                 R->cr_line);
        if (r.status != 2 || !strstr(r.err, want) || (!R->out && r.out[0]))
            fail_msg("%s (bare CR): exit %d, stderr '%s' lacks \"%s\"", R->name, r.status, r.err,
                     want);
        free(got);
        run_free(&r);
        /* a NUL byte opening line cr_line + 1: refused at that line */
        memcpy(t, R->text, n);
        t[after_line(R->text, R->cr_line)] = '\0';
        r = read_with(R, t, n, &got);
        snprintf(want, sizeof want, "%s' holds a NUL byte at offset %zu (line %d)", base,
                 after_line(R->text, R->cr_line), R->cr_line + 1);
        if (r.status != 2 || !strstr(r.err, want))
            fail_msg("%s (NUL): exit %d, stderr '%s' lacks \"%s\"", R->name, r.status, r.err,
                     want);
        free(got);
        run_free(&r);
        free(t);
        free(plain);
    }
}

/* The library's line reader on the same cases, from memory: lines as
 * cut, a bare CR refused with its line (dn_input_line and dn_input_all
 * alike), a CR ending the input taken as a line end. */
static void test_input_bare_cr(void **state)
{
    (void)state;
    dn_input in;
    dn_err err;
    char *line, *all;
    size_t len;
    const char *ok = "\xEF\xBB\xBF" "a b\r\nc\nd\r";
    dn_input_mem(&in, ok, strlen(ok), "x", "test file", 0);
    const char *want[] = {"a b", "c", "d"};
    for (int i = 0; i < 3; i++) {
        assert_int_equal(dn_input_line(&in, &line, &len, &err), DN_OK);
        assert_non_null(line);
        assert_string_equal(line, want[i]);
    }
    assert_int_equal(dn_input_line(&in, &line, &len, &err), DN_OK);
    assert_null(line);
    dn_input_close(&in);
    dn_input_mem(&in, ok, strlen(ok), "x", "test file", 0);
    assert_int_equal(dn_input_all(&in, &all, &len, &err), DN_OK);
    assert_string_equal(all, "a b\nc\nd");
    free(all);
    dn_input_close(&in);
    const char *bad = "0 1 5\n1 0 7\n0 1 5\r1 0 7\n";
    dn_input_mem(&in, bad, strlen(bad), "t.txt", "trace file", 0);
    for (int i = 0; i < 2; i++)
        assert_int_equal(dn_input_line(&in, &line, &len, &err), DN_OK);
    assert_int_equal(dn_input_line(&in, &line, &len, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "trace file 't.txt' line 3: a carriage return"));
    dn_input_close(&in);
    dn_input_mem(&in, bad, strlen(bad), "t.txt", "trace file", 0);
    assert_int_equal(dn_input_all(&in, &all, &len, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "trace file 't.txt' line 3: a carriage return"));
    dn_input_close(&in);
}

/* Item 2 as reported: the trace played one message of two. */
static void test_trace_bare_cr(void **state)
{
    (void)state;
    write_bytes("@T/cr.txt", "0 1 5\r1 0 7\n", 12);
    run_result r = run_dcnet("simulate --net 'mesh:2x2@bw=1GB/s,lat=1us' --trace @T/cr.txt --json");
    assert_int_equal(r.status, 2);
    assert_string_equal(r.out, "");
    assert_non_null(strstr(r.err, "cr.txt' line 1: a carriage return"));
    run_free(&r);
    /* the same two messages on two lines: both played */
    write_bytes("@T/cr.txt", "0 1 5\n1 0 7\n", 12);
    r = run_dcnet("simulate --net 'mesh:2x2@bw=1GB/s,lat=1us' --trace @T/cr.txt --json");
    assert_int_equal(r.status, 0);
    assert_true(json_num(r.out, "messages") == 2);
    run_free(&r);
}

/* The unit rule (item 3). Each input once with a unit on mesh:2x2 (no link
 * costs: refused, naming the input, and its file and line where it has
 * them) and on mesh:2x2@bw=1GB/s,lat=1us (read as seconds and bytes); the
 * same inputs without units are read on both. */
static void test_unit_rule(void **state)
{
    (void)state;
    write_bytes("@T/tr_rel.txt", "0 1 5\n1 0 7 2ms\n", 16);
    write_bytes("@T/tr_size.txt", "0 1 1MB\n", 8);
    write_bytes("@T/tr_plain.txt", "0 1 5\n1 0 7 2\n", 14);
    write_bytes("@T/sz.txt", "1\n1MB\n2\n", 8);
    write_bytes("@T/sz_plain.txt", "1\n1000000\n2\n", 12);
    write_bytes("@T/tb.csv", "id,parent,bytes_down\n0,,0\n1,0,1MB\n", 34);
    write_bytes("@T/tw.csv", "id,parent,work\n0,,2ms\n1,0,1\n", 28);
    write_bytes("@T/tp.csv", "id,parent,bytes_down\n0,,0\n1,0,1000000\n", 38);
    static const struct {
        const char *args, *why; /* args after --net NET */
    } cases[] = {
        {"--trace @T/tr_rel.txt", "tr_rel.txt:2: '2ms' has a unit"},
        {"--trace @T/tr_size.txt", "tr_size.txt:1: '1MB' has a unit"},
        {"--tree binomial:2 --map greedy --sizes @T/sz.txt", "--sizes file '"},
        {"--tree file:@T/tb.csv --map greedy", "the tree file gives its bytes with a unit"},
        {"--tree file:@T/tw.csv --map greedy --bytes 8", "the tree file gives its work in seconds"},
        {"--tree binomial:2 --map greedy --bytes 1MB", "--bytes 1MB has a unit"},
        {"--tree binomial:2 --map greedy --bytes 8 --ts 2us", "--ts 2us has a unit"},
    };
    char a[400];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        snprintf(a, sizeof a, "simulate --net mesh:2x2 %s --json", cases[k].args);
        run_result r = run_dcnet(a);
        if (r.status != 2 || !strstr(r.err, cases[k].why) ||
            !strstr(r.err, "but mesh:2x2 has no link costs") || r.out[0])
            fail_msg("dcnet %s: exit %d, stderr '%s' lacks '%s'", a, r.status, r.err,
                     cases[k].why);
        run_free(&r);
        snprintf(a, sizeof a, "simulate --net 'mesh:2x2@bw=1GB/s,lat=1us' %s --json",
                 cases[k].args);
        r = run_dcnet(a);
        if (r.status != 0 || !strstr(r.out, "\"unit\":\"s\""))
            fail_msg("dcnet %s: exit %d: %s", a, r.status, r.err);
        run_free(&r);
    }
    /* the --sizes message names its file and line */
    run_result r = run_dcnet("simulate --net mesh:2x2 --tree binomial:2 --map greedy --sizes "
                             "@T/sz.txt");
    assert_non_null(strstr(r.err, "sz.txt' line 2: '1MB' has a unit"));
    run_free(&r);
    /* plain numbers: the seeds' units without costs; one message of 10^6
     * units on one hop is t_s + 10^6 t_e + 0 = 1000001 (the tree's bytes,
     * --sizes' 1000000 in step 1 alike) */
    static const char *const plain[] = {
        "--trace @T/tr_plain.txt", "--tree binomial:2 --map greedy --sizes @T/sz_plain.txt",
        "--tree file:@T/tp.csv --map greedy", "--tree binomial:2 --map greedy --bytes 8 --ts 2"};
    for (size_t k = 0; k < sizeof plain / sizeof plain[0]; k++) {
        snprintf(a, sizeof a, "simulate --net mesh:2x2 %s --json", plain[k]);
        r = run_dcnet(a);
        if (r.status != 0 || !strstr(r.out, "\"unit\":null"))
            fail_msg("dcnet %s: exit %d: %s", a, r.status, r.err);
        if (k == 2)
            assert_true(json_num(r.out, "time") == 1000001);
        run_free(&r);
    }
    /* the library's trace reader keeps the rule for any caller */
    dn_net net;
    dn_trace tr;
    dn_err err;
    assert_int_equal(dn_net_init(&net, "mesh:2x2", &err), DN_OK);
    assert_int_equal(dn_trace_read(tp("@T/tr_rel.txt"), &net, 0, &tr, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "has no link costs"));
    assert_int_equal(dn_trace_read(tp("@T/tr_plain.txt"), &net, 0, &tr, &err), DN_OK);
    assert_true(tr.n == 2 && tr.release[1] == 2);
    dn_trace_free(&tr);
    assert_int_equal(dn_sim_unit_check(&net, "x has a unit", &err), DN_EINVAL);
    assert_int_equal(dn_sim_unit_check(NULL, "x", &err), DN_EINVAL);
    dn_net_free(&net);
    assert_int_equal(dn_net_init(&net, "mesh:2x2@bw=1GB/s,lat=1us", &err), DN_OK);
    assert_int_equal(dn_sim_unit_check(&net, "x has a unit", &err), DN_OK);
    assert_int_equal(dn_trace_read(tp("@T/tr_rel.txt"), &net, 0, &tr, &err), DN_OK);
    assert_true(tr.n == 2 && tr.release[1] == 0.002 && tr.size[1] == 7);
    dn_trace_free(&tr);
    dn_net_free(&net);
}

/* The sweep journal (item 18): a line whose result holds a number JSON
 * does not have (NaN, 1e999999 beyond a double, a leading zero, a bare
 * '.'), or whose error disagrees with its exit status, is a bad line:
 * refused with its number as every other bad line is, nothing run or
 * written, the journal left as it was; JSON's own numbers are read. */
static void test_journal_strict(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"x\":NaN,\"y\":1e999999}}",
         "expected a value"},
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"y\":1e999999}}",
         "a number out of the range of a double"},
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"y\":-1e400}}",
         "a number out of the range of a double"},
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"y\":1e-999}}",
         "a number out of the range of a double"},
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"y\":Infinity}}", "expected a value"},
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"y\":012}}", "leading zero"},
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"y\":1.}}", "after its '.'"},
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"y\":.5}}", "expected a value"},
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"y\":+1}}", "expected a value"},
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"y\":0x10}}", "followed by other"},
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"y\":1e}}", "in its exponent"},
        {"{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"y\":nulls}}", "expected a value"},
        {"{\"run\":0,\"exit\":0,\"error\":\"boom\",\"result\":{\"y\":1}}",
         "a run that succeeded (exit 0) has an error"},
        {"{\"run\":0,\"exit\":1,\"error\":\"\",\"result\":null}",
         "a run that failed (exit not 0) has no error"},
        {"{\"run\":0,\"exit\":-1,\"error\":\"\",\"result\":null}",
         "a run that failed (exit not 0) has no error"},
    };
    char text[600];
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        snprintf(text, sizeof text, JOURNAL_HEAD "%s\n", bad[k][0]);
        write_bytes("@T/k.csv.runs", text, strlen(text));
        unlink(tp("@T/k.csv"));
        run_result r = run_dcnet("sweep net --var n=3,4 --net ring:{n} -o @T/k.csv --resume");
        if (r.status != 2 || !strstr(r.err, "line 2 (run 0)") || !strstr(r.err, bad[k][1]))
            fail_msg("journal line %s: exit %d, stderr '%s' lacks '%s'", bad[k][0], r.status,
                     r.err, bad[k][1]);
        assert_true(access(tp("@T/k.csv"), F_OK) != 0);
        char *back = slurp(tp("@T/k.csv.runs"));
        assert_string_equal(back, text);
        free(back);
        run_free(&r);
    }
    /* JSON's numbers, the extremes of a double among them, and a failed
     * run with its error: read, and the rows hold them as written */
    snprintf(text, sizeof text,
             JOURNAL_HEAD "{\"run\":0,\"exit\":0,\"error\":\"\",\"result\":{\"a\":-0,\"b\":1.5E+3,"
                          "\"c\":1.7976931348623157e308,\"d\":5e-324,\"e\":true,\"f\":null}}\n"
                          "{\"run\":1,\"exit\":3,\"error\":\"it failed\",\"result\":null}\n");
    write_bytes("@T/k.csv.runs", text, strlen(text));
    unlink(tp("@T/k.csv"));
    run_result r = run_dcnet("sweep net --var n=3,4 --net ring:{n} -o @T/k.csv --resume");
    assert_int_equal(r.status, 1); /* run 1 failed */
    run_free(&r);
    char *csv = slurp(tp("@T/k.csv"));
    assert_non_null(csv);
    assert_string_equal(csv, "n,exit,error,a,b,c,d,e,f\n3,0,,-0,1.5E+3,1.7976931348623157e308,"
                             "5e-324,true,\n4,3,it failed,,,,,,\n"); /* (null: no value) */
    free(csv);
}

/* Item 20: an overflowing time names the input at fault, the largest term
 * of time = const + ts_coeff t_s + te_coeff t_e + hop_coeff hop. */
static void test_overflow_cause(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"--net 'mesh:2x2@bw=1GB/s,lat=1e308' --tree binomial:2 --map greedy --bytes 1",
         "the links' latencies (lat=) overflow; give smaller latencies\n"},
        {"--net 'mesh:2x2@bw=1GB/s,lat=1e308' --tree binomial:2 --map greedy --bytes 1 "
         "--all-roots",
         "the links' latencies (lat=) overflow"},
        {"--net 'mesh:2x2@bw=1e-300B/s,lat=1us' --tree binomial:2 --map greedy --bytes 1e300",
         "the message sizes divided by the links' bandwidth (bw=) overflow"},
        {"--net mesh:2x2 --tree binomial:2 --map greedy --bytes 1e300 --te 1e12",
         "the message sizes times --te overflow"},
    };
    char a[300];
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        snprintf(a, sizeof a, "simulate %s --json", cases[k][0]);
        run_result r = run_dcnet(a);
        if (r.status != 2 || !strstr(r.err, "too large for a double") ||
            !strstr(r.err, cases[k][1]) || strstr(r.err, k == 3 ? "bw=" : "--te") || r.out[0])
            fail_msg("dcnet %s: exit %d, stderr '%s' lacks '%s'", a, r.status, r.err,
                     cases[k][1]);
        run_free(&r);
    }
}

/* Item 8: time >= ideal and slowdown >= 1 in every run, not by rounding
 * luck: the run first (time 0.030219999999999997 below ideal
 * 0.03022), then random networks with and without link costs, trees,
 * mappings, switching modes, schedules and stages. In runs where no
 * request waited (no conflict, no port wait) on the divide stage step by
 * step, the run is the ideal one: the two agree to 1e-12 (so the bound is
 * not cut from something far above the time). */
static void test_time_not_below_ideal(void **state)
{
    (void)state;
    static const char *const nets[] = {
        "'fattree:2:4@bw=10GB/s,l1.bw=40GB/s,lat=1us'", "'mesh:4x4@bw=10GB/s,lat=1us'",
        "'torus:4x4@bw=3GB/s,lat=7ns'", "'hypercube:4@bw=1.1GB/s,lat=0.3us'",
        "'fattree:2:4@bw=7GB/s,l1.bw=13GB/s,lat=3ns'", "mesh:4x4", "torus:4x4"};
    static const char *const trees[] = {"binomial:4", "binomial:3", "crt:4:0.2,0.3,0.5",
                                        "repro:16"};
    static const char *const maps[] = {"best", "greedy", "random", "drb"};
    static const char *const sw[] = {"saf", "wormhole", "vct", "circuit"};
    dn_rng rng;
    dn_rng_seed(&rng, 37);
    char a[600];
    int ideal_runs = 0;
    for (int k = 0; k < 90; k++) {
        int ni = k == 0 ? 0 : (int)dn_rng_below(&rng, 7);
        int costs = ni < 5;
        int ti = k == 0 ? 0 : (int)dn_rng_below(&rng, 4);
        int mi = k == 0 ? 0 : (int)dn_rng_below(&rng, 4);
        int si = k == 0 ? 0 : (int)dn_rng_below(&rng, 4);
        int async = k > 0 && dn_rng_below(&rng, 3) == 0;
        int both = k > 0 && dn_rng_below(&rng, 3) == 0;
        char extra[120];
        if (costs)
            snprintf(extra, sizeof extra, "--bytes %dMB", k == 0 ? 64 : 1 + (int)dn_rng_below(&rng, 97));
        else
            snprintf(extra, sizeof extra, "--ts 0.%d --te 0.%03d --hop 0.%d",
                     1 + (int)dn_rng_below(&rng, 9), 1 + (int)dn_rng_below(&rng, 999),
                     (int)dn_rng_below(&rng, 10));
        snprintf(a, sizeof a, "simulate --net %s --tree %s --seed %d --map %s -w %s %s%s%s --json",
                 nets[ni], trees[ti], 1 + (int)dn_rng_below(&rng, 99), maps[mi], sw[si], extra,
                 async ? " --schedule async" : "", both ? " --stage both" : "");
        run_result r = run_dcnet(a);
        if (r.status != 0) { /* a mapping that does not apply, a deadlock: not this test's */
            run_free(&r);
            continue;
        }
        double time = json_num(r.out, "time"), ideal = json_num(r.out, "ideal"),
               slow = json_num(r.out, "slowdown");
        if (!(time >= ideal) || !(slow >= 1))
            fail_msg("dcnet %s: time %.17g below ideal %.17g (slowdown %.17g)", a, time, ideal,
                     slow);
        if (json_num(r.out, "conflicts") == 0 && json_num(r.out, "port_waits") == 0 && !async &&
            !both && !(fabs(time - ideal) <= 1e-12 * time))
            fail_msg("dcnet %s: no waits, yet time %.17g and ideal %.17g differ", a, time, ideal);
        ideal_runs += time == ideal;
        run_free(&r);
    }
    assert_true(ideal_runs > 0); /* (some runs are ideal ones) */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_reader_same_cases),
        cmocka_unit_test(test_input_bare_cr),
        cmocka_unit_test(test_trace_bare_cr),
        cmocka_unit_test(test_unit_rule),
        cmocka_unit_test(test_journal_strict),
        cmocka_unit_test(test_overflow_cause),
        cmocka_unit_test(test_time_not_below_ideal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

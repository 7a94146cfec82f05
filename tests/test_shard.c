/*
 * test_shard.c - `dcnet sweep --shard K/N|auto` and `dcnet sweep --merge`
 * (issue 40, section 3): shard K of N runs combination i exactly when
 * i mod N = K - 1; the shards of several splits, merged, give the
 * unsharded sweep's file byte for byte (with a wall-clock column blanked
 * where one is printed); --shard auto reads a faked Slurm job array's
 * environment; a shard resumes as a sweep does; and every bad merge is
 * refused with exit 2, nothing on stdout, and OUT left as it was. The
 * binary comes from $DCNET_BIN. (scripts/test-slurm.sh does the same under
 * a real one-node Slurm.)
 */
#include "testutil.h"

#include <stdarg.h>

/* a sweep with a --skip, a failed run first (n=99 is out of range: a row
 * without keys), and runs whose outputs differ in their keys (--timing
 * adds map_seconds to every other run): the column order of the merge
 * then depends on which run comes first */
#define SW                                                                                     \
    "sweep embed --var n=99,4,5 --var seed=1..3 --var t=--seed=0,--timing --skip n=5,seed=2 "  \
    "--net debruijn:{n} --tree binomial:{n} --map random --seed {seed} {t}"
#define SW_TOTAL 18 /* combinations: 3 x 3 x 2 (2 of them skipped) */

/* dcnet with printf-style arguments; its exit status */
static int dcnet(run_result *keep, const char *fmt, ...)
{
    char args[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    run_result r = run_dcnet(args);
    int st = r.status;
    if (keep)
        *keep = r;
    else
        run_free(&r);
    return st;
}

/* a file of the scratch directory ("@T/x"), or "" */
static char *text(const char *path)
{
    return slurp(tp(path));
}

static void put(const char *path, const char *s)
{
    FILE *f = fopen(tp(path), "w");
    assert_non_null(f);
    fputs(s, f);
    fclose(f);
}

/* csv (no quoted fields) with column `col` emptied in every row but the
 * header, in place */
static void blank_column(char *csv, const char *col)
{
    assert_null(strchr(csv, '"'));
    int idx = -1, k = 0;
    for (const char *p = csv; *p && *p != '\n'; k++) {
        size_t n = strcspn(p, ",\n");
        if (n == strlen(col) && strncmp(p, col, n) == 0)
            idx = k;
        p += n + (p[n] == ',');
    }
    assert_true(idx >= 0);
    char *w = strchr(csv, '\n') + 1;
    for (const char *p = w; *p;) { /* a row: its fields, field idx left out */
        for (int f = 0;; f++) {
            size_t n = strcspn(p, ",\n");
            if (f != idx)
                memmove(w, p, n), w += n;
            p += n;
            if (!*p)
                break;
            *w++ = *p++;
            if (p[-1] == '\n')
                break;
        }
    }
    *w = '\0';
}

/* combination i is shard (i mod N) + 1's: the shards' --dry-run lines are
 * the unsharded --dry-run's lines i = K - 1, K - 1 + N, ... (no --skip) */
static void test_shard_round_robin(void **state)
{
    (void)state;
    const char *sw = "sweep net --var n=3..9 --var k=1,2 --net ring:{n} --dry-run";
    run_result all;
    assert_int_equal(dcnet(&all, "%s", sw), 0);
    char *line[64];
    int nl = 0;
    for (char *p = strtok(all.out, "\n"); p && nl < 64; p = strtok(NULL, "\n"))
        line[nl++] = p;
    assert_int_equal(nl, 14);
    for (int N = 1; N <= 14; N += N < 4 ? 1 : 5) {
        for (int K = 1; K <= N; K++) {
            run_result r;
            assert_int_equal(dcnet(&r, "%s --shard %d/%d", sw, K, N), 0);
            char want[4096] = "";
            for (int i = K - 1; i < nl; i += N)
                strcat(strcat(want, line[i]), "\n");
            assert_string_equal(r.out, want);
            run_free(&r);
        }
    }
    run_free(&all);
}

/* Splits into N = 1, 2, 3, 5 and 18 shards, merged (files given in
 * reverse order), equal the unsharded sweep, CSV and JSON lines, apart
 * from map_seconds (--timing: wall clock), which is blanked on both
 * sides before the comparison; and without --timing, byte for byte
 * with nothing blanked. */
static void test_shard_merge_equals_unsharded(void **state)
{
    (void)state;
    run_result r;
    /* the unsharded sweep: exit 1 (run n=99 fails) */
    assert_int_equal(dcnet(&r, SW " -o @T/full.csv -j 2"), 1);
    assert_non_null(strstr(r.err, "6 of 16 runs failed"));
    run_free(&r);
    char *full = text("@T/full.csv");
    blank_column(full, "map_seconds");
    static const int splits[] = {1, 2, 3, 5, SW_TOTAL};
    for (size_t s = 0; s < sizeof splits / sizeof *splits; s++) {
        const int N = splits[s];
        char files[2048] = "";
        for (int K = 1; K <= N; K++) {
            int st = dcnet(&r, SW " --shard %d/%d -o @T/s%d-%d.csv", K, N, N, K);
            /* a shard exits 1 when one of its runs failed, as a sweep does */
            assert_true(st == 0 || st == 1);
            run_free(&r);
        }
        for (int K = N; K >= 1; K--) {
            size_t n = strlen(files);
            snprintf(files + n, sizeof files - n, " @T/s%d-%d.csv", N, K);
        }
        assert_int_equal(dcnet(&r, "sweep --merge @T/m%d.csv%s", N, files), 1);
        assert_non_null(strstr(r.err, "6 of 16 runs failed"));
        assert_string_equal(r.out, "");
        run_free(&r);
        char name[64];
        snprintf(name, sizeof name, "@T/m%d.csv", N);
        char *m = text(name);
        blank_column(m, "map_seconds");
        assert_string_equal(m, full);
        free(m);
        if (N == 3) { /* the same shards merged as JSON lines */
            assert_int_equal(dcnet(NULL, SW " -o @T/full.jsonl -j 2"), 1);
            assert_int_equal(dcnet(NULL, "sweep --merge @T/m3.jsonl%s", files), 1);
            char *a = text("@T/full.jsonl"), *b = text("@T/m3.jsonl");
            /* map_seconds's values taken out: "map_seconds":NUMBER -> "map_seconds": */
            char *v[2] = {a, b};
            for (int k = 0; k < 2; k++)
                for (char *p = v[k]; (p = strstr(p, "\"map_seconds\":"));) {
                    p += 14;
                    size_t n = strcspn(p, ",}");
                    memmove(p, p + n, strlen(p + n) + 1);
                }
            assert_string_equal(a, b);
            assert_true(strlen(a) > 1000);
            free(a);
            free(b);
        }
    }
    free(full);
    /* without a wall-clock column: byte for byte, nothing blanked */
    const char *det = "sweep embed --var n=4..6 --var seed=1..4 --net debruijn:{n} "
                      "--tree binomial:{n} --map random --seed {seed}";
    assert_int_equal(dcnet(NULL, "%s -o @T/d.csv", det), 0);
    for (int K = 1; K <= 4; K++)
        assert_int_equal(dcnet(NULL, "%s --shard %d/4 -o @T/d%d.csv -j 1", det, K, K), 0);
    assert_int_equal(dcnet(NULL, "sweep --merge @T/dm.csv @T/d2.csv @T/d4.csv @T/d1.csv "
                                 "@T/d3.csv"),
                     0);
    char *a = text("@T/d.csv"), *b = text("@T/dm.csv"), *s1 = text("@T/d1.csv");
    assert_string_equal(a, b);
    assert_true(strlen(a) > 1000);
    /* a shard's own file holds its rows only: n=4 seeds 1 and 5 - 4 = 1 ... */
    int rows = -1;
    for (const char *p = s1; *p; p++)
        rows += *p == '\n';
    assert_int_equal(rows, 3); /* runs 0, 4, 8 of 12 */
    free(a);
    free(b);
    free(s1);
    /* the merge to standard output: CSV */
    assert_int_equal(dcnet(&r, "sweep --merge - @T/d1.csv @T/d2.csv @T/d3.csv @T/d4.csv"), 0);
    a = text("@T/d.csv");
    assert_string_equal(r.out, a);
    free(a);
    run_free(&r);
}

static void clear_slurm(void)
{
    static const char *const v[] = {"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN",
                                    "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP",
                                    "SLURM_ARRAY_TASK_COUNT", "SLURM_JOB_ID"};
    for (size_t k = 0; k < sizeof v / sizeof *v; k++)
        unsetenv(v[k]);
}

/* the environment of a task of `sbatch --array=MIN-MAX:STEP` */
static void fake_task(long id, long min, long max, long step, long count)
{
    char b[32];
    clear_slurm();
    setenv("SLURM_JOB_ID", "77", 1);
#define SET(name, val) (snprintf(b, sizeof b, "%ld", (long)(val)), setenv(name, b, 1))
    SET("SLURM_ARRAY_TASK_ID", id);
    SET("SLURM_ARRAY_TASK_MIN", min);
    SET("SLURM_ARRAY_TASK_MAX", max);
    SET("SLURM_ARRAY_TASK_STEP", step);
    SET("SLURM_ARRAY_TASK_COUNT", count);
#undef SET
}

/* bad: exit 2, nothing on stdout, the message holds needle */
static void refused(const char *needle, const char *fmt, ...)
{
    char args[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    run_result r = run_dcnet(args);
    if (r.status != 2 || r.out[0] || !strstr(r.err, needle))
        fail_msg("dcnet %s: exit %d (want 2), stdout '%s', stderr '%s' (want '%s')", args,
                 r.status, r.out, r.err, needle);
    run_free(&r);
}

/* --shard auto: the tasks of --array=1-3 and of --array=0-8:4 are shards
 * 1/3, 2/3, 3/3, the same files as --shard K/3 writes; the merge equals
 * the unsharded sweep. Refused: no array task, a variable missing or not
 * a number, an array that is not one range with a fixed step (Slurm's
 * --array=1,2,5: MIN 1, MAX 5, STEP 1, COUNT 3), an id off the range. */
static void test_shard_auto(void **state)
{
    (void)state;
    const char *sw = "sweep net --var n=3..10 --net ring:{n}";
    assert_int_equal(dcnet(NULL, "%s -o @T/u.csv", sw), 0);
    static const long arrays[2][3] = {{1, 3, 1}, {0, 8, 4}};
    for (int a = 0; a < 2; a++) {
        const long lo = arrays[a][0], hi = arrays[a][1], step = arrays[a][2];
        for (long id = lo, K = 1; id <= hi; id += step, K++) {
            fake_task(id, lo, hi, step, 3);
            assert_int_equal(dcnet(NULL, "%s --shard auto -o @T/a%ld.csv", sw, K), 0);
            clear_slurm();
            assert_int_equal(dcnet(NULL, "%s --shard %ld/3 -o @T/k%ld.csv", sw, K, K), 0);
            char f1[64], f2[64];
            for (int side = 0; side < 2; side++) {
                snprintf(f1, sizeof f1, "@T/a%ld.csv%s", K, side ? ".shard" : "");
                snprintf(f2, sizeof f2, "@T/k%ld.csv%s", K, side ? ".shard" : "");
                char *x = text(f1), *y = text(f2);
                assert_true(strlen(x) > 20);
                assert_string_equal(x, y);
                free(x);
                free(y);
            }
            char *side = text(f1), want[64];
            snprintf(want, sizeof want, "\"shard\":%ld,\"shards\":3,", K);
            assert_non_null(strstr(side, want));
            free(side);
        }
        assert_int_equal(dcnet(NULL, "sweep --merge @T/am.csv @T/a3.csv @T/a1.csv @T/a2.csv"),
                         0);
        char *x = text("@T/u.csv"), *y = text("@T/am.csv");
        assert_string_equal(x, y);
        free(x);
        free(y);
    }
    clear_slurm();
    refused("SLURM_ARRAY_TASK_ID is not set", "%s --shard auto -o @T/z.csv", sw);
    setenv("SLURM_JOB_ID", "77", 1);
    refused("not a job array", "%s --shard auto -o @T/z.csv", sw);
    fake_task(2, 1, 3, 1, 3);
    unsetenv("SLURM_ARRAY_TASK_COUNT");
    refused("SLURM_ARRAY_TASK_COUNT is not", "%s --shard auto -o @T/z.csv", sw);
    fake_task(2, 1, 3, 1, 3);
    setenv("SLURM_ARRAY_TASK_STEP", "x", 1);
    refused("SLURM_ARRAY_TASK_STEP", "%s --shard auto -o @T/z.csv", sw);
    fake_task(2, 1, 5, 1, 3); /* --array=1,2,5 */
    refused("not one range with a fixed step", "%s --shard auto -o @T/z.csv", sw);
    fake_task(4, 1, 7, 2, 4); /* id 4 is not in 1-7:2 */
    refused("SLURM_ARRAY_TASK_ID=4 is not a task", "%s --shard auto -o @T/z.csv", sw);
    fake_task(9, 1, 9, 1, 9); /* 9 slices of 8 combinations */
    refused("at most 8 slices", "%s --shard auto -o @T/z.csv", sw);
    clear_slurm();
    char *z = text("@T/z.csv");
    assert_string_equal(z, ""); /* never written */
    free(z);
}

/* A shard cut short (its journal cut mid-line, its file gone) resumes to
 * the same file; another shard's journal, or the unsharded sweep's, is
 * refused as another sweep's. */
static void test_shard_resume(void **state)
{
    (void)state;
    const char *sw = "sweep embed --var n=4..7 --var seed=1..5 --net debruijn:{n} "
                     "--tree binomial:{n} --map random --seed {seed}";
    assert_int_equal(dcnet(NULL, "%s --shard 2/3 -o @T/r.csv", sw), 0);
    char *whole = text("@T/r.csv"), *j = text("@T/r.csv.runs");
    size_t keep = 0;
    for (int lines = 0; j[keep] && lines < 4; keep++)
        lines += j[keep] == '\n';
    keep += 30;
    FILE *f = fopen(tp("@T/r.csv.runs"), "w");
    assert_non_null(f);
    fwrite(j, 1, keep, f);
    fclose(f);
    unlink(tp("@T/r.csv"));
    run_result r;
    assert_int_equal(dcnet(&r, "%s --shard 2/3 -o @T/r.csv --resume", sw), 0);
    assert_non_null(strstr(r.err, "resuming: 3 of 7 runs done"));
    run_free(&r);
    char *again = text("@T/r.csv");
    assert_string_equal(again, whole);
    free(again);
    free(whole);
    free(j);
    /* the journal of shard 2/3 is not shard 1/3's, nor the whole sweep's */
    assert_int_equal(system(tp("cp @T/r.csv.runs @T/o.csv.runs")), 0);
    refused("journal of another sweep", "%s --shard 1/3 -o @T/o.csv --resume", sw);
    refused("journal of another sweep", "%s -o @T/o.csv --resume", sw);
    refused("journal of another sweep", "%s --shard 2/4 -o @T/o.csv --resume", sw);
}

/* Bad merges: exit 2, the files named, OUT kept as it was. */
static void test_shard_merge_refusals(void **state)
{
    (void)state;
    const char *sw = "sweep net --var n=3..8 --net ring:{n}";
    for (int K = 1; K <= 3; K++)
        assert_int_equal(dcnet(NULL, "%s --shard %d/3 -o @T/p%d.csv", sw, K, K), 0);
    assert_int_equal(dcnet(NULL, "%s --shard 1/2 -o @T/h1.csv", sw), 0);
    assert_int_equal(dcnet(NULL, "sweep net --var n=3..9 --net ring:{n} --shard 2/3 "
                                 "-o @T/x2.csv"),
                     0);
    assert_int_equal(dcnet(NULL, "%s -o @T/whole.csv", sw), 0);
    put("@T/out.csv", "keep me\n");
    refused("shard 2/3 missing (2 of 3 slices given)", "sweep --merge @T/out.csv @T/p1.csv "
                                                       "@T/p3.csv");
    refused("shards 2/3, 3/3 missing", "sweep --merge @T/out.csv @T/p1.csv");
    refused("p1.csv' are both shard 1/3", "sweep --merge @T/out.csv @T/p1.csv @T/p2.csv "
                                          "@T/p3.csv @T/p1.csv");
    refused("shards of different sweeps (one of 3 slices, one of 2)",
            "sweep --merge @T/out.csv @T/p1.csv @T/h1.csv");
    refused("p1.csv' and '", "sweep --merge @T/out.csv @T/p1.csv @T/x2.csv @T/p3.csv");
    refused("x2.csv' are shards of different sweeps (their commands differ",
            "sweep --merge @T/out.csv @T/p1.csv @T/x2.csv @T/p3.csv");
    refused("whole.csv' is not a shard's output: its sidecar", "sweep --merge @T/out.csv "
                                                              "@T/p1.csv @T/whole.csv");
    refused("is a file of shard 2/3", "sweep --merge @T/p2.csv.runs @T/p1.csv @T/p2.csv "
                                      "@T/p3.csv");
    refused("needs OUT and the shards' files", "sweep --merge @T/out.csv");
    refused("takes --csv or --json, not '--jobs'", "sweep --merge --jobs @T/out.csv @T/p1.csv");
    refused("--merge comes alone, first", "%s --merge @T/out.csv @T/p1.csv", sw);
    refused("--shard writes a slice for --merge: give -o", "%s --shard 1/3", sw);
    refused("K counts from 1", "%s --shard 0/3 -o @T/q.csv", sw);
    refused("there are 3 slices", "%s --shard 4/3 -o @T/q.csv", sw);
    refused("--shard takes K/N", "%s --shard 2 -o @T/q.csv", sw);
    /* a shard stopped early: its journal lacks runs */
    assert_int_equal(system(tp("cp @T/p2.csv.runs @T/p2.keep && head -n 1 @T/p2.keep "
                               ">@T/p2.csv.runs")),
                     0);
    refused("shard 2/3 ('", "sweep --merge @T/out.csv @T/p1.csv @T/p2.csv @T/p3.csv");
    refused("lacks 2 of its 2 runs", "sweep --merge @T/out.csv @T/p1.csv @T/p2.csv @T/p3.csv");
    /* a journal that holds another shard's run */
    assert_int_equal(system(tp("sed -n 1p @T/p2.keep >@T/p2.csv.runs && sed -n 2p "
                               "@T/p1.csv.runs >>@T/p2.csv.runs && sed -n '2,$p' @T/p2.keep "
                               ">>@T/p2.csv.runs")),
                     0);
    refused("that run is another shard's", "sweep --merge @T/out.csv @T/p1.csv @T/p2.csv "
                                           "@T/p3.csv");
    assert_int_equal(system(tp("cp @T/p2.keep @T/p2.csv.runs && rm @T/p3.csv.runs")), 0);
    refused("has no journal", "sweep --merge @T/out.csv @T/p1.csv @T/p2.csv @T/p3.csv");
    assert_int_equal(dcnet(NULL, "%s --shard 3/3 -o @T/p3.csv", sw), 0);
    /* a sidecar edited: not JSON; a command that does not give its sweep */
    assert_int_equal(system(tp("cp @T/p3.csv.shard @T/p3.keep && echo '{' >@T/p3.csv.shard")),
                     0);
    refused("is not a shard sidecar", "sweep --merge @T/out.csv @T/p1.csv @T/p2.csv @T/p3.csv");
    assert_int_equal(system(tp("sed 's/\"n=3..8\"/\"n=3..7\"/' @T/p1.csv.shard >@T/p1.edit && "
                               "cp @T/p1.edit @T/p1.csv.shard && sed 's/\"n=3..8\"/\"n=3..7\"/' "
                               "@T/p3.keep >@T/p3.csv.shard && sed 's/\"n=3..8\"/\"n=3..7\"/' "
                               "@T/p2.csv.shard >@T/p2.edit && cp @T/p2.edit @T/p2.csv.shard")),
                     0);
    refused("is damaged", "sweep --merge @T/out.csv @T/p1.csv @T/p2.csv @T/p3.csv");
    char *o = text("@T/out.csv");
    assert_string_equal(o, "keep me\n");
    free(o);
}

/* The sidecar: its fields for a shard of a sweep with a --skip (7
 * combinations; shard 2/3 holds combinations 1 and 4, n = 4 and 7, and
 * --skip n=4 leaves one run), and docs/schema/shard.json accepts it and
 * refuses it spoilt (scripts/check-schema.py --planted; skipped without
 * python3's jsonschema). */
static void test_shard_sidecar(void **state)
{
    (void)state;
    assert_int_equal(dcnet(NULL, "sweep net --var n=3..9 --skip n=4 --net ring:{n} --shard 2/3 "
                                 "-o @T/side.csv"),
                     0);
    char *side = text("@T/side.csv.shard");
    assert_non_null(strstr(side, "\"sweep\":\"net --var n=3,4,5,6,7,8,9 --skip n=4 --net "
                                 "ring:{n}\",\"shard\":2,\"shards\":3,\"combinations\":7,"
                                 "\"runs\":1,\"argv\":[\"net\",\"--var\",\"n=3..9\",\"--skip\","
                                 "\"n=4\",\"--net\",\"ring:{n}\"]}\n"));
    free(side);
    char *rows = text("@T/side.csv");
    assert_non_null(strstr(rows, "\n7,0,,ring:7,"));
    assert_null(strstr(rows, "\n4,"));
    free(rows);
    if (system("python3 -c 'import jsonschema' 2>/dev/null") != 0)
        skip();
    char cmd[512];
    snprintf(cmd, sizeof cmd, "python3 scripts/check-schema.py --planted docs/schema shard %s",
             tp("@T/side.csv.shard"));
    assert_int_equal(system(cmd), 0);
    put("@T/bad.shard", "{\"dcnet\":\"0.3.0\",\"sweep\":\"net\",\"shard\":0,\"shards\":3,"
                        "\"combinations\":7,\"runs\":1,\"argv\":[\"net\"]}\n");
    snprintf(cmd, sizeof cmd, "python3 scripts/check-schema.py docs/schema shard %s >/dev/null",
             tp("@T/bad.shard"));
    assert_int_not_equal(system(cmd), 0); /* shard 0 */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shard_round_robin),
        cmocka_unit_test(test_shard_merge_equals_unsharded),
        cmocka_unit_test(test_shard_auto),
        cmocka_unit_test(test_shard_resume),
        cmocka_unit_test(test_shard_merge_refusals),
        cmocka_unit_test(test_shard_sidecar),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_vocab.c - one vocabulary and one schema (issue 29, sections 4 to
 * 6), checked on build/dcnet ($DCNET_BIN): docs/cli.md's table of every
 * option against every command's --help, both ways, and against what each
 * command accepts; every help text within 80 columns; "did you mean";
 * the old spellings and their notes; the --scotch-target advice; CSV
 * columns and values equal to the flattened JSON for every command; the
 * sweep's chart of a text column. Run from the source tree (it reads
 * docs/cli.md).
 */
#include "testutil.h"

#include "../src/report/json.c"
#include "dcnet/embed.h"

#include <math.h>
#include <regex.h>

static const char *const cmds[] = {"net", "tree", "embed", "load", "simulate",
                                   "balance", "exec", "sweep", "demo"};
#define NCMDS ((int)(sizeof cmds / sizeof cmds[0]))

static run_result ok_run(const char *args)
{
    run_result r = run_dcnet(args);
    if (r.status != 0)
        fail_msg("dcnet %s: exit %d, stderr: %s", args, r.status, r.err);
    return r;
}

static void bad_run(const char *args, int status, const char *needle)
{
    run_result r = run_dcnet(args);
    if (r.status != status)
        fail_msg("dcnet %s: exit %d, expected %d (stderr: %s)", args, r.status, status, r.err);
    if (r.out[0] != '\0')
        fail_msg("dcnet %s: printed on stdout despite the error: %s", args, r.out);
    if (needle && !strstr(r.err, needle))
        fail_msg("dcnet %s: stderr '%s' lacks '%s'", args, r.err, needle);
    run_free(&r);
}

/* Under valgrind or ASan a run costs 20 to 500 times more: the tests that
 * run dcnet hundreds of times take a sample there. */
static int slow_runs(void)
{
    return (getenv("DCNET_WRAPPER") && *getenv("DCNET_WRAPPER")) || getenv("ASAN_OPTIONS");
}

/* ------------------------------------------------- options: the table */

/* One option as --help shows it, or as docs/cli.md's table lists it. */
typedef struct optrow {
    char cmd[16], shrt[4], name[32], arg[48];
    int seen;
} optrow;

typedef struct optset {
    optrow *r;
    int n, cap;
} optset;

static void optset_add(optset *s, const char *cmd, const char *shrt, const char *name,
                       const char *arg)
{
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 256;
        s->r = realloc(s->r, (size_t)s->cap * sizeof *s->r);
        assert_non_null(s->r);
    }
    optrow *o = &s->r[s->n++];
    memset(o, 0, sizeof *o);
    snprintf(o->cmd, sizeof o->cmd, "%s", cmd);
    snprintf(o->shrt, sizeof o->shrt, "%s", shrt);
    snprintf(o->name, sizeof o->name, "%s", name);
    snprintf(o->arg, sizeof o->arg, "%s", arg);
}

/* A --help option line: "  -n, --net SPEC    text" or "      --json  text"
 * (the description two or more spaces after the argument, or on the next
 * line). The same pattern the table was written from. */
static regex_t opt_line;

static void help_options(const char *cmd, const char *help, optset *s)
{
    regmatch_t m[7];
    const char *p = help;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), p);
        if (regexec(&opt_line, line, 7, m, 0) == 0) {
            char shrt[4] = "", name[32] = "", arg[48] = "";
            if (m[2].rm_so >= 0)
                snprintf(shrt, sizeof shrt, "%.*s", (int)(m[2].rm_eo - m[2].rm_so),
                         line + m[2].rm_so);
            snprintf(name, sizeof name, "%.*s", (int)(m[3].rm_eo - m[3].rm_so), line + m[3].rm_so);
            if (m[5].rm_so >= 0)
                snprintf(arg, sizeof arg, "%.*s", (int)(m[5].rm_eo - m[5].rm_so),
                         line + m[5].rm_so);
            optset_add(s, cmd, shrt, name, arg);
        }
        p += len + (e != NULL);
    }
}

/* A table cell: backquotes and surrounding blanks dropped, "\|" as "|". */
static void cell_text(const char *from, const char *to, char *out, size_t cap)
{
    size_t n = 0;
    while (from < to && (*from == ' ' || *from == '`'))
        from++;
    while (to > from && (to[-1] == ' ' || to[-1] == '`'))
        to--;
    for (; from < to && n + 1 < cap; from++)
        if (!(from[0] == '\\' && from + 1 < to && from[1] == '|'))
            out[n++] = *from;
    out[n] = '\0';
}

/* The rows of the table under the heading `title` in docs/cli.md: the
 * first ncols cells of every "| ... |" line after the header. */
static int doc_table(const char *doc, const char *title, char cells[][5][64], int max)
{
    const char *p = strstr(doc, title);
    int n = 0;
    if (!p)
        return -1;
    p = strstr(p, "\n| ");
    if (!p)
        return -1;
    p = strchr(p + 1, '\n'); /* the header */
    p = p ? strchr(p + 1, '\n') : NULL; /* the --- line */
    while (p && p[1] == '|' && n < max) {
        const char *line = p + 1, *end = strchr(line, '\n');
        const char *c = line + 1;
        for (int k = 0; k < 5; k++) {
            const char *bar = c;
            while (bar < end && !(*bar == '|' && bar[-1] != '\\'))
                bar++;
            cell_text(c, bar, cells[n][k], sizeof cells[n][k]);
            c = bar + 1;
            if (c >= end)
                break;
        }
        n++;
        p = end;
    }
    return n;
}

static char *read_doc(void)
{
    char *doc = slurp("docs/cli.md");
    if (!doc[0])
        fail_msg("docs/cli.md not found (run the tests from the source tree)");
    return doc;
}

static char cells[400][5][64];

/* Every option of every --help is a row of docs/cli.md's table with the
 * same short form and argument, and every row is an option of its
 * command's --help (issue 29, item 10). */
static void test_option_table(void **state)
{
    (void)state;
    optset help = {0}, doc = {0};
    for (int c = 0; c < NCMDS; c++) {
        char args[64];
        snprintf(args, sizeof args, "%s --help", cmds[c]);
        run_result r = ok_run(args);
        help_options(cmds[c], r.out, &help);
        run_free(&r);
    }
    char *text = read_doc();
    int n = doc_table(text, "## Every option of every command", cells, 400);
    assert_true(n > 100);
    for (int i = 0; i < n; i++)
        optset_add(&doc, cells[i][0], cells[i][1], cells[i][2], cells[i][3]);
    int bad = 0;
    for (int i = 0; i < help.n; i++) {
        const optrow *h = &help.r[i];
        int found = 0;
        for (int j = 0; j < doc.n && !found; j++) {
            optrow *d = &doc.r[j];
            if (strcmp(h->cmd, d->cmd) || strcmp(h->name, d->name) || strcmp(h->arg, d->arg))
                continue;
            found = 1;
            d->seen = 1;
            if (strcmp(h->shrt, d->shrt)) {
                print_error("%s %s: short form '%s' in --help, '%s' in docs/cli.md\n", h->cmd,
                            h->name, h->shrt, d->shrt);
                bad++;
            }
        }
        if (!found) {
            print_error("%s %s %s: in --help, not in docs/cli.md's table\n", h->cmd, h->name,
                        h->arg);
            bad++;
        }
    }
    for (int j = 0; j < doc.n; j++)
        if (!doc.r[j].seen) {
            print_error("%s %s %s: in docs/cli.md's table, not in --help\n", doc.r[j].cmd,
                        doc.r[j].name, doc.r[j].arg);
            bad++;
        }
    /* one short form, one long option, in every command; -o is where the
     * output goes: --output FILE, and the demo's --out DIR (a name
     * docs/spec/cli.md pins) */
    for (int i = 0; i < help.n; i++)
        for (int j = 0; j < help.n; j++)
            if (help.r[i].shrt[0] && !strcmp(help.r[i].shrt, help.r[j].shrt) &&
                strcmp(help.r[i].name, help.r[j].name) &&
                !(!strcmp(help.r[i].shrt, "-o") && !strcmp(help.r[i].cmd, "demo")) &&
                !(!strcmp(help.r[j].shrt, "-o") && !strcmp(help.r[j].cmd, "demo"))) {
                print_error("%s is %s in %s but %s in %s\n", help.r[i].shrt, help.r[i].name,
                            help.r[i].cmd, help.r[j].name, help.r[j].cmd);
                bad++;
            }
    assert_true(help.n > 100);
    free(text);
    free(help.r);
    free(doc.r);
    if (bad)
        fail_msg("%d differences between the --help texts and docs/cli.md", bad);
}

/* What each command accepts is what its --help lists, plus the old
 * spellings of docs/cli.md: every long name of every --help is tried on
 * every command ("--NAME=1" then an option no command has; an accepted
 * NAME lets the run reach the second, or stop at NAME's own value). The
 * sweep passes unknown options to its CMD and is left out. Not under
 * valgrind or ASan (about 1000 runs). */
static void test_accepted_options(void **state)
{
    (void)state;
    if (slow_runs())
        skip();
    optset help = {0};
    for (int c = 0; c < NCMDS; c++) {
        char args[64];
        snprintf(args, sizeof args, "%s --help", cmds[c]);
        run_result r = ok_run(args);
        help_options(cmds[c], r.out, &help);
        run_free(&r);
    }
    char *text = read_doc();
    int nold = doc_table(text, "## Old spellings", cells, 400);
    assert_true(nold >= 5);
    int bad = 0, runs = 0;
    for (int c = 0; c < NCMDS; c++) {
        if (strcmp(cmds[c], "sweep") == 0)
            continue;
        for (int i = 0; i < help.n; i++) {
            const char *name = help.r[i].name;
            int dup = 0, listed = 0, exact = 0, old = 0;
            for (int j = 0; j < i; j++)
                dup |= !strcmp(help.r[j].name, name);
            if (dup || !strcmp(name, "--help"))
                continue;
            for (int j = 0; j < help.n; j++)
                if (!strcmp(help.r[j].cmd, cmds[c])) {
                    listed |= !strncmp(help.r[j].name, name, strlen(name)); /* or abbreviated */
                    exact |= !strcmp(help.r[j].name, name);
                }
            for (int j = 0; j < nold; j++)
                old |= !strcmp(cells[j][0], cmds[c]) && !strncmp(cells[j][1], name, strlen(name)) &&
                       (cells[j][1][strlen(name)] == ' ' || !cells[j][1][strlen(name)]);
            char args[160], unknown[80], ambiguous[80];
            snprintf(args, sizeof args, "%s %s=1 --zz-no-such-option", cmds[c], name);
            run_result r = run_dcnet(args);
            runs++;
            snprintf(unknown, sizeof unknown, "unknown option '%s'", name);
            snprintf(ambiguous, sizeof ambiguous, "option '%s' is ambiguous", name);
            int refused = strstr(r.err, unknown) || strstr(r.err, ambiguous);
            if (r.status < 0 || r.status > 2) {
                print_error("dcnet %s: exit %d\n", args, r.status);
                bad++;
            } else if (!refused && !listed && !old) {
                print_error("dcnet %s: accepted, but not in its --help\n", args);
                bad++;
            } else if (refused && exact) {
                print_error("dcnet %s: in --help, but refused: %s\n", args, r.err);
                bad++;
            }
            run_free(&r);
        }
    }
    free(text);
    free(help.r);
    assert_true(runs > 500);
    if (bad)
        fail_msg("%d options accepted and documented differently", bad);
}

/* Every line of every --help and `dcnet help TOPIC` fits 80 columns
 * (issue 29, item 13; test-man.sh checks the man page). */
static void test_help_width(void **state)
{
    (void)state;
    static const char *const texts[] = {
        "--help",           "help nets",      "help trees",   "help maps",
        "help formats",     "help apps",      "net --help",   "tree --help",
        "embed --help",     "load --help",    "simulate --help", "balance --help",
        "exec --help",      "sweep --help",   "demo --help"};
    int bad = 0;
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
        run_result r = ok_run(texts[t]);
        int line = 1;
        for (const char *p = r.out; *p; line++) {
            size_t len = strcspn(p, "\n");
            if (len > 80) {
                print_error("dcnet %s, line %d: %zu columns: %.*s\n", texts[t], line, len,
                            (int)len, p);
                bad++;
            }
            p += len + (p[len] == '\n');
        }
        run_free(&r);
    }
    if (bad)
        fail_msg("%d help lines over 80 columns", bad);
}

/* `dcnet help trees` lists file:PATH, `help nets` the .tgt files,
 * `simulate --help` --scotch-target (issue 29, item 13). */
static void test_help_topics(void **state)
{
    (void)state;
    run_result r = ok_run("help trees");
    assert_non_null(strstr(r.out, "\n  file:PATH "));
    run_free(&r);
    r = ok_run("help nets");
    assert_non_null(strstr(r.out, ".tgt"));
    run_free(&r);
    r = ok_run("simulate --help");
    assert_non_null(strstr(r.out, "\n      --scotch-target T "));
    assert_non_null(strstr(r.out, "\n      --scotch-strategy S "));
    run_free(&r);
}

/* ------------------------------------------------------ did you mean */

/* A misspelt option of every command names the right one (issue 29, item
 * 11): one letter dropped from each of a few of its options. */
static void test_did_you_mean(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"net --net ring:4 --neigbors 1", "--neighbors"},
        {"net --net ring:4 --formta dot", "--format"},
        {"tree --tree cbt:2 --formt csv", "--format"},
        {"embed --net ring:4 --tree cbt:2 --map random --contnetion timed", "--contention"},
        {"embed --net ring:4 --tree cbt:2 --map random --save-plce x", "--save-place"},
        {"load --net ring:4 --tree cbt:2 --walk 1 --trails 3", "--trials"},
        {"load --net ring:4 --tree cbt:2 --walk 1 --sav-loads x", "--save-loads"},
        {"simulate --net ring:4 --tree cbt:2 --map random --stge both", "--stage"},
        {"simulate --net ring:4 --tree cbt:2 --map random --link-stast x", "--link-stats"},
        {"simulate --net ring:4 --tree cbt:2 --map random --tree-wrok use", "--tree-work"},
        {"balance --net ddb:3 --loads const:1 --rotues shortest", "--routes"},
        {"exec mergesort --wokers 2", "--workers"},
        {"exec mergesort --bakcend mpi", "--backend"},
        {"demo --out x --qiuck", "--quick"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char want[80];
        snprintf(want, sizeof want, "did you mean '%s'?", cases[i][1]);
        bad_run(cases[i][0], 2, want);
    }
    /* nothing near: no guess */
    run_result r = run_dcnet("net --net ring:4 --qqqqqqq");
    assert_int_equal(r.status, 2);
    assert_non_null(strstr(r.err, "unknown option '--qqqqqqq'"));
    assert_null(strstr(r.err, "did you mean"));
    run_free(&r);
}

/* ---------------------------------------------------- old spellings */

/* out's text without the lines that vary from run to run (exec's
 * seconds): compared as is otherwise. */
static void same_output(const char *old, const char *now, const char *note)
{
    run_result a = run_dcnet(old), b = ok_run(now);
    if (a.status != 0)
        fail_msg("dcnet %s: exit %d: %s", old, a.status, a.err);
    if (strcmp(a.out, b.out) != 0)
        fail_msg("dcnet %s and dcnet %s differ:\n%s\n%s", old, now, a.out, b.out);
    if (!strstr(a.err, note) || !strstr(a.err, "the old spelling still works"))
        fail_msg("dcnet %s: no note '%s' on stderr: %s", old, note, a.err);
    if (b.err[0])
        fail_msg("dcnet %s: stderr not empty: %s", now, b.err);
    run_free(&a);
    run_free(&b);
}

/* Each old spelling of docs/cli.md does what the new one does, with a
 * note; the values of the other meaning are refused, no file written
 * (issue 29, item 10). */
static void test_old_spellings(void **state)
{
    (void)state;
    same_output("balance --net ddb:4 --loads random:1:8 --routing shortest --json",
                "balance --net ddb:4 --loads random:1:8 --routes shortest --json",
                "--routing is now --routes");
    same_output("load --net ring:6 --tree cbt:3 -w 2 --json",
                "load --net ring:6 --tree cbt:3 --walk 2 --json", "-w DELTA is now --walk DELTA");
    same_output("load --net ring:6 --tree cbt:3 --walk 2 --loads @T/old.txt --json",
                "load --net ring:6 --tree cbt:3 --walk 2 --save-loads @T/new.txt --json",
                "--loads is now --save-loads");
    char *x = slurp(tp("@T/old.txt")), *y = slurp(tp("@T/new.txt"));
    assert_true(x[0] && strcmp(x, y) == 0);
    free(x);
    free(y);
    same_output("simulate --net mesh:4x4 --tree binomial:4 --map dccube --links @T/old.csv --json",
                "simulate --net mesh:4x4 --tree binomial:4 --map dccube --link-stats @T/new.csv "
                "--json",
                "--links is now --link-stats");
    x = slurp(tp("@T/old.csv"));
    y = slurp(tp("@T/new.csv"));
    assert_true(x[0] && strcmp(x, y) == 0);
    free(x);
    free(y);
    run_result w = ok_run("tree --tree binomial:3 --format csv -o @T/t.csv");
    run_free(&w);
    /* a tree without work: --tree-work is only checked */
    same_output("simulate --net mesh:2x4 --tree file:@T/t.csv --map identity --work ignore --json",
                "simulate --net mesh:2x4 --tree file:@T/t.csv --map identity --tree-work ignore "
                "--json",
                "--work use|ignore is now --tree-work use|ignore");
    /* exec: -n NUMBER is the old --n, -n SPEC the network */
    run_result a = ok_run("exec max -n 5000 --workers 2 --json");
    assert_true(json_num(a.out, "n") == 5000);
    assert_non_null(strstr(a.err, "-n SIZE is now --n SIZE"));
    run_free(&a);
    a = ok_run("exec max --n 5000 -n ring:2 --map identity --workers 2 --json");
    assert_true(json_num(a.out, "n") == 5000);
    assert_non_null(strstr(a.out, "\"net\":\"ring:2\""));
    assert_true(a.err[0] == '\0');
    run_free(&a);
    /* the other meaning's keywords: refused, no file */
    bad_run("simulate --net mesh:2x2 --tree binomial:2 --map dccube --links directed", 2,
            "'directed' is a value of embed's --links");
    bad_run("exec matchain --net ring:2 --links undirected", 2,
            "'undirected' is a value of embed's --links");
    bad_run("load --net ring:4 --tree cbt:2 --walk 1 --loads random:1:16", 2,
            "'random:1:16' is a value of balance's --loads");
    assert_true(access("directed", F_OK) != 0 && access("undirected", F_OK) != 0);
    /* an option taken for a file name */
    bad_run("net --net ring:4 --format dot -o --json", 2, "the file name looks like an option");
    bad_run("simulate --net mesh:2x2 --tree binomial:2 --map dccube --svg -x", 2,
            "the file name looks like an option");
    assert_true(access("--json", F_OK) != 0 && access("-x", F_OK) != 0);
}

/* ------------------------------------------------- --scotch-target */

/* The figures --scotch-target's help gives (issue 29, item 12; issue 31):
 * on fattree:4:3, deco0 places B(6) with average dilation 4.98 and 74
 * conflicts, deco2 2.86 and 0, and auto takes SCOTCH's tleaf (native:
 * 2.57 and 0); deco0 asked on a network with switches is warned about on
 * stderr; on one without switches and no architecture of SCOTCH's own
 * (de Bruijn) auto is deco0 and no warning is printed. */
static void test_scotch_target(void **state)
{
    (void)state;
    if (!dn_have_scotch())
        skip();
    run_result r = ok_run("embed --net fattree:4:3 --tree binomial:6 --map scotch "
                          "--scotch-target deco0 --json");
    assert_non_null(strstr(r.out, "\"scotch_target\":\"deco0\""));
    assert_true(fabs(json_num(r.out, "average") - 4.98) < 0.005); /* dilation's, first */
    assert_true(json_num(r.out, "conflicts") == 74);
    assert_non_null(strstr(r.err, "warning: --scotch-target deco0 on fattree:4:3, a network "
                                  "with switches"));
    run_free(&r);
    r = ok_run("embed --net fattree:4:3 --tree binomial:6 --map scotch --scotch-target deco2 "
               "--json");
    assert_non_null(strstr(r.out, "\"scotch_target\":\"deco2\""));
    assert_true(fabs(json_num(r.out, "average") - 2.86) < 0.005);
    assert_true(json_num(r.out, "conflicts") == 0);
    run_free(&r);
    r = ok_run("embed --net fattree:4:3 --tree binomial:6 --map scotch --json");
    assert_non_null(strstr(r.out, "\"scotch_target\":\"native\""));
    assert_true(fabs(json_num(r.out, "average") - 2.57) < 0.005);
    assert_true(json_num(r.out, "conflicts") == 0);
    assert_true(r.err[0] == '\0');
    run_free(&r);
    r = ok_run("simulate --net fattree:4:3 --tree binomial:6 --map scotch:deco0 --json");
    assert_non_null(strstr(r.err, "warning: --scotch-target deco0"));
    run_free(&r);
    r = ok_run("embed --net debruijn:6 --tree binomial:6 --map scotch --json");
    assert_non_null(strstr(r.out, "\"scotch_target\":\"deco0\""));
    assert_true(r.err[0] == '\0');
    run_free(&r);
    r = ok_run("embed --help");
    assert_non_null(strstr(r.out, "4.98"));
    assert_non_null(strstr(r.out, "2.86"));
    assert_non_null(strstr(r.out, "2.57"));
    assert_null(strstr(r.out, "the stronger), deco2")); /* the old claim, unqualified */
    run_free(&r);
}

/* ------------------------------------------- CSV: the JSON flattened */

/* A table of strings: the CSV that an output's JSON flattens to, or the
 * CSV a command printed. */
typedef struct strtab {
    char **cell; /* rows x cols, row 0 the header; NULL: an empty field */
    int rows, cols, cap;
} strtab;

static void tab_free(strtab *t)
{
    for (int i = 0; i < t->rows * t->cols; i++)
        free(t->cell[i]);
    free(t->cell);
    memset(t, 0, sizeof *t);
}

static char **tab_row(strtab *t)
{
    if ((t->rows + 1) * t->cols > t->cap) {
        t->cap = 2 * (t->rows + 1) * t->cols + 64;
        t->cell = realloc(t->cell, (size_t)t->cap * sizeof *t->cell);
        assert_non_null(t->cell);
    }
    char **r = t->cell + t->rows * t->cols;
    for (int c = 0; c < t->cols; c++)
        r[c] = NULL;
    t->rows++;
    return r;
}

/* RFC 4180 text into t (the header's width sets cols; a row of another
 * width fails the test). */
static void csv_parse(const char *s, strtab *t, const char *what)
{
    memset(t, 0, sizeof *t);
    char *fields[512];
    while (*s) {
        int n = 0;
        for (;;) {
            char buf[4096];
            size_t len = 0;
            if (*s == '"') {
                for (s++; *s && !(*s == '"' && s[1] != '"'); s++) {
                    if (*s == '"')
                        s++;
                    if (len + 1 < sizeof buf)
                        buf[len++] = *s;
                }
                if (*s == '"')
                    s++;
            } else {
                while (*s && *s != ',' && *s != '\n')
                    if (len + 1 < sizeof buf)
                        buf[len++] = *s++;
                    else
                        s++;
            }
            buf[len] = '\0';
            assert_true(n < 512);
            fields[n++] = len ? strdup(buf) : NULL;
            if (*s == ',') {
                s++;
                continue;
            }
            if (*s == '\n')
                s++;
            break;
        }
        if (t->rows == 0)
            t->cols = n;
        if (n != t->cols)
            fail_msg("%s: CSV row %d has %d fields, the header %d", what, t->rows, n, t->cols);
        char **r = tab_row(t);
        for (int c = 0; c < n; c++)
            r[c] = fields[c];
    }
}

/* The index of name among the n names, or -1. */
static int find_name(char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (names[i] && strcmp(names[i], name) == 0)
            return i;
    return -1;
}

/* The CSV a JSON object flattens to (docs/cli.md, "One output schema"):
 * the head's scalars, then each array of objects ARRAY[i].KEY as column
 * ARRAY.KEY ("runs": KEY), one row per item, the head's values on every
 * row; no item: one row of the head. null is the empty field. */
static void json_to_csv(const char *json, strtab *t, const char *what)
{
    jflat j;
    dn_err err;
    if (jflat_parse(&j, json, &err))
        fail_msg("%s: not JSON: %s", what, err.msg);
    char *cols[512];
    int ncol = 0, nhead = 0;
    /* columns: head keys first, in order; then item keys by array */
    char arrays[8][64];
    int narr = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < j.n; i++) {
            const char *k = j.key[i], *br = strchr(k, '[');
            if (!br && pass == 0) {
                assert_true(ncol < 512);
                cols[ncol++] = strdup(k);
                nhead++;
            } else if (br && pass == 1) {
                char arr[64], name[700];
                snprintf(arr, sizeof arr, "%.*s", (int)(br - k), k);
                const char *rest = strchr(br, ']');
                assert_non_null(rest);
                assert_true(rest[1] == '.'); /* arrays hold objects */
                snprintf(name, sizeof name, "%s%s%s", strcmp(arr, "runs") ? arr : "",
                         strcmp(arr, "runs") ? "." : "", rest + 2);
                int a = 0;
                while (a < narr && strcmp(arrays[a], arr))
                    a++;
                if (a == narr)
                    snprintf(arrays[narr++], sizeof arrays[0], "%s", arr);
                if (find_name(cols, ncol, name) < 0) {
                    assert_true(ncol < 512);
                    cols[ncol++] = strdup(name);
                }
            }
        }
    memset(t, 0, sizeof *t);
    t->cols = ncol;
    char **h = tab_row(t);
    for (int c = 0; c < ncol; c++)
        h[c] = cols[c];
    /* rows: per array, per index */
    int items = 0;
    for (int a = 0; a < narr; a++)
        for (long idx = 0;; idx++) {
            char pre[96];
            int len = snprintf(pre, sizeof pre, "%s[%ld].", arrays[a], idx), any = 0;
            char **r = NULL;
            for (int i = 0; i < j.n; i++) {
                if (strncmp(j.key[i], pre, (size_t)len) != 0)
                    continue;
                if (!r) {
                    r = tab_row(t);
                    h = t->cell; /* (moved by realloc) */
                    for (int i2 = 0; i2 < j.n; i2++)
                        if (!strchr(j.key[i2], '[') && strcmp(j.val[i2], "null"))
                            r[find_name(h, nhead, j.key[i2])] = strdup(j.val[i2]);
                }
                char name[700];
                snprintf(name, sizeof name, "%s%s%s", strcmp(arrays[a], "runs") ? arrays[a] : "",
                         strcmp(arrays[a], "runs") ? "." : "", j.key[i] + len);
                if (strcmp(j.val[i], "null"))
                    r[find_name(h, ncol, name)] = strdup(j.val[i]);
                any = 1;
            }
            if (!any)
                break;
            items++;
        }
    if (items == 0) {
        char **r = tab_row(t);
        for (int i = 0; i < j.n; i++)
            if (strcmp(j.val[i], "null"))
                r[find_name(t->cell, nhead, j.key[i])] = strdup(j.val[i]);
    }
    jflat_free(&j);
}

/* Keys whose values differ from run to run (wall-clock times, and the
 * threads' share of a dynamic run): compared by name only. */
static int volatile_key(const char *k)
{
    static const char *const v[] = {"seconds", "worker_idle", "worker_tasks", "max_worker_tasks",
                                    "steals", "steal_attempts", "map_seconds", NULL};
    for (int i = 0; v[i]; i++)
        if (strncmp(k, v[i], strlen(v[i])) == 0)
            return 1;
    return 0;
}

static void csv_is_json(const char *args)
{
    char a1[1024], a2[1024];
    snprintf(a1, sizeof a1, "%s --json", args);
    snprintf(a2, sizeof a2, "%s --csv", args);
    run_result j = run_dcnet(a1), c = run_dcnet(a2);
    if (j.status != c.status || (j.status != 0 && j.status != 1) || !j.out[0])
        fail_msg("dcnet %s: exit %d (--json) and %d (--csv): %s", args, j.status, c.status,
                 j.err);
    strtab want, got;
    json_to_csv(j.out, &want, a1);
    csv_parse(c.out, &got, a2);
    if (want.cols != got.cols)
        fail_msg("dcnet %s: CSV has %d columns, the JSON flattens to %d", args, got.cols,
                 want.cols);
    for (int col = 0; col < want.cols; col++)
        if (strcmp(want.cell[col], got.cell[col] ? got.cell[col] : ""))
            fail_msg("dcnet %s: CSV column %d is '%s', the JSON's key '%s'", args, col + 1,
                     got.cell[col], want.cell[col]);
    if (want.rows != got.rows)
        fail_msg("dcnet %s: CSV has %d rows, the JSON flattens to %d", args, got.rows - 1,
                 want.rows - 1);
    for (int r = 1; r < want.rows; r++)
        for (int col = 0; col < want.cols; col++) {
            const char *w = want.cell[r * want.cols + col], *g = got.cell[r * got.cols + col];
            if (volatile_key(want.cell[col]) && (w != NULL) == (g != NULL))
                continue;
            if (strcmp(w ? w : "", g ? g : ""))
                fail_msg("dcnet %s: row %d, %s: CSV '%s', JSON '%s'", args, r, want.cell[col],
                         g ? g : "", w ? w : "(null)");
        }
    tab_free(&want);
    tab_free(&got);
    run_free(&j);
    run_free(&c);
}

/* For every command and every kind of output (one record, listings, runs,
 * several listings at once, a deadlock's cycle), the CSV's columns are
 * the flattened JSON's keys and its rows the same values (issue 29, item
 * 14: balance --algo all --csv dropped 5 columns, load --walk 1,2 --csv
 * net, tree and processors, per-step listings their run). */
static void test_csv_is_json(void **state)
{
    (void)state;
    static const char *const runs[] = {
        "net --net debruijn:4",
        "net --net mesh:3x3 --neighbors 1,1",
        "net --net mesh:3x3 --from 0",
        "net --net ddb:3 --tree-of down0",
        "tree --tree binomial:3",
        "tree --tree binomial:3 --list",
        "tree --tree repro:20 --seed 3 --list",
        "embed --net debruijn:4 --tree binomial:4 --map zrl",
        "embed --net mesh:4x4 --tree binomial:4 --map dccube --per-phase",
        "embed --net mesh:4x4 --tree binomial:4 --map dccube --per-depth",
        "load --net butterfly:3 --tree complete:2:5 --walk 3",
        "load --net butterfly:3 --tree complete:2:5 --walk 1,2",
        "load --net butterfly:3 --tree complete:2:5 --walk 2 --per-level",
        "load --net butterfly:2 --tree complete:2:3 --walk 1 --start all",
        "load --net butterfly:2 --tree complete:2:3 --walk 1 --variant all --trials 3",
        "simulate --net mesh:4x4 --tree binomial:4 --map dccube",
        "simulate --net mesh:4x4 --tree binomial:4 --map dccube --per-step",
        "simulate --net mesh:4x4 --tree binomial:4 --map dccube --per-step --critical",
        "simulate --net mesh:2x2 --tree binomial:2 --map dccube --all-roots --per-step",
        "simulate --net ring:8 --trace examples/msgs.txt -w wormhole --hop 1",
        "balance --net ddb:4 --loads random:1:16",
        "balance --net ddb:4 --loads random:1:16 --algo all",
        "balance --net ddb:3 --lemma3",
        "exec mergesort --n 10000 --workers 2",
        "exec nqueens --n 6 --dynamic --workers 2",
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++)
        csv_is_json(runs[i]);
}

/* The sweep's rows: its CSV and its JSON lines hold the same fields (a
 * key a run lacks is the empty field). */
static void sweep_csv_is_json(const char *args)
{
    char a1[512], a2[512];
    snprintf(a1, sizeof a1, "sweep %s --json", args);
    snprintf(a2, sizeof a2, "sweep %s --csv", args);
    run_result j = ok_run(a1), c = ok_run(a2);
    strtab got;
    csv_parse(c.out, &got, a2);
    int row = 1;
    for (const char *p = j.out; *p; row++) {
        const char *e = strchr(p, '\n');
        char *line = strndup(p, e ? (size_t)(e - p) : strlen(p));
        jflat f;
        dn_err err;
        assert_int_equal(jflat_parse(&f, line, &err), DN_OK);
        assert_true(row < got.rows);
        for (int col = 0; col < got.cols; col++) {
            const char *g = got.cell[row * got.cols + col], *w = jflat_get(&f, got.cell[col]);
            if (w && !strcmp(w, "null"))
                w = NULL;
            if (strcmp(g ? g : "", w ? w : ""))
                fail_msg("%s: row %d, %s: CSV '%s', JSON '%s'", a2, row, got.cell[col],
                         g ? g : "", w ? w : "null");
        }
        for (int k = 0; k < f.n; k++)
            assert_true(find_name(got.cell, got.cols, f.key[k]) >= 0);
        jflat_free(&f);
        free(line);
        p = e ? e + 1 : p + strlen(p);
    }
    assert_int_equal(row, got.rows);
    tab_free(&got);
    run_free(&j);
    run_free(&c);
}

/* The sweep's rows: its CSV and its JSON lines hold the same fields, a
 * null or a key a run lacks being the empty field (a null was the text
 * "null" in CSV). */
static void test_sweep_csv_is_json(void **state)
{
    (void)state;
    sweep_csv_is_json("net --var n=sneptree-s:20,ring:4 --net {n}"); /* diameter null */
    sweep_csv_is_json("balance --var a=spanning,diffusion --net ddb:3 --loads const:2 "
                      "--algo {a}");
}

/* One name for a field everywhere (issue 29, item 14): the network is
 * "net", the tree "tree", the processors "processors" in every command
 * that has them (balance said "n", and had no "net"); balance's routes
 * are "routes", as embed's and simulate's; the sweep's table names its
 * columns in full ("lower_bound.average_extr" was cut); a tree CSV's
 * "bytes" column is bytes_down, as DOT's "bytes" attribute is. */
static void test_schema_names(void **state)
{
    (void)state;
    static const char *const runs[][2] = {
        {"net --net ring:4 --json", "net processors"},
        {"tree --tree binomial:2 --json", "tree"},
        {"embed --net ring:4 --tree binomial:2 --map random --json", "net tree processors"},
        {"load --net ring:4 --tree cbt:2 --walk 1 --json", "net tree processors"},
        {"simulate --net ring:4 --tree binomial:2 --map random --json", "net tree"},
        {"balance --net ddb:2 --loads const:3 --json", "net processors routes"},
        {"balance --net ddb:2 --loads const:3 --algo all --json", "net processors"},
        {"balance --net ddb:2 --lemma3 --json", "net"},
        {"exec max --n 100 --net ring:2 --map identity --workers 2 --json", "net"},
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        run_result r = ok_run(runs[i][0]);
        char keys[64];
        snprintf(keys, sizeof keys, "%s", runs[i][1]);
        for (char *k = strtok(keys, " "); k; k = strtok(NULL, " ")) {
            char want[48];
            snprintf(want, sizeof want, "\"%s\":", k);
            if (!strstr(r.out, want))
                fail_msg("dcnet %s: no key '%s': %s", runs[i][0], k, r.out);
        }
        if (strncmp(runs[i][0], "exec", 4) != 0) /* exec's n is the problem's size */
            assert_null(strstr(r.out, "\"n\":"));
        assert_null(strstr(r.out, "\"routing\":"));
        assert_null(strstr(r.out, "\"work\":"));
        run_free(&r);
    }
    run_result r = ok_run("sweep embed --var n=2 --net debruijn:{n} --tree binomial:{n} "
                          "--map zrl");
    assert_non_null(strstr(r.out, " lower_bound.average_extra "));
    run_free(&r);
    /* bytes in a CSV tree file, as in DOT */
    FILE *f = fopen(tp("@T/b.csv"), "w");
    assert_non_null(f);
    fputs("id,parent,bytes\n0,,\n1,0,100\n2,0,50\n3,1,7\n", f);
    fclose(f);
    f = fopen(tp("@T/b.dot"), "w");
    assert_non_null(f);
    fputs("digraph t { 0 -> 1 [bytes=100]; 0 -> 2 [bytes=50]; 1 -> 3 [bytes=7]; }\n", f);
    fclose(f);
    run_result c = ok_run("tree --tree file:@T/b.csv --list --csv"),
               d = ok_run("tree --tree file:@T/b.dot --list --csv");
    const char *cc = strchr(c.out, '\n'), *dd = strchr(d.out, '\n'); /* past the header */
    assert_non_null(cc);
    assert_non_null(dd);
    assert_non_null(strstr(c.out, "list.bytes_down"));
    /* the rows differ only in the tree's name */
    char *x = strdup(cc), *y = strdup(dd);
    for (char *p = x; (p = strstr(p, "b.csv")); p++)
        memcpy(p, "b.dot", 5);
    assert_string_equal(x, y);
    free(x);
    free(y);
    run_free(&c);
    run_free(&d);
    f = fopen(tp("@T/b2.csv"), "w");
    assert_non_null(f);
    fputs("id,parent,bytes,bytes_down\n0,,,\n", f);
    fclose(f);
    bad_run("tree --tree file:@T/b2.csv", 2, "bytes and bytes_down are one column");
}

/* ------------------------------------------- sweep: a chart of text */

/* The number after `attr="` in the text before end (searching back from
 * end to start), or NAN. */
static double attr_before(const char *start, const char *end, const char *attr)
{
    char pat[32];
    snprintf(pat, sizeof pat, " %s=\"", attr);
    size_t n = strlen(pat);
    for (const char *p = end - n; p >= start; p--)
        if (strncmp(p, pat, n) == 0)
            return strtod(p + n, NULL);
    return NAN;
}

/* --plot x=map,y=time (issue 29, item 16): one point per category at the
 * mean of its runs, an error bar of the standard error where runs repeat,
 * the categories named on the axis in the order of the --var list (not of
 * the runs: --skip makes greedy's first run come last). The means are
 * computed here from the sweep's own JSON rows and placed on the chart's
 * y axis through its tick labels. A text y is refused before the other
 * runs, and before any row when the first run failed. */
static void test_sweep_plot_categories(void **state)
{
    (void)state;
    static const char *const cat[3] = {"greedy", "zrl", "random"};
    run_result r = ok_run("sweep simulate --var s=1,2,3 --var map=greedy,zrl,random --skip "
                          "'map=greedy,s=1' --net debruijn:4 --tree binomial:4 --map {map} "
                          "--seed {s} --plot x=map,y=time --svg @T/cat.svg --json");
    double sum[3] = {0}, sq[3] = {0}, k[3] = {0};
    int first_seen[3] = {-1, -1, -1}, line = 0;
    for (const char *p = r.out; *p; line++) {
        const char *e = strchr(p, '\n');
        char *text = strndup(p, e ? (size_t)(e - p) : strlen(p));
        jflat j;
        dn_err err;
        assert_int_equal(jflat_parse(&j, text, &err), DN_OK);
        const char *m = jflat_get(&j, "map"), *t = jflat_get(&j, "time");
        assert_non_null(m);
        assert_non_null(t);
        int c = 0;
        while (c < 3 && strcmp(cat[c], m) != 0)
            c++;
        assert_true(c < 3);
        if (first_seen[c] < 0)
            first_seen[c] = line;
        double y = strtod(t, NULL);
        sum[c] += y;
        sq[c] += y * y;
        k[c]++;
        jflat_free(&j);
        free(text);
        p = e ? e + 1 : p + strlen(p);
    }
    run_free(&r);
    assert_int_equal(line, 8);
    assert_true(first_seen[0] > first_seen[1] && first_seen[0] > first_seen[2]);
    char *svg = slurp(tp("@T/cat.svg"));
    /* the y axis: its first two ticks, value -> pixel */
    const char *t0 = strstr(svg, "text-anchor=\"end\">");
    const char *t1 = t0 ? strstr(t0 + 1, "text-anchor=\"end\">") : NULL;
    assert_non_null(t1);
    double v0 = strtod(t0 + 18, NULL), v1 = strtod(t1 + 18, NULL);
    /* (each tick's grid line comes before its label: its y1 is the value's y) */
    double p0 = attr_before(svg, t0, "y1"), p1 = attr_before(svg, t1, "y1");
    assert_true(v1 != v0 && p1 != p0);
    const char *circ = svg;
    double prev_x = -1;
    for (int c = 0; c < 3; c++) {
        char lab[32];
        snprintf(lab, sizeof lab, ">%s</text>", cat[c]);
        const char *l = strstr(svg, lab);
        if (!l)
            fail_msg("no axis label '%s' in the chart", cat[c]);
        double lx = attr_before(svg, l, "x");
        assert_true(lx > prev_x); /* the --var list's order */
        prev_x = lx;
        /* its point: the next circle, at the label's x and the mean */
        circ = strstr(circ, "<circle cx=\"");
        assert_non_null(circ);
        double cx = strtod(circ + 12, NULL), cy = strtod(strstr(circ, "cy=\"") + 4, NULL);
        double mean = sum[c] / k[c], want = p0 + (mean - v0) * (p1 - p0) / (v1 - v0);
        if (fabs(cx - lx) > 0.05 || fabs(cy - want) > 0.3)
            fail_msg("%s: point at (%.1f, %.1f), its label at x %.1f, its mean %g at y %.1f",
                     cat[c], cx, cy, lx, mean, want);
        /* the error bar: a vertical line at cx, 2 standard errors long,
         * drawn with the points (after the grid, in the clipped box) */
        double var = k[c] > 1 ? (sq[c] - k[c] * mean * mean) / (k[c] - 1) : 0;
        double se = var > 1e-12 ? sqrt(var / k[c]) : 0;
        char bar[64];
        snprintf(bar, sizeof bar, "<line x1=\"%.1f\" y1=\"", cx);
        const char *b = strstr(strstr(svg, "<clipPath") ? strstr(svg, "<clipPath") : svg, bar);
        if (se > 0) {
            assert_non_null(b);
            double y1 = strtod(b + strlen(bar), NULL),
                   y2 = strtod(strstr(b, "y2=\"") + 4, NULL);
            double len = fabs(2 * se * (p1 - p0) / (v1 - v0));
            if (fabs(fabs(y2 - y1) - len) > 0.3)
                fail_msg("%s: error bar %.1f px, 2 standard errors are %.1f px", cat[c],
                         fabs(y2 - y1), len);
        }
        circ++;
    }
    assert_true(k[2] == 3 && sq[2] - sum[2] * sum[2] / 3 > 1e-9); /* random's runs differ */
    free(svg);
    /* a text y is refused, with nothing written */
    bad_run("sweep simulate --var map=zrl,random --net debruijn:3 --tree binomial:3 --map {map} "
            "--plot x=map,y=routes --svg @T/text.svg",
            2, "y=routes is text ('map-edge' in the first run's output)");
    bad_run("sweep simulate --var map=dccube,zrl --net debruijn:3 --tree binomial:3 --map {map} "
            "--plot x=map,y=routes --svg @T/text.svg",
            2, "y=routes is text ('map-edge' in the rows)");
    /* a y that is a --var of text values: refused before any run (no run,
     * so a run that would fail, --net nope, is never reached) */
    bad_run("sweep simulate --var map=zrl,random --net nope --tree binomial:3 --map {map} "
            "--plot x=time,y=map --svg @T/text.svg -o @T/text.csv",
            2, "y=map is text ('zrl' is one of its --var values)");
    assert_true(access(tp("@T/text.csv.runs"), F_OK) != 0);
    assert_true(access(tp("@T/text.svg"), F_OK) != 0);
}

int main(void)
{
    int rc = regcomp(&opt_line,
                     "^  ((-[A-Za-z]), |    )?(--[a-z][a-z0-9-]*)( ([^ ]+))?(  +.*)?$",
                     REG_EXTENDED);
    if (rc)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_option_table),
        cmocka_unit_test(test_accepted_options),
        cmocka_unit_test(test_help_width),
        cmocka_unit_test(test_help_topics),
        cmocka_unit_test(test_did_you_mean),
        cmocka_unit_test(test_old_spellings),
        cmocka_unit_test(test_scotch_target),
        cmocka_unit_test(test_csv_is_json),
        cmocka_unit_test(test_sweep_csv_is_json),
        cmocka_unit_test(test_schema_names),
        cmocka_unit_test(test_sweep_plot_categories),
    };
    rc = cmocka_run_group_tests(tests, NULL, NULL);
    regfree(&opt_line);
    return rc;
}

/*
 * cmd_sweep.c - `dcnet sweep CMD --var NAME=LIST ... [CMD's options]`: runs
 * embed, simulate, load, balance, net or exec for every combination of the variables
 * (`{NAME}` in any option's value is replaced), in parallel, and writes one
 * row per run: the variables, the run's exit status, and every key of the
 * run's JSON output, flattened ("dilation.average"). Issue 21.
 *
 * Every run is dcnet itself, forked and exec'd (cli_spawn) with --json
 * added: exactly the command a user could type, printed by --dry-run.
 * Runs are numbered in the order of the combinations (the first variable
 * outermost); rows are written in that order whatever order the runs
 * finish in, and the columns are the union of the runs' keys in order of
 * first appearance, so the output depends only on the runs' outputs.
 *
 * Resuming: with -o FILE, every finished run's output is appended at once
 * to FILE.runs (journal.c: JSON lines, one per run, after a first line
 * naming the sweep); --resume reads it back (a line cut short by a kill is
 * dropped, any other bad line refused), runs only what is missing, and
 * writes FILE as an uninterrupted sweep would, byte for byte. FILE itself
 * is written at the end, atomically; the journal is made through the same
 * output path (outfile.c), never through a planted link (issue 26, item 9).
 * A fatal signal (outfile.c lists them) stops the runs under way too and
 * waits for them: none goes on alone, and none is journaled as failed.
 *
 * Everything that can be checked is checked before the first run (issue
 * 27, item 20): the options, that -o, FILE.runs and --svg can be created,
 * and --plot's columns, against the first run's output (run alone first).
 *
 * The rows (issue 27, item 16) take time linear in the runs' outputs: the
 * columns are found through a hash table, and each row is written from
 * its run's keys sorted by column, one run parsed at a time.
 *
 * Sharding (issue 40): --shard K/N (or auto, from a Slurm job array)
 * runs combination i only when i mod N = K - 1, the others treated as
 * skipped; its journal's first line names the slice, and a sidecar
 * FILE.shard holds what makes shards "the same sweep" (dcnet's version,
 * the signature, N, the number of combinations) and the words that
 * define it. `--merge OUT FILES...` checks the sidecars, rebuilds the
 * sweep from those words, reads every shard's journal (each must hold
 * all its slice's runs and none of another's), and writes OUT through
 * the same rows code as an unsharded sweep: the same bytes when the runs
 * print the same.
 */
#include "../cli/cli.h"
#include "journal.h"
#include "../cli/plot.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char sweep_help[] =
    "Usage: dcnet sweep CMD --var NAME=LIST... [OPTION]... [CMD's options]\n"
    "  or:  dcnet sweep --merge OUT FILE... [--csv|--json]\n"
    "Run CMD (embed, simulate, load, balance, net or exec) for every combination\n"
    "of the variables, in parallel, and write one row per run: the variables,\n"
    "the run's exit status and every key of its JSON output.\n"
    "\n"
    "  --var NAME=LIST        a variable: LIST is a,b,c or an integer range a..b;\n"
    "                         {NAME} in any of CMD's option values is replaced\n"
    "                         (the first --var varies slowest)\n"
    "  --var A/B=a1/b1,a2/b2  variables that vary together (a1 with b1, ...)\n"
    "      --skip COND        leave out the combinations where COND holds: terms\n"
    "                         NAME OP VALUE joined by ',' (all must hold), OP one\n"
    "                         of = != < <= > >= (numbers compare as numbers);\n"
    "                         repeat --skip for alternatives, e.g. --skip\n"
    "                         'map=scotch:deco0,n>12'\n"
    "  -j, --jobs J           runs at once (default: the online cores; give 1 for\n"
    "                         timed runs, e.g. exec, so that they do not share cores)\n"
    "  -o, --output FILE      write the rows here (CSV, or JSON lines for .jsonl\n"
    "                         and .json or with --json), atomically at the end;\n"
    "                         every finished run is kept in FILE.runs at once\n"
    "                         (FILE, FILE.runs and --svg: three files, none of\n"
    "                         them a file that a run reads or writes)\n"
    "      --resume           read FILE.runs and run only what is missing: the\n"
    "                         same FILE as an uninterrupted sweep, byte for byte\n"
    "      --csv              CSV (the default for -o FILE)\n"
    "      --json             JSON lines: one object per run\n"
    "      --plot SPEC        x=COL,y=COL[,series=COL][,logy]: a chart of the\n"
    "                         rows (mean and standard error where runs share a\n"
    "                         point), written by --svg. y is a column of numbers;\n"
    "                         x of numbers, or of text (one slot per value, in\n"
    "                         the order of its --var list). The columns are\n"
    "                         checked on the first run's output before the\n"
    "                         others run\n"
    "      --svg FILE         where --plot draws\n"
    "      --dry-run          print the commands (quoted for a shell), run nothing\n"
    "      --shard K/N        run the K-th of N slices only (K from 1): combination\n"
    "                         i (from 0, in the order of the rows) is slice\n"
    "                         i mod N + 1's. auto: K and N from a Slurm job\n"
    "                         array's task (SLURM_ARRAY_TASK_ID, _MIN, _MAX, _STEP,\n"
    "                         _COUNT; one range with a fixed step, e.g.\n"
    "                         --array=1-8). Needs -o FILE: FILE.shard says which\n"
    "                         sweep and slice; --resume works as for a sweep\n"
    "      --merge OUT        first, followed by every shard's -o FILE: join their\n"
    "                         rows into OUT, as the unsharded sweep writes -o OUT\n"
    "                         (refused, OUT untouched, when a slice is missing or\n"
    "                         given twice, or the shards are of different sweeps)\n"
    "  -h, --help             show this help\n";
/* (in two parts: C11 promises string literals of 4095 bytes only) */
static const char sweep_help_end[] =
    "\n"
    "Without -o, the rows go to standard output as a table (or --csv, --json).\n"
    "Every other option is CMD's. Exit status 1 if a run failed (its row has\n"
    "its exit status and error), 2 for a bad sweep. At most 100000 runs.\n"
    "A fatal signal (SIGINT, SIGTERM, SIGHUP, ...: see 'dcnet help') stops the\n"
    "runs under way and exits 1; FILE.runs keeps the finished ones (--resume).\n"
    "\n"
    "Examples:\n"
    "  dcnet sweep embed --var n=4..12 --var map=zrl,scotch,random \\\n"
    "      --net debruijn:{n} --tree binomial:{n} --map {map} --csv -o out.csv\n"
    "  dcnet sweep simulate --var k=2..5 --net mesh:{k}x{k} --tree binomial:{k} \\\n"
    "      --map greedy --json\n"
    "  dcnet sweep embed --var n=4..10 --var map=zrl,random --net debruijn:{n} \\\n"
    "      --tree binomial:{n} --map {map} -o d.csv \\\n"
    "      --plot x=n,y=dilation.average,series=map --svg d.svg\n"
    "  sbatch --array=1-4 --wrap 'dcnet sweep embed --var n=4..12 --net \\\n"
    "      debruijn:{n} --tree binomial:{n} --map zrl --shard auto \\\n"
    "      -o part-$SLURM_ARRAY_TASK_ID.csv'\n"
    "  dcnet sweep --merge out.csv part-1.csv part-2.csv part-3.csv part-4.csv\n";

static void print_help(void)
{
    fputs(sweep_help, stdout);
    fputs(sweep_help_end, stdout);
}

#define MAX_RUNS 100000
#define TABLE_CELL_MAX 40 /* a table's cells are cut past this (never its column names) */
#define MAX_VARS 16
#define MAX_SKIPS 32
#define MAX_TERMS 8

/* --skip: a conjunction of terms NAME OP VALUE over the variables */
enum { OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE };
typedef struct term {
    char name[32], value[64];
    int var, op;
} term;
typedef struct skip {
    term t[MAX_TERMS];
    int n;
} skip;

typedef struct var {
    char name[32];
    char **val;
    int n;
    int leader; /* -1: a dimension of the sweep; else the var whose value
                 * index this one shares (--var a/b=1/x,2/y) */
} var;

typedef sweep_run run;

typedef struct sweep {
    const char *cmd, *self;
    var vars[MAX_VARS];
    int nvars;
    skip skips[MAX_SKIPS];
    int nskips;
    const char *skip_text[MAX_SKIPS];
    const char *var_text[MAX_VARS]; /* each --var as given (a group is one) */
    int nvar_text;
    int64_t nskipped;
    /* --shard K/N: this sweep runs combination i only when i mod N is
     * K - 1 (shard 0: not sharded); shard_auto until K and N are read
     * from Slurm's environment (sweep_check) */
    int64_t shard, shards;
    int shard_auto;
    char **args; /* CMD's options, with {NAME}s */
    int nargs;
    int64_t total;
    run *runs;
    /* the runs under way (dn_parallel_for hands them out) */
    pthread_mutex_t mu;
    int64_t finished, failed;
    FILE *journal;
    int tty;
    double t0, last;
} sweep;

/* ------------------------------------------------------------ variables */

static int parse_var(const char *cmd, sweep *S, const char *spec);

/* --var A/B/..=a1/b1,a2/b2,...: variables that vary together, one value
 * of each per item (no product between them) */
static int parse_group(const char *cmd, sweep *S, const char *spec)
{
    const char *eq = strchr(spec, '=');
    char names[128];
    if (!eq || (size_t)(eq - spec) >= sizeof names)
        return cli_usage(cmd, "--var takes NAME=LIST or A/B=a1/b1,a2/b2, not '%s'", spec);
    snprintf(names, sizeof names, "%.*s", (int)(eq - spec), spec);
    int first = S->nvars, k = 0;
    for (char *save = NULL, *nm = strtok_r(names, "/", &save); nm;
         nm = strtok_r(NULL, "/", &save), k++) {
        char one[64];
        snprintf(one, sizeof one, "%s=x", nm); /* checks the name, adds the var */
        int rc = parse_var(cmd, S, one);
        if (rc)
            return rc;
        var *v = &S->vars[S->nvars - 1];
        free(v->val[0]);
        free(v->val);
        v->val = NULL;
        v->n = 0;
        v->leader = k ? first : -1;
    }
    if (k < 2)
        return cli_usage(cmd, "--var %s: a group needs two names or more (A/B=...)", names);
    for (const char *p = eq + 1;; p = strchr(p, ',') + 1) {
        size_t len = strcspn(p, ",");
        const char *q = p;
        for (int j = 0; j < k; j++) {
            size_t fl = strcspn(q, "/,");
            if (fl == 0 || (j + 1 < k) != (q[fl] == '/'))
                return cli_usage(cmd, "--var %.*s: '%.*s' needs %d values joined by '/'",
                                 (int)(eq - spec), spec, (int)len, p, k);
            var *v = &S->vars[first + j];
            char **nv = realloc(v->val, (size_t)(v->n + 1) * sizeof *nv);
            if (nv)
                v->val = nv; /* (each value is freed by free_sweep, on error too) */
            if (!nv || !(nv[v->n] = strndup(q, fl)))
                return cli_fail(cmd, DN_ENOMEM, "out of memory");
            v->n++;
            q += fl + 1;
        }
        if (!p[len])
            break;
        if (S->vars[first].n == MAX_RUNS)
            return cli_usage(cmd, "--var: more than %d values", MAX_RUNS);
    }
    return 0;
}

static int parse_var(const char *cmd, sweep *S, const char *spec)
{
    const char *eq = strchr(spec, '=');
    if (eq && memchr(spec, '/', (size_t)(eq - spec)))
        return parse_group(cmd, S, spec);
    if (!eq || eq == spec || eq - spec >= 32)
        return cli_usage(cmd, "--var takes NAME=LIST (e.g. n=4..12 or map=zrl,random), not '%s'",
                         spec);
    if (S->nvars == MAX_VARS)
        return cli_usage(cmd, "at most %d --var", MAX_VARS);
    var *v = &S->vars[S->nvars];
    memset(v, 0, sizeof *v);
    v->leader = -1;
    memcpy(v->name, spec, (size_t)(eq - spec));
    for (const char *c = v->name; *c; c++)
        if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
              (c > v->name && *c >= '0' && *c <= '9')))
            return cli_usage(cmd, "--var: '%s' is not a name (letters, digits, _)", v->name);
    for (int i = 0; i < S->nvars; i++)
        if (strcmp(S->vars[i].name, v->name) == 0)
            return cli_usage(cmd, "--var %s is given twice", v->name);
    S->nvars++; /* from here on free_sweep frees its values, after an error too */
    const char *list = eq + 1, *dots = strstr(list, "..");
    dn_err e;
    if (dots && !strchr(list, ',')) { /* a range a..b */
        char a[32], b[32];
        int64_t lo, hi;
        if (dots - list >= 32 || strlen(dots + 2) >= 32)
            return cli_usage(cmd, "--var %s: a range is a..b with integers", v->name);
        snprintf(a, sizeof a, "%.*s", (int)(dots - list), list);
        snprintf(b, sizeof b, "%s", dots + 2);
        if (dn_parse_i64(a, 0, INT64_MAX, "the range's start", &lo, &e) ||
            dn_parse_i64(b, 0, INT64_MAX, "the range's end", &hi, &e))
            return cli_usage(cmd, "--var %s: %s", v->name, cli_errmsg(&e));
        if (hi < lo || hi - lo >= MAX_RUNS)
            return cli_usage(cmd, "--var %s: the range %lld..%lld is empty or longer than %d",
                             v->name, (long long)lo, (long long)hi, MAX_RUNS);
        v->val = calloc((size_t)(hi - lo + 1), sizeof *v->val);
        v->n = v->val ? (int)(hi - lo + 1) : 0;
        for (int i = 0; v->val && i < v->n; i++) {
            char t[32];
            snprintf(t, sizeof t, "%lld", (long long)(lo + i));
            if (!(v->val[i] = strdup(t)))
                return cli_fail(cmd, DN_ENOMEM, "out of memory");
        }
    } else { /* a list a,b,c */
        for (const char *p = list;; p = strchr(p, ',') + 1) {
            size_t len = strcspn(p, ",");
            if (len == 0)
                return cli_usage(cmd, "--var %s: an empty value in '%s'", v->name, list);
            char **nv = realloc(v->val, (size_t)(v->n + 1) * sizeof *nv);
            if (nv)
                v->val = nv;
            if (!nv || !(nv[v->n] = strndup(p, len)))
                return cli_fail(cmd, DN_ENOMEM, "out of memory");
            v->n++;
            if (!p[len])
                break;
            if (v->n == MAX_RUNS)
                return cli_usage(cmd, "--var %s: more than %d values", v->name, MAX_RUNS);
        }
    }
    if (!v->val)
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    return 0;
}

/* run i's value of variable k (the first variable varies slowest) */
static const char *value_of(const sweep *S, int64_t i, int k)
{
    const int d = S->vars[k].leader >= 0 ? S->vars[k].leader : k; /* its dimension */
    for (int j = S->nvars - 1; j > d; j--)
        if (S->vars[j].leader < 0)
            i /= S->vars[j].n;
    return S->vars[k].val[i % S->vars[d].n];
}

/* Parses one --skip (the variables are resolved later: skip_resolve). */
static int parse_skip(const char *cmd, sweep *S, const char *spec)
{
    if (S->nskips == MAX_SKIPS)
        return cli_usage(cmd, "at most %d --skip", MAX_SKIPS);
    skip *k = &S->skips[S->nskips];
    memset(k, 0, sizeof *k);
    for (const char *p = spec;;) {
        size_t len = strcspn(p, ",");
        if (k->n == MAX_TERMS)
            return cli_usage(cmd, "--skip: at most %d terms in '%s'", MAX_TERMS, spec);
        term *t = &k->t[k->n++];
        size_t nl = strcspn(p, "=!<>");
        if (nl == 0 || nl >= len || nl >= sizeof t->name)
            return cli_usage(cmd, "--skip: '%.*s' is not NAME OP VALUE (e.g. n>12, map=zrl)",
                             (int)len, p);
        memcpy(t->name, p, nl);
        const char *o = p + nl;
        int ol = 1;
        if (o[0] == '!' && o[1] == '=')
            t->op = OP_NE, ol = 2;
        else if (o[0] == '<')
            t->op = o[1] == '=' ? (ol = 2, OP_LE) : OP_LT;
        else if (o[0] == '>')
            t->op = o[1] == '=' ? (ol = 2, OP_GE) : OP_GT;
        else if (o[0] == '=')
            t->op = OP_EQ;
        else
            return cli_usage(cmd, "--skip: '%.*s' has no operator (= != < <= > >=)", (int)len,
                             p);
        size_t vl = len - nl - (size_t)ol;
        if (vl == 0 || vl >= sizeof t->value)
            return cli_usage(cmd, "--skip: '%.*s' needs a value after its operator", (int)len, p);
        memcpy(t->value, o + ol, vl);
        if (!p[len])
            break;
        p += len + 1;
    }
    S->skip_text[S->nskips++] = spec;
    return 0;
}

static int skip_resolve(const char *cmd, sweep *S)
{
    for (int s = 0; s < S->nskips; s++)
        for (int k = 0; k < S->skips[s].n; k++) {
            term *t = &S->skips[s].t[k];
            t->var = -1;
            for (int v = 0; v < S->nvars; v++)
                if (strcmp(S->vars[v].name, t->name) == 0)
                    t->var = v;
            if (t->var < 0)
                return cli_usage(cmd, "--skip %s: '%s' is not a --var", S->skip_text[s],
                                 t->name);
        }
    return 0;
}

/* Is s a decimal number ([+-]digits[.digits][e[+-]digits], finite)? Its
 * value in *v. Not "nan", "inf" or "0x10": strtod reads those as numbers,
 * and `--skip x=5` then skipped x=nan (NaN compared as neither less nor
 * greater: issue 27, item 22). */
static int decimal(const char *s, double *v)
{
    const char *p = s + (*s == '+' || *s == '-');
    size_t d = strspn(p, "0123456789");
    p += d;
    if (*p == '.') {
        size_t f = strspn(p + 1, "0123456789");
        d += f;
        p += 1 + f;
    }
    if (d == 0)
        return 0;
    if (*p == 'e' || *p == 'E') {
        p += 1 + (p[1] == '+' || p[1] == '-');
        size_t e = strspn(p, "0123456789");
        if (e == 0)
            return 0;
        p += e;
    }
    if (*p)
        return 0;
    *v = strtod(s, NULL);
    return isfinite(*v);
}

/* Does some --skip hold for run i? Numbers compare as numbers, other
 * values as strings (an order between a number and a word never holds). */
static int skipped(const sweep *S, int64_t i)
{
    for (int s = 0; s < S->nskips; s++) {
        int all = 1;
        for (int k = 0; k < S->skips[s].n && all; k++) {
            const term *t = &S->skips[s].t[k];
            const char *v = value_of(S, i, t->var);
            double a, b;
            int num = decimal(v, &a) && decimal(t->value, &b);
            int c = num ? (a > b) - (a < b) : strcmp(v, t->value);
            switch (t->op) {
            case OP_EQ: all = c == 0; break;
            case OP_NE: all = c != 0; break;
            case OP_LT: all = num && c < 0; break;
            case OP_LE: all = num && c <= 0; break;
            case OP_GT: all = num && c > 0; break;
            default: all = num && c >= 0; break;
            }
        }
        if (all)
            return 1;
    }
    return 0;
}

/* Is run i another shard's? (--shard K/N: combination i, counted from 0
 * in combination order with the skipped ones, is shard i mod N + 1's:
 * round robin, so that runs whose cost grows with a variable spread
 * evenly over the shards.) */
static int other_shard(const sweep *S, int64_t i)
{
    return S->shards > 0 && i % S->shards != S->shard - 1;
}

/* arg with every {NAME} of run i replaced; NULL on an unknown {NAME} (its
 * name in bad) or out of memory */
static char *substitute(const sweep *S, int64_t i, const char *arg, char *bad, size_t cap)
{
    size_t len = 0, size = strlen(arg) + 1;
    char *out = malloc(size);
    for (const char *p = arg; out && *p;) {
        const char *close = *p == '{' ? strchr(p, '}') : NULL;
        int k = -1;
        if (close) {
            for (int j = 0; j < S->nvars; j++)
                if ((size_t)(close - p - 1) == strlen(S->vars[j].name) &&
                    strncmp(p + 1, S->vars[j].name, (size_t)(close - p - 1)) == 0)
                    k = j;
            if (k < 0) {
                snprintf(bad, cap, "%.*s", (int)(close - p + 1), p);
                free(out);
                return NULL;
            }
        }
        const char *piece = k >= 0 ? value_of(S, i, k) : p;
        size_t n = k >= 0 ? strlen(piece) : 1;
        if (len + n + 1 > size) {
            size = 2 * (len + n + 1);
            char *o = realloc(out, size);
            if (!o) {
                free(out);
                return NULL;
            }
            out = o;
        }
        memcpy(out + len, piece, n);
        len += n;
        p = k >= 0 ? close + 1 : p + 1;
    }
    if (out)
        out[len] = '\0';
    return out;
}

/* argv of run i (malloc'd words; free with free_argv) */
static char **run_argv(const sweep *S, int64_t i, char *bad, size_t cap)
{
    char **argv = calloc((size_t)S->nargs + 4, sizeof *argv);
    if (!argv)
        return NULL;
    argv[0] = strdup(S->self);
    argv[1] = strdup(S->cmd);
    int n = 2, ok = argv[0] && argv[1];
    for (int a = 0; ok && a < S->nargs; a++)
        ok = (argv[n++] = substitute(S, i, S->args[a], bad, cap)) != NULL;
    if (ok)
        ok = (argv[n++] = strdup("--json")) != NULL;
    if (!ok) {
        for (int a = 0; a < n; a++)
            free(argv[a]);
        free(argv);
        return NULL;
    }
    return argv;
}

static void free_argv(char **argv)
{
    for (int a = 0; argv && argv[a]; a++)
        free(argv[a]);
    free(argv);
}

/* ------------------------------------------------------------ running */

static void one_line(char *s) /* JSON output on one line: newlines are spaces */
{
    for (; s && *s; s++)
        if (*s == '\n' || *s == '\r')
            *s = ' ';
}

static void progress_line(sweep *S)
{
    double t = cli_now();
    if (!S->tty || (t - S->last < 0.2 && S->finished < S->total))
        return;
    S->last = t;
    fprintf(stderr, "\r\033[Ksweep: %lld/%lld runs%s%lld failed, %.1f s", (long long)S->finished,
            (long long)(S->total - S->nskipped), ", ", (long long)S->failed, t - S->t0);
    fflush(stderr);
}

/* Runs run i into *r: its exit status, its output (one JSON object on one
 * line, or NULL) and its error (valid UTF-8, as the journal keeps it). A
 * failed run may still print its report (a deadlocked simulation does);
 * an exit 0 without one object is a failure. */
static void run_one(const sweep *S, int64_t i, run *r)
{
    char bad[64];
    char **argv = run_argv(S, i, bad, sizeof bad);
    dn_err err = {"", NULL}, perr;
    *r = (run){1, -1, 0, NULL, NULL};
    if (!argv) {
        r->error = strdup("out of memory");
        return;
    }
    const out_capture *c = out_capture_now(); /* hosted (python/dcnet): runs in-process */
    r->code = c && c->run ? c->run(c->run_ctx, argv, &r->json, &err)
                          : cli_spawn(argv, NULL, 0, NULL, &r->json, &err);
    free_argv(argv);
    one_line(r->json);
    int parsed = r->json && *r->json && journal_result_ok(r->json, &perr) == DN_OK;
    if (r->code != 0)
        r->error = journal_clean(err.msg[0] ? err.msg : "failed");
    else if (!parsed) {
        r->code = 1;
        r->error = strdup("the output is not one JSON object");
    }
    if (!parsed) {
        free(r->json);
        r->json = NULL;
    }
}

static void run_free(run *r)
{
    free(r->json);
    free(r->error);
    r->json = r->error = NULL;
}

/* Runs [b, e) on one worker of dn_parallel_for (runs are handed out one at
 * a time, in order); a run the journal holds is not run again. A fatal
 * signal stops the handing out: 1 ends the loop (the caller's signal
 * handler exits). */
static int sweep_range(void *p, int64_t b, int64_t e, int tid)
{
    sweep *S = p;
    (void)tid;
    for (int64_t i = b; i < e; i++) {
        if (out_stopping())
            return 1;
        if (S->runs[i].done)
            continue;
        run r;
        run_one(S, i, &r);
        if (out_stopping()) { /* stopped by the signal: not a result, run it again */
            run_free(&r);
            return 1;
        }
        pthread_mutex_lock(&S->mu);
        S->runs[i] = r;
        S->finished++;
        S->failed += r.code != 0;
        if (S->journal)
            journal_line(S->journal, i, &r);
        progress_line(S);
        pthread_mutex_unlock(&S->mu);
    }
    return 0;
}

/* ------------------------------------------------------------ the journal */

/* The sweep's signature: its command, variables, skips and CMD's options,
 * of any length (malloc'd; NULL when out of memory). */
static char *signature(const sweep *S)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return NULL;
    fputs(S->cmd, f);
    for (int k = 0; k < S->nvars; k++) {
        fprintf(f, " --var %s%s=", S->vars[k].leader >= 0 ? "~" : "", S->vars[k].name);
        for (int v = 0; v < S->vars[k].n; v++)
            fprintf(f, "%s%s", v ? "," : "", S->vars[k].val[v]);
    }
    for (int k = 0; k < S->nskips; k++)
        fprintf(f, " --skip %s", S->skip_text[k]);
    for (int a = 0; a < S->nargs; a++)
        fprintf(f, " %s", S->args[a]);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* A shard's journal names its slice after the sweep's signature: a shard
 * resumed from another shard's journal (or the whole sweep's) is refused
 * as another sweep's (malloc'd; NULL when out of memory). */
static char *shard_signature(const sweep *S, int64_t shard, int64_t shards)
{
    char *sig = signature(S), *out = NULL;
    size_t n = sig ? strlen(sig) + 64 : 0;
    if (sig && (out = malloc(n)))
        snprintf(out, n, "%s --shard %lld/%lld", sig, (long long)shard, (long long)shards);
    free(sig);
    return out;
}

/* The words that define the sweep, in an order sweep_args reads back:
 * CMD, each --var and --skip as given, then CMD's options (no -o, -j,
 * --shard or format: those do not change the rows). */
static void definition_words(const sweep *S, void (*word)(const char *w, void *ctx), void *ctx)
{
    word(S->cmd, ctx);
    for (int k = 0; k < S->nvar_text; k++) {
        word("--var", ctx);
        word(S->var_text[k], ctx);
    }
    for (int k = 0; k < S->nskips; k++) {
        word("--skip", ctx);
        word(S->skip_text[k], ctx);
    }
    for (int a = 0; a < S->nargs; a++)
        word(S->args[a], ctx);
}

typedef struct word_list {
    FILE *f;
    int n;
} word_list;

static void json_word(const char *w, void *ctx)
{
    word_list *l = ctx;
    if (l->n++)
        fputc(',', l->f);
    json_string(w, l->f);
}

/* The shard's sidecar FILE.shard: what makes it "the same sweep" for
 * --merge (dcnet's version, the signature, N, the number of
 * combinations), its slice K, its number of runs, and the words that
 * define the sweep (for --merge to rebuild the variables). One JSON
 * object, written whole or not at all (out_open), before any run: a
 * shard stopped early is named by --merge as incomplete, not missing. */
static int write_sidecar(const char *cmd, const sweep *S, const char *path)
{
    FILE *f, *words;
    dn_err e;
    char *sig = signature(S), *wbuf = NULL;
    size_t wlen = 0;
    int rc;
    int64_t mine = 0;
    for (int64_t i = 0; i < S->total; i++)
        mine += !S->runs[i].skipped;
    if (!sig || !(words = open_memstream(&wbuf, &wlen))) {
        free(sig);
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    }
    word_list wl = {words, 0};
    fputc('[', words);
    definition_words(S, json_word, &wl);
    fputc(']', words);
    if (fclose(words) != 0 || !wbuf) {
        free(sig);
        free(wbuf);
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    }
    if ((rc = out_open(path, &f, &e)) == DN_OK) {
        fputs("{\"dcnet\":", f);
        json_string(DN_VERSION, f);
        fputs(",\"sweep\":", f);
        json_string(sig, f);
        fprintf(f, ",\"shard\":%lld,\"shards\":%lld,\"combinations\":%lld,\"runs\":%lld,"
                   "\"argv\":%s}\n",
                (long long)S->shard, (long long)S->shards, (long long)S->total, (long long)mine,
                wbuf);
        rc = out_close(f, &e);
    }
    free(sig);
    free(wbuf);
    return rc ? cli_fail(cmd, rc, cli_errmsg(&e)) : 0;
}

/* Reads FILE.runs back into S->runs (journal.c checks every line). */
static int journal_resume(const char *cmd, sweep *S, const char *jpath, const char *sig)
{
    char *buf;
    size_t len;
    dn_err err;
    int64_t kept;
    if (access(jpath, F_OK) != 0)
        return 0; /* nothing done yet */
    int rc = dn_read_text(jpath, "sweep journal", (int64_t)1 << 32, 0, &buf, &len, &err);
    if (rc)
        return cli_fail(cmd, rc, cli_errmsg(&err));
    rc = journal_parse(buf, len, jpath, sig, "remove it or run without --resume", S->runs, S->total, &kept, &err);
    free(buf);
    if (rc)
        return rc == DN_EINVAL ? cli_usage(cmd, "--resume: %s", cli_errmsg(&err))
                               : cli_fail(cmd, rc, cli_errmsg(&err));
    if (S->tty || kept)
        fprintf(stderr, "sweep: resuming: %lld of %lld runs done\n", (long long)kept,
                (long long)(S->total - S->nskipped));
    return 0;
}

/* (Re)writes FILE.runs with the runs done so far, through the one output
 * path (a fresh file, renamed into place), then keeps it open to append
 * each run as it ends. */
static int journal_open(const char *cmd, sweep *S, const char *jpath, const char *sig)
{
    FILE *f;
    dn_err e;
    int rc = out_open(jpath, &f, &e);
    if (rc)
        return cli_fail(cmd, rc, cli_errmsg(&e));
    journal_head(f, sig);
    for (int64_t i = 0; i < S->total; i++)
        if (S->runs[i].done && !S->runs[i].skipped)
            journal_line(f, i, &S->runs[i]);
    if ((rc = out_publish(f, jpath, &S->journal, &e)))
        return cli_fail(cmd, rc, cli_errmsg(&e));
    return 0;
}

/* ------------------------------------------------------------ rows */

/* The columns: the variables, "exit", "error", then the results' keys in
 * order of first appearance, found by name through an open-addressing
 * hash table (at most half full): O(1) expected per key. */
typedef struct table {
    char **col;
    int ncol, cap;
    int *slot; /* column index, or -1 */
    size_t nslot;
} table;

static uint64_t hash_name(const char *s)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* The column named name, or -1 */
static int find_col(const table *T, const char *name)
{
    for (size_t k = hash_name(name) & (T->nslot - 1);; k = (k + 1) & (T->nslot - 1)) {
        int c = T->slot[k];
        if (c < 0 || strcmp(T->col[c], name) == 0)
            return c;
    }
}

static int add_col(table *T, const char *name)
{
    if (2 * ((size_t)T->ncol + 1) > T->nslot) { /* grow and rehash */
        size_t ns = T->nslot ? 2 * T->nslot : 256;
        int *sl = malloc(ns * sizeof *sl);
        if (!sl)
            return -1;
        for (size_t k = 0; k < ns; k++)
            sl[k] = -1;
        for (int c = 0; c < T->ncol; c++) {
            size_t k = hash_name(T->col[c]) & (ns - 1);
            while (sl[k] >= 0)
                k = (k + 1) & (ns - 1);
            sl[k] = c;
        }
        free(T->slot);
        T->slot = sl;
        T->nslot = ns;
    }
    size_t k = hash_name(name) & (T->nslot - 1);
    for (; T->slot[k] >= 0; k = (k + 1) & (T->nslot - 1))
        if (strcmp(T->col[T->slot[k]], name) == 0)
            return T->slot[k];
    if (T->ncol == T->cap) {
        int nc = T->cap ? 2 * T->cap : 64;
        char **p = realloc(T->col, (size_t)nc * sizeof *p);
        if (!p)
            return -1;
        T->col = p;
        T->cap = nc;
    }
    if (!(T->col[T->ncol] = strdup(name)))
        return -1;
    T->slot[k] = T->ncol;
    return T->ncol++;
}

static void free_table(table *T)
{
    for (int c = 0; c < T->ncol; c++)
        free(T->col[c]);
    free(T->col);
    free(T->slot);
    memset(T, 0, sizeof *T);
}

/* One run's result, parsed, and its cells in column order: (column, key
 * of j) pairs, the first of a key given twice; keys named like a variable,
 * exit or error have none. Reused from run to run. */
typedef struct cellref {
    int col, key;
} cellref;
typedef struct row {
    jflat j;
    cellref *cells;
    int n, cap;
} row;

static int cmp_cell(const void *a, const void *b)
{
    const cellref *x = a, *y = b;
    return x->col != y->col ? (x->col > y->col) - (x->col < y->col)
                            : (x->key > y->key) - (x->key < y->key);
}

/* Parses run i's result into R (empty for a run without one); with add,
 * its new keys become columns. DN_OK or DN_ENOMEM. O(k log k) for k keys
 * (O(k) when they come in column order, as they nearly always do). */
static int row_load(const sweep *S, table *T, int64_t i, row *R, int add)
{
    dn_err err;
    jflat_free(&R->j);
    R->n = 0;
    if (!S->runs[i].json || jflat_parse(&R->j, S->runs[i].json, &err))
        return DN_OK; /* (checked when it was read: cannot fail but for memory) */
    if (R->j.n > R->cap) {
        cellref *c = realloc(R->cells, (size_t)R->j.n * sizeof *c);
        if (!c)
            return DN_ENOMEM;
        R->cells = c;
        R->cap = R->j.n;
    }
    int sorted = 1;
    for (int k = 0; k < R->j.n; k++) {
        int c = add ? add_col(T, R->j.key[k]) : find_col(T, R->j.key[k]);
        if (add && c < 0)
            return DN_ENOMEM;
        if (c < S->nvars + 2) /* a key named like a variable, exit or error */
            continue;
        sorted &= R->n == 0 || R->cells[R->n - 1].col < c;
        R->cells[R->n++] = (cellref){c, k};
    }
    if (!sorted) {
        qsort(R->cells, (size_t)R->n, sizeof *R->cells, cmp_cell);
        int m = 0; /* a key given twice: its first value */
        for (int k = 0; k < R->n; k++)
            if (m == 0 || R->cells[m - 1].col != R->cells[k].col)
                R->cells[m++] = R->cells[k];
        R->n = m;
    }
    return DN_OK;
}

static void row_free(row *R)
{
    jflat_free(&R->j);
    free(R->cells);
    memset(R, 0, sizeof *R);
}

/* The value of column c of run i, loaded in R (NULL: empty). O(log k). */
static const char *cell(const sweep *S, const row *R, int64_t i, int c, char *tmp, size_t cap)
{
    if (c < S->nvars)
        return value_of(S, i, c);
    if (c == S->nvars) {
        snprintf(tmp, cap, "%d", S->runs[i].code);
        return tmp;
    }
    if (c == S->nvars + 1)
        return S->runs[i].error;
    for (int lo = 0, hi = R->n; lo < hi;) {
        int mid = (lo + hi) / 2, mc = R->cells[mid].col;
        if (mc == c)
            return R->j.val[R->cells[mid].key];
        if (mc < c)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

/* The columns of runs [from, to): the variables, exit, error, then every
 * key in order of first appearance. O(the outputs' length). */
static int build_table(const sweep *S, table *T, int64_t from, int64_t to)
{
    row R;
    int rc = DN_OK;
    memset(T, 0, sizeof *T);
    memset(&R, 0, sizeof R);
    for (int k = 0; k < S->nvars && !rc; k++)
        rc = add_col(T, S->vars[k].name) < 0 ? DN_ENOMEM : DN_OK;
    if (!rc && (add_col(T, "exit") < 0 || add_col(T, "error") < 0))
        rc = DN_ENOMEM;
    for (int64_t i = from; i < to && !rc; i++)
        if (!S->runs[i].skipped)
            rc = row_load(S, T, i, &R, 1);
    row_free(&R);
    return rc;
}

/* a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? ("01010",
 * a label, is a string) */
static int is_number(const char *s)
{
    if (!s)
        return 0;
    if (*s == '-')
        s++;
    if (*s == '0')
        s++;
    else if (*s >= '1' && *s <= '9')
        while (*s >= '0' && *s <= '9')
            s++;
    else
        return 0;
    if (*s == '.') {
        if (!(*++s >= '0' && *s <= '9'))
            return 0;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        if (!(*s >= '0' && *s <= '9'))
            return 0;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    return *s == '\0';
}

/* Row i as CSV or a JSON line: the variables, exit and error, then the
 * run's own cells walked in column order. O(columns) for CSV (its empty
 * fields), O(the run's keys) for JSON. */
static void write_row(const sweep *S, const table *T, const row *R, int64_t i, int mode, FILE *f)
{
    char tmp[32];
    const int fixed = S->nvars + 2;
    if (mode == OUT_CSV) {
        for (int c = 0, k = 0; c < T->ncol; c++) {
            const char *v = c < fixed ? cell(S, R, i, c, tmp, sizeof tmp)
                            : k < R->n && R->cells[k].col == c ? R->j.val[R->cells[k++].key]
                                                               : NULL;
            if (c)
                fputc(',', f);
            if (v && strcmp(v, "null") != 0) /* null: the empty field, as in every CSV */
                csv_field(f, v);
        }
        fputc('\n', f);
        return;
    }
    fputc('{', f);
    for (int c = 0, first = 1; c < fixed + R->n; c++) {
        int col = c < fixed ? c : R->cells[c - fixed].col;
        const char *v =
            c < fixed ? cell(S, R, i, c, tmp, sizeof tmp) : R->j.val[R->cells[c - fixed].key];
        if (!v)
            continue;
        fputs(first ? "" : ",", f);
        first = 0;
        json_string(T->col[col], f);
        fputc(':', f);
        if (is_number(v) || strcmp(v, "true") == 0 || strcmp(v, "false") == 0 ||
            strcmp(v, "null") == 0)
            fputs(v, f);
        else
            json_string(v, f);
    }
    fputs("}\n", f);
}

/* The rows as records, for a hosted caller (python/dcnet's DataFrame):
 * every column in every row, as CSV has them, each cell typed as JSON
 * would type it (a number, true/false, null: empty, else text). */
static int capture_rows(const sweep *S, table *T)
{
    char tmp[32];
    row R;
    rec r = {0};
    row_stream st;
    int rc = DN_OK;
    const int fixed = S->nvars + 2;
    memset(&R, 0, sizeof R);
    json_stream_begin(&st, NULL, stdout);
    json_stream_array(&st, "rows");
    for (int64_t i = 0; i < S->total && !rc; i++) {
        if (S->runs[i].skipped || (rc = row_load(S, T, i, &R, 0)))
            continue;
        rec_clear(&r);
        for (int c = 0, k = 0; c < T->ncol; c++) {
            const char *v = c < fixed ? cell(S, &R, i, c, tmp, sizeof tmp)
                            : k < R.n && R.cells[k].col == c ? R.j.val[R.cells[k++].key]
                                                             : NULL;
            if (!v || strcmp(v, "null") == 0)
                rec_null(&r, T->col[c]);
            else if (strcmp(v, "true") == 0 || strcmp(v, "false") == 0)
                rec_bool(&r, T->col[c], v[0] == 't');
            else if (is_number(v) && !strpbrk(v, ".eE"))
                rec_int(&r, T->col[c], strtoll(v, NULL, 10));
            else if (is_number(v))
                rec_dbl(&r, T->col[c], strtod(v, NULL));
            else
                rec_str(&r, T->col[c], v);
        }
        rows_stream_row(&st, &r);
    }
    json_stream_array_end(&st);
    json_stream_end(&st);
    row_free(&R);
    rec_free(&r);
    return rc;
}

static int write_rows(const sweep *S, table *T, int mode, FILE *f)
{
    char tmp[32];
    row R;
    int rc = DN_OK;
    if (out_capture_now() && f == stdout)
        return capture_rows(S, T);
    memset(&R, 0, sizeof R);
    if (mode == OUT_CSV) {
        for (int c = 0; c < T->ncol; c++) {
            if (c)
                fputc(',', f);
            csv_field(f, T->col[c]);
        }
        fputc('\n', f);
    }
    if (mode != OUT_TABLE) {
        for (int64_t i = 0; i < S->total && !rc; i++)
            if (!S->runs[i].skipped && !(rc = row_load(S, T, i, &R, 0)))
                write_row(S, T, &R, i, mode, f);
        row_free(&R);
        return rc;
    }
    /* a table: every column as wide as its name and its widest cell; a
     * cell of more than TABLE_CELL_MAX characters (an error message, a
     * long path) is cut, and ends in "..." to say so; a name never is
     * (issue 29, item 14: "lower_bound.average_extr") */
    int *w = calloc((size_t)T->ncol, sizeof *w), *name = calloc((size_t)T->ncol, sizeof *name);
    if (!w || !name) {
        free(w);
        free(name);
        return DN_ENOMEM;
    }
    for (int64_t i = 0; i < S->total && !rc; i++) {
        if (S->runs[i].skipped || (rc = row_load(S, T, i, &R, 0)))
            continue;
        for (int c = 0; c < S->nvars + 2; c++) {
            const char *v = cell(S, &R, i, c, tmp, sizeof tmp);
            int l = v ? (int)strlen(v) : 0;
            w[c] = l > w[c] ? l : w[c];
        }
        for (int k = 0; k < R.n; k++) {
            int c = R.cells[k].col, l = (int)strlen(R.j.val[R.cells[k].key]);
            w[c] = l > w[c] ? l : w[c];
        }
    }
    for (int c = 0; c < T->ncol; c++) {
        name[c] = (int)strlen(T->col[c]);
        w[c] = w[c] > TABLE_CELL_MAX ? TABLE_CELL_MAX : w[c];
        w[c] = w[c] > name[c] ? w[c] : name[c];
        fprintf(f, "%-*s%s", w[c], T->col[c], c + 1 < T->ncol ? "  " : "\n");
    }
    for (int64_t i = 0; i < S->total && !rc; i++) {
        if (S->runs[i].skipped || (rc = row_load(S, T, i, &R, 0)))
            continue;
        for (int c = 0, k = 0; c < T->ncol; c++) {
            const char *v = c < S->nvars + 2 ? cell(S, &R, i, c, tmp, sizeof tmp)
                            : k < R.n && R.cells[k].col == c ? R.j.val[R.cells[k++].key]
                                                             : NULL;
            v = v ? v : "";
            if ((int)strlen(v) > w[c]) /* cut, and said to be */
                fprintf(f, "%.*s...", w[c] - 3, v);
            else
                fprintf(f, "%-*s", w[c], v);
            fputs(c + 1 < T->ncol ? "  " : "\n", f);
        }
    }
    free(w);
    free(name);
    row_free(&R);
    return rc;
}

/* ------------------------------------------------------------ the chart */

typedef struct pt {
    int series;
    double x, y;
} pt;

static int cmp_pt(const void *a, const void *b)
{
    const pt *p = a, *q = b;
    if (p->series != q->series)
        return p->series - q->series;
    return (p->x > q->x) - (p->x < q->x);
}

/* --plot x=COL,y=COL[,series=COL][,logy], parsed before any run */
typedef struct plot_spec {
    char xs[64], ys[64], ss[64];
    int logy;
} plot_spec;

static int plot_parse(const char *cmd, const char *spec, plot_spec *p)
{
    char buf[256];
    memset(p, 0, sizeof *p);
    if (strlen(spec) >= sizeof buf)
        return cli_usage(cmd, "--plot: the spec is longer than %d characters",
                         (int)sizeof buf - 1);
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (strncmp(tok, "x=", 2) == 0 && strlen(tok + 2) < sizeof p->xs)
            snprintf(p->xs, sizeof p->xs, "%s", tok + 2);
        else if (strncmp(tok, "y=", 2) == 0 && strlen(tok + 2) < sizeof p->ys)
            snprintf(p->ys, sizeof p->ys, "%s", tok + 2);
        else if (strncmp(tok, "series=", 7) == 0 && strlen(tok + 7) < sizeof p->ss)
            snprintf(p->ss, sizeof p->ss, "%s", tok + 7);
        else if (strcmp(tok, "logy") == 0)
            p->logy = 1;
        else
            return cli_usage(cmd, "--plot: '%s' is not x=COL, y=COL, series=COL or logy "
                                  "(a column name has at most 63 characters)",
                             tok);
    }
    if (!*p->xs || !*p->ys)
        return cli_usage(cmd, "--plot needs x=COL and y=COL (e.g. x=n,y=dilation.average)");
    return 0;
}

/* The columns the chart draws; a name the rows (`where`) lack is refused,
 * with the columns there are: on the first run's output before the other
 * runs, and on all the rows before any is written. */
static int plot_columns(const char *cmd, const table *T, const plot_spec *p, const char *where,
                        int *cx, int *cy, int *cs)
{
    *cx = find_col(T, p->xs);
    *cy = find_col(T, p->ys);
    *cs = *p->ss ? find_col(T, p->ss) : -1;
    if (*cx >= 0 && *cy >= 0 && (!*p->ss || *cs >= 0))
        return 0;
    char have[600];
    size_t n = 0;
    have[0] = '\0';
    for (int c = 0; c < T->ncol && n < sizeof have; c++)
        n += (size_t)snprintf(have + n, sizeof have - n, "%s%s", c ? ", " : "", T->col[c]);
    if (n >= sizeof have) /* cut: say so */
        memcpy(have + sizeof have - 5, " ...", 5);
    return cli_usage(cmd, "--plot: no column '%s' in %s; the columns are: %s",
                     *cx < 0 ? p->xs : *cy < 0 ? p->ys : p->ss, where, have);
}

/* A cell that holds a value that is not a number: a string or a boolean
 * (null and an empty cell hold nothing). */
static int is_text(const char *v)
{
    return v && *v && strcmp(v, "null") != 0 && !is_number(v);
}

/* y must be a number column (issue 29, item 16): a run of [from, to) whose
 * y is text is refused, with its value, before any row is written (and,
 * from plot_probe, before the other runs). O(rows log keys). */
static int plot_y_check(const char *cmd, const sweep *S, table *T, int cy, int64_t from,
                        int64_t to, const char *where)
{
    row R;
    int rc = 0;
    char tmp[32];
    memset(&R, 0, sizeof R);
    for (int64_t i = from; i < to && !rc; i++) {
        if (S->runs[i].skipped)
            continue;
        if (row_load(S, T, i, &R, 0) != DN_OK) {
            rc = cli_fail(cmd, DN_ENOMEM, "out of memory");
            break;
        }
        const char *v = cell(S, &R, i, cy, tmp, sizeof tmp);
        if (is_text(v))
            rc = cli_usage(cmd, "--plot: y=%s is text ('%.40s' in %s); y takes a column of "
                                "numbers (x may be text: one point per value)",
                           T->col[cy], v, where);
    }
    row_free(&R);
    return rc;
}

/* The x axis: numbers, or categories when some run's x is text (issue 29,
 * item 16). Categories come in the order of the --var list when x is a
 * variable, else in the order of the runs; cat is their table (name ->
 * index, through add_col; cat->ncol of them). O(rows log keys). */
static int plot_categories(const sweep *S, table *T, int cx, table *cat, int *is_cat)
{
    row R;
    char tmp[32];
    int rc = DN_OK;
    memset(&R, 0, sizeof R);
    memset(cat, 0, sizeof *cat);
    *is_cat = 0;
    for (int64_t i = 0; i < S->total && !*is_cat && !rc; i++) {
        if (S->runs[i].skipped || (rc = row_load(S, T, i, &R, 0)))
            continue;
        *is_cat = is_text(cell(S, &R, i, cx, tmp, sizeof tmp));
    }
    if (*is_cat && cx < S->nvars) /* the order of the --var list */
        for (int k = 0; k < S->vars[cx].n && !rc; k++)
            rc = add_col(cat, S->vars[cx].val[k]) < 0 ? DN_ENOMEM : DN_OK;
    for (int64_t i = 0; *is_cat && i < S->total && !rc; i++) {
        if (S->runs[i].skipped || (rc = row_load(S, T, i, &R, 0)))
            continue;
        const char *v = cell(S, &R, i, cx, tmp, sizeof tmp);
        if (v && *v && strcmp(v, "null") != 0 && add_col(cat, v) < 0)
            rc = DN_ENOMEM;
    }
    row_free(&R);
    return rc;
}

/* A plot's data on its way to the picture: the runs' points (series
 * index, x, y), the series names in order of first appearance (found
 * through a table of their own, as the columns are), then one point per
 * (series, x) with its mean and standard error, and the series over them.
 * All freed by plot_data_free. */
typedef struct plot_data {
    pt *pts;
    int64_t np;
    char **names; /* names[k]: N.col[k] */
    int nnames;
    table N;
    double *X, *Y, *E; /* m means */
    int64_t m;
    int any_err;       /* some point has more than one run: error bars */
    plot_series *ser;  /* nnames of them */
} plot_data;

static void plot_data_free(plot_data *P)
{
    free(P->names);
    free_table(&P->N);
    free(P->pts);
    free(P->X);
    free(P->Y);
    free(P->E);
    free(P->ser);
}

/* Every run's point with a number y and an x that is a number (or one of
 * the categories C), grouped by series and x. DN_OK or DN_ENOMEM.
 * O(rows log rows). */
static int plot_gather(const sweep *S, table *T, int cx, int cy, int cs, const table *C,
                       int is_cat, plot_data *P)
{
    P->names = calloc((size_t)S->total + 1, sizeof *P->names);
    P->pts = malloc((size_t)S->total * sizeof *P->pts);
    int bad = !P->names || !P->pts;
    char t1[32], t2[32], t3[32];
    row R;
    memset(&R, 0, sizeof R);
    for (int64_t i = 0; !bad && i < S->total; i++) {
        if (S->runs[i].skipped || (bad = row_load(S, T, i, &R, 0) != DN_OK))
            continue;
        const char *xv = cell(S, &R, i, cx, t1, sizeof t1), *yv = cell(S, &R, i, cy, t2, sizeof t2);
        const char *sv = cs >= 0 ? cell(S, &R, i, cs, t3, sizeof t3) : "";
        const int xc = is_cat && xv && *xv ? find_col(C, xv) : -1;
        if (!(is_cat ? xc >= 0 : is_number(xv)) || !is_number(yv) || !sv)
            continue;
        int k = add_col(&P->N, sv);
        bad = k < 0;
        if (k == P->nnames)
            P->names[P->nnames++] = P->N.col[k];
        P->pts[P->np++] = (pt){k, is_cat ? (double)xc : strtod(xv, NULL), strtod(yv, NULL)};
    }
    row_free(&R);
    if (bad)
        return DN_ENOMEM;
    qsort(P->pts, (size_t)P->np, sizeof *P->pts, cmp_pt);
    return DN_OK;
}

/* runs sharing (series, x): their mean, with the standard error; then
 * the series, consecutive runs of the same index in the sorted points
 * (named by the series column, or by y when there is none). DN_OK or
 * DN_ENOMEM. O(points). */
static int plot_means(plot_data *P, const char *ys, int by_series, int is_cat)
{
    const int64_t np = P->np;
    const pt *pts = P->pts;
    P->X = malloc((size_t)(np ? np : 1) * sizeof *P->X);
    P->Y = malloc((size_t)(np ? np : 1) * sizeof *P->Y);
    P->E = malloc((size_t)(np ? np : 1) * sizeof *P->E);
    P->ser = calloc((size_t)(P->nnames ? P->nnames : 1), sizeof *P->ser);
    if (!P->X || !P->Y || !P->E || !P->ser)
        return DN_ENOMEM;
    for (int64_t a = 0; a < np;) {
        int64_t b = a;
        double sum = 0, sq = 0;
        while (b < np && pts[b].series == pts[a].series && pts[b].x == pts[a].x) {
            sum += pts[b].y;
            sq += pts[b].y * pts[b].y;
            b++;
        }
        double k = (double)(b - a), mean = sum / k;
        double s2 = k > 1 ? (sq - k * mean * mean) / (k - 1) : 0; /* sample variance */
        P->X[P->m] = pts[a].x;
        P->Y[P->m] = mean;
        P->E[P->m] = k > 1 && s2 > 0 ? sqrt(s2 / k) : 0;
        P->any_err |= k > 1;
        P->m++;
        a = b;
    }
    int64_t a = 0, q = 0;
    for (int k = 0; k < P->nnames; k++) {
        int64_t start = q;
        while (a < np && pts[a].series == k) {
            int64_t b = a;
            while (b < np && pts[b].series == k && pts[b].x == pts[a].x)
                b++;
            q++;
            a = b;
        }
        P->ser[k] = (plot_series){by_series ? P->names[k] : ys, P->X + start, P->Y + start,
                                  P->any_err ? P->E + start : NULL, (int)(q - start),
                                  is_cat ? PLOT_POINTS : PLOT_LINE_POINTS, 0, NULL};
    }
    return DN_OK;
}

/* The SVG at path through the CLI's output path: the title names the
 * columns (the series column when by_series) and the sweep; categories (C) get one named slot each, whether
 * they have points or not. 0, or the exit code after the message. */
static int plot_write(const char *cmd, const sweep *S, const plot_spec *p, const char *path,
                      int by_series, const table *C, int is_cat, const plot_data *P)
{
    FILE *f;
    dn_err err;
    int rc;
    if ((rc = out_open(path, &f, &err)))
        return cli_fail(cmd, rc, cli_errmsg(&err));
    char title[320]; /* three 63-character names and the words */
    snprintf(title, sizeof title, "%s against %s%s%s (dcnet sweep %s)", p->ys, p->xs,
             by_series ? ", by " : "", by_series ? p->ss : "", S->cmd);
    plot_begin(f, 900, 440);
    plot_box box = {0, 0, 900, 440, title, p->xs, p->ys, 0, 0, 0, 0, 0, !p->logy, NULL, 0,
                    p->logy};
    int xint = 1;
    for (int64_t i = 0; i < P->m; i++)
        xint &= P->X[i] == floor(P->X[i]);
    box.x_integer = xint;
    if (is_cat)
        plot_draw_categories(f, &box, (const char *const *)C->col, C->ncol, P->ser, P->nnames);
    else
        plot_draw(f, &box, P->ser, P->nnames);
    plot_end(f);
    if ((rc = out_close(f, &err)))
        rc = cli_fail(cmd, rc, cli_errmsg(&err));
    return rc;
}

static int draw_plot(const char *cmd, const sweep *S, table *T, const plot_spec *p,
                     const char *path)
{
    int cx, cy, cs, rc;
    if ((rc = plot_columns(cmd, T, p, "the rows", &cx, &cy, &cs)))
        return rc;
    table C; /* the categories of x, if it has text */
    int is_cat;
    plot_data P;
    memset(&P, 0, sizeof P);
    if (plot_categories(S, T, cx, &C, &is_cat) || plot_gather(S, T, cx, cy, cs, &C, is_cat, &P) ||
        plot_means(&P, p->ys, cs >= 0, is_cat)) {
        rc = cli_fail(cmd, DN_ENOMEM, "out of memory");
        goto done;
    }
    rc = plot_write(cmd, S, p, path, cs >= 0, &C, is_cat, &P);
done:
    plot_data_free(&P);
    free_table(&C);
    return rc;
}

/* ------------------------------------------------------------ the command */

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static void free_sweep(sweep *S)
{
    for (int k = 0; k < S->nvars; k++) {
        for (int v = 0; v < S->vars[k].n; v++)
            free(S->vars[k].val[v]);
        free(S->vars[k].val);
    }
    for (int64_t i = 0; S->runs && i < S->total; i++) {
        free(S->runs[i].json);
        free(S->runs[i].error);
    }
    free(S->runs);
    free(S->args);
}

/* w as one word a POSIX shell reads back unchanged: bare when every
 * character is one no shell treats specially, else in single quotes (a
 * quote inside as '\''). Issue 27, item 21: --net 'ring:4;touch x' was
 * printed bare. */
static void shell_word(const char *w, FILE *f)
{
    static const char safe[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "0123456789_@%+=:,./-";
    if (*w && w[strspn(w, safe)] == '\0') {
        fputs(w, f);
        return;
    }
    fputc('\'', f);
    for (; *w; w++)
        if (*w == '\'')
            fputs("'\\''", f);
        else
            fputc(*w, f);
    fputc('\'', f);
}

/* --dry-run: the commands, one a line, ready to paste into a shell */
static int dry_run(const sweep *S)
{
    char bad[64];
    for (int64_t i = 0; i < S->total; i++) {
        if (skipped(S, i) || other_shard(S, i))
            continue;
        char **av = run_argv(S, i, bad, sizeof bad);
        if (!av)
            return cli_fail("sweep", DN_ENOMEM, "out of memory");
        fputs("dcnet", stdout);
        for (int a = 1; av[a]; a++) {
            putchar(' ');
            shell_word(av[a], stdout);
        }
        putchar('\n');
        free_argv(av);
    }
    return 0;
}

/* Can path be written? Checked before any run, through the output path
 * itself (a temporary file made and removed; a FIFO or device only by
 * access(2)), so that a missing directory, a directory, an empty name or
 * no permission is said at once, with the name and the reason, and no run
 * is lost to it. */
static int check_output(const char *cmd, const char *path)
{
    FILE *f;
    dn_err e;
    struct stat st;
    if (!path)
        return 0;
    /* a FIFO, device or socket is written in place: opened now and closed,
     * a FIFO's reader would see the end of the data before any (and the
     * real open, at the end, would wait for a reader forever) */
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        if (access(path, W_OK) == 0)
            return 0;
        dn_fail(&e, DN_EINVAL, "cannot write '%s': %s", path, strerror(errno));
        return cli_fail(cmd, DN_EINVAL, cli_errmsg(&e));
    }
    int rc = out_open(path, &f, &e);
    if (rc)
        return cli_fail(cmd, rc == DN_EIO ? DN_EINVAL : rc, cli_errmsg(&e));
    out_discard(f);
    return 0;
}

/* The path an argument of a run may name: the value of "--opt=VALUE",
 * without "file:"; NULL for an option word or standard input ("-") */
static const char *arg_path(const char *v)
{
    if (v[0] == '-')
        v = strncmp(v, "--", 2) == 0 && strchr(v, '=') ? strchr(v, '=') + 1 : NULL;
    if (v && strncmp(v, "file:", 5) == 0)
        v += 5;
    return v && *v && strcmp(v, "-") != 0 ? v : NULL;
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* Is v (a run's argument) the file out (one of the sweep's own, whose
 * stat is *ost when have)? The full comparison (paths resolved) only for
 * the same last name; else a file that exists is compared by device and
 * inode (a hard link or a symlink to it). One stat per argument. */
static int names_output(const char *v, const char *out, const struct stat *ost, int have)
{
    struct stat st;
    if (strcmp(base_name(v), base_name(out)) == 0)
        return out_same_path(v, out);
    return have && stat(v, &st) == 0 && st.st_dev == ost->st_dev && st.st_ino == ost->st_ino;
}

/* The sweep's own files (-o, its journal FILE.runs, --svg, a shard's
 * sidecar FILE.shard; NULL when not given) are checked, before any run, against each other and against
 * every file its runs name (issue 26, item 10): a run's input (--net
 * file:X, --tree, --map, --weights, ...) that is -o would be replaced by
 * the rows at the end, and a run's output (--svg, --save-place, ...) that
 * is -o or the journal would be replaced, or replace it. Time: O(runs x
 * arguments) stat calls, an argument equal to the previous run's skipped. */
static int check_aliases(const char *cmd, const sweep *S, const char *const out[4])
{
    static const char *const opt[4] = {"-o", "-o's journal", "--svg", "-o's shard sidecar"};
    struct stat ost[4];
    int have[4], rc = 0;
    for (int k = 0; k < 4; k++) {
        have[k] = out[k] && stat(out[k], &ost[k]) == 0;
        for (int j = 0; j < k && out[k]; j++)
            if (out[j] && out_same_path(out[j], out[k]))
                return cli_usage(cmd, "%s '%s' and %s '%s' are the same file: give each output "
                                      "its own",
                                 opt[j], out[j], opt[k], out[k]);
    }
    char **prev = calloc((size_t)S->nargs + 4, sizeof *prev), bad[64];
    if (!prev)
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    for (int64_t i = 0; i < S->total && !rc; i++) {
        char **argv = skipped(S, i) ? NULL : run_argv(S, i, bad, sizeof bad);
        for (int a = 2; argv && argv[a] && !rc; a++) {
            const char *v = arg_path(argv[a]);
            if (!v || (prev[a] && strcmp(prev[a], argv[a]) == 0))
                continue;
            for (int k = 0; k < 4 && !rc; k++)
                if (out[k] && names_output(v, out[k], &ost[k], have[k]))
                    rc = cli_usage(cmd, "%s '%s' is the file '%s' that run %lld names (%s): "
                                        "one would replace the other; write the sweep's "
                                        "elsewhere",
                                   opt[k], out[k], v, (long long)i, argv[a]);
            free(prev[a]);
            prev[a] = strdup(argv[a]); /* (NULL: compared again next run) */
        }
        free_argv(argv);
    }
    for (int a = 0; a < S->nargs + 4; a++)
        free(prev[a]);
    free(prev);
    return rc;
}

/* A file a run writes: the option that names it, its name, the run. */
typedef struct run_out {
    const char *opt;
    char *path;
    int64_t run;
} run_out;

static int run_out_cmp(const void *a, const void *b)
{
    const run_out *x = a, *y = b;
    int c = strcmp(x->path, y->path);
    return c ? c : (x->run > y->run) - (x->run < y->run);
}

/* Two runs that write the same file (an output option without a varying
 * {NAME}: --save-place p.txt for every run) would replace each other's,
 * the last to finish kept and the others lost without a word: refused
 * before any run. The names compared as given (a FIFO or device, such as
 * /dev/null, may be shared; standard output '-' is not a file). Time
 * O(R log R) for R output names. */
static int check_run_outputs(const char *cmd, const sweep *S)
{
    static const char *const opts[] = {"--save-place", "--rankfile",   "--record-tree",
                                       "--link-stats", "--messages",   "--save-loads",
                                       "--svg"};
    const int nopts = (int)(sizeof opts / sizeof *opts);
    run_out *outs = NULL;
    int64_t n = 0, cap = 0;
    int rc = 0;
    char bad[64];
    for (int64_t i = 0; i < S->total && !rc; i++) {
        char **argv = skipped(S, i) ? NULL : run_argv(S, i, bad, sizeof bad);
        for (int a = 2; argv && argv[a] && !rc; a++)
            for (int k = 0; k < nopts; k++) {
                size_t len = strlen(opts[k]);
                const char *v = NULL;
                if (strcmp(argv[a], opts[k]) == 0)
                    v = argv[a + 1];
                else if (strncmp(argv[a], opts[k], len) == 0 && argv[a][len] == '=')
                    v = argv[a] + len + 1;
                struct stat st;
                if (!v || !*v || strcmp(v, "-") == 0 ||
                    (stat(v, &st) == 0 && !S_ISREG(st.st_mode)))
                    continue;
                if (n == cap) {
                    cap = cap ? 2 * cap : 64;
                    run_out *bigger = realloc(outs, (size_t)cap * sizeof *outs);
                    if (!bigger) {
                        rc = cli_fail(cmd, DN_ENOMEM, "out of memory");
                        break;
                    }
                    outs = bigger;
                }
                if (!(outs[n].path = strdup(v))) {
                    rc = cli_fail(cmd, DN_ENOMEM, "out of memory");
                    break;
                }
                outs[n].opt = opts[k];
                outs[n++].run = i;
            }
        free_argv(argv);
    }
    if (!rc && n > 1) {
        qsort(outs, (size_t)n, sizeof *outs, run_out_cmp);
        for (int64_t j = 1; j < n && !rc; j++)
            if (strcmp(outs[j - 1].path, outs[j].path) == 0 && outs[j - 1].run != outs[j].run)
                rc = cli_usage(cmd, "runs %lld and %lld both write '%s' (%s): one would replace "
                                    "the other; give each run its own name, with a {NAME} of a --var "
                                    "that differs between them",
                               (long long)outs[j - 1].run, (long long)outs[j].run, outs[j].path,
                               outs[j].opt);
    }
    for (int64_t j = 0; j < n; j++)
        free(outs[j].path);
    free(outs);
    return rc;
}

/* --plot's columns against the first run's output, before the others
 * run: a run from the journal, else the first run, run alone now. Only an
 * output can say which columns there are; a failed first run says none,
 * and the check waits for all the rows. */
static int plot_probe(const char *cmd, sweep *S, const plot_spec *p)
{
    int64_t i = 0;
    while (i < S->total && (S->runs[i].skipped || (S->runs[i].done && S->runs[i].code != 0)))
        i++;
    if (i == S->total)
        return 0;
    run *r = &S->runs[i];
    if (!r->done) {
        run_one(S, i, r);
        S->finished++;
        S->failed += r->code != 0;
    }
    if (r->code != 0)
        return 0;
    table T;
    int cx, cy, cs, rc = build_table(S, &T, i, i + 1);
    if (rc)
        rc = cli_fail(cmd, rc, "out of memory");
    else
        rc = plot_columns(cmd, &T, p, "the first run's output", &cx, &cy, &cs);
    if (!rc)
        rc = plot_y_check(cmd, S, &T, cy, i, i + 1, "the first run's output");
    free_table(&T);
    return rc;
}

/* The runs: the journal read back (--resume), the plot's probe, the
 * journal rewritten, then the pool of J threads. */
static int sweep_runs(const char *cmd, sweep *S, const char *jpath, const char *sidecar,
                      int resume, const plot_spec *plot, int64_t jobs)
{
    int rc;
    S->runs = calloc((size_t)S->total, sizeof *S->runs);
    if (!S->runs)
        return cli_fail(cmd, DN_ENOMEM, "out of memory for the runs");
    for (int64_t i = 0; i < S->total; i++)
        if (skipped(S, i)) {
            S->runs[i].done = S->runs[i].skipped = 1;
            S->nskipped++;
        }
    if (S->nskipped == S->total)
        return cli_usage(cmd, "--skip leaves no run out of %lld", (long long)S->total);
    /* the other shards' runs: no run, no row, as if skipped (a shard may
     * hold none: its rows are then the header alone, and --merge needs it) */
    for (int64_t i = 0; i < S->total; i++)
        if (!S->runs[i].skipped && other_shard(S, i)) {
            S->runs[i].done = 1;
            S->runs[i].skipped = 2;
            S->nskipped++;
        }
    S->tty = isatty(STDERR_FILENO);
    char *sig = S->shards ? shard_signature(S, S->shard, S->shards) : signature(S);
    if (!sig)
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    rc = jpath && resume ? journal_resume(cmd, S, jpath, sig) : 0;
    for (int64_t i = 0; i < S->total; i++)
        if (S->runs[i].done && !S->runs[i].skipped) {
            S->finished++;
            S->failed += S->runs[i].code != 0;
        }
    S->t0 = cli_now();
    if (!rc && plot)
        rc = plot_probe(cmd, S, plot);
    if (!rc && jpath)
        rc = journal_open(cmd, S, jpath, sig);
    if (!rc && sidecar)
        rc = write_sidecar(cmd, S, sidecar);
    free(sig);
    if (rc)
        return rc;
    int J = jobs > 0 ? (int)jobs : cli_default_threads();
    pthread_mutex_init(&S->mu, NULL);
    (void)dn_parallel_for(J, S->total, 1, sweep_range, S); /* 1: stopped by a signal */
    pthread_mutex_destroy(&S->mu);
    if (S->tty)
        fputs("\r\033[K", stderr);
    if (S->journal && fclose(S->journal) != 0)
        cli_errf("dcnet sweep: warning: cannot write the journal %s: %s\n", jpath,
                 strerror(errno));
    S->journal = NULL;
    return 0;
}

/* sweep's own options; the others are CMD's, kept in S->args. */
typedef struct sweep_opts {
    const char *output, *plot, *svg; /* -o, --plot, --svg: NULL when not given */
    int mode;                        /* OUT_*, -1 until chosen */
    int resume, dry, help;
    plot_spec pspec;                 /* --plot, parsed */
    int64_t jobs;                    /* --jobs, 0: the default */
} sweep_opts;

/* --shard K/N (K from 1) or auto (sweep_check reads Slurm's variables) */
static int parse_shard(const char *cmd, sweep *S, const char *v)
{
    const char *slash = strchr(v, '/');
    char k[32];
    int64_t K, N;
    dn_err e;
    S->shard_auto = strcmp(v, "auto") == 0;
    if (S->shard_auto)
        return 0;
    if (!slash || slash == v || (size_t)(slash - v) >= sizeof k || !slash[1])
        return cli_usage(cmd, "--shard takes K/N (the K-th of N slices, K from 1: 1/3, 2/3, "
                              "3/3) or auto (from a Slurm job array), not '%s'",
                         v);
    snprintf(k, sizeof k, "%.*s", (int)(slash - v), v);
    if (dn_parse_i64(slash + 1, 1, MAX_RUNS, "--shard's N (the number of slices)", &N, &e))
        return cli_usage(cmd, "--shard %s: %s", v, cli_errmsg(&e));
    /* K is read in 0 .. INT64_MAX for the messages below; one that is no
     * such number is told K's real range, 1 .. N */
    if (dn_parse_i64(k, 0, INT64_MAX, "--shard's K", &K, &e))
        return cli_usage(cmd, "--shard %s: K '%s' is not a slice number (an integer 1 .. %lld)",
                         v, k, (long long)N);
    if (K == 0)
        return cli_usage(cmd, "--shard %s: K counts from 1 (1/%lld .. %lld/%lld)", v,
                         (long long)N, (long long)N, (long long)N);
    if (K > N)
        return cli_usage(cmd, "--shard %s: there are %lld slices, K is 1 .. %lld", v,
                         (long long)N, (long long)N);
    S->shard = K;
    S->shards = N;
    return 0;
}

/* --shard auto: K and N from a Slurm job array's task (sbatch --array=A-B
 * or A-B:S): K = (ID - MIN) / STEP + 1, N = COUNT. An array that is not
 * one range with a fixed step (--array=1,2,5 or 1-3,7) has no such K: it
 * is refused with the reason, as is a process that is no array task. */
static int shard_from_slurm(const char *cmd, sweep *S)
{
    static const char *const name[5] = {"ID", "MIN", "MAX", "STEP", "COUNT"};
    int64_t v[5];
    char vn[40];
    for (int k = 0; k < 5; k++) {
        snprintf(vn, sizeof vn, "SLURM_ARRAY_TASK_%s", name[k]);
        const char *t = getenv(vn);
        if (!t && k == 0)
            return cli_usage(cmd, "--shard auto reads the slice from a Slurm job array's task "
                                  "(SLURM_ARRAY_TASK_ID, _MIN, _MAX, _STEP, _COUNT), and "
                                  "SLURM_ARRAY_TASK_ID is not set%s: run it in `sbatch "
                                  "--array=1-N`, or give --shard K/N",
                             getenv("SLURM_JOB_ID") ? " (this Slurm job is not a job array)"
                                                    : "");
        if (!t)
            return cli_usage(cmd, "--shard auto: SLURM_ARRAY_TASK_ID is set but %s is not "
                                  "(Slurm sets all five in a job array's task); give --shard K/N",
                             vn);
        dn_err e;
        if (dn_parse_i64(t, k == 3 || k == 4 ? 1 : 0, INT64_MAX / 4, vn, &v[k], &e))
            return cli_usage(cmd, "--shard auto: %s", cli_errmsg(&e));
    }
    const int64_t id = v[0], lo = v[1], hi = v[2], step = v[3], count = v[4];
    if (hi < lo || (hi - lo) % step != 0 || (hi - lo) / step + 1 != count)
        return cli_usage(cmd, "--shard auto: the job array is not one range with a fixed step "
                              "(SLURM_ARRAY_TASK_MIN=%lld, _MAX=%lld, _STEP=%lld, _COUNT=%lld, "
                              "where one range %lld-%lld:%lld has %lld tasks), so a task's slice "
                              "cannot be told from its id: submit --array=A-B or A-B:S, or give "
                              "each task --shard K/N",
                         (long long)lo, (long long)hi, (long long)step, (long long)count,
                         (long long)lo, (long long)hi, (long long)step,
                         hi < lo ? 0LL : (long long)((hi - lo) / step + 1));
    if (id < lo || id > hi || (id - lo) % step != 0)
        return cli_usage(cmd, "--shard auto: SLURM_ARRAY_TASK_ID=%lld is not a task of the range "
                              "%lld-%lld:%lld",
                         (long long)id, (long long)lo, (long long)hi, (long long)step);
    if (count > MAX_RUNS)
        return cli_usage(cmd, "--shard auto: %lld array tasks; at most %d slices",
                         (long long)count, MAX_RUNS);
    S->shard = (id - lo) / step + 1;
    S->shards = count;
    return 0;
}

/* CMD and the options into S and o: the variables and skips parsed, the
 * rest passed to CMD. 0 (with o->help after --help, which is printed), or
 * the exit code after the message. */
static int sweep_args(sweep *S, int argc, char **argv, sweep_opts *o)
{
    static const char *const cmds[] = {"embed", "simulate", "load", "balance", "net", "exec",
                                       NULL};
    const char *cmd = "sweep";
    int rc;
    if (argc < 2)
        return cli_usage(cmd, "missing CMD (embed, simulate, load, balance, net or exec)");
    if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        print_help();
        o->help = 1;
        return 0;
    }
    int ci = 0;
    while (cmds[ci] && strcmp(cmds[ci], argv[1]) != 0)
        ci++;
    if (!cmds[ci]) {
        const char *near = cli_nearest(argv[1], cmds, ci);
        return cli_usage(cmd, "CMD is embed, simulate, load, balance, net or exec, not '%s'%s%s%s",
                         argv[1], near ? "; did you mean '" : "", near ? near : "",
                         near ? "'?" : "");
    }
    S->cmd = argv[1];
    S->args = calloc((size_t)argc, sizeof *S->args);
    if (!S->args)
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    dn_err e;
    for (int a = 2; a < argc; a++) {
        const char *s = argv[a];
#define VALUE()                                                                              \
    (strchr(s, '=') && strncmp(s, "--", 2) == 0 ? strchr(s, '=') + 1                         \
     : a + 1 < argc                             ? argv[++a]                                   \
                                                : NULL)
#define IS(opt) (strcmp(s, opt) == 0 || (strncmp(s, opt "=", sizeof opt) == 0))
        if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
            print_help();
            o->help = 1;
            return 0;
        } else if (IS("--var")) {
            const char *v = VALUE();
            if (!v)
                return cli_usage(cmd, "option '--var' needs a value");
            if ((rc = parse_var(cmd, S, v)))
                return rc;
            S->var_text[S->nvar_text++] = v; /* (parse_var allows at most MAX_VARS) */
        } else if (IS("--skip")) {
            const char *v = VALUE();
            if (!v)
                return cli_usage(cmd, "option '--skip' needs a value");
            if ((rc = parse_skip(cmd, S, v)))
                return rc;
        } else if (IS("--jobs") || strcmp(s, "-j") == 0) {
            const char *v = VALUE();
            if (!v || dn_parse_i64(v, 1, 256, "--jobs", &o->jobs, &e))
                return cli_usage(cmd, "%s", v ? cli_errmsg(&e) : "option '--jobs' needs a value");
        } else if (IS("--output") || strcmp(s, "-o") == 0) {
            if (!(o->output = VALUE()))
                return cli_usage(cmd, "option '-o' needs a value");
        } else if (IS("--plot")) {
            if (!(o->plot = VALUE()))
                return cli_usage(cmd, "option '--plot' needs a value");
            if ((rc = plot_parse(cmd, o->plot, &o->pspec)))
                return rc;
        } else if (IS("--svg")) {
            if (!(o->svg = VALUE()))
                return cli_usage(cmd, "option '--svg' needs a value");
        } else if (IS("--shard")) {
            const char *v = VALUE();
            if (!v)
                return cli_usage(cmd, "option '--shard' needs a value (K/N or auto)");
            if ((rc = parse_shard(cmd, S, v)))
                return rc;
        } else if (strcmp(s, "--merge") == 0) {
            return cli_usage(cmd, "--merge comes alone, first: dcnet sweep --merge OUT FILES... "
                                  "(the shards' -o files)");
        } else if (strcmp(s, "--resume") == 0) {
            o->resume = 1;
        } else if (strcmp(s, "--dry-run") == 0) {
            o->dry = 1;
        } else if (strcmp(s, "--csv") == 0) {
            o->mode = OUT_CSV;
        } else if (strcmp(s, "--json") == 0) {
            o->mode = OUT_JSON;
        } else {
            S->args[S->nargs++] = argv[a]; /* CMD's */
        }
#undef VALUE
#undef IS
    }
    return 0;
}

/* The options that go together, the number of runs, the output's format
 * (from -o's name unless given), this executable for the runs, and every
 * {NAME} a variable (checked on the first run). 0, or the exit code after
 * the message. */
static int sweep_check(sweep *S, sweep_opts *o)
{
    const char *cmd = "sweep";
    int rc;
    if (S->nvars == 0)
        return cli_usage(cmd, "give at least one --var NAME=LIST");
    if ((rc = skip_resolve(cmd, S)))
        return rc;
    if (o->resume && (!o->output || strcmp(o->output, "-") == 0))
        return cli_usage(cmd, "--resume continues the sweep of -o FILE: give -o");
    if ((o->plot != NULL) != (o->svg != NULL))
        return cli_usage(cmd, "--plot draws into --svg FILE: give both");
    S->total = 1;
    for (int k = 0; k < S->nvars; k++)
        if (S->vars[k].leader < 0 && (S->total *= S->vars[k].n) > MAX_RUNS)
            return cli_usage(cmd, "%lld runs or more; a sweep runs at most %d",
                             (long long)S->total, MAX_RUNS);
    if (S->shard_auto && (rc = shard_from_slurm(cmd, S)))
        return rc;
    if (S->shards > S->total)
        return cli_usage(cmd, "--shard %lld/%lld: the sweep has %lld combinations; give it at "
                              "most %lld slices",
                         (long long)S->shard, (long long)S->shards, (long long)S->total,
                         (long long)S->total);
    if (S->shards && !o->dry && (!o->output || strcmp(o->output, "-") == 0))
        return cli_usage(cmd, "--shard writes a slice for --merge: give -o FILE (--merge reads "
                              "its journal FILE.runs and its signature FILE.shard)");
    if (o->mode < 0)
        o->mode = o->output ? (ends_with(o->output, ".jsonl") || ends_with(o->output, ".json")
                                   ? OUT_JSON
                                   : OUT_CSV)
                            : OUT_TABLE;
    if (o->output && strcmp(o->output, "-") == 0)
        o->output = NULL; /* -o -: CSV on standard output, no journal */
    static char self[4096]; /* the runs are this executable */
    const out_capture *c = out_capture_now();
    ssize_t n = c && c->run ? (ssize_t)snprintf(self, sizeof self, "dcnet") /* run in-process */
                            : readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return cli_fail(cmd, DN_ENOTSUP, "cannot find the dcnet executable (/proc/self/exe)");
    self[n] = '\0';
    S->self = self;
    /* a chart's y that is a --var of text values is refused before any run
     * (a column of the runs' output is checked on the first run's) */
    for (int k = 0; o->plot && k < S->nvars; k++) {
        if (strcmp(S->vars[k].name, o->pspec.ys) != 0)
            continue;
        for (int i = 0; i < S->vars[k].n; i++) {
            const char *t = S->vars[k].val[i];
            char *end;
            (void)strtod(t, &end);
            if (end == t || *end != '\0')
                return cli_usage(cmd, "--plot y=%s is text ('%s' is one of its --var values); y "
                                      "takes a column of numbers",
                                 o->pspec.ys, t);
        }
    }
    char bad[64];
    char **first = run_argv(S, 0, bad, sizeof bad);
    if (!first)
        return cli_usage(cmd, "%s is not a --var (variables: %s%s)", bad, S->vars[0].name,
                         S->nvars > 1 ? ", ..." : "");
    free_argv(first);
    return 0;
}

/* every file can be made, before any run (the journal's name too); then
 * the runs. 0, or the exit code after the message. */
static int sweep_files_and_runs(sweep *S, const sweep_opts *o)
{
    const char *cmd = "sweep";
    char *jpath = o->output ? malloc(strlen(o->output) + 7) : NULL;
    char *side = o->output && S->shards ? malloc(strlen(o->output) + 7) : NULL;
    if ((o->output && !jpath) || (o->output && S->shards && !side)) {
        free(jpath);
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    }
    if (jpath)
        sprintf(jpath, "%s.runs", o->output);
    if (side)
        sprintf(side, "%s.shard", o->output);
    const char *const outs[4] = {o->output, jpath, o->svg, side};
    int rc = check_aliases(cmd, S, outs);
    rc = rc ? rc : check_run_outputs(cmd, S);
    struct stat jst; /* appended to and read back: a FIFO would block, a device lose it */
    if (!rc && jpath && stat(jpath, &jst) == 0 && !S_ISREG(jst.st_mode))
        rc = cli_usage(cmd, "the journal '%s' of -o '%s' is not a regular file (it is appended "
                            "to and read back by --resume): remove it, or give -o another name",
                       jpath, o->output);
    /* the sidecar too is read back (by --merge): a FIFO would block the
     * sweep before its first run, a device lose the file */
    if (!rc && side && stat(side, &jst) == 0 && !S_ISREG(jst.st_mode) && !S_ISDIR(jst.st_mode))
        rc = cli_usage(cmd, "the shard sidecar '%s' of -o '%s' is not a regular file (--merge "
                            "reads it back): remove it, or give -o another name",
                       side, o->output);
    rc = rc ? rc : check_output(cmd, o->output);
    rc = rc ? rc : check_output(cmd, jpath);
    rc = rc ? rc : check_output(cmd, o->svg);
    rc = rc ? rc : check_output(cmd, side);
    if (!rc)
        rc = sweep_runs(cmd, S, jpath, side, o->resume, o->plot ? &o->pspec : NULL, o->jobs);
    free(jpath);
    free(side);
    return rc;
}

/* the rows: --plot's columns checked on all of them, written (-o or
 * stdout), the plot drawn; exit 1 when a run failed. With -o, the journal
 * keeps the runs whatever happens here: --resume. */
static int sweep_output(sweep *S, const sweep_opts *o)
{
    const char *cmd = "sweep";
    table T;
    FILE *f;
    dn_err e;
    int cx, cy, cs, rc;
    if (build_table(S, &T, 0, S->total)) {
        rc = cli_fail(cmd, DN_ENOMEM, "out of memory for the rows");
        goto done;
    }
    if (o->plot && ((rc = plot_columns(cmd, &T, &o->pspec, "the rows", &cx, &cy, &cs)) ||
                    (rc = plot_y_check(cmd, S, &T, cy, 0, S->total, "the rows"))))
        goto done;
    if ((rc = out_open(o->output ? o->output : "-", &f, &e)) == DN_OK) {
        if ((rc = write_rows(S, &T, o->mode, f)))
            out_discard(f == stdout ? NULL : f);
        else
            rc = out_close(f, &e);
        if (rc == DN_ENOMEM)
            snprintf(e.msg, sizeof e.msg, "out of memory for the rows");
    }
    if (rc)
        rc = cli_fail(cmd, rc, e.msg);
    if (!rc && o->plot)
        rc = draw_plot(cmd, S, &T, &o->pspec, o->svg);
    if (!rc && S->failed) {
        cli_errf("dcnet sweep: %lld of %lld runs failed (their rows give the error)\n",
                 (long long)S->failed, (long long)(S->total - S->nskipped));
        rc = 1;
    }
done:
    free_table(&T);
    return rc;
}

/* ------------------------------------------------------------ --merge */

/* One shard given to --merge: its -o FILE, FILE.shard (read) and
 * FILE.runs, and the sidecar's fields. */
typedef struct shard_file {
    const char *path;
    char *side, *jpath, *text;
    jflat j;
    const char *version, *sig;
    int64_t shard, shards, total;
} shard_file;

static void shard_file_free(shard_file *f)
{
    free(f->side);
    free(f->jpath);
    free(f->text);
    jflat_free(&f->j);
}

/* s cut to 120 bytes for a message ("..." says it was) */
static const char *shown_sig(const char *s, char *buf, size_t cap)
{
    if (strlen(s) <= 120)
        return s;
    snprintf(buf, cap, "%.117s...", s);
    return buf;
}

/* FILE.shard read and checked: every field there, of its type and range. */
static int read_sidecar(const char *cmd, shard_file *f)
{
    dn_err e;
    size_t len;
    const size_t n = strlen(f->path) + 7;
    if (!(f->side = malloc(n)) || !(f->jpath = malloc(n)))
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    snprintf(f->side, n, "%s.shard", f->path);
    snprintf(f->jpath, n, "%s.runs", f->path);
    if (access(f->side, F_OK) != 0)
        return cli_usage(cmd, "--merge: '%s' is not a shard's output: its sidecar '%s' is "
                              "missing (`sweep ... --shard K/N -o FILE` writes FILE, FILE.runs "
                              "and FILE.shard); give the -o FILE of each shard",
                         f->path, f->side);
    /* read whole: a FIFO would block --merge until a writer came, a device
     * never end */
    struct stat st;
    if (stat(f->side, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        return cli_usage(cmd, "--merge: the sidecar '%s' of '%s' is not a regular file (a "
                              "FIFO, device or socket): give the -o FILE of a shard that ran",
                         f->side, f->path);
    int rc = dn_read_text(f->side, "shard sidecar", (int64_t)1 << 26, 0, &f->text, &len, &e);
    if (rc)
        return rc == DN_ENOMEM ? cli_fail(cmd, rc, cli_errmsg(&e))
                               : cli_usage(cmd, "--merge: %s", cli_errmsg(&e));
    if (jflat_parse(&f->j, f->text, &e))
        return cli_usage(cmd, "--merge: '%s' is not a shard sidecar: %s", f->side,
                         cli_errmsg(&e));
    const char *sh = jflat_get(&f->j, "shard"), *shs = jflat_get(&f->j, "shards"),
               *tot = jflat_get(&f->j, "combinations");
    f->version = jflat_get(&f->j, "dcnet");
    f->sig = jflat_get(&f->j, "sweep");
    if (!f->version || !f->sig || !sh || !shs || !tot || !jflat_get(&f->j, "argv[0]") ||
        dn_parse_i64(shs, 1, MAX_RUNS, "shards", &f->shards, &e) ||
        dn_parse_i64(sh, 1, f->shards, "shard", &f->shard, &e) ||
        dn_parse_i64(tot, f->shards, MAX_RUNS, "combinations", &f->total, &e))
        return cli_usage(cmd, "--merge: '%s' is not a shard sidecar (it needs dcnet, sweep, "
                              "shard 1 .. shards, shards, combinations >= shards and argv); run "
                              "that shard again",
                         f->side);
    return 0;
}

/* The shards given make one sweep, each slice once, none missing: 0, or
 * the exit code after the message, which names the files. by[K - 1]: the
 * file of slice K. */
static int shards_agree(const char *cmd, shard_file *F, int nf, int *by)
{
    char b1[128], b2[128];
    for (int k = 1; k < nf; k++) {
        const shard_file *a = &F[0], *b = &F[k];
        if (strcmp(a->version, b->version) != 0)
            return cli_usage(cmd, "--merge: '%s' and '%s' are shards of different sweeps (made "
                                  "by dcnet %s and dcnet %s): run every shard with one dcnet",
                             a->path, b->path, a->version, b->version);
        if (strcmp(a->sig, b->sig) == 0 && a->total != b->total)
            return cli_usage(cmd, "--merge: '%s' and '%s' disagree on their sweep's size (%lld "
                                  "and %lld combinations for one command): one sidecar is "
                                  "damaged; run that shard again",
                             a->side, b->side, (long long)a->total, (long long)b->total);
        if (strcmp(a->sig, b->sig) != 0)
            return cli_usage(cmd, "--merge: '%s' and '%s' are shards of different sweeps (their "
                                  "commands differ: '%s' and '%s'): merge the shards of one sweep",
                             a->path, b->path, shown_sig(a->sig, b1, sizeof b1),
                             shown_sig(b->sig, b2, sizeof b2));
        if (a->shards != b->shards)
            return cli_usage(cmd, "--merge: '%s' and '%s' are shards of different sweeps (one of "
                                  "%lld slices, one of %lld): merge the shards of one split",
                             a->path, b->path, (long long)a->shards, (long long)b->shards);
    }
    const int64_t N = F[0].shards;
    for (int64_t k = 0; k < N; k++)
        by[k] = -1;
    for (int k = 0; k < nf; k++) {
        int *slot = &by[F[k].shard - 1];
        if (*slot >= 0)
            return cli_usage(cmd, "--merge: '%s' and '%s' are both shard %lld/%lld: give each "
                                  "slice once",
                             F[*slot].path, F[k].path, (long long)F[k].shard, (long long)N);
        *slot = k;
    }
    if (nf == N)
        return 0;
    char miss[400];
    size_t m = 0;
    int64_t nmiss = 0;
    for (int64_t k = 0; k < N; k++)
        if (by[k] < 0 && nmiss++ < 20 && m < sizeof miss)
            m += (size_t)snprintf(miss + m, sizeof miss - m, "%s%lld/%lld", m ? ", " : "",
                                  (long long)k + 1, (long long)N);
    if (nmiss > 20 && m < sizeof miss)
        snprintf(miss + m, sizeof miss - m, ", ... (%lld in all)", (long long)nmiss);
    return cli_usage(cmd, "--merge: %s %s missing (%d of %lld slices given): run %s (--shard "
                          "K/N -o FILE) and give every shard's FILE",
                     nmiss > 1 ? "shards" : "shard", miss, nf, (long long)N,
                     nmiss > 1 ? "them" : "it");
}

/* Slice K's runs from its journal into S->runs: every run of the slice
 * there, none of another's. */
static int merge_journal(const char *cmd, sweep *S, const shard_file *f)
{
    dn_err e;
    char *buf = NULL, *sig = NULL;
    size_t len;
    int64_t kept, mine = 0, lack = 0;
    int rc = 0;
    sweep_run *tmp = calloc((size_t)S->total, sizeof *tmp);
    if (!tmp)
        return cli_fail(cmd, DN_ENOMEM, "out of memory for the runs");
    for (int64_t i = 0; i < S->total; i++)
        if (skipped(S, i) || i % f->shards != f->shard - 1)
            tmp[i].done = 1, tmp[i].skipped = skipped(S, i) ? 1 : 2;
        else
            mine++;
    if (access(f->jpath, F_OK) != 0) {
        rc = cli_usage(cmd, "--merge: shard %lld/%lld ('%s') has no journal '%s': it has not "
                            "run, or its journal was removed; run it (again)",
                       (long long)f->shard, (long long)f->shards, f->path, f->jpath);
        goto done;
    }
    struct stat st; /* (as the sidecar: a FIFO would block, a device never end) */
    if (stat(f->jpath, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
        rc = cli_usage(cmd, "--merge: the journal '%s' of shard %lld/%lld is not a regular "
                            "file (a FIFO, device or socket): run that shard again",
                       f->jpath, (long long)f->shard, (long long)f->shards);
        goto done;
    }
    if ((rc = dn_read_text(f->jpath, "sweep journal", (int64_t)1 << 32, 0, &buf, &len, &e))) {
        rc = cli_fail(cmd, rc, cli_errmsg(&e));
        goto done;
    }
    if (!(sig = shard_signature(S, f->shard, f->shards))) {
        rc = cli_fail(cmd, DN_ENOMEM, "out of memory");
        goto done;
    }
    if ((rc = journal_parse(buf, len, f->jpath, sig,
                            "it is not the journal of the shard that its sidecar names: run "
                            "that shard again (remove the journal first)",
                            tmp, S->total, &kept, &e))) {
        rc = rc == DN_EINVAL ? cli_usage(cmd, "--merge: %s", cli_errmsg(&e))
                             : cli_fail(cmd, rc, cli_errmsg(&e));
        goto done;
    }
    for (int64_t i = 0; i < S->total; i++)
        lack += !tmp[i].done;
    if (lack) {
        rc = cli_usage(cmd, "--merge: shard %lld/%lld ('%s') lacks %lld of its %lld runs (its "
                            "journal '%s' holds %lld): it is still running, or was stopped; "
                            "finish it (its command with --resume), then merge",
                       (long long)f->shard, (long long)f->shards, f->path, (long long)lack,
                       (long long)mine, f->jpath, (long long)kept);
        goto done;
    }
    for (int64_t i = 0; i < S->total; i++)
        if (!tmp[i].skipped) {
            S->runs[i] = tmp[i];
            tmp[i].json = tmp[i].error = NULL;
        }
done:
    for (int64_t i = 0; i < S->total; i++) {
        free(tmp[i].json);
        free(tmp[i].error);
    }
    free(tmp);
    free(buf);
    free(sig);
    return rc;
}

/* `dcnet sweep --merge OUT FILES...`: the shards' rows (from their
 * journals) joined in combination order, written to OUT as the unsharded
 * sweep writes -o OUT: the same columns in the same order, byte for byte
 * when the runs print the same (the rows are rebuilt from the runs'
 * outputs by the same code). Everything is checked before OUT is written,
 * atomically. */
static int sweep_merge(sweep *S, int argc, char **argv)
{
    const char *cmd = "sweep", *out = NULL;
    sweep_opts o;
    int rc = 0, nf = 0, *by = NULL;
    shard_file *F = calloc((size_t)argc, sizeof *F);
    char **words = NULL;
    memset(&o, 0, sizeof o);
    o.mode = -1;
    if (!F)
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    for (int a = 2; a < argc; a++) {
        const char *s = argv[a];
        if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
            print_help();
            goto done;
        } else if (strcmp(s, "--csv") == 0)
            o.mode = OUT_CSV;
        else if (strcmp(s, "--json") == 0)
            o.mode = OUT_JSON;
        else if (s[0] == '-' && s[1]) {
            rc = cli_usage(cmd, "--merge OUT FILES... takes --csv or --json, not '%s'", s);
            goto done;
        } else if (!out)
            out = s;
        else
            F[nf++].path = s;
    }
    if (!out || nf == 0) {
        rc = cli_usage(cmd, "--merge needs OUT and the shards' files: dcnet sweep --merge OUT "
                            "FILE1 FILE2 ... (each FILE a shard's -o)");
        goto done;
    }
    for (int k = 0; k < nf && !rc; k++)
        rc = read_sidecar(cmd, &F[k]);
    if (rc)
        goto done;
    if (!(by = malloc((size_t)F[0].shards * sizeof *by))) {
        rc = cli_fail(cmd, DN_ENOMEM, "out of memory");
        goto done;
    }
    if ((rc = shards_agree(cmd, F, nf, by)))
        goto done;
    /* the sweep, rebuilt from the words that define it */
    int nw = 0;
    while (nw < 100000) {
        char key[32];
        snprintf(key, sizeof key, "argv[%d]", nw);
        if (!jflat_get(&F[0].j, key))
            break;
        nw++;
    }
    if (!(words = calloc((size_t)nw + 2, sizeof *words))) {
        rc = cli_fail(cmd, DN_ENOMEM, "out of memory");
        goto done;
    }
    words[0] = (char *)"sweep";
    int asks_help = 0; /* (sweep_args would print the help on stdout) */
    for (int k = 0; k < nw; k++) {
        char key[32];
        snprintf(key, sizeof key, "argv[%d]", k);
        words[k + 1] = (char *)jflat_get(&F[0].j, key);
        asks_help |= strcmp(words[k + 1], "-h") == 0 || strcmp(words[k + 1], "--help") == 0;
    }
    sweep_opts so;
    memset(&so, 0, sizeof so);
    so.mode = OUT_CSV;
    char *sig = NULL;
    if (asks_help || (rc = sweep_args(S, nw + 1, words, &so)) || so.help || S->shards ||
        S->shard_auto ||
        (rc = sweep_check(S, &so)) || !(sig = signature(S)) || strcmp(sig, F[0].sig) != 0 ||
        S->total != F[0].total) {
        free(sig);
        if (so.help)
            rc = 2;
        rc = rc ? rc : 2;
        fprintf(stderr, "dcnet sweep: --merge: '%s' is damaged: its argv does not give its sweep "
                        "(%s); run that shard again\n",
                F[0].side, shown_sig(F[0].sig, (char[128]){0}, 128));
        goto done;
    }
    free(sig);
    /* OUT: none of the shards' files, writable */
    for (int k = 0; k < nf && !rc; k++) {
        const char *mine[3] = {F[k].path, F[k].jpath, F[k].side};
        for (int m = 0; m < 3 && !rc; m++)
            if (strcmp(out, "-") != 0 && out_same_path(out, mine[m]))
                rc = cli_usage(cmd, "--merge: OUT '%s' is a file of shard %lld/%lld ('%s'): "
                                    "write the merge elsewhere",
                               out, (long long)F[k].shard, (long long)F[k].shards, mine[m]);
    }
    if (rc)
        goto done;
    if (strcmp(out, "-") == 0) {
        o.output = NULL;
        o.mode = o.mode < 0 ? OUT_CSV : o.mode;
    } else {
        o.output = out;
        if (o.mode < 0)
            o.mode = ends_with(out, ".jsonl") || ends_with(out, ".json") ? OUT_JSON : OUT_CSV;
        if ((rc = check_output(cmd, out)))
            goto done;
    }
    if (!(S->runs = calloc((size_t)S->total, sizeof *S->runs))) {
        rc = cli_fail(cmd, DN_ENOMEM, "out of memory for the runs");
        goto done;
    }
    for (int64_t k = 0; k < F[0].shards && !rc; k++)
        rc = merge_journal(cmd, S, &F[by[k]]);
    if (rc)
        goto done;
    for (int64_t i = 0; i < S->total; i++)
        if (skipped(S, i)) {
            S->runs[i].done = S->runs[i].skipped = 1;
            S->nskipped++;
        } else {
            S->finished++;
            S->failed += S->runs[i].code != 0;
        }
    rc = sweep_output(S, &o);
done:
    for (int k = 0; k < nf; k++)
        shard_file_free(&F[k]);
    free(F);
    free(by);
    free(words);
    return rc;
}

static int sweep_main(sweep *S, int argc, char **argv)
{
    sweep_opts o;
    int rc;
    memset(&o, 0, sizeof o);
    o.mode = -1;
    if (argc > 1 && strcmp(argv[1], "--merge") == 0)
        return sweep_merge(S, argc, argv);
    if ((rc = sweep_args(S, argc, argv, &o)) || o.help)
        return rc;
    if ((rc = sweep_check(S, &o)))
        return rc;
    if (o.dry)
        return dry_run(S);
    if ((rc = sweep_files_and_runs(S, &o)))
        return rc;
    return sweep_output(S, &o);
}

int cmd_sweep(int argc, char **argv)
{
    sweep S;
    memset(&S, 0, sizeof S);
    int rc = sweep_main(&S, argc, argv);
    free_sweep(&S);
    return rc;
}

/*
 * demo.h - the machinery of `dcnet demo` (demo.c): run dcnet's own
 * commands as child processes in the report directory, read their JSON,
 * and write the HTML report. The sections (demo_sections.c) only choose
 * the runs, draw the plots and state the checks.
 *
 * Why child processes: every number in the report then comes from a
 * command the reader can type, exactly as shown next to the figure, and a
 * failing run cannot take the demo down with it.
 */
#ifndef DN_DEMO_H
#define DN_DEMO_H

#include "../cli/cli.h"
#include "../cli/plot.h"

#define DEMO_CMD_MAX 600    /* a command line as shown */
#define DEMO_LOG_MAX 256    /* commands listed under one figure or table */

typedef struct demo {
    char self[4096];        /* this dcnet binary, run for every command */
    const char *out;        /* the work directory while it runs (children run in it) */
    int quick;
    FILE *html;             /* index.html in the work directory, swapped in whole */
    int runs, failed_runs;  /* child runs, and those that failed */
    int checks, failed_checks;
    int tty;                /* stderr is a terminal: progress overwrites one line */
    double t0;
    char log[DEMO_LOG_MAX][DEMO_CMD_MAX]; /* commands since the last demo_commands */
    int nlog;
    rec *summary;           /* the summary's rows (demo_summary), nsummary of cap */
    int nsummary, summary_cap;
    const char *section;    /* short name, for progress and the summary */
    const char *section_title; /* progress lines without a terminal: one per section */
    int in_checks;          /* a table of checks is open (demo_check rows) */
} demo;

/* Runs `dcnet ARGS` in the report directory (ARGS: printf format, words
 * split on spaces). With "--json" among them the output is parsed into *j
 * (owned by the caller: jflat_free; zeroed on failure). Returns DN_OK, or
 * an error with the child's first stderr line in err (the run is counted
 * as failed and shown so in the report by the caller). */
int demo_run(demo *d, jflat *j, dn_err *err, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The same for another program (Graphviz's dot): PROG ARGS. DN_ENOTSUP
 * when it is not installed (not counted as a failure). */
int demo_tool(demo *d, dn_err *err, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A table's or chart's data from one sweep (issue 21): runs `dcnet sweep
 * ARGS --json -o FILE` in the report directory, logged like any command
 * (so it is the "regenerate" line a reader can edit), and reads FILE's
 * rows (one flattened object per run). ARGS may hold 'single-quoted'
 * words (a --skip with '>' in it), shown quoted and passed unquoted. A
 * failed run keeps its row (its "exit" is not 0) and the sweep counts as
 * a failed command of the report; DN_OK unless no rows could be read.
 * Owned by the caller: demo_rows_free. */
typedef struct demo_rows {
    int n;
    jflat *row;
} demo_rows;
int demo_sweep(demo *d, demo_rows *rows, const char *file, dn_err *err, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* The row whose columns have the given values, or NULL: the arguments are
 * "KEY=VALUE" strings (printf-formatted together: "n=%d map=%s", split at
 * spaces). And a number of a row (NAN when the row or the key is missing). */
const jflat *demo_rows_get(const demo_rows *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
double demo_rows_num(const jflat *row, const char *key);
void demo_rows_free(demo_rows *r);

/* HTML pieces. Text arguments are escaped unless named html. */
void demo_section(demo *d, const char *id, const char *short_name, const char *title,
                  const char *intro_html);
void demo_para(demo *d, const char *html);
/* "Where dcnet differs from seed NNN" (issue 28 item 12): a heading and a
 * table "what | the paper | this run | why"; add rows with demo_row (this
 * run's numbers in them), end with demo_table_end. */
void demo_differs_begin(demo *d, const char *seed);
/* Raw HTML (tags the helpers do not cover: <details>, a heading). */
void demo_html(demo *d, const char *html);
/* A figure quoted from a docs page instead of measured by this run: the
 * text (escaped) in <span class="quoted"> with the date it was measured
 * and the page that records it, which scripts/check-claims.py requires of
 * any number this run did not compute. Returns buf. */
const char *demo_quoted(char *buf, size_t cap, const char *text, const char *date,
                        const char *page);
/* A figure: the image (a file in the report directory) and a caption; the
 * caption is followed by the commands logged since the last call. */
void demo_figure(demo *d, const char *file, const char *caption, int width);
void demo_figures_begin(demo *d);  /* figures side by side until _end */
void demo_figures_end(demo *d);
/* Tables: demo_table(d, "n|map|avg"), then rows of cells joined by '|'. */
void demo_table(demo *d, const char *header);
/* The same with a CSS class on the table ("paper": cells do not wrap). */
void demo_table_class(demo *d, const char *cls, const char *header);
void demo_row(demo *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void demo_table_end(demo *d);
/* Lists the commands logged since the last call (a collapsed block). */
void demo_commands(demo *d);
/* A check of a seed's claim against this run's numbers: a row of the
 * table of checks (consecutive checks share one; any other piece of the
 * page closes it), with a mark, and counted; failed checks make the demo
 * exit 1. */
void demo_check(demo *d, int ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A line of the summary printed on stdout at the end. */
void demo_summary(demo *d, const char *what, const char *value);
/* Opens DIR/name for an SVG written by the demo itself (plots), through
 * the CLI's one output path (outfile.c: a temporary file renamed onto
 * name by demo_close, removed on a signal); NULL with err on failure.
 * demo_close returns DN_OK or DN_EIO (err says why; the file is gone). */
FILE *demo_open(demo *d, const char *name, dn_err *err);
int demo_close(FILE *f, dn_err *err);
/* Progress on stderr. */
void demo_progress(demo *d, const char *what);

/* The words of a caption about contention in one mode, chosen by the
 * counts themselves so that the sentence cannot contradict them:
 * "0 conflicting pairs: every step's messages use disjoint links" only
 * when conflicts == 0, otherwise "N conflicting pairs, up to L messages on
 * one link", or "not measured (the run failed)". */
void demo_contention_words(char *buf, size_t cap, const char *mode, double conflicts,
                           double max_link_load);

/* "1.2345" or "-" for NAN. */
const char *demo_num(char *buf, size_t cap, double v, int digits);

/* The sections, in report order (demo_sections.c). Each returns DN_OK or
 * an error that stops the demo (runs that fail are reported, not fatal). */
int demo_debruijn(demo *d);
int demo_meshes(demo *d);
int demo_walks(demo *d);
int demo_balance(demo *d);
int demo_sneptrees(demo *d);
int demo_runtime(demo *d);
/* The papers' own tables beside this run's (demo_papers.c): seed 001's
 * Table 1 with its conclusions (in section 2), seed 002's Tables 1-4 (in
 * section 3), each followed by where dcnet differs from the paper (item
 * 12; growing_conflicts_8x8: section 2's simulated conflicts of Growing A
 * under wormhole from every root of the 8 x 8 mesh). DN_OK; failed runs show as cells
 * without a value. */
int demo_paper001(demo *d, double growing_conflicts_8x8);
int demo_paper002(demo *d);

#endif

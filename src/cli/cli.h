/*
 * cli.h - shared parts of the dcnet command-line tool: output records
 * (table / JSON / CSV), error reporting with the exit-code contract of
 * docs/spec/cli.md (2 for bad usage or input, 1 for run-time failures), and
 * progress on stderr.
 */
#ifndef DN_CLI_H
#define DN_CLI_H

#include "dcnet/dcnet.h"

#include <signal.h>
#include <stdio.h>

enum { OUT_TABLE = 0, OUT_JSON, OUT_CSV };

/* An output record: fields in the order added, as many as are added. The
 * keys and string values are copied whole into the record's own text (kv
 * holds offsets into it, so the text can grow by realloc). A zeroed record
 * (`rec r = {0};`) is valid and empty; rec_free frees it (and leaves it
 * zeroed), on every path. Setting n = 0 (or rec_clear) empties a record
 * and keeps its memory, for a row filled again and again. When a field
 * cannot be added (out of memory), the record is marked failed and so is
 * the process (rec_oom): out_close refuses to publish a file and
 * out_finish reports "out of memory" with exit 1, so a record is never
 * silently shorter than its command made it. */
enum { KV_INT, KV_DBL, KV_BOOL, KV_STR, KV_NULL };
typedef struct kv {
    size_t key; /* offset of the key in the text: "degree.min" nests in JSON */
    int type;
    int64_t i;
    double d;
    size_t s; /* KV_STR: offset of the value in the text */
} kv;

typedef struct rec {
    kv *kv;             /* n fields, room for cap */
    int n, cap;
    char *text;         /* keys and string values, each NUL-terminated */
    size_t len, tcap;   /* bytes of text in use, allocated */
    int failed;         /* a field could not be added: out of memory */
} rec;

void rec_int(rec *r, const char *key, int64_t v);
void rec_dbl(rec *r, const char *key, double v);
void rec_bool(rec *r, const char *key, int v);
/* The string value is copied whole, whatever its length. */
void rec_str(rec *r, const char *key, const char *v);
void rec_null(rec *r, const char *key);
/* Appends a copy of every field of src to r, in order. */
void rec_append(rec *r, const rec *src);
/* The key of field i (0 <= i < n). */
const char *rec_key(const rec *r, int i);
/* Empties r, keeping its memory (as r->n = 0 does). */
void rec_clear(rec *r);
/* Frees r's memory and leaves it zeroed; a zeroed record is a no-op. */
void rec_free(rec *r);
/* rec_free on each of rows[0..n) and free(rows). */
void rec_free_rows(rec *rows, int n);
/* Has any record of this process failed to grow (out of memory)? */
int rec_oom(void);
/* Output lost for want of memory outside a record (a table of rows that
 * could not grow): marks the process as rec_oom does. */
void rec_lost(void);

/* The one output path (outfile.c): out_open writes to a temporary file
 * beside `path` ("-": standard output; a FIFO or device: in place),
 * out_close renames it onto path when every byte was written, else
 * removes it; out_discard removes it. The temporary file is also removed
 * on every fatal signal (outfile.c). An output declared by out_plan is
 * renamed only by out_finish, when the whole command succeeded. */
int out_open(const char *path, FILE **f, dn_err *err);
int out_close(FILE *f, dn_err *err);
void out_discard(FILE *f);
/* out_close(f) when rc is DN_OK, else out_discard(f) and rc; a failure
 * of standard output (rc with f == stdout) is left to out_finish. */
int out_end(FILE *f, int rc, dn_err *err);
/* A command's files, declared before it reads or writes any (issue 26,
 * item 10): opt names the option in messages, path may be NULL (not
 * given). */
typedef struct out_file {
    const char *opt, *path;
    int output; /* 1: written, 0: read */
} out_file;
/* Refuses (exit 2, "dcnet CMD: ..." printed) two outputs, or an output and
 * an input, that are the same file: the same path (its directory
 * resolved) or the same device and inode (character devices excepted);
 * returns 0 when none is. */
int out_plan(const char *cmd, const out_file *files, int n);
/* The entry of out_plan's list for a command's own report (its table,
 * --json or --csv) on standard output when `printed`, else one that
 * declares nothing: with it, a file option given '-' (--save-place -,
 * --svg -, ...) is refused, for standard output holds one of them
 * (issue 37, item 21). */
out_file out_report(int printed, int mode);
/* Standard input, output and error, if closed, held open on /dev/null
 * (unusable) so that no file takes their numbers: first thing in main. */
void out_hold_std_fds(void);
/* Do paths a and b name one file (the same path once resolved, or the
 * same device and inode)? For a command that checks files out_plan does
 * not see (a sweep: its runs' files against its own). */
int out_same_path(const char *a, const char *b);
/* The file of a spec "file:PATH" (--net, --tree, --map), else NULL. */
const char *out_spec_file(const char *spec);
/* At exit (main): a standard output that failed is reported once (exit 1),
 * unless its reader went away (a closed pipe: quiet, the code stands);
 * declared outputs are renamed onto their names if the code is 0, else
 * removed. Returns the exit code. */
int out_finish(const char *cmd, int code);
/* Closes f as out_close does (the file whole under path), then opens path
 * again for appending into *again, only if it is still that file (same
 * device and inode; never through a symlink): for a file that must exist
 * whole early and then grow (a sweep's journal). DN_EIO when either
 * fails (*again NULL). */
int out_publish(FILE *f, const char *path, FILE **again, dn_err *err);
/* Fatal signals (outfile.c lists them): out_guard_signals installs their
 * handler (main does, for every command): it stops the children
 * (cli_spawn_stop_all), removes the temporary files and the directory of
 * out_guard_dir, says which signal on stderr and exits 1. */
void out_guard_signals(void);
/* The set of those signals (spawn.c blocks them around fork). */
void out_fatal_signals(sigset_t *set);
/* The fatal signal being handled, or 0: no child may start then. A hosted
 * call whose caller asked it to stop (out_capture.cancel, Ctrl-C in
 * Python) reads SIGINT: a sweep then stops handing out runs. */
int out_stopping(void);
/* A temporary directory of plain files (the demo's work directory) that
 * a fatal signal removes, after the children have ended, printing note
 * (one line) after the signal's name; dir NULL: none any more. Call it
 * with NULL before renaming the directory into place. DN_EINVAL if the
 * name is longer than PATH_MAX. O(1). */
int out_guard_dir(const char *dir, const char *note);
/* One CSV field (RFC 4180): quoted when it holds a comma, quote or newline. */
void csv_field(FILE *f, const char *s);
/* s as a JSON string literal (quoted, escaped, valid UTF-8) */
void json_string(const char *s, FILE *f);
/* The length (1..4) of the valid UTF-8 sequence at s, 0 if none (RFC 3629). */
int utf8_seq_len(const char *s);

/* One record: "key  value" lines, a JSON object, or a CSV header + row. */
void rec_print(const rec *r, int mode, FILE *f);
/* Many records of the same keys: an aligned table, {"key": [...]} (plus the
 * fields of `head`, if not NULL, before the array), or CSV rows. */
void rows_print(const rec *head, const rec *rows, int n, const char *json_key, int mode,
                FILE *f);
/* Rows written one at a time, in O(1) memory, for listings of any length:
 * the same three forms as rows_print. In table form the columns are
 * aligned to `widths` (one per column of the rows, at least the key's
 * length is used), which the caller knows in advance (e.g. the digits of
 * the largest id). */
typedef struct row_stream {
    int mode, n, cols;
    int *widths; /* cols of them, allocated by rows_stream_begin, freed by _end */
    FILE *f;
    /* CSV: the head's fields open every row, and the items' keys are
     * ARRAY.KEY (csv_prefix); the header is written with the first row,
     * or at the end with the head's fields alone when there is none */
    const rec *head;
    char prefix[64];
    struct out_array *cap; /* the capture's array the rows go to (out_capture), or NULL */
    int capdoc;            /* json_stream_*: 1 + the capture's document, or 0 */
} row_stream;
/* Widens widths[c] to the table cell of the row's column c for every
 * c < row->n (widths has room for row->n, allocated by the key count): a
 * first pass over streamed rows gives rows_stream_begin its widths, the
 * ones rows_print would use, without keeping the rows. */
void rec_widths(const rec *row, int *widths);
void rows_stream_begin(row_stream *s, const rec *head, const rec *first_row, const int *widths,
                       const char *json_key, int mode, FILE *f);
void rows_stream_row(row_stream *s, const rec *row);
void rows_stream_end(row_stream *s);
/* rows_print's output for n rows made one at a time by fn(ctx, i, row)
 * (row arrives with stale contents: fn sets row->n = 0 and fills it), in
 * the memory of one record whatever n: in table form fn is called twice
 * per row, once for the column widths, each pass with i = 0, 1, ... in
 * order (fn may keep a cursor that restarts at i = 0). O(n) calls. */
typedef void (*row_fn)(void *ctx, int64_t i, rec *row);
void rows_print_fn(const rec *head, int64_t n, row_fn fn, void *ctx, const char *json_key,
                   int mode, FILE *f);
/* CSV is the JSON flattened (issue 29, item 14; docs/cli.md): an output
 * with listings (the JSON's arrays of objects) has one row per item, each
 * row the head's fields followed by the item's, named ARRAY.KEY
 * ("per_step.time"), with the empty field for the other listings' columns;
 * an output without items is one row of the head's fields. The items of
 * "runs" are whole runs: their keys keep their names, as in the output of
 * one run. The prefix of an array named key: "" or "key.". */
const char *csv_prefix(const char *key, char *buf, size_t cap);
/* Several listings made a row at a time (fn(ctx, i, row) as rows_print_fn
 * has it), as CSV: the head's fields, then every listing's columns; list
 * k's rows carry its fields and empty ones for the others. A listing with
 * no item has no column. O(rows) calls, the memory of two records. */
typedef struct csv_list {
    const char *key;
    int64_t n;
    row_fn fn;
    void *ctx;
} csv_list;
void csv_listings(const rec *head, const csv_list *lists, int nlists, FILE *f);
/* One JSON object streamed (the form of json_arrays, in O(1) memory): the
 * head's fields, then any number of arrays whose rows go through
 * rows_stream_row, then the closing brace. */
void json_stream_begin(row_stream *s, const rec *head, FILE *f);
void json_stream_array(row_stream *s, const char *key);
void json_stream_array_end(row_stream *s);
void json_stream_end(row_stream *s);
/* One JSON object: the fields of head, then one array per set. */
void json_arrays(const rec *head, int sets, const char *const *keys, const rec *const *rows,
                 const int *ns, FILE *f);

/* In-process capture (issue 40: the Python package, python/dcnet). While a
 * capture is set (out_capture_begin .. out_capture_end; one at a time in
 * the process: the caller serialises commands), every JSON report a
 * command writes to standard output (rec_print, rows_print, rows_print_fn,
 * json_arrays, json_stream_*, rows_stream_*) is kept as records instead of
 * text: one document per JSON object, its head's fields and its arrays of
 * rows. The same records the JSON writer prints, so the caller converts
 * them with the writer's nesting rule (a key "a.b" is b inside a: split at
 * the first dot) and no key is named twice. Error messages (cli_fail,
 * cli_usage, cli_errf) go into errs instead of standard error, and the
 * option at fault into opt (as cli_errmsg names it, else the first
 * "--option" of the message). place: a copy of the placement a command
 * writes with place_write (when want_place), owned by the capture. cancel:
 * set from another thread to stop the command (out_stopping reports it). */
typedef struct out_array {
    char *key;
    rec *rows;
    int64_t n, cap;
} out_array;
typedef struct out_doc {
    rec head;
    out_array *arr;
    int narr, cap;
} out_doc;
typedef struct out_capture {
    out_doc *docs;
    int ndocs, cap;
    char *errs;          /* the messages, as printed, NUL-terminated (or NULL) */
    size_t errlen;
    char opt[64];        /* the option at fault of the first error, or "" */
    int want_place;
    int64_t *place, nplace; /* the last placement written (malloc'd) */
    /* want_arrays: the listings a command writes to files as records
     * (out_capture_table: --messages, --link-stats) and load's expected
     * loads (loads_rows runs of nloads / loads_rows processors) */
    int want_arrays;
    out_array tables[4];
    int ntables;
    double *loads;
    int64_t nloads, loads_rows;
    volatile int cancel; /* (the library's stop flags are volatile int) */
    int failed;          /* out of memory while capturing */
    /* sweep's runs made in this process: run(run_ctx, argv, &out, err) in
     * place of cli_spawn (same contract: the exit status, the JSON text in
     * *out, the first error line in err); NULL: runs are spawned */
    int (*run)(void *ctx, char **argv, char **out, dn_err *err);
    void *run_ctx;
    struct out_capture *outer; /* the call this one runs inside (a sweep's), or NULL */
} out_capture;
/* Sets c (zeroed by the caller) as the capture and resets the per-call
 * state of out.c (the out-of-memory flag) and getopt's optind; the caller
 * also calls out_files_reset (outfile.c). */
void out_capture_begin(out_capture *c);
void out_capture_end(void);
/* A listing a command also writes to a file (--messages, --link-stats),
 * as records for a hosted caller that asked (want_arrays): the capture's
 * table of that name (made at the first call), or NULL: the file only. */
out_array *out_capture_table(const char *name);
/* Appends a copy of row to table a (NULL: nothing). */
void out_capture_row(out_array *a, const rec *row);
/* The stop flag of the outermost capture (for dn_sim_opts.stop), or NULL
 * when no capture is set. */
const volatile int *out_cancel_flag(void);
/* Sets c as the capture again, nothing reset (after a nested call). */
void out_capture_restore(out_capture *c);
/* The capture set now, or NULL. */
out_capture *out_capture_now(void);
void out_capture_free(out_capture *c);
/* Forgets the files declared by the last command (out_plan). */
void out_files_reset(void);
/* The process is hosted (a Python interpreter): no signal handler is
 * ever installed (out_guard_signals does nothing). */
void out_hosted(void);
/* An error line ("dcnet CMD: ...\n" written whole): to standard error, or
 * into the capture. */
void cli_errput(const char *text);
void cli_errf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Prints "dcnet CMD: message" to stderr and returns the exit code for
 * status (2 for bad input, 1 for run-time failures). A message "unknown
 * WHAT 'NAME'; known: A, B, ..." (the library's, for networks, trees,
 * mappings and apps) gains "; did you mean 'A'?" when A is near NAME
 * (suggest.c); so does cli_usage's. */
int cli_fail(const char *cmd, int status, const char *msg);
/* A library message as the CLI prints it: the library speaks of its own
 * parameters (dn_err.param: "mem_limit", "map tree", ...), the CLI adds
 * the options that set them, " (option --mem-limit)", " (options --map,
 * --tree)". Appends to err->msg in place (once: err->param is cleared) and
 * returns err->msg. The one table from library parameter to flag is in
 * suggest.c. */
const char *cli_errmsg(dn_err *err);
/* Usage error: message plus "see 'dcnet CMD --help'"; returns 2. */
int cli_usage(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Progress reporter for library callbacks: prints to stderr only when
 * stderr is a terminal and the work has run for more than 2 seconds. */
typedef struct progress {
    const char *what;
    double start;
    double last;   /* time of the last update: at most 5 per second */
    int active;
    int shown;
} progress;
void progress_init(progress *p, const char *what);
void progress_cb(void *ctx, double fraction);
void progress_done(progress *p);
double cli_now(void);

/* Provenance (buildinfo.c): one fact, how it was learned ("build time",
 * "run time, uname", ...) and its value. */
typedef struct build_fact {
    char key[32];
    char how[64];
    char value[256];
} build_fact;
/* Fills up to cap facts: date, dcnet version, git commit, compiler,
 * CFLAGS, CPU model, cores, system, SCOTCH, GLPK, MPI, planarity. Returns
 * the count. Reads /proc/cpuinfo; never fails (unknowns say "unknown"). */
int buildinfo_collect(build_fact *f, int cap);

/* Commands */
/* Runs argv (argv[0] a path, or a name found on PATH when path_search) in
 * directory dir (NULL: here) with its standard output read into *out
 * (malloc'd, NUL-terminated; the caller frees it) and the first line of its
 * standard error in err when it fails. A signal that sets *stop (if given)
 * stops the child. Returns the exit status (0..255; 128 + N for signal N),
 * 127 if it could not start, or -1 for a failure of this process. Safe to
 * call from several threads at once. */
#include <signal.h>
int cli_spawn(char **argv, const char *dir, int path_search, volatile sig_atomic_t *stop,
              char **out, dn_err *err);
/* Sends SIGTERM to every child cli_spawn is running now and waits until
 * each has ended (SIGKILL after 5 s); async-signal-safe, for the fatal
 * signals' handler. */
void cli_spawn_stop_all(void);

/* Placements out (place.c; the formats and the reader are the library's,
 * dcnet/place.h): the placement file through out_open, with a comment
 * naming `what` was placed on which network. */
int place_write(const dn_net *net, const int64_t *place, int64_t T, dn_place_format fmt,
                const char *what, const char *path, dn_err *err);
/* An Open MPI rankfile: rank (y + rank0) mod T on the host and slot of
 * place[y], from a hosts file of "LABEL HOST SLOT" lines (RFC 1123 host
 * names, slots non-negative integers; errors name the file and line; a
 * processor's lines are its slots, each (host, slot) once in the file);
 * the ranks of one processor take its slots in turn, and more ranks than
 * slots is refused unless `oversubscribe` (then said in the file);
 * `header` (lines starting "# ", each ending in a newline) says which tree
 * and numbering the file is for. */
int place_rankfile(const char *path, const char *hosts, const dn_net *net, const int64_t *place,
                   int64_t T, const char *header, int64_t rank0, int oversubscribe,
                   dn_err *err);

/* One line on how a tree model numbers its tasks (cmd_tree.c): seed 000's
 * B(n), Open MPI's or MPICH's broadcast tree, or dcnet's ids. */
const char *tree_numbering(const dn_tree_model *m);
/* Sets an MPI tree model's broadcast size (--bytes; 0 when not given);
 * `dcnet tree` refuses --bytes for other trees. 0 or the exit code. */
int tree_mpi_bytes(const char *cmd, dn_tree_model *m, double bytes, int64_t ppn);
/* --ppn K: MPI ranks per node, 1 .. DN_MPI_PPN_MAX; 0 or the exit code */
int cli_ppn(const char *cmd, const char *arg, int64_t *ppn);
/* c->why, and for MPICH without ranks per node the option that gives them */
const char *mpi_why_text(const dn_tree_model *m, const dn_mpi_choice *c, char *buf, size_t cap);
/* What makes the library run c's algorithm, as typed: Open MPI's mpirun
 * options ("--mca NAME VALUE ..."), MPICH's environment ("NAME=VALUE ..");
 * "" for the library's default. */
void mpi_force_text(const dn_mpi_choice *c, char *buf, size_t cap);
/* An MPI tree's algorithm and why (keys mpi_algorithm, mpi_why) into r:
 * embed's and simulate's JSON; nothing for another tree. */
void tree_mpi_record(const dn_tree_model *m, rec *r);

int cmd_net(int argc, char **argv);
int cmd_tree(int argc, char **argv);
int cmd_demo(int argc, char **argv);
int cmd_embed(int argc, char **argv);
int cmd_load(int argc, char **argv);
int cmd_simulate(int argc, char **argv);
int cmd_exec(int argc, char **argv);
int cmd_balance(int argc, char **argv);
int cmd_sweep(int argc, char **argv);

/* SVG drawing of an embedding (draw.c): processors laid out per network
 * family, tree edges coloured by phase, hot links marked. m must have been
 * computed with keep_arrays. */
int embed_svg(dn_embed *e, const dn_metrics *m, const char *path, dn_err *err);
/* One panel per phase (only = 0) or phase `only` alone: tasks at their
 * processors, each message an arrow along its route with its hops, links
 * shared within the phase red (draw.c). */
int embed_svg_phases(dn_embed *e, const dn_metrics *m, int only, const char *path, dn_err *err);

/* A spanning tree of DDB(k) (balance.h) drawn into the box (x0, y0, w, h)
 * of an SVG begun with plot_begin: levels as rows, arcs in their link
 * direction; with before (and after) loads, nodes shade by load and small
 * trees show "before -> after". k <= DDB_TREE_SVG_MAX_K, else DN_ERANGE. */
#define DDB_TREE_SVG_MAX_K 8
int ddb_tree_svg(FILE *f, int k, dn_ddb_tree t, double x0, double y0, double w, double h,
                 const int64_t *before, const int64_t *after);

/* Seed 004's Fig. 4 (its drawing lost; section 4 names it): a Sneptree of
 * height 1 .. SNEP_SVG_MAX_N in the H-tree layout of its binary tree,
 * each linked pair of cells one straight segment (tree edges dark, the
 * circuits' other edges grey), drawn into an SVG of its own. The right
 * child's subtree is the left one's half turn about their parent, so the
 * leaves joined across a cell face each other: S_2, S_3, S_4 come out
 * planar (tests/test_cli.c checks every pair of segments). DN_EINVAL if
 * net is no Sneptree, DN_ERANGE above the height limit. O(cells). */
#define SNEP_SVG_MAX_N 6
int sneptree_svg(FILE *f, const dn_net *net, dn_err *err);

/* The facts of a network as a record (cmd_net.c). */
int net_facts_record(const dn_net *net, const dn_facts_opts *fo, rec *r, dn_err *err);

/* Options of the commands that build an embedding (embed, simulate):
 * --net --tree --map --root --order --approach --face --seed --routes
 * --scotch-strategy --max-nodes --mem-limit --search-limit (cmd_embed.c). */
enum {
    EO_ORDER = 300,
    EO_APPROACH,
    EO_FACE,
    EO_ROUTES,
    EO_SCOTCH,
    EO_SCOTCH_TARGET,
    EO_MAXN,
    EO_MEM,
    EO_SEARCH,
    EO_ALLOC,
    EO_SLOTS,
    EO_SCOTCH_PART,
    EO_REFINE,
    EO_OBJECTIVE,
    EO_INTRA,
    EO_BUDGET,
    EO_PPN
};
#define EMBED_LONG_OPTIONS                                                                       \
    {"net", required_argument, NULL, 'n'}, {"tree", required_argument, NULL, 't'},              \
        {"map", required_argument, NULL, 'm'}, {"root", required_argument, NULL, 'r'},          \
        {"order", required_argument, NULL, EO_ORDER},                                           \
        {"approach", required_argument, NULL, EO_APPROACH},                                     \
        {"face", required_argument, NULL, EO_FACE},                                             \
        {"seed", required_argument, NULL, 's'}, {"routes", required_argument, NULL, EO_ROUTES}, \
        {"scotch-strategy", required_argument, NULL, EO_SCOTCH},                                \
        {"scotch-target", required_argument, NULL, EO_SCOTCH_TARGET},                           \
        {"max-nodes", required_argument, NULL, EO_MAXN},                                        \
        {"mem-limit", required_argument, NULL, EO_MEM},                                         \
        {"search-limit", required_argument, NULL, EO_SEARCH},                                   \
        {"alloc", required_argument, NULL, EO_ALLOC},                                           \
        {"slots", required_argument, NULL, EO_SLOTS},                                           \
        {"scotch-part", required_argument, NULL, EO_SCOTCH_PART},                               \
        {"refine", optional_argument, NULL, EO_REFINE},                                         \
        {"objective", required_argument, NULL, EO_OBJECTIVE},                                   \
        {"intra-cost", required_argument, NULL, EO_INTRA},                                      \
        {"budget", required_argument, NULL, EO_BUDGET},                                         \
        {"ppn", required_argument, NULL, EO_PPN}
typedef struct embed_args {
    const char *net_spec, *tree_spec, *root_s;
    int64_t seed, max_nodes, mem_limit;
    dn_embed_opts eo;
    int64_t *place;   /* owned: a placement read from --map file:PATH */
    char map_name[16]; /* NAME of --map NAME:ARG */
    const char *map_arg; /* --map as given (file:PATH too), for a rankfile's header */
    const char *alloc_path; /* --alloc FILE */
    const char *hosts;   /* --hosts FILE (embed): host names in --alloc */
    int oversubscribe;   /* --oversubscribe (embed): a hosts file may repeat a (host, slot) */
    int64_t *alloc, *slots_per; /* owned: what --alloc FILE read */
    dn_best_result *best; /* owned: --map best's candidates, after embed_build */
    int objective_given; /* --objective: --map best ranks by it first */
    double mpi_bytes;   /* --bytes: an MPI broadcast tree's size (0: not given) */
    int64_t mpi_ppn;    /* --ppn: MPICH's ranks per node (0: not given) */
    int refine_default; /* bare --refine: EMBED_REFINE_PER_TASK x T moves, set with the tree */
    /* --objective time: the run that times a placement (borrowed: simulate's
     * own options); NULL: simulate's defaults (embed) */
    const dn_sim_opts *time_so;
    const dn_sim_work_opts *time_wo;
    /* the options given that act on some mappings only (EMBED_GIVEN_*):
     * one that does nothing for the mapping asked is refused, not ignored
     * (issue 37 item 19; embed_args_net_tree) */
    unsigned given;
} embed_args;
enum {
    EMBED_GIVEN_ORDER = 1u << 0,
    EMBED_GIVEN_APPROACH = 1u << 1,
    EMBED_GIVEN_SCOTCH = 1u << 2,
    EMBED_GIVEN_SCOTCH_TARGET = 1u << 3,
    EMBED_GIVEN_SCOTCH_PART = 1u << 4,
    EMBED_GIVEN_SEARCH = 1u << 5,
    EMBED_GIVEN_BUDGET = 1u << 6,
    EMBED_GIVEN_REFINE = 1u << 7,
    EMBED_GIVEN_OBJECTIVE = 1u << 8,
    EMBED_GIVEN_INTRA = 1u << 9,
    EMBED_GIVEN_FACE = 1u << 10
};
/* optarg, or for --refine without '=' the next word when it starts with a
 * digit (consumed): optional arguments as separate words */
const char *embed_optional_arg(int c, int argc, char **argv);
/* bare --refine's budget: moves per task */
#define EMBED_REFINE_PER_TASK 20
void embed_args_init(embed_args *a);
/* "a", "b" or "b:nearest" for --map growing (its --approach), else NULL. */
const char *embed_approach_name(const dn_embed_opts *eo);
/* The DC-cube's dimension order ("paired", the default, "asc", "desc") for
 * --map dccube and xor, else NULL. */
const char *embed_order_name(const dn_embed_opts *eo);
void embed_args_free(embed_args *a);
/* 1 if c was one of these options, 0 if not, -exit code after a usage error. */
int embed_args_opt(const char *cmd, embed_args *a, int c, const char *arg);
/* Builds the net (and with need_tree the tree, the root and a file:
 * placement); returns 0 or the exit code after printing the error. */
int embed_args_net_tree(const char *cmd, embed_args *a, dn_net *net, dn_tree *tree, int need_tree);
/* --map best's origin, candidates and what did not apply, into r (nothing
 * for another mapping, b NULL). */
void embed_best_record(const dn_best_result *b, rec *r);
/* JSON 'search' into r: --map exact's search (figures, budget, what
 * stopped it); --map best's refinements (b, its result: moves, CPU
 * seconds, cutoff, stopped), or --refine's alone; nothing otherwise. */
void embed_search_record(const dn_embed *e, const dn_best_result *b, rec *r);
/* --refine's figures (refine.objective, .descent, .moves, .accepted,
 * .improved, .before, .after) into r; nothing for an unrefined e. */
void embed_refine_record(const dn_embed *e, rec *r);
/* The embedding of a's options: dn_embed_init, or for --map best
 * dn_best_init ranking by mo (NULL: the defaults), its candidates kept in
 * a->best. A library status; the message in *err. */
int embed_build(embed_args *a, const dn_net *net, const dn_tree *tree, const dn_metric_opts *mo,
                dn_embed **e, dn_err *err);
/* The run --objective time makes in embed: simulate's defaults
 * (store-and-forward, the divide stage, alpha 0.5, t_s = t_e = 1, one port). */
void embed_time_defaults(dn_sim_opts *so, dn_sim_work_opts *wo, int64_t mem_limit);
/* An allocation file (--alloc, docs/formats.md): one processor a line (id
 * or label, or with hosts a host name of the hosts file, which stands for
 * every processor on that host), each optionally followed by 'slots=K'.
 * Fills *alloc (n distinct processors, owned) and *slots_per (owned; NULL
 * when no line gives slots; lines without slots= then get `slots`). The
 * hosts file's (host, slot) pairs are distinct unless `shared`
 * (--oversubscribe). */
int place_read_alloc(const char *path, const char *hosts, int shared, const dn_net *net,
                     int64_t slots,
                     int64_t **alloc, int64_t **slots_per, int64_t *n, dn_err *err);
/* Reads exactly `want` numbers in [lo, hi], one per line ('#' comments). */
int cli_read_numbers(const char *path, int64_t want, double lo, double hi, const char *what,
                     double **out, dn_err *err);
/* Where a file first wrote a quantity with a unit (line 0: nowhere). */
typedef struct cli_unit_seen {
    int64_t line;
    char text[32]; /* the value as written, cut to 31 bytes */
} cli_unit_seen;
/* The same, each a size with an optional unit ("1MB", "4KiB"; bare: bytes),
 * for simulate --sizes (issue 29); *unit says where the first unit was
 * (simulate's unit rule refuses it on a network without link costs). */
int cli_read_sizes(const char *path, int64_t want, double lo, double hi, const char *what,
                   double **out, cli_unit_seen *unit, dn_err *err);

/* "Did you mean" (suggest.c, issue 29 item 11). The nearest of names to
 * word (at most about a third of its letters edited), or NULL. */
const char *cli_nearest(const char *word, const char *const *names, int n);
/* The usage error of a getopt_long loop that returned '?': an unknown
 * option with the nearest of opts ("unknown option '--tres'; did you mean
 * '--tree'?"), an ambiguous abbreviation with its candidates, or a flag
 * given a value. Reads optind and optopt; returns 2. */
struct option;
int cli_bad_option(const char *cmd, char *const *argv, const struct option *opts);
/* The note on stderr for an old spelling that still works (issue 29 item
 * 10): "dcnet CMD: note: OLD is now NEW ...". */
void cli_old_option(const char *cmd, const char *old, const char *now);
/* The same for an old spelling of an output file (simulate --links FILE,
 * now --link-stats FILE): a value that is one of keywords (a keyword
 * ending in ':' matches as a prefix: "random:"), the word's meaning in
 * another command (`elsewhere`, e.g. "embed's --links"), is refused with
 * a usage error (2) and no file written; else the note and 0. */
int cli_old_output(const char *cmd, const char *old, const char *now, const char *value,
                   const char *const *keywords, const char *elsewhere);

/* Common option parsing helpers. */
/* --mem-limit ARG: a size with a unit ("512MiB", "2GB") or a bare number of
 * GiB, 1 MiB .. 1 PiB, into *out bytes; 0 or cli_usage's 2 (with the
 * message). The one parser of every command's --mem-limit. */
int cli_mem_limit(const char *cmd, const char *arg, int64_t *out);
int parse_threads(const char *cmd, const char *s, int *out);
/* arg must be one of names (NULL-terminated): *out = its index and 0, or a
 * usage error listing them ("--stage must be divide, combine or both"),
 * with the nearest if one is near ("; did you mean 'divide'?"), and 2. */
int cli_keyword(const char *cmd, const char *opt, const char *arg, const char *const *names,
                int *out);
/* All online cores, at most 64. */
int cli_default_threads(void);

/* A JSON document flattened to (path, scalar) pairs (json.c): object
 * members join with '.', array elements take "[i]" ("runs[0].ratio",
 * "[2].steps"). Owned by the caller: jflat_free. */
typedef struct jflat {
    int n, cap;
    char **key, **val;
} jflat;
int jflat_parse(jflat *j, const char *text, dn_err *err);
void jflat_free(jflat *j);
/* The scalar at path (strings unescaped, numbers as printed), or NULL. */
const char *jflat_get(const jflat *j, const char *path);
/* The number at path, or NAN when missing or not a number. */
double jflat_num(const jflat *j, const char *path);

#endif

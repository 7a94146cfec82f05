/*
 * demo.c - `dcnet demo`: the main job. Runs each seed paper's headline
 * result on built-in defaults, side by side with the baselines, and writes
 * DIR/index.html (default out/demo/) with sibling SVG files, plus a
 * summary table on stdout.
 *
 * Every number in the report comes from a command run in this invocation:
 * dcnet runs itself (fork + exec of /proc/self/exe) in the report directory
 * with --json, reads the object (json.c), and lists the exact command line
 * under the figure or table it fed. Plots that combine many runs are drawn
 * here with plot.c. The whole report is built in a fresh hidden directory
 * beside --out and swapped in at the end, so an interrupted demo never
 * leaves a half report, nor old and new figures mixed. Each file in it is
 * written through outfile.c like every file dcnet writes; a fatal signal
 * stops the child runs, waits for them, and removes the directory
 * (out_guard_dir), the previous report untouched (issue 26, items 9, 11).
 */
#include "demo.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define DEMO_ARGV_MAX 64

static const char demo_help[] =
    "Usage: dcnet demo [--out DIR] [--quick] [--json|--csv]\n"
    "The main job: reproduce the headline results of the five seed papers in\n"
    "one report, each next to its baselines, and print a summary table.\n"
    "Writes DIR/index.html (default out/demo/) with the figures as sibling SVG\n"
    "files: a self-contained page for any browser, no network access.\n"
    "\n"
    "Sections: 1 mapping D on the de Bruijn network BDG(n) vs SCOTCH and random\n"
    "placement (seed 000); 2 meshes: DC-cube vs the Growing approaches A and B,\n"
    "store-and-forward and wormhole, from every root (seed 001); 3 random-walk\n"
    "placement: exact alpha_h curves, simulated points, variants (seed 002);\n"
    "4 load balancing on DDB(k) vs diffusion and dimension exchange (seed 003);\n"
    "5 Sneptrees S_3 and T_3: planarity, circuits, homogeneous mapping (seed 004);\n"
    "6 the runtime: mergesort speed-up on this machine, emulated de Bruijn.\n"
    "\n"
    "Every number comes from a dcnet command run now, in DIR; the report lists\n"
    "each command under the figure or table it fed, so it can be rerun alone.\n"
    "\n"
    "  -o, --out DIR   report directory (default out/demo; created)\n"
    "  -q, --quick     smaller sizes: about 6 s on 2 cores (full: about 38 s)\n"
    "      --json      the summary as one JSON object on stdout\n"
    "      --csv       the summary as CSV on stdout\n"
    "  -h, --help      show this help\n"
    "\n"
    "Exit status: 0 when every run succeeded and every check of a seed's claim\n"
    "held; 1 otherwise (the report is still written and says which); 2 for\n"
    "bad usage.\n";

/* ------------------------------------------------------------ child runs */

/* Splits a command line into words at spaces; a word in single quotes
 * keeps what the shell would not ('n>12'). Returns the word count, or -1
 * if there are too many (or a quote is not closed). */
static int split_words(char *s, char **argv, int max)
{
    int n = 0;
    for (char *p = s; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        if (n + 1 >= max)
            return -1;
        if (*p == '\'') { /* 'a word with > or spaces': shown quoted, passed bare */
            char *end = strchr(p + 1, '\'');
            if (!end)
                return -1;
            *end = '\0';
            argv[n++] = p + 1;
            p = end + 1;
            continue;
        }
        argv[n++] = p;
        p += strcspn(p, " ");
        if (*p)
            *p++ = '\0';
    }
    argv[n] = NULL;
    return n;
}

static void log_command(demo *d, const char *cmdline)
{
    if (d->nlog < DEMO_LOG_MAX)
        snprintf(d->log[d->nlog++], DEMO_CMD_MAX, "%s", cmdline);
}

static int run_words(demo *d, jflat *j, dn_err *err, const char *prog, const char *fmt,
                     va_list ap)
{
    char line[DEMO_CMD_MAX], words[DEMO_CMD_MAX], *argv[DEMO_ARGV_MAX + 1];
    char *out = NULL;
    int self = prog == NULL, rc;
    if (j)
        memset(j, 0, sizeof *j);
    int w = snprintf(line, sizeof line, "%s ", self ? "dcnet" : prog);
    vsnprintf(line + w, sizeof line - (size_t)w, fmt, ap);
    snprintf(words, sizeof words, "%s", line);
    if (split_words(words, argv, DEMO_ARGV_MAX) < 1)
        return dn_fail(err, DN_EINVAL, "demo: command too long: %s", line);
    if (self)
        argv[0] = d->self;
    d->runs++;
    demo_progress(d, line);
    int code = cli_spawn(argv, d->out, !self, NULL, &out, err);
    if (!self && code == 127) {
        free(out);
        d->runs--;
        return dn_fail(err, DN_ENOTSUP, "%s is not installed", prog);
    }
    log_command(d, line);
    if (!d->tty) /* a log, not a terminal: one line per finished step */
        fprintf(stderr, "demo %5.1fs [%s] %s %s\n", cli_now() - d->t0,
                d->section ? d->section : "",
                code ? "FAILED" : "done", line);
    if (code != 0) {
        free(out);
        d->failed_runs++;
        fprintf(stderr, "dcnet demo: failed: %s: %s\n", line, err ? err->msg : "");
        return DN_EIO;
    }
    rc = DN_OK;
    if (j && strstr(line, " --json")) {
        rc = jflat_parse(j, out, err);
        if (rc)
            d->failed_runs++;
    }
    free(out);
    return rc;
}

int demo_run(demo *d, jflat *j, dn_err *err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = run_words(d, j, err, NULL, fmt, ap);
    va_end(ap);
    return rc;
}

int demo_tool(demo *d, dn_err *err, const char *fmt, ...)
{
    char prog[64];
    va_list ap;
    size_t n = strcspn(fmt, " ");
    snprintf(prog, sizeof prog, "%.*s", (int)n, fmt);
    va_start(ap, fmt);
    int rc = run_words(d, NULL, err, prog, fmt + n + (fmt[n] == ' '), ap);
    va_end(ap);
    return rc;
}

int demo_sweep(demo *d, demo_rows *rows, const char *file, dn_err *err, const char *fmt, ...)
{
    char args[DEMO_CMD_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    memset(rows, 0, sizeof *rows);
    int rc = demo_run(d, NULL, err, "sweep %s --json -o %s", args, file);
    /* exit 1: some run failed, and its row says so; the rows are there */
    char path[8400];
    snprintf(path, sizeof path, "%s/%s", d->out, file);
    char *buf;
    size_t len;
    dn_err rerr;
    if (dn_read_text(path, "sweep rows", (int64_t)1 << 30, 0, &buf, &len, &rerr) != DN_OK)
        return rc ? rc : dn_fail(err, DN_EIO, "%s", rerr.msg);
    int cap = 0;
    for (char *p = buf, *nl; *p; p = nl) {
        nl = strchr(p, '\n');
        if (nl)
            *nl++ = '\0';
        else
            nl = p + strlen(p);
        if (!*p)
            continue;
        if (rows->n == cap) {
            cap = cap ? 2 * cap : 64;
            jflat *r = realloc(rows->row, (size_t)cap * sizeof *r);
            if (!r)
                break;
            rows->row = r;
        }
        if (jflat_parse(&rows->row[rows->n], p, &rerr) == DN_OK)
            rows->n++;
    }
    free(buf);
    return DN_OK; /* a failed run inside: counted as a failed command, its row shows it */
}

const jflat *demo_rows_get(const demo_rows *r, const char *fmt, ...)
{
    char want[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(want, sizeof want, fmt, ap);
    va_end(ap);
    for (int i = 0; i < r->n; i++) {
        int all = 1;
        for (const char *p = want; *p && all;) {
            size_t len = strcspn(p, " "), eq = strcspn(p, "=");
            char key[128];
            if (eq < len && eq < sizeof key) {
                snprintf(key, sizeof key, "%.*s", (int)eq, p);
                const char *v = jflat_get(&r->row[i], key);
                all = v && strlen(v) == len - eq - 1 && strncmp(v, p + eq + 1, len - eq - 1) == 0;
            }
            p += len + (p[len] == ' ');
        }
        if (all)
            return &r->row[i];
    }
    return NULL;
}

double demo_rows_num(const jflat *row, const char *key)
{
    return row ? jflat_num(row, key) : NAN;
}

void demo_rows_free(demo_rows *r)
{
    for (int i = 0; i < r->n; i++)
        jflat_free(&r->row[i]);
    free(r->row);
    memset(r, 0, sizeof *r);
}

/* ----------------------------------------------------------------- HTML */

void demo_progress(demo *d, const char *what)
{
    double t = cli_now() - d->t0;
    if (d->tty)
        fprintf(stderr, "\r\033[Kdemo %5.1fs [%s] %.90s", t, d->section ? d->section : "", what);
    else if (what == d->section_title)
        fprintf(stderr, "demo %5.1fs [%s] %s\n", t, d->section ? d->section : "", what);
    fflush(stderr);
}

/* Ends an open table of checks: every other piece of the page calls it
 * first, so that consecutive checks share one table. */
static void checks_close(demo *d)
{
    if (d->in_checks)
        fputs("</table>\n", d->html);
    d->in_checks = 0;
}

void demo_section(demo *d, const char *id, const char *short_name, const char *title,
                  const char *intro_html)
{
    checks_close(d);
    d->section = short_name;
    d->nlog = 0;
    d->section_title = title;
    demo_progress(d, title);
    fprintf(d->html, "<section id=\"%s\">\n<h2>", id);
    plot_xml_text(d->html, title);
    fprintf(d->html, "</h2>\n<p>%s</p>\n", intro_html);
}

void demo_para(demo *d, const char *html)
{
    checks_close(d);
    fprintf(d->html, "<p>%s</p>\n", html);
}

void demo_differs_begin(demo *d, const char *seed)
{
    checks_close(d);
    fprintf(d->html, "<h3>Where dcnet differs from seed %s, or reconstructs it</h3>\n", seed);
    demo_table_class(d, "differs", "what|the paper|this run (dcnet)|why, and what dcnet does");
}

void demo_html(demo *d, const char *html)
{
    checks_close(d);
    fputs(html, d->html);
}

const char *demo_quoted(char *buf, size_t cap, const char *text, const char *date,
                        const char *page)
{
    /* text is the demo's own (no markup), so it needs no escaping beyond
     * what it holds: the callers pass plain words and numbers */
    snprintf(buf, cap, "<span class=\"quoted\" data-date=\"%s\" data-source=\"%s\">%s "
                       "(quoted: measured %s, %s)</span>", date, page, text, date, page);
    return buf;
}

void demo_commands(demo *d)
{
    if (d->nlog == 0)
        return;
    fprintf(d->html, "<details><summary>%d command%s that produced this (run in the report "
                     "directory)</summary><pre>",
            d->nlog, d->nlog > 1 ? "s" : "");
    for (int i = 0; i < d->nlog; i++) {
        plot_xml_text(d->html, d->log[i]);
        fputc('\n', d->html);
    }
    fputs("</pre></details>\n", d->html);
    d->nlog = 0;
}

void demo_figure(demo *d, const char *file, const char *caption, int width)
{
    checks_close(d);
    /* in a row, a figure keeps its own width and wraps rather than shrink
     * below it (a drawing shown smaller than drawn is not legible) */
    fprintf(d->html, "<figure style=\"flex:0 1 %dpx\"><a href=\"%s\"><img src=\"%s\" alt=\"",
            width, file, file);
    plot_xml_text(d->html, caption);
    fprintf(d->html, "\" style=\"max-width:%dpx\"></a><figcaption>", width);
    plot_xml_text(d->html, caption);
    if (d->nlog == 0) /* a chart of runs listed earlier: the demo draws it */
        fprintf(d->html, " Regenerate: <code>dcnet demo%s --out DIR</code> draws it from the "
                         "commands listed above.", d->quick ? " --quick" : "");
    fputs("</figcaption>\n", d->html);
    demo_commands(d);
    fputs("</figure>\n", d->html);
}

void demo_figures_begin(demo *d)
{
    checks_close(d);
    fputs("<div class=\"row\">\n", d->html);
}

void demo_figures_end(demo *d)
{
    checks_close(d);
    fputs("</div>\n", d->html);
}

void demo_table(demo *d, const char *header)
{
    demo_table_class(d, NULL, header);
}

void demo_table_class(demo *d, const char *cls, const char *header)
{
    checks_close(d);
    if (cls)
        fprintf(d->html, "<table class=\"%s\">\n<tr>", cls);
    else
        fputs("<table>\n<tr>", d->html);
    for (const char *p = header; *p;) {
        size_t n = strcspn(p, "|");
        fprintf(d->html, "<th>%.*s</th>", (int)n, p);
        p += n + (p[n] == '|');
    }
    fputs("</tr>\n", d->html);
}

void demo_row(demo *d, const char *fmt, ...)
{
    char line[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fputs("<tr>", d->html);
    for (const char *p = line;;) {
        size_t n = strcspn(p, "|");
        char cell[2048];
        snprintf(cell, sizeof cell, "%.*s", (int)n, p);
        /* a cell that reports a mismatch stands out */
        fputs(strstr(cell, "\u2718") ? "<td class=\"bad\">" : "<td>", d->html);
        plot_xml_text(d->html, cell);
        fputs("</td>", d->html);
        if (!p[n])
            break;
        p += n + 1;
    }
    fputs("</tr>\n", d->html);
}

void demo_table_end(demo *d)
{
    fputs("</table>\n", d->html);
    demo_commands(d);
}

void demo_check(demo *d, int ok, const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    d->checks++;
    d->failed_checks += !ok;
    if (!d->in_checks)
        fputs("<table class=\"checks\">\n<tr><th>claim, checked against this run's numbers"
              "</th><th>verdict</th></tr>\n", d->html);
    d->in_checks = 1;
    fputs("<tr><td>", d->html);
    plot_xml_text(d->html, line);
    fprintf(d->html, "</td><td class=\"%s\">%s</td></tr>\n", ok ? "ok" : "bad",
            ok ? "&#10004; holds" : "&#10008; does NOT hold");
    if (!ok)
        fprintf(stderr, "\ndcnet demo: check failed: %s\n", line);
}

void demo_contention_words(char *buf, size_t cap, const char *mode, double conflicts,
                           double max_link_load)
{
    if (isnan(conflicts) || isnan(max_link_load))
        snprintf(buf, cap, "not measured (the run failed)");
    else if (conflicts == 0)
        snprintf(buf, cap, "0 conflicts: every step's messages use disjoint links%s",
                 strcmp(mode, "timed") == 0 ? " in every hop slot" : "");
    else
        snprintf(buf, cap, "%.0f conflicts (message pairs counted on each link they share), "
                           "up to %.0f messages on one link%s",
                 conflicts, max_link_load, strcmp(mode, "timed") == 0 ? " in one hop slot" : "");
}

void demo_summary(demo *d, const char *what, const char *value)
{
    if (d->nsummary == d->summary_cap) {
        int cap = d->summary_cap ? 2 * d->summary_cap : 64;
        rec *g = realloc(d->summary, (size_t)cap * sizeof *g);
        if (!g) { /* a row lost is the process's failure (out_finish says so) */
            rec_lost();
            return;
        }
        d->summary = g;
        d->summary_cap = cap;
    }
    rec *r = &d->summary[d->nsummary++];
    memset(r, 0, sizeof *r);
    rec_str(r, "section", d->section ? d->section : "");
    rec_str(r, "result", what);
    rec_str(r, "value", value);
}

FILE *demo_open(demo *d, const char *name, dn_err *err)
{
    char path[8400];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", d->out, name);
    return out_open(path, &f, err) == DN_OK ? f : NULL;
}

int demo_close(FILE *f, dn_err *err)
{
    return out_close(f, err);
}

const char *demo_num(char *buf, size_t cap, double v, int digits)
{
    if (v != v)
        snprintf(buf, cap, "-");
    else
        snprintf(buf, cap, "%.*f", digits, v);
    return buf;
}

/* ------------------------------------------------------------ the page */

static const char page_head[] =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<title>dcnet demo: the seed papers reproduced</title>\n<style>\n"
    "body{font-family:system-ui,sans-serif;max-width:1200px;margin:2em auto;padding:0 1em;"
    "color:#222;line-height:1.45}\n"
    "h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;padding-top:1em}\n"
    "table{border-collapse:collapse;margin:1em 0;font-size:.9em}\n"
    "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}\n"
    "th{background:#f2f2f2}td:first-child,th:first-child{text-align:left}\n"
    "figure{margin:1em 0;display:inline-block;vertical-align:top;max-width:100%}\n"
    "figure img{width:100%;border:1px solid #ddd;background:#fff}\n"
    ".row{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}\n"
    ".row figure{flex:1 1 300px}\n"
    "figcaption{font-size:.9em;color:#444}\n"
    "pre{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:.85em}\n"
    "details summary{cursor:pointer;font-size:.85em;color:#555}\n"
    ".ok{color:#176317}.bad{color:#b00;font-weight:bold}\n"
    "code{background:#f6f6f6;padding:0 .2em}\n"
    "table.checks td:last-child{white-space:nowrap}\n"
    "table.checks td:first-child{max-width:60em}\n"
    "td.ok{color:#176317}td.bad{color:#b00}\n"
    ".quoted{font-style:italic;color:#555}\n"
    "table.paper{font-size:.8em;display:block;overflow-x:auto;max-width:100%}"
    "table.paper td{white-space:nowrap}\n"
    "table.differs td,table.checks td,table.differs th,table.checks th{text-align:left;"
    "vertical-align:top}\n"
    "table.facts td,table.facts th{text-align:left}\n"
    "</style>\n</head>\n<body>\n";

/* The page checks itself once loaded: every image must have decoded to a
 * non-empty picture. The verdict goes on <body data-images> for tests
 * (headless Chromium, scripts/test-demo.sh) and to the console on failure. */
static const char page_tail[] =
    "<script>\nwindow.addEventListener('load', function () {\n"
    "  var imgs = document.images, bad = [];\n"
    "  for (var i = 0; i < imgs.length; i++)\n"
    "    if (!imgs[i].complete || imgs[i].naturalWidth === 0) bad.push(imgs[i].src);\n"
    "  document.body.setAttribute('data-images', bad.length ? 'broken ' + bad.join(' ')\n"
    "                                                      : 'ok ' + imgs.length);\n"
    "  if (bad.length) console.error('dcnet demo: images did not load: ' + bad.join(' '));\n"
    "});\n</script>\n</body>\n</html>\n";

/* The provenance of this report (issue 28 item 10): when, from which
 * build, on what machine, with which libraries; each fact says how it was
 * learned. Graphviz is a program the demo runs, so it is asked (`dot -V`,
 * which prints on stderr). */
static void demo_provenance(demo *d)
{
    build_fact f[24];
    int n = buildinfo_collect(f, 23);
    char *out = NULL, graphviz[200] = "not installed";
    char *argv[] = {"sh", "-c", "dot -V 2>&1", NULL};
    dn_err err;
    if (cli_spawn(argv, d->out, 1, NULL, &out, &err) == 0 && out) {
        const char *v = strstr(out, "version ");
        snprintf(graphviz, sizeof graphviz, "%.*s", (int)strcspn(v ? v + 8 : out, " \n"),
                 v ? v + 8 : out);
    }
    free(out);
    snprintf(f[n].key, sizeof f[n].key, "Graphviz");
    snprintf(f[n].how, sizeof f[n].how, "run time, dot -V");
    snprintf(f[n].value, sizeof f[n].value, "%s", graphviz);
    n++;
    fputs("<h2 id=\"provenance\">Provenance</h2>\n<table class=\"facts\">\n<tr><th>what</th><th>value</th>"
          "<th>how it was learned</th></tr>\n", d->html);
    fprintf(d->html, "<tr><td>command</td><td><code>dcnet demo%s</code></td><td>this run</td>"
                     "</tr>\n", d->quick ? " --quick" : "");
    for (int i = 0; i < n; i++) {
        fputs("<tr><td>", d->html);
        plot_xml_text(d->html, f[i].key);
        fputs("</td><td>", d->html);
        plot_xml_text(d->html, f[i].value);
        fputs("</td><td>", d->html);
        plot_xml_text(d->html, f[i].how);
        fputs("</td></tr>\n", d->html);
        if (strcmp(f[i].key, "commit") == 0)
            demo_summary(d, "built from commit", f[i].value);
    }
    fputs("</table>\n", d->html);
}

/* Why the work directory could not be made, with its place and a way out
 * (issue 27, item 25: "Permission denied" alone named no path). */
static const char *work_dir_error(const char *parent, const char *out, int e)
{
    static char msg[8800];
    snprintf(msg, sizeof msg, "cannot create the report's work directory in '%s' (for --out "
                              "%s): %s; give --out a directory in a place you can write "
                              "(e.g. --out /tmp/dcnet-demo)",
             parent, out, strerror(e));
    return msg;
}

static int mkdir_p(const char *dir, dn_err *err)
{
    char path[4300];
    snprintf(path, sizeof path, "%s", dir);
    for (char *p = path + 1;; p++) {
        if (*p == '/' || *p == 0) {
            char c = *p;
            *p = 0;
            if (mkdir(path, 0777) != 0 && errno != EEXIST)
                return dn_fail(err, DN_EINVAL, "cannot create directory '%s': %s", path,
                               strerror(errno));
            *p = c;
            if (!c)
                break;
        }
    }
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return dn_fail(err, DN_EINVAL, "'%s' is not a directory", dir);
    return DN_OK;
}

/* Removes a directory the demo made and the plain files in it (it makes
 * no subdirectories). */
static void remove_tree(const char *dir)
{
    DIR *dp = opendir(dir);
    if (dp) {
        struct dirent *e;
        char path[4600];
        while ((e = readdir(dp)))
            if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
                snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
                unlink(path);
            }
        closedir(dp);
    }
    rmdir(dir);
}

/* Is every entry of dir a file the demo writes (index.html, sN-*.svg/.dot,
 * sN-*.jsonl and their .runs journals)?
 * Only then may an old report be deleted after the swap. */
static int only_demo_files(const char *dir)
{
    DIR *dp = opendir(dir);
    int ok = dp != NULL;
    struct dirent *e;
    while (ok && (e = readdir(dp))) {
        const char *n = e->d_name;
        size_t len = strlen(n);
        if (strcmp(n, ".") == 0 || strcmp(n, "..") == 0 || strcmp(n, "index.html") == 0)
            continue;
        ok = n[0] == 's' && n[1] >= '0' && n[1] <= '9' && n[2] == '-' && len > 4 &&
             (strcmp(n + len - 4, ".svg") == 0 || strcmp(n + len - 4, ".dot") == 0 ||
              (len > 6 && strcmp(n + len - 6, ".jsonl") == 0) ||
              (len > 11 && strcmp(n + len - 11, ".jsonl.runs") == 0));
    }
    if (dp)
        closedir(dp);
    return ok;
}

/* Puts the finished work directory in place of final: the old report, if
 * any, is moved aside first and deleted if it holds only demo files (else
 * kept, and said where). */
static int swap_in(const char *work, const char *final, dn_err *err)
{
    struct stat st;
    if (lstat(final, &st) != 0) {
        if (rename(work, final) != 0)
            return dn_fail(err, DN_EIO, "cannot move the report to '%s': %s", final,
                           strerror(errno));
        return DN_OK;
    }
    char old[8400];
    snprintf(old, sizeof old, "%s.dcnet-old-XXXXXX", final);
    if (!mkdtemp(old) || rename(final, old) != 0) {
        int e = errno;
        if (*old)
            rmdir(old);
        return dn_fail(err, DN_EIO, "cannot move the old report '%s' aside: %s", final,
                       strerror(e));
    }
    if (rename(work, final) != 0) {
        int e = errno;
        rename(old, final); /* put the old one back */
        return dn_fail(err, DN_EIO, "cannot move the report to '%s': %s", final, strerror(e));
    }
    if (only_demo_files(old))
        remove_tree(old);
    else
        fprintf(stderr, "dcnet demo: '%s' held files the demo does not write; they are kept in "
                        "'%s'\n", final, old);
    return DN_OK;
}

/* Where the report goes: --out without its trailing slashes (outdir), its
 * parent and last name, the hidden work directory beside it in which the
 * report is built, and the page's final name. */
typedef struct demo_paths {
    char outdir[4100], parent[4100], work[8300], final[4200];
    const char *base; /* outdir's last name (in parent, or parent itself) */
    int slash;        /* outdir names a parent: parent holds it */
    sigset_t fatal;   /* the signals the work directory is guarded from */
} demo_paths;

/* The command line into d and *mode. 0 with *run set: go on; otherwise the
 * exit code (0 after --help, the usage error's code after a message). */
static int demo_args(int argc, char **argv, demo *d, int *mode, int *run)
{
    static const struct option opts[] = {
        {"out", required_argument, NULL, 'o'}, {"quick", no_argument, NULL, 'q'},
        {"json", no_argument, NULL, 'j'},      {"csv", no_argument, NULL, 'c'},
        {"help", no_argument, NULL, 'h'},      {NULL, 0, NULL, 0},
    };
    const char *cmd = "demo";
    int c;
    *run = 0;
    d->out = "out/demo";
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":o:qh", opts, NULL)) != -1) {
        switch (c) {
        case 'o': d->out = optarg; break;
        case 'q': d->quick = 1; break;
        case 'j': *mode = OUT_JSON; break;
        case 'c': *mode = OUT_CSV; break;
        case 'h': fputs(demo_help, stdout); return 0;
        case ':': return cli_usage(cmd, "option '%s' needs a value", argv[optind - 1]);
        default: return cli_bad_option(cmd, argv, opts);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
    if (!*d->out || strlen(d->out) > 4000)
        return cli_usage(cmd, "--out needs a directory name (at most 4000 characters)");
    ssize_t n = readlink("/proc/self/exe", d->self, sizeof d->self - 1);
    if (n <= 0)
        return cli_fail(cmd, DN_EIO, "cannot find the dcnet executable (/proc/self/exe)");
    d->self[n] = 0;
    *run = 1;
    return 0;
}

/* --out checked and its parent made: it must name a directory of its own,
 * since the report replaces it whole. 0, or the exit code after the
 * message. */
static int demo_place(const char *cmd, const char *out, demo_paths *p)
{
    dn_err err = {"", NULL};
    struct stat st;
    int rc;
    snprintf(p->outdir, sizeof p->outdir, "%s", out);
    for (size_t len = strlen(p->outdir); len > 1 && p->outdir[len - 1] == '/'; len--)
        p->outdir[len - 1] = 0; /* "out/demo/" is "out/demo" */
    snprintf(p->parent, sizeof p->parent, "%s", p->outdir);
    char *slash = strrchr(p->parent, '/');
    p->slash = slash != NULL;
    p->base = slash ? slash + 1 : p->parent;
    if (!*p->base || strcmp(p->base, ".") == 0 || strcmp(p->base, "..") == 0)
        return cli_usage(cmd, "--out must name a directory of its own (not '%s'): the "
                              "report replaces it whole", p->outdir);
    if (slash) {
        *slash = 0;
        if (*p->parent && (rc = mkdir_p(p->parent, &err)))
            return cli_fail(cmd, rc, cli_errmsg(&err));
    }
    if (lstat(p->outdir, &st) == 0 && !S_ISDIR(st.st_mode))
        return cli_usage(cmd, "--out '%s' exists and is not a directory", p->outdir);
    return 0;
}

/* The report is built in a fresh hidden directory beside --out and
 * swapped in when complete, so an interrupted or failed run never
 * leaves old and new figures mixed (mkdtemp: nothing planted there can
 * be followed). The directory is guarded from its first instant: a fatal
 * signal removes it and says what became of the previous report. 0, or
 * the exit code after the message. */
static int demo_make_work(const char *cmd, demo_paths *p)
{
    struct stat st;
    sigset_t old_mask;
    snprintf(p->work, sizeof p->work, "%s%s.%s.dcnet-tmp-XXXXXX", p->slash ? p->parent : "",
             p->slash ? "/" : "", p->base);
    char note[4400];
    snprintf(note, sizeof note, "dcnet demo: interrupted: %s '%s'",
             lstat(p->outdir, &st) == 0 ? "the previous report is unchanged in" : "no report in",
             p->outdir);
    out_fatal_signals(&p->fatal);
    sigprocmask(SIG_BLOCK, &p->fatal, &old_mask);
    int made = mkdtemp(p->work) != NULL, e = errno;
    if (made && out_guard_dir(p->work, note) != DN_OK) { /* (a name under PATH_MAX fits) */
        rmdir(p->work);
        made = 0;
        e = ENAMETOOLONG;
    }
    sigprocmask(SIG_SETMASK, &old_mask, NULL);
    if (!made) {
        const char *where = !p->slash ? "." : *p->parent ? p->parent : "/";
        return cli_fail(cmd, DN_EINVAL, work_dir_error(where, p->outdir, e));
    }
    mode_t mask = umask(0); /* mkdtemp makes 0700; a report is read by others */
    umask(mask);
    chmod(p->work, 0777 & ~mask);
    return 0;
}

/* The page in the work directory opened, with its head, title, contents
 * and provenance (d->out is the work directory from here on). 0, or the
 * exit code after the message (the work directory removed). */
static int demo_open_page(const char *cmd, demo *d, demo_paths *p)
{
    dn_err err = {"", NULL};
    sigset_t old_mask;
    d->out = p->work;
    snprintf(p->final, sizeof p->final, "%s/index.html", p->outdir);
    char page[8400];
    snprintf(page, sizeof page, "%s/index.html", p->work);
    if (out_open(page, &d->html, &err) != DN_OK) {
        sigprocmask(SIG_BLOCK, &p->fatal, &old_mask);
        out_guard_dir(NULL, NULL);
        remove_tree(p->work);
        sigprocmask(SIG_SETMASK, &old_mask, NULL);
        return cli_fail(cmd, DN_EIO, cli_errmsg(&err));
    }
    d->tty = isatty(STDERR_FILENO);
    d->t0 = cli_now();
    fputs(page_head, d->html);
    fprintf(d->html,
            "<h1>dcnet demo: divide-and-conquer on networks, the seed papers reproduced</h1>\n"
            "<p>Every number and picture on this page was computed by the run that wrote it "
            "(<code>dcnet demo%s</code>, dcnet %s). Each figure and table lists the dcnet "
            "commands that produced it; run them in this directory to regenerate one piece. "
            "Marks &#10004;/&#10008; compare this run's numbers with the claims of the papers.</p>\n"
            "<ol><li><a href=\"#debruijn\">Mapping D on the de Bruijn network (seed 000)</a></li>"
            "<li><a href=\"#meshes\">Meshes from an arbitrary root (seed 001)</a></li>"
            "<li><a href=\"#walks\">Random-walk placement (seed 002)</a></li>"
            "<li><a href=\"#balance\">Load balancing on DDB(k) (seed 003)</a></li>"
            "<li><a href=\"#sneptrees\">Sneptrees (seed 004)</a></li>"
            "<li><a href=\"#runtime\">The runtime on this machine</a></li></ol>\n",
            d->quick ? " --quick" : "", DN_VERSION);
    d->section = "provenance";
    demo_provenance(d);
    return 0;
}

/* The six sections in report order, each timed into the summary, and the
 * page's totals and tail; *secs is the whole run's time. DN_OK, or the
 * error of a section that could not write its files (the rest are not
 * run), said in err. */
static int demo_run_sections(demo *d, double *secs, dn_err *err)
{
    int (*const order[])(demo *) = {demo_debruijn, demo_meshes,    demo_walks,
                                    demo_balance,  demo_sneptrees, demo_runtime};
    int rc = DN_OK;
    for (size_t i = 0; i < sizeof order / sizeof order[0] && !rc; i++) {
        errno = 0;
        double t_section = cli_now();
        rc = order[i](d);
        if (!rc) { /* each section's time, in the summary */
            char took[32];
            snprintf(took, sizeof took, "%.1f s", cli_now() - t_section);
            demo_summary(d, "section time", took);
        }
        if (rc) /* a section stops only when it cannot write its files */
            dn_fail(err, rc, "section '%s' could not write its files (%s)",
                    d->section ? d->section : "?", errno ? strerror(errno) : dn_strerror(rc));
        checks_close(d);
        fputs("</section>\n", d->html);
    }
    *secs = cli_now() - d->t0;
    fprintf(d->html, "<table id=\"totals\">\n<tr><th>this run</th><th>commands run</th>"
                     "<th>failed</th><th>checks</th><th>failed</th><th>seconds</th></tr>\n"
                     "<tr><td>dcnet demo%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td>"
                     "<td>%.1f</td></tr>\n</table>\n",
            d->quick ? " --quick" : "", d->runs, d->failed_runs, d->checks, d->failed_checks,
            *secs);
    fputs(page_tail, d->html);
    return rc;
}

/* The page closed and the work directory swapped in for the old report,
 * or removed after a failure (rc: the sections' status); d->out is --out
 * again. Returns the status, err saying why when not DN_OK. */
static int demo_finish(demo *d, demo_paths *p, int rc, dn_err *err)
{
    dn_err cerr;
    sigset_t old_mask;
    if (rc)
        out_discard(d->html);
    else if ((rc = out_close(d->html, &cerr)))
        *err = cerr;
    /* the swap, and the removal after a failure, with no signal between
     * unguarding the directory and renaming (or removing) it */
    sigprocmask(SIG_BLOCK, &p->fatal, &old_mask);
    out_guard_dir(NULL, NULL);
    if (!rc)
        rc = swap_in(p->work, p->outdir, err);
    if (rc)
        remove_tree(p->work);
    sigprocmask(SIG_SETMASK, &old_mask, NULL);
    d->out = p->outdir;
    if (d->tty)
        fputs("\r\033[K", stderr);
    return rc;
}

/* The summary on stdout (table, JSON or CSV), its last rows the totals
 * and where the report is. */
static void demo_print_summary(demo *d, const char *final, int mode, double secs)
{
    d->section = "report";
    char buf[4400];
    snprintf(buf, sizeof buf, "%d runs (%d failed), %d checks (%d failed), %.1f s", d->runs,
             d->failed_runs, d->checks, d->failed_checks, secs);
    demo_summary(d, "totals", buf);
    demo_summary(d, "written", final);
    rec head = {0};
    rec_str(&head, "title", "dcnet demo: the seed papers reproduced");
    rows_print(&head, d->summary, d->nsummary, "summary", mode, stdout);
    fprintf(stderr, "dcnet demo: report written to %s\n", final);
    rec_free(&head);
}

int cmd_demo(int argc, char **argv)
{
    const char *cmd = "demo";
    int mode = OUT_TABLE, run = 0, ec;
    double secs = 0;
    dn_err err = {"", NULL};
    demo_paths paths;

    demo *d = calloc(1, sizeof *d);
    if (!d)
        return cli_fail(cmd, DN_ENOMEM, "out of memory");
    if ((ec = demo_args(argc, argv, d, &mode, &run)) || !run)
        goto done;
    if ((ec = demo_place(cmd, d->out, &paths)) || (ec = demo_make_work(cmd, &paths)) ||
        (ec = demo_open_page(cmd, d, &paths)))
        goto done;
    int rc = demo_run_sections(d, &secs, &err);
    if ((rc = demo_finish(d, &paths, rc, &err))) {
        ec = cli_fail(cmd, rc, cli_errmsg(&err));
        goto done;
    }
    demo_print_summary(d, paths.final, mode, secs);
    ec = d->failed_runs || d->failed_checks ? 1 : 0;
done:
    rec_free_rows(d->summary, d->nsummary);
    free(d);
    return ec;
}

/*
 * suggest.c - "did you mean": the nearest known name to a word the user
 * got wrong (issue 29, item 11). An unknown option names the nearest
 * option of its command ("unknown option '--tres'; did you mean
 * '--tree'?"), an unknown command the nearest command, a bad keyword value
 * the nearest keyword, and the library's "unknown network|tree|mapping|app
 * 'X'; known: ..." messages the nearest name of their own list.
 *
 * Nearness is the optimal-string-alignment distance (Levenshtein plus
 * the transposition of two neighbours, each edit costing 1), allowed up
 * to about a third of the word's length: one edit in a word of 2 to 4
 * characters, two in 5 to 7, three above. Names are short (at most a few
 * dozen characters) and few (at most about a hundred), so each lookup is
 * O(names x len^2) with len capped at 63: microseconds, once, on the way
 * out of an error.
 */
#include "cli.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define WORD_MAX 63

/* The OSA distance of a and b (both at most WORD_MAX characters: longer
 * words are never near anything, WORD_MAX + 1 is returned). O(|a| |b|). */
static int distance(const char *a, const char *b)
{
    size_t n = strlen(a), m = strlen(b);
    if (n > WORD_MAX || m > WORD_MAX)
        return WORD_MAX + 1;
    int d[WORD_MAX + 1][WORD_MAX + 1];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            int cost = a[i - 1] != b[j - 1];
            int v = d[i - 1][j] + 1;
            v = d[i][j - 1] + 1 < v ? d[i][j - 1] + 1 : v;
            v = d[i - 1][j - 1] + cost < v ? d[i - 1][j - 1] + cost : v;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1; /* a transposition */
            d[i][j] = v;
        }
    return d[n][m];
}

/* How many edits a word of len characters may be away from a name. */
static int allowed(size_t len)
{
    int k = (int)(len + 1) / 3;
    return k > 3 ? 3 : k;
}

/* The index of the nearest of names to word, or -1. */
static int nearest_index(const char *word, const char *const *names, int n)
{
    int best = -1, bd = allowed(strlen(word)) + 1;
    for (int i = 0; i < n; i++) {
        if (!names[i] || strcmp(names[i], word) == 0)
            continue;
        int d = distance(word, names[i]);
        if (d < bd && (size_t)d < strlen(names[i])) { /* ties: the first listed */
            bd = d;
            best = i;
        }
    }
    return best;
}

const char *cli_nearest(const char *word, const char *const *names, int n)
{
    int i = nearest_index(word, names, n);
    return i < 0 ? NULL : names[i];
}

int cli_bad_option(const char *cmd, char *const *argv, const struct option *opts)
{
    const char *arg = argv[optind - 1];
    if (!arg || strncmp(arg, "--", 2) != 0) { /* a short option: -x, or -x in -yxz */
        if (optopt > 0 && optopt < 128)
            return cli_usage(cmd, "unknown option '-%c'", optopt);
        return cli_usage(cmd, "unknown option '%s'", arg ? arg : "?");
    }
    char name[WORD_MAX + 1];
    size_t len = strcspn(arg + 2, "=");
    snprintf(name, sizeof name, "%.*s", (int)(len > WORD_MAX ? WORD_MAX : len), arg + 2);
    const char *names[160];
    int n = 0, exact = 0, prefixed = 0;
    for (const struct option *o = opts; o->name && n < 160; o++) {
        names[n++] = o->name;
        exact |= strcmp(o->name, name) == 0 && o->has_arg == no_argument;
        prefixed += strncmp(o->name, name, strlen(name)) == 0;
    }
    if (exact || (optopt && arg[2 + len] == '=')) /* --json=1: a flag given a value */
        return cli_usage(cmd, "option '--%s' takes no value", name);
    if (prefixed > 1) {
        char list[512] = "";
        for (int i = 0; i < n; i++)
            if (strncmp(names[i], name, strlen(name)) == 0)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s--%s",
                         list[0] ? ", " : "", names[i]);
        return cli_usage(cmd, "option '--%s' is ambiguous: it may be %s", name, list);
    }
    const char *near = cli_nearest(name, names, n);
    if (near)
        return cli_usage(cmd, "unknown option '--%s'; did you mean '--%s'?", name, near);
    return cli_usage(cmd, "unknown option '--%s'", name);
}

void cli_old_option(const char *cmd, const char *old, const char *now)
{
    cli_errf("dcnet %s: note: %s is now %s; the old spelling still works (one name, "
             "one meaning in every command: docs/cli.md)\n",
             cmd, old, now);
}

int cli_old_output(const char *cmd, const char *old, const char *now, const char *value,
                   const char *const *keywords, const char *elsewhere)
{
    for (int i = 0; keywords[i]; i++) {
        size_t k = strlen(keywords[i]);
        int prefix = k > 0 && keywords[i][k - 1] == ':';
        if (prefix ? strncmp(value, keywords[i], k) == 0 : strcmp(value, keywords[i]) == 0)
            return cli_usage(cmd, "%s %s: %s here named a file to write (now %s FILE), and "
                                  "'%s' is a value of %s: no file is written; give %s FILE "
                                  "for the file",
                             old, value, old, now, value, elsewhere, now);
    }
    cli_old_option(cmd, old, now);
    return 0;
}

/* The entries of a library message's list ("..., known: a:K, b, c[:x]" or
 * "... (a, b, c)"): each whole in full[] and cut at ':' or '[' (its
 * family, which a word is compared with) in fam[]; at most cap, the text
 * in buf. Returns how many. */
static int list_names(const char *list, char *buf, size_t size, const char **fam,
                      const char **full, int cap)
{
    int n = 0;
    size_t used = 0;
    for (const char *p = list; *p && *p != ')' && *p != ';' && n < cap;) {
        size_t w = strcspn(p, ", );"), k = strcspn(p, ":[");
        k = k < w ? k : w;
        if (k > 0 && used + w + k + 2 <= size) {
            full[n] = memcpy(buf + used, p, w);
            buf[used + w] = '\0';
            fam[n++] = memcpy(buf + used + w + 1, p, k);
            buf[used + w + 1 + k] = '\0';
            used += w + k + 2;
        }
        p += w;
        while (*p == ',' || *p == ' ')
            p++;
    }
    return n;
}

/* "; did you mean 'X'?" for a message "unknown WHAT 'NAME...'; known: LIST"
 * or "unknown WHAT 'NAME' (LIST)", else nothing. */
static void hint(const char *msg, FILE *f)
{
    const char *u = strstr(msg, "unknown ");
    const char *sp = u ? strchr(u + 8, ' ') : NULL;
    if (!sp || sp[1] != '\'' || strstr(msg, "did you mean"))
        return; /* not "unknown WHAT 'NAME...", or already hinted */
    const char *q = sp + 1, *list = strstr(q, "known: ");
    list = list ? list + 7 : strstr(q, "' (") ? strstr(q, "' (") + 3 : NULL;
    char word[WORD_MAX + 1], buf[2048];
    size_t k = strcspn(q + 1, ":'");
    if (!list || k == 0 || k > WORD_MAX)
        return;
    snprintf(word, sizeof word, "%.*s", (int)k, q + 1);
    const char *fam[128], *full[128];
    int i = nearest_index(word, fam, list_names(list, buf, sizeof buf, fam, full, 128));
    if (i >= 0)
        fprintf(f, "; did you mean '%s'?", full[i]);
}

/* The library's parameters (dn_err.param, docs/architecture.md "Error
 * messages") and the options that set them. */
static const struct {
    const char *param, *flag;
} param_flags[] = {
    {"mem_limit", "--mem-limit"},
    {"max_nodes", "--max-nodes"},
    {"mpi_bytes", "--bytes"},
    {"mpi_ppn", "--ppn"},
    {"net", "--net"},
    {"tree", "--tree"},
    {"map", "--map"},
    {"face", "--face"},
    {"root", "--root"},
    {"order", "--order"},
    {"approach", "--approach"},
    {"scotch_target", "--scotch-target"},
    {"alloc", "--alloc"},
    {"scotch_part", "--scotch-part"},
    {"slots", "--slots"},
    {"intra_cost", "--intra-cost"},
    {"refine", "--refine"},
    {"objective", "--objective"},
    {"search_limit", "--search-limit"},
    {"search_seconds", "--budget"},
    {"routes", "--routes"},
    {"weights", "--weights"},
    {"workers", "--workers"},
    {"contention", "--contention"},
    {"distinct_pairs", "--distinct-pairs"},
    {"method", "--method"},
    {"exact", "--exact"},
    {"trials", "--trials"},
    {"format", "--format"},
};

/* The option of one library parameter ("mem_limit" -> "--mem-limit"), or
 * NULL for a name the table lacks (scripts/check-lib-messages.sh sees that
 * none is missing). */
static const char *param_flag(const char *param)
{
    for (size_t i = 0; i < sizeof param_flags / sizeof param_flags[0]; i++)
        if (strcmp(param_flags[i].param, param) == 0)
            return param_flags[i].flag;
    return NULL;
}

const char *cli_errmsg(dn_err *err)
{
    const char *flags[8];
    int nf = 0;
    const char *p = err->param;
    err->param = NULL;
    while (p && *p && nf < 8) {
        char name[32];
        size_t n = strcspn(p, " ");
        if (n > 0 && n < sizeof name) {
            memcpy(name, p, n);
            name[n] = '\0';
            const char *f = param_flag(name);
            if (f)
                flags[nf++] = f;
        }
        p += n;
        p += strspn(p, " ");
    }
    if (nf == 0)
        return err->msg;
    out_capture *c = out_capture_now();
    if (c && !c->opt[0]) /* the option at fault, for a hosted caller */
        snprintf(c->opt, sizeof c->opt, "%s", flags[0]);
    size_t len = strlen(err->msg);
    /* "... (raise it)" names its flag in place: "(raise it with --mem-limit)" */
    static const char *const asks[] = {"raise it", "raise the memory limit",
                                       "raise the node limit"};
    for (size_t k = 0; nf == 1 && k < sizeof asks / sizeof asks[0]; k++) {
        char *r = strstr(err->msg, asks[k]);
        const size_t n = strlen(asks[k]);
        if (!r || strncmp(r + n, " with", 5) == 0 || len + 6 + strlen(flags[0]) >= sizeof err->msg)
            continue;
        char tail[DN_ERR_LEN];
        snprintf(tail, sizeof tail, "%s", r + n);
        snprintf(r + n, sizeof err->msg - (size_t)(r + n - err->msg), " with %s%s", flags[0],
                 tail);
        return err->msg;
    }
    int w = snprintf(err->msg + len, sizeof err->msg - len, " (option%s ", nf > 1 ? "s" : "");
    for (int i = 0; i < nf && w > 0; i++) {
        len = strlen(err->msg);
        w = snprintf(err->msg + len, sizeof err->msg - len, "%s%s", flags[i],
                     i + 1 < nf ? ", " : ")");
    }
    return err->msg;
}

/* The text of f (an open_memstream) to standard error or the capture
 * (cli_errput); NULL f: nothing (no memory: the message is lost, the exit
 * code stands). */
static void err_flush(FILE *f, char **buf)
{
    if (!f)
        return;
    if (fclose(f) == 0 && *buf)
        cli_errput(*buf);
    free(*buf);
}

int cli_fail(const char *cmd, int status, const char *msg)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (f) {
        fprintf(f, "dcnet %s: %s", cmd, msg);
        hint(msg, f);
        fputc('\n', f);
    }
    err_flush(f, &buf);
    switch (status) {
    case DN_ENOMEM: /* run-time failures: out of memory, a failed write, */
    case DN_ENOTSUP: /* a part not built in */
    case DN_EIO:
        return 1;
    default:
        return 2;
    }
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
    char buf[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        return 2;
    fprintf(f, "dcnet %s: ", cmd);
    if (n >= 0 && (size_t)n < sizeof buf) {
        fputs(buf, f);
        hint(buf, f);
    } else { /* longer than the buffer: printed whole, without a hint */
        va_start(ap, fmt);
        vfprintf(f, fmt, ap);
        va_end(ap);
    }
    fprintf(f, "\nTry 'dcnet %s --help' for more information.\n", cmd);
    err_flush(f, &text);
    return 2;
}

int cli_keyword(const char *cmd, const char *opt, const char *arg, const char *const *names,
                int *out)
{
    char list[256] = "";
    int n = 0;
    for (; names[n]; n++)
        if (strcmp(arg, names[n]) == 0) {
            *out = n;
            return 0;
        }
    for (int i = 0; i < n; i++) /* "a, b or c" */
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 i == 0 ? "" : i == n - 1 ? " or " : ", ", names[i]);
    const char *near = cli_nearest(arg, names, n);
    if (near)
        return cli_usage(cmd, "%s must be %s, not '%s'; did you mean '%s'?", opt, list, arg,
                         near);
    return cli_usage(cmd, "%s must be %s, not '%s'", opt, list, arg);
}

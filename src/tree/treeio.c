/*
 * treeio.c - task trees from files and to files (issues 21 and 26): CSV
 * (id,parent[,work][,bytes_down][,bytes_up]), Graphviz DOT and SCOTCH
 * source graphs (.grf) that are trees. dcnet/tree.h, "tree files", states
 * the formats, the id rule and the schedule.
 *
 * Every reader turns its file into rows, one per node, in file order: the
 * node's key (its id, its name's number, its .grf label, or its index with
 * its DOT name kept for messages), its parent's key (-1: the root), its
 * weights and its line. build() then checks the rows (one root, every
 * parent defined, no key twice, no cycle), keeps the keys as ids when they
 * are 0..N-1 with the root 0, else numbers the nodes in row order with the
 * root first, and lays the tree out as CSR arrays: the children of a node
 * in the order of their rows. One BFS gives depths and the sequential
 * schedule's phases (child i of a node receiving in phase p receives in
 * p + i + 1). Time O(N log N) (the key lookup sorts), memory 111 to 157
 * bytes a node while reading (counted against the memory limit as the
 * nodes are found: rows_room), 56 plus 8 per weight column after.
 *
 * The readers follow the formats' own tools: DOT as Graphviz reads it
 * (names of any length, defaults for what follows them, one graph), .grf
 * as SCOTCH reads it (arc ends are labels when there are labels). The
 * writers write what their readers read back exactly, or refuse (never
 * round) what a format cannot hold: writable().
 */
#include "tree_impl.h"
#include "../base/args_impl.h"
#include "../base/names_impl.h"

#include "dcnet/net.h" /* DN_NET_DEFAULT_MEM_LIMIT */

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { W_WORK = 1, W_DOWN = 2, W_UP = 4 };

/* The largest load a .grf file may hold: weights are doubles, exact up to
 * 2^53, so a larger integer would not read back as written. */
#define GRF_MAX_LOAD 9007199254740992.0

typedef struct trow {
    int64_t key, parent; /* parent: a key, or -1 for the root */
    double w[3];         /* work, bytes_down, bytes_up */
    int64_t line;
} trow;

typedef struct rows {
    trow *r;
    int64_t n, cap;
    int64_t max;        /* --max-nodes */
    int64_t mem_limit;  /* bytes (0: none) for the file, extra and the nodes */
    int64_t file_bytes; /* the file's bytes, held while read */
    int64_t extra;      /* bytes held beside the nodes (DOT's names) */
    int have; /* W_* present in the file */
    int units; /* W_* given with a unit somewhere (2ms, 1MB): dn_tree.units */
    const char *path;
    char **names; /* DOT: names[key], the file's name of a node (NULL: keys are its numbers) */
    int64_t nnames;
} rows;

/* A node's name in a message: the file's own (DOT names; a long one cut,
 * with its length) or its number. Returns buf. */
static const char *key_name(const rows *R, int64_t key, char *buf, size_t cap)
{
    if (!R->names || key < 0 || key >= R->nnames) {
        snprintf(buf, cap, "%lld", (long long)key);
        return buf;
    }
    const char *s = R->names[key];
    size_t n = strlen(s);
    if (n <= 60)
        snprintf(buf, cap, "'%s'", s);
    else
        snprintf(buf, cap, "'%.40s...' (a name of %zu bytes)", s, n);
    return buf;
}

/* Room for n nodes: --max-nodes, then the memory limit (the file's bytes,
 * the bytes of the names kept beside it, and DN_TREE_FILE_NODE_BYTES a
 * node), so that reading stops as soon as the nodes found would take more
 * than the limit, whatever the file's lines look like (issue 27, item 13:
 * a one-line file was counted as one node). */
static int rows_room(const rows *R, int64_t n, int64_t line, dn_err *err)
{
    if (n > R->max)
        return dn_fail_param(err, DN_ELIMIT, "max_nodes",
                             "%s:%lld: the tree has more than %lld nodes (raise the node limit)",
                       R->path, (long long)line, (long long)R->max);
    int64_t room = R->mem_limit - R->file_bytes - R->extra;
    if (R->mem_limit > 0 && (room < 0 || n > room / DN_TREE_FILE_NODE_BYTES)) {
        char a[32], b[32], c[64] = "";
        if (R->extra)
            snprintf(c, sizeof c, " and its names' %s", dn_fmt_bytes(b, sizeof b, R->extra));
        return dn_fail_param(err, DN_ELIMIT, "mem_limit",
                       "%s:%lld: more than %lld nodes; with the file's %s%s, at %d bytes a "
                       "node, reading them would go over the memory limit of %s (raise it)",

                       R->path, (long long)line, (long long)(n - 1),
                       dn_fmt_bytes(a, sizeof a, R->file_bytes), c, DN_TREE_FILE_NODE_BYTES,
                       dn_fmt_bytes(b, sizeof b, R->mem_limit));
    }
    return DN_OK;
}

static int rows_push(rows *R, trow x, dn_err *err)
{
    int rc = rows_room(R, R->n + 1, x.line, err);
    if (rc)
        return rc;
    if (R->n == R->cap) {
        int64_t nc = R->cap ? R->cap * 2 : 1024;
        trow *p = realloc(R->r, (size_t)nc * sizeof *p);
        if (!p)
            return dn_fail(err, DN_ENOMEM, "out of memory reading tree file '%s'", R->path);
        R->r = p;
        R->cap = nc;
    }
    R->r[R->n++] = x;
    return DN_OK;
}

/* ------------------------------------------------------------ building */

typedef struct keyrow {
    int64_t key, row;
} keyrow;

static int cmp_keyrow(const void *a, const void *b)
{
    const keyrow *x = a, *y = b;
    return x->key < y->key ? -1 : x->key > y->key ? 1 : (x->row > y->row) - (x->row < y->row);
}

static int64_t find_row(const keyrow *kr, int64_t n, int64_t key)
{
    int64_t lo = 0, hi = n;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (kr[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && kr[lo].key == key ? kr[lo].row : -1;
}

/* The checks of build() that name nodes: one root, keys unique, parents
 * defined and not the node itself. */
static int check_rows(const rows *R, keyrow *kr, int64_t *root_out, dn_err *err)
{
    const int64_t N = R->n;
    const char *path = R->path;
    char a[128], b[128];
    int64_t root = -1;
    for (int64_t i = 0; i < N; i++) {
        kr[i] = (keyrow){R->r[i].key, i};
        if (R->r[i].parent == R->r[i].key)
            return dn_fail(err, DN_EINVAL, "%s:%lld: node %s is its own parent", path,
                           (long long)R->r[i].line, key_name(R, R->r[i].key, a, sizeof a));
        if (R->r[i].parent >= 0)
            continue;
        if (root >= 0)
            return dn_fail(err, DN_EINVAL, "%s:%lld: a second root (node %s has no parent; "
                                           "node %s on line %lld is the root)",
                           path, (long long)R->r[i].line, key_name(R, R->r[i].key, a, sizeof a),
                           key_name(R, R->r[root].key, b, sizeof b),
                           (long long)R->r[root].line);
        root = i;
    }
    if (root < 0)
        return dn_fail(err, DN_EINVAL, "%s: no root (every node has a parent: the root's parent "
                                       "is empty or -1)",
                       path);
    qsort(kr, (size_t)N, sizeof *kr, cmp_keyrow);
    for (int64_t i = 1; i < N; i++)
        if (kr[i].key == kr[i - 1].key)
            return dn_fail(err, DN_EINVAL, "%s:%lld: node %s is defined twice (first on line "
                                           "%lld)",
                           path, (long long)R->r[kr[i].row].line,
                           key_name(R, kr[i].key, a, sizeof a),
                           (long long)R->r[kr[i - 1].row].line);
    for (int64_t i = 0; i < N; i++) {
        if (i == root)
            continue;
        int64_t pr = find_row(kr, N, R->r[i].parent);
        if (pr < 0)
            return dn_fail(err, DN_EINVAL, "%s:%lld: the parent %s of node %s is not defined",
                           path, (long long)R->r[i].line,
                           key_name(R, R->r[i].parent, a, sizeof a),
                           key_name(R, R->r[i].key, b, sizeof b));
    }
    *root_out = root;
    return DN_OK;
}

static int build(dn_tree *t, rows *R, dn_err *err)
{
    const int64_t N = R->n;
    const char *path = R->path;
    if (N == 0)
        return dn_fail(err, DN_EINVAL, "%s: the file holds no tree (no node)", path);
    int rc = DN_OK;
    keyrow *kr = malloc((size_t)N * sizeof *kr);
    int64_t *id = malloc((size_t)N * sizeof *id); /* row -> node id */
    int64_t *queue = NULL;
    memset(t, 0, sizeof *t);
    t->nodes = N;
    t->units = R->units;
    t->parent = malloc((size_t)N * sizeof *t->parent);
    t->child_off = calloc((size_t)N + 1, sizeof *t->child_off);
    t->kids = malloc((size_t)N * sizeof *t->kids);
    t->depth = malloc((size_t)N * sizeof *t->depth);
    t->phase = malloc((size_t)N * sizeof *t->phase);
    queue = malloc((size_t)N * sizeof *queue);
    double **wa[3] = {&t->work, &t->bytes_down, &t->bytes_up};
    for (int k = 0; k < 3; k++)
        if (R->have & (1 << k))
            *wa[k] = malloc((size_t)N * sizeof **wa[k]);
    int nomem = !kr || !id || !t->parent || !t->child_off || !t->kids || !t->depth ||
                !t->phase || !queue;
    for (int k = 0; k < 3; k++)
        nomem |= (R->have & (1 << k)) && !*wa[k];
    if (nomem) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for a tree of %lld nodes", (long long)N);
        goto out;
    }
    int64_t root = 0;
    if ((rc = check_rows(R, kr, &root, err)))
        goto out;
    /* ids: the keys when they are 0..N-1 with the root 0, else row order */
    int keep = R->r[root].key == 0 && kr[0].key == 0 && kr[N - 1].key == N - 1;
    for (int64_t i = 0, next = 1; i < N; i++)
        id[i] = keep ? R->r[i].key : i == root ? 0 : next++;
    /* parents and children (in row order: a counting sort by parent) */
    for (int64_t i = 0; i < N; i++) {
        int64_t v = id[i], p = -1;
        if (i != root) {
            p = id[find_row(kr, N, R->r[i].parent)];
            t->child_off[p + 1]++;
        }
        t->parent[v] = p;
        for (int k = 0; k < 3; k++)
            if (*wa[k])
                (*wa[k])[v] = R->r[i].w[k];
    }
    for (int64_t v = 0; v < N; v++)
        t->child_off[v + 1] += t->child_off[v];
    for (int64_t v = 0; v < N; v++)
        queue[v] = t->child_off[v]; /* fill cursors */
    for (int64_t i = 0; i < N; i++)
        if (i != root)
            t->kids[queue[t->parent[id[i]]]++] = id[i];
    /* BFS from the root: depths, phases; a node not reached is on a cycle */
    for (int64_t v = 0; v < N; v++)
        t->depth[v] = -1;
    int64_t head = 0, tail = 0;
    queue[tail++] = 0;
    t->depth[0] = 0;
    t->phase[0] = 0;
    while (head < tail) {
        int64_t v = queue[head++];
        for (int64_t c = t->child_off[v]; c < t->child_off[v + 1]; c++) {
            int64_t u = t->kids[c];
            t->depth[u] = t->depth[v] + 1;
            int64_t ph = (int64_t)t->phase[v] + (c - t->child_off[v]) + 1;
            if (ph > INT32_MAX) {
                rc = dn_fail(err, DN_ERANGE, "%s: the schedule needs more than 2^31 phases",
                             path);
                goto out;
            }
            t->phase[u] = (int32_t)ph;
            t->height = t->depth[u] > t->height ? t->depth[u] : t->height;
            t->nphases = t->phase[u] > t->nphases ? t->phase[u] : t->nphases;
            queue[tail++] = u;
        }
    }
    if (tail < N) {
        for (int64_t i = 0; i < N; i++)
            if (t->depth[id[i]] < 0) {
                char a[128];
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: node %s is on a cycle (it does not "
                                             "descend from the root)",
                             path, (long long)R->r[i].line,
                             key_name(R, R->r[i].key, a, sizeof a));
                goto out;
            }
    }
out:
    free(kr);
    free(id);
    free(queue);
    if (rc)
        dn_tree_free(t);
    return rc;
}

/* ------------------------------------------------------------ CSV */

/* A task's work (k = 0, a time) or bytes (k = 1, 2, a size): a plain
 * number as before, or a quantity with a unit ("2ms", "1MB"; issue 29,
 * src/base/units.c). The writers write plain numbers, so a file read back
 * holds the same doubles. */
static int weight_parse(const char *s, int k, const char *what, double *out, int *units,
                        dn_err *err)
{
    const size_t n = strlen(s);
    if (n == 0 || (s[n - 1] >= '0' && s[n - 1] <= '9') || s[n - 1] == '.')
        return dn_parse_double(s, 0, 1e300, what, out, err);
    *units |= 1 << k; /* (a simulator without link costs must not add seconds to bytes) */
    return dn_parse_quantity(s, k ? DN_Q_SIZE : DN_Q_TIME, 0, 1e300, what, out, NULL, err);
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
        *--e = '\0';
    if (*s == '"' && e > s + 1 && e[-1] == '"') { /* a quoted field */
        e[-1] = '\0';
        s++;
    }
    return s;
}

/* The header's columns: col[field] = its column, -1 if absent. */
static int csv_header(char **f, int nf, int col[5], const char *path, int64_t line, dn_err *err)
{
    static const char *const names[] = {"id", "parent", "work", "bytes_down", "bytes_up"};
    for (int k = 0; k < 5; k++)
        col[k] = -1;
    for (int i = 0; i < nf; i++) {
        int k = 0;
        while (k < 5 && strcmp(f[i], names[k]) != 0)
            k++;
        if (k == 5 && strcmp(f[i], "bytes") == 0)
            k = 3; /* bytes is bytes_down, as in DOT (issue 29, item 14) */
        if (k == 5)
            return dn_fail(err, DN_EINVAL, "%s:%lld: unknown column '%s' (columns: id, parent, "
                                           "work, bytes_down or bytes, bytes_up)",
                           path, (long long)line, f[i]);
        if (col[k] >= 0)
            return dn_fail(err, DN_EINVAL, "%s:%lld: column '%s' appears twice%s", path,
                           (long long)line, f[i],
                           k == 3 ? " (bytes and bytes_down are one column)" : "");
        col[k] = i;
    }
    if (col[0] < 0 || col[1] < 0)
        return dn_fail(err, DN_EINVAL, "%s:%lld: the header needs the columns id and parent",
                       path, (long long)line);
    return DN_OK;
}

/* One row's fields f[0 .. nf) (the header's count when there is one:
 * a short row is refused, never filled from the row before). */
static int csv_row(rows *R, char **f, int nf, const int col[5], int64_t line, dn_err *err)
{
    static const char *const names[] = {"id", "parent", "work", "bytes_down", "bytes_up"};
    trow x = {0, -1, {0, 0, 0}, line};
    dn_err e;
    if (dn_parse_i64(f[col[0]], 0, (int64_t)1 << 62, "id", &x.key, &e))
        return dn_fail(err, DN_EINVAL, "%s:%lld: %s", R->path, (long long)line, e.msg);
    const char *ps = f[col[1]];
    if (*ps && strcmp(ps, "-1") != 0 &&
        dn_parse_i64(ps, 0, (int64_t)1 << 62, "parent (empty or -1 for the root)", &x.parent, &e))
        return dn_fail(err, DN_EINVAL, "%s:%lld: %s", R->path, (long long)line, e.msg);
    for (int k = 0; k < 3; k++) {
        int c = col[2 + k];
        if (c < 0 || c >= nf || !*f[c])
            continue;
        if (weight_parse(f[c], k, names[2 + k], &x.w[k], &R->units, &e))
            return dn_fail(err, DN_EINVAL, "%s:%lld: %s", R->path, (long long)line, e.msg);
        x.w[k] += 0.0; /* "-0" is 0 (a .grf cannot write a sign) */
        R->have |= 1 << k;
    }
    return rows_push(R, x, err);
}

static int parse_csv(char *buf, rows *R, dn_err *err)
{
    int col[5] = {0, 1, 2, 3, 4}, ncol = 0, header_done = 0; /* ncol 0: no header */
    int64_t line = 0;
    for (char *p = buf, *nl; p && *p; p = nl) {
        nl = strchr(p, '\n');
        if (nl)
            *nl++ = '\0';
        line++;
        char *s = trim(p);
        if (!*s || *s == '#')
            continue;
        char *f[16];
        int nf = 0;
        for (char *q = s;;) {
            if (nf == 16)
                return dn_fail(err, DN_EINVAL, "%s:%lld: more than 16 fields", R->path,
                               (long long)line);
            char *c = strchr(q, ',');
            if (c)
                *c = '\0';
            f[nf++] = trim(q);
            if (!c)
                break;
            q = c + 1;
        }
        if (!header_done) {
            header_done = 1;
            if (!isdigit((unsigned char)f[0][0])) { /* a header names the columns */
                int rc = csv_header(f, nf, col, R->path, line, err);
                if (rc)
                    return rc;
                ncol = nf;
                continue;
            }
        }
        if (ncol && nf != ncol)
            return dn_fail(err, DN_EINVAL, "%s:%lld: %d field%s; the header has %d (a row gives "
                                           "every column, empty for none)",
                           R->path, (long long)line, nf, nf == 1 ? "" : "s", ncol);
        if (!ncol && (nf < 2 || nf > 5))
            return dn_fail(err, DN_EINVAL, "%s:%lld: expected id,parent[,work][,bytes_down]"
                                           "[,bytes_up], got %d field%s",
                           R->path, (long long)line, nf, nf == 1 ? "" : "s");
        int rc = csv_row(R, f, nf, col, line, err);
        if (rc)
            return rc;
    }
    return DN_OK;
}

/* ------------------------------------------------------------ DOT */

/* A growing string: DOT names and values of any length (issue 26, item 2:
 * names cut at 255 bytes were merged into one node). */
typedef struct dstr {
    char *s;
    size_t n, cap;
} dstr;

static int dstr_put(dstr *d, char c)
{
    if (d->n + 1 >= d->cap) {
        size_t nc = d->cap ? d->cap * 2 : 64;
        char *p = realloc(d->s, nc);
        if (!p)
            return 0;
        d->s = p;
        d->cap = nc;
    }
    d->s[d->n++] = c;
    d->s[d->n] = '\0';
    return 1;
}

static int dstr_set(dstr *d, const char *s, size_t n)
{
    d->n = 0;
    if (d->cap == 0 && !dstr_put(d, '\0'))
        return 0;
    d->n = 0;
    d->s[0] = '\0';
    for (size_t i = 0; i < n; i++)
        if (!dstr_put(d, s[i]))
            return 0;
    return 1;
}

typedef struct dtok {
    const char *p, *end;
    int64_t line;
    dstr text;
    int kind; /* 0 end, 'i' identifier or number or string, or a punctuation char, '>' for ->,
                 '-' for -- */
    int quoted; /* the 'i' was a quoted string (never a keyword) */
} dtok;

static void dot_skip(dtok *z, int *unterminated)
{
    for (;;) {
        while (z->p < z->end && isspace((unsigned char)*z->p))
            z->line += *z->p++ == '\n';
        if (z->p < z->end && *z->p == '#') { /* a preprocessor line */
            while (z->p < z->end && *z->p != '\n')
                z->p++;
            continue;
        }
        if (z->end - z->p >= 2 && z->p[0] == '/' && z->p[1] == '/') {
            while (z->p < z->end && *z->p != '\n')
                z->p++;
            continue;
        }
        if (z->end - z->p >= 2 && z->p[0] == '/' && z->p[1] == '*') {
            z->p += 2;
            while (z->p < z->end && !(z->end - z->p >= 2 && z->p[0] == '*' && z->p[1] == '/'))
                z->line += *z->p++ == '\n';
            if (z->p >= z->end) {
                *unterminated = 1;
                return;
            }
            z->p += 2;
            continue;
        }
        return;
    }
}

/* A quoted string, as Graphviz reads it: \" is a quote, a backslash before
 * a newline joins the lines, any other backslash stays; "a" + "b" is "ab". */
static int dot_string(dtok *z, const char *path, dn_err *err)
{
    for (;;) {
        z->p++; /* the opening quote */
        while (z->p < z->end && *z->p != '"') {
            char ch = *z->p++;
            if (ch == '\\' && z->p < z->end && (*z->p == '"' || *z->p == '\n')) {
                ch = *z->p++;
                if (ch == '\n') {
                    z->line++;
                    continue;
                }
            }
            z->line += ch == '\n';
            if (!dstr_put(&z->text, ch))
                return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
        }
        if (z->p >= z->end)
            return dn_fail(err, DN_EINVAL, "%s:%lld: unterminated string", path,
                           (long long)z->line);
        z->p++;
        const char *save = z->p;
        int64_t save_line = z->line;
        int unterminated = 0;
        dot_skip(z, &unterminated);
        if (z->p < z->end && *z->p == '+') {
            z->p++;
            dot_skip(z, &unterminated);
            if (z->p < z->end && *z->p == '"')
                continue;
        }
        z->p = save;
        z->line = save_line;
        return DN_OK;
    }
}

static int dot_next(dtok *z, const char *path, dn_err *err)
{
    int unterminated = 0;
    dot_skip(z, &unterminated);
    if (unterminated)
        return dn_fail(err, DN_EINVAL, "%s:%lld: unterminated comment", path,
                       (long long)z->line);
    if (!dstr_set(&z->text, "", 0))
        return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
    z->quoted = 0;
    if (z->p >= z->end) {
        z->kind = 0;
        return DN_OK;
    }
    char c = *z->p;
    if (c == '-' && z->end - z->p >= 2 && (z->p[1] == '>' || z->p[1] == '-')) {
        z->kind = z->p[1] == '>' ? '>' : '-';
        z->p += 2;
        return DN_OK;
    }
    if (c == '"') {
        z->kind = 'i';
        z->quoted = 1;
        return dot_string(z, path, err);
    }
    if (isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-' ||
        (unsigned char)c >= 0x80) {
        size_t n = 0;
        while (z->p < z->end && (isalnum((unsigned char)*z->p) || *z->p == '_' || *z->p == '.' ||
                                 (*z->p == '-' && n == 0) || (unsigned char)*z->p >= 0x80)) {
            if (!dstr_put(&z->text, *z->p))
                return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
            z->p++;
            n++;
        }
        z->kind = 'i';
        return DN_OK;
    }
    if (strchr("{}[];,=:", c)) {
        z->kind = c;
        z->p++;
        return DN_OK;
    }
    return dn_fail(err, DN_EINVAL, "%s:%lld: unexpected character '%c' in DOT", path,
                   (long long)z->line, c);
}

/* DOT node names: interned in order of first appearance */
typedef struct dnode {
    char *name;
    int64_t parent, line; /* parent: a node index, -1 none */
    double w[3];
} dnode;

typedef struct dgraph {
    dnode *v;
    int64_t n, cap;
    int64_t *hash; /* open addressing over v indexes, -1 empty */
    int64_t hcap;
    int64_t *order; /* children in edge order: the rows' order */
    int64_t norder, ocap;
    int64_t *chain; /* the nodes of the edge statement being read */
    int64_t nchain, ccap;
    rows *R;
} dgraph;

static uint64_t str_hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
    return h;
}

static int push64(int64_t **a, int64_t *n, int64_t *cap, int64_t x)
{
    if (*n == *cap) {
        int64_t nc = *cap ? *cap * 2 : 64;
        int64_t *p = realloc(*a, (size_t)nc * sizeof *p);
        if (!p)
            return 0;
        *a = p;
        *cap = nc;
    }
    (*a)[(*n)++] = x;
    return 1;
}

static int dot_rehash(dgraph *G, const char *path, dn_err *err)
{
    int64_t nc = G->hcap ? G->hcap * 2 : 1024;
    int64_t *h = malloc((size_t)nc * sizeof *h);
    if (!h)
        return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
    for (int64_t i = 0; i < nc; i++)
        h[i] = -1;
    for (int64_t i = 0; i < G->n; i++) {
        uint64_t k = str_hash(G->v[i].name) & (uint64_t)(nc - 1);
        while (h[k] >= 0)
            k = (k + 1) & (uint64_t)(nc - 1);
        h[k] = i;
    }
    free(G->hash);
    G->hash = h;
    G->hcap = nc;
    return DN_OK;
}

/* The node named `name` (its index in *out), made if new (*created). */
static int dot_node(dgraph *G, const char *name, int64_t line, int64_t *out, int *created,
                    dn_err *err)
{
    const char *path = G->R->path;
    int rc;
    *created = 0;
    if (G->n * 2 >= G->hcap && (rc = dot_rehash(G, path, err)))
        return rc;
    uint64_t k = str_hash(name) & (uint64_t)(G->hcap - 1);
    while (G->hash[k] >= 0) {
        if (strcmp(G->v[G->hash[k]].name, name) == 0) {
            *out = G->hash[k];
            return DN_OK;
        }
        k = (k + 1) & (uint64_t)(G->hcap - 1);
    }
    G->R->extra += (int64_t)strlen(name) + 1; /* its copy, beside the file's */
    if ((rc = rows_room(G->R, G->n + 1, line, err)))
        return rc;
    if (G->n == G->cap) {
        int64_t nc = G->cap ? G->cap * 2 : 1024;
        dnode *p = realloc(G->v, (size_t)nc * sizeof *p);
        if (!p)
            return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
        G->v = p;
        G->cap = nc;
    }
    char *copy = strdup(name);
    if (!copy)
        return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
    G->v[G->n] = (dnode){copy, -1, line, {0, 0, 0}};
    G->hash[k] = G->n;
    *out = G->n++;
    *created = 1;
    return DN_OK;
}

/* [a=b, c=d] into w and *has: work (a node's), bytes or bytes_down, and
 * bytes_up (an edge's); other attributes (label, color ...) are ignored.
 * An empty value ("") is 0, as a node or edge without the attribute. */
static int dot_attrs(dtok *z, const char *path, double w[3], int *has, int *units, dn_err *err)
{
    int rc;
    int k = -1, spelled = 0; /* 1: bytes, 2: bytes_down, in this list */
    for (;;) {
        if ((rc = dot_next(z, path, err)))
            return rc;
        if (z->kind == ']')
            return DN_OK;
        if (z->kind == ',' || z->kind == ';')
            continue;
        if (z->kind != 'i')
            return dn_fail(err, DN_EINVAL, "%s:%lld: expected an attribute name or ']'", path,
                           (long long)z->line);
        const char *key = z->text.s;
        k = strcmp(key, "work") == 0                                        ? 0
            : strcmp(key, "bytes") == 0 || strcmp(key, "bytes_down") == 0 ? 1
            : strcmp(key, "bytes_up") == 0                                 ? 2
                                                                            : -1;
        if (k == 1) { /* both names in one list: one value was dropped without a word */
            spelled |= strcmp(key, "bytes") == 0 ? 1 : 2;
            if (spelled == 3)
                return dn_fail(err, DN_EINVAL, "%s:%lld: bytes and bytes_down are one attribute "
                                               "(the message from the parent): give one",
                               path, (long long)z->line);
        }
        char name[16];
        snprintf(name, sizeof name, "%s", k == 0 ? "work" : k == 1 ? "bytes" : "bytes_up");
        if ((rc = dot_next(z, path, err)))
            return rc;
        if (z->kind != '=')
            return dn_fail(err, DN_EINVAL, "%s:%lld: expected '=' after an attribute name",
                           path, (long long)z->line);
        if ((rc = dot_next(z, path, err)))
            return rc;
        if (z->kind != 'i')
            return dn_fail(err, DN_EINVAL, "%s:%lld: expected an attribute's value", path,
                           (long long)z->line);
        if (k < 0)
            continue;
        dn_err e;
        w[k] = 0;
        if (z->text.n && weight_parse(z->text.s, k, name, &w[k], units, &e))
            return dn_fail(err, DN_EINVAL, "%s:%lld: %s", path, (long long)z->line, e.msg);
        w[k] += 0.0; /* "-0" is 0 */
        *has |= 1 << k;
    }
}

/* The defaults of `node [...]` and `edge [...]`: as Graphviz, they apply to
 * the nodes and edges made after them (issue 27, item 24). */
typedef struct ddefaults {
    double w[3];
    int node_has, edge_has; /* W_WORK; W_DOWN | W_UP */
} ddefaults;

static void dot_apply(dgraph *G, int64_t v, const double w[3], int has, int mask)
{
    for (int k = 0; k < 3; k++)
        if (has & mask & (1 << k)) {
            G->v[v].w[k] = w[k];
            G->R->have |= 1 << k;
        }
}

/* One statement's node named z->text (made with the node defaults if new). */
static int dot_use(dgraph *G, dtok *z, const char *name, const ddefaults *D, int64_t *v,
                   dn_err *err)
{
    int created, rc = dot_node(G, name, z->line, v, &created, err);
    if (!rc && created)
        dot_apply(G, *v, D->w, D->node_has, W_WORK);
    return rc;
}

/* a -> b -> c [attrs]: each edge gets the edge defaults, then the attrs */
static int dot_edges(dgraph *G, dtok *z, int64_t line, const ddefaults *D, dn_err *err)
{
    const char *path = G->R->path;
    int rc;
    while (z->kind == '>' || z->kind == '-') {
        if ((rc = dot_next(z, path, err)))
            return rc;
        if (z->kind != 'i')
            return dn_fail(err, DN_EINVAL, "%s:%lld: expected a node after the edge", path,
                           (long long)z->line);
        int64_t b;
        if ((rc = dot_use(G, z, z->text.s, D, &b, err)))
            return rc;
        if (!push64(&G->chain, &G->nchain, &G->ccap, b))
            return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
        if ((rc = dot_next(z, path, err)))
            return rc;
    }
    double w[3] = {D->w[0], D->w[1], D->w[2]};
    int has = D->edge_has;
    if (z->kind == '[' &&
        ((rc = dot_attrs(z, path, w, &has, &G->R->units, err)) || (rc = dot_next(z, path, err))))
        return rc;
    for (int64_t i = 1; i < G->nchain; i++) {
        dnode *c = &G->v[G->chain[i]];
        if (c->parent >= 0) {
            char a[128], b[128], p[128];
            rows tmp = *G->R; /* key_name of the three names, through a scratch rows */
            char *nm[3] = {c->name, G->v[G->chain[i - 1]].name, G->v[c->parent].name};
            tmp.names = nm;
            tmp.nnames = 3;
            return dn_fail(err, DN_EINVAL, "%s:%lld: node %s has two parents (%s, and %s on "
                                           "line %lld)",
                           path, (long long)line, key_name(&tmp, 0, a, sizeof a),
                           key_name(&tmp, 1, b, sizeof b), key_name(&tmp, 2, p, sizeof p),
                           (long long)c->line);
        }
        c->parent = G->chain[i - 1];
        c->line = line;
        dot_apply(G, G->chain[i], w, has, W_DOWN | W_UP);
        if (!push64(&G->order, &G->norder, &G->ocap, G->chain[i]))
            return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
    }
    return DN_OK;
}

static int keyword(const char *s, const char *kw)
{
    return strcasecmp(s, kw) == 0; /* DOT's keywords are case-independent */
}

/* The statements between '{' and '}'. */
static int dot_body(dgraph *G, dtok *z, dstr *first, dn_err *err)
{
    const char *path = G->R->path;
    ddefaults D = {{0, 0, 0}, 0, 0};
    int rc;
    if ((rc = dot_next(z, path, err)))
        return rc;
    while (z->kind != '}') {
        if (z->kind == 0)
            return dn_fail(err, DN_EINVAL, "%s:%lld: expected '}' before the end of the file",
                           path, (long long)z->line);
        if (z->kind == ';' || z->kind == ',') {
            if ((rc = dot_next(z, path, err)))
                return rc;
            continue;
        }
        if (z->kind != 'i')
            return dn_fail(err, DN_EINVAL, "%s:%lld: expected a node, an edge or an attribute",
                           path, (long long)z->line);
        int64_t line = z->line, quoted = z->quoted;
        if (!dstr_set(first, z->text.s, z->text.n))
            return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
        if ((rc = dot_next(z, path, err)))
            return rc;
        if (z->kind == '=') { /* a graph attribute: skip its value */
            if ((rc = dot_next(z, path, err)) || (rc = dot_next(z, path, err)))
                return rc;
            continue;
        }
        int is_node = !quoted && keyword(first->s, "node");
        int is_edge = !quoted && keyword(first->s, "edge");
        int is_kw = is_node || is_edge || (!quoted && keyword(first->s, "graph"));
        if ((!quoted && keyword(first->s, "subgraph")) || (is_kw && z->kind == '{'))
            return dn_fail(err, DN_EINVAL, "%s:%lld: subgraphs are not read in tree files", path,
                           (long long)line);
        if (is_kw && z->kind == '[') { /* defaults, for what follows */
            double w[3] = {D.w[0], D.w[1], D.w[2]};
            int has = 0;
            if ((rc = dot_attrs(z, path, w, &has, &G->R->units, err)) || (rc = dot_next(z, path, err)))
                return rc;
            for (int k = 0; k < 3; k++)
                if (has & (1 << k) & (is_node ? W_WORK : is_edge ? W_DOWN | W_UP : 0))
                    D.w[k] = w[k];
            D.node_has |= is_node ? has & W_WORK : 0;
            D.edge_has |= is_edge ? has & (W_DOWN | W_UP) : 0;
            /* a declared attribute is a column of the tree, as Graphviz
             * declares it for every node or edge (a tree of one node keeps
             * its bytes columns so) */
            G->R->have |= (D.node_has & W_WORK) | (D.edge_has & (W_DOWN | W_UP));
            continue;
        }
        if (is_kw)
            return dn_fail(err, DN_EINVAL, "%s:%lld: '%s' is a DOT keyword: quote it to name a "
                                           "node",
                           path, (long long)line, first->s);
        int64_t a;
        if ((rc = dot_use(G, z, first->s, &D, &a, err)))
            return rc;
        if (z->kind == '>' || z->kind == '-') {
            G->nchain = 0;
            if (!push64(&G->chain, &G->nchain, &G->ccap, a))
                return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
            if ((rc = dot_edges(G, z, line, &D, err)))
                return rc;
            continue;
        }
        if (z->kind == '[') { /* a node statement's attributes */
            double w[3] = {0, 0, 0};
            int has = 0;
            if ((rc = dot_attrs(z, path, w, &has, &G->R->units, err)))
                return rc;
            dot_apply(G, a, w, has, W_WORK);
            if ((rc = dot_next(z, path, err)))
                return rc;
        }
    }
    if ((rc = dot_next(z, path, err)))
        return rc;
    if (z->kind != 0)
        return dn_fail(err, DN_EINVAL, "%s:%lld: text after the graph's closing '}' (a tree "
                                       "file holds one graph)",
                       path, (long long)z->line);
    return DN_OK;
}

/* The rows: the roots (nodes without a parent) first, then the children
 * in edge order. Keys are the names' numbers when every name is a
 * canonical decimal number (no sign, no leading zero: "007" and "7" are
 * two nodes); else the nodes' indexes, with their names kept for
 * messages (R->names). */
static int dot_rows(dgraph *G, rows *R, dn_err *err)
{
    int numeric = 1, rc = DN_OK;
    for (int64_t i = 0; i < G->n && numeric; i++) {
        const char *s = G->v[i].name;
        size_t n = strlen(s);
        numeric = n && n < 19 && strspn(s, "0123456789") == n && (s[0] != '0' || n == 1);
    }
    for (int pass = 0; pass < 2 && !rc; pass++)
        for (int64_t j = 0; j < (pass ? G->norder : G->n) && !rc; j++) {
            int64_t i = pass ? G->order[j] : j;
            if (!pass && G->v[i].parent >= 0)
                continue;
            const dnode *d = &G->v[i];
            trow x = {numeric ? strtoll(d->name, NULL, 10) : i, -1, {d->w[0], d->w[1], d->w[2]},
                      d->line};
            if (d->parent >= 0)
                x.parent = numeric ? strtoll(G->v[d->parent].name, NULL, 10) : d->parent;
            rc = rows_push(R, x, err);
        }
    if (!rc && !numeric) { /* the names outlive G: build()'s messages use them */
        R->names = malloc((size_t)G->n * sizeof *R->names);
        if (!R->names)
            return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", R->path);
        for (int64_t i = 0; i < G->n; i++) {
            R->names[i] = G->v[i].name;
            G->v[i].name = NULL;
        }
        R->nnames = G->n;
    }
    return rc;
}

static int parse_dot(const char *buf, size_t len, rows *R, dn_err *err)
{
    const char *path = R->path;
    dtok z = {buf, buf + len, 1, {NULL, 0, 0}, 0, 0};
    dstr first = {NULL, 0, 0};
    dgraph G;
    memset(&G, 0, sizeof G);
    G.R = R;
    int rc;
    if ((rc = dot_next(&z, path, err)))
        goto out;
    if (z.kind == 'i' && keyword(z.text.s, "strict") && (rc = dot_next(&z, path, err)))
        goto out;
    if (z.kind != 'i' || (!keyword(z.text.s, "digraph") && !keyword(z.text.s, "graph"))) {
        rc = dn_fail(err, DN_EINVAL, "%s:%lld: expected 'digraph' (a DOT tree file)", path,
                     (long long)z.line);
        goto out;
    }
    if ((rc = dot_next(&z, path, err)))
        goto out;
    if (z.kind == 'i' && (rc = dot_next(&z, path, err))) /* the graph's name */
        goto out;
    if (z.kind != '{') {
        rc = dn_fail(err, DN_EINVAL, "%s:%lld: expected '{'", path, (long long)z.line);
        goto out;
    }
    if (!(rc = dot_body(&G, &z, &first, err)))
        rc = dot_rows(&G, R, err);
out:
    for (int64_t i = 0; i < G.n; i++)
        free(G.v[i].name);
    free(G.v);
    free(G.hash);
    free(G.order);
    free(G.chain);
    free(z.text.s);
    free(first.s);
    return rc;
}

/* ------------------------------------------------------------ GRF */

/* Skips white space, counting the newlines passed */
static void grf_skip(const char **p, const char *end, int64_t *line)
{
    while (*p < end && isspace((unsigned char)**p))
        *line += *(*p)++ == '\n';
}

static int grf_int(const char **p, const char *end, int64_t *line, int64_t *out)
{
    grf_skip(p, end, line);
    if (*p >= end || !isdigit((unsigned char)**p))
        return 0;
    int64_t x = 0;
    while (*p < end && isdigit((unsigned char)**p)) {
        if (x > (INT64_MAX - 9) / 10)
            return 0;
        x = 10 * x + (*(*p)++ - '0');
    }
    if (*p < end && !isspace((unsigned char)**p)) /* "12x" is no number */
        return 0;
    *out = x;
    return 1;
}

/* A vertex or edge load: an integer dcnet keeps exactly (a double) */
static int grf_load(const char **p, const char *end, int64_t *line, double *out, const char *path,
                    dn_err *err)
{
    int64_t x;
    if (!grf_int(p, end, line, &x))
        return -1;
    if ((double)x > GRF_MAX_LOAD)
        return dn_fail(err, DN_ERANGE, "%s:%lld: load %lld is above 2^53, the largest integer "
                                       "dcnet holds exactly",
                       path, (long long)*line, (long long)x);
    *out = (double)x;
    return DN_OK;
}

typedef struct grf {
    int64_t n, m, base;
    int lab, eload, vload;
    int64_t *off, *adj, *key, *lineof, *par, *queue, *down;
    double *vw, *ew;
} grf;

static void grf_free(grf *G)
{
    free(G->off);
    free(G->adj);
    free(G->key);
    free(G->lineof);
    free(G->vw);
    free(G->ew);
    free(G->par);
    free(G->queue);
    free(G->down);
}

static int grf_header(const char **p, const char *end, int64_t *line, grf *G, rows *R, dn_err *err)
{
    const char *path = R->path;
    int64_t ver, flags;
    if (!grf_int(p, end, line, &ver) || ver != 0)
        return dn_fail(err, DN_EINVAL, "%s:%lld: expected version 0 (a SCOTCH .grf)", path,
                       (long long)*line);
    if (!grf_int(p, end, line, &G->n) || !grf_int(p, end, line, &G->m))
        return dn_fail(err, DN_EINVAL, "%s:%lld: expected the vertex and arc counts", path,
                       (long long)*line);
    if (G->n < 1)
        return dn_fail(err, DN_EINVAL, "%s:%lld: no vertex (a tree file holds at least one)",
                       path, (long long)*line);
    int rc = rows_room(R, G->n, *line, err); /* what the header promises, before allocating */
    if (rc)
        return rc;
    if (G->m != 2 * (G->n - 1))
        return dn_fail(err, DN_EINVAL, "%s:%lld: not a tree: %lld vertices and %lld arcs (a "
                                       "tree has %lld: every edge twice)",
                       path, (long long)*line, (long long)G->n, (long long)G->m,
                       (long long)(2 * (G->n - 1)));
    if (!grf_int(p, end, line, &G->base) || G->base > 1 || !grf_int(p, end, line, &flags) ||
        flags % 10 > 1 || flags / 10 % 10 > 1 || flags / 100 > 1)
        return dn_fail(err, DN_EINVAL, "%s:%lld: expected base value 0 or 1 and a flag like "
                                       "000 or 111",
                       path, (long long)*line);
    G->lab = flags / 100 == 1;
    G->eload = flags / 10 % 10 == 1;
    G->vload = flags % 10 == 1;
    return DN_OK;
}

/* The vertex lines: per vertex [label] [load] degree, then [load] end per
 * arc (kept as written: grf_ends() maps them). Returns DN_OK, a status
 * with its message, or -1 for a malformed line (the caller says so with
 * the line). */
static int grf_vertices(const char **p, const char *end, int64_t *line, grf *G, const char *path,
                        dn_err *err)
{
    int64_t k = 0, x;
    int rc;
    for (int64_t v = 0; v < G->n; v++) {
        int64_t deg;
        G->off[v] = k;
        G->key[v] = v;
        G->vw[v] = 0;
        grf_skip(p, end, line); /* the vertex's own line, not the end of the one before */
        G->lineof[v] = *line;
        if (G->lab && !grf_int(p, end, line, &G->key[v]))
            return -1;
        if (G->vload && (rc = grf_load(p, end, line, &G->vw[v], path, err)))
            return rc;
        if (!grf_int(p, end, line, &deg) || deg > G->m - k)
            return -1;
        for (int64_t i = 0; i < deg; i++) {
            double w = 0;
            if (G->eload && (rc = grf_load(p, end, line, &w, path, err)))
                return rc;
            if (!grf_int(p, end, line, &x))
                return -1;
            G->adj[k] = x;
            G->ew[k++] = w;
        }
    }
    G->off[G->n] = k;
    while (*p < end && isspace((unsigned char)**p))
        (*p)++;
    if (k != G->m || *p != end)
        return dn_fail(err, DN_EINVAL, "%s:%lld: %s", path, (long long)*line,
                       k != G->m ? "fewer arcs than announced"
                                 : "trailing data after the last vertex");
    return DN_OK;
}

static int cmp_i64(const void *a, const void *b)
{
    const int64_t *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

/* Arc ends to vertex indexes: through the labels (sorted (label, vertex)
 * pairs, in G->queue and G->par as scratch), or by the base. */
static int grf_ends(grf *G, const char *path, dn_err *err)
{
    int64_t *pairs = NULL;
    if (G->lab) {
        pairs = malloc((size_t)G->n * 2 * sizeof *pairs);
        if (!pairs)
            return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
        for (int64_t v = 0; v < G->n; v++) {
            pairs[2 * v] = G->key[v];
            pairs[2 * v + 1] = v;
        }
        qsort(pairs, (size_t)G->n, 2 * sizeof *pairs, cmp_i64);
        for (int64_t i = 1; i < G->n; i++)
            if (pairs[2 * i] == pairs[2 * i - 2]) {
                int64_t a = pairs[2 * i - 1], b = pairs[2 * i + 1];
                free(pairs);
                return dn_fail(err, DN_EINVAL, "%s:%lld: vertex label %lld is used twice (first "
                                               "on line %lld)",
                               path, (long long)G->lineof[a > b ? a : b],
                               (long long)G->key[a], (long long)G->lineof[a < b ? a : b]);
            }
    }
    int rc = DN_OK;
    for (int64_t v = 0; v < G->n && !rc; v++)
        for (int64_t e = G->off[v]; e < G->off[v + 1] && !rc; e++) {
            int64_t x = G->adj[e];
            if (G->lab) {
                int64_t want[2] = {x, 0};
                const int64_t *hit = bsearch(want, pairs, (size_t)G->n, 2 * sizeof *pairs, cmp_i64);
                if (!hit)
                    rc = dn_fail(err, DN_EINVAL, "%s:%lld: an arc to label %lld, which no vertex "
                                                 "has",
                                 path, (long long)G->lineof[v], (long long)x);
                else
                    G->adj[e] = hit[1];
            } else if (x < G->base || x - G->base >= G->n) {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: an arc to vertex %lld, outside %lld..%lld",
                             path, (long long)G->lineof[v], (long long)x, (long long)G->base,
                             (long long)(G->base + G->n - 1));
            } else {
                G->adj[e] = x - G->base;
            }
        }
    free(pairs);
    return rc;
}

/* A vertex as the file names it: its label, or its number from the base */
static int64_t grf_name(const grf *G, int64_t v)
{
    return G->lab ? G->key[v] : v + G->base;
}

/* BFS from the first vertex, the root; children in adjacency order. The
 * rows carry each vertex's label (its key) with its own loads. As SCOTCH's
 * graphCheck (gtst) does, every edge is listed once from each end with one
 * load: a child lists its parent exactly once, with the parent's load for
 * the edge (else the file's two ends disagree, and taking one side would
 * answer with a number that is not the user's). */
static int grf_rows(grf *G, rows *R, dn_err *err)
{
    const char *path = R->path;
    int rc = DN_OK;
    for (int64_t v = 0; v < G->n; v++)
        G->par[v] = -2;
    G->par[0] = -1;
    int64_t head = 0, tail = 0;
    G->queue[tail++] = 0;
    R->have = (G->vload ? W_WORK : 0) | (G->eload ? W_DOWN : 0);
    while (head < tail && !rc) {
        int64_t v = G->queue[head++];
        int64_t pv = G->par[v];
        trow x = {G->key[v], pv >= 0 ? G->key[pv] : -1, {G->vw[v], pv >= 0 ? G->ew[G->down[v]] : 0, 0},
                  G->lineof[v]};
        rc = rows_push(R, x, err);
        int64_t up = 0; /* v's arcs to its parent: exactly one (gtst: "arc data do not match") */
        for (int64_t e = G->off[v]; e < G->off[v + 1] && !rc; e++) {
            int64_t u = G->adj[e];
            if (u == pv && G->ew[e] != G->ew[G->down[v]]) {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: the edge %lld-%lld has load %.17g from "
                                             "%lld and %.17g from %lld (both ends must give one "
                                             "load)",
                             path, (long long)G->lineof[v], (long long)grf_name(G, pv),
                             (long long)grf_name(G, v), G->ew[G->down[v]],
                             (long long)grf_name(G, pv), G->ew[e], (long long)grf_name(G, v));
            } else if (u == pv) {
                up++;
            } else if (u == v) {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: vertex %lld has a loop", path,
                             (long long)G->lineof[v], (long long)grf_name(G, v));
            } else if (G->par[u] == -2) {
                G->par[u] = v;
                G->down[u] = e;
                G->queue[tail++] = u;
            } else if (u != pv) {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: not a tree: the edge %lld-%lld closes a "
                                             "cycle",
                             path, (long long)G->lineof[v], (long long)grf_name(G, v),
                             (long long)grf_name(G, u));
            }
        }
        if (!rc && pv >= 0 && up != 1)
            rc = dn_fail(err, DN_EINVAL, "%s:%lld: vertex %lld lists its parent %lld %lld times; "
                                         "every edge is listed once from each end",
                         path, (long long)G->lineof[v], (long long)grf_name(G, v),
                         (long long)grf_name(G, pv), (long long)up);
    }
    if (!rc && tail < G->n)
        rc = dn_fail(err, DN_EINVAL, "%s: not a tree: %lld of %lld vertices are not connected "
                                     "to the first",
                     path, (long long)(G->n - tail), (long long)G->n);
    return rc;
}

static int parse_grf(const char *buf, size_t len, rows *R, dn_err *err)
{
    const char *p = buf, *end = buf + len, *path = R->path;
    int64_t line = 1;
    grf G;
    memset(&G, 0, sizeof G);
    int rc = grf_header(&p, end, &line, &G, R, err);
    if (rc)
        return rc;
    size_t n = (size_t)G.n, m = (size_t)(G.m ? G.m : 1);
    G.off = malloc((n + 1) * sizeof *G.off);
    G.adj = malloc(m * sizeof *G.adj);
    G.key = malloc(n * sizeof *G.key);
    G.lineof = malloc(n * sizeof *G.lineof);
    G.vw = malloc(n * sizeof *G.vw);
    G.ew = malloc(m * sizeof *G.ew);
    G.par = malloc(n * sizeof *G.par);
    G.queue = malloc(n * sizeof *G.queue);
    G.down = malloc(n * sizeof *G.down);
    if (!G.off || !G.adj || !G.key || !G.lineof || !G.vw || !G.ew || !G.par || !G.queue ||
        !G.down) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
        goto out;
    }
    rc = grf_vertices(&p, end, &line, &G, path, err);
    if (rc < 0)
        rc = dn_fail(err, DN_EINVAL, "%s:%lld: expected a vertex line: [label] [load] degree, "
                                     "then [load] end per arc",
                     path, (long long)line);
    if (!rc)
        rc = grf_ends(&G, path, err);
    if (!rc)
        rc = grf_rows(&G, R, err);
out:
    grf_free(&G);
    return rc;
}

/* ------------------------------------------------------------ reading */

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/* Parses buf (NUL-terminated after len bytes; the CSV reader cuts it up).
 * mem_limit 0: no memory limit but max_nodes. */
static int parse_fmt(char *buf, size_t len, dn_tree_format fmt, int64_t max_nodes,
                     int64_t mem_limit, const char *name, dn_tree *t, dn_err *err)
{
    rows R;
    memset(&R, 0, sizeof R);
    R.max = max_nodes;
    R.path = name;
    R.mem_limit = mem_limit;
    R.file_bytes = (int64_t)len;
    int rc = fmt == DN_TREE_FMT_DOT   ? parse_dot(buf, len, &R, err)
             : fmt == DN_TREE_FMT_GRF ? parse_grf(buf, len, &R, err)
                                      : parse_csv(buf, &R, err);
    if (!rc)
        rc = build(t, &R, err);
    if (!rc)
        t->model.kind = DN_TREE_FILE;
    free(R.r);
    for (int64_t i = 0; i < R.nnames; i++)
        free(R.names[i]);
    free(R.names);
    return rc;
}

/* A tree handed over as arrays goes the way a file's rows go (build):
 * the same checks and the same ids, with the array index as the line. */
int dn_tree_from_parents(dn_tree *t, int64_t n, const int64_t *parent, const double *work,
                         const double *bytes_down, const double *bytes_up, dn_err *err)
{
    DN_NEED(err, t);
    DN_NEED(err, parent);
    memset(t, 0, sizeof *t);
    if (n < 1 || !parent)
        return dn_fail(err, DN_EINVAL, "a tree needs at least one node and its parent array");
    if (n > INT32_MAX) /* the schedule's phases are 32-bit */
        return dn_fail(err, DN_ELIMIT, "%lld nodes; a tree from arrays holds at most 2^31 - 1",
                       (long long)n);
    const double *w[3] = {work, bytes_down, bytes_up};
    static const char *const wname[3] = {"work", "bytes_down", "bytes_up"};
    rows R;
    memset(&R, 0, sizeof R);
    R.max = n;
    R.path = "parents";
    R.r = malloc((size_t)n * sizeof *R.r);
    if (!R.r)
        return dn_fail(err, DN_ENOMEM, "out of memory for a tree of %lld nodes", (long long)n);
    R.cap = n;
    int rc = DN_OK;
    for (int64_t v = 0; v < n && !rc; v++) {
        trow x = {v, parent[v], {0, 0, 0}, v};
        if (parent[v] < -1 || parent[v] >= n)
            rc = dn_fail(err, DN_EINVAL, "parents:%lld: parent %lld of node %lld is not a node "
                                         "(0 .. %lld, or -1 for the root)",
                         (long long)v, (long long)parent[v], (long long)v, (long long)(n - 1));
        for (int k = 0; k < 3 && !rc; k++) {
            if (!w[k])
                continue;
            if (!(w[k][v] >= 0) || !isfinite(w[k][v]))
                rc = dn_fail(err, DN_EINVAL, "%s[%lld] is %g; weights are finite and "
                                             "non-negative",
                             wname[k], (long long)v, w[k][v]);
            x.w[k] = w[k][v];
            R.have |= 1 << k;
        }
        R.r[R.n++] = x;
    }
    if (!rc)
        rc = build(t, &R, err);
    if (!rc)
        t->model.kind = DN_TREE_FILE;
    free(R.r);
    return rc;
}

int dn_tree_parse(const char *buf, size_t len, dn_tree_format fmt, int64_t max_nodes,
                  const char *name, dn_tree *t, dn_err *err)
{
    DN_NEED(err, buf);
    DN_NEED(err, name);
    DN_NEED(err, t);
    memset(t, 0, sizeof *t);
    if (!dn_tree_format_name(fmt))
        return dn_fail(err, DN_EINVAL, "tree format %d is not a dn_tree_format value", (int)fmt);
    if (max_nodes <= 0)
        max_nodes = DN_TREE_DEFAULT_MAX_NODES;
    dn_input in;
    char *copy;
    size_t n;
    dn_input_mem(&in, buf, len, name, "tree file", 0); /* BOM, NUL, CRLF as from a file */
    int rc = dn_input_all(&in, &copy, &n, err);
    dn_input_close(&in);
    if (rc)
        return rc;
    rc = parse_fmt(copy, n, fmt, max_nodes, 0, name, t, err);
    free(copy);
    return rc;
}

/* The format of a file: its extension, else its first word (after white
 * space): DOT's "digraph", "graph" or "strict"; a .grf's version "0"
 * followed by white space in a file without a comma; else CSV. */
static dn_tree_format guess_format(const char *path, const char *buf)
{
    const char *q = buf;
    while (*q && isspace((unsigned char)*q))
        q++;
    if (ends_with(path, ".dot") || ends_with(path, ".gv"))
        return DN_TREE_FMT_DOT;
    if (ends_with(path, ".grf") || ends_with(path, ".src"))
        return DN_TREE_FMT_GRF;
    if (ends_with(path, ".csv"))
        return DN_TREE_FMT_CSV;
    if (strncasecmp(q, "digraph", 7) == 0 || strncasecmp(q, "graph", 5) == 0 ||
        strncasecmp(q, "strict", 6) == 0)
        return DN_TREE_FMT_DOT;
    if (q[0] == '0' && isspace((unsigned char)q[1]) && !strchr(buf, ','))
        return DN_TREE_FMT_GRF;
    return DN_TREE_FMT_CSV;
}

/* The file is read whole within the memory limit (its bytes); the nodes
 * then count against what is left, DN_TREE_FILE_NODE_BYTES each, as they
 * are found (rows_room), and against max_nodes. A limit on the bytes
 * derived from max_nodes would refuse valid files (DOT names have any
 * length) and name the limit in bytes the user never gave. */
int dn_tree_read_file(dn_tree *t, const char *path, int64_t max_nodes, int64_t mem_limit,
                      dn_err *err)
{
    memset(t, 0, sizeof *t);
    if (max_nodes <= 0)
        max_nodes = DN_TREE_DEFAULT_MAX_NODES;
    if (mem_limit <= 0)
        mem_limit = DN_NET_DEFAULT_MEM_LIMIT;
    char *buf;
    size_t len;
    int rc = dn_read_text(path, "tree file", mem_limit, 1, &buf, &len, err);
    if (rc)
        return rc;
    rc = parse_fmt(buf, len, guess_format(path, buf), max_nodes, mem_limit, path, t, err);
    free(buf);
    return rc;
}

/* ------------------------------------------------------------ writing */

static const char *const tree_format_names[] = {
    [DN_TREE_FMT_CSV] = "csv", [DN_TREE_FMT_DOT] = "dot", [DN_TREE_FMT_GRF] = "grf"};
DN_NAMES_DEFINE(tree_format, tree_format_names)

static const char *const wname[3] = {"work", "bytes_down", "bytes_up"};

/* What a format cannot hold is refused before a byte is written, never
 * rounded or dropped (issue 26, item 4): DOT and .grf carry bytes on
 * edges, so the root's must be 0; .grf holds no bytes_up, and integer
 * loads up to 2^53 only (what its reader takes back exactly). */
static int writable(const dn_tree *t, dn_tree_format fmt, dn_err *err)
{
    static const char *const fname[3] = {"csv", "dot", "grf"};
    const double *w[3] = {t->work, t->bytes_down, t->bytes_up};
    char a[32];
    if (fmt == DN_TREE_FMT_CSV)
        return DN_OK;
    for (int k = 1; k < 3; k++)
        if (w[k] && w[k][0] != 0)
            return dn_fail(err, DN_EINVAL, "the root's %s is %s, and a %s tree file carries "
                                           "bytes on edges only (the root has none): write "
                                           "csv, which keeps it",
                           wname[k], dn_fmt_double(a, sizeof a, w[k][0]), fname[fmt]);
    if (fmt != DN_TREE_FMT_GRF)
        return DN_OK;
    if (w[2])
        return dn_fail(err, DN_EINVAL, "a .grf tree file cannot hold bytes_up (it has vertex "
                                       "and edge loads only): write csv or dot, which keep it");
    for (int k = 0; k < 2; k++)
        for (int64_t v = 0; w[k] && v < t->nodes; v++)
            if (w[k][v] != floor(w[k][v]) || w[k][v] > GRF_MAX_LOAD)
                return dn_fail(err, DN_EINVAL, "a .grf tree file holds integer loads up to 2^53, "
                                               "and the %s of node %lld is %s: write csv or dot, "
                                               "which keep every value",
                               wname[k], (long long)v, dn_fmt_double(a, sizeof a, w[k][v]));
    return DN_OK;
}

static void write_csv(const dn_tree *t, const double *const w[3], FILE *f)
{
    char a[32];
    fprintf(f, "id,parent");
    for (int k = 0; k < 3; k++)
        if (w[k])
            fprintf(f, ",%s", wname[k]);
    fprintf(f, "\n0,-1");
    for (int k = 0; k < 3; k++)
        if (w[k])
            fprintf(f, ",%s", dn_fmt_double(a, sizeof a, w[k][0]));
    fputc('\n', f);
    for (int64_t v = 0; v < t->nodes && !ferror(f); v++)
        for (int64_t i = 0, k = dn_tree_num_children(t, v); i < k; i++) {
            int64_t c = dn_tree_child(t, v, i);
            fprintf(f, "%lld,%lld", (long long)c, (long long)v);
            for (int j = 0; j < 3; j++)
                if (w[j])
                    fprintf(f, ",%s", dn_fmt_double(a, sizeof a, w[j][c]));
            fputc('\n', f);
        }
}

/* Values are quoted: 9.76e-05 and 1e+300 are not DOT numerals, and both
 * Graphviz and dcnet refused them bare. */
static void write_dot(const dn_tree *t, const double *const w[3], FILE *f)
{
    char a[32];
    fprintf(f, "digraph tree {\n");
    if (t->nodes == 1 && (w[1] || w[2])) /* no edge to carry the columns: declare them */
        fprintf(f, "  edge [%s%s%s];\n", w[1] ? "bytes=\"0\"" : "", w[1] && w[2] ? ", " : "",
                w[2] ? "bytes_up=\"0\"" : "");
    fprintf(f, "  0");
    if (w[0])
        fprintf(f, " [work=\"%s\"]", dn_fmt_double(a, sizeof a, w[0][0]));
    fprintf(f, ";\n");
    for (int64_t v = 0; v < t->nodes && !ferror(f); v++)
        for (int64_t i = 0, k = dn_tree_num_children(t, v); i < k; i++) {
            int64_t c = dn_tree_child(t, v, i);
            fprintf(f, "  %lld -> %lld", (long long)v, (long long)c);
            if (w[1] || w[2]) {
                fprintf(f, " [");
                if (w[1])
                    fprintf(f, "bytes=\"%s\"%s", dn_fmt_double(a, sizeof a, w[1][c]),
                            w[2] ? ", " : "");
                if (w[2])
                    fprintf(f, "bytes_up=\"%s\"", dn_fmt_double(a, sizeof a, w[2][c]));
                fputc(']', f);
            }
            fprintf(f, ";\n");
            if (w[0])
                fprintf(f, "  %lld [work=\"%s\"];\n", (long long)c,
                        dn_fmt_double(a, sizeof a, w[0][c]));
        }
    fprintf(f, "}\n");
}

/* Undirected: vertex v's line lists its parent, then its children; loads
 * are integers (writable() checked them). */
static void write_grf(const dn_tree *t, const double *const w[3], FILE *f)
{
    fprintf(f, "0\n%lld %lld\n0 0%d%d\n", (long long)t->nodes, (long long)(2 * (t->nodes - 1)),
            w[1] != NULL, w[0] != NULL);
    for (int64_t v = 0; v < t->nodes && !ferror(f); v++) {
        int64_t k = dn_tree_num_children(t, v), p = dn_tree_parent(t, v);
        if (w[0])
            fprintf(f, "%.0f ", w[0][v]);
        fprintf(f, "%lld", (long long)(k + (p >= 0)));
        if (p >= 0) {
            if (w[1])
                fprintf(f, " %.0f", w[1][v]);
            fprintf(f, " %lld", (long long)p);
        }
        for (int64_t i = 0; i < k; i++) {
            int64_t c = dn_tree_child(t, v, i);
            if (w[1])
                fprintf(f, " %.0f", w[1][c]);
            fprintf(f, " %lld", (long long)c);
        }
        fputc('\n', f);
    }
}

/* The rows in the order a reader keeps: the root, then every node's
 * children in order, node by node (ids written as they are). */
int dn_tree_write(const dn_tree *t, dn_tree_format fmt, FILE *f, dn_err *err)
{
    DN_NEED(err, t);
    DN_NEED(err, f);
    if (!dn_tree_format_name(fmt))
        return dn_fail(err, DN_EINVAL, "tree format %d is not a dn_tree_format value", (int)fmt);
    if (t->nodes > ((int64_t)1 << 31))
        return dn_fail(err, DN_ELIMIT, "a tree file holds at most 2^31 nodes, not %lld",
                       (long long)t->nodes);
    int rc = writable(t, fmt, err);
    if (rc)
        return rc;
    const double *const w[3] = {t->work, t->bytes_down, t->bytes_up};
    if (fmt == DN_TREE_FMT_CSV)
        write_csv(t, w, f);
    else if (fmt == DN_TREE_FMT_DOT)
        write_dot(t, w, f);
    else
        write_grf(t, w, f);
    /* fflush: what the stream still buffers fails there, not at fclose */
    if (fflush(f) != 0 || ferror(f))
        return dn_fail(err, DN_EIO, "write error: %s", strerror(errno));
    return DN_OK;
}

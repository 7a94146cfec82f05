/*
 * treeio.c - task trees from files and to files (issue 21): CSV
 * (id,parent[,work][,bytes_down][,bytes_up]), Graphviz DOT and SCOTCH
 * source graphs (.grf) that are trees. dcnet/tree.h, "tree files", states
 * the formats, the id rule and the schedule.
 *
 * Every reader turns its file into rows, one per node, in file order: the
 * node's key (its id, or its name's number), its parent's key (-1: the
 * root), its weights and its line. build() then checks the rows (one root,
 * every parent defined, no key twice, no cycle), keeps the keys as ids when
 * they are 0..N-1 with the root 0, else numbers the nodes in row order with
 * the root first, and lays the tree out as CSR arrays: the children of a
 * node in the order of their rows. One BFS gives depths and the sequential
 * schedule's phases (child i of a node receiving in phase p receives in
 * p + i + 1). Time O(N log N) (the key lookup sorts), memory about 100
 * bytes a node while reading, 56 plus 8 per weight column after.
 */
#include "tree_impl.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { W_WORK = 1, W_DOWN = 2, W_UP = 4 };

typedef struct trow {
    int64_t key, parent; /* parent: a key, or -1 for the root */
    double w[3];         /* work, bytes_down, bytes_up */
    int64_t line;
} trow;

typedef struct rows {
    trow *r;
    int64_t n, cap, max;
    int have; /* W_* present in the file */
    const char *path;
} rows;

static int rows_push(rows *R, trow x, dn_err *err)
{
    if (R->n == R->max)
        return dn_fail(err, DN_ELIMIT, "%s:%lld: the tree has more than %lld nodes (raise "
                                       "--max-nodes)",
                       R->path, (long long)x.line, (long long)R->max);
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
    /* keys: unique; the root: exactly one */
    int64_t root = -1;
    for (int64_t i = 0; i < N; i++) {
        kr[i] = (keyrow){R->r[i].key, i};
        if (R->r[i].parent < 0) {
            if (root >= 0) {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: a second root (node %lld has no parent; "
                                             "node %lld on line %lld is the root)",
                             path, (long long)R->r[i].line, (long long)R->r[i].key,
                             (long long)R->r[root].key, (long long)R->r[root].line);
                goto out;
            }
            root = i;
        }
    }
    if (root < 0) {
        rc = dn_fail(err, DN_EINVAL, "%s: no root (every node has a parent: the root's parent "
                                     "is empty or -1)",
                     path);
        goto out;
    }
    qsort(kr, (size_t)N, sizeof *kr, cmp_keyrow);
    for (int64_t i = 1; i < N; i++)
        if (kr[i].key == kr[i - 1].key) {
            rc = dn_fail(err, DN_EINVAL, "%s:%lld: node %lld is defined twice (first on line "
                                         "%lld)",
                         path, (long long)R->r[kr[i].row].line, (long long)kr[i].key,
                         (long long)R->r[kr[i - 1].row].line);
            goto out;
        }
    /* ids: the keys when they are 0..N-1 with the root 0, else row order */
    int keep = R->r[root].key == 0 && kr[0].key == 0 && kr[N - 1].key == N - 1;
    for (int64_t i = 0, next = 1; i < N; i++)
        id[i] = keep ? R->r[i].key : i == root ? 0 : next++;
    /* parents and children (in row order: a counting sort by parent) */
    for (int64_t i = 0; i < N; i++) {
        int64_t v = id[i], p = -1;
        if (i != root) {
            int64_t pr = find_row(kr, N, R->r[i].parent);
            if (pr < 0) {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: the parent %lld of node %lld is not "
                                             "defined",
                             path, (long long)R->r[i].line, (long long)R->r[i].parent,
                             (long long)R->r[i].key);
                goto out;
            }
            if (pr == i) {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: node %lld is its own parent", path,
                             (long long)R->r[i].line, (long long)R->r[i].key);
                goto out;
            }
            p = id[pr];
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
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: node %lld is on a cycle (it does not "
                                             "descend from the root)",
                             path, (long long)R->r[i].line, (long long)R->r[i].key);
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

static int parse_csv(char *buf, rows *R, dn_err *err)
{
    static const char *const names[] = {"id", "parent", "work", "bytes_down", "bytes_up"};
    int col[5] = {0, 1, 2, 3, 4}, ncol = 5, header_done = 0; /* col[field] = column */
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
                for (int k = 0; k < 5; k++)
                    col[k] = -1;
                for (int i = 0; i < nf; i++) {
                    int k = 0;
                    while (k < 5 && strcmp(f[i], names[k]) != 0)
                        k++;
                    if (k == 5)
                        return dn_fail(err, DN_EINVAL, "%s:%lld: unknown column '%s' (columns: "
                                                       "id, parent, work, bytes_down, bytes_up)",
                                       R->path, (long long)line, f[i]);
                    if (col[k] >= 0)
                        return dn_fail(err, DN_EINVAL, "%s:%lld: column '%s' appears twice",
                                       R->path, (long long)line, f[i]);
                    col[k] = i;
                }
                if (col[0] < 0 || col[1] < 0)
                    return dn_fail(err, DN_EINVAL, "%s:%lld: the header needs the columns id "
                                                   "and parent",
                                   R->path, (long long)line);
                ncol = nf;
                continue;
            }
        }
        if (nf < 2 || nf > ncol)
            return dn_fail(err, DN_EINVAL, "%s:%lld: expected id,parent[,work][,bytes_down]"
                                           "[,bytes_up], got %d field%s",
                           R->path, (long long)line, nf, nf == 1 ? "" : "s");
        trow x = {0, -1, {0, 0, 0}, line};
        dn_err e;
        if (dn_parse_i64(f[col[0]], 0, (int64_t)1 << 62, "id", &x.key, &e))
            return dn_fail(err, DN_EINVAL, "%s:%lld: %s", R->path, (long long)line, e.msg);
        const char *ps = f[col[1]];
        if (*ps && strcmp(ps, "-1") != 0 &&
            dn_parse_i64(ps, 0, (int64_t)1 << 62, "parent (empty or -1 for the root)", &x.parent,
                         &e))
            return dn_fail(err, DN_EINVAL, "%s:%lld: %s", R->path, (long long)line, e.msg);
        for (int k = 0; k < 3; k++) {
            int c = col[2 + k];
            if (c < 0 || c >= nf || !*f[c])
                continue;
            if (dn_parse_double(f[c], 0, 1e300, names[2 + k], &x.w[k], &e))
                return dn_fail(err, DN_EINVAL, "%s:%lld: %s", R->path, (long long)line, e.msg);
            R->have |= 1 << k;
        }
        int rc = rows_push(R, x, err);
        if (rc)
            return rc;
    }
    return DN_OK;
}

/* ------------------------------------------------------------ DOT */

typedef struct dtok {
    const char *p, *end;
    int64_t line;
    char text[256];
    int kind; /* 0 end, 'i' identifier or number or string, or a punctuation char, '>' for ->,
                 '-' for -- */
} dtok;

static int dot_next(dtok *z, const char *path, dn_err *err)
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
            if (z->p >= z->end)
                return dn_fail(err, DN_EINVAL, "%s:%lld: unterminated comment", path,
                               (long long)z->line);
            z->p += 2;
            continue;
        }
        break;
    }
    z->text[0] = '\0';
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
    size_t n = 0;
    if (c == '"') {
        z->p++;
        while (z->p < z->end && *z->p != '"') {
            char ch = *z->p++;
            if (ch == '\\' && z->p < z->end)
                ch = *z->p++;
            z->line += ch == '\n';
            if (n + 1 < sizeof z->text)
                z->text[n++] = ch;
        }
        if (z->p >= z->end)
            return dn_fail(err, DN_EINVAL, "%s:%lld: unterminated string", path,
                           (long long)z->line);
        z->p++;
        z->text[n] = '\0';
        z->kind = 'i';
        return DN_OK;
    }
    if (isalnum((unsigned char)c) || c == '_' || c == '.' || c == '-' ||
        (unsigned char)c >= 0x80) {
        while (z->p < z->end && (isalnum((unsigned char)*z->p) || *z->p == '_' || *z->p == '.' ||
                                 (*z->p == '-' && n == 0) || (unsigned char)*z->p >= 0x80)) {
            if (n + 1 < sizeof z->text)
                z->text[n++] = *z->p;
            z->p++;
        }
        z->text[n] = '\0';
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
    int has; /* W_* given */
} dnode;

typedef struct dgraph {
    dnode *v;
    int64_t n, cap, max;
    int64_t *hash; /* open addressing over v indexes, -1 empty */
    int64_t hcap;
    int64_t *order; /* children in edge order: the rows' order */
    int64_t norder;
} dgraph;

static uint64_t str_hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    while (*s)
        h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
    return h;
}

static int64_t dot_node(dgraph *G, const char *name, int64_t line, const char *path, dn_err *err)
{
    if (G->n * 2 >= G->hcap) { /* grow and rehash */
        int64_t nc = G->hcap ? G->hcap * 2 : 1024;
        int64_t *h = malloc((size_t)nc * sizeof *h);
        if (!h)
            return -dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
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
    }
    uint64_t k = str_hash(name) & (uint64_t)(G->hcap - 1);
    while (G->hash[k] >= 0) {
        if (strcmp(G->v[G->hash[k]].name, name) == 0)
            return G->hash[k];
        k = (k + 1) & (uint64_t)(G->hcap - 1);
    }
    if (G->n == G->max)
        return -dn_fail(err, DN_ELIMIT, "%s:%lld: the tree has more than %lld nodes (raise "
                                        "--max-nodes)",
                        path, (long long)line, (long long)G->max);
    if (G->n == G->cap) {
        int64_t nc = G->cap ? G->cap * 2 : 1024;
        dnode *p = realloc(G->v, (size_t)nc * sizeof *p);
        if (!p)
            return -dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
        G->v = p;
        G->cap = nc;
    }
    char *copy = strdup(name);
    if (!copy)
        return -dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
    G->v[G->n] = (dnode){copy, -1, line, {0, 0, 0}, 0};
    G->hash[k] = G->n;
    return G->n++;
}

/* [a=b, c=d]: work on nodes; bytes, bytes_down, bytes_up on edges */
static int dot_attrs(dtok *z, const char *path, double w[3], int *has, dn_err *err)
{
    int rc;
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
        char key[256];
        snprintf(key, sizeof key, "%s", z->text);
        if ((rc = dot_next(z, path, err)))
            return rc;
        if (z->kind != '=')
            return dn_fail(err, DN_EINVAL, "%s:%lld: expected '=' after attribute '%s'", path,
                           (long long)z->line, key);
        if ((rc = dot_next(z, path, err)))
            return rc;
        if (z->kind != 'i')
            return dn_fail(err, DN_EINVAL, "%s:%lld: expected a value for attribute '%s'", path,
                           (long long)z->line, key);
        int k = strcmp(key, "work") == 0                                   ? 0
                : strcmp(key, "bytes") == 0 || strcmp(key, "bytes_down") == 0 ? 1
                : strcmp(key, "bytes_up") == 0                               ? 2
                                                                             : -1;
        if (k < 0)
            continue; /* other attributes (label, color ...) are ignored */
        dn_err e;
        if (dn_parse_double(z->text, 0, 1e300, key, &w[k], &e))
            return dn_fail(err, DN_EINVAL, "%s:%lld: %s", path, (long long)z->line, e.msg);
        *has |= 1 << k;
    }
}

static int parse_dot(const char *buf, size_t len, rows *R, dn_err *err)
{
    const char *path = R->path;
    dtok z = {buf, buf + len, 1, "", 0};
    dgraph G;
    memset(&G, 0, sizeof G);
    G.max = R->max;
    int rc;
    if ((rc = dot_next(&z, path, err)))
        return rc;
    if (z.kind == 'i' && strcmp(z.text, "strict") == 0 && (rc = dot_next(&z, path, err)))
        return rc;
    if (z.kind != 'i' || (strcmp(z.text, "digraph") != 0 && strcmp(z.text, "graph") != 0))
        return dn_fail(err, DN_EINVAL, "%s:%lld: expected 'digraph' (a DOT tree file)", path,
                       (long long)z.line);
    if ((rc = dot_next(&z, path, err)))
        return rc;
    if (z.kind == 'i' && (rc = dot_next(&z, path, err))) /* the graph's name */
        return rc;
    if (z.kind != '{')
        return dn_fail(err, DN_EINVAL, "%s:%lld: expected '{'", path, (long long)z.line);
    if ((rc = dot_next(&z, path, err)))
        goto out;
    while (z.kind != '}') {
        if (z.kind == 0) {
            rc = dn_fail(err, DN_EINVAL, "%s:%lld: expected '}' before the end of the file",
                         path, (long long)z.line);
            goto out;
        }
        if (z.kind == ';' || z.kind == ',') {
            if ((rc = dot_next(&z, path, err)))
                goto out;
            continue;
        }
        if (z.kind != 'i') {
            rc = dn_fail(err, DN_EINVAL, "%s:%lld: expected a node, an edge or an attribute",
                         path, (long long)z.line);
            goto out;
        }
        char first[256];
        int64_t line = z.line;
        snprintf(first, sizeof first, "%s", z.text);
        if ((rc = dot_next(&z, path, err)))
            goto out;
        if (z.kind == '=') { /* a graph attribute: skip its value */
            if ((rc = dot_next(&z, path, err)) || (rc = dot_next(&z, path, err)))
                goto out;
            continue;
        }
        int keyword = strcmp(first, "node") == 0 || strcmp(first, "edge") == 0 ||
                      strcmp(first, "graph") == 0;
        if (keyword && z.kind == '[') { /* defaults: ignored */
            double w[3];
            int has = 0;
            if ((rc = dot_attrs(&z, path, w, &has, err)) || (rc = dot_next(&z, path, err)))
                goto out;
            continue;
        }
        if (keyword && z.kind == '{') {
            rc = dn_fail(err, DN_EINVAL, "%s:%lld: subgraphs are not read in tree files", path,
                         (long long)line);
            goto out;
        }
        int64_t a = dot_node(&G, first, line, path, err);
        if (a < 0) {
            rc = (int)-a;
            goto out;
        }
        if (z.kind != '>' && z.kind != '-') { /* a node statement */
            if (z.kind == '[') {
                double w[3] = {0, 0, 0};
                int has = 0;
                if ((rc = dot_attrs(&z, path, w, &has, err)))
                    goto out;
                if (has & W_WORK) {
                    G.v[a].w[0] = w[0];
                    G.v[a].has |= W_WORK;
                    R->have |= W_WORK;
                }
                if ((rc = dot_next(&z, path, err)))
                    goto out;
            }
            continue;
        }
        /* an edge chain a -> b -> c [attrs]: each gets the attributes */
        int64_t chain[64], nchain = 0;
        chain[nchain++] = a;
        while (z.kind == '>' || z.kind == '-') {
            if ((rc = dot_next(&z, path, err)))
                goto out;
            if (z.kind != 'i') {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: expected a node after the edge", path,
                             (long long)z.line);
                goto out;
            }
            int64_t b = dot_node(&G, z.text, z.line, path, err);
            if (b < 0) {
                rc = (int)-b;
                goto out;
            }
            if (nchain == 64) {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: an edge chain longer than 64 nodes",
                             path, (long long)z.line);
                goto out;
            }
            chain[nchain++] = b;
            if ((rc = dot_next(&z, path, err)))
                goto out;
        }
        double w[3] = {0, 0, 0};
        int has = 0;
        if (z.kind == '[') {
            if ((rc = dot_attrs(&z, path, w, &has, err)) || (rc = dot_next(&z, path, err)))
                goto out;
        }
        for (int64_t i = 1; i < nchain; i++) {
            dnode *c = &G.v[chain[i]];
            if (c->parent >= 0) {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: node %s has two parents (%s, and %s on "
                                             "line %lld)",
                             path, (long long)line, c->name, G.v[chain[i - 1]].name,
                             G.v[c->parent].name, (long long)c->line);
                goto out;
            }
            c->parent = chain[i - 1];
            c->line = line;
            for (int k = 1; k < 3; k++)
                if (has & (1 << k)) {
                    c->w[k] = w[k];
                    c->has |= 1 << k;
                    R->have |= 1 << k;
                }
            int64_t *o = realloc(G.order, (size_t)(G.norder + 1) * sizeof *o);
            if (!o) {
                rc = dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
                goto out;
            }
            G.order = o;
            G.order[G.norder++] = chain[i];
        }
    }
    /* rows: the roots (nodes without a parent) first, then the children in
     * edge order; keys are the names' numbers when every name is one */
    int numeric = 1;
    for (int64_t i = 0; i < G.n && numeric; i++) {
        const char *s = G.v[i].name;
        numeric = *s && strlen(s) < 19 && strspn(s, "0123456789") == strlen(s);
    }
    for (int pass = 0; pass < 2 && !rc; pass++)
        for (int64_t j = 0; j < (pass ? G.norder : G.n) && !rc; j++) {
            int64_t i = pass ? G.order[j] : j;
            if (!pass && G.v[i].parent >= 0)
                continue;
            const dnode *d = &G.v[i];
            trow x = {numeric ? strtoll(d->name, NULL, 10) : i, -1, {d->w[0], d->w[1], d->w[2]},
                      d->line};
            if (d->parent >= 0)
                x.parent = numeric ? strtoll(G.v[d->parent].name, NULL, 10) : d->parent;
            rc = rows_push(R, x, err);
        }
out:
    for (int64_t i = 0; i < G.n; i++)
        free(G.v[i].name);
    free(G.v);
    free(G.hash);
    free(G.order);
    return rc;
}

/* ------------------------------------------------------------ GRF */

static int grf_int(const char **p, const char *end, int64_t *line, int64_t *out)
{
    while (*p < end && isspace((unsigned char)**p))
        *line += *(*p)++ == '\n';
    if (*p >= end || !isdigit((unsigned char)**p))
        return 0;
    int64_t x = 0;
    while (*p < end && isdigit((unsigned char)**p)) {
        if (x > (INT64_MAX - 9) / 10)
            return 0;
        x = 10 * x + (*(*p)++ - '0');
    }
    *out = x;
    return 1;
}

static int parse_grf(const char *buf, size_t len, rows *R, dn_err *err)
{
    const char *p = buf, *end = buf + len, *path = R->path;
    int64_t line = 1, ver, n, m, base, flags;
    if (!grf_int(&p, end, &line, &ver) || ver != 0)
        return dn_fail(err, DN_EINVAL, "%s:%lld: expected version 0 (a SCOTCH .grf)", path,
                       (long long)line);
    if (!grf_int(&p, end, &line, &n) || !grf_int(&p, end, &line, &m))
        return dn_fail(err, DN_EINVAL, "%s:%lld: expected the vertex and arc counts", path,
                       (long long)line);
    if (n < 1 || n > R->max)
        return dn_fail(err, n < 1 ? DN_EINVAL : DN_ELIMIT, "%s:%lld: %lld vertices (a tree "
                                                           "file holds 1 to %lld)",
                       path, (long long)line, (long long)n, (long long)R->max);
    if (m != 2 * (n - 1))
        return dn_fail(err, DN_EINVAL, "%s:%lld: not a tree: %lld vertices and %lld arcs (a "
                                       "tree has %lld: every edge twice)",
                       path, (long long)line, (long long)n, (long long)m,
                       (long long)(2 * (n - 1)));
    if (!grf_int(&p, end, &line, &base) || base > 1 || !grf_int(&p, end, &line, &flags) ||
        flags % 10 > 1 || flags / 10 % 10 > 1 || flags / 100 > 1)
        return dn_fail(err, DN_EINVAL, "%s:%lld: expected base value 0 or 1 and a flag like "
                                       "000 or 111",
                       path, (long long)line);
    const int lab = flags / 100 == 1, eload = flags / 10 % 10 == 1, vload = flags % 10 == 1;
    int64_t *off = malloc((size_t)(n + 1) * sizeof *off), *adj = malloc((size_t)(m ? m : 1) * sizeof *adj);
    int64_t *key = malloc((size_t)n * sizeof *key), *lineof = malloc((size_t)n * sizeof *lineof);
    double *vw = malloc((size_t)n * sizeof *vw), *ew = malloc((size_t)(m ? m : 1) * sizeof *ew);
    int64_t *par = malloc((size_t)n * sizeof *par), *queue = malloc((size_t)n * sizeof *queue);
    int64_t *down = malloc((size_t)n * sizeof *down); /* the arc from the parent */
    int rc = DN_OK;
    if (!off || !adj || !key || !lineof || !vw || !ew || !par || !queue || !down) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
        goto out;
    }
    int64_t k = 0;
    for (int64_t v = 0; v < n; v++) {
        int64_t x, deg;
        off[v] = k;
        key[v] = v;
        vw[v] = 0;
        if (lab && !grf_int(&p, end, &line, &key[v]))
            goto bad;
        lineof[v] = line;
        if (vload) {
            if (!grf_int(&p, end, &line, &x))
                goto bad;
            vw[v] = (double)x;
        }
        if (!grf_int(&p, end, &line, &deg) || deg > m - k)
            goto bad;
        for (int64_t i = 0; i < deg; i++) {
            double w = 0;
            if (eload) {
                if (!grf_int(&p, end, &line, &x))
                    goto bad;
                w = (double)x;
            }
            if (!grf_int(&p, end, &line, &x) || x < base || x - base >= n)
                goto bad;
            adj[k] = x - base;
            ew[k++] = w;
        }
    }
    off[n] = k;
    while (p < end && isspace((unsigned char)*p))
        p++;
    if (k != m || p != end) {
        rc = dn_fail(err, DN_EINVAL, "%s:%lld: %s", path, (long long)line,
                     k != m ? "fewer arcs than announced" : "trailing data after the last vertex");
        goto out;
    }
    /* BFS from the first vertex: the root; children in adjacency order */
    for (int64_t v = 0; v < n; v++)
        par[v] = -2;
    par[0] = -1;
    int64_t head = 0, tail = 0;
    queue[tail++] = 0;
    R->have = (vload ? W_WORK : 0) | (eload ? W_DOWN : 0);
    while (head < tail && !rc) {
        int64_t v = queue[head++];
        trow x = {key[v], par[v] >= 0 ? key[par[v]] : -1, {vw[v], par[v] >= 0 ? ew[down[v]] : 0, 0},
                  lineof[v]};
        rc = rows_push(R, x, err);
        for (int64_t e = off[v]; e < off[v + 1] && !rc; e++) {
            int64_t u = adj[e];
            if (u == v) {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: vertex %lld has a loop", path,
                             (long long)lineof[v], (long long)(v + base));
            } else if (par[u] == -2) {
                par[u] = v;
                down[u] = e;
                queue[tail++] = u;
            } else if (u != par[v]) {
                rc = dn_fail(err, DN_EINVAL, "%s:%lld: not a tree: the edge %lld-%lld closes a "
                                             "cycle",
                             path, (long long)lineof[v], (long long)(v + base),
                             (long long)(u + base));
            }
        }
    }
    if (!rc && tail < n)
        rc = dn_fail(err, DN_EINVAL, "%s: not a tree: %lld of %lld vertices are not connected "
                                     "to the first",
                     path, (long long)(n - tail), (long long)n);
    goto out;
bad:
    rc = dn_fail(err, DN_EINVAL, "%s:%lld: expected a vertex line: [label] [load] degree, then "
                                 "[load] end per arc",
                 path, (long long)line);
out:
    free(off);
    free(adj);
    free(key);
    free(lineof);
    free(vw);
    free(ew);
    free(par);
    free(queue);
    free(down);
    return rc;
}

/* ------------------------------------------------------------ reading */

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static int parse_fmt(char *buf, size_t len, dn_tree_format fmt, int64_t max_nodes,
                     const char *name, dn_tree *t, dn_err *err)
{
    rows R = {NULL, 0, 0, max_nodes, 0, name};
    int rc = fmt == DN_TREE_FMT_DOT   ? parse_dot(buf, len, &R, err)
             : fmt == DN_TREE_FMT_GRF ? parse_grf(buf, len, &R, err)
                                      : parse_csv(buf, &R, err);
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
    memset(t, 0, sizeof *t);
    if (max_nodes <= 0)
        max_nodes = DN_TREE_DEFAULT_MAX_NODES;
    if (memchr(buf, '\0', len))
        return dn_fail(err, DN_EINVAL, "%s holds a NUL byte: not a text tree file", name);
    char *copy = malloc(len + 1); /* NUL-terminated, and the CSV reader cuts it up */
    if (!copy)
        return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", name);
    memcpy(copy, buf, len);
    copy[len] = '\0';
    int rc = parse_fmt(copy, len, fmt, max_nodes, name, t, err);
    free(copy);
    return rc;
}

int dn_tree_read_file(dn_tree *t, const char *path, int64_t max_nodes, int64_t mem_limit,
                      dn_err *err)
{
    memset(t, 0, sizeof *t);
    if (max_nodes <= 0)
        max_nodes = DN_TREE_DEFAULT_MAX_NODES;
    /* a line per node of at most a few hundred bytes */
    int64_t limit = max_nodes > ((int64_t)1 << 40) / 256 ? (int64_t)1 << 40 : max_nodes * 256 + 65536;
    int by_mem = mem_limit > 0 && mem_limit < limit;
    char *buf;
    size_t len;
    int rc = dn_read_text(path, "tree file", by_mem ? mem_limit : limit, by_mem, &buf, &len, err);
    if (rc)
        return rc;
    if (mem_limit > 0) {
        /* up front: a node per line (or per ';' in a one-line DOT file) */
        int64_t lines = 1, semis = 1;
        for (const char *p = buf; (p = memchr(p, '\n', len - (size_t)(p - buf))); p++)
            lines++;
        for (const char *p = buf; (p = memchr(p, ';', len - (size_t)(p - buf))); p++)
            semis++;
        int64_t nodes = lines > semis ? lines : semis;
        double need = (double)len + (double)nodes * DN_TREE_FILE_NODE_BYTES;
        if (need > (double)mem_limit) {
            char a[32], b[32];
            dn_fmt_bytes(a, sizeof a, (int64_t)need);
            dn_fmt_bytes(b, sizeof b, mem_limit);
            free(buf);
            return dn_fail(err, DN_ELIMIT,
                           "tree file '%s' (%lld bytes, up to %lld nodes) needs about %s to "
                           "read, over the memory limit of %s (raise it with --mem-limit)",
                           path, (long long)len, (long long)nodes, a, b);
        }
    }
    const char *q = buf;
    while (*q && isspace((unsigned char)*q))
        q++;
    dn_tree_format fmt = ends_with(path, ".dot") || ends_with(path, ".gv") ? DN_TREE_FMT_DOT
                         : ends_with(path, ".grf") || ends_with(path, ".src") ? DN_TREE_FMT_GRF
                         : ends_with(path, ".csv") ? DN_TREE_FMT_CSV
                         : strncmp(q, "digraph", 7) == 0 || strncmp(q, "graph", 5) == 0 ||
                                 strncmp(q, "strict", 6) == 0
                             ? DN_TREE_FMT_DOT
                         : q[0] == '0' && isspace((unsigned char)q[1]) && !strchr(buf, ',')
                             ? DN_TREE_FMT_GRF
                             : DN_TREE_FMT_CSV;
    rc = parse_fmt(buf, len, fmt, max_nodes, path, t, err);
    free(buf);
    return rc;
}

/* ------------------------------------------------------------ writing */

int dn_tree_format_parse(const char *name, dn_tree_format *fmt)
{
    static const char *const names[] = {"csv", "dot", "grf"};
    for (int i = 0; i < 3; i++)
        if (strcmp(name, names[i]) == 0) {
            *fmt = (dn_tree_format)i;
            return DN_OK;
        }
    return DN_ENOTFOUND;
}

static double weight(const double *w, int64_t v)
{
    return w ? w[v] : 0;
}

/* The rows in the order a reader keeps: the root, then every node's
 * children in order, node by node (ids written as they are). */
int dn_tree_write(const dn_tree *t, dn_tree_format fmt, FILE *f, dn_err *err)
{
    if (t->nodes > ((int64_t)1 << 31))
        return dn_fail(err, DN_ELIMIT, "a tree file holds at most 2^31 nodes, not %lld",
                       (long long)t->nodes);
    const int has[3] = {t->work != NULL, t->bytes_down != NULL, t->bytes_up != NULL};
    static const char *const wname[3] = {"work", "bytes_down", "bytes_up"};
    const double *w[3] = {t->work, t->bytes_down, t->bytes_up};
    if (fmt == DN_TREE_FMT_CSV) {
        fprintf(f, "id,parent");
        for (int k = 0; k < 3; k++)
            if (has[k])
                fprintf(f, ",%s", wname[k]);
        fprintf(f, "\n0,-1");
        for (int k = 0; k < 3; k++)
            if (has[k])
                fprintf(f, ",%.17g", w[k][0]);
        fputc('\n', f);
        for (int64_t v = 0; v < t->nodes && !ferror(f); v++)
            for (int64_t i = 0, k = dn_tree_num_children(t, v); i < k; i++) {
                int64_t c = dn_tree_child(t, v, i);
                fprintf(f, "%lld,%lld", (long long)c, (long long)v);
                for (int j = 0; j < 3; j++)
                    if (has[j])
                        fprintf(f, ",%.17g", w[j][c]);
                fputc('\n', f);
            }
    } else if (fmt == DN_TREE_FMT_DOT) {
        fprintf(f, "digraph tree {\n  0");
        if (has[0])
            fprintf(f, " [work=%.17g]", w[0][0]);
        fprintf(f, ";\n");
        for (int64_t v = 0; v < t->nodes && !ferror(f); v++)
            for (int64_t i = 0, k = dn_tree_num_children(t, v); i < k; i++) {
                int64_t c = dn_tree_child(t, v, i);
                fprintf(f, "  %lld -> %lld", (long long)v, (long long)c);
                if (has[1] || has[2]) {
                    fprintf(f, " [");
                    if (has[1])
                        fprintf(f, "bytes=%.17g%s", w[1][c], has[2] ? ", " : "");
                    if (has[2])
                        fprintf(f, "bytes_up=%.17g", w[2][c]);
                    fputc(']', f);
                }
                fprintf(f, ";\n");
                if (has[0])
                    fprintf(f, "  %lld [work=%.17g];\n", (long long)c, w[0][c]);
            }
        fprintf(f, "}\n");
    } else { /* GRF: undirected, vertex v's line lists its parent, then its children */
        fprintf(f, "0\n%lld %lld\n0 0%d%d\n", (long long)t->nodes, (long long)(2 * (t->nodes - 1)),
                has[1], has[0]);
        for (int64_t v = 0; v < t->nodes && !ferror(f); v++) {
            int64_t k = dn_tree_num_children(t, v), p = dn_tree_parent(t, v);
            if (has[0])
                fprintf(f, "%.0f ", floor(weight(w[0], v) + 0.5));
            fprintf(f, "%lld", (long long)(k + (p >= 0)));
            if (p >= 0) {
                if (has[1])
                    fprintf(f, " %.0f", floor(weight(w[1], v) + 0.5));
                fprintf(f, " %lld", (long long)p);
            }
            for (int64_t i = 0; i < k; i++) {
                int64_t c = dn_tree_child(t, v, i);
                if (has[1])
                    fprintf(f, " %.0f", floor(weight(w[1], c) + 0.5));
                fprintf(f, " %lld", (long long)c);
            }
            fputc('\n', f);
        }
    }
    if (ferror(f))
        return dn_fail(err, DN_EIO, "write error: %s", strerror(errno));
    return DN_OK;
}

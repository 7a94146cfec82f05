/*
 * tgt.c - SCOTCH target files (.tgt) read as dcnet networks (issue 20,
 * item 2), with SCOTCH's terminal numbers as node ids, so that a mapping
 * file (target numbers per task) means the same thing to gmap, gmtst and
 * dcnet. docs/networks.md, "SCOTCH target files", has the cross-checks.
 *
 *   cmplt N, cmpltw N w1 .. wN   complete:N (the weights are not used)
 *   hcub D                       hypercube:D
 *   mesh2D X Y, mesh3D X Y Z,    SCOTCH numbers terminal (x0, x1, ...) as
 *   meshXD D s0 .. s(D-1), and   x0 + s0 (x1 + s1 (x2 + ...)): dimension 0
 *   torus2D/3D/XD alike          fastest (arch_mesh.c), which is dcnet's
 *                                row-major order with the sides reversed:
 *                                mesh2D X Y is mesh:YxX.
 *   deco 0 / deco 1              decomposition-defined targets: terminal
 *                                labels and a distance table (raw, or the
 *                                compiled form amk_grf and acpl write). The
 *                                graph is the terminal pairs at distance 1;
 *                                it is accepted only if its hop counts
 *                                reproduce every distance of the table.
 *
 * Checking a deco table (issue 27 item 15): one BFS per terminal over the
 * distance-1 links, compared with the table's row. A plain BFS costs
 * O(T E1) (E1 the links), minutes for a dense table such as a complete
 * target of 8,192 terminals; the BFS here is direction-optimising (Beamer
 * et al. 2012: top-down while the frontier's arcs are few, then each
 * unvisited terminal looks for a parent in the frontier and stops at the
 * first), which makes a complete or near-complete table O(T^2), as cheap
 * as reading it. Its work is counted and bounded by DECO_WORK_PER_ENTRY
 * arc checks per table entry: a table that would need more is refused
 * with that reason, not checked for minutes.
 *
 * Formats from SCOTCH's sources (arch_mesh.c, arch_torus.c, arch_deco.c):
 * deco 0 is "deco 0 T M", T lines "label weight domain", then the T (T-1) / 2
 * terminal distances d(i, j), i = 1 .. T-1, j < i, in listing order; deco 1
 * is "deco 1 T M", M lines "label size weight" for domains 1 .. M (the
 * terminals are those of size 1), then the M (M-1) / 2 domain distances
 * d(i, j), i = 2 .. M, j = 1 .. i-1.
 */
#include "net_impl.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The largest deco target read: its T x T distance table in memory; and
 * the largest target of any kind (docs/formats.md: "SCOTCH targets at most
 * 8192 terminals"; issue 37, item 16: mesh2D 100 100 and hcub 40 were
 * read). */
#define TGT_DECO_MAX 8192
#define TGT_MAX 8192
/* Arc checks allowed per entry of the T x T table when checking it (and
 * at least DECO_WORK_MIN in all): a complete target of 8,192 terminals
 * needs about 2 per entry, a ring about 2, a 2-D mesh about its side. */
#define DECO_WORK_PER_ENTRY 64
#define DECO_WORK_MIN ((int64_t)1 << 28)

typedef struct tok {
    const char *p, *path;
    const char *buf; /* the file's first byte, for line numbers */
} tok;

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* "target file 'PATH' line L: " and the message, L the line of t->p
 * (the number just read or about to be: issue 37, item 16, every error
 * names the file and line, never an internal spec). */
static int tfail(const tok *t, dn_err *err, int status, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int tfail(const tok *t, dn_err *err, int status, const char *fmt, ...)
{
    char msg[DN_ERR_LEN];
    long long line = 1;
    const char *at = t->p;
    while (at && !*at && at > t->buf && is_space(at[-1])) /* at the end: the last line */
        at--;
    for (const char *q = t->buf; q && q < at; q++)
        line += *q == '\n';
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return dn_fail(err, status, "target file '%s' line %lld: %s", t->path, line, msg);
}

/* The next whitespace-separated non-negative decimal integer (no sign);
 * DN_OK on success. */
static int next_int(tok *t, long long *v, const char *what, dn_err *err)
{
    long long x = 0;
    while (is_space(*t->p))
        t->p++;
    if (!*t->p)
        return tfail(t, err, DN_EINVAL, "ends before %s", what);
    const char *start = t->p;
    for (; *t->p >= '0' && *t->p <= '9'; t->p++) {
        if (x > (LLONG_MAX - (*t->p - '0')) / 10)
            return tfail(t, err, DN_EINVAL, "%s '%.20s' is too large", 
                           what, start);
        x = x * 10 + (*t->p - '0');
    }
    if (t->p == start || (*t->p && !is_space(*t->p))) {
        const char *e = start;
        while (*e && !is_space(*e) && e - start < 20)
            e++;
        return tfail(t, err, DN_EINVAL, "%s '%.*s' is not a non-negative "
                                       "integer",
                       what, (int)(e - start), start);
    }
    *v = x;
    return DN_OK;
}

/* After the target's last number: only white space may follow. */
static int at_end(tok *t, dn_err *err)
{
    while (is_space(*t->p))
        t->p++;
    if (!*t->p)
        return DN_OK;
    const char *e = t->p;
    while (*e && !is_space(*e) && e - t->p < 20)
        e++;
    return tfail(t, err, DN_EINVAL, "'%.*s' after the end of the target "
                                   "description (a number too many, or trailing text)",
                   (int)(e - t->p), t->p);
}

/* Hop counts from s over g into hop[] (-1: unreached), direction-
 * optimising; queue holds n entries, front n/64 + 1 words. Adds the arcs
 * it inspects to *work and stops early once *work passes budget. */
static void deco_bfs(const dn_csr *g, int64_t s, int32_t *hop, int32_t *queue, uint64_t *front,
                     int64_t *work, int64_t budget)
{
    const int64_t n = g->n;
    int64_t head = 0, tail = 0, m_unexplored = g->m;
    int32_t level = 0;
    int bottom_up = 0;
    for (int64_t v = 0; v < n; v++)
        hop[v] = -1;
    hop[s] = 0;
    queue[tail++] = (int32_t)s;
    while (head < tail && *work <= budget) {
        const int64_t lo = head, hi = tail;
        int64_t m_front = 0;
        for (int64_t i = lo; i < hi; i++)
            m_front += g->off[queue[i] + 1] - g->off[queue[i]];
        m_unexplored -= m_front;
        if (!bottom_up && m_front > m_unexplored / 14)
            bottom_up = 1; /* Beamer's alpha = 14, beta = 24 (as dn_bfs) */
        else if (bottom_up && hi - lo < n / 24)
            bottom_up = 0;
        *work += hi - lo;
        head = hi;
        if (!bottom_up) {
            for (int64_t i = lo; i < hi; i++)
                for (int64_t e = g->off[queue[i]]; e < g->off[queue[i] + 1]; e++)
                    if (hop[g->adj[e]] < 0) {
                        hop[g->adj[e]] = level + 1;
                        queue[tail++] = g->adj[e];
                    }
            *work += m_front;
            level++;
            continue;
        }
        memset(front, 0, (size_t)(n / 64 + 1) * sizeof *front);
        for (int64_t i = lo; i < hi; i++)
            front[queue[i] >> 6] |= (uint64_t)1 << (queue[i] & 63);
        for (int64_t v = 0; v < n; v++) {
            if (hop[v] >= 0)
                continue;
            int64_t e = g->off[v];
            while (e < g->off[v + 1] && !(front[g->adj[e] >> 6] >> (g->adj[e] & 63) & 1))
                e++;
            *work += e - g->off[v] + 1;
            if (e < g->off[v + 1]) {
                hop[v] = level + 1;
                queue[tail++] = (int32_t)v;
            }
        }
        level++;
    }
}

/* The graph of the distance-1 pairs of the T x T table D, straight into
 * CSR (rows are scanned in order, so the lists come out sorted). */
static int deco_links(dn_csr *g, int64_t T, const int32_t *D, const char *path, dn_err *err)
{
    memset(g, 0, sizeof *g);
    g->off = calloc((size_t)T + 1, sizeof *g->off);
    if (!g->off)
        return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
    for (int64_t i = 0; i < T; i++) {
        int64_t d = 0;
        for (int64_t j = 0; j < T; j++)
            d += D[i * T + j] == 1;
        g->off[i + 1] = g->off[i] + d;
    }
    g->adj = malloc((size_t)(g->off[T] ? g->off[T] : 1) * sizeof *g->adj);
    if (!g->adj) {
        dn_csr_free(g);
        return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
    }
    for (int64_t i = 0, k = 0; i < T; i++)
        for (int64_t j = 0; j < T; j++)
            if (D[i * T + j] == 1)
                g->adj[k++] = (int32_t)j;
    g->n = T;
    g->m = g->off[T];
    return DN_OK;
}

/* Builds the graph of distance-1 pairs of the T x T table D, checks that
 * its hop counts are D (within the work bound), and makes it the net's
 * stored graph. */
static int deco_graph(dn_net *net, const char *path, int64_t T, const int32_t *D, dn_err *err)
{
    int rc = deco_links(&net->g, T, D, path, err);
    if (rc)
        return rc;
    int32_t *hop = malloc((size_t)T * sizeof *hop), *queue = malloc((size_t)T * sizeof *queue);
    uint64_t *front = malloc((size_t)(T / 64 + 1) * sizeof *front);
    int64_t work = 0, budget = DECO_WORK_PER_ENTRY * T * T;
    if (budget < DECO_WORK_MIN)
        budget = DECO_WORK_MIN;
    if (!hop || !queue || !front)
        rc = dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
    for (int64_t s = 0; s < T && !rc; s++) {
        deco_bfs(&net->g, s, hop, queue, front, &work, budget);
        if (work > budget) {
            rc = dn_fail(err, DN_ELIMIT,
                         "target file '%s': checking its table against the hop counts of its "
                         "%lld distance-1 links stopped at terminal %lld of %lld after %lld arc "
                         "checks, the bound for a table of %lld terminals (%d per entry); dcnet "
                         "reads the deco targets it can check within that bound",
                         path, (long long)(net->g.m / 2), (long long)s, (long long)T,
                         (long long)work, (long long)T, DECO_WORK_PER_ENTRY);
            break;
        }
        for (int64_t v = 0; v < T && !rc; v++)
            if (v != s && hop[v] != D[s * T + v]) {
                char hops[48] = "not connected";
                if (hop[v] >= 0)
                    snprintf(hops, sizeof hops, "%lld hops apart", (long long)hop[v]);
                rc = dn_fail(err, DN_EINVAL,
                             "target file '%s': terminals %lld and %lld are %d apart in its "
                             "table but %s over its distance-1 links; dcnet reads deco targets "
                             "whose distances are hop counts (amk_grf writes them for a graph "
                             "without edge weights)",
                             path, (long long)s, (long long)v, D[s * T + v], hops);
            }
    }
    free(hop);
    free(queue);
    free(front);
    if (rc)
        dn_csr_free(&net->g);
    return rc;
}

/* len: the file's size, which bounds what its header may promise */
static int read_deco(dn_net *net, tok *t, size_t len, dn_err *err)
{
    long long type, T, M, v;
    int rc;
    if ((rc = next_int(t, &type, "the deco type", err)) || (rc = next_int(t, &T, "T", err)) ||
        (rc = next_int(t, &M, "the domain count", err)))
        return rc;
    if (type != 0 && type != 1)
        return tfail(t, err, DN_EINVAL, "deco type %lld (0 or 1 expected)",
                       type);
    if (T < 1 || M < T || M > ((long long)1 << 24))
        return tfail(t, err, DN_EINVAL, "bad deco header %lld %lld", 
                       T, M);
    if ((unsigned long long)(type == 1 ? M : T) > len / 6) /* 3 numbers a record */
        return tfail(t, err, DN_EINVAL,
                       "its header promises %lld %s, more than its %zu "
                       "bytes can hold",
                       type == 1 ? M : T, type == 1 ? "domains" : "terminals", len);
    if (T > TGT_DECO_MAX)
        return tfail(t, err, DN_ERANGE,
                       "%lld terminals; dcnet reads deco targets of at most "
                       "%d terminals (a T x T distance table)",
                       T, TGT_DECO_MAX);
    /* the table (4 T^2), its links (at most 4 T (T - 1)), per terminal 40 */
    const int64_t need = 8 * T * T + 40 * T;
    if ((int64_t)len + need > net->mem_limit) {
        char a[32], b[32];
        tfail(t, err, DN_ELIMIT,
              "%lld terminals need %s for the distance table and its links besides the "
              "file, over the memory limit of %s",
              T, dn_fmt_bytes(a, sizeof a, need), dn_fmt_bytes(b, sizeof b, net->mem_limit));
        if (err)
            err->param = "mem_limit"; /* (raise it: --mem-limit) */
        return DN_ELIMIT;
    }
    int32_t *D = malloc((size_t)(T * T) * sizeof *D);
    int64_t *term = malloc((size_t)(type == 1 ? M + 1 : T) * sizeof *term); /* -> label */
    unsigned char *have = calloc((size_t)T, 1);
    if (!D || !term || !have) {
        free(D);
        free(term);
        free(have);
        return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", t->path);
    }
    for (long long i = 0; i < T * T; i++)
        D[i] = i % (T + 1) == 0 ? 0 : -1;
    long long seen = 0;
    const long long nrec = type == 1 ? M : T;
    for (long long i = 0; i < nrec && !rc; i++) {
        long long a, b, c;
        if ((rc = next_int(t, &a, "a terminal label", err)) ||
            (rc = next_int(t, &b, "a domain field", err)) ||
            (rc = next_int(t, &c, "a domain field", err)))
            break;
        /* deco 0: label weight domain; deco 1: label size weight, and the
         * terminals are the domains of size 1 */
        const long long slot = type == 1 ? i + 1 : i;
        term[slot] = -1;
        if (type == 1 && b != 1)
            continue;
        if (a < 0 || a >= T)
            rc = tfail(t, err, DN_EINVAL,
                         "terminal label %lld; dcnet numbers processors 0 .. "
                         "%lld, so the labels must be those numbers",
                         a, T - 1);
        else if (have[a])
            rc = tfail(t, err, DN_EINVAL, "terminal label %lld twice",
                         a);
        else {
            have[a] = 1;
            term[slot] = a;
            seen++;
        }
    }
    free(have);
    if (!rc && seen != T)
        rc = tfail(t, err, DN_EINVAL, "%lld terminals listed, header says %lld",
                     seen, T);
    /* the distances: deco 0 between listed terminals, deco 1 between domains */
    const long long rows = type == 1 ? M : T;
    for (long long i = 1; !rc && i < rows; i++)
        for (long long j = 0; j < i && !rc; j++) {
            if ((rc = next_int(t, &v, "a distance", err)))
                break;
            long long a = type == 1 ? term[i + 1] : term[i], b = type == 1 ? term[j + 1] : term[j];
            if (a < 0 || b < 0)
                continue; /* a domain that is not a terminal */
            if (v < 1 || v > INT32_MAX)
                rc = tfail(t, err, DN_EINVAL,
                             "distance %lld between terminals %lld and %lld "
                             "(positive expected)",
                             v, a, b);
            D[a * T + b] = D[b * T + a] = (int32_t)v;
        }
    free(term);
    if (!rc)
        rc = at_end(t, err);
    if (!rc)
        rc = deco_graph(net, t->path, T, D, err);
    free(D);
    return rc;
}

/* cmplt N, cmpltw N w1 .. wN (N positive weights: read, checked, unused),
 * hcub D: the family spec into spec. */
static int read_simple(tok *t, const char *word, char *spec, size_t cap, dn_err *err)
{
    long long a, w;
    int rc = next_int(t, &a, "the size", err);
    if (rc)
        return rc;
    if (word[0] == 'c' && a < 1)
        return tfail(t, err, DN_EINVAL, "%s 0 has no terminal", word);
    if (word[0] == 'c' && a > TGT_MAX)
        return tfail(t, err, DN_ERANGE, "%s %lld: dcnet reads targets of at most %d terminals",
                     word, a, TGT_MAX);
    if (word[0] == 'h' && (a < 1 || a > 13)) /* 2^13 = TGT_MAX */
        return tfail(t, err, a ? DN_ERANGE : DN_EINVAL,
                     "hcub %lld: dcnet reads hypercube targets of 1 to 13 dimensions (2 to %d "
                     "terminals)",
                     a, TGT_MAX);
    for (long long i = 0; !rc && strcmp(word, "cmpltw") == 0 && i < a; i++) {
        char what[64];
        snprintf(what, sizeof what, "weight %lld of the %lld of cmpltw", i + 1, a);
        if (!(rc = next_int(t, &w, what, err)) && w < 1)
            rc = tfail(t, err, DN_EINVAL, "%s is 0; SCOTCH weights are "
                                         "positive",
                         what);
    }
    if (!rc)
        snprintf(spec, cap, "%s:%lld", word[0] == 'h' ? "hypercube" : "complete", a);
    return rc;
}

/* mesh2D X Y, mesh3D X Y Z, meshXD D S0 .. (and torus*): the family spec
 * into spec, sides reversed (SCOTCH's dimension 0 is the fastest); 0 if
 * word is none of these, with *fam NULL. */
static int read_grid(tok *t, const char *word, char *spec, size_t cap, const char **fam,
                     dn_err *err)
{
    long long dims = 0, side[8];
    int rc = DN_OK;
    *fam = strncmp(word, "mesh", 4) == 0 ? "mesh" : strncmp(word, "torus", 5) == 0 ? "torus"
                                                                                   : NULL;
    if (!*fam)
        return DN_OK;
    const char *k = word + strlen(*fam);
    if (strcmp(k, "2D") == 0 || strcmp(k, "3D") == 0)
        dims = k[0] - '0';
    else if (strcmp(k, "XD") == 0)
        rc = next_int(t, &dims, "the dimension count", err);
    else
        *fam = NULL;
    if (!*fam || rc)
        return rc;
    if (dims < 1 || dims > 8)
        return tfail(t, err, DN_EINVAL,
                       "%lld dimensions; dcnet's meshes and tori have 1 to 8",
                       dims);
    long long terminals = 1;
    for (long long i = 0; !rc && i < dims; i++) {
        if ((rc = next_int(t, &side[i], "a side", err)))
            break;
        if (side[i] < 1)
            return tfail(t, err, DN_EINVAL, "%s: side %lld is 0; every side has 1 terminal or "
                                            "more", word, i + 1);
        if (side[i] > TGT_MAX || (terminals *= side[i]) > TGT_MAX)
            return tfail(t, err, DN_ERANGE, "%s: more than %d terminals (side %lld is %lld); "
                                            "dcnet reads targets of at most %d terminals",
                         word, TGT_MAX, i + 1, side[i], TGT_MAX);
    }
    if (rc)
        return rc;
    size_t l = (size_t)snprintf(spec, cap, "%s:", *fam);
    if (dims == 1)
        l += (size_t)snprintf(spec + l, cap - l, "1x");
    for (long long i = dims - 1; i >= 0; i--)
        l += (size_t)snprintf(spec + l, cap - l, "%lld%s", side[i], i ? "x" : "");
    return DN_OK;
}

int dn_tgt_parse(dn_net *net, const char *buf, size_t len, const char *path, dn_err *err)
{
    char word[32], spec[200] = "";
    tok t = {buf, path, buf};
    int n = 0, rc = DN_OK;
    while (is_space(*t.p))
        t.p++;
    while (n < (int)sizeof word - 1 && *t.p && !is_space(*t.p))
        word[n++] = *t.p++;
    word[n] = 0;
    const char *fam = NULL;
    if (strcmp(word, "deco") == 0) {
        if ((rc = read_deco(net, &t, len, err)))
            return rc;
        dn_file_net_setup(net);
        return DN_OK;
    }
    if (strcmp(word, "cmplt") == 0 || strcmp(word, "cmpltw") == 0 || strcmp(word, "hcub") == 0)
        rc = read_simple(&t, word, spec, sizeof spec, err);
    else
        rc = read_grid(&t, word, spec, sizeof spec, &fam, err);
    if (!rc && !spec[0])
        return tfail(&t, err, DN_EINVAL,
                     "'%s' is not a target dcnet reads (cmplt, cmpltw, hcub, mesh2D, mesh3D, "
                     "meshXD, torus2D, torus3D, torusXD, deco)",
                     word);
    if (!rc)
        rc = at_end(&t, err);
    if (rc)
        return rc;
    dn_net fam_net;
    dn_err e;
    if ((rc = dn_net_init_limit(&fam_net, spec, net->mem_limit, &e))) {
        /* the family's message speaks of its own spec ("(in mesh:RxC)"):
         * said of the file instead */
        char *in = strstr(e.msg, " (in ");
        if (in)
            *in = '\0';
        t.p = buf; /* the target's first line */
        while (is_space(*t.p))
            t.p++;
        tfail(&t, err, rc, "%s: %s", word, e.msg);
        if (err)
            err->param = e.param;
        return rc;
    }
    *net = fam_net; /* the family's type and parameters; the spec stays file:PATH */
    return DN_OK;
}

int dn_tgt_load(dn_net *net, const char *path, dn_err *err)
{
    char *buf;
    size_t len;
    int rc = dn_read_text(path, "target file", net->mem_limit, 1, &buf, &len, err);
    if (rc)
        return rc;
    rc = dn_tgt_parse(net, buf, len, path, err);
    free(buf);
    return rc;
}

/*
 * graphio.c - graph files: edge lists and SCOTCH .grf in, edge lists, .grf
 * and Graphviz DOT out; and the file:PATH network family.
 *
 * Edge list (docs/formats.md): one arc "u v" per line, decimal ids from 0;
 * blank lines and lines starting with '#' or '%' are ignored, except an
 * optional header "# dcnet edgelist nodes=N directed=0|1" that fixes the
 * node count and direction (dcnet writes it). Without a header the graph is
 * undirected with max id + 1 nodes. Undirected graphs are made simple
 * (loops and repeated edges dropped); directed graphs keep loops and drop
 * repeated arcs.
 *
 * SCOTCH source graph (.grf, SCOTCH user's guide, "Graph files"): version 0;
 * vertex and arc counts; base value and a three-digit flag (vertex labels,
 * edge loads, vertex loads); then per vertex [label] [load] degree and per
 * arc [load] end. Every edge must appear in both directions, no loops.
 * Loads are read and ignored; labels are honoured.
 *
 * The parsers are the fuzz targets of fuzz/: they never read past len and
 * report the first error with its line number.
 */
#include "net_impl.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ scanning */
typedef struct scan {
    const char *p, *end;
    int64_t line;
} scan;

static void skip_blank(scan *s, int newlines)
{
    while (s->p < s->end) {
        char c = *s->p;
        if (c == '\n') {
            if (!newlines)
                return;
            s->line++;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return;
        }
        s->p++;
    }
}

/* Reads a non-negative decimal integer <= max. Returns 1 on success. */
static int read_uint(scan *s, int64_t max, int64_t *out)
{
    int64_t v = 0;
    const char *start = s->p;
    while (s->p < s->end && *s->p >= '0' && *s->p <= '9') {
        int dgt = *s->p - '0';
        if (dgt > max || v > (max - dgt) / 10) /* (max - dgt) / 10 rounds to 0 if negative */
            return 0;
        v = v * 10 + dgt;
        s->p++;
    }
    if (s->p == start)
        return 0;
    if (s->p < s->end && *s->p != ' ' && *s->p != '\t' && *s->p != '\r' && *s->p != '\n')
        return 0;
    *out = v;
    return 1;
}

/* Arc list growing by doubling. */
typedef struct arcs {
    int32_t *src, *dst;
    int64_t len, cap;
} arcs;

static int arcs_push(arcs *a, int64_t u, int64_t v)
{
    if (a->len == a->cap) {
        int64_t nc = a->cap ? 2 * a->cap : 1024;
        int32_t *ns = realloc(a->src, (size_t)nc * sizeof *ns);
        int32_t *nd;
        if (!ns)
            return 0;
        a->src = ns;
        nd = realloc(a->dst, (size_t)nc * sizeof *nd);
        if (!nd)
            return 0;
        a->dst = nd;
        a->cap = nc;
    }
    a->src[a->len] = (int32_t)u;
    a->dst[a->len] = (int32_t)v;
    a->len++;
    return 1;
}

static void arcs_free(arcs *a)
{
    free(a->src);
    free(a->dst);
}

#define MAX_ID ((int64_t)INT32_MAX - 2)

/* Bytes to build a graph of n nodes from `arcs` arcs read: the arc list (8
 * per arc, narcs of them) plus dn_csr_from_arcs's offsets and cursors (16
 * per node) and adjacency (4 per stored arc, both directions if
 * undirected). -1 on overflow. */
static int64_t build_bytes(int64_t n, int64_t narcs, int directed)
{
    int64_t a, b, c, s;
    if (dn_mul_ovf(narcs, directed ? 12 : 16, &a) || dn_mul_ovf(n + 1, 16, &b) ||
        dn_add_ovf(a, b, &c) || dn_add_ovf(c, 64, &s))
        return -1;
    return s;
}

static int over_budget(dn_err *err, int64_t line, const char *what, int64_t need,
                       int64_t budget)
{
    char a[32], b[32];
    return dn_fail(err, DN_ELIMIT,
                   "edge list line %lld: %s needs %s, over the memory limit of %s for the graph "
                   "(raise --mem-limit)",
                   (long long)line, what,
                   need < 0 ? "more than 8 EiB" : dn_fmt_bytes(a, sizeof a, need),
                   dn_fmt_bytes(b, sizeof b, budget));
}

/* A "# key=value" number of the header: decimal, within [0, max]. */
static int header_num(const char *q, const char *eol, int64_t max, int64_t line,
                      const char *key, int64_t *out, dn_err *err)
{
    scan s = {q, eol, 0};
    const char *e = q;
    while (e < eol && *e != ' ' && *e != '\t' && *e != '\r')
        e++;
    if (!read_uint(&s, max, out) || s.p != e)
        return dn_fail(err, DN_EINVAL, "edge list line %lld: header %s=%.*s is not a whole "
                                       "number in 0..%lld",
                       (long long)line, key, (int)(e - q), q, (long long)max);
    return DN_OK;
}

/* "# dcnet edgelist nodes=N directed=D [edges=M]" (edges= is written by
 * dcnet and promises the trailer "# end edges=M"). Returns 1 if the line is
 * such a header, 0 if it is an ordinary comment, or a negative status. */
static int parse_header(const char *p, const char *eol, int64_t line, int64_t *nodes,
                        int *directed, int64_t *edges, int *costs, int64_t *procs, dn_err *err)
{
    static const char tag[] = "dcnet edgelist";
    const char *q = p + 1;
    while (q < eol && (*q == ' ' || *q == '\t'))
        q++;
    if ((size_t)(eol - q) < sizeof tag - 1 || memcmp(q, tag, sizeof tag - 1) != 0)
        return 0;
    for (q += sizeof tag - 1; q < eol; q++) {
        if (q[-1] != ' ' && q[-1] != '\t')
            continue;
        int64_t v;
        int rc = DN_OK;
        if ((size_t)(eol - q) >= 6 && memcmp(q, "nodes=", 6) == 0) {
            if (!(rc = header_num(q + 6, eol, MAX_ID + 1, line, "nodes", &v, err)))
                *nodes = v;
        } else if ((size_t)(eol - q) >= 9 && memcmp(q, "directed=", 9) == 0) {
            if (!(rc = header_num(q + 9, eol, 1, line, "directed", &v, err)))
                *directed = (int)v;
        } else if ((size_t)(eol - q) >= 6 && memcmp(q, "edges=", 6) == 0) {
            if (!(rc = header_num(q + 6, eol, INT64_MAX / 16, line, "edges", &v, err)))
                *edges = v;
        } else if ((size_t)(eol - q) >= 6 && memcmp(q, "costs=", 6) == 0) {
            if (!(rc = header_num(q + 6, eol, 1, line, "costs", &v, err)))
                *costs = (int)v;
        } else if ((size_t)(eol - q) >= 11 && memcmp(q, "processors=", 11) == 0) {
            if (!(rc = header_num(q + 11, eol, MAX_ID + 1, line, "processors", &v, err)))
                *procs = v;
        }
        if (rc)
            return -rc;
    }
    return 1;
}

/* "# end edges=M": the trailer dcnet writes last. */
static int is_trailer(const char *p, const char *eol, int64_t *m)
{
    static const char tag[] = "# end edges=";
    if ((size_t)(eol - p) < sizeof tag - 1 || memcmp(p, tag, sizeof tag - 1) != 0)
        return 0;
    scan s = {p + sizeof tag - 1, eol, 0};
    return read_uint(&s, INT64_MAX, m);
}

static int parse_edgelist(const char *buf, size_t len, int64_t max_nodes, int64_t budget,
                          dn_csr *out, dn_err *err)
{
    scan s = {buf, buf + len, 1};
    arcs a = {0};
    int64_t maxid = -1, nodes = -1, promised = -1, trailer = -1, trailer_line = 0;
    int directed = 0, costs = 0, rc;
    int64_t procs = 0; /* processors=P: nodes 0 .. P-1; the rest are switches */
    double *cbw = NULL, *clat = NULL; /* costs=1: per listed edge */
    int64_t ccap = 0;
#define FREE_ALL() (free(cbw), free(clat), arcs_free(&a))
    while (s.p < s.end) {
        const char *eol = memchr(s.p, '\n', (size_t)(s.end - s.p));
        int64_t u, v;
        if (!eol)
            eol = s.end;
        skip_blank(&s, 0);
        if (s.p >= eol || *s.p == '#' || *s.p == '%') {
            if (s.p < eol && *s.p == '#') {
                int64_t m;
                int h = parse_header(s.p, eol, s.line, &nodes, &directed, &promised, &costs,
                                     &procs, err);
                if (h < 0) {
                    FREE_ALL();
                    return -h;
                }
                if (h && (a.len > 0 || trailer >= 0)) {
                    FREE_ALL();
                    return dn_fail(err, DN_EINVAL, "edge list line %lld: the '# dcnet edgelist' "
                                                   "header must come before the first edge",
                                   (long long)s.line);
                }
                if (h && nodes > max_nodes) {
                    FREE_ALL();
                    return dn_fail(err, DN_ERANGE, "edge list line %lld: header nodes=%lld; the "
                                                   "limit is %lld",
                                   (long long)s.line, (long long)nodes, (long long)max_nodes);
                }
                if (h && build_bytes(nodes, 0, directed) > budget) {
                    FREE_ALL();
                    char what[64];
                    snprintf(what, sizeof what, "header nodes=%lld", (long long)nodes);
                    return over_budget(err, s.line, what, build_bytes(nodes, 0, directed),
                                       budget);
                }
                if (is_trailer(s.p, eol, &m)) {
                    trailer = m;
                    trailer_line = s.line;
                }
            }
            s.p = eol < s.end ? eol + 1 : eol;
            s.line++;
            continue;
        }
        if (trailer >= 0) {
            FREE_ALL();
            return dn_fail(err, DN_EINVAL, "edge list line %lld: an edge after the trailer "
                                           "'# end edges=%lld' (line %lld)",
                           (long long)s.line, (long long)trailer, (long long)trailer_line);
        }
        if (!read_uint(&s, MAX_ID, &u))
            goto bad;
        skip_blank(&s, 0);
        if (s.p >= eol || !read_uint(&s, MAX_ID, &v))
            goto bad;
        skip_blank(&s, 0);
        double bwv = 1, latv = 0;
        if (costs && s.p < eol) { /* "u v bandwidth [latency]" */
            char num[64], *end;
            for (int k = 0; k < 2 && s.p < eol; k++) {
                size_t l = 0;
                while (s.p < eol && *s.p != ' ' && *s.p != '\t' && *s.p != '\r' && l + 1 < sizeof num)
                    num[l++] = *s.p++;
                num[l] = '\0';
                double x = strtod(num, &end);
                if (!l || *end || !(x >= 0) || x > 1e300 || (k == 0 && x <= 0)) {
                    FREE_ALL();
                    return dn_fail(err, DN_EINVAL, "edge list line %lld: the %s '%s' is not a "
                                                   "%s number",
                                   (long long)s.line, k ? "latency" : "bandwidth", num,
                                   k ? "non-negative" : "positive");
                }
                *(k ? &latv : &bwv) = x;
                skip_blank(&s, 0);
            }
        }
        if (s.p < eol)
            goto bad;
        if (costs && a.len >= ccap) {
            int64_t nc = ccap ? 2 * ccap : 1024;
            double *nb = realloc(cbw, (size_t)nc * sizeof *nb), *nl;
            if (nb)
                cbw = nb;
            nl = nb ? realloc(clat, (size_t)nc * sizeof *nl) : NULL;
            if (!nb || !nl) {
                FREE_ALL();
                return dn_fail(err, DN_ENOMEM, "out of memory reading edge list");
            }
            clat = nl;
            ccap = nc;
        }
        if (costs) {
            cbw[a.len] = bwv;
            clat[a.len] = latv;
        }
        if (a.len == a.cap) { /* the arc list doubles: check what it will hold */
            int64_t n = nodes > maxid + 1 ? nodes : maxid + 1;
            int64_t need = build_bytes(n, a.cap ? 2 * a.cap : 1024, directed);
            if (need < 0 || need > budget) {
                FREE_ALL();
                return over_budget(err, s.line, "the edges read so far", need, budget);
            }
        }
        if (!arcs_push(&a, u, v)) {
            FREE_ALL();
            return dn_fail(err, DN_ENOMEM, "out of memory reading edge list");
        }
        if (u > maxid) maxid = u;
        if (v > maxid) maxid = v;
        s.p = eol < s.end ? eol + 1 : eol;
        s.line++;
    }
    /* a file dcnet wrote promises its trailer: without it, it was cut */
    if (promised >= 0 && (trailer != promised || a.len != promised)) {
        FREE_ALL();
        return dn_fail(err, DN_EINVAL,
                       trailer < 0
                           ? "edge list is truncated: its header promises %lld edges and the "
                             "trailer '# end edges=%lld'; it has %lld edges and no trailer"
                           : "edge list header promises %lld edges (trailer %lld) but holds %lld",
                       (long long)promised, (long long)(trailer < 0 ? promised : trailer),
                       (long long)a.len);
    }
    if (nodes < 0) {
        if (maxid < 0) {
            FREE_ALL();
            return dn_fail(err, DN_EINVAL,
                           "edge list has no edges and no '# dcnet edgelist nodes=N' header");
        }
        nodes = maxid + 1;
    } else if (maxid >= nodes) {
        FREE_ALL();
        return dn_fail(err, DN_EINVAL, "edge list names node %lld but its header says nodes=%lld",
                       (long long)maxid, (long long)nodes);
    }
    if (nodes == 0) {
        FREE_ALL();
        return dn_fail(err, DN_EINVAL, "edge list header says nodes=0: a network needs a node");
    }
    if (nodes > max_nodes) {
        FREE_ALL();
        return dn_fail(err, DN_ERANGE, "edge list has %lld nodes; the limit is %lld",
                       (long long)nodes, (long long)max_nodes);
    }
    if (build_bytes(nodes, a.len, directed) > budget) {
        int64_t need = build_bytes(nodes, a.len, directed);
        FREE_ALL();
        return over_budget(err, s.line, "the graph", need, budget);
    }
    if (procs > nodes) {
        FREE_ALL();
        return dn_fail(err, DN_EINVAL, "edge list header says processors=%lld but the graph has "
                                       "%lld nodes",
                       (long long)procs, (long long)nodes);
    }
    rc = dn_csr_from_arcs(out, nodes, directed, a.src, a.dst, a.len, err);
    if (!rc)
        out->procs = procs;
    if (!rc && costs) { /* the listed edges' costs on their arcs (both ways when undirected) */
        out->bw = malloc((size_t)(out->m ? out->m : 1) * sizeof *out->bw);
        out->lat = malloc((size_t)(out->m ? out->m : 1) * sizeof *out->lat);
        if (!out->bw || !out->lat) {
            dn_csr_free(out);
            rc = dn_fail(err, DN_ENOMEM, "out of memory for the link costs");
        }
        for (int64_t c = 0; !rc && c < out->m; c++)
            out->bw[c] = 1, out->lat[c] = 0;
        for (int64_t i = 0; !rc && i < a.len; i++)
            for (int dir = 0; dir < (directed ? 1 : 2); dir++) {
                int64_t c = dir ? dn_csr_arc(out, a.dst[i], a.src[i])
                                : dn_csr_arc(out, a.src[i], a.dst[i]);
                if (c >= 0) {
                    out->bw[c] = cbw[i];
                    out->lat[c] = clat[i];
                }
            }
    }
    FREE_ALL();
    return rc;
bad:
    FREE_ALL();
    return dn_fail(err, DN_EINVAL,
                   "edge list line %lld: expected two node ids 'u v' (decimal, 0..%lld)",
                   (long long)s.line, (long long)MAX_ID);
}
#undef FREE_ALL

/* ----------------------------------------------------------------- grf */
static int grf_num(scan *s, int64_t max, int64_t *out)
{
    skip_blank(s, 1);
    return read_uint(s, max, out);
}

static int cmp_pair(const void *a, const void *b)
{
    const int64_t *x = a, *y = b;
    return (x[0] > y[0]) - (x[0] < y[0]);
}

static int parse_grf(const char *buf, size_t len, int64_t max_nodes, dn_csr *out, dn_err *err)
{
    scan s = {buf, buf + len, 1};
    int64_t ver, vn, an, base, flags, *lab = NULL, k = 0;
    int has_lab, has_eload, has_vload, rc = DN_OK;
    arcs a = {0};
    if (!grf_num(&s, 9, &ver) || ver != 0)
        return dn_fail(err, DN_EINVAL, "grf line %lld: expected version 0 on the first line",
                       (long long)s.line);
    if (!grf_num(&s, MAX_ID, &vn) || !grf_num(&s, INT64_MAX / 8, &an))
        return dn_fail(err, DN_EINVAL,
                       "grf line %lld: expected vertex and arc counts (vertices <= %lld)",
                       (long long)s.line, (long long)MAX_ID);
    if (vn == 0)
        return dn_fail(err, DN_EINVAL, "grf: a network needs at least one vertex");
    if (vn > max_nodes)
        return dn_fail(err, DN_ERANGE, "grf: %lld vertices; the limit is %lld", (long long)vn,
                       (long long)max_nodes);
    if (vn > (int64_t)len)
        return dn_fail(err, DN_EINVAL, "grf: vertex count %lld is larger than the file allows",
                       (long long)vn);
    if (an % 2)
        return dn_fail(err, DN_EINVAL,
                       "grf: arc count %lld is odd; SCOTCH graphs list every edge twice",
                       (long long)an);
    if (an > (int64_t)len)
        return dn_fail(err, DN_EINVAL, "grf: arc count %lld is larger than the file allows",
                       (long long)an);
    if (!grf_num(&s, 1, &base) || !grf_num(&s, 111, &flags) ||
        (flags % 10) > 1 || (flags / 10 % 10) > 1)
        return dn_fail(err, DN_EINVAL,
                       "grf line %lld: expected base value 0 or 1 and a flag like 000 or 111",
                       (long long)s.line);
    has_lab = flags / 100 == 1;
    has_eload = flags / 10 % 10 == 1;
    has_vload = flags % 10 == 1;
    if (has_lab) {
        lab = malloc((size_t)vn * 2 * sizeof *lab);
        if (!lab)
            return dn_fail(err, DN_ENOMEM, "out of memory reading grf");
    }
    for (int64_t v = 0; v < vn; v++) {
        int64_t deg, x;
        if (has_lab) {
            if (!grf_num(&s, MAX_ID, &x))
                goto bad;
            lab[2 * v] = x;
            lab[2 * v + 1] = v;
        }
        if (has_vload && !grf_num(&s, INT64_MAX, &x))
            goto bad;
        if (!grf_num(&s, an, &deg))
            goto bad;
        for (int64_t i = 0; i < deg; i++) {
            int64_t end;
            if (has_eload && !grf_num(&s, INT64_MAX, &x))
                goto bad;
            if (!grf_num(&s, MAX_ID + 1, &end))
                goto bad;
            if (k == an) {
                rc = dn_fail(err, DN_EINVAL, "grf line %lld: more arcs than the %lld announced",
                             (long long)s.line, (long long)an);
                goto done;
            }
            if (!arcs_push(&a, v, end)) {
                rc = dn_fail(err, DN_ENOMEM, "out of memory reading grf");
                goto done;
            }
            k++;
        }
    }
    skip_blank(&s, 1);
    if (k != an || s.p != s.end) {
        rc = dn_fail(err, DN_EINVAL, "grf: %s (read %lld of %lld arcs)",
                     k != an ? "fewer arcs than announced" : "trailing data after the last vertex",
                     (long long)k, (long long)an);
        goto done;
    }
    /* map ends: labels through a sorted table, else subtract the base */
    if (has_lab) {
        qsort(lab, (size_t)vn, 2 * sizeof *lab, cmp_pair);
        for (int64_t i = 1; i < vn; i++)
            if (lab[2 * i] == lab[2 * i - 2]) {
                rc = dn_fail(err, DN_EINVAL, "grf: vertex label %lld is used twice",
                             (long long)lab[2 * i]);
                goto done;
            }
    }
    for (int64_t i = 0; i < a.len; i++) {
        int64_t e = a.dst[i];
        if (has_lab) {
            int64_t key[2] = {e, 0};
            int64_t *hit = bsearch(key, lab, (size_t)vn, 2 * sizeof *lab, cmp_pair);
            if (!hit) {
                rc = dn_fail(err, DN_EINVAL, "grf: arc to unknown vertex label %lld",
                             (long long)e);
                goto done;
            }
            e = hit[1];
        } else {
            if (e < base || e - base >= vn) {
                rc = dn_fail(err, DN_EINVAL,
                             "grf: arc end %lld is outside [%lld, %lld] (base %lld)",
                             (long long)e, (long long)base, (long long)(base + vn - 1),
                             (long long)base);
                goto done;
            }
            e -= base;
        }
        if (e == a.src[i]) {
            rc = dn_fail(err, DN_EINVAL, "grf: vertex %lld has a loop; SCOTCH graphs have none",
                         (long long)e);
            goto done;
        }
        a.dst[i] = (int32_t)e;
    }
    /* every edge must appear both ways: compare the directed CSR with its
     * arcs reversed */
    {
        dn_csr fw, bw;
        if ((rc = dn_csr_from_arcs(&fw, vn, 1, a.src, a.dst, a.len, err)))
            goto done;
        if ((rc = dn_csr_from_arcs(&bw, vn, 1, a.dst, a.src, a.len, err))) {
            dn_csr_free(&fw);
            goto done;
        }
        if (fw.m != bw.m || memcmp(fw.off, bw.off, (size_t)(vn + 1) * sizeof *fw.off) != 0 ||
            memcmp(fw.adj, bw.adj, (size_t)fw.m * sizeof *fw.adj) != 0) {
            rc = dn_fail(err, DN_EINVAL,
                         "grf: the graph is not symmetric; every edge u-v must be listed "
                         "as u->v and v->u");
        }
        dn_csr_free(&bw);
        if (rc) {
            dn_csr_free(&fw);
            goto done;
        }
        fw.directed = 0;
        *out = fw;
    }
done:
    free(lab);
    arcs_free(&a);
    return rc;
bad:
    free(lab);
    arcs_free(&a);
    return dn_fail(err, DN_EINVAL, "grf line %lld: expected a number (%s)", (long long)s.line,
                   "vertex [label] [load] degree, then [load] end per arc");
}

static int graph_parse(const char *buf, size_t len, dn_graph_format fmt, int64_t max_nodes,
                       int64_t budget, dn_csr *out, dn_err *err)
{
    memset(out, 0, sizeof *out);
    if (max_nodes <= 0 || max_nodes > MAX_ID + 1)
        max_nodes = MAX_ID + 1;
    switch (fmt) {
    case DN_FMT_EDGELIST: return parse_edgelist(buf, len, max_nodes, budget, out, err);
    case DN_FMT_GRF: return parse_grf(buf, len, max_nodes, out, err); /* O(len): counts <= len */
    default:
        return dn_fail(err, DN_ENOTSUP, "reading this format is not supported (edgelist, grf)");
    }
}

int dn_graph_parse(const char *buf, size_t len, dn_graph_format fmt, int64_t max_nodes,
                   dn_csr *out, dn_err *err)
{
    return graph_parse(buf, len, fmt, max_nodes, DN_NET_DEFAULT_MEM_LIMIT, out, err);
}

int dn_graph_load(const char *path, dn_csr *out, int64_t mem_limit, dn_err *err)
{
    char *buf = NULL;
    size_t len = 0;
    size_t plen = strlen(path);
    int rc, is_stdin = strcmp(path, "-") == 0;
    dn_graph_format fmt = plen > 4 && strcmp(path + plen - 4, ".grf") == 0 ? DN_FMT_GRF
                                                                            : DN_FMT_EDGELIST;
    if (mem_limit <= 0)
        mem_limit = DN_NET_DEFAULT_MEM_LIMIT;
    const int64_t limit = mem_limit < DN_GRAPH_MAX_FILE ? mem_limit : DN_GRAPH_MAX_FILE;
    memset(out, 0, sizeof *out);
    if ((rc = dn_read_text(path, "graph file", limit, limit < DN_GRAPH_MAX_FILE, &buf, &len, err)))
        return rc;
    rc = graph_parse(buf, len, fmt, 0, mem_limit - (int64_t)len, out, err);
    free(buf);
    if (rc && err) {
        dn_err e = *err;
        return dn_fail(err, rc, "%s: %s", is_stdin ? "standard input" : path, e.msg);
    }
    return rc;
}

/* --------------------------------------------------------------- write */
int dn_net_write(const dn_net *net, dn_graph_format fmt, FILE *f, dn_err *err)
{
    int64_t *nb;
    char la[80];
    int sneptree = dn_net_is_sneptree(net);
    if (net->edges > DN_GRAPH_MAX_WRITE)
        return dn_fail(err, DN_ERANGE, "%s has %lld edges; writing is limited to 2^31",
                       net->spec, (long long)net->edges);
    if (fmt == DN_FMT_GRF && net->directed)
        return dn_fail(err, DN_EINVAL,
                       "%s is directed; SCOTCH .grf holds undirected graphs (use edgelist or dot)",
                       net->spec);
    nb = malloc((size_t)(net->max_out ? net->max_out : 1) * sizeof *nb);
    if (!nb)
        return dn_fail(err, DN_ENOMEM, "out of memory");
    switch (fmt) {
    case DN_FMT_EDGELIST:
        /* edges=M promises the trailer, so that a cut file is refused */
        fprintf(f, "# dcnet edgelist nodes=%lld directed=%d edges=%lld\n# %s\n",
                (long long)net->n, net->directed, (long long)net->edges, net->spec);
        for (int64_t v = 0; v < net->n && !ferror(f); v++) {
            int d = dn_net_neighbors(net, v, nb);
            for (int i = 0; i < d; i++)
                if (net->directed || v < nb[i])
                    fprintf(f, "%lld %lld\n", (long long)v, (long long)nb[i]);
        }
        fprintf(f, "# end edges=%lld\n", (long long)net->edges);
        break;
    case DN_FMT_GRF:
        fprintf(f, "0\n%lld\t%lld\n0\t000\n", (long long)net->n, (long long)(2 * net->edges));
        for (int64_t v = 0; v < net->n && !ferror(f); v++) {
            int d = dn_net_neighbors(net, v, nb);
            fprintf(f, "%d", d);
            for (int i = 0; i < d; i++)
                fprintf(f, "\t%lld", (long long)nb[i]);
            fputc('\n', f);
        }
        break;
    case DN_FMT_DOT:
        fprintf(f, "%s \"%s\" {\n", net->directed ? "digraph" : "graph", net->spec);
        for (int64_t v = 0; v < net->n && !ferror(f); v++) {
            dn_net_label(net, v, la, sizeof la);
            fprintf(f, "  %lld [label=\"%s\"];\n", (long long)v, la);
        }
        for (int64_t v = 0; v < net->n && !ferror(f); v++) {
            int d = dn_net_neighbors(net, v, nb);
            for (int i = 0; i < d; i++) {
                if (!net->directed && v > nb[i])
                    continue;
                fprintf(f, "  %lld %s %lld", (long long)v, net->directed ? "->" : "--",
                        (long long)nb[i]);
                if (sneptree) /* out-arcs are (left, right): H2 blue, H1 red */
                    fprintf(f, " [color=%s]", i == 0 ? "blue" : "red");
                fputs(";\n", f);
            }
        }
        fputs("}\n", f);
        break;
    default:
        free(nb);
        return dn_fail(err, DN_EINVAL, "unknown output format");
    }
    free(nb);
    if (ferror(f))
        return dn_fail(err, DN_EIO, "write error: %s", strerror(errno));
    return DN_OK;
}

/* ----------------------------------------------------------- file:PATH */
void dn_file_net_setup(dn_net *net)
{
    int64_t maxd = 0;
    net->n = net->g.n;
    net->procs = net->g.procs; /* 0: every node a processor */
    net->directed = net->g.directed;
    net->edges = net->directed ? net->g.m : net->g.m / 2;
    for (int64_t v = 0; v < net->g.n; v++) {
        int64_t d = net->g.off[v + 1] - net->g.off[v];
        if (d > maxd)
            maxd = d;
    }
    net->max_out = (int)maxd;
}

static int file_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int rc;
    if (argc != 1 || !argv[0][0])
        return dn_fail(err, DN_EINVAL,
                       "expected file:PATH or file:- for standard input (an edge list, or "
                       "SCOTCH .grf; see 'dcnet help formats')");
    size_t plen = strlen(argv[0]);
    if (plen > 4 && strcmp(argv[0] + plen - 4, ".tgt") == 0)
        return dn_tgt_load(net, argv[0], err);
    if ((rc = dn_graph_load(argv[0], &net->g, net->mem_limit, err)))
        return rc;
    dn_file_net_setup(net);
    return DN_OK;
}

static void file_describe(const dn_net *net, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s graph read from a file", net->directed ? "directed" : "undirected");
}

const dn_net_type dn_type_file = {
    "file", "file:PATH", "graph from a file: edge list, or SCOTCH .grf (see 'dcnet help formats')",
    file_init, NULL, NULL, NULL, NULL, file_describe,
};

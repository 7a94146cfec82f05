/*
 * graphio.c - graph files: edge lists and SCOTCH .grf in, edge lists, .grf
 * and Graphviz DOT out; and the file:PATH network family.
 *
 * Edge list ('dcnet help formats', docs/networks.md): one arc "u v" per
 * line ("u v bandwidth latency" on every line under costs=1, units
 * allowed), decimal ids from 0; blank lines and lines starting with '#'
 * or '%' are ignored, except one optional header
 * "# dcnet edgelist KEY=VALUE .." (nodes, directed, processors, costs,
 * edges; each once, nothing else) before the first edge, and the trailer
 * "# end edges=M" that edges=M promises. Without a header the graph is
 * undirected with max id + 1 nodes. Undirected graphs are made simple
 * (loops and repeated edges dropped); directed graphs keep loops and drop
 * repeated arcs; a link listed twice must be given the same costs.
 *
 * Writers (issue 26 item 4): every writer either writes what reads back
 * as the same network (nodes, processors, direction, arcs, every arc's
 * bandwidth and latency) or refuses, before writing a byte, saying what
 * the format cannot hold. DOT is written for drawing and not read.
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
#include "../base/args_impl.h"

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
 * undirected); with costs, 24 more per arc read (bandwidth, latency, line)
 * and per stored arc (the CSR's bandwidth and latency, which listing set
 * it). -1 on overflow. */
static int64_t build_bytes(int64_t n, int64_t narcs, int directed, int costs)
{
    int64_t a, b, c, s;
    int64_t per_arc = (directed ? 12 : 16) + (costs ? (directed ? 48 : 72) : 0);
    if (dn_mul_ovf(narcs, per_arc, &a) || dn_mul_ovf(n + 1, 16, &b) ||
        dn_add_ovf(a, b, &c) || dn_add_ovf(c, 64, &s))
        return -1;
    return s;
}

static int over_budget(dn_err *err, int64_t line, const char *what, int64_t need,
                       int64_t budget)
{
    char a[32], b[32];
    return dn_fail_param(err, DN_ELIMIT, "mem_limit",
                   "edge list line %lld: %s needs %s, over the memory limit of %s for the graph "
                   "(raise the memory limit)",
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

/* The values of a "# dcnet edgelist" header, by key; -1: not given. */
enum { H_NODES, H_DIRECTED, H_EDGES, H_COSTS, H_PROCS, H_KEYS };

/* "# dcnet edgelist KEY=VALUE ..." with the keys nodes=N, directed=0|1,
 * edges=M (dcnet writes it: it promises the trailer "# end edges=M"),
 * costs=0|1 and processors=P. Every word must be one of them, each at most
 * once (issue 27 item 24: a key twice, an unknown key and processors=0
 * were taken silently). Returns 1 if the line is such a header, 0 if it is
 * an ordinary comment, or a negative status. */
static int parse_header(const char *p, const char *eol, int64_t line, int64_t *h, dn_err *err)
{
    static const char tag[] = "dcnet edgelist";
    static const struct {
        const char *key;
        int64_t max;
    } keys[H_KEYS] = {{"nodes", MAX_ID + 1}, {"directed", 1}, {"edges", INT64_MAX / 16},
                      {"costs", 1}, {"processors", MAX_ID + 1}};
    const char *q = p + 1;
    while (q < eol && (*q == ' ' || *q == '\t'))
        q++;
    if ((size_t)(eol - q) < sizeof tag - 1 || memcmp(q, tag, sizeof tag - 1) != 0)
        return 0;
    q += sizeof tag - 1;
    if (q < eol && *q != ' ' && *q != '\t' && *q != '\r')
        return 0; /* "# dcnet edgelists ...": a comment */
    for (;;) {
        while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
            q++;
        if (q >= eol)
            return 1;
        const char *w = q, *eq = NULL;
        while (q < eol && *q != ' ' && *q != '\t' && *q != '\r') {
            if (*q == '=' && !eq)
                eq = q;
            q++;
        }
        int k = 0;
        while (eq && k < H_KEYS && !((size_t)(eq - w) == strlen(keys[k].key) &&
                                     memcmp(w, keys[k].key, (size_t)(eq - w)) == 0))
            k++;
        if (!eq || k == H_KEYS)
            return -dn_fail(err, DN_EINVAL, "edge list line %lld: '%.*s' in the header is not "
                                            "one of nodes=N, directed=0|1, edges=M, costs=0|1, "
                                            "processors=P",
                            (long long)line, (int)(q - w), w);
        int64_t v;
        if (h[k] >= 0)
            return -dn_fail(err, DN_EINVAL, "edge list line %lld: the header gives %s= twice",
                            (long long)line, keys[k].key);
        int rc = header_num(eq + 1, eol, keys[k].max, line, keys[k].key, &v, err);
        if (rc)
            return -rc;
        if (k == H_PROCS && v == 0)
            return -dn_fail(err, DN_EINVAL, "edge list line %lld: header processors=0; a network "
                                            "needs a processor (leave processors= out to make "
                                            "every node one)",
                            (long long)line);
        h[k] = v;
    }
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

/* An edge list being read (parse_edgelist and its helpers). */
typedef struct el_read {
    scan s;
    arcs a;
    int64_t h[H_KEYS];    /* the header's values, -1 where not given */
    int64_t header_line;  /* 0: no header */
    int64_t maxid, trailer, trailer_line;
    double *bw, *lat;     /* costs=1: per listed edge */
    int64_t *eline;       /* costs=1: the line of each listed edge */
    int64_t ccap;
    int64_t max_nodes, budget;
} el_read;

static void el_free(el_read *r)
{
    free(r->bw);
    free(r->lat);
    free(r->eline);
    arcs_free(&r->a);
}

static int el_directed(const el_read *r)
{
    return r->h[H_DIRECTED] == 1;
}

static int el_costs(const el_read *r)
{
    return r->h[H_COSTS] == 1;
}

/* A '#' line [p, eol): the header (checked), the trailer, or a comment. */
static int el_comment(el_read *r, const char *p, const char *eol, dn_err *err)
{
    const int64_t line = r->s.line;
    int64_t m;
    int64_t val[H_KEYS];
    for (int k = 0; k < H_KEYS; k++)
        val[k] = -1;
    int h = parse_header(p, eol, line, val, err);
    if (h < 0)
        return -h;
    if (h && r->header_line)
        return dn_fail(err, DN_EINVAL, "edge list line %lld: a second '# dcnet edgelist' header "
                                       "(the first is line %lld)",
                       (long long)line, (long long)r->header_line);
    if (h && (r->a.len > 0 || r->trailer >= 0))
        return dn_fail(err, DN_EINVAL, "edge list line %lld: the '# dcnet edgelist' header must "
                                       "come before the first edge",
                       (long long)line);
    if (h) {
        memcpy(r->h, val, sizeof val);
        r->header_line = line;
        const int64_t nodes = r->h[H_NODES];
        if (nodes > r->max_nodes)
            return dn_fail(err, DN_ERANGE, "edge list line %lld: header nodes=%lld; the limit "
                                           "is %lld",
                           (long long)line, (long long)nodes, (long long)r->max_nodes);
        int64_t need = build_bytes(nodes, 0, el_directed(r), 0);
        if (nodes >= 0 && need > r->budget) {
            char what[64];
            snprintf(what, sizeof what, "header nodes=%lld", (long long)nodes);
            return over_budget(err, line, what, need, r->budget);
        }
    }
    if (is_trailer(p, eol, &m)) {
        r->trailer = m;
        r->trailer_line = line;
    }
    return DN_OK;
}

/* The costs of an edge line at r->s.p: "BANDWIDTH LATENCY", each by the
 * one rule of link costs (dn_link_cost_parse), as @bw= and @lat= are,
 * units allowed ("10GB/s 1us"). Both, on every line (issue 29 item 1): a
 * link without them would get 1 B/s and 0 s that nobody gave. */
static int el_costs_of(el_read *r, const char *eol, double *bw, double *lat, dn_err *err)
{
    int k = 0;
    for (; k < 2 && r->s.p < eol; k++) {
        char num[64];
        size_t l = 0;
        while (r->s.p < eol && *r->s.p != ' ' && *r->s.p != '\t' && *r->s.p != '\r') {
            if (l + 1 < sizeof num)
                num[l++] = *r->s.p;
            r->s.p++;
        }
        num[l] = '\0';
        dn_err e;
        if (dn_link_cost_parse(num, k == 0, k ? lat : bw, &e))
            return dn_fail(err, DN_EINVAL, "edge list line %lld: %s", (long long)r->s.line,
                           e.msg);
        skip_blank(&r->s, 0);
    }
    if (k < 2)
        return dn_fail(err, DN_EINVAL, "edge list line %lld: the header says costs=1, so every "
                                       "link needs a bandwidth and a latency: 'u v BANDWIDTH "
                                       "LATENCY' (e.g. '0 1 10GB/s 1us'; 0 for no latency); "
                                       "this line has %s",
                       (long long)r->s.line, k ? "no latency" : "neither");
    return DN_OK;
}

/* Room for one more listed edge's costs. */
static int el_cost_room(el_read *r, dn_err *err)
{
    if (r->a.len < r->ccap)
        return DN_OK;
    int64_t nc = r->ccap ? 2 * r->ccap : 1024;
    double *nb = realloc(r->bw, (size_t)nc * sizeof *nb);
    if (nb)
        r->bw = nb;
    double *nl = nb ? realloc(r->lat, (size_t)nc * sizeof *nl) : NULL;
    if (nl)
        r->lat = nl;
    int64_t *ne = nl ? realloc(r->eline, (size_t)nc * sizeof *ne) : NULL;
    if (!ne)
        return dn_fail(err, DN_ENOMEM, "out of memory reading edge list");
    r->eline = ne;
    r->ccap = nc;
    return DN_OK;
}

/* An edge line "u v" (costs=1: "u v BANDWIDTH LATENCY") ending at eol. */
static int el_edge(el_read *r, const char *eol, dn_err *err)
{
    int64_t u, v;
    double bw, lat;
    int rc, extra = 0;
    if (r->trailer >= 0)
        return dn_fail(err, DN_EINVAL, "edge list line %lld: an edge after the trailer "
                                       "'# end edges=%lld' (line %lld)",
                       (long long)r->s.line, (long long)r->trailer, (long long)r->trailer_line);
    if (!read_uint(&r->s, MAX_ID, &u))
        goto bad;
    skip_blank(&r->s, 0);
    if (r->s.p >= eol || !read_uint(&r->s, MAX_ID, &v))
        goto bad;
    skip_blank(&r->s, 0);
    if (el_costs(r) && (rc = el_costs_of(r, eol, &bw, &lat, err)))
        return rc;
    if (r->s.p < eol) {
        extra = !el_costs(r); /* costs written without the header that allows them */
        goto bad;
    }
    if (r->a.len == r->a.cap) { /* the arc list doubles: check what it will hold */
        int64_t n = r->h[H_NODES] > r->maxid + 1 ? r->h[H_NODES] : r->maxid + 1;
        int64_t need = build_bytes(n, r->a.cap ? 2 * r->a.cap : 1024, el_directed(r),
                                   el_costs(r));
        if (need < 0 || need > r->budget)
            return over_budget(err, r->s.line, "the edges read so far", need, r->budget);
    }
    if (el_costs(r)) {
        if ((rc = el_cost_room(r, err)))
            return rc;
        r->bw[r->a.len] = bw;
        r->lat[r->a.len] = lat;
        r->eline[r->a.len] = r->s.line;
    }
    if (!arcs_push(&r->a, u, v))
        return dn_fail(err, DN_ENOMEM, "out of memory reading edge list");
    if (u > r->maxid)
        r->maxid = u;
    if (v > r->maxid)
        r->maxid = v;
    return DN_OK;
bad:
    return dn_fail(err, DN_EINVAL, "edge list line %lld: expected two node ids 'u v' (decimal, "
                                   "0..%lld)%s",
                   (long long)r->s.line, (long long)MAX_ID,
                   el_costs(r) ? ", then a bandwidth and a latency"
                   : extra     ? " and nothing after them: link costs 'u v BANDWIDTH LATENCY' "
                                 "need the header '# dcnet edgelist costs=1' before the first "
                                 "edge"
                               : "");
}

/* The listed edges' costs on their arcs (both ways when undirected). A
 * link listed twice must be given the same costs both times. */
static int el_set_costs(const el_read *r, dn_csr *g, dn_err *err)
{
    int rc = DN_OK;
    const size_t m = (size_t)(g->m ? g->m : 1);
    int64_t *who = malloc(m * sizeof *who); /* the listing that set arc c, + 1 */
    g->bw = malloc(m * sizeof *g->bw);
    g->lat = malloc(m * sizeof *g->lat);
    if (!who || !g->bw || !g->lat) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for the link costs");
        goto out;
    }
    for (int64_t c = 0; c < g->m; c++)
        g->bw[c] = 1, g->lat[c] = 0, who[c] = 0;
    for (int64_t i = 0; !rc && i < r->a.len; i++)
        for (int dir = 0; !rc && dir < (g->directed ? 1 : 2); dir++) {
            int64_t c = dir ? dn_csr_arc(g, r->a.dst[i], r->a.src[i])
                            : dn_csr_arc(g, r->a.src[i], r->a.dst[i]);
            if (c < 0) /* a loop, dropped from an undirected graph */
                continue;
            int64_t j = who[c] - 1;
            if (j >= 0 && (g->bw[c] != r->bw[i] || g->lat[c] != r->lat[i]))
                rc = dn_fail(err, DN_EINVAL, "edge list line %lld: link %d-%d has bandwidth %.17g "
                                             "and latency %.17g on line %lld, but %.17g and "
                                             "%.17g here; give a link one cost",
                             (long long)r->eline[i], r->a.src[i], r->a.dst[i], g->bw[c],
                             g->lat[c], (long long)r->eline[j], r->bw[i], r->lat[i]);
            g->bw[c] = r->bw[i];
            g->lat[c] = r->lat[i];
            who[c] = i + 1;
        }
out:
    free(who);
    return rc;
}

/* After the last line: the header's promises, the node count, the CSR. */
static int el_build(el_read *r, dn_csr *out, dn_err *err)
{
    const int64_t promised = r->h[H_EDGES], procs = r->h[H_PROCS];
    int64_t nodes = r->h[H_NODES];
    int rc;
    /* a file dcnet wrote promises its trailer: without it, it was cut */
    if (promised >= 0 && (r->trailer != promised || r->a.len != promised))
        return dn_fail(err, DN_EINVAL,
                       r->trailer < 0
                           ? "edge list is truncated: its header promises %lld edges and the "
                             "trailer '# end edges=%lld'; it has %lld edges and no trailer"
                           : "edge list header promises %lld edges (trailer %lld) but holds %lld",
                       (long long)promised, (long long)(r->trailer < 0 ? promised : r->trailer),
                       (long long)r->a.len);
    if (nodes < 0) {
        if (r->maxid < 0)
            return dn_fail(err, DN_EINVAL,
                           "edge list has no edges and no '# dcnet edgelist nodes=N' header");
        nodes = r->maxid + 1;
    } else if (r->maxid >= nodes) {
        return dn_fail(err, DN_EINVAL, "edge list names node %lld but its header says nodes=%lld",
                       (long long)r->maxid, (long long)nodes);
    }
    if (nodes == 0)
        return dn_fail(err, DN_EINVAL, "edge list header says nodes=0: a network needs a node");
    if (nodes > r->max_nodes)
        return dn_fail(err, DN_ERANGE, "edge list has %lld nodes; the limit is %lld",
                       (long long)nodes, (long long)r->max_nodes);
    int64_t need = build_bytes(nodes, r->a.len, el_directed(r), el_costs(r));
    if (need < 0 || need > r->budget)
        return over_budget(err, r->s.line, "the graph", need, r->budget);
    if (procs > nodes)
        return dn_fail(err, DN_EINVAL, "edge list header says processors=%lld but the graph has "
                                       "%lld nodes",
                       (long long)procs, (long long)nodes);
    if ((rc = dn_csr_from_arcs(out, nodes, el_directed(r), r->a.src, r->a.dst, r->a.len, err)))
        return rc;
    out->procs = procs > 0 ? procs : 0;
    if (el_costs(r) && (rc = el_set_costs(r, out, err)))
        dn_csr_free(out);
    return rc;
}

static int parse_edgelist(const char *buf, size_t len, int64_t max_nodes, int64_t budget,
                          dn_csr *out, dn_err *err)
{
    el_read r;
    int rc = DN_OK;
    memset(&r, 0, sizeof r);
    r.s = (scan){buf, buf + len, 1};
    for (int k = 0; k < H_KEYS; k++)
        r.h[k] = -1;
    r.maxid = r.trailer = -1;
    r.max_nodes = max_nodes;
    r.budget = budget;
    while (!rc && r.s.p < r.s.end) {
        const char *eol = memchr(r.s.p, '\n', (size_t)(r.s.end - r.s.p));
        if (!eol)
            eol = r.s.end;
        skip_blank(&r.s, 0);
        if (r.s.p < eol && *r.s.p == '#')
            rc = el_comment(&r, r.s.p, eol, err);
        else if (r.s.p < eol && *r.s.p != '%')
            rc = el_edge(&r, eol, err);
        r.s.p = eol < r.s.end ? eol + 1 : eol;
        r.s.line++;
    }
    if (!rc)
        rc = el_build(&r, out, err);
    el_free(&r);
    return rc;
}

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
    if (!dn_graph_format_name(fmt))
        return dn_fail(err, DN_EINVAL, "graph format %d is not a dn_graph_format value", (int)fmt);
    DN_NEED(err, buf);
    DN_NEED(err, out);
    return graph_parse(buf, len, fmt, max_nodes, DN_NET_DEFAULT_MEM_LIMIT, out, err);
}

int dn_graph_load(const char *path, dn_csr *out, int64_t mem_limit, dn_err *err)
{
    DN_NEED(err, path);
    DN_NEED(err, out);
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
        return dn_fail_param(err, rc, e.param, "%s: %s", is_stdin ? "standard input" : path,
                             e.msg);

    }
    return rc;
}

/* --------------------------------------------------------------- write */
/* What a writer reads of a graph: a network through its neighbour function
 * (no CSR needed), or a CSR. Both give n, direction, processors (nodes
 * 0 .. procs-1; the rest are switches) and every arc's costs. */
typedef struct wsrc {
    const dn_net *net; /* one of net and g */
    const dn_csr *g;
    const char *title;
    int64_t n, procs, edges;
    int directed, costs;
    int64_t *nb; /* cap entries: a neighbour list, and a sorted copy */
    int64_t cap;
} wsrc;

static int w_neighbors(const wsrc *w, int64_t v, const int64_t **out)
{
    if (w->net) {
        *out = w->nb;
        return dn_net_neighbors(w->net, v, w->nb);
    }
    for (int64_t e = w->g->off[v]; e < w->g->off[v + 1]; e++)
        w->nb[e - w->g->off[v]] = w->g->adj[e];
    *out = w->nb;
    return (int)(w->g->off[v + 1] - w->g->off[v]);
}

/* The costs of the arc u -> v, its i-th out-arc. */
static void w_cost(const wsrc *w, int64_t u, int64_t v, int i, double *bw, double *lat)
{
    if (w->net) {
        dn_net_arc_cost(w->net, u, v, bw, lat);
    } else if (w->g->bw) {
        *bw = w->g->bw[w->g->off[u] + i];
        *lat = w->g->lat[w->g->off[u] + i];
    } else {
        *bw = 1;
        *lat = 0;
    }
}

/* The costs of v -> u, or 0 if there is no such arc (a CSR that claims to
 * be undirected but is not symmetric). */
static int w_back_cost(const wsrc *w, int64_t u, int64_t v, double *bw, double *lat)
{
    if (w->net) {
        dn_net_arc_cost(w->net, v, u, bw, lat);
        return 1;
    }
    int64_t c = dn_csr_arc(w->g, v, u);
    if (c < 0)
        return 0;
    *bw = w->g->bw ? w->g->bw[c] : 1;
    *lat = w->g->lat ? w->g->lat[c] : 0;
    return 1;
}

/* A neighbour that appears twice in nb[0 .. d) (a parallel arc), or -1.
 * Lists are mostly sorted (every CSR, every family but the Sneptrees):
 * then one pass; else a sorted copy in w->nb's spare half. */
static int64_t w_parallel(const wsrc *w, const int64_t *nb, int d)
{
    int sorted = 1;
    for (int i = 1; i < d && sorted; i++)
        sorted = nb[i - 1] < nb[i];
    if (sorted)
        return -1;
    int64_t *c = w->nb + w->cap / 2;
    memcpy(c, nb, (size_t)d * sizeof *c);
    for (int i = 1; i < d; i++) { /* insertion sort: unsorted lists are short */
        int64_t x = c[i];
        int j = i - 1;
        for (; j >= 0 && c[j] > x; j--)
            c[j + 1] = c[j];
        c[j + 1] = x;
    }
    for (int i = 1; i < d; i++)
        if (c[i] == c[i - 1])
            return c[i];
    return -1;
}

/* Before a byte is written: what the format cannot hold is refused with
 * the reason (issue 26 item 4: a writer never loses what it was given).
 * Every format: an undirected link has one cost (both arcs the same).
 * .grf: no switches, no direction, no costs other than the defaults. */
static int w_check(const wsrc *w, dn_graph_format fmt, dn_err *err)
{
    const int grf = fmt == DN_FMT_GRF;
    if (grf && w->directed)
        return dn_fail(err, DN_EINVAL,
                       "%s is directed; SCOTCH .grf holds undirected graphs (use edgelist or dot)",
                       w->title);
    if (grf && w->procs < w->n)
        return dn_fail_param(err, DN_EINVAL, "format",
                       "%s has switches (nodes %lld .. %lld); SCOTCH .grf cannot mark them, so "
                       "they would read back as processors: write an edge list (format "
                       "edgelist), which keeps processors=%lld",
                       w->title, (long long)w->procs, (long long)(w->n - 1), (long long)w->procs);
    for (int64_t u = 0; u < w->n; u++) {
        const int64_t *nb;
        int d = w_neighbors(w, u, &nb);
        int64_t twin = w_parallel(w, nb, d);
        if (twin >= 0 && fmt != DN_FMT_DOT)
            return dn_fail_param(err, DN_EINVAL, "format",
                           "%s has two arcs %lld -> %lld (parallel links, as when a random "
                           "Sneptree joins both successors of a cell to one cell); the %s "
                           "reader merges repeated arcs, so one would be lost (format dot "
                           "draws both)",
                           w->title, (long long)u, (long long)twin,
                           grf ? ".grf" : "edge list");
        if (!w->costs && w->net)
            continue;
        for (int i = 0; i < d; i++) {
            double bw, lat, bw2, lat2;
            w_cost(w, u, nb[i], i, &bw, &lat);
            if (!w->directed && !w_back_cost(w, u, nb[i], &bw2, &lat2))
                return dn_fail(err, DN_EINVAL, "%s: arc %lld -> %lld has no reverse, so the "
                                               "graph is not undirected",
                               w->title, (long long)u, (long long)nb[i]);
            if (!w->directed && (bw != bw2 || lat != lat2))
                return dn_fail(err, DN_EINVAL,
                               "%s: link %lld-%lld has bandwidth %.17g, latency %.17g one way "
                               "and %.17g, %.17g the other; an undirected graph file holds one "
                               "cost per link",
                               w->title, (long long)u, (long long)nb[i], bw, lat, bw2, lat2);
            if (grf && (bw != 1 || lat != 0))
                return dn_fail_param(err, DN_EINVAL, "format",
                               "%s has link costs (link %lld-%lld: bandwidth %.17g, latency "
                               "%.17g); SCOTCH .grf holds integer edge loads only, so they "
                               "would be lost: write an edge list (format edgelist), which "

                               "keeps them (costs=1)",
                               w->title, (long long)u, (long long)nb[i], bw, lat);
        }
    }
    return DN_OK;
}

static void w_edgelist(const wsrc *w, FILE *f)
{
    /* edges=M promises the trailer, so that a cut file is refused */
    fprintf(f, "# dcnet edgelist nodes=%lld directed=%d", (long long)w->n, w->directed);
    if (w->procs < w->n)
        fprintf(f, " processors=%lld", (long long)w->procs);
    if (w->costs)
        fputs(" costs=1", f);
    fprintf(f, " edges=%lld\n# %s\n", (long long)w->edges, w->title);
    for (int64_t v = 0; v < w->n && !ferror(f); v++) {
        const int64_t *nb;
        int d = w_neighbors(w, v, &nb);
        for (int i = 0; i < d; i++) {
            if (!w->directed && v >= nb[i])
                continue;
            fprintf(f, "%lld %lld", (long long)v, (long long)nb[i]);
            if (w->costs) { /* plain numbers (bytes per second, seconds), each
                             * the shortest that reads back as the same double */
                double bw, lat;
                char a[40], b[40];
                w_cost(w, v, nb[i], i, &bw, &lat);
                fprintf(f, " %s %s", dn_fmt_double(a, sizeof a, bw),
                        dn_fmt_double(b, sizeof b, lat));
            }
            fputc('\n', f);
        }
    }
    fprintf(f, "# end edges=%lld\n", (long long)w->edges);
}

static void w_grf(const wsrc *w, FILE *f)
{
    fprintf(f, "0\n%lld\t%lld\n0\t000\n", (long long)w->n, (long long)(2 * w->edges));
    for (int64_t v = 0; v < w->n && !ferror(f); v++) {
        const int64_t *nb;
        int d = w_neighbors(w, v, &nb);
        fprintf(f, "%d", d);
        for (int i = 0; i < d; i++)
            fprintf(f, "\t%lld", (long long)nb[i]);
        fputc('\n', f);
    }
}

/* DOT is written for drawing (Graphviz), not read back; it still carries
 * everything: processors=P as a graph attribute, switches as boxes with
 * switch="1", link costs as quoted bw= and lat= edge attributes. */
static void w_dot(const wsrc *w, FILE *f)
{
    char la[80];
    int sneptree = w->net && dn_net_is_sneptree(w->net);
    fputs(w->directed ? "digraph " : "graph ", f);
    fputc('"', f);
    for (const char *c = w->title; *c; c++) /* a DOT string: quotes and backslashes escaped */
        fprintf(f, *c == '"' || *c == '\\' ? "\\%c" : "%c", *c);
    fprintf(f, "\" {\n  processors=\"%lld\";\n", (long long)w->procs);
    for (int64_t v = 0; v < w->n && !ferror(f); v++) {
        if (w->net)
            dn_net_label(w->net, v, la, sizeof la);
        else
            snprintf(la, sizeof la, "%lld", (long long)v);
        fprintf(f, "  %lld [label=\"%s\"%s];\n", (long long)v, la,
                v >= w->procs ? ", shape=box, switch=\"1\"" : "");
    }
    for (int64_t v = 0; v < w->n && !ferror(f); v++) {
        const int64_t *nb;
        int d = w_neighbors(w, v, &nb);
        for (int i = 0; i < d; i++) {
            if (!w->directed && v > nb[i])
                continue;
            fprintf(f, "  %lld %s %lld", (long long)v, w->directed ? "->" : "--",
                    (long long)nb[i]);
            const char *sep = " [";
            if (sneptree) { /* out-arcs are (left, right): H2 blue, H1 red */
                fprintf(f, "%scolor=%s", sep, i == 0 ? "blue" : "red");
                sep = ", ";
            }
            if (w->costs) {
                double bw, lat;
                w_cost(w, v, nb[i], i, &bw, &lat);
                char a[40], b[40];
                fprintf(f, "%sbw=\"%s\", lat=\"%s\"", sep, dn_fmt_double(a, sizeof a, bw),
                        dn_fmt_double(b, sizeof b, lat));
                sep = ", ";
            }
            fputs(sep[0] == ',' ? "];\n" : ";\n", f);
        }
    }
    fputs("}\n", f);
}

static int w_write(wsrc *w, dn_graph_format fmt, FILE *f, dn_err *err)
{
    int rc;
    if (w->edges > DN_GRAPH_MAX_WRITE)
        return dn_fail(err, DN_ERANGE, "%s has %lld edges; writing is limited to 2^31",
                       w->title, (long long)w->edges);
    if (fmt != DN_FMT_EDGELIST && fmt != DN_FMT_GRF && fmt != DN_FMT_DOT)
        return dn_fail(err, DN_EINVAL, "unknown output format");
    if ((rc = w_check(w, fmt, err)))
        return rc;
    switch (fmt) {
    case DN_FMT_EDGELIST: w_edgelist(w, f); break;
    case DN_FMT_GRF: w_grf(w, f); break;
    default: w_dot(w, f); break;
    }
    /* fflush: what the stream still buffers fails there, not at fclose */
    if (fflush(f) != 0 || ferror(f))
        return dn_fail(err, DN_EIO, "write error: %s", strerror(errno));
    return DN_OK;
}

int dn_net_write(const dn_net *net, dn_graph_format fmt, FILE *f, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, f);
    wsrc w = {net, NULL, net->spec, net->n, dn_net_processors(net), net->edges,
              net->directed, dn_net_has_link_costs(net), NULL, 2 * (int64_t)net->max_out + 2};
    w.nb = malloc((size_t)w.cap * sizeof *w.nb);
    if (!w.nb)
        return dn_fail(err, DN_ENOMEM, "out of memory");
    int rc = w_write(&w, fmt, f, err);
    free(w.nb);
    return rc;
}

int dn_csr_write(const dn_csr *g, const char *title, dn_graph_format fmt, FILE *f, dn_err *err)
{
    DN_NEED(err, g);
    DN_NEED(err, f);
    int64_t maxd = 0, edges = 0;
    for (int64_t v = 0; v < g->n; v++) {
        int64_t d = g->off[v + 1] - g->off[v];
        maxd = d > maxd ? d : maxd;
        for (int64_t e = g->off[v]; e < g->off[v + 1]; e++)
            edges += g->directed || v < g->adj[e];
    }
    wsrc w = {NULL, g, title ? title : "graph", g->n,
              g->procs > 0 && g->procs < g->n ? g->procs : g->n, edges, g->directed,
              g->bw != NULL, NULL, 2 * maxd + 2};
    w.nb = malloc((size_t)w.cap * sizeof *w.nb);
    if (!w.nb)
        return dn_fail(err, DN_ENOMEM, "out of memory");
    int rc = w_write(&w, fmt, f, err);
    free(w.nb);
    return rc;
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
    "file", "file:PATH", "graph from a file: edge list, SCOTCH .grf, or SCOTCH target .tgt (see 'dcnet help formats')",
    file_init, NULL, NULL, NULL, NULL, file_describe,
    .routing = NULL, /* no hooks: BFS routes, no shape, no symmetry */
};

/*
 * registry.c - the network registry: spec parsing, dispatch to the family
 * descriptors, labels, and materialisation to CSR.
 *
 * A spec is NAME[:ARG[:ARG...]]; "file:PATH" takes the rest verbatim.
 * Unknown names fail loudly with the list of known specs.
 */
#include "net_impl.h"
#include "../base/args_impl.h"
#include "../base/names_impl.h"

#include <stdlib.h>
#include <string.h>

static const char *const routing_names[] = {
    [DN_NET_ROUTING_NONE] = "none",   [DN_NET_ROUTING_BDG] = "bdg",
    [DN_NET_ROUTING_DDB] = "ddb",     [DN_NET_ROUTING_KAUTZ] = "kautz",
    [DN_NET_ROUTING_ECUBE] = "ecube", [DN_NET_ROUTING_GRID] = "grid",
    [DN_NET_ROUTING_UPDOWN] = "updown", [DN_NET_ROUTING_MINIMAL] = "minimal"};
DN_NAMES_DEFINE(net_routing, routing_names)
static const char *const layout_names[] = {[DN_NET_LAYOUT_NONE] = "none",
                                           [DN_NET_LAYOUT_ROWS] = "rows",
                                           [DN_NET_LAYOUT_HEAP] = "heap"};
DN_NAMES_DEFINE(net_layout_kind, layout_names)
static const char *const graph_format_names[] = {
    [DN_FMT_EDGELIST] = "edgelist", [DN_FMT_GRF] = "grf", [DN_FMT_DOT] = "dot"};
DN_NAMES_DEFINE(graph_format, graph_format_names)

static const dn_net_type *const registry[] = {
    &dn_type_debruijn, &dn_type_ddb,        &dn_type_dg,         &dn_type_mesh,
    &dn_type_torus,    &dn_type_hypercube,  &dn_type_butterfly,  &dn_type_wbutterfly,
    &dn_type_sneptree_s, &dn_type_sneptree_t, &dn_type_sneptree, &dn_type_cbt,
    &dn_type_ring,     &dn_type_complete,   &dn_type_kautz,      &dn_type_fattree, &dn_type_dragonfly, &dn_type_file,
};
#define N_TYPES ((int)(sizeof registry / sizeof registry[0]))

int dn_net_type_info(int i, const char **syntax, const char **summary)
{
    if (i < 0 || i >= N_TYPES)
        return DN_ENOTFOUND;
    if (syntax)
        *syntax = registry[i]->syntax;
    if (summary)
        *summary = registry[i]->summary;
    return DN_OK;
}

static int unknown_spec(const char *spec, dn_err *err)
{
    char list[400];
    size_t len = 0;
    list[0] = '\0';
    for (int i = 0; i < N_TYPES && len < sizeof list; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
                                registry[i]->syntax);
    return dn_fail(err, DN_ENOTFOUND, "unknown network '%s'; known: %s", spec, list);
}

int dn_net_init(dn_net *net, const char *spec, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, spec);
    return dn_net_init_limit(net, spec, 0, err);
}

int dn_net_init_limit(dn_net *net, const char *spec, int64_t mem_limit, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, spec);
    char buf[sizeof net->spec];
    char *argv[DN_NET_MAX_ARGS];
    int argc = 0, rc;
    const dn_net_type *type = NULL;
    size_t namelen;

    memset(net, 0, sizeof *net);
    if (!spec || !*spec)
        return dn_fail(err, DN_EINVAL, "empty network spec (try 'debruijn:4'; see 'dcnet help nets')");
    if (strlen(spec) >= sizeof buf)
        return dn_fail(err, DN_EINVAL, "network spec is too long (at most %zu characters)",
                       sizeof buf - 1);
    strcpy(buf, spec);
    namelen = strcspn(buf, ":@");
    for (int i = 0; i < N_TYPES; i++)
        if (strlen(registry[i]->name) == namelen &&
            strncmp(registry[i]->name, buf, namelen) == 0)
            type = registry[i];
    if (!type)
        return unknown_spec(spec, err);
    char *costs = NULL; /* SPEC@KEY=VALUE,...: link costs (links.c) */
    if (type != &dn_type_file && (costs = strchr(buf, '@')) != NULL)
        *costs++ = '\0';
    if (buf[namelen] == ':') {
        buf[namelen] = '\0';
        if (type == &dn_type_file) {
            argv[argc++] = buf + namelen + 1;
        } else {
            char *p = buf + namelen + 1;
            for (;;) {
                if (argc == DN_NET_MAX_ARGS)
                    return dn_fail(err, DN_EINVAL, "too many ':' fields in '%s' (expected %s)",
                                   spec, type->syntax);
                argv[argc++] = p;
                p = strchr(p, ':');
                if (!p)
                    break;
                *p++ = '\0';
            }
        }
    }
    net->mem_limit = mem_limit > 0 ? mem_limit : DN_NET_DEFAULT_MEM_LIMIT;
    rc = type->init(net, argc, argv, err);
    if (rc != DN_OK) {
        dn_csr_free(&net->g);
        memset(net, 0, sizeof *net);
        return rc;
    }
    if (!net->type) /* (an init may choose a variant: mesh:AxBxC is meshnd) */
        net->type = type;
    strcpy(net->spec, spec);
    if (costs && (rc = dn_net_parse_link_costs(net, costs, err)) != DN_OK) {
        dn_csr_free(&net->g);
        memset(net, 0, sizeof *net);
        return rc;
    }
    if (net->procs <= 0 || net->procs > net->n) /* direct: every node a processor */
        net->procs = net->n;
    return DN_OK;
}

void dn_net_free(dn_net *net)
{
    if (!net)
        return;
    dn_csr_free(&net->g);
    memset(net, 0, sizeof *net);
}

int dn_net_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    if (net->type->neighbors)
        return net->type->neighbors(net, v, out);
    {
        const dn_csr *g = &net->g;
        int d = 0;
        for (int64_t e = g->off[v]; e < g->off[v + 1]; e++)
            out[d++] = g->adj[e];
        return d;
    }
}

int dn_net_label(const dn_net *net, int64_t v, char *buf, size_t cap)
{
    if (!net || !buf || cap == 0)
        return DN_EINVAL;
    if (v < 0 || v >= net->n)
        return DN_ERANGE; /* a family's label would make one up ("49,1") */
    if (net->type->label)
        return net->type->label(net, v, buf, cap);
    return (size_t)snprintf(buf, cap, "%lld", (long long)v) < cap ? DN_OK : DN_ERANGE;
}

/* Node names (issue 26 item 6; 'dcnet help nets'):
 *   id:N      the decimal id N, whatever the family's labels look like;
 *   label:S   the family's own label S (for families without labels, the
 *             decimal id, which is what dn_net_label prints for them);
 *   S         the label when S has the label's shape (K digits on de
 *             Bruijn, Kautz and hypercube networks, "a,b,.." with one part
 *             per side on grids, "p3" / "s1.0" on fat trees, ...), else
 *             the decimal id.
 * The forced forms exist because the plain form is ambiguous on purpose:
 * on kautz:3:2 "11" is read as a label (and names no node), so node 11
 * is "id:11". */
static int node_range(const dn_net *net, const char *s, dn_err *err)
{
    char first[80], last[80];
    dn_net_label(net, 0, first, sizeof first);
    dn_net_label(net, net->n - 1, last, sizeof last);
    return dn_fail(err, DN_ERANGE,
                   "node '%s' has the shape of a label of %s but names none of its nodes "
                   "(labels '%s' .. '%s'); to give a number write id:N (ids 0 .. %lld)",
                   s, net->spec, first, last, (long long)(net->n - 1));
}

static int node_id(const dn_net *net, const char *s, const char *given, int64_t *v, dn_err *err)
{
    char lab[80];
    if (dn_parse_i64(s, 0, net->n - 1, "node id", v, NULL) == DN_OK)
        return DN_OK;
    dn_net_label(net, net->n - 1, lab, sizeof lab);
    return dn_fail(err, DN_EINVAL,
                   "bad node '%s' for %s: give an id in [0, %lld] (or id:N), or a label such "
                   "as '%s' (or label:S)",
                   given, net->spec, (long long)(net->n - 1), lab);
}

int dn_net_parse_node(const dn_net *net, const char *s, int64_t *v, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, s);
    DN_NEED(err, v);
    int64_t x;
    char lab[80];
    if (!s || !*s)
        return dn_fail(err, DN_EINVAL, "empty node: give a node id in [0, %lld) or a label",
                       (long long)net->n);
    if (strncmp(s, "id:", 3) == 0)
        return node_id(net, s + 3, s, v, err);
    if (strncmp(s, "label:", 6) == 0) {
        if (!net->type->parse_label) /* the label is the decimal id */
            return node_id(net, s + 6, s, v, err);
        if (!net->type->parse_label(net, s + 6, &x)) {
            dn_net_label(net, net->n - 1, lab, sizeof lab);
            return dn_fail(err, DN_EINVAL, "'%s' is not a label of %s (labels look like '%s')",
                           s, net->spec, lab);
        }
        if (x < 0 || x >= net->n)
            return node_range(net, s, err);
        *v = x;
        return DN_OK;
    }
    if (net->type->parse_label && net->type->parse_label(net, s, &x)) {
        if (x < 0 || x >= net->n)
            return node_range(net, s, err);
        *v = x;
        return DN_OK;
    }
    return node_id(net, s, s, v, err);
}

const char *dn_net_family(const dn_net *net)
{
    return net->type ? net->type->name : "";
}

const char *dn_net_describe(const dn_net *net, char *buf, size_t cap)
{
    if (cap == 0)
        return buf;
    buf[0] = '\0';
    if (net->type && net->type->describe)
        net->type->describe(net, buf, cap);
    else if (net->type)
        snprintf(buf, cap, "%s", net->type->summary);
    return buf;
}

int dn_net_is_sneptree(const dn_net *net)
{
    return net->type == &dn_type_sneptree_s || net->type == &dn_type_sneptree_t ||
           net->type == &dn_type_sneptree;
}

int dn_net_materialize(const dn_net *net, dn_csr *out, int64_t mem_limit, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, out);
    int64_t arcs, bytes, *nb = NULL;
    memset(out, 0, sizeof *out);
    if (mem_limit <= 0)
        mem_limit = DN_NET_DEFAULT_MEM_LIMIT;
    if (net->n >= INT32_MAX)
        return dn_fail(err, DN_ERANGE,
                       "%s has %lld nodes; materialising needs fewer than 2^31 nodes",
                       net->spec, (long long)net->n);
    arcs = net->directed ? net->edges : 2 * net->edges;
    bytes = dn_csr_bytes(net->n, arcs);
    if (bytes < 0 || bytes > mem_limit) {
        char need[32], lim[32];
        return dn_fail_param(err, DN_ERANGE, "mem_limit",
                       "%s needs %s as a CSR graph, over the memory limit of %s (raise it)",

                       net->spec, bytes < 0 ? "more than 8 EiB" : dn_fmt_bytes(need, 32, bytes),
                       dn_fmt_bytes(lim, 32, mem_limit));
    }
    if (!net->type->neighbors) {
        out->off = malloc((size_t)(net->n + 1) * sizeof *out->off);
        out->adj = malloc((size_t)(net->g.m ? net->g.m : 1) * sizeof *out->adj);
        if (!out->off || !out->adj) {
            dn_csr_free(out);
            return dn_fail(err, DN_ENOMEM, "out of memory materialising %s", net->spec);
        }
        memcpy(out->off, net->g.off, (size_t)(net->n + 1) * sizeof *out->off);
        memcpy(out->adj, net->g.adj, (size_t)net->g.m * sizeof *out->adj);
        for (int k = 0; k < 2; k++) { /* the link costs, when the file has them */
            const double *src = k ? net->g.lat : net->g.bw;
            double **dst = k ? &out->lat : &out->bw;
            if (!src)
                continue;
            if (!(*dst = malloc((size_t)(net->g.m ? net->g.m : 1) * sizeof **dst))) {
                dn_csr_free(out);
                return dn_fail(err, DN_ENOMEM, "out of memory materialising %s", net->spec);
            }
            memcpy(*dst, src, (size_t)net->g.m * sizeof **dst);
        }
        out->n = net->g.n;
        out->m = net->g.m;
        out->directed = net->g.directed;
        int rc = dn_net_fill_link_costs(net, out, err);
        if (rc)
            dn_csr_free(out);
        return rc;
    }
    out->off = malloc((size_t)(net->n + 1) * sizeof *out->off);
    out->adj = malloc((size_t)(arcs ? arcs : 1) * sizeof *out->adj);
    nb = malloc((size_t)(net->max_out ? net->max_out : 1) * sizeof *nb);
    if (!out->off || !out->adj || !nb) {
        free(nb);
        dn_csr_free(out);
        return dn_fail(err, DN_ENOMEM, "out of memory materialising %s (%.2f GiB)", net->spec,
                       (double)bytes / (1 << 30));
    }
    /* One pass: neighbour lists are written straight into place. The edge
     * count is known in closed form, so no counting pass is needed; the
     * check below guards the invariant. */
    {
        int64_t pos = 0;
        for (int64_t v = 0; v < net->n; v++) {
            int d = net->type->neighbors(net, v, nb);
            out->off[v] = pos;
            if (pos + d > arcs)
                break;
            for (int i = 0; i < d; i++)
                out->adj[pos + i] = (int32_t)nb[i];
            pos += d;
        }
        free(nb);
        if (pos != arcs) {
            dn_csr_free(out);
            return dn_fail(err, DN_ERANGE, "internal: %s arc count mismatch (%lld, expected %lld)",
                           net->spec, (long long)pos, (long long)arcs);
        }
        out->off[net->n] = pos;
    }
    out->n = net->n;
    out->m = arcs;
    out->directed = net->directed;
    int rc = dn_net_fill_link_costs(net, out, err);
    if (rc)
        dn_csr_free(out);
    return rc;
}

/* ------------------------------------------------------------ helpers */
int dn_nbr_normalize(int64_t *a, int len, int64_t self)
{
    int out = 0;
    for (int i = 1; i < len; i++) { /* insertion sort: lists are short */
        int64_t x = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > x) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
    for (int i = 0; i < len; i++) {
        if (a[i] == self || (out > 0 && a[out - 1] == a[i]))
            continue;
        a[out++] = a[i];
    }
    return out;
}

static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";

int dn_label_radix(int64_t v, int radix, int width, char *buf, size_t cap)
{
    if ((size_t)width + 1 > cap)
        return DN_ERANGE;
    for (int i = width - 1; i >= 0; i--) {
        buf[i] = digits[v % radix];
        v /= radix;
    }
    buf[width] = '\0';
    return DN_OK;
}

int dn_parse_radix(const char *s, int radix, int width, int64_t *v)
{
    int64_t x = 0;
    if ((int)strlen(s) != width)
        return 0;
    for (int i = 0; i < width; i++) {
        const char *d = strchr(digits, s[i]);
        if (!s[i] || !d || d - digits >= radix)
            return 0;
        x = x * radix + (d - digits);
    }
    *v = x;
    return 1;
}

int dn_label_pair(int64_t a, int64_t b, char *buf, size_t cap)
{
    return (size_t)snprintf(buf, cap, "%lld,%lld", (long long)a, (long long)b) < cap
               ? DN_OK
               : DN_ERANGE;
}

int dn_parse_pair(const char *s, int64_t *a, int64_t *b)
{
    char tmp[64];
    const char *comma = strchr(s, ',');
    size_t la;
    if (!comma || strlen(s) >= sizeof tmp)
        return 0;
    la = (size_t)(comma - s);
    memcpy(tmp, s, la);
    tmp[la] = '\0';
    if (dn_parse_i64(tmp, 0, INT64_MAX, "", a, NULL) != DN_OK)
        return 0;
    if (dn_parse_i64(comma + 1, 0, INT64_MAX, "", b, NULL) != DN_OK)
        return 0;
    return 1;
}

int dn_parse_dec_prefix(const char **p, int64_t *v)
{
    const char *q = *p;
    int64_t x = 0;
    if (*q < '0' || *q > '9')
        return 0;
    for (; *q >= '0' && *q <= '9'; q++) {
        if (x > (INT64_MAX - (*q - '0')) / 10)
            return 0;
        x = x * 10 + (*q - '0');
    }
    *p = q;
    *v = x;
    return 1;
}

int dn_spec_int(const char *arg, int64_t lo, int64_t hi, const char *what,
                const char *syntax, int64_t *out, dn_err *err)
{
    dn_err e;
    int rc = dn_parse_i64(arg, lo, hi, what, out, &e);
    if (rc != DN_OK)
        return dn_fail(err, rc, "%s (in %s)", e.msg, syntax);
    return DN_OK;
}

int64_t dn_net_processors(const dn_net *net)
{
    return net->procs > 0 && net->procs <= net->n ? net->procs : net->n;
}

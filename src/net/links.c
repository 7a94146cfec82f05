/*
 * links.c - link costs given with a family network (issue 20, item 3):
 * `--net SPEC@KEY=VALUE,...` gives every link, or every link of a class,
 * a bandwidth and a latency, as a graph file's costs=1 columns do
 * (docs/networks.md, "Link costs").
 *
 * Keys: bw and lat (every link), CLASS.bw and CLASS.lat (the links of one
 * class; a class's value beats the all-links one, whatever the order).
 * The classes are the family's own kinds of link:
 *   mesh, torus (any dimension)  d0 .. d7: the dimension the link moves
 *   fattree:K:N                  l1 .. lN: between levels l-1 and l
 *                                (l1 joins the processors to level 1)
 *   dragonfly:A:P:H              terminal, local, global
 * Other families take bw and lat only. Unset: bandwidth 1, latency 0.
 *
 * The costs live as a few numbers in dn_net; dn_net_materialize expands
 * them into the CSR's per-arc arrays, which the simulator, embed's
 * link_cost and exec's emulated links read as they read a file's.
 */
#include "net_impl.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CLASSES 8

typedef struct link_family {
    const char *family;
    const char *const *classes; /* NULL-terminated; class i is number i + 1 */
    int (*classify)(const dn_net *net, int64_t u, int64_t v); /* 1.. */
} link_family;

static const char *const dim_classes[] = {"d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", NULL};
static const char *const level_classes[] = {"l1", "l2", "l3", "l4",
                                            "l5", "l6", "l7", "l8", NULL};
static const char *const dragonfly_classes[] = {"terminal", "local", "global", NULL};

/* 2-D grids: ids row * C + col; dimension 0 moves the row. */
static int grid2_class(const dn_net *net, int64_t u, int64_t v)
{
    return u / net->p[1] != v / net->p[1] ? 1 : 2;
}

/* Grids of 3..8 sides: row-major ids, p[2 + i] the sides. */
static int gridnd_class(const dn_net *net, int64_t u, int64_t v)
{
    int64_t s = 1;
    for (int i = (int)net->p[0] - 1; i >= 0; i--) {
        if (u / s % net->p[2 + i] != v / s % net->p[2 + i])
            return i + 1;
        s *= net->p[2 + i];
    }
    return 1;
}

/* Level of a node of the k-ary n-tree: processors 0, switches 1 .. N. */
static int64_t fattree_level(const dn_net *net, int64_t v)
{
    return v < net->p[2] ? 0 : 1 + (v - net->p[2]) / net->p[3];
}

static int fattree_class(const dn_net *net, int64_t u, int64_t v)
{
    int64_t a = fattree_level(net, u), b = fattree_level(net, v);
    return (int)(a > b ? a : b);
}

static int dragonfly_class(const dn_net *net, int64_t u, int64_t v)
{
    const int64_t A = net->p[0], procs = net->p[3] * A * net->p[1];
    if (u < procs || v < procs)
        return 1;
    return (u - procs) / A == (v - procs) / A ? 2 : 3;
}

static const link_family families[] = {
    {"mesh", dim_classes, grid2_class},
    {"torus", dim_classes, grid2_class},
    {"meshnd", dim_classes, gridnd_class},
    {"torusnd", dim_classes, gridnd_class},
    {"fattree", level_classes, fattree_class},
    {"dragonfly", dragonfly_classes, dragonfly_class},
};

static const link_family *family_of(const dn_net *net)
{
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        if (strcmp(dn_net_family(net), families[i].family) == 0)
            return &families[i];
    return NULL;
}

/* How many classes the net's family has (grids: their dimensions; fat
 * trees: their levels). */
static int class_count(const dn_net *net, const link_family *f)
{
    if (!f)
        return 0;
    if (f->classify == grid2_class)
        return 2;
    if (f->classify == gridnd_class)
        return (int)net->p[0];
    if (f->classify == fattree_class) /* levels past l8 keep the all-links costs */
        return net->p[1] < MAX_CLASSES ? (int)net->p[1] : MAX_CLASSES;
    return 3;
}

int dn_link_cost_parse(const char *s, int is_bw, double *out, dn_err *err)
{
    double x;
    /* one rule with every quantity dcnet reads (src/base/units.c): a
     * decimal number (no sign, space, hexadecimal, inf or nan) and an
     * optional unit; a bare bandwidth is bytes per second, a bare latency
     * seconds */
    if (!((*s >= '0' && *s <= '9') || *s == '.') || (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')))
        return dn_fail(err, DN_EINVAL, "the %s '%s' is not a %s finite decimal number (e.g. %s)",
                       is_bw ? "bandwidth" : "latency", s, is_bw ? "positive" : "non-negative",
                       is_bw ? "10GB/s, 100Gb/s or 2.5e9" : "1us, 0.5 or 1e-6");
    int rc = dn_parse_quantity(s, is_bw ? DN_Q_BANDWIDTH : DN_Q_TIME, 0, DBL_MAX,
                               is_bw ? "the bandwidth" : "the latency", &x, NULL, err);
    if (rc)
        return rc;
    if (is_bw && x <= 0)
        return dn_fail(err, DN_EINVAL, "the bandwidth '%s' is not positive (e.g. 10GB/s)", s);
    *out = x;
    return DN_OK;
}

/* Every link has a bandwidth and a latency (issue 29 item 1): a default of
 * 1 B/s or 0 s for the links a spec forgot would be taken for a cost the
 * user gave. Either the all-links key or every class's key, for each of
 * bw and lat; fat trees past level 8 have no class: bw= and lat= there. */
static int links_complete(const dn_net *net, const link_family *f, int ncls, dn_err *err)
{
    char miss[2][200];
    int bad = 0;
    const int above8 = f && f->classify == fattree_class && net->p[1] > MAX_CLASSES;
    for (int k = 0; k < 2; k++) {
        const unsigned base = k ? 16u : 0u;
        size_t len = 0;
        int given = 0;
        miss[k][0] = '\0';
        if (net->link_set & (1u << base))
            continue;
        for (int c = 1; c <= ncls; c++)
            if (net->link_set & (1u << (base + (unsigned)c)))
                given++;
            else
                len += (size_t)snprintf(miss[k] + len, sizeof miss[k] - len, "%s%s",
                                        len ? ", " : "the ", f->classes[c - 1]);
        if (given == 0)
            snprintf(miss[k], sizeof miss[k], "any link");
        else if (len || above8)
            snprintf(miss[k] + len, sizeof miss[k] - len, "%s", len && above8 ? " links and "
                                                                : len ? " links" : "");
        if (given && above8)
            snprintf(miss[k] + strlen(miss[k]), sizeof miss[k] - strlen(miss[k]),
                     "the links above level 8");
        bad |= miss[k][0] != '\0';
    }
    if (!bad)
        return DN_OK;
    return dn_fail(err, DN_EINVAL,
                   "%s: every link needs a bandwidth and a latency; %s%s%s%s%s: give bw= and "
                   "lat= for every link%s (e.g. @bw=10GB/s,lat=1us; lat=0 for none)",
                   net->spec, miss[0][0] ? "no bandwidth for " : "", miss[0],
                   miss[0][0] && miss[1][0] ? ", " : "", miss[1][0] ? "no latency for " : "",
                   miss[1], ncls ? ", or CLASS.bw= and CLASS.lat= for each class" : "");
}

int dn_net_parse_link_costs(dn_net *net, const char *list, dn_err *err)
{
    const link_family *f = family_of(net);
    const int ncls = class_count(net, f);
    char names[160] = "";
    size_t len = 0;
    for (int c = 0; c < ncls; c++)
        len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", c ? ", " : "",
                                f->classes[c]);
    const char *p = list;
    if (!*p)
        return dn_fail(err, DN_EINVAL,
                       "%s: nothing after '@'; give link costs such as @bw=10,lat=0.5",
                       net->spec);
    while (*p) {
        size_t n = strcspn(p, ",");
        char item[64];
        if (n == 0 || n >= sizeof item)
            return dn_fail(err, DN_EINVAL, "%s: bad link cost '%.*s' (KEY=VALUE, e.g. bw=10)",
                           net->spec, (int)n, p);
        memcpy(item, p, n);
        item[n] = 0;
        p += n + (p[n] == ',');
        char *eq = strchr(item, '=');
        if (!eq)
            return dn_fail(err, DN_EINVAL, "%s: link cost '%s' has no '=' (e.g. bw=10)",
                           net->spec, item);
        *eq = 0;
        char *key = item, *dot = strrchr(key, '.');
        const char *what = dot ? dot + 1 : key;
        int cls = 0;
        if (dot) {
            *dot = 0;
            cls = -1;
            for (int c = 0; c < ncls; c++)
                if (strcmp(key, f->classes[c]) == 0)
                    cls = c + 1;
            if (cls < 0) {
                if (ncls == 0)
                    return dn_fail(err, DN_EINVAL,
                                   "%s: its family has no link classes, so '%s.%s' means "
                                   "nothing; use bw= and lat= for every link",
                                   net->spec, key, what);
                return dn_fail(err, DN_EINVAL,
                               "%s: no link class '%s'; its classes are %s (e.g. %s.bw=2)",
                               net->spec, key, names, f->classes[0]);
            }
        }
        int is_bw = strcmp(what, "bw") == 0;
        if (!is_bw && strcmp(what, "lat") != 0)
            return dn_fail(err, DN_EINVAL,
                           "%s: unknown link cost '%s'; give bw (bandwidth) or lat (latency), "
                           "optionally after a class: CLASS.bw",
                           net->spec, what);
        const unsigned bit = 1u << (is_bw ? cls : 16 + cls);
        if (net->link_set & bit) /* bw=2,bw=3: which one was meant? */
            return dn_fail(err, DN_EINVAL, "%s: %s%s%s is given twice; give each link cost once",
                           net->spec, cls ? key : "", cls ? "." : "", what);
        double x;
        dn_err e;
        if (dn_link_cost_parse(eq + 1, is_bw, &x, &e))
            return dn_fail(err, DN_EINVAL, "%s: %s", net->spec, e.msg);
        if (is_bw) {
            net->link_bw[cls] = x;
            net->link_set |= 1u << cls;
        } else {
            net->link_lat[cls] = x;
            net->link_set |= 1u << (16 + cls);
        }
    }
    return links_complete(net, f, ncls, err);
}

/* The cost of the link u -> v from the spec's costs: its class's, else
 * the all-links one, else bandwidth 1 and latency 0. */
static void class_cost(const dn_net *net, const link_family *f, int64_t u, int64_t v, double *bw,
                       double *lat)
{
    int c = f ? f->classify(net, u, v) : 0;
    if (c > MAX_CLASSES)
        c = 0;
    const double bw0 = net->link_set & 1u ? net->link_bw[0] : 1;
    const double lat0 = net->link_set & (1u << 16) ? net->link_lat[0] : 0;
    *bw = c && (net->link_set & (1u << c)) ? net->link_bw[c] : bw0;
    *lat = c && (net->link_set & (1u << (16 + c))) ? net->link_lat[c] : lat0;
}

int dn_net_has_link_costs(const dn_net *net)
{
    return net->link_set != 0 || net->g.bw != NULL;
}

void dn_net_arc_cost(const dn_net *net, int64_t u, int64_t v, double *bw, double *lat)
{
    int64_t c = net->g.bw ? dn_csr_arc(&net->g, u, v) : -1;
    if (c >= 0) { /* a file's own costs */
        *bw = net->g.bw[c];
        *lat = net->g.lat[c];
        return;
    }
    class_cost(net, family_of(net), u, v, bw, lat);
}

int dn_net_fill_link_costs(const dn_net *net, dn_csr *g, dn_err *err)
{
    if (!net->link_set || g->bw)
        return DN_OK;
    g->bw = malloc((size_t)(g->m ? g->m : 1) * sizeof *g->bw);
    g->lat = malloc((size_t)(g->m ? g->m : 1) * sizeof *g->lat);
    if (!g->bw || !g->lat) {
        free(g->bw);
        free(g->lat);
        g->bw = g->lat = NULL;
        return dn_fail(err, DN_ENOMEM, "out of memory for the link costs of %s", net->spec);
    }
    const link_family *f = family_of(net);
    for (int64_t u = 0; u < g->n; u++)
        for (int64_t a = g->off[u]; a < g->off[u + 1]; a++)
            class_cost(net, f, u, g->adj[a], &g->bw[a], &g->lat[a]);
    return DN_OK;
}

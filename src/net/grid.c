/*
 * grid.c - meshes and tori (seed 001 works on 2^k x 2^k meshes without
 * wraparound), of 2 to 8 dimensions, and rings.
 *
 * mesh:AxBxC... and torus:AxBxC... with 3 to 8 sides are the families
 * meshnd and torusnd (the 2-D ones keep their own layout, which the mesh
 * mappings, drawings and XY routes read): id row-major, the last side
 * fastest (id = ((x0 B + x1) C + x2) ...), label "x0,x1,x2". A node's
 * degree is the sum over its sides of a path's (a cycle's) degree, the
 * diameter the sum of the sides' (L - 1, or floor(L/2) with wraparound),
 * and the edges sum (n / L) times a path's (cycle's) edges over the sides.
 *
 * mesh:RxC and torus:RxC number nodes row-major: id = row * C + col, label
 * "row,col". ring:N is the torus 1xN with decimal labels. Tori are simple
 * graphs: a wrap of length 2 is the same edge as the direct one and a wrap
 * of length 1 is a loop, both dropped.
 *
 * Closed forms: a path of L nodes has degrees 0 (L = 1), 1 (ends), 2
 * (inside); a cycle of L nodes has degree min(L - 1, 2). A mesh (torus)
 * node's degree is the sum over its row and column path (cycle), so
 * min/max follow per dimension. Diameters: mesh R + C - 2, torus
 * floor(R/2) + floor(C/2).
 */
#include "net_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* p[0] = R, p[1] = C, p[2] = 1 for wraparound */

static int parse_dims(const char *arg, const char *syntax, int64_t *r, int64_t *c, dn_err *err)
{
    char tmp[64];
    const char *x = arg ? strchr(arg, 'x') : NULL;
    int rc;
    if (!x || strlen(arg) >= sizeof tmp)
        return dn_fail(err, DN_EINVAL, "expected %s with R, C >= 1 (e.g. %s)", syntax,
                       syntax[0] == 'm' ? "mesh:8x8" : "torus:4x4");
    memcpy(tmp, arg, (size_t)(x - arg));
    tmp[x - arg] = '\0';
    if ((rc = dn_spec_int(tmp, 1, DN_NET_MAX_NODES, "rows R", syntax, r, err)) ||
        (rc = dn_spec_int(x + 1, 1, DN_NET_MAX_NODES, "columns C", syntax, c, err)))
        return rc;
    return DN_OK;
}

static int64_t path_edges(int64_t len) { return len - 1; }
static int64_t cycle_edges(int64_t len) { return len <= 2 ? len - 1 : len; }

static int grid_setup(dn_net *net, int64_t r, int64_t c, int wrap, const char *syntax,
                      dn_err *err)
{
    int64_t n, e1, e2;
    if (dn_mul_ovf(r, c, &n) || n > DN_NET_MAX_NODES)
        return dn_fail(err, DN_ERANGE, "%s: %lld x %lld nodes is over the limit of 2^50",
                       syntax, (long long)r, (long long)c);
    net->p[0] = r;
    net->p[1] = c;
    net->p[2] = wrap;
    net->n = n;
    /* edges = R * edges(row of C) + C * edges(column of R) */
    e1 = r * (wrap ? cycle_edges(c) : path_edges(c));
    e2 = c * (wrap ? cycle_edges(r) : path_edges(r));
    net->edges = e1 + e2;
    net->directed = 0;
    net->max_out = 4;
    return DN_OK;
}

/* ---------------------------------------------------------- 3 to 8 sides */

static void dim_degrees(int64_t len, int wrap, int64_t *lo, int64_t *hi);

enum { ND_MAX = 8 };
/* Hooks (hooks.c): dimension-order routes, the grid's sides, and for
 * 2-D tori and rings the translations (shift by s's row and column). */
static dn_net_routing grid_routing(const dn_net *net, int64_t *max_nodes)
{
    *max_nodes = net->p[0] + net->p[1];
    return DN_NET_ROUTING_GRID;
}

static dn_net_routing nd_routing(const dn_net *net, int64_t *max_nodes)
{
    int64_t h = 1;
    for (int i = 0; i < (int)net->p[0]; i++)
        h += net->p[2 + i];
    *max_nodes = h;
    return DN_NET_ROUTING_GRID;
}

static int grid_grid(const dn_net *net, dn_net_grid *out)
{
    out->dims = 2;
    out->wrap = (int)net->p[2];
    out->side[0] = net->p[0];
    out->side[1] = net->p[1];
    return 2;
}

static int nd_grid(const dn_net *net, dn_net_grid *out)
{
    out->dims = (int)net->p[0];
    out->wrap = (int)net->p[1];
    for (int i = 0; i < out->dims; i++)
        out->side[i] = net->p[2 + i];
    return out->dims;
}

static dn_net_layout_kind grid_layout(const dn_net *net, int64_t *rows, int64_t *cols)
{
    *rows = net->p[0];
    *cols = net->p[1];
    return DN_NET_LAYOUT_ROWS;
}

static int64_t grid_orbit_rep(const dn_net *net, int64_t s)
{
    return net->p[2] ? 0 : s;
}

static int64_t grid_orbit_map(const dn_net *net, int64_t s, int64_t j)
{
    const int64_t rows = net->p[0], cols = net->p[1];
    if (!net->p[2])
        return j;
    return ((j / cols + s / cols) % rows) * cols + (j % cols + s % cols) % cols;
}

extern const dn_net_type dn_type_meshnd, dn_type_torusnd;

#define ND_D(net) ((int)(net)->p[0])
#define ND_WRAP(net) ((int)(net)->p[1])
#define ND_SIDE(net, i) ((net)->p[2 + (i)])

static int sides_count(const char *arg)
{
    int k = 1;
    for (const char *c = arg; *c; c++)
        k += *c == 'x';
    return k;
}

static int nd_setup(dn_net *net, const char *arg, int wrap, const char *syntax, dn_err *err)
{
    char tmp[128];
    int d = 0, rc;
    if (strlen(arg) >= sizeof tmp)
        return dn_fail(err, DN_EINVAL, "expected %s with at most 8 sides", syntax);
    strcpy(tmp, arg);
    if (tmp[0] == 'x' || strstr(tmp, "xx") || tmp[strlen(tmp) - 1] == 'x')
        return dn_fail(err, DN_EINVAL, "%s: a side is missing in '%s' (e.g. %s)", syntax, arg,
                       wrap ? "torus:4x4x4" : "mesh:4x4x4");
    int64_t n = 1, edges = 0;
    for (char *tok = strtok(tmp, "x"); tok; tok = strtok(NULL, "x")) {
        int64_t L;
        if (d == ND_MAX)
            return dn_fail(err, DN_EINVAL, "%s: at most %d sides", syntax, ND_MAX);
        if ((rc = dn_spec_int(tok, 1, DN_NET_MAX_NODES, "side", syntax, &L, err)))
            return rc;
        if (dn_mul_ovf(n, L, &n) || n > DN_NET_MAX_NODES)
            return dn_fail(err, DN_ERANGE, "%s: %s nodes is over the limit of 2^50", syntax, arg);
        ND_SIDE(net, d++) = L;
    }
    net->p[0] = d;
    net->p[1] = wrap;
    net->n = n;
    for (int i = 0; i < d; i++) {
        int64_t L = ND_SIDE(net, i);
        edges += (n / L) * (wrap ? cycle_edges(L) : path_edges(L));
    }
    net->edges = edges;
    net->directed = 0;
    net->max_out = 2 * d;
    net->type = wrap ? &dn_type_torusnd : &dn_type_meshnd;
    return DN_OK;
}

static void nd_coords(const dn_net *net, int64_t v, int64_t *x)
{
    for (int i = ND_D(net) - 1; i >= 0; i--) {
        x[i] = v % ND_SIDE(net, i);
        v /= ND_SIDE(net, i);
    }
}

static int nd_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    int64_t x[ND_MAX], stride = 1;
    int d = 0;
    nd_coords(net, v, x);
    for (int i = ND_D(net) - 1; i >= 0; stride *= ND_SIDE(net, i), i--) {
        int64_t L = ND_SIDE(net, i);
        if (x[i] > 0)
            out[d++] = v - stride;
        else if (ND_WRAP(net) && L > 1)
            out[d++] = v + (L - 1) * stride;
        if (x[i] < L - 1)
            out[d++] = v + stride;
        else if (ND_WRAP(net) && L > 1)
            out[d++] = v - (L - 1) * stride;
    }
    return dn_nbr_normalize(out, d, v); /* drops the doubles and loops of short sides */
}

static void nd_facts(const dn_net *net, dn_facts *f)
{
    f->deg_min = f->deg_max = f->diameter = 0;
    for (int i = 0; i < ND_D(net); i++) {
        int64_t lo, hi, L = ND_SIDE(net, i);
        dim_degrees(L, ND_WRAP(net), &lo, &hi);
        f->deg_min += lo;
        f->deg_max += hi;
        f->diameter += ND_WRAP(net) ? L / 2 : L - 1;
    }
}

static int nd_label(const dn_net *net, int64_t v, char *buf, size_t cap)
{
    int64_t x[ND_MAX];
    size_t n = 0;
    nd_coords(net, v, x);
    for (int i = 0; i < ND_D(net) && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%lld", i ? "," : "", (long long)x[i]);
    return n < cap ? DN_OK : DN_ERANGE;
}

/* A label has exactly d decimal parts "x0,x1,..": anything else (a plain
 * number such as "23" on mesh:2x3x4) is not a label, so it is read as an
 * id (issue 26 item 6: it was taken for a label with x0 = 23). */
static int nd_parse_label(const dn_net *net, const char *s, int64_t *v)
{
    int64_t x[8], id = 0;
    int i = 0;
    const char *p = s;
    for (;;) {
        if (i == ND_D(net) || !dn_parse_dec_prefix(&p, &x[i++]))
            return 0;
        if (!*p)
            break;
        if (*p++ != ',')
            return 0;
    }
    if (i != ND_D(net))
        return 0;
    for (int k = 0; k < i; k++) {
        if (x[k] >= ND_SIDE(net, k)) {
            *v = -1; /* a label of this shape, out of range */
            return 1;
        }
        id = id * ND_SIDE(net, k) + x[k];
    }
    *v = id;
    return 1;
}

static void nd_describe(const dn_net *net, char *buf, size_t cap)
{
    size_t n = 0;
    for (int i = 0; i < ND_D(net) && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%lld", i ? " x " : "",
                              (long long)ND_SIDE(net, i));
    if (n < cap)
        snprintf(buf + n, cap - n, " %s", ND_WRAP(net) ? "torus" : "mesh");
}

/* mesh:RxC, or 3 to 8 sides */
static int grid_init(dn_net *net, int argc, char **argv, int wrap, dn_err *err)
{
    const char *syntax = wrap ? "torus:RxC" : "mesh:RxC";
    int64_t r, c;
    int rc;
    if (argc != 1)
        return dn_fail(err, DN_EINVAL, "expected %s or %s (e.g. %s)", syntax,
                       wrap ? "torus:AxBxC..." : "mesh:AxBxC...", wrap ? "torus:4x4x4" : "mesh:8x8");
    if (sides_count(argv[0]) >= 3)
        return nd_setup(net, argv[0], wrap, wrap ? "torus:AxBxC..." : "mesh:AxBxC...", err);
    if ((rc = parse_dims(argv[0], syntax, &r, &c, err)))
        return rc;
    return grid_setup(net, r, c, wrap, syntax, err);
}

static int mesh_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    return grid_init(net, argc, argv, 0, err);
}

static int torus_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    return grid_init(net, argc, argv, 1, err);
}

static int ring_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t n;
    int rc;
    if (argc != 1)
        return dn_fail(err, DN_EINVAL, "expected ring:N with N >= 1 (e.g. ring:16)");
    if ((rc = dn_spec_int(argv[0], 1, DN_NET_MAX_NODES, "N", "ring:N", &n, err)))
        return rc;
    return grid_setup(net, 1, n, 1, "ring:N", err);
}

static int grid_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    const int64_t R = net->p[0], C = net->p[1];
    const int64_t row = v / C, col = v % C;
    int d = 0;
    if (!net->p[2]) { /* mesh: emitted in ascending id order */
        if (row > 0) out[d++] = v - C;
        if (col > 0) out[d++] = v - 1;
        if (col < C - 1) out[d++] = v + 1;
        if (row < R - 1) out[d++] = v + C;
        return d;
    }
    out[d++] = ((row + R - 1) % R) * C + col;
    out[d++] = ((row + 1) % R) * C + col;
    out[d++] = row * C + (col + C - 1) % C;
    out[d++] = row * C + (col + 1) % C;
    return dn_nbr_normalize(out, d, v);
}

/* min/max degree of one dimension of length L */
static void dim_degrees(int64_t len, int wrap, int64_t *lo, int64_t *hi)
{
    if (len == 1) {
        *lo = *hi = 0;
    } else if (wrap) {
        *lo = *hi = len == 2 ? 1 : 2;
    } else {
        *lo = 1;
        *hi = len == 2 ? 1 : 2;
    }
}

static void grid_facts(const dn_net *net, dn_facts *f)
{
    int64_t rlo, rhi, clo, chi;
    const int64_t R = net->p[0], C = net->p[1];
    dim_degrees(R, (int)net->p[2], &rlo, &rhi);
    dim_degrees(C, (int)net->p[2], &clo, &chi);
    f->deg_min = rlo + clo;
    f->deg_max = rhi + chi;
    f->diameter = net->p[2] ? R / 2 + C / 2 : R + C - 2;
}

static int grid_label(const dn_net *net, int64_t v, char *buf, size_t cap)
{
    return dn_label_pair(v / net->p[1], v % net->p[1], buf, cap);
}

static int grid_parse_label(const dn_net *net, const char *s, int64_t *v)
{
    int64_t a, b;
    if (!dn_parse_pair(s, &a, &b))
        return 0;
    *v = (a >= net->p[0] || b >= net->p[1]) ? -1 : a * net->p[1] + b;
    return 1;
}

static void grid_describe(const dn_net *net, char *buf, size_t cap)
{
    if (net->p[0] == 1 && net->p[2])
        snprintf(buf, cap, "ring of %lld nodes", (long long)net->p[1]);
    else
        snprintf(buf, cap, "%lld x %lld %s", (long long)net->p[0], (long long)net->p[1],
                 net->p[2] ? "torus" : "mesh");
}

const dn_net_type dn_type_meshnd = {
    "meshnd", "mesh:AxBxC...", "mesh of 3 to 8 sides, id row-major (the last side fastest)",
    NULL, nd_neighbors, nd_facts, nd_label, nd_parse_label, nd_describe,
    .routing = nd_routing, .grid = nd_grid,
};
const dn_net_type dn_type_torusnd = {
    "torusnd", "torus:AxBxC...", "torus of 3 to 8 sides, id row-major (the last side fastest)",
    NULL, nd_neighbors, nd_facts, nd_label, nd_parse_label, nd_describe,
    .routing = nd_routing, .grid = nd_grid,
};
const dn_net_type dn_type_mesh = {
    "mesh", "mesh:RxC", "2D mesh, R rows x C columns, id = row * C + col (or AxBxC...: 3 to 8 sides)",
    mesh_init, grid_neighbors, grid_facts, grid_label, grid_parse_label, grid_describe,
    .routing = grid_routing, .grid = grid_grid, .layout = grid_layout,
    .orbit_rep = grid_orbit_rep, .orbit_map = grid_orbit_map,
};
const dn_net_type dn_type_torus = {
    "torus", "torus:RxC", "2D torus (wraparound mesh), id = row * C + col (or AxBxC...)",
    torus_init, grid_neighbors, grid_facts, grid_label, grid_parse_label, grid_describe,
    .routing = grid_routing, .grid = grid_grid, .layout = grid_layout,
    .orbit_rep = grid_orbit_rep, .orbit_map = grid_orbit_map,
};
const dn_net_type dn_type_ring = {
    "ring", "ring:N", "ring (cycle) of N nodes",
    ring_init, grid_neighbors, grid_facts, NULL, NULL, grid_describe,
    .routing = grid_routing, .grid = grid_grid, .layout = grid_layout,
    .orbit_rep = grid_orbit_rep, .orbit_map = grid_orbit_map,
};

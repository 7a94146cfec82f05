/*
 * grid.c - 2D meshes and tori (seed 001 works on 2^k x 2^k meshes without
 * wraparound) and rings.
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

static int mesh_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t r, c;
    int rc;
    if (argc != 1)
        return dn_fail(err, DN_EINVAL, "expected mesh:RxC (e.g. mesh:8x8)");
    if ((rc = parse_dims(argv[0], "mesh:RxC", &r, &c, err)))
        return rc;
    return grid_setup(net, r, c, 0, "mesh:RxC", err);
}

static int torus_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t r, c;
    int rc;
    if (argc != 1)
        return dn_fail(err, DN_EINVAL, "expected torus:RxC (e.g. torus:4x4)");
    if ((rc = parse_dims(argv[0], "torus:RxC", &r, &c, err)))
        return rc;
    return grid_setup(net, r, c, 1, "torus:RxC", err);
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

const dn_net_type dn_type_mesh = {
    "mesh", "mesh:RxC", "2D mesh, R rows x C columns, id = row * C + col",
    mesh_init, grid_neighbors, grid_facts, grid_label, grid_parse_label, grid_describe,
};
const dn_net_type dn_type_torus = {
    "torus", "torus:RxC", "2D torus (wraparound mesh), id = row * C + col",
    torus_init, grid_neighbors, grid_facts, grid_label, grid_parse_label, grid_describe,
};
const dn_net_type dn_type_ring = {
    "ring", "ring:N", "ring (cycle) of N nodes",
    ring_init, grid_neighbors, grid_facts, NULL, NULL, grid_describe,
};

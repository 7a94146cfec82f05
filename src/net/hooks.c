/*
 * hooks.c - what a network family offers the layers above it (issue 30,
 * item 4): its own routing, its grid shape, its word shape and its
 * translations, read from the family's descriptor (net_impl.h). The layers
 * above call these instead of testing a family's name, so a new family
 * gains a router or the grid mappings by filling its descriptor.
 */
#include "net_impl.h"

#include <string.h>

dn_net_routing dn_net_routing_of(const dn_net *net, int64_t *max_nodes)
{
    int64_t nodes = 0;
    dn_net_routing r = net->type && net->type->routing ? net->type->routing(net, &nodes)
                                                       : DN_NET_ROUTING_NONE;
    if (max_nodes)
        *max_nodes = r == DN_NET_ROUTING_NONE ? 0 : nodes;
    return r;
}

int dn_net_grid_of(const dn_net *net, dn_net_grid *grid)
{
    dn_net_grid local; /* grid may be NULL: the count alone */
    if (!grid)
        grid = &local;
    memset(grid, 0, sizeof *grid);
    return net->type && net->type->grid ? net->type->grid(net, grid) : 0;
}

int dn_net_hierarchy_of(const dn_net *net, dn_net_hierarchy *h)
{
    dn_net_hierarchy local; /* h may be NULL: the levels alone */
    if (!h)
        h = &local;
    memset(h, 0, sizeof *h);
    return net->type && net->type->hierarchy ? net->type->hierarchy(net, h) : 0;
}

dn_net_layout_kind dn_net_layout_of(const dn_net *net, int64_t *rows, int64_t *cols)
{
    int64_t r = 0, c = 0;
    dn_net_layout_kind k = net->type && net->type->layout ? net->type->layout(net, &r, &c)
                                                          : DN_NET_LAYOUT_NONE;
    if (rows)
        *rows = r;
    if (cols)
        *cols = c;
    return k;
}

int dn_net_word(const dn_net *net, int *degree, int *length)
{
    int d = 0, l = 0; /* either pointer may be NULL */
    const int r = net->type && net->type->word ? net->type->word(net, &d, &l) : 0;
    if (degree)
        *degree = d;
    if (length)
        *length = l;
    return r;
}

int64_t dn_net_orbit_rep(const dn_net *net, int64_t s)
{
    return net->type && net->type->orbit_rep ? net->type->orbit_rep(net, s) : s;
}

int64_t dn_net_orbit_map(const dn_net *net, int64_t s, int64_t j)
{
    return net->type && net->type->orbit_map ? net->type->orbit_map(net, s, j) : j;
}

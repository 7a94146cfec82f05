/*
 * route_impl.h - the router object behind the opaque dn_router of
 * dcnet/route.h: the algorithm chosen, the route buffer and the BFS
 * scratch. Only src/route reads these fields; everyone else goes through
 * dn_router_init / dn_route / dn_router_algo / dn_router_free.
 */
#ifndef DN_ROUTE_IMPL_H
#define DN_ROUTE_IMPL_H

#include "dcnet/route.h"

struct dn_router {
    const dn_net *net;   /* borrowed */
    const dn_csr *g;     /* borrowed; needed by BFS only */
    dn_route_algo algo;
    int64_t *path;       /* owned: the last route, up to cap entries */
    int64_t cap;
    /* bidirectional BFS scratch (owned; NULL unless algo == BFS) */
    dn_csr rev;          /* reverse graph for directed networks */
    uint32_t *mark;      /* visit stamps, 2 per search */
    int32_t *pred;       /* predecessor (forward side) */
    int32_t *succ;       /* successor (backward side) */
    int32_t *queue;
    uint32_t stamp;
};

#endif

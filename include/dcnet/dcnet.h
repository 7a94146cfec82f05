/*
 * dcnet/dcnet.h - umbrella header of libdcnet: tree-shaped parallel
 * computations (divide-and-conquer, backtracking) on processor networks.
 * Modules, bottom up: base (status, RNG), net (networks), tree (task trees),
 * route (routers), embed (placements), metric (exact metrics).
 * See docs/architecture.md.
 */
#ifndef DCNET_DCNET_H
#define DCNET_DCNET_H

#include "dcnet/base.h"
#include "dcnet/net.h"
#include "dcnet/tree.h"
#include "dcnet/route.h"
#include "dcnet/embed.h"
#include "dcnet/place.h"
#include "dcnet/metric.h"
#include "dcnet/analysis.h"
#include "dcnet/sim.h"
#include "dcnet/balance.h"
#include "dcnet/runtime.h"

#endif

/*
 * simgrid.h - `dcnet simulate --export-simgrid DIR` (issue 40 section 2):
 * the run's network as a SimGrid 3.32 platform (DIR/platform.xml), its
 * messages with sizes, release times and dependencies (DIR/messages.json)
 * and a player for Debian's python3-simgrid (DIR/replay.py). The model,
 * what agrees exactly and what differs: docs/simulator.md, "SimGrid".
 */
#ifndef DCNET_CLI_SIMGRID_H
#define DCNET_CLI_SIMGRID_H

#include "dcnet/net.h"
#include "dcnet/sim.h"

#include <limits.h>

/* SimGrid's Full zone keeps a route slot for every ordered pair of its
 * hosts (FullZone::check_routing_table: an N x N table of pointers, 8
 * bytes each, allocated whole when the zone is sealed): 4096 hosts take
 * 16.8M slots, 128 MiB, before a route is read. Networks with more nodes
 * are refused. */
#define SG_MAX_HOSTS 4096

/* The three files, beside each other in DIR. */
typedef struct sg_export {
    const char *dir; /* NULL: no export */
    char platform[PATH_MAX], messages[PATH_MAX], replay[PATH_MAX];
} sg_export;

/* The options' part, before anything is read: DIR (given, not an existing
 * non-directory, writable, or a new name in a writable directory; the
 * three files not directories), switching saf or vct, one run (no
 * --all-roots). Fills x's paths. 0, or the exit code after the message. */
int sg_check_opts(const char *cmd, sg_export *x, dn_switching sw, int all_roots);
/* The network's part: link costs (SimGrid is in seconds and bytes) and at
 * most SG_MAX_HOSTS nodes. 0, or the exit code after the message. */
int sg_check_net(const char *cmd, const sg_export *x, const dn_net *net);
/* The workload's part, before it is played: every size a whole number of
 * bytes (SimGrid's comms carry whole bytes), no hop from a node to itself,
 * and one route per pair of hosts that a comm joins (a Full zone holds
 * one): under saf each hop's pair, under vct each message's ends. O(hops
 * log hops). 0, or the exit code after the message. */
int sg_check_work(const char *cmd, const sg_export *x, const dn_net *net, const dn_sim_work *w,
                  dn_switching sw);
/* Writes the three files (DIR made if missing) after a run without
 * deadlock; res needs the timeline (dn_sim_opts.timeline) for dcnet's own
 * times, written beside each message. The files are declared outputs
 * (out_plan): renamed into place when the command succeeds. 0, or the exit
 * code after the message. */
int sg_write(const char *cmd, sg_export *x, const dn_net *net, const dn_sim_work *w,
             const dn_sim_opts *so, const dn_sim_result *res);

#endif

/*
 * best.c - `--map best` (issue 31, item 7): every mapping that applies to
 * the net and tree is tried, each measured exactly (dn_metrics_compute),
 * and the best kept. It sits in src/metric because choosing needs the
 * metrics, which sit above the embeddings.
 *
 * Candidates, in this order (ties go to the earlier): the seeds' mappings
 * (zrl, cbt, binomial, dccube, xor, reflecting, growing, reflecting-nd,
 * growing-nd, sneptree: each
 * applies to its own networks and trees and refuses the rest, which is
 * how best learns that it does not apply), identity, greedy, drb, SCOTCH where
 * it is built in (on the compact part, and as "scotch:whole" on every
 * processor when the tree is smaller than the machine and there is no
 * allocation: on tori its spread placements sometimes have fewer
 * conflicts), and random with the seeds S, S+1, S+2 (S = opts.seed).
 * A candidate that fails for another reason than not applying (out of
 * memory, a limit) fails the whole choice: a silently missing candidate
 * would make the winner a lie.
 *
 * The winner is chosen lexicographically: the caller's objective first if
 * one is given (--objective), then phase conflicts (pairs of messages of
 * one phase on one link), the maximum link load (the most messages on one
 * link in one phase: the "maximum link load", the same key as
 * refinement's conflicts objective), hop-bytes (the weighted dilation
 * total), congestion (most messages on one link over the run) and average
 * dilation. Congestion over the run comes after hop-bytes on purpose: it
 * rewards spreading a small tree over the whole machine (on
 * torus:16x16x16, B(7) spread by SCOTCH has congestion 1 at average
 * dilation 2.93, against drb's compact 1.13 with congestion 2), while two
 * contention-free placements run alike and the shorter routes win.
 * Without opts.refine_moves every candidate is polished: min(20 T,
 * DN_BEST_POLISH_MAX) moves of refinement as a descent that worsens none
 * of the figures ranked (opts.refine_descent), so a candidate only gains
 * and the winner is at least as good in every figure as each mapping
 * alone. SCOTCH minimises dilation and leaves conflicts; the polish
 * removes them where a move does it at no cost (the recorded nqueens 9
 * tree on fattree:8:3: SCOTCH's 4 conflicts at 2.6957 become 0 at 2.6890).
 * Objective time (the simulated run) comes from the caller's opts.time_fn,
 * one run per candidate after its refinement; a deadlock is +infinity.
 * With opts.refine_moves every candidate is refined with that budget
 * (inside dn_embed_init) before it is measured. Every figure is an exact count or a sum of the
 * same weights in the same order, so the comparison is reproducible.
 * Cost: the sum of the candidates' mapping and metric costs.
 */
#include "dcnet/metric.h"
#include "../base/args_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const candidates[] = {
    "zrl",      "cbt",      "binomial", "dccube", "xor",    "reflecting", "growing",
    "reflecting-nd", "growing-nd", "sneptree", "identity", "greedy", "drb", "scotch", "scotch:whole", "random", "random", "random",
};
#define NCAND ((int)(sizeof candidates / sizeof candidates[0]))

/* One figure of a candidate as a double (exact for counts below 2^53). */
static double figure(const dn_best_candidate *c, int objective)
{
    switch (objective) {
    case DN_OBJECTIVE_DILATION: return c->dil_avg;
    case DN_OBJECTIVE_HOP_BYTES: return c->hop_bytes;
    case DN_OBJECTIVE_CONFLICTS: return (double)c->conflicts;
    case DN_OBJECTIVE_CONGESTION: return (double)c->congestion;
    case DN_OBJECTIVE_TIME: return c->time;
    }
    return 0;
}

/* <0 when a beats b, >0 when b beats a, 0 on a tie: the objective first
 * (if one is given, >= 0), then the default order */
static int compare(const dn_best_candidate *a, const dn_best_candidate *b, int objective)
{
    if (objective >= 0 && figure(a, objective) != figure(b, objective))
        return figure(a, objective) < figure(b, objective) ? -1 : 1;
    if (a->conflicts != b->conflicts)
        return a->conflicts < b->conflicts ? -1 : 1;
    if (a->max_link_load != b->max_link_load)
        return a->max_link_load < b->max_link_load ? -1 : 1;
    if (a->hop_bytes != b->hop_bytes)
        return a->hop_bytes < b->hop_bytes ? -1 : 1;
    if (a->congestion != b->congestion)
        return a->congestion < b->congestion ? -1 : 1;
    if (a->dil_avg != b->dil_avg)
        return a->dil_avg < b->dil_avg ? -1 : 1;
    return 0;
}

/* Does this failure say "this mapping is not for this net and tree"? */
static int not_applicable(int rc)
{
    return rc == DN_EINVAL || rc == DN_ENOTSUP || rc == DN_ENOTFOUND;
}

int dn_best_init(dn_embed **out, const dn_net *net, const dn_tree *tree,
                 const dn_embed_opts *opts, const dn_metric_opts *mo, int objective,
                 dn_best_result *res, dn_err *err)
{
    DN_NEED(err, out);
    DN_NEED(err, opts);
    DN_NEED(err, net);
    DN_NEED(err, tree);
    DN_NEED(err, res);
    if (objective < -1 || objective > DN_OBJECTIVE_TIME)
        return dn_fail_param(err, DN_EINVAL, "objective",
                             "objective %d is neither -1 (the default order) nor a "
                             "dn_objective value", objective);
    if (objective == DN_OBJECTIVE_TIME && !opts->time_fn)
        return dn_fail_param(err, DN_EINVAL, "objective",
                             "objective time needs a simulator to time each candidate "
                             "(opts.time_fn; dn_sim_objective_time of sim.h is one)");
    *out = NULL;
    memset(res, 0, sizeof *res);
    res->winner = -1;
    dn_embed *best = NULL;
    int rc = DN_OK, nrandom = 0;
    for (int i = 0; i < NCAND && !rc; i++) {
        dn_best_candidate *c = &res->cand[res->n++];
        dn_embed_opts o = *opts;
        o.map = candidates[i];
        if (o.refine_moves == 0) { /* the polish: a descent that worsens nothing */
            o.refine_moves = 20 * tree->nodes < DN_BEST_POLISH_MAX ? 20 * tree->nodes
                                                                   : DN_BEST_POLISH_MAX;
            o.refine_descent = 1;
            o.objective = DN_OBJECTIVE_CONFLICTS;
        }
        snprintf(c->map, sizeof c->map, "%s", o.map);
        if (strcmp(o.map, "random") == 0) {
            o.seed = opts->seed + (uint64_t)nrandom++;
            snprintf(c->map, sizeof c->map, "random:%llu", (unsigned long long)o.seed);
        }
        if (strcmp(o.map, "scotch:whole") == 0) { /* SCOTCH on every processor */
            o.map = "scotch";
            o.scotch_part = DN_SCOTCH_PART_WHOLE;
            if (opts->alloc || tree->nodes >= dn_net_processors(net)) {
                res->n--; /* the same as the compact part: not tried twice */
                continue;
            }
        }
        if (strcmp(o.map, "scotch") == 0 && !dn_have_scotch()) {
            c->status = DN_ENOTSUP;
            snprintf(c->why, sizeof c->why, "SCOTCH is not built in");
            continue;
        }
        dn_embed *e = NULL;
        dn_err cerr;
        int crc = dn_embed_init(&e, net, tree, &o, &cerr);
        dn_metrics m;
        if (!crc) {
            crc = dn_metrics_compute(e, mo, &m, &cerr);
            if (crc)
                dn_embed_free(e);
        }
        c->status = crc;
        if (crc) {
            snprintf(c->why, sizeof c->why, "%.250s", cerr.msg);
            if (!not_applicable(crc)) { /* a real failure: no honest winner */
                rc = dn_fail(err, crc, "mapping best: candidate %s failed: %s", c->map, cerr.msg);
                res->n--;
            }
            continue;
        }
        c->conflicts = m.conflicts;
        c->congestion = m.congestion;
        c->max_link_load = m.max_link_load;
        c->hop_bytes = m.w_total;
        c->dil_avg = m.dil_avg;
        c->dil_max = m.dil_max;
        c->load_max = m.load_max;
        c->time = NAN;
        dn_metrics_free(&m);
        if (objective == DN_OBJECTIVE_TIME && (crc = opts->time_fn(opts->time_ctx, e, &c->time,
                                                                   &cerr))) {
            dn_embed_free(e);
            rc = dn_fail(err, crc, "mapping best: timing candidate %s failed: %s", c->map,
                         cerr.msg);
            res->n--;
            continue;
        }
        if (res->winner < 0 || compare(c, &res->cand[res->winner], objective) < 0) {
            dn_embed_free(best);
            best = e;
            res->winner = res->n - 1;
        } else {
            dn_embed_free(e);
        }
    }
    if (!rc && !best) { /* greedy applies to any network: its refusal is the reason */
        const char *why = "";
        for (int i = 0; i < res->n; i++)
            if (strcmp(res->cand[i].map, "greedy") == 0)
                why = res->cand[i].why;
        rc = dn_fail_param(err, DN_EINVAL, "map", "mapping best: no mapping applies to %s%s%s",
                           net->spec, why[0] ? ": " : "", why);
    }
    if (rc) {
        dn_embed_free(best);
        return rc;
    }
    *out = best;
    return DN_OK;
}

/*
 * best.c - `--map best` (issue 31, item 7): every mapping that applies to
 * the net and tree is tried, each measured exactly (dn_metrics_compute),
 * and the best kept. It sits in src/search, above src/metric, because
 * choosing needs the metrics, which sit above the embeddings.
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
 * Every mapping is first a candidate alone (issue 37 item 1: a row names
 * what ran). Then, without opts.refine_moves, it is polished: min(20 T,
 * DN_BEST_POLISH_MAX) moves of refinement as a descent that worsens none
 * of the figures ranked (opts.refine_descent); when that changed the
 * placement, the polished one is a further candidate, "MAP+polish". So the
 * winner is at least as good by the ranked key as each mapping alone, and
 * a polished winner says so. SCOTCH minimises dilation and leaves
 * conflicts; the polish removes them where a move does it at no cost (the
 * recorded nqueens 9 tree on fattree:8:3: SCOTCH's 4 conflicts at 2.6957
 * become 0 at 2.6890). The polish does not order times, so under
 * objective time it does not run (it took growing on mesh:8x8 B(6) from
 * 9.03125 to 14.515625 under growing's name). With opts.refine_moves the
 * refined mapping is the further candidate, "MAP+refine", refined by the
 * caller's objective (time included). A mapping whose own placement is
 * refused is not refined (dn_embed_init checks the allocation before
 * refinement); a refinement that fails, other than for memory, leaves the
 * mapping alone standing and is listed with its reason.
 * Objective time (the simulated run) comes from the caller's opts.time_fn,
 * one run per candidate; a deadlock is +infinity. Every figure is an exact
 * count or a sum of the same weights in the same order, so the comparison
 * is reproducible.
 * Cost: the sum of the candidates' mapping and metric costs, each mapping
 * built twice when it is refined or polished.
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
    "hier",
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

/* Measures embedding e into candidate c (the figures best ranks by, and
 * under objective time one run). DN_OK, or the failure with err filled. */
static int measure(dn_embed *e, const dn_metric_opts *mo, const dn_embed_opts *opts,
                   int objective, dn_best_candidate *c, dn_err *err)
{
    dn_metrics m;
    int rc = dn_metrics_compute(e, mo, &m, err);
    if (rc)
        return rc;
    c->conflicts = m.conflicts;
    c->congestion = m.congestion;
    c->max_link_load = m.max_link_load;
    c->hop_bytes = m.w_total;
    c->dil_avg = m.dil_avg;
    c->dil_max = m.dil_max;
    c->load_max = m.load_max;
    c->time = NAN;
    dn_metrics_free(&m);
    if (objective == DN_OBJECTIVE_TIME)
        rc = opts->time_fn(opts->time_ctx, e, &c->time, err);
    return rc;
}

/* Keeps e when candidate res->cand[i] beats the winner so far (ties go
 * to the earlier), else frees it. */
static void consider(dn_best_result *res, int i, dn_embed *e, dn_embed **best, int objective)
{
    if (res->winner < 0 || compare(&res->cand[i], &res->cand[res->winner], objective) < 0) {
        dn_embed_free(*best);
        *best = e;
        res->winner = i;
    } else {
        dn_embed_free(e);
    }
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
    /* hier's search stops at its moves or this cutoff; the other
     * refinements only at a cutoff the caller gave (as before issue 39) */
    res->cutoff = opts->search_seconds > 0 ? opts->search_seconds : DN_BEST_DEFAULT_SECONDS;
    dn_embed *best = NULL;
    int rc = DN_OK, nrandom = 0;
    /* what runs after each mapping: the caller's refinement (opts.refine_moves),
     * else the polish, a descent on the contention figures that worsens none
     * of the figures ranked. The polish does not order times, so under
     * objective time it does not run (--refine N --objective time refines
     * each candidate by its simulated time instead). */
    const int user_refine = opts->refine_moves > 0;
    const int after = user_refine || objective != DN_OBJECTIVE_TIME;
    const char *const suffix0 = user_refine ? "+refine" : "+polish";
    for (int i = 0; i < NCAND && !rc; i++) {
        if (opts->stop && *opts->stop) {
            rc = dn_fail(err, DN_ELIMIT, "stopped by the caller");
            break;
        }
        dn_best_candidate *c = &res->cand[res->n++];
        dn_embed_opts o = *opts;
        o.map = candidates[i];
        o.refine_moves = 0; /* the mapping alone first: it stays a candidate */
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
        if (!crc && (crc = measure(e, mo, opts, objective, c, &cerr)))
            dn_embed_free(e);
        c->status = crc;
        if (crc) {
            snprintf(c->why, sizeof c->why, "%.250s", cerr.msg);
            if (!not_applicable(crc)) { /* a real failure: no honest winner */
                rc = dn_fail(err, crc, "mapping best: candidate %s failed: %s", c->map, cerr.msg);
                res->n--;
            }
            continue;
        }
        const int plain = res->n - 1;
        consider(res, plain, e, &best, objective);
        const int plain_won = res->winner == plain; /* best is e */
        if (!after)
            continue;
        /* the same mapping refined (or polished): a row of its own, named
         * so, when it changed the placement; the mapping alone stays.
         * hier's is the search (issue 39): threshold accepting by the
         * ranked key, most targets near a tree neighbour */
        const int search = strcmp(o.map, "hier") == 0;
        const char *suffix = search && !user_refine ? "+search" : suffix0;
        if (search) {
            o.refine_near = 12;
            o.search_seconds = res->cutoff;
        }
        if (user_refine) {
            o.refine_moves = opts->refine_moves;
        } else if (search) {
            const int64_t per = DN_BEST_SEARCH_PER_TASK * tree->nodes;
            o.refine_moves = per < DN_BEST_SEARCH_MAX ? per : DN_BEST_SEARCH_MAX;
            o.refine_descent = 0;
            o.objective = objective >= 0 ? (dn_objective)objective : DN_OBJECTIVE_CONFLICTS;
        } else {
            o.refine_moves = 20 * tree->nodes < DN_BEST_POLISH_MAX ? 20 * tree->nodes
                                                                   : DN_BEST_POLISH_MAX;
            o.refine_descent = 1;
            o.objective = DN_OBJECTIVE_CONFLICTS;
        }
        dn_embed *e2 = NULL;
        dn_best_candidate *c2 = &res->cand[res->n++];
        /* the plain row's name (at most "random:" and 20 digits) and the suffix */
        const size_t nl = strlen(res->cand[plain].map);
        memcpy(c2->map, res->cand[plain].map, nl);
        memcpy(c2->map + nl, suffix, strlen(suffix) + 1);
        c2->polished = 1;
        crc = dn_embed_init(&e2, net, tree, &o, &cerr);
        dn_refine_stats st;
        if (!crc && dn_embed_refine_stats(e2, &st)) {
            res->moves += st.tried;
            res->seconds += st.seconds;
            res->stopped |= st.stopped;
        }
        if (!crc && (!dn_embed_refine_stats(e2, &st) || st.improved == 0)) {
            /* nothing changed (or refinement could not run: a mapping's own
             * map-edge): no row; the mapping alone keeps the refinement's
             * figures if it is the winner, the placement being the same */
            res->n--;
            if (plain_won && dn_embed_refine_stats(e2, &st)) {
                dn_embed_free(best);
                best = e2;
            } else {
                dn_embed_free(e2);
            }
            continue;
        }
        if (!crc && (crc = measure(e2, mo, opts, objective, c2, &cerr)))
            dn_embed_free(e2);
        c2->status = crc;
        if (crc) { /* the refinement failed; the mapping alone stands */
            snprintf(c2->why, sizeof c2->why, "%.250s", cerr.msg);
            if (crc == DN_ENOMEM) {
                rc = dn_fail(err, crc, "mapping best: candidate %s failed: %s", c2->map,
                             cerr.msg);
                res->n--;
            }
            continue;
        }
        consider(res, res->n - 1, e2, &best, objective);
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

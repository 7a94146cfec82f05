/*
 * objective.c - the simulated time as a placement's objective (issue 31,
 * item 5: "time (the simulated divide stage): by re-simulation, small
 * trees only"). Refinement (src/search/refine.c) and the best mapping
 * (src/search/best.c) sit below the simulator, so they take the time
 * through a callback, dn_embed_opts.time_fn; this file is that callback:
 * the workload of the embedding as it stands (seed 001's divide stage by
 * default, or whatever stage, sizes and switching the caller's options
 * say), played by one engine reused across calls. A deadlock is
 * +infinity, so any run that finishes beats it.
 */
#include "dcnet/sim.h"
#include "../base/args_impl.h"

#include <math.h>
#include <string.h>

int dn_sim_objective_init(dn_sim_objective *o, const dn_sim_opts *so, const dn_sim_work_opts *wo,
                          dn_err *err)
{
    DN_NEED(err, o);
    DN_NEED(err, so);
    DN_NEED(err, wo);
    memset(o, 0, sizeof *o);
    o->so = *so;
    o->so.progress = NULL; /* one run of many: no progress, no per-message output */
    o->so.progress_ctx = NULL;
    o->so.on_message = NULL;
    o->so.message_ctx = NULL;
    o->so.timeline = 0;
    o->so.links = 0;
    o->wo = *wo;
    return dn_sim_init(&o->engine, &o->so, err);
}

void dn_sim_objective_free(dn_sim_objective *o)
{
    if (!o)
        return;
    dn_sim_free(o->engine);
    o->engine = NULL;
}

int dn_sim_objective_time(void *ctx, dn_embed *e, double *time, dn_err *err)
{
    DN_NEED(err, ctx);
    DN_NEED(err, e);
    DN_NEED(err, time);
    dn_sim_objective *o = ctx;
    dn_sim_work w;
    dn_sim_result res;
    memset(&w, 0, sizeof w);
    memset(&res, 0, sizeof res);
    int rc = dn_sim_work_from_embed(&w, e, &o->wo, err);
    if (!rc)
        rc = dn_sim_run(o->engine, &w, &res, err);
    if (!rc) {
        *time = res.deadlock ? INFINITY : res.time;
        o->runs++;
    }
    dn_sim_result_free(&res);
    dn_sim_work_free(&w);
    return rc;
}

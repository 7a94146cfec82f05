/*
 * cure.c - after a deadlock, the fewest lanes that cure it (seed 001
 * section 5's wormhole switching deadlocks on cyclic channel dependencies;
 * more virtual channels per link break some cycles, never all): the same
 * workload played again with one lane more at a time, so that a suggested
 * cure is always one that was seen to complete.
 */
#include "dcnet/sim.h"
#include "../base/args_impl.h"

int dn_sim_find_cure(const dn_sim_opts *opts, const dn_sim_work *w, int max_vcs, int *vcs,
                     dn_err *err)
{
    DN_NEED(err, opts);
    DN_NEED(err, w);
    DN_NEED(err, vcs);
    *vcs = 0;
    for (int v = (opts->vcs > 0 ? opts->vcs : 1) + 1; v <= max_vcs; v++) {
        dn_sim_opts so = *opts;
        dn_sim *sim = NULL;
        dn_sim_result r;
        so.vcs = v;
        so.progress = NULL;
        so.on_message = NULL; /* the rows are the run's, not the cure's */
        int rc = dn_sim_init(&sim, &so, err);
        if (!rc)
            rc = dn_sim_run(sim, w, &r, err);
        dn_sim_free(sim);
        if (rc)
            return rc;
        int done = !r.deadlock;
        dn_sim_result_free(&r);
        if (done) {
            *vcs = v;
            break;
        }
    }
    return DN_OK;
}

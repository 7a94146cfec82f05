/*
 * balance.c - dn_balance: checks the input once, fills the fields every
 * algorithm shares (total, average, initial and final spread, the seed's
 * sum of Delta_i) and dispatches to the protocol (protocol.c), the
 * baselines (baselines.c) or the centralised plan (optimal.c).
 */
#include "bal_impl.h"
#include "../base/args_impl.h"
#include "../base/names_impl.h"

#include <stdlib.h>
#include <string.h>

static const char *const algo_names[] = {"spanning", "absorb", "tree", "diffusion", "dimension-exchange",
                                         "optimal"};

DN_NAMES_DEFINE(bal_algo, algo_names)

void dn_bal_result_free(dn_bal_result *r)
{
    if (!r)
        return;
    free(r->final);
    r->final = NULL;
}

int dn_bal_check(int k, const int64_t *loads, const dn_bal_opts *opts, int64_t *total,
                 dn_err *err)
{
    DN_NEED(err, loads);
    int64_t t = 0, n = (int64_t)1 << k;
    for (int64_t x = 0; x < n; x++) {
        if (loads[x] < 0)
            return dn_fail(err, DN_EINVAL, "balance: processor %lld has a negative load %lld",
                           (long long)x, (long long)loads[x]);
        t += loads[x];
        if (t >= ((int64_t)1 << 31))
            return dn_fail(err, DN_ERANGE, "balance: more than 2^31 - 1 tasks in all; use "
                                           "smaller loads");
    }
    int64_t limit = opts && opts->mem_limit > 0 ? opts->mem_limit : (int64_t)8 << 30;
    /* measured peaks: 76 MB for DDB(16) with 1M tasks (spanning), 733 MB for
     * DDB(20) with 8.4M (task lists grow by doubling, tasks in flight are
     * copied, the root gathers every surplus): 64 B per task + 400 B per node
     * stays above both */
    int64_t need = 64 * t + 400 * n;
    if (need > limit) {
        char a[32], b[32];
        return dn_fail(err, DN_ERANGE, "balance: %lld tasks on DDB(%d) need about %s, over the "
                                       "memory limit of %s",
                       (long long)t, k, dn_fmt_bytes(a, sizeof a, need),
                       dn_fmt_bytes(b, sizeof b, limit));
    }
    if (total)
        *total = t;
    return DN_OK;
}

int dn_balance(int k, const int64_t *loads, dn_bal_algo algo, const dn_bal_opts *opts,
               dn_bal_result *out, dn_err *err)
{
    DN_NEED(err, loads);
    DN_NEED(err, out);
    memset(out, 0, sizeof *out);
    if (k < 1 || k > DN_BAL_MAX_K)
        return dn_fail(err, DN_ERANGE, "balance: k must be in 1..%d (DDB(%d) has 2^%d nodes), "
                                       "got %d", DN_BAL_MAX_K, DN_BAL_MAX_K, DN_BAL_MAX_K, k);
    if ((unsigned)algo >= DN_BAL_NALGO)
        return dn_fail(err, DN_EINVAL, "balance: unknown algorithm %d", (int)algo);
    if (algo == DN_BAL_OPTIMAL && k > DN_BAL_OPTIMAL_MAX_K)
        return dn_fail(err, DN_ERANGE, "optimal plan: DDB(%d) is too large for GLPK's "
                                       "out-of-kilter solver: k <= %d", k, DN_BAL_OPTIMAL_MAX_K);
    dn_bal_opts defaults = {0};
    bal_in in = {k, (int64_t)1 << k, ((int64_t)1 << k) - 1, (int64_t)1 << (k - 1), loads, 0, 0,
                 0, opts ? opts : &defaults};
    int rc = dn_bal_check(k, loads, in.opts, &in.total, err);
    if (rc)
        return rc;
    in.avg = in.total / in.n;
    in.rem = in.total % in.n;
    out->algo = algo;
    out->n = in.n;
    out->total = in.total;
    out->average = in.avg;
    out->init_min = out->init_max = loads[0];
    for (int64_t x = 0; x < in.n; x++) {
        int64_t d = loads[x] - dn_bal_target(x, in.avg, in.rem);
        out->transfer_sum += d > 0 ? d : -d;
        if (loads[x] < out->init_min)
            out->init_min = loads[x];
        if (loads[x] > out->init_max)
            out->init_max = loads[x];
    }
    if (!(out->final = calloc((size_t)in.n, sizeof *out->final)))
        return dn_fail(err, DN_ENOMEM, "balance: out of memory for %lld loads", (long long)in.n);
    rc = DN_OK;
    switch (algo) {
    case DN_BAL_SPANNING:
    case DN_BAL_ABSORB:
    case DN_BAL_TREE: rc = bal_protocol(&in, algo, out, err); break;
    case DN_BAL_DIFFUSION: rc = bal_diffusion(&in, out, err); break;
    case DN_BAL_DIMEX: rc = bal_dimex(&in, out, err); break;
    default: rc = bal_optimal(&in, out, err); break;
    }
    if (rc) {
        dn_bal_result_free(out);
        return rc;
    }
    out->final_min = out->final_max = out->final[0];
    for (int64_t x = 0; x < in.n; x++) {
        if (out->final[x] < out->final_min)
            out->final_min = out->final[x];
        if (out->final[x] > out->final_max)
            out->final_max = out->final[x];
    }
    out->within_one = out->final_max - out->final_min <= 1;
    return DN_OK;
}

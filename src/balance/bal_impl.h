/*
 * bal_impl.h - internals shared by the balancing runs (balance.c
 * dispatches; protocol.c, baselines.c and optimal.c each fill the
 * algorithm-specific fields of a dn_bal_result: steps, rounds, message and
 * task counts, phase times, conserved, and final[]).
 */
#ifndef DN_BAL_IMPL_H
#define DN_BAL_IMPL_H

#include "dcnet/balance.h"

/* Common inputs, checked by dn_balance before any algorithm runs. */
typedef struct bal_in {
    int k;
    int64_t n, mask, half;
    const int64_t *loads;
    int64_t total, avg, rem;
    const dn_bal_opts *opts;
} bal_in;

/* variant: DN_BAL_SPANNING, DN_BAL_ABSORB or DN_BAL_TREE */
int bal_protocol(const bal_in *in, int variant, dn_bal_result *r, dn_err *err);
int bal_diffusion(const bal_in *in, dn_bal_result *r, dn_err *err);
int bal_dimex(const bal_in *in, dn_bal_result *r, dn_err *err);
int bal_optimal(const bal_in *in, dn_bal_result *r, dn_err *err);

#endif

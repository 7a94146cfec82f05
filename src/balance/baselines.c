/*
 * baselines.c - the classic load balancers seed 003's protocol is measured
 * against, run in synchronous rounds with the same cost model (a transfer
 * of m tasks holds a link m time units; each round first exchanges loads
 * with the neighbours, one time unit):
 *
 *  - first-order diffusion (Cybenko 1989) on the underlying undirected
 *    graph of DDB(k) (links used both ways, maximum degree d = 4): each
 *    round every edge moves floor((l_i - l_j) / (d + 1)) tasks from the
 *    fuller end, the integer form of x' = x - L x / (d + 1). Integer
 *    diffusion stalls once every edge differs by at most d; it then moves
 *    single tasks down edges that differ by two or more (one per node and
 *    round, largest difference first), and stops when no edge differs by
 *    two: the spread left is reported, not hidden (within_one may be 0).
 *  - dimension exchange on the hypercube of N = 2^k nodes: round i pairs
 *    X with X xor 2^(i mod k); each pair splits its sum, the odd task going
 *    to a side drawn from the seeded generator (a fixed side can freeze at
 *    a spread of k). Runs until the loads are within one.
 *
 * Loads are counts here (tasks are interchangeable); conservation is the
 * sum and non-negativity, checked at the end.
 */
#include "bal_impl.h"

#include <stdlib.h>
#include <string.h>

static void spread(const int64_t *l, int64_t n, int64_t *lo, int64_t *hi)
{
    *lo = *hi = l[0];
    for (int64_t i = 1; i < n; i++) {
        if (l[i] < *lo)
            *lo = l[i];
        if (l[i] > *hi)
            *hi = l[i];
    }
}

static int64_t max_rounds(const bal_in *in)
{
    return in->opts->max_rounds > 0 ? in->opts->max_rounds : 100000;
}

static void finish_counts(const bal_in *in, dn_bal_result *r)
{
    int64_t sum = 0, neg = 0;
    for (int64_t x = 0; x < in->n; x++) {
        sum += r->final[x];
        neg += r->final[x] < 0;
    }
    r->conserved = sum == in->total && neg == 0;
}

/* Undirected edges of DDB(k) as (u < v) pairs, loops and repeats dropped. */
static int ddb_edges(const bal_in *in, int64_t **eu, int64_t **ev, int64_t *ne, dn_err *err)
{
    int64_t cap = 2 * in->n, m = 0;
    int64_t *u = malloc((size_t)cap * sizeof *u), *v = malloc((size_t)cap * sizeof *v);
    if (!u || !v) {
        free(u), free(v);
        return dn_fail(err, DN_ENOMEM, "diffusion: out of memory for DDB(%d)", in->k);
    }
    for (int64_t x = 0; x < in->n; x++)
        for (int b = 0; b < 2; b++) {
            int64_t y = ((x << 1) | b) & in->mask;
            if (y == x)
                continue;
            /* x -> y and y -> x both exist only if y's out-link reaches x:
             * keep that pair once, from its smaller end */
            int64_t back0 = (y << 1) & in->mask, back1 = back0 | 1;
            if ((back0 == x || back1 == x) && y < x)
                continue;
            u[m] = x < y ? x : y;
            v[m] = x < y ? y : x;
            m++;
        }
    *eu = u;
    *ev = v;
    *ne = m;
    return DN_OK;
}

int bal_diffusion(const bal_in *in, dn_bal_result *r, dn_err *err)
{
    int64_t *eu = NULL, *ev = NULL, ne = 0;
    int rc = ddb_edges(in, &eu, &ev, &ne, err);
    if (rc)
        return rc;
    int64_t *l = r->final, *amt = malloc((size_t)ne * sizeof *amt);
    int64_t *best = malloc((size_t)in->n * sizeof *best);
    if (!amt || !best) {
        free(eu), free(ev), free(amt), free(best);
        return dn_fail(err, DN_ENOMEM, "diffusion: out of memory for DDB(%d)", in->k);
    }
    memcpy(l, in->loads, (size_t)in->n * sizeof *l);
    const int64_t cap = max_rounds(in);
    int64_t lo, hi;
    spread(l, in->n, &lo, &hi);
    while (hi - lo > 1 && r->rounds < cap) {
        int64_t moved = 0, longest = 0;
        for (int64_t i = 0; i < ne; i++) {
            int64_t d = l[eu[i]] - l[ev[i]];
            amt[i] = d >= 0 ? d / 5 : -((-d) / 5); /* + : u -> v */
            moved += amt[i] != 0;
        }
        if (moved == 0) {
            /* stalled: one task per node down its steepest edge (diff >= 2) */
            for (int64_t x = 0; x < in->n; x++)
                best[x] = -1;
            for (int64_t i = 0; i < ne; i++) {
                int64_t d = l[eu[i]] - l[ev[i]];
                int64_t from = d > 0 ? eu[i] : ev[i], dd = d > 0 ? d : -d;
                if (dd >= 2 && (best[from] < 0 || dd > llabs(l[eu[best[from]]] - l[ev[best[from]]])))
                    best[from] = i;
            }
            for (int64_t i = 0; i < ne; i++)
                amt[i] = 0;
            for (int64_t x = 0; x < in->n; x++)
                if (best[x] >= 0) {
                    amt[best[x]] = eu[best[x]] == x ? 1 : -1;
                    moved++;
                }
            if (moved == 0)
                break; /* every edge within one: diffusion cannot go further */
        }
        for (int64_t i = 0; i < ne; i++) {
            if (!amt[i])
                continue;
            int64_t a = amt[i] > 0 ? amt[i] : -amt[i];
            l[eu[i]] -= amt[i];
            l[ev[i]] += amt[i];
            r->messages++;
            r->tasks_moved += a;
            r->task_hops += a;
            r->message_hops++;
            if (a > longest)
                longest = a;
        }
        r->messages += 2 * ne; /* the load exchange, both ways on every edge */
        r->message_hops += 2 * ne;
        r->steps += 1.0 + (double)longest;
        r->rounds++;
        spread(l, in->n, &lo, &hi);
    }
    free(eu), free(ev), free(amt), free(best);
    finish_counts(in, r);
    return DN_OK;
}

int bal_dimex(const bal_in *in, dn_bal_result *r, dn_err *err)
{
    (void)err;
    int64_t *l = r->final;
    memcpy(l, in->loads, (size_t)in->n * sizeof *l);
    dn_rng rng;
    dn_rng_seed(&rng, in->opts->seed);
    const int64_t cap = max_rounds(in);
    int64_t lo, hi;
    spread(l, in->n, &lo, &hi);
    while (hi - lo > 1 && r->rounds < cap) {
        const int64_t bit = (int64_t)1 << (r->rounds % in->k);
        int64_t longest = 0;
        for (int64_t x = 0; x < in->n; x++) {
            if (x & bit)
                continue;
            int64_t y = x | bit, s = l[x] + l[y], nx = s / 2;
            if (s & 1)
                nx += (int64_t)(dn_rng_next(&rng) >> 63);
            int64_t a = nx > l[x] ? nx - l[x] : l[x] - nx;
            if (a) {
                r->messages++;
                r->message_hops++;
                r->tasks_moved += a;
                r->task_hops += a;
                if (a > longest)
                    longest = a;
            }
            l[x] = nx;
            l[y] = s - nx;
        }
        r->messages += in->n; /* each pair swaps its loads */
        r->message_hops += in->n;
        r->steps += 1.0 + (double)longest;
        r->rounds++;
        spread(l, in->n, &lo, &hi);
    }
    finish_counts(in, r);
    return DN_OK;
}

/*
 * optimal.c - the centralised baseline: a transfer plan of minimum
 * task-hops computed with global knowledge, then executed under the same
 * link model as the protocol (one task per link per time unit).
 *
 * Plan: a min-cost flow on DDB(k)'s directed links (cost 1 per task per
 * hop, no capacity), supplies l_X - AVG, and a sink that takes the L mod N
 * extra tasks through a unit-capacity arc from every node, so the flow
 * also chooses which processors end with AVG + 1. Solved by GLPK's
 * out-of-kilter algorithm (glp_mincost_okalg; Debian's GLPK ships its
 * RELAX-IV driver disabled for licensing reasons); this file is optional
 * and compiled only when GLPK is found (DN_HAVE_GLPK).
 *
 * Execution: the flow has no cycles (a cycle would cost tasks-hops), so
 * forwarding greedily never deadlocks: every time unit each link with plan
 * left moves one task if its tail holds one (links in id order); tasks
 * sent in unit t can move on in unit t + 1. steps is the last unit used.
 */
#include "bal_impl.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef DN_HAVE_GLPK
#include <glpk.h>

int dn_have_glpk(void) { return 1; }

int dn_glpk_version(char *buf, size_t cap)
{
    snprintf(buf, cap, "%s", glp_version()); /* the library linked in */
    return DN_OK;
}

typedef struct vdata {
    double rhs;
} vdata;
typedef struct adata {
    double low, cap, cost, x;
} adata;

static int silent(void *info, const char *s)
{
    (void)info, (void)s;
    return 1;
}

int bal_optimal(const bal_in *in, dn_bal_result *r, dn_err *err)
{
    const int64_t n = in->n, links = 2 * n;
    glp_term_hook(silent, NULL);
    glp_graph *g = glp_create_graph(sizeof(vdata), sizeof(adata));
    glp_add_vertices(g, (int)n + 1);
    const int sink = (int)n + 1;
    for (int64_t x = 0; x < n; x++)
        ((vdata *)g->v[x + 1]->data)->rhs = (double)(in->loads[x] - in->avg);
    ((vdata *)g->v[sink]->data)->rhs = -(double)in->rem;
    glp_arc **arc = calloc((size_t)links, sizeof *arc);
    int64_t *flow = calloc((size_t)links, sizeof *flow);
    int64_t *hold = malloc((size_t)n * sizeof *hold), *inbox = calloc((size_t)n, sizeof *inbox);
    int64_t *active = malloc((size_t)links * sizeof *active);
    if (!arc || !flow || !hold || !inbox || !active) {
        free(arc), free(flow), free(hold), free(inbox), free(active);
        glp_delete_graph(g);
        glp_term_hook(NULL, NULL);
        return dn_fail(err, DN_ENOMEM, "optimal plan: out of memory for DDB(%d)", in->k);
    }
    for (int64_t x = 0; x < n; x++) {
        for (int b = 0; b < 2; b++) {
            int64_t y = ((x << 1) | b) & in->mask;
            if (y == x)
                continue;
            glp_arc *a = arc[dn_ddb_link(x, b)] = glp_add_arc(g, (int)x + 1, (int)y + 1);
            *(adata *)a->data = (adata){0, (double)in->total, 1, 0};
        }
        if (in->rem > 0) {
            glp_arc *a = glp_add_arc(g, (int)x + 1, sink);
            *(adata *)a->data = (adata){0, 1, 0, 0};
        }
    }
    double cost = 0;
    int ret = glp_mincost_okalg(g, offsetof(vdata, rhs), offsetof(adata, low),
                                offsetof(adata, cap), offsetof(adata, cost), &cost,
                                offsetof(adata, x), -1);
    int rc = DN_OK;
    if (ret != 0)
        rc = dn_fail(err, DN_EINVAL, "optimal plan: GLPK's out-of-kilter solver failed (code %d)", ret);
    for (int64_t i = 0; i < links && rc == DN_OK; i++)
        if (arc[i])
            flow[i] = (int64_t)(((adata *)arc[i]->data)->x + 0.5);
    glp_delete_graph(g);
    glp_term_hook(NULL, NULL);
    free(arc);
    /* execute the plan */
    int64_t na = 0;
    for (int64_t i = 0; i < links; i++)
        if (flow[i] > 0)
            active[na++] = i;
    memcpy(hold, in->loads, (size_t)n * sizeof *hold);
    while (rc == DN_OK && na > 0) {
        int64_t moved = 0, keep = 0;
        for (int64_t j = 0; j < na; j++) {
            int64_t i = active[j], x = i / 2, y = ((x << 1) | (i & 1)) & in->mask;
            if (hold[x] > 0) {
                hold[x]--;
                inbox[y]++;
                flow[i]--;
                moved++;
            }
            if (flow[i] > 0)
                active[keep++] = i;
        }
        na = keep;
        for (int64_t x = 0; x < n; x++) {
            hold[x] += inbox[x];
            inbox[x] = 0;
        }
        if (moved == 0)
            rc = dn_fail(err, DN_EINVAL, "optimal plan: execution stalled (a cyclic plan)");
        r->steps += 1;
        r->task_hops += moved;
    }
    r->tasks_moved = r->messages = r->message_hops = r->task_hops;
    memcpy(r->final, hold, (size_t)n * sizeof *hold);
    free(flow), free(hold), free(inbox), free(active);
    if (rc == DN_OK) {
        int64_t sum = 0, neg = 0;
        for (int64_t x = 0; x < n; x++)
            sum += r->final[x], neg += r->final[x] < 0;
        r->conserved = sum == in->total && neg == 0;
    }
    return rc;
}

#else

int dn_have_glpk(void) { return 0; }

int dn_glpk_version(char *buf, size_t cap)
{
    snprintf(buf, cap, "not built in");
    return DN_ENOTSUP;
}

int bal_optimal(const bal_in *in, dn_bal_result *r, dn_err *err)
{
    (void)in, (void)r;
    return dn_fail(err, DN_ENOTSUP, "the optimal plan needs GLPK: install libglpk-dev and "
                                    "rebuild");
}

#endif

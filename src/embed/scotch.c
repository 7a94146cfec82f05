/*
 * scotch.c - the general-purpose mapping baseline: SCOTCH (Pellegrini)
 * maps the task tree, as a weighted source graph, onto the network given
 * as a decomposition-defined ("deco") target architecture built from the
 * network graph itself. Routes then come from the network's shortest-path
 * router (dn_embed_init).
 *
 * Networks with switches: the terminals are the processors (archBuild's
 * vertex list) and the distances run through the switches; directed
 * networks: SCOTCH sees their links undirected.
 *
 * Target (dn_scotch_target): SCOTCH_archBuild0 (deco 0, an explicit
 * distance matrix, O(N^2) memory) or SCOTCH_archBuild2 (deco 2,
 * multilevel, no matrix); by default deco 0 up to 4096 processors and
 * deco 2 above. The one used is recorded in e->scotch_target, so that no
 * comparison mixes them silently. Source: vertex weights 1, edge weights 1 (uniform) or
 * the message volume scaled to integers (2^(P - phase), capped at 2^20).
 * Strategy: balance-first with 0 imbalance so that T = N tasks go one per
 * processor when SCOTCH manages it (the metrics report the loads it got).
 * SCOTCH's random generator is reset and seeded per call, so a seed gives
 * one mapping. Built only when libscotch-dev is found (DN_HAVE_SCOTCH).
 */
#include "embed_impl.h"

#include <stdio.h>
#include <stdlib.h>

#ifdef DN_HAVE_SCOTCH
#include <stdarg.h>
#include <stdio.h>
#include <scotch/scotch.h>

int dn_have_scotch(void)
{
    return 1;
}

int dn_scotch_version(char *buf, size_t cap)
{
    int v = 0, r = 0, p = 0;
    SCOTCH_version(&v, &r, &p); /* the library linked in, asked at run time */
    snprintf(buf, cap, "%d.%d.%d", v, r, p);
    return DN_OK;
}

/* SCOTCH reports errors through SCOTCH_errorPrint, which its libscotcherr
 * prints to stderr. dcnet defines the three handlers itself (and does not
 * link libscotcherr), so that SCOTCH's message becomes part of dcnet's own
 * error instead of leaking as extra lines. The buffer is per thread, like
 * errno: SCOTCH calls back without a context argument. They are exported
 * (DN_API) so that libscotch's calls reach them from libdcnet.so too; see
 * dn_have_scotch in embed.h. */
static _Thread_local char scotch_msg[200];

DN_API void SCOTCH_errorProg(const char *const name)
{
    (void)name;
}

DN_API void SCOTCH_errorPrint(const char *const fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (!scotch_msg[0]) /* the first message is the cause; later ones are echoes */
        vsnprintf(scotch_msg, sizeof scotch_msg, fmt, ap);
    va_end(ap);
}

DN_API void SCOTCH_errorPrintW(const char *const fmt, ...)
{
    (void)fmt; /* warnings: nothing to report */
}

/* The SCOTCH message behind a failure, for dcnet's error ("" if none). */
static const char *scotch_said(void)
{
    return scotch_msg;
}

int dn_embed_scotch(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    const dn_tree *t = e->tree;
    if (t->nodes >= INT32_MAX / 2 || e->g.m >= INT32_MAX)
        return dn_fail_param(err, DN_ERANGE, "map", "mapping scotch: SCOTCH here uses 32-bit "
                                                    "indices; the tree or network is too large");
    if (o->root >= 0)
        return dn_fail_param(err, DN_EINVAL, "root", "mapping scotch chooses all placements "
                                                     "itself; a root is not supported");
    int rc = dn_embed_alloc_place(e, err);
    if (rc)
        return rc;
    /* SCOTCH's targets are undirected: on a directed network it sees the
     * links without their direction (its distances are then a guess that
     * dcnet's metrics, on the real arcs, judge) */
    dn_csr sym = {0};
    const dn_csr *g = &e->g;
    if (g->directed) {
        int32_t *src = malloc(((size_t)g->m + 1) * sizeof *src);
        if (!src)
            return dn_fail(err, DN_ENOMEM, "out of memory for the SCOTCH graphs");
        for (int64_t u = 0; u < g->n; u++)
            for (int64_t a = g->off[u]; a < g->off[u + 1]; a++)
                src[a] = (int32_t)u;
        rc = dn_csr_from_arcs(&sym, g->n, 0, src, g->adj, g->m, err);
        free(src);
        if (rc)
            return rc;
        g = &sym;
    }
    /* with switches, the terminals are the processors 0 .. P-1 and the
     * distances run through the whole graph (archBuild's vertex list) */
    const SCOTCH_Num T = (SCOTCH_Num)t->nodes, N = (SCOTCH_Num)g->n;
    const SCOTCH_Num P = (SCOTCH_Num)dn_net_processors(e->net);
    scotch_msg[0] = 0;
    /* an allocation: its processors are the target's terminals (terminal
     * i is alloc_list[i]) and the distances still run through the whole
     * network; SCOTCH_archSub would restrict a built target instead, but
     * refuses deco ones ("architecture not supported", SCOTCH 7) */
    const SCOTCH_Num L = e->alloc_list ? (SCOTCH_Num)e->alloc_n : P;
    SCOTCH_Num *list = L < N ? malloc((size_t)L * sizeof *list) : NULL;
    SCOTCH_Num *nv = malloc(((size_t)N + 1) * sizeof *nv);
    SCOTCH_Num *ne = malloc(((size_t)g->m + 1) * sizeof *ne);
    SCOTCH_Num *tv = malloc(((size_t)T + 1) * sizeof *tv);
    SCOTCH_Num *te = malloc((2 * (size_t)T + 1) * sizeof *te);
    SCOTCH_Num *tw = malloc((2 * (size_t)T + 1) * sizeof *tw);
    SCOTCH_Num *part = malloc((size_t)T * sizeof *part);
    SCOTCH_Graph ng0, tg0, ng, tg; /* built, and bound to the context */
    SCOTCH_Context ctx;
    SCOTCH_Arch arch;
    SCOTCH_Strat as, ms;
    int have_ng = 0, have_tg = 0, have_arch = 0, have_as = 0, have_ms = 0;
    int have_ctx = 0, have_ng0 = 0, have_tg0 = 0;
    if (!nv || !ne || !tv || !te || !tw || !part || (L < N && !list)) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for the SCOTCH graphs");
        goto out;
    }
    for (SCOTCH_Num v = 0; list && v < L; v++)
        list[v] = (SCOTCH_Num)dn_embed_alloc_at(e, v);
    /* network graph (CSR, both directions already present) */
    for (SCOTCH_Num v = 0; v <= N; v++)
        nv[v] = (SCOTCH_Num)g->off[v];
    for (int64_t a = 0; a < g->m; a++)
        ne[a] = g->adj[a];
    /* task tree as an undirected graph: parent and children of each task */
    const int phases = dn_tree_phases(t);
    SCOTCH_Num pos = 0;
    for (SCOTCH_Num v = 0; v < T; v++) {
        tv[v] = pos;
        int64_t p = dn_tree_parent(t, v);
        if (p >= 0) {
            te[pos] = (SCOTCH_Num)p;
            int sh = phases - dn_tree_recv_phase(t, v);
            tw[pos++] = o->weights == DN_WEIGHTS_LOG ? (SCOTCH_Num)1 << (sh > 20 ? 20 : sh) : 1;
        }
        for (int64_t i = 0, c = dn_tree_num_children(t, v); i < c; i++) {
            int64_t ch = dn_tree_child(t, v, i);
            te[pos] = (SCOTCH_Num)ch;
            int sh = phases - dn_tree_recv_phase(t, ch);
            tw[pos++] = o->weights == DN_WEIGHTS_LOG ? (SCOTCH_Num)1 << (sh > 20 ? 20 : sh) : 1;
        }
    }
    tv[T] = pos;
    /* A private context: deterministic mode (SCOTCH 7 may use threads, whose
     * schedule otherwise changes the result run to run) and its own random
     * generator seeded from --seed, instead of SCOTCH's global one. */
    if (SCOTCH_contextInit(&ctx)) {
        rc = dn_fail(err, DN_ENOMEM, "SCOTCH_contextInit failed");
        goto out;
    }
    have_ctx = 1;
    if (SCOTCH_contextOptionSetNum(&ctx, SCOTCH_OPTIONNUMDETERMINISTIC, 1) ||
        SCOTCH_contextRandomClone(&ctx)) {
        rc = dn_fail(err, DN_ENOMEM, "SCOTCH context set-up failed");
        goto out;
    }
    SCOTCH_contextRandomSeed(&ctx, (SCOTCH_Num)(o->seed & 0x7fffffff));
    if (SCOTCH_graphInit(&ng0) || SCOTCH_graphInit(&tg0)) {
        rc = dn_fail(err, DN_ENOMEM, "SCOTCH_graphInit failed");
        goto out;
    }
    have_ng0 = have_tg0 = 1;
    if (SCOTCH_graphBuild(&ng0, 0, N, nv, NULL, NULL, NULL, (SCOTCH_Num)g->m, ne, NULL) ||
        SCOTCH_graphBuild(&tg0, 0, T, tv, NULL, NULL, NULL, pos, te, tw)) {
        rc = dn_fail(err, DN_EINVAL, "SCOTCH rejected the graphs (SCOTCH_graphBuild)");
        goto out;
    }
    if (SCOTCH_graphInit(&ng) || SCOTCH_graphInit(&tg)) {
        rc = dn_fail(err, DN_ENOMEM, "SCOTCH_graphInit failed");
        goto out;
    }
    have_ng = have_tg = 1;
    if (SCOTCH_contextBindGraph(&ctx, &ng0, &ng) || SCOTCH_contextBindGraph(&ctx, &tg0, &tg)) {
        rc = dn_fail(err, DN_EINVAL, "SCOTCH_contextBindGraph failed");
        goto out;
    }
    SCOTCH_archInit(&arch);
    have_arch = 1;
    SCOTCH_stratInit(&as);
    have_as = 1;
    /* With switches, archBuild0 bipartitions the subgraph induced by the
     * listed terminals (arch_build.c, graphInduceList), which has no links
     * when processors only meet through switches: its decomposition is
     * then arbitrary (B(9) on fattree:8:3: average dilation 5.46 against
     * deco 2's 2.45 and random's 5.69, measured). Auto takes deco 2 there. */
    int deco0 = o->scotch_target == DN_SCOTCH_DECO0 ||
                (o->scotch_target == DN_SCOTCH_AUTO && P <= DN_SCOTCH_DECO0_AUTO_MAX && L == N);
    if (deco0 && P > DN_SCOTCH_DECO0_MAX) {
        rc = dn_fail_param(err, DN_ELIMIT, "scotch_target",
                     "SCOTCH target deco0 supports at most %d processors (%s has %d): "
                     "SCOTCH 7's archBuild0 ran out of memory and crashed at 8192 (BDG(13)); "
                     "at 4096 it took 2.8 s and 938 MB (measured). Use target deco2",
                     DN_SCOTCH_DECO0_MAX, e->net->spec, (int)P);
        goto out;
    }
    e->scotch_target = deco0 ? DN_SCOTCH_DECO0 : DN_SCOTCH_DECO2;
    int brc = deco0 ? SCOTCH_archBuild0(&arch, &ng, L, list, &as)
                    : SCOTCH_archBuild2(&arch, &ng, L, list);
    if (brc) {
        rc = dn_fail(err, DN_EINVAL,
                     "SCOTCH could not build a target from %s (is it connected?)", e->net->spec);
        goto out;
    }
    SCOTCH_Arch *target = &arch;
    const SCOTCH_Num A = (SCOTCH_Num)e->alloc_n;
    SCOTCH_stratInit(&ms);
    have_ms = 1;
    if (o->scotch_strategy ? SCOTCH_stratGraphMap(&ms, o->scotch_strategy)
                           : SCOTCH_stratGraphMapBuild(&ms, SCOTCH_STRATBALANCE, A, 0.0)) {
        rc = dn_fail(err, DN_EINVAL, "SCOTCH rejected the mapping strategy '%s' (%s)",
                     o->scotch_strategy ? o->scotch_strategy : "(default)", scotch_said());
        goto out;
    }
    if (SCOTCH_graphMap(&tg, target, &ms, part)) {
        rc = dn_fail(err, DN_EINVAL, "SCOTCH_graphMap failed on %s", e->net->spec);
        goto out;
    }
    for (SCOTCH_Num v = 0; v < T; v++) {
        if (part[v] < 0 || part[v] >= A) {
            rc = dn_fail(err, DN_EINVAL, "SCOTCH returned processor %d for task %d",
                         (int)part[v], (int)v);
            goto out;
        }
        e->place[v] = (int32_t)dn_embed_alloc_at(e, part[v]);
    }
    /* SCOTCH balances loads within its imbalance, not to the slots */
    rc = dn_embed_fit_slots(e, err);
out:
    if (have_ms)
        SCOTCH_stratExit(&ms);
    if (have_as)
        SCOTCH_stratExit(&as);
    if (have_arch)
        SCOTCH_archExit(&arch);
    if (have_tg)
        SCOTCH_graphExit(&tg);
    if (have_ng)
        SCOTCH_graphExit(&ng);
    if (have_tg0)
        SCOTCH_graphExit(&tg0);
    if (have_ng0)
        SCOTCH_graphExit(&ng0);
    if (have_ctx)
        SCOTCH_contextExit(&ctx);
    dn_csr_free(&sym);
    free(list);
    free(nv);
    free(ne);
    free(tv);
    free(te);
    free(tw);
    free(part);
    return rc;
}

#else

int dn_have_scotch(void)
{
    return 0;
}

int dn_scotch_version(char *buf, size_t cap)
{
    snprintf(buf, cap, "not built in");
    return DN_ENOTSUP;
}

int dn_embed_scotch(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    (void)e;
    (void)o;
    return dn_fail_param(err, DN_ENOTSUP, "map",
                   "mapping scotch needs SCOTCH: install libscotch-dev (make deps does) and "

                   "rebuild");
}

#endif

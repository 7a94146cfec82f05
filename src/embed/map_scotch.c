/*
 * map_scotch.c - the general-purpose mapping baseline: SCOTCH (Pellegrini)
 * maps the task tree, as a weighted source graph, onto the network given
 * as a decomposition-defined ("deco") target architecture built from the
 * network graph itself. Routes then come from the network's shortest-path
 * router (dn_embed_init).
 *
 * Networks with switches: the terminals are the processors (archBuild's
 * vertex list) and the distances run through the switches; directed
 * networks: SCOTCH sees their links undirected.
 *
 * Target (dn_scotch_target): SCOTCH's own architecture for the family
 * where it has one (native: tleaf for fat trees, torus/mesh XD for grids,
 * hcub for hypercubes: the exact distances, no matrix), else
 * SCOTCH_archBuild0 (deco 0, an explicit distance matrix, O(N^2) memory)
 * or SCOTCH_archBuild2 (deco 2, multilevel, no matrix): deco 0 up to 4096
 * processors without switches, deco 2 above and with switches. The one
 * used is recorded in e->scotch_target, so that no comparison mixes them
 * silently.
 *
 * Part (dn_scotch_part, issue 31): a user gives SCOTCH the processors the
 * job holds, not the machine. With an allocation, those; else by default
 * the smallest compact part that holds the tree (whole leaf switches or
 * routers from the first, a corner sub-box of a grid, a subcube), so that
 * B(6) on fattree:8:3 lands in one 64-processor switch subtree (average
 * dilation 140/63, the bound) instead of spread over 64 leaf switches
 * (5.68 with deco 2 on the whole machine). A native target is restricted
 * with SCOTCH_archSub; a deco target is built on the part's processors
 * (archBuild's terminal list), with distances through the whole network. Source: vertex weights 1, edge weights 1 (uniform) or
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
#include <string.h>
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

/* SCOTCH's own architecture for the network, with the network's
 * processor ids as its terminal numbers: a fat tree as tleaf (levels top
 * down, fan-out K, each level's links 2 hops: tleaf sums the link costs
 * from the leaves up to the common level, checked in
 * tests/test_embed.c against the distances), a grid as meshXD or torusXD
 * (SCOTCH numbers the first dimension fastest, dcnet the last: the sides
 * go in reversed), a hypercube as hcub. With arch NULL: 1 if there is
 * one. Returns 0 (built), 1 (none for arch NULL: yes), or SCOTCH's error. */
static int scotch_native(const dn_net *net, SCOTCH_Arch *arch)
{
    dn_net_hierarchy h;
    dn_net_grid gr;
    int lv = dn_net_hierarchy_of(net, &h), exact = lv > 0;
    for (int i = 1; i <= lv; i++) /* a level-i part is 2i hops across, exactly */
        exact &= h.dist_min[i] == h.dist_max[i] && h.dist_min[i] == 2 * i;
    int dims = dn_net_grid_of(net, &gr);
    const int cube = dn_net_routing_of(net, NULL) == DN_NET_ROUTING_ECUBE;
    if (!arch)
        return exact || dims > 0 || cube;
    if (exact) {
        SCOTCH_Num size[DN_NET_HIER_MAX_LEVELS], link[DN_NET_HIER_MAX_LEVELS];
        for (int i = 0; i < lv; i++) { /* top level first */
            size[i] = (SCOTCH_Num)h.fan[lv - i];
            link[i] = 2;
        }
        return SCOTCH_archTleaf(arch, lv, size, link);
    }
    if (dims > 0) {
        SCOTCH_Num side[DN_NET_GRID_MAX_DIMS];
        for (int i = 0; i < dims; i++)
            side[i] = (SCOTCH_Num)gr.side[dims - 1 - i];
        return gr.wrap ? SCOTCH_archTorusX(arch, dims, side) : SCOTCH_archMeshX(arch, dims, side);
    }
    return SCOTCH_archHcub(arch, (SCOTCH_Num)net->p[0]);
}

/* The processors SCOTCH maps onto, ascending, into list (P entries of
 * room): the allocation; the whole machine with DN_SCOTCH_PART_WHOLE;
 * else the smallest compact part that holds the tree at the slots a
 * processor has (dn_scotch_part). Returns how many. O(P). */
static SCOTCH_Num scotch_part(const dn_embed *e, const dn_embed_opts *o, SCOTCH_Num *list)
{
    const int64_t P = dn_net_processors(e->net), T = e->tree->nodes;
    if (e->alloc_list) {
        for (int64_t i = 0; i < e->alloc_n; i++)
            list[i] = (SCOTCH_Num)e->alloc_list[i];
        return (SCOTCH_Num)e->alloc_n;
    }
    int64_t need = P;
    if (o->scotch_part != DN_SCOTCH_PART_WHOLE) {
        const int64_t k = dn_embed_cap(e, 0); /* the same slots everywhere here */
        need = (T + k - 1) / k;
    }
    dn_net_hierarchy h;
    dn_net_grid gr;
    int64_t m = P;
    if (need < P && dn_net_hierarchy_of(e->net, &h)) {
        /* whole level-1 parts (leaf switches, routers) from the first */
        m = (need + h.size[1] - 1) / h.size[1] * h.size[1];
    } else if (need < P && dn_net_grid_of(e->net, &gr)) {
        /* a corner box, its smallest side grown by one until it holds need */
        int64_t box[DN_NET_GRID_MAX_DIMS], vol = 1;
        for (int i = 0; i < gr.dims; i++)
            box[i] = 1;
        while (vol < need) {
            int best = -1;
            for (int i = 0; i < gr.dims; i++)
                if (box[i] < gr.side[i] && (best < 0 || box[i] < box[best]))
                    best = i;
            vol = vol / box[best] * (box[best] + 1);
            box[best]++;
        }
        int64_t n = 0, x[DN_NET_GRID_MAX_DIMS] = {0};
        for (;;) { /* the box's nodes in id order: the last side fastest */
            int64_t id = 0;
            for (int i = 0; i < gr.dims; i++)
                id = id * gr.side[i] + x[i];
            list[n++] = (SCOTCH_Num)id;
            int i = gr.dims - 1;
            while (i >= 0 && ++x[i] == box[i])
                x[i--] = 0;
            if (i < 0)
                break;
        }
        return (SCOTCH_Num)n;
    } else if (need < P && dn_net_routing_of(e->net, NULL) == DN_NET_ROUTING_ECUBE) {
        m = 1; /* a subcube: the first 2^j processors */
        while (m < need)
            m *= 2;
    }
    for (int64_t i = 0; i < m; i++)
        list[i] = (SCOTCH_Num)i;
    return (SCOTCH_Num)m;
}

int dn_embed_scotch(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    const dn_tree *t = e->tree;
    if ((int)o->scotch_target < DN_SCOTCH_AUTO || (int)o->scotch_target > DN_SCOTCH_NATIVE)
        return dn_fail_param(err, DN_EINVAL, "scotch_target",
                             "scotch target %d is not a dn_scotch_target value",
                             (int)o->scotch_target);
    if ((int)o->scotch_part < DN_SCOTCH_PART_COMPACT || (int)o->scotch_part > DN_SCOTCH_PART_WHOLE)
        return dn_fail_param(err, DN_EINVAL, "scotch_part",
                             "scotch part %d is not a dn_scotch_part value", (int)o->scotch_part);
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
    /* the part: terminal i of the target is processor list[i] (L of
     * them); the distances still run through the whole network. A native
     * target is restricted to it by SCOTCH_archSub, which refuses deco
     * targets ("architecture not supported", SCOTCH 7): those are built on
     * the part's processors instead. */
    SCOTCH_Num L = P;
    SCOTCH_Num *list = malloc((size_t)P * sizeof *list);
    if (list)
        L = scotch_part(e, o, list);
    e->scotch_part = L;
    SCOTCH_Num *nv = malloc(((size_t)N + 1) * sizeof *nv);
    SCOTCH_Num *ne = malloc(((size_t)g->m + 1) * sizeof *ne);
    SCOTCH_Num *tv = malloc(((size_t)T + 1) * sizeof *tv);
    SCOTCH_Num *te = malloc((2 * (size_t)T + 1) * sizeof *te);
    SCOTCH_Num *tw = malloc((2 * (size_t)T + 1) * sizeof *tw);
    SCOTCH_Num *part = malloc((size_t)T * sizeof *part);
    SCOTCH_Graph ng0, tg0, ng, tg; /* built, and bound to the context */
    SCOTCH_Context ctx;
    SCOTCH_Arch arch, sub;
    SCOTCH_Strat as, ms;
    int have_ng = 0, have_tg = 0, have_arch = 0, have_as = 0, have_ms = 0, have_sub = 0;
    int have_ctx = 0, have_ng0 = 0, have_tg0 = 0;
    if (!nv || !ne || !tv || !te || !tw || !part || !list) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for the SCOTCH graphs");
        goto out;
    }
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
    const int native_ok = scotch_native(e->net, NULL);
    if (o->scotch_target == DN_SCOTCH_NATIVE && !native_ok) {
        rc = dn_fail_param(err, DN_EINVAL, "scotch_target",
                           "SCOTCH has no architecture of its own for %s (it has for fat "
                           "trees, meshes, tori and hypercubes); use target auto, deco0 or deco2",
                           e->net->spec);
        goto out;
    }
    const int native = native_ok && (o->scotch_target == DN_SCOTCH_AUTO ||
                                     o->scotch_target == DN_SCOTCH_NATIVE);
    int deco0 = !native && (o->scotch_target == DN_SCOTCH_DECO0 ||
                            (o->scotch_target == DN_SCOTCH_AUTO &&
                             P <= DN_SCOTCH_DECO0_AUTO_MAX && P == N));
    if (deco0 && P > DN_SCOTCH_DECO0_MAX) {
        rc = dn_fail_param(err, DN_ELIMIT, "scotch_target",
                     "SCOTCH target deco0 supports at most %d processors (%s has %d): "
                     "SCOTCH 7's archBuild0 ran out of memory and crashed at 8192 (BDG(13)); "
                     "at 4096 it took 2.8 s and 938 MB (measured). Use target deco2",
                     DN_SCOTCH_DECO0_MAX, e->net->spec, (int)P);
        goto out;
    }
    e->scotch_target = native ? DN_SCOTCH_NATIVE : deco0 ? DN_SCOTCH_DECO0 : DN_SCOTCH_DECO2;
    /* One processor, or one task: nothing to map. SCOTCH 7.0.3's archSub
     * crashes on a single terminal; and a one-task graph has no frontier,
     * where SCOTCH's kgraphMapFm (kgraph_map_fm.c, 7.0.3 to 7.0.8) builds
     * a strategy with stratInit ("r{sep=h{pass=10}}") that it never frees:
     * 208 bytes LeakSanitizer found (issue 37, item 22; SCOTCH's leak, not
     * dcnet's: every SCOTCH object of this function is exited at out; the
     * full stack, ASAN_OPTIONS=fast_unwind_on_malloc=0, shows
     * SCOTCH_graphMap > kgraphMapFm > stratParserParse). The task goes on
     * the part's first processor, as SCOTCH's own target numbering would
     * start. No LSan suppression: libscotch has no frame pointers, so the
     * default unwinder sees only scotchyyparse, and a suppression that
     * broad would hide a missing SCOTCH_stratExit of dcnet's own. */
    if (L == 1 || T == 1) {
        for (SCOTCH_Num v = 0; v < T; v++)
            e->place[v] = (int32_t)list[0];
        rc = dn_embed_fit_slots(e, err);
        goto out;
    }
    int brc = native ? scotch_native(e->net, &arch)
              : deco0 ? SCOTCH_archBuild0(&arch, &ng, L, L < N ? list : NULL, &as)
                      : SCOTCH_archBuild2(&arch, &ng, L, L < N ? list : NULL);
    if (native && !brc && L < P) {
        SCOTCH_archInit(&sub);
        have_sub = 1;
        brc = SCOTCH_archSub(&sub, &arch, L, list);
    }
    if (brc) {
        rc = dn_fail(err, DN_EINVAL, "SCOTCH could not build a target from %s (%s)",
                     e->net->spec, scotch_said()[0] ? scotch_said() : "is it connected?");
        goto out;
    }
    SCOTCH_Arch *target = have_sub ? &sub : &arch;
    const SCOTCH_Num A = L;
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
    /* the terminals: indices into the list for deco 2 and the sub
     * architectures, but the vertex numbers themselves for deco 0 built on
     * a list (SCOTCH 7.0.3; measured: B(2) on a 2x2 corner of mesh:4x4
     * came back as vertex 5), so those are looked up in the list, which is
     * ascending */
    const int by_vertex = deco0 && L < N;
    for (SCOTCH_Num v = 0; v < T; v++) {
        SCOTCH_Num i = part[v];
        if (by_vertex) {
            SCOTCH_Num lo = 0, hi = L;
            while (lo < hi) {
                SCOTCH_Num mid = lo + (hi - lo) / 2;
                if (list[mid] < part[v])
                    lo = mid + 1;
                else
                    hi = mid;
            }
            i = lo < L && list[lo] == part[v] ? lo : -1;
        }
        if (i < 0 || i >= A) {
            rc = dn_fail(err, DN_EINVAL, "SCOTCH returned processor %d for task %d, not one of "
                         "the %d it was given", (int)part[v], (int)v, (int)A);
            goto out;
        }
        e->place[v] = (int32_t)list[i];
    }
    /* SCOTCH balances loads within its imbalance, not to the slots */
    rc = dn_embed_fit_slots(e, err);
out:
    if (have_ms)
        SCOTCH_stratExit(&ms);
    if (have_as)
        SCOTCH_stratExit(&as);
    if (have_sub)
        SCOTCH_archExit(&sub);
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

const dn_map_type dn_map_scotch = {
    .name = "scotch",
    .kind = MAP_SCOTCH,
    .summary = "SCOTCH graph mapping: its own architecture (fat tree, grid, hypercube) or a deco "
               "target, on the smallest compact part",
    .nets = "any (when SCOTCH is built in)",
    .trees = "any",
    .example = "debruijn:4 binomial:4",
    .init = dn_embed_scotch,
};

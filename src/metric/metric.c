/*
 * metric.c - exact metrics of an embedding from its routes (seed 000
 * section 4 metrics and section 6 lower bound; seed 004 homogeneity).
 *
 * Phases are processed one at a time. Every dcnet tree numbers its tasks
 * so that the receive phase never decreases with the id (binomial trees:
 * phase bitlen(y); other trees: phase = depth in breadth-first order), so a
 * phase is an id range and needs no sorting. For each phase the routes are
 * expanded once into link ids (checked against the network) and counted per
 * link: the conflicts are sum c(c-1)/2 over the links, O(hops). Distinct
 * pairs (a pair sharing three links counted once) are enumerated only on
 * request, with per-message stamps, at O(sum c^2): that cost is known from
 * the counts before it is paid, and refused above a limit (a ring of 65536
 * with cbt:12 placed by identity needs 2.4e10 steps).
 */
#include "dcnet/metric.h"
#include "../base/args_impl.h"
#include "../base/dn_assert.h"
#include "../base/names_impl.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const contention_names[] = {[DN_CONTENTION_PHASE] = "phase",
                                               [DN_CONTENTION_TIMED] = "timed"};
DN_NAMES_DEFINE(contention_mode, contention_names)

int64_t dn_link_id(const dn_csr *g, int64_t u, int64_t v, int directed_links)
{
    if (!g->directed && !directed_links && u > v) { /* one id per undirected link */
        int64_t t = u;
        u = v;
        v = t;
    }
    return dn_csr_arc(g, u, v);
}

double dn_lower_bound_task(int64_t c, int d, int directed)
{
    if (d < 1 || c < 1)
        return 0; /* no links: no one-to-one placement of children exists */
    if (!directed && d < 2)
        d = 2;    /* a single edge: shells of 1 would be tighter, stay safe */
    const double grow_by = directed ? d : d - 1;
    if (grow_by == 1) {
        /* Shells that never grow (a ring's 2, a directed cycle's 1): k
         * full shells of d and r left over, in closed form, so that the
         * time stays O(1) at any c (a loop would take c / d steps). */
        const int64_t k = c / d, r = c % d;
        return (double)d * ((double)k * ((double)k - 1) / 2) + (double)k * (double)r;
    }
    double extra = 0, shell = d;
    for (int64_t t = 1, left = c; left > 0; t++) {
        double take = (double)left < shell ? (double)left : shell;
        extra += (double)(t - 1) * take;
        left -= (int64_t)take;
        shell *= grow_by;
    }
    return extra;
}

int dn_lower_bound_task_dilation(int64_t c, int d, int directed)
{
    if (d < 1 || c < 1)
        return 0; /* as dn_lower_bound_task: no placement, no bound claimed */
    if (!directed && d < 2)
        d = 2;
    const int64_t grow_by = directed ? d : d - 1;
    if (grow_by == 1) {
        /* shells of d that never grow: ceil(c / d) of them, clamped to
         * INT_MAX (a smaller lower bound is still a lower bound) */
        const int64_t t = c / d + (c % d != 0);
        return t > INT_MAX ? INT_MAX : (int)t;
    }
    /* in integers (a double would lose the small shells against a c near
     * 2^63), the shells' sizes saturating at c: O(log c) steps */
    int64_t shell = d, held = 0;
    int t = 0;
    while (held < c) {
        t++;
        held = c - held <= shell ? c : held + shell;
        shell = shell > c / grow_by ? c : shell * grow_by;
    }
    return t;
}

double dn_lower_bound_seed000_dilation(int n)
{
    return log((double)n) / log(3.0);
}

double dn_lower_bound_seed000(int n)
{
    return (ldexp(1, n - 4) - 13 * ldexp(1, n - 16)) / (ldexp(1, n) - 1);
}

void dn_metrics_free(dn_metrics *m)
{
    if (!m)
        return;
    free(m->phase_conflicts);
    free(m->phase_max_link);
    free(m->phase_msgs);
    free(m->depth_min);
    free(m->depth_max);
    free(m->load);
    free(m->link_msgs);
    free(m->link_peak);
    memset(m, 0, sizeof *m);
}

/* Scratch for one run. A "key" is what two messages must share to
 * contend: a link id in PHASE mode, a compact id of (link, hop slot) in
 * TIMED mode (numbered per phase, keylink[] maps it back to its link). */
typedef struct work {
    int32_t *cnt;      /* per key: messages in the current phase, or -(group+1) */
    int64_t ccap;      /* entries of cnt[] and touched[] */
    int32_t *tot;      /* per link: messages over the run */
    double *vol;       /* per link: volume over the run */
    uint32_t *last;    /* per link: 1 + the last task whose route used it */
    uint32_t *links;   /* link ids of the current phase's routes */
    int64_t *moff;     /* message offsets into links */
    int64_t lcap, mcap;
    int64_t *touched;  /* keys with cnt > 0 in this phase */
    int64_t *gstart;   /* group starts (hot keys) */
    int32_t *members;  /* messages per hot key */
    uint32_t *stamp;   /* per message of the phase */
    /* TIMED mode only */
    uint32_t *keys;    /* key of each entry of links[] */
    uint32_t *keylink; /* link of each key */
    uint32_t *order;   /* entries of links[] sorted by hop slot */
    int64_t *slotstart; /* per slot: start in order[] */
    int64_t *slotmark; /* per link: the slot stamp that gave it keyof[] */
    uint32_t *keyof;   /* per link: its key in the slot of slotmark[] */
    int64_t kcap, scap, stamp_next;
    /* bytes of this scratch (capacities) and the limit they must stay
     * under (dn_metric_opts.mem_limit): checked before every growth */
    int64_t bytes, limit, pbytes; /* pbytes: distinct pairs' share of bytes */
} work;

static void work_free(work *w)
{
    free(w->cnt);
    free(w->tot);
    free(w->vol);
    free(w->last);
    free(w->links);
    free(w->moff);
    free(w->touched);
    free(w->gstart);
    free(w->members);
    free(w->stamp);
    free(w->keys);
    free(w->keylink);
    free(w->order);
    free(w->slotstart);
    free(w->slotmark);
    free(w->keyof);
}

enum { GROW_NOMEM = 1, GROW_LIMIT = 2 };

/* Grows *p to hold need entries (doubling), within w's byte limit:
 * 0, GROW_NOMEM, or GROW_LIMIT before anything is allocated. */
static int grow(work *w, void **p, int64_t *cap, int64_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    int64_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    const int64_t more = (c - *cap) * (int64_t)size;
    if (w->bytes + more > w->limit)
        return GROW_LIMIT;
    void *q = realloc(*p, (size_t)c * size);
    if (!q)
        return GROW_NOMEM;
    *p = q;
    *cap = c;
    w->bytes += more;
    return 0;
}

/* The error for a failed grow() of phase `phase`; lists: the routes are
 * kept (--contention timed or --distinct-pairs), else the advice to use
 * --contention phase would name the mode already in use. */
static int grow_fail(const work *w, int why, const char *what, int phase, int lists,
                     dn_err *err)
{
    char a[32];
    if (why == GROW_NOMEM)
        return dn_fail(err, DN_ENOMEM, "out of memory for %s of phase %d", what, phase);
    if (!lists)
        return dn_fail_param(err, DN_ELIMIT, "mem_limit",
                             "%s of phase %d would take the metrics' scratch over the "
                             "memory limit of %s (contention phase keeps a count "
                             "per link of the network): raise the memory limit",
                             what, phase, dn_fmt_bytes(a, sizeof a, w->limit));
    return dn_fail_param(err, DN_ELIMIT, "mem_limit contention",
                         "%s of phase %d would take the metrics' scratch over the "
                         "memory limit of %s (contention timed and distinct pairs "
                         "keep every hop of a phase, 16 bytes each): "
                         "raise the memory limit, or use contention phase",
                   what, phase, dn_fmt_bytes(a, sizeof a, w->limit));
}

/* cnt[] and touched[] for keys [0, need): new counters start at zero. */
static int grow_counters(work *w, int64_t need)
{
    if (need <= w->ccap)
        return 0;
    int64_t c = w->ccap, old = w->ccap;
    int r;
    if ((r = grow(w, (void **)&w->touched, &c, need, sizeof *w->touched)))
        return r;
    c = old;
    if ((r = grow(w, (void **)&w->cnt, &c, need, sizeof *w->cnt)))
        return r;
    memset(w->cnt + old, 0, (size_t)(c - old) * sizeof *w->cnt);
    w->ccap = c;
    return 0;
}

/* TIMED mode: key every entry of links[] by (link, hop slot). Entries are
 * bucketed by slot (counting sort, O(entries + slots)); within a slot a
 * link gets one key, found through keyof[] under a slot stamp that is
 * never reused in the run. Sets *nkeys. */
static int timed_keys(work *w, int64_t msgs, int64_t nl, int64_t *nkeys)
{
    int64_t slots = 0, cap;
    for (int64_t i = 0; i < msgs; i++)
        if (w->moff[i + 1] - w->moff[i] > slots)
            slots = w->moff[i + 1] - w->moff[i];
    int r;
    cap = w->kcap;
    if ((r = grow(w, (void **)&w->keys, &cap, nl, sizeof *w->keys)))
        return r;
    cap = w->kcap;
    if ((r = grow(w, (void **)&w->keylink, &cap, nl, sizeof *w->keylink)))
        return r;
    cap = w->kcap;
    if ((r = grow(w, (void **)&w->order, &cap, nl, sizeof *w->order)))
        return r;
    w->kcap = cap;
    if ((r = grow(w, (void **)&w->slotstart, &w->scap, slots + 1, sizeof *w->slotstart)))
        return r;
    memset(w->slotstart, 0, (size_t)(slots + 1) * sizeof *w->slotstart);
    for (int64_t i = 0; i < msgs; i++)
        for (int64_t h = 0; h < w->moff[i + 1] - w->moff[i]; h++)
            w->slotstart[h + 1]++;
    for (int64_t h = 0; h < slots; h++)
        w->slotstart[h + 1] += w->slotstart[h];
    for (int64_t i = 0; i < msgs; i++)
        for (int64_t h = 0; h < w->moff[i + 1] - w->moff[i]; h++)
            w->order[w->slotstart[h]++] = (uint32_t)(w->moff[i] + h);
    int64_t k = 0, start = 0;
    for (int64_t h = 0; h < slots; h++) { /* slotstart[h] is now the end of slot h */
        int64_t stamp = ++w->stamp_next;
        for (int64_t q = start; q < w->slotstart[h]; q++) {
            uint32_t pos = w->order[q], l = w->links[pos];
            if (w->slotmark[l] != stamp) {
                w->slotmark[l] = stamp;
                w->keyof[l] = (uint32_t)k;
                w->keylink[k++] = l;
            }
            w->keys[pos] = w->keyof[l];
        }
        start = w->slotstart[h];
    }
    *nkeys = k;
    return 0;
}

/* Distinct pairs of messages [0, msgs) sharing a key with >= 2 messages
 * (key[h] is the key of entry h of links[]). cnt[] holds the phase counts
 * of the touched keys on entry, 0 on exit. */
static int count_pairs(work *w, const uint32_t *key, int64_t msgs, int64_t ntouched,
                       int64_t *pairs, dn_err *err)
{
    int64_t groups = 0, total = 0;
    for (int64_t i = 0; i < ntouched; i++)
        if (w->cnt[w->touched[i]] >= 2) {
            groups++;
            total += w->cnt[w->touched[i]];
        }
    const int64_t more = (groups + 1) * (int64_t)sizeof *w->gstart +
                         total * (int64_t)sizeof *w->members + msgs * (int64_t)sizeof *w->stamp;
    w->bytes -= w->pbytes; /* the previous phase's, replaced here */
    w->pbytes = 0;
    if (w->bytes + more > w->limit) {
        char a[32], b[32];
        return dn_fail_param(err, DN_ELIMIT, "mem_limit distinct_pairs",
                             "distinct pairs need %s more scratch, over the memory "
                             "limit of %s: raise the memory limit or drop distinct pairs",
                       dn_fmt_bytes(a, sizeof a, more), dn_fmt_bytes(b, sizeof b, w->limit));
    }
    w->pbytes = more;
    w->bytes += more;
    free(w->gstart);
    free(w->members);
    free(w->stamp);
    w->gstart = malloc((size_t)(groups + 1) * sizeof *w->gstart);
    w->members = malloc((size_t)total * sizeof *w->members);
    w->stamp = calloc((size_t)msgs, sizeof *w->stamp);
    if (!w->gstart || !w->members || !w->stamp)
        return dn_fail(err, DN_ENOMEM, "out of memory for contention pairs");
    int64_t g = 0, pos = 0;
    for (int64_t i = 0; i < ntouched; i++) {
        int64_t l = w->touched[i];
        if (w->cnt[l] >= 2) {
            w->gstart[g] = pos;
            pos += w->cnt[l];
            w->cnt[l] = (int32_t)(-(g + 1));
            g++;
        } else {
            w->cnt[l] = 0;
        }
    }
    w->gstart[groups] = pos;
    /* fill: gstart[g] advances as members are added, then is restored */
    for (int64_t i = 0; i < msgs; i++)
        for (int64_t h = w->moff[i]; h < w->moff[i + 1]; h++) {
            int32_t c = w->cnt[key[h]];
            if (c < 0)
                w->members[w->gstart[-c - 1]++] = (int32_t)i;
        }
    for (int64_t q = groups; q > 0; q--)
        w->gstart[q] = w->gstart[q - 1];
    w->gstart[0] = 0;
    int64_t n = 0;
    for (int64_t i = 0; i < msgs; i++)
        for (int64_t h = w->moff[i]; h < w->moff[i + 1]; h++) {
            int32_t c = w->cnt[key[h]];
            if (c >= 0)
                continue;
            for (int64_t s = w->gstart[-c - 1]; s < w->gstart[-c]; s++) {
                int32_t j = w->members[s];
                if (j > i && w->stamp[j] != (uint32_t)(i + 1)) {
                    w->stamp[j] = (uint32_t)(i + 1);
                    n++;
                }
            }
        }
    for (int64_t i = 0; i < ntouched; i++)
        w->cnt[w->touched[i]] = 0;
    *pairs = n;
    return DN_OK;
}

/* One phase: the tasks order[lo .. hi) (ids lo .. hi - 1 when order is
 * NULL), every one receiving in `phase`. */
static int phase_pass(dn_embed *e, const dn_metric_opts *o, dn_metrics *m, work *w,
                      const int64_t *order, int64_t lo, int64_t hi, int phase, dn_err *err)
{
    const dn_csr *g = dn_embed_graph(e);
    const int64_t msgs = hi - lo;
    /* The routes are kept as lists only where a second pass needs them
     * (hop slots in TIMED mode, members for distinct pairs); otherwise the
     * per-link counts are made on the fly, in O(1) memory per message. */
    const int lists = o->contention == DN_CONTENTION_TIMED || o->distinct_pairs;
    int64_t ntouched = 0;
    int r;
    if (lists && (r = grow(w, (void **)&w->moff, &w->mcap, msgs + 1, sizeof *w->moff)))
        return grow_fail(w, r, "the message offsets", phase, lists, err);
    if (!lists && (r = grow_counters(w, g->m + 1)))
        return grow_fail(w, r, "the link counts", phase, lists, err);
    int64_t nl = 0;
    for (int64_t k = lo; k < hi; k++) {
        const int64_t *path, v = order ? order[k] : k;
        int64_t hops;
        int rc = dn_embed_route(e, v, &path, &hops, err);
        if (rc)
            return rc;
        if (path[0] != dn_embed_place(e, dn_tree_parent(dn_embed_tree(e), v)) ||
            path[hops] != dn_embed_place(e, v))
            return dn_fail(err, DN_EINVAL, "route of task %lld does not join its endpoints",
                           (long long)v);
        double wt = dn_embed_weight(e, v);
        m->dil_total += hops;
        if (hops > m->dil_max)
            m->dil_max = hops;
        /* a co-located edge costs the intra-node hops instead of 0 */
        const double cost = hops ? (double)hops : m->intra_cost;
        m->colocated += hops == 0;
        /* finite: W x the longest edge cost is checked by dn_embed_init
         * (embed.c, weights_bounded), so no partial sum overflows */
        m->w_total += wt * cost;
        m->w_sum += wt;
        if (wt * cost > m->w_max)
            m->w_max = wt * cost;
        if (lists) {
            w->moff[k - lo] = nl;
            if ((r = grow(w, (void **)&w->links, &w->lcap, nl + hops, sizeof *w->links)))
                return grow_fail(w, r, "the routes", phase, lists, err);
        }
        for (int64_t h = 0; h < hops; h++) {
            int64_t l = dn_link_id(g, path[h], path[h + 1], o->directed_links);
            if (l < 0)
                return dn_fail(err, DN_EINVAL,
                               "route of task %lld uses %lld -> %lld, which is not a link of %s",
                               (long long)v, (long long)path[h], (long long)path[h + 1],
                               dn_embed_net(e)->spec);
            /* a route may be a walk that uses a link twice (mapping D:
             * F of a CBT path can step u -> v -> u); one message still
             * occupies the link once, in PHASE mode and in the run's
             * totals. In TIMED mode every hop keeps its slot. */
            int again = w->last[l] == (uint32_t)(v + 1);
            w->last[l] = (uint32_t)(v + 1);
            if (!again) {
                w->tot[l]++;
                w->vol[l] += wt;
            }
            if (!lists) {
                if (!again && w->cnt[l]++ == 0)
                    w->touched[ntouched++] = l;
            } else if (!again || o->contention == DN_CONTENTION_TIMED) {
                w->links[nl++] = (uint32_t)l;
            }
        }
    }
    if (lists)
        w->moff[msgs] = nl;
    /* keys of this phase: links, or (link, slot) pairs */
    const uint32_t *key = w->links, *keylink = NULL;
    int64_t nkeys = g->m + 1;
    if (o->contention == DN_CONTENTION_TIMED) {
        if ((r = timed_keys(w, msgs, nl, &nkeys)))
            return grow_fail(w, r, "the hop slots", phase, lists, err);
        key = w->keys;
        keylink = w->keylink;
    }
    if ((r = grow_counters(w, nkeys)))
        return grow_fail(w, r, "the link counts", phase, lists, err);
    /* per-key counts of this phase (made above when there are no lists) */
    int64_t maxc = 0, lp = 0;
    for (int64_t h = 0; lists && h < nl; h++) {
        uint32_t k = key[h];
        if (w->cnt[k]++ == 0)
            w->touched[ntouched++] = k;
    }
    int64_t steps = 0; /* steps the distinct-pair enumeration would take: sum of c^2 */
    for (int64_t i = 0; i < ntouched; i++) {
        int64_t k = w->touched[i], c = w->cnt[k], l = keylink ? keylink[k] : k;
        if (c > maxc)
            maxc = c;
        lp += c * (c - 1) / 2; /* the conflicts: pairs per (link[, slot]), from the counts */
        if (c >= 2)
            steps += c * c;
        if (m->link_peak && c > m->link_peak[l])
            m->link_peak[l] = (int32_t)c;
    }
    int64_t pairs = 0;
    if (o->distinct_pairs && maxc >= 2) {
        /* refused up front, by the exact cost, rather than run for hours */
        if (steps > DN_DISTINCT_PAIRS_MAX_WORK) {
            for (int64_t i = 0; i < ntouched; i++)
                w->cnt[w->touched[i]] = 0;
            return dn_fail_param(err, DN_ELIMIT, "distinct_pairs",
                           "distinct pairs of phase %d would take %lld steps (the sum over its "
                           "links of c^2), over the limit of %lld; drop distinct pairs (the "
                           "conflicts count needs no enumeration)",
                           phase, (long long)steps, (long long)DN_DISTINCT_PAIRS_MAX_WORK);
        }
        int rc = count_pairs(w, key, msgs, ntouched, &pairs, err);
        if (rc)
            return rc;
    } else {
        for (int64_t i = 0; i < ntouched; i++)
            w->cnt[w->touched[i]] = 0;
    }
    m->phase_msgs[phase] = msgs;
    m->phase_conflicts[phase] = lp;
    m->phase_max_link[phase] = maxc;
    m->conflicts += lp;
    m->link_pairs += lp;
    if (o->distinct_pairs)
        m->distinct_pairs += pairs;
    if (maxc > m->max_link_load)
        m->max_link_load = maxc;
    if (lp)
        m->conflict_phases++;
    return DN_OK;
}

/* Loads per depth and the homogeneity test of seed 004. */
static int depth_loads(dn_embed *e, dn_metrics *m, int32_t *load, dn_err *err)
{
    const dn_tree *t = dn_embed_tree(e);
    const int64_t T = t->nodes, N = m->processors;
    int D = 0;
    for (int64_t v = 0; v < T; v++) {
        int d = dn_tree_depth(t, v);
        if (d > D)
            D = d;
    }
    m->depths = D + 1;
    m->depth_min = calloc((size_t)m->depths, sizeof *m->depth_min);
    m->depth_max = calloc((size_t)m->depths, sizeof *m->depth_max);
    int64_t *cnt = calloc((size_t)m->depths + 1, sizeof *cnt);
    if (!m->depth_min || !m->depth_max || !cnt) {
        free(cnt);
        return dn_fail(err, DN_ENOMEM, "out of memory");
    }
    for (int64_t v = 0; v < T; v++)
        cnt[dn_tree_depth(t, v) + 1]++;
    if (m->load_max <= 1) {
        /* one task per processor at most: per-depth loads are 0 or 1 */
        for (int d = 0; d < m->depths; d++) {
            m->depth_max[d] = cnt[d + 1] > 0;
            m->depth_min[d] = cnt[d + 1] == N;
        }
    } else if ((int64_t)m->depths * N <= (T > ((int64_t)1 << 22) ? T : ((int64_t)1 << 22))) {
        /* few depths times processors: one counter per (depth, processor),
         * one pass, no per-task memory (B(26) on ring:8: 27 x 8 counters
         * instead of a 512 MB order) */
        int32_t *dl = calloc((size_t)m->depths * (size_t)N, sizeof *dl);
        if (!dl) {
            free(cnt);
            return dn_fail(err, DN_ENOMEM, "out of memory for per-depth loads");
        }
        for (int64_t v = 0; v < T; v++)
            dl[(int64_t)dn_tree_depth(t, v) * N + dn_embed_place(e, v)]++;
        for (int d = 0; d < m->depths; d++) {
            int64_t mn = INT64_MAX, mx = 0;
            for (int64_t p = 0; p < N; p++) {
                int64_t c = dl[(int64_t)d * N + p];
                mn = c < mn ? c : mn;
                mx = c > mx ? c : mx;
            }
            m->depth_min[d] = mn;
            m->depth_max[d] = mx;
        }
        free(dl);
    } else {
        /* counting sort of the tasks by depth, then one counter pass each */
        int64_t *order = malloc((size_t)T * sizeof *order);
        if (!order) {
            free(cnt);
            return dn_fail(err, DN_ENOMEM, "out of memory for per-depth loads");
        }
        for (int d = 0; d < m->depths; d++)
            cnt[d + 1] += cnt[d];
        for (int64_t v = 0; v < T; v++)
            order[cnt[dn_tree_depth(t, v)]++] = v;
        /* cnt[d] is now the end of depth d */
        memset(load, 0, (size_t)N * sizeof *load);
        int64_t start = 0;
        for (int d = 0; d < m->depths; d++) {
            int64_t end = cnt[d], mx = 0, mn = 0;
            for (int64_t i = start; i < end; i++) {
                int32_t c = ++load[dn_embed_place(e, order[i])];
                if (c > mx)
                    mx = c;
            }
            if (end - start >= N) {
                mn = INT64_MAX;
                for (int64_t p = 0; p < N; p++)
                    if (load[p] < mn)
                        mn = load[p];
            }
            m->depth_min[d] = mn;
            m->depth_max[d] = mx;
            for (int64_t i = start; i < end; i++)
                load[dn_embed_place(e, order[i])] = 0;
            start = end;
        }
        free(order);
    }
    free(cnt);
    for (int d = 0; d < m->depths; d++) {
        int64_t s = m->depth_max[d] - m->depth_min[d];
        if (s > m->depth_spread)
            m->depth_spread = s;
    }
    m->homogeneous = m->depth_spread <= 1;
    return DN_OK;
}

int dn_metrics_compute(dn_embed *e, const dn_metric_opts *o, dn_metrics *m, dn_err *err)
{
    DN_NEED(err, e);
    DN_NEED(err, m);
    static const dn_metric_opts defaults;
    if (!o)
        o = &defaults;
    memset(m, 0, sizeof *m);
    const dn_tree *t = dn_embed_tree(e);
    const dn_csr *g = dn_embed_graph(e);
    const int64_t T = t->nodes, N = g->n, P = dn_net_processors(dn_embed_net(e));
    m->tasks = T;
    m->processors = P;
    m->edges = T - 1;
    m->intra_cost = dn_embed_intra_cost(e);
    m->directed_links = g->directed || o->directed_links;
    if (o->contention != DN_CONTENTION_PHASE && o->contention != DN_CONTENTION_TIMED)
        return dn_fail(err, DN_EINVAL, "contention mode %d is not phase (0) or timed (1)",
                       o->contention);
    m->contention_mode = o->contention;
    m->distinct_pairs = o->distinct_pairs ? 0 : -1;
    m->phases = dn_tree_phases(t);
    if (g->m >= UINT32_MAX || T >= UINT32_MAX)
        return dn_fail(err, DN_ERANGE, "metrics support fewer than 2^32 arcs and tasks");
    work w;
    memset(&w, 0, sizeof w);
    int rc = DN_OK;
    int32_t *load = calloc((size_t)N, sizeof *load);
    int64_t *order = NULL; /* tasks in phase order; NULL: the ids are */
    /* the per-link arrays first, within the limit like everything after */
    w.limit = o->mem_limit > 0 ? o->mem_limit : DN_NET_DEFAULT_MEM_LIMIT;
    w.bytes = ((int64_t)g->m + 1) *
              (int64_t)(sizeof *w.tot + sizeof *w.vol + sizeof *w.last +
                        (o->contention == DN_CONTENTION_TIMED ? sizeof *w.slotmark + sizeof *w.keyof
                                                              : 0));
    if (w.bytes > w.limit) {
        char a[32], b[32];
        rc = dn_fail_param(err, DN_ELIMIT, "mem_limit",
                           "the metrics' per-link counters need %s, over the memory "
                           "limit of %s (raise it)",

                     dn_fmt_bytes(a, sizeof a, w.bytes), dn_fmt_bytes(b, sizeof b, w.limit));
        goto out;
    }
    w.tot = calloc((size_t)g->m + 1, sizeof *w.tot);
    w.vol = calloc((size_t)g->m + 1, sizeof *w.vol);
    w.last = calloc((size_t)g->m + 1, sizeof *w.last);
    if (o->contention == DN_CONTENTION_TIMED) {
        w.slotmark = calloc((size_t)g->m + 1, sizeof *w.slotmark);
        w.keyof = malloc(((size_t)g->m + 1) * sizeof *w.keyof);
    }
    m->phase_conflicts = calloc((size_t)m->phases + 1, sizeof *m->phase_conflicts);
    m->phase_max_link = calloc((size_t)m->phases + 1, sizeof *m->phase_max_link);
    m->phase_msgs = calloc((size_t)m->phases + 1, sizeof *m->phase_msgs);
    if (o->keep_arrays)
        m->link_peak = calloc((size_t)g->m + 1, sizeof *m->link_peak);
    if (!load || !w.tot || !w.vol || !w.last ||
        (o->contention == DN_CONTENTION_TIMED && (!w.slotmark || !w.keyof)) ||
        (o->keep_arrays && !m->link_peak) || !m->phase_conflicts ||
        !m->phase_max_link || !m->phase_msgs) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory for metric counters (%lld processors, "
                                     "%lld arcs)",
                     (long long)N, (long long)g->m);
        goto out;
    }
    /* loads */
    for (int64_t v = 0; v < T; v++) {
        int64_t p = dn_embed_place(e, v);
        if (p < 0 || p >= P) {
            rc = dn_fail(err, DN_EINVAL, "task %lld placed on %lld, not a processor",
                         (long long)v, (long long)p);
            goto out;
        }
        load[p]++;
    }
    m->load_min = INT64_MAX;
    for (int64_t p = 0; p < P; p++) { /* switches run no task */
        if (load[p] < m->load_min)
            m->load_min = load[p];
        if (load[p] > m->load_max)
            m->load_max = load[p];
        m->used += load[p] > 0;
    }
    /* phases: ranges [lo, hi) of the tasks in phase order (the ids
     * themselves for dcnet's built-in trees, sorted for a tree file's) */
    if ((rc = dn_tree_phase_order(t, &order, err)))
        goto out;
#define TASK_AT(k) (order ? order[k] : (k))
    for (int64_t lo = 1; lo < T;) {
        int ph = dn_tree_recv_phase(t, TASK_AT(lo));
        int64_t hi = lo + 1;
        while (hi < T && dn_tree_recv_phase(t, TASK_AT(hi)) == ph)
            hi++;
        if (ph < 1 || ph > m->phases) {
            rc = dn_fail(err, DN_EINVAL, "task %lld has phase %d outside 1 .. %d",
                         (long long)TASK_AT(lo), ph, m->phases);
            goto out;
        }
#undef TASK_AT
        rc = phase_pass(e, o, m, &w, order, lo, hi, ph, err);
        if (rc)
            goto out;
        if (o->progress)
            o->progress(o->progress_ctx, (double)hi / (double)T);
        lo = hi;
    }
    m->dil_avg = m->edges ? ((double)m->dil_total + m->intra_cost * (double)m->colocated) /
                                (double)m->edges
                          : 0;
    DN_ASSERT(isfinite(m->w_total) && isfinite(m->w_sum));
    m->w_avg = m->w_sum > 0 ? m->w_total / m->w_sum : 0;
    m->extra_total = m->w_total - m->w_sum;
    m->extra_avg = m->w_sum > 0 ? m->extra_total / m->w_sum : 0;
    for (int64_t l = 0; l < g->m; l++) {
        if (w.tot[l] > m->congestion)
            m->congestion = w.tot[l];
        if (w.vol[l] > m->congestion_weighted)
            m->congestion_weighted = w.vol[l];
    }
    /* links of the network under the chosen model */
    m->links = (g->directed || o->directed_links) ? g->m : g->m / 2;
    /* lower bound for one-to-one placements on the maximum degree */
    int64_t dmax = 0;
    for (int64_t v = 0; v < N; v++)
        if (g->off[v + 1] - g->off[v] > dmax)
            dmax = g->off[v + 1] - g->off[v];
    m->lb_degree = (int)dmax;
    int64_t kids[64] = {0}; /* tasks by number of children, for B(n)'s profile */
    for (int64_t v = 0; v < T; v++) {
        const int64_t c = dn_tree_num_children(t, v);
        m->lb_total += dn_lower_bound_task(c, (int)dmax, g->directed);
        const int dl = dn_lower_bound_task_dilation(c, (int)dmax, g->directed);
        if (dl > m->lb_dil_max)
            m->lb_dil_max = dl;
        kids[c < 63 ? c : 63]++;
    }
    m->lb_avg = m->edges ? m->lb_total / (double)m->edges : 0;
    /* The seed's closed forms count only how many tasks have how many
     * children: B(n)'s profile (one task with n, 2^(n-1-c) with c < n),
     * whatever the tree's spec (a tree file of B(n) included). */
    const int n = T >= 2 && !(T & (T - 1)) ? __builtin_ctzll((uint64_t)T) : 0;
    int profile = n >= 1 && n < 63 && kids[n] == 1;
    for (int c = 0; profile && c < n; c++)
        profile = kids[c] == (int64_t)1 << (n - 1 - c);
    if (profile && dmax == 4 && !g->directed) {
        m->lb_paper_n = n;
        m->lb_paper_avg = dn_lower_bound_seed000(n);
        m->lb_paper_total = ldexp(1, n - 4) - 13 * ldexp(1, n - 16);
        m->lb_paper_dil_max = dn_lower_bound_seed000_dilation(n);
    }
    rc = depth_loads(e, m, load, err);
    if (rc)
        goto out;
    if (o->keep_arrays) {
        /* depth_loads zeroed load[] when it used it; recount */
        memset(load, 0, (size_t)N * sizeof *load);
        for (int64_t v = 0; v < T; v++)
            load[dn_embed_place(e, v)]++;
        m->load = load;
        load = NULL;
        m->link_msgs = w.tot;
        w.tot = NULL;
    }
out:
    free(load);
    free(order);
    work_free(&w);
    if (rc)
        dn_metrics_free(m);
    return rc;
}

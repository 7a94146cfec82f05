/*
 * engine.c - the switching engine: plays a dn_sim_work on the directed
 * channels of a network (seed 001 section 5: start-up t_s and per-unit
 * t_e; docs/spec/meshes.md's common model). docs/simulator.md states the model;
 * in short, a message of size m has L = t_s + m t_e and
 *   saf       hop j: request channel c_j, hold it L + hop, then the next;
 *   wormhole  the head requests c_1 .. c_d one by one (hop apart), holding
 *             every granted channel while it waits for the next; when the
 *             head is in (a = g_d + hop), the body streams: delivered at
 *             T = a + L, channel c_j freed when the tail has passed it,
 *             at a + max(0, L - (d - j) hop);
 *   vct       like wormhole, but c_j is freed at g_j + L + hop whether or
 *             not the head is blocked further on (the message is buffered
 *             whole at the blocking router);
 *   circuit   the probe reserves like a worm head, an acknowledgement
 *             returns (d hop), then the data streams (L + d hop); every
 *             channel is freed on delivery.
 * With link costs (issue 29) the run is in seconds and bytes: t_s is a
 * software overhead paid once at the sender (after its port, before its
 * first channel), t_e is 1 and hop 0, and a hop of m bytes over link j
 * takes m / bw_j + lat_j (saf: per hop). Cut-through follows the fluid
 * rule: the head pays each link's latency, and vct's tail leaves link j
 * a crossing after its grant and no earlier than it left link j - 1 plus
 * lat_j (alone: t_s + sum lat + m / min bw); a worm streams at its path's
 * slowest link, L = m / min bw, and frees link k when its tail has
 * passed, a + max(0, L - sum_{i>k} lat_i) (circuit: a + L + 2 sum lat).
 * Where every link is alike this is the model above with m t_e / bw for
 * m t_e and lat for hop.
 * A channel has V lanes (virtual channels), each carrying one message at
 * a time at full rate; waiters are served first come first served. With
 * P ports a node injects at most P messages at once: a message holds a
 * port from before its first channel until that channel is freed.
 *
 * Time is carried as an exact linear form c + s t_s + e t_e + h hop: every
 * event's time is some earlier event's time plus a duration, and the form
 * follows the cause. The final time's form is the critical path's, so
 * ts_coeff and te_coeff split the total exactly for the given parameters.
 * Each grant remembers its cause (own progress, or the release of another
 * message's hop), which gives the critical path by walking back.
 *
 * Two-phase updates per instant: first every event that frees channels or
 * delivers (releases grant to the oldest waiter), then every request
 * (granted waiters continue, heads advance, new messages start). Requests
 * made at an instant therefore see every channel freed at that instant.
 */
#include "dcnet/sim.h"
#include "../base/args_impl.h"
#include "../base/names_impl.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { EV_READY = 0, EV_HEAD = 1, EV_HOP = 2, EV_REL = 3 };
enum { VIA_START = 0, VIA_DATA = 1, VIA_CHANNEL = 2, VIA_PORT = 3 };
#define MAX_LANES 16

/* Memory (issue 27 item 17): ids are 32-bit (messages, channels and hops
 * are below 2^31, checked), a message keeps one time form (32 bytes) in
 * every mode but vct (two), the dependency delays' form only when there
 * are delays, and a channel's queue is one tail index. ENGINE_* state the
 * bytes that dn_sim_run checks against opts.mem_limit before it grows. */
/* per message of the run: 3 ids, a critical-path entry (16), the ideal's
 * earliest finish (8); per live message (all of them in a dataflow run,
 * the largest step's in a barrier run): 4 ids, lane and state,
 * wait_since, f, a pending event (24), its phase-2 and deferred slots */
#define ENGINE_RUN_BYTES (3 * 4 + 16 + 8)
#define ENGINE_LIVE_BYTES (4 * 4 + 2 + 8 + 32 + 24 + 8 + 8)
#define ENGINE_HOP_BYTES 4   /* cause; a lane byte more with several lanes */
#define ENGINE_FORM_BYTES 32 /* vct: fr per message, fg per hop; fd with delays */
#define ENGINE_STEP_BYTES (17 + (int64_t)sizeof(dn_sim_step))

struct dn_sim {
    dn_sim_opts o;
    dn_evq q;
    int64_t *batch;    /* this instant's events left for phase 2 */
    int64_t bcap;
    /* per message: ndeps, start_cause, port_cause and fd for every message
     * (rcap, fdcap); the rest for the live window (mcap, frcap: see run) */
    int64_t rcap, mcap, frcap, fdcap, wkcap, mtcap;
    int32_t *pos;      /* channels granted */
    int32_t *rel;      /* channels released */
    int32_t *ndeps;    /* undelivered dependencies */
    int32_t *qnext;    /* FIFO link while queued (a circular list, see qtail) */
    int32_t *waiting;  /* channel (or port) waited on, -1 */
    int32_t *start_cause;  /* message whose delivery let it start, -1 */
    int32_t *port_cause;   /* global hop whose release gave the port, -1 */
    uint8_t *port_lane;
    uint8_t *state;    /* 0 idle, 1 in flight, 2 delivered, 3 start deferred */
    dn_lin *f;         /* form of the pending head event / of the grant; wormhole
                        * and circuit, after the last grant: the head's arrival a,
                        * from which every release follows (worm_release) */
    dn_lin *fr;        /* vct only: form of the pending release */
    dn_lin *fd;        /* with dependency delays only: the latest (delivery + delay) */
    double *wait_since;
    double *wk;        /* worms on links that differ only, 2 per live message: the
                        * body's time m / min bw of its path, and the latency
                        * still ahead of its tail (worm_path) */
    double *mt;        /* with opts.on_message only, 3 per live message: its
                        * release, first grant and time queued so far */
    /* per hop */
    int64_t hcap, lanecap, fgcap;
    uint8_t *lane;
    int32_t *cause;    /* global hop whose release granted it, -1: own progress */
    dn_lin *fg;        /* vct only: grant form */
    /* per channel (links then ports) */
    int64_t ccap, lcap;
    int32_t *holder;   /* lanes: -1 free */
    int32_t *qtail;    /* last waiter, -1: none; qnext[qtail] is the first */
    /* steps */
    int32_t scap;
    int64_t *step_left, *step_off;
    uint8_t *step_started;
    /* deferred work of phase 2 */
    int64_t *pending;
    int64_t tlen, tcap;
};

/* ------------------------------------------------------------ forms */

double dn_lin_eval(const dn_lin *l, double ts, double te, double hop)
{
    return l->c + l->s * ts + l->e * te + l->h * hop;
}

static dn_lin lin_add(dn_lin a, double s, double e, double h)
{
    a.s += s;
    a.e += e;
    a.h += h;
    return a;
}

static const char *const switching_names[] = {[DN_SW_SAF] = "saf", [DN_SW_WORMHOLE] = "wormhole",
                                              [DN_SW_VCT] = "vct", [DN_SW_CIRCUIT] = "circuit"};
DN_NAMES_DEFINE(switching, switching_names)

static const char *const stage_names[] = {[DN_STAGE_DIVIDE] = "divide",
                                          [DN_STAGE_COMBINE] = "combine", [DN_STAGE_BOTH] = "both"};
DN_NAMES_DEFINE(stage, stage_names)

/* ------------------------------------------------------------ setup */

int dn_sim_init(dn_sim **out, const dn_sim_opts *opts, dn_err *err)
{
    DN_NEED(err, out);
    DN_NEED(err, opts);
    *out = NULL;
    if (!(opts->ts >= 0) || !(opts->te >= 0) || !(opts->hop >= 0) || isinf(opts->ts) ||
        isinf(opts->te) || isinf(opts->hop))
        return dn_fail(err, DN_EINVAL, "t_s, t_e and the hop latency must be finite and >= 0");
    if (opts->vcs < 0 || opts->vcs > MAX_LANES)
        return dn_fail(err, DN_ERANGE, "virtual channels must be 1..%d, not %d", MAX_LANES,
                       opts->vcs);
    if (opts->ports < 0 || opts->ports > MAX_LANES)
        return dn_fail(err, DN_ERANGE, "ports must be 1..%d or all, not %d", MAX_LANES,
                       opts->ports);
    if ((unsigned)opts->sw > DN_SW_CIRCUIT)
        return dn_fail(err, DN_EINVAL, "unknown switching mode %d", (int)opts->sw);
    dn_sim *s = calloc(1, sizeof *s);
    if (!s)
        return dn_fail(err, DN_ENOMEM, "out of memory");
    s->o = *opts;
    if (s->o.vcs == 0)
        s->o.vcs = 1;
    int rc = dn_evq_init(&s->q, 1024, err);
    if (rc) {
        free(s);
        return rc;
    }
    *out = s;
    return DN_OK;
}

void dn_sim_free(dn_sim *s)
{
    if (!s)
        return;
    dn_evq_free(&s->q);
    free(s->batch);
    free(s->pos);
    free(s->rel);
    free(s->fd);
    free(s->ndeps);
    free(s->qnext);
    free(s->waiting);
    free(s->start_cause);
    free(s->port_cause);
    free(s->port_lane);
    free(s->state);
    free(s->f);
    free(s->fr);
    free(s->wait_since);
    free(s->wk);
    free(s->mt);
    free(s->lane);
    free(s->cause);
    free(s->fg);
    free(s->holder);
    free(s->qtail);
    free(s->step_left);
    free(s->step_off);
    free(s->step_started);
    free(s->pending);
    free(s);
}

void dn_sim_result_free(dn_sim_result *r)
{
    if (!r)
        return;
    free(r->step);
    free(r->crit);
    free(r->busy);
    free(r->carried);
    free(r->t_ready);
    free(r->t_grant);
    free(r->t_done);
    free(r->cycle);
    memset(r, 0, sizeof *r);
}

#define GROW(ptr, n)                                                                             \
    do {                                                                                         \
        void *p_ = realloc((ptr), (size_t)((n) > 0 ? (n) : 1) * sizeof *(ptr));                  \
        if (!p_)                                                                                 \
            return DN_ENOMEM;                                                                    \
        (ptr) = p_;                                                                              \
    } while (0)

/* The per-message arrays; fr (vct), fd (delays), wk (worms on links that
 * differ) and mt (a message callback) only when the run needs them. Kept
 * across runs, grown when a run needs more. */
static int grow_msgs(dn_sim *s, int64_t n, int64_t win, int vct, int delays, int worms,
                     int times)
{
    if (n > s->rcap) {
        GROW(s->ndeps, n);
        GROW(s->start_cause, n);
        GROW(s->port_cause, n);
        s->rcap = n;
    }
    if (win > s->mcap) {
        GROW(s->pos, win);
        GROW(s->rel, win);
        GROW(s->qnext, win);
        GROW(s->waiting, win);
        GROW(s->port_lane, win);
        GROW(s->state, win);
        GROW(s->f, win);
        GROW(s->wait_since, win);
        s->mcap = win;
    }
    if (vct && win > s->frcap) {
        GROW(s->fr, win);
        s->frcap = win;
    }
    if (delays && n > s->fdcap) {
        GROW(s->fd, n);
        s->fdcap = n;
    }
    if (worms && win > s->wkcap) {
        GROW(s->wk, 2 * win);
        s->wkcap = win;
    }
    if (times && win > s->mtcap) {
        GROW(s->mt, 3 * win);
        s->mtcap = win;
    }
    return DN_OK;
}

/* Per hop: the cause; the lane only with several lanes (else lane 0). */
static int grow_hops(dn_sim *s, int64_t n, int lanes, int vct)
{
    if (n > s->hcap) {
        GROW(s->cause, n);
        s->hcap = n;
    }
    if (lanes > 1 && n > s->lanecap) {
        GROW(s->lane, n);
        s->lanecap = n;
    }
    if (vct && n > s->fgcap) {
        GROW(s->fg, n);
        s->fgcap = n;
    }
    return DN_OK;
}

static int grow_chans(dn_sim *s, int64_t nch, int64_t lanes)
{
    if (lanes > s->lcap) {
        GROW(s->holder, lanes);
        s->lcap = lanes;
    }
    if (nch > s->ccap) {
        GROW(s->qtail, nch);
        s->ccap = nch;
    }
    return DN_OK;
}

#undef GROW

/* ------------------------------------------------------------ the run */

/* Everything one run needs besides the engine's arrays. */
typedef struct run {
    dn_sim *s;
    const dn_sim_work *w;
    dn_sim_result *res;
    dn_err *err;
    int64_t links;      /* link channels; ports follow */
    int vcs, ports;
    int barrier;        /* a step starts when the previous one has ended */
    int per_step;       /* the workload has steps: keep per-step figures */
    double now;
    int64_t last_msg;   /* message with the latest delivery */
    int rc;
    /* link costs (w->chan_bw): seconds and bytes, t_s once at the sender */
    int costs;
    /* worms (wormhole, circuit) on links of one bandwidth and latency: a
     * message streams at worm_bw (0: no link costs, m t_e) and the head
     * pays worm_lat per link in the constant (worm_costs), else hop; on
     * links that differ (worm_each), each message's own path (s->wk) */
    double worm_bw, worm_lat;
    int worm_lat_on, worm_each;
    /* The messages whose per-message state is live, [base, wend): all of
     * them in a dataflow run; the current step's in a barrier run, whose
     * state arrays (pos, rel, qnext, waiting, port_lane, state, f,
     * wait_since, fr) then hold only the largest step's count, indexed
     * by AT(m) (issue 27 item 17). The rest (dependencies, causes) is
     * per run. */
    int64_t base, wend;
} run;

#define AT(m) ((m) - R->base)

static int64_t hops_of(const run *R, int64_t m)
{
    return R->w->route_off[m + 1] - R->w->route_off[m];
}

static double tval(const run *R, const dn_lin *f)
{
    return dn_lin_eval(f, R->s->o.ts, R->s->o.te, R->s->o.hop);
}

/* A worm's te coefficient: m, or m / bw on links of bandwidth bw, or m /
 * min bw over its own path on links that differ (s->wk, from worm_path). */
static double worm_e(const run *R, int64_t m)
{
    if (R->worm_each)
        return R->s->wk[2 * AT(m)];
    return R->worm_bw > 0 ? R->w->size[m] / R->worm_bw : R->w->size[m];
}

/* F plus k head latencies: k hops, or k times the links' latency. */
static dn_lin worm_hops(const run *R, dn_lin f, double k)
{
    if (R->worm_lat_on)
        f.c += k * R->worm_lat;
    else
        f.h += k;
    return f;
}

/* Links that differ, at m's head arrival: the body's time over its
 * path's slowest link, m / min bw, and the latency ahead of the tail when
 * it leaves channel 0, sum_{i>0} lat_i (circuit: every link's, which the
 * acknowledgement and the data pay again). O(d) once per message. */
static void worm_path(run *R, int64_t m)
{
    const dn_sim_work *w = R->w;
    double bw = INFINITY, lat = 0;
    const int circuit = R->s->o.sw == DN_SW_CIRCUIT;
    for (int64_t i = w->route_off[m]; i < w->route_off[m + 1]; i++) { /* in travel order, */
        const int32_t c = w->route[i];                                  /* as the head adds */
        bw = w->chan_bw[c] < bw ? w->chan_bw[c] : bw;
        if (i > w->route_off[m] || circuit)
            lat += w->chan_lat[c];
    }
    R->s->wk[2 * AT(m)] = w->size[m] / bw;
    R->s->wk[2 * AT(m) + 1] = lat;
}

/* The form at which a worm whose head got in at fa frees its channel k
 * (0-based): circuit, all at fa + L + 2 d h; wormhole, when the tail has
 * passed, fa + max(0, L - (d - 1 - k) h), with L = t_s + m t_e (/ bw) and
 * h the hop latency (or the links' latency). With link costs L = m / bw
 * (t_s was paid at the sender), and on links that differ L = m / min bw
 * and the (d - 1 - k) h ahead of the tail is sum_{i>k} lat_i (s->wk,
 * which worm_release_due keeps for k = rel). */
static dn_lin worm_release(const run *R, int64_t m, const dn_lin *fa, int64_t k)
{
    const int64_t d = hops_of(R, m);
    const double e = worm_e(R, m);
    const dn_lin body = lin_add(*fa, R->costs ? 0 : 1, e, 0);
    if (R->s->o.sw == DN_SW_CIRCUIT) {
        if (!R->worm_each)
            return worm_hops(R, body, 2.0 * (double)d);
        dn_lin f = body;
        f.c += 2 * R->s->wk[2 * AT(m) + 1];
        return f;
    }
    const double L = (R->costs ? 0 : R->s->o.ts) + e * R->s->o.te;
    if (R->worm_each) {
        const double ahead = R->s->wk[2 * AT(m) + 1];
        dn_lin f = body;
        f.c -= ahead;
        return L - ahead > 0 ? f : *fa;
    }
    const double lag = (double)(d - 1 - k);
    const double h = R->worm_lat_on ? R->worm_lat : R->s->o.hop;
    return L - lag * h > 0 ? worm_hops(R, body, -lag) : *fa;
}

/* Lanes of channel ch and where they start in holder[]. */
static int lanes_of(const run *R, int64_t ch, int64_t *base)
{
    if (ch < R->links) {
        *base = ch * R->vcs;
        return R->vcs;
    }
    *base = R->links * R->vcs + (ch - R->links) * R->ports;
    return R->ports;
}

static void schedule(run *R, int64_t m, int kind, const dn_lin *f)
{
    if (R->rc)
        return;
    R->rc = dn_evq_push(&R->s->q, tval(R, f), (m << 2) | kind, R->err);
}

static void defer(run *R, int64_t m)
{
    dn_sim *s = R->s;
    if (R->rc)
        return;
    if (s->tlen == s->tcap) {
        int64_t nc = s->tcap ? s->tcap * 2 : 1024;
        int64_t *t = realloc(s->pending, (size_t)nc * sizeof *t);
        if (!t) {
            R->rc = dn_fail(R->err, DN_ENOMEM, "out of memory");
            return;
        }
        s->pending = t;
        s->tcap = nc;
    }
    s->pending[s->tlen++] = m;
}

static void request(run *R, int64_t m, int64_t ch, const dn_lin *F);
static void deliver(run *R, int64_t m, const dn_lin *F);

/* m may enter the network at F (its port held, or none needed): it asks
 * for its first channel now, or with link costs after the sender's
 * software overhead t_s, paid once per message (the form keeps it even
 * if t_s is 0; a pending head event asks for channel pos = 0). */
static void inject(run *R, int64_t m, const dn_lin *F)
{
    dn_sim *s = R->s;
    const int64_t first = R->w->route[R->w->route_off[m]];
    if (!R->costs) {
        request(R, m, first, F);
        return;
    }
    s->f[AT(m)] = lin_add(*F, 1, 0, 0);
    if (s->o.ts > 0) {
        schedule(R, m, EV_HEAD, &s->f[AT(m)]);
        return;
    }
    const dn_lin nf = s->f[AT(m)];
    request(R, m, first, &nf);
}

/* A message may go: record and ask for its port or first channel. */
static void start(run *R, int64_t m, const dn_lin *F)
{
    dn_sim *s = R->s;
    dn_sim_result *res = R->res;
    s->state[AT(m)] = 1;
    if (res->t_ready)
        res->t_ready[m] = tval(R, F);
    if (s->o.on_message) { /* released now; no wait yet; no grant (0 hops: now) */
        double *mt = &s->mt[3 * AT(m)];
        mt[0] = tval(R, F);
        mt[1] = hops_of(R, m) == 0 ? mt[0] : NAN;
        mt[2] = 0;
    }
    if (R->per_step) {
        dn_sim_step *st = &res->step[R->w->step[m]];
        double t = tval(R, F);
        if (st->msgs == 0 || t < st->start) {
            st->start = t;
            st->start_lin = *F;
        }
        st->msgs++;
    }
    if (hops_of(R, m) == 0) {
        deliver(R, m, F);
        return;
    }
    s->f[AT(m)] = *F;
    if (R->ports)
        request(R, m, R->links + R->w->src[m], F);
    else
        inject(R, m, F);
}

/* m crosses channel ch whole, from F: t_s + m t_e (+ hop), or with link
 * costs m / bw + lat seconds (t_e is 1: the link's 1 / bw is in the
 * coefficient; the latency in place of hop; t_s was paid at the sender).
 * work_alloc gives chan_lat whenever chan_bw. */
static dn_lin hop_done(const dn_sim_work *w, int64_t m, int64_t ch, const dn_lin *F)
{
    if (!w->chan_bw)
        return lin_add(*F, 1, w->size[m], 1);
    dn_lin f = lin_add(*F, 0, w->size[m] / w->chan_bw[ch], 0);
    f.c += w->chan_lat[ch];
    return f;
}

/* F plus the latency of channel ch: its own with link costs, else one
 * hop (the form keeps the hop even if it is 0). */
static dn_lin lat_after(const dn_sim_work *w, int64_t ch, const dn_lin *F)
{
    dn_lin f = lin_add(*F, 0, 0, w->chan_lat ? 0 : 1);
    if (w->chan_lat)
        f.c += w->chan_lat[ch];
    return f;
}

/* The head of m has been granted a channel (or its port) at form F: go on. */
static void advance(run *R, int64_t m, const dn_lin *F, int was_port)
{
    dn_sim *s = R->s;
    const dn_sim_work *w = R->w;
    int64_t d = hops_of(R, m), base = w->route_off[m];
    double h = s->o.hop;
    if (was_port) {
        inject(R, m, F);
        return;
    }
    int64_t j = s->pos[AT(m)]++; /* index of the channel just granted */
    if (R->res->t_grant && j == 0)
        R->res->t_grant[m] = tval(R, F);
    if (s->o.on_message && j == 0)
        s->mt[3 * AT(m) + 1] = tval(R, F);
    switch (s->o.sw) {
    case DN_SW_SAF:
        s->f[AT(m)] = hop_done(w, m, w->route[base + j], F);
        schedule(R, m, EV_HOP, &s->f[AT(m)]);
        return;
    case DN_SW_VCT:
        s->fg[base + j] = *F;
        if (s->rel[AT(m)] == j) { /* the tail is waiting for this grant */
            s->fr[AT(m)] = hop_done(w, m, w->route[base + j], F);
            schedule(R, m, EV_REL, &s->fr[AT(m)]);
        }
        break;
    default: break;
    }
    if (j + 1 < d) { /* the head moves on: one hop latency (the form keeps it even if 0),
                      * or the link's own latency */
        s->f[AT(m)] = lat_after(w, w->route[base + j], F);
        if (w->chan_lat)
            h = w->chan_lat[w->route[base + j]];
        if (h == 0) {
            dn_lin nf = s->f[AT(m)];
            request(R, m, w->route[base + j + 1], &nf);
        } else {
            schedule(R, m, EV_HEAD, &s->f[AT(m)]);
        }
        return;
    }
    if (s->o.sw == DN_SW_VCT)
        return; /* delivered by the last release */
    /* the head is in: f keeps its arrival a from now on, and the pending
     * release is always worm_release(f, rel) */
    s->f[AT(m)] = lat_after(w, w->route[base + j], F);
    if (R->worm_each)
        worm_path(R, m);
    const dn_lin fr = worm_release(R, m, &s->f[AT(m)], 0);
    schedule(R, m, EV_REL, &fr);
}

static void grant(run *R, int64_t m, int64_t ch, int64_t lane_idx, const dn_lin *F,
                  int64_t cause_hop)
{
    dn_sim *s = R->s;
    dn_sim_result *res = R->res;
    s->holder[lane_idx] = (int32_t)m;
    s->waiting[AT(m)] = -1;
    int64_t base;
    lanes_of(R, ch, &base);
    if (ch < R->links) {
        int64_t hop = R->w->route_off[m] + s->pos[AT(m)];
        if (R->vcs > 1)
            s->lane[hop] = (uint8_t)(lane_idx - base);
        s->cause[hop] = (int32_t)cause_hop;
        if (res->busy) {
            res->busy[ch] -= tval(R, F);
            res->carried[ch]++;
        }
    } else {
        s->port_lane[AT(m)] = (uint8_t)(lane_idx - base);
        s->port_cause[m] = (int32_t)cause_hop;
    }
}

static void request(run *R, int64_t m, int64_t ch, const dn_lin *F)
{
    dn_sim *s = R->s;
    int64_t base;
    int n = lanes_of(R, ch, &base);
    for (int i = 0; i < n; i++)
        if (s->holder[base + i] < 0) {
            grant(R, m, ch, base + i, F, -1);
            advance(R, m, F, ch >= R->links);
            return;
        }
    /* all lanes busy: queue, first come first served */
    s->waiting[AT(m)] = (int32_t)ch;
    s->wait_since[AT(m)] = tval(R, F);
    const int32_t last = s->qtail[ch]; /* circular: qnext[last] is the first */
    s->qnext[AT(m)] = last < 0 ? (int32_t)m : s->qnext[AT(last)];
    if (last >= 0)
        s->qnext[AT(last)] = (int32_t)m;
    s->qtail[ch] = (int32_t)m;
    if (ch < R->links) {
        R->res->conflicts++;
        if (R->per_step)
            R->res->step[R->w->step[m]].conflicts++;
    } else {
        R->res->port_waits++;
    }
}

/* m frees its lane of ch at form F; global hop gh (of m) is the cause. The
 * oldest waiter gets the lane now and continues in phase 2. */
static void release(run *R, int64_t m, int64_t ch, int64_t lane, const dn_lin *F, int64_t gh)
{
    dn_sim *s = R->s;
    int64_t base;
    lanes_of(R, ch, &base);
    s->holder[base + lane] = -1;
    if (ch < R->links && R->res->busy)
        R->res->busy[ch] += tval(R, F);
    (void)m;
    const int32_t last = s->qtail[ch];
    if (last < 0)
        return;
    const int32_t x = s->qnext[AT(last)]; /* the oldest waiter */
    if (x == last)
        s->qtail[ch] = -1;
    else
        s->qnext[AT(last)] = s->qnext[AT(x)];
    R->res->wait_time += tval(R, F) - s->wait_since[AT(x)];
    if (s->o.on_message)
        s->mt[3 * AT(x) + 2] += tval(R, F) - s->wait_since[AT(x)];
    grant(R, x, ch, base + lane, F, gh);
    s->f[AT(x)] = *F;
    defer(R, (int64_t)x << 1 | (ch >= R->links));
}

/* Frees channel j of m (and its port with the first channel). */
static void release_hop(run *R, int64_t m, int64_t j, const dn_lin *F)
{
    dn_sim *s = R->s;
    int64_t gh = R->w->route_off[m] + j;
    release(R, m, R->w->route[gh], R->vcs > 1 ? s->lane[gh] : 0, F, gh);
    if (j == 0 && R->ports)
        release(R, m, R->links + R->w->src[m], s->port_lane[AT(m)], F, gh);
}

static void start_step(run *R, int32_t st, const dn_lin *F, int64_t cause);

/* Fresh per-message state for messages [from, to) of the live window. */
static void window_init(run *R, int64_t from, int64_t to)
{
    dn_sim *s = R->s;
    for (int64_t m = from; m < to; m++) {
        s->pos[AT(m)] = s->rel[AT(m)] = 0;
        s->waiting[AT(m)] = -1;
        s->state[AT(m)] = 0;
    }
}

static void deliver(run *R, int64_t m, const dn_lin *Fp)
{
    /* a copy: F may point into f[], whose slot a next step's message takes
     * once start_step moves the window */
    const dn_lin Fv = *Fp, *F = &Fv;
    dn_sim *s = R->s;
    const dn_sim_work *w = R->w;
    dn_sim_result *res = R->res;
    double t = tval(R, F);
    s->state[AT(m)] = 2;
    res->delivered++;
    if (res->t_done)
        res->t_done[m] = t;
    if (s->o.on_message && m < w->msgs - w->computes) { /* before the window moves */
        const double *mt = &s->mt[3 * AT(m)];
        const dn_sim_msg_times mt_out = {mt[0], mt[1], t, mt[2]};
        s->o.on_message(s->o.message_ctx, m, &mt_out);
    }
    if (R->last_msg < 0 || t > res->time) {
        res->time = t;
        res->lin = *F;
        R->last_msg = m;
    }
    if ((res->delivered & 0xffff) == 0) {
        if (R->s->o.progress)
            R->s->o.progress(R->s->o.progress_ctx, (double)res->delivered / (double)w->msgs);
        if (R->s->o.stop && *R->s->o.stop && !R->rc) /* the caller asked to stop */
            R->rc = dn_fail(R->err, DN_ELIMIT, "stopped by the caller");
    }
    if (R->per_step) {
        int32_t st = w->step[m];
        dn_sim_step *sp = &res->step[st];
        if (t >= sp->end) {
            sp->end = t;
            sp->end_lin = *F;
        }
        if (hops_of(R, m) > sp->max_hops)
            sp->max_hops = hops_of(R, m);
        if (--s->step_left[st] == 0 && R->barrier && st + 1 < w->steps)
            start_step(R, st + 1, F, m);
    }
    for (int64_t i = w->succ_off[m]; i < w->succ_off[m + 1]; i++) {
        int64_t x = w->succ[i];
        if (w->succ_delay) { /* x may start succ_delay after this delivery */
            dn_lin c = *F;
            c.c += w->succ_delay[i];
            if (tval(R, &c) > tval(R, &s->fd[x])) /* fd starts at -inf */
                s->fd[x] = c;
        }
        if (--s->ndeps[x] > 0 || (R->barrier && !s->step_started[w->step[x]]))
            continue;
        s->start_cause[x] = (int32_t)m;
        double rel = w->release ? w->release[x] : 0;
        if (w->succ_delay && tval(R, &s->fd[x]) > t && tval(R, &s->fd[x]) >= rel) {
            s->f[AT(x)] = s->fd[x]; /* computing: data there, work not done */
            schedule(R, x, EV_READY, &s->fd[x]);
        } else if (rel > t) {
            dn_lin c = {rel, 0, 0, 0};
            s->f[AT(x)] = c;
            s->start_cause[x] = -1;
            schedule(R, x, EV_READY, &c);
        } else {
            s->f[AT(x)] = *F;
            defer(R, x << 1 | 0);
            s->state[AT(x)] = 3; /* deferred start, not a granted waiter */
        }
    }
}

/* Step st begins at F (barrier runs): its messages whose data is there go.
 * Empty steps pass at once. */
static void start_step(run *R, int32_t st, const dn_lin *F, int64_t cause)
{
    dn_sim *s = R->s;
    const dn_sim_work *w = R->w;
    for (; st < w->steps; st++) {
        s->step_started[st] = 1;
        dn_sim_step *sp = &R->res->step[st];
        sp->start = sp->end = tval(R, F);
        sp->start_lin = sp->end_lin = *F;
        if (s->step_off[st + 1] > s->step_off[st]) { /* the live window moves here */
            R->base = s->step_off[st];
            R->wend = s->step_off[st + 1];
            window_init(R, R->base, R->wend);
        }
        for (int64_t x = s->step_off[st]; x < s->step_off[st + 1]; x++) {
            if (s->ndeps[x] > 0)
                continue;
            s->start_cause[x] = (int32_t)cause;
            s->f[AT(x)] = *F;
            s->state[AT(x)] = 3;
            defer(R, x << 1 | 0);
        }
        if (s->step_off[st + 1] > s->step_off[st])
            break;
    }
}

/* Phase 2 work: granted waiters continue, deferred messages start. */
static void drain(run *R)
{
    dn_sim *s = R->s;
    for (int64_t i = 0; i < s->tlen && !R->rc; i++) {
        int64_t x = s->pending[i] >> 1;
        int port = (int)(s->pending[i] & 1);
        dn_lin F = s->f[AT(x)];
        if (s->state[AT(x)] == 3) {
            start(R, x, &F);
        } else {
            advance(R, x, &F, port);
        }
    }
    s->tlen = 0;
}

/* Isolated cost of message m: what it takes with the network to itself. */
static double alone(const run *R, int64_t m)
{
    double d = (double)hops_of(R, m), h = R->s->o.hop;
    if (d == 0)
        return 0;
    const dn_sim_work *w = R->w;
    const int worm = R->s->o.sw == DN_SW_WORMHOLE || R->s->o.sw == DN_SW_CIRCUIT;
    if (R->costs && (!worm || R->worm_each)) { /* links of their own costs */
        /* as the engine forms the times, term for term (so that a message
         * alone takes its ideal to the last bit): t_s at the sender, then
         * saf every hop in turn; vct the head reaches hop j after the
         * latencies before it, and the tail leaves it a crossing (body +
         * latency) later, never before it left hop j - 1 plus hop j's
         * latency; a worm streams at the slowest link after its head's
         * latencies (circuit: the probe's, then twice more, worm_path) */
        dn_lin head = {0, 1, 0, 0}, saf = head, tail = {-INFINITY, 0, 0, 0};
        double bw = INFINITY, lat = 0;
        for (int64_t i = w->route_off[m]; i < w->route_off[m + 1]; i++) {
            const int64_t c = w->route[i];
            const dn_lin cross = hop_done(w, m, c, &head), after = lat_after(w, c, &tail);
            saf = hop_done(w, m, c, &saf);
            tail = i == w->route_off[m] || tval(R, &cross) > tval(R, &after) ? cross : after;
            head = lat_after(w, c, &head);
            bw = w->chan_bw[c] < bw ? w->chan_bw[c] : bw;
            lat += w->chan_lat[c];
        }
        dn_lin fw = lin_add(head, 0, w->size[m] / bw, 0);
        if (R->s->o.sw == DN_SW_CIRCUIT)
            fw.c += 2 * lat;
        return tval(R, R->s->o.sw == DN_SW_SAF ? &saf : R->s->o.sw == DN_SW_VCT ? &tail : &fw);
    }
    if (worm && R->worm_lat_on)
        h = R->worm_lat;
    const double L = R->s->o.ts + worm_e(R, m) * R->s->o.te;
    switch (R->s->o.sw) {
    case DN_SW_SAF: return d * (L + h);
    case DN_SW_CIRCUIT: return 3 * d * h + L;
    default: return d * h + L;
    }
}

static int compute_ideal(run *R)
{
    const dn_sim_work *w = R->w;
    dn_sim_result *res = R->res;
    if (R->barrier) {
        double sum = 0;
        for (int32_t st = 0; st < w->steps; st++) {
            double mx = 0;
            for (int64_t m = R->s->step_off[st]; m < R->s->step_off[st + 1]; m++) {
                double a = alone(R, m);
                mx = a > mx ? a : mx;
            }
            sum += mx;
        }
        res->ideal = sum;
        return DN_OK;
    }
    /* longest chain; dependencies point forward (checked before the run) */
    double *ef = malloc((size_t)(w->msgs ? w->msgs : 1) * sizeof *ef);
    if (!ef)
        return dn_fail(R->err, DN_ENOMEM, "out of memory");
    for (int64_t m = 0; m < w->msgs; m++)
        ef[m] = w->release ? w->release[m] : 0;
    double best = 0;
    for (int64_t m = 0; m < w->msgs; m++) {
        ef[m] += alone(R, m);
        best = ef[m] > best ? ef[m] : best;
        for (int64_t i = w->succ_off[m]; i < w->succ_off[m + 1]; i++) {
            double e = ef[m] + (w->succ_delay ? w->succ_delay[i] : 0);
            if (e > ef[w->succ[i]])
                ef[w->succ[i]] = e;
        }
    }
    free(ef);
    res->ideal = best;
    return DN_OK;
}

/* The message whose route holds global hop c (the last one starting at or
 * before c: messages without hops share offsets with the next). */
static int64_t hop_owner(const dn_sim_work *w, int64_t c)
{
    int64_t lo = 0, hi = w->msgs;
    while (hi - lo > 1) {
        int64_t mid = lo + (hi - lo) / 2;
        if (w->route_off[mid] <= c)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* Walks the causes back from the last delivery (see the file comment). */
static int critical_path(run *R)
{
    dn_sim *s = R->s;
    const dn_sim_work *w = R->w;
    dn_sim_result *res = R->res;
    int64_t cap = 64, n = 0, m = R->last_msg;
    if (m < 0)
        return DN_OK;
    res->crit = malloc((size_t)cap * sizeof *res->crit);
    if (!res->crit)
        return dn_fail(R->err, DN_ENOMEM, "out of memory");
    int wh = s->o.sw == DN_SW_WORMHOLE || s->o.sw == DN_SW_CIRCUIT;
    int64_t j = hops_of(R, m) - 1; /* the grant that fixed its delivery */
    for (int64_t guard = 0; m >= 0 && guard <= w->hops + w->msgs; guard++) {
        /* walk back within m to where another message set its time */
        int64_t next = -1, nj = -1;
        int nvia = VIA_START;
        for (; j >= 0; j--) {
            int64_t c = s->cause[w->route_off[m] + j];
            if (c >= 0) { /* waited: released by global hop c */
                int64_t lo = hop_owner(w, c);
                next = lo;
                nj = wh ? hops_of(R, lo) - 1 : c - w->route_off[lo];
                nvia = VIA_CHANNEL;
                break;
            }
        }
        if (next < 0 && R->ports && hops_of(R, m) > 0 && s->port_cause[m] >= 0) {
            int64_t c = s->port_cause[m], lo = hop_owner(w, c);
            next = lo;
            nj = wh ? hops_of(R, lo) - 1 : c - w->route_off[lo];
            nvia = VIA_PORT;
        }
        if (next < 0 && s->start_cause[m] >= 0) {
            next = s->start_cause[m];
            nj = hops_of(R, next) - 1;
            nvia = VIA_DATA;
        }
        if (n == cap) {
            cap *= 2;
            dn_sim_crit *c = realloc(res->crit, (size_t)cap * sizeof *c);
            if (!c)
                return dn_fail(R->err, DN_ENOMEM, "out of memory");
            res->crit = c;
        }
        res->crit[n].msg = m;
        res->crit[n].via = next < 0 ? VIA_START : nvia;
        n++;
        m = next;
        j = nj;
    }
    res->ncrit = n;
    return DN_OK;
}

/* Traffic stopped with messages left: find a wait-for cycle. */
static int find_deadlock(run *R)
{
    dn_sim *s = R->s;
    const dn_sim_work *w = R->w;
    dn_sim_result *res = R->res;
    res->blocked = w->msgs - res->delivered;
    int64_t m0 = -1;
    for (int64_t m = R->base; m < R->wend && m0 < 0; m++) /* the live window */
        if (s->state[AT(m)] == 1 && s->waiting[AT(m)] >= 0)
            m0 = m;
    if (m0 < 0)
        return dn_fail(R->err, DN_EINVAL,
                       "internal: %lld messages undelivered but none is waiting",
                       (long long)res->blocked);
    res->deadlock = 1;
    /* follow waiter -> a holder that is itself waiting, until a repeat */
    int64_t *seen = malloc((size_t)w->msgs * sizeof *seen);
    int64_t *order = malloc((size_t)(w->msgs + 1) * sizeof *order);
    if (!seen || !order) {
        free(seen);
        free(order);
        return dn_fail(R->err, DN_ENOMEM, "out of memory");
    }
    for (int64_t i = 0; i < w->msgs; i++)
        seen[i] = -1;
    int64_t len = 0, m = m0;
    while (m >= 0 && seen[m] < 0) {
        seen[m] = len;
        order[len++] = m;
        int64_t ch = s->waiting[AT(m)], base, nxt = -1;
        if (ch < 0)
            break;
        int n = lanes_of(R, ch, &base);
        for (int i = 0; i < n; i++) {
            int64_t hd = s->holder[base + i];
            if (hd >= 0 && (nxt < 0 || s->waiting[AT(hd)] >= 0))
                nxt = hd;
        }
        m = nxt;
    }
    if (m >= 0 && seen[m] >= 0) {
        int64_t from = seen[m], k = len - from;
        res->cycle = malloc((size_t)(2 * k) * sizeof *res->cycle);
        if (res->cycle) {
            for (int64_t i = 0; i < k; i++) {
                res->cycle[2 * i] = order[from + i];
                res->cycle[2 * i + 1] = s->waiting[AT(order[from + i])];
            }
            res->ncycle = 2 * k;
        }
    }
    free(seen);
    free(order);
    return DN_OK;
}

/* Worms on links with costs: where every link has the same bandwidth and
 * latency the seeds' model holds (a worm streams at that bandwidth and
 * its head pays that latency per link: worm_bw, worm_lat), computed as
 * before issue 29 so that those runs keep their numbers bit for bit;
 * links that differ take each message's own path (worm_each, worm_path).
 * Sets R's worm_* fields. O(channels). */
static void worm_costs(run *R)
{
    const dn_sim_work *w = R->w;
    if (!w->chan_bw || (R->s->o.sw != DN_SW_WORMHOLE && R->s->o.sw != DN_SW_CIRCUIT))
        return;
    double blo = INFINITY, bhi = 0, llo = INFINITY, lhi = 0;
    for (int64_t c = 0; c < w->channels; c++) {
        const double b = w->chan_bw[c], l = w->chan_lat[c];
        blo = b < blo ? b : blo;
        bhi = b > bhi ? b : bhi;
        llo = l < llo ? l : llo;
        lhi = l > lhi ? l : lhi;
    }
    R->worm_each = w->channels > 0 && (blo != bhi || llo != lhi);
    R->worm_bw = w->channels > 0 ? blo : 1;
    R->worm_lat = w->channels > 0 ? llo : 0;
    R->worm_lat_on = 1;
}

/* With link costs the run is in seconds and bytes: t_e is 1 (a hop of m
 * bytes takes m / bw) and the links' latencies replace the hop latency. */
static int check_costs(const dn_sim *s, const dn_sim_work *w, dn_err *err)
{
    if (!w->chan_bw)
        return DN_OK;
    if (!w->chan_lat)
        return dn_fail(err, DN_EINVAL, "link costs need a latency per link with the bandwidths");
    if (s->o.te != 1 || s->o.hop != 0)
        return dn_fail(err, DN_EINVAL, "with link costs a hop of m bytes takes m / bw + lat "
                                       "seconds: t_e must be 1 and the hop latency 0 (the "
                                       "links' own), not %g and %g",
                       s->o.te, s->o.hop);
    return DN_OK;
}

static int check_work(const dn_sim_work *w, int barrier, dn_err *err)
{
    if (w->succ_delay && barrier)
        return dn_fail(err, DN_EINVAL, "compute times (a tree's work) need the async schedule: "
                                       "a step barrier would wait for work it does not model");
    for (int64_t m = 0; m < w->msgs; m++) {
        if (w->src[m] < 0 || w->src[m] >= w->nodes)
            return dn_fail(err, DN_EINVAL, "message %lld: source %d out of range", (long long)m,
                           w->src[m]);
        if (!(w->size[m] >= 0))
            return dn_fail(err, DN_EINVAL, "message %lld: size must be >= 0", (long long)m);
        if (w->step && (w->step[m] < 0 || w->step[m] >= w->steps ||
                        (m > 0 && w->step[m] < w->step[m - 1])))
            return dn_fail(err, DN_EINVAL, "message %lld: steps must be 0..%d, in order",
                           (long long)m, w->steps - 1);
        for (int64_t i = w->succ_off[m]; i < w->succ_off[m + 1]; i++)
            if (w->succ[i] <= m || w->succ[i] >= w->msgs)
                return dn_fail(err, DN_EINVAL, "message %lld: dependants must come later",
                               (long long)m);
        for (int64_t i = w->route_off[m]; i < w->route_off[m + 1]; i++)
            if (w->route[i] < 0 || w->route[i] >= w->channels)
                return dn_fail(err, DN_EINVAL, "message %lld: channel out of range",
                               (long long)m);
    }
    return DN_OK;
}

/* Phase 1, vct: m's pending release is due. Frees every granted channel
 * due at this instant now (a same-instant free left to a later batch would
 * come after this instant's requests and count a conflict where none
 * waits), then schedules the next or delivers. */
static void vct_release(run *R, int64_t m)
{
    dn_sim *s = R->s;
    const dn_sim_work *w = R->w;
    const int64_t d = hops_of(R, m);
    dn_lin F = s->fr[AT(m)];
    const double t = tval(R, &F);
    for (;;) {
        release_hop(R, m, s->rel[AT(m)]++, &F);
        if (s->rel[AT(m)] == d) {
            deliver(R, m, &F);
            return;
        }
        if (s->rel[AT(m)] >= s->pos[AT(m)])
            return; /* not granted yet: advance() schedules it */
        /* the tail leaves the next channel a crossing after its grant, and
         * never before it left this one plus that link's latency (a
         * faster link waits for the tail) */
        const int64_t gh = w->route_off[m] + s->rel[AT(m)];
        dn_lin nf = hop_done(w, m, w->route[gh], &s->fg[gh]);
        const dn_lin after = lat_after(w, w->route[gh], &F);
        if (tval(R, &after) > tval(R, &nf))
            nf = after;
        const double tn = tval(R, &nf);
        if (tn > t) {
            s->fr[AT(m)] = nf;
            schedule(R, m, EV_REL, &s->fr[AT(m)]);
            return;
        }
        if (tn == t)
            F = nf;
    }
}

/* Phase 1, wormhole and circuit: m's pending release, worm_release(a,
 * rel), is due: free every channel due now, then schedule the next or
 * deliver. */
static void worm_release_due(run *R, int64_t m)
{
    dn_sim *s = R->s;
    const int64_t d = hops_of(R, m);
    dn_lin F = worm_release(R, m, &s->f[AT(m)], s->rel[AT(m)]);
    const double t = tval(R, &F);
    for (;;) {
        release_hop(R, m, s->rel[AT(m)]++, &F);
        if (s->rel[AT(m)] == d)
            break;
        if (s->o.sw == DN_SW_CIRCUIT)
            continue;
        if (R->worm_each) { /* the latency ahead of the tail, now past channel rel */
            const int64_t k = s->rel[AT(m)];
            double *ahead = &s->wk[2 * AT(m) + 1];
            *ahead = k == d - 1 ? 0 : *ahead - R->w->chan_lat[R->w->route[R->w->route_off[m] + k]];
            if (*ahead < 0) /* rounding of the running difference: never past a + L */
                *ahead = 0;
        }
        const dn_lin nf = worm_release(R, m, &s->f[AT(m)], s->rel[AT(m)]);
        if (tval(R, &nf) > t) {
            schedule(R, m, EV_REL, &nf);
            return;
        }
        F = nf;
    }
    deliver(R, m, &F);
}

static int64_t largest_step(const dn_sim_work *w);

int64_t dn_sim_bytes(const dn_sim_opts *o, const dn_sim_work *w)
{
    const int vct = o->sw == DN_SW_VCT;
    const double live = (double)(w->step && !o->async ? largest_step(w) : w->msgs);
    const double lanes = (double)w->channels * (o->vcs > 0 ? o->vcs : 1) +
                         (o->ports ? (double)w->nodes * o->ports : 0);
    const double nch = (double)w->channels + (o->ports ? (double)w->nodes : 0);
    const int worms = w->chan_bw && (o->sw == DN_SW_WORMHOLE || o->sw == DN_SW_CIRCUIT);
    double b = (double)w->msgs * (ENGINE_RUN_BYTES + (w->succ_delay ? ENGINE_FORM_BYTES : 0) +
                                  (o->timeline ? 3 * 8 : 0)) +
               live * (ENGINE_LIVE_BYTES + (vct ? ENGINE_FORM_BYTES : 0) + (worms ? 2 * 8 : 0) +
                       (o->on_message ? 3 * 8 : 0)) +
               (double)w->hops * (ENGINE_HOP_BYTES + (o->vcs > 1) + (vct ? ENGINE_FORM_BYTES : 0)) +
               lanes * 4 + nch * 4 + (o->links ? (double)w->channels * 12 : 0) +
               (double)(w->steps + 1) * (double)ENGINE_STEP_BYTES;
    return b > 9e18 ? INT64_MAX : (int64_t)b;
}

/* Sizes the run may not exceed: 32-bit ids, and opts.mem_limit for the
 * engine's arrays, checked before anything is allocated. */
static int check_size(const dn_sim *s, const dn_sim_work *w, dn_err *err)
{
    const int64_t nch = w->channels + (s->o.ports ? w->nodes : 0);
    if (w->msgs >= INT32_MAX || w->hops >= INT32_MAX || nch >= INT32_MAX)
        return dn_fail(err, DN_ELIMIT, "the simulator takes fewer than 2^31 messages, route "
                                       "hops and channels (here %lld, %lld and %lld)",
                       (long long)w->msgs, (long long)w->hops, (long long)nch);
    const int64_t limit = s->o.mem_limit > 0 ? s->o.mem_limit : DN_SIM_DEFAULT_MEM;
    const int64_t need = dn_sim_bytes(&s->o, w);
    if (need > limit) {
        char a[32], b[32];
        return dn_fail_param(err, DN_ELIMIT, "mem_limit",
                             "simulating %lld messages over %lld hops needs about %s "
                             "for the engine, over the memory limit of %s (raise "
                             "it, or simulate a smaller case)",

                       (long long)w->msgs, (long long)w->hops, dn_fmt_bytes(a, sizeof a, need),
                       dn_fmt_bytes(b, sizeof b, limit));
    }
    return DN_OK;
}

/* Messages of the largest step: the window a barrier run keeps its
 * per-message state in (steps are contiguous ranges of messages). O(msgs). */
static int64_t largest_step(const dn_sim_work *w)
{
    int64_t best = 0, len = 0;
    for (int64_t m = 0; m < w->msgs; m++) {
        len = m > 0 && w->step[m] == w->step[m - 1] ? len + 1 : 1;
        best = len > best ? len : best;
    }
    return best;
}

/* The per-step bookkeeping of a workload with steps: counts, offsets, and
 * the result's per-step figures. */
static int steps_setup(dn_sim *s, const dn_sim_work *w, dn_sim_result *res, dn_err *err)
{
    int32_t ns = w->steps;
    if (ns + 1 > s->scap) {
        free(s->step_left);
        free(s->step_off);
        free(s->step_started);
        s->step_left = malloc((size_t)(ns + 1) * sizeof *s->step_left);
        s->step_off = malloc((size_t)(ns + 1) * sizeof *s->step_off);
        s->step_started = malloc((size_t)(ns + 1));
        s->scap = s->step_left && s->step_off && s->step_started ? ns + 1 : 0;
        if (!s->scap)
            return dn_fail(err, DN_ENOMEM, "out of memory");
    }
    memset(s->step_left, 0, (size_t)(ns + 1) * sizeof *s->step_left);
    memset(s->step_started, 0, (size_t)(ns + 1));
    for (int64_t m = 0; m < w->msgs; m++)
        s->step_left[w->step[m]]++;
    s->step_off[0] = 0;
    for (int32_t st = 0; st < ns; st++)
        s->step_off[st + 1] = s->step_off[st] + s->step_left[st];
    res->steps = ns;
    res->step = calloc((size_t)(ns > 0 ? ns : 1), sizeof *res->step);
    if (!res->step)
        return dn_fail(err, DN_ENOMEM, "out of memory");
    return DN_OK;
}

/* The result's optional arrays: per-link figures, the timeline. */
static int results_setup(const dn_sim *s, const dn_sim_work *w, dn_sim_result *res, dn_err *err)
{
    if (s->o.links) {
        res->busy = calloc((size_t)(w->channels ? w->channels : 1), sizeof *res->busy);
        res->carried = calloc((size_t)(w->channels ? w->channels : 1), sizeof *res->carried);
        if (!res->busy || !res->carried)
            return dn_fail(err, DN_ENOMEM, "out of memory");
    }
    if (s->o.timeline) {
        size_t n = (size_t)(w->msgs ? w->msgs : 1);
        res->t_ready = calloc(n, sizeof(double));
        res->t_grant = calloc(n, sizeof(double));
        res->t_done = calloc(n, sizeof(double));
        if (!res->t_ready || !res->t_grant || !res->t_done)
            return dn_fail(err, DN_ENOMEM, "out of memory");
    }
    return DN_OK;
}

/* Plays the events to the end (see the file comment's two phases). */
static void run_events(run *R)
{
    dn_sim *s = R->s;
    const dn_sim_work *w = R->w;
    while (!R->rc && !dn_evq_empty(&s->q)) {
        /* phase 1: pop every event of this instant in (time, push) order,
         * applying releases and deliveries now; the events that request
         * (starts, a head moving on, a saf hop done with hops left) wait
         * in s->batch for phase 2. Phase 1 schedules nothing at this
         * instant (every duration it adds is positive or deferred), so
         * this is the instant's whole batch. */
        const double t0 = s->q.heap[0].time;
        int64_t k = 0;
        R->now = t0;
        while (!R->rc && !dn_evq_empty(&s->q) && s->q.heap[0].time == t0) {
            dn_event ev;
            dn_evq_pop(&s->q, &ev);
            const int64_t m = ev.data >> 2;
            const int kind = (int)(ev.data & 3);
            if (kind == EV_HOP) {
                release_hop(R, m, s->pos[AT(m)] - 1, &s->f[AT(m)]);
                s->rel[AT(m)]++;
                if (s->pos[AT(m)] == hops_of(R, m)) {
                    deliver(R, m, &s->f[AT(m)]);
                    continue;
                }
            } else if (kind == EV_REL) {
                if (s->o.sw == DN_SW_VCT)
                    vct_release(R, m);
                else
                    worm_release_due(R, m);
                continue;
            }
            if (k == s->bcap) {
                int64_t nc = s->bcap ? s->bcap * 2 : 1024;
                int64_t *b = realloc(s->batch, (size_t)nc * sizeof *b);
                if (!b) {
                    R->rc = dn_fail(R->err, DN_ENOMEM, "out of memory");
                    break;
                }
                s->batch = b;
                s->bcap = nc;
            }
            s->batch[k++] = ev.data;
        }
        /* phase 2: requests */
        drain(R);
        for (int64_t i = 0; i < k && !R->rc; i++) {
            const int64_t m = s->batch[i] >> 2;
            const int kind = (int)(s->batch[i] & 3);
            dn_lin F = s->f[AT(m)];
            if (kind == EV_READY)
                start(R, m, &F);
            else /* EV_HEAD, or EV_HOP with hops left */
                request(R, m, w->route[w->route_off[m] + s->pos[AT(m)]], &F);
            drain(R);
        }
    }
}

int dn_sim_run(dn_sim *s, const dn_sim_work *w, dn_sim_result *res, dn_err *err)
{
    DN_NEED(err, s);
    DN_NEED(err, w);
    DN_NEED(err, res);
    memset(res, 0, sizeof *res);
    int rc = check_work(w, w->step != NULL && !s->o.async, err);
    if (!rc)
        rc = check_size(s, w, err);
    if (rc)
        return rc;
    if ((rc = check_costs(s, w, err)))
        return rc;
    run R = {s, w, res, err, w->channels, s->o.vcs, s->o.ports, w->step != NULL && !s->o.async,
             w->step != NULL, 0, -1, DN_OK, w->chan_bw != NULL, 0, 0, 0, 0, 0, w->msgs};
    worm_costs(&R);
    int vct = s->o.sw == DN_SW_VCT;
    int64_t nch = w->channels + (R.ports ? w->nodes : 0);
    int64_t lanes = w->channels * R.vcs + (R.ports ? w->nodes * R.ports : 0);
    const int64_t window = R.barrier ? largest_step(w) : w->msgs;
    if (grow_msgs(s, w->msgs, window, vct, w->succ_delay != NULL, R.worm_each,
                  s->o.on_message != NULL) ||
        grow_hops(s, w->hops, R.vcs, vct) || grow_chans(s, nch, lanes))
        return dn_fail(err, DN_ENOMEM, "out of memory for the simulation of %lld messages",
                       (long long)w->msgs);
    if ((R.per_step && (rc = steps_setup(s, w, res, err))) ||
        (rc = results_setup(s, w, res, err))) {
        dn_sim_result_free(res);
        return rc;
    }
    for (int64_t m = 0; m < w->msgs; m++) {
        s->ndeps[m] = 0;
        s->start_cause[m] = -1;
        s->port_cause[m] = -1;
    }
    for (int64_t i = 0; i < w->succ_off[w->msgs]; i++) /* the dependencies to wait for */
        s->ndeps[w->succ[i]]++;
    const dn_lin never = {-INFINITY, 0, 0, 0};
    for (int64_t m = 0; w->succ_delay && m < w->msgs; m++)
        s->fd[m] = never;
    if (!R.barrier)
        window_init(&R, 0, w->msgs);
    for (int64_t i = 0; i < lanes; i++)
        s->holder[i] = -1;
    for (int64_t c = 0; c < nch; c++)
        s->qtail[c] = -1;
    for (int64_t i = 0; i < w->hops; i++)
        s->cause[i] = -1;
    dn_evq_clear(&s->q);
    s->tlen = 0;
    res->msgs = w->msgs - w->computes; /* compute marks are not traffic */
    res->hops = w->hops;

    dn_lin zero = {0, 0, 0, 0};
    if (R.barrier) {
        if (w->steps > 0)
            start_step(&R, 0, &zero, -1);
    } else {
        for (int64_t m = 0; m < w->msgs && !R.rc; m++)
            if (s->ndeps[m] == 0) {
                dn_lin c = {w->release ? w->release[m] : 0, 0, 0, 0};
                s->f[m] = c;
                schedule(&R, m, EV_READY, &c);
            }
    }
    drain(&R);
    run_events(&R);
    res->events = s->q.popped;
    if (!R.rc && res->delivered < w->msgs)
        R.rc = find_deadlock(&R);
    if (!R.rc)
        R.rc = compute_ideal(&R);
    /* time >= ideal by construction (issue 37 item 8): the ideal is a
     * lower bound of the time in exact arithmetic (a message alone is never
     * slower than in company, a step never starts earlier), but the two
     * are formed in different orders - the time as one linear form
     * c + s t_s + e t_e + h hop evaluated at the end, the ideal as a sum
     * of each step's slowest message alone - and rounding put the ideal
     * one bit above the time (slowdown 0.9999999999999999 on
     * fattree:2:4@bw=10GB/s,l1.bw=40GB/s,lat=1us). A bound that rounding
     * lifts past the time is the time: they differ in rounding only. */
    if (!R.rc && !res->deadlock && res->ideal > res->time)
        res->ideal = res->time;
    if (!R.rc && !res->deadlock)
        R.rc = critical_path(&R);
    if (!R.rc && res->busy)
        for (int64_t c = 0; c < w->channels; c++)
            if (res->busy[c] < 0) /* held to the end (deadlock): count to the stop */
                res->busy[c] += R.now;
    if (R.rc)
        dn_sim_result_free(res);
    return R.rc;
}

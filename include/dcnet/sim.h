/*
 * dcnet/sim.h - the network simulator: a deterministic discrete-event core
 * and a switching engine that plays message traffic on the directed
 * channels of a network (seed 001 section 5's store-and-forward and
 * wormhole cost model, t_s + m t_e per message; seed 000 section 4's
 * phases). docs/simulator.md has the model in full.
 *
 * Three layers, each usable alone:
 *  1. dn_evq: a binary heap of events ordered by (time, sequence number),
 *     popped one instant at a time (dn_evq_pop_batch) so that a model can
 *     apply every state change of an instant before it arbitrates
 *     (two-phase updates). Nothing in it knows about networks or trees;
 *     the load-balancing protocol reuses it.
 *  2. dn_sim_work: a workload, i.e. messages with a source, a size, a
 *     route as a list of channel ids, a step (for step-synchronous runs),
 *     a release time and dependencies (a DAG: a message may start only
 *     after the messages it depends on are delivered). Built from an
 *     embedding (divide, combine or both stages of its task tree) or from
 *     a trace of (src, dst, size, release) lines.
 *  3. dn_sim: the engine. Switching modes saf, wormhole, vct, circuit;
 *     V virtual channels per link; P injection ports per node or all-port;
 *     step barriers or dataflow (async). It reports the total time as an
 *     exact linear form c + a t_s + b t_e + h hop along the critical path,
 *     per-step times, conflicts, per-channel busy time, the critical path,
 *     and deadlock (with a wait-for cycle) instead of looping.
 *
 * Times are doubles; with dyadic t_s, t_e, sizes (alpha = 1/2, 1) every
 * time is exact. Runs are deterministic: ties are broken by sequence
 * number, waiters are served first come first served. The order of
 * simultaneous requests for one channel can still change the outcome
 * (the earlier-scheduled request gets it): docs/simulator.md states the
 * rule, tests/test_docrules.c test_tie_rule checks it.
 *
 * Ownership: every object is caller-owned with an init/free pair
 * (dn_evq_init/free, dn_sim_work_from_embed or _from_trace / dn_sim_work_free),
 * except the engine, dn_sim, which is opaque: dn_sim_init allocates it and
 * dn_sim_free releases it. A dn_sim_work built from an embedding copies
 * what it needs (the embedding may be freed afterwards); dn_sim_run fills
 * a dn_sim_result the caller frees with dn_sim_result_free. One dn_sim
 * per thread.
 */
#ifndef DCNET_SIM_H
#define DCNET_SIM_H

#include "dcnet/embed.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- 1. event core --------------------------------------------------- */

typedef struct dn_event {
    double time;
    uint64_t seq;  /* push order: ties in time pop in this order */
    int64_t data;  /* the model's payload */
} dn_event;

typedef struct dn_evq {
    dn_event *heap;   /* owned */
    int64_t len, cap;
    uint64_t seq;     /* next sequence number */
    double now;       /* time of the last popped event (-inf before) */
    int64_t popped;   /* events popped so far */
} dn_evq;

DN_API int dn_evq_init(dn_evq *q, int64_t cap_hint, dn_err *err);
DN_API void dn_evq_free(dn_evq *q);
/* Drops every event and rewinds the clock; keeps the memory. */
DN_API void dn_evq_clear(dn_evq *q);
/* Schedules an event. DN_EINVAL for a NaN time or a time before the last
 * popped one (causality), DN_ENOMEM when the heap cannot grow. O(log n). */
DN_API int dn_evq_push(dn_evq *q, double time, int64_t data, dn_err *err);
static inline int dn_evq_empty(const dn_evq *q) { return q->len == 0; }
/* Pops every event of the earliest time, in sequence order, into *buf
 * (grown as needed, *cap its capacity; caller frees) and their count into
 * *count (0 when the queue is empty). Returns DN_OK, or DN_ENOMEM when
 * *buf cannot grow (the events popped so far are in *buf, *count of them).
 * O(k log n) for k events. */
DN_API int dn_evq_pop_batch(dn_evq *q, dn_event **buf, int64_t *cap, int64_t *count,
                            dn_err *err);
/* Pops the single earliest event; 0 when empty (or q or out NULL), 1
 * otherwise. */
DN_API int dn_evq_pop(dn_evq *q, dn_event *out);

/* ---- 2. workloads ---------------------------------------------------- */

typedef enum dn_stage {
    DN_STAGE_DIVIDE = 1,  /* parent -> child, in phase order */
    DN_STAGE_COMBINE = 2, /* child -> parent, phases reversed */
    DN_STAGE_BOTH = 3     /* divide, then combine */
} dn_stage;
/* The name of each value, "divide", "combine", "both" (from 1) (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_stage_name(dn_stage v);
DN_API int dn_stage_parse(const char *s, dn_stage *out);

typedef struct dn_sim_work_opts {
    dn_stage stage;
    double alpha;          /* divide message of phase t has size alpha^t */
    int combine_uniform;   /* combine messages of size 1 (default: alpha^t) */
    const double *sizes;   /* or: size of the message into task v at sizes[v-1] */
    int64_t sizes_len;     /* must be tasks - 1 when sizes != NULL */
    const double *combine_sizes; /* or: size of task v's result at combine_sizes[v-1]
                                  * (tasks - 1 entries; e.g. a tree file's bytes_up) */
    const double *work;    /* or NULL: task v's compute time (work[v], in the time
                            * unit; tasks entries), on its processor after its data
                            * has arrived: its result leaves (combine) no earlier
                            * than arrival + work; the root's work starts at 0. A
                            * zero-hop "compute" message per task (divide only) or
                            * for the root marks each end, so the time is the
                            * makespan. Async schedule only. */
    int64_t mem_limit;     /* bytes for the workload; 0: 8 GiB */
    double bytes;          /* the root problem's size (0: 1, the seeds' unit): the
                            * sizes drawn from alpha are alpha^t bytes, and the
                            * whole problem (approach b's move, a uniform combine's
                            * result) is bytes; given sizes are taken as they are */
} dn_sim_work_opts;

typedef struct dn_sim_work {
    int64_t msgs;
    int64_t nodes;         /* processors (ports) */
    int64_t channels;      /* directed channels (arcs of the network) */
    int32_t *src;          /* source processor of each message */
    int32_t *dst;          /* destination processor */
    double *size;          /* m of each message */
    double *release;       /* earliest start, or NULL (all 0) */
    int32_t *task;         /* task the message belongs to (-1: none) */
    int8_t *stage;         /* 0 approach b's move, 1 divide, 2 combine, 3 trace,
                            * 4 compute mark */
    int32_t *step;         /* step of each message, or NULL (no steps) */
    int32_t steps;         /* number of steps (0 without) */
    int32_t *route_off;    /* msgs + 1 offsets into route (hops < 2^31) */
    int32_t *route;        /* channel ids, in travel order */
    int64_t hops;          /* route_off[msgs] */
    int32_t *succ_off;     /* msgs + 1 offsets: dependants of each message */
    int32_t *succ;
    double *succ_delay;    /* or NULL: succ[i] may start succ_delay[i] after the
                            * delivery (compute time; async schedule only) */
    int64_t computes;      /* the last `computes` messages are compute marks
                            * (zero hops, size 0; stage 4), not traffic */
    int32_t *chan_off;     /* nodes + 1: channels chan_off[u] .. chan_off[u+1]-1
                            * leave node u (dn_sim_work_chan_src; for reports) */
    int32_t *chan_dst;     /* the node each channel enters (for reports) */
    double *chan_bw, *chan_lat; /* per-channel link costs (a copy of the network's;
                                 * both or neither), or NULL. With them the run is
                                 * in seconds and bytes (issue 29): sizes are bytes,
                                 * a hop of m bytes takes m / bw + lat, t_s is paid
                                 * once at the sender, t_e must be 1 and hop 0
                                 * (docs/simulator.md, "Link costs") */
} dn_sim_work;

/* Playing an embedding: one message per tree edge and stage, routed on the
 * embedding's routes. Divide: step t carries the messages of phase t; the
 * message into task v depends on the one into its parent. Combine: the
 * reverse, step order reversed; the message out of v depends on v having
 * received its data and on every child's result. Growing approach b adds
 * its move of the whole problem (size 1) as step 0 (and back at the end of
 * a combine). Time O(T + hops); memory about 37 bytes per message and 4
 * per hop (dn_sim_work_bytes), checked against o->mem_limit before the
 * arrays are made and as the routes grow (DN_ELIMIT). */
DN_API int dn_sim_work_from_embed(dn_sim_work *w, dn_embed *e, const dn_sim_work_opts *o, dn_err *err);

/* A trace: independent messages (src, dst, size, release), routed by r on
 * the materialised network g. */
typedef struct dn_trace {
    int64_t n;
    int64_t *src, *dst;
    double *size, *release;
} dn_trace;
/* Memory limit of the simulator's objects when none is given (0). */
#define DN_SIM_DEFAULT_MEM ((int64_t)8 << 30)
/* Bytes a trace message takes in a dn_trace (src, dst, size, release). */
#define DN_TRACE_LINE_BYTES 32
/* Reads "src dst size [release]" lines ('#' comments; node ids or the
 * network's labels; the size and release time are quantities,
 * dn_parse_quantity: "1MB", "2us") from a file, pipe or "-" through
 * dn_read_text and read by dn_input_line (a file
 * over mem_limit is refused before reading; NUL bytes and a bare CR
 * refused; CRLF and a UTF-8 byte order mark accepted). On a network
 * without link costs a quantity with a unit is refused
 * (dn_sim_unit_check). The file's bytes plus
 * DN_TRACE_LINE_BYTES per line must fit mem_limit (0: DN_SIM_DEFAULT_MEM),
 * checked before parsing. Errors name path:line. The caller frees *tr
 * with dn_trace_free (also safe after a failure). O(bytes). */
DN_API int dn_trace_read(const char *path, const dn_net *net, int64_t mem_limit, dn_trace *tr,
                  dn_err *err);
DN_API void dn_trace_free(dn_trace *tr);
/* The one unit rule (issue 37 item 3): on a network without link costs
 * the simulator's times and sizes are in the seeds' units of t_s and t_e,
 * which have none, so a quantity written with a unit ("2ms", "1MB") would
 * be read as a count of them. Every input that brings quantities into a
 * run (dcnet simulate's --ts, --bytes, a tree file's work and bytes,
 * --sizes, a trace) asks here once it has seen a unit: DN_OK when net has
 * link costs, else DN_EINVAL with "SUBJECT, but NET has no link costs, ..."
 * and how to fix it. subject names the input and the value ("--ts 2us
 * has a unit"); NULL net: DN_EINVAL. O(1). */
DN_API int dn_sim_unit_check(const dn_net *net, const char *subject, dn_err *err);
/* The workload of a trace, routed by r on g, within mem_limit (0:
 * DN_SIM_DEFAULT_MEM; routes included, checked as they grow). O(hops). */
DN_API int dn_sim_work_from_trace(dn_sim_work *w, const dn_csr *g, dn_router *r, const dn_trace *tr,
                       int64_t mem_limit, dn_err *err);

DN_API void dn_sim_work_free(dn_sim_work *w);
/* The bytes w's arrays hold (route and dependency arrays at their size,
 * not their capacity). O(1). */
DN_API int64_t dn_sim_work_bytes(const dn_sim_work *w);
/* The node channel c (0 .. channels-1) leaves. O(log nodes). */
DN_API int32_t dn_sim_work_chan_src(const dn_sim_work *w, int64_t c);

/* ---- 3. the engine --------------------------------------------------- */

typedef enum dn_switching {
    DN_SW_SAF = 0,  /* store-and-forward: every hop costs t_s + m t_e (+ hop) */
    DN_SW_WORMHOLE, /* head reserves hop by hop, blocked worm keeps its channels */
    DN_SW_VCT,      /* virtual cut-through: a blocked message is buffered whole */
    DN_SW_CIRCUIT   /* probe reserves the path, ack returns, then data */
} dn_switching;
/* The name of each value, "saf", "wormhole", "vct", "circuit" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_switching_name(dn_switching v);
DN_API int dn_switching_parse(const char *s, dn_switching *out);


/* A time as an exact linear form: c + s t_s + e t_e + h hop. */
typedef struct dn_lin {
    double c, s, e, h;
} dn_lin;

/* A delivered message's times (dn_sim_opts.on_message). */
typedef struct dn_sim_msg_times {
    double release;   /* it could go: its data there, its step begun, its release time */
    double start;     /* its first channel granted (release, for 0 hops) */
    double delivered;
    double waited;    /* time queued for channels and ports, in all */
} dn_sim_msg_times;

typedef struct dn_sim_opts {
    dn_switching sw;
    double ts, te, hop;  /* start-up, per unit, per-hop latency (>= 0); with link
                          * costs: t_s the sender's overhead per message in
                          * seconds, te 1, hop 0 */
    int ports;           /* injection ports per node; 0 = all-port */
    int vcs;             /* virtual channels per link, 1..16 (0 = 1) */
    int async;           /* 0: a step starts when the previous one has ended;
                          * 1: messages start as soon as their data is there */
    int timeline;        /* keep per-message start/first grant/delivery */
    int links;           /* keep per-channel busy time and message counts */
    int every_root;      /* dn_sim_all_roots: simulate every root, even where
                          * mirror images are known to give the same run */
    int64_t mem_limit;   /* bytes for the engine's arrays (dn_sim_bytes), checked
                          * before a run grows them; 0: DN_SIM_DEFAULT_MEM */
    void (*progress)(void *ctx, double fraction);
    void *progress_ctx;
    /* or NULL: called for every message (compute marks excepted) as it is
     * delivered, in delivery order, with its times; 24 bytes per live
     * message, nothing per message kept (simulate --messages streams it) */
    void (*on_message)(void *ctx, int64_t msg, const dn_sim_msg_times *t);
    void *message_ctx;
    /* or NULL: read with the progress, every 65536 deliveries, from the
     * running thread; once nonzero (set from any thread: a host's Ctrl-C,
     * python/dcnet) the run ends with DN_ELIMIT "stopped by the caller" */
    const volatile int *stop;
} dn_sim_opts;

typedef struct dn_sim_step {
    double start, end;   /* first release, last delivery */
    dn_lin start_lin, end_lin;
    int64_t msgs, conflicts, max_hops;
} dn_sim_step;

typedef struct dn_sim_crit {
    int64_t msg;         /* message on the critical path (last first) */
    int via;             /* how it was held up: 0 start, 1 data (dependency
                          * or step), 2 waited for a channel, 3 waited for a port */
} dn_sim_crit;

typedef struct dn_sim_result {
    double time;         /* last delivery (0 with no messages) */
    dn_lin lin;          /* time = lin.c + lin.s ts + lin.e te + lin.h hop */
    double ideal;        /* sum over steps of the slowest message alone
                          * (async: the longest dependency chain alone);
                          * never above time when there is no deadlock
                          * (a rounding above it is cut to it) */
    int64_t msgs, delivered, hops;
    int64_t conflicts;   /* channel requests that found every lane busy */
    int64_t port_waits;  /* injections that found every port busy */
    double wait_time;    /* total time messages spent queued */
    int64_t events;      /* events popped from the queue */
    int32_t steps;
    dn_sim_step *step;   /* steps entries, or NULL (async runs have none) */
    dn_sim_crit *crit;   /* critical path, last delivery first */
    int64_t ncrit;
    double *busy;        /* per channel, when opts.links */
    int32_t *carried;    /* messages per channel, when opts.links */
    double *t_ready, *t_grant, *t_done; /* per message, when opts.timeline */
    int deadlock;        /* 1: traffic stopped with messages blocked */
    int64_t blocked;     /* messages not delivered */
    int64_t *cycle;      /* wait-for cycle: msg, channel, msg, channel, ... */
    int64_t ncycle;      /* entries in cycle */
} dn_sim_result;

typedef struct dn_sim dn_sim;

/* An engine with its scratch space (grown per run, reused across runs). */
DN_API int dn_sim_init(dn_sim **s, const dn_sim_opts *opts, dn_err *err);
DN_API void dn_sim_free(dn_sim *s);
/* Plays the workload. DN_OK also on deadlock (res->deadlock says so).
 * DN_ELIMIT, before anything is allocated, when dn_sim_bytes exceeds
 * opts.mem_limit or the workload has 2^31 or more messages, hops or
 * channels; DN_EINVAL for a workload with link costs and t_e != 1 or
 * hop != 0. Time O(E log E) for E events (a few per hop; O(d) more per
 * worm of d hops on links that differ). */
DN_API int dn_sim_run(dn_sim *s, const dn_sim_work *w, dn_sim_result *res, dn_err *err);
/* The bytes dn_sim_run needs for w under o (an estimate from above of its
 * arrays, event queue and results): 36 per message (plus 32 with compute
 * times, 24 with a timeline), 98 per live message (32 more under vct; the
 * live messages are all of them in a dataflow run, the largest step's in
 * a step-by-step run), 4 per hop (5 with several lanes, 32 more under
 * vct), 4 per lane and per
 * channel, 12 per link with opts.links, 121 per step; 16 more per live
 * message for worms with link costs, 24 with opts.on_message.
 * O(messages). */
DN_API int64_t dn_sim_bytes(const dn_sim_opts *o, const dn_sim_work *w);
DN_API void dn_sim_result_free(dn_sim_result *r);
/* After a deadlock: the fewest lanes (opts->vcs, above the run's own, up to
 * max_vcs) with which the same workload completes, found by playing it
 * again with each count in turn (progress off); *vcs = 0 if none does up
 * to max_vcs. Only a cure that was played is ever reported. Returns the
 * first failure of a run. Time: up to max_vcs runs of dn_sim_run. */
DN_API int dn_sim_find_cure(const dn_sim_opts *opts, const dn_sim_work *w, int max_vcs,
                            int *vcs, dn_err *err);

/* Value of a linear form under the given parameters. */
DN_API double dn_lin_eval(const dn_lin *l, double ts, double te, double hop);

/* ---- every root ------------------------------------------------------ */

typedef struct dn_roots_result {
    int64_t roots;
    double time, ts_coeff, te_coeff, hop_coeff, const_coeff, conflicts, ideal;
    double time_min, time_max;
    int64_t root_min, root_max;   /* a root with the least / most time */
    int32_t steps;                /* steps per root (max over roots) */
    double *step_time;            /* average duration of each step */
    double *root_time;            /* time from each root (roots entries) */
    int64_t deadlocks;            /* roots whose run deadlocked */
    int64_t simulated;            /* roots simulated: one per orbit of the mesh's
                                   * mirror images where the mapping respects them */
} dn_roots_result;

/* Runs the embedding from every processor as root (eo->root ignored), in
 * parallel over threads, and averages in root order (identical output for
 * any thread count). On a 2-D mesh with a mapping whose runs are the same
 * from a root and from its mirror images in x and in y (the DC-cube, the
 * Reflecting mapping and Growing approach A, with their own or XY routes:
 * mirrors keep XY routes XY; the transposition does not), one root per
 * orbit is simulated and its results stand for the orbit. Growing approach
 * B first moves the problem to a fixed centre, a message alone in the
 * network, so its run depends on the root only through that distance: one
 * root per distance. The averages are the same numbers (tests/test_sim.c
 * compares every mapping and switching mode on k = 2..4, bit for bit) at a
 * quarter of the cost, or 2 side - 1 runs for B. so->every_root turns this
 * off. */
DN_API int dn_sim_all_roots(const dn_net *net, const dn_tree *tree, const dn_embed_opts *eo,
                     const dn_sim_work_opts *wo, const dn_sim_opts *so, int threads,
                     dn_roots_result *out, dn_err *err);
DN_API void dn_roots_result_free(dn_roots_result *r);

/* ---- 5. the simulated time as a placement's objective ---------------- */

/* Objective TIME (issue 31, item 5; refinement and --map best): the time of
 * the run the options describe, with the placement an embedding holds at
 * the moment. dn_sim_objective_init copies so and wo (their callbacks,
 * timeline and link statistics dropped) and makes an engine that every
 * call reuses; dn_sim_objective_free releases it. Put the object in
 * dn_embed_opts.time_ctx and dn_sim_objective_time in .time_fn: each call
 * builds the workload (dn_sim_work_from_embed) and plays it, O(messages +
 * hops) plus the engine's O(E log E), and answers res.time, +infinity for
 * a deadlock. wo's sizes and work arrays are borrowed. Not thread-safe:
 * one object per thread. */
typedef struct dn_sim_objective {
    dn_sim_opts so;
    dn_sim_work_opts wo;
    dn_sim *engine;
    int64_t runs; /* calls so far */
} dn_sim_objective;
DN_API int dn_sim_objective_init(dn_sim_objective *o, const dn_sim_opts *so,
                                 const dn_sim_work_opts *wo, dn_err *err);
DN_API void dn_sim_objective_free(dn_sim_objective *o);
DN_API int dn_sim_objective_time(void *ctx, dn_embed *e, double *time, dn_err *err);

#ifdef __cplusplus
}
#endif

#endif

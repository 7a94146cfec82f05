/*
 * dcnet/metric.h - exact metrics of an embedding, computed from its actual
 * routes (seed 000 section 4; seed 004's homogeneity; seed 000 section 6's
 * lower bound):
 *  - dilation of edge e: W(e) |map-edge(e)| (seed 000 Definition 3); we
 *    report the hop counts (max, total, average over edges) and the
 *    weighted form (total = hop-bytes, weight sum, average = Definition 5),
 *    plus extra dilation (dilation minus W(e));
 *  - load: tasks per processor (min, max), per tree depth, and the
 *    homogeneity test (for every depth, loads differ by at most one);
 *  - link contention per phase: messages of one phase that share a link
 *    (undirected links unless the network is directed or the caller asks
 *    for directed channels), anywhere on their routes (PHASE mode) or in
 *    the same hop slot (TIMED mode, dn_contention_mode). `conflicts` counts,
 *    for every link (link and slot in TIMED mode) and phase, the pairs of
 *    messages on it, c(c-1)/2 for c messages: O(hops), from the counts
 *    (`link_pairs` is the same number, its older name). `distinct_pairs`
 *    counts each pair of messages once however many links it shares; it
 *    costs O(sum c^2) and is computed only on request. Either is 0 exactly
 *    when the phases are contention-free. `max_link_load` is the most
 *    messages of one phase on one link (in one slot); congestion is the
 *    most messages on one link over the whole run, whatever the mode.
 *    A route that is a walk using a link twice (mapping D has some: F of a
 *    CBT path can step u -> v -> u) occupies that link once, but both hops
 *    count in its dilation, as in the paper;
 *  - the lower bound of seed 000 section 6 generalised to any maximum
 *    degree d and any tree: a task with c children in a one-to-one
 *    placement has at most d(d-1)^(t-1) of them at distance t, so its
 *    child edges carry at least the extra dilation of filling those shells
 *    in order. Summed over tasks it bounds the total extra dilation.
 *
 * Every route is checked hop by hop against the network's links; a route
 * that leaves the network is an error, not a number.
 *
 * Cost: O(T + total hops) time for dilation, load and contention; with
 * distinct pairs also O(sum over phases and links of c^2) (c = messages on
 * the link), refused above DN_DISTINCT_PAIRS_MAX_WORK steps before it
 * starts; O(N + links) memory for the counters, O(hops of the largest
 * phase) for its route buffer. The per-processor and per-link arrays are
 * kept only on request (for drawings).
 */
#ifndef DCNET_METRIC_H
#define DCNET_METRIC_H

#include "dcnet/embed.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What "two messages contend" means (embed --contention):
 *  - PHASE: they are sent in the same phase (step) and their routes share
 *    a link anywhere (seed 000 Property 5.4's contention-free phases; the
 *    wormhole / circuit view, where a message holds its whole path);
 *  - TIMED: they are sent in the same phase and hold the same link in the
 *    same hop slot: a message sent in step t takes its hop j (j = 1, 2, ..)
 *    in slot j, every message of a step starting together. This is
 *    synchronous store-and-forward, the model of seed 003's timestamped
 *    Lemma 3. TIMED counts are never above PHASE counts. */
typedef enum dn_contention_mode { DN_CONTENTION_PHASE = 0, DN_CONTENTION_TIMED = 1 } dn_contention_mode;
/* The name of each value, "phase", "timed" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_contention_mode_name(dn_contention_mode v);
DN_API int dn_contention_mode_parse(const char *s, dn_contention_mode *out);

/* Most steps the distinct-pair enumeration may take in one phase (the
 * sum over its links of c^2, known before it starts): about 10 s here. */
#define DN_DISTINCT_PAIRS_MAX_WORK ((int64_t)1 << 31)

typedef struct dn_metric_opts {
    int directed_links;  /* count each direction of an undirected link apart */
    dn_contention_mode contention; /* default PHASE */
    int distinct_pairs;  /* also count distinct conflicting pairs (O(sum c^2)) */
    int keep_arrays;     /* fill load[] and link_msgs[] */
    int64_t mem_limit;   /* bytes of scratch (per-link counters; per phase, the hop
                          * lists of TIMED mode and distinct pairs), checked before
                          * each growth (DN_ELIMIT); 0: DN_NET_DEFAULT_MEM_LIMIT */
    dn_progress_fn progress;
    void *progress_ctx;
} dn_metric_opts;

typedef struct dn_metrics {
    int64_t tasks, processors, edges;
    int64_t load_min, load_max, used;  /* used: processors with >= 1 task */
    int64_t dil_max, dil_total;        /* hops of map-edge */
    double dil_avg;                    /* (dil_total + intra_cost x colocated) / edges */
    double w_total, w_sum, w_avg, w_max; /* weighted: sum W|P|, sum W, ratio, max W|P| */
    double extra_total, extra_avg;     /* weighted extra dilation: w_total - w_sum, ratio */
    int phases;
    int64_t conflicts, link_pairs, max_link_load, conflict_phases;
    int64_t distinct_pairs;            /* -1 unless asked for (dn_metric_opts) */
    int64_t congestion;                /* max messages per link over all phases */
    double congestion_weighted;        /* max volume per link over all phases */
    int64_t links;                     /* links counted (arcs if directed) */
    int directed_links;
    dn_contention_mode contention_mode; /* the mode the counts above use */
    int homogeneous;                   /* per depth, max - min load <= 1 */
    int64_t depth_spread;              /* max over depths of (max - min) */
    int depths;
    /* lower bound of seed 000 section 6 (uniform weights, one-to-one
     * placements): total extra dilation of any mapping onto a network of
     * maximum degree `lb_degree`; lb_avg = lb_total / edges */
    int lb_degree;                     /* max degree (out-degree if directed) */
    double lb_total, lb_avg;
    int lb_dil_max;                    /* least maximum dilation (same argument) */
    /* the seed's own closed forms, set for a tree with B(n)'s numbers of
     * children (binomial:n, or a file of it) on an undirected network of
     * maximum degree 4 (lb_paper_n = n, else 0): (2^(n-4) - 13 2^(n-16)) total extra
     * dilation over 2^n - 1 edges, derived for n >= 17 only; maximum dilation
     * log_3 log N = log_3 n */
    int lb_paper_n;
    double lb_paper_total, lb_paper_avg, lb_paper_dil_max;
    /* edges whose two tasks share a processor (0 hops on the network),
     * and the hops each costs (dn_embed_opts.intra_cost): they add
     * intra_cost x colocated to dil_avg's numerator and intra_cost x W to
     * w_total (and w_max, extra_*); dil_total and dil_max count network
     * hops only */
    int64_t colocated;
    double intra_cost;
    /* per phase (phases + 1 entries, index = phase; owned) */
    int64_t *phase_conflicts, *phase_max_link, *phase_msgs;
    /* per depth (depths entries; owned) */
    int64_t *depth_min, *depth_max;
    /* keep_arrays: load per processor, messages per link id over the run
     * and in the busiest phase (owned; link ids from dn_link_id) */
    int32_t *load;
    int32_t *link_msgs;
    int32_t *link_peak;               /* most messages of one phase on the link */
} dn_metrics;

/* Computes every metric above. The embedding's router is used, so e is
 * not const. On failure *m is zeroed. */
DN_API int dn_metrics_compute(dn_embed *e, const dn_metric_opts *opts, dn_metrics *m, dn_err *err);
DN_API void dn_metrics_free(dn_metrics *m);

/* Link id of the hop u -> v in g, e.g. dn_embed_graph(e) (the arc index, or for undirected
 * links the arc index of the direction min -> max), or -1 if no link. */
DN_API int64_t dn_link_id(const dn_csr *g, int64_t u, int64_t v, int directed_links);

/* Seed 000 section 6 generalised: least total extra dilation of the child
 * edges of one task with c children in a one-to-one placement on a network
 * of maximum degree d: at most d (d-1)^(t-1) processors lie at distance t
 * (d^t out-neighbourhoods if directed, d = maximum out-degree). 0 for
 * c < 1 or d < 1. Time O(log c); O(1) where the shells never grow
 * (undirected d = 2, directed d = 1: a closed form). */
DN_API double dn_lower_bound_task(int64_t c, int d, int directed);
/* The same argument for the maximum dilation: the least t such that the
 * shells 1..t hold c processors (0 for c < 1 or d < 1), at most INT_MAX
 * (a smaller lower bound is still one: a ring's ceil(c / 2) passes it
 * past c = 2^32). Time O(log c); O(1) where the shells never grow. */
DN_API int dn_lower_bound_task_dilation(int64_t c, int d, int directed);
/* The seed's closed form for B(n) on degree 4, sum over the tasks with
 * d_l = 1: (2^(n-4) - 13 2^(n-16)) / (2^n - 1). Its sum runs over
 * i = n-16 .. n-5, so it is derived for n >= 17 only (DN_SEED000_LB_FROM);
 * below n = 13 it exceeds the per-task bound, and for n <= 4 B(n) is itself
 * a network of degree <= 4 with no extra dilation. Time O(1). */
#define DN_SEED000_LB_FROM 17
DN_API double dn_lower_bound_seed000(int n);
/* The seed's bound on the maximum dilation (end of section 6), log_3 log N
 * for N = 2^n processors: log_3 n. The argument gives
 * ceil(log_3(n/2 + 1)) (the root's n children in the 2 (3^t - 1)
 * processors within distance t), which the seed rounds to log_3 n. O(1). */
DN_API double dn_lower_bound_seed000_dilation(int n);

/* Lower bounds for any placement of the embedding's tree inside its
 * allocation and slots (issue 31, item 6; src/metric/bound.c,
 * docs/placement.md "Bounds"): the partition bound on hierarchical
 * networks (dn_net_hierarchy_of) and on the processors of any network,
 * raised level by level by the tree cut bound (the fewest tree edges, and
 * the least weight, whose cut splits the tree into connected pieces that
 * fit a part; issue 39), seed 000's degree bound for one-to-one
 * placements, and a cut bound on congestion. Each figure says which
 * argument gave it ("partition", "one hop", "tree cut", "degree", "cut",
 * or "none" when the tree has no edge). Routes longer than shortest paths
 * only add to the figures, so the bounds hold for every router. Time
 * O(T log T + P) a level, plus O(T K) a level for the weighted cut under
 * weights other than uniform (K: a part's slots; while the levels' T K add up to 2^24 at most). */
typedef struct dn_bounds {
    int64_t edges;
    double dilation_total, dilation_average; /* hops */
    double hop_bytes;     /* the weighted dilation total, the embedding's weights */
    int64_t congestion;   /* messages on one link over the run */
    const char *dilation_by, *hop_bytes_by, *congestion_by; /* static strings */
} dn_bounds;
/* directed_links: congestion counted per direction of a link, as
 * dn_metric_opts.directed_links (directed networks always are). */
DN_API int dn_bounds_compute(const dn_embed *e, int directed_links, dn_bounds *b, dn_err *err);

/* --map best (issue 31, item 7; src/search/best.c): every mapping that
 * applies is built with the caller's options (opts.map is ignored) and
 * measured alone; then, as a row of its own named "MAP+refine" with
 * opts.refine_moves (refined with that budget) or else "MAP+polish" (a
 * descent that worsens no figure ranked; not run under objective time,
 * which it does not order), the same mapping refined, when that changed
 * its placement (issue 37 item 1: the winner is never worse by the ranked
 * key than any mapping alone, and a row names what ran). A refinement that
 * fails leaves the mapping alone standing. Each is measured with mo
 * (NULL: the defaults), and the best kept, chosen by `objective` first (a
 * dn_objective, or -1 for none; DN_OBJECTIVE_TIME times each candidate
 * with opts.time_fn), then phase conflicts, the maximum link
 * load (most messages on one link in one phase), hop-bytes, congestion and
 * average dilation; ties go to the earlier candidate. The candidates: zrl, cbt,
 * binomial, dccube, xor, reflecting, growing, reflecting-nd, growing-nd,
 * sneptree, identity, greedy,
 * drb, scotch (when built in; also "scotch:whole", on every processor, when the
 * tree is smaller than the machine), random with seeds S, S+1, S+2, and hier,
 * whose further row is "hier+search" (see DN_BEST_SEARCH_PER_TASK). A candidate that
 * does not apply (DN_EINVAL, DN_ENOTSUP) is listed with its reason; any
 * other failure of a mapping fails the call. *out is the winner (caller frees with
 * dn_embed_free; dn_embed_mapping names its mapping, res->cand[res->winner].map
 * the row); *res lists every row. Time: the sum of the candidates' mappings
 * (each built twice when refined) and metrics. */
#define DN_BEST_MAX 48
/* Moves of the polish each candidate gets without opts.refine_moves: 20 a
 * task, at most this many. */
#define DN_BEST_POLISH_MAX ((int64_t)1 << 16)
typedef struct dn_best_candidate {
    char map[48];        /* the mapping ("random:SEED" for random), with
                          * "+polish" or "+refine" for its refined row */
    int status;          /* DN_OK, or why it was not built */
    char why[256];       /* the mapping's own refusal when status != DN_OK */
    int64_t conflicts, congestion, dil_max, load_max;
    double hop_bytes, dil_avg;
    int64_t max_link_load; /* most messages on one link in one phase */
    double time;         /* objective DN_OBJECTIVE_TIME: opts.time_fn's figure
                          * (+infinity: deadlock); NaN otherwise */
    int polished;        /* 1: the row above refined (or polished), which
                          * changed its placement */
} dn_best_candidate;
/* The search from hier (issue 39 item 1): without opts.refine_moves, hier's
 * placement is refined by the ranked key (the objective given, else
 * conflicts, max link load, hop-bytes) with this many moves a task, at
 * most DN_BEST_SEARCH_MAX, so a seed repeats on any machine; and a
 * cutoff of opts.search_seconds of the search's CPU time (0: DN_BEST_DEFAULT_SECONDS;
 * INFINITY: none), which on this machine the rows of docs/placement.md
 * never reach. */
#define DN_BEST_SEARCH_PER_TASK 300
#define DN_BEST_SEARCH_MAX ((int64_t)1 << 18)
#define DN_BEST_DEFAULT_SECONDS 2.0
typedef struct dn_best_result {
    int n;               /* candidates tried */
    int winner;          /* index of the winner in cand[] */
    int64_t moves;       /* refinement moves tried over every candidate */
    double seconds;      /* CPU seconds those moves took */
    double cutoff;       /* each refinement's cutoff (INFINITY: none) */
    int stopped;         /* 1: a cutoff stopped a refinement early */
    dn_best_candidate cand[DN_BEST_MAX];
} dn_best_result;
DN_API int dn_best_init(dn_embed **out, const dn_net *net, const dn_tree *tree,
                        const dn_embed_opts *opts, const dn_metric_opts *mo, int objective,
                        dn_best_result *res, dn_err *err);

#ifdef __cplusplus
}
#endif

#endif

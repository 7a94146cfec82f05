/*
 * dcnet/embed.h - placements of task trees on networks (seed 000 section
 * 4: map-node and map-edge): every task goes to a processor (many-to-one
 * allowed) and every tree edge parent(v) -> v to an explicit route, with
 * the tree's phase schedule and edge weights.
 *
 * Mappings (docs/embeddings.md has the definitions and their sources):
 *   zrl        seed 000's mapping D of B(n) onto BDG(n): map-node F(0^m z 1),
 *              map-edge the F-image of the CBT(n+1) path (section 5.1);
 *              also on DDB(n), and lifted onto the Kautz graph K(2, n+1)
 *   dccube     seed 001's standard embedding of the DC-cube on a 2^k x 2^k
 *              mesh, any root by XOR relabelling, order paired|asc|desc;
 *              generalised to the hypercube embedding on any mesh or torus
 *              whose sides are powers of two (2^a x 2^b x ...)
 *   reflecting Gray-code reflecting mapping (reconstruction, docs/spec/meshes.md)
 *   growing    growing mapping, approach a (relabel) or b (move first)
 *              (all three also on a 2-D face of a mesh or torus of any
 *              dimension: opts.face, the face through the root)
 *   reflecting-nd, growing-nd  the two on any mesh or torus of any
 *              dimension, B(n) in the smallest sub-box (issue 31)
 *   binomial   identity spanning binomial tree of a hypercube, any root
 *   sneptree   seed 004's homogeneous mapping on any Sneptree
 *   exact      the least maximum dilation by exhaustive search (seed 000's
 *              open question; small networks, dn_exact_search)
 *   identity, random, greedy, scotch  baselines for any tree and network
 *   drb        dcnet's own for today's networks (issue 31): the tree
 *              depth-first in Smith's order (size / weight) or in
 *              connected pieces, dealt to the processors in an order whose
 *              blocks are compact (switch subtrees, sub-boxes or the
 *              boustrophedon, BFS halves); follows opts.alloc, opts.slots
 *   hier       top-down through the network's hierarchy (issue 39): the
 *              processors halved along switch subtrees, groups or aligned
 *              sub-boxes, each part's tasks split between the halves by an
 *              exact tree dynamic program (least weight cut); follows
 *              opts.alloc, opts.slots; --map best searches from it
 *   given      a placement from the caller (opts.place), routed by the
 *              network: any outside placement measured the same way
 *
 * The B(n) mappings take any tree that dn_tree_binomial_iso says is B(n)
 * renamed (MPI's broadcast trees of 2^n ranks) through the renaming: the
 * same places, routes and phases task for task, so the same dilation,
 * conflicts and times.
 *
 * Implicit where a closed form exists: zrl, dccube, reflecting, growing and
 * binomial compute map-node by arithmetic and keep no per-task array, and
 * zrl computes its routes on demand, so B(24) on BDG(24) costs no task
 * memory. The others store a processor per task (4 bytes each).
 *
 * Ownership: dn_embed is opaque; dn_embed_init allocates it and
 * dn_embed_free releases it. It borrows the net and the tree (the caller
 * keeps them alive until dn_embed_free) and owns everything else,
 * including the materialised network (dn_embed_graph) that routing and the
 * metrics share; what the accessors return is borrowed from it.
 * An embedding is not thread-safe (its router keeps scratch space).
 */
#ifndef DCNET_EMBED_H
#define DCNET_EMBED_H

#include "dcnet/net.h"
#include "dcnet/route.h"
#include "dcnet/tree.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum dn_routes {
    DN_ROUTES_MAPPING = 0, /* the mapping's own map-edge; else the network's
                            * own routing: minimal on dragonflies, shortest
                            * paths elsewhere */
    DN_ROUTES_SHORTEST,    /* shortest paths on every network (BFS where the
                            * family has no exact router of its own) */
    DN_ROUTES_XY,          /* dimension order (meshes, tori, hypercubes) */
    DN_ROUTES_BFS,         /* bidirectional BFS on any network (cross-check) */
    DN_ROUTES_MINIMAL      /* the dragonfly's minimal local-global-local */
} dn_routes;
/* The name of each value, "mapping", "shortest", "xy", "bfs", "minimal" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_routes_name(dn_routes v);
DN_API int dn_routes_parse(const char *s, dn_routes *out);

typedef enum dn_weights {
    DN_WEIGHTS_UNIFORM = 0, /* every message has volume 1 */
    DN_WEIGHTS_LOG,         /* phase p carries 2^-p (seed 000 section 2) */
    DN_WEIGHTS_GIVEN        /* one volume per non-root task from the caller */
} dn_weights;
/* The name of each value, "uniform", "log", "given" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_weights_name(dn_weights v);
DN_API int dn_weights_parse(const char *s, dn_weights *out);

/* Dimension orders of the DC-cube (docs/spec/meshes.md). */
typedef enum dn_dc_order {
    DN_ORDER_DEFAULT = 0, /* the mapping's own: paired for dccube, desc for reflecting */
    DN_ORDER_PAIRED,      /* (0,k), (1,k+1), ...: store-and-forward */
    DN_ORDER_ASC,         /* 0, 1, ..., 2k-1 */
    DN_ORDER_DESC         /* (k-1,2k-1), (k-2,2k-2), ...: wormhole */
} dn_dc_order;
/* The name of each value, "default", "paired", "asc", "desc" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_dc_order_name(dn_dc_order v);
DN_API int dn_dc_order_parse(const char *s, dn_dc_order *out);

/* SCOTCH's target architecture (--scotch-target; docs/placement.md):
 * NATIVE is SCOTCH's own architecture for the family, with its exact
 * distances: tleaf for fat trees (levels, fan-outs, 2 hops a level),
 * torus/mesh XD for grids, hcub for hypercubes; DECO0 is SCOTCH_archBuild0
 * on the network graph (recursive bipartitioning with an explicit distance
 * matrix, O(N^2) memory); DECO2 is SCOTCH_archBuild2 (multilevel, no
 * matrix, weaker mappings). AUTO takes NATIVE where the family has one,
 * else DECO0 up to DN_SCOTCH_DECO0_AUTO_MAX processors on networks without
 * switches and DECO2 otherwise (deco 0 decomposes the subgraph the
 * processors induce, which has no links among processors that meet only
 * through switches). The embedding reports which one it used
 * (dn_embed_scotch_target). */
typedef enum dn_scotch_target {
    DN_SCOTCH_AUTO = 0,
    DN_SCOTCH_DECO0 = 1,
    DN_SCOTCH_DECO2 = 2,
    DN_SCOTCH_NATIVE = 3
} dn_scotch_target;
/* The name of each value, "auto", "deco0", "deco2", "native" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_scotch_target_name(dn_scotch_target v);
DN_API int dn_scotch_target_parse(const char *s, dn_scotch_target *out);
/* Which processors SCOTCH maps onto when the job has no allocation
 * (--scotch-part): COMPACT, the smallest compact part that holds the tree,
 * as a user would ask a batch system for: whole leaf switches (fat trees)
 * or routers (dragonflies) from the first, a corner sub-box of a grid
 * grown a side at a time, a subcube of a hypercube; the whole machine on
 * other networks. WHOLE: every processor (SCOTCH then spreads the tasks
 * over the machine). With an allocation, the allocation is the part. */
typedef enum dn_scotch_part {
    DN_SCOTCH_PART_COMPACT = 0,
    DN_SCOTCH_PART_WHOLE = 1
} dn_scotch_part;
/* The name of each value, "compact", "whole" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_scotch_part_name(dn_scotch_part v);
DN_API int dn_scotch_part_parse(const char *s, dn_scotch_part *out);
#define DN_SCOTCH_DECO0_AUTO_MAX 4096
#define DN_SCOTCH_DECO0_MAX 4096 /* above, SCOTCH 7's archBuild0 fails (measured) */

/* Growing approach b (seed 001 section 3): "the whole problem is first
 * moved from node (a, b) to the starting node according to the original
 * proposal". A 2^k x 2^k mesh has four central nodes, and the seed does not
 * say which one starts the fixed-root mapping:
 *  - FIXED: always (2^(k-1) - 1, 2^(k-1) - 1); the move then averages
 *    2^(k-1) hops over all roots, the least any single node allows;
 *  - NEAREST: the central node in the quadrant of (a, b), the Growing mapping
 *    mirrored into that quadrant (same step lengths); the move averages
 *    2^(k-1) - 1 hops, and the average cost is Table 1's row G_B exactly:
 *    t_s 3 2^(k-1) - 1 and its general t_e formula. */
typedef enum dn_growing_centre {
    DN_CENTRE_FIXED = 0,
    DN_CENTRE_NEAREST = 1
} dn_growing_centre;
/* The name of each value, "fixed", "nearest" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_growing_centre_name(dn_growing_centre v);
DN_API int dn_growing_centre_parse(const char *s, dn_growing_centre *out);

/* What refinement (dn_embed_opts.refine_moves) minimises, each a
 * lexicographic key (docs/placement.md):
 *   DILATION    total hops of the routes (dilation.total), then hop-bytes;
 *   HOP_BYTES   sum over edges of weight x hops, then total hops;
 *   CONFLICTS   phase conflicts (sum c(c-1)/2 per link and phase, as
 *               dn_metrics_compute's default PHASE mode with undirected
 *               links), then max_link_load, then hop-bytes;
 *   CONGESTION  the most messages on one link over the run, then
 *               conflicts, then hop-bytes;
 *   TIME        a simulated run's time (the last delivery; a deadlock
 *               counts as +infinity), then conflicts, then hop-bytes. The
 *               simulator sits above the embedding, so the caller gives
 *               the run as opts.time_fn (dn_sim_objective_time of sim.h
 *               is one); every move re-simulates, so trees of at most
 *               DN_REFINE_TIME_MAX_TASKS tasks. */
typedef enum dn_objective {
    DN_OBJECTIVE_DILATION = 0,
    DN_OBJECTIVE_HOP_BYTES,
    DN_OBJECTIVE_CONFLICTS,
    DN_OBJECTIVE_CONGESTION,
    DN_OBJECTIVE_TIME
} dn_objective;
#define DN_REFINE_TIME_MAX_TASKS 4096
/* The name of each value, "dilation", "hop-bytes", "conflicts", "congestion", "time" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_objective_name(dn_objective v);
DN_API int dn_objective_parse(const char *s, dn_objective *out);

/* An embedding (opaque; declared here for dn_time_fn, defined below). */
typedef struct dn_embed dn_embed;
/* The time of the placement e holds now, for objective TIME: sets *time
 * (+infinity for a run that cannot finish) and returns DN_OK, or a status
 * with err filled. e's placement changes between calls; the function must
 * not keep it. ctx is opts.time_ctx. */
typedef int (*dn_time_fn)(void *ctx, dn_embed *e, double *time, dn_err *err);

typedef struct dn_embed_opts {
    const char *map;        /* mapping name (see above); required */
    int64_t root;           /* processor of the root task; -1: the mapping's default */
    dn_dc_order order;      /* dccube only */
    char approach;          /* growing: 'a' (default) or 'b' */
    int centre;             /* growing approach b: where the problem moves
                             * (dn_growing_centre) */
    int face_set;           /* dccube/reflecting/growing: map onto the 2-D face */
    int face[2];            /*   spanned by dimensions face[0] (rows) and face[1]
                             *   (columns) through the root; reflecting and
                             *   growing on 3+ dimensions default to 0,1 */
    uint64_t seed;          /* random */
    dn_routes routes;
    dn_weights weights;
    const double *given;    /* DN_WEIGHTS_GIVEN: volumes of tasks 1 .. T-1 (copied) */
    int64_t given_len;      /* must be T - 1 */
    int64_t mem_limit;      /* for materialising the network; 0: default */
    const char *scotch_strategy; /* scotch: strategy string, NULL = default */
    dn_scotch_target scotch_target; /* scotch: which target (default AUTO) */
    dn_scotch_part scotch_part; /* scotch: compact part (default) or the whole machine */
    const int64_t *place;   /* given: processor of every task (copied) */
    int64_t place_len;      /* must be T */
    int64_t search_limit;   /* exact: search nodes per decision (0: DN_EXACT_DEFAULT_LIMIT) */
    double search_seconds;  /* exact: time budget of the whole search, seconds
                             * (0: DN_EXACT_DEFAULT_SECONDS; INFINITY: none, so
                             * the result depends on the node limit alone).
                             * Refinement (refine_moves): a cutoff of each
                             * refinement's CPU time (the thread's), which
                             * stops it before its moves run out (0 or
                             * INFINITY: none). dn_best_init: the same for
                             * every refinement it runs, 0 meaning
                             * DN_BEST_DEFAULT_SECONDS for hier's search and
                             * none for the others (issue 39) */
    /* The job's allocation and slots (docs/placement.md): every mapping
     * places tasks only on the allocated processors, at most their slots
     * each; routes still run through the whole network.
     *  alloc: the processors given (alloc_len entries, distinct; copied);
     *         NULL: every processor;
     *  slots: tasks one processor may hold; 0: ceil(T / allocated), the
     *         least that holds the tree (many-to-one as before);
     *  slots_per: one slot count per entry of alloc (copied), overriding
     *         slots; NULL: slots for every one.
     * A mapping that places a task elsewhere (a closed form) fails with
     * DN_EINVAL naming the task and processor. */
    const int64_t *alloc;
    int64_t alloc_len;
    int64_t slots;
    const int64_t *slots_per;
    /* What a message between two tasks on one processor costs, in hops
     * (>= 0, finite; 0 by default: free). It enters the average dilation,
     * the hop-bytes and the bounds (dn_metrics, dn_bounds), refinement's
     * dilation and hop-bytes objectives and --map best's ranking; the
     * network's hop counts (dilation total, max), the contention figures
     * and the simulator leave such messages off the network as before. */
    double intra_cost;
    /* Refinement (src/search/refine.c, docs/placement.md): after the
     * mapping, refine_moves moves of local search (swaps of two tasks'
     * processors, moves of one task to a processor with a free slot,
     * threshold accepting, drawn from seed) on objective; the best
     * placement seen is kept, so the objective never gets worse. Inside
     * the allocation and slots; a given root (root >= 0) stays. 0: none.
     * Needs the network's routes (not zrl's own map-edge). */
    int64_t refine_moves;
    dn_objective objective;
    /* Refinement as a descent that worsens nothing (dn_best_init's polish):
     * a move is kept only when none of phase conflicts, max link load,
     * hop-bytes, congestion and dilation (hops + intra-node cost) gets
     * worse, so the placement ends at least as good in every figure --map
     * best ranks by. Skipped, not refused, where refinement cannot run
     * (a mapping's own map-edge). */
    int refine_descent;
    /* Refinement's targets drawn near a tree neighbour's processor, in
     * sixteenths of the moves (the rest uniform over the allocation);
     * 0: 8, half. --map best's search from hier draws 12 (issue 39: on
     * the torus rows 3/4 found fewer hops in the same moves). */
    int refine_near;
    /* Objective TIME (refinement, and dn_best_init's ranking): the
     * simulated time of a placement; borrowed, NULL otherwise. */
    dn_time_fn time_fn;
    void *time_ctx;
    /* Borrowed, may be NULL: when *stop becomes nonzero (set from another
     * thread: a hosted caller's Ctrl-C, python/dcnet), refinement stops
     * within 256 moves and --map best before its next candidate, with
     * DN_ELIMIT "stopped by the caller". The exact search does not read
     * it (its own time budget bounds it unless given none). */
    const volatile int *stop;
} dn_embed_opts;

/* The mapping names, for help text; NULL past the end. */
DN_API const char *dn_embed_map_name(int i);
DN_API const char *dn_embed_map_summary(int i);

/* An embedding (dn_embed, declared above): opaque (its fields live in
 * src/embed/embed_impl.h); dn_embed_init allocates one, dn_embed_free
 * releases it, and the accessors below read what it decided. */

/* Builds the placement into *out (allocated). Validates that the mapping
 * applies to this net and tree (e.g. zrl needs binomial:N on debruijn:N)
 * and says which do otherwise. On failure *out is NULL and nothing is
 * left to free. net and tree are borrowed: keep them alive until
 * dn_embed_free. Time: O(1) for closed forms, O(T) for identity and
 * random, O(T * searched nodes) for greedy (worst O(T N)), SCOTCH's own
 * for scotch; plus O(N + M) to materialise the network; with
 * opts.refine_moves, O(moves x incident edges x route) more, and for
 * objectives conflicts and congestion 4 bytes x links x (phases + 1). */
DN_API int dn_embed_init(dn_embed **out, const dn_net *net, const dn_tree *tree,
                         const dn_embed_opts *opts, dn_err *err);
/* Releases the embedding and everything it owns; NULL is a no-op. */
DN_API void dn_embed_free(dn_embed *e);

/* ---- accessors: O(1), e non-NULL; nothing returned needs freeing ------ */

/* The network and the tree given to dn_embed_init (the caller's own). */
DN_API const dn_net *dn_embed_net(const dn_embed *e);
DN_API const dn_tree *dn_embed_tree(const dn_embed *e);
/* The materialised network (nodes, arcs, link costs) that routing and the
 * metrics share: borrowed, valid until dn_embed_free. */
DN_API const dn_csr *dn_embed_graph(const dn_embed *e);
/* Processor of the root task (task 0): dn_embed_place(e, 0). */
DN_API int64_t dn_embed_root(const dn_embed *e);
/* The mapping's name as given in opts.map ("zrl", "growing", ...):
 * borrowed, valid until dn_embed_free. */
DN_API const char *dn_embed_mapping(const dn_embed *e);
/* The route and weight choices of opts.routes and opts.weights. */
DN_API dn_routes dn_embed_routes(const dn_embed *e);
DN_API dn_weights dn_embed_weights(const dn_embed *e);
/* Growing approach b's preliminary move of the whole problem from the
 * requested start to the fixed-root mapping's root (a phase-0 message of
 * volume 1): returns its hops and sets *src to the start and *path to its
 * hops + 1 processors (borrowed, valid until dn_embed_free; path[0] is
 * *src, the last is dn_embed_root). Without such a move: -1, *src = -1,
 * *path = NULL. Either pointer may be NULL. */
DN_API int64_t dn_embed_pre_route(const dn_embed *e, int64_t *src, const int64_t **path);
/* The search behind --map exact (dn_exact_search's figures) and how many
 * root positions it tried. */
typedef struct dn_embed_search {
    int lower_bound;  /* the shell bound the search started from */
    int best;         /* the maximum dilation of the placement found */
    int refuted;      /* every d <= refuted has no placement */
    int settled;      /* best is proven optimal (refuted == best - 1) */
    int64_t nodes;    /* search nodes visited */
    int64_t roots;    /* root positions tried */
    int64_t node_limit; /* the node limit per decision used */
    double seconds;   /* the time budget used (INFINITY: none) */
    int stopped;      /* a dn_exact_stop: what, if anything, cut the search */
} dn_embed_search;
/* Fills *out and returns 1 for an embedding made by --map exact; returns
 * 0 (out untouched) for any other mapping. */
DN_API int dn_embed_exact_search(const dn_embed *e, dn_embed_search *out);
/* Tasks processor p may hold: its slots (opts.slots, opts.slots_per), 0
 * outside the allocation, or ceil(T / processors) without either. */
DN_API int64_t dn_embed_capacity(const dn_embed *e, int64_t p);
/* The allocated processors: returns how many and sets *list (borrowed,
 * ascending, valid until dn_embed_free) to them; without an allocation
 * returns the processor count and sets *list to NULL (every one). */
DN_API int64_t dn_embed_alloc(const dn_embed *e, const int64_t **list);
/* The tasks the allocation's processors may hold in all (the sum of their
 * slots, each at most T); 0 when neither an allocation nor slots were
 * given (every processor then holds ceil(T / P)). O(1). */
DN_API int64_t dn_embed_room(const dn_embed *e);
/* opts.intra_cost: the hops a message between co-located tasks costs. */
DN_API double dn_embed_intra_cost(const dn_embed *e);

/* Figures of a placement as refinement counts them (conflicts,
 * max_link_load and congestion only for objectives conflicts, congestion
 * and time, else 0); they equal dn_metrics_compute's dil_total,
 * w_total, conflicts, max_link_load and congestion. */
typedef struct dn_refine_fig {
    int64_t hops;
    double hop_bytes;
    int64_t conflicts, max_link_load, congestion;
    double time;        /* objective TIME: opts.time_fn's figure; else 0 */
    int64_t colocated;  /* edges inside one processor (dn_metrics' colocated):
                         * objective dilation's first figure is hops +
                         * opts.intra_cost x colocated */
} dn_refine_fig;
typedef struct dn_refine_stats {
    dn_objective objective;
    int descent;        /* opts.refine_descent: nothing got worse */
    int64_t budget;     /* moves asked for (opts.refine_moves) */
    int64_t tried;      /* moves drawn (= budget unless the cutoff stopped it) */
    int64_t accepted;   /* moves kept when drawn (threshold accepting) */
    int64_t improved;   /* times a new best placement was found */
    dn_refine_fig before, after; /* the mapping's placement, the best found */
    int64_t infeasible; /* moves undone because an edge had no route (a
                         * network that is not strongly connected) */
    double seconds;     /* CPU seconds the moves took (the thread's) */
    double cutoff;      /* opts.search_seconds: the cutoff (INFINITY: none) */
    int stopped;        /* 1: the cutoff stopped it before its budget of moves
                         * (then tried < budget, and the result depends on
                         * the machine's speed) */
} dn_refine_stats;
/* Fills *out and returns 1 for a refined embedding (opts.refine_moves >
 * 0), else returns 0 (out untouched). O(1). */
DN_API int dn_embed_refine_stats(const dn_embed *e, dn_refine_stats *out);

/* scotch: the target SCOTCH really mapped onto (DN_SCOTCH_NATIVE,
 * DN_SCOTCH_DECO0 or DN_SCOTCH_DECO2, after DN_SCOTCH_AUTO chose); 0 for
 * other mappings. */
DN_API int dn_embed_scotch_target(const dn_embed *e);
/* scotch: the processors of the part SCOTCH mapped onto (the allocation,
 * the compact part, or every processor); 0 for other mappings. */
DN_API int64_t dn_embed_scotch_part(const dn_embed *e);
/* dccube, xor, reflecting, growing on a 2-D face of a grid (opts.face, or
 * the default face of reflecting and growing on 3+ dimensions): returns 1
 * and sets dim[0] (rows) and dim[1] (columns) to the grid dimensions the
 * face spans; 0 when the mapping covers the whole network (dim untouched). */
DN_API int dn_embed_face(const dn_embed *e, int dim[2]);
/* Mappings over hypercube labels (dccube, xor, reflecting, growing,
 * binomial): the label bit (hypercube dimension) that the tree's phase
 * `step` crosses, for step 1 .. n of B(n); it fixes the dimension order
 * (opts.order). -1 for other mappings or a step out of range. */
DN_API int dn_embed_step_dim(const dn_embed *e, int step);

/* map-node: processor of task v. */
DN_API int64_t dn_embed_place(const dn_embed *e, int64_t v);

/* map-edge: route of the edge parent(v) -> v (v > 0) as processors, from
 * place(parent) to place(v); *path valid until the next call. A route of a
 * task placed with its parent has 0 hops. */
DN_API int dn_embed_route(dn_embed *e, int64_t v, const int64_t **path, int64_t *hops, dn_err *err);

/* How routes are made: "map-edge" for a mapping's own (zrl), else the
 * router's algorithm name ("bdg-window", "xy", "bfs", ...). */
DN_API const char *dn_embed_routes_name(const dn_embed *e);

/* Volume of the message into task v (v > 0) under the chosen weights. */
DN_API double dn_embed_weight(const dn_embed *e, int64_t v);

/* Hypercube label of binomial task y when step t uses dimension dims[t-1]:
 * the union of the dimensions of the steps on y's path from the root. */
DN_API uint64_t dn_binomial_cube_label(int64_t y, const int *dims);

/* Is SCOTCH built in?
 *
 * When it is, libdcnet also exports SCOTCH's three error handlers,
 * SCOTCH_errorPrint, SCOTCH_errorPrintW and SCOTCH_errorProg, on purpose:
 * SCOTCH 7 reports errors only by calling them (no callback, no context),
 * and Debian's libscotcherr prints to stderr. dcnet's versions keep the
 * first message (per thread) for the dn_err of the failing call and print
 * nothing. The price: in a program that loads libdcnet they replace
 * SCOTCH's own handlers for every caller of SCOTCH in that process
 * (docs/architecture.md, "The ABI"). */
DN_API int dn_have_scotch(void);
/* The version of the SCOTCH library linked in ("7.0.3"), asked of the
 * library at run time (SCOTCH_version), into buf (cap bytes, truncated).
 * DN_ENOTSUP (buf "not built in") without SCOTCH. Time O(1). */
DN_API int dn_scotch_version(char *buf, size_t cap);

/* Seed 000's open question (end of section 6): the least maximum dilation
 * of any one-to-one placement of the tree on an undirected network, with
 * the dilation of an edge the distance between its ends (shortest routes),
 * by exhaustive branch and bound (src/embed/map_exact.c): decisions d = L,
 * L+1, ... from the shell bound L; in each, the tasks with children are
 * branched on, the frontier kept matched to free processors (Hall's
 * condition prunes; the matching places the leaves), and the root tried on
 * each of `roots` (one per orbit of the network's automorphisms that the
 * caller knows, or every processor). A decision stops after node_limit
 * search nodes (0: no limit) and is then undecided, never refuted; the
 * search goes on to larger d until one has a placement (on a connected
 * network the diameter always has one, without search). So out->best is
 * an upper bound with a witness (out->place: T processors, owned, freed
 * by dn_exact_result_free), every d <= out->refuted is proven impossible,
 * and out->settled says they meet (best = refuted + 1: the optimum).
 * out->best is the witness's own maximum dilation, which can be below the
 * d it was accepted at (at the diameter any placement is taken unsearched).
 * dn_exact_search_budget also stops the whole search after `seconds` of
 * wall-clock time (> 0; INFINITY: never): the decision running then is
 * undecided and no larger d is searched, the witness being the first
 * placement (on a connected network; else DN_ELIMIT), and out->stopped
 * says DN_EXACT_STOP_TIME: such a result depends on the machine's speed,
 * so it is not reproducible; one stopped only by nodes is. dn_exact_search
 * is dn_exact_search_budget without a time budget.
 * Fails with DN_EINVAL for a directed network, or a tree that fits in no
 * connected part; DN_ERANGE for N > DN_EXACT_MAX_N or T > N; DN_ELIMIT
 * if even the largest distance stays undecided; DN_ENOMEM. Time:
 * exponential in the worst case, at most node_limit x O(T x ball) per
 * decision, and `seconds` in all; O(N^2) for the distances and balls.
 * Memory 2 N^2 bytes + O(N^2) ball entries at the largest d tried. */
#define DN_EXACT_MAX_N 1024
#define DN_EXACT_DEFAULT_LIMIT 2000000 /* search nodes per decision */
#define DN_EXACT_DEFAULT_SECONDS 5.0   /* --map exact's time budget (opts.search_seconds 0) */
/* What cut a search short (dn_exact_result.stopped). */
typedef enum dn_exact_stop {
    DN_EXACT_STOP_NONE = 0, /* every decision ran to its end */
    DN_EXACT_STOP_NODES,    /* a decision reached the node limit (reproducible) */
    DN_EXACT_STOP_TIME      /* the time budget ran out (not reproducible) */
} dn_exact_stop;
typedef struct dn_exact_result {
    int lower_bound;  /* the shell bound the search starts from */
    int best;         /* the witness's maximum dilation (least found), -1 if none */
    int refuted;      /* every d <= refuted has no placement (lower_bound - 1 if none) */
    int settled;      /* best is proven optimal (refuted == best - 1) */
    int64_t nodes;    /* search nodes visited, over every decision */
    int32_t *place;   /* owned: the witness placement (T entries), or NULL */
    int64_t node_limit; /* the node limit per decision (0: none) */
    double seconds;   /* the time budget (INFINITY: none) */
    int stopped;      /* a dn_exact_stop */
} dn_exact_result;
DN_API int dn_exact_search(const dn_csr *g, const dn_tree *t, const int64_t *roots, int nroots,
                    int64_t node_limit, dn_exact_result *out, dn_err *err);
/* dn_exact_search with a time budget of `seconds` (> 0; INFINITY: none),
 * read every 256 search nodes: the same complexity and ownership (out owns
 * its arrays: dn_exact_result_free). A search cut by time says so
 * (stopped) and is not reproducible. */
DN_API int dn_exact_search_budget(const dn_csr *g, const dn_tree *t, const int64_t *roots,
                                  int nroots, int64_t node_limit, double seconds,
                                  dn_exact_result *out, dn_err *err);
DN_API void dn_exact_result_free(dn_exact_result *r);

#ifdef __cplusplus
}
#endif

#endif

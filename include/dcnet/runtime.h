/*
 * dcnet/runtime.h - running real divide-and-conquer programs on workers
 * (threads, or MPI ranks) with dcnet's schedules and placements.
 *
 * Static mode (seed 000 section 2, "keep half, send half"): P = 2^D
 * workers form the binomial tree B(D). Worker r receives its problem in
 * phase bitlen(r), then in every later phase p it splits what it holds,
 * keeps one part and sends the other to its child r + 2^(p-1); it solves
 * what is left, and merges its children's results in reverse order before
 * sending its own to its parent. D = log2 P, lowered so that no part is
 * smaller than the grain.
 *
 * Dynamic mode (seed 002's Canonical Algorithm): for irregular trees
 * (backtracking), every task either is a leaf (a value) or expands into
 * children; each child goes to the processor at the end of a random walk
 * of Delta steps from its parent's processor; values are summed.
 *
 * Problems and results are byte buffers in the application's own
 * serialised form: split and merge work on them directly, so the threads
 * backend moves them without copying, and MPI sends them as they are.
 *
 * Communication: direct (worker to worker) by default; with a network and
 * a mapping (network emulation), worker y lives on processor place(y) and
 * every message travels the mapping's route hop by hop: on threads each
 * processor has a router thread that copies the message into the next
 * hop's buffer while holding that link, so dilation and contention cost
 * real time; per-link messages and bytes are counted.
 *
 * Ownership: dn_buf data is malloc'd; a callback that receives a buffer to
 * consume frees or reuses it. Results are caller-owned (dn_rt_stats_free).
 */
#ifndef DCNET_RUNTIME_H
#define DCNET_RUNTIME_H

#include "dcnet/embed.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dn_buf {
    void *data;  /* malloc'd, or NULL when len == 0 */
    size_t len;
} dn_buf;

/* A static divide-and-conquer application. Each callback returns DN_OK or
 * a status (the run stops and reports it). */
typedef struct dn_dc_app {
    const char *name;
    void *ctx;
    /* size of a problem in work units (compared with the grain) */
    size_t (*units)(void *ctx, const dn_buf *p);
    /* consumes p: fills keep (solved here) and send (given to the child) */
    int (*split)(void *ctx, dn_buf *p, dn_buf *keep, dn_buf *send);
    /* consumes p: the sequential solution */
    int (*solve)(void *ctx, dn_buf *p, dn_buf *res);
    /* consumes a (result of the kept part) and b (of the sent part) */
    int (*merge)(void *ctx, dn_buf *a, dn_buf *b, dn_buf *res);
    /* Optional (both or neither; NULL: the parent merges alone): a merge
     * shared by several workers. On the threads backend in direct mode, a
     * merge of at least share_units units (a and b) is done by the
     * parent together with the workers that have already finished: in
     * phase p, the 2^(D-p+1) - 1 workers of the parent's subtree below
     * it. merge_alloc allocates the output of merge(a, b) (data and len);
     * then worker k of n calls merge_part for part k: the parts are
     * disjoint, together they fill the output, and they only read a and b,
     * which the runtime frees afterwards. MPI and network emulation use
     * merge (there the data is not shared). */
    int (*merge_alloc)(void *ctx, const dn_buf *a, const dn_buf *b, dn_buf *out);
    int (*merge_part)(void *ctx, const dn_buf *a, const dn_buf *b, dn_buf *out, int k, int n);
    /* merges of fewer units (a and b together) are not shared; 0: 1 */
    size_t share_units;
} dn_dc_app;

/* An irregular tree application for the dynamic mode: a task is a leaf
 * (sets *value, *nkids = 0) or expands into *nkids children (malloc'd
 * array of buffers). The answer is the sum of the leaf values. */
typedef struct dn_tree_app {
    const char *name;
    void *ctx;
    int (*expand)(void *ctx, const dn_buf *task, dn_buf **kids, int *nkids, int64_t *value);
} dn_tree_app;

typedef enum dn_backend { DN_BACKEND_THREADS = 0, DN_BACKEND_MPI } dn_backend;
/* The name of each value, "threads", "mpi" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_backend_name(dn_backend v);
DN_API int dn_backend_parse(const char *s, dn_backend *out);

/* How the dynamic mode places a spawned task.
 *  WALK         seed 002's Canonical Algorithm: the end of a random walk of
 *               Delta steps from the parent's processor. A plain walk of
 *               even length on a bipartite network never leaves its
 *               start's side (on 2 workers every task stayed on worker 0),
 *               and an odd one alternates sides by depth;
 *  LAZY         each step stays put with probability 1/2: mixes on every
 *               connected network;
 *  TWO_CHOICES  two independent walks (lazy where the network is
 *               bipartite); the task goes to the end whose queue is shorter
 *               (the first on a tie), as `dcnet load`'s two-choices variant;
 *  STEAL        work stealing: a task stays on its parent's worker (a deque
 *               per worker: the owner takes the newest, a thief the oldest);
 *               an idle worker picks a random victim and steals one task or
 *               half of its deque (dn_rt_opts.steal). On an emulated network
 *               the request and the stolen tasks travel the victim's
 *               distance in hops and pay len / bandwidth per hop.
 * AUTO takes LAZY when the network (or the complete graph of the workers:
 * bipartite for 2) is bipartite, WALK otherwise; the run reports its choice.
 * WALK and LAZY place every task by its own random stream: the placement
 * repeats exactly for a seed. TWO_CHOICES and STEAL depend on the queues
 * met at run time: the answer and the task count repeat, the per-worker
 * counts need not. */
typedef enum dn_walk_policy {
    DN_POLICY_AUTO = 0,
    DN_POLICY_WALK = 1,
    DN_POLICY_LAZY = 2,
    DN_POLICY_TWO_CHOICES = 3,
    DN_POLICY_STEAL = 4
} dn_walk_policy;
/* The policy's name: "auto", "walk", "lazy", "two-choices", "steal" (NULL
 * out of range; static storage). */
DN_API const char *dn_walk_policy_name(dn_walk_policy p);
/* The policy named s: DN_OK, or DN_ENOTFOUND with the names accepted in
 * err (this parse keeps its older form, with a message). */
DN_API int dn_walk_policy_parse(const char *s, dn_walk_policy *p, dn_err *err);

enum { DN_STEAL_HALF = 0, DN_STEAL_ONE = 1 };

typedef struct dn_rt_opts {
    int workers;          /* P; static mode uses the largest power of two <= P */
    size_t grain;         /* do not split parts smaller than this (units); 0: 1 */
    dn_backend backend;
    const dn_net *net;    /* network emulation, or NULL for direct */
    const char *map;      /* mapping of B(D) onto net (embed's names), or: */
    dn_embed *embed;      /* the caller's own embedding of binomial:D onto net
                           * (borrowed; used, not changed, while the run sets
                           * up): each worker runs where it places the
                           * worker's task of B(D), messages take its routes. D is
                           * the static schedule's depth (log2 of the workers
                           * used); map and root are then unused. Static
                           * threads mode only. */
    int64_t root;         /* processor of worker 0 (-1: the mapping's) */
    double link_bw;       /* emulation: bytes per second per link (0: copy speed) */
    int walk;             /* dynamic mode: random-walk length Delta (0: 2) */
    dn_walk_policy policy; /* dynamic mode (0: auto) */
    int steal;            /* STEAL: DN_STEAL_HALF (0) or DN_STEAL_ONE */
    uint64_t seed;        /* dynamic mode: walk streams */
    int timeline;         /* keep per-worker busy intervals */
    int record_tree;      /* dynamic mode: record every task (dn_rt_stats.task_*) */
    /* MPI: worker y of the static schedule runs on world rank place[y]
     * (place_len tasks, a power of two, on distinct ranks; the others
     * idle): the ranks split off with their task as key (MPI_Comm_split),
     * and the rank of task 0 passes the input and gets the output. NULL:
     * worker y is world rank y. */
    const int64_t *place;
    int64_t place_len;
} dn_rt_opts;

typedef struct dn_rt_span {
    int worker;
    int kind;             /* 0 split, 1 solve, 2 merge, 3 wait, 4 expand */
    double start, end;    /* seconds from the start of the run */
} dn_rt_span;

typedef struct dn_rt_stats {
    double seconds;       /* wall time of the parallel part */
    int workers;          /* workers used */
    int depth;            /* D (static) */
    int64_t messages, bytes;       /* worker-to-worker messages and payload */
    int64_t hop_messages, hop_bytes; /* emulation, and dynamic mode on a network:
                                        summed over hops */
    int64_t links;        /* emulation: channels (CSR arcs) */
    int64_t *link_msgs, *link_bytes; /* emulation: per channel */
    int32_t *link_src, *link_dst;
    int64_t tasks;        /* dynamic mode: tasks executed */
    int policy;           /* dynamic mode: the policy used (never AUTO) */
    int bipartite;        /* dynamic mode: the walked network is bipartite */
    int64_t *worker_tasks;           /* dynamic mode: per worker */
    double *worker_idle;  /* dynamic mode: per worker, seconds not in expand */
    int64_t steals, steal_attempts;  /* STEAL: successful steals, and tries */
    dn_rt_span *spans;    /* timeline (opts.timeline) */
    int64_t nspans;
    /* The tree the run executed (`dcnet exec --record-tree`), ntask_rec
     * tasks: static mode, task r = worker r of B(D) (parent: r with its
     * top bit cleared); dynamic mode (with opts.record_tree), every task
     * numbered breadth first, the root 0, the children of a task in spawn
     * order. Per task: its parent (-1: the root), its work (seconds of
     * split, solve and merge, or of expand, on its worker, not waiting or
     * sending), the bytes of the message from its parent and of its result
     * back (dynamic mode: 0, values are summed, not sent). NULL when not
     * recorded (or out of memory). */
    int64_t ntask_rec;
    int64_t *task_parent;
    double *task_work;
    int64_t *task_bytes_down, *task_bytes_up;
} dn_rt_stats;

DN_API void dn_rt_stats_free(dn_rt_stats *s);

/* What a run's per-worker and per-link arrays add up to: the least, most
 * and mean tasks and idle seconds a worker had (dynamic mode; zero
 * otherwise), and the links that carried a message and the most messages
 * one link carried (emulation; zero otherwise). O(workers + links). */
typedef struct dn_rt_summary {
    int64_t tasks_min, tasks_max;
    double tasks_mean;
    double idle_min, idle_max, idle_mean;
    int64_t links_used, link_msgs_max;
} dn_rt_summary;
DN_API void dn_rt_stats_summary(const dn_rt_stats *s, dn_rt_summary *out);

/* Runs app on input (consumed) and fills *output. With the MPI backend
 * every rank calls it (inside MPI_Init/Finalize, see dn_mpi_*); only rank 0
 * passes the input and gets the output and the statistics. */
DN_API int dn_rt_run(const dn_dc_app *app, dn_buf *input, dn_buf *output, const dn_rt_opts *o,
              dn_rt_stats *st, dn_err *err);

/* Dynamic mode: the sum of the leaf values of the tree grown from root
 * (consumed). Threads backend; the network (or, without one, the complete
 * graph of the workers) is walked for placement. */
DN_API int dn_rt_run_tree(const dn_tree_app *app, dn_buf *root, int64_t *answer, const dn_rt_opts *o,
                   dn_rt_stats *st, dn_err *err);

/* MPI: whether it is built in, start-up and shut-down, rank and size. */
DN_API int dn_have_mpi(void);
/* The MPI library linked in ("Open MPI v4.1.4"), asked of it at run time
 * (MPI_Get_library_version, allowed before MPI_Init), into buf (cap
 * bytes, truncated). DN_ENOTSUP (buf "not built in") without MPI. O(1). */
DN_API int dn_mpi_version(char *buf, size_t cap);
DN_API int dn_mpi_init(int *argc, char ***argv, int *rank, int *size, dn_err *err);
DN_API void dn_mpi_finalize(void);

/* ---- the bundled applications (each verifies its own result) -------- */

typedef struct dn_app_run {
    char name[16];
    int64_t n;            /* problem size (keys, matrices, board size ...) */
    uint64_t seed;
    dn_buf input;         /* owned until given to the runtime */
    void *ref;            /* the sequential reference (app-specific) */
    void *shared;         /* dn_app_share's arrays (internal) */
    int dynamic;          /* nqueens in dynamic mode */
    int verify_full;      /* sorts: a sorted reference copy (else order + hash) */
    uint64_t hash[2];     /* sorts: the input keys' multiset hash */
    size_t grain;         /* a sensible default grain for this app (units) */
    dn_dc_app dc;
    dn_tree_app tree;
} dn_app_run;

/* The sorts' leaf kernel, for a user's own app too: sorts n 64-bit keys
 * (an LSD radix sort, 8 passes of 8 bits; insertion sort for 64 or fewer).
 * scratch holds n keys, or is NULL to allocate them. DN_ENOMEM. */
DN_API int dn_sort_keys(uint64_t *keys, uint64_t *scratch, size_t n);

/* The bundled apps' kernels, public so that a user's own app, and the
 * baselines of bench/bench_runtime.c, run the same code:
 *  dn_merge_keys     merges sorted a (na) and b (nb) into out (na + nb),
 *                    ties from a first;
 *  dn_merge_path     how many of the first k outputs of that merge come
 *                    from a (Odeh et al.'s merge path): one binary search,
 *                    so k parts of a merge can be written independently;
 *  dn_partition_keys three-way partition around the median of the first,
 *                    middle and last keys; returns how many keys are <= it
 *                    (they come first);
 *  dn_mat4_mul       out = x y for 4 x 4 matrices mod 2^31 - 1 (out may be x);
 *  dn_queens_count   the completions of a placement of the first rows on an
 *                    n x n board (cols: the columns taken; d1, d2: the
 *                    diagonals attacked on the next row), 0 <= n <= 32
 *                    (-1 outside). */
DN_API void dn_merge_keys(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, uint64_t *out);
DN_API size_t dn_merge_path(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, size_t k);
DN_API size_t dn_partition_keys(uint64_t *a, size_t n);
DN_API void dn_mat4_mul(const uint64_t *x, const uint64_t *y, uint64_t *out);
DN_API int64_t dn_queens_count(int n, uint64_t cols, uint64_t d1, uint64_t d2);

/* Names of the bundled apps, for help; NULL past the end. */
DN_API const char *dn_app_name(int i);
DN_API const char *dn_app_summary(int i);
/* Flags of dn_app_init. DYNAMIC: nqueens grown task by task. VERIFY_FULL:
 * the sorts keep a sorted copy of the input (qsort, O(n log n) and n words)
 * and compare word by word; without it they are checked in O(n) and no
 * extra memory: the output is in order and holds the same multiset as the
 * input (an order-independent hash of the keys). The other apps' references
 * are linear already. */
enum { DN_APP_DYNAMIC = 1, DN_APP_VERIFY_FULL = 2 };
/* Builds the input of app NAME of size n (0: the app's default) and what
 * checks its result. DN_ENOTFOUND for an unknown name. */
DN_API int dn_app_init(dn_app_run *a, const char *name, int64_t n, uint64_t seed, int flags,
                dn_err *err);
/* Switches a freshly initialised static app to its shared-memory form,
 * for the threads backend in direct mode only (`dcnet exec`'s default
 * there): the data stays in one array (and, for the sorts, one scratch
 * array), problems are 32-byte references into it, and results are
 * references (sorts, prefix) or the app's small values (max, matchain,
 * nqueens), so messages carry no data; mergesort's and prefix's large
 * merges are shared by the workers that have finished
 * (dn_dc_app.merge_part). DN_ENOTSUP in dynamic mode. */
DN_API int dn_app_share(dn_app_run *a, dn_err *err);
/* The skewed synthetic workload of the dynamic mode ("search"): an
 * unbalanced tree search over one of dcnet's random trees (tree_spec, a
 * random model such as gw:DIST or crt:H:DIST, sampled from seed and at
 * most max_nodes nodes, 0: DN_TREE_DEFAULT_MAX_NODES). Task v does a
 * seeded amount of work (rounds of a 64-bit mixing function, drawn for
 * v from an exponential law of mean `work`) and spawns v's children; the
 * answer is the number of leaves. The check: the leaf count (O(nodes));
 * with DN_APP_VERIFY_FULL also the xor of every task's work result,
 * recomputed sequentially. a->n is the tree's size. DN_EINVAL for a
 * deterministic tree, DN_ELIMIT above max_nodes. */
DN_API int dn_app_init_search(dn_app_run *a, const char *tree_spec, double work, uint64_t seed,
                       int64_t max_nodes, int flags, dn_err *err);
/* Compares the parallel output (or answer) with the reference; output may
 * be NULL in the dynamic mode and for "search", whose answer is checked. */
DN_API int dn_app_verify(const dn_app_run *a, const dn_buf *output, int64_t answer, dn_err *err);
DN_API void dn_app_free(dn_app_run *a);

#ifdef __cplusplus
}
#endif

#endif

/*
 * dcnet/tree.h - task trees: binomial trees B(n) with seed 000's labels and
 * phase schedule, complete b-ary trees, and the random tree models of
 * seed 002 (complete-tree-based random trees, randomized complete trees,
 * reproduction / Galton-Watson trees).
 *
 * A tree spec is parsed into a dn_tree_model (pure parameters, no memory),
 * from which dn_tree_init() builds a caller-owned dn_tree. Deterministic
 * trees are implicit: parent, children and phases are index arithmetic, so
 * B(40) costs nothing. Random trees are sampled with an explicit seeded RNG
 * into flat arrays in breadth-first order (children of a node are
 * contiguous), never pointer structures.
 *
 * Node ids are int64_t in [0, nodes); the root is 0. Children are indexed
 * from 0: child i of a node is the seed's (i+1)-th child.
 *
 * Binomial tree B(n) (seed 000, section 2 and Lemma 3): our id y in
 * [0, 2^n) stands for the seed's label 0^m z 1, the (n+1)-bit string of
 * 2y + 1; z is y written in binary (empty for the root), m = n - bitlen(y)
 * is the number of children. The i-th child (1-based) of 0^m z 1 is
 * 0^(m-i) z 1 0^(i-1) 1, i.e. id (y << i) | (1 << (i-1)); it is the root of
 * a B(m - i). Phase schedule: a node with m children receives in phase
 * n - m = bitlen(y) and sends to its i-th child in phase n - m + i.
 *
 * MPI's binomial broadcast trees (ompi-bcast:P, mpich-bcast:P[:ROOT]) are
 * implicit too, for any rank count P >= 1. Task v is MPI's virtual rank
 * v = (r - ROOT) mod P of rank r (the root is task 0, as in every dcnet
 * tree), and the order of a task's children is its library's send order:
 *   ompi-bcast  Open MPI's ompi_coll_base_topo_build_bmtree: the parent of
 *               v is v with its highest set bit cleared; the children are
 *               v + 2^j for 2^j > v while v + 2^j < P, nearest first;
 *   mpich-bcast MPICH's MPIR_Bcast_intra_binomial (and the parent rule of
 *               Open MPI's in-order tree for gather and scatter): the parent
 *               of v is v with its lowest set bit cleared; the children are
 *               v + 2^j for 2^j below v's lowest set bit (any j for the
 *               root) while v + 2^j < P, farthest first.
 * Both have depth popcount(v). dcnet plays them with the seeds' rule (child
 * i of a task receiving in phase p receives in phase p + i + 1: one send
 * per phase, in the send order): ompi-bcast's v receives in phase
 * bitlen(v), mpich-bcast's in phase P' - ctz(v) when P = 2^P'.
 */
#ifndef DCNET_TREE_H
#define DCNET_TREE_H

#include "dcnet/base.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
    DN_TREE_BINOMIAL = 1, /* binomial:N */
    DN_TREE_COMPLETE,     /* complete:B:H, cbt:H */
    DN_TREE_CRT,          /* crt:H:DIST   complete-tree-based random tree */
    DN_TREE_RCT,          /* rct:HDIST:DIST randomized complete tree */
    DN_TREE_REPRO,        /* repro:M[:geom], gw:DIST  reproduction tree */
    DN_TREE_FILE,         /* file:PATH  a tree read from a file (CSV, DOT, .grf) */
    DN_TREE_OMPI_BCAST,   /* ompi-bcast:P[:ROOT]   Open MPI's binomial broadcast */
    DN_TREE_MPICH_BCAST   /* mpich-bcast:P[:ROOT]  MPICH's binomial broadcast */
};

#define DN_TREE_PATH_MAX 1024

/* A discrete distribution on {0, 1, ..., len-1}: p[k] = P(k). */
#define DN_DIST_MAX 64
typedef struct dn_dist {
    int len;
    double p[DN_DIST_MAX];
} dn_dist;

/* Parses "p0,p1,...,pk": non-negative numbers summing to 1 (within 1e-9). */
DN_API int dn_dist_parse(const char *s, dn_dist *d, dn_err *err);
DN_API double dn_dist_mean(const dn_dist *d);
/* Draws one value. Time O(len). */
DN_API int dn_dist_draw(const dn_dist *d, dn_rng *rng);

/* Per-level offspring distributions kept by a model: level l uses
 * off[min(l, noff - 1)], so the last one repeats. */
#define DN_TREE_MAX_LEVEL_DISTS 16

typedef struct dn_tree_model {
    int kind;
    int n;          /* binomial order */
    int64_t b;      /* complete: branching factor */
    int h;          /* complete, crt: height (levels 0..h) */
    int64_t ranks;  /* ompi-bcast, mpich-bcast: the rank count P */
    int64_t root_rank; /* ompi-bcast, mpich-bcast: the MPI root; task v is rank
                        * (v + root_rank) mod P */
    int mpi_alg;    /* ompi-bcast, mpich-bcast: the algorithm asked for with
                     * @NAME (DN_MPI_*), 0: the library's default for P and
                     * mpi_bytes (resolved by dn_tree_mpi_choose) */
    int mpi_k;      /* @knomial:K's radix, @chain:F's fan-out (0: the library's) */
    double mpi_bytes; /* the broadcast's size in bytes (0: not given); the CLI's
                       * --bytes */
    int64_t mpi_ppn;  /* mpich-bcast: MPI ranks per node, placed in blocks (the
                       * last node may hold fewer), 1 .. DN_MPI_PPN_MAX; 0: not
                       * given, and MPICH's node-aware default is not modelled
                       * (the plain binomial, with a why saying what MPICH
                       * would run); the CLI's --ppn */
    double mean;    /* repro: mean number of children (b-bar < 1) */
    double size;    /* repro: expected size M as given (0: use 1/(1 - mean)) */
    dn_dist off[DN_TREE_MAX_LEVEL_DISTS]; /* crt, rct, repro: child-count laws */
    int noff;       /* how many of off[] are set (>= 1 for random models) */
    dn_dist height; /* rct: distribution of the height */
    char path[DN_TREE_PATH_MAX]; /* file: the tree file ("-": standard input) */
    /* file: the read tree's node count on every level (borrowed from the
     * caller, which fills it with dn_tree_level_counts), so that the
     * analysis of a fixed tree is exact by level; NULL until then */
    const double *level_count;
    int nlevels;
    /* file: the memory its reading may take, in bytes (0: the default, 8
     * GiB); the CLI's --mem-limit. The file is read within it, and its
     * nodes count DN_TREE_FILE_NODE_BYTES each as they are found (up front
     * when a .grf header promises them). */
    int64_t mem_limit;
} dn_tree_model;

/* Memory a tree file takes per node while read, on top of its bytes: 111
 * (CSV), 135 (.grf) and 157 (DOT) measured on complete:2:20; a bound. */
#define DN_TREE_FILE_NODE_BYTES 192

/* Parses a tree spec (see docs/trees.md and 'dcnet help trees'). */
DN_API int dn_tree_model_parse(const char *spec, dn_tree_model *m, dn_err *err);
/* The child-count distribution of nodes on `level` (random models). */
DN_API const dn_dist *dn_tree_model_offspring(const dn_tree_model *m, int level);
/* 1 for crt, rct and repro (not for a file: its tree is fixed). */
DN_API int dn_tree_model_is_random(const dn_tree_model *m);
/* Exact expected number of nodes M (the size itself when deterministic). */
DN_API double dn_tree_model_expected_size(const dn_tree_model *m);

/* Default cap on sampled tree sizes, and the largest implicit tree. */
#define DN_TREE_DEFAULT_MAX_NODES ((int64_t)1 << 24)
#define DN_TREE_MAX_NODES ((int64_t)1 << 62)

typedef struct dn_tree {
    dn_tree_model model;
    int64_t nodes;
    int height;          /* largest depth */
    /* sampled and file trees only (NULL for implicit ones): */
    int64_t *child_off;  /* nodes + 1; children of v are child_off[v] .. child_off[v+1]-1 */
    int64_t *parent;     /* parent[0] = -1 */
    int32_t *depth;
    /* file trees only (NULL otherwise): */
    int64_t *kids;       /* children of v: kids[child_off[v] .. child_off[v+1]), in file order */
    int32_t *phase;      /* receive phase of the sequential schedule (below) */
    int nphases;         /* the largest phase */
    double *work;        /* per node, when the file gives it (else NULL) */
    double *bytes_down;  /* per node: the message from its parent (else NULL) */
    double *bytes_up;    /* per node: its result back to its parent (else NULL) */
    int units;           /* file trees: bit 0 work, bit 1 bytes_down, bit 2 bytes_up
                          * was given with a unit somewhere (32ms, 128MB), that is in
                          * seconds or bytes rather than plain numbers; 0 otherwise */
} dn_tree;

/* Builds the tree of a model. Random models draw from seed (same seed, same
 * tree); sampling stops with DN_ELIMIT if the tree would exceed max_nodes
 * (0: DN_TREE_DEFAULT_MAX_NODES). Implicit trees refuse more than
 * DN_TREE_MAX_NODES with DN_ERANGE. On failure *t is zeroed.
 * Time O(1) implicit, O(nodes * len(dist)) sampled; space 20 bytes/node. */
DN_API int dn_tree_init(dn_tree *t, const dn_tree_model *m, uint64_t seed, int64_t max_nodes,
                 dn_err *err);
DN_API void dn_tree_free(dn_tree *t);

DN_API int64_t dn_tree_parent(const dn_tree *t, int64_t v);       /* -1 for the root */
DN_API int64_t dn_tree_num_children(const dn_tree *t, int64_t v);
DN_API int64_t dn_tree_child(const dn_tree *t, int64_t v, int64_t i); /* 0 <= i < num_children */
DN_API int dn_tree_depth(const dn_tree *t, int64_t v);
/* Phase in which v receives its message from its parent (0 for the root):
 * the seed 000 schedule for binomial trees (bitlen(v)), the depth otherwise.
 * The number of phases is dn_tree_phases(t). */
DN_API int dn_tree_recv_phase(const dn_tree *t, int64_t v);
DN_API int dn_tree_phases(const dn_tree *t);
/* The leaves (tasks without children): 2^(n-1) for binomial:n (1 for n = 0),
 * b^h for complete:b:h, by closed forms for the MPI broadcast trees,
 * counted otherwise. O(1) / O(log P) for those, O(T) else. */
DN_API int64_t dn_tree_leaves(const dn_tree *t);
/* The tasks 1 .. T-1 in order of receive phase, stable in id. dcnet's
 * built-in trees number tasks so that phases never decrease (then *order
 * is NULL: the ids are the order); a tree file's ids need not (a complete
 * tree written breadth first), and then *order is a malloc'd array of T
 * entries, order[0] = 0 (the root) and order[k] the k-th task, which the
 * caller frees. O(T + phases) time. DN_ENOMEM if it cannot be allocated. */
DN_API int dn_tree_phase_order(const dn_tree *t, int64_t **order, dn_err *err);

/* ---------------------------------------------------------- tree files
 * A file tree (file:PATH) is read by dn_tree_init in one of three formats,
 * told by the extension (.csv, .dot or .gv, .grf) or else by the content:
 *   CSV   id,parent[,work][,bytes_down][,bytes_up] per line; the root's
 *         parent is empty or -1; an optional header line names the columns
 *         (any order; bytes is bytes_down, as in DOT); '#' lines are comments;
 *   DOT   a Graphviz digraph (or graph) of the tree's edges, parent ->
 *         child; node attribute work, edge attributes bytes (or
 *         bytes_down) and bytes_up; names of any length; node [..] and
 *         edge [..] defaults apply to what follows them, as in Graphviz;
 *   GRF   a SCOTCH source graph that is a tree, rooted at its first vertex;
 *         vertex loads are work, edge loads bytes_down (integers up to
 *         2^53); with vertex labels, arc ends are labels (as SCOTCH reads
 *         them).
 * Ids 0..N-1 with the root 0 are kept as they are; any other ids are
 * relabelled in order of first appearance, the root first. The children
 * of a node keep the order of their lines. Validation: one root, every
 * parent defined, no cycle, no id twice, at most max_nodes nodes; every
 * error names the file and line, and the node as the file names it. Text
 * goes through dn_input (a byte order mark skipped, CRLF read as LF, NUL
 * refused).
 * Schedule (the runtime's, for any tree): a node that receives in phase p
 * sends to its i-th child (from 0) in phase p + i + 1, each send after the
 * previous one. On a binomial tree this is seed 000's schedule exactly. */
typedef enum dn_tree_format {
    DN_TREE_FMT_CSV = 0,
    DN_TREE_FMT_DOT,
    DN_TREE_FMT_GRF
} dn_tree_format;
/* The name of each value, "csv", "dot", "grf" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_tree_format_name(dn_tree_format v);
DN_API int dn_tree_format_parse(const char *s, dn_tree_format *out);
/* Parses a tree file held in memory (buf need not be NUL-terminated; name
 * is used in messages); dn_tree_init reads file:PATH through it. *t is a
 * caller-owned file tree (dn_tree_free), zeroed on failure. */
DN_API int dn_tree_parse(const char *buf, size_t len, dn_tree_format fmt, int64_t max_nodes,
                  const char *name, dn_tree *t, dn_err *err);
/* A tree from arrays (a program's or a binding's own tree): parent[v] is
 * v's parent, -1 for the one root; work, bytes_down and bytes_up are
 * per-node weights or NULL (copied; finite, non-negative). The same rules
 * as a tree file: exactly one root, no cycle; ids are kept when node 0 is
 * the root, else renumbered with the root 0 and the others in order; the
 * children of a node in the order of their ids (the schedule: child i of
 * a node receiving in phase p receives in p + i + 1). Errors name the
 * index as "parents:V". *t is a caller-owned tree (dn_tree_free), zeroed
 * on failure. Time O(n log n), space about 100 bytes a node while built. */
DN_API int dn_tree_from_parents(dn_tree *t, int64_t n, const int64_t *parent, const double *work,
                         const double *bytes_down, const double *bytes_up, dn_err *err);
/* Writes any tree (implicit, sampled or read) in a format, with its
 * weights when it has them, each in the shortest form that reads back
 * exactly (DOT values quoted): every format reads back as written. What a
 * format cannot hold is DN_EINVAL before a byte is written, never rounded:
 * GRF holds integer loads up to 2^53 and no bytes_up; DOT and GRF carry
 * bytes on edges, so the root's must be 0. Refuses more than 2^31 nodes
 * (DN_ELIMIT). DN_EIO on a write error. Time O(nodes). */
DN_API int dn_tree_write(const dn_tree *t, dn_tree_format fmt, FILE *f, dn_err *err);

/* The number of nodes on every level of a built tree: counts[l] for
 * l = 0 .. height (height + 1 doubles, malloc'd; the caller frees them).
 * DN_ERANGE for an implicit tree above 2^26 levels; DN_ENOMEM. */
DN_API int dn_tree_level_counts(const dn_tree *t, double **counts, dn_err *err);

/* n when t is the binomial tree B(n) node by node (the same ids, parents
 * and order of children; a built-in binomial tree, or a file holding one),
 * else -1: so the seeds' mappings of B(n) apply to a file tree that is
 * B(n). O(nodes); O(1) for the built-in trees. */
DN_API int dn_tree_binomial_order(const dn_tree *t);
/* n when t is B(n) up to a renaming of its tasks that keeps every parent,
 * the order of every task's children and so every receive phase: what
 * dn_tree_binomial_order accepts, and the MPI trees of P = 2^n ranks
 * (both libraries send to the child with the largest subtree first, as
 * seed 000 does); else -1. Cost as dn_tree_binomial_order. */
DN_API int dn_tree_binomial_iso(const dn_tree *t);
/* The B(n) id of task v under that renaming (v itself when the ids are
 * B(n)'s): the child-index path from the root, i_1 .. i_k, folded as
 * y = (y << (i + 1)) | 2^i. Only for a t with dn_tree_binomial_iso(t) >= 0.
 * O(log v). */
DN_API int64_t dn_tree_binomial_id(const dn_tree *t, int64_t v);
/* The MPI rank of task v: (v + root_rank) mod ranks for the MPI trees, v
 * for every other tree. O(1). */
DN_API int64_t dn_tree_rank(const dn_tree *t, int64_t v);

/* ---------------------------------------------- MPI broadcast algorithms
 * ompi-bcast:P[:ROOT][@ALG] is the tree the broadcast of Open MPI 4.1
 * (4.1.0 .. 4.1.8 share these rules; checked against 4.1.4) runs: without
 * @ALG the tuned component's fixed decision rule for P ranks and mpi_bytes
 * bytes (ompi_coll_tuned_bcast_intra_dec_fixed), else the one named. The
 * numbers are Open MPI's coll_tuned_bcast_algorithm values. Every one of
 * them sends the whole buffer in one message an edge in 4.1: the fixed
 * rule passes segment size 0 (no segmentation), and a forced algorithm
 * takes coll_tuned_bcast_algorithm_segmentsize, 0 unless set. Trees in
 * virtual ranks v = (r - ROOT) mod P, children in the library's send
 * order (docs/trees.md):
 *   linear    the root sends to every rank, in rank order;
 *   chain:F   F chains below the root, the first (P - 1) mod F one longer
 *             (fan-out 0 is built as 1; F >= P - 1 is P - 1 chains of one);
 *   pipeline  chain:1, the path 0 -> 1 -> ... -> P - 1;
 *   bintree   levels of 2^l: v on level l has children v + 2^l, v + 2^(l+1);
 *   binomial  the implicit ompi-bcast tree above;
 *   knomial:K v's children v + m r (r = 1 .. K - 1) for each power m of K
 *             below v's lowest nonzero base-K digit's place, largest m first.
 * split_bintree and the two scatter + allgather algorithms are no trees
 * (halves, or pieces, of the buffer cross between subtrees): refused by
 * name. mpich-bcast:P[:ROOT] without @ALG is MPICH 4.0's default for P
 * ranks, m->mpi_ppn ranks a node and mpi_bytes bytes
 * (dn_mpich40_bcast_rule: @smp:K with K = ppn, @smp_beta:K or @binomial)
 * when mpi_ppn is given, else MPICH's binomial, the one it runs with
 * MPIR_CVAR_DEVICE_COLLECTIVES=none MPIR_CVAR_BCAST_INTRA_ALGORITHM=binomial
 * (the choice's why then says what MPICH would run). */
/* The largest ranks per node mpi_ppn and @smp:K take */
#define DN_MPI_PPN_MAX 1024
enum {
    DN_MPI_DEFAULT = 0, /* the library's choice for P and bytes */
    DN_MPI_LINEAR = 1,
    DN_MPI_CHAIN = 2,
    DN_MPI_PIPELINE = 3,
    DN_MPI_SPLIT_BINTREE = 4,
    DN_MPI_BINTREE = 5,
    DN_MPI_BINOMIAL = 6,
    DN_MPI_KNOMIAL = 7,
    DN_MPI_SCATTER_ALLGATHER = 8,
    DN_MPI_SCATTER_ALLGATHER_RING = 9,
    DN_MPI_SMP = 10,     /* MPICH's node-aware composition alpha (@smp:K, K ranks a node) */
    DN_MPI_SMP_BETA = 11 /* MPICH's composition beta, the root's node first (@smp_beta:K) */
};

/* What an MPI tree model runs, and why. */
typedef struct dn_mpi_choice {
    int alg, k;         /* the algorithm that runs (k: radix or fan-out, else 0) */
    int def_alg, def_k; /* the library's default for P and bytes (0 when no bytes) */
    int is_default;     /* alg, k is what the library runs unless told */
    char name[32];      /* "knomial:4", "binomial", ... */
    char library[32];   /* "Open MPI 4.1" */
    char why[256];      /* "default for P = 64 at 1 MiB", "forced (@binomial); ..." */
    char force[300];    /* what makes the library run it, "" when it is the default:
                         * Open MPI's MCA parameters, MPICH's environment, as
                         * space-separated NAME=VALUE pairs */
} dn_mpi_choice;

/* The algorithm of an MPI tree model (ompi-bcast, mpich-bcast) and why.
 * DN_EINVAL, with a message naming the algorithm and how to force another,
 * when the library's choice for P and m->mpi_bytes is no tree (scatter +
 * allgather) or needs the size and m->mpi_bytes is 0. O(1). */
DN_API int dn_tree_mpi_choose(const dn_tree_model *m, dn_mpi_choice *c, dn_err *err);
/* Open MPI 4.1's fixed decision rule for MPI_Bcast on P ranks of `bytes`
 * bytes: a DN_MPI_* number (ompi_coll_tuned_bcast_intra_dec_fixed); -1
 * for P < 1 or bytes negative or NaN. O(1). */
DN_API int dn_ompi41_bcast_rule(int64_t P, double bytes);
/* MPICH 4.0's default selection for MPI_Bcast (ch4 device, its JSON tuning
 * files maint/tuning/coll/{ch4,mpir}/generic.json) on P ranks placed ppn
 * to a node in blocks, of `bytes` bytes: DN_MPI_SMP (composition alpha),
 * DN_MPI_SMP_BETA (beta, binomials inside), DN_MPI_BINOMIAL, or the
 * scatter + allgather that runs (DN_MPI_SCATTER_ALLGATHER: recursive
 * doubling, _RING: ring); -1 for P < 1, ppn < 1, bytes negative or NaN.
 * O(1). */
DN_API int dn_mpich40_bcast_rule(int64_t P, double bytes, int64_t ppn);

/* The number of v in [0, ranks) with popcount(v) = level: the tasks on
 * level `level` of an MPI tree (ompi-bcast, mpich-bcast) of `ranks` ranks
 * (0 .. 2^62; -1 outside: "no ranks" is 0 ranks, not -1). O(log^2 ranks). */
DN_API int64_t dn_mpi_level_size(int64_t ranks, int level);

/* Binomial helpers. The seed's label of node y of B(n): the (n+1)-bit
 * binary string of 2y + 1 (cap >= n + 2, else DN_ERANGE). DN_EINVAL for
 * buf NULL or n outside 0..62, DN_ERANGE for y outside [0, 2^n). */
DN_API int dn_binomial_label(int n, int64_t y, char *buf, size_t cap);
/* bit length of y (0 for y = 0) */
DN_API int dn_bitlen(uint64_t y);

#ifdef __cplusplus
}
#endif
#endif

/*
 * embed_impl.h - shared internals of src/embed: the embedding object
 * behind the opaque dn_embed of dcnet/embed.h, the mapping descriptor
 * (dn_map_type) and the builders each file provides. Only src/embed and
 * the search above it (src/search: refinement works on the placement
 * itself) read these fields; callers use the accessors in dcnet/embed.h.
 */
#ifndef DN_EMBED_IMPL_H
#define DN_EMBED_IMPL_H

#include "dcnet/embed.h"

typedef struct dn_map_type dn_map_type;

struct dn_embed {
    const dn_map_type *type; /* the mapping's descriptor */
    const dn_net *net;   /* borrowed */
    const dn_tree *tree; /* borrowed */
    dn_csr g;            /* owned: the materialised network */
    char map[16];
    dn_routes routes;
    dn_weights weights;
    int64_t root_proc;   /* processor of task 0 */
    /* map-node: explicit (place != NULL) or closed form (kind and params) */
    int32_t *place;
    int kind;            /* internal mapping kind */
    int k;               /* size parameter of closed forms (n for zrl, k for meshes) */
    int64_t xor_root;    /* XOR relabelling of hypercube labels */
    int dims[64];        /* hypercube dimension used at step t (dims[t-1]) */
    int automorph;       /* zrl: bit 0 complement, bit 1 reversal */
    int zrl_on;          /* zrl: 0 BDG(n), 1 DDB(n), 2 its lift to K(2, n+1) (place set) */
    int32_t *table;      /* growing: coordinate of each per-axis label (2^k) */
    uint64_t xor_top;    /* xor: the top label bit of every torus side of 4 or more */
    /* mesh mappings on a 2-D face (face_dim[0] < 0: on the whole grid, where
     * a label is its node id): the face's local id row * 2^face_bits + col
     * is node face_base + row * face_stride[0] + col * face_stride[1] */
    int face_dim[2], face_bits;
    int64_t face_base, face_stride[2];
    double *given;       /* owned copy of the given weights, or NULL */
    dn_router *router;   /* owned: routes taken from the network (NULL for
                          * the mapping's own map-edge, zrl) */
    /* approach b of the growing mapping: the whole problem first travels
     * from the requested start to the fixed root (a phase-0 message of
     * volume 1); pre_hops < 0 when there is none. */
    int64_t pre_src, pre_hops;
    int64_t *pre_path;   /* owned, pre_hops + 1 entries */
    int64_t *buf;        /* owned route scratch */
    int64_t buf_cap;
    int scotch_target;   /* scotch: the target used (NATIVE, DECO0 or DECO2), else 0 */
    int64_t scotch_part; /* scotch: processors of the part it mapped onto, else 0 */
    /* exact: the search's bound, optimum (proven when refuted = best - 1),
     * the largest refuted d, search nodes and root positions tried */
    int exact_lb, exact_best, exact_refuted;
    int64_t exact_nodes, exact_roots;
    int64_t exact_limit; /* exact: its node limit per decision, time budget and */
    double exact_seconds; /* what stopped it (dn_exact_stop) */
    int exact_stopped;
    int64_t mem_limit;   /* bytes the embedding's per-task arrays may take */
    /* a B(n) mapping (zrl, dccube, reflecting, growing, binomial) of a tree
     * that is B(n) renamed (MPI's trees of 2^n ranks): task v is placed and
     * routed as B(n)'s task dn_tree_binomial_id(tree, v) */
    int iso;
    /* allocation and slots (dn_embed_opts.alloc, slots, slots_per):
     * cap[p] tasks on processor p (0 outside the allocation), for all P
     * processors; NULL when neither was given, and then every processor
     * holds cap_uniform = ceil(T / P). alloc_list: the allocated
     * processors ascending (alloc_n of them; NULL: all P). */
    int32_t *cap;
    int64_t cap_uniform;
    int64_t *alloc_list;
    int64_t alloc_n;
    int64_t room;        /* sum of cap[] (0 when cap is NULL) */
    double intra_cost;   /* hops a message between co-located tasks costs
                          * (dn_embed_opts.intra_cost) */
    /* refinement (src/search/refine.c): set when opts.refine_moves > 0 */
    int refined;
    dn_refine_stats refine;
};

enum {
    MAP_ZRL = 1,
    MAP_DCCUBE,
    MAP_REFLECTING,
    MAP_GROWING,
    MAP_BINOMIAL,
    MAP_SNEPTREE,
    MAP_IDENTITY,
    MAP_RANDOM,
    MAP_GREEDY,
    MAP_SCOTCH,
    MAP_GIVEN,
    MAP_CBT,
    MAP_XOR,
    MAP_EXACT,
    MAP_DRB,
    MAP_REFLECTING_ND,
    MAP_GROWING_ND,
    MAP_HIER
};

/* A mapping is one const descriptor, as a network family is one
 * dn_net_type (src/net/net_impl.h): the registry (registry.c) lists them
 * in the order help shows, and each family's mappings live in a file of
 * their own, with their descriptors at its end:
 *   map_debruijn.c  zrl, cbt          map_cube.c     binomial
 *   map_mesh.c      dccube, xor, reflecting, growing, reflecting-nd, growing-nd
 *   map_sneptree.c  sneptree          map_exact.c    exact
 *   map_general.c   identity, random, greedy, given
 *   map_scotch.c    scotch            map_drb.c      drb
 * The object (embed.c) asks the descriptor, never the mapping's name:
 * init builds the placement, place gives a closed form's map-node, route
 * a mapping's own map-edge, flags what else it takes. Adding a mapping
 * means adding one descriptor and its line in the registry. */
enum {
    DN_MAP_FACE = 1,  /* takes opts.face (a 2-D face of a grid) */
    DN_MAP_BN = 2,    /* a B(n) mapping: places B(n) renamed (MPI's trees of
                       * 2^n ranks) through the renaming (dn_embed.iso) */
    DN_MAP_XY = 4,    /* routed by dimension order unless routes are asked */
    DN_MAP_STEPS = 8  /* step t flips hypercube dimension dims[t - 1]
                       * (dn_embed_step_dim) */
};
struct dn_map_type {
    const char *name;    /* opts.map */
    int kind;            /* MAP_*: for the files that build several mappings */
    const char *summary; /* one line for help (dn_embed_map_summary) */
    /* What it applies to, in words: its networks and trees (init refuses
     * the rest, naming what it needs), and one network and tree it
     * applies to, "NET TREE" (tests/test_maps.c builds every mapping on
     * its example). */
    const char *nets, *trees, *example;
    /* Builds the placement into a set-up embedding (net, tree, options,
     * allocation and slots filled; e->place NULL): a closed form's
     * parameters or e->place (dn_embed_alloc_place). DN_EINVAL with the
     * reason when the mapping does not apply. */
    int (*init)(dn_embed *e, const dn_embed_opts *o, dn_err *err);
    /* The processor of task v when the placement is a closed form
     * (e->place NULL); NULL: the mapping always stores e->place. */
    int64_t (*place)(const dn_embed *e, int64_t v);
    /* The mapping's own map-edge (routes DN_ROUTES_MAPPING): the route of
     * task v's incoming edge into e->buf, returning its hops; NULL: the
     * network's router. */
    int64_t (*route)(dn_embed *e, int64_t v);
    unsigned flags;      /* DN_MAP_* */
};

/* The mappings (one descriptor each, in the files above). */
extern const dn_map_type dn_map_zrl, dn_map_cbt, dn_map_binomial;
extern const dn_map_type dn_map_dccube, dn_map_xor, dn_map_reflecting, dn_map_growing;
extern const dn_map_type dn_map_reflecting_nd, dn_map_growing_nd;
extern const dn_map_type dn_map_sneptree, dn_map_exact;
extern const dn_map_type dn_map_identity, dn_map_random, dn_map_greedy, dn_map_given;
extern const dn_map_type dn_map_scotch, dn_map_drb, dn_map_hier;

/* registry.c: the i-th mapping (NULL past the end), the one named name
 * (NULL: none), and the names, ", "-separated, for messages. O(mappings). */
const dn_map_type *dn_map_type_at(int i);
const dn_map_type *dn_map_find(const char *name);
const char *dn_map_names(char *buf, size_t cap);

/* dn_embed_init in two halves, around the refinement that the search
 * (src/search/init.c) runs between them. build fills a zeroed embedding
 * with the mapping's own placement, its router, and the check that the
 * placement keeps to the allocation and slots; finish checks them again
 * (refinement keeps to them), then sets the root, the route buffer and
 * approach b's preliminary route. On failure the caller frees e. */
int dn_embed_build(dn_embed *e, const dn_net *net, const dn_tree *tree,
                   const dn_embed_opts *o, dn_err *err);
int dn_embed_finish(dn_embed *e, dn_err *err);

/* The low `bits` bits of v in reverse order (zrl's automorphism, exact's
 * symmetries of BDG(k)). O(bits). */
static inline uint64_t dn_bit_reverse(uint64_t v, int bits)
{
    uint64_t r = 0;
    for (int i = 0; i < bits; i++, v >>= 1)
        r = (r << 1) | (v & 1);
    return r;
}

/* map_mesh.c: dccube, xor, reflecting, growing (closed forms over hypercube
 * labels). */
int dn_embed_mesh_init(dn_embed *e, const dn_embed_opts *o, dn_err *err);
/* reflecting-nd, growing-nd (map_mesh.c): the 2-D mappings on the smallest
 * sub-box of a grid of any dimension; an explicit placement. */
int dn_embed_box_init(dn_embed *e, const dn_embed_opts *o, dn_err *err);
int64_t dn_embed_mesh_place(const dn_embed *e, uint64_t label);
/* map_scotch.c */
int dn_embed_scotch(dn_embed *e, const dn_embed_opts *o, dn_err *err);
/* map_drb.c: dual recursive bipartitioning (issue 31, item 4) */
int dn_embed_drb(dn_embed *e, const dn_embed_opts *o, dn_err *err);
/* map_hier.c: top-down split through the network's hierarchy, exact tree
 * bisections (issue 39, item 1) */
int dn_embed_hier(dn_embed *e, const dn_embed_opts *o, dn_err *err);

/* Requires the tree to be binomial:`n`; names the mapping in the error. */
int dn_embed_need_binomial(const dn_embed *e, int n, dn_err *err);
/* Tasks processor p may hold (0 outside the allocation). O(1). */
static inline int64_t dn_embed_cap(const dn_embed *e, int64_t p)
{
    return e->cap ? e->cap[p] : e->cap_uniform;
}
/* The i-th allocated processor (i < e->alloc_n). O(1). */
static inline int64_t dn_embed_alloc_at(const dn_embed *e, int64_t i)
{
    return e->alloc_list ? e->alloc_list[i] : i;
}
/* An explicit placement (e->place) made to fit the allocation and slots:
 * the tasks over a processor's slots (the higher ids) move to the nearest
 * processor with room (network BFS). For general mappings whose tool
 * balances loads only roughly (SCOTCH). O(T + moved x (N + M)). */
int dn_embed_fit_slots(dn_embed *e, dn_err *err);
/* src/search/refine.c: opts.refine_moves moves of local search on opts.objective
 * (see its first comment), on e->place made explicit; needs e->router.
 * check: after every move compare the incremental figures with a full
 * recomputation (dn_refine_check; the tests' hook), O(T + hops) each.
 * Time O(moves x (incident edges x route)) + O(T + hops). */
int dn_embed_refine(dn_embed *e, const dn_embed_opts *o, int check, dn_err *err);
/* DN_EINVAL (with both figures in the message) unless *inc equals the
 * figures recomputed from scratch for the current placement. */
int dn_refine_check(dn_embed *e, const dn_refine_fig *inc, dn_err *err);
/* The objective's lexicographic order: < 0, 0, > 0 (hop-bytes equal within
 * a relative 1e-9); intra: the hops a co-located edge costs. */
int dn_refine_cmp(dn_objective o, double intra, const dn_refine_fig *a, const dn_refine_fig *b);
/* Allocates e->place for every task (DN_ERANGE if the tree is too big). */
int dn_embed_alloc_place(dn_embed *e, dn_err *err);

#endif

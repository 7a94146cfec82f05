/*
 * dcnet/net.h - interconnection networks: specs, implicit neighbour
 * functions, labels, CSR materialisation, graph files, BFS and graph facts.
 *
 * A network is a caller-owned dn_net filled by dn_net_init() from a spec
 * string such as "debruijn:10" or "mesh:8x8" (see dn_net_types() and
 * docs/networks.md) and released by dn_net_free(). Regular networks are
 * implicit: dn_net_neighbors() computes the neighbours of a node by index
 * arithmetic (de Bruijn shifts, hypercube XOR, butterfly bit flips), so a
 * network with 2^40 nodes costs a few bytes. Networks with no closed-form
 * neighbours (Sneptrees, files) keep a CSR graph inside the dn_net.
 *
 * Node ids are int64_t in [0, n). Materialised graphs (dn_csr) store int64
 * offsets and int32 neighbours, so they need n < 2^31.
 *
 * Papers: seed 000 section 3 (BDG(k), DG(r,k)), seed 003 definition 1
 * (DDB(k)), seed 002 (butterflies), seed 004 and docs/spec/sneptrees.md
 * (Sneptrees S_n, T_n and random joinings).
 */
#ifndef DCNET_NET_H
#define DCNET_NET_H

#include "dcnet/base.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Compressed sparse rows: the out-neighbours of v are adj[off[v] .. off[v+1]).
 * For undirected graphs every edge is stored in both directions.
 * Owned by whoever filled it; release with dn_csr_free (no-op when zeroed). */
typedef struct dn_csr {
    int64_t n;       /* nodes */
    int64_t m;       /* arcs: sum of out-degrees */
    int directed;    /* 1 if arcs are one-way */
    int64_t *off;    /* n + 1 offsets */
    int32_t *adj;    /* m neighbour ids */
    /* per-arc link costs, or NULL (no costs: the seeds' t_s, t_e model):
     * bandwidth in bytes per second (a message of m bytes holds the link
     * m / bw) and latency in seconds (issue 29: the simulator then works
     * in seconds and bytes); from a graph file's cost columns or a spec's
     * @bw=,lat= */
    double *bw, *lat;
    int64_t procs;   /* a graph file's processors=P (nodes 0 .. P-1; the rest are
                      * switches), or 0: every node */
} dn_csr;

DN_API void dn_csr_free(dn_csr *g);
/* Bytes a CSR with n nodes and m arcs needs, or -1 on overflow or a
 * negative count. */
DN_API int64_t dn_csr_bytes(int64_t n, int64_t m);
/* Builds a CSR from an arc list (src[i] -> dst[i], i < count). Undirected:
 * each pair is stored both ways, self-loops dropped. Duplicate arcs are
 * dropped in both cases; neighbour lists come out sorted.
 * Time O(n + count log(max degree)), space O(n + count). */
DN_API int dn_csr_from_arcs(dn_csr *g, int64_t n, int directed, const int32_t *src,
                     const int32_t *dst, int64_t count, dn_err *err);

/* Index of the arc u -> v in g->adj (a channel id), or -1 if there is
 * none. Neighbour lists are sorted: O(log deg). */
DN_API int64_t dn_csr_arc(const dn_csr *g, int64_t u, int64_t v);
/* Two-colours the component of s by BFS along the arcs: side[v] becomes 0
 * or 1 for its nodes (side holds n entries, -1 for "not yet"; the caller
 * sets them). *bipartite becomes 1 if every arc of the component joins the
 * two colours (a walk on it alternates sides: periodic), 0 if not.
 * Returns DN_OK, or DN_ENOMEM (side and *bipartite then undefined).
 * O(component + its arcs). */
DN_API int dn_csr_two_colour(const dn_csr *g, int64_t s, int8_t *side, int *bipartite,
                             dn_err *err);

typedef struct dn_net_type dn_net_type;

/* Largest node count any network spec may describe (closed-form facts work
 * up to here; materialising needs n < 2^31 and fits the memory limit). */
#define DN_NET_MAX_NODES ((int64_t)1 << 50)
/* Default memory limit for materialising a network (bytes). */
#define DN_NET_DEFAULT_MEM_LIMIT ((int64_t)8 << 30)

typedef struct dn_net {
    const dn_net_type *type; /* static descriptor; NULL when zeroed */
    char spec[256];          /* the spec as given */
    int64_t n;               /* nodes */
    int64_t edges;           /* undirected edges, or arcs if directed */
    int directed;            /* 1 for ddb, sneptrees, directed files */
    int max_out;             /* upper bound on the out-degree of any node */
    int64_t p[12];           /* parameters; meaning depends on the type */
    dn_csr g;                /* stored graph (sneptrees, files); else zeroed */
    int64_t mem_limit;       /* bytes a stored graph may take while built (files) */
    int64_t procs;           /* processors: nodes 0 .. procs-1; the others are switches
                              * (a graph file's processors=P); n for direct networks */
    /* link costs given with the spec (SPEC@bw=..,CLASS.lat=..; src/net/links.c):
     * index 0 every link, i >= 1 the family's class i; link_set bit i marks
     * link_bw[i] given, bit 16 + i link_lat[i]. dn_net_materialize expands
     * them into the CSR's bw and lat arrays. */
    double link_bw[9], link_lat[9];
    unsigned link_set;
} dn_net;

/* Parses `spec` and fills *net. On failure *net is left zeroed (nothing to
 * free) and err says what was wrong and which specs are accepted.
 * Refuses sizes beyond DN_NET_MAX_NODES with DN_ERANGE before allocating.
 * Time O(1) for implicit networks; O(n) for Sneptrees; O(file) for files. */
DN_API int dn_net_init(dn_net *net, const char *spec, dn_err *err);
/* The same under a memory limit in bytes (0: DN_NET_DEFAULT_MEM_LIMIT):
 * a graph file is refused, before the allocation that would pass it, when
 * its buffer, arcs or CSR would need more (a header's nodes=N counts). */
DN_API int dn_net_init_limit(dn_net *net, const char *spec, int64_t mem_limit, dn_err *err);
DN_API void dn_net_free(dn_net *net);
/* A network from a graph held in memory (a program's or a binding's own):
 * g's nodes, arcs (each arc once; an undirected graph lists every edge in
 * both directions, with the same costs, and has no loop), processors
 * (g->procs: nodes 0 .. procs-1, the rest switches; 0: every node) and
 * link costs (g->bw in bytes per second and g->lat in seconds per arc,
 * both or neither: the simulator then works in seconds and bytes) are copied and
 * checked; nothing is merged or dropped. `name` (NULL: "csr") stands in
 * messages and output where a spec would; labels are the ids, and routes
 * are shortest paths, as for a graph file. On failure *net is zeroed.
 * Time O(m log(max degree)), space about the graph's. */
DN_API int dn_net_from_csr(dn_net *net, const dn_csr *g, const char *name, dn_err *err);

/* 1 if the network carries link costs (a spec's @bw=..,lat=.., a graph
 * file's costs=1), in which case every link has a bandwidth (bytes per
 * second) and a latency (seconds). O(1). */
DN_API int dn_net_has_link_costs(const dn_net *net);

/* The processors of a network: nodes 0 .. dn_net_processors(net) - 1;
 * any other node is a switch, which routes but runs no task. */
DN_API int64_t dn_net_processors(const dn_net *net);

/* dragonfly:A:P:H: router r of group g, and the global link of group g
 * towards group t: its router in g and the router it lands on in t. */
DN_API int64_t dn_dragonfly_router(const dn_net *net, int64_t g, int64_t r);
DN_API void dn_dragonfly_link(const dn_net *net, int64_t g, int64_t t, int64_t *from, int64_t *to);

/* fattree:K:N: the node id of the level-l switch w (l = 1 .. N). */
DN_API int64_t dn_fattree_switch(const dn_net *net, int level, int64_t w);

/* Kautz graphs (kautz:D:K): node v's symbols s[0 .. K), and back. */
DN_API void dn_kautz_symbols(const dn_net *net, int64_t v, int *s);
DN_API int64_t dn_kautz_id(const dn_net *net, const int *s);

/* Writes the out-neighbours of v (all neighbours if undirected) to out,
 * which must hold net->max_out entries; returns how many. For Sneptrees the
 * order is (left successor, right successor). v must be in [0, n).
 * Time O(out-degree). */
DN_API int dn_net_neighbors(const dn_net *net, int64_t v, int64_t *out);

/* The network's own label of node v: a binary string for de Bruijn and
 * hypercubes, "row,col" for meshes and tori, "level,col" for butterflies
 * and Sneptrees, the decimal id otherwise. Returns DN_ERANGE if buf is
 * too small (cap >= 80 always suffices) or v is not a node (v < 0 or
 * v >= n), DN_EINVAL for net or buf NULL or cap 0. */
DN_API int dn_net_label(const dn_net *net, int64_t v, char *buf, size_t cap);

/* Parses a node name into *v: "id:N" (the decimal id N), "label:S" (the
 * network's own label S, as dn_net_label prints it), or a plain S, which
 * is a label when it has the family's label shape (exactly K binary digits
 * for de Bruijn and hypercubes, one decimal part per side for meshes,
 * "level,col" for butterflies and Sneptrees, ...) and a decimal id
 * otherwise (docs/networks.md, "Naming nodes"). Fails with DN_EINVAL (not
 * a node name of this network) or DN_ERANGE (a label that names no node),
 * the message saying which forms are accepted. Time O(length of s). */
DN_API int dn_net_parse_node(const dn_net *net, const char *s, int64_t *v, dn_err *err);

/* The family name: the spec prefix before the first ':' ("debruijn", "dg",
 * "ddb", "mesh", "torus", "ring", "hypercube", "butterfly", "wbutterfly",
 * "sneptree-s", "sneptree-t", "sneptree", "cbt", "complete", "file"), or ""
 * for a zeroed net. Parameters are in net->p[] as each family documents:
 * debruijn/dg/ddb p[0] = k, p[1] = radix; mesh/torus/ring p[0] = rows,
 * p[1] = columns, p[2] = wrap; meshes and tori of 3 to 8 dimensions
 * (families "meshnd", "torusnd") p[0] = d, p[1] = wrap, p[2 .. d+1] = the
 * sides; hypercube p[0] = dimension. The name is for people (output,
 * messages); code that needs to know what a network offers asks the hooks
 * below ("what a family offers") instead of comparing names. */
DN_API const char *dn_net_family(const dn_net *net);

/* ------------------------------------------------ what a family offers
 * The layers above net (routes, mappings, loads, the simulator) ask a
 * network what it offers through these hooks, never by its family's name
 * (issue 30, item 4): a new family gets a router, the grid mappings or the
 * symmetry shortcuts by filling its descriptor's hooks (src/net/net_impl.h).
 * Each is O(1) unless stated. */

/* The family's own deterministic shortest routing (src/route implements
 * each); none: shortest paths by BFS on the materialised graph. */
typedef enum dn_net_routing {
    DN_NET_ROUTING_NONE = 0,
    DN_NET_ROUTING_BDG,     /* BDG(k) (debruijn:K, dg:2:K): seed 000's shift window */
    DN_NET_ROUTING_DDB,     /* DDB(k): the longest overlap; also length-k routes */
    DN_NET_ROUTING_KAUTZ,   /* K(D, K): shift by the longest overlap */
    DN_NET_ROUTING_ECUBE,   /* hypercube:D: e-cube, lowest dimension first */
    DN_NET_ROUTING_GRID,    /* meshes, tori, rings: dimension order (XY) */
    DN_NET_ROUTING_UPDOWN,  /* fattree:K:N: up to the common level, down by digits */
    DN_NET_ROUTING_MINIMAL  /* dragonfly: local-global-local */
} dn_net_routing;
/* The name of each value, "none", "bdg", "ddb", "kautz", "ecube", "grid",
 * "updown", "minimal" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_net_routing_name(dn_net_routing v);
DN_API int dn_net_routing_parse(const char *s, dn_net_routing *out);
/* The routing, and in *max_nodes (if not NULL) the most nodes one of its
 * routes visits, ends included (0 for none). */
DN_API dn_net_routing dn_net_routing_of(const dn_net *net, int64_t *max_nodes);

/* A grid: meshes and tori of 2 to 8 sides, and rings (a 1 x N torus).
 * side[0] is the most significant in node ids (the last side fastest). */
#define DN_NET_GRID_MAX_DIMS 8
typedef struct dn_net_grid {
    int dims;  /* 2 .. DN_NET_GRID_MAX_DIMS */
    int wrap;  /* 1 for tori and rings */
    int64_t side[DN_NET_GRID_MAX_DIMS];
} dn_net_grid;
/* If net is a grid, fills *grid and returns its number of sides; else
 * returns 0 and zeroes *grid (grid may be NULL: the count alone). */
DN_API int dn_net_grid_of(const dn_net *net, dn_net_grid *grid);

/* Hierarchical networks (fat trees, dragonflies): the processors split
 * into nested parts, each a block of consecutive ids. A part of level 0 is
 * one processor; a part of level i holds fan[i] parts of level i - 1
 * (i = 1 .. levels), size[i] processors; level `levels` is the machine.
 * Two processors whose smallest common part is of level i are at least
 * dist_min[i] and at most dist_max[i] hops apart (shortest paths through
 * the switches; dist_*[0] = 0). fattree:K:N: N levels of fan K, 2i hops
 * (a level-i switch subtree); dragonfly:A:P:H: routers (fan P, 2 hops),
 * groups (fan A, 3 hops), the machine (fan G, 3 to 5 hops). */
#define DN_NET_HIER_MAX_LEVELS 16
typedef struct dn_net_hierarchy {
    int levels;
    int64_t fan[DN_NET_HIER_MAX_LEVELS + 1];  /* fan[0] = 1 */
    int64_t size[DN_NET_HIER_MAX_LEVELS + 1]; /* size[0] = 1 */
    int dist_min[DN_NET_HIER_MAX_LEVELS + 1], dist_max[DN_NET_HIER_MAX_LEVELS + 1];
} dn_net_hierarchy;
/* If net is hierarchical, fills *h and returns its levels (>= 1); else
 * returns 0 and zeroes *h (h may be NULL). O(levels). */
DN_API int dn_net_hierarchy_of(const dn_net *net, dn_net_hierarchy *h);

/* How a family's nodes are laid out on a page (for drawings): in rows
 * (node v in row v / cols, column v % cols: 2-D meshes and tori, and
 * butterflies by level), as a heap (node v on level floor(log2(v + 1)):
 * complete binary trees and Sneptrees), or not known. */
typedef enum dn_net_layout_kind {
    DN_NET_LAYOUT_NONE = 0,
    DN_NET_LAYOUT_ROWS,
    DN_NET_LAYOUT_HEAP
} dn_net_layout_kind;
/* The name of each value, "none", "rows", "heap" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_net_layout_kind_name(dn_net_layout_kind v);
DN_API int dn_net_layout_kind_parse(const char *s, dn_net_layout_kind *out);
/* The layout; for ROWS also *rows and *cols (if not NULL). */
DN_API dn_net_layout_kind dn_net_layout_of(const dn_net *net, int64_t *rows, int64_t *cols);

/* Word networks, whose nodes are strings of `length` letters with each
 * node `degree` successors (de Bruijn DG(d, k), DDB(k), Kautz K(d, k)):
 * returns 1 and fills both (either may be NULL), or 0 for other families. */
DN_API int dn_net_word(const dn_net *net, int *degree, int *length);

/* Symmetry classes by translation: an automorphism phi_s of the network for
 * each node s with phi_s(rep(s)) = s, where rep(s) = dn_net_orbit_rep(net, s)
 * and phi_s(j) = dn_net_orbit_map(net, s, j). Anything computed from rep(s)
 * holds for s once its nodes are moved by phi_s. Families that know none
 * give rep(s) = s and phi_s the identity. Hypercubes (xor), tori and rings
 * (shift), butterflies (column xor) and complete graphs (swap 0 and s). */
DN_API int64_t dn_net_orbit_rep(const dn_net *net, int64_t s);
DN_API int64_t dn_net_orbit_map(const dn_net *net, int64_t s, int64_t j);

/* Short description, e.g. "undirected binary de Bruijn BDG(4)". */
DN_API const char *dn_net_describe(const dn_net *net, char *buf, size_t cap);

/* Materialises the network as a CSR (a copy for stored networks).
 * Refuses with DN_ERANGE, before allocating, when n >= 2^31 or the CSR would
 * exceed mem_limit bytes (0 means DN_NET_DEFAULT_MEM_LIMIT).
 * Time O(n + edges), space (n + 1) * 8 + arcs * 4 bytes. */
DN_API int dn_net_materialize(const dn_net *net, dn_csr *out, int64_t mem_limit, dn_err *err);

/* Sneptrees (docs/spec/sneptrees.md). side 0 = left successor (H2 edges for S_n
 * and T_n), side 1 = right successor (H1 edges). */
DN_API int dn_net_is_sneptree(const dn_net *net);
DN_API int64_t dn_sneptree_succ(const dn_net *net, int64_t cell, int side);
/* Follows side-successors from the root (cell 0) and writes the circuit to
 * cells[0 .. n-1] (cells[0] = root). Returns DN_OK if it is a Hamiltonian
 * circuit, DN_ENOTFOUND if not (random joinings usually have none). */
DN_API int dn_sneptree_circuit(const dn_net *net, int side, int64_t *cells, dn_err *err);
/* Height (level) of a Sneptree cell: floor(log2(cell + 1)); -1 for a
 * cell < 0. */
DN_API int dn_sneptree_level(int64_t cell);

/* ----------------------------------------------------------- registry */
/* The i-th known network family, for help text: its spec syntax (e.g.
 * "debruijn:K") and a one-line summary. DN_ENOTFOUND past the last. */
DN_API int dn_net_type_info(int i, const char **syntax, const char **summary);

/* --------------------------------------------------------- graph files */
typedef enum dn_graph_format {
    DN_FMT_EDGELIST = 0, /* "u v" per line, '#' comments (docs/formats.md) */
    DN_FMT_GRF,          /* SCOTCH source graph (.grf), undirected */
    DN_FMT_DOT           /* Graphviz DOT (written for drawing, not read) */
} dn_graph_format;
/* The name of each value, "edgelist", "grf", "dot" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_graph_format_name(dn_graph_format v);
DN_API int dn_graph_format_parse(const char *s, dn_graph_format *out);

/* Parses a graph held in memory (buf need not be NUL-terminated).
 * Refuses, before allocating, graphs of more than max_nodes nodes (0: the
 * CSR limit of 2^31 - 2). Errors name the line and what was expected.
 * Time O(len + n + m log deg). */
DN_API int dn_graph_parse(const char *buf, size_t len, dn_graph_format fmt, int64_t max_nodes,
                   dn_csr *out, dn_err *err);
/* Reads a file, pipe or "-" (standard input), at most DN_GRAPH_MAX_FILE
 * bytes, and parses it. The format comes from the extension: ".grf" is
 * SCOTCH, anything else (and standard input) an edge list. */
#define DN_GRAPH_MAX_FILE ((int64_t)1 << 32)
/* mem_limit bounds the file's buffer plus the graph built from it (0: the
 * default); a file holding a NUL byte is refused at once (/dev/zero, a
 * binary), without reading on. */
DN_API int dn_graph_load(const char *path, dn_csr *out, int64_t mem_limit, dn_err *err);
/* Writes the network in a format, streaming through the neighbour function
 * (no CSR needed), with everything it carries: the edge list keeps
 * processors=P (the rest are switches) and link costs (costs=1, every
 * bandwidth and latency in %.17g, so that they read back exactly); DOT
 * (for drawing; dcnet does not read it) marks switches and writes bw= and
 * lat= per link. What a format cannot hold is refused before anything is
 * written, with the reason (DN_EINVAL): .grf takes no directed network, no
 * switches and no link costs other than bandwidth 1, latency 0; no format
 * takes an undirected link whose two arcs differ in cost; the edge list
 * and .grf take no parallel arcs (their readers merge repeated arcs). Refuses more than
 * DN_GRAPH_MAX_WRITE edges (DN_ERANGE); DN_EIO if writing fails.
 * Time O(n + edges) (O(edges log deg) more for a file's link costs). */
#define DN_GRAPH_MAX_WRITE ((int64_t)1 << 31)
DN_API int dn_net_write(const dn_net *net, dn_graph_format fmt, FILE *f, dn_err *err);
/* The same for a CSR graph (what dn_graph_parse gives): its procs and
 * link costs included; `title` names it in the file and in messages (NULL:
 * "graph"). An undirected g must have sorted neighbour lists holding every
 * arc both ways (else DN_EINVAL). The caller keeps g. Time O(n + m log deg). */
DN_API int dn_csr_write(const dn_csr *g, const char *title, dn_graph_format fmt, FILE *f, dn_err *err);

/* ----------------------------------------------------------------- BFS */
/* Distances from src over out-arcs into dist[0..n-1] (-1 = unreachable).
 * Returns the eccentricity of src (largest finite distance) in *ecc and the
 * number of reached nodes in *reached. Time O(n + m), space O(n). */
DN_API int dn_bfs(const dn_csr *g, int64_t src, int32_t *dist, int32_t *ecc, int64_t *reached);
/* Same through the implicit neighbour function (no CSR); the baseline the
 * benchmark compares against. n must be < 2^31. */
DN_API int dn_bfs_implicit(const dn_net *net, int64_t src, int32_t *dist, int32_t *ecc,
                    int64_t *reached, dn_err *err);

/* --------------------------------------------------------------- facts */
enum { DN_FACT_NONE = 0, DN_FACT_CLOSED, DN_FACT_BFS };

typedef struct dn_facts {
    int64_t nodes;
    int64_t edges;       /* undirected edges, or arcs if directed */
    int directed;
    int64_t deg_min, deg_max; /* degree = in + out for directed networks */
    double deg_avg;
    int64_t out_min, out_max, in_min, in_max; /* equal to deg_* if undirected */
    int degree_source;   /* DN_FACT_CLOSED or DN_FACT_BFS (scanned) */
    int64_t diameter;    /* -1 when disconnected (not strongly connected) or
                          * not computed (diameter_source == DN_FACT_NONE) */
    int diameter_source; /* DN_FACT_NONE when not computed */
    double avg_distance; /* mean over ordered pairs u != v; BFS only; -1 when
                          * not computed or some pair is unreachable */
} dn_facts;

typedef struct dn_facts_opts {
    int threads;          /* worker threads for all-pairs BFS (<= 0: 1) */
    int64_t bfs_limit;    /* all-pairs BFS only when n <= bfs_limit (0: 1<<16) */
    int force_scan;       /* 1: ignore closed forms, scan and BFS (tests) */
    int64_t mem_limit;    /* for materialising; 0: default */
    dn_progress_fn progress; /* may be NULL; called from the calling thread */
    void *progress_ctx;
} dn_facts_opts;

/* Computes the facts of a network: closed forms where the type has them
 * (de Bruijn diameter k, hypercube d, mesh R + C - 2, ...), otherwise a
 * degree scan and, for n <= bfs_limit, an exact all-pairs BFS (64 sources
 * per pass, bit-parallel; time O(n/64 * (n + m) * diameter)).
 * opts may be NULL for defaults. */
DN_API int dn_net_facts(const dn_net *net, const dn_facts_opts *opts, dn_facts *out, dn_err *err);

/* Planarity of the underlying undirected simple graph, by the Boyer-Myrvold
 * algorithm of the planarity library. DN_ENOTSUP if dcnet was built without
 * it; DN_ERANGE above DN_PLANAR_MAX_NODES. Time O(n + m). */
#define DN_PLANAR_MAX_NODES ((int64_t)1 << 22)
DN_API int dn_net_planar(const dn_net *net, int *is_planar, dn_err *err);
/* 1 if planarity support was compiled in. */
DN_API int dn_have_planarity(void);

#ifdef __cplusplus
}
#endif
#endif

/*
 * net_impl.h - the network type descriptor (private to src/net).
 *
 * Each network family is one const dn_net_type in the registry
 * (registry.c), in the manner of GSL's algorithm descriptors: a name, a
 * parser, an implicit neighbour function, closed-form facts and a label
 * printer. Adding a network means adding one descriptor.
 */
#ifndef DN_NET_IMPL_H
#define DN_NET_IMPL_H

#include "dcnet/net.h"

#define DN_NET_MAX_ARGS 4

struct dn_net_type {
    const char *name;    /* spec prefix before the first ':' */
    const char *syntax;  /* for help and error messages */
    const char *summary;
    /* Fills n, edges, directed, max_out, p[] (and g for stored types) from
     * the ':'-separated arguments. Must refuse sizes over DN_NET_MAX_NODES
     * before allocating. */
    int (*init)(dn_net *net, int argc, char **argv, dn_err *err);
    /* Implicit out-neighbours, sorted ascending; NULL for stored types. */
    int (*neighbors)(const dn_net *net, int64_t v, int64_t *out);
    /* Closed-form facts (degrees, diameter); NULL when there are none. */
    void (*facts)(const dn_net *net, dn_facts *f);
    /* Label printer and parser; NULL means the decimal id. parse_label
     * returns 1 and sets *v if s has the label syntax (even if out of
     * range: the caller checks), 0 if s is not a label. */
    int (*label)(const dn_net *net, int64_t v, char *buf, size_t cap);
    int (*parse_label)(const dn_net *net, const char *s, int64_t *v);
    /* One-line description into buf. */
    void (*describe)(const dn_net *net, char *buf, size_t cap);
    /* What the family offers the layers above (net.h, "what a family
     * offers"; hooks.c); 0 / NULL: nothing. */
    /* its own shortest routing, and the most nodes one route visits */
    dn_net_routing (*routing)(const dn_net *net, int64_t *max_nodes);
    int (*grid)(const dn_net *net, dn_net_grid *out);
    int (*hierarchy)(const dn_net *net, dn_net_hierarchy *out);
    int (*word)(const dn_net *net, int *degree, int *length);
    dn_net_layout_kind (*layout)(const dn_net *net, int64_t *rows, int64_t *cols);
    int64_t (*orbit_rep)(const dn_net *net, int64_t s);
    int64_t (*orbit_map)(const dn_net *net, int64_t s, int64_t j);
};

/* Families, defined in debruijn.c, grid.c, cube.c, sneptree.c, graphio.c. */
extern const dn_net_type dn_type_debruijn, dn_type_dg, dn_type_ddb;
extern const dn_net_type dn_type_mesh, dn_type_torus, dn_type_ring;
extern const dn_net_type dn_type_hypercube, dn_type_butterfly, dn_type_wbutterfly;
extern const dn_net_type dn_type_cbt, dn_type_complete;
extern const dn_net_type dn_type_sneptree_s, dn_type_sneptree_t, dn_type_sneptree;
extern const dn_net_type dn_type_file;
extern const dn_net_type dn_type_kautz, dn_type_fattree, dn_type_dragonfly;

/* Link costs given with a spec (links.c): parses the text after '@' into
 * net->link_*, and expands them into g's per-arc arrays (unless g has its
 * own, from a file). */
int dn_net_parse_link_costs(dn_net *net, const char *list, dn_err *err);
/* The one rule for a link cost written as text (SPEC@bw=, a graph file's
 * cost columns): a quantity (dn_parse_quantity: a decimal number, no
 * sign, hexadecimal, inf or nan, and an optional unit); a bandwidth is
 * positive (bytes per second), a latency non-negative (seconds). */
int dn_link_cost_parse(const char *s, int is_bw, double *out, dn_err *err);
int dn_net_fill_link_costs(const dn_net *net, dn_csr *g, dn_err *err);
/* The bandwidth and latency of the arc u -> v (which must exist): a
 * file's own, else the spec's class or all-links cost, else 1 and 0.
 * Time O(log deg) for files, O(1) otherwise. */
void dn_net_arc_cost(const dn_net *net, int64_t u, int64_t v, double *bw, double *lat);

/* SCOTCH target files (tgt.c): a family net, or a stored graph (deco). */
int dn_tgt_load(dn_net *net, const char *path, dn_err *err);
/* The same from a NUL-terminated buffer of len bytes (the fuzz target's
 * entry); path names it in messages; net->mem_limit must be set. On
 * failure net->g may need dn_csr_free (dn_net_init does it). */
int dn_tgt_parse(dn_net *net, const char *buf, size_t len, const char *path, dn_err *err);
/* A stored graph's facts for a file net: n, edges, direction, max_out
 * (graphio.c). */
void dn_file_net_setup(dn_net *net);

/* The heap layout hook of complete binary trees and Sneptrees (cube.c). */
dn_net_layout_kind dn_net_heap_layout(const dn_net *net, int64_t *rows, int64_t *cols);

/* Shared helpers (registry.c). */
/* Sorts a short neighbour list in place and removes duplicates and the
 * value `self` (pass -1 to keep loops); returns the new length. */
int dn_nbr_normalize(int64_t *a, int len, int64_t self);
/* Labels: width-digit string of v in radix r (r <= 36). */
int dn_label_radix(int64_t v, int radix, int width, char *buf, size_t cap);
/* Parses exactly `width` digits of radix r; returns 1 and *v on success. */
int dn_parse_radix(const char *s, int radix, int width, int64_t *v);
/* "a,b" printer and parser (decimal parts); parser returns 1 on syntax match. */
int dn_label_pair(int64_t a, int64_t b, char *buf, size_t cap);
int dn_parse_pair(const char *s, int64_t *a, int64_t *b);
/* Reads one or more decimal digits at *p (no sign, no space) into *v and
 * advances *p; 0 (nothing read) when there are none or they overflow. */
int dn_parse_dec_prefix(const char **p, int64_t *v);
/* Parses an integer parameter of a spec, naming the spec in the message. */
int dn_spec_int(const char *arg, int64_t lo, int64_t hi, const char *what,
                const char *syntax, int64_t *out, dn_err *err);

#endif

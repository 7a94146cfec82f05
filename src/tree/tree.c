/*
 * tree.c - task tree specs and the implicit trees: binomial B(n) (seed 000
 * section 2, Lemma 3) and complete b-ary trees (seed 002's complete tree
 * model); random trees are sampled in sample.c.
 *
 * B(n) in seed 000's labels: node 0^m z 1 <-> id y = (label - 1) / 2, so
 *   children(y)   = m = n - bitlen(y)
 *   child(y, i)   = (y << (i+1)) | (1 << i)        (0-based i; seed's i+1)
 *   parent(y)     = y >> (ctz(y) + 1)              (y != 0)
 *   recv_phase(y) = n - m = bitlen(y)
 * tests/test_tree.c checks all of these against the contraction Q of
 * CBT(n+1) built node by node, and against Definition 1.
 *
 * Complete b-ary trees use heap order: children of v are b v + 1 .. b v + b.
 *
 * MPI's binomial broadcast trees on P ranks (dcnet/tree.h), task v = MPI's
 * virtual rank, children in the library's send order:
 *   ompi-bcast   parent(v) = v - 2^(bitlen(v) - 1); children v + 2^(b + i),
 *                b = bitlen(v), i = 0 .. bitlen(P - 1 - v) - b - 1 (the
 *                loop of ompi_coll_base_topo_build_bmtree: mask from
 *                2^bitlen(v) up while v ^ mask < P); recv_phase = bitlen(v);
 *   mpich-bcast  parent(v) = v & (v - 1); k = min(ctz(v), bitlen(P - 1 - v))
 *                children (the root: bitlen(P - 1)), child i = v + 2^(k-1-i)
 *                (MPIR_Bcast_intra_binomial: mask from below the lowest set
 *                bit down to 1 while v + mask < P); child i of a task in
 *                phase p receives in p + i + 1, so phase(u + 2^j) = phase(u)
 *                + k(u) - j, summed down the path in O(log v).
 * Both have depth popcount(v) and bitlen(P - 1) phases (the last child of
 * the root, rank 1 in MPICH's tree, 2^(phases-1) in Open MPI's, receives in
 * the last one). tests/test_tree.c checks them against both libraries' loops
 * written out. With P = 2^n each is B(n) renamed (dn_tree_binomial_id): a
 * task with m children sends first to the root of a B(m - 1), then of a
 * B(m - 2), ..., as seed 000's B(n) does, so the renaming keeps phases.
 */
#include "dcnet/tree.h"
#include "../base/args_impl.h"
#include "tree_impl.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int dn_bitlen(uint64_t y)
{
    return y ? 64 - __builtin_clzll(y) : 0;
}

int dn_binomial_label(int n, int64_t y, char *buf, size_t cap)
{
    if (!buf || n < 0 || n > 62)
        return DN_EINVAL;
    if (y < 0 || y >> n != 0)
        return DN_ERANGE; /* not a node of B(n) */
    uint64_t x = 2 * (uint64_t)y + 1;
    if ((size_t)n + 2 > cap)
        return DN_ERANGE;
    for (int i = 0; i <= n; i++)
        buf[i] = (char)('0' + ((x >> (n - i)) & 1));
    buf[n + 1] = '\0';
    return DN_OK;
}

/* ------------------------------------------------------- distributions */
int dn_dist_parse(const char *s, dn_dist *d, dn_err *err)
{
    DN_NEED(err, s);
    DN_NEED(err, d);
    char tmp[2048];
    char *p;
    double sum = 0;
    memset(d, 0, sizeof *d);
    if (!s || !*s || strlen(s) >= sizeof tmp)
        return dn_fail(err, DN_EINVAL,
                       "expected a distribution 'p0,p1,...' (probabilities of 0, 1, ... children)");
    strcpy(tmp, s);
    p = tmp;
    for (;;) {
        char *comma = strchr(p, ',');
        double x;
        dn_err e;
        if (comma)
            *comma = '\0';
        if (d->len == DN_DIST_MAX)
            return dn_fail(err, DN_ERANGE, "a distribution has at most %d entries "
                                           "(probabilities of 0 .. %d children)",
                           DN_DIST_MAX, DN_DIST_MAX - 1);
        if (dn_parse_double(p, 0.0, 1.0, "probability", &x, &e))
            return dn_fail(err, DN_EINVAL, "in a distribution: %s", e.msg);
        d->p[d->len++] = x;
        sum += x;
        if (!comma)
            break;
        p = comma + 1;
    }
    if (fabs(sum - 1.0) > 1e-9)
        return dn_fail(err, DN_EINVAL,
                       "distribution sums to %.12g; the probabilities must sum to 1 ('%s')", sum,
                       s);
    return DN_OK;
}

double dn_dist_mean(const dn_dist *d)
{
    double m = 0;
    for (int k = 0; k < d->len; k++)
        m += k * d->p[k];
    return m;
}

int dn_dist_draw(const dn_dist *d, dn_rng *rng)
{
    double u = dn_rng_double(rng);
    for (int k = 0; k < d->len; k++) {
        if (u < d->p[k])
            return k;
        u -= d->p[k];
    }
    /* rounding left u just above the total: the last non-zero entry */
    for (int k = d->len - 1; k >= 0; k--)
        if (d->p[k] > 0)
            return k;
    return 0;
}

/* Parses "DIST[/DIST...]": one child-count law per level, the last one
 * repeating (seed 002's u_{l,k}). */
static int parse_level_dists(const char *s, dn_tree_model *m, dn_err *err)
{
    char tmp[2048];
    char *p;
    int rc;
    if (strlen(s) >= sizeof tmp)
        return dn_fail(err, DN_EINVAL, "distribution list is too long");
    strcpy(tmp, s);
    p = tmp;
    m->noff = 0;
    for (;;) {
        char *slash = strchr(p, '/');
        if (slash)
            *slash = '\0';
        if (m->noff == DN_TREE_MAX_LEVEL_DISTS)
            return dn_fail(err, DN_ERANGE, "at most %d per-level distributions ('/'-separated)",
                           DN_TREE_MAX_LEVEL_DISTS);
        if ((rc = dn_dist_parse(p, &m->off[m->noff], err)))
            return rc;
        m->noff++;
        if (!slash)
            return DN_OK;
        p = slash + 1;
    }
}

const dn_dist *dn_tree_model_offspring(const dn_tree_model *m, int level)
{
    return &m->off[level < m->noff ? level : m->noff - 1];
}

/* Expected nodes of a complete-tree-based random tree of height h:
 * sum over levels l of prod_{j < l} mean_j. */
static double crt_size(const dn_tree_model *m, int h)
{
    double s = 0, lv = 1;
    for (int l = 0; l <= h; l++) {
        s += lv;
        lv *= dn_dist_mean(dn_tree_model_offspring(m, l));
    }
    return s;
}

/* ---------------------------------------------------------------- specs */
#define TREE_SPECS                                                                       \
    "binomial:N, complete:B:H, cbt:H, crt:H:DIST, rct:HDIST:DIST, repro:M[:geom], gw:DIST, " \
    "ompi-bcast:P[:ROOT][@ALG], mpich-bcast:P[:ROOT][@binomial|@smp:K|@smp_beta:K], file:PATH"

/* Nodes of the complete B-ary tree of height H, (B^(H+1) - 1) / (B - 1),
 * in floating point: exact to 2^53, then rounded; inf if larger than a
 * double. */
static double complete_size_f(int64_t b, int h)
{
    double total = 0, level = 1;
    for (int l = 0; l <= h && isfinite(total); l++) {
        total += level;
        level *= (double)b;
    }
    return total;
}

int dn_tree_model_parse(const char *spec, dn_tree_model *m, dn_err *err)
{
    DN_NEED(err, spec);
    DN_NEED(err, m);
    char buf[2048];
    char *argv[4];
    int argc = 0, rc;
    int64_t x, y;
    memset(m, 0, sizeof *m);
    if (!spec || !*spec)
        return dn_fail(err, DN_EINVAL, "empty tree spec; known: " TREE_SPECS);
    if (strncmp(spec, "file:", 5) == 0) { /* the path may hold ':' */
        if (!spec[5])
            return dn_fail(err, DN_EINVAL, "expected file:PATH (a CSV, DOT or .grf tree file)");
        if (strlen(spec + 5) >= sizeof m->path)
            return dn_fail(err, DN_EINVAL, "tree file path is longer than %d bytes",
                           DN_TREE_PATH_MAX - 1);
        m->kind = DN_TREE_FILE;
        strcpy(m->path, spec + 5);
        return DN_OK;
    }
    if (strlen(spec) >= sizeof buf)
        return dn_fail(err, DN_EINVAL, "tree spec is too long");
    strcpy(buf, spec);
    /* MPI's trees: "@ALG[:K]" names the algorithm (mpialg.c) */
    char *at = NULL;
    int alg = 0, alg_k = 0;
    if (strncmp(buf, "ompi-bcast:", 11) == 0 || strncmp(buf, "mpich-bcast:", 12) == 0) {
        at = strchr(buf, '@');
        if (at)
            *at++ = '\0';
    }
    if (at) {
        const int ompi = buf[0] == 'o';
        rc = dn_mpi_alg_parse(at, &alg, &alg_k);
        if (rc == DN_ENOTFOUND ||
            (!ompi && !rc && alg != DN_MPI_BINOMIAL && alg != DN_MPI_SMP &&
             alg != DN_MPI_SMP_BETA) ||
            (ompi && !rc && (alg == DN_MPI_SMP || alg == DN_MPI_SMP_BETA)))
            return dn_fail(err, DN_EINVAL,
                           "unknown broadcast algorithm '@%s' in '%s'; known: %s", at, spec,
                           ompi ? "@binomial, @knomial:K, @bintree, @chain:F, @pipeline, "
                                  "@linear"
                                : "@binomial, @smp:K, @smp_beta:K (K ranks a node; MPICH's scatter + "
                                  "allgather is no tree)");
        if (rc == DN_EINVAL)
            return dn_fail(err, DN_EINVAL, "'@%s' in '%s': only @knomial:K and @chain:F take "
                                           "a number (and @smp:K, @smp_beta:K for MPICH)", at, spec);
        if (rc || (alg == DN_MPI_KNOMIAL && alg_k == 1))
            return dn_fail(err, DN_EINVAL, "'@%s' in '%s': K (knomial's radix) is 2 .. 1024, F "
                                           "(chain's fan-out) 1 .. 1024", at, spec);
    }
    for (char *p = buf;;) {
        if (argc == 4)
            return dn_fail(err, DN_EINVAL, "too many ':' fields in tree spec '%s'", spec);
        argv[argc++] = p;
        p = strchr(p, ':');
        if (!p)
            break;
        *p++ = '\0';
    }
#define NEED(k, syntax)                                                                      \
    do {                                                                                     \
        if (argc != (k) + 1)                                                                 \
            return dn_fail(err, DN_EINVAL, "expected %s (got '%s')", syntax, spec);          \
    } while (0)
#define INT(s, lo, hi, what, syntax, out)                                                    \
    do {                                                                                     \
        dn_err e_;                                                                           \
        if ((rc = dn_parse_i64(s, lo, hi, what, out, &e_)))                                  \
            return dn_fail(err, rc, "%s (in %s)", e_.msg, syntax);                          \
    } while (0)
    if (strcmp(argv[0], "binomial") == 0) {
        NEED(1, "binomial:N with N in 0..62");
        INT(argv[1], 0, 62, "N", "binomial:N", &x);
        m->kind = DN_TREE_BINOMIAL;
        m->n = (int)x;
        m->h = (int)x;
    } else if (strcmp(argv[0], "ompi-bcast") == 0 || strcmp(argv[0], "mpich-bcast") == 0) {
        const char *syn = argv[0][0] == 'o' ? "ompi-bcast:P[:ROOT]" : "mpich-bcast:P[:ROOT]";
        if (argc != 2 && argc != 3)
            return dn_fail(err, DN_EINVAL, "expected %s: P ranks (1 .. 2^62), the root rank "
                           "ROOT (default 0) (got '%s')", syn, spec);
        INT(argv[1], 1, DN_TREE_MAX_NODES, "rank count P", syn, &x);
        y = 0;
        if (argc == 3)
            INT(argv[2], 0, x - 1, "root rank ROOT", syn, &y);
        m->kind = argv[0][0] == 'o' ? DN_TREE_OMPI_BCAST : DN_TREE_MPICH_BCAST;
        m->ranks = x;
        m->root_rank = y;
        m->mpi_alg = alg;
        m->mpi_k = alg_k;
    } else if (strcmp(argv[0], "complete") == 0 || strcmp(argv[0], "cbt") == 0) {
        if (argv[0][0] == 'c' && argv[0][1] == 'b') {
            NEED(1, "cbt:H");
            x = 2;
            INT(argv[1], 0, 61, "height H", "cbt:H", &y);
        } else {
            NEED(2, "complete:B:H");
            INT(argv[1], 1, INT32_MAX, "branching factor B", "complete:B:H", &x);
            INT(argv[2], 0, 1000000, "height H", "complete:B:H", &y);
        }
        /* The model may be larger than any tree dcnet builds: exact loads
         * need only the expected level sizes B^l, in floating point (seed
         * 002's tables go beyond 2^62 nodes). Building it (dn_tree_init,
         * simulation) refuses above DN_TREE_MAX_NODES. */
        if (!isfinite(complete_size_f(x, (int)y)))
            return dn_fail(err, DN_ERANGE,
                           "complete tree with B=%lld, H=%lld has more nodes than a double "
                           "can count (1e308)",
                           (long long)x, (long long)y);
        m->kind = DN_TREE_COMPLETE;
        m->b = x;
        m->h = (int)y;
    } else if (strcmp(argv[0], "crt") == 0) {
        NEED(2, "crt:H:DIST[/DIST...] (e.g. crt:5:0.25,0.25,0.5)");
        INT(argv[1], 0, 100000, "height H", "crt:H:DIST", &y);
        if ((rc = parse_level_dists(argv[2], m, err)))
            return rc;
        m->kind = DN_TREE_CRT;
        m->h = (int)y;
    } else if (strcmp(argv[0], "rct") == 0) {
        NEED(2, "rct:HDIST:DIST[/DIST...] (e.g. rct:0,0.5,0.5:0,0.5,0.5)");
        if ((rc = dn_dist_parse(argv[1], &m->height, err)) ||
            (rc = parse_level_dists(argv[2], m, err)))
            return rc;
        m->kind = DN_TREE_RCT;
        m->h = m->height.len - 1;
    } else if (strcmp(argv[0], "repro") == 0) {
        double M;
        dn_err e;
        if (argc != 2 && argc != 3)
            return dn_fail(err, DN_EINVAL, "expected repro:M or repro:M:geom (got '%s')", spec);
        if (dn_parse_double(argv[1], 1.0, 1e15, "expected size M", &M, &e))
            return dn_fail(err, DN_EINVAL, "%s (in repro:M)", e.msg);
        m->kind = DN_TREE_REPRO;
        m->mean = 1.0 - 1.0 / M;
        m->noff = 1;
        if (argc == 2) { /* binary offspring: 0 or 2 children */
            m->size = M;
            m->off[0].len = 3;
            m->off[0].p[2] = m->mean / 2;
            m->off[0].p[0] = 1.0 - m->off[0].p[2];
        } else if (strcmp(argv[2], "geom") == 0) {
            /* geometric P(k) = (1-q) q^k with mean q/(1-q) = mean, truncated at
             * DN_DIST_MAX - 1 with the tail folded into the last entry */
            double q = m->mean / (1.0 + m->mean), pk = 1.0 - q, rest = 1.0;
            m->off[0].len = DN_DIST_MAX;
            for (int k = 0; k < DN_DIST_MAX - 1; k++, pk *= q) {
                m->off[0].p[k] = pk;
                rest -= pk;
            }
            m->off[0].p[DN_DIST_MAX - 1] = rest > 0 ? rest : 0;
            m->mean = dn_dist_mean(&m->off[0]);
        } else {
            return dn_fail(err, DN_EINVAL,
                           "unknown offspring law '%s' in repro:M:LAW (known: geom; or use gw:DIST)",
                           argv[2]);
        }
    } else if (strcmp(argv[0], "gw") == 0) {
        NEED(1, "gw:DIST with mean < 1 (e.g. gw:0.6,0,0.4)");
        if ((rc = dn_dist_parse(argv[1], &m->off[0], err)))
            return rc;
        m->kind = DN_TREE_REPRO;
        m->noff = 1;
        m->mean = dn_dist_mean(&m->off[0]);
        if (m->mean >= 1.0)
            return dn_fail(err, DN_EINVAL,
                           "gw:DIST needs mean children < 1 for a finite expected size (mean %g)",
                           m->mean);
    } else {
        return dn_fail(err, DN_ENOTFOUND, "unknown tree '%s'; known: " TREE_SPECS, spec);
    }
#undef NEED
#undef INT
    if (m->kind == DN_TREE_REPRO && dn_dist_mean(&m->off[0]) >= 1.0)
        return dn_fail(err, DN_EINVAL, "reproduction tree needs mean children < 1");
    return DN_OK;
}

int dn_tree_model_is_random(const dn_tree_model *m)
{
    return m->kind == DN_TREE_CRT || m->kind == DN_TREE_RCT || m->kind == DN_TREE_REPRO;
}

double dn_tree_model_expected_size(const dn_tree_model *m)
{
    switch (m->kind) {
    case DN_TREE_BINOMIAL: return ldexp(1.0, m->n);
    case DN_TREE_OMPI_BCAST:
    case DN_TREE_MPICH_BCAST: return (double)m->ranks;
    case DN_TREE_COMPLETE: return complete_size_f(m->b, m->h);
    case DN_TREE_CRT: return crt_size(m, m->h);
    case DN_TREE_RCT: {
        double s = 0;
        for (int h = 0; h < m->height.len; h++)
            s += m->height.p[h] * crt_size(m, h);
        return s;
    }
    case DN_TREE_REPRO: return m->size > 0 ? m->size : 1.0 / (1.0 - m->mean);
    case DN_TREE_FILE: { /* a fixed tree: its size, once its levels are counted */
        double s = 0;
        for (int l = 0; m->level_count && l < m->nlevels; l++)
            s += m->level_count[l];
        return s;
    }
    default: return 0;
    }
}

/* ----------------------------------------------------- MPI's binomial trees */

/* v + 2^j < P exactly when j < bitlen(P - 1 - v) */
static int room_bits(int64_t P, int64_t v)
{
    return dn_bitlen((uint64_t)(P - 1 - v));
}

static int64_t ompi_kids(int64_t P, int64_t v)
{
    int room = room_bits(P, v), b = dn_bitlen((uint64_t)v);
    return room > b ? room - b : 0;
}

static int64_t mpich_kids(int64_t P, int64_t v)
{
    int room = room_bits(P, v), low = v ? __builtin_ctzll((uint64_t)v) : 64;
    return room < low ? room : low;
}

/* phase(u + 2^j) = phase(u) + k(u) - j down the path, top bit first */
static int mpich_phase(int64_t P, int64_t v)
{
    int64_t u = 0;
    int ph = 0;
    for (int j = dn_bitlen((uint64_t)v) - 1; j >= 0; j--)
        if ((v >> j) & 1) {
            ph += (int)mpich_kids(P, u) - j;
            u |= (int64_t)1 << j;
        }
    return ph;
}

int64_t dn_mpi_level_size(int64_t ranks, int level)
{
    if (ranks < 0 || ranks > ((int64_t)1 << 62))
        return -1; /* outside the documented 0 .. 2^62 */
    /* v < P agrees with P above some set bit j of P, has 0 there and any
     * j bits below: C(j, level - ones above j) of them */
    int64_t count = 0;
    int ones = 0;
    for (int j = 62; j >= 0; j--) {
        if (!((ranks >> j) & 1))
            continue;
        int t = level - ones;
        if (t >= 0 && t <= j) {
            uint64_t c = 1; /* C(j, t), exact: every partial product is below 2^64 */
            for (int i = 0; i < t; i++)
                c = c * (uint64_t)(j - i) / (uint64_t)(i + 1);
            count += (int64_t)c;
        }
        ones++;
    }
    return count;
}

static int is_mpi(int kind)
{
    return kind == DN_TREE_OMPI_BCAST || kind == DN_TREE_MPICH_BCAST;
}

/* ------------------------------------------------------ tree structure */
int64_t dn_tree_parent(const dn_tree *t, int64_t v)
{
    if (v == 0)
        return -1;
    switch (t->child_off ? 0 : t->model.kind) { /* arrays: sampled, file, MPI built */
    case DN_TREE_BINOMIAL: return v >> (__builtin_ctzll((uint64_t)v) + 1);
    case DN_TREE_OMPI_BCAST: return v ^ ((int64_t)1 << (dn_bitlen((uint64_t)v) - 1));
    case DN_TREE_MPICH_BCAST: return v & (v - 1);
    case DN_TREE_COMPLETE: return (v - 1) / t->model.b;
    default: return t->parent[v];
    }
}

int64_t dn_tree_num_children(const dn_tree *t, int64_t v)
{
    switch (t->child_off ? 0 : t->model.kind) { /* arrays: sampled, file, MPI built */
    case DN_TREE_BINOMIAL: return t->model.n - dn_bitlen((uint64_t)v);
    case DN_TREE_OMPI_BCAST: return ompi_kids(t->model.ranks, v);
    case DN_TREE_MPICH_BCAST: return mpich_kids(t->model.ranks, v);
    case DN_TREE_COMPLETE: return dn_tree_depth(t, v) < t->model.h ? t->model.b : 0;
    default: return t->child_off[v + 1] - t->child_off[v];
    }
}

int64_t dn_tree_child(const dn_tree *t, int64_t v, int64_t i)
{
    switch (t->child_off ? 0 : t->model.kind) { /* arrays: sampled, file, MPI built */
    case DN_TREE_BINOMIAL: return (v << (i + 1)) | ((int64_t)1 << i);
    case DN_TREE_OMPI_BCAST: return v + ((int64_t)1 << (dn_bitlen((uint64_t)v) + i));
    case DN_TREE_MPICH_BCAST:
        return v + ((int64_t)1 << (mpich_kids(t->model.ranks, v) - 1 - i));
    case DN_TREE_COMPLETE: return t->model.b * v + 1 + i;
    default: return t->kids ? t->kids[t->child_off[v] + i] : t->child_off[v] + i;
    }
}

int dn_tree_depth(const dn_tree *t, int64_t v)
{
    int d = 0;
    switch (t->child_off ? 0 : t->model.kind) {
    case DN_TREE_BINOMIAL: /* one tree edge per run of "1 0^(i-1)" */
    case DN_TREE_OMPI_BCAST: /* one tree edge per set bit */
    case DN_TREE_MPICH_BCAST:
        return __builtin_popcountll((uint64_t)v);
    case DN_TREE_COMPLETE:
        /* level d starts at (b^d - 1) / (b - 1): a path (b = 1) is its ids;
         * otherwise at most log_b(v) steps (never the walk to the root,
         * which made a path's listing quadratic) */
        if (t->model.b == 1)
            return (int)v;
        for (int64_t first = 1, width = t->model.b; v >= first;) {
            d++; /* v is at level d or below; level d has `width` ids from `first` */
            if (width > DN_TREE_MAX_NODES - first)
                break; /* level d + 1 would start beyond every id */
            first += width;
            width = width > DN_TREE_MAX_NODES / t->model.b ? DN_TREE_MAX_NODES
                                                           : width * t->model.b;
        }
        return d;
    default: return t->depth[v];
    }
}

int dn_tree_recv_phase(const dn_tree *t, int64_t v)
{
    if (t->model.kind == DN_TREE_BINOMIAL || (t->model.kind == DN_TREE_OMPI_BCAST && !t->phase))
        return dn_bitlen((uint64_t)v);
    if (t->phase) /* file trees and the MPI trees built as arrays */
        return t->phase[v];
    if (t->model.kind == DN_TREE_MPICH_BCAST)
        return mpich_phase(t->model.ranks, v);
    if (t->phase)
        return t->phase[v];
    return dn_tree_depth(t, v);
}

int dn_tree_phases(const dn_tree *t)
{
    if (is_mpi(t->model.kind) && !t->phase)
        return dn_bitlen((uint64_t)(t->model.ranks - 1));
    return t->model.kind == DN_TREE_BINOMIAL ? t->model.n : t->phase ? t->nphases : t->height;
}

/* The leaves of an MPI broadcast tree in O(log P): Open MPI's v is a leaf
 * when v + 2^bitlen(v) >= P; MPICH's when v is odd, or v = P - 1. */
static int64_t mpi_leaves(const dn_tree_model *m)
{
    const int64_t P = m->ranks;
    if (m->kind == DN_TREE_MPICH_BCAST)
        return P / 2 + (P % 2); /* the odd v below P, and P - 1 when it is even */
    int64_t leaves = P == 1; /* v = 0 */
    for (int b = 1; b <= 62 && ((int64_t)1 << (b - 1)) < P; b++) {
        int64_t lo = (int64_t)1 << (b - 1), hi = ((int64_t)1 << b) - 1; /* bitlen b */
        if (hi > P - 1)
            hi = P - 1;
        if (P - ((int64_t)1 << b) > lo)
            lo = P - ((int64_t)1 << b);
        if (hi >= lo)
            leaves += hi - lo + 1;
    }
    return leaves;
}

int64_t dn_tree_leaves(const dn_tree *t)
{
    int64_t leaves = 0, lv = 1;
    if (t->model.kind == DN_TREE_BINOMIAL)
        return t->model.n ? (int64_t)1 << (t->model.n - 1) : 1;
    if (t->model.kind == DN_TREE_COMPLETE) {
        for (int l = 0; l < t->model.h; l++)
            lv *= t->model.b;
        return lv;
    }
    if (is_mpi(t->model.kind) && !t->child_off)
        return mpi_leaves(&t->model);
    for (int64_t v = 0; v < t->nodes; v++)
        leaves += dn_tree_num_children(t, v) == 0;
    return leaves;
}

int dn_tree_phase_order(const dn_tree *t, int64_t **order, dn_err *err)
{
    DN_NEED(err, t);
    DN_NEED(err, order);
    const int64_t T = t->nodes;
    const int P = dn_tree_phases(t);
    int64_t v = 2;
    *order = NULL;
    while (v < T && dn_tree_recv_phase(t, v) >= dn_tree_recv_phase(t, v - 1))
        v++;
    if (v >= T)
        return DN_OK; /* already in phase order */
    int64_t *ord = malloc((size_t)T * sizeof *ord);
    int64_t *cnt = calloc((size_t)P + 2, sizeof *cnt);
    if (!ord || !cnt) {
        free(ord);
        free(cnt);
        return dn_fail(err, DN_ENOMEM, "out of memory ordering %lld tasks by phase",
                       (long long)T);
    }
    for (int64_t u = 1; u < T; u++) /* a counting sort by phase, stable in id */
        cnt[dn_tree_recv_phase(t, u) + 1]++;
    for (int q = 0; q <= P; q++)
        cnt[q + 1] += cnt[q];
    ord[0] = 0;
    for (int64_t u = 1; u < T; u++)
        ord[1 + cnt[dn_tree_recv_phase(t, u)]++] = u;
    free(cnt);
    *order = ord;
    return DN_OK;
}

void dn_tree_free(dn_tree *t)
{
    if (!t)
        return;
    free(t->child_off);
    free(t->parent);
    free(t->depth);
    free(t->kids);
    free(t->phase);
    free(t->work);
    free(t->bytes_down);
    free(t->bytes_up);
    memset(t, 0, sizeof *t);
}

/* y's child i (0-based) in B(n) */
static int64_t binomial_fold(int64_t y, int i)
{
    return (y << (i + 1)) | ((int64_t)1 << i);
}

int dn_tree_binomial_iso(const dn_tree *t)
{
    if (is_mpi(t->model.kind) && !t->child_off) {
        const int64_t P = t->model.ranks;
        return P & (P - 1) ? -1 : __builtin_ctzll((uint64_t)P);
    }
    return dn_tree_binomial_order(t);
}

int64_t dn_tree_binomial_id(const dn_tree *t, int64_t v)
{
    int64_t y = 0;
    if (t->child_off) /* MPI trees built as arrays: B(n)'s ids when they are B(n) */
        return v;
    if (t->model.kind == DN_TREE_OMPI_BCAST) { /* bits upward: child j - prev - 1 */
        for (int j = 0, prev = -1; j < 63; j++)
            if ((v >> j) & 1) {
                y = binomial_fold(y, j - prev - 1);
                prev = j;
            }
        return y;
    }
    if (t->model.kind == DN_TREE_MPICH_BCAST) { /* bits downward: child prev - 1 - j */
        for (int j = 62, prev = __builtin_ctzll((uint64_t)t->model.ranks); j >= 0; j--)
            if ((v >> j) & 1) {
                y = binomial_fold(y, prev - 1 - j);
                prev = j;
            }
        return y;
    }
    return v;
}

int64_t dn_tree_rank(const dn_tree *t, int64_t v)
{
    return is_mpi(t->model.kind) ? (v + t->model.root_rank) % t->model.ranks : v;
}

int dn_tree_binomial_order(const dn_tree *t)
{
    if (t->model.kind == DN_TREE_BINOMIAL)
        return t->model.n;
    if (t->nodes < 1 || (t->nodes & (t->nodes - 1)))
        return -1;
    int n = __builtin_ctzll((uint64_t)t->nodes);
    for (int64_t v = 0; v < t->nodes; v++) {
        int64_t k = dn_tree_num_children(t, v);
        if (k != n - dn_bitlen((uint64_t)v))
            return -1;
        for (int64_t i = 0; i < k; i++) /* B(n)'s i-th child of v */
            if (dn_tree_child(t, v, i) != ((v << (i + 1)) | ((int64_t)1 << i)))
                return -1;
    }
    return n; /* every node has B(n)'s children, so also B(n)'s parent */
}

int dn_tree_level_counts(const dn_tree *t, double **counts, dn_err *err)
{
    DN_NEED(err, t);
    DN_NEED(err, counts);
    *counts = NULL;
    if (t->height >= (1 << 26))
        return dn_fail(err, DN_ERANGE, "a tree of %d levels is too deep to count by level",
                       t->height + 1);
    double *c = calloc((size_t)t->height + 1, sizeof *c);
    if (!c)
        return dn_fail(err, DN_ENOMEM, "out of memory");
    if (t->depth) {
        for (int64_t v = 0; v < t->nodes; v++)
            c[t->depth[v]] += 1;
    } else if (t->model.kind == DN_TREE_BINOMIAL) {
        double b = 1; /* C(n, l) */
        for (int l = 0; l <= t->height; l++, b = b * (t->height - l + 1) / l)
            c[l] = b;
    } else if (is_mpi(t->model.kind)) { /* depth popcount(v) */
        for (int l = 0; l <= t->height; l++)
            c[l] = (double)dn_mpi_level_size(t->model.ranks, l);
    } else { /* complete */
        for (int l = 0; l <= t->height; l++)
            c[l] = l ? c[l - 1] * (double)t->model.b : 1;
    }
    *counts = c;
    return DN_OK;
}

/*
 * csr.c - compressed sparse row graphs and breadth-first search.
 *
 * Why CSR: one int64 offset per node and one int32 per arc, no pointers, so
 * BDG(24) (16.7M nodes, 67M arcs) fits in about 400 MB and BFS streams
 * through memory. Building from an arc list is a counting sort by source
 * followed by a per-node sort and de-duplication.
 */
#include "dcnet/net.h"
#include "../base/args_impl.h"
#include "../base/dn_assert.h"

#include <stdlib.h>
#include <string.h>

void dn_csr_free(dn_csr *g)
{
    if (!g)
        return;
    free(g->off);
    free(g->adj);
    free(g->bw);
    free(g->lat);
    memset(g, 0, sizeof *g);
}

int64_t dn_csr_bytes(int64_t n, int64_t m)
{
    int64_t a, b, s;
    if (n < 0 || m < 0 || n == INT64_MAX) /* n + 1 would overflow */
        return -1;
    if (dn_mul_ovf(n + 1, 8, &a) || dn_mul_ovf(m, 4, &b) || dn_add_ovf(a, b, &s))
        return -1;
    return s;
}

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static void sort_small(int32_t *a, int64_t len)
{
    if (len > 32) {
        qsort(a, (size_t)len, sizeof *a, cmp_i32);
        return;
    }
    for (int64_t i = 1; i < len; i++) {
        int32_t x = a[i];
        int64_t j = i - 1;
        while (j >= 0 && a[j] > x) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
}

int dn_csr_from_arcs(dn_csr *g, int64_t n, int directed, const int32_t *src,
                     const int32_t *dst, int64_t count, dn_err *err)
{
    DN_NEED(err, g);
    if (count > 0) { /* no arcs: no arrays needed */
        DN_NEED(err, src);
        DN_NEED(err, dst);
    }
    int64_t total = 0, *fill = NULL, bytes;
    memset(g, 0, sizeof *g);
    if (n < 0 || n >= INT32_MAX)
        return dn_fail(err, DN_ERANGE, "graph has %lld nodes; at most 2^31 - 2 are supported",
                       (long long)n);
    if (count < 0 || count > INT64_MAX / 4)
        return dn_fail(err, DN_ERANGE, "too many arcs (%lld)", (long long)count);
    bytes = dn_csr_bytes(n, directed ? count : 2 * count);
    if (bytes < 0)
        return dn_fail(err, DN_ERANGE, "graph too large");
    g->off = calloc((size_t)n + 1, sizeof *g->off);
    fill = calloc((size_t)n + 1, sizeof *fill);
    if (!g->off || !fill)
        goto nomem;
    for (int64_t i = 0; i < count; i++) {
        if (src[i] < 0 || src[i] >= n || dst[i] < 0 || dst[i] >= n) {
            free(fill);
            dn_csr_free(g);
            return dn_fail(err, DN_ERANGE, "arc %lld -> %lld has an endpoint outside [0, %lld)",
                           (long long)src[i], (long long)dst[i], (long long)n);
        }
        if (!directed && src[i] == dst[i])
            continue;
        g->off[src[i] + 1]++;
        if (!directed)
            g->off[dst[i] + 1]++;
    }
    for (int64_t v = 0; v < n; v++)
        g->off[v + 1] += g->off[v];
    total = g->off[n];
    g->adj = malloc((size_t)(total ? total : 1) * sizeof *g->adj);
    if (!g->adj)
        goto nomem;
    memcpy(fill, g->off, (size_t)(n + 1) * sizeof *fill);
    for (int64_t i = 0; i < count; i++) {
        if (!directed && src[i] == dst[i])
            continue;
        g->adj[fill[src[i]]++] = dst[i];
        if (!directed)
            g->adj[fill[dst[i]]++] = src[i];
    }
    /* sort each list, drop duplicates, compact in place */
    {
        int64_t w = 0;
        for (int64_t v = 0; v < n; v++) {
            int64_t b = g->off[v], e = g->off[v + 1];
            sort_small(g->adj + b, e - b);
            g->off[v] = w;
            for (int64_t i = b; i < e; i++)
                if (i == b || g->adj[i] != g->adj[i - 1])
                    g->adj[w++] = g->adj[i];
        }
        g->off[n] = w;
        total = w;
    }
    free(fill);
    g->n = n;
    g->m = total;
    g->directed = directed;
    return DN_OK;
nomem:
    free(fill);
    dn_csr_free(g);
    return dn_fail(err, DN_ENOMEM, "out of memory building a graph of %lld nodes",
                   (long long)n);
}

/*
 * Direction-optimising BFS (Beamer, Asanovic & Patterson, SC 2012) on
 * undirected graphs: top-down steps scan the arcs of the frontier; when the
 * frontier's arcs outnumber 1/14 of the unexplored arcs, bottom-up steps
 * let each unvisited node look for any parent in the frontier (a bitmap)
 * and stop at the first, skipping most arcs of the big middle levels.
 * Directed graphs (no in-arcs stored) stay top-down. Distances are the same
 * either way.
 */
#define BFS_ALPHA 14
#define BFS_BETA 24

int dn_bfs(const dn_csr *g, int64_t src, int32_t *dist, int32_t *ecc, int64_t *reached)
{
    int32_t *queue;
    uint64_t *front = NULL;
    int64_t head = 0, tail = 0, m_unexplored = g ? g->m : 0;
    int32_t level = 0;
    int bottom_up = 0;
    if (!g || !dist)
        return DN_EINVAL;
    if (src < 0 || src >= g->n)
        return DN_ERANGE;
    queue = malloc((size_t)(g->n ? g->n : 1) * sizeof *queue);
    if (!g->directed)
        front = malloc((size_t)((g->n + 63) / 64) * sizeof *front);
    if (!queue || (!g->directed && !front)) {
        free(queue);
        free(front);
        return DN_ENOMEM;
    }
    for (int64_t v = 0; v < g->n; v++)
        dist[v] = -1;
    dist[src] = 0;
    queue[tail++] = (int32_t)src;
    while (head < tail) {
        const int64_t lo = head, hi = tail;
        int64_t m_front = 0;
        for (int64_t i = lo; i < hi; i++)
            m_front += g->off[queue[i] + 1] - g->off[queue[i]];
        m_unexplored -= m_front;
        if (front) {
            if (!bottom_up && m_front > m_unexplored / BFS_ALPHA)
                bottom_up = 1;
            else if (bottom_up && (hi - lo) < g->n / BFS_BETA)
                bottom_up = 0;
        }
        head = hi;
        if (!bottom_up) {
            for (int64_t i = lo; i < hi; i++) {
                int32_t u = queue[i];
                for (int64_t e = g->off[u]; e < g->off[u + 1]; e++) {
                    int32_t w = g->adj[e];
                    if (dist[w] < 0) {
                        dist[w] = level + 1;
                        queue[tail++] = w;
                    }
                }
            }
        } else {
            memset(front, 0, (size_t)((g->n + 63) / 64) * sizeof *front);
            for (int64_t i = lo; i < hi; i++)
                front[queue[i] >> 6] |= (uint64_t)1 << (queue[i] & 63);
            for (int64_t v = 0; v < g->n; v++) {
                if (dist[v] >= 0)
                    continue;
                for (int64_t e = g->off[v]; e < g->off[v + 1]; e++) {
                    int32_t w = g->adj[e];
                    if (front[w >> 6] >> (w & 63) & 1) {
                        dist[v] = level + 1;
                        queue[tail++] = (int32_t)v;
                        break;
                    }
                }
            }
        }
        if (tail > hi)
            level++;
    }
    if (ecc)
        *ecc = level;
    if (reached)
        *reached = tail;
    free(queue);
    free(front);
    return DN_OK;
}

int dn_bfs_implicit(const dn_net *net, int64_t src, int32_t *dist, int32_t *ecc,
                    int64_t *reached, dn_err *err)
{
    DN_NEED(err, net);
    DN_NEED(err, dist);
    DN_NEED(err, ecc);
    DN_NEED(err, reached);
    int32_t *queue;
    int64_t *nb, head = 0, tail = 0;
    if (net->n >= INT32_MAX)
        return dn_fail(err, DN_ERANGE, "BFS needs fewer than 2^31 nodes");
    if (src < 0 || src >= net->n)
        return dn_fail(err, DN_ERANGE, "source %lld out of range", (long long)src);
    queue = malloc((size_t)net->n * sizeof *queue);
    nb = malloc((size_t)(net->max_out ? net->max_out : 1) * sizeof *nb);
    if (!queue || !nb) {
        free(queue);
        free(nb);
        return dn_fail(err, DN_ENOMEM, "out of memory for BFS");
    }
    for (int64_t v = 0; v < net->n; v++)
        dist[v] = -1;
    dist[src] = 0;
    queue[tail++] = (int32_t)src;
    while (head < tail) {
        int32_t u = queue[head++];
        int d = dn_net_neighbors(net, u, nb);
        for (int i = 0; i < d; i++)
            if (dist[nb[i]] < 0) {
                dist[nb[i]] = dist[u] + 1;
                queue[tail++] = (int32_t)nb[i];
            }
    }
    if (ecc)
        *ecc = dist[queue[tail - 1]];
    if (reached)
        *reached = tail;
    free(queue);
    free(nb);
    return DN_OK;
}

int dn_csr_two_colour(const dn_csr *g, int64_t s, int8_t *side, int *bipartite,
                      dn_err *err)
{
    DN_NEED(err, g);
    DN_NEED(err, side);
    DN_NEED(err, bipartite);
    int32_t *queue = malloc((size_t)(g->n > 0 ? g->n : 1) * sizeof *queue);
    if (!queue)
        return dn_fail(err, DN_ENOMEM, "out of memory for two-colouring %lld nodes",
                       (long long)g->n);
    int64_t head = 0, tail = 0;
    *bipartite = 1;
    side[s] = 0;
    queue[tail++] = (int32_t)s;
    while (head < tail) {
        int32_t u = queue[head++];
        for (int64_t a = g->off[u]; a < g->off[u + 1]; a++) {
            int32_t v = g->adj[a];
            if (side[v] < 0) {
                side[v] = (int8_t)(1 - side[u]);
                queue[tail++] = v;
            } else if (side[v] == side[u]) {
                *bipartite = 0;
            }
        }
    }
    free(queue);
    return DN_OK;
}

int64_t dn_csr_arc(const dn_csr *g, int64_t u, int64_t v)
{
    if (u < 0 || u >= g->n)
        return -1;
    int64_t lo = g->off[u], hi = g->off[u + 1];
    DN_ASSERT(lo <= hi && hi <= g->m);
    if (hi - lo <= 16) { /* short lists: a scan beats the search */
        for (int64_t i = lo; i < hi; i++)
            if (g->adj[i] == v)
                return i;
        return -1;
    }
    while (lo < hi) { /* neighbour lists are sorted */
        int64_t mid = lo + (hi - lo) / 2;
        if (g->adj[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->off[u + 1] && g->adj[lo] == v ? lo : -1;
}

/*
 * fattree.c - the k-ary n-tree fattree:K:N (Petrini and Vanneschi), an
 * indirect network (issue 20): K^N processors (nodes 0 .. K^N - 1) and
 * N K^(N-1) switches in levels 1 .. N (level 1 next to the processors).
 *
 * Wiring: processor p hangs from the level-1 switch p div K; a level-l
 * switch w (l > 1; w has N-1 digits base K) joins the K level-(l-1)
 * switches equal to w except in digit l-2. So going up from level l to
 * l+1 frees digit l-1 of the switch index, and a level-L switch w lies
 * above exactly the processors q whose q div K agrees with w on digits
 * L-1 .. N-2. Node ids: processors first, then level l's switch w at
 * K^N + (l-1) K^(N-1) + w. Labels: "p<id>" and "s<l>.<w>".
 *
 * Closed forms (tested against a scan and BFS): edges N K^N; degrees 1
 * (processors), 2K (switches below the top), K (top switches; N = 1: the
 * one switch has the K processors); diameter 2N: every node reaches every
 * top switch going up (each step frees one more digit) and every top
 * switch reaches every processor going down, so d(x, y) <= (N - lx) +
 * (N - ly) with processors at level 0, and two processors that differ in
 * their top digit need the top.
 *
 * Routing (route.c): up-down through the nearest common ancestor at
 * level L (the highest digit where p div K and q div K differ, plus 2; 1
 * when they hang from the same switch), choosing each up-port by the
 * destination's digit, so the walk reaches q div K's own column and comes
 * straight down: 2L hops, the distance.
 */
#include "net_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* p[0] = K, p[1] = N, p[2] = K^N (processors), p[3] = K^(N-1) (switches a level) */

static int fattree_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t K, N, P, S, n;
    int rc;
    if (argc != 2)
        return dn_fail(err, DN_EINVAL, "expected fattree:K:N (the k-ary n-tree: K >= 2 ports "
                                       "down, N >= 1 levels; e.g. fattree:4:3)");
    if ((rc = dn_spec_int(argv[0], 2, 1 << 16, "K", "fattree:K:N", &K, err)) ||
        (rc = dn_spec_int(argv[1], 1, 40, "N", "fattree:K:N", &N, err)))
        return rc;
    if (dn_pow_ovf(K, (int)N, &P) || dn_pow_ovf(K, (int)N - 1, &S) || dn_mul_ovf(S, N, &n) ||
        dn_add_ovf(n, P, &n) || n > DN_NET_MAX_NODES)
        return dn_fail(err, DN_ERANGE, "fattree:%lld:%lld: K^N + N K^(N-1) nodes is over the "
                                       "limit of 2^50",
                       (long long)K, (long long)N);
    net->p[0] = K;
    net->p[1] = N;
    net->p[2] = P;
    net->p[3] = S;
    net->n = n;
    net->procs = P;
    net->edges = N * P;
    net->directed = 0;
    net->max_out = (int)(2 * K);
    return DN_OK;
}

/* digit i of x in base K, and x with digit i set to c */
static int64_t digit(int64_t x, int i, int64_t K)
{
    while (i-- > 0)
        x /= K;
    return x % K;
}

static int64_t with_digit(int64_t x, int i, int64_t c, int64_t K)
{
    int64_t pw = 1;
    for (int k = 0; k < i; k++)
        pw *= K;
    return x - digit(x, i, K) * pw + c * pw;
}

int64_t dn_fattree_switch(const dn_net *net, int level, int64_t w)
{
    return net->p[2] + (level - 1) * net->p[3] + w;
}

static int fattree_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    const int64_t K = net->p[0], P = net->p[2], S = net->p[3];
    const int N = (int)net->p[1];
    int d = 0;
    if (v < P) { /* a processor: its level-1 switch */
        out[d++] = dn_fattree_switch(net, 1, v / K);
        return d;
    }
    int l = (int)((v - P) / S) + 1;
    int64_t w = (v - P) % S;
    if (l == 1)
        for (int64_t c = 0; c < K; c++)
            out[d++] = w * K + c;
    else
        for (int64_t c = 0; c < K; c++)
            out[d++] = dn_fattree_switch(net, l - 1, with_digit(w, l - 2, c, K));
    if (l < N)
        for (int64_t c = 0; c < K; c++)
            out[d++] = dn_fattree_switch(net, l + 1, with_digit(w, l - 1, c, K));
    return dn_nbr_normalize(out, d, v);
}

static void fattree_facts(const dn_net *net, dn_facts *f)
{
    const int64_t K = net->p[0], N = net->p[1];
    f->deg_min = 1;
    f->deg_max = N == 1 ? K : 2 * K;
    f->diameter = 2 * N;
}

static int fattree_label(const dn_net *net, int64_t v, char *buf, size_t cap)
{
    const int64_t P = net->p[2], S = net->p[3];
    int n = v < P ? snprintf(buf, cap, "p%lld", (long long)v)
                  : snprintf(buf, cap, "s%lld.%lld", (long long)((v - P) / S + 1),
                             (long long)((v - P) % S));
    return n >= 0 && (size_t)n < cap ? DN_OK : DN_ERANGE;
}

/* "pI" (processor I) or "sL.W" (switch W of level L), digits only. */
static int fattree_parse_label(const dn_net *net, const char *s, int64_t *v)
{
    int64_t a, b;
    const char *p = s + 1;
    if (s[0] == 'p' && dn_parse_dec_prefix(&p, &a) && !*p) {
        *v = a < net->p[2] ? a : -1;
        return 1;
    }
    p = s + 1;
    if (s[0] == 's' && dn_parse_dec_prefix(&p, &a) && *p++ == '.' &&
        dn_parse_dec_prefix(&p, &b) && !*p) {
        *v = a >= 1 && a <= net->p[1] && b < net->p[3] ? dn_fattree_switch(net, (int)a, b) : -1;
        return 1;
    }
    return 0;
}

static void fattree_describe(const dn_net *net, char *buf, size_t cap)
{
    snprintf(buf, cap, "%lld-ary %lld-tree: %lld processors, %lld switches", (long long)net->p[0],
             (long long)net->p[1], (long long)net->p[2], (long long)(net->n - net->p[2]));
}

/* Hook (hooks.c): up-down routes, at most N levels up and N down. */
static dn_net_routing fattree_routing(const dn_net *net, int64_t *max_nodes)
{
    *max_nodes = 2 * net->p[1] + 1;
    return DN_NET_ROUTING_UPDOWN;
}

/* Level-i switch subtrees: K^i consecutive processors, 2i hops across
 * (the common ancestor at level i; see the closed forms above). */
static int fattree_hierarchy(const dn_net *net, dn_net_hierarchy *h)
{
    const int64_t K = net->p[0], N = net->p[1];
    if (N > DN_NET_HIER_MAX_LEVELS)
        return 0;
    h->levels = (int)N;
    h->fan[0] = h->size[0] = 1;
    for (int i = 1; i <= N; i++) {
        h->fan[i] = K;
        h->size[i] = h->size[i - 1] * K;
        h->dist_min[i] = h->dist_max[i] = 2 * i;
    }
    return h->levels;
}

const dn_net_type dn_type_fattree = {
    "fattree", "fattree:K:N", "k-ary n-tree: K^N processors, N K^(N-1) switches (up-down)",
    fattree_init, fattree_neighbors, fattree_facts, fattree_label, fattree_parse_label,
    fattree_describe,
    .routing = fattree_routing,
    .hierarchy = fattree_hierarchy,
};

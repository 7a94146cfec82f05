/*
 * kautz.c - the directed Kautz graph K(D, K) (issue 20): the strings
 * s_1 .. s_K over {0, .., D} with s_i != s_(i+1); arcs shift left,
 * s_1 s_2 .. s_K -> s_2 .. s_K x for every x != s_K. (D+1) D^(K-1) nodes,
 * out- and in-degree D, no loops, directed diameter K: a string reaches
 * any other by shifting in its K symbols, and fewer when a suffix of the
 * source is a prefix of the target (shift routing, route.c). K(D, K) is
 * the line graph of K(D, K-1); with the most nodes for its degree and
 * diameter among the de Bruijn-like families.
 *
 * Ids: s_1 D^(K-1) + sum_i c_i D^(K-1-i), where s_(i+1) = c_i if c_i < s_i,
 * else c_i + 1 (the D symbols that may follow s_i, in order). Labels: the
 * string, one digit a symbol (D <= 9), else the symbols with commas.
 *
 * Closed forms (checked against a scan and BFS in tests/test_net.c):
 * arcs n D; out- and in-degree D (a string is reached from the D symbols
 * x != s_1 put in front); directed diameter K: shift routing needs K - j
 * hops for the longest overlap j, and a pair with no overlap exists (for
 * D >= 2, or K = 1 and D = 1, where the two nodes 0 and 1 are one hop
 * apart).
 */
#include "net_impl.h"

#include <stdio.h>
#include <string.h>

/* p[0] = D, p[1] = K, p[2] = D^(K-1) */

static int kautz_init(dn_net *net, int argc, char **argv, dn_err *err)
{
    int64_t D, K, top, n;
    int rc;
    if (argc != 2)
        return dn_fail(err, DN_EINVAL, "expected kautz:D:K (degree D >= 1, string length K >= "
                                       "1; e.g. kautz:2:4)");
    if ((rc = dn_spec_int(argv[0], 1, 64, "D", "kautz:D:K", &D, err)) ||
        (rc = dn_spec_int(argv[1], 1, 50, "K", "kautz:D:K", &K, err)))
        return rc;
    if (dn_pow_ovf(D, (int)K - 1, &top) || dn_mul_ovf(top, D + 1, &n) || n > DN_NET_MAX_NODES)
        return dn_fail(err, DN_ERANGE, "kautz:%lld:%lld: (D+1) D^(K-1) nodes is over the limit "
                                       "of 2^50",
                       (long long)D, (long long)K);
    net->p[0] = D;
    net->p[1] = K;
    net->p[2] = top;
    net->n = n;
    net->edges = n * D; /* arcs */
    net->directed = 1;
    net->max_out = (int)D;
    return DN_OK;
}

/* the symbols of v, s[0 .. K) */
void dn_kautz_symbols(const dn_net *net, int64_t v, int *s)
{
    const int64_t D = net->p[0];
    const int K = (int)net->p[1];
    int64_t rest = v % net->p[2];
    s[0] = (int)(v / net->p[2]);
    int64_t div = net->p[2] / D;
    for (int i = 1; i < K; i++, div /= D > 0 ? D : 1) {
        int c = (int)(rest / div);
        rest %= div;
        s[i] = c < s[i - 1] ? c : c + 1;
    }
}

int64_t dn_kautz_id(const dn_net *net, const int *s)
{
    const int64_t D = net->p[0];
    const int K = (int)net->p[1];
    int64_t id = s[0];
    for (int i = 1; i < K; i++)
        id = id * D + (s[i] < s[i - 1] ? s[i] : s[i] - 1);
    return id;
}

static int kautz_neighbors(const dn_net *net, int64_t v, int64_t *out)
{
    int s[64], t[64];
    const int K = (int)net->p[1], D = (int)net->p[0];
    dn_kautz_symbols(net, v, s);
    memcpy(t, s + 1, (size_t)(K - 1) * sizeof *t);
    int d = 0;
    for (int x = 0; x <= D; x++) {
        if (x == s[K - 1])
            continue;
        t[K - 1] = x;
        out[d++] = dn_kautz_id(net, t);
    }
    return d;
}

static void kautz_facts(const dn_net *net, dn_facts *f)
{
    f->deg_min = f->deg_max = 2 * net->p[0]; /* in + out */
    f->out_min = f->out_max = f->in_min = f->in_max = net->p[0];
    f->diameter = net->p[0] == 1 ? 1 : net->p[1]; /* K(1, K): two strings, each the other's shift */
}

static int kautz_label(const dn_net *net, int64_t v, char *buf, size_t cap)
{
    int s[64];
    const int K = (int)net->p[1], digits = net->p[0] <= 9;
    dn_kautz_symbols(net, v, s);
    size_t n = 0;
    for (int i = 0; i < K && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%d", digits || !i ? "" : ",", s[i]);
    return n < cap ? DN_OK : DN_ERANGE;
}

static int kautz_parse_label(const dn_net *net, const char *str, int64_t *v)
{
    int s[64], k = 0;
    const int K = (int)net->p[1], D = (int)net->p[0], digits = D <= 9;
    for (const char *p = str; *p; p++) {
        if (*p == ',' && !digits)
            continue;
        if (*p < '0' || *p > '9' || k == 64)
            return 0;
        int x = *p - '0';
        while (!digits && p[1] >= '0' && p[1] <= '9')
            x = 10 * x + (*++p - '0');
        s[k++] = x;
    }
    if (k != K)
        return 0;
    for (int i = 0; i < K; i++)
        if (s[i] > D || (i > 0 && s[i] == s[i - 1])) {
            *v = -1; /* the shape of a label, not a Kautz string */
            return 1;
        }
    *v = dn_kautz_id(net, s);
    return 1;
}

static void kautz_describe(const dn_net *net, char *buf, size_t cap)
{
    snprintf(buf, cap, "Kautz graph K(%lld, %lld), out-degree %lld, directed diameter %lld",
             (long long)net->p[0], (long long)net->p[1], (long long)net->p[0],
             (long long)(net->p[0] == 1 ? 1 : net->p[1]));
}

/* Hooks (hooks.c): shift routes and the word shape (degree D, length K). */
static dn_net_routing kautz_routing(const dn_net *net, int64_t *max_nodes)
{
    *max_nodes = net->p[1] + 1;
    return DN_NET_ROUTING_KAUTZ;
}

static int kautz_word(const dn_net *net, int *degree, int *length)
{
    *degree = (int)net->p[0];
    *length = (int)net->p[1];
    return 1;
}

const dn_net_type dn_type_kautz = {
    "kautz", "kautz:D:K", "directed Kautz graph K(D,K), (D+1) D^(K-1) nodes, out-degree D",
    kautz_init, kautz_neighbors, kautz_facts, kautz_label, kautz_parse_label, kautz_describe,
    .routing = kautz_routing, .word = kautz_word,
};

/*
 * tgt.c - SCOTCH target files (.tgt) read as dcnet networks (issue 20,
 * item 2), with SCOTCH's terminal numbers as node ids, so that a mapping
 * file (target numbers per task) means the same thing to gmap, gmtst and
 * dcnet. docs/networks.md, "SCOTCH target files", has the cross-checks.
 *
 *   cmplt N, cmpltw N w1 .. wN   complete:N (the weights are not used)
 *   hcub D                       hypercube:D
 *   mesh2D X Y, mesh3D X Y Z,    SCOTCH numbers terminal (x0, x1, ...) as
 *   meshXD D s0 .. s(D-1), and   x0 + s0 (x1 + s1 (x2 + ...)): dimension 0
 *   torus2D/3D/XD alike          fastest (arch_mesh.c), which is dcnet's
 *                                row-major order with the sides reversed:
 *                                mesh2D X Y is mesh:YxX.
 *   deco 0 / deco 1              decomposition-defined targets: terminal
 *                                labels and a distance table (raw, or the
 *                                compiled form amk_grf and acpl write). The
 *                                graph is the terminal pairs at distance 1;
 *                                it is accepted only if its hop counts
 *                                reproduce every distance of the table.
 *
 * Formats from SCOTCH's sources (arch_mesh.c, arch_torus.c, arch_deco.c):
 * deco 0 is "deco 0 T M", T lines "label weight domain", then the T (T-1) / 2
 * terminal distances d(i, j), i = 1 .. T-1, j < i, in listing order; deco 1
 * is "deco 1 T M", M lines "label size weight" for domains 1 .. M (the
 * terminals are those of size 1), then the M (M-1) / 2 domain distances
 * d(i, j), i = 2 .. M, j = 1 .. i-1.
 */
#include "net_impl.h"

#include <stdlib.h>
#include <string.h>

/* The largest deco target read: its T x T distance table in memory. */
#define TGT_DECO_MAX 8192

typedef struct tok {
    const char *p, *path;
} tok;

/* The next whitespace-separated integer; 0 on success. */
static int next_int(tok *t, long long *v, const char *what, dn_err *err)
{
    char *end;
    while (*t->p == ' ' || *t->p == '\t' || *t->p == '\n' || *t->p == '\r')
        t->p++;
    if (!*t->p)
        return dn_fail(err, DN_EINVAL, "target file '%s': ends before %s", t->path, what);
    *v = strtoll(t->p, &end, 10);
    if (end == t->p || (*end && *end != ' ' && *end != '\t' && *end != '\n' && *end != '\r'))
        return dn_fail(err, DN_EINVAL, "target file '%s': %s is not an integer", t->path, what);
    t->p = end;
    return DN_OK;
}

/* Builds the graph of distance-1 pairs of the T x T table D, checks that
 * its hop counts are D, and makes it the net's stored graph. */
static int deco_graph(dn_net *net, const char *path, int64_t T, const int32_t *D, dn_err *err)
{
    int64_t cnt = 0, cap = 16;
    int32_t *src = malloc((size_t)cap * sizeof *src), *dst = malloc((size_t)cap * sizeof *dst);
    int rc = DN_OK;
    if (!src || !dst) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
        goto out;
    }
    for (int64_t i = 0; i < T; i++)
        for (int64_t j = i + 1; j < T; j++)
            if (D[i * T + j] == 1) {
                if (cnt == cap) {
                    cap *= 2;
                    int32_t *a = realloc(src, (size_t)cap * sizeof *a);
                    if (a)
                        src = a;
                    int32_t *b = a ? realloc(dst, (size_t)cap * sizeof *b) : NULL;
                    if (!b) {
                        rc = dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
                        goto out;
                    }
                    dst = b;
                }
                src[cnt] = (int32_t)i;
                dst[cnt++] = (int32_t)j;
            }
    if ((rc = dn_csr_from_arcs(&net->g, T, 0, src, dst, cnt, err)))
        goto out;
    /* every distance must be the hop count over these links */
    int64_t *hop = malloc((size_t)T * sizeof *hop), *queue = malloc((size_t)T * sizeof *queue);
    if (!hop || !queue) {
        free(hop);
        free(queue);
        rc = dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
        goto out;
    }
    for (int64_t s = 0; s < T && !rc; s++) {
        for (int64_t v = 0; v < T; v++)
            hop[v] = -1;
        int64_t head = 0, tail = 0;
        hop[s] = 0;
        queue[tail++] = s;
        while (head < tail) {
            int64_t u = queue[head++];
            for (int64_t k = net->g.off[u]; k < net->g.off[u + 1]; k++)
                if (hop[net->g.adj[k]] < 0) {
                    hop[net->g.adj[k]] = hop[u] + 1;
                    queue[tail++] = net->g.adj[k];
                }
        }
        for (int64_t v = 0; v < T && !rc; v++)
            if (v != s && hop[v] != D[s * T + v])
                rc = dn_fail(err, DN_EINVAL,
                             "target file '%s': terminals %lld and %lld are %d apart in its "
                             "table but %lld hops apart over its distance-1 links; dcnet reads "
                             "deco targets whose distances are hop counts (amk_grf writes them "
                             "for a graph without edge weights)",
                             path, (long long)s, (long long)v, D[s * T + v], (long long)hop[v]);
    }
    free(hop);
    free(queue);
    if (rc)
        dn_csr_free(&net->g);
out:
    free(src);
    free(dst);
    return rc;
}

/* len: the file's size, which bounds what its header may promise */
static int read_deco(dn_net *net, tok *t, size_t len, dn_err *err)
{
    long long type, T, M, v;
    int rc;
    if ((rc = next_int(t, &type, "the deco type", err)) || (rc = next_int(t, &T, "T", err)) ||
        (rc = next_int(t, &M, "the domain count", err)))
        return rc;
    if (type != 0 && type != 1)
        return dn_fail(err, DN_EINVAL, "target file '%s': deco type %lld (0 or 1 expected)",
                       t->path, type);
    if (T < 1 || M < T || M > ((long long)1 << 24))
        return dn_fail(err, DN_EINVAL, "target file '%s': bad deco header %lld %lld", t->path,
                       T, M);
    if ((unsigned long long)(type == 1 ? M : T) > len / 6) /* 3 numbers a record */
        return dn_fail(err, DN_EINVAL,
                       "target file '%s': its header promises %lld %s, more than its %zu "
                       "bytes can hold",
                       t->path, type == 1 ? M : T, type == 1 ? "domains" : "terminals", len);
    if (T > TGT_DECO_MAX || T * T * 4 > net->mem_limit)
        return dn_fail(err, DN_ERANGE,
                       "target file '%s': %lld terminals; dcnet reads deco targets of at most "
                       "%d terminals within --mem-limit (a T x T distance table)",
                       t->path, T, TGT_DECO_MAX);
    int32_t *D = malloc((size_t)(T * T) * sizeof *D);
    int64_t *term = malloc((size_t)(type == 1 ? M + 1 : T) * sizeof *term); /* -> label */
    unsigned char *have = calloc((size_t)T, 1);
    if (!D || !term || !have) {
        free(D);
        free(term);
        free(have);
        return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", t->path);
    }
    for (long long i = 0; i < T * T; i++)
        D[i] = i % (T + 1) == 0 ? 0 : -1;
    long long seen = 0;
    const long long nrec = type == 1 ? M : T;
    for (long long i = 0; i < nrec && !rc; i++) {
        long long a, b, c;
        if ((rc = next_int(t, &a, "a terminal label", err)) ||
            (rc = next_int(t, &b, "a domain field", err)) ||
            (rc = next_int(t, &c, "a domain field", err)))
            break;
        /* deco 0: label weight domain; deco 1: label size weight, and the
         * terminals are the domains of size 1 */
        const long long slot = type == 1 ? i + 1 : i;
        term[slot] = -1;
        if (type == 1 && b != 1)
            continue;
        if (a < 0 || a >= T)
            rc = dn_fail(err, DN_EINVAL,
                         "target file '%s': terminal label %lld; dcnet numbers processors 0 .. "
                         "%lld, so the labels must be those numbers",
                         t->path, a, T - 1);
        else if (have[a])
            rc = dn_fail(err, DN_EINVAL, "target file '%s': terminal label %lld twice",
                         t->path, a);
        else {
            have[a] = 1;
            term[slot] = a;
            seen++;
        }
    }
    free(have);
    if (!rc && seen != T)
        rc = dn_fail(err, DN_EINVAL, "target file '%s': %lld terminals listed, header says %lld",
                     t->path, seen, T);
    /* the distances: deco 0 between listed terminals, deco 1 between domains */
    const long long rows = type == 1 ? M : T;
    for (long long i = 1; !rc && i < rows; i++)
        for (long long j = 0; j < i && !rc; j++) {
            if ((rc = next_int(t, &v, "a distance", err)))
                break;
            long long a = type == 1 ? term[i + 1] : term[i], b = type == 1 ? term[j + 1] : term[j];
            if (a < 0 || b < 0)
                continue; /* a domain that is not a terminal */
            if (v < 1 || v > INT32_MAX)
                rc = dn_fail(err, DN_EINVAL,
                             "target file '%s': distance %lld between terminals %lld and %lld "
                             "(positive expected)",
                             t->path, v, a, b);
            D[a * T + b] = D[b * T + a] = (int32_t)v;
        }
    free(term);
    if (!rc)
        rc = deco_graph(net, t->path, T, D, err);
    free(D);
    return rc;
}

int dn_tgt_load(dn_net *net, const char *path, dn_err *err)
{
    char *buf, word[32], spec[200] = "";
    size_t len;
    int rc = dn_read_text(path, "target file", net->mem_limit, 1, &buf, &len, err);
    if (rc)
        return rc;
    tok t = {buf, path};
    int n = 0;
    while (*t.p == ' ' || *t.p == '\t' || *t.p == '\n' || *t.p == '\r')
        t.p++;
    while (n < (int)sizeof word - 1 && *t.p && !strchr(" \t\r\n", *t.p))
        word[n++] = *t.p++;
    word[n] = 0;
    long long a, dims = 0, side[8];
    const char *fam = NULL;
    if (strcmp(word, "cmplt") == 0 || strcmp(word, "cmpltw") == 0 || strcmp(word, "hcub") == 0) {
        if (!(rc = next_int(&t, &a, "the size", err)))
            snprintf(spec, sizeof spec, "%s:%lld", word[0] == 'h' ? "hypercube" : "complete", a);
    } else if (strncmp(word, "mesh", 4) == 0 || strncmp(word, "torus", 5) == 0) {
        fam = word[0] == 'm' ? "mesh" : "torus";
        const char *k = word + strlen(fam);
        if (strcmp(k, "2D") == 0 || strcmp(k, "3D") == 0)
            dims = k[0] - '0';
        else if (strcmp(k, "XD") == 0)
            rc = next_int(&t, &dims, "the dimension count", err);
        else
            fam = NULL;
        if (fam && !rc && (dims < 1 || dims > 8))
            rc = dn_fail(err, DN_EINVAL,
                         "target file '%s': %lld dimensions; dcnet's meshes and tori have 1 to "
                         "8",
                         path, dims);
        for (long long i = 0; fam && !rc && i < dims; i++)
            rc = next_int(&t, &side[i], "a side", err);
        if (fam && !rc) { /* sides reversed: SCOTCH's dimension 0 is the fastest */
            size_t l = (size_t)snprintf(spec, sizeof spec, "%s:", fam);
            if (dims == 1)
                l += (size_t)snprintf(spec + l, sizeof spec - l, "1x");
            for (long long i = dims - 1; i >= 0; i--)
                l += (size_t)snprintf(spec + l, sizeof spec - l, "%lld%s", side[i], i ? "x" : "");
        }
    }
    if (!rc && strcmp(word, "deco") == 0) {
        rc = read_deco(net, &t, len, err);
        free(buf);
        if (rc)
            return rc;
        dn_file_net_setup(net);
        return DN_OK;
    }
    free(buf);
    if (rc)
        return rc;
    if (!spec[0] || (!fam && strcmp(word, "cmplt") && strcmp(word, "cmpltw") &&
                     strcmp(word, "hcub")))
        return dn_fail(err, DN_EINVAL,
                       "target file '%s': '%s' is not a target dcnet reads (cmplt, cmpltw, "
                       "hcub, mesh2D, mesh3D, meshXD, torus2D, torus3D, torusXD, deco)",
                       path, word);
    dn_net fam_net;
    if ((rc = dn_net_init_limit(&fam_net, spec, net->mem_limit, err)))
        return rc;
    *net = fam_net; /* the family's type and parameters; the spec stays file:PATH */
    return DN_OK;
}

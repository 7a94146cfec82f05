/*
 * values.c - dcnet's value file (dcnet/base.h, "value files"): one number
 * per line, as embed --weights, simulate --sizes, balance --loads and the
 * list placement read it (simulate --sizes with units: "1MB", issue 29).
 * Not from a paper.
 *
 * A file dcnet writes opens with "# dcnet values count=T" and closes with
 * "# end count=T", so that a file cut short is told from a whole one. The
 * reader is a stream over dn_input (constant memory beside the values)
 * and stops at the first line that cannot be right: a value past the
 * count needed, a header promising another count (before reading on: a
 * 300 MB list for a tree of 8 tasks is refused at its first line), a
 * value after the trailer.
 */
#include "dcnet/base.h"
#include "args_impl.h"

#include <stdlib.h>
#include <string.h>

/* "PREFIX<count>" with trailing blanks: 1 and the count, else 0 */
static int count_line(const char *s, const char *prefix, int64_t *count)
{
    size_t n = strlen(prefix);
    if (strncmp(s, prefix, n) != 0)
        return 0;
    char num[32];
    size_t k = strcspn(s + n, " \t");
    if (k == 0 || k >= sizeof num || s[n + k + strspn(s + n + k, " \t")] != '\0')
        return 0;
    memcpy(num, s + n, k);
    num[k] = '\0';
    return dn_parse_i64(num, 0, INT64_MAX, "count", count, NULL) == DN_OK;
}

typedef struct vstate {
    double *a;
    int64_t n, cap, want, max;
    int64_t promised, trailer; /* -1: none */
    int q;                     /* a dn_quantity (units allowed), or -1: plain numbers */
    dn_value_fn fn;            /* the caller's named values (a node's id:N, label:S) */
    void *ctx;
} vstate;

static int grow(vstate *V, dn_input *in, dn_err *err)
{
    if (V->n < V->cap)
        return DN_OK;
    int64_t nc = V->cap ? V->cap * 2 : 1024;
    if (nc > V->max)
        nc = V->max;
    double *p = realloc(V->a, (size_t)nc * sizeof *p);
    if (!p)
        return dn_fail(err, DN_ENOMEM, "out of memory for the values of %s '%s'", in->what,
                       dn_input_name(in));
    V->a = p;
    V->cap = nc;
    return DN_OK;
}

/* One line: the header, the trailer, a comment, or a value. */
static int one_line(vstate *V, dn_input *in, char *s, double lo, double hi, const char *what,
                    dn_err *err)
{
    int64_t c;
    if (dn_input_lineno(in) == 1 && count_line(s, "# dcnet values count=", &c)) {
        if (V->want > 0 && c != V->want)
            return dn_input_fail(in, err, DN_EINVAL, "it promises %lld values; %lld are needed "
                                                     "(one per task)",
                                 (long long)c, (long long)V->want);
        if (V->want == 0 && (c < 1 || c > V->max))
            return dn_input_fail(in, err, DN_EINVAL, "it promises %lld values; 1 to %lld are "
                                                     "accepted",
                                 (long long)c, (long long)V->max);
        V->promised = c;
        return DN_OK;
    }
    if (count_line(s, "# end count=", &c)) {
        V->trailer = c;
        return DN_OK;
    }
    s[strcspn(s, "#")] = '\0';
    while (*s == ' ' || *s == '\t')
        s++;
    size_t len = strlen(s);
    while (len && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        s[--len] = '\0';
    if (!*s)
        return DN_OK;
    if (V->trailer >= 0)
        return dn_input_fail(in, err, DN_EINVAL, "a value after the trailer '# end count=%lld'",
                             (long long)V->trailer);
    int64_t cap = V->want > 0 ? V->want : V->max;
    if (V->n >= cap)
        return dn_input_fail(in, err, DN_EINVAL, "more than the %lld values %s", (long long)cap,
                             V->want > 0 ? "needed (one per task)" : "accepted");
    int rc = grow(V, in, err);
    if (rc)
        return rc;
    dn_err e;
    int named = V->fn ? V->fn(V->ctx, s, &V->a[V->n], &e) : DN_ENOTFOUND;
    if (named != DN_OK && named != DN_ENOTFOUND)
        return dn_input_fail(in, err, DN_EINVAL, "%s", e.msg);
    if (named == DN_ENOTFOUND &&
        (V->q < 0 ? dn_parse_double(s, lo, hi, what, &V->a[V->n], &e)
                  : dn_parse_quantity(s, (dn_quantity)V->q, lo, hi, what, &V->a[V->n], NULL, &e)))
        return dn_input_fail(in, err, DN_EINVAL, "%s", e.msg);
    V->n++;
    return DN_OK;
}

/* After the last line: the header's promise, the trailer, the count. */
static int check_end(const vstate *V, const dn_input *in, dn_err *err)
{
    const char *what = in->what, *name = dn_input_name(in);
    if (V->promised >= 0 && V->trailer < 0)
        return dn_fail(err, DN_EINVAL, "%s '%s' is truncated: it promises %lld values and the "
                                       "trailer '# end count=%lld'; it has %lld values and no "
                                       "trailer",
                       what, name, (long long)V->promised, (long long)V->promised,
                       (long long)V->n);
    if (V->promised >= 0 && V->trailer != V->promised)
        return dn_fail(err, DN_EINVAL, "%s '%s': its trailer '# end count=%lld' disagrees with "
                                       "its header's count=%lld",
                       what, name, (long long)V->trailer, (long long)V->promised);
    if (V->trailer >= 0 && V->n != V->trailer)
        return dn_fail(err, DN_EINVAL, "%s '%s' has %lld values, and its trailer says %lld",
                       what, name, (long long)V->n, (long long)V->trailer);
    if (V->want > 0 && V->n != V->want)
        return dn_fail(err, DN_EINVAL, "%s '%s' has %lld values; %lld are needed", what, name,
                       (long long)V->n, (long long)V->want);
    if (V->n == 0)
        return dn_fail(err, DN_EINVAL, "%s '%s' has no value", what, name);
    return DN_OK;
}

static int values_read(dn_input *in, int64_t want, int64_t max, int q, dn_value_fn fn, void *ctx,
                       double lo, double hi, const char *what, double **out, int64_t *n,
                       dn_err *err)
{
    vstate V = {NULL, 0, 0, want, want > 0 ? want : max, -1, -1, q, fn, ctx};
    *out = NULL;
    *n = 0;
    if (want > 0) { /* the whole table at once: the caller checked its size */
        V.a = malloc((size_t)want * sizeof *V.a);
        if (!V.a)
            return dn_fail(err, DN_ENOMEM, "out of memory for %lld values of %s '%s'",
                           (long long)want, in->what, dn_input_name(in));
        V.cap = want;
    }
    int rc;
    for (;;) {
        char *s;
        size_t len;
        if ((rc = dn_input_line(in, &s, &len, err)) || !s)
            break;
        if ((rc = one_line(&V, in, s, lo, hi, what, err)))
            break;
    }
    if (!rc)
        rc = check_end(&V, in, err);
    if (rc) {
        free(V.a);
        return rc;
    }
    *out = V.a;
    *n = V.n;
    return DN_OK;
}

int dn_values_read(dn_input *in, int64_t want, int64_t max, double lo, double hi,
                   const char *what, double **out, int64_t *n, dn_err *err)
{
    DN_NEED(err, in);
    DN_NEED(err, what);
    DN_NEED(err, out);
    DN_NEED(err, n);
    return values_read(in, want, max, -1, NULL, NULL, lo, hi, what, out, n, err);
}

int dn_values_read_named(dn_input *in, int64_t want, int64_t max, double lo, double hi,
                         dn_value_fn fn, void *ctx, const char *what, double **out, int64_t *n,
                         dn_err *err)
{
    DN_NEED(err, in);
    DN_NEED(err, what);
    DN_NEED(err, out);
    DN_NEED(err, n);
    return values_read(in, want, max, -1, fn, ctx, lo, hi, what, out, n, err);
}

int dn_values_read_quantity(dn_input *in, int64_t want, int64_t max, dn_quantity q, double lo,
                            double hi, const char *what, double **out, int64_t *n, dn_err *err)
{
    DN_NEED(err, in);
    DN_NEED(err, what);
    DN_NEED(err, out);
    DN_NEED(err, n);
    if ((unsigned)q > DN_Q_SIZE)
        return dn_fail(err, DN_EINVAL, "%s: unknown kind of quantity %d", what, (int)q);
    return values_read(in, want, max, (int)q, NULL, NULL, lo, hi, what, out, n, err);
}

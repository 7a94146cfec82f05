/*
 * status.c - status codes, error messages, checked arithmetic and strict
 * number parsing. Not from any paper: the plumbing every module shares.
 */
#include "dcnet/base.h"
#include "args_impl.h"
#include "dn_assert.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *dn_strerror(int status)
{
    switch (status) {
    case DN_OK: return "success";
    case DN_EINVAL: return "invalid argument";
    case DN_ENOMEM: return "out of memory";
    case DN_ERANGE: return "value out of supported range";
    case DN_EIO: return "input/output error";
    case DN_ENOTSUP: return "not supported in this build";
    case DN_ENOTFOUND: return "not found";
    case DN_ELIMIT: return "limit reached";
    default: return "unknown status";
    }
}

int dn_mantissa_nonzero(const char *s)
{
    for (; *s && *s != 'e' && *s != 'E'; s++)
        if (*s >= '1' && *s <= '9')
            return 1;
    return 0;
}

int dn_null_arg(dn_err *err, const char *fn, const char *arg)
{
    return dn_fail(err, DN_EINVAL, "%s: argument %s is NULL; it is required", fn, arg);
}

int dn_fail(dn_err *err, int status, const char *fmt, ...)
{
    if (err && !fmt) {
        snprintf(err->msg, sizeof err->msg, "failure without a message (a NULL format)");
        err->param = NULL;
        return status ? status : DN_EINVAL;
    }
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->param = NULL;
    }
    return status;
}

int dn_fail_param(dn_err *err, int status, const char *param, const char *fmt, ...)
{
    if (err && !fmt) {
        snprintf(err->msg, sizeof err->msg, "failure without a message (a NULL format)");
        err->param = param;
        return status ? status : DN_EINVAL;
    }
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
        err->param = param;
    }
    return status;
}

int dn_mul_ovf(int64_t a, int64_t b, int64_t *out)
{
    if (a < 0 || b < 0 || !out)
        return 1;
    if (a != 0 && b > INT64_MAX / a)
        return 1;
    *out = a * b;
    return 0;
}

int dn_add_ovf(int64_t a, int64_t b, int64_t *out)
{
    if (a < 0 || b < 0 || a > INT64_MAX - b || !out)
        return 1;
    *out = a + b;
    return 0;
}

const char *dn_fmt_bytes(char *buf, size_t cap, int64_t bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    double v = (double)bytes;
    int u = 0;
    if (!buf || cap == 0)
        return NULL; /* nowhere to write */
    while (v >= 1024 && u < 6) {
        v /= 1024;
        u++;
    }
    if (u == 0)
        snprintf(buf, cap, "%lld B", (long long)bytes);
    else
        snprintf(buf, cap, "%.*f %s", v < 10 ? 2 : v < 100 ? 1 : 0, v, units[u]);
    return buf;
}

int dn_pow_ovf(int64_t base, int exp, int64_t *out)
{
    int64_t r = 1;
    if (base < 0 || exp < 0 || !out)
        return 1;
    for (int i = 0; i < exp; i++)
        if (dn_mul_ovf(r, base, &r))
            return 1;
    *out = r;
    return 0;
}

int dn_parse_i64(const char *s, int64_t lo, int64_t hi, const char *what,
                 int64_t *out, dn_err *err)
{
    DN_NEED(err, s);
    DN_NEED(err, what);
    DN_NEED(err, out);
    const char *p = s;
    int64_t v = 0;
    if (!s || !*s)
        return dn_fail(err, DN_EINVAL, "%s is empty: expected an integer in [%lld, %lld]",
                       what, (long long)lo, (long long)hi);
    for (; *p; p++) {
        if (*p < '0' || *p > '9')
            return dn_fail(err, DN_EINVAL,
                           "%s '%s' is not a non-negative integer (expected %lld..%lld)",
                           what, s, (long long)lo, (long long)hi);
        if (v > (INT64_MAX - (*p - '0')) / 10)
            return dn_fail(err, DN_ERANGE, "%s '%s' is too large (at most %lld)", what,
                           s, (long long)hi);
        v = v * 10 + (*p - '0');
    }
    if (v < lo || v > hi)
        return dn_fail(err, DN_ERANGE, "%s %lld is out of range (accepted: %lld..%lld)",
                       what, (long long)v, (long long)lo, (long long)hi);
    *out = v;
    return DN_OK;
}

int dn_parse_double(const char *s, double lo, double hi, const char *what,
                    double *out, dn_err *err)
{
    DN_NEED(err, s);
    DN_NEED(err, what);
    DN_NEED(err, out);
    char *end = NULL;
    double v;
    if (!s || !*s)
        return dn_fail(err, DN_EINVAL, "%s is empty: expected a number in [%g, %g]", what,
                       lo, hi);
    errno = 0;
    v = strtod(s, &end);
    /* hexadecimal, inf and nan are not numbers a user writes for dcnet; an
     * underflow to a subnormal or zero (1e-320) is a finite number, an
     * overflow is not */
    if (end == s || *end != '\0' || !isfinite(v) || strpbrk(s, "xXnN") ||
        isspace((unsigned char)s[0]) || /* strtod skips it; a trailing one is refused */
        (errno == ERANGE && fabs(v) >= 1))
        return dn_fail(err, DN_EINVAL, "%s '%s' is not a finite decimal number", what, s);
    /* no sign, as for integers (base.h): "-0" and "+1" are refused; a
     * negative below lo is out of range, said as such */
    if ((s[0] == '+' || s[0] == '-') && !(v < lo))
        return dn_fail(err, DN_EINVAL, "%s '%s' has a sign: write the number alone (accepted: "
                                       "%.15g..%.15g)",
                       what, s, lo, hi);
    if (v == 0 && dn_mantissa_nonzero(s))
        return dn_fail(err, DN_ERANGE, "%s %s is too small: it would be read as 0 (the smallest "
                                       "number is 4.9e-324); write 0 for zero",
                       what, s);
    if (v < lo || v > hi) /* %.15g: 2147483648 never prints as 2.14748e+09 */
        return dn_fail(err, DN_ERANGE, "%s %s is out of range (accepted: %.15g..%.15g)", what,
                       s, lo, hi);
    *out = v;
    return DN_OK;
}

const char *dn_version(int *number)
{
    if (number)
        *number = DN_VERSION_NUMBER;
    return DN_VERSION;
}

#ifdef DN_DEBUG
/* A broken invariant is a bug, not bad input (dn_assert.h): say which and
 * stop where a debugger or sanitizer shows the stack. Debug builds only. */
void dn_assert_fail(const char *expr, const char *file, int line)
{
    fprintf(stderr, "dcnet: internal invariant broken: %s (%s:%d)\n", expr, file, line);
    __builtin_trap();
}
#endif

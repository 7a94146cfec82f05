/*
 * units.c - quantities as the user writes them (issue 29 item 2): a
 * bandwidth, a time or a size, a decimal number with an optional unit
 * right after it ("10GB/s", "1us", "1MiB"). Not from a paper: the one
 * parser behind @bw= and @lat=, graph-file cost columns, simulate's --ts,
 * --bytes and trace files, and exec's --bandwidth.
 *
 * Units (case matters: M is mega, m milli; B a byte, b a bit):
 *   bandwidth  B/s; kB/s = KB/s, MB/s, GB/s, TB/s (10^3k bytes per second);
 *              KiB/s, MiB/s, GiB/s (2^10k); Mb/s, Gb/s (10^6, 10^9 bits)
 *   time       s, ms, us, ns
 *   size       B; kB = KB, MB, GB (10^3k bytes); KiB, MiB, GiB (2^10k)
 * A bare number is the base unit: bytes per second, seconds, bytes.
 * A spelling that only differs in case from accepted units ("gb", "mb/s",
 * "Kb/s": bytes or bits, kilo or kibi?) is refused as ambiguous, naming
 * the forms it could mean; so is a unit of another quantity.
 *
 * Exactness: "3us" is the double nearest 3 x 10^-6, the same as "3e-6":
 * a decimal unit moves the number's decimal exponent before strtod rounds
 * it once; a binary unit (2^10k) or a bit (1/8) then scales by a power of
 * two, which is exact (short of overflow, refused).
 */
#include "dcnet/base.h"
#include "args_impl.h"
#include "names_impl.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

typedef struct unit {
    const char *name;
    int pow10;      /* decimal exponent the unit adds */
    double pow2;    /* then a power of two: 2^10k, 1/8 for bits, else 1 */
    const char *means;
} unit;

#define KI 1024.0
static const unit bw_units[] = {
    {"B/s", 0, 1, "bytes per second"},       {"kB/s", 3, 1, "10^3 bytes per second"},
    {"KB/s", 3, 1, "10^3 bytes per second"}, {"MB/s", 6, 1, "10^6 bytes per second"},
    {"GB/s", 9, 1, "10^9 bytes per second"}, {"TB/s", 12, 1, "10^12 bytes per second"},
    {"KiB/s", 0, KI, "2^10 bytes per second"}, {"MiB/s", 0, KI * KI, "2^20 bytes per second"},
    {"GiB/s", 0, KI * KI * KI, "2^30 bytes per second"},
    {"Mb/s", 6, 0.125, "10^6 bits per second"}, {"Gb/s", 9, 0.125, "10^9 bits per second"},
    {NULL, 0, 0, NULL}};
static const unit time_units[] = {{"s", 0, 1, "seconds"},
                                  {"ms", -3, 1, "10^-3 seconds"},
                                  {"us", -6, 1, "10^-6 seconds"},
                                  {"ns", -9, 1, "10^-9 seconds"},
                                  {NULL, 0, 0, NULL}};
static const unit size_units[] = {
    {"B", 0, 1, "bytes"},         {"kB", 3, 1, "10^3 bytes"},        {"KB", 3, 1, "10^3 bytes"},
    {"MB", 6, 1, "10^6 bytes"},   {"GB", 9, 1, "10^9 bytes"},        {"KiB", 0, KI, "2^10 bytes"},
    {"MiB", 0, KI * KI, "2^20 bytes"}, {"GiB", 0, KI * KI * KI, "2^30 bytes"},
    {NULL, 0, 0, NULL}};

static const unit *units_of(dn_quantity q)
{
    return q == DN_Q_BANDWIDTH ? bw_units : q == DN_Q_TIME ? time_units : size_units;
}

static const char *const q_names[] = {"bandwidth", "time", "size"};
DN_NAMES_DEFINE(quantity, q_names)

const char *dn_quantity_units(dn_quantity q)
{
    switch (q) {
    case DN_Q_BANDWIDTH:
        return "B/s, kB/s (or KB/s), MB/s, GB/s, TB/s (decimal), KiB/s, MiB/s, GiB/s (binary), "
               "Mb/s, Gb/s (bits); a bare number is bytes per second";
    case DN_Q_TIME: return "s, ms, us, ns; a bare number is seconds";
    case DN_Q_SIZE:
        return "B, kB (or KB), MB, GB (decimal), KiB, MiB, GiB (binary); a bare number is bytes";
    default: return NULL; /* not a dn_quantity */
    }
}

/* The length of the number at s: digits, an optional '.' and digits (one
 * digit at least), then an exponent only if digits follow its 'e' and
 * sign ("2e" is the number 2 and the unit "e"). 0 if s starts otherwise. */
static size_t number_len(const char *s, size_t *mant)
{
    size_t i = 0, digits = 0;
    while (s[i] >= '0' && s[i] <= '9')
        i++, digits++;
    if (s[i] == '.')
        for (i++; s[i] >= '0' && s[i] <= '9'; i++)
            digits++;
    if (!digits)
        return 0;
    *mant = i;
    if (s[i] == 'e' || s[i] == 'E') {
        size_t j = i + 1;
        if (s[j] == '+' || s[j] == '-')
            j++;
        if (s[j] >= '0' && s[j] <= '9') {
            while (s[j] >= '0' && s[j] <= '9')
                j++;
            i = j;
        }
    }
    return i;
}

/* The number s[0..len) with pow10 added to its decimal exponent, rounded
 * once (strtod). mant is where the mantissa ends. */
static double scaled(const char *s, size_t len, size_t mant, int pow10)
{
    char buf[400];
    long e = 0;
    if (mant < len) { /* an exponent: clamp it; past +-99999 strtod saturates anyway */
        e = strtol(s + mant + 1, NULL, 10);
        e = e > 99999 ? 99999 : e < -99999 ? -99999 : e;
    }
    if (mant > 300) /* 300 mantissa characters are more than a double holds */
        return NAN;
    snprintf(buf, sizeof buf, "%.*se%ld", (int)mant, s, e + pow10);
    return strtod(buf, NULL);
}

/* Forms of q that spell u in other case ("gb" -> "GB, Gb"), into buf. */
static int near_forms(dn_quantity q, const char *u, char *buf, size_t cap)
{
    int n = 0;
    size_t len = 0;
    buf[0] = '\0';
    for (const unit *x = units_of(q); x->name; x++)
        if (strcasecmp(x->name, u) == 0 && len < cap)
            len += (size_t)snprintf(buf + len, cap - len, "%s%s (%s)", n++ ? " or " : "",
                                    x->name, x->means);
    return n;
}

/* The unit u of q, or why not. */
static int find_unit(dn_quantity q, const char *s, const char *u, const char *what,
                     const unit **out, dn_err *err)
{
    for (const unit *x = units_of(q); x->name; x++)
        if (strcmp(x->name, u) == 0) {
            *out = x;
            return DN_OK;
        }
    char near[256];
    if (near_forms(q, u, near, sizeof near))
        return dn_fail(err, DN_EINVAL, "%s '%s': the unit '%s' is ambiguous (case tells bytes B "
                                       "from bits b, M from m): write %s",
                       what, s, u, near);
    if (*u == ' ' || *u == '\t')
        return dn_fail(err, DN_EINVAL, "%s '%s': write the unit right after the number, with no "
                                       "space (e.g. '10GB/s', '1us', '1MB')",
                       what, s);
    for (int k = 0; k < 3; k++) /* a unit of another quantity */
        for (const unit *x = units_of((dn_quantity)k); k != (int)q && x->name; x++)
            if (strcmp(x->name, u) == 0)
                return dn_fail(err, DN_EINVAL, "%s '%s': '%s' is a unit of %s, not of %s "
                                               "(accepted: %s)",
                               what, s, u, q_names[k], q_names[q], dn_quantity_units(q));
    return dn_fail(err, DN_EINVAL, "%s '%s': unknown unit '%s' (accepted: %s)", what, s, u,
                   dn_quantity_units(q));
}

int dn_parse_quantity(const char *s, dn_quantity q, double lo, double hi, const char *what,
                      double *out, int *unit_given, dn_err *err)
{
    DN_NEED(err, s);
    DN_NEED(err, what);
    DN_NEED(err, out);
    size_t mant = 0, len = s ? number_len(s, &mant) : 0;
    if ((unsigned)q > DN_Q_SIZE)
        return dn_fail(err, DN_EINVAL, "%s: unknown kind of quantity %d", what, (int)q);
    if (!len) /* no sign, space, hexadecimal, inf or nan: a digit or '.' first */
        return dn_fail(err, DN_EINVAL, "%s '%s' is not a decimal number with an optional unit "
                                       "(accepted: %s)",
                       what, s ? s : "", dn_quantity_units(q));
    const unit *u = NULL;
    int rc = s[len] ? find_unit(q, s, s + len, what, &u, err) : DN_OK;
    if (rc)
        return rc;
    double v = scaled(s, len, mant, u ? u->pow10 : 0) * (u ? u->pow2 : 1);
    if (!isfinite(v))
        return dn_fail(err, DN_EINVAL, "%s '%s' is not a finite number (at most %g in the base "
                                       "unit)",
                       what, s, DBL_MAX);
    if (v == 0 && dn_mantissa_nonzero(s)) /* "1e-400", "1e-320ns": never rounded to 0 */
        return dn_fail(err, DN_ERANGE, "%s %s is too small: it would be read as 0 (the smallest "
                                       "number is 4.9e-324 in the base unit); write 0 for zero",
                       what, s);
    if (v < lo || v > hi)
        return dn_fail(err, DN_ERANGE, "%s %s is out of range (accepted: %.15g..%.15g %s)", what,
                       s, lo, hi, q == DN_Q_BANDWIDTH ? "B/s" : q == DN_Q_TIME ? "s" : "B");
    *out = v;
    if (unit_given)
        *unit_given = u != NULL;
    return DN_OK;
}

/*
 * dcnet/base.h - status codes, error messages, checked arithmetic and the
 * random number generator shared by every dcnet module.
 *
 * Conventions (see docs/architecture.md):
 *  - every public function returns an int status (DN_OK == 0 on success);
 *  - detail goes into a caller-supplied dn_err (may be NULL), never a global;
 *  - the library never calls exit() or abort().
 * There is no global mutable state anywhere in libdcnet.
 */
#ifndef DCNET_BASE_H
#define DCNET_BASE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define DN_VERSION "0.1.0"

/* Status codes. Negative values are never returned. */
enum {
    DN_OK = 0,
    DN_EINVAL,   /* malformed argument, spec or file contents */
    DN_ENOMEM,   /* allocation failed */
    DN_ERANGE,   /* a size or value outside the supported range */
    DN_EIO,      /* reading or writing a file failed */
    DN_ENOTSUP,  /* feature not built in (optional library missing) */
    DN_ENOTFOUND,/* unknown name, node or item */
    DN_ELIMIT    /* work stopped at a stated limit (e.g. tree too large) */
};

/* Human-readable name of a status code; never NULL. */
const char *dn_strerror(int status);

/* Per-call error buffer: functions that fail write a one-line message here
 * saying what was wrong and, where possible, what is accepted. */
#define DN_ERR_LEN 512
typedef struct dn_err {
    char msg[DN_ERR_LEN];
} dn_err;

/* Formats a message into err (if err is not NULL) and returns status.
 * Used as `return dn_fail(err, DN_EINVAL, "bad %s", x);`. */
int dn_fail(dn_err *err, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Checked arithmetic on non-negative int64 sizes: return 0 and store the
 * result, or return 1 on overflow past INT64_MAX (result untouched). */
int dn_mul_ovf(int64_t a, int64_t b, int64_t *out);
int dn_add_ovf(int64_t a, int64_t b, int64_t *out);
/* base^exp for small non-negative values; 1 on overflow. */
int dn_pow_ovf(int64_t base, int exp, int64_t *out);

/* A byte count for messages, in the largest unit that keeps it above 1,
 * with three significant digits and never rounded to zero: "512 B",
 * "48.0 KiB", "1.49 GiB". Returns buf. */
const char *dn_fmt_bytes(char *buf, size_t cap, int64_t bytes);

/* Reads a text file, pipe or "-" (standard input) whole into *buf
 * (malloc'd, NUL-terminated after *len bytes; the caller frees it), at most
 * `limit` bytes: a larger regular file is refused before reading, with the
 * limit named as the memory limit (limit_is_mem: "raise --mem-limit") or
 * the file limit. A directory, and a file holding a NUL byte (refused at
 * once, without reading on), are DN_EINVAL. `what` names the file in
 * messages ("graph file", "tree file"). */
int dn_read_text(const char *path, const char *what, int64_t limit, int limit_is_mem,
                 char **buf, size_t *len, dn_err *err);

/* Strict decimal parsing of a whole string (no sign, no spaces, no junk).
 * Fails with DN_EINVAL (not a number) or DN_ERANGE (outside [lo, hi]),
 * naming `what` in the message. */
int dn_parse_i64(const char *s, int64_t lo, int64_t hi, const char *what,
                 int64_t *out, dn_err *err);
/* Same for a finite double in [lo, hi]. */
int dn_parse_double(const char *s, double lo, double hi, const char *what,
                    double *out, dn_err *err);

/* ------------------------------------------------------------------ RNG
 * xoshiro256** (Blackman & Vigna, 2018), seeded through splitmix64.
 * The caller owns the state; one dn_rng per thread or per trial. Streams
 * for parallel work come from dn_rng_stream(seed, i), which hashes the pair
 * so that results never depend on the thread count. */
typedef struct dn_rng {
    uint64_t s[4];
} dn_rng;

/* One splitmix64 step: advances *state, returns the next output. */
uint64_t dn_splitmix64(uint64_t *state);
void dn_rng_seed(dn_rng *rng, uint64_t seed);
/* Independent stream number `stream` of master seed `seed`. */
void dn_rng_stream(dn_rng *rng, uint64_t seed, uint64_t stream);
uint64_t dn_rng_next(dn_rng *rng);
/* Uniform integer in [0, bound), bound >= 1 (Lemire's method, unbiased). */
uint64_t dn_rng_below(dn_rng *rng, uint64_t bound);
/* Uniform double in [0, 1) with 53 random bits. */
double dn_rng_double(dn_rng *rng);

/* ------------------------------------------------------------ threads
 * Runs fn(ctx, begin, end, tid) over [0, count) in chunks of `chunk`
 * indices, handed out dynamically to `threads` workers (the caller's thread
 * is worker 0). With threads <= 1 it is a plain loop. Returns DN_OK, or the
 * first non-zero value fn returned (remaining chunks are then skipped).
 * Results must not depend on which worker ran a chunk: write them by index. */
typedef int (*dn_range_fn)(void *ctx, int64_t begin, int64_t end, int tid);
int dn_parallel_for(int threads, int64_t count, int64_t chunk, dn_range_fn fn, void *ctx);
/* After a failed parallel run where each worker wrote its own dn_err
 * (empty message: no error): copies the first worker's message to err. */
void dn_parallel_error(const dn_err *errs, int workers, dn_err *err);

#ifdef __cplusplus
}
#endif
#endif

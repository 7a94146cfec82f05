/*
 * dcnet/base.h - status codes, error messages, checked arithmetic and the
 * random number generator shared by every dcnet module.
 *
 * Conventions (see docs/architecture.md):
 *  - every public function returns an int status (DN_OK == 0 on success);
 *  - detail goes into a caller-supplied dn_err (may be NULL), never a global;
 *  - the library never calls exit() or abort().
 * There is no global mutable state anywhere in libdcnet.
 *
 * The contract of every function (issue 37; tests/test_contract.c holds
 * every function of these headers to it, table-driven, and fails on a new
 * one without an entry), said here once for all:
 *  - a function that returns a status and takes a dn_err refuses a NULL
 *    where it needs an object, a string, an array or a place for its
 *    result: DN_EINVAL, with a message naming the function and the
 *    argument; only arguments documented "may be NULL" (or "NULL: ...")
 *    are optional. It never crashes and never prints;
 *  - every *_free and *_close accepts NULL and a zeroed struct;
 *  - an argument of an enum type outside the enum is refused (DN_EINVAL
 *    with a message, or the documented -1 / NULL of a function without
 *    one); every enum's dn_X_name(v) is NULL out of range, dn_X_parse
 *    returns DN_ENOTFOUND for NULL or another name and DN_EINVAL for a
 *    NULL out;
 *  - every writer (dn_net_write, dn_csr_write, dn_tree_write,
 *    dn_place_write) flushes the stream and reports a failed write (a full
 *    disk) as DN_EIO: a DN_OK means the bytes left the stream's buffer;
 *  - helpers that return a value, not a status (closed forms, catalogues,
 *    labels into a caller's buffer) return the documented -1, 0 or NULL
 *    outside their domain instead of making an answer up;
 *  - accessors - the O(1) functions that return a field or an index of an
 *    object (dn_tree_parent, dn_embed_place, dn_net_processors,
 *    dn_rng_next ...) - sit on the hot paths: they take a valid object and
 *    in-range indices and do not check them.
 */
#ifndef DCNET_BASE_H
#define DCNET_BASE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* DN_API marks the library's interface: the functions declared in these
 * headers, and nothing else, are exported from libdcnet.so (the library is
 * built with -fvisibility=hidden; make check compares the exported symbols
 * with these declarations). Compilers without visibility see nothing. */
#if defined(__GNUC__) && !defined(_WIN32)
#define DN_API __attribute__((visibility("default")))
#else
#define DN_API
#endif

/* The version of these headers. The library's own is dn_version(): a
 * program checks at run time that the library it loaded is the one it was
 * built against (the same MAJOR: the ABI, libdcnet.so.MAJOR; while MAJOR is
 * 0 the ABI is not frozen, and a MINOR may change it: 0.2 made dn_embed and
 * dn_router opaque and gave dn_err its param; 0.3 grew dn_embed_opts,
 * dn_metrics, dn_refine_fig and dn_best_candidate for issue 31's
 * placements). DN_VERSION is
 * the three numbers as a string (the Makefile reads it from this line). */
#define DN_VERSION_MAJOR 0
#define DN_VERSION_MINOR 3
#define DN_VERSION_PATCH 0
#define DN_VERSION "0.3.0"
/* One number that orders versions: MAJOR * 10000 + MINOR * 100 + PATCH. */
#define DN_VERSION_NUMBER (DN_VERSION_MAJOR * 10000 + DN_VERSION_MINOR * 100 + DN_VERSION_PATCH)

/* The version of the library that is running, "MAJOR.MINOR.PATCH" (static
 * storage; never NULL), and its DN_VERSION_NUMBER in *number if not NULL. */
DN_API const char *dn_version(int *number);

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
DN_API const char *dn_strerror(int status);

/* Per-call error buffer: functions that fail write a one-line message here
 * saying what was wrong and, where possible, what is accepted.
 *
 * The message speaks of the library's own parameters, in words ("over the
 * memory limit of 8.00 GiB; raise the memory limit", "mapping zrl on
 * debruijn:4 needs tree binomial:4"), never of a program's options: no
 * library message names a command-line flag. When a failure is about
 * parameters the caller chose, `param` names them (static storage,
 * space-separated, e.g. "mem_limit" or "map tree"; NULL when the failure is
 * about none): the names are the fields and arguments of this API, listed
 * in docs/architecture.md ("Error messages"). A program maps them to its
 * own options; dcnet's CLI adds "(option --mem-limit)" to the message it
 * prints. */
#define DN_ERR_LEN 512
typedef struct dn_err {
    char msg[DN_ERR_LEN];
    const char *param; /* the parameter(s) at fault, or NULL */
} dn_err;

/* Formats a message into err (if err is not NULL), clears err->param and
 * returns status. Used as `return dn_fail(err, DN_EINVAL, "bad %s", x);`. */
DN_API int dn_fail(dn_err *err, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The same, recording in err->param which parameter(s) the failure is
 * about (a string of static storage, e.g. "mem_limit"; see dn_err). */
DN_API int dn_fail_param(dn_err *err, int status, const char *param, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Checked arithmetic on non-negative int64 sizes: return 0 and store the
 * result, or return 1 on overflow past INT64_MAX (result untouched). */
DN_API int dn_mul_ovf(int64_t a, int64_t b, int64_t *out);
DN_API int dn_add_ovf(int64_t a, int64_t b, int64_t *out);
/* base^exp for small non-negative values; 1 on overflow. */
DN_API int dn_pow_ovf(int64_t base, int exp, int64_t *out);

/* A byte count for messages, in the largest unit that keeps it above 1,
 * with three significant digits and never rounded to zero: "512 B",
 * "48.0 KiB", "1.49 GiB". Returns buf. */
DN_API const char *dn_fmt_bytes(char *buf, size_t cap, int64_t bytes);

/* ------------------------------------------------------------ input
 * The one input path (issue 26, section 3): every file dcnet reads, and
 * every buffer its parsers are handed, goes through a dn_input, so that
 * every reader gets the same guarantees:
 *  - a path, "-" (standard input) or bytes in memory; a directory is
 *    refused; a regular file larger than the limit is refused before a
 *    byte is read, a pipe when it passes the limit;
 *  - the limit is named in the message as the memory limit ("raise it",
 *    dn_err.param "mem_limit") or as the reader's own (its `why`, e.g. "a placement of
 *    8 tasks");
 *  - a UTF-8 byte order mark opening the input is skipped; a NUL byte is
 *    refused at once with its offset and line (no text format dcnet reads
 *    holds one, and /dev/zero would otherwise be read to the limit);
 *    "\r\n" ends a line as "\n" does, and so does a "\r" ending the
 *    input; any other carriage return is refused (DN_EINVAL) with its
 *    line, by dn_input_line and dn_input_all alike;
 *  - line numbers for every message (dn_input_fail: "WHAT 'PATH' line N:").
 * Read it by lines (dn_input_line: constant memory, a line at most
 * max_line bytes) or whole (dn_input_all). The struct's fields are
 * private. */
typedef struct dn_input {
    FILE *f;              /* the stream, or NULL for a buffer in memory */
    int owns;             /* 1: f was opened here and is closed here */
    const char *mem;      /* a buffer in memory (f == NULL) */
    size_t mem_len, mem_pos;
    const char *name;     /* path as given ("-": standard input), borrowed */
    const char *what;     /* "tree file", "placement file" ..., borrowed */
    const char *why;      /* what the limit is, for messages (NULL: default) */
    int64_t limit;        /* bytes the input may hold */
    int limit_is_mem;
    int64_t bytes;        /* bytes taken from the source so far */
    int64_t line;         /* number of the line last returned (0: none yet) */
    char *buf;            /* read buffer: unconsumed bytes in [pos, len) */
    size_t cap, len, pos;
    size_t max_line;      /* longest line dn_input_line returns */
    int eof, started;
    char *lbuf;           /* the line returned last (a copy) */
    size_t lcap;
    size_t mark;          /* dn_input_mark: bytes from here are kept (SIZE_MAX: none) */
    int64_t mark_line;
} dn_input;

/* Default longest line: 1 MiB. */
#define DN_INPUT_MAX_LINE ((size_t)1 << 20)

/* Opens path ("-": standard input) for reading at most `limit` bytes,
 * `what` naming it in messages ("tree file"); limit_is_mem says whether
 * the limit is the memory limit. A directory, a file that cannot be opened
 * (DN_EINVAL) and a regular file above the limit (DN_ELIMIT) are refused
 * here. On failure *in is left closed (dn_input_close is harmless). The
 * strings are borrowed: they must outlive *in. Time O(1). */
DN_API int dn_input_open(dn_input *in, const char *path, const char *what, int64_t limit,
                  int limit_is_mem, dn_err *err);
/* The same over len bytes in memory (a parser's buffer, a fuzz input):
 * the same byte order mark, NUL, line-ending and limit rules. Borrowed. */
DN_API void dn_input_mem(dn_input *in, const char *buf, size_t len, const char *name, const char *what,
                  int64_t limit); /* O(1); cannot fail */
/* What the limit means, for its message (borrowed; NULL: "the file
 * limit" or the memory limit's "raise it"), e.g. "a placement of
 * 8 tasks takes at most 1.00 MiB of text". */
DN_API void dn_input_set_why(dn_input *in, const char *why); /* O(1) */
/* The next line without its "\n" or "\r\n", NUL-terminated, in *line
 * (valid until the next call; *len its length), or *line = NULL at the
 * end. DN_EINVAL for a NUL byte or a bare carriage return, DN_ELIMIT past the limit or for a line
 * longer than in->max_line (set it after opening; default
 * DN_INPUT_MAX_LINE). Memory O(longest line); time O(line). */
DN_API int dn_input_line(dn_input *in, char **line, size_t *len, dn_err *err);
/* The rest of the input whole: *buf malloc'd (the caller frees it),
 * NUL-terminated after *len bytes, "\r\n" turned into "\n" (a bare
 * carriage return refused, DN_EINVAL, with its line). A regular
 * file is read into one allocation of its size. Time O(bytes). */
DN_API int dn_input_all(dn_input *in, char **buf, size_t *len, dn_err *err);
/* dn_input_mark remembers the place of the next line; dn_input_rewind goes
 * back there (once), so that a reader may look at the first lines to
 * tell a format and then read them again, from a pipe too. The bytes
 * after the mark stay in memory until the rewind (within the limit). */
DN_API void dn_input_mark(dn_input *in);   /* O(1) */
DN_API void dn_input_rewind(dn_input *in); /* O(1); without a mark, nothing */
/* The input's name in messages: its path, or "standard input". */
DN_API const char *dn_input_name(const dn_input *in); /* O(1); borrowed */
/* Number of the line dn_input_line returned last (1 for the first). */
DN_API int64_t dn_input_lineno(const dn_input *in); /* O(1) */
/* "WHAT 'NAME' line N: " + the message into err; returns status. O(1). */
DN_API int dn_input_fail(const dn_input *in, dn_err *err, int status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Closes a stream opened here (standard input stays open) and frees the
 * buffers; *in is zeroed. Safe on a zeroed or closed input. O(1). */
DN_API void dn_input_close(dn_input *in);

/* Reads a text file, pipe or "-" (standard input) whole into *buf
 * (malloc'd, NUL-terminated after *len bytes; the caller frees it), at most
 * `limit` bytes, through dn_input (byte order mark skipped, "\r\n" read as
 * "\n", NUL refused): a larger regular file is refused before reading,
 * with the limit named as the memory limit (limit_is_mem: "raise
 * it", dn_err.param "mem_limit") or the file limit. A directory, and a file holding a NUL
 * byte, are DN_EINVAL. `what` names the file in messages ("graph file",
 * "tree file"). Time O(bytes). */
DN_API int dn_read_text(const char *path, const char *what, int64_t limit, int limit_is_mem,
                 char **buf, size_t *len, dn_err *err);

/* ------------------------------------------------------ value files
 * dcnet's value file (embed --weights, simulate --sizes, balance --loads,
 * the list placement): one decimal number per line in [lo, hi]; '#'
 * starts a comment (a whole line, or after the value); blank lines are
 * skipped. A first line "# dcnet values count=T" (dcnet writes it)
 * promises T values and the last line "# end count=T": a file cut short
 * is refused as truncated, a trailer that disagrees with the header as
 * such, and no value may follow the trailer.
 * With want > 0 exactly want values are read and the reading stops at the
 * first value past them, or at once when the header promises another
 * count; with want == 0, 1 .. max values. *out is malloc'd (the caller
 * frees it), *n values. Messages: "WHAT 'PATH' line N: ..." with `what`
 * naming a value ("placement 9 is out of range"). Memory O(values); time
 * O(bytes). */
DN_API int dn_values_read(dn_input *in, int64_t want, int64_t max, double lo, double hi,
                   const char *what, double **out, int64_t *n, dn_err *err);
/* The same, where a line may also name its value: fn(ctx, line, &value,
 * &e) returns DN_OK with the value, DN_ENOTFOUND for a line it does not
 * name (read as a number then), or another status with its message in e
 * (the list placement names nodes as id:N and label:S this way). */
typedef int (*dn_value_fn)(void *ctx, const char *s, double *value, dn_err *e);
DN_API int dn_values_read_named(dn_input *in, int64_t want, int64_t max, double lo, double hi,
                                dn_value_fn fn, void *ctx, const char *what, double **out,
                                int64_t *n, dn_err *err);

/* The shortest decimal form of a finite double that reads back as the same
 * double (%.15g, %.16g or %.17g, whichever is first exact), into buf
 * (cap >= 32); returns buf. Writers use it so that every value
 * round-trips. O(1); cannot fail. */
DN_API const char *dn_fmt_double(char *buf, size_t cap, double x);

/* Strict decimal parsing of a whole string (no sign, no spaces, no junk).
 * Fails with DN_EINVAL (not a number, or a sign) or DN_ERANGE (outside
 * [lo, hi]; a negative number below lo is said to be out of range),
 * naming `what` in the message. */
DN_API int dn_parse_i64(const char *s, int64_t lo, int64_t hi, const char *what,
                 int64_t *out, dn_err *err);
/* Same for a finite double in [lo, hi]: no sign ("+1", "-0" are
 * refused), and a nonzero literal that would be read as 0 ("1e-400") is
 * DN_ERANGE, never rounded into another value (a subnormal is kept). */
DN_API int dn_parse_double(const char *s, double lo, double hi, const char *what,
                    double *out, dn_err *err);

/* ------------------------------------------------------------ quantities
 * A bandwidth, a time or a size as a user writes it (src/base/units.c):
 * a decimal number (no sign, space, hexadecimal, inf or nan) and an
 * optional unit right after it, case-sensitive:
 *   DN_Q_BANDWIDTH  B/s kB/s KB/s MB/s GB/s TB/s KiB/s MiB/s GiB/s Mb/s Gb/s
 *   DN_Q_TIME       s ms us ns
 *   DN_Q_SIZE       B kB KB MB GB KiB MiB GiB
 * (k, M, G, T decimal; Ki, Mi, Gi binary; b a bit, B a byte). A bare
 * number is in the base unit: bytes per second, seconds, bytes. A nonzero
 * number that would be 0 in the base unit ("1e-400s") is DN_ERANGE. */
typedef enum dn_quantity { DN_Q_BANDWIDTH = 0, DN_Q_TIME = 1, DN_Q_SIZE = 2 } dn_quantity;
/* The name of each value, "bandwidth", "time", "size" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_quantity_name(dn_quantity v);
DN_API int dn_quantity_parse(const char *s, dn_quantity *out);
/* Parses the whole of s as a quantity of kind q into *out, in the base
 * unit, in [lo, hi]; *unit_given (may be NULL) says whether s had a unit.
 * "3us" gives the same double as "3e-6" (one rounding). DN_EINVAL names
 * `what` and s: not a number, an unknown unit (listing the accepted
 * ones), a unit that only differs in case from accepted ones ("gb":
 * bytes or bits?) or of another quantity ("10ms" as a bandwidth);
 * DN_ERANGE outside [lo, hi]. Nothing is written on failure. O(length). */
DN_API int dn_parse_quantity(const char *s, dn_quantity q, double lo, double hi, const char *what,
                      double *out, int *unit_given, dn_err *err);
/* The accepted units of q, for messages and help texts (static; NULL for
 * a q outside dn_quantity). O(1). */
DN_API const char *dn_quantity_units(dn_quantity q);
/* dn_values_read with each value a quantity of kind q (dn_parse_quantity:
 * "1MB", "2us"; a bare number in q's base unit), as simulate --sizes
 * reads message sizes. Same ownership, failures and cost. */
DN_API int dn_values_read_quantity(dn_input *in, int64_t want, int64_t max, dn_quantity q, double lo,
                            double hi, const char *what, double **out, int64_t *n, dn_err *err);

/* ------------------------------------------------------------------ RNG
 * xoshiro256** (Blackman & Vigna, 2018), seeded through splitmix64.
 * The caller owns the state; one dn_rng per thread or per trial. Streams
 * for parallel work come from dn_rng_stream(seed, i), which hashes the pair
 * so that results never depend on the thread count. */
typedef struct dn_rng {
    uint64_t s[4];
} dn_rng;

/* One splitmix64 step: advances *state, returns the next output. */
DN_API uint64_t dn_splitmix64(uint64_t *state);
DN_API void dn_rng_seed(dn_rng *rng, uint64_t seed);
/* Independent stream number `stream` of master seed `seed`. */
DN_API void dn_rng_stream(dn_rng *rng, uint64_t seed, uint64_t stream);
DN_API uint64_t dn_rng_next(dn_rng *rng);
/* Uniform integer in [0, bound), bound >= 1 (Lemire's method, unbiased). */
DN_API uint64_t dn_rng_below(dn_rng *rng, uint64_t bound);
/* Uniform double in [0, 1) with 53 random bits. */
DN_API double dn_rng_double(dn_rng *rng);

/* ------------------------------------------------------------ threads
 * Runs fn(ctx, begin, end, tid) over [0, count) in chunks of `chunk`
 * indices, handed out dynamically to `threads` workers (the caller's thread
 * is worker 0). With threads <= 1 it is a plain loop. Returns DN_OK, or the
 * first non-zero value fn returned (remaining chunks are then skipped).
 * Results must not depend on which worker ran a chunk: write them by index. */
typedef int (*dn_range_fn)(void *ctx, int64_t begin, int64_t end, int tid);
DN_API int dn_parallel_for(int threads, int64_t count, int64_t chunk, dn_range_fn fn, void *ctx);

/* A pool of threads kept for many parallel loops (a walk's steps): made
 * once, its threads - 1 workers sleep between loops. Owned by the caller
 * (dn_pool_free; NULL is a pool of one thread, the caller's). dn_pool_init
 * makes as many workers as the system gives (dn_pool_threads says how
 * many, the caller's thread included); it fails only without memory.
 * dn_pool_for runs fn over [0, count) as dn_parallel_for does, on the
 * pool's threads; one loop at a time per pool (not reentrant, not to be
 * called from two threads at once). Results written by index are the
 * same for any pool size. */
typedef struct dn_pool dn_pool;
DN_API int dn_pool_init(dn_pool **pool, int threads, dn_err *err);
DN_API void dn_pool_free(dn_pool *pool);
DN_API int dn_pool_threads(const dn_pool *pool);
DN_API int dn_pool_for(dn_pool *pool, int64_t count, int64_t chunk, dn_range_fn fn, void *ctx);

/* Progress of parallel work, shared by its workers: each adds what it has
 * done; the caller's thread (tid 0) reports done / total to fn (which may
 * be NULL), so a progress callback is only ever called from the thread
 * that started the work. */
typedef void (*dn_progress_fn)(void *ctx, double fraction);
typedef struct dn_progress_counter {
    int64_t done, total; /* done: updated atomically */
    dn_progress_fn fn;
    void *ctx;
} dn_progress_counter;
DN_API void dn_progress_init(dn_progress_counter *c, int64_t total, dn_progress_fn fn, void *ctx);
DN_API void dn_progress_add(dn_progress_counter *c, int64_t k, int tid);
/* After a failed parallel run where each worker wrote its own dn_err
 * (empty message: no error): copies the first worker's message to err. */
DN_API void dn_parallel_error(const dn_err *errs, int workers, dn_err *err);

#ifdef __cplusplus
}
#endif
#endif

/*
 * textfile.c - the one input path (issue 26, section 3): every text file
 * dcnet reads (graph, target, tree, placement, value, hosts and trace
 * files, sweep journals) and every buffer its parsers are handed goes
 * through a dn_input. Not from a paper: the plumbing that makes a class of
 * reader bugs impossible instead of fixing each reader once.
 *
 * Invariants, whatever the source (a path, standard input, a pipe, a
 * buffer in memory):
 *  - at most `limit` bytes are taken from it: a regular file above the
 *    limit is refused before reading, anything else when it passes it;
 *  - a UTF-8 byte order mark at the start is skipped (spreadsheets write
 *    one before "id,parent"), so no reader ever sees it;
 *  - a NUL byte is refused at once, with its offset and line: no text
 *    format dcnet reads holds one, and /dev/zero would otherwise be read
 *    to the limit;
 *  - "\r\n" ends a line as "\n" does (a file from Windows reads the same),
 *    and so does a "\r" that ends the input; any other carriage return is
 *    refused with its line (issue 37 item 2: one reader cut a line there
 *    and read the rest as a comment, the others each refused it in words
 *    of their own), so that no reader needs a rule for it;
 *  - a line is at most max_line bytes when read by lines, so memory is the
 *    longest line, not the file.
 * The read buffer holds unconsumed bytes in [pos, len); lines are cut in
 * place there (the '\n' becomes a NUL).
 */
#include "dcnet/base.h"
#include "args_impl.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CHUNK ((size_t)1 << 16)

static const char *src_name(const dn_input *in)
{
    return in->f && in->f == stdin && !in->owns ? "standard input" : in->name;
}

static int too_big(const dn_input *in, dn_err *err, int64_t size)
{
    char a[32], b[32];
    const char *why = in->why              ? in->why
                      : in->limit_is_mem ? "the memory limit; raise it"
                                         : "the file limit";
    const char *param = !in->why && in->limit_is_mem ? "mem_limit" : NULL;
    dn_fmt_bytes(b, sizeof b, in->limit);
    if (size < 0)
        return dn_fail_param(err, DN_ELIMIT, param, "%s '%s' is larger than %s (%s)", in->what,
                             src_name(in), b, why);
    return dn_fail_param(err, DN_ELIMIT, param, "%s '%s' is %s; the limit is %s (%s)", in->what,
                         src_name(in), dn_fmt_bytes(a, sizeof a, size), b, why);
}

static void reset(dn_input *in, const char *name, const char *what, int64_t limit)
{
    memset(in, 0, sizeof *in);
    in->name = name;
    in->what = what;
    in->limit = limit > 0 ? limit : INT64_MAX;
    in->max_line = DN_INPUT_MAX_LINE;
    in->mark = SIZE_MAX;
}

int dn_input_open(dn_input *in, const char *path, const char *what, int64_t limit,
                  int limit_is_mem, dn_err *err)
{
    DN_NEED(err, in);
    DN_NEED(err, path);
    DN_NEED(err, what);
    struct stat st;
    reset(in, path, what, limit);
    in->limit_is_mem = limit_is_mem;
    int is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return dn_fail(err, DN_EINVAL, "cannot open %s '%s': %s", what, path, strerror(errno));
    in->f = f;
    in->owns = !is_stdin;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        dn_input_close(in);
        return dn_fail(err, DN_EINVAL, "%s '%s' is a directory", what, path);
    }
    return DN_OK; /* (a regular file's size: checked before its first byte is read, once
                     the caller has said what the limit means) */
}

void dn_input_mem(dn_input *in, const char *buf, size_t len, const char *name, const char *what,
                  int64_t limit)
{
    if (!in)
        return;
    reset(in, name, what, limit);
    in->mem = buf;
    in->mem_len = len;
}

void dn_input_set_why(dn_input *in, const char *why)
{
    if (in)
        in->why = why;
}

void dn_input_close(dn_input *in)
{
    if (!in)
        return;
    if (in->f && in->owns)
        fclose(in->f);
    free(in->buf);
    free(in->lbuf);
    memset(in, 0, sizeof *in);
}

void dn_input_mark(dn_input *in)
{
    if (!in)
        return;
    in->mark = in->pos;
    in->mark_line = in->line;
}

void dn_input_rewind(dn_input *in)
{
    if (!in || in->mark == SIZE_MAX)
        return;
    in->pos = in->mark;
    in->line = in->mark_line;
    in->mark = SIZE_MAX;
}

const char *dn_input_name(const dn_input *in)
{
    return in ? src_name(in) : NULL;
}

int64_t dn_input_lineno(const dn_input *in)
{
    return in ? in->line : 0;
}

int dn_input_fail(const dn_input *in, dn_err *err, int status, const char *fmt, ...)
{
    DN_NEED(err, in);
    DN_NEED(err, fmt);
    if (err) {
        char msg[DN_ERR_LEN];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        dn_fail(err, status, "%s '%s' line %lld: %s", in->what, src_name(in),
                (long long)in->line, msg);
    }
    return status;
}

/* Up to `want` more bytes from the source into buf + len; 0 at the end.
 * Refuses a NUL byte (offset and line: newlines counted up to it) and a
 * source past the limit. */
static int fill(dn_input *in, size_t want, size_t *got, dn_err *err)
{
    size_t n;
    char *at = in->buf + in->len;
    struct stat st;
    if (in->f && !in->started && fstat(fileno(in->f), &st) == 0 && S_ISREG(st.st_mode) &&
        (int64_t)st.st_size > in->limit)
        return too_big(in, err, (int64_t)st.st_size); /* before reading a byte */
    if (in->f) {
        n = fread(at, 1, want, in->f);
        if (n == 0 && ferror(in->f))
            return dn_fail(err, DN_EIO, "cannot read %s '%s': %s", in->what, src_name(in),
                           strerror(errno));
    } else {
        n = in->mem_len - in->mem_pos < want ? in->mem_len - in->mem_pos : want;
        memcpy(at, in->mem + in->mem_pos, n);
        in->mem_pos += n;
    }
    if (!in->started && n > 0) { /* a UTF-8 byte order mark opens the text */
        in->started = 1;
        if (n >= 3 && memcmp(at, "\xEF\xBB\xBF", 3) == 0) {
            memmove(at, at + 3, n - 3);
            n -= 3;
            in->bytes += 3;
        }
    }
    const char *nul = n ? memchr(at, '\0', n) : NULL;
    if (nul) {
        int64_t line = in->line + 1;
        for (const char *p = in->buf + in->pos; (p = memchr(p, '\n', (size_t)(nul - p))); p++)
            line++;
        return dn_fail(err, DN_EINVAL, "%s '%s' holds a NUL byte at offset %lld (line %lld): "
                                       "it is not a text file of a format dcnet reads",
                       in->what, src_name(in), (long long)(in->bytes + (nul - at)),
                       (long long)line);
    }
    in->bytes += (int64_t)n;
    if (in->bytes > in->limit)
        return too_big(in, err, -1);
    in->len += n;
    *got = n;
    if (n == 0)
        in->eof = 1;
    return DN_OK;
}

/* Room for `need` more bytes after len and a NUL, growing the buffer (at
 * least doubling it, so that a pipe costs O(bytes) in copies). */
static int reserve(dn_input *in, size_t need, dn_err *err)
{
    if (in->cap - in->len >= need + 1)
        return DN_OK;
    size_t nc = in->cap ? in->cap * 2 : CHUNK;
    if (nc < in->len + need + 1)
        nc = in->len + need + 1;
    char *nb = realloc(in->buf, nc);
    if (!nb)
        return dn_fail(err, DN_ENOMEM, "out of memory reading %s '%s'", in->what, src_name(in));
    in->buf = nb;
    in->cap = nc;
    return DN_OK;
}

/* A carriage return that neither precedes a '\n' nor ends the input, on
 * line `line`: refused, the same words from every reader. */
static int bare_cr(const dn_input *in, dn_err *err, int64_t line)
{
    return dn_fail(err, DN_EINVAL, "%s '%s' line %lld: a carriage return (\\r) inside a line: "
                                   "lines end with \\n or \\r\\n (old Mac line ends: convert "
                                   "them with tr '\\r' '\\n')",
                   in->what, src_name(in), (long long)line);
}

/* The line in buf[pos, pos + n) as a NUL-terminated copy in lbuf. */
static int take_line(dn_input *in, size_t n, size_t skip, char **line, size_t *len, dn_err *err)
{
    const char *s = in->buf + in->pos;
    in->pos += n + skip;
    if (n > 0 && s[n - 1] == '\r')
        n--;
    if (n + 1 > in->lcap) {
        size_t nc = in->lcap ? in->lcap : 256;
        while (nc < n + 1)
            nc *= 2;
        char *p = realloc(in->lbuf, nc);
        if (!p)
            return dn_fail(err, DN_ENOMEM, "out of memory reading %s '%s'", in->what,
                           src_name(in));
        in->lbuf = p;
        in->lcap = nc;
    }
    memcpy(in->lbuf, s, n);
    in->lbuf[n] = '\0';
    in->line++;
    if (memchr(in->lbuf, '\r', n))
        return bare_cr(in, err, in->line);
    *line = in->lbuf;
    *len = n;
    return DN_OK;
}

int dn_input_line(dn_input *in, char **line, size_t *len, dn_err *err)
{
    DN_NEED(err, in);
    DN_NEED(err, line);
    DN_NEED(err, len);
    int rc;
    *line = NULL;
    *len = 0;
    size_t scanned = 0; /* bytes after pos known to hold no '\n' */
    for (;;) {
        char *s = in->buf + in->pos;
        size_t have = in->len - in->pos;
        char *nl = have > scanned ? memchr(s + scanned, '\n', have - scanned) : NULL;
        if (nl || (in->eof && have > 0)) {
            size_t n = nl ? (size_t)(nl - s) : have;
            if (n > in->max_line)
                break;
            return take_line(in, n, nl != NULL, line, len, err);
        }
        if (in->eof)
            return DN_OK;
        scanned = have;
        if (have > in->max_line)
            break;
        size_t keep = in->mark < in->pos ? in->mark : in->pos; /* the mark keeps its bytes */
        if (keep > 0) {
            memmove(in->buf, in->buf + keep, in->len - keep);
            in->len -= keep;
            in->pos -= keep;
            if (in->mark != SIZE_MAX)
                in->mark -= keep;
        }
        size_t got;
        if ((rc = reserve(in, CHUNK, err)) || (rc = fill(in, CHUNK, &got, err)))
            return rc;
    }
    char a[32];
    in->line++;
    return dn_input_fail(in, err, DN_ELIMIT, "a line longer than %s (the longest a %s may hold)",
                         dn_fmt_bytes(a, sizeof a, (int64_t)in->max_line), in->what);
}

int dn_input_all(dn_input *in, char **out, size_t *outlen, dn_err *err)
{
    DN_NEED(err, in);
    DN_NEED(err, out);
    DN_NEED(err, outlen);
    int rc;
    struct stat st;
    *out = NULL;
    *outlen = 0;
    /* a regular file: one allocation of its size (plus a chunk, in case it
     * grows while read), no doubling */
    if (in->f && !in->started && fstat(fileno(in->f), &st) == 0 && S_ISREG(st.st_mode) &&
        (int64_t)st.st_size <= in->limit && (rc = reserve(in, (size_t)st.st_size + 1, err)))
        return rc;
    for (;;) {
        size_t got, room;
        if (in->eof)
            break;
        if (in->cap - in->len < 2 && (rc = reserve(in, CHUNK, err)))
            return rc;
        room = in->cap - in->len - 1;
        if ((rc = fill(in, room, &got, err)))
            return rc;
    }
    /* the unconsumed bytes, with "\r\n" as "\n" and a last "\r" dropped;
     * another "\r" is refused (the rule dn_input_line keeps) */
    char *s = in->buf ? in->buf + in->pos : NULL;
    size_t n = in->buf ? in->len - in->pos : 0, w = 0;
    int64_t line = in->line + 1;
    for (size_t r = 0; r < n; r++) {
        if (s[r] == '\n')
            line++;
        if (s[r] != '\r')
            s[w++] = s[r];
        else if (r + 1 < n && s[r + 1] != '\n')
            return bare_cr(in, err, line);
    }
    char *buf = in->buf;
    if (!buf && !(buf = malloc(1)))
        return dn_fail(err, DN_ENOMEM, "out of memory reading %s '%s'", in->what, src_name(in));
    if (in->pos)
        memmove(buf, buf + in->pos, w);
    buf[w] = '\0';
    in->buf = NULL; /* handed to the caller */
    in->cap = in->len = in->pos = 0;
    *out = buf;
    *outlen = w;
    return DN_OK;
}

int dn_read_text(const char *path, const char *what, int64_t limit, int limit_is_mem,
                 char **buf, size_t *len, dn_err *err)
{
    DN_NEED(err, path);
    DN_NEED(err, what);
    DN_NEED(err, buf);
    DN_NEED(err, len);
    dn_input in;
    *buf = NULL;
    *len = 0;
    int rc = dn_input_open(&in, path, what, limit, limit_is_mem, err);
    if (!rc)
        rc = dn_input_all(&in, buf, len, err);
    dn_input_close(&in);
    return rc;
}

const char *dn_fmt_double(char *buf, size_t cap, double x)
{
    if (!buf || cap == 0)
        return NULL; /* nowhere to write */
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(buf, cap, "%.*g", prec, x);
        if (!isfinite(x) || strtod(buf, NULL) == x)
            break;
    }
    return buf;
}

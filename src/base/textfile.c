/*
 * textfile.c - reading a whole text file (graph files, tree files) into
 * memory, safely: a regular file larger than the limit is refused before
 * reading, a pipe is read up to the limit, a directory is refused, and a
 * NUL byte stops the read at once (no text format dcnet reads holds one,
 * and /dev/zero would otherwise be read to the limit).
 */
#include "dcnet/base.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int too_big(dn_err *err, const char *what, const char *path, int64_t size, int64_t limit,
                   int limit_is_mem)
{
    char a[32], b[32];
    const char *why = limit_is_mem ? "the memory limit; raise --mem-limit" : "the file limit";
    if (size < 0)
        return dn_fail(err, DN_ELIMIT, "%s '%s' is larger than %s (%s)", what, path,
                       dn_fmt_bytes(b, sizeof b, limit), why);
    return dn_fail(err, DN_ELIMIT, "%s '%s' is %s; the limit is %s (%s)", what, path,
                   dn_fmt_bytes(a, sizeof a, size), dn_fmt_bytes(b, sizeof b, limit), why);
}

static int read_stream(FILE *f, const char *what, const char *path, int64_t limit,
                       int limit_is_mem, char **out, size_t *len, dn_err *err)
{
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    if (!buf)
        return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
    for (;;) {
        size_t got;
        if (n == cap) {
            char *nb;
            if ((int64_t)cap >= limit) {
                free(buf);
                return too_big(err, what, path, -1, limit, limit_is_mem);
            }
            size_t nc = (int64_t)cap * 2 > limit ? (size_t)limit : cap * 2;
            if (!(nb = realloc(buf, nc + 1))) {
                free(buf);
                return dn_fail(err, DN_ENOMEM, "out of memory reading '%s'", path);
            }
            buf = nb;
            cap = nc;
        }
        got = fread(buf + n, 1, cap - n, f);
        const char *nul = got ? memchr(buf + n, '\0', got) : NULL;
        if (nul) {
            long long at = (long long)(nul - buf);
            free(buf);
            return dn_fail(err, DN_EINVAL, "%s '%s' holds a NUL byte at offset %lld: it is not "
                                           "a text file of a format dcnet reads",
                           what, path, at);
        }
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        free(buf);
        return dn_fail(err, DN_EIO, "cannot read %s '%s': %s", what, path, strerror(errno));
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return DN_OK;
}

int dn_read_text(const char *path, const char *what, int64_t limit, int limit_is_mem,
                 char **buf, size_t *len, dn_err *err)
{
    struct stat st;
    int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "standard input" : path;
    *buf = NULL;
    *len = 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return dn_fail(err, DN_EINVAL, "cannot open %s '%s': %s", what, path, strerror(errno));
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        return dn_fail(err, DN_EINVAL, "%s '%s' is a directory", what, path);
    }
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && (int64_t)st.st_size > limit) {
        fclose(f);
        return too_big(err, what, path, (int64_t)st.st_size, limit, limit_is_mem);
    }
    int rc = read_stream(f, what, name, limit, limit_is_mem, buf, len, err);
    if (!is_stdin)
        fclose(f);
    return rc;
}

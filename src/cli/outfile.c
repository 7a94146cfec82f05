/*
 * outfile.c - whole files or none (issue 18). Every file the CLI writes
 * (-o, --svg, --save-place, --links, --loads, the demo's) goes to a fresh
 * temporary file in the same directory, created with O_EXCL and O_NOFOLLOW
 * (never through a symlink, never over an existing file), and is renamed
 * onto its name only when complete. A write error (a full disk, EFBIG
 * under `ulimit -f`: SIGXFSZ is ignored so that the write fails instead of
 * killing dcnet) removes the temporary file, and so do SIGINT, SIGTERM and
 * SIGHUP, after which dcnet exits with status 1 (spec/cli.md: never through
 * a signal). Nothing is ever left under the final name but a whole file.
 * A name that cannot be created is bad input (DN_EINVAL, exit 2); a write
 * that fails is a run-time failure (DN_EIO, exit 1).
 *
 * The live temporary names sit in a small table that the signal handler
 * reads; it is the CLI's only process-wide state, and the library has none.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define OUT_MAX 16

typedef struct out_slot {
    FILE *f;
    volatile sig_atomic_t live;
    char tmp[PATH_MAX];
    char final[PATH_MAX];
} out_slot;

static out_slot slots[OUT_MAX];
static int handlers_set;

static void on_signal(int sig)
{
    (void)sig;
    cli_spawn_stop_all(); /* a sweep's or demo's runs end with it */
    for (int i = 0; i < OUT_MAX; i++)
        if (slots[i].live)
            unlink(slots[i].tmp); /* async-signal-safe */
    _exit(1);
}

void out_guard_signals(void)
{
    struct sigaction sa;
    if (handlers_set)
        return;
    handlers_set = 1;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGXFSZ, SIG_IGN); /* a file past `ulimit -f` is a write error (EFBIG) */
}

static out_slot *slot_of(FILE *f)
{
    for (int i = 0; i < OUT_MAX; i++)
        if (slots[i].live && slots[i].f == f)
            return &slots[i];
    return NULL;
}

int out_open(const char *path, FILE **out, dn_err *err)
{
    *out = NULL;
    if (strcmp(path, "-") == 0) {
        *out = stdout;
        return DN_OK;
    }
    if (!*path)
        return dn_fail(err, DN_EINVAL, "an output file name is empty");
    out_slot *s = NULL;
    for (int i = 0; i < OUT_MAX && !s; i++)
        if (!slots[i].live)
            s = &slots[i];
    size_t len = strlen(path);
    if (!s || len + 40 >= sizeof s->tmp)
        return dn_fail(err, DN_EINVAL, s ? "output file name '%s' is too long"
                                         : "too many output files open at once ('%s')",
                       path);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return dn_fail(err, DN_EINVAL, "cannot write '%s': it is a directory", path);
    out_guard_signals();
    /* the temporary file: same directory, hidden, unique, never followed */
    const char *slash = strrchr(path, '/');
    size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
    static unsigned counter;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
        snprintf(s->tmp, sizeof s->tmp, "%.*s.%s.dcnet-%ld-%u.tmp", (int)dirlen, path,
                 path + dirlen, (long)getpid(), counter++);
        fd = open(s->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) /* a path that cannot be created is bad input (exit 2) */
        return dn_fail(err, DN_EINVAL, "cannot write '%s': %s", path, strerror(errno));
    s->f = fdopen(fd, "w");
    if (!s->f) {
        close(fd);
        unlink(s->tmp);
        return dn_fail(err, DN_ENOMEM, "cannot write '%s': %s", path, strerror(errno));
    }
    memcpy(s->final, path, len + 1);
    s->live = 1;
    *out = s->f;
    return DN_OK;
}

void out_discard(FILE *f)
{
    out_slot *s = f ? slot_of(f) : NULL;
    if (!s)
        return;
    s->live = 0;
    fclose(f);
    unlink(s->tmp);
}

int out_close(FILE *f, dn_err *err)
{
    if (f == stdout)
        return fflush(stdout) == 0 && !ferror(stdout)
                   ? DN_OK
                   : dn_fail(err, DN_EIO, "write error on standard output: %s", strerror(errno));
    out_slot *s = slot_of(f);
    if (!s)
        return dn_fail(err, DN_EINVAL, "internal: not an output file");
    int bad = fflush(f) != 0 || ferror(f);
    int saved = errno;
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        saved = errno;
    }
    if (!bad && rename(s->tmp, s->final) != 0) {
        bad = 1;
        saved = errno;
    }
    if (bad)
        unlink(s->tmp);
    s->live = 0;
    return bad ? dn_fail(err, DN_EIO, "cannot write '%s': %s (nothing written)", s->final,
                         strerror(saved))
               : DN_OK;
}

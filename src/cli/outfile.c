/*
 * outfile.c - whole files or none (issue 18). Every file the CLI writes
 * (-o, --svg, --save-place, --links, --loads, a sweep's journal, the
 * demo's report) goes to a fresh temporary file in the same directory,
 * created with O_EXCL and O_NOFOLLOW (never through a symlink, never over
 * an existing file), and is renamed onto its name only when complete. A
 * write error (a full disk, EFBIG under `ulimit -f`: SIGXFSZ is ignored so
 * that the write fails instead of killing dcnet) removes the temporary
 * file, and so does every fatal signal (below), after which dcnet exits
 * with status 1 (spec/cli.md: never through a signal). Nothing is ever
 * left under the final name but a whole file. A name that cannot be
 * created is bad input (DN_EINVAL, exit 2); a write that fails is a
 * run-time failure (DN_EIO, exit 1).
 *
 * Fatal signals (issue 26, item 11): every signal whose default action
 * ends the process and that a user, a terminal, a job scheduler or a
 * timer sends is handled alike: SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGALRM,
 * SIGUSR1, SIGUSR2, SIGVTALRM, SIGPROF, SIGXCPU, SIGIO, SIGPWR, SIGSTKFLT
 * and the real-time signals. The handler sets the stopping flag (no new
 * child starts), stops the children and waits for them (spawn.c), removes
 * the temporary files and the registered temporary directory (the demo's),
 * says which signal on stderr and exits 1. Not caught: SIGKILL and
 * SIGSTOP (they cannot be; the children still go, by PR_SET_PDEATHSIG),
 * the faults SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS
 * (a bug: no handler can run safely then), SIGPIPE (ignored by main.c: a
 * write to a closed pipe fails with EPIPE, reported as a write error) and
 * SIGXFSZ (ignored, as above). A signal ignored when dcnet starts stays
 * ignored: nohup's SIGHUP, and SIGINT and SIGQUIT for a shell's background
 * job, are the caller's choice.
 *
 * The live temporary names sit in a small table that the signal handler
 * reads; with the directory and the flag it is the CLI's only
 * process-wide state, and the library has none.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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
static volatile sig_atomic_t stopping;  /* the fatal signal caught, or 0 */
static volatile sig_atomic_t dir_live;  /* guard_dir holds a directory to remove */
static char guard_dir[PATH_MAX], guard_note[PATH_MAX + 100];

/* The fixed part of the list; the real-time signals are added at run
 * time (SIGRTMIN is not a constant under glibc). */
static const struct {
    int sig;
    const char *name;
} fatal[] = {
    {SIGHUP, "SIGHUP"},     {SIGINT, "SIGINT"},       {SIGQUIT, "SIGQUIT"},
    {SIGTERM, "SIGTERM"},   {SIGALRM, "SIGALRM"},     {SIGUSR1, "SIGUSR1"},
    {SIGUSR2, "SIGUSR2"},   {SIGVTALRM, "SIGVTALRM"}, {SIGPROF, "SIGPROF"},
    {SIGXCPU, "SIGXCPU"},
#ifdef SIGIO
    {SIGIO, "SIGIO"},
#endif
#ifdef SIGPWR
    {SIGPWR, "SIGPWR"},
#endif
#ifdef SIGSTKFLT
    {SIGSTKFLT, "SIGSTKFLT"},
#endif
};
#define NFATAL (sizeof fatal / sizeof fatal[0])

void out_fatal_signals(sigset_t *set)
{
    sigemptyset(set);
    for (size_t i = 0; i < NFATAL; i++)
        sigaddset(set, fatal[i].sig);
#if defined(SIGRTMIN) && defined(SIGRTMAX)
    for (int s = SIGRTMIN; s <= SIGRTMAX; s++)
        sigaddset(set, s);
#endif
}

int out_stopping(void)
{
    return stopping;
}

/* write(2) of a C string: async-signal-safe */
static void say(const char *s)
{
    ssize_t r = write(STDERR_FILENO, s, strlen(s));
    (void)r;
}

/* Removes the plain files of guard_dir, then the directory, with system
 * calls only (async-signal-safe: readdir may take a lock or allocate). */
static void remove_guard_dir(void)
{
    struct ent {
        unsigned long long ino;
        long long off;
        unsigned short reclen;
        unsigned char type;
        char name[];
    };
    int fd = open(guard_dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0) {
        static char buf[8192] __attribute__((aligned(8)));
        long n;
        while ((n = syscall(SYS_getdents64, fd, buf, sizeof buf)) > 0)
            for (long at = 0; at < n;) {
                const struct ent *e = (const struct ent *)(void *)(buf + at);
                if (strcmp(e->name, ".") != 0 && strcmp(e->name, "..") != 0)
                    unlinkat(fd, e->name, 0);
                at += e->reclen;
            }
        close(fd);
    }
    rmdir(guard_dir);
}

static void on_signal(int sig)
{
    /* one handler at a time in the whole process: sa_mask holds off the
     * other fatal signals in this thread only, and another thread may take
     * one; it waits here for this one's _exit (atomic_flag is lock-free) */
    static atomic_flag busy = ATOMIC_FLAG_INIT;
    if (atomic_flag_test_and_set(&busy))
        for (;;)
            pause();
    stopping = sig;
    cli_spawn_stop_all(); /* a sweep's or demo's runs end first: they write there too */
    for (int i = 0; i < OUT_MAX; i++)
        if (slots[i].live)
            unlink(slots[i].tmp);
    if (dir_live)
        remove_guard_dir();
    const char *name = NULL;
    for (size_t i = 0; i < NFATAL; i++)
        if (fatal[i].sig == sig)
            name = fatal[i].name;
    char num[24]; /* the number of a signal without a name here */
    int k = (int)sizeof num - 1;
    num[k] = '\0';
    for (int v = sig; k == (int)sizeof num - 1 || v > 0; v /= 10)
        num[--k] = (char)('0' + v % 10);
    say(name ? "dcnet: stopped by " : "dcnet: stopped by signal ");
    say(name ? name : num + k);
    say("\n");
    if (dir_live)
        say(guard_note);
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
    out_fatal_signals(&sa.sa_mask); /* one handler at a time in a thread */
    for (int s = 1; s < NSIG; s++) {
        struct sigaction was;
        if (sigismember(&sa.sa_mask, s) != 1 || sigaction(s, NULL, &was) != 0 ||
            was.sa_handler == SIG_IGN) /* ignored by the caller (nohup): kept so */
            continue;
        sigaction(s, &sa, NULL); /* (a signal a tool reserves is refused: kept as is) */
    }
    signal(SIGXFSZ, SIG_IGN); /* a file past `ulimit -f` is a write error (EFBIG) */
}

int out_guard_dir(const char *dir, const char *note)
{
    sigset_t all, old;
    out_fatal_signals(&all);
    sigprocmask(SIG_BLOCK, &all, &old);
    dir_live = 0;
    int ok = !dir || (strlen(dir) < sizeof guard_dir && strlen(note) + 2 < sizeof guard_note);
    if (dir && ok) {
        strcpy(guard_dir, dir);
        snprintf(guard_note, sizeof guard_note, "%s\n", note);
        dir_live = 1;
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (dir)
        out_guard_signals();
    return ok ? DN_OK : DN_EINVAL;
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

/* A file that must be whole under its name early and then grow (a
 * sweep's journal: every run appended as it ends, kept after a kill):
 * out_close puts it in place, and the name is opened again, not created,
 * and only if it is still the file just written (same device and inode:
 * nothing swapped in between, and never through a symlink). */
int out_publish(FILE *f, const char *path, FILE **again, dn_err *err)
{
    struct stat made, now;
    *again = NULL;
    if (fstat(fileno(f), &made) != 0) {
        out_discard(f);
        return dn_fail(err, DN_EIO, "cannot write '%s': %s", path, strerror(errno));
    }
    int rc = out_close(f, err);
    if (rc)
        return rc;
    int fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 || fstat(fd, &now) != 0 || now.st_dev != made.st_dev ||
        now.st_ino != made.st_ino || !(*again = fdopen(fd, "a"))) {
        int e = fd < 0 ? errno : 0;
        if (fd >= 0)
            close(fd);
        return e ? dn_fail(err, DN_EIO, "cannot append to '%s': %s", path, strerror(e))
                 : dn_fail(err, DN_EIO, "'%s' was replaced by another file while dcnet wrote it",
                           path);
    }
    return DN_OK;
}

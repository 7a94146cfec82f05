/*
 * outfile.c - the one output path (issues 18 and 26): whole files or none,
 * never a file replaced that is not ours to replace. Every file the CLI
 * writes (-o, --svg, --save-place, --rankfile, --links, --loads,
 * --record-tree, ...) goes through out_open / out_close:
 *  - a new name or a regular file: a fresh temporary file in the same
 *    directory, created with O_EXCL and O_NOFOLLOW (never through a
 *    symlink, never over an existing file), renamed onto the name only
 *    when complete;
 *  - anything else (a FIFO, /dev/null, a terminal, a device, or a symlink
 *    to one): written in place, never renamed over (run as root, the
 *    rename replaced /dev/null itself; issue 26, item 8). Such a target
 *    receives the bytes as they are written: "whole or none" cannot hold
 *    for it, and it is never removed;
 *  - a command declares its files first (out_plan): two outputs, or an
 *    output and an input, that are the same file (the same path, or the
 *    same device and inode) are refused before anything is read or
 *    written (item 10), and out_open refuses an undeclared output that
 *    is one of them; a command that prints its report (table, --json,
 *    --csv) declares standard output too (out_report), so that a file
 *    option given '-' (--save-place -, --svg -, --rankfile -, --messages
 *    -, --save-loads -, ...) is refused by this one rule rather than
 *    mixed into the report (issue 37, item 21), and so is an output that
 *    is the file standard output was redirected to;
 *  - a declared output is renamed onto its name only when the whole
 *    command succeeds (out_finish, from main): a command that fails
 *    leaves none of its outputs, not the first of two (item 10).
 * A write error (a full disk, EFBIG under `ulimit -f`: SIGXFSZ is ignored
 * so that the write fails instead of killing dcnet) removes the temporary
 * file, and so does every fatal signal (below), after which dcnet exits
 * with status 1 (docs/spec/cli.md: never through a signal). A name that cannot
 * be created is bad input (DN_EINVAL, exit 2); a write that fails is a
 * run-time failure (DN_EIO, exit 1). A sweep's journal and the demo's
 * report go through it too.
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
 * write to a closed pipe fails with EPIPE; a reader gone from standard
 * output ends the command quietly, out_finish) and
 * SIGXFSZ (ignored, as above). A signal ignored when dcnet starts stays
 * ignored: nohup's SIGHUP, and SIGINT and SIGQUIT for a shell's background
 * job, are the caller's choice.
 *
 * The live temporary names sit in a small table that the signal handler
 * reads; with the declared files, the directory and the flag it is the CLI's only
 * process-wide state, and the library has none.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
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
    volatile sig_atomic_t live; /* tmp exists (open, or closed and waiting for out_finish) */
    int pending;                /* closed, renamed by out_finish */
    int inplace;                /* a FIFO or device written in place: no tmp, no rename */
    int declared;               /* its name was declared by out_plan */
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
    const out_capture *c = out_capture_now();
    for (; c && !stopping; c = c->outer) /* a hosted call stopped by its caller */
        if (c->cancel)
            return SIGINT;
    return stopping;
}

void out_hosted(void)
{
    handlers_set = 1; /* the host (Python) owns the signals */
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

/* The command's declared files (out_plan), for the alias checks. */
#define DECL_MAX 32
typedef struct decl {
    const char *opt, *path;
    int output;
    char canon[PATH_MAX]; /* the directory resolved, the last name as given */
    int have_id;          /* dev and ino hold the file's identity */
    dev_t dev;
    ino_t ino;
} decl;
static decl decls[DECL_MAX];
static int ndecl;

void out_files_reset(void)
{
    ndecl = 0;
}
/* The path of out_report's entries: "-", told apart by its address (a
 * file option's "-" is argv's) */
static const char report_path[] = "-";

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
            unlink(slots[i].tmp); /* pending outputs too */
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
        if (slots[i].f == f && slots[i].f && !slots[i].pending)
            return &slots[i];
    return NULL;
}

/* ------------------------------------------------------- the files */

/* path's directory resolved (realpath), its last name as given; "-" is
 * standard input or output. The name of a file that does not exist yet
 * is compared this way ("x" and "./x" are one file). */
static void canon_path(const char *path, int output, char *out, size_t cap)
{
    char dir[PATH_MAX], res[PATH_MAX];
    if (strcmp(path, "-") == 0) {
        snprintf(out, cap, "%s", output ? "-stdout" : "-stdin");
        return;
    }
    if (realpath(path, res)) { /* it exists: every link resolved */
        snprintf(out, cap, "%s", res);
        return;
    }
    const char *slash = strrchr(path, '/');
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    if (slash == path)
        snprintf(dir, sizeof dir, "/");
    const char *base = slash ? slash + 1 : path;
    size_t a, b = strlen(base);
    if (realpath(dir, res) && (a = strcmp(res, "/") == 0 ? 0 : strlen(res)) + b + 2 <= cap) {
        memcpy(out, res, a); /* (no snprintf: the sizes are checked here) */
        out[a] = '/';
        memcpy(out + a + 1, base, b + 1);
    } else {
        snprintf(out, cap, "%s", path);
    }
}

static void identify(decl *d)
{
    struct stat st;
    int ok = strcmp(d->path, "-") == 0 ? fstat(d->output ? STDOUT_FILENO : STDIN_FILENO, &st) == 0
                                       : stat(d->path, &st) == 0;
    canon_path(d->path, d->output, d->canon, sizeof d->canon);
    /* two writers to one terminal or /dev/null harm nothing: character
     * devices are told apart by their names only */
    d->have_id = ok && !S_ISCHR(st.st_mode);
    d->dev = ok ? st.st_dev : 0;
    d->ino = ok ? st.st_ino : 0;
}

static int same_file(const decl *a, const decl *b)
{
    return strcmp(a->canon, b->canon) == 0 ||
           (a->have_id && b->have_id && a->dev == b->dev && a->ino == b->ino);
}

/* d against the files declared before it: DN_EINVAL when an output is
 * one of them, or one of them an output */
static int check_alias(const decl *d, dn_err *err)
{
    for (int i = 0; i < ndecl; i++) {
        const decl *o = &decls[i];
        if (o != d && !o->output && !d->output && strcmp(o->canon, "-stdin") == 0 &&
            strcmp(d->canon, "-stdin") == 0)
            return dn_fail(err, DN_EINVAL, "%s and %s both read standard input ('-'), which "
                                           "can be read once: give one of them a file",
                           o->opt, d->opt);
        if (o == d || (!o->output && !d->output) || !same_file(o, d))
            continue;
        if (o->output && d->output && strcmp(o->canon, "-stdout") == 0 &&
            strcmp(d->canon, "-stdout") == 0) /* one rule for every '-' output */
            return dn_fail(err, DN_EINVAL, "%s%s and %s%s both write to standard output, "
                                           "which holds one of them: give %s a file name",
                           o->opt, o->path == report_path ? "" : " -", d->opt,
                           d->path == report_path ? "" : " -",
                           o->path == report_path ? d->opt : o->opt);
        const decl *out = d->output ? d : o, *other = out == d ? o : d;
        if (other->output)
            return dn_fail(err, DN_EINVAL, "%s '%s' and %s '%s' are the same file: give each "
                                           "output its own",
                           other->opt, other->path, out->opt, out->path);
        return dn_fail(err, DN_EINVAL, "%s '%s' is the file %s '%s' reads: writing it would "
                                       "replace it; write elsewhere",
                       out->opt, out->path, other->opt, other->path);
    }
    return DN_OK;
}

out_file out_report(int printed, int mode)
{
    out_file f = {mode == OUT_JSON  ? "--json"
                  : mode == OUT_CSV ? "--csv"
                                    : "the report (its table)",
                  printed ? report_path : NULL, 1};
    return f;
}

int out_same_path(const char *a, const char *b)
{
    decl x = {"", a, 1, "", 0, 0, 0}, y = {"", b, 1, "", 0, 0, 0};
    identify(&x);
    identify(&y);
    return same_file(&x, &y);
}

int out_plan(const char *cmd, const out_file *files, int n)
{
    dn_err err;
    ndecl = 0;
    for (int i = 0; i < n; i++) {
        if (!files[i].path)
            continue;
        /* "-o --json": getopt took the next option for the file's name
         * (issue 29, item 10: a name that looks like an option or a
         * keyword of another meaning is never written silently) */
        if (files[i].output && files[i].path[0] == '-' && files[i].path[1])
            return cli_usage(cmd, "%s '%s': the file name looks like an option (the option "
                                  "took it as its value); give %s a file name (./%s for a "
                                  "file of that name)",
                             files[i].opt, files[i].path, files[i].opt, files[i].path);
        if (ndecl == DECL_MAX)
            return cli_fail(cmd, DN_EINVAL, "too many files in one command");
        decl *d = &decls[ndecl];
        d->opt = files[i].opt;
        d->path = files[i].path;
        d->output = files[i].output;
        identify(d);
        if (check_alias(d, &err))
            return cli_fail(cmd, DN_EINVAL, cli_errmsg(&err));
        ndecl++;
    }
    return 0;
}

const char *out_spec_file(const char *spec)
{
    return spec && strncmp(spec, "file:", 5) == 0 && spec[5] ? spec + 5 : NULL;
}

/* path was declared as an output (1), or is none of the declared files
 * (0), or is one of them under another role (DN_EINVAL in err, -1) */
static int declared_output(const char *path, dn_err *err)
{
    for (int i = 0; i < ndecl; i++)
        if (decls[i].output && strcmp(decls[i].path, path) == 0)
            return 1;
    if (ndecl == 0)
        return 0;
    decl d = {"an output", path, 1, "", 0, 0, 0};
    identify(&d);
    return check_alias(&d, err) ? -1 : 0;
}

/* Standard input, output and error closed by the caller (`2>&-`) are held
 * open on /dev/null, against the grain, so that no file dcnet opens takes
 * their numbers: with fd 2 closed, the demo's report (index.html, opened
 * first) became fd 2 and its progress log was written into the page.
 * Input gets a write-only descriptor and the outputs read-only ones, so
 * that using them still fails as a closed one does (EBADF: "write error
 * on standard output", exit 1). */
void out_hold_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) == -1 && errno == EBADF) {
            int got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
            if (got >= 0 && got != fd) /* (a lower one was closed too: taken in its turn) */
                close(got);
        }
}

/* ------------------------------------------------------- writing */

/* A FIFO, device or socket (or a symlink to one) is written in place; a
 * new name, a regular file or a symlink to one (or to nothing) gets a
 * temporary file and a rename. *link: path is a symlink. */
static int in_place(const char *path, int *link)
{
    struct stat lst, st;
    *link = 0;
    if (lstat(path, &lst) != 0)
        return 0;
    if (S_ISLNK(lst.st_mode)) {
        *link = 1;
        return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
    }
    return !S_ISREG(lst.st_mode) && !S_ISDIR(lst.st_mode);
}

static int open_in_place(out_slot *s, const char *path, int link, dn_err *err)
{
    struct stat st;
    int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC | (link ? 0 : O_NOFOLLOW));
    if (fd < 0)
        return dn_fail(err, DN_EINVAL, "cannot write '%s': %s", path, strerror(errno));
    if (fstat(fd, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) {
        close(fd); /* it was replaced between the look and the open */
        return dn_fail(err, DN_EINVAL, "cannot write '%s': it changed while it was opened; "
                                       "try again",
                       path);
    }
    if (!(s->f = fdopen(fd, "w"))) {
        close(fd);
        return dn_fail(err, DN_ENOMEM, "cannot write '%s': %s", path, strerror(errno));
    }
    s->inplace = 1;
    s->tmp[0] = '\0';
    return DN_OK;
}

static int open_temp(out_slot *s, const char *path, dn_err *err)
{
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
    s->live = 1;
    s->f = fdopen(fd, "w");
    if (!s->f) {
        close(fd);
        unlink(s->tmp);
        s->live = 0;
        return dn_fail(err, DN_ENOMEM, "cannot write '%s': %s", path, strerror(errno));
    }
    s->inplace = 0;
    return DN_OK;
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
        if (!slots[i].f)
            s = &slots[i];
    size_t len = strlen(path);
    if (!s || len + 40 >= sizeof s->tmp)
        return dn_fail(err, DN_EINVAL, s ? "output file name '%s' is too long"
                                         : "too many output files open at once ('%s')",
                       path);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return dn_fail(err, DN_EINVAL, "cannot write '%s': it is a directory", path);
    int declared = declared_output(path, err), link, rc;
    if (declared < 0)
        return DN_EINVAL;
    out_guard_signals();
    if ((rc = in_place(path, &link) ? open_in_place(s, path, link, err) : open_temp(s, path, err)))
        return rc;
    memcpy(s->final, path, len + 1);
    s->declared = declared;
    s->pending = 0;
    *out = s->f;
    return DN_OK;
}

static void release(out_slot *s)
{
    s->live = 0;
    s->f = NULL;
    s->pending = s->inplace = s->declared = 0;
}

void out_discard(FILE *f)
{
    out_slot *s = f && f != stdout ? slot_of(f) : NULL;
    if (!s)
        return;
    fclose(f);
    if (!s->inplace) /* (bytes written in place are gone out already) */
        unlink(s->tmp);
    release(s);
}

/* A declared output waits for out_finish: the command may fail later. */
int out_close(FILE *f, dn_err *err)
{
    if (f == stdout) { /* its failure is reported once, by out_finish */
        fflush(stdout);
        return DN_OK;
    }
    out_slot *s = slot_of(f);
    if (!s)
        return dn_fail(err, DN_EINVAL, "internal: not an output file");
    if (rec_oom()) { /* a record printed into f lacks fields: never publish it */
        out_discard(f);
        return dn_fail(err, DN_ENOMEM, "out of memory (an output record could not grow)");
    }
    int bad = fflush(f) != 0 || ferror(f);
    int saved = errno;
    if (fclose(f) != 0 && !bad) {
        bad = 1;
        saved = errno;
    }
    if (!bad && !s->inplace && !s->declared && rename(s->tmp, s->final) != 0) {
        bad = 1;
        saved = errno;
    }
    if (bad && !s->inplace)
        unlink(s->tmp);
    if (!bad && s->declared && !s->inplace) {
        s->pending = 1; /* renamed by out_finish, removed if the command fails */
        return DN_OK;
    }
    char final[PATH_MAX];
    memcpy(final, s->final, sizeof final);
    release(s);
    return bad ? dn_fail(err, DN_EIO, "cannot write '%s': %s (nothing written)", final,
                         strerror(saved))
               : DN_OK;
}

int out_end(FILE *f, int rc, dn_err *err)
{
    if (rc && f == stdout && ferror(stdout))
        return DN_OK; /* standard output's failure: out_finish reports it, once */
    if (rc) {
        out_discard(f);
        return rc;
    }
    return out_close(f, err);
}

/* The reader of standard output went away (a pipe or socket with no
 * reader: `dcnet ... | head -n 1`): poll reports an error on it. */
static int reader_gone(int saved_errno)
{
    struct pollfd p = {STDOUT_FILENO, 0, 0};
    return saved_errno == EPIPE ||
           (poll(&p, 1, 0) == 1 && (p.revents & (POLLERR | POLLHUP)) != 0);
}

int out_finish(const char *cmd, int code)
{
    int bad = fflush(stdout) != 0 || ferror(stdout), saved = errno;
    if (bad && reader_gone(saved))
        bad = 0; /* a reader that stopped reading is no failure: end quietly */
    if (bad && code == 0) {
        cli_errf("dcnet%s%s: write error on standard output: %s\n", cmd ? " " : "",
                 cmd ? cmd : "", strerror(saved));
        code = 1;
    }
    if (rec_oom() && code == 0) { /* an output record could not grow: no short output */
        cli_errf("dcnet%s%s: out of memory (an output record could not grow)\n",
                 cmd ? " " : "", cmd ? cmd : "");
        code = 1;
    }
    for (int i = 0; i < OUT_MAX; i++) {
        out_slot *s = &slots[i];
        if (!s->f)
            continue;
        if (s->pending && code == 0 && rename(s->tmp, s->final) != 0) {
            cli_errf("dcnet%s%s: cannot write '%s': %s (nothing written)\n",
                     cmd ? " " : "", cmd ? cmd : "", s->final, strerror(errno));
            code = 1;
        }
        if (s->live && (!s->pending || code != 0))
            unlink(s->tmp); /* a failed command leaves none of its outputs */
        if (!s->pending)
            fclose(s->f); /* (left open by a command that failed) */
        release(s);
    }
    return code;
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

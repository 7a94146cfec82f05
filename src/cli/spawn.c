/*
 * spawn.c - running a command as a child process with its standard output
 * captured (dcnet demo and dcnet sweep run dcnet itself this way: fork +
 * exec, so every run is the exact command a user can type).
 *
 * Children never outlive dcnet (issue 26, item 11). A fatal signal's
 * handler (outfile.c) calls cli_spawn_stop_all, which stops every child
 * running now and waits, within a bound, until each has ended; and each
 * child asks the kernel for SIGTERM when the thread that forked it ends
 * (prctl PR_SET_PDEATHSIG), so that even SIGKILL to dcnet, which no
 * handler sees, takes its runs with it.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* The children running now, for a fatal signal's handler: a sweep with
 * --jobs J has J of them. A slot holds a pid from just after fork (fatal
 * signals blocked in the forking thread, so none is missed) until just
 * before the child is reaped (so a reused pid is never signalled). The
 * table is written only under fork_mu (a worker scans it for a free slot
 * while another clears its own); the handler reads it without the lock,
 * one sig_atomic_t at a time. */
#define SPAWN_SLOTS 256
static volatile sig_atomic_t live_pid[SPAWN_SLOTS];
static pthread_mutex_t fork_mu = PTHREAD_MUTEX_INITIALIZER;

/* Has pid ended (or is it no child of ours any more)? Leaves it to be
 * reaped by the thread that waits for it (WNOWAIT). */
static int ended(pid_t pid)
{
    siginfo_t si;
    memset(&si, 0, sizeof si);
    if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) != 0)
        return errno != EINTR; /* ECHILD: reaped already */
    return si.si_pid == pid;
}

/* Async-signal-safe: kill, waitid and nanosleep only. A child gets
 * SIGTERM (dcnet then cleans up after itself and stops its own runs),
 * then 5 s to end, then SIGKILL. Time: O(SPAWN_SLOTS) per 10 ms poll. */
void cli_spawn_stop_all(void)
{
    pid_t pid[SPAWN_SLOTS];
    int n = 0;
    for (int i = 0; i < SPAWN_SLOTS; i++)
        if ((pid[n] = (pid_t)live_pid[i]) > 0)
            kill(pid[n++], SIGTERM);
    const struct timespec tick = {0, 10 * 1000 * 1000};
    for (int t = 0, left = n; left > 0 && t < 500; t++) {
        nanosleep(&tick, NULL);
        left = 0;
        for (int i = 0; i < n; i++)
            left += pid[i] > 0 && !ended(pid[i]);
    }
    for (int i = 0; i < n; i++)
        if (pid[i] > 0 && !ended(pid[i]))
            kill(pid[i], SIGKILL);
}

/* In the child, between fork and exec: the parent's handlers go (they
 * would stop the parent's other runs; an ignored signal stays so), the
 * kernel is asked for SIGTERM if the forking thread ends, and a parent
 * already gone means stop now. */
static void child_signals(pid_t parent, const sigset_t *old)
{
    sigset_t fatal;
    out_fatal_signals(&fatal);
    for (int s = 1; s < NSIG; s++) {
        struct sigaction sa;
        if (sigismember(&fatal, s) == 1 && sigaction(s, NULL, &sa) == 0 &&
            sa.sa_handler != SIG_IGN && sa.sa_handler != SIG_DFL) /* ignored stays ignored */
            signal(s, SIG_DFL);
    }
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent)
        _exit(127);
    sigprocmask(SIG_SETMASK, old, NULL);
}

int cli_spawn(char **argv, const char *dir, int path_search, volatile sig_atomic_t *stop,
              char **out, dn_err *err)
{
    int pfd[2];
    FILE *errf = tmpfile();
    size_t len = 0, cap = 1 << 16;
    char *buf = malloc(cap);
    *out = NULL;
    /* pipes and forks one at a time, the pipe close-on-exec before any
     * fork: a child started by another thread must not hold this pipe's
     * write end, or this read would wait for that child too */
    pthread_mutex_lock(&fork_mu);
    if (!errf || !buf || pipe(pfd) != 0) {
        pthread_mutex_unlock(&fork_mu);
        if (errf)
            fclose(errf);
        free(buf);
        dn_fail(err, DN_EIO, "cannot start '%s': %s", argv[0], strerror(errno));
        return -1;
    }
    fcntl(pfd[0], F_SETFD, FD_CLOEXEC);
    fcntl(pfd[1], F_SETFD, FD_CLOEXEC);
    fcntl(fileno(errf), F_SETFD, FD_CLOEXEC);
    fflush(stdout);
    fflush(stderr);
    sigset_t fatal, old;
    out_fatal_signals(&fatal);
    pthread_sigmask(SIG_BLOCK, &fatal, &old);
    pid_t parent = getpid(), pid = out_stopping() ? -1 : fork();
    int slot = -1;
    if (pid > 0)
        for (int i = 0; i < SPAWN_SLOTS && slot < 0; i++)
            if (live_pid[i] == 0)
                live_pid[slot = i] = (sig_atomic_t)pid;
    if (pid != 0) {
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        pthread_mutex_unlock(&fork_mu);
    }
    if (pid < 0) {
        int e = out_stopping() ? EINTR : errno;
        close(pfd[0]);
        close(pfd[1]);
        fclose(errf);
        free(buf);
        dn_fail(err, DN_EIO, "cannot fork: %s", strerror(e));
        return -1;
    }
    if (pid == 0) {
        child_signals(parent, &old);
        close(pfd[0]);
        if (dup2(pfd[1], STDOUT_FILENO) < 0 || dup2(fileno(errf), STDERR_FILENO) < 0 ||
            (dir && chdir(dir) != 0))
            _exit(127);
        close(pfd[1]);
        if (path_search)
            execvp(argv[0], argv);
        else
            execv(argv[0], argv);
        fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    close(pfd[1]);
    for (;;) {
        if (len + 1 == cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb)
                break;
            buf = nb;
            cap *= 2;
        }
        ssize_t r = read(pfd[0], buf + len, cap - 1 - len);
        if (r < 0 && errno == EINTR) {
            if (stop && *stop)
                kill(pid, SIGTERM);
            continue;
        }
        if (r <= 0)
            break;
        len += (size_t)r;
    }
    buf[len] = 0;
    close(pfd[0]);
    int status = 0, code;
    if (slot >= 0) {
        pthread_mutex_lock(&fork_mu); /* the scan for a free slot reads it under the lock */
        live_pid[slot] = 0;
        pthread_mutex_unlock(&fork_mu);
    }
    pid_t w;
    while ((w = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
        ;
    code = w < 0 ? -1 : WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    if (code != 0) {
        char line[400] = "";
        rewind(errf);
        if (!fgets(line, sizeof line, errf))
            snprintf(line, sizeof line, "exit status %d", code);
        line[strcspn(line, "\n")] = 0;
        dn_fail(err, DN_EIO, "%s", line);
    }
    fclose(errf);
    *out = buf;
    return code;
}

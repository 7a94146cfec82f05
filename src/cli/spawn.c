/*
 * spawn.c - running a command as a child process with its standard output
 * captured (dcnet demo and dcnet sweep run dcnet itself this way: fork +
 * exec, so every run is the exact command a user can type).
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* The children running now, for a fatal signal's handler: SIGINT, SIGTERM
 * or SIGHUP to dcnet must not leave its runs going on without it (a sweep
 * with --jobs J has J of them). A slot holds a pid from just after fork
 * (signals blocked, so none is missed) until just before the child is
 * reaped (so a reused pid is never signalled). */
#define SPAWN_SLOTS 256
static volatile sig_atomic_t live_pid[SPAWN_SLOTS];

void cli_spawn_stop_all(void)
{
    for (int i = 0; i < SPAWN_SLOTS; i++) {
        pid_t pid = (pid_t)live_pid[i];
        if (pid > 0)
            kill(pid, SIGTERM); /* async-signal-safe */
    }
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
    static pthread_mutex_t fork_mu = PTHREAD_MUTEX_INITIALIZER;
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
    sigemptyset(&fatal);
    sigaddset(&fatal, SIGINT);
    sigaddset(&fatal, SIGTERM);
    sigaddset(&fatal, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &fatal, &old);
    pid_t pid = fork();
    int slot = -1;
    if (pid > 0)
        for (int i = 0; i < SPAWN_SLOTS && slot < 0; i++)
            if (live_pid[i] == 0)
                live_pid[slot = i] = (sig_atomic_t)pid;
    if (pid != 0)
        pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_mutex_unlock(&fork_mu);
    if (pid < 0) {
        close(pfd[0]);
        close(pfd[1]);
        fclose(errf);
        free(buf);
        dn_fail(err, DN_EIO, "cannot fork: %s", strerror(errno));
        return -1;
    }
    if (pid == 0) {
        sigprocmask(SIG_SETMASK, &old, NULL);
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
    int status, code;
    if (slot >= 0)
        live_pid[slot] = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
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


/*
 * buildinfo.c - provenance: what this dcnet was built from and what it runs
 * on, for the head of the demo report (issue 28 item 10) and `dcnet
 * --version`. Each fact says how it was learned: "build time" facts are
 * baked in when the binary is compiled (the git commit comes from `git
 * describe --always --dirty` through build/gen/buildinfo.h, written by the
 * Makefile only when it changes; "unknown" when not built from a
 * checkout), "run time" facts are asked of the machine or of the linked
 * library when the report is written.
 */
#include "cli.h"

#include "dcnet/balance.h"
#include "dcnet/embed.h"
#include "dcnet/runtime.h"

#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#ifdef DN_HAVE_BUILDINFO
#include "buildinfo.h" /* build/gen/buildinfo.h: DN_BUILD_COMMIT, DN_BUILD_CFLAGS */
#endif
#ifndef DN_BUILD_COMMIT
#define DN_BUILD_COMMIT "unknown"
#endif
#ifndef DN_BUILD_CFLAGS
#define DN_BUILD_CFLAGS "unknown"
#endif

#if defined(__clang__)
#define DN_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define DN_COMPILER "gcc " __VERSION__
#else
#define DN_COMPILER "unknown C compiler"
#endif

static void fact(build_fact *f, int *n, int cap, const char *key, const char *how,
                 const char *value)
{
    if (*n >= cap)
        return;
    build_fact *x = &f[(*n)++];
    snprintf(x->key, sizeof x->key, "%s", key);
    snprintf(x->how, sizeof x->how, "%s", how);
    snprintf(x->value, sizeof x->value, "%s", value);
}

/* "model name : X" of /proc/cpuinfo (x86; "unknown" elsewhere), through
 * the input path; the file is small (a few KiB per core). */
static void cpu_model(char *buf, size_t cap)
{
    char *text = NULL;
    size_t len = 0;
    dn_err err;
    snprintf(buf, cap, "unknown");
    if (dn_read_text("/proc/cpuinfo", "cpu information", (int64_t)1 << 22, 0, &text, &len,
                     &err) != DN_OK)
        return;
    const char *p = strstr(text, "model name");
    if (p && (p = strchr(p, ':'))) {
        p++;
        while (*p == ' ' || *p == '\t')
            p++;
        snprintf(buf, cap, "%.*s", (int)strcspn(p, "\n"), p);
    }
    free(text);
}

int buildinfo_collect(build_fact *f, int cap)
{
    int n = 0;
    char buf[256];
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm) && strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %z", &tm))
        fact(f, &n, cap, "date", "run time", buf);
    fact(f, &n, cap, "dcnet", "build time", DN_VERSION);
    fact(f, &n, cap, "commit", "build time, git describe --always --dirty", DN_BUILD_COMMIT);
    fact(f, &n, cap, "compiler", "build time", DN_COMPILER);
    fact(f, &n, cap, "CFLAGS", "build time", DN_BUILD_CFLAGS);
    cpu_model(buf, sizeof buf);
    fact(f, &n, cap, "CPU", "run time, /proc/cpuinfo", buf);
    snprintf(buf, sizeof buf, "%ld online of %ld", sysconf(_SC_NPROCESSORS_ONLN),
             sysconf(_SC_NPROCESSORS_CONF));
    fact(f, &n, cap, "cores", "run time", buf);
    struct utsname u;
    if (uname(&u) == 0) {
        snprintf(buf, sizeof buf, "%s %s %s", u.sysname, u.release, u.machine);
        fact(f, &n, cap, "system", "run time, uname", buf);
    }
    dn_scotch_version(buf, sizeof buf);
    fact(f, &n, cap, "SCOTCH", "run time, SCOTCH_version", buf);
    dn_glpk_version(buf, sizeof buf);
    fact(f, &n, cap, "GLPK", "run time, glp_version", buf);
    dn_mpi_version(buf, sizeof buf);
    fact(f, &n, cap, "MPI", "run time, MPI_Get_library_version", buf);
    fact(f, &n, cap, "planarity", "build time",
         dn_have_planarity() ? "built in (no version API)" : "not built in");
    return n;
}

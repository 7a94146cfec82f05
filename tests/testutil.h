/*
 * testutil.h - shared helpers for the cmocka test programs: the cmocka
 * includes in the order it needs, a tiny strict JSON validator, and a
 * runner for the dcnet binary (optionally under a wrapper such as valgrind)
 * that captures stdout, stderr and the exit status.
 */
#ifndef DN_TESTUTIL_H
#define DN_TESTUTIL_H

/* not every test program uses every helper */
#pragma GCC diagnostic ignored "-Wunused-function"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* ------------------------------------------------------- JSON checking */
static const char *json_value(const char *p);

static const char *json_ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
        p++;
    return p;
}

static const char *json_string_end(const char *p)
{
    if (*p != '"')
        return NULL;
    for (p++; *p && *p != '"'; p++) {
        if ((unsigned char)*p < 0x20)
            return NULL;
        if (*p == '\\') {
            p++;
            if (!*p || !strchr("\"\\/bfnrtu", *p))
                return NULL;
        }
    }
    return *p == '"' ? p + 1 : NULL;
}

static const char *json_value(const char *p)
{
    p = json_ws(p);
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        int obj = *p == '{';
        p = json_ws(p + 1);
        if (*p == close)
            return p + 1;
        for (;;) {
            if (obj) {
                p = json_string_end(json_ws(p));
                if (!p)
                    return NULL;
                p = json_ws(p);
                if (*p++ != ':')
                    return NULL;
            }
            p = json_value(p);
            if (!p)
                return NULL;
            p = json_ws(p);
            if (*p == ',') {
                p++;
                continue;
            }
            return *p == close ? p + 1 : NULL;
        }
    }
    if (*p == '"')
        return json_string_end(p);
    if (strncmp(p, "true", 4) == 0) return p + 4;
    if (strncmp(p, "false", 5) == 0) return p + 5;
    if (strncmp(p, "null", 4) == 0) return p + 4;
    {
        char *end;
        strtod(p, &end);
        if (end == p || (!isdigit((unsigned char)p[0]) && p[0] != '-'))
            return NULL;
        return end;
    }
}

/* 1 if s is exactly one JSON object (plus trailing white space). */
static int json_valid_object(const char *s)
{
    const char *p = json_ws(s);
    if (*p != '{')
        return 0;
    p = json_value(p);
    return p && *json_ws(p) == '\0';
}

/* Text right after "key": in s (first occurrence), or NULL. */
static const char *json_find(const char *s, const char *key)
{
    char pat[128];
    const char *p;
    snprintf(pat, sizeof pat, "\"%s\":", key);
    p = strstr(s, pat);
    return p ? p + strlen(pat) : NULL;
}

static double json_num(const char *s, const char *key)
{
    const char *p = json_find(s, key);
    if (!p) {
        fail_msg("key '%s' missing in %s", key, s);
        return 0;
    }
    return strtod(p, NULL);
}

/* ----------------------------------------------------------- CLI runs */
typedef struct run_result {
    int status;    /* exit code, or -signal */
    char *out, *err;
} run_result;

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f)
        return calloc(1, 1);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = calloc((size_t)n + 1, 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n)
        buf[0] = '\0';
    fclose(f);
    return buf;
}

/* A private scratch directory per test process: "@T" in a path or in the
 * arguments of a run stands for it, so that suites running at once (the
 * release, sanitizer and valgrind runs of make check) never share a file. */
static char test_tmp_dir[64];

static void test_tmp_cleanup(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", test_tmp_dir);
    if (test_tmp_dir[0] && system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", test_tmp_dir);
}

/* s with every "@T" replaced by the scratch directory (a rotating static
 * buffer: valid for the next 7 calls) */
static const char *tp(const char *s)
{
    static char buf[8][4096];
    static int k;
    if (!test_tmp_dir[0]) {
        snprintf(test_tmp_dir, sizeof test_tmp_dir, "/tmp/dcnet-test-XXXXXX");
        if (!mkdtemp(test_tmp_dir)) {
            perror("mkdtemp");
            exit(1);
        }
        atexit(test_tmp_cleanup);
    }
    char *out = buf[k++ & 7];
    size_t n = 0;
    for (const char *c = s; *c && n + 64 < sizeof buf[0]; c++)
        if (c[0] == '@' && c[1] == 'T') {
            n += (size_t)snprintf(out + n, sizeof buf[0] - n, "%s", test_tmp_dir);
            c++;
        } else {
            out[n++] = *c;
        }
    out[n] = '\0';
    return out;
}

/* Runs "$DCNET_WRAPPER $DCNET_BIN args" through /bin/sh; args is shell text
 * written by the test itself ("@T": the scratch directory). With
 * DCNET_WRAPPER_EVERY=K (K > 1) only runs 0, K, 2K, ... of this process go
 * through the wrapper, the others run plain: `make check`'s valgrind stage
 * samples the CLI's runs this way (each run costs about a second under
 * valgrind; every run is also checked under ASan+UBSan). */
static run_result run_dcnet(const char *args)
{
    static int counter;
    run_result r;
    char cmd[4096], out[128], err[128];
    const char *bin = getenv("DCNET_BIN") ? getenv("DCNET_BIN") : "build/dcnet";
    const char *wrap = getenv("DCNET_WRAPPER") ? getenv("DCNET_WRAPPER") : "";
    const char *every = getenv("DCNET_WRAPPER_EVERY");
    int st;
    if (every && atoi(every) > 1 && counter % atoi(every) != 0)
        wrap = "";
    snprintf(out, sizeof out, "/tmp/dcnet-test-%d-%d.out", (int)getpid(), counter);
    snprintf(err, sizeof err, "/tmp/dcnet-test-%d-%d.err", (int)getpid(), counter++);
    snprintf(cmd, sizeof cmd, "%s %s </dev/null %s >%s 2>%s", wrap, bin, tp(args), out, err);
    st = system(cmd);
    if (st == -1)
        r.status = -1000;
    else if (WIFEXITED(st))
        r.status = WEXITSTATUS(st);
    else
        r.status = -WTERMSIG(st);
    r.out = slurp(out);
    r.err = slurp(err);
    unlink(out);
    unlink(err);
    return r;
}

static void run_free(run_result *r)
{
    free(r->out);
    free(r->err);
}

#endif

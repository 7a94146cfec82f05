/*
 * fuzz_journal.c - libFuzzer target for the sweep journal's reader
 * (src/report/journal.c; issue 26, section 3, and issue 27, items 18, 19,
 * 22). The input is the journal of a sweep of 8 runs, run 5 left out by
 * --skip. An accepted journal must hold only runs of that sweep, with an
 * exit status in -1 .. 255, an error in valid UTF-8 (one exactly when the
 * status is not 0, issue 37) and a result that is an object json.c reads
 * (JSON numbers that are doubles; or none, for a failed run); and the round trip
 * must hold: what journal_line writes of it reads back the same, run for
 * run.
 */
#include "../src/report/journal.h"

#include <stdlib.h>
#include <string.h>

#define TOTAL 8
static const char sig[] = "net --var n=1..8 --skip n=6 --net ring:{n}";

static void clear(sweep_run *runs)
{
    for (int i = 0; i < TOTAL; i++) {
        free(runs[i].json);
        free(runs[i].error);
        memset(&runs[i], 0, sizeof runs[i]);
    }
    runs[5].done = runs[5].skipped = 1;
}

static int utf8_ok(const char *s)
{
    for (int n; *s; s += n)
        if ((n = utf8_seq_len(s)) == 0)
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sweep_run a[TOTAL], b[TOTAL];
    char *text = malloc(size + 1), *back = NULL;
    size_t blen = 0;
    int64_t kept, kept2;
    dn_err err;
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    clear(a);
    clear(b);
    if (journal_parse(text, size, "fuzz.runs", sig, "remove it", a, TOTAL, &kept, &err) != DN_OK)
        goto out;
    FILE *f = open_memstream(&back, &blen);
    if (!f)
        abort();
    journal_head(f, sig);
    int64_t done = 0;
    for (int i = 0; i < TOTAL; i++) {
        if (!a[i].done || a[i].skipped)
            continue;
        done++;
        if (a[i].code < JOURNAL_EXIT_MIN || a[i].code > JOURNAL_EXIT_MAX ||
            (a[i].code == 0 && !a[i].json) || (a[i].code == 0) != !a[i].error ||
            (a[i].error && (!*a[i].error || !utf8_ok(a[i].error))) ||
            (a[i].json && journal_result_ok(a[i].json, &err) != DN_OK))
            abort();
        journal_line(f, i, &a[i]);
    }
    if (fclose(f) != 0 || done != kept)
        abort();
    if (journal_parse(back, blen, "fuzz.runs", sig, "remove it", b, TOTAL, &kept2, &err) != DN_OK ||
        kept2 != kept)
        abort();
    for (int i = 0; i < TOTAL; i++)
        if (a[i].done != b[i].done || a[i].code != b[i].code ||
            !a[i].error != !b[i].error || (a[i].error && strcmp(a[i].error, b[i].error)) ||
            !a[i].json != !b[i].json || (a[i].json && strcmp(a[i].json, b[i].json)))
            abort();
out:
    clear(a);
    clear(b);
    free(back);
    free(text);
    return 0;
}

/*
 * journal.h - the journal of `dcnet sweep -o FILE` (FILE.runs, issue 21):
 * what each finished run printed, appended at once, so that --resume runs
 * only what is missing and writes FILE as an uninterrupted sweep would.
 * Its reader trusts nothing (issue 27, items 18, 19, 22): the journal is a
 * file like any other, and a libFuzzer target (fuzz/fuzz_journal.c) reads
 * it and checks the round trip.
 *
 * The format, one JSON object a line:
 *   {"sweep":"SIGNATURE"}                        the sweep's command, first
 *   {"run":I,"exit":C,"error":"E","result":R}    one per finished run
 * I is the run's number (0 .. total - 1, combination order), C its exit
 * status (-1 .. 255), E its error ("" if none), R the run's JSON output
 * (an object) or null. A last line without its newline was cut by a kill
 * and is dropped; any other line that is not exactly this is refused.
 */
#ifndef DN_JOURNAL_H
#define DN_JOURNAL_H

#include "../cli/cli.h"

#define JOURNAL_EXIT_MIN (-1) /* cli_spawn: a failure of dcnet itself */
#define JOURNAL_EXIT_MAX 255

typedef struct sweep_run {
    int done, code, skipped; /* skipped (no run, no row): 1 left out by --skip,
                              * 2 another shard's (--shard K/N) */
    char *json;  /* the run's JSON output on one line: an object (NULL: none) */
    char *error; /* its error, valid UTF-8 (NULL: none) */
} sweep_run;

/* The first line, for the sweep of signature sig. */
void journal_head(FILE *f, const char *sig);
/* Run i's line, flushed at once. */
void journal_line(FILE *f, int64_t i, const sweep_run *r);

/* Reads a journal's text (len bytes, NUL-terminated) into runs[0 .. total
 * - 1], whose skipped runs are marked (done and skipped) beforehand: each
 * recorded run becomes done with its code, error and result (malloc'd,
 * owned by runs[]; freed by the caller also after a failure). *kept counts
 * them. DN_EINVAL, with `name` and the line in err, when the first line is
 * not this sweep's (another sweep's journal: the message ends with `fix`,
 * what to do, which depends on the caller) or a line is not a record of
 * one of its runs (a run out of range, left out by --skip or given twice;
 * an exit status out of range or not an integer; an error given with exit
 * 0 or missing with another; a result that is not an object, or holds a
 * number that is not a JSON number or not a double); DN_ENOMEM. Time O(len + the results' sizes).
 */
int journal_parse(const char *text, size_t len, const char *name, const char *sig,
                  const char *fix, sweep_run *runs, int64_t total, int64_t *kept, dn_err *err);

/* Is json (NUL-terminated) one JSON object that json.c reads, with no
 * empty member name (it would make a column without a name)? DN_OK or
 * DN_EINVAL (err says why). O(length). */
int journal_result_ok(const char *json, dn_err *err);

/* A malloc'd copy of s in valid UTF-8: each byte that does not start a
 * valid sequence becomes U+FFFD, as json_string writes it, so that an
 * error read back from the journal equals the one kept in memory. NULL
 * when out of memory. O(length). */
char *journal_clean(const char *s);

#endif

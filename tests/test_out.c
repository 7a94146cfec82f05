/*
 * test_out.c - the CLI's output records (src/cli/out.c, compiled in here:
 * it is CLI code, not part of libdcnet) with no key cap (issue 30, item
 * 7): a record of 200 keys prints all 200, in order, as a table, as JSON
 * and as CSV; a long key and a 10 kB string value come out whole; rows,
 * streamed rows and rows made by a function keep every column. The JSON
 * is read back with the report's reader (src/report/json.c); the expected
 * text is built here from the keys and values, never copied from output.
 */
#include <stdlib.h>

/* out.c's reallocations fail on demand: after fail_after more calls */
static int fail_after = -1;
static void *test_realloc(void *p, size_t n)
{
    if (fail_after == 0)
        return NULL;
    if (fail_after > 0)
        fail_after--;
    return realloc(p, n);
}
#define realloc test_realloc
#include "../src/cli/out.c"
#undef realloc
#include "../src/cli/suggest.c" /* out.c prints library errors through cli_errmsg */
#include "../src/report/json.c"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#define NKEYS 200

/* What print(f) wrote, NUL-terminated (the caller frees it). */
static char *capture(void (*print)(FILE *, void *), void *ctx)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    print(f, ctx);
    long len = ftell(f);
    assert_true(len >= 0);
    rewind(f);
    char *buf = malloc((size_t)len + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
    buf[len] = 0;
    fclose(f);
    return buf;
}

/* Key i of the big record: "k000" .. "k199"; value i*7 - 3 (distinct, some
 * negative); every 10th key a string, to mix the types. */
static void big_key(int i, char *buf, size_t cap)
{
    snprintf(buf, cap, "k%03d", i);
}
static void fill_big(rec *r)
{
    char key[16], val[32];
    for (int i = 0; i < NKEYS; i++) {
        big_key(i, key, sizeof key);
        if (i % 10 == 9) {
            snprintf(val, sizeof val, "s%d", i);
            rec_str(r, key, val);
        } else {
            rec_int(r, key, (int64_t)i * 7 - 3);
        }
    }
}
static void value_of(int i, char *buf, size_t cap)
{
    if (i % 10 == 9)
        snprintf(buf, cap, "s%d", i);
    else
        snprintf(buf, cap, "%d", i * 7 - 3);
}

typedef struct pr {
    const rec *r;
    int mode;
} pr;
static void print_rec(FILE *f, void *ctx)
{
    const pr *p = ctx;
    rec_print(p->r, p->mode, f);
}

static void test_200_keys(void **state)
{
    (void)state;
    rec r = {0};
    fill_big(&r);
    assert_int_equal(r.n, NKEYS);
    assert_false(r.failed);
    char key[16], val[32], want[64];

    /* table: one "key  value" line per key, in order; keys are 4 wide */
    pr p = {&r, OUT_TABLE};
    char *t = capture(print_rec, &p), *line = t;
    for (int i = 0; i < NKEYS; i++) {
        big_key(i, key, sizeof key);
        value_of(i, val, sizeof val);
        snprintf(want, sizeof want, "%s  %s\n", key, val);
        assert_memory_equal(line, want, strlen(want));
        line += strlen(want);
    }
    assert_int_equal(*line, 0);
    free(t);

    /* JSON: read back, 200 members in order with their values */
    p.mode = OUT_JSON;
    t = capture(print_rec, &p);
    jflat j;
    dn_err err;
    assert_int_equal(jflat_parse(&j, t, &err), DN_OK);
    assert_int_equal(j.n, NKEYS);
    for (int i = 0; i < NKEYS; i++) {
        big_key(i, key, sizeof key);
        value_of(i, val, sizeof val);
        assert_string_equal(j.key[i], key);
        assert_string_equal(j.val[i], val);
    }
    jflat_free(&j);
    free(t);

    /* CSV: the header of 200 keys, then their values */
    p.mode = OUT_CSV;
    t = capture(print_rec, &p);
    line = t;
    for (int i = 0; i < NKEYS; i++) {
        big_key(i, key, sizeof key);
        snprintf(want, sizeof want, "%s%c", key, i == NKEYS - 1 ? '\n' : ',');
        assert_memory_equal(line, want, strlen(want));
        line += strlen(want);
    }
    for (int i = 0; i < NKEYS; i++) {
        value_of(i, val, sizeof val);
        snprintf(want, sizeof want, "%s%c", val, i == NKEYS - 1 ? '\n' : ',');
        assert_memory_equal(line, want, strlen(want));
        line += strlen(want);
    }
    assert_int_equal(*line, 0);
    free(t);
    rec_free(&r);
    assert_int_equal(r.n, 0);
    assert_null(r.kv);
    rec_free(&r); /* a freed (zeroed) record: no-op */
    assert_false(rec_oom());
}

typedef struct prs {
    const rec *head, *rows;
    int n, mode;
} prs;
static void print_rows(FILE *f, void *ctx)
{
    const prs *p = ctx;
    rows_print(p->head, p->rows, p->n, "items", p->mode, f);
}

/* Rows of 200 columns: every column in every form. */
static void test_200_columns(void **state)
{
    (void)state;
    rec rows[2] = {{0}, {0}}, head = {0};
    fill_big(&rows[0]);
    fill_big(&rows[1]);
    rec_str(&head, "name", "h");
    char key[16], val[32], want[64];

    /* table: the head's line, then a header row naming all 200 columns;
     * a row's cells are right-aligned numbers and left-aligned strings
     * (the last column's string unpadded), separated by two spaces */
    prs p = {&head, rows, 2, OUT_TABLE};
    char *t = capture(print_rows, &p);
    const char *line = strchr(t, '\n') + 1;
    for (int i = 0; i < NKEYS; i++) {
        big_key(i, key, sizeof key);
        value_of(i, val, sizeof val);
        int w = (int)(strlen(val) > 4 ? strlen(val) : 4);
        snprintf(want, sizeof want, "%s%-*s", i ? "  " : "", i == NKEYS - 1 ? 0 : w, key);
        assert_memory_equal(line, want, strlen(want));
        line += strlen(want);
    }
    assert_int_equal(*line, '\n');
    line++;
    for (int i = 0; i < NKEYS; i++) {
        value_of(i, val, sizeof val);
        int w = (int)(strlen(val) > 4 ? strlen(val) : 4), str = i % 10 == 9;
        snprintf(want, sizeof want, str ? "%s%-*s" : "%s%*s", i ? "  " : "",
                 str && i == NKEYS - 1 ? 0 : w, val);
        assert_memory_equal(line, want, strlen(want));
        line += strlen(want);
    }
    assert_int_equal(*line, '\n');
    free(t);

    /* JSON: the head, then items[0..1] with all 200 members in order */
    p.mode = OUT_JSON;
    t = capture(print_rows, &p);
    jflat j;
    dn_err err;
    assert_int_equal(jflat_parse(&j, t, &err), DN_OK);
    assert_int_equal(j.n, 1 + 2 * NKEYS);
    assert_string_equal(j.key[0], "name");
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < NKEYS; i++) {
            char path[32];
            snprintf(path, sizeof path, "items[%d].k%03d", r, i);
            value_of(i, val, sizeof val);
            assert_string_equal(j.key[1 + r * NKEYS + i], path);
            assert_string_equal(j.val[1 + r * NKEYS + i], val);
        }
    jflat_free(&j);
    free(t);

    /* CSV: name,items.k000,...,items.k199 then a row per item */
    p.mode = OUT_CSV;
    t = capture(print_rows, &p);
    line = t;
    assert_memory_equal(line, "name,", 5);
    line += 5;
    for (int i = 0; i < NKEYS; i++) {
        snprintf(want, sizeof want, "items.k%03d%c", i, i == NKEYS - 1 ? '\n' : ',');
        assert_memory_equal(line, want, strlen(want));
        line += strlen(want);
    }
    for (int r = 0; r < 2; r++) {
        assert_memory_equal(line, "h,", 2);
        line += 2;
        for (int i = 0; i < NKEYS; i++) {
            value_of(i, val, sizeof val);
            snprintf(want, sizeof want, "%s%c", val, i == NKEYS - 1 ? '\n' : ',');
            assert_memory_equal(line, want, strlen(want));
            line += strlen(want);
        }
    }
    assert_int_equal(*line, 0);
    free(t);
    rec_free(&rows[0]);
    rec_free(&rows[1]);
    rec_free(&head);
}

/* A row function for rows_print_fn: row i is the big record with key 0
 * set to i; it empties the row by n = 0, as cli.h allows. */
static void big_row(void *ctx, int64_t i, rec *row)
{
    (void)ctx;
    row->n = 0;
    fill_big(row);
    row->kv[0].i = i;
}
static void print_fn_rows(FILE *f, void *ctx)
{
    const int *mode = ctx;
    rows_print_fn(NULL, 3, big_row, NULL, "items", *mode, f);
}

/* Rows made one at a time, the same record refilled: all columns, and the
 * record's text does not grow with the rows. */
static void test_fn_rows(void **state)
{
    (void)state;
    for (int mode = OUT_TABLE; mode <= OUT_CSV; mode++) {
        char *t = capture(print_fn_rows, &mode);
        /* the last key in the header, the last value on each row */
        assert_non_null(strstr(t, "k199"));
        int lines = 0, ends = 0;
        for (const char *c = t; *c; c++)
            lines += *c == '\n';
        for (const char *c = t; (c = strstr(c, "s199")); c++)
            ends++;
        assert_int_equal(ends, 3);
        assert_int_equal(lines, mode == OUT_JSON ? 1 : 4);
        free(t);
    }
    rec r = {0};
    big_row(NULL, 0, &r);
    size_t len = r.len;
    for (int i = 1; i < 100; i++)
        big_row(NULL, i, &r);
    assert_int_equal(r.len, len);
    assert_int_equal(r.n, NKEYS);
    rec_clear(&r);
    assert_int_equal(r.n, 0);
    rec_free(&r);
}

/* A key of 300 bytes and a string value of 10 kB come out whole. */
static void test_long(void **state)
{
    (void)state;
    char key[301], *val = malloc(10001);
    assert_non_null(val);
    for (int i = 0; i < 300; i++)
        key[i] = (char)('a' + i % 26);
    key[300] = 0;
    for (int i = 0; i < 10000; i++)
        val[i] = (char)('A' + i % 26);
    val[10000] = 0;
    rec r = {0}, c = {0};
    rec_int(&r, "x", 1);
    rec_str(&r, key, val);
    rec_str(&r, "y", "short");
    assert_int_equal(r.n, 3);
    assert_string_equal(rec_key(&r, 1), key);
    rec_append(&c, &r); /* a copy of every field */
    assert_int_equal(c.n, 3);
    assert_string_equal(rec_key(&c, 2), "y");

    char *want = malloc(11000);
    assert_non_null(want);
    pr p = {&c, OUT_TABLE};
    char *t = capture(print_rec, &p);
    snprintf(want, 11000, "%-300s  %s\n", key, val);
    assert_non_null(strstr(t, want));
    free(t);

    /* (letters only: nothing to escape; json.c's reader stops at 4 kB) */
    p.mode = OUT_JSON;
    t = capture(print_rec, &p);
    snprintf(want, 11000, "{\"x\":1,\"%s\":\"%s\",\"y\":\"short\"}\n", key, val);
    assert_string_equal(t, want);
    free(t);

    p.mode = OUT_CSV;
    t = capture(print_rec, &p);
    snprintf(want, 11000, "x,%s,y\n1,%s,short\n", key, val);
    assert_string_equal(t, want);
    free(t);

    /* as a row: the table cell, and the CSV header with its prefix */
    prs q = {NULL, &c, 1, OUT_TABLE};
    t = capture(print_rows, &q);
    snprintf(want, 11000, "%s  %-10000s  short\n", "1", val);
    assert_non_null(strstr(t, want));
    free(t);
    q.mode = OUT_CSV;
    t = capture(print_rows, &q);
    snprintf(want, 11000, "items.x,items.%s,items.y\n1,%s,short\n", key, val);
    assert_string_equal(t, want);
    free(t);

    free(want);
    free(val);
    rec_free(&r);
    rec_free(&c);
    assert_false(rec_oom());
}

/* CSV quoting of a key, prefixed or not, and a value with commas. */
static void test_csv_quoting(void **state)
{
    (void)state;
    rec r = {0};
    rec_str(&r, "a,b", "x\"y");
    prs q = {NULL, &r, 1, OUT_CSV};
    char *t = capture(print_rows, &q);
    assert_string_equal(t, "\"items.a,b\"\n\"x\"\"y\"\n");
    free(t);
    rec_free(&r);
}

/* A record that cannot grow says so: marked failed, the process too
 * (rec_oom, which out_close and out_finish act on), and no half field. */
static void test_no_memory(void **state)
{
    (void)state;
    rec r = {0};
    char key[16];
    for (int i = 0; i < 16; i++) { /* fills the first 16 fields' room */
        big_key(i, key, sizeof key);
        rec_int(&r, key, i);
    }
    assert_false(rec_oom());
    fail_after = 0; /* the 17th field needs more room for fields */
    rec_int(&r, "k016", 16);
    assert_true(r.failed);
    assert_true(rec_oom());
    assert_int_equal(r.n, 16);
    rec_free(&r);

    /* a string value whose copy cannot be made: no field without it */
    oom = 0;
    fail_after = 2; /* room for a field and the key's text, then none for the value */
    rec_str(&r, "k", "a value longer than what is left of the first 256 bytes of text, "
                     "which the key took a little of: it needs more room, and gets none. "
                     "a value longer than what is left of the first 256 bytes of text, "
                     "which the key took a little of: it needs more room, and gets none.");
    assert_true(r.failed);
    assert_true(rec_oom());
    fail_after = -1;
    assert_int_equal(r.n, 0);
    rec_free(&r);
    oom = 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_200_keys),   cmocka_unit_test(test_200_columns),
        cmocka_unit_test(test_fn_rows),    cmocka_unit_test(test_long),
        cmocka_unit_test(test_csv_quoting), cmocka_unit_test(test_no_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/*
 * test_json.c - the flat JSON reader that `dcnet demo` uses to read its
 * child runs (src/report/json.c, compiled in here: it is CLI code, not part
 * of libdcnet). Expected outputs are written out by hand; malformed input
 * must be refused with an offset, never half-read.
 */
#include "../src/report/json.c"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

static void test_paths(void **state)
{
    (void)state;
    jflat j;
    dn_err err;
    const char *doc = "{\"a\":1,\"b\":{\"c\":-2.5e3,\"d\":[true,null,\"x\\\"y\\u0041\"]},"
                      "\"e\":[],\"f\":{},\"runs\":[{\"ratio\":0.25},{\"ratio\":3}]}";
    assert_int_equal(jflat_parse(&j, doc, &err), DN_OK);
    assert_int_equal(j.n, 7);
    assert_string_equal(jflat_get(&j, "a"), "1");
    assert_true(jflat_num(&j, "b.c") == -2500.0);
    assert_string_equal(jflat_get(&j, "b.d[0]"), "true");
    assert_string_equal(jflat_get(&j, "b.d[1]"), "null");
    assert_string_equal(jflat_get(&j, "b.d[2]"), "x\"yA");
    assert_true(jflat_num(&j, "runs[1].ratio") == 3.0);
    assert_true(jflat_num(&j, "runs[0].ratio") == 0.25);
    assert_null(jflat_get(&j, "runs[2].ratio"));
    assert_true(isnan(jflat_num(&j, "b.d[0]"))); /* not a number */
    assert_true(isnan(jflat_num(&j, "missing")));
    jflat_free(&j);
    jflat_free(&j); /* free of a freed (zeroed) object is a no-op */

    /* a top-level array, as `dcnet balance --algo all --json` prints */
    assert_int_equal(jflat_parse(&j, " [ {\"steps\": 7}, {\"steps\": 9} ]\n", &err), DN_OK);
    assert_true(jflat_num(&j, "[1].steps") == 9.0);
    jflat_free(&j);
}

static void test_malformed(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",          "{",           "{\"a\"}",     "{\"a\":}",  "[1,]x",  "{\"a\":1}}",
        "\"abc",     "{\"a\":\"\\q\"}", "[1 2]",   "{\"a\":1,}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        jflat j;
        dn_err err;
        assert_int_equal(jflat_parse(&j, bad[i], &err), DN_EINVAL);
        assert_non_null(strstr(err.msg, "malformed JSON at offset"));
        assert_int_equal(j.n, 0);
    }
    /* nesting deeper than 32 is refused */
    char deep[100];
    memset(deep, '[', 40);
    deep[40] = 0;
    jflat j;
    dn_err err;
    assert_int_equal(jflat_parse(&j, deep, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "deeper than 32"));
}

/* A string value as long as the document (a sweep's signature of 1500
 * values, a long spec): it was refused past 4095 bytes (issue 27, item 19).
 * Escapes shrink it; a string cut short is still refused. */
static void test_long_string(void **state)
{
    (void)state;
    size_t n = 100000;
    char *doc = malloc(n + 64), *want = malloc(n + 1);
    assert_non_null(doc);
    assert_non_null(want);
    int k = sprintf(doc, "{\"sweep\":\"");
    for (size_t i = 0; i < n; i++) {
        want[i] = (char)('a' + i % 26);
        doc[k++] = want[i];
    }
    want[n] = '\0';
    strcpy(doc + k, "\\t\\u0041\"}");
    jflat j;
    dn_err err;
    assert_int_equal(jflat_parse(&j, doc, &err), DN_OK);
    const char *v = jflat_get(&j, "sweep");
    assert_non_null(v);
    assert_int_equal(strlen(v), n + 2);
    assert_int_equal(strncmp(v, want, n), 0);
    assert_string_equal(v + n, "\tA");
    jflat_free(&j);
    doc[k] = '\0'; /* no closing quote */
    assert_int_equal(jflat_parse(&j, doc, &err), DN_EINVAL);
    assert_non_null(strstr(err.msg, "unterminated string"));
    free(doc);
    free(want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paths),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_long_string),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

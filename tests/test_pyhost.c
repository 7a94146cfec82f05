/*
 * test_pyhost.c - what the Python package (python/dcnet, issue 40) needs
 * from the C side, checked in C: the capture of out.c (compiled in here,
 * as test_out does: CLI code, not libdcnet) keeps a command's JSON report
 * as the records the writer prints, with the same text when written back,
 * and its error messages and the option at fault; and dn_sim_opts.stop
 * ends a simulation at the first progress check after it is set. The
 * expected values come from the records built here, and from the count
 * of B(17)'s messages (2^17 - 1), never from output.
 */
#include "../src/cli/out.c"
#include "../src/cli/suggest.c" /* cli_fail, cli_usage and cli_errmsg */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

/* The JSON text rec_print writes for r (malloc'd). */
static char *json_text(const rec *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    assert_non_null(m);
    rec_print(r, OUT_JSON, m);
    fclose(m);
    return buf;
}

static void row_of(void *ctx, int64_t i, rec *row)
{
    (void)ctx;
    row->n = 0;
    rec_int(row, "id", i);
    rec_dbl(row, "x.y", 0.5 * (double)i);
}

/* A report to standard output is captured, not printed: one document per
 * JSON object, its fields as added, arrays under their keys. */
static void test_capture_reports(void **state)
{
    (void)state;
    out_capture c;
    memset(&c, 0, sizeof c);
    rec head = {0};
    rec_str(&head, "net", "mesh:4x4");
    rec_int(&head, "degree.min", 2);
    rec_dbl(&head, "degree.avg", 3.0);
    rec_bool(&head, "ok", 1);
    rec_dbl(&head, "nan", NAN); /* null in JSON */
    out_capture_begin(&c);
    rec_print(&head, OUT_JSON, stdout);
    rows_print_fn(&head, 5, row_of, NULL, "rows", OUT_JSON, stdout);
    out_capture_end();
    assert_int_equal(c.ndocs, 2);
    /* the first: the record itself, written back as the same JSON text */
    char *want = json_text(&head), *got = json_text(&c.docs[0].head);
    assert_string_equal(got, want);
    free(want);
    free(got);
    assert_int_equal(c.docs[0].narr, 0);
    assert_int_equal(c.docs[0].head.kv[4].type, KV_NULL);
    /* the second: the head, then 5 rows under "rows" */
    assert_int_equal(c.docs[1].narr, 1);
    assert_string_equal(c.docs[1].arr[0].key, "rows");
    assert_int_equal(c.docs[1].arr[0].n, 5);
    for (int i = 0; i < 5; i++) {
        const rec *r = &c.docs[1].arr[0].rows[i];
        assert_int_equal(r->n, 2);
        assert_string_equal(rec_key(r, 1), "x.y");
        assert_int_equal(r->kv[0].i, i);
        assert_true(r->kv[1].d == 0.5 * i);
    }
    /* without a capture, standard output is written again (nothing kept) */
    assert_null(out_capture_now());
    out_capture_free(&c);
    rec_free(&head);
}

/* Errors go into the capture with the option at fault: the first option a
 * usage message names, or the flag of the library's parameter. */
static void test_capture_errors(void **state)
{
    (void)state;
    out_capture c;
    memset(&c, 0, sizeof c);
    out_capture_begin(&c);
    assert_int_equal(cli_usage("embed", "--order must be asc, desc or paired, not 'x'"), 2);
    out_capture_end();
    assert_non_null(c.errs);
    assert_string_equal(c.errs, "dcnet embed: --order must be asc, desc or paired, not 'x'\n"
                                "Try 'dcnet embed --help' for more information.\n");
    assert_string_equal(c.opt, "--order");
    out_capture_free(&c);

    memset(&c, 0, sizeof c);
    dn_err err;
    dn_fail_param(&err, DN_ERANGE, "mem_limit", "the run needs 3 GiB, over the limit");
    out_capture_begin(&c);
    assert_int_equal(cli_fail("simulate", DN_ERANGE, cli_errmsg(&err)), 2);
    out_capture_end();
    assert_string_equal(c.opt, "--mem-limit");
    assert_non_null(strstr(c.errs, "(option --mem-limit)"));
    out_capture_free(&c);

    /* a note names an option but is no error: no option at fault */
    memset(&c, 0, sizeof c);
    out_capture_begin(&c);
    cli_old_option("simulate", "--links", "--link-stats");
    out_capture_end();
    assert_string_equal(c.opt, "");
    assert_non_null(strstr(c.errs, ": note: "));
    out_capture_free(&c);
}

static void count_progress(void *ctx, double fraction)
{
    int *calls = ctx;
    (*calls)++;
    assert_true(fraction == 65536.0 / ((1 << 17) - 1)); /* the first check only */
}

/* B(17) on the de Bruijn graph by mapping D: 2^17 - 1 messages. With the
 * stop flag up from the start the engine stops at its first check (the
 * progress report after 65536 deliveries, made once); down, it delivers
 * them all. */
static void test_sim_stop(void **state)
{
    (void)state;
    dn_err err;
    dn_net net;
    dn_tree tree;
    dn_tree_model tm;
    dn_embed *e;
    dn_embed_opts eo;
    dn_sim_work w;
    dn_sim_work_opts wo;
    memset(&eo, 0, sizeof eo);
    memset(&wo, 0, sizeof wo);
    eo.map = "zrl";
    eo.root = -1; /* the mapping's own root */
    wo.stage = DN_STAGE_DIVIDE;
    wo.alpha = 1;
    if (dn_net_init(&net, "debruijn:17", &err) || dn_tree_model_parse("binomial:17", &tm, &err) ||
        dn_tree_init(&tree, &tm, 1, 0, &err) || dn_embed_init(&e, &net, &tree, &eo, &err) ||
        dn_sim_work_from_embed(&w, e, &wo, &err))
        fail_msg("setup: %s", err.msg);
    assert_int_equal(w.msgs, (1 << 17) - 1);
    for (int up = 1; up >= 0; up--) {
        volatile int stop = up;
        int calls = 0;
        dn_sim_opts o;
        dn_sim *s;
        dn_sim_result res;
        memset(&o, 0, sizeof o);
        o.sw = DN_SW_SAF;
        o.ts = o.te = 1;
        o.ports = o.vcs = 1;
        o.stop = &stop;
        o.progress = count_progress;
        o.progress_ctx = &calls;
        assert_int_equal(dn_sim_init(&s, &o, &err), DN_OK);
        memset(&res, 0, sizeof res);
        int rc = dn_sim_run(s, &w, &res, &err);
        if (up) {
            assert_int_equal(rc, DN_ELIMIT);
            assert_string_equal(err.msg, "stopped by the caller");
            assert_int_equal(calls, 1);
        } else {
            assert_int_equal(rc, DN_OK);
            assert_int_equal(res.delivered, (1 << 17) - 1);
            assert_int_equal(calls, 1); /* (131071 deliveries: one check) */
        }
        dn_sim_result_free(&res);
        dn_sim_free(s);
    }
    dn_sim_work_free(&w);
    dn_embed_free(e);
    dn_tree_free(&tree);
    dn_net_free(&net);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_capture_reports),
        cmocka_unit_test(test_capture_errors),
        cmocka_unit_test(test_sim_stop),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

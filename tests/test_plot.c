/*
 * test_plot.c - the SVG plots of the CLI (src/cli/plot.c, compiled in
 * here: CLI code, not part of libdcnet). Issue 17: a legend never covers
 * data. Every legend entry must lie right of the data frame, and the
 * frame must keep its data points inside it.
 */
#include "../src/cli/plot.c"

#include <stdlib.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

/* The right edge of the data frame: the first <rect> with stroke #444. */
static double frame_right(const char *svg)
{
    const char *r = strstr(svg, "stroke=\"#444\"");
    assert_non_null(r);
    while (r > svg && strncmp(r, "<rect", 5) != 0)
        r--;
    double x, y, w;
    assert_int_equal(sscanf(r, "<rect x=\"%lf\" y=\"%lf\" width=\"%lf\"", &x, &y, &w), 3);
    return x + w;
}

static void test_legend_outside(void **state)
{
    (void)state;
    static const double xs[4] = {1, 2, 3, 4}, a[4] = {1, 10, 100, 1000}, b[4] = {1000, 100, 10, 1};
    plot_series s[3] = {
        {"rising series with a long name", xs, a, NULL, 4, PLOT_LINE_POINTS, 0, NULL},
        {"falling", xs, b, NULL, 4, PLOT_POINTS, 0, NULL},
        {"reference", xs, a, NULL, 1, PLOT_HLINE, 1, "#555"},
    };
    for (int ylog = 0; ylog < 2; ylog++) {
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        assert_non_null(f);
        plot_begin(f, 600, 300);
        plot_box box = {0, 0, 600, 300, "t", "x", "y", 0, 0, 0, 0, 1, 0, NULL, 0, ylog};
        plot_draw(f, &box, s, 3);
        plot_end(f);
        fclose(f);
        double right = frame_right(buf);
        /* every legend label (the series names) is right of the frame */
        for (int i = 0; i < 3; i++) {
            char needle[80];
            snprintf(needle, sizeof needle, ">%s</text>", s[i].name);
            const char *t = strstr(buf, needle);
            assert_non_null(t);
            while (t > buf && strncmp(t, "<text x=\"", 9) != 0)
                t--;
            double x = atof(t + 9);
            if (!(x > right))
                fail_msg("legend entry '%s' at x = %g, inside the frame (right edge %g)",
                         s[i].name, x, right);
        }
        /* data points (the clipped group) inside the frame */
        const char *data = strstr(buf, "clip-path=\"url(");
        assert_non_null(data);
        const char *end = strstr(data, "</g>");
        int points = 0;
        for (const char *c = strstr(data, "<circle cx=\""); c && c < end;
             c = strstr(c + 1, "<circle cx=\"")) {
            double cx = atof(c + 12);
            points++;
            if (cx > right + 0.01)
                fail_msg("data point at x = %g beyond the frame (%g)", cx, right);
        }
        assert_true(points >= 8);
        /* the dashed reference line is in the legend, drawn dashed */
        assert_non_null(strstr(buf, "stroke-dasharray=\"5 3\"/><text"));
        free(buf);
    }
}

/* A log axis over values within a decade that hold no 1, 2 or 5 x 10^k
 * (one value, 3; or 3 and 4) had no tick at all: a y axis without numbers
 * (attack2: sweep --plot y=COL,logy over one positive value). Each has its
 * decade's ticks now, and the points stay inside the frame. */
static void test_log_axis_ticks(void **state)
{
    (void)state;
    static const double xs[2] = {1, 2}, one[2] = {3, 3}, two[2] = {3, 4}, wide[2] = {3, 700};
    const double *ys[3] = {one, two, wide};
    for (int c = 0; c < 3; c++) {
        plot_series s = {"y", xs, ys[c], NULL, 2, PLOT_POINTS, 0, NULL};
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        assert_non_null(f);
        plot_begin(f, 600, 300);
        plot_box box = {0, 0, 600, 300, "t", "x", "y", 0, 0, 0, 0, 1, 0, NULL, 0, 1};
        plot_draw(f, &box, &s, 1);
        plot_end(f);
        fclose(f);
        /* y ticks: a grey grid line, then its label, right-aligned */
        int ticks = 0;
        for (const char *t = strstr(buf, "stroke=\"#ddd\"/><text"); t;
             t = strstr(t + 1, "stroke=\"#ddd\"/><text"))
            ticks++;
        if (ticks < 2)
            fail_msg("case %d: %d y ticks on a log axis over %g .. %g", c, ticks, ys[c][0],
                     ys[c][1]);
        if (c < 2) /* the decade's ends, 1 and 10 */
            assert_true(strstr(buf, "text-anchor=\"end\">1</text>") &&
                        strstr(buf, "text-anchor=\"end\">10</text>"));
        free(buf);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_legend_outside),
        cmocka_unit_test(test_log_axis_ticks),
    };
    return cmocka_run_group_tests_name("plot", tests, NULL, NULL);
}

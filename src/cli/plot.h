/*
 * plot.h - SVG charts for the CLI (plot.c): boxes with axes, ticks and a
 * legend; series as lines, points with error bars, or horizontal reference
 * lines. Call plot_begin, then plot_draw per chart box, then plot_end.
 */
#ifndef DN_PLOT_H
#define DN_PLOT_H

#include <stdio.h>

/* PLOT_SEGMENTS: a bar from (x, y) to (x + err, y), one row high (Gantt charts);
 * with dashed set, outlined in red instead of filled. */
/* PLOT_OPEN: hollow squares, for measured (simulated) points beside exact
 * curves, so that the two never look alike. */
enum { PLOT_LINE = 0, PLOT_POINTS, PLOT_LINE_POINTS, PLOT_HLINE, PLOT_SEGMENTS, PLOT_OPEN };

typedef struct plot_series {
    const char *name;   /* legend entry, or NULL for none */
    const double *x;    /* NULL: 0, 1, 2, ... */
    const double *y;
    const double *err;  /* NULL or +- error per point */
    int n;
    int style;          /* PLOT_* (PLOT_HLINE: y[0] across the box) */
    int dashed;
    const char *color;  /* NULL: palette by index */
} plot_series;

typedef struct plot_box {
    double x, y, w, h;          /* where in the document */
    const char *title, *xlabel, *ylabel;
    double xmin, xmax, ymin, ymax; /* min >= max: automatic */
    int x_integer;              /* integer ticks on x */
    int y_from_zero;            /* automatic y range includes 0 */
    const char *const *ylabels; /* if set: y ticks at 0 .. nylabels-1 with these names */
    int nylabels;
    int ylog;                   /* logarithmic y axis (values <= 0 are not drawn) */
} plot_box;

void plot_begin(FILE *f, double width, double height);
void plot_draw(FILE *f, const plot_box *b, const plot_series *s, int ns);
/* plot_draw with categories on the x axis: x = 0 .. nx - 1 are the
 * categories xlabels[0 .. nx - 1], each with its named tick (slanted when
 * the names would not fit side by side), x from -0.5 to nx - 0.5. */
void plot_draw_categories(FILE *f, const plot_box *b, const char *const *xlabels, int nx,
                          const plot_series *s, int ns);
void plot_end(FILE *f);
const char *plot_color(int i);
void plot_xml_text(FILE *f, const char *s);

#endif

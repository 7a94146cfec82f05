/*
 * plot.c - small SVG charts written by dcnet itself: axes with "nice"
 * ticks (1, 2, 5 x 10^k), a legend, lines, points, dashed reference lines
 * and error bars. Several charts can share one SVG document: each is drawn
 * in its own box. No external dependency, no script, no web font, so the
 * result opens in any browser or viewer.
 */
#include "plot.h"

#include <math.h>
#include <string.h>

static const char *palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                "#9467bd", "#8c564b", "#e377c2", "#17becf"};

const char *plot_color(int i)
{
    return palette[(i < 0 ? 0 : i) % (int)(sizeof palette / sizeof palette[0])];
}

void plot_begin(FILE *f, double width, double height)
{
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"12\">\n"
               "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            width, height, width, height);
}

void plot_end(FILE *f)
{
    fputs("</svg>\n", f);
}

/* Control characters are dropped: they are not allowed in XML text. */
void plot_xml_text(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default:
            if ((unsigned char)*s >= 0x20)
                fputc(*s, f);
        }
    }
}

/* tick step: 1, 2 or 5 times a power of ten, about `want` ticks over span */
static double nice_step(double span, int want)
{
    if (!(span > 0))
        return 1;
    double raw = span / want, p = pow(10, floor(log10(raw))), m = raw / p;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

static void fmt_tick(char *buf, size_t cap, double v, double step)
{
    if (fabs(v) < step * 1e-9)
        v = 0;
    if (step >= 1 && fabs(v) < 1e7)
        snprintf(buf, cap, "%.0f", v);
    else if (fabs(v) >= 1e5 || (fabs(v) < 1e-3 && v != 0))
        snprintf(buf, cap, "%.2g", v);
    else {
        int dec = (int)ceil(-log10(step));
        snprintf(buf, cap, "%.*f", dec < 0 ? 0 : dec > 6 ? 6 : dec, v);
    }
}

static int is_finite(double v)
{
    return !isnan(v) && !isinf(v);
}

void plot_draw(FILE *f, const plot_box *b, const plot_series *s, int ns)
{
    plot_draw_categories(f, b, NULL, 0, s, ns);
}

/* A chart's frame: the data ranges shown (on a log axis, y's are powers
 * of ten), the frame's corners in the SVG, and the legend's entries. */
typedef struct frame {
    double xmin, xmax, ymin, ymax;
    double L, R, T, B; /* left, right, top, bottom */
    int ylog, nl;      /* log y axis; named series (legend entries) */
} frame;

/* a data point's place in the SVG */
static double px(const frame *fr, double v)
{
    return fr->L + (v - fr->xmin) / (fr->xmax - fr->xmin) * (fr->R - fr->L);
}

static double py(const frame *fr, double v)
{
    double t = fr->ylog ? log10(v) : v;
    return fr->B - (t - fr->ymin) / (fr->ymax - fr->ymin) * (fr->B - fr->T);
}

/* The smallest and largest x and y of the points (with their error bars;
 * a segment reaches x + err), where the box leaves them open (autox,
 * autoy); on a log axis only positive values count. Infinite when no
 * point is finite. */
static void data_range(const plot_box *b, const plot_series *s, int ns, int autox, int autoy,
                       frame *fr)
{
    if (autox) {
        fr->xmin = INFINITY;
        fr->xmax = -INFINITY;
    }
    if (autoy) {
        fr->ymin = INFINITY;
        fr->ymax = -INFINITY;
    }
    for (int i = 0; i < ns; i++)
        for (int k = 0; k < s[i].n; k++) {
            double x = s[i].x ? s[i].x[k] : k, y = s[i].y[k];
            double e = s[i].err ? s[i].err[k] : 0;
            int seg = s[i].style == PLOT_SEGMENTS;
            if (!is_finite(x) || !is_finite(y))
                continue;
            if (autox) {
                fr->xmin = fmin(fr->xmin, x);
                fr->xmax = fmax(fr->xmax, seg ? x + e : x);
            }
            if (autoy && b->ylog) { /* log axis: positive values only */
                if (y > 0) {
                    fr->ymin = fmin(fr->ymin, log10(y - e > 0 ? y - e : y));
                    fr->ymax = fmax(fr->ymax, log10(y + e));
                }
            } else if (autoy) {
                fr->ymin = fmin(fr->ymin, seg ? y - 0.5 : y - e);
                fr->ymax = fmax(fr->ymax, seg ? y + 0.5 : y + e);
            }
        }
}

/* The ranges shown: the box's own, or the data's (nx categories: one
 * slot each, whatever the points), never empty, with a little air above
 * and below the data; then the frame, which gives up the legend's width
 * on the right (outside it, so that the legend never covers data). */
static void frame_layout(const plot_box *b, int categories, int nx, const plot_series *s,
                         int ns, frame *fr)
{
    fr->xmin = b->xmin, fr->xmax = b->xmax, fr->ymin = b->ymin, fr->ymax = b->ymax;
    fr->ylog = b->ylog;
    int autox = !(fr->xmin < fr->xmax), autoy = !(fr->ymin < fr->ymax);
    data_range(b, s, ns, autox, autoy, fr);
    if (!is_finite(fr->xmin) || !is_finite(fr->xmax)) {
        fr->xmin = 0;
        fr->xmax = 1;
    }
    if (categories) {
        fr->xmin = -0.5;
        fr->xmax = nx - 0.5;
    }
    if (!is_finite(fr->ymin) || !is_finite(fr->ymax)) {
        fr->ymin = 0;
        fr->ymax = 1;
    }
    if (!autoy && b->ylog) {
        fr->ymin = log10(fr->ymin > 0 ? fr->ymin : 1e-300);
        fr->ymax = log10(fr->ymax > 0 ? fr->ymax : 1);
    }
    if (autoy && b->y_from_zero && !b->ylog && fr->ymin > 0)
        fr->ymin = 0;
    if (fr->xmax <= fr->xmin)
        fr->xmax = fr->xmin + 1;
    if (fr->ymax <= fr->ymin) {
        fr->ymax = fr->ymin + (fr->ymin != 0 ? fabs(fr->ymin) * 0.1 : 1);
    }
    if (fr->ylog && !b->ylabels) { /* a log axis within a decade, holding no 1, 2 or 5 x
                                     * 10^k (one value, 3): no tick at all, a scale without
                                     * numbers; the decades around it instead */
        int tick = 0;
        for (double d = floor(fr->ymin); d <= ceil(fr->ymax) && !tick; d++)
            for (int m = 0; m < 3 && !tick; m++) {
                double t = d + log10((double)(m == 0 ? 1 : m == 1 ? 2 : 5));
                tick = t >= fr->ymin - 1e-9 && t <= fr->ymax + 1e-9;
            }
        if (!tick) {
            fr->ymin = floor(fr->ymin);
            fr->ymax = fmax(ceil(fr->ymax), fr->ymin + 1);
        }
    }
    if (autoy) { /* a little air above and below */
        double pad = 0.05 * (fr->ymax - fr->ymin);
        fr->ymax += pad;
        if (!(b->y_from_zero && fr->ymin == 0))
            fr->ymin -= pad;
    }
    double lw = 0;
    fr->nl = 0;
    for (int i = 0; i < ns; i++)
        if (s[i].name) {
            fr->nl++;
            lw = fmax(lw, (double)strlen(s[i].name) * 6.6);
        }
    const double legend_w = fr->nl ? lw + 40 : 0;
    fr->L = b->x + 62, fr->R = b->x + b->w - 12 - legend_w, fr->T = b->y + 30,
    fr->B = b->y + b->h - 44;
}

/* The x axis: named ticks for categories (slanted when they would not
 * fit side by side), else numbers at a nice step (whole numbers only
 * when x is). */
static void axis_x(FILE *f, const plot_box *b, const frame *fr, const char *const *xlabels,
                   int nx)
{
    const double L = fr->L, R = fr->R, T = fr->T, B = fr->B;
    char buf[64];
    double st = nice_step(fr->xmax - fr->xmin, 8);
    if (b->x_integer && st < 1)
        st = 1;
    if (xlabels) {
        double room = (R - L) / (nx > 0 ? nx : 1), widest = 0;
        for (int i = 0; i < nx; i++)
            widest = fmax(widest, 6.6 * (double)strlen(xlabels[i]));
        const int slant = widest > room - 4;
        for (int i = 0; i < nx; i++) {
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>",
                    px(fr, (double)i), T, px(fr, (double)i), B);
            if (slant)
                fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" "
                           "transform=\"rotate(-30 %.1f %.1f)\">",
                        px(fr, (double)i), B + 13, px(fr, (double)i), B + 13);
            else
                fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
                        px(fr, (double)i), B + 15);
            plot_xml_text(f, xlabels[i]);
            fputs("</text>\n", f);
        }
    }
    for (double v = ceil(fr->xmin / st) * st; !xlabels && v <= fr->xmax + st * 1e-9; v += st) {
        fmt_tick(buf, sizeof buf, v, st);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                px(fr, v), T, px(fr, v), B, px(fr, v), B + 15, buf);
    }
}

/* The y axis: named rows (Gantt charts; thinned when dense), or ticks at
 * a nice step; on a log axis at 1, 2, 5 times the powers of ten over a
 * short span, at every power (or every few) over a long one. Then both
 * axes' labels. */
static void axis_y(FILE *f, const plot_box *b, const frame *fr)
{
    const double L = fr->L, R = fr->R, T = fr->T, B = fr->B, ymin = fr->ymin, ymax = fr->ymax;
    char buf[64];
    if (b->ylabels) {
        int every = b->nylabels > 48 ? (b->nylabels + 47) / 48 : 1;
        for (int i = 0; i < b->nylabels; i += every) {
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", L - 5,
                    py(fr, (double)i) + 4);
            plot_xml_text(f, b->ylabels[i]);
            fputs("</text>\n", f);
        }
    }
    double st = b->ylog ? fmax(1, ceil((ymax - ymin) / 6)) : nice_step(ymax - ymin, 6);
    for (double v = floor(ymin / st) * st; !b->ylabels && v <= ymax + st * 1e-9; v += st) {
        static const double mant[3] = {1, 2, 5};
        for (int m = 0; m < (b->ylog && ymax - ymin <= 3 ? 3 : 1); m++) {
            double val = b->ylog ? mant[m] * pow(10, v) : v;
            double tv = b->ylog ? log10(val) : v, y = B - (tv - ymin) / (ymax - ymin) * (B - T);
            if (tv < ymin - 1e-9 || tv > ymax + 1e-9)
                continue;
            fmt_tick(buf, sizeof buf, val, b->ylog ? fmin(1, val) : st);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                       "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                    L, y, R, y, L - 5, y + 4, buf);
        }
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", (L + R) / 2, B + 34);
    plot_xml_text(f, b->xlabel);
    fprintf(f, "</text>\n<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
               "transform=\"rotate(-90 %.1f %.1f)\">",
            b->x + 16, (T + B) / 2, b->x + 16, (T + B) / 2);
    plot_xml_text(f, b->ylabel);
    fputs("</text>\n", f);
}

/* A series' marks at its points: error bars, then a hollow square
 * (PLOT_OPEN) or a dot (unless it is a plain line, drawn for its error
 * bars only); points off a log axis are left out. */
static void draw_points(FILE *f, const plot_box *b, const frame *fr, const plot_series *si,
                        const char *col)
{
    for (int k = 0; k < si->n; k++) {
        double x = si->x ? si->x[k] : k, y = si->y[k];
        if (!is_finite(x) || !is_finite(y))
            continue;
        if (b->ylog && !(y > 0))
            continue;
        if (si->err && si->err[k] > 0)
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                       "stroke=\"%s\"/>",
                    px(fr, x), py(fr, fmax(y - si->err[k], b->ylog ? y / 100 : -INFINITY)),
                    px(fr, x), py(fr, y + si->err[k]), col);
        if (si->style == PLOT_OPEN)
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" "
                       "fill=\"white\" stroke=\"%s\" stroke-width=\"1.5\"/>",
                    px(fr, x) - 3.5, py(fr, y) - 3.5, col);
        else if (si->style != PLOT_LINE)
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>", px(fr, x),
                    py(fr, y), col);
    }
    fputc('\n', f);
}

/* One series in its style: a dashed reference line across the frame,
 * bars from x to x + err (Gantt segments; dashed ones outlined in red),
 * a line through the points, and the points' marks. */
static void draw_series(FILE *f, const plot_box *b, const frame *fr, const plot_series *si,
                        int i)
{
    const char *col = si->color ? si->color : plot_color(i);
    if (si->style == PLOT_HLINE) {
        if (si->n > 0 && is_finite(si->y[0]) && (!b->ylog || si->y[0] > 0))
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                       "stroke=\"%s\" stroke-dasharray=\"6 4\"/>\n",
                    fr->L, py(fr, si->y[0]), fr->R, py(fr, si->y[0]), col);
        return;
    }
    if (si->style == PLOT_SEGMENTS) {
        double hgt = 0.7 * fabs(py(fr, 0) - py(fr, 1));
        for (int k = 0; k < si->n; k++) {
            double x = si->x ? si->x[k] : k, y = si->y[k], e = si->err ? si->err[k] : 0;
            if (is_finite(x) && is_finite(y) && is_finite(e))
                fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                           "fill=\"%s\"%s/>\n",
                        px(fr, x), py(fr, y) - hgt / 2, fmax(px(fr, x + e) - px(fr, x), 0.6),
                        hgt, si->dashed ? "none" : col,
                        si->dashed ? " stroke=\"#d62728\" stroke-width=\"1.2\"" : "");
        }
        return;
    }
    if (si->style == PLOT_LINE || si->style == PLOT_LINE_POINTS) {
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"%s points=\"",
                col, si->dashed ? " stroke-dasharray=\"5 3\"" : "");
        for (int k = 0; k < si->n; k++) {
            double x = si->x ? si->x[k] : k;
            if (is_finite(x) && is_finite(si->y[k]) && (!b->ylog || si->y[k] > 0))
                fprintf(f, "%.1f,%.1f ", px(fr, x), py(fr, si->y[k]));
        }
        fputs("\"/>\n", f);
    }
    if (si->style == PLOT_POINTS || si->style == PLOT_LINE_POINTS || si->style == PLOT_OPEN ||
        si->err)
        draw_points(f, b, fr, si, col);
}

/* legend, right of the frame; each entry drawn as its series is (line,
 * dashed line, points, or both) */
static void draw_legend(FILE *f, const frame *fr, const plot_series *s, int ns)
{
    double lx = fr->R + 10, ly = fr->T;
    int k = 0;
    for (int i = 0; i < ns; i++) {
        if (!s[i].name)
            continue;
        const char *col = s[i].color ? s[i].color : plot_color(i);
        double yy = ly + 14 + 16 * k++;
        int line = s[i].style != PLOT_POINTS && s[i].style != PLOT_OPEN,
            dots = s[i].style == PLOT_POINTS || s[i].style == PLOT_LINE_POINTS;
        if (s[i].style == PLOT_OPEN)
            fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" "
                       "fill=\"white\" stroke=\"%s\" stroke-width=\"1.5\"/>",
                    lx + 5.5, yy - 7.5, col);
        if (line)
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                       "stroke=\"%s\" stroke-width=\"2\"%s/>",
                    lx, yy - 4, lx + 18, yy - 4, col,
                    s[i].dashed || s[i].style == PLOT_HLINE ? " stroke-dasharray=\"5 3\"" : "");
        if (dots)
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>",
                    lx + 9, yy - 4, col);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", lx + 22, yy);
        plot_xml_text(f, s[i].name);
        fputs("</text>\n", f);
    }
}

void plot_draw_categories(FILE *f, const plot_box *b, const char *const *xlabels, int nx,
                          const plot_series *s, int ns)
{
    frame fr;
    frame_layout(b, xlabels != NULL, nx, s, ns, &fr);
    /* the title and the frame */
    fprintf(f, "<g>\n<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"14\" "
               "font-weight=\"bold\">",
            (fr.L + fr.R) / 2, b->y + 18);
    plot_xml_text(f, b->title);
    fputs("</text>\n", f);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
               "stroke=\"#444\"/>\n",
            fr.L, fr.T, fr.R - fr.L, fr.B - fr.T);
    axis_x(f, b, &fr, xlabels, nx);
    axis_y(f, b, &fr);
    /* clip the data to the frame; boxes do not overlap, so their corner
     * names the clip path uniquely */
    long cid = lround(b->x) * 100000 + lround(b->y);
    fprintf(f, "<clipPath id=\"c%ld\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
               "height=\"%.1f\"/></clipPath>\n<g clip-path=\"url(#c%ld)\">\n",
            cid, fr.L, fr.T, fr.R - fr.L, fr.B - fr.T, cid);
    for (int i = 0; i < ns; i++)
        draw_series(f, b, &fr, &s[i], i);
    fputs("</g>\n", f);
    if (fr.nl)
        draw_legend(f, &fr, s, ns);
    fputs("</g>\n", f);
}

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

void plot_draw_categories(FILE *f, const plot_box *b, const char *const *xlabels, int nx,
                          const plot_series *s, int ns)
{
    double xmin = b->xmin, xmax = b->xmax, ymin = b->ymin, ymax = b->ymax;
    int autox = !(xmin < xmax), autoy = !(ymin < ymax);
    if (autox) {
        xmin = INFINITY;
        xmax = -INFINITY;
    }
    if (autoy) {
        ymin = INFINITY;
        ymax = -INFINITY;
    }
    for (int i = 0; i < ns; i++)
        for (int k = 0; k < s[i].n; k++) {
            double x = s[i].x ? s[i].x[k] : k, y = s[i].y[k];
            double e = s[i].err ? s[i].err[k] : 0;
            int seg = s[i].style == PLOT_SEGMENTS;
            if (!is_finite(x) || !is_finite(y))
                continue;
            if (autox) {
                xmin = fmin(xmin, x);
                xmax = fmax(xmax, seg ? x + e : x);
            }
            if (autoy && b->ylog) { /* log axis: positive values only */
                if (y > 0) {
                    ymin = fmin(ymin, log10(y - e > 0 ? y - e : y));
                    ymax = fmax(ymax, log10(y + e));
                }
            } else if (autoy) {
                ymin = fmin(ymin, seg ? y - 0.5 : y - e);
                ymax = fmax(ymax, seg ? y + 0.5 : y + e);
            }
        }
    if (!is_finite(xmin) || !is_finite(xmax)) {
        xmin = 0;
        xmax = 1;
    }
    if (xlabels) { /* categories: one slot each, whatever the points */
        xmin = -0.5;
        xmax = nx - 0.5;
    }
    if (!is_finite(ymin) || !is_finite(ymax)) {
        ymin = 0;
        ymax = 1;
    }
    if (!autoy && b->ylog) {
        ymin = log10(ymin > 0 ? ymin : 1e-300);
        ymax = log10(ymax > 0 ? ymax : 1);
    }
    if (autoy && b->y_from_zero && !b->ylog && ymin > 0)
        ymin = 0;
    if (xmax <= xmin)
        xmax = xmin + 1;
    if (ymax <= ymin) {
        ymax = ymin + (ymin != 0 ? fabs(ymin) * 0.1 : 1);
    }
    if (autoy) { /* a little air above and below */
        double pad = 0.05 * (ymax - ymin);
        ymax += pad;
        if (!(b->y_from_zero && ymin == 0))
            ymin -= pad;
    }
    /* the legend goes outside the frame, on the right, so that it never
     * covers data: the frame gives up the legend's width */
    int nl = 0;
    double lw = 0;
    for (int i = 0; i < ns; i++)
        if (s[i].name) {
            nl++;
            lw = fmax(lw, (double)strlen(s[i].name) * 6.6);
        }
    const double legend_w = nl ? lw + 40 : 0;
    const double L = b->x + 62, R = b->x + b->w - 12 - legend_w, T = b->y + 30,
                 B = b->y + b->h - 44;
#define PX(v) (L + ((v) - xmin) / (xmax - xmin) * (R - L))
#define YT(v) (b->ylog ? log10(v) : (v))
#define PY(v) (B - (YT(v) - ymin) / (ymax - ymin) * (B - T))
    fprintf(f, "<g>\n<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"14\" "
               "font-weight=\"bold\">",
            (L + R) / 2, b->y + 18);
    plot_xml_text(f, b->title);
    fputs("</text>\n", f);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
               "stroke=\"#444\"/>\n",
            L, T, R - L, B - T);
    char buf[64];
    double st = nice_step(xmax - xmin, 8);
    if (b->x_integer && st < 1)
        st = 1;
    if (xlabels) { /* named ticks; slanted when they would not fit side by side */
        double room = (R - L) / (nx > 0 ? nx : 1), widest = 0;
        for (int i = 0; i < nx; i++)
            widest = fmax(widest, 6.6 * (double)strlen(xlabels[i]));
        const int slant = widest > room - 4;
        for (int i = 0; i < nx; i++) {
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>",
                    PX((double)i), T, PX((double)i), B);
            if (slant)
                fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" "
                           "transform=\"rotate(-30 %.1f %.1f)\">",
                        PX((double)i), B + 13, PX((double)i), B + 13);
            else
                fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", PX((double)i),
                        B + 15);
            plot_xml_text(f, xlabels[i]);
            fputs("</text>\n", f);
        }
    }
    for (double v = ceil(xmin / st) * st; !xlabels && v <= xmax + st * 1e-9; v += st) {
        fmt_tick(buf, sizeof buf, v, st);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                   "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
                PX(v), T, PX(v), B, PX(v), B + 15, buf);
    }
    if (b->ylabels) { /* named rows (Gantt charts); thinned when dense */
        int every = b->nylabels > 48 ? (b->nylabels + 47) / 48 : 1;
        for (int i = 0; i < b->nylabels; i += every) {
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">", L - 5,
                    PY((double)i) + 4);
            plot_xml_text(f, b->ylabels[i]);
            fputs("</text>\n", f);
        }
    }
    /* log axis: ticks at 1, 2, 5 times the powers of ten over a short span,
     * at every power (or every few) over a long one */
    st = b->ylog ? fmax(1, ceil((ymax - ymin) / 6)) : nice_step(ymax - ymin, 6);
    for (double v = floor(ymin / st) * st; !b->ylabels && v <= ymax + st * 1e-9; v += st) {
        static const double mant[3] = {1, 2, 5};
        for (int m = 0; m < (b->ylog && ymax - ymin <= 3 ? 3 : 1); m++) {
            double val = b->ylog ? mant[m] * pow(10, v) : v;
            double tv = b->ylog ? log10(val) : v, py = B - (tv - ymin) / (ymax - ymin) * (B - T);
            if (tv < ymin - 1e-9 || tv > ymax + 1e-9)
                continue;
            fmt_tick(buf, sizeof buf, val, b->ylog ? fmin(1, val) : st);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
                       "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                    L, py, R, py, L - 5, py + 4, buf);
        }
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">", (L + R) / 2, B + 34);
    plot_xml_text(f, b->xlabel);
    fprintf(f, "</text>\n<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
               "transform=\"rotate(-90 %.1f %.1f)\">",
            b->x + 16, (T + B) / 2, b->x + 16, (T + B) / 2);
    plot_xml_text(f, b->ylabel);
    fputs("</text>\n", f);
    /* clip the data to the frame */
    /* boxes do not overlap, so their corner names the clip path uniquely */
    long cid = lround(b->x) * 100000 + lround(b->y);
    fprintf(f, "<clipPath id=\"c%ld\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
               "height=\"%.1f\"/></clipPath>\n<g clip-path=\"url(#c%ld)\">\n",
            cid, L, T, R - L, B - T, cid);
    for (int i = 0; i < ns; i++) {
        const char *col = s[i].color ? s[i].color : plot_color(i);
        if (s[i].style == PLOT_HLINE) {
            if (s[i].n > 0 && is_finite(s[i].y[0]) && (!b->ylog || s[i].y[0] > 0))
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                           "stroke=\"%s\" stroke-dasharray=\"6 4\"/>\n",
                        L, PY(s[i].y[0]), R, PY(s[i].y[0]), col);
            continue;
        }
        if (s[i].style == PLOT_SEGMENTS) {
            double hgt = 0.7 * fabs(PY(0) - PY(1));
            for (int k = 0; k < s[i].n; k++) {
                double x = s[i].x ? s[i].x[k] : k, y = s[i].y[k], e = s[i].err ? s[i].err[k] : 0;
                if (is_finite(x) && is_finite(y) && is_finite(e))
                    fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" "
                               "fill=\"%s\"%s/>\n",
                            PX(x), PY(y) - hgt / 2, fmax(PX(x + e) - PX(x), 0.6), hgt,
                            s[i].dashed ? "none" : col,
                            s[i].dashed ? " stroke=\"#d62728\" stroke-width=\"1.2\"" : "");
            }
            continue;
        }
        if (s[i].style == PLOT_LINE || s[i].style == PLOT_LINE_POINTS) {
            fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\"%s points=\"",
                    col, s[i].dashed ? " stroke-dasharray=\"5 3\"" : "");
            for (int k = 0; k < s[i].n; k++) {
                double x = s[i].x ? s[i].x[k] : k;
                if (is_finite(x) && is_finite(s[i].y[k]) && (!b->ylog || s[i].y[k] > 0))
                    fprintf(f, "%.1f,%.1f ", PX(x), PY(s[i].y[k]));
            }
            fputs("\"/>\n", f);
        }
        if (s[i].style == PLOT_POINTS || s[i].style == PLOT_LINE_POINTS ||
            s[i].style == PLOT_OPEN || s[i].err) {
            for (int k = 0; k < s[i].n; k++) {
                double x = s[i].x ? s[i].x[k] : k, y = s[i].y[k];
                if (!is_finite(x) || !is_finite(y))
                    continue;
                if (b->ylog && !(y > 0))
                    continue;
                if (s[i].err && s[i].err[k] > 0)
                    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                               "stroke=\"%s\"/>",
                            PX(x), PY(fmax(y - s[i].err[k], b->ylog ? y / 100 : -INFINITY)), PX(x),
                            PY(y + s[i].err[k]), col);
                if (s[i].style == PLOT_OPEN)
                    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" "
                               "fill=\"white\" stroke=\"%s\" stroke-width=\"1.5\"/>",
                            PX(x) - 3.5, PY(y) - 3.5, col);
                else if (s[i].style != PLOT_LINE)
                    fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>", PX(x),
                            PY(y), col);
            }
            fputc('\n', f);
        }
    }
    fputs("</g>\n", f);
    /* legend, right of the frame; each entry drawn as its series is (line,
     * dashed line, points, or both) */
    if (nl) {
        double lx = R + 10, ly = T;
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
    fputs("</g>\n", f);
#undef PX
#undef PY
#undef YT
}

/*
 * draw.c - `dcnet embed --svg`: the network with the task tree on it.
 *
 * Layout per family (fixed placements read better than a generic layout
 * for these regular networks): meshes and tori on their grid; butterflies
 * by level (rows) and column; Sneptrees and complete binary trees by level
 * as a tree; everything else (de Bruijn, hypercubes, rings, complete
 * graphs, files) on a circle in id order. Links are grey; a link that
 * carried two or more messages in one phase is a thick red "hot spot".
 * Each task edge is drawn along its route, coloured by its phase; a
 * processor's fill darkens with its load. With --per-phase or --phase K,
 * one panel per phase instead (embed_svg_phases). `dcnet net --svg` on a
 * Sneptree: seed 004's H-tree layout (sneptree_svg, section 4, Fig. 4).
 * Self-contained SVG 1.1, no scripts, no external references.
 */
#include "cli.h"
#include "plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SVG_MAX_PROCS 4096
#define SVG_MAX_TASKS 65536

typedef struct pt {
    double x, y;
} pt;

static void layout(const dn_net *net, pt *pos, double *w, double *h)
{
    const int64_t n = net->n;
    int64_t R = 0, C = 0; /* rows x columns, or levels x columns */
    const dn_net_layout_kind kind = dn_net_layout_of(net, &R, &C);
    dn_net_grid grid;
    if (kind == DN_NET_LAYOUT_ROWS && dn_net_grid_of(net, &grid) && R > 1) {
        /* a small mesh drawn large enough to fill the drawing's minimum
         * width (a 4 x 4 mesh at 60 px left most of it empty) */
        double step = fmin(120.0, 900.0 / (double)(R > C ? R : C));
        for (int64_t v = 0; v < n; v++) {
            pos[v].x = 40 + step * (double)(v % C);
            pos[v].y = 80 + step * (double)(v / C);
        }
        *w = 80 + step * (double)(C - 1);
        *h = 120 + step * (double)(R - 1);
        return;
    }
    if (kind == DN_NET_LAYOUT_ROWS && !dn_net_grid_of(net, &grid)) { /* butterflies */
        int64_t cols = C, levels = R;
        double dx = fmin(50.0, 1000.0 / (double)cols), dy = 70;
        for (int64_t v = 0; v < n; v++) {
            pos[v].x = 40 + dx * (double)(v % cols);
            pos[v].y = 80 + dy * (double)(v / cols);
        }
        *w = 80 + dx * (double)(cols - 1);
        *h = 120 + dy * (double)(levels - 1);
        return;
    }
    if (kind == DN_NET_LAYOUT_HEAP) {
        int levels = 0;
        while (((int64_t)1 << levels) - 1 < n)
            levels++;
        double width = fmax(400.0, 24.0 * (double)((int64_t)1 << (levels - 1)));
        for (int64_t v = 0; v < n; v++) {
            int l = 0;
            while (((int64_t)1 << (l + 1)) - 1 <= v)
                l++;
            int64_t i = v - (((int64_t)1 << l) - 1), cnt = (int64_t)1 << l;
            pos[v].x = 40 + width * ((double)i + 0.5) / (double)cnt;
            pos[v].y = 80 + 80.0 * l;
        }
        *w = width + 80;
        *h = 120 + 80.0 * (levels - 1);
        return;
    }
    double r = fmax(150.0, 6.0 * (double)n / (2 * M_PI) * 2);
    for (int64_t v = 0; v < n; v++) {
        double a = 2 * M_PI * (double)v / (double)n - M_PI / 2;
        pos[v].x = 40 + r + r * cos(a);
        pos[v].y = 80 + r + r * sin(a);
    }
    *w = 80 + 2 * r;
    *h = 120 + 2 * r;
}

/* Distinct hues for phases 1 .. P. */
static void phase_colour(int p, int P, char *buf, size_t cap)
{
    /* hues 40 (orange) .. 300 (magenta): red stays free for hot links */
    double hue = 40.0 + 260.0 * (double)(p - 1) / (double)(P > 1 ? P - 1 : 1);
    snprintf(buf, cap, "hsl(%.0f,75%%,42%%)", hue);
}

int embed_svg(dn_embed *e, const dn_metrics *m, const char *path, dn_err *err)
{
    const dn_csr *g = dn_embed_graph(e);
    const int64_t n = g->n, T = dn_embed_tree(e)->nodes;
    if (n > SVG_MAX_PROCS || T > SVG_MAX_TASKS)
        return dn_fail(err, DN_ERANGE,
                       "--svg draws at most %d processors and %d tasks (here %lld and %lld)",
                       SVG_MAX_PROCS, SVG_MAX_TASKS, (long long)n, (long long)T);
    pt *pos = malloc((size_t)n * sizeof *pos);
    if (!pos)
        return dn_fail(err, DN_ENOMEM, "out of memory");
    double W, H;
    layout(dn_embed_net(e), pos, &W, &H);
    if (W < 520)
        W = 520; /* room for the two title lines */
    FILE *f;
    int orc = out_open(path, &f, err);
    if (orc) {
        free(pos);
        return orc;
    }
    double rad = fmax(3.0, fmin(10.0, 300.0 / sqrt((double)n)));
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" "
            "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n"
            "<defs><marker id=\"arr\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
            "markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" "
            "fill=\"#999\"/></marker></defs>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            W + 200, H, W + 200, H);
    fprintf(f, "<text x=\"20\" y=\"24\" font-size=\"16\">%s on ",
            dn_embed_tree(e)->model.kind == DN_TREE_BINOMIAL ? "binomial tree" : "tree");
    plot_xml_text(f, dn_embed_net(e)->spec);
    fprintf(f,
            ", map %s (routes %s)</text>\n"
            "<text x=\"20\" y=\"46\" font-size=\"12\">dilation max %lld avg %.4g; "
            "%s contention: conflicts %lld, max link load %lld; loads %lld..%lld%s</text>\n",
            dn_embed_mapping(e), dn_embed_routes_name(e), (long long)m->dil_max, m->dil_avg,
            m->contention_mode == DN_CONTENTION_TIMED ? "timed" : "phase", (long long)m->conflicts, (long long)m->max_link_load, (long long)m->load_min,
            (long long)m->load_max, m->homogeneous ? ", homogeneous" : "");
    /* links; hot spots (>= 2 messages of one phase, or of one hop slot in
     * timed mode) thick red */
    fputs("<g stroke-linecap=\"round\">\n", f);
    for (int64_t u = 0; u < n; u++)
        for (int64_t a = g->off[u]; a < g->off[u + 1]; a++) {
            int64_t v = g->adj[a];
            if (!g->directed && v < u)
                continue;
            int64_t l = dn_link_id(g, u, v, m->directed_links);
            int hot = l >= 0 && m->link_peak && m->link_peak[l] >= 2;
            fprintf(f,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                    "stroke-width=\"%s\"%s/>\n",
                    pos[u].x, pos[u].y, pos[v].x, pos[v].y, hot ? "#ff0000" : "#cccccc",
                    hot ? "9\" stroke-opacity=\"0.45" : "1",
                    g->directed && !hot ? " marker-end=\"url(#arr)\"" : "");
        }
    fputs("</g>\n<g fill=\"none\" stroke-width=\"2\" stroke-opacity=\"0.8\">\n", f);
    /* task edges along their routes, coloured by phase */
    const int P = m->phases;
    for (int64_t v = 1; v < T; v++) {
        const int64_t *p;
        int64_t hops;
        if (dn_embed_route(e, v, &p, &hops, err)) {
            out_discard(f);
            free(pos);
            return DN_EINVAL;
        }
        if (hops == 0)
            continue;
        char col[40];
        int ph = dn_tree_recv_phase(dn_embed_tree(e), v);
        phase_colour(ph, P, col, sizeof col);
        fprintf(f, "<polyline stroke=\"%s\" points=\"", col);
        for (int64_t i = 0; i <= hops; i++)
            fprintf(f, "%.1f,%.1f ", pos[p[i]].x + 0.8 * ph - 0.4 * P,
                    pos[p[i]].y + 0.8 * ph - 0.4 * P);
        fprintf(f, "\"><title>task %lld, phase %d, %lld hops</title></polyline>\n",
                (long long)v, ph, (long long)hops);
    }
    fputs("</g>\n<g stroke=\"#333\" font-size=\"9\" text-anchor=\"middle\">\n", f);
    int64_t maxload = m->load_max > 0 ? m->load_max : 1;
    for (int64_t v = 0; v < n; v++) {
        char lab[80];
        dn_net_label(dn_embed_net(e), v, lab, sizeof lab);
        int32_t ld = m->load ? m->load[v] : 0;
        int shade = 255 - (int)(160.0 * ld / (double)maxload);
        fprintf(f,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"rgb(%d,%d,255)\""
                "%s><title>%s: %d task%s</title></circle>\n",
                pos[v].x, pos[v].y, rad, shade, shade,
                v == dn_embed_root(e) ? " stroke-width=\"3\"" : "", lab, ld, ld == 1 ? "" : "s");
        if (n <= 64)
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" stroke=\"none\">%s</text>\n", pos[v].x,
                    pos[v].y - rad - 2, lab);
    }
    fputs("</g>\n", f);
    /* legend */
    fprintf(f, "<g font-size=\"12\"><text x=\"%.0f\" y=\"80\">phase</text>\n", W + 20);
    for (int ph = 1; ph <= P && ph <= 40; ph++) {
        char col[40];
        phase_colour(ph, P, col, sizeof col);
        fprintf(f,
                "<line x1=\"%.0f\" y1=\"%d\" x2=\"%.0f\" y2=\"%d\" stroke=\"%s\" "
                "stroke-width=\"3\"/><text x=\"%.0f\" y=\"%d\">%d</text>\n",
                W + 20, 90 + 16 * ph, W + 50, 90 + 16 * ph, col, W + 56, 94 + 16 * ph, ph);
    }
    fprintf(f,
            "<line x1=\"%.0f\" y1=\"%d\" x2=\"%.0f\" y2=\"%d\" stroke=\"#ff0000\" "
            "stroke-width=\"9\" stroke-opacity=\"0.45\"/><text x=\"%.0f\" y=\"%d\">hot link</text></g>\n</svg>\n",
            W + 20, 110 + 16 * (P < 40 ? P : 40), W + 50, 110 + 16 * (P < 40 ? P : 40), W + 56,
            114 + 16 * (P < 40 ? P : 40));
    free(pos);
    return out_close(f, err);
}

/* ------------------------------------------------ one panel per phase */

/* The student's picture (issue 28): one panel per phase p (or just phase
 * `only`), each the network in the same layout with the tasks that hold
 * data by then written at their processors (task ids; "a,b,.." when
 * several), and the messages of phase p, each an arrow along its route
 * labelled "task: hops". A link two messages of the phase share is drawn
 * thick red under them, so mapping D's panels (Property 5.4) show none.
 * Time O(P (links + N) + sum of route lengths); memory O(N + links). */
#define SVG_PHASE_MAX_PROCS 256
#define SVG_PHASE_MAX_PANELS 24

/* Writes the active tasks of processor v ("3,12" or "3,12,+2") into buf. */
static void tasks_text(const int64_t *first, const int64_t *next, int64_t v, char *buf,
                       size_t cap)
{
    size_t used = 0;
    int shown = 0;
    int64_t more = 0;
    buf[0] = '\0';
    for (int64_t t = first[v]; t >= 0; t = next[t]) {
        if (shown < 3 && used + 24 < cap) {
            used += (size_t)snprintf(buf + used, cap - used, "%s%lld", shown ? "," : "",
                                     (long long)t);
            shown++;
        } else {
            more++;
        }
    }
    if (more && used + 24 < cap)
        snprintf(buf + used, cap - used, ",+%lld", (long long)more);
}

static int phase_panel(FILE *f, dn_embed *e, const dn_metrics *m, const pt *pos, int ph,
                       double ox, double oy, int32_t *use, int64_t *first, int64_t *next,
                       dn_err *err)
{
    const dn_csr *g = dn_embed_graph(e);
    const int64_t n = g->n, T = dn_embed_tree(e)->nodes;
    const int dl = m->directed_links;
    /* links used by this phase's messages, each message counted once */
    int64_t msgs = 0, hops_sum = 0, hot_links = 0;
    memset(use, 0, (size_t)g->m * sizeof *use);
    for (int64_t v = 1; v < T; v++) {
        if (dn_tree_recv_phase(dn_embed_tree(e), v) != ph)
            continue;
        const int64_t *p;
        int64_t h;
        if (dn_embed_route(e, v, &p, &h, err))
            return DN_EINVAL;
        msgs++;
        hops_sum += h;
        for (int64_t i = 0; i < h; i++) {
            int64_t l = dn_link_id(g, p[i], p[i + 1], dl);
            int repeat = 0; /* a walk crossing a link twice uses it once */
            for (int64_t j = 0; j < i; j++)
                repeat |= dn_link_id(g, p[j], p[j + 1], dl) == l;
            if (l >= 0 && !repeat && ++use[l] == 2)
                hot_links++;
        }
    }
    fprintf(f, "<g transform=\"translate(%.1f,%.1f)\">\n", ox, oy);
    fprintf(f,
            "<text x=\"20\" y=\"60\" font-size=\"14\">phase %d: %lld message%s, %lld hops, "
            "%lld shared link%s</text>\n",
            ph, (long long)msgs, msgs == 1 ? "" : "s", (long long)hops_sum, (long long)hot_links,
            hot_links == 1 ? "" : "s");
    fputs("<g stroke-linecap=\"round\">\n", f);
    for (int64_t u = 0; u < n; u++)
        for (int64_t a = g->off[u]; a < g->off[u + 1]; a++) {
            int64_t v = g->adj[a];
            if (!g->directed && v < u)
                continue;
            int64_t l = dn_link_id(g, u, v, dl);
            int hot = l >= 0 && use[l] >= 2;
            fprintf(f,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                    "stroke-width=\"%s\"%s/>\n",
                    pos[u].x, pos[u].y, pos[v].x, pos[v].y, hot ? "#ff0000" : "#dddddd",
                    hot ? "9\" stroke-opacity=\"0.45\" class=\"shared" : "1", "");
        }
    fputs("</g>\n<g fill=\"none\" stroke-width=\"2\">\n", f);
    int idx = 0;
    for (int64_t v = 1; v < T; v++) {
        if (dn_tree_recv_phase(dn_embed_tree(e), v) != ph)
            continue;
        const int64_t *p;
        int64_t h;
        if (dn_embed_route(e, v, &p, &h, err))
            return DN_EINVAL;
        const char *col = plot_color(idx++);
        if (h == 0)
            continue; /* kept on its parent's processor: nothing travels */
        /* a small offset per message keeps routes that meet apart */
        const double d = 2.5 * (double)(idx % 5) - 5;
        fprintf(f, "<polyline class=\"msg\" stroke=\"%s\" marker-end=\"url(#ph-arr)\" points=\"",
                col);
        for (int64_t i = 0; i <= h; i++)
            fprintf(f, "%.1f,%.1f ", pos[p[i]].x + d, pos[p[i]].y + d);
        /* the label on the last hop, near the head: messages of a phase
         * end at different processors when tasks are one per processor */
        const double tx = 0.3 * pos[p[h - 1]].x + 0.7 * pos[p[h]].x + d,
                     ty = 0.3 * pos[p[h - 1]].y + 0.7 * pos[p[h]].y + d;
        fprintf(f,
                "\"><title>task %lld from task %lld: %lld hop%s</title></polyline>\n"
                "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" fill=\"%s\" stroke=\"none\">"
                "%lld: %lld</text>\n",
                (long long)v, (long long)dn_tree_parent(dn_embed_tree(e), v), (long long)h,
                h == 1 ? "" : "s", tx + 4, ty - 4, col, (long long)v, (long long)h);
    }
    fputs("</g>\n", f);
    /* the tasks that hold data by the end of phase ph, at their processors */
    for (int64_t v = 0; v < n; v++)
        first[v] = -1;
    for (int64_t t = T - 1; t >= 0; t--) {
        if (dn_tree_recv_phase(dn_embed_tree(e), t) > ph)
            continue;
        int64_t pr = dn_embed_place(e, t);
        next[t] = first[pr];
        first[pr] = t;
    }
    fputs("<g font-size=\"9\" text-anchor=\"middle\">\n", f);
    for (int64_t v = 0; v < n; v++) {
        char lab[80], tk[96];
        dn_net_label(dn_embed_net(e), v, lab, sizeof lab);
        tasks_text(first, next, v, tk, sizeof tk);
        fprintf(f,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"9\" fill=\"%s\" stroke=\"#333\"%s>"
                "<title>%s</title></circle>\n",
                pos[v].x, pos[v].y, tk[0] ? "#cfe3ff" : "white",
                v == dn_embed_root(e) ? " stroke-width=\"3\"" : "", lab);
        if (tk[0])
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", pos[v].x, pos[v].y + 3,
                    tk);
        if (n <= 64)
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" fill=\"#777\">%s</text>\n", pos[v].x,
                    pos[v].y - 12, lab);
    }
    fputs("</g>\n</g>\n", f);
    return DN_OK;
}

int embed_svg_phases(dn_embed *e, const dn_metrics *m, int only, const char *path, dn_err *err)
{
    const dn_csr *g = dn_embed_graph(e);
    const int64_t n = g->n, T = dn_embed_tree(e)->nodes;
    const int P = m->phases;
    if (only > P || only < 0)
        return dn_fail(err, DN_EINVAL, "--phase %d: the tree has phases 1 .. %d", only, P);
    const int panels = only ? 1 : P;
    if (n > SVG_PHASE_MAX_PROCS || T > SVG_MAX_TASKS || panels > SVG_PHASE_MAX_PANELS)
        return dn_fail(err, DN_ERANGE,
                       "the per-phase drawing takes at most %d processors, %d tasks and %d "
                       "panels (here %lld, %lld and %d); pick one phase with --phase K",
                       SVG_PHASE_MAX_PROCS, SVG_MAX_TASKS, SVG_PHASE_MAX_PANELS, (long long)n,
                       (long long)T, panels);
    pt *pos = malloc((size_t)n * sizeof *pos);
    int32_t *use = malloc((size_t)(g->m > 0 ? g->m : 1) * sizeof *use);
    int64_t *first = malloc((size_t)n * sizeof *first);
    int64_t *next = malloc((size_t)(T > 0 ? T : 1) * sizeof *next);
    int rc = DN_OK;
    FILE *f = NULL;
    if (!pos || !use || !first || !next) {
        rc = dn_fail(err, DN_ENOMEM, "out of memory");
        goto out;
    }
    double W, H;
    layout(dn_embed_net(e), pos, &W, &H);
    if (W < 420)
        W = 420;
    const int cols = panels < 3 ? panels : panels == 4 ? 2 : 3;
    const int rows = (panels + cols - 1) / cols;
    if ((rc = out_open(path, &f, err)))
        goto out;
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%.0f\" "
            "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n"
            "<defs><marker id=\"ph-arr\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
            "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path "
            "d=\"M0,0L10,5L0,10z\" fill=\"#333\"/></marker></defs>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            W * cols, 64 + H * rows, W * cols, 64 + H * rows);
    fputs("<text x=\"20\" y=\"26\" font-size=\"16\">", f);
    plot_xml_text(f, dn_embed_tree(e)->model.kind == DN_TREE_BINOMIAL ? "binomial tree" : "tree");
    fputs(" on ", f);
    plot_xml_text(f, dn_embed_net(e)->spec);
    fprintf(f,
            ", map %s (routes %s), phase by phase</text>\n<text x=\"20\" y=\"44\" "
            "font-size=\"12\">blue: processors holding tasks (ids) after the phase; arrows: "
            "its messages along their routes,</text>\n<text x=\"20\" y=\"60\" "
            "font-size=\"12\">labelled task: hops; red: a link two messages of the phase "
            "share</text>\n",
            dn_embed_mapping(e), dn_embed_routes_name(e));
    for (int i = 0; i < panels && rc == DN_OK; i++)
        rc = phase_panel(f, e, m, pos, only ? only : i + 1, W * (i % cols), 64 + H * (i / cols),
                         use, first, next, err);
    if (rc) {
        out_discard(f);
        goto out;
    }
    fputs("</svg>\n", f);
    rc = out_close(f, err);
out:
    free(pos);
    free(use);
    free(first);
    free(next);
    return rc;
}

/* ------------------------------------------------ DDB spanning trees */

/* x positions: leaves take successive slots in child order, inner nodes sit
 * over the middle of their children (depth <= k, so recursion is shallow). */
static double tree_place(int k, dn_ddb_tree t, int64_t x, double *slot, double *px)
{
    int64_t c[2];
    int nc = dn_ddb_tree_children(k, t, x, c);
    if (nc == 0)
        return px[x] = (*slot)++;
    double sum = 0;
    for (int i = 0; i < nc; i++)
        sum += tree_place(k, t, c[i], slot, px);
    return px[x] = sum / nc;
}

int ddb_tree_svg(FILE *f, int k, dn_ddb_tree t, double x0, double y0, double w, double h,
                 const int64_t *before, const int64_t *after)
{
    const int64_t n = (int64_t)1 << k;
    if (k > DDB_TREE_SVG_MAX_K)
        return DN_ERANGE;
    double *px = malloc((size_t)n * sizeof *px);
    if (!px)
        return DN_ENOMEM;
    double slots = 0;
    tree_place(k, t, dn_ddb_tree_root(k, t), &slots, px);
    const double dx = (w - 40) / (slots > 1 ? slots - 1 : 1), dy = (h - 80) / (k > 0 ? k : 1);
    const int up = dn_ddb_tree_is_up(t), labels = k <= 6;
    const double r = k <= 4 ? 14 : k <= 6 ? 9 : 4;
    fprintf(f, "<defs><marker id=\"arr%d\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" "
               "markerWidth=\"6\" markerHeight=\"6\" orient=\"auto\"><path d=\"M0,0L10,5L0,10z\" "
               "fill=\"#555\"/></marker></defs>\n", (int)t);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"14\">%s spanning tree of DDB(%d), "
               "root %lld; arcs point %s</text>\n", x0 + 10, y0 + 18, dn_ddb_tree_name(t), k,
            (long long)dn_ddb_tree_root(k, t), up ? "to the root" : "away from the root");
#define TX(v) (x0 + 20 + dx * px[v])
#define TY(v) (y0 + 40 + dy * dn_ddb_tree_depth(k, t, v))
    for (int64_t v = 0; v < n; v++) {
        int64_t p = dn_ddb_tree_parent(k, t, v);
        if (p < 0)
            continue;
        int64_t a = up ? v : p, b = up ? p : v; /* the DDB link a -> b */
        double ax = TX(a), ay = TY(a), bx = TX(b), by = TY(b);
        double len = hypot(bx - ax, by - ay), s = len > 0 ? r / len : 0;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#555\" "
                   "marker-end=\"url(#arr%d)\"/>\n", ax + (bx - ax) * s, ay + (by - ay) * s,
                bx - (bx - ax) * s, by - (by - ay) * s, (int)t);
    }
    int64_t lmax = 1;
    for (int64_t v = 0; before && v < n; v++)
        lmax = before[v] > lmax ? before[v] : lmax;
    if (before) { /* the shading's legend: white for no task, darkest for lmax */
        const double lx = x0 + w - 230, ly = y0 + 10;
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\">fill: load before "
                   "balancing</text>\n", lx, ly + 8);
        for (int i = 0; i <= 4; i++) {
            double sh = 1.0 - 0.7 * i / 4.0;
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"7\" fill=\"rgb(%d,%d,255)\" "
                       "stroke=\"#1f77b4\"/><text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" "
                       "text-anchor=\"middle\">%lld</text>\n", lx + 10 + 45.0 * i, ly + 24,
                    (int)(255 * sh), (int)(255 * sh), lx + 10 + 45.0 * i, ly + 44,
                    (long long)((double)lmax * i / 4.0 + 0.5));
        }
    }
    for (int64_t v = 0; v < n; v++) {
        double shade = before ? 1.0 - 0.7 * (double)before[v] / (double)lmax : 1.0;
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"rgb(%d,%d,255)\" "
                   "stroke=\"#1f77b4\"><title>%lld", TX(v), TY(v), r, (int)(255 * shade),
                (int)(255 * shade), (long long)v);
        if (before)
            fprintf(f, ": load %lld -> %lld", (long long)before[v],
                    (long long)(after ? after[v] : before[v]));
        fputs("</title></circle>\n", f);
        if (labels) {
            char lab[64];
            for (int i = 0; i < k; i++)
                lab[i] = (char)('0' + ((v >> (k - 1 - i)) & 1));
            lab[k] = '\0';
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"%d\">%s"
                       "</text>\n", TX(v), TY(v) + 3.5, k <= 4 ? 10 : 7, k <= 4 ? lab : "");
            if (before && k <= 5)
                fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"9\" "
                           "fill=\"#d62728\">%lld&#8594;%lld</text>\n", TX(v), TY(v) + r + 10,
                        (long long)before[v], (long long)(after ? after[v] : before[v]));
        }
    }
#undef TX
#undef TY
    free(px);
    return DN_OK;
}

/* ------------------------------------------- seed 004 Fig. 4: H-tree */

/* Cell v (heap order) at p, its children along the axis (ax, ay), at the
 * H-tree's distance unit 2^((n - depth + 1) / 2) (halved every two
 * levels). The left child's axis is (ax, ay) turned a quarter, the right
 * child's the opposite: the right subtree is the left one turned half
 * about v, so the rightmost leaf of the left half and the leftmost of the
 * right half (joined in S_n) face each other across v. */
static void htree_place(pt *pos, int64_t v, pt p, double ax, double ay, int depth, int n)
{
    pos[v] = p;
    if (depth == n)
        return;
    const double L = (double)((int64_t)1 << ((n - depth + 1) / 2));
    const pt left = {p.x - ax * L, p.y - ay * L}, right = {p.x + ax * L, p.y + ay * L};
    htree_place(pos, 2 * v + 1, left, ay, -ax, depth + 1, n);
    htree_place(pos, 2 * v + 2, right, -ay, ax, depth + 1, n);
}

int sneptree_svg(FILE *f, const dn_net *net, dn_err *err)
{
    if (!dn_net_is_sneptree(net))
        return dn_fail(err, DN_EINVAL, "--svg draws Sneptrees (or, with --tree-of, a tree of "
                                       "ddb:K); %s is neither", net->spec);
    const int n = dn_sneptree_level(net->n - 1); /* the height */
    if (n < 1 || n > SNEP_SVG_MAX_N)
        return dn_fail(err, DN_ERANGE, "--svg draws Sneptrees of height 1 .. %d (%s has %d)",
                       SNEP_SVG_MAX_N, net->spec, n);
    pt pos[(2 << SNEP_SVG_MAX_N) - 1];
    htree_place(pos, 0, (pt){0, 0}, 1, 0, 0, n);
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (int64_t v = 0; v < net->n; v++) {
        x0 = fmin(x0, pos[v].x), x1 = fmax(x1, pos[v].x);
        y0 = fmin(y0, pos[v].y), y1 = fmax(y1, pos[v].y);
    }
    const double unit = 480.0 / fmax(x1 - x0, y1 - y0), pad = 40;
    const double w = 2 * pad + unit * (x1 - x0), h = 2 * pad + 40 + unit * (y1 - y0);
    plot_begin(f, w, h);
    fprintf(f, "<text x=\"%.1f\" y=\"24\" font-family=\"sans-serif\" font-size=\"14\" "
               "text-anchor=\"middle\">", w / 2);
    plot_xml_text(f, net->spec);
    fputs(": H-tree layout (seed 004, Fig. 4); dark: tree edges, grey: the circuits' "
          "other edges</text>\n", f);
    for (int64_t v = 0; v < net->n; v++) {
        pos[v].x = pad + unit * (pos[v].x - x0);
        pos[v].y = pad + 40 + unit * (pos[v].y - y0);
    }
    for (int64_t c = 0; c < net->n; c++)
        for (int side = 0; side < 2; side++) {
            const int64_t d = dn_sneptree_succ(net, c, side);
            /* one segment per linked pair: from the smaller cell, or from
             * c when d has no arc back */
            const int back = dn_sneptree_succ(net, d, 0) == c || dn_sneptree_succ(net, d, 1) == c;
            if ((d < c && back) || (side == 1 && dn_sneptree_succ(net, c, 0) == d))
                continue;
            const int tree = d == 2 * c + 1 || d == 2 * c + 2 || c == 2 * d + 1 || c == 2 * d + 2;
            fprintf(f,
                    "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
                    "stroke-width=\"%s\"/>\n",
                    pos[c].x, pos[c].y, pos[d].x, pos[d].y, tree ? "#222" : "#999",
                    tree ? "2.5" : "1.5");
        }
    for (int64_t v = 0; v < net->n; v++)
        fprintf(f,
                "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"11\" fill=\"#fff\" stroke=\"#222\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"10\" "
                "text-anchor=\"middle\">%lld</text>\n",
                pos[v].x, pos[v].y, pos[v].x, pos[v].y + 3.5, (long long)v);
    plot_end(f);
    return DN_OK;
}

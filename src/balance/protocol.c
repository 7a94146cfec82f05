/*
 * protocol.c - seed 003's LoadBalancing algorithm run as the distributed
 * program it is, on the simulator's event core (dn_evq), and dcnet's
 * improved variant. docs/balance.md walks through both.
 *
 * Model. Processor X knows k, X and its own task ids, nothing else, and
 * sends only on its two out-links X -> ShiftLeft(X, b). A message to a node
 * that is not an out-neighbour is forwarded hop by hop along the length-k
 * route (Lemma 1) or the shortest route (Lemma 2). Links are
 * store-and-forward and carry one message at a time, first come first
 * served: a message with m tasks holds a link max(1, m) time units (the
 * seed's "transfer time of each task is one time unit"; a control message
 * one unit). Every node reacts to deliveries only; the run ends when no
 * message is left.
 *
 * The seed's program (algo "spanning"):
 *  1.1 SumofLoad: upward-0 leaves (odd X) send their load to
 *      ShiftLeft(X, 0); an inner node waits for its two children, adds its
 *      own load and sends on; the root 0 gets L.
 *  1.2 AVGBroadcast down the downward-0 tree (X sends to 2X and 2X + 1).
 *      dcnet broadcasts L rather than AVG = floor(L/N): with L alone each
 *      node also knows the remainder R = L mod N and takes the target
 *      AVG + [X < R], which is what makes the final loads differ by at most
 *      one (with AVG alone the root would keep all R extra tasks).
 *  2   Load collection: every node sends its surplus max(0, l_X - t_X)
 *      plus everything its upward-0 children sent, to ShiftLeft(X, 0),
 *      after both children reported; the root collects every extra task.
 *  3   Task reassignment: each node sends the need of its downward-0
 *      subtree (own need + its children's) to its parent ShiftRight(X, 0),
 *      routed (there is no link to it), after both children's requests.
 *  4   Load redistribution: the root, once it holds every extra task and
 *      every request, sends each downward-0 child its subtree's need; each
 *      node keeps its own and passes the rest down.
 *  Steps 2 and 3 start at each node as soon as it knows its target, so they
 *  overlap in time; the data dependencies are the seed's. Lemma 4 (step 3
 *  in O(log^2 N)), measured (phase_start, phase_end): with nothing to
 *  collect the requests leave the leaves (level k) at 2k, each level waits
 *  for its children and forwards over a k-hop route, and no two routes of
 *  a level meet on a link at the same time (Lemma 3, timed), so the phase
 *  takes k^2 units plus the one unit a leaf's request waits behind its own
 *  collect message on the link X -> 2X: it ends at (k + 1)^2. With tasks to
 *  collect, requests queue behind task messages on shared links and the
 *  phase ends just after the collection.
 *
 * The improved program (algo "tree"): steps 1.1 and 1.2 as above, then one
 * bottom-up pass of signed subtree balances s_X = l_X - t_X + sum s_child on
 * the downward-0 tree, carrying the s_X tasks up when s_X > 0 (routed), and
 * one top-down pass sending -s_c tasks to every child with s_c < 0 (a
 * direct link). Each task crosses each tree edge at most once and
 * surpluses cancel inside subtrees instead of travelling to the root and
 * back: the tree-flow of minimum volume on that tree.
 */
#include "bal_impl.h"

#include "dcnet/sim.h"

#include <stdlib.h>
#include <string.h>

enum { M_SUM, M_TOTAL, M_COLLECT, M_REQUEST, M_DISTRIBUTE, M_REPORT, M_FLOW };

static const int phase_of[] = {DN_BAL_PH_SUM,     DN_BAL_PH_BCAST,      DN_BAL_PH_COLLECT,
                               DN_BAL_PH_REQUEST, DN_BAL_PH_DISTRIBUTE, DN_BAL_PH_REQUEST,
                               DN_BAL_PH_DISTRIBUTE};

typedef struct msg {
    int32_t at, dst, src;
    int32_t hops_left;
    int kind;
    int64_t value;
    int64_t ntasks;
    int32_t *tasks; /* owned until delivered */
} msg;

typedef struct stack {
    int32_t *v;
    int64_t n, cap;
} stack;

/* Per-node program state. */
typedef struct node {
    int64_t load0;       /* l_X at the start */
    int64_t target;      /* t_X, once known */
    int64_t sum;         /* SumofLoad partial sum */
    int64_t bal;         /* improved: signed subtree balance s_X */
    int64_t need;        /* subtree need (spanning) */
    int64_t child_val[2];/* children's requests / balances, by child index */
    int8_t sum_wait, col_wait, req_wait;
    int64_t keep;        /* tasks kept at collection */
    int8_t knows, collected, requested;
} node;

typedef struct eng {
    const bal_in *in;
    int k, improved, absorb, shortest;
    int64_t n, mask;
    node *nd;
    stack *st;
    msg *m;
    int64_t nm, capm;
    double *link_free;
    dn_evq q;
    dn_bal_result *r;
    int root_collected, root_requested;
    unsigned started;    /* phases whose first message was sent (bit per phase) */
    dn_err *err;
} eng;

static int push_tasks(eng *e, int64_t x, const int32_t *t, int64_t cnt)
{
    stack *s = &e->st[x];
    if (s->n + cnt > s->cap) {
        int64_t cap = s->cap ? s->cap : 8;
        while (cap < s->n + cnt)
            cap *= 2;
        int32_t *v = realloc(s->v, (size_t)cap * sizeof *v);
        if (!v)
            return dn_fail(e->err, DN_ENOMEM, "balance: out of memory for task lists");
        s->v = v;
        s->cap = cap;
    }
    memcpy(s->v + s->n, t, (size_t)cnt * sizeof *t);
    s->n += cnt;
    return DN_OK;
}

/* Forwards message id one hop from where it is (hops_left > 0). */
static int hop(eng *e, int64_t id)
{
    msg *m = &e->m[id];
    int64_t next = dn_ddb_next(e->k, m->at, m->dst, m->hops_left);
    int64_t link = dn_ddb_link(m->at, (int)(next & 1));
    double cost = m->ntasks > 1 ? (double)m->ntasks : 1.0;
    double start = e->q.now > e->link_free[link] ? e->q.now : e->link_free[link];
    e->link_free[link] = start + cost;
    m->at = (int32_t)next;
    m->hops_left--;
    e->r->message_hops++;
    e->r->task_hops += m->ntasks;
    return dn_evq_push(&e->q, start + cost, id, e->err);
}

/* Sends a message with `ntasks` tasks from the top of src's list; `tree`
 * marks a tree arc (one hop); otherwise routed. */
static int send(eng *e, int64_t src, int64_t dst, int kind, int64_t value, int64_t ntasks,
                int tree)
{
    if (e->nm == e->capm) {
        int64_t cap = e->capm ? 2 * e->capm : 1024;
        msg *m = realloc(e->m, (size_t)cap * sizeof *m);
        if (!m)
            return dn_fail(e->err, DN_ENOMEM, "balance: out of memory for messages");
        e->m = m;
        e->capm = cap;
    }
    stack *s = &e->st[src];
    if (ntasks > s->n) /* a program error, never the input's */
        return dn_fail(e->err, DN_EINVAL, "balance: node %lld sends %lld tasks but holds %lld",
                       (long long)src, (long long)ntasks, (long long)s->n);
    msg *m = &e->m[e->nm];
    *m = (msg){(int32_t)src, (int32_t)dst, (int32_t)src,
               tree ? 1 : dn_ddb_hops(e->k, src, dst, e->shortest), kind, value, ntasks, NULL};
    if (ntasks > 0) {
        if (!(m->tasks = malloc((size_t)ntasks * sizeof *m->tasks)))
            return dn_fail(e->err, DN_ENOMEM, "balance: out of memory for a message");
        s->n -= ntasks;
        memcpy(m->tasks, s->v + s->n, (size_t)ntasks * sizeof *m->tasks);
    }
    e->r->messages++;
    e->r->tasks_moved += ntasks;
    const int ph = phase_of[kind];
    if (!(e->started & (1u << ph))) { /* events come in time order: the first send */
        e->started |= 1u << ph;
        e->r->phase_start[ph] = e->q.now;
    }
    int64_t id = e->nm++;
    if (m->hops_left == 0)
        return dn_evq_push(&e->q, e->q.now > 0 ? e->q.now : 0, id, e->err);
    return hop(e, id);
}

/* ---- tree helpers (downward-0 children are 2X, 2X+1; upward-0 children
 * ShiftRight(X, 0/1)); child index = its low bit / its top bit. */

static int up_children(eng *e, int64_t x, int64_t c[2])
{
    return dn_ddb_tree_children(e->k, DN_DDB_UP0, x, c);
}
static int down_children(eng *e, int64_t x, int64_t c[2])
{
    return dn_ddb_tree_children(e->k, DN_DDB_DOWN0, x, c);
}

/* ---- the seed's program --------------------------------------------- */

static int redistribute(eng *e, int64_t x)
{
    int64_t c[2];
    int nc = down_children(e, x, c);
    for (int i = 0; i < nc; i++) {
        int64_t want = e->nd[x].child_val[c[i] & 1];
        if (want > 0) {
            int rc = send(e, x, c[i], M_DISTRIBUTE, want, want, 1);
            if (rc)
                return rc;
        }
    }
    return DN_OK;
}

static int root_try_redistribute(eng *e)
{
    if (e->root_collected && e->root_requested) {
        e->root_collected = 0; /* once */
        return redistribute(e, 0);
    }
    return DN_OK;
}

/* What x keeps of the tasks it holds when it collects: the seed keeps
 * min(l_X, t_X) and passes everything else up; absorbing keeps up to t_X
 * of what it holds, its subtree's surplus included. */
static int64_t kept(eng *e, int64_t x)
{
    const node *v = &e->nd[x];
    int64_t have = e->absorb ? e->st[x].n : v->load0;
    return have < v->target ? have : v->target;
}

static int try_request(eng *e, int64_t x);

static int try_collect(eng *e, int64_t x)
{
    node *v = &e->nd[x];
    if (!v->knows || v->col_wait > 0 || v->collected)
        return DN_OK;
    v->collected = 1;
    v->keep = kept(e, x);
    if (x == 0) {
        e->root_collected = 1;
        return root_try_redistribute(e);
    }
    int64_t give = e->st[x].n - v->keep; /* own surplus + what the subtree sent */
    int rc = send(e, x, (2 * x) & e->mask, M_COLLECT, give, give, 1);
    if (rc == DN_OK && e->absorb) /* its need is known only now */
        rc = try_request(e, x);
    return rc;
}

static int try_request(eng *e, int64_t x)
{
    node *v = &e->nd[x];
    if (!v->knows || v->req_wait > 0 || v->requested || (e->absorb && !v->collected))
        return DN_OK;
    v->requested = 1;
    v->need += v->target - (e->absorb ? v->keep : kept(e, x));
    if (x == 0) {
        e->root_requested = 1;
        return root_try_redistribute(e);
    }
    return send(e, x, x >> 1, M_REQUEST, v->need, 0, 0);
}

/* ---- the improved program -------------------------------------------- */

static int flow_down(eng *e, int64_t x)
{
    int64_t c[2];
    int nc = down_children(e, x, c);
    for (int i = 0; i < nc; i++) {
        int64_t s = e->nd[x].child_val[c[i] & 1];
        if (s < 0) {
            int rc = send(e, x, c[i], M_FLOW, -s, -s, 1);
            if (rc)
                return rc;
        }
    }
    return DN_OK;
}

static int try_report(eng *e, int64_t x)
{
    node *v = &e->nd[x];
    if (!v->knows || v->req_wait > 0 || v->requested)
        return DN_OK;
    v->requested = 1;
    v->bal += v->load0 - v->target; /* children's balances already added */
    if (x == 0)
        return flow_down(e, 0);
    int rc = send(e, x, x >> 1, M_REPORT, v->bal, v->bal > 0 ? v->bal : 0, 0);
    if (rc == DN_OK && v->bal >= 0) /* nothing to wait for from the parent */
        rc = flow_down(e, x);
    return rc;
}

/* ---- common ------------------------------------------------------------ */

static int learn_total(eng *e, int64_t x, int64_t total)
{
    node *v = &e->nd[x];
    v->knows = 1;
    v->target = dn_bal_target(x, total / e->n, total % e->n);
    int64_t c[2];
    int nc = down_children(e, x, c), rc;
    for (int i = 0; i < nc; i++)
        if ((rc = send(e, x, c[i], M_TOTAL, total, 0, 1)))
            return rc;
    if (e->improved)
        return try_report(e, x);
    if ((rc = try_collect(e, x)))
        return rc;
    return try_request(e, x);
}

static int deliver(eng *e, int64_t id)
{
    msg *m = &e->m[id];
    const int64_t x = m->at;
    node *v = &e->nd[x];
    int rc = DN_OK;
    double *pe = &e->r->phase_end[phase_of[m->kind]];
    if (e->q.now > *pe)
        *pe = e->q.now;
    if (m->ntasks > 0) {
        rc = push_tasks(e, x, m->tasks, m->ntasks);
        free(m->tasks);
        m->tasks = NULL;
        if (rc)
            return rc;
    }
    switch (m->kind) {
    case M_SUM:
        v->sum += m->value;
        if (--v->sum_wait == 0) {
            v->sum += v->load0;
            if (x == 0)
                return learn_total(e, 0, v->sum);
            return send(e, x, (2 * x) & e->mask, M_SUM, v->sum, 0, 1);
        }
        return DN_OK;
    case M_TOTAL: return learn_total(e, x, m->value);
    case M_COLLECT: v->col_wait--; return try_collect(e, x);
    case M_REQUEST:
        v->child_val[m->src & 1] = m->value;
        v->need += m->value;
        v->req_wait--;
        return try_request(e, x);
    case M_DISTRIBUTE: {
        /* keep own need, pass the rest down (held in child_val) */
        return redistribute(e, x);
    }
    case M_REPORT:
        v->child_val[m->src & 1] = m->value;
        v->bal += m->value;
        v->req_wait--;
        return try_report(e, x);
    case M_FLOW: return flow_down(e, x);
    }
    return rc;
}

static void eng_free(eng *e)
{
    if (e->st)
        for (int64_t x = 0; x < e->n; x++)
            free(e->st[x].v);
    if (e->m)
        for (int64_t i = 0; i < e->nm; i++)
            free(e->m[i].tasks);
    free(e->st), free(e->nd), free(e->m), free(e->link_free);
    dn_evq_free(&e->q);
}

int bal_protocol(const bal_in *in, int variant, dn_bal_result *r, dn_err *err)
{
    eng e = {0};
    e.in = in;
    e.k = in->k;
    e.n = in->n;
    e.mask = in->mask;
    e.improved = variant == DN_BAL_TREE;
    e.absorb = variant == DN_BAL_ABSORB;
    e.shortest = in->opts->shortest;
    e.r = r;
    e.err = err;
    int rc = dn_evq_init(&e.q, 4 * e.n, err);
    if (rc)
        return rc;
    e.nd = calloc((size_t)e.n, sizeof *e.nd);
    e.st = calloc((size_t)e.n, sizeof *e.st);
    e.link_free = calloc((size_t)(2 * e.n), sizeof *e.link_free);
    if (!e.nd || !e.st || !e.link_free) {
        eng_free(&e);
        return dn_fail(err, DN_ENOMEM, "balance: out of memory for DDB(%d)", e.k);
    }
    /* task ids 0..L-1, handed out in node order */
    int32_t next_id = 0;
    for (int64_t x = 0; x < e.n && rc == DN_OK; x++) {
        node *v = &e.nd[x];
        int64_t c[2];
        v->load0 = in->loads[x];
        v->sum_wait = v->col_wait = (int8_t)up_children(&e, x, c);
        v->req_wait = (int8_t)down_children(&e, x, c);
        stack *s = &e.st[x];
        s->cap = v->load0 > 8 ? v->load0 : 8;
        if (!(s->v = malloc((size_t)s->cap * sizeof *s->v)))
            rc = dn_fail(err, DN_ENOMEM, "balance: out of memory for task lists");
        for (int64_t i = 0; rc == DN_OK && i < v->load0; i++)
            s->v[s->n++] = next_id++;
    }
    /* time 0: the upward-0 leaves (odd ids) start SumofLoad */
    e.q.now = 0;
    for (int64_t x = 1; x < e.n && rc == DN_OK; x += 2)
        rc = send(&e, x, (2 * x) & e.mask, M_SUM, e.nd[x].load0, 0, 1);
    if (rc == DN_OK && e.n == 1)
        rc = learn_total(&e, 0, e.nd[0].load0);
    dn_event ev;
    while (rc == DN_OK && dn_evq_pop(&e.q, &ev)) {
        r->steps = ev.time;
        rc = e.m[ev.data].hops_left > 0 ? hop(&e, ev.data) : deliver(&e, ev.data);
    }
    if (rc == DN_OK) {
        /* conservation: every id 0..L-1 on exactly one node, no message left */
        uint8_t *seen = calloc((size_t)(in->total > 0 ? in->total : 1), 1);
        if (!seen) {
            eng_free(&e);
            return dn_fail(err, DN_ENOMEM, "balance: out of memory for the final check");
        }
        int64_t bad = 0;
        for (int64_t x = 0; x < e.n; x++) {
            r->final[x] = e.st[x].n;
            for (int64_t i = 0; i < e.st[x].n; i++) {
                int32_t t = e.st[x].v[i];
                if (t < 0 || t >= in->total || seen[t]++)
                    bad++;
            }
        }
        for (int64_t t = 0; t < in->total; t++)
            bad += !seen[t];
        free(seen);
        r->conserved = bad == 0;
        if (bad)
            rc = dn_fail(err, DN_EINVAL, "balance: %lld tasks lost or duplicated (a bug)",
                         (long long)bad);
    }
    eng_free(&e);
    return rc;
}

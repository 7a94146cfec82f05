/*
 * _dcnet.c - the CPython extension under python/dcnet (issue 40): the CLI's
 * commands run in this process, their reports kept as records (out.c's
 * capture) and turned into Python objects here, so that src/cli/cmd_*.c
 * stays the one place that names each result key: a dict equals the
 * command's --json because both come from the same records, split at the
 * first dot as the JSON writer splits them ("degree.min" -> degree: min).
 *
 * One command runs at a time (out.c and outfile.c keep per-call state,
 * getopt keeps optind): run() takes a process-wide lock with the GIL
 * released, starts the command on a worker thread, and waits for it with
 * the GIL released, checking for signals (Ctrl-C) every 50 ms. A signal
 * sets the capture's cancel flag, which out_stopping() reports to the
 * command (sweep stops handing out runs, simulate's engine stops at its
 * next progress check); the call then waits for the command to return,
 * frees everything and raises KeyboardInterrupt. No signal handler is
 * installed (out_hosted): the interpreter keeps its own.
 *
 * A sweep's runs are commands too: the capture's run hook (cli.h) makes
 * them here, in turn, instead of spawning a program; each run's records
 * are written as the JSON text a spawned run would print (the writer of
 * out.c), which is what sweep reads.
 *
 * Arrays: the placement a command writes (place_write) is handed over,
 * owned by a small buffer object (the buffer protocol) that numpy wraps
 * without a copy (numpy.frombuffer: the array's base owns the memory).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "../../src/cli/cli.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int (*cmd_fn)(int, char **);
static const struct {
    const char *name;
    cmd_fn fn;
} commands[] = {
    {"net", cmd_net},       {"tree", cmd_tree},         {"embed", cmd_embed},
    {"load", cmd_load},     {"simulate", cmd_simulate}, {"balance", cmd_balance},
    {"exec", cmd_exec},     {"sweep", cmd_sweep},
};

static cmd_fn find_cmd(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return commands[i].fn;
    return NULL;
}

/* ------------------------------------------------------- a buffer */

/* A malloc'd block of int64 or double values, exported through the buffer
 * protocol (format "q" or "d", one dimension) and freed with the object. */
typedef struct {
    PyObject_HEAD
    void *data;
    Py_ssize_t n;
    char *format; /* "q" int64 or "d" double */
} Buffer;

static void buffer_dealloc(Buffer *b)
{
    free(b->data);
    Py_TYPE(b)->tp_free((PyObject *)b);
}

static int buffer_get(Buffer *b, Py_buffer *view, int flags)
{
    if (PyBuffer_FillInfo(view, (PyObject *)b, b->data ? b->data : (void *)"",
                          b->n * (Py_ssize_t)sizeof(int64_t), 1, flags) < 0)
        return -1;
    view->format = (flags & PyBUF_FORMAT) ? b->format : NULL;
    view->itemsize = sizeof(int64_t); /* (sizeof(double) too) */
    return 0;
}

static PyBufferProcs buffer_procs = {(getbufferproc)buffer_get, NULL};

static PyTypeObject BufferType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "dcnet._dcnet.Buffer",
    .tp_basicsize = sizeof(Buffer),
    .tp_dealloc = (destructor)buffer_dealloc,
    .tp_as_buffer = &buffer_procs,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "int64 values owned by dcnet (numpy.frombuffer wraps them without a copy)",
};

/* A Buffer taking ownership of data (n values of format "q" or "d"). */
static PyObject *buffer_new(void *data, int64_t n, const char *format)
{
    Buffer *b = PyObject_New(Buffer, &BufferType);
    if (!b) {
        free(data);
        return NULL;
    }
    b->data = data;
    b->n = (Py_ssize_t)n;
    b->format = (char *)format;
    return (PyObject *)b;
}

/* ------------------------------------------------------- records to objects */

static PyObject *value_obj(const rec *r, int i)
{
    const kv *e = &r->kv[i];
    switch (e->type) {
    case KV_INT: return PyLong_FromLongLong((long long)e->i);
    case KV_DBL: return PyFloat_FromDouble(e->d);
    case KV_BOOL: return PyBool_FromLong((long)e->i);
    case KV_STR: return PyUnicode_DecodeUTF8(r->text + e->s, (Py_ssize_t)strlen(r->text + e->s),
                                             "replace"); /* json_string's U+FFFD */
    default: Py_RETURN_NONE;
    }
}

/* d[key] = v with the JSON writer's nesting: "a.b" is d["a"]["b"]. */
static int put(PyObject *d, const char *key, PyObject *v)
{
    const char *dot = strchr(key, '.');
    if (!dot || dot == key)
        return PyDict_SetItemString(d, key, v);
    PyObject *k = PyUnicode_FromStringAndSize(key, dot - key);
    if (!k)
        return -1;
    PyObject *sub = PyDict_GetItemWithError(d, k); /* borrowed */
    int rc = -1;
    if (!sub && PyErr_Occurred())
        goto done;
    if (!sub || !PyDict_Check(sub)) {
        PyObject *fresh = PyDict_New();
        if (!fresh || PyDict_SetItem(d, k, fresh) < 0) {
            Py_XDECREF(fresh);
            goto done;
        }
        Py_DECREF(fresh);
        sub = fresh; /* (held by d) */
    }
    rc = PyDict_SetItemString(sub, dot + 1, v);
done:
    Py_DECREF(k);
    return rc;
}

/* The fields of r into dict d. */
static int rec_into(PyObject *d, const rec *r)
{
    for (int i = 0; i < r->n; i++) {
        PyObject *v = value_obj(r, i);
        if (!v || put(d, rec_key(r, i), v) < 0) {
            Py_XDECREF(v);
            return -1;
        }
        Py_DECREF(v);
    }
    return 0;
}

static PyObject *rec_dict(const rec *r)
{
    PyObject *d = PyDict_New();
    if (d && rec_into(d, r) < 0)
        Py_CLEAR(d);
    return d;
}

/* One document as the dict json.loads gives for its JSON. */
static PyObject *doc_dict(const out_doc *doc)
{
    PyObject *d = rec_dict(&doc->head);
    for (int k = 0; d && k < doc->narr; k++) {
        const out_array *a = &doc->arr[k];
        PyObject *list = PyList_New((Py_ssize_t)a->n);
        for (int64_t i = 0; list && i < a->n; i++) {
            PyObject *row = rec_dict(&a->rows[i]);
            if (!row) {
                Py_CLEAR(list);
                break;
            }
            PyList_SET_ITEM(list, (Py_ssize_t)i, row);
        }
        if (!list || PyDict_SetItemString(d, a->key, list) < 0)
            Py_CLEAR(d);
        Py_XDECREF(list);
    }
    return d;
}

/* An array of records as columns: (keys, [column values...]), the keys
 * flat as CSV has them ("dilation.average"), for a DataFrame. The rows all
 * have the first row's keys (sweep's rows, the listings of files). */
static PyObject *array_columns(const out_array *a)
{
    if (!a || a->n == 0)
        return Py_BuildValue("([],[])");
    const rec *first = &a->rows[0];
    PyObject *keys = PyList_New(first->n), *cols = PyList_New(first->n);
    for (int c = 0; keys && cols && c < first->n; c++) {
        PyObject *col = PyList_New((Py_ssize_t)a->n);
        if (!col)
            goto fail;
        PyList_SET_ITEM(cols, c, col);
        PyObject *k = PyUnicode_FromString(rec_key(first, c));
        if (!k)
            goto fail;
        PyList_SET_ITEM(keys, c, k);
        for (int64_t i = 0; i < a->n; i++) {
            PyObject *v = c < a->rows[i].n ? value_obj(&a->rows[i], c) : (Py_INCREF(Py_None), Py_None);
            if (!v)
                goto fail;
            PyList_SET_ITEM(col, (Py_ssize_t)i, v);
        }
    }
    if (keys && cols)
        return Py_BuildValue("(NN)", keys, cols);
fail:
    Py_XDECREF(keys);
    Py_XDECREF(cols);
    return NULL;
}

/* The first array of a document as columns. */
static PyObject *doc_columns(const out_doc *doc)
{
    return array_columns(doc->narr ? &doc->arr[0] : NULL);
}

/* The arrays a call asked for (want_arrays): {"loads": (buffer of
 * doubles, runs), "messages": (keys, columns), "link_stats": ...}. */
static PyObject *capture_arrays(out_capture *c)
{
    PyObject *d = PyDict_New();
    if (!d)
        return NULL;
    if (c->loads) {
        PyObject *b = buffer_new(c->loads, c->nloads, "d");
        c->loads = NULL; /* (owned by the buffer now, or freed) */
        PyObject *t = b ? Py_BuildValue("(NL)", b, (long long)c->loads_rows) : NULL;
        if (!t || PyDict_SetItemString(d, "loads", t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(t);
    }
    for (int i = 0; i < c->ntables; i++) {
        PyObject *t = array_columns(&c->tables[i]);
        if (!t || PyDict_SetItemString(d, c->tables[i].key, t) < 0) {
            Py_XDECREF(t);
            Py_DECREF(d);
            return NULL;
        }
        Py_DECREF(t);
    }
    return d;
}

/* ------------------------------------------------------- running */

/* One command at a time in the process (the CLI's per-call state). */
static pthread_mutex_t cmd_mu = PTHREAD_MUTEX_INITIALIZER;

typedef struct call {
    cmd_fn fn;
    int argc;
    char **argv; /* argv[0] the command's name */
    out_capture cap;
    int code;
    int done;
    pthread_mutex_t mu;
    pthread_cond_t cv;
} call;

/* JSON text of the capture's last document (what a spawned run prints on
 * standard output), malloc'd, or NULL for none. */
static char *capture_json(const out_capture *c)
{
    char *buf = NULL;
    size_t len = 0;
    if (c->ndocs == 0)
        return NULL;
    FILE *m = open_memstream(&buf, &len);
    if (!m)
        return NULL;
    for (int i = 0; i < c->ndocs; i++) {
        const out_doc *d = &c->docs[i];
        if (d->narr == 0) {
            rec_print(&d->head, OUT_JSON, m);
            continue;
        }
        const char *keys[16];
        const rec *rows[16];
        int ns[16], k;
        for (k = 0; k < d->narr && k < 16; k++) {
            keys[k] = d->arr[k].key;
            rows[k] = d->arr[k].rows;
            ns[k] = d->arr[k].n > INT32_MAX ? INT32_MAX : (int)d->arr[k].n;
        }
        json_arrays(&d->head, k, keys, rows, ns, m);
    }
    if (fclose(m) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* A sweep's run, in this process (the capture's run hook): argv[0] is
 * "dcnet", argv[1] the command. The sweep's caller holds cmd_mu; its runs
 * may come from several threads, one at a time here. */
static pthread_mutex_t nest_mu = PTHREAD_MUTEX_INITIALIZER;
static int run_nested(void *ctx, char **argv, char **out, dn_err *err)
{
    (void)ctx;
    int argc = 0;
    while (argv[argc])
        argc++;
    *out = NULL;
    err->msg[0] = '\0';
    cmd_fn fn = argc >= 2 ? find_cmd(argv[1]) : NULL;
    if (!fn) {
        snprintf(err->msg, sizeof err->msg, "no command '%s'", argc >= 2 ? argv[1] : "");
        return 2;
    }
    pthread_mutex_lock(&nest_mu);
    out_capture *outer = out_capture_now();
    out_capture in;
    memset(&in, 0, sizeof in);
    in.outer = outer;
    in.run = outer ? outer->run : NULL;
    in.run_ctx = outer ? outer->run_ctx : NULL;
    out_capture_begin(&in);
    out_files_reset();
    int code = fn(argc - 1, argv + 1);
    code = out_finish(argv[1], code);
    out_capture_restore(outer);
    *out = capture_json(&in);
    if (in.errs) { /* cli_spawn's contract: the first line of standard error */
        size_t n = strcspn(in.errs, "\n");
        snprintf(err->msg, sizeof err->msg, "%.*s", (int)n, in.errs);
    }
    out_capture_free(&in);
    pthread_mutex_unlock(&nest_mu);
    return code;
}

static void *worker(void *p)
{
    call *c = p;
    out_capture_begin(&c->cap);
    out_files_reset();
    int code = c->fn(c->argc, c->argv);
    code = out_finish(c->argv[0], code);
    out_capture_end();
    pthread_mutex_lock(&c->mu);
    c->code = code;
    c->done = 1;
    pthread_cond_signal(&c->cv);
    pthread_mutex_unlock(&c->mu);
    return NULL;
}

static void deadline(struct timespec *ts, long ms)
{
    clock_gettime(CLOCK_REALTIME, ts);
    ts->tv_nsec += ms * 1000000L;
    ts->tv_sec += ts->tv_nsec / 1000000000L;
    ts->tv_nsec %= 1000000000L;
}

static void free_words(char **w, int n)
{
    for (int i = 0; w && i < n; i++)
        free(w[i]);
    free(w);
}

PyDoc_STRVAR(run_doc,
             "run(argv, want_place=False, columns=False, want_arrays=False)\n"
             "    -> (code, result, errors, option, place, arrays)\n\n"
             "Runs the dcnet command argv[0] with the options argv[1:] in this process.\n"
             "result: the list of its JSON documents as dicts (columns=True: the first\n"
             "array of the first document as (keys, columns)); errors: what it would\n"
             "print on standard error; option: the option at fault (or ''); place: the\n"
             "placement it wrote, as a buffer of int64 (want_place=True), or None;\n"
             "arrays (want_arrays=True): {'loads': (buffer of doubles, runs),\n"
             "'messages': (keys, columns), 'link_stats': (keys, columns)}.");

static PyObject *py_run(PyObject *self, PyObject *args, PyObject *kw)
{
    (void)self;
    static char *names[] = {"argv", "want_place", "columns", "want_arrays", NULL};
    PyObject *seq;
    int want_place = 0, columns = 0, want_arrays = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|ppp", names, &seq, &want_place, &columns,
                                     &want_arrays))
        return NULL;
    PyObject *fast = PySequence_Fast(seq, "argv must be a sequence of strings");
    if (!fast)
        return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n < 1) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "argv needs the command's name");
        return NULL;
    }
    char **argv = calloc((size_t)n + 1, sizeof *argv);
    if (!argv) {
        Py_DECREF(fast);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *o = PySequence_Fast_GET_ITEM(fast, i);
        Py_ssize_t len = 0;
        const char *s = PyUnicode_Check(o) ? PyUnicode_AsUTF8AndSize(o, &len) : NULL;
        if (!s || strlen(s) != (size_t)len || !(argv[i] = strdup(s))) {
            if (!PyErr_Occurred())
                PyErr_SetString(s ? PyExc_ValueError : PyExc_TypeError,
                                s ? "an argument holds a NUL character"
                                  : "argv must be a sequence of strings");
            free_words(argv, (int)n);
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    cmd_fn fn = find_cmd(argv[0]);
    if (!fn) {
        PyErr_Format(PyExc_ValueError, "no dcnet command '%s'", argv[0]);
        free_words(argv, (int)n);
        return NULL;
    }

    call *c = calloc(1, sizeof *c);
    if (!c) {
        free_words(argv, (int)n);
        return PyErr_NoMemory();
    }
    c->fn = fn;
    c->argc = (int)n;
    c->argv = argv;
    c->cap.want_place = want_place;
    c->cap.want_arrays = want_arrays;
    c->cap.run = run_nested;
    pthread_mutex_init(&c->mu, NULL);
    pthread_cond_init(&c->cv, NULL);

    /* the process-wide lock, the GIL released; Ctrl-C while waiting for
     * it gives up the call before it starts */
    int locked = 0, interrupted = 0;
    while (!locked) {
        struct timespec ts;
        int rc;
        Py_BEGIN_ALLOW_THREADS
        deadline(&ts, 50);
        rc = pthread_mutex_timedlock(&cmd_mu, &ts);
        Py_END_ALLOW_THREADS
        if (rc == 0)
            locked = 1;
        else if (PyErr_CheckSignals() < 0)
            break;
    }
    pthread_t th;
    int started = 0;
    if (locked) {
        started = pthread_create(&th, NULL, worker, c) == 0;
        if (!started)
            PyErr_SetString(PyExc_OSError, "dcnet: cannot start a thread for the command");
    }
    while (started) {
        int done;
        struct timespec ts;
        Py_BEGIN_ALLOW_THREADS
        pthread_mutex_lock(&c->mu);
        deadline(&ts, 50);
        while (!c->done && pthread_cond_timedwait(&c->cv, &c->mu, &ts) == 0)
            ;
        done = c->done;
        pthread_mutex_unlock(&c->mu);
        Py_END_ALLOW_THREADS
        if (done)
            break;
        if (!interrupted && PyErr_CheckSignals() < 0) {
            interrupted = 1; /* the exception stays set; the command is told to stop */
            c->cap.cancel = 1;
        }
    }
    if (started) {
        Py_BEGIN_ALLOW_THREADS
        pthread_join(th, NULL);
        Py_END_ALLOW_THREADS
    }
    if (locked)
        pthread_mutex_unlock(&cmd_mu);

    PyObject *result = NULL;
    if (started && !interrupted) {
        PyObject *docs = NULL, *place = NULL, *arrays = capture_arrays(&c->cap);
        if (columns && c->cap.ndocs > 0)
            docs = doc_columns(&c->cap.docs[0]);
        else if (!columns) {
            docs = PyList_New(c->cap.ndocs);
            for (int i = 0; docs && i < c->cap.ndocs; i++) {
                PyObject *d = doc_dict(&c->cap.docs[i]);
                if (!d)
                    Py_CLEAR(docs);
                else
                    PyList_SET_ITEM(docs, i, d);
            }
        } else {
            docs = Py_None;
            Py_INCREF(docs);
        }
        if (c->cap.place) {
            place = buffer_new(c->cap.place, c->cap.nplace, "q");
            c->cap.place = NULL; /* (owned by the buffer now, or freed) */
        } else {
            place = Py_None;
            Py_INCREF(place);
        }
        if (docs && place && arrays)
            result = Py_BuildValue("(iOssOO)", c->code, docs, c->cap.errs ? c->cap.errs : "",
                                   c->cap.opt, place, arrays);
        Py_XDECREF(docs);
        Py_XDECREF(place);
        Py_XDECREF(arrays);
    } else if (!PyErr_Occurred()) {
        PyErr_SetString(PyExc_RuntimeError, "dcnet: the command did not run");
    }
    out_capture_free(&c->cap);
    pthread_mutex_destroy(&c->mu);
    pthread_cond_destroy(&c->cv);
    free_words(argv, (int)n);
    free(c);
    return result;
}


PyDoc_STRVAR(graph_doc,
             "graph(spec) -> (directed, processors, labels, src, dst, bw, lat)\n\n"
             "The network of spec from the library (dn_net_init, dn_net_materialize):\n"
             "its node labels, processors (nodes 0 .. P-1), and every link once (an\n"
             "undirected edge as u < v) with its bandwidth and latency (None when the\n"
             "network has no link costs).");

static PyObject *py_graph(PyObject *self, PyObject *args)
{
    (void)self;
    const char *spec;
    long long mem = 0;
    if (!PyArg_ParseTuple(args, "s|L", &spec, &mem))
        return NULL;
    dn_net net;
    dn_csr g;
    dn_err err;
    int rc;
    memset(&g, 0, sizeof g);
    Py_BEGIN_ALLOW_THREADS
    rc = dn_net_init_limit(&net, spec, (int64_t)mem, &err);
    if (rc == DN_OK && (rc = dn_net_materialize(&net, &g, (int64_t)mem, &err)) != DN_OK)
        dn_net_free(&net);
    Py_END_ALLOW_THREADS
    if (rc != DN_OK) {
        PyObject *e = PyObject_GetAttrString(self ? self : PyImport_AddModule("dcnet._dcnet"),
                                             "_usage_error");
        char msg[DN_ERR_LEN + 64];
        snprintf(msg, sizeof msg, "dcnet graph: %s", cli_errmsg(&err));
        PyErr_SetString(e ? e : PyExc_ValueError, msg);
        Py_XDECREF(e);
        return NULL;
    }
    PyObject *labels = PyList_New((Py_ssize_t)g.n), *src = PyList_New(0), *dst = PyList_New(0),
             *bw = g.bw ? PyList_New(0) : (Py_INCREF(Py_None), Py_None),
             *lat = g.lat ? PyList_New(0) : (Py_INCREF(Py_None), Py_None);
    int ok = labels && src && dst && bw && lat;
    char lab[256];
    for (int64_t v = 0; ok && v < g.n; v++) {
        dn_net_label(&net, v, lab, sizeof lab);
        PyObject *l = PyUnicode_FromString(lab);
        ok = l != NULL;
        if (ok)
            PyList_SET_ITEM(labels, (Py_ssize_t)v, l);
    }
    for (int64_t u = 0; ok && u < g.n; u++)
        for (int64_t a = g.off[u]; ok && a < g.off[u + 1]; a++) {
            int64_t v = g.adj[a];
            if (!g.directed && v < u)
                continue; /* an undirected edge once */
            PyObject *x = PyLong_FromLongLong((long long)u), *y = PyLong_FromLongLong((long long)v);
            ok = x && y && PyList_Append(src, x) == 0 && PyList_Append(dst, y) == 0;
            Py_XDECREF(x);
            Py_XDECREF(y);
            if (ok && g.bw) {
                PyObject *b = PyFloat_FromDouble(g.bw[a]), *t = PyFloat_FromDouble(g.lat[a]);
                ok = b && t && PyList_Append(bw, b) == 0 && PyList_Append(lat, t) == 0;
                Py_XDECREF(b);
                Py_XDECREF(t);
            }
        }
    PyObject *res = ok ? Py_BuildValue("(iLOOOOO)", g.directed,
                                       (long long)dn_net_processors(&net), labels, src, dst, bw,
                                       lat)
                       : NULL;
    Py_XDECREF(labels);
    Py_XDECREF(src);
    Py_XDECREF(dst);
    Py_XDECREF(bw);
    Py_XDECREF(lat);
    dn_csr_free(&g);
    dn_net_free(&net);
    return res;
}

static PyMethodDef methods[] = {
    {"run", (PyCFunction)(void (*)(void))py_run, METH_VARARGS | METH_KEYWORDS, run_doc},
    {"graph", py_graph, METH_VARARGS, graph_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_dcnet",
    "dcnet's commands in this process (see the package dcnet)", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__dcnet(void)
{
    if (PyType_Ready(&BufferType) < 0)
        return NULL;
    out_hosted(); /* the interpreter keeps its signal handlers */
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    if (PyModule_AddStringConstant(m, "version", DN_VERSION) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/*
 * mpi.c - the MPI backend (Open MPI): every rank is a worker of the static
 * schedule (static.c's rt_static_worker over an MPI transport). Rank 0
 * holds the input, broadcasts the depth D, and gets the result; message
 * counts are summed onto rank 0. Built only when mpicc is found
 * (DN_HAVE_MPI); otherwise every entry point says so.
 */
#include "rt_impl.h"
#include "../base/args_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef DN_HAVE_MPI
#include <mpi.h>

int dn_have_mpi(void)
{
    return 1;
}

int dn_mpi_version(char *buf, size_t cap)
{
    /* MPI_Get_library_version may be called before MPI_Init (MPI 3.0,
     * section 8.1.1); Open MPI's string is "Open MPI v4.1.4, package: ...":
     * the part before the first comma names the library */
    char s[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    if (MPI_Get_library_version(s, &len) != MPI_SUCCESS) {
        snprintf(buf, cap, "unknown");
        return DN_EIO;
    }
    s[len < (int)sizeof s ? len : (int)sizeof s - 1] = 0;
    s[strcspn(s, ",\n")] = 0;
    snprintf(buf, cap, "%s", s);
    return DN_OK;
}

int dn_mpi_init(int *argc, char ***argv, int *rank, int *size, dn_err *err)
{
    DN_NEED(err, rank);
    DN_NEED(err, size);
    int done = 0;
    MPI_Initialized(&done);
    if (!done && MPI_Init(argc, argv) != MPI_SUCCESS)
        return dn_fail(err, DN_EIO, "MPI_Init failed");
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    return DN_OK;
}

void dn_mpi_finalize(void)
{
    int init = 0, fin = 0;
    MPI_Initialized(&init);
    MPI_Finalized(&fin);
    if (init && !fin)
        MPI_Finalize();
}

/* the transport over a communicator: MPI_COMM_WORLD, or with a
 * placement the ranks that host tasks, renumbered so that rank y is task y */
typedef struct mpi_transport {
    rt_transport base; /* first: the callbacks get &base */
    MPI_Comm comm;
} mpi_transport;

static int mpi_send(rt_transport *t, int from, int to, int tag, dn_buf *b, dn_err *err)
{
    (void)from;
    MPI_Comm comm = ((mpi_transport *)t)->comm;
    if (b->len > (size_t)INT32_MAX) {
        free(b->data);
        b->data = NULL;
        return dn_fail(err, DN_ERANGE, "a message of %zu bytes is over MPI's int count",
                       b->len);
    }
    t->messages++;
    t->bytes += (int64_t)b->len;
    int rc = MPI_Send(b->data, (int)b->len, MPI_BYTE, to, tag, comm);
    free(b->data);
    b->data = NULL;
    b->len = 0;
    return rc == MPI_SUCCESS ? DN_OK : dn_fail(err, DN_EIO, "MPI_Send to rank %d failed", to);
}

static int mpi_recv(rt_transport *t, int me, int from, int tag, dn_buf *b, dn_err *err)
{
    (void)me;
    MPI_Comm comm = ((mpi_transport *)t)->comm;
    MPI_Status s;
    int count;
    if (MPI_Probe(from, tag, comm, &s) != MPI_SUCCESS ||
        MPI_Get_count(&s, MPI_BYTE, &count) != MPI_SUCCESS)
        return dn_fail(err, DN_EIO, "MPI_Probe from rank %d failed", from);
    b->len = (size_t)count;
    b->data = malloc(count > 0 ? (size_t)count : 1);
    if (!b->data)
        return dn_fail(err, DN_ENOMEM, "out of memory for %d bytes", count);
    if (MPI_Recv(b->data, count, MPI_BYTE, from, tag, comm, MPI_STATUS_IGNORE) !=
        MPI_SUCCESS) {
        free(b->data);
        b->data = NULL;
        return dn_fail(err, DN_EIO, "MPI_Recv from rank %d failed", from);
    }
    return DN_OK;
}

static void mpi_fail(rt_transport *t)
{
    (void)t; /* ranks cannot be woken portably; the failing rank reports */
}

int rt_mpi_run(const dn_dc_app *app, dn_buf *input, dn_buf *output, const dn_rt_opts *o,
               dn_rt_stats *st, dn_err *err)
{
    int rank, size, init = 0;
    MPI_Initialized(&init);
    if (!init)
        return dn_fail(err, DN_EINVAL, "the MPI backend needs MPI started (run under mpirun)");
    if (o->net)
        return dn_fail(err, DN_ENOTSUP, "network emulation runs on the threads backend");
    int world;
    MPI_Comm_rank(MPI_COMM_WORLD, &world);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* a placement: task y runs on world rank place[y]; the hosting ranks
     * split off, ordered by their task, so that rank y of comm is task y */
    mpi_transport t = {{.send = mpi_send, .recv = mpi_recv, .fail = mpi_fail}, MPI_COMM_WORLD};
    if (o->place) {
        int64_t T = o->place_len, mine = -1;
        int ok = T >= 1 && T <= size && (T & (T - 1)) == 0;
        for (int64_t y = 0; ok && y < T; y++) {
            ok = o->place[y] >= 0 && o->place[y] < size;
            for (int64_t z = 0; ok && z < y; z++)
                ok = o->place[z] != o->place[y];
            if (ok && o->place[y] == world) /* task y of B(D) is worker r: find r */
                for (int64_t r = 0; r < T; r++)
                    if (rt_binomial_task(r) == y)
                        mine = r;
        }
        if (!ok)
            return dn_fail(err, DN_EINVAL, "the placement must put %lld tasks (a power of two) "
                                           "on distinct ranks 0..%d",
                           (long long)T, size - 1);
        if (MPI_Comm_split(MPI_COMM_WORLD, mine >= 0 ? 0 : MPI_UNDEFINED, (int)mine,
                           &t.comm) != MPI_SUCCESS)
            return dn_fail(err, DN_EIO, "MPI_Comm_split failed");
        if (mine < 0)
            return DN_OK; /* this rank hosts no task */
        size = (int)T;
    }
    MPI_Comm_rank(t.comm, &rank);
    int D = 0;
    if (rank == 0)
        D = rt_depth(size, app->units(app->ctx, input), o->grain);
    MPI_Bcast(&D, 1, MPI_INT, 0, t.comm);
    MPI_Barrier(t.comm);
    double t0 = rt_now();
    int rc = DN_OK;
    rt_task_rec rec = {0, 0, 0};
    if (rank < (1 << D))
        rc = rt_static_worker(app, &t.base, rank, D, input, output, NULL, t0, &rec, err);
    double sec = rt_now() - t0;
    /* what every task did, gathered on rank 0 (--record-tree) */
    double mine3[3] = {rec.work, (double)rec.down, (double)rec.up};
    double *all = rank == 0 ? malloc((size_t)size * sizeof mine3) : NULL;
    MPI_Gather(mine3, 3, MPI_DOUBLE, all, 3, MPI_DOUBLE, 0, t.comm);
    if (rank == 0 && all) {
        int W = 1 << D;
        rt_task_rec *recs = malloc((size_t)W * sizeof *recs);
        for (int r = 0; recs && r < W; r++)
            recs[r] = (rt_task_rec){all[3 * r], (int64_t)all[3 * r + 1], (int64_t)all[3 * r + 2]};
        if (recs)
            rt_stats_tasks(st, recs, W);
        free(recs);
    }
    free(all);
    long long mine[2] = {t.base.messages, t.base.bytes}, sum[2] = {0, 0};
    int bad = rc != DN_OK, anybad = 0;
    MPI_Reduce(mine, sum, 2, MPI_LONG_LONG, MPI_SUM, 0, t.comm);
    MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, t.comm);
    if (rank == 0) {
        st->seconds = sec;
        st->workers = 1 << D;
        st->depth = D;
        st->messages = sum[0];
        st->bytes = sum[1];
    }
    if (t.comm != MPI_COMM_WORLD)
        MPI_Comm_free(&t.comm);
    if (!rc && anybad)
        rc = dn_fail(err, DN_EIO, "another rank failed");
    return rc;
}

#else /* no MPI */

int dn_have_mpi(void)
{
    return 0;
}

int dn_mpi_version(char *buf, size_t cap)
{
    snprintf(buf, cap, "not built in");
    return DN_ENOTSUP;
}

int dn_mpi_init(int *argc, char ***argv, int *rank, int *size, dn_err *err)
{
    (void)argc;
    (void)argv;
    *rank = 0;
    *size = 1;
    return dn_fail(err, DN_ENOTSUP, "dcnet was built without MPI (install libopenmpi-dev and "
                                    "rebuild)");
}

void dn_mpi_finalize(void)
{
}

int rt_mpi_run(const dn_dc_app *app, dn_buf *input, dn_buf *output, const dn_rt_opts *o,
               dn_rt_stats *st, dn_err *err)
{
    (void)app;
    (void)input;
    (void)output;
    (void)o;
    (void)st;
    return dn_fail(err, DN_ENOTSUP, "dcnet was built without MPI (install libopenmpi-dev and "
                                    "rebuild)");
}

#endif

/*
 * mpich_shim.c - sees every message MPICH's MPI_Bcast sends inside the
 * library (tests/test_mpich_run.c, issue 38). MPICH has no pml monitoring,
 * and its internal point-to-point functions (MPIC_Send, MPID_Isend) are not
 * exported from Debian's libmpich.so.12 (nm -D lists none), so no
 * LD_PRELOAD can catch them. Below them, the ch4:ucx device hands every
 * message to UCX: ucp_tag_send_nbx and ucp_tag_recv_nbx are undefined in
 * libmpich (nm -D: U), called through the PLT, and a preloaded library
 * interposes them. On one machine MPICH 4.0.2 (Debian) sends even between
 * ranks of one node through UCX (its shared-memory transport is UCX's);
 * the test fails, not skips, when this shim sees no message.
 *
 * Built with mpicc.mpich -shared -fPIC and preloaded into every rank
 * (mpirun.mpich -env LD_PRELOAD), it wraps:
 *   MPI_Init   after PMPI_Init, every rank sends one byte to every other
 *              rank in rank order, so that the UCX endpoint each send
 *              goes through is known to belong to that rank;
 *   MPI_Bcast  counts the broadcasts and marks the calls made inside one;
 *   ucp_tag_send_nbx, ucp_tag_send_sync_nbx, ucp_tag_recv_nbx,
 *   ucp_am_send_nb: logged when made inside a broadcast, to
 *              $MPICH_SHIM_OUT.RANK, one line each, in call order:
 *     S B DEST BYTES     broadcast B (0, 1, ...) sends BYTES to rank DEST
 *                        (-1: an endpoint the preamble did not see)
 *     R B SRC BYTES      it posts a receive from rank SRC (the 16 bits
 *                        above the low 32 of MPICH's UCX tag: context id
 *                        16 | source rank 16 | tag 32, ucx_types.h)
 *     X B KIND           a call the test does not expect (ucp_am_send_nb,
 *                        the synchronous send): the comparison fails
 * Ranks are those of MPI_COMM_WORLD; the test runs broadcasts on it.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef void *(*send_fn)(void *, const void *, size_t, uint64_t, const void *);
typedef void *(*recv_fn)(void *, void *, size_t, uint64_t, uint64_t, const void *);
typedef void *(*am_fn)(void *, uint16_t, const void *, size_t, uint64_t, void *, unsigned);

#define MAXP 256
static void *ep_of[MAXP]; /* the UCX endpoint of each rank, from the preamble */
static int nranks, preamble_dest = -1, bcast_no = -1, inside;
static FILE *out;

static void note_send(void *ep, size_t n)
{
    if (preamble_dest >= 0 && preamble_dest < MAXP) /* the preamble: learn the endpoint */
        ep_of[preamble_dest] = ep;
    if (!inside || !out)
        return;
    int dest = -1;
    for (int r = 0; r < nranks && r < MAXP; r++)
        if (ep_of[r] == ep)
            dest = r;
    fprintf(out, "S %d %d %zu\n", bcast_no, dest, n);
}

void *ucp_tag_send_nbx(void *ep, const void *buf, size_t n, uint64_t tag, const void *param)
{
    send_fn next = (send_fn)(uintptr_t)dlsym(RTLD_NEXT, "ucp_tag_send_nbx");
    note_send(ep, n);
    return next(ep, buf, n, tag, param);
}

void *ucp_tag_send_sync_nbx(void *ep, const void *buf, size_t n, uint64_t tag, const void *param)
{
    send_fn next = (send_fn)(uintptr_t)dlsym(RTLD_NEXT, "ucp_tag_send_sync_nbx");
    if (inside && out)
        fprintf(out, "X %d ucp_tag_send_sync_nbx\n", bcast_no);
    return next(ep, buf, n, tag, param);
}

void *ucp_tag_recv_nbx(void *worker, void *buf, size_t n, uint64_t tag, uint64_t mask,
                       const void *param)
{
    recv_fn next = (recv_fn)(uintptr_t)dlsym(RTLD_NEXT, "ucp_tag_recv_nbx");
    if (inside && out)
        fprintf(out, "R %d %d %zu\n", bcast_no, (int)((tag >> 32) & 0xFFFF), n);
    return next(worker, buf, n, tag, mask, param);
}

void *ucp_am_send_nb(void *ep, uint16_t id, const void *buf, size_t n, uint64_t dt, void *cb,
                     unsigned flags)
{
    am_fn next = (am_fn)(uintptr_t)dlsym(RTLD_NEXT, "ucp_am_send_nb");
    if (inside && out)
        fprintf(out, "X %d ucp_am_send_nb\n", bcast_no);
    return next(ep, id, buf, n, dt, cb, flags);
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    bcast_no++;
    inside = 1;
    int rc = PMPI_Bcast(buf, count, type, root, comm);
    inside = 0;
    if (out)
        fflush(out);
    return rc;
}

int MPI_Init(int *argc, char ***argv)
{
    int rc = PMPI_Init(argc, argv), me;
    if (rc != MPI_SUCCESS)
        return rc;
    PMPI_Comm_rank(MPI_COMM_WORLD, &me);
    PMPI_Comm_size(MPI_COMM_WORLD, &nranks);
    const char *base = getenv("MPICH_SHIM_OUT");
    if (base) {
        char path[4096];
        snprintf(path, sizeof path, "%s.%d", base, me);
        out = fopen(path, "w");
    }
    if (nranks > MAXP)
        PMPI_Abort(MPI_COMM_WORLD, 3);
    static char in[MAXP], one = 1;
    MPI_Request req[MAXP];
    for (int s = 0; s < nranks; s++)
        req[s] = MPI_REQUEST_NULL;
    for (int s = 0; s < nranks; s++)
        if (s != me)
            PMPI_Irecv(in + s, 1, MPI_CHAR, s, 77, MPI_COMM_WORLD, req + s);
    for (int d = 0; d < nranks; d++)
        if (d != me) {
            preamble_dest = d;
            PMPI_Send(&one, 1, MPI_CHAR, d, 77, MPI_COMM_WORLD);
            preamble_dest = -1;
        }
    for (int s = 0; s < nranks; s++)
        PMPI_Wait(req + s, MPI_STATUS_IGNORE);
    return rc;
}

int MPI_Finalize(void)
{
    if (out)
        fclose(out);
    out = NULL;
    return PMPI_Finalize();
}

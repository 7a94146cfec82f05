/*
 * mpi_bcast.c - MPI_Bcasts and nothing else: from the root rank given as
 * the first argument (default 0), one broadcast of BYTES bytes (MPI_BYTE)
 * for each further argument, in order (default: one of 4 bytes). The
 * tests compile it with mpicc and run it under Open MPI's pml_monitoring
 * component to see which rank sends to which inside the collective
 * (test_cli.c, test_mpi.c; issues 29 and 38). A PMPI wrapper would see
 * only the MPI_Bcast calls, not those messages: they are the PML's, below
 * the MPI interface. pml monitoring sums per pair, with a histogram by
 * log2 of the size: broadcasts of sizes in different powers of two stay
 * apart in one run. Exits 1 when a rank did not get the root's bytes.
 */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int root = argc > 1 ? atoi(argv[1]) : 0, rank, ok = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 2; i < argc || i == 2; i++) {
        int n = i < argc ? atoi(argv[i]) : 4;
        unsigned char *buf = malloc((size_t)n + 1);
        if (!buf)
            MPI_Abort(MPI_COMM_WORLD, 2);
        memset(buf, rank == root ? 0xA5 : 0, (size_t)n);
        MPI_Bcast(buf, n, MPI_BYTE, root, MPI_COMM_WORLD);
        for (int j = 0; j < n; j++)
            ok &= buf[j] == 0xA5;
        free(buf);
    }
    MPI_Finalize();
    return ok ? 0 : 1;
}

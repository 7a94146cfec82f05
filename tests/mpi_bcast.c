/*
 * mpi_bcast.c - one MPI_Bcast of one int from the root rank given as the
 * first argument (default 0), nothing else: test_cli.c compiles it with
 * mpicc and runs it under Open MPI's pml_monitoring component to see which
 * rank sends to which inside the collective (issue 29, item 8). A PMPI
 * wrapper would see only the MPI_Bcast call, not those messages: they are
 * the PML's, below the MPI interface.
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int x = 42, root = argc > 1 ? atoi(argv[1]) : 0;
    MPI_Init(&argc, &argv);
    MPI_Bcast(&x, 1, MPI_INT, root, MPI_COMM_WORLD);
    MPI_Finalize();
    return x == 42 ? 0 : 1;
}

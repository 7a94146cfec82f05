// par_sorts.cc - the parallel sort libraries bench_runtime compares dcnet's
// mergesort with (issue 19): libstdc++'s parallel mode (__gnu_parallel::sort,
// a multiway mergesort on OpenMP) and, when libtbb-dev is installed, Intel
// oneTBB's parallel_sort (a parallel quicksort). C entry points, so the C
// benchmark links them; each sorts a[0 .. n) with `threads` threads.
#include <cstddef>
#include <cstdint>
#include <omp.h>
#include <parallel/algorithm>

#ifdef HAVE_TBB
#include <oneapi/tbb/parallel_sort.h>
#include <oneapi/tbb/task_arena.h>
#endif

extern "C" void bench_gnu_parallel_sort(uint64_t *a, size_t n, int threads)
{
    omp_set_num_threads(threads);
    __gnu_parallel::sort(a, a + n);
}

// 1 if TBB is built in (the sort was done), 0 if not
extern "C" int bench_tbb_sort(uint64_t *a, size_t n, int threads)
{
#ifdef HAVE_TBB
    tbb::task_arena arena(threads);
    arena.execute([&] { tbb::parallel_sort(a, a + n); });
    return 1;
#else
    (void)a, (void)n, (void)threads;
    return 0;
#endif
}

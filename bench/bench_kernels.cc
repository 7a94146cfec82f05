// bench_kernels.cc - the sorts' leaf kernel (dn_sort_keys: LSD radix sort,
// 8 passes of 8 bits) against the C library's qsort and an introsort
// (C++ std::sort), on the same random 64-bit keys in the same run (issue
// 19: leaf kernels as good as the baselines'). Each figure is the best and
// the median of 5 runs; the ratios are baseline time over dn_sort_keys time.
// Usage: bench_kernels [n]   (default 10,000,000 keys)
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

extern "C" {
#include "dcnet/runtime.h"
}

static double now()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10000000;
    std::vector<uint64_t> keys(n), a(n), scratch(n);
    uint64_t s = 88172645463325252ull;
    for (auto &k : keys) { // xorshift64: any fixed random keys will do
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        k = s;
    }
    const char *names[3] = {"dn_sort_keys (radix)", "qsort (libc)", "std::sort (introsort)"};
    double best[3], med[3];
    for (int which = 0; which < 3; which++) {
        std::vector<double> t;
        for (int rep = 0; rep < 5; rep++) {
            std::memcpy(a.data(), keys.data(), n * sizeof(uint64_t));
            double t0 = now();
            if (which == 0)
                dn_sort_keys(a.data(), scratch.data(), n);
            else if (which == 1)
                std::qsort(a.data(), n, sizeof(uint64_t), cmp_u64);
            else
                std::sort(a.begin(), a.end());
            t.push_back(now() - t0);
            if (!std::is_sorted(a.begin(), a.end())) {
                std::fprintf(stderr, "bench_kernels: %s did not sort\n", names[which]);
                return 1;
            }
        }
        std::sort(t.begin(), t.end());
        best[which] = t[0];
        med[which] = t[2];
    }
    std::printf("== sort leaf kernels, %zu random 64-bit keys, 5 runs each ==\n", n);
    for (int w = 0; w < 3; w++)
        std::printf("  %-24s best %.3f s  median %.3f s  (%.1f ns per key)\n", names[w], best[w],
                    med[w], 1e9 * med[w] / (double)n);
    std::printf("  speed-up of the radix kernel: %.2fx qsort, %.2fx std::sort (medians)\n\n",
                med[1] / med[0], med[2] / med[0]);
    return 0;
}

/*
 * apps.c - the bundled divide-and-conquer applications of `dcnet exec`,
 * each with seeded input and an independent check of its result:
 *   mergesort  64-bit keys; split halves, merge two sorted runs
 *              (check: in order and the input's multiset hash, O(n);
 *              DN_APP_VERIFY_FULL: a qsort'ed copy)
 *   quicksort  64-bit keys; split by a median-of-3 pivot, keep the low
 *              part, send the high part; merge concatenates (qsort)
 *   matchain   product of a sequence of 4 x 4 matrices mod 2^31 - 1: the
 *              divide stage halves the sequence (log-weighted), the
 *              combine stage sends one matrix (uniform), as in seed 000
 *              section 2's example (reference: left-to-right product)
 *   prefix     inclusive prefix sums mod 2^64; merge adds the left total
 *              to the right part (reference: one loop)
 *   max        the largest key (reference: one loop)
 *   nqueens    solutions of the n-queens problem; static: the valid
 *              placements of the first two rows are split in halves;
 *              dynamic: every placement of the first rows is a task
 *              (reference: the published counts, OEIS A000170)
 * Problems are byte buffers: arrays of uint64_t.
 */
#include "rt_impl.h"
#include "../base/args_impl.h"

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

typedef uint64_t u64;

static const struct {
    const char *name, *summary;
    int64_t def, max;
} apps[] = {
    {"mergesort", "sort 64-bit keys, merge sorted runs", 1000000, (int64_t)1 << 31},
    {"quicksort", "sort 64-bit keys: split by a pivot, keep low, send high", 1000000,
     (int64_t)1 << 31},
    {"matchain", "product of n 4x4 matrices mod 2^31-1 (log-weighted divide, uniform combine)",
     100000, (int64_t)1 << 26},
    {"prefix", "inclusive prefix sums of n keys", 10000000, (int64_t)1 << 31},
    {"max", "the largest of n keys", 10000000, (int64_t)1 << 31},
    {"nqueens", "count the solutions of n queens (irregular tree: place it dynamically)", 10, 18},
    {"search", "unbalanced tree search over a random tree (dynamic placement; a tree spec and "
               "the work per node)", 0, 0},
};
#define NAPPS ((int)(sizeof apps / sizeof apps[0]))

const char *dn_app_name(int i)
{
    return i >= 0 && i < NAPPS ? apps[i].name : NULL;
}

const char *dn_app_summary(int i)
{
    return i >= 0 && i < NAPPS ? apps[i].summary : NULL;
}

/* ------------------------------------------------------------ helpers */

static size_t count64(void *ctx, const dn_buf *p)
{
    (void)ctx;
    return p->len / sizeof(u64);
}

/* Large buffers are aligned to 2 MiB and offered transparent huge pages:
 * first touching a fresh 400 MB part otherwise costs 100,000 page faults
 * (a quarter of a second here), on the critical path of every split. */
static void *big_alloc(size_t bytes)
{
    enum { HUGE = 2 << 20 };
    if (bytes < 2 * HUGE)
        return malloc(bytes ? bytes : 1);
    void *p = NULL;
    if (posix_memalign(&p, HUGE, bytes) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE); /* a hint: failure only costs speed */
#endif
    return p;
}

static int new_buf(dn_buf *b, size_t n)
{
    b->len = n * sizeof(u64);
    b->data = big_alloc(b->len);
    return b->data ? DN_OK : DN_ENOMEM;
}

/* keep the first `keep` words of p (in place), send the rest (a copy) */
static int split_at(dn_buf *p, size_t keep_n, dn_buf *keep, dn_buf *send)
{
    size_t n = p->len / sizeof(u64);
    if (new_buf(send, n - keep_n))
        return DN_ENOMEM;
    memcpy(send->data, (u64 *)p->data + keep_n, (n - keep_n) * sizeof(u64));
    keep->data = p->data;
    keep->len = keep_n * sizeof(u64);
    p->data = NULL;
    return DN_OK;
}

static int split_half(void *ctx, dn_buf *p, dn_buf *keep, dn_buf *send)
{
    (void)ctx;
    return split_at(p, p->len / sizeof(u64) / 2, keep, send);
}

static int cmp_u64(const void *a, const void *b)
{
    u64 x = *(const u64 *)a, y = *(const u64 *)b;
    return x < y ? -1 : x > y;
}

/* ------------------------------------------------------------ sorting */

static void insertion(u64 *a, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        u64 x = a[i];
        size_t j = i;
        while (j > 0 && a[j - 1] > x) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = x;
    }
}

void dn_merge_keys(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, uint64_t *out)
{
    size_t i = 0, j = 0, k = 0;
    while (i < na && j < nb)
        out[k++] = b[j] < a[i] ? b[j++] : a[i++];
    while (i < na)
        out[k++] = a[i++];
    while (j < nb)
        out[k++] = b[j++];
}

/* top-down merge sort of a (n) using tmp (n): result in a */
static void msort(u64 *a, u64 *tmp, size_t n)
{
    if (n <= 32) {
        insertion(a, n);
        return;
    }
    size_t h = n / 2;
    msort(a, tmp, h);
    msort(a + h, tmp, n - h);
    if (a[h - 1] <= a[h])
        return;
    memcpy(tmp, a, h * sizeof *a);
    dn_merge_keys(tmp, h, a + h, n - h, a);
}

/* LSD radix sort of 64-bit keys, 8 passes of 8 bits, ping-ponging between
 * a and tmp (n each); all eight histograms are made in one read, and a pass
 * whose digit is the same in every key is skipped. O(n) per pass, no
 * comparisons: the leaf kernel of the sorts (docs/runtime.md has its
 * measured speed against qsort and the top-down merge sort). */
static void radix_sort(u64 *a, u64 *tmp, size_t n)
{
    size_t (*count)[256] = calloc(8, sizeof *count);
    if (!count) { /* no room for 16 KB of counters: the merge sort needs none */
        msort(a, tmp, n);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        u64 x = a[i];
        for (int d = 0; d < 8; d++)
            count[d][(x >> (8 * d)) & 255]++;
    }
    u64 *src = a, *dst = tmp;
    for (int d = 0; d < 8; d++) {
        size_t *c = count[d], sum = 0;
        if (c[(src[0] >> (8 * d)) & 255] == n)
            continue; /* every key has this digit: the pass would copy */
        for (int v = 0; v < 256; v++) {
            size_t k = c[v];
            c[v] = sum;
            sum += k;
        }
        for (size_t i = 0; i < n; i++)
            dst[c[(src[i] >> (8 * d)) & 255]++] = src[i];
        u64 *t = src;
        src = dst;
        dst = t;
    }
    if (src != a)
        memcpy(a, src, n * sizeof *a);
    free(count);
}

/* The sorts' leaf kernel: insertion sort for tiny runs, radix sort above
 * (tmp holds n keys). */
static void sort_keys(u64 *a, u64 *tmp, size_t n)
{
    if (n <= 64)
        insertion(a, n);
    else
        radix_sort(a, tmp, n);
}

int dn_sort_keys(uint64_t *keys, uint64_t *scratch, size_t n)
{
    u64 *tmp = scratch ? scratch : big_alloc((n ? n : 1) * sizeof *tmp);
    if (!tmp)
        return DN_ENOMEM;
    sort_keys(keys, tmp, n);
    if (!scratch)
        free(tmp);
    return DN_OK;
}

static int mergesort_solve(void *ctx, dn_buf *p, dn_buf *res)
{
    (void)ctx;
    size_t n = p->len / sizeof(u64);
    int rc = dn_sort_keys(p->data, NULL, n);
    if (rc)
        return rc;
    *res = *p;
    p->data = NULL;
    return DN_OK;
}

/* The kept run grows in place (realloc: mremap for large blocks, no copy)
 * and the two runs are merged from the back, so no third buffer is
 * touched. */
static int mergesort_merge(void *ctx, dn_buf *a, dn_buf *b, dn_buf *res)
{
    (void)ctx;
    size_t na = a->len / sizeof(u64), nb = b->len / sizeof(u64);
    u64 *x = realloc(a->data, (na + nb ? na + nb : 1) * sizeof(u64));
    if (!x)
        return DN_ENOMEM;
#ifdef MADV_HUGEPAGE
    { /* the grown tail is fresh memory: offer it huge pages too */
        uintptr_t lo = ((uintptr_t)(x + na) + (2u << 20) - 1) & ~(uintptr_t)((2u << 20) - 1);
        uintptr_t hi = (uintptr_t)(x + na + nb) & ~(uintptr_t)((2u << 20) - 1);
        if (hi > lo)
            madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
    }
#endif
    const u64 *y = b->data;
    size_t i = na, j = nb, k = na + nb;
    while (j > 0) {
        if (i > 0 && x[i - 1] > y[j - 1])
            x[--k] = x[--i];
        else
            x[--k] = y[--j];
    }
    res->data = x;
    res->len = (na + nb) * sizeof(u64);
    free(b->data);
    a->data = b->data = NULL;
    return DN_OK;
}

static u64 median3(u64 x, u64 y, u64 z)
{
    if (x > y) {
        u64 t = x;
        x = y;
        y = t;
    }
    return z < x ? x : z > y ? y : z;
}

/* Three-way partition around pivot: a[0 .. *lt) < pivot, a[*lt .. *gt)
 * == pivot, a[*gt .. n) > pivot (Dijkstra's Dutch national flag). */
static void partition3(u64 *a, size_t n, u64 pivot, size_t *lt, size_t *gt)
{
    size_t l = 0, i = 0, g = n;
    while (i < g) {
        u64 x = a[i];
        if (x < pivot) {
            a[i++] = a[l];
            a[l++] = x;
        } else if (x > pivot) {
            a[i] = a[--g];
            a[g] = x;
        } else {
            i++;
        }
    }
    *lt = l;
    *gt = g;
}

size_t dn_partition_keys(uint64_t *a, size_t n)
{
    size_t lt = 0, gt = 0;
    if (n)
        partition3(a, n, median3(a[0], a[n / 2], a[n - 1]), &lt, &gt);
    return gt;
}

static int quicksort_split(void *ctx, dn_buf *p, dn_buf *keep, dn_buf *send)
{
    (void)ctx;
    size_t gt = dn_partition_keys(p->data, p->len / sizeof(u64));
    return split_at(p, gt, keep, send); /* keep <= pivot, send > pivot */
}

static int quicksort_solve(void *ctx, dn_buf *p, dn_buf *res)
{
    (void)ctx; /* the partitioning is the app's; its leaves use the sort kernel */
    int rc = dn_sort_keys(p->data, NULL, p->len / sizeof(u64));
    if (rc)
        return rc;
    *res = *p;
    p->data = NULL;
    return DN_OK;
}

static int concat(void *ctx, dn_buf *a, dn_buf *b, dn_buf *res)
{
    (void)ctx;
    void *d = realloc(a->data, a->len + b->len ? a->len + b->len : 1);
    if (!d)
        return DN_ENOMEM;
    memcpy((char *)d + a->len, b->data, b->len);
    res->data = d;
    res->len = a->len + b->len;
    free(b->data);
    a->data = b->data = NULL;
    return DN_OK;
}

/* ------------------------------------------------------------ max, prefix */

static int max_solve(void *ctx, dn_buf *p, dn_buf *res)
{
    (void)ctx;
    const u64 *a = p->data;
    u64 m = 0;
    for (size_t i = 0, n = p->len / sizeof(u64); i < n; i++)
        m = a[i] > m ? a[i] : m;
    free(p->data);
    p->data = NULL;
    if (new_buf(res, 1))
        return DN_ENOMEM;
    *(u64 *)res->data = m;
    return DN_OK;
}

static int max_merge(void *ctx, dn_buf *a, dn_buf *b, dn_buf *res)
{
    (void)ctx;
    u64 *x = a->data, *y = b->data;
    if (*y > *x)
        *x = *y;
    *res = *a;
    free(b->data);
    a->data = b->data = NULL;
    return DN_OK;
}

static int prefix_solve(void *ctx, dn_buf *p, dn_buf *res)
{
    (void)ctx;
    u64 *a = p->data;
    for (size_t i = 1, n = p->len / sizeof(u64); i < n; i++)
        a[i] += a[i - 1];
    *res = *p;
    p->data = NULL;
    return DN_OK;
}

static int prefix_merge(void *ctx, dn_buf *a, dn_buf *b, dn_buf *res)
{
    size_t na = a->len / sizeof(u64), nb = b->len / sizeof(u64);
    if (na > 0) {
        u64 add = ((u64 *)a->data)[na - 1], *y = b->data;
        for (size_t i = 0; i < nb; i++)
            y[i] += add;
    }
    return concat(ctx, a, b, res);
}

/* ------------------------------------------------------------ matchain */

#define MP 2147483647ULL /* 2^31 - 1: products of two residues fit in 64 bits */

void dn_mat4_mul(const uint64_t *x, const uint64_t *y, uint64_t *out)
{
    u64 t[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            u64 s = 0;
            for (int k = 0; k < 4; k++)
                s = (s + x[4 * i + k] * y[4 * k + j]) % MP;
            t[4 * i + j] = s;
        }
    memcpy(out, t, sizeof t);
}

static size_t mat_units(void *ctx, const dn_buf *p)
{
    (void)ctx;
    return p->len / (16 * sizeof(u64));
}

static int mat_split(void *ctx, dn_buf *p, dn_buf *keep, dn_buf *send)
{
    (void)ctx;
    return split_at(p, p->len / (16 * sizeof(u64)) / 2 * 16, keep, send);
}

static int mat_solve(void *ctx, dn_buf *p, dn_buf *res)
{
    (void)ctx;
    u64 *a = p->data;
    size_t m = p->len / (16 * sizeof(u64));
    if (new_buf(res, 16)) {
        free(p->data);
        p->data = NULL;
        return DN_ENOMEM;
    }
    u64 *r = res->data;
    memset(r, 0, 16 * sizeof *r);
    for (int i = 0; i < 4; i++)
        r[5 * i] = 1;
    for (size_t k = 0; k < m; k++)
        dn_mat4_mul(r, a + 16 * k, r);
    free(p->data);
    p->data = NULL;
    return DN_OK;
}

static int mat_merge(void *ctx, dn_buf *a, dn_buf *b, dn_buf *res)
{
    (void)ctx;
    dn_mat4_mul(a->data, b->data, a->data);
    *res = *a;
    free(b->data);
    a->data = b->data = NULL;
    return DN_OK;
}

/* ------------------------------------------------------------ nqueens */

/* OEIS A000170: solutions of the n-queens problem, n = 0 .. 18 */
static const int64_t queens_known[] = {1,     1,      0,       0,        2,         10,
                                       4,     40,     92,      352,      724,       2680,
                                       14200, 73712,  365596,  2279184,  14772512,  95815104,
                                       666090624};

int64_t dn_queens_count(int n, uint64_t cols, uint64_t d1, uint64_t d2)
{
    if (n < 0 || n > 32)
        return -1; /* the board's rows are bits of a word */
    u64 full = ((u64)1 << n) - 1;
    if (cols == full)
        return 1;
    int64_t c = 0;
    u64 free_ = full & ~(cols | d1 | d2);
    while (free_) {
        u64 bit = free_ & (~free_ + 1);
        free_ ^= bit;
        c += dn_queens_count(n, cols | bit, ((d1 | bit) << 1) & full, (d2 | bit) >> 1);
    }
    return c;
}

#define queens_count dn_queens_count

/* static problem: word 0 = n, then triples (cols, d1, d2) after two rows */
static size_t queens_units(void *ctx, const dn_buf *p)
{
    (void)ctx;
    return (p->len / sizeof(u64) - 1) / 3;
}

static int queens_split(void *ctx, dn_buf *p, dn_buf *keep, dn_buf *send)
{
    (void)ctx;
    u64 *a = p->data;
    size_t k = (p->len / sizeof(u64) - 1) / 3, h = k / 2;
    if (new_buf(send, 1 + 3 * (k - h)))
        return DN_ENOMEM;
    u64 *s = send->data;
    s[0] = a[0];
    memcpy(s + 1, a + 1 + 3 * h, 3 * (k - h) * sizeof(u64));
    keep->data = p->data;
    keep->len = (1 + 3 * h) * sizeof(u64);
    p->data = NULL;
    return DN_OK;
}

static int queens_solve(void *ctx, dn_buf *p, dn_buf *res)
{
    (void)ctx;
    u64 *a = p->data;
    size_t k = (p->len / sizeof(u64) - 1) / 3;
    int64_t c = 0;
    for (size_t i = 0; i < k; i++)
        c += queens_count((int)a[0], a[1 + 3 * i], a[2 + 3 * i], a[3 + 3 * i]);
    free(p->data);
    p->data = NULL;
    if (new_buf(res, 1))
        return DN_ENOMEM;
    *(u64 *)res->data = (u64)c;
    return DN_OK;
}

static int sum_merge(void *ctx, dn_buf *a, dn_buf *b, dn_buf *res)
{
    (void)ctx;
    *(u64 *)a->data += *(u64 *)b->data;
    *res = *a;
    free(b->data);
    a->data = b->data = NULL;
    return DN_OK;
}

/* dynamic task: n, row, cols, d1, d2; rows below the cutoff expand */
enum { QUEENS_CUTOFF = 3 };

static int queens_expand(void *ctx, const dn_buf *t, dn_buf **kids, int *nk, int64_t *value)
{
    (void)ctx;
    const u64 *a = t->data;
    int n = (int)a[0], row = (int)a[1];
    u64 cols = a[2], d1 = a[3], d2 = a[4], full = ((u64)1 << n) - 1;
    *nk = 0;
    *kids = NULL;
    if (row >= QUEENS_CUTOFF || row >= n) {
        *value = queens_count(n, cols, d1, d2);
        return DN_OK;
    }
    u64 free_ = full & ~(cols | d1 | d2);
    int cnt = __builtin_popcountll(free_);
    *value = 0;
    if (cnt == 0)
        return DN_OK;
    *kids = calloc((size_t)cnt, sizeof **kids);
    if (!*kids)
        return DN_ENOMEM;
    while (free_) {
        u64 bit = free_ & (~free_ + 1);
        free_ ^= bit;
        dn_buf *b = &(*kids)[*nk];
        if (new_buf(b, 5)) {
            for (int i = 0; i < *nk; i++)
                free((*kids)[i].data);
            free(*kids);
            *kids = NULL;
            *nk = 0;
            return DN_ENOMEM;
        }
        u64 *c = b->data;
        c[0] = (u64)n;
        c[1] = (u64)row + 1;
        c[2] = cols | bit;
        c[3] = ((d1 | bit) << 1) & full;
        c[4] = (d2 | bit) >> 1;
        (*nk)++;
    }
    return DN_OK;
}

/* ------------------------------------------------------------ shared memory
 *
 * The shared form of every static app (dn_app_share; the default of
 * `dcnet exec` on threads in direct mode). The data stays in one array
 * (arr[0], the input) and, for the sorts, one scratch array of the same
 * size (arr[1]), as an OpenMP program keeps them; a problem, and a result
 * that is a range (sorts, prefix), is a reference {offset, count, array,
 * depth} in units (a key, a 4x4 matrix, an nqueens prefix of 3 words), so
 * a message carries 32 bytes and nothing is copied to be sent. Results
 * that are values (max, matchain, nqueens) are the copy form's own small
 * buffers (1 or 16 words). Copies happen only where a message really
 * crosses memory: MPI and network emulation use the copy form.
 *
 *   mergesort  halves; a merge reads two adjacent ranges of one array and
 *              writes the other, shared by the finished workers
 *              (merge_part: worker k of n writes part k of the output,
 *              found by the merge path; part k of n of N words is
 *              [part_at(N, k, n), part_at(N, k + 1, n))). A leaf below a
 *              split copies its range into arr[1] and sorts it there, so
 *              every page of the scratch array is first touched by the
 *              leaves, in parallel, at the start, and no merge writes fresh
 *              memory (a first touch costs 0.1 to 1 ms per MB on the VMs
 *              dcnet is measured on). Without a split the leaf sorts in
 *              place in arr[0].
 *   quicksort  the split partitions its range in place; leaves sort in
 *              place (their range of arr[1] is the radix sort's scratch);
 *              the merge of two adjacent ranges is a reference to both.
 *   prefix     leaves sum in place; the merge adds the left part's last
 *              sum to the right part, shared like mergesort's.
 *   max, matchain, nqueens: leaves read their range and return a value. */

enum { SHM_MERGESORT, SHM_QUICKSORT, SHM_PREFIX, SHM_MAX, SHM_MATCHAIN, SHM_QUEENS };

typedef struct shm_ref {
    u64 off, cnt, arr, depth; /* in units; depth: splits above this range */
} shm_ref;

typedef struct shm_state {
    u64 *arr[2];  /* the data (units of `unit` words) and the sorts' scratch */
    size_t n;     /* units */
    size_t unit;  /* words per unit */
    int kind;     /* SHM_* */
    u64 queens_n; /* nqueens: the board size (word 0 of the copy form's input) */
    void *own;    /* the allocation arr[0] points into */
} shm_state;

static size_t part_at(size_t N, int k, int n)
{
    return N / (size_t)n * (size_t)k + (N % (size_t)n) * (size_t)k / (size_t)n;
}

size_t dn_merge_path(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, size_t k)
{
    /* the smallest i (j = k - i) with a[i] after b[j - 1], i.e. b[j - 1] < a[i] */
    size_t lo = k > nb ? k - nb : 0, hi = k < na ? k : na;
    while (lo < hi) {
        size_t i = lo + (hi - lo) / 2;
        if (a[i] <= b[k - i - 1]) /* a[i] comes first: more of a */
            lo = i + 1;
        else
            hi = i;
    }
    return lo;
}

static int shm_new(dn_buf *b, u64 off, u64 cnt, u64 arr, u64 depth)
{
    shm_ref *r = malloc(sizeof *r);
    if (!r)
        return DN_ENOMEM;
    *r = (shm_ref){off, cnt, arr, depth};
    b->data = r;
    b->len = sizeof *r;
    return DN_OK;
}

static size_t shm_units(void *ctx, const dn_buf *p)
{
    (void)ctx;
    return (size_t)((const shm_ref *)p->data)->cnt;
}

/* keep the first `h` units (the same reference), send the rest */
static int shm_split_at(dn_buf *p, u64 h, dn_buf *keep, dn_buf *send)
{
    shm_ref *r = p->data;
    if (shm_new(send, r->off + h, r->cnt - h, r->arr, r->depth + 1))
        return DN_ENOMEM;
    r->cnt = h;
    r->depth++;
    *keep = *p;
    p->data = NULL;
    return DN_OK;
}

static int shm_split(void *ctx, dn_buf *p, dn_buf *keep, dn_buf *send)
{
    (void)ctx;
    return shm_split_at(p, ((shm_ref *)p->data)->cnt / 2, keep, send);
}

static int shm_qsplit(void *ctx, dn_buf *p, dn_buf *keep, dn_buf *send)
{
    shm_state *st = ctx;
    const shm_ref *r = p->data;
    size_t gt = dn_partition_keys(st->arr[0] + r->off, (size_t)r->cnt);
    return shm_split_at(p, gt, keep, send); /* keep <= pivot, send > pivot */
}

/* a value result (max, matchain, nqueens) replaces the reference */
static int shm_value(dn_buf *p, dn_buf *res, const u64 *v, size_t words)
{
    free(p->data);
    p->data = NULL;
    if (new_buf(res, words))
        return DN_ENOMEM;
    memcpy(res->data, v, words * sizeof *v);
    return DN_OK;
}

static int shm_solve(void *ctx, dn_buf *p, dn_buf *res)
{
    shm_state *st = ctx;
    shm_ref *r = p->data;
    if (r->arr != 0) /* leaves are always references into the data */
        return DN_EINVAL;
    size_t n = (size_t)r->cnt;
    u64 *x = st->arr[0] + r->off * st->unit, v[16];
    switch (st->kind) {
    case SHM_MERGESORT: {
        u64 *scratch = st->arr[1] + r->off;
        if (r->depth == 0) {
            sort_keys(x, scratch, n);
        } else {
            memcpy(scratch, x, n * sizeof(u64));
            sort_keys(scratch, x, n);
            r->arr = 1;
        }
        break;
    }
    case SHM_QUICKSORT: sort_keys(x, st->arr[1] + r->off, n); break;
    case SHM_PREFIX:
        for (size_t i = 1; i < n; i++)
            x[i] += x[i - 1];
        break;
    case SHM_MAX: {
        u64 m = 0; /* a scalar: the loop keeps it in a register */
        for (size_t i = 0; i < n; i++)
            m = x[i] > m ? x[i] : m;
        v[0] = m;
        return shm_value(p, res, v, 1);
    }
    case SHM_MATCHAIN:
        memset(v, 0, sizeof v);
        for (int i = 0; i < 4; i++)
            v[5 * i] = 1;
        for (size_t k = 0; k < n; k++)
            dn_mat4_mul(v, x + 16 * k, v);
        return shm_value(p, res, v, 16);
    default: { /* SHM_QUEENS */
        int64_t c = 0;
        for (size_t i = 0; i < n; i++)
            c += queens_count((int)st->queens_n, x[3 * i], x[3 * i + 1], x[3 * i + 2]);
        v[0] = (u64)c;
        return shm_value(p, res, v, 1);
    }
    }
    *res = *p; /* a range result: the same reference */
    p->data = NULL;
    return DN_OK;
}

/* the output reference of merging two adjacent ranges (sorts, prefix) */
static int shm_merge_alloc(void *ctx, const dn_buf *a, const dn_buf *b, dn_buf *out)
{
    const shm_state *st = ctx;
    const shm_ref *x = a->data, *y = b->data;
    if (y->arr != x->arr || y->off != x->off + x->cnt) /* not the two halves of one range */
        return DN_EINVAL;
    u64 arr = st->kind == SHM_MERGESORT ? 1 - x->arr : x->arr; /* merges ping-pong */
    return shm_new(out, x->off, x->cnt + y->cnt, arr, x->depth ? x->depth - 1 : 0);
}

static int shm_merge_part(void *ctx, const dn_buf *a, const dn_buf *b, dn_buf *out, int k, int n)
{
    shm_state *st = ctx;
    const shm_ref *x = a->data, *y = b->data;
    u64 *src = st->arr[x->arr];
    if (st->kind == SHM_PREFIX) { /* part k of the right range gets the left total */
        u64 add = x->cnt ? src[x->off + x->cnt - 1] : 0, *yb = src + y->off;
        size_t N = (size_t)y->cnt, hi = part_at(N, k + 1, n);
        for (size_t i = part_at(N, k, n); i < hi; i++)
            yb[i] += add;
        return DN_OK;
    }
    if (st->kind == SHM_QUICKSORT) /* the runs are in place already */
        return DN_OK;
    const u64 *xa = src + x->off, *yb = src + y->off;
    size_t na = (size_t)x->cnt, nb = (size_t)y->cnt, N = na + nb;
    size_t lo = part_at(N, k, n), hi = part_at(N, k + 1, n);
    size_t i0 = dn_merge_path(xa, na, yb, nb, lo), i1 = dn_merge_path(xa, na, yb, nb, hi);
    u64 *dst = st->arr[((const shm_ref *)out->data)->arr] + x->off;
    dn_merge_keys(xa + i0, i1 - i0, yb + (lo - i0), (hi - i1) - (lo - i0), dst + lo);
    return DN_OK;
}

static int shm_merge(void *ctx, dn_buf *a, dn_buf *b, dn_buf *res)
{
    int rc = shm_merge_alloc(ctx, a, b, res);
    if (rc || (rc = shm_merge_part(ctx, a, b, res, 0, 1)))
        return rc;
    free(a->data);
    free(b->data);
    a->data = b->data = NULL;
    return DN_OK;
}

int dn_app_share(dn_app_run *a, dn_err *err)
{
    DN_NEED(err, a);
    static const char *const kinds[] = {"mergesort", "quicksort", "prefix", "max", "matchain",
                                        "nqueens"};
    int kind = 0;
    while (kind < 6 && strcmp(a->name, kinds[kind]) != 0)
        kind++;
    if (kind == 6 || a->dynamic)
        return dn_fail(err, DN_ENOTSUP, "%s%s has no shared-memory form (the static apps have)",
                       a->name, a->dynamic ? " in dynamic mode" : "");
    if (a->shared)
        return DN_OK;
    shm_state *st = calloc(1, sizeof *st);
    if (!st)
        return dn_fail(err, DN_ENOMEM, "out of memory");
    u64 *in = a->input.data;
    size_t words = a->input.len / sizeof(u64);
    st->kind = kind;
    st->own = in;
    st->unit = kind == SHM_MATCHAIN ? 16 : kind == SHM_QUEENS ? 3 : 1;
    st->arr[0] = kind == SHM_QUEENS ? in + 1 : in;
    st->queens_n = kind == SHM_QUEENS ? in[0] : 0;
    st->n = kind == SHM_QUEENS ? (words - 1) / 3 : words / st->unit;
    dn_buf scratch = {NULL, 0}, ref;
    if (kind <= SHM_QUICKSORT && new_buf(&scratch, st->n)) {
        size_t n = st->n;
        free(st);
        return dn_fail(err, DN_ENOMEM, "out of memory for the scratch array (%zu keys)", n);
    }
    if (shm_new(&ref, 0, st->n, 0, 0)) {
        free(st);
        free(scratch.data);
        return dn_fail(err, DN_ENOMEM, "out of memory");
    }
    st->arr[1] = scratch.data;
    a->input = ref;
    a->shared = st;
    dn_dc_app dc = {.name = a->dc.name, .ctx = st, .units = shm_units, .split = shm_split,
                    .solve = shm_solve, .merge = shm_merge};
    if (kind == SHM_MERGESORT || kind == SHM_PREFIX) { /* O(n) merges: shared */
        dc.merge_alloc = shm_merge_alloc;
        dc.merge_part = shm_merge_part;
        dc.share_units = 1 << 16;
    }
    if (kind == SHM_QUICKSORT)
        dc.split = shm_qsplit;
    if (kind == SHM_MAX)
        dc.merge = max_merge;
    if (kind == SHM_MATCHAIN)
        dc.merge = mat_merge;
    if (kind == SHM_QUEENS)
        dc.merge = sum_merge;
    a->dc = dc;
    return DN_OK;
}


/* ------------------------------------------------------------ search
 *
 * The skewed synthetic workload (dn_app_init_search): a task is a node id
 * of a sampled random tree; it does its node's work and spawns the node's
 * children. The work's results are folded into an atomic xor, so the
 * compiler cannot drop the work and --verify full can check it. */

static u64 key_mix(u64 x);

typedef struct search_ctx {
    dn_tree t;
    uint64_t seed;
    double work;            /* mean rounds per node */
    _Atomic uint64_t sink;  /* xor of every node's work result */
    int64_t leaves;         /* the reference answer */
} search_ctx;

static u64 search_work(const search_ctx *c, int64_t v)
{
    dn_rng rng;
    dn_rng_stream(&rng, c->seed, (uint64_t)v);
    /* exponential rounds: -work ln U, U in (0, 1] */
    double u = ((double)(dn_rng_next(&rng) >> 11) + 1.0) * 0x1p-53;
    u64 rounds = (u64)(-c->work * log(u)), x = (u64)v;
    for (u64 r = 0; r < rounds; r++)
        x = key_mix(x);
    return x;
}

static int search_expand(void *ctx, const dn_buf *task, dn_buf **kids, int *nk, int64_t *value)
{
    search_ctx *c = ctx;
    int64_t v = (int64_t) * (const u64 *)task->data;
    atomic_fetch_xor(&c->sink, search_work(c, v));
    int64_t k = dn_tree_num_children(&c->t, v);
    *kids = NULL;
    *nk = 0;
    *value = k == 0;
    if (k == 0)
        return DN_OK;
    if (!(*kids = calloc((size_t)k, sizeof **kids)))
        return DN_ENOMEM;
    for (int64_t i = 0; i < k; i++) {
        if (new_buf(&(*kids)[i], 1)) {
            for (int j = 0; j < *nk; j++)
                free((*kids)[j].data);
            free(*kids);
            *kids = NULL;
            *nk = 0;
            return DN_ENOMEM;
        }
        *(u64 *)(*kids)[i].data = (u64)dn_tree_child(&c->t, v, i);
        (*nk)++;
    }
    return DN_OK;
}

int dn_app_init_search(dn_app_run *a, const char *tree_spec, double work, uint64_t seed,
                       int64_t max_nodes, int flags, dn_err *err)
{
    DN_NEED(err, a);
    DN_NEED(err, tree_spec);
    memset(a, 0, sizeof *a);
    dn_tree_model m;
    int rc = dn_tree_model_parse(tree_spec, &m, err);
    if (rc)
        return rc;
    if (!dn_tree_model_is_random(&m))
        return dn_fail(err, DN_EINVAL, "search runs over a random tree (gw:DIST, crt:H:DIST, "
                                       "rct:..., repro:M), not %s",
                       tree_spec);
    if (!(work >= 0 && work <= 1e9))
        return dn_fail(err, DN_ERANGE, "search: work per node must be 0..1e9 rounds, not %g",
                       work);
    search_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return dn_fail(err, DN_ENOMEM, "out of memory");
    if ((rc = dn_tree_init(&c->t, &m, seed, max_nodes, err))) {
        free(c);
        return rc;
    }
    c->seed = seed;
    c->work = work;
    atomic_init(&c->sink, 0);
    for (int64_t v = 0; v < c->t.nodes; v++)
        c->leaves += dn_tree_num_children(&c->t, v) == 0;
    if (new_buf(&a->input, 1)) {
        dn_tree_free(&c->t);
        free(c);
        return dn_fail(err, DN_ENOMEM, "out of memory");
    }
    *(u64 *)a->input.data = 0; /* the root */
    snprintf(a->name, sizeof a->name, "search");
    a->n = c->t.nodes;
    a->seed = seed;
    a->dynamic = 1;
    a->verify_full = (flags & DN_APP_VERIFY_FULL) != 0;
    a->grain = 1;
    a->ref = c;
    a->tree = (dn_tree_app){"search", c, search_expand};
    return DN_OK;
}

/* ------------------------------------------------------------ set-up */

/* An order-independent hash of a multiset of keys: the sum and the xor of
 * a mixing function of each key (two independent 64-bit checks; a changed,
 * lost or duplicated key changes the sum except with probability 2^-64). */
static u64 key_mix(u64 x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static void multiset_hash(const u64 *x, size_t n, u64 h[2])
{
    h[0] = h[1] = 0;
    for (size_t k = 0; k < n; k++) {
        u64 m = key_mix(x[k]);
        h[0] += m;
        h[1] ^= key_mix(m ^ 0x5851f42d4c957f2dULL);
    }
}

int dn_app_init(dn_app_run *a, const char *name, int64_t n, uint64_t seed, int flags,
                dn_err *err)
{
    DN_NEED(err, a);
    DN_NEED(err, name);
    const int dynamic = (flags & DN_APP_DYNAMIC) != 0;
    memset(a, 0, sizeof *a);
    int i = 0;
    while (i < NAPPS && strcmp(apps[i].name, name) != 0)
        i++;
    if (i == NAPPS)
        return dn_fail(err, DN_ENOTFOUND, "unknown app '%s' (mergesort, quicksort, matchain, "
                                          "prefix, max, nqueens, search)",
                       name);
    if (strcmp(name, "search") == 0)
        return dn_fail_param(err, DN_EINVAL, "tree",
                             "search runs over a random tree: it is built by "
                             "dn_app_init_search from a tree spec");

    if (n == 0)
        n = apps[i].def;
    if (n < 1 || n > apps[i].max)
        return dn_fail(err, DN_ERANGE, "%s: size must be 1..%lld, not %lld", name,
                       (long long)apps[i].max, (long long)n);
    if (dynamic && strcmp(name, "nqueens") != 0)
        return dn_fail(err, DN_EINVAL, "the dynamic mode is for irregular trees: nqueens");
    snprintf(a->name, sizeof a->name, "%s", name);
    a->n = n;
    a->seed = seed;
    a->dynamic = dynamic;
    a->verify_full = (flags & DN_APP_VERIFY_FULL) != 0;
    a->grain = strcmp(name, "nqueens") == 0 ? 1 : strcmp(name, "matchain") == 0 ? 64 : 1024;
    dn_dc_app dc = {.name = apps[i].name, .units = count64, .split = split_half};
    dn_rng rng;
    dn_rng_seed(&rng, seed);
    if (strcmp(name, "nqueens") == 0) {
        if (dynamic) {
            if (new_buf(&a->input, 5))
                return dn_fail(err, DN_ENOMEM, "out of memory");
            u64 *t = a->input.data;
            t[0] = (u64)n;
            t[1] = t[2] = t[3] = t[4] = 0;
            a->tree = (dn_tree_app){"nqueens", NULL, queens_expand};
            return DN_OK;
        }
        /* every valid placement of the first two rows (or one, for n < 2) */
        u64 full = ((u64)1 << n) - 1;
        size_t cap = (size_t)(n * n) + 1, k = 0;
        if (new_buf(&a->input, 1 + 3 * cap))
            return dn_fail(err, DN_ENOMEM, "out of memory");
        u64 *t = a->input.data;
        t[0] = (u64)n;
        for (int c0 = 0; c0 < n; c0++) {
            u64 b0 = (u64)1 << c0;
            u64 cols = b0, d1 = (b0 << 1) & full, d2 = b0 >> 1;
            if (n == 1) {
                t[1 + 3 * k] = cols, t[2 + 3 * k] = d1, t[3 + 3 * k] = d2, k++;
                continue;
            }
            for (int c1 = 0; c1 < n; c1++) {
                u64 b1 = (u64)1 << c1;
                if (b1 & (cols | d1 | d2))
                    continue;
                t[1 + 3 * k] = cols | b1;
                t[2 + 3 * k] = ((d1 | b1) << 1) & full;
                t[3 + 3 * k] = (d2 | b1) >> 1;
                k++;
            }
        }
        a->input.len = (1 + 3 * k) * sizeof(u64);
        dc.units = queens_units;
        dc.split = queens_split;
        dc.solve = queens_solve;
        dc.merge = sum_merge;
        a->dc = dc;
        return DN_OK;
    }
    size_t words = (size_t)n * (strcmp(name, "matchain") == 0 ? 16 : 1);
    if (new_buf(&a->input, words))
        return dn_fail(err, DN_ENOMEM, "out of memory for %lld values", (long long)n);
    u64 *x = a->input.data;
    const int kind = strcmp(name, "matchain") == 0 ? 1 : strcmp(name, "prefix") == 0 ? 2 : 0;
    for (size_t k = 0; k < words; k++) /* the app is chosen once, not per key */
        x[k] = kind == 1 ? dn_rng_next(&rng) % MP : kind == 2 ? dn_rng_next(&rng) >> 20
                                                              : dn_rng_next(&rng);
    /* what checks the result, computed now, before the input is consumed */
    if (strcmp(name, "mergesort") == 0 || strcmp(name, "quicksort") == 0) {
        if (a->verify_full) {
            u64 *r = malloc(words * sizeof *r);
            if (!r)
                return dn_fail(err, DN_ENOMEM, "out of memory for the reference");
            memcpy(r, x, words * sizeof *r);
            qsort(r, words, sizeof *r, cmp_u64);
            a->ref = r;
        } else {
            multiset_hash(x, words, a->hash);
        }
        dc.solve = name[0] == 'm' ? mergesort_solve : quicksort_solve;
        dc.merge = name[0] == 'm' ? mergesort_merge : concat;
        if (name[0] == 'q')
            dc.split = quicksort_split;
    } else if (strcmp(name, "max") == 0) {
        u64 *r = malloc(sizeof *r), m = 0;
        if (!r)
            return dn_fail(err, DN_ENOMEM, "out of memory");
        for (size_t k = 0; k < words; k++)
            m = x[k] > m ? x[k] : m;
        *r = m;
        a->ref = r;
        dc.solve = max_solve;
        dc.merge = max_merge;
    } else if (strcmp(name, "prefix") == 0) {
        u64 *r = malloc(words * sizeof *r);
        if (!r)
            return dn_fail(err, DN_ENOMEM, "out of memory for the reference");
        for (size_t k = 0; k < words; k++)
            r[k] = x[k] + (k ? r[k - 1] : 0);
        a->ref = r;
        dc.solve = prefix_solve;
        dc.merge = prefix_merge;
    } else { /* matchain: left to right */
        u64 *r = calloc(16, sizeof *r);
        if (!r)
            return dn_fail(err, DN_ENOMEM, "out of memory");
        for (int k = 0; k < 4; k++)
            r[5 * k] = 1;
        for (int64_t k = 0; k < n; k++)
            dn_mat4_mul(r, x + 16 * k, r);
        a->ref = r;
        dc.units = mat_units;
        dc.split = mat_split;
        dc.solve = mat_solve;
        dc.merge = mat_merge;
    }
    a->dc = dc;
    return DN_OK;
}

int dn_app_verify(const dn_app_run *a, const dn_buf *out, int64_t answer, dn_err *err)
{
    DN_NEED(err, a); /* out: not for the dynamic mode, whose answer is checked */
    const char *nm = a->name;
    if (strcmp(nm, "search") == 0) {
        search_ctx *c = a->ref;
        if (answer != c->leaves)
            return dn_fail(err, DN_EINVAL, "search: %lld leaves, the tree has %lld",
                           (long long)answer, (long long)c->leaves);
        if (a->verify_full) { /* every node's work, once: the xor of all results */
            u64 x = 0;
            for (int64_t v = 0; v < c->t.nodes; v++)
                x ^= search_work(c, v);
            if (x != atomic_load(&c->sink))
                return dn_fail(err, DN_EINVAL, "search: the tasks' work results differ from "
                                               "a sequential run (a task ran twice or never)");
        }
        return DN_OK;
    }
    if (!a->dynamic)
        DN_NEED(err, out);
    if (strcmp(nm, "nqueens") == 0) {
        int64_t got = a->dynamic ? answer : (out->len == 8 ? (int64_t) * (u64 *)out->data : -1);
        if (got != queens_known[a->n])
            return dn_fail(err, DN_EINVAL, "nqueens %lld: %lld solutions, the known count is %lld",
                           (long long)a->n, (long long)got, (long long)queens_known[a->n]);
        return DN_OK;
    }
    DN_NEED(err, out);
    size_t want = strcmp(nm, "max") == 0 ? 1 : strcmp(nm, "matchain") == 0 ? 16 : (size_t)a->n;
    dn_buf keys = *out;
    const shm_state *sh = a->shared;
    if (sh && sh->kind <= SHM_PREFIX) { /* the result is a reference to the whole range */
        const shm_ref *r = out->data;
        if (out->len != sizeof *r || r->off != 0 || r->cnt != sh->n || r->arr > 1 ||
            !sh->arr[r->arr])
            return dn_fail(err, DN_EINVAL, "%s: the result is not the whole array", nm);
        keys.data = sh->arr[r->arr];
        keys.len = sh->n * sizeof(u64);
        out = &keys;
    }
    if (out->len != want * sizeof(u64))
        return dn_fail(err, DN_EINVAL, "%s: result has %zu words, expected %zu", nm,
                       out->len / sizeof(u64), want);
    const u64 *o = out->data, *r = a->ref;
    if (!r) { /* a sort checked in O(n): in order, and the input's multiset */
        for (size_t k = 1; k < want; k++)
            if (o[k - 1] > o[k])
                return dn_fail(err, DN_EINVAL, "%s: words %zu and %zu are out of order", nm,
                               k - 1, k);
        u64 h[2];
        multiset_hash(o, want, h);
        if (h[0] != a->hash[0] || h[1] != a->hash[1])
            return dn_fail(err, DN_EINVAL, "%s: the output is in order but does not hold the "
                                           "input's keys (multiset hash differs)",
                           nm);
        return DN_OK;
    }
    for (size_t k = 0; k < want; k++)
        if (o[k] != r[k])
            return dn_fail(err, DN_EINVAL, "%s: word %zu is %llu, the sequential reference says "
                                           "%llu",
                           nm, k, (unsigned long long)o[k], (unsigned long long)r[k]);
    return DN_OK;
}

void dn_app_free(dn_app_run *a)
{
    if (!a)
        return;
    if (strcmp(a->name, "search") == 0 && a->ref)
        dn_tree_free(&((search_ctx *)a->ref)->t);
    if (a->shared) {
        shm_state *st = a->shared;
        free(st->own);
        free(st->arr[1]);
        free(st);
    }
    free(a->input.data);
    free(a->ref);
    memset(a, 0, sizeof *a);
}

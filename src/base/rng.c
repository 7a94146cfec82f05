/*
 * rng.c - xoshiro256** 1.0 (Blackman & Vigna) seeded by splitmix64.
 *
 * Why this generator: 256 bits of state, fast, passes BigCrush, and small
 * enough to give every thread or trial its own state (no global RNG, so
 * results never depend on scheduling). Streams: dn_rng_stream mixes the
 * master seed and the stream index through splitmix64, giving decorrelated
 * starting points; known-answer tests in tests/test_base.c pin the draws.
 */
#include "dcnet/base.h"
#include "dn_assert.h"

uint64_t dn_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void dn_rng_seed(dn_rng *rng, uint64_t seed)
{
    uint64_t st = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = dn_splitmix64(&st);
}

void dn_rng_stream(dn_rng *rng, uint64_t seed, uint64_t stream)
{
    uint64_t st = seed;
    uint64_t a = dn_splitmix64(&st);
    uint64_t mix = a ^ (stream * 0xd1342543de82ef95ULL + 0x632be59bd9b4e019ULL);
    dn_rng_seed(rng, dn_splitmix64(&mix));
}

static inline uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

uint64_t dn_rng_next(dn_rng *rng)
{
    uint64_t *s = rng->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* 128-bit product; __extension__ keeps -Wpedantic quiet on GCC and clang. */
__extension__ typedef unsigned __int128 dn_u128;

uint64_t dn_rng_below(dn_rng *rng, uint64_t bound)
{
    /* Lemire, "Fast random integer generation in an interval" (2019). */
    DN_ASSERT(bound >= 1);
    dn_u128 m = (dn_u128)dn_rng_next(rng) * bound;
    uint64_t low = (uint64_t)m;
    if (low < bound) {
        uint64_t threshold = (0 - bound) % bound;
        while (low < threshold) {
            m = (dn_u128)dn_rng_next(rng) * bound;
            low = (uint64_t)m;
        }
    }
    return (uint64_t)(m >> 64);
}

double dn_rng_double(dn_rng *rng)
{
    return (double)(dn_rng_next(rng) >> 11) * 0x1.0p-53;
}

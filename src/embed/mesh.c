/*
 * mesh.c - divide-and-conquer on 2^k x 2^k meshes (seed 001; definitions
 * in spec/meshes.md, which reconstructs the Reflecting and Growing
 * mappings that the seed only cites).
 *
 * All three mappings place binomial:2k tasks through their hypercube
 * label x (the union of the dimensions d_t of the steps t on the task's
 * path; dn_binomial_cube_label), relabelled x XOR r for an arbitrary root:
 *  - dccube:     S(x) = (x div 2^k, x mod 2^k); d < k moves the column by
 *                2^d, k + d the row by 2^d. Node id row * 2^k + col = x.
 *  - reflecting: (Ginv(x div 2^k), Ginv(x mod 2^k)), Ginv the inverse
 *                reflected Gray code; dimensions longest first; the root
 *                (a, b) has r = (G(a) << k) | G(b).
 *  - growing:    bit 2j of x is the j-th column move, bit 2j+1 the j-th row
 *                move (steps alternate column, row); move 0 goes +1 from
 *                the fixed root c0 = 2^(k-1) - 1, move j >= 1 goes 2^(j-1)
 *                outward (away from the centre line between 2^(k-1) - 1
 *                and 2^(k-1)), so the occupied block doubles and stays
 *                contiguous. Approach a relabels with r = the label placed
 *                at the requested root; approach b keeps the fixed root and
 *                first moves the whole problem there (e->pre_path).
 */
#include "embed_impl.h"

#include <stdlib.h>
#include <string.h>

static uint64_t gray(uint64_t v)
{
    return v ^ (v >> 1);
}

static uint64_t gray_inverse(uint64_t g)
{
    for (int s = 1; s < 64; s <<= 1)
        g ^= g >> s;
    return g;
}

/* Bits 0, 2, 4, ... (odd = 0) or 1, 3, 5, ... (odd = 1) of x, packed. */
static uint64_t axis_bits(uint64_t x, int odd, int k)
{
    uint64_t r = 0;
    for (int j = 0; j < k; j++)
        r |= ((x >> (2 * j + odd)) & 1) << j;
    return r;
}

static int64_t growing_coord(int k, uint64_t lab)
{
    const int64_t mid = (int64_t)1 << (k - 1); /* centre line between mid-1 and mid */
    int64_t v = mid - 1;
    for (int j = 0; j < k; j++) {
        if (!((lab >> j) & 1))
            continue;
        if (j == 0)
            v += 1;
        else
            v += v < mid ? -((int64_t)1 << (j - 1)) : ((int64_t)1 << (j - 1));
    }
    return v;
}

int dn_embed_mesh_init(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    const dn_net *net = e->net;
    const char *fam = dn_net_family(net);
    int is_grid = strcmp(fam, "mesh") == 0 || strcmp(fam, "torus") == 0;
    int64_t side = net->p[1];
    if (!is_grid || net->p[0] != side || side < 2 || (side & (side - 1)))
        return dn_fail(err, DN_EINVAL,
                       "--map %s works on 2^K x 2^K meshes (or tori) with --tree binomial:2K, "
                       "e.g. --net mesh:8x8 --tree binomial:6 (got --net %s)",
                       e->map, net->spec);
    const int k = __builtin_ctzll((uint64_t)side);
    e->k = k;
    int rc = dn_embed_need_binomial(e, 2 * k, err);
    if (rc)
        return rc;
    if (o->order != DN_ORDER_DEFAULT && e->kind != MAP_DCCUBE)
        return dn_fail(err, DN_EINVAL,
                       "--order applies to --map dccube only (%s has its own order)", e->map);
    if (o->approach && o->approach != 'a' && e->kind != MAP_GROWING)
        return dn_fail(err, DN_EINVAL, "--approach b applies to --map growing only");
    const int64_t root = o->root;
    const uint64_t low = ((uint64_t)1 << k) - 1;
    switch (e->kind) {
    case MAP_DCCUBE: {
        dn_dc_order ord = o->order == DN_ORDER_DEFAULT ? DN_ORDER_PAIRED : o->order;
        for (int t = 0; t < 2 * k; t++) {
            if (ord == DN_ORDER_ASC)
                e->dims[t] = t;
            else if (ord == DN_ORDER_PAIRED)
                e->dims[t] = t / 2 + (t % 2 ? k : 0);
            else
                e->dims[t] = k - 1 - t / 2 + (t % 2 ? k : 0);
        }
        e->xor_root = root >= 0 ? root : 0;
        break;
    }
    case MAP_REFLECTING:
        for (int t = 0; t < 2 * k; t++)
            e->dims[t] = k - 1 - t / 2 + (t % 2 ? k : 0);
        if (root >= 0)
            e->xor_root = (int64_t)((gray((uint64_t)root / (uint64_t)side) << k) |
                                    gray((uint64_t)root & low));
        break;
    case MAP_GROWING: {
        for (int t = 0; t < 2 * k; t++)
            e->dims[t] = t;
        e->table = malloc(((size_t)1 << k) * sizeof *e->table);
        if (!e->table)
            return dn_fail(err, DN_ENOMEM, "out of memory");
        for (uint64_t lab = 0; lab <= low; lab++)
            e->table[lab] = (int32_t)growing_coord(k, lab);
        if (root >= 0 && o->approach == 'b') {
            e->pre_src = root;
            e->pre_hops = 0; /* routed by dn_embed_init once the router exists */
        } else if (root >= 0) {
            /* r = the label the fixed-root mapping places at (a, b) */
            uint64_t ra = 0, rb = 0;
            for (uint64_t lab = 0; lab <= low; lab++) {
                if (e->table[lab] == root / side)
                    ra = lab;
                if (e->table[lab] == root % side)
                    rb = lab;
            }
            uint64_t r = 0;
            for (int j = 0; j < k; j++)
                r |= (((rb >> j) & 1) << (2 * j)) | (((ra >> j) & 1) << (2 * j + 1));
            e->xor_root = (int64_t)r;
        }
        break;
    }
    }
    return DN_OK;
}

int64_t dn_embed_mesh_place(const dn_embed *e, uint64_t x)
{
    const int k = e->k;
    const uint64_t low = ((uint64_t)1 << k) - 1;
    switch (e->kind) {
    case MAP_DCCUBE: return (int64_t)x;
    case MAP_REFLECTING:
        return (int64_t)((gray_inverse(x >> k) << k) | gray_inverse(x & low));
    case MAP_GROWING:
        return ((int64_t)e->table[axis_bits(x, 1, k)] << k) + e->table[axis_bits(x, 0, k)];
    }
    return -1;
}

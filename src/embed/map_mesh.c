/*
 * map_mesh.c - divide-and-conquer on 2^k x 2^k meshes (seed 001; definitions
 * in docs/spec/meshes.md, which reconstructs the Reflecting and Growing
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
 *                first moves the whole problem there (e->pre_path);
 *                b:nearest moves it to the central node in the root's
 *                quadrant instead and mirrors the mapping into that
 *                quadrant (an axis v -> 2^k - 1 - v), the reading that gives
 *                seed 001's Table 1 row G_B (docs/papers/001-meshes.md).
 *
 *  - xor:        the DC-cube on tori (seed 001 section 4: "the standard and
 *                xor embeddings were proposed to map the CC-cube onto
 *                multidimensional meshes and tori respectively", from its
 *                reference [1], whose text dcnet does not have). dcnet's
 *                reconstruction: on every torus side of 2^a (a >= 2) the top
 *                coordinate bit is XORed onto the next, X(i) = i XOR
 *                (i_(a-1) 2^(a-2)). Dimension j < a-1 of a side stays 2^j
 *                long and dimension a-1 becomes 2^(a-1) +- 2^(a-2), i.e.
 *                2^(a-2) around the ring: the distances stay constant, and
 *                1, 2, .., 2^(a-2), 2^(a-2) (total 3 2^(a-2) - 1) is the
 *                least total of any embedding of the a-cube onto the ring of
 *                2^a with constant distances (exhaustive search, a <= 5:
 *                tests/test_embed.c). X is linear and an involution, so the
 *                root (a, b) relabels with r = X(a 2^k + b), and node =
 *                X(label). Orders as for the DC-cube.
 *
 * Beyond the seed (issue 20): the DC-cube is the hypercube embedding on
 * any mesh or torus with sides 2^a x 2^b x ... (binomial:a+b+...; node id
 * = label, row-major), its orders generalised side by side (dccube_dims);
 * and any of the three runs on a 2-D face of a grid of more dimensions
 * (opts.face: dimensions I and J through the root, the other coordinates
 * the root's), so the seed's 2-D results carry over face by face.
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

/* The xor embedding's X on a label: every side's top bit onto the next. */
static uint64_t xor_fold(const dn_embed *e, uint64_t x)
{
    return x ^ ((x & e->xor_top) >> 1);
}

/* Sides of a mesh, torus or ring of any dimension (dimension 0 the most
 * significant in node ids); the number of dimensions, 0 if net is not one. */
static int grid_sides(const dn_net *net, int64_t *sides)
{
    dn_net_grid grid; /* a ring is the 1 x N torus */
    if (!dn_net_grid_of(net, &grid))
        return 0;
    for (int i = 0; i < grid.dims; i++)
        sides[i] = grid.side[i];
    return grid.dims;
}

static int log2_exact(int64_t v)
{
    return v >= 2 && !(v & (v - 1)) ? __builtin_ctzll((uint64_t)v) : -1;
}

/* The DC-cube's dimension order on a grid of `ld` sides 2^a[i]: the bits
 * of side i are labels' bits off[i] .. off[i] + a[i] - 1 (side ld-1 the
 * lowest, as in row-major node ids). Paired: bit 0 of every side (last
 * side first), then bit 1, ...; desc: the same from the top bit down; asc:
 * bit 0, 1, 2, ... of the label. On 2^k x 2^k these are docs/spec/meshes.md's
 * (0,k), (1,k+1), ... and (k-1,2k-1), ..., (0,k). */
static void dccube_dims(dn_embed *e, dn_dc_order ord, int ld, const int *a)
{
    int off[8], amax = 0, n = 0;
    for (int i = ld - 1; i >= 0; i--) {
        off[i] = n;
        n += a[i];
        if (a[i] > amax)
            amax = a[i];
    }
    int t = 0;
    if (ord == DN_ORDER_ASC) {
        for (; t < n; t++)
            e->dims[t] = t;
        return;
    }
    for (int s = 0; s < amax; s++) {
        const int j = ord == DN_ORDER_DESC ? amax - 1 - s : s;
        for (int i = ld - 1; i >= 0; i--)
            if (a[i] > j)
                e->dims[t++] = off[i] + j;
    }
}

int dn_embed_mesh_init(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    const dn_net *net = e->net;
    int64_t sides[8];
    const int d = grid_sides(net, sides);
    if (d == 0)
        return dn_fail_param(err, DN_EINVAL, "map net",
                       "mapping %s works on meshes and tori (mesh:8x8, torus:8x8x8, ...), "
                       "not on network %s",
                       e->map, net->spec);
    /* Whole grid (dccube, or any mesh mapping on 2 dimensions) or a face. */
    const int cube = e->kind == MAP_DCCUBE || e->kind == MAP_XOR; /* any number of sides */
    if (e->kind == MAP_XOR && strncmp(dn_net_family(net), "torus", 5) != 0)
        return dn_fail_param(err, DN_EINVAL, "map net tree",
                       "mapping xor is the DC-cube's embedding on tori (it needs the wraparound): "
                       "use network torus:2^ax2^b.. with tree binomial:a+b+.., e.g. network "
                       "torus:8x8 with tree binomial:6 (got network %s; on meshes use mapping "
                       "dccube)",
                       net->spec);
    int use_face = o->face_set || (d > 2 && !cube);
    int fi = o->face_set ? o->face[0] : 0, fj = o->face_set ? o->face[1] : 1;
    if (use_face && (fi < 0 || fi >= d || fj < 0 || fj >= d || fi == fj))
        return dn_fail_param(err, DN_EINVAL, "face",
                       "face %d,%d: need two different dimensions in 0..%d of network %s", fi,
                       fj, d - 1, net->spec);
    if (use_face && d == 2 && fi == 0)
        use_face = 0; /* the face 0,1 of a 2-D grid is the grid */
    const int ld = use_face ? 2 : d;
    int a[8];
    for (int i = 0; i < ld; i++)
        a[i] = log2_exact(sides[use_face ? (i ? fj : fi) : i]);
    int n = 0, pow2 = 1;
    for (int i = 0; i < ld; i++) {
        pow2 &= a[i] > 0;
        n += a[i];
    }
    if (cube ? !pow2 : !pow2 || a[0] != a[1]) {
        if (cube)
            return dn_fail_param(err, DN_EINVAL, "map net tree",
                           "mapping %s works on %s whose sides are powers of "
                           "two (2^K x 2^K, or 2^a x 2^b x ...) with tree binomial:N, "
                           "N = a + b + ..., e.g. network %s:8x8 with tree binomial:6, or "
                           "network torus:4x8x2 with tree binomial:6 (got network %s%s)",
                           e->map, e->kind == MAP_XOR ? "tori" : "meshes and tori",
                           e->kind == MAP_XOR ? "torus" : "mesh", net->spec,
                           use_face ? " and its face's sides" : "");
        return dn_fail_param(err, DN_EINVAL, "map net tree face",
                       "mapping %s works on 2^K x 2^K meshes (or tori, or a 2^K x 2^K face "
                       "I,J of one with more dimensions) with tree binomial:2K, "
                       "e.g. network mesh:8x8 with tree binomial:6 (got network %s%s)",
                       e->map, net->spec, use_face ? " and its face's sides" : "");
    }
    int rc = dn_embed_need_binomial(e, n, err);
    if (rc)
        return rc;
    if (o->order != DN_ORDER_DEFAULT && !cube)
        return dn_fail_param(err, DN_EINVAL, "order map",
                       "an order applies to mappings dccube and xor only (%s has its own order)",
                       e->map);
    if (o->approach && o->approach != 'a' && e->kind != MAP_GROWING)
        return dn_fail_param(err, DN_EINVAL, "approach map",
                             "approach b applies to mapping growing only");
    if (o->centre != DN_CENTRE_FIXED && (o->approach != 'b' || e->kind != MAP_GROWING))
        return dn_fail_param(err, DN_EINVAL, "approach map",
                       "the nearest centre is a reading of mapping growing, approach b only "
                       "(approach b:nearest)");

    /* The root as a label of the local grid; a face runs through it. */
    int64_t root = o->root;
    e->face_dim[0] = e->face_dim[1] = -1;
    if (use_face) {
        int64_t stride[8], s = 1;
        for (int i = d - 1; i >= 0; i--) {
            stride[i] = s;
            s *= sides[i];
        }
        const int64_t r = root >= 0 ? root : 0;
        const int64_t row = r / stride[fi] % sides[fi], col = r / stride[fj] % sides[fj];
        e->face_dim[0] = fi;
        e->face_dim[1] = fj;
        e->face_bits = a[1];
        e->face_stride[0] = stride[fi];
        e->face_stride[1] = stride[fj];
        e->face_base = r - row * stride[fi] - col * stride[fj];
        if (root >= 0)
            root = (row << a[1]) | col;
    }
    const int k = a[0], side = (int)((int64_t)1 << k);
    e->k = k;
    const uint64_t low = ((uint64_t)1 << k) - 1;
    switch (e->kind) {
    case MAP_DCCUBE: {
        dccube_dims(e, o->order == DN_ORDER_DEFAULT ? DN_ORDER_PAIRED : o->order, ld, a);
        e->xor_root = root >= 0 ? root : 0;
        break;
    }
    case MAP_XOR: {
        dccube_dims(e, o->order == DN_ORDER_DEFAULT ? DN_ORDER_PAIRED : o->order, ld, a);
        int off = 0; /* side ld-1 holds the lowest label bits */
        e->xor_top = 0;
        for (int i = ld - 1; i >= 0; off += a[i], i--)
            if (a[i] >= 2)
                e->xor_top |= (uint64_t)1 << (off + a[i] - 1);
        e->xor_root = root >= 0 ? (int64_t)xor_fold(e, (uint64_t)root) : 0;
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
        /* table[0 .. side): column of each per-axis label, table[side ..):
         * row; the same unless approach b:nearest mirrors an axis */
        e->table = malloc(2 * (size_t)side * sizeof *e->table);
        if (!e->table)
            return dn_fail(err, DN_ENOMEM, "out of memory");
        const int b = root >= 0 && o->approach == 'b';
        const int near = b && o->centre == DN_CENTRE_NEAREST;
        const int flip_col = near && root % side >= side / 2;
        const int flip_row = near && root / side >= side / 2;
        for (uint64_t lab = 0; lab <= low; lab++) {
            const int32_t v = (int32_t)growing_coord(k, lab);
            e->table[lab] = flip_col ? side - 1 - v : v;
            e->table[(uint64_t)side + lab] = flip_row ? side - 1 - v : v;
        }
        if (b) {
            e->pre_src = o->root; /* a node of the network, maybe off the face */
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

/* The node of the local grid's id v (identity unless on a face). */
static int64_t face_node(const dn_embed *e, int64_t v)
{
    if (e->face_dim[0] < 0)
        return v;
    return e->face_base + (v >> e->face_bits) * e->face_stride[0] +
           (v & (((int64_t)1 << e->face_bits) - 1)) * e->face_stride[1];
}

int64_t dn_embed_mesh_place(const dn_embed *e, uint64_t x)
{
    const int k = e->k;
    const uint64_t low = ((uint64_t)1 << k) - 1;
    switch (e->kind) {
    case MAP_DCCUBE: return face_node(e, (int64_t)x);
    case MAP_XOR: return face_node(e, (int64_t)xor_fold(e, x));
    case MAP_REFLECTING:
        return face_node(e, (int64_t)((gray_inverse(x >> k) << k) | gray_inverse(x & low)));
    case MAP_GROWING:
        return face_node(e, ((int64_t)e->table[((uint64_t)1 << k) + axis_bits(x, 1, k)] << k) +
                                e->table[axis_bits(x, 0, k)]);
    }
    return -1;
}

/* ---- reflecting-nd and growing-nd (issue 31, item 4) ------------------
 *
 * The seed's 2-D Reflecting and Growing on a mesh or torus of any number
 * of dimensions, on the smallest sub-box that holds B(n):
 *  - the box: the n label bits go one at a time to the dimension whose box
 *    side is the smallest among those that can still double within the
 *    network's side (ties: the higher dimension, the one whose ids vary
 *    fastest), so the box is as near a cube as the network allows; its
 *    sides are 2^b_i, sum b_i = n, any network side >= 2^b_i will do;
 *  - reflecting-nd: the label in one field a dimension (the last dimension
 *    the lowest bits, as row-major ids), coordinate_i = Ginv(field_i); the
 *    steps take the fields' top bits first, the last dimension first
 *    (longest moves first, as the 2-D one);
 *  - growing-nd: label bit t to the dimensions in turn (the last first,
 *    skipping those whose bits are used up); each dimension grows from its
 *    box's centre as the 2-D one (growing_coord); step t flips bit t;
 *  - the root: by default the box sits at the origin corner and task 0 at
 *    the mapping's own root (reflecting: the corner, growing: the centre);
 *    with a root R the box is the aligned block that holds R (moved inward
 *    where the side is not a multiple) and the labels are relabelled by r,
 *    the label the mapping places at R, as the 2-D ones do.
 * On mesh:2^Kx2^K with binomial:2K both give the 2-D mappings' placements
 * (tests/test_embed.c). Explicit placement, O(T n + n 2^max b_i). */
int dn_embed_box_init(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    dn_net_grid gr;
    if (!dn_net_grid_of(e->net, &gr))
        return dn_fail_param(err, DN_EINVAL, "map net",
                             "mapping %s works on meshes and tori of any dimension (mesh:8x8, "
                             "torus:8x8x8, ...), not on network %s",
                             e->map, e->net->spec);
    if (o->order != DN_ORDER_DEFAULT || o->approach || o->centre != DN_CENTRE_FIXED)
        return dn_fail_param(err, DN_EINVAL, "map",
                             "mapping %s has its own order and root: an order, an approach or a "
                             "centre applies to the 2-D mappings only",
                             e->map);
    const int D = gr.dims, grow = e->kind == MAP_GROWING_ND;
    const int n = dn_tree_binomial_iso(e->tree);
    int cap[DN_NET_GRID_MAX_DIMS], b[DN_NET_GRID_MAX_DIMS] = {0}, room = 0;
    for (int i = 0; i < D; i++) {
        cap[i] = 0;
        while (cap[i] < 62 && ((int64_t)1 << (cap[i] + 1)) <= gr.side[i])
            cap[i]++;
        room += cap[i];
    }
    if (n < 0)
        return dn_fail_param(err, DN_EINVAL, "map tree",
                             "mapping %s places binomial trees (binomial:N, or MPI's broadcast "
                             "trees of 2^N ranks) on a sub-box of %s; at most binomial:%d fits",
                             e->map, e->net->spec, room);
    if (n > room || n > 62)
        return dn_fail_param(err, DN_EINVAL, "map tree",
                             "mapping %s needs a box of 2^%d processors with power-of-two sides "
                             "inside %s, which holds at most 2^%d: use binomial:%d or less",
                             e->map, n, e->net->spec, room, room);
    for (int t = 0; t < n; t++) { /* a bit to the smallest side that can double */
        int pick = -1;
        for (int i = D - 1; i >= 0; i--)
            if (b[i] < cap[i] && (pick < 0 || b[i] < b[pick]))
                pick = i;
        b[pick]++;
    }
    /* label bits of each dimension: off[i] .. off[i] + b[i] - 1 for
     * reflecting (the last dimension lowest); growing's bit t goes to
     * dimension owner[t] as its move mv[t] */
    int off[DN_NET_GRID_MAX_DIMS], owner[64], mv[64], used[DN_NET_GRID_MAX_DIMS] = {0};
    for (int i = D - 1, acc = 0; i >= 0; i--) {
        off[i] = acc;
        acc += b[i];
    }
    if (grow) {
        for (int t = 0, i = D - 1; t < n; i = i > 0 ? i - 1 : D - 1)
            if (used[i] < b[i]) {
                owner[t] = i;
                mv[t] = used[i]++;
                e->dims[t] = t;
                t++;
            }
    } else {
        int t = 0, bmax = 0;
        for (int i = 0; i < D; i++)
            bmax = b[i] > bmax ? b[i] : bmax;
        for (int s = 0; s < bmax; s++)
            for (int i = D - 1; i >= 0; i--)
                if (b[i] > s)
                    e->dims[t++] = off[i] + b[i] - 1 - s;
    }
    /* the box's origin, and r: the label placed at the root */
    int64_t lo[DN_NET_GRID_MAX_DIMS], rc_coord[DN_NET_GRID_MAX_DIMS];
    int64_t root = o->root;
    for (int i = D - 1; i >= 0; i--) {
        const int64_t side = (int64_t)1 << b[i];
        int64_t c = root >= 0 ? root % gr.side[i] : 0;
        if (root >= 0)
            root /= gr.side[i];
        lo[i] = c / side * side;
        if (lo[i] + side > gr.side[i])
            lo[i] = gr.side[i] - side;
        rc_coord[i] = c - lo[i];
    }
    uint64_t r = 0;
    if (o->root >= 0) {
        for (int i = 0; i < D; i++) {
            if (!grow) {
                r |= gray((uint64_t)rc_coord[i]) << off[i];
                continue;
            }
            uint64_t lab = 0; /* the axis label growing places at the root's coordinate */
            while (lab < ((uint64_t)1 << b[i]) &&
                   (b[i] ? growing_coord(b[i], lab) : 0) != rc_coord[i])
                lab++;
            for (int t = 0; t < n; t++)
                if (owner[t] == i && ((lab >> mv[t]) & 1))
                    r |= (uint64_t)1 << t;
        }
    }
    int rc = dn_embed_alloc_place(e, err);
    if (rc)
        return rc;
    for (int64_t v = 0; v < e->tree->nodes; v++) {
        const uint64_t x = dn_binomial_cube_label(dn_tree_binomial_id(e->tree, v), e->dims) ^ r;
        int64_t id = 0;
        for (int i = 0; i < D; i++) {
            int64_t c = 0;
            if (!grow) {
                c = (int64_t)gray_inverse((x >> off[i]) & (((uint64_t)1 << b[i]) - 1));
            } else if (b[i]) {
                uint64_t lab = 0;
                for (int t = 0; t < n; t++)
                    if (owner[t] == i)
                        lab |= ((x >> t) & 1) << mv[t];
                c = growing_coord(b[i], lab);
            }
            id = id * gr.side[i] + lo[i] + c;
        }
        e->place[v] = (int32_t)id;
    }
    return DN_OK;
}

/* ---------------------------------------------------------- descriptors */

/* map-node of task v: its hypercube label, relabelled by the root, placed
 * by the mapping's closed form */
static int64_t mesh_place(const dn_embed *e, int64_t v)
{
    return dn_embed_mesh_place(e, dn_binomial_cube_label(v, e->dims) ^ (uint64_t)e->xor_root);
}

const dn_map_type dn_map_dccube = {
    .name = "dccube",
    .kind = MAP_DCCUBE,
    .summary = "seed 001 DC-cube standard embedding: binomial:2K onto mesh:2^Kx2^K; "
               "binomial:a+b+.. onto any mesh/torus 2^a x 2^b x .., or a 2-D face of one",
    .nets = "mesh or torus of sides 2^a x 2^b x .., or a 2-D face of a mesh or torus",
    .trees = "binomial:a+b+.., or B(n) renamed (MPI's trees of 2^n ranks)",
    .example = "mesh:4x4 binomial:4",
    .init = dn_embed_mesh_init,
    .place = mesh_place,
    .flags = DN_MAP_FACE | DN_MAP_BN | DN_MAP_XY | DN_MAP_STEPS,
};

const dn_map_type dn_map_xor = {
    .name = "xor",
    .kind = MAP_XOR,
    .summary = "xor embedding of the DC-cube on tori: binomial:a+b+.. onto torus:2^ax2^b.., each "
               "side's top bit folded onto the next (reconstruction of seed 001's reference [1])",
    .nets = "torus of sides 2^a x 2^b x .., or a 2-D face of one",
    .trees = "binomial:a+b+..",
    .example = "torus:4x4 binomial:4",
    .init = dn_embed_mesh_init,
    .place = mesh_place,
    .flags = DN_MAP_FACE | DN_MAP_XY | DN_MAP_STEPS,
};

const dn_map_type dn_map_reflecting = {
    .name = "reflecting",
    .kind = MAP_REFLECTING,
    .summary = "Gray-code reflecting mapping (reconstruction) on mesh:2^Kx2^K or a 2-D face",
    .nets = "mesh or torus 2^K x 2^K, or a 2-D face of one",
    .trees = "binomial:2K, or B(2K) renamed (MPI's trees of 2^2K ranks)",
    .example = "mesh:4x4 binomial:4",
    .init = dn_embed_mesh_init,
    .place = mesh_place,
    .flags = DN_MAP_FACE | DN_MAP_BN | DN_MAP_XY | DN_MAP_STEPS,
};

const dn_map_type dn_map_growing = {
    .name = "growing",
    .kind = MAP_GROWING,
    .summary = "growing mapping (reconstruction) from the centre of mesh:2^Kx2^K or a 2-D face",
    .nets = "mesh or torus 2^K x 2^K, or a 2-D face of one",
    .trees = "binomial:2K, or B(2K) renamed (MPI's trees of 2^2K ranks)",
    .example = "mesh:4x4 binomial:4",
    .init = dn_embed_mesh_init,
    .place = mesh_place,
    .flags = DN_MAP_FACE | DN_MAP_BN | DN_MAP_XY | DN_MAP_STEPS,
};

const dn_map_type dn_map_reflecting_nd = {
    .name = "reflecting-nd",
    .kind = MAP_REFLECTING_ND,
    .summary = "reflecting on any mesh or torus: binomial:N on the smallest sub-box of "
               "power-of-two sides, a Gray code a dimension",
    .nets = "any mesh or torus",
    .trees = "binomial:N whose sub-box fits",
    .example = "mesh:4x4x4 binomial:5",
    .init = dn_embed_box_init,
    .flags = DN_MAP_XY,
};

const dn_map_type dn_map_growing_nd = {
    .name = "growing-nd",
    .kind = MAP_GROWING_ND,
    .summary = "growing on any mesh or torus: binomial:N on the smallest sub-box, each "
               "dimension grown from its centre in turn",
    .nets = "any mesh or torus",
    .trees = "binomial:N whose sub-box fits",
    .example = "mesh:4x4x4 binomial:5",
    .init = dn_embed_box_init,
    .flags = DN_MAP_XY,
};

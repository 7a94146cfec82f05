/*
 * map_cube.c - the hypercube's mapping, binomial: the identity spanning
 * binomial tree of hypercube:D (task y on its label, any root by XOR
 * relabelling), and the hypercube label of a B(n) task that every mapping
 * through labels uses (dn_binomial_cube_label: the mesh mappings too).
 */
#include "embed_impl.h"

uint64_t dn_binomial_cube_label(int64_t y, const int *dims)
{
    /* y's steps (seed 000 phases) are bitlen(y) and, for every set bit j
     * below the top one, bitlen(y) - 1 - j (see dn_tree_parent). */
    uint64_t x = 0;
    int p = dn_bitlen((uint64_t)y);
    if (p == 0)
        return 0;
    x |= (uint64_t)1 << dims[p - 1];
    for (int j = 0; j < p - 1; j++)
        if ((y >> j) & 1)
            x |= (uint64_t)1 << dims[p - 2 - j];
    return x;
}

static int init_binomial(dn_embed *e, const dn_embed_opts *o, dn_err *err)
{
    if (dn_net_routing_of(e->net, NULL) != DN_NET_ROUTING_ECUBE) /* hypercubes */
        return dn_fail_param(err, DN_EINVAL, "map net tree",
                       "mapping binomial is the spanning binomial tree of a hypercube: use "
                       "network hypercube:D with tree binomial:D (got network %s)",
                       e->net->spec);
    e->k = (int)e->net->p[0];
    int rc = dn_embed_need_binomial(e, e->k, err);
    if (rc)
        return rc;
    for (int t = 0; t < e->k; t++)
        e->dims[t] = t; /* step t+1 flips dimension t: x's children x | 2^j, j > top bit */
    e->xor_root = o->root >= 0 ? o->root : 0;
    return DN_OK;
}

/* map-node of task v: its label relabelled by the root */
static int64_t cube_place(const dn_embed *e, int64_t v)
{
    return (int64_t)(dn_binomial_cube_label(v, e->dims) ^ (uint64_t)e->xor_root);
}

const dn_map_type dn_map_binomial = {
    .name = "binomial",
    .kind = MAP_BINOMIAL,
    .summary = "spanning binomial tree: binomial:D onto hypercube:D",
    .nets = "hypercube:D",
    .trees = "binomial:D, or B(D) renamed (MPI's trees of 2^D ranks)",
    .example = "hypercube:4 binomial:4",
    .init = init_binomial,
    .place = cube_place,
    .flags = DN_MAP_BN | DN_MAP_XY | DN_MAP_STEPS,
};

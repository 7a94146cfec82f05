/*
 * embed_impl.h - shared internals of src/embed: mapping kinds and the
 * builders each file provides.
 */
#ifndef DN_EMBED_IMPL_H
#define DN_EMBED_IMPL_H

#include "dcnet/embed.h"

enum {
    MAP_ZRL = 1,
    MAP_DCCUBE,
    MAP_REFLECTING,
    MAP_GROWING,
    MAP_BINOMIAL,
    MAP_SNEPTREE,
    MAP_IDENTITY,
    MAP_RANDOM,
    MAP_GREEDY,
    MAP_SCOTCH,
    MAP_GIVEN,
    MAP_CBT,
    MAP_XOR,
    MAP_EXACT
};

/* mesh.c: dccube, xor, reflecting, growing (closed forms over hypercube
 * labels). */
int dn_embed_mesh_init(dn_embed *e, const dn_embed_opts *o, dn_err *err);
int64_t dn_embed_mesh_place(const dn_embed *e, uint64_t label);
/* scotch.c */
int dn_embed_scotch(dn_embed *e, const dn_embed_opts *o, dn_err *err);

/* Requires the tree to be binomial:`n`; names the mapping in the error. */
int dn_embed_need_binomial(const dn_embed *e, int n, dn_err *err);
/* Allocates e->place for every task (DN_ERANGE if the tree is too big). */
int dn_embed_alloc_place(dn_embed *e, dn_err *err);

#endif

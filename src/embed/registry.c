/*
 * registry.c - the mapping registry: every mapping's descriptor
 * (dn_map_type, embed_impl.h) in the order help lists them, lookup by
 * name, and the names for messages. The mappings themselves live in one
 * file a family (map_*.c), as the network families do in src/net.
 */
#include "embed_impl.h"

#include <stdio.h>
#include <string.h>

static const dn_map_type *const registry[] = {
    &dn_map_zrl,           &dn_map_dccube,     &dn_map_xor,      &dn_map_reflecting,
    &dn_map_growing,       &dn_map_reflecting_nd, &dn_map_growing_nd, &dn_map_binomial,
    &dn_map_cbt,           &dn_map_exact,      &dn_map_sneptree, &dn_map_identity,
    &dn_map_random,        &dn_map_greedy,     &dn_map_scotch,   &dn_map_drb,
    &dn_map_hier,         &dn_map_given,
};
#define NMAPS ((int)(sizeof registry / sizeof registry[0]))

const dn_map_type *dn_map_type_at(int i)
{
    return i >= 0 && i < NMAPS ? registry[i] : NULL;
}

const dn_map_type *dn_map_find(const char *name)
{
    for (int i = 0; i < NMAPS; i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

const char *dn_map_names(char *buf, size_t cap)
{
    size_t len = 0;
    if (cap == 0)
        return buf;
    buf[0] = '\0';
    for (int i = 0; i < NMAPS && len < cap; i++)
        len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? ", " : "", registry[i]->name);
    return buf;
}

const char *dn_embed_map_name(int i)
{
    return i >= 0 && i < NMAPS ? registry[i]->name : NULL;
}

const char *dn_embed_map_summary(int i)
{
    return i >= 0 && i < NMAPS ? registry[i]->summary : NULL;
}

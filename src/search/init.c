/*
 * init.c - dn_embed_init: a placement is a mapping's (src/embed) and,
 * when the options ask for it, its refinement (refine.c, here): the
 * embedding is built with the mapping's own placement, checked against
 * the allocation and slots, refined, checked again and finished
 * (dn_embed_build, dn_embed_finish). It lives with the search so that the
 * embedding below it never calls up into the search.
 */
#include "../embed/embed_impl.h"
#include "../base/args_impl.h"

#include <stdlib.h>

int dn_embed_init(dn_embed **out, const dn_net *net, const dn_tree *tree,
                  const dn_embed_opts *o, dn_err *err)
{
    DN_NEED(err, out);
    DN_NEED(err, net);
    DN_NEED(err, tree);
    DN_NEED(err, o);
    *out = NULL;
    dn_embed *e = calloc(1, sizeof *e);
    if (!e)
        return dn_fail(err, DN_ENOMEM, "out of memory for an embedding");
    int rc = dn_embed_build(e, net, tree, o, err);
    /* refinement needs the network's routes: the descent (best's polish)
     * skips a mapping's own map-edge instead of refusing it */
    if (!rc && o->refine_moves > 0 && !(o->refine_descent && !e->router))
        rc = dn_embed_refine(e, o, 0, err);
    if (!rc)
        rc = dn_embed_finish(e, err);
    if (rc) {
        dn_embed_free(e);
        return rc;
    }
    *out = e;
    return DN_OK;
}

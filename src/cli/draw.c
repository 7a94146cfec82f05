/* draw.c - placeholder replaced below */
#include "cli.h"
int embed_svg(dn_embed *e, const dn_metrics *m, const char *path, dn_err *err)
{
    (void)e; (void)m; (void)path;
    return dn_fail(err, DN_ENOTSUP, "--svg not yet");
}

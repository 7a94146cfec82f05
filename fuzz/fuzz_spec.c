/*
 * fuzz_spec.c - libFuzzer target for the network and tree spec parsers and
 * the node-label parser. Every accepted small network is walked: neighbours
 * in range, labels round-trip. Run by `make fuzz` for a bounded time.
 *
 * Sneptree heights above 14 are skipped only to keep each input fast (they
 * allocate 2^(N+1) cells by design); file: specs are skipped so the fuzzer
 * never touches the file system.
 */
#include "dcnet/dcnet.h"

#include <stdlib.h>
#include <string.h>

static int too_slow(const char *s)
{
    if (strncmp(s, "file", 4) == 0)
        return 1;
    if (strncmp(s, "sneptree", 8) == 0) {
        const char *p = strchr(s, ':');
        return p && atoi(p + 1) > 14;
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char spec[300];
    dn_net net;
    dn_err err;
    dn_tree_model m;
    if (size >= sizeof spec)
        return 0;
    memcpy(spec, data, size);
    spec[size] = '\0';
    if (!too_slow(spec) && dn_net_init(&net, spec, &err) == DN_OK) {
        if (net.n <= 4096) {
            int64_t *nb = malloc((size_t)(net.max_out ? net.max_out : 1) * sizeof *nb);
            char lab[80];
            for (int64_t v = 0; v < net.n; v++) {
                int d = dn_net_neighbors(&net, v, nb);
                int64_t back;
                if (d < 0 || d > net.max_out)
                    abort();
                for (int i = 0; i < d; i++)
                    if (nb[i] < 0 || nb[i] >= net.n)
                        abort();
                if (dn_net_label(&net, v, lab, sizeof lab) != DN_OK ||
                    dn_net_parse_node(&net, lab, &back, &err) != DN_OK || back != v)
                    abort();
            }
            free(nb);
        }
        {
            int64_t v;
            dn_net_parse_node(&net, spec, &v, &err); /* the spec text as a node */
        }
        dn_net_free(&net);
    }
    if (dn_tree_model_parse(spec, &m, &err) == DN_OK) {
        dn_tree t;
        if (dn_tree_init(&t, &m, 1, 10000, &err) == DN_OK) {
            for (int64_t v = 0; v < t.nodes && v < 10000; v++)
                if (dn_tree_num_children(&t, v) < 0 || dn_tree_depth(&t, v) < 0)
                    abort();
            dn_tree_free(&t);
        }
    }
    return 0;
}

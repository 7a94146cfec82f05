/*
 * fuzz_placefile.c - libFuzzer target for the placement reader and
 * writers (dcnet/place.h: list, SCOTCH map, CSV; issue 26, section 3).
 * The first byte sets the tasks expected (1..16, or 0: any number up to
 * 16, as exec --place), the second the network (a ring of 1..16
 * processors, or a 4x4 mesh whose labels hold commas); the rest is the
 * file. An accepted placement puts every task on a processor; written in
 * each format and read back it is the same, in the format written.
 */
#include "dcnet/place.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    dn_net net;
    dn_err err;
    char spec[32];
    int mesh = data[1] >= 240;
    snprintf(spec, sizeof spec, mesh ? "mesh:4x4" : "ring:%d", 1 + data[1] % 16);
    if (dn_net_init(&net, spec, &err) != DN_OK)
        abort();
    int64_t P = dn_net_processors(&net), want = data[0] % 17;
    dn_place_opts o = {want, 16, P, &net, (int64_t)1 << 20};
    dn_place p;
    if (dn_place_parse(&p, (const char *)data + 2, size - 2, "fuzz", &o, &err) == DN_OK) {
        if (p.tasks < 1 || p.tasks > 16 || (want && p.tasks != want))
            abort();
        for (int64_t v = 0; v < p.tasks; v++)
            if (p.proc[v] < 0 || p.proc[v] >= P)
                abort();
        for (int f = 0; f < 3; f++) {
            char *buf = NULL;
            size_t len;
            FILE *out = open_memstream(&buf, &len);
            if (!out || dn_place_write(out, p.proc, p.tasks, (dn_place_format)f, &net, "fuzz",
                                       &err) != DN_OK)
                abort();
            fclose(out);
            dn_place back;
            dn_place_opts ob = {p.tasks, 0, P, &net, 0};
            if (dn_place_parse(&back, buf, len, "back", &ob, &err) != DN_OK ||
                back.format != (dn_place_format)f || back.tasks != p.tasks ||
                memcmp(back.proc, p.proc, (size_t)p.tasks * sizeof *p.proc) != 0)
                abort();
            dn_place_free(&back);
            free(buf);
        }
        dn_place_free(&p);
    } else if (p.proc || p.tasks) {
        abort(); /* a failed read leaves nothing */
    }
    dn_net_free(&net);
    return 0;
}

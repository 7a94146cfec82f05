/*
 * cmd_demo.c - `dcnet demo`: the main job. Until the report of the demo
 * issue exists it prints the facts of the built-in networks of every seed,
 * each computed in this run (closed forms checked against BFS in tests,
 * BFS where there is no closed form, planarity by Boyer-Myrvold).
 */
#include "cli.h"

#include <getopt.h>
#include <string.h>

static const char demo_help[] =
    "Usage: dcnet demo [--json|--csv]\n"
    "Print the facts of the networks of the five seed papers, computed now:\n"
    "BDG(10) and DDB(10) (seeds 000, 003), a 32x32 mesh and torus (seed 001),\n"
    "hypercube and butterflies (seed 002), Sneptrees S_5, T_5 and a random\n"
    "joining (seed 004), with planarity where the planarity library is built in.\n"
    "\n"
    "      --json    one JSON object on stdout\n"
    "      --csv     CSV on stdout\n"
    "  -h, --help    show this help\n";

static const char *const demo_nets[] = {
    "debruijn:10", "ddb:10",     "mesh:32x32",   "torus:32x32",   "hypercube:10",
    "butterfly:7", "wbutterfly:8", "sneptree-s:5", "sneptree-t:5", "sneptree:5:1",
    "cbt:9",       "ring:64",
};
#define N_DEMO ((int)(sizeof demo_nets / sizeof demo_nets[0]))

int cmd_demo(int argc, char **argv)
{
    static const struct option opts[] = {
        {"json", no_argument, NULL, 'j'},
        {"csv", no_argument, NULL, 'c'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *cmd = "demo";
    int mode = OUT_TABLE, c, rc;
    rec rows[N_DEMO], head;
    dn_facts_opts fo;
    dn_err err;

    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case 'j': mode = OUT_JSON; break;
        case 'c': mode = OUT_CSV; break;
        case 'h': fputs(demo_help, stdout); return 0;
        default: return cli_usage(cmd, "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return cli_usage(cmd, "unexpected argument '%s'", argv[optind]);
    memset(&fo, 0, sizeof fo);
    fo.threads = 2;
    memset(rows, 0, sizeof rows);
    memset(&head, 0, sizeof head);
    rec_str(&head, "title", "dcnet: networks of the seed papers");
    for (int i = 0; i < N_DEMO; i++) {
        dn_net net;
        rec full;
        int planar = -1;
        memset(&full, 0, sizeof full);
        if ((rc = dn_net_init(&net, demo_nets[i], &err)) ||
            (rc = net_facts_record(&net, &fo, &full, &err))) {
            dn_net_free(&net);
            return cli_fail(cmd, rc, err.msg);
        }
        if (dn_have_planarity() &&
            (rc = dn_net_planar(&net, &planar, &err))) {
            dn_net_free(&net);
            return cli_fail(cmd, rc, err.msg);
        }
        dn_net_free(&net);
        /* a compact row: the keys of the table */
        for (int k = 0; k < full.n; k++) {
            const kv *e = &full.kv[k];
            if (strcmp(e->key, "description") == 0 || strncmp(e->key, "out_", 4) == 0 ||
                strncmp(e->key, "in_", 3) == 0 || strcmp(e->key, "connected") == 0 ||
                strcmp(e->key, "avg_distance") == 0)
                continue;
            rows[i].kv[rows[i].n++] = *e;
        }
        if (planar >= 0)
            rec_bool(&rows[i], "planar", planar);
        else
            rec_null(&rows[i], "planar");
    }
    rows_print(mode == OUT_TABLE ? &head : NULL, rows, N_DEMO, "networks", mode, stdout);
    return 0;
}

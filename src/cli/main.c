/*
 * main.c - the dcnet command-line tool: command dispatch and help.
 * The CLI is a thin layer over libdcnet; the contract (commands, JSON keys,
 * exit codes 0 / 1 run-time failure / 2 bad usage or input) is
 * docs/spec/cli.md.
 */
#include "cli.h"

#include <signal.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"net", cmd_net, "facts of a network; planarity; export as edgelist, grf or dot"},
    {"tree", cmd_tree, "facts of a task tree; list its nodes, labels and phases"},
    {"embed", cmd_embed, "place a tree on a network (zrl, dccube, ..., scotch) and measure it"},
    {"load", cmd_load, "random-walk placement: exact expected loads, limits, simulation"},
    {"simulate", cmd_simulate, "play the messages on the links: saf, wormhole, vct, circuit"},
    {"balance", cmd_balance, "balance task loads on DDB(k): seed 003's protocol and baselines"},
    {"exec", cmd_exec, "run a real divide-and-conquer program on threads or MPI, verified"},
    {"sweep", cmd_sweep, "run embed, simulate, load, balance, net or exec for many values"},
    {"demo", cmd_demo, "the main job: the seed papers' results reproduced in one HTML report"},
};
#define N_COMMANDS ((int)(sizeof commands / sizeof commands[0]))

/* "  NAME   text" with the text wrapped at 80 columns under itself (the
 * summaries come from the library's tables, written without a width):
 * every help line fits 80 columns (issue 29, item 13). */
static void help_item(FILE *f, int width, const char *name, const char *text)
{
    int col = fprintf(f, "  %-*s ", width, name);
    const int indent = col;
    while (*text) {
        size_t w = strcspn(text, " ");
        if (col > indent && col + 1 + (int)w > 80) {
            fprintf(f, "\n%*s", indent, "");
            col = indent;
        } else if (col > indent) {
            fputc(' ', f);
            col++;
        }
        fwrite(text, 1, w, f);
        col += (int)w;
        text += w;
        while (*text == ' ')
            text++;
    }
    fputc('\n', f);
}

static void usage(FILE *f)
{
    fputs("Usage: dcnet COMMAND [OPTION]...\n"
          "Run tree-shaped parallel computations (divide-and-conquer, backtracking)\n"
          "on networks of processors.\n\nCommands:\n",
          f);
    for (int i = 0; i < N_COMMANDS; i++)
        help_item(f, 9, commands[i].name, commands[i].summary);
    help_item(f, 9, "help", "this text; 'dcnet help TOPIC': nets, trees, maps, apps, formats, "
                            "CMD");
    fputs(""
          "\nOptions:\n"
          "  -h, --help     show this help\n"
          "  -V, --version  print the version\n"
          "\nEvery command takes --json (one JSON object on stdout) and --help.\n"
          "Exit status: 0 success, 1 run-time failure, 2 bad usage or input.\n"
          "A fatal signal (SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2,\n"
          "SIGVTALRM, SIGPROF, SIGXCPU, SIGIO, SIGPWR, the real-time ones) stops the runs\n"
          "dcnet started, removes the files it was writing and exits 1.\n"
          "Documentation: docs/guide.md\n",
          f);
}

static void help_nets(void)
{
    const char *syntax, *summary;
    puts("Network specs (--net):");
    for (int i = 0; dn_net_type_info(i, &syntax, &summary) == DN_OK; i++)
        help_item(stdout, 18, syntax, summary);
    puts("\nNodes (--root, --start, --neighbors, --from; trace files, hosts files and\n"
         "placement CSV files) are named in one of three ways:\n"
         "  id:N     the node with id N (0 .. nodes - 1), whatever its labels look like\n"
         "  label:S  the node whose label is S (the labels dcnet prints)\n"
         "  S        a label if S has the shape of one, else a decimal id. Shapes:\n"
         "    debruijn:K, ddb:K, hypercube:K  exactly K binary digits (dg:R:K: radix R)\n"
         "    kautz:D:K        exactly K symbols: digits, or comma-separated if D > 9\n"
         "    mesh, torus      one decimal part per side: 'row,col', 'x0,x1,x2', ...\n"
         "    butterfly, wbutterfly, Sneptrees  'level,col'\n"
         "    fattree:K:N      'pI' processor I, 'sL.W' switch W of level L\n"
         "    dragonfly:A:P:H  'pI' processor I, 'rG.R' router R of group G\n"
         "    others           none: S is the decimal id\n"
         "A plain number of exactly K digits is therefore a label on de Bruijn, Kautz\n"
         "and hypercube networks: on kautz:3:2 '11' names no node (a symbol repeats),\n"
         "and node 11 is 'id:11'. Processors have the ids 0 .. P-1 and switches the\n"
         "ids after them ('dcnet net' prints P).\n"
         "Closed-form facts work up to 2^50 nodes; materialising (BFS, export,\n"
         "planarity) needs fewer than 2^31 nodes and fits --mem-limit.");
    puts("\nLink costs: SPEC@KEY=VALUE,... gives links a bandwidth (bw, positive) and\n"
         "a latency (lat, >= 0); simulate then works in seconds and bytes, embed's\n"
         "link_cost is in seconds, and exec's emulated links take them. bw= and lat=\n"
         "set every link; CLASS.bw= and CLASS.lat= the links of one class, which wins:\n"
         "  mesh, torus      d0 .. d7: the dimension the link moves along\n"
         "  fattree:K:N      l1 .. lN: between levels l-1 and l (l1: processors)\n"
         "  dragonfly:A:P:H  terminal, local, global\n"
         "Every link needs both (lat=0 for none). Units: B/s kB/s KB/s MB/s GB/s\n"
         "TB/s KiB/s MiB/s GiB/s Mb/s Gb/s and s ms us ns; a bare number is bytes\n"
         "per second or seconds; gb, mb/s (bytes or bits?) are refused. Example:\n"
         "--net 'dragonfly:4:2:2@bw=10GB/s,global.bw=25Gb/s,lat=100ns,global.lat=1us'\n"
         "Graph files carry costs per link (help formats).");
}

static void help_trees(void)
{
    puts("Task tree specs (--tree):\n"
         "  binomial:N         binomial tree B(N), 2^N nodes, seed 000 labels and phases\n"
         "  complete:B:H       complete B-ary tree of height H (levels 0..H)\n"
         "  cbt:H              complete binary tree, same as complete:2:H\n"
         "  crt:H:DIST         complete-tree-based random tree (seed 002): height H,\n"
         "                     i.i.d. child counts with distribution DIST per node;\n"
         "                     DIST0/DIST1/... gives one law per level (last repeats)\n"
         "  rct:HDIST:DIST     randomized complete tree: height drawn from HDIST, then\n"
         "                     as crt (DIST may also be a per-level list)\n"
         "  repro:M            reproduction (Galton-Watson) tree of expected size M:\n"
         "                     0 or 2 children, mean 1 - 1/M\n"
         "  repro:M:geom       the same with geometric child counts\n"
         "  gw:DIST            Galton-Watson tree with child distribution DIST (mean < 1)\n"
         "  ompi-bcast:P[:ROOT][@ALG]  the tree Open MPI 4.1's MPI_Bcast runs on P\n"
         "                     ranks: without @ALG the algorithm its fixed rules pick\n"
         "                     for P and --bytes (knomial:4 at P = 64..127; refused\n"
         "                     by name where it runs scatter + allgather); @binomial\n"
         "                     (the parent of v is v with its highest set bit\n"
         "                     cleared; children v + 2^j nearest first), @knomial:K,\n"
         "                     @bintree, @chain:F, @pipeline, @linear force one\n"
         "  mpich-bcast:P[:ROOT] MPICH's binomial: the parent of v is v with its lowest\n"
         "                     set bit cleared; children v + 2^j farthest first;\n"
         "                     @smp:K, @smp_beta:K MPICH 4.0's node-aware compositions\n"
         "                     with K ranks a node (docs/trees.md); with --ppn K and\n"
         "                     no @ALG, MPICH 4.0's default for P, K and --bytes\n"
         "                     Task v is MPI's virtual rank, rank (v + ROOT) mod P\n"
         "                     (ROOT default 0). dcnet plays one send per phase in\n"
         "                     the library's order (MPICH's blocking sends do so; Open\n"
         "                     MPI posts all at once: simulate --schedule async\n"
         "                     --ports all). With P = 2^n both are binomial:n renamed.\n"
         "  file:PATH          a tree read from a file: CSV 'id,parent[,work][,bytes_down]\n"
         "                     [,bytes_up]', Graphviz DOT or a SCOTCH .grf that is a tree\n"
         "                     (file:- reads standard input; 'dcnet help formats')\n"
         "\nDIST is 'p0,p1,...,pk': the probabilities of 0, 1, ..., k children,\n"
         "summing to 1. Example: crt:5:0.25,0.25,0.5. Random trees take --seed.");
}

static void help_formats(void)
{
    puts("Graph files (file:PATH, file:- for standard input; dcnet net --format):\n"
         "  edgelist  one 'u v' per line, decimal ids from 0; '#' and '%' start\n"
         "            comments. An optional header line, before the first edge,\n"
         "              # dcnet edgelist nodes=N directed=0|1 ...\n"
         "            takes the keys nodes=N, directed=0|1, processors=P, costs=0|1\n"
         "            and edges=M, each at most once (any other word is refused).\n"
         "            nodes=N and directed= fix the node count and direction\n"
         "            (default: undirected, max id + 1 nodes). processors=P (P >= 1)\n"
         "            makes nodes 0..P-1 the processors and the others switches (they\n"
         "            route, run no task). edges=M (dcnet writes it) promises the last\n"
         "            line '# end edges=M': a file cut short is refused.\n"
         "            costs=1: every line is 'u v BANDWIDTH LATENCY', the link's\n"
         "            bandwidth (positive) and latency (>= 0), finite decimal numbers\n"
         "            with units as in SPEC@bw= (10GB/s 1us; bare: bytes per second,\n"
         "            seconds; no hex, inf or nan), for simulate (in seconds and\n"
         "            bytes), embed's link_cost and exec's emulated links. A link\n"
         "            listed twice must have the same costs.\n"
         "            Undirected graphs become simple (loops and repeats\n"
         "            dropped); directed ones keep loops. Read within --mem-limit.\n"
         "            dcnet writes every network this way with what it carries\n"
         "            (processors=P, costs=1 in plain numbers that read back exactly):\n"
         "            it reads back the same\n"
         "            (a network with two parallel arcs u -> v is refused: repeated\n"
         "            arcs are merged when read).\n"
         "  grf       SCOTCH source graph: version 0, vertex and arc counts, base\n"
         "            and flags (e.g. '0 000'), then per vertex: [label] [load]\n"
         "            degree and [load] end per arc. Chosen for files ending .grf.\n"
         "            dcnet writes .grf only for what it holds: an undirected network\n"
         "            without switches and without link costs (else it says why).\n"
         "  dot       Graphviz DOT, for drawing; dcnet writes it and does not read it\n"
         "            (exchange networks as edge lists). It carries everything:\n"
         "            processors=\"P\", switches as boxes with switch=\"1\", link costs as\n"
         "            bw=\"..\" lat=\"..\" (Sneptree left arcs blue, right red).\n"
         "  tgt       a SCOTCH target file (.tgt), read with SCOTCH's terminal numbers:\n"
         "            cmplt N, cmpltw N ... (complete:N); hcub D (hypercube:D);\n"
         "            mesh2D X Y, mesh3D X Y Z, meshXD D S0 .., torus2D/3D/XD (dimension\n"
         "            0 fastest: mesh2D X Y is mesh:YxX); deco 0 and deco 1 (amk_grf's),\n"
         "            as the graph of the terminals at distance 1, checked against the\n"
         "            table (at most 64 arc checks per table entry); labels 0..T-1,\n"
         "            at most 8192 terminals. Numbers are non-negative decimals;\n"
         "            cmpltw lists its N weights; nothing may follow the last number.\n");
    /* (a second string: C99 compilers need support only 4095 characters in one) */
    puts("Value files (embed --map file:PATH, embed --weights, balance --loads,\n"
         "simulate --sizes): one decimal number per line ('--sizes' takes size units,\n"
         "1MB), '#' comments. A first line '# dcnet values count=T'\n"
         "(dcnet writes it with --save-place) promises the last line '# end count=T'.\n"
         "Placements (embed --map file:PATH, exec --place; written by --save-place\n"
         "with --place-format list|scotch|csv): the value file above (list), a SCOTCH\n"
         "mapping file (the count T, then 'task processor' lines, exactly two numbers:\n"
         "what gmap writes and gmtst reads), or CSV 'task,processor,processor_label'\n"
         "(or 'task,processor'; a processor: an id as dcnet writes it, else a node\n"
         "name as in 'dcnet help nets'); a list's or SCOTCH file's processor is a\n"
         "decimal id (0011 is 11, as SCOTCH reads it), or id:N or label:S;\n"
         "told apart by content, read once (a pipe too) and no further than the tasks\n"
         "placed (at most 256 bytes a task and 1 MiB). Hosts files (embed --hosts, for\n"
         "--rankfile): 'LABEL HOST SLOT' per processor, HOST an RFC 1123 host name\n"
         "(letters, digits, '-', '.'), SLOT a non-negative integer.\n"
         "Traces (simulate --trace): 'SRC DST SIZE [RELEASE]' per line, SRC and DST\n"
         "processors (a switch sends and receives nothing); SIZE may take a size\n"
         "unit (1MB, 4KiB), RELEASE a time unit (2us).\n"         "Every file is read alike: a UTF-8 byte order mark is skipped, CRLF ends a\n"
         "line as LF does, a NUL byte is refused; errors name the file and line.");
    puts("\n"
         "Tree files (--tree file:PATH in tree, embed, simulate and load; dcnet tree\n"
         "--format writes them):\n"
         "  csv   'id,parent[,work][,bytes_down][,bytes_up]' per line; the root's\n"
         "        parent is empty or -1; an optional header line names the columns\n"
         "        in any order ('bytes' for bytes_down, as in DOT); '#' starts a\n"
         "        comment. work: the task's work (seconds or units); bytes_down:\n"
         "        the message from its parent; bytes_up: its result back; units\n"
         "        allowed (work 2ms, bytes 64MB), written back as plain numbers.\n"
         "        Chosen for .csv and by default.\n"
         "  dot   a Graphviz digraph of parent -> child edges; node attribute work,\n"
         "        edge attributes bytes (or bytes_down) and bytes_up, and their\n"
         "        defaults node [work=W], edge [bytes=B] for what follows, as in\n"
         "        Graphviz; other attributes are ignored; names of any length.\n"
         "        Chosen for .dot, .gv, or a 'digraph' file.\n"
         "  grf   a SCOTCH source graph that is a tree, rooted at its first vertex;\n"
         "        vertex loads are work, edge loads bytes_down (integers up to 2^53);\n"
         "        with vertex labels, arc ends are labels; each edge is listed from\n"
         "        both ends with one load (as gtst checks). For .grf.\n"
         "  Ids 0..N-1 with the root 0 are kept; others are renumbered in order of\n"
         "  first appearance, the root first. Children keep the order of their\n"
         "  lines. Checked: one root, every parent defined, no cycle, no id twice,\n"
         "  at most --max-nodes nodes; errors give the line. Written trees read back\n"
         "  as written; what a format cannot hold is refused (grf: fractions,\n"
         "  bytes_up; dot and grf: the root's bytes). Schedule: a task that\n"
         "  receives in phase p sends to its i-th child (from 0) in phase p + i + 1\n"
         "  (seed 000's phases on a binomial tree).");
}

/* The options a library summary (a mapping's, an app's) speaks of in the
 * library's words: the CLI adds them to the summary it prints. */
static const struct {
    const char *name, *flags;
} help_flags[] = {
    {"dccube", "(--face I,J)"},     {"reflecting", "(--face I,J)"},
    {"growing", "(--face I,J)"},    {"cbt", "(--root)"},
    {"nqueens", "(--dynamic)"},     {"search", "(--dynamic, --tree, --work)"},
};

/* help_item with the summary's options added. */
static void help_summary(int width, const char *name, const char *summary)
{
    char buf[512];
    for (size_t i = 0; i < sizeof help_flags / sizeof help_flags[0]; i++)
        if (strcmp(help_flags[i].name, name) == 0) {
            snprintf(buf, sizeof buf, "%s %s", summary, help_flags[i].flags);
            summary = buf;
            break;
        }
    help_item(stdout, width, name, summary);
}

static void help_maps(void)
{
    puts("Mappings (--map), docs/embeddings.md:");
    for (int i = 0; dn_embed_map_name(i); i++)
        if (strcmp(dn_embed_map_name(i), "given") != 0)
            help_summary(11, dn_embed_map_name(i), dn_embed_map_summary(i));
    help_item(stdout, 11, "best", "every mapping that applies, alone and polished (MAP+polish), each "
                                  "measured; the fewest phase "
                                  "conflicts, then the busiest link of a phase, then "
                                  "hop-bytes wins "
                                  "(docs/placement.md; embed --candidates lists them)");
    help_item(stdout, 11, "file:PATH", "a placement read from a file, one processor per task");
    printf("\nSCOTCH is %s in this build.\n", dn_have_scotch() ? "built in" : "NOT built in");
}

/* The help topics that are not commands. */
static const char *const topics[] = {"nets", "trees", "maps", "formats", "apps"};

/* "a, b, c" of every command (and of the topics first, if asked): built
 * from the tables, so that no command can be left out of a message. */
static void list_names(FILE *f, int with_topics)
{
    const char *sep = "";
    if (with_topics)
        for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++, sep = ", ")
            fprintf(f, "%s%s", sep, topics[i]);
    for (int i = 0; i < N_COMMANDS; i++, sep = ", ")
        fprintf(f, "%s%s", sep, commands[i].name);
}

static int help(int argc, char **argv)
{
    if (argc < 2) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "nets") == 0 || strcmp(argv[1], "networks") == 0) {
        help_nets();
        return 0;
    }
    if (strcmp(argv[1], "trees") == 0) {
        help_trees();
        return 0;
    }
    if (strcmp(argv[1], "formats") == 0) {
        help_formats();
        return 0;
    }
    if (strcmp(argv[1], "apps") == 0) {
        puts("Apps of 'dcnet exec' (each result checked: see --verify):");
        for (int i = 0; dn_app_name(i); i++)
            help_summary(10, dn_app_name(i), dn_app_summary(i));

        return 0;
    }
    if (strcmp(argv[1], "maps") == 0 || strcmp(argv[1], "mappings") == 0) {
        help_maps();
        return 0;
    }
    for (int i = 0; i < N_COMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0) {
            char *hargv[] = {argv[1], "--help", NULL};
            return commands[i].run(2, hargv);
        }
    const char *names[N_COMMANDS + 8];
    int n = 0;
    for (size_t i = 0; i < sizeof topics / sizeof topics[0]; i++)
        names[n++] = topics[i];
    for (int i = 0; i < N_COMMANDS; i++)
        names[n++] = commands[i].name;
    const char *near = cli_nearest(argv[1], names, n);
    fprintf(stderr, "dcnet help: no help for '%s'", argv[1]);
    if (near)
        fprintf(stderr, "; did you mean '%s'?", near);
    fputs(" (topics: ", stderr);
    list_names(stderr, 1);
    fputs(")\n", stderr);
    return 2;
}

/* Standard output and the declared outputs, once, for every command
 * (out_finish): a closed stdout (`dcnet ... | head`) ends the command
 * quietly with its own status; a stdout that fails otherwise (a full disk,
 * /dev/full) is one message and exit 1. SIGPIPE is ignored so that a
 * write to a closed pipe fails with EPIPE instead of killing dcnet
 * (docs/spec/cli.md: never exit through a signal). */
int main(int argc, char **argv)
{
    out_hold_std_fds(); /* before any file is opened (outfile.c) */
    signal(SIGPIPE, SIG_IGN);
    out_guard_signals(); /* every fatal signal: cleanup, then exit 1 (outfile.c) */
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) {
        /* the first line is the version; then how it was built and what it
         * links (the provenance the demo report puts at its head) */
        build_fact f[16];
        int n = buildinfo_collect(f, 16);
        printf("dcnet %s\n", DN_VERSION);
        for (int i = 0; i < n; i++)
            if (strcmp(f[i].key, "date") != 0 && strcmp(f[i].key, "dcnet") != 0)
                printf("%-10s %s (%s)\n", f[i].key, f[i].value, f[i].how);
        return out_finish(NULL, 0);
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
        return out_finish(NULL, help(1, argv));
    if (strcmp(argv[1], "help") == 0)
        return out_finish("help", help(argc - 1, argv + 1));
    for (int i = 0; i < N_COMMANDS; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return out_finish(commands[i].name, commands[i].run(argc - 1, argv + 1));
    const char *names[N_COMMANDS + 1];
    for (int i = 0; i < N_COMMANDS; i++)
        names[i] = commands[i].name;
    names[N_COMMANDS] = "help";
    const char *near = cli_nearest(argv[1], names, N_COMMANDS + 1);
    fprintf(stderr, "dcnet: unknown command '%s'", argv[1]);
    if (near)
        fprintf(stderr, "; did you mean '%s'?", near);
    fputs(" (known: ", stderr);
    list_names(stderr, 0);
    fputs(", help)\nTry 'dcnet --help' for more information.\n", stderr);
    return 2;
}

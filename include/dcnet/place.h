/*
 * dcnet/place.h - placements in and out (issue 20, item 4; issue 26,
 * section 3): the task -> processor table of an embedding (seed 000
 * section 4's map-node) as a file, in three formats, read back from any of
 * them by one reader that tells them apart by content:
 *
 *   list    dcnet's value file (dcnet/base.h): "# dcnet values count=T",
 *           one processor per line for tasks 0 .. T-1, "# end count=T";
 *   scotch  SCOTCH's mapping file (.map: what gmap writes and gmtst
 *           reads): the count T, then T lines "task processor" (source
 *           vertex label, target terminal number), any order, each task
 *           once; exactly two numbers a line;
 *   csv     "task,processor,processor_label", then a row per task, any
 *           order; the processor column may hold a label instead (read
 *           through the network).
 * '#' and '%' lines are comments in scotch and csv; blank lines are
 * skipped everywhere. The formats are told apart by the content: the
 * list's header; the csv header "task,processor"; else the second line
 * with content: two numbers make a SCOTCH file (its first line then the
 * count), one a list.
 *
 * Bounded by the tree (issue 27, item 14): the reader stops at the first
 * line past the tasks it needs plus the trailer, refuses a header that
 * promises another count at once, reads at most DN_PLACE_LINE_BYTES bytes
 * a task (and 1 MiB more for comments), and allocates its table only
 * within the memory limit. A pipe is read once, as a file is.
 */
#ifndef DCNET_PLACE_H
#define DCNET_PLACE_H

#include "dcnet/base.h"
#include "dcnet/net.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum dn_place_format {
    DN_PLACE_LIST = 0,
    DN_PLACE_SCOTCH,
    DN_PLACE_CSV
} dn_place_format;
/* The name of each value, "list", "scotch", "csv" (static storage; NULL out of
 * range), and back: DN_OK, or DN_ENOTFOUND for another name (*out
 * untouched). The one convention of every enum's pair. O(values). */
DN_API const char *dn_place_format_name(dn_place_format v);
DN_API int dn_place_format_parse(const char *s, dn_place_format *out);


/* Text a placement file may take per task (beside 1 MiB for comments). */
#define DN_PLACE_LINE_BYTES 256

/* What a reader expects. */
typedef struct dn_place_opts {
    int64_t tasks;      /* > 0: exactly this many tasks (the tree's size) */
    int64_t max_tasks;  /* tasks == 0: 1 .. max_tasks tasks (e.g. the MPI world's ranks) */
    int64_t processors; /* processor ids 0 .. processors - 1 (>= 1) */
    const dn_net *net;  /* csv: labels in the processor column (NULL: ids only) */
    int64_t mem_limit;  /* bytes for the table (0: DN_NET_DEFAULT_MEM_LIMIT) */
} dn_place_opts;

/* A placement: proc[y] is the processor of task y, y < tasks. Caller-owned:
 * dn_place_free. */
typedef struct dn_place {
    int64_t tasks;
    int64_t *proc;
    dn_place_format format; /* the format it was read in */
} dn_place;

/* Reads a placement file (a path, or "-" for standard input) of any of the
 * formats. Every error names the file and, where there is one, the line;
 * bad content is DN_EINVAL, a table over the memory limit DN_ELIMIT. On
 * failure *p is zeroed. Time O(bytes read); memory O(tasks) beside one
 * line. */
DN_API int dn_place_read(dn_place *p, const char *path, const dn_place_opts *o, dn_err *err);
/* The same over len bytes in memory (borrowed; name: for messages), with
 * the same rules and costs. */
DN_API int dn_place_parse(dn_place *p, const char *buf, size_t len, const char *name,
                   const dn_place_opts *o, dn_err *err);
/* Frees the table; *p is zeroed. Safe on a zeroed placement. O(1). */
DN_API void dn_place_free(dn_place *p);

/* Writes proc[0 .. tasks) in fmt to f; net gives csv's processor labels
 * (and must hold every processor); comment, when not NULL, is one line the
 * list format carries after its header (say what was placed where). Every
 * format reads back as written (dn_place_read). DN_EINVAL for a processor
 * outside the network or tasks < 1, DN_EIO on a write error. Time
 * O(tasks). */
DN_API int dn_place_write(FILE *f, const int64_t *proc, int64_t tasks, dn_place_format fmt,
                   const dn_net *net, const char *comment, dn_err *err);

#ifdef __cplusplus
}
#endif
#endif

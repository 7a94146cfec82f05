/*
 * names_impl.h - the one way every public enum is named and parsed (issue
 * 30, item 6): a table of names indexed by value, dn_X_name(v) returning
 * the name or NULL out of range, dn_X_parse(s, &v) DN_OK or DN_ENOTFOUND
 * for a name not in the table. Private to the library. A NULL entry is a
 * value without a name (a gap in the enum).
 */
#ifndef DCNET_NAMES_IMPL_H
#define DCNET_NAMES_IMPL_H

#include "dcnet/base.h"

#include <string.h>

#define NAMES_N(t) ((int)(sizeof(t) / sizeof((t)[0])))

/* names[v] for 0 <= v < n, else NULL. O(1). */
static inline const char *names_name(const char *const *names, int n, int v)
{
    return v >= 0 && v < n ? names[v] : NULL;
}

/* The index of s in names (DN_OK, *v set) or DN_ENOTFOUND (*v untouched);
 * s NULL is not found. O(n). */
static inline int names_parse(const char *const *names, int n, const char *s, int *v)
{
    for (int i = 0; s && i < n; i++)
        if (names[i] && strcmp(names[i], s) == 0) {
            *v = i;
            return DN_OK;
        }
    return DN_ENOTFOUND;
}

/* Defines dn_<T>_name and dn_<T>_parse for `typedef enum dn_<T> dn_<T>`
 * over the table `table`. */
#define DN_NAMES_DEFINE(T, table)                                                            \
    const char *dn_##T##_name(dn_##T v) { return names_name(table, NAMES_N(table), (int)v); } \
    int dn_##T##_parse(const char *s, dn_##T *out)                                           \
    {                                                                                        \
        int v = 0, rc = names_parse(table, NAMES_N(table), s, &v);                           \
        if (rc == DN_OK && !out)                                                             \
            return DN_EINVAL;                                                                \
        if (rc == DN_OK)                                                                     \
            *out = (dn_##T)v;                                                                \
        return rc;                                                                           \
    }

#endif

/*
 * args_impl.h - the argument checks of the library's contract (dcnet/base.h,
 * "The contract of every function"; issue 37): a function that returns a
 * status refuses a NULL where it needs an object, a string, an array or a
 * place for its result, with DN_EINVAL and a message naming the argument,
 * instead of crashing. Private to the library.
 */
#ifndef DCNET_ARGS_IMPL_H
#define DCNET_ARGS_IMPL_H

#include "dcnet/base.h"

/* "FN: argument ARG is NULL" into err; returns DN_EINVAL. */
int dn_null_arg(dn_err *err, const char *fn, const char *arg);

/* 1 if the digits of the number at s before its exponent are not all 0:
 * a literal that must not be read as 0 ("1e-400" underflows; docs/
 * formats.md: a value is never rounded into another). */
int dn_mantissa_nonzero(const char *s);

/* At the top of a function: return DN_EINVAL unless pointer p is set. */
#define DN_NEED(err, p)                                                                   \
    do {                                                                                  \
        if (!(p))                                                                         \
            return dn_null_arg((err), __func__, #p);                                     \
    } while (0)

#endif

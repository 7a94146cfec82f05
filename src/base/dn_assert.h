/*
 * dn_assert.h - invariants, checked where a build asks for them (internal:
 * not installed). DN_ASSERT(cond) states something the code guarantees,
 * not something the input may break: bad input is refused with a status
 * and a message, never asserted. The check is compiled in when DN_DEBUG is
 * defined (the ASan+UBSan, ThreadSanitizer and fuzzing builds of the
 * Makefile, or `make CPPFLAGS=-DDN_DEBUG`) and costs nothing otherwise. A
 * failed invariant is a bug in dcnet: dn_assert_fail names it on stderr
 * and traps, so the sanitizer or debugger shows where.
 */
#ifndef DN_ASSERT_H
#define DN_ASSERT_H

#ifdef DN_DEBUG
void dn_assert_fail(const char *expr, const char *file, int line);
#define DN_ASSERT(cond) ((cond) ? (void)0 : dn_assert_fail(#cond, __FILE__, __LINE__))
#else
#define DN_ASSERT(cond) ((void)0)
#endif

#endif

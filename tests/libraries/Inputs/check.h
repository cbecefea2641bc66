// check.h - the library tests' failure counting: CHECK(cond) or
// CHECK(cond, "format", args...) prints "FAIL file:line: cond[: message]"
// and counts; finish(name) prints "name: OK" or the count and gives the
// exit status.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_TESTS_CHECK_H
#define LOOM_TESTS_CHECK_H

#include <cstdarg>
#include <cstdio>

static int Failures = 0;

/// The optional message of a failed CHECK ("" when there is none).
__attribute__((format(printf, 1, 2))) static inline void checkDetail(const char *Fmt, ...) {
  if (*Fmt) {
    std::printf(": ");
    va_list Args;
    va_start(Args, Fmt);
    std::vprintf(Fmt, Args);
    va_end(Args);
  }
  std::printf("\n");
}

// "" __VA_ARGS__: the message's format string, or "" without one.
#define CHECK(Cond, ...)                                                                 \
  do {                                                                                   \
    if (!(Cond)) {                                                                       \
      std::printf("FAIL %s:%d: %s", __FILE__, __LINE__, #Cond);                          \
      checkDetail("" __VA_ARGS__);                                                       \
      ++Failures;                                                                        \
    }                                                                                    \
  } while (0)

static inline int finish(const char *Name) {
  if (Failures) {
    std::printf("%s: %d failures\n", Name, Failures);
    return 1;
  }
  std::printf("%s: OK\n", Name);
  return 0;
}

#endif // LOOM_TESTS_CHECK_H

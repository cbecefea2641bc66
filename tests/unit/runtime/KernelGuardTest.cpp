// KernelGuardTest.cpp - the guard around kernel entries: a fault abandons the
// entry, and the floating-point control word the entry changed (-ftz=true
// sets the CPU's flush-to-zero mode) is restored for the host code after it.
// SPDX-License-Identifier: Apache-2.0
#include "device/KernelGuard.h"
#include "loom/KernelABI.h"

#include <gtest/gtest.h>

#include <csignal>
#include <cstdint>
#include <string>

namespace {

#if defined(__x86_64__)
/// A denormal product: 2^-100 * 2^-30 (below 2^-126). Computed through
/// volatile operands so the compiler cannot fold it.
float denormalProduct() {
  volatile float A = 0x1p-100f, B = 0x1p-30f;
  return A * B;
}

/// Sets MXCSR's flush-to-zero and denormals-are-zero bits, as an entry
/// compiled with -ftz=true does, and faults (or returns without restoring,
/// when Args[0] is null).
void flushingEntry(const LoomLaunch *, void *const *Args, uint64_t, uint64_t, LoomWorker *) {
  __builtin_ia32_ldmxcsr(__builtin_ia32_stmxcsr() | 0x8040);
  *static_cast<float *>(Args[1]) = denormalProduct();
  if (Args[0])
    loom::abandonCurrentKernel();
}

TEST(KernelGuard, FaultRestoresTheFlushMode) {
  ASSERT_NE(denormalProduct(), 0.0f);
  int Fault = 1;
  float InKernel = -1.0f;
  void *Args[] = {&Fault, &InKernel};
  EXPECT_FALSE(loom::runEntryGuarded(flushingEntry, nullptr, Args, 0, 1, nullptr));
  EXPECT_EQ(InKernel, 0.0f); // flushed inside the entry
  EXPECT_NE(denormalProduct(), 0.0f) << "the host kept the kernel's flush-to-zero mode";
}

TEST(KernelGuard, ReturningEntryRestoresItself) {
  // An entry that returns restores the mode itself (KernelEntry); the guard
  // does not pay for a second write on that path.
  float InKernel = -1.0f;
  void *Args[] = {nullptr, &InKernel};
  const unsigned Before = __builtin_ia32_stmxcsr();
  EXPECT_TRUE(loom::runEntryGuarded(flushingEntry, nullptr, Args, 0, 1, nullptr));
  EXPECT_EQ(InKernel, 0.0f);
  EXPECT_NE(__builtin_ia32_stmxcsr(), Before); // this fake entry did not restore
  __builtin_ia32_ldmxcsr(Before);
  EXPECT_NE(denormalProduct(), 0.0f);
}
#endif

// Memory and arithmetic faults in kernel code (issue #16): the guard's
// signal handler turns them into an abandoned entry with what happened.
// Under ThreadSanitizer (scripts/sanitize.sh thread) these host-compiled
// fake kernels fault inside TSan's own instrumentation first, which no
// guard can take (Loom's compiled kernels are not instrumented).
#if defined(__SANITIZE_THREAD__)
constexpr bool UnderTsan = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
constexpr bool UnderTsan = true;
#else
constexpr bool UnderTsan = false;
#endif
#else
constexpr bool UnderTsan = false;
#endif
#define SKIP_UNDER_TSAN()                                                                      \
  do {                                                                                         \
    if (UnderTsan)                                                                             \
      GTEST_SKIP() << "a fault inside ThreadSanitizer's runtime is not catchable";            \
  } while (0)

void nullStoreEntry(const LoomLaunch *, void *const *Args, uint64_t, uint64_t, LoomWorker *) {
  int *volatile P = static_cast<int *>(Args[0]);
  *P = 1;
}

TEST(KernelGuard, MemoryFaultAbandonsTheEntry) {
  SKIP_UNDER_TSAN();
  ASSERT_TRUE(loom::faultHandlersInstalled());
  // Twice: leaving the handler must leave the signal unblocked.
  for (int Round = 0; Round < 2; ++Round) {
    void *Args[] = {reinterpret_cast<void *>(uintptr_t(8))};
    loom::FaultInfo Fault;
    EXPECT_FALSE(loom::runEntryGuarded(nullStoreEntry, nullptr, Args, 0, 1, nullptr, &Fault));
    EXPECT_EQ(Fault.Signal, SIGSEGV);
    EXPECT_EQ(Fault.Address, reinterpret_cast<void *>(uintptr_t(8)));
    EXPECT_FALSE(Fault.StackOverflow);
    EXPECT_NE(loom::describeFault(Fault).find("not mapped"), std::string::npos);
  }
  int Target = 0;
  void *Args[] = {&Target};
  loom::FaultInfo Fault;
  EXPECT_TRUE(loom::runEntryGuarded(nullStoreEntry, nullptr, Args, 0, 1, nullptr, &Fault));
  EXPECT_EQ(Target, 1);
  EXPECT_EQ(Fault.Signal, 0);
}

#if defined(__x86_64__)
void divideEntry(const LoomLaunch *, void *const *Args, uint64_t, uint64_t, LoomWorker *) {
  // The instruction itself (in C++ the division would be undefined, and
  // UBSan, in scripts/sanitize.sh's build, stops at it).
  int Divisor = *static_cast<int *>(Args[0]), Quotient;
  asm volatile("cltd\n\tidivl %1" : "=a"(Quotient) : "r"(Divisor), "a"(100) : "edx");
  *static_cast<int *>(Args[1]) = Quotient;
}

TEST(KernelGuard, ArithmeticFaultAbandonsTheEntry) {
  SKIP_UNDER_TSAN();
  // Host-compiled code traps on x86; kernels never do (SafeIntegerDivision).
  int Zero = 0, Out = 0;
  void *Args[] = {&Zero, &Out};
  loom::FaultInfo Fault;
  EXPECT_FALSE(loom::runEntryGuarded(divideEntry, nullptr, Args, 0, 1, nullptr, &Fault));
  EXPECT_EQ(Fault.Signal, SIGFPE);
}
#endif

int recurseDeep(volatile char *Sink, long N) {
  volatile char Frame[512];
  Frame[N & 511] = char(N);
  if (N == 0)
    return Frame[0];
  return recurseDeep(Frame, N - 1) + Frame[(N * 7) & 511] + Sink[0];
}

void recursionEntry(const LoomLaunch *, void *const *Args, uint64_t, uint64_t, LoomWorker *) {
  char Sink = 0;
  *static_cast<int *>(Args[0]) = recurseDeep(&Sink, 1L << 40);
}

TEST(KernelGuard, StackOverflowIsCaughtOnTheAlternateStack) {
  SKIP_UNDER_TSAN();
  int Out = 0;
  void *Args[] = {&Out};
  loom::FaultInfo Fault;
  EXPECT_FALSE(loom::runEntryGuarded(recursionEntry, nullptr, Args, 0, 1, nullptr, &Fault));
  EXPECT_EQ(Fault.Signal, SIGSEGV);
  EXPECT_TRUE(Fault.StackOverflow);
}

TEST(KernelGuard, GuardedCallsReportFaults) {
  SKIP_UNDER_TSAN();
  loom::FaultInfo Fault;
  EXPECT_FALSE(loom::runGuarded(
      [](void *) {
        volatile char *P = reinterpret_cast<volatile char *>(uintptr_t(16));
        *P = 0;
      },
      nullptr, &Fault));
  EXPECT_EQ(Fault.Signal, SIGSEGV);
  int Ran = 0;
  EXPECT_TRUE(loom::runGuarded([](void *R) { *static_cast<int *>(R) = 1; }, &Ran, &Fault));
  EXPECT_EQ(Ran, 1);
}

} // namespace

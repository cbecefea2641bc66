// KernelGuardTest.cpp - the guard around kernel entries: a fault abandons the
// entry, and the floating-point control word the entry changed (-ftz=true
// sets the CPU's flush-to-zero mode) is restored for the host code after it.
// SPDX-License-Identifier: Apache-2.0
#include "device/KernelGuard.h"
#include "loom/KernelABI.h"

#include <gtest/gtest.h>

#include <cstdint>

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

} // namespace

// KernelGuard.cpp - setjmp/longjmp guard around kernel entries.
// SPDX-License-Identifier: Apache-2.0
#include "device/KernelGuard.h"

#include "device/Append.h"

#include <csetjmp>
#include <cstdint>

namespace loom {

namespace {
thread_local std::jmp_buf *FaultTarget = nullptr;

// The floating-point control word, which an entry compiled with -ftz=true
// changes and restores when it returns (KernelEntry): a fault that abandons
// the entry skips that, so the guard restores it.
#if defined(__x86_64__) || defined(__i386__)
using FpControl = unsigned;
FpControl fpControl() { return __builtin_ia32_stmxcsr(); }
void setFpControl(FpControl V) { __builtin_ia32_ldmxcsr(V); }
#elif defined(__aarch64__)
using FpControl = uint64_t;
FpControl fpControl() {
  FpControl V;
  asm volatile("mrs %0, fpcr" : "=r"(V));
  return V;
}
void setFpControl(FpControl V) { asm volatile("msr fpcr, %0" : : "r"(V)); }
#else
using FpControl = int;
FpControl fpControl() { return 0; }
void setFpControl(FpControl) {}
#endif
} // namespace

bool runEntryGuarded(LoomKernelEntry Entry, const LoomLaunch *Launch, void *const *Args,
                     uint64_t BlockBegin, uint64_t BlockEnd, LoomWorker *Worker) {
  std::jmp_buf Target;
  std::jmp_buf *const Outer = FaultTarget;
  const FpControl Control = fpControl();
  if (setjmp(Target) != 0) {
    FaultTarget = Outer;
    setFpControl(Control);
    discardAppends();
    return false;
  }
  FaultTarget = &Target;
  Entry(Launch, Args, BlockBegin, BlockEnd, Worker);
  FaultTarget = Outer;
  // The chunk's appends (DeferAppends) are in place before it counts as done.
  flushAppends();
  return true;
}

void abandonCurrentKernel() {
  if (FaultTarget)
    std::longjmp(*FaultTarget, 1);
}

} // namespace loom

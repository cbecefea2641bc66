// KernelGuard.cpp - setjmp/longjmp guard around kernel entries.
// SPDX-License-Identifier: Apache-2.0
#include "device/KernelGuard.h"

#include "device/Append.h"

#include <csetjmp>

namespace loom {

namespace {
thread_local std::jmp_buf *FaultTarget = nullptr;
} // namespace

bool runEntryGuarded(LoomKernelEntry Entry, const LoomLaunch *Launch, void *const *Args,
                     uint64_t BlockBegin, uint64_t BlockEnd, LoomWorker *Worker) {
  std::jmp_buf Target;
  std::jmp_buf *const Outer = FaultTarget;
  if (setjmp(Target) != 0) {
    FaultTarget = Outer;
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

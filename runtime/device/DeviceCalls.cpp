// DeviceCalls.cpp - the run-time functions compiled kernels call: printf, assert, trap, grid sync.
// SPDX-License-Identifier: Apache-2.0
#include "loom/KernelABI.h"

#include "core/Runtime.h"
#include "device/KernelGuard.h"
#include "device/Printf.h"
#include "scheduler/CpuRelax.h"
#include "scheduler/GridBarrier.h"
#include "support/ApiError.h"

#include <cstdint>
#include <cstdio>
#include <string>

#include <sched.h>

extern "C" {

int __loom_vprintf(const char *Format, const void *PackedArgs) {
  // One buffer per thread, written with a single fwrite: stdio locks the
  // stream per call, so lines of concurrent blocks never interleave.
  thread_local std::string Line;
  Line.clear();
  // One call's output is bounded by cudaLimitPrintfFifoSize.
  size_t Limit = SIZE_MAX;
  loom::Runtime::get().getLimit(cudaLimitPrintfFifoSize, &Limit);
  int Result = loom::formatDevicePrintf(Format, PackedArgs, Line, Limit);
  if (!Line.empty())
    std::fwrite(Line.data(), 1, Line.size(), stdout);
  return Result;
}

void __loom_assert_fail(const char *Message, const char *File, uint32_t Line,
                        const char *Function, uint32_t BX, uint32_t BY,
                        uint32_t BZ, uint32_t TX, uint32_t TY, uint32_t TZ) {
  // CUDA's text: file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `m` failed.
  // In its own scope: abandonCurrentKernel longjmps, which runs no destructor.
  {
    auto Triple = [](uint32_t X, uint32_t Y, uint32_t Z) {
      return "[" + std::to_string(X) + "," + std::to_string(Y) + "," + std::to_string(Z) + "]";
    };
    std::string Text;
    Text += File ? File : "<unknown>";
    Text += ':' + std::to_string(Line) + ": ";
    Text += Function ? Function : "<unknown>";
    Text += ": block: " + Triple(BX, BY, BZ) + ", thread: " + Triple(TX, TY, TZ);
    Text += " Assertion `";
    Text += Message ? Message : "";
    Text += "` failed.\n";
    std::fflush(stdout);
    std::fwrite(Text.data(), 1, Text.size(), stderr);
  }
  loom::setStickyError(cudaErrorAssert,
                       "device assertion `%s` failed at %s:%u in %s, block "
                       "(%u,%u,%u), thread (%u,%u,%u)",
                       Message ? Message : "", File ? File : "<unknown>", Line,
                       Function ? Function : "<unknown>", BX, BY, BZ, TX, TY,
                       TZ);
  loom::abandonCurrentKernel();
}

void __loom_trap(void) {
  loom::setStickyError(cudaErrorLaunchFailure,
                       "kernel %s executed a trap (__trap() or asm trap)",
                       loom::currentKernelName());
  loom::abandonCurrentKernel();
}

void __loom_spin_yield(void) {
  // Most rounds only hint the core; every 16th lets another OS thread in (a
  // block waited for may share this core with the waiting one).
  static thread_local unsigned Rounds = 0;
  if (++Rounds % 16 == 0)
    sched_yield();
  else
    loom::cpuRelax();
}

void __loom_grid_sync(void) {
  loom::GridBarrier *Barrier = loom::currentGridBarrier();
  if (!Barrier) {
    // Not a cooperative launch: nothing guarantees the other blocks run at
    // the same time, so waiting could hang. Fail the launch instead, as
    // CUDA's grid_group::sync() traps on a grid that is not valid.
    if (loom::stickyError() == cudaSuccess) {
      std::fflush(stdout);
      std::fputs("loom: grid.sync() requires cudaLaunchCooperativeKernel; the launch "
                 "fails with cudaErrorLaunchFailure\n",
                 stderr);
    }
    loom::setStickyError(
        cudaErrorLaunchFailure,
        "kernel %s called grid.sync() in a launch that is not cooperative",
        loom::currentKernelName());
    loom::abandonCurrentKernel();
    return;
  }
  // A block of this grid faulted (or another launch did): stop here rather
  // than compute with blocks that are gone.
  if (loom::stickyError() == cudaSuccess)
    Barrier->arriveAndWait();
  if (loom::stickyError() != cudaSuccess)
    loom::abandonCurrentKernel();
}

uint32_t __loom_grid_is_valid(void) { return loom::currentGridBarrier() != nullptr; }

} // extern "C"

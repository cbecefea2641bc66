// DeviceCalls.cpp - the run-time functions compiled kernels call: printf, assert, trap.
// SPDX-License-Identifier: Apache-2.0
#include "loom/KernelABI.h"

#include "device/KernelGuard.h"
#include "device/Printf.h"
#include "support/ApiError.h"

#include <cstdio>
#include <string>

extern "C" {

int __loom_vprintf(const char *Format, const void *PackedArgs) {
  // One buffer per thread, written with a single fwrite: stdio locks the
  // stream per call, so lines of concurrent blocks never interleave.
  thread_local std::string Line;
  Line.clear();
  int Result = loom::formatDevicePrintf(Format, PackedArgs, Line);
  if (!Line.empty())
    std::fwrite(Line.data(), 1, Line.size(), stdout);
  return Result;
}

void __loom_assert_fail(const char *Message, const char *File, uint32_t Line,
                        const char *Function) {
  // CUDA also prints "block: [x,y,z], thread: [x,y,z]"; the entry does not
  // pass those indices yet (see docs/runtime.md).
  std::string Text;
  Text += File ? File : "<unknown>";
  Text += ':' + std::to_string(Line) + ": ";
  Text += Function ? Function : "<unknown>";
  Text += ": Assertion `";
  Text += Message ? Message : "";
  Text += "` failed.\n";
  std::fflush(stdout);
  std::fwrite(Text.data(), 1, Text.size(), stderr);
  loom::setStickyError(cudaErrorAssert);
  loom::abandonCurrentKernel();
}

void __loom_trap(void) {
  loom::setStickyError(cudaErrorLaunchFailure);
  loom::abandonCurrentKernel();
}

} // extern "C"

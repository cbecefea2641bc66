//===- DeviceRuntimeCalls.h - device-side library calls to the runtime -----===//
// SPDX-License-Identifier: Apache-2.0
//
// What: redirects what CUDA device code calls at run time to libloomrt:
// vprintf (clang's lowering of device printf) -> __loom_vprintf,
// __assertfail -> __loom_assert_fail (plus the block and thread index, read
// through markers), llvm.trap -> __loom_trap (a trap must
// not kill the process with SIGILL; the runtime turns it into a sticky
// launch failure).
// Why: the device library lives in the runtime; one pass owns the mapping.
// Preconditions: RetargetToHost ran.
// Postconditions: no call to vprintf/__assertfail/llvm.trap remains.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_DEVICERUNTIMECALLS_H
#define LOOM_TRANSFORMS_DEVICERUNTIMECALLS_H

#include "llvm/IR/PassManager.h"

namespace loom {

class DeviceRuntimeCallsPass
    : public llvm::PassInfoMixin<DeviceRuntimeCallsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif

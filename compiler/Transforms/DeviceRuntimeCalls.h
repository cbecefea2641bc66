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

/// C++'s operator new/delete in any form (_Znwm/_Znam..., _ZdlPv/_ZdaPv...):
/// DeviceRuntimeCalls defines them on the device heap, so they are never
/// undefined device functions.
inline bool isAllocationOperator(llvm::StringRef Name) {
  return Name.starts_with("_Znwm") || Name.starts_with("_Znam") ||
         Name.starts_with("_ZdlPv") || Name.starts_with("_ZdaPv");
}

class DeviceRuntimeCallsPass
    : public llvm::PassInfoMixin<DeviceRuntimeCallsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif

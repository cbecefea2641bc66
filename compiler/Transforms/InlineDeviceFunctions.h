//===- InlineDeviceFunctions.h - bring thread-dependent code into kernels --===//
// SPDX-License-Identifier: Apache-2.0
//
// What: marks `alwaysinline` every function that (transitively) reads a
// thread/block index marker or contains a barrier, unless it is recursive,
// then inlines those functions (AlwaysInliner). Every non-kernel function
// becomes internal first (device code is reachable only through kernels) and
// functions left without callers are deleted.
// Why: ThreadLoops rewrites markers into loop counters of one kernel's
// thread loops; code in a separate function has no such counters. nvcc
// inlines almost everything as well.
// Preconditions: NVVMIntrinsics ran (markers, not NVVM intrinsics).
// Postconditions: index markers remain only in kernels and in recursive
// functions (ThreadLoops reports the latter).
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_INLINEDEVICEFUNCTIONS_H
#define LOOM_TRANSFORMS_INLINEDEVICEFUNCTIONS_H

#include "llvm/IR/PassManager.h"

namespace loom {

class InlineDeviceFunctionsPass
    : public llvm::PassInfoMixin<InlineDeviceFunctionsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif

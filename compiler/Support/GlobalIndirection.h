//===- GlobalIndirection.h - reach a global through a pointer loaded at use -===//
// SPDX-License-Identifier: Apache-2.0
//
// Several lowerings replace a global's storage by memory found at run time
// (dynamic shared memory in the worker's buffer, a managed variable in the
// host's copy): every use in a function becomes a pointer computed right
// before it (in the incoming block for a phi), constant expressions included.
//===----------------------------------------------------------------------===//
#ifndef LOOM_SUPPORT_GLOBALINDIRECTION_H
#define LOOM_SUPPORT_GLOBALINDIRECTION_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"

namespace llvm {
class GlobalVariable;
} // namespace llvm

namespace loom {

/// Replaces each use of \p GV inside a function with the pointer
/// \p MakePointer builds at that use.
void replaceUsesWithPointer(llvm::GlobalVariable &GV,
                            llvm::function_ref<llvm::Value *(llvm::IRBuilder<> &)> MakePointer);

} // namespace loom

#endif

//===- Diagnostics.h - user-facing errors from kernel passes ---------------===//
// SPDX-License-Identifier: Apache-2.0
//
// A construct Loom cannot compile is a *user* error: it is reported through
// the LLVMContext as an error diagnostic naming the construct, with the
// source location when the device IR carries line info (loomcc always asks
// clang for it). Internal invariants use assert/llvm_unreachable instead.
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_SUPPORT_DIAGNOSTICS_H
#define LOOM_SUPPORT_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"

#include "llvm/IR/DebugLoc.h"

namespace llvm {
class Function;
class Instruction;
} // namespace llvm

namespace loom {

/// Reports "unsupported: <Message>" at \p At (or at \p F when null).
void reportUnsupported(const llvm::Function &F, const llvm::Instruction *At,
                       const llvm::Twine &Message);

/// A remark's location: the user's line, not a header wrapper inlined into
/// it (the outermost call site).
llvm::DebugLoc userLine(llvm::DebugLoc Loc);

} // namespace loom

#endif

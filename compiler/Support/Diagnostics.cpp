//===- Diagnostics.cpp - user-facing errors from kernel passes -------------===//
// SPDX-License-Identifier: Apache-2.0
#include "Support/Diagnostics.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

using namespace llvm;

namespace loom {

void reportUnsupported(const Function &F, const Instruction *At,
                       const Twine &Message) {
  DebugLoc Loc = At ? At->getDebugLoc() : DebugLoc();
  // Code inlined from a header wrapper: point at the user's call.
  if (Loc)
    if (DILocation *Outer = Loc->getInlinedAt()) {
      while (Outer->getInlinedAt())
        Outer = Outer->getInlinedAt();
      Loc = DebugLoc(Outer);
    }
  if (!Loc)
    if (const DISubprogram *SP = F.getSubprogram())
      Loc = DILocation::get(F.getContext(), SP->getLine(), 0,
                            const_cast<DISubprogram *>(SP));
  F.getContext().diagnose(
      DiagnosticInfoUnsupported(F, Message, Loc, DS_Error));
}

} // namespace loom

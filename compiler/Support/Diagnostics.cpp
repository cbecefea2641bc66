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
  // Code inlined from a header wrapper: point at the user's call.
  DebugLoc Loc = userLine(At ? At->getDebugLoc() : DebugLoc());
  if (!Loc)
    if (const DISubprogram *SP = F.getSubprogram())
      Loc = DILocation::get(F.getContext(), SP->getLine(), 0,
                            const_cast<DISubprogram *>(SP));
  F.getContext().diagnose(
      DiagnosticInfoUnsupported(F, Message, Loc, DS_Error));
}

DebugLoc userLine(DebugLoc Loc) {
  DILocation *DIL = Loc.get();
  if (!DIL)
    return Loc;
  while (DILocation *Outer = DIL->getInlinedAt())
    DIL = Outer;
  return DebugLoc(DIL);
}

} // namespace loom

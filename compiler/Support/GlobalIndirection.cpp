//===- GlobalIndirection.cpp - reach a global through a pointer loaded at use ===//
// SPDX-License-Identifier: Apache-2.0
#include "Support/GlobalIndirection.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/ReplaceConstant.h"

using namespace llvm;

namespace loom {

void replaceUsesWithPointer(GlobalVariable &GV,
                            function_ref<Value *(IRBuilder<> &)> MakePointer) {
  convertUsersOfConstantsToInstructions({&GV});
  for (Use &U : make_early_inc_range(GV.uses())) {
    auto *I = dyn_cast<Instruction>(U.getUser());
    if (!I)
      continue;
    Instruction *At = I;
    if (auto *Phi = dyn_cast<PHINode>(I))
      At = Phi->getIncomingBlock(U)->getTerminator();
    IRBuilder<> B(At);
    U.set(MakePointer(B));
  }
}

} // namespace loom

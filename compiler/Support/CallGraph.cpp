//===- CallGraph.cpp - questions about direct calls between device functions -===//
// SPDX-License-Identifier: Apache-2.0
#include "Support/CallGraph.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace loom {

bool isRecursive(Function &F) {
  SmallVector<Function *, 16> Work{&F};
  SmallPtrSet<Function *, 16> Seen;
  while (!Work.empty())
    for (Instruction &I : instructions(*Work.pop_back_val()))
      if (auto *CB = dyn_cast<CallBase>(&I))
        if (Function *Callee = CB->getCalledFunction(); Callee && !Callee->isDeclaration()) {
          if (Callee == &F)
            return true;
          if (Seen.insert(Callee).second)
            Work.push_back(Callee);
        }
  return false;
}

} // namespace loom

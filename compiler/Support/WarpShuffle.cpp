//===- WarpShuffle.cpp - PTX shfl.sync's source lane ------------------------===//
// SPDX-License-Identifier: Apache-2.0
#include "Support/WarpShuffle.h"

#include "loom/WarpOps.h"

using namespace llvm;

namespace loom {

ShuffleSource shuffleSource(IRBuilder<> &B, uint64_t Op, Value *Lane, Value *Arg, Value *C) {
  Value *Seg = B.CreateAnd(B.CreateLShr(C, 8), 0x1f);
  Value *MinLane = B.CreateAnd(Lane, Seg);
  Value *MaxLane = B.CreateOr(MinLane, B.CreateAnd(B.CreateAnd(C, 0x1f), B.CreateNot(Seg)));
  Value *J, *Valid;
  if (Op == LoomWarpShflUp) {
    J = B.CreateSub(Lane, Arg);
    Valid = B.CreateICmpSGE(J, MaxLane);
  } else if (Op == LoomWarpShflDown) {
    J = B.CreateAdd(Lane, Arg);
    Valid = B.CreateICmpSLE(J, MaxLane);
  } else if (Op == LoomWarpShflXor) {
    J = B.CreateXor(Lane, B.CreateAnd(Arg, 0x1f));
    Valid = B.CreateICmpSLE(J, MaxLane);
  } else {
    J = B.CreateOr(MinLane, B.CreateAnd(B.CreateAnd(Arg, 0x1f), B.CreateNot(Seg)));
    Valid = B.CreateICmpSLE(J, MaxLane);
  }
  Valid = B.CreateAnd(Valid, B.CreateICmpULE(J, ConstantInt::get(J->getType(), 31)));
  return {J, Valid};
}

} // namespace loom

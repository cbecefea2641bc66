//===- WarpShuffle.h - PTX shfl.sync's source lane --------------------------===//
// SPDX-License-Identifier: Apache-2.0
//
// One definition of which lane a warp shuffle reads, shared by the scalar
// path (BarrierRegions' per-warp preamble) and warp gangs (VectorizeKernels),
// and matching the device library's __loom_warp_collective.
#ifndef LOOM_SUPPORT_WARPSHUFFLE_H
#define LOOM_SUPPORT_WARPSHUFFLE_H

#include "llvm/IR/IRBuilder.h"

namespace loom {

struct ShuffleSource {
  llvm::Value *Lane;  // the source lane J (may be out of 0..31)
  llvm::Value *Valid; // J is inside the segment and 0 <= J <= 31
};

/// For shuffle \p Op (LoomWarpShflIdx/Up/Down/Xor) run by \p Lane with
/// argument \p Arg (source lane, delta or xor mask) and PTX clamp/segment
/// word \p C (bits 12:8 the segment mask, bits 4:0 the clamp lane). Works
/// on i32 scalars or on vectors of i32 (one element per lane). Whether the
/// source lane is present is the caller's to check.
ShuffleSource shuffleSource(llvm::IRBuilder<> &B, uint64_t Op, llvm::Value *Lane,
                            llvm::Value *Arg, llvm::Value *C);

} // namespace loom

#endif

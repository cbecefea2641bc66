//===- GangAtomics.h - Atomics of a gang's lanes, aggregated ---------------===//
// SPDX-License-Identifier: Apache-2.0
//
// VectorizeKernels runs W threads as the lanes of one gang. A global atomic
// that several lanes apply to one address (a counter, a total, a flag) needs
// one atomic instruction per distinct address per gang, not one per lane:
// the lanes' operands are combined in registers, one atomic applies the
// combination, and each lane's returned old value is rebuilt with an
// exclusive prefix over the active lanes in lane order, so every lane sees
// what it would have seen had the lanes' atomics run one after another in
// lane order (the order the lane-by-lane lowering uses). docs/pipeline.md.
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_GANGATOMICS_H
#define LOOM_TRANSFORMS_GANGATOMICS_H

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

namespace loom {

/// Whether lanes' \p I on one address can be combined into one atomic:
/// add, sub, and, or, xor, min, max, umin, umax and xchg on integers, fadd
/// and fsub on floating point (summation order changes: CUDA leaves the
/// order of atomics undefined), xchg on any scalar; not volatile.
bool isAggregatableAtomic(const llvm::AtomicRMWInst &I);

/// Inclusive scan of \p X (<W x T>) across its lanes under \p Op (one of
/// the combinable operations of isAggregatableAtomic but xchg): lane l gets
/// lanes 0..l combined, in log2 W shift-and-combine steps. With \p Excl, the
/// exclusive scan too (lane 0: the operation's identity).
llvm::Value *scanLanes(llvm::IRBuilderBase &B, llvm::AtomicRMWInst::BinOp Op, llvm::Value *X,
                       unsigned W, llvm::Value **Excl = nullptr);

/// Emits at \p B the lanes' \p I, where every lane in \p Mask (a <W x i1>
/// with at least one lane set) addresses the scalar \p Ptr and contributes
/// its element of \p Vals (<W x T>): one atomic of the combined value,
/// straight-line code. Returns every lane's old value (<W x T>, defined for
/// the lanes of \p Mask) when \p NeedOld, else null.
llvm::Value *emitAggregatedAtomic(llvm::IRBuilderBase &B, const llvm::AtomicRMWInst &I,
                                  llvm::Value *Ptr, llvm::Value *Vals, llvm::Value *Mask,
                                  unsigned W, bool NeedOld);

/// The same for lanes with addresses \p Ptrs (<W x ptr>), \p Mask possibly
/// empty: a loop that takes the first remaining lane's address and all
/// remaining lanes with that address, one aggregated atomic per distinct
/// address. Leaves \p B at the end of the loop's exit block.
llvm::Value *emitGroupedAtomic(llvm::IRBuilderBase &B, const llvm::AtomicRMWInst &I,
                               llvm::Value *Ptrs, llvm::Value *Vals, llvm::Value *Mask,
                               unsigned W, bool NeedOld);

/// Same as emitAggregatedAtomic, guarded: nothing happens when \p Mask has
/// no lane set. Leaves \p B at the end of the join block.
llvm::Value *emitGuardedAggregatedAtomic(llvm::IRBuilderBase &B, const llvm::AtomicRMWInst &I,
                                         llvm::Value *Ptr, llvm::Value *Vals,
                                         llvm::Value *Mask, unsigned W, bool NeedOld);

} // namespace loom

#endif

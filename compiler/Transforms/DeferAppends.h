//===- DeferAppends.h - appends through a global counter, staged per worker -===//
// SPDX-License-Identifier: Apache-2.0
//
// What: the GPU idiom of appending to a list through a global counter,
//   out[atomicAdd(&count, 1)] = v;          // stream compaction, BFS frontier
// becomes a call that reserves a slot in a staging buffer of the calling
// worker, and the store goes there:
//   %old = atomicrmw add ptr %count, i32 1 monotonic
//   %i   = sext i32 %old to i64
//   %p   = getelementptr inbounds i32, ptr %out, i64 %i
//   store i32 %v, ptr %p
// ==>
//   %p = call ptr @__loom_append(ptr %count, ptr %out, i64 4, i32 1, i32 2)
//   store i32 %v, ptr %p
// The runtime (runtime/device/Append.cpp) copies a full buffer to
// out[atomicAdd(count, n)...] with one atomic, and flushes every buffer when
// the worker's chunk of blocks ends, so count and out hold the GPU's result
// (the same elements, in some order) when the launch completes.
//
// Why: the counter is one cache line that every worker hits. A block of a
// CPU worker is short, so one atomic per thread, gang or even block makes the
// workers pass the line back and forth: stream compaction ran 1.6x slower on
// two workers than on one, a BFS step 3.5x (docs/performance.md). CUDA gives
// no order among the appends of different threads, and nothing in the kernel
// may read count or out (checked below), so where each element lands and
// when the counter moves are the kernel's own business until it ends.
//
// When (per kernel, for each counter): every use of the counter in the kernel
// is such an append (an `atomicrmw add` of 1, relaxed, on i32 or i64, whose
// result only indexes one store), every use of each target array is one of
// those stores, and both are kernel arguments or device globals used by no
// other function. Not in kernels that fence (`__threadfence`, stronger
// atomics), synchronize the grid or launch kernels, where another thread
// could be told that an element is there before its worker flushes.
// VectorizeKernels gives a gang one reservation for its active lanes and a
// compress-store (docs/pipeline.md).
//
// Preconditions: device functions inlined, cleaned up (addCleanup).
// Postconditions: the matched atomics are gone; a kernel with appends has
// attribute `loom-appends`.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_DEFERAPPENDS_H
#define LOOM_TRANSFORMS_DEFERAPPENDS_H

#include "loom/KernelABI.h"

#include "llvm/IR/PassManager.h"

namespace loom {

/// The runtime function that reserves slots of an append stream.
constexpr const char *AppendFunctionName = "__loom_append";

class DeferAppendsPass : public llvm::PassInfoMixin<DeferAppendsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

} // namespace loom

#endif

//===- InstrumentMemory.h - memcheck and racecheck builds: every kernel memory access checked at run time -===//
// SPDX-License-Identifier: Apache-2.0
//
// What: `loomcc -memcheck` (or LOOM_MEMCHECK=1) and `-racecheck` (or
// LOOM_RACECHECK=1). Every load, store, atomic and memcpy/memmove/memset in
// device code that does not provably touch a thread's own stack (an alloca
// or a by-value argument) gets a call of __loom_check_access before it
// (include/loom/CheckABI.h) with a constant site (file, line, function, the
// variable when the address is known to be in one, what the access does,
// the alignment it needs), the address and size, the bounds of the
// variable when the compiler knows it (getUnderlyingObjects: one
// __device__/__constant__ variable, one static __shared__ array, the
// dynamic shared buffer) and the thread and block index (markers). Each
// kernel's entry calls __loom_check_thread_begin and names the block's
// __shared__ arrays; racecheck adds a call before every __syncthreads() and
// __syncwarp() (shared-memory barrier intervals); an address the compiler
// cannot follow is racechecked when it falls in the block's shared memory.
// Non-recursive device
// functions are inlined into their kernels first, so that every access has
// its thread index (a recursive one reports "thread unknown").
// Why: a wild access that lands in mapped host memory is no fault on a CPU;
// only a check before it finds it (issue #16, point 4). The runtime
// (runtime/device/MemCheck.cpp) checks against the allocation map, the
// registered variables, the block's shared memory and the recently freed
// ranges, and reports like compute-sanitizer.
// When: in the front half, right after InlineDeviceFunctions and before the
// cleanup (SROA, InstCombine, SimplifyCFG): the cleanup would speculate a
// conditional load of a __shared__ variable into every thread, which
// racecheck would then see; a check call stays where the source put the
// access, and SROA still removes the allocas (never checked). The JIT's
// bitcode is instrumented as well. loomcc turns off what would move or
// merge accesses across threads: the kernel vectorizer (wfv), deferred
// appends, and for racecheck barrier elimination.
// Test: tests/ir/InstrumentMemory/, tests/e2e/memcheck/.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_INSTRUMENTMEMORY_H
#define LOOM_TRANSFORMS_INSTRUMENTMEMORY_H

#include "llvm/IR/PassManager.h"

namespace loom {

class InstrumentMemoryPass : public llvm::PassInfoMixin<InstrumentMemoryPass> {
public:
  InstrumentMemoryPass(bool Memcheck, bool Racecheck)
      : Memcheck(Memcheck), Racecheck(Racecheck) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }

private:
  bool Memcheck;
  bool Racecheck;
};

} // namespace loom

#endif

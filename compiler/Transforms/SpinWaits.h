//===- SpinWaits.h - spin-wait loops become scheduling points --------------===//
// SPDX-License-Identifier: Apache-2.0
//
// What: finds the loops of each kernel that wait for memory other threads
// write (spin-waits): a loop with no block barrier (__syncthreads & co.)
// that reads memory with a volatile or atomic load, an atomic
// read-modify-write used as a read (atomicAdd(p, 0), atomicOr(p, 0), ...),
// an atomic exchange (test-and-set) or a compare-and-swap whose expected
// and new values do not change in the loop (a lock), and one of whose exits
// depends on what such a read returned. A compare-and-swap retry loop
// (expected value = the last value read) is not a wait: it ends as soon as
// no other thread writes in between. Each spin-wait gets a yield point
// (`loom.yield`) on its back edge, and the kernel the "loom-spin-wait"
// attribute (KernelRegistration: LOOM_KERNEL_SPIN_WAITS); an analysis
// remark names the loop's line.
// Why: Loom runs a block's threads one after another (ThreadLoops) and its
// blocks in order on few workers; a thread spinning on a flag that a later
// thread sets spun forever, where Volta+ GPUs' independent thread
// scheduling runs the setter (issue #16 point 5). BarrierRegions makes each
// yield point a region boundary that synchronizes nothing: a thread that
// reaches it lets the others run to their next boundary, and every waiting
// group runs in turn (docs/barriers.md "Forward progress"). The runtime
// runs the blocks of such a kernel's small grids at once (docs/runtime.md).
// Kernels without spin-waits are left exactly as they were.
// When: after barrier elimination and unrolling (they see no yield point),
// before the kernel vectorizer, which leaves kernels with the attribute
// scalar (a gang runs its lanes in lockstep: a lane spinning on a lane of
// its own gang would never let it run).
// Test: tests/ir/SpinWaits/, tests/e2e/forward_progress/.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_SPINWAITS_H
#define LOOM_TRANSFORMS_SPINWAITS_H

#include "llvm/IR/PassManager.h"

namespace loom {

/// On a kernel (and its block function): it has spin-wait loops.
constexpr const char *SpinWaitAttr = "loom-spin-wait";

class SpinWaitsPass : public llvm::PassInfoMixin<SpinWaitsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &MAM);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif

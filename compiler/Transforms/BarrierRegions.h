//===- BarrierRegions.h - run kernels with barriers region by region -------===//
// SPDX-License-Identifier: Apache-2.0
//
// What: turns a block function whose body contains barriers (__syncthreads,
// its _count/_and/_or forms, __syncwarp) into a small state machine of
// *parallel regions*. Each barrier sits alone in a block; region 0 starts at
// the kernel entry, region j right after barrier j, and a region is every
// block reachable from its start without passing a barrier. Each region is
// cloned into its own thread loop nest; a thread that reaches barrier j
// records j in its per-thread state and goes on to the next thread, a thread
// that returns records "exited". A dispatcher then picks the lowest barrier
// number any thread waits at (barriers are numbered in reverse post-order,
// so lagging threads catch up first) and runs that region for exactly the
// threads in that state, until every thread has exited. Warp collectives
// are barriers whose following region first computes every arrived
// thread's result from its warp's published operands.
//
// This is continuation-based synchronization (Karrenberg & Hack; Meyer et
// al., IWOCL 2023) rather than loop fission at barriers: it needs no
// implicit barriers and handles barriers in any control flow, loops with any
// trip count, early returns of some threads (they are skipped, as on Volta+
// GPUs), and divergent barriers (undefined behaviour in CUDA) without hangs:
// each group of threads runs deterministically, in thread order.
//
// State across barriers: values are first promoted to SSA (mem2reg); an SSA
// value is kept per thread only when some use is reachable from its
// definition through a barrier; thread indices are recomputed instead of
// stored. Values kept per thread, allocas that stay in memory, the states
// and the _count/_and/_or predicates live in the worker's thread arena in
// structure-of-arrays form (slot_i at arena + offset_i * threads, thread t
// at + t * size_i), so consecutive threads touch consecutive addresses and
// the region loops still vectorize. The per-thread byte count is recorded
// in the "loom-thread-arena" attribute for KernelRegistration.
//
// Preconditions: ThreadLoops' block-function signature; markers only.
// Postconditions: no barrier marker remains; index markers replaced.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_BARRIERREGIONS_H
#define LOOM_TRANSFORMS_BARRIERREGIONS_H

namespace llvm {
class Function;
} // namespace llvm

namespace loom {

constexpr const char *ThreadArenaAttr = "loom-thread-arena";

/// Rewrites block function \p F (whose first \p NumKernelArgs parameters are
/// the kernel's) into barrier regions. \p UniformRegions: when every unit
/// leaves each region the same way, regions run without per-unit state tests
/// (loomcc --loom-disable=uniform-regions turns it off).
void formBarrierRegions(llvm::Function &F, unsigned NumKernelArgs,
                        bool UniformRegions = true);

} // namespace loom

#endif

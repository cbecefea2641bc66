//===- Switches.h - the kernel pipeline's on/off switches -------------------===//
// SPDX-License-Identifier: Apache-2.0
//
// One list of the optimizations a user can turn off (loomcc
// --loom-disable=<name>), shared by loomcc's option check, its device job,
// the pipeline options, and the JIT's configuration string (the same names
// are its keys), so a new switch is added in one place.
//===----------------------------------------------------------------------===//
#ifndef LOOM_PIPELINE_SWITCHES_H
#define LOOM_PIPELINE_SWITCHES_H

#include <string>

namespace loom {

struct CodegenSwitches {
  /// Remove __syncthreads() that order nothing.
  bool EliminateBarriers = true;
  /// Whole-function vectorization across threads.
  bool VectorizeKernels = true;
  /// Grid-stride loops step block-wide.
  bool GridStrideSteps = true;
  /// Short constant loops around barriers are unrolled.
  bool UnrollBarrierLoops = true;
  /// Regions every unit leaves the same way skip per-unit state tests.
  bool UniformRegions = true;
  /// One global atomic per address per gang.
  bool AggregateAtomics = true;
  /// One atomic per block for a counter whose old value is used.
  bool BlockAtomics = true;
  /// Barrier-free kernels run a grid row's blocks thread row by thread row.
  bool RowWalks = true;
  /// out[atomicAdd(&count, 1)] = v staged per worker, flushed per chunk.
  bool DeferAppends = true;
  /// Divergent per-thread loops run their full-gang iterations unmasked.
  bool FullGangLoops = true;
  /// Gang width; 0: from the target (or LOOM_VECTOR_WIDTH).
  unsigned VectorWidth = 0;
};

struct CodegenSwitchName {
  const char *Name; // --loom-disable=<Name>, and the jitConfig key
  bool CodegenSwitches::*Member;
};

inline constexpr CodegenSwitchName CodegenSwitchNames[] = {
    {"barrier-elim", &CodegenSwitches::EliminateBarriers},
    {"wfv", &CodegenSwitches::VectorizeKernels},
    {"grid-stride", &CodegenSwitches::GridStrideSteps},
    {"barrier-unroll", &CodegenSwitches::UnrollBarrierLoops},
    {"uniform-regions", &CodegenSwitches::UniformRegions},
    {"atomic-agg", &CodegenSwitches::AggregateAtomics},
    {"block-atomics", &CodegenSwitches::BlockAtomics},
    {"row-walk", &CodegenSwitches::RowWalks},
    {"deferred-appends", &CodegenSwitches::DeferAppends},
    {"full-gang-loops", &CodegenSwitches::FullGangLoops},
};

/// The switch called \p Name, or null.
inline bool CodegenSwitches::*findCodegenSwitch(const std::string &Name) {
  for (const CodegenSwitchName &S : CodegenSwitchNames)
    if (Name == S.Name)
      return S.Member;
  return nullptr;
}

} // namespace loom

#endif

//===- CallGraph.h - questions about direct calls between device functions -===//
// SPDX-License-Identifier: Apache-2.0
//
// Passes that inline device code into kernels (InlineDeviceFunctions,
// InstrumentMemory, SpinWaits) must leave recursive functions as calls; this
// is their one test for it.
//===----------------------------------------------------------------------===//
#ifndef LOOM_SUPPORT_CALLGRAPH_H
#define LOOM_SUPPORT_CALLGRAPH_H

namespace llvm {
class Function;
} // namespace llvm

namespace loom {

/// Whether \p F can call itself through direct calls of defined functions
/// (a declaration or an indirect call ends a path).
bool isRecursive(llvm::Function &F);

} // namespace loom

#endif

// Coarsen.h - thread coarsening of OpenCL kernels (Coarsen.cpp) for loom-clc.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_OPENCL_COARSEN_H
#define LOOM_OPENCL_COARSEN_H

#include "llvm/IR/Function.h"

#include <string>

namespace loomcl {

/// The dimension along which coarsening kernel K removes the most repeated
/// work, and that work's estimate; Dim -1 when none pays.
struct CoarsenPlan {
  int Dim = -1;
  unsigned Saved = 0;
};

/// Rewrites kernel \p K (clang's module, before the work-item library is
/// linked) so that each work-item does \p Factor work-items' worth along
/// dimension \p D, the part that does not depend on the global id along D
/// once. \p Saved: the estimate of that part. False with \p Why (and \p K
/// possibly changed) when the kernel does not have the shape it handles.
bool coarsenKernel(llvm::Function &K, unsigned D, unsigned Factor, unsigned &Saved,
                   std::string &Why);

/// Inlines every call of a function the module defines into \p K, until
/// none is left (also used by Layout.cpp).
void inlineProgramFunctions(llvm::Function &K);

/// Tries coarsenKernel on copies of \p K along each dimension.
CoarsenPlan analyzeCoarsening(llvm::Function &K);

} // namespace loomcl

#endif

// ImplicitBarriers.h - a work-group barrier after uniform loops that fill __local memory
// (ImplicitBarriers.cpp) for loom-clc.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_OPENCL_IMPLICITBARRIERS_H
#define LOOM_OPENCL_IMPLICITBARRIERS_H

#include "llvm/IR/Function.h"

namespace loomcl {

/// Adds a barrier after each loop of kernel \p K (clang's module, before
/// the work-item library is linked) that every work-item runs the same
/// number of times and that stores to __local memory, where \p K already
/// has barriers; the number added.
unsigned addImplicitBarriers(llvm::Function &K);

} // namespace loomcl

#endif

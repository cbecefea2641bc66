// Layout.h - data-layout transformation of array-of-structures buffers (Layout.cpp) for loom-clc.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_OPENCL_LAYOUT_H
#define LOOM_OPENCL_LAYOUT_H

#include "llvm/IR/Function.h"

#include <cstdint>
#include <string>
#include <vector>

namespace loomcl {

/// A field of an array-of-structures buffer: the bytes [Offset, Offset +
/// Width) of every Stride-byte element, which the kernel reads or writes as
/// one unit.
struct LayoutField {
  uint64_t Offset = 0, Width = 0;
  bool operator==(const LayoutField &O) const {
    return Offset == O.Offset && Width == O.Width;
  }
};

/// How a kernel accesses one __global buffer argument: element Stride
/// bytes, the fields it touches (sorted, disjoint), whether it writes.
struct LayoutPlan {
  unsigned Arg = 0;
  uint64_t Stride = 0;
  std::vector<LayoutField> Fields;
  bool Writes = false;
};

/// The buffer arguments of kernel \p K (clang's module, before the
/// work-item library is linked) whose every access is a field of a strided
/// element, indexed along dimension 0 by some access: where the structures
/// of arrays layout would make the work-items' accesses contiguous.
/// Works on a copy; \p K is unchanged.
std::vector<LayoutPlan> analyzeLayouts(llvm::Function &K);

/// Rewrites \p K's accesses to argument \p Plan.Arg for the structure of
/// arrays layout: field F of element I at byte N * F.Offset + I * F.Width,
/// where N, the element count, is the 64-bit word just before the buffer
/// (the library's shadow copy, opencl/icd/Layout.cpp). False with \p Why
/// when the kernel's accesses do not match \p Plan.
bool applyLayout(llvm::Function &K, const LayoutPlan &Plan, std::string &Why);

} // namespace loomcl

#endif

//===- SafeIntegerDivision.h - integer / and % in device code never trap ---===//
// SPDX-License-Identifier: Apache-2.0
//
// What: every udiv/sdiv/urem/srem whose divisor may be zero (or, signed, may
// be -1 with a dividend that may be INT_MIN) gets a divisor that cannot
// trap, `d' = bad ? 1 : d`, and its result fixed up to the value a GPU
// gives:
//   x / 0 (unsigned)  = all ones        x % 0 = x (both signednesses)
//   x / 0 (signed)    = x < 0 ? 1 : -1  INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0
// (PTX's div/rem leave these "unspecified" but never trap; the values are
// those of NVIDIA's division sequence: |x| / 0 is all ones, negated when the
// signs differ.)
// Why: x86's div instruction raises SIGFPE for both cases, which killed the
// whole process where a GPU program continues (issue #16).
// Cost: divisions by constants (other than 0, and -1 for signed) and by
// values known non-zero (ValueTracking) are left alone; the guard is two
// selects on a loop-invariant divisor, which LICM hoists, and a select on the
// result. The guarded form stays vectorizable: a select on the divisor is
// what VectorizeKernels does for inactive lanes itself.
// When: on the device module after the front cleanup (constants folded),
// before barrier elimination and the vectorizer.
// Test: tests/ir/SafeIntegerDivision/basic.ll,
// tests/e2e/faults/integer_division.cu.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_SAFEINTEGERDIVISION_H
#define LOOM_TRANSFORMS_SAFEINTEGERDIVISION_H

#include "llvm/IR/PassManager.h"

namespace loom {

class SafeIntegerDivisionPass : public llvm::PassInfoMixin<SafeIntegerDivisionPass> {
public:
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &FAM);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif

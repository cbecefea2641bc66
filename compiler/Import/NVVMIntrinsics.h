//===- NVVMIntrinsics.h - translate NVVM intrinsics to Loom's vocabulary ---===//
// SPDX-License-Identifier: Apache-2.0
//
// What: the only pass that knows NVVM names. Special registers
// (llvm.nvvm.read.ptx.sreg.{tid,ntid,ctaid,nctaid}.{x,y,z}) become Loom index
// markers; warpsize becomes 32 and laneid the linear thread index mod 32;
// CTA barriers (barrier0, barrier.cta.sync.aligned.all(0), barrier.sync(0))
// become @loom.barrier; memory barriers (membar.*, fence.sc.*) become
// `fence seq_cst`; clock/clock64 read the host cycle counter. Any other
// llvm.nvvm.* intrinsic is reported as an unsupported construct, by name
// and source line, instead of reaching the host code generator. Inline PTX
// was translated before (TranslateInlinePTX), often into these intrinsics.
// Why: later passes then serve every front end (OpenCL maps get_local_id the
// same way) and never match raw intrinsic names.
// Preconditions: RetargetToHost ran (kernels carry "loom-kernel").
// Postconditions: no llvm.nvvm.* calls remain (or an error was reported).
//   %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()  ==>  %t = call i32 @loom.tid.x()
//   call void @llvm.nvvm.barrier0()                  ==>  call void @loom.barrier()
//===----------------------------------------------------------------------===//
#ifndef LOOM_IMPORT_NVVMINTRINSICS_H
#define LOOM_IMPORT_NVVMINTRINSICS_H

#include "llvm/IR/PassManager.h"

namespace loom {

class NVVMIntrinsicsPass : public llvm::PassInfoMixin<NVVMIntrinsicsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif

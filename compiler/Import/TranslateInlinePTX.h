//===- TranslateInlinePTX.h - inline PTX assembly to LLVM IR ---------------===//
// SPDX-License-Identifier: Apache-2.0
//
// What: every `call asm` (llvm::InlineAsm) in the device module becomes
// LLVM IR with PTX's semantics. InlinePTX.h parses the text; this pass binds
// the asm operands (constraints r, l, f, d, h, c, n; `=` outputs, tied
// inputs "0" for `+`; `~{memory}` clobbers) to PTX registers, declares the
// `.reg`s of `{ }` scopes, runs the statements in order (the carry flag of
// add.cc/addc chains included) and produces the outputs. Instructions map
// table-driven onto handlers (docs/ptx.md lists them with their semantics).
// Warp and barrier instructions become the NVVM intrinsics clang emits for
// __shfl_sync, __ballot_sync, __syncthreads, ... so NVVMIntrinsics and the
// rest of the pipeline treat them as they treat the CUDA builtins; special
// registers become the sreg intrinsics.
// An instruction (or modifier, or syntax) Loom does not know is an error
// naming it at the asm statement's source line, when the function is
// reachable from a kernel; an unreachable function that holds one gets a
// trapping body instead (it never runs; dead device code must compile).
// Why first (right after RetargetToHost, before the always-inliner): no
// later pass has to understand inline asm, and an error points at the asm
// statement itself rather than at a caller it was inlined into.
// Postconditions: no InlineAsm call remains (or an error was reported).
//   %r = call i32 asm "add.u32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
//     ==>  %r = add i32 %a, %b
//===----------------------------------------------------------------------===//
#ifndef LOOM_IMPORT_TRANSLATEINLINEPTX_H
#define LOOM_IMPORT_TRANSLATEINLINEPTX_H

#include "llvm/IR/PassManager.h"

namespace loom {

class TranslateInlinePTXPass : public llvm::PassInfoMixin<TranslateInlinePTXPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

} // namespace loom

#endif

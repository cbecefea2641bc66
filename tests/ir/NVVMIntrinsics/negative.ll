; NVVM intrinsics Loom cannot translate are reported by name instead of
; reaching the host code generator. opt stops at the first error, so each
; RUN line feeds one function.
; RUN: not %opt -passes=loom-nvvm-intrinsics -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR

target triple = "nvptx64-nvidia-cuda"

; Reason: warp shuffles are not translated yet (no loom.shfl marker), so the
; intrinsic must be named in the error.
; int v = __shfl_sync(0xffffffff, x, 0);
; ERR: error: {{.*}}in function shfl{{.*}}GPU intrinsic 'llvm.nvvm.shfl.sync.idx.i32' is not supported by Loom
define i32 @shfl(i32 %x) {
  %v = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 -1, i32 %x, i32 0, i32 31)
  ret i32 %v
}

declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)

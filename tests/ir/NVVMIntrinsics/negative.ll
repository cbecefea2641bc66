; NVVM intrinsics Loom cannot translate are reported by name instead of
; reaching the host code generator. opt stops at the first error, so each
; RUN line feeds one function.
; RUN: not %opt -passes=loom-nvvm-intrinsics -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR

target triple = "nvptx64-nvidia-cuda"

; Reason: there is no address-space query on a CPU (__isShared(p)); the
; intrinsic must be named in the error.
; ERR: error: {{.*}}in function where{{.*}}GPU intrinsic 'llvm.nvvm.isspacep.shared' is not supported by Loom
define i1 @where(ptr %p) {
  %v = call i1 @llvm.nvvm.isspacep.shared(ptr %p)
  ret i1 %v
}

declare i1 @llvm.nvvm.isspacep.shared(ptr)

; Reason: only barrier 0 is __syncthreads(); a named barrier (bar.sync 1)
; has no Loom equivalent and must be reported, not silently dropped or
; treated as a whole-block barrier.
; RUN: not %opt -passes=loom-nvvm-intrinsics -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR

target triple = "nvptx64-nvidia-cuda"

; asm-free spelling: __nvvm_barrier_sync(1)
; ERR: error: {{.*}}in function named_barrier{{.*}}GPU intrinsic 'llvm.nvvm.barrier.cta.sync.all' is not supported by Loom
define void @named_barrier() {
  call void @llvm.nvvm.barrier.sync(i32 1)
  ret void
}

declare void @llvm.nvvm.barrier.sync(i32)

; Barriers with no memory access on one side order nothing: at the kernel
; entry, at its end, and the second of two in a row. They go without any
; assumption on the block shape (no versioning).
; RUN: %opt -passes=loom-eliminate-barriers,verify -S %s | FileCheck %s

@s = internal global [256 x float] undef, !loom.shared !0

; __global__ void k(float *a) { __syncthreads(); a[tid] = 1; __syncthreads(); }
; CHECK-LABEL: define void @entry_and_exit(
; CHECK-NOT: call void @loom.barrier()
; CHECK-NOT: block.shape
; CHECK: ret void
define void @entry_and_exit(ptr %a) "loom-kernel" {
  %t = call i32 @loom.tid.x()
  call void @loom.barrier()
  %i = zext i32 %t to i64
  %p = getelementptr float, ptr %a, i64 %i
  store float 1.0, ptr %p
  call void @loom.barrier()
  ret void
}

; s[t] = a[t]; __syncthreads(); __syncthreads(); a[t] = s[63 - t];
; The first barrier has nothing after it before the second: it goes; the
; second orders s[t] before s[63 - t] and stays.
; CHECK-LABEL: define void @twice(
; CHECK: store float
; CHECK-NEXT: call void @loom.barrier()
; CHECK-NOT: call void @loom.barrier()
; CHECK: ret void
define void @twice(ptr %a) "loom-kernel" {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr float, ptr %a, i64 %i
  %v = load float, ptr %pa
  %ps = getelementptr [256 x float], ptr @s, i64 0, i64 %i
  store float %v, ptr %ps
  call void @loom.barrier()
  call void @loom.barrier()
  %r = sub i32 63, %t
  %j = zext i32 %r to i64
  %pr = getelementptr [256 x float], ptr @s, i64 0, i64 %j
  %w = load float, ptr %pr
  store float %w, ptr %pa
  ret void
}

declare i32 @loom.tid.x()
declare void @loom.barrier() convergent nounwind
!0 = !{}

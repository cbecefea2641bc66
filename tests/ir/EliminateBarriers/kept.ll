; Barriers that order something, or whose sides the pass cannot describe,
; stay. Each function says why.
; RUN: %opt -passes=loom-eliminate-barriers,verify -S %s | FileCheck %s
; Each kept barrier is a missed-optimization remark naming its kernel.
; RUN: %opt -passes=loom-eliminate-barriers -pass-remarks-missed=loom-eliminate-barriers -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: remark: <unknown>:0:0: __syncthreads() kept in kernel 'neighbour': threads may read across it what others wrote
; REMARK: remark: <unknown>:0:0: __syncthreads() kept in kernel 'may_alias_args':

@s = internal global [257 x float] undef, !loom.shared !0
@ext1 = external global [0 x float], !loom.shared !0
@ext2 = external global [0 x i32], !loom.shared !0

; s[t] = ..; __syncthreads(); .. = s[t + 1]: thread t reads thread t+1's write.
; CHECK-LABEL: define void @neighbour(
; CHECK-NOT: block.shape
; CHECK: call void @loom.barrier()
define void @neighbour(ptr %out) "loom-kernel" {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [257 x float], ptr @s, i64 0, i64 %i
  store float 1.0, ptr %p
  call void @loom.barrier()
  %q = getelementptr float, ptr %p, i64 1
  %v = load float, ptr %q
  %po = getelementptr float, ptr %out, i64 %i
  store float %v, ptr %po
  ret void
}

; a[i] = ..; __syncthreads(); .. = b[i]: a and b may be the same buffer
; shifted by an element (no __restrict__).
; CHECK-LABEL: define void @may_alias_args(
; CHECK: call void @loom.barrier()
define void @may_alias_args(ptr %a, ptr %b) "loom-kernel" {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr float, ptr %a, i64 %i
  store float 1.0, ptr %pa
  call void @loom.barrier()
  %pb = getelementptr float, ptr %b, i64 %i
  %v = load float, ptr %pb
  store float %v, ptr %pa
  ret void
}

; Two `extern __shared__` arrays are the same buffer in CUDA.
; CHECK-LABEL: define void @extern_shared(
; CHECK: call void @loom.barrier()
define void @extern_shared() "loom-kernel" {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr float, ptr @ext1, i64 %i
  store float 1.0, ptr %p
  call void @loom.barrier()
  %q = getelementptr i32, ptr @ext2, i64 0
  %v = load i32, ptr %q
  store i32 %v, ptr %q
  ret void
}

; atomicAdd(&s[0], 1); __syncthreads(); .. = s[0]
; CHECK-LABEL: define void @atomic(
; CHECK: call void @loom.barrier()
define void @atomic(ptr %out) "loom-kernel" {
  %old = atomicrmw fadd ptr @s, float 1.0 seq_cst
  call void @loom.barrier()
  %v = load float, ptr @s
  store float %v, ptr %out
  ret void
}

; volatile store; __syncthreads(); read of the same element.
; CHECK-LABEL: define void @volatile(
; CHECK: call void @loom.barrier()
define void @volatile(ptr %out) "loom-kernel" {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [257 x float], ptr @s, i64 0, i64 %i
  store volatile float 1.0, ptr %p
  call void @loom.barrier()
  %v = load float, ptr %p
  store float %v, ptr %out
  ret void
}

; An unknown call may write anything.
; CHECK-LABEL: define void @unknown_call(
; CHECK: call void @loom.barrier()
define void @unknown_call(ptr %out) "loom-kernel" {
  call void @opaque()
  call void @loom.barrier()
  %v = load float, ptr @s
  store float %v, ptr %out
  ret void
}

; A pointer loaded from memory: its object is unknown.
; CHECK-LABEL: define void @loaded_pointer(
; CHECK: call void @loom.barrier()
define void @loaded_pointer(ptr %pp) "loom-kernel" {
  %p = load ptr, ptr %pp
  store float 1.0, ptr %p
  call void @loom.barrier()
  %v = load float, ptr @s
  store float %v, ptr @s
  ret void
}

; s[t + 1] = ..; __syncthreads(); __syncthreads(); .. = s[t]: one of the two
; may go (nothing between them), not both.
; CHECK-LABEL: define void @pair(
; CHECK: call void @loom.barrier()
; CHECK-NOT: call void @loom.barrier()
; CHECK: ret void
define void @pair(ptr %out) "loom-kernel" {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [257 x float], ptr @s, i64 0, i64 %i
  %q = getelementptr float, ptr %p, i64 1
  store float 1.0, ptr %q
  call void @loom.barrier()
  call void @loom.barrier()
  %v = load float, ptr %p
  %po = getelementptr float, ptr %out, i64 %i
  store float %v, ptr %po
  ret void
}

; A barrier in a loop with a neighbour exchange: the walk goes round the
; back edge, s[t] (next iteration) meets s[t + 1] (this iteration).
; CHECK-LABEL: define void @loop(
; CHECK: call void @loom.barrier()
define void @loop(i32 %n) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [257 x float], ptr @s, i64 0, i64 %i
  %q = getelementptr float, ptr %p, i64 1
  br label %body
body:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %v = load float, ptr %q
  call void @loom.barrier()
  store float %v, ptr %p
  %k1 = add i32 %k, 1
  %c = icmp slt i32 %k1, %n
  br i1 %c, label %body, label %exit
exit:
  ret void
}

; __syncthreads_count is a collective: never removed, and the kernel is not
; versioned (the copy would duplicate it). The plain barrier at the end goes.
; CHECK-LABEL: define void @count(
; CHECK-NOT: block.shape
; CHECK: call i32 @loom.barrier.popc(i1
; CHECK-NOT: call void @loom.barrier()
; CHECK: ret void
define void @count(ptr noalias %out) "loom-kernel" {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [257 x float], ptr @s, i64 0, i64 %i
  store float 1.0, ptr %p
  %c = icmp eq i32 %t, 0
  %n = call i32 @loom.barrier.popc(i1 %c)
  %v = load float, ptr %p
  %po = getelementptr float, ptr %out, i64 %i
  store float %v, ptr %po
  call void @loom.barrier()
  ret void
}

; A thread-private element also needs a block shape; with a warp collective
; in the kernel there is no versioning, so the barrier stays.
; CHECK-LABEL: define void @with_shuffle(
; CHECK-NOT: block.shape
; CHECK: call void @loom.barrier()
define void @with_shuffle(ptr noalias %out) "loom-kernel" {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr [257 x float], ptr @s, i64 0, i64 %i
  store float 1.0, ptr %p
  call void @loom.barrier()
  %v = load float, ptr %p
  %b = bitcast float %v to i32
  %r = call i32 @loom.warp.collective(i32 0, i32 -1, i32 %b, i32 1, i32 31)
  %po = getelementptr i32, ptr %out, i64 %i
  store i32 %r, ptr %po
  ret void
}

declare void @opaque()
declare i32 @loom.tid.x()
declare void @loom.barrier() convergent nounwind
declare i32 @loom.barrier.popc(i1) convergent nounwind
declare i32 @loom.warp.collective(i32, i32, i32, i32, i32) convergent nounwind
!0 = !{}

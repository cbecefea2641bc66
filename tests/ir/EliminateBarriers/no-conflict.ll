; Barriers between phases that cannot conflict in any block shape go
; without versioning: both sides only read, the sides use distinct arrays,
; or one side touches only the thread's own allocas.
; RUN: %opt -passes=loom-eliminate-barriers,verify -S %s | FileCheck %s
; RUN: %opt -passes=loom-eliminate-barriers -pass-remarks=loom-eliminate-barriers -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: remark: <unknown>:0:0: kernel 'read_read': 1 of 1 __syncthreads() removed (no thread reads across them what another wrote)

@a = internal global [256 x float] undef, !loom.shared !0
@b = internal global [256 x float] undef, !loom.shared !0

; v = a[t]; __syncthreads(); w = a[255 - t]; out[t] = v + w; (only reads
; of shared memory around the barrier; a kernel argument never points to it)
; CHECK-LABEL: define void @read_read(
; CHECK-NOT: call void @loom.barrier()
; CHECK-NOT: block.shape
; CHECK: ret void
define void @read_read(ptr %out) "loom-kernel" {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr [256 x float], ptr @a, i64 0, i64 %i
  %v = load float, ptr %pa
  call void @loom.barrier()
  %r = sub i32 255, %t
  %j = zext i32 %r to i64
  %pb = getelementptr [256 x float], ptr @a, i64 0, i64 %j
  %w = load float, ptr %pb
  %s = fadd float %v, %w
  %po = getelementptr float, ptr %out, i64 %i
  store float %s, ptr %po
  ret void
}

; a[t] = 1; __syncthreads(); b[255 - t] = 2; (different __shared__ arrays)
; CHECK-LABEL: define void @distinct(
; CHECK-NOT: call void @loom.barrier()
; CHECK-NOT: block.shape
; CHECK: ret void
define void @distinct() "loom-kernel" {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %pa = getelementptr [256 x float], ptr @a, i64 0, i64 %i
  store float 1.0, ptr %pa
  call void @loom.barrier()
  %r = sub i32 255, %t
  %j = zext i32 %r to i64
  %pb = getelementptr [256 x float], ptr @b, i64 0, i64 %j
  store float 2.0, ptr %pb
  ret void
}

; float local[4]; local[t & 3] = ..; __syncthreads(); .. = local[(t + 1) & 3]
; CHECK-LABEL: define void @private_array(
; CHECK-NOT: call void @loom.barrier()
; CHECK: ret void
define void @private_array(ptr %out) "loom-kernel" {
  %local = alloca [4 x float]
  %t = call i32 @loom.tid.x()
  %m = and i32 %t, 3
  %i = zext i32 %m to i64
  %p = getelementptr [4 x float], ptr %local, i64 0, i64 %i
  store float 1.0, ptr %p
  call void @loom.barrier()
  %n = add i32 %t, 1
  %m2 = and i32 %n, 3
  %j = zext i32 %m2 to i64
  %q = getelementptr [4 x float], ptr %local, i64 0, i64 %j
  %v = load float, ptr %q
  %k = zext i32 %t to i64
  %po = getelementptr float, ptr %out, i64 %k
  store float %v, ptr %po
  ret void
}

declare i32 @loom.tid.x()
declare void @loom.barrier() convergent nounwind
!0 = !{}

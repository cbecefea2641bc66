; Calls whose memory effects are known take part in barrier elimination as
; accesses to their pointer arguments' whole objects: a device function that
; only reads its arguments' memory (PostOrderFunctionAttrs infers it in the
; pipeline, here `cgscc(function-attrs)`), a by-value struct copied into a
; local with memcpy (clang's copy of a struct argument), a function with no
; memory effects. Kept: a call that may write a shared array read on the
; other side, a recursive callee (it may hold a barrier), an unknown
; declaration. The hotspot pattern: v = f(coef, t[..]); B; nt[t] = v; B;
; t[t] = nt[t]; B -- the first barrier orders nothing.
; RUN: %opt -passes='cgscc(function-attrs),loom-eliminate-barriers,verify' -S %s | FileCheck %s
; RUN: %opt -passes=loom-eliminate-barriers,verify -S %s | FileCheck --check-prefix=NOATTRS %s

%struct.Coef = type { float, float }

@t = internal global [256 x float] undef, !loom.shared !0
@nt = internal global [256 x float] undef, !loom.shared !0

define internal float @update(ptr byval(%struct.Coef) %k, float %c) {
  %pa = getelementptr %struct.Coef, ptr %k, i64 0, i32 0
  %a = load float, ptr %pa
  %r = fmul float %a, %c
  ret float %r
}

; CHECK-LABEL: define void @stencil_step(
; CHECK: call float @update(
; CHECK-NOT: call void @loom.barrier()
; CHECK: store float %v
; CHECK-NEXT: call void @loom.barrier()
; CHECK-NOT: call void @loom.barrier()
; CHECK: ret void
; Without inferred attributes the call is an unknown access: both barriers
; after it stay.
; NOATTRS-LABEL: define void @stencil_step(
; NOATTRS: call void @loom.barrier()
; NOATTRS: call void @loom.barrier()
; NOATTRS: ret void
define void @stencil_step(ptr byval(%struct.Coef) %coef) "loom-kernel" {
  %k = alloca %struct.Coef
  %tid = call i32 @loom.tid.x()
  %i = zext i32 %tid to i64
  %r = sub i32 255, %tid
  %j = zext i32 %r to i64
  %pn = getelementptr [256 x float], ptr @t, i64 0, i64 %j
  %c = load float, ptr %pn
  call void @llvm.memcpy.p0.p0.i64(ptr %k, ptr %coef, i64 8, i1 false)
  %v = call float @update(ptr byval(%struct.Coef) %k, float %c) #1
  call void @loom.barrier()
  %pnt = getelementptr [256 x float], ptr @nt, i64 0, i64 %i
  store float %v, ptr %pnt
  call void @loom.barrier()
  %w = load float, ptr %pnt
  %pt = getelementptr [256 x float], ptr @t, i64 0, i64 %i
  store float %w, ptr %pt
  ret void
}

define internal void @write_t(ptr %p, float %v) {
  store float %v, ptr %p
  ret void
}

; write_t stores through its argument, here t[255 - tid]; t[tid] is read
; after the barrier by another thread: the barrier stays.
; CHECK-LABEL: define void @writer(
; CHECK: call void @write_t(
; CHECK-NEXT: call void @loom.barrier()
define void @writer(ptr %out) "loom-kernel" {
  %tid = call i32 @loom.tid.x()
  %r = sub i32 255, %tid
  %j = zext i32 %r to i64
  %pw = getelementptr [256 x float], ptr @t, i64 0, i64 %j
  call void @write_t(ptr %pw, float 1.0) #1
  call void @loom.barrier()
  %i = zext i32 %tid to i64
  %pt = getelementptr [256 x float], ptr @t, i64 0, i64 %i
  %v = load float, ptr %pt
  %po = getelementptr float, ptr %out, i64 %i
  store float %v, ptr %po
  ret void
}

define internal float @rec(ptr %p, i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  %x = call float @rec(ptr %p, i32 %m)
  ret float %x
done:
  %v = load float, ptr %p
  ret float %v
}

declare float @opaque(float)

; A recursive callee and an unknown declaration keep their barriers, even
; with only reads of a local on the call side.
; CHECK-LABEL: define void @kept_calls(
; CHECK: call float @rec(
; CHECK-NEXT: call void @loom.barrier()
; CHECK: call float @opaque(
; CHECK-NEXT: call void @loom.barrier()
define void @kept_calls() "loom-kernel" {
  %l = alloca float
  store float 2.0, ptr %l
  %tid = call i32 @loom.tid.x()
  %i = zext i32 %tid to i64
  %x = call float @rec(ptr %l, i32 3) #1
  call void @loom.barrier()
  %pt = getelementptr [256 x float], ptr @t, i64 0, i64 %i
  store float %x, ptr %pt
  %y = call float @opaque(float %x) #1
  call void @loom.barrier()
  %r = sub i32 255, %tid
  %j = zext i32 %r to i64
  %pn = getelementptr [256 x float], ptr @t, i64 0, i64 %j
  store float %y, ptr %pn
  ret void
}

declare i32 @loom.tid.x() #2
declare void @loom.barrier() #3
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

attributes #1 = { convergent }
attributes #2 = { nounwind willreturn memory(none) }
attributes #3 = { convergent noduplicate nounwind }
!0 = !{}

; Calls in gang kernels: libm with a libmvec variant becomes one vector
; call, a vectorizable intrinsic its vector form, a pure call with uniform
; arguments stays one scalar call, and calls with side effects or no vector
; form (and atomics that cannot be combined, global_atomics.ll) run lane by
; lane under the mask, in lane order.
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -vector-library=LIBMVEC -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare float @expf(float) #1
declare float @llvm.sqrt.f32(float)
declare i32 @record(i32)

; CHECK-LABEL: define void @math(
; CHECK: gang.full
; CHECK: %e = call <4 x float> @_ZGVbN4v_expf(<4 x float>
; CHECK: %s = call <4 x float> @llvm.sqrt.v4f32(<4 x float> %e)
; CHECK: %u = call float @expf(float %k)
define void @math(ptr %a, float %k) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds float, ptr %a, i64 %i
  %x = load float, ptr %p
  %e = call float @expf(float %x) #2
  %s = call float @llvm.sqrt.f32(float %e)
  %u = call float @expf(float %k) #2
  %r = fadd float %s, %u
  store float %r, ptr %p
  ret void
}

; CHECK-LABEL: define void @side_effects(
; CHECK: ; preds = %gang.partial
; A loop over the lanes, each active lane calling with its own argument.
; CHECK: {{^}}lane{{[0-9]*}}:
; CHECK: %[[L:.*]] = phi i32 [ 0,
; CHECK: %[[ON:.*]] = extractelement <4 x i1> %gang.mask, i32 %[[L]]
; CHECK: br i1 %[[ON]], label %lane.do{{[0-9]*}}, label %lane.next{{[0-9]*}}
; CHECK: {{^}}lane.do{{[0-9]*}}:
; CHECK: %[[ARG:.*]] = extractelement <4 x i32> %tid.x.lanes, i32 %[[L]]
; CHECK: call i32 @record(i32 %[[ARG]])
; CHECK: insertelement <4 x i32>
; A volatile atomic the same way (each lane gets its own old value).
; CHECK: lane.do{{[0-9]+}}:
; CHECK: atomicrmw volatile add ptr %counter, i32 1 monotonic
define void @side_effects(ptr %out, ptr %counter) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %r = call i32 @record(i32 %tid)
  %old = atomicrmw volatile add ptr %counter, i32 1 monotonic
  %sum = add i32 %r, %old
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %sum, ptr %p
  ret void
}

attributes #1 = { nounwind willreturn memory(none) }
attributes #2 = { nounwind willreturn memory(none) }

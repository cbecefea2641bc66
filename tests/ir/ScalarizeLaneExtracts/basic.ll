; A vector load of integers whose every use extracts one constant lane
; (a gang's bytes feeding a lane-by-lane histogram update) becomes one
; scalar load per lane, placed at its extract. Left alone: a store that may
; write the loaded bytes between the load and an extract, an extract in
; another block, a vector also used whole, float lanes, volatile loads.
; RUN: %opt -passes=loom-scalarize-lane-extracts,verify -S %s | FileCheck %s
; RUN: %opt -passes=verify -S %s | FileCheck --check-prefix=BEFORE %s
; BEFORE-LABEL: define void @bins(
; BEFORE: extractelement <4 x i8>
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@local = internal thread_local global [256 x i32] undef

; The bin updates are in a scope the bytes are marked not to alias (as
; VectorizeKernels marks shared memory and kernel-argument memory).
; CHECK-LABEL: define void @bins(
; CHECK-NOT: load <4 x i8>
; CHECK-NOT: extractelement
; CHECK: %x0 = load i8, ptr %p, align 16, !noalias ![[S:[0-9]+]]
; CHECK-NEXT: %b0 = zext i8 %x0 to i64
; CHECK: store i32 %n0, ptr %q0, align 4, !alias.scope ![[S]]
; CHECK: %[[P3:.*]] = getelementptr inbounds i8, ptr %p, i64 3
; CHECK-NEXT: %x3 = load i8, ptr %[[P3]], align 1, !noalias ![[S]]
; CHECK: ret void
define void @bins(ptr %p) {
  %v = load <4 x i8>, ptr %p, align 16, !noalias !2
  %x0 = extractelement <4 x i8> %v, i64 0
  %b0 = zext i8 %x0 to i64
  %q0 = getelementptr inbounds [256 x i32], ptr @local, i64 0, i64 %b0
  %o0 = load i32, ptr %q0, align 4, !alias.scope !2
  %n0 = add i32 %o0, 1
  store i32 %n0, ptr %q0, align 4, !alias.scope !2
  %x3 = extractelement <4 x i8> %v, i64 3
  %b3 = zext i8 %x3 to i64
  %q3 = getelementptr inbounds [256 x i32], ptr @local, i64 0, i64 %b3
  %o3 = load i32, ptr %q3, align 4, !alias.scope !2
  %n3 = add i32 %o3, 1
  store i32 %n3, ptr %q3, align 4, !alias.scope !2
  ret void
}

; CHECK-LABEL: define void @clobbered(
; CHECK: %v = load <4 x i32>, ptr %p
; CHECK: %x1 = extractelement <4 x i32> %v, i64 1
define void @clobbered(ptr %p, ptr %q) {
  %v = load <4 x i32>, ptr %p, align 4
  store i32 0, ptr %q, align 4
  %x1 = extractelement <4 x i32> %v, i64 1
  store i32 %x1, ptr %q, align 4
  ret void
}

; A store before the load, or one that cannot alias (a local alloca), is fine.
; CHECK-LABEL: define void @store_elsewhere(
; CHECK-NOT: load <4 x i32>
; CHECK: %x2 = load i32, ptr %{{.*}}, align 4
define void @store_elsewhere(ptr %p, ptr %q) {
  %a = alloca i32, align 4
  store i32 1, ptr %q, align 4
  %v = load <4 x i32>, ptr %p, align 4
  store i32 0, ptr %a, align 4
  %x2 = extractelement <4 x i32> %v, i64 2
  store i32 %x2, ptr %q, align 4
  ret void
}

; CHECK-LABEL: define void @other_block(
; CHECK: %v = load <4 x i32>, ptr %p
define void @other_block(ptr %p, ptr %q) {
  %v = load <4 x i32>, ptr %p, align 4
  br label %next
next:
  %x1 = extractelement <4 x i32> %v, i64 1
  store i32 %x1, ptr %q, align 4
  ret void
}

; CHECK-LABEL: define void @whole_use(
; CHECK: %v = load <4 x i32>, ptr %p
define void @whole_use(ptr %p, ptr %q) {
  %v = load <4 x i32>, ptr %p, align 4
  %x1 = extractelement <4 x i32> %v, i64 1
  store i32 %x1, ptr %q, align 4
  store <4 x i32> %v, ptr %q, align 4
  ret void
}

; CHECK-LABEL: define void @floats(
; CHECK: %v = load <4 x float>, ptr %p
define void @floats(ptr %p, ptr %q) {
  %v = load <4 x float>, ptr %p, align 4
  %x1 = extractelement <4 x float> %v, i64 1
  store float %x1, ptr %q, align 4
  ret void
}

; CHECK-LABEL: define void @volatile_load(
; CHECK: %v = load volatile <4 x i32>, ptr %p
define void @volatile_load(ptr %p, ptr %q) {
  %v = load volatile <4 x i32>, ptr %p, align 4
  %x1 = extractelement <4 x i32> %v, i64 1
  store i32 %x1, ptr %q, align 4
  ret void
}

!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"shared"}
!2 = !{!1}

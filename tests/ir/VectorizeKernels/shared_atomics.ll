; Atomics in a gang kernel run lane by lane under the mask, in lane order.
; On the block's __shared__ memory (a static __shared__ array, or the dynamic
; shared buffer) they need no atomic instruction: a block runs on one CPU
; thread and only its threads see its shared memory, so each lane does a
; plain read-modify-write and gets the old value back. Global atomics stay
; atomic (global_atomics.ll). Under a mask that may have lanes off, the lane
; loop has a second copy without the per-lane tests for when every lane is
; active (-loom-wfv-full-mask-lanes=false: one tested loop).
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -S %s | FileCheck %s
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -loom-wfv-full-mask-lanes=false -S %s | FileCheck --check-prefix=ONE %s
; ONE-LABEL: define void @masked_histogram(
; ONE-NOT: lanes.all
; ONE: {{^}}}
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@local = internal thread_local global [256 x i32] undef, !loom.shared !0
@loom.dynamic.shared = internal thread_local global ptr null, align 8

declare i32 @loom.tid.x()

; CHECK-LABEL: define void @histogram(
; CHECK: lane.do:
; CHECK-NOT: atomicrmw
; CHECK: %[[OLD:.*]] = load i32, ptr %{{.*}}, align 4
; CHECK: %[[NEW:.*]] = add i32 %[[OLD]], 1
; CHECK: store i32 %[[NEW]], ptr
; CHECK: insertelement <4 x i32> %{{.*}}, i32 %[[OLD]]
; CHECK: atomicrmw add ptr %{{.*}}, i32 1 monotonic
; CHECK-LABEL: define void @dynamic_cas(
; CHECK-NOT: cmpxchg
; CHECK: %[[CUR:.*]] = load i32, ptr
; CHECK: %[[EQ:.*]] = icmp eq i32 %[[CUR]], 0
; CHECK: %[[NEW:.*]] = select i1 %[[EQ]], i32 %{{.*}}, i32 %[[CUR]]
; CHECK: store i32 %[[NEW]], ptr
; CHECK-NOT: cmpxchg
; CHECK-LABEL: define void @masked_histogram(
; CHECK: %[[B:.*]] = phi <4 x i8>
; CHECK: %lanes.all = icmp eq i4 %{{.*}}, -1
; CHECK-NEXT: br i1 %lanes.all, label %lanes.full, label %lanes.some
; CHECK: lanes.full:
; CHECK-NEXT: br label %[[FULL:.*]]
; CHECK: [[FULL]]:
; CHECK-NEXT: %[[L:.*]] = phi i32
; CHECK-NEXT: phi <4 x i32>
; CHECK-NEXT: br label %lane.do
; CHECK: lane.do:
; CHECK-NEXT: %[[X:.*]] = extractelement <4 x i8> %[[B]], i32 %[[L]]
; CHECK-NEXT: %[[X64:.*]] = zext i8 %[[X]] to i64
; CHECK-NEXT: %[[P:.*]] = getelementptr inbounds [256 x i32], ptr @local, i64 0, i64 %[[X64]]
; CHECK-NEXT: load i32, ptr %[[P]], align 4
; CHECK: {{^}}lane{{[0-9]+}}:
; CHECK-NEXT: %[[L2:.*]] = phi i32
; CHECK-NEXT: phi <4 x i32>
; CHECK-NEXT: %[[ON:.*]] = extractelement <4 x i1> %{{.*}}, i32 %[[L2]]
; CHECK-NEXT: br i1 %[[ON]]
; CHECK: attributes
define void @histogram(ptr %data, ptr %global, ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pd = getelementptr inbounds i8, ptr %data, i64 %i
  %b = load i8, ptr %pd
  %bin = zext i8 %b to i64
  %ps = getelementptr inbounds [256 x i32], ptr @local, i64 0, i64 %bin
  %old = atomicrmw add ptr %ps, i32 1 monotonic
  %pg = getelementptr inbounds i32, ptr %global, i64 %bin
  %g = atomicrmw add ptr %pg, i32 1 monotonic
  %sum = add i32 %old, %g
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %sum, ptr %po
  ret void
}

define void @dynamic_cas(ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %addr = call ptr @llvm.threadlocal.address.p0(ptr @loom.dynamic.shared)
  %buf = load ptr, ptr %addr, align 8
  %slot = and i32 %tid, 7
  %j = zext nneg i32 %slot to i64
  %p = getelementptr inbounds i32, ptr %buf, i64 %j
  %r = cmpxchg ptr %p, i32 0, i32 %tid monotonic monotonic
  %v = extractvalue { i32, i1 } %r, 0
  %i = zext nneg i32 %tid to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %v, ptr %po
  ret void
}

; Under a mask that is not constantly full (the tail guard of a grid-stride
; loop, here `if (tid < n)`) the lane loop has two copies: one without the
; per-lane mask tests when every lane is active at run time, one with them.
; Each lane addresses shared[bin] from its own extracted byte, not from a
; vector of 64-bit pointers.
define void @masked_histogram(ptr %data, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %in = icmp slt i32 %tid, %n
  br i1 %in, label %body, label %exit
body:
  %i = zext nneg i32 %tid to i64
  %pd = getelementptr inbounds i8, ptr %data, i64 %i
  %b = load i8, ptr %pd
  %bin = zext i8 %b to i64
  %ps = getelementptr inbounds [256 x i32], ptr @local, i64 0, i64 %bin
  %old = atomicrmw add ptr %ps, i32 1 monotonic
  br label %exit
exit:
  ret void
}

declare ptr @llvm.threadlocal.address.p0(ptr)
!0 = !{}

; Atomics in a gang kernel run lane by lane under the mask, in lane order.
; On the block's __shared__ memory (a static __shared__ array, or the dynamic
; shared buffer) they need no atomic instruction: a block runs on one CPU
; thread and only its threads see its shared memory, so each lane does a
; plain read-modify-write and gets the old value back. Global atomics stay
; atomic (global_atomics.ll).
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -S %s | FileCheck %s
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

declare ptr @llvm.threadlocal.address.p0(ptr)
!0 = !{}

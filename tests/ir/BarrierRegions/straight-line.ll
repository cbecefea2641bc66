; A barrier in straight-line code splits the kernel into two parallel
; regions, each in its own thread loop nest; threads record the barrier they
; reached (state 1) or that they exited (-1), and the dispatcher runs the
; region that the first not-exited thread waits for.
; RUN: %opt -passes=loom-thread-loops,verify -loom-uniform-regions=false -S %s | FileCheck %s

; __global__ void rev(int *a) { __shared__ int t[64]; t[threadIdx.x] = a[threadIdx.x];
;                               __syncthreads(); a[threadIdx.x] = t[63 - threadIdx.x]; }
; CHECK-LABEL: define internal void @rev.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK: block.entry:
; CHECK: %thread.arena = load ptr
; CHECK: %thread.state = getelementptr inbounds i8, ptr %thread.arena
; CHECK: br label %region0
; Region 0: every thread runs up to the barrier and records state 1.
; CHECK: region0.thread.x:
; CHECK: %state.addr = getelementptr inbounds i32, ptr %thread.state
; CHECK: region0.thread.z.next:
; CHECK: br i1 {{.*}}, label %region0.thread.z, label %dispatch
; CHECK: region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: store i32 %v.region0, ptr %pt.region0
; Region 1: only threads waiting at barrier 1 run; the thread index is
; recomputed from the new loop counters, nothing is stored per thread.
; CHECK: region1.thread.x:
; CHECK: %state = load i32
; CHECK: icmp eq i32 %state, 1
; CHECK: after.barrier.region1:
; CHECK: zext i32 %tid.x{{[0-9]+}} to i64
; CHECK: store i32 -1, ptr %state.addr
; The dispatcher: scan for a thread that has not exited, switch on its state.
; CHECK: dispatch.scan:
; CHECK: %next.state = call i32 @llvm.umin.i32(
; CHECK: dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NOT: call void @loom.barrier
; Only the state is kept per thread: 4 bytes, padded to 16.
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="16"
@t = internal thread_local global [64 x i32] undef, !loom.shared !0

define void @rev(ptr %a) "loom-kernel" {
  %tx = call i32 @loom.tid.x()
  %i = zext i32 %tx to i64
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %pa
  %pt = getelementptr inbounds [64 x i32], ptr @t, i64 0, i64 %i
  store i32 %v, ptr %pt
  call void @loom.barrier()
  %j = sub i64 63, %i
  %pj = getelementptr inbounds [64 x i32], ptr @t, i64 0, i64 %j
  %w = load i32, ptr %pj
  store i32 %w, ptr %pa
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

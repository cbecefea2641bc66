; Nested loops with a barrier in each (outer body, inner body, outer latch).
; Four regions: 0 up to the first outer barrier; then one region after each
; barrier (see below for the numbering). The counters i and j and the
; accumulator phis are kept per thread.
; RUN: %opt -passes=loom-thread-loops,verify -loom-uniform-regions=false -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"

; __global__ void tiles(int *a, int n, int m) {
;   __shared__ int s[256];
;   int acc = 0;
;   for (int i = 0; i < n; ++i) {
;     s[threadIdx.x] = i;
;     __syncthreads();
;     for (int j = 0; j < m; ++j) {
;       acc += s[0];
;       __syncthreads();
;     }
;     __syncthreads();
;   }
;   a[threadIdx.x] = acc;
; }
; CHECK-LABEL: define internal void @tiles.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK-DAG: %i.reg2mem.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-DAG: %j.reg2mem.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-DAG: %acc.reg2mem.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-DAG: %acc.inner.reg2mem.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-DAG: %acc.next.reg2mem.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK: %thread.state = getelementptr inbounds i8, ptr %thread.arena
; CHECK: {{^}}region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}exit.region0:
; CHECK: store i32 -1, ptr %state.addr
; Region 1: inner loop entry; to the inner barrier or the latch barrier.
; Barriers are numbered in reverse post-order: 1 in the outer body, 2 at
; the outer latch, 3 in the inner body. Region 1 (after the outer-body
; barrier) enters the inner loop and leaves at 3 (inner body) or 2 (latch).
; CHECK: {{^}}region1.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 1
; CHECK-DAG: {{^}}region1.to.barrier3:
; CHECK-DAG: {{^}}region1.to.barrier2:
; CHECK: {{^}}inner.region1:
; CHECK-NEXT: %j.region1 = phi i32 [ 0, %after.barrier.region1 ]
; Region 2 (after the latch barrier): the next outer iteration, to barrier 1
; or the end.
; CHECK: {{^}}region2.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 2
; CHECK: {{^}}region2.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: %i.reload.region2 = load i32, ptr %i.reg2mem.thread
; CHECK: {{^}}exit.region2:
; CHECK: %acc.reload.region2 = load i32, ptr %acc.reg2mem.thread
; CHECK: store i32 -1, ptr %state.addr
; Region 3 (after the inner barrier): one more inner iteration, to 3 or 2.
; CHECK: {{^}}region3.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 3
; CHECK-DAG: {{^}}region3.to.barrier3:
; CHECK-DAG: {{^}}region3.to.barrier2:
; CHECK: %j.reload.region3 = load i32, ptr %j.reg2mem.thread
; CHECK: {{^}}inner.region3:
; CHECK-NEXT: %j.region3 = phi i32 [ %j.next.region3, %after.barrier{{[0-9]*}}.region3 ]
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: i32 2, label %region2
; CHECK-NEXT: i32 3, label %region3
; CHECK-NEXT: ]
; Five i32 slots and the state: 24 bytes, padded to 32.
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="32"
@s = internal thread_local global [256 x i32] undef, !loom.shared !0

define void @tiles(ptr %a, i32 %n, i32 %m) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %t64 = zext i32 %t to i64
  %ps = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %t64
  br label %outer

outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.inner, %outer.latch ]
  %go.i = icmp slt i32 %i, %n
  br i1 %go.i, label %outer.body, label %exit

outer.body:
  store i32 %i, ptr %ps
  call void @loom.barrier()
  br label %inner

inner:
  %j = phi i32 [ 0, %outer.body ], [ %j.next, %inner.body ]
  %acc.inner = phi i32 [ %acc, %outer.body ], [ %acc.next, %inner.body ]
  %go.j = icmp slt i32 %j, %m
  br i1 %go.j, label %inner.body, label %outer.latch

inner.body:
  %x = load i32, ptr @s
  %acc.next = add i32 %acc.inner, %x
  call void @loom.barrier()
  %j.next = add nsw i32 %j, 1
  br label %inner

outer.latch:
  call void @loom.barrier()
  %i.next = add nsw i32 %i, 1
  br label %outer

exit:
  %pa = getelementptr inbounds i32, ptr %a, i64 %t64
  store i32 %acc, ptr %pa
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

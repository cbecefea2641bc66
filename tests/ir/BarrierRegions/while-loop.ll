; A barrier in a while loop whose trip count is a kernel argument. Region 0
; runs the first test and the first body up to the barrier (or exits at
; once); region 1 runs from the barrier through the latch, the next test and
; the next body back to the same barrier, or to the end. The counter i (a
; phi) is kept per thread; the address of s[t] is recomputed.
; RUN: %opt -passes=loom-thread-loops,verify -loom-uniform-regions=false -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"

; __global__ void chase(int *a, int n) {
;   __shared__ int s[256];
;   int i = 0;
;   while (i < n) {
;     s[threadIdx.x] += i;
;     __syncthreads();
;     ++i;
;   }
;   a[threadIdx.x] = s[threadIdx.x];
; }
; CHECK-LABEL: define internal void @chase.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK: %i.reg2mem.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-NOT: .slots =
; CHECK: %thread.state = getelementptr inbounds i8, ptr %thread.arena
; Region 0: stop at the barrier, or exit when n <= 0.
; CHECK: {{^}}region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}cond.region0:
; CHECK-NEXT: %i.region0 = phi i32 [ 0, %entry.region0 ]
; CHECK: {{^}}body.region0:
; CHECK: %ps.remat{{[0-9]*}}.region0 = getelementptr
; CHECK: {{^}}exit.region0:
; CHECK: store i32 -1, ptr %state.addr
; Region 1: from the barrier back to the same barrier, or to the end.
; CHECK: {{^}}region1.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 1
; CHECK: {{^}}region1.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}after.region1:
; CHECK-NEXT: %i.reload.region1 = load i32, ptr %i.reg2mem.thread
; CHECK-NEXT: %i.next.region1 = add nsw i32 %i.reload.region1, 1
; CHECK: {{^}}cond.region1:
; CHECK-NEXT: %i.region1 = phi i32 [ %i.next.region1, %after.region1 ]
; CHECK: {{^}}exit.region1:
; CHECK: store i32 -1, ptr %state.addr
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: ]
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="16"
@s = internal thread_local global [256 x i32] undef, !loom.shared !0

define void @chase(ptr %a, i32 %n) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %t64 = zext i32 %t to i64
  %ps = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %t64
  br label %cond

cond:
  %i = phi i32 [ 0, %entry ], [ %i.next, %after ]
  %go = icmp slt i32 %i, %n
  br i1 %go, label %body, label %exit

body:
  %old = load i32, ptr %ps
  %new = add i32 %old, %i
  store i32 %new, ptr %ps
  call void @loom.barrier()
  br label %after

after:
  %i.next = add nsw i32 %i, 1
  br label %cond

exit:
  %r = load i32, ptr %ps
  %pa = getelementptr inbounds i32, ptr %a, i64 %t64
  store i32 %r, ptr %pa
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

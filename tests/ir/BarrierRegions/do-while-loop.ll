; Two barriers in a do-while loop (rotate a value through shared memory n
; times). Region 0 runs the first half of the first iteration; region 1 the
; second half (between the barriers); region 2 the loop test and the first
; half of the next iteration, back to barrier 1, or the end. The value w is
; loaded between the barriers and used after the loop and in the next
; iteration: a load cannot be recomputed, so it gets an arena slot, as does
; the counter i.
; RUN: %opt -passes=loom-thread-loops,verify -loom-uniform-regions=false -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"

; __global__ void shift(int *a, int n) {
;   __shared__ int s[256];
;   int v = a[threadIdx.x], i = 0;
;   do {
;     s[threadIdx.x] = v;
;     __syncthreads();
;     v = s[(threadIdx.x + 1) & 255];
;     __syncthreads();
;   } while (++i < n);
;   a[threadIdx.x] = v;
; }
; CHECK-LABEL: define internal void @shift.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK: %w.reg2mem.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK: %i.reg2mem.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-NOT: .slots =
; CHECK: %thread.state = getelementptr inbounds i8, ptr %thread.arena
; CHECK: {{^}}region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}body.region0:
; CHECK-NEXT: %v.region0 = phi i32 [ %v0.region0, %entry.region0 ]
; Region 1: between the two barriers; w is stored in its slot.
; CHECK: {{^}}region1.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 1
; CHECK: {{^}}region1.to.barrier2:
; CHECK-NEXT: store i32 2, ptr %state.addr
; CHECK: {{^}}body2.region1:
; CHECK: %w.region1 = load i32, ptr %pn.region1
; CHECK-NEXT: store i32 %w.region1, ptr %w.reg2mem.thread
; Region 2: the loop test, then back to barrier 1 or out of the loop.
; CHECK: {{^}}region2.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 2
; CHECK: {{^}}region2.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}after.barrier2.region2:
; CHECK: %i.next.region2 = add nsw i32 %i.reload.region2, 1
; CHECK: {{^}}body.region2:
; CHECK-NEXT: %v.region2 = phi i32 [ %w.reload{{[0-9]*}}.region2, %after.barrier2.region2 ]
; CHECK: {{^}}exit.region2:
; CHECK: %w.reload.region2 = load i32, ptr %w.reg2mem.thread
; CHECK: store i32 -1, ptr %state.addr
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: i32 2, label %region2
; CHECK-NEXT: ]
; w, i and the state: 12 bytes, padded to 16.
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="16"
@s = internal thread_local global [256 x i32] undef, !loom.shared !0

define void @shift(ptr %a, i32 %n) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %t64 = zext i32 %t to i64
  %pa = getelementptr inbounds i32, ptr %a, i64 %t64
  %v0 = load i32, ptr %pa
  br label %body

body:
  %v = phi i32 [ %v0, %entry ], [ %w, %body2 ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %body2 ]
  %ps = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %t64
  store i32 %v, ptr %ps
  call void @loom.barrier()
  br label %body2

body2:
  %t1 = add i32 %t, 1
  %t1m = and i32 %t1, 255
  %t1m64 = zext i32 %t1m to i64
  %pn = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %t1m64
  %w = load i32, ptr %pn
  call void @loom.barrier()
  %i.next = add nsw i32 %i, 1
  %again = icmp slt i32 %i.next, %n
  br i1 %again, label %body, label %exit

exit:
  store i32 %w, ptr %pa
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

; Divergent barriers (undefined behaviour in CUDA): threads 0..15 wait at one
; __syncthreads, the others at another. Loom does not hang: region 0 leaves
; threads in state 1 or 2 (barriers are numbered in reverse post-order: the
; else branch's is 1 here); the dispatcher runs the region with the lowest
; waiting number (region 1 for threads 16..), then scans again and runs
; region 2 for the rest. Each group runs in thread order, so the result is
; deterministic.
; RUN: %opt -passes=loom-thread-loops,verify -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"

; __global__ void split(int *a) {
;   if (threadIdx.x < 16) { a[threadIdx.x] = 1; __syncthreads(); }
;   else                  { __syncthreads(); a[threadIdx.x] = 2; }
; }
; CHECK-LABEL: define internal void @split.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK-DAG: {{^}}region0.to.barrier1:
; CHECK-DAG: store i32 1, ptr %state.addr
; CHECK-DAG: {{^}}region0.to.barrier2:
; CHECK-DAG: store i32 2, ptr %state.addr
; CHECK: {{^}}entry.region0:
; CHECK: %lo.region0 = icmp ult i32 %tid.x, 16
; CHECK: {{^}}region1.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 1
; CHECK: {{^}}region2.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 2
; Every region returns to the dispatcher, which scans all threads again for
; the lowest waiting barrier number.
; CHECK: {{^}}dispatch.scan:
; CHECK-NEXT: %t{{[0-9]*}} = phi i64 [ 0, %dispatch ]
; CHECK: %next.state = call i32 @llvm.umin.i32(
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: i32 2, label %region2
; CHECK-NEXT: ]
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="16"
define void @split(ptr %a) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %t64 = zext i32 %t to i64
  %pa = getelementptr inbounds i32, ptr %a, i64 %t64
  %lo = icmp ult i32 %t, 16
  br i1 %lo, label %low, label %high

low:
  store i32 1, ptr %pa
  call void @loom.barrier()
  br label %exit

high:
  call void @loom.barrier()
  store i32 2, ptr %pa
  br label %exit

exit:
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

; Some threads return before the barrier (`if (threadIdx.x >= n) return;`).
; As on Volta and later GPUs, the barrier then waits only for the threads
; that have not exited: those record -1 in region 0, region 1 runs only the
; threads whose state is 1, and the dispatcher's scan skips exited threads.
; RUN: %opt -passes=loom-thread-loops,verify -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"

; __global__ void partial(int *a, unsigned n) {
;   __shared__ int s[256];
;   if (threadIdx.x >= n) return;
;   s[threadIdx.x] = threadIdx.x;
;   __syncthreads();
;   a[threadIdx.x] = s[0];
; }
; CHECK-LABEL: define internal void @partial.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK: {{^}}region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}entry.region0:
; CHECK-NEXT: %out.region0 = icmp uge i32 %tid.x, %n
; CHECK-NEXT: br i1 %out.region0, label %early.region0, label %work.region0
; CHECK: {{^}}early.region0:
; CHECK-NEXT: store i32 -1, ptr %state.addr
; CHECK-NEXT: br label %region0.thread.x.next
; Region 1: an exited thread fails the state test and is skipped.
; CHECK: {{^}}region1.thread.x:
; CHECK: %state = load i32, ptr %state.addr
; CHECK-NEXT: [[MINE:%.*]] = icmp eq i32 %state, 1
; CHECK-NEXT: br i1 [[MINE]], label %after.barrier.region1, label %region1.thread.x.next
; CHECK: {{^}}after.barrier.region1:
; CHECK: store i32 -1, ptr %state.addr
; CHECK: {{^}}dispatch.scan:
; CHECK: %next.state = call i32 @llvm.umin.i32(
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: ]
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="16"
@s = internal thread_local global [256 x i32] undef, !loom.shared !0

define void @partial(ptr %a, i32 %n) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %out = icmp uge i32 %t, %n
  br i1 %out, label %early, label %work

early:
  ret void

work:
  %t64 = zext i32 %t to i64
  %ps = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %t64
  store i32 %t, ptr %ps
  call void @loom.barrier()
  %x = load i32, ptr @s
  %pa = getelementptr inbounds i32, ptr %a, i64 %t64
  store i32 %x, ptr %pa
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

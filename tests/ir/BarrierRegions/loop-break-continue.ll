; A barrier inside a loop with `continue` (odd i skip the barrier) and
; `break` (leave after the barrier when s[0] == 42). Region 0 runs the loop
; from the start, around the `continue` edges, up to the barrier or the
; normal exit; region 1 runs from the barrier: `break` goes to the exit, the
; fallthrough goes around the loop (including `continue`s) back to the same
; barrier. The exit's phi keeps the incoming edges of each region: region 0
; reaches it only from the loop test, region 1 from both the test and the
; break. The counter i is kept per thread.
; RUN: %opt -passes=loom-thread-loops,verify -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"

; __global__ void search(int *a, int n) {
;   __shared__ int s[256];
;   int r = -1;
;   for (int i = 0; i < n; ++i) {
;     if (i & 1) continue;
;     s[threadIdx.x] = i;
;     __syncthreads();
;     if (s[0] == 42) { r = i; break; }
;   }
;   a[threadIdx.x] = r;
; }
; CHECK-LABEL: define internal void @search.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK: %i.reg2mem.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-NOT: .slots =
; CHECK: %thread.state = getelementptr inbounds i8, ptr %thread.arena
; CHECK: {{^}}region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}loop.region0:
; CHECK-NEXT: %i.region0 = phi i32 [ 0, %entry.region0 ], [ %i.next.region0, %latch.region0 ]
; CHECK: {{^}}body.region0:
; CHECK: br i1 %skip.region0, label %latch.region0, label %sync.region0
; CHECK: {{^}}exit.region0:
; CHECK-NEXT: %r.region0 = phi i32 [ -1, %loop.region0 ]
; CHECK: store i32 -1, ptr %state.addr
; CHECK: {{^}}sync.region0:
; CHECK: br label %region0.to.barrier1
; CHECK: {{^}}region1.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 1
; CHECK: {{^}}region1.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}after.barrier.region1:
; CHECK: %i.reload.region1 = load i32, ptr %i.reg2mem.thread
; CHECK: br i1 %found.region1, label %exit.region1, label %latch.region1
; CHECK: {{^}}exit.region1:
; CHECK-NEXT: %r.region1 = phi i32 [ -1, %loop.region1 ], [ %i.reload.region1, %after.barrier.region1 ]
; CHECK: store i32 -1, ptr %state.addr
; CHECK: {{^}}loop.region1:
; CHECK-NEXT: %i.region1 = phi i32 [ %i.next.region1, %latch.region1 ]
; CHECK: {{^}}body.region1:
; CHECK: br i1 %skip.region1, label %latch.region1, label %sync.region1
; CHECK: {{^}}sync.region1:
; CHECK: br label %region1.to.barrier1
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: ]
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="16"
@s = internal thread_local global [256 x i32] undef, !loom.shared !0

define void @search(ptr %a, i32 %n) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %t64 = zext i32 %t to i64
  %ps = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %t64
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %go = icmp slt i32 %i, %n
  br i1 %go, label %body, label %exit

body:
  %odd = and i32 %i, 1
  %skip = icmp ne i32 %odd, 0
  br i1 %skip, label %latch, label %sync

sync:
  store i32 %i, ptr %ps
  call void @loom.barrier()
  %x = load i32, ptr @s
  %found = icmp eq i32 %x, 42
  br i1 %found, label %exit, label %latch

latch:
  %i.next = add nsw i32 %i, 1
  br label %loop

exit:
  %r = phi i32 [ -1, %loop ], [ %i, %sync ]
  %pa = getelementptr inbounds i32, ptr %a, i64 %t64
  store i32 %r, ptr %pa
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

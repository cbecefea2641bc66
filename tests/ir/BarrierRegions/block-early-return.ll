; The whole block returns before the barrier (`if (blockIdx.x == 0)
; return;`, a uniform condition). In region 0 every thread of such a block
; records -1 ("exited"): the dispatcher finds no thread that has not exited
; and leaves the block without running region 1. blockIdx is the %bx
; parameter of the block function.
; RUN: %opt -passes=loom-thread-loops,verify -loom-uniform-regions=false -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"

; __global__ void skip_first(int *a) {
;   __shared__ int s[256];
;   if (blockIdx.x == 0) return;
;   s[threadIdx.x] = threadIdx.x;
;   __syncthreads();
;   a[threadIdx.x] = s[0];
; }
; CHECK-LABEL: define internal void @skip_first.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK: {{^}}region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}entry.region0:
; CHECK-NEXT: %first.region0 = icmp eq i32 %bx, 0
; CHECK-NEXT: br i1 %first.region0, label %exit.region0, label %work.region0
; CHECK: {{^}}exit.region0:
; CHECK-NEXT: store i32 -1, ptr %state.addr
; CHECK-NEXT: br label %region0.thread.x.next
; CHECK: {{^}}work.region0:
; CHECK: br label %region0.to.barrier1
; CHECK: {{^}}region1.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 1
; CHECK: {{^}}exit.region1:
; CHECK-NEXT: store i32 -1, ptr %state.addr
; The scan skips exited threads; if all exited, the block is done.
; CHECK: {{^}}dispatch.scan:
; CHECK: %next.state = call i32 @llvm.umin.i32(
; CHECK: br i1 %{{.*}}, label %dispatch.scan, label %dispatch.found
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: ]
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="16"
@s = internal thread_local global [256 x i32] undef, !loom.shared !0

define void @skip_first(ptr %a) "loom-kernel" {
entry:
  %b = call i32 @loom.ctaid.x()
  %first = icmp eq i32 %b, 0
  br i1 %first, label %exit, label %work

work:
  %t = call i32 @loom.tid.x()
  %t64 = zext i32 %t to i64
  %ps = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %t64
  store i32 %t, ptr %ps
  call void @loom.barrier()
  %x = load i32, ptr @s
  %pa = getelementptr inbounds i32, ptr %a, i64 %t64
  store i32 %x, ptr %pa
  br label %exit

exit:
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare i32 @loom.ctaid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

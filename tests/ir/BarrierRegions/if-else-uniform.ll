; Barriers in both branches of an if/else whose condition is uniform (a
; kernel argument). Region 0 runs the condition and either branch up to its
; barrier: a thread records barrier 1 (then) or 2 (else). Regions 1 and 2 each
; run the rest of their branch and the join, cloned into both; the join's phi
; keeps only the incoming edge of its own region. Nothing but the state is
; kept per thread.
; RUN: %opt -passes=loom-thread-loops,verify -loom-uniform-regions=false -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"

; __global__ void pick(int *a, int mode) {
;   __shared__ int s[256];
;   int v;
;   if (mode == 0) {
;     s[threadIdx.x] = threadIdx.x;
;     __syncthreads();
;     v = s[255 - threadIdx.x];
;   } else {
;     s[threadIdx.x] = 2 * threadIdx.x;
;     __syncthreads();
;     v = s[0];
;   }
;   a[threadIdx.x] = v;
; }
; CHECK-LABEL: define internal void @pick.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK-NOT: .slots =
; CHECK: %thread.state = getelementptr inbounds i8, ptr %thread.arena
; Barriers are numbered in reverse post-order, so the else branch's comes
; first here (either order is correct; lagging groups run first).
; CHECK: {{^}}region0.to.barrier2:
; CHECK-NEXT: store i32 2, ptr %state.addr
; CHECK: {{^}}region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}entry.region0:
; CHECK: br i1 %c.region0, label %then.region0, label %else.region0
; CHECK: {{^}}then.region0:
; CHECK: br label %region0.to.barrier2
; CHECK: {{^}}else.region0:
; CHECK: br label %region0.to.barrier1
; Region 1: the rest of `else`, and the join.
; CHECK: {{^}}region1.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 1
; CHECK: {{^}}join.region1:
; CHECK-NEXT: %v.region1 = phi i32 [ %y.region1, %after.barrier{{[0-9]*}}.region1 ]
; CHECK: store i32 -1, ptr %state.addr
; Region 2: the rest of `then`, and the join.
; CHECK: {{^}}region2.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 2
; CHECK: {{^}}join.region2:
; CHECK-NEXT: %v.region2 = phi i32 [ %x.region2, %after.barrier{{[0-9]*}}.region2 ]
; CHECK: store i32 -1, ptr %state.addr
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: i32 2, label %region2
; CHECK-NEXT: ]
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="16"
@s = internal thread_local global [256 x i32] undef, !loom.shared !0

define void @pick(ptr %a, i32 %mode) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %t64 = zext i32 %t to i64
  %ps = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %t64
  %pa = getelementptr inbounds i32, ptr %a, i64 %t64
  %c = icmp eq i32 %mode, 0
  br i1 %c, label %then, label %else

then:
  store i32 %t, ptr %ps
  call void @loom.barrier()
  %r = sub i32 255, %t
  %r64 = zext i32 %r to i64
  %pr = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %r64
  %x = load i32, ptr %pr
  br label %join

else:
  %m = mul i32 %t, 2
  store i32 %m, ptr %ps
  call void @loom.barrier()
  %y = load i32, ptr @s
  br label %join

join:
  %v = phi i32 [ %x, %then ], [ %y, %else ]
  store i32 %v, ptr %pa
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

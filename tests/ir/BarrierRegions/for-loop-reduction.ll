; A barrier inside a for loop with a uniform trip count (the shared-memory
; tree reduction). Three regions: 0 runs up to the first barrier; 1 runs
; after it, into the loop, up to the loop barrier (2) or the end; 2 runs the
; next iteration, again up to barrier 2 or the end, so the dispatcher runs
; region 2 once per iteration. The counter k is a phi that is live across
; the loop barrier: it is kept per thread in an arena slot. The address of
; s[t] is a pure function of threadIdx: it is recomputed (.remat) instead.
; RUN: %opt -passes=loom-thread-loops,verify -loom-uniform-regions=false -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"

; __global__ void sum(float *a) {
;   __shared__ float s[256];
;   unsigned t = threadIdx.x;
;   s[t] = a[t];
;   __syncthreads();
;   for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
;     if (t < k) s[t] += s[t + k];
;     __syncthreads();
;   }
;   if (t == 0) a[0] = s[0];
; }
; CHECK-LABEL: define internal void @sum.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK: {{^}}block.entry:
; CHECK: %k.reg2mem.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-NOT: .slots =
; CHECK: %thread.state = getelementptr inbounds i8, ptr %thread.arena
; Region 0: every thread stops at barrier 1.
; CHECK: {{^}}region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; Region 1: threads at barrier 1 enter the loop; they stop at barrier 2 or
; leave the loop and exit.
; CHECK: {{^}}region1.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 1
; CHECK: {{^}}region1.to.barrier2:
; CHECK-NEXT: store i32 2, ptr %state.addr
; CHECK: {{^}}loop.region1:
; CHECK-NEXT: %k.region1 = phi i32 [ %k0.region1, %after.barrier.region1 ]
; CHECK-NEXT: store i32 %k.region1, ptr %k.reg2mem.thread
; CHECK: {{^}}add.region1:
; CHECK: %ps.remat{{[0-9]*}}.region1 = getelementptr inbounds [256 x float], ptr @s, i64 0, i64 %t64.remat
; CHECK: {{^}}exit.region1:
; CHECK-NEXT: store i32 -1, ptr %state.addr
; Region 2: one more iteration, from barrier 2 back to barrier 2 (or the end);
; k comes back from its slot.
; CHECK: {{^}}region2.thread.x:
; CHECK: icmp eq i32 %state{{[0-9]*}}, 2
; CHECK: {{^}}region2.to.barrier2:
; CHECK-NEXT: store i32 2, ptr %state.addr
; CHECK: {{^}}after.barrier2.region2:
; CHECK-NEXT: %k.reload.region2 = load i32, ptr %k.reg2mem.thread
; CHECK-NEXT: %k.next.region2 = lshr i32 %k.reload.region2, 1
; CHECK: {{^}}exit.region2:
; CHECK-NEXT: store i32 -1, ptr %state.addr
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: i32 2, label %region2
; CHECK-NEXT: ]
; k (4 bytes) and the state (4 bytes), padded to 16.
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="16"
@s = internal thread_local global [256 x float] undef, !loom.shared !0

define void @sum(ptr %a) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %bdx = call i32 @loom.ntid.x()
  %t64 = zext i32 %t to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %t64
  %v = load float, ptr %pa
  %ps = getelementptr inbounds [256 x float], ptr @s, i64 0, i64 %t64
  store float %v, ptr %ps
  call void @loom.barrier()
  %k0 = lshr i32 %bdx, 1
  br label %loop

loop:
  %k = phi i32 [ %k0, %entry ], [ %k.next, %latch ]
  %more = icmp ne i32 %k, 0
  br i1 %more, label %body, label %done

body:
  %active = icmp ult i32 %t, %k
  br i1 %active, label %add, label %latch

add:
  %tk = add i32 %t, %k
  %tk64 = zext i32 %tk to i64
  %pk = getelementptr inbounds [256 x float], ptr @s, i64 0, i64 %tk64
  %x = load float, ptr %pk
  %y = load float, ptr %ps
  %xy = fadd float %x, %y
  store float %xy, ptr %ps
  br label %latch

latch:
  call void @loom.barrier()
  %k.next = lshr i32 %k, 1
  br label %loop

done:
  %first = icmp eq i32 %t, 0
  br i1 %first, label %write, label %exit

write:
  %r = load float, ptr @s
  store float %r, ptr %a
  br label %exit

exit:
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare i32 @loom.ntid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

; Which values live across a barrier are kept per thread. %v is loaded from
; global memory before the barrier and used after it: it cannot be
; recomputed (the memory may have changed), so it is demoted to an arena
; slot, stored in region 0 and reloaded in region 1. %pa, the address
; a + blockIdx.x * blockDim.x + threadIdx.x, is also used after the barrier
; but is a pure function of arguments and block/thread indices: region 1
; recomputes it (.remat) from its own thread counter and gets no slot.
; RUN: %opt -passes=loom-thread-loops,verify -loom-uniform-regions=false -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"

; __global__ void swap(int *a) {
;   __shared__ int s[256];
;   int *p = &a[blockIdx.x * blockDim.x + threadIdx.x];
;   int v = *p;
;   s[threadIdx.x] = v;
;   __syncthreads();
;   *p = v + s[0];
; }
; CHECK-LABEL: define internal void @swap.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; Exactly one slot besides the state: v's.
; CHECK: %v.reg2mem.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-NOT: .slots =
; CHECK: %thread.state = getelementptr inbounds i8, ptr %thread.arena
; CHECK: {{^}}entry.region0:
; CHECK: %v.region0 = load i32, ptr %pa.region0
; CHECK-NEXT: store i32 %v.region0, ptr %v.reg2mem.thread,
; CHECK: {{^}}after.barrier.region1:
; CHECK: %v.reload.region1 = load i32, ptr %v.reg2mem.thread{{[0-9]+}},
; CHECK-NEXT: %sum.region1 = add i32 %v.reload.region1, %w.region1
; CHECK-NEXT: %base.remat.region1 = mul i32 %bx, %blockDim.x
; CHECK-NEXT: %gid.remat.region1 = add i32 %base.remat.region1, %tid.x{{[0-9]+}}
; CHECK-NEXT: %gid64.remat.region1 = zext i32 %gid.remat.region1 to i64
; CHECK-NEXT: %pa.remat.region1 = getelementptr inbounds i32, ptr %a, i64 %gid64.remat.region1
; CHECK-NEXT: store i32 %sum.region1, ptr %pa.remat.region1
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: ]
; v and the state: 8 bytes, padded to 16.
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="16"
@s = internal thread_local global [256 x i32] undef, !loom.shared !0

define void @swap(ptr %a) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %b = call i32 @loom.ctaid.x()
  %bd = call i32 @loom.ntid.x()
  %base = mul i32 %b, %bd
  %gid = add i32 %base, %t
  %gid64 = zext i32 %gid to i64
  %pa = getelementptr inbounds i32, ptr %a, i64 %gid64
  %v = load i32, ptr %pa
  %t64 = zext i32 %t to i64
  %ps = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %t64
  store i32 %v, ptr %ps
  call void @loom.barrier()
  %w = load i32, ptr @s
  %sum = add i32 %v, %w
  store i32 %sum, ptr %pa
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare i32 @loom.ctaid.x() nounwind willreturn memory(none)
declare i32 @loom.ntid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

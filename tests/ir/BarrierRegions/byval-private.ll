; A struct passed by value and written by the kernel: every thread needs its
; own copy (CUDA passes each thread the argument's value). With a barrier,
; the copy must survive into the next region, so the private copy is an
; arena slot (p.private, 16 bytes per thread): region 0 copies the argument
; into the thread's slot, and region 1 reads the same slot.
; RUN: %opt -passes=loom-thread-loops,verify -loom-uniform-regions=false -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"

; struct P { int v[4]; };
; __global__ void bump(P p, int *out) {
;   p.v[threadIdx.x & 3] += 1;
;   __syncthreads();
;   out[threadIdx.x] = p.v[(threadIdx.x + 1) & 3];
; }
; CHECK-LABEL: define internal void @bump.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK: %p.private.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-NOT: .slots =
; CHECK: %thread.state = getelementptr inbounds i8, ptr %thread.arena
; Thread t's copy: slot base + t * 16.
; CHECK: {{^}}region0.thread.x:
; CHECK: [[OFF0:%.*]] = mul i64 %{{.*}}, 16
; CHECK-NEXT: %p.private.thread = getelementptr inbounds i8, ptr %p.private.slots, i64 [[OFF0]]
; CHECK: {{^}}entry.region0:
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p.private.thread, ptr align 4 %p, i64 16, i1 false)
; CHECK: %pk.region0 = getelementptr inbounds [4 x i32], ptr %p.private.thread, i64 0, i64 %k64.region0
; CHECK: store i32 %x1.region0, ptr %pk.region0
; CHECK: {{^}}region1.thread.x:
; CHECK: [[OFF1:%.*]] = mul i64 %{{.*}}, 16
; CHECK-NEXT: %[[COPY1:p.private.thread[0-9]+]] = getelementptr inbounds i8, ptr %p.private.slots, i64 [[OFF1]]
; CHECK: {{^}}after.barrier.region1:
; CHECK-NOT: memcpy
; CHECK: %pj.region1 = getelementptr inbounds [4 x i32], ptr %[[COPY1]], i64 0, i64 %j64.region1
; CHECK-NEXT: load i32, ptr %pj.region1
; CHECK: {{^}}dispatch.found:
; The copy (16 bytes) and the state (4): padded to 32.
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="32"
%struct.P = type { [4 x i32] }

define void @bump(ptr byval(%struct.P) align 4 %p, ptr %out) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %k = and i32 %t, 3
  %k64 = zext i32 %k to i64
  %pk = getelementptr inbounds [4 x i32], ptr %p, i64 0, i64 %k64
  %x = load i32, ptr %pk
  %x1 = add nsw i32 %x, 1
  store i32 %x1, ptr %pk
  call void @loom.barrier()
  %t1 = add i32 %t, 1
  %j = and i32 %t1, 3
  %j64 = zext i32 %j to i64
  %pj = getelementptr inbounds [4 x i32], ptr %p, i64 0, i64 %j64
  %y = load i32, ptr %pj
  %t64 = zext i32 %t to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %t64
  store i32 %y, ptr %po
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

; Regions every thread leaves the same way (BarrierRegions' exitsAreUniform):
; every thread runs every region the block runs, so a region does not test
; the thread's state, and the dispatcher reads thread 0's state instead of
; scanning all of them. Threads still record the barrier they reached.
; The same kernels with -loom-uniform-regions=false keep the general scheme.
; RUN: %opt -passes=loom-thread-loops,verify -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.barrier"
; RUN: %opt -passes=loom-thread-loops,verify -loom-uniform-regions=false -S %s \
; RUN:   | FileCheck %s --check-prefix=GENERAL

; Straight line, a divergent if/else between the barriers (threads part
; only where one way out is left), and an early return of whole blocks (a
; launch-uniform condition).
; __global__ void straight(int *a, int n) {
;   __shared__ int t[64];
;   if (blockIdx.x >= n) return;
;   t[threadIdx.x] = threadIdx.x < 7 ? a[threadIdx.x] : 0;
;   __syncthreads();
;   a[threadIdx.x] = t[63 - threadIdx.x];
; }
; CHECK-LABEL: define internal void @straight.block(
; CHECK-NOT: dispatch.scan
; CHECK: {{^}}dispatch:
; CHECK-NEXT: %next.state = load i32, ptr %thread.state
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK: {{^}}region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}region1.thread.x:
; CHECK-NOT: load i32, ptr %state.addr
; CHECK: br label %after.barrier.region1
; CHECK-LABEL: define internal void @divergent_return.block(
; GENERAL-LABEL: define internal void @straight.block(
; GENERAL: {{^}}region1.thread.x:
; GENERAL: %state = load i32, ptr %state.addr
; GENERAL: dispatch.scan:
; GENERAL-LABEL: define internal void @divergent_return.block(

@t = internal thread_local global [64 x i32] undef, !loom.shared !0

define void @straight(ptr %a, i32 %n) "loom-kernel" {
entry:
  %bx = call i32 @loom.ctaid.x()
  %out = icmp uge i32 %bx, %n
  br i1 %out, label %exit, label %work
work:
  %tx = call i32 @loom.tid.x()
  %i = zext i32 %tx to i64
  %few = icmp ult i32 %tx, 7
  br i1 %few, label %load, label %join
load:
  %pa0 = getelementptr inbounds i32, ptr %a, i64 %i
  %v0 = load i32, ptr %pa0
  br label %join
join:
  %v = phi i32 [ %v0, %load ], [ 0, %work ]
  %pt = getelementptr inbounds [64 x i32], ptr @t, i64 0, i64 %i
  store i32 %v, ptr %pt
  call void @loom.barrier()
  %j = sub i64 63, %i
  %pj = getelementptr inbounds [64 x i32], ptr @t, i64 0, i64 %j
  %w = load i32, ptr %pj
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %w, ptr %pa
  br label %exit
exit:
  ret void
}

; A thread-dependent return before the barrier: threads of one block leave
; region 0 two ways, so the general scheme stays.
; __global__ void divergent_return(int *a) {
;   __shared__ int t[64];
;   if (threadIdx.x >= 60) return;
;   t[threadIdx.x] = 1;
;   __syncthreads();
;   a[threadIdx.x] = t[59 - threadIdx.x];
; }
; CHECK: {{^}}region1.thread.x:
; CHECK: %state = load i32, ptr %state.addr
; CHECK: icmp eq i32 %state, 1
; CHECK: dispatch.scan:
; CHECK-LABEL: define internal void @barrier_loop.block(
; GENERAL: dispatch.scan:
; GENERAL-LABEL: define internal void @barrier_loop.block(
define void @divergent_return(ptr %a) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %out = icmp uge i32 %tx, 60
  br i1 %out, label %exit, label %work
work:
  %i = zext i32 %tx to i64
  %pt = getelementptr inbounds [64 x i32], ptr @t, i64 0, i64 %i
  store i32 1, ptr %pt
  call void @loom.barrier()
  %j = sub i64 59, %i
  %pj = getelementptr inbounds [64 x i32], ptr @t, i64 0, i64 %j
  %w = load i32, ptr %pj
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %w, ptr %pa
  br label %exit
exit:
  ret void
}

; A barrier in a loop whose trip count is a kernel argument: the loop
; counter is a phi of uniform values and the loop is entered by all threads,
; so every thread takes the back edge or leaves together (the block-wide
; uniformity analysis, run before the counter becomes a per-thread slot):
; the dispatcher goes back to region 1 or on to the end.
; __global__ void barrier_loop(int *a, int n) {
;   __shared__ int t[64];
;   for (int k = 0; k < n; ++k) {
;     t[threadIdx.x] = a[threadIdx.x] + k;
;     __syncthreads();
;     a[threadIdx.x] = t[63 - threadIdx.x];
;   }
; }
; CHECK-NOT: dispatch.scan
; CHECK: {{^}}dispatch:
; CHECK-NEXT: %next.state = load i32, ptr %thread.state
; CHECK: {{^}}region1.thread.x:
; CHECK-NOT: load i32, ptr %state.addr
; CHECK: br label %after.barrier.region1
; CHECK-LABEL: define internal void @join_counter.block(
; GENERAL: dispatch.scan:
define void @barrier_loop(ptr %a, i32 %n) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %i = zext i32 %tx to i64
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %pt = getelementptr inbounds [64 x i32], ptr @t, i64 0, i64 %i
  %j = sub i64 63, %i
  %pj = getelementptr inbounds [64 x i32], ptr @t, i64 0, i64 %j
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %exit
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %v = load i32, ptr %pa
  %vk = add i32 %v, %k
  store i32 %vk, ptr %pt
  call void @loom.barrier()
  %w = load i32, ptr %pj
  store i32 %w, ptr %pa
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; The trip count is a phi at the join of a divergent branch (2 for even
; threads, 3 for odd ones): uniform incoming values, but threads that took
; different sides see different ones. (A barrier reached a different number
; of times is undefined in CUDA; Loom keeps the general scheme, which runs
; it without hanging.)
; CHECK: dispatch.scan:
define void @join_counter(ptr %a) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %i = zext i32 %tx to i64
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %odd = and i32 %tx, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %three, label %join
three:
  br label %join
join:
  %n = phi i32 [ 3, %three ], [ 2, %entry ]
  br label %loop
loop:
  %k = phi i32 [ 0, %join ], [ %k.next, %loop ]
  store i32 %k, ptr %pa
  call void @loom.barrier()
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare i32 @loom.ctaid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

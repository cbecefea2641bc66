; Warps of a 2D block with a partial last warp: warp w is linear threads
; 32w .. 32w + 31 (tid.x + blockDim.x * (tid.y + blockDim.y * tid.z), as
; CUDA numbers lanes), so the flat nest files each thread's operands at its
; linear index, and the per-warp preamble needs no thread coordinates: it
; runs ceil(threads / 32) warps of min(32, threads - 32w) lanes (a 12 x 5
; block: 32 lanes, then 28). A ballot is computed once per warp (an
; or-reduction over the lanes present), then each lane's result is that
; ballot restricted to its member mask.
; RUN: %opt -passes=loom-thread-loops,verify -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call i32 @loom.warp.collective"

; CHECK-LABEL: define internal void @votes.block(
; CHECK: %threads = mul i32 {{.*}}, %blockDim.z
; CHECK-NEXT: [[THREADS:%[0-9]+]] = zext i32 %threads to i64
; CHECK: {{^}}region1:
; CHECK-NEXT: [[R:%[0-9]+]] = add i64 [[THREADS]], 31
; CHECK-NEXT: %warps = lshr i64 [[R]], 5
; Region 0: the thread's slots are at its linear index.
; CHECK: {{^}}region0.thread.x:
; CHECK: [[M:%[0-9]+]] = mul nuw nsw i32 %blockDim.y, %tid.z
; CHECK-NEXT: [[YZ:%[0-9]+]] = add nuw nsw i32 %tid.y, [[M]]
; CHECK-NEXT: [[ROW:%[0-9]+]] = mul nuw nsw i32 %blockDim.x, [[YZ]]
; CHECK-NEXT: %tid.linear = add nuw nsw i32 %tid.x, [[ROW]]
; CHECK-NEXT: [[LIN:%[0-9]+]] = zext i32 %tid.linear to i64
; CHECK-NEXT: %state.addr = getelementptr inbounds i32, ptr %thread.state, i64 [[LIN]]
; CHECK: {{^}}entry.region0:
; CHECK: [[P:%.*]] = zext i1 %pos.region0 to i32
; CHECK: store i32 [[P]], ptr %warp.value.thread
; The last warp has threads - 32w lanes.
; CHECK: {{^}}warp.loop:
; CHECK: %warp.base = shl i64 %warp, 5
; CHECK-NEXT: [[LEFT:%[0-9]+]] = sub i64 [[THREADS]], %warp.base
; CHECK-NEXT: %warp.lanes = call i64 @llvm.umin.i64(i64 [[LEFT]], i64 32)
; CHECK: {{^}}warp.compute:
; CHECK-NEXT: [[OFF:%[0-9]+]] = mul i64 %warp.base, 4
; CHECK-NEXT: [[VALUES:%[0-9]+]] = getelementptr inbounds i8, ptr %warp.value.slots, i64 [[OFF]]
; CHECK-NEXT: br label %warp.ballot
; CHECK: {{^}}warp.arrived:
; CHECK: [[MASK:%[0-9]+]] = or i32 %warp.arrived.acc,
; CHECK: icmp ult i64 {{.*}}, %warp.lanes
; The ballot: lanes present (bit of the arrived mask) with a nonzero value.
; CHECK: {{^}}warp.ballot:
; CHECK: %warp.ballot.acc = phi i32 [ 0, %warp.compute ]
; CHECK: [[VP:%[0-9]+]] = getelementptr inbounds i32, ptr [[VALUES]], i64 %lane
; CHECK-NEXT: [[V:%[0-9]+]] = load i32, ptr [[VP]]
; CHECK-NEXT: [[NZ:%[0-9]+]] = icmp ne i32 [[V]], 0
; CHECK-NEXT: [[SH:%[0-9]+]] = lshr i32 [[MASK]],
; CHECK-NEXT: [[B:%[0-9]+]] = and i32 [[SH]], 1
; CHECK-NEXT: [[HAS:%[0-9]+]] = icmp ne i32 [[B]], 0
; CHECK-NEXT: [[BOTH:%[0-9]+]] = and i1 [[HAS]], [[NZ]]
; CHECK-NEXT: [[Z:%[0-9]+]] = zext i1 [[BOTH]] to i32
; CHECK-NEXT: [[BIT:%[0-9]+]] = shl i32 [[Z]],
; CHECK-NEXT: [[BALLOT:%[0-9]+]] = or i32 %warp.ballot.acc, [[BIT]]
; CHECK: icmp ult i64 {{.*}}, %warp.lanes
; Each lane: ballot & its member mask.
; CHECK: {{^}}warp.results:
; CHECK: [[MEM:%[0-9]+]] = load i32, ptr
; CHECK-NEXT: [[MINE:%[0-9]+]] = and i32 [[BALLOT]], [[MEM]]
; CHECK: store i32 [[MINE]], ptr
; CHECK: icmp ult i64 {{.*}}, %warp.lanes
; CHECK: {{^}}after.barrier.region1:
; CHECK-NEXT: %warp.result{{[0-9]*}}.region1 = load i32, ptr %warp.result.thread
; A 2D block (say 12 x 5 = 60 threads: one full warp and a partial one of
; 28 lanes) and a ballot:
; __global__ void votes(const int *in, unsigned *out) {
;   int t = threadIdx.y * blockDim.x + threadIdx.x;
;   out[t] = __ballot_sync(0xffffffff, in[t] > 0);
; }
define void @votes(ptr %in, ptr %out) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %ty = call i32 @loom.tid.y()
  %nx = call i32 @loom.ntid.x()
  %row = mul i32 %ty, %nx
  %t = add i32 %row, %tx
  %t64 = zext i32 %t to i64
  %pi = getelementptr inbounds i32, ptr %in, i64 %t64
  %x = load i32, ptr %pi
  %pos = icmp sgt i32 %x, 0
  %p = zext i1 %pos to i32
  %b = call i32 @loom.warp.collective(i32 4, i32 -1, i32 %p, i32 0, i32 0)
  %po = getelementptr inbounds i32, ptr %out, i64 %t64
  store i32 %b, ptr %po
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare i32 @loom.tid.y() nounwind willreturn memory(none)
declare i32 @loom.ntid.x() nounwind willreturn memory(none)
declare i32 @loom.warp.collective(i32, i32, i32, i32, i32) convergent nounwind

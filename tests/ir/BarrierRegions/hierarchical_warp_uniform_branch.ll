; A warp collective under a warp-uniform branch (COX's example: per-warp
; shuffle reductions, partial sums in shared memory, __syncthreads, then the
; first warp reduces them under `if (threadIdx.x < 32)`). The collectives
; are numbered before the block barrier (1: shfl.down, 2: shfl.xor,
; 3: __syncthreads). After the barrier (region 3, a flat nest over the
; block) threads 0..31 go on to collective 2 and the others exit; the
; dispatcher then runs region 2, whose per-warp preamble finds arrived lanes
; only in warp 0 (state 2): every other warp's mask is 0 and skips the
; results, as on a GPU where only warp 0 executes the shuffles.
; RUN: %opt -passes=loom-thread-loops,verify -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call i32 @loom.warp.collective" \
; RUN:       --implicit-check-not="call void @loom.barrier"

; CHECK-LABEL: define internal void @blockSum.block(
; Both collectives' regions start with the warp loop, the barrier's not.
; CHECK: {{^}}region1:
; CHECK: %warps = lshr i64 {{.*}}, 5
; CHECK-NEXT: br label %warp.loop
; CHECK: {{^}}region2:
; CHECK: %warps{{[0-9]+}} = lshr i64 {{.*}}, 5
; CHECK-NEXT: br label %[[WLOOP2:warp.loop[0-9]+]]
; CHECK: {{^}}region3:
; CHECK-NEXT: br label %region3.threads
; Region 1 (after shfl.down): a thread either loops to the next shuffle
; (state 1) or goes on to the __syncthreads (state 3).
; CHECK: {{^}}region1.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}region1.to.barrier3:
; CHECK-NEXT: store i32 3, ptr %state.addr
; Region 2 (after shfl.xor): per warp, the lanes whose state is 2.
; CHECK: {{^}}[[WLOOP2]]:
; CHECK: %warp.lanes{{[0-9]+}} = call i64 @llvm.umin.i64(
; CHECK: {{^}}warp.arrived{{[0-9]+}}:
; CHECK: icmp eq i32 {{.*}}, 2
; CHECK: {{^}}warp.arrived.done{{[0-9]+}}:
; CHECK-NEXT: [[ANY:%[0-9]+]] = icmp ne i32 {{.*}}, 0
; CHECK-NEXT: br i1 [[ANY]], label %warp.compute{{[0-9]+}}, label %warp.next{{[0-9]+}}
; shfl.xor: source lane = lane ^ (mask & 31).
; CHECK: {{^}}warp.results{{[0-9]+}}:
; CHECK: [[J:%[0-9]+]] = xor i32 %lane32{{[0-9]*}},
; CHECK: %src.lane{{[0-9]*}} = select i1 {{.*}}, i32 [[J]], i32 %lane32
; Region 3 (after __syncthreads): the branch on threadIdx.x < 32 sends
; warp 0 to collective 2; everyone else exits.
; CHECK: {{^}}region3.to.barrier2:
; CHECK-NEXT: store i32 2, ptr %state.addr
; CHECK: {{^}}after.barrier{{[0-9]*}}.region3:
; CHECK-NEXT: %warp0.region3 = icmp ult i32 %tid.x{{[0-9]+}}, 32
; CHECK-NEXT: br i1 %warp0.region3, label %final.region3, label %exit.region3
; CHECK: {{^}}exit.region3:
; CHECK-NEXT: store i32 -1, ptr %state.addr
; The dispatcher takes the lowest state: collectives before the barrier.
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: i32 2, label %region2
; CHECK-NEXT: i32 3, label %region3
; __global__ void blockSum(const int *in, int *out) {   // COX's example
;   __shared__ int s[32];
;   int v = in[threadIdx.x];
;   for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
;   if ((threadIdx.x & 31) == 0) s[threadIdx.x / 32] = v;
;   __syncthreads();
;   if (threadIdx.x < 32) {
;     v = threadIdx.x < blockDim.x / 32 ? s[threadIdx.x] : 0;
;     for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o);
;     if (threadIdx.x == 0) *out = v;
;   }
; }
@s = internal thread_local global [32 x i32] undef, !loom.shared !0

define void @blockSum(ptr %in, ptr %out) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %t64 = zext i32 %tx to i64
  %pi = getelementptr inbounds i32, ptr %in, i64 %t64
  %v0 = load i32, ptr %pi
  br label %loop1

loop1:
  %v = phi i32 [ %v0, %entry ], [ %vn, %loop1 ]
  %o = phi i32 [ 16, %entry ], [ %on, %loop1 ]
  %r = call i32 @loom.warp.collective(i32 2, i32 -1, i32 %v, i32 %o, i32 31)
  %vn = add i32 %v, %r
  %on = lshr i32 %o, 1
  %more = icmp ugt i32 %o, 1
  br i1 %more, label %loop1, label %partial

partial:
  %lane = and i32 %tx, 31
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %publish, label %sync

publish:
  %w = lshr i32 %tx, 5
  %w64 = zext i32 %w to i64
  %ps = getelementptr inbounds [32 x i32], ptr @s, i64 0, i64 %w64
  store i32 %vn, ptr %ps
  br label %sync

sync:
  call void @loom.barrier()
  %warp0 = icmp ult i32 %tx, 32
  br i1 %warp0, label %final, label %exit

final:
  %nx = call i32 @loom.ntid.x()
  %nw = lshr i32 %nx, 5
  %has = icmp ult i32 %tx, %nw
  %pt = getelementptr inbounds [32 x i32], ptr @s, i64 0, i64 %t64
  %st = load i32, ptr %pt
  %u0 = select i1 %has, i32 %st, i32 0
  br label %loop2

loop2:
  %u = phi i32 [ %u0, %final ], [ %un, %loop2 ]
  %p = phi i32 [ 16, %final ], [ %pn, %loop2 ]
  %x = call i32 @loom.warp.collective(i32 3, i32 -1, i32 %u, i32 %p, i32 31)
  %un = add i32 %u, %x
  %pn = lshr i32 %p, 1
  %again = icmp ugt i32 %p, 1
  br i1 %again, label %loop2, label %write

write:
  %t0 = icmp eq i32 %tx, 0
  br i1 %t0, label %store, label %exit

store:
  store i32 %un, ptr %out
  br label %exit

exit:
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare i32 @loom.ntid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind
declare i32 @loom.warp.collective(i32, i32, i32, i32, i32) convergent nounwind

!0 = !{}

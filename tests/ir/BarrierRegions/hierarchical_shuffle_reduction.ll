; A warp shuffle reduction: the one place Loom has a warp level. The
; collective is a region boundary like a barrier (state 1); the code between
; collectives still runs in flat z/y/x nests over all threads of the block.
; The preamble of the region after the collective is hierarchical: a loop
; over the block's warps, and per warp counted lane loops (no early exits,
; slot accesses marked parallel, so the host vectorizer takes them): the
; mask of lanes that arrived (compare + or of shifted bits), then each
; lane's result, a gather from the published values of its warp.
; RUN: %opt -passes=loom-thread-loops,verify -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call i32 @loom.warp.collective"

; CHECK-LABEL: define internal void @warpSum.block(
; CHECK: {{^}}block.entry:
; CHECK: %threads = mul i32
; CHECK: [[THREADS:%[0-9]+]] = zext i32 %threads to i64
; CHECK: %warp.value.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK: %warp.arg.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK: %warp.c.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK: %warp.result.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK: br label %region0
; Region 1's preamble: one iteration per warp, ceil(threads / 32).
; CHECK: {{^}}region1:
; CHECK-NEXT: [[R:%[0-9]+]] = add i64 [[THREADS]], 31
; CHECK-NEXT: %warps = lshr i64 [[R]], 5
; CHECK-NEXT: br label %warp.loop
; Region 0 is the flat nest: each thread publishes value, delta, clamp and
; waits at collective 1.
; CHECK: {{^}}region0.thread.x:
; CHECK: {{^}}region0.thread.x.next:
; CHECK: icmp ult i32 %tid.x.inc, %blockDim.x
; CHECK: {{^}}region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}loop.region0:
; CHECK: store i32 %bits.region0, ptr %warp.value.thread
; CHECK: store i32 %o.reload.region0, ptr %warp.arg.thread
; CHECK: store i32 31, ptr %warp.c.thread
; Region 1: flat again, after the preamble; threads in state 1 only.
; CHECK: {{^}}region1.thread.x:
; CHECK: icmp eq i32 %state, 1
; The warp loop: lanes 32w .. 32w + min(32, threads - 32w) - 1.
; CHECK: {{^}}warp.loop:
; CHECK-NEXT: %warp = phi i64 [ 0, %region1 ], [ [[WN:%[0-9]+]], %warp.next ]
; CHECK-NEXT: %warp.base = shl i64 %warp, 5
; CHECK-NEXT: [[LEFT:%[0-9]+]] = sub i64 [[THREADS]], %warp.base
; CHECK-NEXT: %warp.lanes = call i64 @llvm.umin.i64(i64 [[LEFT]], i64 32)
; CHECK-NEXT: br label %warp.arrived
; CHECK: {{^}}warp.compute:
; CHECK: [[VALUES:%[0-9]+]] = getelementptr inbounds i8, ptr %warp.value.slots
; CHECK-NEXT: br label %warp.results
; CHECK: {{^}}warp.next:
; CHECK-NEXT: [[WN]] = add nuw nsw i64 %warp, 1
; CHECK-NEXT: [[WC:%[0-9]+]] = icmp ult i64 [[WN]], %warps
; CHECK-NEXT: br i1 [[WC]], label %warp.loop, label %warp.loop.done
; CHECK: {{^}}warp.loop.done:
; CHECK-NEXT: br label %region1.threads
; Arrived lanes: or-reduction of (state == 1) << lane; a warp with none
; skips the results.
; CHECK: {{^}}warp.arrived:
; CHECK: %warp.arrived.acc = phi i32 [ 0, %warp.loop ]
; CHECK: load i32, ptr {{.*}}, !llvm.access.group [[GA:![0-9]+]]
; CHECK: icmp eq i32 {{.*}}, 1
; CHECK: [[BIT:%[0-9]+]] = shl i32
; CHECK: [[MASK:%[0-9]+]] = or i32 %warp.arrived.acc, [[BIT]]
; CHECK: icmp ult i64 {{.*}}, %warp.lanes
; CHECK-NEXT: br i1 {{.*}}, label %warp.arrived, label %warp.arrived.done, !llvm.loop [[LA:![0-9]+]]
; CHECK: {{^}}warp.arrived.done:
; CHECK-NEXT: [[ANY:%[0-9]+]] = icmp ne i32 [[MASK]], 0
; CHECK-NEXT: br i1 [[ANY]], label %warp.compute, label %warp.next
; Results: shfl.down source lane = lane + delta, valid if within the clamp
; and arrived; else the lane's own value. A gather, stored to the lane's
; result slot.
; CHECK: {{^}}warp.results:
; CHECK: %t = add i64 %warp.base, %lane
; CHECK: [[SRC:%[0-9]+]] = add i32 %lane32,
; CHECK: %src.lane = select i1 {{.*}}, i32 [[SRC]], i32 %lane32
; CHECK: [[SL:%[0-9]+]] = zext i32 %src.lane to i64
; CHECK: [[SP:%[0-9]+]] = getelementptr inbounds i32, ptr [[VALUES]], i64 [[SL]]
; CHECK: [[V:%[0-9]+]] = load i32, ptr [[SP]], align 4, {{.*}}!llvm.access.group [[GR:![0-9]+]]
; CHECK: [[RP:%[0-9]+]] = getelementptr inbounds i8, ptr %warp.result.slots
; CHECK: store i32 [[V]], ptr [[RP]], align 4, {{.*}}!llvm.access.group [[GR]]
; CHECK: br i1 {{.*}}, label %warp.results, label %warp.results.done, !llvm.loop [[LR:![0-9]+]]
; After the collective each thread reads its result.
; CHECK: {{^}}after.barrier.region1:
; CHECK-NEXT: %warp.result{{[0-9]*}}.region1 = load i32, ptr %warp.result.thread
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK: [[LA]] = distinct !{[[LA]], [[PA:![0-9]+]]}
; CHECK: [[PA]] = !{!"llvm.loop.parallel_accesses", [[GA]]}
; CHECK: [[LR]] = distinct !{[[LR]], [[PR:![0-9]+]]}
; CHECK: [[PR]] = !{!"llvm.loop.parallel_accesses", [[GR]]}
; __global__ void warpSum(const float *in, float *out) {
;   int i = blockIdx.x * blockDim.x + threadIdx.x;
;   float v = in[i];
;   for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
;   if ((threadIdx.x & 31) == 0) out[i / 32] = v;
; }
define void @warpSum(ptr %in, ptr %out) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %bx = call i32 @loom.ctaid.x()
  %nx = call i32 @loom.ntid.x()
  %base = mul i32 %bx, %nx
  %i = add i32 %base, %tx
  %i64 = zext i32 %i to i64
  %pi = getelementptr inbounds float, ptr %in, i64 %i64
  %v0 = load float, ptr %pi
  br label %loop

loop:
  %v = phi float [ %v0, %entry ], [ %vn, %loop ]
  %o = phi i32 [ 16, %entry ], [ %on, %loop ]
  %bits = bitcast float %v to i32
  %r = call i32 @loom.warp.collective(i32 2, i32 -1, i32 %bits, i32 %o, i32 31)
  %rf = bitcast i32 %r to float
  %vn = fadd float %v, %rf
  %on = lshr i32 %o, 1
  %more = icmp ugt i32 %o, 1
  br i1 %more, label %loop, label %done

done:
  %lane = and i32 %tx, 31
  %first = icmp eq i32 %lane, 0
  br i1 %first, label %store, label %exit

store:
  %w = lshr i32 %i, 5
  %w64 = zext i32 %w to i64
  %po = getelementptr inbounds float, ptr %out, i64 %w64
  store float %vn, ptr %po
  br label %exit

exit:
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare i32 @loom.ctaid.x() nounwind willreturn memory(none)
declare i32 @loom.ntid.x() nounwind willreturn memory(none)
declare i32 @loom.warp.collective(i32, i32, i32, i32, i32) convergent nounwind

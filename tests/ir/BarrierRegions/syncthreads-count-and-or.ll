; __syncthreads_count / _and / _or. Each becomes a plain barrier: before it,
; a thread stores its predicate (zero-extended) in its `barrier.pred` arena
; slot. Before the thread loops of the region that follows the barrier, a
; reduce loop combines the predicates of the threads whose state is that
; barrier (add for count, and from 1 for _and, or from 0 for _or) into
; `barrier.result`, an ordinary alloca of the block function: one value for
; the whole block, not per thread. The region then loads it as the call's
; result. The counts are live across the later barriers, so they are kept
; per thread (barrier.value*.reg2mem slots), as is the predicate.
; RUN: %opt -passes=loom-thread-loops,verify -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call {{.*}}@loom.barrier"

; __global__ void vote(const int *in, int *out) {
;   bool pos = in[threadIdx.x] > 0;
;   int c = __syncthreads_count(pos);
;   int a = __syncthreads_and(pos);
;   int o = __syncthreads_or(pos);
;   out[threadIdx.x] = c + a + o;
; }
; CHECK-LABEL: define internal void @vote.block(
; CHECK-SAME: #[[ATTRS:[0-9]+]]
; CHECK: {{^}}block.entry:
; CHECK-DAG: %barrier.result = alloca i32
; CHECK-DAG: %barrier.result{{[0-9]+}} = alloca i1
; CHECK-DAG: %barrier.result{{[0-9]+}} = alloca i1
; CHECK-DAG: %barrier.pred.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-DAG: %barrier.pred{{[0-9]+}}.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK-DAG: %barrier.pred{{[0-9]+}}.slots = getelementptr inbounds i8, ptr %thread.arena
; CHECK: %thread.state = getelementptr inbounds i8, ptr %thread.arena
; The regions after the three barriers each start with their reduction.
; CHECK: {{^}}region1:
; CHECK-NEXT: br label %[[RED1:reduce[0-9]*]]
; CHECK: {{^}}region2:
; CHECK-NEXT: br label %[[RED2:reduce[0-9]*]]
; CHECK: {{^}}region3:
; CHECK-NEXT: br label %[[RED3:reduce[0-9]*]]
; Region 0: store the predicate, stop at barrier 1.
; CHECK: {{^}}region0.to.barrier1:
; CHECK-NEXT: store i32 1, ptr %state.addr
; CHECK: {{^}}entry.region0:
; CHECK: [[P0:%.*]] = zext i1 %pos.reload{{[0-9]*}}.region0 to i32
; CHECK-NEXT: store i32 [[P0]], ptr %barrier.pred.thread,
; __syncthreads_count: the sum of the predicates of the threads in state 1.
; CHECK: {{^}}[[RED1]]:
; CHECK-NEXT: %t{{[0-9]*}} = phi i64 [ 0, %region1 ]
; CHECK-NEXT: %acc = phi i32 [ 0, %region1 ]
; CHECK-NEXT: getelementptr inbounds i32, ptr %thread.state
; CHECK-NEXT: load i32
; CHECK-NEXT: [[HERE1:%.*]] = icmp eq i32 %{{.*}}, 1
; CHECK-NEXT: mul i64
; CHECK-NEXT: getelementptr inbounds i8, ptr %barrier.pred.slots
; CHECK-NEXT: [[PRED1:%.*]] = load i32
; CHECK-NEXT: [[SUM:%.*]] = add i32 %acc, [[PRED1]]
; CHECK-NEXT: [[ACC1:%.*]] = select i1 [[HERE1]], i32 [[SUM]], i32 %acc
; CHECK: store i32 [[ACC1]], ptr %barrier.result,
; CHECK-NEXT: br label %region1.threads
; CHECK: {{^}}region1.to.barrier2:
; CHECK-NEXT: store i32 2, ptr %state.addr
; CHECK: {{^}}after.barrier.region1:
; CHECK-NEXT: %barrier.value.region1 = load i32, ptr %barrier.result,
; CHECK: store i32 %{{.*}}, ptr %[[PRED2:barrier.pred[0-9]+]].thread{{[0-9]+}},
; CHECK-NEXT: br label %region1.to.barrier2
; __syncthreads_and: starts from 1.
; CHECK: {{^}}[[RED2]]:
; CHECK-NEXT: %t{{[0-9]*}} = phi i64 [ 0, %region2 ]
; CHECK-NEXT: %[[ACC2:acc[0-9]+]] = phi i32 [ 1, %region2 ]
; CHECK-NEXT: getelementptr inbounds i32, ptr %thread.state
; CHECK-NEXT: load i32
; CHECK-NEXT: [[HERE2:%.*]] = icmp eq i32 %{{.*}}, 2
; CHECK-NEXT: mul i64
; CHECK-NEXT: getelementptr inbounds i8, ptr %[[PRED2]].slots
; CHECK-NEXT: [[P2:%.*]] = load i32
; CHECK-NEXT: [[AND:%.*]] = and i32 %[[ACC2]], [[P2]]
; CHECK-NEXT: select i1 [[HERE2]], i32 [[AND]], i32 %[[ACC2]]
; CHECK: trunc i32 %{{.*}} to i1
; CHECK-NEXT: store i1 %{{.*}}, ptr %[[RES2:barrier.result[0-9]+]],
; CHECK: {{^}}region2.to.barrier3:
; CHECK-NEXT: store i32 3, ptr %state.addr
; CHECK: {{^}}after.barrier{{[0-9]+}}.region2:
; CHECK-NEXT: load i1, ptr %[[RES2]],
; CHECK: store i32 %{{.*}}, ptr %[[PRED3:barrier.pred[0-9]+]].thread{{[0-9]+}},
; CHECK-NEXT: br label %region2.to.barrier3
; __syncthreads_or: starts from 0.
; CHECK: {{^}}[[RED3]]:
; CHECK-NEXT: %t{{[0-9]*}} = phi i64 [ 0, %region3 ]
; CHECK-NEXT: %[[ACC3:acc[0-9]+]] = phi i32 [ 0, %region3 ]
; CHECK-NEXT: getelementptr inbounds i32, ptr %thread.state
; CHECK-NEXT: load i32
; CHECK-NEXT: [[HERE3:%.*]] = icmp eq i32 %{{.*}}, 3
; CHECK-NEXT: mul i64
; CHECK-NEXT: getelementptr inbounds i8, ptr %[[PRED3]].slots
; CHECK-NEXT: [[P3:%.*]] = load i32
; CHECK-NEXT: [[OR:%.*]] = or i32 %[[ACC3]], [[P3]]
; CHECK-NEXT: select i1 [[HERE3]], i32 [[OR]], i32 %[[ACC3]]
; CHECK: trunc i32 %{{.*}} to i1
; CHECK-NEXT: store i1 %{{.*}}, ptr %[[RES3:barrier.result[0-9]+]],
; The last region adds the three results; count and _and were kept in
; per-thread slots across the later barriers.
; CHECK: {{^}}after.barrier{{[0-9]+}}.region3:
; CHECK-NEXT: load i1, ptr %[[RES3]],
; CHECK: %barrier.value.reload.region3 = load i32, ptr %barrier.value.reg2mem.thread
; CHECK: store i32 -1, ptr %state.addr
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: i32 2, label %region2
; CHECK-NEXT: i32 3, label %region3
; CHECK-NEXT: ]
; Slots: _and result (1 byte), count (4), pos (1), three predicates (4
; each), state (4): 28 bytes with alignment, padded to 32.
; CHECK: attributes #[[ATTRS]] = {{.*}}"loom-thread-arena"="32"
define void @vote(ptr %in, ptr %out) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %t64 = zext i32 %t to i64
  %pin = getelementptr inbounds i32, ptr %in, i64 %t64
  %v = load i32, ptr %pin
  %pos = icmp sgt i32 %v, 0
  %c = call i32 @loom.barrier.popc(i1 %pos)
  %a = call i1 @loom.barrier.and(i1 %pos)
  %o = call i1 @loom.barrier.or(i1 %pos)
  %a32 = zext i1 %a to i32
  %o32 = zext i1 %o to i32
  %ca = add i32 %c, %a32
  %cao = add i32 %ca, %o32
  %pout = getelementptr inbounds i32, ptr %out, i64 %t64
  store i32 %cao, ptr %pout
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare i32 @loom.barrier.popc(i1) convergent noduplicate nounwind
declare i1 @loom.barrier.and(i1) convergent noduplicate nounwind
declare i1 @loom.barrier.or(i1) convergent noduplicate nounwind

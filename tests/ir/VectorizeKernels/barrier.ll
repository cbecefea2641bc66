; A tree reduction with __syncthreads() in a loop becomes a gang kernel
; (issue #11, "barriers over gangs"): the barrier stays one scalar call per
; gang, in gang-uniform control flow, and the choice between the unmasked and
; the masked body is the whole block's (blockDim.x a multiple of W), so all
; gangs of a block wait at the same barriers. ThreadLoops then makes the
; gang the unit of BarrierRegions: the loop counter is kept once per gang,
; the arena holds ceil(blockDim.x / W) units per row, and a region's unit is
; tid.x / W + units per row * row.
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -loom-wfv-cleanup=false -pass-remarks=loom-wfv -S %s -o %t.ll 2>&1 | FileCheck --check-prefix=REMARK %s
; RUN: FileCheck --check-prefix=GANG %s < %t.ll
; RUN: %opt -passes=loom-thread-loops,verify -S %t.ll | FileCheck --check-prefix=REGIONS %s
; RUN: %opt -passes=loom-thread-loops,verify -S %t.ll | FileCheck --check-prefix=DISPATCH %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare i32 @loom.ntid.x()
declare void @loom.barrier()

define void @tree_sum(ptr noalias %s, ptr noalias %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %n = call i32 @loom.ntid.x()
  %half = lshr i32 %n, 1
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds float, ptr %s, i64 %i
  br label %loop
loop:
  %stride = phi i32 [ %half, %entry ], [ %next, %latch ]
  %active = icmp ult i32 %tid, %stride
  br i1 %active, label %add, label %latch
add:
  %j = add nuw i32 %tid, %stride
  %jj = zext nneg i32 %j to i64
  %q = getelementptr inbounds float, ptr %s, i64 %jj
  %a = load float, ptr %p
  %b = load float, ptr %q
  %c = fadd float %a, %b
  store float %c, ptr %p
  br label %latch
latch:
  call void @loom.barrier()
  %next = lshr i32 %stride, 1
  %more = icmp ugt i32 %stride, 1
  br i1 %more, label %loop, label %done
done:
  %z = icmp eq i32 %tid, 0
  br i1 %z, label %write, label %exit
write:
  %r = load float, ptr %s
  store float %r, ptr %out
  br label %exit
exit:
  ret void
}

; REMARK: remark: {{.*}}kernel 'tree_sum' vectorized across threads, gang width 4

; GANG-LABEL: define void @tree_sum(
; GANG: %[[LOW:.*]] = and i32 %ntid.x, 3
; GANG: %gang.full = icmp eq i32 %[[LOW]], 0
; GANG: br i1 %gang.full, label %{{.*}}, label %gang.partial
; In the loop: the divergent `if (tid < stride)` is masked, the barrier is
; one call, the uniform stride stays scalar.
; GANG: call <4 x float> @llvm.masked.load.v4f32.p0(
; GANG: call void @loom.barrier()
; GANG: lshr i32 %{{.*}}, 1
; GANG: preds = %gang.partial
; GANG: call void @llvm.masked.store.v4f32.p0(
; GANG: call void @loom.barrier()
; GANG-NOT: call void @loom.barrier()
; GANG: attributes {{.*}}"loom-gang-width"="4"

; REGIONS-LABEL: define internal void @tree_sum.block(
; REGIONS: %gangs.per.row = lshr i32 %{{.*}}, 2
; REGIONS: %gangs = mul i32 %{{.*}}, %blockDim.z
; The loop's counter: one i32 per gang.
; REGIONS: %hp.stride{{.*}}.slots = getelementptr inbounds i8, ptr %thread.arena
; REGIONS: %gang.x = lshr i32 %tid.x, 2
; REGIONS: %gang.linear = add nuw nsw i32 %gang.x,
; REGIONS: %state.addr = getelementptr inbounds i32, ptr %thread.state, i64 %{{.*}}
; REGIONS: thread.x.next:
; REGIONS: add nuw nsw i32 %tid.x, 4
; REGIONS: store i32 %{{.*}}, ptr %hp.stride{{.*}}.thread, align 4
; The nests keep the lowest state any gang is left in (a gang that waits
; elsewhere keeps its own), so the dispatcher reads it instead of scanning
; the gangs' states.
; DISPATCH-LABEL: define internal void @tree_sum.block(
; DISPATCH-NOT: dispatch.scan
; DISPATCH: {{^}}dispatch:
; DISPATCH-NEXT: %next.state = load i32, ptr %next.state.slot
; DISPATCH-NOT: dispatch.scan
; DISPATCH: {{^}}region1.other:
; DISPATCH-NEXT: %[[O:.*]] = load i32, ptr %next.state.slot
; DISPATCH-NEXT: %[[M:.*]] = call i32 @llvm.umin.i32(i32 %[[O]], i32 %state)
; DISPATCH-NEXT: store i32 %[[M]], ptr %next.state.slot
; REGIONS: attributes {{.*}}"loom-gang-width"="4" {{.*}}"loom-thread-arena"="{{[0-9]+}}"

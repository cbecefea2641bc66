; Grid-stride loops step block-wide: a step marker (a barrier that orders no
; memory, tagged !loom.gang.step) at the loop header makes BarrierRegions run
; iteration k of every gang of the block before iteration k + 1, so a block
; streams blockDim.x consecutive elements per step instead of each gang
; walking its own elements a grid apart. The marker may sit where the gang's
; lanes diverge (the loop's exit is divergent). Not stepped: loops whose step
; does not involve gridDim (a block-stride loop), loops with atomics (measured
; slower stepped; they only get the prefetch below, 3 of their own gang's
; iterations ahead), loops that already hold a barrier, and every loop with
; -loom-wfv-grid-stride-steps=false.
; A unit-stride access p[i] of a stepped loop also prefetches the lines the
; gang will touch 6 steps ahead (p + 6 * step * sizeof(*p)): the rest of the
; block runs between two iterations of a gang, and a grid-sized jump is
; nothing a hardware prefetcher follows.
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -loom-wfv-cleanup=false -pass-remarks=loom-wfv -S %s -o %t.ll 2>&1 | FileCheck --check-prefix=REMARK %s
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck --check-prefix=PF %s < %t.ll
; RUN: %opt -passes=loom-wfv,loom-thread-loops -loom-wfv-width=4 -S %s | FileCheck --check-prefix=REGIONS %s
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -loom-wfv-grid-stride-steps=false -S %s | FileCheck --check-prefix=OFF %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare i32 @loom.ctaid.x()
declare i32 @loom.ntid.x()
declare i32 @loom.nctaid.x()
declare void @loom.barrier()

; REMARK: remark: <unknown>:0:0: grid-stride loop in 'triad_gs' runs block-wide, one step of every gang at a time
; REMARK-NOT: grid-stride loop in 'block_stride'
; REMARK-NOT: grid-stride loop in 'atomic_gs'
; REMARK-NOT: grid-stride loop in 'barrier_gs'

; CHECK-LABEL: define void @triad_gs(
; CHECK: loop.guard:
; CHECK: loop:
; CHECK-NEXT: call void @loom.barrier(), !loom.gang.step
; CHECK: loop.cont:
; CHECK: call i1 @llvm.vector.reduce.or.v4i1(
; PF-LABEL: define void @triad_gs(
; PF: call void @loom.barrier(), !loom.gang.step
; PF: %[[G:.*]] = call i32 @loom.nctaid.x()
; PF-NEXT: %[[S:.*]] = mul nsw i32 %bdim, %[[G]]
; PF-NEXT: %[[S64:.*]] = sext i32 %[[S]] to i64
; PF-NEXT: %prefetch.ahead = mul i64 %[[S64]], 24
; PF-NEXT: %prefetch.at = getelementptr i8, ptr %pb.l0, i64 %prefetch.ahead
; PF-NEXT: %[[P:.*]] = getelementptr i8, ptr %prefetch.at, i64 0
; PF-NEXT: call void @llvm.prefetch.p0(ptr %[[P]], i32 0, i32 3, i32 1)
; The store's lines are prefetched for writing.
; PF: %prefetch.at{{[0-9]+}} = getelementptr i8, ptr %pa.l0, i64 %prefetch.ahead{{[0-9]+}}
; PF: call void @llvm.prefetch.p0(ptr %{{.*}}, i32 1, i32 3, i32 1)
; PF-LABEL: define void @block_stride(
; PF-NOT: prefetch
; A loop with atomics keeps its gang-by-gang order but prefetches its
; unit-stride load 3 iterations of its own gang ahead (3 * stride bytes).
; PF-LABEL: define void @atomic_gs(
; PF-NOT: @loom.barrier
; PF: %prefetch.ahead = mul i64 %{{.*}}, 3
; PF-NEXT: %prefetch.at = getelementptr i8, ptr %pa.l0, i64 %prefetch.ahead
; PF-NEXT: %[[Q:.*]] = getelementptr i8, ptr %prefetch.at, i64 0
; PF-NEXT: call void @llvm.prefetch.p0(ptr %[[Q]], i32 0, i32 3, i32 1)
; PF-NOT: @loom.barrier
; PF-LABEL: define void @barrier_gs(
; OFF-LABEL: define void @triad_gs(
; OFF-NOT: @loom.barrier
; OFF: {{^}}}
; The step is a region boundary: region 0 runs each gang to its first step,
; the dispatcher then runs the loop region for every gang once per step.
; REGIONS-LABEL: define internal void @triad_gs.block(
; REGIONS: dispatch:
; REGIONS: region1:
; REGIONS: region0.to.barrier
; REGIONS: store i32 {{[12]}}, ptr %state.addr
define void @triad_gs(ptr %a, ptr %b, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %bid = call i32 @loom.ctaid.x()
  %bdim = call i32 @loom.ntid.x()
  %base = mul nsw i32 %bid, %bdim
  %i0 = add nsw i32 %base, %tid
  %c0 = icmp slt i32 %i0, %n
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i32 [ %i0, %entry ], [ %inext, %loop ]
  %i64 = sext i32 %i to i64
  %pb = getelementptr inbounds float, ptr %b, i64 %i64
  %x = load float, ptr %pb
  %y = fmul float %x, 2.0
  %pa = getelementptr inbounds float, ptr %a, i64 %i64
  store float %y, ptr %pa
  ; gridDim read in the loop, as clang leaves it
  %gdim = call i32 @loom.nctaid.x()
  %stride = mul nsw i32 %bdim, %gdim
  %inext = add nsw i32 %i, %stride
  %c = icmp slt i32 %inext, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @block_stride(
; CHECK-NOT: @loom.barrier
; CHECK: {{^}}}
define void @block_stride(ptr %a, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %bdim = call i32 @loom.ntid.x()
  br label %loop
loop:
  %i = phi i32 [ %tid, %entry ], [ %inext, %loop ]
  %i64 = sext i32 %i to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %i64
  store float 0.0, ptr %pa
  %inext = add nsw i32 %i, %bdim
  %c = icmp slt i32 %inext, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @atomic_gs(
; CHECK-NOT: @loom.barrier
; CHECK: {{^}}}
define void @atomic_gs(ptr %a, ptr %hist, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %bid = call i32 @loom.ctaid.x()
  %bdim = call i32 @loom.ntid.x()
  %gdim = call i32 @loom.nctaid.x()
  %base = mul nsw i32 %bid, %bdim
  %i0 = add nsw i32 %base, %tid
  %stride = mul nsw i32 %bdim, %gdim
  br label %loop
loop:
  %i = phi i32 [ %i0, %entry ], [ %inext, %loop ]
  %i64 = sext i32 %i to i64
  %pa = getelementptr inbounds i8, ptr %a, i64 %i64
  %v = load i8, ptr %pa
  %v64 = zext i8 %v to i64
  %ph = getelementptr inbounds i32, ptr %hist, i64 %v64
  %old = atomicrmw add ptr %ph, i32 1 monotonic
  %inext = add nsw i32 %i, %stride
  %c = icmp slt i32 %inext, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A barrier in the loop already steps it (uniform trip count, as the gang
; kernel requires): no second marker.
; CHECK-LABEL: define void @barrier_gs(
; CHECK: call void @loom.barrier()
; CHECK-NOT: !loom.gang.step
; CHECK: {{^}}}
define void @barrier_gs(ptr %a, i32 %steps) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %bid = call i32 @loom.ctaid.x()
  %bdim = call i32 @loom.ntid.x()
  %gdim = call i32 @loom.nctaid.x()
  %base = mul nsw i32 %bid, %bdim
  %i0 = add nsw i32 %base, %tid
  %stride = mul nsw i32 %bdim, %gdim
  br label %loop
loop:
  %i = phi i32 [ %i0, %entry ], [ %inext, %loop ]
  %k = phi i32 [ 0, %entry ], [ %knext, %loop ]
  %i64 = sext i32 %i to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %i64
  store float 1.0, ptr %pa
  call void @loom.barrier()
  %inext = add nsw i32 %i, %stride
  %knext = add i32 %k, 1
  %c = icmp slt i32 %knext, %steps
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

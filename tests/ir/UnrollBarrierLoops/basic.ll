; UnrollBarrierLoops fully unrolls short constant loops that keep a
; __syncthreads(), so each level of a tree reduction or scan has constant
; strides and bounds; other loops are left alone.
; RUN: %opt -passes='function(loom-unroll-barrier-loops,instcombine,simplifycfg)' -pass-remarks=loom-barrier-unroll -S %s 2>%t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; Loops left rolled say why (loomcc -Rpass-missed=loom).
; RUN: %opt -passes='function(loom-unroll-barrier-loops)' -pass-remarks-missed=loom-barrier-unroll -disable-output %s 2>&1 | FileCheck --check-prefix=MISSED --implicit-check-not=remark: %s
; MISSED: remark: {{.*}}loop with a barrier in 'runtime_trips' is not unrolled (its barriers stay in a loop): its trip count is not a compile-time constant
; MISSED: remark: {{.*}}loop with a barrier in 'long_loop' is not unrolled (its barriers stay in a loop): it has more than 32 trips
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tmp = internal global [512 x i32] undef, align 4

declare i32 @loom.tid.x()
declare void @loom.barrier() convergent noduplicate nounwind

; for (int d = 256; d > 0; d >>= 1) { __syncthreads();
;   if (tid < d) tmp[off * (2 * tid + 2) - 1] += tmp[off * (2 * tid + 1) - 1];
;   off <<= 1; }
; Nine levels: nine barriers, each level's offset a constant. The barrier
; stays the noduplicate marker (no helper declaration is left behind).
; CHECK-LABEL: define void @tree(
; CHECK-COUNT-9: call void @loom.barrier()
; CHECK-NOT: call void @loom.barrier()
; CHECK: ret void
; REMARK: remark: {{.*}}loop with a barrier in 'tree' fully unrolled, 10 trips
define void @tree() "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  br label %head
head:
  %d = phi i32 [ 256, %entry ], [ %d.next, %latch ]
  %off = phi i32 [ 1, %entry ], [ %off.next, %latch ]
  %done = icmp eq i32 %d, 0
  br i1 %done, label %exit, label %body
body:
  call void @loom.barrier()
  %act = icmp slt i32 %tid, %d
  br i1 %act, label %work, label %latch
work:
  %t2 = shl nsw i32 %tid, 1
  %a0 = or disjoint i32 %t2, 1
  %a1 = mul nsw i32 %off, %a0
  %a = add nsw i32 %a1, -1
  %b0 = add nsw i32 %t2, 2
  %b1 = mul nsw i32 %off, %b0
  %b = add nsw i32 %b1, -1
  %ai = sext i32 %a to i64
  %bi = sext i32 %b to i64
  %pa = getelementptr inbounds [512 x i32], ptr @tmp, i64 0, i64 %ai
  %pb = getelementptr inbounds [512 x i32], ptr @tmp, i64 0, i64 %bi
  %va = load i32, ptr %pa
  %vb = load i32, ptr %pb
  %s = add nsw i32 %va, %vb
  store i32 %s, ptr %pb
  br label %latch
latch:
  %off.next = shl i32 %off, 1
  %d.next = lshr i32 %d, 1
  br label %head
exit:
  ret void
}

; A trip count known only at run time: left alone.
; CHECK-LABEL: define void @runtime_trips(
; CHECK: call void @loom.barrier()
; CHECK-NOT: call void @loom.barrier()
; CHECK: ret void
define void @runtime_trips(i32 %n) "loom-kernel" {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @loom.barrier()
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; More than 32 trips: left alone.
; CHECK-LABEL: define void @long_loop(
; CHECK: call void @loom.barrier()
; CHECK-NOT: call void @loom.barrier()
; CHECK: ret void
define void @long_loop() "loom-kernel" {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @loom.barrier()
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i.next, 64
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; No barrier in the loop: the host optimizer decides (left alone here).
; CHECK-LABEL: define void @no_barrier(
; CHECK: loop:
; CHECK: br i1 %more, label %loop, label %exit
define void @no_barrier(ptr %p) "loom-kernel" {
entry:
  call void @loom.barrier()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i32, ptr %p, i32 %i
  store i32 %i, ptr %q
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i.next, 4
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; Not a kernel: left alone.
; CHECK-LABEL: define void @device_function(
; CHECK: call void @loom.barrier()
; CHECK-NOT: call void @loom.barrier()
; CHECK: ret void
define void @device_function() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  call void @loom.barrier()
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %i.next, 4
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-NOT: loom.barrier.unrolling

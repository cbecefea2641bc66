; Control flow in gang kernels: a uniform branch tests its scalar condition,
; a divergent if/else runs both sides under complementary masks and merges
; with a select, a grid-stride loop runs while any lane is active and keeps
; each lane's live-out value from the iteration it left in (the block-wide
; step of grid-stride loops is off here: grid_stride_steps.ll).
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -loom-wfv-grid-stride-steps=false -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare void @loom.barrier()
declare i32 @loom.ctaid.x()
declare i32 @loom.ntid.x()
declare i32 @loom.nctaid.x()

; CHECK-LABEL: define void @uniform_branch(
; CHECK: gang.full
; The scalar condition picks the whole gang's mask or none: no per-lane
; compare, the block is entered with a scalar test.
; CHECK: %u = icmp sgt i32 %n, 0
; CHECK-NOT: icmp sgt <4 x i32>
; CHECK: select i1 %u, <4 x i1> splat (i1 true), <4 x i1> zeroinitializer
; CHECK: then.guard:
; CHECK: call i1 @llvm.vector.reduce.or.v4i1(
; CHECK: then:
; Not divergent: the body uses the gang's (full) mask, a plain store.
; CHECK-NOT: masked.store
; CHECK: store <4 x i32>
define void @uniform_branch(ptr %out, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %u = icmp sgt i32 %n, 0
  br i1 %u, label %then, label %exit
then:
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %n, ptr %p
  br label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @divergent_if_else(
; CHECK: gang.full
; CHECK: %odd = icmp ne <4 x i32>
; CHECK: %[[T:.*]] = and <4 x i1> splat (i1 true), %odd
; CHECK: %[[NOT:.*]] = xor <4 x i1> %odd, splat (i1 true)
; CHECK: %[[F:.*]] = and <4 x i1> splat (i1 true), %[[NOT]]
; Each side stores under its own mask.
; CHECK: then:
; CHECK: call void @llvm.masked.store.v4i32.p0(<4 x i32> %{{.*}}, ptr align 4 %{{.*}}, <4 x i1> %[[T]])
; CHECK: else:
; CHECK: call void @llvm.masked.store.v4i32.p0(<4 x i32> %{{.*}}, ptr align 4 %{{.*}}, <4 x i1> %[[F]])
; The join merges the two sides' values lane by lane.
; CHECK: join:
; CHECK: %r = select <4 x i1> %{{.*}}, <4 x i32> %{{.*}}, <4 x i32> %{{.*}}
define void @divergent_if_else(ptr %out, ptr %in) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pi = getelementptr inbounds i32, ptr %in, i64 %i
  %v = load i32, ptr %pi
  %bit = and i32 %v, 1
  %odd = icmp ne i32 %bit, 0
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  br i1 %odd, label %then, label %else
then:
  %a = mul i32 %v, 3
  store i32 %a, ptr %po
  br label %join
else:
  %b = sdiv i32 %v, 2
  store i32 %b, ptr %po
  br label %join
join:
  %r = phi i32 [ %a, %then ], [ %b, %else ]
  %q = getelementptr inbounds i32, ptr %in, i64 %i
  store i32 %r, ptr %q
  ret void
}

; CHECK-LABEL: define void @grid_stride(
; CHECK: gang.full
; The uniform trip counter stays a scalar phi in the loop.
; CHECK: loop.guard:
; CHECK: %hp.k.0 = phi i32
; CHECK: loop:
; CHECK: %c = icmp slt <4 x i32>
; A lane that leaves keeps its count (a per-lane blend on the exit edge).
; CHECK: select <4 x i1> %{{.*}}, <4 x i32> %{{.*}}, <4 x i32>
; The loop continues while any lane wants another iteration.
; CHECK: loop.cont:
; CHECK: %[[ANY:.*]] = call i1 @llvm.vector.reduce.or.v4i1(
; CHECK-NEXT: br i1 %[[ANY]], label %loop.guard, label %loop.done
; CHECK: exit:
; CHECK: store <4 x i32>
define void @grid_stride(ptr %a, ptr %count, i32 %n) "loom-kernel" {
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
  %p = getelementptr inbounds float, ptr %a, i64 %i64
  %x = load float, ptr %p
  %y = fmul float %x, 2.0
  store float %y, ptr %p
  %inext = add nsw i32 %i, %stride
  %knext = add i32 %k, 1
  %c = icmp slt i32 %inext, %n
  br i1 %c, label %loop, label %exit
exit:
  %kout = phi i32 [ %knext, %loop ]
  %t64 = zext nneg i32 %tid to i64
  %pc = getelementptr inbounds i32, ptr %count, i64 %t64
  store i32 %kout, ptr %pc
  ret void
}

; A uniform loop (trip count and `break` uniform across the gang): entered
; by all active lanes or none (one test before it), its header runs without
; a skip test, and a uniform exit jumps straight past the loop (`.leave`),
; so no exit masks accumulate and the other side of the exiting branch gets
; the whole mask.
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -S %s | FileCheck --check-prefix=ULOOP %s
; ULOOP-LABEL: define void @uniform_loop(
; ULOOP: loop.pre:
; ULOOP: br i1 %{{.*}}, label %loop.enter, label %loop.done
; ULOOP: loop.done:
; ULOOP: loop.guard:
; ULOOP-NOT: reduce.or
; ULOOP: br label %loop
; ULOOP: loop:
; ULOOP: %brk = icmp eq i32 %hp.k.0, %stop
; ULOOP: br i1 %{{.*}}, label %loop.leave, label %loop.stay
; ULOOP: loop.leave:
; ULOOP-NEXT: br label %loop.done
; ULOOP: body.guard:
; ULOOP-NEXT: call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> splat (i1 true))
define void @uniform_loop(ptr %out, i32 %n, i32 %stop) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %body ]
  %acc = phi i32 [ 0, %entry ], [ %acc1, %body ]
  %brk = icmp eq i32 %k, %stop
  br i1 %brk, label %exit, label %body
body:
  %acc1 = add i32 %acc, %tid
  %k1 = add i32 %k, 1
  %more = icmp slt i32 %k1, %n
  br i1 %more, label %loop, label %exit
exit:
  %r = phi i32 [ %acc, %loop ], [ %acc1, %body ]
  store i32 %r, ptr %p
  ret void
}

; A loop with a uniform trip count under a divergent `if (tid < n)` (a naive
; matmul's dot product): all lanes that entered iterate together, so the
; header keeps the mask the loop was entered with, the exit tests the scalar
; condition, and the back edge is taken without a mask test.
; CHECK-LABEL: define void @uniform_loop_in_divergent_if(
; CHECK: gang.full
; CHECK: loop.pre:
; CHECK: %[[M0:em\..*]] = phi <4 x i1>
; CHECK: br i1 %{{.*}}, label %loop.enter, label %loop.done
; CHECK: loop.guard:
; CHECK-NOT: phi <4 x i1>
; CHECK: loop:
; CHECK: call i1 @llvm.vector.reduce.and.v4i1(<4 x i1> %[[M0]])
; CHECK: %[[C:.*]] = icmp slt i32 %knext, %m
; CHECK: %[[NOTC:.*]] = xor i1 %[[C]], true
; CHECK-NEXT: br i1 %[[NOTC]], label %loop.leave, label %loop.stay
; CHECK: loop.cont:
; CHECK-NEXT: br label %loop.guard
define void @uniform_loop_in_divergent_if(ptr %a, ptr %out, i32 %n, i32 %m) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %in = icmp ult i32 %tid, %n
  br i1 %in, label %loop, label %exit
loop:
  %k = phi i32 [ 0, %entry ], [ %knext, %loop ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %loop ]
  %row = mul i32 %k, %n
  %idx = add i32 %row, %tid
  %idx64 = zext i32 %idx to i64
  %p = getelementptr inbounds float, ptr %a, i64 %idx64
  %x = load float, ptr %p
  %sum.next = fadd float %sum, %x
  %knext = add nuw nsw i32 %k, 1
  %c = icmp slt i32 %knext, %m
  br i1 %c, label %loop, label %done
done:
  %t64 = zext i32 %tid to i64
  %q = getelementptr inbounds float, ptr %out, i64 %t64
  store float %sum.next, ptr %q
  br label %exit
exit:
  ret void
}

; A value computed under a divergent branch in a loop and used after the
; join is dead at the back edge (its def dominates its uses), but the stack
; slot that carries it across the skippable block would make mem2reg carry
; it around the loop too, and the barrier would then keep it per gang. The
; slot is poison at the top of each iteration: the header keeps only the
; real loop-carried values.
; CHECK-LABEL: define void @dead_between_iterations(
; CHECK: loop.guard:
; CHECK-NEXT: %hp.acc.0 = phi <4 x float>
; CHECK-NEXT: %hp.k.0 = phi i32
; CHECK-NOT: phi
; CHECK: {{^}}then:
define void @dead_between_iterations(ptr %a, ptr %out, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %t64 = zext nneg i32 %tid to i64
  %odd = and i32 %tid, 1
  %c = icmp ne i32 %odd, 0
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %knext, %join ]
  %acc = phi float [ 0.0, %entry ], [ %acc.next, %join ]
  br i1 %c, label %then, label %join
then:
  %k64 = zext nneg i32 %k to i64
  %idx = add nuw nsw i64 %k64, %t64
  %p = getelementptr inbounds float, ptr %a, i64 %idx
  %x = load float, ptr %p
  %y = fmul float %x, 2.0
  br label %join
join:
  %r = phi float [ %y, %then ], [ 1.0, %loop ]
  call void @loom.barrier()
  %acc.next = fadd float %acc, %r
  %knext = add nuw nsw i32 %k, 1
  %more = icmp ult i32 %knext, %n
  br i1 %more, label %loop, label %exit
exit:
  %po = getelementptr inbounds float, ptr %out, i64 %t64
  store float %acc.next, ptr %po
  ret void
}

; Full-gang loops (FullGangLoops.h): a per-thread loop whose lanes leave at
; different iterations (`for (c = tid; c < n; c += blockDim.x)`) first runs
; the iterations where every lane is on, with a uniform counter g (the
; gang's first c) and the exit `g + W - 1 < n` taken by all lanes alike: no
; masks, a plain vector load with no contiguity test (c = int(g) + lane
; cannot wrap there); then the original loop, masked, for the rest. A
; grid-stride loop with an atomic (a histogram's: not stepped block-wide) is
; split too, its step computed again before the loop, and its fast copy
; prefetches the lines a few iterations ahead. Not split: a grid-stride loop
; without atomics (stepped block-wide instead), lanes 2 apart, a uniform exit, a header with a side
; effect (it would run twice for one c), and -loom-wfv-full-gang-loops=false. (A loop with a barrier and a divergent
; exit keeps the kernel scalar.)
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -S %s | FileCheck %s
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -loom-wfv-full-gang-loops=false -S %s | FileCheck --check-prefix=OFF %s
; Each divergent loop left masked has a missed remark with the reason
; (loomcc -Rpass-missed=loom); the uniform exit and the grid-stride loop
; stepped block-wide have none.
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -pass-remarks-missed=loom-wfv -disable-output %s 2>&1 | FileCheck --check-prefix=MISSED --implicit-check-not=remark: %s
; MISSED: remark: {{.*}}per-thread loop in 'two_apart' runs every iteration under a mask (threads leave it at different iterations): its start is not threadIdx.x plus a uniform value
; MISSED: remark: {{.*}}per-thread loop in 'header_store' {{.*}}: its header has side effects
; MISSED: remark: {{.*}}per-thread loop in 'step_may_trap' {{.*}}: its step differs between threads or cannot be computed before the loop
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@local = internal thread_local global [256 x i32] undef, !loom.shared !0

declare i32 @loom.tid.x()
declare i32 @loom.ntid.x()
declare i32 @loom.nctaid.x()

; CHECK-LABEL: define void @row_sum(
; CHECK: %gang.lane = and <4 x i32> %tid.x.lanes, splat (i32 3)
; CHECK: %gang.lane.l0 = and i32 %gang.base, 3
; CHECK: %[[BASE:.*]] = sub i32 %gang.base, %gang.lane.l0
; CHECK: %full.base = sext i32 %[[BASE]] to i64
; CHECK: %full.forward = icmp sgt i32 %{{.*}}, 0
; CHECK: %hp.full.g.0 = phi i64 [ %full.base, %head.full.enter ], [ %full.g.next.reg2mem.0, %head.full.cont ]
; CHECK: head.full:
; CHECK: %c.full.lanes = add nsw <4 x i32> %{{.*}}, %gang.lane
; The rest starts from the same lanes' c, without the no-overflow promise.
; CHECK: %c.rest.start = add <4 x i32> %{{.*}}, %gang.lane
; CHECK: %full.last = add nsw i64 %hp.full.g.0, 3
; CHECK-NEXT: %[[CMP:.*]] = icmp slt i64 %full.last, %full.n
; CHECK-NEXT: %full.stay = and i1 %full.forward, %[[CMP]]
; CHECK: br i1 %{{.*}}, label %head.full.leave, label %head.full.stay
; CHECK: body.full:
; CHECK-NOT: contiguous
; CHECK: %v.full = load <4 x float>, ptr %p.full.l0, align 4
; CHECK: %full.g.next = add nsw i64 %hp.full.g.0, %full.step
; The rest: the original loop, its lanes masked.
; CHECK: head.rest:
; CHECK: %more = icmp slt <4 x i32>
; OFF-LABEL: define void @row_sum(
; OFF-NOT: full.g
; OFF: %more = icmp slt <4 x i32>
; OFF-LABEL: define void @grid_stride(
define void @row_sum(ptr %x, ptr %out, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  br label %head
head:
  %c = phi i32 [ %tid, %entry ], [ %c.next, %body ]
  %sum = phi float [ 0.0, %entry ], [ %sum.next, %body ]
  %more = icmp slt i32 %c, %n
  br i1 %more, label %body, label %done
body:
  %i = sext i32 %c to i64
  %p = getelementptr inbounds float, ptr %x, i64 %i
  %v = load float, ptr %p, align 4
  %sum.next = fadd float %sum, %v
  %bdim = call i32 @loom.ntid.x()
  %c.next = add i32 %c, %bdim
  br label %head
done:
  %t = sext i32 %tid to i64
  %q = getelementptr inbounds float, ptr %out, i64 %t
  store float %sum, ptr %q, align 4
  ret void
}

; CHECK-LABEL: define void @grid_stride(
; CHECK-NOT: full.g
; CHECK-LABEL: define void @grid_stride_histogram(
; The step (clang computes blockDim.x * gridDim.x in the body) again, before
; the loop.
; CHECK: %full.base = sext
; CHECK-NEXT: %[[BD:.*]] = call i32 @loom.ntid.x()
; CHECK-NEXT: %[[GD:.*]] = call i32 @loom.nctaid.x()
; CHECK-NEXT: %[[ST:.*]] = mul i32 %[[BD]], %[[GD]]
; CHECK: %full.step = sext i32 %[[ST]] to i64
; CHECK: body.full:
; CHECK: call void @llvm.prefetch.p0(
; CHECK-NOT: contiguous
; The bytes: a plain vector load, marked not to alias shared memory; the
; bins: plain read-modify-writes in the shared scope.
; CHECK: %b.full = load <4 x i8>, ptr %{{.*}}, align 1, !noalias ![[NOSH:[0-9]+]]
; CHECK: load i32, ptr %{{.*}}, align 4, !alias.scope ![[NOSH]]
; CHECK: store i32 %{{.*}}, ptr %{{.*}}, align 4, !alias.scope ![[NOSH]]
; CHECK: %full.g.next = add nsw i64 %hp.full.g.0, %full.step
; CHECK: head.rest:
; CHECK-LABEL: define void @two_apart(
define void @grid_stride(ptr %x, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %bdim = call i32 @loom.ntid.x()
  %grid = call i32 @loom.nctaid.x()
  %step = mul i32 %bdim, %grid
  br label %head
head:
  %c = phi i32 [ %tid, %entry ], [ %c.next, %body ]
  %more = icmp slt i32 %c, %n
  br i1 %more, label %body, label %done
body:
  %i = sext i32 %c to i64
  %p = getelementptr inbounds float, ptr %x, i64 %i
  store float 1.0, ptr %p, align 4
  %c.next = add i32 %c, %step
  br label %head
done:
  ret void
}

; CHECK-NOT: full.g
; CHECK-LABEL: define void @uniform_exit(
define void @grid_stride_histogram(ptr %data, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  br label %head
head:
  %c = phi i32 [ %tid, %entry ], [ %c.next, %body ]
  %more = icmp slt i32 %c, %n
  br i1 %more, label %body, label %done
body:
  %i = sext i32 %c to i64
  %p = getelementptr inbounds i8, ptr %data, i64 %i
  %b = load i8, ptr %p, align 1
  %bin = zext i8 %b to i64
  %ps = getelementptr inbounds [256 x i32], ptr @local, i64 0, i64 %bin
  %old = atomicrmw add ptr %ps, i32 1 monotonic
  %bdim = call i32 @loom.ntid.x()
  %grid = call i32 @loom.nctaid.x()
  %step = mul i32 %bdim, %grid
  %c.next = add i32 %c, %step
  br label %head
done:
  ret void
}

define void @two_apart(ptr %x, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %t2 = shl i32 %tid, 1
  %bdim = call i32 @loom.ntid.x()
  br label %head
head:
  %c = phi i32 [ %t2, %entry ], [ %c.next, %body ]
  %more = icmp slt i32 %c, %n
  br i1 %more, label %body, label %done
body:
  %i = sext i32 %c to i64
  %p = getelementptr inbounds float, ptr %x, i64 %i
  store float 1.0, ptr %p, align 4
  %c.next = add i32 %c, %bdim
  br label %head
done:
  ret void
}

; CHECK-NOT: full.g
; CHECK-LABEL: define void @header_store(
define void @uniform_exit(ptr %x, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  br label %head
head:
  %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
  %more = icmp slt i32 %k, %n
  br i1 %more, label %body, label %done
body:
  %c = add i32 %tid, %k
  %i = sext i32 %c to i64
  %p = getelementptr inbounds float, ptr %x, i64 %i
  store float 1.0, ptr %p, align 4
  %k.next = add i32 %k, 1
  br label %head
done:
  ret void
}

; CHECK-NOT: full.g
; CHECK-LABEL: define void @step_may_trap(
define void @header_store(ptr %x, ptr %log, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %bdim = call i32 @loom.ntid.x()
  br label %head
head:
  %c = phi i32 [ %tid, %entry ], [ %c.next, %body ]
  %t = sext i32 %tid to i64
  %pl = getelementptr inbounds i32, ptr %log, i64 %t
  store i32 %c, ptr %pl, align 4
  %more = icmp slt i32 %c, %n
  br i1 %more, label %body, label %done
body:
  %i = sext i32 %c to i64
  %p = getelementptr inbounds float, ptr %x, i64 %i
  store float 1.0, ptr %p, align 4
  %c.next = add i32 %c, %bdim
  br label %head
done:
  ret void
}


; A step computed in the body that may trap (a division by an argument that
; may be 0, with a loop that may not run): not computed before the loop.
; CHECK-NOT: full.g
; CHECK: {{^}}attributes
define void @step_may_trap(ptr %x, i32 %n, i32 %k) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  br label %head
head:
  %c = phi i32 [ %tid, %entry ], [ %c.next, %body ]
  %more = icmp slt i32 %c, %n
  br i1 %more, label %body, label %done
body:
  %i = sext i32 %c to i64
  %p = getelementptr inbounds float, ptr %x, i64 %i
  store float 1.0, ptr %p, align 4
  %bdim = call i32 @loom.ntid.x()
  %step = sdiv i32 %bdim, %k
  %c.next = add i32 %c, %step
  br label %head
done:
  ret void
}

!0 = !{}

; Counter atomics aggregated per block: in a barrier-free kernel, the one
; integer atomicAdd on a block-uniform address, outside loops, with its
; result used, in a block every gang reaches (only divergent branches lead
; there) and that can run with no lane active, becomes one atomic per block.
; Its block runs in every gang (no any-lane skip); each gang stores its
; lanes' total in a per-block scratch array (thread-local: a block runs on
; one thread), gang 0 clears the done flag, a barrier; the first gang past
; it sums the totals, applies one atomic and replaces the totals by each
; gang's base; a lane's old value is its gang's base plus the exclusive
; prefix of its gang's active lanes. `out[atomicAdd(&n, 1)] = v` then
; stores with a compress-store. Not taken (gang-level aggregation instead):
; result unused, atomic in a loop, address varying per thread, a uniform
; load in the atomic's block, a kernel with a barrier of its own, a uniform
; branch around the atomic, and -loom-wfv-block-atomics=false.
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -S %s | FileCheck %s
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -loom-wfv-block-atomics=false -S %s | FileCheck --check-prefix=OFF %s
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -pass-remarks=loom-wfv -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare i32 @loom.ctaid.x()
declare i32 @loom.ntid.x()
declare void @loom.barrier()

; REMARK: atomic in 'compact': one atomic instruction per block
; REMARK-NOT: atomic in 'compact': one atomic instruction per gang
; REMARK: atomic in 'unused': one atomic instruction per gang
; REMARK: atomic in 'in_loop': one atomic instruction per gang
; REMARK: atomic in 'uniform_load': one atomic instruction per gang
; REMARK: atomic in 'has_barrier': one atomic instruction per gang
; REMARK: atomic in 'uniform_branch': one atomic instruction per gang

; CHECK: @loom.block.atomic = internal thread_local(localexec) global [1025 x i32] zeroinitializer, align 64
; (The kernel is cleaned up after vectorizing, as barrier kernels are: the
; atomic's block is reached from the entry directly, with no skip.)
; CHECK-LABEL: define void @compact(
; CHECK: then:
; CHECK-NEXT: %{{.*}} = phi <4 x i32> [ %x, %access ], [ undef, %entry ]
; CHECK: %gang = add i32
; CHECK: %[[SCR:.*]] = call align 64 ptr @llvm.threadlocal.address.p0(ptr align 64 @loom.block.atomic)
; CHECK: %[[DONE:.*]] = getelementptr i8, ptr %[[SCR]], i64 4096
; CHECK: %[[MINE:.*]] = getelementptr i32, ptr %[[SCR]], i64 %{{.*}}
; CHECK: store i32 %{{.*}}, ptr %[[MINE]], align 4
; CHECK: call void @loom.barrier()
; CHECK-NEXT: %[[FLAG:.*]] = load i32, ptr %[[DONE]], align 4
; CHECK-NEXT: %[[FIRST:.*]] = icmp eq i32 %[[FLAG]], 0
; CHECK-NEXT: br i1 %[[FIRST]], label %block.sum, label %block.join
; CHECK: block.sum:
; CHECK: block.bases:
; CHECK: block.join:
; CHECK-NEXT: %gang.base.old = load i32, ptr %[[MINE]], align 4
; CHECK-NEXT: %rank.base = freeze i32 %gang.base.old
; CHECK: call void @llvm.masked.compressstore.v4i32(
; CHECK: block.apply:
; CHECK-NEXT: %atomic.block = atomicrmw add ptr %count, i32 %{{.*}} monotonic
; CHECK-NEXT: store i32 1, ptr %[[DONE]], align 4
; The masked body copy (partial gangs) does the same.
; CHECK: %atomic.block{{[0-9]+}} = atomicrmw add ptr %count
; CHECK-NOT: atomicrmw
; CHECK-LABEL: define void @unused(
; OFF-LABEL: define void @compact(
; OFF-NOT: @loom.barrier
; OFF: atomicrmw add ptr %count, i32 %atomic.total monotonic
; OFF-NOT: @loom.barrier
; OFF-LABEL: define void @unused(

; out[atomicAdd(count, 1)] = x for the kept threads of a 1D grid.
define void @compact(ptr %data, ptr %count, ptr %out, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %bid = call i32 @loom.ctaid.x()
  %bdim = call i32 @loom.ntid.x()
  %base = mul i32 %bid, %bdim
  %gi = add i32 %base, %tid
  %in = icmp slt i32 %gi, %n
  br i1 %in, label %load, label %done
load:
  %i = zext nneg i32 %gi to i64
  %pd = getelementptr inbounds i32, ptr %data, i64 %i
  %x = load i32, ptr %pd
  %keep = icmp sgt i32 %x, 0
  br i1 %keep, label %then, label %done
then:
  %slot = atomicrmw add ptr %count, i32 1 monotonic
  %j = zext i32 %slot to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %j
  store i32 %x, ptr %po
  br label %done
done:
  ret void
}

; CHECK-NOT: @loom.barrier
; CHECK-LABEL: define void @in_loop(
define void @unused(ptr %data, ptr %count) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pd = getelementptr inbounds i32, ptr %data, i64 %i
  %x = load i32, ptr %pd
  %old = atomicrmw add ptr %count, i32 %x monotonic
  ret void
}

; CHECK-NOT: @loom.barrier
; CHECK-LABEL: define void @uniform_load(
define void @in_loop(ptr %data, ptr %count, ptr %out, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  br label %loop
loop:
  %k = phi i32 [ %tid, %entry ], [ %k2, %loop ]
  %slot = atomicrmw add ptr %count, i32 1 monotonic
  %j = zext i32 %k to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %j
  store i32 %slot, ptr %po
  %k2 = add i32 %k, 64
  %c = icmp slt i32 %k2, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; A load of one address in the atomic's block would run in gangs with no
; lane active.
; CHECK-NOT: @loom.barrier
; CHECK-LABEL: define void @has_barrier(
define void @uniform_load(ptr %data, ptr %count, ptr %out, ptr %scale) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pd = getelementptr inbounds i32, ptr %data, i64 %i
  %x = load i32, ptr %pd
  %keep = icmp sgt i32 %x, 0
  br i1 %keep, label %then, label %done
then:
  %s = load i32, ptr %scale
  %slot = atomicrmw add ptr %count, i32 1 monotonic
  %j = zext i32 %slot to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %j
  %y = mul i32 %x, %s
  store i32 %y, ptr %po
  br label %done
done:
  ret void
}

; (Its own barrier, once in each body copy.)
; CHECK: call void @loom.barrier()
; CHECK: call void @loom.barrier()
; CHECK-NOT: call void @loom.barrier()
; CHECK-LABEL: define void @uniform_branch(
define void @has_barrier(ptr %data, ptr %count, ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pd = getelementptr inbounds i32, ptr %data, i64 %i
  %x = load i32, ptr %pd
  call void @loom.barrier()
  %slot = atomicrmw add ptr %count, i32 1 monotonic
  %j = zext i32 %slot to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %j
  store i32 %x, ptr %po
  ret void
}

; A branch on a kernel argument (uniform: kept as a branch) decides whether
; a gang reaches the atomic at all.
; CHECK-NOT: @loom.barrier
; CHECK: attributes
define void @uniform_branch(ptr %data, ptr %count, ptr %out, i1 %go) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  br i1 %go, label %then, label %done
then:
  %pd = getelementptr inbounds i32, ptr %data, i64 %i
  %x = load i32, ptr %pd
  %slot = atomicrmw add ptr %count, i32 1 monotonic
  %j = zext i32 %slot to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %j
  store i32 %x, ptr %po
  br label %done
done:
  ret void
}

; Global atomics in gang kernels (GangAtomics.cpp): lanes on one address
; (uniform by analysis) share one atomic of their combined operand, and each
; lane's old value is the atomic's result combined with an exclusive prefix
; (Hillis-Steele shifts) over the active lanes in lane order; inactive lanes
; contribute the operation's identity. With the result unused, a vector
; reduction instead of the prefix. Under a partial mask the atomic runs only
; when a lane is active. Per-lane addresses stay lane by lane by default;
; with -loom-wfv-group-atomics, when the first active lane shares its address
; with at least max(2, W/8) lanes, a loop over the distinct addresses (first
; remaining lane's address, every lane with it). Volatile atomics and
; cmpxchg stay lane by lane. (A counter with its result used in a barrier-free
; kernel is aggregated per block instead: block_atomics.ll; pinned off here.)
; DEFAULT-LABEL: define void @varying(
; DEFAULT-NOT: atomic.group
; DEFAULT: lane.do:
; DEFAULT: atomicrmw add ptr %{{.*}}, i32 1 monotonic
; DEFAULT-LABEL: define void @kept(
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -loom-wfv-group-atomics -loom-wfv-block-atomics=false -S %s | FileCheck %s
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -S %s | FileCheck --check-prefix=DEFAULT %s
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -loom-wfv-aggregate-atomics=false -S %s | FileCheck --check-prefix=OFF %s
; Each global atomic left lane by lane has a missed remark with the reason.
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -pass-remarks-missed=loom-wfv -disable-output %s 2>&1 | FileCheck --check-prefix=MISSED --implicit-check-not=remark: %s
; MISSED: remark: {{.*}}atomic in 'varying': one atomic instruction per lane, lane by lane: per-lane addresses (each lane's atomic runs in turn)
; MISSED: remark: {{.*}}atomic in 'kept': one atomic instruction per lane, lane by lane: an operation (or volatile atomic) that lanes cannot combine
; MISSED: remark: {{.*}}atomic in 'kept': one atomic instruction per lane, lane by lane: compare-and-swap (each lane's compare depends on the previous lane's)
; OFF-LABEL: define void @uniform_add_unused(
; OFF: lane.do:
; OFF: atomicrmw add ptr %count, i32 %{{.*}} monotonic
; OFF-NOT: atomic.once

; CHECK-LABEL: define void @uniform_add_unused(
; CHECK: %[[X:.*]] = load <4 x i32>
; CHECK: %[[SEL:.*]] = select <4 x i1> splat (i1 true), <4 x i32> %[[X]], <4 x i32> zeroinitializer
; CHECK: %[[SUM:.*]] = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %[[SEL]])
; CHECK: atomicrmw add ptr %count, i32 %[[SUM]] monotonic
; CHECK-NOT: atomicrmw
; The partial gang: lanes off contribute 0, the atomic runs if any is on.
; CHECK: br i1 %{{.*}}, label %atomic.once, label %atomic.once.done
; CHECK: atomic.once:
; CHECK: select <4 x i1> %gang.mask, <4 x i32> %{{.*}}, <4 x i32> zeroinitializer
; CHECK: @llvm.vector.reduce.add.v4i32(
; CHECK: atomicrmw add ptr %count
; CHECK-NOT: atomicrmw
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()

; One counter, result unused: one atomic of the lanes' sum.
define void @uniform_add_unused(ptr %data, ptr %count) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pd = getelementptr inbounds i32, ptr %data, i64 %i
  %x = load i32, ptr %pd
  %old = atomicrmw add ptr %count, i32 %x monotonic
  ret void
}


; CHECK-LABEL: define void @compact(
; The lanes that pass the test take consecutive slots in lane order.
; CHECK: %[[KEEP:.*]] = and <4 x i1> splat (i1 true), %keep
; CHECK: br i1 %{{.*}}, label %atomic.once, label %atomic.once.done
; CHECK: atomic.once:
; CHECK: %[[ONES:.*]] = select <4 x i1> %[[KEEP]], <4 x i32> splat (i32 1), <4 x i32> zeroinitializer
; CHECK: %[[S1:.*]] = shufflevector <4 x i32> %[[ONES]], <4 x i32> zeroinitializer, <4 x i32> <i32 4, i32 0, i32 1, i32 2>
; CHECK: %[[P1:.*]] = add <4 x i32> %[[ONES]], %[[S1]]
; CHECK: %[[S2:.*]] = shufflevector <4 x i32> %[[P1]], <4 x i32> zeroinitializer, <4 x i32> <i32 4, i32 5, i32 0, i32 1>
; CHECK: %[[P2:.*]] = add <4 x i32> %[[P1]], %[[S2]]
; CHECK: %[[EXCL:.*]] = shufflevector <4 x i32> %[[P2]], <4 x i32> zeroinitializer, <4 x i32> <i32 4, i32 0, i32 1, i32 2>
; CHECK: %[[TOT:.*]] = extractelement <4 x i32> %[[P2]], i64 3
; CHECK: %[[BASE:.*]] = atomicrmw add ptr %count, i32 %[[TOT]] monotonic
; CHECK: %[[BI:.*]] = insertelement <4 x i32> poison, i32 %[[BASE]], i64 0
; CHECK: %[[B:.*]] = shufflevector <4 x i32> %[[BI]], <4 x i32> poison, <4 x i32> zeroinitializer
; CHECK: %[[OLD:.*]] = add <4 x i32> %[[B]], %[[EXCL]]
; CHECK: atomic.once.done:
; CHECK: %atomic.old = phi <4 x i32> [ poison, %then ], [ %[[OLD]], %atomic.once ]
; CHECK: zext <4 x i32> %atomic.old to <4 x i64>
; The kept lanes' slots are consecutive from lane 0's: the store to
; out[slot] is a compress-store there, not a scatter.
; CHECK: %[[R:.*]] = extractelement <4 x i32> %atomic.old, i64 0
; CHECK-NEXT: %rank.base = freeze i32 %[[R]]
; CHECK-NEXT: %[[RZ:.*]] = zext i32 %rank.base to i64
; CHECK-NEXT: %compress.at = getelementptr i32, ptr %out, i64 %[[RZ]]
; CHECK-NEXT: call void @llvm.masked.compressstore.v4i32(<4 x i32> %x, ptr %compress.at, <4 x i1> %[[KEEP]])
; CHECK-NOT: scatter

; Stream compaction under a divergent branch: the returned slot is used.
define void @compact(ptr %data, ptr %count, ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
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


; Each kind: identity of the inactive lanes, the combining step, the atomic of
; the total, the old value from the atomic's result and the exclusive prefix.
; CHECK-LABEL: define void @ops(
; CHECK: select <4 x i1> splat (i1 true), <4 x i32> %x, <4 x i32> zeroinitializer
; CHECK: %[[T:atomic.total.*]] = extractelement
; CHECK: %[[R:.*]] = atomicrmw sub ptr %g, i32 %[[T]] monotonic
; CHECK: sub <4 x i32> %{{.*}}, %{{.*}}
; CHECK: select <4 x i1> splat (i1 true), <4 x i32> %x, <4 x i32> splat (i32 -1)
; CHECK: and <4 x i32>
; CHECK: atomicrmw and ptr %g1, i32 %atomic.total{{[0-9]+}} monotonic
; CHECK: or <4 x i32>
; CHECK: atomicrmw or ptr %g2, i32 %atomic.total{{[0-9]+}} monotonic
; CHECK: xor <4 x i32>
; CHECK: atomicrmw xor ptr %g3, i32 %atomic.total{{[0-9]+}} monotonic
; CHECK: select <4 x i1> splat (i1 true), <4 x i32> %x, <4 x i32> splat (i32 -2147483648)
; CHECK: @llvm.smax.v4i32(
; CHECK: atomicrmw max ptr %g4, i32 %atomic.total{{[0-9]+}} monotonic
; CHECK: @llvm.smax.v4i32(
; CHECK: select <4 x i1> splat (i1 true), <4 x i32> %x, <4 x i32> splat (i32 2147483647)
; CHECK: @llvm.smin.v4i32(
; CHECK: atomicrmw min ptr %g5, i32 %atomic.total{{[0-9]+}} monotonic
; CHECK: @llvm.umax.v4i32(
; CHECK: atomicrmw umax ptr %g6, i32 %atomic.total{{[0-9]+}} monotonic
; CHECK: @llvm.umin.v4i32(
; The ordering is the lanes' own.
; CHECK: atomicrmw umin ptr %g7, i32 %atomic.total{{[0-9]+}} seq_cst
; Exchange: memory gets the last active lane's value; each lane gets the
; previous active lane's, the first active one the memory's.
; CHECK: %[[LZ:.*]] = call i4 @llvm.ctlz.i4(i4 -1, i1 true)
; CHECK: %[[LAST:.*]] = sub i4 3, %[[LZ]]
; CHECK: %[[XV:.*]] = extractelement <4 x i32> %x, i4 %[[LAST]]
; CHECK: %[[XB:.*]] = atomicrmw xchg ptr %g8, i32 %[[XV]] monotonic
; CHECK: shufflevector <4 x i32> %x, <4 x i32> poison, <4 x i32> <i32 4, i32 0, i32 1, i32 2>
; CHECK: select <4 x i1> <i1 false, i1 true, i1 true, i1 true>, <4 x i32> %{{.*}}, <4 x i32> %{{.*}}
; Float add: -0.0 for inactive lanes, any summation order.
; CHECK: select <4 x i1> splat (i1 true), <4 x float> %f, <4 x float> splat (float -0.000000e+00)
; CHECK: fadd <4 x float>
; CHECK: %[[FB:.*]] = atomicrmw fadd ptr %fg, float %atomic.total{{[0-9]+}} monotonic
; CHECK: %[[FOLD:.*]] = fadd <4 x float> %{{.*}}, %{{.*}}
; CHECK: store <4 x float> %[[FOLD]]

define void @ops(ptr %data, ptr %fdata, ptr %g, ptr %fg, ptr %out, ptr %fout) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pd = getelementptr inbounds i32, ptr %data, i64 %i
  %x = load i32, ptr %pd
  %pf = getelementptr inbounds float, ptr %fdata, i64 %i
  %f = load float, ptr %pf
  %g1 = getelementptr inbounds i32, ptr %g, i64 1
  %g2 = getelementptr inbounds i32, ptr %g, i64 2
  %g3 = getelementptr inbounds i32, ptr %g, i64 3
  %g4 = getelementptr inbounds i32, ptr %g, i64 4
  %g5 = getelementptr inbounds i32, ptr %g, i64 5
  %g6 = getelementptr inbounds i32, ptr %g, i64 6
  %g7 = getelementptr inbounds i32, ptr %g, i64 7
  %g8 = getelementptr inbounds i32, ptr %g, i64 8
  %a0 = atomicrmw sub ptr %g, i32 %x monotonic
  %a1 = atomicrmw and ptr %g1, i32 %x monotonic
  %a2 = atomicrmw or ptr %g2, i32 %x monotonic
  %a3 = atomicrmw xor ptr %g3, i32 %x monotonic
  %a4 = atomicrmw max ptr %g4, i32 %x monotonic
  %a5 = atomicrmw min ptr %g5, i32 %x monotonic
  %a6 = atomicrmw umax ptr %g6, i32 %x monotonic
  %a7 = atomicrmw umin ptr %g7, i32 %x seq_cst
  %a8 = atomicrmw xchg ptr %g8, i32 %x monotonic
  %af = atomicrmw fadd ptr %fg, float %f monotonic
  %s0 = add i32 %a0, %a1
  %s1 = add i32 %s0, %a2
  %s2 = add i32 %s1, %a3
  %s3 = add i32 %s2, %a4
  %s4 = add i32 %s3, %a5
  %s5 = add i32 %s4, %a6
  %s6 = add i32 %s5, %a7
  %s7 = add i32 %s6, %a8
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %s7, ptr %po
  %pfo = getelementptr inbounds float, ptr %fout, i64 %i
  store float %af, ptr %pfo
  ret void
}


; CHECK-LABEL: define void @varying(
; CHECK: %ph = getelementptr inbounds i32, ptr %hist, <4 x i64> %bin
; Grouped when the first active lane shares its address with max(2, W/8) lanes.
; CHECK: %[[CNT:.*]] = call i4 @llvm.ctpop.i4(
; CHECK: %[[GE:.*]] = icmp uge i4 %[[CNT]], 2
; CHECK: %atomic.shared = freeze i1 %[[GE]]
; CHECK: br i1 %atomic.shared, label %atomic.grouped, label %atomic.bylane
; CHECK-DAG: %atomic.rem = phi <4 x i1> [ splat (i1 true), %atomic.grouped ], [ %{{.*}}, %atomic.group.next ]
; CHECK-DAG: %[[FIRST:.*]] = call i4 @llvm.cttz.i4(i4 %{{.*}}, i1 true)
; CHECK-DAG: %atomic.addr = extractelement <4 x ptr> %ph, i4 %[[FIRST]]
; CHECK-DAG: %atomic.lanes = and <4 x i1> %atomic.rem, %{{.*}}
; CHECK-DAG: select <4 x i1> %atomic.lanes, <4 x i32> splat (i32 1), <4 x i32> zeroinitializer
; CHECK-DAG: atomicrmw add ptr %atomic.addr, i32 %atomic.total monotonic
; A lane alone on its address: its own atomic.
; CHECK-DAG: atomic.group.one:
; CHECK-DAG: %[[V:.*]] = extractelement <4 x i32> splat (i32 1), i4 %[[FIRST]]
; CHECK-DAG: atomicrmw add ptr %atomic.addr, i32 %[[V]] monotonic
; CHECK-DAG: select <4 x i1> %atomic.lanes, <4 x i32> %{{.*}}, <4 x i32> %{{.*}}
; Else lane by lane.
; CHECK-DAG: lane.do:
; CHECK-DAG: atomicrmw add ptr %{{[0-9]+}}, i32 1 monotonic
; CHECK-DAG: %atomic.old = phi <4 x i32>

; Per-lane addresses: one atomic per distinct address.
define void @varying(ptr %data, ptr %hist, ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pd = getelementptr inbounds i32, ptr %data, i64 %i
  %x = load i32, ptr %pd
  %b = and i32 %x, 7
  %bin = zext nneg i32 %b to i64
  %ph = getelementptr inbounds i32, ptr %hist, i64 %bin
  %old = atomicrmw add ptr %ph, i32 1 monotonic
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %old, ptr %po
  ret void
}


; CHECK-LABEL: define void @kept(
; CHECK: lane.do:
; CHECK: atomicrmw volatile add ptr %g
; CHECK: lane.do{{[0-9]+}}:
; CHECK: cmpxchg ptr %g, i32 0

; Volatile atomics and compare-and-swap stay lane by lane.
define void @kept(ptr %g, ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %v = atomicrmw volatile add ptr %g, i32 %tid monotonic
  %r = cmpxchg ptr %g, i32 0, i32 %tid monotonic monotonic
  %c = extractvalue { i32, i1 } %r, 0
  %s = add i32 %v, %c
  %i = zext nneg i32 %tid to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %s, ptr %po
  ret void
}

; Memory accesses by their stride across lanes, in the full-gang and the
; partial-gang (masked tail) copies of the body; 2D blocks vectorize along x.
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare i32 @loom.tid.y()
declare i32 @loom.ntid.x()
declare ptr @llvm.threadlocal.address.p0(ptr)

@tile = internal thread_local global { [256 x i8], [64 x float], [256 x i8] } undef, align 64, !loom.shared !100, !loom.shared.guard !101
@loom.dynamic.shared = internal thread_local global ptr null, align 8
@plain = internal global [64 x float] undef, align 64

; CHECK-LABEL: define void @access_kinds(
; CHECK-SAME: #[[ATTR:[0-9]+]]
; The gang: lanes base..base+3, the tail mask, and the full-gang test.
; CHECK: %gang.base = call i32 @loom.tid.x()
; CHECK: %tid.x.lanes = add nuw nsw <4 x i32> %{{.*}}, <i32 0, i32 1, i32 2, i32 3>
; CHECK: %gang.mask = icmp ult <4 x i32> %tid.x.lanes
; CHECK: %gang.full = icmp ule i32
; CHECK: br i1 %gang.full, label %gang.full{{.*}}, label %gang.partial
; Full gang: consecutive load/store are plain vector accesses, a uniform
; address is one scalar load, a stride of 2 elements is a gather.
; CHECK: gang.full{{.*}}:
; CHECK: load <4 x float>, ptr
; CHECK: load float, ptr %u
; CHECK: call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> align 4 %{{.*}}, <4 x i1> splat (i1 true)
; threadIdx.y is the same in every lane of a gang: scalar.
; CHECK: %ty = call i32 @loom.tid.y()
; CHECK-NEXT: %row = zext i32 %ty to i64
; CHECK: store <4 x float>
; Partial gang: the same accesses under the tail mask.
; CHECK: ; preds = %gang.partial
; CHECK: call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %{{.*}}, <4 x i1> %gang.mask
; CHECK: call <4 x float> @llvm.masked.gather.v4f32.v4p0(<4 x ptr> align 4 %{{.*}}, <4 x i1> %gang.mask
; CHECK: call void @llvm.masked.store.v4f32.p0(<4 x float> %{{.*}}, ptr align 4 %{{.*}}, <4 x i1> %gang.mask)
define void @access_kinds(ptr %a, ptr %b, ptr %u, ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  %x = load float, ptr %pa
  %s = load float, ptr %u
  %i2 = shl nuw nsw i64 %i, 1
  %pb = getelementptr inbounds float, ptr %b, i64 %i2
  %y = load float, ptr %pb
  %xs = fmul float %x, %s
  %r = fadd float %xs, %y
  %ty = call i32 @loom.tid.y()
  %row = zext i32 %ty to i64
  %rowoff = mul i64 %row, 1024
  %o = add i64 %rowoff, %i
  %po = getelementptr inbounds float, ptr %out, i64 %o
  store float %r, ptr %po
  ret void
}

; A 32-bit index that may wrap between lanes (unsigned arithmetic, then
; sign extension): the unit-stride access is checked at run time, with one
; scalar compare of the first and last lanes' addresses.
; CHECK-LABEL: define void @may_wrap(
; CHECK: %i.last = add i32 %gang.last, %off
; CHECK: %[[SPAN:.*]] = sub i64
; CHECK: %contiguous = icmp eq i64 %[[SPAN]], 12
; CHECK: br i1 %contiguous
; CHECK: contig{{.*}}:
; CHECK: load <4 x float>
; CHECK: gather{{.*}}:
; CHECK: @llvm.masked.gather.v4f32
define void @may_wrap(ptr %a, ptr %out, i32 %off) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = add i32 %tid, %off
  %i64 = sext i32 %i to i64
  %pa = getelementptr inbounds float, ptr %a, i64 %i64
  %x = load float, ptr %pa
  %po = getelementptr inbounds float, ptr %out, i64 %i64
  store float %x, ptr %po
  ret void
}

; Varying values stored to one address: the highest active lane's value is
; the one that stays (as the last thread's would), one scalar store, no
; scatter (microcoded, tens of cycles).
; CHECK-LABEL: define void @same_address(
; CHECK: %[[L:.*]] = extractelement <4 x i32> %tid.x.lanes, i64 3
; CHECK: store i32 %[[L]], ptr %out
; CHECK-NOT: scatter
; CHECK-LABEL: define void @same_address_masked(
define void @same_address(ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  store i32 %tid, ptr %out
  ret void
}

; The same under a divergent mask (`if (tid % 3) *out = tid`): the highest
; set bit of the mask picks the lane; no lane active, no store.
; CHECK: %[[B:.*]] = bitcast <4 x i1> %{{.*}} to i4
; CHECK: br i1 %{{.*}}, label %store.last, label %store.done
; CHECK: store.last:
; CHECK: %[[Z:.*]] = call i4 @llvm.ctlz.i4(i4 %[[B]], i1 true)
; CHECK: %[[I:.*]] = sub i4 3, %[[Z]]
; CHECK: %[[V:.*]] = extractelement <4 x i32> %tid.x.lanes, i4 %[[I]]
; CHECK: store i32 %[[V]], ptr %out
; CHECK-NOT: scatter
; CHECK: {{^}}}
define void @same_address_masked(ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %r = urem i32 %tid, 3
  %c = icmp ne i32 %r, 0
  br i1 %c, label %then, label %done
then:
  store i32 %tid, ptr %out
  br label %done
done:
  ret void
}

; `if (i < n) a[i] = b[i]`: the guard is divergent, but all lanes pass it in
; every gang but the last, so a consecutive access under its mask tests the
; mask and is a plain vector access when it is all on (masked loads stream
; at a fraction of plain ones' bandwidth on some CPUs). A load under a
; partial mask is still plain when the active lanes' first and last bytes
; are on the pages the whole vector touches (cttz/ctlz of the mask bits);
; only a vector reaching into another page stays masked. Stores stay masked
; under a partial mask. The partial copy (the row's last gang) skips the
; all-on test: its mask never is.
; CHECK-LABEL: define void @guarded_copy(
; CHECK: gang.full
; CHECK: %[[ALL:.*]] = call i1 @llvm.vector.reduce.and.v4i1(<4 x i1> %[[M:.*]])
; CHECK: br i1 %[[ALL]], label %load.plain, label %load.pages
; CHECK: load.plain:
; CHECK-NEXT: load <4 x float>, ptr
; CHECK: load.pages:
; CHECK: call i4 @llvm.cttz.i4(i4 %[[BITS:.*]], i1 false)
; CHECK: call i4 @llvm.ctlz.i4(i4 %[[BITS]], i1 false)
; CHECK: %pages.covered = and i1
; CHECK-NEXT: br i1 %pages.covered, label %load.plain, label %load.masked
; CHECK: load.masked:
; CHECK-NEXT: call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %{{.*}}, <4 x i1> %[[M]]
; CHECK: store.all:
; CHECK-NEXT: store <4 x float>
; CHECK: store.masked:
; CHECK-NEXT: call void @llvm.masked.store.v4f32.p0(
; CHECK: gang.partial
; CHECK-NOT: reduce.and
; CHECK: br label %load.pages
; CHECK-NOT: reduce.and
; CHECK: br i1 %pages.covered{{[0-9]+}}, label %load.plain{{[0-9]+}}, label %load.masked
; CHECK-NOT: reduce.and
; CHECK: call void @llvm.masked.store.v4f32.p0(
; CHECK-NOT: reduce.and
; CHECK: declare i1 @llvm.vector.reduce.and.v4i1(
define void @guarded_copy(ptr %a, ptr %b, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %in = icmp ult i32 %tid, %n
  br i1 %in, label %body, label %exit
body:
  %i = zext nneg i32 %tid to i64
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %x = load float, ptr %pb
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  store float %x, ptr %pa
  br label %exit
exit:
  ret void
}

; Shared memory has guard zones a vector wide (or wider) on both sides
; (LowerSharedMemory; the runtime pads the dynamic buffer): a unit-stride
; load under a partial mask from a static __shared__ array or the dynamic
; buffer is a plain vector load when any lane is active, with no page test.
; `if (tid > 0) out[tid] = tile[tid - 1] + dyn[tid - 1];`
; CHECK-LABEL: define void @guarded_shared(
; CHECK: gang.full
; CHECK: {{^}}body:
; CHECK: %[[ANY:.*]] = call i1 @llvm.vector.reduce.or.v4i1(
; CHECK-NEXT: br i1 %[[ANY]], label %load.plain, label %load.masked
; CHECK-NOT: load.pages
; CHECK: %[[ANY2:.*]] = call i1 @llvm.vector.reduce.or.v4i1(
; CHECK-NEXT: br i1 %[[ANY2]], label %load.plain{{[0-9]+}}, label %load.masked
; CHECK: store.masked:
; CHECK: gang.partial
; CHECK-NOT: cttz
; CHECK: {{^}}}
define void @guarded_shared(ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %in = icmp ugt i32 %tid, 0
  br i1 %in, label %body, label %exit
body:
  %m = add nsw i32 %tid, -1
  %j = zext nneg i32 %m to i64
  %pt = getelementptr inbounds nuw [64 x float], ptr getelementptr inbounds ({ [256 x i8], [64 x float], [256 x i8] }, ptr @tile, i32 0, i32 1), i64 0, i64 %j
  %t = load float, ptr %pt
  %dp = call ptr @llvm.threadlocal.address.p0(ptr @loom.dynamic.shared)
  %dyn = load ptr, ptr %dp
  %pd = getelementptr inbounds float, ptr %dyn, i64 %j
  %d = load float, ptr %pd
  %s = fadd float %t, %d
  %i = zext nneg i32 %tid to i64
  %po = getelementptr inbounds float, ptr %out, i64 %i
  store float %s, ptr %po
  br label %exit
exit:
  ret void
}

; Without guard zones (an ordinary global, or a vector wider than the zone:
; here 64 lanes of a double would need 512 bytes) the page test stays.
; CHECK-LABEL: define void @unguarded_global(
; CHECK: load.pages:
; CHECK: cttz
; CHECK: {{^}}}
define void @unguarded_global(ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %in = icmp ugt i32 %tid, 0
  br i1 %in, label %body, label %exit
body:
  %m = add nsw i32 %tid, -1
  %j = zext nneg i32 %m to i64
  %pt = getelementptr inbounds nuw [64 x float], ptr @plain, i64 0, i64 %j
  %t = load float, ptr %pt
  %i = zext nneg i32 %tid to i64
  %po = getelementptr inbounds float, ptr %out, i64 %i
  store float %t, ptr %po
  br label %exit
exit:
  ret void
}

; Lanes two elements apart (`in[2 * tid]`, a field of an array of pairs,
; a tree level with a constant offset): the two vectors the gang spans are
; loaded whole when the active lanes' pages cover them, and lane i is
; element 2i (one shuffle); a gather otherwise.
; CHECK-LABEL: define void @grouped_load(
; CHECK: gang.full
; CHECK: %pages.covered = and i1
; CHECK-NEXT: br i1 %pages.covered, label %group.load, label %group.gather
; CHECK: group.load:
; CHECK-NEXT: %group = load <4 x float>, ptr %p.l0
; CHECK-NEXT: %[[HI:.*]] = getelementptr i8, ptr %p.l0, i64 16
; CHECK-NEXT: %group{{[0-9]+}} = load <4 x float>, ptr %[[HI]]
; CHECK-NEXT: %[[CAT:.*]] = shufflevector <4 x float> %group, <4 x float> %group{{[0-9]+}}, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
; CHECK-NEXT: shufflevector <8 x float> %[[CAT]], <8 x float> poison, <4 x i32> <i32 0, i32 2, i32 4, i32 6>
; CHECK: group.gather:
; CHECK-NEXT: call <4 x float> @llvm.masked.gather.v4f32.v4p0(
; CHECK: {{^}}}
define void @grouped_load(ptr %out, ptr %in) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %t2 = shl nuw nsw i32 %tid, 1
  %j = zext nneg i32 %t2 to i64
  %p = getelementptr inbounds float, ptr %in, i64 %j
  %x = load float, ptr %p
  %i = zext nneg i32 %tid to i64
  %po = getelementptr inbounds float, ptr %out, i64 %i
  store float %x, ptr %po
  ret void
}

; A store to shared memory with lanes two elements apart: read the two
; vectors, blend the active lanes into their slots, write both back (a
; block runs on one CPU thread: nothing writes the other slots meanwhile;
; the guard zones keep the span in bounds). Only a scatter's fallback is
; left for a 32-bit index that wrapped.
; CHECK-LABEL: define void @grouped_shared_store(
; CHECK: gang.full
; CHECK: group.store:
; CHECK-NEXT: %group = load <4 x float>, ptr %pt.l0
; CHECK: %group{{[0-9]+}} = load <4 x float>
; CHECK-NEXT: %[[V0:.*]] = shufflevector <4 x float> %x, <4 x float> poison, <4 x i32> <i32 0, i32 poison, i32 1, i32 poison>
; CHECK-NEXT: %[[B0:.*]] = select <4 x i1> <i1 true, i1 false, i1 true, i1 false>, <4 x float> %[[V0]], <4 x float> %group
; CHECK-NEXT: store <4 x float> %[[B0]], ptr %pt.l0
; CHECK: <4 x i32> <i32 2, i32 poison, i32 3, i32 poison>
; CHECK: store <4 x float>
; CHECK: group.scatter:
; In the row's last gang, the lanes' mask is spread the same way.
; CHECK: gang.partial
; CHECK: group.store{{[0-9]+}}:
; CHECK: %[[M:.*]] = shufflevector <4 x i1> %{{.*}}, <4 x i1> zeroinitializer, <4 x i32> <i32 0, i32 4, i32 1, i32 4>
; CHECK-NEXT: select <4 x i1> %[[M]]
; CHECK: {{^}}}
define void @grouped_shared_store(ptr %in) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pi = getelementptr inbounds float, ptr %in, i64 %i
  %x = load float, ptr %pi
  %t2 = shl nuw nsw i32 %tid, 1
  %j = zext nneg i32 %t2 to i64
  %pt = getelementptr inbounds nuw [64 x float], ptr getelementptr inbounds ({ [256 x i8], [64 x float], [256 x i8] }, ptr @tile, i32 0, i32 1), i64 0, i64 %j
  store float %x, ptr %pt
  ret void
}

; The same store to global memory is a scatter: other blocks may write the
; slots between the lanes at the same time.
; CHECK-LABEL: define void @grouped_global_store(
; CHECK-NOT: group.store
; CHECK: call void @llvm.masked.scatter.v4f32.v4p0(
; CHECK-NOT: group.store
; CHECK: {{^}}}
define void @grouped_global_store(ptr %out, float %v) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %t2 = shl nuw nsw i32 %tid, 1
  %j = zext nneg i32 %t2 to i64
  %p = getelementptr inbounds float, ptr %out, i64 %j
  store float %v, ptr %p
  ret void
}

; A halo: `x = tid - 20; if (x >= 0) out[x] = ...`, the index widened by
; `zext nneg` (InstCombine's form of `sext` under the guard). Lane 0, whose
; address the unit-stride store starts from, may be a thread that failed
; the guard: its index is extended as a `sext` (-20, not 2^32 - 20) and its
; GEP drops `inbounds` (one element before the array is not poison then).
; The `sext`-like extension of an `nsw` index also needs no run-time wrap
; check.
; CHECK-LABEL: define void @negative_lane0(
; CHECK: gang.full
; CHECK: %i.l0 = sext i32 %x.l0 to i64
; CHECK: %i.last = sext i32 %x.last to i64
; CHECK: %p.l0 = getelementptr float, ptr %out, i64 %i.l0
; CHECK-NOT: contiguous
; CHECK: store.all:
define void @negative_lane0(ptr %out, float %v) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %x = add nsw i32 %tid, -20
  %ok = icmp sgt i32 %x, -1
  br i1 %ok, label %body, label %exit
body:
  %i = zext nneg i32 %x to i64
  %p = getelementptr inbounds float, ptr %out, i64 %i
  store float %v, ptr %p
  br label %exit
exit:
  ret void
}

; The gang width is recorded for ThreadLoops.
; CHECK: attributes #[[ATTR]] = { "loom-gang-width"="4" "loom-kernel" }

!100 = !{}
!101 = !{i64 256}

; Warps as gangs (issue #12, item 1): a kernel with warp-level operations is
; vectorized with one warp per gang (32 lanes) and its collectives become
; operations on the gang's registers; the scalar kernel stays, and the entry
; runs the gang version when blockDim.x is a multiple of 32, the version for
; one-dimensional blocks (warp_gang_partial.ll) when the block is 1D, else the
; flat version (warps spanning rows).
; RUN: %opt -passes=loom-wfv -loom-wfv-cleanup=false -pass-remarks=loom-wfv -S %s -o %t.ll 2>&1 | FileCheck --check-prefix=REMARK %s
; RUN: FileCheck %s < %t.ll
; RUN: %opt -passes=loom-thread-loops,loom-kernel-entry,loom-kernel-registration -S %t.ll | FileCheck --check-prefix=ENTRY %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare void @loom.barrier.warp()
declare i32 @loom.warp.collective(i32, i32, i32, i32, i32)

define void @shfl_xor_const(ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %v = call i32 @loom.warp.collective(i32 3, i32 -1, i32 %tid, i32 1, i32 31)
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %v, ptr %p
  ret void
}

define void @shfl_down_var(ptr %out, i32 %d) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %v = call i32 @loom.warp.collective(i32 2, i32 -1, i32 %tid, i32 %d, i32 6175)
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %v, ptr %p
  ret void
}

define void @shfl_idx_var_full(ptr %out, i32 %s) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %v = call i32 @loom.warp.collective(i32 0, i32 -1, i32 %tid, i32 %s, i32 31)
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %v, ptr %p
  ret void
}

define void @shfl_idx_var_seg(ptr %out, i32 %s) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %v = call i32 @loom.warp.collective(i32 0, i32 -1, i32 %tid, i32 %s, i32 7199)
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %v, ptr %p
  ret void
}

define void @shfl_idx_lane_var(ptr %out, ptr %in) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %q = getelementptr inbounds i32, ptr %in, i64 %i
  %src = load i32, ptr %q
  %v = call i32 @loom.warp.collective(i32 0, i32 -1, i32 %tid, i32 %src, i32 31)
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %v, ptr %p
  ret void
}

define void @votes(ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %odd = and i32 %tid, 1
  %c = icmp ult i32 %tid, 20
  br i1 %c, label %some, label %join
some:
  %b = call i32 @loom.warp.collective(i32 4, i32 -1, i32 %odd, i32 0, i32 0)
  %all = call i32 @loom.warp.collective(i32 5, i32 -1, i32 %odd, i32 0, i32 0)
  %act = call i32 @loom.warp.collective(i32 8, i32 -1, i32 0, i32 0, i32 0)
  call void @loom.barrier.warp()
  %s1 = add i32 %b, %all
  %s = add i32 %s1, %act
  br label %join
join:
  %r = phi i32 [ %s, %some ], [ 0, %entry ]
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %r, ptr %p
  ret void
}

define void @reduce_match(ptr %out, ptr %in) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %q = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %q
  %sum = call i32 @loom.warp.collective(i32 11, i32 -1, i32 %x, i32 0, i32 0)
  %m = call i32 @loom.warp.collective(i32 9, i32 -1, i32 %x, i32 0, i32 0)
  %r = xor i32 %sum, %m
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %r, ptr %p
  ret void
}

; REMARK: remark: {{.*}}kernel 'shfl_xor_const' runs warps as gangs of 32 lanes (rows of whole warps; one-dimensional blocks; 2D blocks, threads numbered flat)
; REMARK: remark: {{.*}}kernel 'reduce_match' runs warps as gangs of 32 lanes

; The scalar kernels stay as they are.
; CHECK-LABEL: define void @shfl_xor_const(
; CHECK: call i32 @loom.warp.collective(i32 3,
; CHECK-LABEL: define void @votes(
; CHECK: call void @loom.barrier.warp()

; __shfl_xor_sync(v, 1): a constant permute of the lanes' values.
; CHECK-LABEL: define internal void @shfl_xor_const.warpgang(
; CHECK: %shfl.perm = shufflevector <32 x i32> %tid.x.lanes, <32 x i32> poison, <32 x i32> <i32 1, i32 0, i32 3, i32 2,
; CHECK: %shfl = select <32 x i1> {{.*}}, <32 x i32> %shfl.perm, <32 x i32> %tid.x.lanes
; CHECK: store <32 x i32> %shfl
; CHECK-NOT: loom.warp.collective

; __shfl_down_sync(v, d, 8) with d unknown but the same for the warp (a
; kernel argument, a reduction loop's offset): rotations by 1, 2, 4, 8, 16
; chosen by d's bits, no stack copy (segment of 8: c = (32 - 8) << 8 | 31
; only decides which lanes keep their own value).
; CHECK-LABEL: define internal void @shfl_down_var.warpgang(
; CHECK: %shfl.k = and i32 %d, 31
; CHECK: %[[R1:.*]] = shufflevector <32 x i32> %tid.x.lanes, <32 x i32> poison, <32 x i32> <i32 1, i32 2, i32 3,
; CHECK-SAME: i32 30, i32 31, i32 0>
; CHECK: %[[B1:.*]] = and i32 %shfl.k, 1
; CHECK: %[[C1:.*]] = icmp ne i32 %[[B1]], 0
; CHECK: select i1 %[[C1]], <32 x i32> %[[R1]], <32 x i32> %tid.x.lanes
; CHECK: shufflevector <32 x i32> %{{.*}}, <32 x i32> poison, <32 x i32> <i32 16, i32 17,
; CHECK: %shfl = select <32 x i1>
; CHECK-NOT: gather
; CHECK-LABEL: define internal void @shfl_idx_var_full.warpgang(

; __shfl_sync(v, s) with s uniform, full warp: a broadcast of lane s.
; CHECK: %shfl.k = and i32 %s, 31
; CHECK: %[[E:.*]] = extractelement <32 x i32> %tid.x.lanes, i32 %shfl.k
; CHECK: %[[S:.*]] = insertelement <32 x i32> poison, i32 %[[E]], i64 0
; CHECK: shufflevector <32 x i32> %[[S]], <32 x i32> poison, <32 x i32> zeroinitializer
; CHECK-NOT: gather
; CHECK-LABEL: define internal void @shfl_idx_var_seg.warpgang(

; __shfl_sync(v, s, 4) with s uniform: in segments of 4 lanes, lane bits 0
; and 1 are replaced by s's (a permute with the bit set or cleared each).
; CHECK: %shfl.k = and i32 %s, 3
; CHECK: %[[SET:.*]] = shufflevector <32 x i32> %tid.x.lanes, <32 x i32> poison, <32 x i32> <i32 1, i32 1, i32 3, i32 3,
; CHECK: %[[CLR:.*]] = shufflevector <32 x i32> %tid.x.lanes, <32 x i32> poison, <32 x i32> <i32 0, i32 0, i32 2, i32 2,
; CHECK: select i1 %{{.*}}, <32 x i32> %[[SET]], <32 x i32> %[[CLR]]
; CHECK: shufflevector <32 x i32> %{{.*}}, <32 x i32> poison, <32 x i32> <i32 2, i32 3, i32 2, i32 3,
; CHECK-NOT: gather
; CHECK-LABEL: define internal void @shfl_idx_lane_var.warpgang(

; A source lane that differs per lane: computed per lane, a gather from a
; stack copy of the gang's values.
; CHECK: %shfl.src = select <32 x i1>
; CHECK: store <32 x i32> %tid.x.lanes, ptr %warp.values, align 64
; CHECK: %shfl = call <32 x i32> @llvm.masked.gather.v32i32.v32p0(

; Votes and __activemask() under a divergent branch: the lanes present are
; the branch's mask; __syncwarp() is gone.
; CHECK-LABEL: define internal void @votes.warpgang(
; CHECK-NOT: loom.barrier.warp
; CHECK: %warp.active = bitcast <32 x i1> %[[M:.*]] to i32
; CHECK: %[[P:.*]] = and <32 x i1> %[[M]], %{{.*}}
; CHECK: %[[B:.*]] = bitcast <32 x i1> %[[P]] to i32
; CHECK: %ballot = and <32 x i32>
; CHECK: icmp eq <32 x i32> %ballot{{[0-9]+}}, %warp.lanes
; CHECK-NOT: loom.barrier.warp

; __reduce_add_sync: one vector reduction; __match_any_sync: the device
; library per lane over the gang's values.
; CHECK-LABEL: define internal void @reduce_match.warpgang(
; CHECK: call i32 @llvm.vector.reduce.add.v32i32(
; CHECK: call i32 @__loom_warp_collective(i32 9, i32 -1, ptr %warp.values, i32 -1, i32 0,
; CHECK: call i32 @__loom_warp_collective(i32 9, i32 -1, ptr %warp.values, i32 -1, i32 31,
; CHECK: attributes {{.*}}"loom-gang-width"="32"

; The descriptor names gang width 32; the entry picks the version per launch.
; ENTRY: @loom.kernels = {{.*}} ptr @loom.entry.shfl_xor_const, i32 1, i32 32,
; ENTRY-LABEL: define internal void @loom.entry.shfl_xor_const(
; ENTRY: %[[LOW:.*]] = and i32 %{{.*}}, 31
; ENTRY: %rows.of.whole.warps = icmp eq i32 %[[LOW]], 0
; ENTRY: %one.dim.block = and i1
; ENTRY: br i1 %rows.of.whole.warps, label %warp.gangs, label %next.version
; ENTRY: warp.gangs:
; ENTRY: call void @shfl_xor_const.warpgang.block(
; ENTRY: next.version:
; ENTRY: br i1 %one.dim.block, label %warp.gangs.1d, label %[[NEXT:next.version[0-9]+]]
; ENTRY: warp.gangs.1d:
; ENTRY: call void @shfl_xor_const.warpgang.1d.block(
; ENTRY: [[NEXT]]:
; ENTRY: br i1 %two.dim.block, label %warp.gangs.flat, label %threads
; ENTRY: warp.gangs.flat:
; ENTRY: call void @shfl_xor_const.warpgang.flat.block(

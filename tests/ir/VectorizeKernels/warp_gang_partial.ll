; Warps as gangs in blocks of any shape (issue #12): besides the version for
; rows of whole warps, a kernel with warp collectives gets a version for 1D
; blocks, in which threadIdx.y/z are 0 (so the linear thread
; index is threadIdx.x and warp = lin / 32 is uniform) and the block's last
; warp may be partial: it keeps the masked copy of the body, and every
; collective there sees the lanes present (the gang's mask, and within a
; divergent branch the branch's lanes): shuffles from absent lanes keep the
; lane's own value, ballots and reductions leave them out, __activemask
; names the lanes present, a member mask names a subset. A third version
; runs 2D blocks whose warps span rows (blockDim.x not a multiple of 32):
; threadIdx.x of its gang is the linear thread index L (ThreadLoops runs it
; over all threads as one row, "loom-flat-threads"), the program's
; threadIdx.x/y are L's digits, and its row is the block.
; RUN: %opt -passes=loom-wfv -loom-wfv-cleanup=false -pass-remarks=loom-wfv -S %s -o %t.ll 2>&1 | FileCheck --check-prefix=REMARK %s
; RUN: FileCheck %s < %t.ll
; With the block size known (the JIT), only the version that size runs:
; RUN: %opt -passes=loom-specialize-launch,loom-wfv -loom-block-dim=48 -S %s | FileCheck --check-prefix=JIT1D %s
; RUN: %opt -passes=loom-specialize-launch,loom-wfv -loom-block-dim=64,2 -S %s | FileCheck --check-prefix=JITROWS %s
; RUN: %opt -passes=loom-specialize-launch,loom-wfv -loom-block-dim=48,2 -S %s | FileCheck --check-prefix=JIT2D %s
; The flat version's block function loops over blockDim.x * y * z threads:
; RUN: %opt -passes=loom-wfv,loom-thread-loops -S %s | FileCheck --check-prefix=LOOPS %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare i32 @loom.tid.y()
declare i32 @loom.ntid.x()
declare i32 @loom.warp.collective(i32, i32, i32, i32, i32)

define void @partial(ptr %out, ptr %in, i32 %d) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %ty = call i32 @loom.tid.y()
  %bdx = call i32 @loom.ntid.x()
  %row = mul i32 %ty, %bdx
  %lin = add i32 %row, %tx
  %lane = and i32 %lin, 31
  %i = zext nneg i32 %lin to i64
  %pin = getelementptr inbounds i32, ptr %in, i64 %i
  %x = load i32, ptr %pin
  %down = call i32 @loom.warp.collective(i32 2, i32 -1, i32 %x, i32 3, i32 4127)
  %up = call i32 @loom.warp.collective(i32 1, i32 -1, i32 %x, i32 %d, i32 0)
  %xor = call i32 @loom.warp.collective(i32 3, i32 -1, i32 %x, i32 6, i32 31)
  %src = and i32 %x, 31
  %idx = call i32 @loom.warp.collective(i32 0, i32 -1, i32 %x, i32 %src, i32 31)
  %odd = and i32 %x, 1
  %ballot = call i32 @loom.warp.collective(i32 4, i32 -1, i32 %odd, i32 0, i32 0)
  %all = call i32 @loom.warp.collective(i32 5, i32 -1, i32 %odd, i32 0, i32 0)
  %sum = call i32 @loom.warp.collective(i32 11, i32 -1, i32 %x, i32 0, i32 0)
  %match = call i32 @loom.warp.collective(i32 9, i32 -1, i32 %odd, i32 0, i32 0)
  %a1 = add i32 %down, %up
  %a2 = add i32 %a1, %xor
  %a3 = add i32 %a2, %idx
  %a4 = add i32 %a3, %ballot
  %a5 = add i32 %a4, %all
  %a6 = add i32 %a5, %sum
  %a7 = add i32 %a6, %match
  %low = icmp ult i32 %lane, 20
  br i1 %low, label %sub, label %done

sub:
  %act = call i32 @loom.warp.collective(i32 8, i32 -1, i32 0, i32 0, i32 0)
  %sb = call i32 @loom.warp.collective(i32 4, i32 1048575, i32 %odd, i32 0, i32 0)
  %ss = call i32 @loom.warp.collective(i32 11, i32 1048575, i32 %x, i32 0, i32 0)
  %s1 = add i32 %act, %sb
  %s2 = add i32 %s1, %ss
  br label %done

done:
  %v = phi i32 [ %a7, %entry ], [ %s2, %sub ]
  %p = getelementptr inbounds i32, ptr %out, i64 %i
  store i32 %v, ptr %p
  ret void
}

; REMARK: remark: {{.*}}kernel 'partial' runs warps as gangs of 32 lanes (rows of whole warps; one-dimensional blocks; 2D blocks, threads numbered flat)

; CHECK: define void @partial({{.*}} #[[ATTR:[0-9]+]]
; The version for rows of whole warps has no masked copy.
; CHECK-LABEL: define internal void @partial.warpgang(
; CHECK-NOT: gang.partial
; CHECK: ret void

; The 1D version: no threadIdx.y; full warps unmasked, the last one masked.
; CHECK-LABEL: define internal void @partial.warpgang.1d(
; CHECK-NOT: @loom.tid.y
; CHECK: %gang.mask = icmp ult <32 x i32> %tid.x.lanes,
; CHECK: %gang.full = icmp ule i32 %{{.*}}, %ntid.x
; CHECK: br i1 %gang.full, label %{{.*}}, label %gang.partial
; The partial copy: __shfl_down_sync(v, 3, 16) is a permute; a lane keeps
; its value where the source is out of its segment or absent.
; CHECK: %[[A1:warp.active[0-9]+]] = bitcast <32 x i1> %gang.mask to i32
; CHECK: lshr <32 x i32> %{{.*}}, <i32 3, i32 4, i32 5,
; CHECK: %shfl.src{{[0-9]+}} = select
; CHECK: shufflevector <32 x i32> %{{.*}}, <32 x i32> poison, <32 x i32> <i32 3, i32 4,
; __shfl_up_sync(v, d) with d uniform: rotations chosen by d's bits.
; CHECK: %shfl.k{{[0-9]*}} = and i32 %{{.*}}, 31
; __shfl_xor_sync(v, 6): a permute.
; CHECK: shufflevector <32 x i32> %{{.*}}, <32 x i32> poison, <32 x i32> <i32 6, i32 7, i32 4, i32 5,
; __shfl_sync(v, v & 31): a gather of the lanes present.
; CHECK: call <32 x i32> @llvm.masked.gather.v32i32.v32p0(<32 x ptr> align 4 %{{.*}}, <32 x i1> %gang.mask,
; __ballot_sync and __all_sync: the predicate of the lanes present.
; CHECK: and <32 x i1> %gang.mask, %{{.*}}
; CHECK: %ballot{{[0-9]+}} = and <32 x i32>
; CHECK: and <32 x i1> %gang.mask, %{{.*}}
; CHECK: icmp eq <32 x i32> %ballot{{[0-9]+}}, %warp.lanes
; __reduce_add_sync: one reduction over the lanes present.
; CHECK: %[[A2:warp.active[0-9]+]] = bitcast <32 x i1> %gang.mask to i32
; CHECK: %[[SEL:[0-9]+]] = and i32 %[[A2]], -1
; CHECK: %[[SELV:[0-9]+]] = bitcast i32 %[[SEL]] to <32 x i1>
; CHECK: select <32 x i1> %[[SELV]],
; CHECK: call i32 @llvm.vector.reduce.add.v32i32(
; __match_any_sync: the device library, told which lanes are present.
; CHECK: %[[A3:warp.active[0-9]+]] = bitcast <32 x i1> %gang.mask to i32
; CHECK: call i32 @__loom_warp_collective(i32 9, i32 -1, ptr %{{.*}}, i32 %[[A3]], i32 0,
; Under `if (lane < 20)`: the lanes present are the branch's; the member
; mask 0xfffff names a subset of them.
; CHECK: %[[SUB:[0-9]+]] = and <32 x i1> %gang.mask, %low
; CHECK: %[[A4:warp.active[0-9]+]] = bitcast <32 x i1> %[[SUB]] to i32
; CHECK: and i32 %{{warp.active[0-9]+}}, 1048575
; CHECK: call i32 @llvm.vector.reduce.add.v32i32(

; The flat version (2D blocks: threadIdx.z is 0): the gang's threadIdx.x
; lanes are linear indices L; the program's threadIdx.x and .y are L's
; digits in radix blockDim.x, computed without a division per lane (the
; gang's first index, uniform, is divided once; each lane adds its lane
; number and carries by a multiply and shift); the program's own linear
; index threadIdx.y * blockDim.x + threadIdx.x is L itself, so the loads
; through it stay contiguous. The gang's mask and full test count the
; block's threads.
; CHECK-LABEL: define internal void @partial.warpgang.flat(
; CHECK: %block.threads = mul nuw nsw i32 %{{.*}}, %ntid.z
; CHECK: %gang.mask = icmp ult <32 x i32> %tid.x.lanes, %{{.*}}
; CHECK: %gang.full = icmp ule i32 %{{.*}}, %block.threads
; CHECK: %flat.gang = and i32 %gang.base, -32
; CHECK: %flat.lane = and <32 x i32> %tid.x.lanes, splat (i32 31)
; CHECK: %flat.row0 = udiv i32 %flat.gang,
; CHECK: %flat.col = add nuw nsw <32 x i32> %{{.*}}, %flat.lane
; CHECK: %[[M:.*]] = mul nuw nsw <32 x i32> %flat.col,
; CHECK: %flat.carry = lshr <32 x i32> %[[M]], splat (i32 21)
; CHECK: %flat.tid.x = sub nuw nsw <32 x i32> %flat.col,
; CHECK: %flat.tid.y = add nuw nsw <32 x i32> %{{.*}}, %flat.carry
; CHECK-NOT: udiv <32 x i32>
; CHECK: %lane = and <32 x i32> %tid.x.lanes, splat (i32 31)
; CHECK: %i = zext nneg <32 x i32> %tid.x.lanes to <32 x i64>
; CHECK: %pin.l0 = getelementptr i32, ptr %in, i64 %i.l0
; CHECK: attributes #[[ATTR]] = { "loom-kernel" "loom-warp-gang"="partial.warpgang" "loom-warp-gang-1d"="partial.warpgang.1d" "loom-warp-gang-flat"="partial.warpgang.flat" }
; CHECK: attributes #{{[0-9]+}} = { "loom-flat-threads" "loom-gang-width"="32" }

; JIT1D-NOT: define internal void @partial.warpgang(
; JIT1D: define internal void @partial.warpgang.1d(
; JIT1D: "loom-warp-gang-1d"="partial.warpgang.1d"
; JITROWS: define internal void @partial.warpgang(
; JITROWS-NOT: warpgang.1d
; JIT2D-NOT: define internal void @partial.warpgang(
; JIT2D-NOT: define internal void @partial.warpgang.1d(
; JIT2D: define internal void @partial.warpgang.flat(
; JIT2D: "loom-warp-gang-flat"="partial.warpgang.flat"

; LOOPS-LABEL: define internal void @partial.warpgang.flat.block(
; LOOPS: %blockDim.x = load i32
; LOOPS: %blockDim.y = load i32
; LOOPS: %blockDim.z = load i32
; LOOPS: %[[XY:.*]] = mul nuw nsw i32 %blockDim.x, %blockDim.y
; LOOPS: %[[N:block.threads[0-9]*]] = mul nuw nsw i32 %[[XY]], %blockDim.z
; LOOPS: thread.x.next:
; LOOPS-NEXT: %tid.x.inc = add nuw nsw i32 %tid.x, 32
; LOOPS-NEXT: icmp ult i32 %tid.x.inc, %[[N]]

; Warp shuffles, votes, match and redux become @loom.warp.collective with the
; operation code of include/loom/WarpOps.h; f32 values travel as bits, i1
; results compare the i32 result with 0; the device library's
; __loom_warp_collective is declared so LinkDeviceLibrary brings it in.
; RUN: %opt -passes=loom-nvvm-intrinsics,verify -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @shuffles(
; CHECK: call i32 @loom.warp.collective(i32 2, i32 -1, i32 %x, i32 16, i32 31)
; CHECK: call i32 @loom.warp.collective(i32 1, i32 -1, i32 %x, i32 1, i32 0)
; CHECK: call i32 @loom.warp.collective(i32 3, i32 -1, i32 %x, i32 2, i32 31)
; CHECK: call i32 @loom.warp.collective(i32 0, i32 255, i32 %x, i32 3, i32 6175)
; CHECK: [[FB:%.*]] = bitcast float %f to i32
; CHECK: [[FR:%.*]] = call i32 @loom.warp.collective(i32 2, i32 -1, i32 [[FB]], i32 1, i32 31)
; CHECK: bitcast i32 [[FR]] to float
; legacy __shfl: no mask operand, the full warp.
; CHECK: call i32 @loom.warp.collective(i32 0, i32 -1, i32 %x, i32 5, i32 31)
define i32 @shuffles(i32 %x, float %f) {
  %a = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %x, i32 16, i32 31)
  %b = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 -1, i32 %x, i32 1, i32 0)
  %c = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %x, i32 2, i32 31)
  %d = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 255, i32 %x, i32 3, i32 6175)
  %e = call float @llvm.nvvm.shfl.sync.down.f32(i32 -1, float %f, i32 1, i32 31)
  %g = call i32 @llvm.nvvm.shfl.idx.i32(i32 %x, i32 5, i32 31)
  %ei = bitcast float %e to i32
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s3 = add i32 %ei, %g
  %s4 = add i32 %s1, %s2
  %s = add i32 %s3, %s4
  ret i32 %s
}

; CHECK-LABEL: define i32 @votes(
; CHECK: [[P:%.*]] = zext i1 %p to i32
; CHECK: call i32 @loom.warp.collective(i32 4, i32 -1, i32 [[P]], i32 0, i32 0)
; CHECK: [[ALL:%.*]] = call i32 @loom.warp.collective(i32 5, i32 -1,
; CHECK: icmp ne i32 [[ALL]], 0
; CHECK: call i32 @loom.warp.collective(i32 8, i32 -1, i32 0, i32 0, i32 0)
; CHECK: call i32 @loom.warp.collective(i32 9, i32 -1, i32 %x, i32 0, i32 0)
; CHECK: call i32 @loom.warp.collective(i32 11, i32 15, i32 %x, i32 0, i32 0)
; CHECK: [[MA:%.*]] = call i32 @loom.warp.collective(i32 10, i32 -1, i32 %x, i32 0, i32 0)
; CHECK: insertvalue { i32, i1 } poison, i32 [[MA]], 0
define i32 @votes(i1 %p, i32 %x) {
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %p)
  %all = call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 %p)
  %am = call i32 @llvm.nvvm.activemask()
  %m = call i32 @llvm.nvvm.match.any.sync.i32(i32 -1, i32 %x)
  %r = call i32 @llvm.nvvm.redux.sync.add(i32 %x, i32 15)
  %ma = call { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32 -1, i32 %x)
  %mav = extractvalue { i32, i1 } %ma, 0
  %allz = zext i1 %all to i32
  %s1 = add i32 %b, %allz
  %s2 = add i32 %am, %m
  %s3 = add i32 %r, %mav
  %s4 = add i32 %s1, %s2
  %s = add i32 %s3, %s4
  ret i32 %s
}

; CHECK-DAG: declare i32 @__loom_warp_collective(i32, i32, ptr, i32, i32, i32, i32)
; CHECK-DAG: declare i32 @loom.warp.collective(i32, i32, i32, i32, i32)

declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.up.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.idx.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.down.f32(i32, float, i32, i32)
declare i32 @llvm.nvvm.shfl.idx.i32(i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i1 @llvm.nvvm.vote.all.sync(i32, i1)
declare i32 @llvm.nvvm.activemask()
declare i32 @llvm.nvvm.match.any.sync.i32(i32, i32)
declare i32 @llvm.nvvm.redux.sync.add(i32, i32)
declare { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32, i32)

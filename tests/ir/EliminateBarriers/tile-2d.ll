; A 16x16 tile indexed t[threadIdx.y][threadIdx.x]: each thread has its own
; element when blockDim.x <= 16 (rows do not overlap) and blockDim.z == 1.
; The copy runs under exactly that test.
; RUN: %opt -passes=loom-eliminate-barriers,verify -S %s | FileCheck %s

@tile = internal global [16 x [16 x float]] undef, !loom.shared !0

; tile[ty][tx] = x[..]; __syncthreads(); y[..] = tile[ty][tx] + 1;
; CHECK-LABEL: define void @tile2d(
; CHECK: block.shape:
; CHECK: %ntid.z.is1 = icmp eq i32
; CHECK: %ntid.x.fits = icmp ule i32 %{{.*}}, 16
; CHECK: %[[OK:.*]] = and i1 %ntid.z.is1, %ntid.x.fits
; CHECK-NEXT: br i1 %[[OK]]
; CHECK-NOT: ntid.y.is1
define void @tile2d(ptr noalias %x, ptr noalias %y) "loom-kernel" {
  %tx = call i32 @loom.tid.x()
  %ty = call i32 @loom.tid.y()
  %ix = zext i32 %tx to i64
  %iy = zext i32 %ty to i64
  %g = add i64 %ix, %iy
  %px = getelementptr inbounds float, ptr %x, i64 %g
  %v = load float, ptr %px
  %pt = getelementptr inbounds [16 x [16 x float]], ptr @tile, i64 0, i64 %iy, i64 %ix
  store float %v, ptr %pt
  call void @loom.barrier()
  %w = load float, ptr %pt
  %w1 = fadd float %w, 1.0
  %py = getelementptr inbounds float, ptr %y, i64 %g
  store float %w1, ptr %py
  ret void
}

declare i32 @loom.tid.x()
declare i32 @loom.tid.y()
declare void @loom.barrier() convergent nounwind
!0 = !{}

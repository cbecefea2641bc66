; A 16x16 tile indexed t[threadIdx.y][threadIdx.x]: each thread has its own
; element when blockDim.x <= 16 (rows do not overlap) and blockDim.z == 1.
; The copy runs under exactly that test.
; RUN: %opt -passes=loom-eliminate-barriers,verify -S %s | FileCheck %s

@tile = internal global [16 x [16 x float]] undef, !loom.shared !0

; tile[ty][tx] = x[..]; __syncthreads(); y[..] = tile[ty][tx] + 1;
; The copy names that shape (no test of blockDim.y); the original keeps
; its barrier.
; CHECK-LABEL: define void @tile2d(
; CHECK-SAME: #[[ORIG:[0-9]+]]
; CHECK: call void @loom.barrier()
; CHECK-LABEL: define internal void @tile2d.nosync(
; CHECK-SAME: #[[COPY:[0-9]+]]
; CHECK-NOT: call void @loom.barrier()
; CHECK: ret void
; CHECK-DAG: attributes #[[ORIG]] = { "loom-kernel" "loom-shape-version"="tile2d.nosync" }
; CHECK-DAG: attributes #[[COPY]] = { "loom-kernel" "loom-shape-max-x"="16" "loom-shape-z1" "loom-version-of"="tile2d" }
; CHECK-NOT: loom-shape-y1
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

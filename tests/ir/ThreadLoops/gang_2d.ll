; 2D/3D blocks under a gang kernel (VectorizeKernels's output, attribute
; "loom-gang-width"="W"): the block's threads are flattened into gangs along
; x, the contiguous dimension, so the vector dimension is threadIdx.x; y and
; z stay scalar loops around it. The x loop steps by W, each of its
; iterations is one gang (threadIdx.x of lane 0 a multiple of W); rows are
; ceil(blockDim.x / W) gangs, the last one partial (the gang kernel masks
; it). threadIdx.y/z are the y/z loop counters: uniform within a gang.
; This kernel also walks rows (row.block loop between y and x, see
; row_walk.ll): the x loop is still per block.
; RUN: %opt -passes=loom-thread-loops,verify -S %s | FileCheck %s

declare i32 @loom.tid.x()
declare i32 @loom.tid.y()
declare i32 @loom.tid.z()
declare i32 @loom.ntid.x()

; A gang kernel's body as VectorizeKernels leaves it: <8 x float> rows of a
; 2D tile, threadIdx.y a scalar row index.
; CHECK-LABEL: define internal void @tile2d.block(ptr %out, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks)
; CHECK: thread.z:
; CHECK-NEXT: %tid.z = phi i32 [ 0, %threads ], [ %tid.z.inc, %thread.z.next ]
; CHECK: thread.y:
; CHECK-NEXT: %tid.y = phi i32 [ 0, %thread.z ], [ %tid.y.inc, %thread.y.next ]
; CHECK: row.loop:
; CHECK-NEXT: %row.block = phi i32 [ 0, %thread.y ], [ %row.block.inc, %row.loop.next ]
; CHECK: thread.x:
; CHECK-NEXT: %tid.x = phi i32 [ 0, %row.loop ], [ %tid.x.inc, %thread.x.next ]
; The row index is the y counter, the gang's first thread the x counter.
; CHECK: %row = mul i32 %tid.y, %blockDim.x
; CHECK: add i32 %row, %tid.x
; CHECK: store <8 x float>
; The x loop steps by the gang width; y and z by one.
; CHECK: thread.x.next:
; CHECK-NEXT: %tid.x.inc = add nuw nsw i32 %tid.x, 8
; CHECK-NEXT: [[CX:%.*]] = icmp ult i32 %tid.x.inc, %blockDim.x
; CHECK-NEXT: br i1 [[CX]], label %thread.x, label %row.loop.next
; CHECK: row.loop.next:
; CHECK-NEXT: %row.block.inc = add nuw nsw i32 %row.block, 1
; CHECK: thread.y.next:
; CHECK-NEXT: %tid.y.inc = add nuw nsw i32 %tid.y, 1
; CHECK: thread.z.next:
; CHECK-NEXT: %tid.z.inc = add nuw nsw i32 %tid.z, 1
define void @tile2d(ptr %out) "loom-kernel" "loom-gang-width"="8" {
entry:
  %tx = call i32 @loom.tid.x()
  %ty = call i32 @loom.tid.y()
  %tz = call i32 @loom.tid.z()
  %bdx = call i32 @loom.ntid.x()
  %row = mul i32 %ty, %bdx
  %i = add i32 %row, %tx
  %i64 = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr %out, i64 %i64
  %zf = uitofp i32 %tz to float
  %v = insertelement <8 x float> poison, float %zf, i64 0
  %s = shufflevector <8 x float> %v, <8 x float> poison, <8 x i32> zeroinitializer
  store <8 x float> %s, ptr %p, align 4
  ret void
}

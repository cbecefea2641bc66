; KernelEntry emits, per block function @K.block, the runtime's entry
;   void @loom.entry.K(ptr launch, ptr args, i64 begin, i64 end, ptr worker)
; which loads K's arguments once from args[i] and loops over the linear
; block range [begin, end), counting blockIdx.{x,y,z}. A block function
; that walks rows (ThreadLoops, loom-row-walk) runs several blocks of a grid
; row per call.
; RUN: %opt -passes=loom-kernel-entry,verify -S %s | FileCheck %s

%struct.S = type { i32, double, i8 }

; __global__ void k(char c, short s, double d, S st, float *out);
; (the block function as ThreadLoops leaves it; its body is irrelevant here)
define internal void @k.block(i8 %c, i16 %s, double %d, ptr byval(%struct.S) align 8 %st, ptr %out, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks) #0 {
  store i32 %bz, ptr %out
  ret void
}

; CHECK-LABEL: define internal void @loom.entry.k(ptr noalias readonly %launch, ptr readonly %args, i64 %block.begin, i64 %block.end, ptr %worker)
; CHECK-SAME: #[[ENTRY:[0-9]+]]
; CHECK: entry:
; Each argument i is read through args[i], with its type's alignment.
; CHECK: [[S0:%.*]] = getelementptr inbounds ptr, ptr %args, i32 0
; CHECK: %arg0.ptr = load ptr, ptr [[S0]], align 8
; CHECK: %arg0 = load i8, ptr %arg0.ptr, align 1
; CHECK: [[S1:%.*]] = getelementptr inbounds ptr, ptr %args, i32 1
; CHECK: %arg1.ptr = load ptr, ptr [[S1]], align 8
; CHECK: %arg1 = load i16, ptr %arg1.ptr, align 2
; CHECK: %arg2 = load double, ptr %arg2.ptr, align 8
; A byval struct is passed as the pointer to the launch's copy: no load.
; CHECK: [[S3:%.*]] = getelementptr inbounds ptr, ptr %args, i32 3
; CHECK: %arg3.ptr = load ptr, ptr [[S3]], align 8
; CHECK-NOT: %arg3 =
; CHECK: %arg4 = load ptr, ptr %arg4.ptr, align 8
; gridDim.x/y (LoomLaunch field 0) split the chunk's first linear block
; number once; the loop then counts blockIdx.x up, carrying into y and z
; (no division per block).
; CHECK: %gridDim.x = load i32
; CHECK: [[GX:%.*]] = zext i32 %gridDim.x to i64
; CHECK: %gridDim.y = load i32
; CHECK: [[GY:%.*]] = zext i32 %gridDim.y to i64
; CHECK: [[YZ:%.*]] = udiv i64 %block.begin, [[GX]]
; CHECK-NEXT: %bx.first = urem i64 %block.begin, [[GX]]
; CHECK-NEXT: %by.first = urem i64 [[YZ]], [[GY]]
; CHECK-NEXT: %bz.first = udiv i64 [[YZ]], [[GY]]
; CHECK: [[ANY:%.*]] = icmp ult i64 %block.begin, %block.end
; CHECK: br i1 [[ANY]], label %blocks, label %exit
; CHECK: blocks:
; CHECK-NEXT: %block = phi i64 [ %block.begin, %entry ], [ %block.next, %blocks ]
; CHECK-NEXT: %block.x = phi i64 [ %bx.first, %entry ], [ %block.x.next, %blocks ]
; CHECK-NEXT: %block.y = phi i64 [ %by.first, %entry ], [ %block.y.next, %blocks ]
; CHECK-NEXT: %block.z = phi i64 [ %bz.first, %entry ], [ %block.z.next, %blocks ]
; CHECK-NEXT: %bx = trunc i64 %block.x to i32
; CHECK-NEXT: %by = trunc i64 %block.y to i32
; CHECK-NEXT: %bz = trunc i64 %block.z to i32
; CHECK-NEXT: call void @k.block(i8 %arg0, i16 %arg1, double %arg2, ptr %arg3.ptr, ptr %arg4, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 1)
; CHECK-NEXT: %block.next = add nuw nsw i64 %block, 1
; CHECK-NEXT: [[XN:%.*]] = add nuw nsw i64 %block.x, 1
; CHECK-NEXT: %x.wraps = icmp eq i64 [[XN]], [[GX]]
; CHECK-NEXT: [[CY:%.*]] = zext i1 %x.wraps to i64
; CHECK-NEXT: [[YN:%.*]] = add nuw nsw i64 %block.y, [[CY]]
; CHECK-NEXT: %y.wraps = icmp eq i64 [[YN]], [[GY]]
; CHECK-NEXT: %block.x.next = select i1 %x.wraps, i64 0, i64 [[XN]]
; CHECK-NEXT: %block.y.next = select i1 %y.wraps, i64 0, i64 [[YN]]
; CHECK-NEXT: [[CZ:%.*]] = zext i1 %y.wraps to i64
; CHECK-NEXT: %block.z.next = add nuw nsw i64 %block.z, [[CZ]]
; CHECK-NEXT: [[MORE:%.*]] = icmp ult i64 %block.next, %block.end
; CHECK-NEXT: br i1 [[MORE]], label %blocks, label %exit
; CHECK: exit:
; CHECK-NEXT: ret void

; __global__ void noargs();
; CHECK-LABEL: define internal void @loom.entry.noargs(
; CHECK: entry:
; CHECK-NOT: %args
; CHECK: call void @noargs.block(ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 1)
define internal void @noargs.block(ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks) #1 {
  ret void
}

; __global__ void rows(float *out);  (a row-walking block function)
; Each call runs min(blocks left in the grid row, blocks left in the chunk,
; row.cap) blocks, row.cap = max(512 / blockDim.x, 1); the counters then
; advance by that many blocks, so x wraps exactly at the row's end.
; CHECK-LABEL: define internal void @loom.entry.rows(
; CHECK: entry:
; CHECK: [[GX:%.*]] = zext i32 %gridDim.x to i64
; CHECK: %blockDim.x = load i32
; CHECK-NEXT: [[BDX:%.*]] = zext i32 %blockDim.x to i64
; CHECK-NEXT: [[PER:%.*]] = udiv i64 512, [[BDX]]
; CHECK-NEXT: %row.cap = call i64 @llvm.umax.i64(i64 [[PER]], i64 1)
; CHECK: blocks:
; CHECK: %row.left = sub nuw nsw i64 [[GX]], %block.x
; CHECK-NEXT: %chunk.left = sub nuw nsw i64 %block.end, %block
; CHECK-NEXT: [[LEFT:%.*]] = call i64 @llvm.umin.i64(i64 %row.left, i64 %chunk.left)
; CHECK-NEXT: %row.blocks = call i64 @llvm.umin.i64(i64 [[LEFT]], i64 %row.cap)
; CHECK: [[RB:%.*]] = trunc i64 %row.blocks to i32
; CHECK-NEXT: call void @rows.block(ptr %arg0, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 [[RB]])
; CHECK-NEXT: %block.next = add nuw nsw i64 %block, %row.blocks
; CHECK-NEXT: [[XN:%.*]] = add nuw nsw i64 %block.x, %row.blocks
; CHECK-NEXT: %x.wraps = icmp eq i64 [[XN]], [[GX]]
define internal void @rows.block(ptr %out, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks) #2 {
  store i32 %row.blocks, ptr %out
  ret void
}


attributes #0 = { alwaysinline "loom-block-of"="k" "loom-kernel-args"="5" }
attributes #1 = { alwaysinline "loom-block-of"="noargs" "loom-kernel-args"="0" }
; __global__ void staged(float *out);  versioned by EliminateBarriers: the
; barrier-free block function runs launches with blockDim.y == 1,
; blockDim.z == 1 and blockDim.x <= 256 (its shape attributes), the
; original all others; the test is computed once, before the block loop.
; CHECK-LABEL: define internal void @loom.entry.staged(
; CHECK: entry:
; CHECK: %blockDim.y = load i32
; CHECK: %ntid.y.is1 = icmp eq i32 %blockDim.y, 1
; CHECK: %ntid.z.is1 = icmp eq i32 %blockDim.z, 1
; CHECK: [[YZ:%.*]] = and i1 %ntid.y.is1, %ntid.z.is1
; CHECK: %ntid.x.fits = icmp ule i32 %blockDim.x, 256
; CHECK: [[OK:%.*]] = and i1 [[YZ]], %ntid.x.fits
; CHECK: blocks:
; CHECK: br i1 [[OK]], label %shape.version, label %threads
; CHECK: shape.version:
; CHECK-NEXT: call void @staged.nosync.block(ptr %arg0, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 1)
; CHECK-NEXT: br label %block.done
; CHECK: threads:
; CHECK-NEXT: call void @staged.block(ptr %arg0, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 1)
; The version has no entry of its own.
; CHECK-NOT: define internal void @loom.entry.staged.nosync
define internal void @staged.block(ptr %out, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks) #3 {
  store i32 1, ptr %out
  ret void
}
define internal void @staged.nosync.block(ptr %out, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks) #4 {
  store i32 2, ptr %out
  ret void
}

attributes #2 = { alwaysinline "loom-block-of"="rows" "loom-kernel-args"="1" "loom-row-walk" }
attributes #3 = { alwaysinline "loom-block-of"="staged" "loom-kernel-args"="1" "loom-shape-version-block"="staged.nosync.block" }
attributes #4 = { alwaysinline "loom-kernel-args"="1" "loom-shape-y1" "loom-shape-z1" "loom-shape-max-x"="256" }

; No dynamic shared memory in this module: the entry does not touch it.
; CHECK-NOT: loom.dynamic.shared
; CHECK: attributes #[[ENTRY]] = { nounwind "loom-entry-of"="k" }

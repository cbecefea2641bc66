; Row walks: a barrier-free kernel whose blocks share nothing runs
; %row.blocks consecutive blocks of a grid row per call (KernelEntry says
; how many), with the loop over them between the y and x loops, so x walks
; a row of the grid: z, y, row.block, x. blockIdx.x is %bx + %row.block.
; Kernels with loops, __shared__ memory (any thread-local global), device
; printf, device launches or indirect calls keep one block per call.
; RUN: %opt -passes=loom-thread-loops,verify -S %s | FileCheck %s
; RUN: %opt -passes=loom-thread-loops,verify -loom-row-walk=false -S %s | FileCheck %s --check-prefix=OFF

@tile = internal thread_local global [64 x float] undef, !loom.shared !0

; __global__ void rows2d(int *out, int w) {
;   out[(blockIdx.y * blockDim.y + threadIdx.y) * w
;       + blockIdx.x * blockDim.x + threadIdx.x] = 1;
; }
; CHECK-LABEL: define internal void @rows2d.block(ptr %out, i32 %w, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks)
; CHECK-SAME: #[[ROWS:[0-9]+]]
; CHECK: thread.z:
; CHECK: thread.y:
; CHECK-NEXT: %tid.y = phi i32 [ 0, %thread.z ], [ %tid.y.inc, %thread.y.next ]
; CHECK: row.loop:
; CHECK-NEXT: %row.block = phi i32 [ 0, %thread.y ], [ %row.block.inc, %row.loop.next ]
; CHECK: thread.x:
; CHECK-NEXT: %tid.x = phi i32 [ 0, %row.loop ], [ %tid.x.inc, %thread.x.next ]
; CHECK-NEXT: %bx.row = add nuw nsw i32 %bx, %row.block
; CHECK: mul i32 %bx.row, %blockDim.x
; CHECK: mul i32 %by, %blockDim.y
; The x latch (parallel) leaves to the row loop's latch, which counts the
; row's blocks, then y, then z.
; CHECK: thread.x.next:
; CHECK: br i1 {{%.*}}, label %thread.x, label %row.loop.next, !llvm.loop
; CHECK: row.loop.next:
; CHECK-NEXT: %row.block.inc = add nuw nsw i32 %row.block, 1
; CHECK-NEXT: [[C:%.*]] = icmp ult i32 %row.block.inc, %row.blocks
; CHECK-NEXT: br i1 [[C]], label %row.loop, label %thread.y.next
; OFF-LABEL: define internal void @rows2d.block(
; OFF-NOT: row.loop
; OFF: mul i32 %bx, %blockDim.x
; OFF: block.exit:
define void @rows2d(ptr %out, i32 %w) #0 {
  %bx = call i32 @loom.ctaid.x()
  %nx = call i32 @loom.ntid.x()
  %tx = call i32 @loom.tid.x()
  %by = call i32 @loom.ctaid.y()
  %ny = call i32 @loom.ntid.y()
  %ty = call i32 @loom.tid.y()
  %mx = mul i32 %bx, %nx
  %x = add i32 %mx, %tx
  %my = mul i32 %by, %ny
  %y = add i32 %my, %ty
  %yw = mul i32 %y, %w
  %i = add i32 %yw, %x
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 1, ptr %p, align 4
  ret void
}

; A per-thread loop: the block's rows may share what it reads (a matrix
; tile), so blocks run one at a time.
; CHECK-LABEL: define internal void @with_loop.block(
; CHECK-NOT: row.loop
; CHECK: block.exit:
define void @with_loop(ptr %out, i32 %n) #0 {
entry:
  %tx = call i32 @loom.tid.x()
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %acc.next = add i32 %acc, %k
  %k.next = add i32 %k, 1
  %more = icmp slt i32 %k.next, %n
  br i1 %more, label %loop, label %done
done:
  %idx = zext i32 %tx to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %acc.next, ptr %p, align 4
  ret void
}

; __shared__ memory is the worker's, not the block's: no interleaving.
; CHECK-LABEL: define internal void @uses_shared.block(
; CHECK-NOT: row.loop
; CHECK: block.exit:
define void @uses_shared(ptr %out) #0 {
  %tx = call i32 @loom.tid.x()
  %idx = zext i32 %tx to i64
  %s = getelementptr inbounds [64 x float], ptr @tile, i64 0, i64 %idx
  store float 1.0, ptr %s, align 4
  %v = load float, ptr %s, align 4
  %p = getelementptr inbounds float, ptr %out, i64 %idx
  store float %v, ptr %p, align 4
  ret void
}

; So is shared memory touched by a callee that was not inlined.
; CHECK-LABEL: define internal void @callee_shared.block(
; CHECK-NOT: row.loop
; CHECK: block.exit:
define void @callee_shared(ptr %out) #0 {
  call void @touch_tile()
  ret void
}

define internal void @touch_tile() noinline {
  store float 0.0, ptr @tile, align 4
  ret void
}

; Device printf keeps block order in its output.
; CHECK-LABEL: define internal void @prints.block(
; CHECK-NOT: row.loop
; CHECK: block.exit:
define void @prints(ptr %fmt) #0 {
  %r = call i32 @__loom_vprintf(ptr %fmt, ptr null)
  ret void
}

; An indirect call might do any of the above.
; CHECK-LABEL: define internal void @indirect.block(
; CHECK-NOT: row.loop
; CHECK: block.exit:
define void @indirect(ptr %fn) #0 {
  call void %fn()
  ret void
}

; CHECK: attributes #[[ROWS]] = { alwaysinline "loom-block-of"="rows2d" "loom-kernel-args"="2" "loom-row-walk" }
; CHECK-NOT: "loom-row-walk"
; OFF-NOT: "loom-row-walk"

declare i32 @__loom_vprintf(ptr, ptr)
declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare i32 @loom.tid.y() nounwind willreturn memory(none)
declare i32 @loom.ctaid.x() nounwind willreturn memory(none)
declare i32 @loom.ctaid.y() nounwind willreturn memory(none)
declare i32 @loom.ntid.x() nounwind willreturn memory(none)
declare i32 @loom.ntid.y() nounwind willreturn memory(none)

attributes #0 = { "loom-kernel" }

!0 = !{}

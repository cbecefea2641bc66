; A kernel versioned on its block shape (EliminateBarriers: K names its
; barrier-free copy K.nosync) gets two block functions: K.block (barrier
; regions) and K.nosync.block (one thread loop nest), which K.block names
; for KernelEntry. The copy itself is gone and is no kernel of its own (no
; loom-block-of: no entry, no registration); it keeps its shape attributes
; for KernelEntry's test. Neither walks rows (the entry runs one block per
; call for both).
; RUN: %opt -passes=loom-thread-loops,verify -S %s | FileCheck %s

@s = internal thread_local global [256 x float] undef, !loom.shared !0

; CHECK-LABEL: define internal void @k.block(ptr %y, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks)
; CHECK-SAME: #[[K:[0-9]+]]
; CHECK: dispatch:
; CHECK-LABEL: define internal void @k.nosync.block(ptr %y, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks)
; CHECK-SAME: #[[V:[0-9]+]]
; CHECK-NOT: dispatch
; CHECK-NOT: row.loop
; CHECK: thread.x:
; CHECK: block.exit:
; CHECK-NOT: define {{.*}}@k(
; CHECK-NOT: define {{.*}}@k.nosync(
; CHECK: attributes #[[K]] = { alwaysinline "loom-block-of"="k" "loom-kernel-args"="1" "loom-shape-version-block"="k.nosync.block" "loom-thread-arena"={{.*}} }
; CHECK: attributes #[[V]] = { alwaysinline "loom-kernel-args"="1" "loom-shape-y1" "loom-shape-z1" }
define void @k(ptr %y) #0 {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr inbounds [256 x float], ptr @s, i64 0, i64 %i
  store float 1.0, ptr %p
  call void @loom.barrier()
  %v = load float, ptr %p
  %q = getelementptr inbounds float, ptr %y, i64 %i
  store float %v, ptr %q
  ret void
}

define internal void @k.nosync(ptr %y) #1 {
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %p = getelementptr inbounds [256 x float], ptr @s, i64 0, i64 %i
  store float 1.0, ptr %p
  %v = load float, ptr %p
  %q = getelementptr inbounds float, ptr %y, i64 %i
  store float %v, ptr %q
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent nounwind

attributes #0 = { "loom-kernel" "loom-shape-version"="k.nosync" }
attributes #1 = { "loom-kernel" "loom-version-of"="k" "loom-shape-y1" "loom-shape-z1" }

!0 = !{}

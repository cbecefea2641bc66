; Regression: the block function is internal but CloneFunctionInto copied the
; kernel's visibility and dso_local flag onto it. A kernel that is not
; dso_local (IR from a front end that does not mark it) or has hidden
; visibility made the verifier reject the module ("GlobalValue with local
; linkage or non-default visibility must be dso_local").
; RUN: %opt -passes=loom-thread-loops,verify -S %s | FileCheck %s

; __global__ void k(int *o) { o[threadIdx.x] = 0; }
; CHECK-LABEL: define internal void @k.block(
define void @k(ptr %o) "loom-kernel" {
  %tx = call i32 @loom.tid.x()
  %i = zext i32 %tx to i64
  %p = getelementptr inbounds i32, ptr %o, i64 %i
  store i32 0, ptr %p
  ret void
}

; CHECK-LABEL: define internal void @hidden_k.block(
define hidden void @hidden_k(ptr %o) "loom-kernel" {
  store i32 0, ptr %o
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)

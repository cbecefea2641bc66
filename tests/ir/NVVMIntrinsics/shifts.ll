; Variable shifts get PTX's clamped semantics: shl/lshr by >= the width give
; 0, ashr clamps the amount to width-1; constant shifts stay as they are.
; RUN: %opt -passes=loom-nvvm-intrinsics,verify -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @shl32(
; CHECK: [[S:%.*]] = shl i32 %x, %n
; CHECK-NEXT: [[FAR:%.*]] = icmp ugt i32 %n, 31
; CHECK-NEXT: [[R:%.*]] = select i1 [[FAR]], i32 0, i32 [[S]]
; CHECK-NEXT: ret i32 [[R]]
define i32 @shl32(i32 %x, i32 %n) {
  %s = shl i32 %x, %n
  ret i32 %s
}

; CHECK-LABEL: define i64 @lshr64(
; CHECK: icmp ugt i64 %n, 63
; CHECK: select
define i64 @lshr64(i64 %x, i64 %n) {
  %s = lshr i64 %x, %n
  ret i64 %s
}

; CHECK-LABEL: define i32 @ashr32(
; CHECK: [[A:%.*]] = call i32 @llvm.umin.i32(i32 %n, i32 31)
; CHECK-NEXT: ashr i32 %x, [[A]]
define i32 @ashr32(i32 %x, i32 %n) {
  %s = ashr i32 %x, %n
  ret i32 %s
}

; CHECK-LABEL: define i32 @constant(
; CHECK-NEXT: %s = shl i32 %x, 3
; CHECK-NEXT: ret i32 %s
define i32 @constant(i32 %x) {
  %s = shl i32 %x, 3
  ret i32 %s
}

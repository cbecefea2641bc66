; Shapes of values across a gang: uniform, affine with a stride, varying.
; RUN: %opt -passes='print<loom-uniformity>' -disable-output %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare i32 @loom.tid.y()
declare i32 @loom.ctaid.x()
declare i32 @loom.ntid.x()
declare float @llvm.sqrt.f32(float)

; CHECK-LABEL: Uniformity of 'values':
; CHECK-NEXT: affine(1) %tid
; CHECK-NEXT: uniform %ty
; CHECK-NEXT: uniform %bid
; CHECK-NEXT: uniform %bdim
; CHECK-NEXT: uniform %base
; CHECK-NEXT: affine(1) %i
; CHECK-NEXT: affine(1, may-wrap) %i64
; CHECK-NEXT: affine(4, may-wrap) %p
; CHECK-NEXT: varying %x
; CHECK-NEXT: uniform %u
; CHECK-NEXT: uniform %su
; CHECK-NEXT: affine(2) %t2
; CHECK-NEXT: varying %sq
; CHECK-NEXT: affine(1) %inw
; CHECK-NEXT: affine(1) %inw64
; CHECK-NEXT: affine(8) %q
; CHECK-NEXT: varying %sx
; CHECK-NEXT: affine(12) %priv
; CHECK-NEXT: varying %old
define void @values(ptr %a, ptr %b, ptr %d) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %ty = call i32 @loom.tid.y()
  %bid = call i32 @loom.ctaid.x()
  %bdim = call i32 @loom.ntid.x()
  %base = mul i32 %bid, %bdim
  %i = add i32 %base, %tid
  %i64 = sext i32 %i to i64
  %p = getelementptr float, ptr %a, i64 %i64
  %x = load float, ptr %p
  %u = load float, ptr %b
  %su = call float @llvm.sqrt.f32(float %u)
  %t2 = shl i32 %tid, 1
  %sq = mul i32 %tid, %tid
  %inw = add nsw i32 %base, %tid
  %inw64 = sext i32 %inw to i64
  %q = getelementptr double, ptr %d, i64 %inw64
  %sx = call float @llvm.sqrt.f32(float %x)
  %priv = alloca [3 x float]
  %old = atomicrmw add ptr %b, i32 1 monotonic
  ret void
}

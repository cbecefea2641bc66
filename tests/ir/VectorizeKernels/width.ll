; The gang width: the CPU's vector register width in 32-bit lanes (8 with
; AVX2), doubled for small kernels without barriers or library calls (two
; registers per value, like the loop vectorizer's interleaving: the per-gang
; tail and contiguity tests are paid once per 2 registers), 2D-block kernels
; too (a 32-wide row is one gang with two independent chains per value; a
; 16-wide row runs it half empty); a forced width is taken as is.
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=haswell -passes=loom-wfv -pass-remarks=loom-wfv -disable-output %s 2>&1 | FileCheck --check-prefix=AVX2 %s
; RUN: %opt -mtriple=x86_64-unknown-linux-gnu -mcpu=haswell -passes=loom-wfv -loom-wfv-width=4 -pass-remarks=loom-wfv -disable-output %s 2>&1 | FileCheck --check-prefix=FORCED %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

declare i32 @loom.tid.x()
declare float @llvm.exp.f32(float)

; AVX2: kernel 'small' vectorized across threads, gang width 16
; AVX2: kernel 'with_exp' vectorized across threads, gang width 8
; AVX2: kernel 'small_2d' vectorized across threads, gang width 16
; FORCED: kernel 'small' vectorized across threads, gang width 4
; FORCED: kernel 'with_exp' vectorized across threads, gang width 4
; FORCED: kernel 'small_2d' vectorized across threads, gang width 4
define void @small(ptr %a, ptr %b, float %s) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %v = load float, ptr %pb
  %w = fmul float %v, %s
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  store float %w, ptr %pa
  ret void
}

define void @with_exp(ptr %a, ptr %b) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %v = load float, ptr %pb
  %w = call float @llvm.exp.f32(float %v)
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  store float %w, ptr %pa
  ret void
}

declare i32 @loom.tid.y()
declare i32 @loom.ntid.x()

define void @small_2d(ptr %a, ptr %b, float %s) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %ty = call i32 @loom.tid.y()
  %bdx = call i32 @loom.ntid.x()
  %row = mul i32 %ty, %bdx
  %t = add i32 %row, %tx
  %i = zext i32 %t to i64
  %pb = getelementptr inbounds float, ptr %b, i64 %i
  %v = load float, ptr %pb
  %w = fmul float %v, %s
  %pa = getelementptr inbounds float, ptr %a, i64 %i
  store float %w, ptr %pa
  ret void
}

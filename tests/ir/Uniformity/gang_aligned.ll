; A gang's first threadIdx.x is a multiple of its width W, so lane l of
; threadIdx.x is k*W + l: dividing by a multiple of W (or clearing the bits
; below one) is uniform (the warp
; index threadIdx.x / 32 with W = 16 or 32), the remainder (the lane index
; threadIdx.x % 32) stays consecutive. With rows of whole gangs (a warp
; gang's version: blockDim.x a multiple of 32) the linear thread index
; threadIdx.y * blockDim.x + threadIdx.x is aligned too. Without a known
; width nothing of this holds.
; RUN: %opt -passes='print<loom-uniformity>' -loom-uniformity-gang-width=32 -loom-uniformity-whole-gang-rows -disable-output %s | FileCheck --check-prefix=WARP %s
; RUN: %opt -passes='print<loom-uniformity>' -loom-uniformity-gang-width=16 -disable-output %s | FileCheck --check-prefix=ROW %s
; RUN: %opt -passes='print<loom-uniformity>' -disable-output %s | FileCheck --check-prefix=NONE %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare i32 @loom.tid.y()
declare i32 @loom.ntid.x()

define void @warps(ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %ty = call i32 @loom.tid.y()
  %bdx = call i32 @loom.ntid.x()
  %warp = lshr i32 %tid, 5
  %lane = and i32 %tid, 31
  %q = udiv i32 %tid, 64
  %r = urem i32 %tid, 96
  %odd = udiv i32 %tid, 24
  %row = mul i32 %ty, %bdx
  %lin = add i32 %row, %tid
  %lwarp = lshr i32 %lin, 5
  %llane = and i32 %lin, 31
  %shifted = add i32 %tid, 3
  %swarp = lshr i32 %shifted, 5
  %wbase = and i32 %tid, -32
  %half = and i32 %tid, -8
  ret void
}
; WARP-LABEL: Uniformity of 'warps':
; WARP: uniform %warp
; WARP: affine(1) %lane
; WARP: uniform %q
; WARP: affine(1) %r
; WARP: varying %odd
; WARP: uniform %lwarp
; WARP: affine(1) %llane
; WARP: varying %swarp
; Clearing the low bits of a multiple of W: the gang's first index.
; WARP: uniform %wbase
; WARP: varying %half
; ROW-LABEL: Uniformity of 'warps':
; ROW: uniform %warp
; ROW: affine(1) %lane
; ROW: uniform %q
; ROW: affine(1) %r
; ROW: varying %odd
; ROW: varying %lwarp
; ROW: varying %llane
; ROW: varying %swarp
; ROW: uniform %wbase
; ROW: varying %half
; NONE-LABEL: Uniformity of 'warps':
; NONE: varying %warp
; NONE: varying %lane
; NONE: varying %q

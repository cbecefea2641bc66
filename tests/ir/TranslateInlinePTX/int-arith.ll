; Integer arithmetic: add/sub with .sat and wrap-around, mul and mad in
; .lo/.hi/.wide (32 and 64 bits, signed and unsigned), mad.hi.sat, mul24,
; sad, div/rem (by zero and MIN/-1 never trap), abs/neg of MIN, min/max
; (.relu), and a result written to a wider register (sign- or
; zero-extended by the type). Each asm has literal operands, so folding the
; translation gives PTX's answer; the structure of the variable forms is
; checked after.
; RUN: %opt -passes=loom-inline-ptx,instcombine -S %s | FileCheck %s --check-prefix=FOLD
; RUN: %opt -passes=loom-inline-ptx,verify -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; FOLD-LABEL: define i32 @add_sat(
; FOLD-NEXT: ret i32 2147483647
define i32 @add_sat() {
  %r = call i32 asm "add.sat.s32 $0, 0x7fffffff, 1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @sub_sat(
; FOLD-NEXT: ret i32 -2147483648
define i32 @sub_sat() {
  %r = call i32 asm "sub.sat.s32 $0, -2147483648, 1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i16 @add_s16_wraps(
; FOLD-NEXT: ret i16 -32768
define i16 @add_s16_wraps() {
  %r = call i16 asm "add.s16 $0, 0x7fff, 1;", "=h"()
  ret i16 %r
}

; FOLD-LABEL: define i32 @mul_hi_u32(
; FOLD-NEXT: ret i32 -2
define i32 @mul_hi_u32() {
  %r = call i32 asm "mul.hi.u32 $0, 0xffffffff, 0xffffffff;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @mul_hi_s32(
; FOLD-NEXT: ret i32 0
define i32 @mul_hi_s32() {
  %r = call i32 asm "mul.hi.s32 $0, -1, -1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i64 @mul_wide_u32(
; FOLD-NEXT: ret i64 8589934590
define i64 @mul_wide_u32() {
  %r = call i64 asm "mul.wide.u32 $0, 0xffffffff, 2;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i64 @mul_wide_s32(
; FOLD-NEXT: ret i64 -12
define i64 @mul_wide_s32() {
  %r = call i64 asm "mul.wide.s32 $0, -3, 4;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i64 @mul_hi_u64(
; FOLD-NEXT: ret i64 2
define i64 @mul_hi_u64() {
  %r = call i64 asm "mul.hi.u64 $0, 0xffffffffffffffff, 3;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i64 @mul_lo_u64(
; FOLD-NEXT: ret i64 -3
define i64 @mul_lo_u64() {
  %r = call i64 asm "mul.lo.u64 $0, 0xffffffffffffffff, 3;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i32 @mad_lo(
; FOLD-NEXT: ret i32 17
define i32 @mad_lo() {
  %r = call i32 asm "mad.lo.u32 $0, 3, 4, 5;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @mad_hi(
; FOLD-NEXT: ret i32 3
define i32 @mad_hi() {
  %r = call i32 asm "mad.hi.u32 $0, 0x80000000, 4, 1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i64 @mad_wide(
; FOLD-NEXT: ret i64 -8589934590
define i64 @mad_wide() {
  %r = call i64 asm "mad.wide.u32 $0, 0xffffffff, 0xffffffff, 1;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i32 @mad_hi_sat(
; FOLD-NEXT: ret i32 2147483647
define i32 @mad_hi_sat() {
  %r = call i32 asm "mad.hi.sat.s32 $0, 0x7fffffff, 0x7fffffff, 0x7fffffff;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @mul24_lo_u32(
; FOLD-NEXT: ret i32 6
define i32 @mul24_lo_u32() {
  %r = call i32 asm "mul24.lo.u32 $0, 0x01000003, 2;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @mul24_hi_u32(
; FOLD-NEXT: ret i32 -512
define i32 @mul24_hi_u32() {
  %r = call i32 asm "mul24.hi.u32 $0, 0xffffff, 0xffffff;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @mul24_lo_s32(
; FOLD-NEXT: ret i32 -16777216
define i32 @mul24_lo_s32() {
  %r = call i32 asm "mul24.lo.s32 $0, 0x00800000, 2;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @sad_u32(
; FOLD-NEXT: ret i32 107
define i32 @sad_u32() {
  %r = call i32 asm "sad.u32 $0, 3, 10, 100;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @sad_s32(
; FOLD-NEXT: ret i32 10
define i32 @sad_s32() {
  %r = call i32 asm "sad.s32 $0, -5, 5, 0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @div_by_zero(
; FOLD-NEXT: ret i32 -1
define i32 @div_by_zero() {
  %r = call i32 asm "div.u32 $0, 7, 0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rem_by_zero(
; FOLD-NEXT: ret i32 7
define i32 @rem_by_zero() {
  %r = call i32 asm "rem.u32 $0, 7, 0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @div_min_by_minus_one(
; FOLD-NEXT: ret i32 -2147483648
define i32 @div_min_by_minus_one() {
  %r = call i32 asm "div.s32 $0, -2147483648, -1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rem_min_by_minus_one(
; FOLD-NEXT: ret i32 0
define i32 @rem_min_by_minus_one() {
  %r = call i32 asm "rem.s32 $0, -2147483648, -1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @div_s32(
; FOLD-NEXT: ret i32 -3
define i32 @div_s32() {
  %r = call i32 asm "div.s32 $0, -7, 2;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rem_s32(
; FOLD-NEXT: ret i32 -1
define i32 @rem_s32() {
  %r = call i32 asm "rem.s32 $0, -7, 2;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @abs_min(
; FOLD-NEXT: ret i32 -2147483648
define i32 @abs_min() {
  %r = call i32 asm "abs.s32 $0, -2147483648;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @neg(
; FOLD-NEXT: ret i32 -5
define i32 @neg() {
  %r = call i32 asm "neg.s32 $0, 5;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @min_u32(
; FOLD-NEXT: ret i32 1
define i32 @min_u32() {
  %r = call i32 asm "min.u32 $0, 0xffffffff, 1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @min_s32(
; FOLD-NEXT: ret i32 -1
define i32 @min_s32() {
  %r = call i32 asm "min.s32 $0, 0xffffffff, 1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i64 @max_u64(
; FOLD-NEXT: ret i64 -9223372036854775808
define i64 @max_u64() {
  %r = call i64 asm "max.u64 $0, 0x8000000000000000, 1;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i32 @max_relu(
; FOLD-NEXT: ret i32 0
define i32 @max_relu() {
  %r = call i32 asm "max.relu.s32 $0, -5, -3;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i64 @s32_result_sign_extends(
; FOLD-NEXT: ret i64 -1
define i64 @s32_result_sign_extends() {
  %r = call i64 asm "add.s32 $0, -1, 0;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i64 @u32_result_zero_extends(
; FOLD-NEXT: ret i64 4294967295
define i64 @u32_result_zero_extends() {
  %r = call i64 asm "add.u32 $0, -1, 0;", "=l"()
  ret i64 %r
}

; mul.hi: the 2N-bit product's upper half.
; CHECK-LABEL: define i32 @mul_hi_var(
; CHECK: [[A:%.*]] = zext i32 %a to i64
; CHECK: [[B:%.*]] = zext i32 %b to i64
; CHECK: [[P:%.*]] = mul i64 [[A]], [[B]]
; CHECK: [[H:%.*]] = lshr i64 [[P]], 32
; CHECK: trunc i64 [[H]] to i32
define i32 @mul_hi_var(i32 %a, i32 %b) {
  %r = call i32 asm "mul.hi.u32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}

; Division never divides by zero: the divisor is replaced first.
; CHECK-LABEL: define i32 @div_var(
; CHECK: [[Z:%.*]] = icmp eq i32 %b, 0
; CHECK: [[S:%.*]] = select i1 [[Z]], i32 1, i32 %b
; CHECK: [[Q:%.*]] = udiv i32 %a, [[S]]
; CHECK: select i1 [[Z]], i32 -1, i32 [[Q]]
define i32 @div_var(i32 %a, i32 %b) {
  %r = call i32 asm "div.u32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}

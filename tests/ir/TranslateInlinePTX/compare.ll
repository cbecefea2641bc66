; Comparisons and selection: setp on signed, unsigned (.lo/.hs), .b and
; float types (ordered and unordered compares with NaN, num/nan, -0.0 ==
; +0.0, .ftz), .and/.or combining with a (negated) predicate, the p|q
; form, slct on s32 and f32 (-0.0 counts as >= 0, NaN does not) and set.
; Literal operands fold to PTX's answers.
; RUN: %opt -passes=loom-inline-ptx,instcombine -S %s | FileCheck %s --check-prefix=FOLD
; RUN: %opt -passes=loom-inline-ptx,verify -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; FOLD-LABEL: define i32 @lt_s32(
; FOLD-NEXT: ret i32 1
define i32 @lt_s32() {
  %r = call i32 asm "{ .reg .pred p; setp.lt.s32 p, -1, 1; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lt_u32(
; FOLD-NEXT: ret i32 0
define i32 @lt_u32() {
  %r = call i32 asm "{ .reg .pred p; setp.lt.u32 p, -1, 1; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lo_s32_is_unsigned(
; FOLD-NEXT: ret i32 0
define i32 @lo_s32_is_unsigned() {
  %r = call i32 asm "{ .reg .pred p; setp.lo.s32 p, -1, 1; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @hs(
; FOLD-NEXT: ret i32 1
define i32 @hs() {
  %r = call i32 asm "{ .reg .pred p; setp.hs.u64 p, 0xffffffffffffffff, 1; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @eq_b32(
; FOLD-NEXT: ret i32 1
define i32 @eq_b32() {
  %r = call i32 asm "{ .reg .pred p; setp.eq.b32 p, 7, 7; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lt_f32_nan(
; FOLD-NEXT: ret i32 0
define i32 @lt_f32_nan() {
  %r = call i32 asm "{ .reg .pred p; setp.lt.f32 p, 0f7FC00000, 0f3F800000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @ltu_f32_nan(
; FOLD-NEXT: ret i32 1
define i32 @ltu_f32_nan() {
  %r = call i32 asm "{ .reg .pred p; setp.ltu.f32 p, 0f7FC00000, 0f3F800000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @ne_f32_nan(
; FOLD-NEXT: ret i32 0
define i32 @ne_f32_nan() {
  %r = call i32 asm "{ .reg .pred p; setp.ne.f32 p, 0f7FC00000, 0f3F800000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @neu_f32_nan(
; FOLD-NEXT: ret i32 1
define i32 @neu_f32_nan() {
  %r = call i32 asm "{ .reg .pred p; setp.neu.f32 p, 0f7FC00000, 0f3F800000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @num(
; FOLD-NEXT: ret i32 0
define i32 @num() {
  %r = call i32 asm "{ .reg .pred p; setp.num.f32 p, 0f7FC00000, 0f3F800000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @nan(
; FOLD-NEXT: ret i32 1
define i32 @nan() {
  %r = call i32 asm "{ .reg .pred p; setp.nan.f64 p, 0d7FF8000000000000, 0d3FF0000000000000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @eq_neg_zero(
; FOLD-NEXT: ret i32 1
define i32 @eq_neg_zero() {
  %r = call i32 asm "{ .reg .pred p; setp.eq.f32 p, 0f80000000, 0f00000000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @gt_ftz_subnormal(
; FOLD-NEXT: ret i32 0
define i32 @gt_ftz_subnormal() {
  %r = call i32 asm "{ .reg .pred p; setp.gt.ftz.f32 p, 0f00000001, 0f00000000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @gt_subnormal(
; FOLD-NEXT: ret i32 1
define i32 @gt_subnormal() {
  %r = call i32 asm "{ .reg .pred p; setp.gt.f32 p, 0f00000001, 0f00000000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @and_combine(
; FOLD-NEXT: ret i32 1
define i32 @and_combine() {
  %r = call i32 asm "{ .reg .pred p, q; setp.eq.u32 q, 1, 2; setp.lt.and.u32 p, 1, 2, !q; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @or_combine(
; FOLD-NEXT: ret i32 1
define i32 @or_combine() {
  %r = call i32 asm "{ .reg .pred p, q; setp.eq.u32 q, 1, 1; setp.gt.or.u32 p, 1, 2, q; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @pair(
; FOLD-NEXT: ret i32 10
define i32 @pair() {
  %r = call i32 asm "{ .reg .pred p, q; setp.lt.u32 p|q, 5, 3; selp.u32 $0, 10, 20, q; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @slct_neg_zero(
; FOLD-NEXT: ret i32 1
define i32 @slct_neg_zero() {
  %r = call i32 asm "slct.u32.f32 $0, 1, 2, 0f80000000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @slct_nan(
; FOLD-NEXT: ret i32 2
define i32 @slct_nan() {
  %r = call i32 asm "slct.u32.f32 $0, 1, 2, 0f7FC00000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @slct_s32(
; FOLD-NEXT: ret i32 2
define i32 @slct_s32() {
  %r = call i32 asm "slct.u32.s32 $0, 1, 2, -1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @set_u32(
; FOLD-NEXT: ret i32 -1
define i32 @set_u32() {
  %r = call i32 asm "set.lt.u32.s32 $0, -1, 0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @set_f32(
; FOLD-NEXT: ret i32 1065353216
define i32 @set_f32() {
  %r = call i32 asm "set.gt.f32.u32 $0, 2, 1;", "=r"()
  ret i32 %r
}

; CHECK-LABEL: define i32 @unordered_var(
; CHECK: fcmp ult float
define i32 @unordered_var(float %a, float %b) {
  %r = call i32 asm "{ .reg .pred p; setp.ltu.f32 p, $1, $2; selp.u32 $0, 1, 0, p; }", "=r,f,f"(float %a, float %b)
  ret i32 %r
}

; Floating point: fma.rn (one rounding: the product is not rounded
; first), mad.rn, div/rcp/sqrt (.rn exact, .approx within bounds), rsqrt,
; ex2/lg2, copysign (b with a's sign), min/max (a NaN operand yields the
; other, -0.0 < +0.0, .NaN propagates), abs/neg, .ftz on inputs and
; results, .sat, testp classes. Literal operands fold to PTX's answers; an
; explicit .rn keeps add/mul from being contracted (arithmetic fences).
; RUN: %opt -passes=loom-inline-ptx,instcombine -S %s | FileCheck %s --check-prefix=FOLD
; RUN: %opt -passes=loom-inline-ptx,verify -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; FOLD-LABEL: define i32 @fma_single_rounding(
; FOLD-NEXT: ret i32 864026624
define i32 @fma_single_rounding() {
  %r = call i32 asm "{ .reg .f32 f; fma.rn.f32 f, 0f3F800800, 0f3F800800, 0fBF801000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @mad_rn_is_fma(
; FOLD-NEXT: ret i32 864026624
define i32 @mad_rn_is_fma() {
  %r = call i32 asm "{ .reg .f32 f; mad.rn.f32 f, 0f3F800800, 0f3F800800, 0fBF801000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @div_rn(
; FOLD-NEXT: ret i32 1051372203
define i32 @div_rn() {
  %r = call i32 asm "{ .reg .f32 f; div.rn.f32 f, 0f3F800000, 0f40400000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @div_approx(
; FOLD-NEXT: ret i32 1073741824
define i32 @div_approx() {
  %r = call i32 asm "{ .reg .f32 f; div.approx.f32 f, 0f40C00000, 0f40400000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rcp_rn(
; FOLD-NEXT: ret i32 1048576000
define i32 @rcp_rn() {
  %r = call i32 asm "{ .reg .f32 f; rcp.rn.f32 f, 0f40800000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @sqrt_rn(
; FOLD-NEXT: ret i32 1068827891
define i32 @sqrt_rn() {
  %r = call i32 asm "{ .reg .f32 f; sqrt.rn.f32 f, 0f40000000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rsqrt(
; FOLD-NEXT: ret i32 1056964608
define i32 @rsqrt() {
  %r = call i32 asm "{ .reg .f32 f; rsqrt.approx.f32 f, 0f40800000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @ex2(
; FOLD-NEXT: ret i32 1090519040
define i32 @ex2() {
  %r = call i32 asm "{ .reg .f32 f; ex2.approx.ftz.f32 f, 0f40400000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lg2(
; FOLD-NEXT: ret i32 1077936128
define i32 @lg2() {
  %r = call i32 asm "{ .reg .f32 f; lg2.approx.f32 f, 0f41000000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @copysign(
; FOLD-NEXT: ret i32 -1073741824
define i32 @copysign() {
  %r = call i32 asm "{ .reg .f32 f; copysign.f32 f, 0fBF800000, 0f40000000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @min_nan(
; FOLD-NEXT: ret i32 1065353216
define i32 @min_nan() {
  %r = call i32 asm "{ .reg .f32 f; min.f32 f, 0f7FC00000, 0f3F800000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @max_nan(
; FOLD-NEXT: ret i32 1065353216
define i32 @max_nan() {
  %r = call i32 asm "{ .reg .f32 f; max.f32 f, 0f3F800000, 0f7FC00000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @min_signed_zero(
; FOLD-NEXT: ret i32 -2147483648
define i32 @min_signed_zero() {
  %r = call i32 asm "{ .reg .f32 f; min.f32 f, 0f00000000, 0f80000000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @max_NaN_propagates(
; FOLD-NEXT: ret i32 2143289344
define i32 @max_NaN_propagates() {
  %r = call i32 asm "{ .reg .f32 f; max.NaN.f32 f, 0f7FC00000, 0f3F800000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @abs_ftz(
; FOLD-NEXT: ret i32 0
define i32 @abs_ftz() {
  %r = call i32 asm "{ .reg .f32 f; abs.ftz.f32 f, 0f80000001; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @neg(
; FOLD-NEXT: ret i32 -1082130432
define i32 @neg() {
  %r = call i32 asm "{ .reg .f32 f; neg.f32 f, 0f3F800000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @add_ftz(
; FOLD-NEXT: ret i32 0
define i32 @add_ftz() {
  %r = call i32 asm "{ .reg .f32 f; add.ftz.f32 f, 0f00000001, 0f00000001; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @add(
; FOLD-NEXT: ret i32 2
define i32 @add() {
  %r = call i32 asm "{ .reg .f32 f; add.f32 f, 0f00000001, 0f00000001; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @add_sat(
; FOLD-NEXT: ret i32 1065353216
define i32 @add_sat() {
  %r = call i32 asm "{ .reg .f32 f; add.sat.f32 f, 0f3F400000, 0f3F000000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @sub_rn(
; FOLD-NEXT: ret i32 1056964608
define i32 @sub_rn() {
  %r = call i32 asm "{ .reg .f32 f; sub.f32 f, 0f3F800000, 0f3F000000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i64 @mul_f64(
; FOLD-NEXT: ret i64 4618441417868443648
define i64 @mul_f64() {
  %r = call i64 asm "{ .reg .f64 d; mul.f64 d, 0d4000000000000000, 0d4008000000000000; mov.b64 $0, d; }", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i32 @testp_finite_0f7F800000(
; FOLD-NEXT: ret i32 0
define i32 @testp_finite_0f7F800000() {
  %r = call i32 asm "{ .reg .pred p; testp.finite.f32 p, 0f7F800000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @testp_infinite_0fFF800000(
; FOLD-NEXT: ret i32 1
define i32 @testp_infinite_0fFF800000() {
  %r = call i32 asm "{ .reg .pred p; testp.infinite.f32 p, 0fFF800000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @testp_number_0f7FC00000(
; FOLD-NEXT: ret i32 0
define i32 @testp_number_0f7FC00000() {
  %r = call i32 asm "{ .reg .pred p; testp.number.f32 p, 0f7FC00000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @testp_notanumber_0f7FC00000(
; FOLD-NEXT: ret i32 1
define i32 @testp_notanumber_0f7FC00000() {
  %r = call i32 asm "{ .reg .pred p; testp.notanumber.f32 p, 0f7FC00000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @testp_normal_0f00800000(
; FOLD-NEXT: ret i32 1
define i32 @testp_normal_0f00800000() {
  %r = call i32 asm "{ .reg .pred p; testp.normal.f32 p, 0f00800000; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @testp_subnormal_0f00000001(
; FOLD-NEXT: ret i32 1
define i32 @testp_subnormal_0f00000001() {
  %r = call i32 asm "{ .reg .pred p; testp.subnormal.f32 p, 0f00000001; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @testp_normal_0f00000001(
; FOLD-NEXT: ret i32 0
define i32 @testp_normal_0f00000001() {
  %r = call i32 asm "{ .reg .pred p; testp.normal.f32 p, 0f00000001; selp.u32 $0, 1, 0, p; }", "=r"()
  ret i32 %r
}

; mul.rn then add.rn: the product is fenced, so no FMA can form.
; CHECK-LABEL: define float @no_contraction(
; CHECK: [[M:%.*]] = fmul float %a, %b
; CHECK: [[F:%.*]] = call float @llvm.arithmetic.fence.f32(float [[M]])
; CHECK: fadd float
define float @no_contraction(float %a, float %b, float %c) {
  %r = call float asm "{ .reg .f32 t; mul.rn.f32 t, $1, $2; add.rn.f32 $0, t, $3; }", "=f,f,f,f"(float %a, float %b, float %c)
  ret float %r
}

; Without a rounding modifier, contraction stays allowed: plain ops.
; CHECK-LABEL: define float @contractible(
; CHECK: fmul float %a, %b
; CHECK-NOT: arithmetic.fence
; CHECK: ret float
define float @contractible(float %a, float %b, float %c) {
  %r = call float asm "{ .reg .f32 t; mul.f32 t, $1, $2; add.f32 $0, t, $3; }", "=f,f,f,f"(float %a, float %b, float %c)
  ret float %r
}

; CHECK-LABEL: define float @transcendentals(
; CHECK: call float @llvm.sin.f32(float %a)
; CHECK: call float @llvm.cos.f32(float %a)
; CHECK: call float @llvm.tanh.f32(float %a)
define float @transcendentals(float %a) {
  %r = call float asm "{ .reg .f32 s, c, t; sin.approx.f32 s, $1; cos.approx.f32 c, $1; tanh.approx.f32 t, $1; add.f32 s, s, c; add.f32 $0, s, t; }", "=f,f"(float %a)
  ret float %r
}

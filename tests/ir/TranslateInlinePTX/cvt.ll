; Conversions with PTX's exact semantics: float to integer with
; .rni/.rzi/.rmi/.rpi (saturating, NaN to 0, .ftz inputs), integer to
; integer (truncation, extension by the source's sign, .sat clamps), integer
; to float and f64 to f32 in every rounding mode (ties, 64-bit sources,
; overflow to the largest finite value or infinity, tiny values, NaN),
; f16 and bf16 both ways, a value rounded toward zero from below the
; smallest subnormal (stays zero), .sat and .ftz on floats, integer rounding of
; floats. Results come back as bits; literal operands fold to PTX's answers.
; RUN: %opt -passes=loom-inline-ptx,instcombine -S %s | FileCheck %s --check-prefix=FOLD
; RUN: %opt -passes=loom-inline-ptx,verify -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; FOLD-LABEL: define i32 @rzi_s32_big(
; FOLD-NEXT: ret i32 2147483647
define i32 @rzi_s32_big() {
  %r = call i32 asm "cvt.rzi.s32.f32 $0, 0f501502F9;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rzi_s32_nan(
; FOLD-NEXT: ret i32 0
define i32 @rzi_s32_nan() {
  %r = call i32 asm "cvt.rzi.s32.f32 $0, 0f7FC00000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rzi_s32_neg_big(
; FOLD-NEXT: ret i32 -2147483648
define i32 @rzi_s32_neg_big() {
  %r = call i32 asm "cvt.rzi.s32.f32 $0, 0fD01502F9;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rzi_s32_inf(
; FOLD-NEXT: ret i32 2147483647
define i32 @rzi_s32_inf() {
  %r = call i32 asm "cvt.rzi.s32.f32 $0, 0f7F800000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rni_even(
; FOLD-NEXT: ret i32 2
define i32 @rni_even() {
  %r = call i32 asm "cvt.rni.s32.f32 $0, 0f40200000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rni_odd(
; FOLD-NEXT: ret i32 4
define i32 @rni_odd() {
  %r = call i32 asm "cvt.rni.s32.f32 $0, 0f40600000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rmi(
; FOLD-NEXT: ret i32 -1
define i32 @rmi() {
  %r = call i32 asm "cvt.rmi.s32.f32 $0, 0fBF000000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rpi(
; FOLD-NEXT: ret i32 1
define i32 @rpi() {
  %r = call i32 asm "cvt.rpi.s32.f32 $0, 0f3E800000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rzi_u32_negative(
; FOLD-NEXT: ret i32 0
define i32 @rzi_u32_negative() {
  %r = call i32 asm "cvt.rzi.u32.f32 $0, 0fC0A00000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i16 @rni_u8_clamps(
; FOLD-NEXT: ret i16 255
define i16 @rni_u8_clamps() {
  %r = call i16 asm "cvt.rni.u8.f32 $0, 0f43960000;", "=h"()
  ret i16 %r
}

; FOLD-LABEL: define i64 @rzi_s64_f64(
; FOLD-NEXT: ret i64 9223372036854775807
define i64 @rzi_s64_f64() {
  %r = call i64 asm "cvt.rzi.s64.f64 $0, 0d7E37E43C8800759C;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i32 @rpi_ftz_subnormal(
; FOLD-NEXT: ret i32 0
define i32 @rpi_ftz_subnormal() {
  %r = call i32 asm "cvt.rpi.ftz.s32.f32 $0, 0f00000001;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rpi_subnormal(
; FOLD-NEXT: ret i32 1
define i32 @rpi_subnormal() {
  %r = call i32 asm "cvt.rpi.s32.f32 $0, 0f00000001;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @sat_u8_s32(
; FOLD-NEXT: ret i32 0
define i32 @sat_u8_s32() {
  %r = call i32 asm "cvt.sat.u8.s32 $0, -5;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @sat_s8_s32(
; FOLD-NEXT: ret i32 127
define i32 @sat_s8_s32() {
  %r = call i32 asm "cvt.sat.s8.s32 $0, 200;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @s32_from_s8(
; FOLD-NEXT: ret i32 -1
define i32 @s32_from_s8() {
  %r = call i32 asm "cvt.s32.s8 $0, 0xff;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @u32_from_u64(
; FOLD-NEXT: ret i32 591751049
define i32 @u32_from_u64() {
  %r = call i32 asm "cvt.u32.u64 $0, 0x123456789;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i64 @s64_from_s32(
; FOLD-NEXT: ret i64 -1
define i64 @s64_from_s32() {
  %r = call i64 asm "cvt.s64.s32 $0, 0xffffffff;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i64 @u64_from_u32(
; FOLD-NEXT: ret i64 4294967295
define i64 @u64_from_u32() {
  %r = call i64 asm "cvt.u64.u32 $0, 0xffffffff;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i32 @sat_u32_s64(
; FOLD-NEXT: ret i32 0
define i32 @sat_u32_s64() {
  %r = call i32 asm "cvt.sat.u32.s64 $0, -1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @sat_s32_u32(
; FOLD-NEXT: ret i32 2147483647
define i32 @sat_s32_u32() {
  %r = call i32 asm "cvt.sat.s32.u32 $0, 0xffffffff;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rn_f32_s32(
; FOLD-NEXT: ret i32 1266679810
define i32 @rn_f32_s32() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rn.f32.s32 f, 16777219; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rz_f32_s32(
; FOLD-NEXT: ret i32 1266679809
define i32 @rz_f32_s32() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rz.f32.s32 f, 16777219; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rm_f32_s32(
; FOLD-NEXT: ret i32 1266679809
define i32 @rm_f32_s32() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rm.f32.s32 f, 16777219; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rp_f32_s32(
; FOLD-NEXT: ret i32 1266679809
define i32 @rp_f32_s32() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rp.f32.s32 f, 16777217; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rm_f32_s32_neg(
; FOLD-NEXT: ret i32 -880803839
define i32 @rm_f32_s32_neg() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rm.f32.s32 f, -16777217; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rz_f32_u64_max(
; FOLD-NEXT: ret i32 1602224127
define i32 @rz_f32_u64_max() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rz.f32.u64 f, 0xffffffffffffffff; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rn_f32_u64_max(
; FOLD-NEXT: ret i32 1602224128
define i32 @rn_f32_u64_max() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rn.f32.u64 f, 0xffffffffffffffff; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rm_f32_s64(
; FOLD-NEXT: ret i32 -578813951
define i32 @rm_f32_s64() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rm.f32.s64 f, -1152921504606846977; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rp_f32_s64_exact(
; FOLD-NEXT: ret i32 1568669696
define i32 @rp_f32_s64_exact() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rp.f32.s64 f, 1152921504606846976; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rz_f32_f64_overflow(
; FOLD-NEXT: ret i32 2139095039
define i32 @rz_f32_f64_overflow() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rz.f32.f64 f, 0d7E37E43C8800759C; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rp_f32_f64_overflow(
; FOLD-NEXT: ret i32 2139095040
define i32 @rp_f32_f64_overflow() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rp.f32.f64 f, 0d7E37E43C8800759C; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rm_f32_f64_neg_overflow(
; FOLD-NEXT: ret i32 -8388608
define i32 @rm_f32_f64_neg_overflow() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rm.f32.f64 f, 0dFE37E43C8800759C; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rn_f32_f64_nan(
; FOLD-NEXT: ret i32 2143289344
define i32 @rn_f32_f64_nan() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rn.f32.f64 f, 0d7FF8000000000000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rm_f32_f64_tenth(
; FOLD-NEXT: ret i32 1036831948
define i32 @rm_f32_f64_tenth() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rm.f32.f64 f, 0d3FB999999999999A; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rp_f32_f64_tenth(
; FOLD-NEXT: ret i32 1036831949
define i32 @rp_f32_f64_tenth() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rp.f32.f64 f, 0d3FB999999999999A; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rz_f32_f64_tenth(
; FOLD-NEXT: ret i32 1036831948
define i32 @rz_f32_f64_tenth() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rz.f32.f64 f, 0d3FB999999999999A; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rp_f32_f64_tiny(
; FOLD-NEXT: ret i32 1
define i32 @rp_f32_f64_tiny() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rp.f32.f64 f, 0d358DEE7A4AD4B81F; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rz_f32_f64_tiny(
; FOLD-NEXT: ret i32 0
define i32 @rz_f32_f64_tiny() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rz.f32.f64 f, 0d358DEE7A4AD4B81F; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rm_f32_f64_neg_tiny(
; FOLD-NEXT: ret i32 -2147483647
define i32 @rm_f32_f64_neg_tiny() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rm.f32.f64 f, 0dB58DEE7A4AD4B81F; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i16 @f16_one(
; FOLD-NEXT: ret i16 15360
define i16 @f16_one() {
  %r = call i16 asm "cvt.rn.f16.f32 $0, 0f3F800000;", "=h"()
  ret i16 %r
}

; FOLD-LABEL: define i16 @f16_overflow(
; FOLD-NEXT: ret i16 31744
define i16 @f16_overflow() {
  %r = call i16 asm "cvt.rn.f16.f32 $0, 0f477FF000;", "=h"()
  ret i16 %r
}

; FOLD-LABEL: define i16 @f16_max(
; FOLD-NEXT: ret i16 31743
define i16 @f16_max() {
  %r = call i16 asm "cvt.rn.f16.f32 $0, 0f477FEF00;", "=h"()
  ret i16 %r
}

; FOLD-LABEL: define i32 @f32_from_f16(
; FOLD-NEXT: ret i32 1065353216
define i32 @f32_from_f16() {
  %r = call i32 asm "{ .reg .f32 f; .reg .b16 h; mov.b16 h, 0x3c00; cvt.f32.f16 f, h; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i16 @f16_from_s32(
; FOLD-NEXT: ret i16 -16384
define i16 @f16_from_s32() {
  %r = call i16 asm "cvt.rn.f16.s32 $0, -2;", "=h"()
  ret i16 %r
}

; FOLD-LABEL: define i16 @bf16_one(
; FOLD-NEXT: ret i16 16256
define i16 @bf16_one() {
  %r = call i16 asm "cvt.rn.bf16.f32 $0, 0f3F800000;", "=h"()
  ret i16 %r
}

; FOLD-LABEL: define i16 @bf16_tie_even(
; FOLD-NEXT: ret i16 16256
define i16 @bf16_tie_even() {
  %r = call i16 asm "cvt.rn.bf16.f32 $0, 0f3F808000;", "=h"()
  ret i16 %r
}

; FOLD-LABEL: define i16 @bf16_tie_up(
; FOLD-NEXT: ret i16 16258
define i16 @bf16_tie_up() {
  %r = call i16 asm "cvt.rn.bf16.f32 $0, 0f3F818000;", "=h"()
  ret i16 %r
}

; A NaN of any sign and payload gives the canonical bf16 NaN (an H200 does).
; FOLD-LABEL: define i16 @bf16_nan(
; FOLD-NEXT: ret i16 32767
define i16 @bf16_nan() {
  %r = call i16 asm "cvt.rn.bf16.f32 $0, 0fFFC00001;", "=h"()
  ret i16 %r
}

; NaN to a 64-bit integer gives 0x8000000000000000, signed or not (an H200
; does); to 32 bits, 0.
; FOLD-LABEL: define i64 @nan_to_s64(
; FOLD-NEXT: ret i64 -9223372036854775808
define i64 @nan_to_s64() {
  %r = call i64 asm "cvt.rni.s64.f32 $0, 0f7FC00000;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i64 @nan_to_u64(
; FOLD-NEXT: ret i64 -9223372036854775808
define i64 @nan_to_u64() {
  %r = call i64 asm "cvt.rzi.u64.f64 $0, 0d7FF8000000000000;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i32 @nan_to_s32(
; FOLD-NEXT: ret i32 0
define i32 @nan_to_s32() {
  %r = call i32 asm "cvt.rni.s32.f32 $0, 0f7FC00000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @f32_from_bf16(
; FOLD-NEXT: ret i32 1065353216
define i32 @f32_from_bf16() {
  %r = call i32 asm "{ .reg .f32 f; cvt.f32.bf16 f, 0x3f80; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @sat_f32(
; FOLD-NEXT: ret i32 1065353216
define i32 @sat_f32() {
  %r = call i32 asm "{ .reg .f32 f; cvt.sat.f32.f32 f, 0f40000000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @sat_f32_nan(
; FOLD-NEXT: ret i32 0
define i32 @sat_f32_nan() {
  %r = call i32 asm "{ .reg .f32 f; cvt.sat.f32.f32 f, 0f7FC00000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @sat_f32_neg_zero(
; FOLD-NEXT: ret i32 0
define i32 @sat_f32_neg_zero() {
  %r = call i32 asm "{ .reg .f32 f; cvt.sat.f32.f32 f, 0f80000000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rni_f32_f32(
; FOLD-NEXT: ret i32 1073741824
define i32 @rni_f32_f32() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rni.f32.f32 f, 0f40200000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @rmi_f32_f32(
; FOLD-NEXT: ret i32 -1069547520
define i32 @rmi_f32_f32() {
  %r = call i32 asm "{ .reg .f32 f; cvt.rmi.f32.f32 f, 0fC0200000; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @ftz_f32_f32(
; FOLD-NEXT: ret i32 -2147483648
define i32 @ftz_f32_f32() {
  %r = call i32 asm "{ .reg .f32 f; cvt.ftz.f32.f32 f, 0f80000001; mov.b32 $0, f; }", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i64 @f64_from_f32(
; FOLD-NEXT: ret i64 4607182418800017408
define i64 @f64_from_f32() {
  %r = call i64 asm "{ .reg .f64 d; cvt.f64.f32 d, 0f3F800000; mov.b64 $0, d; }", "=l"()
  ret i64 %r
}

; Float to integer: round, then a saturating conversion.
; CHECK-LABEL: define i32 @rni_var(
; CHECK: [[R:%.*]] = call float @llvm.roundeven.f32(float %x)
; CHECK: call i32 @llvm.fptosi.sat.i32.f32(float [[R]])
define i32 @rni_var(float %x) {
  %r = call i32 asm "cvt.rni.s32.f32 $0, $1;", "=r,f"(float %x)
  ret i32 %r
}

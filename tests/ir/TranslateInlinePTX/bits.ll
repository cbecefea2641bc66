; Bit instructions: popc, clz, brev, bfind (.shiftamt, signed), bfe
; (signed fill, positions and lengths past the width, mod 256), bfi, shifts
; by amounts past the width (shl/shr.u give 0, shr.s the sign), shf
; .l/.r .wrap/.clamp, lop3 with several lookup tables, prmt in the default
; mode (with sign replication) and every special mode, dp4a, not/cnot/and/
; or/xor. The expected values come from a reference model of the PTX ISA's
; definitions; folding the translation must reproduce them.
; RUN: %opt -passes=loom-inline-ptx,instcombine -S %s | FileCheck %s --check-prefix=FOLD
; RUN: %opt -passes=loom-inline-ptx,verify -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; FOLD-LABEL: define i32 @popc32(
; FOLD-NEXT: ret i32 24
define i32 @popc32() {
  %r = call i32 asm "popc.b32 $0, 0xdeadbeef;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @popc64(
; FOLD-NEXT: ret i32 64
define i32 @popc64() {
  %r = call i32 asm "popc.b64 $0, 0xffffffffffffffff;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @clz32_zero(
; FOLD-NEXT: ret i32 32
define i32 @clz32_zero() {
  %r = call i32 asm "clz.b32 $0, 0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @clz64(
; FOLD-NEXT: ret i32 31
define i32 @clz64() {
  %r = call i32 asm "clz.b64 $0, 0x0000000100000000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @brev32(
; FOLD-NEXT: ret i32 -2147483648
define i32 @brev32() {
  %r = call i32 asm "brev.b32 $0, 0x00000001;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfind_u32(
; FOLD-NEXT: ret i32 23
define i32 @bfind_u32() {
  %r = call i32 asm "bfind.u32 $0, 0xf00000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfind_u32_zero(
; FOLD-NEXT: ret i32 -1
define i32 @bfind_u32_zero() {
  %r = call i32 asm "bfind.u32 $0, 0x0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfind_s32_neg(
; FOLD-NEXT: ret i32 11
define i32 @bfind_s32_neg() {
  %r = call i32 asm "bfind.s32 $0, 0xfffff000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfind_s32_minus1(
; FOLD-NEXT: ret i32 -1
define i32 @bfind_s32_minus1() {
  %r = call i32 asm "bfind.s32 $0, 0xffffffff;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfind_shiftamt(
; FOLD-NEXT: ret i32 8
define i32 @bfind_shiftamt() {
  %r = call i32 asm "bfind.shiftamt.u32 $0, 0xf00000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfind_u64(
; FOLD-NEXT: ret i32 40
define i32 @bfind_u64() {
  %r = call i32 asm "bfind.u64 $0, 0x10000000000;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfe_u32(
; FOLD-NEXT: ret i32 238
define i32 @bfe_u32() {
  %r = call i32 asm "bfe.u32 $0, 0xdeadbeef, 0x4, 0x8;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfe_s32(
; FOLD-NEXT: ret i32 -18
define i32 @bfe_s32() {
  %r = call i32 asm "bfe.s32 $0, 0xdeadbeef, 0x4, 0x8;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfe_s32_past_top(
; FOLD-NEXT: ret i32 -3
define i32 @bfe_s32_past_top() {
  %r = call i32 asm "bfe.s32 $0, 0xdeadbeef, 0x1c, 0x8;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfe_u32_pos_out(
; FOLD-NEXT: ret i32 0
define i32 @bfe_u32_pos_out() {
  %r = call i32 asm "bfe.u32 $0, 0xdeadbeef, 0x28, 0x8;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfe_s32_pos_out(
; FOLD-NEXT: ret i32 -1
define i32 @bfe_s32_pos_out() {
  %r = call i32 asm "bfe.s32 $0, 0xdeadbeef, 0x28, 0x8;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfe_len0_s32(
; FOLD-NEXT: ret i32 0
define i32 @bfe_len0_s32() {
  %r = call i32 asm "bfe.s32 $0, 0xdeadbeef, 0x4, 0x0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfe_pos_len_mod256(
; FOLD-NEXT: ret i32 238
define i32 @bfe_pos_len_mod256() {
  %r = call i32 asm "bfe.u32 $0, 0xdeadbeef, 0x104, 0x208;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i64 @bfe_s64(
; FOLD-NEXT: ret i64 -1
define i64 @bfe_s64() {
  %r = call i64 asm "bfe.s64 $0, 0xf000000000000000, 0x3c, 0xa;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i32 @bfe_u32_full(
; FOLD-NEXT: ret i32 -559038737
define i32 @bfe_u32_full() {
  %r = call i32 asm "bfe.u32 $0, 0xdeadbeef, 0x0, 0x20;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfi32(
; FOLD-NEXT: ret i32 286370577
define i32 @bfi32() {
  %r = call i32 asm "bfi.b32 $0, 0xab, 0x11111111, 8, 8;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfi32_past_top(
; FOLD-NEXT: ret i32 -268435456
define i32 @bfi32_past_top() {
  %r = call i32 asm "bfi.b32 $0, 0xff, 0x0, 28, 8;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfi32_pos_out(
; FOLD-NEXT: ret i32 4660
define i32 @bfi32_pos_out() {
  %r = call i32 asm "bfi.b32 $0, 0xff, 0x1234, 32, 8;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @bfi32_len0(
; FOLD-NEXT: ret i32 4660
define i32 @bfi32_len0() {
  %r = call i32 asm "bfi.b32 $0, 0xff, 0x1234, 4, 0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i64 @bfi64(
; FOLD-NEXT: ret i64 -72057594037927936
define i64 @bfi64() {
  %r = call i64 asm "bfi.b64 $0, 0xffff, 0x0, 56, 16;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i32 @shl_past_width(
; FOLD-NEXT: ret i32 0
define i32 @shl_past_width() {
  %r = call i32 asm "shl.b32 $0, 0xffffffff, 32;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i64 @shl_u64_by_40(
; FOLD-NEXT: ret i64 1099511627776
define i64 @shl_u64_by_40() {
  %r = call i64 asm "shl.b64 $0, 1, 40;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i32 @shr_u_past_width(
; FOLD-NEXT: ret i32 0
define i32 @shr_u_past_width() {
  %r = call i32 asm "shr.u32 $0, 0xffffffff, 100;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @shr_s_past_width(
; FOLD-NEXT: ret i32 -1
define i32 @shr_s_past_width() {
  %r = call i32 asm "shr.s32 $0, 0x80000000, 100;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i16 @shr_s16(
; FOLD-NEXT: ret i16 -4096
define i16 @shr_s16() {
  %r = call i16 asm "shr.s16 $0, 0x8000, 3;", "=h"()
  ret i16 %r
}

; FOLD-LABEL: define i32 @shf_l_wrap(
; FOLD-NEXT: ret i32 591751049
define i32 @shf_l_wrap() {
  %r = call i32 asm "shf.l.wrap.b32 $0, 0x89abcdef, 0x1234567, 8;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @shf_l_wrap_33(
; FOLD-NEXT: ret i32 38177487
define i32 @shf_l_wrap_33() {
  %r = call i32 asm "shf.l.wrap.b32 $0, 0x89abcdef, 0x1234567, 33;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @shf_l_clamp_40(
; FOLD-NEXT: ret i32 -1985229329
define i32 @shf_l_clamp_40() {
  %r = call i32 asm "shf.l.clamp.b32 $0, 0x89abcdef, 0x1234567, 40;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @shf_r_wrap(
; FOLD-NEXT: ret i32 2023406814
define i32 @shf_r_wrap() {
  %r = call i32 asm "shf.r.wrap.b32 $0, 0x89abcdef, 0x1234567, 4;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @shf_r_clamp_32(
; FOLD-NEXT: ret i32 19088743
define i32 @shf_r_clamp_32() {
  %r = call i32 asm "shf.r.clamp.b32 $0, 0x89abcdef, 0x1234567, 32;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @shf_r_clamp_0(
; FOLD-NEXT: ret i32 -1985229329
define i32 @shf_r_clamp_0() {
  %r = call i32 asm "shf.r.clamp.b32 $0, 0x89abcdef, 0x1234567, 0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lop3_96(
; FOLD-NEXT: ret i32 -1013520280
define i32 @lop3_96() {
  %r = call i32 asm "lop3.b32 $0, 0xdeadbeef, 0x12345678, 0xf0f00ff, 0x96;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lop3_e8(
; FOLD-NEXT: ret i32 506271487
define i32 @lop3_e8() {
  %r = call i32 asm "lop3.b32 $0, 0xdeadbeef, 0x12345678, 0xf0f00ff, 0xe8;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lop3_ca(
; FOLD-NEXT: ret i32 321263224
define i32 @lop3_ca() {
  %r = call i32 asm "lop3.b32 $0, 0xdeadbeef, 0x12345678, 0xf0f00ff, 0xca;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lop3_80(
; FOLD-NEXT: ret i32 33816680
define i32 @lop3_80() {
  %r = call i32 asm "lop3.b32 $0, 0xdeadbeef, 0x12345678, 0xf0f00ff, 0x80;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lop3_fe(
; FOLD-NEXT: ret i32 -541065473
define i32 @lop3_fe() {
  %r = call i32 asm "lop3.b32 $0, 0xdeadbeef, 0x12345678, 0xf0f00ff, 0xfe;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lop3_00(
; FOLD-NEXT: ret i32 0
define i32 @lop3_00() {
  %r = call i32 asm "lop3.b32 $0, 0xdeadbeef, 0x12345678, 0xf0f00ff, 0x0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lop3_ff(
; FOLD-NEXT: ret i32 -1
define i32 @lop3_ff() {
  %r = call i32 asm "lop3.b32 $0, 0xdeadbeef, 0x12345678, 0xf0f00ff, 0xff;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lop3_1e(
; FOLD-NEXT: ret i32 -1047336944
define i32 @lop3_1e() {
  %r = call i32 asm "lop3.b32 $0, 0xdeadbeef, 0x12345678, 0xf0f00ff, 0x1e;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @lop3_6a(
; FOLD-NEXT: ret i32 489363095
define i32 @lop3_6a() {
  %r = call i32 asm "lop3.b32 $0, 0xdeadbeef, 0x12345678, 0xf0f00ff, 0x6a;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_7531(
; FOLD-NEXT: ret i32 121996033
define i32 @prmt_7531() {
  %r = call i32 asm "prmt.b32 $0, 0x83020100, 0x7864504, 0x7531;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_8c4f(
; FOLD-NEXT: ret i32 1024
define i32 @prmt_8c4f() {
  %r = call i32 asm "prmt.b32 $0, 0x83020100, 0x7864504, 0x8c4f;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_ba98(
; FOLD-NEXT: ret i32 -16777216
define i32 @prmt_ba98() {
  %r = call i32 asm "prmt.b32 $0, 0x83020100, 0x7864504, 0xba98;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_f4e_1(
; FOLD-NEXT: ret i32 75694593
define i32 @prmt_f4e_1() {
  %r = call i32 asm "prmt.b32.f4e $0, 0x83020100, 0x7864504, 0x1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_f4e_3(
; FOLD-NEXT: ret i32 -2042297213
define i32 @prmt_f4e_3() {
  %r = call i32 asm "prmt.b32.f4e $0, 0x83020100, 0x7864504, 0x3;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_b4e_0(
; FOLD-NEXT: ret i32 1166411520
define i32 @prmt_b4e_0() {
  %r = call i32 asm "prmt.b32.b4e $0, 0x83020100, 0x7864504, 0x0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_b4e_2(
; FOLD-NEXT: ret i32 117440770
define i32 @prmt_b4e_2() {
  %r = call i32 asm "prmt.b32.b4e $0, 0x83020100, 0x7864504, 0x2;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_rc8_2(
; FOLD-NEXT: ret i32 33686018
define i32 @prmt_rc8_2() {
  %r = call i32 asm "prmt.b32.rc8 $0, 0x83020100, 0x7864504, 0x2;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_ecl_1(
; FOLD-NEXT: ret i32 -2097020671
define i32 @prmt_ecl_1() {
  %r = call i32 asm "prmt.b32.ecl $0, 0x83020100, 0x7864504, 0x1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_ecr_2(
; FOLD-NEXT: ret i32 33685760
define i32 @prmt_ecr_2() {
  %r = call i32 asm "prmt.b32.ecr $0, 0x83020100, 0x7864504, 0x2;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_rc16_1(
; FOLD-NEXT: ret i32 -2096987390
define i32 @prmt_rc16_1() {
  %r = call i32 asm "prmt.b32.rc16 $0, 0x83020100, 0x7864504, 0x1;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @prmt_rc16_2(
; FOLD-NEXT: ret i32 16777472
define i32 @prmt_rc16_2() {
  %r = call i32 asm "prmt.b32.rc16 $0, 0x83020100, 0x7864504, 0x2;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @dp4a_uu(
; FOLD-NEXT: ret i32 811
define i32 @dp4a_uu() {
  %r = call i32 asm "dp4a.u32.u32 $0, 0xff020304, 0x01ff0506, 7;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @dp4a_ss(
; FOLD-NEXT: ret i32 29
define i32 @dp4a_ss() {
  %r = call i32 asm "dp4a.s32.s32 $0, 0xff020304, 0x01ff0506, -7;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i32 @cnot(
; FOLD-NEXT: ret i32 1
define i32 @cnot() {
  %r = call i32 asm "cnot.b32 $0, 0;", "=r"()
  ret i32 %r
}

; FOLD-LABEL: define i64 @not64(
; FOLD-NEXT: ret i64 -1
define i64 @not64() {
  %r = call i64 asm "not.b64 $0, 0;", "=l"()
  ret i64 %r
}

; FOLD-LABEL: define i32 @and_or_xor(
; FOLD-NEXT: ret i32 -251662082
define i32 @and_or_xor() {
  %r = call i32 asm "{ .reg .b32 t; and.b32 t, 0xff00ff00, 0x0ff00ff0; or.b32 t, t, 1; xor.b32 $0, t, 0xffffffff; }", "=r"()
  ret i32 %r
}

; Structure of the variable forms: funnel shifts are llvm.fshl/fshr;
; .clamp selects the other word at 32; lop3 is an OR of the minterms its
; table selects (0x80: a & b & c).
; CHECK-LABEL: define i32 @shf_var(
; CHECK: call i32 @llvm.fshl.i32(i32 %b, i32 %a, i32 %n)
; CHECK: icmp uge i32 %n, 32
; CHECK: call i32 @llvm.fshr.i32(i32 %b, i32 %a, i32 %n)
define i32 @shf_var(i32 %a, i32 %b, i32 %n) {
  %l = call i32 asm "shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %n)
  %r = call i32 asm "shf.r.clamp.b32 $0, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %n)
  %s = add i32 %l, %r
  ret i32 %s
}

; FOLD-LABEL: define i32 @lop3_and3(
; FOLD-NEXT: [[X:%.*]] = and i32 %b, %c
; FOLD-NEXT: [[Y:%.*]] = and i32 %a, [[X]]
; FOLD-NEXT: ret i32 [[Y]]
define i32 @lop3_and3(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "lop3.b32 $0, $1, $2, $3, 0x80;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c)
  ret i32 %r
}

; Carry chains: add.cc/addc/addc.cc, sub.cc/subc (the flag is a borrow),
; mad.lo.cc/madc.hi, and the flag kept from one asm statement to the next
; in the same block (CUB splits chains that way). Literal operands fold to
; the multi-word results.
; RUN: %opt -passes=loom-inline-ptx,instcombine -S %s | FileCheck %s --check-prefix=FOLD
; RUN: %opt -passes=loom-inline-ptx,verify -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; 0x00000001_ffffffff_ffffffff + 1 = 0x00000002_00000000_00000000
; FOLD-LABEL: define { i32, i32, i32 } @add96(
; FOLD-NEXT: ret { i32, i32, i32 } { i32 0, i32 0, i32 2 }
define { i32, i32, i32 } @add96() {
  %r = call { i32, i32, i32 } asm "add.cc.u32 $0, 0xffffffff, 1;\0A\09addc.cc.u32 $1, 0xffffffff, 0;\0A\09addc.u32 $2, 1, 0;", "=r,=r,=r"()
  ret { i32, i32, i32 } %r
}

; 0x1_00000000 - 1 = 0x0_ffffffff; then 0 - 0 - borrow(0) = 0.
; FOLD-LABEL: define { i32, i32, i32 } @sub96(
; FOLD-NEXT: ret { i32, i32, i32 } { i32 -1, i32 0, i32 0 }
define { i32, i32, i32 } @sub96() {
  %r = call { i32, i32, i32 } asm "sub.cc.u32 $0, 0, 1;\0A\09subc.cc.u32 $1, 1, 0;\0A\09subc.u32 $2, 0, 0;", "=r,=r,=r"()
  ret { i32, i32, i32 } %r
}

; A 64x64->128 product limb: lo = a*b + c with carry into hi.
; 0xffffffffffffffff * 2 + 2 = 0x1_0000000000000000: lo 0, hi 1+1 (madc.hi adds the high product 1 and the carry).
; FOLD-LABEL: define { i64, i64 } @mad_chain(
; FOLD-NEXT: ret { i64, i64 } { i64 0, i64 2 }
define { i64, i64 } @mad_chain() {
  %r = call { i64, i64 } asm "mad.lo.cc.u64 $0, 0xffffffffffffffff, 2, 2;\0A\09madc.hi.u64 $1, 0xffffffffffffffff, 2, 0;", "=l,=l"()
  ret { i64, i64 } %r
}

; The flag set by one asm statement is read by the next one in the block.
; FOLD-LABEL: define i32 @split_chain(
; FOLD: ret i32 1
; CHECK-LABEL: define i32 @split_chain(
; CHECK: [[S:%.*]] = add i32 %a, %b
; CHECK: [[C:%.*]] = icmp ult i32 [[S]], %a
; CHECK: zext i1 [[C]] to i32
define i32 @split_chain(i32 %a, i32 %b) {
  %lo = call i32 asm "add.cc.u32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  %hi = call i32 asm "addc.u32 $0, 0, 0;", "=r"()
  %x = add i32 %lo, 0
  %f = call i32 asm "add.cc.u32 $0, 0xffffffff, 1;", "=r"()
  %g = call i32 asm "addc.u32 $0, 0, 0;", "=r"()
  ret i32 %g
}

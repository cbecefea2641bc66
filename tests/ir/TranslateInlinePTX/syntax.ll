; The asm text and its operands: constraint binding (outputs, inputs, tied
; "+r" operands, 'n' immediates, several outputs), { } scopes with .reg
; declarations (also %r<N> ranges), literals (hex, octal, binary, 0f/0d
; floats, negative), comments, a guard @p on a pure instruction (a select)
; and on a load (a branch), a memory clobber (a compiler barrier), and the
; pass leaving no asm behind.
; RUN: %opt -passes=loom-inline-ptx,verify -S %s | FileCheck %s
; RUN: %opt -passes=loom-inline-ptx,instcombine -S %s | FileCheck %s --check-prefix=FOLD

target triple = "nvptx64-nvidia-cuda"

; CHECK-NOT: asm
; CHECK-LABEL: define i32 @add(
; CHECK: [[R:%.*]] = add i32 %a, %b
; CHECK: ret i32 [[R]]
define i32 @add(i32 %a, i32 %b) {
  %r = call i32 asm "add.u32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b)
  ret i32 %r
}

; "+r": the output starts as the tied input ($2 is the hidden tied operand).
; FOLD-LABEL: define i32 @tied(
; FOLD: ret i32 12
define i32 @tied() {
  %r = call i32 asm "add.u32 $0, $0, $1;", "=r,r,0"(i32 5, i32 7)
  ret i32 %r
}

; FOLD-LABEL: define i32 @literals(
; 0x10 + 010 (octal 8) + 0b11 + -1 + 0f3F800000 (bits of 1.0f) = 0x3f80001a
; FOLD: ret i32 1065353242
define i32 @literals() {
  %r = call i32 asm "{ .reg .u32 %t<3>; // a comment\0A\09add.u32 %t0, 0x10, 010; /* another */ add.u32 %t1, %t0, 0b11;\0A\09add.s32 %t2, %t1, -1; add.u32 $0, %t2, 0f3F800000; }", "=r"()
  ret i32 %r
}

; Two outputs come back as a struct; a scope's predicate and selp.
; FOLD-LABEL: define { i32, i32 } @two_outputs(
; FOLD: ret { i32, i32 } { i32 100, i32 3 }
define { i32, i32 } @two_outputs() {
  %r = call { i32, i32 } asm "{\0A\09.reg .pred p, q;\0A\09setp.gt.u32 p|q, $2, 3;\0A\09selp.u32 $0, 100, 200, p;\0A\09selp.u32 $1, 3, 4, p;\0A\09}", "=r,=r,r"(i32 9)
  ret { i32, i32 } %r
}

; A float input through "f", an "n" immediate, a 16-bit "h" output.
; CHECK-LABEL: define i16 @float_and_imm(
; CHECK: bitcast float %x to i32
; CHECK: fptrunc float {{.*}} to half
; CHECK: ret i16
define i16 @float_and_imm(float %x) {
  %r = call i16 asm "{ .reg .f32 f; mul.rn.f32 f, $1, 0f40000000; cvt.rn.f16.f32 $0, f; }", "=h,f"(float %x)
  ret i16 %r
}

; @p on a pure instruction: computed, then selected.
; CHECK-LABEL: define i32 @guard_pure(
; CHECK: [[P:%.*]] = icmp eq i32 %c, 0
; CHECK: [[S:%.*]] = add i32 %a, 1
; CHECK: select i1 [[P]], i32 [[S]], i32 %a
; CHECK-NOT: br
define i32 @guard_pure(i32 %a, i32 %c) {
  %r = call i32 asm "{ .reg .pred p; setp.eq.u32 p, $2, 0; mov.u32 $0, $1; @p add.u32 $0, $1, 1; }", "=r,r,r"(i32 %a, i32 %c)
  ret i32 %r
}

; @!p on a load: the load runs only under the guard; the register meets
; in a phi.
; CHECK-LABEL: define i32 @guard_load(
; CHECK: [[P:%.*]] = icmp ne i32 %c, 0
; CHECK: [[NP:%.*]] = xor i1 [[P]], true
; CHECK: br i1 [[NP]], label %[[THEN:.*]], label %[[CONT:.*]]
; CHECK: [[THEN]]:
; CHECK: [[L:%.*]] = load i32, ptr %p, align 4
; CHECK: br label %[[CONT]]
; CHECK: [[CONT]]:
; CHECK: phi i32 [ [[L]], %[[THEN]] ], [ 7, %{{.*}} ]
define i32 @guard_load(ptr %p, i32 %c) {
  %r = call i32 asm "{ .reg .pred p; setp.ne.u32 p, $2, 0; mov.u32 $0, 7; @!p ld.global.u32 $0, [$1]; }", "=r,l,r"(ptr %p, i32 %c)
  ret i32 %r
}

; A memory clobber is a compiler barrier; an empty asm is nothing else.
; CHECK-LABEL: define void @clobber(
; CHECK-NEXT: fence syncscope("singlethread") seq_cst
; CHECK-NEXT: ret void
define void @clobber() {
  call void asm sideeffect "", "~{memory}"()
  ret void
}

; Unpacking and packing halves: mov.b64 {lo, hi}, x; mov.b64 y, {hi, lo}.
; FOLD-LABEL: define i64 @swap_halves(
; FOLD: ret i64 -3819351495032940936
define i64 @swap_halves() {
  %r = call i64 asm "{ .reg .b32 lo, hi; mov.b64 {lo, hi}, $1; mov.b64 $0, {hi, lo}; }", "=l,l"(i64 1311768468273426445)
  ret i64 %r
}

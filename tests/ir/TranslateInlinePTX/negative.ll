; What the translator refuses, each an error naming the construct (opt
; stops at the first error, so each case is its own file), and what it does
; with code no kernel reaches: a trapping body, no error.
; RUN: split-file %s %t
; RUN: not %opt -passes=loom-inline-ptx -disable-output %t/unknown.ll 2>&1 | FileCheck %s --check-prefix=UNKNOWN
; RUN: not %opt -passes=loom-inline-ptx -disable-output %t/carry.ll 2>&1 | FileCheck %s --check-prefix=CARRY
; RUN: not %opt -passes=loom-inline-ptx -disable-output %t/shared32.ll 2>&1 | FileCheck %s --check-prefix=SHARED32
; RUN: not %opt -passes=loom-inline-ptx -disable-output %t/modifier.ll 2>&1 | FileCheck %s --check-prefix=MODIFIER
; RUN: not %opt -passes=loom-inline-ptx -disable-output %t/label.ll 2>&1 | FileCheck %s --check-prefix=LABEL
; RUN: not %opt -passes=loom-inline-ptx -disable-output %t/named-barrier.ll 2>&1 | FileCheck %s --check-prefix=NAMED
; RUN: %opt -passes=loom-inline-ptx,verify -S %t/unreachable.ll | FileCheck %s --check-prefix=DEAD

;--- unknown.ll
target triple = "nvptx64-nvidia-cuda"
; Tensor-core instructions are not translated.
; UNKNOWN: error: {{.*}}in function k{{.*}}inline PTX: PTX instruction 'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32' is not supported by Loom
define void @k(ptr %p) "loom-kernel" {
  call void asm sideeffect "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {$0}, {$0}, {$0}, {$0};", "l"(ptr %p)
  ret void
}

;--- carry.ll
target triple = "nvptx64-nvidia-cuda"
; addc with no add.cc before it in this asm or block: the flag is unknown.
; CARRY: error: {{.*}}'addc.u32' reads the carry flag, but no earlier instruction
define i32 @k(i32 %a) "loom-kernel" {
  %r = call i32 asm "addc.u32 $0, $1, 0;", "=r,r"(i32 %a)
  ret i32 %r
}

;--- shared32.ll
target triple = "nvptx64-nvidia-cuda"
; A 32-bit shared-window address has no pointer on the CPU.
; SHARED32: error: {{.*}}a 32-bit address ('$1' in 'ld.shared.u32'){{.*}}(.shared windows are not mapped)
define i32 @k(i32 %a) "loom-kernel" {
  %r = call i32 asm "ld.shared.u32 $0, [$1];", "=r,r"(i32 %a)
  ret i32 %r
}

;--- modifier.ll
target triple = "nvptx64-nvidia-cuda"
; A modifier no handler takes is never ignored.
; MODIFIER: error: {{.*}}modifier '.wide' of 'add.wide.u32' is not supported
define i32 @k(i32 %a) "loom-kernel" {
  %r = call i32 asm "add.wide.u32 $0, $1, $1;", "=r,r"(i32 %a)
  ret i32 %r
}

;--- label.ll
target triple = "nvptx64-nvidia-cuda"
; LABEL: error: {{.*}}labels and branches are not supported in inline PTX ('DONE:')
define void @k() "loom-kernel" {
  call void asm sideeffect "DONE: ret;", ""()
  ret void
}

;--- named-barrier.ll
target triple = "nvptx64-nvidia-cuda"
; NAMED: error: {{.*}}only the block-wide barrier 0 without a thread count is supported
define void @k() "loom-kernel" {
  call void asm sideeffect "bar.sync 1, 64;", ""()
  ret void
}

;--- unreachable.ll
target triple = "nvptx64-nvidia-cuda"
; @dead is reached by no kernel: its body traps, the kernel's asm is translated.
; DEAD-LABEL: define internal i32 @dead(
; DEAD-NEXT: unreachable.ptx:
; DEAD-NEXT: call void @llvm.trap()
; DEAD-NEXT: unreachable
; DEAD-LABEL: define i32 @k(
; DEAD-NEXT: add i32 %a, 1
define i32 @dead(i32 %a) {
  %r = call i32 asm "wmma.load.a.sync.aligned.row.m16n16k16.f16 {$0}, [$1];", "=r,r"(i32 %a)
  ret i32 %r
}
define i32 @k(i32 %a) "loom-kernel" {
  %r = call i32 asm "add.u32 $0, $1, 1;", "=r,r"(i32 %a)
  ret i32 %r
}

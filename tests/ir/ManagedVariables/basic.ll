; A __managed__ variable (annotate "loom.managed" from Loom's headers) is
; reached through a pointer slot the runtime aims at the host's copy; the
; annotations disappear; other variables are untouched.
; RUN: %opt -passes=loom-managed-variables,verify -S %s | FileCheck %s

; __managed__ int counter = 5; __device__ int plain;
; __global__ void k() { counter += plain; }
@counter = global i32 5
@plain = global i32 0
@.str = private unnamed_addr constant [13 x i8] c"loom.managed\00", section "llvm.metadata"
@.file = private unnamed_addr constant [5 x i8] c"x.cu\00", section "llvm.metadata"
@llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @counter, ptr @.str, ptr @.file, i32 1, ptr null }], section "llvm.metadata"

; CHECK: @counter = global i32 5, !loom.managed ![[SLOTREF:[0-9]+]]
; CHECK: @counter.loom.managed = internal global ptr null, align 8, !loom.managed.slot
; CHECK-NOT: llvm.global.annotations
; CHECK-LABEL: define void @k(
; CHECK: [[P:%.*]] = load ptr, ptr @counter.loom.managed
; CHECK-NEXT: load i32, ptr [[P]]
; CHECK-NEXT: load i32, ptr @plain
; CHECK: [[P2:%.*]] = load ptr, ptr @counter.loom.managed
; CHECK-NEXT: store i32 {{%.*}}, ptr [[P2]]
; CHECK: ![[SLOTREF]] = !{ptr @counter.loom.managed}
define void @k() "loom-kernel" {
  %a = load i32, ptr @counter
  %b = load i32, ptr @plain
  %c = add i32 %a, %b
  store i32 %c, ptr @counter
  ret void
}

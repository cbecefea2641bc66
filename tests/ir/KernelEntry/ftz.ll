; -ftz=true: a block function with "denormal-fp-math-f32"="preserve-sign"
; (clang's -fgpu-flush-denormals-to-zero) and no double-precision arithmetic
; gets an entry that sets MXCSR's FTZ and DAZ bits (0x8040) first and
; restores the caller's MXCSR before it returns; the entry carries the
; attribute too, so the optimizer folds constants the way the CPU computes.
; A kernel that also computes in double precision keeps IEEE mode (the
; CPU's flush mode would flush its doubles): its float operations read and
; write through flushes in code instead, it loses the attribute (so the
; optimizer keeps the flushes), and a remark says so. Without the attribute
; nothing changes.
; RUN: %opt -passes=loom-kernel-entry,verify -pass-remarks=loom-kernel-entry -S %s -o - 2> %t.remarks | FileCheck %s
; RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
; RUN: sed -e 's/x86_64-unknown-linux-gnu/aarch64-unknown-linux-gnu/' %s | %opt -passes=loom-kernel-entry,verify -S | FileCheck --check-prefix=ARM %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define internal void @flt.block(ptr %out, float %x, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks) #0 {
  %y = fmul float %x, %x
  store float %y, ptr %out
  ret void
}

define internal void @dbl.block(ptr %out, float %x, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks) #1 {
  %y = fmul float %x, %x
  %d = fpext float %y to double
  %e = fmul double %d, %d
  store double %e, ptr %out
  ret void
}

define internal void @ieee.block(ptr %out, float %x, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks) #2 {
  %y = fmul float %x, %x
  store float %y, ptr %out
  ret void
}

attributes #0 = { "denormal-fp-math-f32"="preserve-sign,preserve-sign" "loom-block-of"="flt" "loom-kernel-args"="2" }
attributes #1 = { "denormal-fp-math-f32"="preserve-sign,preserve-sign" "loom-block-of"="dbl" "loom-kernel-args"="2" }
attributes #2 = { "loom-block-of"="ieee" "loom-kernel-args"="2" }

; The double kernel: x's flush, x * x, the product's flush; the double
; multiply and the moves untouched.
; CHECK: define internal void @dbl.block({{.*}}) #[[DBL:[0-9]+]]
; CHECK-NEXT: %[[A:.*]] = call float @llvm.fabs.f32(float %x)
; CHECK-NEXT: %[[T:.*]] = fcmp olt float %[[A]], 0x3810000000000000
; CHECK-NEXT: %[[Z:.*]] = call float @llvm.copysign.f32(float 0.000000e+00, float %x)
; CHECK-NEXT: %[[FX:.*]] = select i1 %[[T]], float %[[Z]], float %x
; CHECK: %y = fmul float %[[FX]],
; CHECK: %[[FY:ftz[0-9]*]] = select i1 %{{.*}}, float %{{.*}}, float %y
; CHECK: fpext float %[[FY]] to double
; CHECK: %e = fmul double %d, %d
; CHECK-NOT: ftz
; CHECK: ret void
; CHECK-LABEL: define internal void @loom.entry.flt(
; CHECK-SAME: #[[FLT:[0-9]+]]
; CHECK: entry:
; CHECK-NEXT: %mxcsr.saved = alloca i32
; CHECK-NEXT: %mxcsr.ftz = alloca i32
; CHECK-NEXT: call void @llvm.x86.sse.stmxcsr(ptr %mxcsr.saved)
; CHECK-NEXT: %[[OLD:.*]] = load i32, ptr %mxcsr.saved
; CHECK-NEXT: %[[NEW:.*]] = or i32 %[[OLD]], 32832
; CHECK-NEXT: store i32 %[[NEW]], ptr %mxcsr.ftz
; CHECK-NEXT: call void @llvm.x86.sse.ldmxcsr(ptr %mxcsr.ftz)
; CHECK: exit:
; CHECK-NEXT: call void @llvm.x86.sse.ldmxcsr(ptr %mxcsr.saved)
; CHECK-NEXT: ret void
; CHECK-LABEL: define internal void @loom.entry.dbl(
; CHECK-NOT: mxcsr
; CHECK: ret void
; CHECK-LABEL: define internal void @loom.entry.ieee(
; CHECK-NOT: mxcsr
; CHECK: ret void
; CHECK-DAG: attributes #[[FLT]] = { {{.*}}"denormal-fp-math-f32"="preserve-sign,preserve-sign"
; CHECK-DAG: attributes #[[DBL]] = { "loom-block-of"="dbl" "loom-kernel-args"="2" }

; REMARK: remark: <unknown>:0:0: kernel 'dbl' computes in double precision: -ftz=true flushes its single-precision denormals in code
; REMARK-NOT: kernel 'flt'

; On AArch64: FPCR.FZ (bit 24).
; ARM-LABEL: define internal void @loom.entry.flt(
; ARM: %fpcr.saved = call i64 @llvm.aarch64.get.fpcr()
; ARM-NEXT: %[[F:.*]] = or i64 %fpcr.saved, 16777216
; ARM-NEXT: call void @llvm.aarch64.set.fpcr(i64 %[[F]])
; ARM: exit:
; ARM-NEXT: call void @llvm.aarch64.set.fpcr(i64 %fpcr.saved)

; A masked induction (`iv & 3`, here a thread index) is routed through
; llvm.fshl(x, x, 0) so LLVM 22's vectorizer cannot treat tab[iv & 3] as a
; consecutive access (and drop its wrap check); masks of loop-invariant
; values, non-low-bit masks and code outside loops are left alone.
; RUN: %opt -passes=loom-guard-masked-inductions,verify -S %s | FileCheck %s

; CHECK-LABEL: define void @table(
; CHECK: [[OPQ:%.*]] = call i32 @llvm.fshl.i32(i32 %iv, i32 %iv, i32 0)
; CHECK-NEXT: %lane = and i32 [[OPQ]], 3
; Not low-bit masks, or not inductions: untouched.
; CHECK: %hi = and i32 %iv, 12
; CHECK: %inv = and i32 %n, 3
; CHECK: ret void
define void @table(ptr %tab, ptr %out, i32 %n) {
entry:
  br label %loop

loop:
  %iv = phi i32 [ 0, %entry ], [ %iv.next, %loop ]
  %lane = and i32 %iv, 3
  %hi = and i32 %iv, 12
  %inv = and i32 %n, 3
  %sum1 = add i32 %lane, %hi
  %sum = add i32 %sum1, %inv
  %idx = zext i32 %sum to i64
  %p = getelementptr double, ptr %tab, i64 %idx
  %v = load double, ptr %p
  %ivx = zext i32 %iv to i64
  %q = getelementptr double, ptr %out, i64 %ivx
  store double %v, ptr %q
  %iv.next = add nuw i32 %iv, 1
  %c = icmp ult i32 %iv.next, %n
  br i1 %c, label %loop, label %exit

exit:
  ret void
}

; CHECK-LABEL: define i32 @noloop(
; CHECK-NEXT: %m = and i32 %x, 31
define i32 @noloop(i32 %x) {
  %m = and i32 %x, 31
  ret i32 %m
}

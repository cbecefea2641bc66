; After loom-safe-division, LICM takes the guard of a loop-invariant divisor
; out of the loop: in the loop only the division and one select on its
; result remain.
; RUN: %opt -passes='loom-safe-division,loop-mssa(licm),verify' -S %s | FileCheck %s

; CHECK-LABEL: define void @loop(
; CHECK: entry:
; CHECK: %div.zero = icmp eq i32 %d, 0
; CHECK: %div.safe = select i1 %div.zero, i32 1, i32 %d
; CHECK: loop:
; CHECK-NOT: icmp eq i32 %d
; CHECK: %q = udiv i32 %i, %div.safe
; CHECK: %q.gpu = select i1 %div.zero, i32 -1, i32 %q
; CHECK: exit:
define void @loop(ptr %out, i32 %n, i32 %d) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %q = udiv i32 %i, %d
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %q, ptr %p
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

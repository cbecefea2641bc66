; Integer division and remainder that could trap on x86 (divisor 0, or
; INT_MIN / -1) get a divisor that cannot and GPU results; divisions by
; constants and by values known non-zero are left alone.
; RUN: %opt -passes=loom-safe-division,verify -S %s | FileCheck %s
; Each guarded division is a missed-optimization remark.
; RUN: %opt -passes=loom-safe-division -pass-remarks-missed=loom-safe-division -disable-output %s 2>&1 | FileCheck %s --check-prefix=REMARK
; REMARK: remark: <unknown>:0:0: integer udiv guarded: its divisor may be 0 (or -1 with INT_MIN), where x86 traps and a GPU gives a value

; CHECK-LABEL: define i32 @udiv_var(
; CHECK: %div.zero = icmp eq i32 %d, 0
; CHECK: %div.safe = select i1 %div.zero, i32 1, i32 %d
; CHECK: %q = udiv i32 %x, %div.safe
; CHECK: %q.gpu = select i1 %div.zero, i32 -1, i32 %q
; CHECK: ret i32 %q.gpu
define i32 @udiv_var(i32 %x, i32 %d) {
  %q = udiv i32 %x, %d
  ret i32 %q
}

; CHECK-LABEL: define i32 @urem_var(
; CHECK: %r = urem i32 %x, %div.safe
; CHECK: %r.gpu = select i1 %div.zero, i32 %x, i32 %r
define i32 @urem_var(i32 %x, i32 %d) {
  %r = urem i32 %x, %d
  ret i32 %r
}

; CHECK-LABEL: define i64 @sdiv_var(
; CHECK: %div.zero = icmp eq i64 %d, 0
; CHECK: [[MIN:%.*]] = icmp eq i64 %x, -9223372036854775808
; CHECK-NEXT: [[NEG1:%.*]] = icmp eq i64 %d, -1
; CHECK: %div.overflow = and i1 [[MIN]], [[NEG1]]
; CHECK: %div.bad = or i1 %div.zero, %div.overflow
; CHECK: %div.safe = select i1 %div.bad, i64 1, i64 %d
; CHECK: %q = sdiv i64 %x, %div.safe
; CHECK: [[NEG:%.*]] = icmp slt i64 %x, 0
; CHECK: %div.byzero = select i1 [[NEG]], i64 1, i64 -1
; CHECK: %q.gpu = select i1 %div.zero, i64 %div.byzero, i64 %q
define i64 @sdiv_var(i64 %x, i64 %d) {
  %q = sdiv i64 %x, %d
  ret i64 %q
}

; CHECK-LABEL: define i32 @srem_var(
; CHECK: %r = srem i32 %x, %div.safe
; CHECK: %r.gpu = select i1 %div.zero, i32 %x, i32 %r
define i32 @srem_var(i32 %x, i32 %d) {
  %r = srem i32 %x, %d
  ret i32 %r
}

; Signed division by the constant -1: only the INT_MIN case is guarded.
; CHECK-LABEL: define i32 @sdiv_minus_one(
; CHECK-NEXT: %div.overflow = icmp eq i32 %x, -2147483648
; CHECK-NEXT: %div.safe = select i1 %div.overflow, i32 1, i32 -1
; CHECK-NEXT: %q = sdiv i32 %x, %div.safe
; CHECK-NEXT: ret i32 %q
define i32 @sdiv_minus_one(i32 %x) {
  %q = sdiv i32 %x, -1
  ret i32 %q
}

; Safe divisors: constants, a value or-ed with 1, a non-negative non-zero
; signed divisor, a signed divisor whose dividend cannot be INT_MIN.
; CHECK-LABEL: define i32 @safe(
; CHECK-NOT: select
; CHECK: %a = udiv i32 %x, 7
; CHECK-NEXT: %b = sdiv i32 %x, -3
; CHECK-NEXT: %nz = or i32 %d, 1
; CHECK-NEXT: %c = urem i32 %x, %nz
; CHECK-NEXT: %pos = lshr i32 %nz, 1
; CHECK-NEXT: %pos1 = or i32 %pos, 1
; CHECK-NEXT: %e = sdiv i32 %x, %pos1
; CHECK-NEXT: %small = lshr i32 %x, 1
; CHECK-NEXT: %f = srem i32 %small, %nz
; CHECK-NOT: select
; CHECK: ret i32
define i32 @safe(i32 %x, i32 %d) {
  %a = udiv i32 %x, 7
  %b = sdiv i32 %x, -3
  %nz = or i32 %d, 1
  %c = urem i32 %x, %nz
  %pos = lshr i32 %nz, 1
  %pos1 = or i32 %pos, 1
  %e = sdiv i32 %x, %pos1
  %small = lshr i32 %x, 1
  %f = srem i32 %small, %nz
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %e
  %s4 = add i32 %s3, %f
  ret i32 %s4
}

; A loop-invariant divisor: the guard is outside the loop after LICM.
; CHECK-LABEL: define void @loop(
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

; Vectors are guarded lane by lane.
; CHECK-LABEL: define <4 x i32> @vector(
; CHECK: %div.zero = icmp eq <4 x i32> %d, zeroinitializer
; CHECK: %q.gpu = select <4 x i1> %div.zero, <4 x i32> splat (i32 -1), <4 x i32> %q
define <4 x i32> @vector(<4 x i32> %x, <4 x i32> %d) {
  %q = udiv <4 x i32> %x, %d
  ret <4 x i32> %q
}

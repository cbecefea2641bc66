; Kernels without spin-waits keep today's path: loom-spin-waits leaves their
; IR exactly as it was (no yield point, no attribute, helpers that use
; atomics still called, not inlined), so the vectorizer and the
; single-region thread loops see the same kernel as before.
; RUN: %opt -S %s -o %t.before.ll
; RUN: %opt -passes=loom-spin-waits -S %s -o %t.after.ll
; RUN: diff %t.before.ll %t.after.ll

define void @saxpy(ptr %x, ptr %y, float %a, i32 %n) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %in = icmp slt i32 %t, %n
  br i1 %in, label %body, label %exit
body:
  %t64 = zext i32 %t to i64
  %px = getelementptr float, ptr %x, i64 %t64
  %py = getelementptr float, ptr %y, i64 %t64
  %vx = load float, ptr %px
  %vy = load float, ptr %py
  %m = fmul float %a, %vx
  %s = fadd float %m, %vy
  store float %s, ptr %py
  br label %exit
exit:
  ret void
}

; A histogram loop with atomics, and a float max by compare-and-swap retry
; in a helper.
define void @histogram(ptr %data, ptr %bins, ptr %max, i32 %n) "loom-kernel" {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i64 = zext i32 %i to i64
  %pd = getelementptr i32, ptr %data, i64 %i64
  %d = load volatile i32, ptr %pd
  %b = and i32 %d, 7
  %b64 = zext i32 %b to i64
  %pb = getelementptr i32, ptr %bins, i64 %b64
  %old = atomicrmw add ptr %pb, i32 1 monotonic
  call void @atomic_max(ptr %max, i32 %d)
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

define internal void @atomic_max(ptr %p, i32 %v) {
entry:
  %init = load i32, ptr %p
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %retry ]
  %bigger = icmp sgt i32 %v, %old
  br i1 %bigger, label %retry, label %exit
retry:
  %r = cmpxchg ptr %p, i32 %old, i32 %v monotonic monotonic
  %seen = extractvalue { i32, i1 } %r, 0
  %ok = extractvalue { i32, i1 } %r, 1
  br i1 %ok, label %exit, label %loop
exit:
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)

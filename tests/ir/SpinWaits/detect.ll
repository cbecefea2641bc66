; SpinWaits finds the loops that wait for other threads and puts a yield
; point (loom.yield) on their back edges; the kernel gets "loom-spin-wait".
; Loops that only look similar (a compare-and-swap retry, claiming work with
; atomicAdd, a loop with __syncthreads, a sum over volatile data) are left
; alone.
; RUN: %opt -passes=loom-spin-waits,verify -S %s | FileCheck %s
; An analysis remark names each wait's line.
; RUN: %opt -passes=loom-spin-waits -pass-remarks=loom-spin-waits -disable-output %s 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REMARK
; REMARK: remark: spin.cu:10:3: loop waits for other threads: it yields to them on each iteration (kernel 'volatile_flag' runs without the kernel vectorizer)
; REMARK: remark: spin.cu:20:3: loop waits for other threads: it yields to them on each iteration (kernel 'cas_lock'
; REMARK-NOT: remark: {{.*}}'cas_retry'
; REMARK-NOT: remark: {{.*}}'claim_work'
; REMARK-NOT: remark: {{.*}}'barrier_loop'
; REMARK-NOT: remark: {{.*}}'volatile_sum'

; while (*(volatile int *)flag == 0) {}
; CHECK-LABEL: define void @volatile_flag(
; CHECK-SAME: #[[SPIN:[0-9]+]]
; CHECK: loop:
; CHECK: %v = load volatile i32, ptr %flag
; CHECK: br i1 %done, label %exit, label %loop.yield
; CHECK: loop.yield:
; CHECK-NEXT: call void @loom.yield()
; CHECK-NEXT: br label %loop
define void @volatile_flag(ptr %flag, ptr %out) "loom-kernel" !dbg !5 {
entry:
  br label %loop
loop:
  %v = load volatile i32, ptr %flag, !dbg !8
  %done = icmp ne i32 %v, 0
  br i1 %done, label %exit, label %loop, !dbg !8
exit:
  store i32 %v, ptr %out
  ret void
}

; while (atomicCAS(lock, 0, 1) != 0) {} (in a helper: inlined first)
; CHECK-LABEL: define void @cas_lock(
; CHECK-SAME: #[[SPIN]]
; CHECK-NOT: call void @lock(
; CHECK: cmpxchg ptr %m, i32 0, i32 1
; CHECK: call void @loom.yield()
define void @cas_lock(ptr %m, ptr %x) "loom-kernel" {
entry:
  call void @lock(ptr %m)
  store i32 1, ptr %x
  atomicrmw xchg ptr %m, i32 0 monotonic
  ret void
}
define internal void @lock(ptr %m) !dbg !10 {
entry:
  br label %spin
spin:
  %r = cmpxchg ptr %m, i32 0, i32 1 monotonic monotonic, !dbg !11
  %ok = extractvalue { i32, i1 } %r, 1
  br i1 %ok, label %done, label %spin, !dbg !11
done:
  ret void
}

; do { assumed = old; old = atomicCAS(p, assumed, assumed + v); } while
; (old != assumed): the expected value is the last one read, not a wait.
; CHECK-LABEL: define void @cas_retry(
; CHECK-NOT: loom.yield
; CHECK: ret void
define void @cas_retry(ptr %p, i32 %v) "loom-kernel" {
entry:
  %init = load i32, ptr %p
  br label %loop
loop:
  %old = phi i32 [ %init, %entry ], [ %seen, %loop ]
  %new = add i32 %old, %v
  %r = cmpxchg ptr %p, i32 %old, i32 %new monotonic monotonic
  %seen = extractvalue { i32, i1 } %r, 0
  %again = icmp ne i32 %seen, %old
  br i1 %again, label %loop, label %exit
exit:
  ret void
}

; for (i = atomicAdd(next, 1); i < n; i = atomicAdd(next, 1)) out[i] = i;
; CHECK-LABEL: define void @claim_work(
; CHECK-NOT: loom.yield
; CHECK: ret void
define void @claim_work(ptr %next, ptr %out, i32 %n) "loom-kernel" {
entry:
  br label %loop
loop:
  %i = atomicrmw add ptr %next, i32 1 monotonic
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %exit
body:
  %i64 = sext i32 %i to i64
  %pi = getelementptr i32, ptr %out, i64 %i64
  store i32 %i, ptr %pi
  br label %loop
exit:
  ret void
}

; A wait with __syncthreads() in it already lets every thread run.
; CHECK-LABEL: define void @barrier_loop(
; CHECK-NOT: loom.yield
; CHECK: ret void
define void @barrier_loop(ptr %flag) "loom-kernel" {
entry:
  br label %loop
loop:
  call void @loom.barrier()
  %v = load volatile i32, ptr %flag
  %done = icmp ne i32 %v, 0
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

; Reads volatile data, but the trip count does not depend on it.
; CHECK-LABEL: define void @volatile_sum(
; CHECK-NOT: loom.yield
; CHECK: ret void
define void @volatile_sum(ptr %a, ptr %out, i32 %n) "loom-kernel" {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %i64 = zext i32 %i to i64
  %pa = getelementptr i32, ptr %a, i64 %i64
  %v = load volatile i32, ptr %pa
  %s1 = add i32 %s, %v
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  store i32 %s1, ptr %out
  ret void
}

; CHECK: attributes #[[SPIN]] = {{.*}}"loom-spin-wait"

declare void @loom.barrier() convergent nounwind

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "spin.cu", directory: "/t")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "volatile_flag", scope: !1, file: !1, line: 9, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!6 = !DISubroutineType(types: !7)
!7 = !{}
!8 = !DILocation(line: 10, column: 3, scope: !5)
!10 = distinct !DISubprogram(name: "lock", scope: !1, file: !1, line: 19, type: !6, unit: !0, spFlags: DISPFlagDefinition)
!11 = !DILocation(line: 20, column: 3, scope: !10)

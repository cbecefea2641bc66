; out[atomicAdd(&count, 1)] = v: the atomic, the index extension and the
; slot's address become one call of __loom_append(count, out, element size,
; 1, flags) whose result the store writes to (flags: 1 a 64-bit counter, 2
; a 32-bit old value sign-extended). Taken: a sign- and a zero-extended i32
; counter, an i64 counter, a device global counter, the append in a
; per-thread loop (a BFS frontier). Not taken (the atomic stays, with a
; missed remark when the pattern is there but something else is not): the
; counter read elsewhere, the array read elsewhere, a fence in the kernel,
; an increment other than 1, a seq_cst atomic, the store in another block,
; a grid sync, and -loom-defer-appends=false.
; RUN: %opt -passes=loom-defer-appends -S %s | FileCheck %s
; RUN: %opt -passes=loom-defer-appends -loom-defer-appends=false -S %s | FileCheck --check-prefix=OFF %s
; RUN: %opt -passes=loom-defer-appends -pass-remarks=loom-defer-appends -pass-remarks-missed=loom-defer-appends -disable-output %s 2>&1 | FileCheck --check-prefix=REMARK %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@total = internal global i32 0
@list = internal global [64 x float] zeroinitializer

declare i32 @loom.tid.x()
declare void @__loom_grid_sync()

; REMARK: remark: <unknown>:0:0: append in 'signed' to 'out' through counter 'count' staged per worker
; REMARK: remark: <unknown>:0:0: append in 'unsigned' to 'out' through counter 'count' staged per worker
; REMARK: remark: <unknown>:0:0: append in 'wide' to 'out' through counter 'count' staged per worker
; REMARK: remark: <unknown>:0:0: append in 'global' to 'list' through counter 'total' staged per worker
; REMARK: remark: <unknown>:0:0: append in 'frontier' to 'next' through counter 'size' staged per worker
; REMARK: append in 'counter_read' through counter 'count' not staged per worker: the counter is also read or written another way
; REMARK: append in 'array_read' through counter 'count' not staged per worker: the array 'out' is also read or written another way
; REMARK: append in 'fenced' through counter 'count' not staged per worker: the kernel has a memory fence
; REMARK: append in 'grid_sync' through counter 'count' not staged per worker: the kernel synchronizes the grid or launches kernels
; REMARK: remark: <unknown>:0:0: append in 'late_base' to 'out' through counter 'count' staged per worker
; REMARK-NOT: remark

; CHECK-LABEL: define void @signed(
; CHECK-SAME: #[[APPENDS:[0-9]+]] {
; CHECK-NEXT: entry:
; CHECK-NEXT: %tid = call i32 @loom.tid.x()
; CHECK-NEXT: %append.slot = call ptr @__loom_append(ptr %count, ptr %out, i64 4, i32 1, i32 2)
; CHECK-NEXT: store i32 %tid, ptr %append.slot, align 4
; CHECK-NEXT: ret void
; OFF-LABEL: define void @signed(
; OFF: atomicrmw add ptr %count, i32 1 monotonic
define void @signed(ptr %count, ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %old = atomicrmw add ptr %count, i32 1 monotonic, align 4
  %idx = sext i32 %old to i64
  %slot = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %tid, ptr %slot, align 4
  ret void
}

; CHECK-LABEL: define void @unsigned(
; CHECK: %append.slot = call ptr @__loom_append(ptr %count, ptr %out, i64 8, i32 1, i32 0)
; CHECK-NEXT: store double %v, ptr %append.slot, align 8
define void @unsigned(ptr %count, ptr %out, double %v) "loom-kernel" {
entry:
  %old = atomicrmw add ptr %count, i32 1 monotonic, align 4
  %idx = zext i32 %old to i64
  %slot = getelementptr inbounds double, ptr %out, i64 %idx
  store double %v, ptr %slot, align 8
  ret void
}

; CHECK-LABEL: define void @wide(
; CHECK: %append.slot = call ptr @__loom_append(ptr %count, ptr %out, i64 2, i32 1, i32 1)
; CHECK-NEXT: store i16 %v, ptr %append.slot, align 2
define void @wide(ptr %count, ptr %out, i16 %v) "loom-kernel" {
entry:
  %old = atomicrmw add ptr %count, i64 1 monotonic, align 8
  %slot = getelementptr inbounds i16, ptr %out, i64 %old
  store i16 %v, ptr %slot, align 2
  ret void
}

; CHECK-LABEL: define void @global(
; CHECK: %append.slot = call ptr @__loom_append(ptr @total, ptr @list, i64 4, i32 1, i32 2)
define void @global(float %v) "loom-kernel" {
entry:
  %old = atomicrmw add ptr @total, i32 1 monotonic, align 4
  %idx = sext i32 %old to i64
  %slot = getelementptr inbounds float, ptr @list, i64 %idx
  store float %v, ptr %slot, align 4
  ret void
}

; A BFS step: appends in a per-thread loop, next to an atomicCAS on another
; array (relaxed atomics elsewhere are fine).
; CHECK-LABEL: define void @frontier(
; CHECK: cmpxchg ptr
; CHECK: %append.slot = call ptr @__loom_append(ptr %size, ptr %next, i64 4, i32 1, i32 2)
; CHECK-NEXT: store i32 %u, ptr %append.slot, align 4
define void @frontier(ptr %adj, ptr %level, ptr %next, ptr %size, i32 %deg) "loom-kernel" {
entry:
  br label %loop
loop:
  %e = phi i32 [ 0, %entry ], [ %e.next, %latch ]
  %pe = getelementptr inbounds i32, ptr %adj, i32 %e
  %u = load i32, ptr %pe, align 4
  %pl = getelementptr inbounds i32, ptr %level, i32 %u
  %cas = cmpxchg ptr %pl, i32 -1, i32 1 monotonic monotonic, align 4
  %won = extractvalue { i32, i1 } %cas, 1
  br i1 %won, label %add, label %latch
add:
  %old = atomicrmw add ptr %size, i32 1 monotonic, align 4
  %idx = sext i32 %old to i64
  %slot = getelementptr inbounds i32, ptr %next, i64 %idx
  store i32 %u, ptr %slot, align 4
  br label %latch
latch:
  %e.next = add i32 %e, 1
  %more = icmp slt i32 %e.next, %deg
  br i1 %more, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define void @counter_read(
; CHECK: atomicrmw add ptr %count, i32 1 monotonic
; CHECK-NOT: @__loom_append
define void @counter_read(ptr %count, ptr %out, ptr %seen) "loom-kernel" {
entry:
  %old = atomicrmw add ptr %count, i32 1 monotonic, align 4
  %idx = sext i32 %old to i64
  %slot = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 7, ptr %slot, align 4
  %c = load i32, ptr %count, align 4
  store i32 %c, ptr %seen, align 4
  ret void
}

; CHECK-LABEL: define void @array_read(
; CHECK: atomicrmw add ptr %count, i32 1 monotonic
; CHECK-NOT: @__loom_append
define void @array_read(ptr %count, ptr %out, ptr %first) "loom-kernel" {
entry:
  %old = atomicrmw add ptr %count, i32 1 monotonic, align 4
  %idx = sext i32 %old to i64
  %slot = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 7, ptr %slot, align 4
  %f = load i32, ptr %out, align 4
  store i32 %f, ptr %first, align 4
  ret void
}

; __threadfence() then a flag: another block may read the list at once.
; CHECK-LABEL: define void @fenced(
; CHECK: atomicrmw add ptr %count, i32 1 monotonic
; CHECK-NOT: @__loom_append
define void @fenced(ptr %count, ptr %out, ptr %flag) "loom-kernel" {
entry:
  %old = atomicrmw add ptr %count, i32 1 monotonic, align 4
  %idx = sext i32 %old to i64
  %slot = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 7, ptr %slot, align 4
  fence seq_cst
  %f = atomicrmw add ptr %flag, i32 1 monotonic, align 4
  ret void
}

; CHECK-LABEL: define void @grid_sync(
; CHECK: atomicrmw add ptr %count, i32 1 monotonic
; CHECK-NOT: @__loom_append
define void @grid_sync(ptr %count, ptr %out) "loom-kernel" {
entry:
  %old = atomicrmw add ptr %count, i32 1 monotonic, align 4
  %idx = sext i32 %old to i64
  %slot = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 7, ptr %slot, align 4
  call void @__loom_grid_sync()
  ret void
}

; Not the pattern (no remark): two slots per atomic, a seq_cst atomic, the
; store in another block than the atomic.
; CHECK-LABEL: define void @by_two(
; CHECK: atomicrmw add ptr %count, i32 2 monotonic
define void @by_two(ptr %count, ptr %out) "loom-kernel" {
entry:
  %old = atomicrmw add ptr %count, i32 2 monotonic, align 4
  %idx = sext i32 %old to i64
  %slot = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 7, ptr %slot, align 4
  ret void
}

; CHECK-LABEL: define void @seq_cst(
; CHECK: atomicrmw add ptr %count, i32 1 seq_cst
define void @seq_cst(ptr %count, ptr %out) "loom-kernel" {
entry:
  %old = atomicrmw add ptr %count, i32 1 seq_cst, align 4
  %idx = sext i32 %old to i64
  %slot = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 7, ptr %slot, align 4
  ret void
}

; CHECK-LABEL: define void @other_block(
; CHECK: atomicrmw add ptr %count, i32 1 monotonic
define void @other_block(ptr %count, ptr %out, i1 %c) "loom-kernel" {
entry:
  %old = atomicrmw add ptr %count, i32 1 monotonic, align 4
  %idx = sext i32 %old to i64
  %slot = getelementptr inbounds i32, ptr %out, i64 %idx
  br i1 %c, label %write, label %exit
write:
  store i32 7, ptr %slot, align 4
  br label %exit
exit:
  ret void
}

; The array's address is computed after the atomic (a constant offset from
; the argument): the reservation goes where the slot's address is, which
; every operand dominates.
; CHECK-LABEL: define void @late_base(
; CHECK: %later = getelementptr inbounds i8, ptr %out, i64 16
; CHECK-NEXT: %append.slot = call ptr @__loom_append(ptr %count, ptr %later, i64 4, i32 1, i32 2)
; CHECK-NEXT: store i32 7, ptr %append.slot, align 4
; CHECK: attributes #[[APPENDS]] = { "loom-appends" "loom-kernel" }
define void @late_base(ptr %count, ptr %out) "loom-kernel" {
entry:
  %old = atomicrmw add ptr %count, i32 1 monotonic, align 4
  %idx = sext i32 %old to i64
  %later = getelementptr inbounds i8, ptr %out, i64 16
  %slot = getelementptr inbounds i32, ptr %later, i64 %idx
  store i32 7, ptr %slot, align 4
  ret void
}

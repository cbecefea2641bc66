; Divergence of branches, blocks, joins and loop exits.
; RUN: %opt -passes='print<loom-uniformity>' -disable-output %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare i32 @loom.ctaid.x()
declare i32 @loom.ntid.x()
declare i32 @loom.nctaid.x()

; A uniform branch keeps its join uniform; a branch on threadIdx diverges,
; its two sides run with some lanes, and its join merges lanes' values.
; CHECK-LABEL: Uniformity of 'branches':
; CHECK-NOT: divergent branch in entry
; CHECK: uniform %uphi
; CHECK: divergent branch in ujoin
; CHECK: varying %dphi
; CHECK: divergent block dthen
; CHECK-NEXT: divergent block delse
; CHECK-NOT: divergent block djoin
; CHECK: join block djoin
; CHECK-NOT: join block ujoin
define void @branches(ptr %out, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %u = icmp sgt i32 %n, 0
  br i1 %u, label %uthen, label %ujoin
uthen:
  br label %ujoin
ujoin:
  %uphi = phi i32 [ 1, %uthen ], [ 2, %entry ]
  %d = icmp ult i32 %tid, 5
  br i1 %d, label %dthen, label %delse
dthen:
  br label %djoin
delse:
  br label %djoin
djoin:
  %dphi = phi i32 [ 1, %dthen ], [ 2, %delse ]
  ret void
}

; A grid-stride loop: the index stays affine(1) across iterations, the trip
; counter is uniform inside the loop, the exit diverges, and the counter is
; varying after the loop (lanes left in different iterations).
; CHECK-LABEL: Uniformity of 'grid_stride':
; CHECK: affine(1) %i0
; CHECK: uniform %stride
; CHECK: affine(1) %i{{$}}
; CHECK: uniform %k{{$}}
; CHECK: affine(1) %inext
; CHECK: uniform %knext
; CHECK: varying %c{{$}}
; CHECK: divergent branch in loop
; CHECK: varying %kout
; CHECK: loop loop has a divergent exit
define void @grid_stride(ptr %a, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %bid = call i32 @loom.ctaid.x()
  %bdim = call i32 @loom.ntid.x()
  %gdim = call i32 @loom.nctaid.x()
  %base = mul i32 %bid, %bdim
  %i0 = add i32 %base, %tid
  %stride = mul i32 %bdim, %gdim
  %c0 = icmp slt i32 %i0, %n
  br i1 %c0, label %loop, label %exit
loop:
  %i = phi i32 [ %i0, %entry ], [ %inext, %loop ]
  %k = phi i32 [ 0, %entry ], [ %knext, %loop ]
  %inext = add i32 %i, %stride
  %knext = add i32 %k, 1
  %c = icmp slt i32 %inext, %n
  br i1 %c, label %loop, label %exit
exit:
  %kout = phi i32 [ 0, %entry ], [ %knext, %loop ]
  ret void
}

; A loop with a uniform trip count: nothing diverges, the counter is uniform
; also after the loop.
; CHECK-LABEL: Uniformity of 'uniform_loop':
; CHECK: uniform %k{{$}}
; CHECK: varying %acc
; CHECK: uniform %kout
; CHECK-NOT: divergent
; CHECK-NOT: loop {{.*}} has a divergent exit
define void @uniform_loop(ptr %a, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %knext, %loop ]
  %acc = phi i32 [ %tid, %entry ], [ %accn, %loop ]
  %accn = mul i32 %acc, 3
  %knext = add i32 %k, 1
  %c = icmp slt i32 %knext, %n
  br i1 %c, label %loop, label %exit
exit:
  %kout = phi i32 [ %knext, %loop ]
  ret void
}

; `for (;;) { if (tid < 5) { if (n > 7) break; } ... }`: the only exit is a
; uniform branch, but only some lanes reach it, so those leave while the
; others stay: the loop has a divergent exit although no exiting branch has
; a varying condition.
; CHECK-LABEL: Uniformity of 'break_under_divergent_if':
; CHECK: divergent block maybe
; CHECK: loop loop has a divergent exit
define void @break_under_divergent_if(ptr %out, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %d = icmp ult i32 %tid, 5
  %u = icmp sgt i32 %n, 7
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %knext, %latch ]
  br i1 %d, label %maybe, label %latch
maybe:
  br i1 %u, label %exit, label %latch
latch:
  %knext = add i32 %k, 1
  br label %loop
exit:
  store i32 %k, ptr %out
  ret void
}

; A loop with a uniform trip count under a divergent branch: its blocks are
; divergent (only some lanes run them) but all of its lanes leave together.
; CHECK-LABEL: Uniformity of 'uniform_loop_under_divergent_if':
; CHECK: divergent block loop
; CHECK-NOT: has a divergent exit
define void @uniform_loop_under_divergent_if(ptr %out, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %d = icmp ult i32 %tid, 5
  br i1 %d, label %loop, label %exit
loop:
  %k = phi i32 [ 0, %entry ], [ %knext, %loop ]
  %knext = add i32 %k, 1
  %c = icmp slt i32 %knext, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Control-equivalent blocks share their mask: a block that post-dominates its
; immediate dominator in the same loop iteration (the join after a divergent
; if/else) runs exactly the lanes the dominator ran. The join below reuses the
; entry's mask instead of OR-ing its two edge masks, so it needs no any-lane
; test: in the full gang the mask is all on, in a row's last gang it is the
; entry mask, which always has a lane on. A barrier placed there would be
; reached by the whole gang, with no "no lane left" exit for BarrierRegions
; to see.
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -loom-wfv-grid-stride-steps=false -S %s | FileCheck %s

; __global__ void join_after_if(int *a) {
;   if (threadIdx.x & 1) a[threadIdx.x] = 1; else a[threadIdx.x] = 2;
;   a[threadIdx.x + 64] = 3;
; }
; CHECK-LABEL: define void @join_after_if(
; The divergent sides keep their any-lane tests.
; CHECK: {{^}}then.guard:
; CHECK-NEXT: call i1 @llvm.vector.reduce.or
; CHECK-NEXT: br i1 %{{.*}}, label %then, label %then.skip
; CHECK: {{^}}join.guard:
; CHECK-NEXT: br label %join
; CHECK: {{^}}join:
; CHECK: store <4 x i32> splat (i32 3)
; The partial gang: its join is not tested either.
; CHECK: {{^}}join.guard{{[0-9]+}}:
; CHECK-NEXT: br label %join{{[0-9]+}}
define void @join_after_if(ptr %a) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %i = zext i32 %tx to i64
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %odd = and i32 %tx, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr %p
  br label %join
else:
  store i32 2, ptr %p
  br label %join
join:
  %q = getelementptr inbounds i32, ptr %p, i64 64
  store i32 3, ptr %q
  ret void
}

; A loop between the dominator and the join: lanes leave the loop at
; different iterations, and all of them reach the block after it.
; __global__ void after_loop(int *a, const int *n) {
;   int i = threadIdx.x;
;   while (i < n[threadIdx.x]) { a[i] = 0; i += 64; }
;   a[threadIdx.x] = i;
; }
; CHECK-LABEL: define void @after_loop(
; CHECK: {{^}}done.guard:
; CHECK-NEXT: br label %done
define void @after_loop(ptr %a, ptr %n) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %t = zext i32 %tx to i64
  %pn = getelementptr inbounds i32, ptr %n, i64 %t
  %lim = load i32, ptr %pn
  br label %head
head:
  %i = phi i32 [ %tx, %entry ], [ %i.next, %body ]
  %more = icmp slt i32 %i, %lim
  br i1 %more, label %body, label %done
body:
  %ii = sext i32 %i to i64
  %pa = getelementptr inbounds i32, ptr %a, i64 %ii
  store i32 0, ptr %pa
  %i.next = add i32 %i, 64
  br label %head
done:
  %po = getelementptr inbounds i32, ptr %a, i64 %t
  store i32 %i, ptr %po
  ret void
}

; Not control equivalent: an early return on one side, so the block after
; the branch runs fewer lanes than the entry; its any-lane test stays.
; __global__ void early_return(int *a) {
;   if (threadIdx.x & 1) return;
;   a[threadIdx.x] = 3;
; }
; CHECK-LABEL: define void @early_return(
; CHECK: {{^}}work.guard:
; CHECK-NEXT: call i1 @llvm.vector.reduce.or
; CHECK-NEXT: br i1 %{{.*}}, label %work, label %work.skip
define void @early_return(ptr %a) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %i = zext i32 %tx to i64
  %odd = and i32 %tx, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %exit, label %work
work:
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 3, ptr %p
  br label %exit
exit:
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)

; Kernels the vectorizer leaves to the scalar thread loop, each with a
; remark that names the reason (loomcc -Rpass-missed=loom).
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -pass-remarks=loom-wfv -pass-remarks-missed=loom-wfv -disable-output %s 2>&1 | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare void @loom.barrier()
declare i32 @loom.barrier.popc(i1)

; A __syncthreads() that only some lanes of a gang may reach (undefined in
; CUDA, but a gang must reach barriers as one unit).
; CHECK: remark: {{.*}}kernel 'divergent_barrier' keeps the scalar thread loop: it contains a __syncthreads() under control flow that diverges between threads of a gang
define void @divergent_barrier(ptr %s) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %c = icmp ult i32 %tid, 3
  br i1 %c, label %then, label %end
then:
  store i32 %tid, ptr %s
  call void @loom.barrier()
  br label %end
end:
  ret void
}

; CHECK: remark: {{.*}}kernel 'with_count' keeps the scalar thread loop: it contains a __syncthreads_count/_and/_or()
define void @with_count(ptr %s) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %c = icmp ult i32 %tid, 3
  %n = call i32 @loom.barrier.popc(i1 %c)
  store i32 %n, ptr %s
  ret void
}

; CHECK: remark: {{.*}}kernel 'vector_value' keeps the scalar thread loop: it contains a per-thread value of type <2 x half>
define void @vector_value(ptr %s) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds <2 x half>, ptr %s, i64 %i
  %v = load <2 x half>, ptr %p
  %w = fadd <2 x half> %v, %v
  store <2 x half> %w, ptr %p
  ret void
}

; CHECK: remark: {{.*}}kernel 'written_byval' keeps the scalar thread loop: it contains a by-value parameter that the kernel may write
%struct.S = type { i32, i32 }
define void @written_byval(ptr byval(%struct.S) %arg, ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  store i32 %tid, ptr %arg
  %v = load i32, ptr %arg
  store i32 %v, ptr %out
  ret void
}

; CHECK: remark: {{.*}}kernel 'plain' vectorized across threads, gang width 4
define void @plain(ptr %s) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %i = zext nneg i32 %tid to i64
  %p = getelementptr inbounds i32, ptr %s, i64 %i
  store i32 %tid, ptr %p
  ret void
}

; A per-thread loop whose lanes walk unrelated runs of addresses (a CSR row
; per thread) and leave at different iterations: every access would be a
; gather, so the scalar loop, which reads each run contiguously, is kept.
; The bound re-read every iteration (rowPtr[row + 1]) is the same address
; each time and does not count.
; CHECK: remark: {{.*}}kernel 'csr_rows' keeps the scalar thread loop: it contains a per-thread loop whose every access is a gather or scatter (faster one thread at a time)
define void @csr_rows(ptr noalias %rowPtr, ptr noalias %val, ptr noalias %y) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %r = zext nneg i32 %tid to i64
  %pb = getelementptr inbounds i32, ptr %rowPtr, i64 %r
  %b = load i32, ptr %pb
  br label %loop
loop:
  %e = phi i32 [ %b, %entry ], [ %e1, %body ]
  %sum = phi float [ 0.0, %entry ], [ %s1, %body ]
  %r1 = add nuw nsw i64 %r, 1
  %pe = getelementptr inbounds i32, ptr %rowPtr, i64 %r1
  %end = load i32, ptr %pe
  %more = icmp slt i32 %e, %end
  br i1 %more, label %body, label %exit
body:
  %ee = sext i32 %e to i64
  %pv = getelementptr inbounds float, ptr %val, i64 %ee
  %v = load float, ptr %pv
  %s1 = fadd float %sum, %v
  %e1 = add nsw i32 %e, 1
  br label %loop
exit:
  %py = getelementptr inbounds float, ptr %y, i64 %r
  store float %sum, ptr %py
  ret void
}

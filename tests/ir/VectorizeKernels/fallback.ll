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

; Flat collapsing: a kernel with only __syncthreads (no warp collective) has
; no warp level at all. Each parallel region is one z/y/x loop nest over all
; threads of the (here 2D) block, the x loop innermost and parallel; nothing
; is grouped by 32, nothing is computed per warp. A kernel without any
; barrier is the same nest once (tests/ir/ThreadLoops/basic.ll).
; RUN: %opt -passes=loom-thread-loops,verify -loom-uniform-regions=false -S %s \
; RUN:   | FileCheck %s --implicit-check-not=warp. --implicit-check-not="call void @loom.barrier"

; CHECK-LABEL: define internal void @blockSum.block(
; CHECK: {{^}}region0:
; CHECK-NEXT: br label %region0.threads
; CHECK: {{^}}region1:
; CHECK-NEXT: br label %region1.threads
; Region 0: z, y, x loops over blockDim; x innermost, the parallel loop.
; CHECK: {{^}}region0.thread.z:
; CHECK: {{^}}region0.thread.y:
; CHECK: {{^}}region0.thread.x:
; CHECK-NEXT: %tid.x = phi i32 [ 0, %region0.thread.y ], [ %tid.x.inc, %region0.thread.x.next ]
; CHECK: {{^}}region0.thread.x.next:
; CHECK-NEXT: %tid.x.inc = add nuw nsw i32 %tid.x, 1
; CHECK-NEXT: [[C0:%.*]] = icmp ult i32 %tid.x.inc, %blockDim.x
; CHECK-NEXT: br i1 [[C0]], label %region0.thread.x, label %region0.thread.y.next, !llvm.loop [[L0:![0-9]+]]
; CHECK: {{^}}region0.thread.y.next:
; CHECK: icmp ult i32 %tid.y.inc, %blockDim.y
; CHECK: {{^}}region0.thread.z.next:
; CHECK: icmp ult i32 %tid.z.inc, %blockDim.z
; CHECK-NEXT: br i1 {{.*}}, label %region0.thread.z, label %dispatch
; Region 1: the same flat nest, each thread guarded by its state.
; CHECK: {{^}}region1.thread.x:
; CHECK: %state = load i32
; CHECK-NEXT: [[G:%.*]] = icmp eq i32 %state, 1
; CHECK-NEXT: br i1 [[G]], label %after.barrier.region1, label %region1.thread.x.next
; CHECK: {{^}}region1.thread.x.next:
; CHECK: icmp ult i32 %tid.x.inc{{[0-9]+}}, %blockDim.x
; CHECK: !llvm.loop [[L1:![0-9]+]]
; CHECK: {{^}}dispatch.scan:
; CHECK: [[L0]] = distinct !{[[L0]], [[P0:![0-9]+]]}
; CHECK: [[P0]] = !{!"llvm.loop.parallel_accesses",
; __global__ void blockSum(const int *in, int *out) {   // 2D block
;   __shared__ int s[256];
;   unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
;   s[t] = in[t];
;   __syncthreads();
;   out[t] = s[t] + s[(t + 1) % (blockDim.x * blockDim.y)];
; }
@s = internal thread_local global [256 x i32] undef, !loom.shared !0

define void @blockSum(ptr %in, ptr %out) "loom-kernel" {
entry:
  %tx = call i32 @loom.tid.x()
  %ty = call i32 @loom.tid.y()
  %nx = call i32 @loom.ntid.x()
  %ny = call i32 @loom.ntid.y()
  %row = mul i32 %ty, %nx
  %t = add i32 %row, %tx
  %t64 = zext i32 %t to i64
  %pi = getelementptr inbounds i32, ptr %in, i64 %t64
  %v = load i32, ptr %pi
  %ps = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %t64
  store i32 %v, ptr %ps
  call void @loom.barrier()
  %n = mul i32 %nx, %ny
  %t1 = add i32 %t, 1
  %j = urem i32 %t1, %n
  %j64 = zext i32 %j to i64
  %pj = getelementptr inbounds [256 x i32], ptr @s, i64 0, i64 %j64
  %a = load i32, ptr %ps
  %b = load i32, ptr %pj
  %sum = add i32 %a, %b
  %po = getelementptr inbounds i32, ptr %out, i64 %t64
  store i32 %sum, ptr %po
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare i32 @loom.tid.y() nounwind willreturn memory(none)
declare i32 @loom.ntid.x() nounwind willreturn memory(none)
declare i32 @loom.ntid.y() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

; Kernels ThreadLoops cannot (yet) turn into thread loops are reported.
; RUN: not %opt -passes=loom-thread-loops -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR

; Reason: barriers need the kernel split into regions (BarrierRegions,
; issue #3); until that lands ThreadLoops refuses them. This message changes
; when barriers are supported.
; __global__ void rev(int *a) { __shared__ int t[64]; t[threadIdx.x] = a[threadIdx.x];
;                               __syncthreads(); a[threadIdx.x] = t[63 - threadIdx.x]; }
; ERR: error: {{.*}}in function rev{{.*}}__syncthreads() is not supported yet (issue #3: barriers and shared memory)
@t = internal thread_local global [64 x i32] undef, !loom.shared !0

define void @rev(ptr %a) "loom-kernel" {
  %tx = call i32 @loom.tid.x()
  %i = zext i32 %tx to i64
  %pa = getelementptr inbounds i32, ptr %a, i64 %i
  %v = load i32, ptr %pa
  %pt = getelementptr inbounds [64 x i32], ptr @t, i64 0, i64 %i
  store i32 %v, ptr %pt
  call void @loom.barrier()
  %j = sub i64 63, %i
  %pj = getelementptr inbounds [64 x i32], ptr @t, i64 0, i64 %j
  %w = load i32, ptr %pj
  store i32 %w, ptr %pa
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent noduplicate nounwind

!0 = !{}

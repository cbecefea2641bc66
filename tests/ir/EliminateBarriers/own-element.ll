; Every thread writes s[threadIdx.x] and reads it back after the barrier:
; it orders nothing when each thread has its own element, i.e. when the
; block is one-dimensional (with blockDim.y > 1, threads (x, 0) and (x, 1)
; share s[x]). The kernel is versioned: a barrier-free copy, K.nosync, a
; kernel of its own that names the shape it needs (blockDim.y == 1 and
; blockDim.z == 1 here), runs launches of that shape (KernelEntry tests it),
; the original all others.
; RUN: %opt -passes=loom-eliminate-barriers,verify -S %s | FileCheck %s

@s = internal global [256 x float] undef, !loom.shared !0

; __global__ void k(const float *__restrict__ x, float *__restrict__ y) {
;   __shared__ float s[256]; int t = threadIdx.x;
;   s[t] = x[t]; __syncthreads(); s[t] = 2 * s[t]; __syncthreads(); y[t] = s[t]; }
; The original keeps both barriers and names its copy.
; CHECK-LABEL: define void @own(ptr noalias %x, ptr noalias %y)
; CHECK-SAME: #[[OWN:[0-9]+]]
; CHECK-NEXT: {{^}}entry:
; CHECK-NEXT: %priv = alloca float
; CHECK: call void @loom.barrier()
; CHECK: call void @loom.barrier()
; CHECK: ret void
; CHECK-NEXT: }
define void @own(ptr noalias %x, ptr noalias %y) "loom-kernel" {
entry:
  %priv = alloca float
  %t = call i32 @loom.tid.x()
  %i = sext i32 %t to i64
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %v = load float, ptr %px
  %ps = getelementptr inbounds [256 x float], ptr @s, i64 0, i64 %i
  store float %v, ptr %ps
  store float %v, ptr %priv
  call void @loom.barrier()
  %a = load float, ptr %ps
  %b = fmul float %a, 2.0
  store float %b, ptr %ps
  call void @loom.barrier()
  %c = load float, ptr %ps
  %py = getelementptr inbounds float, ptr %y, i64 %i
  store float %c, ptr %py
  ret void
}

; A struct per thread: s2[t].x written, s2[t].y read; both inside thread
; t's 8-byte cell.
; CHECK-LABEL: define void @own_field(ptr noalias %y)
; CHECK-SAME: #[[FIELD:[0-9]+]]
; CHECK: call void @loom.barrier()
; CHECK: ret void
@s2 = internal global [256 x { float, float }] undef, !loom.shared !0
define void @own_field(ptr noalias %y) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %i = zext i32 %t to i64
  %px = getelementptr inbounds [256 x { float, float }], ptr @s2, i64 0, i64 %i, i32 0
  store float 1.0, ptr %px
  call void @loom.barrier()
  %pf = getelementptr inbounds [256 x { float, float }], ptr @s2, i64 0, i64 %i, i32 1
  %v = load float, ptr %pf
  %py = getelementptr inbounds float, ptr %y, i64 %i
  store float %v, ptr %py
  ret void
}

; The copies, internal, at the end of the module: no barrier, the alloca
; kept in the entry.
; CHECK-LABEL: define internal void @own.nosync(ptr noalias %x, ptr noalias %y)
; CHECK-SAME: #[[OWNV:[0-9]+]]
; CHECK-NEXT: {{^}}entry:
; CHECK-NEXT: %priv = alloca float
; CHECK-NOT: call void @loom.barrier()
; CHECK: store float %c, ptr %py
; CHECK-NEXT: ret void
; CHECK-NEXT: }
; CHECK-LABEL: define internal void @own_field.nosync(ptr noalias %y)
; CHECK-SAME: #[[FIELDV:[0-9]+]]
; CHECK-NOT: call void @loom.barrier()
; CHECK: ret void
; CHECK-NEXT: }
; CHECK-DAG: attributes #[[OWN]] = { "loom-kernel" "loom-shape-version"="own.nosync" }
; CHECK-DAG: attributes #[[FIELD]] = { "loom-kernel" "loom-shape-version"="own_field.nosync" }
; CHECK-DAG: attributes #[[OWNV]] = { "loom-kernel" "loom-shape-y1" "loom-shape-z1" "loom-version-of"="own" }
; CHECK-DAG: attributes #[[FIELDV]] = { "loom-kernel" "loom-shape-y1" "loom-shape-z1" "loom-version-of"="own_field" }

declare i32 @loom.tid.x()
declare void @loom.barrier() convergent nounwind
!0 = !{}

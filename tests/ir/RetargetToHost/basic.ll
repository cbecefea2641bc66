; RetargetToHost turns an NVPTX module into a host module: host triple and
; data layout, kernels found by calling convention or !nvvm.annotations carry
; "loom-kernel" and the C calling convention, PTX-only attributes and
; metadata are gone.
; RUN: %opt -passes=loom-retarget,verify -S %s | FileCheck %s

; The NVPTX triple and data layout are replaced by the host's.
; CHECK-NOT: nvptx
; CHECK-NOT: e-p6:32:32
; CHECK: target triple =
; CHECK-NOT: nvptx

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; __device__ int twice(int v) { return 2 * v; }
; CHECK-LABEL: define i32 @twice(
; CHECK-SAME: #[[DEV:[0-9]+]]
define ptx_device i32 @twice(i32 %v) #0 {
  %r = mul i32 %v, 2
  ret i32 %r
}

; __global__ void k(int *p) { *p = twice(*p); }
; A ptx_kernel: C calling convention, "loom-kernel"; calls lose ptx_device.
; CHECK-LABEL: define void @k(
; CHECK-SAME: #[[KERNEL:[0-9]+]]
; CHECK: call i32 @twice(
define ptx_kernel void @k(ptr %p) #1 {
  %v = load i32, ptr %p
  %r = call ptx_device i32 @twice(i32 %v)
  store i32 %r, ptr %p
  ret void
}

; An older front end: C calling convention, kernel named in !nvvm.annotations.
; CHECK-LABEL: define void @annotated(
; CHECK-SAME: #[[ANNOTATED:[0-9]+]]
define void @annotated(ptr %p) #0 {
  store i32 1, ptr %p
  ret void
}

; Annotated with kernel = 0: not a kernel.
; CHECK-LABEL: define void @not_a_kernel(
; CHECK-SAME: #[[DEV]]
define void @not_a_kernel(ptr %p) #0 {
  store i32 2, ptr %p
  ret void
}

; __global__ void __launch_bounds__ in three dimensions (clang writes "x,y,z").
; CHECK-LABEL: define void @bounds3d(
; CHECK-SAME: #[[BOUNDS3D:[0-9]+]]
define ptx_kernel void @bounds3d(ptr %p) #2 {
  ret void
}

attributes #0 = { convergent nounwind "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" "uniform-work-group-size"="true" }
attributes #1 = { convergent norecurse nounwind "nvvm.maxntid"="256" "nvvm.reqntid"="256" "nvvm.minctasm"="2" "nvvm.maxnreg"="32" "target-cpu"="sm_80" "target-features"="+ptx78,+sm_80" }
attributes #2 = { convergent nounwind "nvvm.maxntid"="16,8,1" "target-cpu"="sm_80" }

!nvvm.annotations = !{!0, !1}
!nvvmir.version = !{!2}
!0 = !{ptr @annotated, !"kernel", i32 1}
!1 = !{ptr @not_a_kernel, !"kernel", i32 0}
!2 = !{i32 2, i32 0}

; Device functions keep their other attributes, without sm_XX/+ptxNN.
; CHECK: attributes #[[DEV]] = { convergent nounwind }
; Kernels: "loom-kernel" and none of nvvm.maxntid & co.; __launch_bounds__'
; thread count stays as "loom-max-threads" (x*y*z of "nvvm.maxntid").
; CHECK: attributes #[[KERNEL]] = { convergent norecurse nounwind "loom-kernel" "loom-max-threads"="256" }
; CHECK: attributes #[[ANNOTATED]] = { convergent nounwind "loom-kernel" }
; CHECK: attributes #[[BOUNDS3D]] = { convergent nounwind "loom-kernel" "loom-max-threads"="128" }
; CHECK-NOT: nvvm
; CHECK-NOT: sm_80

; Dynamic parallelism and the device heap: clang's device-side `<<<>>>`
; (cudaLaunchDevice with the kernel, the parameter buffer, byval dim3s)
; becomes __loom_launch_device with a placeholder for the kernel's
; descriptor (resolved by KernelRegistration) and the dim3s by address;
; malloc/free/cudaMalloc/cudaFree in kernels go to the device heap.
; RUN: %opt -passes=loom-device-runtime-calls,verify -S %s | FileCheck %s
; RUN: not %opt -passes=loom-device-runtime-calls -disable-output %S/Inputs/launch_pointer.ll 2>&1 | FileCheck %s --check-prefix=PTR

%struct.dim3 = type { i32, i32, i32 }

; CHECK: @loom.kernel.ref.child = private constant i8 0 #[[REF:[0-9]+]]

define void @child(ptr %p, i32 %d) #0 {
  ret void
}

; child<<<1, 4, 0, s>>>(p, 1);  The buffer was filled by clang's code.
; CHECK-LABEL: define i32 @parent(
; CHECK: [[B:%.*]] = call ptr @cudaGetParameterBuffer(i64 64, i64 12)
; CHECK: [[R:%.*]] = call i32 @__loom_launch_device(ptr @loom.kernel.ref.child, ptr [[B]], ptr %grid, ptr %block, i32 0, ptr %s)
; CHECK-NOT: cudaLaunchDevice
; CHECK: ret i32 [[R]]
define i32 @parent(ptr %p, ptr %s) #0 {
  %grid = alloca %struct.dim3, align 4
  %block = alloca %struct.dim3, align 4
  %buf = call ptr @cudaGetParameterBuffer(i64 64, i64 12)
  store ptr %p, ptr %buf, align 8
  %r = call i32 @cudaLaunchDevice(ptr @child, ptr %buf, ptr byval(%struct.dim3) align 4 %grid, ptr byval(%struct.dim3) align 4 %block, i32 0, ptr %s)
  ret i32 %r
}

; CHECK-LABEL: define void @heap(
; CHECK: [[P:%.*]] = call ptr @__loom_device_malloc(i64 32)
; CHECK: call void @__loom_device_free(ptr [[P]])
; CHECK: call i32 @__loom_device_cuda_malloc(ptr %slot, i64 16)
; CHECK: call i32 @__loom_device_cuda_free(ptr
define void @heap(ptr %slot) {
  %p = call ptr @malloc(i64 32)
  call void @free(ptr %p)
  %e = call i32 @cudaMalloc(ptr %slot, i64 16)
  %q = load ptr, ptr %slot, align 8
  %f = call i32 @cudaFree(ptr %q)
  ret void
}

; CHECK: attributes #[[REF]] = { "loom-kernel-ref"="child" }

declare ptr @cudaGetParameterBuffer(i64, i64)
declare i32 @cudaLaunchDevice(ptr, ptr, ptr, ptr, i32, ptr)
declare ptr @malloc(i64)
declare void @free(ptr)
declare i32 @cudaMalloc(ptr, i64)
declare i32 @cudaFree(ptr)

attributes #0 = { "loom-kernel" }
; PTR: error: {{.*}}device-side launch of something other than a __global__ function defined in the program (a kernel pointer?) is not supported

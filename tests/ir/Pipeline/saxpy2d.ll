; One kernel through the whole pipeline (loom-kernel-pipeline): clang's NVPTX
; device IR in, a host module with a registered entry out. Nothing GPU-
; specific may survive: no NVPTX triple, no llvm.nvvm.*, no Loom markers, no
; address spaces, no ptx_kernel.
; RUN: %opt -passes=loom-kernel-passes,verify -S %s | FileCheck %s --implicit-check-not=llvm.nvvm --implicit-check-not=addrspace --implicit-check-not=ptx_kernel --implicit-check-not=@loom.tid --implicit-check-not=@loom.ctaid --implicit-check-not=@loom.ntid --implicit-check-not=sm_80 --implicit-check-not=nvptx
;
; Reduced from clang++-22 -x cuda --cuda-device-only --cuda-gpu-arch=sm_80
; -O1 -Xclang -disable-llvm-passes (allocas promoted by hand):
;
; __constant__ float scale[1] = {2.0f};
; extern __shared__ float buf[];
; __global__ void saxpy2d(float a, const float *x, float *y, int w, int h) {
;   int c = blockIdx.x * blockDim.x + threadIdx.x;
;   int r = blockIdx.y * blockDim.y + threadIdx.y;
;   if (c >= w || r >= h) return;
;   int i = r * w + c;
;   buf[threadIdx.x] = x[i];
;   y[i] = a * scale[0] * buf[threadIdx.x] + y[i];
;   __threadfence();
; }

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: target triple = "{{.+}}"

%struct.__cuda_builtin_blockIdx_t = type { i8 }
%struct.__cuda_builtin_blockDim_t = type { i8 }
%struct.__cuda_builtin_threadIdx_t = type { i8 }

$_ZN25__cuda_builtin_blockIdx_t17__fetch_builtin_xEv = comdat any
$_ZN25__cuda_builtin_blockDim_t17__fetch_builtin_xEv = comdat any
$_ZN26__cuda_builtin_threadIdx_t17__fetch_builtin_xEv = comdat any
$_ZN25__cuda_builtin_blockIdx_t17__fetch_builtin_yEv = comdat any
$_ZN25__cuda_builtin_blockDim_t17__fetch_builtin_yEv = comdat any
$_ZN26__cuda_builtin_threadIdx_t17__fetch_builtin_yEv = comdat any

; __constant__ data: flat, tagged, internal, registered, writable for
; cudaMemcpyToSymbol. extern __shared__: one thread-local pointer.
; CHECK-DAG: @scale = internal externally_initialized global [1 x float] [float 2.000000e+00], align 4, !loom.constant
; CHECK-DAG: @loom.dynamic.shared = internal thread_local global ptr null
; CHECK-DAG: @loom.kernels = private constant {{.*}} ptr @loom.entry._Z7saxpy2dfPKfPfii, i32 5, i32 1,
; CHECK-DAG: @loom.arg.sizes = private constant [5 x i32] [i32 4, i32 8, i32 8, i32 4, i32 4]
; CHECK-DAG: @loom.vars = private constant [1 x { ptr, ptr, i64, i32, i32, ptr }] [{ ptr, ptr, i64, i32, i32, ptr } { ptr @loom.var.name, ptr @scale, i64 4, i32 0, i32 0, ptr null }]
; CHECK-DAG: @llvm.global_ctors = appending global {{.*}} ptr @loom.register.module
@scale = dso_local addrspace(4) externally_initialized constant [1 x float] [float 2.000000e+00], align 4
@blockIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockIdx_t, align 1
@blockDim = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_blockDim_t, align 1
@threadIdx = extern_weak dso_local addrspace(1) global %struct.__cuda_builtin_threadIdx_t, align 1
@buf = external dso_local addrspace(3) global [0 x float], align 4
@llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(4) @scale to ptr)], section "llvm.metadata"

; The kernel is gone; its block function holds the thread loops with the
; markers replaced, the dynamic shared buffer loaded through TLS, the fence
; kept.
; CHECK-NOT: define {{.*}}@_Z7saxpy2dfPKfPfii(
; CHECK-LABEL: define internal void @_Z7saxpy2dfPKfPfii.block(float noundef %0, ptr noundef {{.*}}%1, ptr noundef {{.*}}%2, i32 noundef %3, i32 noundef %4, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks)
; CHECK: block.entry:
; CHECK: thread.x:
; CHECK: mul i32 %bx, %blockDim.x
; CHECK: add i32 {{%.*}}, %tid.x
; CHECK: mul i32 %by, %blockDim.y
; CHECK: add i32 {{%.*}}, %tid.y
; CHECK: call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@loom.dynamic.shared)
; CHECK: load float, ptr @scale
; CHECK: fence seq_cst
; CHECK: thread.x.next:
; CHECK: !llvm.loop
; CHECK: block.exit:
define dso_local ptx_kernel void @_Z7saxpy2dfPKfPfii(float noundef %0, ptr noundef %1, ptr noundef %2, i32 noundef %3, i32 noundef %4) #0 {
  %6 = call noundef i32 @_ZN25__cuda_builtin_blockIdx_t17__fetch_builtin_xEv() #6
  %7 = call noundef i32 @_ZN25__cuda_builtin_blockDim_t17__fetch_builtin_xEv() #6
  %8 = mul i32 %6, %7
  %9 = call noundef i32 @_ZN26__cuda_builtin_threadIdx_t17__fetch_builtin_xEv() #6
  %10 = add i32 %8, %9
  %11 = call noundef i32 @_ZN25__cuda_builtin_blockIdx_t17__fetch_builtin_yEv() #6
  %12 = call noundef i32 @_ZN25__cuda_builtin_blockDim_t17__fetch_builtin_yEv() #6
  %13 = mul i32 %11, %12
  %14 = call noundef i32 @_ZN26__cuda_builtin_threadIdx_t17__fetch_builtin_yEv() #6
  %15 = add i32 %13, %14
  %16 = icmp sge i32 %10, %3
  br i1 %16, label %19, label %17

17:
  %18 = icmp sge i32 %15, %4
  br i1 %18, label %19, label %20

19:
  br label %37

20:
  %21 = mul nsw i32 %15, %3
  %22 = add nsw i32 %21, %10
  %23 = sext i32 %22 to i64
  %24 = getelementptr inbounds float, ptr %1, i64 %23
  %25 = load float, ptr %24, align 4
  %26 = call noundef i32 @_ZN26__cuda_builtin_threadIdx_t17__fetch_builtin_xEv() #6
  %27 = zext i32 %26 to i64
  %28 = getelementptr inbounds nuw [0 x float], ptr addrspacecast (ptr addrspace(3) @buf to ptr), i64 0, i64 %27
  store float %25, ptr %28, align 4
  %29 = load float, ptr addrspacecast (ptr addrspace(4) @scale to ptr), align 4
  %30 = fmul contract float %0, %29
  %31 = load float, ptr %28, align 4
  %32 = fmul contract float %30, %31
  %33 = getelementptr inbounds float, ptr %2, i64 %23
  %34 = load float, ptr %33, align 4
  %35 = fadd contract float %32, %34
  store float %35, ptr %33, align 4
  call void @_ZL13__threadfencev() #6
  br label %37

37:
  ret void
}

define linkonce_odr dso_local noundef i32 @_ZN25__cuda_builtin_blockIdx_t17__fetch_builtin_xEv() #2 comdat align 2 {
  %1 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  ret i32 %1
}
define linkonce_odr dso_local noundef i32 @_ZN25__cuda_builtin_blockDim_t17__fetch_builtin_xEv() #2 comdat align 2 {
  %1 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  ret i32 %1
}
define linkonce_odr dso_local noundef i32 @_ZN26__cuda_builtin_threadIdx_t17__fetch_builtin_xEv() #2 comdat align 2 {
  %1 = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret i32 %1
}
define linkonce_odr dso_local noundef i32 @_ZN25__cuda_builtin_blockIdx_t17__fetch_builtin_yEv() #2 comdat align 2 {
  %1 = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  ret i32 %1
}
define linkonce_odr dso_local noundef i32 @_ZN25__cuda_builtin_blockDim_t17__fetch_builtin_yEv() #2 comdat align 2 {
  %1 = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  ret i32 %1
}
define linkonce_odr dso_local noundef i32 @_ZN26__cuda_builtin_threadIdx_t17__fetch_builtin_yEv() #2 comdat align 2 {
  %1 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  ret i32 %1
}
define internal void @_ZL13__threadfencev() #2 {
  call void @llvm.nvvm.membar.gl()
  ret void
}

; The entry sets the dynamic shared pointer, loads the arguments and runs the
; block loop; the constructor registers the module.
; CHECK-LABEL: define internal void @loom.entry._Z7saxpy2dfPKfPfii(ptr noalias readonly %launch, ptr readonly %args, i64 %block.begin, i64 %block.end, ptr %worker)
; CHECK: store ptr %shared.mem, ptr
; CHECK: blocks:
; CHECK: call void @_Z7saxpy2dfPKfPfii.block(float %arg0, ptr %arg1, ptr %arg2, i32 %arg3, i32 %arg4, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 1)
; CHECK-LABEL: define internal void @loom.register.module()
; CHECK: call void @__loomRegisterModule(ptr @loom.module)

declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare void @llvm.nvvm.membar.gl()

; The device accessors were inlined and deleted, together with their comdats.
; CHECK-NOT: define {{.*}}__fetch_builtin
; CHECK-NOT: comdat

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }
attributes #2 = { alwaysinline convergent mustprogress nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
attributes #6 = { convergent nounwind }

!nvvmir.version = !{!0}
!0 = !{i32 2, i32 0}

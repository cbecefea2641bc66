; LowerAddressSpaces puts every global, pointer, constant expression and
; intrinsic declaration into address space 0, drops the addrspacecasts that
; became no-ops, and tags __shared__ / __constant__ globals.
; RUN: %opt -passes=loom-lower-address-spaces,verify -S %s | FileCheck %s

; __shared__ float tile[64];
; extern __shared__ float dyn[];
; __device__ int counter;
; __constant__ float coeffs[4] = {1, 2, 3, 4};
; __device__ int *ptr_to_counter = &counter;
; __device__ float *ptrs[2] = {tile, coeffs};   // (not valid CUDA; IR shape only)
; CHECK-DAG: @tile = internal global [64 x float] undef, align 4, !loom.shared ![[EMPTY:[0-9]+]]
; CHECK-DAG: @dyn = external global [0 x float], align 4, !loom.shared ![[EMPTY]]
; CHECK-DAG: @counter = externally_initialized global i32 0, align 4{{$}}
; CHECK-DAG: @coeffs = externally_initialized constant [4 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00], align 4, !loom.constant ![[EMPTY]]
; CHECK-DAG: @ptr_to_counter = externally_initialized global ptr @counter, align 8{{$}}
; CHECK-DAG: @ptrs = global [2 x ptr] [ptr @tile, ptr getelementptr inbounds nuw (i8, ptr @coeffs, i64 4)]
; CHECK-DAG: @llvm.compiler.used = appending global [2 x ptr] [ptr @counter, ptr @coeffs], section "llvm.metadata"

@tile = internal addrspace(3) global [64 x float] undef, align 4
@dyn = external addrspace(3) global [0 x float], align 4
@counter = addrspace(1) externally_initialized global i32 0, align 4
@coeffs = addrspace(4) externally_initialized constant [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 4
@ptr_to_counter = addrspace(1) externally_initialized global ptr addrspacecast (ptr addrspace(1) @counter to ptr), align 8
@ptrs = addrspace(1) global [2 x ptr addrspace(3)] [ptr addrspace(3) @tile, ptr addrspace(3) addrspacecast (ptr addrspace(4) getelementptr inbounds nuw (i8, ptr addrspace(4) @coeffs, i64 4) to ptr addrspace(3))]
@llvm.compiler.used = appending global [2 x ptr] [ptr addrspacecast (ptr addrspace(1) @counter to ptr), ptr addrspacecast (ptr addrspace(4) @coeffs to ptr)], section "llvm.metadata"

; out[i] = tile[i % 64] + dyn[i] + coeffs[i & 3]; counter = 1;
; Constant GEPs over addrspacecasts now address the globals directly.
; CHECK-LABEL: define void @globals(
; CHECK-NOT: addrspace
; CHECK: getelementptr inbounds nuw [64 x float], ptr @tile, i64 0, i64 %m
; CHECK: getelementptr inbounds nuw [0 x float], ptr @dyn, i64 0, i64 %i
; CHECK: getelementptr inbounds [4 x float], ptr @coeffs, i64 0, i64 %a
; CHECK: store i32 1, ptr @counter
; CHECK: ret void
define void @globals(ptr %out, i64 %i) {
  %m = urem i64 %i, 64
  %p0 = getelementptr inbounds nuw [64 x float], ptr addrspacecast (ptr addrspace(3) @tile to ptr), i64 0, i64 %m
  %v0 = load float, ptr %p0, align 4
  %p1 = getelementptr inbounds nuw [0 x float], ptr addrspacecast (ptr addrspace(3) @dyn to ptr), i64 0, i64 %i
  %v1 = load float, ptr %p1, align 4
  %a = and i64 %i, 3
  %p2 = getelementptr inbounds [4 x float], ptr addrspacecast (ptr addrspace(4) @coeffs to ptr), i64 0, i64 %a
  %v2 = load float, ptr %p2, align 4
  %s = fadd float %v0, %v1
  %t = fadd float %s, %v2
  %q = getelementptr inbounds float, ptr %out, i64 %i
  store float %t, ptr %q, align 4
  store i32 1, ptr addrspacecast (ptr addrspace(1) @counter to ptr), align 4
  ret void
}

; Address-space-qualified values (what NVPTX's InferAddressSpaces leaves):
; casts disappear, loads, stores, GEPs, phis and atomics use plain ptr.
; CHECK-LABEL: define float @values(
; CHECK-NOT: addrspace
; CHECK: [[G:%.*]] = getelementptr inbounds float, ptr %p, i64 %i
; CHECK: load float, ptr [[G]]
; CHECK: [[S:%.*]] = getelementptr inbounds nuw [64 x float], ptr @tile, i64 0, i64 %i
; CHECK: store float {{.*}}, ptr [[S]]
; CHECK: phi ptr [ [[G]], %entry ], [ [[S]], %other ]
; CHECK: atomicrmw add ptr @counter, i32 1 monotonic
; CHECK: ret float
define float @values(ptr %p, i64 %i, i1 %c) {
entry:
  %gp = addrspacecast ptr %p to ptr addrspace(1)
  %g = getelementptr inbounds float, ptr addrspace(1) %gp, i64 %i
  %v = load float, ptr addrspace(1) %g, align 4
  %s = getelementptr inbounds nuw [64 x float], ptr addrspace(3) @tile, i64 0, i64 %i
  store float %v, ptr addrspace(3) %s, align 4
  %gs = addrspacecast ptr addrspace(1) %g to ptr addrspace(3)
  br i1 %c, label %join, label %other
other:
  br label %join
join:
  %j = phi ptr addrspace(3) [ %gs, %entry ], [ %s, %other ]
  %r = load float, ptr addrspace(3) %j, align 4
  %old = atomicrmw add ptr addrspace(1) @counter, i32 1 monotonic, align 4
  ret float %r
}

; A local copy of a struct holding a global pointer: the struct type gets an
; address-space-0 twin, the alloca and GEPs use it.
; struct Holder { __global float *p; int n; };
; CHECK-LABEL: define void @struct_with_pointer(
; CHECK: [[H:%.*]] = alloca %struct.Holder.flat
; CHECK: getelementptr inbounds %struct.Holder.flat, ptr [[H]], i32 0, i32 0
; CHECK: store ptr %p, ptr
%struct.Holder = type { ptr addrspace(1), i32 }
define void @struct_with_pointer(ptr %p) {
  %h = alloca %struct.Holder, align 8
  %f = getelementptr inbounds %struct.Holder, ptr %h, i32 0, i32 0
  %gp = addrspacecast ptr %p to ptr addrspace(1)
  store ptr addrspace(1) %gp, ptr %f, align 8
  ret void
}

; memcpy from global to shared memory (e.g. a struct copy into __shared__):
; the intrinsic overloaded on address spaces is redeclared as p0.p0.
; CHECK-LABEL: define void @copy_to_shared(
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 4 @tile, ptr align 4 %p, i64 256, i1 false)
define void @copy_to_shared(ptr %p) {
  %gp = addrspacecast ptr %p to ptr addrspace(1)
  call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) align 4 @tile, ptr addrspace(1) align 4 %gp, i64 256, i1 false)
  ret void
}
declare void @llvm.memcpy.p3.p1.i64(ptr addrspace(3), ptr addrspace(1), i64, i1)

; CHECK-NOT: addrspace
; CHECK: declare void @llvm.memcpy.p0.p0.i64(
; CHECK-NOT: addrspace
; CHECK: ![[EMPTY]] = !{}

; LowerSharedMemory gives every running block its own __shared__ storage:
; static shared globals become thread_local (a worker runs one block at a
; time) and sit between two 256-byte guard zones (LOOM_SHARED_GUARD_BYTES:
; whole vectors may be loaded where some lanes are off); extern __shared__
; arrays become loads of the thread-local pointer @loom.dynamic.shared.
; RUN: %opt -passes=loom-lower-shared-memory,verify -S %s | FileCheck %s --implicit-check-not=@dyn
; The extern __shared__ declarations are gone (--implicit-check-not).

; __shared__ float tile[64];
; extern __shared__ float dyn[];
; extern __shared__ int dyn_int[];   // aliases dyn, as CUDA defines
; __device__ int counter;            // not shared: unchanged
; CHECK-DAG: @tile = internal thread_local global { [256 x i8], [64 x float], [256 x i8] } undef, align 64, !loom.shared ![[#]], !loom.shared.guard ![[GUARD:[0-9]+]]
; CHECK-DAG: @counter = global i32 0, align 4{{$}}
; CHECK-DAG: @loom.dynamic.shared = internal thread_local global ptr null, align 8
@tile = internal global [64 x float] undef, align 4, !loom.shared !0
@dyn = external global [0 x float], align 4, !loom.shared !0
@dyn_int = external global [0 x i32], align 4, !loom.shared !0
@counter = global i32 0, align 4

; tile[i] = dyn[i] + dyn_int[i];
; CHECK-LABEL: define void @k(
; CHECK: [[A1:%.*]] = call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @loom.dynamic.shared)
; CHECK: [[B1:%.*]] = load ptr, ptr [[A1]], align 8
; CHECK: getelementptr inbounds nuw [0 x float], ptr [[B1]], i64 0, i64 %i
; CHECK: [[A2:%.*]] = call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @loom.dynamic.shared)
; CHECK: [[B2:%.*]] = load ptr, ptr [[A2]], align 8
; CHECK: getelementptr inbounds nuw [0 x i32], ptr [[B2]], i64 0, i64 %i
; CHECK: getelementptr inbounds nuw [64 x float], ptr getelementptr inbounds ({ [256 x i8], [64 x float], [256 x i8] }, ptr @tile, i32 0, i32 1), i64 0, i64 %i
; CHECK: ret void
define void @k(i64 %i) {
  %pd = getelementptr inbounds nuw [0 x float], ptr @dyn, i64 0, i64 %i
  %vd = load float, ptr %pd, align 4
  %pi = getelementptr inbounds nuw [0 x i32], ptr @dyn_int, i64 0, i64 %i
  %vi = load i32, ptr %pi, align 4
  %fi = sitofp i32 %vi to float
  %s = fadd float %vd, %fi
  %pt = getelementptr inbounds nuw [64 x float], ptr @tile, i64 0, i64 %i
  store float %s, ptr %pt, align 4
  ret void
}

; A constant-expression use of dynamic shared memory (dyn + 4) reaching a
; phi: the buffer is loaded in the incoming block, not before the phi.
; float *p = c ? &dyn[4] : q;
; CHECK-LABEL: define float @phi_use(
; CHECK: entry:
; CHECK: [[A:%.*]] = call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @loom.dynamic.shared)
; CHECK: [[B:%.*]] = load ptr, ptr [[A]], align 8
; CHECK: [[G:%.*]] = getelementptr inbounds nuw i8, ptr [[B]], i64 16
; CHECK: br i1 %c
; CHECK: join:
; CHECK-NEXT: phi ptr [ [[G]], %entry ], [ %q, %other ]
define float @phi_use(i1 %c, ptr %q) {
entry:
  br i1 %c, label %join, label %other
other:
  br label %join
join:
  %p = phi ptr [ getelementptr inbounds nuw (i8, ptr @dyn, i64 16), %entry ], [ %q, %other ]
  %v = load float, ptr %p, align 4
  ret float %v
}

!0 = !{}
; CHECK: ![[GUARD]] = !{i64 256}

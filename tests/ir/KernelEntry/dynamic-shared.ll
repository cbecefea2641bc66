; Regression: entries never set @loom.dynamic.shared, so every kernel using
; `extern __shared__` dereferenced a null pointer. The entry now points it at
; the worker's shared-memory buffer (LoomWorker field 0) before the block
; loop.
; RUN: %opt -passes=loom-kernel-entry,verify -S %s | FileCheck %s

; extern __shared__ float dyn[];
; __global__ void k(float *out) { dyn[threadIdx.x] = 1; out[threadIdx.x] = dyn[threadIdx.x]; }
; (after LowerSharedMemory and ThreadLoops, reduced)
@loom.dynamic.shared = internal thread_local global ptr null, align 8

define internal void @k.block(ptr %out, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks) #0 {
  %a = call ptr @llvm.threadlocal.address.p0(ptr @loom.dynamic.shared)
  %buf = load ptr, ptr %a, align 8
  store float 1.0, ptr %buf, align 4
  ret void
}

; CHECK-LABEL: define internal void @loom.entry.k(
; CHECK: entry:
; CHECK-DAG: [[F0:%.*]] = getelementptr inbounds { ptr, ptr, i64, i32, i32 }, ptr %worker, i32 0, i32 0
; CHECK-DAG: %shared.mem = load ptr, ptr [[F0]], align 8
; CHECK-DAG: [[TLS:%.*]] = call {{.*}}ptr @llvm.threadlocal.address.p0(ptr {{.*}}@loom.dynamic.shared)
; CHECK: store ptr %shared.mem, ptr [[TLS]], align 8
; CHECK: br i1 {{%.*}}, label %blocks, label %exit
; CHECK: blocks:
; CHECK: call void @k.block(

declare ptr @llvm.threadlocal.address.p0(ptr)

attributes #0 = { alwaysinline "loom-block-of"="k" "loom-kernel-args"="1" }

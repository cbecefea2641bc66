; SpecializeLaunch (the runtime's JIT, launch-time specialization) fixes
; blockDim: every @loom.ntid.* call becomes its constant and the module
; records the block size, so the block dimensions ThreadLoops and
; KernelEntry read from the launch record are the same constants (no
; blockDim load is left; the thread loops run to constant bounds).
; RUN: %opt -passes=loom-specialize-launch -loom-block-dim=64,2,1 -S %s | FileCheck %s
; RUN: %opt -passes=loom-specialize-launch,loom-thread-loops,loom-kernel-entry,verify -loom-block-dim=64,2,1 -S %s | FileCheck %s --check-prefix=LOOPS
; Without the option the pass changes nothing (the AOT pipeline).
; RUN: %opt -passes=loom-specialize-launch,loom-thread-loops,loom-kernel-entry,verify -S %s | FileCheck %s --check-prefix=AOT
; RUN: not %opt -passes=loom-specialize-launch -loom-block-dim=2048 -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD

; __global__ void k(int *out) {
;   int t = threadIdx.y * blockDim.x + threadIdx.x;
;   out[blockIdx.x * (blockDim.x * blockDim.y) + t] = t / blockDim.x;
; }
; CHECK-LABEL: define void @k(
; CHECK-NOT: call i32 @loom.ntid
; CHECK: %t.row = mul i32 %ty, 64
; CHECK: %n = mul i32 64, 2
; CHECK: %q = udiv i32 %t, 64
; CHECK: !loom.block.dim = !{![[D:[0-9]+]]}
; CHECK: ![[D]] = !{i32 64, i32 2, i32 1}

; The loops over threads end at the constants; blockDim is never loaded.
; LOOPS-LABEL: define internal void @k.block(
; LOOPS-NOT: %blockDim.
; LOOPS: icmp ult i32 %tid.x.inc, 64
; LOOPS-NOT: %blockDim.
; LOOPS-LABEL: define internal void @loom.entry.k(

; AOT-LABEL: define internal void @k.block(
; AOT: %blockDim.x = load i32
; AOT: icmp ult i32 %tid.x.inc, %blockDim.x

; BAD: -loom-block-dim='2048' is not a CUDA block size
define void @k(ptr %out) #0 {
entry:
  %tx = call i32 @loom.tid.x()
  %ty = call i32 @loom.tid.y()
  %bx = call i32 @loom.ctaid.x()
  %nx = call i32 @loom.ntid.x()
  %ny = call i32 @loom.ntid.y()
  %t.row = mul i32 %ty, %nx
  %t = add i32 %t.row, %tx
  %n = mul i32 %nx, %ny
  %base = mul i32 %bx, %n
  %i = add i32 %base, %t
  %q = udiv i32 %t, %nx
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %q, ptr %p, align 4
  ret void
}

declare i32 @loom.tid.x()
declare i32 @loom.tid.y()
declare i32 @loom.ctaid.x()
declare i32 @loom.ntid.x()
declare i32 @loom.ntid.y()

attributes #0 = { "loom-kernel" }

; NVVMIntrinsics maps NVVM intrinsics to Loom's vocabulary: special registers
; to index markers, barriers to @loom.barrier, memory barriers to fences,
; clocks to the host cycle counter. Afterwards no llvm.nvvm.* is left.
; RUN: %opt -passes=loom-nvvm-intrinsics,verify -S %s | FileCheck %s

; All twelve index registers become markers of the same name.
; CHECK-LABEL: define void @sregs(
; CHECK: call i32 @loom.tid.x()
; CHECK: call i32 @loom.tid.y()
; CHECK: call i32 @loom.tid.z()
; CHECK: call i32 @loom.ntid.x()
; CHECK: call i32 @loom.ntid.y()
; CHECK: call i32 @loom.ntid.z()
; CHECK: call i32 @loom.ctaid.x()
; CHECK: call i32 @loom.ctaid.y()
; CHECK: call i32 @loom.ctaid.z()
; CHECK: call i32 @loom.nctaid.x()
; CHECK: call i32 @loom.nctaid.y()
; CHECK: call i32 @loom.nctaid.z()
; CHECK: ret void
define void @sregs(ptr %out) "loom-kernel" {
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store volatile i32 %tx, ptr %out
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  store volatile i32 %ty, ptr %out
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  store volatile i32 %tz, ptr %out
  %nx = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  store volatile i32 %nx, ptr %out
  %ny = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  store volatile i32 %ny, ptr %out
  %nz = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  store volatile i32 %nz, ptr %out
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  store volatile i32 %bx, ptr %out
  %by = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  store volatile i32 %by, ptr %out
  %bz = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  store volatile i32 %bz, ptr %out
  %gx = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  store volatile i32 %gx, ptr %out
  %gy = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  store volatile i32 %gy, ptr %out
  %gz = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  store volatile i32 %gz, ptr %out
  ret void
}

; out[0] = warpSize;  (laneid from inline PTX or a builtin wrapper)
; warpsize is the constant 32; laneid is (tid.x + ntid.x * (tid.y + ntid.y * tid.z)) & 31.
; CHECK-LABEL: define void @warp(
; CHECK: store volatile i32 32, ptr %out
; CHECK-DAG: [[X:%.*]] = call i32 @loom.tid.x()
; CHECK-DAG: [[Y:%.*]] = call i32 @loom.tid.y()
; CHECK-DAG: [[Z:%.*]] = call i32 @loom.tid.z()
; CHECK-DAG: [[NX:%.*]] = call i32 @loom.ntid.x()
; CHECK-DAG: [[NY:%.*]] = call i32 @loom.ntid.y()
; CHECK: [[YZ:%.*]] = mul i32 [[NY]], [[Z]]
; CHECK: [[ROW:%.*]] = add i32 [[Y]], [[YZ]]
; CHECK: [[OFF:%.*]] = mul i32 [[NX]], [[ROW]]
; CHECK: [[LIN:%.*]] = add i32 [[X]], [[OFF]]
; CHECK: [[LANE:%.*]] = and i32 [[LIN]], 31
; CHECK: store volatile i32 [[LANE]], ptr %out
define void @warp(ptr %out) {
  %w = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  store volatile i32 %w, ptr %out
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  store volatile i32 %l, ptr %out
  ret void
}

; __syncthreads() in both spellings (barrier0 is auto-upgraded by the IR
; reader to barrier.cta.sync.aligned.all(0)), and barrier.sync(0).
; CHECK-LABEL: define void @barriers(
; CHECK-NEXT: call void @loom.barrier()
; CHECK-NEXT: call void @loom.barrier()
; CHECK-NEXT: call void @loom.barrier()
; CHECK-NEXT: ret void
define void @barriers() {
  call void @llvm.nvvm.barrier0()
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  call void @llvm.nvvm.barrier.sync(i32 0)
  ret void
}

; __threadfence_block(), __threadfence(), __threadfence_system(): one
; sequentially consistent fence each.
; CHECK-LABEL: define void @fences(
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: ret void
define void @fences() {
  call void @llvm.nvvm.membar.cta()
  call void @llvm.nvvm.membar.gl()
  call void @llvm.nvvm.membar.sys()
  ret void
}

; clock64() / clock(): the host cycle counter (clock truncated to 32 bits).
; CHECK-LABEL: define void @clocks(
; CHECK: [[C64:%.*]] = call i64 @llvm.readcyclecounter()
; CHECK: store volatile i64 [[C64]], ptr %out
; CHECK: [[C:%.*]] = call i64 @llvm.readcyclecounter()
; CHECK: [[T:%.*]] = trunc i64 [[C]] to i32
; CHECK: store volatile i32 [[T]], ptr %out
define void @clocks(ptr %out) {
  %c64 = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  store volatile i64 %c64, ptr %out
  %c = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  store volatile i32 %c, ptr %out
  ret void
}

; Index markers are pure (may be CSE'd and hoisted); the barrier is
; convergent and must not be duplicated.
; CHECK-DAG: declare i32 @loom.tid.x() #[[PURE:[0-9]+]]
; CHECK-DAG: declare void @loom.barrier() #[[SYNC:[0-9]+]]
; CHECK-NOT: llvm.nvvm
; CHECK-DAG: attributes #[[PURE]] = { nounwind willreturn memory(none) }
; CHECK-DAG: attributes #[[SYNC]] = { convergent noduplicate nounwind }

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()
declare void @llvm.nvvm.barrier0()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.barrier.sync(i32)
declare void @llvm.nvvm.membar.cta()
declare void @llvm.nvvm.membar.gl()
declare void @llvm.nvvm.membar.sys()

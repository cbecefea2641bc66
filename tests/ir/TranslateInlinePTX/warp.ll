; Warp, barrier and special-register instructions become the NVVM
; intrinsics clang emits for the CUDA builtins (NVVMIntrinsics maps them to
; Loom's markers): shfl.sync (and its predicate, computed from the lane id as
; PTX defines it), vote.sync, activemask, redux.sync, bar.sync /
; barrier.sync 0, bar.warp.sync, bar.red.popc, nanosleep, trap; special
; registers (also %lanemask_*) read the sreg intrinsics.
; RUN: %opt -passes=loom-inline-ptx,verify -S %s | FileCheck %s
; RUN: %opt -passes=loom-inline-ptx,loom-nvvm-intrinsics -S %s | FileCheck %s --check-prefix=MARKERS

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define { i32, i32 } @shfl_down_pred(
; CHECK: [[V:%.*]] = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 -1, i32 %x, i32 4, i32 31)
; CHECK: [[L:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: icmp sle i32
; MARKERS-LABEL: define { i32, i32 } @shfl_down_pred(
; MARKERS: call i32 @loom.warp.collective(
; MARKERS-NOT: llvm.nvvm
; MARKERS: ret
define { i32, i32 } @shfl_down_pred(i32 %x) {
  %r = call { i32, i32 } asm "{ .reg .pred p; shfl.sync.down.b32 $0|p, $2, 4, 0x1f, 0xffffffff; selp.u32 $1, 1, 0, p; }", "=r,=r,r"(i32 %x)
  ret { i32, i32 } %r
}

; CHECK-LABEL: define i32 @shfl_modes(
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %m, i32 %x, i32 3, i32 31)
; CHECK: call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %m, i32 %x, i32 1, i32 0)
; CHECK: call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 %m, i32 %x, i32 16, i32 31)
define i32 @shfl_modes(i32 %x, i32 %m) {
  %r = call i32 asm "{ .reg .b32 a, b, c; shfl.sync.idx.b32 a, $1, 3, 0x1f, $2; shfl.sync.up.b32 b, $1, 1, 0, $2; shfl.sync.bfly.b32 c, $1, 16, 0x1f, $2; add.u32 a, a, b; add.u32 $0, a, c; }", "=r,r,r"(i32 %x, i32 %m)
  ret i32 %r
}

; CHECK-LABEL: define i32 @votes(
; CHECK: call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 [[P:%.*]])
; CHECK: call i1 @llvm.nvvm.vote.all.sync(i32 -1, i1 [[P]])
; CHECK: call i1 @llvm.nvvm.vote.any.sync(i32 -1, i1
; CHECK: [[AM:%.*]] = call i32 @llvm.nvvm.activemask()
; CHECK: call i1 @llvm.nvvm.vote.uni.sync(i32 [[AM]], i1 [[P]])
define i32 @votes(i32 %x) {
  %r = call i32 asm "{ .reg .pred p, a, b, c; .reg .b32 m; setp.ne.u32 p, $1, 0; vote.sync.ballot.b32 $0, p, 0xffffffff; vote.sync.all.pred a, p, 0xffffffff; vote.sync.any.pred b, !p, 0xffffffff; vote.uni.pred c, p; }", "=r,r"(i32 %x)
  ret i32 %r
}

; CHECK-LABEL: define i32 @redux_activemask(
; CHECK: call i32 @llvm.nvvm.redux.sync.umin(i32 %x, i32 -1)
; CHECK: call i32 @llvm.nvvm.activemask()
define i32 @redux_activemask(i32 %x) {
  %r = call i32 asm "{ .reg .b32 a, b; redux.sync.min.u32 a, $1, 0xffffffff; activemask.b32 b; add.u32 $0, a, b; }", "=r,r"(i32 %x)
  ret i32 %r
}

; CHECK-LABEL: define i32 @barriers(
; CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK: call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1
; CHECK: call void @llvm.nvvm.nanosleep(i32 100)
; MARKERS-LABEL: define i32 @barriers(
; MARKERS: call void @loom.barrier()
; MARKERS: call void @loom.barrier.warp()
; MARKERS: call i32 @loom.barrier.popc(
define i32 @barriers(i32 %x) {
  %r = call i32 asm "{ .reg .pred p; bar.sync 0; barrier.sync 0; barrier.sync.aligned 0; bar.warp.sync 0xffffffff; setp.ne.u32 p, $1, 0; bar.red.popc.u32 $0, 0, p; nanosleep.u32 100; }", "=r,r"(i32 %x)
  ret i32 %r
}

; CHECK-LABEL: define void @traps(
; CHECK: call void @llvm.trap()
define void @traps() {
  call void asm sideeffect "trap;", ""()
  ret void
}

; CHECK-LABEL: define i32 @special_registers(
; CHECK: call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK: [[L:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: [[B:%.*]] = shl i32 1, [[L]]
; CHECK: sub i32 [[B]], 1
; CHECK: call i64 @llvm.nvvm.read.ptx.sreg.clock64()
; MARKERS-LABEL: define i32 @special_registers(
; MARKERS: call i32 @loom.tid.x()
define i32 @special_registers() {
  %r = call i32 asm "{ .reg .b32 a, b; .reg .b64 c; mov.u32 a, %tid.x; mov.u32 b, %lanemask_lt; mov.u64 c, %clock64; add.u32 a, a, b; cvt.u32.u64 b, c; add.u32 $0, a, b; }", "=r"()
  ret i32 %r
}

; KernelRegistration emits the module's LoomModuleDesc (kernels with their
; argument sizes/alignments, __device__/__constant__ variables), a global
; constructor that calls __loomRegisterModule, and makes every definition
; internal.
; RUN: %opt -passes=loom-kernel-registration,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, double, i8 }

; __device__ int counter;
; __constant__ float coeffs[4] = {1, 2, 3, 4};
; __device__ double table[3];
; __shared__ float tile[64];          // per block: not a symbol
; printf format strings etc.          // private: not symbols
; Registered variables become internal and writable (cudaMemcpyToSymbol).
; CHECK-DAG: @counter = internal global i32 0, align 4
; CHECK-DAG: @coeffs = internal externally_initialized global [4 x float] {{.*}}, !loom.constant
; CHECK-DAG: @table = internal global [3 x double] zeroinitializer
; CHECK-DAG: @tile = internal thread_local global [64 x float] undef
; CHECK-DAG: @.str = private unnamed_addr constant [3 x i8] c"%d\00"
; Declarations and llvm.* globals keep their linkage.
; CHECK-DAG: @threadIdx = extern_weak global i8
; CHECK-DAG: @llvm.used = appending global [1 x ptr] [ptr @counter], section "llvm.metadata"
@counter = global i32 0, align 4
@coeffs = externally_initialized constant [4 x float] [float 1.0, float 2.0, float 3.0, float 4.0], align 4, !loom.constant !0
@table = linkonce_odr global [3 x double] zeroinitializer, align 8
@tile = internal thread_local global [64 x float] undef, align 4, !loom.shared !0
@.str = private unnamed_addr constant [3 x i8] c"%d\00", align 1
@threadIdx = extern_weak global i8, align 1
@llvm.used = appending global [1 x ptr] [ptr @counter], section "llvm.metadata"

; __global__ void k(char c, short s, double d, S st, float *out);
; Sizes/alignments: char 1/1, short 2/2, double 8/8, S (byval) 24/8, ptr 8/8.
; CHECK-DAG: @[[KNAME:loom.name[.0-9]*]] = private unnamed_addr constant [2 x i8] c"k\00"
; CHECK-DAG: @[[KSIZES:loom.arg.sizes[.0-9]*]] = private constant [5 x i32] [i32 1, i32 2, i32 8, i32 24, i32 8]
; CHECK-DAG: @[[KALIGNS:loom.arg.aligns[.0-9]*]] = private constant [5 x i32] [i32 1, i32 2, i32 8, i32 8, i32 8]
; __global__ void noargs();  -- no argument arrays: null pointers.
; CHECK-DAG: @[[NNAME:loom.name[.0-9]*]] = private unnamed_addr constant [7 x i8] c"noargs\00"
; Variable names and sizes.
; CHECK-DAG: @[[V0:loom.var.name[.0-9]*]] = private unnamed_addr constant [8 x i8] c"counter\00"
; CHECK-DAG: @[[V1:loom.var.name[.0-9]*]] = private unnamed_addr constant [7 x i8] c"coeffs\00"
; CHECK-DAG: @[[V2:loom.var.name[.0-9]*]] = private unnamed_addr constant [6 x i8] c"table\00"
; CHECK-DAG: @loom.module.key = private unnamed_addr constant [17 x i8] c"loom-test-module\00"
; LoomKernelDesc {name, entry, numArgs, gangWidth, argSizes, argAligns, staticShared,
; arena, flags, maxThreadsPerBlock}; flags 1: LOOM_KERNEL_NEVER_WAITS_FOR_HOST
; (never_waits.ll); k's __launch_bounds__(256) ("loom-max-threads", from
; RetargetToHost, cloned onto the block function), noargs has none (0).
; CHECK-DAG: @loom.kernels = private constant [2 x { ptr, ptr, i32, i32, ptr, ptr, i64, i64, i32, i32 }] [{ ptr, ptr, i32, i32, ptr, ptr, i64, i64, i32, i32 } { ptr @[[KNAME]], ptr @loom.entry.k, i32 5, i32 1, ptr @[[KSIZES]], ptr @[[KALIGNS]], i64 0, i64 0, i32 1, i32 256 }, { ptr, ptr, i32, i32, ptr, ptr, i64, i64, i32, i32 } { ptr @[[NNAME]], ptr @loom.entry.noargs, i32 0, i32 1, ptr null, ptr null, i64 0, i64 0, i32 1, i32 0 }]
; LoomVarDesc {name, address, size}
; Flags: zero-initialized variables (counter, table) carry LOOM_VAR_ZERO_INIT
; (2), so cudaDeviceReset clears them instead of copying a saved image.
; CHECK-DAG: @loom.vars = private constant [3 x { ptr, ptr, i64, i32, i32, ptr }] [{ ptr, ptr, i64, i32, i32, ptr } { ptr @[[V0]], ptr @counter, i64 4, i32 2, i32 0, ptr null }, { ptr, ptr, i64, i32, i32, ptr } { ptr @[[V1]], ptr @coeffs, i64 16, i32 0, i32 0, ptr null }, { ptr, ptr, i64, i32, i32, ptr } { ptr @[[V2]], ptr @table, i64 24, i32 2, i32 0, ptr null }]
; LoomModuleDesc {abiVersion 4, numKernels, key, kernels, numVars, reserved, vars,
; jitBitcode, jitBitcodeSize, jitConfig}: no bitcode from opt (loomcc embeds it).
; CHECK-DAG: @loom.module = private constant { i32, i32, ptr, ptr, i32, i32, ptr, ptr, i64, ptr } { i32 4, i32 2, ptr @loom.module.key, ptr @loom.kernels, i32 3, i32 0, ptr @loom.vars, ptr null, i64 0, ptr null }
; CHECK-DAG: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @loom.register.module, ptr null }]

define internal void @k.block(i8 %c, i16 %s, double %d, ptr byval(%struct.S) align 8 %st, ptr %out, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) #0 {
  ret void
}
define internal void @loom.entry.k(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) #1 {
  ret void
}
define internal void @noargs.block(ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) #2 {
  ret void
}
define internal void @loom.entry.noargs(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) #3 {
  ret void
}

; A __host__ __device__ function left over: internal, so it cannot clash
; with the host object's definition of the same name.
; CHECK-LABEL: define internal i32 @_Z6squarei(
define linkonce_odr i32 @_Z6squarei(i32 %v) {
  %r = mul i32 %v, %v
  ret i32 %r
}

; The constructor registers the descriptor.
; CHECK: declare void @__loomRegisterModule(ptr)
; CHECK-LABEL: define internal void @loom.register.module()
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @__loomRegisterModule(ptr @loom.module)
; CHECK-NEXT: ret void

attributes #0 = { alwaysinline "loom-block-of"="k" "loom-kernel-args"="5" "loom-max-threads"="256" }
attributes #1 = { nounwind "loom-entry-of"="k" }
attributes #2 = { alwaysinline "loom-block-of"="noargs" "loom-kernel-args"="0" }
attributes #3 = { nounwind "loom-entry-of"="noargs" }

!0 = !{}

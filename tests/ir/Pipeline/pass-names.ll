; Every pass in Pipeline/Passes.def is reachable by its name from opt, in
; pipeline order, and the whole chain is reachable as loom-kernel-pipeline.
; An empty module goes through unchanged except for the registration.
; RUN: %opt -disable-output %s -passes=loom-retarget,loom-nvvm-intrinsics,loom-lower-address-spaces,loom-device-runtime-calls,loom-inline-device-functions,loom-specialize-launch,loom-eliminate-barriers,loom-lower-shared-memory,loom-thread-loops,loom-kernel-entry,loom-kernel-registration,verify
; RUN: %opt -S %s -passes=loom-kernel-pipeline,verify | FileCheck %s
; RUN: not %opt -disable-output %s -passes=loom-no-such-pass 2>&1 | FileCheck %s --check-prefix=ERR

; A module without kernels still registers (an empty descriptor).
; CHECK: @loom.module = private constant { i32, i32, ptr, ptr, i32, i32, ptr, ptr, i64, ptr } { i32 3, i32 0, ptr @loom.module.key, ptr null, i32 0, i32 0, ptr null, ptr null, i64 0, ptr null }
; CHECK: @llvm.global_ctors = appending global {{.*}} ptr @loom.register.module

; ERR: unknown pass name 'loom-no-such-pass'

target triple = "nvptx64-nvidia-cuda"

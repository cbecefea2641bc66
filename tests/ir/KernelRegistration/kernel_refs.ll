; Device-side launches name their kernel by a placeholder global (the
; "loom-kernel-ref" attribute, from DeviceRuntimeCalls); KernelRegistration
; replaces it by the address of that kernel's LoomKernelDesc in loom.kernels.
; A placeholder for a kernel the module does not define is an error.
; RUN: %opt -passes=loom-kernel-registration,verify -S %s | FileCheck %s
; RUN: sed 's/"loom-kernel-ref"="second"/"loom-kernel-ref"="missing"/' %s | not %opt -passes=loom-kernel-registration -disable-output 2>&1 | FileCheck %s --check-prefix=MISSING

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@loom.kernel.ref.second = private constant i8 0 #4

; CHECK-NOT: @loom.kernel.ref
; CHECK-LABEL: define internal void @first.block(
; CHECK: call i32 @__loom_launch_device(ptr getelementptr inbounds ([2 x { ptr, ptr, i32, i32, ptr, ptr, i64, i64, i32, i32 }], ptr @loom.kernels, i32 0, i32 1), ptr null, ptr null, ptr null, i32 0, ptr null)
define internal void @first.block(ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) #0 {
  %r = call i32 @__loom_launch_device(ptr @loom.kernel.ref.second, ptr null, ptr null, ptr null, i32 0, ptr null)
  ret void
}
define internal void @loom.entry.first(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) #1 {
  ret void
}
define internal void @second.block(ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) #2 {
  ret void
}
define internal void @loom.entry.second(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) #3 {
  ret void
}
declare i32 @__loom_launch_device(ptr, ptr, ptr, ptr, i32, ptr)

; MISSING: error: device-side launch of kernel 'missing', which this module does not define

attributes #0 = { "loom-block-of"="first" "loom-kernel-args"="0" }
attributes #1 = { nounwind "loom-entry-of"="first" }
attributes #2 = { "loom-block-of"="second" "loom-kernel-args"="0" }
attributes #3 = { nounwind "loom-entry-of"="second" }
attributes #4 = { "loom-kernel-ref"="second" }

; DeviceRuntimeCalls defines every C++ allocation operator the device code
; uses on the device heap (internal definitions, so no -rdc is needed and no
; symbol clashes with the host's): new and new[] -> __loom_device_malloc,
; their align_val_t forms -> __loom_device_malloc_aligned(size, align),
; nothrow forms like the plain ones, every delete -> __loom_device_free.
; Operators the program defines itself are left alone.
; RUN: %opt -passes=loom-device-runtime-calls,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%nothrow = type { i8 }
@nt = external global %nothrow

define void @k(i64 %n) {
  %a = call ptr @_Znwm(i64 %n)
  %b = call ptr @_Znam(i64 %n)
  %c = call ptr @_ZnwmSt11align_val_t(i64 %n, i64 128)
  %d = call ptr @_ZnamSt11align_val_t(i64 %n, i64 64)
  %e = call ptr @_ZnwmRKSt9nothrow_t(i64 %n, ptr @nt)
  call void @_ZdlPv(ptr %a)
  call void @_ZdaPv(ptr %b)
  call void @_ZdlPvm(ptr %a, i64 %n)
  call void @_ZdlPvSt11align_val_t(ptr %c, i64 128)
  call void @_ZdaPvmSt11align_val_t(ptr %d, i64 %n, i64 64)
  %u = call ptr @_Znwm.user(i64 %n)
  ret void
}

; CHECK-LABEL: define internal ptr @_Znwm(i64 %0)
; CHECK-NEXT: entry:
; CHECK-NEXT: %1 = call ptr @__loom_device_malloc(i64 %0)
; CHECK-NEXT: ret ptr %1
; CHECK-LABEL: define internal ptr @_Znam(i64 %0)
; CHECK: call ptr @__loom_device_malloc(i64 %0)
; CHECK-LABEL: define internal ptr @_ZnwmSt11align_val_t(i64 %0, i64 %1)
; CHECK: call ptr @__loom_device_malloc_aligned(i64 %0, i64 %1)
; CHECK-LABEL: define internal ptr @_ZnamSt11align_val_t(i64 %0, i64 %1)
; CHECK: call ptr @__loom_device_malloc_aligned(i64 %0, i64 %1)
; CHECK-LABEL: define internal ptr @_ZnwmRKSt9nothrow_t(i64 %0, ptr %1)
; CHECK: call ptr @__loom_device_malloc(i64 %0)
; CHECK-LABEL: define internal void @_ZdlPv(ptr %0)
; CHECK: call void @__loom_device_free(ptr %0)
; CHECK-LABEL: define internal void @_ZdaPv(ptr %0)
; CHECK: call void @__loom_device_free(ptr %0)
; CHECK-LABEL: define internal void @_ZdlPvm(ptr %0, i64 %1)
; CHECK: call void @__loom_device_free(ptr %0)
; CHECK-LABEL: define internal void @_ZdlPvSt11align_val_t(ptr %0, i64 %1)
; CHECK: call void @__loom_device_free(ptr %0)
; CHECK-LABEL: define internal void @_ZdaPvmSt11align_val_t(ptr %0, i64 %1, i64 %2)
; CHECK: call void @__loom_device_free(ptr %0)
; A definition of the program's own is kept.
; CHECK-LABEL: define ptr @_Znwm.user(
; CHECK-NEXT: ret ptr null
declare ptr @_Znwm(i64)
declare ptr @_Znam(i64)
declare ptr @_ZnwmSt11align_val_t(i64, i64)
declare ptr @_ZnamSt11align_val_t(i64, i64)
declare ptr @_ZnwmRKSt9nothrow_t(i64, ptr)
declare void @_ZdlPv(ptr)
declare void @_ZdaPv(ptr)
declare void @_ZdlPvm(ptr, i64)
declare void @_ZdlPvSt11align_val_t(ptr, i64)
declare void @_ZdaPvmSt11align_val_t(ptr, i64, i64)
define ptr @_Znwm.user(i64 %n) {
  ret ptr null
}

; KernelRegistration sets LOOM_KERNEL_NEVER_WAITS_FOR_HOST (flags = 1, the
; ninth field of LoomKernelDesc) when nothing reachable from the kernel's
; entry can observe a host write made after the launch, so nothing in it can
; wait for one; the runtime then may run a small launch on the launching
; thread (Scheduler::tryRunHere). What can wait: a volatile or atomic load,
; the old value of an atomic read-modify-write, inline assembly, an indirect
; call, a device-side launch, an unknown external function.
; The same walk sets LOOM_KERNEL_LAUNCHES_KERNELS (2) for a kernel reaching
; __loom_launch_device and LOOM_KERNEL_USES_DEVICE_HEAP (4) for one reaching
; the device heap's malloc/free (the 'services' kernel: 1 | 4).
; RUN: %opt -passes=loom-kernel-registration,verify -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-LABEL: @loom.kernels = private constant [12 x
; CHECK-SAME: ptr @loom.entry.plain, {{[^}]*}}, i32 1, i32 0 }
; CHECK-SAME: ptr @loom.entry.volatile_spin, {{[^}]*}}, i32 0, i32 0 }
; CHECK-SAME: ptr @loom.entry.atomic_load, {{[^}]*}}, i32 0, i32 0 }
; CHECK-SAME: ptr @loom.entry.rmw_used, {{[^}]*}}, i32 0, i32 0 }
; CHECK-SAME: ptr @loom.entry.rmw_unused, {{[^}]*}}, i32 1, i32 0 }
; CHECK-SAME: ptr @loom.entry.cas_used, {{[^}]*}}, i32 0, i32 0 }
; CHECK-SAME: ptr @loom.entry.inline_asm, {{[^}]*}}, i32 0, i32 0 }
; CHECK-SAME: ptr @loom.entry.indirect, {{[^}]*}}, i32 0, i32 0 }
; CHECK-SAME: ptr @loom.entry.device_launch, {{[^}]*}}, i32 2, i32 0 }
; CHECK-SAME: ptr @loom.entry.unknown_extern, {{[^}]*}}, i32 0, i32 0 }
; CHECK-SAME: ptr @loom.entry.deep_volatile, {{[^}]*}}, i32 0, i32 0 }
; CHECK-SAME: ptr @loom.entry.services, {{[^}]*}}, i32 5, i32 0 }

; Plain loads and stores, math through a memory-free declaration and a
; vector math variant (libmvec, named by the vector-function ABI).
define internal void @plain.block(ptr %p, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="plain" "loom-kernel-args"="1" {
  %v = load float, ptr %p
  %s = call float @sinf(float %v)
  %vs = call <8 x float> @_ZGVdN8v_sinf(<8 x float> zeroinitializer)
  store volatile float %s, ptr %p ; a volatile store waits for nothing
  ret void
}
define internal void @loom.entry.plain(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="plain" {
  call void @plain.block(ptr null, ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

; while (*(volatile int *)flag == 0) {}: the host sets the flag.
define internal void @volatile_spin.block(ptr %flag, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="volatile_spin" "loom-kernel-args"="1" {
entry:
  br label %spin
spin:
  %v = load volatile i32, ptr %flag
  %z = icmp eq i32 %v, 0
  br i1 %z, label %spin, label %done
done:
  ret void
}
define internal void @loom.entry.volatile_spin(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="volatile_spin" {
  call void @volatile_spin.block(ptr null, ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

define internal void @atomic_load.block(ptr %flag, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="atomic_load" "loom-kernel-args"="1" {
  %v = load atomic i32, ptr %flag acquire, align 4
  ret void
}
define internal void @loom.entry.atomic_load(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="atomic_load" {
  call void @atomic_load.block(ptr null, ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

; while (atomicAdd(flag, 0) == 0) {}
define internal void @rmw_used.block(ptr %flag, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="rmw_used" "loom-kernel-args"="1" {
  %old = atomicrmw add ptr %flag, i32 0 monotonic
  %z = icmp eq i32 %old, 0
  ret void
}
define internal void @loom.entry.rmw_used(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="rmw_used" {
  call void @rmw_used.block(ptr null, ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

; atomicAdd(&hist[bin], 1) with the old value unused: a histogram.
define internal void @rmw_unused.block(ptr %hist, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="rmw_unused" "loom-kernel-args"="1" {
  %old = atomicrmw add ptr %hist, i32 1 monotonic
  ret void
}
define internal void @loom.entry.rmw_unused(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="rmw_unused" {
  call void @rmw_unused.block(ptr null, ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

; A lock: while (atomicCAS(lock, 0, 1) != 0) {}
define internal void @cas_used.block(ptr %lock, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="cas_used" "loom-kernel-args"="1" {
  %pair = cmpxchg ptr %lock, i32 0, i32 1 acquire monotonic
  %ok = extractvalue { i32, i1 } %pair, 1
  ret void
}
define internal void @loom.entry.cas_used(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="cas_used" {
  call void @cas_used.block(ptr null, ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

define internal void @inline_asm.block(ptr %p, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="inline_asm" "loom-kernel-args"="1" {
  call void asm sideeffect "pause", ""()
  ret void
}
define internal void @loom.entry.inline_asm(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="inline_asm" {
  call void @inline_asm.block(ptr null, ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

define internal void @indirect.block(ptr %fn, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="indirect" "loom-kernel-args"="1" {
  call void %fn()
  ret void
}
define internal void @loom.entry.indirect(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="indirect" {
  call void @indirect.block(ptr null, ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

; Its grid completes with its children: it must be a scheduled op.
define internal void @device_launch.block(ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="device_launch" "loom-kernel-args"="0" {
  %r = call i32 @__loom_launch_device(ptr null, ptr null, ptr null, ptr null, i32 0, ptr null)
  ret void
}
define internal void @loom.entry.device_launch(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="device_launch" {
  call void @device_launch.block(ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

define internal void @unknown_extern.block(ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="unknown_extern" "loom-kernel-args"="0" {
  call void @somewhere_else()
  ret void
}
define internal void @loom.entry.unknown_extern(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="unknown_extern" {
  call void @unknown_extern.block(ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

; The spin is in a device function two calls down (kept out of line, e.g.
; recursive).
define internal void @helper2(ptr %flag) {
  %v = load volatile i32, ptr %flag
  ret void
}
define internal void @helper1(ptr %flag) {
  call void @helper2(ptr %flag)
  call void @helper1(ptr %flag)
  ret void
}
define internal void @deep_volatile.block(ptr %flag, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="deep_volatile" "loom-kernel-args"="1" {
  call void @helper1(ptr %flag)
  ret void
}
define internal void @loom.entry.deep_volatile(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="deep_volatile" {
  call void @deep_volatile.block(ptr null, ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

; printf, assert, the device heap and clocks return without waiting.
define internal void @services.block(ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz) "loom-block-of"="services" "loom-kernel-args"="0" {
  %r = call i32 @__loom_vprintf(ptr null, ptr null)
  %m = call ptr @__loom_device_malloc(i64 16)
  call void @__loom_device_free(ptr %m)
  %t = call i64 @__loom_globaltimer()
  call void @llvm.memset.p0.i64(ptr %m, i8 0, i64 16, i1 false)
  ret void
}
define internal void @loom.entry.services(ptr %launch, ptr %args, i64 %b, i64 %e, ptr %worker) nounwind "loom-entry-of"="services" {
  call void @services.block(ptr %launch, ptr %worker, i32 0, i32 0, i32 0)
  ret void
}

declare float @sinf(float) #2
declare <8 x float> @_ZGVdN8v_sinf(<8 x float>)
declare void @somewhere_else()
declare i32 @__loom_launch_device(ptr, ptr, ptr, ptr, i32, ptr)
declare i32 @__loom_vprintf(ptr, ptr)
declare ptr @__loom_device_malloc(i64)
declare void @__loom_device_free(ptr)
declare i64 @__loom_globaltimer()
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

attributes #2 = { memory(none) }

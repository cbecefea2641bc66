; exit ends the calling thread (CUB's ThreadExit): the translator emits the
; noreturn marker loom.thread.exit (guarded: in a branch), and
; InlineDeviceFunctions, once the function is inlined into its kernel, turns
; it into a return of the kernel; the code after it is gone.
; RUN: %opt -passes=loom-inline-ptx,verify -S %s | FileCheck %s
; RUN: %opt -passes=loom-inline-ptx,always-inline,loom-inline-device-functions,verify -S %s | FileCheck %s --check-prefix=KERNEL

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @thread_exit(
; CHECK: call void @loom.thread.exit()
; CHECK-NOT: asm
define void @thread_exit() alwaysinline {
  call void asm sideeffect "exit;", ""()
  ret void
}

; @p exit: only threads whose predicate holds leave.
; CHECK-LABEL: define void @exit_if(
; CHECK: br i1 %{{.*}}, label %ptx.then, label %ptx.cont
; CHECK: ptx.then:
; CHECK-NEXT: call void @loom.thread.exit()
define void @exit_if(i32 %x) {
  call void asm sideeffect "{ .reg .pred p; setp.eq.u32 p, $0, 0; @p exit; }", "r"(i32 %x)
  ret void
}

; The store after ThreadExit() never runs: the kernel returns at the exit.
; KERNEL-LABEL: define void @k(
; KERNEL: store i32 1, ptr %p
; KERNEL-NEXT: ret void
; KERNEL-NOT: store i32 2
; KERNEL-NOT: loom.thread.exit
; KERNEL: }
define void @k(ptr %p) "loom-kernel" {
  store i32 1, ptr %p
  call void @thread_exit()
  store i32 2, ptr %p
  ret void
}

; KERNEL-LABEL: define void @k2(
; KERNEL: br i1 %{{.*}}, label %ptx.then.i, label %
; KERNEL: ptx.then.i:
; KERNEL-NEXT: ret void
; KERNEL-NOT: loom.thread.exit
define void @k2(ptr %p, i32 %x) "loom-kernel" {
  call void @exit_if(i32 %x)
  store i32 3, ptr %p
  ret void
}

; KERNEL-NOT: call void @loom.thread.exit

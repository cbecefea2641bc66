; PTX `exit` ends the thread by returning from the kernel it was inlined
; into; in a recursive device function (never inlined) that is impossible,
; an error naming it.
; RUN: not %opt -passes=loom-inline-device-functions -disable-output %s 2>&1 | FileCheck %s
; CHECK: error: {{.*}}PTX 'exit' in a device function Loom cannot inline into its kernel (a recursive function, or one called through a pointer)

define void @rec(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %out, label %again
again:
  %m = sub i32 %n, 1
  call void @rec(i32 %m)
  ret void
out:
  call void @loom.thread.exit()
  ret void
}

define void @k(i32 %n) "loom-kernel" {
  call void @rec(i32 %n)
  ret void
}

declare void @loom.thread.exit() noreturn

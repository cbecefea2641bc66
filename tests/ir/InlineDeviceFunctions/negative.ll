; A device function that reads threadIdx but cannot be inlined into its
; kernel is left alone here and reported once ThreadLoops has turned the
; kernels into thread loops (the marker has no loop counter to become).
; RUN: not %opt -passes=loom-inline-device-functions,loom-thread-loops -disable-output %s 2>&1 | FileCheck %s --check-prefix=ERR

; Reason: recursion cannot be inlined, and a separate function has no
; thread loop of its own.
; __device__ int rec(int n) { return n <= 0 ? threadIdx.x : rec(n - 1) + 1; }
; __global__ void k(int *out) { *out = rec(3); }
; ERR: error: {{.*}}in function rec{{.*}}threadIdx/blockIdx/blockDim/gridDim read in a __device__ function that cannot be inlined into its kernel (recursive or called through a pointer)
define i32 @rec(i32 %n) {
entry:
  %stop = icmp sle i32 %n, 0
  br i1 %stop, label %base, label %step
base:
  %t = call i32 @loom.tid.x()
  ret i32 %t
step:
  %m = sub i32 %n, 1
  %r = call i32 @rec(i32 %m)
  %s = add i32 %r, 1
  ret i32 %s
}

define void @k(ptr %out) "loom-kernel" {
  %v = call i32 @rec(i32 3)
  store i32 %v, ptr %out
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)

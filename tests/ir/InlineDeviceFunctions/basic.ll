; InlineDeviceFunctions inlines every device function that (transitively)
; reads a thread/block index marker or contains a barrier, unless it is
; recursive; all other device functions become internal and the ones left
; without callers are deleted. Kernels are untouched.
; RUN: %opt -passes=loom-inline-device-functions,verify -S %s | FileCheck %s

; The comdat goes with its only member.
; CHECK-NOT: comdat any
$fetch_tid = comdat any

; Clang's threadIdx.x accessor (linkonce_odr, comdat) reads the marker.
define linkonce_odr i32 @fetch_tid() comdat {
  %t = call i32 @loom.tid.x()
  ret i32 %t
}

; __device__ __noinline__ int helper(int v) { return v + threadIdx.x; }
; Reads the marker through another function and is noinline: still inlined.
define i32 @helper(i32 %v) noinline optnone {
  %t = call i32 @fetch_tid()
  %r = add i32 %v, %t
  ret i32 %r
}

; __device__ int square(int v) { return v * v; }
; Thread-independent: not forced inline, but internal (the host never calls
; device code).
; CHECK-LABEL: define internal i32 @square(
define i32 @square(i32 %v) noinline {
  %r = mul i32 %v, %v
  ret i32 %r
}

; __device__ int rec(int n) { return n <= 0 ? threadIdx.x : rec(n - 1) + 1; }
; Recursive: cannot be inlined; kept (internal) for ThreadLoops to report.
; CHECK-LABEL: define internal i32 @rec(
; CHECK-NOT: alwaysinline
; CHECK: call i32 @loom.tid.x()
; CHECK: call i32 @rec(
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

; __device__ void unused() {}  -- no caller: deleted.
define void @unused() {
  ret void
}

; __global__ void k(int *out) { out[0] = helper(1) + square(2) + rec(3); }
; helper and fetch_tid are inlined (the marker is now in the kernel);
; the kernel keeps its external linkage.
; CHECK-LABEL: define void @k(
; CHECK-NOT: call i32 @helper
; CHECK-NOT: call i32 @fetch_tid
; CHECK: [[T:%.*]] = call i32 @loom.tid.x()
; CHECK: add i32 1, [[T]]
; CHECK: call i32 @square(i32 2)
; CHECK: call i32 @rec(i32 3)
; CHECK: ret void
define void @k(ptr %out) #0 {
  %a = call i32 @helper(i32 1)
  %b = call i32 @square(i32 2)
  %c = call i32 @rec(i32 3)
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  store i32 %abc, ptr %out
  ret void
}

; Inlined helpers and unreachable device functions are deleted, so is the
; comdat.
; CHECK-NOT: define {{.*}}@helper(
; CHECK-NOT: define {{.*}}@fetch_tid(
; CHECK-NOT: define {{.*}}@unused(
; CHECK-NOT: comdat

declare i32 @loom.tid.x() nounwind willreturn memory(none)

attributes #0 = { "loom-kernel" }

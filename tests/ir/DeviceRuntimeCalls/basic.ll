; DeviceRuntimeCalls redirects device printf, assert and trap to libloomrt.
; RUN: %opt -passes=loom-device-runtime-calls,verify -S %s | FileCheck %s

@.str = private unnamed_addr constant [6 x i8] c"i=%d\0A\00", align 1
@.msg = private unnamed_addr constant [7 x i8] c"i >= 0\00", align 1
@.file = private unnamed_addr constant [5 x i8] c"a.cu\00", align 1
@.func = private unnamed_addr constant [12 x i8] c"void k(int)\00", align 1
%printf_args = type { i32 }

; printf("i=%d\n", i);  -- clang packs the arguments into a buffer.
; The result is still used: __loom_vprintf returns it.
; CHECK-LABEL: define i32 @print(
; CHECK: [[R:%.*]] = call i32 @__loom_vprintf(ptr @.str, ptr %buf)
; CHECK: ret i32 [[R]]
define i32 @print(i32 %i) {
  %buf = alloca %printf_args, align 8
  store i32 %i, ptr %buf, align 4
  %r = call i32 @vprintf(ptr @.str, ptr %buf)
  ret i32 %r
}

; assert(i >= 0);  -- __assertfail's trailing charSize argument is dropped,
; the line stays a 32-bit value.
; CHECK-LABEL: define void @check(
; CHECK: [[BX:%.*]] = call i32 @loom.ctaid.x()
; CHECK: [[TZ:%.*]] = call i32 @loom.tid.z()
; CHECK: call void @__loom_assert_fail(ptr @.msg, ptr @.file, i32 18, ptr @.func, i32 [[BX]], i32 {{%.*}}, i32 {{%.*}}, i32 {{%.*}}, i32 {{%.*}}, i32 [[TZ]])
; CHECK-NOT: __assertfail
define void @check(i32 %i) {
  %ok = icmp sge i32 %i, 0
  br i1 %ok, label %done, label %fail
fail:
  call void @__assertfail(ptr @.msg, ptr @.file, i32 18, ptr @.func, i64 1)
  br label %done
done:
  ret void
}

; __trap();  -- must not raise SIGILL on the host.
; CHECK-LABEL: define void @trap(
; CHECK-NEXT: call void @__loom_trap()
; CHECK-NEXT: unreachable
define void @trap() {
  call void @llvm.trap()
  unreachable
}

; The device-side declarations are gone; only the runtime's remain.
; CHECK-NOT: declare {{.*}}@vprintf(
; CHECK-NOT: declare {{.*}}@__assertfail(
; CHECK-NOT: declare {{.*}}@llvm.trap(
; CHECK-DAG: declare i32 @__loom_vprintf(ptr, ptr)
; CHECK-DAG: declare void @__loom_assert_fail(ptr, ptr, i32, ptr, i32, i32, i32, i32, i32, i32)
; CHECK-DAG: declare void @__loom_trap()
declare i32 @vprintf(ptr, ptr)
declare void @__assertfail(ptr, ptr, i32, ptr, i64)
declare void @llvm.trap()

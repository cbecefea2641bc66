; loom-memcheck puts a check before every access that may leave the thread's
; stack, with what the compiler knows of the address (a __shared__ array, a
; variable, or nothing), inlines device functions so that their accesses get
; the thread index, and names the block's shared arrays at the kernel entry.
; loom-racecheck checks only non-atomic accesses that may be shared and
; counts barriers.
; RUN: %opt -passes=loom-memcheck,verify -S %s | FileCheck %s
; RUN: %opt -passes=loom-racecheck,verify -S %s | FileCheck %s --check-prefix=RACE

@tile = internal global [32 x i32] undef, !loom.shared !0
@dyn = external global [0 x float], !loom.shared !0
@table = internal global [16 x i32] zeroinitializer

; CHECK: @loom.check.site{{.*}} = private constant { ptr, ptr, ptr, i32, i32 } { ptr null, ptr @{{.*}}, ptr null, i32 0, i32 528 }
; CHECK-LABEL: define void @k(
; CHECK: call void @__loom_check_thread_begin(
; CHECK: call void @__loom_check_shared_range(ptr @tile, i64 128)
; CHECK: call void @__loom_check_shared_range(ptr @dyn, i64 -1)
; The alloca is the thread's own: no check.
; CHECK-NOT: call void @__loom_check_access(ptr %local
; CHECK: call void @__loom_check_access(ptr %p, i64 4, ptr @loom.check.site{{.*}}, ptr null, i64 0, i32 %{{.*}}
; CHECK-NEXT: %v = load i32, ptr %p
; CHECK: call void @__loom_check_access(ptr %s, i64 4, ptr @loom.check.site{{.*}}, ptr @tile, i64 128,
; CHECK-NEXT: store i32 %v, ptr %s
; CHECK: call void @__loom_check_access(ptr %d, i64 4, ptr @loom.check.site{{.*}}, ptr @dyn, i64 -1,
; CHECK: call void @__loom_check_access(ptr %t, i64 4, ptr @loom.check.site{{.*}}, ptr @table, i64 64,
; CHECK: call void @__loom_check_access(ptr %q, i64 4, {{.*}}, i32 %{{.*}}, i32 %{{.*}}
; CHECK-NEXT: atomicrmw add ptr %q
; The helper was inlined: its load has the thread's index too.
; CHECK: call void @__loom_check_access(ptr %{{.*}}, i64 8, {{.*}}, ptr null, i64 0, i32 %{{[a-z0-9.]+}}
; CHECK-NEXT: load i64
; CHECK-NOT: call i64 @helper

; RACE-LABEL: define void @k(
; An address the compiler cannot follow may be shared memory: the run time
; looks (flags 32: races only, generic).
; RACE: call void @__loom_check_access(ptr %p, i64 4, ptr @loom.check.site{{.*}}, ptr null, i64 0,{{.*}}, i64 0)
; A store passes the bits it writes (flag 64), so that a write of the value
; already there is not a hazard.
; RACE: [[BITS:%[0-9a-z.]+]] = zext i32 %v to i64
; RACE: call void @__loom_check_access(ptr %s, i64 4, ptr [[SITE:@loom.check.site[0-9.]*]], ptr @tile, i64 128,{{.*}}, i64 [[BITS]])
; RACE: call void @__loom_check_barrier(i32 0,
; RACE-NEXT: call void @loom.barrier()
; RACE: call void @__loom_check_access(ptr %d,
; RACE-NOT: call void @__loom_check_access(ptr %t,
; RACE-NOT: call void @__loom_check_access(ptr %q,
; Atomic loads and stores of shared memory never race.
; RACE-NOT: call void @__loom_check_access(ptr %s,

define internal i64 @helper(ptr %p) noinline {
  %v = load i64, ptr %p, align 8
  ret i64 %v
}

define void @k(ptr %p, ptr %q, ptr %r, i32 %i) "loom-kernel" {
  %local = alloca i32
  store i32 1, ptr %local
  %tid = call i32 @loom.tid.x()
  %v = load i32, ptr %p, align 4
  %s = getelementptr [32 x i32], ptr @tile, i32 0, i32 %tid
  store i32 %v, ptr %s, align 4
  call void @loom.barrier()
  %d = getelementptr float, ptr @dyn, i32 %i
  %f = load float, ptr %d, align 4
  %t = getelementptr [16 x i32], ptr @table, i32 0, i32 %i
  store i32 %v, ptr %t, align 4
  %old = atomicrmw add ptr %q, i32 1 seq_cst, align 4
  %h = call i64 @helper(ptr %r)
  %flag = load atomic i32, ptr %s acquire, align 4
  store atomic i32 %flag, ptr %s release, align 4
  ret void
}

declare i32 @loom.tid.x()
declare void @loom.barrier()

!0 = !{}

; A staged append (DeferAppends: out[atomicAdd(&count, 1)] = v) in a gang:
; one __loom_append call reserves the active lanes' slots (their number is
; the popcount of the mask; W with no mask), and the lanes' values go there
; with a compress-store, consecutive in lane order. Lane l's slot, where a
; lane-by-lane user needs it, is the first plus the element size times the
; number of active lanes below l.
; RUN: %opt -passes=loom-wfv -loom-wfv-width=4 -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

declare i32 @loom.tid.x()
declare i32 @loom.ctaid.x()
declare i32 @loom.ntid.x()
declare ptr @__loom_append(ptr, ptr, i64, i32, i32)

; CHECK-LABEL: define void @compact(
; CHECK: %[[BITS:.*]] = bitcast <4 x i1> %[[MASK:em[^ ]*]] to i4
; CHECK-NEXT: %[[POP:.*]] = call i4 @llvm.ctpop.i4(i4 %[[BITS]])
; CHECK-NEXT: %[[N:.*]] = zext i4 %[[POP]] to i32
; CHECK-NEXT: %append.first = call ptr @__loom_append(ptr %count, ptr %out, i64 4, i32 %[[N]], i32 2)
; CHECK-NOT: @__loom_append
; CHECK: call void @llvm.masked.compressstore.v4i32(<4 x i32> %{{.*}}, ptr %append.first, <4 x i1> %[[MASK]])
; CHECK-NOT: scatter
define void @compact(ptr %data, ptr %count, ptr %out, i32 %n) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %bid = call i32 @loom.ctaid.x()
  %bdim = call i32 @loom.ntid.x()
  %base = mul i32 %bid, %bdim
  %gi = add i32 %base, %tid
  %in = icmp slt i32 %gi, %n
  br i1 %in, label %load, label %done
load:
  %i = zext nneg i32 %gi to i64
  %pd = getelementptr inbounds i32, ptr %data, i64 %i
  %x = load i32, ptr %pd, align 4
  %odd = and i32 %x, 1
  %keep = icmp ne i32 %odd, 0
  br i1 %keep, label %then, label %done
then:
  %slot = call ptr @__loom_append(ptr %count, ptr %out, i64 4, i32 1, i32 2)
  store i32 %x, ptr %slot, align 4
  br label %done
done:
  ret void
}

; Every lane appends (no branch): W slots, one call per gang.
; CHECK-LABEL: define void @all_lanes(
; CHECK: %append.first = call ptr @__loom_append(ptr %count, ptr %out, i64 8, i32 4, i32 0)
; CHECK-NEXT: %{{.*}} = insertelement
; CHECK: store <4 x double> %v, ptr %append.first, align 8
; The row's last gang (partial): its active lanes.
; CHECK: %append.first{{[0-9]+}} = call ptr @__loom_append(ptr %count, ptr %out, i64 8, i32 %{{.*}}, i32 0)
; CHECK: call void @llvm.masked.compressstore.v4f64(
define void @all_lanes(ptr %count, ptr %out) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %v = sitofp i32 %tid to double
  %slot = call ptr @__loom_append(ptr %count, ptr %out, i64 8, i32 1, i32 0)
  store double %v, ptr %slot, align 8
  ret void
}

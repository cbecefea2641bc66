; Every pass in Pipeline/Passes.def is reachable by its name from opt (the
; names are read from the file, so a pass added there is tested here), the
; parameterized device-library link too, and Loom's passes in order are
; reachable as loom-kernel-passes (the whole device compile, host O3
; included, is loom-kernel-pipeline: reproduce-loomcc.test). An empty module
; goes through unchanged except for the registration.
; RUN: grep -o '^LOOM_[A-Z]*_PASS("[a-z-]*"' %S/../../../compiler/Pipeline/Passes.def | sed 's/.*("//; s/"//' > %t.names
; RUN: test $(wc -l < %t.names) -ge 18
; RUN: for p in $(cat %t.names); do %opt -disable-output %s -passes=$p || exit 1; done
; RUN: %opt -disable-output %s -passes='loom-link-device-library,loom-link-device-library<>'
; RUN: not %opt -disable-output %s -passes='loom-link-device-library<%t.missing.bc>' 2>&1 | FileCheck %s --check-prefix=LIB
; RUN: %opt -S %s -passes=loom-kernel-passes,verify | FileCheck %s
; RUN: %opt -S %s -passes=loom-kernel-pipeline,verify | FileCheck %s
; RUN: not %opt -disable-output %s -passes=loom-no-such-pass 2>&1 | FileCheck %s --check-prefix=ERR

; A module without kernels still registers (an empty descriptor).
; CHECK: @loom.module = private constant { i32, i32, ptr, ptr, i32, i32, ptr, ptr, i64, ptr } { i32 4, i32 0, ptr @loom.module.key, ptr null, i32 0, i32 0, ptr null, ptr null, i64 0, ptr null }
; CHECK: @llvm.global_ctors = appending global {{.*}} ptr @loom.register.module

; LIB: cannot read Loom's device library '{{.*}}missing.bc'
; ERR: unknown pass name 'loom-no-such-pass'

target triple = "nvptx64-nvidia-cuda"

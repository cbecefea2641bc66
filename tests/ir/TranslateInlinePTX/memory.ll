; Loads, stores, atomics and fences. State spaces and cache qualifiers
; (.global/.shared/.const/.generic, .nc, .ca/.cg/.cs/.lu/.wb/.wt,
; .L1::no_allocate, .L2::256B) are all one flat memory on the CPU: plain
; accesses; .volatile/.cv are volatile; .relaxed/.acquire/.release with a
; scope are atomic accesses of that ordering; .v2/.v4 are vector accesses
; with the vector's alignment; narrow loads extend by the type's sign;
; atom/red map onto atomicrmw/cmpxchg (relaxed unless a semantic is
; given); membar and fence become fences.
; RUN: %opt -passes=loom-inline-ptx,verify -S %s | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define float @ld_nc(
; CHECK-NEXT: [[P:%.*]] = getelementptr i8, ptr %p, i64 8
; CHECK-NEXT: [[V:%.*]] = load float, ptr [[P]], align 4
; CHECK-NEXT: ret float [[V]]
define float @ld_nc(ptr %p) {
  %r = call float asm "ld.global.nc.L1::no_allocate.L2::256B.f32 $0, [$1+8];", "=f,l"(ptr %p)
  ret float %r
}

; CHECK-LABEL: define i32 @ld_qualifiers(
; CHECK: load volatile i32, ptr %p, align 4
; CHECK: load atomic i32, ptr %p monotonic, align 4
; CHECK: load atomic i32, ptr %p acquire, align 4
; CHECK: load i32, ptr %p, align 4
; CHECK: load volatile i32, ptr %p, align 4
define i32 @ld_qualifiers(ptr %p) {
  %r = call i32 asm "{ .reg .u32 a, b, c, d, e; ld.volatile.global.u32 a, [$1]; ld.relaxed.gpu.global.u32 b, [$1]; ld.acquire.sys.u32 c, [$1]; ld.global.cs.u32 d, [$1]; ld.global.cv.u32 e, [$1]; add.u32 a, a, b; add.u32 a, a, c; add.u32 a, a, d; add.u32 $0, a, e; }", "=r,l"(ptr %p)
  ret i32 %r
}

; CHECK-LABEL: define i32 @ld_narrow(
; CHECK: [[U:%.*]] = load i8, ptr %p, align 1
; CHECK: zext i8 [[U]] to i32
; CHECK: [[S:%.*]] = load i8, ptr %p, align 1
; CHECK: sext i8 [[S]] to i32
define i32 @ld_narrow(ptr %p) {
  %r = call i32 asm "{ .reg .u32 a, b; ld.global.u8 a, [$1]; ld.global.s8 b, [$1]; add.u32 $0, a, b; }", "=r,l"(ptr %p)
  ret i32 %r
}

; CHECK-LABEL: define { float, float, float, float } @ld_v4(
; CHECK: [[V:%.*]] = load <4 x float>, ptr %p, align 16
; CHECK: extractelement <4 x float> [[V]], i64 0
; CHECK: extractelement <4 x float> [[V]], i64 3
define { float, float, float, float } @ld_v4(ptr %p) {
  %r = call { float, float, float, float } asm "ld.global.v4.f32 {$0, $1, $2, $3}, [$4];", "=f,=f,=f,=f,l"(ptr %p)
  ret { float, float, float, float } %r
}

; CHECK-LABEL: define void @st_forms(
; CHECK: store i32 %v, ptr %p, align 4
; CHECK: store atomic i32 %v, ptr %p release, align 4
; CHECK: store volatile i32 %v, ptr %p, align 4
; CHECK: [[A:%.*]] = insertelement <2 x i64> poison, i64 %w, i64 0
; CHECK: [[B:%.*]] = insertelement <2 x i64> [[A]], i64 %w, i64 1
; CHECK: store <2 x i64> [[B]], ptr %p, align 16
define void @st_forms(ptr %p, i32 %v, i64 %w) {
  call void asm sideeffect "st.global.wt.u32 [$0], $1;\0A\09st.release.gpu.global.u32 [$0], $1;\0A\09st.volatile.shared.u32 [$0], $1;\0A\09st.global.v2.u64 [$0], {$2, $2};", "l,r,l,~{memory}"(ptr %p, i32 %v, i64 %w)
  ret void
}

; CHECK-LABEL: define i32 @atomics(
; CHECK: atomicrmw add ptr %p, i32 %v monotonic, align 4
; CHECK: cmpxchg ptr %p, i32 %v, i32 7 acq_rel acquire, align 4
; CHECK: atomicrmw uinc_wrap ptr %p, i32 %v monotonic, align 4
; CHECK: atomicrmw udec_wrap ptr %p, i32 %v monotonic, align 4
; CHECK: atomicrmw max ptr %p, i32 %v monotonic, align 4
; CHECK: atomicrmw umin ptr %p, i32 %v seq_cst, align 4
; CHECK: atomicrmw xchg ptr %p, i32 %v monotonic, align 4
; CHECK: atomicrmw or ptr %p, i32 %v release, align 4
define i32 @atomics(ptr %p, i32 %v) {
  %r = call i32 asm "{ .reg .u32 a, b, c, d, e; atom.global.add.u32 a, [$1], $2; atom.acq_rel.gpu.global.cas.b32 b, [$1], $2, 7; atom.global.inc.u32 c, [$1], $2; atom.dec.u32 d, [$1], $2; red.global.max.s32 [$1], $2; atom.sc.sys.min.u32 e, [$1], $2; atom.exch.b32 e, [$1], $2; red.release.gpu.or.b32 [$1], $2; add.u32 a, a, b; add.u32 a, a, c; add.u32 a, a, d; add.u32 $0, a, e; }", "=r,l,r,~{memory}"(ptr %p, i32 %v)
  ret i32 %r
}

; CHECK-LABEL: define float @atomic_float(
; CHECK: atomicrmw fadd ptr %p, float %x monotonic, align 4
; CHECK: atomicrmw fadd ptr %p, double %d monotonic, align 8
define float @atomic_float(ptr %p, float %x, double %d) {
  %r = call float asm "atom.global.add.f32 $0, [$1], $2;\0A\09red.global.add.f64 [$1], $3;", "=f,l,f,d"(ptr %p, float %x, double %d)
  ret float %r
}

; CHECK-LABEL: define void @fences(
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: fence acq_rel
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: ret void
define void @fences(ptr %p) {
  call void asm sideeffect "membar.gl; membar.cta; membar.sys; fence.acq_rel.gpu; fence.sc.cta; prefetch.global.L2 [$0];", "l"(ptr %p)
  ret void
}

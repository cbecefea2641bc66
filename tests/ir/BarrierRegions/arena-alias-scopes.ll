; Values kept across barriers live in the worker's arena; Loom's own slots
; are never seen by the program and never overlap. Each kept slot (and the
; state word) gets its own alias scope; its loads and stores are marked not
; to alias the other slots, the program's loads and stores not to alias any
; slot. Without the scopes a value kept across the tile barrier (here the
; weight w, loaded before it) was reloaded in every iteration of an inner
; loop that stores to the program's memory (n-body's accumulators were also
; stored back each iteration); with them LICM hoists the reload.
; RUN: %opt -passes=loom-thread-loops,verify -S %s | FileCheck %s
; RUN: %opt -passes='loom-thread-loops,function(loop-simplify,lcssa,loop-mssa(licm))' -S %s \
; RUN:   | FileCheck --check-prefix=LICM %s

; __global__ void tiles(const float *in, float *out, int tiles) {
;   __shared__ float sh[64];
;   float acc = 0, w = in[threadIdx.x];
;   for (int t = 0; t < tiles; ++t) {
;     sh[threadIdx.x] = in[t * 64 + threadIdx.x];
;     __syncthreads();
;     for (int j = 0; j < 64; ++j) { acc += sh[j] * w; out[j] = acc; }
;     __syncthreads();
;   }
;   out[threadIdx.x] = acc;
; }
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@sh = internal thread_local global [64 x float] undef, !loom.shared !0

declare i32 @loom.tid.x()
declare void @loom.barrier()

; The kept accumulator: its own scope, not aliasing the other slots.
; CHECK-LABEL: define internal void @tiles.block(
; CHECK: store float %{{.*}}, ptr %acc.reg2mem.thread, align 4, !alias.scope ![[OWN:[0-9]+]], !noalias ![[OTHERS:[0-9]+]]
; The program's loads and stores: not aliasing any slot.
; CHECK: load float, ptr %pin.region0, align 4, !noalias ![[ALL:[0-9]+]]
; CHECK-DAG: ![[OWN]] = !{![[S:[0-9]+]]}
; CHECK-DAG: ![[S]] = distinct !{![[S]], ![[D:[0-9]+]], !"acc.reg2mem.slots"}
; CHECK-DAG: ![[D]] = distinct !{![[D]], !"loom.arena"}
; CHECK-DAG: ![[ALL]] = !{![[ST:[0-9]+]], {{.*}}![[S]]{{.*}}}
; CHECK-DAG: ![[ST]] = distinct !{![[ST]], ![[D]], !"thread.state"}

; After LICM the inner j loop (a self-loop of the region that follows the
; first barrier) loads sh[j] and stores out[j], with no slot access.
; LICM-LABEL: define internal void @tiles.block(
; LICM: {{^}}inner.region1:
; LICM-NOT: reg2mem
; LICM: br i1 %{{.*}}, label %tile.end.region1, label %inner.region1
define void @tiles(ptr %in, ptr %out, i32 %tiles) "loom-kernel" {
entry:
  %tid = call i32 @loom.tid.x()
  %tid64 = zext i32 %tid to i64
  %pw = getelementptr inbounds float, ptr %in, i64 %tid64
  %w = load float, ptr %pw, align 4
  br label %tile

tile:
  %t = phi i32 [ 0, %entry ], [ %tnext, %tile.end ]
  %acc = phi float [ 0.0, %entry ], [ %acc.inner, %tile.end ]
  %base = mul i32 %t, 64
  %gi = add i32 %base, %tid
  %gi64 = zext i32 %gi to i64
  %pin = getelementptr inbounds float, ptr %in, i64 %gi64
  %v = load float, ptr %pin, align 4
  %ps = getelementptr inbounds [64 x float], ptr @sh, i64 0, i64 %tid64
  store float %v, ptr %ps, align 4
  call void @loom.barrier()
  br label %inner

inner:
  %j = phi i64 [ 0, %tile ], [ %jnext, %inner ]
  %a = phi float [ %acc, %tile ], [ %anext, %inner ]
  %pj = getelementptr inbounds [64 x float], ptr @sh, i64 0, i64 %j
  %x = load float, ptr %pj, align 4
  %xw = fmul float %x, %w
  %anext = fadd float %a, %xw
  %po.j = getelementptr inbounds float, ptr %out, i64 %j
  store float %anext, ptr %po.j, align 4
  %jnext = add nuw nsw i64 %j, 1
  %jdone = icmp eq i64 %jnext, 64
  br i1 %jdone, label %tile.end, label %inner

tile.end:
  %acc.inner = phi float [ %anext, %inner ]
  call void @loom.barrier()
  %tnext = add nsw i32 %t, 1
  %more = icmp slt i32 %tnext, %tiles
  br i1 %more, label %tile, label %exit

exit:
  %po = getelementptr inbounds float, ptr %out, i64 %tid64
  store float %acc.inner, ptr %po, align 4
  ret void
}

!0 = !{}

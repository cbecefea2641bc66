; ThreadLoops turns each kernel K into @K.block(<K's params>, launch, worker,
; bx, by, bz, row.blocks): K's body inside a z/y/x loop nest over blockDim,
; thread indices are the loop phis, `ret` ends one thread, the x loop is
; parallel. Row walks (the loop over %row.blocks blocks) are off here, so
; the nest is the plain one; row_walk.ll tests them.
; RUN: %opt -passes=loom-thread-loops,verify -loom-row-walk=false -S %s | FileCheck %s

%struct.S = type { i32, double, i8 }

; __global__ void axpy(float a, const float *x, float *y, int n) {
;   int i = blockIdx.x * blockDim.x + threadIdx.x;
;   if (i >= n) return;
;   y[i] = a * x[i] + y[i];
; }
; The kernel itself is deleted; the block function is internal and says
; whose block it is and how many kernel arguments it has.
; CHECK-NOT: define {{.*}}@axpy(
; CHECK-LABEL: define internal void @axpy.block(float %a, ptr %x, ptr %y, i32 %n, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks)
; CHECK-SAME: #[[AXPY:[0-9]+]]
; Launch dimensions are read once, before the loops (LoomLaunch: gridDim
; is field 0, blockDim field 1).
; CHECK: block.entry:
; CHECK: getelementptr inbounds { [3 x i32], [3 x i32], i64 }, ptr %launch, i32 0, i32 1
; CHECK: %blockDim.x = load i32, {{.*}}!invariant.load
; CHECK: %blockDim.y = load i32
; CHECK: %blockDim.z = load i32
; CHECK: br label %threads
; z, y, x headers, each starting at 0 (do-while loops).
; CHECK: thread.z:
; CHECK-NEXT: %tid.z = phi i32 [ 0, %threads ], [ %tid.z.inc, %thread.z.next ]
; CHECK: thread.y:
; CHECK-NEXT: %tid.y = phi i32 [ 0, %thread.z ], [ %tid.y.inc, %thread.y.next ]
; CHECK: thread.x:
; CHECK-NEXT: %tid.x = phi i32 [ 0, %thread.y ], [ %tid.x.inc, %thread.x.next ]
; Markers became the block index parameter, blockDim and the x counter.
; CHECK: [[M:%.*]] = mul i32 %bx, %blockDim.x
; CHECK: add i32 [[M]], %tid.x
; `if (i >= n) return;` ends this thread only: jump to the next thread.
; CHECK: early:
; CHECK-NEXT: br label %thread.x.next
; Memory accesses of the body belong to the x loop's access group.
; CHECK: body:
; CHECK: load float, ptr {{.*}}, !llvm.access.group ![[GROUP:[0-9]+]]
; CHECK: load float, ptr {{.*}}, !llvm.access.group ![[GROUP]]
; CHECK: store float {{.*}}, !llvm.access.group ![[GROUP]]
; CHECK-NEXT: br label %thread.x.next
; The latches count up to blockDim; the x latch carries the parallel loop id.
; CHECK: thread.x.next:
; CHECK-NEXT: %tid.x.inc = add nuw nsw i32 %tid.x, 1
; CHECK-NEXT: [[CX:%.*]] = icmp ult i32 %tid.x.inc, %blockDim.x
; CHECK-NEXT: br i1 [[CX]], label %thread.x, label %thread.y.next, !llvm.loop ![[LOOP:[0-9]+]]
; CHECK: thread.y.next:
; CHECK-NEXT: %tid.y.inc = add nuw nsw i32 %tid.y, 1
; CHECK-NEXT: [[CY:%.*]] = icmp ult i32 %tid.y.inc, %blockDim.y
; CHECK-NEXT: br i1 [[CY]], label %thread.y, label %thread.z.next{{$}}
; CHECK: thread.z.next:
; CHECK-NEXT: %tid.z.inc = add nuw nsw i32 %tid.z, 1
; CHECK-NEXT: [[CZ:%.*]] = icmp ult i32 %tid.z.inc, %blockDim.z
; CHECK-NEXT: br i1 [[CZ]], label %thread.z, label %block.exit
; CHECK: block.exit:
; CHECK-NEXT: ret void
; CHECK-NOT: ret void
; CHECK: }
define void @axpy(float %a, ptr %x, ptr %y, i32 %n) #0 {
entry:
  %bx = call i32 @loom.ctaid.x()
  %nx = call i32 @loom.ntid.x()
  %tx = call i32 @loom.tid.x()
  %m = mul i32 %bx, %nx
  %i = add i32 %m, %tx
  %out = icmp sge i32 %i, %n
  br i1 %out, label %early, label %body
early:
  ret void
body:
  %idx = sext i32 %i to i64
  %px = getelementptr inbounds float, ptr %x, i64 %idx
  %vx = load float, ptr %px, align 4
  %py = getelementptr inbounds float, ptr %y, i64 %idx
  %vy = load float, ptr %py, align 4
  %ax = fmul float %a, %vx
  %r = fadd float %ax, %vy
  store float %r, ptr %py, align 4
  ret void
}

; __global__ void grid3(int *out) {
;   int x = blockIdx.x * blockDim.x + threadIdx.x;   // and y, z alike
;   out[(z * gridDim.y * blockDim.y + y) * gridDim.x * blockDim.x + x] = 1;
; }
; 2D/3D: y and z markers become the y/z loop counters and by/bz; gridDim
; comes from the launch record.
; CHECK-LABEL: define internal void @grid3.block(ptr %out, ptr %launch, ptr %worker, i32 %bx, i32 %by, i32 %bz, i32 %row.blocks)
; CHECK: %gridDim.x = load i32
; CHECK: %gridDim.y = load i32
; CHECK: thread.x:
; CHECK-NOT: call i32 @loom.
; CHECK-DAG: mul i32 %bx, %blockDim.x
; CHECK-DAG: mul i32 %by, %blockDim.y
; CHECK-DAG: mul i32 %bz, %blockDim.z
; CHECK-DAG: add i32 {{%.*}}, %tid.x
; CHECK-DAG: add i32 {{%.*}}, %tid.y
; CHECK-DAG: add i32 {{%.*}}, %tid.z
; CHECK-DAG: mul i32 %gridDim.y, %blockDim.y
; CHECK-DAG: mul i32 %gridDim.x, %blockDim.x
; CHECK: br label %thread.x.next
define void @grid3(ptr %out) #0 {
  %bx = call i32 @loom.ctaid.x()
  %nx = call i32 @loom.ntid.x()
  %tx = call i32 @loom.tid.x()
  %by = call i32 @loom.ctaid.y()
  %ny = call i32 @loom.ntid.y()
  %ty = call i32 @loom.tid.y()
  %bz = call i32 @loom.ctaid.z()
  %nz = call i32 @loom.ntid.z()
  %tz = call i32 @loom.tid.z()
  %gx = call i32 @loom.nctaid.x()
  %gy = call i32 @loom.nctaid.y()
  %mx = mul i32 %bx, %nx
  %x = add i32 %mx, %tx
  %my = mul i32 %by, %ny
  %y = add i32 %my, %ty
  %mz = mul i32 %bz, %nz
  %z = add i32 %mz, %tz
  %h = mul i32 %gy, %ny
  %zh = mul i32 %z, %h
  %row = add i32 %zh, %y
  %w = mul i32 %gx, %nx
  %rw = mul i32 %row, %w
  %lin = add i32 %rw, %x
  %idx = zext i32 %lin to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 1, ptr %p, align 4
  ret void
}

; __global__ void priv(int *out) { int tmp[4]; ... out[threadIdx.x] = tmp[threadIdx.x & 3]; }
; Static allocas move out of the loops into block.entry.
; CHECK-LABEL: define internal void @priv.block(
; CHECK: block.entry:
; CHECK-NEXT: %tmp = alloca [4 x i32], align 16
; CHECK: thread.x:
; CHECK-NOT: alloca
; CHECK: block.exit:
define void @priv(ptr %out) #0 {
  %tmp = alloca [4 x i32], align 16
  %tx = call i32 @loom.tid.x()
  %t64 = zext i32 %tx to i64
  %lane = and i64 %t64, 3
  %slot = getelementptr inbounds [4 x i32], ptr %tmp, i64 0, i64 %lane
  store i32 %tx, ptr %slot, align 4
  %v = load i32, ptr %slot, align 4
  %po = getelementptr inbounds i32, ptr %out, i64 %t64
  store i32 %v, ptr %po, align 4
  ret void
}

; __global__ void byval_written(S s, int *o) { s.a += threadIdx.x; o[threadIdx.x] = s.a; }
; The launch's copy of s is shared by all threads: a thread that writes its
; parameter works on its own copy, refreshed at the start of every thread.
; CHECK-LABEL: define internal void @byval_written.block(ptr byval(%struct.S) align 8 %s, ptr %o,
; CHECK: block.entry:
; CHECK-NEXT: %s.private = alloca %struct.S, align 8
; CHECK: thread.x:
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %s.private, ptr align 8 %s, i64 24, i1 false)
; CHECK: [[F:%.*]] = getelementptr inbounds %struct.S, ptr %s.private, i32 0, i32 0
; CHECK: store i32 {{%.*}}, ptr [[F]]
; CHECK: br label %thread.x.next
define void @byval_written(ptr byval(%struct.S) align 8 %s, ptr %o) #0 {
  %tx = call i32 @loom.tid.x()
  %f = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 0
  %a = load i32, ptr %f, align 8
  %a2 = add i32 %a, %tx
  store i32 %a2, ptr %f, align 8
  %t64 = zext i32 %tx to i64
  %po = getelementptr inbounds i32, ptr %o, i64 %t64
  store i32 %a2, ptr %po, align 4
  ret void
}

; __global__ void byval_read(S s, double *o) { o[threadIdx.x] = s.b; }
; Only read: no copy.
; CHECK-LABEL: define internal void @byval_read.block(ptr byval(%struct.S) align 8 %s, ptr %o,
; CHECK-NOT: alloca
; CHECK-NOT: memcpy
; CHECK: getelementptr inbounds %struct.S, ptr %s, i32 0, i32 1
; CHECK: block.exit:
define void @byval_read(ptr byval(%struct.S) align 8 %s, ptr %o) #0 {
  %tx = call i32 @loom.tid.x()
  %f = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 1
  %b = load double, ptr %f, align 8
  %t64 = zext i32 %tx to i64
  %po = getelementptr inbounds double, ptr %o, i64 %t64
  store double %b, ptr %po, align 8
  ret void
}

; No index marker is left anywhere.
; CHECK-NOT: call i32 @loom.

; CHECK: attributes #[[AXPY]] = { alwaysinline "loom-block-of"="axpy" "loom-kernel-args"="4" }
; CHECK: ![[LOOP]] = distinct !{![[LOOP]], ![[PAR:[0-9]+]]}
; CHECK: ![[PAR]] = !{!"llvm.loop.parallel_accesses", ![[GROUP]]}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare i32 @loom.tid.y() nounwind willreturn memory(none)
declare i32 @loom.tid.z() nounwind willreturn memory(none)
declare i32 @loom.ctaid.x() nounwind willreturn memory(none)
declare i32 @loom.ctaid.y() nounwind willreturn memory(none)
declare i32 @loom.ctaid.z() nounwind willreturn memory(none)
declare i32 @loom.ntid.x() nounwind willreturn memory(none)
declare i32 @loom.ntid.y() nounwind willreturn memory(none)
declare i32 @loom.ntid.z() nounwind willreturn memory(none)
declare i32 @loom.nctaid.x() nounwind willreturn memory(none)
declare i32 @loom.nctaid.y() nounwind willreturn memory(none)

attributes #0 = { "loom-kernel" }

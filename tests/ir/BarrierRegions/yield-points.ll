; Spin-wait yield points (SpinWaits puts loom.yield on a waiting loop's back
; edge) are region boundaries that synchronize nothing. They are numbered
; after warp-level synchronization and before block barriers: a thread at a
; yield point lets every thread not at a __syncthreads() run, and the
; barrier is passed only when no thread spins any more. A dispatch that picks
; any yield point calls __loom_spin_yield and runs every yield point's region
; in turn (each for its own threads), so a thread spinning at one cannot be
; picked forever while the thread it waits for sits at another. No uniform
; regions: who leaves a wait when depends on memory.
; RUN: %opt -passes=loom-thread-loops,verify -S %s \
; RUN:   | FileCheck %s --implicit-check-not="call void @loom.yield"

; __global__ void handshake(volatile int *a, volatile int *b, int *out) {
;   if (threadIdx.x == 0) { *a = 1; while (*b == 0) {} }   // yield 2
;   else if (threadIdx.x == 32) { while (*a == 0) {} *b = 1; } // yield 1
;   __syncthreads();                                         // barrier 3
; (Yield points in reverse post-order; the else side comes first here.)
;   out[threadIdx.x] = *a + *b;
; }
; CHECK-LABEL: define internal void @handshake.block(
; The first yield region offers the core, then runs its threads and goes on
; to the second yield region, not back to the dispatcher.
; CHECK: {{^}}region1:
; CHECK-NEXT: call void @__loom_spin_yield()
; CHECK-DAG: {{^}}region0.to.barrier1:
; CHECK-DAG: store i32 1, ptr %state.addr
; CHECK-DAG: {{^}}region0.to.barrier2:
; CHECK-DAG: store i32 2, ptr %state.addr
; CHECK-DAG: {{^}}region0.to.barrier3:
; CHECK-DAG: store i32 3, ptr %state.addr
; CHECK: {{^}}region1.thread.z.next:
; CHECK: br i1 %{{.*}}, label %region1.thread.z, label %region2
; CHECK: {{^}}region2.thread.z.next:
; CHECK: br i1 %{{.*}}, label %region2.thread.z, label %dispatch
; Either yield state starts the round at region 1; barrier 3 runs only when
; it is the lowest state left.
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: i32 2, label %region1
; CHECK-NEXT: i32 3, label %region3
; CHECK-NEXT: ]
define void @handshake(ptr %a, ptr %b, ptr %out) "loom-kernel" {
entry:
  %t = call i32 @loom.tid.x()
  %is0 = icmp eq i32 %t, 0
  br i1 %is0, label %first, label %other

first:
  store volatile i32 1, ptr %a
  br label %wait.b

wait.b:
  %vb = load volatile i32, ptr %b
  %b.zero = icmp eq i32 %vb, 0
  br i1 %b.zero, label %wait.b.yield, label %join

wait.b.yield:
  call void @loom.yield()
  br label %wait.b

other:
  %is32 = icmp eq i32 %t, 32
  br i1 %is32, label %wait.a, label %join

wait.a:
  %va = load volatile i32, ptr %a
  %a.zero = icmp eq i32 %va, 0
  br i1 %a.zero, label %wait.a.yield, label %set.b

wait.a.yield:
  call void @loom.yield()
  br label %wait.a

set.b:
  store volatile i32 1, ptr %b
  br label %join

join:
  call void @loom.barrier()
  %x = load volatile i32, ptr %a
  %y = load volatile i32, ptr %b
  %s = add i32 %x, %y
  %t64 = zext i32 %t to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %t64
  store i32 %s, ptr %po
  ret void
}

; With warp-level synchronization too (__syncwarp here is barrier 1, the
; yield point 2): before its scan the dispatcher marks the warps that have a
; lane spinning at a yield point, and holds back (state | 0x40000000, which
; no region matches) their lanes that wait at warp-level synchronization,
; until no lane of that warp spins: a __syncwarp or shuffle after a lock
; waits for the lanes still spinning on the lock.
; __global__ void lock_then_syncwarp(int *m, int *out) {
;   while (atomicCAS(m, 0, 1) != 0) {}
;   atomicExch(m, 0); __syncwarp(); out[threadIdx.x] = threadIdx.x;
; }
; CHECK-LABEL: define internal void @lock_then_syncwarp.block(
; CHECK: {{^}}dispatch.spinning:
; CHECK: %spinning.warps = phi i32 [ 0, %dispatch ]
; CHECK: %real.state = select i1
; CHECK: {{^}}dispatch.scan:
; CHECK: %[[HELD:.*]] = or i32 %real.state{{[0-9]*}}, 1073741824
; CHECK: %state.held = select i1 %{{[0-9]+}}, i32 %[[HELD]], i32 %real.state
; CHECK-NEXT: store i32 %state.held, ptr
; CHECK-NEXT: %next.state = call i32 @llvm.umin.i32(i32 %min.state, i32 %state.held)
; CHECK: {{^}}dispatch.found:
; CHECK-NEXT: switch i32 %next.state, label %block.exit [
; CHECK-NEXT: i32 1, label %region1
; CHECK-NEXT: i32 2, label %region2
; CHECK-NEXT: ]
define void @lock_then_syncwarp(ptr %m, ptr %out) "loom-kernel" {
entry:
  br label %spin

spin:
  %r = cmpxchg ptr %m, i32 0, i32 1 monotonic monotonic
  %ok = extractvalue { i32, i1 } %r, 1
  br i1 %ok, label %got, label %spin.yield

spin.yield:
  call void @loom.yield()
  br label %spin

got:
  %t = call i32 @loom.tid.x()
  atomicrmw xchg ptr %m, i32 0 monotonic
  call void @loom.barrier.warp()
  %t64 = zext i32 %t to i64
  %po = getelementptr inbounds i32, ptr %out, i64 %t64
  store i32 %t, ptr %po
  ret void
}

declare i32 @loom.tid.x() nounwind willreturn memory(none)
declare void @loom.barrier() convergent nounwind
declare void @loom.yield() convergent nounwind
declare void @loom.barrier.warp() convergent nounwind

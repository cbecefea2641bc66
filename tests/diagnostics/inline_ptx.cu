// Inline PTX assembly cannot run on a CPU: a compile error that says so, at its line.
// (Plain reads of special registers, `mov.u32 %0, %laneid;` & co., are understood.)
// RUN: not %loomcc %s -o %t 2>&1 | FileCheck %s
// CHECK: inline_ptx.cu:[[@LINE+4]]:{{[0-9]+}}: error: {{.*}}inline PTX assembly{{.*}}add.u32
__global__ void add(unsigned *p) {
  unsigned r;
  unsigned a = p[0], b = p[1];
  asm volatile("add.u32 %0, %1, %2;" : "=r"(r) : "r"(a), "r"(b));
  p[threadIdx.x] = r;
}
int main() { return 0; }

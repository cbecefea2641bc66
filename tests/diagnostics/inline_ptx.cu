// Inline PTX assembly cannot run on a CPU: a compile error that says so, at its line.
// RUN: not %loomcc %s -o %t 2>&1 | FileCheck %s
// CHECK: inline_ptx.cu:[[@LINE+3]]:{{[0-9]+}}: error: {{.*}}inline PTX assembly
__global__ void lane(unsigned *p) {
  unsigned id;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
  p[threadIdx.x] = id;
}
int main() { return 0; }

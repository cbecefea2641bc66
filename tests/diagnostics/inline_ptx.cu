// Inline PTX that Loom cannot translate is a compile error naming the
// instruction (or modifier) at the asm statement's own line, also when the
// asm sits in a device function a kernel calls.
// RUN: not %loomcc %s -o %t 2>&1 | FileCheck %s
// CHECK-DAG: inline_ptx.cu:[[@LINE+5]]:{{[0-9]+}}: error: {{.*}}inline PTX: PTX instruction 'ldmatrix.sync.aligned.m8n8.x4.shared.b16' is not supported by Loom
// CHECK-DAG: inline_ptx.cu:[[@LINE+10]]:{{[0-9]+}}: error: {{.*}}inline PTX: {{.*}}directed rounding (.rz) is not supported for add
// CHECK-DAG: inline_ptx.cu:[[@LINE+14]]:{{[0-9]+}}: error: {{.*}}inline PTX: modifier '.bogus' of 'mov.bogus.u32' is not supported
__device__ unsigned fragment(unsigned addr) {
  unsigned a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(a), "=r"(b), "=r"(c), "=r"(d) : "r"(addr));
  return a + b + c + d;
}
__device__ float roundedDown(float x, float y) {
  float r;
  asm("add.rz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
  return r;
}
__global__ void kernel(unsigned *p, float *f) {
  unsigned r;
  asm("mov.bogus.u32 %0, %1;" : "=r"(r) : "r"(p[1]));
  p[threadIdx.x] = fragment(p[0]) + r;
  f[threadIdx.x] = roundedDown(f[0], f[1]);
}
int main() { return 0; }

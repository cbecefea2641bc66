// A GPU intrinsic Loom does not support is a compile error naming it, at its line.
// RUN: not %loomcc %s -o %t 2>&1 | FileCheck %s
// CHECK: unsupported_intrinsic.cu:[[@LINE+3]]:{{[0-9]+}}: error: GPU intrinsic 'llvm.nvvm.isspacep.shared' is not supported by Loom
__global__ void where(const int *p, int *out) {
  out[threadIdx.x] = p[threadIdx.x];
  out[0] = __isShared(p);
}
int main() { return 0; }

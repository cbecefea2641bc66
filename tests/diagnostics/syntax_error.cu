// A CUDA syntax error shows clang's file:line diagnostic and loomcc fails.
// RUN: not %loomcc %s -o %t 2>&1 | FileCheck %s
// CHECK: syntax_error.cu:[[@LINE+2]]:{{[0-9]+}}: error:
__global__ void broken(int *p) {
  p[threadIdx.x] = 1 +;
}
int main() { return 0; }

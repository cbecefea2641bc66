// A kernel launch in device code needs relocatable device code: the error
// names the line, and loomcc says how nvcc spells the fix.
// RUN: not %loomcc %s -o %t 2>&1 | FileCheck %s
// CHECK: device_launch_needs_rdc.cu:[[@LINE+6]]:{{[0-9]+}}: error: kernel launch from __device__ or __global__ function requires relocatable device code
// CHECK: loomcc: note: compile with -rdc=true (or -dc) to launch kernels from device code
// RUN: %loomcc -rdc=true %s -o %t

__global__ void child(int *p) { p[threadIdx.x] = 1; }
__global__ void parent(int *p) {
  child<<<1, 32>>>(p);
}
int main() { return 0; }

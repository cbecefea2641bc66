// -ftz=true and a kernel that computes in double precision: its floats are
// flushed in code (the CPU's flush mode would flush its doubles too), and
// -Rpass says so at the first double operation's line. A float-only kernel
// in the same file gets no such remark.
// RUN: %loomcc -ftz=true -Rpass=loom-kernel-entry -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: ftz_mixed_remark.cu:[[@LINE+6]]:{{[0-9]+}}: remark: kernel '_Z5mixedPKfPKdPfPd' computes in double precision: -ftz=true flushes its single-precision denormals in code (the CPU's flush mode would flush doubles too)
// CHECK-NOT: _Z9floatOnlyPf
#include <cuda_runtime.h>

__global__ void mixed(const float *f, const double *d, float *fo, double *dout) {
  fo[threadIdx.x] = f[threadIdx.x] * 0x1p-100f;
  dout[threadIdx.x] = d[threadIdx.x] * 0x1p-50;
}

__global__ void floatOnly(float *x) { x[threadIdx.x] *= 0.5f; }

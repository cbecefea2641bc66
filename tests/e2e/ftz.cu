// -ftz=true (and --use_fast_math, which implies it, as in nvcc): kernels
// flush single-precision denormal results and operands to zero, as a GPU
// does; without it, or with --use_fast_math -ftz=false, they keep IEEE
// denormals. A kernel that computes in double precision keeps its double
// denormals (the CPU's flush mode is set only around float-only kernels; a
// kernel with both flushes its floats in code), moves (loads and stores)
// keep denormals as a GPU's do, and host code after a kernel computes with
// IEEE denormals again.
// RUN: %loomcc -ftz=true %s -o %t
// RUN: %t | FileCheck --check-prefix=FTZ %s
// RUN: env LOOM_JIT=sync LOOM_CACHE_DIR=none %t | FileCheck --check-prefix=FTZ %s
// RUN: %loomcc --use_fast_math %s -o %t.fast
// RUN: %t.fast | FileCheck --check-prefix=FTZ %s
// RUN: %loomcc %s -o %t.ieee
// RUN: %t.ieee | FileCheck --check-prefix=IEEE %s
// RUN: %loomcc --use_fast_math -ftz=false %s -o %t.fast.ieee
// RUN: %t.fast.ieee | FileCheck --check-prefix=IEEE %s
// RUN: not %loomcc -ftz=maybe %s -o %t.bad 2>&1 | FileCheck --check-prefix=BAD %s
// FTZ: product 0 0
// FTZ: operand 0 0
// FTZ: double nonzero
// FTZ: mixed float 0 operand 0 double nonzero copy nonzero
// FTZ: host nonzero
// IEEE: product nonzero nonzero
// IEEE: operand nonzero nonzero
// IEEE: double nonzero
// IEEE: mixed float nonzero operand nonzero double nonzero copy nonzero
// IEEE: host nonzero
// BAD: invalid value 'maybe' for -ftz (true or false)
#include "Inputs/check.h"

// 2^-30 * 2^-100 is below 2^-126: a denormal result.
__global__ void scaleDown(const float *in, float *out, float scale, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * scale;
}

// A denormal operand times 1 (a run-time 1: nothing folds it).
__global__ void timesOne(const float *in, float *out, float one, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * one;
}

__global__ void scaleDownDouble(const double *in, double *out, double scale) {
  out[threadIdx.x] = in[threadIdx.x] * scale; // 2^-1000 * 2^-50: a double denormal
}

// Float and double in one kernel: the floats flush (product and operand),
// the double keeps its denormal, a plain copy keeps a denormal float.
__global__ void mixed(const float *f, const double *d, float *fo, double *dout, float one) {
  int i = threadIdx.x;
  fo[4 * i] = f[4 * i] * 0x1p-100f;    // 2^-130: flushed
  fo[4 * i + 1] = f[4 * i + 1] * one; // a denormal operand: flushed
  fo[4 * i + 2] = f[4 * i + 1];       // a move: kept
  dout[i] = d[i] * 0x1p-50;           // 2^-1050: kept
}

static const char *describe(float v) { return v == 0.0f ? "0" : "nonzero"; }

int main() {
  const int n = 100; // a partial gang and a scalar tail alike
  std::vector<float> in(n, 0x1p-30f), out(n, -1.0f), den(n, 0x1p-140f), out2(n, -1.0f);
  float *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dout, n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  scaleDown<<<2, 64>>>(din, dout, 0x1p-100f, n);
  CHECK_CUDA(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(din, den.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  timesOne<<<1, n>>>(din, dout, 1.0f, n);
  CHECK_CUDA(cudaMemcpy(out2.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 1; i < n; ++i) {
    EXPECT(out[i] == out[0]);
    EXPECT(out2[i] == out2[0]);
  }
  std::printf("product %s %s\n", describe(out[0]), describe(out[n - 1]));
  std::printf("operand %s %s\n", describe(out2[0]), describe(out2[n - 1]));

  std::vector<double> hd(32, 0x1p-1000), hdout(32, -1.0);
  double *dd, *ddout;
  CHECK_CUDA(cudaMalloc(&dd, 32 * sizeof(double)));
  CHECK_CUDA(cudaMalloc(&ddout, 32 * sizeof(double)));
  CHECK_CUDA(cudaMemcpy(dd, hd.data(), 32 * sizeof(double), cudaMemcpyHostToDevice));
  scaleDownDouble<<<1, 32>>>(dd, ddout, 0x1p-50);
  CHECK_CUDA(cudaMemcpy(hdout.data(), ddout, 32 * sizeof(double), cudaMemcpyDeviceToHost));
  EXPECT(hdout[0] == 0x1p-1050);
  std::printf("double %s\n", hdout[0] == 0.0 ? "0" : "nonzero");

  std::vector<float> mf(4 * 32), mfo(4 * 32, -1.0f);
  for (int i = 0; i < 32; ++i) {
    mf[4 * i] = 0x1p-30f;
    mf[4 * i + 1] = 0x1p-140f;
  }
  float *dmf, *dmfo;
  CHECK_CUDA(cudaMalloc(&dmf, mf.size() * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dmfo, mfo.size() * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(dmf, mf.data(), mf.size() * sizeof(float), cudaMemcpyHostToDevice));
  mixed<<<1, 32>>>(dmf, dd, dmfo, ddout, 1.0f);
  CHECK_CUDA(cudaMemcpy(mfo.data(), dmfo, mfo.size() * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(hdout.data(), ddout, 32 * sizeof(double), cudaMemcpyDeviceToHost));
  EXPECT(mfo[2] == 0x1p-140f);
  std::printf("mixed float %s operand %s double %s copy %s\n", describe(mfo[0]), describe(mfo[1]),
              hdout[0] == 0.0 ? "0" : "nonzero", describe(mfo[2]));

  volatile float a = 0x1p-30f, b = 0x1p-100f;
  std::printf("host %s\n", describe(a * b));
  return 0;
}

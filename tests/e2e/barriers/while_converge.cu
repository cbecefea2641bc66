// A barrier inside `while` loops whose exit condition is block-uniform and
// read from shared memory: (a) max-propagation along the block until a
// shared "changed" flag stays clear (break form), with a per-thread
// iteration count carried across the barriers; (b) the flag tested in the
// loop header (`while (active)`); (c) a Collatz-style loop where the block
// runs until every thread's sequence reached 1 (__syncthreads_or as exit).
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 77 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 128 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 45 | FileCheck %s
// CHECK: break form PASSED
// CHECK: header form PASSED
// CHECK: syncthreads_or form PASSED
#include "../Inputs/check.h"
#include <algorithm>
#include <vector>

__global__ void propagateBreak(const int *in, int *out, int *iters) {
  extern __shared__ int s[];
  __shared__ int changed;
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  int v = in[g];
  int n = 0;
  while (true) {
    s[t] = v;
    if (t == 0)
      changed = 0;
    __syncthreads();
    int l = t > 0 ? s[t - 1] : v;
    int r = t + 1 < (int)blockDim.x ? s[t + 1] : v;
    int nv = max(v, max(l, r));
    if (nv != v)
      changed = 1;
    __syncthreads();
    v = nv;
    ++n;
    bool done = changed == 0;
    __syncthreads(); // everyone read `changed` before thread 0 clears it
    if (done)
      break;
  }
  out[g] = v;
  iters[g] = n;
}

__global__ void propagateHeader(const int *in, int *out, int *iters) {
  extern __shared__ int s[];
  __shared__ int active;
  int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
  int v = in[g], n = 0;
  if (t == 0)
    active = 1;
  __syncthreads();
  while (active) {
    s[t] = v;
    __syncthreads(); // everyone tested `active` and published v
    if (t == 0)
      active = 0;
    __syncthreads();
    int l = t > 0 ? s[t - 1] : v;
    int r = t + 1 < (int)blockDim.x ? s[t + 1] : v;
    int nv = max(v, max(l, r));
    if (nv != v)
      active = 1;
    v = nv;
    ++n;
    __syncthreads();
  }
  out[g] = v;
  iters[g] = n;
}

// Steps of the Collatz map until 1, per thread; the block keeps looping (all
// threads, finished ones idle) until none is still running.
__global__ void collatz(const unsigned *start, int *steps, int *rounds) {
  unsigned x = start[blockIdx.x * blockDim.x + threadIdx.x];
  int mine = 0, r = 0;
  while (__syncthreads_or(x != 1)) {
    if (x != 1) {
      x = (x & 1) ? 3 * x + 1 : x / 2;
      ++mine;
    }
    ++r;
  }
  steps[blockIdx.x * blockDim.x + threadIdx.x] = mine;
  rounds[blockIdx.x * blockDim.x + threadIdx.x] = r;
}

static void cpuPropagate(const int *in, int n, int *out, int *iters) {
  std::vector<int> v(in, in + n), nv(n);
  int k = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    for (int t = 0; t < n; ++t) {
      nv[t] = std::max(v[t], std::max(t > 0 ? v[t - 1] : v[t], t + 1 < n ? v[t + 1] : v[t]));
      changed |= nv[t] != v[t];
    }
    v = nv;
    ++k;
  }
  for (int t = 0; t < n; ++t) {
    out[t] = v[t];
    iters[t] = k;
  }
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  const int blocks = 7;
  int count = blocks * threads;
  std::vector<int> h(count), ref(count), refIters(count), r(count), ri(count);
  for (int i = 0; i < count; ++i)
    h[i] = (i * 7919) % 1009; // maxima at varying distances per block
  for (int b = 0; b < blocks; ++b)
    cpuPropagate(&h[b * threads], threads, &ref[b * threads], &refIters[b * threads]);
  int *din, *dout, *dit;
  CHECK_CUDA(cudaMalloc(&din, count * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dout, count * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dit, count * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(din, h.data(), count * sizeof(int), cudaMemcpyHostToDevice));

  propagateBreak<<<blocks, threads, threads * sizeof(int)>>>(din, dout, dit);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), dout, count * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(ri.data(), dit, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < count; ++i)
    EXPECT(r[i] == ref[i] && ri[i] == refIters[i]);
  std::printf("break form PASSED\n");

  CHECK_CUDA(cudaMemset(dout, 0, count * sizeof(int)));
  propagateHeader<<<blocks, threads, threads * sizeof(int)>>>(din, dout, dit);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), dout, count * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(ri.data(), dit, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < count; ++i)
    EXPECT(r[i] == ref[i] && ri[i] == refIters[i]);
  std::printf("header form PASSED\n");

  std::vector<unsigned> st(count);
  for (int i = 0; i < count; ++i)
    st[i] = 1 + (unsigned)(i * 37) % 500;
  unsigned *dst;
  CHECK_CUDA(cudaMalloc(&dst, count * sizeof(unsigned)));
  CHECK_CUDA(cudaMemcpy(dst, st.data(), count * sizeof(unsigned), cudaMemcpyHostToDevice));
  collatz<<<blocks, threads>>>(dst, dout, dit);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(r.data(), dout, count * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(ri.data(), dit, count * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int most = 0;
    for (int t = 0; t < threads; ++t) {
      unsigned x = st[b * threads + t];
      int k = 0;
      for (; x != 1; ++k)
        x = (x & 1) ? 3 * x + 1 : x / 2;
      EXPECT(r[b * threads + t] == k);
      most = std::max(most, k);
    }
    for (int t = 0; t < threads; ++t)
      EXPECT(ri[b * threads + t] == most);
  }
  std::printf("syncthreads_or form PASSED\n");
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
  CHECK_CUDA(cudaFree(dit));
  CHECK_CUDA(cudaFree(dst));
  return 0;
}

// __threadfence() and __threadfence_block(): the "last block" pattern that
// finishes a reduction in one launch. Every block writes its partial sum,
// fences, and takes a ticket with atomicInc on a global counter; the block
// that draws the last ticket (known to all its threads through shared memory
// and a barrier) sums the partials and resets the counter for the next
// launch. Run twice to check the reset. Also a block-scope fence between
// shared-memory writes and a flag.
// RUN: %loomcc %s -o %t
// RUN: %t 256 | FileCheck %s
// RUN: %t 97 | FileCheck %s
// RUN: %t 1024 | FileCheck %s
// RUN: %t 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 128 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 64 | FileCheck %s
// CHECK: last block PASSED
// CHECK: block fence PASSED
#include "../Inputs/check.h"
#include <vector>

__device__ unsigned int ticketCounter = 0;

__global__ void sumSingleLaunch(const int *in, int n, volatile long long *partial,
                                long long *result, int *lastBlock) {
  __shared__ long long s[1024];
  __shared__ bool amLast;
  int t = threadIdx.x;
  long long acc = 0;
  for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
    acc += in[i];
  s[t] = acc;
  __syncthreads();
  for (int width = blockDim.x; width > 1;) {
    int half = (width + 1) / 2;
    if (t < width - half)
      s[t] += s[t + half];
    width = half;
    __syncthreads();
  }
  if (t == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence(); // the partial is visible before the ticket is taken
    unsigned ticket = atomicInc(&ticketCounter, gridDim.x);
    amLast = ticket == gridDim.x - 1;
  }
  __syncthreads();
  if (amLast) {
    long long total = 0;
    for (int b = t; b < (int)gridDim.x; b += blockDim.x)
      total += partial[b];
    s[t] = total;
    __syncthreads();
    if (t == 0) {
      long long sum = 0;
      for (int i = 0; i < (int)blockDim.x; ++i)
        sum += s[i];
      *result = sum;
      *lastBlock = blockIdx.x;
      ticketCounter = 0;
    }
  }
}

__global__ void blockFence(int *out) {
  __shared__ int data[1024];
  __shared__ volatile int ready;
  int t = threadIdx.x;
  if (t == 0)
    ready = 0;
  __syncthreads();
  data[t] = t * t;
  __threadfence_block();
  if (t == 0)
    ready = 1;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = ready ? data[blockDim.x - 1 - t] : -1;
}

int main(int argc, char **argv) {
  int threads = blockSizeArg(argc, argv, 256);
  const int n = 300007, blocks = 37;
  std::vector<int> h(n);
  long long ref = 0;
  for (int i = 0; i < n; ++i) {
    h[i] = (i * 7919) % 20011 - 10000;
    ref += h[i];
  }
  int *din, *dlast;
  long long *dpart, *dres;
  CHECK_CUDA(cudaMalloc(&din, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dpart, blocks * sizeof(long long)));
  CHECK_CUDA(cudaMalloc(&dres, sizeof(long long)));
  CHECK_CUDA(cudaMalloc(&dlast, sizeof(int)));
  CHECK_CUDA(cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  for (int run = 0; run < 3; ++run) {
    long long res = 0;
    int last = -1;
    CHECK_CUDA(cudaMemset(dres, 0, sizeof(long long)));
    CHECK_CUDA(cudaMemset(dlast, 0xff, sizeof(int)));
    sumSingleLaunch<<<blocks, threads>>>(din, n, dpart, dres, dlast);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaMemcpy(&res, dres, sizeof(long long), cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(&last, dlast, sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(res == ref);
    EXPECT(last >= 0 && last < blocks);
    unsigned counter = 1;
    CHECK_CUDA(cudaMemcpyFromSymbol(&counter, ticketCounter, sizeof(counter)));
    EXPECT(counter == 0);
  }
  std::printf("last block PASSED\n");

  int *dout;
  CHECK_CUDA(cudaMalloc(&dout, 4 * threads * sizeof(int)));
  blockFence<<<4, threads>>>(dout);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> r(4 * threads);
  CHECK_CUDA(cudaMemcpy(r.data(), dout, r.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < 4; ++b)
    for (int t = 0; t < threads; ++t) {
      int u = threads - 1 - t;
      EXPECT(r[b * threads + t] == u * u);
    }
  std::printf("block fence PASSED\n");
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dpart));
  CHECK_CUDA(cudaFree(dres));
  CHECK_CUDA(cudaFree(dlast));
  CHECK_CUDA(cudaFree(dout));
  return 0;
}

// libcu++ synchronization and asynchronous copies in kernels, against a CPU
// model: cuda::barrier<thread_scope_block> (init, arrive_and_wait, split
// arrive/wait with tokens and work in between, arrive_and_drop, a completion
// function, several phases), cuda::memcpy_async with a barrier (group form)
// and with thread- and block-scope pipelines, __pipeline_memcpy_async with
// zero fill, cooperative_groups::memcpy_async + cg::wait, and the cuda::std
// pieces kernels use (tuple, array, pair, limits, type_traits, swap,
// exchange, cstdint).
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: barrier PASSED
// CHECK: memcpy_async PASSED
// CHECK: pipelines PASSED
// CHECK: cuda::std PASSED
#include "Inputs/check.h"
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/std/array>
#include <cuda/std/cstdint>
#include <cuda/std/limits>
#include <cuda/std/tuple>
#include <cuda/std/type_traits>
#include <cuda/std/utility>
#include <cuda_pipeline.h>
#include <vector>

namespace cg = cooperative_groups;

constexpr int B = 128; // threads per block
constexpr int Steps = 4;

struct CountPhases {
  int *count;
  __device__ void operator()() const { ++*count; }
};

// Steps of a ring smoothing with double buffers, one barrier phase per step
// (arrive_and_wait on even steps, split arrive ... wait on odd ones), then the
// upper half drops out and the lower half runs one more phase on its own.
__global__ void barrierKernel(const int *in, int *out, int *phases) {
  __shared__ int buf[2][B];
  __shared__ int count;
  __shared__ cuda::barrier<cuda::thread_scope_block, CountPhases> bar;
  int t = threadIdx.x;
  if (t == 0) {
    count = 0;
    init(&bar, B, CountPhases{&count});
  }
  __syncthreads();
  buf[0][t] = in[blockIdx.x * B + t];
  bar.arrive_and_wait();
  for (int s = 0; s < Steps; ++s) {
    const int *cur = buf[s & 1];
    int v = cur[(t + B - 1) % B] + 2 * cur[t] + cur[(t + 1) % B];
    if (s & 1) {
      buf[(s + 1) & 1][t] = v;
      auto token = bar.arrive();
      int busy = v * 3 + t; // work between arrive and wait
      out[2 * B * gridDim.x + blockIdx.x * B + t] = busy;
      bar.wait(std::move(token));
    } else {
      // Everyone must have read `cur` before it is overwritten next step;
      // writing the other buffer is safe before the phase.
      buf[(s + 1) & 1][t] = v;
      bar.arrive_and_wait();
    }
  }
  if (t >= B / 2) {
    bar.arrive_and_drop();
    return;
  }
  buf[0][t] = buf[Steps & 1][t] + 1;
  bar.arrive_and_wait(); // the phase the upper half dropped in
  int v = buf[0][(t + 1) % (B / 2)];
  bar.arrive_and_wait(); // only the lower half is expected now
  buf[0][t] = v;
  bar.arrive_and_wait();
  out[blockIdx.x * B + t] = buf[0][(t + 2) % (B / 2)];
  if (t == 0)
    phases[blockIdx.x] = count;
}

// A tile of the input copied to shared memory by the whole block through the
// barrier form of memcpy_async; then cg::memcpy_async + cg::wait for a second
// tile; each thread sums its neighbours in both.
__global__ void memcpyAsyncKernel(const float *in, float *out) {
  __shared__ float a[B], b[B];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  cg::thread_block block = cg::this_thread_block();
  if (block.thread_rank() == 0)
    init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, a, in + blockIdx.x * B, sizeof(a), bar);
  bar.arrive_and_wait();
  cg::memcpy_async(block, b, in + (blockIdx.x ^ 1) * B, sizeof(b));
  cg::wait(block);
  int t = threadIdx.x;
  // Read what later threads copied (threads run in order on a CPU).
  out[blockIdx.x * B + t] = a[(2 * B - 1 - t + 5) % B] + b[(2 * B - 1 - t + 7) % B];
}

// Batches of B elements streamed through shared memory with a 2-stage
// pipeline: thread scope (each thread its own element, then __syncthreads),
// block scope (the guide's collective form), and the primitives with a
// zero-filled tail.
__global__ void pipelineKernel(const int *in, int *out, int batches) {
  __shared__ int stage[2][B];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  int t = threadIdx.x;
  const int *src = in + blockIdx.x * batches * B;
  int acc1 = 0, acc2 = 0, acc3 = 0;

  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&stage[0][t], &src[t], sizeof(int), pipe);
  pipe.producer_commit();
  for (int k = 0; k < batches; ++k) {
    if (k + 1 < batches) {
      pipe.producer_acquire();
      cuda::memcpy_async(&stage[(k + 1) & 1][t], &src[(k + 1) * B + t], sizeof(int), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    __syncthreads();
    acc1 += stage[k & 1][(t + k) % B];
    __syncthreads();
    pipe.consumer_release();
  }

  cg::thread_block block = cg::this_thread_block();
  auto bpipe = cuda::make_pipeline(block, &state);
  for (int k = 0; k < batches; ++k) {
    bpipe.producer_acquire();
    cuda::memcpy_async(block, stage[k & 1], src + k * B, cuda::aligned_size_t<16>(B * sizeof(int)),
                       bpipe);
    bpipe.producer_commit();
    bpipe.consumer_wait();
    acc2 += stage[k & 1][(2 * B - 1 - t + k) % B]; // copied by a later thread
    bpipe.consumer_release();
  }

  __syncthreads();
  // 12 bytes copied, 4 zero-filled: element 3 of each group of four is 0.
  if (t % 4 == 0)
    __pipeline_memcpy_async(&stage[0][t], &src[t], 16, 4);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  acc3 = stage[0][t];
  out[(blockIdx.x * B + t) * 3] = acc1;
  out[(blockIdx.x * B + t) * 3 + 1] = acc2;
  out[(blockIdx.x * B + t) * 3 + 2] = acc3;
}

__global__ void stdKernel(long long *out) {
  cuda::std::array<int, 4> arr{3, 1, 4, 1};
  cuda::std::tuple<int, double, char> tup = cuda::std::make_tuple(7, 2.5, 'x');
  cuda::std::pair<int, int> p(2, 9);
  int x = 10, y = 20;
  cuda::std::swap(x, y);
  int old = cuda::std::exchange(x, 99);
  cuda::std::int64_t big = cuda::std::numeric_limits<cuda::std::int32_t>::max();
  static_assert(cuda::std::is_same<cuda::std::uint8_t, unsigned char>::value, "uint8_t");
  static_assert(cuda::std::is_integral<int>::value && !cuda::std::is_integral<float>::value, "");
  static_assert(cuda::std::tuple_size<decltype(tup)>::value == 3, "");
  out[0] = arr[0] + arr[2] + (long long)arr.size();
  out[1] = cuda::std::get<0>(tup) + (long long)(cuda::std::get<1>(tup) * 2) + cuda::std::get<2>(tup);
  out[2] = p.first * 100 + p.second;
  out[3] = x * 1000 + y * 10 + old;
  out[4] = big + (cuda::std::numeric_limits<float>::max() > 1e38f ? 1 : 0);
  out[5] = cuda::std::numeric_limits<unsigned short>::max();
}

static void checkBarrier() {
  const int blocks = 3;
  std::vector<int> h = randomInts(blocks * B, 11, 1000);
  int *in, *out, *phases;
  CHECK_CUDA(cudaMalloc(&in, h.size() * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, 3 * blocks * B * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&phases, blocks * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(in, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(out, 0, 3 * blocks * B * sizeof(int)));
  barrierKernel<<<blocks, B>>>(in, out, phases);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> o(3 * blocks * B), ph(blocks);
  CHECK_CUDA(cudaMemcpy(o.data(), out, o.size() * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(ph.data(), phases, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    std::vector<int> cur(h.begin() + b * B, h.begin() + (b + 1) * B), next(B);
    for (int s = 0; s < Steps; ++s) {
      for (int t = 0; t < B; ++t)
        next[t] = cur[(t + B - 1) % B] + 2 * cur[t] + cur[(t + 1) % B];
      if (s == Steps - 1)
        for (int t = 0; t < B; ++t)
          EXPECT(o[2 * B * blocks + b * B + t] == next[t] * 3 + t);
      cur = next;
    }
    for (int t = 0; t < B / 2; ++t)
      EXPECT(o[b * B + t] == cur[((t + 2) % (B / 2) + 1) % (B / 2)] + 1);
    // 1 + Steps phases for the whole block, then the dropping phase, then
    // the lower half's two own phases.
    EXPECT(ph[b] == Steps + 4);
  }
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFree(phases));
  std::printf("barrier PASSED\n");
}

static void checkMemcpyAsync() {
  const int blocks = 4;
  std::vector<float> h(blocks * B);
  for (size_t i = 0; i < h.size(); ++i)
    h[i] = float(i % 97) * 0.5f;
  float *in, *out;
  CHECK_CUDA(cudaMalloc(&in, h.size() * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, h.size() * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(in, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice));
  memcpyAsyncKernel<<<blocks, B>>>(in, out);
  std::vector<float> o(h.size());
  CHECK_CUDA(cudaMemcpy(o.data(), out, o.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < B; ++t)
      EXPECT(o[b * B + t] ==
             h[b * B + (2 * B - 1 - t + 5) % B] + h[(b ^ 1) * B + (2 * B - 1 - t + 7) % B]);
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
  std::printf("memcpy_async PASSED\n");
}

static void checkPipelines() {
  const int blocks = 2, batches = 5;
  std::vector<int> h = randomInts(blocks * batches * B, 3, 5000);
  int *in, *out;
  CHECK_CUDA(cudaMalloc(&in, h.size() * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, blocks * B * 3 * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(in, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
  pipelineKernel<<<blocks, B>>>(in, out, batches);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> o(blocks * B * 3);
  CHECK_CUDA(cudaMemcpy(o.data(), out, o.size() * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    const int *src = &h[b * batches * B];
    for (int t = 0; t < B; ++t) {
      int a1 = 0, a2 = 0;
      for (int k = 0; k < batches; ++k) {
        a1 += src[k * B + (t + k) % B];
        a2 += src[k * B + (2 * B - 1 - t + k) % B];
      }
      int a3 = t % 4 == 3 ? 0 : src[t];
      EXPECT(o[(b * B + t) * 3] == a1);
      EXPECT(o[(b * B + t) * 3 + 1] == a2);
      EXPECT(o[(b * B + t) * 3 + 2] == a3);
    }
  }
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
  std::printf("pipelines PASSED\n");
}

static void checkStd() {
  long long *out;
  CHECK_CUDA(cudaMallocManaged(&out, 6 * sizeof(long long)));
  stdKernel<<<1, 1>>>(out);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(out[0] == 3 + 4 + 4);
  EXPECT(out[1] == 7 + 5 + 'x');
  EXPECT(out[2] == 209);
  EXPECT(out[3] == 99 * 1000 + 10 * 10 + 20);
  EXPECT(out[4] == 2147483647LL + 1);
  EXPECT(out[5] == 65535);
  CHECK_CUDA(cudaFree(out));
  std::printf("cuda::std PASSED\n");
}

int main() {
  checkBarrier();
  checkMemcpyAsync();
  checkPipelines();
  checkStd();
  return 0;
}

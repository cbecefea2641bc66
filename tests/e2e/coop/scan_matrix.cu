// A generated test matrix for the cooperative-groups scans, and for the
// collectives over half: cg::inclusive_scan and cg::exclusive_scan with
// plus, greater and bit_xor (integers) over int, unsigned, long long,
// unsigned long long, float, double and __half, on thread_block_tile<32>
// and the multi-warp <64>, plus cg::reduce over __half (the reduce matrix
// covers the other types), against a CPU model of each tile (the
// members that exist: tiles cut short by the end of the block scan their
// threads only; an exclusive scan gives rank 0 a value-initialized T).
// Blocks: full warps, a partial last warp, fewer threads than a tile, 2D.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: scan matrix PASSED
#include "../Inputs/check.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstring>
#include <cuda_fp16.h>
#include <type_traits>
#include <vector>

namespace cg = cooperative_groups;

constexpr int kOps = 4; // plus, less, greater, bit_xor (integers only)
constexpr int kOuts = 2 * kOps + 1; // inclusive, exclusive per op; reduce plus

template <class T> __host__ __device__ constexpr bool isInt() { return std::is_integral<T>::value; }

template <class T, class Tile> __device__ void scans(const Tile &tile, T x, T *o) {
  // less is greater mirrored (the reduce matrix and scan.cu cover it): left
  // out to keep the compile short.
  o[0] = cg::inclusive_scan(tile, x, cg::plus<T>());
  o[2] = cg::inclusive_scan(tile, x, cg::greater<T>());
  o[4] = cg::exclusive_scan(tile, x, cg::plus<T>());
  o[6] = cg::exclusive_scan(tile, x, cg::greater<T>());
  if constexpr (isInt<T>()) {
    o[3] = cg::inclusive_scan(tile, x, cg::bit_xor<T>());
    o[7] = cg::exclusive_scan(tile, x, cg::bit_xor<T>());
  } else {
    o[3] = o[7] = T(0);
  }
  if constexpr (std::is_same<T, __half>::value)
    o[8] = cg::reduce(tile, x, cg::plus<T>());
}

template <class T, unsigned N> __global__ void scanTile(const T *in, T *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  size_t g = (size_t)blockIdx.x * block.size() + block.thread_rank();
  scans(tile, in[g], out + g * kOuts);
}

// ---- the CPU model (half computed in float: every value and partial sum
// is a small integer, exact in half) ----
template <class T> struct Host { using type = T; };
template <> struct Host<__half> { using type = float; };
template <class T> typename Host<T>::type toHost(T v) { return v; }
template <> float toHost<__half>(__half v) { return __half2float(v); }
template <class T> T fromHost(typename Host<T>::type v) { return T(v); }
template <> __half fromHost<__half>(float v) { return __float2half(v); }

template <class H> H modelOp(int op, H a, H b) {
  switch (op) {
  case 0: return a + b;
  case 1: return b < a ? b : a;
  case 2: return a < b ? b : a;
  }
  if constexpr (std::is_integral<H>::value)
    return a ^ b;
  return H(0);
}

template <class T> T valueOf(size_t g, unsigned salt) {
  unsigned long long h = (g + 1) * 0x9E3779B97F4A7C15ull ^ (salt * 0xC2B2AE3D27D4EB4Full);
  h ^= h >> 29;
  if constexpr (std::is_same<T, __half>::value)
    return __float2half(float((long long)(h % 17) - 8)); // sums stay exact in half
  else if constexpr (std::is_floating_point<T>::value)
    return T((long long)(h % 2001) - 1000) * T(0.5);
  else
    return (T)h;
}

template <class T> const char *typeName() {
  if (std::is_same<T, int>::value) return "int";
  if (std::is_same<T, unsigned>::value) return "unsigned";
  if (std::is_same<T, long long>::value) return "long long";
  if (std::is_same<T, unsigned long long>::value) return "unsigned long long";
  if (std::is_same<T, float>::value) return "float";
  if (std::is_same<T, double>::value) return "double";
  return "half";
}

static int failures = 0;

template <class T, unsigned N> void runCase(dim3 block, unsigned blocks) {
  using H = typename Host<T>::type;
  unsigned threads = block.x * block.y * block.z;
  size_t total = (size_t)threads * blocks;
  T *in, *out;
  CHECK_CUDA(cudaMallocManaged(&in, total * sizeof(T)));
  CHECK_CUDA(cudaMallocManaged(&out, total * kOuts * sizeof(T)));
  for (size_t g = 0; g < total; ++g)
    in[g] = valueOf<T>(g, N * 7 + threads);
  scanTile<T, N><<<blocks, block>>>(in, out);
  CHECK_CUDA(cudaDeviceSynchronize());
  int ops = isInt<T>() ? 4 : 3;
  for (size_t g = 0; g < total; ++g) {
    size_t b = g / threads, t = g % threads;
    size_t first = t / N * N, last = std::min<size_t>(first + N, threads);
    const T *v = &in[b * threads + first];
    size_t rank = t - first;
    for (int op = 0; op < ops; ++op) {
      if (op == 1)
        continue; // less: not instantiated
      H incl = toHost(v[0]);
      for (size_t m = 1; m <= rank; ++m)
        incl = modelOp(op, incl, toHost(v[m]));
      H excl = H();
      if (rank > 0) {
        excl = toHost(v[0]);
        for (size_t m = 1; m < rank; ++m)
          excl = modelOp(op, excl, toHost(v[m]));
      }
      const H want[2] = {incl, excl};
      const H got[2] = {toHost(out[g * kOuts + op]), toHost(out[g * kOuts + 4 + op])};
      for (int k = 0; k < 2; ++k)
        if (std::memcmp(&got[k], &want[k], sizeof(H)) != 0 && failures++ < 10)
          std::printf("FAILED: %s tile<%u> %s op %d block (%u,%u) thread %zu: got %.17g "
                      "want %.17g\n",
                      typeName<T>(), N, k ? "exclusive" : "inclusive", op, block.x, block.y,
                      g, (double)got[k], (double)want[k]);
    }
    if (!std::is_same<T, __half>::value)
      continue;
    H sum = toHost(v[0]);
    for (size_t m = 1; m < last - first; ++m)
      sum = sum + toHost(v[m]);
    H gotSum = toHost(out[g * kOuts + 8]);
    if (std::memcmp(&gotSum, &sum, sizeof(H)) != 0 && failures++ < 10)
      std::printf("FAILED: %s tile<%u> reduce block (%u,%u) thread %zu: got %.17g want %.17g\n",
                  typeName<T>(), N, block.x, block.y, g, (double)gotSum, (double)sum);
  }
  CHECK_CUDA(cudaFree(in));
  CHECK_CUDA(cudaFree(out));
}

template <class T> void runType() {
  const dim3 shapes[] = {dim3(128), dim3(96), dim3(50), dim3(5), dim3(16, 5)};
  for (dim3 s : shapes) {
    runCase<T, 32>(s, 2);
    runCase<T, 64>(s, 2);
  }
}

int main() {
  runType<int>();
  runType<unsigned>();
  runType<long long>();
  runType<unsigned long long>();
  runType<float>();
  runType<double>();
  runType<__half>();
  if (failures)
    return 1;
  std::printf("scan matrix PASSED\n");
  return 0;
}

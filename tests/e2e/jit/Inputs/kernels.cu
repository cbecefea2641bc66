// Kernels of every shape the JIT must specialize correctly, each launched at
// several block sizes in one program and checked against a host reference:
// a shared-memory tree reduction (__syncthreads in a loop whose trip count
// is blockDim.x), a warp-shuffle reduction with a ballot (warp gangs when
// blockDim.x is a multiple of 32, the scalar path otherwise), a grid-stride
// loop, a 2D tile through shared memory, dynamic shared memory, and
// __device__ / __constant__ / __managed__ state shared with the host and
// between the compiled and the specialized code.
// Usage: kernels [repeats]. Prints one line per (kernel, block size) and
// PASSED.
#include "../../Inputs/check.h"
#include <cstring>
#include <vector>

__constant__ float Scale;
__device__ unsigned long long Launches;
__managed__ int ManagedSum;

__global__ void blockSum(const float *in, float *out, int n) {
  extern __shared__ float s[];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] * Scale : 0.f;
  __syncthreads();
  for (int half = blockDim.x / 2; half > 0; half /= 2) {
    if (t < half)
      s[t] += s[t + half];
    __syncthreads();
  }
  if (t == 0) {
    out[blockIdx.x] = s[0];
    atomicAdd(&Launches, 1ull);
  }
}

__global__ void warpSum(const int *in, int *out, unsigned *ballots, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = i < n ? in[i] : 0;
  unsigned mask = __ballot_sync(0xffffffffu, v & 1);
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  int lane = threadIdx.x % 32;
  int warp = i / 32;
  if (lane == 0) {
    out[warp] = v;
    ballots[warp] = mask;
    atomicAdd(&ManagedSum, v);
  }
}

__global__ void saxpyGridStride(float a, const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

constexpr int Tile = 32;
__global__ void transposeTile(const float *in, float *out, int w, int h) {
  __shared__ float tile[Tile][Tile + 1];
  int x = blockIdx.x * Tile + threadIdx.x;
  int y = blockIdx.y * Tile + threadIdx.y;
  for (int j = 0; j < Tile; j += blockDim.y)
    if (x < w && y + j < h)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
  __syncthreads();
  x = blockIdx.y * Tile + threadIdx.x;
  y = blockIdx.x * Tile + threadIdx.y;
  for (int j = 0; j < Tile; j += blockDim.y)
    if (x < h && y + j < w)
      out[(y + j) * h + x] = tile[threadIdx.x][threadIdx.y + j];
}

static unsigned long long checksum = 1469598103934665603ull;
static void fold(const void *p, size_t bytes) {
  const unsigned char *c = static_cast<const unsigned char *>(p);
  for (size_t i = 0; i < bytes; ++i)
    checksum = (checksum ^ c[i]) * 1099511628211ull;
}

int main(int argc, char **argv) {
  int repeats = argc > 1 ? std::atoi(argv[1]) : 1;
  const int n = 5000;
  float *fin, *fout, *x, *y;
  int *iin, *iout;
  unsigned *ballots;
  CHECK_CUDA(cudaMallocManaged(&fin, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&fout, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&x, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&y, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&iin, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&iout, n * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&ballots, n * sizeof(unsigned)));
  for (int i = 0; i < n; ++i) {
    fin[i] = float((i * 37) % 101) / 16.f;
    iin[i] = (i * 7919) % 1000 - 500;
  }
  const float scale = 0.5f;
  CHECK_CUDA(cudaMemcpyToSymbol(Scale, &scale, sizeof(scale)));
  unsigned long long expectLaunches = 0;

  for (int rep = 0; rep < repeats; ++rep) {
    // Block sizes: powers of two (whole gangs and warps), a partial warp,
    // a partial gang.
    for (int b : {256, 64, 32, 128, 1024}) {
      int blocks = (n + b - 1) / b;
      blockSum<<<blocks, b, b * sizeof(float)>>>(fin, fout, n);
      CHECK_CUDA(cudaDeviceSynchronize());
      expectLaunches += blocks;
      for (int k = 0; k < blocks; ++k) {
        double ref = 0;
        for (int i = k * b; i < (k + 1) * b && i < n; ++i)
          ref += fin[i] * scale;
        EXPECT(close(fout[k], ref, 1e-4));
      }
      if (rep == 0) {
        fold(fout, blocks * sizeof(float));
        std::printf("blockSum %d ok\n", b);
      }
    }
    for (int b : {64, 32, 96, 256, 160}) {
      int blocks = (n + b - 1) / b;
      std::memset(iout, 0, n * sizeof(int));
      ManagedSum = 0;
      warpSum<<<blocks, b>>>(iin, iout, ballots, n);
      CHECK_CUDA(cudaDeviceSynchronize());
      long long total = 0;
      for (int w = 0; w * 32 < blocks * b; ++w) {
        // Warps never straddle blocks when b is a multiple of 32; for
        // other sizes a warp is 32 consecutive threads of one block.
        if (b % 32 != 0)
          break;
        int ref = 0;
        unsigned mask = 0;
        for (int l = 0; l < 32; ++l) {
          int i = w * 32 + l;
          int v = i < n ? iin[i] : 0;
          mask |= unsigned(v & 1) << l;
          ref += v;
        }
        EXPECT(iout[w] == ref);
        EXPECT(ballots[w] == mask);
        total += ref;
      }
      if (b % 32 == 0)
        EXPECT(ManagedSum == total);
      if (rep == 0) {
        fold(iout, n * sizeof(int));
        std::printf("warpSum %d ok (managed %d)\n", b, ManagedSum);
      }
    }
    for (int b : {128, 48, 512}) {
      for (int i = 0; i < n; ++i) {
        x[i] = float(i % 17);
        y[i] = float(i % 5);
      }
      saxpyGridStride<<<7, b>>>(2.f, x, y, n);
      CHECK_CUDA(cudaDeviceSynchronize());
      for (int i = 0; i < n; ++i)
        EXPECT(y[i] == 2.f * float(i % 17) + float(i % 5));
      if (rep == 0) {
        fold(y, n * sizeof(float));
        std::printf("saxpyGridStride %d ok\n", b);
      }
    }
    const int w = 70, h = 45;
    for (int by : {8, 32, 4}) {
      dim3 block(Tile, by), grid((w + Tile - 1) / Tile, (h + Tile - 1) / Tile);
      transposeTile<<<grid, block>>>(fin, fout, w, h);
      CHECK_CUDA(cudaDeviceSynchronize());
      for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c)
          EXPECT(fout[c * h + r] == fin[r * w + c]);
      if (rep == 0) {
        fold(fout, w * h * sizeof(float));
        std::printf("transposeTile %dx%d ok\n", Tile, by);
      }
    }
  }
  unsigned long long launches = 0;
  CHECK_CUDA(cudaMemcpyFromSymbol(&launches, Launches, sizeof(launches)));
  EXPECT(launches == expectLaunches);
  std::printf("device counter %llu ok\n", launches);
  std::printf("checksum %llx\n", checksum);
  std::printf("PASSED\n");
  return 0;
}

// 2D five-point stencil: each block loads its tile plus a one-cell halo into
// dynamic shared memory (cooperative strided loop; cells outside the image
// read as zero), synchronizes, then computes from shared memory only. A
// second kernel loads the halo the classic way (edge threads load the extra
// rows and columns, corners unused) into a static tile, with clamp-to-edge
// boundaries. Image 101x77; argv[1], argv[2] give the block shape.
// RUN: %loomcc %s -o %t
// RUN: %t 16 16 | FileCheck %s
// RUN: %t 32 8 | FileCheck %s
// RUN: %t 7 5 | FileCheck %s
// RUN: %t 1 1 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 16 4 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 32 32 | FileCheck %s
// CHECK: zero boundary PASSED
// CHECK: clamped boundary PASSED
#include "../Inputs/check.h"
#include <algorithm>
#include <vector>

__global__ void stencilZero(const float *in, float *out, int W, int H) {
  extern __shared__ float tile[]; // (blockDim.y + 2) x (blockDim.x + 2)
  int bw = blockDim.x + 2, bh = blockDim.y + 2;
  int x0 = blockIdx.x * blockDim.x - 1, y0 = blockIdx.y * blockDim.y - 1;
  int tid = threadIdx.y * blockDim.x + threadIdx.x;
  for (int i = tid; i < bw * bh; i += blockDim.x * blockDim.y) {
    int gx = x0 + i % bw, gy = y0 + i / bw;
    tile[i] = (gx >= 0 && gx < W && gy >= 0 && gy < H) ? in[gy * W + gx] : 0.0f;
  }
  __syncthreads();
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H)
    return;
  int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
  out[y * W + x] = 4.0f * tile[ly * bw + lx] - tile[(ly - 1) * bw + lx] -
                   tile[(ly + 1) * bw + lx] - tile[ly * bw + lx - 1] - tile[ly * bw + lx + 1];
}

__device__ int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

__global__ void stencilClamp(const float *in, float *out, int W, int H) {
  __shared__ float tile[34][34]; // blocks up to 32x32
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * blockDim.x + tx, y = blockIdx.y * blockDim.y + ty;
  int cx = clampi(x, 0, W - 1), cy = clampi(y, 0, H - 1);
  tile[ty + 1][tx + 1] = in[cy * W + cx];
  if (tx == 0)
    tile[ty + 1][0] = in[cy * W + clampi(x - 1, 0, W - 1)];
  if (tx == blockDim.x - 1)
    tile[ty + 1][tx + 2] = in[cy * W + clampi(x + 1, 0, W - 1)];
  if (ty == 0)
    tile[0][tx + 1] = in[clampi(y - 1, 0, H - 1) * W + cx];
  if (ty == blockDim.y - 1)
    tile[ty + 2][tx + 1] = in[clampi(y + 1, 0, H - 1) * W + cx];
  __syncthreads();
  if (x < W && y < H)
    out[y * W + x] = 4.0f * tile[ty + 1][tx + 1] - tile[ty][tx + 1] - tile[ty + 2][tx + 1] -
                     tile[ty + 1][tx] - tile[ty + 1][tx + 2];
}

int main(int argc, char **argv) {
  int bx = argc > 1 ? std::atoi(argv[1]) : 16;
  int by = argc > 2 ? std::atoi(argv[2]) : 16;
  const int W = 101, H = 77;
  std::vector<float> in(W * H), out(W * H), ref(W * H);
  for (int i = 0; i < W * H; ++i)
    in[i] = (float)((i * 31) % 17 - 8);
  float *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, in.size() * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dout, in.size() * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(din, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(bx, by), grid((W + bx - 1) / bx, (H + by - 1) / by);

  auto at0 = [&](int x, int y) { return (x < 0 || x >= W || y < 0 || y >= H) ? 0.0f : in[y * W + x]; };
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      ref[y * W + x] = 4.0f * at0(x, y) - at0(x, y - 1) - at0(x, y + 1) - at0(x - 1, y) - at0(x + 1, y);
  CHECK_CUDA(cudaMemset(dout, 0, in.size() * sizeof(float)));
  stencilZero<<<grid, block, (bx + 2) * (by + 2) * sizeof(float)>>>(din, dout, W, H);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(out.data(), dout, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < W * H; ++i)
    EXPECT(out[i] == ref[i]);
  std::printf("zero boundary PASSED\n");

  auto atc = [&](int x, int y) {
    return in[std::clamp(y, 0, H - 1) * W + std::clamp(x, 0, W - 1)];
  };
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      ref[y * W + x] = 4.0f * atc(x, y) - atc(x, y - 1) - atc(x, y + 1) - atc(x - 1, y) - atc(x + 1, y);
  CHECK_CUDA(cudaMemset(dout, 0, in.size() * sizeof(float)));
  stencilClamp<<<grid, block>>>(din, dout, W, H);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(out.data(), dout, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < W * H; ++i)
    EXPECT(out[i] == ref[i]);
  std::printf("clamped boundary PASSED\n");
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
  return 0;
}

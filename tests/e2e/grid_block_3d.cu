// 2D and 3D grids and blocks: every (block, thread) writes its own indices once.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: 2D PASSED
// CHECK: 3D PASSED
#include "Inputs/check.h"
#include <vector>

struct Ids {
  unsigned tx, ty, tz, bx, by, bz, bdx, bdy, bdz, gdx, gdy, gdz;
};

__global__ void record3d(Ids *out) {
  unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  Ids &r = out[bid * (blockDim.x * blockDim.y * blockDim.z) + tid];
  r.tx = threadIdx.x; r.ty = threadIdx.y; r.tz = threadIdx.z;
  r.bx = blockIdx.x; r.by = blockIdx.y; r.bz = blockIdx.z;
  r.bdx = blockDim.x; r.bdy = blockDim.y; r.bdz = blockDim.z;
  r.gdx = gridDim.x; r.gdy = gridDim.y; r.gdz = gridDim.z;
}

__global__ void matrix2d(float *m, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < width && y < height)
    m[y * width + x] = y * 1000.0f + x;
}

static bool check3d(dim3 grid, dim3 block) {
  size_t count = (size_t)grid.x * grid.y * grid.z * block.x * block.y * block.z;
  Ids *d;
  CHECK_CUDA(cudaMalloc(&d, count * sizeof(Ids)));
  CHECK_CUDA(cudaMemset(d, 0xff, count * sizeof(Ids)));
  record3d<<<grid, block>>>(d);
  CHECK_CUDA(cudaGetLastError());
  std::vector<Ids> h(count);
  CHECK_CUDA(cudaMemcpy(h.data(), d, count * sizeof(Ids), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaFree(d));
  size_t i = 0;
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx)
        for (unsigned tz = 0; tz < block.z; ++tz)
          for (unsigned ty = 0; ty < block.y; ++ty)
            for (unsigned tx = 0; tx < block.x; ++tx, ++i) {
              const Ids &r = h[i];
              if (r.tx != tx || r.ty != ty || r.tz != tz || r.bx != bx || r.by != by ||
                  r.bz != bz || r.bdx != block.x || r.bdy != block.y || r.bdz != block.z ||
                  r.gdx != grid.x || r.gdy != grid.y || r.gdz != grid.z)
                return false;
            }
  return true;
}

int main() {
  const int w = 77, h = 45;
  float *dm;
  CHECK_CUDA(cudaMalloc(&dm, w * h * sizeof(float)));
  dim3 block(16, 8);
  dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
  matrix2d<<<grid, block>>>(dm, w, h);
  CHECK_CUDA(cudaGetLastError());
  std::vector<float> m(w * h);
  CHECK_CUDA(cudaMemcpy(m.data(), dm, m.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      EXPECT(m[y * w + x] == y * 1000.0f + x);
  std::printf("2D PASSED\n");

  EXPECT(check3d(dim3(3, 2, 4), dim3(5, 3, 2)));
  EXPECT(check3d(dim3(1, 1, 1), dim3(8, 8, 16)));
  EXPECT(check3d(dim3(7, 1, 3), dim3(1, 1, 1)));
  EXPECT(check3d(dim3(2, 3), dim3(4, 4, 4)));
  std::printf("3D PASSED\n");
  return 0;
}

// 3D thread blocks with shared memory indexed by (z, y, x): each thread
// stores a value, and after a barrier reads the cell mirrored in all three
// dimensions and a 6-neighbour sum (wrapping within the block). Also a 3D
// block reduction over the linearized index. argv gives the block shape.
// RUN: %loomcc %s -o %t
// RUN: %t 8 4 4 | FileCheck %s
// RUN: %t 5 3 7 | FileCheck %s
// RUN: %t 1 1 16 | FileCheck %s
// RUN: %t 16 8 8 | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t 8 4 4 | FileCheck %s
// RUN: env LOOM_NUM_THREADS=1 %t 4 4 2 | FileCheck %s
// CHECK: mirror PASSED
// CHECK: reduction PASSED
#include "../Inputs/check.h"
#include <vector>

constexpr int MAXD = 16;

__device__ int cellValue(int x, int y, int z, int b) { return x + 100 * y + 10000 * z + 7 * b; }

__global__ void mirror3d(int *mirror, int *neigh) {
  __shared__ int s[MAXD][MAXD][MAXD];
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  int X = blockDim.x, Y = blockDim.y, Z = blockDim.z;
  s[z][y][x] = cellValue(x, y, z, blockIdx.x + 2 * blockIdx.y);
  __syncthreads();
  size_t lin = x + X * (y + Y * (size_t)z);
  size_t g = (blockIdx.x + gridDim.x * blockIdx.y) * (size_t)(X * Y * Z) + lin;
  mirror[g] = s[Z - 1 - z][Y - 1 - y][X - 1 - x];
  neigh[g] = s[z][y][(x + 1) % X] + s[z][y][(x + X - 1) % X] + s[z][(y + 1) % Y][x] +
             s[z][(y + Y - 1) % Y][x] + s[(z + 1) % Z][y][x] + s[(z + Z - 1) % Z][y][x];
}

__global__ void reduce3d(const int *in, int *out) {
  extern __shared__ int r[];
  int n = blockDim.x * blockDim.y * blockDim.z;
  int lin = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  r[lin] = in[blockIdx.x * n + lin];
  __syncthreads();
  for (int width = n; width > 1;) {
    int half = (width + 1) / 2;
    if (lin < width - half)
      r[lin] += r[lin + half];
    width = half;
    __syncthreads();
  }
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
    out[blockIdx.x] = r[0];
}

int main(int argc, char **argv) {
  int X = argc > 3 ? std::atoi(argv[1]) : 8;
  int Y = argc > 3 ? std::atoi(argv[2]) : 4;
  int Z = argc > 3 ? std::atoi(argv[3]) : 4;
  int n = X * Y * Z;
  dim3 grid(3, 2);
  size_t count = (size_t)grid.x * grid.y * n;
  int *dm, *dn;
  CHECK_CUDA(cudaMalloc(&dm, count * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dn, count * sizeof(int)));
  mirror3d<<<grid, dim3(X, Y, Z)>>>(dm, dn);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> m(count), nb(count);
  CHECK_CUDA(cudaMemcpy(m.data(), dm, count * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(nb.data(), dn, count * sizeof(int), cudaMemcpyDeviceToHost));
  auto val = [](int x, int y, int z, int b) { return x + 100 * y + 10000 * z + 7 * b; };
  for (unsigned by = 0; by < grid.y; ++by)
    for (unsigned bx = 0; bx < grid.x; ++bx) {
      int b = bx + 2 * by;
      for (int z = 0; z < Z; ++z)
        for (int y = 0; y < Y; ++y)
          for (int x = 0; x < X; ++x) {
            size_t g = (bx + grid.x * by) * (size_t)n + x + X * (y + Y * z);
            EXPECT(m[g] == val(X - 1 - x, Y - 1 - y, Z - 1 - z, b));
            int e = val((x + 1) % X, y, z, b) + val((x + X - 1) % X, y, z, b) +
                    val(x, (y + 1) % Y, z, b) + val(x, (y + Y - 1) % Y, z, b) +
                    val(x, y, (z + 1) % Z, b) + val(x, y, (z + Z - 1) % Z, b);
            EXPECT(nb[g] == e);
          }
    }
  std::printf("mirror PASSED\n");

  const int blocks = 9;
  std::vector<int> in(blocks * n), out(blocks);
  for (int i = 0; i < blocks * n; ++i)
    in[i] = (i * 13) % 31 - 15;
  int *din, *dout;
  CHECK_CUDA(cudaMalloc(&din, in.size() * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dout, blocks * sizeof(int)));
  CHECK_CUDA(cudaMemcpy(din, in.data(), in.size() * sizeof(int), cudaMemcpyHostToDevice));
  reduce3d<<<blocks, dim3(X, Y, Z), n * sizeof(int)>>>(din, dout);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaMemcpy(out.data(), dout, blocks * sizeof(int), cudaMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    int s = 0;
    for (int i = 0; i < n; ++i)
      s += in[b * n + i];
    EXPECT(out[b] == s);
  }
  std::printf("reduction PASSED\n");
  CHECK_CUDA(cudaFree(dm));
  CHECK_CUDA(cudaFree(dn));
  CHECK_CUDA(cudaFree(din));
  CHECK_CUDA(cudaFree(dout));
  return 0;
}

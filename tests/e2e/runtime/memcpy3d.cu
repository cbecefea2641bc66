// A 3D round trip: cudaMalloc3D, cudaMemcpy3D in, a 3D kernel over the pitched
// volume, cudaMemset3D of a sub-box and cudaMemcpy3D out of a window.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <vector>

__global__ void addCoords(cudaPitchedPtr p, int nx, int ny, int nz) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x >= nx || y >= ny || z >= nz)
    return;
  char *slice = (char *)p.ptr + z * p.pitch * p.ysize;
  int *row = (int *)(slice + y * p.pitch);
  row[x] += x + 100 * y + 10000 * z;
}

int main() {
  const int nx = 21, ny = 13, nz = 6;
  std::vector<int> host(nx * ny * nz);
  for (size_t i = 0; i < host.size(); ++i)
    host[i] = int(i) * 3;
  cudaExtent extent = make_cudaExtent(nx * sizeof(int), ny, nz);
  cudaPitchedPtr dev;
  CHECK_CUDA(cudaMalloc3D(&dev, extent));
  EXPECT(dev.pitch >= nx * sizeof(int) && dev.xsize == nx * sizeof(int) && dev.ysize == ny);

  cudaMemcpy3DParms in = {0};
  in.srcPtr = make_cudaPitchedPtr(host.data(), nx * sizeof(int), nx, ny);
  in.dstPtr = dev;
  in.extent = extent;
  in.kind = cudaMemcpyHostToDevice;
  CHECK_CUDA(cudaMemcpy3D(&in));

  dim3 block(8, 4, 2);
  dim3 grid((nx + 7) / 8, (ny + 3) / 4, (nz + 1) / 2);
  addCoords<<<grid, block>>>(dev, nx, ny, nz);
  CHECK_CUDA(cudaGetLastError());

  // Zero slices 4..5, rows 0..ny-1, first 3 ints.
  cudaPitchedPtr box = dev;
  box.ptr = (char *)dev.ptr + 4 * dev.pitch * dev.ysize;
  CHECK_CUDA(cudaMemset3DAsync(box, 0, make_cudaExtent(3 * sizeof(int), ny, 2), 0));

  std::vector<int> out(nx * ny * nz, -1);
  cudaMemcpy3DParms back = {0};
  back.srcPtr = dev;
  back.dstPtr = make_cudaPitchedPtr(out.data(), nx * sizeof(int), nx, ny);
  back.extent = extent;
  back.kind = cudaMemcpyDeviceToHost;
  CHECK_CUDA(cudaMemcpy3D(&back));
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x) {
        int i = (z * ny + y) * nx + x;
        int expect = (z >= 4 && x < 3) ? 0 : host[i] + x + 100 * y + 10000 * z;
        EXPECT(out[i] == expect);
      }

  // A window at (x=2 ints, y=3, z=1) of 5 x 4 x 2 into a tight buffer.
  std::vector<int> win(5 * 4 * 2);
  cudaMemcpy3DParms w = {0};
  w.srcPtr = dev;
  w.srcPos = make_cudaPos(2 * sizeof(int), 3, 1);
  w.dstPtr = make_cudaPitchedPtr(win.data(), 5 * sizeof(int), 5, 4);
  w.extent = make_cudaExtent(5 * sizeof(int), 4, 2);
  w.kind = cudaMemcpyDefault;
  CHECK_CUDA(cudaMemcpy3DAsync(&w, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 5; ++x)
        EXPECT(win[(z * 4 + y) * 5 + x] == out[((z + 1) * ny + y + 3) * nx + x + 2]);

  w.extent = make_cudaExtent(dev.pitch + 1, 1, 1);
  EXPECT(cudaMemcpy3D(&w) != cudaSuccess);
  cudaGetLastError();
  CHECK_CUDA(cudaFree(dev.ptr));
  std::printf("PASSED\n");
  return 0;
}

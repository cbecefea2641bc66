// Surface objects over CUDA arrays: a kernel writes a 2D array through
// surf2Dwrite (byte x offsets), another reads it back with surf2Dread and
// applies boundary modes (zero and clamp); a 3D/layered round trip; an
// out-of-range access in trap mode makes the next sync return an error.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <vector>

__global__ void writeSurf(cudaSurfaceObject_t s, int w, int h) {
  int x = threadIdx.x, y = blockIdx.x;
  if (x < w && y < h)
    surf2Dwrite(make_float2(x + 0.5f, y * 10.0f), s, x * (int)sizeof(float2), y);
}

__global__ void readSurf(cudaSurfaceObject_t s, float2 *out, float *edge, int w, int h) {
  int x = threadIdx.x, y = blockIdx.x;
  out[y * w + x] = surf2Dread<float2>(s, x * (int)sizeof(float2), y);
  if (x == 0 && y == 0) {
    edge[0] = surf2Dread<float2>(s, -8, 0, cudaBoundaryModeZero).x;                    // 0
    edge[1] = surf2Dread<float2>(s, (w + 3) * 8, h + 5, cudaBoundaryModeClamp).y;     // last row
  }
}

__global__ void layered(cudaSurfaceObject_t s) {
  int x = threadIdx.x, layer = blockIdx.x;
  surf1DLayeredwrite(x * 100 + layer, s, x * (int)sizeof(int), layer);
}

__global__ void outOfRange(cudaSurfaceObject_t s) { surf2Dwrite(1.0f, s, 1 << 20, 0); }

int main() {
  const int w = 13, h = 5;
  cudaChannelFormatDesc d = cudaCreateChannelDesc<float2>();
  cudaArray_t arr;
  CHECK_CUDA(cudaMallocArray(&arr, &d, w, h, cudaArraySurfaceLoadStore));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = arr;
  cudaSurfaceObject_t s;
  CHECK_CUDA(cudaCreateSurfaceObject(&s, &res));
  writeSurf<<<h, 16>>>(s, w, h);
  float2 *out;
  float *edge;
  CHECK_CUDA(cudaMallocManaged(&out, w * h * sizeof(float2)));
  CHECK_CUDA(cudaMallocManaged(&edge, 2 * sizeof(float)));
  readSurf<<<h, w>>>(s, out, edge, w, h);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float2> host(w * h);
  CHECK_CUDA(cudaMemcpy2DFromArray(host.data(), w * sizeof(float2), arr, 0, 0, w * sizeof(float2),
                                   h, cudaMemcpyDeviceToHost));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      EXPECT(out[y * w + x].x == x + 0.5f && out[y * w + x].y == y * 10.0f);
      EXPECT(host[y * w + x].x == x + 0.5f);
    }
  EXPECT(edge[0] == 0.0f && edge[1] == (h - 1) * 10.0f);

  cudaChannelFormatDesc di = cudaCreateChannelDesc<int>();
  cudaArray_t lay;
  CHECK_CUDA(cudaMalloc3DArray(&lay, &di, make_cudaExtent(8, 0, 3),
                               cudaArrayLayered | cudaArraySurfaceLoadStore));
  cudaResourceDesc res2 = {};
  res2.resType = cudaResourceTypeArray;
  res2.res.array.array = lay;
  cudaSurfaceObject_t s2;
  CHECK_CUDA(cudaCreateSurfaceObject(&s2, &res2));
  layered<<<3, 8>>>(s2);
  CHECK_CUDA(cudaDeviceSynchronize());
  int back[24];
  cudaMemcpy3DParms p = {};
  p.srcArray = lay;
  p.dstPtr = make_cudaPitchedPtr(back, 8 * sizeof(int), 8, 1);
  p.extent = make_cudaExtent(8, 1, 3);
  p.kind = cudaMemcpyDeviceToHost;
  CHECK_CUDA(cudaMemcpy3D(&p));
  for (int l = 0; l < 3; ++l)
    for (int x = 0; x < 8; ++x)
      EXPECT(back[l * 8 + x] == x * 100 + l);

  outOfRange<<<1, 1>>>(s);
  EXPECT(cudaDeviceSynchronize() == cudaErrorIllegalAddress);
  std::printf("PASSED\n");
  return 0;
}

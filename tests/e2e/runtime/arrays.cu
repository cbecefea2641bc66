// CUDA arrays round trip: host -> 2D array (cudaMemcpy2DToArray and the
// deprecated cudaMemcpyToArray) -> array-to-array -> linear device memory, a
// kernel, then back into a 3D array through cudaMemcpy3D and out to the host.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <vector>

__global__ void negate(float4 *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = make_float4(-v[i].x, -v[i].y, -v[i].z, -v[i].w);
}

int main() {
  const int w = 19, h = 11;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float4>();
  EXPECT(desc.x == 32 && desc.w == 32 && desc.f == cudaChannelFormatKindFloat);
  cudaArray_t a, b;
  CHECK_CUDA(cudaMallocArray(&a, &desc, w, h));
  CHECK_CUDA(cudaMallocArray(&b, &desc, w, h));
  cudaChannelFormatDesc got;
  cudaExtent ext;
  unsigned flags;
  CHECK_CUDA(cudaArrayGetInfo(&got, &ext, &flags, a));
  EXPECT(ext.width == w && ext.height == h && ext.depth == 0 && got.y == 32);

  std::vector<float4> host(w * h);
  for (int i = 0; i < w * h; ++i)
    host[i] = make_float4(i, i + 0.5f, -i, 7);
  // Upper half by rows, the rest with the old 1D call (which wraps rows).
  CHECK_CUDA(cudaMemcpy2DToArray(a, 0, 0, host.data(), w * sizeof(float4), w * sizeof(float4),
                                 5, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpyToArray(a, 0, 5, host.data() + 5 * w, (h - 5) * w * sizeof(float4),
                               cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy2DArrayToArray(b, 0, 0, a, 0, 0, w * sizeof(float4), h));

  float4 *lin;
  CHECK_CUDA(cudaMalloc(&lin, w * h * sizeof(float4)));
  CHECK_CUDA(cudaMemcpy2DFromArray(lin, w * sizeof(float4), b, 0, 0, w * sizeof(float4), h,
                                   cudaMemcpyDeviceToDevice));
  negate<<<(w * h + 63) / 64, 64>>>(lin, w * h);
  CHECK_CUDA(cudaGetLastError());

  // Into a layered 3D array (2 layers), second layer, via cudaMemcpy3D.
  cudaArray_t vol;
  CHECK_CUDA(cudaMalloc3DArray(&vol, &desc, make_cudaExtent(w, h, 2), cudaArrayLayered));
  cudaMemcpy3DParms p = {0};
  p.srcPtr = make_cudaPitchedPtr(lin, w * sizeof(float4), w, h);
  p.dstArray = vol;
  p.dstPos = make_cudaPos(0, 0, 1);
  p.extent = make_cudaExtent(w, h, 1);
  p.kind = cudaMemcpyDeviceToDevice;
  CHECK_CUDA(cudaMemcpy3D(&p));

  std::vector<float4> out(w * h);
  cudaMemcpy3DParms q = {0};
  q.srcArray = vol;
  q.srcPos = make_cudaPos(0, 0, 1);
  q.dstPtr = make_cudaPitchedPtr(out.data(), w * sizeof(float4), w, h);
  q.extent = make_cudaExtent(w, h, 1);
  q.kind = cudaMemcpyDeviceToHost;
  CHECK_CUDA(cudaMemcpy3D(&q));
  for (int i = 0; i < w * h; ++i)
    EXPECT(out[i].x == -host[i].x && out[i].y == -host[i].y && out[i].z == -host[i].z &&
           out[i].w == -7);

  // The whole of b, read back with the deprecated call.
  CHECK_CUDA(cudaMemcpyFromArray(out.data(), b, 0, 0, w * h * sizeof(float4),
                                 cudaMemcpyDeviceToHost));
  for (int i = 0; i < w * h; ++i)
    EXPECT(out[i].x == host[i].x && out[i].w == 7);

  EXPECT(cudaMemcpyToArray(a, 0, h, host.data(), sizeof(float4), cudaMemcpyHostToDevice) ==
         cudaErrorInvalidValue);
  cudaGetLastError();
  CHECK_CUDA(cudaFreeArray(a));
  CHECK_CUDA(cudaFreeArray(b));
  CHECK_CUDA(cudaFreeArray(vol));
  // (Freeing an array twice crashes a GPU's runtime; Loom's answer to it is
  // tested in tests/unit/runtime/ArrayTest.cpp.)
  CHECK_CUDA(cudaFree(lin));
  std::printf("PASSED\n");
  return 0;
}

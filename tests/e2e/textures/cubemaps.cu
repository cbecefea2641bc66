// Cubemap and layered-cubemap texture objects over cudaArrayCubemap arrays:
// a direction picks a face by its largest component, the other two address
// the face (CUDA programming guide, "Cubemap Textures"). Directions are built
// from (face, texel) with the inverse of CUDA's table, so every texel of
// every face is hit exactly.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <vector>

constexpr int W = 4, Layers = 2;

struct Dir {
  float x, y, z;
};

/// The direction through the centre of texel (i, j) of `face`.
Dir direction(int face, int i, int j) {
  float s = 2.0f * (i + 0.5f) / W - 1.0f, t = 2.0f * (j + 0.5f) / W - 1.0f;
  switch (face) {
  case 0: return {1, -t, -s};
  case 1: return {-1, -t, s};
  case 2: return {s, 1, t};
  case 3: return {s, -1, -t};
  case 4: return {s, -t, 1};
  default: return {-s, -t, -1};
  }
}

__global__ void fetch(cudaTextureObject_t cube, cudaTextureObject_t layered, const Dir *dirs,
                      float *out, float *outLayered, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  Dir d = dirs[k];
  out[k] = texCubemap<float>(cube, d.x, d.y, d.z);
  outLayered[k] = texCubemapLayered<float>(layered, d.x, d.y, d.z, 1);
}

cudaTextureObject_t makeTexture(cudaArray_t array) {
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaTextureDesc desc = {};
  desc.addressMode[0] = desc.addressMode[1] = desc.addressMode[2] = cudaAddressModeClamp;
  desc.filterMode = cudaFilterModePoint;
  desc.readMode = cudaReadModeElementType;
  desc.normalizedCoords = 1;
  cudaTextureObject_t tex = 0;
  CHECK_CUDA(cudaCreateTextureObject(&tex, &res, &desc, nullptr));
  return tex;
}

int main() {
  // Texel value: layer * 1000 + face * 100 + j * 10 + i.
  std::vector<float> texels(Layers * 6 * W * W);
  for (int l = 0; l < Layers; ++l)
    for (int f = 0; f < 6; ++f)
      for (int j = 0; j < W; ++j)
        for (int i = 0; i < W; ++i)
          texels[((l * 6 + f) * W + j) * W + i] = l * 1000 + f * 100 + j * 10 + i;

  cudaChannelFormatDesc ch = cudaCreateChannelDesc<float>();
  cudaArray_t cube, layered;
  CHECK_CUDA(cudaMalloc3DArray(&cube, &ch, make_cudaExtent(W, W, 6), cudaArrayCubemap));
  CHECK_CUDA(cudaMalloc3DArray(&layered, &ch, make_cudaExtent(W, W, 6 * Layers),
                               cudaArrayCubemap | cudaArrayLayered));
  // Cubemaps must be square with 6 faces (per layer).
  cudaArray_t bad;
  EXPECT(cudaMalloc3DArray(&bad, &ch, make_cudaExtent(W, W + 1, 6), cudaArrayCubemap) ==
         cudaErrorInvalidValue);
  EXPECT(cudaMalloc3DArray(&bad, &ch, make_cudaExtent(W, W, 5), cudaArrayCubemap) ==
         cudaErrorInvalidValue);
  cudaGetLastError();
  for (cudaArray_t a : {cube, layered}) {
    int depth = a == cube ? 6 : 6 * Layers;
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(texels.data(), W * sizeof(float), W, W);
    p.dstArray = a;
    p.extent = make_cudaExtent(W, W, depth);
    p.kind = cudaMemcpyHostToDevice;
    CHECK_CUDA(cudaMemcpy3D(&p));
  }
  cudaTextureObject_t texCube = makeTexture(cube), texLayered = makeTexture(layered);

  const int n = 6 * W * W;
  Dir *dirs;
  float *out, *outLayered;
  CHECK_CUDA(cudaMallocManaged(&dirs, n * sizeof(Dir)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&outLayered, n * sizeof(float)));
  for (int f = 0; f < 6; ++f)
    for (int j = 0; j < W; ++j)
      for (int i = 0; i < W; ++i) {
        Dir d = direction(f, i, j);
        // Any positive multiple of a direction is the same direction.
        float scale = 0.5f + (i + j) % 3;
        dirs[(f * W + j) * W + i] = {d.x * scale, d.y * scale, d.z * scale};
      }
  fetch<<<(n + 63) / 64, 64>>>(texCube, texLayered, dirs, out, outLayered, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int f = 0; f < 6; ++f)
    for (int j = 0; j < W; ++j)
      for (int i = 0; i < W; ++i) {
        int k = (f * W + j) * W + i;
        EXPECT(out[k] == f * 100 + j * 10 + i);
        EXPECT(outLayered[k] == 1000 + f * 100 + j * 10 + i);
      }
  CHECK_CUDA(cudaDestroyTextureObject(texCube));
  CHECK_CUDA(cudaDestroyTextureObject(texLayered));
  CHECK_CUDA(cudaFreeArray(cube));
  CHECK_CUDA(cudaFreeArray(layered));
  std::printf("PASSED\n");
  return 0;
}

// Textures: legacy texture references bound to linear memory (tex1Dfetch, as
// Rodinia's kmeans and leukocyte use them) and to a 2D array with linear
// filtering; texture objects over linear, pitch-2D and array resources with
// point and linear filtering, normalized coordinates and address modes,
// normalized-float reads of uchar4.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: references PASSED
// CHECK: objects PASSED
#include "../Inputs/check.h"
#include <algorithm>
#include <vector>

texture<float, 1, cudaReadModeElementType> tFeatures;
texture<float, 2, cudaReadModeElementType> tImage;
texture<uchar4, 1, cudaReadModeNormalizedFloat> tColors;

__global__ void viaReferences(float *out, float4 *colors, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = tex1Dfetch(tFeatures, i) * 2.0f;
    colors[i] = tex1Dfetch(tColors, i);
  }
}

__global__ void sample2D(float *out, int w, int h) {
  int x = threadIdx.x, y = blockIdx.x;
  // Half-way between texel centres: the average of two neighbours.
  out[y * w + x] = tex2D(tImage, x + 1.0f, y + 0.5f);
}

__global__ void viaObjects(cudaTextureObject_t lin, cudaTextureObject_t pitch,
                           cudaTextureObject_t wrap, float *out, int n) {
  int i = threadIdx.x;
  out[i] = tex1Dfetch<float>(lin, i);
  out[n + i] = tex2D<float>(pitch, i + 0.5f, 1.5f);
  out[2 * n + i] = tex2D<float>(wrap, (i + 0.5f) / 4.0f + 1.0f, 0.5f / 2.0f); // wraps
}

int main() {
  const int n = 100;
  std::vector<float> h(n);
  std::vector<uchar4> c(n);
  for (int i = 0; i < n; ++i) {
    h[i] = i * 0.25f;
    c[i] = make_uchar4(i, 255 - i, 0, 255);
  }
  float *dFeat, *dOut;
  uchar4 *dCol;
  float4 *dColors;
  CHECK_CUDA(cudaMalloc(&dFeat, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&dCol, n * sizeof(uchar4)));
  CHECK_CUDA(cudaMalloc(&dOut, 4 * n * sizeof(float)));
  CHECK_CUDA(cudaMallocManaged(&dColors, n * sizeof(float4)));
  CHECK_CUDA(cudaMemcpy(dFeat, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(dCol, c.data(), n * sizeof(uchar4), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaBindTexture(NULL, tFeatures, dFeat, n * sizeof(float)));
  CHECK_CUDA(cudaBindTexture(NULL, tColors, dCol, n * sizeof(uchar4)));
  viaReferences<<<(n + 31) / 32, 32>>>(dOut, dColors, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> o(n);
  CHECK_CUDA(cudaMemcpy(o.data(), dOut, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) {
    EXPECT(o[i] == h[i] * 2.0f);
    EXPECT(close(dColors[i].x, i / 255.0, 1e-6) && close(dColors[i].y, (255 - i) / 255.0, 1e-6));
    EXPECT(dColors[i].z == 0.0f && dColors[i].w == 1.0f);
  }
  CHECK_CUDA(cudaUnbindTexture(tFeatures));
  CHECK_CUDA(cudaUnbindTexture(tColors));

  // 2D array with linear filtering through a reference.
  const int w = 8, hh = 4;
  std::vector<float> img(w * hh);
  for (int i = 0; i < w * hh; ++i)
    img[i] = (float)i;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t arr;
  CHECK_CUDA(cudaMallocArray(&arr, &desc, w, hh));
  CHECK_CUDA(cudaMemcpy2DToArray(arr, 0, 0, img.data(), w * sizeof(float), w * sizeof(float), hh,
                                 cudaMemcpyHostToDevice));
  tImage.filterMode = cudaFilterModeLinear;
  tImage.addressMode[0] = cudaAddressModeClamp;
  tImage.addressMode[1] = cudaAddressModeClamp;
  CHECK_CUDA(cudaBindTextureToArray(tImage, arr, desc));
  sample2D<<<hh, w>>>(dOut, w, hh);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(o.data(), dOut, w * hh * sizeof(float), cudaMemcpyDeviceToHost));
  for (int y = 0; y < hh; ++y)
    for (int x = 0; x < w; ++x) {
      float right = img[y * w + std::min(x + 1, w - 1)];
      EXPECT(close(o[y * w + x], 0.5 * (img[y * w + x] + right), 1e-6));
    }
  std::printf("references PASSED\n");

  // Texture objects.
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = dFeat;
  res.res.linear.desc = desc;
  res.res.linear.sizeInBytes = n * sizeof(float);
  cudaTextureDesc td = {};
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t lin, pitchObj, wrapObj;
  CHECK_CUDA(cudaCreateTextureObject(&lin, &res, &td, NULL));
  float *dPitch;
  size_t pitch;
  CHECK_CUDA(cudaMallocPitch((void **)&dPitch, &pitch, n * sizeof(float), 3));
  std::vector<float> rows(3 * n);
  for (int r = 0; r < 3; ++r)
    for (int i = 0; i < n; ++i)
      rows[r * n + i] = r * 1000.0f + i;
  CHECK_CUDA(cudaMemcpy2D(dPitch, pitch, rows.data(), n * sizeof(float), n * sizeof(float), 3,
                          cudaMemcpyHostToDevice));
  cudaResourceDesc res2 = {};
  res2.resType = cudaResourceTypePitch2D;
  res2.res.pitch2D.devPtr = dPitch;
  res2.res.pitch2D.desc = desc;
  res2.res.pitch2D.width = n;
  res2.res.pitch2D.height = 3;
  res2.res.pitch2D.pitchInBytes = pitch;
  CHECK_CUDA(cudaCreateTextureObject(&pitchObj, &res2, &td, NULL));
  cudaResourceDesc res3 = {};
  res3.resType = cudaResourceTypeArray;
  cudaArray_t small;
  CHECK_CUDA(cudaMallocArray(&small, &desc, 4, 2));
  float smallData[8] = {10, 20, 30, 40, 50, 60, 70, 80};
  CHECK_CUDA(cudaMemcpy2DToArray(small, 0, 0, smallData, 4 * sizeof(float), 4 * sizeof(float), 2,
                                 cudaMemcpyHostToDevice));
  res3.res.array.array = small;
  cudaTextureDesc wd = {};
  wd.addressMode[0] = cudaAddressModeWrap;
  wd.addressMode[1] = cudaAddressModeWrap;
  wd.filterMode = cudaFilterModePoint;
  wd.normalizedCoords = 1;
  CHECK_CUDA(cudaCreateTextureObject(&wrapObj, &res3, &wd, NULL));
  viaObjects<<<1, 4>>>(lin, pitchObj, wrapObj, dOut, 4);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(o.data(), dOut, 12 * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 4; ++i) {
    EXPECT(o[i] == h[i]);
    EXPECT(o[4 + i] == 1000.0f + i);
    EXPECT(o[8 + i] == smallData[i]);
  }
  CHECK_CUDA(cudaDestroyTextureObject(lin));
  CHECK_CUDA(cudaDestroyTextureObject(pitchObj));
  CHECK_CUDA(cudaDestroyTextureObject(wrapObj));
  std::printf("objects PASSED\n");
  return 0;
}

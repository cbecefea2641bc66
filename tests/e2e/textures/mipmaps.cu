// Mipmapped textures: cudaMallocMipmappedArray (level count clamped to the
// full chain, level extents halved), cudaGetMipmappedArrayLevel,
// cudaFreeMipmappedArray, texture objects over a mipmapped array with point
// and linear mipmap filtering, mipmapLevelBias and the level clamps;
// tex1DLod, tex2DLod, tex3DLod, tex2DGrad (level = log2 of the longer
// gradient in level-0 texels) and tex3DGrad; tex2DLod on a plain array
// (one level). Every fetch is compared with a CPU model of CUDA's rules.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cmath>
#include <vector>

constexpr int W = 64, H = 32, D = 8;

struct Query {
  float u, v, w, lod;
  float dx[3], dy[3];
};

__global__ void fetch(cudaTextureObject_t t1, cudaTextureObject_t t2, cudaTextureObject_t t3,
                      cudaTextureObject_t plain, const Query *q, float *out, int n) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n)
    return;
  Query Q = q[k];
  out[k * 6 + 0] = tex1DLod<float>(t1, Q.u, Q.lod);
  out[k * 6 + 1] = tex2DLod<float>(t2, Q.u, Q.v, Q.lod);
  out[k * 6 + 2] = tex3DLod<float>(t3, Q.u, Q.v, Q.w, Q.lod);
  out[k * 6 + 3] = tex2DGrad<float>(t2, Q.u, Q.v, make_float2(Q.dx[0], Q.dx[1]),
                                    make_float2(Q.dy[0], Q.dy[1]));
  out[k * 6 + 4] = tex3DGrad<float>(t3, Q.u, Q.v, Q.w, make_float4(Q.dx[0], Q.dx[1], Q.dx[2], 0),
                                    make_float4(Q.dy[0], Q.dy[1], Q.dy[2], 0));
  out[k * 6 + 5] = tex2DLod<float>(plain, Q.u, Q.v, Q.lod);
}

static float value(int level, int x, int y, int z) {
  return float(level * 100000 + z * 10000 + y * 100 + x);
}

/// Fills every level of a mipmapped array with value(level, x, y, z).
static void fill(cudaMipmappedArray_t m, int levels, int w, int h, int d) {
  for (int l = 0; l < levels; ++l) {
    cudaArray_t a;
    CHECK_CUDA(cudaGetMipmappedArrayLevel(&a, m, l));
    cudaChannelFormatDesc desc;
    cudaExtent e;
    unsigned flags;
    CHECK_CUDA(cudaArrayGetInfo(&desc, &e, &flags, a));
    int lw = std::max(1, w >> l), lh = h ? std::max(1, h >> l) : 0,
        ld = d ? std::max(1, d >> l) : 0;
    EXPECT(int(e.width) == lw && int(e.height) == lh && int(e.depth) == ld);
    int rows = std::max(lh, 1), slices = std::max(ld, 1);
    std::vector<float> host(size_t(lw) * rows * slices);
    for (int z = 0; z < slices; ++z)
      for (int y = 0; y < rows; ++y)
        for (int x = 0; x < lw; ++x)
          host[(size_t(z) * rows + y) * lw + x] = value(l, x, y, z);
    cudaMemcpy3DParms p = {};
    p.srcPtr = make_cudaPitchedPtr(host.data(), lw * sizeof(float), lw, rows);
    p.dstArray = a;
    p.extent = make_cudaExtent(lw, rows, slices);
    p.kind = cudaMemcpyHostToDevice;
    CHECK_CUDA(cudaMemcpy3D(&p));
  }
}

static cudaTextureObject_t mipTexture(cudaMipmappedArray_t m, bool linearMip, float bias,
                                   float minClamp, float maxClamp) {
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeMipmappedArray;
  res.res.mipmap.mipmap = m;
  cudaTextureDesc td = {};
  for (int i = 0; i < 3; ++i)
    td.addressMode[i] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = 1;
  td.mipmapFilterMode = linearMip ? cudaFilterModeLinear : cudaFilterModePoint;
  td.mipmapLevelBias = bias;
  td.minMipmapLevelClamp = minClamp;
  td.maxMipmapLevelClamp = maxClamp;
  cudaTextureObject_t t;
  CHECK_CUDA(cudaCreateTextureObject(&t, &res, &td, nullptr));
  return t;
}

struct Model {
  int dims, w, h, d, levels;
  bool linear;
  float bias, minClamp, maxClamp;

  float texelAt(int l, float u, float v, float wc) const {
    int lw = std::max(1, w >> l), lh = std::max(1, h >> l), ld = std::max(1, d >> l);
    auto idx = [](float c, int n) {
      int i = int(std::floor(c * n));
      return i < 0 ? 0 : (i >= n ? n - 1 : i);
    };
    return value(l, idx(u, lw), dims > 1 ? idx(v, lh) : 0, dims > 2 ? idx(wc, ld) : 0);
  }
  float sample(float u, float v, float wc, double lod) const {
    lod += bias;
    lod = std::min<double>(lod, maxClamp);
    lod = std::max<double>(lod, minClamp);
    lod = std::min<double>(std::max(lod, 0.0), levels - 1);
    if (!linear)
      return texelAt(int(std::floor(lod + 0.5)), u, v, wc);
    int l0 = int(std::floor(lod));
    float beta = float(std::floor((lod - l0) * 256.0 + 0.5) / 256.0);
    int l1 = std::min(l0 + 1, levels - 1);
    if (beta == 0.0f || l1 == l0)
      return texelAt(l0, u, v, wc);
    return (1.0f - beta) * texelAt(l0, u, v, wc) + beta * texelAt(l1, u, v, wc);
  }
  double gradLod(const Query &q) const {
    const double size[3] = {double(w), double(h), double(d)};
    double lx = 0, ly = 0;
    for (int i = 0; i < dims; ++i) {
      lx += double(q.dx[i]) * q.dx[i] * size[i] * size[i];
      ly += double(q.dy[i]) * q.dy[i] * size[i] * size[i];
    }
    double rho = std::sqrt(std::max(lx, ly));
    return rho > 0 ? std::log2(rho) : -1e30;
  }
};

static int run(bool linearMip, float bias, float minClamp, float maxClamp,
               cudaMipmappedArray_t m1, cudaMipmappedArray_t m2, cudaMipmappedArray_t m3,
               cudaTextureObject_t plain, int levels1, int levels2, int levels3) {
  std::vector<Query> qs;
  const float lods[] = {0.0f, 0.4f, 0.5f, 1.0f, 1.25f, 2.5f, 3.75f, 5.0f, 9.0f, -2.0f};
  const float grads[][2] = {{1.0f, 1.0f}, {4.0f, 1.0f}, {1.0f, 8.0f}, {3.0f, 2.0f},
                            {40.0f, 1.0f}, {0.0f, 0.0f}};
  int g = 0;
  for (float lod : lods)
    for (float u : {0.03f, 0.31f, 0.77f, 0.99f}) {
      Query q = {};
      q.u = u;
      q.v = 1.0f - u * 0.7f;
      q.w = u * 0.5f + 0.2f;
      q.lod = lod;
      // dPdx along x, dPdy along y (and z), in normalized units.
      const float *gr = grads[g++ % 6];
      q.dx[0] = gr[0] / W;
      q.dy[1] = gr[1] / H;
      q.dy[2] = gr[1] / D;
      qs.push_back(q);
    }
  int n = int(qs.size());
  Query *dq;
  float *dout;
  CHECK_CUDA(cudaMalloc(&dq, n * sizeof(Query)));
  CHECK_CUDA(cudaMalloc(&dout, n * 6 * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(dq, qs.data(), n * sizeof(Query), cudaMemcpyHostToDevice));
  cudaTextureObject_t t1 = mipTexture(m1, linearMip, bias, minClamp, maxClamp);
  cudaTextureObject_t t2 = mipTexture(m2, linearMip, bias, minClamp, maxClamp);
  cudaTextureObject_t t3 = mipTexture(m3, linearMip, bias, minClamp, maxClamp);
  fetch<<<(n + 63) / 64, 64>>>(t1, t2, t3, plain, dq, dout, n);
  std::vector<float> out(n * 6);
  CHECK_CUDA(cudaMemcpy(out.data(), dout, out.size() * sizeof(float), cudaMemcpyDeviceToHost));
  Model M1{1, W, 1, 1, levels1, linearMip, bias, minClamp, maxClamp};
  Model M2{2, W, H, 1, levels2, linearMip, bias, minClamp, maxClamp};
  Model M3{3, W, H, D, levels3, linearMip, bias, minClamp, maxClamp};
  int bad = 0;
  for (int k = 0; k < n; ++k) {
    const Query &q = qs[k];
    float want[6] = {M1.sample(q.u, 0, 0, q.lod), M2.sample(q.u, q.v, 0, q.lod),
                     M3.sample(q.u, q.v, q.w, q.lod), M2.sample(q.u, q.v, 0, M2.gradLod(q)),
                     M3.sample(q.u, q.v, q.w, M3.gradLod(q)),
                     value(0, std::min(W - 1, int(q.u * W)), std::min(H - 1, int(q.v * H)), 0)};
    for (int j = 0; j < 6; ++j)
      // Exact but for the rounding of the mipmap blend (FMA or not).
      if (std::fabs(out[k * 6 + j] - want[j]) > 1e-6f * std::fabs(want[j]) && bad++ < 10)
        std::printf("mismatch: query %d fetch %d lod %g: got %g want %g\n", k, j, q.lod,
                    out[k * 6 + j], want[j]);
  }
  for (cudaTextureObject_t t : {t1, t2, t3})
    CHECK_CUDA(cudaDestroyTextureObject(t));
  CHECK_CUDA(cudaFree(dq));
  CHECK_CUDA(cudaFree(dout));
  return bad;
}

int main() {
  cudaChannelFormatDesc f = cudaCreateChannelDesc<float>();
  cudaMipmappedArray_t m1, m2, m3;
  // 100 levels asked: clamped to the full chain (7 for 64 wide).
  CHECK_CUDA(cudaMallocMipmappedArray(&m1, &f, make_cudaExtent(W, 0, 0), 100));
  CHECK_CUDA(cudaMallocMipmappedArray(&m2, &f, make_cudaExtent(W, H, 0), 7));
  CHECK_CUDA(cudaMallocMipmappedArray(&m3, &f, make_cudaExtent(W, H, D), 5));
  cudaArray_t level;
  CHECK_CUDA(cudaGetMipmappedArrayLevel(&level, m1, 6));
  EXPECT(cudaGetMipmappedArrayLevel(&level, m1, 7) == cudaErrorInvalidValue);
  EXPECT(cudaGetMipmappedArrayLevel(&level, m3, 5) == cudaErrorInvalidValue);
  EXPECT(cudaGetMipmappedArrayLevel(nullptr, m3, 0) == cudaErrorInvalidValue);
  EXPECT(cudaMallocMipmappedArray(nullptr, &f, make_cudaExtent(W, H, 0), 2) ==
         cudaErrorInvalidValue);
  cudaMipmappedArray_t unused; // a GPU may write the handle even when it fails
  EXPECT(cudaMallocMipmappedArray(&unused, &f, make_cudaExtent(0, H, 0), 2) == cudaErrorInvalidValue);
  cudaGetLastError();
  fill(m1, 7, W, 0, 0);
  fill(m2, 7, W, H, 0);
  fill(m3, 5, W, H, D);

  // A plain 2D array: one level, the level of detail changes nothing.
  cudaArray_t plainArray;
  CHECK_CUDA(cudaMallocArray(&plainArray, &f, W, H));
  std::vector<float> host(W * H);
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      host[y * W + x] = value(0, x, y, 0);
  CHECK_CUDA(cudaMemcpy2DToArray(plainArray, 0, 0, host.data(), W * sizeof(float),
                                 W * sizeof(float), H, cudaMemcpyHostToDevice));
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = plainArray;
  cudaTextureDesc td = {};
  td.normalizedCoords = 1;
  cudaTextureObject_t plain;
  CHECK_CUDA(cudaCreateTextureObject(&plain, &res, &td, nullptr));

  int bad = 0;
  bad += run(false, 0.0f, 0.0f, 100.0f, m1, m2, m3, plain, 7, 7, 5);
  bad += run(true, 0.0f, 0.0f, 100.0f, m1, m2, m3, plain, 7, 7, 5);
  bad += run(false, 1.0f, 0.0f, 100.0f, m1, m2, m3, plain, 7, 7, 5); // bias
  bad += run(true, -0.5f, 1.0f, 3.5f, m1, m2, m3, plain, 7, 7, 5);   // clamps
  bad += run(false, 0.0f, 0.0f, 0.0f, m1, m2, m3, plain, 7, 7, 5);   // maxClamp 0: level 0
  if (bad) {
    std::printf("FAILED: %d mismatches\n", bad);
    return 1;
  }

  CHECK_CUDA(cudaDestroyTextureObject(plain));
  CHECK_CUDA(cudaFreeArray(plainArray));
  CHECK_CUDA(cudaFreeMipmappedArray(m1));
  CHECK_CUDA(cudaFreeMipmappedArray(m2));
  CHECK_CUDA(cudaFreeMipmappedArray(m3));
  EXPECT(cudaFreeMipmappedArray(m3) == cudaErrorInvalidResourceHandle);
  EXPECT(cudaGetMipmappedArrayLevel(&level, m2, 0) == cudaErrorInvalidResourceHandle);
  cudaResourceDesc dead = {};
  dead.resType = cudaResourceTypeMipmappedArray;
  dead.res.mipmap.mipmap = m2;
  cudaTextureObject_t t;
  EXPECT(cudaCreateTextureObject(&t, &dead, &td, nullptr) == cudaErrorInvalidResourceHandle);
  std::printf("PASSED\n");
  return 0;
}

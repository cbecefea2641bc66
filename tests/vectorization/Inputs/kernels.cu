// Kernels whose thread loops must vectorize (tests/vectorization).
// SPDX-License-Identifier: Apache-2.0
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void stencil(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x > 0 && y > 0 && x < w - 1 && y < h - 1)
    out[y * w + x] = 0.2f * (in[y * w + x] + in[y * w + x - 1] + in[y * w + x + 1] +
                             in[(y - 1) * w + x] + in[(y + 1) * w + x]);
}

__device__ float cnd(float d) {
  const float a1 = 0.31938153f, a2 = -0.356563782f, a3 = 1.781477937f, a4 = -1.821255978f,
              a5 = 1.330274429f;
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float c = 0.3989422804f * expf(-0.5f * d * d) *
            (k * (a1 + k * (a2 + k * (a3 + k * (a4 + k * a5)))));
  return d > 0 ? 1.0f - c : c;
}

__global__ void blackScholes(const float *s, const float *x, const float *t, float *call,
                             float *put, int n, float r, float v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float sqrtT = sqrtf(t[i]);
  float d1 = (logf(s[i] / x[i]) + (r + 0.5f * v * v) * t[i]) / (v * sqrtT);
  float d2 = d1 - v * sqrtT;
  float e = expf(-r * t[i]);
  call[i] = s[i] * cnd(d1) - x[i] * e * cnd(d2);
  put[i] = x[i] * e * (1.0f - cnd(d2)) - s[i] * (1.0f - cnd(d1));
}

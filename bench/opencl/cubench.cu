// cubench.cu - clbench.c's kernels written in CUDA, for bench/opencl_vs_cuda.sh.
// SPDX-License-Identifier: Apache-2.0
//
// The same algorithms, sizes, block (work-group) sizes, warm-up launches and
// iteration counts as bench/opencl/clbench.c, so that Loom's OpenCL platform
// and Loom's CUDA path can be compared on one kernel pipeline (issue #15's
// target: OpenCL within 1.2x of CUDA). Prints "<kernel> <ms>" per kernel
// (host clock around the launches and a cudaDeviceSynchronize) and checks
// each result against a CPU reference (exit 1 on a mismatch). The "-auto"
// rows of clbench (NULL local size: the platform's choice) have no CUDA
// counterpart and are not here.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

__global__ void saxpy(const float *x, float *y, float a) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  y[i] = a * x[i] + y[i];
}

__global__ void reduce(const float *in, float *out) {
  extern __shared__ float t[];
  unsigned l = threadIdx.x;
  t[l] = in[blockIdx.x * (size_t)blockDim.x + l];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (l < s)
      t[l] += t[l + s];
    __syncthreads();
  }
  if (l == 0)
    out[blockIdx.x] = t[0];
}

#define TILE 16
__global__ void matmul(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = sum;
}

__global__ void expsin(const float *x, float *y) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  y[i] = expf(-x[i]) * sinf(x[i]);
}

__global__ void stencil(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
    out[y * w + x] = in[y * w + x];
    return;
  }
  out[y * w + x] = 0.2f * (in[y * w + x] + in[y * w + x - 1] + in[y * w + x + 1] +
                           in[(y - 1) * w + x] + in[(y + 1) * w + x]);
}

__global__ void accum(float *out, const float *in, const float *coef, int n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    out[i] += in[i] * coef[k];
}

__global__ void conv(const float *in, const float *wt, float *out, int taps) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int k = 0; k < taps; ++k)
    s += in[i + k] * wt[k];
  out[i] = s;
}

static double nowMs() {
  timespec T;
  clock_gettime(CLOCK_MONOTONIC, &T);
  return T.tv_sec * 1e3 + T.tv_nsec / 1e6;
}

/// Three warm-up launches (as clbench), then \p Iters timed ones.
template <class Launch> static double timed(Launch L, int Iters) {
  for (int W = 0; W < 3; ++W)
    L();
  cudaDeviceSynchronize();
  double T0 = nowMs();
  for (int I = 0; I < Iters; ++I)
    L();
  cudaDeviceSynchronize();
  return nowMs() - T0;
}

static int bad(const char *What, double Got, double Want, double Tol) {
  if (std::fabs(Got - Want) <= Tol * std::fabs(Want) + Tol)
    return 0;
  std::fprintf(stderr, "%s: %.9g, expected %.9g\n", What, Got, Want);
  return 1;
}

template <class T> static T *devCopy(const T *Host, size_t N) {
  T *D = nullptr;
  cudaMalloc(&D, N * sizeof(T));
  if (Host)
    cudaMemcpy(D, Host, N * sizeof(T), cudaMemcpyHostToDevice);
  return D;
}

int main() {
  int Fails = 0;
  { // saxpy: 16M floats, memory bound
    size_t N = 1 << 24;
    float *X = (float *)malloc(N * 4), *Y = (float *)malloc(N * 4);
    for (size_t I = 0; I < N; ++I) {
      X[I] = float(I % 1000);
      Y[I] = 1.0f;
    }
    float *DX = devCopy(X, N), *DY = devCopy(Y, N);
    int Iters = 10;
    std::printf("saxpy %.3f\n", timed([&] { saxpy<<<N / 256, 256>>>(DX, DY, 0.5f); }, Iters));
    cudaMemcpy(Y, DY, N * 4, cudaMemcpyDeviceToHost);
    Fails += bad("saxpy y[12345]", Y[12345], 1.0 + (Iters + 3) * 0.5 * (12345 % 1000), 1e-5);
    cudaFree(DX), cudaFree(DY), free(X), free(Y);
  }
  { // reduce: 16M floats in blocks of 256 with a shared-memory tree
    size_t N = 1 << 24, L = 256, Groups = N / L;
    float *X = (float *)malloc(N * 4), *O = (float *)malloc(Groups * 4);
    for (size_t I = 0; I < N; ++I)
      X[I] = float(I % 7);
    float *DX = devCopy(X, N), *DO = devCopy<float>(nullptr, Groups);
    std::printf("reduce %.3f\n", timed([&] { reduce<<<Groups, L, L * 4>>>(DX, DO); }, 5));
    cudaMemcpy(O, DO, Groups * 4, cudaMemcpyDeviceToHost);
    double Want = 0;
    for (size_t I = 0; I < L; ++I)
      Want += X[5 * L + I];
    Fails += bad("reduce out[5]", O[5], Want, 1e-6);
    cudaFree(DX), cudaFree(DO), free(X), free(O);
  }
  { // matmul: 512 x 512, 16 x 16 shared tiles
    int N = 512;
    float *A = (float *)malloc(N * N * 4), *B = (float *)malloc(N * N * 4),
          *C = (float *)malloc(N * N * 4);
    for (int I = 0; I < N * N; ++I) {
      A[I] = float(I % 13) / 13;
      B[I] = float(I % 7) / 7;
    }
    float *DA = devCopy(A, N * N), *DB = devCopy(B, N * N), *DC = devCopy<float>(nullptr, N * N);
    dim3 Grid(N / 16, N / 16), Block(16, 16);
    std::printf("matmul %.3f\n", timed([&] { matmul<<<Grid, Block>>>(DA, DB, DC, N); }, 2));
    cudaMemcpy(C, DC, N * N * 4, cudaMemcpyDeviceToHost);
    double Want = 0;
    for (int K = 0; K < N; ++K)
      Want += double(A[77 * N + K]) * B[K * N + 300];
    Fails += bad("matmul C[77][300]", C[77 * N + 300], Want, 1e-4);
    cudaFree(DA), cudaFree(DB), cudaFree(DC), free(A), free(B), free(C);
  }
  { // expsin: 16M floats through exp and sin
    size_t N = 1 << 24;
    float *X = (float *)malloc(N * 4), *Y = (float *)malloc(N * 4);
    for (size_t I = 0; I < N; ++I)
      X[I] = float(I % 10000) / 1000;
    float *DX = devCopy(X, N), *DY = devCopy<float>(nullptr, N);
    std::printf("expsin %.3f\n", timed([&] { expsin<<<N / 256, 256>>>(DX, DY); }, 5));
    cudaMemcpy(Y, DY, N * 4, cudaMemcpyDeviceToHost);
    Fails += bad("expsin y[4321]", Y[4321], std::exp(-X[4321]) * std::sin(X[4321]), 1e-5);
    cudaFree(DX), cudaFree(DY), free(X), free(Y);
  }
  { // stencil: 4096 x 4096 five-point, 16 x 16 blocks
    int W = 4096, H = 4096;
    size_t N = size_t(W) * H;
    float *In = (float *)malloc(N * 4), *Out = (float *)malloc(N * 4);
    for (size_t I = 0; I < N; ++I)
      In[I] = float(I % 17);
    float *DI = devCopy(In, N), *DO = devCopy<float>(nullptr, N);
    dim3 Grid(W / 16, H / 16), Block(16, 16);
    std::printf("stencil %.3f\n", timed([&] { stencil<<<Grid, Block>>>(DI, DO, W, H); }, 5));
    cudaMemcpy(Out, DO, N * 4, cudaMemcpyDeviceToHost);
    size_t C = 100 * size_t(W) + 200;
    Fails += bad("stencil out[100][200]", Out[C],
                 0.2 * (In[C] + In[C - 1] + In[C + 1] + In[C - W] + In[C + W]), 1e-5);
    cudaFree(DI), cudaFree(DO), free(In), free(Out);
  }
  { // accum: 1M threads, 64 accumulations each
    size_t N = 1 << 20;
    int M = 64, Iters = 5;
    float *In = (float *)malloc(N * 4), *Out = (float *)calloc(N, 4), Coef[64];
    double CSum = 0;
    for (size_t I = 0; I < N; ++I)
      In[I] = float(I % 13) / 8;
    for (int K = 0; K < M; ++K)
      CSum += Coef[K] = float(K % 5) / 4;
    float *DO = devCopy(Out, N), *DI = devCopy(In, N), *DC = devCopy(Coef, 64);
    std::printf("accum %.3f\n", timed([&] { accum<<<N / 256, 256>>>(DO, DI, DC, M); }, Iters));
    cudaMemcpy(Out, DO, N * 4, cudaMemcpyDeviceToHost);
    Fails += bad("accum out[12345]", Out[12345], (3 + Iters) * In[12345] * CSum, 1e-5);
    cudaFree(DO), cudaFree(DI), cudaFree(DC), free(In), free(Out);
  }
  { // conv: 4M outputs of a 9-tap filter whose width is an argument
    size_t N = 1 << 22;
    int Taps = 9;
    float *In = (float *)malloc((N + 16) * 4), *Out = (float *)malloc(N * 4), Wt[9];
    for (size_t I = 0; I < N + 16; ++I)
      In[I] = float(I % 11) / 4;
    for (int K = 0; K < Taps; ++K)
      Wt[K] = float(K + 1) / 16;
    float *DI = devCopy(In, N + 16), *DW = devCopy(Wt, 9), *DO = devCopy<float>(nullptr, N);
    std::printf("conv %.3f\n", timed([&] { conv<<<N / 256, 256>>>(DI, DW, DO, Taps); }, 5));
    cudaMemcpy(Out, DO, N * 4, cudaMemcpyDeviceToHost);
    double Want = 0;
    for (int K = 0; K < Taps; ++K)
      Want += double(In[54321 + K]) * Wt[K];
    Fails += bad("conv out[54321]", Out[54321], Want, 1e-5);
    cudaFree(DI), cudaFree(DW), cudaFree(DO), free(In), free(Out);
  }
  cudaError_t E = cudaGetLastError();
  if (E != cudaSuccess) {
    std::fprintf(stderr, "cubench: %s\n", cudaGetErrorString(E));
    return 1;
  }
  return Fails ? 1 : 0;
}

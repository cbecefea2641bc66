// cuRAND's device API (curand_kernel.h) in kernels, without libcurand: the
// numbers a GPU gives for XORWOW seed 0 (one subsequence per thread),
// kernels against the same functions run on the host (Loom's compiled
// kernel code must not change them), skip-ahead against stepping inside a
// kernel, the Box-Muller pairing of curand_normal, Philox's four-at-a-time
// calls against one-at-a-time ones, and statistics of every distribution
// for XORWOW, Philox and MRG32k3a states.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <curand_kernel.h>
#include <cmath>
#include <cstdio>
#include <vector>

#include "Inputs/check.h"


// XORWOW, seed 0, subsequences 0..9, first number: what an NVIDIA GPU gives
// (see curand_host.cu for the source).
static const unsigned GpuXorwowSeed0[10] = {3179217846u, 3955638199u, 167591721u,  4161663997u,
                                            3973448494u, 1917059131u, 2866113984u, 472148682u,
                                            2019573489u, 2204150021u};

constexpr int Threads = 4096;
constexpr int PerThread = 64;

// Each thread: a state for its subsequence, PerThread draws of each kind.
template <class State>
__global__ void draw(unsigned long long Seed, unsigned *Bits, float *Uni, double *UniD, float *Nor,
                     double *NorD, float *LogN, unsigned *Poi, unsigned *Poi100) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  State S;
  curand_init(Seed, T, 0, &S);
  for (int I = 0; I < PerThread; ++I) {
    size_t J = (size_t)T * PerThread + I;
    Bits[J] = curand(&S);
    Uni[J] = curand_uniform(&S);
    UniD[J] = curand_uniform_double(&S);
    Nor[J] = curand_normal(&S);
    NorD[J] = curand_normal_double(&S);
    LogN[J] = curand_log_normal(&S, 0.5f, 0.25f);
    Poi[J] = curand_poisson(&S, 3.0);
    Poi100[J] = curand_poisson(&S, 100.0);
  }
}

template <class State> struct Buffers {
  unsigned *Bits, *Poi, *Poi100;
  float *Uni, *Nor, *LogN;
  double *UniD, *NorD;
  Buffers() {
    size_t N = (size_t)Threads * PerThread;
    cudaMallocManaged(&Bits, N * 4);
    cudaMallocManaged(&Poi, N * 4);
    cudaMallocManaged(&Poi100, N * 4);
    cudaMallocManaged(&Uni, N * 4);
    cudaMallocManaged(&Nor, N * 4);
    cudaMallocManaged(&LogN, N * 4);
    cudaMallocManaged(&UniD, N * 8);
    cudaMallocManaged(&NorD, N * 8);
  }
  ~Buffers() {
    for (void *P : {(void *)Bits, (void *)Poi, (void *)Poi100, (void *)Uni, (void *)Nor,
                    (void *)LogN, (void *)UniD, (void *)NorD})
      cudaFree(P);
  }
};

static void moments(const std::vector<double> &X, double &Mean, double &Var) {
  Mean = 0;
  for (double V : X)
    Mean += V;
  Mean /= X.size();
  Var = 0;
  for (double V : X)
    Var += (V - Mean) * (V - Mean);
  Var /= X.size() - 1;
}

template <class State> static void check(const char *Name) {
  Buffers<State> B;
  draw<State><<<Threads / 128, 128>>>(77ull, B.Bits, B.Uni, B.UniD, B.Nor, B.NorD, B.LogN, B.Poi,
                                      B.Poi100);
  cudaError_t E = cudaDeviceSynchronize();
  CHECK(E == cudaSuccess, "%s: %s", Name, cudaGetErrorString(E));
  // The kernel against the header's functions compiled for the host, for a
  // few threads (bit-exact for the integer outputs and uniforms; normals
  // and Poisson go through math functions whose last bit may differ).
  for (int T : {0, 1, 2, 1000, 4095}) {
    State S;
    curand_init(77ull, T, 0, &S);
    int Bad = 0;
    for (int I = 0; I < PerThread; ++I) {
      size_t J = (size_t)T * PerThread + I;
      Bad += B.Bits[J] != curand(&S);
      Bad += B.Uni[J] != curand_uniform(&S);
      Bad += B.UniD[J] != curand_uniform_double(&S);
      Bad += std::fabs(B.Nor[J] - curand_normal(&S)) > 1e-5f * (1 + std::fabs(B.Nor[J]));
      Bad += std::fabs(B.NorD[J] - curand_normal_double(&S)) > 1e-12 * (1 + std::fabs(B.NorD[J]));
      float L = curand_log_normal(&S, 0.5f, 0.25f);
      Bad += std::fabs(B.LogN[J] - L) > 1e-5f * L;
      unsigned P = curand_poisson(&S, 3.0), Q = curand_poisson(&S, 100.0);
      Bad += B.Poi[J] != P || B.Poi100[J] != Q;
      if (Bad)
        break;
    }
    CHECK(Bad == 0, "%s: thread %d differs from the host build", Name, T);
  }
  size_t N = (size_t)Threads * PerThread;
  std::vector<double> X(N);
  double M, V;
  for (size_t I = 0; I < N; ++I)
    X[I] = B.Uni[I];
  moments(X, M, V);
  CHECK(std::fabs(M - 0.5) < 0.003 && std::fabs(V - 1.0 / 12) < 0.001, "%s uniform %g %g", Name, M, V);
  for (size_t I = 0; I < N; ++I)
    X[I] = B.Bits[I] * (1.0 / 4294967296.0);
  moments(X, M, V);
  CHECK(std::fabs(M - 0.5) < 0.003 && std::fabs(V - 1.0 / 12) < 0.001, "%s bits %g %g", Name, M, V);
  for (size_t I = 0; I < N; ++I)
    X[I] = B.UniD[I];
  moments(X, M, V);
  CHECK(std::fabs(M - 0.5) < 0.003 && std::fabs(V - 1.0 / 12) < 0.001, "%s double %g %g", Name, M, V);
  for (size_t I = 0; I < N; ++I)
    X[I] = B.Nor[I];
  moments(X, M, V);
  CHECK(std::fabs(M) < 0.01 && std::fabs(V - 1) < 0.01, "%s normal %g %g", Name, M, V);
  for (size_t I = 0; I < N; ++I)
    X[I] = B.NorD[I];
  moments(X, M, V);
  CHECK(std::fabs(M) < 0.01 && std::fabs(V - 1) < 0.01, "%s normal double %g %g", Name, M, V);
  for (size_t I = 0; I < N; ++I)
    X[I] = std::log(B.LogN[I]);
  moments(X, M, V);
  CHECK(std::fabs(M - 0.5) < 0.003 && std::fabs(V - 0.0625) < 0.002, "%s log-normal %g %g", Name, M, V);
  for (size_t I = 0; I < N; ++I)
    X[I] = B.Poi[I];
  moments(X, M, V);
  CHECK(std::fabs(M - 3) < 0.02 && std::fabs(V - 3) < 0.06, "%s poisson(3) %g %g", Name, M, V);
  for (size_t I = 0; I < N; ++I)
    X[I] = B.Poi100[I];
  moments(X, M, V);
  CHECK(std::fabs(M - 100) < 0.2 && std::fabs(V - 100) < 2.5, "%s poisson(100) %g %g", Name, M, V);
}

// ---- Known answers and skip-ahead inside kernels ----------------------------
__global__ void firsts(unsigned *Out) {
  curandState S;
  curand_init(0, threadIdx.x, 0, &S);
  Out[threadIdx.x] = curand(&S);
}

// Out[2t] after stepping t*37 + 5 times, Out[2t+1] after skipahead by as much.
template <class State> __global__ void skips(unsigned *Out) {
  int T = threadIdx.x;
  unsigned long long N = (unsigned long long)T * 37 + 5 + (T == 31 ? 100000 : 0);
  State A, B;
  curand_init(5, 9, 0, &A);
  curand_init(5, 9, 0, &B);
  for (unsigned long long I = 0; I < N; ++I)
    curand(&A);
  skipahead(N, &B);
  Out[2 * T] = curand(&A);
  Out[2 * T + 1] = curand(&B);
}

__global__ void pairs(int *Bad) {
  // curand_normal twice = curand_normal2 once; Philox's curand4 = 4 x curand,
  // from any position within a counter block.
  curandState S, S2;
  curand_init(3, threadIdx.x, 0, &S);
  S2 = S;
  float A = curand_normal(&S), B = curand_normal(&S);
  float2 P = curand_normal2(&S2);
  if (A != P.x || B != P.y)
    atomicAdd(Bad, 1);
  curandStatePhilox4_32_10_t Q, Q2;
  curand_init(3, 0, threadIdx.x % 4, &Q);
  Q2 = Q;
  uint4 V = curand4(&Q);
  unsigned W0 = curand(&Q2), W1 = curand(&Q2), W2 = curand(&Q2), W3 = curand(&Q2);
  if (V.x != W0 || V.y != W1 || V.z != W2 || V.w != W3 || curand(&Q) != curand(&Q2))
    atomicAdd(Bad, 1);
  // Philox's curand_uniform_double takes one 32-bit output, x 2^-32 + 2^-32
  // (cuRAND's documentation; XORWOW's takes two, 53 bits), also after a
  // normal pair: the next output is the one after it.
  Q2 = Q;
  curand_normal(&Q);
  curand_normal(&Q2);
  double D = curand_uniform_double(&Q);
  unsigned X = curand(&Q2);
  if (D != X * (1.0 / 4294967296.0) + 1.0 / 4294967296.0 || curand(&Q) != curand(&Q2))
    atomicAdd(Bad, 1);
}

int main() {
  unsigned *Out;
  int *Bad;
  cudaMallocManaged(&Out, 64 * sizeof(unsigned));
  cudaMallocManaged(&Bad, sizeof(int));
  firsts<<<1, 10>>>(Out);
  cudaDeviceSynchronize();
  for (int I = 0; I < 10; ++I)
    CHECK(Out[I] == GpuXorwowSeed0[I], "subsequence %d: %u, a GPU gives %u", I, Out[I],
          GpuXorwowSeed0[I]);

  skips<curandState><<<1, 32>>>(Out);
  cudaDeviceSynchronize();
  for (int T = 0; T < 32; ++T)
    CHECK(Out[2 * T] == Out[2 * T + 1], "xorwow skipahead, thread %d", T);
  skips<curandStatePhilox4_32_10_t><<<1, 32>>>(Out);
  cudaDeviceSynchronize();
  for (int T = 0; T < 32; ++T)
    CHECK(Out[2 * T] == Out[2 * T + 1], "philox skipahead, thread %d", T);
  skips<curandStateMRG32k3a><<<1, 32>>>(Out);
  cudaDeviceSynchronize();
  for (int T = 0; T < 32; ++T)
    CHECK(Out[2 * T] == Out[2 * T + 1], "mrg32k3a skipahead, thread %d", T);

  *Bad = 0;
  pairs<<<1, 64>>>(Bad);
  cudaDeviceSynchronize();
  CHECK(*Bad == 0, "%d threads: normal pairs or curand4 differ", *Bad);

  check<curandStateXORWOW>("xorwow");
  check<curandStatePhilox4_32_10_t>("philox");
  check<curandStateMRG32k3a>("mrg32k3a");
  cudaFree(Out);
  cudaFree(Bad);
  if (Failures) {
    std::printf("FAILED (%d)\n", Failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}

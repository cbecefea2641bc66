// Scrambled Sobol in Loom's cuRAND: the device states
// (curandStateScrambledSobol32/64, curand_init with a scramble constant), the
// host generators CURAND_RNG_QUASI_SCRAMBLED_SOBOL32/64, and
// curandGetScrambleConstants32/64 with the scrambled direction vectors.
// Loom scrambles with its own random matrices and shifts (cuRAND's tables
// are NVIDIA's data), so the checks are structural, not a GPU's numbers:
// point i of a dimension is its constant XOR the Gray-code combination of
// its direction vectors (the first point is the constant), the scrambling
// keeps every dimension a (0,m,1)-net and the first two dimensions a
// (0,m,2)-net (every elementary interval of volume 2^-m holds exactly one
// of the first 2^m points), the 32-bit points are the top halves of the
// 64-bit ones (as a GPU's are), the host generators equal kernels on the same
// vectors and constants, skip-ahead equals stepping, uniforms have the
// right moments, and the error codes.
// RUN: %loomcc %s -o %t -lcurand
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <curand.h>
#include <curand_kernel.h>
#include <cmath>
#include <cstdio>
#include <vector>

#include "Inputs/check.h"

// cuRAND's float from 32 bits, x 2^-32 + 2^-33 (its own helper is device-only).
static float hostUniform(unsigned X) { return X * 2.3283064e-10f + 2.3283064e-10f / 2.0f; }


constexpr int Dims = 8;
constexpr int Points = 4096;

// Thread d: Points points of dimension d from offset 0, then a state
// skipped to point 1000 against the stepped one.
__global__ void draw32(const unsigned *Vectors, const unsigned *Consts, unsigned *Out, int *SkipOk) {
  int D = threadIdx.x;
  curandStateScrambledSobol32_t S, T;
  curand_init((unsigned *)(Vectors + 32 * D), Consts[D], 0, &S);
  for (int I = 0; I < Points; ++I)
    Out[D * Points + I] = curand(&S);
  curand_init((unsigned *)(Vectors + 32 * D), Consts[D], 3, &T);
  skipahead(997u, &T);
  curand_init((unsigned *)(Vectors + 32 * D), Consts[D], 0, &S);
  for (int I = 0; I < 1000; ++I)
    curand(&S);
  SkipOk[D] = curand(&S) == curand(&T);
}
__global__ void draw64(const unsigned long long *Vectors, const unsigned long long *Consts,
                       unsigned long long *Out, double *Uni) {
  int D = threadIdx.x;
  curandStateScrambledSobol64_t S;
  curand_init((unsigned long long *)(Vectors + 64 * D), Consts[D], 0ull, &S);
  for (int I = 0; I < Points; ++I)
    Out[D * Points + I] = curand(&S);
  curand_init((unsigned long long *)(Vectors + 64 * D), Consts[D], 0ull, &S);
  for (int I = 0; I < Points; ++I)
    Uni[D * Points + I] = curand_uniform_double(&S);
}

// Gray-code definition, independent of curand_kernel.h.
template <class W> static W pointOf(const W *V, W C, unsigned long long I, int Bits) {
  unsigned long long G = I ^ (I >> 1);
  W X = C;
  for (int K = 0; K < Bits; ++K)
    if ((G >> K) & 1)
      X ^= V[K];
  return X;
}

// (0,m,1)-net: the first 2^m values' top m bits are all different.
template <class W> static bool net1(const W *X, int M, int Bits) {
  std::vector<char> Seen(1u << M, 0);
  for (unsigned I = 0; I < (1u << M); ++I) {
    unsigned Cell = (unsigned)(X[I] >> (Bits - M));
    if (Seen[Cell]++)
      return false;
  }
  return true;
}
// (0,m,2)-net of dimensions A and B: for every a + b = m, one point per
// 2^a x 2^b cell.
static bool net2(const unsigned *A, const unsigned *B, int M) {
  for (int Ea = 0; Ea <= M; ++Ea) {
    int Eb = M - Ea;
    std::vector<char> Seen(1u << M, 0);
    for (unsigned I = 0; I < (1u << M); ++I) {
      unsigned Ca = Ea ? A[I] >> (32 - Ea) : 0, Cb = Eb ? B[I] >> (32 - Eb) : 0;
      if (Seen[(Ca << Eb) | Cb]++)
        return false;
    }
  }
  return true;
}

int main() {
  curandDirectionVectors32_t *V32, *Plain32;
  curandDirectionVectors64_t *V64;
  unsigned *C32;
  unsigned long long *C64;
  CHECK(curandGetDirectionVectors32(&V32, CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6) ==
            CURAND_STATUS_SUCCESS, "scrambled vectors 32");
  CHECK(curandGetDirectionVectors32(&Plain32, CURAND_DIRECTION_VECTORS_32_JOEKUO6) ==
            CURAND_STATUS_SUCCESS, "vectors 32");
  CHECK(curandGetDirectionVectors64(&V64, CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6) ==
            CURAND_STATUS_SUCCESS, "scrambled vectors 64");
  CHECK(curandGetScrambleConstants32(&C32) == CURAND_STATUS_SUCCESS, "constants 32");
  CHECK(curandGetScrambleConstants64(&C64) == CURAND_STATUS_SUCCESS, "constants 64");
  int Differ = 0;
  for (int D = 0; D < Dims; ++D)
    for (int K = 0; K < 32; ++K)
      Differ += V32[D][K] != Plain32[D][K];
  CHECK(Differ > 100, "scrambled vectors equal the plain ones (%d differ)", Differ);
  CHECK(C32[0] != C32[1] && C64[0] != C64[1] && C32[0] != 0, "constants");

  // ---- Device states.
  unsigned *DV, *DC, *DOut;
  int *DSkip;
  cudaMalloc(&DV, Dims * 32 * 4);
  cudaMalloc(&DC, Dims * 4);
  cudaMalloc(&DOut, Dims * Points * 4);
  cudaMalloc(&DSkip, Dims * sizeof(int));
  cudaMemcpy(DV, V32, Dims * 32 * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(DC, C32, Dims * 4, cudaMemcpyHostToDevice);
  draw32<<<1, Dims>>>(DV, DC, DOut, DSkip);
  std::vector<unsigned> K32(Dims * Points);
  int Skip[Dims];
  cudaMemcpy(K32.data(), DOut, K32.size() * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(Skip, DSkip, sizeof(Skip), cudaMemcpyDeviceToHost);
  int Bad = 0;
  for (int D = 0; D < Dims; ++D) {
    CHECK(K32[D * Points] == C32[D], "dimension %d: first point %08x is not the constant %08x", D,
          K32[D * Points], C32[D]);
    for (int I = 0; I < Points; ++I)
      Bad += K32[D * Points + I] != pointOf<unsigned>(V32[D], C32[D], I, 32);
    CHECK(Skip[D], "dimension %d: skipahead differs from stepping", D);
    CHECK(net1(&K32[D * Points], 12, 32), "dimension %d is not a (0,12,1)-net", D);
  }
  CHECK(Bad == 0, "%d scrambled points differ from their definition", Bad);
  CHECK(net2(&K32[0], &K32[Points], 12), "dimensions 0 and 1 are not a (0,12,2)-net");

  unsigned long long *DV64, *DC64, *DOut64;
  double *DUni;
  cudaMalloc(&DV64, Dims * 64 * 8);
  cudaMalloc(&DC64, Dims * 8);
  cudaMalloc(&DOut64, Dims * Points * 8);
  cudaMalloc(&DUni, Dims * Points * 8);
  cudaMemcpy(DV64, V64, Dims * 64 * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(DC64, C64, Dims * 8, cudaMemcpyHostToDevice);
  draw64<<<1, Dims>>>(DV64, DC64, DOut64, DUni);
  std::vector<unsigned long long> K64(Dims * Points);
  std::vector<double> U64(Dims * Points);
  cudaMemcpy(K64.data(), DOut64, K64.size() * 8, cudaMemcpyDeviceToHost);
  cudaMemcpy(U64.data(), DUni, U64.size() * 8, cudaMemcpyDeviceToHost);
  Bad = 0;
  for (int D = 0; D < Dims; ++D) {
    CHECK(K64[D * Points] == C64[D], "64-bit dimension %d: first point", D);
    for (int I = 0; I < Points; ++I)
      Bad += K64[D * Points + I] != pointOf<unsigned long long>(V64[D], C64[D], I, 64);
    CHECK(net1(&K64[D * Points], 12, 64), "64-bit dimension %d is not a (0,12,1)-net", D);
    double S = 0;
    for (int I = 0; I < Points; ++I)
      S += U64[D * Points + I];
    CHECK(std::fabs(S / Points - 0.5) < 1e-3, "64-bit dimension %d: mean %g", D, S / Points);
  }
  CHECK(Bad == 0, "%d scrambled 64-bit points differ from their definition", Bad);
  // Scrambled Sobol32 is the top half of scrambled Sobol64 (so are a GPU's).
  Bad = 0;
  for (int I = 0; I < Dims * Points; ++I)
    Bad += K32[I] != (unsigned)(K64[I] >> 32);
  CHECK(Bad == 0, "%d scrambled Sobol32 points are not the top of the Sobol64 ones", Bad);

  // ---- Host generators: equal to the kernels (layout output[d * n + i]).
  for (int Host = 0; Host < 2; ++Host) {
    curandGenerator_t G;
    CHECK((Host ? curandCreateGeneratorHost(&G, CURAND_RNG_QUASI_SCRAMBLED_SOBOL32)
                : curandCreateGenerator(&G, CURAND_RNG_QUASI_SCRAMBLED_SOBOL32)) ==
              CURAND_STATUS_SUCCESS, "create scrambled Sobol32");
    curandSetQuasiRandomGeneratorDimensions(G, Dims);
    unsigned *Out;
    cudaMallocManaged(&Out, Dims * Points * 4);
    CHECK(curandGenerate(G, Out, Dims * 1000) == CURAND_STATUS_SUCCESS, "generate");
    curandGenerate(G, Out + Dims * 1000, Dims * (Points - 1000)); // continues: points 1000..
    cudaDeviceSynchronize();
    Bad = 0;
    for (int D = 0; D < Dims; ++D)
      for (int I = 0; I < 1000; ++I)
        Bad += Out[D * 1000 + I] != K32[D * Points + I];
    for (int D = 0; D < Dims; ++D)
      for (int I = 0; I < Points - 1000; ++I)
        Bad += Out[Dims * 1000 + D * (Points - 1000) + I] != K32[D * Points + 1000 + I];
    CHECK(Bad == 0, "host generator %d: %d differ from the kernel", Host, Bad);
    // Offset: points from 2000.
    curandSetGeneratorOffset(G, 2000);
    float *F;
    cudaMallocManaged(&F, Dims * 100 * 4);
    curandGenerateUniform(G, F, Dims * 100);
    cudaDeviceSynchronize();
    Bad = 0;
    for (int D = 0; D < Dims; ++D)
      for (int I = 0; I < 100; ++I)
        Bad += F[D * 100 + I] != hostUniform(K32[D * Points + 2000 + I]);
    CHECK(Bad == 0, "offset 2000: %d differ", Bad);
    CHECK(curandSetPseudoRandomGeneratorSeed(G, 1) == CURAND_STATUS_TYPE_ERROR, "seed");
    CHECK(curandSetQuasiRandomGeneratorDimensions(G, 0) == CURAND_STATUS_OUT_OF_RANGE, "0 dims");
    CHECK(curandGenerate(G, Out, Dims + 1) == CURAND_STATUS_LENGTH_NOT_MULTIPLE, "length");
    unsigned long long L[Dims];
    CHECK(curandGenerateLongLong(G, L, Dims) == CURAND_STATUS_TYPE_ERROR, "long long from 32");
    cudaFree(F);
    cudaFree(Out);
    curandDestroyGenerator(G);
  }
  {
    curandGenerator_t G;
    CHECK(curandCreateGeneratorHost(&G, CURAND_RNG_QUASI_SCRAMBLED_SOBOL64) == CURAND_STATUS_SUCCESS,
          "create scrambled Sobol64");
    curandSetQuasiRandomGeneratorDimensions(G, Dims);
    std::vector<unsigned long long> Out(Dims * Points);
    CHECK(curandGenerateLongLong(G, Out.data(), Out.size()) == CURAND_STATUS_SUCCESS, "long long");
    CHECK(Out == K64, "host Sobol64 scrambled differs from the kernel");
    std::vector<double> N(Dims * 512);
    curandSetGeneratorOffset(G, 0);
    curandGenerateNormalDouble(G, N.data(), N.size(), 1.0, 2.0);
    double S = 0;
    for (double X : N)
      S += X;
    CHECK(std::fabs(S / N.size() - 1.0) < 0.01, "normal mean %g", S / N.size());
    unsigned B[Dims];
    CHECK(curandGenerate(G, B, Dims) == CURAND_STATUS_TYPE_ERROR, "32-bit from 64");
    curandDestroyGenerator(G);
  }
#ifdef __LOOM__ // Loom's checks: cuRAND does not check the pointer
  CHECK(curandGetScrambleConstants32(nullptr) == CURAND_STATUS_OUT_OF_RANGE, "null");
  CHECK(curandGetScrambleConstants64(nullptr) == CURAND_STATUS_OUT_OF_RANGE, "null");
#endif
  if (Failures) {
    std::printf("FAILED: %d\n", Failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}

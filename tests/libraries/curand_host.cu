// cuRAND's host API (libcurand): known answers (XORWOW as a GPU produced
// it, Philox4x32-10 as Random123 publishes it, MRG32k3a's recurrence by
// hand; the layouts and conversions of XORWOW, MRG32k3a, Philox and MTGP32
// as an NVIDIA H200 gave them with CUDA 13.0's cuRAND, measured for this
// test), agreement with curand_kernel.h in a kernel, skip-ahead (offsets)
// against stepping, statistics of every distribution, Sobol32's first
// dimensions and Joe and Kuo's direction numbers (against SciPy), MT19937 against std::mt19937, status codes for bad arguments,
// and stream ordering (a generation enqueued behind a kernel runs after it;
// a kernel behind a generation sees its numbers).
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcurand
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <curand.h>
#include <curand_kernel.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "Inputs/check.h"

#define CURAND_OK(call) CHECK((call) == CURAND_STATUS_SUCCESS, "%s", #call)

// First ten numbers of curandGenerate with XORWOW, seed 0, as reported from
// an NVIDIA GPU (NVIDIA developer forum, "XORWOW Generator Understanding in
// CURAND", 2016): offset n is subsequence n of seed 0, so these check the
// seeding and the 2^67-step jumps.
static const unsigned GpuXorwowSeed0[10] = {3179217846u, 3955638199u, 167591721u,  4161663997u,
                                            3973448494u, 1917059131u, 2866113984u, 472148682u,
                                            2019573489u, 2204150021u};

static void knownAnswers() {
  curandGenerator_t G;
  CURAND_OK(curandCreateGeneratorHost(&G, CURAND_RNG_PSEUDO_XORWOW));
  CURAND_OK(curandSetPseudoRandomGeneratorSeed(G, 0));
  unsigned Out[10];
  CURAND_OK(curandGenerate(G, Out, 10));
  for (int I = 0; I < 10; ++I)
    CHECK(Out[I] == GpuXorwowSeed0[I], "xorwow[%d] = %u, a GPU gives %u", I, Out[I],
          GpuXorwowSeed0[I]);
  CURAND_OK(curandDestroyGenerator(G));

  // Marsaglia's xorwow from the paper's initial values (x, y, z, w, v, d).
  curandStateXORWOW S;
  unsigned Init[5] = {123456789u, 362436069u, 521288629u, 88675123u, 5783321u};
  for (int I = 0; I < 5; ++I)
    S.v[I] = Init[I];
  S.d = 6615241u;
  unsigned M0 = curand(&S), M1 = curand(&S), M2 = curand(&S);
  CHECK(M0 == 246875399u && M1 == 3690007200u && M2 == 1264581005u, "marsaglia %u %u %u", M0,
        M1, M2);

  // Random123's known-answer vectors for philox4x32, 10 rounds.
  struct Kat { uint4 C; uint2 K; uint4 R; } Kats[3] = {
      {{0, 0, 0, 0}, {0, 0}, {0x6627e8d5u, 0xe169c58du, 0xbc57ac4cu, 0x9b00dbd8u}},
      {{~0u, ~0u, ~0u, ~0u}, {~0u, ~0u}, {0x408f276du, 0x41c83b0eu, 0xa20bc7c6u, 0x6d5451fdu}},
      {{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}, {0xa4093822u, 0x299f31d0u},
       {0xd16cfe09u, 0x94fdccebu, 0x5001e420u, 0x24126ea1u}}};
  for (const Kat &K : Kats) {
    uint4 R = curand_Philox4x32_10(K.C, K.K);
    CHECK(R.x == K.R.x && R.y == K.R.y && R.z == K.R.z && R.w == K.R.w, "philox %08x", R.x);
  }
  // The Philox generator with seed s, subsequence 0: key = s, counters 0, 1, ...
  curandGenerator_t P;
  CURAND_OK(curandCreateGeneratorHost(&P, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  CURAND_OK(curandSetPseudoRandomGeneratorSeed(P, 0));
  CURAND_OK(curandGenerate(P, Out, 1));
  CHECK(Out[0] == 0x6627e8d5u, "philox generator first = %08x", Out[0]);
  CURAND_OK(curandDestroyGenerator(P));

  // MRG32k3a from L'Ecuyer's default state (all 12345), which seed 0 gives:
  // p1 = 592852 * 12345 mod m1 = 3023790853, p2 = -842977 * 12345 mod m2 =
  // 2478282264, so the first combined value is p1 - p2 = 545508589 (cuRAND
  // divides it by m1 for a uniform in (0, 1]).
  curandStateMRG32k3a Mr;
  curand_init(0, 0, 0, &Mr);
  double P0 = curand_MRG32k3a(&Mr);
  CHECK(P0 == 545508589.0, "mrg first %.1f", P0);
  // Second: p1 = 3023790853 again, p2 = 527612 * 2478282264 - 1370589 * 12345
  // mod m2 = 1655725443.
  double U = curand_uniform_double(&Mr);
  CHECK(std::fabs(U - 1368065410.0 / 4294967087.0) < 1e-15, "mrg second %.12f", U);
}

// MT19937 is the standard sequence: C++'s std::mt19937 (whose 10000th
// number from seed 5489 the standard fixes as 4123659995).
static void mt19937() {
  curandGenerator_t G;
  CURAND_OK(curandCreateGeneratorHost(&G, CURAND_RNG_PSEUDO_MT19937));
  CURAND_OK(curandSetPseudoRandomGeneratorSeed(G, 5489));
  std::vector<unsigned> Out(10000);
  CURAND_OK(curandGenerate(G, Out.data(), 4000)); // in two calls
  CURAND_OK(curandGenerate(G, Out.data() + 4000, 6000));
  CHECK(Out[9999] == 4123659995u, "mt19937 10000th = %u", Out[9999]);
  std::mt19937 Ref(5489);
  int Bad = 0;
  for (unsigned V : Out)
    Bad += V != Ref();
  CHECK(Bad == 0, "mt19937: %d differ from std::mt19937", Bad);
  CURAND_OK(curandSetPseudoRandomGeneratorSeed(G, 77));
  CURAND_OK(curandSetGeneratorOffset(G, 123));
  CURAND_OK(curandGenerate(G, Out.data(), 10));
  std::mt19937 Ref2(77);
  Ref2.discard(123);
  for (int I = 0; I < 10; ++I)
    CHECK(Out[I] == Ref2(), "mt19937 offset, %d", I);
  CURAND_OK(curandDestroyGenerator(G));
}

// ---- Host generators against the device API ------------------------------
__global__ void xorwowFirst(unsigned long long Seed, unsigned *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  curandState S;
  curand_init(Seed, I % 4096, 0, &S); // lane = subsequence
  skipahead(I / 4096, &S);
  Out[I] = curand(&S);
}
// Philox: 65536 lanes of four-number blocks (a GPU's layout).
__global__ void philoxFirst(unsigned long long Seed, unsigned *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  curandStatePhilox4_32_10_t S;
  curand_init(Seed, (I / 4) % 65536, 4 * (I / 262144) + I % 4, &S);
  Out[I] = curand(&S);
}
// MRG32k3a: 81920 lanes (a GPU's layout).
__global__ void mrgFirst(unsigned long long Seed, unsigned *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  curandStateMRG32k3a S;
  curand_init(Seed, I % 81920, I / 81920, &S);
  Out[I] = curand(&S);
}

static void hostMatchesDevice() {
  // Past the first lane boundary of each layout, and an offset near it.
  struct { curandRngType_t T; void (*K)(unsigned long long, unsigned *, int); const char *Name;
           int N, Offset; }
  Gens[] = {{CURAND_RNG_PSEUDO_XORWOW, xorwowFirst, "xorwow", 4096 + 600, 3900},
            {CURAND_RNG_PSEUDO_PHILOX4_32_10, philoxFirst, "philox", 262144 + 600, 262000},
            {CURAND_RNG_PSEUDO_MRG32K3A, mrgFirst, "mrg32k3a", 81920 + 600, 81700}};
  unsigned *Dev;
  cudaMallocManaged(&Dev, (262144 + 600) * sizeof(unsigned));
  for (auto &Gen : Gens) {
    const int N = Gen.N;
    std::vector<unsigned> Host(N);
    curandGenerator_t G;
    CURAND_OK(curandCreateGeneratorHost(&G, Gen.T));
    CURAND_OK(curandSetPseudoRandomGeneratorSeed(G, 1234ull));
    // In two calls: the second continues where the first stopped.
    CURAND_OK(curandGenerate(G, Host.data(), 1000));
    CURAND_OK(curandGenerate(G, Host.data() + 1000, N - 1000));
    Gen.K<<<(N + 127) / 128, 128>>>(1234ull, Dev, N);
    cudaDeviceSynchronize();
    int Bad = 0;
    for (int I = 0; I < N; ++I)
      Bad += Host[I] != Dev[I];
    CHECK(Bad == 0, "%s: %d of %d host numbers differ from curand_kernel.h", Gen.Name, Bad, N);
    // An offset is the same as skipping that many numbers.
    std::vector<unsigned> Skip(500);
    CURAND_OK(curandSetGeneratorOffset(G, Gen.Offset));
    CURAND_OK(curandGenerate(G, Skip.data(), 500));
    CHECK(std::equal(Skip.begin(), Skip.end(), Host.begin() + Gen.Offset), "%s: offset", Gen.Name);
    CURAND_OK(curandDestroyGenerator(G));
  }
  cudaFree(Dev);
}

// ---- Discrete distributions (curandCreatePoissonDistribution) --------------
__global__ void discrete(curandDiscreteDistribution_t D, unsigned *Out, int PerThread) {
  int T = blockIdx.x * blockDim.x + threadIdx.x;
  curandStatePhilox4_32_10_t S;
  curand_init(11, T, 0, &S);
  for (int I = 0; I < PerThread; I += 4) {
    uint4 V = curand_discrete4(&S, D);
    Out[T * PerThread + I] = V.x;
    Out[T * PerThread + I + 1] = V.y;
    Out[T * PerThread + I + 2] = V.z;
    Out[T * PerThread + I + 3] = V.w;
  }
}

static void discreteDistributions() {
  const int Threads = 1024, PerThread = 64, N = Threads * PerThread;
  unsigned *Out;
  cudaMallocManaged(&Out, N * sizeof(unsigned));
  for (double Lambda : {0.7, 12.0, 5000.0}) {
    curandDiscreteDistribution_t D;
    CURAND_OK(curandCreatePoissonDistribution(Lambda, &D));
    discrete<<<Threads / 128, 128>>>(D, Out, PerThread);
    cudaDeviceSynchronize();
    double M = 0, V = 0;
    for (int I = 0; I < N; ++I)
      M += Out[I];
    M /= N;
    for (int I = 0; I < N; ++I)
      V += (Out[I] - M) * (Out[I] - M);
    V /= N - 1;
    CHECK(std::fabs(M - Lambda) < 5 * std::sqrt(Lambda / N) && std::fabs(V / Lambda - 1) < 0.03,
          "discrete poisson(%g): mean %g variance %g", Lambda, M, V);
    CURAND_OK(curandDestroyDistribution(D));
  }
  curandDiscreteDistribution_t D;
  CHECK(curandCreatePoissonDistribution(0.0, &D) == CURAND_STATUS_OUT_OF_RANGE, "lambda 0");
  cudaFree(Out);
}

// ---- Device-API skip-ahead equals stepping --------------------------------
template <class S> static bool skipMatches(unsigned long long N) {
  S A, B;
  curand_init(99, 3, 0, &A);
  curand_init(99, 3, 0, &B);
  for (unsigned long long I = 0; I < N; ++I)
    curand(&A);
  skipahead(N, &B);
  for (int I = 0; I < 8; ++I)
    if (curand(&A) != curand(&B))
      return false;
  return true;
}

static void skipAhead() {
  for (unsigned long long N : {1ull, 3ull, 255ull, 256ull, 1000ull, 65537ull}) {
    CHECK(skipMatches<curandStateXORWOW>(N), "xorwow skipahead(%llu)", N);
    CHECK(skipMatches<curandStatePhilox4_32_10_t>(N), "philox skipahead(%llu)", N);
    CHECK(skipMatches<curandStateMRG32k3a>(N), "mrg32k3a skipahead(%llu)", N);
  }
  // Subsequences compose: init(sub 5) == init(sub 2) + skipahead_sequence(3).
  curandState A, B;
  curand_init(7, 5, 10, &A);
  curand_init(7, 2, 0, &B);
  skipahead_sequence(3, &B);
  skipahead(10, &B);
  CHECK(curand(&A) == curand(&B), "xorwow subsequences compose");
  curandStateMRG32k3a C, D;
  curand_init(7, 5, 0, &C);
  curand_init(7, 0, 0, &D);
  skipahead_subsequence(5, &D);
  CHECK(curand(&C) == curand(&D), "mrg32k3a subsequences compose");
}

// ---- Statistics -------------------------------------------------------------
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

// Kolmogorov-Smirnov distance of uniform samples from U(0, 1).
static double ksUniform(std::vector<double> X) {
  std::sort(X.begin(), X.end());
  double D = 0, N = X.size();
  for (size_t I = 0; I < X.size(); ++I)
    D = std::max({D, (I + 1) / N - X[I], X[I] - I / N});
  return D;
}

static void statistics() {
  const size_t N = 200000;
  for (curandRngType_t T : {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_PHILOX4_32_10,
                            CURAND_RNG_PSEUDO_MRG32K3A, CURAND_RNG_QUASI_SOBOL32,
                            CURAND_RNG_QUASI_SOBOL64, CURAND_RNG_PSEUDO_MT19937}) {
    curandGenerator_t G;
    CURAND_OK(curandCreateGeneratorHost(&G, T));
    if (T < CURAND_RNG_QUASI_DEFAULT)
      CURAND_OK(curandSetPseudoRandomGeneratorSeed(G, 42));
    std::vector<float> F(N);
    std::vector<double> D(N), X(N);
    CURAND_OK(curandGenerateUniform(G, F.data(), N));
    for (size_t I = 0; I < N; ++I) {
      X[I] = F[I];
      CHECK(F[I] > 0.f && F[I] <= 1.f, "type %d uniform %g out of (0, 1]", T, F[I]);
      if (!(F[I] > 0.f && F[I] <= 1.f))
        break;
    }
    double M, V;
    moments(X, M, V);
    CHECK(std::fabs(M - 0.5) < 0.005 && std::fabs(V - 1.0 / 12) < 0.002, "type %d uniform %g %g", T,
          M, V);
    CHECK(ksUniform(X) < 1.63 / std::sqrt((double)N), "type %d uniform KS %g", T, ksUniform(X));
    CURAND_OK(curandGenerateUniformDouble(G, D.data(), N));
    CHECK(ksUniform(D) < 1.63 / std::sqrt((double)N), "type %d double KS %g", T, ksUniform(D));

    CURAND_OK(curandGenerateNormal(G, F.data(), N, 2.0f, 3.0f));
    for (size_t I = 0; I < N; ++I)
      X[I] = F[I];
    moments(X, M, V);
    CHECK(std::fabs(M - 2.0) < 0.05 && std::fabs(V - 9.0) < 0.2, "type %d normal %g %g", T, M, V);
    // KS against the normal CDF.
    for (size_t I = 0; I < N; ++I)
      X[I] = 0.5 * std::erfc(-(X[I] - 2.0) / (3.0 * std::sqrt(2.0)));
    CHECK(ksUniform(X) < 1.63 / std::sqrt((double)N), "type %d normal KS %g", T, ksUniform(X));

    CURAND_OK(curandGenerateNormalDouble(G, D.data(), N, -1.0, 0.5));
    moments(D, M, V);
    CHECK(std::fabs(M + 1.0) < 0.01 && std::fabs(V - 0.25) < 0.01, "type %d normal2 %g %g", T, M, V);

    CURAND_OK(curandGenerateLogNormal(G, F.data(), N, 0.0f, 0.5f));
    for (size_t I = 0; I < N; ++I)
      X[I] = std::log(F[I]);
    moments(X, M, V);
    CHECK(std::fabs(M) < 0.01 && std::fabs(V - 0.25) < 0.01, "type %d lognormal %g %g", T, M, V);
    CURAND_OK(curandGenerateLogNormalDouble(G, D.data(), N, 1.0, 0.25));
    for (size_t I = 0; I < N; ++I)
      X[I] = std::log(D[I]);
    moments(X, M, V);
    CHECK(std::fabs(M - 1.0) < 0.01 && std::fabs(V - 0.0625) < 0.005, "type %d lognormal2 %g %g",
          T, M, V);

    std::vector<unsigned> P(N);
    for (double Lambda : {0.5, 4.0, 150.0}) {
      CURAND_OK(curandGeneratePoisson(G, P.data(), N, Lambda));
      for (size_t I = 0; I < N; ++I)
        X[I] = P[I];
      moments(X, M, V);
      double Tol = 5 * std::sqrt(Lambda / N) + 1e-3;
      CHECK(std::fabs(M - Lambda) < Tol && std::fabs(V / Lambda - 1) < 0.03,
            "type %d poisson(%g) %g %g", T, Lambda, M, V);
    }
    CURAND_OK(curandDestroyGenerator(G));
  }
}

// ---- Sobol32 ------------------------------------------------------------------
static void sobol() {
  curandGenerator_t G;
  CURAND_OK(curandCreateGeneratorHost(&G, CURAND_RNG_QUASI_SOBOL32));
  CURAND_OK(curandSetQuasiRandomGeneratorDimensions(G, 3));
  unsigned X[12];
  CURAND_OK(curandGenerate(G, X, 12)); // 4 points of 3 dimensions, by dimension
  // Dimension 1 in Gray-code order: 0, 1/2, 3/4, 1/4; dimension 2: 0, 1/2, 1/4, 3/4.
  const unsigned D1[4] = {0u, 0x80000000u, 0xc0000000u, 0x40000000u};
  const unsigned D2[4] = {0u, 0x80000000u, 0x40000000u, 0xc0000000u};
  for (int I = 0; I < 4; ++I) {
    CHECK(X[I] == D1[I], "sobol dim 1 point %d = %08x", I, X[I]);
    CHECK(X[4 + I] == D2[I], "sobol dim 2 point %d = %08x", I, X[4 + I]);
  }
  // The direction vectors drive curand_kernel.h's Sobol state alike.
  curandDirectionVectors32_t *V;
  CURAND_OK(curandGetDirectionVectors32(&V, CURAND_DIRECTION_VECTORS_32_JOEKUO6));
  unsigned Y[300];
  CURAND_OK(curandSetGeneratorOffset(G, 17));
  CURAND_OK(curandGenerate(G, Y, 300));
  for (int D = 0; D < 3; ++D) {
    curandStateSobol32_t S;
    curand_init(V[D], 17, &S);
    for (int I = 0; I < 100; ++I) {
      unsigned Z = curand(&S);
      CHECK(Y[D * 100 + I] == Z, "sobol dim %d point %d", D, 17 + I);
      if (Y[D * 100 + I] != Z)
        break;
    }
  }
  // Joe and Kuo's direction numbers (new-joe-kuo-6.21201), as cuRAND's:
  // the vectors of dimensions 3 and 20000 and an FNV-1a hash of all 20000 x
  // 32, as SciPy 1.10's unscrambled Sobol (qmc.Sobol(d=20000,
  // scramble=False, bits=32), an independent implementation) has them.
  const unsigned JK3[32] = {
      0x80000000u, 0xc0000000u, 0x60000000u, 0x90000000u, 0xe8000000u, 0x5c000000u,
      0x8e000000u, 0xc5000000u, 0x68800000u, 0x9cc00000u, 0xee600000u, 0x55900000u,
      0x80680000u, 0xc09c0000u, 0x60ee0000u, 0x90550000u, 0xe8808000u, 0x5cc0c000u,
      0x8e606000u, 0xc5909000u, 0x6868e800u, 0x9c9c5c00u, 0xeeee8e00u, 0x5555c500u,
      0x8000e880u, 0xc0005cc0u, 0x60008e60u, 0x9000c590u, 0xe8006868u, 0x5c009c9cu,
      0x8e00eeeeu, 0xc5005555u};
  const unsigned JK20000[32] = {
      0x80000000u, 0xc0000000u, 0x20000000u, 0xf0000000u, 0xd8000000u, 0x94000000u,
      0x7e000000u, 0xfd000000u, 0x00800000u, 0xd5c00000u, 0xce600000u, 0xc2700000u,
      0xd1280000u, 0x1c840000u, 0xb02a0000u, 0xfabd0000u, 0x23d58000u, 0xf77c4000u,
      0xbc07e000u, 0x97ec9000u, 0x6383f800u, 0x3a469400u, 0x9c7efa00u, 0x2a333b00u,
      0x2b12b680u, 0x6f6cdec0u, 0xf2520660u, 0x5dc12cd0u, 0x57c394a8u, 0x037760a4u,
      0xa54958e6u, 0x704675d3u};
  for (int K = 0; K < 32; ++K) {
    CHECK(V[2][K] == JK3[K], "sobol dim 3 direction %d = %08x", K, V[2][K]);
    CHECK(V[19999][K] == JK20000[K], "sobol dim 20000 direction %d = %08x", K, V[19999][K]);
  }
  unsigned long long Fnv = 0xcbf29ce484222325ull;
  for (int D = 0; D < 20000; ++D)
    for (int K = 0; K < 32; ++K)
      Fnv = (Fnv ^ V[D][K]) * 0x100000001b3ull;
  CHECK(Fnv == 0x95ba84c4c0a2899dull, "sobol direction numbers hash %016llx", Fnv);
  // A 20000-dimensional generator: dimension 20000's points 1-7 as SciPy's.
  {
    curandGenerator_t GB;
    CURAND_OK(curandCreateGeneratorHost(&GB, CURAND_RNG_QUASI_SOBOL32));
    CURAND_OK(curandSetQuasiRandomGeneratorDimensions(GB, 20000));
    std::vector<unsigned> P(20000 * 8);
    CURAND_OK(curandGenerate(GB, P.data(), P.size()));
    const unsigned Last[7] = {0x80000000u, 0x40000000u, 0xc0000000u, 0xe0000000u,
                              0x60000000u, 0xa0000000u, 0x20000000u};
    for (int I = 1; I < 8; ++I)
      CHECK(P[19999 * 8 + I] == Last[I - 1], "sobol dim 20000 point %d = %08x", I, P[19999 * 8 + I]);
    CURAND_OK(curandDestroyGenerator(GB));
  }
  // Sobol64 from the same direction numbers: its top 32 bits are Sobol32's.
  curandDirectionVectors64_t *V64;
  CURAND_OK(curandGetDirectionVectors64(&V64, CURAND_DIRECTION_VECTORS_64_JOEKUO6));
  for (int D = 0; D < 3; ++D) {
    curandStateSobol32_t S;
    curandStateSobol64_t S64;
    curand_init(V[D], 5, &S);
    curand_init(V64[D], 5ull, &S64);
    int Bad = 0;
    for (int I = 0; I < 200; ++I)
      Bad += (unsigned)(curand(&S64) >> 32) != curand(&S);
    CHECK(Bad == 0, "sobol64 dim %d: %d differ from sobol32", D, Bad);
  }
  // The Sobol64 generator: 64-bit results only (curandGenerate refuses).
  curandGenerator_t G64;
  CURAND_OK(curandCreateGeneratorHost(&G64, CURAND_RNG_QUASI_SOBOL64));
  CURAND_OK(curandSetQuasiRandomGeneratorDimensions(G64, 2));
  unsigned long long L[8];
  CHECK(curandGenerate(G64, X, 8) == CURAND_STATUS_TYPE_ERROR, "32-bit output from sobol64");
  CURAND_OK(curandGenerateLongLong(G64, L, 8));
  const unsigned long long L1[4] = {0ull, 1ull << 63, 3ull << 62, 1ull << 62};
  for (int I = 0; I < 4; ++I)
    CHECK(L[I] == L1[I] && (unsigned)(L[4 + I] >> 32) == D2[I], "sobol64 point %d", I);
  CURAND_OK(curandDestroyGenerator(G64));
  // Each dimension of 2^k points is stratified: one point per 1/2^k interval.
  std::vector<unsigned> Z(3 * 1024);
  CURAND_OK(curandSetGeneratorOffset(G, 0));
  CURAND_OK(curandGenerate(G, Z.data(), Z.size()));
  for (int D = 0; D < 3; ++D) {
    std::vector<int> Hit(1024, 0);
    for (int I = 0; I < 1024; ++I)
      Hit[Z[D * 1024 + I] >> 22]++;
    CHECK(std::count(Hit.begin(), Hit.end(), 1) == 1024, "sobol dim %d not stratified", D);
  }
  CURAND_OK(curandDestroyGenerator(G));
}

// ---- Bad arguments ------------------------------------------------------------
static void badArguments() {
  curandGenerator_t G, Q;
  float F[3];
  unsigned U[3];
  CHECK(curandCreateGenerator(&G, (curandRngType_t)77) == CURAND_STATUS_TYPE_ERROR, "bad type");
  CHECK(curandCreateGenerator(nullptr, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS,
        "null handle");
  CHECK(curandGenerate(nullptr, U, 3) == CURAND_STATUS_NOT_INITIALIZED, "null generator");
  CURAND_OK(curandCreateGenerator(&G, CURAND_RNG_PSEUDO_DEFAULT));
  CURAND_OK(curandCreateGenerator(&Q, CURAND_RNG_QUASI_DEFAULT));
  CHECK(curandGenerateNormal(G, F, 3, 0, 1) == CURAND_STATUS_LENGTH_NOT_MULTIPLE, "odd normal");
  CHECK(curandGenerateLogNormal(G, F, 3, 0, 1) == CURAND_STATUS_LENGTH_NOT_MULTIPLE, "odd log");
  CHECK(curandGeneratePoisson(G, U, 3, 0.0) == CURAND_STATUS_OUT_OF_RANGE, "lambda 0");
  CHECK(curandSetQuasiRandomGeneratorDimensions(G, 2) == CURAND_STATUS_TYPE_ERROR, "dims/pseudo");
  CHECK(curandSetPseudoRandomGeneratorSeed(Q, 1) == CURAND_STATUS_TYPE_ERROR, "seed/quasi");
  CHECK(curandSetQuasiRandomGeneratorDimensions(Q, 0) == CURAND_STATUS_OUT_OF_RANGE, "dims 0");
  CHECK(curandSetQuasiRandomGeneratorDimensions(Q, 20001) == CURAND_STATUS_OUT_OF_RANGE,
        "dims 20001");
  CURAND_OK(curandSetQuasiRandomGeneratorDimensions(Q, 2));
  CHECK(curandGenerate(Q, U, 3) == CURAND_STATUS_LENGTH_NOT_MULTIPLE, "quasi 3 of 2 dims");
  CHECK(curandSetGeneratorOrdering(Q, CURAND_ORDERING_PSEUDO_DEFAULT) ==
            CURAND_STATUS_OUT_OF_RANGE, "pseudo ordering on quasi");
  CHECK(curandSetGeneratorOrdering(G, CURAND_ORDERING_QUASI_DEFAULT) ==
            CURAND_STATUS_OUT_OF_RANGE, "quasi ordering on pseudo");
  CHECK(curandGenerateLongLong(G, nullptr, 2) == CURAND_STATUS_TYPE_ERROR, "long long/pseudo");
  CHECK(curandGenerate(G, U, 0) == CURAND_STATUS_SUCCESS, "empty");
  int Version = 0;
  CURAND_OK(curandGetVersion(&Version));
  CHECK(Version == CURAND_VERSION, "version %d", Version);
  CURAND_OK(curandDestroyGenerator(G));
  CURAND_OK(curandDestroyGenerator(Q));
  CHECK(curandDestroyGenerator(nullptr) == CURAND_STATUS_NOT_INITIALIZED, "destroy null");
}

// ---- Stream ordering -----------------------------------------------------------
__global__ void slowFill(unsigned *Buf, int N) {
  // Long enough that a generation not waiting for it would be overwritten.
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  unsigned V = 0;
  for (int K = 0; K < 2000; ++K)
    V = V * 1664525u + 1013904223u;
  Buf[I] = V | 1u; // never equal to what the test expects below
}
__global__ void copyOut(const unsigned *In, unsigned *Out, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = In[I] ^ 0x5a5a5a5au;
}

__global__ void waitForHost(volatile int *Flag) {
  while (*Flag == 0) {
  }
}

static void streamOrder() {
  const int N = 1 << 16;
  unsigned *Buf, *Out;
  cudaMalloc(&Buf, N * sizeof(unsigned));
  cudaMallocManaged(&Out, N * sizeof(unsigned));
  cudaStream_t S;
  cudaStreamCreate(&S);
  curandGenerator_t G, H;
  CURAND_OK(curandCreateGenerator(&G, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  CURAND_OK(curandCreateGeneratorHost(&H, CURAND_RNG_PSEUDO_PHILOX4_32_10));
  CURAND_OK(curandSetPseudoRandomGeneratorSeed(G, 5));
  CURAND_OK(curandSetPseudoRandomGeneratorSeed(H, 5));
  CURAND_OK(curandSetStream(G, S));
  std::vector<unsigned> Want(N);
  CURAND_OK(curandGenerate(H, Want.data(), N));
  slowFill<<<N / 256, 256, 0, S>>>(Buf, N);
  CURAND_OK(curandGenerate(G, Buf, N));
  copyOut<<<N / 256, 256, 0, S>>>(Buf, Out, N);
  cudaStreamSynchronize(S);
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Out[I] != (Want[I] ^ 0x5a5a5a5au);
  CHECK(Bad == 0, "stream order: %d of %d wrong", Bad, N);

  // The call returns without running: behind a kernel that waits for the
  // host, the buffer stays untouched until the host lets the kernel end.
  int *Flag;
  cudaMallocManaged(&Flag, sizeof(int));
  *Flag = 0;
  cudaMemset(Buf, 0, N * sizeof(unsigned));
  cudaDeviceSynchronize();
  CURAND_OK(curandSetGeneratorOffset(G, 0));
  waitForHost<<<1, 1, 0, S>>>(Flag);
  CURAND_OK(curandGenerate(G, Buf, N));
  int Early = 0;
  for (int I = 0; I < N; ++I)
    Early += Buf[I] != 0;
  CHECK(Early == 0, "generation ran before the kernel ahead of it ended (%d written)", Early);
  __atomic_store_n(Flag, 1, __ATOMIC_RELEASE);
  cudaStreamSynchronize(S);
  Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Buf[I] != Want[I];
  CHECK(Bad == 0, "after the kernel: %d of %d wrong", Bad, N);
  cudaFree(Flag);
  CURAND_OK(curandDestroyGenerator(G));
  CURAND_OK(curandDestroyGenerator(H));
  cudaStreamDestroy(S);
  cudaFree(Buf);
  cudaFree(Out);
}

// ---- What a GPU gives ---------------------------------------------------------
// Measured on an NVIDIA H200 with CUDA 13.0's cuRAND, seed 1234: a stream
// generator's numbers at these positions of one curandGenerate of 40000,
// then (after curandSetGeneratorOffset(0) before each, which MTGP32's
// generator refuses, so its values continue the sequence) the first four of
// curandGenerateUniform, Normal, UniformDouble and NormalDouble of 8 each.
// Float normals may differ from the GPU's in the last digit (sin/log
// precision); Poisson values are Loom's own algorithm and not compared.
struct GpuAnswers {
  const char *Name;
  unsigned Bits[14];
  float Unif[4];
  double Norm[4];
  double UnifD[4];
  double NormD[4];
};
static const int GpuPos[14] = {0, 1, 2, 3, 4, 255, 256, 4095, 4096, 16383, 16384, 16389, 20000, 39999};
static const GpuAnswers Gpu[] = {
    {"xorwow", {0x253d5e15u, 0xd1f7605au, 0x8ce6f6f8u, 0x4b79ff67u, 0xea2bee0du, 0x34d478cu, 0x2ec4b525u, 0xe5dcbadau, 0x6f558604u, 0x1f0f2395u, 0xdb6a6a85u, 0x51410e03u, 0x9c31ed63u, 0xe5746ffeu},
     {0x1.29eafp-3f, 0x1.a3eecp-1f, 0x1.19cdeep-1f, 0x1.2de7fep-2f},
     {0.780974, -1.801578, -0.280849, 0.563546},
     {0x1.bd561cb7abc2bp-2, 0x1.da53518d7605ap-1, 0x1.9faa2cee6f6f8p-1, 0x1.3bf5f4073fecfp-2},
     {0.358739798524, -1.239592503224, -0.091495399774, -0.380118938684}},
    {"mrg", {0xc96891f0u, 0x26f0d612u, 0xef269080u, 0xfc8fa50eu, 0xfcef6715u, 0x258b68b4u, 0x9b40ab0bu, 0xa85b4ff8u, 0x9dda211du, 0x9ffddf38u, 0xab5352e9u, 0xfc05daa3u, 0x46ed0e43u, 0x1d3f8d8bu},
     {0x1.92d124p-1f, 0x1.3786bp-3f, 0x1.de4d22p-1f, 0x1.f91f4ap-1f},
     {-0.360654, -0.591281, -1.718536, -0.901612},
     {0x1.92d123e0dcbe5p-1, 0x1.3786b09654f63p-3, 0x1.de4d21007cf8p-1, 0x1.f91f4a1c628b9p-1},
     {-0.360653646112, -0.591281403742, -1.718536061653, -0.901612625217}},
    {"philox", {0x2090b348u, 0xda7cf0abu, 0x4401906fu, 0xcbca470eu, 0xd115a128u, 0xb0827068u, 0xb1c5c229u, 0x3aad5500u, 0x7a6635c0u, 0xf5e66c83u, 0xdd3eb3c6u, 0x6c329b3bu, 0x6dbd08edu, 0xa6b02eb4u},
     {0x1.04859ap-3f, 0x1.b4f9e2p-1f, 0x1.100642p-2f, 0x1.97948ep-1f},
     {-1.616490, 1.229155, -1.560541, 0.464620},
     {0x1.b4f9e35f0b348p-1, 0x1.97948a5c1907p-1, 0x1.cbe178b76f1acp-4, 0x1.47eda813b849cp-4},
     {-0.539526695907, 0.160633346442, 1.008196707737, 1.832249247815}},
    {"mtgp", {0x95130d0du, 0x76af12e1u, 0x9d99d21cu, 0xff1234b2u, 0x1e434debu, 0x297968c5u, 0xb3ec7da8u, 0xe717acc0u, 0x71e268c6u, 0x343d8132u, 0x883cadffu, 0x702cb515u, 0x6e1cb5c6u, 0x17fa0980u},
     {0x1.ac27bep-1f, 0x1.9c50d2p-2f, 0x1.694888p-2f, 0x1.24f46ep-1f},
     {3.578107, 1.137440, 0.047394, -1.309944},
     {0x1.de238398p-2, 0x1.dbc9bf6p-4, 0x1.6dfc1ec8p-1, 0x1.31bf7dbcp-2},
     {0.673535211764, -0.355382325937, 1.529491874478, -0.614278539453}},
};

static void gpuKnownAnswers() {
  const curandRngType_t Types[] = {CURAND_RNG_PSEUDO_XORWOW, CURAND_RNG_PSEUDO_MRG32K3A,
                                   CURAND_RNG_PSEUDO_PHILOX4_32_10, CURAND_RNG_PSEUDO_MTGP32};
  const int N = 40000;
  unsigned *Bits;
  float *F;
  double *D;
  cudaMallocManaged(&Bits, N * sizeof(unsigned));
  cudaMallocManaged(&F, 8 * sizeof(float));
  cudaMallocManaged(&D, 8 * sizeof(double));
  for (int G = 0; G < 4; ++G) {
    const GpuAnswers &A = Gpu[G];
    curandStatus_t OffsetOk = Types[G] == CURAND_RNG_PSEUDO_MTGP32 ? CURAND_STATUS_TYPE_ERROR
                                                                   : CURAND_STATUS_SUCCESS;
    curandGenerator_t Gen;
    CURAND_OK(curandCreateGenerator(&Gen, Types[G]));
    CURAND_OK(curandSetPseudoRandomGeneratorSeed(Gen, 1234));
    CURAND_OK(curandGenerate(Gen, Bits, N));
    cudaDeviceSynchronize();
    for (int I = 0; I < 14; ++I)
      CHECK(Bits[GpuPos[I]] == A.Bits[I], "%s: number %d is %08x, a GPU's %08x", A.Name, GpuPos[I],
            Bits[GpuPos[I]], A.Bits[I]);
    CHECK(curandSetGeneratorOffset(Gen, 0) == OffsetOk, "%s: offset", A.Name);
    CURAND_OK(curandGenerateUniform(Gen, F, 8));
    cudaDeviceSynchronize();
    for (int I = 0; I < 4; ++I)
      CHECK(F[I] == A.Unif[I], "%s: uniform %d is %a, a GPU's %a", A.Name, I, F[I], A.Unif[I]);
    CHECK(curandSetGeneratorOffset(Gen, 0) == OffsetOk, "%s: offset", A.Name);
    CURAND_OK(curandGenerateNormal(Gen, F, 8, 0.0f, 1.0f));
    cudaDeviceSynchronize();
    for (int I = 0; I < 4; ++I)
      CHECK(std::fabs(F[I] - A.Norm[I]) < 3e-6 * (1 + std::fabs(A.Norm[I])) + 1e-5 * (std::fabs(A.Norm[I]) > 3),
            "%s: normal %d is %.6f, a GPU's %.6f", A.Name, I, F[I], A.Norm[I]);
    CHECK(curandSetGeneratorOffset(Gen, 0) == OffsetOk, "%s: offset", A.Name);
    CURAND_OK(curandGenerateUniformDouble(Gen, D, 8));
    cudaDeviceSynchronize();
    for (int I = 0; I < 4; ++I)
      CHECK(D[I] == A.UnifD[I], "%s: double %d is %a, a GPU's %a", A.Name, I, D[I], A.UnifD[I]);
    CHECK(curandSetGeneratorOffset(Gen, 0) == OffsetOk, "%s: offset", A.Name);
    CURAND_OK(curandGenerateNormalDouble(Gen, D, 8, 0.0, 1.0));
    cudaDeviceSynchronize();
    for (int I = 0; I < 4; ++I)
      CHECK(std::fabs(D[I] - A.NormD[I]) < 1e-9, "%s: double normal %d is %.12f, a GPU's %.12f",
            A.Name, I, D[I], A.NormD[I]);
    CURAND_OK(curandDestroyGenerator(Gen));
  }
  cudaFree(Bits);
  cudaFree(F);
  cudaFree(D);
}

int main() {
  knownAnswers();
  mt19937();
  hostMatchesDevice();
  gpuKnownAnswers();
  skipAhead();
  discreteDistributions();
  statistics();
  sobol();
  badArguments();
  streamOrder();
  if (Failures) {
    std::printf("FAILED (%d)\n", Failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}

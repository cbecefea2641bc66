// cuRAND's MTGP32 in Loom: the device API (curand_mtgp32_host.h,
// curand_mtgp32dc_p_11213.h, curand(&state[blockIdx.x]) from every thread of
// a block) and the host API generator (CURAND_RNG_PSEUDO_MTGP32).
//
// Known answers: the values below are what the MTGP authors' reference
// implementation (mtgp32-fast.c of Saito and Matsumoto's MTGP distribution,
// generating one number at a time, sequentially) gives for parameter sets 0,
// 1, 63 and 199 of the 11213 dynamic-creator table, seeded 1235, 1236, 1298
// and 1434 (what curandMakeMTGP32KernelState(..., seed 1234) gives states
// 0, 1, 63 and 199), at positions 0, 1, 2, 3, 255, 256, 261, 350, 351,
// 1023, 1024 and 4095 of their sequences. They were produced by building
// that reference program outside Loom; Loom's code is written from the
// algorithm's description, so agreement checks the recursion, tempering,
// seeding and parameter tables, and that the block-parallel form (rounds of
// up to 256 threads) equals the sequential one. Against a GPU (an NVIDIA
// H200 with CUDA 13.0's cuRAND, measured for this test; curand_host.cu has
// the host generator's numbers and conversions): the device functions'
// values below, curand_mtgp32_single's included. Then: the host generator
// equals kernels run on the same 200 states in a GPU's layout, calls
// continue one another and an offset is refused (as by a GPU), statistics
// of the distributions, and the error codes. This program passes on the GPU
// too (nvcc, H200, CUDA 13.0; the Loom-only checks of bad pointers aside).
// RUN: %loomcc %s -o %t -lcurand
// RUN: %t | FileCheck %s
// CHECK: PASSED
#include <curand.h>
#include <curand_kernel.h>
#include <curand_mtgp32_host.h>
#include <curand_mtgp32dc_p_11213.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "Inputs/check.h"

// cuRAND's float from 32 bits, x 2^-32 + 2^-33 (its own helper is device-only).
static float hostUniform(unsigned X) { return X * 2.3283064e-10f + 2.3283064e-10f / 2.0f; }


static const int KatPos[12] = {0, 1, 2, 3, 255, 256, 261, 350, 351, 1023, 1024, 4095};
struct Kat {
  int Set;
  unsigned V[12];
};
static const Kat Kats[4] = {
    {0, {0x95130d0du, 0x76af12e1u, 0x9d99d21cu, 0xff1234b2u, 0x297968c5u, 0x303a95c2u, 0x55387454u,
         0xf926ef10u, 0x88993a20u, 0xc822c90eu, 0x308c1159u, 0xea783174u}},
    {1, {0xb3ec7da8u, 0xf14e02d4u, 0x431232bdu, 0x4fd143a4u, 0x0ff74f02u, 0x6aebba72u, 0x247767adu,
         0x979a6a29u, 0x10e0d16cu, 0x9bfe05a6u, 0x9fb60480u, 0xd5654b0cu}},
    {63, {0xef342872u, 0x3f11a33bu, 0x757b19e0u, 0x74beacdbu, 0x343d8132u, 0xc20baffau, 0x1dec97d3u,
          0x3960fb30u, 0xed3fda8cu, 0x21c1be93u, 0x4b248d01u, 0x60bc76fau}},
    {199, {0x3195b822u, 0x8d628a5eu, 0x0175dd89u, 0xa18c6082u, 0x25200c6fu, 0xb79c8ca9u,
           0x2629fd67u, 0x73626791u, 0xfb1728b7u, 0xa0bd43fcu, 0x615a0891u, 0x3c2bbf08u}}};
constexpr unsigned long long Seed = 1234;
constexpr int Seq = 4096; // numbers per block in the known-answer kernels

// Block b draws Rounds numbers per thread from state b; number r of thread
// t is sequence position r * blockDim + t.
__global__ void drawBits(curandStateMtgp32_t *States, unsigned *Out, int Rounds) {
  int T = threadIdx.x, D = blockDim.x;
  for (int R = 0; R < Rounds; ++R)
    Out[(size_t)blockIdx.x * Seq + R * D + T] = curand(&States[blockIdx.x]);
}
// The same with a 2D block (the thread index is x + blockDim.x * y).
__global__ void drawBits2D(curandStateMtgp32_t *States, unsigned *Out, int Rounds) {
  int T = threadIdx.x + blockDim.x * threadIdx.y, D = blockDim.x * blockDim.y;
  for (int R = 0; R < Rounds; ++R)
    Out[(size_t)blockIdx.x * Seq + R * D + T] = curand(&States[blockIdx.x]);
}
// curand_mtgp32_specific: 200 threads, thread t takes index 199 - t of
// each 200-wide round: position r * 200 + index.
__global__ void drawSpecific(curandStateMtgp32_t *States, unsigned *Out, int Rounds) {
  int Index = 199 - (int)threadIdx.x;
  for (int R = 0; R < Rounds; ++R)
    Out[(size_t)blockIdx.x * Seq + R * 200 + Index] =
        curand_mtgp32_specific(&States[blockIdx.x], (unsigned char)Index, 200);
}
// The host generator's layout (a GPU's): 192 blocks of 256, round r of
// block b at r * 49152 + b * 256.
__global__ void drawHostLayout(curandStateMtgp32_t *States, unsigned *Out, int Rounds) {
  for (int R = 0; R < Rounds; ++R)
    Out[(size_t)R * 49152 + blockIdx.x * 256 + threadIdx.x] = curand(&States[blockIdx.x]);
}
// One call of each kind in turn, as measured on the GPU.
__global__ void gpuOrder(curandStateMtgp32_t *S, unsigned *B, float *U, float *N, float *Sg,
                         double *Ud) {
  int K = blockIdx.x * 256 + threadIdx.x;
  B[K] = curand(&S[blockIdx.x]);
  U[K] = curand_uniform(&S[blockIdx.x]);
  N[K] = curand_normal(&S[blockIdx.x]);
  Sg[K] = curand_mtgp32_single(&S[blockIdx.x]);
  Ud[K] = curand_uniform_double(&S[blockIdx.x]);
}
__global__ void drawDistributions(curandStateMtgp32_t *States, float *Uni, float *Nor,
                                  double *UniD, double *NorD, float *Single, int Rounds) {
  for (int R = 0; R < Rounds; ++R) {
    size_t J = ((size_t)R * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
    Uni[J] = curand_uniform(&States[blockIdx.x]);
    Nor[J] = curand_normal(&States[blockIdx.x]);
    UniD[J] = curand_uniform_double(&States[blockIdx.x]);
    NorD[J] = curand_normal_double(&States[blockIdx.x]);
    Single[J] = curand_mtgp32_single(&States[blockIdx.x]);
  }
}

static void checkKats(const std::vector<unsigned> &Out, const char *What) {
  for (const Kat &K : Kats)
    for (int I = 0; I < 12; ++I) {
      int P = KatPos[I];
      if (K.Set == 199 || P >= 1024) // only sets/positions the kernel drew
        continue;
      unsigned Got = Out[(size_t)K.Set * Seq + P];
      CHECK(Got == K.V[I], "%s: set %d position %d: %08x, reference %08x", What, K.Set, P, Got,
            K.V[I]);
    }
}

static curandStateMtgp32_t *makeStates(mtgp32_kernel_params_t *Params, int N) {
  curandStateMtgp32_t *States;
  cudaMalloc(&States, N * sizeof(curandStateMtgp32_t));
  curandStatus_t St = curandMakeMTGP32KernelState(States, mtgp32dc_params_fast_11213, Params, N, Seed);
  CHECK(St == CURAND_STATUS_SUCCESS, "curandMakeMTGP32KernelState: %d", (int)St);
  return States;
}

// Kolmogorov-Smirnov distance of X from the uniform distribution on (0, 1).
static double ksUniform(std::vector<double> X) {
  std::sort(X.begin(), X.end());
  double D = 0, N = (double)X.size();
  for (size_t I = 0; I < X.size(); ++I)
    D = std::max(D, std::max(std::fabs((I + 1) / N - X[I]), std::fabs(X[I] - I / N)));
  return D;
}
static double ksNormal(std::vector<double> X) {
  for (double &V : X)
    V = 0.5 * std::erfc(-V / std::sqrt(2.0));
  return ksUniform(X);
}
template <class T> static void moments(const T *X, size_t N, double &Mean, double &Var) {
  double S = 0, S2 = 0;
  for (size_t I = 0; I < N; ++I) {
    S += X[I];
    S2 += (double)X[I] * X[I];
  }
  Mean = S / N;
  Var = S2 / N - Mean * Mean;
}

int main() {
  mtgp32_kernel_params_t *Params;
  cudaMalloc(&Params, sizeof(mtgp32_kernel_params_t));
  CHECK(curandMakeMTGP32Constants(mtgp32dc_params_fast_11213, Params) == CURAND_STATUS_SUCCESS,
        "constants");

  // ---- Known answers: kernels of 256, 64 and 2D 16x8 threads, and the
  // specific form, all give the reference's sequential sequence.
  unsigned *Dev;
  cudaMalloc(&Dev, 64 * Seq * sizeof(unsigned));
  std::vector<unsigned> Out(64 * Seq);
  {
    curandStateMtgp32_t *S = makeStates(Params, 64);
    drawBits<<<64, 256>>>(S, Dev, 4);
    cudaMemcpy(Out.data(), Dev, Out.size() * 4, cudaMemcpyDeviceToHost);
    checkKats(Out, "256 threads");
    cudaFree(S);
  }
  std::vector<unsigned> Ref = Out; // positions 0..1023 of states 0..63
  {
    curandStateMtgp32_t *S = makeStates(Params, 64);
    cudaMemset(Dev, 0, 64 * Seq * sizeof(unsigned));
    drawBits<<<64, 64>>>(S, Dev, 16);
    cudaMemcpy(Out.data(), Dev, Out.size() * 4, cudaMemcpyDeviceToHost);
    checkKats(Out, "64 threads");
    cudaFree(S);
  }
  {
    curandStateMtgp32_t *S = makeStates(Params, 64);
    cudaMemset(Dev, 0, 64 * Seq * sizeof(unsigned));
    drawBits2D<<<64, dim3(16, 8)>>>(S, Dev, 8);
    cudaMemcpy(Out.data(), Dev, Out.size() * 4, cudaMemcpyDeviceToHost);
    checkKats(Out, "16x8 threads");
    cudaFree(S);
  }
  {
    curandStateMtgp32_t *S = makeStates(Params, 64);
    cudaMemset(Dev, 0, 64 * Seq * sizeof(unsigned));
    drawSpecific<<<64, 200>>>(S, Dev, 5);
    cudaMemcpy(Out.data(), Dev, Out.size() * 4, cudaMemcpyDeviceToHost);
    int Bad = 0;
    for (int B = 0; B < 64; ++B)
      for (int P = 0; P < 1000; ++P)
        Bad += Out[(size_t)B * Seq + P] != Ref[(size_t)B * Seq + P];
    CHECK(Bad == 0, "curand_mtgp32_specific: %d of 64000 differ from curand()'s sequence", Bad);
    cudaFree(S);
  }
  {
    // Set 199 (the last), positions up to 4095, from one block of 256.
    curandStateMtgp32_t *S = makeStates(Params, 200);
    std::vector<unsigned> Ref199(Seq);
    unsigned *D199;
    cudaMalloc(&D199, 200 * Seq * sizeof(unsigned));
    drawBits<<<200, 256>>>(S, D199, 16);
    cudaMemcpy(Ref199.data(), D199 + 199 * Seq, Seq * 4, cudaMemcpyDeviceToHost);
    for (int I = 0; I < 12; ++I)
      CHECK(Ref199[KatPos[I]] == Kats[3].V[I], "set 199 position %d: %08x, reference %08x",
            KatPos[I], Ref199[KatPos[I]], Kats[3].V[I]);
    std::vector<unsigned> Ref0(Seq);
    cudaMemcpy(Ref0.data(), D199, Seq * 4, cudaMemcpyDeviceToHost);
    for (int I = 0; I < 12; ++I)
      CHECK(Ref0[KatPos[I]] == Kats[0].V[I], "set 0 position %d: %08x, reference %08x", KatPos[I],
            Ref0[KatPos[I]], Kats[0].V[I]);
    cudaFree(D199);
    cudaFree(S);
  }

  // ---- What the GPU gave for the device functions (block 0, threads 0
  // and 1). Thread 0's double after curand_mtgp32_single differs from the
  // GPU's (it reads the element single skipped) and is not compared.
  {
    curandStateMtgp32_t *S = makeStates(Params, 64);
    unsigned *B;
    float *U, *Nf, *Sg;
    double *Ud;
    cudaMallocManaged(&B, 16384 * 4);
    cudaMallocManaged(&U, 16384 * 4);
    cudaMallocManaged(&Nf, 16384 * 4);
    cudaMallocManaged(&Sg, 16384 * 4);
    cudaMallocManaged(&Ud, 16384 * 8);
    gpuOrder<<<64, 256>>>(S, B, U, Nf, Sg, Ud);
    cudaDeviceSynchronize();
    CHECK(B[0] == 0x95130d0du && B[1] == 0x76af12e1u && B[255] == 0x297968c5u &&
              B[256] == 0xb3ec7da8u && B[63 * 256] == 0xef342872u,
          "curand: %08x %08x %08x %08x %08x", B[0], B[1], B[255], B[256], B[63 * 256]);
    CHECK(U[0] == 0x1.81d4aep-3f && U[1] == 0x1.e33454p-1f, "curand_uniform: %a %a", U[0], U[1]);
    CHECK(std::fabs(Nf[0] - -1.006777) < 2e-6 && std::fabs(Nf[1] - 0.940622) < 2e-6,
          "curand_normal: %.6f %.6f", Nf[0], Nf[1]);
    CHECK(Sg[0] == 0x1.0ddfb8p+0f && Sg[1] == 0x1.baaab6p+0f, "curand_mtgp32_single: %a %a, a GPU's "
          "0x1.0ddfb8p+0 0x1.baaab6p+0", Sg[0], Sg[1]);
    CHECK(Ud[1] == 0x1.e2818af8p-3, "curand_uniform_double after single: %a, a GPU's 0x1.e2818af8p-3",
          Ud[1]);
    cudaFree(B);
    cudaFree(U);
    cudaFree(Nf);
    cudaFree(Sg);
    cudaFree(Ud);
    cudaFree(S);
  }

  // ---- The host API: equal to kernels on the same states in its layout,
  // for both kinds of generator; continued calls; offsets ignored.
  constexpr int Rounds = 2, N = Rounds * 49152;
  std::vector<unsigned> KernelOut(N), HostOut(N), DevOut(N);
  {
    curandStateMtgp32_t *S = makeStates(Params, 192);
    unsigned *D;
    cudaMalloc(&D, N * sizeof(unsigned));
    drawHostLayout<<<192, 256>>>(S, D, Rounds);
    cudaMemcpy(KernelOut.data(), D, N * 4, cudaMemcpyDeviceToHost);
    cudaFree(D);
    cudaFree(S);
  }
  curandGenerator_t G;
  CHECK(curandCreateGeneratorHost(&G, CURAND_RNG_PSEUDO_MTGP32) == CURAND_STATUS_SUCCESS, "create");
  curandSetPseudoRandomGeneratorSeed(G, Seed);
  CHECK(curandGenerate(G, HostOut.data(), 1000) == CURAND_STATUS_SUCCESS, "generate");
  curandGenerate(G, HostOut.data() + 1000, N - 1000); // continues the first call
  CHECK(HostOut == KernelOut, "host generator differs from the kernels (first %ld)",
        (long)(std::mismatch(HostOut.begin(), HostOut.end(), KernelOut.begin()).first -
               HostOut.begin()));
  // The GPU's numbers at these positions (measured, H200): round 1 of
  // block 7 and 8 after the 192 blocks' round 0.
  CHECK(HostOut[0] == Kats[0].V[0] && HostOut[256] == Kats[1].V[0] &&
            HostOut[63 * 256] == Kats[2].V[0] && HostOut[49152 + 5] == Kats[0].V[6] &&
            HostOut[199 * 256 + 3] == 0x61730200u && HostOut[51200 + 5] == 0xccec8993u,
        "host generator's layout: %08x %08x %08x %08x %08x %08x", HostOut[0], HostOut[256],
        HostOut[63 * 256], HostOut[49152 + 5], HostOut[199 * 256 + 3], HostOut[51200 + 5]);
  {
    curandGenerator_t D;
    CHECK(curandCreateGenerator(&D, CURAND_RNG_PSEUDO_MTGP32) == CURAND_STATUS_SUCCESS, "create");
    curandSetPseudoRandomGeneratorSeed(D, Seed);
    unsigned *Buf;
    cudaMalloc(&Buf, N * sizeof(unsigned));
    curandGenerate(D, Buf, N - 1000);
    cudaMemcpy(DevOut.data(), Buf, (N - 1000) * 4, cudaMemcpyDeviceToHost); // behind the generation
    CHECK(std::equal(DevOut.begin(), DevOut.begin() + N - 1000, KernelOut.begin()),
          "stream generator differs from the kernels");
    // An offset is refused (CURAND_STATUS_TYPE_ERROR, as a GPU's MTGP32
    // generator refuses it) and the sequence continues.
    CHECK(curandSetGeneratorOffset(D, 0) == CURAND_STATUS_TYPE_ERROR, "offset");
    curandGenerate(D, Buf, 1000);
    cudaMemcpy(DevOut.data(), Buf, 1000 * 4, cudaMemcpyDeviceToHost);
    CHECK(std::equal(DevOut.begin(), DevOut.begin() + 1000, KernelOut.begin() + N - 1000),
          "after an offset");
    curandDestroyGenerator(D);
    // The float generation the MersenneTwisterGP11213 sample compares.
    CHECK(curandCreateGenerator(&D, CURAND_RNG_PSEUDO_MTGP32) == CURAND_STATUS_SUCCESS, "create");
    curandSetPseudoRandomGeneratorSeed(D, Seed);
    float *F;
    cudaMalloc(&F, 5000 * sizeof(float));
    curandGenerateUniform(D, F, 5000);
    std::vector<float> Fh(5000);
    cudaMemcpy(Fh.data(), F, 5000 * 4, cudaMemcpyDeviceToHost);
    int Bad = 0;
    for (int I = 0; I < 5000; ++I)
      Bad += Fh[I] != hostUniform(KernelOut[I]);
    CHECK(Bad == 0, "curandGenerateUniform: %d differ", Bad);
    cudaFree(F);
    cudaFree(Buf);
    curandDestroyGenerator(D);
  }

  // ---- Statistics (fixed seeds, so deterministic): the host generator's
  // distributions and the device functions.
  {
    constexpr int M = 1 << 18;
    std::vector<float> U(M), Nf(M), L(M);
    std::vector<double> Ud(M), Nd(M), X(M);
    std::vector<unsigned> P(M);
    double Mean, Var;
    curandGenerateUniform(G, U.data(), M);
    moments(U.data(), M, Mean, Var);
    CHECK(std::fabs(Mean - 0.5) < 0.003 && std::fabs(Var - 1.0 / 12) < 0.002, "uniform %g %g", Mean, Var);
    for (int I = 0; I < M; ++I)
      X[I] = U[I];
    CHECK(ksUniform(X) < 1.63 / std::sqrt((double)M), "uniform KS %g", ksUniform(X));
    curandGenerateUniformDouble(G, Ud.data(), M);
    CHECK(ksUniform(Ud) < 1.63 / std::sqrt((double)M), "uniform double KS %g", ksUniform(Ud));
    curandGenerateNormal(G, Nf.data(), M, 0.0f, 1.0f);
    for (int I = 0; I < M; ++I)
      X[I] = Nf[I];
    CHECK(ksNormal(X) < 1.63 / std::sqrt((double)M), "normal KS %g", ksNormal(X));
    curandGenerateNormalDouble(G, Nd.data(), M, 2.0, 3.0);
    moments(Nd.data(), M, Mean, Var);
    CHECK(std::fabs(Mean - 2.0) < 0.03 && std::fabs(Var - 9.0) < 0.1, "normal double %g %g", Mean, Var);
    curandGenerateLogNormal(G, L.data(), M, 0.5f, 0.25f);
    for (int I = 0; I < M; ++I)
      X[I] = (std::log(L[I]) - 0.5) / 0.25;
    CHECK(ksNormal(X) < 1.63 / std::sqrt((double)M), "log-normal KS %g", ksNormal(X));
    curandGeneratePoisson(G, P.data(), M, 4.5);
    moments(P.data(), M, Mean, Var);
    CHECK(std::fabs(Mean - 4.5) < 0.03 && std::fabs(Var - 4.5) < 0.08, "poisson %g %g", Mean, Var);
    curandGeneratePoisson(G, P.data(), M, 2000.0);
    moments(P.data(), M, Mean, Var);
    CHECK(std::fabs(Mean - 2000.0) < 0.5 && std::fabs(Var / 2000.0 - 1.0) < 0.02, "poisson 2000 %g %g",
          Mean, Var);

    curandStateMtgp32_t *S = makeStates(Params, 64);
    constexpr int R = 16, K = R * 64 * 256;
    float *Du, *Dn, *Ds;
    double *Dud, *Dnd;
    cudaMalloc(&Du, K * 4);
    cudaMalloc(&Dn, K * 4);
    cudaMalloc(&Ds, K * 4);
    cudaMalloc(&Dud, K * 8);
    cudaMalloc(&Dnd, K * 8);
    drawDistributions<<<64, 256>>>(S, Du, Dn, Dud, Dnd, Ds, R);
    std::vector<float> Hu(K), Hn(K), Hs(K);
    std::vector<double> Hud(K), Hnd(K);
    cudaMemcpy(Hu.data(), Du, K * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(Hn.data(), Dn, K * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(Hs.data(), Ds, K * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(Hud.data(), Dud, K * 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(Hnd.data(), Dnd, K * 8, cudaMemcpyDeviceToHost);
    std::vector<double> Y(K);
    double Bound = 1.63 / std::sqrt((double)K);
    for (int I = 0; I < K; ++I)
      Y[I] = Hu[I];
    CHECK(ksUniform(Y) < Bound, "device uniform KS %g", ksUniform(Y));
    for (int I = 0; I < K; ++I)
      Y[I] = Hs[I] - 1.0;
    CHECK(ksUniform(Y) < Bound, "curand_mtgp32_single KS %g", ksUniform(Y));
    CHECK(*std::min_element(Hs.begin(), Hs.end()) >= 1.0f && *std::max_element(Hs.begin(), Hs.end()) < 2.0f,
          "curand_mtgp32_single range: [1, 2) as on a GPU");
    CHECK(ksUniform(Hud) < Bound, "device uniform double KS %g", ksUniform(Hud));
    for (int I = 0; I < K; ++I)
      Y[I] = Hn[I];
    CHECK(ksNormal(Y) < Bound, "device normal KS %g", ksNormal(Y));
    CHECK(ksNormal(Hnd) < Bound, "device normal double KS %g", ksNormal(Hnd));
    cudaFree(Du);
    cudaFree(Dn);
    cudaFree(Ds);
    cudaFree(Dud);
    cudaFree(Dnd);
    cudaFree(S);
  }

  // ---- Errors.
  {
    unsigned long long L[4];
    float F[3];
    CHECK(curandGenerateLongLong(G, L, 4) == CURAND_STATUS_TYPE_ERROR, "long long");
    CHECK(curandGenerateNormal(G, F, 3, 0, 1) == CURAND_STATUS_SUCCESS, "odd normal (one per output)");
    CHECK(curandGeneratePoisson(G, HostOut.data(), 4, 0.0) == CURAND_STATUS_OUT_OF_RANGE, "lambda 0");
#ifdef __LOOM__ // Loom's checks: cuRAND itself does not check these and a GPU's program faults
    CHECK(curandGenerate(G, nullptr, 4) == CURAND_STATUS_LAUNCH_FAILURE, "null output");
    curandStateMtgp32_t *S;
    cudaMalloc(&S, sizeof(curandStateMtgp32_t));
    CHECK(curandMakeMTGP32KernelState(S, mtgp32dc_params_fast_11213, Params, 201, 1) ==
              CURAND_STATUS_OUT_OF_RANGE,
          "201 states");
    CHECK(curandMakeMTGP32KernelState(nullptr, mtgp32dc_params_fast_11213, Params, 1, 1) !=
              CURAND_STATUS_SUCCESS,
          "null states");
    CHECK(curandMakeMTGP32Constants(mtgp32dc_params_fast_11213, nullptr) != CURAND_STATUS_SUCCESS,
          "null constants");
    cudaFree(S);
#endif
  }
  curandDestroyGenerator(G);
  cudaFree(Dev);
  cudaFree(Params);
  if (Failures) {
    std::printf("FAILED: %d\n", Failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}

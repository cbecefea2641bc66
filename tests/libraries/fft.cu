// cuFFT against a plain CPU DFT: C2C/Z2Z (forward and inverse), R2C/D2Z and
// C2R/Z2D in 1D/2D/3D, batched, in and out of place (in-place real
// transforms use the padded layout), unnormalized; PlanMany's advanced
// layout (strides, distances, embeddings); cufftCreate + MakePlan*, the
// single-GPU Xt plan and exec, transforms large enough for FFTW's threads,
// work-area calls; CUFFT_* codes for bad arguments; stream ordering with
// kernels around an exec.
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcufft && %t | FileCheck %s
// CHECK: fft: OK
#include "Inputs/fft_test.h"

#include <cufftXt.h>

template <class T> struct Prec;
template <> struct Prec<float> {
  using C = cufftComplex;
  static constexpr cufftType C2C = CUFFT_C2C, R2C = CUFFT_R2C, C2R = CUFFT_C2R;
  static constexpr double Tol = 1e-4;
  static cufftResult c2c(cufftHandle P, C *I, C *O, int D) { return cufftExecC2C(P, I, O, D); }
  static cufftResult r2c(cufftHandle P, float *I, C *O) { return cufftExecR2C(P, I, O); }
  static cufftResult c2r(cufftHandle P, C *I, float *O) { return cufftExecC2R(P, I, O); }
};
template <> struct Prec<double> {
  using C = cufftDoubleComplex;
  static constexpr cufftType C2C = CUFFT_Z2Z, R2C = CUFFT_D2Z, C2R = CUFFT_Z2D;
  static constexpr double Tol = 1e-10;
  static cufftResult c2c(cufftHandle P, C *I, C *O, int D) { return cufftExecZ2Z(P, I, O, D); }
  static cufftResult r2c(cufftHandle P, double *I, C *O) { return cufftExecD2Z(P, I, O); }
  static cufftResult c2r(cufftHandle P, C *I, double *O) { return cufftExecZ2D(P, I, O); }
};

template <class T> static cufftResult planFor(cufftHandle *P, const std::vector<int> &N, cufftType Type, int Batch) {
  if (N.size() == 1)
    return cufftPlan1d(P, N[0], Type, Batch);
  if (Batch != 1)
    return cufftPlanMany(P, (int)N.size(), const_cast<int *>(N.data()), nullptr, 1, 0, nullptr, 1, 0, Type, Batch);
  if (N.size() == 2)
    return cufftPlan2d(P, N[0], N[1], Type);
  return cufftPlan3d(P, N[0], N[1], N[2], Type);
}

/// C2C (Z2Z) forward and inverse, batched, out of place and in place.
template <class T> static void testC2C(const std::vector<int> &N, int Batch) {
  using P = Prec<T>;
  size_t Total = 1;
  for (int D : N)
    Total *= D;
  std::vector<Cx> Ref(Total * Batch);
  for (auto &V : Ref)
    V = Cx(rnd(), rnd());
  cufftHandle Plan;
  CHECK_OK(planFor<T>(&Plan, N, P::C2C, Batch));
  typename P::C *In, *Out;
  cudaMalloc(&In, sizeof(*In) * Total * Batch);
  cudaMalloc(&Out, sizeof(*Out) * Total * Batch);
  for (int Dir : {CUFFT_FORWARD, CUFFT_INVERSE})
    for (int InPlace = 0; InPlace < 2; ++InPlace) {
      std::vector<typename P::C> H(Total * Batch);
      for (size_t I = 0; I < H.size(); ++I)
        H[I] = {(T)Ref[I].real(), (T)Ref[I].imag()};
      cudaMemcpy(In, H.data(), sizeof(H[0]) * H.size(), cudaMemcpyHostToDevice);
      typename P::C *Dst = InPlace ? In : Out;
      CHECK_OK(P::c2c(Plan, In, Dst, Dir));
      cudaMemcpy(H.data(), Dst, sizeof(H[0]) * H.size(), cudaMemcpyDeviceToHost);
      bool Ok = true;
      for (int B = 0; B < Batch; ++B) {
        std::vector<Cx> One(Ref.begin() + B * Total, Ref.begin() + (B + 1) * Total);
        std::vector<Cx> Want = dft(One, N, Dir);
        for (size_t I = 0; I < Total; ++I)
          Ok &= near(Cx(H[B * Total + I].x, H[B * Total + I].y), Want[I], P::Tol * Total);
      }
      CHECK(Ok);
    }
  cudaFree(In);
  cudaFree(Out);
  CHECK_OK(cufftDestroy(Plan));
}

/// R2C then C2R (D2Z, Z2D): the half spectrum against the DFT, the round
/// trip is N * x (unnormalized). In place: the padded real layout.
template <class T> static void testReal(const std::vector<int> &N, int Batch, bool InPlace) {
  using P = Prec<T>;
  size_t Total = 1;
  for (int D : N)
    Total *= D;
  int Last = N.back(), Half = Last / 2 + 1;
  size_t Rows = Total / Last, CTotal = Rows * Half;
  size_t RealLd = InPlace ? 2 * Half : Last; // real elements per row
  std::vector<Cx> Sig(Total * Batch);
  for (auto &V : Sig)
    V = rnd();
  cufftHandle Fwd, Inv;
  CHECK_OK(planFor<T>(&Fwd, N, P::R2C, Batch));
  CHECK_OK(planFor<T>(&Inv, N, P::C2R, Batch));
  size_t RealSize = Rows * RealLd * Batch;
  T *Real;
  typename P::C *Spec;
  cudaMalloc(&Real, sizeof(T) * std::max(RealSize, 2 * CTotal * Batch));
  cudaMalloc(&Spec, sizeof(*Spec) * CTotal * Batch);
  std::vector<T> H(RealSize, (T)-7);
  for (int B = 0; B < Batch; ++B)
    for (size_t R = 0; R < Rows; ++R)
      for (int X = 0; X < Last; ++X)
        H[B * Rows * RealLd + R * RealLd + X] = (T)Sig[B * Total + R * Last + X].real();
  cudaMemcpy(Real, H.data(), sizeof(T) * RealSize, cudaMemcpyHostToDevice);
  typename P::C *S = InPlace ? (typename P::C *)Real : Spec;
  CHECK_OK(P::r2c(Fwd, Real, S));
  std::vector<typename P::C> Hs(CTotal * Batch);
  cudaMemcpy(Hs.data(), S, sizeof(Hs[0]) * Hs.size(), cudaMemcpyDeviceToHost);
  bool Ok = true;
  for (int B = 0; B < Batch; ++B) {
    std::vector<Cx> One(Sig.begin() + B * Total, Sig.begin() + (B + 1) * Total);
    std::vector<Cx> Want = dft(One, N, -1);
    for (size_t R = 0; R < Rows; ++R)
      for (int K = 0; K < Half; ++K) {
        auto V = Hs[B * CTotal + R * Half + K];
        Ok &= near(Cx(V.x, V.y), Want[R * Last + K], P::Tol * Total);
      }
  }
  CHECK(Ok);
  // Back: C2R of the spectrum is N * signal.
  CHECK_OK(P::c2r(Inv, S, Real));
  cudaMemcpy(H.data(), Real, sizeof(T) * RealSize, cudaMemcpyDeviceToHost);
  Ok = true;
  for (int B = 0; B < Batch; ++B)
    for (size_t R = 0; R < Rows; ++R)
      for (int X = 0; X < Last; ++X)
        Ok &= near(H[B * Rows * RealLd + R * RealLd + X], (double)Total * Sig[B * Total + R * Last + X].real(),
                   P::Tol * Total);
  CHECK(Ok);
  cudaFree(Real);
  cudaFree(Spec);
  CHECK_OK(cufftDestroy(Fwd));
  CHECK_OK(cufftDestroy(Inv));
}

/// PlanMany's advanced layout: 3 signals of 12 points stored interleaved
/// (istride 3, idist 1), written to padded rows (ostride 1, odist 16).
static void testAdvanced() {
  const int Len = 12, Batch = 3, ODist = 16;
  int N[1] = {Len}, InEmbed[1] = {Len * 3}, OutEmbed[1] = {ODist};
  std::vector<Cx> Sig(Len * Batch);
  for (auto &V : Sig)
    V = Cx(rnd(), rnd());
  std::vector<cufftComplex> H(Len * Batch);
  for (int B = 0; B < Batch; ++B)
    for (int X = 0; X < Len; ++X)
      H[X * Batch + B] = make_cuComplex((float)Sig[B * Len + X].real(), (float)Sig[B * Len + X].imag());
  cufftComplex *In, *Out;
  cudaMalloc(&In, sizeof(*In) * H.size());
  cudaMalloc(&Out, sizeof(*Out) * ODist * Batch);
  cudaMemcpy(In, H.data(), sizeof(H[0]) * H.size(), cudaMemcpyHostToDevice);
  std::vector<cufftComplex> O(ODist * Batch, make_cuComplex(-9, -9));
  cudaMemcpy(Out, O.data(), sizeof(O[0]) * O.size(), cudaMemcpyHostToDevice);
  cufftHandle Plan;
  CHECK_OK(cufftPlanMany(&Plan, 1, N, InEmbed, Batch, 1, OutEmbed, 1, ODist, CUFFT_C2C, Batch));
  CHECK_OK(cufftExecC2C(Plan, In, Out, CUFFT_FORWARD));
  cudaMemcpy(O.data(), Out, sizeof(O[0]) * O.size(), cudaMemcpyDeviceToHost);
  bool Ok = true;
  for (int B = 0; B < Batch; ++B) {
    std::vector<Cx> One(Sig.begin() + B * Len, Sig.begin() + (B + 1) * Len);
    std::vector<Cx> Want = dft(One, {Len}, -1);
    for (int K = 0; K < Len; ++K)
      Ok &= near(Cx(O[B * ODist + K].x, O[B * ODist + K].y), Want[K], 1e-4 * Len);
    for (int K = Len; K < ODist; ++K)
      Ok &= O[B * ODist + K].x == -9; // padding untouched
  }
  CHECK(Ok);
  CHECK_OK(cufftDestroy(Plan));
  cudaFree(In);
  cudaFree(Out);
}

__global__ void fillRamp(cufftComplex *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = make_cuComplex(I == 1 ? 1.0f : 0.0f, 0.0f); // a delta at 1
}

__global__ void scaleBy(cufftComplex *X, int N, float S) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = make_cuComplex(X[I].x * S, X[I].y * S);
}

/// Holds its stream until the host opens the gate: work enqueued behind it
/// cannot have run when the host's exec call returns, whatever the timing.
__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}

/// cufftCreate + MakePlan, work-area calls, a stream between two kernels.
static void testMakePlanStream() {
  const int N = 64;
  cufftHandle Plan;
  CHECK_OK(cufftCreate(&Plan));
  size_t Work = 123;
  CHECK_OK(cufftGetSize1d(Plan, N, CUFFT_C2C, 1, &Work));
  CHECK_OK(cufftSetAutoAllocation(Plan, 0));
  CHECK_OK(cufftMakePlan1d(Plan, N, CUFFT_C2C, 1, &Work));
  CHECK_OK(cufftGetSize(Plan, &Work));
  void *WorkArea = nullptr;
  cudaMalloc(&WorkArea, Work + 1);
  CHECK_OK(cufftSetWorkArea(Plan, WorkArea));
  CHECK(cufftMakePlan1d(Plan, N, CUFFT_C2C, 1, &Work) == CUFFT_INVALID_PLAN); // already made
  cudaStream_t S;
  cudaStreamCreate(&S);
  CHECK_OK(cufftSetStream(Plan, S));
  cufftComplex *X;
  int *Open;
  cudaMalloc(&X, sizeof(*X) * N);
  cudaMallocHost(&Open, sizeof(int));
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  fillRamp<<<1, N, 0, S>>>(X, N);
  CHECK_OK(cufftExecC2C(Plan, X, X, CUFFT_FORWARD)); // DFT of delta at 1: e^{-2 pi i k / N}
  scaleBy<<<1, N, 0, S>>>(X, N, 2.0f);
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  cudaStreamSynchronize(S);
  std::vector<cufftComplex> H(N);
  cudaMemcpy(H.data(), X, sizeof(H[0]) * N, cudaMemcpyDeviceToHost);
  bool Ok = true;
  for (int K = 0; K < N; ++K)
    Ok &= near(Cx(H[K].x, H[K].y), 2.0 * std::polar(1.0, -2 * M_PI * K / N), 1e-5);
  CHECK(Ok);
  cudaStreamDestroy(S); // before the plan, as programs often do
  CHECK_OK(cufftDestroy(Plan));
  CHECK(cudaGetLastError() == cudaSuccess); // no error left behind
  cudaFree(X);
  cudaFreeHost(Open);
  cudaFree(WorkArea);
}

/// Transforms large enough for FFTW's threads (2^16 elements): sampled bins
/// against direct sums, the round trip N * x, R2C/C2R too.
static void testLarge() {
  const int Nx = 256, Ny = 256, Total = Nx * Ny;
  std::vector<cufftComplex> H(Total);
  for (auto &V : H)
    V = make_cuComplex((float)rnd(), (float)rnd());
  cufftComplex *X, *Y;
  cudaMalloc(&X, sizeof(*X) * Total);
  cudaMalloc(&Y, sizeof(*Y) * Total);
  cudaMemcpy(X, H.data(), sizeof(H[0]) * Total, cudaMemcpyHostToDevice);
  cufftHandle Plan;
  CHECK_OK(cufftPlan2d(&Plan, Nx, Ny, CUFFT_C2C));
  CHECK_OK(cufftExecC2C(Plan, X, Y, CUFFT_FORWARD));
  std::vector<cufftComplex> F(Total);
  cudaMemcpy(F.data(), Y, sizeof(F[0]) * Total, cudaMemcpyDeviceToHost);
  bool Ok = true;
  for (int S = 0; S < 12; ++S) {
    int Kx = (S * 37) % Nx, Ky = (S * 91 + 5) % Ny;
    Cx Sum = 0;
    for (int A = 0; A < Nx; ++A)
      for (int B = 0; B < Ny; ++B)
        Sum += Cx(H[A * Ny + B].x, H[A * Ny + B].y) *
               std::polar(1.0, -2 * M_PI * ((double)Kx * A / Nx + (double)Ky * B / Ny));
    Ok &= near(Cx(F[Kx * Ny + Ky].x, F[Kx * Ny + Ky].y), Sum, 1e-4 * 16);
  }
  CHECK(Ok);
  CHECK_OK(cufftExecC2C(Plan, Y, Y, CUFFT_INVERSE));
  cudaMemcpy(F.data(), Y, sizeof(F[0]) * Total, cudaMemcpyDeviceToHost);
  Ok = true;
  for (int I = 0; I < Total; ++I)
    Ok &= near(Cx(F[I].x, F[I].y), (double)Total * Cx(H[I].x, H[I].y), 1e-4 * 16);
  CHECK(Ok);
  CHECK_OK(cufftDestroy(Plan));
  // D2Z then Z2D, batched 1D 4096 x 16.
  const int N = 4096, Batch = 16;
  std::vector<double> R(N * Batch);
  for (auto &V : R)
    V = rnd();
  double *DR;
  cufftDoubleComplex *DS;
  cudaMalloc(&DR, sizeof(double) * N * Batch);
  cudaMalloc(&DS, sizeof(*DS) * (N / 2 + 1) * Batch);
  cudaMemcpy(DR, R.data(), sizeof(double) * N * Batch, cudaMemcpyHostToDevice);
  cufftHandle Fwd, Inv;
  CHECK_OK(cufftPlan1d(&Fwd, N, CUFFT_D2Z, Batch));
  CHECK_OK(cufftPlan1d(&Inv, N, CUFFT_Z2D, Batch));
  CHECK_OK(cufftExecD2Z(Fwd, DR, DS));
  std::vector<cufftDoubleComplex> HS((N / 2 + 1) * Batch);
  cudaMemcpy(HS.data(), DS, sizeof(HS[0]) * HS.size(), cudaMemcpyDeviceToHost);
  Ok = true;
  for (int B = 0; B < Batch; B += 5)
    for (int K = 0; K <= N / 2; K += 301) {
      Cx Sum = 0;
      for (int T = 0; T < N; ++T)
        Sum += R[B * N + T] * std::polar(1.0, -2 * M_PI * (double)K * T / N);
      Ok &= near(Cx(HS[B * (N / 2 + 1) + K].x, HS[B * (N / 2 + 1) + K].y), Sum, 1e-10 * N);
    }
  CHECK(Ok);
  CHECK_OK(cufftExecZ2D(Inv, DS, DR));
  std::vector<double> Back(N * Batch);
  cudaMemcpy(Back.data(), DR, sizeof(double) * N * Batch, cudaMemcpyDeviceToHost);
  Ok = true;
  for (int I = 0; I < N * Batch; ++I)
    Ok &= near(Back[I], (double)N * R[I], 1e-10 * N);
  CHECK(Ok);
  CHECK_OK(cufftDestroy(Fwd));
  CHECK_OK(cufftDestroy(Inv));
  cudaFree(X);
  cudaFree(Y);
  cudaFree(DR);
  cudaFree(DS);
}

/// cufftXtMakePlanMany + cufftXtExec: the same transforms described by data types.
static void testXt() {
  const int N = 24;
  long long N64[1] = {N};
  std::vector<Cx> Sig(N);
  for (auto &V : Sig)
    V = Cx(rnd(), rnd());
  std::vector<Cx> Want = dft(Sig, {N}, +1);
  std::vector<cufftComplex> H(N);
  for (int I = 0; I < N; ++I)
    H[I] = make_cuComplex((float)Sig[I].real(), (float)Sig[I].imag());
  cufftComplex *X;
  cudaMalloc(&X, sizeof(*X) * N);
  cudaMemcpy(X, H.data(), sizeof(H[0]) * N, cudaMemcpyHostToDevice);
  cufftHandle Plan;
  size_t Work = 1;
  CHECK_OK(cufftCreate(&Plan));
  CHECK_OK(cufftXtMakePlanMany(Plan, 1, N64, nullptr, 1, 0, CUDA_C_32F, nullptr, 1, 0, CUDA_C_32F,
                               1, &Work, CUDA_C_32F));
  CHECK(Work == 0);
  CHECK_OK(cufftXtExec(Plan, X, X, CUFFT_INVERSE));
  cudaMemcpy(H.data(), X, sizeof(H[0]) * N, cudaMemcpyDeviceToHost);
  bool Ok = true;
  for (int K = 0; K < N; ++K)
    Ok &= near(Cx(H[K].x, H[K].y), Want[K], 1e-4 * N);
  CHECK(Ok);
  CHECK_OK(cufftDestroy(Plan));
  // D2Z through Xt: real in, complex out, complex execution type.
  double R[N];
  cufftDoubleComplex *Spec;
  double *DR;
  for (int I = 0; I < N; ++I)
    R[I] = Sig[I].real();
  cudaMalloc(&DR, sizeof(R));
  cudaMalloc(&Spec, sizeof(*Spec) * (N / 2 + 1));
  cudaMemcpy(DR, R, sizeof(R), cudaMemcpyHostToDevice);
  CHECK_OK(cufftCreate(&Plan));
  CHECK_OK(cufftXtMakePlanMany(Plan, 1, N64, nullptr, 1, 0, CUDA_R_64F, nullptr, 1, 0, CUDA_C_64F,
                               1, &Work, CUDA_C_64F));
  CHECK_OK(cufftXtExec(Plan, DR, Spec, CUFFT_FORWARD));
  std::vector<cufftDoubleComplex> HS(N / 2 + 1);
  cudaMemcpy(HS.data(), Spec, sizeof(HS[0]) * HS.size(), cudaMemcpyDeviceToHost);
  std::vector<Cx> RealSig(N);
  for (int I = 0; I < N; ++I)
    RealSig[I] = R[I];
  std::vector<Cx> WantR = dft(RealSig, {N}, -1);
  Ok = true;
  for (int K = 0; K <= N / 2; ++K)
    Ok &= near(Cx(HS[K].x, HS[K].y), WantR[K], 1e-10 * N);
  CHECK(Ok);
  CHECK_OK(cufftDestroy(Plan));
  CHECK_OK(cufftCreate(&Plan));
  CHECK(cufftXtMakePlanMany(Plan, 1, N64, nullptr, 1, 0, CUDA_R_16F, nullptr, 1, 0, CUDA_C_16F,
                            1, &Work, CUDA_C_16F) == CUFFT_NOT_SUPPORTED);
  CHECK_OK(cufftDestroy(Plan));
  cudaFree(X);
  cudaFree(DR);
  cudaFree(Spec);
}

static void testErrors() {
  cufftHandle Plan;
  CHECK(cufftPlan1d(&Plan, 0, CUFFT_C2C, 1) == CUFFT_INVALID_SIZE);
  CHECK(cufftPlan1d(&Plan, 8, CUFFT_C2C, 0) == CUFFT_INVALID_SIZE);
  CHECK(cufftPlan1d(&Plan, 8, (cufftType)0x33, 1) == CUFFT_INVALID_TYPE);
  CHECK(cufftPlan2d(&Plan, 8, -2, CUFFT_R2C) == CUFFT_INVALID_SIZE);
  int N4[4] = {2, 2, 2, 2};
  CHECK(cufftPlanMany(&Plan, 4, N4, nullptr, 1, 0, nullptr, 1, 0, CUFFT_C2C, 1) == CUFFT_INVALID_SIZE);
  CHECK(cufftPlan1d(nullptr, 8, CUFFT_C2C, 1) == CUFFT_INVALID_VALUE);
  cufftComplex *X;
  cudaMalloc(&X, sizeof(*X) * 8);
  CHECK(cufftExecC2C(4242, X, X, CUFFT_FORWARD) == CUFFT_INVALID_PLAN);
  CHECK_OK(cufftPlan1d(&Plan, 8, CUFFT_C2C, 1));
  CHECK(cufftExecC2C(Plan, X, X, 0) == CUFFT_INVALID_VALUE);
  CHECK(cufftExecC2C(Plan, nullptr, X, CUFFT_FORWARD) == CUFFT_INVALID_VALUE);
  CHECK(cufftExecR2C(Plan, (cufftReal *)X, X) != CUFFT_SUCCESS); // wrong type for the plan
  CHECK(cufftSetStream(Plan + 1000, 0) == CUFFT_INVALID_PLAN);
  CHECK_OK(cufftDestroy(Plan));
  CHECK(cufftDestroy(Plan) == CUFFT_INVALID_PLAN);
  CHECK(cufftExecC2C(Plan, X, X, CUFFT_FORWARD) == CUFFT_INVALID_PLAN);
  cufftHandle Empty;
  CHECK_OK(cufftCreate(&Empty));
  CHECK(cufftExecC2C(Empty, X, X, CUFFT_FORWARD) == CUFFT_INVALID_PLAN); // no plan made yet
  CHECK_OK(cufftDestroy(Empty));
  int V = 0;
  CHECK_OK(cufftGetVersion(&V));
  CHECK(V == CUFFT_VERSION);
  CHECK_OK(cufftGetProperty(MAJOR_VERSION, &V));
  CHECK(V == CUFFT_VER_MAJOR);
  CHECK(CUFFT_C2C == 0x29 && CUFFT_INVALID_SIZE == 8 && CUFFT_INVERSE == 1);
  cudaFree(X);
}

int main() {
  testC2C<float>({30}, 3);
  testC2C<double>({16}, 2);
  testC2C<float>({8, 6}, 1);
  testC2C<double>({4, 5, 6}, 1);
  testC2C<float>({3, 4}, 2);
  for (bool InPlace : {false, true}) {
    testReal<float>({16}, 2, InPlace);
    testReal<double>({15}, 3, InPlace);
    testReal<float>({6, 10}, 1, InPlace);
    testReal<double>({4, 3, 5}, 1, InPlace);
    testReal<float>({4, 6}, 2, InPlace);
  }
  testAdvanced();
  testMakePlanStream();
  testXt();
  testLarge();
  testErrors();
  return finish("fft");
}

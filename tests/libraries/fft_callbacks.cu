// cuFFT load and store callbacks (cufftXtSetCallback) against a CPU DFT:
// __device__ callbacks taken with cudaMemcpyFromSymbol for C2C, Z2Z, R2C,
// C2R, D2Z and Z2D plans, in and out of place, with caller info, shared
// memory and cuFFT's offsets (element offsets of the plan's layout, here
// with strides and batch distances). Callbacks that return a cufftComplex
// or take one by value catch a calling-convention mismatch between the
// device compiler's functions and the library (libs/cufft/Cufft.cpp).
// Also: clearing, status codes, and a callback that reads what a kernel
// wrote before the exec on the same stream.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcufft && %t | FileCheck %s
// CHECK: fft_callbacks: OK
#include "Inputs/fft_test.h"

#include <cufftXt.h>

struct Info {
  float Scale;
  float Shift;
  int Seen; // store callbacks count their calls here
};

// Load: element * Scale + (Shift, offset) - uses offset, info and the value.
__device__ cufftComplex loadC(void *In, size_t Off, void *I, void *Sh) {
  Info *P = (Info *)I;
  cufftComplex V = ((cufftComplex *)In)[Off];
  V.x = V.x * P->Scale + P->Shift;
  V.y = V.y * P->Scale + (float)Off * 0.001f;
  if (Sh)
    *(float *)Sh = V.x; // shared memory is writable scratch
  return V;
}
__device__ cufftDoubleComplex loadZ(void *In, size_t Off, void *I, void *) {
  Info *P = (Info *)I;
  cufftDoubleComplex V = ((cufftDoubleComplex *)In)[Off];
  V.x = V.x * P->Scale + P->Shift;
  V.y = V.y * P->Scale + (double)Off * 0.001;
  return V;
}
__device__ cufftReal loadR(void *In, size_t Off, void *I, void *) {
  Info *P = (Info *)I;
  return ((cufftReal *)In)[Off] * P->Scale + (float)Off * 0.001f;
}
__device__ cufftDoubleReal loadD(void *In, size_t Off, void *I, void *) {
  Info *P = (Info *)I;
  return ((cufftDoubleReal *)In)[Off] * P->Scale + (double)Off * 0.001;
}
// Store: (re, im) -> (2 im - 1, re + offset) - swaps, so a packed or
// misplaced argument shows.
__device__ void storeC(void *Out, size_t Off, cufftComplex E, void *I, void *) {
  cufftComplex V;
  V.x = 2 * E.y - 1;
  V.y = E.x + (float)Off;
  ((cufftComplex *)Out)[Off] = V;
  atomicAdd(&((Info *)I)->Seen, 1);
}
__device__ void storeZ(void *Out, size_t Off, cufftDoubleComplex E, void *I, void *) {
  cufftDoubleComplex V;
  V.x = 2 * E.y - 1;
  V.y = E.x + (double)Off;
  ((cufftDoubleComplex *)Out)[Off] = V;
  atomicAdd(&((Info *)I)->Seen, 1);
}
__device__ void storeR(void *Out, size_t Off, cufftReal E, void *I, void *) {
  ((cufftReal *)Out)[Off] = 3 * E - (float)Off;
  atomicAdd(&((Info *)I)->Seen, 1);
}
__device__ void storeD(void *Out, size_t Off, cufftDoubleReal E, void *I, void *) {
  ((cufftDoubleReal *)Out)[Off] = 3 * E - (double)Off;
  atomicAdd(&((Info *)I)->Seen, 1);
}

__device__ cufftCallbackLoadC dLoadC = loadC;
__device__ cufftCallbackLoadZ dLoadZ = loadZ;
__device__ cufftCallbackLoadR dLoadR = loadR;
__device__ cufftCallbackLoadD dLoadD = loadD;
__device__ cufftCallbackStoreC dStoreC = storeC;
__device__ cufftCallbackStoreZ dStoreZ = storeZ;
__device__ cufftCallbackStoreR dStoreR = storeR;
__device__ cufftCallbackStoreD dStoreD = storeD;

template <class Sym> void *hostPtr(const Sym &S) {
  void *P = nullptr;
  CHECK(cudaMemcpyFromSymbol(&P, S, sizeof(P)) == cudaSuccess);
  return P;
}

Cx loadRef(Cx V, size_t Off, const Info &I) {
  return Cx(V.real() * I.Scale + I.Shift, V.imag() * I.Scale + Off * 0.001);
}
Cx storeRef(Cx E, size_t Off) { return Cx(2 * E.imag() - 1, E.real() + (double)Off); }

/// Complex-to-complex, batched 1D with stride 2 and distance 2 N + 3 on both
/// sides (offsets are layout positions), in place or not.
template <class T, bool Dbl> void testC2C(bool InPlace, bool Load, bool Store) {
  const int N = 12, Batch = 3, Stride = 2, Dist = 2 * N + 3;
  size_t Len = (size_t)Batch * Dist;
  std::vector<T> H(Len);
  for (auto &V : H)
    V = T{(decltype(V.x))rnd(), (decltype(V.x))rnd()};
  Info HI{0.5f, 0.25f, 0}, *DI;
  cudaMalloc(&DI, sizeof(Info));
  cudaMemcpy(DI, &HI, sizeof(Info), cudaMemcpyHostToDevice);
  T *In, *Out;
  cudaMalloc(&In, Len * sizeof(T));
  cudaMemcpy(In, H.data(), Len * sizeof(T), cudaMemcpyHostToDevice);
  if (InPlace)
    Out = In;
  else {
    cudaMalloc(&Out, Len * sizeof(T));
    cudaMemset(Out, 0, Len * sizeof(T));
  }
  cufftHandle P;
  CHECK_OK(cufftCreate(&P));
  int Nn[1] = {N}, Emb[1] = {N};
  size_t Work;
  CHECK_OK(cufftMakePlanMany(P, 1, Nn, Emb, Stride, Dist, Emb, Stride, Dist,
                             Dbl ? CUFFT_Z2Z : CUFFT_C2C, Batch, &Work));
  void *LdFn = Dbl ? hostPtr(dLoadZ) : hostPtr(dLoadC);
  void *StFn = Dbl ? hostPtr(dStoreZ) : hostPtr(dStoreC);
  void *InfoP = DI;
  if (Load) {
    CHECK_OK(cufftXtSetCallback(P, &LdFn, Dbl ? CUFFT_CB_LD_COMPLEX_DOUBLE : CUFFT_CB_LD_COMPLEX,
                                &InfoP));
    CHECK_OK(cufftXtSetCallbackSharedSize(P, Dbl ? CUFFT_CB_LD_COMPLEX_DOUBLE : CUFFT_CB_LD_COMPLEX, 64));
  }
  if (Store)
    CHECK_OK(cufftXtSetCallback(P, &StFn, Dbl ? CUFFT_CB_ST_COMPLEX_DOUBLE : CUFFT_CB_ST_COMPLEX,
                                &InfoP));
  if constexpr (Dbl)
    CHECK_OK(cufftExecZ2Z(P, In, Out, CUFFT_FORWARD));
  else
    CHECK_OK(cufftExecC2C(P, In, Out, CUFFT_FORWARD));
  std::vector<T> R(Len);
  cudaMemcpy(R.data(), Out, Len * sizeof(T), cudaMemcpyDeviceToHost);
  Info Got;
  cudaMemcpy(&Got, DI, sizeof(Info), cudaMemcpyDeviceToHost);
  CHECK(Got.Seen == (Store ? N * Batch : 0));
  double Tol = Dbl ? 1e-9 : 2e-4;
  bool Ok = true;
  for (int B = 0; B < Batch; ++B) {
    std::vector<Cx> X(N);
    for (int I = 0; I < N; ++I) {
      size_t Off = (size_t)B * Dist + (size_t)I * Stride;
      Cx V(H[Off].x, H[Off].y);
      X[I] = Load ? loadRef(V, Off, HI) : V;
    }
    std::vector<Cx> Y = dft(X, {N}, -1);
    for (int I = 0; I < N; ++I) {
      size_t Off = (size_t)B * Dist + (size_t)I * Stride;
      Cx Want = Store ? storeRef(Y[I], Off) : Y[I];
      Ok &= near(Cx(R[Off].x, R[Off].y), Want, Tol * 10);
    }
  }
  if (!Ok)
    std::printf("  C2C dbl %d in-place %d load %d store %d\n", Dbl, InPlace, Load, Store);
  CHECK(Ok);
  // Cleared callbacks: a plain transform again.
  CHECK_OK(cufftXtClearCallback(P, Dbl ? CUFFT_CB_LD_COMPLEX_DOUBLE : CUFFT_CB_LD_COMPLEX));
  CHECK_OK(cufftXtClearCallback(P, Dbl ? CUFFT_CB_ST_COMPLEX_DOUBLE : CUFFT_CB_ST_COMPLEX));
  cudaMemcpy(In, H.data(), Len * sizeof(T), cudaMemcpyHostToDevice);
  if constexpr (Dbl)
    CHECK_OK(cufftExecZ2Z(P, In, Out, CUFFT_FORWARD));
  else
    CHECK_OK(cufftExecC2C(P, In, Out, CUFFT_FORWARD));
  cudaMemcpy(R.data(), Out, Len * sizeof(T), cudaMemcpyDeviceToHost);
  std::vector<Cx> X(N);
  for (int I = 0; I < N; ++I)
    X[I] = Cx(H[(size_t)I * Stride].x, H[(size_t)I * Stride].y);
  std::vector<Cx> Y = dft(X, {N}, -1);
  CHECK(near(Cx(R[2].x, R[2].y), Y[1], Tol * 10));
  cufftDestroy(P);
  cudaFree(In);
  if (!InPlace)
    cudaFree(Out);
  cudaFree(DI);
}

/// Real transforms (2D, basic layout): R2C with a real load callback and a
/// complex store; C2R with a complex load and a real store.
template <class R, class C, bool Dbl> void testReal(bool InPlace) {
  const int N0 = 4, N1 = 6, Nc = N1 / 2 + 1;
  int RealRow = InPlace ? 2 * Nc : N1;
  size_t RealLen = (size_t)N0 * RealRow, CLen = (size_t)N0 * Nc;
  std::vector<R> H(RealLen);
  for (auto &V : H)
    V = (R)rnd();
  Info HI{1.5f, 0.0f, 0}, *DI;
  cudaMalloc(&DI, sizeof(Info));
  cudaMemcpy(DI, &HI, sizeof(Info), cudaMemcpyHostToDevice);
  void *InfoP = DI;
  double Tol = Dbl ? 1e-9 : 2e-4;
  // R2C: loadR on the input, storeC on the output.
  {
    R *In;
    C *Out;
    cudaMalloc(&In, std::max(RealLen * sizeof(R), CLen * sizeof(C)));
    cudaMemcpy(In, H.data(), RealLen * sizeof(R), cudaMemcpyHostToDevice);
    if (InPlace)
      Out = (C *)In;
    else
      cudaMalloc(&Out, CLen * sizeof(C));
    cufftHandle P;
    CHECK_OK(cufftPlan2d(&P, N0, N1, Dbl ? CUFFT_D2Z : CUFFT_R2C));
    void *Ld = Dbl ? hostPtr(dLoadD) : hostPtr(dLoadR);
    void *St = Dbl ? hostPtr(dStoreZ) : hostPtr(dStoreC);
    CHECK_OK(cufftXtSetCallback(P, &Ld, Dbl ? CUFFT_CB_LD_REAL_DOUBLE : CUFFT_CB_LD_REAL, &InfoP));
    CHECK_OK(cufftXtSetCallback(P, &St, Dbl ? CUFFT_CB_ST_COMPLEX_DOUBLE : CUFFT_CB_ST_COMPLEX, &InfoP));
    if constexpr (Dbl)
      CHECK_OK(cufftExecD2Z(P, In, Out));
    else
      CHECK_OK(cufftExecR2C(P, In, Out));
    std::vector<C> Got(CLen);
    cudaMemcpy(Got.data(), Out, CLen * sizeof(C), cudaMemcpyDeviceToHost);
    std::vector<Cx> X((size_t)N0 * N1);
    for (int I = 0; I < N0; ++I)
      for (int J = 0; J < N1; ++J) {
        size_t Off = (size_t)I * RealRow + J;
        X[(size_t)I * N1 + J] = H[Off] * (double)HI.Scale + Off * 0.001;
      }
    std::vector<Cx> Y = dft(X, {N0, N1}, -1);
    bool Ok = true;
    for (int I = 0; I < N0; ++I)
      for (int J = 0; J < Nc; ++J) {
        size_t Off = (size_t)I * Nc + J;
        Ok &= near(Cx(Got[Off].x, Got[Off].y), storeRef(Y[(size_t)I * N1 + J], Off), Tol * 10);
      }
    if (!Ok)
      std::printf("  R2C dbl %d in-place %d\n", Dbl, InPlace);
    CHECK(Ok);
    cufftDestroy(P);
    cudaFree(In);
    if (!InPlace)
      cudaFree(Out);
  }
  // C2R: loadC/Z on a Hermitian input (the spectrum of H), storeR/D.
  {
    std::vector<Cx> X((size_t)N0 * N1);
    for (int I = 0; I < N0; ++I)
      for (int J = 0; J < N1; ++J)
        X[(size_t)I * N1 + J] = H[(size_t)I * RealRow + J];
    std::vector<Cx> Spec = dft(X, {N0, N1}, -1);
    std::vector<C> HS(CLen);
    for (int I = 0; I < N0; ++I)
      for (int J = 0; J < Nc; ++J) {
        Cx V = Spec[(size_t)I * N1 + J];
        HS[(size_t)I * Nc + J] = C{(R)V.real(), (R)V.imag()};
      }
    C *In;
    R *Out;
    cudaMalloc(&In, std::max(RealLen * sizeof(R), CLen * sizeof(C)));
    cudaMemcpy(In, HS.data(), CLen * sizeof(C), cudaMemcpyHostToDevice);
    if (InPlace)
      Out = (R *)In;
    else
      cudaMalloc(&Out, RealLen * sizeof(R));
    cufftHandle P;
    CHECK_OK(cufftPlan2d(&P, N0, N1, Dbl ? CUFFT_Z2D : CUFFT_C2R));
    // Scale 1, shift 0: the load adds only offset * 0.001 to the imaginary
    // parts, which keeps the input Hermitian only at... so use a scale-only
    // info: imaginary offsets are part of the reference below.
    Info CI{2.0f, 0.0f, 0};
    cudaMemcpy(DI, &CI, sizeof(Info), cudaMemcpyHostToDevice);
    void *Ld = Dbl ? hostPtr(dLoadZ) : hostPtr(dLoadC);
    void *St = Dbl ? hostPtr(dStoreD) : hostPtr(dStoreR);
    CHECK_OK(cufftXtSetCallback(P, &Ld, Dbl ? CUFFT_CB_LD_COMPLEX_DOUBLE : CUFFT_CB_LD_COMPLEX, &InfoP));
    CHECK_OK(cufftXtSetCallback(P, &St, Dbl ? CUFFT_CB_ST_REAL_DOUBLE : CUFFT_CB_ST_REAL, &InfoP));
    if constexpr (Dbl)
      CHECK_OK(cufftExecZ2D(P, In, Out));
    else
      CHECK_OK(cufftExecC2R(P, In, Out));
    std::vector<R> Got(RealLen);
    cudaMemcpy(Got.data(), Out, RealLen * sizeof(R), cudaMemcpyDeviceToHost);
    // The loaded spectrum is 2 Spec + i offset/1000 on the stored half; the
    // C2R result of it is compared through a C2R reference: build the full
    // spectrum from the half (Hermitian completion), inverse DFT, real part.
    std::vector<Cx> Full((size_t)N0 * N1);
    for (int I = 0; I < N0; ++I)
      for (int J = 0; J < N1; ++J) {
        bool Stored = J < Nc;
        int Ii = Stored ? I : (N0 - I) % N0, Jj = Stored ? J : N1 - J;
        size_t Off = (size_t)Ii * Nc + Jj;
        Cx V = loadRef(Cx(HS[Off].x, HS[Off].y), Off, CI);
        Full[(size_t)I * N1 + J] = Stored ? V : std::conj(V);
      }
    // FFTW's C2R ignores the imaginary parts the Hermitian symmetry fixes
    // (columns 0 and N1/2 are read from the stored half only): compare
    // against the stored values' Hermitian-consistent part where that
    // matters, i.e. average each (k, -k) pair on those columns.
    for (int J : {0, N1 / 2})
      for (int I = 0; I < N0; ++I) {
        int Im = (N0 - I) % N0;
        if (Im < I)
          continue;
        Cx A = Full[(size_t)I * N1 + J], B = Full[(size_t)Im * N1 + J];
        Cx Avg = 0.5 * (A + std::conj(B));
        Full[(size_t)I * N1 + J] = Avg;
        Full[(size_t)Im * N1 + J] = std::conj(Avg);
      }
    std::vector<Cx> Y = dft(Full, {N0, N1}, 1);
    bool Ok = true;
    for (int I = 0; I < N0; ++I)
      for (int J = 0; J < N1; ++J) {
        size_t Off = (size_t)I * RealRow + J;
        Ok &= near(Got[Off], 3 * Y[(size_t)I * N1 + J].real() - (double)Off, Tol * 50);
      }
    if (!Ok)
      std::printf("  C2R dbl %d in-place %d\n", Dbl, InPlace);
    CHECK(Ok);
    cufftDestroy(P);
    cudaFree(In);
    if (!InPlace)
      cudaFree(Out);
  }
  cudaFree(DI);
}

__global__ void fillKernel(cufftComplex *P, int N, float V) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    P[I] = cufftComplex{V, 0};
}

int main() {
  for (bool InPlace : {false, true})
    for (int Mask = 1; Mask < 4; ++Mask) {
      testC2C<cufftComplex, false>(InPlace, Mask & 1, Mask & 2);
      testC2C<cufftDoubleComplex, true>(InPlace, Mask & 1, Mask & 2);
    }
  for (bool InPlace : {false, true}) {
    testReal<float, cufftComplex, false>(InPlace);
    testReal<double, cufftDoubleComplex, true>(InPlace);
  }

  // Status codes.
  cufftHandle P;
  CHECK_OK(cufftCreate(&P));
  void *Ld = hostPtr(dLoadC);
  CHECK(cufftXtSetCallback(P, &Ld, CUFFT_CB_LD_COMPLEX, nullptr) == CUFFT_INVALID_PLAN); // no plan yet
  CHECK_OK(cufftMakePlan1d(P, 16, CUFFT_C2C, 1, nullptr));
  CHECK(cufftXtSetCallback(P, &Ld, CUFFT_CB_LD_REAL, nullptr) == CUFFT_INVALID_TYPE);
  CHECK(cufftXtSetCallback(P, &Ld, CUFFT_CB_ST_COMPLEX_DOUBLE, nullptr) == CUFFT_INVALID_TYPE);
  CHECK(cufftXtSetCallback(P, nullptr, CUFFT_CB_LD_COMPLEX, nullptr) == CUFFT_INVALID_VALUE);
  void *Null = nullptr;
  CHECK(cufftXtSetCallback(P, &Null, CUFFT_CB_LD_COMPLEX, nullptr) == CUFFT_INVALID_VALUE);
  CHECK(cufftXtClearCallback(P, CUFFT_CB_UNDEFINED) == CUFFT_INVALID_TYPE);
  CHECK(cufftXtSetCallbackSharedSize(P, CUFFT_CB_LD_COMPLEX, 1 << 20) == CUFFT_INVALID_VALUE);
  CHECK(cufftXtSetCallback(12345, &Ld, CUFFT_CB_LD_COMPLEX, nullptr) == CUFFT_INVALID_PLAN);
  CHECK_OK(cufftXtClearCallback(P, CUFFT_CB_LD_COMPLEX)); // none set: fine

  // Stream order: a kernel fills the input on a stream, the exec with a
  // load callback (enqueued behind it) reads what the kernel wrote.
  {
    const int N = 16;
    cudaStream_t S;
    cudaStreamCreate(&S);
    cufftComplex *D;
    cudaMalloc(&D, N * sizeof(cufftComplex));
    cudaMemset(D, 0, N * sizeof(cufftComplex));
    Info HI{1.0f, 0.0f, 0}, *DI;
    cudaMalloc(&DI, sizeof(Info));
    cudaMemcpy(DI, &HI, sizeof(Info), cudaMemcpyHostToDevice);
    void *InfoP = DI;
    CHECK_OK(cufftSetStream(P, S));
    CHECK_OK(cufftXtSetCallback(P, &Ld, CUFFT_CB_LD_COMPLEX, &InfoP));
    fillKernel<<<1, N, 0, S>>>(D, N, 1.0f);
    CHECK_OK(cufftExecC2C(P, D, D, CUFFT_FORWARD));
    cufftComplex R[N];
    cudaMemcpyAsync(R, D, sizeof(R), cudaMemcpyDeviceToHost, S);
    cudaStreamSynchronize(S);
    // Loaded: (1, off/1000): DC term = N + i sum(off)/1000.
    CHECK(std::fabs(R[0].x - N) < 1e-4 && std::fabs(R[0].y - 0.12f) < 1e-4);
    cudaStreamDestroy(S);
    cudaFree(D);
    cudaFree(DI);
  }
  cufftDestroy(P);
  return finish("fft_callbacks");
}

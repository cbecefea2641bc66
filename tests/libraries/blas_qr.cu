// cuBLAS batched QR and least squares for S/D/C/Z: geqrfBatched (tall and
// wide, padded lda; Q R rebuilt from the Householder vectors and tau must
// give A back) and gelsBatched (the solution satisfies the normal
// equations; a rank-deficient matrix gives devInfoArray = the zero
// diagonal of R); the host info and status codes for bad parameters and
// the unsupported cases (trans != N, m < n).
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcublas && %t | FileCheck %s
// CHECK: blas_qr: OK
#include "Inputs/blas_test.h"

template <class T> struct QR;
#define QR_API(T, P)                                                                     \
  template <> struct QR<T> {                                                             \
    static constexpr auto geqrf = cublas##P##geqrfBatched;                               \
    static constexpr auto gels = cublas##P##gelsBatched;                                 \
  };
QR_API(float, S)
QR_API(double, D)
QR_API(cuComplex, C)
QR_API(cuDoubleComplex, Z)

/// Device copies of Count matrices and a device array of their pointers.
template <class T> struct Batch {
  std::vector<Dev<T> *> Mats;
  Dev<T *> *Ptrs = nullptr;
  explicit Batch(const std::vector<std::vector<T>> &Hs) {
    std::vector<T *> P;
    for (auto &H : Hs) {
      Mats.push_back(new Dev<T>(H));
      P.push_back(Mats.back()->P);
    }
    Ptrs = new Dev<T *>(P);
  }
  ~Batch() {
    for (auto *M : Mats)
      delete M;
    delete Ptrs;
  }
  T *const *ptrs() const { return Ptrs->P; }
};

template <class T> void testGeqrf(cublasHandle_t H, int M, int N) {
  const int Lda = M + 2, Count = 3, K = std::min(M, N);
  std::vector<std::vector<T>> As, Taus;
  for (int I = 0; I < Count; ++I) {
    As.push_back(rndVec<T>((size_t)Lda * N));
    Taus.push_back(std::vector<T>(K));
  }
  Batch<T> DA(As), DTau(Taus);
  int Info = 99;
  CHECK_OK(QR<T>::geqrf(H, M, N, DA.ptrs(), Lda, DTau.ptrs(), &Info, Count));
  CHECK(Info == 0);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int B = 0; B < Count; ++B) {
    std::vector<T> F = DA.Mats[B]->get(), Tau = DTau.Mats[B]->get();
    // X = R (upper triangle), then X = H_i X for i = k-1 .. 0, where
    // H_i = I - tau_i v v^H, v = (0.., 1, A(i+1:m, i)).
    std::vector<Cx> X((size_t)M * N, 0.0);
    for (int J = 0; J < N; ++J)
      for (int I = 0; I <= std::min(J, M - 1); ++I)
        X[I + (size_t)J * M] = toC(F[I + (size_t)J * Lda]);
    for (int I = K - 1; I >= 0; --I) {
      std::vector<Cx> V(M, 0.0);
      V[I] = 1;
      for (int R = I + 1; R < M; ++R)
        V[R] = toC(F[R + (size_t)I * Lda]);
      for (int J = 0; J < N; ++J) {
        Cx Dot = 0;
        for (int R = 0; R < M; ++R)
          Dot += std::conj(V[R]) * X[R + (size_t)J * M];
        for (int R = 0; R < M; ++R)
          X[R + (size_t)J * M] -= toC(Tau[I]) * V[R] * Dot;
      }
    }
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < M; ++I)
        CHECK(near(X[I + (size_t)J * M], toC(As[B][I + (size_t)J * Lda]), tol<T>(), M),
              "geqrf %dx%d batch %d (%d, %d)", M, N, B, I, J);
    // Rows below lda's m are untouched.
    for (int J = 0; J < N; ++J)
      for (int I = M; I < Lda; ++I)
        CHECK(toC(F[I + (size_t)J * Lda]) == toC(As[B][I + (size_t)J * Lda]));
  }
}

template <class T> void testGels(cublasHandle_t H) {
  const int M = 10, N = 6, Nrhs = 3, Lda = 12, Ldc = 13, Count = 3;
  std::vector<std::vector<T>> As, Cs;
  for (int I = 0; I < Count; ++I) {
    As.push_back(rndVec<T>((size_t)Lda * N));
    Cs.push_back(rndVec<T>((size_t)Ldc * Nrhs));
  }
  // Batch 1 is rank deficient: column 2 is zero, so R(3, 3) = 0.
  for (int I = 0; I < M; ++I)
    As[1][I + 2 * Lda] = fromC<T>(0.0);
  Batch<T> DA(As), DC(Cs);
  Dev<int> DInfo(std::vector<int>(Count, -7));
  int Info = 99;
  CHECK_OK(QR<T>::gels(H, CUBLAS_OP_N, M, N, Nrhs, DA.ptrs(), Lda, DC.ptrs(), Ldc, &Info, DInfo, Count));
  CHECK(Info == 0);
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<int> DevInfo = DInfo.get();
  CHECK(DevInfo[0] == 0 && DevInfo[2] == 0 && DevInfo[1] == 3, "devInfo %d %d %d", DevInfo[0],
        DevInfo[1], DevInfo[2]);
  for (int B : {0, 2}) {
    std::vector<T> Xs = DC.Mats[B]->get();
    // Normal equations: A^H (A x - c) = 0 for each right-hand side.
    for (int Rh = 0; Rh < Nrhs; ++Rh) {
      std::vector<Cx> Res(M);
      for (int I = 0; I < M; ++I) {
        Cx S = 0;
        for (int J = 0; J < N; ++J)
          S += toC(As[B][I + (size_t)J * Lda]) * toC(Xs[J + (size_t)Rh * Ldc]);
        Res[I] = S - toC(Cs[B][I + (size_t)Rh * Ldc]);
      }
      for (int J = 0; J < N; ++J) {
        Cx S = 0;
        for (int I = 0; I < M; ++I)
          S += std::conj(toC(As[B][I + (size_t)J * Lda])) * Res[I];
        CHECK(near(S, 0.0, tol<T>(), 10.0 * M), "gels batch %d rhs %d col %d: (%g, %g)", B, Rh, J,
              S.real(), S.imag());
      }
    }
  }
}

template <class T> void testArgs(cublasHandle_t H) {
  const cublasStatus_t Inv = CUBLAS_STATUS_INVALID_VALUE, Ns = CUBLAS_STATUS_NOT_SUPPORTED;
  std::vector<std::vector<T>> One{rndVec<T>(64)};
  Batch<T> DA(One), DB(One);
  Dev<int> DInfo(1);
  auto *A = DA.ptrs(), *B = DB.ptrs();
  int Info = 99;
  CHECK(QR<T>::geqrf(nullptr, 4, 4, A, 4, B, &Info, 1) == CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK(QR<T>::geqrf(H, -1, 4, A, 4, B, &Info, 1) == Inv && Info == -2);
  CHECK(QR<T>::geqrf(H, 4, -1, A, 4, B, &Info, 1) == Inv && Info == -3);
  CHECK(QR<T>::geqrf(H, 4, 4, A, 3, B, &Info, 1) == Inv && Info == -5);
  CHECK(QR<T>::geqrf(H, 4, 4, A, 4, B, &Info, -1) == Inv && Info == -8);
  CHECK(QR<T>::geqrf(H, 4, 4, A, 4, B, nullptr, 1) == Inv);
  CHECK(QR<T>::geqrf(H, 4, 4, nullptr, 4, B, &Info, 1) == Inv);
  CHECK(QR<T>::geqrf(H, 4, 4, A, 4, B, &Info, 0) == CUBLAS_STATUS_SUCCESS && Info == 0);
  CHECK(QR<T>::gels(H, CUBLAS_OP_N, 4, 4, -1, A, 4, B, 4, &Info, DInfo, 1) == Inv && Info == -5);
  CHECK(QR<T>::gels(H, CUBLAS_OP_N, 4, 2, 1, A, 3, B, 4, &Info, DInfo, 1) == Inv && Info == -7);
  CHECK(QR<T>::gels(H, CUBLAS_OP_N, 4, 2, 1, A, 4, B, 3, &Info, DInfo, 1) == Inv && Info == -9);
  CHECK(QR<T>::gels(H, CUBLAS_OP_N, 4, 2, 1, A, 4, B, 4, &Info, DInfo, -1) == Inv && Info == -12);
  CHECK(QR<T>::gels(H, CUBLAS_OP_CONJG, 4, 2, 1, A, 4, B, 4, &Info, DInfo, 1) == Inv && Info == -2);
  CHECK(QR<T>::gels(H, CUBLAS_OP_N, 4, 2, 1, A, 4, B, 4, &Info, nullptr, 1) == Inv);
  CHECK(QR<T>::gels(H, CUBLAS_OP_T, 4, 2, 1, A, 4, B, 4, &Info, DInfo, 1) == Ns);
  CHECK(QR<T>::gels(H, CUBLAS_OP_N, 2, 4, 1, A, 2, B, 4, &Info, DInfo, 1) == Ns);
  CHECK_CUDA(cudaDeviceSynchronize());
}

template <class T> void testType(cublasHandle_t H) {
  testGeqrf<T>(H, 9, 6);
  testGeqrf<T>(H, 5, 8);
  testGels<T>(H);
  testArgs<T>(H);
}

int main() {
  cublasHandle_t H;
  CHECK_OK(cublasCreate(&H));
  testType<float>(H);
  testType<double>(H);
  testType<cuComplex>(H);
  testType<cuDoubleComplex>(H);
  CHECK_OK(cublasDestroy(H));
  return finish("blas_qr");
}

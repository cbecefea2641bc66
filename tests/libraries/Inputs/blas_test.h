// blas_test.h - shared pieces of the cuBLAS tests: checks, complex
// conversions to a std::complex<double> reference, device buffers, and the
// S/D/C/Z entry points of each call family as one template.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_TESTS_BLAS_TEST_H
#define LOOM_TESTS_BLAS_TEST_H

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include "check.h"

#define CHECK_OK(Expr) CHECK((Expr) == CUBLAS_STATUS_SUCCESS)
#define CHECK_CUDA(Expr) CHECK((Expr) == cudaSuccess)

using Cx = std::complex<double>;

inline Cx toC(float V) { return Cx(V, 0); }
inline Cx toC(double V) { return Cx(V, 0); }
inline Cx toC(cuComplex V) { return Cx(V.x, V.y); }
inline Cx toC(cuDoubleComplex V) { return Cx(V.x, V.y); }
template <class T> T fromC(Cx V);
template <> inline float fromC<float>(Cx V) { return (float)V.real(); }
template <> inline double fromC<double>(Cx V) { return V.real(); }
template <> inline cuComplex fromC<cuComplex>(Cx V) {
  return make_cuComplex((float)V.real(), (float)V.imag());
}
template <> inline cuDoubleComplex fromC<cuDoubleComplex>(Cx V) {
  return make_cuDoubleComplex(V.real(), V.imag());
}

template <class T> constexpr bool isCplx() {
  return std::is_same<T, cuComplex>::value || std::is_same<T, cuDoubleComplex>::value;
}
template <class T> constexpr double tol() {
  return (std::is_same<T, float>::value || std::is_same<T, cuComplex>::value) ? 2e-4 : 1e-10;
}

static unsigned Seed = 12345;
inline double rnd() {
  Seed = Seed * 1103515245u + 12345u;
  return ((Seed >> 8) & 0xffff) / 32768.0 - 1.0; // [-1, 1)
}
template <class T> T rndT() { return fromC<T>(isCplx<T>() ? Cx(rnd(), rnd()) : Cx(rnd(), 0)); }
template <class T> std::vector<T> rndVec(size_t N) {
  std::vector<T> V(N);
  for (auto &X : V)
    X = rndT<T>();
  return V;
}

/// |a - b| <= tol * (1 + |b|), relative to the size of the reference.
inline bool near(Cx A, Cx B, double Tol, double Scale = 1.0) {
  return std::abs(A - B) <= Tol * (Scale + std::abs(B));
}
template <class T> bool nearVec(const std::vector<T> &Got, const std::vector<Cx> &Want, double Scale = 1.0) {
  for (size_t I = 0; I < Want.size(); ++I)
    if (!near(toC(Got[I]), Want[I], tol<T>(), Scale)) {
      std::printf("  element %zu: got (%g,%g) want (%g,%g)\n", I, toC(Got[I]).real(),
                  toC(Got[I]).imag(), Want[I].real(), Want[I].imag());
      return false;
    }
  return true;
}
template <class T> std::vector<Cx> toCVec(const std::vector<T> &V) {
  std::vector<Cx> R(V.size());
  for (size_t I = 0; I < V.size(); ++I)
    R[I] = toC(V[I]);
  return R;
}

/// A device copy of a host vector.
template <class T> struct Dev {
  T *P = nullptr;
  size_t N;
  explicit Dev(const std::vector<T> &H) : N(H.size()) {
    cudaMalloc(&P, sizeof(T) * (N ? N : 1));
    cudaMemcpy(P, H.data(), sizeof(T) * N, cudaMemcpyHostToDevice);
  }
  explicit Dev(size_t N) : N(N) { cudaMalloc(&P, sizeof(T) * (N ? N : 1)); }
  ~Dev() { cudaFree(P); }
  std::vector<T> get() const {
    std::vector<T> H(N);
    cudaMemcpy(H.data(), P, sizeof(T) * N, cudaMemcpyDeviceToHost);
    return H;
  }
  operator T *() const { return P; }
};

/// op(A)(i, j) of a column-major A with leading dimension Ld.
template <class T> Cx opAt(const std::vector<T> &A, int Ld, cublasOperation_t Op, int I, int J) {
  if (Op == CUBLAS_OP_N)
    return toC(A[I + (size_t)J * Ld]);
  Cx V = toC(A[J + (size_t)I * Ld]);
  return Op == CUBLAS_OP_C ? std::conj(V) : V;
}

/// Element (i, j) of a symmetric (Herm: Hermitian) matrix stored in one triangle.
template <class T>
Cx symAt(const std::vector<T> &A, int Ld, cublasFillMode_t Uplo, int I, int J, bool Herm) {
  bool Stored = Uplo == CUBLAS_FILL_MODE_LOWER ? I >= J : I <= J;
  if (Stored) {
    Cx V = toC(A[I + (size_t)J * Ld]);
    return Herm && I == J ? Cx(V.real(), 0) : V;
  }
  Cx V = toC(A[J + (size_t)I * Ld]);
  return Herm ? std::conj(V) : V;
}

/// Element (i, j) of op(A) for a triangular A (Unit: implicit unit diagonal).
template <class T>
Cx triAt(const std::vector<T> &A, int Ld, cublasFillMode_t Uplo, cublasOperation_t Op,
         cublasDiagType_t Diag, int I, int J) {
  int R = Op == CUBLAS_OP_N ? I : J, C = Op == CUBLAS_OP_N ? J : I;
  if (R == C && Diag == CUBLAS_DIAG_UNIT)
    return 1.0;
  bool In = Uplo == CUBLAS_FILL_MODE_LOWER ? R >= C : R <= C;
  if (!In)
    return 0.0;
  Cx V = toC(A[R + (size_t)C * Ld]);
  return Op == CUBLAS_OP_C ? std::conj(V) : V;
}

/// A well-conditioned triangular matrix for the solvers: diagonal n + 1,
/// off-diagonal entries below 1/n (also with an implicit unit diagonal).
template <class T> std::vector<T> triMatrix(int N, int Ld) {
  std::vector<T> A = rndVec<T>((size_t)Ld * N);
  for (auto &V : A)
    V = fromC<T>(toC(V) / (double)N);
  for (int I = 0; I < N; ++I)
    A[I + (size_t)I * Ld] = fromC<T>(Cx(N + 1.0, 0.5));
  return A;
}

#endif // LOOM_TESTS_BLAS_TEST_H

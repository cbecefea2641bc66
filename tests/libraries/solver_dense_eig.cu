// cuSOLVER dense eigen/SVD, batched and generalized routines against CPU
// contracts, for S/D/C/Z: syevj/heevj (A V = V W, V^H V = I, W ascending,
// both triangles with garbage in the other, values only; the info object's
// residual equals ||A V - V W||_F and 0 sweeps), syevjBatched (each matrix,
// its own info; residual/sweeps NOT_SUPPORTED after it), gesvdj (full and
// economy, m > n and m < n: A V = U S, U and V orthonormal, S descending),
// gesvdjBatched, gesvdaStridedBatched (the rank leading triplets with
// padded strides, A untouched, h_R_nrmF = the dropped values' norm),
// potrfBatched (L L^H per matrix, one matrix not positive
// definite: its own infoArray entry, the others factored), potrsBatched
// (residuals; nrhs 2 refused), sygvd/hegvd for itype 1/2/3 (the
// generalized residual and V^H B V = I, or V^H B^-1 V = I for itype 3; B
// not positive definite: n + k), sygvj/hegvj (the same contracts, the
// reported generalized residual, B not positive definite: k), syevdx/heevdx with range all/I/V (meig,
// the selected W against the full spectrum, their vectors; the 64-bit
// Xsyevdx too), sygvdx/hegvdx
// range I and V. The mixed-precision gesv (DD, DS, SS, ZZ, ZC, CC):
// residuals, iter >= 0 and A untouched when the low precision converged, a
// singular matrix (info, iter < 0), a Hilbert matrix that single precision
// cannot refine (fallback, iter < 0, a double-accurate X), a value that
// overflows single (-2). Bad arguments (status and -i in devInfo/infoArray[0]), a
// null handle, the info objects' setters. Stream order behind a kernel that
// waits for the host, and syevj captured into a graph.
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcusolver && %t | FileCheck %s
// CHECK: solver_dense_eig: OK
#include <cusolverDn.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

#include "Inputs/check.h"

#define CHECK_OK(Expr) CHECK((Expr) == CUSOLVER_STATUS_SUCCESS)
#define CHECK_CUDA(Expr) CHECK((Expr) == cudaSuccess)

using cf = std::complex<float>;
using cd = std::complex<double>;
using Cx = std::complex<double>;

template <class T> struct RealOf { using type = T; };
template <class R> struct RealOf<std::complex<R>> { using type = R; };
template <class T> using Re = typename RealOf<T>::type;
template <class T> constexpr bool IsCx = !std::is_same<T, Re<T>>::value;

// ---- The typed families behind one name ----

template <class T> struct Dn;
#define DN(PFX, T, CT, R, EV, GV)                                                          \
  template <> struct Dn<T> {                                                             \
    static CT *c(T *P) { return reinterpret_cast<CT *>(P); }                             \
    static cusolverStatus_t evj(cusolverDnHandle_t h, cusolverEigMode_t j, cublasFillMode_t u, \
                                int n, T *A, int lda, R *W, int *info, syevjInfo_t p) {  \
      int lw = -1;                                                                       \
      cusolverStatus_t S = cusolverDn##PFX##EV##j_bufferSize(h, j, u, n, c(A), lda, W, &lw, p); \
      if (S != CUSOLVER_STATUS_SUCCESS)                                                  \
        lw = 1;                                                                          \
      std::vector<T> Wk(size_t(std::max(lw, 1)));                                        \
      return cusolverDn##PFX##EV##j(h, j, u, n, c(A), lda, W, c(Wk.data()), lw, info, p);  \
    }                                                                                    \
    static cusolverStatus_t evjB(cusolverDnHandle_t h, cusolverEigMode_t j,              \
                                 cublasFillMode_t u, int n, T *A, int lda, R *W, int *info, \
                                 syevjInfo_t p, int b) {                                 \
      int lw = 1;                                                                        \
      cusolverDn##PFX##EV##jBatched_bufferSize(h, j, u, n, c(A), lda, W, &lw, p, b);        \
      std::vector<T> Wk(size_t(std::max(lw, 1)));                                        \
      return cusolverDn##PFX##EV##jBatched(h, j, u, n, c(A), lda, W, c(Wk.data()), lw, info, p, b); \
    }                                                                                    \
    static cusolverStatus_t svdj(cusolverDnHandle_t h, cusolverEigMode_t j, int e, int m, \
                                 int n, T *A, int lda, R *S, T *U, int ldu, T *V, int ldv, \
                                 int *info, gesvdjInfo_t p) {                            \
      int lw = 1;                                                                        \
      cusolverDn##PFX##gesvdj_bufferSize(h, j, e, m, n, c(A), lda, S, c(U), ldu, c(V), ldv, &lw, p); \
      std::vector<T> Wk(size_t(std::max(lw, 1)));                                        \
      return cusolverDn##PFX##gesvdj(h, j, e, m, n, c(A), lda, S, c(U), ldu, c(V), ldv,    \
                                   c(Wk.data()), lw, info, p);                           \
    }                                                                                    \
    static cusolverStatus_t svdjB(cusolverDnHandle_t h, cusolverEigMode_t j, int m, int n, \
                                  T *A, int lda, R *S, T *U, int ldu, T *V, int ldv,     \
                                  int *info, gesvdjInfo_t p, int b) {                    \
      int lw = 1;                                                                        \
      cusolverDn##PFX##gesvdjBatched_bufferSize(h, j, m, n, c(A), lda, S, c(U), ldu, c(V), ldv, \
                                              &lw, p, b);                                \
      std::vector<T> Wk(size_t(std::max(lw, 1)));                                        \
      return cusolverDn##PFX##gesvdjBatched(h, j, m, n, c(A), lda, S, c(U), ldu, c(V), ldv, \
                                          c(Wk.data()), lw, info, p, b);                 \
    }                                                                                    \
    static cusolverStatus_t svda(cusolverDnHandle_t h, cusolverEigMode_t j, int r, int m, int n, \
                                 const T *A, int lda, long long sA, R *S, long long sS, T *U,  \
                                 int ldu, long long sU, T *V, int ldv, long long sV, int *info, \
                                 double *nrm, int b) {                                    \
      int lw = 1;                                                                        \
      cusolverDn##PFX##gesvdaStridedBatched_bufferSize(h, j, r, m, n, reinterpret_cast<const CT *>(A), \
                                                       lda, sA, S, sS, c(U), ldu, sU, c(V), ldv, sV, &lw, b); \
      std::vector<T> Wk(size_t(std::max(lw, 1)));                                        \
      return cusolverDn##PFX##gesvdaStridedBatched(h, j, r, m, n, reinterpret_cast<const CT *>(A), lda, \
                                                   sA, S, sS, c(U), ldu, sU, c(V), ldv, sV, \
                                                   c(Wk.data()), lw, info, nrm, b);      \
    }                                                                                    \
    static cusolverStatus_t potrfB(cusolverDnHandle_t h, cublasFillMode_t u, int n, T **A, \
                                   int lda, int *info, int b) {                          \
      return cusolverDn##PFX##potrfBatched(h, u, n, reinterpret_cast<CT **>(A), lda, info, b); \
    }                                                                                    \
    static cusolverStatus_t potrsB(cusolverDnHandle_t h, cublasFillMode_t u, int n, int r, \
                                   T **A, int lda, T **B, int ldb, int *info, int b) {   \
      return cusolverDn##PFX##potrsBatched(h, u, n, r, reinterpret_cast<CT **>(A), lda,    \
                                         reinterpret_cast<CT **>(B), ldb, info, b);      \
    }                                                                                    \
    static cusolverStatus_t gvd(cusolverDnHandle_t h, cusolverEigType_t it,              \
                                cusolverEigMode_t j, cublasFillMode_t u, int n, T *A, int lda, \
                                T *B, int ldb, R *W, int *info) {                        \
      int lw = 1;                                                                        \
      cusolverDn##PFX##GV##d_bufferSize(h, it, j, u, n, c(A), lda, c(B), ldb, W, &lw);      \
      std::vector<T> Wk(size_t(std::max(lw, 1)));                                        \
      return cusolverDn##PFX##GV##d(h, it, j, u, n, c(A), lda, c(B), ldb, W, c(Wk.data()), lw, \
                                  info);                                                 \
    }                                                                                    \
    static cusolverStatus_t gvj(cusolverDnHandle_t h, cusolverEigType_t it, cusolverEigMode_t j, \
                                cublasFillMode_t u, int n, T *A, int lda, T *B, int ldb, R *W, \
                                int *info, syevjInfo_t p) {                              \
      int lw = 1;                                                                        \
      cusolverDn##PFX##GV##j_bufferSize(h, it, j, u, n, c(A), lda, c(B), ldb, W, &lw, p); \
      std::vector<T> Wk(size_t(std::max(lw, 1)));                                        \
      return cusolverDn##PFX##GV##j(h, it, j, u, n, c(A), lda, c(B), ldb, W, c(Wk.data()), lw, \
                                    info, p);                                            \
    }                                                                                    \
    static cusolverStatus_t evdx(cusolverDnHandle_t h, cusolverEigMode_t j,              \
                                 cusolverEigRange_t r, cublasFillMode_t u, int n, T *A,  \
                                 int lda, R vl, R vu, int il, int iu, int *meig, R *W,   \
                                 int *info) {                                            \
      int lw = 1, m0 = 0;                                                                \
      cusolverDn##PFX##EV##dx_bufferSize(h, j, r, u, n, c(A), lda, vl, vu, il, iu, &m0, W, &lw); \
      std::vector<T> Wk(size_t(std::max(lw, 1)));                                        \
      return cusolverDn##PFX##EV##dx(h, j, r, u, n, c(A), lda, vl, vu, il, iu, meig, W,    \
                                   c(Wk.data()), lw, info);                              \
    }                                                                                    \
    static cusolverStatus_t gvdx(cusolverDnHandle_t h, cusolverEigType_t it,             \
                                 cusolverEigMode_t j, cusolverEigRange_t r,              \
                                 cublasFillMode_t u, int n, T *A, int lda, T *B, int ldb, \
                                 R vl, R vu, int il, int iu, int *meig, R *W, int *info) { \
      int lw = 1, m0 = 0;                                                                \
      cusolverDn##PFX##GV##dx_bufferSize(h, it, j, r, u, n, c(A), lda, c(B), ldb, vl, vu, il, \
                                       iu, &m0, W, &lw);                                 \
      std::vector<T> Wk(size_t(std::max(lw, 1)));                                        \
      return cusolverDn##PFX##GV##dx(h, it, j, r, u, n, c(A), lda, c(B), ldb, vl, vu, il,  \
                                   iu, meig, W, c(Wk.data()), lw, info);                 \
    }                                                                                    \
  };
DN(S, float, float, float, syev, sygv)
DN(D, double, double, double, syev, sygv)
DN(C, cf, cuComplex, float, heev, hegv)
DN(Z, cd, cuDoubleComplex, double, heev, hegv)
#undef DN

// ---- Host references in complex double ----

using M = std::vector<Cx>; // column-major

static unsigned Seed = 12345;
static double uni() {
  Seed = Seed * 1664525u + 1013904223u;
  return double(Seed >> 8) / double(1u << 24) * 2 - 1;
}
template <class T> T rnd() {
  if constexpr (IsCx<T>)
    return T(Re<T>(uni()), Re<T>(uni()));
  else
    return T(uni());
}
template <class T> Cx cx(T V) { return Cx(double(std::real(V)), double(std::imag(V))); }
template <class T> T fromC(Cx V) {
  if constexpr (IsCx<T>)
    return T(Re<T>(V.real()), Re<T>(V.imag()));
  else
    return T(V.real());
}

/// m x n from a column-major array with leading dimension ld.
template <class T> M toM(const T *A, int Mr, int N, int Ld) {
  M R(size_t(Mr) * N);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < Mr; ++I)
      R[size_t(J) * Mr + I] = cx(A[size_t(J) * Ld + I]);
  return R;
}
static M mul(const M &A, int Mr, int K, const M &B, int N) {
  M C(size_t(Mr) * N);
  for (int J = 0; J < N; ++J)
    for (int L = 0; L < K; ++L) {
      Cx b = B[size_t(J) * K + L];
      for (int I = 0; I < Mr; ++I)
        C[size_t(J) * Mr + I] += A[size_t(L) * Mr + I] * b;
    }
  return C;
}
static M adj(const M &A, int Mr, int N) {
  M R(size_t(N) * Mr);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < Mr; ++I)
      R[size_t(I) * N + J] = std::conj(A[size_t(J) * Mr + I]);
  return R;
}
static double fro(const M &A) {
  double S = 0;
  for (Cx V : A)
    S += std::norm(V);
  return std::sqrt(S);
}
static M eye(int N) {
  M I(size_t(N) * N);
  for (int K = 0; K < N; ++K)
    I[size_t(K) * N + K] = 1;
  return I;
}
static double diff(const M &A, const M &B) {
  double S = 0;
  for (size_t K = 0; K < A.size(); ++K)
    S += std::norm(A[K] - B[K]);
  return std::sqrt(S);
}
/// A diag(W) (columns scaled).
template <class R> M scaleCols(M A, int Mr, int N, const R *W) {
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < Mr; ++I)
      A[size_t(J) * Mr + I] *= double(W[J]);
  return A;
}
/// The inverse of an SPD matrix (Gauss-Jordan, no pivoting needed).
static M inverseSpd(M A, int N) {
  M I = eye(N);
  for (int K = 0; K < N; ++K) {
    Cx P = A[size_t(K) * N + K];
    for (int J = 0; J < N; ++J) {
      A[size_t(J) * N + K] /= P;
      I[size_t(J) * N + K] /= P;
    }
    for (int R = 0; R < N; ++R)
      if (R != K) {
        Cx F = A[size_t(K) * N + R];
        for (int J = 0; J < N; ++J) {
          A[size_t(J) * N + R] -= F * A[size_t(J) * N + K];
          I[size_t(J) * N + R] -= F * I[size_t(J) * N + K];
        }
      }
  }
  return I;
}

template <class T> cudaDataType dtOf() {
  return std::is_same<T, float>::value    ? CUDA_R_32F
         : std::is_same<T, double>::value ? CUDA_R_64F
         : std::is_same<T, cf>::value     ? CUDA_C_32F
                                          : CUDA_C_64F;
}
template <class T> double tolOf() { return std::is_same<Re<T>, float>::value ? 2e-4 : 1e-11; }

/// A random Hermitian n x n matrix in a padded array, diagonal shifted by
/// \p Shift; the triangle not named by \p Lower holds garbage.
template <class T>
std::vector<T> hermitian(int N, int Ld, bool Lower, double Shift, M *Full) {
  std::vector<T> A(size_t(Ld) * N, T(777));
  M F(size_t(N) * N);
  for (int J = 0; J < N; ++J)
    for (int I = J; I < N; ++I) {
      T V = rnd<T>();
      if (I == J)
        V = T(Re<T>(std::real(V) + Shift));
      F[size_t(J) * N + I] = cx(V);
      F[size_t(I) * N + J] = std::conj(cx(V));
      if (Lower)
        A[size_t(J) * Ld + I] = V;
      else
        A[size_t(I) * Ld + J] = fromC<T>(std::conj(cx(V)));
    }
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < N; ++I)
      if (Lower ? I < J : I > J)
        A[size_t(J) * Ld + I] = T(Re<T>(-99));
  if (Full)
    *Full = F;
  return A;
}

template <class T> T *dev(const std::vector<T> &H) {
  T *D = nullptr;
  cudaMallocManaged(&D, sizeof(T) * std::max<size_t>(H.size(), 1));
  std::copy(H.begin(), H.end(), D);
  return D;
}
static int *devInts(int N, int V) {
  int *D = nullptr;
  cudaMallocManaged(&D, sizeof(int) * std::max(N, 1));
  for (int K = 0; K < N; ++K)
    D[K] = V;
  return D;
}

// ---- syevj / syevjBatched ----

template <class T> void testSyevj(cusolverDnHandle_t H) {
  using D = Dn<T>;
  using R = Re<T>;
  const double Tol = tolOf<T>();
  syevjInfo_t P;
  CHECK_OK(cusolverDnCreateSyevjInfo(&P));
  CHECK_OK(cusolverDnXsyevjSetTolerance(P, 1e-7));
  CHECK_OK(cusolverDnXsyevjSetMaxSweeps(P, 15));
  CHECK_OK(cusolverDnXsyevjSetSortEig(P, 0));
  for (int Lower = 0; Lower < 2; ++Lower) {
    const int N = 19, Ld = 21;
    M F;
    std::vector<T> Ah = hermitian<T>(N, Ld, Lower, 0, &F);
    T *A = dev(Ah);
    R *W = dev(std::vector<R>(N));
    int *Info = devInts(1, 99);
    auto U = Lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    CHECK_OK(D::evj(H, CUSOLVER_EIG_MODE_VECTOR, U, N, A, Ld, W, Info, P));
    cudaDeviceSynchronize();
    CHECK(*Info == 0);
    M V = toM(A, N, N, Ld);
    const double Res = diff(mul(F, N, N, V, N), scaleCols(V, N, N, W));
    CHECK(Res <= Tol * fro(F) * N, "syevj residual %g", Res);
    CHECK(diff(mul(adj(V, N, N), N, N, V, N), eye(N)) <= Tol * N, "syevj V not orthonormal");
    for (int K = 1; K < N; ++K)
      CHECK(W[K - 1] <= W[K], "syevj W not ascending");
    double Got = -1;
    int Sweeps = -1;
    CHECK_OK(cusolverDnXsyevjGetResidual(H, P, &Got));
    CHECK_OK(cusolverDnXsyevjGetSweeps(H, P, &Sweeps));
    CHECK(Sweeps == 0);
    CHECK(Got > 0, "no residual reported");
    CHECK(std::abs(Got - Res) <= Tol * fro(F) * N, "reported residual %g, measured %g", Got, Res);
    // Values only: the same W.
    T *A2 = dev(Ah);
    R *W2 = dev(std::vector<R>(N));
    CHECK_OK(D::evj(H, CUSOLVER_EIG_MODE_NOVECTOR, U, N, A2, Ld, W2, Info, P));
    cudaDeviceSynchronize();
    for (int K = 0; K < N; ++K)
      CHECK(std::abs(W2[K] - W[K]) <= Tol * fro(F));
    // The padding stays.
    CHECK(A[size_t(N)] == T(777) || Ld == N);
    cudaFree(A);
    cudaFree(A2);
    cudaFree(W);
    cudaFree(W2);
    cudaFree(Info);
  }

  // Batched: 3 matrices of 6, each with its own info.
  {
    const int N = 6, Ld = 7, B = 3;
    std::vector<T> All;
    std::vector<M> Fs(B);
    for (int K = 0; K < B; ++K) {
      std::vector<T> A1 = hermitian<T>(N, Ld, true, K, &Fs[K]);
      All.insert(All.end(), A1.begin(), A1.end());
    }
    T *A = dev(All);
    R *W = dev(std::vector<R>(size_t(N) * B));
    int *Info = devInts(B, 99);
    CHECK_OK(D::evjB(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, N, A, Ld, W, Info, P, B));
    cudaDeviceSynchronize();
    for (int K = 0; K < B; ++K) {
      CHECK(Info[K] == 0);
      M V = toM(A + size_t(K) * Ld * N, N, N, Ld);
      const R *Wk = W + size_t(K) * N;
      CHECK(diff(mul(Fs[K], N, N, V, N), scaleCols(V, N, N, Wk)) <= Tol * fro(Fs[K]) * N,
            "syevjBatched matrix %d", K);
      CHECK(diff(mul(adj(V, N, N), N, N, V, N), eye(N)) <= Tol * N);
    }
    double Res;
    int Sw;
    CHECK(cusolverDnXsyevjGetResidual(H, P, &Res) == CUSOLVER_STATUS_NOT_SUPPORTED);
    CHECK(cusolverDnXsyevjGetSweeps(H, P, &Sw) == CUSOLVER_STATUS_NOT_SUPPORTED);
    // n > 32: refused, -3 in info[0].
    CHECK(D::evjB(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, 33, A, 33, W, Info, P, 1) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(Info[0] == -3);
    cudaFree(A);
    cudaFree(W);
    cudaFree(Info);
  }
  // Bad arguments.
  {
    T *A = dev(std::vector<T>(16));
    R *W = dev(std::vector<R>(4));
    int *Info = devInts(1, 99);
    CHECK(D::evj(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, 4, A, 3, W, Info, P) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(*Info == -5);
    CHECK(D::evj(H, cusolverEigMode_t(7), CUBLAS_FILL_MODE_LOWER, 4, A, 4, W, Info, P) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(*Info == -1);
    CHECK(D::evj(nullptr, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, 4, A, 4, W, Info, P) ==
          CUSOLVER_STATUS_NOT_INITIALIZED);
    cudaFree(A);
    cudaFree(W);
    cudaFree(Info);
  }
  CHECK_OK(cusolverDnDestroySyevjInfo(P));
}

// ---- gesvdj / gesvdjBatched ----

template <class T>
void checkSvd(const M &A0, int Mr, int N, const T *U, int Ldu, int Ku, const Re<T> *S,
              const T *V, int Ldv, int Kv, const char *What) {
  const double Tol = tolOf<T>();
  const int P = std::min(std::min(Mr, N), std::min(Ku, Kv)); // the pairs returned
  M Um = toM(U, Mr, Ku, Ldu), Vm = toM(V, N, Kv, Ldv);
  // A V = U S over the min(m,n) leading pairs.
  M AV = mul(A0, Mr, N, Vm, Kv);
  double Res = 0;
  for (int J = 0; J < P; ++J)
    for (int I = 0; I < Mr; ++I)
      Res += std::norm(AV[size_t(J) * Mr + I] - Um[size_t(J) * Mr + I] * double(S[J]));
  CHECK(std::sqrt(Res) <= Tol * fro(A0) * (Mr + N), "%s: A V != U S (%g)", What, std::sqrt(Res));
  CHECK(diff(mul(adj(Um, Mr, Ku), Ku, Mr, Um, Ku), eye(Ku)) <= Tol * Mr, "%s: U", What);
  CHECK(diff(mul(adj(Vm, N, Kv), Kv, N, Vm, Kv), eye(Kv)) <= Tol * N, "%s: V", What);
  for (int J = 0; J < P; ++J)
    CHECK(S[J] >= 0 && (J == 0 || S[J - 1] >= S[J]), "%s: S order", What);
}

template <class T> void testGesvdj(cusolverDnHandle_t H) {
  using D = Dn<T>;
  using R = Re<T>;
  const double Tol = tolOf<T>();
  gesvdjInfo_t P;
  CHECK_OK(cusolverDnCreateGesvdjInfo(&P));
  CHECK_OK(cusolverDnXgesvdjSetTolerance(P, 1e-6));
  CHECK_OK(cusolverDnXgesvdjSetMaxSweeps(P, 20));
  CHECK(cusolverDnXgesvdjSetMaxSweeps(P, 0) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverDnXgesvdjSetTolerance(nullptr, 1) == CUSOLVER_STATUS_INVALID_VALUE);
  const int Shapes[][2] = {{9, 5}, {5, 9}, {6, 6}};
  for (auto &Sh : Shapes)
    for (int Econ = 0; Econ < 2; ++Econ) {
      const int Mr = Sh[0], N = Sh[1], P0 = std::min(Mr, N), Lda = Mr + 1;
      const int Ku = Econ ? P0 : Mr, Kv = Econ ? P0 : N, Ldu = Mr + 2, Ldv = N + 1;
      std::vector<T> Ah(size_t(Lda) * N);
      for (T &X : Ah)
        X = rnd<T>();
      M A0 = toM(Ah.data(), Mr, N, Lda);
      T *A = dev(Ah);
      R *S = dev(std::vector<R>(P0));
      T *U = dev(std::vector<T>(size_t(Ldu) * Ku)), *V = dev(std::vector<T>(size_t(Ldv) * Kv));
      int *Info = devInts(1, 99);
      CHECK_OK(D::svdj(H, CUSOLVER_EIG_MODE_VECTOR, Econ, Mr, N, A, Lda, S, U, Ldu, V, Ldv, Info, P));
      cudaDeviceSynchronize();
      CHECK(*Info == 0);
      checkSvd<T>(A0, Mr, N, U, Ldu, Ku, S, V, Ldv, Kv, "gesvdj");
      double Res = -1;
      int Sw = -1;
      CHECK_OK(cusolverDnXgesvdjGetResidual(H, P, &Res));
      CHECK_OK(cusolverDnXgesvdjGetSweeps(H, P, &Sw));
      CHECK(Res >= 0 && Res <= Tol * fro(A0) * (Mr + N) && Sw == 0);
      // Values only: the same S.
      T *A2 = dev(Ah);
      R *S2 = dev(std::vector<R>(P0));
      CHECK_OK(D::svdj(H, CUSOLVER_EIG_MODE_NOVECTOR, Econ, Mr, N, A2, Lda, S2, nullptr, Ldu, nullptr,
                       Ldv, Info, P));
      cudaDeviceSynchronize();
      for (int K = 0; K < P0; ++K)
        CHECK(std::abs(S2[K] - S[K]) <= Tol * fro(A0));
      cudaFree(A);
      cudaFree(A2);
      cudaFree(S);
      cudaFree(S2);
      cudaFree(U);
      cudaFree(V);
      cudaFree(Info);
    }
  // Batched: 3 of 7 x 4, full U and V.
  {
    const int Mr = 7, N = 4, B = 3, Lda = 7, Ldu = 7, Ldv = 4;
    std::vector<T> Ah(size_t(Lda) * N * B);
    for (T &X : Ah)
      X = rnd<T>();
    T *A = dev(Ah);
    R *S = dev(std::vector<R>(size_t(N) * B));
    T *U = dev(std::vector<T>(size_t(Ldu) * Mr * B)), *V = dev(std::vector<T>(size_t(Ldv) * N * B));
    int *Info = devInts(B, 99);
    CHECK_OK(D::svdjB(H, CUSOLVER_EIG_MODE_VECTOR, Mr, N, A, Lda, S, U, Ldu, V, Ldv, Info, P, B));
    cudaDeviceSynchronize();
    for (int K = 0; K < B; ++K) {
      CHECK(Info[K] == 0);
      checkSvd<T>(toM(Ah.data() + size_t(K) * Lda * N, Mr, N, Lda), Mr, N,
                  U + size_t(K) * Ldu * Mr, Ldu, Mr, S + size_t(K) * N, V + size_t(K) * Ldv * N,
                  Ldv, N, "gesvdjBatched");
    }
    double Res;
    CHECK(cusolverDnXgesvdjGetResidual(H, P, &Res) == CUSOLVER_STATUS_NOT_SUPPORTED);
    CHECK(D::svdjB(H, CUSOLVER_EIG_MODE_VECTOR, 33, N, A, 33, S, U, 33, V, Ldv, Info, P, 1) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(Info[0] == -2);
    // Bad econ: -2; ldv too small: -11.
    CHECK(D::svdj(H, CUSOLVER_EIG_MODE_VECTOR, 2, Mr, N, A, Lda, S, U, Ldu, V, Ldv, Info, P) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(Info[0] == -2);
    CHECK(D::svdj(H, CUSOLVER_EIG_MODE_VECTOR, 0, Mr, N, A, Lda, S, U, Ldu, V, N - 1, Info, P) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(Info[0] == -11);
    cudaFree(A);
    cudaFree(S);
    cudaFree(U);
    cudaFree(V);
    cudaFree(Info);
  }
  // gesvdaStridedBatched: the 3 leading triplets of 2 matrices 9 x 5 with
  // padded strides; the residual norm is that of the dropped values.
  {
    const int Mr = 9, N = 5, Rk = 3, B = 2, Lda = 10, Ldu = 11, Ldv = 6;
    const long long SA = Lda * N + 3, SS = Rk + 1, SU = Ldu * Rk + 2, SV = Ldv * Rk + 1;
    std::vector<T> Ah(size_t(SA) * B);
    for (T &X : Ah)
      X = rnd<T>();
    T *A = dev(Ah), *U = dev(std::vector<T>(size_t(SU) * B)), *V = dev(std::vector<T>(size_t(SV) * B));
    R *S = dev(std::vector<R>(size_t(SS) * B));
    int *Info = devInts(B, 99);
    double Nrm[B] = {-1, -1};
    CHECK_OK(D::svda(H, CUSOLVER_EIG_MODE_VECTOR, Rk, Mr, N, A, Lda, SA, S, SS, U, Ldu, SU, V, Ldv, SV, Info, Nrm, B));
    // No synchronization: h_R_nrmF is a host result, so the call waited.
    CHECK(std::equal(Ah.begin(), Ah.end(), A), "gesvda changed A");
    for (int K = 0; K < B; ++K) {
      CHECK(Info[K] == 0);
      M A0 = toM(Ah.data() + size_t(K) * SA, Mr, N, Lda);
      checkSvd<T>(A0, Mr, N, U + size_t(K) * SU, Ldu, Rk, S + size_t(K) * SS, V + size_t(K) * SV, Ldv, Rk,
                  "gesvdaStridedBatched");
      // All singular values, for the dropped ones.
      std::vector<T> Cp(Ah.begin() + size_t(K) * SA, Ah.begin() + size_t(K) * SA + size_t(Lda) * N);
      T *Ac = dev(Cp);
      R *Sf = dev(std::vector<R>(N));
      int *I2 = devInts(1, 99);
      CHECK_OK(D::svdj(H, CUSOLVER_EIG_MODE_NOVECTOR, 1, Mr, N, Ac, Lda, Sf, nullptr, Mr, nullptr, N, I2, P));
      cudaDeviceSynchronize();
      double Drop = 0;
      for (int J = Rk; J < N; ++J)
        Drop += double(Sf[J]) * Sf[J];
      for (int J = 0; J < Rk; ++J)
        CHECK(std::abs(Sf[J] - S[size_t(K) * SS + J]) <= Tol * fro(A0), "gesvda S");
      CHECK(std::abs(Nrm[K] - std::sqrt(Drop)) <= Tol * fro(A0) * N, "gesvda h_R_nrmF %g, dropped %g", Nrm[K],
            std::sqrt(Drop));
      cudaFree(Ac);
      cudaFree(Sf);
      cudaFree(I2);
    }
    // rank 0 (-2), m < n (-4), a short strideA (-7).
    CHECK(D::svda(H, CUSOLVER_EIG_MODE_VECTOR, 0, Mr, N, A, Lda, SA, S, SS, U, Ldu, SU, V, Ldv, SV, Info, Nrm, B) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(Info[0] == -2);
    CHECK(D::svda(H, CUSOLVER_EIG_MODE_VECTOR, Rk, 4, N, A, Lda, SA, S, SS, U, Ldu, SU, V, Ldv, SV, Info, Nrm, B) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(Info[0] == -4);
    CHECK(D::svda(H, CUSOLVER_EIG_MODE_VECTOR, Rk, Mr, N, A, Lda, Lda * N - 1, S, SS, U, Ldu, SU, V, Ldv, SV, Info,
                  Nrm, B) == CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(Info[0] == -7);
    cudaFree(A);
    cudaFree(U);
    cudaFree(V);
    cudaFree(S);
    cudaFree(Info);
  }
  CHECK_OK(cusolverDnDestroyGesvdjInfo(P));
}

// ---- potrfBatched / potrsBatched ----

template <class T> void testPotrfBatched(cusolverDnHandle_t H) {
  using D = Dn<T>;
  const double Tol = tolOf<T>();
  const int N = 8, Ld = 9, B = 4, Bad = 2;
  std::vector<M> Fs(B);
  std::vector<std::vector<T>> Hs(B);
  T **Ap = nullptr, **Bp = nullptr;
  cudaMallocManaged(&Ap, sizeof(T *) * B);
  cudaMallocManaged(&Bp, sizeof(T *) * B);
  std::vector<std::vector<T>> Rhs(B);
  for (int K = 0; K < B; ++K) {
    Hs[K] = hermitian<T>(N, Ld, K % 2 == 0, N, &Fs[K]);
    if (K == Bad) { // not positive definite from the 5th leading minor on
      const int At = 4;
      Hs[K][size_t(At) * Ld + At] = T(-100);
      Fs[K][size_t(At) * N + At] = -100;
    }
    Ap[K] = dev(Hs[K]);
    Rhs[K].resize(N);
    for (T &X : Rhs[K])
      X = rnd<T>();
    Bp[K] = dev(Rhs[K]);
  }
  int *Info = devInts(B, 99);
  // Lower for even matrices is what hermitian() stored; use one fill for all:
  // rebuild with lower triangles only.
  for (int K = 0; K < B; ++K)
    if (K % 2) {
      std::vector<T> L = hermitian<T>(N, Ld, true, N, &Fs[K]);
      std::copy(L.begin(), L.end(), Ap[K]);
    }
  CHECK_OK(D::potrfB(H, CUBLAS_FILL_MODE_LOWER, N, Ap, Ld, Info, B));
  cudaDeviceSynchronize();
  for (int K = 0; K < B; ++K) {
    if (K == Bad) {
      CHECK(Info[K] == 5, "potrfBatched info of the bad matrix: %d", Info[K]);
      continue;
    }
    CHECK(Info[K] == 0, "potrfBatched info[%d] = %d", K, Info[K]);
    M L = toM(Ap[K], N, N, Ld);
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < J; ++I)
        L[size_t(J) * N + I] = 0;
    CHECK(diff(mul(L, N, N, adj(L, N, N), N), Fs[K]) <= Tol * fro(Fs[K]) * N, "potrfBatched L L^H %d", K);
  }
  // potrsBatched with those factors (the failed one's solution is not checked).
  int *Inf1 = devInts(1, 99);
  CHECK_OK(D::potrsB(H, CUBLAS_FILL_MODE_LOWER, N, 1, Ap, Ld, Bp, N, Inf1, B));
  cudaDeviceSynchronize();
  CHECK(*Inf1 == 0);
  for (int K = 0; K < B; ++K) {
    if (K == Bad)
      continue;
    M X = toM(Bp[K], N, 1, N), B0 = toM(Rhs[K].data(), N, 1, N);
    CHECK(diff(mul(Fs[K], N, N, X, 1), B0) <= Tol * fro(Fs[K]) * fro(X) * N, "potrsBatched %d", K);
  }
  // nrhs 2 is refused (-3), lda too small (-4 in infoArray[0]).
  CHECK(D::potrsB(H, CUBLAS_FILL_MODE_LOWER, N, 2, Ap, Ld, Bp, N, Inf1, B) == CUSOLVER_STATUS_INVALID_VALUE);
  cudaDeviceSynchronize();
  CHECK(*Inf1 == -3);
  CHECK(D::potrfB(H, CUBLAS_FILL_MODE_LOWER, N, Ap, N - 1, Info, B) == CUSOLVER_STATUS_INVALID_VALUE);
  cudaDeviceSynchronize();
  CHECK(Info[0] == -4);
  CHECK(D::potrfB(H, cublasFillMode_t(5), N, Ap, Ld, Info, B) == CUSOLVER_STATUS_INVALID_VALUE);
  cudaDeviceSynchronize();
  CHECK(Info[0] == -1);
  for (int K = 0; K < B; ++K) {
    cudaFree(Ap[K]);
    cudaFree(Bp[K]);
  }
  cudaFree(Ap);
  cudaFree(Bp);
  cudaFree(Info);
  cudaFree(Inf1);
}

// ---- sygvd / hegvd, syevdx / heevdx, sygvdx / hegvdx ----

template <class T> void testGeneralized(cusolverDnHandle_t H) {
  using D = Dn<T>;
  using R = Re<T>;
  const double Tol = tolOf<T>();
  const int N = 10, Ld = 12;
  for (int It = 1; It <= 3; ++It)
    for (int Lower = 0; Lower < 2; ++Lower) {
      auto U = Lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
      M Fa, Fb;
      std::vector<T> Ah = hermitian<T>(N, Ld, Lower, 0, &Fa), Bh = hermitian<T>(N, Ld, Lower, 2 * N, &Fb);
      T *A = dev(Ah), *B = dev(Bh);
      R *W = dev(std::vector<R>(N));
      int *Info = devInts(1, 99);
      CHECK_OK(D::gvd(H, cusolverEigType_t(It), CUSOLVER_EIG_MODE_VECTOR, U, N, A, Ld, B, Ld, W, Info));
      cudaDeviceSynchronize();
      CHECK(*Info == 0);
      M V = toM(A, N, N, Ld), VW = scaleCols(V, N, N, W);
      double Res;
      if (It == 1)
        Res = diff(mul(Fa, N, N, V, N), mul(Fb, N, N, VW, N)); // A V = B V W
      else if (It == 2)
        Res = diff(mul(Fa, N, N, mul(Fb, N, N, V, N), N), VW); // A B V = V W
      else
        Res = diff(mul(Fb, N, N, mul(Fa, N, N, V, N), N), VW); // B A V = V W
      const double Scale = fro(Fa) * fro(Fb) * N;
      CHECK(Res <= Tol * Scale, "sygvd itype %d residual %g", It, Res);
      // Normalization: V^H B V = I (1, 2), V^H B^-1 V = I (3).
      M G = It == 3 ? mul(adj(V, N, N), N, N, mul(inverseSpd(Fb, N), N, N, V, N), N)
                    : mul(adj(V, N, N), N, N, mul(Fb, N, N, V, N), N);
      CHECK(diff(G, eye(N)) <= Tol * N * fro(Fb), "sygvd itype %d normalization", It);
      for (int K = 1; K < N; ++K)
        CHECK(W[K - 1] <= W[K]);
      cudaFree(A);
      cudaFree(B);
      cudaFree(W);
      cudaFree(Info);
    }
  // sygvj/hegvj: the same contracts, the reported residual equal to the
  // measured generalized one; B not positive definite: k (not n + k).
  {
    syevjInfo_t P;
    CHECK_OK(cusolverDnCreateSyevjInfo(&P));
    for (int It = 1; It <= 3; ++It) {
      M Fa, Fb;
      std::vector<T> Ah = hermitian<T>(N, Ld, false, 0, &Fa), Bh = hermitian<T>(N, Ld, false, 2 * N, &Fb);
      T *A = dev(Ah), *B = dev(Bh);
      R *W = dev(std::vector<R>(N));
      int *Info = devInts(1, 99);
      CHECK_OK(D::gvj(H, cusolverEigType_t(It), CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, N, A, Ld, B, Ld, W,
                      Info, P));
      cudaDeviceSynchronize();
      CHECK(*Info == 0);
      M V = toM(A, N, N, Ld), VW = scaleCols(V, N, N, W);
      double Res = It == 1   ? diff(mul(Fa, N, N, V, N), mul(Fb, N, N, VW, N))
                   : It == 2 ? diff(mul(Fa, N, N, mul(Fb, N, N, V, N), N), VW)
                             : diff(mul(Fb, N, N, mul(Fa, N, N, V, N), N), VW);
      const double Scale = fro(Fa) * fro(Fb) * N;
      CHECK(Res <= Tol * Scale, "sygvj itype %d residual %g", It, Res);
      double Got = -1;
      CHECK_OK(cusolverDnXsyevjGetResidual(H, P, &Got));
      CHECK(Got > 0 && std::abs(Got - Res) <= Tol * Scale, "sygvj itype %d reported %g measured %g", It, Got, Res);
      if (It == 3) {
        Bh[size_t(3) * Ld + 3] = T(-1000);
        std::copy(Ah.begin(), Ah.end(), A);
        std::copy(Bh.begin(), Bh.end(), B);
        CHECK_OK(D::gvj(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_UPPER, N, A, Ld, B, Ld, W,
                        Info, P));
        cudaDeviceSynchronize();
        CHECK(*Info == 4, "sygvj info %d", *Info);
      }
      cudaFree(A);
      cudaFree(B);
      cudaFree(W);
      cudaFree(Info);
    }
    CHECK_OK(cusolverDnDestroySyevjInfo(P));
  }
  // B not positive definite: n + k.
  {
    M Fa, Fb;
    std::vector<T> Ah = hermitian<T>(N, N, true, 0, &Fa), Bh = hermitian<T>(N, N, true, 2 * N, &Fb);
    Bh[size_t(3) * N + 3] = T(-1000);
    T *A = dev(Ah), *B = dev(Bh);
    R *W = dev(std::vector<R>(N));
    int *Info = devInts(1, 99);
    CHECK_OK(D::gvd(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, N, A, N, B, N, W, Info));
    cudaDeviceSynchronize();
    CHECK(*Info == N + 4, "sygvd info %d", *Info);
    CHECK(D::gvd(H, cusolverEigType_t(4), CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, N, A, N, B, N, W, Info) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(*Info == -1);
    CHECK(D::gvd(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, N, A, N, B, N - 1, W, Info) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(*Info == -8);
    cudaFree(A);
    cudaFree(B);
    cudaFree(W);
    cudaFree(Info);
  }

  // syevdx: all, I and V against the full spectrum.
  for (int Lower = 0; Lower < 2; ++Lower) {
    auto U = Lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
    M F;
    std::vector<T> Ah = hermitian<T>(N, Ld, Lower, 0, &F);
    syevjInfo_t P;
    cusolverDnCreateSyevjInfo(&P);
    T *Af = dev(Ah);
    R *Wf = dev(std::vector<R>(N));
    int *Info = devInts(1, 99);
    CHECK_OK(D::evj(H, CUSOLVER_EIG_MODE_NOVECTOR, U, N, Af, Ld, Wf, Info, P));
    cudaDeviceSynchronize();
    cusolverDnDestroySyevjInfo(P);
    struct Case {
      cusolverEigRange_t Range;
      int Il, Iu;
      double Vl, Vu;
    } Cases[] = {{CUSOLVER_EIG_RANGE_ALL, 0, 0, 0, 0},
                 {CUSOLVER_EIG_RANGE_I, 3, 7, 0, 0},
                 {CUSOLVER_EIG_RANGE_V, 0, 0, (Wf[1] + Wf[2]) / 2, (Wf[6] + Wf[7]) / 2}};
    const int Expect[] = {N, 5, 5}, First[] = {0, 2, 2};
    for (int C = 0; C < 3; ++C) {
      T *A = dev(Ah);
      R *W = dev(std::vector<R>(N, R(-12345)));
      int Meig = -1;
      CHECK_OK(D::evdx(H, CUSOLVER_EIG_MODE_VECTOR, Cases[C].Range, U, N, A, Ld, R(Cases[C].Vl),
                       R(Cases[C].Vu), Cases[C].Il, Cases[C].Iu, &Meig, W, Info));
      cudaDeviceSynchronize();
      CHECK(*Info == 0 && Meig == Expect[C], "syevdx case %d: info %d meig %d", C, *Info, Meig);
      if (Meig != Expect[C])
        continue;
      for (int K = 0; K < Meig; ++K)
        CHECK(std::abs(W[K] - Wf[First[C] + K]) <= Tol * fro(F), "syevdx case %d W[%d]", C, K);
      M V = toM(A, N, Meig, Ld);
      CHECK(diff(mul(F, N, N, V, Meig), scaleCols(V, N, Meig, W)) <= Tol * fro(F) * N, "syevdx case %d vectors", C);
      CHECK(diff(mul(adj(V, N, Meig), Meig, N, V, Meig), eye(Meig)) <= Tol * N);
      cudaFree(A);
      cudaFree(W);
    }
    // The 64-bit Xsyevdx: the same selections, its own argument numbers.
    {
      cusolverDnParams_t Prm;
      CHECK_OK(cusolverDnCreateParams(&Prm));
      const cudaDataType Ta = dtOf<T>(), Tw = dtOf<R>();
      for (int C = 1; C < 3; ++C) {
        T *A = dev(Ah);
        R *W = dev(std::vector<R>(N));
        R Vl = R(Cases[C].Vl), Vu = R(Cases[C].Vu);
        int64_t Meig = -1;
        size_t DevB = 0, HostB = 1;
        CHECK_OK(cusolverDnXsyevdx_bufferSize(H, Prm, CUSOLVER_EIG_MODE_VECTOR, Cases[C].Range, U, N, Ta, A, Ld, &Vl,
                                              &Vu, Cases[C].Il, Cases[C].Iu, &Meig, Tw, W, Ta, &DevB, &HostB));
        CHECK(DevB > 0 && HostB == 0);
        CHECK_OK(cusolverDnXsyevdx(H, Prm, CUSOLVER_EIG_MODE_VECTOR, Cases[C].Range, U, N, Ta, A, Ld, &Vl, &Vu,
                                   Cases[C].Il, Cases[C].Iu, &Meig, Tw, W, Ta, nullptr, 0, nullptr, 0, Info));
        cudaDeviceSynchronize();
        CHECK(*Info == 0 && Meig == Expect[C], "Xsyevdx case %d: meig %lld", C, (long long)Meig);
        if (Meig == Expect[C]) {
          for (int K = 0; K < Meig; ++K)
            CHECK(std::abs(W[K] - Wf[First[C] + K]) <= Tol * fro(F), "Xsyevdx W");
          M V = toM(A, N, int(Meig), Ld);
          CHECK(diff(mul(F, N, N, V, int(Meig)), scaleCols(V, N, int(Meig), W)) <= Tol * fro(F) * N, "Xsyevdx vectors");
        }
        // il 0: argument 11 of Xsyevdx (9 of syevdx).
        CHECK(cusolverDnXsyevdx(H, Prm, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_I, U, N, Ta, A, Ld, &Vl, &Vu, 0, 2,
                                &Meig, Tw, W, Ta, nullptr, 0, nullptr, 0, Info) == CUSOLVER_STATUS_INVALID_VALUE);
        cudaDeviceSynchronize();
        CHECK(*Info == -11, "Xsyevdx il: %d", *Info);
        cudaFree(A);
        cudaFree(W);
      }
      CHECK_OK(cusolverDnDestroyParams(Prm));
    }
    // Bad ranges: il 0 (-9), iu > n (-10), vl >= vu (-8), a null meig (-11).
    int Meig = 0;
    CHECK(D::evdx(H, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_I, U, N, Af, Ld, 0, 0, 0, 2, &Meig, Wf, Info) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(*Info == -9);
    CHECK(D::evdx(H, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_I, U, N, Af, Ld, 0, 0, 1, N + 1, &Meig, Wf, Info) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(*Info == -10);
    CHECK(D::evdx(H, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_V, U, N, Af, Ld, 1, 1, 0, 0, &Meig, Wf, Info) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(*Info == -8);
    CHECK(D::evdx(H, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_ALL, U, N, Af, Ld, 0, 0, 0, 0, nullptr, Wf, Info) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(*Info == -11);
    CHECK(D::evdx(H, CUSOLVER_EIG_MODE_VECTOR, cusolverEigRange_t(0), U, N, Af, Ld, 0, 0, 0, 0, &Meig, Wf, Info) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(*Info == -2);
    cudaFree(Af);
    cudaFree(Wf);
    cudaFree(Info);
  }

  // sygvdx: range I and V, itype 1, against sygvd's spectrum.
  {
    M Fa, Fb;
    std::vector<T> Ah = hermitian<T>(N, Ld, true, 0, &Fa), Bh = hermitian<T>(N, Ld, true, 2 * N, &Fb);
    T *A = dev(Ah), *B = dev(Bh);
    R *Wf = dev(std::vector<R>(N));
    int *Info = devInts(1, 99);
    CHECK_OK(D::gvd(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_LOWER, N, A, Ld, B, Ld, Wf, Info));
    cudaDeviceSynchronize();
    for (int C = 0; C < 2; ++C) {
      std::copy(Ah.begin(), Ah.end(), A);
      std::copy(Bh.begin(), Bh.end(), B);
      R *W = dev(std::vector<R>(N));
      int Meig = -1;
      const bool ByIndex = C == 0;
      // By index: the 2nd to 4th; by value: the 3rd to 6th.
      const int Want = ByIndex ? 3 : 4, From = ByIndex ? 1 : 2;
      CHECK_OK(D::gvdx(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR,
                       ByIndex ? CUSOLVER_EIG_RANGE_I : CUSOLVER_EIG_RANGE_V, CUBLAS_FILL_MODE_LOWER, N, A, Ld, B,
                       Ld, R((Wf[1] + Wf[2]) / 2), R((Wf[5] + Wf[6]) / 2), 2, 4, &Meig, W, Info));
      cudaDeviceSynchronize();
      CHECK(*Info == 0 && Meig == Want, "sygvdx case %d: info %d meig %d", C, *Info, Meig);
      if (Meig != Want)
        continue;
      for (int K = 0; K < Want; ++K)
        CHECK(std::abs(W[K] - Wf[From + K]) <= Tol * fro(Fa), "sygvdx W");
      M V = toM(A, N, Want, Ld);
      CHECK(diff(mul(Fa, N, N, V, Want), mul(Fb, N, N, scaleCols(V, N, Want, W), Want)) <=
                Tol * fro(Fa) * fro(Fb) * N,
            "sygvdx vectors");
      CHECK(diff(mul(adj(V, N, Want), Want, N, mul(Fb, N, N, V, Want), Want), eye(Want)) <= Tol * N * fro(Fb),
            "sygvdx B-orthonormal");
      cudaFree(W);
    }
    int Meig = 0;
    CHECK(D::gvdx(H, CUSOLVER_EIG_TYPE_1, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_I, CUBLAS_FILL_MODE_LOWER, N,
                  A, Ld, B, Ld, 0, 0, 3, 2, &Meig, Wf, Info) == CUSOLVER_STATUS_INVALID_VALUE);
    cudaDeviceSynchronize();
    CHECK(*Info == -13);
    cudaFree(A);
    cudaFree(B);
    cudaFree(Wf);
    cudaFree(Info);
  }
}


// ---- Mixed-precision gesv (DD, DS, SS, ZZ, ZC, CC) ----

template <class T, class CT>
using GesvFn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolver_int_t, cusolver_int_t, CT *, cusolver_int_t,
                                    cusolver_int_t *, CT *, cusolver_int_t, CT *, cusolver_int_t, void *, size_t,
                                    cusolver_int_t *, cusolver_int_t *);
template <class T, class CT>
using GesvBufFn = cusolverStatus_t (*)(cusolverDnHandle_t, cusolver_int_t, cusolver_int_t, CT *, cusolver_int_t,
                                       cusolver_int_t *, CT *, cusolver_int_t, CT *, cusolver_int_t, void *, size_t *);

/// Solves A X = B with \p Fn: X's residual, A left alone when the lowest
/// precision converged (\p Lower), iter >= 0, pivots in range.
template <class T, class CT>
void testGesvOne(cusolverDnHandle_t H, const char *Name, GesvFn<T, CT> Fn, GesvBufFn<T, CT> Buf, bool Lower) {
  const double Tol = tolOf<T>();
  const int N = 20, Nrhs = 3, Lda = 22, Ldb = 21, Ldx = 23;
  std::vector<T> Ah(size_t(Lda) * N), Bh(size_t(Ldb) * Nrhs);
  for (T &X : Ah)
    X = rnd<T>();
  for (int K = 0; K < N; ++K)
    Ah[size_t(K) * Lda + K] += T(Re<T>(N)); // well conditioned
  for (T &X : Bh)
    X = rnd<T>();
  T *A = dev(Ah), *B = dev(Bh), *X = dev(std::vector<T>(size_t(Ldx) * Nrhs));
  int *Piv = devInts(N, 0), *Info = devInts(1, 99);
  size_t Bytes = 0;
  CHECK_OK(Buf(H, N, Nrhs, reinterpret_cast<CT *>(A), Lda, Piv, reinterpret_cast<CT *>(B), Ldb,
               reinterpret_cast<CT *>(X), Ldx, nullptr, &Bytes));
  CHECK(Bytes > 0);
  std::vector<char> Work(Bytes);
  int Iter = -99;
  CHECK_OK(Fn(H, N, Nrhs, reinterpret_cast<CT *>(A), Lda, Piv, reinterpret_cast<CT *>(B), Ldb,
              reinterpret_cast<CT *>(X), Ldx, Work.data(), Bytes, &Iter, Info));
  // No synchronization: iter is a host result, so the call waited.
  CHECK(*Info == 0 && Iter >= 0, "%s: info %d iter %d", Name, *Info, Iter);
  M Am = toM(Ah.data(), N, N, Lda), Xm = toM(X, N, Nrhs, Ldx), Bm = toM(Bh.data(), N, Nrhs, Ldb);
  CHECK(diff(mul(Am, N, N, Xm, Nrhs), Bm) <= Tol * fro(Am) * fro(Xm), "%s: residual", Name);
  for (int K = 0; K < N; ++K)
    CHECK(Piv[K] >= 1 && Piv[K] <= N, "%s: pivot", Name);
  if (Lower)
    CHECK(std::equal(Ah.begin(), Ah.end(), A), "%s: A changed though refinement converged", Name);
  // Singular (a zero column): info = its index after the fallback.
  std::vector<T> Sing = Ah;
  for (int R = 0; R < N; ++R)
    Sing[size_t(6) * Lda + R] = T(0);
  std::copy(Sing.begin(), Sing.end(), A);
  CHECK_OK(Fn(H, N, Nrhs, reinterpret_cast<CT *>(A), Lda, Piv, reinterpret_cast<CT *>(B), Ldb,
              reinterpret_cast<CT *>(X), Ldx, Work.data(), Bytes, &Iter, Info));
  CHECK(*Info == 7 && Iter < 0, "%s singular: info %d iter %d", Name, *Info, Iter);
  // Bad arguments: ldda (-4), lddx (-9), a null iter (-12).
  CHECK(Fn(H, N, Nrhs, reinterpret_cast<CT *>(A), N - 1, Piv, reinterpret_cast<CT *>(B), Ldb,
           reinterpret_cast<CT *>(X), Ldx, Work.data(), Bytes, &Iter, Info) == CUSOLVER_STATUS_INVALID_VALUE);
  cudaDeviceSynchronize();
  CHECK(*Info == -4);
  CHECK(Fn(H, N, Nrhs, reinterpret_cast<CT *>(A), Lda, Piv, reinterpret_cast<CT *>(B), Ldb,
           reinterpret_cast<CT *>(X), N - 1, Work.data(), Bytes, &Iter, Info) == CUSOLVER_STATUS_INVALID_VALUE);
  cudaDeviceSynchronize();
  CHECK(*Info == -9);
  CHECK(Fn(H, N, Nrhs, reinterpret_cast<CT *>(A), Lda, Piv, reinterpret_cast<CT *>(B), Ldb,
           reinterpret_cast<CT *>(X), Ldx, Work.data(), Bytes, nullptr, Info) == CUSOLVER_STATUS_INVALID_VALUE);
  cudaDeviceSynchronize();
  CHECK(*Info == -12);
  cudaFree(A);
  cudaFree(B);
  cudaFree(X);
  cudaFree(Piv);
  cudaFree(Info);
}

/// DS on a matrix too ill-conditioned for single precision: refinement
/// cannot converge, the double LU takes over (iter < 0), X is still right.
static void testGesvFallback(cusolverDnHandle_t H) {
  const int N = 12;
  std::vector<double> Ah(size_t(N) * N), Bh(N, 1.0);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < N; ++I)
      Ah[size_t(J) * N + I] = 1.0 / (I + J + 1); // Hilbert: condition ~1e16
  // An exactly representable right-hand side for a known solution: B = A * ones.
  for (int I = 0; I < N; ++I) {
    Bh[I] = 0;
    for (int J = 0; J < N; ++J)
      Bh[I] += Ah[size_t(J) * N + I];
  }
  double *A = dev(Ah), *B = dev(Bh), *X = dev(std::vector<double>(N));
  int *Piv = devInts(N, 0), *Info = devInts(1, 99), Iter = 0;
  CHECK_OK(cusolverDnDSgesv(H, N, 1, A, N, Piv, B, N, X, N, nullptr, 0, &Iter, Info));
  CHECK(*Info == 0 && Iter < 0, "DSgesv on a Hilbert matrix: info %d iter %d", *Info, Iter);
  // The double LU's solution has a small residual.
  double Res = 0, Bn = 0;
  for (int I = 0; I < N; ++I) {
    double S = -Bh[I];
    for (int J = 0; J < N; ++J)
      S += Ah[size_t(J) * N + I] * X[J];
    Res = std::max(Res, std::abs(S));
    Bn = std::max(Bn, std::abs(Bh[I]));
  }
  CHECK(Res <= 1e-12 * Bn, "DSgesv fallback residual %g", Res);
  // A value that overflows single precision: -2, still solved in double.
  std::vector<double> Big(size_t(N) * N, 0.0);
  for (int K = 0; K < N; ++K)
    Big[size_t(K) * N + K] = K == 0 ? 1e300 : 1.0;
  std::copy(Big.begin(), Big.end(), A);
  std::fill(B, B + N, 1.0);
  CHECK_OK(cusolverDnDSgesv(H, N, 1, A, N, Piv, B, N, X, N, nullptr, 0, &Iter, Info));
  CHECK(*Info == 0 && Iter == -2 && std::abs(X[0] - 1e-300) < 1e-310 && X[1] == 1.0, "DSgesv overflow: iter %d", Iter);
  cudaFree(A);
  cudaFree(B);
  cudaFree(X);
  cudaFree(Piv);
  cudaFree(Info);
}

static void testGesv(cusolverDnHandle_t H) {
  testGesvOne<double, double>(H, "DDgesv", cusolverDnDDgesv, cusolverDnDDgesv_bufferSize, false);
  testGesvOne<double, double>(H, "DSgesv", cusolverDnDSgesv, cusolverDnDSgesv_bufferSize, true);
  testGesvOne<float, float>(H, "SSgesv", cusolverDnSSgesv, cusolverDnSSgesv_bufferSize, false);
  testGesvOne<cd, cuDoubleComplex>(H, "ZZgesv", cusolverDnZZgesv, cusolverDnZZgesv_bufferSize, false);
  testGesvOne<cd, cuDoubleComplex>(H, "ZCgesv", cusolverDnZCgesv, cusolverDnZCgesv_bufferSize, true);
  testGesvOne<cf, cuComplex>(H, "CCgesv", cusolverDnCCgesv, cusolverDnCCgesv_bufferSize, false);
  testGesvFallback(H);
}

template <class T> void testType(cusolverDnHandle_t H) {
  testSyevj<T>(H);
  testGesvdj<T>(H);
  testPotrfBatched<T>(H);
  testGeneralized<T>(H);
}

// ---- Stream order and graphs ----

__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}
/// diag(1..n) with ones beside the diagonal.
__global__ void fillTridiag(double *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N * N) {
    int R = I % N, C = I / N;
    A[I] = R == C ? double(R + 1) : (R - C == 1 || C - R == 1) ? 1.0 : 0.0;
  }
}

static void testStreams() {
  cusolverDnHandle_t H;
  CHECK_OK(cusolverDnCreate(&H));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  CHECK_OK(cusolverDnSetStream(H, S));
  const int N = 12;
  double *A, *W, *U, *V, *Sv;
  int *Info, *Open, *Info2, *BInfo;
  cudaMallocManaged(&A, sizeof(double) * N * N);
  cudaMallocManaged(&W, sizeof(double) * N);
  cudaMallocManaged(&U, sizeof(double) * N * N);
  cudaMallocManaged(&V, sizeof(double) * N * N);
  cudaMallocManaged(&Sv, sizeof(double) * N);
  cudaMallocManaged(&Info, sizeof(int));
  cudaMallocManaged(&Info2, sizeof(int));
  cudaMallocManaged(&BInfo, sizeof(int));
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));
  std::fill(A, A + N * N, 0.0);
  *Info = 99;
  *Info2 = 99;
  *BInfo = 99;
  *Open = 0;
  syevjInfo_t P;
  CHECK_OK(cusolverDnCreateSyevjInfo(&P));
  gesvdjInfo_t Pg;
  CHECK_OK(cusolverDnCreateGesvdjInfo(&Pg));
  gate<<<1, 1, 0, S>>>(Open);
  fillTridiag<<<(N * N + 127) / 128, 128, 0, S>>>(A, N);
  double *Ap[1] = {A};
  double **DAp;
  cudaMallocManaged(&DAp, sizeof(double *));
  DAp[0] = U;
  std::fill(U, U + N * N, 0.0); // all zero until the copy below: info 1 if early
  CHECK_CUDA(cudaMemcpyAsync(U, A, sizeof(double) * N * N, cudaMemcpyDeviceToDevice, S));
  CHECK_OK(cusolverDnDpotrfBatched(H, CUBLAS_FILL_MODE_LOWER, N, DAp, N, BInfo, 1));
  CHECK_OK(cusolverDnDsyevj(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, N, A, N, W, nullptr, 0, Info, P));
  (void)Ap;
  int Early = *Info + *BInfo;
  CHECK(Early == 198, "devInfo written before the stream reached the call");
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(S));
  CHECK(*Info == 0 && *BInfo == 0, "info %d batched info %d", *Info, *BInfo);
  // The tridiagonal matrix: its eigenvalues lie in [0, n+2] and sum to its trace.
  double Sum = 0;
  for (int K = 0; K < N; ++K)
    Sum += W[K];
  CHECK(std::abs(Sum - N * (N + 1) / 2.0) < 1e-9 && W[0] > -1 && W[N - 1] < N + 2, "syevj after the fill");
  // Residual queried right after the call (GetResidual waits for the stream).
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  fillTridiag<<<(N * N + 127) / 128, 128, 0, S>>>(A, N);
  CHECK_OK(cusolverDnDgesvdj(H, CUSOLVER_EIG_MODE_VECTOR, 0, N, N, A, N, Sv, U, N, V, N, nullptr, 0, Info2, Pg));
  CHECK(*Info2 == 99);
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  double Res = -1;
  CHECK_OK(cusolverDnXgesvdjGetResidual(H, Pg, &Res));
  CHECK(*Info2 == 0 && Res >= 0 && Res < 1e-10 && Sv[0] >= Sv[N - 1] && Sv[N - 1] >= 0);

  // gesv behind the fill in the same stream: iter is a host result, so the
  // call returns once the solve has run, after the fill.
  {
    double *Bv, *Xv;
    int *Piv, Iter = -99;
    cudaMallocManaged(&Bv, sizeof(double) * N);
    cudaMallocManaged(&Xv, sizeof(double) * N);
    cudaMallocManaged(&Piv, sizeof(int) * N);
    std::fill(A, A + N * N, 0.0); // singular if the solve ran before the fill
    *Info2 = 99;
    for (int K = 0; K < N; ++K)
      Bv[K] = (K > 0 ? 1.0 : 0.0) + (K + 1) + (K + 1 < N ? 1.0 : 0.0); // A * ones
    fillTridiag<<<(N * N + 127) / 128, 128, 0, S>>>(A, N);
    CHECK_OK(cusolverDnDSgesv(H, N, 1, A, N, Piv, Bv, N, Xv, N, nullptr, 0, &Iter, Info2));
    double Err = 0;
    for (int K = 0; K < N; ++K)
      Err = std::max(Err, std::abs(Xv[K] - 1));
    CHECK(*Info2 == 0 && Iter >= 0 && Err < 1e-12, "DSgesv after the fill: info %d iter %d err %g", *Info2, Iter, Err);
    CHECK_CUDA(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
    CHECK(cusolverDnDDgesv(H, N, 1, A, N, Piv, Bv, N, Xv, N, nullptr, 0, &Iter, Info2) ==
          CUSOLVER_STATUS_NOT_SUPPORTED);
    cudaGraph_t G0;
    CHECK_CUDA(cudaStreamEndCapture(S, &G0));
    CHECK_CUDA(cudaGraphDestroy(G0));
    cudaFree(Bv);
    cudaFree(Xv);
    cudaFree(Piv);
  }

  // syevj captured into a graph (fill + syevj), launched twice.
  cudaGraph_t G;
  cudaGraphExec_t Exec;
  CHECK_CUDA(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
  fillTridiag<<<(N * N + 127) / 128, 128, 0, S>>>(A, N);
  CHECK_OK(cusolverDnDsyevj(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, N, A, N, W, nullptr, 0, Info, P));
  // A value range needs meig on the host: not while capturing.
  int Meig = 0;
  CHECK(cusolverDnDsyevdx(H, CUSOLVER_EIG_MODE_VECTOR, CUSOLVER_EIG_RANGE_V, CUBLAS_FILL_MODE_LOWER, N, U, N, 0.0,
                          1.0, 0, 0, &Meig, Sv, nullptr, 0, Info2) == CUSOLVER_STATUS_NOT_SUPPORTED);
  CHECK_CUDA(cudaStreamEndCapture(S, &G));
  CHECK_CUDA(cudaGraphInstantiate(&Exec, G, 0));
  for (int Run = 0; Run < 2; ++Run) {
    std::fill(A, A + N * N, 0.0);
    std::fill(W, W + N, 0.0);
    *Info = 99;
    CHECK_CUDA(cudaGraphLaunch(Exec, S));
    CHECK_CUDA(cudaStreamSynchronize(S));
    Sum = 0;
    for (int K = 0; K < N; ++K)
      Sum += W[K];
    CHECK(*Info == 0 && std::abs(Sum - N * (N + 1) / 2.0) < 1e-9, "graph launch %d", Run);
  }
  CHECK_CUDA(cudaGraphExecDestroy(Exec));
  CHECK_CUDA(cudaGraphDestroy(G));
  CHECK_OK(cusolverDnDestroySyevjInfo(P));
  CHECK_OK(cusolverDnDestroyGesvdjInfo(Pg));
  CHECK(cusolverDnCreateSyevjInfo(nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverDnXsyevjSetMaxSweeps(nullptr, 5) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK_OK(cusolverDnDestroy(H));
  CHECK_CUDA(cudaStreamDestroy(S));
  cudaFree(A);
  cudaFree(W);
  cudaFree(U);
  cudaFree(V);
  cudaFree(Sv);
  cudaFree(Info);
  cudaFree(Info2);
  cudaFree(BInfo);
  cudaFree(DAp);
  cudaFreeHost(Open);
}

int main() {
  testStreams();
  cusolverDnHandle_t H;
  CHECK_OK(cusolverDnCreate(&H));
  testType<float>(H);
  testType<double>(H);
  testType<cf>(H);
  testType<cd>(H);
  testGesv(H);
  CHECK_OK(cusolverDnDestroy(H));
  return finish("solver_dense_eig");
}

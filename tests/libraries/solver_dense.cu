// cuSOLVER dense (cusolverDn) against plain CPU references, for S/D/C/Z:
// potrf (L L^H or U^H U rebuilt), potrs (residuals), potri (A times the
// inverse), getrf with pivots (P L U rebuilt, pivots 1-based and in range)
// and without (devIpiv NULL, larger than one block), getrs for N/T/C with
// and without pivots, geqrf with orgqr/ungqr (Q R rebuilt, Q orthonormal),
// ormqr/unmqr on both sides against the explicit Q, gesvd (U S V^H for jobs
// A/A and S/S, U into A for O, values only), syevd/heevd (V W V^H, ascending
// W, values only). Padded leading
// dimensions whose padding must stay untouched. devInfo: a non-SPD matrix,
// a singular one, a zero pivot without pivoting; bad arguments (status and
// -i in devInfo), a null handle. The 64-bit API's Xpotrf/Xpotrs,
// Xgetrf/Xgetrs (64-bit pivots), Xgeqrf, Xgesvd and Xsyevd, its argument
// numbers and types. Stream order behind a kernel that waits for the host, and potrf
// captured into a graph and launched twice.
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcusolver && %t | FileCheck %s
// CHECK: solver_dense: OK
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

// ---- The four typed families behind one name ----

template <class T> struct Dn;
#define DN(p, T, CT, R, MQ, GQ, EV)                                                      \
  template <> struct Dn<T> {                                                             \
    static CT *c(T *P) { return reinterpret_cast<CT *>(P); }                             \
    static const CT *c(const T *P) { return reinterpret_cast<const CT *>(P); }           \
    static cusolverStatus_t potrfBuf(cusolverDnHandle_t h, cublasFillMode_t u, int n, T *A, \
                                     int lda, int *lw) {                                 \
      return cusolverDn##p##potrf_bufferSize(h, u, n, c(A), lda, lw);                    \
    }                                                                                    \
    static cusolverStatus_t potrf(cusolverDnHandle_t h, cublasFillMode_t u, int n, T *A,  \
                                  int lda, T *W, int lw, int *info) {                    \
      return cusolverDn##p##potrf(h, u, n, c(A), lda, c(W), lw, info);                   \
    }                                                                                    \
    static cusolverStatus_t potrs(cusolverDnHandle_t h, cublasFillMode_t u, int n, int r, \
                                  const T *A, int lda, T *B, int ldb, int *info) {       \
      return cusolverDn##p##potrs(h, u, n, r, c(A), lda, c(B), ldb, info);               \
    }                                                                                    \
    static cusolverStatus_t potri(cusolverDnHandle_t h, cublasFillMode_t u, int n, T *A,  \
                                  int lda, int *info) {                                  \
      int lw = 0;                                                                        \
      cusolverDn##p##potri_bufferSize(h, u, n, c(A), lda, &lw);                          \
      std::vector<T> W(lw + 1);                                                          \
      cusolverStatus_t S = cusolverDn##p##potri(h, u, n, c(A), lda, c(W.data()), lw, info); \
      cudaDeviceSynchronize();                                                           \
      return S;                                                                          \
    }                                                                                    \
    static cusolverStatus_t getrfBuf(cusolverDnHandle_t h, int m, int n, T *A, int lda,   \
                                     int *lw) {                                          \
      return cusolverDn##p##getrf_bufferSize(h, m, n, c(A), lda, lw);                    \
    }                                                                                    \
    static cusolverStatus_t getrf(cusolverDnHandle_t h, int m, int n, T *A, int lda,      \
                                  T *W, int *ipiv, int *info) {                          \
      return cusolverDn##p##getrf(h, m, n, c(A), lda, c(W), ipiv, info);                 \
    }                                                                                    \
    static cusolverStatus_t getrs(cusolverDnHandle_t h, cublasOperation_t t, int n, int r, \
                                  const T *A, int lda, const int *ipiv, T *B, int ldb,   \
                                  int *info) {                                           \
      return cusolverDn##p##getrs(h, t, n, r, c(A), lda, ipiv, c(B), ldb, info);         \
    }                                                                                    \
    static cusolverStatus_t geqrfBuf(cusolverDnHandle_t h, int m, int n, T *A, int lda,   \
                                     int *lw) {                                          \
      return cusolverDn##p##geqrf_bufferSize(h, m, n, c(A), lda, lw);                    \
    }                                                                                    \
    static cusolverStatus_t geqrf(cusolverDnHandle_t h, int m, int n, T *A, int lda,      \
                                  T *tau, T *W, int lw, int *info) {                     \
      return cusolverDn##p##geqrf(h, m, n, c(A), lda, c(tau), c(W), lw, info);           \
    }                                                                                    \
    static cusolverStatus_t mqrBuf(cusolverDnHandle_t h, cublasSideMode_t s,             \
                                   cublasOperation_t t, int m, int n, int k, const T *A, \
                                   int lda, const T *tau, const T *C, int ldc, int *lw) { \
      return cusolverDn##p##MQ##_bufferSize(h, s, t, m, n, k, c(A), lda, c(tau), c(C), ldc, \
                                            lw);                                         \
    }                                                                                    \
    static cusolverStatus_t mqr(cusolverDnHandle_t h, cublasSideMode_t s,                \
                                cublasOperation_t t, int m, int n, int k, const T *A,    \
                                int lda, const T *tau, T *C, int ldc, T *W, int lw,      \
                                int *info) {                                             \
      return cusolverDn##p##MQ(h, s, t, m, n, k, c(A), lda, c(tau), c(C), ldc, c(W), lw, \
                               info);                                                    \
    }                                                                                    \
    static cusolverStatus_t gqrBuf(cusolverDnHandle_t h, int m, int n, int k, const T *A, \
                                   int lda, const T *tau, int *lw) {                     \
      return cusolverDn##p##GQ##_bufferSize(h, m, n, k, c(A), lda, c(tau), lw);          \
    }                                                                                    \
    static cusolverStatus_t gqr(cusolverDnHandle_t h, int m, int n, int k, T *A, int lda, \
                                const T *tau, T *W, int lw, int *info) {                 \
      return cusolverDn##p##GQ(h, m, n, k, c(A), lda, c(tau), c(W), lw, info);           \
    }                                                                                    \
    static cusolverStatus_t gesvdBuf(cusolverDnHandle_t h, int m, int n, int *lw) {      \
      return cusolverDn##p##gesvd_bufferSize(h, m, n, lw);                               \
    }                                                                                    \
    static cusolverStatus_t gesvd(cusolverDnHandle_t h, signed char ju, signed char jv,  \
                                  int m, int n, T *A, int lda, R *S, T *U, int ldu,      \
                                  T *VT, int ldvt, T *W, int lw, R *rw, int *info) {     \
      return cusolverDn##p##gesvd(h, ju, jv, m, n, c(A), lda, S, c(U), ldu, c(VT), ldvt, \
                                  c(W), lw, rw, info);                                   \
    }                                                                                    \
    static cusolverStatus_t evdBuf(cusolverDnHandle_t h, cusolverEigMode_t j,            \
                                   cublasFillMode_t u, int n, const T *A, int lda,       \
                                   const R *W, int *lw) {                                \
      return cusolverDn##p##EV##_bufferSize(h, j, u, n, c(A), lda, W, lw);               \
    }                                                                                    \
    static cusolverStatus_t evd(cusolverDnHandle_t h, cusolverEigMode_t j,               \
                                cublasFillMode_t u, int n, T *A, int lda, R *W, T *Wk,   \
                                int lw, int *info) {                                     \
      return cusolverDn##p##EV(h, j, u, n, c(A), lda, W, c(Wk), lw, info);               \
    }                                                                                    \
  };
DN(S, float, float, float, ormqr, orgqr, syevd)
DN(D, double, double, double, ormqr, orgqr, syevd)
DN(C, cf, cuComplex, float, unmqr, ungqr, heevd)
DN(Z, cd, cuDoubleComplex, double, unmqr, ungqr, heevd)
#undef DN

// ---- Helpers ----

static unsigned Seed = 12345;
static double rnd() {
  Seed = Seed * 1103515245u + 12345u;
  return double((Seed >> 8) & 0xffff) / 65536.0 - 0.5;
}
template <class T> T rval() {
  if constexpr (IsCx<T>)
    return T(Re<T>(rnd()), Re<T>(rnd()));
  else
    return T(rnd());
}
template <class T> Cx cx(T V) { return Cx(std::real(V), std::imag(V)); }
template <class T> T fromCx(Cx V) {
  if constexpr (IsCx<T>)
    return T(Re<T>(V.real()), Re<T>(V.imag()));
  else
    return T(V.real());
}
template <class T> double tol() { return std::is_same<Re<T>, float>::value ? 2e-3 : 1e-10; }

/// A column-major matrix in a padded array (ld > rows): padding is a sentinel.
template <class T> struct Mat {
  int M, N, Ld;
  std::vector<T> V;
  Mat(int M, int N, int Ld) : M(M), N(N), Ld(Ld), V(size_t(Ld) * N, T(Re<T>(777))) {}
  T &operator()(int I, int J) { return V[size_t(J) * Ld + I]; }
  Cx at(int I, int J) const { return cx(V[size_t(J) * Ld + I]); }
  bool paddingIntact() const {
    for (int J = 0; J < N; ++J)
      for (int I = M; I < Ld; ++I)
        if (V[size_t(J) * Ld + I] != T(Re<T>(777)))
          return false;
    return true;
  }
};

template <class T> T *dev(const std::vector<T> &H) {
  T *D = nullptr;
  cudaMalloc(&D, sizeof(T) * std::max<size_t>(1, H.size()));
  if (!H.empty())
    cudaMemcpy(D, H.data(), sizeof(T) * H.size(), cudaMemcpyHostToDevice);
  return D;
}
template <class T> void toHost(std::vector<T> &H, const T *D) {
  cudaMemcpy(H.data(), D, sizeof(T) * H.size(), cudaMemcpyDeviceToHost);
}
static int *devInt(int V) {
  int *D = nullptr;
  cudaMalloc(&D, sizeof(int));
  cudaMemcpy(D, &V, sizeof(int), cudaMemcpyHostToDevice);
  return D;
}
static void setInt(int *D, int V) { cudaMemcpy(D, &V, sizeof(int), cudaMemcpyHostToDevice); }
static int hostInt(const int *D) {
  int V = 0;
  cudaMemcpy(&V, D, sizeof(int), cudaMemcpyDeviceToHost);
  return V;
}

template <class T> Mat<T> randomMat(int M, int N, int Ld) {
  Mat<T> A(M, N, Ld);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I)
      A(I, J) = rval<T>();
  return A;
}
/// A Hermitian positive definite matrix: B B^H + n I.
template <class T> Mat<T> hpd(int N, int Ld) {
  Mat<T> B = randomMat<T>(N, N, N), A(N, N, Ld);
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J) {
      Cx S = I == J ? Cx(N) : Cx(0);
      for (int K = 0; K < N; ++K)
        S += B.at(I, K) * std::conj(B.at(J, K));
      A(I, J) = fromCx<T>(S);
    }
  return A;
}
/// Largest |X - Y| over the leading M x N, relative to max(1, |Y|max).
template <class T> double maxDiff(const std::vector<Cx> &X, const std::vector<Cx> &Y) {
  double D = 0, S = 1;
  for (size_t I = 0; I < X.size(); ++I) {
    D = std::max(D, std::abs(X[I] - Y[I]));
    S = std::max(S, std::abs(Y[I]));
  }
  return D / S;
}
template <class T> std::vector<Cx> dense(const Mat<T> &A) {
  std::vector<Cx> R(size_t(A.M) * A.N);
  for (int J = 0; J < A.N; ++J)
    for (int I = 0; I < A.M; ++I)
      R[size_t(J) * A.M + I] = A.at(I, J);
  return R;
}
/// C = op(A) op(B), all as dense Cx column-major; op: 'N' or 'C'.
static std::vector<Cx> mul(const std::vector<Cx> &A, int Am, int An, char OpA,
                           const std::vector<Cx> &B, int Bm, int Bn, char OpB) {
  int M = OpA == 'N' ? Am : An, K = OpA == 'N' ? An : Am, N = OpB == 'N' ? Bn : Bm;
  std::vector<Cx> C(size_t(M) * N);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < M; ++I) {
      Cx S = 0;
      for (int L = 0; L < K; ++L) {
        Cx a = OpA == 'N' ? A[size_t(L) * Am + I] : std::conj(A[size_t(I) * Am + L]);
        Cx b = OpB == 'N' ? B[size_t(J) * Bm + L] : std::conj(B[size_t(L) * Bm + J]);
        S += a * b;
      }
      C[size_t(J) * M + I] = S;
    }
  return C;
}

// ---- Cholesky ----

template <class T> void testCholesky(cusolverDnHandle_t H) {
  using D = Dn<T>;
  const int N = 37, Ld = 40;
  for (cublasFillMode_t Uplo : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
    Mat<T> A = hpd<T>(N, Ld), F = A;
    T *DA = dev(A.V);
    int *Info = devInt(99), Lw = -1;
    CHECK_OK(D::potrfBuf(H, Uplo, N, DA, Ld, &Lw));
    CHECK(Lw >= 0);
    std::vector<T> Work(size_t(std::max(Lw, 1)));
    T *DW = dev(Work);
    CHECK_OK(D::potrf(H, Uplo, N, DA, Ld, DW, Lw, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    toHost(F.V, DA);
    CHECK(F.paddingIntact(), "potrf wrote the padding");
    // The factor: L (lower) or U (upper); the other triangle is left alone.
    std::vector<Cx> Fac(size_t(N) * N, 0.0);
    bool OtherKept = true;
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < N; ++I) {
        bool InTri = Uplo == CUBLAS_FILL_MODE_LOWER ? I >= J : I <= J;
        if (InTri)
          Fac[size_t(J) * N + I] = F.at(I, J);
        else
          OtherKept &= F.at(I, J) == A.at(I, J);
      }
    CHECK(OtherKept, "potrf changed the other triangle");
    std::vector<Cx> Re2 = Uplo == CUBLAS_FILL_MODE_LOWER ? mul(Fac, N, N, 'N', Fac, N, N, 'C')
                                                        : mul(Fac, N, N, 'C', Fac, N, N, 'N');
    CHECK(maxDiff<T>(Re2, dense(A)) < tol<T>(), "potrf: factor product differs by %g",
          maxDiff<T>(Re2, dense(A)));
    // potrs: A X = B for 3 right-hand sides, ldb padded.
    const int R = 3, Ldb = N + 2;
    Mat<T> B = randomMat<T>(N, R, Ldb), X = B;
    T *DB = dev(B.V);
    CHECK_OK(D::potrs(H, Uplo, N, R, DA, Ld, DB, Ldb, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    toHost(X.V, DB);
    CHECK(X.paddingIntact());
    std::vector<Cx> AX = mul(dense(A), N, N, 'N', dense(X), N, R, 'N');
    CHECK(maxDiff<T>(AX, dense(B)) < tol<T>(), "potrs residual %g", maxDiff<T>(AX, dense(B)));
    // potri: the inverse in the same triangle; A times it is I.
    CHECK_OK(D::potri(H, Uplo, N, DA, Ld, Info));
    CHECK(hostInt(Info) == 0);
    Mat<T> Inv = A;
    toHost(Inv.V, DA);
    std::vector<Cx> Full(size_t(N) * N);
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < N; ++I) {
        bool InTri = Uplo == CUBLAS_FILL_MODE_LOWER ? I >= J : I <= J;
        Full[size_t(J) * N + I] = InTri ? Inv.at(I, J) : std::conj(Inv.at(J, I));
      }
    std::vector<Cx> Id = mul(dense(A), N, N, 'N', Full, N, N, 'N'), E(size_t(N) * N, 0.0);
    for (int I = 0; I < N; ++I)
      E[size_t(I) * N + I] = 1;
    CHECK(maxDiff<T>(Id, E) < tol<T>() * 10, "potri: A A^-1 - I = %g", maxDiff<T>(Id, E));
    cudaFree(DA);
    cudaFree(DB);
    cudaFree(DW);
    cudaFree(Info);
  }
  // Not positive definite: the leading minor of order 4 is not.
  Mat<T> A = hpd<T>(N, N);
  A(3, 3) = T(Re<T>(-1000));
  T *DA = dev(A.V);
  int *Info = devInt(99);
  CHECK_OK(D::potrf(H, CUBLAS_FILL_MODE_LOWER, N, DA, N, nullptr, 0, Info));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK(hostInt(Info) == 4, "potrf info %d, not 4", hostInt(Info));
  cudaFree(DA);
  cudaFree(Info);
}

// ---- LU ----

template <class T> void testLu(cusolverDnHandle_t H) {
  using D = Dn<T>;
  const int Shapes[][2] = {{30, 30}, {40, 25}, {25, 40}};
  for (auto &Sh : Shapes) {
    const int M = Sh[0], N = Sh[1], Ld = M + 3, K = std::min(M, N);
    Mat<T> A = randomMat<T>(M, N, Ld), F = A;
    T *DA = dev(A.V);
    int *Info = devInt(99), Lw = -1;
    CHECK_OK(D::getrfBuf(H, M, N, DA, Ld, &Lw));
    CHECK(Lw >= 0);
    std::vector<T> Work(size_t(std::max(Lw, 1)));
    T *DW = dev(Work);
    int *DPiv = dev(std::vector<int>(size_t(K) + 1, -5));
    CHECK_OK(D::getrf(H, M, N, DA, Ld, DW, DPiv, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    std::vector<int> Piv(size_t(K) + 1);
    toHost(Piv, DPiv);
    toHost(F.V, DA);
    CHECK(F.paddingIntact());
    bool PivOk = Piv[size_t(K)] == -5;
    for (int I = 0; I < K; ++I)
      PivOk &= Piv[size_t(I)] >= I + 1 && Piv[size_t(I)] <= M;
    CHECK(PivOk, "pivots not 1-based in [i, m] or written past min(m,n)");
    // L (m x k, unit) U (k x n), then undo the interchanges backwards.
    std::vector<Cx> L(size_t(M) * K, 0.0), U(size_t(K) * N, 0.0);
    for (int J = 0; J < K; ++J)
      for (int I = 0; I < M; ++I)
        L[size_t(J) * M + I] = I == J ? Cx(1) : I > J ? F.at(I, J) : Cx(0);
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < K; ++I)
        U[size_t(J) * K + I] = I <= J ? F.at(I, J) : Cx(0);
    std::vector<Cx> LU = mul(L, M, K, 'N', U, K, N, 'N');
    for (int I = K - 1; I >= 0; --I)
      if (PivOk && Piv[size_t(I)] - 1 != I)
        for (int J = 0; J < N; ++J)
          std::swap(LU[size_t(J) * M + I], LU[size_t(J) * M + Piv[size_t(I)] - 1]);
    CHECK(maxDiff<T>(LU, dense(A)) < tol<T>(), "P L U differs by %g (%dx%d)",
          maxDiff<T>(LU, dense(A)), M, N);
    // getrs on the square one: op N, T and C.
    if (M == N) {
      const int R = 2, Ldb = N + 1;
      for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C}) {
        Mat<T> B = randomMat<T>(N, R, Ldb), X = B;
        T *DB = dev(B.V);
        CHECK_OK(D::getrs(H, Op, N, R, DA, Ld, DPiv, DB, Ldb, Info));
        CHECK_CUDA(cudaDeviceSynchronize());
        CHECK(hostInt(Info) == 0);
        toHost(X.V, DB);
        CHECK(X.paddingIntact());
        std::vector<Cx> Aop = dense(A);
        if (Op != CUBLAS_OP_N) {
          for (int J = 0; J < N; ++J)
            for (int I = 0; I < N; ++I)
              Aop[size_t(J) * N + I] =
                  Op == CUBLAS_OP_T ? A.at(J, I) : std::conj(A.at(J, I));
        }
        std::vector<Cx> AX = mul(Aop, N, N, 'N', dense(X), N, R, 'N');
        CHECK(maxDiff<T>(AX, dense(B)) < tol<T>() * 10, "getrs op %d residual %g", int(Op),
              maxDiff<T>(AX, dense(B)));
        cudaFree(DB);
      }
    }
    cudaFree(DA);
    cudaFree(DW);
    cudaFree(DPiv);
    cudaFree(Info);
  }
  // Without pivoting (devIpiv NULL), larger than one block: diagonally dominant.
  {
    const int N = 150, Ld = 151;
    Mat<T> A = randomMat<T>(N, N, Ld), F = A;
    for (int I = 0; I < N; ++I)
      A(I, I) = A(I, I) + T(Re<T>(N));
    // Its L U is the elimination without interchanges: rebuilt exactly.
    T *DA = dev(A.V);
    int *Info = devInt(99);
    CHECK_OK(D::getrf(H, N, N, DA, Ld, nullptr, nullptr, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    toHost(F.V, DA);
    CHECK(F.paddingIntact());
    std::vector<Cx> L(size_t(N) * N, 0.0), U(size_t(N) * N, 0.0);
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < N; ++I) {
        L[size_t(J) * N + I] = I == J ? Cx(1) : I > J ? F.at(I, J) : Cx(0);
        U[size_t(J) * N + I] = I <= J ? F.at(I, J) : Cx(0);
      }
    std::vector<Cx> LU = mul(L, N, N, 'N', U, N, N, 'N');
    CHECK(maxDiff<T>(LU, dense(A)) < tol<T>(), "L U (no pivoting) differs by %g",
          maxDiff<T>(LU, dense(A)));
    // Its solve without pivots.
    Mat<T> B = randomMat<T>(N, 1, N), X = B;
    T *DB = dev(B.V);
    CHECK_OK(D::getrs(H, CUBLAS_OP_N, N, 1, DA, Ld, nullptr, DB, N, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    toHost(X.V, DB);
    std::vector<Cx> AX = mul(dense(A), N, N, 'N', dense(X), N, 1, 'N');
    CHECK(maxDiff<T>(AX, dense(B)) < tol<T>(), "getrs (no pivots) residual %g",
          maxDiff<T>(AX, dense(B)));
    cudaFree(DA);
    cudaFree(DB);
    cudaFree(Info);
  }
  // Singular: U(3,3) is zero -> info 3 (1-based), with and without pivots.
  for (bool Pivot : {true, false}) {
    const int N = 6;
    Mat<T> A(N, N, N);
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < N; ++I)
        A(I, J) = T(I == J && I != 2 ? 1 : 0);
    T *DA = dev(A.V);
    int *Info = devInt(99), *DPiv = dev(std::vector<int>(N, 0));
    CHECK_OK(D::getrf(H, N, N, DA, N, nullptr, Pivot ? DPiv : nullptr, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 3, "getrf singular info %d (pivot %d)", hostInt(Info), int(Pivot));
    cudaFree(DA);
    cudaFree(DPiv);
    cudaFree(Info);
  }
  // A zero first pivot without pivoting, though the matrix is regular: info 1;
  // with pivoting it factors.
  for (bool Pivot : {true, false}) {
    Mat<T> A(2, 2, 2);
    A(0, 0) = T(0), A(1, 0) = T(1), A(0, 1) = T(1), A(1, 1) = T(0);
    T *DA = dev(A.V);
    int *Info = devInt(99), *DPiv = dev(std::vector<int>(2, 0));
    CHECK_OK(D::getrf(H, 2, 2, DA, 2, nullptr, Pivot ? DPiv : nullptr, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == (Pivot ? 0 : 1), "getrf zero pivot info %d (pivot %d)", hostInt(Info),
          int(Pivot));
    cudaFree(DA);
    cudaFree(DPiv);
    cudaFree(Info);
  }
}

// ---- QR ----

template <class T> void testQr(cusolverDnHandle_t H) {
  using D = Dn<T>;
  const int M = 50, N = 30, Ld = 53;
  Mat<T> A = randomMat<T>(M, N, Ld), F = A;
  T *DA = dev(A.V), *DTau = dev(std::vector<T>(N));
  int *Info = devInt(99), Lw = -1;
  CHECK_OK(D::geqrfBuf(H, M, N, DA, Ld, &Lw));
  CHECK(Lw >= 1);
  T *DW = dev(std::vector<T>(size_t(Lw)));
  CHECK_OK(D::geqrf(H, M, N, DA, Ld, DTau, DW, Lw, Info));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK(hostInt(Info) == 0);
  toHost(F.V, DA);
  CHECK(F.paddingIntact());
  std::vector<T> Tau(N);
  toHost(Tau, DTau);
  // Q explicitly, m x m: orgqr/ungqr on the reflectors (n = m, k = N).
  Mat<T> Qf(M, M, M);
  for (int J = 0; J < M; ++J)
    for (int I = 0; I < M; ++I)
      Qf(I, J) = J < N ? F(I, J) : T(0);
  T *DQ = dev(Qf.V);
  int Lq = -1;
  CHECK_OK(D::gqrBuf(H, M, M, N, DQ, M, DTau, &Lq));
  CHECK(Lq >= 1);
  CHECK_OK(D::gqr(H, M, M, N, DQ, M, DTau, nullptr, 0, Info));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK(hostInt(Info) == 0);
  toHost(Qf.V, DQ);
  std::vector<Cx> Q = dense(Qf), R(size_t(M) * N, 0.0);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I <= J; ++I)
      R[size_t(J) * M + I] = F.at(I, J);
  std::vector<Cx> QR = mul(Q, M, M, 'N', R, M, N, 'N');
  CHECK(maxDiff<T>(QR, dense(A)) < tol<T>(), "Q R differs by %g", maxDiff<T>(QR, dense(A)));
  std::vector<Cx> QtQ = mul(Q, M, M, 'C', Q, M, M, 'N'), E(size_t(M) * M, 0.0);
  for (int I = 0; I < M; ++I)
    E[size_t(I) * M + I] = 1;
  CHECK(maxDiff<T>(QtQ, E) < tol<T>(), "Q^H Q - I = %g", maxDiff<T>(QtQ, E));
  // ormqr/unmqr against the explicit Q, each side and op.
  const cublasOperation_t Adj = IsCx<T> ? CUBLAS_OP_C : CUBLAS_OP_T;
  for (cublasSideMode_t Side : {CUBLAS_SIDE_LEFT, CUBLAS_SIDE_RIGHT})
    for (cublasOperation_t Op : {CUBLAS_OP_N, Adj}) {
      const int Cm = Side == CUBLAS_SIDE_LEFT ? M : 7, Cn = Side == CUBLAS_SIDE_LEFT ? 5 : M;
      const int Ldc = Cm + 2;
      Mat<T> C = randomMat<T>(Cm, Cn, Ldc), Out = C;
      T *DC = dev(C.V);
      int Lm = -1;
      CHECK_OK(D::mqrBuf(H, Side, Op, Cm, Cn, N, DA, Ld, DTau, DC, Ldc, &Lm));
      CHECK(Lm >= 1);
      // The size needs no arrays (cuSolverDn_LinearSolver passes tau NULL).
      int Lm2 = -1;
      CHECK_OK(D::mqrBuf(H, Side, Op, Cm, Cn, N, nullptr, Ld, nullptr, nullptr, Ldc, &Lm2));
      CHECK(Lm2 == Lm);
      T *DW2 = dev(std::vector<T>(size_t(Lm)));
      CHECK_OK(D::mqr(H, Side, Op, Cm, Cn, N, DA, Ld, DTau, DC, Ldc, DW2, Lm, Info));
      CHECK_CUDA(cudaDeviceSynchronize());
      CHECK(hostInt(Info) == 0);
      toHost(Out.V, DC);
      CHECK(Out.paddingIntact());
      char OpC = Op == CUBLAS_OP_N ? 'N' : 'C';
      std::vector<Cx> Want = Side == CUBLAS_SIDE_LEFT ? mul(Q, M, M, OpC, dense(C), Cm, Cn, 'N')
                                                      : mul(dense(C), Cm, Cn, 'N', Q, M, M, OpC);
      CHECK(maxDiff<T>(dense(Out), Want) < tol<T>(), "mqr side %d op %d differs by %g",
            int(Side), int(Op), maxDiff<T>(dense(Out), Want));
      cudaFree(DC);
      cudaFree(DW2);
    }
  cudaFree(DA);
  cudaFree(DTau);
  cudaFree(DW);
  cudaFree(DQ);
  cudaFree(Info);
}

// ---- SVD and eigenvalues ----

template <class T> void testSvdEig(cusolverDnHandle_t H) {
  using D = Dn<T>;
  using R = Re<T>;
  {
    const int M = 20, N = 12, Ld = 22;
    Mat<T> A = randomMat<T>(M, N, Ld);
    T *DA = dev(A.V), *DU = dev(std::vector<T>(size_t(M) * M)),
      *DV = dev(std::vector<T>(size_t(N) * N));
    R *DS = dev(std::vector<R>(N)), *DRw = dev(std::vector<R>(N));
    int *Info = devInt(99), Lw = -1;
    CHECK_OK(D::gesvdBuf(H, M, N, &Lw));
    CHECK(Lw >= 1);
    T *DW = dev(std::vector<T>(size_t(Lw)));
    CHECK_OK(D::gesvd(H, 'A', 'A', M, N, DA, Ld, DS, DU, M, DV, N, DW, Lw, DRw, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    std::vector<R> S(N);
    Mat<T> U(M, M, M), V(N, N, N);
    toHost(S, DS);
    toHost(U.V, DU);
    toHost(V.V, DV);
    bool Sorted = true;
    for (int I = 0; I < N; ++I)
      Sorted &= S[I] >= 0 && (I == 0 || S[I] <= S[I - 1]);
    CHECK(Sorted, "singular values not descending and >= 0");
    std::vector<Cx> Sm(size_t(M) * N, 0.0);
    for (int I = 0; I < N; ++I)
      Sm[size_t(I) * M + I] = S[I];
    std::vector<Cx> USV = mul(mul(dense(U), M, M, 'N', Sm, M, N, 'N'), M, N, 'N', dense(V), N, N, 'N');
    CHECK(maxDiff<T>(USV, dense(A)) < tol<T>(), "U S V^H differs by %g", maxDiff<T>(USV, dense(A)));
    // Values only: the same S.
    T *DA2 = dev(A.V);
    R *DS2 = dev(std::vector<R>(N));
    CHECK_OK(D::gesvd(H, 'N', 'N', M, N, DA2, Ld, DS2, nullptr, 1, nullptr, 1, DW, Lw, nullptr, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    std::vector<R> S2(N);
    toHost(S2, DS2);
    double Dmax = 0;
    for (int I = 0; I < N; ++I)
      Dmax = std::max(Dmax, std::abs(double(S2[I] - S[I])));
    CHECK(Dmax < tol<T>() * 10, "gesvd N/N values differ by %g", Dmax);
    // jobu 'S' (U is m x n), jobvt 'S'; then jobu 'O' (U into A), jobvt 'N'.
    T *DA3 = dev(A.V), *DUs = dev(std::vector<T>(size_t(M) * N));
    CHECK_OK(D::gesvd(H, 'S', 'S', M, N, DA3, Ld, DS2, DUs, M, DV, N, DW, Lw, nullptr, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    Mat<T> Us(M, N, M);
    toHost(Us.V, DUs);
    toHost(V.V, DV);
    toHost(S2, DS2);
    std::vector<Cx> Sn(size_t(N) * N, 0.0);
    for (int I = 0; I < N; ++I)
      Sn[size_t(I) * N + I] = S2[I];
    std::vector<Cx> USV2 = mul(mul(dense(Us), M, N, 'N', Sn, N, N, 'N'), M, N, 'N', dense(V), N, N, 'N');
    CHECK(maxDiff<T>(USV2, dense(A)) < tol<T>(), "gesvd S/S: U S V^H differs by %g",
          maxDiff<T>(USV2, dense(A)));
    T *DA4 = dev(A.V);
    CHECK_OK(D::gesvd(H, 'O', 'N', M, N, DA4, Ld, DS2, nullptr, 1, nullptr, 1, DW, Lw, nullptr, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    Mat<T> Uo = A;
    toHost(Uo.V, DA4);
    double Ucols = 0; // the first n columns of U, up to sign/phase: |<Uo_j, Us_j>| == 1
    for (int J = 0; J < N; ++J) {
      Cx Dot = 0;
      for (int I = 0; I < M; ++I)
        Dot += std::conj(Uo.at(I, J)) * Us.at(I, J);
      Ucols = std::max(Ucols, std::abs(std::abs(Dot) - 1.0));
    }
    CHECK(Ucols < tol<T>() * 10, "gesvd jobu O: U in A differs by %g", Ucols);
    for (void *P : {(void *)DA, (void *)DU, (void *)DV, (void *)DS, (void *)DRw, (void *)DW,
                    (void *)DA2, (void *)DS2, (void *)DA3, (void *)DUs, (void *)DA4})
      cudaFree(P);
    cudaFree(Info);
  }
  for (cublasFillMode_t Uplo : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
    const int N = 25, Ld = 27;
    Mat<T> A = hpd<T>(N, Ld);
    for (int I = 0; I < N; ++I)
      A(I, I) = A(I, I) - T(R(N + 3)); // some negative eigenvalues
    // The unused triangle holds garbage: it must not be read.
    Mat<T> G = A;
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < N; ++I)
        if (Uplo == CUBLAS_FILL_MODE_LOWER ? I < J : I > J)
          G(I, J) = T(R(1e3));
    T *DA = dev(G.V);
    R *DW = dev(std::vector<R>(N));
    int *Info = devInt(99), Lw = -1;
    CHECK_OK(D::evdBuf(H, CUSOLVER_EIG_MODE_VECTOR, Uplo, N, DA, Ld, DW, &Lw));
    CHECK(Lw >= 1);
    T *DWk = dev(std::vector<T>(size_t(Lw)));
    CHECK_OK(D::evd(H, CUSOLVER_EIG_MODE_VECTOR, Uplo, N, DA, Ld, DW, DWk, Lw, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    std::vector<R> W(N);
    Mat<T> V = G;
    toHost(W, DW);
    toHost(V.V, DA);
    CHECK(V.paddingIntact());
    bool Asc = true;
    for (int I = 1; I < N; ++I)
      Asc &= W[I] >= W[I - 1];
    CHECK(Asc, "eigenvalues not ascending");
    std::vector<Cx> Wm(size_t(N) * N, 0.0);
    for (int I = 0; I < N; ++I)
      Wm[size_t(I) * N + I] = W[I];
    std::vector<Cx> VWV = mul(mul(dense(V), N, N, 'N', Wm, N, N, 'N'), N, N, 'N', dense(V), N, N, 'C');
    CHECK(maxDiff<T>(VWV, dense(A)) < tol<T>(), "V W V^H differs by %g (uplo %d)",
          maxDiff<T>(VWV, dense(A)), int(Uplo));
    // Values only: the same W, A's triangle overwritten or not.
    T *DA2 = dev(G.V);
    R *DW2 = dev(std::vector<R>(N));
    CHECK_OK(D::evd(H, CUSOLVER_EIG_MODE_NOVECTOR, Uplo, N, DA2, Ld, DW2, nullptr, 0, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    std::vector<R> W2(N);
    toHost(W2, DW2);
    double Wd = 0;
    for (int I = 0; I < N; ++I)
      Wd = std::max(Wd, std::abs(double(W2[I] - W[I])) / std::max(1.0, std::abs(double(W[I]))));
    CHECK(Wd < tol<T>(), "syevd values-only differs by %g", Wd);
    cudaFree(DA2);
    cudaFree(DW2);
    cudaFree(DA);
    cudaFree(DW);
    cudaFree(DWk);
    cudaFree(Info);
  }
}

// ---- Status codes ----

template <class T> void testErrors(cusolverDnHandle_t H) {
  using D = Dn<T>;
  T *DA = dev(std::vector<T>(64));
  int *Info = devInt(99), Lw = 0;
  auto infoIs = [&](int Want) {
    cudaDeviceSynchronize();
    int Got = hostInt(Info);
    setInt(Info, 99);
    return Got == Want;
  };
  const auto IV = CUSOLVER_STATUS_INVALID_VALUE;
  CHECK(D::potrf(nullptr, CUBLAS_FILL_MODE_LOWER, 4, DA, 4, nullptr, 0, Info) ==
        CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(D::potrf(H, cublasFillMode_t(7), 4, DA, 4, nullptr, 0, Info) == IV);
  CHECK(infoIs(-1));
  CHECK(D::potrf(H, CUBLAS_FILL_MODE_FULL, 4, DA, 4, nullptr, 0, Info) == IV);
  CHECK(infoIs(-1));
  CHECK(D::potrf(H, CUBLAS_FILL_MODE_LOWER, -1, DA, 4, nullptr, 0, Info) == IV);
  CHECK(infoIs(-2));
  CHECK(D::potrf(H, CUBLAS_FILL_MODE_LOWER, 4, DA, 3, nullptr, 0, Info) == IV);
  CHECK(infoIs(-4));
  CHECK(D::potrf(H, CUBLAS_FILL_MODE_LOWER, 4, nullptr, 4, nullptr, 0, Info) == IV);
  CHECK(D::potrf(H, CUBLAS_FILL_MODE_LOWER, 4, DA, 4, nullptr, 0, nullptr) == IV);
  CHECK(D::potrfBuf(H, CUBLAS_FILL_MODE_LOWER, 4, DA, 4, nullptr) == IV);
  CHECK(D::potrfBuf(nullptr, CUBLAS_FILL_MODE_LOWER, 4, DA, 4, &Lw) ==
        CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(D::potrs(H, CUBLAS_FILL_MODE_LOWER, 4, -2, DA, 4, DA, 4, Info) == IV);
  CHECK(infoIs(-3));
  CHECK(D::potrs(H, CUBLAS_FILL_MODE_LOWER, 4, 1, DA, 4, DA, 2, Info) == IV);
  CHECK(infoIs(-7));
  CHECK(D::getrf(H, -1, 4, DA, 4, nullptr, nullptr, Info) == IV);
  CHECK(infoIs(-1));
  CHECK(D::getrf(H, 6, 4, DA, 5, nullptr, nullptr, Info) == IV);
  CHECK(infoIs(-4));
  CHECK(D::getrfBuf(H, 6, 4, DA, 5, &Lw) == IV);
  CHECK(D::getrs(H, cublasOperation_t(9), 4, 1, DA, 4, nullptr, DA, 4, Info) == IV);
  CHECK(infoIs(-1));
  CHECK(D::getrs(H, CUBLAS_OP_N, 4, 1, DA, 4, nullptr, DA, 3, Info) == IV);
  CHECK(infoIs(-8));
  // Pivots outside [1, n] (read when the solve runs): -6, B untouched.
  {
    std::vector<T> Ones(4, T(1));
    T *DB = dev(Ones);
    int *Bad = dev(std::vector<int>{1, 2, 5, 4});
    CHECK_OK(D::getrs(H, CUBLAS_OP_N, 4, 1, DA, 4, Bad, DB, 4, Info));
    CHECK(infoIs(-6));
    std::vector<T> Back(4);
    toHost(Back, DB);
    CHECK(Back == Ones);
    cudaFree(DB);
    cudaFree(Bad);
  }
  CHECK(D::geqrf(H, 4, -1, DA, 4, DA, nullptr, 0, Info) == IV);
  CHECK(infoIs(-2));
  CHECK(D::geqrfBuf(H, 4, 4, DA, 2, &Lw) == IV);
  // ormqr: k > m on the left; the other op (T for complex, C is T for real).
  CHECK(D::mqr(H, CUBLAS_SIDE_LEFT, CUBLAS_OP_N, 4, 2, 5, DA, 4, DA, DA, 4, nullptr, 0, Info) == IV);
  CHECK(infoIs(-5));
  if (IsCx<T>) {
    CHECK(D::mqr(H, CUBLAS_SIDE_LEFT, CUBLAS_OP_T, 4, 2, 2, DA, 4, DA, DA, 4, nullptr, 0, Info) == IV);
    CHECK(infoIs(-2));
  }
  CHECK(D::mqr(H, CUBLAS_SIDE_RIGHT, CUBLAS_OP_N, 4, 3, 2, DA, 3, DA, DA, 3, nullptr, 0, Info) == IV);
  CHECK(infoIs(-10));
  CHECK(D::mqr(H, CUBLAS_SIDE_RIGHT, CUBLAS_OP_N, 4, 3, 2, DA, 2, DA, DA, 4, nullptr, 0, Info) == IV);
  CHECK(infoIs(-7));
  CHECK(D::mqrBuf(H, cublasSideMode_t(3), CUBLAS_OP_N, 4, 2, 2, DA, 4, DA, DA, 4, &Lw) == IV);
  CHECK(D::gqr(H, 4, 5, 2, DA, 4, DA, nullptr, 0, Info) == IV);
  CHECK(infoIs(-2));
  // gesvd: m < n (cuSOLVER's restriction), a bad job letter, ldu < m.
  CHECK(D::gesvdBuf(H, 3, 4, &Lw) == IV);
  Re<T> *S = dev(std::vector<Re<T>>(8));
  CHECK(D::gesvd(H, 'A', 'A', 3, 4, DA, 3, S, DA, 3, DA, 4, nullptr, 0, nullptr, Info) == IV);
  CHECK(infoIs(-4));
  CHECK(D::gesvd(H, 'X', 'A', 4, 4, DA, 4, S, DA, 4, DA, 4, nullptr, 0, nullptr, Info) == IV);
  CHECK(infoIs(-1));
  CHECK(D::gesvd(H, 'A', 'A', 4, 4, DA, 4, S, DA, 3, DA, 4, nullptr, 0, nullptr, Info) == IV);
  CHECK(infoIs(-9));
  CHECK(D::evd(H, cusolverEigMode_t(5), CUBLAS_FILL_MODE_LOWER, 4, DA, 4, S, nullptr, 0, Info) == IV);
  CHECK(infoIs(-1));
  CHECK(D::evd(H, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, 4, DA, 3, S, nullptr, 0, Info) == IV);
  CHECK(infoIs(-5));
  CHECK(D::evdBuf(H, CUSOLVER_EIG_MODE_VECTOR, cublasFillMode_t(4), 4, DA, 4, S, &Lw) == IV);
  // Empty problems succeed with info 0.
  CHECK_OK(D::potrf(H, CUBLAS_FILL_MODE_UPPER, 0, nullptr, 1, nullptr, 0, Info));
  CHECK(infoIs(0));
  CHECK_OK(D::getrf(H, 0, 3, nullptr, 1, nullptr, nullptr, Info));
  CHECK(infoIs(0));
  cudaFree(S);
  cudaFree(DA);
  cudaFree(Info);
}

// ---- Handle, version, stream order, graphs ----

__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}
/// An SPD tridiagonal matrix: 4 on the diagonal, 1 beside it.
__global__ void fillSpd(double *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N * N) {
    int R = I % N, C = I / N;
    A[I] = R == C ? 4.0 : (R - C == 1 || C - R == 1) ? 1.0 : 0.0;
  }
}
static bool choleskyOfTridiag(const std::vector<double> &F, int N) {
  // L of [4 1; 1 4 ...]: d0 = 2, l_i = 1/d_{i-1}, d_i = sqrt(4 - l_i^2).
  double Dg = 2;
  if (std::abs(F[0] - 2) > 1e-12)
    return false;
  for (int I = 1; I < N; ++I) {
    double L = 1 / Dg;
    Dg = std::sqrt(4 - L * L);
    if (std::abs(F[size_t(I - 1) * N + I] - L) > 1e-12 || std::abs(F[size_t(I) * N + I] - Dg) > 1e-12)
      return false;
  }
  return true;
}

static void testHandleAndStreams() {
  int V = 0;
  CHECK_OK(cusolverGetVersion(&V));
  CHECK(V == CUSOLVER_VERSION && V == CUSOLVER_VER_MAJOR * 1000 + CUSOLVER_VER_MINOR * 100 + CUSOLVER_VER_PATCH);
  int Major = 0, Minor = -1, Patch = -1;
  CHECK_OK(cusolverGetProperty(MAJOR_VERSION, &Major));
  CHECK_OK(cusolverGetProperty(MINOR_VERSION, &Minor));
  CHECK_OK(cusolverGetProperty(PATCH_LEVEL, &Patch));
  CHECK(Major == CUSOLVER_VER_MAJOR && Minor == CUSOLVER_VER_MINOR && Patch == CUSOLVER_VER_PATCH);
  CHECK(cusolverGetProperty(MAJOR_VERSION, nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverGetVersion(nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverDnCreate(nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverDnDestroy(nullptr) == CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(cusolverDnSetStream(nullptr, 0) == CUSOLVER_STATUS_NOT_INITIALIZED);
  cusolverDnParams_t P;
  CHECK_OK(cusolverDnCreateParams(&P));
  CHECK_OK(cusolverDnSetAdvOptions(P, CUSOLVERDN_GETRF, CUSOLVER_ALG_0));
  CHECK(cusolverDnSetAdvOptions(P, CUSOLVERDN_GETRF, cusolverAlgMode_t(9)) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK_OK(cusolverDnDestroyParams(P));
  CHECK(CUSOLVER_STATUS_NOT_SUPPORTED == 9 && CUSOLVER_STATUS_ZERO_PIVOT == 10 &&
        CUSOLVER_STATUS_INVALID_WORKSPACE == 31 && CUSOLVER_EIG_MODE_VECTOR == 1);

  cusolverDnHandle_t H;
  CHECK_OK(cusolverDnCreate(&H));
  // Non-blocking: the legacy stream's copy below must not wait for it.
  cudaStream_t S, Got = nullptr;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  CHECK_OK(cusolverDnGetStream(H, &Got));
  CHECK(Got == nullptr);
  CHECK_OK(cusolverDnSetStream(H, S));
  CHECK_OK(cusolverDnGetStream(H, &Got));
  CHECK(Got == S);
  CHECK(cusolverDnGetStream(H, nullptr) == CUSOLVER_STATUS_INVALID_VALUE);

  // potrf behind a gated kernel and the kernel that fills A: it must see A.
  const int N = 100;
  double *DA;
  int *Info = devInt(99);
  CHECK_CUDA(cudaMalloc(&DA, sizeof(double) * N * N));
  CHECK_CUDA(cudaMemset(DA, 0, sizeof(double) * N * N)); // all zero: info 1 if run too early
  int *Open;
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  fillSpd<<<(N * N + 255) / 256, 256, 0, S>>>(DA, N);
  CHECK_OK(cusolverDnDpotrf(H, CUBLAS_FILL_MODE_LOWER, N, DA, N, nullptr, 0, Info));
  int Early = 0;
  cudaMemcpy(&Early, Info, sizeof(int), cudaMemcpyDeviceToHost); // legacy stream: not S
  CHECK(Early == 99, "devInfo written before the stream reached the call");
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::vector<double> F(size_t(N) * N);
  toHost(F, DA);
  CHECK(hostInt(Info) == 0 && choleskyOfTridiag(F, N), "potrf did not run after the kernels before it");

  // Captured into a graph (fill + potrf), launched twice.
  cudaGraph_t G;
  cudaGraphExec_t Exec;
  CHECK_CUDA(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
  fillSpd<<<(N * N + 255) / 256, 256, 0, S>>>(DA, N);
  CHECK_OK(cusolverDnDpotrf(H, CUBLAS_FILL_MODE_LOWER, N, DA, N, nullptr, 0, Info));
  CHECK_CUDA(cudaStreamEndCapture(S, &G));
  CHECK_CUDA(cudaGraphInstantiate(&Exec, G, 0));
  for (int Run = 0; Run < 2; ++Run) {
    CHECK_CUDA(cudaMemset(DA, 0, sizeof(double) * N * N));
    setInt(Info, 99);
    CHECK_CUDA(cudaGraphLaunch(Exec, S));
    CHECK_CUDA(cudaStreamSynchronize(S));
    toHost(F, DA);
    CHECK(hostInt(Info) == 0 && choleskyOfTridiag(F, N), "graph launch %d", Run);
  }
  CHECK_CUDA(cudaGraphExecDestroy(Exec));
  CHECK_CUDA(cudaGraphDestroy(G));
  CHECK_OK(cusolverDnDestroy(H));
  CHECK_CUDA(cudaStreamDestroy(S));
  CHECK_CUDA(cudaFreeHost(Open));
  cudaFree(DA);
  cudaFree(Info);
}

// ---- The 64-bit API (cusolverDnX*) ----

template <class T> cudaDataType typeOf() {
  if (std::is_same<T, float>::value)
    return CUDA_R_32F;
  if (std::is_same<T, double>::value)
    return CUDA_R_64F;
  return std::is_same<T, cf>::value ? CUDA_C_32F : CUDA_C_64F;
}

template <class T> void testX(cusolverDnHandle_t H) {
  const cudaDataType Ty = typeOf<T>();
  cusolverDnParams_t P;
  CHECK_OK(cusolverDnCreateParams(&P));
  const int N = 33, Ld = 35, R = 2;
  // Xpotrf + Xpotrs.
  {
    Mat<T> A = hpd<T>(N, Ld), B = randomMat<T>(N, R, N), X = B;
    T *DA = dev(A.V), *DB = dev(B.V);
    int *Info = devInt(99);
    size_t Dev = 0, Host = 7;
    CHECK_OK(cusolverDnXpotrf_bufferSize(H, P, CUBLAS_FILL_MODE_UPPER, N, Ty, DA, Ld, Ty, &Dev, &Host));
    CHECK(Dev >= sizeof(T) && Host == 0);
    void *Buf = nullptr;
    cudaMalloc(&Buf, Dev);
    CHECK_OK(cusolverDnXpotrf(H, P, CUBLAS_FILL_MODE_UPPER, N, Ty, DA, Ld, Ty, Buf, Dev, nullptr, 0, Info));
    CHECK_OK(cusolverDnXpotrs(H, P, CUBLAS_FILL_MODE_UPPER, N, R, Ty, DA, Ld, Ty, DB, N, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    toHost(X.V, DB);
    std::vector<Cx> AX = mul(dense(A), N, N, 'N', dense(X), N, R, 'N');
    CHECK(maxDiff<T>(AX, dense(B)) < tol<T>(), "Xpotrs residual %g", maxDiff<T>(AX, dense(B)));
    // Bad arguments, numbered as the 64-bit API numbers them; other types.
    CHECK(cusolverDnXpotrf(H, P, CUBLAS_FILL_MODE_UPPER, -1, Ty, DA, Ld, Ty, Buf, Dev, nullptr, 0, Info) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == -3, "Xpotrf n < 0: info %d", hostInt(Info));
    CHECK(cusolverDnXpotrf(H, P, CUBLAS_FILL_MODE_UPPER, N, Ty, DA, N - 1, Ty, Buf, Dev, nullptr, 0, Info) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == -6, "Xpotrf lda < n: info %d", hostInt(Info));
    CHECK(cusolverDnXpotrf(H, nullptr, CUBLAS_FILL_MODE_UPPER, N, Ty, DA, Ld, Ty, Buf, Dev, nullptr, 0, Info) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    CHECK(cusolverDnXpotrf(H, P, CUBLAS_FILL_MODE_UPPER, N, Ty, DA, Ld, CUDA_R_16F, Buf, Dev, nullptr, 0, Info) ==
          CUSOLVER_STATUS_NOT_SUPPORTED);
    CHECK(cusolverDnXpotrf(H, P, CUBLAS_FILL_MODE_UPPER, N, CUDA_R_8I, DA, Ld, CUDA_R_8I, Buf, Dev, nullptr, 0, Info) ==
          CUSOLVER_STATUS_NOT_SUPPORTED);
    CHECK(cusolverDnXpotrf(nullptr, P, CUBLAS_FILL_MODE_UPPER, N, Ty, DA, Ld, Ty, Buf, Dev, nullptr, 0, Info) ==
          CUSOLVER_STATUS_NOT_INITIALIZED);
    cudaFree(Buf);
    cudaFree(DA);
    cudaFree(DB);
    cudaFree(Info);
  }
  // Xgetrf (64-bit pivots) + Xgetrs, op N and T.
  for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T}) {
    Mat<T> A = randomMat<T>(N, N, Ld), B = randomMat<T>(N, R, N), X = B;
    T *DA = dev(A.V), *DB = dev(B.V);
    int *Info = devInt(99);
    int64_t *DPiv = dev(std::vector<int64_t>(N + 1, -5));
    size_t Dev = 0, Host = 7;
    CHECK_OK(cusolverDnXgetrf_bufferSize(H, P, N, N, Ty, DA, Ld, Ty, &Dev, &Host));
    CHECK(Host == 0);
    void *Buf = nullptr;
    cudaMalloc(&Buf, Dev);
    CHECK_OK(cusolverDnXgetrf(H, P, N, N, Ty, DA, Ld, DPiv, Ty, Buf, Dev, nullptr, 0, Info));
    CHECK_OK(cusolverDnXgetrs(H, P, Op, N, R, Ty, DA, Ld, DPiv, Ty, DB, N, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    std::vector<int64_t> Piv(N + 1);
    toHost(Piv, DPiv);
    bool PivOk = Piv[N] == -5;
    for (int I = 0; I < N; ++I)
      PivOk &= Piv[I] >= I + 1 && Piv[I] <= N;
    CHECK(PivOk, "Xgetrf pivots");
    toHost(X.V, DB);
    std::vector<Cx> Aop = dense(A);
    if (Op == CUBLAS_OP_T)
      for (int J = 0; J < N; ++J)
        for (int I = 0; I < N; ++I)
          Aop[size_t(J) * N + I] = A.at(J, I);
    std::vector<Cx> AX = mul(Aop, N, N, 'N', dense(X), N, R, 'N');
    CHECK(maxDiff<T>(AX, dense(B)) < tol<T>() * 10, "Xgetrs residual %g", maxDiff<T>(AX, dense(B)));
    CHECK(cusolverDnXgetrs(H, P, Op, N, R, Ty, DA, Ld, DPiv, Ty, DB, N - 1, Info) == CUSOLVER_STATUS_INVALID_VALUE);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == -11, "Xgetrs ldb < n: info %d", hostInt(Info));
    int64_t Zero = 0;
    cudaMemcpy(DPiv + 3, &Zero, sizeof(Zero), cudaMemcpyHostToDevice);
    CHECK_OK(cusolverDnXgetrs(H, P, Op, N, R, Ty, DA, Ld, DPiv, Ty, DB, N, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == -8, "Xgetrs pivot 0: info %d", hostInt(Info));
    cudaFree(Buf);
    cudaFree(DA);
    cudaFree(DB);
    cudaFree(DPiv);
    cudaFree(Info);
  }
  // Xgeqrf: the same factors as geqrf.
  {
    const int M = 40;
    Mat<T> A = randomMat<T>(M, N, M), F1 = A, F2 = A;
    T *DA1 = dev(A.V), *DA2 = dev(A.V), *DT1 = dev(std::vector<T>(N)), *DT2 = dev(std::vector<T>(N));
    int *Info = devInt(99), Lw = 0;
    size_t Dev = 0, Host = 7;
    CHECK_OK(cusolverDnXgeqrf_bufferSize(H, P, M, N, Ty, DA1, M, Ty, DT1, Ty, &Dev, &Host));
    CHECK(Dev >= sizeof(T) && Host == 0);
    void *Buf = nullptr;
    cudaMalloc(&Buf, Dev);
    CHECK_OK(cusolverDnXgeqrf(H, P, M, N, Ty, DA1, M, Ty, DT1, Ty, Buf, Dev, nullptr, 0, Info));
    CHECK_OK(Dn<T>::geqrfBuf(H, M, N, DA2, M, &Lw));
    CHECK_OK(Dn<T>::geqrf(H, M, N, DA2, M, DT2, nullptr, 0, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    toHost(F1.V, DA1);
    toHost(F2.V, DA2);
    CHECK(maxDiff<T>(dense(F1), dense(F2)) < tol<T>(), "Xgeqrf differs from geqrf");
    CHECK(cusolverDnXgeqrf(H, P, M, N, Ty, DA1, M, Ty, DT1, Ty, Buf, Dev, nullptr, 0, nullptr) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    CHECK(cusolverDnXgeqrf(H, P, M, N, Ty, DA1, M - 1, Ty, DT1, Ty, Buf, Dev, nullptr, 0, Info) ==
          CUSOLVER_STATUS_INVALID_VALUE);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == -6, "Xgeqrf lda < m: info %d", hostInt(Info));
    cudaFree(Buf);
    for (void *Q : {(void *)DA1, (void *)DA2, (void *)DT1, (void *)DT2, (void *)Info})
      cudaFree(Q);
  }
  // Xgesvd and Xsyevd: the same values as gesvd and syevd.
  {
    using R = Re<T>;
    const cudaDataType Rt = std::is_same<R, float>::value ? CUDA_R_32F : CUDA_R_64F;
    const int M = 21, Nn = 13;
    Mat<T> A = randomMat<T>(M, Nn, M);
    T *DA1 = dev(A.V), *DA2 = dev(A.V), *DU = dev(std::vector<T>(size_t(M) * M)),
      *DV = dev(std::vector<T>(size_t(Nn) * Nn));
    R *DS1 = dev(std::vector<R>(Nn)), *DS2 = dev(std::vector<R>(Nn));
    int *Info = devInt(99);
    size_t Dev = 0, Host = 7;
    CHECK_OK(cusolverDnXgesvd_bufferSize(H, P, 'A', 'A', M, Nn, Ty, DA1, M, Rt, DS1, Ty, DU, M, Ty, DV, Nn, Ty,
                                         &Dev, &Host));
    CHECK(Dev >= sizeof(T) && Host == 0);
    void *Buf = nullptr;
    cudaMalloc(&Buf, Dev);
    CHECK_OK(cusolverDnXgesvd(H, P, 'A', 'A', M, Nn, Ty, DA1, M, Rt, DS1, Ty, DU, M, Ty, DV, Nn, Ty, Buf, Dev,
                              nullptr, 0, Info));
    CHECK_OK(Dn<T>::gesvd(H, 'N', 'N', M, Nn, DA2, M, DS2, nullptr, 1, nullptr, 1, nullptr, 0, nullptr, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    std::vector<R> S1(Nn), S2(Nn);
    toHost(S1, DS1);
    toHost(S2, DS2);
    double Sd = 0;
    for (int I = 0; I < Nn; ++I)
      Sd = std::max(Sd, std::abs(double(S1[I] - S2[I])));
    CHECK(Sd < tol<T>() * 10, "Xgesvd values differ by %g", Sd);
    CHECK(cusolverDnXgesvd(H, P, 'A', 'A', M, Nn, Ty, DA1, M, Ty == Rt ? CUDA_R_16F : Ty, DS1, Ty, DU, M, Ty, DV,
                           Nn, Ty, Buf, Dev, nullptr, 0, Info) == CUSOLVER_STATUS_NOT_SUPPORTED);
    CHECK(cusolverDnXgesvd(H, P, 'A', 'A', M, Nn, Ty, DA1, M, Rt, DS1, Ty, DU, M - 1, Ty, DV, Nn, Ty, Buf, Dev,
                           nullptr, 0, Info) == CUSOLVER_STATUS_INVALID_VALUE);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == -13, "Xgesvd ldu < m: info %d", hostInt(Info));
    cudaFree(Buf);
    // Xsyevd on a Hermitian matrix against syevd/heevd.
    Mat<T> E = hpd<T>(Nn, Nn);
    T *DE1 = dev(E.V), *DE2 = dev(E.V);
    CHECK_OK(cusolverDnXsyevd_bufferSize(H, P, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, Nn, Ty, DE1, Nn,
                                         Rt, DS1, Ty, &Dev, &Host));
    CHECK(Dev >= sizeof(T) && Host == 0);
    cudaMalloc(&Buf, Dev);
    CHECK_OK(cusolverDnXsyevd(H, P, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, Nn, Ty, DE1, Nn, Rt, DS1, Ty,
                              Buf, Dev, nullptr, 0, Info));
    CHECK_OK(Dn<T>::evd(H, CUSOLVER_EIG_MODE_NOVECTOR, CUBLAS_FILL_MODE_LOWER, Nn, DE2, Nn, DS2, nullptr, 0, Info));
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == 0);
    toHost(S1, DS1);
    toHost(S2, DS2);
    Sd = 0;
    for (int I = 0; I < Nn; ++I)
      Sd = std::max(Sd, std::abs(double(S1[I] - S2[I])) / std::max(1.0, std::abs(double(S2[I]))));
    CHECK(Sd < tol<T>(), "Xsyevd values differ by %g", Sd);
    CHECK(cusolverDnXsyevd(H, P, CUSOLVER_EIG_MODE_VECTOR, CUBLAS_FILL_MODE_LOWER, Nn, Ty, DE1, Nn - 1, Rt, DS1, Ty,
                           Buf, Dev, nullptr, 0, Info) == CUSOLVER_STATUS_INVALID_VALUE);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK(hostInt(Info) == -7, "Xsyevd lda < n: info %d", hostInt(Info));
    cudaFree(Buf);
    for (void *Q : {(void *)DA1, (void *)DA2, (void *)DU, (void *)DV, (void *)DS1, (void *)DS2, (void *)Info,
                    (void *)DE1, (void *)DE2})
      cudaFree(Q);
  }
  CHECK_OK(cusolverDnDestroyParams(P));
}

template <class T> void testType(cusolverDnHandle_t H) {
  testCholesky<T>(H);
  testLu<T>(H);
  testQr<T>(H);
  testSvdEig<T>(H);
  testErrors<T>(H);
  testX<T>(H);
}

int main() {
  testHandleAndStreams();
  cusolverDnHandle_t H;
  CHECK_OK(cusolverDnCreate(&H));
  testType<float>(H);
  testType<double>(H);
  testType<cf>(H);
  testType<cd>(H);
  CHECK_OK(cusolverDnDestroy(H));
  return finish("solver_dense");
}

// cuSOLVER sparse (cusolverSp) against plain CPU references, for S/D/C/Z
// and index bases 0 and 1: csrlsvchol (host and device) on random SPD /
// Hermitian matrices, csrlsvlu (host) and csrlsvqr (host and device) on
// random general matrices that need row pivoting, each with reorder 0-3,
// checked by residuals; csrlsqvqr on a full-rank and a rank-deficient
// rectangular matrix (normal equations, rank, min_norm, permutation);
// singularity: an exactly singular matrix, a tiny pivot under tol, a matrix
// that is not positive definite. The reorderings (symrcm, symamd, symmdq,
// metisnd): permutations; RCM restores the bandwidth of a shuffled banded
// matrix, AMD/METIS/MDQ reduce the Cholesky fill of a shuffled grid.
// csrperm: B = A(p,q) densely, sorted rows, map composed; csrissym with and
// without end pointers; csrzfd. Bad arguments and their codes. A device
// solve on a stream behind a kernel that waits for the host sees the
// kernel's values. cusparseScatter (the sample uses it).
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcusolver -lcusparse && %t | FileCheck %s
// CHECK: solver_sparse: OK
#include <cusolverSp.h>
#include <cusparse.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdint>
#include <set>
#include <thread>
#include <type_traits>
#include <vector>

#include "Inputs/check.h"

#define CHECK_OK(Expr) CHECK((Expr) == CUSOLVER_STATUS_SUCCESS)
#define CHECK_CUDA(Expr) CHECK((Expr) == cudaSuccess)

using cf = std::complex<float>;
using cd = std::complex<double>;

template <class T> struct RealOf { using type = T; };
template <class R> struct RealOf<std::complex<R>> { using type = R; };
template <class T> using Re = typename RealOf<T>::type;
template <class T> constexpr bool IsCx = !std::is_same<T, Re<T>>::value;

static unsigned Seed = 12345;
static double rnd() { // [-1, 1)
  Seed = Seed * 1103515245u + 12345u;
  return ((Seed >> 8) & 0xffff) / 32768.0 - 1.0;
}
static int rndInt(int N) { return int((rnd() + 1) / 2 * N) % N; }
template <class T> T rndVal() {
  if constexpr (IsCx<T>)
    return T(Re<T>(rnd()), Re<T>(rnd()));
  else
    return T(rnd());
}
template <class T> T conjOf(T V) {
  if constexpr (IsCx<T>)
    return std::conj(V);
  else
    return V;
}
template <class T> double tolOf() { return sizeof(Re<T>) == 4 ? 2e-5 : 1e-12; }

// ---- The four typed families behind one name ----

template <class T> struct Sp;
#define SP(p, T, CT)                                                                      \
  template <> struct Sp<T> {                                                              \
    static CT *c(T *P) { return reinterpret_cast<CT *>(P); }                              \
    static const CT *c(const T *P) { return reinterpret_cast<const CT *>(P); }            \
    using R = Re<T>;                                                                      \
    static cusolverStatus_t cholHost(cusolverSpHandle_t h, int n, int nnz,                \
                                     cusparseMatDescr_t d, const T *v, const int *rp,     \
                                     const int *ci, const T *b, R tol, int ro, T *x,      \
                                     int *s) {                                            \
      return cusolverSp##p##csrlsvcholHost(h, n, nnz, d, c(v), rp, ci, c(b), tol, ro, c(x), s); \
    }                                                                                     \
    static cusolverStatus_t chol(cusolverSpHandle_t h, int n, int nnz, cusparseMatDescr_t d, \
                                 const T *v, const int *rp, const int *ci, const T *b, R tol, \
                                 int ro, T *x, int *s) {                                  \
      return cusolverSp##p##csrlsvchol(h, n, nnz, d, c(v), rp, ci, c(b), tol, ro, c(x), s); \
    }                                                                                     \
    static cusolverStatus_t luHost(cusolverSpHandle_t h, int n, int nnz, cusparseMatDescr_t d, \
                                   const T *v, const int *rp, const int *ci, const T *b,  \
                                   R tol, int ro, T *x, int *s) {                         \
      return cusolverSp##p##csrlsvluHost(h, n, nnz, d, c(v), rp, ci, c(b), tol, ro, c(x), s); \
    }                                                                                     \
    static cusolverStatus_t qrHost(cusolverSpHandle_t h, int n, int nnz, cusparseMatDescr_t d, \
                                   const T *v, const int *rp, const int *ci, const T *b,  \
                                   R tol, int ro, T *x, int *s) {                         \
      return cusolverSp##p##csrlsvqrHost(h, n, nnz, d, c(v), rp, ci, c(b), tol, ro, c(x), s); \
    }                                                                                     \
    static cusolverStatus_t qr(cusolverSpHandle_t h, int n, int nnz, cusparseMatDescr_t d,  \
                               const T *v, const int *rp, const int *ci, const T *b, R tol, \
                               int ro, T *x, int *s) {                                    \
      return cusolverSp##p##csrlsvqr(h, n, nnz, d, c(v), rp, ci, c(b), tol, ro, c(x), s);  \
    }                                                                                     \
    static cusolverStatus_t lsq(cusolverSpHandle_t h, int m, int n, int nnz,              \
                                cusparseMatDescr_t d, const T *v, const int *rp,          \
                                const int *ci, const T *b, R tol, int *rank, T *x, int *p, \
                                R *mn) {                                                  \
      return cusolverSp##p##csrlsqvqrHost(h, m, n, nnz, d, c(v), rp, ci, c(b), tol, rank,  \
                                          c(x), p, mn);                                   \
    }                                                                                     \
    static cusolverStatus_t zfd(cusolverSpHandle_t h, int n, int nnz, cusparseMatDescr_t d, \
                                const T *v, const int *rp, const int *ci, int *P, int *nz) { \
      return cusolverSp##p##csrzfdHost(h, n, nnz, d, c(v), rp, ci, P, nz);                 \
    }                                                                                     \
  };
SP(S, float, float)
SP(D, double, double)
SP(C, cf, cuComplex)
SP(Z, cd, cuDoubleComplex)
#undef SP

// ---- Matrices ----

/// A CSR matrix, 0-based in memory; rebased() gives the arrays for base 1.
template <class T> struct Csr {
  int M = 0, N = 0;
  std::vector<int> Ptr, Col;
  std::vector<T> Val;
  int nnz() const { return int(Col.size()); }
  std::vector<T> dense() const {
    std::vector<T> D(size_t(M) * N, T(0));
    for (int I = 0; I < M; ++I)
      for (int K = Ptr[I]; K < Ptr[I + 1]; ++K)
        D[size_t(I) * N + Col[K]] += Val[K];
    return D;
  }
};
template <class T> Csr<T> fromDense(int M, int N, const std::vector<T> &D) {
  Csr<T> A;
  A.M = M;
  A.N = N;
  A.Ptr.push_back(0);
  for (int I = 0; I < M; ++I) {
    for (int J = 0; J < N; ++J)
      if (D[size_t(I) * N + J] != T(0)) {
        A.Col.push_back(J);
        A.Val.push_back(D[size_t(I) * N + J]);
      }
    A.Ptr.push_back(int(A.Col.size()));
  }
  return A;
}
static std::vector<int> rebase(const std::vector<int> &V, int Base) {
  std::vector<int> R(V);
  for (int &X : R)
    X += Base;
  return R;
}

/// A random SPD (Hermitian) matrix: sparse off-diagonal entries, a
/// dominant positive diagonal.
template <class T> std::vector<T> spdDense(int N) {
  std::vector<T> D(size_t(N) * N, T(0));
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < I; ++J)
      if (rnd() > 0.8) {
        T V = rndVal<T>();
        D[size_t(I) * N + J] = V;
        D[size_t(J) * N + I] = conjOf(V);
      }
  for (int I = 0; I < N; ++I) {
    double S = 1;
    for (int J = 0; J < N; ++J)
      S += std::abs(D[size_t(I) * N + J]);
    D[size_t(I) * N + I] = T(Re<T>(S));
  }
  return D;
}
/// A random general matrix that needs pivoting: a row-shuffled diagonally
/// dominant one (its diagonal mostly zero).
template <class T> std::vector<T> generalDense(int N) {
  std::vector<T> D(size_t(N) * N, T(0));
  for (int I = 0; I < N; ++I) {
    double S = 1;
    for (int J = 0; J < N; ++J)
      if (J != I && rnd() > 0.8) {
        D[size_t(I) * N + J] = rndVal<T>();
        S += std::abs(D[size_t(I) * N + J]);
      }
    D[size_t(I) * N + I] = T(Re<T>(S)) * (rnd() > 0 ? T(1) : T(-1));
  }
  std::vector<int> P(N);
  for (int I = 0; I < N; ++I)
    P[I] = I;
  for (int I = N - 1; I > 0; --I)
    std::swap(P[I], P[rndInt(I + 1)]);
  std::vector<T> R(D.size());
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J)
      R[size_t(I) * N + J] = D[size_t(P[I]) * N + J];
  return R;
}

/// |b - A x|_inf / (|A|_inf |x|_inf + |b|_inf), in double.
template <class T>
double relResidual(const Csr<T> &A, const std::vector<T> &X, const std::vector<T> &B) {
  double Rn = 0, An = 0, Xn = 0, Bn = 0;
  for (int I = 0; I < A.M; ++I) {
    cd R = cd(B[I]);
    double Row = 0;
    for (int K = A.Ptr[I]; K < A.Ptr[I + 1]; ++K) {
      R -= cd(A.Val[K]) * cd(X[A.Col[K]]);
      Row += std::abs(cd(A.Val[K]));
    }
    Rn = std::max(Rn, std::abs(R));
    An = std::max(An, Row);
    Bn = std::max(Bn, std::abs(cd(B[I])));
  }
  for (const T &V : X)
    Xn = std::max(Xn, std::abs(cd(V)));
  double Q = Rn / (An * Xn + Bn);
  return std::isfinite(Q) ? Q : 1e300;
}

template <class T> T *dev(const std::vector<T> &H) {
  T *P = nullptr;
  CHECK_CUDA(cudaMalloc(&P, (H.empty() ? 1 : H.size()) * sizeof(T)));
  if (!H.empty())
    CHECK_CUDA(cudaMemcpy(P, H.data(), H.size() * sizeof(T), cudaMemcpyHostToDevice));
  return P;
}
template <class T> std::vector<T> host(const T *P, size_t N) {
  std::vector<T> H(N);
  CHECK_CUDA(cudaMemcpy(H.data(), P, N * sizeof(T), cudaMemcpyDeviceToHost));
  return H;
}

static cusparseMatDescr_t descr(int Base) {
  cusparseMatDescr_t D;
  cusparseCreateMatDescr(&D);
  cusparseSetMatType(D, CUSPARSE_MATRIX_TYPE_GENERAL);
  cusparseSetMatIndexBase(D, Base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
  return D;
}

static bool isPerm(const std::vector<int> &P, int N) {
  if (int(P.size()) != N)
    return false;
  std::vector<int> S(P);
  std::sort(S.begin(), S.end());
  for (int I = 0; I < N; ++I)
    if (S[I] != I)
      return false;
  return true;
}

// ---- Solvers: residuals for every type, base and reorder ----

enum Which { CholHost, CholDev, LuHost, QrHost, QrDev };
static const char *Names[] = {"cholHost", "chol", "luHost", "qrHost", "qr"};

template <class T>
void solveOnce(cusolverSpHandle_t H, Which W, const Csr<T> &A, int Base, int Reorder) {
  using S = Sp<T>;
  int N = A.M;
  std::vector<T> B(N), X(N, T(0));
  for (T &V : B)
    V = rndVal<T>();
  cusparseMatDescr_t D = descr(Base);
  std::vector<int> Ptr = rebase(A.Ptr, Base), Col = rebase(A.Col, Base);
  int Sing = 7;
  Re<T> Tol = Re<T>(1e-30);
  cusolverStatus_t St;
  bool Dev = W == CholDev || W == QrDev;
  if (!Dev) {
    if (W == CholHost)
      St = S::cholHost(H, N, A.nnz(), D, A.Val.data(), Ptr.data(), Col.data(), B.data(), Tol,
                       Reorder, X.data(), &Sing);
    else if (W == LuHost)
      St = S::luHost(H, N, A.nnz(), D, A.Val.data(), Ptr.data(), Col.data(), B.data(), Tol,
                     Reorder, X.data(), &Sing);
    else
      St = S::qrHost(H, N, A.nnz(), D, A.Val.data(), Ptr.data(), Col.data(), B.data(), Tol,
                     Reorder, X.data(), &Sing);
  } else {
    T *Dv = dev(A.Val), *Db = dev(B), *Dx = dev(X);
    int *Dp = dev(Ptr), *Dc = dev(Col);
    if (W == CholDev)
      St = S::chol(H, N, A.nnz(), D, Dv, Dp, Dc, Db, Tol, Reorder, Dx, &Sing);
    else
      St = S::qr(H, N, A.nnz(), D, Dv, Dp, Dc, Db, Tol, Reorder, Dx, &Sing);
    CHECK_CUDA(cudaDeviceSynchronize());
    X = host(Dx, N);
    cudaFree(Dv);
    cudaFree(Db);
    cudaFree(Dx);
    cudaFree(Dp);
    cudaFree(Dc);
  }
  double R = relResidual(A, X, B);
  CHECK(St == CUSOLVER_STATUS_SUCCESS && Sing == -1 && R < tolOf<T>(),
        "%s size %d base %d reorder %d: status %d singularity %d residual %g", Names[W],
        int(sizeof(T)), Base, Reorder, int(St), Sing, R);
  cusparseDestroyMatDescr(D);
}

template <class T> void testSolvers(cusolverSpHandle_t H) {
  const int N = 60;
  Csr<T> Spd = fromDense(N, N, spdDense<T>(N));
  Csr<T> Gen = fromDense(N, N, generalDense<T>(N));
  for (int Base = 0; Base < 2; ++Base)
    for (int Reorder = 0; Reorder < 4; ++Reorder) {
      solveOnce(H, CholHost, Spd, Base, Reorder);
      solveOnce(H, CholDev, Spd, Base, Reorder);
      solveOnce(H, LuHost, Gen, Base, Reorder);
      solveOnce(H, QrHost, Gen, Base, Reorder);
      solveOnce(H, QrDev, Gen, Base, Reorder);
    }
  // In place: x and b the same array.
  std::vector<T> B(N), X;
  for (T &V : B)
    V = rndVal<T>();
  X = B;
  cusparseMatDescr_t D = descr(0);
  int Sing = 7;
  CHECK_OK(Sp<T>::luHost(H, N, Gen.nnz(), D, Gen.Val.data(), Gen.Ptr.data(), Gen.Col.data(),
                         X.data(), Re<T>(0), 2, X.data(), &Sing));
  CHECK(Sing == -1 && relResidual(Gen, X, B) < tolOf<T>(), "in-place LU");
  cusparseDestroyMatDescr(D);
}

// ---- Singularity ----

template <class T> void testSingular(cusolverSpHandle_t H) {
  using S = Sp<T>;
  const int N = 6;
  cusparseMatDescr_t D = descr(0);
  std::vector<T> B(N, T(1)), X(N);
  // Column 1 equals column 0: LU and QR stop at j = 1.
  std::vector<T> Dn = generalDense<T>(N);
  for (int I = 0; I < N; ++I)
    Dn[size_t(I) * N + 1] = Dn[size_t(I) * N];
  Csr<T> A = fromDense(N, N, Dn);
  int Sing = 7;
  Re<T> Tol = Re<T>(sizeof(Re<T>) == 4 ? 1e-4 : 1e-10);
  CHECK_OK(S::luHost(H, N, A.nnz(), D, A.Val.data(), A.Ptr.data(), A.Col.data(), B.data(), Tol, 0,
                     X.data(), &Sing));
  CHECK(Sing == 1, "LU of a singular matrix (size %d): singularity %d", int(sizeof(T)), Sing);
  Sing = 7;
  CHECK_OK(S::qrHost(H, N, A.nnz(), D, A.Val.data(), A.Ptr.data(), A.Col.data(), B.data(), Tol, 0,
                     X.data(), &Sing));
  CHECK(Sing == 1, "QR of a singular matrix: singularity %d", Sing);
  // A pivot of 1e-8 at j = 3: singular under tol 1e-6, not under 1e-9 (double).
  std::vector<T> Dg(size_t(N) * N, T(0));
  for (int I = 0; I < N; ++I)
    Dg[size_t(I) * N + I] = T(I == 3 ? Re<T>(1e-8) : Re<T>(2));
  Dg[size_t(4) * N + 0] = Dg[size_t(0) * N + 4] = T(Re<T>(0.5));
  Csr<T> G = fromDense(N, N, Dg);
  for (int W = 0; W < 3; ++W)
    for (double Tl : {1e-6, 1e-9}) {
      if (sizeof(Re<T>) == 4 && Tl < 1e-7)
        continue;
      Sing = 7;
      auto F = W == 0 ? S::luHost : W == 1 ? S::qrHost : S::cholHost;
      CHECK_OK(F(H, N, G.nnz(), D, G.Val.data(), G.Ptr.data(), G.Col.data(), B.data(), Re<T>(Tl),
                 0, X.data(), &Sing));
      // Cholesky's L(3,3) is sqrt(1e-8) = 1e-4: over both tolerances.
      int Want = W == 2 ? -1 : Tl > 1e-8 ? 3 : -1;
      CHECK(Sing == Want, "method %d tol %g: singularity %d, want %d", W, Tl, Sing, Want);
    }
  // Not positive definite at row 2: Cholesky reports 2.
  Dg[size_t(3) * N + 3] = T(2);
  Dg[size_t(2) * N + 2] = T(-1);
  Csr<T> Np = fromDense(N, N, Dg);
  Sing = 7;
  CHECK_OK(S::cholHost(H, N, Np.nnz(), D, Np.Val.data(), Np.Ptr.data(), Np.Col.data(), B.data(),
                       Re<T>(0), 0, X.data(), &Sing));
  CHECK(Sing == 2, "Cholesky of an indefinite matrix: singularity %d", Sing);
  cusparseDestroyMatDescr(D);
}

// ---- Least squares ----

template <class T> void testLeastSquares(cusolverSpHandle_t H) {
  const int M = 30, N = 10;
  for (int Deficient = 0; Deficient < 2; ++Deficient)
    for (int Base = 0; Base < 2; ++Base) {
      std::vector<T> Dn(size_t(M) * N, T(0));
      for (int I = 0; I < M; ++I)
        for (int J = 0; J < N; ++J)
          if (rnd() > 0.5 || I == J)
            Dn[size_t(I) * N + J] = rndVal<T>();
      if (Deficient)
        for (int I = 0; I < M; ++I)
          Dn[size_t(I) * N + 7] = Dn[size_t(I) * N + 2] * T(2);
      Csr<T> A = fromDense(M, N, Dn);
      std::vector<T> B(M), X(N);
      for (T &V : B)
        V = rndVal<T>();
      cusparseMatDescr_t D = descr(Base);
      std::vector<int> Ptr = rebase(A.Ptr, Base), Col = rebase(A.Col, Base), P(N, -1);
      int Rank = -1;
      Re<T> MinNorm = -1;
      CHECK_OK(Sp<T>::lsq(H, M, N, A.nnz(), D, A.Val.data(), Ptr.data(), Col.data(), B.data(),
                          Re<T>(1e-4), &Rank, X.data(), P.data(), &MinNorm));
      // Normal equations: A^H (b - A x) = 0.
      std::vector<cd> R(M);
      double Rn = 0;
      for (int I = 0; I < M; ++I) {
        R[I] = cd(B[I]);
        for (int J = 0; J < N; ++J)
          R[I] -= cd(Dn[size_t(I) * N + J]) * cd(X[J]);
        Rn += std::norm(R[I]);
      }
      double G = 0;
      for (int J = 0; J < N; ++J) {
        cd S = 0;
        for (int I = 0; I < M; ++I)
          S += std::conj(cd(Dn[size_t(I) * N + J])) * R[I];
        G = std::max(G, std::abs(S));
      }
      double Tl = sizeof(Re<T>) == 4 ? 1e-3 : 1e-10;
      CHECK(Rank == N - Deficient && G < Tl && std::abs(MinNorm - std::sqrt(Rn)) < Tl &&
                isPerm(P, N),
            "lsqvqr deficient %d base %d: rank %d, |A^H r| %g, min_norm %g vs %g", Deficient, Base,
            Rank, G, double(MinNorm), std::sqrt(Rn));
      cusparseDestroyMatDescr(D);
    }
}

// ---- Reorderings ----

/// Nonzeros of the Cholesky factor of the pattern A(p,p) (symbolic
/// elimination with sets).
static long fillOf(const Csr<double> &A, const std::vector<int> &P) {
  int N = A.M;
  std::vector<int> Pinv(N);
  for (int I = 0; I < N; ++I)
    Pinv[P[I]] = I;
  std::vector<std::set<int>> Adj(N);
  for (int I = 0; I < N; ++I)
    for (int K = A.Ptr[I]; K < A.Ptr[I + 1]; ++K) {
      int U = Pinv[I], V = Pinv[A.Col[K]];
      if (U != V) {
        Adj[U].insert(V);
        Adj[V].insert(U);
      }
    }
  long Fill = 0;
  for (int K = 0; K < N; ++K) {
    std::vector<int> Later;
    for (int V : Adj[K])
      if (V > K)
        Later.push_back(V);
    Fill += long(Later.size());
    for (int U : Later)
      for (int V : Later)
        if (U != V)
          Adj[U].insert(V);
  }
  return Fill;
}
static int bandwidthOf(const Csr<double> &A, const std::vector<int> &P) {
  std::vector<int> Pinv(A.M);
  for (int I = 0; I < A.M; ++I)
    Pinv[P[I]] = I;
  int Bw = 0;
  for (int I = 0; I < A.M; ++I)
    for (int K = A.Ptr[I]; K < A.Ptr[I + 1]; ++K)
      Bw = std::max(Bw, std::abs(Pinv[I] - Pinv[A.Col[K]]));
  return Bw;
}
/// A(s,s) for a random permutation s.
static Csr<double> shuffled(const Csr<double> &A) {
  int N = A.M;
  std::vector<int> S(N);
  for (int I = 0; I < N; ++I)
    S[I] = I;
  for (int I = N - 1; I > 0; --I)
    std::swap(S[I], S[rndInt(I + 1)]);
  std::vector<double> D = A.dense(), R(D.size());
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J)
      R[size_t(I) * N + J] = D[size_t(S[I]) * N + S[J]];
  return fromDense(N, N, R);
}

static void testReorderings(cusolverSpHandle_t H) {
  // A banded matrix (half bandwidth 3, n = 300), shuffled; and a 2D grid
  // Laplacian (24 x 24), shuffled.
  const int N = 300;
  std::vector<double> Band(size_t(N) * N, 0.0);
  for (int I = 0; I < N; ++I)
    for (int J = std::max(0, I - 3); J <= std::min(N - 1, I + 3); ++J)
      Band[size_t(I) * N + J] = I == J ? 8 : -1;
  Csr<double> Bs = shuffled(fromDense(N, N, Band));
  const int G = 24, Ng = G * G;
  std::vector<double> Grid(size_t(Ng) * Ng, 0.0);
  for (int I = 0; I < Ng; ++I) {
    Grid[size_t(I) * Ng + I] = 4;
    int X = I % G, Y = I / G;
    if (X > 0)
      Grid[size_t(I) * Ng + I - 1] = -1;
    if (X < G - 1)
      Grid[size_t(I) * Ng + I + 1] = -1;
    if (Y > 0)
      Grid[size_t(I) * Ng + I - G] = -1;
    if (Y < G - 1)
      Grid[size_t(I) * Ng + I + G] = -1;
  }
  Csr<double> Gs = shuffled(fromDense(Ng, Ng, Grid));
  std::vector<int> Id(Ng);
  for (int I = 0; I < Ng; ++I)
    Id[I] = I;
  long NaturalFill = fillOf(Gs, Id);
  std::vector<int> IdB(Id.begin(), Id.begin() + N);
  int ShuffledBw = bandwidthOf(Bs, IdB);
  for (int Base = 0; Base < 2; ++Base) {
    cusparseMatDescr_t D = descr(Base);
    for (int Which = 0; Which < 4; ++Which) {
      auto Run = [&](const Csr<double> &A, std::vector<int> &P) {
        std::vector<int> Ptr = rebase(A.Ptr, Base), Col = rebase(A.Col, Base);
        P.assign(A.M, -1);
        cusolverStatus_t St;
        switch (Which) {
        case 0:
          St = cusolverSpXcsrsymrcmHost(H, A.M, A.nnz(), D, Ptr.data(), Col.data(), P.data());
          break;
        case 1:
          St = cusolverSpXcsrsymamdHost(H, A.M, A.nnz(), D, Ptr.data(), Col.data(), P.data());
          break;
        case 2:
          St = cusolverSpXcsrsymmdqHost(H, A.M, A.nnz(), D, Ptr.data(), Col.data(), P.data());
          break;
        default:
          St = cusolverSpXcsrmetisndHost(H, A.M, A.nnz(), D, Ptr.data(), Col.data(), nullptr,
                                         P.data());
        }
        CHECK(St == CUSOLVER_STATUS_SUCCESS && isPerm(P, A.M), "ordering %d base %d", Which,
              Base);
      };
      std::vector<int> Pb, Pg;
      Run(Bs, Pb);
      Run(Gs, Pg);
      if (!isPerm(Pb, N) || !isPerm(Pg, Ng))
        continue;
      int Bw = bandwidthOf(Bs, Pb);
      long Fill = fillOf(Gs, Pg);
      if (Which == 0)
        CHECK(Bw <= 6 && ShuffledBw > 100, "RCM bandwidth %d (shuffled %d)", Bw, ShuffledBw);
      else
        CHECK(Fill * 4 < NaturalFill, "ordering %d: fill %ld, shuffled natural %ld", Which, Fill,
              NaturalFill);
    }
    cusparseDestroyMatDescr(D);
  }
  // An unsymmetric pattern: the orderings work on A + A^T.
  std::vector<double> U(size_t(5) * 5, 0.0);
  for (int I = 0; I < 5; ++I) {
    U[size_t(I) * 5 + I] = 1;
    if (I + 1 < 5)
      U[size_t(I) * 5 + I + 1] = 1;
  }
  Csr<double> Ua = fromDense(5, 5, U);
  cusparseMatDescr_t D = descr(0);
  std::vector<int> P(5, -1);
  CHECK_OK(cusolverSpXcsrsymrcmHost(H, 5, Ua.nnz(), D, Ua.Ptr.data(), Ua.Col.data(), P.data()));
  CHECK(isPerm(P, 5) && bandwidthOf(Ua, P) == 1, "RCM of a bidiagonal pattern");
  cusparseDestroyMatDescr(D);
}

// ---- csrperm, csrissym, csrzfd ----

static void testPerm(cusolverSpHandle_t H) {
  const int M = 7, N = 9;
  std::vector<double> Dn(size_t(M) * N, 0.0);
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J)
      if (rnd() > 0.4)
        Dn[size_t(I) * N + J] = 1 + I * N + J; // each value names its place
  Csr<double> A = fromDense(M, N, Dn);
  std::vector<int> P = {3, 0, 6, 1, 5, 2, 4}, Q = {8, 2, 0, 5, 1, 7, 3, 6, 4};
  for (int Base = 0; Base < 2; ++Base)
    for (int MapStart = 0; MapStart < 2; ++MapStart) {
      cusparseMatDescr_t D = descr(Base);
      std::vector<int> Ptr = rebase(A.Ptr, Base), Col = rebase(A.Col, Base);
      // Shuffle each row's columns: csrperm must sort them anyway.
      std::vector<double> Val = A.Val;
      for (int I = 0; I < M; ++I)
        if (A.Ptr[I + 1] - A.Ptr[I] > 1) {
          std::swap(Col[A.Ptr[I]], Col[A.Ptr[I + 1] - 1]);
          std::swap(Val[A.Ptr[I]], Val[A.Ptr[I + 1] - 1]);
        }
      int Nnz = A.nnz();
      std::vector<int> Map(Nnz);
      for (int K = 0; K < Nnz; ++K)
        Map[K] = MapStart ? 1000 + K : K;
      size_t Bytes = 0;
      CHECK_OK(cusolverSpXcsrperm_bufferSizeHost(H, M, N, Nnz, D, Ptr.data(), Col.data(), P.data(),
                                                 Q.data(), &Bytes));
      std::vector<char> Buf(Bytes ? Bytes : 1);
      CHECK_OK(cusolverSpXcsrpermHost(H, M, N, Nnz, D, Ptr.data(), Col.data(), P.data(), Q.data(),
                                      Map.data(), Buf.data()));
      bool Ok = Ptr[0] == Base && Ptr[M] == Nnz + Base;
      for (int I = 0; I < M && Ok; ++I)
        for (int K = Ptr[I] - Base; K < Ptr[I + 1] - Base && Ok; ++K) {
          int J = Col[K] - Base;
          if (K > Ptr[I] - Base && Col[K - 1] >= Col[K])
            Ok = false; // rows sorted
          int Src = Map[K] - (MapStart ? 1000 : 0);
          // B(i,j) = A(p[i], q[j]), found through map.
          Ok = Ok && Src >= 0 && Src < Nnz && Val[Src] == Dn[size_t(P[I]) * N + Q[J]] &&
               Val[Src] != 0;
        }
      // Every entry of A(p,q) is there.
      int Count = 0;
      for (int I = 0; I < M; ++I)
        for (int J = 0; J < N; ++J)
          Count += Dn[size_t(P[I]) * N + Q[J]] != 0;
      CHECK(Ok && Count == Nnz, "csrperm base %d map %d", Base, MapStart);
      cusparseDestroyMatDescr(D);
    }
}

static void testIssymZfd(cusolverSpHandle_t H) {
  cusparseMatDescr_t D = descr(1);
  // Symmetric pattern, unsymmetric values: issym = 1.
  std::vector<double> S = {1, 2, 0, 3, 0, 4, 0, 5, 6};
  Csr<double> A = fromDense(3, 3, S);
  std::vector<int> Ptr = rebase(A.Ptr, 1), Col = rebase(A.Col, 1);
  int Sym = -1;
  CHECK_OK(cusolverSpXcsrissymHost(H, 3, A.nnz(), D, Ptr.data(), Ptr.data() + 1, Col.data(), &Sym));
  CHECK(Sym == 1, "symmetric pattern: issym %d", Sym);
  // Row 2 stored as (col 2, col 1), its end pointer before the second:
  // (2,1) is not in the matrix, (1,2) is: unsymmetric.
  std::vector<int> End(Ptr.begin() + 1, Ptr.end());
  std::swap(Col[Ptr[2] - 1], Col[Ptr[2]]);
  End[2] -= 1;
  CHECK_OK(cusolverSpXcsrissymHost(H, 3, A.nnz(), D, Ptr.data(), End.data(), Col.data(), &Sym));
  CHECK(Sym == 0, "end pointers: issym %d", Sym);
  cusparseDestroyMatDescr(D);

  // zfd: a matrix with zeros on its diagonal but a zero-free permutation.
  D = descr(0);
  const int N = 5;
  std::vector<double> Z(size_t(N) * N, 0.0);
  int Cyc[N] = {2, 4, 1, 0, 3};
  for (int I = 0; I < N; ++I) {
    Z[size_t(I) * N + Cyc[I]] = 1 + I;
    if (I > 0 && Cyc[I] != I - 1)
      Z[size_t(I) * N + I - 1] = 7;
  }
  Csr<double> Zc = fromDense(N, N, Z);
  std::vector<int> P(N, -1);
  int Nz = -1;
  CHECK_OK(cusolverSpDcsrzfdHost(H, N, Zc.nnz(), D, Zc.Val.data(), Zc.Ptr.data(), Zc.Col.data(),
                                 P.data(), &Nz));
  bool Ok = Nz == N && isPerm(P, N);
  for (int J = 0; J < N && Ok; ++J)
    Ok = Z[size_t(P[J]) * N + J] != 0;
  CHECK(Ok, "zfd: numnz %d", Nz);
  // Column 3 empty: structurally singular.
  for (int I = 0; I < N; ++I)
    Z[size_t(I) * N + 3] = 0;
  Z[size_t(3) * N + 0] = 1;
  Csr<double> Zs = fromDense(N, N, Z);
  CHECK_OK(cusolverSpDcsrzfdHost(H, N, Zs.nnz(), D, Zs.Val.data(), Zs.Ptr.data(), Zs.Col.data(),
                                 P.data(), &Nz));
  CHECK(Nz == N - 1 && isPerm(P, N), "zfd structurally singular: numnz %d", Nz);
  cusparseDestroyMatDescr(D);
}

// ---- Bad arguments ----

static void testBadArguments(cusolverSpHandle_t H) {
  std::vector<double> Dn = spdDense<double>(4);
  Csr<double> A = fromDense(4, 4, Dn);
  std::vector<double> B(4, 1), X(4);
  std::vector<int> P(4);
  int Sing = 0, Nz = A.nnz();
  const double *V = A.Val.data();
  const int *Rp = A.Ptr.data(), *Ci = A.Col.data();
  cusparseMatDescr_t D = descr(0), Dsym = descr(0);
  cusparseSetMatType(Dsym, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
  const cusolverStatus_t Inv = CUSOLVER_STATUS_INVALID_VALUE;
  CHECK(cusolverSpDcsrlsvcholHost(nullptr, 4, Nz, D, V, Rp, Ci, B.data(), 0, 0, X.data(), &Sing) ==
        CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(cusolverSpDcsrlsvluHost(H, 0, Nz, D, V, Rp, Ci, B.data(), 0, 0, X.data(), &Sing) == Inv);
  CHECK(cusolverSpDcsrlsvluHost(H, 4, 0, D, V, Rp, Ci, B.data(), 0, 0, X.data(), &Sing) == Inv);
  CHECK(cusolverSpDcsrlsvluHost(H, 4, Nz, D, V, Rp, Ci, B.data(), 0, 4, X.data(), &Sing) == Inv);
  CHECK(cusolverSpDcsrlsvluHost(H, 4, Nz, D, V, Rp, Ci, B.data(), 0, -1, X.data(), &Sing) == Inv);
  CHECK(cusolverSpDcsrlsvqrHost(H, 4, Nz, D, V, Rp, Ci, B.data(), 0, 0, nullptr, &Sing) == Inv);
  CHECK(cusolverSpDcsrlsvqr(H, 4, Nz, D, V, Rp, Ci, B.data(), 0, 0, X.data(), nullptr) == Inv);
  CHECK(cusolverSpDcsrlsvchol(H, 4, Nz, nullptr, V, Rp, Ci, B.data(), 0, 0, X.data(), &Sing) ==
        Inv);
  CHECK(cusolverSpDcsrlsvchol(H, 4, Nz, Dsym, V, Rp, Ci, B.data(), 0, 0, X.data(), &Sing) ==
        CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
  // nnz that does not match the row offsets, a column out of range.
  CHECK(cusolverSpDcsrlsvluHost(H, 4, Nz - 1, D, V, Rp, Ci, B.data(), 0, 0, X.data(), &Sing) ==
        Inv);
  std::vector<int> BadCol(A.Col);
  BadCol[1] = 4;
  CHECK(cusolverSpDcsrlsvluHost(H, 4, Nz, D, V, Rp, BadCol.data(), B.data(), 0, 0, X.data(),
                                &Sing) == Inv);
  int Rank;
  double Mn;
  CHECK(cusolverSpDcsrlsqvqrHost(H, 3, 4, Nz, D, V, Rp, Ci, B.data(), 0, &Rank, X.data(),
                                 P.data(), &Mn) == Inv); // m < n
  CHECK(cusolverSpXcsrsymrcmHost(nullptr, 4, Nz, D, Rp, Ci, P.data()) ==
        CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(cusolverSpXcsrsymamdHost(H, 4, Nz, D, Rp, Ci, nullptr) == Inv);
  CHECK(cusolverSpXcsrmetisndHost(H, 4, Nz, Dsym, Rp, Ci, nullptr, P.data()) ==
        CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
  int Sym;
  CHECK(cusolverSpXcsrissymHost(H, -1, Nz, D, Rp, Rp + 1, Ci, &Sym) == Inv);
  size_t Bytes;
  std::vector<int> Pr = {0, 1, 2, 2}, Id = {0, 1, 2, 3}, Map(Nz), Ptr(A.Ptr), Col(A.Col);
  CHECK(cusolverSpXcsrperm_bufferSizeHost(H, 4, 4, Nz, D, Rp, Ci, Id.data(), Id.data(), nullptr) ==
        Inv);
  CHECK_OK(cusolverSpXcsrperm_bufferSizeHost(H, 4, 4, Nz, D, Rp, Ci, Id.data(), Id.data(), &Bytes));
  std::vector<char> Buf(Bytes);
  CHECK(cusolverSpXcsrpermHost(H, 4, 4, Nz, D, Ptr.data(), Col.data(), Pr.data(), Id.data(),
                               Map.data(), Buf.data()) == Inv); // p not a permutation
  CHECK(Ptr == A.Ptr && Col == A.Col, "a refused csrperm changed A");
  cusparseDestroyMatDescr(D);
  cusparseDestroyMatDescr(Dsym);
  CHECK(cusolverSpCreate(nullptr) == Inv);
  CHECK(cusolverSpDestroy(nullptr) == CUSOLVER_STATUS_NOT_INITIALIZED);
}

// ---- Stream order, cusparseScatter ----

__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}
/// Tridiagonal SPD values (4 on the diagonal, -1 beside it) in CSR order.
__global__ void fillTridiag(double *Val, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N) {
    int K = I == 0 ? 0 : 3 * I - 1;
    if (I > 0)
      Val[K++] = -1;
    Val[K++] = 4;
    if (I < N - 1)
      Val[K] = -1;
  }
}

static void testStreamOrder(cusolverSpHandle_t H) {
  const int N = 50;
  std::vector<double> Dn(size_t(N) * N, 0.0);
  for (int I = 0; I < N; ++I) {
    Dn[size_t(I) * N + I] = 4;
    if (I > 0)
      Dn[size_t(I) * N + I - 1] = Dn[size_t(I - 1) * N + I] = -1;
  }
  Csr<double> A = fromDense(N, N, Dn);
  std::vector<double> B(N, 1.0), Zero(A.nnz(), 0.0);
  double *Dv = dev(Zero), *Db = dev(B), *Dx = dev(std::vector<double>(N, 0.0));
  int *Dp = dev(A.Ptr), *Dc = dev(A.Col);
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  CHECK_OK(cusolverSpSetStream(H, S));
  cudaStream_t Got = nullptr;
  CHECK_OK(cusolverSpGetStream(H, &Got));
  CHECK(Got == S);
  int *Open;
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));
  *Open = 0;
  // The values are all zero until the kernel behind the gate fills them;
  // the gate opens 200 ms after the solve is called.
  gate<<<1, 1, 0, S>>>(Open);
  fillTridiag<<<1, 64, 0, S>>>(Dv, N);
  std::thread Opener([Open] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  });
  int Sing = 7;
  CHECK_OK(cusolverSpDcsrlsvchol(H, N, A.nnz(), descr(0), Dv, Dp, Dc, Db, 0.0, 0, Dx, &Sing));
  Opener.join();
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::vector<double> X = host(Dx, N);
  CHECK(Sing == -1 && relResidual(A, X, B) < 1e-12,
        "csrlsvchol did not see the kernel before it: singularity %d", Sing);

  // cusparseScatter in stream order: y[ind[i]] = x[i], base 0 / 32-bit and
  // base 1 / 64-bit indices.
  cusparseHandle_t Hs;
  CHECK(cusparseCreate(&Hs) == CUSPARSE_STATUS_SUCCESS);
  cusparseSetStream(Hs, S);
  std::vector<double> Y(8, -1.0), Xv = {10, 20, 30};
  std::vector<int> Ind = {6, 0, 3};
  std::vector<int64_t> Ind1 = {8, 2, 5};
  double *Dy = dev(Y), *Dxv = dev(Xv);
  int *Di = dev(Ind);
  int64_t *Di1 = dev(Ind1);
  cusparseSpVecDescr_t Vx, Vx1;
  cusparseDnVecDescr_t Vy;
  CHECK(cusparseCreateSpVec(&Vx, 8, 3, Di, Dxv, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                            CUDA_R_64F) == CUSPARSE_STATUS_SUCCESS);
  CHECK(cusparseCreateSpVec(&Vx1, 8, 3, Di1, Dxv, CUSPARSE_INDEX_64I, CUSPARSE_INDEX_BASE_ONE,
                            CUDA_R_64F) == CUSPARSE_STATUS_SUCCESS);
  CHECK(cusparseCreateDnVec(&Vy, 8, Dy, CUDA_R_64F) == CUSPARSE_STATUS_SUCCESS);
  CHECK(cusparseScatter(Hs, Vx, Vy) == CUSPARSE_STATUS_SUCCESS);
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::vector<double> Yh = host(Dy, 8);
  CHECK(Yh[6] == 10 && Yh[0] == 20 && Yh[3] == 30 && Yh[1] == -1 && Yh[7] == -1, "scatter");
  CHECK(cusparseScatter(Hs, Vx1, Vy) == CUSPARSE_STATUS_SUCCESS);
  CHECK_CUDA(cudaStreamSynchronize(S));
  Yh = host(Dy, 8);
  CHECK(Yh[7] == 10 && Yh[1] == 20 && Yh[4] == 30 && Yh[6] == 10 && Yh[2] == -1, "scatter base 1");
  CHECK(cusparseScatter(nullptr, Vx, Vy) == CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseScatter(Hs, nullptr, Vy) == CUSPARSE_STATUS_INVALID_VALUE);
  cusparseDestroySpVec(Vx);
  cusparseDestroySpVec(Vx1);
  cusparseDestroyDnVec(Vy);
  cusparseDestroy(Hs);
  CHECK_OK(cusolverSpSetStream(H, nullptr));
  cudaStreamDestroy(S);
}

int main() {
  cusolverSpHandle_t H;
  CHECK_OK(cusolverSpCreate(&H));
  testSolvers<float>(H);
  testSolvers<double>(H);
  testSolvers<cf>(H);
  testSolvers<cd>(H);
  testSingular<float>(H);
  testSingular<double>(H);
  testSingular<cf>(H);
  testSingular<cd>(H);
  testLeastSquares<float>(H);
  testLeastSquares<double>(H);
  testLeastSquares<cf>(H);
  testLeastSquares<cd>(H);
  testReorderings(H);
  testPerm(H);
  testIssymZfd(H);
  testBadArguments(H);
  testStreamOrder(H);
  CHECK_OK(cusolverSpDestroy(H));
  return finish("solver_sparse");
}

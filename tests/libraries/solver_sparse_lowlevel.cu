// cuSOLVER's low-level sparse API (cusolverSp_LOWLEVEL_PREVIEW.h) against
// plain CPU references, for S/D/C/Z and both index bases: csrchol (host and
// device) by residuals of random Hermitian positive definite systems, a
// non-SPD matrix's zero pivot and a tolerance's; csrqr (host and device) on
// square and tall matrices (residuals, least-squares normal equations), the
// shift mu (A - mu*I), the solve inside csrqrFactor, a zero column's pivot;
// csrlu (host) by residuals for two pivot thresholds, its extracted P, Q, L
// (unit diagonal implicit) and U rebuilt densely equal to P*A*Q^T, a
// singular matrix's zero pivot; bad arguments; device forms behind a gated
// kernel in a non-blocking stream (they run when the stream reaches them
// and see what the kernels before them wrote).
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcusolver -lcusparse && %t | FileCheck %s
// CHECK: solver_sparse_lowlevel: OK
#include <cusolverSp.h>
#include <cusolverSp_LOWLEVEL_PREVIEW.h>

#define SPARSE_TEST_SEED 20261127u
#define SPARSE_TEST_DOUBLE_TOL 1e-10
#include "Inputs/sparse_test.h"

#include <algorithm>
#include <cmath>

#undef CHECK_OK
#define CHECK_OK(Expr) CHECK((Expr) == CUSOLVER_STATUS_SUCCESS)

// ---- The four typed families behind one name ----

template <class T> struct Sp;
#define SP(p, T, CT, R)                                                                  \
  template <> struct Sp<T> {                                                             \
    using Real = R;                                                                      \
    static CT *c(T *P) { return reinterpret_cast<CT *>(P); }                             \
    static const CT *c(const T *P) { return reinterpret_cast<const CT *>(P); }           \
    static CT v(T V) { return *reinterpret_cast<CT *>(&V); }                             \
    template <class I>                                                                   \
    static cusolverStatus_t cholBuf(cusolverSpHandle_t h, int n, int nnz,                \
                                    cusparseMatDescr_t d, const T *v, const int *rp,     \
                                    const int *ci, I info, size_t *a, size_t *b) {       \
      if constexpr (std::is_same<I, csrcholInfoHost_t>::value)                           \
        return cusolverSp##p##csrcholBufferInfoHost(h, n, nnz, d, c(v), rp, ci, info, a, b); \
      else                                                                               \
        return cusolverSp##p##csrcholBufferInfo(h, n, nnz, d, c(v), rp, ci, info, a, b); \
    }                                                                                    \
    template <class I>                                                                   \
    static cusolverStatus_t cholFactor(cusolverSpHandle_t h, int n, int nnz,             \
                                       cusparseMatDescr_t d, const T *v, const int *rp,  \
                                       const int *ci, I info, void *w) {                 \
      if constexpr (std::is_same<I, csrcholInfoHost_t>::value)                           \
        return cusolverSp##p##csrcholFactorHost(h, n, nnz, d, c(v), rp, ci, info, w);    \
      else                                                                               \
        return cusolverSp##p##csrcholFactor(h, n, nnz, d, c(v), rp, ci, info, w);        \
    }                                                                                    \
    template <class I>                                                                   \
    static cusolverStatus_t cholZero(cusolverSpHandle_t h, I info, R tol, int *pos) {    \
      if constexpr (std::is_same<I, csrcholInfoHost_t>::value)                           \
        return cusolverSp##p##csrcholZeroPivotHost(h, info, tol, pos);                   \
      else                                                                               \
        return cusolverSp##p##csrcholZeroPivot(h, info, tol, pos);                       \
    }                                                                                    \
    template <class I>                                                                   \
    static cusolverStatus_t cholSolve(cusolverSpHandle_t h, int n, const T *b, T *x,     \
                                      I info, void *w) {                                 \
      if constexpr (std::is_same<I, csrcholInfoHost_t>::value)                           \
        return cusolverSp##p##csrcholSolveHost(h, n, c(b), c(x), info, w);               \
      else                                                                               \
        return cusolverSp##p##csrcholSolve(h, n, c(b), c(x), info, w);                   \
    }                                                                                    \
    template <class I>                                                                   \
    static cusolverStatus_t qrBuf(cusolverSpHandle_t h, int m, int n, int nnz,           \
                                  cusparseMatDescr_t d, const T *v, const int *rp,       \
                                  const int *ci, I info, size_t *a, size_t *b) {         \
      if constexpr (std::is_same<I, csrqrInfoHost_t>::value)                             \
        return cusolverSp##p##csrqrBufferInfoHost(h, m, n, nnz, d, c(v), rp, ci, info, a, b); \
      else                                                                               \
        return cusolverSp##p##csrqrBufferInfo(h, m, n, nnz, d, c(v), rp, ci, info, a, b); \
    }                                                                                    \
    template <class I>                                                                   \
    static cusolverStatus_t qrSetup(cusolverSpHandle_t h, int m, int n, int nnz,         \
                                    cusparseMatDescr_t d, const T *v, const int *rp,     \
                                    const int *ci, T mu, I info) {                       \
      if constexpr (std::is_same<I, csrqrInfoHost_t>::value)                             \
        return cusolverSp##p##csrqrSetupHost(h, m, n, nnz, d, c(v), rp, ci, Sp::v(mu), info); \
      else                                                                               \
        return cusolverSp##p##csrqrSetup(h, m, n, nnz, d, c(v), rp, ci, Sp::v(mu), info); \
    }                                                                                    \
    template <class I>                                                                   \
    static cusolverStatus_t qrFactor(cusolverSpHandle_t h, int m, int n, int nnz, T *b,  \
                                     T *x, I info, void *w) {                            \
      if constexpr (std::is_same<I, csrqrInfoHost_t>::value)                             \
        return cusolverSp##p##csrqrFactorHost(h, m, n, nnz, c(b), c(x), info, w);        \
      else                                                                               \
        return cusolverSp##p##csrqrFactor(h, m, n, nnz, c(b), c(x), info, w);            \
    }                                                                                    \
    template <class I>                                                                   \
    static cusolverStatus_t qrZero(cusolverSpHandle_t h, I info, R tol, int *pos) {      \
      if constexpr (std::is_same<I, csrqrInfoHost_t>::value)                             \
        return cusolverSp##p##csrqrZeroPivotHost(h, info, tol, pos);                     \
      else                                                                               \
        return cusolverSp##p##csrqrZeroPivot(h, info, tol, pos);                         \
    }                                                                                    \
    template <class I>                                                                   \
    static cusolverStatus_t qrSolve(cusolverSpHandle_t h, int m, int n, T *b, T *x,      \
                                    I info, void *w) {                                   \
      if constexpr (std::is_same<I, csrqrInfoHost_t>::value)                             \
        return cusolverSp##p##csrqrSolveHost(h, m, n, c(b), c(x), info, w);              \
      else                                                                               \
        return cusolverSp##p##csrqrSolve(h, m, n, c(b), c(x), info, w);                  \
    }                                                                                    \
    static cusolverStatus_t luBuf(cusolverSpHandle_t h, int n, int nnz,                  \
                                  cusparseMatDescr_t d, const T *v, const int *rp,       \
                                  const int *ci, csrluInfoHost_t info, size_t *a,        \
                                  size_t *b) {                                           \
      return cusolverSp##p##csrluBufferInfoHost(h, n, nnz, d, c(v), rp, ci, info, a, b); \
    }                                                                                    \
    static cusolverStatus_t luFactor(cusolverSpHandle_t h, int n, int nnz,               \
                                     cusparseMatDescr_t d, const T *v, const int *rp,    \
                                     const int *ci, csrluInfoHost_t info, R th, void *w) { \
      return cusolverSp##p##csrluFactorHost(h, n, nnz, d, c(v), rp, ci, info, th, w);    \
    }                                                                                    \
    static cusolverStatus_t luZero(cusolverSpHandle_t h, csrluInfoHost_t info, R tol,    \
                                   int *pos) {                                           \
      return cusolverSp##p##csrluZeroPivotHost(h, info, tol, pos);                       \
    }                                                                                    \
    static cusolverStatus_t luSolve(cusolverSpHandle_t h, int n, const T *b, T *x,       \
                                    csrluInfoHost_t info, void *w) {                     \
      return cusolverSp##p##csrluSolveHost(h, n, c(b), c(x), info, w);                   \
    }                                                                                    \
    static cusolverStatus_t luExtract(cusolverSpHandle_t h, int *P, int *Q,              \
                                      cusparseMatDescr_t dl, T *lv, int *lp, int *li,    \
                                      cusparseMatDescr_t du, T *uv, int *up, int *ui,    \
                                      csrluInfoHost_t info, void *w) {                   \
      return cusolverSp##p##csrluExtractHost(h, P, Q, dl, c(lv), lp, li, du, c(uv), up,  \
                                             ui, info, w);                               \
    }                                                                                    \
  };
SP(S, float, float, float)
SP(D, double, double, double)
SP(C, cf, cuComplex, float)
SP(Z, cd, cuDoubleComplex, double)
#undef SP

/// A CSR matrix (values as Cx), 0-based, sorted columns.
struct Csr {
  int M = 0, N = 0;
  std::vector<int> Ptr, Ind;
  std::vector<Cx> Val;
  int nnz() const { return int(Ind.size()); }
};

/// Random pattern (each entry with probability Dens); Hermitian with a
/// dominant positive diagonal when Spd, else a dominant diagonal for
/// rows < min(m, n) (unless NoDiag). Complex values only when Cplx.
static Csr randomCsr(int M, int N, double Dens, bool Spd, bool Cplx) {
  std::vector<std::vector<Cx>> D(size_t(M), std::vector<Cx>(static_cast<size_t>(N)));
  std::vector<std::vector<char>> Nz(size_t(M), std::vector<char>(size_t(N), 0));
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J) {
      if (Spd && J > I)
        continue;
      if (I != J && std::abs(rnd()) > Dens)
        continue;
      Cx V(rnd(), Cplx ? rnd() : 0.0);
      if (Spd && I == J)
        V = Cx(V.real(), 0);
      D[size_t(I)][size_t(J)] = V;
      Nz[size_t(I)][size_t(J)] = 1;
      if (Spd) {
        D[size_t(J)][size_t(I)] = std::conj(V);
        Nz[size_t(J)][size_t(I)] = 1;
      }
    }
  for (int I = 0; I < std::min(M, N); ++I) {
    double S = 1;
    for (int J = 0; J < N; ++J)
      if (J != I)
        S += std::abs(D[size_t(I)][size_t(J)]);
    D[size_t(I)][size_t(I)] = Spd ? Cx(S, 0) : D[size_t(I)][size_t(I)] + Cx(S, 0);
  }
  Csr A;
  A.M = M;
  A.N = N;
  A.Ptr.push_back(0);
  for (int I = 0; I < M; ++I) {
    for (int J = 0; J < N; ++J)
      if (Nz[size_t(I)][size_t(J)]) {
        A.Ind.push_back(J);
        A.Val.push_back(D[size_t(I)][size_t(J)]);
      }
    A.Ptr.push_back(int(A.Ind.size()));
  }
  return A;
}

/// The matrix's arrays in a type and an index base.
template <class T> struct Typed {
  std::vector<int> Ptr, Ind;
  std::vector<T> Val;
  Typed(const Csr &A, int Base) {
    for (int P : A.Ptr)
      Ptr.push_back(P + Base);
    for (int J : A.Ind)
      Ind.push_back(J + Base);
    for (Cx V : A.Val)
      Val.push_back(Ty<T>::make(V));
  }
};

static std::vector<Cx> mul(const Csr &A, const std::vector<Cx> &X) {
  std::vector<Cx> Y(static_cast<size_t>(A.M));
  for (int I = 0; I < A.M; ++I)
    for (int K = A.Ptr[size_t(I)]; K < A.Ptr[size_t(I) + 1]; ++K)
      Y[size_t(I)] += A.Val[size_t(K)] * X[size_t(A.Ind[size_t(K)])];
  return Y;
}

static double normInf(const std::vector<Cx> &V) {
  double M = 0;
  for (Cx E : V)
    M = std::max(M, std::abs(E));
  return M;
}

/// |b - A x| / (|A| |x|), with A's entries as the type holds them.
template <class T> double relResidual(const Csr &A, const std::vector<T> &X, const std::vector<T> &B) {
  Csr At = A;
  for (Cx &V : At.Val)
    V = toC(Ty<T>::make(V));
  std::vector<Cx> Xc(X.size());
  for (size_t I = 0; I < X.size(); ++I)
    Xc[I] = toC(X[I]);
  double An = 0;
  for (int I = 0; I < A.M; ++I) {
    double S = 0;
    for (int K = A.Ptr[size_t(I)]; K < A.Ptr[size_t(I) + 1]; ++K)
      S += std::abs(At.Val[size_t(K)]);
    An = std::max(An, S);
  }
  std::vector<Cx> R = mul(At, Xc);
  for (size_t I = 0; I < R.size(); ++I)
    R[I] = toC(B[I]) - R[I];
  return normInf(R) / (An * std::max(normInf(Xc), 1e-300));
}

template <class T> std::vector<T> randomVec(int N, bool Cplx) {
  std::vector<T> V(static_cast<size_t>(N));
  for (T &E : V)
    E = Ty<T>::make(Cx(rnd(), Cplx ? rnd() : 0.0));
  return V;
}

template <class T> constexpr bool IsC = !std::is_same<T, float>::value && !std::is_same<T, double>::value;
template <class T> double tolOf() { return Ty<T>::Tol; }

static cusparseMatDescr_t descr(int Base) {
  cusparseMatDescr_t D;
  CHECK(cusparseCreateMatDescr(&D) == CUSPARSE_STATUS_SUCCESS);
  cusparseSetMatType(D, CUSPARSE_MATRIX_TYPE_GENERAL);
  cusparseSetMatIndexBase(D, Base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
  return D;
}

// ---- Cholesky ----

/// Factor and solve (host memory, or device copies), returning x; the
/// zero pivot (with tolerance Tol) into *Zero.
template <class T, bool Dev>
std::vector<T> cholRun(cusolverSpHandle_t H, const Csr &A, int Base, const std::vector<T> &B,
                       int *Zero, double Tol = 0) {
  using I = std::conditional_t<Dev, csrcholInfo_t, csrcholInfoHost_t>;
  Typed<T> M(A, Base);
  cusparseMatDescr_t D = descr(Base);
  I Info;
  if constexpr (Dev)
    CHECK_OK(cusolverSpCreateCsrcholInfo(&Info));
  else
    CHECK_OK(cusolverSpCreateCsrcholInfoHost(&Info));
  const int *Rp = M.Ptr.data(), *Ci = M.Ind.data();
  const T *Vp = M.Val.data(), *Bp = B.data();
  T *Xp;
  std::vector<T> X(static_cast<size_t>(A.N));
  if constexpr (Dev) {
    Rp = dev(M.Ptr);
    Ci = dev(M.Ind);
    Vp = dev(M.Val);
    Bp = dev(B);
    Xp = dev(X);
  } else {
    Xp = X.data();
  }
  if constexpr (Dev)
    CHECK_OK(cusolverSpXcsrcholAnalysis(H, A.N, A.nnz(), D, Rp, Ci, Info));
  else
    CHECK_OK(cusolverSpXcsrcholAnalysisHost(H, A.N, A.nnz(), D, Rp, Ci, Info));
  size_t In = 0, Ws = 0;
  CHECK_OK(Sp<T>::cholBuf(H, A.N, A.nnz(), D, Vp, Rp, Ci, Info, &In, &Ws));
  CHECK(Ws > 0);
  std::vector<char> W(Ws);
  CHECK_OK(Sp<T>::cholFactor(H, A.N, A.nnz(), D, Vp, Rp, Ci, Info, W.data()));
  CHECK_OK(Sp<T>::cholZero(H, Info, typename Sp<T>::Real(Tol), Zero));
  CHECK_OK(Sp<T>::cholSolve(H, A.N, Bp, Xp, Info, W.data()));
  if constexpr (Dev) {
    CHECK_CUDA(cudaDeviceSynchronize());
    X = host(Xp, size_t(A.N));
    cudaFree((void *)Rp);
    cudaFree((void *)Ci);
    cudaFree((void *)Vp);
    cudaFree((void *)Bp);
    cudaFree(Xp);
    CHECK_OK(cusolverSpDestroyCsrcholInfo(Info));
  } else {
    CHECK_OK(cusolverSpDestroyCsrcholInfoHost(Info));
  }
  cusparseDestroyMatDescr(D);
  return X;
}

template <class T> void testChol(cusolverSpHandle_t H) {
  for (int Base = 0; Base < 2; ++Base)
    for (int N : {1, 7, 60}) {
      Csr A = randomCsr(N, N, 0.15, true, IsC<T>);
      std::vector<T> B = randomVec<T>(N, IsC<T>);
      int Zero = 7;
      std::vector<T> X = cholRun<T, false>(H, A, Base, B, &Zero);
      CHECK(Zero == -1, "host n %d base %d zero %d", N, Base, Zero);
      double R = relResidual(A, X, B);
      CHECK(R < tolOf<T>(), "host chol n %d base %d residual %g", N, Base, R);
      Zero = 7;
      X = cholRun<T, true>(H, A, Base, B, &Zero);
      CHECK(Zero == -1, "device n %d base %d zero %d", N, Base, Zero);
      R = relResidual(A, X, B);
      CHECK(R < tolOf<T>(), "device chol n %d base %d residual %g", N, Base, R);
    }
  // Not positive definite at row 5 (a negative diagonal): position 5.
  Csr A = randomCsr(12, 12, 0.2, true, IsC<T>);
  for (int K = A.Ptr[5]; K < A.Ptr[6]; ++K)
    if (A.Ind[size_t(K)] == 5)
      A.Val[size_t(K)] = -A.Val[size_t(K)];
  std::vector<T> B = randomVec<T>(12, IsC<T>);
  int Zero = 0;
  cholRun<T, false>(H, A, 0, B, &Zero);
  CHECK(Zero == 5, "non-SPD host: %d", Zero);
  cholRun<T, true>(H, A, 1, B, &Zero);
  CHECK(Zero == 5, "non-SPD device: %d", Zero);
  // A tolerance above every |L(j,j)| flags column 0.
  A = randomCsr(12, 12, 0.2, true, IsC<T>);
  cholRun<T, false>(H, A, 0, B, &Zero, 1e6);
  CHECK(Zero == 0, "tol: %d", Zero);
}

// ---- QR ----

template <class T, bool Dev>
std::vector<T> qrRun(cusolverSpHandle_t H, const Csr &A, int Base, std::vector<T> B, T Mu,
                     int *Zero, bool SolveInFactor) {
  using I = std::conditional_t<Dev, csrqrInfo_t, csrqrInfoHost_t>;
  Typed<T> M(A, Base);
  cusparseMatDescr_t D = descr(Base);
  I Info;
  if constexpr (Dev)
    CHECK_OK(cusolverSpCreateCsrqrInfo(&Info));
  else
    CHECK_OK(cusolverSpCreateCsrqrInfoHost(&Info));
  const int *Rp = M.Ptr.data(), *Ci = M.Ind.data();
  const T *Vp = M.Val.data();
  T *Bp = B.data(), *Xp;
  std::vector<T> X(static_cast<size_t>(A.N));
  if constexpr (Dev) {
    Rp = dev(M.Ptr);
    Ci = dev(M.Ind);
    Vp = dev(M.Val);
    Bp = dev(B);
    Xp = dev(X);
    CHECK_OK(cusolverSpXcsrqrAnalysis(H, A.M, A.N, A.nnz(), D, Rp, Ci, Info));
  } else {
    Xp = X.data();
    CHECK_OK(cusolverSpXcsrqrAnalysisHost(H, A.M, A.N, A.nnz(), D, Rp, Ci, Info));
  }
  size_t In = 0, Ws = 0;
  CHECK_OK(Sp<T>::qrBuf(H, A.M, A.N, A.nnz(), D, Vp, Rp, Ci, Info, &In, &Ws));
  std::vector<char> W(Ws + 1);
  CHECK_OK(Sp<T>::qrSetup(H, A.M, A.N, A.nnz(), D, Vp, Rp, Ci, Mu, Info));
  if (SolveInFactor) {
    CHECK_OK(Sp<T>::qrFactor(H, A.M, A.N, A.nnz(), Bp, Xp, Info, W.data()));
    CHECK_OK(Sp<T>::qrZero(H, Info, 0, Zero));
  } else {
    CHECK_OK(Sp<T>::qrFactor(H, A.M, A.N, A.nnz(), (T *)nullptr, (T *)nullptr, Info, W.data()));
    CHECK_OK(Sp<T>::qrZero(H, Info, 0, Zero));
    CHECK_OK(Sp<T>::qrSolve(H, A.M, A.N, Bp, Xp, Info, W.data()));
  }
  if constexpr (Dev) {
    CHECK_CUDA(cudaDeviceSynchronize());
    X = host(Xp, size_t(A.N));
    for (void *P : {(void *)Rp, (void *)Ci, (void *)Vp, (void *)Bp, (void *)Xp})
      cudaFree(P);
    CHECK_OK(cusolverSpDestroyCsrqrInfo(Info));
  } else {
    CHECK_OK(cusolverSpDestroyCsrqrInfoHost(Info));
  }
  cusparseDestroyMatDescr(D);
  return X;
}

/// A - mu*I (the shift on the diagonal, added where the pattern lacks it).
static Csr shifted(const Csr &A, Cx Mu) {
  std::vector<std::vector<Cx>> D(size_t(A.M), std::vector<Cx>(static_cast<size_t>(A.N)));
  for (int I = 0; I < A.M; ++I)
    for (int K = A.Ptr[size_t(I)]; K < A.Ptr[size_t(I) + 1]; ++K)
      D[size_t(I)][size_t(A.Ind[size_t(K)])] = A.Val[size_t(K)];
  Csr S;
  S.M = A.M;
  S.N = A.N;
  S.Ptr.push_back(0);
  for (int I = 0; I < A.M; ++I) {
    for (int J = 0; J < A.N; ++J) {
      Cx V = D[size_t(I)][size_t(J)] - (I == J ? Mu : Cx(0));
      bool In = I == J;
      for (int K = A.Ptr[size_t(I)]; K < A.Ptr[size_t(I) + 1]; ++K)
        In |= A.Ind[size_t(K)] == J;
      if (In) {
        S.Ind.push_back(J);
        S.Val.push_back(V);
      }
    }
    S.Ptr.push_back(int(S.Ind.size()));
  }
  return S;
}

/// |A^H (A x - b)| / (|A|^2 |x| + |A| |b|): small for a least-squares x.
template <class T> double normalResidual(const Csr &A, const std::vector<T> &X, const std::vector<T> &B) {
  std::vector<Cx> Xc(X.size());
  for (size_t I = 0; I < X.size(); ++I)
    Xc[I] = toC(X[I]);
  Csr At = A;
  for (Cx &V : At.Val)
    V = toC(Ty<T>::make(V));
  std::vector<Cx> R = mul(At, Xc), G(static_cast<size_t>(A.N));
  for (int I = 0; I < A.M; ++I)
    R[size_t(I)] -= toC(B[size_t(I)]);
  double An = 0;
  for (int I = 0; I < A.M; ++I)
    for (int K = A.Ptr[size_t(I)]; K < A.Ptr[size_t(I) + 1]; ++K) {
      G[size_t(A.Ind[size_t(K)])] += std::conj(At.Val[size_t(K)]) * R[size_t(I)];
      An = std::max(An, std::abs(At.Val[size_t(K)]));
    }
  std::vector<Cx> Bc(B.size());
  for (size_t I = 0; I < B.size(); ++I)
    Bc[I] = toC(B[I]);
  return normInf(G) / (An * An * A.N * normInf(Xc) + An * normInf(Bc));
}

template <class T> void testQr(cusolverSpHandle_t H) {
  for (int Base = 0; Base < 2; ++Base)
    for (int N : {1, 8, 50}) {
      Csr A = randomCsr(N, N, 0.15, false, IsC<T>);
      std::vector<T> B = randomVec<T>(N, IsC<T>);
      int Zero = 7;
      std::vector<T> X = qrRun<T, false>(H, A, Base, B, T(0), &Zero, false);
      CHECK(Zero == -1, "host qr n %d zero %d", N, Zero);
      double R = relResidual(A, X, B);
      CHECK(R < tolOf<T>(), "host qr n %d base %d residual %g", N, Base, R);
      X = qrRun<T, true>(H, A, Base, B, T(0), &Zero, Base == 1);
      R = relResidual(A, X, B);
      CHECK(Zero == -1 && R < tolOf<T>(), "device qr n %d base %d residual %g", N, Base, R);
      // The shift: (A - mu*I) x = b, on the host and the device.
      const Cx MuC(0.75, IsC<T> ? -0.5 : 0.0);
      Csr S = shifted(A, MuC);
      X = qrRun<T, false>(H, A, Base, B, Ty<T>::make(MuC), &Zero, true);
      R = relResidual(S, X, B);
      CHECK(R < tolOf<T>(), "host qr mu n %d base %d residual %g", N, Base, R);
      X = qrRun<T, true>(H, A, Base, B, Ty<T>::make(MuC), &Zero, false);
      R = relResidual(S, X, B);
      CHECK(R < tolOf<T>(), "device qr mu n %d base %d residual %g", N, Base, R);
    }
  // Tall: least squares (the normal equations hold).
  Csr A = randomCsr(40, 15, 0.3, false, IsC<T>);
  std::vector<T> B = randomVec<T>(40, IsC<T>);
  int Zero = 7;
  std::vector<T> X = qrRun<T, false>(H, A, 0, B, T(0), &Zero, false);
  double R = normalResidual(A, X, B);
  CHECK(Zero == -1 && R < tolOf<T>(), "tall host qr: zero %d normal residual %g", Zero, R);
  X = qrRun<T, true>(H, A, 1, B, T(0), &Zero, true);
  R = normalResidual(A, X, B);
  CHECK(Zero == -1 && R < tolOf<T>(), "tall device qr: zero %d normal residual %g", Zero, R);
  // A zero column 3: R(3,3) = 0.
  A = randomCsr(10, 10, 0.3, false, IsC<T>);
  Csr Z = A;
  Z.Ind.clear();
  Z.Val.clear();
  Z.Ptr.assign(1, 0);
  for (int I = 0; I < A.M; ++I) {
    for (int K = A.Ptr[size_t(I)]; K < A.Ptr[size_t(I) + 1]; ++K)
      if (A.Ind[size_t(K)] != 3) {
        Z.Ind.push_back(A.Ind[size_t(K)]);
        Z.Val.push_back(A.Val[size_t(K)]);
      }
    Z.Ptr.push_back(int(Z.Ind.size()));
  }
  B = randomVec<T>(10, IsC<T>);
  qrRun<T, false>(H, Z, 0, B, T(0), &Zero, false);
  CHECK(Zero == 3, "zero column: %d", Zero);
  qrRun<T, true>(H, Z, 1, B, T(0), &Zero, false);
  CHECK(Zero == 3, "zero column (device): %d", Zero);
}

// ---- LU ----

template <class T> void testLu(cusolverSpHandle_t H) {
  for (int Base = 0; Base < 2; ++Base)
    for (double Th : {1.0, 0.1})
      for (int N : {1, 9, 60}) {
        Csr A = randomCsr(N, N, 0.15, false, IsC<T>);
        // Weaken the diagonal so that pivoting matters.
        for (int I = 0; I < N; ++I)
          for (int K = A.Ptr[size_t(I)]; K < A.Ptr[size_t(I) + 1]; ++K)
            if (A.Ind[size_t(K)] == I && I % 3 == 1)
              A.Val[size_t(K)] *= 1e-3;
        Typed<T> M(A, Base);
        cusparseMatDescr_t D = descr(Base), DL = descr(1 - Base), DU = descr(Base);
        csrluInfoHost_t Info;
        CHECK_OK(cusolverSpCreateCsrluInfoHost(&Info));
        CHECK_OK(cusolverSpXcsrluAnalysisHost(H, N, A.nnz(), D, M.Ptr.data(), M.Ind.data(), Info));
        size_t In = 0, Ws = 0;
        CHECK_OK(Sp<T>::luBuf(H, N, A.nnz(), D, M.Val.data(), M.Ptr.data(), M.Ind.data(), Info, &In, &Ws));
        std::vector<char> W(Ws);
        CHECK_OK(Sp<T>::luFactor(H, N, A.nnz(), D, M.Val.data(), M.Ptr.data(), M.Ind.data(), Info,
                                 typename Sp<T>::Real(Th), W.data()));
        int Zero = 7;
        CHECK_OK(Sp<T>::luZero(H, Info, 0, &Zero));
        CHECK(Zero == -1);
        std::vector<T> B = randomVec<T>(N, IsC<T>), X(static_cast<size_t>(N));
        CHECK_OK(Sp<T>::luSolve(H, N, B.data(), X.data(), Info, W.data()));
        double R = relResidual(A, X, B);
        CHECK(R < tolOf<T>(), "lu n %d base %d th %g residual %g", N, Base, Th, R);
        // Extract: L (L's base is the other one) and U rebuild P A Q^T.
        int NnzL = -1, NnzU = -1;
        CHECK_OK(cusolverSpXcsrluNnzHost(H, &NnzL, &NnzU, Info));
        std::vector<int> P(static_cast<size_t>(N)), Q(static_cast<size_t>(N)), Lp(size_t(N) + 1), Li(size_t(NnzL) + 1),
            Up(size_t(N) + 1), Ui(size_t(NnzU) + 1);
        std::vector<T> Lx(size_t(NnzL) + 1), Ux(size_t(NnzU) + 1);
        CHECK_OK(Sp<T>::luExtract(H, P.data(), Q.data(), DL, Lx.data(), Lp.data(), Li.data(), DU,
                                  Ux.data(), Up.data(), Ui.data(), Info, W.data()));
        const int BL = 1 - Base, BU = Base;
        CHECK(Lp[0] == BL && Lp[size_t(N)] - BL == NnzL && Up[0] == BU && Up[size_t(N)] - BU == NnzU);
        std::vector<Cx> Ld(static_cast<size_t>(N) * N), Ud(static_cast<size_t>(N) * N), Ad(static_cast<size_t>(N) * N);
        bool Shape = true;
        for (int I = 0; I < N; ++I) {
          Ld[size_t(I) * N + I] = 1;
          for (int K = Lp[size_t(I)] - BL; K < Lp[size_t(I) + 1] - BL; ++K) {
            Shape &= Li[size_t(K)] - BL < I;
            Ld[size_t(I) * N + Li[size_t(K)] - BL] = toC(Lx[size_t(K)]);
          }
          for (int K = Up[size_t(I)] - BU; K < Up[size_t(I) + 1] - BU; ++K) {
            Shape &= Ui[size_t(K)] - BU >= I;
            Ud[size_t(I) * N + Ui[size_t(K)] - BU] = toC(Ux[size_t(K)]);
          }
          for (int K = A.Ptr[size_t(I)]; K < A.Ptr[size_t(I) + 1]; ++K)
            Ad[size_t(I) * N + A.Ind[size_t(K)]] = toC(Ty<T>::make(A.Val[size_t(K)]));
        }
        CHECK(Shape, "L strictly lower, U upper");
        std::vector<int> SeenP(static_cast<size_t>(N)), SeenQ(static_cast<size_t>(N));
        bool Perm = true;
        for (int I = 0; I < N; ++I) {
          Perm &= P[size_t(I)] >= 0 && P[size_t(I)] < N && Q[size_t(I)] >= 0 && Q[size_t(I)] < N;
          if (Perm) {
            SeenP[size_t(P[size_t(I)])]++;
            SeenQ[size_t(Q[size_t(I)])]++;
          }
        }
        for (int I = 0; I < N && Perm; ++I)
          Perm &= SeenP[size_t(I)] == 1 && SeenQ[size_t(I)] == 1;
        CHECK(Perm, "P and Q are permutations");
        double Err = 0, Scale = 0;
        for (int I = 0; I < N && Perm; ++I)
          for (int J = 0; J < N; ++J) {
            Cx S = 0;
            for (int K = 0; K < N; ++K)
              S += Ld[size_t(I) * N + K] * Ud[size_t(K) * N + J];
            Cx Ref = Ad[size_t(P[size_t(I)]) * N + Q[size_t(J)]];
            Err = std::max(Err, std::abs(S - Ref));
            Scale = std::max(Scale, std::abs(Ref));
          }
        CHECK(Perm && Err <= tolOf<T>() * 10 * Scale, "lu n %d: |L U - P A Q^T| = %g", N, Err);
        CHECK_OK(cusolverSpDestroyCsrluInfoHost(Info));
        for (auto Dd : {D, DL, DU})
          cusparseDestroyMatDescr(Dd);
      }
  // Singular: row 4 all zero.
  Csr A = randomCsr(9, 9, 0.3, false, IsC<T>);
  for (int K = A.Ptr[4]; K < A.Ptr[5]; ++K)
    A.Val[size_t(K)] = 0;
  Typed<T> M(A, 0);
  cusparseMatDescr_t D = descr(0);
  csrluInfoHost_t Info;
  CHECK_OK(cusolverSpCreateCsrluInfoHost(&Info));
  CHECK_OK(cusolverSpXcsrluAnalysisHost(H, 9, A.nnz(), D, M.Ptr.data(), M.Ind.data(), Info));
  CHECK_OK(Sp<T>::luFactor(H, 9, A.nnz(), D, M.Val.data(), M.Ptr.data(), M.Ind.data(), Info, 1, nullptr));
  int Zero = -1;
  CHECK_OK(Sp<T>::luZero(H, Info, 0, &Zero));
  CHECK(Zero >= 0 && Zero < 9, "singular LU: zero pivot %d", Zero);
  CHECK_OK(cusolverSpDestroyCsrluInfoHost(Info));
  cusparseDestroyMatDescr(D);
}

// ---- Bad arguments ----

static void testErrors(cusolverSpHandle_t H) {
  Csr A = randomCsr(6, 6, 0.3, true, false);
  Typed<double> M(A, 0);
  const int N = 6, Nnz = A.nnz();
  cusparseMatDescr_t D = descr(0), Sym = descr(0), Bad = descr(0);
  cusparseSetMatType(Sym, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
  csrcholInfoHost_t Ch;
  csrcholInfo_t Cd;
  csrqrInfoHost_t Qh;
  csrluInfoHost_t Lh;
  CHECK(cusolverSpCreateCsrcholInfoHost(nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverSpDestroyCsrcholInfoHost(nullptr) == CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK_OK(cusolverSpCreateCsrcholInfoHost(&Ch));
  CHECK_OK(cusolverSpCreateCsrcholInfo(&Cd));
  CHECK_OK(cusolverSpCreateCsrqrInfoHost(&Qh));
  CHECK_OK(cusolverSpCreateCsrluInfoHost(&Lh));
  const int *Rp = M.Ptr.data(), *Ci = M.Ind.data();
  const double *V = M.Val.data();
  CHECK(cusolverSpXcsrcholAnalysisHost(nullptr, N, Nnz, D, Rp, Ci, Ch) == CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(cusolverSpXcsrcholAnalysisHost(H, N, Nnz, D, Rp, Ci, nullptr) == CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(cusolverSpXcsrcholAnalysisHost(H, -1, Nnz, D, Rp, Ci, Ch) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverSpXcsrcholAnalysisHost(H, N, Nnz, nullptr, Rp, Ci, Ch) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverSpXcsrcholAnalysisHost(H, N, Nnz, Sym, Rp, Ci, Ch) == CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
  CHECK(cusolverSpXcsrcholAnalysisHost(H, N, Nnz, D, Rp, nullptr, Ch) == CUSOLVER_STATUS_INVALID_VALUE);
  // A base-1 descriptor for base-0 arrays: the row pointers do not start at 1.
  cusparseSetMatIndexBase(Bad, CUSPARSE_INDEX_BASE_ONE);
  CHECK(cusolverSpXcsrcholAnalysisHost(H, N, Nnz, Bad, Rp, Ci, Ch) == CUSOLVER_STATUS_INVALID_VALUE);
  // Factor and solve before analysis.
  CHECK(cusolverSpDcsrcholFactorHost(H, N, Nnz, D, V, Rp, Ci, Ch, nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  int Pos = 0;
  CHECK(cusolverSpDcsrcholZeroPivotHost(H, Ch, 0, &Pos) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK_OK(cusolverSpXcsrcholAnalysisHost(H, N, Nnz, D, Rp, Ci, Ch));
  size_t In, Ws;
  CHECK(cusolverSpDcsrcholBufferInfoHost(H, N, Nnz, D, V, Rp, Ci, Ch, nullptr, &Ws) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverSpDcsrcholBufferInfoHost(H, N + 1, Nnz, D, V, Rp, Ci, Ch, &In, &Ws) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverSpDcsrcholFactorHost(H, N, Nnz, D, nullptr, Rp, Ci, Ch, nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverSpDcsrcholZeroPivotHost(H, Ch, 0, nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverSpDcsrcholZeroPivotHost(nullptr, Ch, 0, &Pos) == CUSOLVER_STATUS_NOT_INITIALIZED);
  // A malformed CSR given to a device form: the error comes back from the
  // next call that waits for the stream.
  std::vector<int> BadPtr = M.Ptr;
  BadPtr[3] = BadPtr[4] + 1;
  int *DBad = dev(BadPtr), *DCi = dev(M.Ind);
  CHECK_OK(cusolverSpXcsrcholAnalysis(H, N, Nnz, D, DBad, DCi, Cd));
  CHECK(cusolverSpDcsrcholBufferInfo(H, N, Nnz, D, V, DBad, DCi, Cd, &In, &Ws) == CUSOLVER_STATUS_INVALID_VALUE);
  // QR: m < n; LU: a threshold outside [0, 1].
  CHECK(cusolverSpXcsrqrAnalysisHost(H, 3, 6, 0, D, Rp, Ci, Qh) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverSpXcsrqrAnalysisHost(H, N, N, Nnz, Sym, Rp, Ci, Qh) == CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
  CHECK(cusolverSpDcsrqrSetupHost(H, N, N, Nnz, D, V, Rp, Ci, 0, Qh) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverSpDcsrqrFactorHost(H, N, N, Nnz, nullptr, nullptr, nullptr, nullptr) == CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK_OK(cusolverSpXcsrqrAnalysisHost(H, N, N, Nnz, D, Rp, Ci, Qh));
  CHECK_OK(cusolverSpDcsrqrSetupHost(H, N, N, Nnz, D, V, Rp, Ci, 0, Qh));
  double Bv[6] = {1, 1, 1, 1, 1, 1}, Xv[6];
  CHECK(cusolverSpDcsrqrFactorHost(H, N, N, Nnz, Bv, nullptr, Qh, nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverSpDcsrqrSolveHost(H, N, N, Bv, Xv, Qh, nullptr) == CUSOLVER_STATUS_INVALID_VALUE); // not factored
  // A new analysis needs a new setup before the factorization.
  CHECK_OK(cusolverSpXcsrqrAnalysisHost(H, N, N, Nnz, D, Rp, Ci, Qh));
  CHECK(cusolverSpDcsrqrFactorHost(H, N, N, Nnz, nullptr, nullptr, Qh, nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK_OK(cusolverSpXcsrluAnalysisHost(H, N, Nnz, D, Rp, Ci, Lh));
  CHECK(cusolverSpDcsrluFactorHost(H, N, Nnz, D, V, Rp, Ci, Lh, 2.0, nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  int NL, NU;
  CHECK(cusolverSpXcsrluNnzHost(H, &NL, &NU, Lh) == CUSOLVER_STATUS_INVALID_VALUE); // not factored
  CHECK(cusolverSpXcsrluNnzHost(H, &NL, &NU, nullptr) == CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK_OK(cusolverSpDcsrluFactorHost(H, N, Nnz, D, V, Rp, Ci, Lh, 1.0, nullptr));
  CHECK(cusolverSpDcsrluExtractHost(H, nullptr, nullptr, D, nullptr, nullptr, nullptr, Sym, nullptr,
                                    nullptr, nullptr, Lh, nullptr) == CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
  cudaFree(DBad);
  cudaFree(DCi);
  CHECK_OK(cusolverSpDestroyCsrcholInfoHost(Ch));
  CHECK_OK(cusolverSpDestroyCsrcholInfo(Cd));
  CHECK_OK(cusolverSpDestroyCsrqrInfoHost(Qh));
  CHECK_OK(cusolverSpDestroyCsrluInfoHost(Lh));
  for (auto Dd : {D, Sym, Bad})
    cusparseDestroyMatDescr(Dd);
}

// ---- Stream order ----

__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}
__global__ void copyVals(double *Dst, const double *Src, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Dst[I] = Src[I];
}

/// Device forms enqueued behind a gated kernel and a kernel that writes
/// A's values (zeros before it: not positive definite, and a zero column
/// for QR): nothing runs before the gate opens, and then sees the values.
static void testStreamOrder(cusolverSpHandle_t H) {
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  CHECK_OK(cusolverSpSetStream(H, S));
  const int N = 40;
  Csr A = randomCsr(N, N, 0.2, true, false);
  Typed<double> M(A, 0);
  int *Rp = dev(M.Ptr), *Ci = dev(M.Ind);
  double *Src = dev(M.Val), *Vals = dev(std::vector<double>(M.Val.size(), 0.0));
  std::vector<double> B = randomVec<double>(N, false);
  double *Db = dev(B), *Dx = dev(std::vector<double>(size_t(N), -7.0));
  double *Dx2 = dev(std::vector<double>(size_t(N), -7.0)), *Db2 = dev(B);
  cusparseMatDescr_t D = descr(0);
  csrcholInfo_t Ch;
  csrqrInfo_t Qr;
  CHECK_OK(cusolverSpCreateCsrcholInfo(&Ch));
  CHECK_OK(cusolverSpCreateCsrqrInfo(&Qr));
  CHECK_OK(cusolverSpXcsrcholAnalysis(H, N, A.nnz(), D, Rp, Ci, Ch));
  CHECK_OK(cusolverSpXcsrqrAnalysis(H, N, N, A.nnz(), D, Rp, Ci, Qr));
  size_t In, Ws;
  CHECK_OK(cusolverSpDcsrcholBufferInfo(H, N, A.nnz(), D, Vals, Rp, Ci, Ch, &In, &Ws));
  CHECK_OK(cusolverSpDcsrqrBufferInfo(H, N, N, A.nnz(), D, Vals, Rp, Ci, Qr, &In, &Ws));
  int *Open;
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  copyVals<<<(A.nnz() + 127) / 128, 128, 0, S>>>(Vals, Src, A.nnz());
  CHECK_OK(cusolverSpDcsrcholFactor(H, N, A.nnz(), D, Vals, Rp, Ci, Ch, nullptr));
  CHECK_OK(cusolverSpDcsrcholSolve(H, N, Db, Dx, Ch, nullptr));
  CHECK_OK(cusolverSpDcsrqrSetup(H, N, N, A.nnz(), D, Vals, Rp, Ci, 0.0, Qr));
  CHECK_OK(cusolverSpDcsrqrFactor(H, N, N, A.nnz(), Db2, Dx2, Qr, nullptr));
  double *Diag = dev(std::vector<double>(size_t(N), 0.0));
  CHECK_OK(cusolverSpDcsrcholDiag(H, Ch, Diag));
  double Early = 0;
  cudaMemcpy(&Early, Dx, sizeof(double), cudaMemcpyDeviceToHost); // legacy stream: not S
  CHECK(Early == -7.0, "the solve ran before the stream reached it");
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  int Zero = 7;
  CHECK_OK(cusolverSpDcsrcholZeroPivot(H, Ch, 0, &Zero)); // waits for the stream
  CHECK(Zero == -1, "chol behind the kernel: zero pivot %d", Zero);
  CHECK_OK(cusolverSpDcsrqrZeroPivot(H, Qr, 0, &Zero));
  CHECK(Zero == -1, "qr behind the kernel: zero pivot %d", Zero);
  std::vector<double> X = host(Dx, size_t(N)), X2 = host(Dx2, size_t(N)), Dg = host(Diag, size_t(N));
  CHECK(relResidual(A, X, B) < 1e-10, "chol behind the kernel: residual %g", relResidual(A, X, B));
  CHECK(relResidual(A, X2, B) < 1e-10, "qr behind the kernel: residual %g", relResidual(A, X2, B));
  // diag(L): L(0,0) = sqrt(A(0,0)).
  double A00 = 0;
  for (int K = A.Ptr[0]; K < A.Ptr[1]; ++K)
    if (A.Ind[size_t(K)] == 0)
      A00 = A.Val[size_t(K)].real();
  CHECK(std::abs(Dg[0] - std::sqrt(A00)) < 1e-12 && Dg[size_t(N) - 1] > 0, "csrcholDiag");
  CHECK_OK(cusolverSpDestroyCsrcholInfo(Ch));
  CHECK_OK(cusolverSpDestroyCsrqrInfo(Qr));
  for (void *P : {(void *)Rp, (void *)Ci, (void *)Src, (void *)Vals, (void *)Db, (void *)Dx, (void *)Dx2,
                  (void *)Db2, (void *)Diag})
    cudaFree(P);
  cudaFreeHost(Open);
  cusparseDestroyMatDescr(D);
  CHECK_OK(cusolverSpSetStream(H, nullptr));
  CHECK_CUDA(cudaStreamDestroy(S));
}

int main() {
  cusolverSpHandle_t H;
  CHECK_OK(cusolverSpCreate(&H));
  testChol<float>(H);
  testChol<double>(H);
  testChol<cf>(H);
  testChol<cd>(H);
  testQr<float>(H);
  testQr<double>(H);
  testQr<cf>(H);
  testQr<cd>(H);
  testLu<float>(H);
  testLu<double>(H);
  testLu<cf>(H);
  testLu<cd>(H);
  testErrors(H);
  testStreamOrder(H);
  CHECK_OK(cusolverSpDestroy(H));
  return finish("solver_sparse_lowlevel");
}

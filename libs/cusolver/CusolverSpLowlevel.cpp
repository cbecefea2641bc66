// CusolverSpLowlevel.cpp - cuSOLVER's low-level sparse API
// (cusolverSp_LOWLEVEL_PREVIEW.h): LU with partial pivoting on the host
// (UMFPACK), QR on the host and the device (SPQR), Cholesky on the host and
// the device (CHOLMOD), for S/D/C/Z.
// SPDX-License-Identifier: Apache-2.0
//
// SuiteSparse computes in double precision (real or complex): S and C data
// are widened on the way in and rounded on the way out. The factorizations
// keep the matrix's own order, as cuSOLVER's low-level API does (a program
// reorders beforehand): CHOLMOD with the natural ordering, SPQR with the
// fixed one, UMFPACK with no fill-reducing ordering and Q fixed, so its P
// is the row pivoting alone. Cholesky reads A's lower triangle (A is
// Hermitian). Zero-pivot positions are 0-based, -1 for none.
//
// "Host" forms run at the call. The device forms check their arguments at
// the call and run in the handle's stream (libs/common/StreamTask.h) in
// Loom's device memory (host memory); a failure there (a malformed CSR) is
// kept in the info and returned by the next call that waits for the stream
// (BufferInfo, ZeroPivot). Those two wait for the stream, as their results
// go to host memory. The caller's pBuffer is not used: the factors live in
// the info, which owns SuiteSparse's memory. See docs/libraries.md.
#include "SpContext.h"
#include "cusolverSp_LOWLEVEL_PREVIEW.h"

#include "cuda_runtime_api.h"

#include <SuiteSparseQR.hpp>
#include <cholmod.h>
#include <umfpack.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <new>
#include <vector>

namespace {

using cd = std::complex<double>;

// ---- Types: the program's element type T and SuiteSparse's W ----

template <class T> struct Ty;
template <> struct Ty<float> {
  using W = double;
  using R = float;
  static W in(float V) { return V; }
  static float out(W V) { return float(V); }
};
template <> struct Ty<double> {
  using W = double;
  using R = double;
  static W in(double V) { return V; }
  static double out(W V) { return V; }
};
template <> struct Ty<cuComplex> {
  using W = cd;
  using R = float;
  static W in(cuComplex V) { return {V.x, V.y}; }
  static cuComplex out(W V) { return make_cuComplex(float(V.real()), float(V.imag())); }
};
template <> struct Ty<cuDoubleComplex> {
  using W = cd;
  using R = double;
  static W in(cuDoubleComplex V) { return {V.x, V.y}; }
  static cuDoubleComplex out(W V) { return make_cuDoubleComplex(V.real(), V.imag()); }
};
template <class W> constexpr bool IsCplx = std::is_same<W, cd>::value;
template <class W> int xtypeOf() { return IsCplx<W> ? CHOLMOD_COMPLEX : CHOLMOD_REAL; }
inline double conjv(double V) { return V; }
inline cd conjv(cd V) { return std::conj(V); }

// ---- CSR patterns ----

/// A validated CSR pattern, 0-based.
struct Pattern {
  int M = 0, N = 0, Nnz = 0;
  std::vector<int> Ptr, Ind;
  bool Ok = false;
};

/// Copies and checks a CSR pattern (row pointers from base, nondecreasing,
/// ending at base + nnz; columns in range).
bool readPattern(Pattern &P, int M, int N, int Nnz, int Base, const int *RowPtr,
                 const int *ColInd) {
  P = Pattern();
  if (RowPtr[0] != Base || RowPtr[M] - Base != Nnz)
    return false;
  P.Ptr.resize(size_t(M) + 1);
  P.Ind.resize(size_t(Nnz));
  for (int I = 0; I <= M; ++I) {
    P.Ptr[size_t(I)] = RowPtr[I] - Base;
    if (I > 0 && P.Ptr[size_t(I)] < P.Ptr[size_t(I) - 1])
      return false;
  }
  for (int K = 0; K < Nnz; ++K) {
    int J = ColInd[K] - Base;
    if (J < 0 || J >= N)
      return false;
    P.Ind[size_t(K)] = J;
  }
  P.M = M;
  P.N = N;
  P.Nnz = Nnz;
  P.Ok = true;
  return true;
}

/// The checks every CSR-taking call makes at the call.
cusolverStatus_t checkCsr(int M, int N, int Nnz, const cusparseMatDescr_t D, const void *Val,
                          const int *RowPtr, const int *ColInd, bool NeedVal, int *Base) {
  if (M < 0 || N < 0 || Nnz < 0 || !RowPtr || (Nnz > 0 && !ColInd) ||
      (NeedVal && Nnz > 0 && !Val))
    return CUSOLVER_STATUS_INVALID_VALUE;
  return loomsp::checkDescr(D, *Base);
}

template <class F> cusolverStatus_t launch(cusolverSpHandle_t H, F &&Fn) {
  try {
    cudaError_t E = loomlib::enqueue(H->Stream, H->Keeper, std::forward<F>(Fn));
    return E == cudaSuccess ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_EXECUTION_FAILED;
  } catch (const std::bad_alloc &) {
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
}

/// Waits for the handle's stream (a result goes to host memory).
cusolverStatus_t waitStream(cusolverSpHandle_t H) {
  return cudaStreamSynchronize(H->Stream) == cudaSuccess ? CUSOLVER_STATUS_SUCCESS
                                                         : CUSOLVER_STATUS_EXECUTION_FAILED;
}

/// Runs \p Fn now (host forms) or in the stream (device forms); a status
/// from the stream is kept in \p Err.
template <class F>
cusolverStatus_t run(cusolverSpHandle_t H, bool Device, cusolverStatus_t &Err, F Fn) {
  if (!Device) {
    try {
      return Fn();
    } catch (const std::bad_alloc &) {
      return CUSOLVER_STATUS_ALLOC_FAILED;
    }
  }
  cusolverStatus_t *E = &Err;
  return launch(H, [E, Fn]() mutable {
    cusolverStatus_t S;
    try {
      S = Fn();
    } catch (const std::bad_alloc &) {
      S = CUSOLVER_STATUS_ALLOC_FAILED;
    }
    if (S != CUSOLVER_STATUS_SUCCESS && *E == CUSOLVER_STATUS_SUCCESS)
      *E = S;
  });
}

// ---- Cholesky (CHOLMOD) ----

struct CholCore {
  Pattern P;
  cholmod_common C;
  cholmod_factor *L = nullptr;
  int Xtype = -1;
  bool Factored = false;
  int Minor = 0;               ///< first failed column (n: none)
  std::vector<double> Diag;    ///< |L(j,j)|'s real part, per column
  cusolverStatus_t Err = CUSOLVER_STATUS_SUCCESS;

  CholCore() {
    cholmod_start(&C);
    C.print = 0;
    C.nmethods = 1;
    C.method[0].ordering = CHOLMOD_NATURAL;
    C.postorder = 0;
    C.final_ll = 1;
    C.supernodal = CHOLMOD_SIMPLICIAL;
  }
  ~CholCore() {
    if (L)
      cholmod_free_factor(&L, &C);
    cholmod_finish(&C);
  }

  /// A's lower triangle as CHOLMOD's upper-stored n x n matrix: row i of
  /// the CSR is column i, conjugated (A = A^H).
  template <class W> cholmod_sparse *upper(const W *Vals, int Xt) {
    const int N = P.M;
    size_t Count = 0;
    for (int I = 0; I < N; ++I)
      for (int K = P.Ptr[size_t(I)]; K < P.Ptr[size_t(I) + 1]; ++K)
        Count += P.Ind[size_t(K)] <= I;
    cholmod_sparse *A = cholmod_allocate_sparse(size_t(N), size_t(N), Count, 0, 1, 1, Xt, &C);
    if (!A)
      return nullptr;
    int *Ap = static_cast<int *>(A->p), *Ai = static_cast<int *>(A->i);
    W *Ax = static_cast<W *>(A->x);
    size_t Q = 0;
    for (int I = 0; I < N; ++I) {
      Ap[I] = int(Q);
      for (int K = P.Ptr[size_t(I)]; K < P.Ptr[size_t(I) + 1]; ++K)
        if (P.Ind[size_t(K)] <= I) {
          Ai[Q] = P.Ind[size_t(K)];
          if (Vals)
            Ax[Q] = conjv(Vals[K]);
          ++Q;
        }
    }
    Ap[N] = int(Q);
    return A;
  }

  cusolverStatus_t analyze() {
    if (L)
      cholmod_free_factor(&L, &C);
    Factored = false;
    Xtype = -1;
    cholmod_sparse *A = upper<double>(nullptr, CHOLMOD_PATTERN);
    if (!A)
      return CUSOLVER_STATUS_ALLOC_FAILED;
    L = cholmod_analyze(A, &C);
    cholmod_free_sparse(&A, &C);
    return L ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
  }

  template <class W> cusolverStatus_t factor(const std::vector<W> &Vals) {
    const int Xt = xtypeOf<W>();
    if (!L || (Xtype >= 0 && Xtype != Xt)) {
      cusolverStatus_t S = analyze();
      if (S != CUSOLVER_STATUS_SUCCESS)
        return S;
    }
    cholmod_sparse *A = upper<W>(Vals.data(), Xt);
    if (!A)
      return CUSOLVER_STATUS_ALLOC_FAILED;
    C.status = CHOLMOD_OK;
    int Ok = cholmod_factorize(A, L, &C);
    cholmod_free_sparse(&A, &C);
    if (!Ok || (C.status != CHOLMOD_OK && C.status != CHOLMOD_NOT_POSDEF))
      return CUSOLVER_STATUS_ALLOC_FAILED;
    if (L->is_super && !cholmod_change_factor(Xt, 1, 0, 1, 1, L, &C))
      return CUSOLVER_STATUS_ALLOC_FAILED;
    Xtype = Xt;
    Factored = true;
    const int N = P.M;
    Minor = int(std::min<size_t>(L->minor, size_t(N)));
    Diag.assign(size_t(N), 0.0);
    const int *Lp = static_cast<const int *>(L->p);
    const W *Lx = static_cast<const W *>(L->x);
    for (int J = 0; J < Minor; ++J)
      Diag[size_t(J)] = std::real(Lx[Lp[J]]);
    return CUSOLVER_STATUS_SUCCESS;
  }

  int zeroPivot(double Tol) const {
    for (int J = 0; J < Minor; ++J)
      if (std::abs(Diag[size_t(J)]) <= Tol)
        return J;
    return Minor < P.M ? Minor : -1;
  }

  template <class T> cusolverStatus_t solve(const T *B, T *X) {
    using W = typename Ty<T>::W;
    if (!Factored || Xtype != xtypeOf<W>())
      return CUSOLVER_STATUS_INVALID_VALUE;
    const int N = P.M;
    cholmod_dense *Bd = cholmod_allocate_dense(size_t(N), 1, size_t(N), Xtype, &C);
    if (!Bd)
      return CUSOLVER_STATUS_ALLOC_FAILED;
    W *Bx = static_cast<W *>(Bd->x);
    for (int I = 0; I < N; ++I)
      Bx[I] = Ty<T>::in(B[I]);
    cholmod_dense *Xd = cholmod_solve(CHOLMOD_A, L, Bd, &C);
    cholmod_free_dense(&Bd, &C);
    if (!Xd)
      return CUSOLVER_STATUS_ALLOC_FAILED;
    const W *Xx = static_cast<const W *>(Xd->x);
    for (int I = 0; I < N; ++I)
      X[I] = Ty<T>::out(Xx[I]);
    cholmod_free_dense(&Xd, &C);
    return CUSOLVER_STATUS_SUCCESS;
  }

  size_t factorBytes(size_t Elem) const {
    return size_t(std::max(C.lnz, double(P.Nnz))) * (Elem + sizeof(int));
  }
};

// ---- QR (SPQR) ----

struct QrCore {
  Pattern P;
  cholmod_common C;
  cholmod_sparse *A = nullptr; ///< A - mu*I, m x n
  cholmod_sparse *R = nullptr, *H = nullptr;
  cholmod_dense *HTau = nullptr;
  SuiteSparse_long *E = nullptr, *HPinv = nullptr;
  int Xtype = -1;
  bool Factored = false;
  std::vector<double> Diag; ///< |R(k,k)|, k in R's column order
  cusolverStatus_t Err = CUSOLVER_STATUS_SUCCESS;

  QrCore() {
    cholmod_l_start(&C);
    C.print = 0;
  }
  ~QrCore() {
    freeFactors();
    if (A)
      cholmod_l_free_sparse(&A, &C);
    cholmod_l_finish(&C);
  }
  void freeFactors() {
    if (R)
      cholmod_l_free_sparse(&R, &C);
    if (H)
      cholmod_l_free_sparse(&H, &C);
    if (HTau)
      cholmod_l_free_dense(&HTau, &C);
    const size_t M = size_t(P.M), N = size_t(P.N);
    if (E)
      E = static_cast<SuiteSparse_long *>(cholmod_l_free(N, sizeof(SuiteSparse_long), E, &C));
    if (HPinv)
      HPinv = static_cast<SuiteSparse_long *>(
          cholmod_l_free(M, sizeof(SuiteSparse_long), HPinv, &C));
    Factored = false;
  }

  /// A - mu*I as CSC (the diagonal is added where the pattern lacks it and
  /// mu is not zero).
  template <class W> cusolverStatus_t setup(const std::vector<W> &Vals, W Mu) {
    freeFactors();
    if (A)
      cholmod_l_free_sparse(&A, &C);
    const int M = P.M, N = P.N, D = std::min(M, N);
    const bool Shift = Mu != W(0);
    std::vector<char> HasDiag(size_t(D), 0);
    for (int I = 0; I < D; ++I)
      for (int K = P.Ptr[size_t(I)]; K < P.Ptr[size_t(I) + 1]; ++K)
        if (P.Ind[size_t(K)] == I)
          HasDiag[size_t(I)] = 1;
    std::vector<SuiteSparse_long> Count(size_t(N) + 1, 0);
    for (int K = 0; K < P.Nnz; ++K)
      ++Count[size_t(P.Ind[size_t(K)]) + 1];
    size_t Extra = 0;
    if (Shift)
      for (int I = 0; I < D; ++I)
        if (!HasDiag[size_t(I)]) {
          ++Count[size_t(I) + 1];
          ++Extra;
        }
    for (int J = 0; J < N; ++J)
      Count[size_t(J) + 1] += Count[size_t(J)];
    const int Xt = xtypeOf<W>();
    A = cholmod_l_allocate_sparse(size_t(M), size_t(N), size_t(P.Nnz) + Extra, 1, 1, 0, Xt, &C);
    if (!A)
      return CUSOLVER_STATUS_ALLOC_FAILED;
    auto *Ap = static_cast<SuiteSparse_long *>(A->p), *Ai = static_cast<SuiteSparse_long *>(A->i);
    W *Ax = static_cast<W *>(A->x);
    std::copy(Count.begin(), Count.end(), Ap);
    std::vector<SuiteSparse_long> Next(Count.begin(), Count.end() - 1);
    for (int I = 0; I < M; ++I) { // rows in order: each column's rows sorted
      for (int K = P.Ptr[size_t(I)]; K < P.Ptr[size_t(I) + 1]; ++K) {
        const int J = P.Ind[size_t(K)];
        SuiteSparse_long Q = Next[size_t(J)]++;
        Ai[Q] = I;
        Ax[Q] = Vals[size_t(K)] - (Shift && J == I ? Mu : W(0));
      }
      if (Shift && I < D && !HasDiag[size_t(I)]) {
        SuiteSparse_long Q = Next[size_t(I)]++;
        Ai[Q] = I;
        Ax[Q] = -Mu;
      }
    }
    Xtype = Xt;
    return CUSOLVER_STATUS_SUCCESS;
  }

  template <class W> cusolverStatus_t factor() {
    if (!A || Xtype != xtypeOf<W>())
      return CUSOLVER_STATUS_INVALID_VALUE;
    freeFactors();
    const SuiteSparse_long N = P.N;
    SuiteSparse_long Rank = SuiteSparseQR<W>(SPQR_ORDERING_FIXED, SPQR_NO_TOL, N, A, &R, &E,
                                             &H, &HPinv, &HTau, &C);
    if (Rank < 0 || !R)
      return CUSOLVER_STATUS_ALLOC_FAILED;
    Diag.assign(size_t(N), 0.0);
    const auto *Rp = static_cast<const SuiteSparse_long *>(R->p);
    const auto *Ri = static_cast<const SuiteSparse_long *>(R->i);
    const W *Rx = static_cast<const W *>(R->x);
    for (SuiteSparse_long K = 0; K < N; ++K)
      for (SuiteSparse_long Q = Rp[K]; Q < Rp[K + 1]; ++Q)
        if (Ri[Q] == K)
          Diag[size_t(K)] = std::abs(Rx[Q]);
    Factored = true;
    return CUSOLVER_STATUS_SUCCESS;
  }

  int zeroPivot(double Tol) const {
    for (int K = 0; K < P.N; ++K)
      if (Diag[size_t(K)] <= Tol)
        return E ? int(E[K]) : K;
    return -1;
  }

  /// b := Q^H b, x := R \ (Q^H b)(0:n), in A's column order.
  template <class T> cusolverStatus_t solve(T *B, T *X) {
    using W = typename Ty<T>::W;
    if (!Factored || Xtype != xtypeOf<W>())
      return CUSOLVER_STATUS_INVALID_VALUE;
    const int M = P.M, N = P.N;
    cholmod_dense *Bd = cholmod_l_allocate_dense(size_t(M), 1, size_t(M), Xtype, &C);
    if (!Bd)
      return CUSOLVER_STATUS_ALLOC_FAILED;
    W *Bx = static_cast<W *>(Bd->x);
    for (int I = 0; I < M; ++I)
      Bx[I] = Ty<T>::in(B[I]);
    cholmod_dense *Y = SuiteSparseQR_qmult<W>(SPQR_QTX, H, HTau, HPinv, Bd, &C);
    cholmod_l_free_dense(&Bd, &C);
    if (!Y)
      return CUSOLVER_STATUS_ALLOC_FAILED;
    W *Yx = static_cast<W *>(Y->x);
    for (int I = 0; I < M; ++I)
      B[I] = Ty<T>::out(Yx[I]);
    // Back substitution with R (upper triangular, CSC).
    const auto *Rp = static_cast<const SuiteSparse_long *>(R->p);
    const auto *Ri = static_cast<const SuiteSparse_long *>(R->i);
    const W *Rx = static_cast<const W *>(R->x);
    std::vector<W> Z(Yx, Yx + N);
    for (int K = N - 1; K >= 0; --K) {
      W Dkk(0);
      for (SuiteSparse_long Q = Rp[K]; Q < Rp[K + 1]; ++Q)
        if (Ri[Q] == K)
          Dkk = Rx[Q];
      Z[size_t(K)] /= Dkk;
      for (SuiteSparse_long Q = Rp[K]; Q < Rp[K + 1]; ++Q)
        if (Ri[Q] < K)
          Z[size_t(Ri[Q])] -= Rx[Q] * Z[size_t(K)];
    }
    for (int K = 0; K < N; ++K)
      X[E ? E[K] : K] = Ty<T>::out(Z[size_t(K)]);
    cholmod_l_free_dense(&Y, &C);
    return CUSOLVER_STATUS_SUCCESS;
  }

  size_t factorBytes(size_t Elem) const { return size_t(P.Nnz + P.N) * 4 * (Elem + 8); }
};

// ---- LU (UMFPACK) ----

struct LuCore {
  Pattern P;
  std::vector<int> Cp, Ci, Map; ///< CSC of A; Map: CSR position -> CSC position
  std::vector<double> Cx;       ///< CSC values (interleaved when complex)
  void *Numeric = nullptr;
  bool Cplx = false, Factored = false;
  double Control[UMFPACK_CONTROL];
  // The extracted factors: L strictly lower (unit diagonal implicit) and U
  // as 0-based CSR; P and Q as UMFPACK gives them.
  std::vector<int> Pp, Qp, Lp, Lj, Up, Uj;
  std::vector<cd> Lx, Ux, Ud;

  ~LuCore() { freeNumeric(); }
  void freeNumeric() {
    if (Numeric) {
      if (Cplx)
        umfpack_zi_free_numeric(&Numeric);
      else
        umfpack_di_free_numeric(&Numeric);
    }
    Numeric = nullptr;
    Factored = false;
  }

  void analyze() {
    const int N = P.N;
    Cp.assign(size_t(N) + 1, 0);
    for (int K = 0; K < P.Nnz; ++K)
      ++Cp[size_t(P.Ind[size_t(K)]) + 1];
    for (int J = 0; J < N; ++J)
      Cp[size_t(J) + 1] += Cp[size_t(J)];
    std::vector<int> Next(Cp.begin(), Cp.end() - 1);
    Ci.resize(size_t(P.Nnz));
    Map.resize(size_t(P.Nnz));
    for (int I = 0; I < P.M; ++I)
      for (int K = P.Ptr[size_t(I)]; K < P.Ptr[size_t(I) + 1]; ++K) {
        int Q = Next[size_t(P.Ind[size_t(K)])]++;
        Ci[size_t(Q)] = I;
        Map[size_t(K)] = Q;
      }
  }

  template <class W> cusolverStatus_t factor(const std::vector<W> &Vals, double Threshold) {
    freeNumeric();
    Cplx = IsCplx<W>;
    const int N = P.N;
    Cx.assign(size_t(P.Nnz) * (Cplx ? 2 : 1), 0.0);
    for (int K = 0; K < P.Nnz; ++K) {
      cd V(Vals[size_t(K)]);
      if (Cplx) {
        Cx[2 * size_t(Map[size_t(K)])] = V.real();
        Cx[2 * size_t(Map[size_t(K)]) + 1] = V.imag();
      } else {
        Cx[size_t(Map[size_t(K)])] = V.real();
      }
    }
    if (Cplx)
      umfpack_zi_defaults(Control);
    else
      umfpack_di_defaults(Control);
    Control[UMFPACK_PRL] = 0;
    Control[UMFPACK_STRATEGY] = UMFPACK_STRATEGY_UNSYMMETRIC;
    Control[UMFPACK_ORDERING] = UMFPACK_ORDERING_NONE;
    Control[UMFPACK_FIXQ] = 1;
    Control[UMFPACK_SINGLETONS] = 0;
    Control[UMFPACK_SCALE] = UMFPACK_SCALE_NONE;
    Control[UMFPACK_PIVOT_TOLERANCE] = Threshold;
    // Keep exact zeros: the factors' pattern is then structural, which a
    // refactorization (cusolverRf) on the same pattern relies on.
    Control[UMFPACK_DROPTOL] = -1;
    double Info[UMFPACK_INFO];
    void *Symbolic = nullptr;
    int S;
    if (Cplx)
      S = umfpack_zi_symbolic(N, N, Cp.data(), Ci.data(), Cx.data(), nullptr, &Symbolic,
                              Control, Info);
    else
      S = umfpack_di_symbolic(N, N, Cp.data(), Ci.data(), Cx.data(), &Symbolic, Control, Info);
    if (S != UMFPACK_OK)
      return S == UMFPACK_ERROR_out_of_memory ? CUSOLVER_STATUS_ALLOC_FAILED
                                              : CUSOLVER_STATUS_INTERNAL_ERROR;
    if (Cplx) {
      S = umfpack_zi_numeric(Cp.data(), Ci.data(), Cx.data(), nullptr, Symbolic, &Numeric,
                             Control, Info);
      umfpack_zi_free_symbolic(&Symbolic);
    } else {
      S = umfpack_di_numeric(Cp.data(), Ci.data(), Cx.data(), Symbolic, &Numeric, Control,
                             Info);
      umfpack_di_free_symbolic(&Symbolic);
    }
    // A singular matrix still has its factors (the zero pivot says where).
    if (S != UMFPACK_OK && S != UMFPACK_WARNING_singular_matrix) {
      Numeric = nullptr;
      return S == UMFPACK_ERROR_out_of_memory ? CUSOLVER_STATUS_ALLOC_FAILED
                                              : CUSOLVER_STATUS_INTERNAL_ERROR;
    }
    Factored = true;
    return extract();
  }

  cusolverStatus_t extract() {
    const int N = P.N;
    int Lnz = 0, Unz = 0, Nr = 0, Nc = 0, Nzud = 0, Recip = 0;
    if (Cplx)
      umfpack_zi_get_lunz(&Lnz, &Unz, &Nr, &Nc, &Nzud, Numeric);
    else
      umfpack_di_get_lunz(&Lnz, &Unz, &Nr, &Nc, &Nzud, Numeric);
    std::vector<int> Lr(size_t(N) + 1), Li(static_cast<size_t>(Lnz)), Uc(size_t(N) + 1), Ui(static_cast<size_t>(Unz));
    const size_t Wd = Cplx ? 2 : 1;
    std::vector<double> Lv(size_t(Lnz) * Wd), Uv(size_t(Unz) * Wd), Dv(size_t(N) * Wd);
    Pp.resize(size_t(N));
    Qp.resize(size_t(N));
    int S;
    if (Cplx)
      S = umfpack_zi_get_numeric(Lr.data(), Li.data(), Lv.data(), nullptr, Uc.data(), Ui.data(),
                                 Uv.data(), nullptr, Pp.data(), Qp.data(), Dv.data(), nullptr,
                                 &Recip, nullptr, Numeric);
    else
      S = umfpack_di_get_numeric(Lr.data(), Li.data(), Lv.data(), Uc.data(), Ui.data(),
                                 Uv.data(), Pp.data(), Qp.data(), Dv.data(), &Recip, nullptr,
                                 Numeric);
    if (S != UMFPACK_OK)
      return CUSOLVER_STATUS_INTERNAL_ERROR;
    auto At = [&](const std::vector<double> &V, size_t K) {
      return Cplx ? cd(V[2 * K], V[2 * K + 1]) : cd(V[K], 0.0);
    };
    // L: row form already; drop its unit diagonal.
    Lp.assign(size_t(N) + 1, 0);
    Lj.clear();
    Lx.clear();
    for (int I = 0; I < N; ++I) {
      for (int K = Lr[size_t(I)]; K < Lr[size_t(I) + 1]; ++K)
        if (Li[size_t(K)] != I) {
          Lj.push_back(Li[size_t(K)]);
          Lx.push_back(At(Lv, size_t(K)));
        }
      Lp[size_t(I) + 1] = int(Lj.size());
    }
    // U: column form to rows; its diagonal is Dx (stored in U as well or not).
    Ud.resize(size_t(N));
    for (int I = 0; I < N; ++I)
      Ud[size_t(I)] = At(Dv, size_t(I));
    std::vector<int> Cnt(size_t(N) + 1, 0);
    for (int J = 0; J < N; ++J)
      for (int K = Uc[size_t(J)]; K < Uc[size_t(J) + 1]; ++K)
        if (Ui[size_t(K)] != J)
          ++Cnt[size_t(Ui[size_t(K)]) + 1];
    for (int I = 0; I < N; ++I)
      ++Cnt[size_t(I) + 1]; // the diagonal, always stored
    for (int I = 0; I < N; ++I)
      Cnt[size_t(I) + 1] += Cnt[size_t(I)];
    Up = Cnt;
    Uj.assign(size_t(Cnt[size_t(N)]), 0);
    Ux.assign(size_t(Cnt[size_t(N)]), cd(0));
    std::vector<int> Next(Cnt.begin(), Cnt.end() - 1);
    for (int J = 0; J < N; ++J) { // columns in order: each row's columns sorted
      for (int K = Uc[size_t(J)]; K < Uc[size_t(J) + 1]; ++K) {
        const int I = Ui[size_t(K)];
        if (I == J)
          continue;
        int Q = Next[size_t(I)]++;
        Uj[size_t(Q)] = J;
        Ux[size_t(Q)] = At(Uv, size_t(K));
      }
      int Q = Next[size_t(J)]++;
      Uj[size_t(Q)] = J;
      Ux[size_t(Q)] = Ud[size_t(J)];
    }
    return CUSOLVER_STATUS_SUCCESS;
  }

  int zeroPivot(double Tol) const {
    for (size_t J = 0; J < Ud.size(); ++J)
      if (std::abs(Ud[J]) <= Tol)
        return int(J);
    return -1;
  }

  template <class T> cusolverStatus_t solve(const T *B, T *X) {
    using W = typename Ty<T>::W;
    if (!Factored || Cplx != IsCplx<W>)
      return CUSOLVER_STATUS_INVALID_VALUE;
    const int N = P.N;
    const size_t Wd = Cplx ? 2 : 1;
    std::vector<double> Bv(size_t(N) * Wd), Xv(size_t(N) * Wd);
    for (int I = 0; I < N; ++I) {
      cd V(Ty<T>::in(B[I]));
      Bv[Wd * size_t(I)] = V.real();
      if (Cplx)
        Bv[2 * size_t(I) + 1] = V.imag();
    }
    double Info[UMFPACK_INFO];
    int S;
    if (Cplx)
      S = umfpack_zi_solve(UMFPACK_A, Cp.data(), Ci.data(), Cx.data(), nullptr, Xv.data(),
                           nullptr, Bv.data(), nullptr, Numeric, Control, Info);
    else
      S = umfpack_di_solve(UMFPACK_A, Cp.data(), Ci.data(), Cx.data(), Xv.data(), Bv.data(),
                           Numeric, Control, Info);
    if (S != UMFPACK_OK && S != UMFPACK_WARNING_singular_matrix)
      return CUSOLVER_STATUS_INTERNAL_ERROR;
    for (int I = 0; I < N; ++I) {
      if constexpr (IsCplx<W>)
        X[I] = Ty<T>::out(W(Xv[2 * size_t(I)], Xv[2 * size_t(I) + 1]));
      else
        X[I] = Ty<T>::out(Xv[size_t(I)]);
    }
    return CUSOLVER_STATUS_SUCCESS;
  }
};

template <class W> W toW(cd V);
template <> double toW<double>(cd V) { return V.real(); }
template <> cd toW<cd>(cd V) { return V; }

template <class T> std::vector<typename Ty<T>::W> widen(const T *V, int Nnz) {
  std::vector<typename Ty<T>::W> Out(static_cast<size_t>(Nnz));
  for (int K = 0; K < Nnz; ++K)
    Out[size_t(K)] = Ty<T>::in(V[K]);
  return Out;
}

} // namespace

// The opaque infos: one core each; the host and device forms of QR and
// Cholesky differ only in where they run.
struct csrluInfoHost {
  LuCore Core;
};
struct csrqrInfoHost {
  QrCore Core;
};
struct csrqrInfo {
  QrCore Core;
};
struct csrcholInfoHost {
  CholCore Core;
};
struct csrcholInfo {
  CholCore Core;
};

namespace {

#define CHECK_HANDLE_INFO(H, I)                                                          \
  do {                                                                                   \
    if (!(H) || !(I))                                                                    \
      return CUSOLVER_STATUS_NOT_INITIALIZED;                                            \
  } while (0)

template <class Info> cusolverStatus_t createInfo(Info **I) {
  if (!I)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *I = new (std::nothrow) Info;
  return *I ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}
template <class Info> cusolverStatus_t destroyInfo(Info *I) {
  if (!I)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  delete I;
  return CUSOLVER_STATUS_SUCCESS;
}

// ---- Cholesky ----

template <class Core>
cusolverStatus_t cholAnalysis(cusolverSpHandle_t H, bool Dev, int N, int Nnz,
                              const cusparseMatDescr_t D, const int *RowPtr, const int *ColInd,
                              Core *C) {
  int Base = 0;
  cusolverStatus_t S = checkCsr(N, N, Nnz, D, nullptr, RowPtr, ColInd, false, &Base);
  if (S != CUSOLVER_STATUS_SUCCESS)
    return S;
  if (Dev)
    C->Err = CUSOLVER_STATUS_SUCCESS;
  return run(H, Dev, C->Err, [=]() {
    if (!readPattern(C->P, N, N, Nnz, Base, RowPtr, ColInd))
      return CUSOLVER_STATUS_INVALID_VALUE;
    return C->analyze();
  });
}

template <class T, class Core>
cusolverStatus_t cholBufferInfo(cusolverSpHandle_t H, bool Dev, int N, int Nnz,
                                const cusparseMatDescr_t D, const T *Val, const int *RowPtr,
                                const int *ColInd, Core *C, size_t *Internal, size_t *Work) {
  int Base = 0;
  cusolverStatus_t S = checkCsr(N, N, Nnz, D, Val, RowPtr, ColInd, false, &Base);
  if (S != CUSOLVER_STATUS_SUCCESS)
    return S;
  if (!Internal || !Work)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (Dev && (S = waitStream(H)) != CUSOLVER_STATUS_SUCCESS)
    return S;
  if (Dev && C->Err != CUSOLVER_STATUS_SUCCESS)
    return C->Err;
  if (!C->P.Ok || C->P.M != N || C->P.Nnz != Nnz)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Internal = C->factorBytes(sizeof(T));
  *Work = std::max<size_t>(1, size_t(N)) * sizeof(T);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T, class Core>
cusolverStatus_t cholFactor(cusolverSpHandle_t H, bool Dev, int N, int Nnz,
                            const cusparseMatDescr_t D, const T *Val, const int *RowPtr,
                            const int *ColInd, Core *C) {
  int Base = 0;
  cusolverStatus_t S = checkCsr(N, N, Nnz, D, Val, RowPtr, ColInd, true, &Base);
  if (S != CUSOLVER_STATUS_SUCCESS)
    return S;
  if (!Dev && (!C->P.Ok || C->P.M != N || C->P.Nnz != Nnz))
    return CUSOLVER_STATUS_INVALID_VALUE;
  return run(H, Dev, C->Err, [=]() {
    if (!C->P.Ok || C->P.M != N || C->P.Nnz != Nnz)
      return CUSOLVER_STATUS_INVALID_VALUE;
    return C->factor(widen(Val, Nnz));
  });
}

/// csrchol's and csrqr's ZeroPivot: the first pivot at or below \p Tol.
template <class R, class Core>
cusolverStatus_t zeroPivot(cusolverSpHandle_t H, bool Dev, Core *C, R Tol, int *Position) {
  if (!Position)
    return CUSOLVER_STATUS_INVALID_VALUE;
  cusolverStatus_t S;
  if (Dev && (S = waitStream(H)) != CUSOLVER_STATUS_SUCCESS)
    return S;
  if (Dev && C->Err != CUSOLVER_STATUS_SUCCESS)
    return C->Err;
  if (!C->Factored)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Position = C->zeroPivot(std::max(double(Tol), 0.0));
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T, class Core>
cusolverStatus_t cholSolve(cusolverSpHandle_t H, bool Dev, int N, const T *B, T *X, Core *C) {
  if (N < 0 || (N > 0 && (!B || !X)))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!Dev && (!C->Factored || C->P.M != N))
    return CUSOLVER_STATUS_INVALID_VALUE;
  return run(H, Dev, C->Err, [=]() {
    if (!C->Factored || C->P.M != N)
      return CUSOLVER_STATUS_INVALID_VALUE;
    return C->template solve<T>(B, X);
  });
}

// ---- QR ----

template <class Core>
cusolverStatus_t qrAnalysis(cusolverSpHandle_t H, bool Dev, int M, int N, int Nnz,
                            const cusparseMatDescr_t D, const int *RowPtr, const int *ColInd,
                            Core *C) {
  int Base = 0;
  cusolverStatus_t S = checkCsr(M, N, Nnz, D, nullptr, RowPtr, ColInd, false, &Base);
  if (S != CUSOLVER_STATUS_SUCCESS)
    return S;
  if (M < N)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (Dev)
    C->Err = CUSOLVER_STATUS_SUCCESS;
  return run(H, Dev, C->Err, [=]() {
    C->freeFactors();
    if (C->A) // a new analysis needs a new setup
      cholmod_l_free_sparse(&C->A, &C->C);
    if (!readPattern(C->P, M, N, Nnz, Base, RowPtr, ColInd))
      return CUSOLVER_STATUS_INVALID_VALUE;
    return CUSOLVER_STATUS_SUCCESS;
  });
}

template <class T, class Core>
cusolverStatus_t qrBufferInfo(cusolverSpHandle_t H, bool Dev, int M, int N, int Nnz,
                              const cusparseMatDescr_t D, const T *Val, const int *RowPtr,
                              const int *ColInd, Core *C, size_t *Internal, size_t *Work) {
  int Base = 0;
  cusolverStatus_t S = checkCsr(M, N, Nnz, D, Val, RowPtr, ColInd, false, &Base);
  if (S != CUSOLVER_STATUS_SUCCESS)
    return S;
  if (!Internal || !Work)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (Dev && (S = waitStream(H)) != CUSOLVER_STATUS_SUCCESS)
    return S;
  if (Dev && C->Err != CUSOLVER_STATUS_SUCCESS)
    return C->Err;
  if (!C->P.Ok || C->P.M != M || C->P.N != N || C->P.Nnz != Nnz)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Internal = C->factorBytes(sizeof(T));
  *Work = std::max<size_t>(1, size_t(M)) * sizeof(T);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T, class Core>
cusolverStatus_t qrSetup(cusolverSpHandle_t H, bool Dev, int M, int N, int Nnz,
                         const cusparseMatDescr_t D, const T *Val, const int *RowPtr,
                         const int *ColInd, T Mu, Core *C) {
  int Base = 0;
  cusolverStatus_t S = checkCsr(M, N, Nnz, D, Val, RowPtr, ColInd, true, &Base);
  if (S != CUSOLVER_STATUS_SUCCESS)
    return S;
  auto Same = [=] { return C->P.Ok && C->P.M == M && C->P.N == N && C->P.Nnz == Nnz; };
  if (!Dev && !Same())
    return CUSOLVER_STATUS_INVALID_VALUE;
  return run(H, Dev, C->Err, [=]() {
    if (!Same())
      return CUSOLVER_STATUS_INVALID_VALUE;
    return C->setup(widen(Val, Nnz), Ty<T>::in(Mu));
  });
}

template <class T, class Core>
cusolverStatus_t qrSolve(cusolverSpHandle_t H, bool Dev, int M, int N, T *B, T *X, Core *C) {
  if (M < 0 || N < 0 || (M > 0 && !B) || (N > 0 && !X))
    return CUSOLVER_STATUS_INVALID_VALUE;
  auto Ready = [=] { return C->Factored && C->P.M == M && C->P.N == N; };
  if (!Dev && !Ready())
    return CUSOLVER_STATUS_INVALID_VALUE;
  return run(H, Dev, C->Err, [=]() {
    if (!Ready())
      return CUSOLVER_STATUS_INVALID_VALUE;
    return C->template solve<T>(B, X);
  });
}

/// Factors; with b and x both given, solves as csrqrSolve does.
template <class T, class Core>
cusolverStatus_t qrFactor(cusolverSpHandle_t H, bool Dev, int M, int N, int Nnz, T *B, T *X,
                          Core *C) {
  using W = typename Ty<T>::W;
  if (M < 0 || N < 0 || Nnz < 0 || (!B) != (!X))
    return CUSOLVER_STATUS_INVALID_VALUE;
  auto Ready = [=] {
    return C->A && C->P.M == M && C->P.N == N && C->P.Nnz == Nnz;
  };
  if (!Dev && !Ready())
    return CUSOLVER_STATUS_INVALID_VALUE;
  return run(H, Dev, C->Err, [=]() {
    if (!Ready())
      return CUSOLVER_STATUS_INVALID_VALUE;
    cusolverStatus_t S = C->template factor<W>();
    if (S == CUSOLVER_STATUS_SUCCESS && B)
      S = C->template solve<T>(B, X);
    return S;
  });
}

// ---- LU (host) ----

template <class T>
cusolverStatus_t luBufferInfo(int N, int Nnz, const cusparseMatDescr_t D, const T *Val,
                              const int *RowPtr, const int *ColInd, LuCore *C,
                              size_t *Internal, size_t *Work) {
  int Base = 0;
  cusolverStatus_t S = checkCsr(N, N, Nnz, D, Val, RowPtr, ColInd, false, &Base);
  if (S != CUSOLVER_STATUS_SUCCESS)
    return S;
  if (!Internal || !Work)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!C->P.Ok || C->P.N != N || C->P.Nnz != Nnz)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Internal = size_t(Nnz + N) * 8 * (sizeof(T) + sizeof(int));
  *Work = std::max<size_t>(1, size_t(N)) * sizeof(T);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T, class R>
cusolverStatus_t luFactor(int N, int Nnz, const cusparseMatDescr_t D, const T *Val,
                          const int *RowPtr, const int *ColInd, LuCore *C, R Threshold) {
  int Base = 0;
  cusolverStatus_t S = checkCsr(N, N, Nnz, D, Val, RowPtr, ColInd, true, &Base);
  if (S != CUSOLVER_STATUS_SUCCESS)
    return S;
  if (!(Threshold >= R(0) && Threshold <= R(1)))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!C->P.Ok || C->P.N != N || C->P.Nnz != Nnz)
    return CUSOLVER_STATUS_INVALID_VALUE;
  try {
    return C->factor(widen(Val, Nnz), double(Threshold));
  } catch (const std::bad_alloc &) {
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
}

template <class T>
cusolverStatus_t luExtract(int *P, int *Q, const cusparseMatDescr_t DL, T *LVal, int *LPtr,
                           int *LInd, const cusparseMatDescr_t DU, T *UVal, int *UPtr,
                           int *UInd, LuCore *C) {
  int BaseL = 0, BaseU = 0;
  cusolverStatus_t S = loomsp::checkDescr(DL, BaseL);
  if (S == CUSOLVER_STATUS_SUCCESS)
    S = loomsp::checkDescr(DU, BaseU);
  if (S != CUSOLVER_STATUS_SUCCESS)
    return S;
  if (!P || !Q || !LVal || !LPtr || !LInd || !UVal || !UPtr || !UInd)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!C->Factored)
    return CUSOLVER_STATUS_INVALID_VALUE;
  const int N = C->P.N;
  using W = typename Ty<T>::W;
  for (int I = 0; I < N; ++I) {
    P[I] = C->Pp[size_t(I)];
    Q[I] = C->Qp[size_t(I)];
  }
  for (int I = 0; I <= N; ++I) {
    LPtr[I] = C->Lp[size_t(I)] + BaseL;
    UPtr[I] = C->Up[size_t(I)] + BaseU;
  }
  for (size_t K = 0; K < C->Lj.size(); ++K) {
    LInd[K] = C->Lj[K] + BaseL;
    LVal[K] = Ty<T>::out(toW<W>(C->Lx[K]));
  }
  for (size_t K = 0; K < C->Uj.size(); ++K) {
    UInd[K] = C->Uj[K] + BaseU;
    UVal[K] = Ty<T>::out(toW<W>(C->Ux[K]));
  }
  return CUSOLVER_STATUS_SUCCESS;
}

} // namespace

extern "C" {

// ---- LU (host) ----

cusolverStatus_t cusolverSpCreateCsrluInfoHost(csrluInfoHost_t *Info) { return createInfo(Info); }
cusolverStatus_t cusolverSpDestroyCsrluInfoHost(csrluInfoHost_t Info) { return destroyInfo(Info); }

cusolverStatus_t cusolverSpXcsrluAnalysisHost(cusolverSpHandle_t H, int N, int Nnz,
                                              const cusparseMatDescr_t D, const int *RowPtr,
                                              const int *ColInd, csrluInfoHost_t Info) {
  CHECK_HANDLE_INFO(H, Info);
  int Base = 0;
  cusolverStatus_t S = checkCsr(N, N, Nnz, D, nullptr, RowPtr, ColInd, false, &Base);
  if (S != CUSOLVER_STATUS_SUCCESS)
    return S;
  LuCore &C = Info->Core;
  C.freeNumeric();
  if (!readPattern(C.P, N, N, Nnz, Base, RowPtr, ColInd))
    return CUSOLVER_STATUS_INVALID_VALUE;
  try {
    C.analyze();
  } catch (const std::bad_alloc &) {
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverSpXcsrluNnzHost(cusolverSpHandle_t H, int *NnzL, int *NnzU,
                                         csrluInfoHost_t Info) {
  CHECK_HANDLE_INFO(H, Info);
  if (!NnzL || !NnzU)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!Info->Core.Factored)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *NnzL = int(Info->Core.Lj.size());
  *NnzU = int(Info->Core.Uj.size());
  return CUSOLVER_STATUS_SUCCESS;
}

#define LOOM_LU(p, T, R)                                                                 \
  cusolverStatus_t cusolverSp##p##csrluBufferInfoHost(                                   \
      cusolverSpHandle_t H, int N, int Nnz, const cusparseMatDescr_t D, const T *Val,    \
      const int *RowPtr, const int *ColInd, csrluInfoHost_t Info, size_t *Internal,      \
      size_t *Work) {                                                                    \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return luBufferInfo(N, Nnz, D, Val, RowPtr, ColInd, &Info->Core, Internal, Work);    \
  }                                                                                      \
  cusolverStatus_t cusolverSp##p##csrluFactorHost(                                       \
      cusolverSpHandle_t H, int N, int Nnz, const cusparseMatDescr_t D, const T *Val,    \
      const int *RowPtr, const int *ColInd, csrluInfoHost_t Info, R Threshold, void *) { \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return luFactor(N, Nnz, D, Val, RowPtr, ColInd, &Info->Core, Threshold);             \
  }                                                                                      \
  cusolverStatus_t cusolverSp##p##csrluZeroPivotHost(cusolverSpHandle_t H,               \
                                                     csrluInfoHost_t Info, R Tol,        \
                                                     int *Position) {                    \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    if (!Position)                                                                       \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    if (!Info->Core.Factored)                                                            \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *Position = Info->Core.zeroPivot(std::max(double(Tol), 0.0));                        \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverSp##p##csrluSolveHost(cusolverSpHandle_t H, int N,            \
                                                 const T *B, T *X, csrluInfoHost_t Info, \
                                                 void *) {                               \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    if (N < 0 || (N > 0 && (!B || !X)) || !Info->Core.Factored || Info->Core.P.N != N)   \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    try {                                                                                \
      return Info->Core.solve<T>(B, X);                                                  \
    } catch (const std::bad_alloc &) {                                                   \
      return CUSOLVER_STATUS_ALLOC_FAILED;                                               \
    }                                                                                    \
  }                                                                                      \
  cusolverStatus_t cusolverSp##p##csrluExtractHost(                                      \
      cusolverSpHandle_t H, int *P, int *Q, const cusparseMatDescr_t DL, T *LVal,        \
      int *LPtr, int *LInd, const cusparseMatDescr_t DU, T *UVal, int *UPtr, int *UInd,  \
      csrluInfoHost_t Info, void *) {                                                    \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return luExtract(P, Q, DL, LVal, LPtr, LInd, DU, UVal, UPtr, UInd, &Info->Core);     \
  }
LOOM_LU(S, float, float)
LOOM_LU(D, double, double)
LOOM_LU(C, cuComplex, float)
LOOM_LU(Z, cuDoubleComplex, double)
#undef LOOM_LU

// ---- QR (host and device) ----

cusolverStatus_t cusolverSpCreateCsrqrInfoHost(csrqrInfoHost_t *Info) { return createInfo(Info); }
cusolverStatus_t cusolverSpDestroyCsrqrInfoHost(csrqrInfoHost_t Info) { return destroyInfo(Info); }
cusolverStatus_t cusolverSpCreateCsrqrInfo(csrqrInfo_t *Info) { return createInfo(Info); }
cusolverStatus_t cusolverSpDestroyCsrqrInfo(csrqrInfo_t Info) { return destroyInfo(Info); }

#define LOOM_QR_ANALYSIS(sfx, Inf, Dev)                                                  \
  cusolverStatus_t cusolverSpXcsrqrAnalysis##sfx(                                        \
      cusolverSpHandle_t H, int M, int N, int Nnz, const cusparseMatDescr_t D,           \
      const int *RowPtr, const int *ColInd, Inf Info) {                                  \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return qrAnalysis(H, Dev, M, N, Nnz, D, RowPtr, ColInd, &Info->Core);                \
  }
LOOM_QR_ANALYSIS(Host, csrqrInfoHost_t, false)
LOOM_QR_ANALYSIS(, csrqrInfo_t, true)
#undef LOOM_QR_ANALYSIS

#define LOOM_QR(p, T, R, sfx, Inf, Dev)                                                  \
  cusolverStatus_t cusolverSp##p##csrqrBufferInfo##sfx(                                  \
      cusolverSpHandle_t H, int M, int N, int Nnz, const cusparseMatDescr_t D,           \
      const T *Val, const int *RowPtr, const int *ColInd, Inf Info, size_t *Internal,    \
      size_t *Work) {                                                                    \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return qrBufferInfo(H, Dev, M, N, Nnz, D, Val, RowPtr, ColInd, &Info->Core,          \
                        Internal, Work);                                                 \
  }                                                                                      \
  cusolverStatus_t cusolverSp##p##csrqrSetup##sfx(                                       \
      cusolverSpHandle_t H, int M, int N, int Nnz, const cusparseMatDescr_t D,           \
      const T *Val, const int *RowPtr, const int *ColInd, T Mu, Inf Info) {              \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return qrSetup(H, Dev, M, N, Nnz, D, Val, RowPtr, ColInd, Mu, &Info->Core);          \
  }                                                                                      \
  cusolverStatus_t cusolverSp##p##csrqrFactor##sfx(cusolverSpHandle_t H, int M, int N,   \
                                                   int Nnz, T *B, T *X, Inf Info,        \
                                                   void *) {                             \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return qrFactor(H, Dev, M, N, Nnz, B, X, &Info->Core);                               \
  }                                                                                      \
  cusolverStatus_t cusolverSp##p##csrqrZeroPivot##sfx(cusolverSpHandle_t H, Inf Info,    \
                                                      R Tol, int *Position) {            \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return zeroPivot(H, Dev, &Info->Core, Tol, Position);                              \
  }                                                                                      \
  cusolverStatus_t cusolverSp##p##csrqrSolve##sfx(cusolverSpHandle_t H, int M, int N,    \
                                                  T *B, T *X, Inf Info, void *) {        \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return qrSolve(H, Dev, M, N, B, X, &Info->Core);                                     \
  }
LOOM_QR(S, float, float, Host, csrqrInfoHost_t, false)
LOOM_QR(D, double, double, Host, csrqrInfoHost_t, false)
LOOM_QR(C, cuComplex, float, Host, csrqrInfoHost_t, false)
LOOM_QR(Z, cuDoubleComplex, double, Host, csrqrInfoHost_t, false)
LOOM_QR(S, float, float, , csrqrInfo_t, true)
LOOM_QR(D, double, double, , csrqrInfo_t, true)
LOOM_QR(C, cuComplex, float, , csrqrInfo_t, true)
LOOM_QR(Z, cuDoubleComplex, double, , csrqrInfo_t, true)
#undef LOOM_QR

// ---- Cholesky (host and device) ----

cusolverStatus_t cusolverSpCreateCsrcholInfoHost(csrcholInfoHost_t *Info) {
  return createInfo(Info);
}
cusolverStatus_t cusolverSpDestroyCsrcholInfoHost(csrcholInfoHost_t Info) {
  return destroyInfo(Info);
}
cusolverStatus_t cusolverSpCreateCsrcholInfo(csrcholInfo_t *Info) { return createInfo(Info); }
cusolverStatus_t cusolverSpDestroyCsrcholInfo(csrcholInfo_t Info) { return destroyInfo(Info); }

#define LOOM_CHOL_ANALYSIS(sfx, Inf, Dev)                                                \
  cusolverStatus_t cusolverSpXcsrcholAnalysis##sfx(cusolverSpHandle_t H, int N, int Nnz, \
                                                   const cusparseMatDescr_t D,           \
                                                   const int *RowPtr, const int *ColInd, \
                                                   Inf Info) {                           \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return cholAnalysis(H, Dev, N, Nnz, D, RowPtr, ColInd, &Info->Core);                 \
  }
LOOM_CHOL_ANALYSIS(Host, csrcholInfoHost_t, false)
LOOM_CHOL_ANALYSIS(, csrcholInfo_t, true)
#undef LOOM_CHOL_ANALYSIS

#define LOOM_CHOL(p, T, R, sfx, Inf, Dev)                                                \
  cusolverStatus_t cusolverSp##p##csrcholBufferInfo##sfx(                                \
      cusolverSpHandle_t H, int N, int Nnz, const cusparseMatDescr_t D, const T *Val,    \
      const int *RowPtr, const int *ColInd, Inf Info, size_t *Internal, size_t *Work) {  \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return cholBufferInfo(H, Dev, N, Nnz, D, Val, RowPtr, ColInd, &Info->Core, Internal, \
                          Work);                                                         \
  }                                                                                      \
  cusolverStatus_t cusolverSp##p##csrcholFactor##sfx(                                    \
      cusolverSpHandle_t H, int N, int Nnz, const cusparseMatDescr_t D, const T *Val,    \
      const int *RowPtr, const int *ColInd, Inf Info, void *) {                          \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return cholFactor(H, Dev, N, Nnz, D, Val, RowPtr, ColInd, &Info->Core);              \
  }                                                                                      \
  cusolverStatus_t cusolverSp##p##csrcholZeroPivot##sfx(cusolverSpHandle_t H, Inf Info,  \
                                                        R Tol, int *Position) {          \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return zeroPivot(H, Dev, &Info->Core, Tol, Position);                            \
  }                                                                                      \
  cusolverStatus_t cusolverSp##p##csrcholSolve##sfx(cusolverSpHandle_t H, int N,         \
                                                    const T *B, T *X, Inf Info, void *) { \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    return cholSolve(H, Dev, N, B, X, &Info->Core);                                      \
  }
LOOM_CHOL(S, float, float, Host, csrcholInfoHost_t, false)
LOOM_CHOL(D, double, double, Host, csrcholInfoHost_t, false)
LOOM_CHOL(C, cuComplex, float, Host, csrcholInfoHost_t, false)
LOOM_CHOL(Z, cuDoubleComplex, double, Host, csrcholInfoHost_t, false)
LOOM_CHOL(S, float, float, , csrcholInfo_t, true)
LOOM_CHOL(D, double, double, , csrcholInfo_t, true)
LOOM_CHOL(C, cuComplex, float, , csrcholInfo_t, true)
LOOM_CHOL(Z, cuDoubleComplex, double, , csrcholInfo_t, true)
#undef LOOM_CHOL

#define LOOM_CHOL_DIAG(p, R)                                                             \
  cusolverStatus_t cusolverSp##p##csrcholDiag(cusolverSpHandle_t H, csrcholInfo_t Info,  \
                                              R *Diag) {                                 \
    CHECK_HANDLE_INFO(H, Info);                                                          \
    if (!Diag)                                                                           \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    CholCore *C = &Info->Core;                                                           \
    return run(H, true, C->Err, [=]() {                                                  \
      if (!C->Factored)                                                                  \
        return CUSOLVER_STATUS_INVALID_VALUE;                                            \
      for (size_t J = 0; J < C->Diag.size(); ++J)                                        \
        Diag[J] = R(C->Diag[J]);                                                         \
      return CUSOLVER_STATUS_SUCCESS;                                                    \
    });                                                                                  \
  }
LOOM_CHOL_DIAG(S, float)
LOOM_CHOL_DIAG(D, double)
LOOM_CHOL_DIAG(C, float)
LOOM_CHOL_DIAG(Z, double)
#undef LOOM_CHOL_DIAG

} // extern "C"

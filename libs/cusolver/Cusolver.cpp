// Cusolver.cpp - libcusolver: a subset of NVIDIA's cuSOLVER dense API
// (cusolverDn: Cholesky, LU, QR, SVD, symmetric eigenvalues for S/D/C/Z)
// on LAPACK, as OpenBLAS's libopenblas exports it (the Fortran symbols).
// SPDX-License-Identifier: Apache-2.0
//
// Device pointers are host pointers in Loom. Each call checks its
// arguments at the call (as LAPACK numbers them, which is cuSOLVER's
// numbering without the handle): a bad one returns
// CUSOLVER_STATUS_INVALID_VALUE and, where devInfo is usable, -i is written
// to it in stream order. LAPACK is then only ever called with valid
// arguments, so its xerbla never runs. The work is enqueued on the handle's
// stream (libs/common/StreamTask.h): it runs when the stream reaches it,
// after the kernels and copies before it, asynchronously to the host, and
// is recorded when the stream is being captured into a graph; devInfo is
// written when it runs (0, or LAPACK's positive info: the order of the
// minor that is not positive definite, the zero pivot, the unconverged
// superdiagonals). The caller's workspace is used when it is as large as
// LAPACK's optimum, else the work allocates its own. getrf without a pivot
// array (devIpiv NULL) is a blocked LU without row interchanges on BLAS
// trsm/gemm, as cuSOLVER documents. The 64-bit API (cusolverDnX*) covers
// potrf/potrs/getrf/getrs/geqrf/gesvd/syevd on the same code, one data type
// (and its real type for S, W) per call. The Jacobi solvers (syevj, gesvdj,
// batched) compute with syevd/gesvd and report the measured residual and 0
// sweeps; potrfBatched/potrsBatched loop over potrf/potrs; sygvd, syevdx and
// sygvdx are LAPACK's sygvd, syevr and sygvx; the <main><lowest>gesv family
// refines a low-precision LU in the main precision.
// See docs/libraries.md.
#include "cusolverDn.h"
#include "cuda_runtime_api.h"

#include "../common/StreamTask.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

struct cusolverDnContext {
  cudaStream_t Stream = nullptr;
  loomlib::TaskKeeper Keeper;
};

struct cusolverDnParams {
  cusolverAlgMode_t GetrfAlg = CUSOLVER_ALG_0;
  cusolverAlgMode_t PotrfAlg = CUSOLVER_ALG_0;
};

using cf = std::complex<float>;
using cd = std::complex<double>;
using fl = size_t; // Fortran's hidden length of a CHARACTER argument

// ---- LAPACK and BLAS (Fortran symbols of libopenblas, LP64) ----

extern "C" {
#define LOOM_LAPACK_DECLS(p, T, R)                                                       \
  void p##potrf_(const char *, const int *, T *, const int *, int *, fl);               \
  void p##potrs_(const char *, const int *, const int *, const T *, const int *, T *,   \
                 const int *, int *, fl);                                                \
  void p##potri_(const char *, const int *, T *, const int *, int *, fl);               \
  void p##getrf_(const int *, const int *, T *, const int *, int *, int *);             \
  void p##getrs_(const char *, const int *, const int *, const T *, const int *,        \
                 const int *, T *, const int *, int *, fl);                              \
  void p##geqrf_(const int *, const int *, T *, const int *, T *, T *, const int *,     \
                 int *);                                                                 \
  void p##trsm_(const char *, const char *, const char *, const char *, const int *,    \
                const int *, const T *, const T *, const int *, T *, const int *, fl,   \
                fl, fl, fl);                                                             \
  void p##gemm_(const char *, const char *, const int *, const int *, const int *,      \
                const T *, const T *, const int *, const T *, const int *, const T *,   \
                T *, const int *, fl, fl);
LOOM_LAPACK_DECLS(s, float, float)
LOOM_LAPACK_DECLS(d, double, double)
LOOM_LAPACK_DECLS(c, cf, float)
LOOM_LAPACK_DECLS(z, cd, double)
#undef LOOM_LAPACK_DECLS
#define LOOM_QR_DECLS(p, mq, gq, T)                                                      \
  void p##mq##_(const char *, const char *, const int *, const int *, const int *,      \
                const T *, const int *, const T *, T *, const int *, T *, const int *,  \
                int *, fl, fl);                                                          \
  void p##gq##_(const int *, const int *, const int *, T *, const int *, const T *, T *, \
                const int *, int *);
LOOM_QR_DECLS(s, ormqr, orgqr, float)
LOOM_QR_DECLS(d, ormqr, orgqr, double)
LOOM_QR_DECLS(c, unmqr, ungqr, cf)
LOOM_QR_DECLS(z, unmqr, ungqr, cd)
#undef LOOM_QR_DECLS
void sgesvd_(const char *, const char *, const int *, const int *, float *, const int *,
             float *, float *, const int *, float *, const int *, float *, const int *, int *,
             fl, fl);
void dgesvd_(const char *, const char *, const int *, const int *, double *, const int *,
             double *, double *, const int *, double *, const int *, double *, const int *,
             int *, fl, fl);
void cgesvd_(const char *, const char *, const int *, const int *, cf *, const int *, float *,
             cf *, const int *, cf *, const int *, cf *, const int *, float *, int *, fl, fl);
void zgesvd_(const char *, const char *, const int *, const int *, cd *, const int *,
             double *, cd *, const int *, cd *, const int *, cd *, const int *, double *,
             int *, fl, fl);
void ssyevd_(const char *, const char *, const int *, float *, const int *, float *, float *,
             const int *, int *, const int *, int *, fl, fl);
void dsyevd_(const char *, const char *, const int *, double *, const int *, double *,
             double *, const int *, int *, const int *, int *, fl, fl);
void cheevd_(const char *, const char *, const int *, cf *, const int *, float *, cf *,
             const int *, float *, const int *, int *, const int *, int *, fl, fl);
void zheevd_(const char *, const char *, const int *, cd *, const int *, double *, cd *,
             const int *, double *, const int *, int *, const int *, int *, fl, fl);
}

namespace {

template <class T> struct Real { using type = T; };
template <class R> struct Real<std::complex<R>> { using type = R; };
template <class T> using RealT = typename Real<T>::type;
template <class T> constexpr bool IsComplex = !std::is_same<T, RealT<T>>::value;

/// One set of overloads per LAPACK routine, over the four types.
#define LOOM_OVERLOADS(p, T)                                                             \
  inline void potrf(const char *U, const int *N, T *A, const int *L, int *I) {           \
    p##potrf_(U, N, A, L, I, 1);                                                         \
  }                                                                                      \
  inline void potrs(const char *U, const int *N, const int *Nr, const T *A, const int *L, \
                    T *B, const int *Lb, int *I) {                                       \
    p##potrs_(U, N, Nr, A, L, B, Lb, I, 1);                                              \
  }                                                                                      \
  inline void potri(const char *U, const int *N, T *A, const int *L, int *I) {           \
    p##potri_(U, N, A, L, I, 1);                                                         \
  }                                                                                      \
  inline void getrf(const int *M, const int *N, T *A, const int *L, int *P, int *I) {    \
    p##getrf_(M, N, A, L, P, I);                                                         \
  }                                                                                      \
  inline void getrs(const char *Tr, const int *N, const int *Nr, const T *A,             \
                    const int *L, const int *P, T *B, const int *Lb, int *I) {           \
    p##getrs_(Tr, N, Nr, A, L, P, B, Lb, I, 1);                                          \
  }                                                                                      \
  inline void geqrf(const int *M, const int *N, T *A, const int *L, T *Tau, T *W,        \
                    const int *Lw, int *I) {                                             \
    p##geqrf_(M, N, A, L, Tau, W, Lw, I);                                                \
  }                                                                                      \
  inline void trsm(const char *S, const char *U, const char *Tr, const char *D,          \
                   const int *M, const int *N, const T *Al, const T *A, const int *L,    \
                   T *B, const int *Lb) {                                                \
    p##trsm_(S, U, Tr, D, M, N, Al, A, L, B, Lb, 1, 1, 1, 1);                            \
  }                                                                                      \
  inline void gemm(const char *Ta, const char *Tb, const int *M, const int *N,           \
                   const int *K, const T *Al, const T *A, const int *La, const T *B,     \
                   const int *Lb, const T *Be, T *C, const int *Lc) {                    \
    p##gemm_(Ta, Tb, M, N, K, Al, A, La, B, Lb, Be, C, Lc, 1, 1);                        \
  }
LOOM_OVERLOADS(s, float)
LOOM_OVERLOADS(d, double)
LOOM_OVERLOADS(c, cf)
LOOM_OVERLOADS(z, cd)
#undef LOOM_OVERLOADS

#define LOOM_QR_OVERLOADS(p, mq, gq, T)                                                  \
  inline void mqr(const char *S, const char *Tr, const int *M, const int *N, const int *K, \
                  const T *A, const int *L, const T *Tau, T *C, const int *Lc, T *W,     \
                  const int *Lw, int *I) {                                               \
    p##mq##_(S, Tr, M, N, K, A, L, Tau, C, Lc, W, Lw, I, 1, 1);                          \
  }                                                                                      \
  inline void gqr(const int *M, const int *N, const int *K, T *A, const int *L,          \
                  const T *Tau, T *W, const int *Lw, int *I) {                           \
    p##gq##_(M, N, K, A, L, Tau, W, Lw, I);                                              \
  }
LOOM_QR_OVERLOADS(s, ormqr, orgqr, float)
LOOM_QR_OVERLOADS(d, ormqr, orgqr, double)
LOOM_QR_OVERLOADS(c, unmqr, ungqr, cf)
LOOM_QR_OVERLOADS(z, unmqr, ungqr, cd)
#undef LOOM_QR_OVERLOADS

// gesvd: the real forms have no rwork (LAPACK keeps the unconverged
// superdiagonals in work[1..]), the complex ones take 5 min(m,n) reals.
inline void gesvd(const char *Ju, const char *Jv, const int *M, const int *N, float *A,
                  const int *L, float *S, float *U, const int *Lu, float *V, const int *Lv,
                  float *W, const int *Lw, float *, int *I) {
  sgesvd_(Ju, Jv, M, N, A, L, S, U, Lu, V, Lv, W, Lw, I, 1, 1);
}
inline void gesvd(const char *Ju, const char *Jv, const int *M, const int *N, double *A,
                  const int *L, double *S, double *U, const int *Lu, double *V,
                  const int *Lv, double *W, const int *Lw, double *, int *I) {
  dgesvd_(Ju, Jv, M, N, A, L, S, U, Lu, V, Lv, W, Lw, I, 1, 1);
}
inline void gesvd(const char *Ju, const char *Jv, const int *M, const int *N, cf *A,
                  const int *L, float *S, cf *U, const int *Lu, cf *V, const int *Lv, cf *W,
                  const int *Lw, float *Rw, int *I) {
  cgesvd_(Ju, Jv, M, N, A, L, S, U, Lu, V, Lv, W, Lw, Rw, I, 1, 1);
}
inline void gesvd(const char *Ju, const char *Jv, const int *M, const int *N, cd *A,
                  const int *L, double *S, cd *U, const int *Lu, cd *V, const int *Lv, cd *W,
                  const int *Lw, double *Rw, int *I) {
  zgesvd_(Ju, Jv, M, N, A, L, S, U, Lu, V, Lv, W, Lw, Rw, I, 1, 1);
}
// syevd/heevd: a workspace query (lwork = lrwork = liwork = -1) when Lw is -1.
inline void evd(const char *Jz, const char *U, const int *N, float *A, const int *L, float *W,
                float *Wk, const int *Lw, float *, const int *, int *Iw, const int *Liw,
                int *I) {
  ssyevd_(Jz, U, N, A, L, W, Wk, Lw, Iw, Liw, I, 1, 1);
}
inline void evd(const char *Jz, const char *U, const int *N, double *A, const int *L,
                double *W, double *Wk, const int *Lw, double *, const int *, int *Iw,
                const int *Liw, int *I) {
  dsyevd_(Jz, U, N, A, L, W, Wk, Lw, Iw, Liw, I, 1, 1);
}
inline void evd(const char *Jz, const char *U, const int *N, cf *A, const int *L, float *W,
                cf *Wk, const int *Lw, float *Rw, const int *Lrw, int *Iw, const int *Liw,
                int *I) {
  cheevd_(Jz, U, N, A, L, W, Wk, Lw, Rw, Lrw, Iw, Liw, I, 1, 1);
}
inline void evd(const char *Jz, const char *U, const int *N, cd *A, const int *L, double *W,
                cd *Wk, const int *Lw, double *Rw, const int *Lrw, int *Iw, const int *Liw,
                int *I) {
  zheevd_(Jz, U, N, A, L, W, Wk, Lw, Rw, Lrw, Iw, Liw, I, 1, 1);
}

// ---- Argument checks ----

/// The first bad argument's number (LAPACK's, which is cuSOLVER's without
/// the handle), 0 when all are good.
struct Checker {
  int Bad = 0;
  void operator()(bool Ok, int Arg) {
    if (!Ok && Bad == 0)
      Bad = Arg;
  }
};

bool validFill(cublasFillMode_t U) {
  return U == CUBLAS_FILL_MODE_LOWER || U == CUBLAS_FILL_MODE_UPPER;
}
const char *fillChar(cublasFillMode_t U) { return U == CUBLAS_FILL_MODE_LOWER ? "L" : "U"; }

template <class T> T *cast(void *P) { return static_cast<T *>(P); }

/// Enqueues \p Fn on the handle's stream; maps an enqueue failure.
template <class F> cusolverStatus_t launch(cusolverDnHandle_t H, F &&Fn) {
  try {
    cudaError_t E = loomlib::enqueue(H->Stream, H->Keeper, std::forward<F>(Fn));
    return E == cudaSuccess ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_EXECUTION_FAILED;
  } catch (const std::bad_alloc &) {
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
}

/// A bad argument: -Arg into devInfo (when there is one) in stream order.
cusolverStatus_t badArgument(cusolverDnHandle_t H, int Arg, int *Info) {
  if (Info)
    (void)launch(H, [Info, Arg] { *Info = -Arg; });
  return CUSOLVER_STATUS_INVALID_VALUE;
}

/// Runs \p Fn(work) with the caller's workspace when it holds \p Need
/// elements, else with one of its own.
template <class T, class F> void withWork(T *User, int UserLen, int Need, F &&Fn) {
  Need = std::max(Need, 1);
  if (User && UserLen >= Need) {
    Fn(User, UserLen);
    return;
  }
  std::vector<T> Own(static_cast<size_t>(Need));
  Fn(Own.data(), Need);
}

template <class T> int lworkOf(T Query) { return int(std::real(Query)); }

// ---- Routines ----

#define CHECK_HANDLE(H)                                                                  \
  do {                                                                                   \
    if (!(H))                                                                            \
      return CUSOLVER_STATUS_NOT_INITIALIZED;                                            \
  } while (0)

template <class T>
cusolverStatus_t potrfImpl(cusolverDnHandle_t H, cublasFillMode_t Uplo, int N, T *A, int Lda,
                           int *Info, const int *Renum = nullptr) {
  CHECK_HANDLE(H);
  Checker C;
  C(validFill(Uplo), 1);
  C(N >= 0, 2);
  C(A || N == 0, 3);
  C(Lda >= std::max(1, N), 4);
  C(Info != nullptr, 7);
  if (C.Bad)
    return badArgument(H, Renum ? Renum[C.Bad] : C.Bad, Info);
  return launch(H, [=] {
    int I = 0;
    if (N > 0)
      potrf(fillChar(Uplo), &N, A, &Lda, &I);
    *Info = I;
  });
}

template <class T>
cusolverStatus_t potrsImpl(cusolverDnHandle_t H, cublasFillMode_t Uplo, int N, int Nrhs,
                           const T *A, int Lda, T *B, int Ldb, int *Info,
                           const int *Renum = nullptr) {
  CHECK_HANDLE(H);
  Checker C;
  C(validFill(Uplo), 1);
  C(N >= 0, 2);
  C(Nrhs >= 0, 3);
  C(A || N == 0, 4);
  C(Lda >= std::max(1, N), 5);
  C(B || N == 0 || Nrhs == 0, 6);
  C(Ldb >= std::max(1, N), 7);
  C(Info != nullptr, 8);
  if (C.Bad)
    return badArgument(H, Renum ? Renum[C.Bad] : C.Bad, Info);
  return launch(H, [=] {
    int I = 0;
    if (N > 0 && Nrhs > 0)
      potrs(fillChar(Uplo), &N, &Nrhs, A, &Lda, B, &Ldb, &I);
    *Info = I;
  });
}

template <class T>
cusolverStatus_t potriImpl(cusolverDnHandle_t H, cublasFillMode_t Uplo, int N, T *A, int Lda,
                           int *Info) {
  CHECK_HANDLE(H);
  Checker C;
  C(validFill(Uplo), 1);
  C(N >= 0, 2);
  C(A || N == 0, 3);
  C(Lda >= std::max(1, N), 4);
  C(Info != nullptr, 7);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  return launch(H, [=] {
    int I = 0;
    if (N > 0)
      potri(fillChar(Uplo), &N, A, &Lda, &I);
    *Info = I;
  });
}

/// LU without row interchanges, blocked (right-looking): an unblocked
/// panel, a unit-lower trsm for the block row, a gemm for the rest. A zero
/// pivot is reported (the first, 1-based) and its column left unscaled, as
/// LAPACK's getrf does, so no division by zero happens.
template <class T> int luNoPivot(int M, int N, T *A, int Lda) {
  auto At = [&](int I, int J) -> T & { return A[size_t(J) * size_t(Lda) + size_t(I)]; };
  const int K = std::min(M, N), Nb = 64;
  int Info = 0;
  for (int J = 0; J < K; J += Nb) {
    const int Jb = std::min(Nb, K - J);
    // The panel: columns J..J+Jb-1, rows J..M-1.
    for (int C = J; C < J + Jb; ++C) {
      T Piv = At(C, C);
      if (Piv == T(0)) {
        if (Info == 0)
          Info = C + 1;
      } else {
        T Inv = T(1) / Piv;
        for (int R = C + 1; R < M; ++R)
          At(R, C) *= Inv;
      }
      for (int C2 = C + 1; C2 < J + Jb; ++C2) {
        T U = At(C, C2);
        if (U != T(0))
          for (int R = C + 1; R < M; ++R)
            At(R, C2) -= At(R, C) * U;
      }
    }
    const int Rest = N - J - Jb;
    if (Rest > 0) {
      const T One(1), MinusOne(-1);
      trsm("L", "L", "N", "U", &Jb, &Rest, &One, &At(J, J), &Lda, &At(J, J + Jb), &Lda);
      const int Below = M - J - Jb;
      if (Below > 0)
        gemm("N", "N", &Below, &Rest, &Jb, &MinusOne, &At(J + Jb, J), &Lda, &At(J, J + Jb),
             &Lda, &One, &At(J + Jb, J + Jb), &Lda);
    }
  }
  return Info;
}

/// LAPACK's int pivots into the caller's (int, or int64_t for the 64-bit API).
template <class T, class P> int getrfPivots(int M, int N, T *A, int Lda, P *Ipiv) {
  int I = 0;
  if constexpr (std::is_same<P, int>::value) {
    getrf(&M, &N, A, &Lda, Ipiv, &I);
  } else {
    std::vector<int> Piv(static_cast<size_t>(std::min(M, N)));
    getrf(&M, &N, A, &Lda, Piv.data(), &I);
    std::copy(Piv.begin(), Piv.end(), Ipiv);
  }
  return I;
}

template <class T, class P>
cusolverStatus_t getrfImpl(cusolverDnHandle_t H, int M, int N, T *A, int Lda, P *Ipiv,
                           int *Info, const int *Renum = nullptr) {
  CHECK_HANDLE(H);
  Checker C;
  C(M >= 0, 1);
  C(N >= 0, 2);
  C(A || M == 0 || N == 0, 3);
  C(Lda >= std::max(1, M), 4);
  C(Info != nullptr, 7);
  if (C.Bad)
    return badArgument(H, Renum ? Renum[C.Bad] : C.Bad, Info);
  return launch(H, [=] {
    int I = 0;
    if (M > 0 && N > 0) {
      if (Ipiv)
        I = getrfPivots(M, N, A, Lda, Ipiv);
      else
        I = luNoPivot(M, N, A, Lda);
    }
    *Info = I;
  });
}

template <class T, class P>
cusolverStatus_t getrsImpl(cusolverDnHandle_t H, cublasOperation_t Trans, int N, int Nrhs,
                           const T *A, int Lda, const P *Ipiv, T *B, int Ldb, int *Info,
                           const int *Renum = nullptr) {
  CHECK_HANDLE(H);
  Checker C;
  C(Trans == CUBLAS_OP_N || Trans == CUBLAS_OP_T || Trans == CUBLAS_OP_C, 1);
  C(N >= 0, 2);
  C(Nrhs >= 0, 3);
  C(A || N == 0, 4);
  C(Lda >= std::max(1, N), 5);
  C(B || N == 0 || Nrhs == 0, 7);
  C(Ldb >= std::max(1, N), 8);
  C(Info != nullptr, 9);
  if (C.Bad)
    return badArgument(H, Renum ? Renum[C.Bad] : C.Bad, Info);
  const char *Tr = Trans == CUBLAS_OP_N ? "N" : Trans == CUBLAS_OP_T ? "T" : "C";
  const int PivArg = Renum ? Renum[6] : 6;
  return launch(H, [=] {
    int I = 0;
    // Pivots are read when the work runs (getrf may write them just before):
    // one outside [1, n] would make LAPACK swap rows out of bounds, so the
    // solve is refused with -i for devIpiv instead.
    if (Ipiv)
      for (int K = 0; K < N; ++K)
        if (Ipiv[K] < 1 || Ipiv[K] > N) {
          *Info = -PivArg;
          return;
        }
    if (N > 0 && Nrhs > 0) {
      if (Ipiv && std::is_same<P, int>::value) {
        getrs(Tr, &N, &Nrhs, A, &Lda, reinterpret_cast<const int *>(Ipiv), B, &Ldb, &I);
      } else if (Ipiv) {
        // 64-bit pivots (each at most n) to LAPACK's int.
        std::vector<int> Piv(Ipiv, Ipiv + N);
        getrs(Tr, &N, &Nrhs, A, &Lda, Piv.data(), B, &Ldb, &I);
      } else {
        // Factors of getrf without pivoting: no interchanges.
        std::vector<int> Identity(static_cast<size_t>(N));
        for (int K = 0; K < N; ++K)
          Identity[size_t(K)] = K + 1;
        getrs(Tr, &N, &Nrhs, A, &Lda, Identity.data(), B, &Ldb, &I);
      }
    }
    *Info = I;
  });
}

template <class T> int geqrfLwork(int M, int N, int Lda) {
  if (M <= 0 || N <= 0)
    return 1;
  T Query(0), Dummy(0);
  int Lw = -1, I = 0;
  geqrf(&M, &N, &Dummy, &Lda, &Dummy, &Query, &Lw, &I);
  return std::max(1, lworkOf(Query));
}

template <class T>
cusolverStatus_t geqrfImpl(cusolverDnHandle_t H, int M, int N, T *A, int Lda, T *Tau, T *Work,
                           int Lwork, int *Info, const int *Renum = nullptr) {
  CHECK_HANDLE(H);
  Checker C;
  C(M >= 0, 1);
  C(N >= 0, 2);
  C(A || M == 0 || N == 0, 3);
  C(Lda >= std::max(1, M), 4);
  C(Tau || M == 0 || N == 0, 5);
  C(Info != nullptr, 8);
  if (C.Bad)
    return badArgument(H, Renum ? Renum[C.Bad] : C.Bad, Info);
  return launch(H, [=] {
    int I = 0;
    if (M > 0 && N > 0)
      withWork(Work, Lwork, geqrfLwork<T>(M, N, Lda),
               [&](T *W, int Lw) { geqrf(&M, &N, A, &Lda, Tau, W, &Lw, &I); });
    *Info = I;
  });
}

/// ormqr/unmqr's checks; \p Tr is LAPACK's trans letter.
template <class T>
int mqrCheck(cublasSideMode_t Side, cublasOperation_t Trans, int M, int N, int K, const T *A,
             int Lda, const T *Tau, const T *Cm, int Ldc, bool Pointers = true) {
  Checker C;
  C(Side == CUBLAS_SIDE_LEFT || Side == CUBLAS_SIDE_RIGHT, 1);
  // Real: N or T (C is T); complex: N or C, as LAPACK's unmqr.
  C(Trans == CUBLAS_OP_N || Trans == CUBLAS_OP_C || (!IsComplex<T> && Trans == CUBLAS_OP_T), 2);
  C(M >= 0, 3);
  C(N >= 0, 4);
  const int Nq = Side == CUBLAS_SIDE_LEFT ? M : N;
  C(K >= 0 && K <= Nq, 5);
  C(!Pointers || A || K == 0, 6);
  C(Lda >= std::max(1, Nq), 7);
  C(!Pointers || Tau || K == 0, 8);
  C(!Pointers || Cm || M == 0 || N == 0, 9);
  C(Ldc >= std::max(1, M), 10);
  return C.Bad;
}

const char *mqrTrans(cublasOperation_t Trans, bool Complex) {
  return Trans == CUBLAS_OP_N ? "N" : Complex ? "C" : "T";
}

/// LAPACK's optimal workspace (a query: no array is read).
template <class T>
int mqrLwork(cublasSideMode_t Side, cublasOperation_t Trans, int M, int N, int K, int Lda,
             int Ldc) {
  if (M <= 0 || N <= 0 || K <= 0)
    return 1;
  T Query(0), Dummy(0);
  int Lw = -1, I = 0;
  mqr(Side == CUBLAS_SIDE_LEFT ? "L" : "R", mqrTrans(Trans, IsComplex<T>), &M, &N, &K, &Dummy,
      &Lda, &Dummy, &Dummy, &Ldc, &Query, &Lw, &I);
  return std::max(1, lworkOf(Query));
}

template <class T>
cusolverStatus_t mqrBufferSize(cusolverDnHandle_t H, cublasSideMode_t Side,
                               cublasOperation_t Trans, int M, int N, int K, const T *A,
                               int Lda, const T *Tau, const T *Cm, int Ldc, int *Lwork) {
  CHECK_HANDLE(H);
  // Only sizes matter here: the arrays may be null (the CUDA samples pass tau NULL).
  if (!Lwork || mqrCheck(Side, Trans, M, N, K, A, Lda, Tau, Cm, Ldc, false))
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Lwork = mqrLwork<T>(Side, Trans, M, N, K, Lda, Ldc);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T>
cusolverStatus_t mqrImpl(cusolverDnHandle_t H, cublasSideMode_t Side, cublasOperation_t Trans,
                         int M, int N, int K, const T *A, int Lda, const T *Tau, T *Cm,
                         int Ldc, T *Work, int Lwork, int *Info) {
  CHECK_HANDLE(H);
  int Bad = mqrCheck(Side, Trans, M, N, K, A, Lda, Tau, Cm, Ldc);
  if (!Bad && !Info)
    Bad = 13;
  if (Bad)
    return badArgument(H, Bad, Info);
  return launch(H, [=] {
    int I = 0;
    if (M > 0 && N > 0 && K > 0) {
      const char *S = Side == CUBLAS_SIDE_LEFT ? "L" : "R";
      const char *Tr = mqrTrans(Trans, IsComplex<T>);
      withWork(Work, Lwork, mqrLwork<T>(Side, Trans, M, N, K, Lda, Ldc),
               [&](T *W, int Lw) { mqr(S, Tr, &M, &N, &K, A, &Lda, Tau, Cm, &Ldc, W, &Lw, &I); });
    }
    *Info = I;
  });
}

template <class T>
int gqrCheck(int M, int N, int K, const T *A, int Lda, const T *Tau, bool Pointers = true) {
  Checker C;
  C(M >= 0, 1);
  C(N >= 0 && N <= M, 2);
  C(K >= 0 && K <= N, 3);
  C(!Pointers || A || N == 0, 4);
  C(Lda >= std::max(1, M), 5);
  C(!Pointers || Tau || K == 0, 6);
  return C.Bad;
}

template <class T> int gqrLwork(int M, int N, int K, int Lda) {
  if (N <= 0)
    return 1;
  T Query(0), Dummy(0);
  int Lw = -1, I = 0;
  gqr(&M, &N, &K, &Dummy, &Lda, &Dummy, &Query, &Lw, &I);
  return std::max(1, lworkOf(Query));
}

template <class T>
cusolverStatus_t gqrImpl(cusolverDnHandle_t H, int M, int N, int K, T *A, int Lda,
                         const T *Tau, T *Work, int Lwork, int *Info) {
  CHECK_HANDLE(H);
  int Bad = gqrCheck(M, N, K, A, Lda, Tau);
  if (!Bad && !Info)
    Bad = 9;
  if (Bad)
    return badArgument(H, Bad, Info);
  return launch(H, [=] {
    int I = 0;
    if (N > 0)
      withWork(Work, Lwork, gqrLwork<T>(M, N, K, Lda),
               [&](T *W, int Lw) { gqr(&M, &N, &K, A, &Lda, Tau, W, &Lw, &I); });
    *Info = I;
  });
}

bool validJob(signed char J) { return J == 'A' || J == 'S' || J == 'O' || J == 'N'; }

template <class T> int gesvdLwork(int M, int N) {
  if (M <= 0 || N <= 0)
    return 1;
  T Query(0), Dummy(0);
  RealT<T> S(0), Rw(0);
  int Lw = -1, I = 0, One = 1;
  gesvd("A", "A", &M, &N, &Dummy, &M, &S, &Dummy, &M, &Dummy, &N, &Query, &Lw, &Rw, &I);
  (void)One;
  return std::max(1, lworkOf(Query));
}

template <class T>
cusolverStatus_t gesvdImpl(cusolverDnHandle_t H, signed char Jobu, signed char Jobvt, int M,
                           int N, T *A, int Lda, RealT<T> *S, T *U, int Ldu, T *Vt, int Ldvt,
                           T *Work, int Lwork, RealT<T> *Rwork, int *Info,
                           const int *Renum = nullptr) {
  CHECK_HANDLE(H);
  Checker C;
  C(validJob(Jobu), 1);
  C(validJob(Jobvt) && !(Jobu == 'O' && Jobvt == 'O'), 2);
  C(M >= 0, 3);
  // cuSOLVER's gesvd takes m >= n only.
  C(N >= 0 && N <= M, 4);
  C(A || N == 0, 5);
  C(Lda >= std::max(1, M), 6);
  C(S || N == 0, 7);
  const bool WantU = Jobu == 'A' || Jobu == 'S', WantV = Jobvt == 'A' || Jobvt == 'S';
  C(U || !WantU || M == 0, 8);
  C(Ldu >= 1 && (!WantU || Ldu >= M), 9);
  C(Vt || !WantV || N == 0, 10);
  C(Ldvt >= 1 && (Jobvt != 'A' || Ldvt >= N) && (Jobvt != 'S' || Ldvt >= std::min(M, N)), 11);
  C(Info != nullptr, 15);
  if (C.Bad)
    return badArgument(H, Renum ? Renum[C.Bad] : C.Bad, Info);
  const char Ju[2] = {char(Jobu), 0}, Jv[2] = {char(Jobvt), 0};
  return launch(H, [=] {
    int I = 0;
    if (M > 0 && N > 0) {
      const int Mn = std::min(M, N);
      std::vector<RealT<T>> Rw(static_cast<size_t>(5 * Mn));
      T Dummy(0);
      T *Up = U ? U : &Dummy, *Vp = Vt ? Vt : &Dummy;
      withWork(Work, Lwork, gesvdLwork<T>(M, N), [&](T *W, int Lw) {
        gesvd(Ju, Jv, &M, &N, A, &Lda, S, Up, &Ldu, Vp, &Ldvt, W, &Lw, Rw.data(), &I);
        // The unconverged superdiagonals: rwork[0 .. min(m,n)-2].
        if (Rwork && Mn > 1)
          for (int K = 0; K < Mn - 1; ++K)
            Rwork[K] = IsComplex<T> ? Rw[size_t(K)] : std::real(W[K + 1]);
      });
    }
    *Info = I;
  });
}

template <class T> struct EvdWork {
  int Lw = 1, Lrw = 1, Liw = 1;
};

template <class T> EvdWork<T> evdLwork(bool Vectors, int N) {
  EvdWork<T> E;
  if (N <= 0)
    return E;
  T Query(0), Dummy(0);
  RealT<T> W(0), Rq(0);
  int Iq = 0, Lw = -1, I = 0;
  evd(Vectors ? "V" : "N", "L", &N, &Dummy, &N, &W, &Query, &Lw, &Rq, &Lw, &Iq, &Lw, &I);
  E.Lw = std::max(1, lworkOf(Query));
  E.Lrw = std::max(1, int(Rq));
  E.Liw = std::max(1, Iq);
  return E;
}

template <class T>
cusolverStatus_t evdImpl(cusolverDnHandle_t H, cusolverEigMode_t Jobz, cublasFillMode_t Uplo,
                         int N, T *A, int Lda, RealT<T> *W, T *Work, int Lwork, int *Info,
                         const int *Renum = nullptr) {
  CHECK_HANDLE(H);
  Checker C;
  C(Jobz == CUSOLVER_EIG_MODE_NOVECTOR || Jobz == CUSOLVER_EIG_MODE_VECTOR, 1);
  C(validFill(Uplo), 2);
  C(N >= 0, 3);
  C(A || N == 0, 4);
  C(Lda >= std::max(1, N), 5);
  C(W || N == 0, 6);
  C(Info != nullptr, 9);
  if (C.Bad)
    return badArgument(H, Renum ? Renum[C.Bad] : C.Bad, Info);
  const bool Vectors = Jobz == CUSOLVER_EIG_MODE_VECTOR;
  return launch(H, [=] {
    int I = 0;
    if (N > 0) {
      EvdWork<T> E = evdLwork<T>(Vectors, N);
      std::vector<RealT<T>> Rw(static_cast<size_t>(E.Lrw));
      std::vector<int> Iw(static_cast<size_t>(E.Liw));
      withWork(Work, Lwork, E.Lw, [&](T *Wk, int Lw) {
        evd(Vectors ? "V" : "N", fillChar(Uplo), &N, A, &Lda, W, Wk, &Lw, Rw.data(), &E.Lrw,
            Iw.data(), &E.Liw, &I);
      });
    }
    *Info = I;
  });
}

/// The bufferSize calls of routines whose LAPACK form needs no workspace:
/// they check the arguments and return 1 (cuSOLVER's sizes are its own).
cusolverStatus_t sizeOne(cusolverDnHandle_t H, bool Valid, int *Lwork) {
  CHECK_HANDLE(H);
  if (!Lwork || !Valid)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Lwork = 1;
  return CUSOLVER_STATUS_SUCCESS;
}

} // namespace

extern "C" {

// ---- Library, handle and parameters ----

cusolverStatus_t cusolverGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CUSOLVER_STATUS_INVALID_VALUE;
  switch (Type) {
  case MAJOR_VERSION: *Value = CUSOLVER_VER_MAJOR; break;
  case MINOR_VERSION: *Value = CUSOLVER_VER_MINOR; break;
  case PATCH_LEVEL: *Value = CUSOLVER_VER_PATCH; break;
  default: return CUSOLVER_STATUS_INVALID_VALUE;
  }
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverGetVersion(int *Version) {
  if (!Version)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Version = CUSOLVER_VERSION;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *Handle) {
  if (!Handle)
    return CUSOLVER_STATUS_INVALID_VALUE;
  // A handle needs a working CUDA context (as on a GPU).
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess || Count == 0)
    return CUSOLVER_STATUS_NOT_INITIALIZED;
  *Handle = new (std::nothrow) cusolverDnContext;
  return *Handle ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}

cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t H) {
  CHECK_HANDLE(H);
  // The handle's work must finish before its captured tasks go away.
  loomlib::drainStream(H->Stream);
  delete H;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t H, cudaStream_t Stream) {
  CHECK_HANDLE(H);
  H->Stream = Stream;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t H, cudaStream_t *Stream) {
  CHECK_HANDLE(H);
  if (!Stream)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Stream = H->Stream;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t *Params) {
  if (!Params)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Params = new (std::nothrow) cusolverDnParams;
  return *Params ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}

cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t Params) {
  if (!Params)
    return CUSOLVER_STATUS_INVALID_VALUE;
  delete Params;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnSetAdvOptions(cusolverDnParams_t Params, cusolverDnFunction_t Fn,
                                         cusolverAlgMode_t Algo) {
  if (!Params || (Algo != CUSOLVER_ALG_0 && Algo != CUSOLVER_ALG_1))
    return CUSOLVER_STATUS_INVALID_VALUE;
  switch (Fn) {
  case CUSOLVERDN_GETRF: Params->GetrfAlg = Algo; break;
  case CUSOLVERDN_POTRF: Params->PotrfAlg = Algo; break;
  default: return CUSOLVER_STATUS_INVALID_VALUE;
  }
  return CUSOLVER_STATUS_SUCCESS;
}

// ---- The typed entry points ----

#define LOOM_DN_ENTRY_POINTS(p, T, LT, R, MQ, GQ, EV)                                    \
  cusolverStatus_t cusolverDn##p##potrf_bufferSize(cusolverDnHandle_t h,                 \
                                                   cublasFillMode_t uplo, int n, T *,    \
                                                   int lda, int *lwork) {                \
    return sizeOne(h, validFill(uplo) && n >= 0 && lda >= std::max(1, n), lwork);        \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##potrf(cusolverDnHandle_t h, cublasFillMode_t uplo,     \
                                        int n, T *A, int lda, T *, int, int *info) {     \
    return potrfImpl(h, uplo, n, cast<LT>(A), lda, info);                                \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##potrs(cusolverDnHandle_t h, cublasFillMode_t uplo,     \
                                        int n, int nrhs, const T *A, int lda, T *B,      \
                                        int ldb, int *info) {                            \
    return potrsImpl(h, uplo, n, nrhs, reinterpret_cast<const LT *>(A), lda, cast<LT>(B), \
                     ldb, info);                                                         \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##potri_bufferSize(cusolverDnHandle_t h,                 \
                                                   cublasFillMode_t uplo, int n, T *,    \
                                                   int lda, int *lwork) {                \
    return sizeOne(h, validFill(uplo) && n >= 0 && lda >= std::max(1, n), lwork);        \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##potri(cusolverDnHandle_t h, cublasFillMode_t uplo,     \
                                        int n, T *A, int lda, T *, int, int *info) {     \
    return potriImpl(h, uplo, n, cast<LT>(A), lda, info);                                \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##getrf_bufferSize(cusolverDnHandle_t h, int m, int n,   \
                                                   T *, int lda, int *lwork) {           \
    return sizeOne(h, m >= 0 && n >= 0 && lda >= std::max(1, m), lwork);                 \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##getrf(cusolverDnHandle_t h, int m, int n, T *A,        \
                                        int lda, T *, int *ipiv, int *info) {            \
    return getrfImpl(h, m, n, cast<LT>(A), lda, ipiv, info);                             \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##getrs(cusolverDnHandle_t h, cublasOperation_t trans,   \
                                        int n, int nrhs, const T *A, int lda,            \
                                        const int *ipiv, T *B, int ldb, int *info) {     \
    return getrsImpl(h, trans, n, nrhs, reinterpret_cast<const LT *>(A), lda, ipiv,      \
                     cast<LT>(B), ldb, info);                                            \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##geqrf_bufferSize(cusolverDnHandle_t h, int m, int n,   \
                                                   T *, int lda, int *lwork) {             \
    CHECK_HANDLE(h);                                                                     \
    if (!lwork || m < 0 || n < 0 || lda < std::max(1, m))                                \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = geqrfLwork<LT>(m, n, lda);                                         \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##geqrf(cusolverDnHandle_t h, int m, int n, T *A,        \
                                        int lda, T *tau, T *work, int lwork, int *info) { \
    return geqrfImpl(h, m, n, cast<LT>(A), lda, cast<LT>(tau), cast<LT>(work), lwork,    \
                     info);                                                              \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##MQ##_bufferSize(                                       \
      cusolverDnHandle_t h, cublasSideMode_t side, cublasOperation_t trans, int m, int n, \
      int k, const T *A, int lda, const T *tau, const T *C, int ldc, int *lwork) {       \
    return mqrBufferSize(h, side, trans, m, n, k, reinterpret_cast<const LT *>(A), lda,  \
                         reinterpret_cast<const LT *>(tau),                              \
                         reinterpret_cast<const LT *>(C), ldc, lwork);                   \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##MQ(cusolverDnHandle_t h, cublasSideMode_t side,        \
                                     cublasOperation_t trans, int m, int n, int k,       \
                                     const T *A, int lda, const T *tau, T *C, int ldc,   \
                                     T *work, int lwork, int *info) {                    \
    return mqrImpl(h, side, trans, m, n, k, reinterpret_cast<const LT *>(A), lda,        \
                   reinterpret_cast<const LT *>(tau), cast<LT>(C), ldc, cast<LT>(work),  \
                   lwork, info);                                                         \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##GQ##_bufferSize(cusolverDnHandle_t h, int m, int n,    \
                                                  int k, const T *A, int lda,            \
                                                  const T *tau, int *lwork) {            \
    CHECK_HANDLE(h);                                                                     \
    const LT *A2 = reinterpret_cast<const LT *>(A), *Tau2 = reinterpret_cast<const LT *>(tau); \
    if (!lwork || gqrCheck(m, n, k, A2, lda, Tau2, false))                               \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = gqrLwork<LT>(m, n, k, lda);                                                 \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##GQ(cusolverDnHandle_t h, int m, int n, int k, T *A,    \
                                     int lda, const T *tau, T *work, int lwork,          \
                                     int *info) {                                        \
    return gqrImpl(h, m, n, k, cast<LT>(A), lda, reinterpret_cast<const LT *>(tau),      \
                   cast<LT>(work), lwork, info);                                         \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##gesvd_bufferSize(cusolverDnHandle_t h, int m, int n,   \
                                                   int *lwork) {                         \
    CHECK_HANDLE(h);                                                                     \
    if (!lwork || m < 0 || n < 0 || n > m)                                               \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = gesvdLwork<LT>(m, n);                                                       \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##gesvd(cusolverDnHandle_t h, signed char jobu,          \
                                        signed char jobvt, int m, int n, T *A, int lda,  \
                                        R *S, T *U, int ldu, T *VT, int ldvt, T *work,   \
                                        int lwork, R *rwork, int *info) {                \
    return gesvdImpl(h, jobu, jobvt, m, n, cast<LT>(A), lda, S, cast<LT>(U), ldu,        \
                     cast<LT>(VT), ldvt, cast<LT>(work), lwork, rwork, info);            \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##EV##_bufferSize(                                       \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,        \
      const T *, int lda, const R *, int *lwork) {                                       \
    CHECK_HANDLE(h);                                                                     \
    if (!lwork ||                                                                        \
        (jobz != CUSOLVER_EIG_MODE_NOVECTOR && jobz != CUSOLVER_EIG_MODE_VECTOR) ||      \
        !validFill(uplo) || n < 0 || lda < std::max(1, n))                               \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = evdLwork<LT>(jobz == CUSOLVER_EIG_MODE_VECTOR, n).Lw;                       \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##EV(cusolverDnHandle_t h, cusolverEigMode_t jobz,       \
                                     cublasFillMode_t uplo, int n, T *A, int lda, R *W,  \
                                     T *work, int lwork, int *info) {                    \
    return evdImpl(h, jobz, uplo, n, cast<LT>(A), lda, W, cast<LT>(work), lwork, info);  \
  }

LOOM_DN_ENTRY_POINTS(S, float, float, float, ormqr, orgqr, syevd)
LOOM_DN_ENTRY_POINTS(D, double, double, double, ormqr, orgqr, syevd)
LOOM_DN_ENTRY_POINTS(C, cuComplex, cf, float, unmqr, ungqr, heevd)
LOOM_DN_ENTRY_POINTS(Z, cuDoubleComplex, cd, double, unmqr, ungqr, heevd)
#undef LOOM_DN_ENTRY_POINTS

} // extern "C"

// ---- The 64-bit generic API (cusolverDnX*): one type for all arrays ----

namespace {

/// Calls \p Fn with a null pointer of the element type \p T names;
/// CUSOLVER_STATUS_NOT_SUPPORTED for other types.
template <class F> cusolverStatus_t byType(cudaDataType T, F &&Fn) {
  switch (T) {
  case CUDA_R_32F: return Fn(static_cast<float *>(nullptr));
  case CUDA_R_64F: return Fn(static_cast<double *>(nullptr));
  case CUDA_C_32F: return Fn(static_cast<cf *>(nullptr));
  case CUDA_C_64F: return Fn(static_cast<cd *>(nullptr));
  default: return CUSOLVER_STATUS_NOT_SUPPORTED;
  }
}
/// The sizes LAPACK (32-bit integers) takes.
bool fitsInt(int64_t V) { return V <= INT32_MAX; }
/// Sizes clamped into int: negative ones stay negative (the checks reject
/// them), larger ones were refused before.
int toInt(int64_t V) { return V < 0 ? -1 : int(V); }
int elements(size_t Bytes, size_t Size) { return int(std::min<size_t>(Bytes / Size, INT32_MAX)); }

// Legacy argument numbers to the 64-bit API's (after the handle: params is 1).
const int PotrfArgs[] = {0, 2, 3, 5, 6, 0, 0, 12};
const int PotrsArgs[] = {0, 2, 3, 4, 6, 7, 9, 10, 11};
const int GetrfArgs[] = {0, 2, 3, 5, 6, 0, 7, 13};
const int GetrsArgs[] = {0, 2, 3, 4, 6, 7, 8, 10, 11, 12};
const int GeqrfArgs[] = {0, 2, 3, 5, 6, 8, 0, 0, 14};
const int GesvdArgs[] = {0, 2, 3, 4, 5, 7, 8, 10, 12, 13, 15, 16, 0, 0, 0, 22};
const int EvdArgs[] = {0, 2, 3, 4, 6, 7, 9, 0, 0, 15};

/// The real type of the same precision (singular values, eigenvalues).
cudaDataType realOf(cudaDataType T) {
  return T == CUDA_C_32F ? CUDA_R_32F : T == CUDA_C_64F ? CUDA_R_64F : T;
}

} // namespace

extern "C" {

cusolverStatus_t cusolverDnXpotrf_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t params,
                                             cublasFillMode_t uplo, int64_t n,
                                             cudaDataType dataTypeA, const void *, int64_t lda,
                                             cudaDataType computeType, size_t *dev,
                                             size_t *host) {
  CHECK_HANDLE(h);
  if (!params || !dev || !host || !validFill(uplo) || n < 0 || lda < std::max<int64_t>(1, n))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (dataTypeA != computeType || !fitsInt(lda))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    *dev = sizeof(*T);
    *host = 0;
    return CUSOLVER_STATUS_SUCCESS;
  });
}

cusolverStatus_t cusolverDnXpotrf(cusolverDnHandle_t h, cusolverDnParams_t params,
                                  cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA,
                                  void *A, int64_t lda, cudaDataType computeType, void *, size_t,
                                  void *, size_t, int *info) {
  CHECK_HANDLE(h);
  if (!params)
    return badArgument(h, 1, info);
  if (dataTypeA != computeType || !fitsInt(lda))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    return potrfImpl(h, uplo, toInt(n), static_cast<V *>(A), toInt(lda), info, PotrfArgs);
  });
}

cusolverStatus_t cusolverDnXpotrs(cusolverDnHandle_t h, cusolverDnParams_t params,
                                  cublasFillMode_t uplo, int64_t n, int64_t nrhs,
                                  cudaDataType dataTypeA, const void *A, int64_t lda,
                                  cudaDataType dataTypeB, void *B, int64_t ldb, int *info) {
  CHECK_HANDLE(h);
  if (!params)
    return badArgument(h, 1, info);
  if (dataTypeA != dataTypeB || !fitsInt(lda) || !fitsInt(ldb) || !fitsInt(nrhs))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    return potrsImpl(h, uplo, toInt(n), toInt(nrhs), static_cast<const V *>(A), toInt(lda),
                     static_cast<V *>(B), toInt(ldb), info, PotrsArgs);
  });
}

cusolverStatus_t cusolverDnXgetrf_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t params,
                                             int64_t m, int64_t n, cudaDataType dataTypeA,
                                             const void *, int64_t lda, cudaDataType computeType,
                                             size_t *dev, size_t *host) {
  CHECK_HANDLE(h);
  if (!params || !dev || !host || m < 0 || n < 0 || lda < std::max<int64_t>(1, m))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (dataTypeA != computeType || !fitsInt(lda) || !fitsInt(n))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    *dev = sizeof(*T);
    *host = 0;
    return CUSOLVER_STATUS_SUCCESS;
  });
}

cusolverStatus_t cusolverDnXgetrf(cusolverDnHandle_t h, cusolverDnParams_t params, int64_t m,
                                  int64_t n, cudaDataType dataTypeA, void *A, int64_t lda,
                                  int64_t *ipiv, cudaDataType computeType, void *, size_t, void *,
                                  size_t, int *info) {
  CHECK_HANDLE(h);
  if (!params)
    return badArgument(h, 1, info);
  if (dataTypeA != computeType || !fitsInt(lda) || !fitsInt(n))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    return getrfImpl(h, toInt(m), toInt(n), static_cast<V *>(A), toInt(lda), ipiv, info,
                     GetrfArgs);
  });
}

cusolverStatus_t cusolverDnXgetrs(cusolverDnHandle_t h, cusolverDnParams_t params,
                                  cublasOperation_t trans, int64_t n, int64_t nrhs,
                                  cudaDataType dataTypeA, const void *A, int64_t lda,
                                  const int64_t *ipiv, cudaDataType dataTypeB, void *B,
                                  int64_t ldb, int *info) {
  CHECK_HANDLE(h);
  if (!params)
    return badArgument(h, 1, info);
  if (dataTypeA != dataTypeB || !fitsInt(lda) || !fitsInt(ldb) || !fitsInt(nrhs))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    return getrsImpl(h, trans, toInt(n), toInt(nrhs), static_cast<const V *>(A), toInt(lda),
                     ipiv, static_cast<V *>(B), toInt(ldb), info, GetrsArgs);
  });
}

cusolverStatus_t cusolverDnXgeqrf_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t params,
                                             int64_t m, int64_t n, cudaDataType dataTypeA,
                                             const void *, int64_t lda, cudaDataType dataTypeTau,
                                             const void *, cudaDataType computeType,
                                             size_t *dev, size_t *host) {
  CHECK_HANDLE(h);
  if (!params || !dev || !host || m < 0 || n < 0 || lda < std::max<int64_t>(1, m))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (dataTypeA != computeType || dataTypeTau != computeType || !fitsInt(lda) || !fitsInt(n))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    *dev = sizeof(V) * size_t(geqrfLwork<V>(int(m), int(n), int(lda)));
    *host = 0;
    return CUSOLVER_STATUS_SUCCESS;
  });
}

cusolverStatus_t cusolverDnXgeqrf(cusolverDnHandle_t h, cusolverDnParams_t params, int64_t m,
                                  int64_t n, cudaDataType dataTypeA, void *A, int64_t lda,
                                  cudaDataType dataTypeTau, void *tau, cudaDataType computeType,
                                  void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *,
                                  size_t, int *info) {
  CHECK_HANDLE(h);
  if (!params)
    return badArgument(h, 1, info);
  if (dataTypeA != computeType || dataTypeTau != computeType || !fitsInt(lda) || !fitsInt(n))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    return geqrfImpl(h, toInt(m), toInt(n), static_cast<V *>(A), toInt(lda),
                     static_cast<V *>(tau), static_cast<V *>(bufferOnDevice),
                     elements(workspaceInBytesOnDevice, sizeof(V)), info, GeqrfArgs);
  });
}

cusolverStatus_t cusolverDnXgesvd_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t params,
                                             signed char jobu, signed char jobvt, int64_t m,
                                             int64_t n, cudaDataType dataTypeA, const void *,
                                             int64_t lda, cudaDataType dataTypeS, const void *,
                                             cudaDataType dataTypeU, const void *, int64_t ldu,
                                             cudaDataType dataTypeVT, const void *, int64_t ldvt,
                                             cudaDataType computeType, size_t *dev,
                                             size_t *host) {
  CHECK_HANDLE(h);
  if (!params || !dev || !host || !validJob(jobu) || !validJob(jobvt) || m < 0 || n < 0 ||
      n > m || lda < std::max<int64_t>(1, m) || ldu < 1 || ldvt < 1)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (dataTypeA != computeType || dataTypeU != computeType || dataTypeVT != computeType ||
      dataTypeS != realOf(computeType) || !fitsInt(lda) || !fitsInt(ldu) || !fitsInt(ldvt))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    *dev = sizeof(V) * size_t(gesvdLwork<V>(int(m), int(n)));
    *host = 0;
    return CUSOLVER_STATUS_SUCCESS;
  });
}

cusolverStatus_t cusolverDnXgesvd(cusolverDnHandle_t h, cusolverDnParams_t params,
                                  signed char jobu, signed char jobvt, int64_t m, int64_t n,
                                  cudaDataType dataTypeA, void *A, int64_t lda,
                                  cudaDataType dataTypeS, void *S, cudaDataType dataTypeU,
                                  void *U, int64_t ldu, cudaDataType dataTypeVT, void *VT,
                                  int64_t ldvt, cudaDataType computeType, void *bufferOnDevice,
                                  size_t workspaceInBytesOnDevice, void *, size_t, int *info) {
  CHECK_HANDLE(h);
  if (!params)
    return badArgument(h, 1, info);
  if (dataTypeA != computeType || dataTypeU != computeType || dataTypeVT != computeType ||
      dataTypeS != realOf(computeType) || !fitsInt(lda) || !fitsInt(ldu) || !fitsInt(ldvt))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    return gesvdImpl(h, jobu, jobvt, toInt(m), toInt(n), static_cast<V *>(A), toInt(lda),
                     static_cast<RealT<V> *>(S), static_cast<V *>(U), toInt(ldu),
                     static_cast<V *>(VT), toInt(ldvt), static_cast<V *>(bufferOnDevice),
                     elements(workspaceInBytesOnDevice, sizeof(V)), nullptr, info, GesvdArgs);
  });
}

cusolverStatus_t cusolverDnXsyevd_bufferSize(cusolverDnHandle_t h, cusolverDnParams_t params,
                                             cusolverEigMode_t jobz, cublasFillMode_t uplo,
                                             int64_t n, cudaDataType dataTypeA, const void *,
                                             int64_t lda, cudaDataType dataTypeW, const void *,
                                             cudaDataType computeType, size_t *dev,
                                             size_t *host) {
  CHECK_HANDLE(h);
  if (!params || !dev || !host ||
      (jobz != CUSOLVER_EIG_MODE_NOVECTOR && jobz != CUSOLVER_EIG_MODE_VECTOR) ||
      !validFill(uplo) || n < 0 || lda < std::max<int64_t>(1, n))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (dataTypeA != computeType || dataTypeW != realOf(computeType) || !fitsInt(lda))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    *dev = sizeof(V) * size_t(evdLwork<V>(jobz == CUSOLVER_EIG_MODE_VECTOR, int(n)).Lw);
    *host = 0;
    return CUSOLVER_STATUS_SUCCESS;
  });
}

cusolverStatus_t cusolverDnXsyevd(cusolverDnHandle_t h, cusolverDnParams_t params,
                                  cusolverEigMode_t jobz, cublasFillMode_t uplo, int64_t n,
                                  cudaDataType dataTypeA, void *A, int64_t lda,
                                  cudaDataType dataTypeW, void *W, cudaDataType computeType,
                                  void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *,
                                  size_t, int *info) {
  CHECK_HANDLE(h);
  if (!params)
    return badArgument(h, 1, info);
  if (dataTypeA != computeType || dataTypeW != realOf(computeType) || !fitsInt(lda))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    return evdImpl(h, jobz, uplo, toInt(n), static_cast<V *>(A), toInt(lda),
                   static_cast<RealT<V> *>(W), static_cast<V *>(bufferOnDevice),
                   elements(workspaceInBytesOnDevice, sizeof(V)), info, EvdArgs);
  });
}

} // extern "C"

// ---- Jacobi (syevj, gesvdj), batched Cholesky, generalized and selected
// eigenproblems (sygvd, syevdx, sygvdx) ----
//
// The Jacobi routines compute with LAPACK's syevd/gesvd (not with Jacobi
// rotations): the results meet the same contracts, to LAPACK's accuracy,
// whatever the tolerance and sweep limit. Their info objects report the
// residual measured on the result (||A V - V W||_F, ||A V - U S||_F) and 0
// executed sweeps (none were run). syevdx/sygvdx are LAPACK's syevr/sygvx.

extern "C" {
void ssygvd_(const int *, const char *, const char *, const int *, float *, const int *,
             float *, const int *, float *, float *, const int *, int *, const int *, int *,
             fl, fl);
void dsygvd_(const int *, const char *, const char *, const int *, double *, const int *,
             double *, const int *, double *, double *, const int *, int *, const int *,
             int *, fl, fl);
void chegvd_(const int *, const char *, const char *, const int *, cf *, const int *, cf *,
             const int *, float *, cf *, const int *, float *, const int *, int *,
             const int *, int *, fl, fl);
void zhegvd_(const int *, const char *, const char *, const int *, cd *, const int *, cd *,
             const int *, double *, cd *, const int *, double *, const int *, int *,
             const int *, int *, fl, fl);
void ssyevr_(const char *, const char *, const char *, const int *, float *, const int *,
             const float *, const float *, const int *, const int *, const float *, int *,
             float *, float *, const int *, int *, float *, const int *, int *, const int *,
             int *, fl, fl, fl);
void dsyevr_(const char *, const char *, const char *, const int *, double *, const int *,
             const double *, const double *, const int *, const int *, const double *, int *,
             double *, double *, const int *, int *, double *, const int *, int *,
             const int *, int *, fl, fl, fl);
void cheevr_(const char *, const char *, const char *, const int *, cf *, const int *,
             const float *, const float *, const int *, const int *, const float *, int *,
             float *, cf *, const int *, int *, cf *, const int *, float *, const int *, int *,
             const int *, int *, fl, fl, fl);
void zheevr_(const char *, const char *, const char *, const int *, cd *, const int *,
             const double *, const double *, const int *, const int *, const double *, int *,
             double *, cd *, const int *, int *, cd *, const int *, double *, const int *,
             int *, const int *, int *, fl, fl, fl);
void ssygvx_(const int *, const char *, const char *, const char *, const int *, float *,
             const int *, float *, const int *, const float *, const float *, const int *,
             const int *, const float *, int *, float *, float *, const int *, float *,
             const int *, int *, int *, int *, fl, fl, fl);
void dsygvx_(const int *, const char *, const char *, const char *, const int *, double *,
             const int *, double *, const int *, const double *, const double *, const int *,
             const int *, const double *, int *, double *, double *, const int *, double *,
             const int *, int *, int *, int *, fl, fl, fl);
void chegvx_(const int *, const char *, const char *, const char *, const int *, cf *,
             const int *, cf *, const int *, const float *, const float *, const int *,
             const int *, const float *, int *, float *, cf *, const int *, cf *, const int *,
             float *, int *, int *, int *, fl, fl, fl);
void zhegvx_(const int *, const char *, const char *, const char *, const int *, cd *,
             const int *, cd *, const int *, const double *, const double *, const int *,
             const int *, const double *, int *, double *, cd *, const int *, cd *,
             const int *, double *, int *, int *, int *, fl, fl, fl);
}

struct syevjInfo {
  double Tolerance = 0; // 0: the machine precision of the data type
  int MaxSweeps = 100;
  int SortEig = 1;
  double Residual = 0;
  int Sweeps = 0;
  bool LastBatched = false;
};
struct gesvdjInfo {
  double Tolerance = 0;
  int MaxSweeps = 100;
  int SortEig = 1;
  double Residual = 0;
  int Sweeps = 0;
  bool LastBatched = false;
};

namespace {

// sygvd/hegvd: all workspace allocated here (a query first).
template <class T>
int gvdRun(int Itype, const char *Jz, const char *U, int N, T *A, int Lda, T *B, int Ldb,
           RealT<T> *W, bool QueryOnly = false, int *LwOut = nullptr) {
  int I = 0, Lw = -1, Lrw = -1, Liw = -1, Iq = 0;
  T Wq(0);
  RealT<T> Rq(0);
  auto call = [&](T *Wk, int *L, RealT<T> *Rw, int *Lr, int *Iw, int *Li) {
    if constexpr (std::is_same<T, float>::value)
      ssygvd_(&Itype, Jz, U, &N, A, &Lda, B, &Ldb, W, Wk, L, Iw, Li, &I, 1, 1);
    else if constexpr (std::is_same<T, double>::value)
      dsygvd_(&Itype, Jz, U, &N, A, &Lda, B, &Ldb, W, Wk, L, Iw, Li, &I, 1, 1);
    else if constexpr (std::is_same<T, cf>::value)
      chegvd_(&Itype, Jz, U, &N, A, &Lda, B, &Ldb, W, Wk, L, Rw, Lr, Iw, Li, &I, 1, 1);
    else
      zhegvd_(&Itype, Jz, U, &N, A, &Lda, B, &Ldb, W, Wk, L, Rw, Lr, Iw, Li, &I, 1, 1);
  };
  call(&Wq, &Lw, &Rq, &Lrw, &Iq, &Liw);
  Lw = std::max(1, lworkOf(Wq));
  Lrw = std::max(1, int(Rq));
  Liw = std::max(1, Iq);
  if (LwOut)
    *LwOut = Lw;
  if (QueryOnly)
    return 0;
  std::vector<T> Wk(size_t(Lw), T(0));
  std::vector<RealT<T>> Rw(static_cast<size_t>(Lrw));
  std::vector<int> Iw(static_cast<size_t>(Liw));
  I = 0;
  call(Wk.data(), &Lw, Rw.data(), &Lrw, Iw.data(), &Liw);
  return I;
}

// syevr/heevr (range A, V or I) into W and Z (n x n); *M eigenvalues found.
template <class T>
int evrRun(const char *Jz, const char *Rg, const char *U, int N, T *A, int Lda, RealT<T> Vl,
           RealT<T> Vu, int Il, int Iu, int *M, RealT<T> *W, T *Z, int Ldz,
           bool QueryOnly = false, int *LwOut = nullptr) {
  using R = RealT<T>;
  const R Abstol = std::numeric_limits<R>::min();
  int I = 0, Lw = -1, Lrw = -1, Liw = -1, Iq = 0;
  T Wq(0);
  R Rq(0);
  std::vector<int> Isuppz(size_t(2 * std::max(1, N)));
  auto call = [&](T *Wk, int *L, R *Rw, int *Lr, int *Iw, int *Li) {
    if constexpr (std::is_same<T, float>::value)
      ssyevr_(Jz, Rg, U, &N, A, &Lda, &Vl, &Vu, &Il, &Iu, &Abstol, M, W, Z, &Ldz,
              Isuppz.data(), Wk, L, Iw, Li, &I, 1, 1, 1);
    else if constexpr (std::is_same<T, double>::value)
      dsyevr_(Jz, Rg, U, &N, A, &Lda, &Vl, &Vu, &Il, &Iu, &Abstol, M, W, Z, &Ldz,
              Isuppz.data(), Wk, L, Iw, Li, &I, 1, 1, 1);
    else if constexpr (std::is_same<T, cf>::value)
      cheevr_(Jz, Rg, U, &N, A, &Lda, &Vl, &Vu, &Il, &Iu, &Abstol, M, W, Z, &Ldz,
              Isuppz.data(), Wk, L, Rw, Lr, Iw, Li, &I, 1, 1, 1);
    else
      zheevr_(Jz, Rg, U, &N, A, &Lda, &Vl, &Vu, &Il, &Iu, &Abstol, M, W, Z, &Ldz,
              Isuppz.data(), Wk, L, Rw, Lr, Iw, Li, &I, 1, 1, 1);
  };
  call(&Wq, &Lw, &Rq, &Lrw, &Iq, &Liw);
  Lw = std::max(1, lworkOf(Wq));
  Lrw = std::max(1, int(Rq));
  Liw = std::max(1, Iq);
  if (LwOut)
    *LwOut = Lw;
  if (QueryOnly)
    return 0;
  std::vector<T> Wk(size_t(Lw), T(0));
  std::vector<R> Rw(static_cast<size_t>(Lrw));
  std::vector<int> Iw(static_cast<size_t>(Liw));
  I = 0;
  call(Wk.data(), &Lw, Rw.data(), &Lrw, Iw.data(), &Liw);
  return I;
}

// sygvx/hegvx (range A, V or I) into W and Z (n x n); *M eigenvalues found.
template <class T>
int gvxRun(int Itype, const char *Jz, const char *Rg, const char *U, int N, T *A, int Lda,
           T *B, int Ldb, RealT<T> Vl, RealT<T> Vu, int Il, int Iu, int *M, RealT<T> *W, T *Z,
           int Ldz, bool QueryOnly = false, int *LwOut = nullptr) {
  using R = RealT<T>;
  const R Abstol = 2 * std::numeric_limits<R>::min();
  int I = 0, Lw = -1;
  T Wq(0);
  const size_t Nn = size_t(std::max(1, N));
  std::vector<int> Iw(5 * Nn), Ifail(Nn);
  std::vector<R> Rw(7 * Nn);
  auto call = [&](T *Wk, int *L) {
    if constexpr (std::is_same<T, float>::value)
      ssygvx_(&Itype, Jz, Rg, U, &N, A, &Lda, B, &Ldb, &Vl, &Vu, &Il, &Iu, &Abstol, M, W, Z,
              &Ldz, Wk, L, Iw.data(), Ifail.data(), &I, 1, 1, 1);
    else if constexpr (std::is_same<T, double>::value)
      dsygvx_(&Itype, Jz, Rg, U, &N, A, &Lda, B, &Ldb, &Vl, &Vu, &Il, &Iu, &Abstol, M, W, Z,
              &Ldz, Wk, L, Iw.data(), Ifail.data(), &I, 1, 1, 1);
    else if constexpr (std::is_same<T, cf>::value)
      chegvx_(&Itype, Jz, Rg, U, &N, A, &Lda, B, &Ldb, &Vl, &Vu, &Il, &Iu, &Abstol, M, W, Z,
              &Ldz, Wk, L, Rw.data(), Iw.data(), Ifail.data(), &I, 1, 1, 1);
    else
      zhegvx_(&Itype, Jz, Rg, U, &N, A, &Lda, B, &Ldb, &Vl, &Vu, &Il, &Iu, &Abstol, M, W, Z,
              &Ldz, Wk, L, Rw.data(), Iw.data(), Ifail.data(), &I, 1, 1, 1);
  };
  call(&Wq, &Lw);
  Lw = std::max(1, lworkOf(Wq));
  if (LwOut)
    *LwOut = Lw;
  if (QueryOnly)
    return 0;
  std::vector<T> Wk(size_t(Lw), T(0));
  I = 0;
  call(Wk.data(), &Lw);
  return I;
}

/// The full Hermitian matrix that the \p Lower (or upper) triangle of A holds.
template <class T> std::vector<T> hermitianOf(bool Lower, int N, const T *A, int Lda) {
  std::vector<T> F(size_t(N) * size_t(N));
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < N; ++I) {
      const bool Stored = Lower ? I >= J : I <= J;
      T V = Stored ? A[size_t(J) * Lda + I] : A[size_t(I) * Lda + J];
      if (!Stored) {
        if constexpr (IsComplex<T>)
          V = std::conj(V);
      }
      if (I == J)
        V = T(std::real(V));
      F[size_t(J) * N + I] = V;
    }
  return F;
}

/// ||F V - V diag(W)||_F for the full n x n matrix F, V (ldv) n x k.
template <class T>
double eigResidual(int N, int K, const std::vector<T> &F, const T *V, int Ldv,
                   const RealT<T> *W) {
  if (N == 0 || K == 0)
    return 0;
  std::vector<T> R(size_t(N) * size_t(K));
  const T One(1), Zero(0);
  gemm("N", "N", &N, &K, &N, &One, F.data(), &N, V, &Ldv, &Zero, R.data(), &N);
  double S = 0;
  for (int J = 0; J < K; ++J)
    for (int I = 0; I < N; ++I) {
      T D = R[size_t(J) * N + I] - V[size_t(J) * Ldv + I] * T(W[J]);
      S += double(std::norm(D));
    }
  return std::sqrt(S);
}

bool validJobz(cusolverEigMode_t J) {
  return J == CUSOLVER_EIG_MODE_NOVECTOR || J == CUSOLVER_EIG_MODE_VECTOR;
}
bool validRange(cusolverEigRange_t R) {
  return R == CUSOLVER_EIG_RANGE_ALL || R == CUSOLVER_EIG_RANGE_I || R == CUSOLVER_EIG_RANGE_V;
}
bool validItype(cusolverEigType_t T) {
  return T == CUSOLVER_EIG_TYPE_1 || T == CUSOLVER_EIG_TYPE_2 || T == CUSOLVER_EIG_TYPE_3;
}
const char *rangeChar(cusolverEigRange_t R) {
  return R == CUSOLVER_EIG_RANGE_ALL ? "A" : R == CUSOLVER_EIG_RANGE_I ? "I" : "V";
}

/// One Hermitian eigenproblem with syevd: vectors into A, values into W;
/// returns LAPACK's info and (when \p Residual) ||A V - V W||_F.
template <class T>
int evdWithResidual(bool Lower, int N, T *A, int Lda, RealT<T> *W, double *Residual) {
  std::vector<T> F;
  if (Residual)
    F = hermitianOf(Lower, N, A, Lda);
  EvdWork<T> E = evdLwork<T>(true, N);
  std::vector<T> Wk(size_t(E.Lw));
  std::vector<RealT<T>> Rw(size_t(E.Lrw));
  std::vector<int> Iw(size_t(E.Liw));
  int I = 0;
  evd("V", Lower ? "L" : "U", &N, A, &Lda, W, Wk.data(), &E.Lw, Rw.data(), &E.Lrw, Iw.data(),
      &E.Liw, &I);
  if (Residual)
    *Residual = I == 0 ? eigResidual(N, N, F, A, Lda, W) : 0;
  return I;
}

template <class T>
cusolverStatus_t syevjImpl(cusolverDnHandle_t H, cusolverEigMode_t Jobz, cublasFillMode_t Uplo,
                           int N, T *A, int Lda, RealT<T> *W, int *Info, syevjInfo *P) {
  CHECK_HANDLE(H);
  Checker C;
  C(validJobz(Jobz), 1);
  C(validFill(Uplo), 2);
  C(N >= 0, 3);
  C(A || N == 0, 4);
  C(Lda >= std::max(1, N), 5);
  C(W || N == 0, 6);
  C(Info != nullptr, 9);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  const bool Lower = Uplo == CUBLAS_FILL_MODE_LOWER;
  return launch(H, [=] {
    double Res = 0;
    int I = N > 0 ? evdWithResidual(Lower, N, A, Lda, W, &Res) : 0;
    // syevd's failure to converge is syevj's "not converged": n+1.
    *Info = I > 0 ? N + 1 : I;
    if (P) {
      P->Residual = Res;
      P->Sweeps = 0;
      P->LastBatched = false;
    }
  });
}

template <class T>
cusolverStatus_t syevjBatchedImpl(cusolverDnHandle_t H, cusolverEigMode_t Jobz,
                                  cublasFillMode_t Uplo, int N, T *A, int Lda, RealT<T> *W,
                                  int *Info, syevjInfo *P, int Batch) {
  CHECK_HANDLE(H);
  Checker C;
  C(validJobz(Jobz), 1);
  C(validFill(Uplo), 2);
  C(N >= 0 && N <= 32, 3);
  C(A || N == 0 || Batch == 0, 4);
  C(Lda >= std::max(1, N), 5);
  C(W || N == 0 || Batch == 0, 6);
  C(Info != nullptr, 9);
  C(Batch >= 0, 11);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  const bool Lower = Uplo == CUBLAS_FILL_MODE_LOWER;
  if (P)
    P->LastBatched = true;
  return launch(H, [=] {
    for (int B = 0; B < Batch; ++B) {
      int I = N > 0 ? evdWithResidual(Lower, N, A + size_t(B) * Lda * N, Lda,
                                      W + size_t(B) * N, nullptr)
                    : 0;
      Info[B] = I > 0 ? N + 1 : I;
    }
    if (P)
      P->Sweeps = 0;
  });
}

/// One SVD with gesvd: A (m x n, destroyed) = U S V^H, U m x ku, V n x kv
/// (ku, kv: min(m,n) for econ, else m and n); returns LAPACK's info and
/// (when \p Residual) ||A V - U S||_F over the min(m,n) leading pairs.
template <class T>
int svdOne(bool Vectors, bool Econ, int M, int N, T *A, int Lda, RealT<T> *S, T *U, int Ldu,
           T *V, int Ldv, double *Residual) {
  const int P = std::min(M, N);
  if (P == 0)
    return 0;
  // Vectors are always computed (for the residual); economy ones unless
  // full ones are asked for.
  const bool Full = Vectors && !Econ;
  const int Ku = Full ? M : P, Kv = Full ? N : P;
  std::vector<T> Orig;
  if (Residual) {
    Orig.resize(size_t(M) * size_t(N));
    for (int J = 0; J < N; ++J)
      std::copy(A + size_t(J) * Lda, A + size_t(J) * Lda + M, Orig.begin() + size_t(J) * M);
  }
  std::vector<T> Ut(size_t(M) * size_t(Ku)), Vt(size_t(Kv) * size_t(N));
  std::vector<RealT<T>> Rw(size_t(5 * P));
  const char *Job = Full ? "A" : "S";
  int I = 0, Lw = -1;
  T Q(0);
  gesvd(Job, Job, &M, &N, A, &Lda, S, Ut.data(), &M, Vt.data(), &Kv, &Q, &Lw, Rw.data(), &I);
  Lw = std::max(1, lworkOf(Q));
  std::vector<T> Wk(static_cast<size_t>(Lw));
  I = 0;
  gesvd(Job, Job, &M, &N, A, &Lda, S, Ut.data(), &M, Vt.data(), &Kv, Wk.data(), &Lw,
        Rw.data(), &I);
  if (I != 0)
    return I;
  // V = (V^H)^H: n x kv.
  std::vector<T> Vm(size_t(N) * size_t(Kv));
  for (int J = 0; J < Kv; ++J)
    for (int R = 0; R < N; ++R) {
      T X = Vt[size_t(R) * Kv + J];
      if constexpr (IsComplex<T>)
        X = std::conj(X);
      Vm[size_t(J) * N + R] = X;
    }
  if (Residual) {
    std::vector<T> AV(size_t(M) * size_t(P));
    const T One(1), Zero(0);
    gemm("N", "N", &M, &P, &N, &One, Orig.data(), &M, Vm.data(), &N, &Zero, AV.data(), &M);
    double Sum = 0;
    for (int J = 0; J < P; ++J)
      for (int R = 0; R < M; ++R)
        Sum += double(std::norm(AV[size_t(J) * M + R] - Ut[size_t(J) * M + R] * T(S[J])));
    *Residual = std::sqrt(Sum);
  }
  if (Vectors) {
    for (int J = 0; J < Ku; ++J)
      std::copy(Ut.begin() + size_t(J) * M, Ut.begin() + size_t(J + 1) * M,
                U + size_t(J) * Ldu);
    for (int J = 0; J < Kv; ++J)
      std::copy(Vm.begin() + size_t(J) * N, Vm.begin() + size_t(J + 1) * N,
                V + size_t(J) * Ldv);
  }
  return 0;
}

template <class T>
cusolverStatus_t gesvdjImpl(cusolverDnHandle_t H, cusolverEigMode_t Jobz, int Econ, int M,
                            int N, T *A, int Lda, RealT<T> *S, T *U, int Ldu, T *V, int Ldv,
                            int *Info, gesvdjInfo *P) {
  CHECK_HANDLE(H);
  const bool Vec = Jobz == CUSOLVER_EIG_MODE_VECTOR;
  Checker C;
  C(validJobz(Jobz), 1);
  C(Econ == 0 || Econ == 1, 2);
  C(M >= 0, 3);
  C(N >= 0, 4);
  C(A || M == 0 || N == 0, 5);
  C(Lda >= std::max(1, M), 6);
  C(S || M == 0 || N == 0, 7);
  C(!Vec || U || M == 0 || N == 0, 8);
  C(Ldu >= 1 && (!Vec || Ldu >= M), 9);
  C(!Vec || V || M == 0 || N == 0, 10);
  C(Ldv >= 1 && (!Vec || Ldv >= N), 11);
  C(Info != nullptr, 14);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  return launch(H, [=] {
    double Res = 0;
    int I = svdOne(Vec, Econ != 0, M, N, A, Lda, S, U, Ldu, V, Ldv, &Res);
    *Info = I > 0 ? std::min(M, N) + 1 : I;
    if (P) {
      P->Residual = Res;
      P->Sweeps = 0;
      P->LastBatched = false;
    }
  });
}

template <class T>
cusolverStatus_t gesvdjBatchedImpl(cusolverDnHandle_t H, cusolverEigMode_t Jobz, int M, int N,
                                   T *A, int Lda, RealT<T> *S, T *U, int Ldu, T *V, int Ldv,
                                   int *Info, gesvdjInfo *P, int Batch) {
  CHECK_HANDLE(H);
  const bool Vec = Jobz == CUSOLVER_EIG_MODE_VECTOR;
  const bool Empty = M == 0 || N == 0 || Batch == 0;
  Checker C;
  C(validJobz(Jobz), 1);
  C(M >= 0 && M <= 32, 2);
  C(N >= 0 && N <= 32, 3);
  C(A || Empty, 4);
  C(Lda >= std::max(1, M), 5);
  C(S || Empty, 6);
  C(!Vec || U || Empty, 7);
  C(Ldu >= std::max(1, M), 8);
  C(!Vec || V || Empty, 9);
  C(Ldv >= std::max(1, N), 10);
  C(Info != nullptr, 13);
  C(Batch >= 0, 15);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  if (P)
    P->LastBatched = true;
  const int Mn = std::min(M, N);
  return launch(H, [=] {
    for (int B = 0; B < Batch; ++B) {
      int I = svdOne(Vec, false, M, N, A + size_t(B) * Lda * N, Lda, S + size_t(B) * Mn,
                     Vec ? U + size_t(B) * Ldu * M : nullptr, Ldu,
                     Vec ? V + size_t(B) * Ldv * N : nullptr, Ldv, nullptr);
      Info[B] = I > 0 ? Mn + 1 : I;
    }
    if (P)
      P->Sweeps = 0;
  });
}

template <class T>
cusolverStatus_t potrfBatchedImpl(cusolverDnHandle_t H, cublasFillMode_t Uplo, int N,
                                  T *const *Aarray, int Lda, int *Info, int Batch) {
  CHECK_HANDLE(H);
  Checker C;
  C(validFill(Uplo), 1);
  C(N >= 0, 2);
  C(Aarray || N == 0 || Batch == 0, 3);
  C(Lda >= std::max(1, N), 4);
  C(Info != nullptr, 5);
  C(Batch >= 0, 6);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  return launch(H, [=] {
    // The pointer array is read when the work runs (a copy may fill it).
    for (int B = 0; B < Batch; ++B) {
      int I = 0, Nn = N, L = Lda;
      if (N > 0)
        potrf(fillChar(Uplo), &Nn, Aarray[B], &L, &I);
      Info[B] = I;
    }
  });
}

template <class T>
cusolverStatus_t potrsBatchedImpl(cusolverDnHandle_t H, cublasFillMode_t Uplo, int N, int Nrhs,
                                  T *const *Aarray, int Lda, T *const *Barray, int Ldb,
                                  int *Info, int Batch) {
  CHECK_HANDLE(H);
  Checker C;
  C(validFill(Uplo), 1);
  C(N >= 0, 2);
  // cuSOLVER's potrsBatched solves one right-hand side per matrix.
  C(Nrhs == 1, 3);
  C(Aarray || N == 0 || Batch == 0, 4);
  C(Lda >= std::max(1, N), 5);
  C(Barray || N == 0 || Batch == 0, 6);
  C(Ldb >= std::max(1, N), 7);
  C(Info != nullptr, 8);
  C(Batch >= 0, 9);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  return launch(H, [=] {
    int I = 0;
    for (int B = 0; B < Batch && N > 0; ++B) {
      int Nn = N, R = Nrhs, L = Lda, Lb = Ldb, Ib = 0;
      potrs(fillChar(Uplo), &Nn, &R, Aarray[B], &L, Barray[B], &Lb, &Ib);
      if (Ib != 0 && I == 0)
        I = Ib;
    }
    *Info = I;
  });
}

template <class T>
cusolverStatus_t sygvdImpl(cusolverDnHandle_t H, cusolverEigType_t Itype,
                           cusolverEigMode_t Jobz, cublasFillMode_t Uplo, int N, T *A, int Lda,
                           T *B, int Ldb, RealT<T> *W, int *Info) {
  CHECK_HANDLE(H);
  Checker C;
  C(validItype(Itype), 1);
  C(validJobz(Jobz), 2);
  C(validFill(Uplo), 3);
  C(N >= 0, 4);
  C(A || N == 0, 5);
  C(Lda >= std::max(1, N), 6);
  C(B || N == 0, 7);
  C(Ldb >= std::max(1, N), 8);
  C(W || N == 0, 9);
  C(Info != nullptr, 12);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  const char *Jz = Jobz == CUSOLVER_EIG_MODE_VECTOR ? "V" : "N";
  const char *U = fillChar(Uplo);
  const int It = int(Itype);
  return launch(H, [=] {
    *Info = N > 0 ? gvdRun(It, Jz, U, N, A, Lda, B, Ldb, W) : 0;
  });
}

/// The number of eigenvalues a range selects, when the call can know it.
int knownCount(cusolverEigRange_t Range, int N, int Il, int Iu) {
  return Range == CUSOLVER_EIG_RANGE_ALL ? N : Range == CUSOLVER_EIG_RANGE_I ? Iu - Il + 1 : -1;
}

/// The selected eigenvalues' count reaches a host pointer: for a value
/// range it is only known when the work has run, so the call waits for the
/// stream then (as cuSOLVER's syevdx returns meig to the host); that cannot
/// happen in a stream being captured (NOT_SUPPORTED).
bool capturing(cudaStream_t S) {
  cudaStreamCaptureStatus Capture = cudaStreamCaptureStatusNone;
  return cudaStreamIsCapturing(S, &Capture) == cudaSuccess &&
         Capture == cudaStreamCaptureStatusActive;
}

/// Checks of the range arguments (numbers \p Base+1 .. \p Base+4: vl, vu, il, iu;
/// a value range with vl >= vu is vu's fault, as in LAPACK).
template <class R>
void checkRange(Checker &C, cusolverEigRange_t Range, int N, R Vl, R Vu, int Il, int Iu,
                int Base) {
  if (Range == CUSOLVER_EIG_RANGE_V)
    C(N == 0 || Vl < Vu, Base + 2);
  if (Range == CUSOLVER_EIG_RANGE_I) {
    C(N == 0 ? Il == 1 : (Il >= 1 && Il <= N), Base + 3);
    C(N == 0 ? Iu == 0 : (Iu >= std::min(N, Il) && Iu <= N), Base + 4);
  }
}

template <class T>
cusolverStatus_t syevdxImpl(cusolverDnHandle_t H, cusolverEigMode_t Jobz,
                            cusolverEigRange_t Range, cublasFillMode_t Uplo, int N, T *A,
                            int Lda, RealT<T> Vl, RealT<T> Vu, int Il, int Iu, int *Meig,
                            RealT<T> *W, int *Info, const int *Renum = nullptr) {
  CHECK_HANDLE(H);
  Checker C;
  C(validJobz(Jobz), 1);
  C(validRange(Range), 2);
  C(validFill(Uplo), 3);
  C(N >= 0, 4);
  C(A || N == 0, 5);
  C(Lda >= std::max(1, N), 6);
  if (!C.Bad)
    checkRange(C, Range, N, Vl, Vu, Il, Iu, 6);
  C(Meig != nullptr, 11);
  C(W || N == 0, 12);
  C(Info != nullptr, 15);
  if (C.Bad)
    return badArgument(H, Renum ? Renum[C.Bad] : C.Bad, Info);
  const int Known = knownCount(Range, N, Il, Iu);
  if (Known < 0 && capturing(H->Stream))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  auto Count = std::make_shared<int>(0);
  const bool Vec = Jobz == CUSOLVER_EIG_MODE_VECTOR;
  const char *Rg = rangeChar(Range), *U = fillChar(Uplo);
  cusolverStatus_t St = launch(H, [=] {
    int M = 0, I = 0;
    if (N > 0) {
      std::vector<T> Z(Vec ? size_t(N) * size_t(N) : 1);
      I = evrRun(Vec ? "V" : "N", Rg, U, N, A, Lda, Vl, Vu, Il, Iu, &M, W, Z.data(),
                 Vec ? N : 1);
      if (I == 0 && Vec)
        for (int J = 0; J < M; ++J)
          std::copy(Z.begin() + size_t(J) * N, Z.begin() + size_t(J + 1) * N,
                    A + size_t(J) * Lda);
    }
    *Count = M;
    *Info = I;
  });
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  if (Known >= 0) {
    *Meig = Known;
  } else {
    if (cudaStreamSynchronize(H->Stream) != cudaSuccess)
      return CUSOLVER_STATUS_EXECUTION_FAILED;
    *Meig = *Count;
  }
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T>
cusolverStatus_t sygvdxImpl(cusolverDnHandle_t H, cusolverEigType_t Itype,
                            cusolverEigMode_t Jobz, cusolverEigRange_t Range,
                            cublasFillMode_t Uplo, int N, T *A, int Lda, T *B, int Ldb,
                            RealT<T> Vl, RealT<T> Vu, int Il, int Iu, int *Meig, RealT<T> *W,
                            int *Info) {
  CHECK_HANDLE(H);
  Checker C;
  C(validItype(Itype), 1);
  C(validJobz(Jobz), 2);
  C(validRange(Range), 3);
  C(validFill(Uplo), 4);
  C(N >= 0, 5);
  C(A || N == 0, 6);
  C(Lda >= std::max(1, N), 7);
  C(B || N == 0, 8);
  C(Ldb >= std::max(1, N), 9);
  if (!C.Bad)
    checkRange(C, Range, N, Vl, Vu, Il, Iu, 9);
  C(Meig != nullptr, 14);
  C(W || N == 0, 15);
  C(Info != nullptr, 18);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  const int Known = knownCount(Range, N, Il, Iu);
  if (Known < 0 && capturing(H->Stream))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  auto Count = std::make_shared<int>(0);
  const bool Vec = Jobz == CUSOLVER_EIG_MODE_VECTOR;
  const char *Rg = rangeChar(Range), *U = fillChar(Uplo);
  const int It = int(Itype);
  cusolverStatus_t St = launch(H, [=] {
    int M = 0, I = 0;
    if (N > 0) {
      std::vector<T> Z(Vec ? size_t(N) * size_t(N) : 1);
      I = gvxRun(It, Vec ? "V" : "N", Rg, U, N, A, Lda, B, Ldb, Vl, Vu, Il, Iu, &M, W,
                 Z.data(), Vec ? N : 1);
      if (Vec && (I == 0 || I <= N))
        for (int J = 0; J < M; ++J)
          std::copy(Z.begin() + size_t(J) * N, Z.begin() + size_t(J + 1) * N,
                    A + size_t(J) * Lda);
    }
    *Count = M;
    *Info = I;
  });
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  if (Known >= 0) {
    *Meig = Known;
  } else {
    if (cudaStreamSynchronize(H->Stream) != cudaSuccess)
      return CUSOLVER_STATUS_EXECUTION_FAILED;
    *Meig = *Count;
  }
  return CUSOLVER_STATUS_SUCCESS;
}

/// Reads an info object's results after the handle's stream has run the
/// work that writes them (no wait while the stream is being captured).
void settle(cusolverDnHandle_t H) {
  if (!capturing(H->Stream))
    cudaStreamSynchronize(H->Stream);
}

} // namespace

extern "C" {

// ---- Jacobi info objects ----

cusolverStatus_t cusolverDnCreateSyevjInfo(syevjInfo_t *info) {
  if (!info)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *info = new (std::nothrow) syevjInfo;
  return *info ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}
cusolverStatus_t cusolverDnDestroySyevjInfo(syevjInfo_t info) {
  if (!info)
    return CUSOLVER_STATUS_INVALID_VALUE;
  delete info;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnXsyevjSetTolerance(syevjInfo_t info, double tolerance) {
  if (!info || !(tolerance >= 0))
    return CUSOLVER_STATUS_INVALID_VALUE;
  info->Tolerance = tolerance;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnXsyevjSetMaxSweeps(syevjInfo_t info, int max_sweeps) {
  if (!info || max_sweeps <= 0)
    return CUSOLVER_STATUS_INVALID_VALUE;
  info->MaxSweeps = max_sweeps;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnXsyevjSetSortEig(syevjInfo_t info, int sort_eig) {
  if (!info)
    return CUSOLVER_STATUS_INVALID_VALUE;
  info->SortEig = sort_eig;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnXsyevjGetResidual(cusolverDnHandle_t handle, syevjInfo_t info,
                                             double *residual) {
  CHECK_HANDLE(handle);
  if (!info || !residual)
    return CUSOLVER_STATUS_INVALID_VALUE;
  // As cuSOLVER: not for syevjBatched.
  if (info->LastBatched)
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  settle(handle);
  *residual = info->Residual;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnXsyevjGetSweeps(cusolverDnHandle_t handle, syevjInfo_t info,
                                           int *executed_sweeps) {
  CHECK_HANDLE(handle);
  if (!info || !executed_sweeps)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (info->LastBatched)
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  settle(handle);
  *executed_sweeps = info->Sweeps;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnCreateGesvdjInfo(gesvdjInfo_t *info) {
  if (!info)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *info = new (std::nothrow) gesvdjInfo;
  return *info ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}
cusolverStatus_t cusolverDnDestroyGesvdjInfo(gesvdjInfo_t info) {
  if (!info)
    return CUSOLVER_STATUS_INVALID_VALUE;
  delete info;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnXgesvdjSetTolerance(gesvdjInfo_t info, double tolerance) {
  if (!info || !(tolerance >= 0))
    return CUSOLVER_STATUS_INVALID_VALUE;
  info->Tolerance = tolerance;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnXgesvdjSetMaxSweeps(gesvdjInfo_t info, int max_sweeps) {
  if (!info || max_sweeps <= 0)
    return CUSOLVER_STATUS_INVALID_VALUE;
  info->MaxSweeps = max_sweeps;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnXgesvdjSetSortEig(gesvdjInfo_t info, int sort_svd) {
  if (!info)
    return CUSOLVER_STATUS_INVALID_VALUE;
  info->SortEig = sort_svd;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnXgesvdjGetResidual(cusolverDnHandle_t handle, gesvdjInfo_t info,
                                              double *residual) {
  CHECK_HANDLE(handle);
  if (!info || !residual)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (info->LastBatched)
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  settle(handle);
  *residual = info->Residual;
  return CUSOLVER_STATUS_SUCCESS;
}
cusolverStatus_t cusolverDnXgesvdjGetSweeps(cusolverDnHandle_t handle, gesvdjInfo_t info,
                                            int *executed_sweeps) {
  CHECK_HANDLE(handle);
  if (!info || !executed_sweeps)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (info->LastBatched)
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  settle(handle);
  *executed_sweeps = info->Sweeps;
  return CUSOLVER_STATUS_SUCCESS;
}

// ---- Typed entry points ----

#define LOOM_DN_EIG_ENTRY_POINTS(p, T, LT, R, EV, GV)                                    \
  cusolverStatus_t cusolverDn##p##EV##j_bufferSize(                                      \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,        \
      const T *, int lda, const R *, int *lwork, syevjInfo_t) {                          \
    CHECK_HANDLE(h);                                                                     \
    if (!lwork || !validJobz(jobz) || !validFill(uplo) || n < 0 || lda < std::max(1, n)) \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = evdLwork<LT>(true, n).Lw;                                                   \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##EV##j(cusolverDnHandle_t h, cusolverEigMode_t jobz,    \
                                        cublasFillMode_t uplo, int n, T *A, int lda,     \
                                        R *W, T *, int, int *info, syevjInfo_t params) {  \
    return syevjImpl(h, jobz, uplo, n, cast<LT>(A), lda, W, info, params);               \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##EV##jBatched_bufferSize(                               \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,        \
      const T *, int lda, const R *, int *lwork, syevjInfo_t, int batchSize) {           \
    CHECK_HANDLE(h);                                                                     \
    if (!lwork || !validJobz(jobz) || !validFill(uplo) || n < 0 || n > 32 ||             \
        lda < std::max(1, n) || batchSize < 0)                                           \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = evdLwork<LT>(true, n).Lw;                                                   \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##EV##jBatched(                                          \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, T *A,  \
      int lda, R *W, T *, int, int *info, syevjInfo_t params, int batchSize) {           \
    return syevjBatchedImpl(h, jobz, uplo, n, cast<LT>(A), lda, W, info, params,         \
                            batchSize);                                                  \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##gesvdj_bufferSize(                                     \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, int econ, int m, int n, const T *,   \
      int lda, const R *, const T *, int ldu, const T *, int ldv, int *lwork,            \
      gesvdjInfo_t) {                                                                    \
    CHECK_HANDLE(h);                                                                     \
    const bool Vec = jobz == CUSOLVER_EIG_MODE_VECTOR;                                   \
    if (!lwork || !validJobz(jobz) || (econ != 0 && econ != 1) || m < 0 || n < 0 ||      \
        lda < std::max(1, m) || ldu < 1 || ldv < 1 || (Vec && (ldu < m || ldv < n)))     \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = gesvdLwork<LT>(m, n);                                                       \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##gesvdj(cusolverDnHandle_t h, cusolverEigMode_t jobz,   \
                                         int econ, int m, int n, T *A, int lda, R *S,    \
                                         T *U, int ldu, T *V, int ldv, T *, int,         \
                                         int *info, gesvdjInfo_t params) {               \
    return gesvdjImpl(h, jobz, econ, m, n, cast<LT>(A), lda, S, cast<LT>(U), ldu,        \
                      cast<LT>(V), ldv, info, params);                                   \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##gesvdjBatched_bufferSize(                              \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, int m, int n, const T *, int lda,    \
      const R *, const T *, int ldu, const T *, int ldv, int *lwork, gesvdjInfo_t,       \
      int batchSize) {                                                                   \
    CHECK_HANDLE(h);                                                                     \
    if (!lwork || !validJobz(jobz) || m < 0 || m > 32 || n < 0 || n > 32 ||              \
        lda < std::max(1, m) || ldu < std::max(1, m) || ldv < std::max(1, n) ||          \
        batchSize < 0)                                                                   \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = gesvdLwork<LT>(m, n);                                                       \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##gesvdjBatched(                                         \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, int m, int n, T *A, int lda, R *S,   \
      T *U, int ldu, T *V, int ldv, T *, int, int *info, gesvdjInfo_t params,            \
      int batchSize) {                                                                   \
    return gesvdjBatchedImpl(h, jobz, m, n, cast<LT>(A), lda, S, cast<LT>(U), ldu,       \
                             cast<LT>(V), ldv, info, params, batchSize);                 \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##potrfBatched(cusolverDnHandle_t h,                     \
                                               cublasFillMode_t uplo, int n,             \
                                               T *Aarray[], int lda, int *infoArray,     \
                                               int batchSize) {                          \
    return potrfBatchedImpl(h, uplo, n, reinterpret_cast<LT *const *>(Aarray), lda,      \
                            infoArray, batchSize);                                       \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##potrsBatched(                                          \
      cusolverDnHandle_t h, cublasFillMode_t uplo, int n, int nrhs, T *Aarray[], int lda, \
      T *Barray[], int ldb, int *info, int batchSize) {                                  \
    return potrsBatchedImpl(h, uplo, n, nrhs, reinterpret_cast<LT *const *>(Aarray), lda, \
                            reinterpret_cast<LT *const *>(Barray), ldb, info, batchSize); \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##GV##d_bufferSize(                                      \
      cusolverDnHandle_t h, cusolverEigType_t itype, cusolverEigMode_t jobz,             \
      cublasFillMode_t uplo, int n, const T *, int lda, const T *, int ldb, const R *,   \
      int *lwork) {                                                                      \
    CHECK_HANDLE(h);                                                                     \
    if (!lwork || !validItype(itype) || !validJobz(jobz) || !validFill(uplo) || n < 0 || \
        lda < std::max(1, n) || ldb < std::max(1, n))                                    \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = 1;                                                                          \
    if (n > 0) {                                                                         \
      LT D(0);                                                                           \
      R Wd(0);                                                                           \
      gvdRun<LT>(int(itype), jobz == CUSOLVER_EIG_MODE_VECTOR ? "V" : "N",               \
                 fillChar(uplo), n, &D, lda, &D, ldb, &Wd, true, lwork);                 \
    }                                                                                    \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##GV##d(cusolverDnHandle_t h, cusolverEigType_t itype,   \
                                        cusolverEigMode_t jobz, cublasFillMode_t uplo,   \
                                        int n, T *A, int lda, T *B, int ldb, R *W, T *,  \
                                        int, int *info) {                                \
    return sygvdImpl(h, itype, jobz, uplo, n, cast<LT>(A), lda, cast<LT>(B), ldb, W,     \
                     info);                                                              \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##EV##dx_bufferSize(                                     \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, cusolverEigRange_t range,            \
      cublasFillMode_t uplo, int n, const T *, int lda, R vl, R vu, int il, int iu,      \
      int *, const R *, int *lwork) {                                                    \
    CHECK_HANDLE(h);                                                                     \
    Checker C;                                                                           \
    checkRange(C, range, n, vl, vu, il, iu, 6);                                          \
    if (!lwork || C.Bad || !validJobz(jobz) || !validRange(range) || !validFill(uplo) || \
        n < 0 || lda < std::max(1, n))                                                   \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = 1;                                                                          \
    if (n > 0) {                                                                         \
      LT D(0);                                                                           \
      R Wd(0);                                                                           \
      int M = 0;                                                                         \
      evrRun<LT>(jobz == CUSOLVER_EIG_MODE_VECTOR ? "V" : "N", rangeChar(range),         \
                 fillChar(uplo), n, &D, lda, vl, vu, il, iu, &M, &Wd, &D, n, true,       \
                 lwork);                                                                 \
    }                                                                                    \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##EV##dx(                                                \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, cusolverEigRange_t range,            \
      cublasFillMode_t uplo, int n, T *A, int lda, R vl, R vu, int il, int iu, int *meig, \
      R *W, T *, int, int *info) {                                                       \
    return syevdxImpl(h, jobz, range, uplo, n, cast<LT>(A), lda, vl, vu, il, iu, meig,   \
                      W, info);                                                          \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##GV##dx_bufferSize(                                     \
      cusolverDnHandle_t h, cusolverEigType_t itype, cusolverEigMode_t jobz,             \
      cusolverEigRange_t range, cublasFillMode_t uplo, int n, const T *, int lda,        \
      const T *, int ldb, R vl, R vu, int il, int iu, int *, const R *, int *lwork) {    \
    CHECK_HANDLE(h);                                                                     \
    Checker C;                                                                           \
    checkRange(C, range, n, vl, vu, il, iu, 9);                                          \
    if (!lwork || C.Bad || !validItype(itype) || !validJobz(jobz) || !validRange(range) || \
        !validFill(uplo) || n < 0 || lda < std::max(1, n) || ldb < std::max(1, n))       \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = 1;                                                                          \
    if (n > 0) {                                                                         \
      LT D(0);                                                                           \
      R Wd(0);                                                                           \
      int M = 0;                                                                         \
      gvxRun<LT>(int(itype), jobz == CUSOLVER_EIG_MODE_VECTOR ? "V" : "N",               \
                 rangeChar(range), fillChar(uplo), n, &D, lda, &D, ldb, vl, vu, il, iu,  \
                 &M, &Wd, &D, n, true, lwork);                                           \
    }                                                                                    \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##GV##dx(                                                \
      cusolverDnHandle_t h, cusolverEigType_t itype, cusolverEigMode_t jobz,             \
      cusolverEigRange_t range, cublasFillMode_t uplo, int n, T *A, int lda, T *B,       \
      int ldb, R vl, R vu, int il, int iu, int *meig, R *W, T *, int, int *info) {       \
    return sygvdxImpl(h, itype, jobz, range, uplo, n, cast<LT>(A), lda, cast<LT>(B), ldb, \
                      vl, vu, il, iu, meig, W, info);                                    \
  }

LOOM_DN_EIG_ENTRY_POINTS(S, float, float, float, syev, sygv)
LOOM_DN_EIG_ENTRY_POINTS(D, double, double, double, syev, sygv)
LOOM_DN_EIG_ENTRY_POINTS(C, cuComplex, cf, float, heev, hegv)
LOOM_DN_EIG_ENTRY_POINTS(Z, cuDoubleComplex, cd, double, heev, hegv)
#undef LOOM_DN_EIG_ENTRY_POINTS

} // extern "C"

// ---- Mixed-precision linear solves (cusolverDn<main><lowest>gesv) ----
//
// Iterative refinement as cuSOLVER describes it: the LU (partial pivoting)
// of A in the lowest precision L, a solve, then residuals r = B - A X in the
// main precision T and corrections solved with the low-precision factors
// until every column meets the backward-error test ||r||_inf <= ||x||_inf
// ||A||_inf eps(T) sqrt(n), at most 50 times; otherwise (or when A does not
// fit L, or L's factorization fails) a full LU in T solves it from scratch.
// *iter is the number of refinement steps (0: the first solve met the
// test), or cuSOLVER's negative codes when it fell back: -2 (A overflows L),
// -3 (L's factorization failed), -50 (no convergence in 50 steps). The
// same-precision forms (DD, SS, CC, ZZ) refine with their own factors.

namespace {

template <class T> double absInf(T V) { return std::abs(V); }

template <class T, class L>
cusolverStatus_t gesvIrsImpl(cusolverDnHandle_t H, int N, int Nrhs, T *A, int Lda, int *Ipiv,
                             T *B, int Ldb, T *X, int Ldx, int *Iter, int *Info) {
  CHECK_HANDLE(H);
  Checker C;
  C(N >= 0, 1);
  C(Nrhs >= 0, 2);
  C(A || N == 0, 3);
  C(Lda >= std::max(1, N), 4);
  C(B || N == 0 || Nrhs == 0, 6);
  C(Ldb >= std::max(1, N), 7);
  C(X || N == 0 || Nrhs == 0, 8);
  C(Ldx >= std::max(1, N), 9);
  C(Iter != nullptr, 12);
  C(Info != nullptr, 13);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  // *iter is a host result known when the work has run: the call waits.
  if (capturing(H->Stream))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  auto It = std::make_shared<int>(0);
  cusolverStatus_t St = launch(H, [=] {
    int I = 0, Steps = 0;
    if (N > 0 && Nrhs > 0) {
      const size_t Nn = size_t(N);
      std::vector<int> Piv(Nn);
      int *P = Ipiv ? Ipiv : Piv.data();
      // The main-precision LU from scratch, for the fallback.
      auto fullSolve = [&](int Code) {
        Steps = Code;
        int Li = 0, Nv = N, Lv = Lda, Rv = Nrhs, Lx = Ldx;
        getrf(&Nv, &Nv, A, &Lv, P, &Li);
        if (Li == 0) {
          for (int J = 0; J < Nrhs; ++J)
            std::copy(B + size_t(J) * Ldb, B + size_t(J) * Ldb + N, X + size_t(J) * Ldx);
          getrs("N", &Nv, &Rv, A, &Lv, P, X, &Lx, &Li);
        }
        I = Li;
      };
      // A in the lowest precision (refused when an entry overflows it).
      std::vector<L> Al(Nn * Nn);
      bool Fits = true;
      double ANorm = 0;
      for (int R = 0; R < N; ++R) {
        double Row = 0;
        for (int J = 0; J < N; ++J)
          Row += absInf(A[size_t(J) * Lda + R]);
        ANorm = std::max(ANorm, Row);
      }
      for (int J = 0; J < N && Fits; ++J)
        for (int R = 0; R < N; ++R) {
          const T V = A[size_t(J) * Lda + R];
          if (std::abs(std::real(V)) > double(std::numeric_limits<RealT<L>>::max()) ||
              std::abs(std::imag(V)) > double(std::numeric_limits<RealT<L>>::max())) {
            Fits = false;
            break;
          }
          Al[size_t(J) * Nn + R] = L(V);
        }
      int Li = 0, Nv = N;
      if (Fits)
        getrf(&Nv, &Nv, Al.data(), &Nv, P, &Li);
      if (!Fits) {
        fullSolve(-2);
      } else if (Li != 0) {
        fullSolve(-3);
      } else {
        // X = A_L^-1 B, then refinement.
        std::vector<L> Cl(Nn * size_t(Nrhs));
        auto lowSolve = [&](const T *Rhs, int Ld) {
          for (int J = 0; J < Nrhs; ++J)
            for (int R = 0; R < N; ++R)
              Cl[size_t(J) * Nn + R] = L(Rhs[size_t(J) * Ld + R]);
          int Ri = 0, Rv = Nrhs;
          getrs("N", &Nv, &Rv, Al.data(), &Nv, P, Cl.data(), &Nv, &Ri);
        };
        lowSolve(B, Ldb);
        for (int J = 0; J < Nrhs; ++J)
          for (int R = 0; R < N; ++R)
            X[size_t(J) * Ldx + R] = T(Cl[size_t(J) * Nn + R]);
        const double Eps = double(std::numeric_limits<RealT<T>>::epsilon());
        const double Cte = ANorm * Eps * std::sqrt(double(N));
        std::vector<T> Rm(Nn * size_t(Nrhs));
        bool Converged = false;
        for (int Step = 0; Step <= 50; ++Step) {
          // R = B - A X in the main precision.
          for (int J = 0; J < Nrhs; ++J)
            std::copy(B + size_t(J) * Ldb, B + size_t(J) * Ldb + N, Rm.begin() + size_t(J) * Nn);
          const T MinusOne(-1), One(1);
          int Rv = Nrhs, Lv = Lda, Lx = Ldx;
          gemm("N", "N", &Nv, &Rv, &Nv, &MinusOne, A, &Lv, X, &Lx, &One, Rm.data(), &Nv);
          bool Ok = true;
          for (int J = 0; J < Nrhs && Ok; ++J) {
            double Xn = 0, Rn = 0;
            for (int R = 0; R < N; ++R) {
              Xn = std::max(Xn, absInf(X[size_t(J) * Ldx + R]));
              Rn = std::max(Rn, absInf(Rm[size_t(J) * Nn + R]));
            }
            if (!(Rn <= Xn * Cte))
              Ok = false;
          }
          if (Ok) {
            Converged = true;
            Steps = Step;
            break;
          }
          if (Step == 50)
            break;
          lowSolve(Rm.data(), N);
          for (int J = 0; J < Nrhs; ++J)
            for (int R = 0; R < N; ++R)
              X[size_t(J) * Ldx + R] += T(Cl[size_t(J) * Nn + R]);
        }
        if (!Converged)
          fullSolve(-50);
      }
    }
    *It = Steps;
    *Info = I;
  });
  if (St != CUSOLVER_STATUS_SUCCESS)
    return St;
  if (cudaStreamSynchronize(H->Stream) != cudaSuccess)
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  *Iter = *It;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t gesvBufferSize(cusolverDnHandle_t H, int N, int Nrhs, int Lda, int Ldb,
                                int Ldx, size_t Elem, size_t *Bytes) {
  CHECK_HANDLE(H);
  if (!Bytes || N < 0 || Nrhs < 0 || Lda < std::max(1, N) || Ldb < std::max(1, N) ||
      Ldx < std::max(1, N))
    return CUSOLVER_STATUS_INVALID_VALUE;
  // The work allocates its own; this is what it uses.
  *Bytes = Elem * (size_t(N) * size_t(N) + 2 * size_t(N) * size_t(Nrhs)) + 1;
  return CUSOLVER_STATUS_SUCCESS;
}

} // namespace

extern "C" {

#define LOOM_DN_GESV(NAME, T, LT, LL)                                                    \
  cusolverStatus_t cusolverDn##NAME##gesv_bufferSize(                                    \
      cusolverDnHandle_t h, cusolver_int_t n, cusolver_int_t nrhs, T *, cusolver_int_t ldda, \
      cusolver_int_t *, T *, cusolver_int_t lddb, T *, cusolver_int_t lddx, void *,      \
      size_t *lwork_bytes) {                                                             \
    return gesvBufferSize(h, n, nrhs, ldda, lddb, lddx, sizeof(LT), lwork_bytes);        \
  }                                                                                      \
  cusolverStatus_t cusolverDn##NAME##gesv(                                               \
      cusolverDnHandle_t h, cusolver_int_t n, cusolver_int_t nrhs, T *dA,                \
      cusolver_int_t ldda, cusolver_int_t *dipiv, T *dB, cusolver_int_t lddb, T *dX,     \
      cusolver_int_t lddx, void *, size_t, cusolver_int_t *iter, cusolver_int_t *d_info) { \
    return gesvIrsImpl<LT, LL>(h, n, nrhs, cast<LT>(dA), ldda, dipiv, cast<LT>(dB), lddb, \
                               cast<LT>(dX), lddx, iter, d_info);                        \
  }
LOOM_DN_GESV(DD, double, double, double)
LOOM_DN_GESV(DS, double, double, float)
LOOM_DN_GESV(SS, float, float, float)
LOOM_DN_GESV(ZZ, cuDoubleComplex, cd, cd)
LOOM_DN_GESV(ZC, cuDoubleComplex, cd, cf)
LOOM_DN_GESV(CC, cuComplex, cf, cf)
#undef LOOM_DN_GESV

} // extern "C"

// ---- gesvdaStridedBatched: the leading singular triplets of tall matrices ----

namespace {

template <class T>
cusolverStatus_t gesvdaImpl(cusolverDnHandle_t H, cusolverEigMode_t Jobz, int Rank, int M,
                            int N, const T *A, int Lda, long long StrideA, RealT<T> *S,
                            long long StrideS, T *U, int Ldu, long long StrideU, T *V, int Ldv,
                            long long StrideV, int *Info, double *RnrmF, int Batch) {
  CHECK_HANDLE(H);
  const bool Vec = Jobz == CUSOLVER_EIG_MODE_VECTOR;
  Checker C;
  C(validJobz(Jobz), 1);
  C(Rank >= 1 && Rank <= N, 2);
  C(M >= 0, 3);
  C(N >= 1 && N <= M, 4); // tall and skinny, as cuSOLVER requires
  C(A != nullptr, 5);
  C(Lda >= std::max(1, M), 6);
  C(StrideA >= (long long)Lda * N, 7);
  C(S != nullptr, 8);
  C(StrideS >= Rank, 9);
  C(!Vec || U, 10);
  C(Ldu >= std::max(1, M), 11);
  C(!Vec || StrideU >= (long long)Ldu * Rank, 12);
  C(!Vec || V, 13);
  C(Ldv >= std::max(1, N), 14);
  C(!Vec || StrideV >= (long long)Ldv * Rank, 15);
  C(Info != nullptr, 18);
  C(Batch >= 1, 20);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  // h_R_nrmF is a host result: with it the call waits for the stream.
  if (RnrmF && capturing(H->Stream))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  auto Norms = std::make_shared<std::vector<double>>(size_t(Batch), 0.0);
  cusolverStatus_t St = launch(H, [=] {
    const size_t Mm = size_t(M), Nn = size_t(N);
    std::vector<T> Cp(Mm * Nn), Ut(Mm * Nn), Vt(Nn * Nn), R(Mm * Nn), Us(Mm * size_t(Rank));
    std::vector<RealT<T>> Sv(Nn);
    for (int B = 0; B < Batch; ++B) {
      const T *Ab = A + size_t(B) * size_t(StrideA);
      for (int J = 0; J < N; ++J)
        std::copy(Ab + size_t(J) * Lda, Ab + size_t(J) * Lda + M, Cp.begin() + J * Mm);
      R = Cp;
      int I = svdOne(true, true, M, N, Cp.data(), M, Sv.data(), Ut.data(), M, Vt.data(), N,
                     nullptr);
      Info[B] = I > 0 ? N + 1 : I;
      if (I != 0)
        continue;
      std::copy(Sv.begin(), Sv.begin() + Rank, S + size_t(B) * size_t(StrideS));
      if (Vec)
        for (int J = 0; J < Rank; ++J) {
          std::copy(Ut.begin() + J * Mm, Ut.begin() + (J + 1) * Mm,
                    U + size_t(B) * size_t(StrideU) + size_t(J) * Ldu);
          std::copy(Vt.begin() + J * Nn, Vt.begin() + (J + 1) * Nn,
                    V + size_t(B) * size_t(StrideV) + size_t(J) * Ldv);
        }
      // ||A - U_r S_r V_r^H||_F over the rank leading triplets.
      for (int J = 0; J < Rank; ++J)
        for (size_t Rw = 0; Rw < Mm; ++Rw)
          Us[J * Mm + Rw] = Ut[J * Mm + Rw] * T(Sv[size_t(J)]);
      const T MinusOne(-1), One(1);
      int Mv = M, Nv = N, Kv = Rank;
      gemm("N", IsComplex<T> ? "C" : "T", &Mv, &Nv, &Kv, &MinusOne, Us.data(), &Mv, Vt.data(),
           &Nv, &One, R.data(), &Mv);
      double Sum = 0;
      for (const T &X : R)
        Sum += double(std::norm(X));
      (*Norms)[size_t(B)] = std::sqrt(Sum);
    }
  });
  if (St != CUSOLVER_STATUS_SUCCESS || !RnrmF)
    return St;
  if (cudaStreamSynchronize(H->Stream) != cudaSuccess)
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  std::copy(Norms->begin(), Norms->end(), RnrmF);
  return CUSOLVER_STATUS_SUCCESS;
}

} // namespace

extern "C" {

#define LOOM_DN_GESVDA(p, T, LT, R)                                                      \
  cusolverStatus_t cusolverDn##p##gesvdaStridedBatched_bufferSize(                       \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, int rank, int m, int n, const T *,   \
      int lda, long long strideA, const R *, long long strideS, const T *, int ldu,      \
      long long strideU, const T *, int ldv, long long strideV, int *lwork,              \
      int batchSize) {                                                                   \
    CHECK_HANDLE(h);                                                                     \
    if (!lwork || !validJobz(jobz) || rank < 1 || rank > n || n < 1 || n > m ||          \
        lda < m || strideA < (long long)lda * n || strideS < rank || ldu < m ||          \
        ldv < n || (jobz == CUSOLVER_EIG_MODE_VECTOR &&                                  \
                    (strideU < (long long)ldu * rank || strideV < (long long)ldv * rank)) || \
        batchSize < 1)                                                                   \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = gesvdLwork<LT>(m, n);                                                       \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##gesvdaStridedBatched(                                  \
      cusolverDnHandle_t h, cusolverEigMode_t jobz, int rank, int m, int n, const T *d_A, \
      int lda, long long strideA, R *d_S, long long strideS, T *d_U, int ldu,            \
      long long strideU, T *d_V, int ldv, long long strideV, T *, int, int *d_info,      \
      double *h_R_nrmF, int batchSize) {                                                 \
    return gesvdaImpl(h, jobz, rank, m, n, reinterpret_cast<const LT *>(d_A), lda,       \
                      strideA, d_S, strideS, cast<LT>(d_U), ldu, strideU, cast<LT>(d_V),  \
                      ldv, strideV, d_info, h_R_nrmF, batchSize);                        \
  }
LOOM_DN_GESVDA(S, float, float, float)
LOOM_DN_GESVDA(D, double, double, double)
LOOM_DN_GESVDA(C, cuComplex, cf, float)
LOOM_DN_GESVDA(Z, cuDoubleComplex, cd, double)
#undef LOOM_DN_GESVDA

} // extern "C"

// ---- sygvj/hegvj: the generalized problem with a syevjInfo_t ----

namespace {

template <class T>
cusolverStatus_t sygvjImpl(cusolverDnHandle_t H, cusolverEigType_t Itype,
                           cusolverEigMode_t Jobz, cublasFillMode_t Uplo, int N, T *A, int Lda,
                           T *B, int Ldb, RealT<T> *W, int *Info, syevjInfo *P) {
  CHECK_HANDLE(H);
  Checker C;
  C(validItype(Itype), 1);
  C(validJobz(Jobz), 2);
  C(validFill(Uplo), 3);
  C(N >= 0, 4);
  C(A || N == 0, 5);
  C(Lda >= std::max(1, N), 6);
  C(B || N == 0, 7);
  C(Ldb >= std::max(1, N), 8);
  C(W || N == 0, 9);
  C(Info != nullptr, 12);
  if (C.Bad)
    return badArgument(H, C.Bad, Info);
  const bool Lower = Uplo == CUBLAS_FILL_MODE_LOWER;
  const int It = int(Itype);
  return launch(H, [=] {
    int I = 0;
    double Res = 0;
    if (N > 0) {
      const std::vector<T> Fa = hermitianOf(Lower, N, A, Lda), Fb = hermitianOf(Lower, N, B, Ldb);
      // Vectors always (for the residual); LAPACK's sygvd.
      I = gvdRun(It, "V", Lower ? "L" : "U", N, A, Lda, B, Ldb, W);
      if (I == 0) {
        // The generalized residual: A V - B V W (1), A B V - V W (2), B A V - V W (3).
        const size_t Nn = size_t(N);
        std::vector<T> V(Nn * Nn), X(Nn * Nn), Y(Nn * Nn);
        for (int J = 0; J < N; ++J)
          std::copy(A + size_t(J) * Lda, A + size_t(J) * Lda + N, V.begin() + J * Nn);
        const T One(1), Zero(0);
        int Nv = N;
        const std::vector<T> &First = It == 3 ? Fa : Fb;
        gemm("N", "N", &Nv, &Nv, &Nv, &One, First.data(), &Nv, V.data(), &Nv, &Zero, X.data(), &Nv);
        if (It == 1) {
          // Y = A V, X = B V
          gemm("N", "N", &Nv, &Nv, &Nv, &One, Fa.data(), &Nv, V.data(), &Nv, &Zero, Y.data(), &Nv);
        } else {
          // Y = (A or B) X, X = V
          gemm("N", "N", &Nv, &Nv, &Nv, &One, (It == 2 ? Fa : Fb).data(), &Nv, X.data(), &Nv,
               &Zero, Y.data(), &Nv);
          X = V;
        }
        double Sum = 0;
        for (int J = 0; J < N; ++J)
          for (size_t R = 0; R < Nn; ++R)
            Sum += double(std::norm(Y[J * Nn + R] - X[J * Nn + R] * T(W[J])));
        Res = std::sqrt(Sum);
      }
    }
    // B's leading minor i not positive definite: i; the eigensolver failed: n+1.
    *Info = I > N ? I - N : I > 0 ? N + 1 : I;
    if (P) {
      P->Residual = Res;
      P->Sweeps = 0;
      P->LastBatched = false;
    }
  });
}

} // namespace

extern "C" {

#define LOOM_DN_SYGVJ(p, T, LT, R, GV)                                                   \
  cusolverStatus_t cusolverDn##p##GV##j_bufferSize(                                      \
      cusolverDnHandle_t h, cusolverEigType_t itype, cusolverEigMode_t jobz,             \
      cublasFillMode_t uplo, int n, const T *, int lda, const T *, int ldb, const R *,   \
      int *lwork, syevjInfo_t) {                                                         \
    CHECK_HANDLE(h);                                                                     \
    if (!lwork || !validItype(itype) || !validJobz(jobz) || !validFill(uplo) || n < 0 || \
        lda < std::max(1, n) || ldb < std::max(1, n))                                    \
      return CUSOLVER_STATUS_INVALID_VALUE;                                              \
    *lwork = 1;                                                                          \
    if (n > 0) {                                                                         \
      LT D(0);                                                                           \
      R Wd(0);                                                                           \
      gvdRun<LT>(int(itype), "V", fillChar(uplo), n, &D, lda, &D, ldb, &Wd, true, lwork); \
    }                                                                                    \
    return CUSOLVER_STATUS_SUCCESS;                                                      \
  }                                                                                      \
  cusolverStatus_t cusolverDn##p##GV##j(cusolverDnHandle_t h, cusolverEigType_t itype,   \
                                        cusolverEigMode_t jobz, cublasFillMode_t uplo,   \
                                        int n, T *A, int lda, T *B, int ldb, R *W, T *,  \
                                        int, int *info, syevjInfo_t params) {            \
    return sygvjImpl(h, itype, jobz, uplo, n, cast<LT>(A), lda, cast<LT>(B), ldb, W, info, \
                     params);                                                            \
  }
LOOM_DN_SYGVJ(S, float, float, float, sygv)
LOOM_DN_SYGVJ(D, double, double, double, sygv)
LOOM_DN_SYGVJ(C, cuComplex, cf, float, hegv)
LOOM_DN_SYGVJ(Z, cuDoubleComplex, cd, double, hegv)
#undef LOOM_DN_SYGVJ

} // extern "C"

// ---- cusolverDnXsyevdx: syevdx in the 64-bit generic API ----

namespace {
// Legacy syevdx argument numbers to Xsyevdx's (params is 1).
const int EvdxArgs[] = {0, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 15, 0, 0, 21};
} // namespace

extern "C" {

cusolverStatus_t cusolverDnXsyevdx_bufferSize(
    cusolverDnHandle_t h, cusolverDnParams_t params, cusolverEigMode_t jobz,
    cusolverEigRange_t range, cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA,
    const void *, int64_t lda, void *vl, void *vu, int64_t il, int64_t iu, int64_t *,
    cudaDataType dataTypeW, const void *, cudaDataType computeType, size_t *dev, size_t *host) {
  CHECK_HANDLE(h);
  if (!params || !dev || !host || !validJobz(jobz) || !validRange(range) || !validFill(uplo) ||
      n < 0 || lda < std::max<int64_t>(1, n) ||
      (range == CUSOLVER_EIG_RANGE_V && (!vl || !vu)))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (dataTypeA != computeType || dataTypeW != realOf(computeType) || !fitsInt(lda) ||
      !fitsInt(il) || !fitsInt(iu))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    using R = RealT<V>;
    int Lw = 1;
    if (n > 0) {
      V D(0);
      R Wd(0);
      int M = 0;
      evrRun<V>(jobz == CUSOLVER_EIG_MODE_VECTOR ? "V" : "N", rangeChar(range), fillChar(uplo),
                int(n), &D, int(lda), R(0), R(1), 1, int(n), &M, &Wd, &D, int(n), true, &Lw);
    }
    *dev = sizeof(V) * size_t(Lw);
    *host = 0;
    return CUSOLVER_STATUS_SUCCESS;
  });
}

cusolverStatus_t cusolverDnXsyevdx(cusolverDnHandle_t h, cusolverDnParams_t params,
                                   cusolverEigMode_t jobz, cusolverEigRange_t range,
                                   cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA,
                                   void *A, int64_t lda, void *vl, void *vu, int64_t il,
                                   int64_t iu, int64_t *meig64, cudaDataType dataTypeW, void *W,
                                   cudaDataType computeType, void *, size_t, void *, size_t,
                                   int *info) {
  CHECK_HANDLE(h);
  if (!params)
    return badArgument(h, 1, info);
  if (range == CUSOLVER_EIG_RANGE_V && (!vl || !vu))
    return badArgument(h, !vl ? 9 : 10, info);
  if (!meig64)
    return badArgument(h, 13, info);
  if (dataTypeA != computeType || dataTypeW != realOf(computeType) || !fitsInt(lda) ||
      !fitsInt(n) || !fitsInt(il) || !fitsInt(iu) || il < INT32_MIN || iu < INT32_MIN)
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  return byType(dataTypeA, [&](auto *T) {
    using V = std::remove_pointer_t<decltype(T)>;
    using R = RealT<V>;
    // vl and vu are host values of W's type, read for a value range only.
    const R Vl = range == CUSOLVER_EIG_RANGE_V ? *static_cast<const R *>(vl) : R(0);
    const R Vu = range == CUSOLVER_EIG_RANGE_V ? *static_cast<const R *>(vu) : R(0);
    int M = 0;
    cusolverStatus_t S =
        syevdxImpl(h, jobz, range, uplo, toInt(n), static_cast<V *>(A), toInt(lda), Vl, Vu,
                   int(il), int(iu), &M, static_cast<R *>(W), info, EvdxArgs);
    if (S == CUSOLVER_STATUS_SUCCESS)
      *meig64 = M;
    return S;
  });
}

} // extern "C"

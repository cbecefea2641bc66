// CusolverRf.cpp - cuSOLVER's refactorization library (cusolverRf.h):
// LU refactorization on a fixed pattern, and the solve with its factors.
// SPDX-License-Identifier: Apache-2.0
//
// Setup takes A (CSR, 0-based), the factors of P*A*Q^T = L*U (L with a
// unit diagonal, stored or not) and P, Q. The bundled matrix M = L + U - I
// keeps the pattern of L+U, closed under the fill of an LU without
// pivoting of B = P*A*Q^T (so any new values on A's pattern can be
// refactored in it). Refactor is a row-by-row (IKJ) LU of B's values on
// M's pattern without pivoting: a pivot of magnitude at most the handle's
// "zero" is flagged, and replaced by "boost" when boost > 0 (the boost
// report then says so); an unboosted one makes Refactor return
// CUSOLVER_STATUS_ZERO_PIVOT. Solve computes x = Q^T U^-1 L^-1 P f per
// right-hand side (any nrhs).
//
// cusolverRf has no stream: the calls that read device memory (SetupDevice,
// ResetValues, Solve and the batched forms) first wait for the device
// (cudaDeviceSynchronize), so they see every kernel and copy before them,
// and all calls return when done. The algorithm and fast-mode settings are
// kept and returned; they do not change the result. See docs/libraries.md.
#include "cusolverRf.h"
#include "cuda_runtime_api.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <new>
#include <vector>

struct cusolverRfCommon {
  cusolverRfMatrixFormat_t Format = CUSOLVERRF_MATRIX_FORMAT_CSR;
  cusolverRfUnitDiagonal_t Diag = CUSOLVERRF_UNIT_DIAGONAL_STORED_L;
  double Zero = 0.0, Boost = 0.0;
  cusolverRfFactorization_t FactAlg = CUSOLVERRF_FACTORIZATION_ALG0;
  cusolverRfTriangularSolve_t SolveAlg = CUSOLVERRF_TRIANGULAR_SOLVE_ALG1;
  cusolverRfResetValuesFastMode_t FastMode = CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF;
  cusolverRfNumericBoostReport_t Report = CUSOLVERRF_NUMERIC_BOOST_NOT_USED;

  bool SetUp = false, Analyzed = false;
  int N = 0, NnzA = 0;
  std::vector<int> Ap, Ai;    ///< A's pattern
  std::vector<int> P, Q;      ///< as given at setup
  std::vector<int> Mp, Mi;    ///< M's pattern (rows sorted)
  std::vector<int> DiagPos;   ///< M(i,i)'s position
  std::vector<int> MapA;      ///< A's entry k -> its position in M (B = P A Q^T)
  /// Per matrix (1, or the batch): B's values on M's pattern, and M.
  std::vector<std::vector<double>> Bv, Mx;
  std::vector<int> ZeroPivots; ///< per matrix: -1, or the first zero pivot
  /// M in device memory, once cusolverRfAccessBundledFactorsDevice asked
  /// for it (kept current by Refactor).
  int *DevMp = nullptr, *DevMi = nullptr;
  double *DevMx = nullptr;

  void freeDevice() {
    cudaFree(DevMp);
    cudaFree(DevMi);
    cudaFree(DevMx);
    DevMp = DevMi = nullptr;
    DevMx = nullptr;
  }
  void refreshDevice() {
    if (DevMx)
      cudaMemcpy(DevMx, Mx[0].data(), Mx[0].size() * sizeof(double), cudaMemcpyHostToDevice);
  }
  ~cusolverRfCommon() { freeDevice(); }
};

namespace {

#define CHECK_HANDLE(H)                                                                  \
  do {                                                                                   \
    if (!(H))                                                                            \
      return CUSOLVER_STATUS_NOT_INITIALIZED;                                            \
  } while (0)

bool waitDevice() { return cudaDeviceSynchronize() == cudaSuccess; }

/// A CSR pattern with n rows: pointers from 0 to nnz, nondecreasing,
/// columns in [0, n).
bool validCsr(int N, int Nnz, const int *Ptr, const int *Ind) {
  if (Ptr[0] != 0 || Ptr[N] != Nnz)
    return false;
  for (int I = 0; I < N; ++I)
    if (Ptr[I + 1] < Ptr[I])
      return false;
  for (int K = 0; K < Nnz; ++K)
    if (Ind[K] < 0 || Ind[K] >= N)
      return false;
  return true;
}

bool validPerm(int N, const int *P) {
  std::vector<char> Seen(size_t(N), 0);
  for (int I = 0; I < N; ++I) {
    if (P[I] < 0 || P[I] >= N || Seen[size_t(P[I])])
      return false;
    Seen[size_t(P[I])] = 1;
  }
  return true;
}

int findIn(const cusolverRfCommon *H, int Row, int Col) {
  auto B = H->Mi.begin() + H->Mp[size_t(Row)], E = H->Mi.begin() + H->Mp[size_t(Row) + 1];
  auto It = std::lower_bound(B, E, Col);
  return It != E && *It == Col ? int(It - H->Mi.begin()) : -1;
}

/// MapA for permutations P and Q; false when an entry of B = P A Q^T lies
/// outside M's pattern.
bool mapA(cusolverRfCommon *H, const int *P, const int *Q) {
  const int N = H->N;
  std::vector<int> Pinv(static_cast<size_t>(N)), Qinv(static_cast<size_t>(N));
  for (int I = 0; I < N; ++I) {
    Pinv[size_t(P[I])] = I;
    Qinv[size_t(Q[I])] = I;
  }
  H->MapA.assign(size_t(H->NnzA), -1);
  for (int R = 0; R < N; ++R)
    for (int K = H->Ap[size_t(R)]; K < H->Ap[size_t(R) + 1]; ++K) {
      int Pos = findIn(H, Pinv[size_t(R)], Qinv[size_t(H->Ai[size_t(K)])]);
      if (Pos < 0)
        return false;
      H->MapA[size_t(K)] = Pos;
    }
  return true;
}

/// B's values (from A's) on M's pattern.
void scatterA(const cusolverRfCommon *H, const double *Val, std::vector<double> &Bv) {
  Bv.assign(H->Mi.size(), 0.0);
  for (int K = 0; K < H->NnzA; ++K)
    Bv[size_t(H->MapA[size_t(K)])] += Val[K];
}

/// The setup shared by the single and batched forms (host memory).
cusolverStatus_t setup(cusolverRfCommon *H, int Batch, int N, int NnzA, const int *ApIn,
                       const int *AiIn, const double *const *AVals, int NnzL, const int *Lp,
                       const int *Li, const double *Lx, int NnzU, const int *Up, const int *Ui,
                       const double *Ux, const int *P, const int *Q) {
  if (N < 1 || NnzA < 0 || NnzL < 0 || NnzU < 0 || !ApIn || !AiIn || !Lp || !Li || !Lx ||
      !Up || !Ui || !Ux || !P || !Q || !AVals)
    return CUSOLVER_STATUS_INVALID_VALUE;
  for (int B = 0; B < Batch; ++B)
    if (!AVals[B])
      return CUSOLVER_STATUS_INVALID_VALUE;
  if (H->Format != CUSOLVERRF_MATRIX_FORMAT_CSR ||
      (H->Diag != CUSOLVERRF_UNIT_DIAGONAL_STORED_L &&
       H->Diag != CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L))
    return CUSOLVER_STATUS_NOT_SUPPORTED;
  if (!validCsr(N, NnzA, ApIn, AiIn) || !validCsr(N, NnzL, Lp, Li) ||
      !validCsr(N, NnzU, Up, Ui) || !validPerm(N, P) || !validPerm(N, Q))
    return CUSOLVER_STATUS_INVALID_VALUE;
  // L strictly lower (its diagonal, stored or not, is 1) and U upper.
  for (int I = 0; I < N; ++I) {
    for (int K = Lp[I]; K < Lp[I + 1]; ++K)
      if (Li[K] > I)
        return CUSOLVER_STATUS_INVALID_VALUE;
    for (int K = Up[I]; K < Up[I + 1]; ++K)
      if (Ui[K] < I)
        return CUSOLVER_STATUS_INVALID_VALUE;
  }
  H->SetUp = H->Analyzed = false;
  H->freeDevice();
  H->N = N;
  H->NnzA = NnzA;
  H->Ap.assign(ApIn, ApIn + N + 1);
  H->Ai.assign(AiIn, AiIn + NnzA);
  H->P.assign(P, P + N);
  H->Q.assign(Q, Q + N);
  std::vector<int> Pinv(static_cast<size_t>(N)), Qinv(static_cast<size_t>(N));
  for (int I = 0; I < N; ++I) {
    Pinv[size_t(P[I])] = I;
    Qinv[size_t(Q[I])] = I;
  }
  // B's rows (as M's rows): columns of B, L and U, and the diagonal; then
  // the fill of an unpivoted LU, row by row (rows above are final).
  std::vector<std::vector<int>> BRows(static_cast<size_t>(N));
  for (int R = 0; R < N; ++R)
    for (int K = ApIn[R]; K < ApIn[R + 1]; ++K)
      BRows[size_t(Pinv[size_t(R)])].push_back(Qinv[size_t(AiIn[K])]);
  H->Mp.assign(size_t(N) + 1, 0);
  H->Mi.clear();
  H->DiagPos.assign(size_t(N), 0);
  std::vector<int> Mark(size_t(N), -1), Row;
  for (int I = 0; I < N; ++I) {
    Row.clear();
    auto Add = [&](int J) {
      if (Mark[size_t(J)] != I) {
        Mark[size_t(J)] = I;
        Row.push_back(J);
      }
    };
    Add(I);
    for (int J : BRows[size_t(I)])
      Add(J);
    for (int K = Lp[I]; K < Lp[I + 1]; ++K)
      Add(Li[K]);
    for (int K = Up[I]; K < Up[I + 1]; ++K)
      Add(Ui[K]);
    std::sort(Row.begin(), Row.end());
    for (size_t T = 0; T < Row.size() && Row[T] < I; ++T) {
      const int Kr = Row[T];
      bool Grew = false;
      for (int Q2 = H->DiagPos[size_t(Kr)] + 1; Q2 < H->Mp[size_t(Kr) + 1]; ++Q2) {
        const int J = H->Mi[size_t(Q2)];
        if (Mark[size_t(J)] != I) {
          Mark[size_t(J)] = I;
          Row.push_back(J);
          Grew = true;
        }
      }
      if (Grew) // fill after position T: keep the row sorted
        std::sort(Row.begin() + long(T) + 1, Row.end());
    }
    for (int J : Row) {
      if (J == I)
        H->DiagPos[size_t(I)] = int(H->Mi.size());
      H->Mi.push_back(J);
    }
    H->Mp[size_t(I) + 1] = int(H->Mi.size());
  }
  if (!mapA(H, P, Q))
    return CUSOLVER_STATUS_INTERNAL_ERROR;
  // M holds the given factors; B the given values of A.
  H->Mx.assign(size_t(Batch), std::vector<double>(H->Mi.size(), 0.0));
  for (int I = 0; I < N; ++I) {
    for (int K = Lp[I]; K < Lp[I + 1]; ++K)
      if (Li[K] < I)
        H->Mx[0][size_t(findIn(H, I, Li[K]))] = Lx[K];
    for (int K = Up[I]; K < Up[I + 1]; ++K)
      H->Mx[0][size_t(findIn(H, I, Ui[K]))] = Ux[K];
  }
  for (int B = 1; B < Batch; ++B)
    H->Mx[size_t(B)] = H->Mx[0];
  H->Bv.resize(size_t(Batch));
  for (int B = 0; B < Batch; ++B)
    scatterA(H, AVals[B], H->Bv[size_t(B)]);
  H->ZeroPivots.assign(size_t(Batch), -1);
  H->SetUp = true;
  return CUSOLVER_STATUS_SUCCESS;
}

/// New values of A for each matrix (host or device memory, after a wait).
cusolverStatus_t resetValues(cusolverRfCommon *H, int Batch, int N, int NnzA, const int *ApIn,
                             const int *AiIn, const double *const *AVals, const int *P,
                             const int *Q) {
  CHECK_HANDLE(H);
  if (!H->SetUp || Batch != int(H->Bv.size()) || N != H->N || NnzA != H->NnzA || !ApIn ||
      !AiIn || !AVals || !P || !Q)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!waitDevice())
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  for (int B = 0; B < Batch; ++B)
    if (!AVals[B])
      return CUSOLVER_STATUS_INVALID_VALUE;
  // The pattern and permutations are those of the setup (as documented);
  // other permutations are mapped again, when M's pattern holds them.
  if (!std::equal(ApIn, ApIn + N + 1, H->Ap.begin()) ||
      !std::equal(AiIn, AiIn + NnzA, H->Ai.begin()))
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!std::equal(P, P + N, H->P.begin()) || !std::equal(Q, Q + N, H->Q.begin())) {
    if (!validPerm(N, P) || !validPerm(N, Q) || !mapA(H, P, Q)) {
      mapA(H, H->P.data(), H->Q.data());
      return CUSOLVER_STATUS_INVALID_VALUE;
    }
    H->P.assign(P, P + N);
    H->Q.assign(Q, Q + N);
  }
  for (int B = 0; B < Batch; ++B)
    scatterA(H, AVals[B], H->Bv[size_t(B)]);
  return CUSOLVER_STATUS_SUCCESS;
}

/// LU of B's values on M's pattern without pivoting, row by row.
/// Returns the first unboosted zero pivot, -1 for none.
int refactorOne(cusolverRfCommon *H, const std::vector<double> &Bv, std::vector<double> &M) {
  const int N = H->N;
  const std::vector<int> &Mp = H->Mp, &Mi = H->Mi, &Dp = H->DiagPos;
  std::vector<double> W(size_t(N), 0.0);
  int Zero = -1;
  for (int I = 0; I < N; ++I) {
    for (int Q = Mp[size_t(I)]; Q < Mp[size_t(I) + 1]; ++Q)
      W[size_t(Mi[size_t(Q)])] = Bv[size_t(Q)];
    for (int Q = Mp[size_t(I)]; Q < Dp[size_t(I)]; ++Q) {
      const int K = Mi[size_t(Q)];
      const double Lik = W[size_t(K)] / M[size_t(Dp[size_t(K)])];
      W[size_t(K)] = Lik;
      if (Lik != 0.0)
        for (int Q2 = Dp[size_t(K)] + 1; Q2 < Mp[size_t(K) + 1]; ++Q2)
          W[size_t(Mi[size_t(Q2)])] -= Lik * M[size_t(Q2)];
    }
    double &Piv = W[size_t(I)];
    if (std::fabs(Piv) <= H->Zero) {
      if (H->Boost > 0.0) {
        Piv = Piv < 0.0 ? -H->Boost : H->Boost;
        H->Report = CUSOLVERRF_NUMERIC_BOOST_USED;
      } else if (Zero < 0) {
        Zero = I;
      }
    }
    for (int Q = Mp[size_t(I)]; Q < Mp[size_t(I) + 1]; ++Q) {
      M[size_t(Q)] = W[size_t(Mi[size_t(Q)])];
      W[size_t(Mi[size_t(Q)])] = 0.0;
    }
  }
  return Zero;
}

/// x = Q^T U^-1 L^-1 P f for each column of XF, with Temp as the work.
void solveOne(const cusolverRfCommon *H, const std::vector<double> &M, const int *P,
              const int *Q, int Nrhs, double *Temp, int Ldt, double *XF, int Ldxf) {
  const int N = H->N;
  for (int C = 0; C < Nrhs; ++C) {
    double *F = XF + size_t(C) * size_t(Ldxf), *T = Temp + size_t(C) * size_t(Ldt);
    for (int I = 0; I < N; ++I)
      T[I] = F[P[I]];
    for (int I = 0; I < N; ++I) {
      double S = T[I];
      for (int K = H->Mp[size_t(I)]; K < H->DiagPos[size_t(I)]; ++K)
        S -= M[size_t(K)] * T[H->Mi[size_t(K)]];
      T[I] = S;
    }
    for (int I = N - 1; I >= 0; --I) {
      double S = T[I];
      for (int K = H->DiagPos[size_t(I)] + 1; K < H->Mp[size_t(I) + 1]; ++K)
        S -= M[size_t(K)] * T[H->Mi[size_t(K)]];
      T[I] = S / M[size_t(H->DiagPos[size_t(I)])];
    }
    for (int I = 0; I < N; ++I)
      F[Q[I]] = T[I];
  }
}

cusolverStatus_t solve(cusolverRfCommon *H, int Batch, const int *P, const int *Q, int Nrhs,
                       double *Temp, int Ldt, double *const *XF, int Ldxf) {
  CHECK_HANDLE(H);
  if (!H->Analyzed || Batch != int(H->Mx.size()) || !P || !Q || Nrhs < 1 || !Temp ||
      Ldt < H->N || !XF || Ldxf < H->N)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!waitDevice())
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  for (int B = 0; B < Batch; ++B)
    if (!XF[B])
      return CUSOLVER_STATUS_INVALID_VALUE;
  if (!validPerm(H->N, P) || !validPerm(H->N, Q))
    return CUSOLVER_STATUS_INVALID_VALUE;
  for (int B = 0; B < Batch; ++B)
    solveOne(H, H->Mx[size_t(B)], P, Q, Nrhs, Temp, Ldt, XF[B], Ldxf);
  return CUSOLVER_STATUS_SUCCESS;
}

template <class T> T *hostCopy(const std::vector<T> &V) {
  T *P = static_cast<T *>(std::malloc(std::max<size_t>(1, V.size()) * sizeof(T)));
  if (P && !V.empty())
    std::memcpy(P, V.data(), V.size() * sizeof(T));
  return P;
}

} // namespace

extern "C" {

cusolverStatus_t cusolverRfCreate(cusolverRfHandle_t *Handle) {
  if (!Handle)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Handle = new (std::nothrow) cusolverRfCommon;
  return *Handle ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ALLOC_FAILED;
}

cusolverStatus_t cusolverRfDestroy(cusolverRfHandle_t H) {
  CHECK_HANDLE(H);
  delete H;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetMatrixFormat(cusolverRfHandle_t H, cusolverRfMatrixFormat_t *Format,
                                           cusolverRfUnitDiagonal_t *Diag) {
  CHECK_HANDLE(H);
  if (!Format || !Diag)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Format = H->Format;
  *Diag = H->Diag;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSetMatrixFormat(cusolverRfHandle_t H, cusolverRfMatrixFormat_t Format,
                                           cusolverRfUnitDiagonal_t Diag) {
  CHECK_HANDLE(H);
  if ((Format != CUSOLVERRF_MATRIX_FORMAT_CSR && Format != CUSOLVERRF_MATRIX_FORMAT_CSC) ||
      Diag < CUSOLVERRF_UNIT_DIAGONAL_STORED_L || Diag > CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_U)
    return CUSOLVER_STATUS_INVALID_VALUE;
  H->Format = Format;
  H->Diag = Diag;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSetNumericProperties(cusolverRfHandle_t H, double Zero, double Boost) {
  CHECK_HANDLE(H);
  if (!(Zero >= 0.0) || std::isnan(Boost))
    return CUSOLVER_STATUS_INVALID_VALUE;
  H->Zero = Zero;
  H->Boost = Boost;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetNumericProperties(cusolverRfHandle_t H, double *Zero, double *Boost) {
  CHECK_HANDLE(H);
  if (!Zero || !Boost)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Zero = H->Zero;
  *Boost = H->Boost;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetNumericBoostReport(cusolverRfHandle_t H,
                                                 cusolverRfNumericBoostReport_t *Report) {
  CHECK_HANDLE(H);
  if (!Report)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Report = H->Report;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSetAlgs(cusolverRfHandle_t H, cusolverRfFactorization_t FactAlg,
                                   cusolverRfTriangularSolve_t SolveAlg) {
  CHECK_HANDLE(H);
  if (FactAlg < CUSOLVERRF_FACTORIZATION_ALG0 || FactAlg > CUSOLVERRF_FACTORIZATION_ALG2 ||
      SolveAlg < CUSOLVERRF_TRIANGULAR_SOLVE_ALG1 || SolveAlg > CUSOLVERRF_TRIANGULAR_SOLVE_ALG3)
    return CUSOLVER_STATUS_INVALID_VALUE;
  H->FactAlg = FactAlg;
  H->SolveAlg = SolveAlg;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetAlgs(cusolverRfHandle_t H, cusolverRfFactorization_t *FactAlg,
                                   cusolverRfTriangularSolve_t *SolveAlg) {
  CHECK_HANDLE(H);
  if (!FactAlg || !SolveAlg)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *FactAlg = H->FactAlg;
  *SolveAlg = H->SolveAlg;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfGetResetValuesFastMode(cusolverRfHandle_t H,
                                                  cusolverRfResetValuesFastMode_t *Mode) {
  CHECK_HANDLE(H);
  if (!Mode)
    return CUSOLVER_STATUS_INVALID_VALUE;
  *Mode = H->FastMode;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSetResetValuesFastMode(cusolverRfHandle_t H,
                                                  cusolverRfResetValuesFastMode_t Mode) {
  CHECK_HANDLE(H);
  if (Mode != CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF && Mode != CUSOLVERRF_RESET_VALUES_FAST_MODE_ON)
    return CUSOLVER_STATUS_INVALID_VALUE;
  H->FastMode = Mode;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSetupHost(int N, int NnzA, int *Ap, int *Ai, double *Ax, int NnzL,
                                     int *Lp, int *Li, double *Lx, int NnzU, int *Up, int *Ui,
                                     double *Ux, int *P, int *Q, cusolverRfHandle_t H) {
  CHECK_HANDLE(H);
  const double *Vals[1] = {Ax};
  try {
    return setup(H, 1, N, NnzA, Ap, Ai, Vals, NnzL, Lp, Li, Lx, NnzU, Up, Ui, Ux, P, Q);
  } catch (const std::bad_alloc &) {
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
}

cusolverStatus_t cusolverRfSetupDevice(int N, int NnzA, int *Ap, int *Ai, double *Ax, int NnzL,
                                       int *Lp, int *Li, double *Lx, int NnzU, int *Up, int *Ui,
                                       double *Ux, int *P, int *Q, cusolverRfHandle_t H) {
  CHECK_HANDLE(H);
  if (!waitDevice())
    return CUSOLVER_STATUS_EXECUTION_FAILED;
  return cusolverRfSetupHost(N, NnzA, Ap, Ai, Ax, NnzL, Lp, Li, Lx, NnzU, Up, Ui, Ux, P, Q, H);
}

cusolverStatus_t cusolverRfResetValues(int N, int NnzA, int *Ap, int *Ai, double *Ax, int *P,
                                       int *Q, cusolverRfHandle_t H) {
  const double *Vals[1] = {Ax};
  try {
    return resetValues(H, 1, N, NnzA, Ap, Ai, Vals, P, Q);
  } catch (const std::bad_alloc &) {
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
}

cusolverStatus_t cusolverRfAnalyze(cusolverRfHandle_t H) {
  CHECK_HANDLE(H);
  if (!H->SetUp)
    return CUSOLVER_STATUS_INVALID_VALUE;
  // The pattern (with its fill) was settled at setup.
  H->Analyzed = true;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfRefactor(cusolverRfHandle_t H) {
  CHECK_HANDLE(H);
  if (!H->Analyzed || H->Mx.size() != 1)
    return CUSOLVER_STATUS_INVALID_VALUE;
  try {
    H->ZeroPivots[0] = refactorOne(H, H->Bv[0], H->Mx[0]);
    H->refreshDevice();
  } catch (const std::bad_alloc &) {
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
  return H->ZeroPivots[0] < 0 ? CUSOLVER_STATUS_SUCCESS : CUSOLVER_STATUS_ZERO_PIVOT;
}

cusolverStatus_t cusolverRfAccessBundledFactorsDevice(cusolverRfHandle_t H, int *NnzM, int **Mp,
                                                      int **Mi, double **Mx) {
  CHECK_HANDLE(H);
  if (!NnzM || !Mp || !Mi || !Mx || !H->SetUp)
    return CUSOLVER_STATUS_INVALID_VALUE;
  if (!H->DevMx) {
    if (cudaMalloc(reinterpret_cast<void **>(&H->DevMp), H->Mp.size() * sizeof(int)) != cudaSuccess ||
        cudaMalloc(reinterpret_cast<void **>(&H->DevMi), std::max<size_t>(1, H->Mi.size()) * sizeof(int)) != cudaSuccess ||
        cudaMalloc(reinterpret_cast<void **>(&H->DevMx), std::max<size_t>(1, H->Mi.size()) * sizeof(double)) != cudaSuccess) {
      H->freeDevice();
      return CUSOLVER_STATUS_ALLOC_FAILED;
    }
    cudaMemcpy(H->DevMp, H->Mp.data(), H->Mp.size() * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(H->DevMi, H->Mi.data(), H->Mi.size() * sizeof(int), cudaMemcpyHostToDevice);
    H->refreshDevice();
  }
  *NnzM = int(H->Mi.size());
  *Mp = H->DevMp;
  *Mi = H->DevMi;
  *Mx = H->DevMx;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfExtractBundledFactorsHost(cusolverRfHandle_t H, int *NnzM, int **Mp,
                                                     int **Mi, double **Mx) {
  CHECK_HANDLE(H);
  if (!NnzM || !Mp || !Mi || !Mx || !H->SetUp)
    return CUSOLVER_STATUS_INVALID_VALUE;
  int *P = hostCopy(H->Mp), *I = hostCopy(H->Mi);
  double *X = hostCopy(H->Mx[0]);
  if (!P || !I || !X) {
    std::free(P);
    std::free(I);
    std::free(X);
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
  *NnzM = int(H->Mi.size());
  *Mp = P;
  *Mi = I;
  *Mx = X;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfExtractSplitFactorsHost(cusolverRfHandle_t H, int *NnzL, int **Lp,
                                                   int **Li, double **Lx, int *NnzU, int **Up,
                                                   int **Ui, double **Ux) {
  CHECK_HANDLE(H);
  if (!NnzL || !Lp || !Li || !Lx || !NnzU || !Up || !Ui || !Ux || !H->SetUp)
    return CUSOLVER_STATUS_INVALID_VALUE;
  // L with its unit diagonal stored (the handle's default format), U.
  const int N = H->N;
  std::vector<int> LP(size_t(N) + 1, 0), LI, UP(size_t(N) + 1, 0), UI;
  std::vector<double> LX, UX;
  const std::vector<double> &M = H->Mx[0];
  for (int I = 0; I < N; ++I) {
    for (int K = H->Mp[size_t(I)]; K < H->DiagPos[size_t(I)]; ++K) {
      LI.push_back(H->Mi[size_t(K)]);
      LX.push_back(M[size_t(K)]);
    }
    LI.push_back(I);
    LX.push_back(1.0);
    LP[size_t(I) + 1] = int(LI.size());
    for (int K = H->DiagPos[size_t(I)]; K < H->Mp[size_t(I) + 1]; ++K) {
      UI.push_back(H->Mi[size_t(K)]);
      UX.push_back(M[size_t(K)]);
    }
    UP[size_t(I) + 1] = int(UI.size());
  }
  int *Lp2 = hostCopy(LP), *Li2 = hostCopy(LI), *Up2 = hostCopy(UP), *Ui2 = hostCopy(UI);
  double *Lx2 = hostCopy(LX), *Ux2 = hostCopy(UX);
  if (!Lp2 || !Li2 || !Up2 || !Ui2 || !Lx2 || !Ux2) {
    for (void *P : {(void *)Lp2, (void *)Li2, (void *)Up2, (void *)Ui2, (void *)Lx2, (void *)Ux2})
      std::free(P);
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
  *NnzL = int(LI.size());
  *Lp = Lp2;
  *Li = Li2;
  *Lx = Lx2;
  *NnzU = int(UI.size());
  *Up = Up2;
  *Ui = Ui2;
  *Ux = Ux2;
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfSolve(cusolverRfHandle_t H, int *P, int *Q, int Nrhs, double *Temp,
                                 int Ldt, double *XF, int Ldxf) {
  double *const Cols[1] = {XF};
  return solve(H, 1, P, Q, Nrhs, Temp, Ldt, Cols, Ldxf);
}

// ---- Batched ----

cusolverStatus_t cusolverRfBatchSetupHost(int Batch, int N, int NnzA, int *Ap, int *Ai,
                                          double *AVals[], int NnzL, int *Lp, int *Li,
                                          double *Lx, int NnzU, int *Up, int *Ui, double *Ux,
                                          int *P, int *Q, cusolverRfHandle_t H) {
  CHECK_HANDLE(H);
  if (Batch < 1)
    return CUSOLVER_STATUS_INVALID_VALUE;
  try {
    return setup(H, Batch, N, NnzA, Ap, Ai, AVals, NnzL, Lp, Li, Lx, NnzU, Up, Ui, Ux, P, Q);
  } catch (const std::bad_alloc &) {
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
}

cusolverStatus_t cusolverRfBatchResetValues(int Batch, int N, int NnzA, int *Ap, int *Ai,
                                            double *AVals[], int *P, int *Q,
                                            cusolverRfHandle_t H) {
  try {
    return resetValues(H, Batch, N, NnzA, Ap, Ai, AVals, P, Q);
  } catch (const std::bad_alloc &) {
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
}

cusolverStatus_t cusolverRfBatchAnalyze(cusolverRfHandle_t H) { return cusolverRfAnalyze(H); }

cusolverStatus_t cusolverRfBatchRefactor(cusolverRfHandle_t H) {
  CHECK_HANDLE(H);
  if (!H->Analyzed)
    return CUSOLVER_STATUS_INVALID_VALUE;
  // Each matrix's zero pivot is kept for cusolverRfBatchZeroPivot.
  try {
    for (size_t B = 0; B < H->Mx.size(); ++B)
      H->ZeroPivots[B] = refactorOne(H, H->Bv[B], H->Mx[B]);
    H->refreshDevice();
  } catch (const std::bad_alloc &) {
    return CUSOLVER_STATUS_ALLOC_FAILED;
  }
  return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfBatchSolve(cusolverRfHandle_t H, int *P, int *Q, int Nrhs,
                                      double *Temp, int Ldt, double *XF[], int Ldxf) {
  return solve(H, H ? int(H->Mx.size()) : 0, P, Q, Nrhs, Temp, Ldt, XF, Ldxf);
}

cusolverStatus_t cusolverRfBatchZeroPivot(cusolverRfHandle_t H, int *Position) {
  CHECK_HANDLE(H);
  if (!Position || !H->SetUp)
    return CUSOLVER_STATUS_INVALID_VALUE;
  bool Any = false;
  for (size_t B = 0; B < H->ZeroPivots.size(); ++B) {
    Position[B] = H->ZeroPivots[B];
    Any |= H->ZeroPivots[B] >= 0;
  }
  return Any ? CUSOLVER_STATUS_ZERO_PIVOT : CUSOLVER_STATUS_SUCCESS;
}

} // extern "C"

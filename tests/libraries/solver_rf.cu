// cuSOLVER's refactorization library (cusolverRf.h) against plain CPU
// references: the first LU from cusolverSp's csrluFactorHost (P, Q, L with
// an implicit unit diagonal, U), then setup, analyze, new values of A with
// the same pattern (written by a kernel that waits for the host: the reset
// must wait for it), refactor and solve equal to a fresh dense solve, for
// one and two right-hand sides; the bundled and split factors rebuilt to
// P*A*Q^T; a zero pivot (CUSOLVER_STATUS_ZERO_PIVOT) and its boost (the
// report); the batched forms with one failing matrix; the handle's
// settings and bad arguments.
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcusolver -lcusparse && %t | FileCheck %s
// CHECK: solver_rf: OK
#include <cusolverRf.h>
#include <cusolverSp.h>
#include <cusolverSp_LOWLEVEL_PREVIEW.h>

#define SPARSE_TEST_SEED 4242u
#include "Inputs/sparse_test.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <thread>

#undef CHECK_OK
#define CHECK_OK(Expr) CHECK((Expr) == CUSOLVER_STATUS_SUCCESS)

static const int N = 50;

struct Csr {
  std::vector<int> Ptr, Ind;
  std::vector<double> Val;
  int nnz() const { return int(Ind.size()); }
};

/// A random nonsymmetric pattern with a diagonal, rows with weak diagonals
/// so that the first LU pivots.
static Csr randomCsr() {
  Csr A;
  A.Ptr.push_back(0);
  for (int I = 0; I < N; ++I) {
    for (int J = 0; J < N; ++J)
      if (I == J || std::abs(rnd()) < 0.08) {
        A.Ind.push_back(J);
        A.Val.push_back(I == J ? (I % 4 == 1 ? 1e-3 : 4.0 + rnd()) : rnd());
      }
    A.Ptr.push_back(int(A.Ind.size()));
  }
  return A;
}

static std::vector<double> dense(const Csr &A) {
  std::vector<double> D(size_t(N) * N);
  for (int I = 0; I < N; ++I)
    for (int K = A.Ptr[size_t(I)]; K < A.Ptr[size_t(I) + 1]; ++K)
      D[size_t(I) * N + A.Ind[size_t(K)]] = A.Val[size_t(K)];
  return D;
}

/// x = A \ b by Gaussian elimination with partial pivoting.
static std::vector<double> denseSolve(std::vector<double> D, std::vector<double> B) {
  for (int K = 0; K < N; ++K) {
    int P = K;
    for (int I = K + 1; I < N; ++I)
      if (std::abs(D[size_t(I) * N + K]) > std::abs(D[size_t(P) * N + K]))
        P = I;
    for (int J = 0; J < N; ++J)
      std::swap(D[size_t(K) * N + J], D[size_t(P) * N + J]);
    std::swap(B[size_t(K)], B[size_t(P)]);
    for (int I = K + 1; I < N; ++I) {
      double F = D[size_t(I) * N + K] / D[size_t(K) * N + K];
      for (int J = K; J < N; ++J)
        D[size_t(I) * N + J] -= F * D[size_t(K) * N + J];
      B[size_t(I)] -= F * B[size_t(K)];
    }
  }
  for (int I = N - 1; I >= 0; --I) {
    for (int J = I + 1; J < N; ++J)
      B[size_t(I)] -= D[size_t(I) * N + J] * B[size_t(J)];
    B[size_t(I)] /= D[size_t(I) * N + I];
  }
  return B;
}

static double maxDiff(const std::vector<double> &A, const std::vector<double> &B) {
  double M = 0;
  for (size_t I = 0; I < A.size(); ++I)
    M = std::max(M, std::abs(A[I] - B[I]));
  return M;
}

/// max |L U - P A Q^T| for L (unit diagonal implicit unless stored) and U.
static double rebuildError(const std::vector<int> &Lp, const std::vector<int> &Li,
                           const std::vector<double> &Lx, const std::vector<int> &Up,
                           const std::vector<int> &Ui, const std::vector<double> &Ux,
                           const std::vector<int> &P, const std::vector<int> &Q, const Csr &A) {
  std::vector<double> L(size_t(N) * N), U(size_t(N) * N), Ad = dense(A);
  for (int I = 0; I < N; ++I) {
    L[size_t(I) * N + I] = 1;
    for (int K = Lp[size_t(I)]; K < Lp[size_t(I) + 1]; ++K)
      L[size_t(I) * N + Li[size_t(K)]] = Lx[size_t(K)];
    for (int K = Up[size_t(I)]; K < Up[size_t(I) + 1]; ++K)
      U[size_t(I) * N + Ui[size_t(K)]] = Ux[size_t(K)];
  }
  double E = 0;
  for (int I = 0; I < N; ++I)
    for (int J = 0; J < N; ++J) {
      double S = 0;
      for (int K = 0; K < N; ++K)
        S += L[size_t(I) * N + K] * U[size_t(K) * N + J];
      E = std::max(E, std::abs(S - Ad[size_t(P[size_t(I)]) * N + Q[size_t(J)]]));
    }
  return E;
}

/// The first LU (cusolverSp, host): P*A*Q^T = L*U.
struct FirstLu {
  std::vector<int> P, Q, Lp, Li, Up, Ui;
  std::vector<double> Lx, Ux;
};
static FirstLu firstLu(const Csr &A) {
  cusolverSpHandle_t H;
  CHECK_OK(cusolverSpCreate(&H));
  cusparseMatDescr_t D;
  cusparseCreateMatDescr(&D);
  csrluInfoHost_t Info;
  CHECK_OK(cusolverSpCreateCsrluInfoHost(&Info));
  CHECK_OK(cusolverSpXcsrluAnalysisHost(H, N, A.nnz(), D, A.Ptr.data(), A.Ind.data(), Info));
  CHECK_OK(cusolverSpDcsrluFactorHost(H, N, A.nnz(), D, A.Val.data(), A.Ptr.data(), A.Ind.data(), Info,
                                      1.0, nullptr));
  int NnzL = 0, NnzU = 0;
  CHECK_OK(cusolverSpXcsrluNnzHost(H, &NnzL, &NnzU, Info));
  FirstLu F;
  F.P.resize(N);
  F.Q.resize(N);
  F.Lp.resize(N + 1);
  F.Up.resize(N + 1);
  F.Li.resize(size_t(NnzL));
  F.Lx.resize(size_t(NnzL));
  F.Ui.resize(size_t(NnzU));
  F.Ux.resize(size_t(NnzU));
  CHECK_OK(cusolverSpDcsrluExtractHost(H, F.P.data(), F.Q.data(), D, F.Lx.data(), F.Lp.data(), F.Li.data(), D,
                                       F.Ux.data(), F.Up.data(), F.Ui.data(), Info, nullptr));
  CHECK_OK(cusolverSpDestroyCsrluInfoHost(Info));
  cusparseDestroyMatDescr(D);
  CHECK_OK(cusolverSpDestroy(H));
  return F;
}

static cusolverStatus_t setupHost(cusolverRfHandle_t H, Csr &A, FirstLu &F) {
  return cusolverRfSetupHost(N, A.nnz(), A.Ptr.data(), A.Ind.data(), A.Val.data(), int(F.Li.size()),
                             F.Lp.data(), F.Li.data(), F.Lx.data(), int(F.Ui.size()), F.Up.data(),
                             F.Ui.data(), F.Ux.data(), F.P.data(), F.Q.data(), H);
}

__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}
__global__ void copyVals(double *Dst, const double *Src, int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    Dst[I] = Src[I];
}

/// A with the same pattern and other values.
static Csr perturbed(const Csr &A) {
  Csr B = A;
  for (double &V : B.Val)
    V *= 1.0 + 0.3 * rnd();
  return B;
}

static void testRefactor() {
  Csr A = randomCsr();
  FirstLu F = firstLu(A);
  CHECK(rebuildError(F.Lp, F.Li, F.Lx, F.Up, F.Ui, F.Ux, F.P, F.Q, A) < 1e-12, "first LU");
  cusolverRfHandle_t H;
  CHECK_OK(cusolverRfCreate(&H));
  // Defaults.
  cusolverRfMatrixFormat_t Fmt;
  cusolverRfUnitDiagonal_t Dg;
  cusolverRfFactorization_t Fa;
  cusolverRfTriangularSolve_t Sa;
  cusolverRfResetValuesFastMode_t Fm;
  cusolverRfNumericBoostReport_t Rep;
  double Zero = -1, Boost = -1;
  CHECK_OK(cusolverRfGetMatrixFormat(H, &Fmt, &Dg));
  CHECK_OK(cusolverRfGetAlgs(H, &Fa, &Sa));
  CHECK_OK(cusolverRfGetResetValuesFastMode(H, &Fm));
  CHECK_OK(cusolverRfGetNumericProperties(H, &Zero, &Boost));
  CHECK_OK(cusolverRfGetNumericBoostReport(H, &Rep));
  CHECK(Fmt == CUSOLVERRF_MATRIX_FORMAT_CSR && Dg == CUSOLVERRF_UNIT_DIAGONAL_STORED_L &&
            Fa == CUSOLVERRF_FACTORIZATION_ALG0 && Sa == CUSOLVERRF_TRIANGULAR_SOLVE_ALG1 &&
            Fm == CUSOLVERRF_RESET_VALUES_FAST_MODE_OFF && Zero == 0 && Boost == 0 &&
            Rep == CUSOLVERRF_NUMERIC_BOOST_NOT_USED,
        "defaults");
  CHECK_OK(cusolverRfSetMatrixFormat(H, CUSOLVERRF_MATRIX_FORMAT_CSR, CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L));
  CHECK_OK(cusolverRfSetAlgs(H, CUSOLVERRF_FACTORIZATION_ALG2, CUSOLVERRF_TRIANGULAR_SOLVE_ALG2));
  CHECK_OK(cusolverRfSetResetValuesFastMode(H, CUSOLVERRF_RESET_VALUES_FAST_MODE_ON));
  CHECK_OK(cusolverRfGetAlgs(H, &Fa, &Sa));
  CHECK(Fa == CUSOLVERRF_FACTORIZATION_ALG2 && Sa == CUSOLVERRF_TRIANGULAR_SOLVE_ALG2);
  CHECK(cusolverRfRefactor(H) == CUSOLVER_STATUS_INVALID_VALUE); // nothing set up

  CHECK_OK(setupHost(H, A, F));
  CHECK_OK(cusolverRfAnalyze(H));
  int *DPtr = dev(A.Ptr), *DInd = dev(A.Ind), *DP = dev(F.P), *DQ = dev(F.Q);
  double *DVal = dev(A.Val);
  CHECK_OK(cusolverRfResetValues(N, A.nnz(), DPtr, DInd, DVal, DP, DQ, H));
  CHECK_OK(cusolverRfRefactor(H));
  std::vector<double> B(N);
  for (double &V : B)
    V = rnd();
  double *DX = dev(B), *DT = dev(std::vector<double>(size_t(N) * 2));
  CHECK_OK(cusolverRfSolve(H, DP, DQ, 1, DT, N, DX, N));
  double E = maxDiff(host(DX, N), denseSolve(dense(A), B));
  CHECK(E < 1e-10, "refactor of A: |x - A\\b| = %g", E);

  // New values, written by a kernel that waits for the host; the reset
  // must wait for the device to see them.
  Csr A2 = perturbed(A);
  double *DSrc = dev(A2.Val);
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  int *Open;
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  copyVals<<<(A.nnz() + 127) / 128, 128, 0, S>>>(DVal, DSrc, A.nnz());
  std::thread Opener([Open] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  });
  CHECK_OK(cusolverRfResetValues(N, A.nnz(), DPtr, DInd, DVal, DP, DQ, H));
  Opener.join();
  CHECK_OK(cusolverRfRefactor(H));
  // Two right-hand sides (b, 2b - 1).
  std::vector<double> B2(size_t(N) * 2);
  for (int I = 0; I < N; ++I) {
    B2[size_t(I)] = B[size_t(I)];
    B2[size_t(N + I)] = 2 * B[size_t(I)] - 1;
  }
  double *DX2 = dev(B2);
  CHECK_OK(cusolverRfSolve(H, DP, DQ, 2, DT, N, DX2, N));
  std::vector<double> X2 = host(DX2, size_t(N) * 2), Ref0 = denseSolve(dense(A2), B),
                      Ref1 = denseSolve(dense(A2), std::vector<double>(B2.begin() + N, B2.end()));
  E = std::max(maxDiff(std::vector<double>(X2.begin(), X2.begin() + N), Ref0),
               maxDiff(std::vector<double>(X2.begin() + N, X2.end()), Ref1));
  CHECK(E < 1e-10, "refactor after new values: |x - A2\\b| = %g", E);

  // The factors: bundled (M = L + U - I) and split (L's unit diagonal stored).
  int NnzM = 0, *Mp = nullptr, *Mi = nullptr;
  double *Mx = nullptr;
  CHECK_OK(cusolverRfExtractBundledFactorsHost(H, &NnzM, &Mp, &Mi, &Mx));
  std::vector<int> MP(Mp, Mp + N + 1), MI(Mi, Mi + NnzM), LP(N + 1), UP(N + 1), LI, UI;
  std::vector<double> MX(Mx, Mx + NnzM), LX, UX;
  std::free(Mp);
  std::free(Mi);
  std::free(Mx);
  for (int I = 0; I < N; ++I) {
    for (int K = MP[size_t(I)]; K < MP[size_t(I) + 1]; ++K)
      if (MI[size_t(K)] < I) {
        LI.push_back(MI[size_t(K)]);
        LX.push_back(MX[size_t(K)]);
      } else {
        UI.push_back(MI[size_t(K)]);
        UX.push_back(MX[size_t(K)]);
      }
    LP[size_t(I) + 1] = int(LI.size());
    UP[size_t(I) + 1] = int(UI.size());
  }
  E = rebuildError(LP, LI, LX, UP, UI, UX, F.P, F.Q, A2);
  CHECK(E < 1e-10, "bundled factors: |L U - P A2 Q^T| = %g", E);
  int NnzL, NnzU, *Lp, *Li, *Up, *Ui;
  double *Lx, *Ux;
  CHECK_OK(cusolverRfExtractSplitFactorsHost(H, &NnzL, &Lp, &Li, &Lx, &NnzU, &Up, &Ui, &Ux));
  CHECK(NnzL + NnzU == NnzM + N, "split: L stores its unit diagonal");
  E = rebuildError(std::vector<int>(Lp, Lp + N + 1), std::vector<int>(Li, Li + NnzL),
                   std::vector<double>(Lx, Lx + NnzL), std::vector<int>(Up, Up + N + 1),
                   std::vector<int>(Ui, Ui + NnzU), std::vector<double>(Ux, Ux + NnzU), F.P, F.Q, A2);
  CHECK(E < 1e-10, "split factors: %g", E);
  for (void *P : {(void *)Lp, (void *)Li, (void *)Lx, (void *)Up, (void *)Ui, (void *)Ux})
    std::free(P);
  int DNnz = 0, *DMp = nullptr, *DMi = nullptr;
  double *DMx = nullptr;
  CHECK_OK(cusolverRfAccessBundledFactorsDevice(H, &DNnz, &DMp, &DMi, &DMx));
  CHECK(DNnz == NnzM && DMp && DMi && DMx && host(DMx, size_t(DNnz)) == MX, "device bundled factors");

  // A zero pivot: B(0,0) = A(P[0], Q[0]) = 0, no other change.
  Csr A3 = A;
  for (int K = A3.Ptr[size_t(F.P[0])]; K < A3.Ptr[size_t(F.P[0]) + 1]; ++K)
    if (A3.Ind[size_t(K)] == F.Q[0])
      A3.Val[size_t(K)] = 0;
  CHECK_CUDA(cudaMemcpy(DVal, A3.Val.data(), sizeof(double) * A3.Val.size(), cudaMemcpyHostToDevice));
  CHECK_OK(cusolverRfResetValues(N, A.nnz(), DPtr, DInd, DVal, DP, DQ, H));
  CHECK(cusolverRfRefactor(H) == CUSOLVER_STATUS_ZERO_PIVOT);
  CHECK_OK(cusolverRfGetNumericBoostReport(H, &Rep));
  CHECK(Rep == CUSOLVERRF_NUMERIC_BOOST_NOT_USED);
  CHECK_OK(cusolverRfSetNumericProperties(H, 1e-14, 1e-3));
  CHECK_OK(cusolverRfRefactor(H));
  CHECK_OK(cusolverRfGetNumericBoostReport(H, &Rep));
  CHECK(Rep == CUSOLVERRF_NUMERIC_BOOST_USED);
  CHECK_OK(cusolverRfExtractBundledFactorsHost(H, &NnzM, &Mp, &Mi, &Mx));
  CHECK(Mi[0] == 0 && Mx[0] == 1e-3, "boosted pivot M(0,0) = %g", Mx[0]);
  std::free(Mp);
  std::free(Mi);
  std::free(Mx);

  // Bad arguments.
  CHECK(cusolverRfSolve(H, DP, DQ, 1, DT, N - 1, DX, N) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverRfSolve(H, DP, DQ, 1, DT, N, DX, N - 1) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverRfSolve(H, DP, DQ, 0, DT, N, DX, N) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverRfSolve(nullptr, DP, DQ, 1, DT, N, DX, N) == CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(cusolverRfResetValues(N, A.nnz(), DPtr, DInd, DVal, DP, DQ, nullptr) == CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(cusolverRfResetValues(N + 1, A.nnz(), DPtr, DInd, DVal, DP, DQ, H) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverRfRefactor(nullptr) == CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(cusolverRfAnalyze(nullptr) == CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(cusolverRfCreate(nullptr) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverRfDestroy(nullptr) == CUSOLVER_STATUS_NOT_INITIALIZED);
  CHECK(cusolverRfSetMatrixFormat(H, cusolverRfMatrixFormat_t(2), CUSOLVERRF_UNIT_DIAGONAL_STORED_L) ==
        CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverRfSetAlgs(H, cusolverRfFactorization_t(3), CUSOLVERRF_TRIANGULAR_SOLVE_ALG1) ==
        CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverRfSetResetValuesFastMode(H, cusolverRfResetValuesFastMode_t(2)) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK(cusolverRfGetNumericProperties(H, nullptr, &Boost) == CUSOLVER_STATUS_INVALID_VALUE);
  std::vector<int> BadP = F.P;
  BadP[1] = BadP[0];
  CHECK(cusolverRfSetupHost(N, A.nnz(), A.Ptr.data(), A.Ind.data(), A.Val.data(), int(F.Li.size()), F.Lp.data(),
                            F.Li.data(), F.Lx.data(), int(F.Ui.size()), F.Up.data(), F.Ui.data(), F.Ux.data(),
                            BadP.data(), F.Q.data(), H) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK_OK(cusolverRfSetMatrixFormat(H, CUSOLVERRF_MATRIX_FORMAT_CSR, CUSOLVERRF_UNIT_DIAGONAL_STORED_U));
  CHECK(setupHost(H, A, F) == CUSOLVER_STATUS_NOT_SUPPORTED);
  CHECK_OK(cusolverRfDestroy(H));

  for (void *P : {(void *)DPtr, (void *)DInd, (void *)DP, (void *)DQ, (void *)DVal, (void *)DX, (void *)DT,
                  (void *)DSrc, (void *)DX2})
    cudaFree(P);
  cudaFreeHost(Open);
  CHECK_CUDA(cudaStreamDestroy(S));
}

static void testBatch() {
  Csr A = randomCsr();
  FirstLu F = firstLu(A);
  Csr As[3] = {A, perturbed(A), A};
  // The third: a zero pivot at row 0.
  for (int K = A.Ptr[size_t(F.P[0])]; K < A.Ptr[size_t(F.P[0]) + 1]; ++K)
    if (A.Ind[size_t(K)] == F.Q[0])
      As[2].Val[size_t(K)] = 0;
  double *HVals[3] = {As[0].Val.data(), As[0].Val.data(), As[0].Val.data()};
  cusolverRfHandle_t H;
  CHECK_OK(cusolverRfCreate(&H));
  CHECK_OK(cusolverRfSetMatrixFormat(H, CUSOLVERRF_MATRIX_FORMAT_CSR, CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L));
  CHECK(cusolverRfBatchSetupHost(0, N, A.nnz(), A.Ptr.data(), A.Ind.data(), HVals, int(F.Li.size()), F.Lp.data(),
                                 F.Li.data(), F.Lx.data(), int(F.Ui.size()), F.Up.data(), F.Ui.data(), F.Ux.data(),
                                 F.P.data(), F.Q.data(), H) == CUSOLVER_STATUS_INVALID_VALUE);
  CHECK_OK(cusolverRfBatchSetupHost(3, N, A.nnz(), A.Ptr.data(), A.Ind.data(), HVals, int(F.Li.size()),
                                    F.Lp.data(), F.Li.data(), F.Lx.data(), int(F.Ui.size()), F.Up.data(),
                                    F.Ui.data(), F.Ux.data(), F.P.data(), F.Q.data(), H));
  CHECK_OK(cusolverRfBatchAnalyze(H));
  int *DPtr = dev(A.Ptr), *DInd = dev(A.Ind), *DP = dev(F.P), *DQ = dev(F.Q);
  std::vector<double *> DVals;
  for (Csr &M : As)
    DVals.push_back(dev(M.Val));
  double **DValArr = dev(DVals);
  CHECK_OK(cusolverRfBatchResetValues(3, N, A.nnz(), DPtr, DInd, DValArr, DP, DQ, H));
  CHECK_OK(cusolverRfBatchRefactor(H));
  int Pos[3] = {7, 7, 7};
  CHECK(cusolverRfBatchZeroPivot(H, Pos) == CUSOLVER_STATUS_ZERO_PIVOT);
  CHECK(Pos[0] == -1 && Pos[1] == -1 && Pos[2] == 0, "batch zero pivots %d %d %d", Pos[0], Pos[1], Pos[2]);
  std::vector<double> B(N);
  for (double &V : B)
    V = rnd();
  std::vector<double *> DX;
  for (int K = 0; K < 3; ++K)
    DX.push_back(dev(B));
  double **DXArr = dev(DX), *DT = dev(std::vector<double>(size_t(N)));
  CHECK_OK(cusolverRfBatchSolve(H, DP, DQ, 1, DT, N, DXArr, N));
  for (int K = 0; K < 2; ++K) {
    double E = maxDiff(host(DX[size_t(K)], N), denseSolve(dense(As[K]), B));
    CHECK(E < 1e-10, "batch member %d: %g", K, E);
  }
  CHECK_OK(cusolverRfDestroy(H));
  for (int K = 0; K < 3; ++K) {
    cudaFree(DVals[size_t(K)]);
    cudaFree(DX[size_t(K)]);
  }
  for (void *P : {(void *)DPtr, (void *)DInd, (void *)DP, (void *)DQ, (void *)DValArr, (void *)DXArr, (void *)DT})
    cudaFree(P);
}

int main() {
  CHECK(CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_U == 3 && CUSOLVERRF_TRIANGULAR_SOLVE_ALG3 == 3 &&
        CUSOLVERRF_FACTORIZATION_ALG2 == 2 && CUSOLVERRF_MATRIX_FORMAT_CSC == 1 &&
        CUSOLVERRF_RESET_VALUES_FAST_MODE_ON == 1 && CUSOLVERRF_NUMERIC_BOOST_USED == 1);
  testRefactor();
  testBatch();
  return finish("solver_rf");
}

// cuSPARSE SpSV and csrilu02 (what conjugateGradientPrecond uses): SpSV's
// solution checked by multiplying it back with the triangle the fill mode
// names (lower/upper, unit/non-unit diagonal, entries of the other triangle
// ignored) for op N, T and C, the four value types, 32- and 64-bit indices,
// index base 0 and 1, both pointer modes; ILU(0) checked by L U equalling A
// on A's pattern for S/D/C/Z and both bases; zero pivots (a missing and a
// zero diagonal) reported by cusparseXcsrilu02_zeroPivot (host and device
// pointer mode); the status codes of bad arguments; SpSV in stream order
// behind a kernel; a large solve on level-scheduled threads giving the
// substitution's bits.
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcusparse && %t | FileCheck %s
// CHECK: sparse_spsv_ilu: OK
#include <cusparse.h>
#include <cuda_runtime.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#define SPARSE_TEST_SEED 99
#define SPARSE_TEST_DOUBLE_TOL 1e-11
#include "Inputs/sparse_test.h"

/// A random N x N CSR pattern with sorted columns and a full diagonal
/// (\p MissingDiag: that row's diagonal left out), as dense values (0: no
/// entry) with a dominant diagonal.
static std::vector<Cx> randomDense(int N, double Density, int MissingDiag = -1) {
  std::vector<Cx> A(size_t(N) * N, 0);
  for (int R = 0; R < N; ++R)
    for (int C = 0; C < N; ++C)
      if (R == C ? R != MissingDiag : (rnd() + 1) / 2 < Density)
        A[size_t(R) * N + C] = R == C ? Cx(4 + rnd(), rnd()) : Cx(rnd(), rnd());
  return A;
}

template <class V, class I> struct Csr {
  std::vector<I> Off, Ind;
  std::vector<V> Val;
  Csr(const std::vector<Cx> &A, int N, int Base) {
    Off.push_back(I(Base));
    for (int R = 0; R < N; ++R) {
      for (int C = 0; C < N; ++C)
        if (A[size_t(R) * N + C] != Cx(0)) {
          Ind.push_back(I(C + Base));
          Val.push_back(Ty<V>::make(A[size_t(R) * N + C]));
        }
      Off.push_back(I(Ind.size() + Base));
    }
  }
};

template <class V, class I>
void checkSpSV(cusparseHandle_t H, int N, cusparseOperation_t Op, bool Lower, bool Unit, int Base,
               bool DeviceAlpha) {
  std::vector<Cx> A = randomDense(N, 0.3);
  Csr<V, I> M(A, N, Base);
  // The triangle that is solved, as stored (in V's precision).
  auto tri = [&](int R, int C) -> Cx {
    if (R == C)
      return Unit ? Cx(1) : toC(Ty<V>::make(A[size_t(R) * N + C]));
    if (Lower ? C < R : C > R)
      return toC(Ty<V>::make(A[size_t(R) * N + C]));
    return 0;
  };
  std::vector<V> X(N);
  for (V &Xi : X)
    Xi = Ty<V>::make(Cx(rnd(), rnd()));
  const V Alpha = Ty<V>::make(Cx(0.75, 0.5));
  I *DOff = dev(M.Off), *DInd = dev(M.Ind);
  V *DVal = dev(M.Val), *DX = dev(X), *DY = dev(std::vector<V>(N, Ty<V>::make(Cx(NAN, NAN))));
  V *DAlpha = dev(std::vector<V>{Alpha});
  const cusparseIndexType_t IT = sizeof(I) == 4 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
  cusparseSpMatDescr_t MA;
  CHECK_OK(cusparseCreateCsr(&MA, N, N, (int64_t)M.Ind.size(), DOff, DInd, DVal, IT, IT,
                             Base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO,
                             Ty<V>::Id));
  cusparseFillMode_t Fill = Lower ? CUSPARSE_FILL_MODE_LOWER : CUSPARSE_FILL_MODE_UPPER;
  cusparseDiagType_t Diag = Unit ? CUSPARSE_DIAG_TYPE_UNIT : CUSPARSE_DIAG_TYPE_NON_UNIT;
  CHECK_OK(cusparseSpMatSetAttribute(MA, CUSPARSE_SPMAT_FILL_MODE, &Fill, sizeof(Fill)));
  CHECK_OK(cusparseSpMatSetAttribute(MA, CUSPARSE_SPMAT_DIAG_TYPE, &Diag, sizeof(Diag)));
  cusparseDnVecDescr_t VX, VY;
  CHECK_OK(cusparseCreateDnVec(&VX, N, DX, Ty<V>::Id));
  CHECK_OK(cusparseCreateDnVec(&VY, N, DY, Ty<V>::Id));
  cusparseSpSVDescr_t SV;
  CHECK_OK(cusparseSpSV_createDescr(&SV));
  CHECK_OK(cusparseSetPointerMode(H, DeviceAlpha ? CUSPARSE_POINTER_MODE_DEVICE
                                                 : CUSPARSE_POINTER_MODE_HOST));
  const void *PA = DeviceAlpha ? (const void *)DAlpha : (const void *)&Alpha;
  size_t Size = 77;
  CHECK_OK(cusparseSpSV_bufferSize(H, Op, PA, MA, VX, VY, Ty<V>::Id, CUSPARSE_SPSV_ALG_DEFAULT,
                                   SV, &Size));
  CHECK(Size != 77);
  void *Buf;
  CHECK_CUDA(cudaMalloc(&Buf, Size + 1));
  CHECK_OK(cusparseSpSV_analysis(H, Op, PA, MA, VX, VY, Ty<V>::Id, CUSPARSE_SPSV_ALG_DEFAULT, SV,
                                 Buf));
  CHECK_OK(cusparseSpSV_solve(H, Op, PA, MA, VX, VY, Ty<V>::Id, CUSPARSE_SPSV_ALG_DEFAULT, SV));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<V> Y = host(DY, N);
  // op(T) y == alpha x.
  int Bad = 0;
  for (int R = 0; R < N; ++R) {
    Cx S = 0;
    double Scale = 1;
    for (int C = 0; C < N; ++C) {
      Cx T = Op == CUSPARSE_OPERATION_NON_TRANSPOSE ? tri(R, C) : tri(C, R);
      if (Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
        T = std::conj(T);
      S += T * toC(Y[C]);
      Scale += std::abs(T * toC(Y[C]));
    }
    Cx Want = toC(Alpha) * toC(X[R]);
    if (!(std::abs(S - Want) <= Ty<V>::Tol * Scale) && Bad++ < 3)
      CHECK(false, "SpSV n %d op %d %s %s base %d idx %zu type %d %s: row %d gives (%g, %g), want (%g, %g)",
            N, (int)Op, Lower ? "lower" : "upper", Unit ? "unit" : "non-unit", Base,
            sizeof(I) * 8, (int)Ty<V>::Id, DeviceAlpha ? "device" : "host", R, S.real(),
            S.imag(), Want.real(), Want.imag());
  }
  CHECK_OK(cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_HOST));
  CHECK_OK(cusparseSpSV_destroyDescr(SV));
  CHECK_OK(cusparseDestroySpMat(MA));
  CHECK_OK(cusparseDestroyDnVec(VX));
  CHECK_OK(cusparseDestroyDnVec(VY));
  for (void *P : {(void *)DOff, (void *)DInd, (void *)DVal, (void *)DX, (void *)DY,
                  (void *)DAlpha, Buf})
    CHECK_CUDA(cudaFree(P));
}

template <class V> void spsvTypes(cusparseHandle_t H) {
  int Case = 0;
  for (cusparseOperation_t Op : {CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE,
                                 CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE})
    for (bool Lower : {true, false})
      for (bool Unit : {true, false})
        for (int Base : {0, 1}) {
          ++Case;
          if (Case % 2)
            checkSpSV<V, int32_t>(H, 23, Op, Lower, Unit, Base, Case % 3 == 0);
          else
            checkSpSV<V, int64_t>(H, 23, Op, Lower, Unit, Base, Case % 3 == 0);
        }
}

template <class V> struct Ilu;
template <> struct Ilu<float> {
  using T = float;
  static constexpr auto Buf = cusparseScsrilu02_bufferSize;
  static constexpr auto Ana = cusparseScsrilu02_analysis;
  static constexpr auto Run = cusparseScsrilu02;
};
template <> struct Ilu<double> {
  using T = double;
  static constexpr auto Buf = cusparseDcsrilu02_bufferSize;
  static constexpr auto Ana = cusparseDcsrilu02_analysis;
  static constexpr auto Run = cusparseDcsrilu02;
};
template <> struct Ilu<cf> {
  using T = cuComplex;
  static constexpr auto Buf = cusparseCcsrilu02_bufferSize;
  static constexpr auto Ana = cusparseCcsrilu02_analysis;
  static constexpr auto Run = cusparseCcsrilu02;
};
template <> struct Ilu<cd> {
  using T = cuDoubleComplex;
  static constexpr auto Buf = cusparseZcsrilu02_bufferSize;
  static constexpr auto Ana = cusparseZcsrilu02_analysis;
  static constexpr auto Run = cusparseZcsrilu02;
};

/// Factors \p A in place on the device; returns the factors' values and
/// what cusparseXcsrilu02_zeroPivot says.
template <class V>
std::vector<V> factor(cusparseHandle_t H, const Csr<V, int> &M, int N, int Base,
                      cusparseStatus_t &PivotStatus, int &Position, bool DevicePivot = false) {
  using T = typename Ilu<V>::T;
  int *DOff = dev(M.Off), *DInd = dev(M.Ind);
  V *DVal = dev(M.Val);
  cusparseMatDescr_t D;
  CHECK_OK(cusparseCreateMatDescr(&D));
  CHECK_OK(cusparseSetMatIndexBase(D, Base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO));
  csrilu02Info_t Info;
  CHECK_OK(cusparseCreateCsrilu02Info(&Info));
  int Nnz = (int)M.Ind.size(), Size = -1;
  CHECK_OK(Ilu<V>::Buf(H, N, Nnz, D, (T *)DVal, DOff, DInd, Info, &Size));
  CHECK(Size >= 0);
  void *Buf;
  CHECK_CUDA(cudaMalloc(&Buf, Size + 1));
  CHECK_OK(Ilu<V>::Ana(H, N, Nnz, D, (T *)DVal, DOff, DInd, Info,
                       CUSPARSE_SOLVE_POLICY_USE_LEVEL, Buf));
  CHECK_OK(Ilu<V>::Run(H, N, Nnz, D, (T *)DVal, DOff, DInd, Info,
                       CUSPARSE_SOLVE_POLICY_USE_LEVEL, Buf));
  if (DevicePivot) {
    // Device pointer mode: the position is written in stream order.
    int *DPos = dev(std::vector<int>{-9});
    CHECK_OK(cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_DEVICE));
    PivotStatus = cusparseXcsrilu02_zeroPivot(H, Info, DPos);
    CHECK_OK(cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_HOST));
    Position = host(DPos, 1)[0];
    CHECK_CUDA(cudaFree(DPos));
  } else {
    PivotStatus = cusparseXcsrilu02_zeroPivot(H, Info, &Position);
  }
  std::vector<V> Out = host(DVal, M.Val.size());
  CHECK_OK(cusparseDestroyCsrilu02Info(Info));
  CHECK_OK(cusparseDestroyMatDescr(D));
  for (void *P : {(void *)DOff, (void *)DInd, (void *)DVal, Buf})
    CHECK_CUDA(cudaFree(P));
  return Out;
}

template <class V> void checkIlu(cusparseHandle_t H, int Base) {
  const int N = 30;
  std::vector<Cx> A = randomDense(N, 0.2);
  Csr<V, int> M(A, N, Base);
  cusparseStatus_t St;
  int Pos = -7;
  std::vector<V> F = factor(H, M, N, Base, St, Pos);
  CHECK(St == CUSPARSE_STATUS_SUCCESS && Pos == -1);
  // Dense L (unit diagonal) and U from the factors.
  std::vector<Cx> L(size_t(N) * N, 0), U(size_t(N) * N, 0);
  for (int R = 0; R < N; ++R) {
    L[size_t(R) * N + R] = 1;
    for (int K = M.Off[R] - Base; K < M.Off[R + 1] - Base; ++K) {
      int C = M.Ind[K] - Base;
      (C < R ? L : U)[size_t(R) * N + C] = toC(F[K]);
    }
  }
  int Bad = 0;
  for (int R = 0; R < N; ++R)
    for (int K = M.Off[R] - Base; K < M.Off[R + 1] - Base; ++K) {
      int C = M.Ind[K] - Base;
      Cx S = 0;
      for (int J = 0; J < N; ++J)
        S += L[size_t(R) * N + J] * U[size_t(J) * N + C];
      Cx Want = toC(M.Val[K]);
      if (!(std::abs(S - Want) <= Ty<V>::Tol * 10 * (1 + std::abs(Want))) && Bad++ < 3)
        CHECK(false, "ILU(0) type %d base %d: (LU)(%d,%d) = (%g, %g), A = (%g, %g)",
              (int)Ty<V>::Id, Base, R, C, S.real(), S.imag(), Want.real(), Want.imag());
    }
  // A missing diagonal entry (row 5) is a zero pivot; so is a diagonal that
  // elimination makes zero ([[1 1] [1 1]]: u(1,1) = 0).
  std::vector<Cx> Holes = randomDense(N, 0.2, 5);
  Csr<V, int> MH(Holes, N, Base);
  factor(H, MH, N, Base, St, Pos);
  CHECK(St == CUSPARSE_STATUS_ZERO_PIVOT && Pos == 5 + Base, "status %d position %d", (int)St, Pos);
  Csr<V, int> Ones(std::vector<Cx>(4, Cx(1)), 2, Base);
  factor(H, Ones, 2, Base, St, Pos);
  CHECK(St == CUSPARSE_STATUS_ZERO_PIVOT && Pos == 1 + Base, "status %d position %d", (int)St, Pos);
  factor(H, Ones, 2, Base, St, Pos, true);
  CHECK(St == CUSPARSE_STATUS_SUCCESS && Pos == 1 + Base, "status %d position %d", (int)St, Pos);
  factor(H, M, N, Base, St, Pos, true);
  CHECK(St == CUSPARSE_STATUS_SUCCESS && Pos == -1, "status %d position %d", (int)St, Pos);
}

static void testErrors(cusparseHandle_t H) {
  const cusparseStatus_t Inv = CUSPARSE_STATUS_INVALID_VALUE, NotSup = CUSPARSE_STATUS_NOT_SUPPORTED;
  const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const cusparseSpSVAlg_t Def = CUSPARSE_SPSV_ALG_DEFAULT;
  int Off[4] = {0, 1, 2, 3}, Ind[3] = {0, 1, 2};
  float Val[3] = {1, 2, 3}, X[3] = {1, 1, 1}, Y[3] = {}, One = 1;
  double XD[3] = {};
  cusparseSpMatDescr_t A, Rect, Coo;
  CHECK_OK(cusparseCreateCsr(&A, 3, 3, 3, Off, Ind, Val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_OK(cusparseCreateCsr(&Rect, 3, 4, 3, Off, Ind, Val, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_OK(cusparseCreateCoo(&Coo, 3, 3, 3, Ind, Ind, Val, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  cusparseDnVecDescr_t VX, VY, VXD;
  CHECK_OK(cusparseCreateDnVec(&VX, 3, X, CUDA_R_32F));
  CHECK_OK(cusparseCreateDnVec(&VY, 3, Y, CUDA_R_32F));
  CHECK_OK(cusparseCreateDnVec(&VXD, 3, XD, CUDA_R_64F));
  cusparseSpSVDescr_t SV;
  CHECK_OK(cusparseSpSV_createDescr(&SV));
  CHECK(cusparseSpSV_createDescr(nullptr) == Inv);
  size_t Size;
  CHECK(cusparseSpSV_solve(nullptr, N, &One, A, VX, VY, CUDA_R_32F, Def, SV) ==
        CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseSpSV_bufferSize(H, N, &One, A, VX, VY, CUDA_R_32F, Def, SV, nullptr) == Inv);
  CHECK(cusparseSpSV_solve(H, N, nullptr, A, VX, VY, CUDA_R_32F, Def, SV) == Inv);
  CHECK(cusparseSpSV_solve(H, N, &One, A, VX, VY, CUDA_R_32F, Def, nullptr) == Inv);
  CHECK(cusparseSpSV_solve(H, (cusparseOperation_t)4, &One, A, VX, VY, CUDA_R_32F, Def, SV) == Inv);
  CHECK(cusparseSpSV_solve(H, N, &One, A, VX, VY, CUDA_R_32F, (cusparseSpSVAlg_t)3, SV) == Inv);
  CHECK(cusparseSpSV_solve(H, N, &One, Rect, VX, VY, CUDA_R_32F, Def, SV) == Inv);
  CHECK(cusparseSpSV_solve(H, N, &One, Coo, VX, VY, CUDA_R_32F, Def, SV) == NotSup);
  CHECK(cusparseSpSV_solve(H, N, &One, A, VXD, VY, CUDA_R_32F, Def, SV) == NotSup);
  CHECK(cusparseSpSV_solve(H, N, &One, A, VX, VY, CUDA_R_64F, Def, SV) == NotSup);
  CHECK_OK(cusparseSpSV_bufferSize(H, N, &One, A, VX, VY, CUDA_R_32F, Def, SV, &Size));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK(Y[0] == 0 && Y[1] == 0 && Y[2] == 0);
  CHECK_OK(cusparseSpSV_destroyDescr(SV));
  for (auto *M : {A, Rect, Coo})
    CHECK_OK(cusparseDestroySpMat(M));
  for (auto *V : {VX, VY, VXD})
    CHECK_OK(cusparseDestroyDnVec(V));

  // csrilu02
  cusparseMatDescr_t D;
  CHECK_OK(cusparseCreateMatDescr(&D));
  csrilu02Info_t Info;
  CHECK_OK(cusparseCreateCsrilu02Info(&Info));
  CHECK(cusparseCreateCsrilu02Info(nullptr) == Inv);
  int BufSize, Pos;
  CHECK(cusparseScsrilu02_bufferSize(nullptr, 3, 3, D, Val, Off, Ind, Info, &BufSize) ==
        CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseScsrilu02_bufferSize(H, -1, 3, D, Val, Off, Ind, Info, &BufSize) == Inv);
  CHECK(cusparseScsrilu02_bufferSize(H, 3, -3, D, Val, Off, Ind, Info, &BufSize) == Inv);
  CHECK(cusparseScsrilu02_bufferSize(H, 3, 3, nullptr, Val, Off, Ind, Info, &BufSize) == Inv);
  CHECK(cusparseScsrilu02_bufferSize(H, 3, 3, D, Val, Off, Ind, nullptr, &BufSize) == Inv);
  CHECK(cusparseScsrilu02_bufferSize(H, 3, 3, D, Val, Off, Ind, Info, nullptr) == Inv);
  CHECK(cusparseScsrilu02_analysis(H, 3, 3, D, Val, nullptr, Ind, Info,
                                   CUSPARSE_SOLVE_POLICY_NO_LEVEL, nullptr) == Inv);
  CHECK(cusparseScsrilu02(H, 3, 3, D, Val, Off, Ind, Info, (cusparseSolvePolicy_t)5, nullptr) ==
        Inv);
  CHECK(cusparseXcsrilu02_zeroPivot(nullptr, Info, &Pos) == CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseXcsrilu02_zeroPivot(H, Info, nullptr) == Inv);
  CHECK_OK(cusparseSetMatType(D, CUSPARSE_MATRIX_TYPE_SYMMETRIC));
  CHECK(cusparseScsrilu02(H, 3, 3, D, Val, Off, Ind, Info, CUSPARSE_SOLVE_POLICY_NO_LEVEL,
                          nullptr) == CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED);
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK(Val[0] == 1 && Val[1] == 2 && Val[2] == 3);
  CHECK_OK(cusparseDestroyCsrilu02Info(Info));
  CHECK_OK(cusparseDestroyMatDescr(D));
}

__global__ void fill(float *X, int N, float V) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = V;
}
__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}

/// SpSV runs after the kernel before it in the handle's stream.
static void testStream(cusparseHandle_t H) {
  const int N = 1000;
  // Lower bidiagonal: y[0] = x[0], y[i] = x[i] + y[i-1] (unit diagonal, -1 below).
  std::vector<int> Off{0}, Ind;
  std::vector<float> Val;
  for (int I = 0; I < N; ++I) {
    if (I) {
      Ind.push_back(I - 1);
      Val.push_back(-1);
    }
    Ind.push_back(I);
    Val.push_back(5); // ignored: unit diagonal
    Off.push_back((int)Ind.size());
  }
  int *DOff = dev(Off), *DInd = dev(Ind);
  float *DVal = dev(Val), *DX = dev(std::vector<float>(N, 0)), *DY = dev(std::vector<float>(N, 0));
  cusparseSpMatDescr_t A;
  CHECK_OK(cusparseCreateCsr(&A, N, N, (int64_t)Ind.size(), DOff, DInd, DVal, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  cusparseDiagType_t Unit = CUSPARSE_DIAG_TYPE_UNIT;
  CHECK_OK(cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_DIAG_TYPE, &Unit, sizeof(Unit)));
  cusparseDnVecDescr_t VX, VY;
  CHECK_OK(cusparseCreateDnVec(&VX, N, DX, CUDA_R_32F));
  CHECK_OK(cusparseCreateDnVec(&VY, N, DY, CUDA_R_32F));
  cusparseSpSVDescr_t SV;
  CHECK_OK(cusparseSpSV_createDescr(&SV));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));
  CHECK_OK(cusparseSetStream(H, S));
  int *Open;
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));
  *Open = 0;
  float Alpha = 2;
  CHECK_OK(cusparseSpSV_analysis(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, VX, VY,
                                 CUDA_R_32F, CUSPARSE_SPSV_ALG_DEFAULT, SV, nullptr));
  gate<<<1, 1, 0, S>>>(Open);
  fill<<<(N + 255) / 256, 256, 0, S>>>(DX, N, 1.0f);
  CHECK_OK(cusparseSpSV_solve(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, VX, VY, CUDA_R_32F,
                              CUSPARSE_SPSV_ALG_DEFAULT, SV));
  Alpha = 100; // read at the call
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::vector<float> Y = host(DY, N);
  bool Ok = true;
  for (int I = 0; I < N; ++I)
    Ok &= Y[I] == 2.0f * (I + 1);
  CHECK(Ok, "SpSV did not run after the kernel before it");
  CHECK_OK(cusparseSetStream(H, 0));
  CHECK_CUDA(cudaStreamDestroy(S));
  CHECK_CUDA(cudaFreeHost(Open));
  CHECK_OK(cusparseSpSV_destroyDescr(SV));
  CHECK_OK(cusparseDestroySpMat(A));
  CHECK_OK(cusparseDestroyDnVec(VX));
  CHECK_OK(cusparseDestroyDnVec(VY));
  for (void *P : {(void *)DOff, (void *)DInd, (void *)DVal, (void *)DX, (void *)DY})
    CHECK_CUDA(cudaFree(P));
}

/// A large triangular solve (op N) on the level-scheduled threads
/// (LOOM_CUSPARSE_THREADS=3): the same bits as substituting row by row in
/// the stored order. Rows depend on rows 150 to 600 away, so each level
/// holds many rows; an entry of the other triangle is stored in each row
/// (ignored).
static void testLevels(cusparseHandle_t H) {
  const int N = 40000;
  for (bool Lower : {true, false}) {
    std::vector<int> Off{0}, Ind;
    std::vector<double> Val;
    for (int R = 0; R < N; ++R) {
      Ind.push_back(R);
      Val.push_back(3 + rnd());
      for (int J = 1; J <= 3; ++J) {
        int C = Lower ? R - 150 * J - R % 7 : R + 150 * J + R % 5;
        if (C >= 0 && C < N) {
          Ind.push_back(C);
          Val.push_back(rnd());
        }
      }
      int Other = Lower ? R + 1 : R - 1; // the other triangle
      if (Other >= 0 && Other < N) {
        Ind.push_back(Other);
        Val.push_back(100);
      }
      Off.push_back((int)Ind.size());
    }
    std::vector<double> X(N), Ref(N);
    for (double &V : X)
      V = rnd();
    const double Alpha = 1.5;
    auto row = [&](int R) {
      double S = Alpha * X[R], D = 0;
      for (int K = Off[R]; K < Off[R + 1]; ++K) {
        int C = Ind[K];
        if (C == R)
          D = Val[K];
        else if (Lower ? C < R : C > R)
          S -= Val[K] * Ref[C];
      }
      Ref[R] = S / D;
    };
    if (Lower)
      for (int R = 0; R < N; ++R)
        row(R);
    else
      for (int R = N - 1; R >= 0; --R)
        row(R);
    int *DO = dev(Off), *DI = dev(Ind);
    double *DV = dev(Val), *DX = dev(X), *DY = dev(std::vector<double>(N, 0));
    cusparseSpMatDescr_t A;
    CHECK_OK(cusparseCreateCsr(&A, N, N, (int64_t)Ind.size(), DO, DI, DV, CUSPARSE_INDEX_32I,
                               CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
    cusparseFillMode_t Fill = Lower ? CUSPARSE_FILL_MODE_LOWER : CUSPARSE_FILL_MODE_UPPER;
    CHECK_OK(cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &Fill, sizeof(Fill)));
    cusparseDnVecDescr_t VX, VY;
    CHECK_OK(cusparseCreateDnVec(&VX, N, DX, CUDA_R_64F));
    CHECK_OK(cusparseCreateDnVec(&VY, N, DY, CUDA_R_64F));
    cusparseSpSVDescr_t D;
    CHECK_OK(cusparseSpSV_createDescr(&D));
    CHECK_OK(cusparseSpSV_analysis(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, VX, VY, CUDA_R_64F,
                                   CUSPARSE_SPSV_ALG_DEFAULT, D, nullptr));
    CHECK_OK(cusparseSpSV_solve(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, VX, VY, CUDA_R_64F,
                                CUSPARSE_SPSV_ALG_DEFAULT, D));
    std::vector<double> Y = host(DY, N);
    CHECK(std::memcmp(Y.data(), Ref.data(), N * sizeof(double)) == 0,
          "level-scheduled %s solve differs from substitution", Lower ? "lower" : "upper");
    CHECK_OK(cusparseSpSV_destroyDescr(D));
    CHECK_OK(cusparseDestroySpMat(A));
    CHECK_OK(cusparseDestroyDnVec(VX));
    CHECK_OK(cusparseDestroyDnVec(VY));
    for (void *P : {(void *)DO, (void *)DI, (void *)DV, (void *)DX, (void *)DY})
      CHECK_CUDA(cudaFree(P));
  }
}

int main() {
  // Three threads for the large solve, whatever the machine has.
  setenv("LOOM_CUSPARSE_THREADS", "3", 0);
  cusparseHandle_t H;
  CHECK_OK(cusparseCreate(&H));
  testErrors(H);
  spsvTypes<float>(H);
  spsvTypes<double>(H);
  spsvTypes<cf>(H);
  spsvTypes<cd>(H);
  for (int Base : {0, 1}) {
    checkIlu<float>(H, Base);
    checkIlu<double>(H, Base);
    checkIlu<cf>(H, Base);
    checkIlu<cd>(H, Base);
  }
  testStream(H);
  testLevels(H);
  CHECK_OK(cusparseDestroy(H));
  return finish("sparse_spsv_ilu");
}

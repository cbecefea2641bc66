// cuSPARSE SpMM and dense-matrix descriptors against a dense CPU loop: CSR,
// CSC and COO A; op(A) and op(B) N, T and C; B and C in column- or
// row-major order (leading dimensions larger than the matrix); float,
// double and both complex types; 32- and 64-bit indices; index base 0 and
// 1; alpha/beta from host or device memory; beta == 0 with NaN in C; a
// product large enough for the threaded loops (checked twice for the same
// bits); strided batches (A or B shared or per batch). Also the
// descriptor calls, the status codes and stream order
// (behind a kernel that waits for the host; a captured SpMM).
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcusparse && %t | FileCheck %s
// RUN: %loomcc -x cu %s -o %t2 -lcusparse && env LOOM_CUSPARSE_THREADS=1 %t2 | FileCheck %s
// CHECK: sparse_spmm: OK
#include <cusparse.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

#define SPARSE_TEST_SEED 777
#include "Inputs/sparse_test.h"

struct Entry {
  int64_t R, C;
  Cx V;
};

static std::vector<Entry> randomMatrix(int64_t Rows, int64_t Cols, double Density) {
  std::vector<Entry> E;
  for (int64_t R = 0; R < Rows; ++R) {
    if (R % 5 == 2)
      continue; // empty rows
    for (int64_t C = 0; C < Cols; ++C)
      if ((rnd() + 1) / 2 < Density)
        E.push_back({R, C, Cx(rnd(), rnd())});
  }
  return E;
}

enum Format { CSR, CSC, COO };

/// A sparse matrix on the device in one format.
template <class V, class I> struct DevSparse {
  cusparseSpMatDescr_t A = nullptr;
  I *Major = nullptr, *Minor = nullptr;
  V *Val = nullptr;
  std::vector<Entry> Stored; ///< in storage order, values as stored
  DevSparse(const std::vector<Entry> &M, int64_t Rows, int64_t Cols, Format F, int Base) {
    const cusparseIndexType_t IT = sizeof(I) == 4 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
    const cusparseIndexBase_t IB = Base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO;
    Stored = M;
    if (F == CSC)
      std::sort(Stored.begin(), Stored.end(), [](const Entry &A, const Entry &B) {
        return A.C != B.C ? A.C < B.C : A.R < B.R;
      });
    if (F == COO) // any order
      std::reverse(Stored.begin(), Stored.end());
    std::vector<V> Vh;
    std::vector<I> Ma, Mi;
    for (Entry &E : Stored) {
      Vh.push_back(Ty<V>::make(E.V));
      E.V = toC(Vh.back());
    }
    if (F == COO) {
      for (const Entry &E : Stored) {
        Ma.push_back(I(E.R + Base));
        Mi.push_back(I(E.C + Base));
      }
    } else {
      int64_t Lines = F == CSR ? Rows : Cols;
      Ma.assign(Lines + 1, 0);
      for (const Entry &E : Stored) {
        ++Ma[(F == CSR ? E.R : E.C) + 1];
        Mi.push_back(I((F == CSR ? E.C : E.R) + Base));
      }
      for (int64_t L = 0; L < Lines; ++L)
        Ma[L + 1] += Ma[L];
      for (I &O : Ma)
        O += Base;
    }
    Major = dev(Ma);
    Minor = dev(Mi);
    Val = dev(Vh);
    int64_t Nnz = (int64_t)Stored.size();
    if (F == CSR)
      CHECK_OK(cusparseCreateCsr(&A, Rows, Cols, Nnz, Major, Minor, Val, IT, IT, IB, Ty<V>::Id));
    else if (F == CSC)
      CHECK_OK(cusparseCreateCsc(&A, Rows, Cols, Nnz, Major, Minor, Val, IT, IT, IB, Ty<V>::Id));
    else
      CHECK_OK(cusparseCreateCoo(&A, Rows, Cols, Nnz, Major, Minor, Val, IT, IB, Ty<V>::Id));
  }
  ~DevSparse() {
    CHECK_OK(cusparseDestroySpMat(A));
    cudaFree(Major);
    cudaFree(Minor);
    cudaFree(Val);
  }
};

static int64_t idx(bool Row, int64_t Ld, int64_t I, int64_t J) { return Row ? I * Ld + J : I + J * Ld; }

/// One SpMM, checked against the dense loop. Returns C's bits.
template <class V, class I>
std::vector<V> checkSpMM(cusparseHandle_t H, const std::vector<Entry> &M, int64_t Rows,
                         int64_t Cols, int64_t N, Format F, cusparseOperation_t OpA,
                         cusparseOperation_t OpB, bool RowB, bool RowC, int Base,
                         bool DeviceScalars, bool BetaZero) {
  const bool TA = OpA != CUSPARSE_OPERATION_NON_TRANSPOSE, CA = OpA == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
  const bool TB = OpB != CUSPARSE_OPERATION_NON_TRANSPOSE, CB = OpB == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
  const bool Complex = Ty<V>::Id == CUDA_C_32F || Ty<V>::Id == CUDA_C_64F;
  const int64_t Mo = TA ? Cols : Rows, K = TA ? Rows : Cols;
  const int64_t BR = TB ? N : K, BC = TB ? K : N; // B as stored
  const int64_t Ldb = (RowB ? BC : BR) + 2, Ldc = (RowC ? N : Mo) + 3;
  DevSparse<V, I> S(M, Rows, Cols, F, Base);
  std::vector<V> Bh(size_t(Ldb * (RowB ? BR : BC))), Ch(size_t(Ldc * (RowC ? Mo : N)));
  for (V &X : Bh)
    X = Ty<V>::make(Cx(rnd(), rnd()));
  for (V &X : Ch)
    X = BetaZero ? Ty<V>::make(Cx(NAN, NAN)) : Ty<V>::make(Cx(rnd(), rnd()));
  const V Alpha = Ty<V>::make(Cx(1.25, -0.5)), Beta = Ty<V>::make(BetaZero ? Cx(0) : Cx(-0.5, 0.75));
  // The reference.
  std::vector<Cx> Ref(size_t(Mo * N), 0);
  std::vector<double> Scale(size_t(Mo * N), 0);
  for (const Entry &E : S.Stored) {
    Cx A = CA && Complex ? std::conj(E.V) : E.V;
    int64_t Out = TA ? E.C : E.R, In = TA ? E.R : E.C;
    for (int64_t J = 0; J < N; ++J) {
      Cx Bv = TB ? toC(Bh[idx(RowB, Ldb, J, In)]) : toC(Bh[idx(RowB, Ldb, In, J)]);
      if (CB && Complex)
        Bv = std::conj(Bv);
      Ref[Out + J * Mo] += A * Bv;
      Scale[Out + J * Mo] += std::abs(A) * std::abs(Bv);
    }
  }
  for (int64_t I0 = 0; I0 < Mo; ++I0)
    for (int64_t J = 0; J < N; ++J) {
      Cx &R = Ref[I0 + J * Mo];
      double &Sc = Scale[I0 + J * Mo];
      R *= toC(Alpha);
      Sc = Sc * std::abs(toC(Alpha)) + 1;
      if (!BetaZero) {
        R += toC(Beta) * toC(Ch[idx(RowC, Ldc, I0, J)]);
        Sc += std::abs(toC(Beta) * toC(Ch[idx(RowC, Ldc, I0, J)]));
      }
    }
  V *DB = dev(Bh), *DC = dev(Ch), *DAl = dev(std::vector<V>{Alpha}), *DBe = dev(std::vector<V>{Beta});
  cusparseDnMatDescr_t MB, MC;
  CHECK_OK(cusparseCreateDnMat(&MB, BR, BC, Ldb, DB, Ty<V>::Id, RowB ? CUSPARSE_ORDER_ROW : CUSPARSE_ORDER_COL));
  CHECK_OK(cusparseCreateDnMat(&MC, Mo, N, Ldc, DC, Ty<V>::Id, RowC ? CUSPARSE_ORDER_ROW : CUSPARSE_ORDER_COL));
  CHECK_OK(cusparseSetPointerMode(H, DeviceScalars ? CUSPARSE_POINTER_MODE_DEVICE : CUSPARSE_POINTER_MODE_HOST));
  const void *PA = DeviceScalars ? (const void *)DAl : &Alpha, *PB = DeviceScalars ? (const void *)DBe : &Beta;
  cusparseSpMMAlg_t Alg = F == COO ? CUSPARSE_SPMM_COO_ALG4 : (N % 2 ? CUSPARSE_SPMM_CSR_ALG2 : CUSPARSE_SPMM_ALG_DEFAULT);
  size_t Size = 99;
  CHECK_OK(cusparseSpMM_bufferSize(H, OpA, OpB, PA, S.A, MB, PB, MC, Ty<V>::Id, Alg, &Size));
  void *Buf = nullptr;
  CHECK_CUDA(cudaMalloc(&Buf, Size + 1));
  CHECK_OK(cusparseSpMM_preprocess(H, OpA, OpB, PA, S.A, MB, PB, MC, Ty<V>::Id, Alg, Buf));
  CHECK_OK(cusparseSpMM(H, OpA, OpB, PA, S.A, MB, PB, MC, Ty<V>::Id, Alg, Buf));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<V> Got = host(DC, Ch.size());
  int Bad = 0;
  for (int64_t I0 = 0; I0 < Mo; ++I0)
    for (int64_t J = 0; J < N; ++J) {
      Cx G = toC(Got[idx(RowC, Ldc, I0, J)]), R = Ref[I0 + J * Mo];
      if (!(std::abs(G - R) <= Ty<V>::Tol * Scale[I0 + J * Mo]) && Bad++ < 3)
        CHECK(false, "fmt %d %lldx%lld n %lld opA %d opB %d rowB %d rowC %d base %d idx %zu type %d dev %d beta0 %d: C(%lld,%lld) = (%g,%g), want (%g,%g)",
              (int)F, (long long)Rows, (long long)Cols, (long long)N, (int)OpA, (int)OpB, RowB, RowC, Base, sizeof(I),
              (int)Ty<V>::Id, DeviceScalars, BetaZero, (long long)I0, (long long)J, G.real(), G.imag(), R.real(), R.imag());
    }
  // Padding between the columns (rows) is not written.
  for (int64_t I0 = 0; I0 < (RowC ? Mo : N); ++I0)
    for (int64_t P = RowC ? N : Mo; P < Ldc; ++P) {
      size_t At = size_t(I0 * Ldc + P);
      if (std::memcmp(&Got[At], &Ch[At], sizeof(V)) != 0 && Bad++ < 3)
        CHECK(false, "padding of C written");
    }
  CHECK_OK(cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_HOST));
  CHECK_OK(cusparseDestroyDnMat(MB));
  CHECK_OK(cusparseDestroyDnMat(MC));
  for (void *P : {(void *)DB, (void *)DC, (void *)DAl, (void *)DBe, Buf})
    CHECK_CUDA(cudaFree(P));
  return Got;
}

template <class V, class I> void sweep(cusparseHandle_t H, int &Case) {
  const cusparseOperation_t Ops[] = {CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE,
                                     CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE};
  for (int Base = 0; Base < 2; ++Base)
    for (Format F : {CSR, CSC, COO})
      for (auto OpA : Ops)
        for (auto OpB : Ops)
          for (int Order = 0; Order < 4; ++Order) {
            ++Case;
            int64_t Rows = 6 + Case % 3, Cols = 5 + Case % 4, N = 1 + Case % 4;
            auto M = randomMatrix(Rows, Cols, 0.4);
            checkSpMM<V, I>(H, M, Rows, Cols, N, F, OpA, OpB, Order & 1, Order & 2, Base,
                            Case % 3 == 0, Case % 5 == 1);
          }
}

static void testLarge(cusparseHandle_t H) {
  // Big enough for several threads (LOOM_CUSPARSE_THREADS=3): the same bits twice.
  auto M = randomMatrix(150, 130, 0.3);
  for (Format F : {CSR, CSC, COO})
    for (auto Op : {CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE}) {
      unsigned Saved = Seed;
      auto G1 = checkSpMM<cd, int32_t>(H, M, 150, 130, 17, F, Op, CUSPARSE_OPERATION_NON_TRANSPOSE, true, false, 0, false, false);
      Seed = Saved;
      auto G2 = checkSpMM<cd, int32_t>(H, M, 150, 130, 17, F, Op, CUSPARSE_OPERATION_NON_TRANSPOSE, true, false, 0, false, false);
      CHECK(G1.size() == G2.size() && std::memcmp(G1.data(), G2.data(), G1.size() * sizeof(cd)) == 0,
            "SpMM results differ between runs");
    }
  // An empty matrix: C = beta C.
  checkSpMM<float, int64_t>(H, {}, 4, 3, 2, CSR, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE, false, true, 1, false, false);
}

static void testDnMatAndErrors(cusparseHandle_t H) {
  const cusparseStatus_t Inv = CUSPARSE_STATUS_INVALID_VALUE, NotSup = CUSPARSE_STATUS_NOT_SUPPORTED;
  float *B, *C;
  CHECK_CUDA(cudaMalloc(&B, 64 * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&C, 64 * sizeof(float)));
  // Descriptor calls.
  cusparseDnMatDescr_t D;
  CHECK_OK(cusparseCreateDnMat(&D, 3, 4, 5, B, CUDA_R_32F, CUSPARSE_ORDER_COL));
  int64_t R, Cc, Ld;
  void *P;
  cudaDataType T;
  cusparseOrder_t O;
  CHECK_OK(cusparseDnMatGet(D, &R, &Cc, &Ld, &P, &T, &O));
  CHECK(R == 3 && Cc == 4 && Ld == 5 && P == B && T == CUDA_R_32F && O == CUSPARSE_ORDER_COL);
  CHECK_OK(cusparseDnMatSetValues(D, C));
  CHECK_OK(cusparseDnMatGetValues(D, &P));
  CHECK(P == C);
  const void *CP;
  CHECK_OK(cusparseConstDnMatGetValues(D, &CP));
  CHECK(CP == C);
  CHECK(cusparseDnMatSetValues(D, nullptr) == Inv);
  CHECK(cusparseDnMatGet(D, &R, &Cc, &Ld, &P, &T, nullptr) == Inv);
  cusparseConstDnMatDescr_t CD;
  CHECK_OK(cusparseCreateConstDnMat(&CD, 3, 4, 4, B, CUDA_R_32F, CUSPARSE_ORDER_ROW));
  CHECK_OK(cusparseConstDnMatGet(CD, &R, &Cc, &Ld, &CP, &T, &O));
  CHECK(R == 3 && Cc == 4 && Ld == 4 && CP == B && O == CUSPARSE_ORDER_ROW);
  cusparseDnMatDescr_t Bad;
  CHECK(cusparseCreateDnMat(&Bad, 3, 4, 2, B, CUDA_R_32F, CUSPARSE_ORDER_COL) == Inv); // ld < rows
  CHECK(cusparseCreateDnMat(&Bad, 3, 4, 3, B, CUDA_R_32F, CUSPARSE_ORDER_ROW) == Inv); // ld < cols
  CHECK(cusparseCreateDnMat(&Bad, 3, 4, 4, B, CUDA_R_32F, (cusparseOrder_t)0) == Inv);
  CHECK(cusparseCreateDnMat(&Bad, -1, 4, 4, B, CUDA_R_32F, CUSPARSE_ORDER_COL) == Inv);
  CHECK(cusparseCreateDnMat(&Bad, 3, 4, 4, nullptr, CUDA_R_32F, CUSPARSE_ORDER_COL) == Inv);
  CHECK(cusparseCreateDnMat(nullptr, 3, 4, 4, B, CUDA_R_32F, CUSPARSE_ORDER_COL) == Inv);
  CHECK_OK(cusparseCreateDnMat(&Bad, 0, 4, 0, nullptr, CUDA_R_32F, CUSPARSE_ORDER_COL));
  CHECK_OK(cusparseDestroyDnMat(Bad));

  // SpMM: A 3x5 CSR, B 5x2, C 3x2.
  int Off[4] = {0, 1, 2, 3}, Ind[3] = {0, 2, 4};
  float Val[3] = {1, 2, 3};
  int *DOff = dev(std::vector<int>(Off, Off + 4)), *DInd = dev(std::vector<int>(Ind, Ind + 3));
  float *DVal = dev(std::vector<float>(Val, Val + 3));
  cusparseSpMatDescr_t A, Coo, A16;
  CHECK_OK(cusparseCreateCsr(&A, 3, 5, 3, DOff, DInd, DVal, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_OK(cusparseCreateCoo(&Coo, 3, 5, 3, DOff, DInd, DVal, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_OK(cusparseCreateCsr(&A16, 3, 5, 3, DOff, DInd, DVal, CUSPARSE_INDEX_16U, CUSPARSE_INDEX_16U, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_CUDA(cudaMemset(B, 0, 64 * sizeof(float)));
  std::vector<float> Sev(64, 7.0f);
  CHECK_CUDA(cudaMemcpy(C, Sev.data(), 64 * sizeof(float), cudaMemcpyHostToDevice));
  cusparseDnMatDescr_t MB, MC, MBT, MCd;
  CHECK_OK(cusparseCreateDnMat(&MB, 5, 2, 5, B, CUDA_R_32F, CUSPARSE_ORDER_COL));
  CHECK_OK(cusparseCreateDnMat(&MC, 3, 2, 3, C, CUDA_R_32F, CUSPARSE_ORDER_COL));
  CHECK_OK(cusparseCreateDnMat(&MBT, 2, 5, 2, B, CUDA_R_32F, CUSPARSE_ORDER_COL));
  CHECK_OK(cusparseCreateDnMat(&MCd, 3, 2, 3, C, CUDA_R_64F, CUSPARSE_ORDER_COL));
  const auto N = CUSPARSE_OPERATION_NON_TRANSPOSE, Tr = CUSPARSE_OPERATION_TRANSPOSE;
  const auto Def = CUSPARSE_SPMM_ALG_DEFAULT;
  float One = 1, Zero = 0;
  size_t Size;
  CHECK(cusparseSpMM(nullptr, N, N, &One, A, MB, &Zero, MC, CUDA_R_32F, Def, nullptr) == CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseSpMM(H, N, N, nullptr, A, MB, &Zero, MC, CUDA_R_32F, Def, nullptr) == Inv);
  CHECK(cusparseSpMM(H, N, N, &One, A, MB, nullptr, MC, CUDA_R_32F, Def, nullptr) == Inv);
  CHECK(cusparseSpMM(H, N, N, &One, nullptr, MB, &Zero, MC, CUDA_R_32F, Def, nullptr) == Inv);
  CHECK(cusparseSpMM(H, N, N, &One, A, nullptr, &Zero, MC, CUDA_R_32F, Def, nullptr) == Inv);
  CHECK(cusparseSpMM(H, (cusparseOperation_t)7, N, &One, A, MB, &Zero, MC, CUDA_R_32F, Def, nullptr) == Inv);
  CHECK(cusparseSpMM(H, N, (cusparseOperation_t)7, &One, A, MB, &Zero, MC, CUDA_R_32F, Def, nullptr) == Inv);
  CHECK(cusparseSpMM(H, N, Tr, &One, A, MB, &Zero, MC, CUDA_R_32F, Def, nullptr) == Inv); // B^T is 2x5
  CHECK(cusparseSpMM(H, Tr, N, &One, A, MB, &Zero, MC, CUDA_R_32F, Def, nullptr) == Inv); // A^T is 5x3
  CHECK(cusparseSpMM(H, N, N, &One, A, MBT, &Zero, MC, CUDA_R_32F, Def, nullptr) == Inv);
  CHECK(cusparseSpMM(H, N, N, &One, A, MB, &Zero, MC, CUDA_R_32F, (cusparseSpMMAlg_t)99, nullptr) == Inv);
  CHECK(cusparseSpMM(H, N, N, &One, A, MB, &Zero, MC, CUDA_R_32F, CUSPARSE_SPMM_BSR_ALG1, nullptr) == NotSup);
  CHECK(cusparseSpMM(H, N, N, &One, A, MB, &Zero, MC, CUDA_R_32F, CUSPARSE_SPMM_BLOCKED_ELL_ALG1, nullptr) == NotSup);
  CHECK(cusparseSpMM(H, N, N, &One, A, MB, &Zero, MC, CUDA_R_32F, CUSPARSE_SPMM_COO_ALG1, nullptr) == NotSup);
  CHECK(cusparseSpMM(H, N, N, &One, Coo, MB, &Zero, MC, CUDA_R_32F, CUSPARSE_SPMM_CSR_ALG1, nullptr) == NotSup);
  CHECK(cusparseSpMM(H, N, N, &One, A16, MB, &Zero, MC, CUDA_R_32F, Def, nullptr) == NotSup);
  CHECK(cusparseSpMM(H, N, N, &One, A, MB, &Zero, MCd, CUDA_R_32F, Def, nullptr) == NotSup);
  CHECK(cusparseSpMM(H, N, N, &One, A, MB, &Zero, MC, CUDA_R_64F, Def, nullptr) == NotSup);
  CHECK(cusparseSpMM_bufferSize(H, N, N, &One, A, MB, &Zero, MC, CUDA_R_32F, Def, nullptr) == Inv);
  CHECK(cusparseSpMM_preprocess(H, N, Tr, &One, A, MB, &Zero, MC, CUDA_R_32F, Def, nullptr) == Inv);
  cusparseConstDnMatDescr_t CC;
  CHECK_OK(cusparseCreateConstDnMat(&CC, 3, 2, 3, C, CUDA_R_32F, CUSPARSE_ORDER_COL));
  CHECK(cusparseSpMM(H, N, N, &One, A, MB, &Zero, (cusparseDnMatDescr_t)CC, CUDA_R_32F, Def, nullptr) == Inv);
  CHECK_OK(cusparseDestroyDnMat(CC));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> Ch = host(C, 6);
  bool Untouched = true;
  for (float X : Ch)
    Untouched &= X == 7.0f;
  CHECK(Untouched, "a refused SpMM wrote C");
  // The CUDA 11 names still work.
  CHECK_OK(cusparseSpMM_bufferSize(H, N, N, &One, A, MB, &Zero, MC, CUDA_R_32F, CUSPARSE_CSRMM_ALG1, &Size));
  CHECK_OK(cusparseSpMM(H, N, N, &One, Coo, MB, &Zero, MC, CUDA_R_32F, CUSPARSE_COOMM_ALG2, nullptr));
  CHECK_OK(cusparseSpMM(H, N, N, &One, A, MB, &Zero, MC, CUDA_R_32F, CUSPARSE_MM_ALG_DEFAULT, nullptr));
  CHECK_CUDA(cudaDeviceSynchronize());
  for (auto *X : {A, Coo, A16})
    CHECK_OK(cusparseDestroySpMat(X));
  for (auto *X : {D, MB, MC, MBT, MCd})
    CHECK_OK(cusparseDestroyDnMat(X));
  CHECK_OK(cusparseDestroyDnMat(CD));
  for (void *X : {(void *)B, (void *)C, (void *)DOff, (void *)DInd, (void *)DVal})
    CHECK_CUDA(cudaFree(X));
}

__global__ void fill(float *X, int N, float V) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = V + I;
}
__global__ void twice(float *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] *= 2;
}
__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}

static void testStreams(cusparseHandle_t H) {
  // A = 2 I (64 x 64), B 64 x 8 column-major.
  const int N = 64, K = 8;
  std::vector<int> O(N + 1), Ci(N);
  std::vector<float> V(N, 2.0f);
  for (int I = 0; I <= N; ++I)
    O[I] = I;
  for (int I = 0; I < N; ++I)
    Ci[I] = I;
  int *DO = dev(O), *DC = dev(Ci);
  float *DV = dev(V), *B, *C, *C2;
  CHECK_CUDA(cudaMalloc(&B, N * K * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&C, N * K * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&C2, N * K * sizeof(float)));
  CHECK_CUDA(cudaMemset(B, 0, N * K * sizeof(float)));
  CHECK_CUDA(cudaMemset(C, 0, N * K * sizeof(float)));
  CHECK_CUDA(cudaMemset(C2, 0, N * K * sizeof(float)));
  cusparseSpMatDescr_t A;
  CHECK_OK(cusparseCreateCsr(&A, N, N, N, DO, DC, DV, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  cusparseDnMatDescr_t MB, MC;
  CHECK_OK(cusparseCreateDnMat(&MB, N, K, N, B, CUDA_R_32F, CUSPARSE_ORDER_COL));
  CHECK_OK(cusparseCreateDnMat(&MC, N, K, N, C, CUDA_R_32F, CUSPARSE_ORDER_COL));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));
  CHECK_OK(cusparseSetStream(H, S));
  int *Open;
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));
  *Open = 0;
  // gate -> fill B -> SpMM -> twice C; alpha and C's values change after the call.
  gate<<<1, 1, 0, S>>>(Open);
  fill<<<(N * K + 255) / 256, 256, 0, S>>>(B, N * K, 1.0f);
  float Alpha = 3, Beta = 0;
  CHECK_OK(cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, MB, &Beta, MC, CUDA_R_32F, CUSPARSE_SPMM_CSR_ALG1, nullptr));
  Alpha = 100;
  CHECK_OK(cusparseDnMatSetValues(MC, C2));
  twice<<<(N * K + 255) / 256, 256, 0, S>>>(C, N * K);
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::vector<float> Ch = host(C, N * K), C2h = host(C2, N * K);
  bool Ok = true, Untouched = true;
  for (int I = 0; I < N * K; ++I) {
    Ok &= Ch[I] == 12.0f * (1.0f + I);
    Untouched &= C2h[I] == 0;
  }
  CHECK(Ok, "SpMM did not run between the kernels around it");
  CHECK(Untouched, "SpMM wrote the C set after the call");
  CHECK_OK(cusparseDnMatSetValues(MC, C));
  // Captured into a graph: runs at each launch.
  CHECK_CUDA(cudaMemset(C, 0, N * K * sizeof(float)));
  Alpha = 1;
  Beta = 1;
  cudaGraph_t G;
  cudaGraphExec_t E;
  CHECK_CUDA(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
  CHECK_OK(cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, MB, &Beta, MC, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, nullptr));
  CHECK_CUDA(cudaStreamEndCapture(S, &G));
  CHECK_CUDA(cudaGraphInstantiate(&E, G, 0));
  for (int I = 0; I < 3; ++I)
    CHECK_CUDA(cudaGraphLaunch(E, S));
  CHECK_CUDA(cudaStreamSynchronize(S));
  Ch = host(C, N * K);
  Ok = true;
  for (int I = 0; I < N * K; ++I)
    Ok &= Ch[I] == 6.0f * (1.0f + I);
  CHECK(Ok, "SpMM captured into a graph");
  CHECK_CUDA(cudaGraphExecDestroy(E));
  CHECK_CUDA(cudaGraphDestroy(G));
  CHECK_OK(cusparseSetStream(H, 0));
  CHECK_CUDA(cudaStreamDestroy(S));
  CHECK_CUDA(cudaFreeHost(Open));
  CHECK_OK(cusparseDestroySpMat(A));
  CHECK_OK(cusparseDestroyDnMat(MB));
  CHECK_OK(cusparseDestroyDnMat(MC));
  for (void *X : {(void *)DO, (void *)DC, (void *)DV, (void *)B, (void *)C, (void *)C2})
    CHECK_CUDA(cudaFree(X));
}

/// Strided batches: C_i = A_i B_i with A shared or per batch (CSR with
/// shared offsets, COO), B shared or per batch; bad batch counts; SpMV
/// refusing a batched matrix.
static void testBatches(cusparseHandle_t H) {
  const int M = 5, K = 4, N = 3, Nb = 3;
  // One pattern (row R: columns R % K and (R + 2) % K), per-batch values.
  std::vector<int> Off{0}, Ind, CooRow;
  for (int R = 0; R < M; ++R) {
    for (int C : {R % K, (R + 2) % K}) {
      Ind.push_back(C);
      CooRow.push_back(R);
    }
    Off.push_back((int)Ind.size());
  }
  const int Nnz = (int)Ind.size();
  std::vector<double> Val(size_t(Nnz * Nb)), Bh(size_t(K * N * Nb)), Ch(size_t(M * N * Nb), NAN);
  for (double &V : Val)
    V = rnd();
  for (double &V : Bh)
    V = rnd();
  std::vector<int> IndNb, RowNb;
  for (int Bt = 0; Bt < Nb; ++Bt) {
    IndNb.insert(IndNb.end(), Ind.begin(), Ind.end());
    RowNb.insert(RowNb.end(), CooRow.begin(), CooRow.end());
  }
  int *DOff = dev(Off), *DInd = dev(IndNb), *DRow = dev(RowNb);
  double *DVal = dev(Val), *DB = dev(Bh), *DC = dev(Ch);
  const double Alpha = 2, Beta = 0;
  for (int Mode = 0; Mode < 4; ++Mode) {
    // 0: CSR, all batched; 1: CSR A shared; 2: CSR B shared; 3: COO all batched.
    bool AShared = Mode == 1, BShared = Mode == 2;
    cusparseSpMatDescr_t A;
    if (Mode == 3) {
      CHECK_OK(cusparseCreateCoo(&A, M, K, Nnz, DRow, DInd, DVal, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
      CHECK_OK(cusparseCooSetStridedBatch(A, Nb, Nnz));
    } else {
      CHECK_OK(cusparseCreateCsr(&A, M, K, Nnz, DOff, DInd, DVal, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
      if (!AShared)
        CHECK_OK(cusparseCsrSetStridedBatch(A, Nb, 0, Nnz));
    }
    int Count = 0;
    CHECK_OK(cusparseSpMatGetStridedBatch(A, &Count));
    CHECK(Count == (AShared ? 1 : Nb));
    cusparseDnMatDescr_t MB, MC;
    CHECK_OK(cusparseCreateDnMat(&MB, K, N, K, DB, CUDA_R_64F, CUSPARSE_ORDER_COL));
    CHECK_OK(cusparseCreateDnMat(&MC, M, N, M, DC, CUDA_R_64F, CUSPARSE_ORDER_COL));
    if (!BShared)
      CHECK_OK(cusparseDnMatSetStridedBatch(MB, Nb, K * N));
    CHECK_OK(cusparseDnMatSetStridedBatch(MC, Nb, M * N));
    int64_t Stride = 0;
    CHECK_OK(cusparseDnMatGetStridedBatch(MC, &Count, &Stride));
    CHECK(Count == Nb && Stride == M * N);
    CHECK_OK(cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, MB, &Beta, MC,
                          CUDA_R_64F, CUSPARSE_SPMM_ALG_DEFAULT, nullptr));
    std::vector<double> Got = host(DC, Ch.size());
    bool Ok = true;
    for (int Bt = 0; Bt < Nb; ++Bt)
      for (int R = 0; R < M; ++R)
        for (int J = 0; J < N; ++J) {
          double Want = 0;
          for (int Kk = Off[R]; Kk < Off[R + 1]; ++Kk)
            Want += Val[(AShared ? 0 : Bt * Nnz) + Kk] * Bh[(BShared ? 0 : Bt * K * N) + Ind[Kk] + J * K];
          Ok &= std::abs(Got[Bt * M * N + R + J * M] - Alpha * Want) <= 1e-12;
        }
    CHECK(Ok, "batched SpMM mode %d", Mode);
    CHECK_OK(cusparseDestroySpMat(A));
    CHECK_OK(cusparseDestroyDnMat(MB));
    CHECK_OK(cusparseDestroyDnMat(MC));
  }
  // A with 2 batches for C's 3; SpMV, SpGEMM-free conversions refuse batches.
  cusparseSpMatDescr_t A;
  CHECK_OK(cusparseCreateCsr(&A, M, K, Nnz, DOff, DInd, DVal, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
  CHECK_OK(cusparseCsrSetStridedBatch(A, 2, 0, Nnz));
  CHECK(cusparseCsrSetStridedBatch(A, 2, 0, Nnz - 1) == CUSPARSE_STATUS_INVALID_VALUE); // overlapping
  CHECK(cusparseCooSetStridedBatch(A, 2, Nnz) == CUSPARSE_STATUS_INVALID_VALUE);       // not COO
  cusparseDnMatDescr_t MB, MC;
  CHECK_OK(cusparseCreateDnMat(&MB, K, N, K, DB, CUDA_R_64F, CUSPARSE_ORDER_COL));
  CHECK_OK(cusparseCreateDnMat(&MC, M, N, M, DC, CUDA_R_64F, CUSPARSE_ORDER_COL));
  CHECK(cusparseDnMatSetStridedBatch(MC, 3, M * N - 1) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(cusparseDnMatSetStridedBatch(MC, 0, M * N) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK_OK(cusparseDnMatSetStridedBatch(MC, 3, M * N));
  CHECK(cusparseSpMM(H, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, MB, &Beta, MC,
                     CUDA_R_64F, CUSPARSE_SPMM_ALG_DEFAULT, nullptr) == CUSPARSE_STATUS_INVALID_VALUE);
  cusparseDnVecDescr_t X, Y;
  CHECK_OK(cusparseCreateDnVec(&X, K, DB, CUDA_R_64F));
  CHECK_OK(cusparseCreateDnVec(&Y, M, DC, CUDA_R_64F));
  CHECK(cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, A, X, &Beta, Y, CUDA_R_64F,
                     CUSPARSE_SPMV_ALG_DEFAULT, nullptr) == CUSPARSE_STATUS_NOT_SUPPORTED);
  CHECK(cusparseSparseToDense(H, A, MC, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, nullptr) != CUSPARSE_STATUS_SUCCESS);
  CHECK_OK(cusparseDestroyDnVec(X));
  CHECK_OK(cusparseDestroyDnVec(Y));
  CHECK_OK(cusparseDestroySpMat(A));
  CHECK_OK(cusparseDestroyDnMat(MB));
  CHECK_OK(cusparseDestroyDnMat(MC));
  for (void *P : {(void *)DOff, (void *)DInd, (void *)DRow, (void *)DVal, (void *)DB, (void *)DC})
    CHECK_CUDA(cudaFree(P));
}

int main() {
  setenv("LOOM_CUSPARSE_THREADS", "3", 0);
  cusparseHandle_t H;
  CHECK_OK(cusparseCreate(&H));
  testDnMatAndErrors(H);
  int Case = 0;
  sweep<float, int32_t>(H, Case);
  sweep<double, int64_t>(H, Case);
  sweep<cf, int64_t>(H, Case);
  sweep<cd, int32_t>(H, Case);
  sweep<float, int64_t>(H, Case);
  sweep<cd, int64_t>(H, Case);
  testLarge(H);
  testBatches(H);
  testStreams(H);
  CHECK_OK(cusparseDestroy(H));
  return finish("sparse_spmm");
}

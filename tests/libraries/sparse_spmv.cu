// cuSPARSE SpMV against a plain CPU loop: CSR, CSC and COO matrices; op N,
// T and C; float, double, complex and the mixed types (float A with double
// x/y, real A with complex x/y); 32- and 64-bit indices; index base 0 and
// 1; alpha/beta from host and device memory (pointer modes); beta == 0
// with NaN in y; empty rows and matrices large enough for the threaded
// loops. Also: the handle, legacy and generic descriptors' calls; CUSPARSE_*
// codes for bad arguments and unsupported combinations; stream ordering (a
// call behind a kernel sees its results, host-mode scalars and descriptors
// are read at the call, device-mode scalars when the work runs); a call
// captured into a graph runs at each launch.
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcusparse && %t | FileCheck %s
// RUN: %loomcc -x cu %s -o %t2 -lcusparse -DUSE_V2_HEADER && env LOOM_CUSPARSE_THREADS=1 %t2 | FileCheck %s
// CHECK: sparse_spmv: OK
#ifdef USE_V2_HEADER
#include <cusparse_v2.h>
#else
#include <cusparse.h>
#endif
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <vector>

#define SPARSE_TEST_SEED 4321
#include "Inputs/sparse_test.h"

struct Entry {
  int64_t R, C;
  Cx V;
};

/// A Rows x Cols matrix of about Density * Rows * Cols entries, in row
/// order; every 7th row is empty.
static std::vector<Entry> randomMatrix(int64_t Rows, int64_t Cols, double Density) {
  std::vector<Entry> E;
  for (int64_t R = 0; R < Rows; ++R) {
    if (R % 7 == 3)
      continue;
    for (int64_t C = 0; C < Cols; ++C)
      if ((rnd() + 1) / 2 < Density)
        E.push_back({R, C, Cx(rnd(), rnd())});
  }
  return E;
}

enum Format { CSR, CSC, COO };
static const char *formatName(Format F) { return F == CSR ? "CSR" : F == CSC ? "CSC" : "COO"; }

/// One SpMV of \p M in format \p F, checked against the CPU loop.
template <class VA, class V, class I>
void checkSpMV(cusparseHandle_t H, const std::vector<Entry> &M, int64_t Rows, int64_t Cols,
               Format F, cusparseOperation_t Op, int Base, bool DeviceScalars, bool BetaZero) {
  const bool Trans = Op != CUSPARSE_OPERATION_NON_TRANSPOSE;
  const bool Conj = Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
  const int64_t YLen = Trans ? Cols : Rows, XLen = Trans ? Rows : Cols;
  const cusparseIndexType_t IT = sizeof(I) == 4 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
  const cusparseIndexBase_t IB = Base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO;

  // The stored entries (in the matrix's value type) and their layout.
  std::vector<Entry> Es = M;
  if (F == CSC)
    std::sort(Es.begin(), Es.end(), [](const Entry &A, const Entry &B) {
      return A.C != B.C ? A.C < B.C : A.R < B.R;
    });
  std::vector<VA> Val;
  std::vector<I> Major, Minor;
  for (Entry &E : Es) {
    Val.push_back(Ty<VA>::make(E.V));
    E.V = toC(Val.back()); // the reference uses the stored value
  }
  if (F == COO) {
    for (const Entry &E : Es) {
      Major.push_back(I(E.R + Base));
      Minor.push_back(I(E.C + Base));
    }
  } else {
    int64_t Lines = F == CSR ? Rows : Cols;
    Major.assign(Lines + 1, 0);
    for (const Entry &E : Es) {
      ++Major[(F == CSR ? E.R : E.C) + 1];
      Minor.push_back(I((F == CSR ? E.C : E.R) + Base));
    }
    for (int64_t L = 0; L < Lines; ++L)
      Major[L + 1] += Major[L];
    for (I &O : Major)
      O += Base;
  }

  std::vector<V> X(XLen), Y(YLen);
  for (V &Xi : X)
    Xi = Ty<V>::make(Cx(rnd(), rnd()));
  for (V &Yi : Y)
    Yi = BetaZero ? Ty<V>::make(Cx(NAN, NAN)) : Ty<V>::make(Cx(rnd(), rnd()));
  const V Alpha = Ty<V>::make(Cx(1.5, -0.5)), Beta = Ty<V>::make(BetaZero ? Cx(0) : Cx(-0.75, 0.25));

  // The reference, and the size of its terms for the tolerance.
  std::vector<Cx> Ref(YLen, 0);
  std::vector<double> Scale(YLen, 0);
  for (const Entry &E : Es) {
    Cx A = Conj ? std::conj(E.V) : E.V;
    int64_t Out = Trans ? E.C : E.R, In = Trans ? E.R : E.C;
    Ref[Out] += A * toC(X[In]);
    Scale[Out] += std::abs(A) * std::abs(toC(X[In]));
  }
  for (int64_t I0 = 0; I0 < YLen; ++I0) {
    Ref[I0] *= toC(Alpha);
    Scale[I0] = Scale[I0] * std::abs(toC(Alpha)) + 1;
    if (!BetaZero) {
      Ref[I0] += toC(Beta) * toC(Y[I0]);
      Scale[I0] += std::abs(toC(Beta) * toC(Y[I0]));
    }
  }

  I *DMajor = dev(Major), *DMinor = dev(Minor);
  VA *DVal = dev(Val);
  V *DX = dev(X), *DY = dev(Y);
  V *DScalars = dev(std::vector<V>{Alpha, Beta});
  cusparseSpMatDescr_t A = nullptr;
  int64_t Nnz = (int64_t)Es.size();
  if (F == CSR)
    CHECK_OK(cusparseCreateCsr(&A, Rows, Cols, Nnz, DMajor, DMinor, DVal, IT, IT, IB, Ty<VA>::Id));
  else if (F == CSC)
    CHECK_OK(cusparseCreateCsc(&A, Rows, Cols, Nnz, DMajor, DMinor, DVal, IT, IT, IB, Ty<VA>::Id));
  else
    CHECK_OK(cusparseCreateCoo(&A, Rows, Cols, Nnz, DMajor, DMinor, DVal, IT, IB, Ty<VA>::Id));
  cusparseDnVecDescr_t VX, VY;
  CHECK_OK(cusparseCreateDnVec(&VX, XLen, DX, Ty<V>::Id));
  CHECK_OK(cusparseCreateDnVec(&VY, YLen, DY, Ty<V>::Id));
  CHECK_OK(cusparseSetPointerMode(H, DeviceScalars ? CUSPARSE_POINTER_MODE_DEVICE
                                                   : CUSPARSE_POINTER_MODE_HOST));
  const void *PA = DeviceScalars ? (const void *)DScalars : (const void *)&Alpha;
  const void *PB = DeviceScalars ? (const void *)(DScalars + 1) : (const void *)&Beta;
  cusparseSpMVAlg_t Alg = F == COO ? CUSPARSE_SPMV_COO_ALG1 : CUSPARSE_SPMV_CSR_ALG1;
  if (Rows % 2)
    Alg = CUSPARSE_SPMV_ALG_DEFAULT;
  size_t Size = 1234;
  CHECK_OK(cusparseSpMV_bufferSize(H, Op, PA, A, VX, PB, VY, Ty<V>::Id, Alg, &Size));
  void *Buffer = nullptr;
  CHECK_CUDA(cudaMalloc(&Buffer, Size + 1));
  CHECK_OK(cusparseSpMV(H, Op, PA, A, VX, PB, VY, Ty<V>::Id, Alg, Buffer));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<V> Got = host(DY, YLen);
  int Bad = 0;
  for (int64_t I0 = 0; I0 < YLen; ++I0) {
    Cx G = toC(Got[I0]);
    if (!(std::abs(G - Ref[I0]) <= Ty<V>::Tol * Scale[I0]) && Bad++ < 3)
      CHECK(false, "%s %lldx%lld nnz %lld op %d base %d idx %zu A %d x %d %s beta %s: y[%lld] = (%g, %g), want (%g, %g)",
            formatName(F), (long long)Rows, (long long)Cols, (long long)Nnz, (int)Op, Base,
            sizeof(I) * 8, (int)Ty<VA>::Id, (int)Ty<V>::Id, DeviceScalars ? "device" : "host",
            BetaZero ? "0" : "!0", (long long)I0, G.real(), G.imag(), Ref[I0].real(), Ref[I0].imag());
  }
  CHECK_OK(cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_HOST));
  CHECK_OK(cusparseDestroySpMat(A));
  CHECK_OK(cusparseDestroyDnVec(VX));
  CHECK_OK(cusparseDestroyDnVec(VY));
  for (void *P : {(void *)DMajor, (void *)DMinor, (void *)DVal, (void *)DX, (void *)DY,
                  (void *)DScalars, Buffer})
    CHECK_CUDA(cudaFree(P));
}

/// Every format, op, index type and base, pointer mode and beta for one
/// matrix and one pair of types.
template <class VA, class V>
void checkTypes(cusparseHandle_t H, const std::vector<Entry> &M, int64_t Rows, int64_t Cols,
                bool Quick) {
  for (Format F : {CSR, CSC, COO})
    for (cusparseOperation_t Op : {CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_TRANSPOSE,
                                   CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE})
      for (int Base : {0, 1})
        for (int Mode = 0; Mode < 4; ++Mode) {
          bool Dev = Mode & 1, BetaZero = Mode & 2;
          if (Quick && (Mode == 1 || Mode == 2))
            continue;
          if ((Base + Mode) % 2)
            checkSpMV<VA, V, int32_t>(H, M, Rows, Cols, F, Op, Base, Dev, BetaZero);
          else
            checkSpMV<VA, V, int64_t>(H, M, Rows, Cols, F, Op, Base, Dev, BetaZero);
        }
}

static void testSpMV(cusparseHandle_t H) {
  struct Shape {
    int64_t Rows, Cols;
    double Density;
    bool Quick;
  };
  // Small, empty, one column, and large enough for the threaded loops
  // (2^15 entries and more).
  for (Shape S : {Shape{13, 9, 0.3, false}, Shape{0, 5, 0.5, true}, Shape{6, 0, 0.5, true},
                  Shape{40, 1, 0.5, true}, Shape{5, 5, 0.0, true}, Shape{401, 300, 0.35, true}}) {
    std::vector<Entry> M = randomMatrix(S.Rows, S.Cols, S.Density);
    checkTypes<float, float>(H, M, S.Rows, S.Cols, S.Quick);
    checkTypes<double, double>(H, M, S.Rows, S.Cols, S.Quick);
    checkTypes<cf, cf>(H, M, S.Rows, S.Cols, S.Quick);
    checkTypes<cd, cd>(H, M, S.Rows, S.Cols, S.Quick);
    checkTypes<float, double>(H, M, S.Rows, S.Cols, true);
    checkTypes<float, cf>(H, M, S.Rows, S.Cols, true);
    checkTypes<double, cd>(H, M, S.Rows, S.Cols, true);
  }
}

static void testHandleAndDescriptors() {
  cusparseHandle_t H;
  CHECK_OK(cusparseCreate(&H));
  int Version = 0, Major = -1, Minor = -1, Patch = -1;
  CHECK_OK(cusparseGetVersion(H, &Version));
  CHECK(Version == CUSPARSE_VERSION && Version >= 12000);
  CHECK_OK(cusparseGetProperty(MAJOR_VERSION, &Major));
  CHECK_OK(cusparseGetProperty(MINOR_VERSION, &Minor));
  CHECK_OK(cusparseGetProperty(PATCH_LEVEL, &Patch));
  CHECK(Major * 1000 + Minor * 100 + Patch == CUSPARSE_VERSION);
  CHECK(cusparseGetProperty((libraryPropertyType)7, &Major) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(cusparseGetProperty(MAJOR_VERSION, nullptr) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(std::strcmp(cusparseGetErrorName(CUSPARSE_STATUS_INVALID_VALUE),
                    "CUSPARSE_STATUS_INVALID_VALUE") == 0);
  CHECK(std::strcmp(cusparseGetErrorName(CUSPARSE_STATUS_NOT_SUPPORTED),
                    "CUSPARSE_STATUS_NOT_SUPPORTED") == 0);
  CHECK(cusparseGetErrorString(CUSPARSE_STATUS_SUCCESS)[0] != 0);
  CHECK(cusparseGetErrorName((cusparseStatus_t)99) != nullptr);
  CHECK(cusparseGetErrorString((cusparseStatus_t)99) != nullptr);

  cudaStream_t S, Got = (cudaStream_t)1;
  CHECK_CUDA(cudaStreamCreate(&S));
  CHECK_OK(cusparseGetStream(H, &Got));
  CHECK(Got == nullptr);
  CHECK_OK(cusparseSetStream(H, S));
  CHECK_OK(cusparseGetStream(H, &Got));
  CHECK(Got == S);
  CHECK_OK(cusparseSetStream(H, 0));
  CHECK_CUDA(cudaStreamDestroy(S));
  cusparsePointerMode_t Mode = CUSPARSE_POINTER_MODE_DEVICE;
  CHECK_OK(cusparseGetPointerMode(H, &Mode));
  CHECK(Mode == CUSPARSE_POINTER_MODE_HOST);
  CHECK_OK(cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_DEVICE));
  CHECK_OK(cusparseGetPointerMode(H, &Mode));
  CHECK(Mode == CUSPARSE_POINTER_MODE_DEVICE);
  CHECK(cusparseSetPointerMode(H, (cusparsePointerMode_t)5) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(cusparseGetPointerMode(H, nullptr) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(cusparseGetStream(H, nullptr) == CUSPARSE_STATUS_INVALID_VALUE);
  // A null handle.
  CHECK(cusparseCreate(nullptr) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(cusparseDestroy(nullptr) == CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseSetStream(nullptr, 0) == CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseGetStream(nullptr, &Got) == CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseSetPointerMode(nullptr, CUSPARSE_POINTER_MODE_HOST) ==
        CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseGetVersion(nullptr, &Version) == CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK_OK(cusparseDestroy(H));

  // The legacy matrix descriptor.
  cusparseMatDescr_t D;
  CHECK_OK(cusparseCreateMatDescr(&D));
  CHECK(cusparseGetMatType(D) == CUSPARSE_MATRIX_TYPE_GENERAL);
  CHECK(cusparseGetMatIndexBase(D) == CUSPARSE_INDEX_BASE_ZERO);
  CHECK(cusparseGetMatFillMode(D) == CUSPARSE_FILL_MODE_LOWER);
  CHECK(cusparseGetMatDiagType(D) == CUSPARSE_DIAG_TYPE_NON_UNIT);
  CHECK_OK(cusparseSetMatType(D, CUSPARSE_MATRIX_TYPE_SYMMETRIC));
  CHECK_OK(cusparseSetMatIndexBase(D, CUSPARSE_INDEX_BASE_ONE));
  CHECK_OK(cusparseSetMatFillMode(D, CUSPARSE_FILL_MODE_UPPER));
  CHECK_OK(cusparseSetMatDiagType(D, CUSPARSE_DIAG_TYPE_UNIT));
  CHECK(cusparseGetMatType(D) == CUSPARSE_MATRIX_TYPE_SYMMETRIC);
  CHECK(cusparseGetMatIndexBase(D) == CUSPARSE_INDEX_BASE_ONE);
  CHECK(cusparseGetMatFillMode(D) == CUSPARSE_FILL_MODE_UPPER);
  CHECK(cusparseGetMatDiagType(D) == CUSPARSE_DIAG_TYPE_UNIT);
  CHECK(cusparseSetMatType(D, (cusparseMatrixType_t)9) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(cusparseSetMatIndexBase(D, (cusparseIndexBase_t)2) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(cusparseSetMatType(nullptr, CUSPARSE_MATRIX_TYPE_GENERAL) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(cusparseCreateMatDescr(nullptr) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK_OK(cusparseDestroyMatDescr(D));

  // Generic descriptors: what was given comes back.
  int32_t Off[4] = {0, 1, 3, 4}, Ind[4] = {0, 1, 2, 0};
  float Val[4] = {1, 2, 3, 4}, V2[4];
  cusparseSpMatDescr_t A;
  CHECK_OK(cusparseCreateCsr(&A, 3, 5, 4, Off, Ind, Val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  int64_t R = 0, C = 0, N = 0;
  CHECK_OK(cusparseSpMatGetSize(A, &R, &C, &N));
  CHECK(R == 3 && C == 5 && N == 4);
  cusparseFormat_t Fmt;
  CHECK_OK(cusparseSpMatGetFormat(A, &Fmt));
  CHECK(Fmt == CUSPARSE_FORMAT_CSR);
  cusparseIndexBase_t IB;
  CHECK_OK(cusparseSpMatGetIndexBase(A, &IB));
  CHECK(IB == CUSPARSE_INDEX_BASE_ZERO);
  void *P1, *P2, *P3;
  cusparseIndexType_t T1, T2;
  cudaDataType DT;
  CHECK_OK(cusparseCsrGet(A, &R, &C, &N, &P1, &P2, &P3, &T1, &T2, &IB, &DT));
  CHECK(P1 == Off && P2 == Ind && P3 == Val && T1 == CUSPARSE_INDEX_32I && DT == CUDA_R_32F);
  CHECK_OK(cusparseCsrSetPointers(A, Off, Ind, V2));
  CHECK_OK(cusparseSpMatGetValues(A, &P3));
  CHECK(P3 == V2);
  CHECK_OK(cusparseSpMatSetValues(A, Val));
  CHECK_OK(cusparseSpMatGetValues(A, &P3));
  CHECK(P3 == Val);
  CHECK(cusparseCsrSetPointers(A, Off, nullptr, Val) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(cusparseCooSetPointers(A, Off, Ind, Val) == CUSPARSE_STATUS_INVALID_VALUE); // not COO
  CHECK(cusparseCooGet(A, &R, &C, &N, &P1, &P2, &P3, &T1, &IB, &DT) ==
        CUSPARSE_STATUS_INVALID_VALUE);
  cusparseFillMode_t Fill = CUSPARSE_FILL_MODE_UPPER;
  CHECK_OK(cusparseSpMatSetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &Fill, sizeof(Fill)));
  Fill = CUSPARSE_FILL_MODE_LOWER;
  CHECK_OK(cusparseSpMatGetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &Fill, sizeof(Fill)));
  CHECK(Fill == CUSPARSE_FILL_MODE_UPPER);
  CHECK(cusparseSpMatGetAttribute(A, CUSPARSE_SPMAT_FILL_MODE, &Fill, 1) ==
        CUSPARSE_STATUS_INVALID_VALUE);
  CHECK_OK(cusparseDestroySpMat(A));
  CHECK_OK(cusparseCreateCoo(&A, 3, 5, 4, Ind, Off, Val, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_BASE_ONE, CUDA_R_32F));
  CHECK_OK(cusparseCooGet(A, &R, &C, &N, &P1, &P2, &P3, &T1, &IB, &DT));
  CHECK(P1 == Ind && P2 == Off && IB == CUSPARSE_INDEX_BASE_ONE && N == 4);
  CHECK_OK(cusparseSpMatGetFormat(A, &Fmt));
  CHECK(Fmt == CUSPARSE_FORMAT_COO);
  CHECK_OK(cusparseCooSetPointers(A, Off, Ind, V2));
  CHECK_OK(cusparseCooGet(A, &R, &C, &N, &P1, &P2, &P3, &T1, &IB, &DT));
  CHECK(P1 == Off && P2 == Ind && P3 == V2);
  CHECK_OK(cusparseDestroySpMat(A));
  // An empty matrix may have null arrays (set later).
  CHECK_OK(cusparseCreateCsr(&A, 3, 3, 0, nullptr, nullptr, nullptr, CUSPARSE_INDEX_64I,
                             CUSPARSE_INDEX_64I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
  CHECK_OK(cusparseDestroySpMat(A));
  CHECK_OK(cusparseDestroySpMat(nullptr));
  cusparseConstSpMatDescr_t CA;
  CHECK_OK(cusparseCreateConstCsr(&CA, 3, 5, 4, Off, Ind, Val, CUSPARSE_INDEX_32I,
                                  CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  const void *CP;
  CHECK_OK(cusparseConstSpMatGetValues(CA, &CP));
  CHECK(CP == Val);
  CHECK_OK(cusparseDestroySpMat(CA));

  cusparseDnVecDescr_t X;
  CHECK_OK(cusparseCreateDnVec(&X, 4, Val, CUDA_R_32F));
  CHECK_OK(cusparseDnVecGet(X, &N, &P1, &DT));
  CHECK(N == 4 && P1 == Val && DT == CUDA_R_32F);
  CHECK_OK(cusparseDnVecSetValues(X, V2));
  CHECK_OK(cusparseDnVecGetValues(X, &P1));
  CHECK(P1 == V2);
  CHECK(cusparseDnVecSetValues(X, nullptr) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(cusparseDnVecGet(X, nullptr, &P1, &DT) == CUSPARSE_STATUS_INVALID_VALUE);
  CHECK_OK(cusparseDestroyDnVec(X));
  cusparseConstDnVecDescr_t CX;
  CHECK_OK(cusparseCreateConstDnVec(&CX, 4, Val, CUDA_R_32F));
  CHECK_OK(cusparseConstDnVecGetValues(CX, &CP));
  CHECK(CP == Val);
  CHECK_OK(cusparseDestroyDnVec(CX));
  CHECK_OK(cusparseDestroyDnVec(nullptr));

  // Bad descriptor arguments.
  const cusparseStatus_t Inv = CUSPARSE_STATUS_INVALID_VALUE;
  const cusparseIndexType_t I32 = CUSPARSE_INDEX_32I;
  const cusparseIndexBase_t B0 = CUSPARSE_INDEX_BASE_ZERO;
  CHECK(cusparseCreateCsr(nullptr, 3, 5, 4, Off, Ind, Val, I32, I32, B0, CUDA_R_32F) == Inv);
  CHECK(cusparseCreateCsr(&A, -1, 5, 4, Off, Ind, Val, I32, I32, B0, CUDA_R_32F) == Inv);
  CHECK(cusparseCreateCsr(&A, 3, -5, 4, Off, Ind, Val, I32, I32, B0, CUDA_R_32F) == Inv);
  CHECK(cusparseCreateCsr(&A, 3, 5, -4, Off, Ind, Val, I32, I32, B0, CUDA_R_32F) == Inv);
  CHECK(cusparseCreateCsr(&A, 3, 5, 16, Off, Ind, Val, I32, I32, B0, CUDA_R_32F) == Inv); // > 3*5
  CHECK(cusparseCreateCsr(&A, 3, 5, 4, Off, nullptr, Val, I32, I32, B0, CUDA_R_32F) == Inv);
  CHECK(cusparseCreateCsr(&A, 3, 5, 4, Off, Ind, nullptr, I32, I32, B0, CUDA_R_32F) == Inv);
  CHECK(cusparseCreateCsr(&A, 3, 5, 4, Off, Ind, Val, (cusparseIndexType_t)7, I32, B0,
                          CUDA_R_32F) == Inv);
  CHECK(cusparseCreateCsr(&A, 3, 5, 4, Off, Ind, Val, I32, I32, (cusparseIndexBase_t)3,
                          CUDA_R_32F) == Inv);
  CHECK(cusparseCreateCsr(&A, 3, 5, 4, Off, Ind, Val, I32, I32, B0, (cudaDataType)99) == Inv);
  CHECK(cusparseCreateCsr(&A, 3, int64_t(1) << 32, 4, Off, Ind, Val, I32, I32, B0, CUDA_R_32F) ==
        Inv); // 2^32 columns with 32-bit column indices
  CHECK(cusparseCreateCoo(&A, 3, 5, 4, nullptr, Ind, Val, I32, B0, CUDA_R_32F) == Inv);
  CHECK(cusparseCreateCoo(&A, 3, 5, -1, Off, Ind, Val, I32, B0, CUDA_R_32F) == Inv);
  CHECK(cusparseCreateDnVec(nullptr, 4, Val, CUDA_R_32F) == Inv);
  CHECK(cusparseCreateDnVec(&X, -4, Val, CUDA_R_32F) == Inv);
  CHECK(cusparseCreateDnVec(&X, 4, nullptr, CUDA_R_32F) == Inv);
  CHECK(cusparseSpMatGetSize(nullptr, &R, &C, &N) == Inv);
}

/// CUSPARSE_* codes of SpMV for bad arguments and unsupported combinations.
static void testSpMVErrors(cusparseHandle_t H) {
  const cusparseStatus_t Inv = CUSPARSE_STATUS_INVALID_VALUE, NotSup = CUSPARSE_STATUS_NOT_SUPPORTED;
  const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE, T = CUSPARSE_OPERATION_TRANSPOSE;
  const cusparseSpMVAlg_t Def = CUSPARSE_SPMV_ALG_DEFAULT;
  int32_t Off[4] = {0, 1, 3, 4}, Ind[4] = {0, 1, 2, 0};
  float Val[4] = {1, 2, 3, 4}, X[5] = {1, 1, 1, 1, 1}, Y[3] = {7, 7, 7};
  double XD[5] = {}, YD[3] = {};
  int16_t Off16[4] = {0, 1, 3, 4};
  float One = 1, Zero = 0;
  cusparseSpMatDescr_t A, A16, Coo;
  cusparseDnVecDescr_t VX, VY, VXD, VYD, VXLong, VX16;
  CHECK_OK(cusparseCreateCsr(&A, 3, 5, 4, Off, Ind, Val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_OK(cusparseCreateCsr(&A16, 3, 5, 4, Off16, Ind, Val, CUSPARSE_INDEX_16U,
                             CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_OK(cusparseCreateCoo(&Coo, 3, 5, 4, Ind, Ind, Val, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_OK(cusparseCreateDnVec(&VX, 5, X, CUDA_R_32F));
  CHECK_OK(cusparseCreateDnVec(&VY, 3, Y, CUDA_R_32F));
  CHECK_OK(cusparseCreateDnVec(&VXD, 5, XD, CUDA_R_64F));
  CHECK_OK(cusparseCreateDnVec(&VYD, 3, YD, CUDA_R_64F));
  CHECK_OK(cusparseCreateDnVec(&VXLong, 4, X, CUDA_R_32F));
  CHECK_OK(cusparseCreateDnVec(&VX16, 5, X, CUDA_R_16F));
  size_t Size;
  void *Buf = nullptr;
  CHECK(cusparseSpMV(nullptr, N, &One, A, VX, &Zero, VY, CUDA_R_32F, Def, Buf) ==
        CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseSpMV_bufferSize(nullptr, N, &One, A, VX, &Zero, VY, CUDA_R_32F, Def, &Size) ==
        CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseSpMV_bufferSize(H, N, &One, A, VX, &Zero, VY, CUDA_R_32F, Def, nullptr) == Inv);
  CHECK(cusparseSpMV(H, N, nullptr, A, VX, &Zero, VY, CUDA_R_32F, Def, Buf) == Inv);
  CHECK(cusparseSpMV(H, N, &One, A, VX, nullptr, VY, CUDA_R_32F, Def, Buf) == Inv);
  CHECK(cusparseSpMV(H, N, &One, nullptr, VX, &Zero, VY, CUDA_R_32F, Def, Buf) == Inv);
  CHECK(cusparseSpMV(H, N, &One, A, nullptr, &Zero, VY, CUDA_R_32F, Def, Buf) == Inv);
  CHECK(cusparseSpMV(H, N, &One, A, VX, &Zero, nullptr, CUDA_R_32F, Def, Buf) == Inv);
  CHECK(cusparseSpMV(H, (cusparseOperation_t)3, &One, A, VX, &Zero, VY, CUDA_R_32F, Def, Buf) ==
        Inv);
  // x and y must fit op(A): 3 x 5 for N, 5 x 3 for T.
  CHECK(cusparseSpMV(H, T, &One, A, VX, &Zero, VY, CUDA_R_32F, Def, Buf) == Inv);
  CHECK(cusparseSpMV(H, N, &One, A, VXLong, &Zero, VY, CUDA_R_32F, Def, Buf) == Inv);
  CHECK(cusparseSpMV(H, N, &One, A, VX, &Zero, VXLong, CUDA_R_32F, Def, Buf) == Inv);
  CHECK(cusparseSpMV(H, N, &One, A, VX, &Zero, VY, CUDA_R_32F, (cusparseSpMVAlg_t)42, Buf) == Inv);
  // Unsupported: 16-bit indices, types that differ from the computation's
  // or that SpMV does not compute in, an algorithm of another format.
  CHECK(cusparseSpMV(H, N, &One, A16, VX, &Zero, VY, CUDA_R_32F, Def, Buf) == NotSup);
  CHECK(cusparseSpMV(H, N, &One, A, VXD, &Zero, VY, CUDA_R_32F, Def, Buf) == NotSup);
  CHECK(cusparseSpMV(H, N, &One, A, VX, &Zero, VY, CUDA_R_64F, Def, Buf) == NotSup);
  CHECK(cusparseSpMV(H, N, &One, A, VX16, &Zero, VY, CUDA_R_16F, Def, Buf) == NotSup);
  CHECK(cusparseSpMV(H, N, &One, A, VX, &Zero, VY, CUDA_R_32F, CUSPARSE_SPMV_COO_ALG1, Buf) ==
        NotSup);
  CHECK(cusparseSpMV(H, N, &One, Coo, VX, &Zero, VY, CUDA_R_32F, CUSPARSE_SPMV_CSR_ALG1, Buf) ==
        NotSup);
  CHECK(cusparseSpMV(H, N, &One, A, VX, &Zero, VY, CUDA_R_32F, CUSPARSE_SPMV_SELL_ALG1, Buf) ==
        NotSup);
  // A double matrix with float vectors: not a supported mix.
  cusparseSpMatDescr_t AD;
  double ValD[4] = {};
  CHECK_OK(cusparseCreateCsr(&AD, 3, 5, 4, Off, Ind, ValD, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
  CHECK(cusparseSpMV(H, N, &One, AD, VX, &Zero, VY, CUDA_R_32F, Def, Buf) == NotSup);
  CHECK_OK(cusparseDestroySpMat(AD));
  // A const y.
  cusparseConstDnVecDescr_t CY;
  CHECK_OK(cusparseCreateConstDnVec(&CY, 3, Y, CUDA_R_32F));
  CHECK(cusparseSpMV(H, N, &One, A, VX, &Zero, (cusparseDnVecDescr_t)CY, CUDA_R_32F, Def, Buf) ==
        Inv);
  CHECK_OK(cusparseDestroyDnVec(CY));
  // A CSR matrix whose arrays were never set.
  cusparseSpMatDescr_t Unset;
  CHECK_OK(cusparseCreateCsr(&Unset, 3, 5, 0, nullptr, nullptr, nullptr, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK(cusparseSpMV(H, N, &One, Unset, VX, &Zero, VY, CUDA_R_32F, Def, Buf) == Inv);
  CHECK_OK(cusparseDestroySpMat(Unset));
  // None of the refused calls wrote y.
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK(Y[0] == 7 && Y[1] == 7 && Y[2] == 7);
  // The CUDA 11 algorithm names still work; the buffer size is known.
  Size = 99;
  CHECK_OK(cusparseSpMV_bufferSize(H, N, &One, A, VX, &Zero, VY, CUDA_R_32F,
                                   CUSPARSE_MV_ALG_DEFAULT, &Size));
  CHECK(Size < 99);
  CHECK_OK(cusparseSpMV_preprocess(H, N, &One, A, VX, &Zero, VY, CUDA_R_32F, CUSPARSE_CSRMV_ALG1,
                                   nullptr));
  CHECK_OK(cusparseSpMV(H, N, &One, A, VX, &Zero, VY, CUDA_R_32F, CUSPARSE_CSRMV_ALG1, Buf));
  CHECK_OK(cusparseSpMV(H, N, &One, Coo, VX, &Zero, VY, CUDA_R_32F, CUSPARSE_COOMV_ALG, Buf));
  CHECK_CUDA(cudaDeviceSynchronize());
  for (auto *D : {A, A16, Coo})
    CHECK_OK(cusparseDestroySpMat(D));
  for (auto *V : {VX, VY, VXD, VYD, VXLong, VX16})
    CHECK_OK(cusparseDestroyDnVec(V));
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
__global__ void setScalar(float *P, float V) { *P = V; }
/// Holds its stream until the host opens the gate: work enqueued behind it
/// cannot have run when the host's call returns, whatever the timing.
__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}

/// A diagonal-plus-neighbours N x N CSR matrix (2 on the diagonal, -1 off):
/// (A x)[i] = 2 x[i] - x[i-1] - x[i+1].
struct Tridiag {
  int N;
  int *Off, *Col;
  float *Val;
  cusparseSpMatDescr_t A;
  explicit Tridiag(int N) : N(N) {
    std::vector<int> O{0}, C;
    std::vector<float> V;
    for (int I = 0; I < N; ++I) {
      for (int J = I - 1; J <= I + 1; ++J)
        if (J >= 0 && J < N) {
          C.push_back(J);
          V.push_back(J == I ? 2.0f : -1.0f);
        }
      O.push_back((int)C.size());
    }
    Off = dev(O);
    Col = dev(C);
    Val = dev(V);
    CHECK_OK(cusparseCreateCsr(&A, N, N, (int64_t)C.size(), Off, Col, Val, CUSPARSE_INDEX_32I,
                               CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  }
  ~Tridiag() {
    CHECK_OK(cusparseDestroySpMat(A));
    cudaFree(Off);
    cudaFree(Col);
    cudaFree(Val);
  }
  /// (A x)[i] for x[i] = V + i.
  float applied(int I, float V) const {
    float S = 2 * (V + I);
    if (I > 0)
      S -= V + I - 1;
    if (I + 1 < N)
      S -= V + I + 1;
    return S;
  }
};

static void testStreams(cusparseHandle_t H) {
  const int N = 4096;
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));
  CHECK_OK(cusparseSetStream(H, S));
  Tridiag M(N);
  float *X, *Y, *Y2, *DAlpha;
  CHECK_CUDA(cudaMalloc(&X, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&Y, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&Y2, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DAlpha, sizeof(float)));
  CHECK_CUDA(cudaMemset(X, 0, N * sizeof(float)));
  CHECK_CUDA(cudaMemset(Y, 0, N * sizeof(float)));
  CHECK_CUDA(cudaMemset(Y2, 0, N * sizeof(float)));
  cusparseDnVecDescr_t VX, VY;
  CHECK_OK(cusparseCreateDnVec(&VX, N, X, CUDA_R_32F));
  CHECK_OK(cusparseCreateDnVec(&VY, N, Y, CUDA_R_32F));
  int *Open;
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));

  // gate -> kernel writes x -> SpMV -> kernel doubles y, the host never
  // waiting. alpha (host mode) and the descriptors change after the call:
  // the call has read them already.
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  fill<<<(N + 255) / 256, 256, 0, S>>>(X, N, 1.0f);
  float Alpha = 3, Beta = 0;
  CHECK_OK(cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, M.A, VX, &Beta, VY,
                        CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, nullptr));
  Alpha = 100;
  CHECK_OK(cusparseDnVecSetValues(VY, Y2));
  twice<<<(N + 255) / 256, 256, 0, S>>>(Y, N);
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::vector<float> Yh = host(Y, N), Y2h = host(Y2, N);
  bool Ok = true, Untouched = true;
  for (int I = 0; I < N; ++I) {
    Ok &= Yh[I] == 6.0f * M.applied(I, 1.0f);
    Untouched &= Y2h[I] == 0;
  }
  CHECK(Ok, "SpMV did not run between the kernels around it");
  CHECK(Untouched, "SpMV wrote the y set after the call");
  CHECK_OK(cusparseDnVecSetValues(VY, Y));

  // Device mode: alpha is read when the work runs, after the kernel that sets it.
  CHECK_OK(cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_DEVICE));
  float *DBeta;
  CHECK_CUDA(cudaMalloc(&DBeta, sizeof(float)));
  CHECK_CUDA(cudaMemset(DBeta, 0, sizeof(float)));
  setScalar<<<1, 1, 0, S>>>(DAlpha, 0.0f);
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  setScalar<<<1, 1, 0, S>>>(DAlpha, 0.5f);
  CHECK_OK(cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, DAlpha, M.A, VX, DBeta, VY,
                        CUDA_R_32F, CUSPARSE_SPMV_CSR_ALG1, nullptr));
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(S));
  Yh = host(Y, N);
  Ok = true;
  for (int I = 0; I < N; ++I)
    Ok &= Yh[I] == 0.5f * M.applied(I, 1.0f);
  CHECK(Ok, "device-mode alpha not read when the work ran");
  CHECK_OK(cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_HOST));
  CHECK_CUDA(cudaFreeHost(Open));

  // The legacy default stream: SpMV sees the kernel before it, cudaMemcpy
  // waits for it.
  CHECK_OK(cusparseSetStream(H, 0));
  fill<<<(N + 255) / 256, 256>>>(X, N, 2.0f);
  Alpha = 1;
  CHECK_OK(cusparseSpMV(H, CUSPARSE_OPERATION_TRANSPOSE, &Alpha, M.A, VX, &Beta, VY, CUDA_R_32F,
                        CUSPARSE_SPMV_ALG_DEFAULT, nullptr));
  Yh = host(Y, N);
  Ok = true;
  for (int I = 0; I < N; ++I)
    Ok &= Yh[I] == M.applied(I, 2.0f); // symmetric: A^T = A
  CHECK(Ok, "SpMV on the legacy stream");

  // A call captured into a graph runs at every launch (the CG samples'
  // pattern: SpMV, then a kernel on its result).
  CHECK_OK(cusparseSetStream(H, S));
  CHECK_CUDA(cudaMemset(Y, 0, N * sizeof(float)));
  fill<<<(N + 255) / 256, 256>>>(X, N, 0.0f);
  CHECK_CUDA(cudaDeviceSynchronize());
  Beta = 1;
  cudaGraph_t G;
  cudaGraphExec_t E;
  CHECK_CUDA(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
  CHECK_OK(cusparseSpMV(H, CUSPARSE_OPERATION_NON_TRANSPOSE, &Alpha, M.A, VX, &Beta, VY,
                        CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, nullptr));
  twice<<<(N + 255) / 256, 256, 0, S>>>(Y, N);
  CHECK_CUDA(cudaStreamEndCapture(S, &G));
  CHECK_CUDA(cudaGraphInstantiate(&E, G, 0));
  for (int I = 0; I < 3; ++I)
    CHECK_CUDA(cudaGraphLaunch(E, S));
  CHECK_CUDA(cudaStreamSynchronize(S));
  // y: 0 -> 2a -> 6a -> 14a, a = A x.
  Yh = host(Y, N);
  Ok = true;
  for (int I = 0; I < N; ++I)
    Ok &= Yh[I] == 14 * M.applied(I, 0.0f);
  CHECK(Ok, "SpMV captured into a graph");
  CHECK_CUDA(cudaGraphExecDestroy(E));
  CHECK_CUDA(cudaGraphDestroy(G));

  CHECK_OK(cusparseSetStream(H, 0));
  CHECK_OK(cusparseDestroyDnVec(VX));
  CHECK_OK(cusparseDestroyDnVec(VY));
  for (float *P : {X, Y, Y2, DAlpha, DBeta})
    CHECK_CUDA(cudaFree(P));
  CHECK_CUDA(cudaStreamDestroy(S));

  // A handle destroyed after its stream leaves no error behind.
  cusparseHandle_t H2;
  CHECK_OK(cusparseCreate(&H2));
  CHECK_CUDA(cudaStreamCreate(&S));
  CHECK_OK(cusparseSetStream(H2, S));
  CHECK_CUDA(cudaStreamDestroy(S));
  CHECK_OK(cusparseDestroy(H2));
  CHECK(cudaGetLastError() == cudaSuccess);
}

int main() {
  // Three threads for the large products, whatever the machine has (the
  // second RUN line checks one).
  setenv("LOOM_CUSPARSE_THREADS", "3", 0);
  cusparseHandle_t H;
  CHECK_OK(cusparseCreate(&H));
  testHandleAndDescriptors();
  testSpMVErrors(H);
  testSpMV(H);
  testStreams(H);
  CHECK_OK(cusparseDestroy(H));
  return finish("sparse_spmv");
}

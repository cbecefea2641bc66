// cuSPARSE SpGEMM and the format conversions against CPU references:
// SpGEMM (C = alpha A B, then C' = alpha A B + beta C in C's pattern) for
// float, double and both complex types, 32/64-bit indices and every mix of
// index bases, through the documented two-call buffer protocol with
// cusparseSpMatGetSize and cusparseCsrSetPointers; csr2cscEx2 (numeric and
// symbolic, both bases, a 16-byte and a 2-byte type); sparse-to-dense
// (CSR/CSC/COO, both orders) and dense-to-sparse (analysis, then
// convert) for the four types; coo2csr/csr2coo. Also status codes, the
// calls that return sizes waiting for the stream (behind a kernel that
// waits for the host), and the stream-ordered ones not running early.
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcusparse && %t | FileCheck %s
// CHECK: sparse_spgemm_convert: OK
#include <cusparse.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <map>
#include <thread>
#include <vector>

#define SPARSE_TEST_SEED 99
#include "Inputs/sparse_test.h"

/// A 2-byte type for csr2cscEx2, which moves values of any type.
template <> struct Ty<short> {
  static constexpr cudaDataType Id = CUDA_R_16F;
  static short make(Cx V) { return short(V.real() * 1000); }
};

/// A dense Rows x Cols matrix (row-major) with about Density nonzeros.
static std::vector<Cx> randomDense(int Rows, int Cols, double Density) {
  std::vector<Cx> D(size_t(Rows * Cols), 0);
  for (Cx &X : D)
    if ((rnd() + 1) / 2 < Density)
      X = Cx(rnd(), rnd());
  return D;
}

/// CSR arrays of a row-major dense matrix.
template <class V, class I> struct HostCsr {
  std::vector<I> Off, Ind;
  std::vector<V> Val;
  HostCsr(const std::vector<Cx> &D, int Rows, int Cols, int Base) {
    Off.push_back(I(Base));
    for (int R = 0; R < Rows; ++R) {
      for (int C = 0; C < Cols; ++C)
        if (D[R * Cols + C] != Cx(0)) {
          Ind.push_back(I(C + Base));
          Val.push_back(Ty<V>::make(D[R * Cols + C]));
        }
      Off.push_back(I(Ind.size() + Base));
    }
  }
};

template <class V> static std::vector<Cx> rounded(const std::vector<Cx> &D) {
  std::vector<Cx> R;
  for (Cx X : D)
    R.push_back(toC(Ty<V>::make(X)));
  return R;
}

template <class V, class I> void checkSpGEMM(cusparseHandle_t H, int BaseA, int BaseB, int BaseC, bool DeviceScalars) {
  const cusparseIndexType_t IT = sizeof(I) == 4 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
  auto ib = [](int B) { return B ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO; };
  const int M = 9, K = 7, N = 8;
  std::vector<Cx> Ad = rounded<V>(randomDense(M, K, 0.3)), Bd = rounded<V>(randomDense(K, N, 0.3));
  for (int C = 0; C < K; ++C) // an empty row of A
    Ad[4 * K + C] = 0;
  HostCsr<V, I> Ah(Ad, M, K, BaseA), Bh(Bd, K, N, BaseB);
  I *AO = dev(Ah.Off), *AI = dev(Ah.Ind), *BO = dev(Bh.Off), *BI = dev(Bh.Ind);
  V *AV = dev(Ah.Val), *BV = dev(Bh.Val);
  cusparseSpMatDescr_t A, B, C;
  CHECK_OK(cusparseCreateCsr(&A, M, K, (int64_t)Ah.Ind.size(), AO, AI, AV, IT, IT, ib(BaseA), Ty<V>::Id));
  CHECK_OK(cusparseCreateCsr(&B, K, N, (int64_t)Bh.Ind.size(), BO, BI, BV, IT, IT, ib(BaseB), Ty<V>::Id));
  CHECK_OK(cusparseCreateCsr(&C, M, N, 0, nullptr, nullptr, nullptr, IT, IT, ib(BaseC), Ty<V>::Id));
  const V Alpha = Ty<V>::make(Cx(1.5, 0.5)), Beta0 = Ty<V>::make(Cx(0)), Beta1 = Ty<V>::make(Cx(-2, 1));
  V *DAl = dev(std::vector<V>{Alpha}), *DBe0 = dev(std::vector<V>{Beta0}), *DBe1 = dev(std::vector<V>{Beta1});
  CHECK_OK(cusparseSetPointerMode(H, DeviceScalars ? CUSPARSE_POINTER_MODE_DEVICE : CUSPARSE_POINTER_MODE_HOST));
  const void *PA = DeviceScalars ? (const void *)DAl : &Alpha;
  const void *PB0 = DeviceScalars ? (const void *)DBe0 : &Beta0, *PB1 = DeviceScalars ? (const void *)DBe1 : &Beta1;
  const auto Op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const auto Alg = CUSPARSE_SPGEMM_DEFAULT;
  cusparseSpGEMMDescr_t D;
  CHECK_OK(cusparseSpGEMM_createDescr(&D));
  size_t S1 = 0, S2 = 0;
  void *B1 = nullptr, *B2 = nullptr;
  CHECK_OK(cusparseSpGEMM_workEstimation(H, Op, Op, PA, A, B, PB0, C, Ty<V>::Id, Alg, D, &S1, nullptr));
  CHECK(S1 > 0);
  CHECK_CUDA(cudaMalloc(&B1, S1));
  CHECK_OK(cusparseSpGEMM_workEstimation(H, Op, Op, PA, A, B, PB0, C, Ty<V>::Id, Alg, D, &S1, B1));
  // The number of multiplications.
  int64_t Prods = 0, Want = 0;
  CHECK_OK(cusparseSpGEMM_getNumProducts(D, &Prods));
  for (int R = 0; R < M; ++R)
    for (int Kk = 0; Kk < K; ++Kk)
      if (Ad[R * K + Kk] != Cx(0))
        for (int Cc = 0; Cc < N; ++Cc)
          Want += Bd[Kk * N + Cc] != Cx(0);
  CHECK(Prods == Want, "products %lld, want %lld", (long long)Prods, (long long)Want);
  CHECK_OK(cusparseSpGEMM_compute(H, Op, Op, PA, A, B, PB0, C, Ty<V>::Id, Alg, D, &S2, nullptr));
  CHECK(S2 > 0);
  CHECK_CUDA(cudaMalloc(&B2, S2));
  CHECK_OK(cusparseSpGEMM_compute(H, Op, Op, PA, A, B, PB0, C, Ty<V>::Id, Alg, D, &S2, B2));
  // The reference: A B's structural pattern (sorted columns) and values.
  std::vector<Cx> Ref(size_t(M * N), 0);
  std::vector<bool> Pat(size_t(M * N), false);
  int64_t RefNnz = 0;
  for (int R = 0; R < M; ++R)
    for (int Kk = 0; Kk < K; ++Kk)
      if (Ad[R * K + Kk] != Cx(0))
        for (int Cc = 0; Cc < N; ++Cc)
          if (Bd[Kk * N + Cc] != Cx(0)) {
            Ref[R * N + Cc] += toC(Alpha) * Ad[R * K + Kk] * Bd[Kk * N + Cc];
            Pat[R * N + Cc] = true;
          }
  for (bool P : Pat)
    RefNnz += P;
  int64_t Rows, Cols, Nnz;
  CHECK_OK(cusparseSpMatGetSize(C, &Rows, &Cols, &Nnz));
  CHECK(Rows == M && Cols == N && Nnz == RefNnz, "C nnz %lld, want %lld", (long long)Nnz, (long long)RefNnz);
  std::vector<I> Sentinel(size_t(Nnz + 1), I(-7));
  I *CO = dev(std::vector<I>(M + 1, I(-7))), *CI = dev(Sentinel);
  V *CV = dev(std::vector<V>(size_t(Nnz + 1), Ty<V>::make(Cx(NAN, NAN))));
  CHECK_OK(cusparseCsrSetPointers(C, CO, CI, CV));
  CHECK_OK(cusparseSpGEMM_copy(H, Op, Op, PA, A, B, PB0, C, Ty<V>::Id, Alg, D));
  CHECK_OK(cusparseSpGEMM_destroyDescr(D)); // the queued copy keeps what it needs
  CHECK_CUDA(cudaDeviceSynchronize());
  auto check = [&](double Factor, const std::vector<Cx> &Extra, const char *What) {
    std::vector<I> Oh = host(CO, M + 1), Ih = host(CI, Nnz);
    std::vector<V> Vh = host(CV, Nnz);
    bool Ok = Oh[0] == BaseC;
    int64_t Kc = 0;
    for (int R = 0; R < M && Ok; ++R) {
      for (int Cc = 0; Cc < N; ++Cc)
        if (Pat[R * N + Cc]) {
          Cx Want = Factor * Ref[R * N + Cc] + Extra[R * N + Cc];
          Ok &= Kc < Nnz && Ih[Kc] == I(Cc + BaseC) &&
                std::abs(toC(Vh[Kc]) - Want) <= Ty<V>::Tol * 10 * (1 + std::abs(Want));
          ++Kc;
        }
      Ok &= Oh[R + 1] == I(Kc + BaseC);
    }
    CHECK(Ok, "SpGEMM %s: type %d idx %zu bases %d%d%d dev %d", What, (int)Ty<V>::Id, sizeof(I), BaseA, BaseB, BaseC, DeviceScalars);
  };
  std::vector<Cx> None(size_t(M * N), 0);
  check(1, None, "alpha A B");
  // C' = alpha A B + beta C with C in A B's pattern: run the protocol again.
  CHECK_OK(cusparseSpGEMM_createDescr(&D));
  CHECK_OK(cusparseSpGEMM_workEstimation(H, Op, Op, PA, A, B, PB1, C, Ty<V>::Id, Alg, D, &S1, B1));
  CHECK_OK(cusparseSpGEMM_compute(H, Op, Op, PA, A, B, PB1, C, Ty<V>::Id, Alg, D, &S2, B2));
  CHECK_OK(cusparseSpGEMM_copy(H, Op, Op, PA, A, B, PB1, C, Ty<V>::Id, Alg, D));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<Cx> BetaC(size_t(M * N), 0);
  for (size_t I0 = 0; I0 < BetaC.size(); ++I0)
    BetaC[I0] = toC(Beta1) * Ref[I0];
  check(1, BetaC, "alpha A B + beta C");
  CHECK_OK(cusparseSpGEMM_destroyDescr(D));
  CHECK_OK(cusparseSetPointerMode(H, CUSPARSE_POINTER_MODE_HOST));
  for (auto *X : {A, B, C})
    CHECK_OK(cusparseDestroySpMat(X));
  for (void *X : {(void *)AO, (void *)AI, (void *)BO, (void *)BI, (void *)AV, (void *)BV, (void *)CO, (void *)CI, (void *)CV,
                  (void *)DAl, (void *)DBe0, (void *)DBe1, B1, B2})
    CHECK_CUDA(cudaFree(X));
}

/// cusparseSpGEMMreuse_*: the pattern once, then values for new A and B values.
template <class V, class I> void checkReuse(cusparseHandle_t H, int BaseA, int BaseC) {
  const cusparseIndexType_t IT = sizeof(I) == 4 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
  auto ib = [](int B) { return B ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO; };
  const int M = 6, K = 8, N = 7;
  std::vector<Cx> Ad = rounded<V>(randomDense(M, K, 0.35)), Bd = rounded<V>(randomDense(K, N, 0.35));
  HostCsr<V, I> Ah(Ad, M, K, BaseA), Bh(Bd, K, N, 0);
  I *AO = dev(Ah.Off), *AI = dev(Ah.Ind), *BO = dev(Bh.Off), *BI = dev(Bh.Ind);
  I *CO = dev(std::vector<I>(M + 1, I(-5)));
  V *AV = dev(Ah.Val), *BV = dev(Bh.Val);
  cusparseSpMatDescr_t A, B, C;
  CHECK_OK(cusparseCreateCsr(&A, M, K, (int64_t)Ah.Ind.size(), AO, AI, AV, IT, IT, ib(BaseA), Ty<V>::Id));
  CHECK_OK(cusparseCreateCsr(&B, K, N, (int64_t)Bh.Ind.size(), BO, BI, BV, IT, IT, CUSPARSE_INDEX_BASE_ZERO, Ty<V>::Id));
  CHECK_OK(cusparseCreateCsr(&C, M, N, 0, CO, nullptr, nullptr, IT, IT, ib(BaseC), Ty<V>::Id));
  cusparseSpGEMMDescr_t D;
  CHECK_OK(cusparseSpGEMM_createDescr(&D));
  const auto Op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  const auto Alg = CUSPARSE_SPGEMM_CSR_ALG_DETERMINITIC;
  size_t S1 = 0, S2 = 0, S3 = 0, S4 = 0, S5 = 0;
  char *Buf;
  CHECK_CUDA(cudaMalloc(&Buf, 4096));
  CHECK_OK(cusparseSpGEMMreuse_workEstimation(H, Op, Op, A, B, C, Alg, D, &S1, nullptr));
  CHECK(S1 > 0 && S1 <= 1024);
  CHECK_OK(cusparseSpGEMMreuse_workEstimation(H, Op, Op, A, B, C, Alg, D, &S1, Buf));
  CHECK_OK(cusparseSpGEMMreuse_nnz(H, Op, Op, A, B, C, Alg, D, &S2, nullptr, &S3, nullptr, &S4, nullptr));
  CHECK(S2 > 0 && S3 > 0 && S4 > 0);
  CHECK_OK(cusparseSpGEMMreuse_nnz(H, Op, Op, A, B, C, Alg, D, &S2, Buf, &S3, Buf + 1024, &S4, Buf + 2048));
  int64_t R0, C0, Nnz;
  CHECK_OK(cusparseSpMatGetSize(C, &R0, &C0, &Nnz));
  I *CI = dev(std::vector<I>(size_t(Nnz + 1)));
  V *CV = dev(std::vector<V>(size_t(Nnz + 1), Ty<V>::make(Cx(NAN, NAN))));
  CHECK_OK(cusparseCsrSetPointers(C, CO, CI, CV));
  CHECK(cusparseSpGEMMreuse_compute(H, Op, Op, Buf, A, B, Buf, C, Ty<V>::Id, Alg, D) == CUSPARSE_STATUS_INVALID_VALUE); // before copy
  CHECK_OK(cusparseSpGEMMreuse_copy(H, Op, Op, A, B, C, Alg, D, &S5, nullptr));
  CHECK_OK(cusparseSpGEMMreuse_copy(H, Op, Op, A, B, C, Alg, D, &S5, Buf + 3072));
  for (int Round = 0; Round < 3; ++Round) {
    // New values of A (same pattern) for rounds 1 and 2; round 2 adds beta C.
    if (Round == 1) {
      for (size_t K0 = 0; K0 < Ah.Val.size(); ++K0)
        Ah.Val[K0] = Ty<V>::make(Cx(rnd(), rnd()));
      CHECK_CUDA(cudaMemcpy(AV, Ah.Val.data(), Ah.Val.size() * sizeof(V), cudaMemcpyHostToDevice));
      int64_t Kk = 0;
      for (int R = 0; R < M; ++R)
        for (int Cc = 0; Cc < K; ++Cc)
          if (Ad[R * K + Cc] != Cx(0))
            Ad[R * K + Cc] = toC(Ah.Val[Kk++]);
    }
    const V Alpha = Ty<V>::make(Cx(0.5, 1)), Beta = Ty<V>::make(Round == 2 ? Cx(2, 0) : Cx(0));
    CHECK_OK(cusparseSpGEMMreuse_compute(H, Op, Op, &Alpha, A, B, &Beta, C, Ty<V>::Id, Alg, D));
    CHECK_CUDA(cudaDeviceSynchronize());
    std::vector<I> Oh = host(CO, M + 1), Ih = host(CI, Nnz);
    std::vector<V> Vh = host(CV, Nnz);
    bool Ok = Oh[0] == I(BaseC);
    int64_t Kk = 0;
    for (int R = 0; R < M; ++R) {
      for (int Cc = 0; Cc < N; ++Cc) {
        bool In = false;
        Cx Sum = 0;
        for (int Q = 0; Q < K; ++Q)
          if (Ad[R * K + Q] != Cx(0) && Bd[Q * N + Cc] != Cx(0)) {
            In = true;
            Sum += Ad[R * K + Q] * Bd[Q * N + Cc];
          }
        if (!In)
          continue;
        Cx Want = toC(Alpha) * Sum * (Round == 2 ? 3.0 : 1.0); // beta C = 2 alpha A B
        Ok &= Kk < Nnz && Ih[Kk] == I(Cc + BaseC) && std::abs(toC(Vh[Kk]) - Want) <= 1e-4 * (1 + std::abs(Want));
        ++Kk;
      }
      Ok &= Oh[R + 1] == I(Kk + BaseC);
    }
    CHECK(Ok && Kk == Nnz, "SpGEMMreuse round %d type %d idx %zu bases %d%d", Round, (int)Ty<V>::Id, sizeof(I), BaseA, BaseC);
  }
  CHECK_OK(cusparseSpGEMM_destroyDescr(D));
  for (auto *X : {A, B, C})
    CHECK_OK(cusparseDestroySpMat(X));
  for (void *X : {(void *)AO, (void *)AI, (void *)BO, (void *)BI, (void *)CO, (void *)AV, (void *)BV, (void *)CI, (void *)CV, (void *)Buf})
    CHECK_CUDA(cudaFree(X));
}

template <class V> void checkCsr2csc(cusparseHandle_t H, cudaDataType Type, int Base) {
  const int M = 6, N = 9;
  std::vector<Cx> Dd = randomDense(M, N, 0.35);
  HostCsr<V, int> A(Dd, M, N, Base);
  int Nnz = (int)A.Ind.size();
  int *RO = dev(A.Off), *RI = dev(A.Ind), *CO = dev(std::vector<int>(N + 1, -1)), *CI = dev(std::vector<int>(Nnz + 1, -1));
  V *RV = dev(A.Val), *CV = dev(std::vector<V>(Nnz + 1));
  size_t Size = 0;
  CHECK_OK(cusparseCsr2cscEx2_bufferSize(H, M, N, Nnz, RV, RO, RI, CV, CO, CI, Type, CUSPARSE_ACTION_NUMERIC,
                                         Base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, &Size));
  void *Buf;
  CHECK_CUDA(cudaMalloc(&Buf, Size + 1));
  for (auto Act : {CUSPARSE_ACTION_SYMBOLIC, CUSPARSE_ACTION_NUMERIC}) {
    CHECK_OK(cusparseCsr2cscEx2(H, M, N, Nnz, RV, RO, RI, CV, CO, CI, Type, Act,
                                Base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG_DEFAULT, Buf));
    std::vector<int> Oh = host(CO, N + 1), Ih = host(CI, Nnz);
    std::vector<V> Vh = host(CV, Nnz);
    bool Ok = Oh[0] == Base;
    int Kk = 0;
    for (int C = 0; C < N; ++C) {
      for (int R = 0; R < M; ++R)
        if (Dd[R * N + C] != Cx(0)) {
          Ok &= Ih[Kk] == R + Base;
          if (Act == CUSPARSE_ACTION_NUMERIC)
            Ok &= toC(Vh[Kk]) == toC(Ty<V>::make(Dd[R * N + C]));
          else
            Ok &= toC(Vh[Kk]) == Cx(0); // symbolic: values untouched
          ++Kk;
        }
      Ok &= Oh[C + 1] == Kk + Base;
    }
    CHECK(Ok, "csr2cscEx2 type %d base %d action %d", (int)Type, Base, (int)Act);
  }
  for (void *X : {(void *)RO, (void *)RI, (void *)CO, (void *)CI, (void *)RV, (void *)CV, Buf})
    CHECK_CUDA(cudaFree(X));
}

/// Sparse to dense and back, for one type, format, order and index width.
template <class V, class I> void checkDenseSparse(cusparseHandle_t H, int Fmt, bool Row, int Base) {
  const cusparseIndexType_t IT = sizeof(I) == 4 ? CUSPARSE_INDEX_32I : CUSPARSE_INDEX_64I;
  const cusparseIndexBase_t IB = Base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO;
  const int M = 7, N = 5;
  std::vector<Cx> Dd = rounded<V>(randomDense(M, N, 0.4));
  const int64_t Ld = (Row ? N : M) + 2;
  std::vector<V> Dh(size_t(Ld * (Row ? M : N)), Ty<V>::make(Cx(9, 9)));
  for (int R = 0; R < M; ++R)
    for (int C = 0; C < N; ++C)
      Dh[Row ? R * Ld + C : R + C * Ld] = Ty<V>::make(Dd[R * N + C]);
  V *DD = dev(Dh);
  cusparseDnMatDescr_t Dm;
  CHECK_OK(cusparseCreateDnMat(&Dm, M, N, Ld, DD, Ty<V>::Id, Row ? CUSPARSE_ORDER_ROW : CUSPARSE_ORDER_COL));
  // Dense to sparse: offsets first, the rest after the analysis.
  int Lines = Fmt == 1 ? N : M;
  I *Off = Fmt == 2 ? nullptr : dev(std::vector<I>(Lines + 1, I(-1)));
  cusparseSpMatDescr_t S;
  if (Fmt == 0)
    CHECK_OK(cusparseCreateCsr(&S, M, N, 0, Off, nullptr, nullptr, IT, IT, IB, Ty<V>::Id));
  else if (Fmt == 1)
    CHECK_OK(cusparseCreateCsc(&S, M, N, 0, Off, nullptr, nullptr, IT, IT, IB, Ty<V>::Id));
  else
    CHECK_OK(cusparseCreateCoo(&S, M, N, 0, nullptr, nullptr, nullptr, IT, IB, Ty<V>::Id));
  size_t Size = 0;
  CHECK_OK(cusparseDenseToSparse_bufferSize(H, Dm, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, &Size));
  void *Buf;
  CHECK_CUDA(cudaMalloc(&Buf, Size + 1));
  CHECK_OK(cusparseDenseToSparse_analysis(H, Dm, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, Buf));
  int64_t R0, C0, Nnz;
  CHECK_OK(cusparseSpMatGetSize(S, &R0, &C0, &Nnz));
  int64_t Want = 0;
  for (Cx X : Dd)
    Want += X != Cx(0);
  CHECK(Nnz == Want, "dense-to-sparse nnz %lld, want %lld", (long long)Nnz, (long long)Want);
  I *Ma = Fmt == 2 ? dev(std::vector<I>(Nnz + 1)) : Off, *Mi = dev(std::vector<I>(Nnz + 1));
  V *Va = dev(std::vector<V>(Nnz + 1));
  if (Fmt == 0)
    CHECK_OK(cusparseCsrSetPointers(S, Ma, Mi, Va));
  else if (Fmt == 1)
    CHECK_OK(cusparseCscSetPointers(S, Ma, Mi, Va));
  else
    CHECK_OK(cusparseCooSetPointers(S, Ma, Mi, Va));
  CHECK_OK(cusparseDenseToSparse_convert(H, Dm, S, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, Buf));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<I> Mah = host(Ma, Fmt == 2 ? Nnz : Lines + 1), Mih = host(Mi, Nnz);
  std::vector<V> Vah = host(Va, Nnz);
  // The entries, in the format's order.
  bool Ok = true;
  int64_t Kk = 0;
  int Outer = Fmt == 1 ? N : M, Inner = Fmt == 1 ? M : N;
  if (Fmt != 2)
    Ok &= Mah[0] == I(Base);
  for (int O = 0; O < Outer; ++O) {
    for (int In = 0; In < Inner; ++In) {
      int R = Fmt == 1 ? In : O, C = Fmt == 1 ? O : In;
      if (Dd[R * N + C] == Cx(0))
        continue;
      if (Fmt == 2)
        Ok &= Mah[Kk] == I(R + Base) && Mih[Kk] == I(C + Base);
      else
        Ok &= Mih[Kk] == I((Fmt == 1 ? R : C) + Base);
      Ok &= toC(Vah[Kk]) == Dd[R * N + C];
      ++Kk;
    }
    if (Fmt != 2)
      Ok &= Mah[O + 1] == I(Kk + Base);
  }
  CHECK(Ok, "dense-to-sparse fmt %d row %d base %d type %d idx %zu", Fmt, Row, Base, (int)Ty<V>::Id, sizeof(I));
  // And back: the dense matrix rebuilt, padding untouched.
  std::vector<V> Fill(Dh.size(), Ty<V>::make(Cx(5, 5)));
  V *D2 = dev(Fill);
  cusparseDnMatDescr_t Dm2;
  CHECK_OK(cusparseCreateDnMat(&Dm2, M, N, Ld, D2, Ty<V>::Id, Row ? CUSPARSE_ORDER_ROW : CUSPARSE_ORDER_COL));
  CHECK_OK(cusparseSparseToDense_bufferSize(H, S, Dm2, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, &Size));
  CHECK_OK(cusparseSparseToDense(H, S, Dm2, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, Buf));
  std::vector<V> Back = host(D2, Fill.size());
  Ok = true;
  for (int64_t P = 0; P < (int64_t)Back.size(); ++P) {
    int64_t Major = P / Ld, Minor = P % Ld;
    bool Inside = Minor < (Row ? N : M);
    if (Inside) {
      int R = Row ? (int)Major : (int)Minor, C = Row ? (int)Minor : (int)Major;
      Ok &= toC(Back[P]) == Dd[R * N + C];
    } else {
      Ok &= toC(Back[P]) == toC(Ty<V>::make(Cx(5, 5))); // padding untouched
    }
  }
  CHECK(Ok, "sparse-to-dense fmt %d row %d base %d type %d idx %zu", Fmt, Row, Base, (int)Ty<V>::Id, sizeof(I));
  CHECK_OK(cusparseDestroySpMat(S));
  CHECK_OK(cusparseDestroyDnMat(Dm));
  CHECK_OK(cusparseDestroyDnMat(Dm2));
  for (void *X : {(void *)DD, (void *)D2, (void *)Mi, (void *)Va, (void *)Ma, Buf})
    CHECK_CUDA(cudaFree(X));
}

static void testCooCsr(cusparseHandle_t H) {
  for (int Base = 0; Base < 2; ++Base) {
    std::vector<int> Rows = {0, 0, 2, 2, 2, 5, 6, 6};
    for (int &R : Rows)
      R += Base;
    const int M = 8, Nnz = (int)Rows.size();
    int *DR = dev(Rows), *DO = dev(std::vector<int>(M + 1, -1)), *DR2 = dev(std::vector<int>(Nnz, -1));
    CHECK_OK(cusparseXcoo2csr(H, DR, Nnz, M, DO, Base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO));
    std::vector<int> O = host(DO, M + 1);
    std::vector<int> Want = {0, 2, 2, 5, 5, 5, 6, 8, 8};
    bool Ok = true;
    for (int I = 0; I <= M; ++I)
      Ok &= O[I] == Want[I] + Base;
    CHECK(Ok, "coo2csr base %d", Base);
    CHECK_OK(cusparseXcsr2coo(H, DO, Nnz, M, DR2, Base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO));
    CHECK(host(DR2, Nnz) == Rows, "csr2coo base %d", Base);
    for (int *P : {DR, DO, DR2})
      CHECK_CUDA(cudaFree(P));
  }
}

static void testErrors(cusparseHandle_t H) {
  const cusparseStatus_t Inv = CUSPARSE_STATUS_INVALID_VALUE, NotSup = CUSPARSE_STATUS_NOT_SUPPORTED;
  int Off[3] = {0, 1, 2}, Ind[2] = {0, 1};
  float Val[2] = {1, 2};
  int *DO = dev(std::vector<int>(Off, Off + 3)), *DI = dev(std::vector<int>(Ind, Ind + 2));
  float *DV = dev(std::vector<float>(Val, Val + 2));
  cusparseSpMatDescr_t A, Csc, C, C3, Cd;
  CHECK_OK(cusparseCreateCsr(&A, 2, 2, 2, DO, DI, DV, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_OK(cusparseCreateCsc(&Csc, 2, 2, 2, DO, DI, DV, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_OK(cusparseCreateCsr(&C, 2, 2, 0, nullptr, nullptr, nullptr, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_OK(cusparseCreateCsr(&C3, 3, 2, 0, nullptr, nullptr, nullptr, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_OK(cusparseCreateCsr(&Cd, 2, 2, 0, nullptr, nullptr, nullptr, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
  cusparseSpGEMMDescr_t D;
  CHECK_OK(cusparseSpGEMM_createDescr(&D));
  CHECK(cusparseSpGEMM_createDescr(nullptr) == Inv);
  const auto N = CUSPARSE_OPERATION_NON_TRANSPOSE, T = CUSPARSE_OPERATION_TRANSPOSE;
  float One = 1, Zero = 0;
  size_t S = 0;
  char Buf[64];
  const auto Alg = CUSPARSE_SPGEMM_DEFAULT;
  CHECK(cusparseSpGEMM_workEstimation(nullptr, N, N, &One, A, A, &Zero, C, CUDA_R_32F, Alg, D, &S, nullptr) == CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseSpGEMM_workEstimation(H, T, N, &One, A, A, &Zero, C, CUDA_R_32F, Alg, D, &S, nullptr) == NotSup);
  CHECK(cusparseSpGEMM_workEstimation(H, N, T, &One, A, A, &Zero, C, CUDA_R_32F, Alg, D, &S, nullptr) == NotSup);
  CHECK(cusparseSpGEMM_workEstimation(H, N, N, &One, Csc, A, &Zero, C, CUDA_R_32F, Alg, D, &S, nullptr) == NotSup);
  CHECK(cusparseSpGEMM_workEstimation(H, N, N, &One, A, A, &Zero, Cd, CUDA_R_32F, Alg, D, &S, nullptr) == NotSup);
  CHECK(cusparseSpGEMM_workEstimation(H, N, N, &One, A, A, &Zero, C3, CUDA_R_32F, Alg, D, &S, nullptr) == Inv);
  CHECK(cusparseSpGEMM_workEstimation(H, N, N, nullptr, A, A, &Zero, C, CUDA_R_32F, Alg, D, &S, nullptr) == Inv);
  CHECK(cusparseSpGEMM_workEstimation(H, N, N, &One, A, A, &Zero, C, CUDA_R_32F, Alg, nullptr, &S, nullptr) == Inv);
  CHECK(cusparseSpGEMM_workEstimation(H, N, N, &One, A, A, &Zero, C, CUDA_R_32F, Alg, D, nullptr, nullptr) == Inv);
  CHECK(cusparseSpGEMM_workEstimation(H, N, N, &One, A, A, &Zero, C, CUDA_R_32F, (cusparseSpGEMMAlg_t)9, D, &S, nullptr) == Inv);
  CHECK(cusparseSpGEMM_workEstimation(H, (cusparseOperation_t)5, N, &One, A, A, &Zero, C, CUDA_R_32F, Alg, D, &S, nullptr) == Inv);
  // Out of order: compute before the work estimation, copy before compute.
  CHECK(cusparseSpGEMM_compute(H, N, N, &One, A, A, &Zero, C, CUDA_R_32F, Alg, D, &S, Buf) == Inv);
  CHECK(cusparseSpGEMM_copy(H, N, N, &One, A, A, &Zero, C, CUDA_R_32F, Alg, D) == Inv);
  int64_t P;
  CHECK(cusparseSpGEMM_getNumProducts(D, &P) == Inv);
  CHECK_OK(cusparseSpGEMM_workEstimation(H, N, N, &One, A, A, &Zero, C, CUDA_R_32F, Alg, D, &S, Buf));
  CHECK(cusparseSpGEMM_copy(H, N, N, &One, A, A, &Zero, C, CUDA_R_32F, Alg, D) == Inv);
  CHECK_OK(cusparseSpGEMM_compute(H, N, N, &One, A, A, &Zero, C, CUDA_R_32F, Alg, D, &S, Buf));
  // C's arrays not set: refused.
  CHECK(cusparseSpGEMM_copy(H, N, N, &One, A, A, &Zero, C, CUDA_R_32F, Alg, D) == Inv);
  CHECK_OK(cusparseSpGEMM_destroyDescr(D));

  // Conversions.
  size_t Size;
  int CO[3], CI[2];
  CHECK(cusparseCsr2cscEx2_bufferSize(nullptr, 2, 2, 2, DV, DO, DI, DV, CO, CI, CUDA_R_32F, CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, &Size) == CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseCsr2cscEx2_bufferSize(H, -1, 2, 2, DV, DO, DI, DV, CO, CI, CUDA_R_32F, CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, &Size) == Inv);
  CHECK(cusparseCsr2cscEx2_bufferSize(H, 2, 2, 2, DV, DO, DI, DV, CO, CI, CUDA_R_32F, CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO, (cusparseCsr2CscAlg_t)2, &Size) == Inv);
  CHECK(cusparseCsr2cscEx2_bufferSize(H, 2, 2, 2, DV, DO, DI, DV, CO, CI, CUDA_R_32F, CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, nullptr) == Inv);
  CHECK(cusparseCsr2cscEx2(H, 2, 2, 2, DV, DO, DI, nullptr, CO, CI, CUDA_R_32F, CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, Buf) == Inv);
  CHECK(cusparseCsr2cscEx2(H, 2, 2, 2, DV, DO, DI, DV, CO, CI, CUDA_R_32F, (cusparseAction_t)4, CUSPARSE_INDEX_BASE_ZERO, CUSPARSE_CSR2CSC_ALG1, Buf) == Inv);
  CHECK(cusparseCsr2cscEx2(H, 2, 2, 2, DV, DO, DI, DV, CO, CI, CUDA_R_32F, CUSPARSE_ACTION_NUMERIC, (cusparseIndexBase_t)3, CUSPARSE_CSR2CSC_ALG1, Buf) == Inv);
  CHECK(cusparseXcoo2csr(H, nullptr, 2, 2, CO, CUSPARSE_INDEX_BASE_ZERO) == Inv);
  CHECK(cusparseXcoo2csr(H, DI, -2, 2, CO, CUSPARSE_INDEX_BASE_ZERO) == Inv);
  CHECK(cusparseXcsr2coo(H, DO, 2, 2, nullptr, CUSPARSE_INDEX_BASE_ZERO) == Inv);
  CHECK(cusparseXcsr2coo(nullptr, DO, 2, 2, CI, CUSPARSE_INDEX_BASE_ZERO) == CUSPARSE_STATUS_NOT_INITIALIZED);
  float Dn[4];
  cusparseDnMatDescr_t Dm, Dm3, DmD;
  CHECK_OK(cusparseCreateDnMat(&Dm, 2, 2, 2, Dn, CUDA_R_32F, CUSPARSE_ORDER_COL));
  CHECK_OK(cusparseCreateDnMat(&Dm3, 3, 2, 3, Dn, CUDA_R_32F, CUSPARSE_ORDER_COL));
  CHECK_OK(cusparseCreateDnMat(&DmD, 2, 2, 2, Dn, CUDA_R_64F, CUSPARSE_ORDER_COL));
  const auto S2D = CUSPARSE_SPARSETODENSE_ALG_DEFAULT;
  const auto D2S = CUSPARSE_DENSETOSPARSE_ALG_DEFAULT;
  CHECK(cusparseSparseToDense(nullptr, A, Dm, S2D, Buf) == CUSPARSE_STATUS_NOT_INITIALIZED);
  CHECK(cusparseSparseToDense(H, A, Dm3, S2D, Buf) == Inv);
  CHECK(cusparseSparseToDense(H, A, DmD, S2D, Buf) == Inv);
  CHECK(cusparseSparseToDense(H, A, Dm, (cusparseSparseToDenseAlg_t)1, Buf) == Inv);
  CHECK(cusparseSparseToDense_bufferSize(H, A, Dm, S2D, nullptr) == Inv);
  CHECK(cusparseDenseToSparse_analysis(H, Dm3, C, D2S, Buf) == Inv);
  CHECK(cusparseDenseToSparse_analysis(H, Dm, Cd, D2S, Buf) == NotSup);
  CHECK(cusparseDenseToSparse_analysis(H, Dm, C, (cusparseDenseToSparseAlg_t)1, Buf) == Inv);
  CHECK(cusparseDenseToSparse_bufferSize(H, Dm, C, D2S, nullptr) == Inv);
  CHECK(cusparseDenseToSparse_convert(H, Dm, C, D2S, Buf) == Inv); // C's offsets never set
  for (auto *X : {Dm, Dm3, DmD})
    CHECK_OK(cusparseDestroyDnMat(X));
  for (auto *X : {A, Csc, C, C3, Cd})
    CHECK_OK(cusparseDestroySpMat(X));
  for (void *X : {(void *)DO, (void *)DI, (void *)DV})
    CHECK_CUDA(cudaFree(X));
}

__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}
__global__ void setDiag(float *D, int N, float V) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    D[I * N + I] = V;
}

static void testStreams(cusparseHandle_t H) {
  const int N = 16;
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));
  CHECK_OK(cusparseSetStream(H, S));
  int *Open;
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));
  float *Dn;
  CHECK_CUDA(cudaMalloc(&Dn, N * N * sizeof(float)));
  CHECK_CUDA(cudaMemset(Dn, 0, N * N * sizeof(float)));
  cusparseDnMatDescr_t Dm;
  CHECK_OK(cusparseCreateDnMat(&Dm, N, N, N, Dn, CUDA_R_32F, CUSPARSE_ORDER_ROW));
  int *Off;
  CHECK_CUDA(cudaMalloc(&Off, (N + 1) * sizeof(int)));
  cusparseSpMatDescr_t Sp;
  CHECK_OK(cusparseCreateCsr(&Sp, N, N, 0, Off, nullptr, nullptr, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  // The analysis returns the entry count on the host: it waits for the
  // kernel that writes the diagonal, held by a gate a host thread opens later.
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  setDiag<<<1, N, 0, S>>>(Dn, N, 4.0f);
  std::thread Opener([Open] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  });
  CHECK_OK(cusparseDenseToSparse_analysis(H, Dm, Sp, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, nullptr));
  Opener.join();
  int64_t R, C, Nnz;
  CHECK_OK(cusparseSpMatGetSize(Sp, &R, &C, &Nnz));
  CHECK(Nnz == N, "dense-to-sparse analysis did not wait for the stream (nnz %lld)", (long long)Nnz);
  int *Ind;
  float *Val;
  CHECK_CUDA(cudaMalloc(&Ind, N * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&Val, N * sizeof(float)));
  CHECK_CUDA(cudaMemset(Val, 0, N * sizeof(float)));
  CHECK_OK(cusparseCsrSetPointers(Sp, Off, Ind, Val));
  // Convert and SpGEMM's copy are stream-ordered: nothing written while the gate holds.
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  setDiag<<<1, N, 0, S>>>(Dn, N, 5.0f);
  CHECK_OK(cusparseDenseToSparse_convert(H, Dm, Sp, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, nullptr));
  float Early[N];
  std::memcpy(Early, Val, sizeof(Early)); // device memory is host memory in Loom
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::vector<float> Vh = host(Val, N);
  bool Ok = true, NotEarly = true;
  for (int I = 0; I < N; ++I) {
    Ok &= Vh[I] == 5.0f;
    NotEarly &= Early[I] == 0.0f;
  }
  CHECK(Ok, "dense-to-sparse convert did not see the kernel before it");
  CHECK(NotEarly, "dense-to-sparse convert ran before the kernels ahead of it");
  // SpGEMM: compute waits (C's size), copy is ordered.
  cusparseSpMatDescr_t C2;
  CHECK_OK(cusparseCreateCsr(&C2, N, N, 0, nullptr, nullptr, nullptr, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  cusparseSpGEMMDescr_t D;
  CHECK_OK(cusparseSpGEMM_createDescr(&D));
  float One = 1, Zero = 0;
  size_t S1, S2;
  char Buf[64];
  const auto Op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  CHECK_OK(cusparseSpGEMM_workEstimation(H, Op, Op, &One, Sp, Sp, &Zero, C2, CUDA_R_32F, CUSPARSE_SPGEMM_ALG1, D, &S1, Buf));
  CHECK_OK(cusparseSpGEMM_compute(H, Op, Op, &One, Sp, Sp, &Zero, C2, CUDA_R_32F, CUSPARSE_SPGEMM_ALG1, D, &S2, Buf));
  int *O2, *I2;
  float *V2;
  CHECK_CUDA(cudaMalloc(&O2, (N + 1) * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&I2, N * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&V2, N * sizeof(float)));
  CHECK_CUDA(cudaMemset(V2, 0, N * sizeof(float)));
  CHECK_OK(cusparseCsrSetPointers(C2, O2, I2, V2));
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  CHECK_OK(cusparseSpGEMM_copy(H, Op, Op, &One, Sp, Sp, &Zero, C2, CUDA_R_32F, CUSPARSE_SPGEMM_ALG1, D));
  std::memcpy(Early, V2, sizeof(Early));
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(S));
  Vh = host(V2, N);
  Ok = true;
  NotEarly = true;
  for (int I = 0; I < N; ++I) {
    Ok &= Vh[I] == 25.0f;
    NotEarly &= Early[I] == 0.0f;
  }
  CHECK(Ok, "SpGEMM of the converted matrix");
  CHECK(NotEarly, "SpGEMM copy ran before the kernel ahead of it");
  CHECK_OK(cusparseSpGEMM_destroyDescr(D));
  CHECK_OK(cusparseSetStream(H, 0));
  CHECK_CUDA(cudaStreamDestroy(S));
  CHECK_OK(cusparseDestroySpMat(Sp));
  CHECK_OK(cusparseDestroySpMat(C2));
  CHECK_OK(cusparseDestroyDnMat(Dm));
  for (void *X : {(void *)Dn, (void *)Off, (void *)Ind, (void *)Val, (void *)O2, (void *)I2, (void *)V2})
    CHECK_CUDA(cudaFree(X));
  CHECK_CUDA(cudaFreeHost(Open));
}

int main() {
  cusparseHandle_t H;
  CHECK_OK(cusparseCreate(&H));
  for (int Bases = 0; Bases < 8; ++Bases) {
    int A = Bases & 1, B = (Bases >> 1) & 1, C = Bases >> 2;
    checkSpGEMM<float, int32_t>(H, A, B, C, Bases % 3 == 0);
    checkSpGEMM<double, int64_t>(H, A, B, C, Bases % 3 == 1);
    checkSpGEMM<cf, int32_t>(H, A, B, C, Bases % 3 == 2);
    checkSpGEMM<cd, int64_t>(H, A, B, C, Bases % 2 == 0);
  }
  checkReuse<float, int32_t>(H, 0, 1);
  checkReuse<cd, int64_t>(H, 1, 0);
  checkReuse<double, int64_t>(H, 1, 1);
  for (int Base = 0; Base < 2; ++Base) {
    checkCsr2csc<float>(H, CUDA_R_32F, Base);
    checkCsr2csc<cd>(H, CUDA_C_64F, Base);
    checkCsr2csc<short>(H, CUDA_R_16F, Base);
  }
  for (int Fmt = 0; Fmt < 3; ++Fmt)
    for (int Row = 0; Row < 2; ++Row)
      for (int Base = 0; Base < 2; ++Base) {
        checkDenseSparse<float, int32_t>(H, Fmt, Row, Base);
        checkDenseSparse<double, int64_t>(H, Fmt, Row, Base);
        checkDenseSparse<cf, int64_t>(H, Fmt, Row, Base);
        checkDenseSparse<cd, int32_t>(H, Fmt, Row, Base);
      }
  testCooCsr(H);
  testErrors(H);
  testStreams(H);
  CHECK_OK(cusparseDestroy(H));
  return finish("sparse_spgemm_convert");
}

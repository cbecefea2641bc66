// cuBLAS batched LU for S/D/C/Z against a CPU check: getrfBatched with
// pivots (P A = L U rebuilt) and without (A = L U), a singular matrix's
// info, getrsBatched (residual of op(A) X = B for N/T/C), getriBatched and
// matinvBatched (A * inverse = I), and bad-argument codes.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcublas && %t | FileCheck %s
// CHECK: blas_lu: OK
#include "Inputs/blas_test.h"

template <class T> struct LU;
#define LU_API(T, P)                                                                     \
  template <> struct LU<T> {                                                             \
    static constexpr auto getrf = cublas##P##getrfBatched;                               \
    static constexpr auto getrs = cublas##P##getrsBatched;                               \
    static constexpr auto getri = cublas##P##getriBatched;                               \
    static constexpr auto matinv = cublas##P##matinvBatched;                             \
  };
LU_API(float, S)
LU_API(double, D)
LU_API(cuComplex, C)
LU_API(cuDoubleComplex, Z)

/// A device array of device pointers to Count copies (Ld x N) of host matrices.
template <class T> struct Batch {
  std::vector<Dev<T> *> Mats;
  Dev<T *> *Ptrs;
  Batch(const std::vector<std::vector<T>> &H) {
    std::vector<T *> P;
    for (auto &M : H) {
      Mats.push_back(new Dev<T>(M));
      P.push_back(Mats.back()->P);
    }
    Ptrs = new Dev<T *>(P);
  }
  ~Batch() {
    for (auto *M : Mats)
      delete M;
    delete Ptrs;
  }
  std::vector<T> get(int I) const { return Mats[I]->get(); }
};

template <class T> void testType(cublasHandle_t H) {
  using A = LU<T>;
  const int N = 7, Ld = 9, Count = 3, Nrhs = 2;
  std::vector<std::vector<T>> Ms;
  for (int B = 0; B < Count; ++B) {
    std::vector<T> M = rndVec<T>((size_t)Ld * N);
    for (int I = 0; I < N; ++I) // moderately conditioned, pivoting still needed
      M[I + (size_t)I * Ld] = fromC<T>(toC(M[I + (size_t)I * Ld]) * 0.1);
    Ms.push_back(M);
  }
  double Tol = tol<T>() * 50;

  // getrf with pivots: rebuild P A = L U.
  Batch<T> F(Ms);
  Dev<int> Piv(N * Count), Info(Count);
  CHECK_OK(A::getrf(H, N, F.Ptrs->P, Ld, Piv, Info, Count));
  cudaDeviceSynchronize();
  std::vector<int> Pv = Piv.get(), In = Info.get();
  for (int B = 0; B < Count; ++B) {
    CHECK(In[B] == 0);
    std::vector<T> LUm = F.get(B);
    std::vector<Cx> PA = toCVec(Ms[B]);
    for (int K = 0; K < N; ++K) // apply the row swaps in order
      for (int J = 0; J < N; ++J)
        std::swap(PA[K + (size_t)J * Ld], PA[Pv[B * N + K] - 1 + (size_t)J * Ld]);
    bool Ok = true;
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < N; ++I) {
        Cx S = 0;
        for (int K = 0; K <= std::min(I, J); ++K)
          S += (K == I ? Cx(1) : toC(LUm[I + (size_t)K * Ld])) * toC(LUm[K + (size_t)J * Ld]);
        Ok &= near(S, PA[I + (size_t)J * Ld], Tol);
      }
    CHECK(Ok);
  }

  // getrs: op(A) X = B with the factors above.
  for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C}) {
    std::vector<std::vector<T>> Bs;
    for (int B = 0; B < Count; ++B)
      Bs.push_back(rndVec<T>((size_t)Ld * Nrhs));
    Batch<T> X(Bs);
    int HInfo = -1;
    CHECK_OK(A::getrs(H, Op, N, Nrhs, (const T *const *)F.Ptrs->P, Ld, Piv, X.Ptrs->P, Ld, &HInfo, Count));
    CHECK(HInfo == 0);
    cudaDeviceSynchronize();
    for (int B = 0; B < Count; ++B) {
      std::vector<T> Sol = X.get(B);
      bool Ok = true;
      for (int R = 0; R < Nrhs; ++R)
        for (int I = 0; I < N; ++I) {
          Cx S = 0;
          for (int J = 0; J < N; ++J)
            S += opAt(Ms[B], Ld, Op, I, J) * toC(Sol[J + (size_t)R * Ld]);
          Ok &= near(S, toC(Bs[B][I + (size_t)R * Ld]), Tol * 10);
        }
      CHECK(Ok);
    }
  }

  // getri from the factors, and matinv from A: A * inverse = I.
  std::vector<std::vector<T>> Zeros(Count, std::vector<T>((size_t)Ld * N));
  Batch<T> Inv(Zeros), Inv2(Zeros), Orig(Ms);
  CHECK_OK(A::getri(H, N, (const T *const *)F.Ptrs->P, Ld, Piv, Inv.Ptrs->P, Ld, Info, Count));
  CHECK_OK(A::matinv(H, N, (const T *const *)Orig.Ptrs->P, Ld, Inv2.Ptrs->P, Ld, Info, Count));
  cudaDeviceSynchronize();
  for (int B = 0; B < Count; ++B)
    for (const Batch<T> *Which : {&Inv, &Inv2}) {
      std::vector<T> C = Which->get(B);
      bool Ok = true;
      for (int J = 0; J < N; ++J)
        for (int I = 0; I < N; ++I) {
          Cx S = 0;
          for (int K = 0; K < N; ++K)
            S += toC(Ms[B][I + (size_t)K * Ld]) * toC(C[K + (size_t)J * Ld]);
          Ok &= near(S, I == J ? 1.0 : 0.0, Tol * 10);
        }
      CHECK(Ok);
    }
  for (int B = 0; B < Count; ++B) { // matinv leaves A untouched
    std::vector<T> Back = Orig.get(B);
    bool Same = true;
    for (size_t I = 0; I < Back.size(); ++I)
      Same &= toC(Back[I]) == toC(Ms[B][I]);
    CHECK(Same);
  }

  // Without pivoting: A = L U; a singular matrix reports its zero pivot.
  std::vector<std::vector<T>> Dd(Ms);
  for (auto &M : Dd)
    for (int I = 0; I < N; ++I)
      M[I + (size_t)I * Ld] = fromC<T>(Cx(N + 2.0, 0)); // no pivoting needed
  for (int I = 0; I < Ld; ++I) // matrix 2: column 4 zero, singular (pivot 5 is 0)
    Dd[2][I + 4 * (size_t)Ld] = fromC<T>(0.0);
  Batch<T> NP(Dd);
  CHECK_OK(A::getrf(H, N, NP.Ptrs->P, Ld, nullptr, Info, Count));
  cudaDeviceSynchronize();
  In = Info.get();
  CHECK(In[0] == 0 && In[1] == 0 && In[2] == 5);
  for (int B = 0; B < 2; ++B) {
    std::vector<T> LUm = NP.get(B);
    bool Ok = true;
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < N; ++I) {
        Cx S = 0;
        for (int K = 0; K <= std::min(I, J); ++K)
          S += (K == I ? Cx(1) : toC(LUm[I + (size_t)K * Ld])) * toC(LUm[K + (size_t)J * Ld]);
        Ok &= near(S, toC(Dd[B][I + (size_t)J * Ld]), Tol);
      }
    CHECK(Ok);
  }

  // Bad arguments.
  const cublasStatus_t Bad = CUBLAS_STATUS_INVALID_VALUE;
  CHECK(A::getrf(H, N, F.Ptrs->P, N - 1, Piv, Info, Count) == Bad);
  CHECK(A::getrf(H, -1, F.Ptrs->P, Ld, Piv, Info, Count) == Bad);
  int HInfo = 0;
  CHECK(A::getrs(H, CUBLAS_OP_N, N, -2, (const T *const *)F.Ptrs->P, Ld, Piv, F.Ptrs->P, Ld, &HInfo, Count) == Bad);
  CHECK(HInfo == -4);
  CHECK(A::matinv(H, 33, (const T *const *)F.Ptrs->P, 40, F.Ptrs->P, 40, Info, 1) == Bad);
}

int main() {
  cublasHandle_t H;
  CHECK_OK(cublasCreate(&H));
  testType<float>(H);
  testType<double>(H);
  testType<cuComplex>(H);
  testType<cuDoubleComplex>(H);
  CHECK_OK(cublasDestroy(H));
  return finish("blas_lu");
}

// cuBLAS level 2 band, packed and rank-update routines for S/D/C/Z against
// plain CPU loops: gbmv (N/T/C), sbmv/hbmv, spmv/hpmv, tbmv/tbsv and
// tpmv/tpsv (every uplo/op/diag), syr/her, syr2/her2 (complex symmetric
// Csyr/Csyr2 too), spr/hpr, spr2/hpr2; padded lda, negative increments,
// host and device pointer modes; bad-argument status codes.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcublas && %t | FileCheck %s
// CHECK: blas_band_packed: OK
#include "Inputs/blas_test.h"

template <class T> struct RealOf { using type = T; };
template <> struct RealOf<cuComplex> { using type = float; };
template <> struct RealOf<cuDoubleComplex> { using type = double; };

template <class T> struct BP;
// SB: sbmv or hbmv, SP: spmv or hpmv, HER: her (syr for real types, same
// real alpha), SPR: spr or hpr, SPR2: spr2 or hpr2, HER2: her2 or syr2.
#define BP_API(T, P, SB, SP, HER, SPR, SPR2, HER2)                                         \
  template <> struct BP<T> {                                                             \
    static constexpr auto gbmv = cublas##P##gbmv;                                        \
    static constexpr auto sbmv = SB;                                                     \
    static constexpr auto spmv = SP;                                                     \
    static constexpr auto tbmv = cublas##P##tbmv;                                        \
    static constexpr auto tbsv = cublas##P##tbsv;                                        \
    static constexpr auto tpmv = cublas##P##tpmv;                                        \
    static constexpr auto tpsv = cublas##P##tpsv;                                        \
    static constexpr auto syr = cublas##P##syr;                                          \
    static constexpr auto syr2 = cublas##P##syr2;                                        \
    static constexpr auto her = HER;                                                     \
    static constexpr auto her2 = HER2;                                                   \
    static constexpr auto spr = SPR;                                                     \
    static constexpr auto spr2 = SPR2;                                                   \
  };
BP_API(float, S, cublasSsbmv, cublasSspmv, cublasSsyr, cublasSspr, cublasSspr2, cublasSsyr2)
BP_API(double, D, cublasDsbmv, cublasDspmv, cublasDsyr, cublasDspr, cublasDspr2, cublasDsyr2)
BP_API(cuComplex, C, cublasChbmv, cublasChpmv, cublasCher, cublasChpr, cublasChpr2, cublasCher2)
BP_API(cuDoubleComplex, Z, cublasZhbmv, cublasZhpmv, cublasZher, cublasZhpr, cublasZhpr2,
       cublasZher2)

/// Offset of element i of an n-vector with increment inc (negative: backwards).
inline long vi(int I, int N, int Inc) { return Inc > 0 ? (long)I * Inc : (long)(N - 1 - I) * -Inc; }
template <class T> std::vector<T> vec(int N, int Inc) {
  return rndVec<T>((size_t)(N - 1) * std::abs(Inc) + 1);
}

bool stored(cublasFillMode_t U, int I, int J) {
  return U == CUBLAS_FILL_MODE_LOWER ? I >= J : I <= J;
}
/// Packed offset of stored (i, j).
long pk(cublasFillMode_t U, int N, int I, int J) {
  return U == CUBLAS_FILL_MODE_LOWER ? (long)I - J + (long)J * (2L * N - J + 1) / 2
                                     : (long)I + (long)J * (J + 1) / 2;
}

/// A random n x n triangle (uplo) with bandwidth k, as T values in a dense
/// Cx matrix (zero outside); Tri: scaled for a well-conditioned solve.
template <class T> std::vector<Cx> triangle(int N, int K, cublasFillMode_t U, bool Tri) {
  std::vector<Cx> D((size_t)N * N, 0.0);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < N; ++I)
      if (stored(U, I, J) && std::abs(I - J) <= K) {
        Cx V = toC(rndT<T>());
        D[I + (size_t)J * N] = Tri ? (I == J ? Cx(N + 1.0, isCplx<T>() ? 0.5 : 0) : V / (double)N) : V;
      }
  return D;
}
/// Band storage of D (ku super-, kl sub-diagonals), junk elsewhere.
template <class T>
std::vector<T> toBand(const std::vector<Cx> &D, int M, int N, int Kl, int Ku, int Lda) {
  std::vector<T> B = rndVec<T>((size_t)Lda * N);
  for (int J = 0; J < N; ++J)
    for (int I = std::max(0, J - Ku); I <= std::min(M - 1, J + Kl); ++I)
      B[Ku + I - J + (size_t)J * Lda] = fromC<T>(D[I + (size_t)J * M]);
  return B;
}
template <class T> std::vector<T> toPacked(const std::vector<Cx> &D, int N, cublasFillMode_t U) {
  std::vector<T> P((size_t)N * (N + 1) / 2);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < N; ++I)
      if (stored(U, I, J))
        P[pk(U, N, I, J)] = fromC<T>(D[I + (size_t)J * N]);
  return P;
}
/// The full symmetric (Hermitian: the stored diagonal's real part) matrix.
std::vector<Cx> full(const std::vector<Cx> &D, int N, cublasFillMode_t U, bool Herm) {
  std::vector<Cx> F((size_t)N * N);
  for (int J = 0; J < N; ++J)
    for (int I = 0; I < N; ++I) {
      Cx V = stored(U, I, J) ? D[I + (size_t)J * N] : D[J + (size_t)I * N];
      if (!stored(U, I, J) && Herm)
        V = std::conj(V);
      if (I == J && Herm)
        V = V.real();
      F[I + (size_t)J * N] = V;
    }
  return F;
}
/// op(A)(i, j) of a triangle D.
Cx triOp(const std::vector<Cx> &D, int N, cublasOperation_t Op, cublasDiagType_t Dg, int I, int J) {
  int R = Op == CUBLAS_OP_N ? I : J, C = Op == CUBLAS_OP_N ? J : I;
  if (R == C && Dg == CUBLAS_DIAG_UNIT)
    return 1.0;
  Cx V = D[R + (size_t)C * N];
  return Op == CUBLAS_OP_C ? std::conj(V) : V;
}

/// y = alpha F x + beta y (F rows x cols dense) on strided vectors.
template <class T>
std::vector<Cx> refMv(const std::vector<Cx> &F, int Rows, int Cols, Cx Al, const std::vector<T> &X,
                      int Ix, Cx Be, const std::vector<T> &Y, int Iy) {
  std::vector<Cx> W = toCVec(Y);
  for (int I = 0; I < Rows; ++I) {
    Cx S = 0;
    for (int J = 0; J < Cols; ++J)
      S += F[I + (size_t)J * Rows] * toC(X[vi(J, Cols, Ix)]);
    W[vi(I, Rows, Iy)] = Al * S + Be * toC(Y[vi(I, Rows, Iy)]);
  }
  return W;
}

template <class T> void testType(cublasHandle_t H, bool DeviceMode) {
  using A = BP<T>;
  using R = typename RealOf<T>::type;
  const bool Herm = isCplx<T>();
  CHECK_OK(cublasSetPointerMode(H, DeviceMode ? CUBLAS_POINTER_MODE_DEVICE : CUBLAS_POINTER_MODE_HOST));
  T Alpha = rndT<T>(), Beta = rndT<T>();
  R RAlpha = (R)rnd();
  Dev<T> DAlpha(std::vector<T>{Alpha}), DBeta(std::vector<T>{Beta});
  Dev<R> DRAlpha(std::vector<R>{RAlpha});
  const T *PA = DeviceMode ? DAlpha.P : &Alpha, *PB = DeviceMode ? DBeta.P : &Beta;
  const R *PR = DeviceMode ? DRAlpha.P : &RAlpha;

  // gbmv: A m x n with kl sub- and ku super-diagonals, lda padded
  {
    const int M = 13, N = 11, Kl = 2, Ku = 3, Lda = Kl + Ku + 3;
    std::vector<Cx> G((size_t)M * N, 0.0);
    for (int J = 0; J < N; ++J)
      for (int I = 0; I < M; ++I)
        if (I - J <= Kl && J - I <= Ku)
          G[I + (size_t)J * M] = toC(rndT<T>());
    std::vector<T> Band = toBand<T>(G, M, N, Kl, Ku, Lda);
    Dev<T> DBand(Band);
    for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
      for (int Ix : {1, -2}) {
        int Rows = Op == CUBLAS_OP_N ? M : N, Cols = Op == CUBLAS_OP_N ? N : M, Iy = Ix == 1 ? -3 : 1;
        std::vector<Cx> F((size_t)Rows * Cols);
        for (int J = 0; J < Cols; ++J)
          for (int I = 0; I < Rows; ++I) {
            Cx V = Op == CUBLAS_OP_N ? G[I + (size_t)J * M] : G[J + (size_t)I * M];
            F[I + (size_t)J * Rows] = Op == CUBLAS_OP_C ? std::conj(V) : V;
          }
        std::vector<T> X = vec<T>(Cols, Ix), Y = vec<T>(Rows, Iy);
        Dev<T> DX(X), DY(Y);
        CHECK_OK(A::gbmv(H, Op, M, N, Kl, Ku, PA, DBand, Lda, DX, Ix, PB, DY, Iy));
        CHECK(nearVec(DY.get(), refMv(F, Rows, Cols, toC(Alpha), X, Ix, toC(Beta), Y, Iy), N),
              "gbmv op %d incx %d", (int)Op, Ix);
      }
  }

  const int N = 12, K = 3;
  for (cublasFillMode_t U : {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER}) {
    // sbmv / hbmv (band k, lda padded) and spmv / hpmv (packed)
    {
      const int Lda = K + 3;
      std::vector<Cx> D = triangle<T>(N, K, U, false);
      std::vector<T> Band = toBand<T>(D, N, N, U == CUBLAS_FILL_MODE_LOWER ? K : 0,
                                      U == CUBLAS_FILL_MODE_UPPER ? K : 0, Lda);
      std::vector<T> X = vec<T>(N, -2), Y = vec<T>(N, 1);
      Dev<T> DBand(Band), DX(X), DY(Y);
      CHECK_OK(A::sbmv(H, U, N, K, PA, DBand, Lda, DX, -2, PB, DY, 1));
      CHECK(nearVec(DY.get(), refMv(full(D, N, U, Herm), N, N, toC(Alpha), X, -2, toC(Beta), Y, 1), N),
            "sbmv uplo %d", (int)U);

      std::vector<Cx> Dp = triangle<T>(N, N, U, false);
      std::vector<T> Pk = toPacked<T>(Dp, N, U);
      Dev<T> DPk(Pk), DY2(Y);
      CHECK_OK(A::spmv(H, U, N, PA, DPk, DX, -2, PB, DY2, 1));
      CHECK(nearVec(DY2.get(), refMv(full(Dp, N, U, Herm), N, N, toC(Alpha), X, -2, toC(Beta), Y, 1), N),
            "spmv uplo %d", (int)U);
    }

    // tbmv/tbsv (band k) and tpmv/tpsv (packed): every op and diag
    for (int Packed = 0; Packed < 2; ++Packed) {
      const int Kb = Packed ? N - 1 : K, Lda = K + 2;
      std::vector<Cx> D = triangle<T>(N, Kb, U, true);
      std::vector<T> Store = Packed ? toPacked<T>(D, N, U)
                                    : toBand<T>(D, N, N, U == CUBLAS_FILL_MODE_LOWER ? K : 0,
                                                U == CUBLAS_FILL_MODE_UPPER ? K : 0, Lda);
      Dev<T> DS(Store);
      for (cublasOperation_t Op : {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C})
        for (cublasDiagType_t Dg : {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT}) {
          const int Ix = Op == CUBLAS_OP_T ? -3 : 2;
          std::vector<T> X = vec<T>(N, Ix);
          Dev<T> DX(X), DB(X);
          CHECK_OK(Packed ? A::tpmv(H, U, Op, Dg, N, DS, DX, Ix)
                          : A::tbmv(H, U, Op, Dg, N, K, DS, Lda, DX, Ix));
          std::vector<Cx> Want = toCVec(X);
          for (int I = 0; I < N; ++I) {
            Cx S = 0;
            for (int J = 0; J < N; ++J)
              S += triOp(D, N, Op, Dg, I, J) * toC(X[vi(J, N, Ix)]);
            Want[vi(I, N, Ix)] = S;
          }
          CHECK(nearVec(DX.get(), Want, N * N), "t%cmv uplo %d op %d diag %d", Packed ? 'p' : 'b',
                (int)U, (int)Op, (int)Dg);
          CHECK_OK(Packed ? A::tpsv(H, U, Op, Dg, N, DS, DB, Ix)
                          : A::tbsv(H, U, Op, Dg, N, K, DS, Lda, DB, Ix));
          std::vector<T> Sol = DB.get();
          for (int I = 0; I < N; ++I) {
            Cx S = 0;
            for (int J = 0; J < N; ++J)
              S += triOp(D, N, Op, Dg, I, J) * toC(Sol[vi(J, N, Ix)]);
            CHECK(near(S, toC(X[vi(I, N, Ix)]), tol<T>(), N * N), "t%csv uplo %d op %d diag %d row %d",
                  Packed ? 'p' : 'b', (int)U, (int)Op, (int)Dg, I);
          }
        }
    }

    // Rank updates on the uplo triangle: syr (x x^T), her (x x^H, real
    // alpha), syr2, her2; full storage (lda padded) and packed (spr/hpr,
    // spr2/hpr2). The other triangle must be untouched.
    const int Lda = N + 3, Ix = -2, Iy = 3;
    std::vector<T> X = vec<T>(N, Ix), Y = vec<T>(N, Iy);
    Dev<T> DX(X), DY(Y);
    auto Xv = [&](int I) { return toC(X[vi(I, N, Ix)]); };
    auto Yv = [&](int I) { return toC(Y[vi(I, N, Iy)]); };
    Cx Al = toC(Alpha), Ar = toC(RAlpha);
    // Kind: 0 syr, 1 her, 2 syr2, 3 her2 (1 and 3 with Herm semantics for
    // complex types; for real types her is syr and her2 syr2).
    for (int Kind = 0; Kind < 4; ++Kind) {
      bool H2 = Kind & 1 && Herm;
      auto Upd = [&](int I, int J) -> Cx {
        switch (Kind) {
        case 0: return Al * Xv(I) * Xv(J);
        case 1: return Herm ? Ar * Xv(I) * std::conj(Xv(J)) : Ar * Xv(I) * Xv(J);
        case 2: return Al * (Xv(I) * Yv(J) + Yv(I) * Xv(J));
        default:
          return Herm ? Al * Xv(I) * std::conj(Yv(J)) + std::conj(Al) * Yv(I) * std::conj(Xv(J))
                      : Al * (Xv(I) * Yv(J) + Yv(I) * Xv(J));
        }
      };
      std::vector<T> M0 = rndVec<T>((size_t)Lda * N);
      Dev<T> DM(M0);
      switch (Kind) {
      case 0: CHECK_OK(A::syr(H, U, N, PA, DX, Ix, DM, Lda)); break;
      case 1: CHECK_OK(A::her(H, U, N, PR, DX, Ix, DM, Lda)); break;
      case 2: CHECK_OK(A::syr2(H, U, N, PA, DX, Ix, DY, Iy, DM, Lda)); break;
      default: CHECK_OK(A::her2(H, U, N, PA, DX, Ix, DY, Iy, DM, Lda)); break;
      }
      std::vector<Cx> Want = toCVec(M0);
      for (int J = 0; J < N; ++J)
        for (int I = 0; I < N; ++I)
          if (stored(U, I, J)) {
            Cx Old = Want[I + (size_t)J * Lda];
            if (H2 && I == J)
              Old = Old.real();
            Want[I + (size_t)J * Lda] = Old + Upd(I, J);
          }
      CHECK(nearVec(DM.get(), Want, 4), "syr kind %d uplo %d", Kind, (int)U);

      if (Kind == 0 && Herm)
        continue; // no complex symmetric packed routine in cuBLAS
      if (Kind == 2 && Herm)
        continue;
      std::vector<T> P0 = rndVec<T>((size_t)N * (N + 1) / 2);
      Dev<T> DP(P0);
      if (Kind == 1 || (Kind == 0 && !Herm))
        CHECK_OK(Kind == 1 ? A::spr(H, U, N, PR, DX, Ix, DP)
                           : A::spr(H, U, N, (const R *)PA, DX, Ix, DP));
      else
        CHECK_OK(A::spr2(H, U, N, PA, DX, Ix, DY, Iy, DP));
      std::vector<Cx> WantP = toCVec(P0);
      for (int J = 0; J < N; ++J)
        for (int I = 0; I < N; ++I)
          if (stored(U, I, J)) {
            Cx Old = WantP[pk(U, N, I, J)];
            if (Herm && I == J)
              Old = Old.real();
            WantP[pk(U, N, I, J)] = Old + Upd(I, J);
          }
      CHECK(nearVec(DP.get(), WantP, 4), "spr kind %d uplo %d", Kind, (int)U);
    }
  }
  CHECK_OK(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST));
}

void testErrors(cublasHandle_t H) {
  const cublasStatus_t Inv = CUBLAS_STATUS_INVALID_VALUE;
  const cublasFillMode_t L = CUBLAS_FILL_MODE_LOWER, Full = CUBLAS_FILL_MODE_FULL;
  const cublasOperation_t N = CUBLAS_OP_N;
  const cublasDiagType_t Nu = CUBLAS_DIAG_NON_UNIT;
  float One = 1;
  cuComplex COne = make_cuComplex(1, 0);
  Dev<float> D(256);
  Dev<cuComplex> C(256);
  CHECK(cublasSgbmv(nullptr, N, 4, 4, 1, 1, &One, D, 3, D, 1, &One, D, 1) == CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK_OK(cublasSgbmv(H, N, 4, 4, 1, 1, &One, D, 3, D, 1, &One, D, 1));
  CHECK(cublasSgbmv(H, N, 4, 4, 1, 1, &One, D, 2, D, 1, &One, D, 1) == Inv); // lda < kl+ku+1
  CHECK(cublasSgbmv(H, N, 4, 4, -1, 1, &One, D, 3, D, 1, &One, D, 1) == Inv);
  CHECK(cublasSgbmv(H, N, 4, 4, 1, 1, &One, D, 3, D, 0, &One, D, 1) == Inv);
  CHECK(cublasSgbmv(H, CUBLAS_OP_CONJG, 4, 4, 1, 1, &One, D, 3, D, 1, &One, D, 1) == Inv);
  CHECK(cublasSgbmv(H, N, 4, 4, 1, 1, nullptr, D, 3, D, 1, &One, D, 1) == Inv);
  CHECK(cublasSgbmv(H, N, 4, 4, 1, 1, &One, nullptr, 3, D, 1, &One, D, 1) == Inv);
  CHECK_OK(cublasSgbmv(H, N, 0, 4, 1, 1, &One, nullptr, 3, nullptr, 1, &One, nullptr, 1));
  CHECK(cublasSsbmv(H, L, 4, 2, &One, D, 2, D, 1, &One, D, 1) == Inv); // lda < k+1
  CHECK(cublasSsbmv(H, L, 4, -1, &One, D, 2, D, 1, &One, D, 1) == Inv);
  CHECK(cublasChbmv(H, Full, 4, 1, &COne, C, 2, C, 1, &COne, C, 1) == Inv);
  CHECK(cublasChpmv(H, L, 4, &COne, C, C, 1, &COne, C, 0) == Inv);
  CHECK(cublasSspmv(H, L, -1, &One, D, D, 1, &One, D, 1) == Inv);
  CHECK(cublasStbmv(H, L, N, Nu, 4, 2, D, 2, D, 1) == Inv);
  CHECK(cublasStbsv(H, L, N, (cublasDiagType_t)2, 4, 1, D, 2, D, 1) == Inv);
  CHECK(cublasCtbsv(H, L, CUBLAS_OP_CONJG, Nu, 4, 1, C, 2, C, 1) == Inv);
  CHECK(cublasStpmv(H, L, N, Nu, 4, D, D, 0) == Inv);
  CHECK(cublasDtpsv(H, Full, N, Nu, 4, (double *)(float *)D, (double *)(float *)D, 1) == Inv);
  CHECK_OK(cublasStpsv(H, L, N, Nu, 0, nullptr, nullptr, 1));
  CHECK(cublasSsyr(H, L, 4, &One, D, 1, D, 3) == Inv); // lda < n
  CHECK(cublasCsyr(H, L, 4, &COne, C, 0, C, 4) == Inv);
  CHECK(cublasCher(H, L, 4, nullptr, C, 1, C, 4) == Inv);
  CHECK(cublasSsyr2(H, L, 4, &One, D, 1, D, 0, D, 4) == Inv);
  CHECK(cublasCher2(H, Full, 4, &COne, C, 1, C, 1, C, 4) == Inv);
  CHECK(cublasSspr(H, L, -1, &One, D, 1, D) == Inv);
  CHECK(cublasChpr(H, L, 4, &One, C, 1, nullptr) == Inv);
  CHECK(cublasSspr2(H, L, 4, &One, D, 0, D, 1, D) == Inv);
  CHECK(cublasZhpr2(nullptr, L, 4, nullptr, nullptr, 1, nullptr, 1, nullptr) ==
        CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK_OK(cublasSsyr2(H, L, 0, &One, nullptr, 1, nullptr, 1, nullptr, 1));
  CHECK_CUDA(cudaDeviceSynchronize());
}

int main() {
  cublasHandle_t H;
  CHECK_OK(cublasCreate(&H));
  for (bool DeviceMode : {false, true}) {
    testType<float>(H, DeviceMode);
    testType<double>(H, DeviceMode);
    testType<cuComplex>(H, DeviceMode);
    testType<cuDoubleComplex>(H, DeviceMode);
  }
  testErrors(H);
  CHECK_OK(cublasDestroy(H));
  return finish("blas_band_packed");
}

// cuBLAS level 1 for S/D/C/Z against a plain CPU reference: axpy, dot
// (dotu/dotc), nrm2, asum, scal (and Csscal/Zdscal), copy, swap, amax/amin
// (1-based), rot (real and complex s), rotg, rotm (every flag) and rotmg
// (S/D); with strides (negative for rotm), in host and device pointer
// modes, n = 0.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcublas && %t | FileCheck %s
// CHECK: blas_level1: OK
#include "Inputs/blas_test.h"

template <class T> struct Real { using type = T; };
template <> struct Real<cuComplex> { using type = float; };
template <> struct Real<cuDoubleComplex> { using type = double; };

template <class T> struct L1;
#define L1_API(T, P, R, DOTU, DOTC, NRM2, ASUM, AMAX, AMIN, RSCAL, RROT)                   \
  template <> struct L1<T> {                                                             \
    static constexpr auto axpy = cublas##P##axpy;                                        \
    static constexpr auto dotu = DOTU;                                                   \
    static constexpr auto dotc = DOTC;                                                   \
    static constexpr auto nrm2 = NRM2;                                                   \
    static constexpr auto asum = ASUM;                                                   \
    static constexpr auto scal = cublas##P##scal;                                        \
    static constexpr auto rscal = RSCAL;                                                 \
    static constexpr auto copy = cublas##P##copy;                                        \
    static constexpr auto swap = cublas##P##swap;                                        \
    static constexpr auto amax = AMAX;                                                   \
    static constexpr auto amin = AMIN;                                                   \
    static constexpr auto rot = cublas##P##rot;                                          \
    static constexpr auto rrot = RROT;                                                   \
    static constexpr auto rotg = cublas##P##rotg;                                        \
  };
L1_API(float, S, float, cublasSdot, cublasSdot, cublasSnrm2, cublasSasum, cublasIsamax,
       cublasIsamin, cublasSscal, cublasSrot)
L1_API(double, D, double, cublasDdot, cublasDdot, cublasDnrm2, cublasDasum, cublasIdamax,
       cublasIdamin, cublasDscal, cublasDrot)
L1_API(cuComplex, C, float, cublasCdotu, cublasCdotc, cublasScnrm2, cublasScasum, cublasIcamax,
       cublasIcamin, cublasCsscal, cublasCsrot)
L1_API(cuDoubleComplex, Z, double, cublasZdotu, cublasZdotc, cublasDznrm2, cublasDzasum,
       cublasIzamax, cublasIzamin, cublasZdscal, cublasZdrot)

double mag1(Cx V) { return std::fabs(V.real()) + std::fabs(V.imag()); }

template <class T> void testType(cublasHandle_t H, bool DeviceMode) {
  using R = typename Real<T>::type;
  using A = L1<T>;
  const int N = 37, Ix = 2, Iy = 3;
  std::vector<T> X = rndVec<T>((size_t)N * Ix), Y = rndVec<T>((size_t)N * Iy);
  std::vector<Cx> Xc = toCVec(X), Yc = toCVec(Y);
  Dev<T> DX(X), DY(Y);
  CHECK_OK(cublasSetPointerMode(H, DeviceMode ? CUBLAS_POINTER_MODE_DEVICE : CUBLAS_POINTER_MODE_HOST));

  // Scalars: in host memory, or in device memory for the device mode.
  T Alpha = rndT<T>();
  R RAlpha = (R)0.75;
  Dev<T> DAlpha(std::vector<T>{Alpha});
  Dev<R> DRAlpha(std::vector<R>{RAlpha});
  const T *PAlpha = DeviceMode ? DAlpha.P : &Alpha;
  const R *PRAlpha = DeviceMode ? DRAlpha.P : &RAlpha;

  // Results: host variables, or device memory read back.
  Dev<T> DRes(1);
  Dev<R> DRRes(1);
  Dev<int> DIRes(1);
  auto ResultT = [&](auto Call) {
    T V{};
    CHECK_OK(Call(DeviceMode ? DRes.P : &V));
    if (DeviceMode) {
      cudaDeviceSynchronize();
      V = DRes.get()[0];
    }
    return toC(V);
  };
  auto ResultR = [&](auto Call) {
    R V{};
    CHECK_OK(Call(DeviceMode ? DRRes.P : &V));
    if (DeviceMode) {
      cudaDeviceSynchronize();
      V = DRRes.get()[0];
    }
    return (double)V;
  };
  auto ResultI = [&](auto Call) {
    int V = -1;
    CHECK_OK(Call(DeviceMode ? DIRes.P : &V));
    if (DeviceMode) {
      cudaDeviceSynchronize();
      V = DIRes.get()[0];
    }
    return V;
  };

  // dot / dotu / dotc
  Cx Du = 0, Dc = 0;
  for (int I = 0; I < N; ++I) {
    Du += Xc[I * Ix] * Yc[I * Iy];
    Dc += std::conj(Xc[I * Ix]) * Yc[I * Iy];
  }
  CHECK(near(ResultT([&](T *P) { return A::dotu(H, N, DX, Ix, DY, Iy, P); }), Du, tol<T>(), N));
  CHECK(near(ResultT([&](T *P) { return A::dotc(H, N, DX, Ix, DY, Iy, P); }), Dc, tol<T>(), N));
  CHECK(ResultT([&](T *P) { return A::dotu(H, 0, DX, Ix, DY, Iy, P); }) == Cx(0));

  // nrm2, asum, amax, amin
  double Nrm = 0, Asum = 0;
  int Amax = 1, Amin = 1;
  for (int I = 0; I < N; ++I) {
    Nrm += std::norm(Xc[I * Ix]);
    Asum += mag1(Xc[I * Ix]);
    if (mag1(Xc[I * Ix]) > mag1(Xc[(Amax - 1) * Ix]))
      Amax = I + 1;
    if (mag1(Xc[I * Ix]) < mag1(Xc[(Amin - 1) * Ix]))
      Amin = I + 1;
  }
  CHECK(near(ResultR([&](R *P) { return A::nrm2(H, N, DX, Ix, P); }), std::sqrt(Nrm), tol<T>()));
  CHECK(near(ResultR([&](R *P) { return A::asum(H, N, DX, Ix, P); }), Asum, tol<T>()));
  CHECK(ResultI([&](int *P) { return A::amax(H, N, DX, Ix, P); }) == Amax);
  CHECK(ResultI([&](int *P) { return A::amin(H, N, DX, Ix, P); }) == Amin);
  CHECK(ResultI([&](int *P) { return A::amax(H, 0, DX, Ix, P); }) == 0);
  CHECK(ResultR([&](R *P) { return A::nrm2(H, N, DX, 0, P); }) == 0.0);

  // axpy: y += alpha x
  {
    Dev<T> Dy(Y);
    CHECK_OK(A::axpy(H, N, PAlpha, DX, Ix, Dy, Iy));
    std::vector<Cx> Want = Yc;
    for (int I = 0; I < N; ++I)
      Want[I * Iy] += toC(Alpha) * Xc[I * Ix];
    CHECK(nearVec(Dy.get(), Want));
  }
  // scal, and the real-scalar scal of complex vectors
  {
    Dev<T> Dx(X), Dx2(X);
    CHECK_OK(A::scal(H, N, PAlpha, Dx, Ix));
    CHECK_OK(A::rscal(H, N, PRAlpha, Dx2, Ix));
    std::vector<Cx> Want = Xc, Want2 = Xc;
    for (int I = 0; I < N; ++I) {
      Want[I * Ix] *= toC(Alpha);
      Want2[I * Ix] *= (double)RAlpha;
    }
    CHECK(nearVec(Dx.get(), Want));
    CHECK(nearVec(Dx2.get(), Want2));
  }
  // copy and swap
  {
    Dev<T> Dx(X), Dy(Y);
    CHECK_OK(A::copy(H, N, Dx, Ix, Dy, Iy));
    std::vector<Cx> Want = Yc;
    for (int I = 0; I < N; ++I)
      Want[I * Iy] = Xc[I * Ix];
    CHECK(nearVec(Dy.get(), Want));
    Dev<T> Sx(X), Sy(Y);
    CHECK_OK(A::swap(H, N, Sx, Ix, Sy, Iy));
    std::vector<Cx> WantX = Xc, WantY = Yc;
    for (int I = 0; I < N; ++I)
      std::swap(WantX[I * Ix], WantY[I * Iy]);
    CHECK(nearVec(Sx.get(), WantX));
    CHECK(nearVec(Sy.get(), WantY));
  }
  // rot with real c and s (and complex s for C/Z): x' = c x + s y, y' = c y - conj(s) x
  {
    R C = (R)0.6, S = (R)0.8;
    Dev<R> DC(std::vector<R>{C}), DS(std::vector<R>{S});
    Dev<T> Dx(X), Dy(Y);
    CHECK_OK(A::rrot(H, N, Dx, Ix, Dy, Iy, DeviceMode ? DC.P : &C, DeviceMode ? DS.P : &S));
    std::vector<Cx> WantX = Xc, WantY = Yc;
    for (int I = 0; I < N; ++I) {
      WantX[I * Ix] = (double)C * Xc[I * Ix] + (double)S * Yc[I * Iy];
      WantY[I * Iy] = (double)C * Yc[I * Iy] - (double)S * Xc[I * Ix];
    }
    CHECK(nearVec(Dx.get(), WantX));
    CHECK(nearVec(Dy.get(), WantY));
    if constexpr (isCplx<T>()) {
      T Sc = fromC<T>(Cx(0.48, 0.64));
      Dev<T> DSc(std::vector<T>{Sc});
      Dev<T> Ex(X), Ey(Y);
      CHECK_OK(A::rot(H, N, Ex, Ix, Ey, Iy, DeviceMode ? DC.P : &C, DeviceMode ? DSc.P : &Sc));
      for (int I = 0; I < N; ++I) {
        WantX[I * Ix] = (double)C * Xc[I * Ix] + toC(Sc) * Yc[I * Iy];
        WantY[I * Iy] = (double)C * Yc[I * Iy] - std::conj(toC(Sc)) * Xc[I * Ix];
      }
      CHECK(nearVec(Ex.get(), WantX));
      CHECK(nearVec(Ey.get(), WantY));
    }
  }
  // rotg: [c s; -conj(s) c] [a; b] = [r; 0], |c|^2 + |s|^2 = 1
  if (!DeviceMode) {
    T Ag = fromC<T>(Cx(3, isCplx<T>() ? 1 : 0)), Bg = fromC<T>(Cx(4, isCplx<T>() ? -2 : 0));
    Cx A0 = toC(Ag), B0 = toC(Bg);
    R C;
    T S;
    CHECK_OK(A::rotg(H, &Ag, &Bg, &C, &S));
    Cx Sv = toC(S), Rv = toC(Ag);
    CHECK(near((double)C * A0 + Sv * B0, Rv, tol<T>()));
    CHECK(near(-std::conj(Sv) * A0 + (double)C * B0, 0.0, tol<T>(), 5.0));
    CHECK(near((double)C * C + std::norm(Sv), 1.0, tol<T>()));
  }
  CHECK_OK(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST));
}

/// rotm (each flag of H, negative incx) and rotmg (the rotation it builds
/// zeroes y1 and keeps d1 x1^2 + d2 y1^2), S/D only as in cuBLAS.
template <class T, class Rotm, class Rotmg>
void testRotm(cublasHandle_t H, bool DeviceMode, Rotm rotm, Rotmg rotmg) {
  CHECK_OK(cublasSetPointerMode(H, DeviceMode ? CUBLAS_POINTER_MODE_DEVICE : CUBLAS_POINTER_MODE_HOST));
  const int N = 9, Ix = -2, Iy = 1;
  std::vector<T> X = rndVec<T>((size_t)N * 2), Y = rndVec<T>(N);
  auto Xi = [&](int I) { return (size_t)(N - 1 - I) * 2; }; // incx = -2
  for (T Flag : {(T)-1, (T)0, (T)1, (T)-2}) {
    T P[5] = {Flag, (T)0.5, (T)-0.25, (T)0.75, (T)1.5}; // flag, h11, h21, h12, h22
    double H11 = Flag == 0 ? 1 : P[1], H21 = Flag == 1 ? -1 : P[2], H12 = Flag == 1 ? 1 : P[3],
           H22 = Flag == 0 ? 1 : P[4];
    if (Flag == -2)
      H11 = H22 = 1, H21 = H12 = 0;
    Dev<T> Dx(X), Dy(Y), DP(std::vector<T>(P, P + 5));
    CHECK_OK(rotm(H, N, Dx, Ix, Dy, Iy, DeviceMode ? DP.P : P));
    std::vector<Cx> WantX = toCVec(X), WantY = toCVec(Y);
    for (int I = 0; I < N; ++I) {
      double Xv = X[Xi(I)], Yv = Y[I];
      WantX[Xi(I)] = H11 * Xv + H12 * Yv;
      WantY[I] = H21 * Xv + H22 * Yv;
    }
    CHECK(nearVec(Dx.get(), WantX), "rotm flag %g", (double)Flag);
    CHECK(nearVec(Dy.get(), WantY), "rotm flag %g", (double)Flag);
  }
  for (T Y1 : {(T)0.7, (T)4.0}) {
    T In[4] = {(T)2, (T)3, (T)1.5, Y1}; // d1, d2, x1, y1
    T V[4] = {In[0], In[1], In[2], In[3]}, P[5] = {};
    Dev<T> DV(std::vector<T>(V, V + 4)), DP(5);
    if (DeviceMode) {
      CHECK_OK(rotmg(H, DV.P, DV.P + 1, DV.P + 2, DV.P + 3, DP.P));
      cudaDeviceSynchronize();
      std::vector<T> Vv = DV.get(), Pv = DP.get();
      std::copy(Vv.begin(), Vv.end(), V);
      std::copy(Pv.begin(), Pv.end(), P);
    } else {
      CHECK_OK(rotmg(H, &V[0], &V[1], &V[2], &V[3], P));
    }
    double H11 = P[1], H21 = P[2], H12 = P[3], H22 = P[4];
    if (P[0] == 0)
      H11 = H22 = 1;
    else if (P[0] == 1)
      H21 = -1, H12 = 1;
    CHECK(P[0] == -1 || P[0] == 0 || P[0] == 1, "rotmg flag %g", (double)P[0]);
    CHECK(near(H21 * In[2] + H22 * In[3], 0.0, tol<T>(), 4.0), "rotmg y1 %g", (double)Y1);
    CHECK(near(H11 * In[2] + H12 * In[3], (double)V[2], tol<T>()), "rotmg x1 %g", (double)Y1);
    CHECK(near((double)V[0] * V[2] * V[2], In[0] * In[2] * In[2] + In[1] * In[3] * In[3], tol<T>()),
          "rotmg d1 x1^2 %g", (double)Y1);
  }
  CHECK(rotm(H, N, nullptr, 1, nullptr, 1, nullptr) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(rotmg(H, nullptr, nullptr, nullptr, nullptr, nullptr) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(rotm(nullptr, N, nullptr, 1, nullptr, 1, nullptr) == CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK_OK(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST));
}

int main() {
  cublasHandle_t H;
  CHECK_OK(cublasCreate(&H));
  for (bool DeviceMode : {false, true}) {
    testType<float>(H, DeviceMode);
    testType<double>(H, DeviceMode);
    testType<cuComplex>(H, DeviceMode);
    testType<cuDoubleComplex>(H, DeviceMode);
    testRotm<float>(H, DeviceMode, cublasSrotm, cublasSrotmg);
    testRotm<double>(H, DeviceMode, cublasDrotm, cublasDrotmg);
  }
  CHECK_OK(cublasDestroy(H));
  return finish("blas_level1");
}

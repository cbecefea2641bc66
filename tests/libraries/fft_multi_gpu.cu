// cuFFT over several GPUs (cufftXtSetGPUs, cufftXtMalloc/Memcpy/Free,
// cufftXtExecDescriptor*) with LOOM_DEVICES=2 and 3, against a CPU DFT:
// a single 2D C2C and 3D Z2Z transform (uneven slabs on 3 GPUs) whose
// shuffled output is checked on each GPU in cuFFT's Y-slab order
// [y][x][z], a kernel on each GPU reading that order, the inverse back to
// the natural order; a D2D copy to the natural order; batched and single
// 1D transforms; host data into a descriptor made in the shuffled order;
// a 2D R2C/C2R pair in the padded layout; status codes.
// SPDX-License-Identifier: Apache-2.0
// RUN: %loomcc %s -o %t -lcufft
// RUN: env LOOM_DEVICES=2 %t | FileCheck %s
// RUN: env LOOM_DEVICES=3 %t | FileCheck %s
// CHECK: fft_multi_gpu: OK
#include "Inputs/fft_test.h"

#include <cufftXt.h>

static int NGpus = 0;
static std::vector<int> Gpus;

template <class C> Cx cx(C V) { return Cx(V.x, V.y); }

/// Y-slab sizes as cuFFT splits: the first GPUs take one more.
static void part(int Count, int G, int *First, int *N) {
  int Base = Count / NGpus, Extra = Count % NGpus;
  *N = Base + (G < Extra ? 1 : 0);
  *First = Base * G + std::min(G, Extra);
}

/// Multiplies each element of a shuffled descriptor part by (1 + y) where y
/// is its global Y index: a kernel that indexes cuFFT's [y][x][z] order.
template <class C> __global__ void scaleByY(C *P, int Ny, int Nx, int Nz, int Y0) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Ny * Nx * Nz) {
    int Y = I / (Nx * Nz) + Y0;
    P[I].x *= 1 + Y;
    P[I].y *= 1 + Y;
  }
}

/// A single rank-2/3 C2C or Z2Z transform over all GPUs.
template <class C, bool Dbl> void testSlabs(std::vector<int> N) {
  int X = N[0], Y = N[1], Z = N.size() == 3 ? N[2] : 1;
  size_t Total = (size_t)X * Y * Z;
  std::vector<C> H(Total);
  std::vector<Cx> HC(Total);
  for (size_t I = 0; I < Total; ++I) {
    H[I] = C{(decltype(C{}.x))rnd(), (decltype(C{}.x))rnd()};
    HC[I] = cx(H[I]);
  }
  cufftHandle P;
  CHECK_OK(cufftCreate(&P));
  CHECK_OK(cufftXtSetGPUs(P, NGpus, Gpus.data()));
  std::vector<size_t> Work(NGpus, 99);
  cufftType T = Dbl ? CUFFT_Z2Z : CUFFT_C2C;
  if (N.size() == 2)
    CHECK_OK(cufftMakePlan2d(P, X, Y, T, Work.data()));
  else
    CHECK_OK(cufftMakePlan3d(P, X, Y, Z, T, Work.data()));
  CHECK(Work[NGpus - 1] == 0);
  cudaLibXtDesc *D, *D2;
  CHECK_OK(cufftXtMalloc(P, &D, CUFFT_XT_FORMAT_INPLACE));
  CHECK_OK(cufftXtMalloc(P, &D2, CUFFT_XT_FORMAT_INPLACE));
  CHECK(D->descriptor->nGPUs == NGpus);
  for (int G = 0; G < NGpus; ++G)
    CHECK(D->descriptor->GPUs[G] == Gpus[G]);
  CHECK_OK(cufftXtMemcpy(P, D, H.data(), CUFFT_COPY_HOST_TO_DEVICE));
  // The natural order: X slabs [x][y][z].
  for (int G = 0, X0 = 0; G < NGpus; ++G) {
    int F, Nx;
    part(X, G, &F, &Nx);
    CHECK(F == X0);
    std::vector<C> L((size_t)Nx * Y * Z);
    cudaMemcpy(L.data(), D->descriptor->data[G], L.size() * sizeof(C), cudaMemcpyDeviceToHost);
    for (size_t I = 0; I < L.size(); ++I)
      CHECK(cx(L[I]) == HC[(size_t)F * Y * Z + I]);
    X0 += Nx;
  }
  if constexpr (Dbl)
    CHECK_OK(cufftXtExecDescriptorZ2Z(P, D, D, CUFFT_FORWARD));
  else
    CHECK_OK(cufftXtExecDescriptorC2C(P, D, D, CUFFT_FORWARD));
  CHECK(D->subFormat == CUFFT_XT_FORMAT_INPLACE_SHUFFLED);
  std::vector<Cx> Ref = dft(HC, N, -1);
  double Tol = Dbl ? 1e-9 : 1e-4;
  // Shuffled: GPU g holds Y slab [y0, y0 + ny), stored [y - y0][x][z].
  bool Ok = true;
  for (int G = 0; G < NGpus; ++G) {
    int Y0, Ny;
    part(Y, G, &Y0, &Ny);
    std::vector<C> L((size_t)Ny * X * Z);
    cudaMemcpy(L.data(), D->descriptor->data[G], L.size() * sizeof(C), cudaMemcpyDeviceToHost);
    for (int Yl = 0; Yl < Ny; ++Yl)
      for (int Xi = 0; Xi < X; ++Xi)
        for (int Zi = 0; Zi < Z; ++Zi)
          Ok &= near(cx(L[((size_t)Yl * X + Xi) * Z + Zi]),
                     Ref[((size_t)Xi * Y + Y0 + Yl) * Z + Zi], Tol * 10);
  }
  CHECK(Ok);
  // D2H gives the natural order; D2D too.
  std::vector<C> Back(Total);
  CHECK_OK(cufftXtMemcpy(P, Back.data(), D, CUFFT_COPY_DEVICE_TO_HOST));
  Ok = true;
  for (size_t I = 0; I < Total; ++I)
    Ok &= near(cx(Back[I]), Ref[I], Tol * 10);
  CHECK(Ok);
  CHECK_OK(cufftXtMemcpy(P, D2, D, CUFFT_COPY_DEVICE_TO_DEVICE));
  CHECK(D2->subFormat == CUFFT_XT_FORMAT_INPLACE);
  {
    int F, Nx;
    part(X, 0, &F, &Nx);
    std::vector<C> L((size_t)Nx * Y * Z);
    cudaMemcpy(L.data(), D2->descriptor->data[0], L.size() * sizeof(C), cudaMemcpyDeviceToHost);
    Ok = true;
    for (size_t I = 0; I < L.size(); ++I)
      Ok &= near(cx(L[I]), Ref[I], Tol * 10);
    CHECK(Ok);
  }
  // Kernels on each GPU scale the shuffled spectrum by 1 + y (no sync
  // before the exec: it waits for them), then the inverse.
  int Cur;
  cudaGetDevice(&Cur);
  for (int G = 0; G < NGpus; ++G) {
    int Y0, Ny;
    part(Y, G, &Y0, &Ny);
    cudaSetDevice(D->descriptor->GPUs[G]);
    int Cnt = Ny * X * Z;
    scaleByY<<<(Cnt + 127) / 128, 128>>>((C *)D->descriptor->data[G], Ny, X, Z, Y0);
  }
  cudaSetDevice(Cur);
  if constexpr (Dbl)
    CHECK_OK(cufftXtExecDescriptorZ2Z(P, D, D, CUFFT_INVERSE));
  else
    CHECK_OK(cufftXtExecDescriptorC2C(P, D, D, CUFFT_INVERSE));
  CHECK(D->subFormat == CUFFT_XT_FORMAT_INPLACE);
  for (size_t I = 0; I < Total; ++I)
    Ref[I] *= 1.0 + (double)((I / Z) % Y);
  std::vector<Cx> Want = dft(Ref, N, 1);
  CHECK_OK(cufftXtMemcpy(P, Back.data(), D, CUFFT_COPY_DEVICE_TO_HOST));
  Ok = true;
  for (size_t I = 0; I < Total; ++I)
    Ok &= near(cx(Back[I]), Want[I], Tol * 10 * Total);
  CHECK(Ok);
  // A descriptor allocated in the shuffled order takes host data in it
  // (Y slabs) and gives it back in natural order.
  cudaLibXtDesc *D3;
  CHECK_OK(cufftXtMalloc(P, &D3, CUFFT_XT_FORMAT_INPLACE_SHUFFLED));
  CHECK_OK(cufftXtMemcpy(P, D3, H.data(), CUFFT_COPY_HOST_TO_DEVICE));
  {
    int Y0, Ny;
    part(Y, NGpus - 1, &Y0, &Ny);
    std::vector<C> L((size_t)Ny * X * Z);
    cudaMemcpy(L.data(), D3->descriptor->data[NGpus - 1], L.size() * sizeof(C),
               cudaMemcpyDeviceToHost);
    Ok = true;
    for (int Yl = 0; Yl < Ny; ++Yl)
      for (int Xi = 0; Xi < X; ++Xi)
        for (int Zi = 0; Zi < Z; ++Zi)
          Ok &= cx(L[((size_t)Yl * X + Xi) * Z + Zi]) == HC[((size_t)Xi * Y + Y0 + Yl) * Z + Zi];
    CHECK(Ok);
  }
  CHECK_OK(cufftXtMemcpy(P, Back.data(), D3, CUFFT_COPY_DEVICE_TO_HOST));
  Ok = true;
  for (size_t I = 0; I < Total; ++I)
    Ok &= cx(Back[I]) == HC[I];
  CHECK(Ok);
  CHECK_OK(cufftXtFree(D3));
  CHECK_OK(cufftXtFree(D));
  CHECK_OK(cufftXtFree(D2));
  CHECK_OK(cufftDestroy(P));
}

/// 1D C2C: batched (whole batches per GPU, natural order) and single.
void test1D(int N, int Batch) {
  size_t Total = (size_t)N * Batch;
  std::vector<cufftComplex> H(Total);
  std::vector<Cx> HC(Total);
  for (size_t I = 0; I < Total; ++I) {
    H[I] = cufftComplex{(float)rnd(), (float)rnd()};
    HC[I] = cx(H[I]);
  }
  cufftHandle P;
  CHECK_OK(cufftCreate(&P));
  CHECK_OK(cufftXtSetGPUs(P, NGpus, Gpus.data()));
  CHECK_OK(cufftMakePlan1d(P, N, CUFFT_C2C, Batch, nullptr));
  cudaLibXtDesc *D;
  CHECK_OK(cufftXtMalloc(P, &D, CUFFT_XT_FORMAT_INPLACE));
  size_t Sum = 0;
  for (int G = 0; G < NGpus; ++G)
    Sum += D->descriptor->size[G];
  CHECK(Sum == Total * sizeof(cufftComplex));
  if (Batch > 1) { // whole batches on each GPU
    int F, Nb;
    part(Batch, 0, &F, &Nb);
    CHECK(D->descriptor->size[0] == (size_t)Nb * N * sizeof(cufftComplex));
  }
  CHECK_OK(cufftXtMemcpy(P, D, H.data(), CUFFT_COPY_HOST_TO_DEVICE));
  CHECK_OK(cufftXtExecDescriptor(P, D, D, CUFFT_FORWARD));
  CHECK(D->subFormat == (Batch > 1 ? CUFFT_XT_FORMAT_INPLACE : CUFFT_XT_FORMAT_INPLACE_SHUFFLED));
  std::vector<cufftComplex> Back(Total);
  CHECK_OK(cufftXtMemcpy(P, Back.data(), D, CUFFT_COPY_DEVICE_TO_HOST));
  bool Ok = true;
  for (int B = 0; B < Batch; ++B) {
    std::vector<Cx> X(HC.begin() + (size_t)B * N, HC.begin() + (size_t)(B + 1) * N);
    std::vector<Cx> Y = dft(X, {N}, -1);
    for (int I = 0; I < N; ++I)
      Ok &= near(cx(Back[(size_t)B * N + I]), Y[I], 1e-4);
  }
  CHECK(Ok);
  // Not on plain pointers: a multi-GPU plan runs on descriptors.
  if (NGpus > 1)
    CHECK(cufftExecC2C(P, (cufftComplex *)D->descriptor->data[0],
                       (cufftComplex *)D->descriptor->data[0], CUFFT_FORWARD) == CUFFT_INVALID_VALUE);
  CHECK(cufftXtExecDescriptorZ2Z(P, D, D, CUFFT_FORWARD) == CUFFT_INVALID_VALUE);
  CHECK_OK(cufftXtFree(D));
  CHECK_OK(cufftDestroy(P));
}

/// 2D R2C then C2R on descriptors (padded in-place layout), round trip.
void testReal2D() {
  const int X = 6, Y = 10, Yc = Y / 2 + 1, Row = 2 * Yc;
  std::vector<float> H((size_t)X * Row, 0.0f);
  std::vector<Cx> HC((size_t)X * Y);
  for (int I = 0; I < X; ++I)
    for (int J = 0; J < Y; ++J) {
      H[(size_t)I * Row + J] = (float)rnd();
      HC[(size_t)I * Y + J] = H[(size_t)I * Row + J];
    }
  cufftHandle Fwd, Inv;
  CHECK_OK(cufftCreate(&Fwd));
  CHECK_OK(cufftCreate(&Inv));
  CHECK_OK(cufftXtSetGPUs(Fwd, NGpus, Gpus.data()));
  CHECK_OK(cufftXtSetGPUs(Inv, NGpus, Gpus.data()));
  CHECK_OK(cufftMakePlan2d(Fwd, X, Y, CUFFT_R2C, nullptr));
  CHECK_OK(cufftMakePlan2d(Inv, X, Y, CUFFT_C2R, nullptr));
  cudaLibXtDesc *D;
  CHECK_OK(cufftXtMalloc(Fwd, &D, CUFFT_XT_FORMAT_INPLACE));
  CHECK_OK(cufftXtMemcpy(Fwd, D, H.data(), CUFFT_COPY_HOST_TO_DEVICE));
  CHECK_OK(cufftXtExecDescriptorR2C(Fwd, D, D));
  std::vector<cufftComplex> S((size_t)X * Yc);
  CHECK_OK(cufftXtMemcpy(Fwd, S.data(), D, CUFFT_COPY_DEVICE_TO_HOST));
  std::vector<Cx> Ref = dft(HC, {X, Y}, -1);
  bool Ok = true;
  for (int I = 0; I < X; ++I)
    for (int J = 0; J < Yc; ++J)
      Ok &= near(cx(S[(size_t)I * Yc + J]), Ref[(size_t)I * Y + J], 1e-4);
  CHECK(Ok);
  CHECK_OK(cufftXtExecDescriptorC2R(Inv, D, D));
  std::vector<float> Back((size_t)X * Row);
  CHECK_OK(cufftXtMemcpy(Inv, Back.data(), D, CUFFT_COPY_DEVICE_TO_HOST));
  Ok = true;
  for (int I = 0; I < X; ++I)
    for (int J = 0; J < Y; ++J)
      Ok &= near(Back[(size_t)I * Row + J], (double)X * Y * H[(size_t)I * Row + J], 1e-3);
  CHECK(Ok);
  CHECK_OK(cufftXtFree(D));
  cufftDestroy(Fwd);
  cufftDestroy(Inv);
}

void testErrors() {
  cufftHandle P;
  CHECK_OK(cufftCreate(&P));
  int Bad[2] = {0, NGpus};
  CHECK(cufftXtSetGPUs(P, 2, Bad) == CUFFT_INVALID_DEVICE);
  int Dup[2] = {0, 0};
  CHECK(cufftXtSetGPUs(P, 2, Dup) == CUFFT_INVALID_DEVICE);
  CHECK(cufftXtSetGPUs(P, 0, Gpus.data()) == CUFFT_INVALID_VALUE);
  CHECK(cufftXtSetGPUs(P, NGpus, nullptr) == CUFFT_INVALID_VALUE);
  cudaLibXtDesc *D = nullptr;
  CHECK(cufftXtMalloc(P, &D, CUFFT_XT_FORMAT_INPLACE) == CUFFT_INVALID_PLAN); // no plan yet
  CHECK_OK(cufftXtSetGPUs(P, NGpus, Gpus.data()));
  CHECK_OK(cufftMakePlan2d(P, 8, 8, CUFFT_C2C, nullptr));
  CHECK(cufftXtSetGPUs(P, NGpus, Gpus.data()) == CUFFT_INVALID_PLAN); // after the plan
  CHECK(cufftXtMalloc(P, nullptr, CUFFT_XT_FORMAT_INPLACE) == CUFFT_INVALID_VALUE);
  CHECK(cufftXtMalloc(P, &D, CUFFT_FORMAT_UNDEFINED) == CUFFT_INVALID_VALUE);
  CHECK_OK(cufftXtMalloc(P, &D, CUFFT_XT_FORMAT_INPLACE));
  std::vector<cufftComplex> H(64);
  CHECK(cufftXtMemcpy(P, D, H.data(), CUFFT_COPY_UNDEFINED) == CUFFT_INVALID_VALUE);
  CHECK(cufftXtMemcpy(P, D, nullptr, CUFFT_COPY_HOST_TO_DEVICE) == CUFFT_INVALID_VALUE);
  CHECK(cufftXtExecDescriptorC2C(P, D, nullptr, CUFFT_FORWARD) == CUFFT_INVALID_VALUE);
  CHECK(cufftXtExecDescriptorC2C(P, D, D, 0) == CUFFT_INVALID_VALUE);
  CHECK(cufftXtExecDescriptorR2C(P, D, D) == CUFFT_INVALID_VALUE);
  CHECK(cufftXtExecDescriptorC2C(9999, D, D, CUFFT_FORWARD) == CUFFT_INVALID_PLAN);
  // A descriptor of another plan's size does not fit.
  cufftHandle Q;
  CHECK_OK(cufftCreate(&Q));
  CHECK_OK(cufftXtSetGPUs(Q, NGpus, Gpus.data()));
  CHECK_OK(cufftMakePlan2d(Q, 16, 16, CUFFT_C2C, nullptr));
  CHECK(cufftXtExecDescriptorC2C(Q, D, D, CUFFT_FORWARD) == CUFFT_INVALID_VALUE);
  CHECK_OK(cufftXtFree(D));
  CHECK(cufftXtFree(nullptr) == CUFFT_INVALID_VALUE);
  cufftDestroy(P);
  cufftDestroy(Q);
}

int main() {
  cudaGetDeviceCount(&NGpus);
  // The GPUs in reverse order: descriptor part g is on Gpus[g].
  for (int G = NGpus - 1; G >= 0; --G)
    Gpus.push_back(G);
  testSlabs<cufftComplex, false>({16, 12});
  testSlabs<cufftComplex, false>({8, 7});
  testSlabs<cufftDoubleComplex, true>({5, 4, 3});
  test1D(64, 1);
  test1D(16, 5);
  testReal2D();
  testErrors();
  return finish("fft_multi_gpu");
}

// cuBLASLt: cublasLtMatmul against plain loops for FP32, FP64, complex
// FP32/FP64, FP16/BF16 inputs (FP32 compute) and FP16 compute; every
// transpose combination, column- and row-major layouts (mixed too), padded
// leading dimensions, strided batches, each epilogue with its bias (and a
// bias batch stride), device pointer mode, C != D and C == D; the heuristic
// query and algorithm check, attribute get/set round trips, status codes for
// bad arguments and unsupported types, cublasLtMatrixTransform, and stream
// order: a matmul enqueued behind a kernel that waits for the host runs
// after it, reading alpha (device mode) and A as that kernel left them;
// a matmul captured into a graph runs at each launch.
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcublasLt && %t | FileCheck %s
// CHECK: blaslt_matmul: OK
#include <cublasLt.h>
#include <cuda_runtime.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <vector>

#include "Inputs/check.h"

#define CHECK_OK(Expr, ...) CHECK((Expr) == CUBLAS_STATUS_SUCCESS, "" __VA_ARGS__)
#define CHECK_CUDA(Expr) CHECK((Expr) == cudaSuccess)

using Cx = std::complex<double>;

static unsigned Seed = 4242;
static double rnd() {
  Seed = Seed * 1103515245u + 12345u;
  return ((Seed >> 8) & 0xffff) / 32768.0 - 1.0; // [-1, 1)
}

// ---- Elements by cudaDataType, through std::complex<double> ----
static size_t sizeOf(cudaDataType T) {
  switch (T) {
  case CUDA_R_16F: case CUDA_R_16BF: return 2;
  case CUDA_R_32F: return 4;
  case CUDA_R_64F: case CUDA_C_32F: return 8;
  case CUDA_C_64F: return 16;
  default: return 1;
  }
}
static bool isComplex(cudaDataType T) { return T == CUDA_C_32F || T == CUDA_C_64F; }
static Cx load(const unsigned char *P, cudaDataType T, size_t I) {
  switch (T) {
  case CUDA_R_16F: return __half2float(((const __half *)P)[I]);
  case CUDA_R_16BF: return __bfloat162float(((const __nv_bfloat16 *)P)[I]);
  case CUDA_R_32F: return ((const float *)P)[I];
  case CUDA_R_64F: return ((const double *)P)[I];
  case CUDA_C_32F: return Cx(((const float *)P)[2 * I], ((const float *)P)[2 * I + 1]);
  default: return Cx(((const double *)P)[2 * I], ((const double *)P)[2 * I + 1]);
  }
}
static void store(unsigned char *P, cudaDataType T, size_t I, Cx V) {
  switch (T) {
  case CUDA_R_16F: ((__half *)P)[I] = __float2half((float)V.real()); break;
  case CUDA_R_16BF: ((__nv_bfloat16 *)P)[I] = __float2bfloat16((float)V.real()); break;
  case CUDA_R_32F: ((float *)P)[I] = (float)V.real(); break;
  case CUDA_R_64F: ((double *)P)[I] = V.real(); break;
  case CUDA_C_32F: ((float *)P)[2 * I] = (float)V.real(); ((float *)P)[2 * I + 1] = (float)V.imag(); break;
  default: ((double *)P)[2 * I] = V.real(); ((double *)P)[2 * I + 1] = V.imag(); break;
  }
}

/// A device buffer of bytes with its host copy.
struct Buf {
  std::vector<unsigned char> H;
  unsigned char *D = nullptr;
  explicit Buf(size_t Bytes) : H(Bytes ? Bytes : 1) { cudaMalloc(&D, H.size()); }
  ~Buf() { cudaFree(D); }
  void up() { cudaMemcpy(D, H.data(), H.size(), cudaMemcpyHostToDevice); }
  void down() { cudaMemcpy(H.data(), D, H.size(), cudaMemcpyDeviceToHost); }
};

/// A matrix's shape in memory.
struct Shape {
  cudaDataType T;
  int Rows, Cols;
  bool Row;
  int64_t Ld, Stride;
  int Batch;
  size_t elems() const { return (size_t)(Stride * (Batch - 1) + Ld * (Row ? Rows : Cols)); }
  size_t at(int I, int J, int B) const { return (size_t)(B * Stride + (Row ? I * Ld + J : I + J * Ld)); }
};
static Shape shape(cudaDataType T, int Rows, int Cols, bool Row, int Pad, int Batch) {
  int64_t Ld = (Row ? Cols : Rows) + Pad;
  int64_t Stride = Ld * (Row ? Rows : Cols) + 3; // a gap between batch entries
  return {T, Rows, Cols, Row, Ld, Stride, Batch};
}
static cublasLtMatrixLayout_t layout(const Shape &S) {
  cublasLtMatrixLayout_t L = nullptr;
  CHECK_OK(cublasLtMatrixLayoutCreate(&L, S.T, S.Rows, S.Cols, S.Ld));
  int32_t Order = S.Row ? CUBLASLT_ORDER_ROW : CUBLASLT_ORDER_COL;
  CHECK_OK(cublasLtMatrixLayoutSetAttribute(L, CUBLASLT_MATRIX_LAYOUT_ORDER, &Order, sizeof(Order)));
  if (S.Batch > 1) {
    int32_t Count = S.Batch;
    CHECK_OK(cublasLtMatrixLayoutSetAttribute(L, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &Count, sizeof(Count)));
    CHECK_OK(cublasLtMatrixLayoutSetAttribute(L, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &S.Stride,
                                              sizeof(S.Stride)));
  }
  return L;
}
static void fillRandom(Buf &B, cudaDataType T) {
  size_t N = B.H.size() / sizeOf(T);
  for (size_t I = 0; I < N; ++I)
    store(B.H.data(), T, I, isComplex(T) ? Cx(rnd(), rnd()) : Cx(rnd(), 0));
}

static double gelu(double X) {
  return 0.5 * X * (1 + std::tanh(0.7978845608028654 * (X + 0.044715 * X * X * X)));
}

struct Case {
  const char *Name;
  cudaDataType T, Dt;
  cublasComputeType_t Compute;
  cudaDataType Scale;
  cublasOperation_t Ta, Tb;
  int M, N, K;
  bool RowA, RowB, RowC, RowD;
  int Pad, Batch;
  uint32_t Epi = CUBLASLT_EPILOGUE_DEFAULT;
  bool Device = false, InPlace = false, BetaZero = false;
  int Vec = 0; // a per-row (vector) pointer mode, or 0
  cudaDataType BiasT = (cudaDataType)-1; // -1: not set (D's type)
  int64_t BiasStride = 0;
};

static void putScalar(unsigned char *Out, cudaDataType Scale, Cx V) { store(Out, Scale, 0, V); }

/// Runs one matmul and compares every element of D with a loop.
static void runCase(cublasLtHandle_t H, const Case &C) {
  int AR = C.Ta == CUBLAS_OP_N ? C.M : C.K, AC = C.Ta == CUBLAS_OP_N ? C.K : C.M;
  int BR = C.Tb == CUBLAS_OP_N ? C.K : C.N, BC = C.Tb == CUBLAS_OP_N ? C.N : C.K;
  Shape SA = shape(C.T, AR, AC, C.RowA, C.Pad, C.Batch), SB = shape(C.T, BR, BC, C.RowB, C.Pad + 1, C.Batch);
  Shape SD = shape(C.Dt, C.M, C.N, C.RowD, C.Pad, C.Batch);
  Shape SC = C.InPlace ? SD : shape(C.Dt, C.M, C.N, C.RowC, C.Pad + 2, C.Batch);
  Buf A(SA.elems() * sizeOf(C.T)), B(SB.elems() * sizeOf(C.T)), Cb(SC.elems() * sizeOf(C.Dt)),
      D(SD.elems() * sizeOf(C.Dt));
  fillRandom(A, C.T), fillRandom(B, C.T), fillRandom(Cb, C.Dt), fillRandom(D, C.Dt);
  cudaDataType BiasT = (int)C.BiasT == -1 ? C.Dt : C.BiasT;
  Buf Bias((std::max(C.M, C.N) + C.BiasStride * (C.Batch - 1)) * sizeOf(BiasT));
  fillRandom(Bias, BiasT);
  // The GELU input matrix of the AUX epilogues: column-major, ld a multiple of 8.
  bool AuxE = C.Epi == CUBLASLT_EPILOGUE_GELU_AUX || C.Epi == CUBLASLT_EPILOGUE_GELU_AUX_BIAS ||
              C.Epi == CUBLASLT_EPILOGUE_DGELU || C.Epi == CUBLASLT_EPILOGUE_DGELU_BGRAD;
  bool DGelu = C.Epi == CUBLASLT_EPILOGUE_DGELU || C.Epi == CUBLASLT_EPILOGUE_DGELU_BGRAD;
  bool BiasOut = C.Epi == CUBLASLT_EPILOGUE_DGELU_BGRAD || C.Epi == CUBLASLT_EPILOGUE_BGRADA ||
                 C.Epi == CUBLASLT_EPILOGUE_BGRADB;
  int64_t AuxLd = (C.M + 7) / 8 * 8 + 8, AuxStride = AuxLd * C.N + 8;
  Buf Aux(AuxStride * C.Batch * sizeOf(C.Dt));
  fillRandom(Aux, C.Dt);
  std::vector<unsigned char> AuxOrig = Aux.H;
  A.up(), B.up(), Cb.up(), D.up(), Bias.up(), Aux.up();
  std::vector<unsigned char> DOrig = D.H;
  Buf &CIn = C.InPlace ? D : Cb;
  std::vector<unsigned char> COrig = CIn.H;

  bool Cplx = isComplex(C.T);
  Cx Alpha = Cplx ? Cx(1.5, 0.5) : Cx(1.5, 0), Beta = C.BetaZero ? Cx(0) : Cplx ? Cx(-0.5, 0.25) : Cx(-0.5, 0);
  unsigned char Al[16], Be[16];
  putScalar(Al, C.Scale, Alpha), putScalar(Be, C.Scale, Beta);
  Buf DAl(16), DBe(16);
  std::memcpy(DAl.H.data(), Al, 16), std::memcpy(DBe.H.data(), Be, 16);
  DAl.up(), DBe.up();

  cublasLtMatmulDesc_t Op;
  CHECK_OK(cublasLtMatmulDescCreate(&Op, C.Compute, C.Scale));
  int32_t Ta = C.Ta, Tb = C.Tb;
  CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA, &Ta, sizeof(Ta)));
  CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSB, &Tb, sizeof(Tb)));
  CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &C.Epi, sizeof(C.Epi)));
  bool HasBias = C.Epi & CUBLASLT_EPILOGUE_BIAS;
  if (AuxE) {
    void *P = Aux.D;
    CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &P, sizeof(P)));
    CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &AuxLd, sizeof(AuxLd)));
    CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE, &AuxStride,
                                            sizeof(AuxStride)));
  }
  if (HasBias || BiasOut) {
    const void *P = Bias.D;
    CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &P, sizeof(P)));
    if ((int)C.BiasT != -1) {
      int32_t BT = C.BiasT;
      CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &BT, sizeof(BT)));
    }
    CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, &C.BiasStride,
                                            sizeof(C.BiasStride)));
  }
  if (C.Device) {
    int32_t Mode = CUBLASLT_POINTER_MODE_DEVICE;
    CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &Mode, sizeof(Mode)));
  }
  // Per-row alpha (and beta) vectors in device memory, of the scale type.
  int64_t AlStride = C.Vec == CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST && C.Batch > 1 ? C.M + 1 : 0;
  Buf AlVec((C.M + AlStride * (C.Batch - 1)) * sizeOf(C.Scale)), BeVec(C.M * sizeOf(C.Scale));
  fillRandom(AlVec, C.Scale), fillRandom(BeVec, C.Scale);
  AlVec.up(), BeVec.up();
  if (C.Vec) {
    int32_t Mode = C.Vec;
    CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &Mode, sizeof(Mode)));
    CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE, &AlStride,
                                            sizeof(AlStride)));
  }
  cublasLtMatrixLayout_t LA = layout(SA), LB = layout(SB), LC = layout(SC), LD = layout(SD);
  cublasLtMatmulPreference_t Pref;
  CHECK_OK(cublasLtMatmulPreferenceCreate(&Pref));
  uint64_t Ws = 1 << 20;
  CHECK_OK(cublasLtMatmulPreferenceSetAttribute(Pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &Ws, sizeof(Ws)));
  cublasLtMatmulHeuristicResult_t Res[3];
  int Count = 0;
  CHECK_OK(cublasLtMatmulAlgoGetHeuristic(H, Op, LA, LB, LC, LD, Pref, 3, Res, &Count), "%s", C.Name);
  CHECK(Count >= 1 && Res[0].state == CUBLAS_STATUS_SUCCESS && Res[0].workspaceSize == 0, "%s", C.Name);
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));
  const void *AlP = C.Device ? (const void *)DAl.D : C.Vec ? (const void *)AlVec.D : (const void *)Al;
  const void *BeP = C.Device ? (const void *)DBe.D
                    : C.Vec == CUBLASLT_POINTER_MODE_DEVICE_VECTOR ? (const void *)BeVec.D
                    : C.Vec == CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO ? nullptr
                                                                                    : (const void *)Be;
  cublasStatus_t St = cublasLtMatmul(H, Op, AlP, A.D, LA, B.D, LB, BeP, CIn.D, LC, D.D, LD, &Res[0].algo,
                                     nullptr, 0, S);
  CHECK(St == CUBLAS_STATUS_SUCCESS, "%s: status %d", C.Name, (int)St);
  CHECK_CUDA(cudaStreamSynchronize(S));
  CHECK_CUDA(cudaStreamDestroy(S));
  D.down(), Aux.down(), Bias.down();
  if (!C.InPlace) {
    Cb.down();
    CHECK(Cb.H == COrig, "%s: C changed", C.Name);
  }

  bool Low = C.T == CUDA_R_16F || C.T == CUDA_R_16BF;
  bool LowOut = C.Dt == CUDA_R_16F || C.Dt == CUDA_R_16BF;
  double Tol = LowOut ? (C.Dt == CUDA_R_16BF ? 1.5e-2 : 2e-3) : (C.Dt == CUDA_R_32F || C.Dt == CUDA_C_32F) ? 1e-5 : 1e-12;
  if (C.Scale == CUDA_R_16F)
    Tol = 4e-3;
  if (DGelu)
    Tol = std::max(Tol, 1e-8); // the reference's central difference
  (void)Low;
  int Bad = 0;
  auto Near = [&](Cx Got, Cx Want, const char *What, int Bi, int I, int J) {
    if (std::abs(Got - Want) > Tol * (std::sqrt((double)C.K) + std::abs(Want)) && Bad++ < 3)
      std::printf("  %s %s: batch %d (%d,%d): got (%g,%g) want (%g,%g)\n", C.Name, What, Bi, I, J, Got.real(),
                  Got.imag(), Want.real(), Want.imag());
  };
  std::vector<double> RowSums(C.M * C.Batch, 0.0);
  for (int Bi = 0; Bi < C.Batch; ++Bi)
    for (int J = 0; J < C.N; ++J)
      for (int I = 0; I < C.M; ++I) {
        Cx Sum = 0;
        for (int K = 0; K < C.K; ++K) {
          Cx a = C.Ta == CUBLAS_OP_N ? load(A.H.data(), C.T, SA.at(I, K, Bi)) : load(A.H.data(), C.T, SA.at(K, I, Bi));
          Cx b = C.Tb == CUBLAS_OP_N ? load(B.H.data(), C.T, SB.at(K, J, Bi)) : load(B.H.data(), C.T, SB.at(J, K, Bi));
          if (C.Ta == CUBLAS_OP_C) a = std::conj(a);
          if (C.Tb == CUBLAS_OP_C) b = std::conj(b);
          Sum += a * b;
        }
        Cx V = (C.Vec ? load(AlVec.H.data(), C.Scale, (size_t)(Bi * AlStride + I)) : Alpha) * Sum;
        Cx BetaI = C.Vec == CUBLASLT_POINTER_MODE_DEVICE_VECTOR ? load(BeVec.H.data(), C.Scale, I)
                   : C.Vec == CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO ? Cx(0)
                                                                                   : Beta;
        if (!C.BetaZero)
          V += BetaI * load(COrig.data(), C.Dt, SC.at(I, J, Bi));
        if (HasBias)
          V += load(Bias.H.data(), BiasT, (size_t)(Bi * C.BiasStride + I));
        double R = V.real();
        size_t AuxAt = (size_t)(Bi * AuxStride + I + J * AuxLd);
        if (DGelu) {
          // times GELU'(aux), by central difference of the tanh-form GELU
          double X = load(AuxOrig.data(), C.Dt, AuxAt).real(), H = 1e-5;
          R *= (gelu(X + H) - gelu(X - H)) / (2 * H);
        } else if (AuxE) {
          Near(load(Aux.H.data(), C.Dt, AuxAt), R, "aux", Bi, I, J); // the GELU input
        }
        if (C.Epi & CUBLASLT_EPILOGUE_RELU)
          R = R < 0 ? 0 : R;
        if (C.Epi & CUBLASLT_EPILOGUE_GELU)
          R = gelu(R);
        if (!Cplx)
          V = R;
        RowSums[Bi * C.M + I] += R;
        Near(load(D.H.data(), C.Dt, SD.at(I, J, Bi)), V, "D", Bi, I, J);
      }
  // Bias gradients: row sums of D (DGELU_BGRAD), of op(A) (BGRADA), column
  // sums of op(B) (BGRADB).
  for (int Bi = 0; Bi < C.Batch && BiasOut; ++Bi)
    for (int I = 0; I < (C.Epi == CUBLASLT_EPILOGUE_BGRADB ? C.N : C.M); ++I) {
      double Want = 0;
      if (C.Epi == CUBLASLT_EPILOGUE_DGELU_BGRAD)
        Want = RowSums[Bi * C.M + I];
      else
        for (int K = 0; K < C.K; ++K)
          Want += C.Epi == CUBLASLT_EPILOGUE_BGRADA
                      ? load(A.H.data(), C.T, C.Ta == CUBLAS_OP_N ? SA.at(I, K, Bi) : SA.at(K, I, Bi)).real()
                      : load(B.H.data(), C.T, C.Tb == CUBLAS_OP_N ? SB.at(K, I, Bi) : SB.at(I, K, Bi)).real();
      Near(load(Bias.H.data(), BiasT, (size_t)(Bi * C.BiasStride + I)), Want, "bias gradient", Bi, I, 0);
    }
  CHECK(Bad == 0, "%s: %d wrong elements", C.Name, Bad);
  (void)RowSums;
  // Elements of D outside the matrices (padding, batch gaps) are untouched.
  std::vector<bool> Inside(SD.elems(), false);
  for (int Bi = 0; Bi < C.Batch; ++Bi)
    for (int J = 0; J < C.N; ++J)
      for (int I = 0; I < C.M; ++I)
        Inside[SD.at(I, J, Bi)] = true;
  size_t Es = sizeOf(C.Dt), Outside = 0;
  for (size_t I = 0; I < SD.elems(); ++I)
    if (!Inside[I] && std::memcmp(&D.H[I * Es], &DOrig[I * Es], Es) != 0)
      ++Outside;
  CHECK(Outside == 0, "%s: %zu elements outside D written", C.Name, Outside);
  cublasLtMatmulPreferenceDestroy(Pref);
  cublasLtMatrixLayoutDestroy(LA), cublasLtMatrixLayoutDestroy(LB), cublasLtMatrixLayoutDestroy(LC),
      cublasLtMatrixLayoutDestroy(LD);
  cublasLtMatmulDescDestroy(Op);
}

static Case base(const char *Name, cudaDataType T, cudaDataType Dt, cublasComputeType_t Comp, cudaDataType Scale) {
  Case C{};
  C.Name = Name, C.T = T, C.Dt = Dt, C.Compute = Comp, C.Scale = Scale;
  C.Ta = C.Tb = CUBLAS_OP_N;
  C.M = 7, C.N = 5, C.K = 9, C.Pad = 2, C.Batch = 1;
  C.Epi = CUBLASLT_EPILOGUE_DEFAULT;
  C.BiasT = (cudaDataType)-1;
  return C;
}

static void testMatmuls(cublasLtHandle_t H) {
  const cublasOperation_t Ops[] = {CUBLAS_OP_N, CUBLAS_OP_T};
  // FP32, every transpose combination and order combination.
  for (cublasOperation_t Ta : Ops)
    for (cublasOperation_t Tb : Ops)
      for (int Orders = 0; Orders < 16; ++Orders) {
        Case C = base("fp32", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
        C.Ta = Ta, C.Tb = Tb;
        C.RowA = Orders & 1, C.RowB = Orders & 2, C.RowC = Orders & 4, C.RowD = Orders & 8;
        runCase(H, C);
      }
  // FP64 and complex, conjugate transposes, both orders.
  const cublasOperation_t COps[] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};
  for (cublasOperation_t Ta : COps)
    for (cublasOperation_t Tb : COps)
      for (int Row = 0; Row < 4; ++Row) {
        Case C = base("c32", CUDA_C_32F, CUDA_C_32F, CUBLAS_COMPUTE_32F, CUDA_C_32F);
        C.Ta = Ta, C.Tb = Tb, C.RowA = Row & 1, C.RowB = Row & 2, C.RowC = C.RowD = Row & 1;
        runCase(H, C);
        Case Z = base("c64", CUDA_C_64F, CUDA_C_64F, CUBLAS_COMPUTE_64F, CUDA_C_64F);
        Z.Ta = Ta, Z.Tb = Tb, Z.RowA = Row & 2, Z.RowB = Row & 1, Z.RowC = Z.RowD = Row & 2;
        runCase(H, Z);
      }
  for (cublasOperation_t Ta : Ops)
    for (int Row = 0; Row < 2; ++Row) {
      Case C = base("fp64", CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F, CUDA_R_64F);
      C.Ta = Ta, C.Tb = CUBLAS_OP_T, C.RowA = C.RowD = Row, C.RowC = !Row;
      runCase(H, C);
    }
  // FP16/BF16 inputs, FP32 compute, FP16/BF16 or FP32 out; FP16 compute.
  for (int Row = 0; Row < 2; ++Row)
    for (cublasOperation_t Ta : Ops) {
      Case C = base("fp16", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
      C.Ta = Ta, C.Tb = CUBLAS_OP_T, C.RowA = Row, C.RowB = !Row, C.RowC = Row, C.RowD = !Row;
      runCase(H, C);
      C.Name = "fp16->fp32", C.Dt = CUDA_R_32F;
      runCase(H, C);
      C.Name = "bf16", C.T = C.Dt = CUDA_R_16BF;
      runCase(H, C);
      C.Name = "bf16->fp32", C.Dt = CUDA_R_32F;
      runCase(H, C);
      C = base("fp16 compute16f", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_16F, CUDA_R_16F);
      C.Ta = Ta, C.RowA = C.RowD = Row;
      runCase(H, C);
    }
  // Strided batches.
  Case Bt = base("fp32 batched", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Bt.Batch = 3, Bt.Ta = CUBLAS_OP_T, Bt.RowB = true;
  runCase(H, Bt);
  Bt.Name = "fp32 batched row D", Bt.RowD = Bt.RowC = true;
  runCase(H, Bt);
  Case Bh = base("bf16 batched", CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Bh.Batch = 4, Bh.Tb = CUBLAS_OP_T;
  runCase(H, Bh);
  Case Bz = base("c64 batched", CUDA_C_64F, CUDA_C_64F, CUBLAS_COMPUTE_64F, CUDA_C_64F);
  Bz.Batch = 2, Bz.Ta = CUBLAS_OP_C;
  runCase(H, Bz);
  // Epilogues, with and without bias.
  const uint32_t Epis[] = {CUBLASLT_EPILOGUE_RELU, CUBLASLT_EPILOGUE_BIAS, CUBLASLT_EPILOGUE_RELU_BIAS,
                           CUBLASLT_EPILOGUE_GELU, CUBLASLT_EPILOGUE_GELU_BIAS};
  for (uint32_t E : Epis) {
    Case C = base("fp32 epilogue", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    C.Epi = E, C.Tb = CUBLAS_OP_T;
    runCase(H, C);
    C.Name = "fp32 epilogue row", C.RowD = C.RowC = true, C.Batch = 2, C.BiasStride = 8;
    runCase(H, C);
    C = base("fp64 epilogue", CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F, CUDA_R_64F);
    C.Epi = E, C.RowA = true;
    runCase(H, C);
    C = base("fp16 epilogue", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    C.Epi = E, C.Ta = CUBLAS_OP_T;
    runCase(H, C);
    C = base("bf16 epilogue fp32 bias", CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    C.Epi = E, C.BiasT = CUDA_R_32F, C.RowD = true, C.Batch = 2, C.BiasStride = 7;
    runCase(H, C);
  }
  // GELU input out, GELU gradient in, bias gradients (column-major D).
  const uint32_t Grads[] = {CUBLASLT_EPILOGUE_GELU_AUX, CUBLASLT_EPILOGUE_GELU_AUX_BIAS, CUBLASLT_EPILOGUE_DGELU,
                            CUBLASLT_EPILOGUE_DGELU_BGRAD, CUBLASLT_EPILOGUE_BGRADA, CUBLASLT_EPILOGUE_BGRADB};
  for (uint32_t E : Grads) {
    Case C = base("fp32 aux/grad epilogue", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    C.Epi = E, C.Ta = CUBLAS_OP_T, C.RowB = true, C.Batch = 2, C.BiasStride = 9;
    runCase(H, C);
    C = base("fp64 aux/grad epilogue", CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F, CUDA_R_64F);
    C.Epi = E, C.Tb = CUBLAS_OP_T, C.RowA = true;
    runCase(H, C);
    C = base("bf16 aux/grad epilogue", CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    C.Epi = E, C.BiasT = CUDA_R_32F, C.Batch = 2, C.BiasStride = 10;
    runCase(H, C);
  }
  // Per-row alpha/beta vectors.
  const int Vecs[] = {CUBLASLT_POINTER_MODE_DEVICE_VECTOR, CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO,
                      CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST};
  for (int V : Vecs) {
    Case C = base("fp32 vector alpha", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    C.Vec = V, C.Batch = 3, C.RowD = true, C.Epi = CUBLASLT_EPILOGUE_RELU_BIAS, C.BiasStride = 8;
    runCase(H, C);
    C = base("fp64 vector alpha C == D", CUDA_R_64F, CUDA_R_64F, CUBLAS_COMPUTE_64F, CUDA_R_64F);
    C.Vec = V, C.InPlace = true, C.Ta = CUBLAS_OP_T;
    runCase(H, C);
    C = base("fp16 vector alpha", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
    C.Vec = V, C.Batch = 2, C.RowC = true;
    runCase(H, C);
    C = base("fp16 compute16f vector alpha", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_16F, CUDA_R_16F);
    C.Vec = V;
    runCase(H, C);
  }
  // Device pointer mode; C == D; beta = 0.
  Case Dv = base("fp32 device scalars", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Dv.Device = true, Dv.Ta = CUBLAS_OP_T;
  runCase(H, Dv);
  Case Dc = base("c32 device scalars", CUDA_C_32F, CUDA_C_32F, CUBLAS_COMPUTE_32F, CUDA_C_32F);
  Dc.Device = true, Dc.Tb = CUBLAS_OP_C, Dc.RowD = Dc.RowC = true;
  runCase(H, Dc);
  Case Ip = base("fp32 C == D", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Ip.InPlace = true, Ip.Batch = 2;
  runCase(H, Ip);
  Ip.Name = "fp32 C == D row", Ip.RowD = true, Ip.Epi = CUBLASLT_EPILOGUE_RELU_BIAS;
  runCase(H, Ip);
  Ip = base("fp16 C == D", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Ip.InPlace = true, Ip.RowD = true;
  runCase(H, Ip);
  Case Bz0 = base("fp32 beta 0", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  Bz0.BetaZero = true;
  runCase(H, Bz0);
  // K = 0: D = beta C (+ epilogue).
  Case K0 = base("fp32 k=0", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_32F);
  K0.K = 0, K0.Epi = CUBLASLT_EPILOGUE_BIAS;
  runCase(H, K0);
}

static void testAttributes(cublasLtHandle_t H) {
  const cublasStatus_t Inv = CUBLAS_STATUS_INVALID_VALUE;
  CHECK(cublasLtGetVersion() == CUBLAS_VERSION);
  CHECK(cublasLtGetCudartVersion() > 0);
  int V = -1;
  CHECK_OK(cublasLtGetProperty(MAJOR_VERSION, &V));
  CHECK(V == CUBLAS_VER_MAJOR);
  CHECK(std::strcmp(cublasLtGetStatusName(CUBLAS_STATUS_NOT_SUPPORTED), "CUBLAS_STATUS_NOT_SUPPORTED") == 0);
  CHECK(std::strlen(cublasLtGetStatusString(CUBLAS_STATUS_INVALID_VALUE)) > 0);

  // Matmul descriptor: defaults, round trips, sizes.
  cublasLtMatmulDesc_t Op;
  CHECK_OK(cublasLtMatmulDescCreate(&Op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  int32_t I32 = -1;
  uint32_t U32 = 0;
  size_t W = 0;
  CHECK_OK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_COMPUTE_TYPE, &I32, sizeof(I32), &W));
  CHECK(I32 == CUBLAS_COMPUTE_32F && W == sizeof(I32));
  CHECK_OK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_SCALE_TYPE, &I32, sizeof(I32), &W));
  CHECK(I32 == CUDA_R_32F);
  CHECK_OK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &U32, sizeof(U32), &W));
  CHECK(U32 == CUBLASLT_EPILOGUE_DEFAULT);
  CHECK_OK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA, &I32, sizeof(I32), &W));
  CHECK(I32 == CUBLAS_OP_N);
  CHECK_OK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &I32, sizeof(I32), nullptr));
  CHECK(I32 == CUBLASLT_POINTER_MODE_HOST);
  I32 = CUBLAS_OP_T;
  CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSB, &I32, sizeof(I32)));
  I32 = 0;
  CHECK_OK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSB, &I32, sizeof(I32), &W));
  CHECK(I32 == CUBLAS_OP_T);
  U32 = CUBLASLT_EPILOGUE_GELU_BIAS;
  CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &U32, sizeof(U32)));
  U32 = 0;
  CHECK_OK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &U32, sizeof(U32), &W));
  CHECK(U32 == CUBLASLT_EPILOGUE_GELU_BIAS);
  float Dummy;
  const void *Ptr = &Dummy, *PtrBack = nullptr;
  CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &Ptr, sizeof(Ptr)));
  CHECK_OK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &PtrBack, sizeof(PtrBack), &W));
  CHECK(PtrBack == Ptr && W == sizeof(void *));
  CHECK_OK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &I32, sizeof(I32), &W));
  CHECK(I32 == -1);
  I32 = CUDA_R_16BF;
  CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &I32, sizeof(I32)));
  I32 = 0;
  CHECK_OK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &I32, sizeof(I32), &W));
  CHECK(I32 == CUDA_R_16BF);
  W = 0;
  CHECK_OK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, nullptr, 0, &W));
  CHECK(W == sizeof(int64_t)); // size 0: the size needed
  CHECK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE, nullptr, 0, nullptr) == Inv);
  CHECK(cublasLtMatmulDescGetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA, &I32, 2, &W) == Inv);
  CHECK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA, &I32, 8) == Inv);
  CHECK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA, nullptr, 4) == Inv);
  I32 = 7;
  CHECK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_TRANSA, &I32, sizeof(I32)) == Inv);
  U32 = 3;
  CHECK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &U32, sizeof(U32)) == Inv);
  I32 = 9;
  CHECK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &I32, sizeof(I32)) == Inv);
  CHECK(cublasLtMatmulDescSetAttribute(Op, (cublasLtMatmulDescAttributes_t)9, &I32, sizeof(I32)) == Inv);
  CHECK(cublasLtMatmulDescSetAttribute(Op, (cublasLtMatmulDescAttributes_t)999, &I32, sizeof(I32)) == Inv);
  CHECK(cublasLtMatmulDescGetAttribute(Op, (cublasLtMatmulDescAttributes_t)999, &I32, sizeof(I32), &W) == Inv);
  I32 = 12345;
  CHECK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_COMPUTE_TYPE, &I32, sizeof(I32)) == Inv);
  int8_t Fast = 1;
  CHECK_OK(cublasLtMatmulDescSetAttribute(Op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &Fast, sizeof(Fast)));
  CHECK(cublasLtMatmulDescCreate(nullptr, CUBLAS_COMPUTE_32F, CUDA_R_32F) == Inv);
  cublasLtMatmulDesc_t Bad;
  CHECK(cublasLtMatmulDescCreate(&Bad, (cublasComputeType_t)1234, CUDA_R_32F) == Inv);
  CHECK_OK(cublasLtMatmulDescDestroy(Op));

  // A descriptor in the program's own storage (the toolkit's Init).
  cublasLtMatmulDescOpaque_t Own;
  CHECK_OK(cublasLtMatmulDescInit(&Own, CUBLAS_COMPUTE_64F, CUDA_R_64F));
  CHECK_OK(cublasLtMatmulDescGetAttribute(&Own, CUBLASLT_MATMUL_DESC_COMPUTE_TYPE, &I32, sizeof(I32), &W));
  CHECK(I32 == CUBLAS_COMPUTE_64F);

  // Layouts.
  cublasLtMatrixLayout_t L;
  CHECK_OK(cublasLtMatrixLayoutCreate(&L, CUDA_R_16F, 10, 20, 16));
  uint64_t U64 = 0;
  int64_t I64 = 0;
  CHECK_OK(cublasLtMatrixLayoutGetAttribute(L, CUBLASLT_MATRIX_LAYOUT_TYPE, &U32, sizeof(U32), &W));
  CHECK(U32 == CUDA_R_16F);
  CHECK_OK(cublasLtMatrixLayoutGetAttribute(L, CUBLASLT_MATRIX_LAYOUT_ROWS, &U64, sizeof(U64), &W));
  CHECK(U64 == 10 && W == 8);
  CHECK_OK(cublasLtMatrixLayoutGetAttribute(L, CUBLASLT_MATRIX_LAYOUT_COLS, &U64, sizeof(U64), &W));
  CHECK(U64 == 20);
  CHECK_OK(cublasLtMatrixLayoutGetAttribute(L, CUBLASLT_MATRIX_LAYOUT_LD, &I64, sizeof(I64), &W));
  CHECK(I64 == 16);
  CHECK_OK(cublasLtMatrixLayoutGetAttribute(L, CUBLASLT_MATRIX_LAYOUT_ORDER, &I32, sizeof(I32), &W));
  CHECK(I32 == CUBLASLT_ORDER_COL);
  CHECK_OK(cublasLtMatrixLayoutGetAttribute(L, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &I32, sizeof(I32), &W));
  CHECK(I32 == 1);
  I32 = CUBLASLT_ORDER_ROW;
  CHECK_OK(cublasLtMatrixLayoutSetAttribute(L, CUBLASLT_MATRIX_LAYOUT_ORDER, &I32, sizeof(I32)));
  I64 = 1000;
  CHECK_OK(cublasLtMatrixLayoutSetAttribute(L, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &I64, sizeof(I64)));
  I32 = 5;
  CHECK_OK(cublasLtMatrixLayoutSetAttribute(L, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &I32, sizeof(I32)));
  I32 = 0, I64 = 0;
  CHECK_OK(cublasLtMatrixLayoutGetAttribute(L, CUBLASLT_MATRIX_LAYOUT_ORDER, &I32, sizeof(I32), &W));
  CHECK(I32 == CUBLASLT_ORDER_ROW);
  CHECK_OK(cublasLtMatrixLayoutGetAttribute(L, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &I32, sizeof(I32), &W));
  CHECK(I32 == 5);
  CHECK_OK(cublasLtMatrixLayoutGetAttribute(L, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &I64, sizeof(I64), &W));
  CHECK(I64 == 1000);
  CHECK(cublasLtMatrixLayoutSetAttribute(L, CUBLASLT_MATRIX_LAYOUT_ROWS, &I32, sizeof(I32)) == Inv);
  I32 = 9;
  CHECK(cublasLtMatrixLayoutSetAttribute(L, CUBLASLT_MATRIX_LAYOUT_ORDER, &I32, sizeof(I32)) == Inv);
  I32 = 0;
  CHECK(cublasLtMatrixLayoutSetAttribute(L, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &I32, sizeof(I32)) == Inv);
  CHECK(cublasLtMatrixLayoutSetAttribute(L, (cublasLtMatrixLayoutAttribute_t)42, &I32, sizeof(I32)) == Inv);
  CHECK(cublasLtMatrixLayoutCreate(nullptr, CUDA_R_32F, 1, 1, 1) == Inv);
  CHECK_OK(cublasLtMatrixLayoutDestroy(L));

  // Preferences.
  cublasLtMatmulPreference_t P;
  CHECK_OK(cublasLtMatmulPreferenceCreate(&P));
  CHECK_OK(cublasLtMatmulPreferenceGetAttribute(P, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &U64, sizeof(U64), &W));
  CHECK(U64 == 0);
  U64 = 32 << 20;
  CHECK_OK(cublasLtMatmulPreferenceSetAttribute(P, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &U64, sizeof(U64)));
  U64 = 0;
  CHECK_OK(cublasLtMatmulPreferenceGetAttribute(P, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &U64, sizeof(U64), &W));
  CHECK(U64 == (32u << 20));
  CHECK(cublasLtMatmulPreferenceSetAttribute(P, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &U32, sizeof(U32)) == Inv);
  CHECK(cublasLtMatmulPreferenceSetAttribute(P, (cublasLtMatmulPreferenceAttributes_t)2, &U32, sizeof(U32)) == Inv);
  CHECK_OK(cublasLtMatmulPreferenceDestroy(P));
  (void)H;
}

/// Builds a 4x4x4 FP32 problem's descriptors for the error checks.
struct Small {
  cublasLtMatmulDesc_t Op;
  cublasLtMatrixLayout_t A, B, C, D;
  Small(cudaDataType T = CUDA_R_32F, cublasComputeType_t Comp = CUBLAS_COMPUTE_32F, cudaDataType Scale = CUDA_R_32F) {
    cublasLtMatmulDescCreate(&Op, Comp, Scale);
    cublasLtMatrixLayoutCreate(&A, T, 4, 4, 4);
    cublasLtMatrixLayoutCreate(&B, T, 4, 4, 4);
    cublasLtMatrixLayoutCreate(&C, T, 4, 4, 4);
    cublasLtMatrixLayoutCreate(&D, T, 4, 4, 4);
  }
  ~Small() {
    cublasLtMatmulDescDestroy(Op);
    cublasLtMatrixLayoutDestroy(A), cublasLtMatrixLayoutDestroy(B), cublasLtMatrixLayoutDestroy(C),
        cublasLtMatrixLayoutDestroy(D);
  }
};

static void testErrors(cublasLtHandle_t H) {
  const cublasStatus_t Inv = CUBLAS_STATUS_INVALID_VALUE, NotSup = CUBLAS_STATUS_NOT_SUPPORTED;
  float One = 1, Zero = 0;
  float *X;
  CHECK_CUDA(cudaMalloc(&X, 4096 * sizeof(float)));
  CHECK(cublasLtCreate(nullptr) == Inv);
  CHECK(cublasLtDestroy(nullptr) == CUBLAS_STATUS_NOT_INITIALIZED);
  cublasLtMatmulPreference_t P;
  cublasLtMatmulPreferenceCreate(&P);
  cublasLtMatmulHeuristicResult_t R;
  int N = -1;
  {
    Small S;
    CHECK(cublasLtMatmul(nullptr, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) ==
          CUBLAS_STATUS_NOT_INITIALIZED);
    CHECK_OK(cublasLtMatmul(H, S.Op, &One, X, S.A, X + 16, S.B, &Zero, X + 32, S.C, X + 48, S.D, nullptr, nullptr, 0, 0));
    CHECK(cublasLtMatmul(H, S.Op, nullptr, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == Inv);
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, nullptr, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == Inv);
    CHECK(cublasLtMatmul(H, S.Op, &One, X, nullptr, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == Inv);
    CHECK(cublasLtMatmul(H, nullptr, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == Inv);
    CHECK(cublasLtMatmul(H, S.Op, &One, nullptr, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == Inv);
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, nullptr, S.D, nullptr, nullptr, 0, 0) == Inv);
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 64, 0) == Inv);
    // Null C is fine with a host zero beta, not otherwise.
    CHECK_OK(cublasLtMatmul(H, S.Op, &One, X, S.A, X + 16, S.B, &Zero, nullptr, S.C, X + 48, S.D, nullptr, nullptr, 0, 0));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &One, nullptr, S.C, X, S.D, nullptr, nullptr, 0, 0) == Inv);
    // An algo that no heuristic gave.
    cublasLtMatmulAlgo_t Junk;
    std::memset(&Junk, 0x5a, sizeof(Junk));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, &Junk, nullptr, 0, 0) == Inv);
    // Heuristic arguments.
    CHECK(cublasLtMatmulAlgoGetHeuristic(H, S.Op, S.A, S.B, S.C, S.D, P, 0, &R, &N) == Inv);
    CHECK(cublasLtMatmulAlgoGetHeuristic(H, S.Op, S.A, S.B, S.C, S.D, P, 1, nullptr, &N) == Inv);
    CHECK(cublasLtMatmulAlgoGetHeuristic(nullptr, S.Op, S.A, S.B, S.C, S.D, P, 1, &R, &N) ==
          CUBLAS_STATUS_NOT_INITIALIZED);
    CHECK_OK(cublasLtMatmulAlgoGetHeuristic(H, S.Op, S.A, S.B, S.C, S.D, P, 1, &R, &N));
    CHECK(N == 1 && R.state == CUBLAS_STATUS_SUCCESS && R.workspaceSize == 0);
    cublasLtMatmulHeuristicResult_t Checked;
    CHECK_OK(cublasLtMatmulAlgoCheck(H, S.Op, S.A, S.B, S.C, S.D, &R.algo, &Checked));
    CHECK(Checked.state == CUBLAS_STATUS_SUCCESS && Checked.workspaceSize == 0);
    CHECK(cublasLtMatmulAlgoCheck(H, S.Op, S.A, S.B, S.C, S.D, &Junk, &Checked) == Inv);
    int Ids[4], NIds = 0;
    CHECK_OK(cublasLtMatmulAlgoGetIds(H, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F,
                                      CUDA_R_32F, 4, Ids, &NIds));
    CHECK(NIds == 1);
    cublasLtMatmulAlgo_t Algo;
    CHECK_OK(cublasLtMatmulAlgoInit(H, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F,
                                    CUDA_R_32F, Ids[0], &Algo));
    CHECK_OK(cublasLtMatmul(H, S.Op, &One, X, S.A, X + 16, S.B, &Zero, X + 32, S.C, X + 48, S.D, &Algo, nullptr, 0, 0));
    CHECK(cublasLtMatmulAlgoInit(H, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F,
                                 CUDA_R_32F, -1, &Algo) == Inv);
    CHECK(cublasLtMatmulAlgoInit(H, CUBLAS_COMPUTE_32I, CUDA_R_32I, CUDA_R_8I, CUDA_R_8I, CUDA_R_32I,
                                 CUDA_R_32I, 0, &Algo) == NotSup);
    CHECK_OK(cublasLtMatmulAlgoInit(H, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F,
                                    CUDA_R_32F, Ids[0], &Algo));
    // Capabilities and configuration.
    int32_t Cap = -1;
    uint32_t UCap = 0, Tiles[CUBLASLT_MATMUL_TILE_END];
    uint64_t Impl = 0;
    size_t Wr = 0;
    CHECK_OK(cublasLtMatmulAlgoCapGetAttribute(&Algo, CUBLASLT_ALGO_CAP_SPLITK_SUPPORT, &Cap, sizeof(Cap), &Wr));
    CHECK(Cap == 0);
    CHECK_OK(cublasLtMatmulAlgoCapGetAttribute(&Algo, CUBLASLT_ALGO_CAP_STRIDED_BATCH_SUPPORT, &Cap, sizeof(Cap), &Wr));
    CHECK(Cap == 1);
    CHECK_OK(cublasLtMatmulAlgoCapGetAttribute(&Algo, CUBLASLT_ALGO_CAP_TILE_IDS, nullptr, 0, &Wr));
    CHECK(Wr == sizeof(uint32_t));
    CHECK_OK(cublasLtMatmulAlgoCapGetAttribute(&Algo, CUBLASLT_ALGO_CAP_TILE_IDS, Tiles, sizeof(Tiles), &Wr));
    CHECK(Wr == sizeof(uint32_t) && Tiles[0] == CUBLASLT_MATMUL_TILE_UNDEFINED);
    CHECK_OK(cublasLtMatmulAlgoCapGetAttribute(&Algo, CUBLASLT_ALGO_CAP_EPILOGUE_MASK, &UCap, sizeof(UCap), &Wr));
    CHECK((UCap & CUBLASLT_EPILOGUE_GELU_BIAS) == CUBLASLT_EPILOGUE_GELU_BIAS && !(UCap & 128));
    CHECK_OK(cublasLtMatmulAlgoCapGetAttribute(&Algo, CUBLASLT_ALGO_CAP_POINTER_MODE_MASK, &UCap, sizeof(UCap), &Wr));
    CHECK(UCap == 31); // host, device and the three vector modes
    CHECK_OK(cublasLtMatmulAlgoCapGetAttribute(&Algo, CUBLASLT_ALGO_CAP_NUMERICAL_IMPL_FLAGS, &Impl, sizeof(Impl), &Wr));
    CHECK((Impl & CUBLASLT_NUMERICAL_IMPL_FLAGS_ACCUMULATOR_32F) && (Impl & CUBLASLT_NUMERICAL_IMPL_FLAGS_INPUT_32F));
    CHECK(cublasLtMatmulAlgoCapGetAttribute(&Algo, CUBLASLT_ALGO_CAP_SPLITK_SUPPORT, &Impl, sizeof(Impl), &Wr) == Inv);
    CHECK(cublasLtMatmulAlgoCapGetAttribute(&Junk, CUBLASLT_ALGO_CAP_SPLITK_SUPPORT, &Cap, sizeof(Cap), &Wr) == Inv);
    CHECK_OK(cublasLtMatmulAlgoConfigGetAttribute(&Algo, CUBLASLT_ALGO_CONFIG_ID, &Cap, sizeof(Cap), &Wr));
    CHECK(Cap == Ids[0]);
    CHECK_OK(cublasLtMatmulAlgoConfigGetAttribute(&Algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &UCap, sizeof(UCap), &Wr));
    CHECK(UCap == 1);
    CHECK(cublasLtMatmulAlgoConfigSetAttribute(&Algo, CUBLASLT_ALGO_CONFIG_ID, &Cap, sizeof(Cap)) == Inv);
    UCap = 0;
    CHECK(cublasLtMatmulAlgoConfigSetAttribute(&Algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &UCap, sizeof(UCap)) == Inv);
    UCap = 999;
    CHECK(cublasLtMatmulAlgoConfigSetAttribute(&Algo, CUBLASLT_ALGO_CONFIG_TILE_ID, &UCap, sizeof(UCap)) == Inv);
    UCap = CUBLASLT_MATMUL_TILE_128x128;
    CHECK_OK(cublasLtMatmulAlgoConfigSetAttribute(&Algo, CUBLASLT_ALGO_CONFIG_TILE_ID, &UCap, sizeof(UCap)));
    UCap = 0;
    CHECK_OK(cublasLtMatmulAlgoConfigGetAttribute(&Algo, CUBLASLT_ALGO_CONFIG_TILE_ID, &UCap, sizeof(UCap), &Wr));
    CHECK(UCap == CUBLASLT_MATMUL_TILE_128x128);
    // A GPU's preset algorithm (NVIDIA's LtDgemmPresetAlgo: id 10, a tile,
    // split-K 256 in place) is the same OpenBLAS computation here.
    cublasLtMatmulAlgo_t Preset;
    CHECK_OK(cublasLtMatmulAlgoInit(H, CUBLAS_COMPUTE_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F, CUDA_R_32F,
                                    CUDA_R_32F, 10, &Preset));
    CHECK_OK(cublasLtMatmulAlgoConfigGetAttribute(&Preset, CUBLASLT_ALGO_CONFIG_ID, &Cap, sizeof(Cap), &Wr));
    CHECK(Cap == 10);
    UCap = CUBLASLT_MATMUL_TILE_16x16;
    CHECK_OK(cublasLtMatmulAlgoConfigSetAttribute(&Preset, CUBLASLT_ALGO_CONFIG_TILE_ID, &UCap, sizeof(UCap)));
    UCap = CUBLASLT_REDUCTION_SCHEME_INPLACE;
    CHECK_OK(cublasLtMatmulAlgoConfigSetAttribute(&Preset, CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME, &UCap, sizeof(UCap)));
    UCap = 256;
    CHECK_OK(cublasLtMatmulAlgoConfigSetAttribute(&Preset, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &UCap, sizeof(UCap)));
    CHECK_OK(cublasLtMatmulAlgoCheck(H, S.Op, S.A, S.B, S.C, S.D, &Preset, &Checked));
    CHECK(Checked.workspaceSize == 0);
    std::vector<float> Ah(16), Bh(16), Dh(16);
    for (int I = 0; I < 16; ++I)
      Ah[I] = (float)(I % 5) - 2, Bh[I] = (float)(I % 3);
    cudaMemcpy(X + 2048, Ah.data(), 64, cudaMemcpyHostToDevice);
    cudaMemcpy(X + 2064, Bh.data(), 64, cudaMemcpyHostToDevice);
    CHECK_OK(cublasLtMatmul(H, S.Op, &One, X + 2048, S.A, X + 2064, S.B, &Zero, X + 2080, S.C, X + 2080, S.D,
                            &Preset, nullptr, 0, 0));
    cudaMemcpy(Dh.data(), X + 2080, 64, cudaMemcpyDeviceToHost);
    bool PresetOk = true;
    for (int I = 0; I < 4; ++I)
      for (int J = 0; J < 4; ++J) {
        float Want = 0;
        for (int K = 0; K < 4; ++K)
          Want += Ah[I + 4 * K] * Bh[K + 4 * J];
        PresetOk &= Dh[I + 4 * J] == Want;
      }
    CHECK(PresetOk, "preset algorithm");

    // Shapes and leading dimensions.
    uint64_t Five = 5;
    int64_t Ld5 = 5;
    cublasLtMatrixLayoutSetAttribute(S.B, CUBLASLT_MATRIX_LAYOUT_ROWS, &Five, sizeof(Five));
    cublasLtMatrixLayoutSetAttribute(S.B, CUBLASLT_MATRIX_LAYOUT_LD, &Ld5, sizeof(Ld5));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == Inv);
    CHECK(cublasLtMatmulAlgoGetHeuristic(H, S.Op, S.A, S.B, S.C, S.D, P, 1, &R, &N) == Inv);
    uint64_t Four = 4;
    cublasLtMatrixLayoutSetAttribute(S.B, CUBLASLT_MATRIX_LAYOUT_ROWS, &Four, sizeof(Four));
    int64_t LdB4 = 4;
    cublasLtMatrixLayoutSetAttribute(S.B, CUBLASLT_MATRIX_LAYOUT_LD, &LdB4, sizeof(LdB4));
    int64_t Ld3 = 3;
    cublasLtMatrixLayoutSetAttribute(S.A, CUBLASLT_MATRIX_LAYOUT_LD, &Ld3, sizeof(Ld3));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == Inv);
    int64_t Ld4 = 4;
    cublasLtMatrixLayoutSetAttribute(S.A, CUBLASLT_MATRIX_LAYOUT_LD, &Ld4, sizeof(Ld4));
    // C == D with another leading dimension.
    int64_t Ld6 = 6;
    cublasLtMatrixLayoutSetAttribute(S.C, CUBLASLT_MATRIX_LAYOUT_LD, &Ld6, sizeof(Ld6));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X + 16, S.B, &One, X + 64, S.C, X + 64, S.D, nullptr, nullptr, 0, 0) == Inv);
    CHECK_OK(cublasLtMatmul(H, S.Op, &One, X, S.A, X + 16, S.B, &One, X + 64, S.C, X + 128, S.D, nullptr, nullptr, 0, 0));
    // Batch counts must agree.
    int32_t Two = 2;
    cublasLtMatrixLayoutSetAttribute(S.A, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &Two, sizeof(Two));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == Inv);
    int32_t OneB = 1;
    cublasLtMatrixLayoutSetAttribute(S.A, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &OneB, sizeof(OneB));
    // A bias epilogue without a bias.
    uint32_t E = CUBLASLT_EPILOGUE_RELU_BIAS;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &E, sizeof(E));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X + 200, S.D, nullptr, nullptr, 0, 0) == Inv);
    // Unsupported: aux epilogues, bias of another type, vector alpha,
    // tiled orders, TRANSC, FP8 scales.
    E = CUBLASLT_EPILOGUE_RELU_AUX_BIAS; // the ReLU bit mask
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &E, sizeof(E));
    CHECK(cublasLtMatmulAlgoGetHeuristic(H, S.Op, S.A, S.B, S.C, S.D, P, 1, &R, &N) == NotSup && N == 0);
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == NotSup);
    E = CUBLASLT_EPILOGUE_DRELU_BGRAD;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &E, sizeof(E));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == NotSup);
    // GELU_AUX: an aux pointer, and an aux leading dimension >= rows, divisible by 8.
    E = CUBLASLT_EPILOGUE_GELU_AUX;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &E, sizeof(E));
    int64_t AuxLd = 4;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &AuxLd, sizeof(AuxLd));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X + 200, S.D, nullptr, nullptr, 0, 0) == Inv);
    AuxLd = 8;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD, &AuxLd, sizeof(AuxLd));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X + 200, S.D, nullptr, nullptr, 0, 0) == Inv);
    void *AuxP = X + 1024;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER, &AuxP, sizeof(AuxP));
    CHECK_OK(cublasLtMatmul(H, S.Op, &One, X, S.A, X + 16, S.B, &Zero, X + 32, S.C, X + 200, S.D, nullptr, nullptr, 0, 0));
    int32_t AuxT = CUDA_R_16F;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE, &AuxT, sizeof(AuxT));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X + 16, S.B, &Zero, X + 32, S.C, X + 200, S.D, nullptr, nullptr, 0, 0) == NotSup);
    AuxT = -1;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE, &AuxT, sizeof(AuxT));
    E = CUBLASLT_EPILOGUE_BIAS;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &E, sizeof(E));
    int32_t BT = CUDA_R_64F;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE, &BT, sizeof(BT));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == NotSup);
    E = CUBLASLT_EPILOGUE_DEFAULT;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &E, sizeof(E));
    // ALPHA_DEVICE_VECTOR_BETA_ZERO takes no alpha batch stride.
    int32_t Mode = CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO;
    int64_t AlStride = 4;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &Mode, sizeof(Mode));
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE, &AlStride, sizeof(AlStride));
    CHECK(cublasLtMatmul(H, S.Op, X, X, S.A, X, S.B, nullptr, X, S.C, X + 300, S.D, nullptr, nullptr, 0, 0) == Inv);
    AlStride = 0;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE, &AlStride, sizeof(AlStride));
    CHECK_OK(cublasLtMatmul(H, S.Op, X, X, S.A, X + 16, S.B, nullptr, nullptr, S.C, X + 300, S.D, nullptr, nullptr, 0, 0));
    Mode = CUBLASLT_POINTER_MODE_DEVICE_VECTOR; // a beta vector is needed
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &Mode, sizeof(Mode));
    CHECK(cublasLtMatmul(H, S.Op, X, X, S.A, X + 16, S.B, nullptr, X + 32, S.C, X + 300, S.D, nullptr, nullptr, 0, 0) == Inv);
    Mode = CUBLASLT_POINTER_MODE_HOST;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &Mode, sizeof(Mode));
    int32_t Col32 = CUBLASLT_ORDER_COL32;
    cublasLtMatrixLayoutSetAttribute(S.A, CUBLASLT_MATRIX_LAYOUT_ORDER, &Col32, sizeof(Col32));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == NotSup);
    int32_t ColO = CUBLASLT_ORDER_COL;
    cublasLtMatrixLayoutSetAttribute(S.A, CUBLASLT_MATRIX_LAYOUT_ORDER, &ColO, sizeof(ColO));
    int32_t TC = CUBLAS_OP_T;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_TRANSC, &TC, sizeof(TC));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == NotSup);
    TC = CUBLAS_OP_N;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_TRANSC, &TC, sizeof(TC));
    const void *ScaleP = X;
    cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &ScaleP, sizeof(ScaleP));
    CHECK(cublasLtMatmul(H, S.Op, &One, X, S.A, X, S.B, &Zero, X, S.C, X, S.D, nullptr, nullptr, 0, 0) == NotSup);
  }
  // Unsupported type combinations name no other computation.
  {
    Small S8(CUDA_R_8I, CUBLAS_COMPUTE_32I, CUDA_R_32I);
    int32_t I1 = 1, I0 = 0;
    CHECK(cublasLtMatmul(H, S8.Op, &I1, X, S8.A, X, S8.B, &I0, X, S8.C, X, S8.D, nullptr, nullptr, 0, 0) == NotSup);
    CHECK(cublasLtMatmulAlgoGetHeuristic(H, S8.Op, S8.A, S8.B, S8.C, S8.D, P, 1, &R, &N) == NotSup);
    Small F8(CUDA_R_8F_E4M3);
    CHECK(cublasLtMatmul(H, F8.Op, &One, X, F8.A, X, F8.B, &Zero, X, F8.C, X, F8.D, nullptr, nullptr, 0, 0) == NotSup);
    Small Mixed; // FP32 A with an FP64 B
    uint32_t T64 = CUDA_R_64F;
    cublasLtMatrixLayoutSetAttribute(Mixed.B, CUBLASLT_MATRIX_LAYOUT_TYPE, &T64, sizeof(T64));
    CHECK(cublasLtMatmul(H, Mixed.Op, &One, X, Mixed.A, X, Mixed.B, &Zero, X, Mixed.C, X, Mixed.D, nullptr, nullptr, 0, 0) == NotSup);
    Small WrongScale(CUDA_R_32F, CUBLAS_COMPUTE_32F, CUDA_R_64F);
    CHECK(cublasLtMatmul(H, WrongScale.Op, &One, X, WrongScale.A, X, WrongScale.B, &Zero, X, WrongScale.C, X,
                         WrongScale.D, nullptr, nullptr, 0, 0) == NotSup);
    Small CplxEpi(CUDA_C_32F, CUBLAS_COMPUTE_32F, CUDA_C_32F);
    uint32_t E = CUBLASLT_EPILOGUE_RELU;
    cublasLtMatmulDescSetAttribute(CplxEpi.Op, CUBLASLT_MATMUL_DESC_EPILOGUE, &E, sizeof(E));
    cuComplex COne = make_cuComplex(1, 0), CZero = make_cuComplex(0, 0);
    CHECK(cublasLtMatmul(H, CplxEpi.Op, &COne, X, CplxEpi.A, X, CplxEpi.B, &CZero, X, CplxEpi.C, X, CplxEpi.D,
                         nullptr, nullptr, 0, 0) == NotSup);
    Small CplxVec(CUDA_C_32F, CUBLAS_COMPUTE_32F, CUDA_C_32F);
    int32_t VMode = CUBLASLT_POINTER_MODE_DEVICE_VECTOR;
    cublasLtMatmulDescSetAttribute(CplxVec.Op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &VMode, sizeof(VMode));
    CHECK(cublasLtMatmul(H, CplxVec.Op, X, X, CplxVec.A, X, CplxVec.B, X, X, CplxVec.C, X, CplxVec.D, nullptr,
                         nullptr, 0, 0) == NotSup);
  }
  CHECK_CUDA(cudaDeviceSynchronize());
  cublasLtMatmulPreferenceDestroy(P);
  CHECK_CUDA(cudaFree(X));
}

static void testTransform(cublasLtHandle_t H) {
  // C (row-major, 5x3) = alpha A^T (A column-major 3x5) + beta B (column-major 5x3, padded).
  const int M = 5, N = 3;
  std::vector<float> A(3 * 5), B(7 * 3), C(M * N, -1.0f);
  for (auto &V : A) V = (float)rnd();
  for (auto &V : B) V = (float)rnd();
  float *dA, *dB, *dC;
  cudaMalloc(&dA, A.size() * 4), cudaMalloc(&dB, B.size() * 4), cudaMalloc(&dC, C.size() * 4);
  cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B.data(), B.size() * 4, cudaMemcpyHostToDevice);
  cublasLtMatrixTransformDesc_t T;
  CHECK_OK(cublasLtMatrixTransformDescCreate(&T, CUDA_R_32F));
  int32_t Op = CUBLAS_OP_T, Back = 0;
  size_t W;
  CHECK_OK(cublasLtMatrixTransformDescSetAttribute(T, CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA, &Op, sizeof(Op)));
  CHECK_OK(cublasLtMatrixTransformDescGetAttribute(T, CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA, &Back, sizeof(Back), &W));
  CHECK(Back == CUBLAS_OP_T);
  cublasLtMatrixLayout_t LA, LB, LC;
  cublasLtMatrixLayoutCreate(&LA, CUDA_R_32F, 3, 5, 3);
  cublasLtMatrixLayoutCreate(&LB, CUDA_R_32F, 5, 3, 7);
  cublasLtMatrixLayoutCreate(&LC, CUDA_R_32F, 5, 3, 3);
  int32_t Row = CUBLASLT_ORDER_ROW;
  cublasLtMatrixLayoutSetAttribute(LC, CUBLASLT_MATRIX_LAYOUT_ORDER, &Row, sizeof(Row));
  float Al = 2, Be = -1;
  CHECK_OK(cublasLtMatrixTransform(H, T, &Al, dA, LA, &Be, dB, LB, dC, LC, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaMemcpy(C.data(), dC, C.size() * 4, cudaMemcpyDeviceToHost);
  bool Ok = true;
  for (int I = 0; I < M; ++I)
    for (int J = 0; J < N; ++J)
      Ok &= std::fabs(C[I * N + J] - (Al * A[J + I * 3] + Be * B[I + J * 7])) < 1e-6f;
  CHECK(Ok, "transform");
  // Shapes must agree.
  CHECK(cublasLtMatrixTransform(H, T, &Al, dA, LB, &Be, dB, LB, dC, LC, 0) == CUBLAS_STATUS_INVALID_VALUE);
  cublasLtMatrixLayoutDestroy(LA), cublasLtMatrixLayoutDestroy(LB), cublasLtMatrixLayoutDestroy(LC);
  cublasLtMatrixTransformDescDestroy(T);
  cudaFree(dA), cudaFree(dB), cudaFree(dC);
}

__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}
__global__ void fillK(float *X, int N, float V) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = V;
}

/// gate -> kernel writing A and alpha -> matmul: the matmul must run after
/// the kernel, not when it is called.
static void testStream(cublasLtHandle_t H) {
  const int N = 64;
  float *A, *B, *D, *Alpha, Beta = 0;
  cudaMalloc(&A, N * N * 4), cudaMalloc(&B, N * N * 4), cudaMalloc(&D, N * N * 4), cudaMalloc(&Alpha, 4);
  std::vector<float> Ones(N * N, 1.0f), Sentinel(N * N, -7.0f);
  cudaMemcpy(B, Ones.data(), N * N * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(A, Sentinel.data(), N * N * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(D, Sentinel.data(), N * N * 4, cudaMemcpyHostToDevice);
  float Zero = 0;
  cudaMemcpy(Alpha, &Zero, 4, cudaMemcpyHostToDevice);
  Small S;
  cublasLtMatrixLayout_t L;
  cublasLtMatrixLayoutCreate(&L, CUDA_R_32F, N, N, N);
  int32_t Mode = CUBLASLT_POINTER_MODE_DEVICE;
  cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &Mode, sizeof(Mode));
  float *DBeta;
  cudaMalloc(&DBeta, 4);
  cudaMemcpy(DBeta, &Beta, 4, cudaMemcpyHostToDevice);
  cudaStream_t St;
  CHECK_CUDA(cudaStreamCreate(&St));
  int *Open;
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));
  *Open = 0;
  gate<<<1, 1, 0, St>>>(Open);
  fillK<<<(N * N + 255) / 256, 256, 0, St>>>(A, N * N, 0.5f);
  fillK<<<1, 1, 0, St>>>(Alpha, 1, 2.0f);
  CHECK_OK(cublasLtMatmul(H, S.Op, Alpha, A, L, B, L, DBeta, D, L, D, L, nullptr, nullptr, 0, St));
  std::vector<float> Got(N * N);
  // Still queued behind the gate: D untouched (device memory is host
  // memory in Loom; a copy would wait for the stream).
  CHECK(((volatile float *)D)[0] == -7.0f, "matmul ran before the kernels before it");
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(St));
  cudaMemcpy(Got.data(), D, N * N * 4, cudaMemcpyDeviceToHost);
  bool Ok = true;
  for (float V : Got)
    Ok &= V == 2.0f * 0.5f * N; // alpha 2 (device, set by the kernel) * sum of 0.5 * 1
  CHECK(Ok, "stream order: got %g", Got[0]);
  CHECK_CUDA(cudaFreeHost(Open));

  // Captured into a graph: the matmul runs at each launch of the graph,
  // not at capture (D = A B + D: each replay adds A B).
  Mode = CUBLASLT_POINTER_MODE_HOST;
  cublasLtMatmulDescSetAttribute(S.Op, CUBLASLT_MATMUL_DESC_POINTER_MODE, &Mode, sizeof(Mode));
  cudaMemcpy(D, Sentinel.data(), N * N * 4, cudaMemcpyHostToDevice);
  float GAlpha = 1, GBeta = 1;
  cudaGraph_t G;
  cudaGraphExec_t GE;
  CHECK_CUDA(cudaStreamBeginCapture(St, cudaStreamCaptureModeGlobal));
  CHECK_OK(cublasLtMatmul(H, S.Op, &GAlpha, A, L, B, L, &GBeta, D, L, D, L, nullptr, nullptr, 0, St));
  GAlpha = 100; // host mode: read at the call, also for the graph
  CHECK_CUDA(cudaStreamEndCapture(St, &G));
  CHECK(((volatile float *)D)[0] == -7.0f, "captured matmul ran at capture");
  CHECK_CUDA(cudaGraphInstantiate(&GE, G, 0));
  CHECK_CUDA(cudaGraphLaunch(GE, St));
  CHECK_CUDA(cudaGraphLaunch(GE, St));
  CHECK_CUDA(cudaStreamSynchronize(St));
  cudaMemcpy(Got.data(), D, N * N * 4, cudaMemcpyDeviceToHost);
  Ok = true;
  for (float V : Got)
    Ok &= V == -7.0f + 2 * (0.5f * N); // two replays, each adding A B = 0.5 N
  CHECK(Ok, "graph replays: got %g", Got[0]);
  cudaGraphExecDestroy(GE);
  cudaGraphDestroy(G);
  CHECK_CUDA(cudaStreamDestroy(St));
  cublasLtMatrixLayoutDestroy(L);
  cudaFree(A), cudaFree(B), cudaFree(D), cudaFree(Alpha), cudaFree(DBeta);
}

int main() {
  cublasLtHandle_t H;
  CHECK_OK(cublasLtCreate(&H));
  testAttributes(H);
  testErrors(H);
  testMatmuls(H);
  testTransform(H);
  testStream(H);
  CHECK_OK(cublasLtDestroy(H));
  return finish("blaslt_matmul");
}

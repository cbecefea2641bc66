// CublasLt.cpp - libcublasLt: NVIDIA's cuBLASLt matmul API on OpenBLAS.
// SPDX-License-Identifier: Apache-2.0
//
// Descriptors live inside the toolkit-sized semi-opaque structures of
// cublasLt.h (so the *Init functions work on a program's own storage).
// cublasLtMatmul validates the descriptors at the call (cuBLAS status codes),
// then enqueues the work on the stream it is given (libs/common/StreamTask.h):
// per batch element, C is copied into D when they differ, OpenBLAS's ?gemm
// computes D = alpha op(A) op(B) + beta D in place, and the epilogue (bias,
// ReLU, GELU, the GELU input/gradient through the aux matrix, bias
// gradients) runs over D. Row-major operands are the column-major views of
// their transposes, so every COL/ROW combination is one gemm call.
// FP16/BF16 inputs are converted to FP32, multiplied by sgemm and rounded
// back, as libcublas's GemmEx. See docs/libraries.md.
#include "cublasLt.h"
#include "cuda_runtime_api.h"

#include "../common/StreamTask.h"

#include <cblas.h>

#include <climits>
#include <cmath>
#include <complex>
#include <cstring>
#include <mutex>
#include <new>
#include <set>
#include <type_traits>
#include <vector>

struct cublasLtContext {
  loomlib::TaskKeeper Keeper;
  std::mutex M;
  std::set<cudaStream_t> Streams; ///< streams it enqueued on, drained by Destroy
};

namespace {

using cf = cuComplex;
using cd = cuDoubleComplex;
constexpr cublasStatus_t Ok = CUBLAS_STATUS_SUCCESS;
constexpr cublasStatus_t Invalid = CUBLAS_STATUS_INVALID_VALUE;
constexpr cublasStatus_t Unsupported = CUBLAS_STATUS_NOT_SUPPORTED;

#define REQUIRE(Cond)                                                                    \
  do {                                                                                   \
    if (!(Cond))                                                                         \
      return CUBLAS_STATUS_INVALID_VALUE;                                                \
  } while (0)
#define TRY(Expr)                                                                        \
  do {                                                                                   \
    if (cublasStatus_t S_ = (Expr))                                                      \
      return S_;                                                                         \
  } while (0)

// ---- Descriptor state, kept inside the semi-opaque structures ----

struct Layout {
  uint32_t Type;
  int32_t Order;
  uint64_t Rows, Cols;
  int64_t Ld;
  int32_t Batch;
  int64_t Stride;
  int64_t Plane;
};

struct Desc {
  int32_t Compute, Scale, PointerMode, TransA, TransB, TransC, Fill;
  uint32_t Epilogue;
  const void *Bias;
  int64_t BiasStride;
  void *Aux;
  int64_t AuxLd, AuxStride, AlphaVecStride;
  int32_t SmCount;
  const void *AScale, *BScale, *CScale, *DScale;
  void *AmaxD;
  int32_t AuxType;
  void *AuxScale, *AuxAmax;
  int8_t FastAccum;
  int32_t BiasType;
  int32_t ChunksRows, ChunksCols;
  int32_t *InCounters, *OutCounters;
};

struct Pref {
  uint32_t Search;
  uint64_t MaxWorkspace;
  uint32_t ReductionMask;
  uint32_t Align[4];
  float MaxWaves;
  uint64_t ImplMask;
};

struct Transform {
  int32_t Scale, PointerMode, TransA, TransB;
};

static_assert(sizeof(Layout) <= sizeof(cublasLtMatrixLayoutOpaque_t), "layout fits");
static_assert(sizeof(Desc) <= sizeof(cublasLtMatmulDescOpaque_t), "matmul desc fits");
static_assert(sizeof(Pref) <= sizeof(cublasLtMatmulPreferenceOpaque_t), "preference fits");
static_assert(sizeof(Transform) <= sizeof(cublasLtMatrixTransformDescOpaque_t), "transform fits");

Layout *state(cublasLtMatrixLayout_t P) { return reinterpret_cast<Layout *>(P); }
Desc *state(cublasLtMatmulDesc_t P) { return reinterpret_cast<Desc *>(P); }
Pref *state(cublasLtMatmulPreference_t P) { return reinterpret_cast<Pref *>(P); }
Transform *state(cublasLtMatrixTransformDesc_t P) { return reinterpret_cast<Transform *>(P); }

/// The algorithm cuBLASLt's heuristic hands out: Loom has one (id 0),
/// kept in cublasLtMatmulAlgo_t with its configuration and what it reports
/// as capabilities. Programs that preset a GPU's algorithm id, tile or
/// split-K get the same computation: those choose GPU kernels, OpenBLAS
/// blocks the problem itself.
struct Algo {
  uint64_t Magic;
  int32_t Id;
  uint32_t Tile, SplitK, Reduction, Swizzle, Custom, Stages;
  uint16_t Inner, Cluster;
  uint32_t MinAlign; ///< bytes: the element type's alignment
  uint64_t Impl;     ///< cublasLtNumericalImplFlags_t
};
static_assert(sizeof(Algo) <= sizeof(cublasLtMatmulAlgo_t), "algo fits");
constexpr uint64_t AlgoMagic = 0x4c6f6f6d4c74416cull; // "LoomLtAl"
const Algo *algoState(const cublasLtMatmulAlgo_t *A) { return reinterpret_cast<const Algo *>(A); }
Algo *algoState(cublasLtMatmulAlgo_t *A) { return reinterpret_cast<Algo *>(A); }
bool ourAlgo(const cublasLtMatmulAlgo_t *A) { return algoState(A)->Magic == AlgoMagic; }
// ---- Attribute get/set as cuBLASLt documents them: sizeInBytes must be the
// attribute's size; a get with size 0 reports the size needed. ----

template <class T> cublasStatus_t readAttr(T *Out, const void *Buf, size_t Size) {
  REQUIRE(Buf && Size == sizeof(T));
  std::memcpy(Out, Buf, sizeof(T));
  return Ok;
}
template <class T> cublasStatus_t writeAttr(const T &V, void *Buf, size_t Size, size_t *Written) {
  if (Size == 0) {
    REQUIRE(Written);
    *Written = sizeof(T);
    return Ok;
  }
  REQUIRE(Buf && Size == sizeof(T));
  std::memcpy(Buf, &V, sizeof(T));
  if (Written)
    *Written = sizeof(T);
  return Ok;
}

bool validOp(int32_t Op) { return Op == CUBLAS_OP_N || Op == CUBLAS_OP_T || Op == CUBLAS_OP_C; }
bool validCompute(int32_t C) {
  switch (C) {
  case CUBLAS_COMPUTE_16F: case CUBLAS_COMPUTE_16F_PEDANTIC: case CUBLAS_COMPUTE_32F:
  case CUBLAS_COMPUTE_32F_PEDANTIC: case CUBLAS_COMPUTE_32F_FAST_16F:
  case CUBLAS_COMPUTE_32F_FAST_16BF: case CUBLAS_COMPUTE_32F_FAST_TF32: case CUBLAS_COMPUTE_64F:
  case CUBLAS_COMPUTE_64F_PEDANTIC: case CUBLAS_COMPUTE_32I: case CUBLAS_COMPUTE_32I_PEDANTIC:
    return true;
  }
  return false;
}
bool validEpilogue(uint32_t E) {
  switch (E) {
  case CUBLASLT_EPILOGUE_DEFAULT: case CUBLASLT_EPILOGUE_RELU: case CUBLASLT_EPILOGUE_RELU_AUX:
  case CUBLASLT_EPILOGUE_BIAS: case CUBLASLT_EPILOGUE_RELU_BIAS:
  case CUBLASLT_EPILOGUE_RELU_AUX_BIAS: case CUBLASLT_EPILOGUE_DRELU:
  case CUBLASLT_EPILOGUE_DRELU_BGRAD: case CUBLASLT_EPILOGUE_GELU: case CUBLASLT_EPILOGUE_GELU_AUX:
  case CUBLASLT_EPILOGUE_GELU_BIAS: case CUBLASLT_EPILOGUE_GELU_AUX_BIAS:
  case CUBLASLT_EPILOGUE_DGELU: case CUBLASLT_EPILOGUE_DGELU_BGRAD: case CUBLASLT_EPILOGUE_BGRADA:
  case CUBLASLT_EPILOGUE_BGRADB:
    return true;
  }
  return false;
}

// ---- Element types ----

float loadF(const void *P, uint32_t T, size_t I) {
  switch (T) {
  case CUDA_R_16F: return __half2float(static_cast<const __half *>(P)[I]);
  case CUDA_R_16BF: return __bfloat162float(static_cast<const __nv_bfloat16 *>(P)[I]);
  default: return static_cast<const float *>(P)[I];
  }
}
void storeF(void *P, uint32_t T, size_t I, float V) {
  switch (T) {
  case CUDA_R_16F: static_cast<__half *>(P)[I] = __float2half(V); break;
  case CUDA_R_16BF: static_cast<__nv_bfloat16 *>(P)[I] = __float2bfloat16(V); break;
  default: static_cast<float *>(P)[I] = V;
  }
}

/// What a matmul computes in: its type combination.
enum class Kind { S, D, C, Z, Converted /* FP16/BF16 storage, FP32 compute */ };

cublasStatus_t kindOf(int32_t Compute, int32_t Scale, uint32_t At, uint32_t Bt, uint32_t Ct,
                      uint32_t Dt, Kind *K) {
  auto Low = [](uint32_t T) { return T == CUDA_R_16F || T == CUDA_R_16BF; };
  bool Same = At == Bt && Bt == Ct && Ct == Dt;
  if (Ct != Dt)
    return Unsupported;
  switch (Compute) {
  case CUBLAS_COMPUTE_64F: case CUBLAS_COMPUTE_64F_PEDANTIC:
    if (Same && At == CUDA_R_64F && Scale == CUDA_R_64F)
      return *K = Kind::D, Ok;
    if (Same && At == CUDA_C_64F && Scale == CUDA_C_64F)
      return *K = Kind::Z, Ok;
    return Unsupported;
  case CUBLAS_COMPUTE_32F: case CUBLAS_COMPUTE_32F_PEDANTIC: case CUBLAS_COMPUTE_32F_FAST_16F:
  case CUBLAS_COMPUTE_32F_FAST_16BF: case CUBLAS_COMPUTE_32F_FAST_TF32:
    if (Same && At == CUDA_R_32F && Scale == CUDA_R_32F)
      return *K = Kind::S, Ok;
    if (Same && At == CUDA_C_32F && Scale == CUDA_C_32F)
      return *K = Kind::C, Ok;
    if (Low(At) && Bt == At && (Dt == At || Dt == CUDA_R_32F) && Scale == CUDA_R_32F)
      return *K = Kind::Converted, Ok;
    return Unsupported;
  case CUBLAS_COMPUTE_16F: case CUBLAS_COMPUTE_16F_PEDANTIC:
    if (Same && At == CUDA_R_16F && (Scale == CUDA_R_16F || Scale == CUDA_R_32F))
      return *K = Kind::Converted, Ok;
    return Unsupported;
  default:
    return Unsupported; // integer (IMMA) and FP8 matmuls
  }
}

void makeAlgo(cublasLtMatmulAlgo_t *A, Kind K, uint32_t At, int32_t Id = 0) {
  std::memset(A, 0, sizeof(*A));
  Algo &S = *algoState(A);
  S.Magic = AlgoMagic;
  S.Id = Id;
  S.SplitK = 1;
  bool Double = K == Kind::D || K == Kind::Z;
  uint64_t Input = Double ? CUBLASLT_NUMERICAL_IMPL_FLAGS_INPUT_64F
                   : At == CUDA_R_16F ? CUBLASLT_NUMERICAL_IMPL_FLAGS_INPUT_16F
                   : At == CUDA_R_16BF ? CUBLASLT_NUMERICAL_IMPL_FLAGS_INPUT_16BF
                                       : CUBLASLT_NUMERICAL_IMPL_FLAGS_INPUT_32F;
  // FP16/BF16 are multiplied in FP32 (sgemm) whatever the compute type.
  S.Impl = CUBLASLT_NUMERICAL_IMPL_FLAGS_FMA | Input |
           (Double ? CUBLASLT_NUMERICAL_IMPL_FLAGS_ACCUMULATOR_64F
                   : CUBLASLT_NUMERICAL_IMPL_FLAGS_ACCUMULATOR_32F);
  S.MinAlign = K == Kind::Converted ? 2 : K == Kind::S ? 4 : K == Kind::Z ? 16 : 8;
}

// ---- OpenBLAS, by element type ----

CBLAS_TRANSPOSE realOp(CBLAS_TRANSPOSE T) {
  return T == CblasConjNoTrans ? CblasNoTrans : T == CblasConjTrans ? CblasTrans : T;
}
void gemm(CBLAS_TRANSPOSE Ta, CBLAS_TRANSPOSE Tb, int M, int N, int K, float Al, const float *A,
          int Lda, const float *B, int Ldb, float Be, float *C, int Ldc) {
  cblas_sgemm(CblasColMajor, realOp(Ta), realOp(Tb), M, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc);
}
void gemm(CBLAS_TRANSPOSE Ta, CBLAS_TRANSPOSE Tb, int M, int N, int K, double Al, const double *A,
          int Lda, const double *B, int Ldb, double Be, double *C, int Ldc) {
  cblas_dgemm(CblasColMajor, realOp(Ta), realOp(Tb), M, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc);
}

/// A complex operand that OpenBLAS must see conjugated but not transposed
/// (OP_C of a row-major matrix, or of a column-major one when D is
/// row-major): CBLAS has no such op, so a conjugated copy is used with
/// NoTrans.
template <class T>
const T *conjCopy(CBLAS_TRANSPOSE &Op, const T *P, int Rows, int Cols, int Ld, std::vector<T> &Buf) {
  if (Op != CblasConjNoTrans)
    return P;
  Buf.resize((size_t)Ld * (Cols > 0 ? Cols - 1 : 0) + Rows);
  for (int J = 0; J < Cols; ++J)
    for (int I = 0; I < Rows; ++I) {
      T V = P[(size_t)J * Ld + I];
      V.y = -V.y;
      Buf[(size_t)J * Ld + I] = V;
    }
  Op = CblasNoTrans;
  return Buf.data();
}
template <class T>
void cgemm(CBLAS_TRANSPOSE Ta, CBLAS_TRANSPOSE Tb, int M, int N, int K, T Al, const T *A, int Lda,
           const T *B, int Ldb, T Be, T *C, int Ldc) {
  std::vector<T> Ab, Bb;
  // The stored A is M x K for NoTrans ops, K x M for the others.
  A = conjCopy(Ta, A, M, K, Lda, Ab);
  B = conjCopy(Tb, B, K, N, Ldb, Bb);
  if (std::is_same<T, cf>::value)
    cblas_cgemm(CblasColMajor, Ta, Tb, M, N, K, &Al, A, Lda, B, Ldb, &Be, C, Ldc);
  else
    cblas_zgemm(CblasColMajor, Ta, Tb, M, N, K, &Al, A, Lda, B, Ldb, &Be, C, Ldc);
}
void gemm(CBLAS_TRANSPOSE Ta, CBLAS_TRANSPOSE Tb, int M, int N, int K, cf Al, const cf *A, int Lda,
          const cf *B, int Ldb, cf Be, cf *C, int Ldc) {
  cgemm(Ta, Tb, M, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc);
}
void gemm(CBLAS_TRANSPOSE Ta, CBLAS_TRANSPOSE Tb, int M, int N, int K, cd Al, const cd *A, int Lda,
          const cd *B, int Ldb, cd Be, cd *C, int Ldc) {
  cgemm(Ta, Tb, M, N, K, Al, A, Lda, B, Ldb, Be, C, Ldc);
}

/// The CBLAS op that reads op(X) from X's storage: a row-major X is the
/// column-major X^T.
CBLAS_TRANSPOSE cblasOp(int32_t Op, bool Row) {
  if (!Row)
    return Op == CUBLAS_OP_N ? CblasNoTrans : Op == CUBLAS_OP_T ? CblasTrans : CblasConjTrans;
  return Op == CUBLAS_OP_N ? CblasTrans : Op == CUBLAS_OP_T ? CblasNoTrans : CblasConjNoTrans;
}

/// A matrix in memory: element (i, j) at P[i + j Ld] (column-major) or
/// P[i Ld + j] (row-major).
template <class T> struct View {
  T *P;
  int64_t Ld;
  bool Row;
  T &at(int64_t I, int64_t J) const { return Row ? P[I * Ld + J] : P[I + J * Ld]; }
};

/// D = alpha op(A) op(B) + beta D, D M x N, in one gemm whatever the orders:
/// a row-major D is computed as D^T = op(B)^T op(A)^T.
template <class T>
void gemmInto(int32_t Ta, int32_t Tb, int M, int N, int K, T Al, View<const T> A, View<const T> B,
              T Be, View<T> D) {
  if (!D.Row)
    gemm(cblasOp(Ta, A.Row), cblasOp(Tb, B.Row), M, N, K, Al, A.P, (int)A.Ld, B.P, (int)B.Ld, Be,
         D.P, (int)D.Ld);
  else // op(X)^T from X's storage is op(X) read with the other order
    gemm(cblasOp(Tb, !B.Row), cblasOp(Ta, !A.Row), N, M, K, Al, B.P, (int)B.Ld, A.P, (int)A.Ld, Be,
         D.P, (int)D.Ld);
}

// ---- Epilogues ----

template <class R> R gelu(R X) {
  // The tanh approximation cuBLASLt documents for its GELU epilogues.
  const R K0 = (R)0.7978845608028654; // sqrt(2 / pi)
  return (R)0.5 * X * ((R)1 + std::tanh(K0 * (X + (R)0.044715 * X * X * X)));
}
template <class R> R activate(R X, uint32_t Epi) {
  if (Epi & CUBLASLT_EPILOGUE_RELU)
    X = X < 0 ? (R)0 : X;
  if (Epi & CUBLASLT_EPILOGUE_GELU)
    X = gelu(X);
  return X;
}
bool hasBias(uint32_t Epi) { return Epi & CUBLASLT_EPILOGUE_BIAS; }
/// Epilogues with the auxiliary matrix (GELU input out, or in for DGELU).
bool hasAux(uint32_t Epi) {
  return Epi == CUBLASLT_EPILOGUE_GELU_AUX || Epi == CUBLASLT_EPILOGUE_GELU_AUX_BIAS ||
         Epi == CUBLASLT_EPILOGUE_DGELU || Epi == CUBLASLT_EPILOGUE_DGELU_BGRAD;
}
/// Epilogues that write the bias pointer (a gradient) instead of reading it.
bool writesBias(uint32_t Epi) {
  return Epi == CUBLASLT_EPILOGUE_DGELU_BGRAD || Epi == CUBLASLT_EPILOGUE_BGRADA ||
         Epi == CUBLASLT_EPILOGUE_BGRADB;
}
bool supportedEpilogue(uint32_t E) {
  switch (E) {
  case CUBLASLT_EPILOGUE_DEFAULT: case CUBLASLT_EPILOGUE_RELU: case CUBLASLT_EPILOGUE_BIAS:
  case CUBLASLT_EPILOGUE_RELU_BIAS: case CUBLASLT_EPILOGUE_GELU: case CUBLASLT_EPILOGUE_GELU_BIAS:
  case CUBLASLT_EPILOGUE_GELU_AUX: case CUBLASLT_EPILOGUE_GELU_AUX_BIAS: case CUBLASLT_EPILOGUE_DGELU:
  case CUBLASLT_EPILOGUE_DGELU_BGRAD: case CUBLASLT_EPILOGUE_BGRADA: case CUBLASLT_EPILOGUE_BGRADB:
    return true;
  }
  return false; // the ReLU bit-mask epilogues (RELU_AUX*, DRELU*)
}
/// d/dx of the tanh-approximated GELU.
double geluGrad(double X) {
  const double K0 = 0.7978845608028654, C3 = 0.044715;
  double T = std::tanh(K0 * (X + C3 * X * X * X));
  return 0.5 * (1 + T) + 0.5 * X * (1 - T * T) * K0 * (1 + 3 * C3 * X * X);
}

// ---- A validated matmul ----

struct Plan {
  Kind K;
  int32_t Ta, Tb, PointerMode, Scale;
  int M, N, Kd, Batch;
  Layout A, B, C, D;
  uint32_t Epi;
  uint32_t BiasType;
  int64_t BiasStride;
  const void *Bias;
  void *Aux;
  int64_t AuxLd, AuxStride;
  int64_t AlphaVecStride;
};

bool fitsInt(uint64_t V) { return V <= (uint64_t)INT_MAX; }

cublasStatus_t checkLayout(const Layout &L) {
  if (L.Order != CUBLASLT_ORDER_COL && L.Order != CUBLASLT_ORDER_ROW)
    return Unsupported; // the tiled IMMA orders
  if (L.Plane != 0)
    return Unsupported; // planar complex
  REQUIRE(fitsInt(L.Rows) && fitsInt(L.Cols) && L.Ld <= INT_MAX);
  uint64_t Min = L.Order == CUBLASLT_ORDER_COL ? L.Rows : L.Cols;
  REQUIRE(L.Ld >= 1 && (uint64_t)L.Ld >= Min);
  return Ok;
}

cublasStatus_t makePlan(cublasLtMatmulDesc_t Op, cublasLtMatrixLayout_t Ad,
                        cublasLtMatrixLayout_t Bd, cublasLtMatrixLayout_t Cd,
                        cublasLtMatrixLayout_t Dd, Plan *P) {
  REQUIRE(Op && Ad && Bd && Cd && Dd);
  const Desc &O = *state(Op);
  P->A = *state(Ad), P->B = *state(Bd), P->C = *state(Cd), P->D = *state(Dd);
  TRY(kindOf(O.Compute, O.Scale, P->A.Type, P->B.Type, P->C.Type, P->D.Type, &P->K));
  if (O.TransC != CUBLAS_OP_N || O.Fill != CUBLAS_FILL_MODE_FULL)
    return Unsupported;
  bool VectorMode =
      O.PointerMode != CUBLASLT_POINTER_MODE_HOST && O.PointerMode != CUBLASLT_POINTER_MODE_DEVICE;
  if (VectorMode && (P->K == Kind::C || P->K == Kind::Z))
    return Unsupported; // per-row complex scales
  if (O.PointerMode == CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO)
    REQUIRE(O.AlphaVecStride == 0); // as documented: no batched alpha vector there
  if (O.AScale || O.BScale || O.CScale || O.DScale || O.AmaxD || O.InCounters || O.OutCounters)
    return Unsupported; // FP8 scaling, atomic synchronization
  uint32_t E = O.Epilogue;
  if (!supportedEpilogue(E))
    return Unsupported;
  if (E != CUBLASLT_EPILOGUE_DEFAULT && (P->K == Kind::C || P->K == Kind::Z))
    return Unsupported;
  P->BiasType = O.BiasType < 0 ? P->D.Type : (uint32_t)O.BiasType;
  if ((hasBias(E) || writesBias(E)) && P->BiasType != P->D.Type &&
      !(P->K == Kind::Converted && P->BiasType == CUDA_R_32F))
    return Unsupported;
  if (hasAux(E)) {
    // The GELU input: a column-major matrix of D's type, rows of D.
    if (P->D.Order != CUBLASLT_ORDER_COL || (O.AuxType >= 0 && (uint32_t)O.AuxType != P->D.Type))
      return Unsupported;
    REQUIRE(O.AuxLd >= (int64_t)P->D.Rows && O.AuxLd % 8 == 0 && O.AuxLd > 0);
  }
  for (const Layout *L : {&P->A, &P->B, &P->C, &P->D})
    TRY(checkLayout(*L));
  P->Ta = O.TransA, P->Tb = O.TransB;
  uint64_t Am = P->Ta == CUBLAS_OP_N ? P->A.Rows : P->A.Cols;
  uint64_t Ak = P->Ta == CUBLAS_OP_N ? P->A.Cols : P->A.Rows;
  uint64_t Bk = P->Tb == CUBLAS_OP_N ? P->B.Rows : P->B.Cols;
  uint64_t Bn = P->Tb == CUBLAS_OP_N ? P->B.Cols : P->B.Rows;
  REQUIRE(P->D.Rows == Am && P->D.Cols == Bn && Ak == Bk);
  REQUIRE(P->C.Rows == P->D.Rows && P->C.Cols == P->D.Cols);
  REQUIRE(P->A.Batch == P->D.Batch && P->B.Batch == P->D.Batch && P->C.Batch == P->D.Batch);
  P->M = (int)Am, P->N = (int)Bn, P->Kd = (int)Ak, P->Batch = P->D.Batch;
  P->PointerMode = O.PointerMode, P->Scale = O.Scale;
  P->Epi = E, P->Bias = O.Bias, P->BiasStride = O.BiasStride;
  P->Aux = O.Aux, P->AuxLd = O.AuxLd, P->AuxStride = O.AuxStride;
  P->AlphaVecStride = O.PointerMode == CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST ? O.AlphaVecStride : 0;
  return Ok;
}

// ---- Running it ----

template <class T> T readScalar(const void *P) {
  T V;
  std::memcpy(&V, P, sizeof(T));
  return V;
}

template <class T> View<const T> cview(const void *P, const Layout &L, int B) {
  return {static_cast<const T *>(P) + (int64_t)B * L.Stride, L.Ld, L.Order == CUBLASLT_ORDER_ROW};
}
template <class T> View<T> mview(void *P, const Layout &L, int B) {
  return {static_cast<T *>(P) + (int64_t)B * L.Stride, L.Ld, L.Order == CUBLASLT_ORDER_ROW};
}

double loadR(const void *P, uint32_t T, size_t I) {
  return T == CUDA_R_64F ? static_cast<const double *>(P)[I] : (double)loadF(P, T, I);
}
void storeR(void *P, uint32_t T, size_t I, double V) {
  if (T == CUDA_R_64F)
    static_cast<double *>(P)[I] = V;
  else
    storeF(P, T, I, (float)V);
}
size_t elemAt(const Layout &L, int64_t I, int64_t J, int Bi) {
  return (size_t)((int64_t)Bi * L.Stride + (L.Order == CUBLASLT_ORDER_ROW ? I * L.Ld + J : I + J * L.Ld));
}
/// op(X)(r, c) of a real operand.
double opAt(const void *X, const Layout &L, int32_t Op, int64_t R, int64_t C, int Bi) {
  return Op == CUBLAS_OP_N ? loadR(X, L.Type, elemAt(L, R, C, Bi)) : loadR(X, L.Type, elemAt(L, C, R, Bi));
}

/// The epilogue of batch entry Bi (real types): Get/Set read and write D's
/// element (i, j) after the gemm, in double.
template <class GetF, class SetF>
void epilogue(const Plan &P, int Bi, const void *A, const void *B, GetF Get, SetF Set) {
  uint32_t E = P.Epi;
  size_t BOff = (size_t)((int64_t)Bi * P.BiasStride), AOff = (size_t)((int64_t)Bi * P.AuxStride);
  void *BiasOut = const_cast<void *>(P.Bias);
  if (E == CUBLASLT_EPILOGUE_BGRADA || E == CUBLASLT_EPILOGUE_BGRADB) {
    // Sums of op(A)'s rows (length M) or op(B)'s columns (length N) over k.
    bool OfA = E == CUBLASLT_EPILOGUE_BGRADA;
    for (int I = 0; I < (OfA ? P.M : P.N); ++I) {
      double Sum = 0;
      for (int K = 0; K < P.Kd; ++K)
        Sum += OfA ? opAt(A, P.A, P.Ta, I, K, Bi) : opAt(B, P.B, P.Tb, K, I, Bi);
      storeR(BiasOut, P.BiasType, BOff + I, Sum);
    }
    return;
  }
  bool DGelu = E == CUBLASLT_EPILOGUE_DGELU || E == CUBLASLT_EPILOGUE_DGELU_BGRAD;
  for (int J = 0; J < P.N; ++J)
    for (int I = 0; I < P.M; ++I) {
      double X = Get(I, J);
      size_t AuxAt = AOff + (size_t)I + (size_t)J * (size_t)P.AuxLd;
      if (DGelu) {
        X *= geluGrad(loadR(P.Aux, P.D.Type, AuxAt));
      } else {
        if (hasBias(E))
          X += loadR(P.Bias, P.BiasType, BOff + I);
        if (hasAux(E))
          storeR(P.Aux, P.D.Type, AuxAt, X);
        X = activate(X, E);
      }
      Set(I, J, X);
    }
  if (E == CUBLASLT_EPILOGUE_DGELU_BGRAD)
    for (int I = 0; I < P.M; ++I) {
      double Sum = 0;
      for (int J = 0; J < P.N; ++J)
        Sum += Get(I, J);
      storeR(BiasOut, P.BiasType, BOff + I, Sum);
    }
}

/// FP32/FP64/complex: in place in D.
template <class T>
void runNative(const Plan &P, T Al, T Be, const void *A, const void *B, const void *C, void *D) {
  const T Zero{};
  bool BetaZero = std::memcmp(&Be, &Zero, sizeof(T)) == 0;
  for (int Bi = 0; Bi < P.Batch; ++Bi) {
    View<T> Dv = mview<T>(D, P.D, Bi);
    View<const T> Cv = cview<T>(C, P.C, Bi);
    if (!BetaZero && Cv.P != Dv.P)
      for (int J = 0; J < P.N; ++J)
        for (int I = 0; I < P.M; ++I)
          Dv.at(I, J) = Cv.at(I, J);
    gemmInto<T>(P.Ta, P.Tb, P.M, P.N, P.Kd, Al, cview<T>(A, P.A, Bi), cview<T>(B, P.B, Bi), Be, Dv);
    if constexpr (std::is_floating_point<T>::value) {
      if (P.Epi != CUBLASLT_EPILOGUE_DEFAULT)
        epilogue(
            P, Bi, A, B, [&](int I, int J) { return (double)Dv.at(I, J); },
            [&](int I, int J, double V) { Dv.at(I, J) = (T)V; });
    }
  }
}

/// An FP16/BF16 operand of batch entry Bi as FP32, packed: its stored
/// column-major view, rows x cols (COL) or cols x rows (ROW).
View<const float> Convert(const void *Base, const Layout &L, int Bi, std::vector<float> &Out) {
  bool Row = L.Order == CUBLASLT_ORDER_ROW;
  int64_t R = Row ? L.Cols : L.Rows, Cn = Row ? L.Rows : L.Cols;
  size_t Off = (size_t)((int64_t)Bi * L.Stride);
  Out.resize((size_t)(R * Cn));
  for (int64_t J = 0; J < Cn; ++J)
    for (int64_t I = 0; I < R; ++I)
      Out[(size_t)(J * R + I)] = loadF(Base, L.Type, Off + (size_t)(J * L.Ld + I));
  return View<const float>{Out.data(), R > 0 ? R : 1, Row};
}

/// FP16/BF16: converted to FP32, sgemm, epilogue, rounded back into D.
void runConverted(const Plan &P, float Al, float Be, const void *A, const void *B, const void *C,
                  void *D) {
  std::vector<float> Af, Bf, Df((size_t)P.M * P.N);
  bool BetaZero = Be == 0;
  for (int Bi = 0; Bi < P.Batch; ++Bi) {
    View<const float> Av = Convert(A, P.A, Bi, Af), Bv = Convert(B, P.B, Bi, Bf);
    View<float> Dv{Df.data(), P.M > 0 ? P.M : 1, false};
    bool CRow = P.C.Order == CUBLASLT_ORDER_ROW;
    size_t COff = (size_t)((int64_t)Bi * P.C.Stride);
    for (int J = 0; J < P.N; ++J)
      for (int I = 0; I < P.M; ++I)
        Dv.at(I, J) = BetaZero ? 0.0f
                               : loadF(C, P.C.Type,
                                       COff + (size_t)(CRow ? I * P.C.Ld + J : I + J * P.C.Ld));
    gemmInto<float>(P.Ta, P.Tb, P.M, P.N, P.Kd, Al, Av, Bv, Be, Dv);
    if (P.Epi != CUBLASLT_EPILOGUE_DEFAULT)
      epilogue(
          P, Bi, A, B, [&](int I, int J) { return (double)Dv.at(I, J); },
          [&](int I, int J, double V) { Dv.at(I, J) = (float)V; });
    for (int J = 0; J < P.N; ++J)
      for (int I = 0; I < P.M; ++I)
        storeF(D, P.D.Type, elemAt(P.D, I, J, Bi), Dv.at(I, J));
  }
}

/// Reads alpha and beta (at the call in host pointer mode, when the work
/// runs in device mode) and runs the plan.
void run(const Plan &P, const void *Alpha, const void *Beta, const void *A, const void *B,
         const void *C, void *D) {
  switch (P.K) {
  case Kind::S:
    runNative<float>(P, readScalar<float>(Alpha), readScalar<float>(Beta), A, B, C, D);
    break;
  case Kind::D:
    runNative<double>(P, readScalar<double>(Alpha), readScalar<double>(Beta), A, B, C, D);
    break;
  case Kind::C:
    runNative<cf>(P, readScalar<cf>(Alpha), readScalar<cf>(Beta), A, B, C, D);
    break;
  case Kind::Z:
    runNative<cd>(P, readScalar<cd>(Alpha), readScalar<cd>(Beta), A, B, C, D);
    break;
  case Kind::Converted:
    if (P.Scale == CUDA_R_16F)
      runConverted(P, __half2float(readScalar<__half>(Alpha)), __half2float(readScalar<__half>(Beta)),
                   A, B, C, D);
    else
      runConverted(P, readScalar<float>(Alpha), readScalar<float>(Beta), A, B, C, D);
    break;
  }
}

/// The per-row scale pointer modes (real types): D(i, j) = alpha[i] (A B)(i, j)
/// + beta[i] C(i, j) (DEVICE_VECTOR), + beta C(i, j) (ALPHA_DEVICE_VECTOR_BETA_HOST,
/// \p BetaHost), or alpha[i] (A B)(i, j) alone (..._BETA_ZERO); alpha (and
/// beta) in the scale type, read when the work runs; then the epilogue.
void runVector(const Plan &P, const void *Alpha, const void *Beta, double BetaHost, const void *A,
               const void *B, const void *C, void *D) {
  std::vector<float> Af, Bf, Tf;
  std::vector<double> Td;
  for (int Bi = 0; Bi < P.Batch; ++Bi) {
    // T = op(A) op(B), column-major M x N.
    int Ld = P.M > 0 ? P.M : 1;
    if (P.K == Kind::D) {
      Td.assign((size_t)P.M * P.N, 0.0);
      gemmInto<double>(P.Ta, P.Tb, P.M, P.N, P.Kd, 1.0, cview<double>(A, P.A, Bi),
                       cview<double>(B, P.B, Bi), 0.0, View<double>{Td.data(), Ld, false});
    } else {
      Tf.assign((size_t)P.M * P.N, 0.0f);
      View<const float> Av = P.K == Kind::S ? cview<float>(A, P.A, Bi) : Convert(A, P.A, Bi, Af);
      View<const float> Bv = P.K == Kind::S ? cview<float>(B, P.B, Bi) : Convert(B, P.B, Bi, Bf);
      gemmInto<float>(P.Ta, P.Tb, P.M, P.N, P.Kd, 1.0f, Av, Bv, 0.0f, View<float>{Tf.data(), Ld, false});
    }
    size_t AOff = (size_t)((int64_t)Bi * P.AlphaVecStride);
    for (int J = 0; J < P.N; ++J)
      for (int I = 0; I < P.M; ++I) {
        size_t T = (size_t)I + (size_t)J * P.M;
        double V = loadR(Alpha, P.Scale, AOff + I) * (P.K == Kind::D ? Td[T] : Tf[T]);
        if (P.PointerMode == CUBLASLT_POINTER_MODE_DEVICE_VECTOR)
          V += loadR(Beta, P.Scale, I) * loadR(C, P.C.Type, elemAt(P.C, I, J, Bi));
        else if (P.PointerMode == CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST && BetaHost != 0)
          V += BetaHost * loadR(C, P.C.Type, elemAt(P.C, I, J, Bi));
        storeR(D, P.D.Type, elemAt(P.D, I, J, Bi), V);
      }
    if (P.Epi != CUBLASLT_EPILOGUE_DEFAULT)
      epilogue(
          P, Bi, A, B, [&](int I, int J) { return loadR(D, P.D.Type, elemAt(P.D, I, J, Bi)); },
          [&](int I, int J, double V) { storeR(D, P.D.Type, elemAt(P.D, I, J, Bi), V); });
  }
}

size_t scalarSize(const Plan &P) {
  switch (P.K) {
  case Kind::S: return 4;
  case Kind::D: case Kind::C: return 8;
  case Kind::Z: return 16;
  case Kind::Converted: return P.Scale == CUDA_R_16F ? 2 : 4;
  }
  return 4;
}

bool isZero(const unsigned char *P, size_t N, const Plan &Pl) {
  if (Pl.K == Kind::Converted && Pl.Scale == CUDA_R_16F)
    return __half2float(readScalar<__half>(P)) == 0;
  if (Pl.K == Kind::S || Pl.K == Kind::C || Pl.K == Kind::Converted) {
    for (size_t I = 0; I < N; I += 4)
      if (readScalar<float>(P + I) != 0)
        return false;
    return true;
  }
  for (size_t I = 0; I < N; I += 8)
    if (readScalar<double>(P + I) != 0)
      return false;
  return true;
}

template <class F> cublasStatus_t submit(cublasLtHandle_t H, cudaStream_t S, F &&Fn) {
  {
    std::lock_guard<std::mutex> Lock(H->M);
    H->Streams.insert(S);
  }
  if (loomlib::enqueue(S, H->Keeper, std::forward<F>(Fn)) != cudaSuccess)
    return CUBLAS_STATUS_EXECUTION_FAILED;
  return Ok;
}

// ---- Matrix transform: C = alpha op(A) + beta op(B), elementwise ----

using Cx = std::complex<double>;
Cx loadX(const void *P, uint32_t T, size_t I) {
  switch (T) {
  case CUDA_R_64F: return Cx(static_cast<const double *>(P)[I], 0);
  case CUDA_C_32F: { cf V = static_cast<const cf *>(P)[I]; return Cx(V.x, V.y); }
  case CUDA_C_64F: { cd V = static_cast<const cd *>(P)[I]; return Cx(V.x, V.y); }
  default: return Cx(loadF(P, T, I), 0);
  }
}
void storeX(void *P, uint32_t T, size_t I, Cx V) {
  switch (T) {
  case CUDA_R_64F: static_cast<double *>(P)[I] = V.real(); break;
  case CUDA_C_32F: static_cast<cf *>(P)[I] = make_cuComplex((float)V.real(), (float)V.imag()); break;
  case CUDA_C_64F: static_cast<cd *>(P)[I] = make_cuDoubleComplex(V.real(), V.imag()); break;
  default: storeF(P, T, I, (float)V.real());
  }
}
uint32_t transformScale(uint32_t T) {
  switch (T) {
  case CUDA_R_16F: case CUDA_R_16BF: case CUDA_R_32F: return CUDA_R_32F;
  case CUDA_R_64F: return CUDA_R_64F;
  case CUDA_C_32F: return CUDA_C_32F;
  case CUDA_C_64F: return CUDA_C_64F;
  default: return ~0u;
  }
}
Cx readScale(const void *P, uint32_t Scale) {
  switch (Scale) {
  case CUDA_R_32F: return Cx(readScalar<float>(P), 0);
  case CUDA_R_64F: return Cx(readScalar<double>(P), 0);
  case CUDA_C_32F: { cf V = readScalar<cf>(P); return Cx(V.x, V.y); }
  default: { cd V = readScalar<cd>(P); return Cx(V.x, V.y); }
  }
}
size_t offsetOf(const Layout &L, int64_t I, int64_t J, int Bi) {
  return (size_t)((int64_t)Bi * L.Stride + (L.Order == CUBLASLT_ORDER_ROW ? I * L.Ld + J : I + J * L.Ld));
}

} // namespace

extern "C" {

// ---- Handles, versions, status names ----

cublasStatus_t cublasLtCreate(cublasLtHandle_t *H) {
  REQUIRE(H);
  *H = new (std::nothrow) cublasLtContext;
  return *H ? Ok : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t cublasLtDestroy(cublasLtHandle_t H) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  // Queued matmuls may still need the handle's kept tasks.
  for (cudaStream_t S : H->Streams)
    loomlib::drainStream(S);
  delete H;
  return Ok;
}

size_t cublasLtGetVersion(void) { return CUBLAS_VERSION; }

size_t cublasLtGetCudartVersion(void) {
  int V = 0;
  cudaRuntimeGetVersion(&V);
  return (size_t)V;
}

cublasStatus_t cublasLtGetProperty(libraryPropertyType Type, int *Value) {
  REQUIRE(Value);
  switch (Type) {
  case MAJOR_VERSION: *Value = CUBLAS_VER_MAJOR; return Ok;
  case MINOR_VERSION: *Value = CUBLAS_VER_MINOR; return Ok;
  case PATCH_LEVEL: *Value = CUBLAS_VER_PATCH; return Ok;
  }
  return Invalid;
}

const char *cublasLtGetStatusName(cublasStatus_t S) {
  switch (S) {
  case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
  case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
  case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
  case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
  case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
  case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
  case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
  case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
  case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
  case CUBLAS_STATUS_LICENSE_ERROR: return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "CUBLAS_STATUS_UNKNOWN";
}

const char *cublasLtGetStatusString(cublasStatus_t S) {
  switch (S) {
  case CUBLAS_STATUS_SUCCESS: return "success";
  case CUBLAS_STATUS_NOT_INITIALIZED: return "the library was not initialized";
  case CUBLAS_STATUS_ALLOC_FAILED: return "the resource allocation failed";
  case CUBLAS_STATUS_INVALID_VALUE: return "an invalid numeric value was used as an argument";
  case CUBLAS_STATUS_ARCH_MISMATCH: return "an absent device architectural feature is required";
  case CUBLAS_STATUS_MAPPING_ERROR: return "an access to GPU memory space failed";
  case CUBLAS_STATUS_EXECUTION_FAILED: return "the GPU program failed to execute";
  case CUBLAS_STATUS_INTERNAL_ERROR: return "an internal operation failed";
  case CUBLAS_STATUS_NOT_SUPPORTED: return "the functionality requested is not supported";
  case CUBLAS_STATUS_LICENSE_ERROR: return "license error";
  }
  return "unknown error";
}

// ---- Matrix layouts ----

cublasStatus_t cublasLtMatrixLayoutInit_internal(cublasLtMatrixLayout_t L, size_t Size,
                                                 cudaDataType Type, uint64_t Rows, uint64_t Cols,
                                                 int64_t Ld) {
  REQUIRE(L);
  if (Size < sizeof(Layout))
    return CUBLAS_STATUS_ALLOC_FAILED;
  *state(L) = Layout{(uint32_t)Type, CUBLASLT_ORDER_COL, Rows, Cols, Ld, 1, 0, 0};
  return Ok;
}

cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *L, cudaDataType Type,
                                          uint64_t Rows, uint64_t Cols, int64_t Ld) {
  REQUIRE(L);
  auto *N = new (std::nothrow) cublasLtMatrixLayoutOpaque_t;
  if (!N)
    return CUBLAS_STATUS_ALLOC_FAILED;
  cublasLtMatrixLayoutInit_internal(N, sizeof(*N), Type, Rows, Cols, Ld);
  *L = N;
  return Ok;
}

cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t L) {
  delete L;
  return Ok;
}

cublasStatus_t cublasLtMatrixLayoutSetAttribute(cublasLtMatrixLayout_t L,
                                                cublasLtMatrixLayoutAttribute_t Attr,
                                                const void *Buf, size_t Size) {
  REQUIRE(L);
  Layout &S = *state(L);
  switch (Attr) {
  case CUBLASLT_MATRIX_LAYOUT_TYPE: return readAttr(&S.Type, Buf, Size);
  case CUBLASLT_MATRIX_LAYOUT_ORDER: {
    int32_t V;
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(V >= CUBLASLT_ORDER_COL && V <= CUBLASLT_ORDER_COL32_2R_4R4);
    S.Order = V;
    return Ok;
  }
  case CUBLASLT_MATRIX_LAYOUT_ROWS: return readAttr(&S.Rows, Buf, Size);
  case CUBLASLT_MATRIX_LAYOUT_COLS: return readAttr(&S.Cols, Buf, Size);
  case CUBLASLT_MATRIX_LAYOUT_LD: return readAttr(&S.Ld, Buf, Size);
  case CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT: {
    int32_t V;
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(V >= 1);
    S.Batch = V;
    return Ok;
  }
  case CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET: return readAttr(&S.Stride, Buf, Size);
  case CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET: return readAttr(&S.Plane, Buf, Size);
  }
  return Invalid;
}

cublasStatus_t cublasLtMatrixLayoutGetAttribute(cublasLtMatrixLayout_t L,
                                                cublasLtMatrixLayoutAttribute_t Attr, void *Buf,
                                                size_t Size, size_t *Written) {
  REQUIRE(L);
  const Layout &S = *state(L);
  switch (Attr) {
  case CUBLASLT_MATRIX_LAYOUT_TYPE: return writeAttr(S.Type, Buf, Size, Written);
  case CUBLASLT_MATRIX_LAYOUT_ORDER: return writeAttr(S.Order, Buf, Size, Written);
  case CUBLASLT_MATRIX_LAYOUT_ROWS: return writeAttr(S.Rows, Buf, Size, Written);
  case CUBLASLT_MATRIX_LAYOUT_COLS: return writeAttr(S.Cols, Buf, Size, Written);
  case CUBLASLT_MATRIX_LAYOUT_LD: return writeAttr(S.Ld, Buf, Size, Written);
  case CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT: return writeAttr(S.Batch, Buf, Size, Written);
  case CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET: return writeAttr(S.Stride, Buf, Size, Written);
  case CUBLASLT_MATRIX_LAYOUT_PLANE_OFFSET: return writeAttr(S.Plane, Buf, Size, Written);
  }
  return Invalid;
}

// ---- Matmul descriptors ----

cublasStatus_t cublasLtMatmulDescInit_internal(cublasLtMatmulDesc_t D, size_t Size,
                                               cublasComputeType_t Compute, cudaDataType Scale) {
  REQUIRE(D);
  if (Size < sizeof(Desc))
    return CUBLAS_STATUS_ALLOC_FAILED;
  REQUIRE(validCompute(Compute));
  Desc S{};
  S.Compute = Compute, S.Scale = Scale, S.PointerMode = CUBLASLT_POINTER_MODE_HOST;
  S.TransA = S.TransB = S.TransC = CUBLAS_OP_N;
  S.Fill = CUBLAS_FILL_MODE_FULL;
  S.Epilogue = CUBLASLT_EPILOGUE_DEFAULT;
  S.BiasType = -1;
  S.AuxType = -1;
  *state(D) = S;
  return Ok;
}

cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *D, cublasComputeType_t Compute,
                                        cudaDataType Scale) {
  REQUIRE(D);
  REQUIRE(validCompute(Compute));
  auto *N = new (std::nothrow) cublasLtMatmulDescOpaque_t;
  if (!N)
    return CUBLAS_STATUS_ALLOC_FAILED;
  cublasLtMatmulDescInit_internal(N, sizeof(*N), Compute, Scale);
  *D = N;
  return Ok;
}

cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t D) {
  delete D;
  return Ok;
}

cublasStatus_t cublasLtMatmulDescSetAttribute(cublasLtMatmulDesc_t D,
                                              cublasLtMatmulDescAttributes_t Attr,
                                              const void *Buf, size_t Size) {
  REQUIRE(D);
  Desc &S = *state(D);
  int32_t V;
  switch (Attr) {
  case CUBLASLT_MATMUL_DESC_COMPUTE_TYPE:
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(validCompute(V));
    S.Compute = V;
    return Ok;
  case CUBLASLT_MATMUL_DESC_SCALE_TYPE: return readAttr(&S.Scale, Buf, Size);
  case CUBLASLT_MATMUL_DESC_POINTER_MODE:
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(V >= CUBLASLT_POINTER_MODE_HOST && V <= CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST);
    S.PointerMode = V;
    return Ok;
  case CUBLASLT_MATMUL_DESC_TRANSA:
  case CUBLASLT_MATMUL_DESC_TRANSB:
  case CUBLASLT_MATMUL_DESC_TRANSC:
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(validOp(V));
    (Attr == CUBLASLT_MATMUL_DESC_TRANSA ? S.TransA
     : Attr == CUBLASLT_MATMUL_DESC_TRANSB ? S.TransB : S.TransC) = V;
    return Ok;
  case CUBLASLT_MATMUL_DESC_FILL_MODE:
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(V == CUBLAS_FILL_MODE_LOWER || V == CUBLAS_FILL_MODE_UPPER || V == CUBLAS_FILL_MODE_FULL);
    S.Fill = V;
    return Ok;
  case CUBLASLT_MATMUL_DESC_EPILOGUE: {
    uint32_t E;
    TRY(readAttr(&E, Buf, Size));
    REQUIRE(validEpilogue(E));
    S.Epilogue = E;
    return Ok;
  }
  case CUBLASLT_MATMUL_DESC_BIAS_POINTER: return readAttr(&S.Bias, Buf, Size);
  case CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE: return readAttr(&S.BiasStride, Buf, Size);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER: return readAttr(&S.Aux, Buf, Size);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD: return readAttr(&S.AuxLd, Buf, Size);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE: return readAttr(&S.AuxStride, Buf, Size);
  case CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE: return readAttr(&S.AlphaVecStride, Buf, Size);
  case CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET: return readAttr(&S.SmCount, Buf, Size);
  case CUBLASLT_MATMUL_DESC_A_SCALE_POINTER: return readAttr(&S.AScale, Buf, Size);
  case CUBLASLT_MATMUL_DESC_B_SCALE_POINTER: return readAttr(&S.BScale, Buf, Size);
  case CUBLASLT_MATMUL_DESC_C_SCALE_POINTER: return readAttr(&S.CScale, Buf, Size);
  case CUBLASLT_MATMUL_DESC_D_SCALE_POINTER: return readAttr(&S.DScale, Buf, Size);
  case CUBLASLT_MATMUL_DESC_AMAX_D_POINTER: return readAttr(&S.AmaxD, Buf, Size);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE: return readAttr(&S.AuxType, Buf, Size);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER: return readAttr(&S.AuxScale, Buf, Size);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_AMAX_POINTER: return readAttr(&S.AuxAmax, Buf, Size);
  case CUBLASLT_MATMUL_DESC_FAST_ACCUM: return readAttr(&S.FastAccum, Buf, Size);
  case CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE: return readAttr(&S.BiasType, Buf, Size);
  case CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_NUM_CHUNKS_D_ROWS: return readAttr(&S.ChunksRows, Buf, Size);
  case CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_NUM_CHUNKS_D_COLS: return readAttr(&S.ChunksCols, Buf, Size);
  case CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_IN_COUNTERS_POINTER: return readAttr(&S.InCounters, Buf, Size);
  case CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_OUT_COUNTERS_POINTER: return readAttr(&S.OutCounters, Buf, Size);
  }
  return Invalid;
}

cublasStatus_t cublasLtMatmulDescGetAttribute(cublasLtMatmulDesc_t D,
                                              cublasLtMatmulDescAttributes_t Attr, void *Buf,
                                              size_t Size, size_t *Written) {
  REQUIRE(D);
  const Desc &S = *state(D);
  switch (Attr) {
  case CUBLASLT_MATMUL_DESC_COMPUTE_TYPE: return writeAttr(S.Compute, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_SCALE_TYPE: return writeAttr(S.Scale, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_POINTER_MODE: return writeAttr(S.PointerMode, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_TRANSA: return writeAttr(S.TransA, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_TRANSB: return writeAttr(S.TransB, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_TRANSC: return writeAttr(S.TransC, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_FILL_MODE: return writeAttr(S.Fill, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE: return writeAttr(S.Epilogue, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_BIAS_POINTER: return writeAttr(S.Bias, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE: return writeAttr(S.BiasStride, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER: return writeAttr(S.Aux, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD: return writeAttr(S.AuxLd, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_BATCH_STRIDE: return writeAttr(S.AuxStride, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_ALPHA_VECTOR_BATCH_STRIDE: return writeAttr(S.AlphaVecStride, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_SM_COUNT_TARGET: return writeAttr(S.SmCount, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_A_SCALE_POINTER: return writeAttr(S.AScale, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_B_SCALE_POINTER: return writeAttr(S.BScale, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_C_SCALE_POINTER: return writeAttr(S.CScale, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_D_SCALE_POINTER: return writeAttr(S.DScale, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_AMAX_D_POINTER: return writeAttr(S.AmaxD, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_DATA_TYPE: return writeAttr(S.AuxType, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_SCALE_POINTER: return writeAttr(S.AuxScale, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_AMAX_POINTER: return writeAttr(S.AuxAmax, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_FAST_ACCUM: return writeAttr(S.FastAccum, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE: return writeAttr(S.BiasType, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_NUM_CHUNKS_D_ROWS: return writeAttr(S.ChunksRows, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_NUM_CHUNKS_D_COLS: return writeAttr(S.ChunksCols, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_IN_COUNTERS_POINTER: return writeAttr(S.InCounters, Buf, Size, Written);
  case CUBLASLT_MATMUL_DESC_ATOMIC_SYNC_OUT_COUNTERS_POINTER: return writeAttr(S.OutCounters, Buf, Size, Written);
  }
  return Invalid;
}

// ---- Preferences, heuristics, algorithms ----

cublasStatus_t cublasLtMatmulPreferenceInit_internal(cublasLtMatmulPreference_t P, size_t Size) {
  REQUIRE(P);
  if (Size < sizeof(Pref))
    return CUBLAS_STATUS_ALLOC_FAILED;
  *state(P) = Pref{CUBLASLT_SEARCH_BEST_FIT, 0, CUBLASLT_REDUCTION_SCHEME_MASK,
                   {256, 256, 256, 256}, 0.0f, ~0ull};
  return Ok;
}

cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *P) {
  REQUIRE(P);
  auto *N = new (std::nothrow) cublasLtMatmulPreferenceOpaque_t;
  if (!N)
    return CUBLAS_STATUS_ALLOC_FAILED;
  cublasLtMatmulPreferenceInit_internal(N, sizeof(*N));
  *P = N;
  return Ok;
}

cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t P) {
  delete P;
  return Ok;
}

cublasStatus_t cublasLtMatmulPreferenceSetAttribute(cublasLtMatmulPreference_t P,
                                                    cublasLtMatmulPreferenceAttributes_t Attr,
                                                    const void *Buf, size_t Size) {
  REQUIRE(P);
  Pref &S = *state(P);
  switch (Attr) {
  case CUBLASLT_MATMUL_PREF_SEARCH_MODE: {
    uint32_t V;
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(V <= CUBLASLT_SEARCH_RESERVED_05);
    S.Search = V;
    return Ok;
  }
  case CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES: return readAttr(&S.MaxWorkspace, Buf, Size);
  case CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK: return readAttr(&S.ReductionMask, Buf, Size);
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES:
    return readAttr(&S.Align[Attr - CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES], Buf, Size);
  case CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT: return readAttr(&S.MaxWaves, Buf, Size);
  case CUBLASLT_MATMUL_PREF_IMPL_MASK: return readAttr(&S.ImplMask, Buf, Size);
  }
  return Invalid;
}

cublasStatus_t cublasLtMatmulPreferenceGetAttribute(cublasLtMatmulPreference_t P,
                                                    cublasLtMatmulPreferenceAttributes_t Attr,
                                                    void *Buf, size_t Size, size_t *Written) {
  REQUIRE(P);
  const Pref &S = *state(P);
  switch (Attr) {
  case CUBLASLT_MATMUL_PREF_SEARCH_MODE: return writeAttr(S.Search, Buf, Size, Written);
  case CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES: return writeAttr(S.MaxWorkspace, Buf, Size, Written);
  case CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK: return writeAttr(S.ReductionMask, Buf, Size, Written);
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES:
  case CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES:
    return writeAttr(S.Align[Attr - CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES], Buf, Size, Written);
  case CUBLASLT_MATMUL_PREF_MAX_WAVES_COUNT: return writeAttr(S.MaxWaves, Buf, Size, Written);
  case CUBLASLT_MATMUL_PREF_IMPL_MASK: return writeAttr(S.ImplMask, Buf, Size, Written);
  }
  return Invalid;
}

cublasStatus_t cublasLtMatmulAlgoGetHeuristic(cublasLtHandle_t H, cublasLtMatmulDesc_t Op,
                                              cublasLtMatrixLayout_t Ad, cublasLtMatrixLayout_t Bd,
                                              cublasLtMatrixLayout_t Cd, cublasLtMatrixLayout_t Dd,
                                              cublasLtMatmulPreference_t Pr, int Requested,
                                              cublasLtMatmulHeuristicResult_t Results[],
                                              int *Returned) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  REQUIRE(Pr && Requested > 0 && Results && Returned);
  *Returned = 0;
  Plan P;
  TRY(makePlan(Op, Ad, Bd, Cd, Dd, &P));
  // One algorithm: OpenBLAS's gemm (plus the epilogue loop); it needs no
  // workspace, so any MAX_WORKSPACE_BYTES admits it.
  std::memset(&Results[0], 0, sizeof(Results[0]));
  makeAlgo(&Results[0].algo, P.K, P.A.Type);
  Results[0].workspaceSize = 0;
  Results[0].state = Ok;
  Results[0].wavesCount = 1.0f;
  *Returned = 1;
  return Ok;
}

cublasStatus_t cublasLtMatmulAlgoGetIds(cublasLtHandle_t H, cublasComputeType_t Compute,
                                        cudaDataType Scale, cudaDataType At, cudaDataType Bt,
                                        cudaDataType Ct, cudaDataType Dt, int Requested,
                                        int Ids[], int *Returned) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  REQUIRE(Requested > 0 && Ids && Returned);
  Kind K;
  *Returned = 0;
  if (kindOf(Compute, Scale, At, Bt, Ct, Dt, &K) == Ok)
    Ids[(*Returned)++] = 0;
  return Ok;
}

cublasStatus_t cublasLtMatmulAlgoInit(cublasLtHandle_t H, cublasComputeType_t Compute,
                                      cudaDataType Scale, cudaDataType At, cudaDataType Bt,
                                      cudaDataType Ct, cudaDataType Dt, int Id,
                                      cublasLtMatmulAlgo_t *Algo) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  // Any id a GPU lists stands for the one algorithm (see Algo).
  REQUIRE(Algo && Id >= 0);
  Kind K;
  TRY(kindOf(Compute, Scale, At, Bt, Ct, Dt, &K));
  makeAlgo(Algo, K, At, Id);
  return Ok;
}

cublasStatus_t cublasLtMatmulAlgoCheck(cublasLtHandle_t H, cublasLtMatmulDesc_t Op,
                                       cublasLtMatrixLayout_t Ad, cublasLtMatrixLayout_t Bd,
                                       cublasLtMatrixLayout_t Cd, cublasLtMatrixLayout_t Dd,
                                       const cublasLtMatmulAlgo_t *Algo,
                                       cublasLtMatmulHeuristicResult_t *Result) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  REQUIRE(Algo && Result && ourAlgo(Algo));
  Plan P;
  TRY(makePlan(Op, Ad, Bd, Cd, Dd, &P));
  Result->workspaceSize = 0;
  Result->state = Ok;
  Result->wavesCount = 1.0f;
  return Ok;
}

cublasStatus_t cublasLtMatmulAlgoCapGetAttribute(const cublasLtMatmulAlgo_t *Algo,
                                                 cublasLtMatmulAlgoCapAttributes_t Attr, void *Buf,
                                                 size_t Size, size_t *Written) {
  REQUIRE(Algo && ourAlgo(Algo));
  const ::Algo &S = *algoState(Algo);
  switch (Attr) {
  case CUBLASLT_ALGO_CAP_SPLITK_SUPPORT:
  case CUBLASLT_ALGO_CAP_UPLO_SUPPORT:
  case CUBLASLT_ALGO_CAP_CUSTOM_OPTION_MAX:
  case CUBLASLT_ALGO_CAP_CUSTOM_MEMORY_ORDER:
  case CUBLASLT_ALGO_CAP_LD_NEGATIVE:
  case CUBLASLT_ALGO_CAP_ATOMIC_SYNC:
    return writeAttr((int32_t)0, Buf, Size, Written);
  case CUBLASLT_ALGO_CAP_STRIDED_BATCH_SUPPORT:
  case CUBLASLT_ALGO_CAP_OUT_OF_PLACE_RESULT_SUPPORT:
    return writeAttr((int32_t)1, Buf, Size, Written);
  case CUBLASLT_ALGO_CAP_REDUCTION_SCHEME_MASK: // only REDUCTION_SCHEME_NONE
  case CUBLASLT_ALGO_CAP_CTA_SWIZZLING_SUPPORT:
    return writeAttr((uint32_t)0, Buf, Size, Written);
  case CUBLASLT_ALGO_CAP_TILE_IDS:
  case CUBLASLT_ALGO_CAP_STAGES_IDS: {
    // Arrays: one id, UNDEFINED (OpenBLAS picks its own blocking).
    uint32_t Undefined = 0;
    if (Size == 0) {
      REQUIRE(Written);
      *Written = sizeof(Undefined);
      return Ok;
    }
    REQUIRE(Buf && Size >= sizeof(Undefined));
    std::memcpy(Buf, &Undefined, sizeof(Undefined));
    if (Written)
      *Written = sizeof(Undefined);
    return Ok;
  }
  case CUBLASLT_ALGO_CAP_POINTER_MODE_MASK:
    return writeAttr((uint32_t)(CUBLASLT_POINTER_MODE_MASK_HOST | CUBLASLT_POINTER_MODE_MASK_DEVICE |
                                CUBLASLT_POINTER_MODE_MASK_DEVICE_VECTOR |
                                CUBLASLT_POINTER_MODE_MASK_ALPHA_DEVICE_VECTOR_BETA_ZERO |
                                CUBLASLT_POINTER_MODE_MASK_ALPHA_DEVICE_VECTOR_BETA_HOST),
                     Buf, Size, Written);
  case CUBLASLT_ALGO_CAP_EPILOGUE_MASK:
    // No ReLU bit mask (RELU_AUX, DRELU): those bits stay clear.
    return writeAttr((uint32_t)(CUBLASLT_EPILOGUE_DEFAULT | CUBLASLT_EPILOGUE_RELU |
                                CUBLASLT_EPILOGUE_BIAS | CUBLASLT_EPILOGUE_GELU |
                                64 /* DGELU */ | 16 /* BGRAD */ | CUBLASLT_EPILOGUE_BGRADA |
                                CUBLASLT_EPILOGUE_BGRADB),
                     Buf, Size, Written);
  case CUBLASLT_ALGO_CAP_NUMERICAL_IMPL_FLAGS: return writeAttr(S.Impl, Buf, Size, Written);
  case CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_A_BYTES:
  case CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_B_BYTES:
  case CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_C_BYTES:
  case CUBLASLT_ALGO_CAP_MIN_ALIGNMENT_D_BYTES:
    return writeAttr(S.MinAlign, Buf, Size, Written);
  }
  return Invalid;
}

cublasStatus_t cublasLtMatmulAlgoConfigSetAttribute(cublasLtMatmulAlgo_t *Algo,
                                                    cublasLtMatmulAlgoConfigAttributes_t Attr,
                                                    const void *Buf, size_t Size) {
  REQUIRE(Algo && ourAlgo(Algo));
  ::Algo &S = *algoState(Algo);
  uint32_t V;
  switch (Attr) {
  case CUBLASLT_ALGO_CONFIG_ID: return Invalid; // read-only, set by AlgoInit
  case CUBLASLT_ALGO_CONFIG_TILE_ID:
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(V < CUBLASLT_MATMUL_TILE_END);
    S.Tile = V;
    return Ok;
  case CUBLASLT_ALGO_CONFIG_SPLITK_NUM:
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(V >= 1);
    S.SplitK = V;
    return Ok;
  case CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME:
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(V == CUBLASLT_REDUCTION_SCHEME_NONE || V == CUBLASLT_REDUCTION_SCHEME_INPLACE ||
            V == CUBLASLT_REDUCTION_SCHEME_COMPUTE_TYPE || V == CUBLASLT_REDUCTION_SCHEME_OUTPUT_TYPE);
    S.Reduction = V;
    return Ok;
  case CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING: return readAttr(&S.Swizzle, Buf, Size);
  case CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION: return readAttr(&S.Custom, Buf, Size);
  case CUBLASLT_ALGO_CONFIG_STAGES_ID:
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(V < CUBLASLT_MATMUL_STAGES_END);
    S.Stages = V;
    return Ok;
  case CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID: return readAttr(&S.Inner, Buf, Size);
  case CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID: return readAttr(&S.Cluster, Buf, Size);
  }
  return Invalid;
}

cublasStatus_t cublasLtMatmulAlgoConfigGetAttribute(const cublasLtMatmulAlgo_t *Algo,
                                                    cublasLtMatmulAlgoConfigAttributes_t Attr,
                                                    void *Buf, size_t Size, size_t *Written) {
  REQUIRE(Algo && ourAlgo(Algo));
  const ::Algo &S = *algoState(Algo);
  switch (Attr) {
  case CUBLASLT_ALGO_CONFIG_ID: return writeAttr(S.Id, Buf, Size, Written);
  case CUBLASLT_ALGO_CONFIG_TILE_ID: return writeAttr(S.Tile, Buf, Size, Written);
  case CUBLASLT_ALGO_CONFIG_SPLITK_NUM: return writeAttr(S.SplitK, Buf, Size, Written);
  case CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME: return writeAttr(S.Reduction, Buf, Size, Written);
  case CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING: return writeAttr(S.Swizzle, Buf, Size, Written);
  case CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION: return writeAttr(S.Custom, Buf, Size, Written);
  case CUBLASLT_ALGO_CONFIG_STAGES_ID: return writeAttr(S.Stages, Buf, Size, Written);
  case CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID: return writeAttr(S.Inner, Buf, Size, Written);
  case CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID: return writeAttr(S.Cluster, Buf, Size, Written);
  }
  return Invalid;
}

// ---- cublasLtMatmul ----

cublasStatus_t cublasLtMatmul(cublasLtHandle_t H, cublasLtMatmulDesc_t Op, const void *Alpha,
                              const void *A, cublasLtMatrixLayout_t Ad, const void *B,
                              cublasLtMatrixLayout_t Bd, const void *Beta, const void *C,
                              cublasLtMatrixLayout_t Cd, void *D, cublasLtMatrixLayout_t Dd,
                              const cublasLtMatmulAlgo_t *Algo, void *Workspace,
                              size_t WorkspaceBytes, cudaStream_t Stream) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  REQUIRE(Alpha);
  REQUIRE(Workspace || WorkspaceBytes == 0);
  // A null algo: the implicit heuristic query, which has the same answer.
  REQUIRE(!Algo || ourAlgo(Algo));
  Plan P;
  TRY(makePlan(Op, Ad, Bd, Cd, Dd, &P));
  if (P.M == 0 || P.N == 0)
    return Ok;
  bool Device = P.PointerMode == CUBLASLT_POINTER_MODE_DEVICE;
  // Beta is not read when it is documented zero.
  REQUIRE(Beta || P.PointerMode == CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_ZERO);
  REQUIRE(D && (P.Kd == 0 || (A && B)));
  REQUIRE(!(hasBias(P.Epi) || writesBias(P.Epi)) || P.Bias);
  REQUIRE(!hasAux(P.Epi) || P.Aux);
  // C is read unless beta is a host zero; when it is D it must be laid out
  // as D.
  if (C == D)
    REQUIRE(P.C.Order == P.D.Order && P.C.Ld == P.D.Ld && P.C.Stride == P.D.Stride);
  if (P.PointerMode != CUBLASLT_POINTER_MODE_HOST && !Device) {
    // Per-row alpha: beta a device vector, a host scalar (read now), or zero.
    double BetaHost = 0;
    if (P.PointerMode == CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST)
      BetaHost = loadR(Beta, P.Scale, 0);
    bool ReadsC = P.PointerMode == CUBLASLT_POINTER_MODE_DEVICE_VECTOR || BetaHost != 0;
    REQUIRE(C || !ReadsC);
    if (!C)
      C = D;
    return submit(H, Stream, [=]() { runVector(P, Alpha, Beta, BetaHost, A, B, C, D); });
  }
  unsigned char Al[16] = {}, Be[16] = {};
  size_t Bytes = scalarSize(P);
  if (!Device) {
    std::memcpy(Al, Alpha, Bytes);
    std::memcpy(Be, Beta, Bytes);
  }
  REQUIRE(C || (!Device && isZero(Be, Bytes, P)));
  if (!C)
    C = D;
  return submit(H, Stream, [=]() {
    if (Device)
      run(P, Alpha, Beta, A, B, C, D);
    else
      run(P, Al, Be, A, B, C, D);
  });
}

// ---- Matrix transforms ----

cublasStatus_t cublasLtMatrixTransformDescInit_internal(cublasLtMatrixTransformDesc_t T, size_t Size,
                                                        cudaDataType Scale) {
  REQUIRE(T);
  if (Size < sizeof(Transform))
    return CUBLAS_STATUS_ALLOC_FAILED;
  *state(T) = Transform{Scale, CUBLASLT_POINTER_MODE_HOST, CUBLAS_OP_N, CUBLAS_OP_N};
  return Ok;
}

cublasStatus_t cublasLtMatrixTransformDescCreate(cublasLtMatrixTransformDesc_t *T,
                                                 cudaDataType Scale) {
  REQUIRE(T);
  auto *N = new (std::nothrow) cublasLtMatrixTransformDescOpaque_t;
  if (!N)
    return CUBLAS_STATUS_ALLOC_FAILED;
  cublasLtMatrixTransformDescInit_internal(N, sizeof(*N), Scale);
  *T = N;
  return Ok;
}

cublasStatus_t cublasLtMatrixTransformDescDestroy(cublasLtMatrixTransformDesc_t T) {
  delete T;
  return Ok;
}

cublasStatus_t cublasLtMatrixTransformDescSetAttribute(cublasLtMatrixTransformDesc_t T,
                                                       cublasLtMatrixTransformDescAttributes_t Attr,
                                                       const void *Buf, size_t Size) {
  REQUIRE(T);
  Transform &S = *state(T);
  int32_t V;
  switch (Attr) {
  case CUBLASLT_MATRIX_TRANSFORM_DESC_SCALE_TYPE: return readAttr(&S.Scale, Buf, Size);
  case CUBLASLT_MATRIX_TRANSFORM_DESC_POINTER_MODE:
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(V >= CUBLASLT_POINTER_MODE_HOST && V <= CUBLASLT_POINTER_MODE_ALPHA_DEVICE_VECTOR_BETA_HOST);
    S.PointerMode = V;
    return Ok;
  case CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA:
  case CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSB:
    TRY(readAttr(&V, Buf, Size));
    REQUIRE(validOp(V));
    (Attr == CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA ? S.TransA : S.TransB) = V;
    return Ok;
  }
  return Invalid;
}

cublasStatus_t cublasLtMatrixTransformDescGetAttribute(cublasLtMatrixTransformDesc_t T,
                                                       cublasLtMatrixTransformDescAttributes_t Attr,
                                                       void *Buf, size_t Size, size_t *Written) {
  REQUIRE(T);
  const Transform &S = *state(T);
  switch (Attr) {
  case CUBLASLT_MATRIX_TRANSFORM_DESC_SCALE_TYPE: return writeAttr(S.Scale, Buf, Size, Written);
  case CUBLASLT_MATRIX_TRANSFORM_DESC_POINTER_MODE: return writeAttr(S.PointerMode, Buf, Size, Written);
  case CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSA: return writeAttr(S.TransA, Buf, Size, Written);
  case CUBLASLT_MATRIX_TRANSFORM_DESC_TRANSB: return writeAttr(S.TransB, Buf, Size, Written);
  }
  return Invalid;
}

cublasStatus_t cublasLtMatrixTransform(cublasLtHandle_t H, cublasLtMatrixTransformDesc_t Td,
                                       const void *Alpha, const void *A, cublasLtMatrixLayout_t Ad,
                                       const void *Beta, const void *B, cublasLtMatrixLayout_t Bd,
                                       void *C, cublasLtMatrixLayout_t Cd, cudaStream_t Stream) {
  if (!H)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  REQUIRE(Td && Cd && C && Alpha && Beta);
  REQUIRE(!A || Ad);
  REQUIRE(!B || Bd);
  const Transform T = *state(Td);
  const Layout Lc = *state(Cd);
  Layout La = A ? *state(Ad) : Lc, Lb = B ? *state(Bd) : Lc;
  if (T.PointerMode != CUBLASLT_POINTER_MODE_HOST && T.PointerMode != CUBLASLT_POINTER_MODE_DEVICE)
    return Unsupported;
  if ((A && La.Type != Lc.Type) || (B && Lb.Type != Lc.Type) ||
      transformScale(Lc.Type) != (uint32_t)T.Scale)
    return Unsupported;
  TRY(checkLayout(Lc));
  auto Fits = [&](const Layout &L, int32_t Op) -> cublasStatus_t {
    TRY(checkLayout(L));
    bool N = Op == CUBLAS_OP_N;
    REQUIRE((N ? L.Rows : L.Cols) == Lc.Rows && (N ? L.Cols : L.Rows) == Lc.Cols);
    REQUIRE(L.Batch == Lc.Batch);
    return Ok;
  };
  if (A)
    TRY(Fits(La, T.TransA));
  if (B)
    TRY(Fits(Lb, T.TransB));
  // In place only elementwise: the same layout and no transposition.
  auto InPlaceOk = [&](const void *X, const Layout &L, int32_t Op) {
    return X != C || (Op == CUBLAS_OP_N && L.Order == Lc.Order && L.Ld == Lc.Ld && L.Stride == Lc.Stride);
  };
  REQUIRE(InPlaceOk(A, La, T.TransA) && InPlaceOk(B, Lb, T.TransB));
  if (Lc.Rows == 0 || Lc.Cols == 0)
    return Ok;
  bool Device = T.PointerMode == CUBLASLT_POINTER_MODE_DEVICE;
  Cx Al = Device ? Cx() : readScale(Alpha, T.Scale), Be = Device ? Cx() : readScale(Beta, T.Scale);
  return submit(H, Stream, [=]() mutable {
    if (Device) {
      Al = readScale(Alpha, T.Scale);
      Be = readScale(Beta, T.Scale);
    }
    auto Op = [](const void *X, const Layout &L, int32_t O, int64_t I, int64_t J, int Bi) {
      Cx V = O == CUBLAS_OP_N ? loadX(X, L.Type, offsetOf(L, I, J, Bi))
                              : loadX(X, L.Type, offsetOf(L, J, I, Bi));
      return O == CUBLAS_OP_C ? std::conj(V) : V;
    };
    for (int Bi = 0; Bi < Lc.Batch; ++Bi)
      for (int64_t J = 0; J < (int64_t)Lc.Cols; ++J)
        for (int64_t I = 0; I < (int64_t)Lc.Rows; ++I) {
          Cx V = 0;
          if (A)
            V += Al * Op(A, La, T.TransA, I, J, Bi);
          if (B)
            V += Be * Op(B, Lb, T.TransB, I, J, Bi);
          storeX(C, Lc.Type, offsetOf(Lc, I, J, Bi), V);
        }
  });
}

} // extern "C"

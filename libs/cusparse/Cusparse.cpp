// Cusparse.cpp - libcusparse: a subset of NVIDIA's cuSPARSE API (handle,
// legacy matrix descriptor, generic CSR/CSC/COO, dense-vector and
// dense-matrix descriptors, SpMV, SpMM, SpGEMM(reuse), SpSV, csrilu02, the
// format conversions) on plain C++ loops, SpMV's and SpMM's split across
// threads.
// SPDX-License-Identifier: Apache-2.0
//
// Device pointers are host pointers in Loom, so each call validates its
// arguments as cuSPARSE documents (CUSPARSE_STATUS_* at the call), takes a
// copy of what the descriptors say (a program may change or destroy them as
// soon as the call returns, as with cuSPARSE), then enqueues the product on
// the handle's stream (libs/common/StreamTask.h): it runs when the stream
// reaches it, after the kernels before it, and is recorded when the stream
// is being captured into a graph. alpha and beta are read at the call in
// CUSPARSE_POINTER_MODE_HOST and when the work runs in
// CUSPARSE_POINTER_MODE_DEVICE. With beta == 0, y is written without being
// read. Products of at least 2^15 stored entries are split across threads,
// one per CPU the process may use (LOOM_CUSPARSE_THREADS=n overrides; 1:
// none): CSR rows (CSC columns) in ranges of equal entry counts for the
// gathering forms (CSR op N, CSC op T/C); for the scattering forms (CSR op
// T/C, CSC op N, COO) each thread sums its range of entries into its own
// vector and the vectors are added. SpSV (triangular solve) substitutes
// row by row, op N by levels on threads for large matrices; csrilu02
// (ILU(0)) is a sequential elimination; both are enqueued the same way. Calls that return a size to the host (SpGEMM's compute and nnz,
// dense-to-sparse analysis) wait for the stream first. See
// docs/libraries.md.
#include "cusparse.h"
#include "cuda_runtime_api.h"

#include "../common/StreamTask.h"

#include <sched.h>

#include <algorithm>
#include <complex>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <system_error>
#include <thread>
#include <type_traits>
#include <vector>

struct cusparseContext {
  cudaStream_t Stream = nullptr;
  cusparsePointerMode_t PointerMode = CUSPARSE_POINTER_MODE_HOST;
  loomlib::TaskKeeper Keeper;
};

struct cusparseMatDescr {
  cusparseMatrixType_t Type = CUSPARSE_MATRIX_TYPE_GENERAL;
  cusparseFillMode_t Fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t Diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
  cusparseIndexBase_t Base = CUSPARSE_INDEX_BASE_ZERO;
};

struct cusparseDnVecDescr {
  int64_t Size = 0;
  void *Values = nullptr;
  cudaDataType Type = CUDA_R_32F;
  bool Const = false; ///< made by cusparseCreateConstDnVec: never written
};

struct cusparseSpVecDescr {
  int64_t Size = 0, Nnz = 0;
  void *Indices = nullptr, *Values = nullptr;
  cusparseIndexType_t IdxType = CUSPARSE_INDEX_32I;
  cusparseIndexBase_t Base = CUSPARSE_INDEX_BASE_ZERO;
  cudaDataType ValueType = CUDA_R_32F;
};

struct cusparseSpMatDescr {
  cusparseFormat_t Format = CUSPARSE_FORMAT_CSR;
  int64_t Rows = 0, Cols = 0, Nnz = 0;
  /// CSR: row offsets, column indices; CSC: column offsets, row indices;
  /// COO: row indices, column indices.
  void *Major = nullptr, *Minor = nullptr, *Values = nullptr;
  cusparseIndexType_t MajorType = CUSPARSE_INDEX_32I, MinorType = CUSPARSE_INDEX_32I;
  cusparseIndexBase_t Base = CUSPARSE_INDEX_BASE_ZERO;
  cudaDataType ValueType = CUDA_R_32F;
  cusparseFillMode_t Fill = CUSPARSE_FILL_MODE_LOWER;
  cusparseDiagType_t Diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
  bool Const = false;
  int Batch = 1; ///< strided batches (SpMM only)
  int64_t OffStride = 0, Stride = 0; ///< elements between batches: offsets; indices and values
};

struct cusparseSpSVDescr {
  bool Analysed = false;
};

struct csrilu02Info {
  int Pivot = -1; ///< first zero pivot's row (0-based) of the last analysis or factorization
  int Base = 0;   ///< the matrix's index base: positions are reported in it
};

namespace {

#define CHECK_HANDLE(H)                                                                  \
  do {                                                                                   \
    if (!(H))                                                                            \
      return CUSPARSE_STATUS_NOT_INITIALIZED;                                            \
  } while (0)
#define REQUIRE(Cond)                                                                    \
  do {                                                                                   \
    if (!(Cond))                                                                         \
      return CUSPARSE_STATUS_INVALID_VALUE;                                              \
  } while (0)

bool validIndexType(cusparseIndexType_t T) {
  return T == CUSPARSE_INDEX_16U || T == CUSPARSE_INDEX_32I || T == CUSPARSE_INDEX_64I;
}
bool validBase(cusparseIndexBase_t B) {
  return B == CUSPARSE_INDEX_BASE_ZERO || B == CUSPARSE_INDEX_BASE_ONE;
}
bool validValueType(cudaDataType T) {
  switch (T) {
  case CUDA_R_16F: case CUDA_C_16F: case CUDA_R_16BF: case CUDA_C_16BF:
  case CUDA_R_32F: case CUDA_C_32F: case CUDA_R_64F: case CUDA_C_64F:
  case CUDA_R_8I: case CUDA_R_32I:
    return true;
  default:
    return false;
  }
}
/// The largest value an index of type \p T holds.
int64_t indexLimit(cusparseIndexType_t T) {
  return T == CUSPARSE_INDEX_32I ? INT32_MAX : T == CUSPARSE_INDEX_16U ? UINT16_MAX : INT64_MAX;
}

cusparseStatus_t createSpMat(cusparseSpMatDescr_t *Descr, cusparseFormat_t Format, int64_t Rows,
                             int64_t Cols, int64_t Nnz, const void *Major, const void *Minor,
                             const void *Values, cusparseIndexType_t MajorType,
                             cusparseIndexType_t MinorType, cusparseIndexBase_t Base,
                             cudaDataType ValueType, bool Const) {
  REQUIRE(Descr);
  REQUIRE(Rows >= 0 && Cols >= 0 && Nnz >= 0);
  REQUIRE(validIndexType(MajorType) && validIndexType(MinorType) && validBase(Base) &&
          validValueType(ValueType));
  // The arrays may be null while the matrix has no entries (they are set
  // later with cusparse*SetPointers, as SpGEMM's output is).
  if (Nnz > 0)
    REQUIRE(Minor && Values && (Format == CUSPARSE_FORMAT_COO ? Major != nullptr : true));
  // Sizes and entry counts must be representable in the index types.
  int64_t MinorCount = Format == CUSPARSE_FORMAT_CSC ? Rows : Cols;
  if (Format == CUSPARSE_FORMAT_COO)
    REQUIRE(Rows <= indexLimit(MajorType) && Cols <= indexLimit(MinorType));
  else
    REQUIRE(Nnz <= indexLimit(MajorType) && MinorCount <= indexLimit(MinorType));
  // Nnz cannot exceed a dense matrix's entry count.
  if (Rows > 0 && Cols > 0 && Rows <= INT64_MAX / Cols)
    REQUIRE(Nnz <= Rows * Cols);
  else if (Rows == 0 || Cols == 0)
    REQUIRE(Nnz == 0);
  auto *D = new cusparseSpMatDescr;
  D->Format = Format;
  D->Rows = Rows;
  D->Cols = Cols;
  D->Nnz = Nnz;
  D->Major = const_cast<void *>(Major);
  D->Minor = const_cast<void *>(Minor);
  D->Values = const_cast<void *>(Values);
  D->MajorType = MajorType;
  D->MinorType = MinorType;
  D->Base = Base;
  D->ValueType = ValueType;
  D->Const = Const;
  *Descr = D;
  return CUSPARSE_STATUS_SUCCESS;
}

// ---- SpMV ----

using cf = std::complex<float>;
using cd = std::complex<double>;

template <class T> T conjIf(T V, bool) { return V; }
template <class R> std::complex<R> conjIf(std::complex<R> V, bool C) { return C ? std::conj(V) : V; }

/// A matrix value in the computation's type (float to double, real to complex).
template <class V, class A> V widen(A X) { return V(X); }

/// Threads for a product over \p Entries stored entries.
int spmvThreads(int64_t Entries) {
  static const int Cpus = [] {
    if (const char *E = std::getenv("LOOM_CUSPARSE_THREADS"))
      return std::max(1, std::atoi(E));
    cpu_set_t Set;
    if (sched_getaffinity(0, sizeof(Set), &Set) == 0)
      return std::max(1, CPU_COUNT(&Set));
    return 1;
  }();
  constexpr int64_t Min = int64_t(1) << 15; // below this, threads cost more than they gain
  if (Entries < Min)
    return 1;
  return int(std::min<int64_t>(Cpus, Entries / (Min / 2)));
}

/// Runs \p Fn(t) for t in [0, Threads): t > 0 on new threads, 0 here.
template <class F> void parallel(int Threads, F &&Fn) {
  std::vector<std::thread> Pool;
  Pool.reserve(Threads - 1);
  for (int T = 1; T < Threads; ++T) {
    try {
      Pool.emplace_back([&Fn, T] { Fn(T); });
    } catch (const std::system_error &) {
      Fn(T); // no thread to be had: this one does the range
    }
  }
  Fn(0);
  for (std::thread &Th : Pool)
    Th.join();
}

/// What one SpMV call computes, copied from its descriptors at the call.
struct Job {
  cusparseFormat_t Format;
  cusparseOperation_t Op;
  int64_t Rows, Cols, Nnz;
  const void *Major, *Minor, *Values;
  int64_t Base;
  const void *X;
  void *Y;
};

/// y[i] = alpha s + beta y[i], y not read when beta == 0.
template <class V> inline void store(V *Y, int64_t I, V S, V Alpha, V Beta) {
  Y[I] = Beta == V(0) ? Alpha * S : Alpha * S + Beta * Y[I];
}

/// y = alpha s + beta y where s sums the terms \p Visit(U0, U1, Add) gives
/// (Add(i, t): s[i] += t) for the units (lines or entries) in [U0, U1). On
/// threads, each sums a range of units into a vector of its own and the
/// vectors are added; at most one thread per YLen entries, as each thread
/// adds a whole vector.
template <class V, class F>
void scatterSpMV(int64_t Units, int64_t Nnz, int64_t YLen, V *Y, V Alpha, V Beta, F &&Visit) {
  int64_t PerY = Nnz / std::max<int64_t>(YLen, 1);
  int Threads = int(std::min<int64_t>(
      {spmvThreads(Nnz), std::max<int64_t>(Units, 1), std::max<int64_t>(PerY, 1)}));
  std::vector<V> Acc;
  if (Threads > 1) {
    try {
      Acc.assign(size_t(YLen) * Threads, V(0));
    } catch (const std::bad_alloc &) {
      Threads = 1;
    }
  }
  if (Threads <= 1) {
    for (int64_t I = 0; I < YLen; ++I)
      Y[I] = Beta == V(0) ? V(0) : Beta * Y[I];
    Visit(0, Units, [Y, Alpha](int64_t I, V T) { Y[I] += Alpha * T; });
    return;
  }
  parallel(Threads, [&](int T) {
    V *A = Acc.data() + size_t(YLen) * T;
    Visit(Units * T / Threads, Units * (T + 1) / Threads, [A](int64_t I, V Term) { A[I] += Term; });
  });
  parallel(Threads, [&](int T) {
    for (int64_t I = YLen * T / Threads, E = YLen * (T + 1) / Threads; I < E; ++I) {
      V S(0);
      for (int U = 0; U < Threads; ++U)
        S += Acc[size_t(YLen) * U + I];
      store(Y, I, S, Alpha, Beta);
    }
  });
}

template <class VA, class V, class IM, class IN>
void spmv(const Job &J, V Alpha, V Beta) {
  const IM *Major = static_cast<const IM *>(J.Major);
  const IN *Minor = static_cast<const IN *>(J.Minor);
  const VA *Val = static_cast<const VA *>(J.Values);
  const V *X = static_cast<const V *>(J.X);
  V *Y = static_cast<V *>(J.Y);
  const bool Trans = J.Op != CUSPARSE_OPERATION_NON_TRANSPOSE;
  const bool Conj = J.Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
  const int64_t B = J.Base, Nnz = J.Nnz;
  // op(A) has YLen rows.
  const int64_t YLen = Trans ? J.Cols : J.Rows;

  if (J.Format != CUSPARSE_FORMAT_COO) {
    // The compressed dimension's count and its stored offsets.
    const int64_t Lines = J.Format == CUSPARSE_FORMAT_CSR ? J.Rows : J.Cols;
    const int64_t Other = J.Format == CUSPARSE_FORMAT_CSR ? J.Cols : J.Rows;
    auto begin = [&](int64_t L) { return std::clamp<int64_t>(int64_t(Major[L]) - B, 0, Nnz); };
    auto end = [&](int64_t L) {
      return std::clamp<int64_t>(int64_t(Major[L + 1]) - B, begin(L), Nnz);
    };
    // Gathering: each line of the compressed dimension is one y element
    // (CSR op N, CSC op T/C).
    bool Gather = (J.Format == CUSPARSE_FORMAT_CSR) != Trans;
    if (Gather) {
      auto lines = [&](int64_t L0, int64_t L1) {
        for (int64_t L = L0; L < L1; ++L) {
          V S(0);
          for (int64_t K = begin(L), E = end(L); K < E; ++K) {
            int64_t C = int64_t(Minor[K]) - B;
            if (C >= 0 && C < Other)
              S += conjIf(widen<V>(Val[K]), Conj) * X[C];
          }
          store(Y, L, S, Alpha, Beta);
        }
      };
      int Threads = int(std::min<int64_t>(spmvThreads(Nnz), std::max<int64_t>(Lines, 1)));
      if (Threads <= 1)
        return lines(0, Lines);
      // Ranges of lines holding equal numbers of entries.
      std::vector<int64_t> Cut(Threads + 1, Lines);
      Cut[0] = 0;
      for (int T = 1; T < Threads; ++T) {
        int64_t Target = Nnz * T / Threads + B;
        Cut[T] = std::partition_point(Major, Major + Lines,
                                      [&](IM O) { return int64_t(O) < Target; }) - Major;
        Cut[T] = std::max(Cut[T], Cut[T - 1]);
      }
      parallel(Threads, [&](int T) { lines(Cut[T], Cut[T + 1]); });
      return;
    }
    // Scattering (CSR op T/C, CSC op N): line L's entries add into y at
    // their minor index.
    scatterSpMV<V>(Lines, Nnz, YLen, Y, Alpha, Beta, [&](int64_t L0, int64_t L1, auto &&Add) {
      for (int64_t L = L0; L < L1; ++L) {
        V XL = X[L];
        for (int64_t K = begin(L), E = end(L); K < E; ++K) {
          int64_t C = int64_t(Minor[K]) - B;
          if (C >= 0 && C < Other)
            Add(C, conjIf(widen<V>(Val[K]), Conj) * XL);
        }
      }
    });
    return;
  }

  // COO: every entry adds into y (at its row for op N, its column for T/C).
  const IN *Cols = Minor;
  const IM *Rows = Major;
  scatterSpMV<V>(Nnz, Nnz, YLen, Y, Alpha, Beta, [&](int64_t K0, int64_t K1, auto &&Add) {
    for (int64_t K = K0; K < K1; ++K) {
      int64_t R = int64_t(Rows[K]) - B, C = int64_t(Cols[K]) - B;
      if (R < 0 || R >= J.Rows || C < 0 || C >= J.Cols)
        continue;
      if (Trans)
        Add(C, conjIf(widen<V>(Val[K]), Conj) * X[R]);
      else
        Add(R, widen<V>(Val[K]) * X[C]);
    }
  });
}

/// A scalar argument: the value (host pointer mode, read at the call) or
/// the pointer to read when the work runs (device pointer mode).
template <class V> struct Scalar {
  V Value{};
  const V *Ptr = nullptr;
  V get() const { return Ptr ? *Ptr : Value; }
};
template <class V> Scalar<V> scalar(cusparseHandle_t H, const void *P) {
  Scalar<V> S;
  if (H->PointerMode == CUSPARSE_POINTER_MODE_DEVICE)
    S.Ptr = static_cast<const V *>(P);
  else
    S.Value = *static_cast<const V *>(P);
  return S;
}

template <class VA, class V, class IM, class IN>
cusparseStatus_t submitSpMV(cusparseHandle_t H, const Job &J, const void *Alpha,
                            const void *Beta) {
  Scalar<V> A = scalar<V>(H, Alpha), Bt = scalar<V>(H, Beta);
  cudaError_t E = loomlib::enqueue(H->Stream, H->Keeper, [J, A, Bt] {
    spmv<VA, V, IM, IN>(J, A.get(), Bt.get());
  });
  return E == cudaSuccess ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_EXECUTION_FAILED;
}

template <class VA, class V, class IM>
cusparseStatus_t byMinor(cusparseHandle_t H, const Job &J, cusparseIndexType_t Minor,
                         const void *Alpha, const void *Beta) {
  if (Minor == CUSPARSE_INDEX_32I)
    return submitSpMV<VA, V, IM, int32_t>(H, J, Alpha, Beta);
  return submitSpMV<VA, V, IM, int64_t>(H, J, Alpha, Beta);
}
template <class VA, class V>
cusparseStatus_t byIndex(cusparseHandle_t H, const Job &J, cusparseIndexType_t Major,
                         cusparseIndexType_t Minor, const void *Alpha, const void *Beta) {
  if (Major == CUSPARSE_INDEX_32I)
    return byMinor<VA, V, int32_t>(H, J, Minor, Alpha, Beta);
  return byMinor<VA, V, int64_t>(H, J, Minor, Alpha, Beta);
}

/// Checks an SpMV call as cuSPARSE does; on success the call is supported.
cusparseStatus_t checkSpMV(cusparseHandle_t H, cusparseOperation_t Op, const void *Alpha,
                           cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t X,
                           const void *Beta, cusparseDnVecDescr_t Y, cudaDataType Compute,
                           cusparseSpMVAlg_t Alg) {
  CHECK_HANDLE(H);
  REQUIRE(A && X && Y && Alpha && Beta);
  REQUIRE(Op == CUSPARSE_OPERATION_NON_TRANSPOSE || Op == CUSPARSE_OPERATION_TRANSPOSE ||
          Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE);
  REQUIRE(!Y->Const);
  if (A->Batch > 1)
    return CUSPARSE_STATUS_NOT_SUPPORTED; // batches: SpMM only
  bool Trans = Op != CUSPARSE_OPERATION_NON_TRANSPOSE;
  REQUIRE(X->Size == (Trans ? A->Rows : A->Cols));
  REQUIRE(Y->Size == (Trans ? A->Cols : A->Rows));
  switch (Alg) {
  case CUSPARSE_SPMV_ALG_DEFAULT:
    break;
  case CUSPARSE_SPMV_CSR_ALG1:
  case CUSPARSE_SPMV_CSR_ALG2:
    if (A->Format != CUSPARSE_FORMAT_CSR && A->Format != CUSPARSE_FORMAT_CSC)
      return CUSPARSE_STATUS_NOT_SUPPORTED;
    break;
  case CUSPARSE_SPMV_COO_ALG1:
  case CUSPARSE_SPMV_COO_ALG2:
    if (A->Format != CUSPARSE_FORMAT_COO)
      return CUSPARSE_STATUS_NOT_SUPPORTED;
    break;
  case CUSPARSE_SPMV_SELL_ALG1:
  case CUSPARSE_SPMV_BSR_ALG1:
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  default:
    return CUSPARSE_STATUS_INVALID_VALUE;
  }
  // The arrays the product reads must be there.
  if (A->Nnz > 0)
    REQUIRE(A->Major && A->Minor && A->Values);
  if (A->Format != CUSPARSE_FORMAT_COO && (A->Format == CUSPARSE_FORMAT_CSR ? A->Rows : A->Cols) > 0)
    REQUIRE(A->Major);
  if (X->Size > 0)
    REQUIRE(X->Values);
  if (Y->Size > 0)
    REQUIRE(Y->Values);
  // Supported: 32- and 64-bit indices; x, y and the computation in one type
  // (R_32F, R_64F, C_32F, C_64F), A in that type, or R_32F with R_64F, or
  // the real type of the complex computation's precision.
  auto idxOk = [](cusparseIndexType_t T) {
    return T == CUSPARSE_INDEX_32I || T == CUSPARSE_INDEX_64I;
  };
  if (!idxOk(A->MajorType) || !idxOk(A->MinorType))
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (X->Type != Compute || Y->Type != Compute)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  cudaDataType VA = A->ValueType;
  bool Ok = false;
  switch (Compute) {
  case CUDA_R_32F: Ok = VA == CUDA_R_32F; break;
  case CUDA_R_64F: Ok = VA == CUDA_R_64F || VA == CUDA_R_32F; break;
  case CUDA_C_32F: Ok = VA == CUDA_C_32F || VA == CUDA_R_32F; break;
  case CUDA_C_64F: Ok = VA == CUDA_C_64F || VA == CUDA_R_64F; break;
  default: break;
  }
  return Ok ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_NOT_SUPPORTED;
}

// ---- SpSV and incomplete LU ----

/// What one SpSV call solves, copied from its descriptors at the call.
struct SvJob {
  cusparseOperation_t Op;
  int64_t N, Nnz;
  const void *Offsets, *Indices, *Values;
  int64_t Base;
  bool Lower, Unit;
  const void *X;
  void *Y;
};

/// op(A) y = alpha x by substitution; A is the triangle the fill mode
/// names (other entries ignored), with ones on the diagonal when Unit.
template <class V, class IO, class II> void spsv(const SvJob &J, V Alpha) {
  const IO *Off = static_cast<const IO *>(J.Offsets);
  const II *Ind = static_cast<const II *>(J.Indices);
  const V *Val = static_cast<const V *>(J.Values);
  const V *X = static_cast<const V *>(J.X);
  V *Y = static_cast<V *>(J.Y);
  const int64_t N = J.N, B = J.Base, Nnz = J.Nnz;
  const bool Conj = J.Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
  auto begin = [&](int64_t R) { return std::clamp<int64_t>(int64_t(Off[R]) - B, 0, Nnz); };
  auto end = [&](int64_t R) {
    return std::clamp<int64_t>(int64_t(Off[R + 1]) - B, begin(R), Nnz);
  };
  // The stored diagonal of row R (0 when missing: the solve divides by it).
  auto diag = [&](int64_t R) {
    for (int64_t K = begin(R), E = end(R); K < E; ++K)
      if (int64_t(Ind[K]) - B == R)
        return conjIf(Val[K], Conj);
    return V(0);
  };
  auto inTriangle = [&](int64_t R, int64_t C) { return J.Lower ? C < R : C > R; };
  if (J.Op == CUSPARSE_OPERATION_NON_TRANSPOSE) {
    // Row by row: forward for a lower triangle, backward for an upper one.
    auto row = [&](int64_t R) {
      V S = Alpha * X[R], D(0);
      for (int64_t K = begin(R), E = end(R); K < E; ++K) {
        int64_t C = int64_t(Ind[K]) - B;
        if (C == R)
          D = Val[K];
        else if (C >= 0 && C < N && inTriangle(R, C))
          S -= Val[K] * Y[C];
      }
      Y[R] = J.Unit ? S : S / D;
    };
    // Level scheduling: a row's level is one more than the highest level
    // of the rows it reads, so the rows of one level are independent. With
    // threads and enough rows per level, the threads share each level and
    // meet at a barrier before the next; every row is computed as the
    // sequential loop computes it, so the bits do not change.
    int Threads = int(std::min<int64_t>(spmvThreads(Nnz), std::max<int64_t>(N / 256, 1)));
    if (Threads > 1) {
      std::vector<int32_t> Level(size_t(N), 0);
      int32_t Levels = 0;
      auto levelOf = [&](int64_t R) {
        int32_t L = 0;
        for (int64_t K = begin(R), E = end(R); K < E; ++K) {
          int64_t C = int64_t(Ind[K]) - B;
          if (C >= 0 && C < N && inTriangle(R, C))
            L = std::max(L, Level[C] + 1);
        }
        Level[R] = L;
        Levels = std::max(Levels, L + 1);
      };
      // Stops as soon as the levels are too many to be worth it (a chain
      // such as a bidiagonal matrix costs a 64th of a pass, not a pass).
      const int64_t MaxLevels = N / 64;
      if (J.Lower)
        for (int64_t R = 0; R < N && Levels <= MaxLevels; ++R)
          levelOf(R);
      else
        for (int64_t R = N - 1; R >= 0 && Levels <= MaxLevels; --R)
          levelOf(R);
      if (Levels <= MaxLevels) {
        // Rows by level (counting sort).
        std::vector<int64_t> Start(size_t(Levels) + 1, 0), Order(static_cast<size_t>(N));
        for (int64_t R = 0; R < N; ++R)
          ++Start[Level[R] + 1];
        for (int32_t L = 0; L < Levels; ++L)
          Start[L + 1] += Start[L];
        std::vector<int64_t> Next(Start.begin(), Start.end() - 1);
        for (int64_t R = 0; R < N; ++R)
          Order[Next[Level[R]]++] = R;
        std::mutex Mu;
        std::condition_variable Cv;
        int Arrived = 0;
        int64_t Generation = 0;
        auto barrier = [&] {
          std::unique_lock<std::mutex> Lock(Mu);
          int64_t G = Generation;
          if (++Arrived == Threads) {
            Arrived = 0;
            ++Generation;
            Cv.notify_all();
          } else {
            Cv.wait(Lock, [&] { return Generation != G; });
          }
        };
        parallel(Threads, [&](int T) {
          for (int32_t L = 0; L < Levels; ++L) {
            int64_t S0 = Start[L], Count = Start[L + 1] - S0;
            for (int64_t I = S0 + Count * T / Threads, E = S0 + Count * (T + 1) / Threads; I < E; ++I)
              row(Order[I]);
            barrier();
          }
        });
        return;
      }
    }
    if (J.Lower)
      for (int64_t R = 0; R < N; ++R)
        row(R);
    else
      for (int64_t R = N - 1; R >= 0; --R)
        row(R);
    return;
  }
  // op(A) = A^T or A^H: column by column, row R of A being column R of
  // op(A); a lower A gives an upper op(A), solved backward.
  for (int64_t R = 0; R < N; ++R)
    Y[R] = Alpha * X[R];
  auto column = [&](int64_t R) {
    if (!J.Unit)
      Y[R] = Y[R] / diag(R);
    V YR = Y[R];
    for (int64_t K = begin(R), E = end(R); K < E; ++K) {
      int64_t C = int64_t(Ind[K]) - B;
      if (C >= 0 && C < N && inTriangle(R, C))
        Y[C] -= conjIf(Val[K], Conj) * YR;
    }
  };
  if (J.Lower)
    for (int64_t R = N - 1; R >= 0; --R)
      column(R);
  else
    for (int64_t R = 0; R < N; ++R)
      column(R);
}

template <class V, class IO>
cusparseStatus_t submitSpSV(cusparseHandle_t H, const SvJob &J, cusparseIndexType_t Ind,
                            const void *Alpha) {
  Scalar<V> A = scalar<V>(H, Alpha);
  cudaError_t E;
  if (Ind == CUSPARSE_INDEX_32I)
    E = loomlib::enqueue(H->Stream, H->Keeper, [J, A] { spsv<V, IO, int32_t>(J, A.get()); });
  else
    E = loomlib::enqueue(H->Stream, H->Keeper, [J, A] { spsv<V, IO, int64_t>(J, A.get()); });
  return E == cudaSuccess ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_EXECUTION_FAILED;
}

/// Checks an SpSV call as cuSPARSE does; on success the call is supported.
cusparseStatus_t checkSpSV(cusparseHandle_t H, cusparseOperation_t Op, const void *Alpha,
                           cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t X,
                           cusparseDnVecDescr_t Y, cudaDataType Compute, cusparseSpSVAlg_t Alg,
                           cusparseSpSVDescr_t D) {
  CHECK_HANDLE(H);
  REQUIRE(A && X && Y && Alpha && D);
  REQUIRE(Op == CUSPARSE_OPERATION_NON_TRANSPOSE || Op == CUSPARSE_OPERATION_TRANSPOSE ||
          Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE);
  REQUIRE(Alg == CUSPARSE_SPSV_ALG_DEFAULT);
  REQUIRE(!Y->Const);
  REQUIRE(A->Rows == A->Cols); // a triangular matrix is square
  if (A->Batch > 1)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  REQUIRE(X->Size == A->Rows && Y->Size == A->Rows);
  if (A->Format != CUSPARSE_FORMAT_CSR)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (A->Rows > 0)
    REQUIRE(A->Major && X->Values && Y->Values);
  if (A->Nnz > 0)
    REQUIRE(A->Minor && A->Values);
  auto idxOk = [](cusparseIndexType_t T) {
    return T == CUSPARSE_INDEX_32I || T == CUSPARSE_INDEX_64I;
  };
  if (!idxOk(A->MajorType) || !idxOk(A->MinorType))
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  bool TypeOk = Compute == CUDA_R_32F || Compute == CUDA_R_64F || Compute == CUDA_C_32F ||
                Compute == CUDA_C_64F;
  if (!TypeOk || A->ValueType != Compute || X->Type != Compute || Y->Type != Compute)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

/// Incomplete LU with no fill-in of a CSR matrix with sorted columns, in
/// place (L below the diagonal with unit diagonal implied, U on and above);
/// returns the first row whose pivot is missing or zero, or -1.
template <class V> int ilu0(int M, const int *Off, const int *Ind, V *Val, int B) {
  const int64_t Nnz = M > 0 ? int64_t(Off[M]) - B : 0;
  auto begin = [&](int R) { return std::clamp<int64_t>(int64_t(Off[R]) - B, 0, Nnz); };
  auto end = [&](int R) { return std::clamp<int64_t>(int64_t(Off[R + 1]) - B, begin(R), Nnz); };
  std::vector<int64_t> Diag(M, -1), Pos(M, -1);
  for (int R = 0; R < M; ++R)
    for (int64_t K = begin(R), E = end(R); K < E; ++K)
      if (Ind[K] - B == R)
        Diag[R] = K;
  int Pivot = -1;
  for (int R = 0; R < M; ++R) {
    for (int64_t K = begin(R), E = end(R); K < E; ++K)
      if (Ind[K] - B >= 0 && Ind[K] - B < M)
        Pos[Ind[K] - B] = K;
    for (int64_t K = begin(R), E = end(R); K < E; ++K) {
      int C = Ind[K] - B;
      if (C < 0 || C >= R || Diag[C] < 0)
        continue;
      // l(R, C) = a(R, C) / u(C, C); row R less l(R, C) times U's row C.
      Val[K] = Val[K] / Val[Diag[C]];
      for (int64_t KC = begin(C), EC = end(C); KC < EC; ++KC) {
        int J = Ind[KC] - B;
        if (J > C && J < M && Pos[J] >= 0)
          Val[Pos[J]] -= Val[K] * Val[KC];
      }
    }
    for (int64_t K = begin(R), E = end(R); K < E; ++K)
      if (Ind[K] - B >= 0 && Ind[K] - B < M)
        Pos[Ind[K] - B] = -1;
    if (Pivot < 0 && (Diag[R] < 0 || Val[Diag[R]] == V(0)))
      Pivot = R;
  }
  return Pivot;
}

/// The first row without a stored diagonal entry, or -1.
int structuralPivot(int M, const int *Off, const int *Ind, int B) {
  for (int R = 0; R < M; ++R) {
    bool Found = false;
    for (int64_t K = int64_t(Off[R]) - B, E = int64_t(Off[R + 1]) - B; K < E && !Found; ++K)
      Found = Ind[K] - B == R;
    if (!Found)
      return R;
  }
  return -1;
}

cusparseStatus_t checkIlu(cusparseHandle_t H, int M, int Nnz, const cusparseMatDescr_t D,
                          const void *Val, const int *Off, const int *Ind, csrilu02Info_t Info) {
  CHECK_HANDLE(H);
  REQUIRE(M >= 0 && Nnz >= 0 && D && Info);
  if (D->Type != CUSPARSE_MATRIX_TYPE_GENERAL)
    return CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED;
  if (M > 0)
    REQUIRE(Off);
  if (Nnz > 0)
    REQUIRE(Ind && Val);
  return CUSPARSE_STATUS_SUCCESS;
}

} // namespace

extern "C" {

// ---- Handle and helpers ----

cusparseStatus_t cusparseCreate(cusparseHandle_t *Handle) {
  REQUIRE(Handle);
  // A handle needs a working CUDA context (as on a GPU).
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess || Count == 0)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  *Handle = new cusparseContext;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroy(cusparseHandle_t H) {
  CHECK_HANDLE(H);
  // The handle's work must finish before its captured tasks go away.
  loomlib::drainStream(H->Stream);
  delete H;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetVersion(cusparseHandle_t H, int *Version) {
  CHECK_HANDLE(H);
  REQUIRE(Version);
  *Version = CUSPARSE_VERSION;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetProperty(libraryPropertyType Type, int *Value) {
  REQUIRE(Value);
  switch (Type) {
  case MAJOR_VERSION: *Value = CUSPARSE_VER_MAJOR; break;
  case MINOR_VERSION: *Value = CUSPARSE_VER_MINOR; break;
  case PATCH_LEVEL: *Value = CUSPARSE_VER_PATCH; break;
  default: return CUSPARSE_STATUS_INVALID_VALUE;
  }
  return CUSPARSE_STATUS_SUCCESS;
}

const char *cusparseGetErrorName(cusparseStatus_t S) {
  switch (S) {
  case CUSPARSE_STATUS_SUCCESS: return "CUSPARSE_STATUS_SUCCESS";
  case CUSPARSE_STATUS_NOT_INITIALIZED: return "CUSPARSE_STATUS_NOT_INITIALIZED";
  case CUSPARSE_STATUS_ALLOC_FAILED: return "CUSPARSE_STATUS_ALLOC_FAILED";
  case CUSPARSE_STATUS_INVALID_VALUE: return "CUSPARSE_STATUS_INVALID_VALUE";
  case CUSPARSE_STATUS_ARCH_MISMATCH: return "CUSPARSE_STATUS_ARCH_MISMATCH";
  case CUSPARSE_STATUS_MAPPING_ERROR: return "CUSPARSE_STATUS_MAPPING_ERROR";
  case CUSPARSE_STATUS_EXECUTION_FAILED: return "CUSPARSE_STATUS_EXECUTION_FAILED";
  case CUSPARSE_STATUS_INTERNAL_ERROR: return "CUSPARSE_STATUS_INTERNAL_ERROR";
  case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
  case CUSPARSE_STATUS_ZERO_PIVOT: return "CUSPARSE_STATUS_ZERO_PIVOT";
  case CUSPARSE_STATUS_NOT_SUPPORTED: return "CUSPARSE_STATUS_NOT_SUPPORTED";
  case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "CUSPARSE_STATUS_INSUFFICIENT_RESOURCES";
  }
  return "CUSPARSE_STATUS_UNKNOWN";
}

const char *cusparseGetErrorString(cusparseStatus_t S) {
  switch (S) {
  case CUSPARSE_STATUS_SUCCESS: return "success";
  case CUSPARSE_STATUS_NOT_INITIALIZED: return "the library was not initialized";
  case CUSPARSE_STATUS_ALLOC_FAILED: return "resource allocation failed";
  case CUSPARSE_STATUS_INVALID_VALUE: return "an invalid value was passed to a function";
  case CUSPARSE_STATUS_ARCH_MISMATCH: return "the device architecture is not supported";
  case CUSPARSE_STATUS_MAPPING_ERROR: return "access to the memory space failed";
  case CUSPARSE_STATUS_EXECUTION_FAILED: return "the work failed to run";
  case CUSPARSE_STATUS_INTERNAL_ERROR: return "an internal operation failed";
  case CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED: return "the matrix type is not supported";
  case CUSPARSE_STATUS_ZERO_PIVOT: return "a zero pivot was found";
  case CUSPARSE_STATUS_NOT_SUPPORTED: return "the operation or data type combination is not supported";
  case CUSPARSE_STATUS_INSUFFICIENT_RESOURCES: return "too few resources for the operation";
  }
  return "unknown error";
}

cusparseStatus_t cusparseSetStream(cusparseHandle_t H, cudaStream_t Stream) {
  CHECK_HANDLE(H);
  H->Stream = Stream;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetStream(cusparseHandle_t H, cudaStream_t *Stream) {
  CHECK_HANDLE(H);
  REQUIRE(Stream);
  *Stream = H->Stream;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t H, cusparsePointerMode_t *Mode) {
  CHECK_HANDLE(H);
  REQUIRE(Mode);
  *Mode = H->PointerMode;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t H, cusparsePointerMode_t Mode) {
  CHECK_HANDLE(H);
  REQUIRE(Mode == CUSPARSE_POINTER_MODE_HOST || Mode == CUSPARSE_POINTER_MODE_DEVICE);
  H->PointerMode = Mode;
  return CUSPARSE_STATUS_SUCCESS;
}

// ---- Legacy matrix descriptor ----

cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *D) {
  REQUIRE(D);
  *D = new cusparseMatDescr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t D) {
  delete D; // null is allowed, as free()
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t D, cusparseMatrixType_t T) {
  REQUIRE(D);
  REQUIRE(T >= CUSPARSE_MATRIX_TYPE_GENERAL && T <= CUSPARSE_MATRIX_TYPE_TRIANGULAR);
  D->Type = T;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t D) {
  return D ? D->Type : CUSPARSE_MATRIX_TYPE_GENERAL;
}

cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t D, cusparseFillMode_t F) {
  REQUIRE(D);
  REQUIRE(F == CUSPARSE_FILL_MODE_LOWER || F == CUSPARSE_FILL_MODE_UPPER);
  D->Fill = F;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t D) {
  return D ? D->Fill : CUSPARSE_FILL_MODE_LOWER;
}

cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t D, cusparseDiagType_t T) {
  REQUIRE(D);
  REQUIRE(T == CUSPARSE_DIAG_TYPE_NON_UNIT || T == CUSPARSE_DIAG_TYPE_UNIT);
  D->Diag = T;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t D) {
  return D ? D->Diag : CUSPARSE_DIAG_TYPE_NON_UNIT;
}

cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t D, cusparseIndexBase_t B) {
  REQUIRE(D);
  REQUIRE(validBase(B));
  D->Base = B;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t D) {
  return D ? D->Base : CUSPARSE_INDEX_BASE_ZERO;
}

// ---- Dense vectors ----

static cusparseStatus_t createDnVec(cusparseDnVecDescr_t *D, int64_t Size, const void *Values,
                                    cudaDataType Type, bool Const) {
  REQUIRE(D);
  REQUIRE(Size >= 0);
  REQUIRE(Size == 0 || Values);
  REQUIRE(validValueType(Type));
  auto *V = new cusparseDnVecDescr;
  V->Size = Size;
  V->Values = const_cast<void *>(Values);
  V->Type = Type;
  V->Const = Const;
  *D = V;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *D, int64_t Size, void *Values,
                                     cudaDataType Type) {
  return createDnVec(D, Size, Values, Type, false);
}

cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t *D, int64_t Size,
                                          const void *Values, cudaDataType Type) {
  REQUIRE(D);
  cusparseDnVecDescr_t V = nullptr;
  cusparseStatus_t S = createDnVec(&V, Size, Values, Type, true);
  if (S == CUSPARSE_STATUS_SUCCESS)
    *D = V;
  return S;
}

cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t D) {
  delete D;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *D, int64_t Size, int64_t Nnz,
                                     void *Indices, void *Values, cusparseIndexType_t IdxType,
                                     cusparseIndexBase_t Base, cudaDataType Type) {
  REQUIRE(D);
  REQUIRE(Size >= 0 && Nnz >= 0 && Nnz <= Size);
  REQUIRE(Nnz == 0 || (Indices && Values));
  REQUIRE(validIndexType(IdxType) && validBase(Base) && validValueType(Type));
  auto *V = new cusparseSpVecDescr;
  *V = {Size, Nnz, Indices, Values, IdxType, Base, Type};
  *D = V;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t D) {
  delete D;
  return CUSPARSE_STATUS_SUCCESS;
}

extern "C++" {
namespace {
template <class V, class I>
void scatter(int64_t Nnz, const I *Ind, const V *X, V *Y, int64_t Size, int64_t Base) {
  for (int64_t K = 0; K < Nnz; ++K) {
    int64_t J = int64_t(Ind[K]) - Base;
    if (J >= 0 && J < Size) // an index outside y is skipped, not written
      Y[J] = X[K];
  }
}
template <class V>
cusparseStatus_t submitScatter(cusparseHandle_t H, cusparseConstSpVecDescr_t X,
                               cusparseDnVecDescr_t Y) {
  int64_t Nnz = X->Nnz, Size = Y->Size, Base = X->Base == CUSPARSE_INDEX_BASE_ONE;
  const void *Ind = X->Indices, *Xv = X->Values;
  void *Yv = Y->Values;
  bool Wide = X->IdxType == CUSPARSE_INDEX_64I;
  cudaError_t E = loomlib::enqueue(H->Stream, H->Keeper, [=] {
    if (Wide)
      scatter(Nnz, static_cast<const int64_t *>(Ind), static_cast<const V *>(Xv),
              static_cast<V *>(Yv), Size, Base);
    else
      scatter(Nnz, static_cast<const int32_t *>(Ind), static_cast<const V *>(Xv),
              static_cast<V *>(Yv), Size, Base);
  });
  return E == cudaSuccess ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_EXECUTION_FAILED;
}
} // namespace
} // extern "C++"

cusparseStatus_t cusparseScatter(cusparseHandle_t H, cusparseConstSpVecDescr_t X,
                                 cusparseDnVecDescr_t Y) {
  CHECK_HANDLE(H);
  REQUIRE(X && Y && !Y->Const);
  REQUIRE(X->ValueType == Y->Type);
  if (X->IdxType == CUSPARSE_INDEX_16U)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (X->Nnz == 0 || Y->Size == 0)
    return CUSPARSE_STATUS_SUCCESS;
  switch (Y->Type) {
  case CUDA_R_32F:
    return submitScatter<float>(H, X, Y);
  case CUDA_R_64F:
    return submitScatter<double>(H, X, Y);
  case CUDA_C_32F:
    return submitScatter<cf>(H, X, Y);
  case CUDA_C_64F:
    return submitScatter<cd>(H, X, Y);
  default:
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  }
}

cusparseStatus_t cusparseDnVecGet(cusparseDnVecDescr_t D, int64_t *Size, void **Values,
                                  cudaDataType *Type) {
  REQUIRE(D && Size && Values && Type);
  *Size = D->Size;
  *Values = D->Values;
  *Type = D->Type;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstDnVecGet(cusparseConstDnVecDescr_t D, int64_t *Size,
                                       const void **Values, cudaDataType *Type) {
  REQUIRE(D && Size && Values && Type);
  *Size = D->Size;
  *Values = D->Values;
  *Type = D->Type;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t D, void **Values) {
  REQUIRE(D && Values);
  *Values = D->Values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstDnVecGetValues(cusparseConstDnVecDescr_t D, const void **Values) {
  REQUIRE(D && Values);
  *Values = D->Values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t D, void *Values) {
  REQUIRE(D);
  REQUIRE(D->Size == 0 || Values);
  D->Values = Values;
  return CUSPARSE_STATUS_SUCCESS;
}

// ---- Sparse matrices ----

cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *D, int64_t Rows, int64_t Cols,
                                   int64_t Nnz, void *Offsets, void *ColInd, void *Values,
                                   cusparseIndexType_t OffType, cusparseIndexType_t ColType,
                                   cusparseIndexBase_t Base, cudaDataType Type) {
  return createSpMat(D, CUSPARSE_FORMAT_CSR, Rows, Cols, Nnz, Offsets, ColInd, Values, OffType,
                     ColType, Base, Type, false);
}

cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t *D, int64_t Rows, int64_t Cols,
                                        int64_t Nnz, const void *Offsets, const void *ColInd,
                                        const void *Values, cusparseIndexType_t OffType,
                                        cusparseIndexType_t ColType, cusparseIndexBase_t Base,
                                        cudaDataType Type) {
  REQUIRE(D);
  cusparseSpMatDescr_t M = nullptr;
  cusparseStatus_t S = createSpMat(&M, CUSPARSE_FORMAT_CSR, Rows, Cols, Nnz, Offsets, ColInd,
                                   Values, OffType, ColType, Base, Type, true);
  if (S == CUSPARSE_STATUS_SUCCESS)
    *D = M;
  return S;
}

cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *D, int64_t Rows, int64_t Cols,
                                   int64_t Nnz, void *Offsets, void *RowInd, void *Values,
                                   cusparseIndexType_t OffType, cusparseIndexType_t RowType,
                                   cusparseIndexBase_t Base, cudaDataType Type) {
  return createSpMat(D, CUSPARSE_FORMAT_CSC, Rows, Cols, Nnz, Offsets, RowInd, Values, OffType,
                     RowType, Base, Type, false);
}

cusparseStatus_t cusparseCreateConstCsc(cusparseConstSpMatDescr_t *D, int64_t Rows, int64_t Cols,
                                        int64_t Nnz, const void *Offsets, const void *RowInd,
                                        const void *Values, cusparseIndexType_t OffType,
                                        cusparseIndexType_t RowType, cusparseIndexBase_t Base,
                                        cudaDataType Type) {
  REQUIRE(D);
  cusparseSpMatDescr_t M = nullptr;
  cusparseStatus_t S = createSpMat(&M, CUSPARSE_FORMAT_CSC, Rows, Cols, Nnz, Offsets, RowInd,
                                   Values, OffType, RowType, Base, Type, true);
  if (S == CUSPARSE_STATUS_SUCCESS)
    *D = M;
  return S;
}

cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *D, int64_t Rows, int64_t Cols,
                                   int64_t Nnz, void *RowInd, void *ColInd, void *Values,
                                   cusparseIndexType_t IdxType, cusparseIndexBase_t Base,
                                   cudaDataType Type) {
  return createSpMat(D, CUSPARSE_FORMAT_COO, Rows, Cols, Nnz, RowInd, ColInd, Values, IdxType,
                     IdxType, Base, Type, false);
}

cusparseStatus_t cusparseCreateConstCoo(cusparseConstSpMatDescr_t *D, int64_t Rows, int64_t Cols,
                                        int64_t Nnz, const void *RowInd, const void *ColInd,
                                        const void *Values, cusparseIndexType_t IdxType,
                                        cusparseIndexBase_t Base, cudaDataType Type) {
  REQUIRE(D);
  cusparseSpMatDescr_t M = nullptr;
  cusparseStatus_t S = createSpMat(&M, CUSPARSE_FORMAT_COO, Rows, Cols, Nnz, RowInd, ColInd,
                                   Values, IdxType, IdxType, Base, Type, true);
  if (S == CUSPARSE_STATUS_SUCCESS)
    *D = M;
  return S;
}

cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t D) {
  delete D;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t D, int64_t *Rows, int64_t *Cols,
                                      int64_t *Nnz) {
  REQUIRE(D && Rows && Cols && Nnz);
  *Rows = D->Rows;
  *Cols = D->Cols;
  *Nnz = D->Nnz;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t D, cusparseFormat_t *Format) {
  REQUIRE(D && Format);
  *Format = D->Format;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t D,
                                           cusparseIndexBase_t *Base) {
  REQUIRE(D && Base);
  *Base = D->Base;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t D, void **Values) {
  REQUIRE(D && Values);
  *Values = D->Values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstSpMatGetValues(cusparseConstSpMatDescr_t D, const void **Values) {
  REQUIRE(D && Values);
  *Values = D->Values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t D, void *Values) {
  REQUIRE(D);
  REQUIRE(D->Nnz == 0 || Values);
  D->Values = Values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t D,
                                           cusparseSpMatAttribute_t Attr, void *Data,
                                           size_t Size) {
  REQUIRE(D && Data);
  if (Attr == CUSPARSE_SPMAT_FILL_MODE) {
    REQUIRE(Size == sizeof(cusparseFillMode_t));
    *static_cast<cusparseFillMode_t *>(Data) = D->Fill;
  } else if (Attr == CUSPARSE_SPMAT_DIAG_TYPE) {
    REQUIRE(Size == sizeof(cusparseDiagType_t));
    *static_cast<cusparseDiagType_t *>(Data) = D->Diag;
  } else {
    return CUSPARSE_STATUS_INVALID_VALUE;
  }
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t D, cusparseSpMatAttribute_t Attr,
                                           void *Data, size_t Size) {
  REQUIRE(D && Data);
  if (Attr == CUSPARSE_SPMAT_FILL_MODE) {
    REQUIRE(Size == sizeof(cusparseFillMode_t));
    auto F = *static_cast<cusparseFillMode_t *>(Data);
    REQUIRE(F == CUSPARSE_FILL_MODE_LOWER || F == CUSPARSE_FILL_MODE_UPPER);
    D->Fill = F;
  } else if (Attr == CUSPARSE_SPMAT_DIAG_TYPE) {
    REQUIRE(Size == sizeof(cusparseDiagType_t));
    auto T = *static_cast<cusparseDiagType_t *>(Data);
    REQUIRE(T == CUSPARSE_DIAG_TYPE_NON_UNIT || T == CUSPARSE_DIAG_TYPE_UNIT);
    D->Diag = T;
  } else {
    return CUSPARSE_STATUS_INVALID_VALUE;
  }
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t D, int64_t *Rows, int64_t *Cols,
                                int64_t *Nnz, void **Offsets, void **ColInd, void **Values,
                                cusparseIndexType_t *OffType, cusparseIndexType_t *ColType,
                                cusparseIndexBase_t *Base, cudaDataType *Type) {
  REQUIRE(D && Rows && Cols && Nnz && Offsets && ColInd && Values && OffType && ColType && Base &&
          Type);
  REQUIRE(D->Format == CUSPARSE_FORMAT_CSR);
  *Rows = D->Rows;
  *Cols = D->Cols;
  *Nnz = D->Nnz;
  *Offsets = D->Major;
  *ColInd = D->Minor;
  *Values = D->Values;
  *OffType = D->MajorType;
  *ColType = D->MinorType;
  *Base = D->Base;
  *Type = D->ValueType;
  return CUSPARSE_STATUS_SUCCESS;
}

static cusparseStatus_t setPointers(cusparseSpMatDescr_t D, cusparseFormat_t Format, void *Major,
                                    void *Minor, void *Values) {
  REQUIRE(D);
  REQUIRE(D->Format == Format);
  if (Format != CUSPARSE_FORMAT_COO)
    REQUIRE(Major);
  if (D->Nnz > 0)
    REQUIRE(Major && Minor && Values);
  D->Major = Major;
  D->Minor = Minor;
  D->Values = Values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t D, void *Offsets, void *ColInd,
                                        void *Values) {
  return setPointers(D, CUSPARSE_FORMAT_CSR, Offsets, ColInd, Values);
}

cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t D, void *Offsets, void *RowInd,
                                        void *Values) {
  return setPointers(D, CUSPARSE_FORMAT_CSC, Offsets, RowInd, Values);
}

cusparseStatus_t cusparseCooGet(cusparseSpMatDescr_t D, int64_t *Rows, int64_t *Cols,
                                int64_t *Nnz, void **RowInd, void **ColInd, void **Values,
                                cusparseIndexType_t *IdxType, cusparseIndexBase_t *Base,
                                cudaDataType *Type) {
  REQUIRE(D && Rows && Cols && Nnz && RowInd && ColInd && Values && IdxType && Base && Type);
  REQUIRE(D->Format == CUSPARSE_FORMAT_COO);
  *Rows = D->Rows;
  *Cols = D->Cols;
  *Nnz = D->Nnz;
  *RowInd = D->Major;
  *ColInd = D->Minor;
  *Values = D->Values;
  *IdxType = D->MajorType;
  *Base = D->Base;
  *Type = D->ValueType;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t D, void *RowInd, void *ColInd,
                                        void *Values) {
  return setPointers(D, CUSPARSE_FORMAT_COO, RowInd, ColInd, Values);
}

// ---- SpMV ----

cusparseStatus_t cusparseSpMV_bufferSize(cusparseHandle_t H, cusparseOperation_t Op,
                                         const void *Alpha, cusparseConstSpMatDescr_t A,
                                         cusparseConstDnVecDescr_t X, const void *Beta,
                                         cusparseDnVecDescr_t Y, cudaDataType Compute,
                                         cusparseSpMVAlg_t Alg, size_t *Size) {
  REQUIRE(H == nullptr || Size);
  cusparseStatus_t S = checkSpMV(H, Op, Alpha, A, X, Beta, Y, Compute, Alg);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  // The product allocates what it needs itself.
  *Size = 0;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMV_preprocess(cusparseHandle_t H, cusparseOperation_t Op,
                                         const void *Alpha, cusparseConstSpMatDescr_t A,
                                         cusparseConstDnVecDescr_t X, const void *Beta,
                                         cusparseDnVecDescr_t Y, cudaDataType Compute,
                                         cusparseSpMVAlg_t Alg, void *) {
  // Nothing to analyse: the product reads the matrix as it is.
  return checkSpMV(H, Op, Alpha, A, X, Beta, Y, Compute, Alg);
}

cusparseStatus_t cusparseSpMV(cusparseHandle_t H, cusparseOperation_t Op, const void *Alpha,
                              cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t X,
                              const void *Beta, cusparseDnVecDescr_t Y, cudaDataType Compute,
                              cusparseSpMVAlg_t Alg, void *) {
  cusparseStatus_t S = checkSpMV(H, Op, Alpha, A, X, Beta, Y, Compute, Alg);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  // For real data the conjugate transpose is the transpose.
  bool Complex = Compute == CUDA_C_32F || Compute == CUDA_C_64F;
  if (!Complex && Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
    Op = CUSPARSE_OPERATION_TRANSPOSE;
  Job J{A->Format, Op,       A->Rows,   A->Cols, A->Nnz,   A->Major,
        A->Minor,  A->Values, int64_t(A->Base), X->Values, Y->Values};
  if (Y->Size == 0)
    return CUSPARSE_STATUS_SUCCESS;
  cusparseIndexType_t IM = A->MajorType, IN = A->MinorType;
  switch (Compute) {
  case CUDA_R_32F:
    return byIndex<float, float>(H, J, IM, IN, Alpha, Beta);
  case CUDA_R_64F:
    if (A->ValueType == CUDA_R_32F)
      return byIndex<float, double>(H, J, IM, IN, Alpha, Beta);
    return byIndex<double, double>(H, J, IM, IN, Alpha, Beta);
  case CUDA_C_32F:
    if (A->ValueType == CUDA_R_32F)
      return byIndex<float, cf>(H, J, IM, IN, Alpha, Beta);
    return byIndex<cf, cf>(H, J, IM, IN, Alpha, Beta);
  case CUDA_C_64F:
    if (A->ValueType == CUDA_R_64F)
      return byIndex<double, cd>(H, J, IM, IN, Alpha, Beta);
    return byIndex<cd, cd>(H, J, IM, IN, Alpha, Beta);
  default:
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  }
}

// ---- SpSV ----

cusparseStatus_t cusparseSpSV_createDescr(cusparseSpSVDescr_t *D) {
  REQUIRE(D);
  *D = new cusparseSpSVDescr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSV_destroyDescr(cusparseSpSVDescr_t D) {
  delete D;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpSV_bufferSize(cusparseHandle_t H, cusparseOperation_t Op,
                                         const void *Alpha, cusparseConstSpMatDescr_t A,
                                         cusparseConstDnVecDescr_t X, cusparseDnVecDescr_t Y,
                                         cudaDataType Compute, cusparseSpSVAlg_t Alg,
                                         cusparseSpSVDescr_t D, size_t *Size) {
  REQUIRE(H == nullptr || Size);
  cusparseStatus_t S = checkSpSV(H, Op, Alpha, A, X, Y, Compute, Alg, D);
  if (S == CUSPARSE_STATUS_SUCCESS)
    *Size = 0; // the solve needs no work area
  return S;
}

cusparseStatus_t cusparseSpSV_analysis(cusparseHandle_t H, cusparseOperation_t Op,
                                       const void *Alpha, cusparseConstSpMatDescr_t A,
                                       cusparseConstDnVecDescr_t X, cusparseDnVecDescr_t Y,
                                       cudaDataType Compute, cusparseSpSVAlg_t Alg,
                                       cusparseSpSVDescr_t D, void *) {
  // Nothing to analyse: the solve substitutes row by row, reading the
  // matrix as it is when it runs.
  cusparseStatus_t S = checkSpSV(H, Op, Alpha, A, X, Y, Compute, Alg, D);
  if (S == CUSPARSE_STATUS_SUCCESS)
    D->Analysed = true;
  return S;
}

cusparseStatus_t cusparseSpSV_solve(cusparseHandle_t H, cusparseOperation_t Op, const void *Alpha,
                                    cusparseConstSpMatDescr_t A, cusparseConstDnVecDescr_t X,
                                    cusparseDnVecDescr_t Y, cudaDataType Compute,
                                    cusparseSpSVAlg_t Alg, cusparseSpSVDescr_t D) {
  cusparseStatus_t S = checkSpSV(H, Op, Alpha, A, X, Y, Compute, Alg, D);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  bool Complex = Compute == CUDA_C_32F || Compute == CUDA_C_64F;
  if (!Complex && Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
    Op = CUSPARSE_OPERATION_TRANSPOSE;
  if (A->Rows == 0)
    return CUSPARSE_STATUS_SUCCESS;
  SvJob J{Op,        A->Rows, A->Nnz, A->Major, A->Minor, A->Values, int64_t(A->Base),
          A->Fill == CUSPARSE_FILL_MODE_LOWER, A->Diag == CUSPARSE_DIAG_TYPE_UNIT,
          X->Values, Y->Values};
  bool Off64 = A->MajorType == CUSPARSE_INDEX_64I;
  switch (Compute) {
  case CUDA_R_32F:
    return Off64 ? submitSpSV<float, int64_t>(H, J, A->MinorType, Alpha)
                 : submitSpSV<float, int32_t>(H, J, A->MinorType, Alpha);
  case CUDA_R_64F:
    return Off64 ? submitSpSV<double, int64_t>(H, J, A->MinorType, Alpha)
                 : submitSpSV<double, int32_t>(H, J, A->MinorType, Alpha);
  case CUDA_C_32F:
    return Off64 ? submitSpSV<cf, int64_t>(H, J, A->MinorType, Alpha)
                 : submitSpSV<cf, int32_t>(H, J, A->MinorType, Alpha);
  default:
    return Off64 ? submitSpSV<cd, int64_t>(H, J, A->MinorType, Alpha)
                 : submitSpSV<cd, int32_t>(H, J, A->MinorType, Alpha);
  }
}

// ---- Incomplete LU (csrilu02) ----

cusparseStatus_t cusparseCreateCsrilu02Info(csrilu02Info_t *Info) {
  REQUIRE(Info);
  *Info = new csrilu02Info;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroyCsrilu02Info(csrilu02Info_t Info) {
  delete Info;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseXcsrilu02_zeroPivot(cusparseHandle_t H, csrilu02Info_t Info,
                                             int *Position) {
  CHECK_HANDLE(H);
  REQUIRE(Info && Position);
  if (H->PointerMode == CUSPARSE_POINTER_MODE_DEVICE) {
    // Written in stream order, after the factorization before it.
    cudaError_t E = loomlib::enqueue(H->Stream, H->Keeper, [Info, Position] {
      *Position = Info->Pivot >= 0 ? Info->Pivot + Info->Base : -1;
    });
    return E == cudaSuccess ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_EXECUTION_FAILED;
  }
  if (cudaStreamSynchronize(H->Stream) != cudaSuccess)
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  *Position = Info->Pivot >= 0 ? Info->Pivot + Info->Base : -1;
  return Info->Pivot >= 0 ? CUSPARSE_STATUS_ZERO_PIVOT : CUSPARSE_STATUS_SUCCESS;
}

} // extern "C"

namespace {

template <class V>
cusparseStatus_t iluBufferSize(cusparseHandle_t H, int M, int Nnz, const cusparseMatDescr_t D,
                               const void *Val, const int *Off, const int *Ind,
                               csrilu02Info_t Info, int *Size) {
  cusparseStatus_t S = checkIlu(H, M, Nnz, D, Val, Off, Ind, Info);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  REQUIRE(Size);
  *Size = 4; // not used: the factorization allocates what it needs
  return CUSPARSE_STATUS_SUCCESS;
}

template <class V>
cusparseStatus_t iluAnalysis(cusparseHandle_t H, int M, int Nnz, const cusparseMatDescr_t D,
                             const void *Val, const int *Off, const int *Ind,
                             csrilu02Info_t Info, cusparseSolvePolicy_t Policy) {
  cusparseStatus_t S = checkIlu(H, M, Nnz, D, Val, Off, Ind, Info);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  REQUIRE(Policy == CUSPARSE_SOLVE_POLICY_NO_LEVEL || Policy == CUSPARSE_SOLVE_POLICY_USE_LEVEL);
  // The structural zero pivot (a row with no diagonal entry), for
  // cusparseXcsrilu02_zeroPivot.
  int B = D->Base;
  cudaError_t E = loomlib::enqueue(H->Stream, H->Keeper, [M, Off, Ind, B, Info] {
    Info->Pivot = structuralPivot(M, Off, Ind, B);
    Info->Base = B;
  });
  return E == cudaSuccess ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_EXECUTION_FAILED;
}

template <class V, class T>
cusparseStatus_t ilu(cusparseHandle_t H, int M, int Nnz, const cusparseMatDescr_t D, T *Val,
                     const int *Off, const int *Ind, csrilu02Info_t Info,
                     cusparseSolvePolicy_t Policy) {
  cusparseStatus_t S = checkIlu(H, M, Nnz, D, Val, Off, Ind, Info);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  REQUIRE(Policy == CUSPARSE_SOLVE_POLICY_NO_LEVEL || Policy == CUSPARSE_SOLVE_POLICY_USE_LEVEL);
  int B = D->Base;
  V *Values = reinterpret_cast<V *>(Val); // cuComplex is laid out as std::complex<float>
  cudaError_t E = loomlib::enqueue(H->Stream, H->Keeper, [M, Off, Ind, Values, B, Info] {
    Info->Pivot = ilu0<V>(M, Off, Ind, Values, B);
    Info->Base = B;
  });
  return E == cudaSuccess ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_EXECUTION_FAILED;
}

} // namespace

extern "C" {

#define LOOM_CSRILU02(P, T, V)                                                           \
  cusparseStatus_t cusparse##P##csrilu02_bufferSize(                                     \
      cusparseHandle_t H, int M, int Nnz, const cusparseMatDescr_t D, T *Val,            \
      const int *Off, const int *Ind, csrilu02Info_t Info, int *Size) {                  \
    return iluBufferSize<V>(H, M, Nnz, D, Val, Off, Ind, Info, Size);                    \
  }                                                                                      \
  cusparseStatus_t cusparse##P##csrilu02_analysis(                                       \
      cusparseHandle_t H, int M, int Nnz, const cusparseMatDescr_t D, const T *Val,      \
      const int *Off, const int *Ind, csrilu02Info_t Info, cusparseSolvePolicy_t Policy, \
      void *) {                                                                          \
    return iluAnalysis<V>(H, M, Nnz, D, Val, Off, Ind, Info, Policy);                    \
  }                                                                                      \
  cusparseStatus_t cusparse##P##csrilu02(cusparseHandle_t H, int M, int Nnz,             \
                                         const cusparseMatDescr_t D, T *Val,             \
                                         const int *Off, const int *Ind,                 \
                                         csrilu02Info_t Info,                            \
                                         cusparseSolvePolicy_t Policy, void *) {         \
    return ilu<V, T>(H, M, Nnz, D, Val, Off, Ind, Info, Policy);                         \
  }
LOOM_CSRILU02(S, float, float)
LOOM_CSRILU02(D, double, double)
LOOM_CSRILU02(C, cuComplex, cf)
LOOM_CSRILU02(Z, cuDoubleComplex, cd)
#undef LOOM_CSRILU02

} // extern "C"

// ---- Dense matrices, SpMM, SpGEMM and the format conversions ----

struct cusparseDnMatDescr {
  int64_t Rows = 0, Cols = 0, Ld = 0;
  void *Values = nullptr;
  cudaDataType Type = CUDA_R_32F;
  cusparseOrder_t Order = CUSPARSE_ORDER_COL;
  bool Const = false; ///< made by cusparseCreateConstDnMat: never written
  int Batch = 1;
  int64_t Stride = 0; ///< elements between batches
};

namespace {

/// The product A B of one SpGEMM, kept from cusparseSpGEMM_compute for
/// cusparseSpGEMM_copy (shared with the copy's task, which may run after
/// the descriptor is destroyed).
struct GemmResult {
  int64_t Rows = 0, Cols = 0;
  std::vector<int64_t> Off, Ind; ///< 0-based
  std::vector<unsigned char> Val; ///< Ind.size() values of the computation's type
};

} // namespace

struct cusparseSpGEMMDescr {
  int Stage = 0; ///< 1: work estimated, 2: computed
  int64_t Products = 0;
  std::shared_ptr<GemmResult> Result;
};

namespace {

bool uniformType(cudaDataType T) {
  return T == CUDA_R_32F || T == CUDA_R_64F || T == CUDA_C_32F || T == CUDA_C_64F;
}
bool idx3264(cusparseIndexType_t T) { return T == CUSPARSE_INDEX_32I || T == CUSPARSE_INDEX_64I; }
bool validOp(cusparseOperation_t Op) {
  return Op == CUSPARSE_OPERATION_NON_TRANSPOSE || Op == CUSPARSE_OPERATION_TRANSPOSE ||
         Op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}
/// Bytes per element of a value type (0: unknown).
size_t typeSize(cudaDataType T) {
  switch (T) {
  case CUDA_R_8I: return 1;
  case CUDA_R_16F: case CUDA_R_16BF: return 2;
  case CUDA_C_16F: case CUDA_C_16BF: case CUDA_R_32F: case CUDA_R_32I: return 4;
  case CUDA_C_32F: case CUDA_R_64F: return 8;
  case CUDA_C_64F: return 16;
  default: return 0;
  }
}

/// Calls \p F with a value of the C++ type of \p T (one of the four uniform types).
template <class F> cusparseStatus_t byValue(cudaDataType T, F &&Fn) {
  switch (T) {
  case CUDA_R_32F: return Fn(float{});
  case CUDA_R_64F: return Fn(double{});
  case CUDA_C_32F: return Fn(cf{});
  case CUDA_C_64F: return Fn(cd{});
  default: return CUSPARSE_STATUS_NOT_SUPPORTED;
  }
}
template <class F> cusparseStatus_t byIdx(cusparseIndexType_t T, F &&Fn) {
  if (T == CUSPARSE_INDEX_32I)
    return Fn(int32_t{});
  return Fn(int64_t{});
}

cusparseStatus_t enqueued(cudaError_t E) {
  return E == cudaSuccess ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_EXECUTION_FAILED;
}

/// Element (I, J) of a dense matrix in column- or row-major order.
template <class V> inline V &at(V *P, int64_t Ld, bool Row, int64_t I, int64_t J) {
  return Row ? P[I * Ld + J] : P[I + J * Ld];
}

/// The stored entries of a sparse matrix, copied from its descriptor at the call.
struct SpView {
  cusparseFormat_t Format;
  int64_t Rows, Cols, Nnz, Base;
  const void *Major, *Minor, *Values;
};
SpView view(cusparseConstSpMatDescr_t A) {
  return {A->Format, A->Rows, A->Cols, A->Nnz, int64_t(A->Base), A->Major, A->Minor, A->Values};
}

/// Calls \p F(r, c, k) for each stored entry k of \p S whose indices fall
/// inside the matrix (0-based r, c), lines in order.
template <class IM, class IN, class F> void forEntries(const SpView &S, F &&Fn) {
  const IM *Major = static_cast<const IM *>(S.Major);
  const IN *Minor = static_cast<const IN *>(S.Minor);
  const int64_t B = S.Base, Nnz = S.Nnz;
  if (S.Format == CUSPARSE_FORMAT_COO) {
    for (int64_t K = 0; K < Nnz; ++K) {
      int64_t R = int64_t(Major[K]) - B, C = int64_t(Minor[K]) - B;
      if (R >= 0 && R < S.Rows && C >= 0 && C < S.Cols)
        Fn(R, C, K);
    }
    return;
  }
  bool Csr = S.Format == CUSPARSE_FORMAT_CSR;
  int64_t Lines = Csr ? S.Rows : S.Cols, Other = Csr ? S.Cols : S.Rows;
  for (int64_t L = 0; L < Lines; ++L) {
    int64_t K0 = std::clamp<int64_t>(int64_t(Major[L]) - B, 0, Nnz);
    int64_t K1 = std::clamp<int64_t>(int64_t(Major[L + 1]) - B, K0, Nnz);
    for (int64_t K = K0; K < K1; ++K) {
      int64_t M = int64_t(Minor[K]) - B;
      if (M >= 0 && M < Other)
        Csr ? Fn(L, M, K) : Fn(M, L, K);
    }
  }
}

// ---- SpMM ----

struct MmJob {
  SpView A;
  cusparseOperation_t OpA, OpB;
  const void *B;
  int64_t Ldb;
  bool RowB;
  void *C;
  int64_t Ldc, M, N; ///< C is M x N
  bool RowC;
  int Batches = 1;
  int64_t AOffStride = 0, AStride = 0, BStride = 0, CStride = 0; ///< elements; 0: shared
};

template <class V, class IM, class IN> void spmmOne(const MmJob &J, V Alpha, V Beta);

/// Each batch: A, B and C advanced by their strides (a stride of 0 shares the matrix).
template <class V, class IM, class IN> void spmm(const MmJob &J, V Alpha, V Beta) {
  for (int Bt = 0; Bt < J.Batches; ++Bt) {
    MmJob One = J;
    One.A.Major = static_cast<const IM *>(J.A.Major) + Bt * J.AOffStride;
    One.A.Minor = static_cast<const IN *>(J.A.Minor) + Bt * J.AStride;
    One.A.Values = static_cast<const V *>(J.A.Values) + Bt * J.AStride;
    One.B = static_cast<const V *>(J.B) + Bt * J.BStride;
    One.C = static_cast<V *>(J.C) + Bt * J.CStride;
    spmmOne<V, IM, IN>(One, Alpha, Beta);
  }
}

template <class V, class IM, class IN> void spmmOne(const MmJob &J, V Alpha, V Beta) {
  const IM *Major = static_cast<const IM *>(J.A.Major);
  const IN *Minor = static_cast<const IN *>(J.A.Minor);
  const V *Val = static_cast<const V *>(J.A.Values);
  const V *B = static_cast<const V *>(J.B);
  V *C = static_cast<V *>(J.C);
  const bool TransA = J.OpA != CUSPARSE_OPERATION_NON_TRANSPOSE;
  const bool ConjA = J.OpA == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
  const bool TransB = J.OpB != CUSPARSE_OPERATION_NON_TRANSPOSE;
  const bool ConjB = J.OpB == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
  const int64_t M = J.M, N = J.N, Nnz = J.A.Nnz, Base = J.A.Base;
  // op(B)(k, j).
  auto bAt = [&](int64_t K, int64_t Col) -> V {
    return TransB ? conjIf(at(B, J.Ldb, J.RowB, Col, K), ConjB) : at(B, J.Ldb, J.RowB, K, Col);
  };
  auto cAt = [&](int64_t I, int64_t Col) -> V & { return at(C, J.Ldc, J.RowC, I, Col); };
  const int Work = spmvThreads(Nnz * std::max<int64_t>(N, 1));

  if (J.A.Format != CUSPARSE_FORMAT_COO && (J.A.Format == CUSPARSE_FORMAT_CSR) != TransA) {
    // Gathering (CSR op N, CSC op T/C): line L of the compressed dimension
    // is row L of C; threads take ranges of lines holding equal entry counts.
    const int64_t Lines = M;
    const int64_t Other = J.A.Format == CUSPARSE_FORMAT_CSR ? J.A.Cols : J.A.Rows;
    auto begin = [&](int64_t L) { return std::clamp<int64_t>(int64_t(Major[L]) - Base, 0, Nnz); };
    auto end = [&](int64_t L) {
      return std::clamp<int64_t>(int64_t(Major[L + 1]) - Base, begin(L), Nnz);
    };
    auto lines = [&](int64_t L0, int64_t L1) {
      for (int64_t L = L0; L < L1; ++L)
        for (int64_t Col = 0; Col < N; ++Col) {
          V S(0);
          for (int64_t K = begin(L), E = end(L); K < E; ++K) {
            int64_t Kc = int64_t(Minor[K]) - Base;
            if (Kc >= 0 && Kc < Other)
              S += conjIf(Val[K], ConjA) * bAt(Kc, Col);
          }
          V &Out = cAt(L, Col);
          Out = Beta == V(0) ? Alpha * S : Alpha * S + Beta * Out;
        }
    };
    int Threads = int(std::min<int64_t>(Work, std::max<int64_t>(Lines, 1)));
    if (Threads <= 1)
      return lines(0, Lines);
    std::vector<int64_t> Cut(Threads + 1, Lines);
    Cut[0] = 0;
    for (int T = 1; T < Threads; ++T) {
      int64_t Target = Nnz * T / Threads + Base;
      Cut[T] = std::partition_point(Major, Major + Lines,
                                    [&](IM O) { return int64_t(O) < Target; }) - Major;
      Cut[T] = std::max(Cut[T], Cut[T - 1]);
    }
    parallel(Threads, [&](int T) { lines(Cut[T], Cut[T + 1]); });
    return;
  }
  // Scattering (CSR op T/C, CSC op N, COO): every entry adds into a row of
  // C. Threads take ranges of C's columns, each visiting all entries in
  // order, so every element of C has one writer and a fixed summation order.
  auto columns = [&](int64_t C0, int64_t C1) {
    for (int64_t Col = C0; Col < C1; ++Col)
      for (int64_t I = 0; I < M; ++I) {
        V &Out = cAt(I, Col);
        Out = Beta == V(0) ? V(0) : Beta * Out;
      }
    forEntries<IM, IN>(J.A, [&](int64_t R, int64_t Cc, int64_t K) {
      int64_t Out = TransA ? Cc : R, In = TransA ? R : Cc;
      V A = Alpha * conjIf(Val[K], ConjA);
      for (int64_t Col = C0; Col < C1; ++Col)
        cAt(Out, Col) += A * bAt(In, Col);
    });
  };
  int Threads = int(std::min<int64_t>(Work, std::max<int64_t>(N, 1)));
  if (Threads <= 1)
    return columns(0, N);
  parallel(Threads, [&](int T) { columns(N * T / Threads, N * (T + 1) / Threads); });
}

cusparseStatus_t checkSpMM(cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
                           const void *Alpha, cusparseConstSpMatDescr_t A,
                           cusparseConstDnMatDescr_t B, const void *Beta, cusparseDnMatDescr_t C,
                           cudaDataType Compute, cusparseSpMMAlg_t Alg) {
  CHECK_HANDLE(H);
  REQUIRE(A && B && C && Alpha && Beta);
  REQUIRE(validOp(OpA) && validOp(OpB));
  REQUIRE(!C->Const);
  bool TransA = OpA != CUSPARSE_OPERATION_NON_TRANSPOSE;
  bool TransB = OpB != CUSPARSE_OPERATION_NON_TRANSPOSE;
  int64_t M = TransA ? A->Cols : A->Rows, K = TransA ? A->Rows : A->Cols;
  REQUIRE((TransB ? B->Cols : B->Rows) == K);
  REQUIRE(C->Rows == M && C->Cols == (TransB ? B->Rows : B->Cols));
  // Batches: C's count, A and B each either one matrix for all or as many as C.
  REQUIRE((A->Batch == 1 || A->Batch == C->Batch) && (B->Batch == 1 || B->Batch == C->Batch));
  switch (Alg) {
  case CUSPARSE_SPMM_ALG_DEFAULT:
    break;
  case CUSPARSE_SPMM_CSR_ALG1:
  case CUSPARSE_SPMM_CSR_ALG2:
  case CUSPARSE_SPMM_CSR_ALG3:
    if (A->Format != CUSPARSE_FORMAT_CSR && A->Format != CUSPARSE_FORMAT_CSC)
      return CUSPARSE_STATUS_NOT_SUPPORTED;
    break;
  case CUSPARSE_SPMM_COO_ALG1:
  case CUSPARSE_SPMM_COO_ALG2:
  case CUSPARSE_SPMM_COO_ALG3:
  case CUSPARSE_SPMM_COO_ALG4:
    if (A->Format != CUSPARSE_FORMAT_COO)
      return CUSPARSE_STATUS_NOT_SUPPORTED;
    break;
  case CUSPARSE_SPMM_BLOCKED_ELL_ALG1:
  case CUSPARSE_SPMM_BSR_ALG1:
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  default:
    return CUSPARSE_STATUS_INVALID_VALUE;
  }
  if (A->Nnz > 0)
    REQUIRE(A->Major && A->Minor && A->Values);
  if (A->Format != CUSPARSE_FORMAT_COO && (A->Format == CUSPARSE_FORMAT_CSR ? A->Rows : A->Cols) > 0)
    REQUIRE(A->Major);
  if (B->Rows > 0 && B->Cols > 0)
    REQUIRE(B->Values);
  if (C->Rows > 0 && C->Cols > 0)
    REQUIRE(C->Values);
  if (!idx3264(A->MajorType) || !idx3264(A->MinorType))
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  // The four uniform types: A, B, C and the computation alike.
  if (!uniformType(Compute) || A->ValueType != Compute || B->Type != Compute ||
      C->Type != Compute)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

// ---- Conversions ----

/// CSR to CSC (the transpose's CSR): entries of each column in row order.
void csr2csc(int M, int N, const int *RowPtr, const int *ColInd, const unsigned char *Val,
             int *ColPtr, int *RowInd, unsigned char *Out, size_t Es, int B) {
  const int64_t Nnz = M > 0 ? std::max<int64_t>(int64_t(RowPtr[M]) - B, 0) : 0;
  std::vector<int64_t> Next(size_t(N) + 1, 0);
  auto range = [&](int R, int64_t &K0, int64_t &K1) {
    K0 = std::clamp<int64_t>(int64_t(RowPtr[R]) - B, 0, Nnz);
    K1 = std::clamp<int64_t>(int64_t(RowPtr[R + 1]) - B, K0, Nnz);
  };
  for (int R = 0; R < M; ++R) {
    int64_t K0, K1;
    range(R, K0, K1);
    for (int64_t K = K0; K < K1; ++K)
      if (ColInd[K] - B >= 0 && ColInd[K] - B < N)
        ++Next[ColInd[K] - B + 1];
  }
  for (int C = 0; C < N; ++C)
    Next[C + 1] += Next[C];
  for (int C = 0; C <= N; ++C)
    ColPtr[C] = int(Next[C] + B);
  for (int R = 0; R < M; ++R) {
    int64_t K0, K1;
    range(R, K0, K1);
    for (int64_t K = K0; K < K1; ++K) {
      int C = ColInd[K] - B;
      if (C < 0 || C >= N)
        continue;
      int64_t P = Next[C]++;
      RowInd[P] = R + B;
      if (Out)
        std::memcpy(Out + P * Es, Val + K * Es, Es);
    }
  }
}

template <class IM, class IN>
void sparseToDense(const SpView &S, unsigned char *D, int64_t Ld, bool Row, size_t Es) {
  for (int64_t C = 0; C < S.Cols; ++C)
    for (int64_t R = 0; R < S.Rows; ++R)
      std::memset(D + (Row ? R * Ld + C : R + C * Ld) * Es, 0, Es);
  const unsigned char *Val = static_cast<const unsigned char *>(S.Values);
  forEntries<IM, IN>(S, [&](int64_t R, int64_t C, int64_t K) {
    std::memcpy(D + (Row ? R * Ld + C : R + C * Ld) * Es, Val + K * Es, Es);
  });
}

/// The nonzeros of a dense matrix, in the sparse format's order (by rows
/// for CSR and COO, by columns for CSC), written as \p Emit(r, c, value);
/// returns their count.
template <class V, class F>
int64_t denseEntries(const V *D, int64_t Rows, int64_t Cols, int64_t Ld, bool Row, bool ByCol,
                     F &&Emit) {
  int64_t Count = 0;
  int64_t Outer = ByCol ? Cols : Rows, Inner = ByCol ? Rows : Cols;
  for (int64_t O = 0; O < Outer; ++O)
    for (int64_t I = 0; I < Inner; ++I) {
      int64_t R = ByCol ? I : O, C = ByCol ? O : I;
      V X = Row ? D[R * Ld + C] : D[R + C * Ld];
      if (X != V(0)) {
        Emit(R, C, X);
        ++Count;
      }
    }
  return Count;
}

cusparseStatus_t checkDenseToSparse(cusparseHandle_t H, cusparseConstDnMatDescr_t A,
                                    cusparseSpMatDescr_t B, cusparseDenseToSparseAlg_t Alg) {
  CHECK_HANDLE(H);
  REQUIRE(A && B && !B->Const);
  REQUIRE(Alg == CUSPARSE_DENSETOSPARSE_ALG_DEFAULT);
  REQUIRE(A->Rows == B->Rows && A->Cols == B->Cols);
  if (A->Batch > 1 || B->Batch > 1)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (B->Format != CUSPARSE_FORMAT_CSR && B->Format != CUSPARSE_FORMAT_CSC &&
      B->Format != CUSPARSE_FORMAT_COO)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (!idx3264(B->MajorType) || !idx3264(B->MinorType))
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (A->Type != B->ValueType || !uniformType(A->Type))
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (A->Rows > 0 && A->Cols > 0)
    REQUIRE(A->Values);
  return CUSPARSE_STATUS_SUCCESS;
}

/// Writes the dense matrix's nonzeros into B's arrays (at most \p Cap of
/// them, the entry count B was given), offsets included.
template <class V, class IM, class IN>
void denseToSparse(const V *D, int64_t Rows, int64_t Cols, int64_t Ld, bool Row,
                   cusparseFormat_t Format, void *MajorP, void *MinorP, void *ValP, int64_t Cap,
                   int64_t Base) {
  IM *Major = static_cast<IM *>(MajorP);
  IN *Minor = static_cast<IN *>(MinorP);
  V *Val = static_cast<V *>(ValP);
  bool ByCol = Format == CUSPARSE_FORMAT_CSC;
  int64_t Lines = ByCol ? Cols : Rows;
  if (Format != CUSPARSE_FORMAT_COO)
    for (int64_t L = 0; L <= Lines; ++L)
      Major[L] = IM(Base);
  int64_t K = 0;
  denseEntries(D, Rows, Cols, Ld, Row, ByCol, [&](int64_t R, int64_t C, V X) {
    if (K >= Cap)
      return;
    if (Format == CUSPARSE_FORMAT_COO) {
      Major[K] = IM(R + Base);
      Minor[K] = IN(C + Base);
    } else {
      Minor[K] = IN((ByCol ? R : C) + Base);
      Major[(ByCol ? C : R) + 1] = IM(K + 1 + Base);
    }
    Val[K++] = X;
  });
  // Lines without entries take the previous line's end.
  if (Format != CUSPARSE_FORMAT_COO)
    for (int64_t L = 1; L <= Lines; ++L)
      Major[L] = std::max(Major[L], Major[L - 1]);
}

// ---- SpGEMM ----

cusparseStatus_t checkSpGEMM(cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
                             const void *Alpha, cusparseConstSpMatDescr_t A,
                             cusparseConstSpMatDescr_t B, const void *Beta,
                             cusparseSpMatDescr_t C, cudaDataType Compute,
                             cusparseSpGEMMAlg_t Alg, cusparseSpGEMMDescr_t D) {
  CHECK_HANDLE(H);
  REQUIRE(A && B && C && Alpha && Beta && D);
  REQUIRE(validOp(OpA) && validOp(OpB));
  REQUIRE(!C->Const);
  REQUIRE(Alg >= CUSPARSE_SPGEMM_DEFAULT && Alg <= CUSPARSE_SPGEMM_ALG3);
  // cuSPARSE multiplies non-transposed CSR matrices only.
  if (OpA != CUSPARSE_OPERATION_NON_TRANSPOSE || OpB != CUSPARSE_OPERATION_NON_TRANSPOSE)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (A->Format != CUSPARSE_FORMAT_CSR || B->Format != CUSPARSE_FORMAT_CSR ||
      C->Format != CUSPARSE_FORMAT_CSR)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  REQUIRE(A->Cols == B->Rows && C->Rows == A->Rows && C->Cols == B->Cols);
  if (A->Batch > 1 || B->Batch > 1 || C->Batch > 1)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  for (cusparseConstSpMatDescr_t M : {A, B}) {
    if (M->Rows > 0)
      REQUIRE(M->Major);
    if (M->Nnz > 0)
      REQUIRE(M->Minor && M->Values);
  }
  for (cusparseConstSpMatDescr_t M : {(cusparseConstSpMatDescr_t)A, B, (cusparseConstSpMatDescr_t)C})
    if (!idx3264(M->MajorType) || !idx3264(M->MinorType))
      return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (!uniformType(Compute) || A->ValueType != Compute || B->ValueType != Compute ||
      C->ValueType != Compute)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  return CUSPARSE_STATUS_SUCCESS;
}

/// The multiplications A B takes: B's row lengths summed over A's entries.
template <class AO, class AI, class BO>
int64_t countProducts(const SpView &A, const SpView &B) {
  const BO *BOff = static_cast<const BO *>(B.Major);
  int64_t P = 0;
  forEntries<AO, AI>(A, [&](int64_t, int64_t K, int64_t) {
    P += std::max<int64_t>(0, int64_t(BOff[K + 1]) - int64_t(BOff[K]));
  });
  return P;
}

/// A B by rows (Gustavson), columns of each row sorted; 0-based result.
template <class V, class AO, class AI, class BO, class BI>
void gemm(const SpView &A, const SpView &B, GemmResult &R) {
  const V *AV = static_cast<const V *>(A.Values);
  const V *BV = static_cast<const V *>(B.Values);
  const BO *BOff = static_cast<const BO *>(B.Major);
  const BI *BInd = static_cast<const BI *>(B.Minor);
  R.Rows = A.Rows;
  R.Cols = B.Cols;
  R.Off.assign(size_t(A.Rows) + 1, 0);
  R.Ind.clear();
  std::vector<V> Acc(size_t(B.Cols), V(0));
  std::vector<int64_t> Mark(size_t(B.Cols), -1), Row;
  std::vector<V> Vals;
  // Entries of A grouped by row (forEntries visits CSR rows in order).
  int64_t Cur = 0;
  auto flush = [&](int64_t Upto) {
    for (; Cur < Upto; ++Cur) {
      std::sort(Row.begin(), Row.end());
      for (int64_t C : Row) {
        R.Ind.push_back(C);
        Vals.push_back(Acc[C]);
        Acc[C] = V(0);
        Mark[C] = -1;
      }
      Row.clear();
      R.Off[Cur + 1] = int64_t(R.Ind.size());
    }
  };
  forEntries<AO, AI>(A, [&](int64_t I, int64_t K, int64_t KA) {
    flush(I);
    int64_t K0 = std::clamp<int64_t>(int64_t(BOff[K]) - B.Base, 0, B.Nnz);
    int64_t K1 = std::clamp<int64_t>(int64_t(BOff[K + 1]) - B.Base, K0, B.Nnz);
    for (int64_t KB = K0; KB < K1; ++KB) {
      int64_t C = int64_t(BInd[KB]) - B.Base;
      if (C < 0 || C >= B.Cols)
        continue;
      if (Mark[C] != I) {
        Mark[C] = I;
        Row.push_back(C);
      }
      Acc[C] += AV[KA] * BV[KB];
    }
  });
  flush(A.Rows);
  R.Val.resize(Vals.size() * sizeof(V));
  if (!Vals.empty())
    std::memcpy(R.Val.data(), Vals.data(), R.Val.size());
}

} // namespace

extern "C" {

// ---- Dense matrices ----

static cusparseStatus_t createDnMat(cusparseDnMatDescr_t *D, int64_t Rows, int64_t Cols,
                                    int64_t Ld, const void *Values, cudaDataType Type,
                                    cusparseOrder_t Order, bool Const) {
  REQUIRE(D);
  REQUIRE(Rows >= 0 && Cols >= 0);
  REQUIRE(Order == CUSPARSE_ORDER_COL || Order == CUSPARSE_ORDER_ROW);
  REQUIRE(Ld >= (Order == CUSPARSE_ORDER_COL ? Rows : Cols));
  REQUIRE(Rows == 0 || Cols == 0 || Values);
  REQUIRE(validValueType(Type));
  auto *M = new cusparseDnMatDescr;
  *M = {Rows, Cols, Ld, const_cast<void *>(Values), Type, Order, Const, 1, 0};
  *D = M;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *D, int64_t Rows, int64_t Cols,
                                     int64_t Ld, void *Values, cudaDataType Type,
                                     cusparseOrder_t Order) {
  return createDnMat(D, Rows, Cols, Ld, Values, Type, Order, false);
}

cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t *D, int64_t Rows,
                                          int64_t Cols, int64_t Ld, const void *Values,
                                          cudaDataType Type, cusparseOrder_t Order) {
  REQUIRE(D);
  cusparseDnMatDescr_t M = nullptr;
  cusparseStatus_t S = createDnMat(&M, Rows, Cols, Ld, Values, Type, Order, true);
  if (S == CUSPARSE_STATUS_SUCCESS)
    *D = M;
  return S;
}

cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t D) {
  delete D;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t D, int64_t *Rows, int64_t *Cols,
                                  int64_t *Ld, void **Values, cudaDataType *Type,
                                  cusparseOrder_t *Order) {
  REQUIRE(D && Rows && Cols && Ld && Values && Type && Order);
  *Rows = D->Rows;
  *Cols = D->Cols;
  *Ld = D->Ld;
  *Values = D->Values;
  *Type = D->Type;
  *Order = D->Order;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstDnMatGet(cusparseConstDnMatDescr_t D, int64_t *Rows, int64_t *Cols,
                                       int64_t *Ld, const void **Values, cudaDataType *Type,
                                       cusparseOrder_t *Order) {
  REQUIRE(D && Values);
  void *V = nullptr;
  cusparseStatus_t S =
      cusparseDnMatGet(const_cast<cusparseDnMatDescr_t>(D), Rows, Cols, Ld, &V, Type, Order);
  if (S == CUSPARSE_STATUS_SUCCESS)
    *Values = V;
  return S;
}

cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t D, void **Values) {
  REQUIRE(D && Values);
  *Values = D->Values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstDnMatGetValues(cusparseConstDnMatDescr_t D, const void **Values) {
  REQUIRE(D && Values);
  *Values = D->Values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t D, void *Values) {
  REQUIRE(D);
  REQUIRE(D->Rows == 0 || D->Cols == 0 || Values);
  D->Values = Values;
  return CUSPARSE_STATUS_SUCCESS;
}

// ---- Strided batches ----

cusparseStatus_t cusparseDnMatSetStridedBatch(cusparseDnMatDescr_t D, int Count, int64_t Stride) {
  REQUIRE(D && Count > 0 && Stride >= 0);
  // Batches may not overlap; a stride of 0 shares one matrix.
  REQUIRE(Count == 1 || Stride == 0 ||
          Stride >= D->Ld * (D->Order == CUSPARSE_ORDER_COL ? D->Cols : D->Rows));
  D->Batch = Count;
  D->Stride = Stride;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGetStridedBatch(cusparseConstDnMatDescr_t D, int *Count,
                                              int64_t *Stride) {
  REQUIRE(D && Count && Stride);
  *Count = D->Batch;
  *Stride = D->Stride;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrSetStridedBatch(cusparseSpMatDescr_t D, int Count, int64_t OffStride,
                                            int64_t Stride) {
  REQUIRE(D && D->Format == CUSPARSE_FORMAT_CSR && Count > 0 && OffStride >= 0 && Stride >= 0);
  // A stride of 0 shares the offsets (one pattern) or the indices and values.
  REQUIRE(Count == 1 || ((OffStride == 0 || OffStride >= D->Rows + 1) &&
                         (Stride == 0 || Stride >= D->Nnz)));
  D->Batch = Count;
  D->OffStride = OffStride;
  D->Stride = Stride;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCooSetStridedBatch(cusparseSpMatDescr_t D, int Count, int64_t Stride) {
  REQUIRE(D && D->Format == CUSPARSE_FORMAT_COO && Count > 0 && Stride >= 0);
  REQUIRE(Count == 1 || Stride == 0 || Stride >= D->Nnz);
  D->Batch = Count;
  D->OffStride = Stride; // COO's row indices are strided like its columns
  D->Stride = Stride;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetStridedBatch(cusparseConstSpMatDescr_t D, int *Count) {
  REQUIRE(D && Count);
  *Count = D->Batch;
  return CUSPARSE_STATUS_SUCCESS;
}

// ---- SpMM ----

cusparseStatus_t cusparseSpMM_bufferSize(cusparseHandle_t H, cusparseOperation_t OpA,
                                         cusparseOperation_t OpB, const void *Alpha,
                                         cusparseConstSpMatDescr_t A,
                                         cusparseConstDnMatDescr_t B, const void *Beta,
                                         cusparseDnMatDescr_t C, cudaDataType Compute,
                                         cusparseSpMMAlg_t Alg, size_t *Size) {
  REQUIRE(H == nullptr || Size);
  cusparseStatus_t S = checkSpMM(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, Alg);
  if (S == CUSPARSE_STATUS_SUCCESS)
    *Size = 0; // the product allocates what it needs itself
  return S;
}

cusparseStatus_t cusparseSpMM_preprocess(cusparseHandle_t H, cusparseOperation_t OpA,
                                         cusparseOperation_t OpB, const void *Alpha,
                                         cusparseConstSpMatDescr_t A,
                                         cusparseConstDnMatDescr_t B, const void *Beta,
                                         cusparseDnMatDescr_t C, cudaDataType Compute,
                                         cusparseSpMMAlg_t Alg, void *) {
  // Nothing to prepare: the product reads the matrix as it is.
  return checkSpMM(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, Alg);
}

cusparseStatus_t cusparseSpMM(cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
                              const void *Alpha, cusparseConstSpMatDescr_t A,
                              cusparseConstDnMatDescr_t B, const void *Beta,
                              cusparseDnMatDescr_t C, cudaDataType Compute, cusparseSpMMAlg_t Alg,
                              void *) {
  cusparseStatus_t S = checkSpMM(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, Alg);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  bool Complex = Compute == CUDA_C_32F || Compute == CUDA_C_64F;
  if (!Complex && OpA == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
    OpA = CUSPARSE_OPERATION_TRANSPOSE;
  if (!Complex && OpB == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE)
    OpB = CUSPARSE_OPERATION_TRANSPOSE;
  if (C->Rows == 0 || C->Cols == 0)
    return CUSPARSE_STATUS_SUCCESS;
  MmJob J{view(A), OpA,      OpB,     B->Values, B->Ld,  B->Order == CUSPARSE_ORDER_ROW,
          C->Values, C->Ld, C->Rows, C->Cols,   C->Order == CUSPARSE_ORDER_ROW};
  J.Batches = C->Batch;
  if (A->Batch > 1) {
    J.AOffStride = A->OffStride;
    J.AStride = A->Stride;
  }
  J.BStride = B->Batch > 1 ? B->Stride : 0;
  J.CStride = C->Batch > 1 ? C->Stride : 0;
  return byValue(Compute, [&](auto V0) {
    using V = decltype(V0);
    Scalar<V> Al = scalar<V>(H, Alpha), Be = scalar<V>(H, Beta);
    return byIdx(A->MajorType, [&](auto M0) {
      using IM = decltype(M0);
      return byIdx(A->MinorType, [&](auto N0) {
        using IN = decltype(N0);
        return enqueued(loomlib::enqueue(H->Stream, H->Keeper, [J, Al, Be] {
          spmm<V, IM, IN>(J, Al.get(), Be.get());
        }));
      });
    });
  });
}

// ---- Conversions ----

cusparseStatus_t cusparseCsr2cscEx2_bufferSize(cusparseHandle_t H, int M, int N, int Nnz,
                                               const void *, const int *, const int *, void *,
                                               int *, int *, cudaDataType Type,
                                               cusparseAction_t Copy, cusparseIndexBase_t Base,
                                               cusparseCsr2CscAlg_t Alg, size_t *Size) {
  CHECK_HANDLE(H);
  REQUIRE(Size && M >= 0 && N >= 0 && Nnz >= 0 && typeSize(Type) && validBase(Base));
  REQUIRE(Copy == CUSPARSE_ACTION_SYMBOLIC || Copy == CUSPARSE_ACTION_NUMERIC);
  REQUIRE(Alg == CUSPARSE_CSR2CSC_ALG1);
  *Size = 1; // not used: the conversion allocates what it needs
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsr2cscEx2(cusparseHandle_t H, int M, int N, int Nnz, const void *CsrVal,
                                    const int *RowPtr, const int *ColInd, void *CscVal,
                                    int *ColPtr, int *RowInd, cudaDataType Type,
                                    cusparseAction_t Copy, cusparseIndexBase_t Base,
                                    cusparseCsr2CscAlg_t Alg, void *) {
  CHECK_HANDLE(H);
  REQUIRE(M >= 0 && N >= 0 && Nnz >= 0 && typeSize(Type) && validBase(Base));
  REQUIRE(Copy == CUSPARSE_ACTION_SYMBOLIC || Copy == CUSPARSE_ACTION_NUMERIC);
  REQUIRE(Alg == CUSPARSE_CSR2CSC_ALG1);
  REQUIRE(ColPtr && (M == 0 || RowPtr)); // n + 1 and m + 1 offsets
  if (Nnz > 0) {
    REQUIRE(ColInd && RowInd);
    if (Copy == CUSPARSE_ACTION_NUMERIC)
      REQUIRE(CsrVal && CscVal);
  }
  size_t Es = typeSize(Type);
  const unsigned char *In = static_cast<const unsigned char *>(CsrVal);
  unsigned char *Out = Copy == CUSPARSE_ACTION_NUMERIC ? static_cast<unsigned char *>(CscVal)
                                                       : nullptr;
  int B = Base;
  return enqueued(loomlib::enqueue(H->Stream, H->Keeper, [=] {
    csr2csc(M, N, RowPtr, ColInd, In, ColPtr, RowInd, Out, Es, B);
  }));
}

cusparseStatus_t cusparseXcoo2csr(cusparseHandle_t H, const int *CooRow, int Nnz, int M,
                                  int *RowPtr, cusparseIndexBase_t Base) {
  CHECK_HANDLE(H);
  REQUIRE(Nnz >= 0 && M >= 0 && validBase(Base) && RowPtr);
  REQUIRE(Nnz == 0 || CooRow);
  int B = Base;
  return enqueued(loomlib::enqueue(H->Stream, H->Keeper, [=] {
    std::vector<int64_t> Count(size_t(M) + 1, 0);
    for (int K = 0; K < Nnz; ++K)
      if (CooRow[K] - B >= 0 && CooRow[K] - B < M)
        ++Count[CooRow[K] - B + 1];
    for (int R = 0; R <= M; ++R)
      RowPtr[R] = int((R ? Count[R] += Count[R - 1] : Count[R]) + B);
  }));
}

cusparseStatus_t cusparseXcsr2coo(cusparseHandle_t H, const int *RowPtr, int Nnz, int M,
                                  int *CooRow, cusparseIndexBase_t Base) {
  CHECK_HANDLE(H);
  REQUIRE(Nnz >= 0 && M >= 0 && validBase(Base));
  REQUIRE(M == 0 || RowPtr);
  REQUIRE(Nnz == 0 || CooRow);
  int B = Base;
  return enqueued(loomlib::enqueue(H->Stream, H->Keeper, [=] {
    for (int R = 0; R < M; ++R)
      for (int64_t K = std::max<int64_t>(RowPtr[R] - B, 0),
                   E = std::min<int64_t>(RowPtr[R + 1] - B, Nnz);
           K < E; ++K)
        CooRow[K] = R + B;
  }));
}

static cusparseStatus_t checkSparseToDense(cusparseHandle_t H, cusparseConstSpMatDescr_t A,
                                           cusparseDnMatDescr_t B,
                                           cusparseSparseToDenseAlg_t Alg) {
  CHECK_HANDLE(H);
  REQUIRE(A && B && !B->Const);
  REQUIRE(Alg == CUSPARSE_SPARSETODENSE_ALG_DEFAULT);
  REQUIRE(A->Rows == B->Rows && A->Cols == B->Cols);
  if (A->Batch > 1 || B->Batch > 1)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (A->Format != CUSPARSE_FORMAT_CSR && A->Format != CUSPARSE_FORMAT_CSC &&
      A->Format != CUSPARSE_FORMAT_COO)
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  if (!idx3264(A->MajorType) || !idx3264(A->MinorType))
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  REQUIRE(A->ValueType == B->Type);
  if (A->Nnz > 0)
    REQUIRE(A->Major && A->Minor && A->Values);
  if (A->Format != CUSPARSE_FORMAT_COO && (A->Format == CUSPARSE_FORMAT_CSR ? A->Rows : A->Cols) > 0)
    REQUIRE(A->Major);
  if (B->Rows > 0 && B->Cols > 0)
    REQUIRE(B->Values);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSparseToDense_bufferSize(cusparseHandle_t H, cusparseConstSpMatDescr_t A,
                                                  cusparseDnMatDescr_t B,
                                                  cusparseSparseToDenseAlg_t Alg, size_t *Size) {
  REQUIRE(H == nullptr || Size);
  cusparseStatus_t S = checkSparseToDense(H, A, B, Alg);
  if (S == CUSPARSE_STATUS_SUCCESS)
    *Size = 0;
  return S;
}

cusparseStatus_t cusparseSparseToDense(cusparseHandle_t H, cusparseConstSpMatDescr_t A,
                                       cusparseDnMatDescr_t B, cusparseSparseToDenseAlg_t Alg,
                                       void *) {
  cusparseStatus_t S = checkSparseToDense(H, A, B, Alg);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  if (B->Rows == 0 || B->Cols == 0)
    return S;
  SpView V = view(A);
  unsigned char *D = static_cast<unsigned char *>(B->Values);
  int64_t Ld = B->Ld;
  bool Row = B->Order == CUSPARSE_ORDER_ROW;
  size_t Es = typeSize(B->Type);
  return byIdx(A->MajorType, [&](auto M0) {
    using IM = decltype(M0);
    return byIdx(A->MinorType, [&](auto N0) {
      using IN = decltype(N0);
      return enqueued(loomlib::enqueue(H->Stream, H->Keeper, [=] {
        sparseToDense<IM, IN>(V, D, Ld, Row, Es);
      }));
    });
  });
}

cusparseStatus_t cusparseDenseToSparse_bufferSize(cusparseHandle_t H, cusparseConstDnMatDescr_t A,
                                                  cusparseSpMatDescr_t B,
                                                  cusparseDenseToSparseAlg_t Alg, size_t *Size) {
  REQUIRE(H == nullptr || Size);
  cusparseStatus_t S = checkDenseToSparse(H, A, B, Alg);
  if (S == CUSPARSE_STATUS_SUCCESS)
    *Size = 1; // not used; nonzero so that a program's cudaMalloc gives a pointer
  return S;
}

cusparseStatus_t cusparseDenseToSparse_analysis(cusparseHandle_t H, cusparseConstDnMatDescr_t A,
                                                cusparseSpMatDescr_t B,
                                                cusparseDenseToSparseAlg_t Alg, void *) {
  cusparseStatus_t S = checkDenseToSparse(H, A, B, Alg);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  // The entry count goes to B's descriptor on the host: the work before
  // this call in the stream (which may write A) must have run.
  if (cudaStreamSynchronize(H->Stream) != cudaSuccess)
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  int64_t Count = 0;
  byValue(A->Type, [&](auto V0) {
    using V = decltype(V0);
    Count = denseEntries(static_cast<const V *>(A->Values), A->Rows, A->Cols, A->Ld,
                         A->Order == CUSPARSE_ORDER_ROW, false, [](int64_t, int64_t, V) {});
    return CUSPARSE_STATUS_SUCCESS;
  });
  if (B->Format == CUSPARSE_FORMAT_COO)
    REQUIRE(Count <= indexLimit(B->MajorType) || Count == 0);
  else
    REQUIRE(Count <= indexLimit(B->MajorType));
  B->Nnz = Count;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDenseToSparse_convert(cusparseHandle_t H, cusparseConstDnMatDescr_t A,
                                               cusparseSpMatDescr_t B,
                                               cusparseDenseToSparseAlg_t Alg, void *) {
  cusparseStatus_t S = checkDenseToSparse(H, A, B, Alg);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  if (B->Format != CUSPARSE_FORMAT_COO)
    REQUIRE(B->Major);
  if (B->Nnz > 0)
    REQUIRE(B->Major && B->Minor && B->Values);
  const void *D = A->Values;
  int64_t Rows = A->Rows, Cols = A->Cols, Ld = A->Ld, Cap = B->Nnz, Base = B->Base;
  bool Row = A->Order == CUSPARSE_ORDER_ROW;
  cusparseFormat_t F = B->Format;
  void *Ma = B->Major, *Mi = B->Minor, *Va = B->Values;
  return byValue(A->Type, [&](auto V0) {
    using V = decltype(V0);
    return byIdx(B->MajorType, [&](auto M0) {
      using IM = decltype(M0);
      return byIdx(B->MinorType, [&](auto N0) {
        using IN = decltype(N0);
        return enqueued(loomlib::enqueue(H->Stream, H->Keeper, [=] {
          denseToSparse<V, IM, IN>(static_cast<const V *>(D), Rows, Cols, Ld, Row, F, Ma, Mi, Va,
                                   Cap, Base);
        }));
      });
    });
  });
}

// ---- SpGEMM ----

cusparseStatus_t cusparseSpGEMM_createDescr(cusparseSpGEMMDescr_t *D) {
  REQUIRE(D);
  *D = new cusparseSpGEMMDescr;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_destroyDescr(cusparseSpGEMMDescr_t D) {
  delete D; // a copy still queued keeps its result alive
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_workEstimation(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB, const void *Alpha,
    cusparseConstSpMatDescr_t A, cusparseConstSpMatDescr_t B, const void *Beta,
    cusparseSpMatDescr_t C, cudaDataType Compute, cusparseSpGEMMAlg_t Alg,
    cusparseSpGEMMDescr_t D, size_t *Size1, void *Buffer1) {
  cusparseStatus_t S = checkSpGEMM(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, Alg, D);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  REQUIRE(Size1);
  if (!Buffer1) {
    // Nonzero, so that the program's cudaMalloc gives the pointer that
    // makes the second call do the work.
    *Size1 = 64;
    return CUSPARSE_STATUS_SUCCESS;
  }
  // The product count (cusparseSpGEMM_getNumProducts) reads A and B.
  if (cudaStreamSynchronize(H->Stream) != cudaSuccess)
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  SpView VA = view(A), VB = view(B);
  byIdx(A->MajorType, [&](auto AO0) {
    return byIdx(A->MinorType, [&](auto AI0) {
      return byIdx(B->MajorType, [&](auto BO0) {
        D->Products = countProducts<decltype(AO0), decltype(AI0), decltype(BO0)>(VA, VB);
        return CUSPARSE_STATUS_SUCCESS;
      });
    });
  });
  D->Stage = 1;
  D->Result.reset();
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_getNumProducts(cusparseSpGEMMDescr_t D, int64_t *Products) {
  REQUIRE(D && Products && D->Stage >= 1);
  *Products = D->Products;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_estimateMemory(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB, const void *Alpha,
    cusparseConstSpMatDescr_t A, cusparseConstSpMatDescr_t B, const void *Beta,
    cusparseSpMatDescr_t C, cudaDataType Compute, cusparseSpGEMMAlg_t Alg,
    cusparseSpGEMMDescr_t D, float Fraction, size_t *Size3, void *Buffer3, size_t *Size2) {
  cusparseStatus_t S = checkSpGEMM(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, Alg, D);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  REQUIRE(Size3 && D->Stage >= 1);
  REQUIRE(Fraction > 0 && Fraction <= 1);
  if (!Buffer3) {
    *Size3 = 64;
    return CUSPARSE_STATUS_SUCCESS;
  }
  REQUIRE(Size2);
  *Size2 = 64; // the product keeps its own memory
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_compute(cusparseHandle_t H, cusparseOperation_t OpA,
                                        cusparseOperation_t OpB, const void *Alpha,
                                        cusparseConstSpMatDescr_t A, cusparseConstSpMatDescr_t B,
                                        const void *Beta, cusparseSpMatDescr_t C,
                                        cudaDataType Compute, cusparseSpGEMMAlg_t Alg,
                                        cusparseSpGEMMDescr_t D, size_t *Size2, void *Buffer2) {
  cusparseStatus_t S = checkSpGEMM(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, Alg, D);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  REQUIRE(Size2 && D->Stage >= 1);
  if (!Buffer2) {
    *Size2 = 64;
    return CUSPARSE_STATUS_SUCCESS;
  }
  // C's entry count goes to its descriptor on the host: the work before
  // this call (which may write A and B) must have run.
  if (cudaStreamSynchronize(H->Stream) != cudaSuccess)
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  auto R = std::make_shared<GemmResult>();
  SpView VA = view(A), VB = view(B);
  byValue(Compute, [&](auto V0) {
    using V = decltype(V0);
    return byIdx(A->MajorType, [&](auto AO0) {
      using AO = decltype(AO0);
      return byIdx(A->MinorType, [&](auto AI0) {
        using AI = decltype(AI0);
        return byIdx(B->MajorType, [&](auto BO0) {
          using BO = decltype(BO0);
          return byIdx(B->MinorType, [&](auto BI0) {
            using BI = decltype(BI0);
            gemm<V, AO, AI, BO, BI>(VA, VB, *R);
            return CUSPARSE_STATUS_SUCCESS;
          });
        });
      });
    });
  });
  int64_t Nnz = int64_t(R->Ind.size());
  if (Nnz > indexLimit(C->MajorType))
    return CUSPARSE_STATUS_INSUFFICIENT_RESOURCES;
  C->Nnz = Nnz;
  D->Result = std::move(R);
  D->Stage = 2;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMM_copy(cusparseHandle_t H, cusparseOperation_t OpA,
                                     cusparseOperation_t OpB, const void *Alpha,
                                     cusparseConstSpMatDescr_t A, cusparseConstSpMatDescr_t B,
                                     const void *Beta, cusparseSpMatDescr_t C,
                                     cudaDataType Compute, cusparseSpGEMMAlg_t Alg,
                                     cusparseSpGEMMDescr_t D) {
  cusparseStatus_t S = checkSpGEMM(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, Alg, D);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  REQUIRE(D->Stage == 2 && D->Result);
  std::shared_ptr<GemmResult> R = D->Result;
  REQUIRE(C->Nnz == int64_t(R->Ind.size()));
  REQUIRE(C->Major);
  if (C->Nnz > 0)
    REQUIRE(C->Minor && C->Values);
  void *Off = C->Major, *Ind = C->Minor, *Val = C->Values;
  int64_t Base = C->Base;
  // C' = alpha A B + beta C, C holding C''s pattern (read only when beta != 0).
  return byValue(Compute, [&](auto V0) {
    using V = decltype(V0);
    Scalar<V> Al = scalar<V>(H, Alpha), Be = scalar<V>(H, Beta);
    return byIdx(C->MajorType, [&](auto O0) {
      using IO = decltype(O0);
      return byIdx(C->MinorType, [&](auto I0) {
        using II = decltype(I0);
        return enqueued(loomlib::enqueue(H->Stream, H->Keeper, [=] {
          IO *O = static_cast<IO *>(Off);
          II *I = static_cast<II *>(Ind);
          V *Out = static_cast<V *>(Val);
          const V *P = reinterpret_cast<const V *>(R->Val.data());
          V Alpha = Al.get(), Beta = Be.get();
          for (size_t K = 0; K < R->Off.size(); ++K)
            O[K] = IO(R->Off[K] + Base);
          for (size_t K = 0; K < R->Ind.size(); ++K) {
            I[K] = II(R->Ind[K] + Base);
            Out[K] = Beta == V(0) ? Alpha * P[K] : Alpha * P[K] + Beta * Out[K];
          }
        }));
      });
    });
  });
}

// ---- SpGEMM with a reused pattern ----

static cusparseStatus_t checkReuse(cusparseHandle_t H, cusparseOperation_t OpA,
                                   cusparseOperation_t OpB, cusparseConstSpMatDescr_t A,
                                   cusparseConstSpMatDescr_t B, cusparseSpMatDescr_t C,
                                   cusparseSpGEMMAlg_t Alg, cusparseSpGEMMDescr_t D) {
  static const cd One(1);
  CHECK_HANDLE(H);
  REQUIRE(C);
  return checkSpGEMM(H, OpA, OpB, &One, A, B, &One, C, C->ValueType, Alg, D);
}

/// A B of the descriptors' current arrays (waiting for the stream is the caller's).
static std::shared_ptr<GemmResult> multiply(cusparseConstSpMatDescr_t A,
                                            cusparseConstSpMatDescr_t B, cudaDataType Type) {
  auto R = std::make_shared<GemmResult>();
  SpView VA = view(A), VB = view(B);
  byValue(Type, [&](auto V0) {
    return byIdx(A->MajorType, [&](auto AO0) {
      return byIdx(A->MinorType, [&](auto AI0) {
        return byIdx(B->MajorType, [&](auto BO0) {
          return byIdx(B->MinorType, [&](auto BI0) {
            gemm<decltype(V0), decltype(AO0), decltype(AI0), decltype(BO0), decltype(BI0)>(VA, VB,
                                                                                         *R);
            return CUSPARSE_STATUS_SUCCESS;
          });
        });
      });
    });
  });
  return R;
}

cusparseStatus_t cusparseSpGEMMreuse_workEstimation(
    cusparseHandle_t H, cusparseOperation_t OpA, cusparseOperation_t OpB,
    cusparseConstSpMatDescr_t A, cusparseConstSpMatDescr_t B, cusparseSpMatDescr_t C,
    cusparseSpGEMMAlg_t Alg, cusparseSpGEMMDescr_t D, size_t *Size1, void *Buffer1) {
  cusparseStatus_t S = checkReuse(H, OpA, OpB, A, B, C, Alg, D);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  REQUIRE(Size1);
  if (!Buffer1) {
    *Size1 = 64;
    return CUSPARSE_STATUS_SUCCESS;
  }
  D->Stage = 11;
  D->Result.reset();
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMMreuse_nnz(cusparseHandle_t H, cusparseOperation_t OpA,
                                         cusparseOperation_t OpB, cusparseConstSpMatDescr_t A,
                                         cusparseConstSpMatDescr_t B, cusparseSpMatDescr_t C,
                                         cusparseSpGEMMAlg_t Alg, cusparseSpGEMMDescr_t D,
                                         size_t *Size2, void *Buffer2, size_t *Size3,
                                         void *Buffer3, size_t *Size4, void *Buffer4) {
  cusparseStatus_t S = checkReuse(H, OpA, OpB, A, B, C, Alg, D);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  REQUIRE(Size2 && Size3 && Size4 && D->Stage == 11);
  if (!Buffer2 || !Buffer3 || !Buffer4) {
    *Size2 = *Size3 = *Size4 = 64;
    return CUSPARSE_STATUS_SUCCESS;
  }
  // C's entry count goes to its descriptor on the host.
  if (cudaStreamSynchronize(H->Stream) != cudaSuccess)
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  std::shared_ptr<GemmResult> R = multiply(A, B, C->ValueType);
  int64_t Nnz = int64_t(R->Ind.size());
  if (Nnz > indexLimit(C->MajorType))
    return CUSPARSE_STATUS_INSUFFICIENT_RESOURCES;
  C->Nnz = Nnz;
  D->Result = std::move(R);
  D->Stage = 12;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpGEMMreuse_copy(cusparseHandle_t H, cusparseOperation_t OpA,
                                          cusparseOperation_t OpB, cusparseConstSpMatDescr_t A,
                                          cusparseConstSpMatDescr_t B, cusparseSpMatDescr_t C,
                                          cusparseSpGEMMAlg_t Alg, cusparseSpGEMMDescr_t D,
                                          size_t *Size5, void *Buffer5) {
  cusparseStatus_t S = checkReuse(H, OpA, OpB, A, B, C, Alg, D);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  REQUIRE(Size5 && (D->Stage == 12 || D->Stage == 13) && D->Result);
  if (!Buffer5) {
    *Size5 = 64;
    return CUSPARSE_STATUS_SUCCESS;
  }
  std::shared_ptr<GemmResult> R = D->Result;
  REQUIRE(C->Nnz == int64_t(R->Ind.size()) && C->Major);
  if (C->Nnz > 0)
    REQUIRE(C->Minor && C->Values);
  void *Off = C->Major, *Ind = C->Minor;
  int64_t Base = C->Base;
  // The structure only, in stream order; the values come from compute.
  S = byIdx(C->MajorType, [&](auto O0) {
    using IO = decltype(O0);
    return byIdx(C->MinorType, [&](auto I0) {
      using II = decltype(I0);
      return enqueued(loomlib::enqueue(H->Stream, H->Keeper, [=] {
        for (size_t K = 0; K < R->Off.size(); ++K)
          static_cast<IO *>(Off)[K] = IO(R->Off[K] + Base);
        for (size_t K = 0; K < R->Ind.size(); ++K)
          static_cast<II *>(Ind)[K] = II(R->Ind[K] + Base);
      }));
    });
  });
  if (S == CUSPARSE_STATUS_SUCCESS)
    D->Stage = 13;
  return S;
}

cusparseStatus_t cusparseSpGEMMreuse_compute(cusparseHandle_t H, cusparseOperation_t OpA,
                                             cusparseOperation_t OpB, const void *Alpha,
                                             cusparseConstSpMatDescr_t A,
                                             cusparseConstSpMatDescr_t B, const void *Beta,
                                             cusparseSpMatDescr_t C, cudaDataType Compute,
                                             cusparseSpGEMMAlg_t Alg, cusparseSpGEMMDescr_t D) {
  cusparseStatus_t S = checkSpGEMM(H, OpA, OpB, Alpha, A, B, Beta, C, Compute, Alg, D);
  if (S != CUSPARSE_STATUS_SUCCESS)
    return S;
  REQUIRE(D->Stage == 13 && D->Result && C->Nnz == int64_t(D->Result->Ind.size()));
  if (C->Nnz > 0)
    REQUIRE(C->Values);
  // The product of A's and B's values when the work runs (their pattern
  // being the one nnz saw), into C's pattern: C = alpha A B + beta C.
  cusparseSpMatDescr_t CA = new cusparseSpMatDescr(*A), CB = new cusparseSpMatDescr(*B);
  std::shared_ptr<cusparseSpMatDescr> KeepA(CA), KeepB(CB);
  void *Val = C->Values;
  int64_t Nnz = C->Nnz;
  return byValue(Compute, [&](auto V0) {
    using V = decltype(V0);
    Scalar<V> Al = scalar<V>(H, Alpha), Be = scalar<V>(H, Beta);
    return enqueued(loomlib::enqueue(H->Stream, H->Keeper, [=] {
      std::shared_ptr<GemmResult> R = multiply(KeepA.get(), KeepB.get(), Compute);
      const V *P = reinterpret_cast<const V *>(R->Val.data());
      V *Out = static_cast<V *>(Val);
      V Alpha = Al.get(), Beta = Be.get();
      for (int64_t K = 0, E = std::min<int64_t>(Nnz, int64_t(R->Ind.size())); K < E; ++K)
        Out[K] = Beta == V(0) ? Alpha * P[K] : Alpha * P[K] + Beta * Out[K];
    }));
  });
}

} // extern "C"

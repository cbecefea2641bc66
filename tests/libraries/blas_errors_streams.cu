// cuBLAS: CUBLAS_STATUS_* for bad arguments where cuBLAS documents them
// (null handle, negative sizes, small leading dimensions, bad enums, null
// scalars), handle state (stream, pointer/math/atomics modes, version,
// status names), Set/Get Matrix/Vector (+Async), and stream ordering: a
// call enqueued behind a kernel sees its results, a kernel after it sees
// the library's; host-mode results are complete when the call returns; a
// host-mode alpha is read at the call, a device-mode one when the work runs;
// a call captured into a graph runs at each launch of the graph; the same
// for the band/packed/rotm routines (rotm's param and sbmv's alpha read when
// the work runs, spr in a graph).
// SPDX-License-Identifier: Apache-2.0
// A kernel waits for the host: needs concurrent execution.
// UNSUPPORTED: serial-scheduler
// RUN: %loomcc %s -o %t -lcublas && %t | FileCheck %s
// CHECK: blas_errors_streams: OK
#include "Inputs/blas_test.h"

#include <cstring>

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

/// Busy kernel: keeps the stream occupied so later work is really queued.
__global__ void spin(float *X, int Iters) {
  float V = X[threadIdx.x];
  for (int I = 0; I < Iters; ++I)
    V = V * 0.999999f + 1e-7f;
  X[threadIdx.x] = V;
}

__global__ void setScalar(float *P, float V) { *P = V; }

/// rotm's param: flag -1 and the full H = [h11 h12; h21 h22].
__global__ void setParams(float *P, float H11, float H21, float H12, float H22) {
  P[0] = -1;
  P[1] = H11;
  P[2] = H21;
  P[3] = H12;
  P[4] = H22;
}

/// Holds its stream until the host opens the gate: work enqueued behind it
/// cannot have run when the host's library call returns, whatever the timing.
__global__ void gate(volatile int *Open) {
  while (*Open == 0) {
  }
}

void testErrors(cublasHandle_t H) {
  const cublasStatus_t Inv = CUBLAS_STATUS_INVALID_VALUE;
  float One = 1, Res;
  int IRes;
  Dev<float> D(1024);
  // Null handle
  CHECK(cublasSgemm(nullptr, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &One, D, 2, D, 2, &One, D, 2) ==
        CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK(cublasSaxpy(nullptr, 2, &One, D, 1, D, 1) == CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK(cublasSetStream(nullptr, 0) == CUBLAS_STATUS_NOT_INITIALIZED);
  CHECK(cublasCreate(nullptr) == Inv);
  // gemm: sizes, leading dimensions, ops, scalars
  CHECK(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, -1, 2, 2, &One, D, 2, D, 2, &One, D, 2) == Inv);
  CHECK(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, -3, &One, D, 2, D, 2, &One, D, 2) == Inv);
  CHECK(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 4, 2, 2, &One, D, 3, D, 2, &One, D, 4) == Inv);
  CHECK(cublasSgemm(H, CUBLAS_OP_T, CUBLAS_OP_N, 4, 2, 3, &One, D, 2, D, 3, &One, D, 4) == Inv);
  CHECK(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_T, 4, 5, 3, &One, D, 4, D, 4, &One, D, 4) == Inv);
  CHECK(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 4, 2, 2, &One, D, 4, D, 2, &One, D, 3) == Inv);
  CHECK(cublasSgemm(H, (cublasOperation_t)7, CUBLAS_OP_N, 2, 2, 2, &One, D, 2, D, 2, &One, D, 2) == Inv);
  CHECK(cublasSgemm(H, CUBLAS_OP_CONJG, CUBLAS_OP_N, 2, 2, 2, &One, D, 2, D, 2, &One, D, 2) == Inv);
  CHECK(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, nullptr, D, 2, D, 2, &One, D, 2) == Inv);
  CHECK(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 0, 2, 2, &One, D, 1, D, 2, &One, D, 1) ==
        CUBLAS_STATUS_SUCCESS); // empty: quick return
  CHECK(cublasSgemmStridedBatched(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &One, D, 2, 4, D, 2, 4,
                                  &One, D, 2, 4, -1) == Inv);
  // level 2
  CHECK(cublasSgemv(H, CUBLAS_OP_N, 4, 2, &One, D, 3, D, 1, &One, D, 1) == Inv);
  CHECK(cublasSgemv(H, CUBLAS_OP_N, 2, 2, &One, D, 2, D, 0, &One, D, 1) == Inv);
  CHECK(cublasSger(H, 2, -2, &One, D, 1, D, 1, D, 2) == Inv);
  CHECK(cublasSsymv(H, CUBLAS_FILL_MODE_FULL, 2, &One, D, 2, D, 1, &One, D, 1) == Inv);
  CHECK(cublasStrsv(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, (cublasDiagType_t)5, 2, D, 2, D, 1) == Inv);
  CHECK(cublasStrmv(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 3, D, 2, D, 1) == Inv);
  // level 3
  CHECK(cublasSsymm(H, (cublasSideMode_t)2, CUBLAS_FILL_MODE_LOWER, 2, 2, &One, D, 2, D, 2, &One, D, 2) == Inv);
  CHECK(cublasSsymm(H, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, 2, 4, &One, D, 2, D, 2, &One, D, 2) == Inv);
  CHECK(cublasSsyrk(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, 4, 3, &One, D, 2, &One, D, 4) == Inv);
  CHECK(cublasStrmm(H, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT,
                    2, 2, &One, D, 2, D, 2, D, 3) == Inv); // B == C needs ldb == ldc
  CHECK(cublasStrsm(H, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT,
                    4, 2, &One, D, 2, D, 4) == Inv);
  CHECK(cublasSgeam(H, CUBLAS_OP_T, CUBLAS_OP_N, 2, 2, &One, D, 2, &One, D + 8, 2, D, 2) == Inv);
  cuComplex COne = make_cuComplex(1, 0);
  Dev<cuComplex> DC(64);
  CHECK(cublasCsyrk(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_C, 2, 2, &COne, DC, 2, &COne, DC, 2) == Inv);
  CHECK(cublasCherk(H, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_T, 2, 2, &One, DC, 2, &One, DC, 2) == Inv);
  // A null operand of a non-empty problem: an error, not a crash (a GPU faults).
  CHECK(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &One, nullptr, 2, D, 2, &One, D, 2) == Inv);
  CHECK(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 0, &One, nullptr, 2, nullptr, 2, &One, D, 2) ==
        CUBLAS_STATUS_SUCCESS); // k = 0: A and B are not read
  CHECK(cublasSgemv(H, CUBLAS_OP_N, 2, 2, &One, D, 2, nullptr, 1, &One, D, 1) == Inv);
  CHECK(cublasSaxpy(H, 4, &One, D, 1, nullptr, 1) == Inv);
  CHECK(cublasSnrm2(H, 4, nullptr, 1, &Res) == Inv);
  CHECK(cublasStrsm(H, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT,
                    2, 2, &One, D, 2, nullptr, 2) == Inv);
  // level 1: a null result
  CHECK(cublasSdot(H, 4, D, 1, D, 1, nullptr) == Inv);
  CHECK(cublasIsamax(H, 4, D, 1, nullptr) == Inv);
  CHECK(cublasSnrm2(H, 4, D, 1, &Res) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasIsamin(H, 4, D, -1, &IRes) == CUBLAS_STATUS_SUCCESS && IRes == 0);
  // modes
  CHECK(cublasSetPointerMode(H, (cublasPointerMode_t)2) == Inv);
  CHECK(cublasSetMathMode(H, (cublasMath_t)9) == Inv);
  CHECK(cublasSetAtomicsMode(H, (cublasAtomicsMode_t)2) == Inv);
  // copies
  std::vector<float> Hst(16);
  CHECK(cublasSetVector(4, 4, Hst.data(), 0, D, 1) == Inv);
  CHECK(cublasSetVector(4, 0, Hst.data(), 1, D, 1) == Inv);
  CHECK(cublasSetMatrix(4, 2, 4, Hst.data(), 3, D, 4) == Inv);
  CHECK(cublasGetMatrix(4, 2, 4, D, 4, Hst.data(), 2) == Inv);
}

void testState(cublasHandle_t H) {
  int V = 0;
  CHECK_OK(cublasGetVersion(H, &V));
  CHECK(V == CUBLAS_VERSION && V >= 10000);
  CHECK_OK(cublasGetProperty(MAJOR_VERSION, &V));
  CHECK(V == CUBLAS_VER_MAJOR);
  cublasPointerMode_t Pm;
  CHECK_OK(cublasGetPointerMode(H, &Pm));
  CHECK(Pm == CUBLAS_POINTER_MODE_HOST);
  cublasMath_t Mm;
  CHECK_OK(cublasSetMathMode(H, CUBLAS_TF32_TENSOR_OP_MATH));
  CHECK_OK(cublasGetMathMode(H, &Mm));
  CHECK(Mm == CUBLAS_TF32_TENSOR_OP_MATH);
  CHECK_OK(cublasSetMathMode(H, CUBLAS_DEFAULT_MATH));
  cublasAtomicsMode_t Am;
  CHECK_OK(cublasSetAtomicsMode(H, CUBLAS_ATOMICS_ALLOWED));
  CHECK_OK(cublasGetAtomicsMode(H, &Am));
  CHECK(Am == CUBLAS_ATOMICS_ALLOWED);
  CHECK(std::strcmp(cublasGetStatusName(CUBLAS_STATUS_INVALID_VALUE), "CUBLAS_STATUS_INVALID_VALUE") == 0);
  CHECK(CUBLAS_STATUS_INVALID_VALUE == 7 && CUBLAS_STATUS_NOT_SUPPORTED == 15 && CUBLAS_OP_C == 2);

  // Set/GetMatrix with padded leading dimensions; vectors with strides.
  const int Rows = 3, Cols = 4, Lda = 5, Ldb = 4;
  std::vector<float> A(Lda * Cols), Back(Lda * Cols, -1);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = (float)I;
  Dev<float> D(Ldb * Cols);
  CHECK_OK(cublasSetMatrix(Rows, Cols, sizeof(float), A.data(), Lda, D, Ldb));
  CHECK_OK(cublasGetMatrix(Rows, Cols, sizeof(float), D, Ldb, Back.data(), Lda));
  for (int J = 0; J < Cols; ++J)
    for (int I = 0; I < Lda; ++I)
      CHECK(Back[I + J * Lda] == (I < Rows ? A[I + J * Lda] : -1));
  std::vector<float> X = {1, 2, 3, 4, 5, 6}, Y(6, 0);
  CHECK_OK(cublasSetVector(3, sizeof(float), X.data(), 2, D, 1));
  CHECK_OK(cublasGetVector(3, sizeof(float), D, 1, Y.data(), 2));
  CHECK(Y[0] == 1 && Y[2] == 3 && Y[4] == 5 && Y[1] == 0);
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));
  std::vector<float> Y2(3, 0);
  CHECK_OK(cublasSetVectorAsync(3, sizeof(float), X.data(), 1, D, 1, S));
  CHECK_OK(cublasGetVectorAsync(3, sizeof(float), D, 1, Y2.data(), 1, S));
  CHECK_OK(cublasSetMatrixAsync(Rows, Cols, sizeof(float), A.data(), Lda, D, Ldb, S));
  CHECK_CUDA(cudaStreamSynchronize(S));
  CHECK(Y2[0] == 1 && Y2[1] == 2 && Y2[2] == 3);
  CHECK_CUDA(cudaStreamDestroy(S));
}

void testStreams(cublasHandle_t H) {
  const int N = 4096;
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));
  CHECK_OK(cublasSetStream(H, S));
  cudaStream_t Got;
  CHECK_OK(cublasGetStream(H, &Got));
  CHECK(Got == S);
  Dev<float> X(N), Y(N), Busy(32);
  CHECK_CUDA(cudaMemset(Y, 0, N * sizeof(float)));
  CHECK_CUDA(cudaMemset(Busy, 0, 32 * sizeof(float)));

  // gate -> kernel -> axpy -> kernel on one stream, host never waits in between.
  int *Open;
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  fill<<<(N + 255) / 256, 256, 0, S>>>(X, N, 1.0f);
  float Alpha = 3;
  CHECK_OK(cublasSaxpy(H, N, &Alpha, X, 1, Y, 1)); // y = 3 x
  Alpha = 100; // host mode: the call has read alpha already
  twice<<<(N + 255) / 256, 256, 0, S>>>(Y, N); // y = 6 x
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::vector<float> Yh = Y.get();
  bool Ok = true;
  for (int I = 0; I < N; ++I)
    Ok &= Yh[I] == 6.0f * (1.0f + I);
  CHECK(Ok);

  // A host-mode result is complete when the call returns.
  spin<<<1, 32, 0, S>>>(Busy, 2000000);
  fill<<<(N + 255) / 256, 256, 0, S>>>(X, N, 0.0f);
  float Sum = -1;
  CHECK_OK(cublasSasum(H, N, X, 1, &Sum));
  CHECK(Sum == (float)((double)N * (N - 1) / 2));

  // Device mode: alpha is read when the work runs, after the kernel that sets it.
  Dev<float> DAlpha(1);
  CHECK_OK(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_DEVICE));
  setScalar<<<1, 1, 0, S>>>(DAlpha, 0.0f);
  *Open = 0;
  gate<<<1, 1, 0, S>>>(Open);
  setScalar<<<1, 1, 0, S>>>(DAlpha, 0.5f);
  CHECK_OK(cublasSscal(H, N, DAlpha, X, 1));
  Dev<float> DRes(1);
  CHECK_OK(cublasSasum(H, N, X, 1, DRes)); // into device memory, in stream order
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(S));
  CHECK_CUDA(cudaFreeHost(Open));
  CHECK(DRes.get()[0] == (float)((double)N * (N - 1) / 4));
  CHECK_OK(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST));

  // The legacy default stream: a gemm sees the kernel before it.
  CHECK_OK(cublasSetStream(H, 0));
  Dev<float> A(4), B(4), C(4);
  fill<<<1, 4>>>(A, 4, 1.0f); // [1 2 3 4]
  fill<<<1, 4>>>(B, 4, 0.0f); // [0 1 2 3]
  float One = 1, Zero = 0;
  CHECK_OK(cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &One, A, 2, B, 2, &Zero, C, 2));
  std::vector<float> Ch = C.get(); // cudaMemcpy on the legacy stream waits for it
  CHECK(Ch[0] == 3 && Ch[1] == 4 && Ch[2] == 11 && Ch[3] == 16);
  CHECK_CUDA(cudaStreamDestroy(S));
}

/// A call captured into a graph runs at every launch of the graph.
void testGraph(cublasHandle_t H) {
  const int N = 100;
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));
  CHECK_OK(cublasSetStream(H, S));
  std::vector<float> Ones(N, 1.0f);
  Dev<float> X(Ones), Y(N);
  CHECK_CUDA(cudaMemset(Y, 0, N * sizeof(float)));
  float Alpha = 2;
  cudaGraph_t G;
  cudaGraphExec_t E;
  CHECK_CUDA(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
  CHECK_OK(cublasSaxpy(H, N, &Alpha, X, 1, Y, 1));
  twice<<<1, N, 0, S>>>(Y, N);
  CHECK_CUDA(cudaStreamEndCapture(S, &G));
  CHECK_CUDA(cudaGraphInstantiate(&E, G, 0));
  for (int I = 0; I < 3; ++I)
    CHECK_CUDA(cudaGraphLaunch(E, S));
  CHECK_CUDA(cudaStreamSynchronize(S));
  // y: 0 -> 4 -> 12 -> 28 ((y + 2) * 2 three times)
  std::vector<float> Yh = Y.get();
  CHECK(Yh[0] == 28 && Yh[N - 1] == 28);
  CHECK_CUDA(cudaGraphExecDestroy(E));
  CHECK_CUDA(cudaGraphDestroy(G));
  CHECK_OK(cublasSetStream(H, 0));
  CHECK_CUDA(cudaStreamDestroy(S));
  // A handle destroyed after its stream leaves no error behind.
  cublasHandle_t H2;
  CHECK_OK(cublasCreate(&H2));
  CHECK_CUDA(cudaStreamCreate(&S));
  CHECK_OK(cublasSetStream(H2, S));
  CHECK_CUDA(cudaStreamDestroy(S));
  CHECK_OK(cublasDestroy(H2));
  CHECK(cudaGetLastError() == cudaSuccess);
}

/// rotm and sbmv in device pointer mode read param and alpha when the work
/// runs (after the kernels before them on the stream); spr captured into a
/// graph runs at each launch.
void testNewRoutines(cublasHandle_t H) {
  const int N = 8;
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));
  CHECK_OK(cublasSetStream(H, S));
  std::vector<float> Xh(N), Ones(N, 1.0f), Twos(N, 2.0f), Zeros(N, 0.0f);
  for (int I = 0; I < N; ++I)
    Xh[I] = I + 1.0f;
  const float Identity[5] = {-2, 0, 0, 0, 0}, Zero = 0;
  Dev<float> X(Xh), Y(Ones), Band(Twos), Z(Zeros), P(std::vector<float>(Identity, Identity + 5)),
      DAlpha(std::vector<float>{0.0f}), DBeta(std::vector<float>{Zero});
  int *Open;
  CHECK_CUDA(cudaMallocHost(&Open, sizeof(int)));
  *Open = 0;
  CHECK_OK(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_DEVICE));
  gate<<<1, 1, 0, S>>>(Open);
  setParams<<<1, 1, 0, S>>>(P, 0, 1, 1, 0); // H swaps x and y
  setScalar<<<1, 1, 0, S>>>(DAlpha, 0.5f);
  CHECK_OK(cublasSrotm(H, N, X, 1, Y, 1, P));
  // z = 0.5 diag(2) x + 0 z: the swapped x, all ones
  CHECK_OK(cublasSsbmv(H, CUBLAS_FILL_MODE_LOWER, N, 0, DAlpha, Band, 1, X, 1, DBeta, Z, 1));
  __atomic_store_n(Open, 1, __ATOMIC_RELEASE);
  CHECK_CUDA(cudaStreamSynchronize(S));
  CHECK_CUDA(cudaFreeHost(Open));
  CHECK(Y.get() == Xh && X.get() == Ones, "rotm read its param at the call");
  CHECK(Z.get() == Ones, "sbmv read alpha at the call");
  CHECK_OK(cublasSetPointerMode(H, CUBLAS_POINTER_MODE_HOST));

  // spr in a graph: A += x x^T at each of three launches.
  Dev<float> AP(std::vector<float>(N * (N + 1) / 2, 0.0f));
  float One = 1;
  cudaGraph_t G;
  cudaGraphExec_t E;
  CHECK_CUDA(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
  CHECK_OK(cublasSspr(H, CUBLAS_FILL_MODE_UPPER, N, &One, X, 1, AP));
  CHECK_CUDA(cudaStreamEndCapture(S, &G));
  CHECK_CUDA(cudaGraphInstantiate(&E, G, 0));
  for (int I = 0; I < 3; ++I)
    CHECK_CUDA(cudaGraphLaunch(E, S));
  CHECK_CUDA(cudaStreamSynchronize(S));
  CHECK(AP.get() == std::vector<float>(N * (N + 1) / 2, 3.0f));
  CHECK_CUDA(cudaGraphExecDestroy(E));
  CHECK_CUDA(cudaGraphDestroy(G));
  CHECK_OK(cublasSetStream(H, 0));
  CHECK_CUDA(cudaStreamDestroy(S));
}

int main() {
  cublasHandle_t H;
  CHECK_OK(cublasCreate(&H));
  testErrors(H);
  testState(H);
  testStreams(H);
  testGraph(H);
  testNewRoutines(H);
  CHECK_OK(cublasDestroy(H));
  return finish("blas_errors_streams");
}

// NVTX (nvToolsExt.h, nvtx3/nvToolsExt.h, nvToolsExtCudaRt.h): a program
// annotated as profiling guides show builds, links -lnvToolsExt, and gets
// the documented return values: push returns the 0-based level it opens,
// pop the level it closes (-1 with nothing open), per host thread; range
// starts return distinct non-zero ids. The library exports the functions.
// RUN: %loomcc %s -o %t -lnvToolsExt
// RUN: %t | FileCheck %s
// RUN: nm -D %loom_lib/libnvToolsExt.so | FileCheck %s --check-prefix=SYMS
// CHECK: PASSED
// SYMS-DAG: nvtxRangePushA
// SYMS-DAG: nvtxRangePop
// SYMS-DAG: nvtxMarkA
// SYMS-DAG: nvtxRangeStartEx
// SYMS-DAG: nvtxNameOsThreadA
#include <nvToolsExt.h>
#include <nvtx3/nvToolsExt.h>
#include <nvToolsExtCudaRt.h>
#include <cstdio>
#include <cstring>
#include <thread>

static int Failures = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("FAIL line %d: %s\n", __LINE__, #cond);                                          \
      ++Failures;                                                                                  \
    }                                                                                              \
  } while (0)

__global__ void scale(float *X, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] *= 2;
}

int main() {
  nvtxNameOsThreadA(0, "main");
  nvtxMarkA("start");
  CHECK(nvtxRangePushA("outer") == 0);
  CHECK(nvtxRangePushA("inner") == 1);

  nvtxEventAttributes_t Attr;
  std::memset(&Attr, 0, sizeof(Attr));
  Attr.version = NVTX_VERSION;
  Attr.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  Attr.colorType = NVTX_COLOR_ARGB;
  Attr.color = 0xff00ff00;
  Attr.messageType = NVTX_MESSAGE_TYPE_ASCII;
  Attr.message.ascii = "kernel";
  Attr.payloadType = NVTX_PAYLOAD_TYPE_DOUBLE;
  Attr.payload.dValue = 1.5;
  CHECK(nvtxRangePushEx(&Attr) == 2);
  float *X;
  cudaMallocManaged(&X, 256 * sizeof(float));
  for (int I = 0; I < 256; ++I)
    X[I] = I;
  cudaStream_t S;
  cudaStreamCreate(&S);
  nvtxNameCudaStreamA(S, "work");
  scale<<<2, 128, 0, S>>>(X, 256);
  cudaStreamSynchronize(S);
  nvtxMarkEx(&Attr);
  CHECK(nvtxRangePop() == 2);

  // Another thread has its own nesting.
  int Other = -5;
  std::thread T([&] { Other = nvtxRangePushA("thread"); nvtxRangePop(); });
  T.join();
  CHECK(Other == 0);

  nvtxRangeId_t A = nvtxRangeStartA("a"), B = nvtxRangeStartEx(&Attr);
  CHECK(A != 0 && B != 0 && A != B);
  nvtxRangeEnd(A);
  nvtxRangeEnd(B);
  CHECK(nvtxRangePop() == 1);
  CHECK(nvtxRangePop() == 0);
  CHECK(nvtxRangePop() < 0); // nothing open

  nvtxDomainHandle_t D = nvtxDomainCreateA("loom");
  CHECK(D != nullptr);
  CHECK(nvtxDomainRangePushEx(D, &Attr) >= 0);
  CHECK(nvtxDomainRangePop(D) >= 0);
  nvtxDomainDestroy(D);

  bool Ok = true;
  for (int I = 0; I < 256; ++I)
    Ok &= X[I] == 2.0f * I;
  CHECK(Ok);
  cudaFree(X);
  cudaStreamDestroy(S);
  if (Failures) {
    std::printf("FAILED (%d)\n", Failures);
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}

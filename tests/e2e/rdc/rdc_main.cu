// Relocatable device code (-rdc=true / -dc / -dlink): a __device__ array
// filled by cudaMemcpyToSymbol in one .cu and read by a kernel in another,
// an extern __constant__ struct, an extern __device__ function, a
// __managed__ variable shared by both files, and static kernels of the same
// name in both files. Built five ways: -dc + loomcc link, one-step
// -rdc=true, -dlink + a plain host link, through a static archive made with
// ar, and through one made with loomcc -lib and found by -L/-l.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %loomcc -dc %s -o %t/main.o
// RUN: %loomcc -dc %S/Inputs/rdc_library.cu -o %t/library.o
// RUN: %loomcc %t/main.o %t/library.o -o %t/app && %t/app | FileCheck %s
// RUN: %loomcc -rdc=true %s %S/Inputs/rdc_library.cu -o %t/app1 && %t/app1 | FileCheck %s
// RUN: %loomcc -dlink %t/main.o %t/library.o -o %t/dlink.o
// RUN: clang++-22 %t/main.o %t/library.o %t/dlink.o -L%loom_lib -lcudart -Wl,-rpath,%loom_lib -o %t/app2 && %t/app2 | FileCheck %s
// RUN: ar rcs %t/liblibrary.a %t/library.o
// RUN: %loomcc %t/main.o %t/liblibrary.a -o %t/app3 && %t/app3 | FileCheck %s
// RUN: rm -f %t/libdev.a && %loomcc -lib -rdc=true %S/Inputs/rdc_library.cu -o %t/libdev.a
// RUN: %loomcc %t/main.o -L%t -ldev -o %t/app4 && %t/app4 | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include "Inputs/rdc_shared.h"
#include <vector>

static __global__ void scale(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = static_cast<int>(coeffs.scale * lookup(i + coeffs.offset));
  if (i == 0)
    atomicAdd(&launches, 10);
}

int main() {
  const int N = 300; // past TableSize: lookup() clamps
  std::vector<int> host(TableSize);
  for (int i = 0; i < TableSize; ++i)
    host[i] = 3 * i + 1;
  fillTable(host.data());
  setCoefficients(2.0f, 5);

  // The symbol is reachable from this file too.
  void *address = nullptr;
  size_t size = 0;
  CHECK_CUDA(cudaGetSymbolAddress(&address, table));
  CHECK_CUDA(cudaGetSymbolSize(&size, table));
  EXPECT(address != nullptr && size == sizeof(int) * TableSize);
  int readBack[TableSize];
  CHECK_CUDA(cudaMemcpyFromSymbol(readBack, table, sizeof readBack));
  EXPECT(readBack[17] == host[17]);

  int *out = nullptr;
  CHECK_CUDA(cudaMalloc(&out, N * sizeof(int)));
  scale<<<(N + 63) / 64, 64>>>(out, N);
  CHECK_CUDA(cudaGetLastError());
  std::vector<int> got(N);
  CHECK_CUDA(cudaMemcpy(got.data(), out, N * sizeof(int), cudaMemcpyDeviceToHost));
  auto clampIndex = [](int i) { return i < 0 ? 0 : i >= TableSize ? TableSize - 1 : i; };
  for (int i = 0; i < N; ++i)
    EXPECT(got[i] == 2 * (host[clampIndex(i + 5)] + 7));

  CHECK_CUDA(runLibraryKernel(out, N));
  CHECK_CUDA(cudaMemcpy(got.data(), out, N * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < N; ++i)
    EXPECT(got[i] == -(host[clampIndex(i)] + 7));

  // Both kernels counted themselves in the one managed variable.
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(launches == 100 + 10 + 1);
  launches = 0;
  scale<<<1, 32>>>(out, 1);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(launches == 10);
  CHECK_CUDA(cudaFree(out));
  std::printf("PASSED\n");
  return 0;
}

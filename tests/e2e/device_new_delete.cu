// C++ allocation in kernels without -rdc: new/delete, new[]/delete[] (with
// and without an array cookie), sized delete, over-aligned types, classes
// with virtual destructors, all on the device heap (cudaLimitMallocHeapSize),
// and every block comes back to it.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: %loomcc -rdc=true %s -o %t.rdc
// RUN: %t.rdc | FileCheck %s
// CHECK: PASSED
#include "Inputs/check.h"
#include <cstdint>

struct Shape {
  __device__ virtual ~Shape() { atomicAdd(&destroyed, 1); }
  __device__ virtual int area() const = 0;
  static __device__ int destroyed;
};
__device__ int Shape::destroyed = 0;
struct Rect : Shape {
  int w, h;
  __device__ Rect(int w, int h) : w(w), h(h) {}
  __device__ int area() const override { return w * h; }
};
struct Square : Shape {
  int s;
  __device__ explicit Square(int s) : s(s) {}
  __device__ ~Square() override { atomicAdd(&squaresDestroyed, 1); }
  __device__ int area() const override { return s * s; }
  static __device__ int squaresDestroyed;
};
__device__ int Square::squaresDestroyed = 0;

struct Counted { // non-trivial destructor: new[] stores an array cookie
  int v;
  __device__ Counted() : v(7) {}
  __device__ ~Counted() { atomicAdd(&gone, 1); }
  static __device__ int gone;
};
__device__ int Counted::gone = 0;

struct alignas(128) Wide {
  float x[8];
};

__global__ void shapes(int *out, uintptr_t *aligned) {
  int t = threadIdx.x;
  Shape *s = t % 2 ? static_cast<Shape *>(new Rect(t, 3)) : new Square(t);
  int *arr = new int[t + 1];
  for (int i = 0; i <= t; ++i)
    arr[i] = i;
  int sum = 0;
  for (int i = 0; i <= t; ++i)
    sum += arr[i];
  Counted *c = new Counted[3];
  Wide *w = new Wide;
  w->x[7] = float(t);
  aligned[t] = reinterpret_cast<uintptr_t>(w) % alignof(Wide);
  out[t] = s->area() + sum + c[2].v + int(w->x[7]);
  delete w;
  delete[] c;
  delete[] arr;
  delete s; // virtual destructor through the base
}

int main() {
  const int T = 64;
  int *out;
  uintptr_t *aligned;
  CHECK_CUDA(cudaMallocManaged(&out, T * sizeof(int)));
  CHECK_CUDA(cudaMallocManaged(&aligned, T * sizeof(uintptr_t)));
  shapes<<<1, T>>>(out, aligned);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < T; ++t) {
    int area = t % 2 ? t * 3 : t * t;
    EXPECT(out[t] == area + t * (t + 1) / 2 + 7 + t);
    EXPECT(aligned[t] == 0);
  }
  int destroyed = 0, squares = 0, gone = 0;
  CHECK_CUDA(cudaMemcpyFromSymbol(&destroyed, Shape::destroyed, sizeof(int)));
  CHECK_CUDA(cudaMemcpyFromSymbol(&squares, Square::squaresDestroyed, sizeof(int)));
  CHECK_CUDA(cudaMemcpyFromSymbol(&gone, Counted::gone, sizeof(int)));
  EXPECT(destroyed == T && squares == T / 2 && gone == 3 * T);

  // Every block came back: 2000 more rounds of the kernel would exhaust the
  // 8 MiB heap otherwise (a failed device new is a null pointer here).
  for (int round = 0; round < 2000; ++round)
    shapes<<<1, T>>>(out, aligned);
  CHECK_CUDA(cudaDeviceSynchronize());
  for (int t = 0; t < T; ++t)
    EXPECT(out[t] == (t % 2 ? t * 3 : t * t) + t * (t + 1) / 2 + 7 + t);
  std::printf("PASSED\n");
  return 0;
}

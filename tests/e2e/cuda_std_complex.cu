// <cuda/std/complex> and libcu++'s other standard-library headers under
// cuda::std: cuda::std::complex<float> and <double> arithmetic and math
// functions in a kernel against the same expressions on the host, and
// every <cuda/std/...> header Loom maps to the host library compiling in a
// kernel translation unit in C++17 and C++20.
// RUN: %loomcc -std=c++17 %s -o %t && %t | FileCheck %s
// RUN: %loomcc -std=c++20 %s -o %t20 && %t20 | FileCheck %s
// RUN: for h in algorithm bit bitset cassert ccomplex cfloat chrono complex concepts cstring ctime \
// RUN:          iterator memory numbers numeric optional ranges ratio source_location span variant version; do \
// RUN:   printf '#include <cuda/std/%%s>\n__global__ void k(int *p) { p[threadIdx.x] = 1; }\n' $h > %t.h.cu && \
// RUN:   %loomcc -std=c++20 -c %t.h.cu -o %t.h.o || exit 1; \
// RUN: done
// CHECK: PASSED
#include "Inputs/check.h"
#include <cuda/std/complex>
#include <cuda/std/cmath>

template <class T> __host__ __device__ T evaluate(cuda::std::complex<T> c) {
  using C = cuda::std::complex<T>;
  // A few Mandelbrot steps, then the transcendental functions.
  C z(0, 0);
  for (int k = 0; k < 8; ++k)
    z = z * z + c;
  C w = cuda::std::exp(c) / (c + T(2)) - cuda::std::log(c + C(3, 1));
  w += cuda::std::sqrt(c) * cuda::std::conj(c) + cuda::std::pow(c + T(1), T(0.5));
  w *= cuda::std::polar(T(1), cuda::std::arg(c));
  return cuda::std::abs(w) + cuda::std::norm(z) / (T(1) + cuda::std::norm(z)) + w.real() - w.imag() +
         cuda::std::sin(c).real() + cuda::std::cosh(c).imag();
}

template <class T> __global__ void kernel(const cuda::std::complex<T> *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = evaluate(in[i]);
}

template <class T> static void run(double tolerance) {
  const int n = 1000;
  cuda::std::complex<T> *in;
  T *out;
  CHECK_CUDA(cudaMallocManaged(&in, n * sizeof(*in)));
  CHECK_CUDA(cudaMallocManaged(&out, n * sizeof(*out)));
  for (int i = 0; i < n; ++i)
    in[i] = cuda::std::complex<T>(T(-1.5) + T(2) * i / n, T(0.75) * cuda::std::sin(T(i)));
  kernel<<<(n + 127) / 128, 128>>>(in, out, n);
  CHECK_CUDA(cudaDeviceSynchronize());
  double worst = 0;
  for (int i = 0; i < n; ++i) {
    double ref = evaluate(in[i]);
    worst = fmax(worst, fabs(out[i] - ref) / fmax(1.0, fabs(ref)));
  }
  std::printf("complex<%s>: largest relative error %g\n", sizeof(T) == 4 ? "float" : "double", worst);
  EXPECT(worst <= tolerance);
  cudaFree(in);
  cudaFree(out);
}

int main() {
  run<float>(1e-5);
  run<double>(1e-13);
  std::printf("PASSED\n");
  return 0;
}

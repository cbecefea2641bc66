// dynamic_cast and typeid in device code: errors at their lines (nvcc rejects
// both; compiled, they would call the host's C++ runtime on device type
// descriptors and crash). Host code may use them freely.
// RUN: not %loomcc %s -o %t 2>&1 | FileCheck %s
// CHECK-DAG: device_rtti.cu:[[@LINE+13]]:{{[0-9]+}}: error: dynamic_cast is not supported in device code
// CHECK-DAG: device_rtti.cu:[[@LINE+16]]:{{[0-9]+}}: error: dynamic_cast is not supported in device code
// CHECK-DAG: device_rtti.cu:[[@LINE+19]]:{{[0-9]+}}: error: typeid is not supported in device code
#include <typeinfo>

struct A {
  __host__ __device__ virtual int f() { return 1; }
};
struct B : A {
  __host__ __device__ int f() override { return 2; }
};

__global__ void pointerCast(A *a, int *o) {
  B *b = dynamic_cast<B *>(a);
  o[0] = b ? b->f() : -1;
}
__global__ void referenceCast(A *a, int *o) {
  B &b = dynamic_cast<B &>(*a);
  o[0] = b.f();
}
__global__ void typeOf(A *a, int *o) {
  o[0] = &typeid(*a) == &typeid(B); // type_info::operator== is host-only
}

int main() {
  B b;
  A *a = &b;
  return dynamic_cast<B *>(a) && typeid(*a) == typeid(B) ? 0 : 1;
}

/* mma.h - CUDA's warp matrix functions (nvcuda::wmma) for Loom.
 * SPDX-License-Identifier: Apache-2.0
 *
 * On a GPU a fragment is spread over the 32 lanes of a warp in a layout
 * CUDA leaves unspecified. Loom's choice (docs/libraries.md, "Toolkit
 * headers"): every lane holds the whole tile, x[] in row-major order of the
 * tile (matrix_a: m x k, matrix_b: k x n, accumulator: m x n), so
 * num_elements is the tile size and element-wise loops over x[] (scaling,
 * activation) act on every element once per lane, consistently. A lane
 * loads the whole tile by itself and computes the whole product, so the
 * operations need no communication between lanes and are correct however
 * Loom runs a warp's lanes (one after the other, or as a vector gang);
 * store_matrix_sync writes the whole tile from every lane (identical
 * values), so a lane that reads the result back needs no other lane to
 * have run first. It costs 32 times a GPU's arithmetic.
 *
 * Shapes m16n16k16, m32n8k16, m8n32k16 for half, __nv_bfloat16 (float
 * accumulators; half ones for half inputs too), precision::tf32 with m16n16k8
 * (float storage; the product uses each input's top 19 bits, as tensor cores
 * do), 8-bit integers with int accumulators, and double with m8n8k4.
 * Products are summed in float (double for double) in k order.
 */
#ifndef __LOOM_MMA_H__
#define __LOOM_MMA_H__

#include "cuda_fp16.h"
#include "cuda_bf16.h"

#define __LOOM_WMMA_FN __device__ inline

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;

enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32;
} // namespace precision
namespace experimental {
namespace precision {
struct u4;
struct s4;
struct b1;
} // namespace precision
} // namespace experimental

/* Element types a fragment stores (tf32 values are floats). */
template <typename T> struct __loom_storage { typedef T type; };
template <> struct __loom_storage<precision::tf32> { typedef float type; };

template <typename Use, int M, int N, int K> struct __loom_dims;
template <int M, int N, int K> struct __loom_dims<matrix_a, M, N, K> {
  enum { rows = M, cols = K };
};
template <int M, int N, int K> struct __loom_dims<matrix_b, M, N, K> {
  enum { rows = K, cols = N };
};
template <int M, int N, int K> struct __loom_dims<accumulator, M, N, K> {
  enum { rows = M, cols = N };
};

/* Shapes and types CUDA offers; anything else is a compile error here. */
template <int M, int N, int K, typename T> struct __loom_shape_ok { enum { value = 0 }; };
#define __LOOM_WMMA_SHAPE(M, N, K, T)                                                              \
  template <> struct __loom_shape_ok<M, N, K, T> { enum { value = 1 }; };
#define __LOOM_WMMA_SHAPES(T)                                                                      \
  __LOOM_WMMA_SHAPE(16, 16, 16, T) __LOOM_WMMA_SHAPE(32, 8, 16, T) __LOOM_WMMA_SHAPE(8, 32, 16, T)
__LOOM_WMMA_SHAPES(__half)
__LOOM_WMMA_SHAPES(__nv_bfloat16)
__LOOM_WMMA_SHAPES(float)
__LOOM_WMMA_SHAPES(signed char)
__LOOM_WMMA_SHAPES(unsigned char)
__LOOM_WMMA_SHAPES(int)
__LOOM_WMMA_SHAPE(16, 16, 8, precision::tf32)
__LOOM_WMMA_SHAPE(16, 16, 8, float)
__LOOM_WMMA_SHAPE(8, 8, 4, double)
#undef __LOOM_WMMA_SHAPES
#undef __LOOM_WMMA_SHAPE

template <typename Use, int m, int n, int k, typename T, typename Layout = void> class fragment {
  static_assert(__loom_shape_ok<m, n, k, T>::value,
                "nvcuda::wmma: this shape and element type are not a WMMA fragment");

public:
  typedef typename __loom_storage<T>::type element_type;
  typedef element_type storage_element_type;
  enum {
    num_rows = __loom_dims<Use, m, n, k>::rows,
    num_cols = __loom_dims<Use, m, n, k>::cols,
    num_elements = num_rows * num_cols,
    num_storage_elements = num_elements
  };
  element_type x[num_elements];
};

/* ---- Conversions to the type products are summed in. ---- */
__LOOM_WMMA_FN float __loom_wmma_f(__half v) { return __half2float(v); }
__LOOM_WMMA_FN float __loom_wmma_f(__nv_bfloat16 v) { return __bfloat162float(v); }
__LOOM_WMMA_FN float __loom_wmma_f(float v) { return v; }
__LOOM_WMMA_FN double __loom_wmma_f(double v) { return v; }
__LOOM_WMMA_FN int __loom_wmma_f(signed char v) { return v; }
__LOOM_WMMA_FN int __loom_wmma_f(unsigned char v) { return v; }
__LOOM_WMMA_FN int __loom_wmma_f(int v) { return v; }
/* A tf32 operand: the top 19 bits of the float (tensor cores ignore the rest). */
__LOOM_WMMA_FN float __loom_wmma_tf32(float v) {
  return __uint_as_float(__float_as_uint(v) & 0xffffe000u);
}
template <typename T> struct __loom_is_tf32 { enum { value = 0 }; };
template <> struct __loom_is_tf32<precision::tf32> { enum { value = 1 }; };

template <typename To> struct __loom_wmma_cvt;
template <> struct __loom_wmma_cvt<float> {
  __LOOM_WMMA_FN static float from(float v) { return v; }
  __LOOM_WMMA_FN static float saturate(float v) {
    return v != v ? 0.f : v > 3.40282347e38f ? 3.40282347e38f : v < -3.40282347e38f ? -3.40282347e38f : v;
  }
};
template <> struct __loom_wmma_cvt<__half> {
  __LOOM_WMMA_FN static __half from(float v) { return __float2half(v); }
  __LOOM_WMMA_FN static float saturate(float v) {
    return v != v ? 0.f : v > 65504.f ? 65504.f : v < -65504.f ? -65504.f : v;
  }
};
template <> struct __loom_wmma_cvt<double> {
  __LOOM_WMMA_FN static double from(double v) { return v; }
  __LOOM_WMMA_FN static double saturate(double v) { return v != v ? 0.0 : v; }
};
template <> struct __loom_wmma_cvt<int> {
  __LOOM_WMMA_FN static int from(int v) { return v; }
  __LOOM_WMMA_FN static int saturate(int v) { return v; }
};

/* ---- fill, load, store ---- */
template <typename Use, int m, int n, int k, typename T, typename L>
__LOOM_WMMA_FN void fill_fragment(fragment<Use, m, n, k, T, L> &f,
                                  const typename fragment<Use, m, n, k, T, L>::element_type &v) {
  for (int i = 0; i < fragment<Use, m, n, k, T, L>::num_elements; ++i)
    f.x[i] = v;
}

template <typename Use, int m, int n, int k, typename T>
__LOOM_WMMA_FN void load_matrix_sync(fragment<Use, m, n, k, T, row_major> &f,
                                     const typename fragment<Use, m, n, k, T, row_major>::element_type *p,
                                     unsigned ldm) {
  typedef fragment<Use, m, n, k, T, row_major> F;
  for (int r = 0; r < F::num_rows; ++r)
    for (int c = 0; c < F::num_cols; ++c)
      f.x[r * F::num_cols + c] = p[(size_t)r * ldm + c];
}
template <typename Use, int m, int n, int k, typename T>
__LOOM_WMMA_FN void load_matrix_sync(fragment<Use, m, n, k, T, col_major> &f,
                                     const typename fragment<Use, m, n, k, T, col_major>::element_type *p,
                                     unsigned ldm) {
  typedef fragment<Use, m, n, k, T, col_major> F;
  for (int r = 0; r < F::num_rows; ++r)
    for (int c = 0; c < F::num_cols; ++c)
      f.x[r * F::num_cols + c] = p[r + (size_t)c * ldm];
}
template <int m, int n, int k, typename T>
__LOOM_WMMA_FN void load_matrix_sync(fragment<accumulator, m, n, k, T> &f, const T *p, unsigned ldm,
                                     layout_t layout) {
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < n; ++c)
      f.x[r * n + c] = layout == mem_row_major ? p[(size_t)r * ldm + c] : p[r + (size_t)c * ldm];
}
template <int m, int n, int k, typename T>
__LOOM_WMMA_FN void store_matrix_sync(T *p, const fragment<accumulator, m, n, k, T> &f, unsigned ldm,
                                      layout_t layout) {
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < n; ++c) {
      if (layout == mem_row_major)
        p[(size_t)r * ldm + c] = f.x[r * n + c];
      else
        p[r + (size_t)c * ldm] = f.x[r * n + c];
    }
}

/* ---- D = A * B + C ---- */
template <int m, int n, int k, typename TA, typename LA, typename TB, typename LB, typename TC,
          typename TD>
__LOOM_WMMA_FN void mma_sync(fragment<accumulator, m, n, k, TD> &d,
                             const fragment<matrix_a, m, n, k, TA, LA> &a,
                             const fragment<matrix_b, m, n, k, TB, LB> &b,
                             const fragment<accumulator, m, n, k, TC> &c, bool satf = false) {
  typedef decltype(__loom_wmma_f(a.x[0]) * __loom_wmma_f(b.x[0])) Acc;
  typename fragment<accumulator, m, n, k, TD>::element_type out[m * n];
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      Acc s = (Acc)__loom_wmma_f(c.x[i * n + j]);
      for (int l = 0; l < k; ++l) {
        Acc av = __loom_wmma_f(a.x[i * k + l]), bv = __loom_wmma_f(b.x[l * n + j]);
        if (__loom_is_tf32<TA>::value)
          av = __loom_wmma_tf32(av);
        if (__loom_is_tf32<TB>::value)
          bv = __loom_wmma_tf32(bv);
        s += av * bv;
      }
      if (satf) /* saturation: NaN to 0, beyond the finite range to its end */
        s = __loom_wmma_cvt<TD>::saturate(s);
      out[i * n + j] = __loom_wmma_cvt<TD>::from(s);
    }
  for (int i = 0; i < m * n; ++i)
    d.x[i] = out[i];
}

/* tf32 rounding of a float (round to nearest, ties away from zero, to 10
 * mantissa bits), as CUDA's wmma::__float_to_tf32. */
__LOOM_WMMA_FN float __float_to_tf32(float v) {
  unsigned u = __float_as_uint(v);
  if ((u & 0x7f800000u) == 0x7f800000u)
    return v; /* infinity, NaN */
  u = (u + 0x1000u) & 0xffffe000u;
  return __uint_as_float(u);
}

} // namespace wmma
} // namespace nvcuda

#endif /* __LOOM_MMA_H__ */

// Vector triad a[i] = b[i] + s * c[i], OpenMP baseline for triad_gs: on a CPU
// there is no grid to stride over, so this is triad_omp.cpp's plain parallel
// simd loop at triad_gs's size.
#define TRIAD_N (1 << 25)
#include "triad_omp.cpp"

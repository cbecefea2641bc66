// 2D 5-point Jacobi stencil, OpenMP baseline for stencil2d_tiled: a CPU
// programmer does not stage a tile (three 32 KiB rows stay in L2 anyway), so
// this is stencil2d_omp.cpp's row-parallel, simd-inner sweep at
// stencil2d_tiled's size.
#define STENCIL_NX 8192
#define STENCIL_NY 4096
#include "stencil2d_omp.cpp"

/* clbench.c - OpenCL kernels timed on one platform (Loom or PoCL), for bench/opencl.sh.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Usage: clbench <platform name>. For each kernel: build (not timed), one
 * warm-up run, then the kernel's iterations timed with the host clock
 * around enqueue + clFinish; prints "<kernel> <ms>" and checks the result
 * against a CPU reference (exit 1 on a mismatch). The same source and
 * sizes run on every platform, so the ratios compare implementations. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *source =
    "__kernel void saxpy(__global const float *x, __global float *y, float a) {\n"
    "  size_t i = get_global_id(0);\n"
    "  y[i] = a * x[i] + y[i];\n"
    "}\n"
    "__kernel void reduce(__global const float *in, __global float *out, __local float *t) {\n"
    "  size_t l = get_local_id(0);\n"
    "  t[l] = in[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {\n"
    "    if (l < s) t[l] += t[l + s];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  if (l == 0) out[get_group_id(0)] = t[0];\n"
    "}\n"
    "#define TILE 16\n"
    "__kernel void matmul(__global const float *A, __global const float *B, __global float *C,\n"
    "                     int n) {\n"
    "  __local float As[TILE][TILE], Bs[TILE][TILE];\n"
    "  int tx = get_local_id(0), ty = get_local_id(1);\n"
    "  int row = get_global_id(1), col = get_global_id(0);\n"
    "  float sum = 0.0f;\n"
    "  for (int t = 0; t < n / TILE; ++t) {\n"
    "    As[ty][tx] = A[row * n + t * TILE + tx];\n"
    "    Bs[ty][tx] = B[(t * TILE + ty) * n + col];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "    for (int k = 0; k < TILE; ++k) sum += As[ty][k] * Bs[k][tx];\n"
    "    barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  }\n"
    "  C[row * n + col] = sum;\n"
    "}\n"
    "__kernel void expsin(__global const float *x, __global float *y) {\n"
    "  size_t i = get_global_id(0);\n"
    "  y[i] = exp(-x[i]) * sin(x[i]);\n"
    "}\n"
    "__kernel void stencil(__global const float *in, __global float *out, int w, int h) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  if (x == 0 || y == 0 || x == w - 1 || y == h - 1) { out[y * w + x] = in[y * w + x]; return; }\n"
    "  out[y * w + x] = 0.2f * (in[y * w + x] + in[y * w + x - 1] + in[y * w + x + 1]\n"
    "                          + in[(y - 1) * w + x] + in[(y + 1) * w + x]);\n"
    "}\n"
    /* Accumulation into a buffer inside a loop: unless out, in and coef are
     * known not to alias, every iteration reloads in[i] and out[i]. */
    "__kernel void accum(__global float *out, __global const float *in,\n"
    "                    __global const float *coef, int n) {\n"
    "  size_t i = get_global_id(0);\n"
    "  for (int k = 0; k < n; ++k)\n"
    "    out[i] += in[i] * coef[k];\n"
    "}\n"
    /* A filter whose width is a run-time argument (uniform across launches):
     * with taps a constant the loop unrolls and the weights stay in registers. */
    "__kernel void conv(__global const float *in, __global const float *wt, __global float *out,\n"
    "                   int taps) {\n"
    "  size_t i = get_global_id(0);\n"
    "  float s = 0.0f;\n"
    "  for (int k = 0; k < taps; ++k)\n"
    "    s += in[i + k] * wt[k];\n"
    "  out[i] = s;\n"
    "}\n"
    /* Work repeated by every row: s(x) depends on x only (thread coarsening
     * along y computes it once for 4 rows). */
    "__kernel void rowinv(__global float *out, __global const float *in,\n"
    "                     __global const float *w, int n) {\n"
    "  int x = get_global_id(0), y = get_global_id(1);\n"
    "  float s = 0.0f;\n"
    "  for (int j = 0; j < n; ++j)\n"
    "    s += w[j] * sin((float)(x * j) * 0.001f);\n"
    "  size_t i = (size_t)y * get_global_size(0) + x;\n"
    "  out[i] = s * in[i];\n"
    "}\n"
    /* An array of 32-byte structures, 6 of whose 8 floats a time step reads
     * and 4 it writes (the data-layout transformation keeps it as arrays). */
    "typedef struct { float x, y, z, vx, vy, vz, m, q; } Particle;\n"
    "__kernel void particles(__global Particle *p, float dt) {\n"
    "  size_t i = get_global_id(0);\n"
    "  p[i].x += p[i].vx * dt;\n"
    "  p[i].y += p[i].vy * dt;\n"
    "  p[i].z += p[i].vz * dt;\n"
    "  p[i].vy -= 9.81f * dt;\n"
    "}\n";

#define CHECK(e)                                                                                   \
  do {                                                                                             \
    cl_int r_ = (e);                                                                               \
    if (r_ != CL_SUCCESS) {                                                                        \
      fprintf(stderr, "%s:%d: %s = %d\n", __FILE__, __LINE__, #e, r_);                             \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static cl_context ctx;
static cl_command_queue q;

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static cl_mem buf(size_t bytes, void *host) {
  cl_int e;
  cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | (host ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                            host, &e);
  CHECK(e);
  return m;
}

/* Runs k iters times over the range; returns milliseconds (after three warm-up
 * launches: Loom's uniform-argument variants are built at the third launch with the same
 * values, so no compile is timed). l NULL: the platform chooses the work-group size. */
static double timed(cl_kernel k, cl_uint dims, const size_t *g, const size_t *l, int iters) {
  for (int w = 0; w < 3; ++w)
    CHECK(clEnqueueNDRangeKernel(q, k, dims, NULL, g, l, 0, NULL, NULL));
  CHECK(clFinish(q));
  double t0 = now_ms();
  for (int i = 0; i < iters; ++i)
    CHECK(clEnqueueNDRangeKernel(q, k, dims, NULL, g, l, 0, NULL, NULL));
  CHECK(clFinish(q));
  return now_ms() - t0;
}

static int bad(const char *what, double got, double want, double tol) {
  if (fabs(got - want) <= tol * fabs(want) + tol)
    return 0;
  fprintf(stderr, "%s: %.9g, expected %.9g\n", what, got, want);
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: clbench <platform name>\n");
    return 2;
  }
  cl_platform_id ps[16], p = NULL;
  cl_uint np = 0;
  CHECK(clGetPlatformIDs(16, ps, &np));
  for (cl_uint i = 0; i < np && i < 16; ++i) {
    char name[256] = {0};
    clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
    if (strstr(name, argv[1]))
      p = ps[i];
  }
  if (!p) {
    fprintf(stderr, "no platform named '%s'\n", argv[1]);
    return 2;
  }
  cl_device_id d;
  CHECK(clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 1, &d, NULL));
  cl_int e;
  ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &e);
  CHECK(e);
  q = clCreateCommandQueueWithProperties(ctx, d, NULL, &e);
  CHECK(e);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &e);
  CHECK(e);
  if (clBuildProgram(prog, 1, &d, "-cl-std=CL1.2", NULL, NULL) != CL_SUCCESS) {
    char log[16384] = {0};
    clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    fprintf(stderr, "build failed:\n%s\n", log);
    return 1;
  }
  int fails = 0;

  { /* saxpy: 16M floats, memory bound */
    size_t n = 1 << 24;
    float *x = malloc(n * 4), *y = malloc(n * 4);
    for (size_t i = 0; i < n; ++i) { x[i] = (float)(i % 1000); y[i] = 1.0f; }
    cl_mem dx = buf(n * 4, x), dy = buf(n * 4, y);
    cl_kernel k = clCreateKernel(prog, "saxpy", &e);
    CHECK(e);
    float a = 0.5f;
    CHECK(clSetKernelArg(k, 0, sizeof dx, &dx));
    CHECK(clSetKernelArg(k, 1, sizeof dy, &dy));
    CHECK(clSetKernelArg(k, 2, sizeof a, &a));
    size_t g = n, l = 256;
    int iters = 10;
    printf("saxpy %.3f\n", timed(k, 1, &g, &l, iters));
    CHECK(clEnqueueReadBuffer(q, dy, CL_TRUE, 0, n * 4, y, 0, NULL, NULL));
    fails += bad("saxpy y[12345]", y[12345], 1.0 + (iters + 3) * 0.5 * (12345 % 1000), 1e-5);
    /* The same with no local size: the platform's choice. */
    for (size_t i = 0; i < n; ++i) y[i] = 1.0f;
    CHECK(clEnqueueWriteBuffer(q, dy, CL_TRUE, 0, n * 4, y, 0, NULL, NULL));
    printf("saxpy-auto %.3f\n", timed(k, 1, &g, NULL, iters));
    CHECK(clEnqueueReadBuffer(q, dy, CL_TRUE, 0, n * 4, y, 0, NULL, NULL));
    fails += bad("saxpy-auto y[12345]", y[12345], 1.0 + (iters + 3) * 0.5 * (12345 % 1000), 1e-5);
    clReleaseKernel(k); clReleaseMemObject(dx); clReleaseMemObject(dy); free(x); free(y);
  }
  { /* reduce: 16M floats in groups of 256 with a local-memory tree */
    size_t n = 1 << 24, l = 256, groups = n / l;
    float *x = malloc(n * 4), *o = malloc(groups * 4);
    for (size_t i = 0; i < n; ++i) x[i] = (float)(i % 7);
    cl_mem dx = buf(n * 4, x), dout = buf(groups * 4, NULL);
    cl_kernel k = clCreateKernel(prog, "reduce", &e);
    CHECK(e);
    CHECK(clSetKernelArg(k, 0, sizeof dx, &dx));
    CHECK(clSetKernelArg(k, 1, sizeof dout, &dout));
    CHECK(clSetKernelArg(k, 2, l * 4, NULL));
    printf("reduce %.3f\n", timed(k, 1, &n, &l, 5));
    CHECK(clEnqueueReadBuffer(q, dout, CL_TRUE, 0, groups * 4, o, 0, NULL, NULL));
    double want = 0;
    for (size_t i = 0; i < l; ++i) want += x[5 * l + i];
    fails += bad("reduce out[5]", o[5], want, 1e-6);
    clReleaseKernel(k); clReleaseMemObject(dx); clReleaseMemObject(dout); free(x); free(o);
  }
  { /* matmul: 512 x 512, 16 x 16 local tiles */
    int n = 512;
    float *A = malloc(n * n * 4), *B = malloc(n * n * 4), *C = malloc(n * n * 4);
    for (int i = 0; i < n * n; ++i) { A[i] = (float)(i % 13) / 13; B[i] = (float)(i % 7) / 7; }
    cl_mem dA = buf(n * n * 4, A), dB = buf(n * n * 4, B), dC = buf(n * n * 4, NULL);
    cl_kernel k = clCreateKernel(prog, "matmul", &e);
    CHECK(e);
    CHECK(clSetKernelArg(k, 0, sizeof dA, &dA));
    CHECK(clSetKernelArg(k, 1, sizeof dB, &dB));
    CHECK(clSetKernelArg(k, 2, sizeof dC, &dC));
    CHECK(clSetKernelArg(k, 3, sizeof n, &n));
    size_t g[2] = {n, n}, l[2] = {16, 16};
    printf("matmul %.3f\n", timed(k, 2, g, l, 2));
    CHECK(clEnqueueReadBuffer(q, dC, CL_TRUE, 0, n * n * 4, C, 0, NULL, NULL));
    double want = 0;
    for (int kk = 0; kk < n; ++kk) want += (double)A[77 * n + kk] * B[kk * n + 300];
    fails += bad("matmul C[77][300]", C[77 * n + 300], want, 1e-4);
    clReleaseKernel(k); clReleaseMemObject(dA); clReleaseMemObject(dB); clReleaseMemObject(dC);
    free(A); free(B); free(C);
  }
  { /* expsin: 16M floats through exp and sin */
    size_t n = 1 << 24;
    float *x = malloc(n * 4), *y = malloc(n * 4);
    for (size_t i = 0; i < n; ++i) x[i] = (float)(i % 10000) / 1000;
    cl_mem dx = buf(n * 4, x), dy = buf(n * 4, NULL);
    cl_kernel k = clCreateKernel(prog, "expsin", &e);
    CHECK(e);
    CHECK(clSetKernelArg(k, 0, sizeof dx, &dx));
    CHECK(clSetKernelArg(k, 1, sizeof dy, &dy));
    size_t l = 256;
    printf("expsin %.3f\n", timed(k, 1, &n, &l, 5));
    CHECK(clEnqueueReadBuffer(q, dy, CL_TRUE, 0, n * 4, y, 0, NULL, NULL));
    fails += bad("expsin y[4321]", y[4321], exp(-x[4321]) * sin(x[4321]), 1e-5);
    clReleaseKernel(k); clReleaseMemObject(dx); clReleaseMemObject(dy); free(x); free(y);
  }
  { /* stencil: 4096 x 4096 five-point, 16 x 16 work-groups */
    int w = 4096, h = 4096;
    float *in = malloc((size_t)w * h * 4), *out = malloc((size_t)w * h * 4);
    for (size_t i = 0; i < (size_t)w * h; ++i) in[i] = (float)(i % 17);
    cl_mem di = buf((size_t)w * h * 4, in), dO = buf((size_t)w * h * 4, NULL);
    cl_kernel k = clCreateKernel(prog, "stencil", &e);
    CHECK(e);
    CHECK(clSetKernelArg(k, 0, sizeof di, &di));
    CHECK(clSetKernelArg(k, 1, sizeof dO, &dO));
    CHECK(clSetKernelArg(k, 2, sizeof w, &w));
    CHECK(clSetKernelArg(k, 3, sizeof h, &h));
    size_t g[2] = {w, h}, l[2] = {16, 16};
    printf("stencil %.3f\n", timed(k, 2, g, l, 5));
    CHECK(clEnqueueReadBuffer(q, dO, CL_TRUE, 0, (size_t)w * h * 4, out, 0, NULL, NULL));
    size_t c = 100 * (size_t)w + 200;
    fails += bad("stencil out[100][200]", out[c],
                 0.2 * (in[c] + in[c - 1] + in[c + 1] + in[c - w] + in[c + w]), 1e-5);
    /* The same with no local size: the platform's choice. */
    CHECK(clEnqueueFillBuffer(q, dO, &(float){0}, 4, 0, (size_t)w * h * 4, 0, NULL, NULL));
    printf("stencil-auto %.3f\n", timed(k, 2, g, NULL, 5));
    CHECK(clEnqueueReadBuffer(q, dO, CL_TRUE, 0, (size_t)w * h * 4, out, 0, NULL, NULL));
    fails += bad("stencil-auto out[100][200]", out[c],
                 0.2 * (in[c] + in[c - 1] + in[c + 1] + in[c - w] + in[c + w]), 1e-5);
    clReleaseKernel(k); clReleaseMemObject(di); clReleaseMemObject(dO); free(in); free(out);
  }
  { /* accum: 1M work-items, 64 accumulations each */
    size_t n = 1 << 20;
    int m = 64, iters = 5;
    float *in = malloc(n * 4), *out = malloc(n * 4), coef[64];
    double csum = 0;
    for (size_t i = 0; i < n; ++i) in[i] = (float)(i % 13) / 8;
    for (int k = 0; k < m; ++k) csum += coef[k] = (float)(k % 5) / 4;
    memset(out, 0, n * 4);
    cl_mem dO = buf(n * 4, out), di = buf(n * 4, in), dc = buf(sizeof coef, coef);
    cl_kernel k = clCreateKernel(prog, "accum", &e);
    CHECK(e);
    CHECK(clSetKernelArg(k, 0, sizeof dO, &dO));
    CHECK(clSetKernelArg(k, 1, sizeof di, &di));
    CHECK(clSetKernelArg(k, 2, sizeof dc, &dc));
    CHECK(clSetKernelArg(k, 3, sizeof m, &m));
    size_t l = 256;
    printf("accum %.3f\n", timed(k, 1, &n, &l, iters));
    CHECK(clEnqueueReadBuffer(q, dO, CL_TRUE, 0, n * 4, out, 0, NULL, NULL));
    fails += bad("accum out[12345]", out[12345], (3 + iters) * in[12345] * csum, 1e-5);
    clReleaseKernel(k); clReleaseMemObject(dO); clReleaseMemObject(di); clReleaseMemObject(dc);
    free(in); free(out);
  }
  { /* conv: 4M outputs of a 9-tap filter whose width is an argument */
    size_t n = 1 << 22;
    int taps = 9;
    float *in = malloc((n + 16) * 4), *out = malloc(n * 4), wt[9];
    for (size_t i = 0; i < n + 16; ++i) in[i] = (float)(i % 11) / 4;
    for (int k = 0; k < taps; ++k) wt[k] = (float)(k + 1) / 16;
    cl_mem di = buf((n + 16) * 4, in), dw = buf(sizeof wt, wt), dO = buf(n * 4, NULL);
    cl_kernel k = clCreateKernel(prog, "conv", &e);
    CHECK(e);
    CHECK(clSetKernelArg(k, 0, sizeof di, &di));
    CHECK(clSetKernelArg(k, 1, sizeof dw, &dw));
    CHECK(clSetKernelArg(k, 2, sizeof dO, &dO));
    CHECK(clSetKernelArg(k, 3, sizeof taps, &taps));
    size_t l = 256;
    printf("conv %.3f\n", timed(k, 1, &n, &l, 5));
    CHECK(clEnqueueReadBuffer(q, dO, CL_TRUE, 0, n * 4, out, 0, NULL, NULL));
    double want = 0;
    for (int kk = 0; kk < taps; ++kk) want += (double)in[54321 + kk] * wt[kk];
    fails += bad("conv out[54321]", out[54321], want, 1e-5);
    clReleaseKernel(k); clReleaseMemObject(di); clReleaseMemObject(dw); clReleaseMemObject(dO);
    free(in); free(out);
  }
  { /* rowinv: 1024 x 1024, a 32-term row-invariant sum per element */
    int w = 1024, h = 1024, m = 32;
    float *in = malloc((size_t)w * h * 4), *out = malloc((size_t)w * h * 4), wt[32];
    for (size_t i = 0; i < (size_t)w * h; ++i) in[i] = (float)(i % 9) / 4;
    for (int k = 0; k < m; ++k) wt[k] = (float)(k % 5) / 8;
    cl_mem di = buf((size_t)w * h * 4, in), dw = buf(sizeof wt, wt);
    cl_mem dO = buf((size_t)w * h * 4, NULL);
    cl_kernel k = clCreateKernel(prog, "rowinv", &e);
    CHECK(e);
    CHECK(clSetKernelArg(k, 0, sizeof dO, &dO));
    CHECK(clSetKernelArg(k, 1, sizeof di, &di));
    CHECK(clSetKernelArg(k, 2, sizeof dw, &dw));
    CHECK(clSetKernelArg(k, 3, sizeof m, &m));
    size_t g[2] = {w, h}, l[2] = {16, 16};
    printf("rowinv %.3f\n", timed(k, 2, g, l, 3));
    CHECK(clEnqueueReadBuffer(q, dO, CL_TRUE, 0, (size_t)w * h * 4, out, 0, NULL, NULL));
    double want = 0;
    for (int kk = 0; kk < m; ++kk) want += wt[kk] * sin((float)(300 * kk) * 0.001f);
    fails += bad("rowinv out[77][300]", out[77 * w + 300], want * in[77 * w + 300], 1e-4);
    clReleaseKernel(k); clReleaseMemObject(di); clReleaseMemObject(dw); clReleaseMemObject(dO);
    free(in); free(out);
  }
  { /* particles: 2M 32-byte structures, a time step per launch; then the same with the
     * whole buffer read back after every launch (particles-read: a transformed layout
     * converts both ways each time) */
    size_t n = 1 << 21;
    float *p = malloc(n * 32);
    for (size_t i = 0; i < n * 8; ++i) p[i] = (float)(i % 13) / 8;
    cl_mem dp = buf(n * 32, p);
    cl_kernel k = clCreateKernel(prog, "particles", &e);
    CHECK(e);
    float dt = 1.0f / 1024;
    CHECK(clSetKernelArg(k, 0, sizeof dp, &dp));
    CHECK(clSetKernelArg(k, 1, sizeof dt, &dt));
    size_t l = 256;
    printf("particles %.3f\n", timed(k, 1, &n, &l, 10));
    double t0 = now_ms();
    for (int i = 0; i < 3; ++i) {
      CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &l, 0, NULL, NULL));
      CHECK(clEnqueueReadBuffer(q, dp, CL_TRUE, 0, n * 32, p, 0, NULL, NULL));
    }
    printf("particles-read %.3f\n", now_ms() - t0);
    /* 3 + 10 + 3 steps: particle 12345's y and vy. */
    size_t j = 12345;
    double y = (float)((j * 8 + 1) % 13) / 8, vy = (float)((j * 8 + 4) % 13) / 8;
    for (int s = 0; s < 16; ++s) {
      y += vy * dt;
      vy -= 9.81 * dt;
    }
    fails += bad("particles y[12345]", p[j * 8 + 1], y, 1e-4);
    fails += bad("particles vy[12345]", p[j * 8 + 4], vy, 1e-4);
    fails += bad("particles m[12345]", p[j * 8 + 6], (float)((j * 8 + 6) % 13) / 8, 0);
    clReleaseKernel(k); clReleaseMemObject(dp);
    free(p);
  }
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  return fails ? 1 : 0;
}

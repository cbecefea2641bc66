/* inline.c - C99 inline functions: a plain "inline" definition (no static,
 * no extern) has no external definition, yet its calls must work; Rodinia's
 * cfd and hybridsort write their helpers so, and clang drops such bodies at
 * -O0. Also inline helpers from a header shared by two linked objects.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"

/* The forms of Rodinia's cfd (a struct by value, a result through a
 * pointer) and hybridsort (a volatile __local pointer). */
static const char *source =
    "typedef struct { float x, y, z; } F3;\n"
    "inline void velocity(float d, F3 m, F3 *v) { v->x = m.x / d; v->y = m.y / d; v->z = m.z / d; }\n"
    "inline float speed_sqd(F3 v) { return v.x * v.x + v.y * v.y + v.z * v.z; }\n"
    "static inline float half_of(float x) { return 0.5f * x; }\n"
    "inline void add_local(volatile __local uint *h, uint v) { atomic_add(h, v); }\n"
    "extern inline int plus_one(int x);\n" /* with this one an external definition */
    "inline int plus_one(int x) { return x + 1; }\n"
    "__kernel void k(__global const float *in, __global float *out, __global uint *sum) {\n"
    "  __local uint h;\n"
    "  size_t i = get_global_id(0);\n"
    "  if (get_local_id(0) == 0) h = 0;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  F3 m = {in[i], 2.0f * in[i], 3.0f}; F3 v;\n"
    "  velocity(2.0f, m, &v);\n"
    "  out[i] = half_of(speed_sqd(v)) + plus_one((int)i);\n"
    "  add_local(&h, 1u);\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  if (get_local_id(0) == 0) atomic_add(sum, h);\n"
    "}\n";

/* Two objects that both include a header's inline helper, linked. */
static const char *header = "inline int twice(int x) { return 2 * x; }\n";
static const char *source_a = "#include \"twice.h\"\n"
                              "int from_b(int x);\n"
                              "__kernel void ka(__global int *o) {\n"
                              "  int i = get_global_id(0); o[i] = twice(i) + from_b(i);\n"
                              "}\n";
static const char *source_b = "#include \"twice.h\"\n"
                              "int from_b(int x) { return twice(twice(x)); }\n";

static cl_program from_source(const char *s) {
  cl_int err;
  cl_program p = clCreateProgramWithSource(context, 1, &s, NULL, &err);
  REQUIRE(err == CL_SUCCESS && p);
  return p;
}

int main(void) {
  setup_queue(0);
  enum { N = 256 };
  float in[N], out[N];
  for (int i = 0; i < N; ++i)
    in[i] = (float)i;
  cl_program p = build(source, NULL);
  cl_kernel k = kernel(p, "k");
  cl_mem bi = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in);
  cl_mem bo = buffer(CL_MEM_WRITE_ONLY, sizeof out, NULL);
  cl_uint zero = 0, sum = 0;
  cl_mem bs = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero, &zero);
  OK(clSetKernelArg(k, 0, sizeof bi, &bi));
  OK(clSetKernelArg(k, 1, sizeof bo, &bo));
  OK(clSetKernelArg(k, 2, sizeof bs, &bs));
  size_t global = N, local = 64;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, bo, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, bs, CL_TRUE, 0, sizeof sum, &sum, 0, NULL, NULL));
  for (int i = 0; i < N; ++i) {
    float vx = in[i] / 2.0f, vy = 2.0f * in[i] / 2.0f, vz = 3.0f / 2.0f;
    float want = 0.5f * (vx * vx + vy * vy + vz * vz) + (float)(i + 1);
    if (fabsf(out[i] - want) > 1e-5f * fabsf(want)) {
      fprintf(stderr, "element %d: got %g, want %g\n", i, out[i], want);
      ++failures;
      break;
    }
  }
  CHECK(sum == N);

  cl_program h = from_source(header), a = from_source(source_a), b = from_source(source_b);
  const char *names[1] = {"twice.h"};
  OK(clCompileProgram(a, 1, &device, NULL, 1, &h, names, NULL, NULL));
  OK(clCompileProgram(b, 1, &device, NULL, 1, &h, names, NULL, NULL));
  cl_program inputs[2] = {a, b};
  cl_int err;
  cl_program exe = clLinkProgram(context, 1, &device, NULL, 2, inputs, NULL, NULL, &err);
  if (err != CL_SUCCESS && exe) {
    char log[16384] = {0};
    clGetProgramBuildInfo(exe, device, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log, NULL);
    fprintf(stderr, "link failed (%d):\n%s\n", err, log);
  }
  REQUIRE(err == CL_SUCCESS && exe);
  cl_kernel ka = kernel(exe, "ka");
  int o[N];
  cl_mem bo2 = buffer(CL_MEM_WRITE_ONLY, sizeof o, NULL);
  OK(clSetKernelArg(ka, 0, sizeof bo2, &bo2));
  OK(clEnqueueNDRangeKernel(queue, ka, 1, NULL, &global, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, bo2, CL_TRUE, 0, sizeof o, o, 0, NULL, NULL));
  for (int i = 0; i < N; ++i)
    if (o[i] != 6 * i) {
      fprintf(stderr, "linked element %d: got %d, want %d\n", i, o[i], 6 * i);
      ++failures;
      break;
    }
  if (failures)
    fprintf(stderr, "%d failures\n", failures);
  else
    printf("inline: all checks passed\n");
  return failures != 0;
}

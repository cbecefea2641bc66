/* layout.c - the enqueue-time data-layout transformation (LOOM_CL_SPECIALIZE=layout,
 * LOOM_CL_REPORT=1): kernels that read and write fields of an array of structures
 * run on a structure of arrays copy of the buffer, kept across launches, and every
 * other use of the buffer sees its bytes as the program wrote them.
 * SPDX-License-Identifier: Apache-2.0
 *
 * One buffer of particles (32-byte structures; step touches 6 of their 8 floats)
 * goes through launches of step, which keep the copy, interleaved with each other
 * kind of use: a host write into the middle of it, a kernel with another layout
 * (energy), a kernel that takes it as floats, maps for reading and for writing, a
 * copy to another buffer, a read through a sub-buffer, and the same buffer as two
 * arguments of one kernel (not transformed). Every float of the buffer is checked
 * against a CPU model after each step, the fields step never touches included. A
 * float array read as x, y, z triples (12-byte elements) and a buffer too small to
 * transform run too; the library's decisions (stderr) are checked. */
#include "common.h"

static const char *source =
    "typedef struct { float x, y, z, vx, vy, vz, m, q; } Particle;\n"
    "__kernel void step(__global Particle *p, float dt) {\n"
    "  size_t i = get_global_id(0);\n"
    "  p[i].x += p[i].vx * dt;\n"
    "  p[i].y += p[i].vy * dt;\n"
    "  p[i].z += p[i].vz * dt;\n"
    "  p[i].vy -= 0.25f * dt;\n"
    "}\n"
    "__kernel void energy(__global const Particle *p, __global float *e) {\n"
    "  size_t i = get_global_id(0);\n"
    "  Particle q = p[i];\n"
    "  e[i] = 0.5f * q.m * (q.vx * q.vx + q.vy * q.vy + q.vz * q.vz) + q.q;\n"
    "}\n"
    "__kernel void scale_all(__global float *f) { f[get_global_id(0)] *= 2.0f; }\n"
    "__kernel void pair(__global Particle *a, __global const Particle *b) {\n"
    "  size_t i = get_global_id(0);\n"
    "  a[i].x += b[i].vz;\n"
    "}\n"
    "__kernel void flat(__global const float *xyz, __global float *out) {\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = xyz[3 * i] + xyz[3 * i + 1] * xyz[3 * i + 2];\n"
    "}\n";

typedef struct {
  float x, y, z, vx, vy, vz, m, q;
} Particle;

enum { N = 4096, SMALL = 100 };

static Particle model[N];

static void model_step(Particle *p, int n, float dt) {
  for (int i = 0; i < n; ++i) {
    p[i].x += p[i].vx * dt;
    p[i].y += p[i].vy * dt;
    p[i].z += p[i].vz * dt;
    p[i].vy -= 0.25f * dt;
  }
}

static int close_to(float got, float want) {
  return fabsf(got - want) <= 1e-5f * fabsf(want) + 1e-5f;
}

/* Every float of \p got against \p want. */
static void compare(const char *what, const Particle *got, const Particle *want, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i)
    for (int f = 0; f < 8; ++f)
      bad += !close_to(((const float *)&got[i])[f], ((const float *)&want[i])[f]);
  if (bad)
    fprintf(stderr, "%s: %d of %d floats wrong\n", what, bad, n * 8);
  CHECK(bad == 0);
}

/* \p times launches of step (and of the model): a program keeping the copy launches
 * more often than it converts. */
static void run_steps(cl_kernel k, cl_mem p, Particle *m, int n, float dt, int times) {
  OK(clSetKernelArg(k, 0, sizeof p, &p));
  OK(clSetKernelArg(k, 1, sizeof dt, &dt));
  size_t g = (size_t)n;
  for (int t = 0; t < times; ++t) {
    OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, NULL, 0, NULL, NULL));
    model_step(m, n, dt);
  }
}

static void check_buffer(const char *what, cl_mem p) {
  static Particle got[N];
  OK(clEnqueueReadBuffer(queue, p, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
  compare(what, got, model, N);
}

int main(void) {
  if (!getenv("LOOM_CL_SPECIALIZE") || !getenv("LOOM_CL_REPORT")) {
    fprintf(stderr, "run with LOOM_CL_SPECIALIZE=layout LOOM_CL_REPORT=1\n");
    return 1;
  }
  capture_stderr();
  setup_queue(0);
  cl_program prog = build(source, NULL);
  cl_kernel step = kernel(prog, "step"), energy = kernel(prog, "energy");
  cl_kernel scale_all = kernel(prog, "scale_all"), pair = kernel(prog, "pair");
  cl_kernel flat = kernel(prog, "flat");
  for (int i = 0; i < N; ++i) {
    float *f = (float *)&model[i];
    for (int j = 0; j < 8; ++j)
      f[j] = (float)((i * 7 + j * 13) % 29) / 8 - 1.5f;
  }
  cl_mem p = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof model, model);

  /* Launches in a row keep the copy; the read-back scatters it. */
  run_steps(step, p, model, N, 0.5f, 4);
  check_buffer("step x4", p);

  /* A host write into the middle: the copy is stale, the next launch gathers. */
  {
    Particle fresh[100];
    for (int i = 0; i < 100; ++i) {
      float *f = (float *)&fresh[i];
      for (int j = 0; j < 8; ++j)
        f[j] = (float)(i + j) / 4;
    }
    OK(clEnqueueWriteBuffer(queue, p, CL_FALSE, 1000 * sizeof(Particle), sizeof fresh, fresh, 0,
                            NULL, NULL));
    for (int i = 0; i < 100; ++i)
      model[1000 + i] = fresh[i];
    run_steps(step, p, model, N, 0.25f, 4);
    check_buffer("write, step", p);
  }

  /* Another layout (energy reads 5 fields) after step wrote its copy. */
  {
    run_steps(step, p, model, N, 0.5f, 4);
    cl_mem e = buffer(CL_MEM_READ_WRITE, N * sizeof(float), NULL);
    OK(clSetKernelArg(energy, 0, sizeof p, &p));
    OK(clSetKernelArg(energy, 1, sizeof e, &e));
    size_t g = N;
    OK(clEnqueueNDRangeKernel(queue, energy, 1, NULL, &g, NULL, 0, NULL, NULL));
    static float got[N];
    OK(clEnqueueReadBuffer(queue, e, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
    int bad = 0;
    for (int i = 0; i < N; ++i) {
      Particle q = model[i];
      bad += !close_to(got[i], 0.5f * q.m * (q.vx * q.vx + q.vy * q.vy + q.vz * q.vz) + q.q);
    }
    if (bad)
      fprintf(stderr, "energy: %d wrong\n", bad);
    CHECK(bad == 0);
    clReleaseMemObject(e);
    run_steps(step, p, model, N, 0.5f, 4);
    check_buffer("step, energy, step", p);
  }

  /* A kernel that takes the buffer as floats, between two steps. */
  {
    run_steps(step, p, model, N, 0.5f, 4);
    OK(clSetKernelArg(scale_all, 0, sizeof p, &p));
    size_t g = N * 8;
    OK(clEnqueueNDRangeKernel(queue, scale_all, 1, NULL, &g, NULL, 0, NULL, NULL));
    for (int i = 0; i < N; ++i)
      for (int j = 0; j < 8; ++j)
        ((float *)&model[i])[j] *= 2.0f;
    run_steps(step, p, model, N, 0.5f, 4);
    check_buffer("step, as floats, step", p);
  }

  /* Maps: for reading after a step, then for writing. */
  {
    run_steps(step, p, model, N, 0.5f, 4);
    cl_int err;
    Particle *m = clEnqueueMapBuffer(queue, p, CL_TRUE, CL_MAP_READ, 0, sizeof model, 0, NULL,
                                     NULL, &err);
    REQUIRE(err == CL_SUCCESS && m);
    compare("map for reading", m, model, N);
    OK(clEnqueueUnmapMemObject(queue, p, m, 0, NULL, NULL));
    run_steps(step, p, model, N, 0.5f, 4);
    m = clEnqueueMapBuffer(queue, p, CL_TRUE, CL_MAP_WRITE, 0, sizeof model, 0, NULL, NULL,
                           &err);
    REQUIRE(err == CL_SUCCESS && m);
    for (int i = 0; i < N; i += 3) {
      m[i].vx = 1.0f + (float)(i % 5);
      model[i].vx = m[i].vx;
    }
    OK(clEnqueueUnmapMemObject(queue, p, m, 0, NULL, NULL));
    run_steps(step, p, model, N, 0.5f, 4);
    check_buffer("map for writing, step", p);
  }

  /* A copy to another buffer, and a read through a sub-buffer, after steps. */
  {
    run_steps(step, p, model, N, 0.5f, 4);
    cl_mem c = buffer(CL_MEM_READ_WRITE, sizeof model, NULL);
    OK(clEnqueueCopyBuffer(queue, p, c, 0, 0, sizeof model, 0, NULL, NULL));
    check_buffer("copy", c);
    clReleaseMemObject(c);
    cl_buffer_region region = {128 * sizeof(Particle), 64 * sizeof(Particle)};
    cl_int err;
    cl_mem sub =
        clCreateSubBuffer(p, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
    REQUIRE(err == CL_SUCCESS && sub);
    run_steps(step, p, model, N, 0.5f, 4);
    Particle got[64];
    OK(clEnqueueReadBuffer(queue, sub, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
    compare("sub-buffer", got, model + 128, 64);
    clReleaseMemObject(sub);
  }

  /* One buffer as both arguments: neither transformed. Two buffers: both. */
  {
    run_steps(step, p, model, N, 0.5f, 4);
    OK(clSetKernelArg(pair, 0, sizeof p, &p));
    OK(clSetKernelArg(pair, 1, sizeof p, &p));
    size_t g = N;
    OK(clEnqueueNDRangeKernel(queue, pair, 1, NULL, &g, NULL, 0, NULL, NULL));
    for (int i = 0; i < N; ++i)
      model[i].x += model[i].vz;
    check_buffer("pair (p, p)", p);
    static Particle other[N];
    for (int i = 0; i < N; ++i) {
      other[i] = model[i];
      other[i].vz = (float)(i % 9);
    }
    cl_mem o = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof other, other);
    OK(clSetKernelArg(pair, 1, sizeof o, &o));
    OK(clEnqueueNDRangeKernel(queue, pair, 1, NULL, &g, NULL, 0, NULL, NULL));
    for (int i = 0; i < N; ++i)
      model[i].x += other[i].vz;
    check_buffer("pair (p, other)", p);
    clReleaseMemObject(o);
  }

  /* A read-back after every launch: after 4 conversions with fewer launches, the
   * buffer is no longer transformed; the results stay right throughout. */
  {
    static Particle mine[N];
    memcpy(mine, model, sizeof mine);
    cl_mem b = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof mine, mine);
    for (int r = 0; r < 6; ++r) {
      run_steps(step, b, mine, N, 0.5f, 1);
      static Particle got[N];
      OK(clEnqueueReadBuffer(queue, b, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
      compare("read-back after each launch", got, mine, N);
      /* A host write: the next launch converts again. */
      OK(clEnqueueWriteBuffer(queue, b, CL_TRUE, 0, sizeof(Particle), &mine[0], 0, NULL, NULL));
    }
    clReleaseMemObject(b);
  }

  /* Too few elements to pay: the kernel as written. */
  {
    Particle small[SMALL];
    memcpy(small, model, sizeof small);
    cl_mem s = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof small, small);
    run_steps(step, s, small, SMALL, 0.5f, 1);
    Particle got[SMALL];
    OK(clEnqueueReadBuffer(queue, s, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
    compare("small", got, small, SMALL);
    clReleaseMemObject(s);
  }

  /* x, y, z triples of a float array. */
  {
    static float xyz[3 * N], got[N];
    for (int i = 0; i < 3 * N; ++i)
      xyz[i] = (float)(i % 17) / 4;
    cl_mem in = buffer(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof xyz, xyz);
    cl_mem out = buffer(CL_MEM_WRITE_ONLY, sizeof got, NULL);
    OK(clSetKernelArg(flat, 0, sizeof in, &in));
    OK(clSetKernelArg(flat, 1, sizeof out, &out));
    size_t g = N;
    OK(clEnqueueNDRangeKernel(queue, flat, 1, NULL, &g, NULL, 0, NULL, NULL));
    OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
    int bad = 0;
    for (int i = 0; i < N; ++i)
      bad += !close_to(got[i], xyz[3 * i] + xyz[3 * i + 1] * xyz[3 * i + 2]);
    if (bad)
      fprintf(stderr, "flat: %d wrong\n", bad);
    CHECK(bad == 0);
    clReleaseMemObject(in);
    clReleaseMemObject(out);
  }

  clReleaseMemObject(p);
  clReleaseKernel(step);
  clReleaseKernel(energy);
  clReleaseKernel(scale_all);
  clReleaseKernel(pair);
  clReleaseKernel(flat);
  clReleaseProgram(prog);

  const char *text = captured_stderr();
  CHECK(strstr(text, "loom-cl: step: layout p (32-byte elements, 6 fields as arrays)") != NULL);
  CHECK(strstr(text, "loom-cl: energy: layout p (32-byte elements, 5 fields as arrays)") != NULL);
  CHECK(strstr(text, "loom-cl: pair: not specialized (noalias is off; layout kept: a: argument b "
                     "reaches the same buffer; b: argument a reaches the same buffer)") != NULL);
  CHECK(strstr(text, "loom-cl: pair: layout a (32-byte elements, 1 field as an array), layout b "
                     "(32-byte elements, 1 field as an array)") != NULL);
  CHECK(strstr(text, "step: not specialized") == NULL ||
        strstr(text, "step: not specialized (noalias is off; layout kept: p: fewer") != NULL);
  CHECK(strstr(text, "loom-cl: step: not specialized (noalias is off; layout kept: p: fewer "
                     "than 256 elements)") != NULL);
  CHECK(strstr(text, "loom-cl: step: not specialized (noalias is off; layout kept: p: converted "
                     "about as often as launched)") != NULL);
  CHECK(strstr(text, "loom-cl: flat: layout xyz (12-byte elements, 3 fields as arrays)") != NULL);
  return finish("layout");
}

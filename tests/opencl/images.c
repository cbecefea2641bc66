/* images.c - images and samplers: every addressing and filter mode against a CPU model, formats,
 * channel orders, writes, queries, the image enqueue commands and their errors.
 * SPDX-License-Identifier: Apache-2.0
 *
 * The CPU model follows the OpenCL C specification's addressing and
 * filtering rules (section 8.2) literally, in float. Loom's linear filter
 * weights have 8 fractional bits (CUDA's texture rule), so linear results
 * are compared within 1/128 of the texel range; nearest results exactly.
 * Coordinates sit at least 1/32 texel away from texel edges and centres,
 * where float rounding could pick another texel. */
#include "common.h"

static const char *source =
    "__constant sampler_t lin_repeat = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT |\n"
    "                                  CLK_FILTER_LINEAR;\n"
    "__kernel void sample2d(read_only image2d_t img, sampler_t s, __global const float2 *c,\n"
    "                       __global float4 *out) {\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = read_imagef(img, s, c[i]);\n"
    "}\n"
    "__kernel void sample1d(read_only image1d_t img, sampler_t s, __global const float *c,\n"
    "                       __global float4 *out) {\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = read_imagef(img, s, c[i]);\n"
    "}\n"
    "__kernel void sample3d(read_only image3d_t img, __global const float4 *c,\n"
    "                       __global float4 *out) {\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = read_imagef(img, lin_repeat, c[i]);\n" /* a sampler literal */
    "}\n"
    "__kernel void ints(read_only image2d_t si, read_only image2d_t ui, __global int4 *out) {\n"
    "  const sampler_t border = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP |\n"
    "                           CLK_FILTER_NEAREST;\n"
    "  int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);\n"
    "  int i = (y * w + x) * 3;\n"
    "  out[i] = read_imagei(si, (int2)(x, y));\n"
    "  out[i + 1] = read_imagei(si, border, (int2)(x - 1, y));\n"
    "  out[i + 2] = as_int4(read_imageui(ui, border, (float2)(x + 0.5f, y + 0.5f)));\n"
    "}\n"
    "__kernel void orders(read_only image1d_t bgra, read_only image1d_t a,\n"
    "                     read_only image1d_t lum, read_only image2d_array_t arr,\n"
    "                     __global float4 *out) {\n"
    "  const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                      CLK_FILTER_NEAREST;\n"
    "  out[0] = read_imagef(bgra, 1);\n"
    "  out[1] = read_imagef(a, 1);\n"
    "  out[2] = read_imagef(lum, 1);\n"
    "  out[3] = read_imagef(arr, s, (float4)(1.5f, 0.5f, 1.6f, 0.0f));\n" /* layer rint(1.6) */
    "  out[4] = read_imagef(arr, s, (float4)(0.5f, 1.5f, 9.0f, 0.0f));\n" /* clamped: layer 2 */
    "}\n"
    "__kernel void writes(write_only image2d_t un, write_only image1d_t bgra,\n"
    "                     write_only image1d_t si, write_only image1d_t ui,\n"
    "                     write_only image3d_t vol) {\n"
    "  int x = get_global_id(0);\n"
    "  float v = x * 0.25f - 0.5f;\n" /* -0.5 .. 1.25 */
    "  write_imagef(un, (int2)(x, 1), (float4)(v, 0.5f, 1.0f / 255.0f * 2.5f, 2.0f));\n"
    "  write_imagef(bgra, x, (float4)(0.0f, 0.2f, 0.4f, 1.0f));\n"
    "  write_imagei(si, x, (int4)(-200 + 100 * x, 0, 0, 0));\n"
    "  write_imageui(ui, x, (uint4)(100 * x, 0, 0, 0));\n"
    "  write_imagef(vol, (int4)(x, 1, 2, 0), (float4)(x, 0, 0, 0));\n"
    "  write_imagef(vol, (int4)(x, 99, 2, 0), (float4)(-1, 0, 0, 0));\n" /* outside: ignored */
    "}\n"
    "__kernel void plain(read_only image2d_t img, read_only image1d_buffer_t b,\n"
    "                    __global float4 *out) {\n"
    "  int x = get_global_id(0), y = get_global_id(1), w = get_global_size(0);\n"
    "  out[2 * (y * w + x)] = read_imagef(img, (int2)(x, y));\n"
    "  out[2 * (y * w + x) + 1] = read_imagef(b, y * w + x);\n"
    "}\n"
    "__kernel void queries(read_only image3d_t vol, write_only image2d_array_t arr,\n"
    "                      __global int *out) {\n"
    "  int4 d = get_image_dim(vol);\n"
    "  out[0] = get_image_width(vol); out[1] = get_image_height(vol);\n"
    "  out[2] = get_image_depth(vol); out[3] = d.x + 100 * d.y + 10000 * d.z;\n"
    "  out[4] = get_image_channel_order(vol); out[5] = get_image_channel_data_type(vol);\n"
    "  out[6] = (int)get_image_array_size(arr); out[7] = get_image_dim(arr).y;\n"
    "}\n";

/* ---- The CPU model ---- */

enum { NONE, EDGE, CLAMP, REPEAT, MIRROR };
static const cl_addressing_mode cl_modes[] = {CL_ADDRESS_NONE, CL_ADDRESS_CLAMP_TO_EDGE,
                                              CL_ADDRESS_CLAMP, CL_ADDRESS_REPEAT,
                                              CL_ADDRESS_MIRRORED_REPEAT};
static const char *mode_names[] = {"NONE", "CLAMP_TO_EDGE", "CLAMP", "REPEAT", "MIRRORED_REPEAT"};

/* Nearest: the texel index, or -1 for the border colour. */
static int nearest(float s, int n, int norm, int mode) {
  if (norm && mode == REPEAT) {
    float u = (s - floorf(s)) * n;
    int i = (int)floorf(u);
    return i > n - 1 ? i - n : i;
  }
  if (norm && mode == MIRROR) {
    float t = fabsf(s - 2.0f * rintf(0.5f * s));
    int i = (int)floorf(t * n);
    return i < n - 1 ? i : n - 1;
  }
  float u = norm ? s * n : s;
  int i = (int)floorf(u);
  if (mode == CLAMP)
    return i < 0 || i >= n ? -1 : i;
  return i < 0 ? 0 : (i > n - 1 ? n - 1 : i); /* CLAMP_TO_EDGE, and NONE as Loom reads it */
}

/* Linear: the two indices (-1: border) and the weight of the second. */
static void linear(float s, int n, int norm, int mode, int *i0, int *i1, float *a) {
  float u;
  if (norm && mode == REPEAT)
    u = (s - floorf(s)) * n;
  else if (norm && mode == MIRROR)
    u = fabsf(s - 2.0f * rintf(0.5f * s)) * n;
  else
    u = norm ? s * n : s;
  float f = floorf(u - 0.5f);
  *a = (u - 0.5f) - f;
  *i0 = (int)f;
  *i1 = *i0 + 1;
  if (norm && mode == REPEAT) {
    if (*i0 < 0)
      *i0 += n;
    if (*i1 > n - 1)
      *i1 -= n;
  } else if (norm && mode == MIRROR) {
    if (*i0 < 0)
      *i0 = 0;
    if (*i1 > n - 1)
      *i1 = n - 1;
  } else if (mode == CLAMP) {
    if (*i0 < 0 || *i0 >= n)
      *i0 = -1;
    if (*i1 < 0 || *i1 >= n)
      *i1 = -1;
  } else {
    *i0 = *i0 < 0 ? 0 : (*i0 > n - 1 ? n - 1 : *i0);
    *i1 = *i1 < 0 ? 0 : (*i1 > n - 1 ? n - 1 : *i1);
  }
}

/* A float RGBA texel of a w x h x d image; border (0,0,0,0) for -1. */
static void texel(const float *img, int w, int h, int x, int y, int z, float *out) {
  if (x < 0 || y < 0 || z < 0) {
    out[0] = out[1] = out[2] = out[3] = 0.0f;
    return;
  }
  memcpy(out, img + 4 * ((size_t)(z * h + y) * w + x), 4 * sizeof(float));
}

/* read_imagef of a w x h x d RGBA image at (s, t, r) (dims 1..3). */
static void model(const float *img, int dims, int w, int h, int d, const float *c, int norm,
                  int mode, int lin, float *out) {
  int n[3] = {w, h, d};
  if (!lin) {
    int i[3] = {0, 0, 0};
    for (int k = 0; k < dims; ++k)
      i[k] = nearest(c[k], n[k], norm, mode);
    texel(img, w, h, i[0], i[1], i[2], out);
    return;
  }
  int i0[3] = {0, 0, 0}, i1[3] = {0, 0, 0};
  float a[3] = {0, 0, 0};
  for (int k = 0; k < dims; ++k)
    linear(c[k], n[k], norm, mode, &i0[k], &i1[k], &a[k]);
  memset(out, 0, 4 * sizeof(float));
  for (int corner = 0; corner < (1 << dims); ++corner) {
    float wgt = 1.0f, t[4];
    int idx[3] = {0, 0, 0};
    for (int k = 0; k < 3; ++k) {
      int second = k < dims && (corner >> k & 1);
      idx[k] = second ? i1[k] : i0[k];
      if (k < dims)
        wgt *= second ? a[k] : 1.0f - a[k];
    }
    texel(img, w, h, idx[0], idx[1], idx[2], t);
    for (int ch = 0; ch < 4; ++ch)
      out[ch] += wgt * t[ch];
  }
}

static unsigned seed = 12345;
static unsigned rnd(void) {
  seed = seed * 1103515245u + 12345u;
  return (seed >> 8) & 0xffffff;
}
/* A coordinate in texel units in [-2n, 3n), 1/32 texel off edges and centres. */
static float coord(int n) {
  int steps = 5 * n * 16;
  return (float)((int)(rnd() % steps) - 2 * n * 16) / 16.0f + 1.0f / 32.0f;
}

static int compare(const char *what, const float *got, const float *want, float tol, int i,
                   const float *c) {
  for (int ch = 0; ch < 4; ++ch)
    if (!(fabsf(got[ch] - want[ch]) <= tol)) {
      fprintf(stderr, "%s: coordinate %d (%g, %g, %g) channel %d: got %g, want %g\n", what, i,
              c[0], c[1], c[2], ch, got[ch], want[ch]);
      return 1;
    }
  return 0;
}

static cl_sampler sampler(cl_bool norm, int mode, int lin) {
  cl_int err;
  cl_sampler s =
      clCreateSampler(context, norm, cl_modes[mode], lin ? CL_FILTER_LINEAR : CL_FILTER_NEAREST,
                      &err);
  REQUIRE(err == CL_SUCCESS && s);
  return s;
}

static cl_mem image(cl_mem_flags flags, cl_channel_order order, cl_channel_type type,
                    cl_mem_object_type kind, size_t w, size_t h, size_t d, void *host) {
  cl_image_format f = {order, type};
  cl_image_desc desc;
  memset(&desc, 0, sizeof desc);
  desc.image_type = kind;
  desc.image_width = w;
  desc.image_height = h;
  desc.image_depth = kind == CL_MEM_OBJECT_IMAGE3D ? d : 0;
  desc.image_array_size = kind == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                                  kind == CL_MEM_OBJECT_IMAGE1D_ARRAY
                              ? d
                              : 0;
  cl_int err;
  cl_mem m = clCreateImage(context, flags, &f, &desc, host, &err);
  if (err != CL_SUCCESS)
    fprintf(stderr, "clCreateImage: %d\n", err);
  REQUIRE(err == CL_SUCCESS && m);
  return m;
}

enum { N = 256 };

/* Every addressing/filter mode, normalized and not, on a 2D image of
 * \p type (CL_FLOAT or CL_UNORM_INT8) against the model. */
static void sampling_2d(cl_program p, cl_channel_type type) {
  enum { W = 7, H = 5 };
  float ref[W * H * 4];
  unsigned char bytes[W * H * 4];
  for (int i = 0; i < W * H * 4; ++i) {
    bytes[i] = (unsigned char)(rnd() & 255);
    ref[i] = type == CL_FLOAT ? (float)(rnd() % 1000) / 100.0f : bytes[i] / 255.0f;
  }
  cl_mem img = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, CL_RGBA, type,
                     CL_MEM_OBJECT_IMAGE2D, W, H, 1, type == CL_FLOAT ? (void *)ref : bytes);
  float range = type == CL_FLOAT ? 10.0f : 1.0f;
  cl_kernel k = kernel(p, "sample2d");
  cl_mem cbuf = buffer(CL_MEM_READ_WRITE, N * 2 * sizeof(float), NULL);
  cl_mem obuf = buffer(CL_MEM_READ_WRITE, N * 4 * sizeof(float), NULL);
  for (int norm = 0; norm < 2; ++norm)
    for (int mode = 0; mode < 5; ++mode)
      for (int lin = 0; lin < 2; ++lin) {
        if (!norm && (mode == REPEAT || mode == MIRROR))
          continue; /* undefined with unnormalized coordinates */
        float c[N * 2], out[N * 4];
        for (int i = 0; i < N; ++i) {
          c[2 * i] = coord(W);
          c[2 * i + 1] = coord(H);
          if (norm) {
            c[2 * i] /= W;
            c[2 * i + 1] /= H;
          }
        }
        cl_sampler s = sampler(norm, mode, lin);
        OK(clEnqueueWriteBuffer(queue, cbuf, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL));
        OK(clSetKernelArg(k, 0, sizeof img, &img));
        OK(clSetKernelArg(k, 1, sizeof s, &s));
        OK(clSetKernelArg(k, 2, sizeof cbuf, &cbuf));
        OK(clSetKernelArg(k, 3, sizeof obuf, &obuf));
        size_t g = N;
        OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, NULL, 0, NULL, NULL));
        OK(clEnqueueReadBuffer(queue, obuf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
        char what[128];
        snprintf(what, sizeof what, "2D %s %s %s %s", type == CL_FLOAT ? "FLOAT" : "UNORM_INT8",
                 norm ? "normalized" : "unnormalized", mode_names[mode],
                 lin ? "LINEAR" : "NEAREST");
        int bad = 0;
        for (int i = 0; i < N && bad < 3; ++i) {
          float want[4], cc[3] = {c[2 * i], c[2 * i + 1], 0};
          model(ref, 2, W, H, 1, cc, norm, mode, lin, want);
          bad += compare(what, out + 4 * i, want, lin ? range / 128.0f : 1e-6f, i, cc);
        }
        failures += bad;
        clReleaseSampler(s);
      }
  clReleaseKernel(k);
  clReleaseMemObject(img);
  clReleaseMemObject(cbuf);
  clReleaseMemObject(obuf);
}

/* 1D (R, FLOAT: missing channels 0, alpha 1) in every mode, and 3D
 * trilinear with a sampler literal. */
static void sampling_1d_3d(cl_program p) {
  enum { W = 9, W3 = 4, H3 = 3, D3 = 5 };
  float r[W], ref[W * 4];
  for (int i = 0; i < W; ++i) {
    r[i] = (float)(rnd() % 1000) / 100.0f;
    ref[4 * i] = r[i];
    ref[4 * i + 1] = ref[4 * i + 2] = 0.0f;
    ref[4 * i + 3] = 1.0f;
  }
  cl_mem img = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, CL_R, CL_FLOAT,
                     CL_MEM_OBJECT_IMAGE1D, W, 1, 1, r);
  cl_kernel k = kernel(p, "sample1d");
  cl_mem cbuf = buffer(CL_MEM_READ_WRITE, N * sizeof(float), NULL);
  cl_mem obuf = buffer(CL_MEM_READ_WRITE, N * 4 * sizeof(float), NULL);
  for (int norm = 0; norm < 2; ++norm)
    for (int mode = 0; mode < 5; ++mode)
      for (int lin = 0; lin < 2; ++lin) {
        if (!norm && (mode == REPEAT || mode == MIRROR))
          continue;
        float c[N], out[N * 4];
        for (int i = 0; i < N; ++i)
          c[i] = norm ? coord(W) / W : coord(W);
        cl_sampler s = sampler(norm, mode, lin);
        OK(clEnqueueWriteBuffer(queue, cbuf, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL));
        OK(clSetKernelArg(k, 0, sizeof img, &img));
        OK(clSetKernelArg(k, 1, sizeof s, &s));
        OK(clSetKernelArg(k, 2, sizeof cbuf, &cbuf));
        OK(clSetKernelArg(k, 3, sizeof obuf, &obuf));
        size_t g = N;
        OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, NULL, 0, NULL, NULL));
        OK(clEnqueueReadBuffer(queue, obuf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
        char what[128];
        snprintf(what, sizeof what, "1D R %s %s %s", norm ? "normalized" : "unnormalized",
                 mode_names[mode], lin ? "LINEAR" : "NEAREST");
        int bad = 0;
        for (int i = 0; i < N && bad < 3; ++i) {
          float want[4], cc[3] = {c[i], 0, 0};
          model(ref, 1, W, 1, 1, cc, norm, mode, lin, want);
          /* CLAMP's border for CL_R is (0, 0, 0, 1): alpha from the order. */
          if (mode == CLAMP)
            want[3] = 1.0f;
          bad += compare(what, out + 4 * i, want, lin ? 10.0f / 128.0f : 1e-6f, i, cc);
        }
        failures += bad;
        clReleaseSampler(s);
      }
  clReleaseKernel(k);
  clReleaseMemObject(img);

  float vol[W3 * H3 * D3 * 4];
  for (int i = 0; i < W3 * H3 * D3 * 4; ++i)
    vol[i] = (float)(rnd() % 1000) / 100.0f;
  cl_mem img3 = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, CL_RGBA, CL_FLOAT,
                      CL_MEM_OBJECT_IMAGE3D, W3, H3, D3, vol);
  cl_kernel k3 = kernel(p, "sample3d");
  cl_mem c4 = buffer(CL_MEM_READ_WRITE, N * 4 * sizeof(float), NULL);
  float c[N * 4], out[N * 4];
  for (int i = 0; i < N; ++i) {
    c[4 * i] = coord(W3) / W3;
    c[4 * i + 1] = coord(H3) / H3;
    c[4 * i + 2] = coord(D3) / D3;
    c[4 * i + 3] = 0;
  }
  OK(clEnqueueWriteBuffer(queue, c4, CL_TRUE, 0, sizeof c, c, 0, NULL, NULL));
  OK(clSetKernelArg(k3, 0, sizeof img3, &img3));
  OK(clSetKernelArg(k3, 1, sizeof c4, &c4));
  OK(clSetKernelArg(k3, 2, sizeof obuf, &obuf));
  size_t g = N;
  OK(clEnqueueNDRangeKernel(queue, k3, 1, NULL, &g, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, obuf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  int bad = 0;
  for (int i = 0; i < N && bad < 3; ++i) {
    float want[4];
    model(vol, 3, W3, H3, D3, c + 4 * i, 1, REPEAT, 1, want);
    bad += compare("3D FLOAT normalized REPEAT LINEAR (literal)", out + 4 * i, want,
                   10.0f * 3 / 128.0f, i, c + 4 * i);
  }
  failures += bad;
  clReleaseKernel(k3);
  clReleaseMemObject(img3);
  clReleaseMemObject(c4);
  clReleaseMemObject(cbuf);
  clReleaseMemObject(obuf);
}

/* Integer formats, channel orders, arrays. */
static void formats(cl_program p) {
  enum { W = 4, H = 3 };
  short si[W * H];
  unsigned char ui[W * H * 4];
  for (int i = 0; i < W * H; ++i)
    si[i] = (short)(i * 1000 - 5000);
  for (int i = 0; i < W * H * 4; ++i)
    ui[i] = (unsigned char)(i * 7);
  cl_mem simg = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, CL_R, CL_SIGNED_INT16,
                      CL_MEM_OBJECT_IMAGE2D, W, H, 1, si);
  cl_mem uimg = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, CL_RGBA, CL_UNSIGNED_INT8,
                      CL_MEM_OBJECT_IMAGE2D, W, H, 1, ui);
  cl_mem out = buffer(CL_MEM_READ_WRITE, W * H * 3 * 4 * sizeof(int), NULL);
  cl_kernel k = kernel(p, "ints");
  OK(clSetKernelArg(k, 0, sizeof simg, &simg));
  OK(clSetKernelArg(k, 1, sizeof uimg, &uimg));
  OK(clSetKernelArg(k, 2, sizeof out, &out));
  size_t g[2] = {W, H};
  OK(clEnqueueNDRangeKernel(queue, k, 2, NULL, g, NULL, 0, NULL, NULL));
  int got[W * H * 3 * 4];
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      int *o = got + (y * W + x) * 12;
      CHECK(o[0] == si[y * W + x] && o[1] == 0 && o[2] == 0 && o[3] == 1);
      int left = x ? si[y * W + x - 1] : 0; /* x - 1 = -1: CLAMP's border (0, 0, 0, 1) */
      CHECK(o[4] == left && o[5] == 0 && o[6] == 0 && o[7] == 1);
      for (int ch = 0; ch < 4; ++ch)
        CHECK(o[8 + ch] == ui[(y * W + x) * 4 + ch]);
    }
  clReleaseKernel(k);

  unsigned char bgra[2 * 4] = {10, 20, 30, 40, 51, 102, 153, 204}; /* b, g, r, a */
  unsigned char alpha[2] = {0, 255};
  float lum[2] = {0.25f, 0.75f};
  float arr[3 * 2 * 2 * 4]; /* 2 x 2 x 3 layers, RGBA float: value = layer * 100 + texel */
  for (int l = 0; l < 3; ++l)
    for (int t = 0; t < 4; ++t)
      for (int ch = 0; ch < 4; ++ch)
        arr[(l * 4 + t) * 4 + ch] = (float)(l * 100 + t * 10 + ch);
  cl_mem ib = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, CL_BGRA, CL_UNORM_INT8,
                    CL_MEM_OBJECT_IMAGE1D, 2, 1, 1, bgra);
  cl_mem ia = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, CL_A, CL_UNORM_INT8,
                    CL_MEM_OBJECT_IMAGE1D, 2, 1, 1, alpha);
  cl_mem il = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, CL_LUMINANCE, CL_FLOAT,
                    CL_MEM_OBJECT_IMAGE1D, 2, 1, 1, lum);
  cl_mem iarr = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, CL_RGBA, CL_FLOAT,
                      CL_MEM_OBJECT_IMAGE2D_ARRAY, 2, 2, 3, arr);
  cl_mem o4 = buffer(CL_MEM_READ_WRITE, 5 * 4 * sizeof(float), NULL);
  k = kernel(p, "orders");
  OK(clSetKernelArg(k, 0, sizeof ib, &ib));
  OK(clSetKernelArg(k, 1, sizeof ia, &ia));
  OK(clSetKernelArg(k, 2, sizeof il, &il));
  OK(clSetKernelArg(k, 3, sizeof iarr, &iarr));
  OK(clSetKernelArg(k, 4, sizeof o4, &o4));
  OK(clEnqueueTask(queue, k, 0, NULL, NULL));
  float f[20];
  OK(clEnqueueReadBuffer(queue, o4, CL_TRUE, 0, sizeof f, f, 0, NULL, NULL));
  CHECK(f[0] == 153 / 255.0f && f[1] == 102 / 255.0f && f[2] == 51 / 255.0f &&
        f[3] == 204 / 255.0f);
  CHECK(f[4] == 0 && f[5] == 0 && f[6] == 0 && f[7] == 1.0f);
  CHECK(f[8] == 0.75f && f[9] == 0.75f && f[10] == 0.75f && f[11] == 1.0f);
  CHECK(f[12] == 210 && f[13] == 211 && f[15] == 213); /* layer 2, texel (1, 0) */
  CHECK(f[16] == 220 && f[19] == 223);                 /* layer 2 (clamped), texel (0, 1) */
  clReleaseKernel(k);
  clReleaseMemObject(simg);
  clReleaseMemObject(uimg);
  clReleaseMemObject(ib);
  clReleaseMemObject(ia);
  clReleaseMemObject(il);
  clReleaseMemObject(iarr);
  clReleaseMemObject(out);
  clReleaseMemObject(o4);
}

/* write_image* conversions, channel order and bounds; queries. */
static void writes(cl_program p) {
  enum { W = 8 };
  cl_mem un = image(CL_MEM_WRITE_ONLY, CL_RGBA, CL_UNORM_INT8, CL_MEM_OBJECT_IMAGE2D, W, 2, 1,
                    NULL);
  cl_mem bg = image(CL_MEM_WRITE_ONLY, CL_BGRA, CL_UNORM_INT8, CL_MEM_OBJECT_IMAGE1D, W, 1, 1,
                    NULL);
  cl_mem si = image(CL_MEM_WRITE_ONLY, CL_R, CL_SIGNED_INT8, CL_MEM_OBJECT_IMAGE1D, W, 1, 1, NULL);
  cl_mem ui = image(CL_MEM_WRITE_ONLY, CL_R, CL_UNSIGNED_INT8, CL_MEM_OBJECT_IMAGE1D, W, 1, 1,
                    NULL);
  cl_mem vol = image(CL_MEM_READ_WRITE, CL_R, CL_FLOAT, CL_MEM_OBJECT_IMAGE3D, W, 2, 3, NULL);
  float zero[4] = {0, 0, 0, 0};
  size_t o[3] = {0, 0, 0}, r3[3] = {W, 2, 3};
  OK(clEnqueueFillImage(queue, vol, zero, o, r3, 0, NULL, NULL));
  cl_kernel k = kernel(p, "writes");
  OK(clSetKernelArg(k, 0, sizeof un, &un));
  OK(clSetKernelArg(k, 1, sizeof bg, &bg));
  OK(clSetKernelArg(k, 2, sizeof si, &si));
  OK(clSetKernelArg(k, 3, sizeof ui, &ui));
  OK(clSetKernelArg(k, 4, sizeof vol, &vol));
  size_t g = W;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &g, NULL, 0, NULL, NULL));
  unsigned char row[W * 4], b[W * 4];
  signed char s[W];
  unsigned char u[W];
  float v[W * 2 * 3];
  size_t o1[3] = {0, 1, 0}, r1[3] = {W, 1, 1};
  OK(clEnqueueReadImage(queue, un, CL_TRUE, o1, r1, 0, 0, row, 0, NULL, NULL));
  OK(clEnqueueReadImage(queue, bg, CL_TRUE, o, r1, 0, 0, b, 0, NULL, NULL));
  OK(clEnqueueReadImage(queue, si, CL_TRUE, o, r1, 0, 0, s, 0, NULL, NULL));
  OK(clEnqueueReadImage(queue, ui, CL_TRUE, o, r1, 0, 0, u, 0, NULL, NULL));
  OK(clEnqueueReadImage(queue, vol, CL_TRUE, o, r3, 0, 0, v, 0, NULL, NULL));
  for (int x = 0; x < W; ++x) {
    float val = x * 0.25f - 0.5f;
    int want = val <= 0 ? 0 : val >= 1 ? 255 : (int)rintf(val * 255.0f);
    CHECK(row[4 * x] == want);
    CHECK(row[4 * x + 1] == 128); /* 127.5 rounds to even */
    CHECK(row[4 * x + 2] == 2);   /* 2.5 rounds to even */
    CHECK(row[4 * x + 3] == 255); /* saturated */
    CHECK(b[4 * x] == 102 && b[4 * x + 1] == 51 && b[4 * x + 2] == 0 && b[4 * x + 3] == 255);
    int sv = -200 + 100 * x;
    CHECK(s[x] == (sv < -128 ? -128 : sv > 127 ? 127 : sv));
    CHECK(u[x] == (100 * x > 255 ? 255 : 100 * x));
    for (int y = 0; y < 2; ++y)
      for (int z = 0; z < 3; ++z)
        CHECK(v[(z * 2 + y) * W + x] == (y == 1 && z == 2 ? (float)x : 0.0f));
  }
  clReleaseKernel(k);

  cl_mem arr = image(CL_MEM_WRITE_ONLY, CL_R, CL_FLOAT, CL_MEM_OBJECT_IMAGE2D_ARRAY, 5, 6, 7,
                     NULL);
  cl_mem q = buffer(CL_MEM_READ_WRITE, 8 * sizeof(int), NULL);
  k = kernel(p, "queries");
  OK(clSetKernelArg(k, 0, sizeof vol, &vol));
  OK(clSetKernelArg(k, 1, sizeof arr, &arr));
  OK(clSetKernelArg(k, 2, sizeof q, &q));
  OK(clEnqueueTask(queue, k, 0, NULL, NULL));
  int qs[8];
  OK(clEnqueueReadBuffer(queue, q, CL_TRUE, 0, sizeof qs, qs, 0, NULL, NULL));
  CHECK(qs[0] == W && qs[1] == 2 && qs[2] == 3 && qs[3] == W + 200 + 30000);
  CHECK(qs[4] == CL_R && qs[5] == CL_FLOAT && qs[6] == 7 && qs[7] == 6);
  /* An image where the kernel wants another image type, a buffer where it
   * wants an image, an image where it wants a buffer. */
  CHECK_CL(clSetKernelArg(k, 0, sizeof arr, &arr), CL_INVALID_ARG_VALUE);
  CHECK_CL(clSetKernelArg(k, 0, sizeof q, &q), CL_INVALID_MEM_OBJECT);
  CHECK_CL(clSetKernelArg(k, 2, sizeof vol, &vol), CL_INVALID_MEM_OBJECT);
  clReleaseKernel(k);
  clReleaseMemObject(un);
  clReleaseMemObject(bg);
  clReleaseMemObject(si);
  clReleaseMemObject(ui);
  clReleaseMemObject(vol);
  clReleaseMemObject(arr);
  clReleaseMemObject(q);
}

/* Host commands: write/read with pitches, copy, fill, image<->buffer, map, info, errors. */
static void host_commands(void) {
  enum { W = 6, H = 4 };
  float src[H][8]; /* row pitch 8 floats: 2 unused per row */
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < 8; ++x)
      src[y][x] = (float)(y * 10 + x);
  cl_mem a = image(CL_MEM_READ_WRITE, CL_R, CL_FLOAT, CL_MEM_OBJECT_IMAGE2D, W, H, 1, NULL);
  size_t o[3] = {0, 0, 0}, all[3] = {W, H, 1};
  OK(clEnqueueWriteImage(queue, a, CL_TRUE, o, all, 8 * sizeof(float), 0, src, 0, NULL, NULL));
  float back[H * W];
  OK(clEnqueueReadImage(queue, a, CL_TRUE, o, all, 0, 0, back, 0, NULL, NULL));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      CHECK(back[y * W + x] == src[y][x]);

  /* Copy a 2 x 2 block to another image, fill a region, image <-> buffer. */
  cl_mem b = image(CL_MEM_READ_WRITE, CL_R, CL_FLOAT, CL_MEM_OBJECT_IMAGE2D, W, H, 1, NULL);
  float minus[4] = {-1, 0, 0, 0};
  OK(clEnqueueFillImage(queue, b, minus, o, all, 0, NULL, NULL));
  size_t so[3] = {1, 1, 0}, dst[3] = {3, 2, 0}, r[3] = {2, 2, 1};
  OK(clEnqueueCopyImage(queue, a, b, so, dst, r, 0, NULL, NULL));
  OK(clEnqueueReadImage(queue, b, CL_TRUE, o, all, 0, 0, back, 0, NULL, NULL));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      int in = x >= 3 && x < 5 && y >= 2 && y < 4;
      CHECK(back[y * W + x] == (in ? src[y - 1][x - 2] : -1.0f));
    }
  cl_mem buf = buffer(CL_MEM_READ_WRITE, W * H * sizeof(float), NULL);
  OK(clEnqueueCopyImageToBuffer(queue, a, buf, o, all, 0, 0, NULL, NULL));
  OK(clEnqueueCopyBufferToImage(queue, buf, b, 0, o, all, 0, NULL, NULL));
  OK(clEnqueueReadImage(queue, b, CL_TRUE, o, all, 0, 0, back, 0, NULL, NULL));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      CHECK(back[y * W + x] == src[y][x]);
  size_t rp = 0;
  cl_int err;
  float *m = clEnqueueMapImage(queue, b, CL_TRUE, CL_MAP_READ, so, r, &rp, NULL, 0, NULL, NULL,
                               &err);
  CHECK(err == CL_SUCCESS && m && rp >= W * sizeof(float));
  if (m) {
    CHECK(m[0] == src[1][1] && m[rp / sizeof(float) + 1] == src[2][2]);
    OK(clEnqueueUnmapMemObject(queue, b, m, 0, NULL, NULL));
  }
  OK(clFinish(queue));

  /* Info. */
  cl_image_format f;
  size_t v;
  cl_mem_object_type t;
  OK(clGetImageInfo(a, CL_IMAGE_FORMAT, sizeof f, &f, NULL));
  CHECK(f.image_channel_order == CL_R && f.image_channel_data_type == CL_FLOAT);
  OK(clGetImageInfo(a, CL_IMAGE_WIDTH, sizeof v, &v, NULL));
  CHECK(v == W);
  OK(clGetImageInfo(a, CL_IMAGE_ELEMENT_SIZE, sizeof v, &v, NULL));
  CHECK(v == 4);
  OK(clGetMemObjectInfo(a, CL_MEM_TYPE, sizeof t, &t, NULL));
  CHECK(t == CL_MEM_OBJECT_IMAGE2D);
  cl_uint nf = 0;
  OK(clGetSupportedImageFormats(context, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 0, NULL, &nf));
  CHECK(nf >= 30);
  cl_image_format fs[128];
  OK(clGetSupportedImageFormats(context, CL_MEM_READ_ONLY, CL_MEM_OBJECT_IMAGE2D, 128, fs, NULL));
  int rgba8 = 0;
  for (cl_uint i = 0; i < nf && i < 128; ++i)
    rgba8 |= fs[i].image_channel_order == CL_RGBA && fs[i].image_channel_data_type == CL_UNORM_INT8;
  CHECK(rgba8);
  cl_bool support = CL_FALSE;
  OK(clGetDeviceInfo(device, CL_DEVICE_IMAGE_SUPPORT, sizeof support, &support, NULL));
  CHECK(support == CL_TRUE);

  /* Samplers. */
  cl_sampler_properties props[] = {CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE,
                                   CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR, 0};
  cl_sampler s = clCreateSamplerWithProperties(context, props, &err);
  CHECK(err == CL_SUCCESS);
  cl_addressing_mode am = 0;
  cl_filter_mode fm = 0;
  OK(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof am, &am, NULL));
  OK(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof fm, &fm, NULL));
  CHECK(am == CL_ADDRESS_CLAMP && fm == CL_FILTER_LINEAR);
  clReleaseSampler(s);

  /* Errors. */
  cl_image_format bad = {CL_RGB, CL_UNORM_SHORT_565}; /* valid, not supported by Loom */
  cl_image_desc d;
  memset(&d, 0, sizeof d);
  d.image_type = CL_MEM_OBJECT_IMAGE2D;
  d.image_width = 4;
  d.image_height = 4;
  CHECK(clCreateImage(context, 0, &bad, &d, NULL, &err) == NULL &&
        err == CL_IMAGE_FORMAT_NOT_SUPPORTED);
  cl_image_format junk = {0x1234, CL_FLOAT};
  CHECK(clCreateImage(context, 0, &junk, &d, NULL, &err) == NULL &&
        err == CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  d.image_width = 0;
  CHECK(clCreateImage(context, 0, &f, &d, NULL, &err) == NULL && err == CL_INVALID_IMAGE_DESCRIPTOR);
  d.image_width = 1 << 20;
  CHECK(clCreateImage(context, 0, &f, &d, NULL, &err) == NULL && err == CL_INVALID_IMAGE_SIZE);
  size_t past[3] = {W, H + 1, 1};
  CHECK_CL(clEnqueueReadImage(queue, a, CL_TRUE, o, past, 0, 0, back, 0, NULL, NULL),
           CL_INVALID_VALUE);
  size_t deep[3] = {W, H, 2};
  CHECK_CL(clEnqueueReadImage(queue, a, CL_TRUE, o, deep, 0, 0, back, 0, NULL, NULL),
           CL_INVALID_VALUE);
  CHECK_CL(clEnqueueReadBuffer(queue, a, CL_TRUE, 0, 4, back, 0, NULL, NULL),
           CL_INVALID_MEM_OBJECT);
  CHECK_CL(clEnqueueReadImage(queue, buf, CL_TRUE, o, all, 0, 0, back, 0, NULL, NULL),
           CL_INVALID_MEM_OBJECT);
  CHECK_CL(clEnqueueCopyImage(queue, a, a, o, so, r, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);
  CHECK(clCreateSampler(context, CL_TRUE, 0x9999, CL_FILTER_NEAREST, &err) == NULL &&
        err == CL_INVALID_VALUE);
  clReleaseMemObject(a);
  clReleaseMemObject(b);
  clReleaseMemObject(buf);
}

/* CL_MEM_USE_HOST_PTR with a row pitch (the kernel reads the
 * application's memory) and a 1D image buffer over a buffer. */
static void external_storage(cl_program p) {
  enum { W = 5, H = 3, PITCH = 8 };
  float host[H][PITCH];
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < PITCH; ++x)
      host[y][x] = (float)(y * 100 + x);
  cl_image_format f = {CL_R, CL_FLOAT};
  cl_image_desc d;
  memset(&d, 0, sizeof d);
  d.image_type = CL_MEM_OBJECT_IMAGE2D;
  d.image_width = W;
  d.image_height = H;
  d.image_row_pitch = PITCH * sizeof(float);
  cl_int err;
  cl_mem img = clCreateImage(context, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, &f, &d, host, &err);
  REQUIRE(err == CL_SUCCESS && img);
  size_t pitch = 0;
  OK(clGetImageInfo(img, CL_IMAGE_ROW_PITCH, sizeof pitch, &pitch, NULL));
  CHECK(pitch == PITCH * sizeof(float));
  d.image_row_pitch = 2; /* smaller than a row */
  CHECK(clCreateImage(context, CL_MEM_USE_HOST_PTR, &f, &d, host, &err) == NULL &&
        err == CL_INVALID_IMAGE_DESCRIPTOR);

  float lin[W * H * 4];
  for (int i = 0; i < W * H * 4; ++i)
    lin[i] = (float)i / 4;
  cl_mem store = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof lin, lin);
  cl_image_format f4 = {CL_RGBA, CL_FLOAT};
  memset(&d, 0, sizeof d);
  d.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER;
  d.image_width = W * H;
  d.buffer = store;
  cl_mem b = clCreateImage(context, CL_MEM_READ_ONLY, &f4, &d, NULL, &err);
  REQUIRE(err == CL_SUCCESS && b);
  cl_mem assoc = NULL;
  OK(clGetMemObjectInfo(b, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof assoc, &assoc, NULL));
  CHECK(assoc == store);
  d.image_width = W * H + 1; /* larger than the buffer */
  CHECK(clCreateImage(context, CL_MEM_READ_ONLY, &f4, &d, NULL, &err) == NULL &&
        err == CL_INVALID_IMAGE_SIZE);

  cl_mem out = buffer(CL_MEM_READ_WRITE, W * H * 2 * 4 * sizeof(float), NULL);
  cl_kernel k = kernel(p, "plain");
  OK(clSetKernelArg(k, 0, sizeof img, &img));
  OK(clSetKernelArg(k, 1, sizeof b, &b));
  OK(clSetKernelArg(k, 2, sizeof out, &out));
  size_t g[2] = {W, H};
  OK(clEnqueueNDRangeKernel(queue, k, 2, NULL, g, NULL, 0, NULL, NULL));
  float got[W * H * 2 * 4];
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      float *o = got + 8 * (y * W + x);
      CHECK(o[0] == host[y][x] && o[1] == 0 && o[2] == 0 && o[3] == 1);
      for (int c = 0; c < 4; ++c)
        CHECK(o[4 + c] == lin[4 * (y * W + x) + c]);
    }
  clReleaseKernel(k);
  clReleaseMemObject(out);
  clReleaseMemObject(b);
  clReleaseMemObject(store);
  clReleaseMemObject(img);
}

int main(void) {
  setup_queue(0);
  cl_program p = build(source, NULL);
  sampling_2d(p, CL_FLOAT);
  sampling_2d(p, CL_UNORM_INT8);
  sampling_1d_3d(p);
  formats(p);
  writes(p);
  external_storage(p);
  host_commands();
  clReleaseProgram(p);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  if (failures) {
    fprintf(stderr, "images: %d failures\n", failures);
    return 1;
  }
  printf("images: passed\n");
  return 0;
}

/* buffers.c - every buffer operation: host-pointer flags, read/write/copy/fill, map/unmap, sub-buffers.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"

static const char *source = "__kernel void twice(__global int *x) {\n"
                            "  x[get_global_id(0)] *= 2;\n"
                            "}\n";

int main(void) {
  setup_queue(0);
  cl_program p = build(source, NULL);
  cl_kernel k = kernel(p, "twice");
  enum { N = 4096 };
  int host[N], back[N];
  for (int i = 0; i < N; ++i)
    host[i] = i;
  size_t global = N;

  /* USE_HOST_PTR: the kernel works in the application's memory (zero copy,
   * visible after a map). */
  cl_mem use = buffer(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, sizeof host, host);
  void *hp;
  OK(clGetMemObjectInfo(use, CL_MEM_HOST_PTR, sizeof hp, &hp, NULL));
  CHECK(hp == host);
  OK(clSetKernelArg(k, 0, sizeof use, &use));
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
  cl_int err;
  int *mapped = clEnqueueMapBuffer(queue, use, CL_TRUE, CL_MAP_READ, 0, sizeof host, 0, NULL,
                                   NULL, &err);
  OK(err);
  REQUIRE(mapped != NULL);
  for (int i = 0; i < N; ++i)
    CHECK(mapped[i] == 2 * i);
  cl_uint maps;
  OK(clGetMemObjectInfo(use, CL_MEM_MAP_COUNT, sizeof maps, &maps, NULL));
  CHECK(maps == 1);
  OK(clEnqueueUnmapMemObject(queue, use, mapped, 0, NULL, NULL));
  OK(clFinish(queue));
  OK(clGetMemObjectInfo(use, CL_MEM_MAP_COUNT, sizeof maps, &maps, NULL));
  CHECK(maps == 0);

  /* COPY_HOST_PTR copies at creation: later host writes do not reach it. */
  for (int i = 0; i < N; ++i)
    host[i] = i;
  cl_mem copy = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host);
  host[0] = 12345;
  OK(clEnqueueReadBuffer(queue, copy, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(back[0] == 0 && back[N - 1] == N - 1);

  /* ALLOC_HOST_PTR, written through a map, read with an offset. */
  cl_mem alloc = buffer(CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, sizeof host, NULL);
  mapped = clEnqueueMapBuffer(queue, alloc, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0,
                              sizeof host, 0, NULL, NULL, &err);
  OK(err);
  REQUIRE(mapped != NULL);
  for (int i = 0; i < N; ++i)
    mapped[i] = 3 * i;
  OK(clEnqueueUnmapMemObject(queue, alloc, mapped, 0, NULL, NULL));
  int part[10];
  OK(clEnqueueReadBuffer(queue, alloc, CL_TRUE, 100 * sizeof(int), sizeof part, part, 0, NULL,
                         NULL));
  for (int i = 0; i < 10; ++i)
    CHECK(part[i] == 3 * (100 + i));

  /* Copy between buffers, with offsets. */
  OK(clEnqueueCopyBuffer(queue, alloc, copy, 0, 1000 * sizeof(int), 500 * sizeof(int), 0, NULL,
                         NULL));
  OK(clEnqueueReadBuffer(queue, copy, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  for (int i = 0; i < N; ++i) {
    int want = (i >= 1000 && i < 1500) ? 3 * (i - 1000) : i;
    if (back[i] != want) {
      fprintf(stderr, "copy: [%d] = %d, expected %d\n", i, back[i], want);
      ++failures;
      break;
    }
  }
  /* Overlapping copies in one buffer are refused. */
  CHECK_CL(clEnqueueCopyBuffer(queue, copy, copy, 0, 16, 64, 0, NULL, NULL), CL_MEM_COPY_OVERLAP);

  /* Fill with 1-, 4- and 16-byte patterns. */
  unsigned char byte = 0xab;
  OK(clEnqueueFillBuffer(queue, copy, &byte, 1, 0, sizeof host, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, copy, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  CHECK(back[0] == (int)0xabababab && back[N - 1] == (int)0xabababab);
  int four = -7;
  OK(clEnqueueFillBuffer(queue, copy, &four, 4, 8 * sizeof(int), 16 * sizeof(int), 0, NULL, NULL));
  cl_int4 vec = {{1, 2, 3, 4}};
  OK(clEnqueueFillBuffer(queue, copy, &vec, sizeof vec, 32 * sizeof(int), 8 * sizeof(int), 0,
                         NULL, NULL));
  OK(clEnqueueReadBuffer(queue, copy, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  for (int i = 0; i < 48; ++i) {
    int want = i < 8 ? (int)0xabababab : i < 24 ? -7 : i < 32 ? (int)0xabababab
               : i < 40 ? (i - 32) % 4 + 1 : (int)0xabababab;
    if (back[i] != want) {
      fprintf(stderr, "fill: [%d] = %d, expected %d\n", i, back[i], want);
      ++failures;
      break;
    }
  }
  CHECK_CL(clEnqueueFillBuffer(queue, copy, &four, 3, 0, 12, 0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_CL(clEnqueueFillBuffer(queue, copy, &four, 4, 2, 8, 0, NULL, NULL), CL_INVALID_VALUE);

  /* A sub-buffer: a kernel on a window of its parent. */
  for (int i = 0; i < N; ++i)
    host[i] = i;
  cl_mem parent = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host);
  cl_buffer_region region = {1024 * sizeof(int), 256 * sizeof(int)};
  cl_mem sub = clCreateSubBuffer(parent, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region,
                                 &err);
  OK(err);
  size_t subsize = 256;
  OK(clSetKernelArg(k, 0, sizeof sub, &sub));
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &subsize, NULL, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, parent, CL_TRUE, 0, sizeof back, back, 0, NULL, NULL));
  for (int i = 0; i < N; ++i) {
    int want = (i >= 1024 && i < 1280) ? 2 * i : i;
    if (back[i] != want) {
      fprintf(stderr, "sub-buffer: [%d] = %d, expected %d\n", i, back[i], want);
      ++failures;
      break;
    }
  }
  cl_buffer_region bad_region = {1, 16};
  CHECK(clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &bad_region, &err) == NULL);
  CHECK(err == CL_MISALIGNED_SUB_BUFFER_OFFSET);
  cl_buffer_region past = {0, sizeof host + 4};
  CHECK(clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &past, &err) == NULL);
  CHECK(err == CL_INVALID_VALUE);

  /* Host access flags are enforced. */
  cl_mem noaccess = buffer(CL_MEM_READ_WRITE | CL_MEM_HOST_NO_ACCESS, 64, NULL);
  CHECK_CL(clEnqueueReadBuffer(queue, noaccess, CL_TRUE, 0, 64, back, 0, NULL, NULL),
           CL_INVALID_OPERATION);
  cl_mem readonly = buffer(CL_MEM_READ_WRITE | CL_MEM_HOST_READ_ONLY, 64, NULL);
  CHECK_CL(clEnqueueWriteBuffer(queue, readonly, CL_TRUE, 0, 64, back, 0, NULL, NULL),
           CL_INVALID_OPERATION);
  /* Out of range. */
  CHECK_CL(clEnqueueReadBuffer(queue, copy, CL_TRUE, 4, sizeof host, back, 0, NULL, NULL),
           CL_INVALID_VALUE);

  /* Rectangles: a 5 x 3 x 2 box of ints out of a 16 x 8 x 4 volume, read,
   * written back elsewhere, and copied within the buffer. */
  {
    enum { W = 16, H = 8, D = 4 };
    int vol[W * H * D], box[2][3][5], got[W * H * D];
    for (int i = 0; i < W * H * D; ++i)
      vol[i] = i;
    cl_mem v = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof vol, vol);
    size_t origin[3] = {2 * sizeof(int), 1, 1}, hzero[3] = {0, 0, 0};
    size_t region[3] = {5 * sizeof(int), 3, 2};
    OK(clEnqueueReadBufferRect(queue, v, CL_TRUE, origin, hzero, region, W * sizeof(int),
                               W * H * sizeof(int), 0, 0, box, 0, NULL, NULL));
    for (int z = 0; z < 2; ++z)
      for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 5; ++x)
          CHECK(box[z][y][x] == (x + 2) + W * ((y + 1) + H * (z + 1)));
    size_t to[3] = {10 * sizeof(int), 4, 2};
    OK(clEnqueueWriteBufferRect(queue, v, CL_FALSE, to, hzero, region, W * sizeof(int),
                                W * H * sizeof(int), 0, 0, box, 0, NULL, NULL));
    size_t from[3] = {0, 0, 0}, dst[3] = {0, 0, 3};
    size_t row[3] = {W * sizeof(int), 1, 1};
    OK(clEnqueueCopyBufferRect(queue, v, v, from, dst, row, W * sizeof(int), W * H * sizeof(int),
                               W * sizeof(int), W * H * sizeof(int), 0, NULL, NULL));
    OK(clEnqueueReadBuffer(queue, v, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
    int bad = 0;
    for (int z = 0; z < D; ++z)
      for (int y = 0; y < H; ++y)
        for (int x = 0; x < W; ++x) {
          int want = x + W * (y + H * z);
          if (x >= 10 && x < 15 && y >= 4 && y < 7 && z >= 2 && z < 4)
            want = box[z - 2][y - 4][x - 10];
          if (z == 3 && y == 0)
            want = x; /* the first row, copied last */
          if (got[x + W * (y + H * z)] != want && bad++ < 3)
            fprintf(stderr, "rect (%d,%d,%d) = %d, expected %d\n", x, y, z,
                    got[x + W * (y + H * z)], want);
        }
    CHECK(bad == 0);
    size_t too_far[3] = {0, 0, 3}; /* slices 3 and 4 of 4 */
    CHECK_CL(clEnqueueReadBufferRect(queue, v, CL_TRUE, too_far, hzero, region, W * sizeof(int),
                                     W * H * sizeof(int), 0, 0, box, 0, NULL, NULL),
             CL_INVALID_VALUE);
    size_t overlap[3] = {sizeof(int), 1, 1};
    CHECK_CL(clEnqueueCopyBufferRect(queue, v, v, origin, overlap, region, W * sizeof(int),
                                     W * H * sizeof(int), W * sizeof(int), W * H * sizeof(int), 0,
                                     NULL, NULL),
             CL_MEM_COPY_OVERLAP);
    clReleaseMemObject(v);
  }

  cl_uint refs;
  OK(clGetMemObjectInfo(parent, CL_MEM_REFERENCE_COUNT, sizeof refs, &refs, NULL));
  CHECK(refs == 2); /* the sub-buffer holds its parent */
  clReleaseMemObject(sub);
  OK(clGetMemObjectInfo(parent, CL_MEM_REFERENCE_COUNT, sizeof refs, &refs, NULL));
  CHECK(refs == 1);
  clReleaseMemObject(parent);
  clReleaseMemObject(noaccess);
  clReleaseMemObject(readonly);
  clReleaseMemObject(use);
  clReleaseMemObject(copy);
  clReleaseMemObject(alloc);
  clReleaseKernel(k);
  clReleaseProgram(p);
  return finish("buffers");
}

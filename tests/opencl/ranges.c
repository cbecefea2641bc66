/* ranges.c - 2D and 3D ranges with global offsets: every work-item function against a CPU model.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"

static const char *source =
    "__kernel void ids(__global int *out, int w, int h) {\n"
    "  size_t gx = get_global_id(0) - get_global_offset(0);\n"
    "  size_t gy = get_global_id(1) - get_global_offset(1);\n"
    "  size_t gz = get_global_id(2) - get_global_offset(2);\n"
    "  __global int *o = out + 8 * (gx + w * (gy + h * gz));\n"
    "  o[0] = get_global_id(0); o[1] = get_global_id(1); o[2] = get_global_id(2);\n"
    "  o[3] = get_local_id(0) + 100 * get_local_id(1) + 10000 * get_local_id(2);\n"
    "  o[4] = get_group_id(0) + 100 * get_group_id(1) + 10000 * get_group_id(2);\n"
    "  o[5] = get_num_groups(0) + 100 * get_num_groups(1) + 10000 * get_num_groups(2);\n"
    "  o[6] = get_global_size(0) + 100 * get_global_size(1) + 10000 * get_global_size(2);\n"
    "  o[7] = get_work_dim() + 10 * get_local_size(0) + 1000 * get_local_size(1)\n"
    "         + 100000 * get_local_size(2);\n"
    "}\n";

static int run(cl_kernel k, cl_uint dims, const size_t *offset, const size_t *global,
               const size_t *local) {
  size_t g[3] = {1, 1, 1}, l[3] = {1, 1, 1}, o[3] = {0, 0, 0};
  for (cl_uint d = 0; d < dims; ++d) {
    g[d] = global[d];
    l[d] = local[d];
    o[d] = offset ? offset[d] : 0;
  }
  size_t total = g[0] * g[1] * g[2];
  int *host = calloc(total * 8, sizeof(int));
  cl_mem out = buffer(CL_MEM_READ_WRITE, total * 8 * sizeof(int), NULL);
  int w = (int)g[0], h = (int)g[1];
  OK(clSetKernelArg(k, 0, sizeof out, &out));
  OK(clSetKernelArg(k, 1, sizeof w, &w));
  OK(clSetKernelArg(k, 2, sizeof h, &h));
  OK(clEnqueueNDRangeKernel(queue, k, dims, offset, global, local, 0, NULL, NULL));
  OK(clEnqueueReadBuffer(queue, out, CL_TRUE, 0, total * 8 * sizeof(int), host, 0, NULL, NULL));
  int bad = 0;
  for (size_t z = 0; z < g[2]; ++z)
    for (size_t y = 0; y < g[1]; ++y)
      for (size_t x = 0; x < g[0]; ++x) {
        const int *r = host + 8 * (x + g[0] * (y + g[1] * z));
        int want[8] = {(int)(x + o[0]), (int)(y + o[1]), (int)(z + o[2]),
                       (int)(x % l[0] + 100 * (y % l[1]) + 10000 * (z % l[2])),
                       (int)(x / l[0] + 100 * (y / l[1]) + 10000 * (z / l[2])),
                       (int)(g[0] / l[0] + 100 * (g[1] / l[1]) + 10000 * (g[2] / l[2])),
                       (int)(g[0] + 100 * g[1] + 10000 * g[2]),
                       (int)(dims + 10 * l[0] + 1000 * l[1] + 100000 * l[2])};
        for (int i = 0; i < 8; ++i)
          if (r[i] != want[i] && bad++ < 5)
            fprintf(stderr, "dims %u item (%zu,%zu,%zu) value %d: %d, expected %d\n", dims, x, y,
                    z, i, r[i], want[i]);
      }
  clReleaseMemObject(out);
  free(host);
  return bad;
}

int main(void) {
  setup_queue(0);
  cl_program p = build(source, NULL);
  cl_kernel k = kernel(p, "ids");
  size_t g1[1] = {96}, l1[1] = {32}, o1[1] = {5};
  CHECK(run(k, 1, o1, g1, l1) == 0);
  size_t g2[2] = {24, 10}, l2[2] = {8, 5}, o2[2] = {3, 1000};
  CHECK(run(k, 2, o2, g2, l2) == 0);
  CHECK(run(k, 2, NULL, g2, l2) == 0);
  size_t g3[3] = {8, 6, 4}, l3[3] = {4, 3, 2}, o3[3] = {1, 2, 3};
  CHECK(run(k, 3, o3, g3, l3) == 0);
  size_t l3b[3] = {2, 1, 4};
  CHECK(run(k, 3, NULL, g3, l3b) == 0);
  /* More than CUDA's 65535 blocks along y and z: OpenCL has no such limit. */
  size_t g4[2] = {2, 70001}, l4[2] = {1, 1}, o4[2] = {0, 7};
  CHECK(run(k, 2, o4, g4, l4) == 0);
  size_t g5[3] = {1, 3, 66000}, l5[3] = {1, 3, 1};
  CHECK(run(k, 3, NULL, g5, l5) == 0);
  clReleaseKernel(k);
  clReleaseProgram(p);
  return finish("ranges");
}

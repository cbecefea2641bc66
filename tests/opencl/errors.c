/* errors.c - bad arguments get OpenCL's error codes, never a crash.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"

static const char *source = "__kernel void k(__global int *x, int v, __local int *t) {\n"
                            "  t[0] = v; x[get_global_id(0)] = t[0];\n"
                            "}\n";

int main(void) {
  setup_queue(0);
  cl_int err;
  char text[64];
  /* Platforms and devices. */
  CHECK_CL(clGetPlatformIDs(0, NULL, NULL), CL_INVALID_VALUE);
  CHECK_CL(clGetDeviceIDs(platform, 0x12345678, 1, &device, NULL), CL_INVALID_DEVICE_TYPE);
  CHECK_CL(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, &device, NULL), CL_INVALID_VALUE);
  CHECK_CL(clGetDeviceInfo((cl_device_id)context, CL_DEVICE_NAME, sizeof text, text, NULL),
           CL_INVALID_DEVICE);
  /* Contexts. */
  CHECK(clCreateContext(NULL, 0, NULL, NULL, NULL, &err) == NULL && err == CL_INVALID_VALUE);
  cl_context_properties bad_props[] = {0x9999, 0, 0};
  CHECK(clCreateContext(bad_props, 1, &device, NULL, NULL, &err) == NULL &&
        err == CL_INVALID_PROPERTY);
  CHECK_CL(clGetContextInfo(context, 0x7777, sizeof text, text, NULL), CL_INVALID_VALUE);
  /* Queues. */
  CHECK(clCreateCommandQueue(context, device, 0xf000, &err) == NULL && err == CL_INVALID_VALUE);
  CHECK_CL(clFinish((cl_command_queue)context), CL_INVALID_COMMAND_QUEUE);
  /* Buffers. */
  int host[16];
  CHECK(clCreateBuffer(context, CL_MEM_READ_WRITE, 0, NULL, &err) == NULL &&
        err == CL_INVALID_BUFFER_SIZE);
  CHECK(clCreateBuffer(context, CL_MEM_USE_HOST_PTR, 64, NULL, &err) == NULL &&
        err == CL_INVALID_HOST_PTR);
  CHECK(clCreateBuffer(context, CL_MEM_READ_WRITE, 64, host, &err) == NULL &&
        err == CL_INVALID_HOST_PTR);
  CHECK(clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, NULL, &err) == NULL &&
        err == CL_INVALID_VALUE);
  CHECK(clCreateBuffer(context, CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, host, &err) ==
            NULL &&
        err == CL_INVALID_VALUE);
  CHECK(clCreateBuffer(context, (cl_mem_flags)1 << 40, 64, NULL, &err) == NULL &&
        err == CL_INVALID_VALUE);
  CHECK(clCreateBuffer(context, 0, ~(size_t)0 / 2, NULL, &err) == NULL &&
        err == CL_INVALID_BUFFER_SIZE);
  CHECK_CL(clReleaseMemObject(NULL), CL_INVALID_MEM_OBJECT);
  /* Images (more in images.c). */
  cl_image_format fmt = {CL_RGBA, CL_FLOAT};
  cl_image_desc desc = {0};
  desc.image_type = CL_MEM_OBJECT_IMAGE2D;
  desc.image_width = desc.image_height = 4;
  CHECK(clCreateImage(NULL, CL_MEM_READ_ONLY, &fmt, &desc, NULL, &err) == NULL &&
        err == CL_INVALID_CONTEXT);
  CHECK(clCreateImage(context, CL_MEM_READ_ONLY, &fmt, NULL, NULL, &err) == NULL &&
        err == CL_INVALID_IMAGE_DESCRIPTOR);
  CHECK(clCreateImage(context, CL_MEM_READ_ONLY, NULL, &desc, NULL, &err) == NULL &&
        err == CL_INVALID_IMAGE_FORMAT_DESCRIPTOR);
  desc.image_type = CL_MEM_OBJECT_BUFFER;
  CHECK(clCreateImage(context, CL_MEM_READ_ONLY, &fmt, &desc, NULL, &err) == NULL &&
        err == CL_INVALID_IMAGE_DESCRIPTOR);
  /* Programs and kernels. */
  CHECK(clCreateProgramWithSource(context, 0, NULL, NULL, &err) == NULL &&
        err == CL_INVALID_VALUE);
  CHECK_CL(clBuildProgram(NULL, 0, NULL, NULL, NULL, NULL), CL_INVALID_PROGRAM);
  cl_program p = build(source, NULL);
  CHECK(clCreateKernel(p, "nope", &err) == NULL && err == CL_INVALID_KERNEL_NAME);
  CHECK(clCreateKernel(p, NULL, &err) == NULL && err == CL_INVALID_VALUE);
  cl_kernel k = kernel(p, "k");
  /* Rebuilding a program with kernels attached. */
  CHECK_CL(clBuildProgram(p, 0, NULL, NULL, NULL, NULL), CL_INVALID_OPERATION);
  cl_mem m = buffer(CL_MEM_READ_WRITE, 1024 * sizeof(int), NULL);
  int v = 3;
  CHECK_CL(clSetKernelArg(k, 3, sizeof v, &v), CL_INVALID_ARG_INDEX);
  CHECK_CL(clSetKernelArg(k, 1, 2, &v), CL_INVALID_ARG_SIZE);
  CHECK_CL(clSetKernelArg(k, 1, sizeof v, NULL), CL_INVALID_ARG_VALUE);
  CHECK_CL(clSetKernelArg(k, 0, 4, &m), CL_INVALID_ARG_SIZE);
  cl_mem not_mem = (cl_mem)context;
  CHECK_CL(clSetKernelArg(k, 0, sizeof not_mem, &not_mem), CL_INVALID_MEM_OBJECT);
  CHECK_CL(clSetKernelArg(k, 2, 0, NULL), CL_INVALID_ARG_SIZE);
  CHECK_CL(clSetKernelArg(k, 2, 16, &v), CL_INVALID_ARG_VALUE);
  size_t global = 1024, local = 64;
  /* Not every argument set yet. */
  OK(clSetKernelArg(k, 0, sizeof m, &m));
  CHECK_CL(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL),
           CL_INVALID_KERNEL_ARGS);
  OK(clSetKernelArg(k, 1, sizeof v, &v));
  OK(clSetKernelArg(k, 2, 64, NULL));
  /* NDRange arguments. */
  CHECK_CL(clEnqueueNDRangeKernel(queue, k, 0, NULL, &global, &local, 0, NULL, NULL),
           CL_INVALID_WORK_DIMENSION);
  CHECK_CL(clEnqueueNDRangeKernel(queue, k, 4, NULL, &global, &local, 0, NULL, NULL),
           CL_INVALID_WORK_DIMENSION);
  CHECK_CL(clEnqueueNDRangeKernel(queue, k, 1, NULL, NULL, &local, 0, NULL, NULL),
           CL_INVALID_VALUE);
  size_t odd = 100;
  CHECK_CL(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &odd, 0, NULL, NULL),
           CL_INVALID_WORK_GROUP_SIZE);
  size_t huge = 4096;
  CHECK_CL(clEnqueueNDRangeKernel(queue, k, 1, NULL, &huge, &huge, 0, NULL, NULL),
           CL_INVALID_WORK_ITEM_SIZE);
  size_t zero = 0;
  CHECK_CL(clEnqueueNDRangeKernel(queue, k, 1, NULL, &zero, NULL, 0, NULL, NULL),
           CL_INVALID_GLOBAL_WORK_SIZE);
  size_t g2[2] = {64, 64}, l2[2] = {64, 64};
  CHECK_CL(clEnqueueNDRangeKernel(queue, k, 2, NULL, g2, l2, 0, NULL, NULL),
           CL_INVALID_WORK_GROUP_SIZE);
  CHECK_CL(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 1, NULL, NULL),
           CL_INVALID_EVENT_WAIT_LIST);
  cl_event not_event = (cl_event)m;
  CHECK_CL(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 1, &not_event, NULL),
           CL_INVALID_EVENT_WAIT_LIST);
  CHECK_CL(clEnqueueNDRangeKernel(queue, (cl_kernel)m, 1, NULL, &global, &local, 0, NULL, NULL),
           CL_INVALID_KERNEL);
  /* And it still runs when asked properly. */
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, &local, 0, NULL, NULL));
  int out[1024];
  OK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
  for (int i = 0; i < 1024; ++i)
    CHECK(out[i] == 3);
  CHECK_CL(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, sizeof out, NULL, 0, NULL, NULL),
           CL_INVALID_VALUE);
  CHECK_CL(clGetEventInfo(NULL, CL_EVENT_REFERENCE_COUNT, 0, NULL, NULL), CL_INVALID_EVENT);
  CHECK_CL(clReleaseKernel(NULL), CL_INVALID_KERNEL);
  CHECK_CL(clReleaseProgram(NULL), CL_INVALID_PROGRAM);
  clReleaseMemObject(m);
  clReleaseKernel(k);
  clReleaseProgram(p);
  return finish("errors");
}

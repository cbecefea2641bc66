/* events.c - events, wait lists across queues, user events, callbacks, profiling, markers.
 * SPDX-License-Identifier: Apache-2.0 */
#include "common.h"

static const char *source = "__kernel void inc(__global int *x) {\n"
                            "  x[get_global_id(0)] += 1;\n"
                            "}\n";

static int callback_status = 1, callback_calls = 0;
static void CL_CALLBACK on_complete(cl_event e, cl_int status, void *data) {
  (void)e;
  callback_status = status;
  callback_calls += *(int *)data;
}

int main(void) {
  setup_queue(CL_QUEUE_PROFILING_ENABLE);
  cl_int err;
  cl_command_queue q2 = clCreateCommandQueue(context, device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
  OK(err);
  cl_program p = build(source, NULL);
  cl_kernel k = kernel(p, "inc");
  enum { N = 1024 };
  int host[N];
  memset(host, 0, sizeof host);
  cl_mem m = buffer(CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof host, host);
  OK(clSetKernelArg(k, 0, sizeof m, &m));
  size_t global = N;

  /* A user event gates a kernel in another queue. */
  cl_event gate = clCreateUserEvent(context, &err);
  OK(err);
  cl_int st;
  OK(clGetEventInfo(gate, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
  CHECK(st == CL_SUBMITTED);
  cl_event run;
  OK(clEnqueueNDRangeKernel(q2, k, 1, NULL, &global, NULL, 1, &gate, &run));
  int one = 1;
  OK(clSetEventCallback(run, CL_COMPLETE, on_complete, &one));
  OK(clFlush(q2));
  OK(clGetEventInfo(run, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
  CHECK(st != CL_COMPLETE); /* still waiting for the gate */
  CHECK(callback_calls == 0);
  OK(clSetUserEventStatus(gate, CL_COMPLETE));
  CHECK_CL(clSetUserEventStatus(gate, CL_COMPLETE), CL_INVALID_OPERATION);
  OK(clWaitForEvents(1, &run));
  OK(clGetEventInfo(run, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
  CHECK(st == CL_COMPLETE);
  OK(clFinish(q2));
  CHECK(callback_calls == 1 && callback_status == CL_COMPLETE);
  cl_command_type type;
  OK(clGetEventInfo(run, CL_EVENT_COMMAND_TYPE, sizeof type, &type, NULL));
  CHECK(type == CL_COMMAND_NDRANGE_KERNEL);
  /* No profiling on q2. */
  cl_ulong t;
  CHECK_CL(clGetEventProfilingInfo(run, CL_PROFILING_COMMAND_START, sizeof t, &t, NULL),
           CL_PROFILING_INFO_NOT_AVAILABLE);

  /* Profiling on the first queue: queued <= submit <= start <= end. The
   * kernel waits for q2's kernel (an event of another queue). */
  cl_event prof;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 1, &run, &prof));
  OK(clWaitForEvents(1, &prof));
  cl_ulong q, s, b, e;
  OK(clGetEventProfilingInfo(prof, CL_PROFILING_COMMAND_QUEUED, sizeof q, &q, NULL));
  OK(clGetEventProfilingInfo(prof, CL_PROFILING_COMMAND_SUBMIT, sizeof s, &s, NULL));
  OK(clGetEventProfilingInfo(prof, CL_PROFILING_COMMAND_START, sizeof b, &b, NULL));
  OK(clGetEventProfilingInfo(prof, CL_PROFILING_COMMAND_END, sizeof e, &e, NULL));
  CHECK(q <= s && s <= b && b <= e && e > q);
  OK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
  for (int i = 0; i < N; ++i)
    if (host[i] != 2) {
      fprintf(stderr, "host[%d] = %d, expected 2\n", i, host[i]);
      ++failures;
      break;
    }

  /* A failed user event fails what waits for it. */
  cl_event doomed = clCreateUserEvent(context, &err);
  cl_event after;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 1, &doomed, &after));
  OK(clSetUserEventStatus(doomed, -1234));
  CHECK_CL(clWaitForEvents(1, &after), CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
  OK(clGetEventInfo(after, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st, NULL));
  CHECK(st < 0);
  OK(clEnqueueReadBuffer(queue, m, CL_TRUE, 0, sizeof host, host, 0, NULL, NULL));
  CHECK(host[0] == 2); /* the kernel did not run */

  /* Markers and barriers complete after what came before. */
  cl_event marker;
  OK(clEnqueueNDRangeKernel(queue, k, 1, NULL, &global, NULL, 0, NULL, NULL));
  OK(clEnqueueMarkerWithWaitList(queue, 0, NULL, &marker));
  OK(clEnqueueBarrierWithWaitList(queue, 0, NULL, NULL));
  OK(clWaitForEvents(1, &marker));
  OK(clEnqueueReadBuffer(queue, m, CL_FALSE, 0, sizeof host, host, 0, NULL, NULL));
  OK(clFinish(queue));
  CHECK(host[N - 1] == 3);

  /* Reference counts. */
  cl_uint refs;
  OK(clRetainEvent(run));
  OK(clGetEventInfo(run, CL_EVENT_REFERENCE_COUNT, sizeof refs, &refs, NULL));
  CHECK(refs == 2);
  OK(clReleaseEvent(run));
  OK(clReleaseEvent(run));
  OK(clReleaseEvent(gate));
  OK(clReleaseEvent(prof));
  OK(clReleaseEvent(doomed));
  OK(clReleaseEvent(after));
  OK(clReleaseEvent(marker));
  CHECK_CL(clWaitForEvents(0, NULL), CL_INVALID_VALUE);
  clReleaseMemObject(m);
  clReleaseKernel(k);
  clReleaseProgram(p);
  clReleaseCommandQueue(q2);
  return finish("events");
}

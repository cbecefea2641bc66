// Explicit CUDA graph construction: kernel, memcpy (3D and 1D), memset
// (1-, 2- and 4-byte elements), host, empty, child-graph and event nodes
// with a diamond of dependencies; the node queries (nodes, roots, edges,
// dependencies, types, parameter getters); instantiation, replay with
// parameters changed on the executable graph, cudaGraphExecUpdate (success
// and its topology/type failures), clone, node destruction, cycles and the
// error codes for bad arguments. Every result is checked against a host model.
// RUN: %loomcc %s -o %t
// RUN: %t | FileCheck %s
// RUN: env LOOM_SCHEDULER=serial %t | FileCheck %s
// CHECK: PASSED
#include "../Inputs/check.h"
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

__global__ void scaleAdd(float *out, const float *in, int n, float a, float b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a * in[i] + b;
}

__global__ void addInto(float *acc, const float *x, const float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    acc[i] += x[i] + y[i];
}

__global__ void writeValue(int *out, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = value;
}

static void CUDART_CB hostAppend(void *p) {
  auto *log = static_cast<std::vector<int> *>(p);
  log->push_back(int(log->size()));
}

static void CUDART_CB hostMark(void *p) { *static_cast<int *>(p) += 100; }

template <typename T> static void expectNodeType(cudaGraphNode_t n, cudaGraphNodeType t) {
  cudaGraphNodeType got;
  CHECK_CUDA(cudaGraphNodeGetType(n, &got));
  EXPECT(got == t);
}

int main() {
  const int n = 1000;
  const dim3 block(128), grid((n + 127) / 128);
  std::vector<float> hIn(n);
  for (int i = 0; i < n; ++i)
    hIn[i] = float(i % 37) - 11.0f;
  float *in, *x, *y, *acc;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&x, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&y, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&acc, n * sizeof(float)));
  std::vector<float> hOut(n, -1.0f);

  // ---- A diamond: copy in -> {x = 2 in + 1, y = -in + 3} -> acc += x + y -> copy out.
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  cudaGraphNode_t copyIn, setAcc, kx, ky, kacc, copyOut, host, empty;
  CHECK_CUDA(cudaGraphAddMemcpyNode1D(&copyIn, g, nullptr, 0, in, hIn.data(), n * sizeof(float),
                                      cudaMemcpyHostToDevice));
  cudaMemsetParams ms = {};
  ms.dst = acc;
  ms.value = 0;
  ms.elementSize = 4;
  ms.width = n;
  ms.height = 1;
  CHECK_CUDA(cudaGraphAddMemsetNode(&setAcc, g, nullptr, 0, &ms));
  int nArg = n;
  float ax = 2.0f, bx = 1.0f, ay = -1.0f, by = 3.0f;
  void *argsX[] = {&x, &in, &nArg, &ax, &bx};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)scaleAdd;
  kp.gridDim = grid;
  kp.blockDim = block;
  kp.kernelParams = argsX;
  CHECK_CUDA(cudaGraphAddKernelNode(&kx, g, &copyIn, 1, &kp));
  ax = 100.0f; // the node copied the values: changing them now has no effect
  void *argsY[] = {&y, &in, &nArg, &ay, &by};
  kp.kernelParams = argsY;
  CHECK_CUDA(cudaGraphAddKernelNode(&ky, g, &copyIn, 1, &kp));
  cudaGraphNode_t accDeps[] = {kx, ky, setAcc};
  void *argsAcc[] = {&acc, &x, &y, &nArg};
  kp.func = (void *)addInto;
  kp.kernelParams = argsAcc;
  CHECK_CUDA(cudaGraphAddKernelNode(&kacc, g, accDeps, 3, &kp));
  cudaMemcpy3DParms cp = {};
  cp.srcPtr = make_cudaPitchedPtr(acc, n * sizeof(float), n, 1);
  cp.dstPtr = make_cudaPitchedPtr(hOut.data(), n * sizeof(float), n, 1);
  cp.extent = make_cudaExtent(n * sizeof(float), 1, 1);
  cp.kind = cudaMemcpyDeviceToHost;
  CHECK_CUDA(cudaGraphAddMemcpyNode(&copyOut, g, &kacc, 1, &cp));
  std::vector<int> log;
  cudaHostNodeParams hp = {hostAppend, &log};
  CHECK_CUDA(cudaGraphAddHostNode(&host, g, &copyOut, 1, &hp));
  CHECK_CUDA(cudaGraphAddEmptyNode(&empty, g, &host, 1));

  // ---- Queries.
  size_t count = 0;
  CHECK_CUDA(cudaGraphGetNodes(g, nullptr, &count));
  EXPECT(count == 8);
  CHECK_CUDA(cudaGraphGetRootNodes(g, nullptr, &count));
  EXPECT(count == 2);
  cudaGraphNode_t roots[4];
  count = 4;
  CHECK_CUDA(cudaGraphGetRootNodes(g, roots, &count));
  EXPECT(count == 2 && roots[0] == copyIn && roots[1] == setAcc && roots[2] == nullptr);
  CHECK_CUDA(cudaGraphGetEdges(g, nullptr, nullptr, &count));
  EXPECT(count == 8); // copyIn->kx, copyIn->ky, 3 into kacc, kacc->copyOut, ->host, ->empty
  std::vector<cudaGraphNode_t> from(count), to(count);
  CHECK_CUDA(cudaGraphGetEdges(g, from.data(), to.data(), &count));
  int intoAcc = 0;
  for (size_t i = 0; i < count; ++i)
    intoAcc += to[i] == kacc;
  EXPECT(intoAcc == 3);
  CHECK_CUDA(cudaGraphNodeGetDependencies(kacc, nullptr, &count));
  EXPECT(count == 3);
  CHECK_CUDA(cudaGraphNodeGetDependentNodes(copyIn, nullptr, &count));
  EXPECT(count == 2);
  expectNodeType<void>(kx, cudaGraphNodeTypeKernel);
  expectNodeType<void>(copyIn, cudaGraphNodeTypeMemcpy);
  expectNodeType<void>(setAcc, cudaGraphNodeTypeMemset);
  expectNodeType<void>(host, cudaGraphNodeTypeHost);
  expectNodeType<void>(empty, cudaGraphNodeTypeEmpty);
  cudaKernelNodeParams got = {};
  CHECK_CUDA(cudaGraphKernelNodeGetParams(kx, &got));
  EXPECT(got.func == (void *)scaleAdd && got.gridDim.x == grid.x && got.blockDim.x == 128);
  EXPECT(*(float *)got.kernelParams[3] == 2.0f && *(float **)got.kernelParams[0] == x);
  cudaMemsetParams gotSet;
  CHECK_CUDA(cudaGraphMemsetNodeGetParams(setAcc, &gotSet));
  EXPECT(gotSet.dst == acc && gotSet.elementSize == 4 && gotSet.width == size_t(n));
  cudaMemcpy3DParms gotCopy;
  CHECK_CUDA(cudaGraphMemcpyNodeGetParams(copyIn, &gotCopy));
  EXPECT(gotCopy.dstPtr.ptr == in && gotCopy.extent.width == n * sizeof(float));

  // ---- Nothing ran yet; instantiate and launch twice.
  EXPECT(hOut[0] == -1.0f && log.empty());
  cudaGraphExec_t exec;
  CHECK_CUDA(cudaGraphInstantiate(&exec, g, 0));
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  for (int rep = 0; rep < 2; ++rep) {
    std::fill(hOut.begin(), hOut.end(), -1.0f);
    CHECK_CUDA(cudaGraphLaunch(exec, s));
    CHECK_CUDA(cudaStreamSynchronize(s));
    for (int i = 0; i < n; ++i)
      EXPECT(hOut[i] == (2 * hIn[i] + 1) + (-hIn[i] + 3)); // memset resets acc each replay
  }
  EXPECT(log.size() == 2);

  // ---- Change parameters on the executable graph only.
  float ax2 = 10.0f;
  void *argsX2[] = {&x, &in, &nArg, &ax2, &bx};
  kp.func = (void *)scaleAdd;
  kp.kernelParams = argsX2;
  CHECK_CUDA(cudaGraphExecKernelNodeSetParams(exec, kx, &kp));
  std::vector<float> hIn2(n, 1.5f);
  CHECK_CUDA(cudaGraphExecMemcpyNodeSetParams1D(exec, copyIn, in, hIn2.data(),
                                                n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  for (int i = 0; i < n; ++i)
    EXPECT(hOut[i] == (10 * 1.5f + 1) + (-1.5f + 3));
  // The graph itself kept its parameters.
  CHECK_CUDA(cudaGraphKernelNodeGetParams(kx, &got));
  EXPECT(*(float *)got.kernelParams[3] == 2.0f);
  // A node of another type, or not from this graph, is refused.
  EXPECT(cudaGraphExecKernelNodeSetParams(exec, copyIn, &kp) == cudaErrorInvalidValue);
  EXPECT(cudaGraphExecKernelNodeSetParams(exec, nullptr, &kp) == cudaErrorInvalidValue);
  cudaGetLastError();

  // ---- cudaGraphExecUpdate: a clone with new parameters updates the exec.
  cudaGraph_t g2;
  CHECK_CUDA(cudaGraphClone(&g2, g));
  cudaGraphNode_t kx2, copyIn2;
  CHECK_CUDA(cudaGraphNodeFindInClone(&kx2, kx, g2));
  CHECK_CUDA(cudaGraphNodeFindInClone(&copyIn2, copyIn, g2));
  EXPECT(kx2 != kx);
  float ax3 = -4.0f;
  void *argsX3[] = {&x, &in, &nArg, &ax3, &bx};
  kp.kernelParams = argsX3;
  CHECK_CUDA(cudaGraphKernelNodeSetParams(kx2, &kp));
  cudaGraphExecUpdateResultInfo info;
  CHECK_CUDA(cudaGraphExecUpdate(exec, g2, &info));
  EXPECT(info.result == cudaGraphExecUpdateSuccess);
  CHECK_CUDA(cudaGraphLaunch(exec, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  for (int i = 0; i < n; ++i)
    EXPECT(hOut[i] == (-4 * hIn[i] + 1) + (-hIn[i] + 3)); // copyIn back to hIn too
  // The exec still answers to the original graph's nodes.
  CHECK_CUDA(cudaGraphExecKernelNodeSetParams(exec, kx, &kp));

  // Topology change: an extra edge.
  CHECK_CUDA(cudaGraphAddDependencies(g2, &copyIn2, &kx2, 1) == cudaErrorInvalidValue
                 ? cudaSuccess
                 : cudaErrorUnknown); // already an edge
  cudaGetLastError();
  cudaGraphNode_t setAcc2;
  CHECK_CUDA(cudaGraphNodeFindInClone(&setAcc2, setAcc, g2));
  CHECK_CUDA(cudaGraphAddDependencies(g2, &setAcc2, &kx2, 1));
  EXPECT(cudaGraphExecUpdate(exec, g2, &info) == cudaErrorGraphExecUpdateFailure);
  EXPECT(info.result == cudaGraphExecUpdateErrorTopologyChanged && info.errorNode == kx2);
  cudaGetLastError();
  CHECK_CUDA(cudaGraphRemoveDependencies(g2, &setAcc2, &kx2, 1));
  CHECK_CUDA(cudaGraphExecUpdate(exec, g2, &info));
  // Node count change, and node type change.
  cudaGraphNode_t extra;
  CHECK_CUDA(cudaGraphAddEmptyNode(&extra, g2, nullptr, 0));
  EXPECT(cudaGraphExecUpdate(exec, g2, &info) == cudaErrorGraphExecUpdateFailure);
  EXPECT(info.result == cudaGraphExecUpdateErrorTopologyChanged);
  cudaGetLastError();
  CHECK_CUDA(cudaGraphDestroyNode(extra));
  cudaGraph_t g3;
  CHECK_CUDA(cudaGraphCreate(&g3, 0));
  cudaGraphNode_t a3, b3;
  CHECK_CUDA(cudaGraphAddEmptyNode(&a3, g3, nullptr, 0));
  CHECK_CUDA(cudaGraphAddHostNode(&b3, g3, &a3, 1, &hp));
  cudaGraph_t g4;
  CHECK_CUDA(cudaGraphCreate(&g4, 0));
  cudaGraphNode_t a4, b4;
  CHECK_CUDA(cudaGraphAddEmptyNode(&a4, g4, nullptr, 0));
  CHECK_CUDA(cudaGraphAddEmptyNode(&b4, g4, &a4, 1));
  cudaGraphExec_t exec3;
  CHECK_CUDA(cudaGraphInstantiate(&exec3, g3, 0));
  EXPECT(cudaGraphExecUpdate(exec3, g4, &info) == cudaErrorGraphExecUpdateFailure);
  EXPECT(info.result == cudaGraphExecUpdateErrorNodeTypeChanged && info.errorNode == b4 &&
         info.errorFromNode == b3);
  cudaGetLastError();

  // ---- Child graph, event record/wait and 2-byte memset.
  unsigned short *half16;
  int *ints;
  CHECK_CUDA(cudaMalloc(&half16, 64 * sizeof(unsigned short)));
  CHECK_CUDA(cudaMalloc(&ints, 64 * sizeof(int)));
  cudaGraph_t child;
  CHECK_CUDA(cudaGraphCreate(&child, 0));
  cudaGraphNode_t c1, c2;
  cudaMemsetParams ms16 = {};
  ms16.dst = half16;
  ms16.pitch = 16 * sizeof(unsigned short);
  ms16.value = 0xBEEF;
  ms16.elementSize = 2;
  ms16.width = 10; // 4 rows of 10 out of 16: the rest stays
  ms16.height = 4;
  CHECK_CUDA(cudaMemset(half16, 0, 64 * sizeof(unsigned short)));
  CHECK_CUDA(cudaGraphAddMemsetNode(&c1, child, nullptr, 0, &ms16));
  int value = 7;
  void *argsW[] = {&ints, &nArg, &value};
  int nInts = 64;
  argsW[1] = &nInts;
  kp.func = (void *)writeValue;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(64);
  kp.kernelParams = argsW;
  CHECK_CUDA(cudaGraphAddKernelNode(&c2, child, &c1, 1, &kp));
  cudaGraph_t parent;
  CHECK_CUDA(cudaGraphCreate(&parent, 0));
  cudaEvent_t ev, gate;
  CHECK_CUDA(cudaEventCreate(&ev));
  CHECK_CUDA(cudaEventCreate(&gate));
  int marks = 0;
  cudaHostNodeParams mark = {hostMark, &marks};
  cudaGraphNode_t wait, childNode, rec, after;
  CHECK_CUDA(cudaGraphAddEventWaitNode(&wait, parent, nullptr, 0, gate));
  CHECK_CUDA(cudaGraphAddChildGraphNode(&childNode, parent, &wait, 1, child));
  CHECK_CUDA(cudaGraphDestroy(child)); // the node holds its own copy
  CHECK_CUDA(cudaGraphAddEventRecordNode(&rec, parent, &childNode, 1, ev));
  CHECK_CUDA(cudaGraphAddHostNode(&after, parent, &rec, 1, &mark));
  cudaGraph_t inner;
  CHECK_CUDA(cudaGraphChildGraphNodeGetGraph(childNode, &inner));
  CHECK_CUDA(cudaGraphGetNodes(inner, nullptr, &count));
  EXPECT(count == 2);
  cudaEvent_t gotEvent;
  CHECK_CUDA(cudaGraphEventRecordNodeGetEvent(rec, &gotEvent));
  EXPECT(gotEvent == ev);
  expectNodeType<void>(childNode, cudaGraphNodeTypeGraph);
  expectNodeType<void>(wait, cudaGraphNodeTypeWaitEvent);
  expectNodeType<void>(rec, cudaGraphNodeTypeEventRecord);
  const char *dot = "graph_explicit.dot";
  CHECK_CUDA(cudaGraphDebugDotPrint(parent, dot, cudaGraphDebugDotFlagsVerbose));
  {
    std::ifstream f(dot);
    std::stringstream ss;
    ss << f.rdbuf();
    std::string text = ss.str();
    EXPECT(text.find("digraph") == 0 && text.find("writeValue") != std::string::npos &&
           text.find("->") != std::string::npos && text.find("MEMSET") != std::string::npos);
    std::remove(dot);
  }

  // The wait node waits for work recorded on another stream.
  cudaStream_t other;
  CHECK_CUDA(cudaStreamCreateWithFlags(&other, cudaStreamNonBlocking));
  CHECK_CUDA(cudaMemsetAsync(ints, 0, 64 * sizeof(int), other));
  CHECK_CUDA(cudaEventRecord(gate, other));
  cudaGraphExec_t execP;
  CHECK_CUDA(cudaGraphInstantiateWithFlags(&execP, parent, 0));
  CHECK_CUDA(cudaGraphLaunch(execP, s));
  CHECK_CUDA(cudaEventSynchronize(ev)); // recorded by the graph after the child
  std::vector<int> hInts(64);
  std::vector<unsigned short> h16(64);
  CHECK_CUDA(cudaMemcpy(hInts.data(), ints, 64 * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(h16.data(), half16, 64 * sizeof(unsigned short), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) {
    EXPECT(hInts[i] == 7);
    EXPECT(h16[i] == ((i % 16) < 10 ? 0xBEEF : 0));
  }
  CHECK_CUDA(cudaStreamSynchronize(s));
  EXPECT(marks == 100);

  // ---- Cycles and bad arguments.
  cudaGraph_t cyc;
  CHECK_CUDA(cudaGraphCreate(&cyc, 0));
  cudaGraphNode_t p, q;
  CHECK_CUDA(cudaGraphAddEmptyNode(&p, cyc, nullptr, 0));
  CHECK_CUDA(cudaGraphAddEmptyNode(&q, cyc, &p, 1));
  CHECK_CUDA(cudaGraphAddDependencies(cyc, &q, &p, 1));
  cudaGraphExec_t bad;
  EXPECT(cudaGraphInstantiate(&bad, cyc, 0) == cudaErrorInvalidValue);
  EXPECT(cudaGraphAddDependencies(cyc, &p, &p, 1) == cudaErrorInvalidValue);
  EXPECT(cudaGraphAddEmptyNode(&p, cyc, &kx, 1) == cudaErrorInvalidValue); // kx is g's
  EXPECT(cudaGraphAddEmptyNode(nullptr, cyc, nullptr, 0) == cudaErrorInvalidValue);
  EXPECT(cudaGraphAddEmptyNode(&p, nullptr, nullptr, 0) == cudaErrorInvalidValue);
  EXPECT(cudaGraphCreate(&cyc, 1) == cudaErrorInvalidValue);
  kp.func = (void *)hostMark; // not a kernel
  EXPECT(cudaGraphAddKernelNode(&p, g, nullptr, 0, &kp) == cudaErrorInvalidDeviceFunction);
  kp.func = (void *)writeValue;
  kp.blockDim = dim3(4096);
  EXPECT(cudaGraphAddKernelNode(&p, g, nullptr, 0, &kp) == cudaErrorInvalidConfiguration);
  kp.blockDim = dim3(64);
  kp.kernelParams = nullptr;
  EXPECT(cudaGraphAddKernelNode(&p, g, nullptr, 0, &kp) == cudaErrorInvalidValue);
  ms.elementSize = 3;
  EXPECT(cudaGraphAddMemsetNode(&p, g, nullptr, 0, &ms) == cudaErrorInvalidValue);
  cudaHostNodeParams noFn = {nullptr, nullptr};
  EXPECT(cudaGraphAddHostNode(&p, g, nullptr, 0, &noFn) == cudaErrorInvalidValue);
  EXPECT(cudaGraphAddMemcpyNode1D(&p, g, nullptr, 0, in, hIn.data(), n * sizeof(float),
                                  (cudaMemcpyKind)17) == cudaErrorInvalidMemcpyDirection);
  EXPECT(cudaGraphAddMemcpyNode(&p, g, nullptr, 0, nullptr) == cudaErrorInvalidValue);
  EXPECT(cudaGraphAddEventRecordNode(&p, g, nullptr, 0, nullptr) == cudaErrorInvalidValue);
  EXPECT(cudaGraphAddChildGraphNode(&p, g, nullptr, 0, g) == cudaErrorInvalidValue);
  EXPECT(cudaGraphKernelNodeGetParams(copyIn, &got) == cudaErrorInvalidValue);
  cudaGetLastError();
  CHECK_CUDA(cudaGraphGetNodes(g, nullptr, &count));
  EXPECT(count == 8); // no failed call added a node

  // ---- The packed-buffer form (extra) of kernel arguments.
  struct {
    int *out;
    int n;
    int value;
  } buffer = {ints, 64, 42};
  size_t bufferSize = sizeof buffer;
  void *extraArgs[] = {(void *)1, &buffer, (void *)2, &bufferSize, (void *)0};
  kp.kernelParams = nullptr;
  kp.extra = extraArgs;
  cudaGraph_t ge;
  CHECK_CUDA(cudaGraphCreate(&ge, 0));
  CHECK_CUDA(cudaGraphAddKernelNode(&p, ge, nullptr, 0, &kp));
  cudaGraphExec_t execE;
  CHECK_CUDA(cudaGraphInstantiate(&execE, ge, 0));
  CHECK_CUDA(cudaGraphLaunch(execE, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  CHECK_CUDA(cudaMemcpy(hInts.data(), ints, 64 * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i)
    EXPECT(hInts[i] == 42);

  // ---- Dependencies, not creation order, decide the order: `late` is made
  // first but depends on `early`, so its value is the one that stays.
  cudaGraph_t go;
  CHECK_CUDA(cudaGraphCreate(&go, 0));
  cudaGraphNode_t late, early;
  int lateValue = 2, earlyValue = 1;
  void *argsLate[] = {&ints, &nInts, &lateValue};
  void *argsEarly[] = {&ints, &nInts, &earlyValue};
  kp.extra = nullptr;
  kp.kernelParams = argsLate;
  CHECK_CUDA(cudaGraphAddKernelNode(&late, go, nullptr, 0, &kp));
  kp.kernelParams = argsEarly;
  CHECK_CUDA(cudaGraphAddKernelNode(&early, go, nullptr, 0, &kp));
  CHECK_CUDA(cudaGraphAddDependencies(go, &early, &late, 1));
  cudaGraphExec_t execO;
  CHECK_CUDA(cudaGraphInstantiate(&execO, go, 0));
  CHECK_CUDA(cudaGraphLaunch(execO, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  CHECK_CUDA(cudaMemcpy(hInts.data(), ints, 64 * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i)
    EXPECT(hInts[i] == 2);
  CHECK_CUDA(cudaGraphExecDestroy(execO));
  CHECK_CUDA(cudaGraphDestroy(go));

  // ---- A destroyed node leaves its edges; captured graphs are chains.
  CHECK_CUDA(cudaGraphDestroyNode(kacc));
  CHECK_CUDA(cudaGraphGetEdges(g, nullptr, nullptr, &count));
  EXPECT(count == 4); // copyIn->kx, copyIn->ky, copyOut->host, host->empty
  cudaGraph_t captured;
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CHECK_CUDA(cudaMemsetAsync(ints, 0, 64 * sizeof(int), s));
  writeValue<<<1, 64, 0, s>>>(ints, 64, 5);
  CHECK_CUDA(cudaLaunchHostFunc(s, hostMark, &marks));
  CHECK_CUDA(cudaStreamEndCapture(s, &captured));
  CHECK_CUDA(cudaGraphGetEdges(captured, nullptr, nullptr, &count));
  EXPECT(count == 2);
  CHECK_CUDA(cudaGraphGetRootNodes(captured, nullptr, &count));
  EXPECT(count == 1);

  for (cudaGraphExec_t e : {exec, exec3, execP, execE})
    CHECK_CUDA(cudaGraphExecDestroy(e));
  for (cudaGraph_t gr : {g, g2, g3, g4, parent, cyc, ge, captured})
    CHECK_CUDA(cudaGraphDestroy(gr));
  CHECK_CUDA(cudaDeviceSynchronize());
  std::printf("PASSED\n");
  return 0;
}

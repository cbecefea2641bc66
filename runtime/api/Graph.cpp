// Graph.cpp - CUDA graph API: stream capture, instantiation and launch of captured graphs.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "core/Graph.h"
#include "core/Runtime.h"
#include "support/ApiError.h"

using loom::GraphTable;
using loom::recordError;
using loom::Runtime;

extern "C" {

cudaError_t cudaStreamBeginCapture(cudaStream_t Stream, enum cudaStreamCaptureMode Mode) {
  if (Mode < cudaStreamCaptureModeGlobal || Mode > cudaStreamCaptureModeRelaxed)
    return recordError(cudaErrorInvalidValue);
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  return recordError(R.beginCapture(S, Mode));
}

cudaError_t cudaStreamEndCapture(cudaStream_t Stream, cudaGraph_t *Graph) {
  if (!Graph)
    return recordError(cudaErrorInvalidValue);
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  return recordError(R.endCapture(S, Graph));
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t Stream, enum cudaStreamCaptureStatus *Status,
                                     unsigned long long *Id, cudaGraph_t *Graph,
                                     const cudaGraphNode_t **Dependencies,
                                     size_t *NumDependencies) {
  if (!Status)
    return recordError(cudaErrorInvalidValue);
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  std::shared_ptr<loom::CaptureSession> C = R.captureOf(S);
  if (!C) {
    *Status = cudaStreamCaptureStatusNone;
    if (NumDependencies)
      *NumDependencies = 0;
    return cudaSuccess;
  }
  unsigned long long CaptureId;
  cudaGraph_t CaptureGraph;
  cudaGraphNode_t *Last;
  R.captureInfo(C, Status, &CaptureId, &CaptureGraph, &Last);
  if (Id)
    *Id = CaptureId;
  if (Graph)
    *Graph = CaptureGraph;
  // The captured sequence is linear: the only dependency is its last node.
  if (Dependencies)
    *Dependencies = Last;
  if (NumDependencies)
    *NumDependencies = *Last ? 1 : 0;
  return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t Stream, enum cudaStreamCaptureStatus *Status) {
  return cudaStreamGetCaptureInfo(Stream, Status, nullptr, nullptr, nullptr, nullptr);
}

cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *Mode) {
  if (!Mode || *Mode < cudaStreamCaptureModeGlobal || *Mode > cudaStreamCaptureModeRelaxed)
    return recordError(cudaErrorInvalidValue);
  cudaStreamCaptureMode Old = loom::threadCaptureMode();
  loom::threadCaptureMode() = *Mode;
  *Mode = Old;
  return cudaSuccess;
}

cudaError_t cudaGraphCreate(cudaGraph_t *Graph, unsigned int Flags) {
  if (!Graph || Flags != 0)
    return recordError(cudaErrorInvalidValue);
  *Graph = Runtime::get().graphs().createGraph();
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *Exec, cudaGraph_t Graph,
                                          unsigned long long Flags) {
  constexpr unsigned long long Known =
      cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagUpload |
      cudaGraphInstantiateFlagDeviceLaunch | cudaGraphInstantiateFlagUseNodePriority;
  if (!Exec || !Runtime::get().graphs().isGraph(Graph) || (Flags & ~Known))
    return recordError(cudaErrorInvalidValue);
  if (Flags & cudaGraphInstantiateFlagDeviceLaunch)
    return recordError(cudaErrorNotSupported); // no device-side graph launch
  *Exec = Runtime::get().graphs().createExec(Graph);
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *Exec, cudaGraph_t Graph,
                                 unsigned long long Flags) {
  return cudaGraphInstantiateWithFlags(Exec, Graph, Flags);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t Exec, cudaStream_t Stream) {
  if (!Runtime::get().graphs().isExec(Exec))
    return recordError(cudaErrorInvalidValue);
  if (cudaError_t Error = loom::stickyError())
    return recordError(Error);
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  // Fresh ops for this launch (kernels get their captured argument values),
  // all made before any is submitted, so a failure leaves nothing half-run.
  std::vector<loom::OpRef> Ops;
  Ops.reserve(Exec->Templates.size());
  for (const loom::OpRef &T : Exec->Templates) {
    loom::OpRef O = T->clone();
    if (!O)
      return recordError(cudaErrorMemoryAllocation);
    Ops.push_back(std::move(O));
  }
  for (loom::OpRef &O : Ops)
    if (cudaError_t Error = R.enqueue(S, std::move(O)))
      return recordError(Error);
  return cudaSuccess;
}

cudaError_t cudaGraphUpload(cudaGraphExec_t Exec, cudaStream_t Stream) {
  if (!Runtime::get().graphs().isExec(Exec))
    return recordError(cudaErrorInvalidValue);
  std::shared_ptr<loom::Stream> S;
  return recordError(Runtime::get().resolveStream(Stream, &S)); // nothing to upload
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t Exec) {
  // Launches already submitted own their ops and still run.
  return recordError(Runtime::get().graphs().destroyExec(Exec) ? cudaSuccess
                                                         : cudaErrorInvalidValue);
}

cudaError_t cudaGraphDestroy(cudaGraph_t Graph) {
  return recordError(Runtime::get().graphs().destroyGraph(Graph) ? cudaSuccess
                                                           : cudaErrorInvalidValue);
}

cudaError_t cudaGraphGetNodes(cudaGraph_t Graph, cudaGraphNode_t *Nodes, size_t *NumNodes) {
  if (!NumNodes || !Runtime::get().graphs().isGraph(Graph))
    return recordError(cudaErrorInvalidValue);
  size_t Count = Graph->Nodes.size();
  if (Nodes) {
    // CUDA fills min(*NumNodes, count) entries and reports that many.
    size_t N = *NumNodes < Count ? *NumNodes : Count;
    for (size_t I = 0; I < N; ++I)
      Nodes[I] = Graph->Nodes[I].get();
    *NumNodes = N;
    return cudaSuccess;
  }
  *NumNodes = Count;
  return cudaSuccess;
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t Node, enum cudaGraphNodeType *Type) {
  if (!Node || !Type)
    return recordError(cudaErrorInvalidValue);
  *Type = Node->Type;
  return cudaSuccess;
}

} // extern "C"

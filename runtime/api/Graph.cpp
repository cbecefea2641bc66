// Graph.cpp - CUDA graph API: stream capture, explicit construction, instantiation, update and launch.
// SPDX-License-Identifier: Apache-2.0
#include "cuda_runtime_api.h"

#include "core/Graph.h"
#include "core/KernelRegistry.h"
#include "core/Ops.h"
#include "core/Runtime.h"
#include "profile/Profile.h"
#include "driver_functions.h"
#include "support/ApiError.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <unordered_map>

using loom::GraphTable;
using loom::recordError;
using loom::why;
using loom::Runtime;

namespace {

using NodeRef = std::unique_ptr<CUgraphNode_st>;

/// Kernel parameter buffers in cudaKernelNodeParams::extra (the driver API's
/// CU_LAUNCH_PARAM_* markers).
void *const LaunchParamEnd = nullptr;
void *const LaunchParamBufferPointer = reinterpret_cast<void *>(1);
void *const LaunchParamBufferSize = reinterpret_cast<void *>(2);

/// Runs \p Call on a private stream under a relaxed capture and hands back
/// the one op it recorded (null if it recorded none, e.g. a zero-byte
/// copy): the node gets exactly the validation and the op of the stream
/// call it stands for.
cudaError_t recordOp(const std::function<cudaError_t(cudaStream_t)> &Call, loom::OpRef *Out) {
  cudaStream_t Scratch;
  if (cudaError_t Error = cudaStreamCreateWithFlags(&Scratch, cudaStreamNonBlocking))
    return Error;
  cudaError_t Error = cudaStreamBeginCapture(Scratch, cudaStreamCaptureModeRelaxed);
  if (!Error)
    Error = Call(Scratch);
  cudaGraph_t G = nullptr;
  cudaError_t EndError = cudaStreamEndCapture(Scratch, &G);
  cudaStreamDestroy(Scratch);
  if (!Error)
    Error = EndError;
  if (!Error && G->Nodes.size() > 1)
    Error = loom::failWith(cudaErrorNotSupported,
                           "the node's operation became %zu graph nodes; Loom supports one",
                           G->Nodes.size());
  if (!Error)
    *Out = G->Nodes.empty() ? nullptr : G->Nodes[0]->Template;
  if (G)
    Runtime::get().graphs().destroyGraph(G);
  return Error;
}

/// A kernel node's record (argument values copied) and launch op.
cudaError_t makeKernelNode(const cudaKernelNodeParams *P,
                           std::unique_ptr<loom::KernelNodeRecord> *Record, loom::OpRef *Op) {
  if (!P)
    return loom::failWith(cudaErrorInvalidValue, "kernel node params is null");
  loom::KernelInfo Kernel;
  if (cudaError_t Error = loom::KernelRegistry::get().lookupKernel(P->func, &Kernel))
    return Error;
  const LoomKernelDesc &D = *Kernel.Desc;
  // Where each argument's value is: kernelParams, or one packed buffer.
  std::vector<const void *> Values(D.numArgs);
  if (P->kernelParams && P->extra)
    return loom::failWith(cudaErrorInvalidValue,
                          "kernel node params for kernel %p give both kernelParams %p and extra %p",
                          P->func, static_cast<void *>(P->kernelParams),
                          static_cast<void *>(P->extra));
  if (P->extra) {
    const unsigned char *Buffer = nullptr;
    size_t BufferSize = 0;
    bool HaveSize = false;
    for (void **E = P->extra; *E != LaunchParamEnd; E += 2) {
      if (E[0] == LaunchParamBufferPointer)
        Buffer = static_cast<const unsigned char *>(E[1]);
      else if (E[0] == LaunchParamBufferSize) {
        BufferSize = *static_cast<const size_t *>(E[1]);
        HaveSize = true;
      } else
        return loom::failWith(cudaErrorInvalidValue,
                              "kernel node extra for kernel %p has unknown tag %p", P->func, E[0]);
    }
    if (D.numArgs && (!Buffer || !HaveSize))
      return loom::failWith(cudaErrorInvalidValue,
                            "kernel node extra for kernel %p (%u args) lacks the buffer pointer "
                            "or size", P->func, unsigned(D.numArgs));
    size_t Offset = 0;
    for (uint32_t I = 0; I < D.numArgs; ++I) {
      size_t Align = D.argAligns[I] ? D.argAligns[I] : 1;
      Offset = (Offset + Align - 1) / Align * Align;
      if (Offset + D.argSizes[I] > BufferSize)
        return loom::failWith(cudaErrorInvalidValue,
                              "kernel node extra buffer of %zu bytes for kernel %p is too small "
                              "for argument %u (%zu bytes at offset %zu)", BufferSize, P->func,
                              unsigned(I), size_t(D.argSizes[I]), Offset);
      Values[I] = Buffer + Offset;
      Offset += D.argSizes[I];
    }
  } else if (D.numArgs) {
    if (!P->kernelParams)
      return loom::failWith(cudaErrorInvalidValue,
                            "kernel node params for kernel %p (%u args) has null kernelParams",
                            P->func, unsigned(D.numArgs));
    for (uint32_t I = 0; I < D.numArgs; ++I)
      Values[I] = P->kernelParams[I];
  }
  auto R = std::make_unique<loom::KernelNodeRecord>();
  R->Func = P->func;
  R->Grid = P->gridDim;
  R->Block = P->blockDim;
  R->SharedMem = P->sharedMemBytes;
  std::vector<size_t> Offsets(D.numArgs);
  size_t Size = 0;
  for (uint32_t I = 0; I < D.numArgs; ++I) {
    size_t Align = D.argAligns[I] ? D.argAligns[I] : 1;
    Size = (Size + Align - 1) / Align * Align;
    Offsets[I] = Size;
    Size += D.argSizes[I];
  }
  R->Storage.resize(Size + 16);
  // Storage's data is new[]-aligned (16); arguments need at most that.
  for (uint32_t I = 0; I < D.numArgs; ++I) {
    if (!Values[I])
      return loom::failWith(cudaErrorInvalidValue,
                            "kernel node argument %u of kernel %p is a null pointer", unsigned(I),
                            P->func);
    std::memcpy(R->Storage.data() + Offsets[I], Values[I], D.argSizes[I]);
    R->Args.push_back(R->Storage.data() + Offsets[I]);
  }
  loom::KernelNodeRecord *Raw = R.get();
  if (cudaError_t Error = recordOp(
          [&](cudaStream_t S) {
            return cudaLaunchKernel(Raw->Func, Raw->Grid, Raw->Block,
                                    Raw->Args.empty() ? nullptr : Raw->Args.data(),
                                    Raw->SharedMem, S);
          },
          Op))
    return Error;
  *Record = std::move(R);
  return cudaSuccess;
}

cudaError_t makeCopyNode(const cudaMemcpy3DParms *P, loom::OpRef *Op) {
  if (!P)
    return loom::failWith(cudaErrorInvalidValue, "memcpy node params is null");
  return recordOp([&](cudaStream_t S) { return cudaMemcpy3DAsync(P, S); }, Op);
}

/// A 1D copy in the 3D form CUDA's getters report.
cudaMemcpy3DParms copyParams1D(void *Dst, const void *Src, size_t Count, cudaMemcpyKind Kind) {
  cudaMemcpy3DParms P{};
  P.srcPtr = make_cudaPitchedPtr(const_cast<void *>(Src), Count, Count, 1);
  P.dstPtr = make_cudaPitchedPtr(Dst, Count, Count, 1);
  P.extent = make_cudaExtent(Count, 1, 1);
  P.kind = Kind;
  return P;
}

cudaError_t makeCopyNode1D(void *Dst, const void *Src, size_t Count, cudaMemcpyKind Kind,
                           loom::OpRef *Op) {
  return recordOp([&](cudaStream_t S) { return cudaMemcpyAsync(Dst, Src, Count, Kind, S); },
                  Op);
}

/// A 2D fill of 1-, 2- or 4-byte elements (memset nodes).
class FillOp final : public loom::Op {
public:
  explicit FillOp(const cudaMemsetParams &P) : Op(1, 1), P(P) {}
  void run(uint64_t, uint64_t, loom::WorkerState &) override {
    // Only ever run as a clone of a node's template: the program may have
    // freed the memory since the node was made.
    if (!loom::replayedRangeStillValid(P.dst, P.pitch, 0, P.width * P.elementSize, P.height, 1,
                                       "memset node"))
      return;
    for (size_t Y = 0; Y < P.height; ++Y) {
      unsigned char *Row = static_cast<unsigned char *>(P.dst) + Y * P.pitch;
      switch (P.elementSize) {
      case 1: std::memset(Row, int(P.value & 0xff), P.width); break;
      case 2: std::fill_n(reinterpret_cast<uint16_t *>(Row), P.width, uint16_t(P.value)); break;
      default: std::fill_n(reinterpret_cast<uint32_t *>(Row), P.width, uint32_t(P.value)); break;
      }
    }
  }
  loom::OpRef clone() const override { return std::make_shared<FillOp>(P); }
  double guessNs() const override {
    return loom::byteOpGuessNs(double(P.width) * P.elementSize * P.height);
  }

private:
  cudaMemsetParams P;
};

cudaError_t makeSetNode(const cudaMemsetParams *P, loom::OpRef *Op) {
  if (!P || !P->dst)
    return loom::failWith(cudaErrorInvalidValue, "memset node params %p or its dst is null",
                          static_cast<const void *>(P));
  if (P->elementSize != 1 && P->elementSize != 2 && P->elementSize != 4)
    return loom::failWith(cudaErrorInvalidValue, "memset node elementSize %u is not 1, 2 or 4",
                          unsigned(P->elementSize));
  if (reinterpret_cast<uintptr_t>(P->dst) % P->elementSize)
    return loom::failWith(cudaErrorInvalidValue,
                          "memset node dst %p is not aligned to elementSize %u", P->dst,
                          unsigned(P->elementSize));
  size_t RowBytes = P->width * P->elementSize;
  if (P->height > 1 && P->pitch < RowBytes)
    return loom::failWith(cudaErrorInvalidPitchValue,
                          "memset node pitch %zu is less than width %zu x elementSize %u", P->pitch,
                          P->width, unsigned(P->elementSize));
  if (P->height > 1 && P->pitch % P->elementSize)
    return loom::failWith(cudaErrorInvalidValue,
                          "memset node pitch %zu is not a multiple of elementSize %u", P->pitch,
                          unsigned(P->elementSize));
  if (!P->width || !P->height) {
    *Op = nullptr;
    return cudaSuccess;
  }
  // The range is validated as cudaMemset2DAsync validates it (the byte fill
  // it records is dropped: FillOp writes the elements).
  size_t Pitch = P->height > 1 ? P->pitch : RowBytes;
  loom::OpRef Probe;
  if (cudaError_t Error = recordOp(
          [&](cudaStream_t S) {
            return cudaMemset2DAsync(P->dst, Pitch, 0, RowBytes, P->height, S);
          },
          &Probe))
    return Error;
  *Op = std::make_shared<FillOp>(*P);
  return cudaSuccess;
}

cudaError_t checkEvent(cudaEvent_t Event) {
  unsigned Flags;
  std::shared_ptr<loom::MarkerOp> Recorded;
  if (Event && Runtime::get().lookupEvent(Event, &Flags, &Recorded))
    return cudaSuccess;
  return loom::failWith(cudaErrorInvalidValue, "event %p is not a live event",
                        static_cast<void *>(Event));
}

/// Adds \p N to \p G after \p Deps (all nodes of \p G, no duplicates).
cudaError_t addNode(cudaGraphNode_t *Out, cudaGraph_t G, const cudaGraphNode_t *Deps,
                    size_t NumDeps, NodeRef N) {
  if (!Out)
    return loom::failWith(cudaErrorInvalidValue, "node output pointer is null");
  if (!Runtime::get().graphs().isGraph(G))
    return loom::failWith(cudaErrorInvalidValue, "graph %p is not a live graph",
                          static_cast<void *>(G));
  if (NumDeps && !Deps)
    return loom::failWith(cudaErrorInvalidValue, "%zu dependencies given with a null list",
                          NumDeps);
  for (size_t I = 0; I < NumDeps; ++I) {
    if (!Deps[I] || Deps[I]->Owner != G)
      return loom::failWith(cudaErrorInvalidValue,
                            "dependency %zu (node %p) is null or not a node of graph %p", I,
                            static_cast<void *>(Deps[I]), static_cast<void *>(G));
    for (size_t J = 0; J < I; ++J)
      if (Deps[J] == Deps[I])
        return loom::failWith(cudaErrorInvalidValue, "dependency %zu (node %p) is listed twice", I,
                              static_cast<void *>(Deps[I]));
  }
  N->Owner = G;
  for (size_t I = 0; I < NumDeps; ++I) {
    N->Deps.push_back(Deps[I]);
    Deps[I]->Dependents.push_back(N.get());
  }
  *Out = N.get();
  G->Nodes.push_back(std::move(N));
  return cudaSuccess;
}

NodeRef newNode(cudaGraphNodeType Type, loom::OpRef Template = nullptr) {
  auto N = std::make_unique<CUgraphNode_st>();
  N->Type = Type;
  N->Template = std::move(Template);
  return N;
}

/// CUDA's list convention: with a null array, the count; else up to *Count
/// entries, the rest of the array nulled, *Count the number written.
template <typename Fn> void fillList(cudaGraphNode_t *Array, size_t *Count, size_t Total, Fn At) {
  if (!Array) {
    *Count = Total;
    return;
  }
  size_t N = std::min(*Count, Total);
  for (size_t I = 0; I < N; ++I)
    Array[I] = At(I);
  for (size_t I = N; I < *Count; ++I)
    Array[I] = nullptr;
  *Count = N;
}

bool hasEdge(const CUgraphNode_st *From, const CUgraphNode_st *To) {
  return std::find(To->Deps.begin(), To->Deps.end(), From) != To->Deps.end();
}

/// The exec's index of \p Node (a node of the graph it was instantiated
/// from) with type \p Type, or -1.
long execIndex(cudaGraphExec_t E, cudaGraphNode_t Node, cudaGraphNodeType Type) {
  if (!Node || !Runtime::get().graphs().isExec(E))
    return -1;
  auto It = std::find(E->Origins.begin(), E->Origins.end(), Node);
  if (It == E->Origins.end())
    return -1;
  long I = long(It - E->Origins.begin());
  return E->Shape[I][0] == long(Type) ? I : -1; // the node itself may be gone
}

/// The label of a node in cudaGraphDebugDotPrint's output.
std::string dotLabel(const CUgraphNode_st &N) {
  char Buf[256];
  switch (N.Type) {
  case cudaGraphNodeTypeKernel: {
    const char *Name = "?";
    loom::KernelInfo K;
    if (N.Kernel && !loom::KernelRegistry::get().lookupKernel(N.Kernel->Func, &K))
      Name = K.Desc->name;
    if (N.Kernel)
      std::snprintf(Buf, sizeof Buf, "KERNEL\\n%s\\n<<<(%u,%u,%u),(%u,%u,%u),%u>>>", Name,
                    N.Kernel->Grid.x, N.Kernel->Grid.y, N.Kernel->Grid.z, N.Kernel->Block.x,
                    N.Kernel->Block.y, N.Kernel->Block.z, N.Kernel->SharedMem);
    else
      std::snprintf(Buf, sizeof Buf, "KERNEL\\n(captured)");
    return Buf;
  }
  case cudaGraphNodeTypeMemcpy:
    if (N.HasCopy) {
      std::snprintf(Buf, sizeof Buf, "MEMCPY\\n%zux%zux%zu bytes", N.Copy.extent.width,
                    N.Copy.extent.height, N.Copy.extent.depth);
      return Buf;
    }
    return "MEMCPY";
  case cudaGraphNodeTypeMemset:
    if (N.HasSet) {
      std::snprintf(Buf, sizeof Buf, "MEMSET\\n%zux%zu x %u bytes, value %u", N.Set.width,
                    N.Set.height, N.Set.elementSize, N.Set.value);
      return Buf;
    }
    return "MEMSET";
  case cudaGraphNodeTypeHost: return "HOST";
  case cudaGraphNodeTypeGraph: return "CHILD GRAPH";
  case cudaGraphNodeTypeEmpty: return "EMPTY";
  case cudaGraphNodeTypeWaitEvent: return "EVENT WAIT";
  case cudaGraphNodeTypeEventRecord: return "EVENT RECORD";
  default: return "NODE";
  }
}

void printDot(std::FILE *F, cudaGraph_t G, const std::string &Prefix, unsigned Flags) {
  std::unordered_map<const CUgraphNode_st *, size_t> Index;
  for (size_t I = 0; I < G->Nodes.size(); ++I)
    Index[G->Nodes[I].get()] = I;
  for (size_t I = 0; I < G->Nodes.size(); ++I) {
    const CUgraphNode_st &N = *G->Nodes[I];
    std::string Id = Prefix + "node_" + std::to_string(I);
    std::string Label = dotLabel(N);
    if (Flags & cudaGraphDebugDotFlagsHandles) {
      char H[32];
      std::snprintf(H, sizeof H, "\\n%p", static_cast<const void *>(&N));
      Label += H;
    }
    if (N.Child) {
      std::fprintf(F, "  subgraph cluster_%s {\n    label=\"%s\";\n", Id.c_str(), Label.c_str());
      printDot(F, N.Child, Id + "_", Flags);
      std::fprintf(F, "  }\n");
      // The child's box stands for the node in edges: an empty anchor.
      std::fprintf(F, "  \"%s\" [shape=point];\n", Id.c_str());
    } else {
      std::fprintf(F, "  \"%s\" [shape=box, label=\"%s\"];\n", Id.c_str(), Label.c_str());
    }
  }
  for (size_t I = 0; I < G->Nodes.size(); ++I)
    for (const CUgraphNode_st *D : G->Nodes[I]->Dependents)
      std::fprintf(F, "  \"%snode_%zu\" -> \"%snode_%zu\";\n", Prefix.c_str(), I, Prefix.c_str(),
                   Index[D]);
}

/// A node's type for a reason (-1 for a null node).
int typeOf(cudaGraphNode_t N) { return N ? int(N->Type) : -1; }

} // namespace

extern "C" {

cudaError_t cudaStreamBeginCapture(cudaStream_t Stream, enum cudaStreamCaptureMode Mode) {
  if (Mode < cudaStreamCaptureModeGlobal || Mode > cudaStreamCaptureModeRelaxed)
    return recordError(cudaErrorInvalidValue,
                       why("capture mode %d is not a cudaStreamCaptureMode", int(Mode)));
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  return recordError(R.beginCapture(S, Mode));
}

cudaError_t cudaStreamEndCapture(cudaStream_t Stream, cudaGraph_t *Graph) {
  if (!Graph)
    return recordError(cudaErrorInvalidValue, why("Graph is null"));
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
    return recordError(cudaErrorInvalidValue, why("Status is null"));
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
    return recordError(cudaErrorInvalidValue,
                       why("Mode %p is null or *Mode is not a cudaStreamCaptureMode",
                           static_cast<void *>(Mode)));
  cudaStreamCaptureMode Old = loom::threadCaptureMode();
  loom::threadCaptureMode() = *Mode;
  *Mode = Old;
  return cudaSuccess;
}

cudaError_t cudaGraphCreate(cudaGraph_t *Graph, unsigned int Flags) {
  if (!Graph || Flags != 0)
    return recordError(cudaErrorInvalidValue,
                       why("Graph %p is null or flags %#x are not 0", static_cast<void *>(Graph),
                           Flags));
  *Graph = Runtime::get().graphs().createGraph();
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *Exec, cudaGraph_t Graph,
                                          unsigned long long Flags) {
  constexpr unsigned long long Known =
      cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagUpload |
      cudaGraphInstantiateFlagDeviceLaunch | cudaGraphInstantiateFlagUseNodePriority;
  if (!Exec || !Runtime::get().graphs().isGraph(Graph) || (Flags & ~Known))
    return recordError(cudaErrorInvalidValue,
                       why("Exec %p is null, graph %p is not a live graph, or flags %#llx are "
                           "unknown", static_cast<void *>(Exec), static_cast<void *>(Graph),
                           Flags));
  if (Flags & cudaGraphInstantiateFlagDeviceLaunch)
    return recordError(cudaErrorNotSupported,
                       why("flags %#llx ask for device-side launch, which Loom does not support",
                           Flags)); // no device-side graph launch
  return recordError(Runtime::get().graphs().createExec(Graph, Exec));
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *Exec, cudaGraph_t Graph,
                                 unsigned long long Flags) {
  return cudaGraphInstantiateWithFlags(Exec, Graph, Flags);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t Exec, cudaStream_t Stream) {
  LOOM_PROFILE_API("cudaGraphLaunch");
  if (!Runtime::get().graphs().isExec(Exec))
    return recordError(cudaErrorInvalidValue,
                       why("exec %p is not a live executable graph", static_cast<void *>(Exec)));
  if (cudaError_t Error = loom::stickyError())
    return recordError(Error);
  Runtime &R = Runtime::get();
  std::shared_ptr<loom::Stream> S;
  if (cudaError_t Error = R.resolveStream(Stream, &S))
    return recordError(Error);
  // Fresh ops for this launch (kernels get their captured argument values),
  // all made before any is submitted, so a failure leaves nothing half-run.
  bool HasEvents = false;
  std::vector<loom::OpRef> Ops;
  Ops.reserve(Exec->Steps.size());
  for (const GraphExecStep &Step : Exec->Steps) {
    if (Step.Event) {
      HasEvents = true;
      Ops.push_back(nullptr);
      continue;
    }
    if (!Step.Template) { // e.g. a zero-byte copy
      Ops.push_back(nullptr);
      continue;
    }
    loom::OpRef O = Step.Template->clone();
    if (!O)
      return recordError(cudaErrorMemoryAllocation, why("out of memory copying a graph step"));
    Ops.push_back(std::move(O));
  }
  // Event nodes act on the events at launch time; inside a capture they
  // would have to become capture edges, which Loom does not record.
  if (HasEvents && R.captureOf(S))
    return recordError(cudaErrorStreamCaptureUnsupported,
                       why("a graph with event nodes cannot be launched into a capturing stream"));
  for (size_t I = 0; I < Ops.size(); ++I) {
    const GraphExecStep &Step = Exec->Steps[I];
    if (Step.Type == cudaGraphNodeTypeEventRecord) {
      auto Marker = std::make_shared<loom::MarkerOp>();
      if (cudaError_t Error = R.enqueue(S, Marker))
        return recordError(Error);
      if (!R.setEventRecord(Step.Event, Marker))
        return recordError(cudaErrorInvalidResourceHandle,
                           why("event %p of an event-record node was destroyed",
                               static_cast<void *>(Step.Event)));
    } else if (Step.Type == cudaGraphNodeTypeWaitEvent) {
      unsigned Flags;
      std::shared_ptr<loom::MarkerOp> Recorded;
      if (!R.lookupEvent(Step.Event, &Flags, &Recorded))
        return recordError(cudaErrorInvalidResourceHandle,
                           why("event %p of an event-wait node was destroyed",
                               static_cast<void *>(Step.Event)));
      if (Recorded)
        if (cudaError_t Error = R.enqueue(S, std::make_shared<loom::MarkerOp>(), Recorded))
          return recordError(Error);
    } else if (Ops[I]) {
      if (cudaError_t Error = R.enqueue(S, std::move(Ops[I])))
        return recordError(Error);
    }
  }
  return cudaSuccess;
}

cudaError_t cudaGraphUpload(cudaGraphExec_t Exec, cudaStream_t Stream) {
  if (!Runtime::get().graphs().isExec(Exec))
    return recordError(cudaErrorInvalidValue,
                       why("exec %p is not a live executable graph", static_cast<void *>(Exec)));
  std::shared_ptr<loom::Stream> S;
  return recordError(Runtime::get().resolveStream(Stream, &S)); // nothing to upload
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t Exec) {
  // Launches already submitted own their ops and still run.
  if (!Runtime::get().graphs().destroyExec(Exec))
    return recordError(cudaErrorInvalidValue,
                       why("exec %p is not a live executable graph", static_cast<void *>(Exec)));
  return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t Graph) {
  if (!Runtime::get().graphs().destroyGraph(Graph))
    return recordError(cudaErrorInvalidValue,
                       why("graph %p is not a live graph", static_cast<void *>(Graph)));
  return cudaSuccess;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t Graph, cudaGraphNode_t *Nodes, size_t *NumNodes) {
  if (!NumNodes || !Runtime::get().graphs().isGraph(Graph))
    return recordError(cudaErrorInvalidValue,
                       why("NumNodes %p is null or graph %p is not a live graph",
                           static_cast<void *>(NumNodes), static_cast<void *>(Graph)));
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
    return recordError(cudaErrorInvalidValue, why("%s is null", !Node ? "Node" : "Type"));
  *Type = Node->Type;
  return cudaSuccess;
}

/* ---- Explicit construction ------------------------------------------------ */

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t NumDeps,
                                   const struct cudaKernelNodeParams *Params) {
  if (!Node || !Runtime::get().graphs().isGraph(Graph))
    return recordError(cudaErrorInvalidValue,
                       why("Node %p is null or graph %p is not a live graph",
                           static_cast<void *>(Node), static_cast<void *>(Graph)));
  std::unique_ptr<loom::KernelNodeRecord> Record;
  loom::OpRef Op;
  if (cudaError_t Error = makeKernelNode(Params, &Record, &Op))
    return recordError(Error);
  NodeRef N = newNode(cudaGraphNodeTypeKernel, std::move(Op));
  N->Kernel = std::move(Record);
  return recordError(addNode(Node, Graph, Deps, NumDeps, std::move(N)));
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t Node,
                                         struct cudaKernelNodeParams *Params) {
  if (!Node || !Params || Node->Type != cudaGraphNodeTypeKernel)
    return recordError(cudaErrorInvalidValue,
                       why("node %p or Params %p is null, or the node is of type %d, not a kernel "
                           "node", static_cast<void *>(Node), static_cast<void *>(Params),
                           typeOf(Node)));
  if (!Node->Kernel)
    return recordError(cudaErrorNotSupported,
                       why("kernel node %p was captured without its parameters",
                           static_cast<void *>(Node))); // captured without its parameters
  Params->func = const_cast<void *>(Node->Kernel->Func);
  Params->gridDim = Node->Kernel->Grid;
  Params->blockDim = Node->Kernel->Block;
  Params->sharedMemBytes = Node->Kernel->SharedMem;
  Params->kernelParams = Node->Kernel->Args.empty() ? nullptr : Node->Kernel->Args.data();
  Params->extra = nullptr;
  return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t Node,
                                         const struct cudaKernelNodeParams *Params) {
  if (!Node || Node->Type != cudaGraphNodeTypeKernel)
    return recordError(cudaErrorInvalidValue,
                       why("node %p is null or of type %d, not a kernel node",
                           static_cast<void *>(Node), typeOf(Node)));
  std::unique_ptr<loom::KernelNodeRecord> Record;
  loom::OpRef Op;
  if (cudaError_t Error = makeKernelNode(Params, &Record, &Op))
    return recordError(Error);
  Node->Kernel = std::move(Record);
  Node->Template = std::move(Op);
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t NumDeps,
                                   const struct cudaMemcpy3DParms *Params) {
  if (!Node || !Runtime::get().graphs().isGraph(Graph))
    return recordError(cudaErrorInvalidValue,
                       why("Node %p is null or graph %p is not a live graph",
                           static_cast<void *>(Node), static_cast<void *>(Graph)));
  loom::OpRef Op;
  if (cudaError_t Error = makeCopyNode(Params, &Op))
    return recordError(Error);
  NodeRef N = newNode(cudaGraphNodeTypeMemcpy, std::move(Op));
  N->Copy = *Params;
  N->HasCopy = true;
  return recordError(addNode(Node, Graph, Deps, NumDeps, std::move(N)));
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                     const cudaGraphNode_t *Deps, size_t NumDeps, void *Dst,
                                     const void *Src, size_t Count, enum cudaMemcpyKind Kind) {
  if (!Node || !Runtime::get().graphs().isGraph(Graph))
    return recordError(cudaErrorInvalidValue,
                       why("Node %p is null or graph %p is not a live graph",
                           static_cast<void *>(Node), static_cast<void *>(Graph)));
  loom::OpRef Op;
  if (cudaError_t Error = makeCopyNode1D(Dst, Src, Count, Kind, &Op))
    return recordError(Error);
  NodeRef N = newNode(cudaGraphNodeTypeMemcpy, std::move(Op));
  N->Copy = copyParams1D(Dst, Src, Count, Kind);
  N->HasCopy = true;
  return recordError(addNode(Node, Graph, Deps, NumDeps, std::move(N)));
}

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t Node,
                                         struct cudaMemcpy3DParms *Params) {
  if (!Node || !Params || Node->Type != cudaGraphNodeTypeMemcpy)
    return recordError(cudaErrorInvalidValue,
                       why("node %p or Params %p is null, or the node is of type %d, not a memcpy "
                           "node", static_cast<void *>(Node), static_cast<void *>(Params),
                           typeOf(Node)));
  if (!Node->HasCopy)
    return recordError(cudaErrorNotSupported,
                       why("memcpy node %p was captured without its parameters",
                           static_cast<void *>(Node))); // captured without its parameters
  *Params = Node->Copy;
  return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t Node,
                                         const struct cudaMemcpy3DParms *Params) {
  if (!Node || Node->Type != cudaGraphNodeTypeMemcpy)
    return recordError(cudaErrorInvalidValue,
                       why("node %p is null or of type %d, not a memcpy node",
                           static_cast<void *>(Node), typeOf(Node)));
  loom::OpRef Op;
  if (cudaError_t Error = makeCopyNode(Params, &Op))
    return recordError(Error);
  Node->Template = std::move(Op);
  Node->Copy = *Params;
  Node->HasCopy = true;
  return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t Node, void *Dst, const void *Src,
                                           size_t Count, enum cudaMemcpyKind Kind) {
  if (!Node || Node->Type != cudaGraphNodeTypeMemcpy)
    return recordError(cudaErrorInvalidValue,
                       why("node %p is null or of type %d, not a memcpy node",
                           static_cast<void *>(Node), typeOf(Node)));
  loom::OpRef Op;
  if (cudaError_t Error = makeCopyNode1D(Dst, Src, Count, Kind, &Op))
    return recordError(Error);
  Node->Template = std::move(Op);
  Node->Copy = copyParams1D(Dst, Src, Count, Kind);
  Node->HasCopy = true;
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                   const cudaGraphNode_t *Deps, size_t NumDeps,
                                   const struct cudaMemsetParams *Params) {
  if (!Node || !Runtime::get().graphs().isGraph(Graph))
    return recordError(cudaErrorInvalidValue,
                       why("Node %p is null or graph %p is not a live graph",
                           static_cast<void *>(Node), static_cast<void *>(Graph)));
  loom::OpRef Op;
  if (cudaError_t Error = makeSetNode(Params, &Op))
    return recordError(Error);
  NodeRef N = newNode(cudaGraphNodeTypeMemset, std::move(Op));
  N->Set = *Params;
  N->HasSet = true;
  return recordError(addNode(Node, Graph, Deps, NumDeps, std::move(N)));
}

cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t Node, struct cudaMemsetParams *Params) {
  if (!Node || !Params || Node->Type != cudaGraphNodeTypeMemset)
    return recordError(cudaErrorInvalidValue,
                       why("node %p or Params %p is null, or the node is of type %d, not a memset "
                           "node", static_cast<void *>(Node), static_cast<void *>(Params),
                           typeOf(Node)));
  if (!Node->HasSet)
    return recordError(cudaErrorNotSupported,
                       why("memset node %p was captured without its parameters",
                           static_cast<void *>(Node))); // captured without its parameters
  *Params = Node->Set;
  return cudaSuccess;
}

cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t Node,
                                         const struct cudaMemsetParams *Params) {
  if (!Node || Node->Type != cudaGraphNodeTypeMemset)
    return recordError(cudaErrorInvalidValue,
                       why("node %p is null or of type %d, not a memset node",
                           static_cast<void *>(Node), typeOf(Node)));
  loom::OpRef Op;
  if (cudaError_t Error = makeSetNode(Params, &Op))
    return recordError(Error);
  Node->Template = std::move(Op);
  Node->Set = *Params;
  Node->HasSet = true;
  return cudaSuccess;
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                 const cudaGraphNode_t *Deps, size_t NumDeps,
                                 const struct cudaHostNodeParams *Params) {
  if (!Params || !Params->fn)
    return recordError(cudaErrorInvalidValue,
                       why("host node Params %p or its fn is null",
                           static_cast<const void *>(Params)));
  NodeRef N = newNode(cudaGraphNodeTypeHost,
                      std::make_shared<loom::HostFnOp>(Params->fn, Params->userData));
  N->Host = *Params;
  return recordError(addNode(Node, Graph, Deps, NumDeps, std::move(N)));
}

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t Node, struct cudaHostNodeParams *Params) {
  if (!Node || !Params || Node->Type != cudaGraphNodeTypeHost)
    return recordError(cudaErrorInvalidValue,
                       why("node %p or Params %p is null, or the node is of type %d, not a host "
                           "node", static_cast<void *>(Node), static_cast<void *>(Params),
                           typeOf(Node)));
  if (!Node->Host.fn)
    return recordError(cudaErrorNotSupported,
                       why("host node %p was captured without its parameters",
                           static_cast<void *>(Node))); // captured without its parameters
  *Params = Node->Host;
  return cudaSuccess;
}

cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t Node,
                                       const struct cudaHostNodeParams *Params) {
  if (!Node || !Params || !Params->fn || Node->Type != cudaGraphNodeTypeHost)
    return recordError(cudaErrorInvalidValue,
                       why("node %p, Params %p or its fn is null, or the node is of type %d, not "
                           "a host node", static_cast<void *>(Node),
                           static_cast<const void *>(Params), typeOf(Node)));
  Node->Template = std::make_shared<loom::HostFnOp>(Params->fn, Params->userData);
  Node->Host = *Params;
  return cudaSuccess;
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                  const cudaGraphNode_t *Deps, size_t NumDeps) {
  return recordError(addNode(Node, Graph, Deps, NumDeps, newNode(cudaGraphNodeTypeEmpty)));
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                       const cudaGraphNode_t *Deps, size_t NumDeps,
                                       cudaGraph_t Child) {
  GraphTable &T = Runtime::get().graphs();
  if (!T.isGraph(Child) || Child == Graph)
    return recordError(cudaErrorInvalidValue,
                       why("child graph %p is not a live graph or is the parent graph %p itself",
                           static_cast<void *>(Child), static_cast<void *>(Graph)));
  if (!Node || !T.isGraph(Graph))
    return recordError(cudaErrorInvalidValue,
                       why("Node %p is null or graph %p is not a live graph",
                           static_cast<void *>(Node), static_cast<void *>(Graph)));
  NodeRef N = newNode(cudaGraphNodeTypeGraph);
  N->Child = T.createGraph(); // the node's own copy, as in CUDA
  T.cloneInto(Child, N->Child, nullptr);
  return recordError(addNode(Node, Graph, Deps, NumDeps, std::move(N)));
}

cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t Node, cudaGraph_t *Graph) {
  if (!Node || !Graph || Node->Type != cudaGraphNodeTypeGraph)
    return recordError(cudaErrorInvalidValue,
                       why("node %p or Graph %p is null, or the node is of type %d, not a "
                           "child-graph node", static_cast<void *>(Node),
                           static_cast<void *>(Graph), typeOf(Node)));
  *Graph = Node->Child;
  return cudaSuccess;
}

// These helpers return their error (with a reason from failWith): the
// entry points record it, so that the log names the API call.
static cudaError_t addEventNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                const cudaGraphNode_t *Deps, size_t NumDeps, cudaEvent_t Event,
                                cudaGraphNodeType Type) {
  if (cudaError_t Error = checkEvent(Event))
    return Error;
  NodeRef N = newNode(Type);
  N->Event = Event;
  return addNode(Node, Graph, Deps, NumDeps, std::move(N));
}

static cudaError_t getEvent(cudaGraphNode_t Node, cudaEvent_t *Event, cudaGraphNodeType Type) {
  if (!Node || !Event || Node->Type != Type)
    return loom::failWith(cudaErrorInvalidValue,
                          "node %p or Event %p is null, or the node is of type %d, not %d",
                          static_cast<void *>(Node), static_cast<void *>(Event), typeOf(Node),
                          int(Type));
  *Event = Node->Event;
  return cudaSuccess;
}

static cudaError_t setEvent(cudaGraphNode_t Node, cudaEvent_t Event, cudaGraphNodeType Type) {
  if (!Node || Node->Type != Type)
    return loom::failWith(cudaErrorInvalidValue, "node %p is null or of type %d, not %d",
                          static_cast<void *>(Node), typeOf(Node), int(Type));
  if (cudaError_t Error = checkEvent(Event))
    return Error;
  Node->Event = Event;
  return cudaSuccess;
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                        const cudaGraphNode_t *Deps, size_t NumDeps,
                                        cudaEvent_t Event) {
  return recordError(
      addEventNode(Node, Graph, Deps, NumDeps, Event, cudaGraphNodeTypeEventRecord));
}

cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t Node, cudaEvent_t *Event) {
  return recordError(getEvent(Node, Event, cudaGraphNodeTypeEventRecord));
}

cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t Node, cudaEvent_t Event) {
  return recordError(setEvent(Node, Event, cudaGraphNodeTypeEventRecord));
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *Node, cudaGraph_t Graph,
                                      const cudaGraphNode_t *Deps, size_t NumDeps,
                                      cudaEvent_t Event) {
  return recordError(
      addEventNode(Node, Graph, Deps, NumDeps, Event, cudaGraphNodeTypeWaitEvent));
}

cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t Node, cudaEvent_t *Event) {
  return recordError(getEvent(Node, Event, cudaGraphNodeTypeWaitEvent));
}

cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t Node, cudaEvent_t Event) {
  return recordError(setEvent(Node, Event, cudaGraphNodeTypeWaitEvent));
}

/* ---- Edges and queries ---------------------------------------------------- */

cudaError_t cudaGraphAddDependencies(cudaGraph_t Graph, const cudaGraphNode_t *From,
                                     const cudaGraphNode_t *To, size_t Num) {
  if (!Runtime::get().graphs().isGraph(Graph) || (Num && (!From || !To)))
    return recordError(cudaErrorInvalidValue,
                       why("graph %p is not a live graph, or %zu edges with From %p / To %p null",
                           static_cast<void *>(Graph), Num, static_cast<const void *>(From),
                           static_cast<const void *>(To)));
  for (size_t I = 0; I < Num; ++I) {
    if (!From[I] || !To[I] || From[I] == To[I] || From[I]->Owner != Graph ||
        To[I]->Owner != Graph || hasEdge(From[I], To[I]))
      return recordError(cudaErrorInvalidValue,
                         why("edge %zu (%p -> %p) has a null or identical end, an end outside "
                             "graph %p, or exists already", I, static_cast<void *>(From[I]),
                             static_cast<void *>(To[I]), static_cast<void *>(Graph)));
    for (size_t J = 0; J < I; ++J)
      if (From[J] == From[I] && To[J] == To[I])
        return recordError(cudaErrorInvalidValue,
                           why("edge %zu (%p -> %p) is listed twice", I,
                               static_cast<void *>(From[I]), static_cast<void *>(To[I])));
  }
  for (size_t I = 0; I < Num; ++I) {
    To[I]->Deps.push_back(From[I]);
    From[I]->Dependents.push_back(To[I]);
  }
  return cudaSuccess;
}

cudaError_t cudaGraphRemoveDependencies(cudaGraph_t Graph, const cudaGraphNode_t *From,
                                        const cudaGraphNode_t *To, size_t Num) {
  if (!Runtime::get().graphs().isGraph(Graph) || (Num && (!From || !To)))
    return recordError(cudaErrorInvalidValue,
                       why("graph %p is not a live graph, or %zu edges with From %p / To %p null",
                           static_cast<void *>(Graph), Num, static_cast<const void *>(From),
                           static_cast<const void *>(To)));
  for (size_t I = 0; I < Num; ++I)
    if (!From[I] || !To[I] || From[I]->Owner != Graph || To[I]->Owner != Graph ||
        !hasEdge(From[I], To[I]))
      return recordError(cudaErrorInvalidValue,
                         why("edge %zu (%p -> %p) is not an edge of graph %p", I,
                             static_cast<void *>(From[I]), static_cast<void *>(To[I]),
                             static_cast<void *>(Graph)));
  for (size_t I = 0; I < Num; ++I) {
    auto &D = To[I]->Deps;
    D.erase(std::find(D.begin(), D.end(), From[I]));
    auto &O = From[I]->Dependents;
    O.erase(std::find(O.begin(), O.end(), To[I]));
  }
  return cudaSuccess;
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t Graph, cudaGraphNode_t *Roots, size_t *Num) {
  if (!Num || !Runtime::get().graphs().isGraph(Graph))
    return recordError(cudaErrorInvalidValue,
                       why("Num %p is null or graph %p is not a live graph",
                           static_cast<void *>(Num), static_cast<void *>(Graph)));
  std::vector<cudaGraphNode_t> All;
  for (const auto &N : Graph->Nodes)
    if (N->Deps.empty())
      All.push_back(N.get());
  fillList(Roots, Num, All.size(), [&](size_t I) { return All[I]; });
  return cudaSuccess;
}

cudaError_t cudaGraphGetEdges(cudaGraph_t Graph, cudaGraphNode_t *From, cudaGraphNode_t *To,
                              size_t *Num) {
  if (!Num || !Runtime::get().graphs().isGraph(Graph) || (!From != !To))
    return recordError(cudaErrorInvalidValue,
                       why("Num %p is null, graph %p is not a live graph, or only one of From %p "
                           "/ To %p is null", static_cast<void *>(Num), static_cast<void *>(Graph),
                           static_cast<void *>(From), static_cast<void *>(To)));
  std::vector<std::pair<cudaGraphNode_t, cudaGraphNode_t>> Edges;
  for (const auto &N : Graph->Nodes)
    for (CUgraphNode_st *D : N->Dependents)
      Edges.push_back({N.get(), D});
  size_t Count = *Num;
  fillList(From, &Count, Edges.size(), [&](size_t I) { return Edges[I].first; });
  fillList(To, Num, Edges.size(), [&](size_t I) { return Edges[I].second; });
  return cudaSuccess;
}

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t Node, cudaGraphNode_t *Deps,
                                         size_t *Num) {
  if (!Node || !Num)
    return recordError(cudaErrorInvalidValue, why("%s is null", !Node ? "Node" : "Num"));
  fillList(Deps, Num, Node->Deps.size(), [&](size_t I) { return Node->Deps[I]; });
  return cudaSuccess;
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t Node, cudaGraphNode_t *Dependents,
                                           size_t *Num) {
  if (!Node || !Num)
    return recordError(cudaErrorInvalidValue, why("%s is null", !Node ? "Node" : "Num"));
  fillList(Dependents, Num, Node->Dependents.size(),
           [&](size_t I) { return Node->Dependents[I]; });
  return cudaSuccess;
}

cudaError_t cudaGraphDestroyNode(cudaGraphNode_t Node) {
  if (!Node || !Node->Owner)
    return recordError(cudaErrorInvalidValue,
                       why("node %p is null or not in a graph", static_cast<void *>(Node)));
  for (CUgraphNode_st *D : Node->Deps) {
    auto &O = D->Dependents;
    O.erase(std::remove(O.begin(), O.end(), Node), O.end());
  }
  for (CUgraphNode_st *D : Node->Dependents) {
    auto &I = D->Deps;
    I.erase(std::remove(I.begin(), I.end(), Node), I.end());
  }
  auto &Nodes = Node->Owner->Nodes;
  Nodes.erase(std::find_if(Nodes.begin(), Nodes.end(),
                           [&](const NodeRef &N) { return N.get() == Node; }));
  return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t *Clone, cudaGraph_t Graph) {
  GraphTable &T = Runtime::get().graphs();
  if (!Clone || !T.isGraph(Graph))
    return recordError(cudaErrorInvalidValue,
                       why("Clone %p is null or graph %p is not a live graph",
                           static_cast<void *>(Clone), static_cast<void *>(Graph)));
  *Clone = T.createGraph();
  T.cloneInto(Graph, *Clone, nullptr);
  return cudaSuccess;
}

cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *Node, cudaGraphNode_t Original,
                                     cudaGraph_t Clone) {
  if (!Node || !Original || !Runtime::get().graphs().isGraph(Clone))
    return recordError(cudaErrorInvalidValue,
                       why("Node %p or Original %p is null, or clone %p is not a live graph",
                           static_cast<void *>(Node), static_cast<void *>(Original),
                           static_cast<void *>(Clone)));
  for (const auto &N : Clone->Nodes)
    if (N->ClonedFrom == Original) {
      *Node = N.get();
      return cudaSuccess;
    }
  return recordError(cudaErrorInvalidValue,
                     why("node %p has no clone in graph %p", static_cast<void *>(Original),
                         static_cast<void *>(Clone)));
}

cudaError_t cudaGraphDebugDotPrint(cudaGraph_t Graph, const char *Path, unsigned int Flags) {
  if (!Path || !Runtime::get().graphs().isGraph(Graph))
    return recordError(cudaErrorInvalidValue,
                       why("Path %p is null or graph %p is not a live graph",
                           static_cast<const void *>(Path), static_cast<void *>(Graph)));
  std::FILE *F = std::fopen(Path, "w");
  if (!F)
    return recordError(cudaErrorOperatingSystem,
                       why("cannot open %s for writing: %s", Path, std::strerror(errno)));
  std::fprintf(F, "digraph loom_graph {\n  rankdir=TB;\n");
  printDot(F, Graph, "", Flags);
  std::fprintf(F, "}\n");
  if (std::fclose(F) != 0)
    return recordError(cudaErrorOperatingSystem,
                       why("writing %s failed: %s", Path, std::strerror(errno)));
  return cudaSuccess;
}

/* ---- Executable graph updates --------------------------------------------- */

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                             const struct cudaKernelNodeParams *Params) {
  long I = execIndex(Exec, Node, cudaGraphNodeTypeKernel);
  if (I < 0)
    return recordError(cudaErrorInvalidValue,
                       why("node %p is not a kernel node of exec %p's graph",
                           static_cast<void *>(Node), static_cast<void *>(Exec)));
  std::unique_ptr<loom::KernelNodeRecord> Record;
  loom::OpRef Op;
  if (cudaError_t Error = makeKernelNode(Params, &Record, &Op))
    return recordError(Error);
  Exec->Steps[Exec->First[I]].Template = std::move(Op);
  return cudaSuccess;
}

cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                             const struct cudaMemcpy3DParms *Params) {
  long I = execIndex(Exec, Node, cudaGraphNodeTypeMemcpy);
  if (I < 0)
    return recordError(cudaErrorInvalidValue,
                       why("node %p is not a memcpy node of exec %p's graph",
                           static_cast<void *>(Node), static_cast<void *>(Exec)));
  loom::OpRef Op;
  if (cudaError_t Error = makeCopyNode(Params, &Op))
    return recordError(Error);
  Exec->Steps[Exec->First[I]].Template = std::move(Op);
  return cudaSuccess;
}

cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                               void *Dst, const void *Src, size_t Count,
                                               enum cudaMemcpyKind Kind) {
  long I = execIndex(Exec, Node, cudaGraphNodeTypeMemcpy);
  if (I < 0)
    return recordError(cudaErrorInvalidValue,
                       why("node %p is not a memcpy node of exec %p's graph",
                           static_cast<void *>(Node), static_cast<void *>(Exec)));
  loom::OpRef Op;
  if (cudaError_t Error = makeCopyNode1D(Dst, Src, Count, Kind, &Op))
    return recordError(Error);
  Exec->Steps[Exec->First[I]].Template = std::move(Op);
  return cudaSuccess;
}

cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                             const struct cudaMemsetParams *Params) {
  long I = execIndex(Exec, Node, cudaGraphNodeTypeMemset);
  if (I < 0)
    return recordError(cudaErrorInvalidValue,
                       why("node %p is not a memset node of exec %p's graph",
                           static_cast<void *>(Node), static_cast<void *>(Exec)));
  loom::OpRef Op;
  if (cudaError_t Error = makeSetNode(Params, &Op))
    return recordError(Error);
  Exec->Steps[Exec->First[I]].Template = std::move(Op);
  return cudaSuccess;
}

cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                           const struct cudaHostNodeParams *Params) {
  long I = execIndex(Exec, Node, cudaGraphNodeTypeHost);
  if (I < 0 || !Params || !Params->fn)
    return recordError(cudaErrorInvalidValue,
                       why("node %p is not a host node of exec %p's graph, or Params %p or its fn "
                           "is null", static_cast<void *>(Node), static_cast<void *>(Exec),
                           static_cast<const void *>(Params)));
  Exec->Steps[Exec->First[I]].Template =
      std::make_shared<loom::HostFnOp>(Params->fn, Params->userData);
  return cudaSuccess;
}

cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                                 cudaGraph_t Child) {
  long I = execIndex(Exec, Node, cudaGraphNodeTypeGraph);
  if (I < 0 || !Runtime::get().graphs().isGraph(Child))
    return recordError(cudaErrorInvalidValue,
                       why("node %p is not a child-graph node of exec %p's graph, or child %p is "
                           "not a live graph", static_cast<void *>(Node), static_cast<void *>(Exec),
                           static_cast<void *>(Child)));
  // The child's topology must be the instantiated one's.
  const std::vector<long> &Old = Exec->Shape[I];
  std::vector<long> New = loom::childShape(Child);
  if (!std::equal(Old.begin() + 2 + Old[1], Old.end(), New.begin(), New.end()))
    return recordError(cudaErrorInvalidValue,
                       why("child graph %p's topology differs from the instantiated one",
                           static_cast<void *>(Child)));
  CUgraphExec_st Sub;
  if (cudaError_t Error = GraphTable::buildSteps(Child, Sub))
    return recordError(Error);
  if (Sub.Steps.size() != Exec->Count[I])
    return recordError(cudaErrorInvalidValue,
                       why("child graph %p's steps differ from the instantiated one",
                           static_cast<void *>(Child)));
  std::copy(Sub.Steps.begin(), Sub.Steps.end(), Exec->Steps.begin() + long(Exec->First[I]));
  return cudaSuccess;
}

static cudaError_t execSetEvent(cudaGraphExec_t Exec, cudaGraphNode_t Node, cudaEvent_t Event,
                                cudaGraphNodeType Type) {
  long I = execIndex(Exec, Node, Type);
  if (I < 0)
    return loom::failWith(cudaErrorInvalidValue, "node %p of type %d is not in exec %p's graph",
                          static_cast<void *>(Node), int(Type), static_cast<void *>(Exec));
  if (cudaError_t Error = checkEvent(Event))
    return Error;
  Exec->Steps[Exec->First[I]].Event = Event;
  return cudaSuccess;
}

cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                                 cudaEvent_t Event) {
  return recordError(execSetEvent(Exec, Node, Event, cudaGraphNodeTypeEventRecord));
}

cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t Exec, cudaGraphNode_t Node,
                                               cudaEvent_t Event) {
  return recordError(execSetEvent(Exec, Node, Event, cudaGraphNodeTypeWaitEvent));
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t Exec, cudaGraph_t Graph,
                                cudaGraphExecUpdateResultInfo *Info) {
  GraphTable &T = Runtime::get().graphs();
  if (!Info || !T.isExec(Exec) || !T.isGraph(Graph))
    return recordError(cudaErrorInvalidValue,
                       why("Info %p is null, exec %p is not a live executable graph or graph %p "
                           "is not a live graph", static_cast<void *>(Info),
                           static_cast<void *>(Exec), static_cast<void *>(Graph)));
  Info->result = cudaGraphExecUpdateSuccess;
  Info->errorNode = nullptr;
  Info->errorFromNode = nullptr;
  auto Fail = [&](cudaGraphExecUpdateResult Result, cudaGraphNode_t Node, size_t I) {
    Info->result = Result;
    Info->errorNode = Node;
    Info->errorFromNode = Node ? const_cast<cudaGraphNode_t>(Exec->Origins[I]) : nullptr;
    return loom::failWith(cudaErrorGraphExecUpdateFailure,
                          "the graph cannot update the executable graph (result %d, node %p)",
                          int(Result), static_cast<void *>(Node));
  };
  // Nodes pair up in creation order; the topology must be the same.
  std::vector<std::vector<long>> New = loom::graphShape(Graph);
  if (New.size() != Exec->Shape.size())
    return recordError(Fail(cudaGraphExecUpdateErrorTopologyChanged, nullptr, 0));
  for (size_t I = 0; I < New.size(); ++I) {
    if (New[I][0] != Exec->Shape[I][0])
      return recordError(
          Fail(cudaGraphExecUpdateErrorNodeTypeChanged, Graph->Nodes[I].get(), I));
    if (New[I] != Exec->Shape[I])
      return recordError(
          Fail(cudaGraphExecUpdateErrorTopologyChanged, Graph->Nodes[I].get(), I));
  }
  CUgraphExec_st Updated;
  if (GraphTable::buildSteps(Graph, Updated))
    return recordError(Fail(cudaGraphExecUpdateError, nullptr, 0));
  Exec->Steps = std::move(Updated.Steps);
  Exec->First = std::move(Updated.First);
  Exec->Count = std::move(Updated.Count);
  // Origins stay the instantiated graph's nodes (what SetParams calls name).
  if (Graph->Memory != Exec->Memory)
    Exec->MoreMemory.push_back(Graph->Memory);
  return cudaSuccess;
}

} // extern "C"

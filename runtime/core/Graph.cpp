// Graph.cpp - graph handle tables, node types and captured-free bookkeeping.
// SPDX-License-Identifier: Apache-2.0
#include "core/Graph.h"

#include "core/CooperativeLaunch.h"
#include "core/Ops.h"
#include "core/Runtime.h"
#include "support/ApiError.h"

#include <algorithm>
#include <unordered_map>

namespace loom {

GraphMemory::~GraphMemory() {
  if (Frees.empty())
    return;
  Runtime &R = Runtime::get();
  R.scheduler().waitAll(); // a replay may still use the memory
  for (void *Ptr : Frees)
    R.allocator().release(Ptr, Allocator::bit(AllocKind::Device) |
                                   Allocator::bit(AllocKind::Managed));
}

cudaGraphNodeType nodeTypeOf(const Op &O) {
  if (dynamic_cast<const KernelOp *>(&O) || dynamic_cast<const CooperativeKernelOp *>(&O))
    return cudaGraphNodeTypeKernel;
  if (dynamic_cast<const CopyOp *>(&O))
    return cudaGraphNodeTypeMemcpy;
  if (dynamic_cast<const SetOp *>(&O))
    return cudaGraphNodeTypeMemset;
  if (dynamic_cast<const HostFnOp *>(&O))
    return cudaGraphNodeTypeHost;
  return cudaGraphNodeTypeEmpty;
}

cudaGraph_t GraphTable::createGraph() { return Graphs.create(); }

namespace {

/// \p G's nodes in a topological order (Kahn's algorithm, ties broken by
/// creation order); false if the edges have a cycle.
bool topologicalOrder(cudaGraph_t G, std::vector<CUgraphNode_st *> &Order) {
  std::unordered_map<const CUgraphNode_st *, size_t> Pending;
  std::vector<CUgraphNode_st *> Ready;
  for (const auto &N : G->Nodes) {
    Pending[N.get()] = N->Deps.size();
    if (N->Deps.empty())
      Ready.push_back(N.get());
  }
  // Ready is kept as a stack in reverse creation order.
  std::reverse(Ready.begin(), Ready.end());
  Order.clear();
  while (!Ready.empty()) {
    CUgraphNode_st *N = Ready.back();
    Ready.pop_back();
    Order.push_back(N);
    std::vector<CUgraphNode_st *> Freed;
    for (CUgraphNode_st *D : N->Dependents)
      if (--Pending[D] == 0)
        Freed.push_back(D);
    Ready.insert(Ready.end(), Freed.rbegin(), Freed.rend());
  }
  return Order.size() == G->Nodes.size();
}

/// Appends the steps of \p G (child graphs inlined) to \p Steps.
bool appendSteps(cudaGraph_t G, std::vector<GraphExecStep> &Steps,
                 std::vector<std::pair<const CUgraphNode_st *, std::pair<size_t, size_t>>>
                     *TopLevel) {
  std::vector<CUgraphNode_st *> Order;
  if (!topologicalOrder(G, Order))
    return false;
  for (CUgraphNode_st *N : Order) {
    size_t Begin = Steps.size();
    switch (N->Type) {
    case cudaGraphNodeTypeGraph:
      if (!appendSteps(N->Child, Steps, nullptr))
        return false;
      break;
    case cudaGraphNodeTypeEventRecord:
    case cudaGraphNodeTypeWaitEvent:
      Steps.push_back({N->Type, nullptr, N->Event});
      break;
    default:
      // An empty node only orders: the serial order already keeps it.
      if (N->Template)
        Steps.push_back({N->Type, N->Template, nullptr});
      break;
    }
    if (TopLevel)
      TopLevel->push_back({N, {Begin, Steps.size() - Begin}});
  }
  return true;
}

} // namespace

cudaError_t GraphTable::buildSteps(cudaGraph_t G, CUgraphExec_st &E) {
  std::vector<std::pair<const CUgraphNode_st *, std::pair<size_t, size_t>>> TopLevel;
  std::vector<GraphExecStep> Steps;
  if (!appendSteps(G, Steps, &TopLevel))
    return failWith(cudaErrorInvalidValue,
                    "graph %p has a dependency cycle (in it or a child graph)",
                    static_cast<void *>(G));
  // Origins in creation order, so that a node's index is stable.
  std::unordered_map<const CUgraphNode_st *, std::pair<size_t, size_t>> Range(TopLevel.begin(),
                                                                              TopLevel.end());
  E.Steps = std::move(Steps);
  E.Shape = graphShape(G);
  E.Origins.clear();
  E.First.clear();
  E.Count.clear();
  for (const auto &N : G->Nodes) {
    E.Origins.push_back(N.get());
    E.First.push_back(Range[N.get()].first);
    E.Count.push_back(Range[N.get()].second);
  }
  return cudaSuccess;
}

cudaError_t GraphTable::createExec(cudaGraph_t G, cudaGraphExec_t *Out) {
  auto E = std::make_unique<CUgraphExec_st>();
  if (cudaError_t Error = buildSteps(G, *E))
    return Error;
  E->Memory = G->Memory;
  *Out = Execs.insert(std::move(E));
  return cudaSuccess;
}

void GraphTable::cloneInto(
    cudaGraph_t G, cudaGraph_t To,
    std::vector<std::pair<const CUgraphNode_st *, CUgraphNode_st *>> *Map) {
  std::unordered_map<const CUgraphNode_st *, CUgraphNode_st *> Copies;
  for (const auto &N : G->Nodes) {
    auto C = std::make_unique<CUgraphNode_st>();
    C->Template = N->Template; // templates are never submitted: shared
    C->Type = N->Type;
    C->Owner = To;
    C->ClonedFrom = N.get();
    if (N->Kernel)
      C->Kernel = copyKernelRecord(*N->Kernel);
    C->Copy = N->Copy;
    C->HasCopy = N->HasCopy;
    C->Set = N->Set;
    C->HasSet = N->HasSet;
    C->Host = N->Host;
    C->Event = N->Event;
    if (N->Child) {
      C->Child = createGraph();
      cloneInto(N->Child, C->Child, nullptr);
    }
    Copies[N.get()] = C.get();
    if (Map)
      Map->push_back({N.get(), C.get()});
    To->Nodes.push_back(std::move(C));
  }
  for (const auto &N : G->Nodes) {
    CUgraphNode_st *C = Copies[N.get()];
    for (CUgraphNode_st *D : N->Deps)
      C->Deps.push_back(Copies[D]);
    for (CUgraphNode_st *D : N->Dependents)
      C->Dependents.push_back(Copies[D]);
  }
  To->Memory = G->Memory;
}

std::vector<std::vector<long>> graphShape(cudaGraph_t G) {
  std::unordered_map<const CUgraphNode_st *, long> Index;
  for (size_t I = 0; I < G->Nodes.size(); ++I)
    Index[G->Nodes[I].get()] = long(I);
  std::vector<std::vector<long>> Shape;
  for (const auto &N : G->Nodes) {
    std::vector<long> S{long(N->Type), long(N->Deps.size())};
    std::vector<long> Deps;
    for (const CUgraphNode_st *D : N->Deps)
      Deps.push_back(Index[D]);
    std::sort(Deps.begin(), Deps.end());
    S.insert(S.end(), Deps.begin(), Deps.end());
    if (N->Child) {
      std::vector<long> C = childShape(N->Child);
      S.insert(S.end(), C.begin(), C.end());
    }
    Shape.push_back(std::move(S));
  }
  return Shape;
}

std::vector<long> childShape(cudaGraph_t G) {
  std::vector<long> Flat;
  std::vector<std::vector<long>> Shape = graphShape(G);
  Flat.push_back(long(Shape.size()));
  for (const std::vector<long> &S : Shape) {
    Flat.push_back(long(S.size()));
    Flat.insert(Flat.end(), S.begin(), S.end());
  }
  return Flat;
}

std::unique_ptr<KernelNodeRecord> copyKernelRecord(const KernelNodeRecord &R) {
  auto C = std::make_unique<KernelNodeRecord>();
  C->Func = R.Func;
  C->Grid = R.Grid;
  C->Block = R.Block;
  C->SharedMem = R.SharedMem;
  C->Storage = R.Storage;
  C->Args.reserve(R.Args.size());
  for (void *A : R.Args)
    C->Args.push_back(C->Storage.data() +
                      (static_cast<unsigned char *>(A) - R.Storage.data()));
  return C;
}

} // namespace loom

CUgraphNode_st::~CUgraphNode_st() {
  if (Child)
    loom::Runtime::get().graphs().destroyGraph(Child);
}

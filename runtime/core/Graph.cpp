// Graph.cpp - graph handle tables, node types and captured-free bookkeeping.
// SPDX-License-Identifier: Apache-2.0
#include "core/Graph.h"

#include "core/Ops.h"
#include "core/Runtime.h"

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
  if (dynamic_cast<const KernelOp *>(&O))
    return cudaGraphNodeTypeKernel;
  if (dynamic_cast<const CopyOp *>(&O))
    return cudaGraphNodeTypeMemcpy;
  if (dynamic_cast<const SetOp *>(&O))
    return cudaGraphNodeTypeMemset;
  if (dynamic_cast<const HostFnOp *>(&O))
    return cudaGraphNodeTypeHost;
  return cudaGraphNodeTypeEmpty;
}

GraphTable &GraphTable::get() {
  static GraphTable *Table = new GraphTable(); // never destroyed, like the runtime
  return *Table;
}

cudaGraph_t GraphTable::createGraph() {
  auto *G = new CUgraph_st();
  std::lock_guard<std::mutex> Lock(M);
  Graphs.insert(G);
  return G;
}

bool GraphTable::isGraph(cudaGraph_t G) {
  std::lock_guard<std::mutex> Lock(M);
  return G && Graphs.count(G);
}

bool GraphTable::destroyGraph(cudaGraph_t G) {
  {
    std::lock_guard<std::mutex> Lock(M);
    if (!G || !Graphs.erase(G))
      return false;
  }
  delete G;
  return true;
}

cudaGraphExec_t GraphTable::createExec(cudaGraph_t G) {
  auto *E = new CUgraphExec_st();
  E->Templates.reserve(G->Nodes.size());
  for (const auto &Node : G->Nodes)
    E->Templates.push_back(Node->Template);
  E->Memory = G->Memory;
  std::lock_guard<std::mutex> Lock(M);
  Execs.insert(E);
  return E;
}

bool GraphTable::isExec(cudaGraphExec_t E) {
  std::lock_guard<std::mutex> Lock(M);
  return E && Execs.count(E);
}

bool GraphTable::destroyExec(cudaGraphExec_t E) {
  {
    std::lock_guard<std::mutex> Lock(M);
    if (!E || !Execs.erase(E))
      return false;
  }
  delete E;
  return true;
}

} // namespace loom

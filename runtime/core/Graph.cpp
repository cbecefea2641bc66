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

cudaGraph_t GraphTable::createGraph() { return Graphs.create(); }

cudaGraphExec_t GraphTable::createExec(cudaGraph_t G) {
  auto E = std::make_unique<CUgraphExec_st>();
  E->Templates.reserve(G->Nodes.size());
  for (const auto &Node : G->Nodes)
    E->Templates.push_back(Node->Template);
  E->Memory = G->Memory;
  return Execs.insert(std::move(E));
}

} // namespace loom

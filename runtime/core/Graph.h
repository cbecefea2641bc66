// Graph.h - CUDA graphs built by stream capture: what cudaGraph_t, cudaGraphNode_t and cudaGraphExec_t point to.
// SPDX-License-Identifier: Apache-2.0
//
// A graph is built by stream capture (the sequence of ops submitted to the
// capturing streams, a chain of nodes in submission order: a valid
// serialization of CUDA's dependency graph) or explicitly (cudaGraphAdd*Node
// with dependency edges). Nodes hold template ops that are never submitted
// themselves; instantiation flattens child graphs and orders the nodes
// topologically, and a launch submits a clone of each op (Op::clone) to the
// launch stream in that order, so kernels run with the argument values
// copied when the node was made.
#ifndef LOOM_RUNTIME_CORE_GRAPH_H
#define LOOM_RUNTIME_CORE_GRAPH_H

#include "driver_types.h"
#include "scheduler/Op.h"
#include "support/HandleTable.h"

#include <memory>
#include <mutex>
#include <thread>
#include <unordered_set>
#include <vector>

namespace loom {

class Stream;

/// A kernel node's parameters with its own copy of the argument values.
struct KernelNodeRecord {
  const void *Func = nullptr;
  dim3 Grid, Block;
  unsigned SharedMem = 0;
  std::vector<unsigned char> Storage;
  std::vector<void *> Args; ///< into Storage
};

/// Memory whose stream-ordered free was captured (cudaFreeAsync during
/// capture): kept alive for every replay, freed when the last graph or
/// executable graph referring to it is destroyed.
struct GraphMemory {
  std::vector<void *> Frees;
  ~GraphMemory();
};

/// One stream capture (cudaStreamBeginCapture .. cudaStreamEndCapture).
/// Guarded by the runtime's capture lock.
struct CaptureSession {
  cudaGraph_t Graph = nullptr;
  cudaStreamCaptureMode Mode = cudaStreamCaptureModeGlobal;
  unsigned long long Id = 0;
  std::thread::id Thread;
  std::shared_ptr<Stream> Origin;
  std::vector<std::shared_ptr<Stream>> Members; ///< origin and joined streams
  bool Invalidated = false;
  bool Ended = false;
  cudaGraphNode_t Last = nullptr; ///< cudaStreamGetCaptureInfo's dependency
};

cudaGraphNodeType nodeTypeOf(const Op &O);

std::unique_ptr<KernelNodeRecord> copyKernelRecord(const KernelNodeRecord &R);

/// A graph's topology, one entry per node in creation order: its type, its
/// dependency count, their indices (sorted) and, for a child-graph node,
/// childShape of the child. Two graphs with equal shapes can update each
/// other's executable graphs.
std::vector<std::vector<long>> graphShape(cudaGraph_t G);
/// A graph's shape flattened into one vector (node count, then each node's
/// entry with its length first).
std::vector<long> childShape(cudaGraph_t G);

/// The calling thread's capture interaction mode
/// (cudaThreadExchangeStreamCaptureMode); Global by default.
cudaStreamCaptureMode &threadCaptureMode();

} // namespace loom

struct CUgraphNode_st {
  /// The op a launch clones (kernel, memcpy, memset and host nodes).
  loom::OpRef Template;
  cudaGraphNodeType Type;
  CUgraph_st *Owner = nullptr;
  const CUgraphNode_st *ClonedFrom = nullptr; ///< cudaGraphNodeFindInClone
  /// Edges, both ways (cudaGraphAddDependencies and friends).
  std::vector<CUgraphNode_st *> Deps, Dependents;
  /// Kernel nodes added explicitly (or by cudaGraphKernelNodeSetParams):
  /// the parameters, for the getters and for cudaGraphExecUpdate. Null for
  /// a captured kernel (its launch is in Template only).
  std::unique_ptr<loom::KernelNodeRecord> Kernel;
  cudaMemcpy3DParms Copy{};   ///< memcpy nodes added explicitly
  bool HasCopy = false;
  cudaMemsetParams Set{};     ///< memset nodes added explicitly
  bool HasSet = false;
  cudaHostNodeParams Host{};  ///< host nodes added explicitly
  cudaGraph_t Child = nullptr; ///< child-graph nodes: the node's own copy
  cudaEvent_t Event = nullptr; ///< event record / wait nodes
  ~CUgraphNode_st();
};

struct CUgraph_st {
  std::vector<std::unique_ptr<CUgraphNode_st>> Nodes; ///< in creation order
  std::shared_ptr<loom::GraphMemory> Memory = std::make_shared<loom::GraphMemory>();
};

/// What a launch does for one node of the flattened graph.
struct GraphExecStep {
  cudaGraphNodeType Type;
  loom::OpRef Template; ///< kernel, memcpy, memset, host
  cudaEvent_t Event = nullptr;
};

struct CUgraphExec_st {
  /// The flattened graph (child graphs inlined) in a topological order: a
  /// launch submits them in this order to one stream, a valid serialization
  /// of the dependencies.
  std::vector<GraphExecStep> Steps;
  /// The top-level nodes of the graph it was instantiated from, in creation
  /// order, with the steps each produced ([First, First + Count)): how
  /// cudaGraphExec*SetParams find a node, and what cudaGraphExecUpdate
  /// compares.
  std::vector<const CUgraphNode_st *> Origins;
  std::vector<size_t> First, Count;
  /// Per top-level node: type, dependency count and indices, and a child
  /// graph's shape (loom::graphShape).
  std::vector<std::vector<long>> Shape;
  std::shared_ptr<loom::GraphMemory> Memory;
  /// Captured frees of graphs cudaGraphExecUpdate took ops from.
  std::vector<std::shared_ptr<loom::GraphMemory>> MoreMemory;
};

namespace loom {

/// Live graph and executable-graph handles; owned by the Runtime.
class GraphTable {
public:
  cudaGraph_t createGraph();
  bool isGraph(cudaGraph_t G) { return Graphs.contains(G); }
  bool destroyGraph(cudaGraph_t G) { return Graphs.destroy(G); }
  /// Instantiates \p G; cudaErrorInvalidValue if its edges have a cycle.
  cudaError_t createExec(cudaGraph_t G, cudaGraphExec_t *Out);
  /// Fills \p E's steps from \p G (instantiation and cudaGraphExecUpdate).
  static cudaError_t buildSteps(cudaGraph_t G, CUgraphExec_st &E);
  /// A deep copy of \p G's nodes and edges into the empty graph \p To;
  /// \p Map (optional) gets each original node's copy.
  void cloneInto(cudaGraph_t G, cudaGraph_t To,
                 std::vector<std::pair<const CUgraphNode_st *, CUgraphNode_st *>> *Map);
  bool isExec(cudaGraphExec_t E) { return Execs.contains(E); }
  bool destroyExec(cudaGraphExec_t E) { return Execs.destroy(E); }
  /// cudaDeviceReset: destroys every graph and executable graph.
  void reset() {
    Execs.destroyAll();
    Graphs.destroyAll();
  }

private:
  HandleTable<CUgraph_st> Graphs;
  HandleTable<CUgraphExec_st> Execs;
};

} // namespace loom

#endif // LOOM_RUNTIME_CORE_GRAPH_H

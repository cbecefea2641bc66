// Graph.h - CUDA graphs built by stream capture: what cudaGraph_t, cudaGraphNode_t and cudaGraphExec_t point to.
// SPDX-License-Identifier: Apache-2.0
//
// A captured graph is the sequence of ops submitted to the capturing streams,
// in submission order (a valid serialization of CUDA's dependency graph).
// Nodes hold template ops that are never submitted themselves; a launch
// submits a clone of each (Op::clone) to the launch stream, so kernels run
// with the argument values copied at capture time.
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

/// The calling thread's capture interaction mode
/// (cudaThreadExchangeStreamCaptureMode); Global by default.
cudaStreamCaptureMode &threadCaptureMode();

} // namespace loom

struct CUgraphNode_st {
  loom::OpRef Template;
  cudaGraphNodeType Type;
};

struct CUgraph_st {
  std::vector<std::unique_ptr<CUgraphNode_st>> Nodes;
  std::shared_ptr<loom::GraphMemory> Memory = std::make_shared<loom::GraphMemory>();
};

struct CUgraphExec_st {
  std::vector<loom::OpRef> Templates;
  std::shared_ptr<loom::GraphMemory> Memory;
};

namespace loom {

/// Live graph and executable-graph handles; owned by the Runtime.
class GraphTable {
public:
  cudaGraph_t createGraph();
  bool isGraph(cudaGraph_t G) { return Graphs.contains(G); }
  bool destroyGraph(cudaGraph_t G) { return Graphs.destroy(G); }
  cudaGraphExec_t createExec(cudaGraph_t G);
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

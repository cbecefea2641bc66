// Grid-wide synchronization needs a cooperative launch, which Loom does not
// offer yet: calling this_grid().sync() (or cg::sync(grid)) is a compile
// error that says so, at its line. Programs that only query the grid_group
// compile (tests/e2e/coop/grid_queries.cu).
// RUN: not %loomcc %s -o %t 2>&1 | FileCheck %s
// CHECK: grid_sync_unsupported.cu:[[@LINE+8]]:{{[0-9]+}}: error: 'sync' is unavailable: grid-wide sync (this_grid().sync()) is not supported by Loom yet
// CHECK: grid_sync_unsupported.cu:[[@LINE+9]]:{{[0-9]+}}: error: 'sync' is unavailable: grid-wide sync
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void twoPhase(int *data) {
  cg::grid_group grid = cg::this_grid();
  data[grid.thread_rank()] = 1;
  grid.sync();
  data[grid.thread_rank()] += data[(grid.thread_rank() + 1) % grid.size()];
  cg::sync(grid);
}
int main() { return 0; }

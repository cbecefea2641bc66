//===- ThreadLoopNest.h - a z/y/x loop nest over a block's threads ---------===//
// SPDX-License-Identifier: Apache-2.0
//
// Shared by ThreadLoops (one nest per kernel) and BarrierRegions (one nest
// per parallel region). The nest is in do-while form (the runtime never
// launches a block with a zero dimension) with x innermost:
//
//   Preheader -> z.hdr -> y.hdr -> x.hdr -> [body ...] -> x.next
//   x.next: tid.x+1 < blockDim.x ? x.hdr : y.next   (parallel loop metadata)
//   y.next: ... ? y.hdr : z.next;   z.next: ... ? z.hdr : Exit
//
// The caller fills x.hdr's body (it has no terminator yet) and makes every
// thread's path end with a branch to NextThread.
//===----------------------------------------------------------------------===//
#ifndef LOOM_TRANSFORMS_THREADLOOPNEST_H
#define LOOM_TRANSFORMS_THREADLOOPNEST_H

#include "llvm/IR/IRBuilder.h"

namespace loom {

struct ThreadLoopNest {
  llvm::BasicBlock *Entry;      // z header: branch here to run the nest
  llvm::BasicBlock *ThreadBody; // x header, open for the caller's code
  llvm::BasicBlock *NextThread; // x latch: branch here when a thread is done
  llvm::PHINode *ThreadIdx[3];
  llvm::PHINode *RowBlock;      // 0 .. RowBlocks-1, or null (see below)
  llvm::BranchInst *XLatch;     // carries the llvm.loop metadata
};

/// Creates the nest's headers in \p F before \p InsertBefore (may be null)
/// and its latches at the end of \p F;
/// after the last thread control goes to \p Exit. Blocks are named
/// "<Name>.thread.x" & co. ("thread.x" for an empty \p Name).
/// With \p RowBlocks (an i32 count), a loop over that many blocks of a grid
/// row sits between the y and x loops (ThreadLoops' row walks): for each
/// (tid.z, tid.y) the x loops of consecutive blocks run back to back, so x
/// walks a whole row of the grid instead of one block's width.
ThreadLoopNest createThreadLoopNest(llvm::Function &F,
                                    llvm::BasicBlock *InsertBefore,
                                    llvm::Value *const BlockDim[3],
                                    llvm::BasicBlock *Exit,
                                    const llvm::Twine &Name,
                                    llvm::Value *RowBlocks = nullptr);

/// Marks the nest's x loop parallel: every memory access in \p Blocks gets a
/// fresh access group named by llvm.loop.parallel_accesses.
void markParallel(ThreadLoopNest &Nest,
                  llvm::ArrayRef<llvm::BasicBlock *> Blocks);

/// tid.x + blockDim.x * (tid.y + blockDim.y * tid.z), as CUDA linearizes.
llvm::Value *linearThreadId(llvm::IRBuilder<> &B, const ThreadLoopNest &Nest,
                            llvm::Value *const BlockDim[3]);

} // namespace loom

#endif

#ifndef LOOM_TRANSFORMS_BLOCKCONTEXT_DEFINED
#define LOOM_TRANSFORMS_BLOCKCONTEXT_DEFINED
namespace loom {

/// What a block function's body reads instead of block-level markers; built
/// in a new entry block placed before the old one.
struct BlockContext {
  llvm::BasicBlock *Entry;
  llvm::Value *Launch;
  llvm::Value *Worker;
  llvm::Value *BlockIdx[3];
  llvm::Value *BlockDim[3];
  llvm::Value *GridDim[3];
  /// The extents the thread loops run over: blockDim, or for a block
  /// function that runs the block's threads flat (FlatThreadsAttr: a warp
  /// gang of a block whose warps span rows) {x * y * z, 1, 1}.
  llvm::Value *NestDim[3];
};

/// On a block function whose body reads threadIdx.x as the linear thread
/// index (VectorizeKernels' warp gangs for blocks whose warps span rows):
/// its loops run over all threads of the block as one row.
constexpr const char *FlatThreadsAttr = "loom-flat-threads";

/// Inserts "block.entry" before the current entry, moves the old entry's
/// static allocas into it and loads the launch dimensions. The new block has
/// no terminator yet.
BlockContext createBlockEntry(llvm::Function &F, unsigned NumKernelArgs);

/// Replaces index markers in \p Blocks with the context's values and the
/// given thread indices.
void replaceIndexMarkers(llvm::ArrayRef<llvm::BasicBlock *> Blocks,
                         const BlockContext &Ctx,
                         llvm::Value *const ThreadIdx[3]);

/// With full debug info (-G): variables `threadIdx`, `blockIdx` (uint3),
/// `blockDim` and `gridDim` (dim3) in the block function's kernel, given the values the body reads from the
/// end of \p ThreadBody on, so a debugger stopped in the kernel prints (and
/// conditions breakpoints on) the logical CUDA thread the worker is running.
/// Nothing without a subprogram or with line tables only.
void describeThreadIndices(llvm::BasicBlock *ThreadBody, const BlockContext &Ctx,
                           llvm::Value *const ThreadIdx[3]);

/// Gives the debug locations of \p Blocks (one barrier region's copy of the
/// kernel's code) lexical blocks of their own, children of the original
/// scopes: gdb sets one breakpoint location per line and lexical block, so
/// a line several regions copied would otherwise stop in one copy only
/// (perhaps one that never runs). The kernel's variables stay visible; each
/// new block holds an artificial variable `loom_region` = \p Region (LLVM
/// emits no lexical block without a variable, and it says which barrier
/// interval a stop is in).
void distinguishDebugScopes(llvm::ArrayRef<llvm::BasicBlock *> Blocks, unsigned Region);

/// A byval kernel parameter that the body may write gets a private copy
/// (alloca in \p Ctx.Entry, memcpy at \p CopyAt). Threads otherwise share
/// the launch's single copy of the argument.
void privatizeWrittenByvalArgs(llvm::Function &F, unsigned NumKernelArgs,
                               llvm::BasicBlock *AllocaBlock,
                               llvm::Instruction *CopyAt);

} // namespace loom
#endif

// JitLaunchTest.cpp - the launch path of launch-time specialization
// (core/KernelJit.h): which entry a launch runs with the JIT off, sync and
// asynchronous; the in-memory and on-disk caches; every failure (compile
// error, no compiler, no bitcode, stale / corrupt / unloadable cache entries,
// read-only cache directory) leaves the compiled entry running.
// The "compiler" here hands back a hand-written shared object
// (JitFakeKernel.c) so the tests need no LLVM.
// SPDX-License-Identifier: Apache-2.0
#include "core/DiskCache.h"
#include "core/KernelJit.h"

#include <gtest/gtest.h>

#include <atomic>
#include <fstream>
#include <string>
#include <sys/stat.h>

namespace {

using loom::DiskCache;
using loom::JitMode;
using loom::JitSettings;
using loom::KernelJit;

int Counter = 0; // the module's variable 0, shared with the specialized code

void aotEntry(const LoomLaunch *Launch, void *const *Args, uint64_t Begin, uint64_t End,
              LoomWorker *) {
  int *Out = *static_cast<int *const *>(Args[0]);
  for (uint64_t B = Begin; B < End; ++B)
    Out[B] = int(Launch->blockDim.x);
}

const uint32_t Sizes[1] = {8}, Aligns[1] = {8};
LoomKernelDesc Kernels[1] = {{"fakeKernel", aotEntry, 1, 1, Sizes, Aligns, 0, 0}};
LoomVarDesc Vars[1] = {{"counter", &Counter, sizeof(int), 0, 0, nullptr}};
const char Bitcode[] = "stands for the module's bitcode";
LoomModuleDesc Module = {LOOM_ABI_VERSION, 1, "jit-test-module", Kernels, 1, 0, Vars,
                         Bitcode, sizeof(Bitcode), "barrier-elim=1"};
LoomModuleDesc NoBitcode = {LOOM_ABI_VERSION, 1, "jit-test-module", Kernels, 1, 0, Vars,
                            nullptr, 0, nullptr};

std::string fakeSharedObject() {
  std::ifstream In(LOOM_JIT_FAKE_KERNEL, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), std::istreambuf_iterator<char>());
}

struct TempDir {
  std::string Path;
  TempDir() {
    char Template[] = "/tmp/loom-jit-test-XXXXXX";
    Path = mkdtemp(Template);
  }
  ~TempDir() { std::system(("chmod -R u+w '" + Path + "'; rm -rf '" + Path + "'").c_str()); }
};

class JitLaunch : public ::testing::Test {
protected:
  std::atomic<int> Compiles{0};
  bool CompileFails = false;
  std::string Produced = fakeSharedObject();
  const LoomModuleDesc *ModuleOfKernel = &Module;

  void configure(JitMode Mode, const std::string &CacheDir = "", bool UseFake = true,
                 const std::string &Compiler = "") {
    JitSettings S;
    S.Mode = Mode;
    S.CacheDir = CacheDir;
    S.Compiler = Compiler;
    KernelJit::CompileFn Fn;
    if (UseFake)
      Fn = [this](const KernelJit::Request &R, std::string &SO, std::string &Why) {
        ++Compiles;
        EXPECT_EQ(R.Kernel, &Kernels[0]);
        if (CompileFails) {
          Why = "error: the fake compiler fails";
          return false;
        }
        SO = Produced;
        return true;
      };
    KernelJit::get().resetForTesting(
        S, Fn, [this](const LoomKernelDesc *) { return ModuleOfKernel; });
  }
  void TearDown() override {
    JitSettings Off;
    Off.Mode = JitMode::Off;
    KernelJit::get().resetForTesting(Off);
  }

  /// One launch of 4 blocks through select(); the value block 0 wrote.
  int launch(uint32_t BlockX) {
    LoomLaunch L{{4, 1, 1}, {BlockX, 1, 1}, 0};
    int Out[4] = {-1, -1, -1, -1};
    int *OutPtr = Out;
    void *Args[1] = {&OutPtr};
    const LoomKernelDesc &D = KernelJit::get().select(Kernels[0], L.blockDim);
    LoomWorker W{};
    D.entry(&L, Args, 0, 4, &W);
    EXPECT_EQ(Out[3], Out[0]);
    return Out[0];
  }
  KernelJit::Status status(uint32_t BlockX) {
    return KernelJit::get().status(Kernels[0], LoomDim3{BlockX, 1, 1});
  }
};

TEST_F(JitLaunch, FakeSharedObjectWasBuilt) { ASSERT_FALSE(Produced.empty()); }

TEST_F(JitLaunch, OffRunsTheCompiledEntry) {
  configure(JitMode::Off);
  EXPECT_EQ(launch(64), 64);
  EXPECT_EQ(launch(64), 64);
  EXPECT_EQ(Compiles, 0);
  EXPECT_EQ(status(64).St, KernelJit::State::Unknown);
}

TEST_F(JitLaunch, SyncSpecializesTheFirstLaunch) {
  configure(JitMode::Sync);
  int Before = Counter;
  EXPECT_EQ(launch(64), 1064);
  // The specialized code reached the module's variable through the bindings.
  EXPECT_EQ(Counter, Before + 1);
  EXPECT_EQ(launch(64), 1064); // memory cache: no second compile
  EXPECT_EQ(Compiles, 1);
  KernelJit::Status S = status(64);
  EXPECT_EQ(S.St, KernelJit::State::Ready);
  EXPECT_EQ(S.SpecializedLaunches, 2u);
  EXPECT_EQ(S.CompiledLaunches, 0u);
  EXPECT_FALSE(S.FromCache);
  // Another block size is another specialization.
  EXPECT_EQ(launch(32), 1032);
  EXPECT_EQ(Compiles, 2);
}

TEST_F(JitLaunch, AsyncRunsCompiledCodeUntilReady) {
  configure(JitMode::Async);
  EXPECT_EQ(launch(128), 128); // never waits for the compile
  KernelJit::get().waitIdle();
  EXPECT_EQ(launch(128), 1128);
  EXPECT_EQ(Compiles, 1);
  EXPECT_EQ(status(128).CompiledLaunches, 1u);
  EXPECT_EQ(status(128).SpecializedLaunches, 1u);
}

TEST_F(JitLaunch, CompileFailureKeepsTheCompiledEntry) {
  CompileFails = true;
  configure(JitMode::Sync);
  EXPECT_EQ(launch(64), 64);
  EXPECT_EQ(launch(64), 64);
  EXPECT_EQ(Compiles, 1); // a failure is not retried
  KernelJit::Status S = status(64);
  EXPECT_EQ(S.St, KernelJit::State::Failed);
  EXPECT_NE(S.Message.find("the fake compiler fails"), std::string::npos) << S.Message;
}

TEST_F(JitLaunch, MissingCompilerFallsBack) {
  configure(JitMode::Sync, "", /*UseFake=*/false, "/nonexistent/loom-jit-compile");
  EXPECT_EQ(launch(64), 64);
  KernelJit::Status S = status(64);
  EXPECT_EQ(S.St, KernelJit::State::Failed);
  EXPECT_NE(S.Message.find("cannot run /nonexistent/loom-jit-compile"), std::string::npos)
      << S.Message;
}

TEST_F(JitLaunch, UnloadableCodeFallsBack) {
  Produced = "not a shared object";
  configure(JitMode::Sync);
  EXPECT_EQ(launch(64), 64);
  EXPECT_EQ(status(64).St, KernelJit::State::Failed);
  EXPECT_NE(status(64).Message.find("cannot load"), std::string::npos) << status(64).Message;
}

TEST_F(JitLaunch, CodeOfAnotherKernelIsNeverRun) {
  LoomKernelDesc Saved = Kernels[0];
  Kernels[0].name = "otherKernel"; // the shared object defines fakeKernel
  configure(JitMode::Sync);
  EXPECT_EQ(launch(64), 64);
  EXPECT_EQ(status(64).St, KernelJit::State::Failed);
  Kernels[0] = Saved;
}

TEST_F(JitLaunch, NoBitcodeFallsBack) {
  ModuleOfKernel = &NoBitcode;
  configure(JitMode::Sync);
  EXPECT_EQ(launch(64), 64);
  EXPECT_EQ(Compiles, 0);
  EXPECT_NE(status(64).Message.find("no bitcode"), std::string::npos);
}

TEST_F(JitLaunch, DiskCacheHit) {
  TempDir T;
  configure(JitMode::Sync, T.Path);
  EXPECT_EQ(launch(64), 1064);
  EXPECT_EQ(Compiles, 1);
  // A new process, in effect: the memory cache is empty, the compiler
  // broken; the code comes from the disk.
  CompileFails = true;
  configure(JitMode::Sync, T.Path);
  EXPECT_EQ(launch(64), 1064);
  EXPECT_EQ(Compiles, 1);
  EXPECT_TRUE(status(64).FromCache);
}

/// The cache file the JIT uses for block size \p BlockX.
std::string cacheFile(const std::string &Dir, uint32_t BlockX) {
  KernelJit::Request R{&Module, &Kernels[0], {BlockX, 1, 1}};
  return DiskCache(Dir).pathOf(KernelJit::cacheName(R));
}

TEST_F(JitLaunch, StaleCacheEntryIsCompiledAgain) {
  TempDir T;
  KernelJit::Request R{&Module, &Kernels[0], {64, 1, 1}};
  std::string Why;
  ASSERT_TRUE(DiskCache(T.Path).store(KernelJit::cacheName(R), "loom-jit abi 1 compiler old",
                                      fakeSharedObject(), &Why));
  configure(JitMode::Sync, T.Path);
  EXPECT_EQ(launch(64), 1064);
  EXPECT_EQ(Compiles, 1);
  EXPECT_FALSE(status(64).FromCache);
  EXPECT_NE(status(64).Message.find("stale"), std::string::npos) << status(64).Message;
  // Replaced: the next process finds it.
  CompileFails = true;
  configure(JitMode::Sync, T.Path);
  EXPECT_EQ(launch(64), 1064);
  EXPECT_TRUE(status(64).FromCache);
}

TEST_F(JitLaunch, CorruptCacheFileIsCompiledAgain) {
  TempDir T;
  std::ofstream(cacheFile(T.Path, 64), std::ios::binary) << "garbage: no cache file header, no checksum";
  configure(JitMode::Sync, T.Path);
  EXPECT_EQ(launch(64), 1064);
  EXPECT_EQ(Compiles, 1);
  EXPECT_NE(status(64).Message.find("corrupt"), std::string::npos) << status(64).Message;
}

TEST_F(JitLaunch, IntactEntryThatDoesNotLoadIsCompiledAgain) {
  TempDir T;
  KernelJit::Request R{&Module, &Kernels[0], {64, 1, 1}};
  std::string Why;
  ASSERT_TRUE(DiskCache(T.Path).store(KernelJit::cacheName(R), KernelJit::cacheStamp(""),
                                      "right stamp and checksum, not ELF", &Why));
  configure(JitMode::Sync, T.Path);
  EXPECT_EQ(launch(64), 1064);
  EXPECT_EQ(Compiles, 1);
  EXPECT_NE(status(64).Message.find("corrupt"), std::string::npos) << status(64).Message;
}

TEST_F(JitLaunch, ReadOnlyCacheDirectory) {
  TempDir T;
  std::string Dir = T.Path + "/ro";
  ASSERT_EQ(mkdir(Dir.c_str(), 0555), 0);
  if (access(Dir.c_str(), W_OK) == 0) // root: a directory nobody writes in
    Dir = "/proc";
  configure(JitMode::Sync, Dir);
  EXPECT_EQ(launch(64), 1064); // compiled, just not kept
  EXPECT_NE(status(64).Message.find("disk cache"), std::string::npos) << status(64).Message;
}

} // namespace

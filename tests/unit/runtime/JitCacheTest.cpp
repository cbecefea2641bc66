// JitCacheTest.cpp - the JIT's on-disk cache (core/DiskCache.h): hit, miss,
// stale and corrupt entries, unusable directories; every failure is a miss
// or a reported store failure, never a crash.
// SPDX-License-Identifier: Apache-2.0
#include "core/DiskCache.h"

#include <gtest/gtest.h>

#include <dirent.h>
#include <fcntl.h>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using loom::DiskCache;

struct TempDir {
  std::string Path;
  TempDir() {
    char Template[] = "/tmp/loom-cache-test-XXXXXX";
    Path = mkdtemp(Template);
  }
  ~TempDir() { std::system(("chmod -R u+w '" + Path + "' && rm -rf '" + Path + "'").c_str()); }
};

std::string readAll(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(In), std::istreambuf_iterator<char>());
}

void writeAll(const std::string &Path, const std::string &Bytes) {
  std::ofstream(Path, std::ios::binary) << Bytes;
}

std::vector<std::string> filesIn(const std::string &Dir) {
  std::vector<std::string> Names;
  if (DIR *D = opendir(Dir.c_str())) {
    while (dirent *E = readdir(D))
      if (E->d_name[0] != '.' || (std::string(E->d_name) != "." && std::string(E->d_name) != ".."))
        Names.push_back(E->d_name);
    closedir(D);
  }
  return Names;
}

const std::string Code("\x7f" "ELF fake shared object\0with a NUL", 34);

TEST(JitCache, MissThenHit) {
  TempDir T;
  DiskCache C(T.Path + "/nested/loom/jit"); // created on the first store
  std::string Out, Why;
  EXPECT_EQ(C.load("k1", "stamp", Out, &Why), DiskCache::Lookup::Miss);
  ASSERT_TRUE(C.store("k1", "stamp", Code, &Why)) << Why;
  EXPECT_EQ(C.load("k1", "stamp", Out, &Why), DiskCache::Lookup::Hit);
  EXPECT_EQ(Out, Code);
  // Other names are still misses; the store left no temporary file.
  EXPECT_EQ(C.load("k2", "stamp", Out, &Why), DiskCache::Lookup::Miss);
  EXPECT_EQ(filesIn(T.Path + "/nested/loom/jit"), std::vector<std::string>{"k1.loomjit"});
}

TEST(JitCache, StaleEntryIsReplaced) {
  TempDir T;
  DiskCache C(T.Path);
  std::string Out, Why;
  ASSERT_TRUE(C.store("k", "loom-jit abi 3 compiler 1 cpu zen4", Code, &Why));
  // Another compiler build or another CPU: not usable, says why.
  EXPECT_EQ(C.load("k", "loom-jit abi 3 compiler 2 cpu zen4", Out, &Why),
            DiskCache::Lookup::Stale);
  EXPECT_NE(Why.find("compiler 1"), std::string::npos) << Why;
  EXPECT_TRUE(Out.empty());
  ASSERT_TRUE(C.store("k", "loom-jit abi 3 compiler 2 cpu zen4", "new code", &Why));
  EXPECT_EQ(C.load("k", "loom-jit abi 3 compiler 2 cpu zen4", Out, &Why), DiskCache::Lookup::Hit);
  EXPECT_EQ(Out, "new code");
}

TEST(JitCache, CorruptFilesAreMisses) {
  TempDir T;
  DiskCache C(T.Path);
  std::string Out, Why;
  ASSERT_TRUE(C.store("k", "s", Code, &Why));
  std::string Good = readAll(C.pathOf("k"));
  struct Case {
    const char *What;
    std::string Bytes;
  } Cases[] = {
      {"empty", ""},
      {"not a cache file", "garbage that is long enough to hold a header......"},
      {"truncated", Good.substr(0, Good.size() - 5)},
      {"header only", Good.substr(0, 32)},
      {"flipped byte", [&] {
         std::string B = Good;
         B[B.size() - 3] ^= 0x40;
         return B;
       }()},
      {"appended bytes", Good + "xyz"},
  };
  for (const Case &K : Cases) {
    writeAll(C.pathOf("k"), K.Bytes);
    Out = "untouched";
    EXPECT_EQ(C.load("k", "s", Out, &Why), DiskCache::Lookup::Corrupt) << K.What;
    EXPECT_FALSE(Why.empty()) << K.What;
  }
  // The next store replaces the corrupt file.
  ASSERT_TRUE(C.store("k", "s", Code, &Why));
  EXPECT_EQ(C.load("k", "s", Out, &Why), DiskCache::Lookup::Hit);
  EXPECT_EQ(Out, Code);
}

TEST(JitCache, ReadOnlyDirectory) {
  TempDir T;
  std::string Dir = T.Path + "/ro";
  ASSERT_EQ(mkdir(Dir.c_str(), 0555), 0);
  // root ignores permission bits: then use a directory nobody can create
  // files in (/proc).
  std::string Probe = Dir + "/probe";
  int FD = open(Probe.c_str(), O_WRONLY | O_CREAT, 0600);
  if (FD >= 0) {
    close(FD);
    unlink(Probe.c_str());
    Dir = "/proc";
  }
  DiskCache C(Dir);
  std::string Out, Why;
  EXPECT_EQ(C.load("k", "s", Out, &Why), DiskCache::Lookup::Miss);
  EXPECT_FALSE(C.store("k", "s", Code, &Why));
  EXPECT_NE(Why.find("cannot write"), std::string::npos) << Why;
  EXPECT_EQ(C.load("k", "s", Out, &Why), DiskCache::Lookup::Miss);
}

TEST(JitCache, UnusableDirectories) {
  TempDir T;
  std::string File = T.Path + "/file";
  writeAll(File, "x");
  std::string Out, Why;
  // A path through a regular file: cannot be created or read.
  DiskCache UnderFile(File + "/jit");
  EXPECT_FALSE(UnderFile.store("k", "s", Code, &Why));
  EXPECT_NE(Why.find("cache directory"), std::string::npos) << Why;
  EXPECT_EQ(UnderFile.load("k", "s", Out, &Why), DiskCache::Lookup::Unavailable);
  // No directory at all: nothing is read or written.
  DiskCache None("");
  EXPECT_EQ(None.load("k", "s", Out, &Why), DiskCache::Lookup::Unavailable);
  EXPECT_FALSE(None.store("k", "s", Code, &Why));
}

TEST(JitCache, EncodingRoundTrips) {
  std::string Out, Why;
  std::string File = DiskCache::encode("stamp", Code);
  EXPECT_EQ(DiskCache::decode(File, "stamp", Out, &Why), DiskCache::Lookup::Hit);
  EXPECT_EQ(Out, Code);
  EXPECT_EQ(DiskCache::decode(File, "other", Out, &Why), DiskCache::Lookup::Stale);
}

} // namespace

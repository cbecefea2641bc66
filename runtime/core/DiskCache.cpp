// DiskCache.cpp - the JIT's on-disk cache of specialized kernels.
// SPDX-License-Identifier: Apache-2.0
#include "core/DiskCache.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <atomic>

namespace loom {

namespace {

constexpr char Magic[8] = {'L', 'O', 'O', 'M', 'J', 'I', 'T', 'C'};
constexpr uint32_t Format = 1;
constexpr size_t HeaderBytes = 8 + 4 + 4 + 8 + 8;

void put32(std::string &S, uint32_t V) {
  for (int I = 0; I < 4; ++I)
    S.push_back(char((V >> (8 * I)) & 0xff));
}
void put64(std::string &S, uint64_t V) {
  for (int I = 0; I < 8; ++I)
    S.push_back(char((V >> (8 * I)) & 0xff));
}
uint64_t get(const std::string &S, size_t At, unsigned Bytes) {
  uint64_t V = 0;
  for (unsigned I = 0; I < Bytes; ++I)
    V |= uint64_t(uint8_t(S[At + I])) << (8 * I);
  return V;
}

std::string errnoText(const std::string &What, const std::string &Path) {
  return What + " '" + Path + "': " + std::strerror(errno);
}

/// mkdir -p.
bool makeDirectories(const std::string &Dir, std::string *Why) {
  struct stat St;
  if (stat(Dir.c_str(), &St) == 0) {
    if (S_ISDIR(St.st_mode))
      return true;
    errno = ENOTDIR;
    if (Why)
      *Why = errnoText("cannot use cache directory", Dir);
    return false;
  }
  size_t Slash = Dir.find_last_of('/');
  if (Slash != std::string::npos && Slash > 0 &&
      !makeDirectories(Dir.substr(0, Slash), Why))
    return false;
  if (mkdir(Dir.c_str(), 0755) != 0 && errno != EEXIST) {
    if (Why)
      *Why = errnoText("cannot create cache directory", Dir);
    return false;
  }
  return true;
}

bool readFile(const std::string &Path, std::string &Out, int *Errno) {
  int FD = open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (FD < 0) {
    *Errno = errno;
    return false;
  }
  Out.clear();
  char Buffer[1 << 16];
  for (;;) {
    ssize_t N = read(FD, Buffer, sizeof(Buffer));
    if (N < 0 && errno == EINTR)
      continue;
    if (N < 0) {
      *Errno = errno;
      close(FD);
      return false;
    }
    if (N == 0)
      break;
    Out.append(Buffer, size_t(N));
  }
  close(FD);
  return true;
}

} // namespace

uint64_t DiskCache::checksum(const char *Data, size_t Size, uint64_t Seed) {
  uint64_t H = Seed;
  for (size_t I = 0; I < Size; ++I) {
    H ^= uint8_t(Data[I]);
    H *= 0x100000001b3ull;
  }
  return H;
}

const char *DiskCache::name(Lookup L) {
  switch (L) {
  case Lookup::Hit:
    return "hit";
  case Lookup::Miss:
    return "miss";
  case Lookup::Stale:
    return "stale";
  case Lookup::Corrupt:
    return "corrupt";
  case Lookup::Unavailable:
    return "unavailable";
  }
  return "?";
}

std::string DiskCache::pathOf(const std::string &Name) const {
  return Dir + "/" + Name + ".loomjit";
}

std::string DiskCache::encode(const std::string &Stamp, const std::string &Object) {
  std::string S(Magic, sizeof(Magic));
  put32(S, Format);
  put32(S, uint32_t(Stamp.size()));
  put64(S, Object.size());
  uint64_t Sum = checksum(Stamp.data(), Stamp.size());
  Sum = checksum(Object.data(), Object.size(), Sum);
  put64(S, Sum);
  S += Stamp;
  S += Object;
  return S;
}

DiskCache::Lookup DiskCache::decode(const std::string &File, const std::string &Stamp,
                                    std::string &Object, std::string *Why) {
  auto Corrupt = [&](const char *What) {
    if (Why)
      *Why = What;
    return Lookup::Corrupt;
  };
  if (File.size() < HeaderBytes || std::memcmp(File.data(), Magic, sizeof(Magic)) != 0)
    return Corrupt("not a Loom JIT cache file");
  if (get(File, 8, 4) != Format) {
    if (Why)
      *Why = "written by another cache format";
    return Lookup::Stale;
  }
  uint64_t StampBytes = get(File, 12, 4);
  uint64_t ObjectBytes = get(File, 16, 8);
  if (StampBytes > File.size() - HeaderBytes ||
      ObjectBytes != File.size() - HeaderBytes - StampBytes)
    return Corrupt("truncated or oversized cache file");
  uint64_t Sum = checksum(File.data() + HeaderBytes, StampBytes);
  Sum = checksum(File.data() + HeaderBytes + StampBytes, ObjectBytes, Sum);
  if (Sum != get(File, 24, 8))
    return Corrupt("checksum mismatch");
  if (File.compare(HeaderBytes, StampBytes, Stamp) != 0) {
    if (Why)
      *Why = "compiled for '" + File.substr(HeaderBytes, StampBytes) + "'";
    return Lookup::Stale;
  }
  Object.assign(File, HeaderBytes + StampBytes, ObjectBytes);
  return Lookup::Hit;
}

DiskCache::Lookup DiskCache::load(const std::string &Name, const std::string &Stamp,
                                  std::string &Object, std::string *Why) const {
  if (Dir.empty()) {
    if (Why)
      *Why = "no cache directory";
    return Lookup::Unavailable;
  }
  std::string Path = pathOf(Name), File;
  int Err = 0;
  if (!readFile(Path, File, &Err)) {
    if (Err == ENOENT)
      return Lookup::Miss;
    errno = Err;
    if (Why)
      *Why = errnoText("cannot read", Path);
    return Err == ENOTDIR ? Lookup::Unavailable : Lookup::Corrupt;
  }
  return decode(File, Stamp, Object, Why);
}

bool DiskCache::store(const std::string &Name, const std::string &Stamp,
                      const std::string &Object, std::string *Why) const {
  if (Dir.empty()) {
    if (Why)
      *Why = "no cache directory";
    return false;
  }
  if (!makeDirectories(Dir, Why))
    return false;
  static std::atomic<unsigned> Counter{0};
  std::string Final = pathOf(Name);
  std::string Temp = Dir + "/." + Name + "." + std::to_string(getpid()) + "." +
                     std::to_string(Counter.fetch_add(1)) + ".tmp";
  int FD = open(Temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (FD < 0) {
    if (Why)
      *Why = errnoText("cannot write", Temp);
    return false;
  }
  std::string Bytes = encode(Stamp, Object);
  size_t Done = 0;
  while (Done < Bytes.size()) {
    ssize_t N = write(FD, Bytes.data() + Done, Bytes.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0) {
      if (Why)
        *Why = errnoText("cannot write", Temp);
      close(FD);
      unlink(Temp.c_str());
      return false;
    }
    Done += size_t(N);
  }
  if (close(FD) != 0) {
    if (Why)
      *Why = errnoText("cannot write", Temp);
    unlink(Temp.c_str());
    return false;
  }
  if (rename(Temp.c_str(), Final.c_str()) != 0) {
    if (Why)
      *Why = errnoText("cannot rename into", Final);
    unlink(Temp.c_str());
    return false;
  }
  return true;
}

} // namespace loom

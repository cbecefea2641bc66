// DiskCache.h - the JIT's on-disk cache of specialized kernels.
// SPDX-License-Identifier: Apache-2.0
//
// One file per specialized kernel, <dir>/<name>.loomjit, where the name is a
// hash of what the code is compiled from (the kernel's bitcode, its name,
// the block size, the pipeline configuration). The file holds a header, a
// stamp (the compiler's build, the ABI version, the CPU: what must also
// match for the code to be usable) and the code (a shared object):
//
//   "LOOMJITC" | u32 format | u32 stamp bytes | u64 object bytes |
//   u64 checksum (FNV-1a over stamp and object) | stamp | object
//
// A file with another stamp is stale, one that does not parse or whose
// checksum fails is corrupt: both read as a miss and are replaced by the
// next store. Stores write a temporary file in the same directory and
// rename it into place, so readers never see half a file, and two processes
// storing the same entry both leave a whole one. Every failure (no
// directory, read-only directory, full disk) is reported, never fatal.
#ifndef LOOM_RUNTIME_CORE_DISKCACHE_H
#define LOOM_RUNTIME_CORE_DISKCACHE_H

#include <cstdint>
#include <string>

namespace loom {

class DiskCache {
public:
  enum class Lookup {
    Hit,         ///< Object holds the cached code
    Miss,        ///< no entry
    Stale,       ///< an entry compiled for another version or CPU
    Corrupt,     ///< an entry that is not a whole, intact cache file
    Unavailable, ///< no cache directory, or it cannot be read
  };

  /// \p Directory empty: no disk cache (every lookup is Unavailable, every
  /// store fails).
  explicit DiskCache(std::string Directory) : Dir(std::move(Directory)) {}

  const std::string &directory() const { return Dir; }
  /// The file that holds entry \p Name.
  std::string pathOf(const std::string &Name) const;

  /// Looks up \p Name; on Hit, \p Object is the code. \p Why says what went
  /// wrong for anything but Hit and Miss.
  Lookup load(const std::string &Name, const std::string &Stamp, std::string &Object,
              std::string *Why = nullptr) const;
  /// Writes the entry (creating the directory with its parents if needed);
  /// false with \p Why when it could not.
  bool store(const std::string &Name, const std::string &Stamp, const std::string &Object,
             std::string *Why = nullptr) const;

  /// Encodes / decodes the file contents (exposed for tests).
  static std::string encode(const std::string &Stamp, const std::string &Object);
  static Lookup decode(const std::string &File, const std::string &Stamp, std::string &Object,
                       std::string *Why);

  /// FNV-1a, 64 bits.
  static uint64_t checksum(const char *Data, size_t Size, uint64_t Seed = 0xcbf29ce484222325ull);

  static const char *name(Lookup L);

private:
  std::string Dir;
};

} // namespace loom

#endif

// SPDX-License-Identifier: Apache-2.0
// Compiles generated CUDA with loomcc into a shared object (cached on disk,
// keyed by the source and the compiler), loads it and calls its
// loom_pattern_run on host arrays.
#include "loom/patterns/CodeGen.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace loom::patterns {

std::string loomccPath() {
  if (const char *p = getenv("LOOM_PATTERNS_LOOMCC"))
    return p;
#ifdef LOOM_PATTERNS_LOOMCC
  return LOOM_PATTERNS_LOOMCC;
#else
  return "loomcc";
#endif
}

static std::string defaultCacheDir() {
  if (const char *p = getenv("LOOM_PATTERNS_CACHE"))
    return p;
  if (const char *p = getenv("XDG_CACHE_HOME"))
    return std::string(p) + "/loom-patterns";
  if (const char *p = getenv("HOME"))
    return std::string(p) + "/.cache/loom-patterns";
  return "/tmp/loom-patterns-" + std::to_string(getuid());
}

static void makeDirs(const std::string &path) {
  for (size_t p = 1; p <= path.size(); ++p)
    if (p == path.size() || path[p] == '/')
      mkdir(path.substr(0, p).c_str(), 0755);
}

static std::string hashHex(const std::string &s) {
  // FNV-1a, 64 bits: a cache key, not security.
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s)
    h = (h ^ c) * 1099511628211ull;
  char buf[17];
  snprintf(buf, sizeof buf, "%016llx", (unsigned long long)h);
  return buf;
}

CompiledProgram::CompiledProgram(CompiledProgram &&o) noexcept { *this = std::move(o); }
CompiledProgram &CompiledProgram::operator=(CompiledProgram &&o) noexcept {
  std::swap(handle_, o.handle_);
  std::swap(fn_, o.fn_);
  std::swap(launch_, o.launch_);
  std::swap(code_, o.code_);
  std::swap(soPath, o.soPath);
  return *this;
}
CompiledProgram::~CompiledProgram() {
  if (handle_)
    dlclose(handle_);
}

CompiledProgram compile(const GeneratedCode &code, const std::string &dir) {
  std::string cache = dir.empty() ? defaultCacheDir() : dir;
  makeDirs(cache);
  std::string cc = loomccPath();
  std::string flagKey;
  for (auto &fl : code.compileFlags)
    flagKey += fl + " ";
  std::string base = cache + "/" + hashHex(cc + "\n" + flagKey + "\n" + code.source);
  std::string cu = base + ".cu", so = base + ".so";
  struct stat st;
  if (stat(so.c_str(), &st) != 0) {
    {
      std::ofstream f(cu);
      f << code.source;
      if (!f)
        throw Error("cannot write " + cu);
    }
    std::string tmp = so + "." + std::to_string(getpid());
    std::string log = base + ".log";
    std::string flags;
    for (auto &fl : code.compileFlags)
      flags += " '" + fl + "'";
    std::string cmd = "'" + cc + "' -O3 -shared -Xcompiler -fPIC" + flags + " '" + cu + "' -o '" + tmp + "' > '" + log + "' 2>&1";
    for (int attempt = 0;; ++attempt) {
      if (system(cmd.c_str()) == 0)
        break;
      std::ifstream l(log);
      std::stringstream ss;
      ss << l.rdbuf();
      // loomcc itself missing for a moment (being relinked by a build):
      // try again a few times; a compile error is reported at once.
      bool transient = ss.str().find(cc + ": Permission denied") != std::string::npos ||
                       ss.str().find(cc + ": not found") != std::string::npos ||
                       ss.str().find("Text file busy") != std::string::npos ||
                       // the runtime library being relinked by a build at that moment
                       ss.str().find("libloomrt.so: file not recognized") != std::string::npos ||
                       ss.str().find("cannot find -lloomrt") != std::string::npos;
      if (!transient || attempt == 5)
        throw Error("loomcc failed on " + cu + ":\n" + ss.str());
      sleep(2);
    }
    rename(tmp.c_str(), so.c_str());
  }
  CompiledProgram p;
  p.handle_ = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!p.handle_)
    throw Error(std::string("cannot load ") + so + ": " + dlerror());
  p.fn_ = (int (*)(void *const *, void *, const long long *))dlsym(p.handle_, "loom_pattern_run");
  p.launch_ = (int (*)(void *const *, void *, const long long *))dlsym(p.handle_, "loom_pattern_launch");
  if (!p.fn_ || !p.launch_)
    throw Error(so + " has no loom_pattern_run or loom_pattern_launch");
  p.code_ = code;
  p.soPath = so;
  return p;
}

static size_t scalarBytes(ScalarKind k) { return k == ScalarKind::Double ? 8 : 4; }
static ScalarKind baseOf(const TypeP &t) {
  if (t->kind == Type::Array)
    return baseOf(t->elem);
  if (t->kind == Type::Tuple)
    return baseOf(t->elems.at(0));
  return t->scalar;
}
static int64_t countOf(const TypeP &t, const std::map<std::string, int64_t> &sizes) {
  switch (t->kind) {
  case Type::Scalar: return 1;
  case Type::Vector: return t->width;
  case Type::Array: return t->size.eval(sizes) * countOf(t->elem, sizes);
  case Type::Tuple: {
    int64_t n = 0;
    for (auto &e : t->elems)
      n += countOf(e, sizes);
    return n;
  }
  }
  return 0;
}

int CompiledProgram::runRaw(void *const *inputs, void *output, const std::map<std::string, int64_t> &sizes) const {
  validateSizes(code_, sizes);
  std::vector<long long> sz;
  for (auto &v : code_.sizeVars) {
    auto it = sizes.find(v);
    if (it == sizes.end())
      throw Error("run: no value for size " + v);
    sz.push_back(it->second);
  }
  return fn_(inputs, output, sz.data());
}

namespace {
std::vector<char> pack(const std::vector<double> &v, ScalarKind k) {
  std::vector<char> b(v.size() * scalarBytes(k));
  for (size_t j = 0; j < v.size(); ++j) {
    if (k == ScalarKind::Double)
      memcpy(&b[j * 8], &v[j], 8);
    else if (k == ScalarKind::Float) {
      float f = (float)v[j];
      memcpy(&b[j * 4], &f, 4);
    } else {
      int x = (int)v[j];
      memcpy(&b[j * 4], &x, 4);
    }
  }
  return b;
}
std::vector<double> unpack(const std::vector<char> &b, ScalarKind k) {
  size_t n = b.size() / scalarBytes(k);
  std::vector<double> r(n);
  for (size_t j = 0; j < n; ++j) {
    if (k == ScalarKind::Double)
      memcpy(&r[j], &b[j * 8], 8);
    else if (k == ScalarKind::Float) {
      float f;
      memcpy(&f, &b[j * 4], 4);
      r[j] = f;
    } else {
      int x;
      memcpy(&x, &b[j * 4], 4);
      r[j] = x;
    }
  }
  return r;
}
} // namespace

double CompiledProgram::timeLaunch(const std::vector<std::vector<double>> &inputs,
                                   const std::map<std::string, int64_t> &sizes, int reps,
                                   std::vector<double> *result) const {
  // Loom's runtime is linked into this library (not only into the
  // generated objects): loaded at program start, its thread-local state is
  // in the static TLS block, which a later dlopen could not extend.
  auto cmalloc = [](void **p, size_t n) { return (int)cudaMalloc(p, n); };
  auto cmemcpy = [](void *d, const void *s, size_t n, int kind) {
    return (int)cudaMemcpy(d, s, n, (cudaMemcpyKind)kind);
  };
  auto cfree = [](void *p) { return (int)cudaFree(p); };
  std::vector<long long> sz;
  for (auto &v : code_.sizeVars)
    sz.push_back(sizes.at(v));
  std::vector<std::vector<char>> host;
  std::vector<void *> args, devs;
  for (size_t i = 0; i < inputs.size(); ++i) {
    host.push_back(pack(inputs[i], baseOf(code_.inputs[i])));
    if (code_.inputs[i]->kind == Type::Scalar) {
      args.push_back(host.back().data());
      continue;
    }
    void *d = nullptr;
    if (cmalloc(&d, host.back().size()))
      throw Error("timeLaunch: cudaMalloc failed");
    cmemcpy(d, host.back().data(), host.back().size(), 1 /* cudaMemcpyHostToDevice */);
    devs.push_back(d);
    args.push_back(d);
  }
  ScalarKind ok = baseOf(code_.output);
  size_t obytes = countOf(code_.output, sizes) * scalarBytes(ok);
  void *dout = nullptr;
  if (cmalloc(&dout, obytes))
    throw Error("timeLaunch: cudaMalloc failed");
  devs.push_back(dout);
  std::vector<double> times;
  int err = launch_(args.data(), dout, sz.data()); // warm-up
  for (int r = 0; r < reps && !err; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    err = launch_(args.data(), dout, sz.data());
    times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  if (result && !err) {
    std::vector<char> out(obytes);
    cmemcpy(out.data(), dout, obytes, 2 /* cudaMemcpyDeviceToHost */);
    *result = unpack(out, ok);
  }
  for (void *d : devs)
    cfree(d);
  if (err)
    throw Error("timeLaunch: the generated program failed with CUDA error " + std::to_string(err));
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

std::vector<double> CompiledProgram::run(const std::vector<std::vector<double>> &inputs,
                                         const std::map<std::string, int64_t> &sizes) const {
  if (inputs.size() != code_.inputs.size())
    throw Error("run: the program takes " + std::to_string(code_.inputs.size()) + " inputs");
  std::vector<std::vector<char>> bufs;
  std::vector<void *> ptrs;
  for (size_t i = 0; i < inputs.size(); ++i) {
    ScalarKind k = baseOf(code_.inputs[i]);
    int64_t n = countOf(code_.inputs[i], sizes);
    if ((int64_t)inputs[i].size() != n)
      throw Error("run: input " + std::to_string(i + 1) + " has " + std::to_string(inputs[i].size()) +
                  " scalars, its type " + code_.inputs[i]->str() + " needs " + std::to_string(n));
    bufs.emplace_back(n * scalarBytes(k));
    for (int64_t j = 0; j < n; ++j) {
      double v = inputs[i][j];
      if (k == ScalarKind::Double)
        memcpy(&bufs.back()[j * 8], &v, 8);
      else if (k == ScalarKind::Float) {
        float f = (float)v;
        memcpy(&bufs.back()[j * 4], &f, 4);
      } else {
        int x = (int)v;
        memcpy(&bufs.back()[j * 4], &x, 4);
      }
    }
    ptrs.push_back(bufs.back().data());
  }
  ScalarKind ok = baseOf(code_.output);
  int64_t n = countOf(code_.output, sizes);
  std::vector<char> out(n * scalarBytes(ok));
  int err = runRaw(ptrs.data(), out.data(), sizes);
  if (err)
    throw Error("run: the generated program failed with CUDA error " + std::to_string(err));
  std::vector<double> r(n);
  for (int64_t j = 0; j < n; ++j) {
    if (ok == ScalarKind::Double)
      memcpy(&r[j], &out[j * 8], 8);
    else if (ok == ScalarKind::Float) {
      float f;
      memcpy(&f, &out[j * 4], 4);
      r[j] = f;
    } else {
      int x;
      memcpy(&x, &out[j * 4], 4);
      r[j] = x;
    }
  }
  return r;
}

} // namespace loom::patterns

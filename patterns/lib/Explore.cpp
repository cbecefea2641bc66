// SPDX-License-Identifier: Apache-2.0
// Automatic exploration of derivation parameters and launch shapes.
#include "loom/patterns/Explore.h"

#include <algorithm>
#include <cctype>
#include <functional>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <random>
#include <set>
#include <sstream>
#include <sys/stat.h>

namespace loom::patterns {

std::string cpuModel() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("model name", 0) == 0) {
      auto c = line.find(':');
      return c == std::string::npos ? line : line.substr(c + 2);
    }
  return "unknown-cpu";
}

// The expression's text with parameters renamed in order of appearance:
// building a program twice gives fresh parameter names, not a new key.
std::string canonicalText(const ExprP &e) {
  std::map<std::string, std::string> names;
  std::function<void(const ExprP &)> collect = [&](const ExprP &n) {
    if (n->op == Op::Param && !names.count(n->name)) {
      std::string c = "p" + std::to_string(names.size());
      names[n->name] = c;
    }
    for (auto &k : n->kids)
      collect(k);
  };
  collect(e);
  std::string text = print(e), out;
  for (size_t i = 0; i < text.size();) {
    if (isalpha((unsigned char)text[i]) || text[i] == '_') {
      size_t j = i;
      while (j < text.size() && (isalnum((unsigned char)text[j]) || text[j] == '_'))
        ++j;
      std::string id = text.substr(i, j - i);
      auto it = names.find(id);
      out += it == names.end() ? id : it->second;
      i = j;
    } else {
      out += text[i++];
    }
  }
  return out;
}

static std::string cacheFile(const ProgramDef &d, const std::map<std::string, int64_t> &sizes, const std::string &dir) {
  Program p = d.build();
  std::string key = canonicalText(p.fun) + "|";
  for (auto &[k, v] : sizes)
    key += k + "=" + std::to_string(v) + ",";
  key += "|" + cpuModel();
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : key)
    h = (h ^ c) * 1099511628211ull;
  char buf[17];
  snprintf(buf, sizeof buf, "%016llx", (unsigned long long)h);
  std::string base = dir;
  if (base.empty()) {
    const char *c = getenv("LOOM_PATTERNS_CACHE");
    const char *home = getenv("HOME");
    base = c ? c : home ? std::string(home) + "/.cache/loom-patterns" : "/tmp/loom-patterns";
  }
  mkdir(base.c_str(), 0755);
  return base + "/explore-" + d.name + "-" + buf + ".txt";
}

ExploreResult explore_(const ProgramDef &d, const std::map<std::string, int64_t> &sizes, const ExploreOptions &o,
                       std::ostream &out) {
  ExploreResult res;
  std::string cf = cacheFile(d, sizes, o.cacheDir);
  {
    std::ifstream f(cf);
    Variant v;
    if (f >> v.params.parts >> v.params.chunk >> v.params.vector >> v.params.workgroups >> v.blockSize >> v.medianMs >>
        v.params.rows) {
      res.ok = true;
      res.fromCache = true;
      res.best = v;
      out << d.name << ": cached best (" << cf << "): parts=" << v.params.parts << " chunk=" << v.params.chunk
          << " vector=" << v.params.vector << " rows=" << v.params.rows << " block=" << v.blockSize << " "
          << v.medianMs << " ms\n";
      return res;
    }
  }
  Program high = d.build();
  std::vector<Value> in = randomInputs(d, high, sizes, 7);
  std::vector<std::vector<double>> flat;
  for (auto &v : in) {
    flat.emplace_back();
    flatten(v, flat.back());
  }
  std::vector<double> ref = d.reference(flat, sizes);
  // The budget is for variants: the reference (seconds for a large mm) is not counted.
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::set<std::string> seen;
  out << d.name << ": exploring (budget " << o.budgetSeconds << " s, " << o.repetitions << " runs each, CPU "
      << cpuModel() << ")\n";
  out << "  parts  chunk  vector  wg  rows  block  median ms  note\n";
  // Every combination, in a fixed shuffled order so that a short budget
  // still samples the whole space.
  std::vector<Variant> space;
  for (int parts : {16, 32, 64, 256, 1024, 4096})
    for (int chunk : {1, 64, 256, 1024})
      for (int vec : {0, 4, 8})
        for (int block : {16, 64, 256})
          for (bool wg : {false, true})
            for (int rows : {0, 1, 4, 8}) {
              Variant v;
              v.params = {parts, chunk, vec, wg, rows};
              v.blockSize = block;
              space.push_back(v);
            }
  std::shuffle(space.begin(), space.end(), std::mt19937(42));
  for (const Variant &candidate : space) {
          if (elapsed() > o.budgetSeconds)
            break;
          int parts = candidate.params.parts, chunk = candidate.params.chunk, vec = candidate.params.vector,
              block = candidate.blockSize;
          Variant v;
          v.params = candidate.params;
          v.blockSize = block;
          try {
            auto q = rewrite(high, d.derive(v.params));
            if (!q)
              continue;
            CodeGenOptions cg;
            cg.blockSize = block;
            GeneratedCode code = generate(*q, cg);
            if (!seen.insert(code.source).second)
              continue; // this parameter does not change the program
            CompiledProgram cp = compile(code, o.cacheDir);
            std::vector<double> got;
            v.medianMs = cp.timeLaunch(flat, sizes, o.repetitions, &got);
            for (size_t i = 0; i < ref.size(); ++i)
              if (std::fabs(got.at(i) - ref[i]) > 1e-3 * std::max({1.0, std::fabs(ref[i])}) * std::sqrt((double)flat[0].size())) {
                v.note = "wrong result at " + std::to_string(i);
                v.medianMs = -1;
                break;
              }
          } catch (const Error &e) {
            v.note = std::string(e.what()).substr(0, 60);
            v.medianMs = -1;
          }
          out << "  " << std::setw(5) << parts << "  " << std::setw(5) << chunk << "  " << std::setw(6) << vec << "  " << std::setw(2)
              << candidate.params.workgroups << "  " << std::setw(4) << candidate.params.rows << "  " << std::setw(5) << block << "  " << std::setw(9) << std::fixed << std::setprecision(3) << v.medianMs
              << "  " << v.note << "\n";
          res.tried.push_back(v);
          if (v.medianMs >= 0 && (!res.ok || v.medianMs < res.best.medianMs)) {
            res.ok = true;
            res.best = v;
          }
  }
  if (res.ok) {
    std::ofstream f(cf);
    f << res.best.params.parts << " " << res.best.params.chunk << " " << res.best.params.vector << " "
      << res.best.params.workgroups << " " << res.best.blockSize << " " << res.best.medianMs << " "
      << res.best.params.rows << "\n";
    out << d.name << ": best of " << res.tried.size() << ": parts=" << res.best.params.parts
        << " chunk=" << res.best.params.chunk << " vector=" << res.best.params.vector
        << " workgroups=" << res.best.params.workgroups << " rows=" << res.best.params.rows
        << " block=" << res.best.blockSize
        << " " << res.best.medianMs << " ms (cached in " << cf << ")\n";
  } else {
    out << d.name << ": no variant ran\n";
  }
  return res;
}

} // namespace loom::patterns

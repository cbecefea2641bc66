// SPDX-License-Identifier: Apache-2.0
// Beam search over rewrite sequences (Search.h): moves are rules applied at
// a position; every expression reached is completed, compiled, checked
// against the C++ reference and timed; the fastest few are expanded further.
#include "loom/patterns/Search.h"

#include "loom/patterns/Explore.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iomanip>
#include <random>
#include <set>
#include <sstream>
#include <sys/stat.h>

namespace loom::patterns {

std::string SearchStep::str() const {
  std::string s = move + "@";
  if (path.empty())
    return s + "root";
  for (size_t i = 0; i < path.size(); ++i)
    s += (i ? "." : "") + std::to_string(path[i]);
  return s;
}

namespace {

bool hasParallelMap(const ExprP &e) {
  if (e->op == Op::Map && (e->mapKind == MapKind::Global || e->mapKind == MapKind::Workgroup))
    return true;
  for (auto &k : e->kids)
    if (hasParallelMap(k))
      return true;
  return false;
}

/// The move with this name, or nullptr.
std::optional<Strategy> moveNamed(const std::string &name) {
  using namespace rules;
  if (name == "mapReduceInterchange")
    return mapReduceInterchange();
  if (name == "reduceToSeq")
    return reduceToSeq();
  if (name == "fuseReduceMap") // reduceSeq(op, z, map(f, x)) -> reduceSeq((a, y) => op(a, f(y)), z, x)
    return when([](const ExprP &e) { return e->op == Op::Reduce && e->reduceKind == ReduceKind::Seq; },
                seq({atPath({2}, mapToSeq()), reduceMapFusion()}));
  if (name == "foldReductions") // every reduce to reduceSeq, its input map fused in (one step)
    return seq({topDown(reduceToSeq()), normalize(reduceToSeq()), tryS(normalize(*moveNamed("fuseReduceMap")))});
  if (name == "mapToGlb0")
    return mapToGlb(0);
  if (name == "mapToGlb1")
    return mapToGlb(1);
  if (name == "mapFusion")
    return mapFusion();
  if (name.rfind("splitJoin(", 0) == 0 && name.back() == ')') {
    int n = atoi(name.c_str() + 10);
    if (n > 1)
      return splitJoin(n);
  }
  return std::nullopt;
}

/// Every position in e (paths of kid indices), pre-order; lambda parameters excluded.
void positions(const ExprP &e, std::vector<int> &path, std::vector<std::vector<int>> &out) {
  out.push_back(path);
  for (size_t i = 0; i < e->kids.size(); ++i) {
    if (e->op == Op::Lambda && i + 1 < e->kids.size())
      continue;
    path.push_back((int)i);
    positions(e->kids[i], path, out);
    path.pop_back();
  }
}

/// Type-checks the program whose lambda is fn with body as its body (rules
/// check sub-expressions, whose free parameters need the types this binds).
void typeCheckWithBody(const ExprP &fn, const ExprP &body) {
  std::vector<ExprP> kids = fn->kids;
  kids.back() = body;
  ExprP f = withKids(fn, kids);
  std::vector<TypeP> ins;
  for (int i = 0; i < f->count; ++i)
    ins.push_back(f->kids[i]->type);
  typeCheckFun(f, ins);
}

/// The steps alone (no completion), applied to the body of the program's lambda fn.
std::optional<ExprP> applyRaw(const ExprP &fn, const std::vector<SearchStep> &steps) {
  ExprP e = lambdaBody(fn);
  typeCheckWithBody(fn, e);
  for (auto &st : steps) {
    auto m = moveNamed(st.move);
    if (!m)
      throw Error("search: unknown move " + st.move);
    auto r = atPath(st.path, *m)(e);
    if (!r)
      return std::nullopt;
    e = *r;
    typeCheckWithBody(fn, e);
  }
  return e;
}

std::string cacheFileFor(const ProgramDef &d, const std::map<std::string, int64_t> &sizes, const std::string &dir) {
  std::string key = canonicalText(d.build().fun) + "|";
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
  return base + "/search-" + d.name + "-" + buf + ".txt";
}

} // namespace

std::vector<std::string> searchMoves(const SearchOptions &o) {
  std::vector<std::string> m = {"foldReductions", "reduceToSeq", "fuseReduceMap", "mapReduceInterchange", "mapFusion", "mapToGlb0",
                                "mapToGlb1"};
  for (int n : o.splitSizes)
    m.push_back("splitJoin(" + std::to_string(n) + ")");
  return m;
}

std::optional<Program> applySteps(const Program &p, const std::vector<SearchStep> &steps) {
  auto e = applyRaw(p.fun, steps);
  if (!e)
    return std::nullopt;
  std::vector<ExprP> kids = p.fun->kids;
  kids.back() = *e;
  Program q{p.name, withKids(p.fun, kids)};
  Strategy complete = seq({tryS(normalize(rules::transposeTranspose())),
                           tryS(when([](const ExprP &x) { return !hasParallelMap(x); }, topDown(rules::mapToGlb()))),
                           lowerRest()});
  return rewrite(q, complete);
}

SearchResult searchRewrites(const ProgramDef &d, const std::map<std::string, int64_t> &sizes, const SearchOptions &o,
                            std::ostream &out) {
  SearchResult res;
  Program high = d.build();
  std::string cf = cacheFileFor(d, sizes, o.resultDir.empty() ? o.cacheDir : o.resultDir);
  {
    std::ifstream f(cf);
    SearchCandidate c;
    size_t n = 0;
    if (f >> c.blockSize >> c.medianMs >> c.isDefault >> n) {
      bool good = true;
      for (size_t i = 0; i < n && good; ++i) {
        SearchStep st;
        std::string path;
        good = (bool)(f >> st.move >> path);
        if (path != "root") {
          std::stringstream ps(path);
          std::string part;
          while (std::getline(ps, part, '.'))
            st.path.push_back(atoi(part.c_str()));
        }
        c.steps.push_back(st);
      }
      std::optional<Program> q;
      if (good)
        q = c.isDefault ? rewrite(high, d.derive(DeriveParams{})) : applySteps(high, c.steps);
      if (q) {
        c.expr = print(lambdaBody(q->fun));
        res.ok = res.fromCache = true;
        res.best = c;
        out << d.name << ": cached best (" << cf << "): " << c.blockSize << "-thread blocks, " << c.medianMs << " ms\n";
        return res;
      }
    }
  }

  std::vector<Value> in = randomInputs(d, high, sizes, 7);
  std::vector<std::vector<double>> flat;
  for (auto &v : in) {
    flat.emplace_back();
    flatten(v, flat.back());
  }
  std::vector<double> ref = d.reference(flat, sizes);
  auto start = std::chrono::steady_clock::now(); // the reference is not counted
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  std::map<std::string, double> timedSources; // identical code is timed once
  out << d.name << ": searching rewrite sequences (depth " << o.depth << ", beam " << o.beam << ", budget "
      << o.budgetSeconds << " s, CPU " << cpuModel() << ")\n";

  // Times q with each block size; returns the best of them.
  auto timeProgram = [&](SearchCandidate c, const std::optional<Program> &q, const std::vector<int> &blocks) {
    SearchCandidate best = c;
    best.medianMs = -1;
    if (!q) {
      best.note = "does not lower";
      return best;
    }
    for (int block : blocks) {
      c.blockSize = block;
      c.medianMs = -1;
      c.note.clear();
      c.expr = print(lambdaBody(q->fun));
      try {
        CodeGenOptions cg;
        cg.blockSize = block;
        GeneratedCode code = generate(*q, cg);
        validateSizes(code, sizes);
        // The same code but for the expression quoted in its first lines.
        std::string key = code.source.substr(std::min(code.source.find("#include"), code.source.size()));
        for (auto &fl : code.compileFlags)
          key += "\n" + fl;
        auto seen = timedSources.find(key);
        if (seen != timedSources.end()) {
          c.medianMs = seen->second;
          c.note = "same code as an earlier candidate";
        } else {
          CompiledProgram cp = compile(code, o.cacheDir);
          std::vector<double> got;
          c.medianMs = cp.timeLaunch(flat, sizes, o.repetitions, &got);
          for (size_t i = 0; i < ref.size(); ++i)
            if (std::fabs(got.at(i) - ref[i]) >
                1e-3 * std::max({1.0, std::fabs(ref[i])}) * std::sqrt((double)flat[0].size())) {
              c.note = "wrong result at " + std::to_string(i);
              c.medianMs = -1;
              break;
            }
          timedSources[key] = c.medianMs;
        }
      } catch (const Error &e) {
        c.note = std::string(e.what()).substr(0, 70);
        c.medianMs = -1;
      }
      std::string steps = c.isDefault ? "(default derivation)" : "";
      for (auto &st : c.steps)
        steps += (steps.empty() ? "" : " ; ") + st.str();
      out << "  " << std::setw(9) << std::fixed << std::setprecision(3) << c.medianMs << " ms  block " << std::setw(3)
          << block << "  " << (steps.empty() ? "(no steps)" : steps) << (c.note.empty() ? "" : "  [" + c.note + "]")
          << "\n";
      res.tried.push_back(c);
      if (c.medianMs >= 0 && (best.medianMs < 0 || c.medianMs < best.medianMs))
        best = c;
      if (c.medianMs >= 0 && (!res.ok || c.medianMs < res.best.medianMs)) {
        res.ok = true;
        res.best = c;
      }
    }
    return best;
  };

  // The program's own derivation (default parameters): the baseline the
  // search must match or beat, timed in the same run.
  SearchCandidate def;
  def.isDefault = true;
  res.baseline = timeProgram(def, rewrite(high, d.derive(DeriveParams{})), o.blockSizes);

  std::vector<std::string> moves = searchMoves(o);
  std::vector<SearchCandidate> frontier = {SearchCandidate{}};
  std::set<std::string> seenExprs = {canonicalText(lambdaBody(high.fun))};
  std::mt19937 rng(42);
  bool outOfTime = false;
  for (int depth = 1; depth <= o.depth && !frontier.empty() && !outOfTime; ++depth) {
    std::vector<SearchCandidate> children;
    for (auto &s : frontier) {
      auto e = applyRaw(high.fun, s.steps);
      if (!e)
        continue;
      std::vector<std::vector<int>> paths;
      std::vector<int> path;
      positions(*e, path, paths);
      for (auto &m : moves) {
        Strategy st = *moveNamed(m);
        for (auto &p : paths) {
          auto r = atPath(p, st)(*e);
          if (!r || !seenExprs.insert(canonicalText(*r)).second)
            continue;
          SearchCandidate c;
          c.steps = s.steps;
          c.steps.push_back({m, p});
          children.push_back(c);
        }
      }
    }
    std::shuffle(children.begin(), children.end(), rng);
    std::vector<SearchCandidate> timed;
    for (auto &c : children) {
      if (elapsed() > o.budgetSeconds && !res.tried.empty() && res.tried.size() > o.blockSizes.size()) {
        outOfTime = true;
        break;
      }
      // One launch shape while searching (each costs a compile); the others
      // for the best sequence at the end.
      SearchCandidate t = timeProgram(c, applySteps(high, c.steps), {o.blockSizes.at(0)});
      t.steps = c.steps;
      // Children that do not lower yet stay in the beam at the end (their
      // next step may make them lowerable); timed ones are ranked.
      timed.push_back(t);
    }
    std::stable_sort(timed.begin(), timed.end(), [](const SearchCandidate &a, const SearchCandidate &b) {
      double x = a.medianMs < 0 ? 1e300 : a.medianMs, y = b.medianMs < 0 ? 1e300 : b.medianMs;
      return x < y;
    });
    frontier.assign(timed.begin(), timed.begin() + std::min<size_t>(timed.size(), (size_t)o.beam));
    // Enabling steps (Lift's term: they change the expression, not yet the
    // code, like folding reductions before an interchange) are kept too,
    // up to another beam's worth: ranking them by time would drop them.
    int enabling = 0;
    for (size_t i = frontier.size(); i < timed.size() && enabling < o.beam; ++i)
      if (timed[i].note == "same code as an earlier candidate") {
        frontier.push_back(timed[i]);
        ++enabling;
      }
  }
  if (!res.ok) {
    out << d.name << ": no candidate ran\n";
    return res;
  }
  if (!res.best.isDefault && o.blockSizes.size() > 1) {
    SearchCandidate b = res.best;
    timeProgram(b, applySteps(high, b.steps), std::vector<int>(o.blockSizes.begin() + 1, o.blockSizes.end()));
  }
  std::ofstream f(cf);
  f << res.best.blockSize << " " << res.best.medianMs << " " << res.best.isDefault << " " << res.best.steps.size() << "\n";
  for (auto &st : res.best.steps) {
    std::string s = st.str();
    f << st.move << " " << s.substr(s.find('@') + 1) << "\n";
  }
  out << d.name << ": best of " << res.tried.size() << " (" << std::fixed << std::setprecision(3) << res.best.medianMs
      << " ms; default derivation " << res.baseline.medianMs << " ms): ";
  if (res.best.isDefault)
    out << "the default derivation";
  for (size_t i = 0; i < res.best.steps.size(); ++i)
    out << (i ? " ; " : "") << res.best.steps[i].str();
  out << ", block " << res.best.blockSize << "\n  " << res.best.expr << "\n  (cached in " << cf << ")\n";
  return res;
}

} // namespace loom::patterns

// SPDX-License-Identifier: Apache-2.0
// ELEVATE-style strategy combinators: a strategy either rewrites an
// expression or does not apply; traversals say where.
#include "loom/patterns/Rewrite.h"

namespace loom::patterns {

Strategy idS() {
  return [](const ExprP &e) -> std::optional<ExprP> { return e; };
}
Strategy failS() {
  return [](const ExprP &) -> std::optional<ExprP> { return std::nullopt; };
}
Strategy seq(std::vector<Strategy> ss) {
  return [ss](const ExprP &e) -> std::optional<ExprP> {
    ExprP cur = e;
    for (auto &s : ss) {
      auto r = s(cur);
      if (!r)
        return std::nullopt;
      cur = *r;
    }
    return cur;
  };
}
Strategy lChoice(std::vector<Strategy> ss) {
  return [ss](const ExprP &e) -> std::optional<ExprP> {
    for (auto &s : ss)
      if (auto r = s(e))
        return r;
    return std::nullopt;
  };
}
Strategy tryS(Strategy s) {
  return [s](const ExprP &e) -> std::optional<ExprP> {
    if (auto r = s(e))
      return r;
    return e;
  };
}
Strategy repeat(Strategy s, int limit) {
  return [s, limit](const ExprP &e) -> std::optional<ExprP> {
    ExprP cur = e;
    for (int i = 0; i < limit; ++i) {
      auto r = s(cur);
      if (!r)
        return cur;
      cur = *r;
    }
    throw Error("repeat: the strategy still applies after " + std::to_string(limit) + " steps (it does not terminate?)");
  };
}

// The kids a traversal visits: a lambda's body, not its parameters.
static size_t firstKid(const ExprP &e) { return e->op == Op::Lambda ? e->kids.size() - 1 : 0; }

Strategy one(Strategy s) {
  return [s](const ExprP &e) -> std::optional<ExprP> {
    for (size_t i = firstKid(e); i < e->kids.size(); ++i)
      if (auto r = s(e->kids[i])) {
        auto kids = e->kids;
        kids[i] = *r;
        return withKids(e, kids);
      }
    return std::nullopt;
  };
}
Strategy all(Strategy s) {
  return [s](const ExprP &e) -> std::optional<ExprP> {
    auto kids = e->kids;
    bool changed = false;
    for (size_t i = firstKid(e); i < e->kids.size(); ++i) {
      auto r = s(e->kids[i]);
      if (!r)
        return std::nullopt;
      changed |= *r != kids[i];
      kids[i] = *r;
    }
    return changed ? withKids(e, kids) : e;
  };
}
Strategy topDown(Strategy s) {
  return [s](const ExprP &e) -> std::optional<ExprP> {
    if (auto r = s(e))
      return r;
    return one(topDown(s))(e);
  };
}
Strategy bottomUp(Strategy s) {
  return [s](const ExprP &e) -> std::optional<ExprP> {
    if (auto r = one(bottomUp(s))(e))
      return r;
    return s(e);
  };
}
Strategy everywhere(Strategy s) {
  return [s](const ExprP &e) -> std::optional<ExprP> {
    ExprP cur = *tryS(s)(e);
    return all(everywhere(s))(cur);
  };
}
Strategy normalize(Strategy s) { return repeat(topDown(s)); }
Strategy atPath(std::vector<int> path, Strategy s) {
  return [path, s](const ExprP &e) -> std::optional<ExprP> {
    if (path.empty())
      return s(e);
    int i = path[0];
    if (i < 0 || i >= (int)e->kids.size())
      return std::nullopt;
    auto r = atPath(std::vector<int>(path.begin() + 1, path.end()), s)(e->kids[i]);
    if (!r)
      return std::nullopt;
    auto kids = e->kids;
    kids[i] = *r;
    return withKids(e, kids);
  };
}
Strategy inBody(Strategy s) {
  return [s](const ExprP &e) -> std::optional<ExprP> {
    if (e->op != Op::Lambda)
      return std::nullopt;
    return atPath({(int)e->kids.size() - 1}, s)(e);
  };
}

Strategy when(std::function<bool(const ExprP &)> pred, Strategy s) {
  return [pred, s](const ExprP &e) -> std::optional<ExprP> {
    if (!pred(e))
      return std::nullopt;
    return s(e);
  };
}

std::optional<Program> rewrite(const Program &p, const Strategy &s) {
  std::vector<TypeP> inputs;
  for (int i = 0; i < p.fun->count; ++i)
    inputs.push_back(p.fun->kids[i]->type);
  typeCheckFun(p.fun, inputs);
  TypeP before = p.fun->type;
  auto r = inBody(s)(p.fun);
  if (!r)
    return std::nullopt;
  TypeP after = typeCheckFun(*r, inputs);
  if (!typeEqual(before, after))
    throw Error("rewrite changed the program's type from " + before->str() + " to " + after->str());
  return Program{p.name, *r};
}

} // namespace loom::patterns

// SPDX-License-Identifier: Apache-2.0
// Size expressions (normal form and simplification) and types.
#include "loom/patterns/Type.h"

#include <algorithm>
#include <numeric>
#include <sstream>

namespace loom::patterns {

Rational::Rational(int64_t n, int64_t d) {
  if (d == 0)
    throw Error("size arithmetic: division by zero");
  if (d < 0)
    n = -n, d = -d;
  int64_t g = std::gcd(n < 0 ? -n : n, d);
  if (g == 0)
    g = 1;
  num = n / g;
  den = d / g;
}
bool Rational::operator<(const Rational &o) const {
  return (__int128)num * o.den < (__int128)o.num * den;
}
static Rational add(Rational a, Rational b) { return Rational(a.num * b.den + b.num * a.den, a.den * b.den); }
static Rational mul(Rational a, Rational b) { return Rational(a.num * b.num, a.den * b.den); }

Size::Size(int64_t c) {
  if (c != 0)
    terms_[Monomial{}] = Rational(c);
}
Size Size::var(const std::string &name) {
  Size s;
  s.terms_[Monomial{{name, 1}}] = Rational(1);
  return s;
}
Size operator+(const Size &a, const Size &b) {
  Size r = a;
  for (auto &[m, c] : b.terms_) {
    auto it = r.terms_.find(m);
    if (it == r.terms_.end()) {
      r.terms_[m] = c;
      continue;
    }
    it->second = add(it->second, c);
    if (it->second.num == 0)
      r.terms_.erase(it);
  }
  return r;
}
Size operator-(const Size &a, const Size &b) { return a + b * Size(-1); }
static Size::Monomial mulMono(const Size::Monomial &a, const Size::Monomial &b, int sign) {
  Size::Monomial r = a;
  for (auto &[v, e] : b) {
    int n = (r[v] += sign * e);
    if (n == 0)
      r.erase(v);
  }
  return r;
}
Size operator*(const Size &a, const Size &b) {
  Size r;
  for (auto &[ma, ca] : a.terms_)
    for (auto &[mb, cb] : b.terms_) {
      Size t;
      t.terms_[mulMono(ma, mb, 1)] = mul(ca, cb);
      r = r + t;
    }
  return r;
}
Size operator/(const Size &a, const Size &b) {
  if (b.terms_.size() != 1)
    throw Error("size arithmetic: cannot divide " + a.str() + " by the sum " + b.str());
  auto &[mb, cb] = *b.terms_.begin();
  Rational inv(cb.den, cb.num);
  Size r;
  for (auto &[ma, ca] : a.terms_)
    r.terms_[mulMono(ma, mb, -1)] = mul(ca, inv);
  return r;
}
bool Size::isConstant() const {
  return terms_.empty() || (terms_.size() == 1 && terms_.begin()->first.empty());
}
int64_t Size::constant() const {
  if (!isConstant())
    throw Error("size " + str() + " is not a constant");
  if (terms_.empty())
    return 0;
  const Rational &c = terms_.begin()->second;
  if (c.den != 1)
    throw Error("size " + str() + " is not an integer");
  return c.num;
}
bool Size::ratioTo(const Size &o, Rational &c) const {
  if (o.terms_.empty())
    return false;
  auto &[m0, c0] = *o.terms_.begin();
  auto it = terms_.find(m0);
  if (it == terms_.end())
    return false;
  Rational k = mul(it->second, Rational(c0.den, c0.num));
  Size scaled;
  for (auto &[m, cc] : o.terms_)
    scaled.terms_[m] = mul(cc, k);
  if (!(scaled == *this))
    return false;
  c = k;
  return true;
}
int64_t Size::eval(const std::map<std::string, int64_t> &env) const {
  Rational total(0);
  for (auto &[m, c] : terms_) {
    Rational t = c;
    for (auto &[v, e] : m) {
      auto it = env.find(v);
      if (it == env.end())
        throw Error("size variable " + v + " has no value");
      for (int i = 0; i < (e < 0 ? -e : e); ++i)
        t = e > 0 ? mul(t, Rational(it->second)) : mul(t, Rational(1, it->second));
    }
    total = add(total, t);
  }
  if (total.den != 1)
    throw Error("size " + str() + " is not an integer for these sizes (a split that does not divide)");
  return total.num;
}
std::vector<std::string> Size::variables() const {
  std::vector<std::string> vs;
  for (auto &[m, c] : terms_)
    for (auto &[v, e] : m)
      if (std::find(vs.begin(), vs.end(), v) == vs.end())
        vs.push_back(v);
  return vs;
}
static std::string termStr(const Size::Monomial &m, Rational c, bool cStyle) {
  std::string numer, denom;
  auto times = [](std::string &s, const std::string &x) { s += (s.empty() ? "" : "*") + x; };
  int64_t n = c.num < 0 ? -c.num : c.num;
  if (n != 1 || m.empty() || std::all_of(m.begin(), m.end(), [](auto &p) { return p.second < 0; }))
    times(numer, std::to_string(n));
  if (c.den != 1)
    times(denom, std::to_string(c.den));
  for (auto &[v, e] : m)
    for (int i = 0; i < (e < 0 ? -e : e); ++i)
      times(e > 0 ? numer : denom, v);
  std::string s = numer;
  if (!denom.empty())
    s = cStyle ? "(" + numer + ")/(" + denom + ")" : numer + "/" + (denom.find('*') != std::string::npos ? "(" + denom + ")" : denom);
  return s;
}
std::string Size::str() const {
  if (terms_.empty())
    return "0";
  std::string s;
  for (auto it = terms_.rbegin(); it != terms_.rend(); ++it) {
    bool neg = it->second.num < 0;
    if (s.empty())
      s = neg ? "-" : "";
    else
      s += neg ? "-" : "+";
    s += termStr(it->first, it->second, false);
  }
  return s;
}
std::string Size::cExpr() const {
  if (terms_.empty())
    return "0";
  std::string s;
  for (auto it = terms_.rbegin(); it != terms_.rend(); ++it) {
    bool neg = it->second.num < 0;
    s += (s.empty() ? (neg ? "-" : "") : (neg ? " - " : " + "));
    s += "(" + termStr(it->first, it->second, true) + ")";
  }
  return "(" + s + ")";
}

const char *scalarName(ScalarKind k) {
  switch (k) {
  case ScalarKind::Float: return "float";
  case ScalarKind::Double: return "double";
  case ScalarKind::Int: return "int";
  case ScalarKind::Bool: return "bool";
  }
  return "?";
}
const char *addrSpaceName(AddrSpace a) {
  switch (a) {
  case AddrSpace::Global: return "global";
  case AddrSpace::Local: return "local";
  case AddrSpace::Private: return "private";
  }
  return "?";
}

TypeP Type::scalarT(ScalarKind k) {
  auto t = std::make_shared<Type>();
  t->kind = Scalar;
  t->scalar = k;
  return t;
}
TypeP Type::vectorT(ScalarKind k, int width) {
  if (width < 1)
    throw Error("vector width " + std::to_string(width) + " must be positive");
  auto t = std::make_shared<Type>();
  t->kind = Vector;
  t->scalar = k;
  t->width = width;
  return t;
}
TypeP Type::arrayT(TypeP elem, Size size) {
  auto t = std::make_shared<Type>();
  t->kind = Array;
  t->elem = std::move(elem);
  t->size = std::move(size);
  return t;
}
TypeP Type::tupleT(std::vector<TypeP> elems) {
  auto t = std::make_shared<Type>();
  t->kind = Tuple;
  t->elems = std::move(elems);
  return t;
}
std::string Type::str() const {
  switch (kind) {
  case Scalar: return scalarName(scalar);
  case Vector: return std::string(scalarName(scalar)) + std::to_string(width);
  case Array: return "[" + elem->str() + "]_" + (size.isConstant() ? size.str() : "(" + size.str() + ")");
  case Tuple: {
    std::string s = "(";
    for (size_t i = 0; i < elems.size(); ++i)
      s += (i ? ", " : "") + elems[i]->str();
    return s + ")";
  }
  }
  return "?";
}
TypeP floatT() { static TypeP t = Type::scalarT(ScalarKind::Float); return t; }
TypeP doubleT() { static TypeP t = Type::scalarT(ScalarKind::Double); return t; }
TypeP intT() { static TypeP t = Type::scalarT(ScalarKind::Int); return t; }
TypeP boolT() { static TypeP t = Type::scalarT(ScalarKind::Bool); return t; }

bool typeEqual(const TypeP &a, const TypeP &b) {
  if (a->kind != b->kind)
    return false;
  switch (a->kind) {
  case Type::Scalar: return a->scalar == b->scalar;
  case Type::Vector: return a->scalar == b->scalar && a->width == b->width;
  case Type::Array: return a->size == b->size && typeEqual(a->elem, b->elem);
  case Type::Tuple:
    if (a->elems.size() != b->elems.size())
      return false;
    for (size_t i = 0; i < a->elems.size(); ++i)
      if (!typeEqual(a->elems[i], b->elems[i]))
        return false;
    return true;
  }
  return false;
}

} // namespace loom::patterns

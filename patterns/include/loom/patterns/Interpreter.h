// SPDX-License-Identifier: Apache-2.0
// The reference interpreter: the semantics of every pattern, high- and
// low-level, on plain values. Rewrite rules are tested against it, and
// generated code is checked against it.
#ifndef LOOM_PATTERNS_INTERPRETER_H
#define LOOM_PATTERNS_INTERPRETER_H

#include "loom/patterns/Expr.h"

#include <random>

namespace loom::patterns {

/// A value: a scalar, a vector (elems are scalars), an array or a tuple.
struct Value {
  enum Kind { Scalar, Vector, Array, Tuple } kind = Scalar;
  double s = 0;
  std::vector<Value> elems;

  static Value scalar(double v) { Value x; x.s = v; return x; }
  static Value array(std::vector<Value> es) { Value x; x.kind = Array; x.elems = std::move(es); return x; }
  static Value tuple(std::vector<Value> es) { Value x; x.kind = Tuple; x.elems = std::move(es); return x; }
  static Value vector(std::vector<Value> es) { Value x; x.kind = Vector; x.elems = std::move(es); return x; }
  std::string str() const;
};

/// Evaluates a closed expression (its free parameters bound in env).
Value evaluate(const ExprP &e, const std::map<const Node *, Value> &env = {});
/// Evaluates program (a Lambda) applied to args.
Value run(const ExprP &program, const std::vector<Value> &args);
/// Evaluates one user function on scalar arguments (component-wise for vectors).
Value callUserFun(const UserFun &f, const std::vector<Value> &args);

/// A random value of type t (sizes from env), scalars in [lo, hi).
Value randomValue(const TypeP &t, const std::map<std::string, int64_t> &env, std::mt19937 &rng,
                  double lo = -1, double hi = 1);
/// Compares two values element by element with a relative tolerance; on a
/// difference returns false and says where in why.
bool approxEqual(const Value &a, const Value &b, double relTol, std::string *why = nullptr);
/// Flattens a value's scalars in row-major order.
void flatten(const Value &v, std::vector<double> &out);

} // namespace loom::patterns

#endif

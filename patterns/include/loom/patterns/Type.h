// SPDX-License-Identifier: Apache-2.0
// Types of the pattern language: symbolic array sizes (polynomials with
// rational coefficients over size variables, so N/4*4 simplifies to N and
// two sizes are equal exactly when their normal forms are), scalars, vector
// types, arrays and tuples, plus the address spaces memory lives in.
#ifndef LOOM_PATTERNS_TYPE_H
#define LOOM_PATTERNS_TYPE_H

#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace loom::patterns {

/// Every error of the library (type errors, bad sizes, unsupported code
/// generation) is this exception; its message says which pattern and why.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A rational number with 64-bit numerator and positive denominator.
struct Rational {
  int64_t num = 0, den = 1;
  Rational() = default;
  Rational(int64_t n, int64_t d = 1);
  bool operator==(const Rational &o) const { return num == o.num && den == o.den; }
  bool operator<(const Rational &o) const;
};

/// A size expression in normal form: a sum of terms coefficient * product of
/// variables with integer (possibly negative) exponents.
class Size {
public:
  using Monomial = std::map<std::string, int>; // variable -> exponent (!= 0)
  Size() = default;                            // zero
  Size(int64_t c);                             // constant
  static Size var(const std::string &name);

  friend Size operator+(const Size &a, const Size &b);
  friend Size operator-(const Size &a, const Size &b);
  friend Size operator*(const Size &a, const Size &b);
  /// Exact division; the divisor must be a single term (constant, variable
  /// or product); anything else throws Error.
  friend Size operator/(const Size &a, const Size &b);
  bool operator==(const Size &o) const { return terms_ == o.terms_; }
  bool operator!=(const Size &o) const { return !(*this == o); }

  bool isConstant() const;
  /// The constant's value; throws if not constant or not an integer.
  int64_t constant() const;
  /// If this size is c * other for a rational constant c, returns true and c.
  bool ratioTo(const Size &other, Rational &c) const;
  /// Value under an assignment of the variables; throws Error if a variable
  /// is unbound or the value is not an integer (a split that does not divide).
  int64_t eval(const std::map<std::string, int64_t> &env) const;
  std::vector<std::string> variables() const;
  std::string str() const;
  /// A C expression (integer arithmetic) computing the size, variables named as is.
  std::string cExpr() const;

private:
  std::map<Monomial, Rational> terms_;
};

enum class ScalarKind { Float, Double, Int, Bool };
enum class AddrSpace { Global, Local, Private };
const char *scalarName(ScalarKind k);
const char *addrSpaceName(AddrSpace a);

struct Type;
using TypeP = std::shared_ptr<const Type>;

struct Type {
  enum Kind { Scalar, Vector, Array, Tuple } kind = Scalar;
  ScalarKind scalar = ScalarKind::Float; // Scalar and Vector
  int width = 1;                         // Vector
  TypeP elem;                            // Array
  Size size;                             // Array
  std::vector<TypeP> elems;              // Tuple

  static TypeP scalarT(ScalarKind k);
  static TypeP vectorT(ScalarKind k, int width);
  static TypeP arrayT(TypeP elem, Size size);
  static TypeP tupleT(std::vector<TypeP> elems);
  std::string str() const;
};

TypeP floatT();
TypeP doubleT();
TypeP intT();
TypeP boolT();
inline TypeP arrayOf(TypeP e, Size n) { return Type::arrayT(std::move(e), std::move(n)); }
bool typeEqual(const TypeP &a, const TypeP &b);

} // namespace loom::patterns

#endif

// Printf.cpp - device printf formatting over the packed argument buffer.
// SPDX-License-Identifier: Apache-2.0
#include "device/Printf.h"

#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>

namespace loom {

namespace {

/// Sequential reader of the packed argument buffer.
class ArgReader {
public:
  explicit ArgReader(const unsigned char *Base) : Base(Base) {}

  bool valid() const { return Base != nullptr; }
  template <typename T> T read() {
    Offset = (Offset + sizeof(T) - 1) / sizeof(T) * sizeof(T);
    T Value;
    std::memcpy(&Value, Base + Offset, sizeof(T));
    Offset += sizeof(T);
    ++Count;
    return Value;
  }
  int count() const { return Count; }

private:
  const unsigned char *Base;
  size_t Offset = 0;
  int Count = 0;
};

__attribute__((format(printf, 2, 3))) void appendf(std::string &Out, const char *Spec, ...) {
  char Small[256];
  va_list Args;
  va_start(Args, Spec);
  int Needed = std::vsnprintf(Small, sizeof(Small), Spec, Args);
  va_end(Args);
  if (Needed < 0)
    return;
  if (static_cast<size_t>(Needed) < sizeof(Small)) {
    Out.append(Small, static_cast<size_t>(Needed));
    return;
  }
  size_t Old = Out.size();
  Out.resize(Old + static_cast<size_t>(Needed) + 1);
  va_start(Args, Spec);
  std::vsnprintf(&Out[Old], static_cast<size_t>(Needed) + 1, Spec, Args);
  va_end(Args);
  Out.resize(Old + static_cast<size_t>(Needed));
}

enum class Length { None, HH, H, L, LL, Z, J, T, BigL };

bool isWide(Length Len) {
  return Len == Length::L || Len == Length::LL || Len == Length::Z || Len == Length::J ||
         Len == Length::T;
}

/// A width or precision, clamped to +-Limit (a printf field can never be
/// wider than the output it is allowed).
std::string clampedField(long long Value, size_t Limit) {
  long long Max = Limit > size_t(INT32_MAX) ? INT32_MAX : static_cast<long long>(Limit);
  if (Value > Max)
    Value = Max;
  if (Value < -Max)
    Value = -Max;
  return std::to_string(Value);
}

/// Literal digits of a width or precision, saturating.
long long readDigits(const char *&P) {
  long long Value = 0;
  while (*P >= '0' && *P <= '9') {
    if (Value < INT32_MAX)
      Value = Value * 10 + (*P - '0');
    ++P;
  }
  return Value;
}

} // namespace

int formatDevicePrintf(const char *Format, const void *Packed, std::string &Out) {
  return formatDevicePrintf(Format, Packed, Out, SIZE_MAX);
}

int formatDevicePrintf(const char *Format, const void *Packed, std::string &Out, size_t Limit) {
  if (!Format)
    return -1;
  ArgReader Args(static_cast<const unsigned char *>(Packed));
  const char *P = Format;
  const size_t Start = Out.size();
  while (*P) {
    if (Out.size() - Start >= Limit) {
      // The call's output is full (cudaLimitPrintfFifoSize): the rest is
      // dropped, as CUDA drops what does not fit its FIFO.
      Out.resize(Start + Limit);
      break;
    }
    if (*P != '%') {
      const char *Next = std::strchr(P, '%');
      size_t Len = Next ? size_t(Next - P) : std::strlen(P);
      Out.append(P, Len);
      P += Len;
      continue;
    }
    const char *SpecStart = P++;
    if (*P == '%') {
      Out.push_back('%');
      ++P;
      continue;
    }
    // Rebuild a host printf spec without the length modifier and with '*'
    // resolved, then format one value with it.
    std::string Spec = "%";
    while (*P && std::strchr("-+ #0", *P))
      Spec.push_back(*P++);
    bool NeedsArgs = *P == '*';
    if (NeedsArgs && !Args.valid())
      return -2;
    // Widths and precisions are clamped to what the output may hold, so
    // printf("%*d", 2000000000, x) formats a bounded field.
    if (*P == '*') {
      Spec += clampedField(Args.read<int32_t>(), Limit);
      ++P;
    } else if (*P >= '0' && *P <= '9') {
      Spec += clampedField(readDigits(P), Limit);
    }
    if (*P == '.') {
      Spec.push_back(*P++);
      if (*P == '*') {
        if (!Args.valid())
          return -2;
        Spec += clampedField(Args.read<int32_t>(), Limit);
        ++P;
      } else {
        Spec += clampedField(readDigits(P), Limit);
      }
    }
    Length Len = Length::None;
    if (P[0] == 'h' && P[1] == 'h') {
      Len = Length::HH;
      P += 2;
    } else if (P[0] == 'l' && P[1] == 'l') {
      Len = Length::LL;
      P += 2;
    } else if (*P == 'h') {
      Len = Length::H;
      ++P;
    } else if (*P == 'l') {
      Len = Length::L;
      ++P;
    } else if (*P == 'z') {
      Len = Length::Z;
      ++P;
    } else if (*P == 'j') {
      Len = Length::J;
      ++P;
    } else if (*P == 't') {
      Len = Length::T;
      ++P;
    } else if (*P == 'L') {
      Len = Length::BigL;
      ++P;
    }
    char Conversion = *P;
    if (!Conversion || !std::strchr("diuxXocspfFeEgGaAn", Conversion)) {
      // Not a conversion CUDA knows: print the text as written.
      Out.append(SpecStart, size_t(P - SpecStart));
      continue;
    }
    ++P;
    if (!Args.valid())
      return -2;
    switch (Conversion) {
    case 'd':
    case 'i':
      if (isWide(Len)) {
        Spec += "ll";
        Spec.push_back(Conversion);
        appendf(Out, Spec.c_str(), static_cast<long long>(Args.read<int64_t>()));
      } else {
        int32_t V = Args.read<int32_t>();
        if (Len == Length::HH)
          V = static_cast<signed char>(V);
        else if (Len == Length::H)
          V = static_cast<short>(V);
        Spec.push_back(Conversion);
        appendf(Out, Spec.c_str(), static_cast<int>(V));
      }
      break;
    case 'u':
    case 'x':
    case 'X':
    case 'o':
      if (isWide(Len)) {
        Spec += "ll";
        Spec.push_back(Conversion);
        appendf(Out, Spec.c_str(), static_cast<unsigned long long>(Args.read<uint64_t>()));
      } else {
        uint32_t V = Args.read<uint32_t>();
        if (Len == Length::HH)
          V = static_cast<unsigned char>(V);
        else if (Len == Length::H)
          V = static_cast<unsigned short>(V);
        Spec.push_back(Conversion);
        appendf(Out, Spec.c_str(), static_cast<unsigned>(V));
      }
      break;
    case 'c':
      Spec.push_back('c');
      appendf(Out, Spec.c_str(), static_cast<int>(static_cast<unsigned char>(Args.read<int32_t>())));
      break;
    case 's': {
      const char *Str = reinterpret_cast<const char *>(Args.read<uint64_t>());
      Spec.push_back('s');
      appendf(Out, Spec.c_str(), Str ? Str : "(null)");
      break;
    }
    case 'p':
      Spec.push_back('p');
      appendf(Out, Spec.c_str(), reinterpret_cast<void *>(Args.read<uint64_t>()));
      break;
    case 'n':
      // Writing through a device pointer from printf is not supported by
      // CUDA either; the argument is consumed and nothing is written.
      Args.read<uint64_t>();
      break;
    default: // floating point; float arrives promoted to double
      Spec.push_back(Conversion);
      appendf(Out, Spec.c_str(), Args.read<double>());
      break;
    }
  }
  if (Out.size() - Start > Limit)
    Out.resize(Start + Limit);
  return Args.count();
}

} // namespace loom

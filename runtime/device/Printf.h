// Printf.h - formats device printf calls from the format string and the packed argument buffer.
// SPDX-License-Identifier: Apache-2.0
#ifndef LOOM_RUNTIME_DEVICE_PRINTF_H
#define LOOM_RUNTIME_DEVICE_PRINTF_H

#include <cstddef>
#include <string>

namespace loom {

/// Appends the formatted text to \p Out. The packed buffer holds each
/// argument after default promotions (char/short -> int, float -> double) at
/// an offset aligned to its size: 4 bytes for int-sized values, 8 for
/// long/long long/size_t/pointers/doubles. Supports %d %i %u %x %X %o %c %s
/// %p %f %F %e %E %g %G %a %A %%, flags "-+ #0", width and precision
/// (including '*') and the length modifiers hh h l ll z j t L.
/// Returns the number of arguments consumed (CUDA's printf return value),
/// -1 for a null format, -2 if arguments are needed but \p Packed is null.
int formatDevicePrintf(const char *Format, const void *Packed, std::string &Out);
/// The same, with at most \p Limit bytes appended (cudaLimitPrintfFifoSize):
/// widths and precisions are clamped to \p Limit before formatting, and
/// what does not fit is dropped.
int formatDevicePrintf(const char *Format, const void *Packed, std::string &Out, size_t Limit);

} // namespace loom

#endif // LOOM_RUNTIME_DEVICE_PRINTF_H

//===- DeviceLink.h - relocatable device code (-rdc) in objects -------------===//
// SPDX-License-Identifier: Apache-2.0
//
// With -rdc/-dc, a .cu file's device code is not compiled on its own: its
// NVPTX bitcode travels inside the host object as an llvm::object::
// OffloadBinary (kind bitcode, offload kind CUDA) in LOOM_RDC_SECTION, the
// section clang's offloading driver uses, so that `ld -r` and `ar` keep
// every image readable and LLVM's tools (llvm-objdump --offloading) can list
// them; the section is excluded from final links. The device link
// (loomcc's link step, or -dlink) collects the blobs of all inputs, links
// them into one module and compiles that with Loom's kernel pipeline. Its
// object carries LOOM_RDC_LINKED_SECTION so a later loomcc link does not
// device-link the same objects twice.
#ifndef LOOM_LOOMCC_DEVICELINK_H
#define LOOM_LOOMCC_DEVICELINK_H

#include <functional>
#include <string>
#include <vector>

#define LOOM_RDC_SECTION ".llvm.offloading"
#define LOOM_RDC_LINKED_SECTION ".loom_rdc_linked"

namespace loomcc {

/// Writes a host object holding \p BitcodePath as an OffloadBinary in
/// LOOM_RDC_SECTION. \p TargetTriple: the object's CPU (loomcc --target),
/// empty for this one.
bool embedDeviceBitcode(const std::string &BitcodePath, const std::string &ObjectPath,
                        const std::string &TargetTriple = "");

/// Writes a host object holding only the LOOM_RDC_LINKED_SECTION marker.
bool writeDeviceLinkMarker(const std::string &ObjectPath, const std::string &TargetTriple = "");

struct RdcScan {
  std::vector<std::string> BitcodeFiles; // one per embedded blob, in input order
  bool AlreadyLinked = false;            // an input is a device-link object
};

/// Reads the device bitcode embedded in \p Path (an object or a static
/// archive); each blob is written to a file named by \p NewFile. Inputs
/// without Loom sections (other objects, shared libraries) are skipped.
/// Returns false after printing an error for a malformed input.
bool scanForDeviceCode(const std::string &Path,
                       const std::function<std::string()> &NewFile, RdcScan &Out);

} // namespace loomcc

#endif

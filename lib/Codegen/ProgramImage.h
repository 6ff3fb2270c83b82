//===- ProgramImage.h - compiled programs as bytes --------------*- C++ -*-===//
//
// A backend saves a compiled program as an image (its code and what its
// host side replays) that a later process loads instead of compiling
// (Backend::saveProgram, docs/RELIABILITY.md, "Whole programs"). Images are
// sequences of little-endian 64-bit integers and length-prefixed byte
// strings; the reader checks every length against what is left, so a
// damaged image is a failed read, never a read past its end.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_CODEGEN_PROGRAMIMAGE_H
#define LEGATO_CODEGEN_PROGRAMIMAGE_H

#include "Analysis/KernelStats.h"

#include "llvm/Support/Endian.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace legato::codegen {

class ImageWriter {
public:
  void integer(uint64_t value) {
    char bytes[8];
    llvm::support::endian::write64le(bytes, value);
    image.append(bytes, 8);
  }
  void bytes(std::string_view data) {
    integer(data.size());
    image.append(data);
  }
  void stats(const mlir::legato::KernelStats &s) {
    integer(uint64_t(s.kernels));
    integer(uint64_t(s.bytesMoved));
    integer(uint64_t(s.temporaryBytes));
  }
  std::string take() { return std::move(image); }

private:
  std::string image;
};

/// Reads what an ImageWriter wrote, in the same order. After a read past the
/// end every read yields 0 or "" and ok() is false.
class ImageReader {
public:
  explicit ImageReader(std::string_view image) : rest(image) {}

  uint64_t integer() {
    if (rest.size() < 8)
      return fail();
    uint64_t value = llvm::support::endian::read64le(rest.data());
    rest.remove_prefix(8);
    return value;
  }
  std::string_view bytes() {
    uint64_t size = integer();
    if (size > rest.size())
      return fail(), std::string_view();
    std::string_view data = rest.substr(0, size);
    rest.remove_prefix(size);
    return data;
  }
  mlir::legato::KernelStats stats() {
    mlir::legato::KernelStats s;
    s.kernels = int64_t(integer());
    s.bytesMoved = int64_t(integer());
    s.temporaryBytes = int64_t(integer());
    return s;
  }
  /// A read went past the end (loops over a count read from the image stop
  /// at it).
  bool failed() const { return !good; }
  /// Every read succeeded and the whole image was read.
  bool ok() const { return good && rest.empty(); }

private:
  uint64_t fail() {
    good = false;
    rest = {};
    return 0;
  }
  std::string_view rest;
  bool good = true;
};

} // namespace legato::codegen

#endif // LEGATO_CODEGEN_PROGRAMIMAGE_H

//===- BuildId.h - which build of legato is running -------------*- C++ -*-===//
//
// Whole compiled programs in the compile cache are valid only for the build
// of the compiler that made them: any change to a pass may change the code.
// The GNU build ID that the linker writes into liblegato.so (a hash of its
// contents) names that build.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_RUNTIME_BUILDID_H
#define LEGATO_RUNTIME_BUILDID_H

#include <string>

namespace legato::runtime {

/// The GNU build ID (lower-case hex, as `readelf -n` prints it) of the
/// loaded ELF object that holds this code: liblegato.so, or the executable
/// it is linked into. Empty when that object has none.
const std::string &libraryBuildId();

} // namespace legato::runtime

#endif // LEGATO_RUNTIME_BUILDID_H

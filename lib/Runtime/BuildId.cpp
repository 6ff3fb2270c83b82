//===- BuildId.cpp - the GNU build ID of the object holding this code -----===//
//
// dl_iterate_phdr lists the loaded objects with their program headers; the
// one whose PT_LOAD segments contain this function's address is ours, and its
// PT_NOTE segments hold the NT_GNU_BUILD_ID note (owner "GNU").
//
//===----------------------------------------------------------------------===//
#include "Runtime/BuildId.h"

#include "llvm/ADT/StringExtras.h"

#include <cstdint>
#include <cstring>
#include <elf.h>
#include <link.h>

namespace legato::runtime {

namespace {

struct Search {
  uintptr_t address;
  std::string id;
};

/// The build ID among the notes of `size` bytes at `notes`, or "".
std::string buildIdNote(const char *notes, size_t size) {
  size_t at = 0;
  auto align4 = [](size_t n) { return (n + 3) & ~size_t(3); };
  while (at + sizeof(ElfW(Nhdr)) <= size) {
    ElfW(Nhdr) header;
    std::memcpy(&header, notes + at, sizeof header);
    size_t name = at + sizeof header, desc = name + align4(header.n_namesz);
    if (desc + header.n_descsz > size)
      return "";
    if (header.n_type == NT_GNU_BUILD_ID && header.n_namesz == 4 &&
        std::memcmp(notes + name, "GNU", 4) == 0)
      return llvm::toHex(llvm::StringRef(notes + desc, header.n_descsz), /*LowerCase=*/true);
    at = desc + align4(header.n_descsz);
  }
  return "";
}

int visit(dl_phdr_info *info, size_t, void *data) {
  auto *search = static_cast<Search *>(data);
  bool ours = false;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &segment = info->dlpi_phdr[i];
    uintptr_t start = info->dlpi_addr + segment.p_vaddr;
    if (segment.p_type == PT_LOAD && search->address >= start &&
        search->address < start + segment.p_memsz)
      ours = true;
  }
  if (!ours)
    return 0; // next object
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &segment = info->dlpi_phdr[i];
    if (segment.p_type == PT_NOTE && search->id.empty())
      search->id = buildIdNote(reinterpret_cast<const char *>(info->dlpi_addr + segment.p_vaddr),
                               segment.p_memsz);
  }
  return 1; // found: stop
}

} // namespace

const std::string &libraryBuildId() {
  static const std::string id = [] {
    Search search{reinterpret_cast<uintptr_t>(&libraryBuildId), ""};
    dl_iterate_phdr(visit, &search);
    return search.id;
  }();
  return id;
}

} // namespace legato::runtime

//===- cli.h - The examples' command lines --------------------------------===//
//
// Every example takes a few whole numbers as positional arguments, each with
// a default. `--help` prints the usage and exits 0; a value that is not a
// whole number in range, an unknown option or an extra argument prints what
// is wrong and exits 2, as command-line tools do. Parse before creating the
// legato::Runtime: asking for help starts nothing.
//
//   cli::Arg n{"n", "options to price", 1 << 20};
//   cli::parse(argc, argv, "Prices n European options.", {&n});
//   ... n.value ...
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_EXAMPLES_CLI_H
#define LEGATO_EXAMPLES_CLI_H

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>

namespace cli {

/// One positional argument: a whole number in [least, most].
struct Arg {
  const char *name;
  const char *meaning;
  int64_t value; ///< the default, replaced by the argument when given
  int64_t least = 1;
  int64_t most = INT_MAX; // (loop counts are ints)
};

namespace detail {
inline std::string program(char **argv) {
  const char *slash = std::strrchr(argv[0], '/');
  return slash ? slash + 1 : argv[0];
}

inline void printUsage(std::FILE *to, const std::string &name, std::initializer_list<Arg *> args) {
  std::fprintf(to, "usage: %s", name.c_str());
  for (const Arg *a : args)
    std::fprintf(to, " [%s]", a->name);
  std::fprintf(to, "\n");
}

[[noreturn]] inline void fail(const std::string &name, std::initializer_list<Arg *> args,
                              const std::string &why) {
  std::fprintf(stderr, "%s: %s\n", name.c_str(), why.c_str());
  printUsage(stderr, name, args);
  std::fprintf(stderr, "(%s --help says more)\n", name.c_str());
  std::exit(2);
}
} // namespace detail

/// Reads `args` from argv in order (each may be left out, from the last);
/// exits 0 after --help, 2 after a bad argument.
inline void parse(int argc, char **argv, const char *about, std::initializer_list<Arg *> args) {
  std::string name = detail::program(argv);
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--help") || !std::strcmp(argv[i], "-h")) {
      detail::printUsage(stdout, name, args);
      std::printf("\n%s\n\narguments:\n", about);
      for (const Arg *a : args)
        std::printf("  %-8s %s (default %lld, at least %lld)\n", a->name, a->meaning,
                    (long long)a->value, (long long)a->least);
      std::printf("\nenvironment: LEGATO_MODE=eager|lazy, LEGATO_BACKEND=cpu|cuda, "
                  "LEGATO_THREADS=N (README.md lists the rest);\n"
                  "under `mpirun -n N` the arrays are split over N ranks.\n");
      std::exit(0);
    }
  auto isNumber = [](const char *text, long long &v) {
    char *end = nullptr;
    errno = 0;
    v = std::strtoll(text, &end, 10);
    return end != text && *end == '\0' && errno != ERANGE;
  };
  long long v = 0;
  for (int i = 1; i < argc; ++i) // ("-5" is a number, out of range below)
    if (argv[i][0] == '-' && !isNumber(argv[i], v))
      detail::fail(name, args, "unknown option '" + std::string(argv[i]) + "'");
  if (argc - 1 > int(args.size()))
    detail::fail(name, args, "unexpected argument '" + std::string(argv[args.size() + 1]) + "'");
  int i = 1;
  for (Arg *a : args) {
    if (i >= argc)
      break;
    const char *text = argv[i++];
    if (!isNumber(text, v) || v < a->least || v > a->most)
      detail::fail(name, args,
                   std::string(a->name) + " must be a whole number from " +
                       std::to_string(a->least) + " to " + std::to_string(a->most) +
                       ", not '" + text + "'");
    a->value = v;
  }
}

} // namespace cli

#endif // LEGATO_EXAMPLES_CLI_H

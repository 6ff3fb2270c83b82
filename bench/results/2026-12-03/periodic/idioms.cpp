// Bytes a rank sends for each of a few NumPy idioms over a 64 x 64 array
// split in row blocks, one idiom at a time between flushes; rank 0 prints.
// Usage: mpirun -n 2 idioms
// (bench/results/2026-12-03/periodic/README.txt: the output with the libraries
// before and after a719365 is idioms.txt).
#include <legato/legato.h>
#include <cstdio>
#include <functional>
using legato::Array; using legato::slice; using legato::none; using legato::all;
int main(int argc, char **argv) {
  legato::Runtime rt(argc, argv);
  const int64_t n = 64;
  std::vector<std::pair<const char *, std::function<Array(Array)>>> cases = {
    {"reverse u[::-1] + u", [](Array u) { return u[{slice(none, none, -1)}] + u; }},
    {"diff axis0", [](Array u) { return u[{slice(1, none)}] - u[{slice(none, -1)}]; }},
    {"periodic BC assign", [](Array u) { Array v = u * 1.0; v[{slice(-1, none)}] = v[{slice(1, 2)}]; v[{slice(0, 1)}] = v[{slice(-2, -1)}]; return v; }},
    {"x[0]+x[-1] bcast", [](Array u) { return u + (u[{0}] + u[{-1}]); }},
    {"u + u.T", [](Array u) { return u + legato::transpose(u); }},
    {"strided u[::2]", [](Array u) { return u[{slice(none, none, 2)}] * 2.0; }},
    {"center minus mean0", [](Array u) { return u - legato::mean(u, {0}, true); }},
    {"pad then slice", [](Array u) { Array p = legato::pad(u, {{1, 1}, {0, 0}}); return p[{slice(2, none)}] + p[{slice(none, -2)}]; }},
  };
  for (auto &[name, f] : cases) {
    Array u = legato::random({n, n}, legato::f64, 3);
    legato::flush();
    legato::reset_stats();
    Array r = f(u);
    legato::flush();
    legato::Stats st = legato::stats();
    double s = legato::sum(r * r).item<double>();
    if (rt.rank() == 0) std::printf("%-22s bytes_sent %7lld (rows %5.1f) collectives %lld checksum %.12g\n", name, (long long)st.bytes_sent, st.bytes_sent / (n * 8.0), (long long)st.collectives, s);
  }
}

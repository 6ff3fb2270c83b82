// A periodic 5-point smoothing step, np.roll written as concatenations of
// slices (legato::roll builds the same ops; the library before a719365, one
// side of the comparison, has no legato::roll), in a jit function;
// prints, on rank 0, the median milliseconds per step over `reps` timed
// loops of `steps` steps, the bytes this rank sent per step, and a checksum.
// Usage: periodic N STEPS REPS  (under mpirun for several ranks)
#include <legato/legato.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using legato::all;
using legato::Array;
using legato::none;
using legato::slice;

Array roll(const Array &a, int shift, int axis) {
  auto part = [&](legato::Slice s) { return axis == 0 ? a[{s, all}] : a[{all, s}]; };
  if (shift == 1)
    return legato::concatenate({part(slice(-1, none)), part(slice(none, -1))}, axis);
  return legato::concatenate({part(slice(1, none)), part(slice(none, 1))}, axis);
}

int main(int argc, char **argv) {
  legato::Runtime rt(argc, argv);
  int64_t n = argc > 1 ? std::atoll(argv[1]) : 1024;
  int steps = argc > 2 ? std::atoi(argv[2]) : 20;
  int reps = argc > 3 ? std::atoi(argv[3]) : 5;
  auto step = legato::jit([](const Array &u) {
    return 0.2 * (u + roll(u, 1, 0) + roll(u, -1, 0) + roll(u, 1, 1) + roll(u, -1, 1));
  });
  Array u = legato::random({n, n}, legato::f64, 1);
  u = step(u); // compile
  legato::sum(u).item<double>();
  std::vector<double> ms;
  legato::reset_stats();
  for (int r = 0; r < reps; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < steps; ++i)
      u = step(u);
    legato::sum(u).item<double>(); // waits for the steps
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                     .count() / steps);
  }
  legato::Stats st = legato::stats();
  double checksum = legato::sum(u * u).item<double>();
  std::sort(ms.begin(), ms.end());
  if (rt.rank() == 0)
    std::printf("ranks %d n %lld: %.3f ms per step, %.0f bytes sent per step, %.1f kernels per "
                "step, checksum %.17g\n",
                rt.size(), (long long)n, ms[ms.size() / 2],
                double(st.bytes_sent) / (reps * steps), double(st.kernels) / (reps * steps),
                checksum);
}

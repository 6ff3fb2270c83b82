// The survey of docs/DISTRIBUTED.md ("Limits"): for each of 64 functions,
// the bytes each rank sends computing it (lazy, flushed) from new 600 x 400
// f64 arrays (row blocks, or mesh blocks with LEGATO_MESH_ROWS); one line
// per rank: rank, function, bytes, bytes / (array bytes / ranks),
// collectives, kernels. run.sh there builds and runs it.
#include <legato/legato.h>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>
using namespace legato;
int main(int argc, char **argv) {
  Runtime rt(argc, argv);
  const int64_t n = 600, m = 400;
  Array a = random({n, m}, f64, 1), b = random({n, m}, f64, 2);
  Array v = random({n}, f64, 3), w = random({m}, f64, 4);
  Array sq = random({m, m}, f64, 5);
  flush();
  std::vector<std::pair<std::string, std::function<Array()>>> cases = {
      {"a+b", [&] { return a + b; }},
      {"sum(a)", [&] { return sum(a); }},
      {"sum(a,0)", [&] { return sum(a, {0}); }},
      {"sum(a,1)", [&] { return sum(a, {1}); }},
      {"mean(a*2)", [&] { return mean(a * 2.0); }},
      {"var(a,0)", [&] { return var(a, {0}); }},
      {"std(a)", [&] { return legato::std(a); }},
      {"argmax(a)", [&] { return argmax(a); }},
      {"argmax(a,0)", [&] { return argmax(a, 0); }},
      {"a@w", [&] { return matmul(a, w); }},
      {"v@a", [&] { return matmul(v, a); }},
      {"a@sq", [&] { return matmul(a, sq); }},
      {"a.T@a", [&] { return matmul(transpose(a), a); }},
      {"transpose(a)", [&] { return transpose(a); }},
      {"sum(transpose(a)*2)", [&] { return sum(transpose(a) * 2.0); }},
      {"roll(a,1,0)", [&] { return roll(a, 1, 0); }},
      {"roll(a,1,1)", [&] { return roll(a, 1, 1); }},
      {"roll(a,3)", [&] { return roll(a, 3); }},
      {"sum(roll(a,1,0)*2)", [&] { return sum(roll(a, 1, 0) * 2.0); }},
      {"flip(a,0)", [&] { return flip(a, 0); }},
      {"flip(a,1)", [&] { return flip(a, 1); }},
      {"sum(flip(a,0)*2)", [&] { return sum(flip(a, 0) * 2.0); }},
      {"flip(a,0)+a", [&] { return flip(a, 0) + a; }},
      {"a[::2]", [&] { return a[{slice(none, none, 2)}]; }},
      {"sum(a[::2]*2)", [&] { return sum(a[{slice(none, none, 2)}] * 2.0); }},
      {"a[1:-1]-a[:-2]", [&] { return a[{slice(1, -1)}] - a[{slice(none, -2)}]; }},
      {"pad(a,1)", [&] { return pad(a, {{1, 1}, {1, 1}}); }},
      {"sum(pad(a)*2)", [&] { return sum(pad(a, {{1, 1}, {1, 1}}) * 2.0); }},
      {"concat(a,b,0)", [&] { return concatenate({a, b}, 0); }},
      {"concat(a,b,1)", [&] { return concatenate({a, b}, 1); }},
      {"sum(concat(a,b,0)*2)", [&] { return sum(concatenate({a, b}, 0) * 2.0); }},
      {"stack(a,b)", [&] { return stack({a, b}, 0); }},
      {"stack(a,b,1)", [&] { return stack({a, b}, 1); }},
      {"sum(stack(a,b)*2)", [&] { return sum(stack({a, b}, 0) * 2.0); }},
      {"reshape(a,n*m)", [&] { return reshape(a, {n * m}); }},
      {"reshape(a,2n,m/2)", [&] { return reshape(a, {2 * n, m / 2}); }},
      {"reshape(a,n/2,2m)", [&] { return reshape(a, {n / 2, 2 * m}); }},
      {"reshape(a,m,n)", [&] { return reshape(a, {m, n}); }},
      {"sum(reshape(a,m,n)*2)", [&] { return sum(reshape(a, {m, n}) * 2.0); }},
      {"tile(a,2,1)", [&] { return tile(a, {2, 1}); }},
      {"tile(a,1,2)", [&] { return tile(a, {1, 2}); }},
      {"repeat(a,2,0)", [&] { return repeat(a, 2, 0); }},
      {"repeat(a,2,1)", [&] { return repeat(a, 2, 1); }},
      {"repeat(a,2)", [&] { return repeat(a, 2); }},
      {"diff(a,1,0)", [&] { return diff(a, 1, 0); }},
      {"diff(a,1,1)", [&] { return diff(a, 1, 1); }},
      {"where(a>b,a,b)", [&] { return where(a > b, a, b); }},
      {"a*v[:,None]", [&] { return a * reshape(v, {n, 1}); }},
      {"a*w", [&] { return a * w; }},
      {"expand_dims(a,0)", [&] { return expand_dims(a, 0); }},
      {"swapaxes", [&] { return swapaxes(a, 0, 1); }},
      {"diagonal(sq)", [&] { return diagonal(sq); }},
      {"trace(sq)", [&] { return trace(sq); }},
      {"norm(a)", [&] { return norm(a); }},
      {"outer(v,w)", [&] { return outer(v, w); }},
      {"dot(v,v)", [&] { return dot(v, v); }},
      {"cov(a)", [&] { return cov(a); }},
      {"a[-1]", [&] { return a[{int64_t(-1)}]; }},
      {"a[:,0]", [&] { return a[{all, int64_t(0)}]; }},
      {"sum(a[:,0])", [&] { return sum(a[{all, int64_t(0)}]); }},
      {"clip(a)", [&] { return clip(a, 0.2, 0.8); }},
      {"isclose(a,b)", [&] { return isclose(a, b); }},
      {"meshgrid", [&] { return meshgrid({v, w})[0]; }},
  };
  int64_t block = n * m * 8 / rt.size();
  for (auto &[name, f] : cases) {
    reset_stats();
    Array r = f();
    flush();
    Stats s = stats();
    printf("%d %-24s sent %10ld (%.2f blocks) coll %ld kernels %ld\n", rt.rank(), name.c_str(), s.bytes_sent,
             double(s.bytes_sent) / double(block), s.collectives, s.kernels);
  }
}

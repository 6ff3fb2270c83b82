//===- Shrinker.cpp - Delta debugging of a failing program -----------------===//
#include "Shrinker.h"

#include "Analysis.h"
#include "OpenBugs.h"

#include <algorithm>
#include <iostream>
#include <map>
#include <set>
#include <tuple>

namespace legato_fuzz {

namespace {

/// Variables a statement reads (setitem also "reads" its target).
std::vector<int> uses(const Statement &s) {
  std::vector<int> vars;
  for (const Operand &o : s.args)
    if (!o.isScalar())
      vars.push_back(o.var);
  if (s.kind == Statement::Kind::setitem)
    vars.push_back(s.target);
  return vars;
}

/// `p` without statement `first` .. `last` and everything that depends on
/// the variables they define.
Program withoutStatements(const Program &p, size_t first, size_t last) {
  Program out = p;
  out.statements.clear();
  std::set<int> removed;
  for (size_t i = 0; i < p.statements.size(); ++i) {
    const Statement &s = p.statements[i];
    bool drop = i >= first && i <= last;
    for (int v : uses(s))
      drop = drop || removed.count(v);
    if (drop) {
      if (s.kind == Statement::Kind::let)
        removed.insert(s.target);
      continue;
    }
    out.statements.push_back(s);
  }
  return out;
}

/// The input values of `in` restricted to the first `size` entries of `axis`.
Input sliceInput(const Input &in, size_t axis, int64_t size) {
  Input out = in;
  out.shape[axis] = size;
  out.values.clear();
  int64_t total = numElements(in.shape);
  for (int64_t flat = 0; flat < total; ++flat) {
    int64_t rest = flat, coordinate = 0;
    for (size_t d = in.shape.size(); d-- > 0;) {
      int64_t c = rest % in.shape[d];
      rest /= in.shape[d];
      if (d == axis)
        coordinate = c;
    }
    if (coordinate < size)
      out.values.push_back(in.values[size_t(flat)]);
  }
  return out;
}

bool usesVariable(const Program &p, int var) {
  for (const Statement &s : p.statements)
    for (int v : uses(s))
      if (v == var)
        return true;
  return false;
}

/// Candidates one step smaller than `p`, most aggressive first.
std::vector<Program> candidates(const Program &p, bool avoidOpenBugs) {
  std::vector<Program> out;
  size_t n = p.statements.size();
  for (size_t chunk = std::max<size_t>(n / 2, 1); chunk >= 1; chunk /= 2) {
    for (size_t first = 0; first < n; first += chunk)
      out.push_back(withoutStatements(p, first, std::min(first + chunk, n) - 1));
    if (chunk == 1)
      break;
  }
  for (size_t i = 0; i < n; ++i) {
    const Statement &s = p.statements[i];
    for (size_t k = 0; k < s.index.size(); ++k) {
      IndexEntry whole; // ::1
      if (k + 1 == s.index.size()) {
        Program q = p;
        q.statements[i].index.pop_back();
        out.push_back(q);
      }
      if (!s.index[k].isInteger && (s.index[k].start || s.index[k].stop || s.index[k].step != 1)) {
        Program q = p;
        q.statements[i].index[k] = whole;
        out.push_back(q);
        for (int part = 0; part < 3; ++part) {
          Program r = p;
          IndexEntry &e = r.statements[i].index[k];
          if (part == 0)
            e.start.reset();
          if (part == 1)
            e.stop.reset();
          if (part == 2)
            e.step = e.step < 0 ? -1 : 1;
          out.push_back(r);
        }
      }
    }
    if (s.kind == Statement::Kind::let && s.op != "concatenate")
      for (size_t k = 0; k < s.ints.size() && (s.op == "sum" || s.op == "prod" || s.op == "max" ||
                                               s.op == "min" || s.op == "mean");
           ++k) {
        Program q = p;
        q.statements[i].ints.erase(q.statements[i].ints.begin() + long(k));
        out.push_back(q);
      }
    if (s.keepdims) {
      Program q = p;
      q.statements[i].keepdims = false;
      out.push_back(q);
    }
    if (!s.lengths.empty()) { // np.fft's default n / s
      Program q = p;
      q.statements[i].lengths.clear();
      out.push_back(q);
    }
    if (s.norm != legato::fft::Norm::backward) {
      Program q = p;
      q.statements[i].norm = legato::fft::Norm::backward;
      out.push_back(q);
    }
  }
  for (size_t i = 0; i < p.inputs.size(); ++i)
    if (!usesVariable(p, int(i))) {
      Program q = p;
      q.inputs.erase(q.inputs.begin() + long(i));
      // Variables above i move down by one.
      auto shift = [&](int &v) {
        if (v > int(i))
          --v;
      };
      for (Statement &s : q.statements) {
        if (s.target >= 0)
          shift(s.target);
        for (Operand &o : s.args)
          if (!o.isScalar())
            shift(o.var);
      }
      out.push_back(q);
    }
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    const Input &in = p.inputs[i];
    for (size_t d = 0; d < in.shape.size(); ++d)
      for (int64_t size : {int64_t(1), in.shape[d] - 1})
        if (size >= 1 && size < in.shape[d]) {
          Program q = p;
          q.inputs[i] = sliceInput(in, d, size);
          out.push_back(q);
        }
  }
  for (size_t i = 0; i < p.inputs.size(); ++i) {
    const Input &in = p.inputs[i];
    for (double simple : {0.0, 1.0}) {
      Program q = p;
      std::fill(q.inputs[i].values.begin(), q.inputs[i].values.end(), simple);
      out.push_back(q);
    }
    if (in.values.size() <= 8)
      for (size_t k = 0; k < in.values.size(); ++k)
        for (double simple : {0.0, 1.0}) {
          Program q = p;
          q.inputs[i].values[k] = simple;
          out.push_back(q);
        }
  }
  std::vector<Program> valid;
  std::string self = printProgram(p);
  std::set<std::string> seen;
  for (Program &q : out)
    if (!checkProgram(q) && seen.insert(printProgram(q)).second && printProgram(q) != self &&
        !(avoidOpenBugs && matchesOpenBug(q)))
      valid.push_back(std::move(q));
  return valid;
}

/// Smaller is better: statements, inputs, elements, then how complicated
/// indices and attributes are, then input values other than 0 and 1, then
/// non-zero values. Every accepted candidate is strictly smaller, so
/// shrinking ends.
std::tuple<size_t, size_t, int64_t, int64_t, int64_t, int64_t> size(const Program &p) {
  int64_t elements = 0, unusual = 0, nonzero = 0, complexity = 0;
  for (const Input &in : p.inputs) {
    elements += numElements(in.shape);
    for (double v : in.values) {
      unusual += v != 0 && v != 1;
      nonzero += v != 0;
    }
  }
  for (const Statement &s : p.statements) {
    complexity += int64_t(s.ints.size()) + s.keepdims + int64_t(s.lengths.size()) +
                  (s.norm != legato::fft::Norm::backward);
    for (const IndexEntry &e : s.index)
      complexity +=
          1 + bool(e.start) + bool(e.stop) + (e.step != 1 && e.step != -1) + (e.step == -1);
  }
  return {p.statements.size(), p.inputs.size(), elements, complexity, unusual, nonzero};
}

} // namespace

Program renumber(const Program &p) {
  Program out = p;
  std::map<int, int> ids;
  for (size_t i = 0; i < p.inputs.size(); ++i)
    ids[int(i)] = int(i);
  int next = int(p.inputs.size());
  for (Statement &s : out.statements) {
    for (Operand &o : s.args)
      if (!o.isScalar())
        o.var = ids.at(o.var);
    if (s.kind == Statement::Kind::let)
      s.target = ids[s.target] = next++;
    else if (s.kind == Statement::Kind::setitem)
      s.target = ids.at(s.target);
  }
  return out;
}

Program shrinkProgram(const Program &program, RunMode mode, std::string &description,
                      const DriverOptions &options) {
  DriverOptions one = options;
  one.modes = {mode};
  std::string category = verdictCategory(description);
  Program current = program;
  // Shrinking an open bug's program may stay on that bug; others keep away.
  bool avoid = options.avoidOpenBugs && !matchesOpenBug(program);
  for (int round = 0; round < 60; ++round) {
    std::vector<Program> tries = candidates(current, avoid);
    if (tries.empty())
      break;
    std::vector<Verdict> verdicts = runBatch(tries, one);
    int best = -1;
    for (size_t i = 0; i < tries.size(); ++i) {
      auto it = verdicts[i].find(mode);
      if (it == verdicts[i].end() || verdictCategory(it->second) != category)
        continue;
      if (!(size(tries[i]) < size(current)))
        continue;
      if (best < 0 || size(tries[i]) < size(tries[size_t(best)]))
        best = int(i);
    }
    if (best < 0)
      break;
    current = tries[size_t(best)];
    description = verdicts[size_t(best)][mode];
    std::cerr << "  shrink round " << round + 1 << ": " << current.statements.size()
              << " statements, " << current.inputs.size() << " inputs\n";
  }
  return renumber(current);
}

} // namespace legato_fuzz

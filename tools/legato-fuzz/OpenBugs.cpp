//===- OpenBugs.cpp - Known open compiler bugs the generator steers around ===//
#include "OpenBugs.h"

#include "Analysis.h"

#include <set>

namespace legato_fuzz {

namespace {

/// Walks a program and reports the first open bug a statement may hit.
class OpenBugFinder {
public:
  explicit OpenBugFinder(const Program &p) : analysis_(p) {}

  std::optional<std::string> find(const Program &p) {
    for (const Statement &s : p.statements) {
      if (const char *bug = check(s))
        return std::string(bug);
      if (s.kind == Statement::Kind::setitem && var(s.target) &&
          readByLet_.count(var(s.target)->storage))
        jitInplace_ = true;
      if (s.kind == Statement::Kind::let && s.op != "getitem" && s.op != "alias")
        for (const Operand &o : s.args)
          if (!o.isScalar() && var(o.var))
            readByLet_.insert(var(o.var)->storage);
      if (analysis_.apply(s))
        return std::nullopt; // not well-typed: no verdict
      if (s.kind == Statement::Kind::let && s.op == "getitem")
        if (const VarInfo *base = analysis_.find(s.args[0].var))
          if (selectsScalar(base->shape, s.index)) {
            scalarReads_.insert(base->storage);
            scalarReads_.insert(analysis_.find(s.target)->storage);
          }
    }
    return std::nullopt;
  }

private:
  const VarInfo *var(int v) const { return analysis_.find(v); }
  bool empty(int v) const { return var(v) && numElements(var(v)->shape) == 0; }

  const char *check(const Statement &s) const {
    // open/scalar-index-view: an all-integer index (x[1, 2], or x[()] of a
    // 0-d x) gives a NumPy scalar, a copy; legato gives a view, which later
    // writes to x change and whose own writes reach x.
    if (s.kind == Statement::Kind::setitem && var(s.target) &&
        scalarReads_.count(var(s.target)->storage))
      return "test/regressions/open/scalar-index-view";
    return nullptr;
  }

public:
  /// open/jit-inplace-update: in a jit-traced function, writing into an
  /// array whose value another result still holds (b = a.copy(), or any op
  /// the compiler folds to its operand, then a[0] = -3) updates the shared
  /// buffer in place, so b shows the write too. Lazy and eager are right.
  bool jitInplace_ = false;

private:
  Analysis analysis_;
  std::set<int> scalarReads_; ///< storages read or made by an all-integer index
  std::set<int> readByLet_;   ///< storages whose value an op has read
};

} // namespace

std::optional<std::string> matchesOpenBug(const Program &p) { return OpenBugFinder(p).find(p); }

std::optional<std::string> explainingOpenBug(const Program &p, RunMode mode) {
  OpenBugFinder finder(p);
  finder.find(p);
  if (mode == RunMode::jit && finder.jitInplace_)
    return std::string("test/regressions/open/jit-inplace-update");
  return std::nullopt;
}

} // namespace legato_fuzz

//===- Einsum.cpp - np.einsum from transposes, products and sums -----------===//
//
// Einstein summation is parsed into one list of labels per operand, then
// computed from the public primitives, so that the compiler fuses and
// places it as it would the user's own code:
//  - a label repeated within an operand ("ii") takes the diagonal: the two
//    axes moved last, merged, and sliced with stride n + 1 (no arithmetic,
//    so -0.0 stays -0.0 as in NumPy);
//  - a label no other operand and not the output holds is summed at once;
//  - operands are contracted left to right. Two operands that share no label
//    kept for later (a "batch" label) become one GEMM (tensordot) of their
//    transposed, flattened forms; otherwise a broadcast product summed over
//    the shared labels, which fuses into one reduction kernel.
// bool operands give bool, as in NumPy (OR of ANDs): they are counted in
// int64 and compared with 0.
//
//===----------------------------------------------------------------------===//
#include "API/Engine.h"
#include "API/Ops.h"
#include "API/Promotion.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

namespace legato {
using namespace detail;

namespace {

/// A letter's character code, or kEllipsis + k for the k-th (from the left)
/// of the dimensions that "..." stands for, right-aligned across operands.
using Label = int;
constexpr Label kEllipsis = 256;
using Labels = std::vector<Label>;

/// The call being evaluated, for its error messages.
struct Call {
  const std::string &subscripts;
  const std::vector<Array> &operands;

  [[noreturn]] void fail(const std::string &why) const {
    std::string shapes;
    for (const Array &a : operands)
      shapes += ", " + shapeString(a.shape());
    throw Error("legato.einsum(\"" + subscripts + "\"" + shapes + "): " + why);
  }
};

std::string labelName(Label l) {
  return l >= kEllipsis ? "... dimension " + std::to_string(l - kEllipsis)
                        : std::string("'") + char(l) + "'";
}

/// One term ("ij", "i...k"): its letters, and where "..." stands (-1: none).
struct Term {
  std::string letters;
  int ellipsisAt = -1;
};

Term parseTerm(const Call &call, const std::string &text) {
  Term term;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (std::isalpha(static_cast<unsigned char>(c))) {
      term.letters += c;
    } else if (text.compare(i, 3, "...") == 0 && term.ellipsisAt < 0) {
      term.ellipsisAt = int(term.letters.size());
      i += 2;
    } else {
      call.fail(std::string("'") + c +
                "' is not a subscript; use letters a-z, A-Z and at most one "
                "\"...\" per term");
    }
  }
  return term;
}

/// The term's labels, "..." standing for its `own` dimensions, the last
/// `own` of `all`.
Labels labelsOf(const Term &term, int own, int all) {
  Labels labels;
  for (int i = 0; i <= int(term.letters.size()); ++i) {
    if (i == term.ellipsisAt)
      for (int k = all - own; k < all; ++k)
        labels.push_back(kEllipsis + k);
    if (i < int(term.letters.size()))
      labels.push_back(Label(static_cast<unsigned char>(term.letters[size_t(i)])));
  }
  return labels;
}

/// An array with one label per axis.
struct Labelled {
  Array array;
  Labels labels;
};

int64_t axisOf(const Labels &labels, Label l) {
  return int64_t(std::find(labels.begin(), labels.end(), l) - labels.begin());
}

bool holds(const Labels &labels, Label l) {
  return std::find(labels.begin(), labels.end(), l) != labels.end();
}

/// x's axes in the order of `order` (a permutation of x's labels).
Array arranged(const Labelled &x, const Labels &order) {
  std::vector<int64_t> perm;
  for (Label l : order)
    perm.push_back(axisOf(x.labels, l));
  bool identity = true;
  for (size_t i = 0; i < perm.size(); ++i)
    identity = identity && perm[i] == int64_t(i);
  return identity ? x.array : transpose(x.array, perm);
}

/// The first two axes with the same label ("ii"), if any.
std::optional<std::pair<size_t, size_t>> repeatedLabel(const Labels &labels) {
  for (size_t p = 0; p < labels.size(); ++p)
    for (size_t q = p + 1; q < labels.size(); ++q)
      if (labels[p] == labels[q])
        return std::make_pair(p, q);
  return std::nullopt;
}

/// The diagonal of every label that x holds twice, until none is: the two
/// axes moved last, merged, and every (n + 1)-th element of them taken.
Labelled takeDiagonals(Labelled x) {
  while (auto pair = repeatedLabel(x.labels)) {
    auto [p, q] = *pair;
    std::vector<int64_t> perm;
    Labels labels;
    Shape shape;
    for (size_t i = 0; i < x.labels.size(); ++i)
      if (i != p && i != q) {
        perm.push_back(int64_t(i));
        labels.push_back(x.labels[i]);
        shape.push_back(x.array.shape()[i]);
      }
    int64_t n = x.array.shape()[p];
    perm.push_back(int64_t(p));
    perm.push_back(int64_t(q));
    labels.push_back(x.labels[p]);
    shape.push_back(n * n);
    std::vector<Index> window(shape.size() - 1, all);
    window.push_back(slice(0, n * n, n + 1));
    x = {reshape(transpose(x.array, perm), shape)[window], labels};
  }
  return x;
}

/// Sums the labels of x that `keep` does not hold.
Labelled sumUnkept(Labelled x, const Labels &keep) {
  std::vector<int64_t> axes;
  Labels kept;
  for (size_t i = 0; i < x.labels.size(); ++i)
    if (holds(keep, x.labels[i]))
      kept.push_back(x.labels[i]);
    else
      axes.push_back(int64_t(i));
  if (axes.empty())
    return x;
  return {sum(x.array, axes), kept};
}

/// x laid out along `order` (a superset of its labels): its axes arranged,
/// with size-1 axes for the labels it lacks.
Array alignedTo(const Labelled &x, const Labels &order) {
  Labels own;
  Shape shape;
  for (Label l : order)
    if (holds(x.labels, l))
      own.push_back(l);
  Array a = arranged(x, own);
  for (Label l : order)
    shape.push_back(holds(x.labels, l) ? a.shape()[size_t(axisOf(own, l))] : 1);
  return reshape(a, shape);
}

/// a and b contracted over their shared labels that `keep` does not hold.
Labelled contract(Labelled a, Labelled b, const Labels &keep) {
  Labels batch, contracted, aOnly, bOnly;
  for (Label l : a.labels)
    (holds(b.labels, l) ? (holds(keep, l) ? batch : contracted) : aOnly).push_back(l);
  for (Label l : b.labels)
    if (!holds(a.labels, l))
      bOnly.push_back(l);
  if (batch.empty() && !contracted.empty()) {
    // One GEMM: (aOnly, contracted) x (contracted, bOnly).
    std::vector<int64_t> axesA, axesB;
    for (Label l : contracted) {
      axesA.push_back(axisOf(a.labels, l));
      axesB.push_back(axisOf(b.labels, l));
    }
    Labels labels = aOnly;
    labels.insert(labels.end(), bOnly.begin(), bOnly.end());
    return {tensordot(a.array, b.array, axesA, axesB), labels};
  }
  Labels order = batch;
  order.insert(order.end(), aOnly.begin(), aOnly.end());
  order.insert(order.end(), bOnly.begin(), bOnly.end());
  Labels kept = order;
  order.insert(order.end(), contracted.begin(), contracted.end());
  Array p = alignedTo(a, order) * alignedTo(b, order);
  if (contracted.empty())
    return {p, kept};
  std::vector<int64_t> axes;
  for (size_t i = kept.size(); i < order.size(); ++i)
    axes.push_back(int64_t(i));
  return {sum(p, axes), kept};
}

} // namespace

Array einsum(const std::string &subscriptsWithSpaces, const std::vector<Array> &operands) {
  std::string subscripts;
  for (char c : subscriptsWithSpaces)
    if (!std::isspace(static_cast<unsigned char>(c)))
      subscripts += c;
  const Call call{subscripts, operands};
  size_t arrow = subscripts.find("->");
  if (arrow != std::string::npos && subscripts.find("->", arrow + 2) != std::string::npos)
    call.fail("more than one \"->\"; write inputs->output");
  std::string inputs = subscripts.substr(0, arrow);
  std::vector<Term> terms;
  for (size_t start = 0;;) {
    size_t comma = inputs.find(',', start);
    terms.push_back(parseTerm(call, inputs.substr(start, comma - start)));
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  if (terms.size() != operands.size())
    call.fail(std::to_string(terms.size()) + " terms for " + std::to_string(operands.size()) +
              " operands; give one comma-separated term per operand");

  // "..." stands for each operand's dimensions beyond its letters, aligned
  // on the right as broadcasting aligns shapes.
  std::vector<int> own(operands.size());
  int ellipsisDims = 0;
  for (size_t i = 0; i < operands.size(); ++i) {
    int letters = int(terms[i].letters.size()), rank = int(operands[i].ndim());
    own[i] = terms[i].ellipsisAt >= 0 ? rank - letters : 0;
    if (own[i] < 0 || (terms[i].ellipsisAt < 0 && letters != rank))
      call.fail("term " + std::to_string(i) + " has " + std::to_string(letters) +
                " subscripts for an array of " + std::to_string(rank) +
                " dimensions; give one letter per axis (\"...\" for the rest)");
    ellipsisDims = std::max(ellipsisDims, own[i]);
  }
  std::vector<Labelled> xs;
  std::map<Label, int64_t> sizes;
  std::map<Label, int> uses;
  for (size_t i = 0; i < operands.size(); ++i) {
    Labels labels = labelsOf(terms[i], own[i], ellipsisDims);
    for (size_t d = 0; d < labels.size(); ++d) {
      int64_t extent = operands[i].shape()[d];
      auto [it, first] = sizes.emplace(labels[d], extent);
      if (!first && it->second != extent && it->second != 1 && extent != 1)
        call.fail("subscript " + labelName(labels[d]) + " has sizes " + std::to_string(it->second) +
                  " and " + std::to_string(extent) + "; its axes must match or be 1");
      it->second = first || it->second == 1 ? extent : it->second;
      ++uses[labels[d]];
    }
    xs.push_back({operands[i], labels});
  }

  Labels output;
  if (arrow == std::string::npos) {
    // NumPy's implicit output: "..." first, then the letters used once, in
    // character order (upper case before lower).
    for (int k = 0; k < ellipsisDims; ++k)
      output.push_back(kEllipsis + k);
    for (auto [l, n] : uses)
      if (l < kEllipsis && n == 1)
        output.push_back(l);
  } else {
    Term term = parseTerm(call, subscripts.substr(arrow + 2));
    if (term.ellipsisAt < 0 && ellipsisDims > 0)
      call.fail("the output has no \"...\" for the " + std::to_string(ellipsisDims) +
                " dimensions the inputs' \"...\" stands for; add it to the output");
    output = labelsOf(term, term.ellipsisAt >= 0 ? ellipsisDims : 0, ellipsisDims);
    for (size_t i = 0; i < output.size(); ++i) {
      if (!sizes.count(output[i]))
        call.fail("output subscript " + labelName(output[i]) + " is in no input");
      if (std::find(output.begin(), output.begin() + long(i), output[i]) !=
          output.begin() + long(i))
        call.fail("output subscript " + labelName(output[i]) + " appears twice");
    }
  }

  DType type = operands[0].dtype(); // (as many operands as terms, so one at least)
  for (const Array &a : operands)
    type = promoteTypes(type, a.dtype());

  // Each operand: its size-1 axes broadcast to their labels' sizes (as the
  // GEMM needs them equal), bool counted in int64, diagonals taken.
  for (Labelled &x : xs) {
    Shape full;
    for (Label l : x.labels)
      full.push_back(sizes[l]);
    if (full != x.array.shape())
      x.array = broadcast_to(x.array, full);
    if (type == DType::bool_)
      x.array = astype(x.array, DType::i64);
    x = takeDiagonals(x);
  }
  // Left to right, each step keeping the labels of the output and of the
  // operands still to come.
  auto keptAfter = [&](size_t i) {
    Labels keep = output;
    for (size_t j = i + 1; j < xs.size(); ++j)
      keep.insert(keep.end(), xs[j].labels.begin(), xs[j].labels.end());
    return keep;
  };
  Labelled result = sumUnkept(xs[0], keptAfter(0));
  for (size_t i = 1; i < xs.size(); ++i) {
    Labels keep = keptAfter(i);
    Labels keepOrShared = keep;
    keepOrShared.insert(keepOrShared.end(), result.labels.begin(), result.labels.end());
    Labelled next = sumUnkept(xs[i], keepOrShared);
    Labels keepOrNext = keep;
    keepOrNext.insert(keepOrNext.end(), next.labels.begin(), next.labels.end());
    result = contract(sumUnkept(result, keepOrNext), next, keep);
  }
  result = sumUnkept(result, output);
  Array out = arranged(result, output);
  if (type == DType::bool_)
    return out != 0;
  return out.dtype() == type ? out : astype(out, type);
}

} // namespace legato

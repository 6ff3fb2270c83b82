//===- Sharding.h - where each rank's part of an array lies -----*- C++ -*-===//
//
// A distributed array is described by one box per rank: the index range of
// the global array that the rank holds, row-major and contiguous in its
// buffer. Block distributions (even or not, on any axis, over a 1-D or 2-D
// mesh) and replication are all lists of boxes, so the partitioner, the
// exchanges and host reads need no other vocabulary (docs/DISTRIBUTED.md).
// The compiler (legato-partition, the sharding rules) and the runtime (the
// exchanges) share it, so it depends on neither.
//
//===----------------------------------------------------------------------===//
#ifndef LEGATO_SUPPORT_SHARDING_H
#define LEGATO_SUPPORT_SHARDING_H

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace legato::support {

/// An array shape (legato::Shape).
using Shape = std::vector<int64_t>;

/// The half-open index range [lo[d], hi[d]) in every dimension d.
struct Box {
  std::vector<int64_t> lo, hi;

  static Box full(const Shape &shape) { return {std::vector<int64_t>(shape.size(), 0), shape}; }
  int64_t rank() const { return int64_t(lo.size()); }
  Shape shape() const {
    Shape s(lo.size());
    for (size_t d = 0; d < lo.size(); ++d)
      s[d] = std::max<int64_t>(0, hi[d] - lo[d]);
    return s;
  }
  int64_t size() const {
    int64_t n = 1;
    for (int64_t e : shape())
      n *= e;
    return n;
  }
  bool empty() const { return size() == 0; }
  bool contains(const Box &o) const {
    if (o.empty())
      return true;
    for (size_t d = 0; d < lo.size(); ++d)
      if (o.lo[d] < lo[d] || o.hi[d] > hi[d])
        return false;
    return true;
  }
  Box intersect(const Box &o) const {
    Box r = *this;
    for (size_t d = 0; d < lo.size(); ++d) {
      r.lo[d] = std::max(lo[d], o.lo[d]);
      r.hi[d] = std::max(r.lo[d], std::min(hi[d], o.hi[d]));
    }
    return r;
  }
  /// The smallest box around this one (not empty) that is one range of the
  /// row-major order of an array of shape `shape`: single indices on the
  /// axes before the first where this box has more, whole extents after it.
  Box rangeIn(const Shape &shape) const {
    Box range = *this;
    size_t first = 0;
    while (first < lo.size() && hi[first] - lo[first] == 1)
      ++first;
    for (size_t d = first + 1; d < lo.size(); ++d) {
      range.lo[d] = 0;
      range.hi[d] = shape[d];
    }
    return range;
  }
  /// The row-major offset of this box's first element in an array of shape
  /// `shape`.
  int64_t offsetIn(const Shape &shape) const {
    int64_t offset = 0;
    for (size_t d = 0; d < shape.size(); ++d)
      offset = offset * shape[d] + lo[d];
    return offset;
  }
  bool operator==(const Box &o) const { return lo == o.lo && hi == o.hi; }
  bool operator!=(const Box &o) const { return !(*this == o); }
  std::string str() const {
    std::string s = "[";
    for (size_t d = 0; d < lo.size(); ++d)
      s += (d ? ", " : "") + std::to_string(lo[d]) + ":" + std::to_string(hi[d]);
    return s + "]";
  }
};

/// The boxes of all ranks over a global shape. Boxes may overlap
/// (replication); an element held by several ranks has one owner, the lowest
/// rank holding it.
struct Sharding {
  Shape global;
  std::vector<Box> boxes; ///< boxes[r]: what rank r holds

  /// Every rank holds everything.
  static Sharding replicated(const Shape &global, int ranks) {
    return {global, std::vector<Box>(size_t(ranks), Box::full(global))};
  }
  /// Blocks along `axis`: the first (extent % ranks) ranks hold one more
  /// index than the others (NumPy's array_split).
  static Sharding split(const Shape &global, int64_t axis, int ranks) {
    Sharding s{global, {}};
    int64_t extent = global[size_t(axis)], base = extent / ranks, extra = extent % ranks;
    int64_t start = 0;
    for (int r = 0; r < ranks; ++r) {
      Box b = Box::full(global);
      int64_t len = base + (r < extra ? 1 : 0);
      b.lo[size_t(axis)] = start;
      b.hi[size_t(axis)] = start + len;
      start += len;
      s.boxes.push_back(b);
    }
    return s;
  }
  /// Blocks of a rows x cols mesh (rank r at mesh row r / cols, column
  /// r % cols): `rowsAxis` split among the mesh's rows, `colsAxis` among its
  /// columns, each as `split` does.
  static Sharding grid(const Shape &global, int64_t rowsAxis, int64_t colsAxis, int rows,
                       int cols) {
    Sharding byRow = split(global, rowsAxis, rows), byCol = split(global, colsAxis, cols);
    Sharding s{global, {}};
    for (int r = 0; r < rows * cols; ++r) {
      Box b = byRow.boxes[size_t(r / cols)];
      b.lo[size_t(colsAxis)] = byCol.boxes[size_t(r % cols)].lo[size_t(colsAxis)];
      b.hi[size_t(colsAxis)] = byCol.boxes[size_t(r % cols)].hi[size_t(colsAxis)];
      s.boxes.push_back(b);
    }
    return s;
  }
  /// Where a new array lives when nobody asked: with a 2-D mesh (meshRows >
  /// 0), blocks of axes 0 and 1 when each has an entry per mesh row or
  /// column; otherwise blocks of axis 0 when it has an entry per rank;
  /// otherwise a copy on every rank.
  static Sharding byDefault(const Shape &global, int ranks, int meshRows) {
    if (meshRows > 0 && global.size() >= 2 && global[0] >= meshRows &&
        global[1] >= ranks / meshRows && ranks > 1)
      return grid(global, 0, 1, meshRows, ranks / meshRows);
    if (!global.empty() && global[0] >= ranks)
      return split(global, 0, ranks);
    return replicated(global, ranks);
  }
  /// Whether `meshRows` is an Options::mesh_rows for `ranks` ranks: 0 (a
  /// 1-D mesh) or a divisor.
  static bool isMeshRows(int64_t meshRows, int64_t ranks) {
    return meshRows == 0 || (meshRows > 0 && ranks % meshRows == 0);
  }
  /// The rows of the 2-D mesh Sharding::grid uses: `meshRows` when set,
  /// otherwise the most square mesh with at least as many rows as columns.
  static int gridRows(int ranks, int meshRows) {
    if (meshRows > 0)
      return meshRows;
    int rows = ranks;
    for (int c = 1; c * c <= ranks; ++c)
      if (ranks % c == 0)
        rows = ranks / c;
    return rows;
  }
  int ranks() const { return int(boxes.size()); }
  bool operator==(const Sharding &o) const { return global == o.global && boxes == o.boxes; }
  /// A canonical text form: part of program keys and of `legato-opt` tests.
  std::string str() const {
    std::string s;
    for (const Box &b : boxes)
      s += b.str();
    return s;
  }
};

/// Whether an exchange from `have` to `need` moves row blocks: the array
/// has at least one dimension, every held and needed box spans all
/// dimensions but the first (so its rows are contiguous in a row-major
/// buffer), and the held boxes are disjoint (each row has one holder).
inline bool isRowExchange(const Sharding &have, const std::vector<Box> &need) {
  auto spansRows = [&](const Box &b) {
    if (b.rank() != int64_t(have.global.size()))
      return false;
    for (size_t d = 1; d < have.global.size(); ++d)
      if (!b.empty() && (b.lo[d] != 0 || b.hi[d] != have.global[d]))
        return false;
    return true;
  };
  if (have.global.empty() || need.size() != have.boxes.size() ||
      !std::all_of(have.boxes.begin(), have.boxes.end(), spansRows) ||
      !std::all_of(need.begin(), need.end(), spansRows))
    return false;
  for (size_t r = 0; r < have.boxes.size(); ++r)
    for (size_t s = r + 1; s < have.boxes.size(); ++s)
      if (!have.boxes[r].intersect(have.boxes[s]).empty())
        return false;
  return true;
}

} // namespace legato::support

#endif // LEGATO_SUPPORT_SHARDING_H

//===- Results.cpp - The results text format ---------------------------------===//
#include "Results.h"

#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace legato_fuzz {

namespace {

std::string hexFloat(double v) {
  if (v != v)
    return "nan";
  if (v == 1.0 / 0.0)
    return "inf";
  if (v == -1.0 / 0.0)
    return "-inf";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%a", v);
  return buffer;
}

/// Floats, and complex values as their parts' floats (real, imaginary).
bool isFloatName(const std::string &dtype) {
  return dtype.rfind("float", 0) == 0 || dtype.rfind("complex", 0) == 0;
}

std::string oneLine(std::string s) {
  for (char &c : s)
    if (c == '\n' || c == '\r')
      c = ' ';
  return s;
}

} // namespace

std::string formatProgramResult(uint64_t id, const ProgramResult &r) {
  std::ostringstream os;
  if (r.status != ProgramResult::Status::ok) {
    os << "program " << id << " error " << oneLine(r.message) << "\n";
    return os.str();
  }
  os << "program " << id << " ok " << r.arrays.size() << "\n";
  for (const ArrayResult &a : r.arrays) {
    os << "array " << a.name << " " << a.dtype << " (";
    for (size_t i = 0; i < a.shape.size(); ++i)
      os << (i ? "," : "") << a.shape[i];
    os << ")";
    if (isFloatName(a.dtype))
      for (double v : a.floats)
        os << " " << hexFloat(v);
    else if (a.dtype == "uint64")
      for (int64_t v : a.ints)
        os << " " << uint64_t(v);
    else
      for (int64_t v : a.ints)
        os << " " << v;
    os << "\n";
  }
  return os.str();
}

BatchResults parseResults(const std::string &text, uint64_t *lastStarted) {
  BatchResults results;
  std::istringstream is(text);
  std::string line;
  ProgramResult *current = nullptr;
  size_t expected = 0;
  while (std::getline(is, line)) {
    std::istringstream ls(line);
    std::string word;
    ls >> word;
    if (word == "start") {
      uint64_t id;
      ls >> id;
      if (lastStarted)
        *lastStarted = id;
      ProgramResult crash;
      crash.status = ProgramResult::Status::crash;
      crash.message = "the worker died while running this program";
      results[id] = crash;
      current = nullptr;
    } else if (word == "program") {
      uint64_t id;
      std::string status;
      ls >> id >> status;
      ProgramResult r;
      if (status == "ok") {
        r.status = ProgramResult::Status::ok;
        ls >> expected;
      } else {
        r.status = ProgramResult::Status::error;
        std::getline(ls, r.message);
        if (!r.message.empty() && r.message[0] == ' ')
          r.message.erase(0, 1);
      }
      results[id] = r;
      current = r.status == ProgramResult::Status::ok ? &results[id] : nullptr;
    } else if (word == "array" && current) {
      ArrayResult a;
      std::string shape;
      ls >> a.name >> a.dtype >> shape;
      std::string dims = shape.substr(1, shape.size() - 2);
      std::istringstream ds(dims);
      std::string d;
      while (std::getline(ds, d, ','))
        if (!d.empty())
          a.shape.push_back(std::stoll(d));
      std::string v;
      while (ls >> v) {
        if (isFloatName(a.dtype))
          a.floats.push_back(std::strtod(v.c_str(), nullptr));
        else if (a.dtype == "uint64") // (kept as int64's bits)
          a.ints.push_back(int64_t(std::stoull(v)));
        else
          a.ints.push_back(std::stoll(v));
      }
      current->arrays.push_back(std::move(a));
    }
  }
  (void)expected;
  return results;
}

} // namespace legato_fuzz

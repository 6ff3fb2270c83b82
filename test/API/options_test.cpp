//===- options_test.cpp - Runtime options that cannot work are errors -----===//
//
// Each test constructs its own Runtime (one at a time), so these run alone,
// not under mpirun: one process is rank 0 of 1.
//
//===----------------------------------------------------------------------===//
#include <legato/legato.h>

#include <gtest/gtest.h>

#include <string>

namespace {

TEST(Options, MeshRowsMustDivideTheRanks) {
  for (int rows : {2, -1}) {
    legato::Options options;
    options.mesh_rows = rows;
    try {
      legato::Runtime rt(options);
      ADD_FAILURE() << "mesh_rows " << rows << " accepted on 1 rank";
    } catch (const legato::Error &e) {
      std::string what = e.what();
      EXPECT_NE(what.find("mesh_rows"), std::string::npos) << what;
      EXPECT_NE(what.find("divisor"), std::string::npos) << what;
    }
  }
  // The Runtime that failed left nothing behind: a valid one starts.
  legato::Options options;
  options.mesh_rows = 1;
  legato::Runtime rt(options);
  legato::Array a = legato::shard(legato::ones({4, 3}), 0, 1);
  EXPECT_EQ(legato::sum(a).item<double>(), 12.0);
}

} // namespace

// The parts of tsumi-mpi that run without an MPI job: the options check and --plan. The runs under
// mpirun are tests/mpi/mpirun_test.sh.
#include "cli/mpi/mpi_perft.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/support/test_data.h"

namespace tsumi::mpi {
namespace {

// The options' rules are perft/split/split_run.h's (tests/split/split_run_test.cpp); the command's own
// options reach them.
TEST(MpiPerft, ResumeNeedsACheckpoint) {
  MpiPerftOptions o;
  o.depth = 5;
  o.resume = true;
  EXPECT_NE(check_options(o), std::nullopt);
  o.checkpoint = "run.ckpt";
  EXPECT_EQ(check_options(o), std::nullopt);
}

TEST(MpiPerft, PlanPrintsTheUnitsAndPaths) {
  MpiPerftOptions o;
  o.plan = true;
  o.split_depth = 3;
  test::CommandResult r = test::run_command(run_plan, o);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "split depth 3: 13560 units (distinct positions), 25470 paths\n");
  o.json = true;
  o.split_depth = -1;
  o.depth = 7;  // the default split depth of depth 7
  r = test::run_command(run_plan, o);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["split_depth"], 2);
  EXPECT_EQ(j["units"], 900);
  EXPECT_EQ(j["paths"], 900);
}

TEST(MpiPerft, PlanRefusesABadPosition) {
  MpiPerftOptions o;
  o.plan = true;
  o.split_depth = 1;
  o.position.sfen = "lnsgkgsnl/9/9 b - 1";
  const test::CommandResult r = test::run_command(run_plan, o);
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("tsumi-mpi: "), std::string::npos);
}

}  // namespace
}  // namespace tsumi::mpi

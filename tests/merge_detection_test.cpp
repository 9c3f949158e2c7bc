// Tests of solver/merge_detection.h on a constructed DAG: the start position reaches one node by two
// orders of the same four moves, 7g7f 3c3d 2g2f 8c8d and 2g2f 8c8d 7g7f 3c3d, whose first three plies
// are all different nodes. The table holds the
// second route (each node stored through the edge the search took); the search stands on the first.
// The start position reaches the meeting node by both, so a sum there counts it twice.

#include "solver/merge_detection.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"
#include "tests/support/test_data.h"

namespace tsumi {
namespace {

constexpr std::uint32_t kPn = 7, kDn = 9;
constexpr std::uint16_t kLen = 100;  // the length the route was searched under

struct Diamond {
  Diamond() {
    root.set(*parse_sfen(kStartSfen), &states[0]);
    root_key = root.board_key();
  }
  // Plays `moves` from the start position; stores every node reached (through its edge) when `store`,
  // with numbers pn and dn; leaves the keys of the nodes and the links in `keys` and `links`.
  void walk(const std::vector<std::string>& moves, bool store, std::uint32_t pn = kPn, std::uint32_t dn = kDn,
            int skip = -1) {
    keys.assign(1, root.board_key());
    links.assign(1, ParentLink());
    std::vector<Move> made;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = *parse_usi_move(root, moves[i]);
      const ParentLink link = ParentLink::of(root, m);
      root.do_move(m, states[i + 1]);
      made.push_back(m);
      keys.push_back(root.board_key());
      links.push_back(link);
      if (store && int(i) + 1 != skip)
        table.store(root.board_key(), Hand(), MateRecord{pn, dn, kLen, Hand(), Move::none(), 10, link});
    }
    for (auto it = made.rbegin(); it != made.rend(); ++it) root.undo_move(*it);
  }
  // The search's path: the start position and the first route's first three moves.
  SearchPath path_to_third() {
    walk({"7g7f", "3c3d", "2g2f", "8c8d"}, false);
    SearchPath path(16);
    path.reset(keys[0], Hand());
    for (int i = 1; i <= 3; ++i) path.push(keys[std::size_t(i)], Hand());
    return path;
  }

  MateTable table{std::size_t(1) << 20};
  StateInfo states[8];
  Position root;
  Key root_key = 0;
  std::vector<Key> keys;
  std::vector<ParentLink> links;
};

TEST(MergeDetection, TheStartPositionCountsTheMeetingNodeTwice) {
  Diamond d;
  d.walk({"2g2f", "8c8d", "7g7f", "3c3d"}, true);  // the second route, in the table
  const std::vector<Key> second = d.keys;
  const ParentLink stored = d.links[4];
  const SearchPath path = d.path_to_third();
  // The child 8c8d of the path's last node is the meeting node: the same board by both routes.
  ASSERT_EQ(d.keys[4], second[4]);
  ASSERT_FALSE(stored.same_edge(d.links[4]));
  const auto root = find_merge_root(d.table, path, BLACK, NodeKeys{d.keys[4], Hand()}, stored, kPn, kDn);
  ASSERT_TRUE(root.has_value());
  EXPECT_EQ(root->ply, 0);                       // the start position
  EXPECT_EQ(root->walked.board_key, second[1]);  // its child on the second route: after 2g2f
}

TEST(MergeDetection, NoMergeWhereTheTableForgotTheOtherRoute) {
  Diamond d;
  d.walk({"2g2f", "8c8d", "7g7f", "3c3d"}, true, kPn, kDn, /*skip=*/2);  // the node after 2g2f 8c8d forgotten
  const ParentLink stored = d.links[4];
  const SearchPath path = d.path_to_third();
  EXPECT_FALSE(find_merge_root(d.table, path, BLACK, NodeKeys{d.keys[4], Hand()}, stored, kPn, kDn).has_value());
}

TEST(MergeDetection, NoMergeWhereOthersFeedTheNumberOnTheWay) {
  // Every node of the second route has far larger numbers than the child: neither pn nor dn comes up
  // from the child there, so neither is counted twice.
  Diamond d;
  d.walk({"2g2f", "8c8d", "7g7f", "3c3d"}, true, 1000, 1000);
  const ParentLink stored = d.links[4];
  const SearchPath path = d.path_to_third();
  EXPECT_FALSE(find_merge_root(d.table, path, BLACK, NodeKeys{d.keys[4], Hand()}, stored, kPn, kDn).has_value());
  // A generous slack follows them all the same.
  EXPECT_TRUE(
      find_merge_root(d.table, path, BLACK, NodeKeys{d.keys[4], Hand()}, stored, kPn, kDn, MergeWalkLimits{64, 5000})
          .has_value());
}

TEST(MergeDetection, TheWalkStopsAtItsLimit) {
  Diamond d;
  d.walk({"2g2f", "8c8d", "7g7f", "3c3d"}, true);
  const ParentLink stored = d.links[4];
  const SearchPath path = d.path_to_third();
  // Four edges lead from the meeting node to the start position; three are not enough.
  EXPECT_FALSE(
      find_merge_root(d.table, path, BLACK, NodeKeys{d.keys[4], Hand()}, stored, kPn, kDn, MergeWalkLimits{3, 2})
          .has_value());
  EXPECT_TRUE(
      find_merge_root(d.table, path, BLACK, NodeKeys{d.keys[4], Hand()}, stored, kPn, kDn, MergeWalkLimits{4, 2})
          .has_value());
}

TEST(MergeDetection, TheCurrentNodeIsNoMerge) {
  // The child's link names the path's own last node: the walk meets the path at its end.
  Diamond d;
  const SearchPath path = d.path_to_third();
  EXPECT_FALSE(find_merge_root(d.table, path, BLACK, NodeKeys{d.keys[4], Hand()}, d.links[4], kPn, kDn).has_value());
}

}  // namespace
}  // namespace tsumi

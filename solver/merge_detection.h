#pragma once
// Merge detection: where the search graph's lines meet again, df-pn's sums count one subtree once for
// every route to it (Kishimoto 2010 names this overestimation, with SNDA as its cure; KomoringHeights
// walks parent links in its table the same way). Found here, stopped in LocalExpansion.
//
// The search is about to descend from node N into child C, and the table last saw C reached through
// another parent P (ParentLink). Walking the table up from P, edge by edge, the walk meets a node A of
// the current path (an ancestor of N): A reaches C by two routes, through its child on the path and
// through its child on the walk, and adds C's numbers into its own twice. The summed number (pn at an
// AND node, dn at an OR node) is doubly counted only if it flows up both routes: the walk follows it
// only while no node on the way adds more than a slack to it (another child feeds it there).
//
// What A does with it: the two children count by max, not by sum (LocalExpansion::count_by_max), now
// and, through the shared flag of their table entries, whenever they are expanded again.
//
// Thread safety: reads the table (shared or not) and the caller's path.

#include <cstdint>
#include <optional>

#include "core/hand.h"
#include "core/types.h"
#include "core/zobrist.h"
#include "solver/mate_table.h"
#include "solver/parent_link.h"
#include "solver/search_path.h"

namespace tsumi {

// A node by its keys.
struct NodeKeys {
  Key board_key = 0;
  Hand hand;
  bool operator==(const NodeKeys&) const = default;
};

// What a walk found: the ancestor at `ply` of the path, and its child on the walk.
struct MergeRoot {
  int ply = -1;
  NodeKeys walked;
};

struct MergeWalkLimits {
  int max_edges = 64;       // edges walked at most
  std::uint32_t slack = 2;  // the most a node on the way may add to the followed number
};

// The child `child` of the node at the end of `path`, with numbers pn and dn there, was last stored
// through `link` (another parent). Returns the ancestor that counts it twice, if the walk finds one.
std::optional<MergeRoot> find_merge_root(const MateTable& table, const SearchPath& path, Color attacker, NodeKeys child,
                                         ParentLink link, std::uint32_t pn, std::uint32_t dn,
                                         const MergeWalkLimits& limits = {});

}  // namespace tsumi

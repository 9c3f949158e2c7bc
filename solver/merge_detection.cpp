#include "solver/merge_detection.h"

namespace tsumi {

namespace {

bool attacker_to_move(Key board_key, Color attacker) {
  return ((board_key & zobrist_side()) != 0 ? WHITE : BLACK) == attacker;
}

}  // namespace

std::optional<MergeRoot> find_merge_root(const MateTable& table, const SearchPath& path, Color attacker, NodeKeys child,
                                         ParentLink link, std::uint32_t pn, std::uint32_t dn,
                                         const MergeWalkLimits& limits) {
  bool pn_flows = true, dn_flows = true;  // the number still comes up from the child
  NodeKeys node = child;
  for (int edge = 0; edge < limits.max_edges && (pn_flows || dn_flows) && link.valid(); ++edge) {
    const bool node_or = attacker_to_move(node.board_key, attacker);
    const NodeKeys up{link.parent_board_key(node.board_key), link.parent_hand(node.hand, !node_or)};
    if (const int ply = path.ply_of(up.board_key, up.hand); ply >= 0) {
      // The walk's parent is on the path. It is the node at the end of the path only if the link was
      // this edge after all; an OR ancestor double counts dn, an AND ancestor pn.
      const bool up_or = !node_or;
      if (ply >= path.ply() || !(up_or ? dn_flows : pn_flows)) return std::nullopt;
      return MergeRoot{ply, node};
    }
    const MateParent next = table.parent(up.board_key, up.hand);
    if (!next.found) return std::nullopt;
    if (next.pn > pn + limits.slack) pn_flows = false;
    if (next.dn > dn + limits.slack) dn_flows = false;
    pn = next.pn, dn = next.dn;
    node = up, link = next.link;
  }
  return std::nullopt;
}

}  // namespace tsumi

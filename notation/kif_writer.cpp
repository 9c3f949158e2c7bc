#include "notation/kif_writer.h"

#include <algorithm>
#include <array>
#include <deque>

#include "core/movegen.h"
#include "core/sfen.h"
#include "core/usi.h"
#include "notation/kif_text.h"
#include "notation/notation_words.h"

namespace tsumi::notation {

namespace {

using kif_text::kBoardName;
using kif_text::kFileDigit;
using kif_text::kKanjiNumber;
using kif_text::kMoveName;

// KIF's 手合割 names of core's named positions (sfen.h), Kakinoki's list; both-lances has no name there.
struct HandicapName {
  std::string_view position;  // NamedPosition::name
  std::string_view kif;
};
constexpr std::array<HandicapName, 11> kHandicapNames = {{
    {"startpos", "平手"},
    {"left-lance", "香落ち"},
    {"right-lance", "右香落ち"},
    {"bishop", "角落ち"},
    {"rook", "飛車落ち"},
    {"rook-lance", "飛香落ち"},
    {"2-pieces", "二枚落ち"},
    {"4-pieces", "四枚落ち"},
    {"6-pieces", "六枚落ち"},
    {"8-pieces", "八枚落ち"},
    {"10-pieces", "十枚落ち"},
}};

// 1..18 in kanji: 一 .. 九, 十, 十一 .. 十八.
std::string kanji_number(int n) {
  if (n <= 10) return std::string(kKanjiNumber[n]);
  return std::string(kKanjiNumber[10]) + std::string(kKanjiNumber[n - 10]);
}

// "飛　角二　歩十八　" (a count only above one), or "なし".
std::string hand_text(Hand hand) {
  if (hand.empty()) return "なし";
  std::string s;
  for (PieceType pt : kif_text::kHandOrder) {
    const int n = hand.count(pt);
    if (n == 0) continue;
    s += kBoardName[pt];
    if (n > 1) s += kanji_number(n);
    s += "　";
  }
  return s;
}

std::string board_row(const PositionSetup& setup, Rank r) {
  std::string s = "|";
  for (int f = FILE_9; f >= FILE_1; --f) {
    const Piece pc = setup.board[make_square(File(f), r)];
    s += pc == NO_PIECE || color_of(pc) == BLACK ? " " : "v";
    s += kBoardName[pc == NO_PIECE ? NO_PIECE_TYPE : type_of(pc)];
  }
  return s + "|" + std::string(kKanjiNumber[r + 1]) + "\n";
}

std::string square_text(Square sq) {
  return std::string(kFileDigit[file_of(sq)]) + std::string(kKanjiNumber[rank_of(sq) + 1]);
}

bool same_position(const PositionSetup& a, const PositionSetup& b) {
  for (Square sq = SQ_11; sq < SQ_NB; ++sq)
    if (a.board[sq] != b.board[sq]) return false;
  return a.hands[BLACK] == b.hands[BLACK] && a.hands[WHITE] == b.hands[WHITE] && a.side_to_move == b.side_to_move;
}

// The move number as KIF writes it: right-aligned in four columns.
std::string move_number(std::size_t n) {
  std::string s = std::to_string(n);
  if (s.size() < 4) s.insert(0, 4 - s.size(), ' ');
  return s;
}

// Kakinoki's closing line for an end in KIF's words, after `plies` moves with `to_move` to move.
std::string closing_line(std::string_view end, std::size_t plies, Color to_move, bool handicap) {
  const auto side = [&](Color c) {
    return std::string(c == BLACK ? (handicap ? "下手" : "先手") : (handicap ? "上手" : "後手"));
  };
  std::string s = "まで" + std::to_string(plies) + "手で";
  if (end == "投了") return s + side(~to_move) + "の勝ち";
  if (end == "切れ負け") return s + "時間切れにより" + side(~to_move) + "の勝ち";
  if (end == "反則勝ち" || end == "反則負け" || end == "入玉勝ち") return s + side(to_move) + "の" + std::string(end);
  return s + std::string(end);
}

// A position played along the path of the line being written (the lines it branches from up to its first
// move, then its own moves), undone back to the next branch point.
class PathPosition {
 public:
  explicit PathPosition(const PositionSetup& setup) : states_(1) { pos_.set(setup, &states_.back()); }
  PathPosition(const PathPosition&) = delete;  // pos_ points into states_
  PathPosition& operator=(const PathPosition&) = delete;

  std::size_t plies() const { return moves_.size(); }
  Color side_to_move() const { return pos_.side_to_move(); }

  void undo_to(std::size_t plies) {
    for (; moves_.size() > plies; moves_.pop_back(), states_.pop_back()) pos_.undo_move(moves_.back());
  }

  // Plays the moves and appends a line for each, numbered from plies()+1; stops at one that is not legal
  // where it stands, with a line that says so.
  void play(std::span<const Move> moves, std::vector<std::string>& lines) {
    for (Move m : moves) {
      const std::string number = move_number(moves_.size() + 1);
      if (!is_legal_move(pos_, m)) {
        lines.push_back(number + " (" + to_usi(m) + " is not a legal move here)");
        return;
      }
      lines.push_back(number + " " + kif_move(pos_, m, moves_.empty() ? SQ_NONE : moves_.back().to()));
      pos_.do_move(m, states_.emplace_back());
      moves_.push_back(m);
    }
  }

 private:
  std::deque<StateInfo> states_;  // a deque never moves the states the position links
  Position pos_;
  std::vector<Move> moves_;
};

// The `*` lines of a comment, one a line of it.
std::string comment_lines(std::string_view comment) {
  std::string s;
  for (std::size_t begin = 0;;) {
    const std::size_t end = comment.find('\n', begin);
    s += "*" + std::string(comment.substr(begin, end - begin)) + "\n";
    if (end == std::string_view::npos) return s;
    begin = end + 1;
  }
}

// The branches after the main line (path: played along it), each line's branches after the line, the
// later ply first, and a branch's own branches before its next sibling: Kakinoki's order, in which a
// reader finds the line a `変化：N手` branches from on the path of the line read last.
std::string variation_sections(const Kifu& kifu, PathPosition& path) {
  const std::vector<KifuVariation>& vs = kifu.variations;
  // children[line + 1]: the branches of a line (-1 the main line), the later ply first, then in kifu order.
  std::vector<std::vector<int>> children(vs.size() + 1);
  for (std::size_t i = 0; i < vs.size(); ++i)
    if (vs[i].parent >= -1 && vs[i].parent < int(vs.size()) && vs[i].parent != int(i))
      children[vs[i].parent + 1].push_back(int(i));
  for (auto& c : children) std::stable_sort(c.begin(), c.end(), [&](int a, int b) { return vs[a].ply > vs[b].ply; });
  // last[line + 1]: the last move a branch of the line may replace: its last legal move, or the one
  // after it when the line ends there with an end word (a reader takes a branch past the last move of a
  // line without one as more moves of that line).
  std::vector<std::size_t> last(vs.size() + 1, 0);
  last[0] = path.plies() + (path.plies() == kifu.moves.size() && !kifu.end.empty());
  struct Frame {
    int line;
    std::size_t next = 0;  // in children[line + 1]
  };
  std::vector<Frame> stack = {{-1}};
  std::string s;
  while (!stack.empty()) {
    const int parent = stack.back().line;
    if (stack.back().next == children[parent + 1].size()) {
      stack.pop_back();
      continue;
    }
    const int line = children[parent + 1][stack.back().next++];
    const KifuVariation& v = vs[line];
    const int first = parent < 0 ? 1 : vs[parent].ply;  // the parent's first ply
    const bool fits = v.ply >= first && std::size_t(v.ply) <= last[parent + 1];
    if (v.moves.empty() && v.end.empty()) {  // no such thing in KIF: only its branches, siblings of it
      if (fits) {
        path.undo_to(v.ply - 1);
        last[line + 1] = std::size_t(v.ply);
        stack.push_back({line});
      }
      continue;
    }
    s += "\n変化：" + std::to_string(v.ply) + "手\n";
    if (!fits) {
      s += move_number(std::max(v.ply, 0)) + " (the line this branches from has no move " + std::to_string(v.ply) +
           ")\n";
      continue;
    }
    path.undo_to(v.ply - 1);
    std::vector<std::string> lines;
    path.play(v.moves, lines);
    if (lines.size() == v.moves.size() && !v.end.empty())
      lines.push_back(move_number(path.plies() + 1) + " " + kif_end_word(v.end, path.side_to_move()));
    for (std::size_t k = 0; k < lines.size(); ++k) {
      s += lines[k] + "\n";
      if (k == 0 && !v.comment.empty()) s += comment_lines(v.comment);
    }
    last[line + 1] = path.plies() + (lines.size() > v.moves.size());
    stack.push_back({line});
  }
  return s;
}

}  // namespace

std::string board_diagram(const PositionSetup& setup) {
  const std::string border = "+---------------------------+\n";
  std::string s = "後手の持駒：" + hand_text(setup.hands[WHITE]) + "\n";
  s += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n" + border;
  for (int r = RANK_1; r <= RANK_9; ++r) s += board_row(setup, Rank(r));
  s += border + "先手の持駒：" + hand_text(setup.hands[BLACK]) + "\n";
  s += setup.side_to_move == BLACK ? "先手番\n" : "後手番\n";
  return s;
}

std::string kif_move(const Position& pos, Move m, Square previous_to) {
  const Square to = m.to();
  const PieceType pt = m.is_drop() ? m.dropped_piece() : type_of(pos.piece_on(m.from()));
  const std::string_view name = kMoveName[pt];
  std::string s;
  // "同" takes a full-width space after it when the piece name is one character (three UTF-8 bytes).
  if (to == previous_to)
    s = name.size() == 3 ? "同　" : "同";
  else
    s = square_text(to);
  s += name;
  if (m.is_drop()) return s + "打";
  if (m.is_promotion()) s += "成";
  const Square from = m.from();
  return s + "(" + std::to_string(file_of(from) + 1) + std::to_string(rank_of(from) + 1) + ")";
}

std::vector<std::string> kif_lines(const PositionSetup& setup, std::span<const Move> moves) {
  PathPosition path(setup);
  std::vector<std::string> lines;
  path.play(moves, lines);
  return lines;
}

std::string_view handicap_name(const PositionSetup& setup) {
  for (const NamedPosition& p : named_positions()) {
    const auto named = parse_sfen(p.sfen);
    if (!named || !same_position(*named, setup)) continue;
    for (const HandicapName& h : kHandicapNames)
      if (h.position == p.name) return h.kif;
    return {};
  }
  return {};
}

std::string write_kif(const Kifu& kifu) {
  std::string s = "# KIF形式棋譜ファイル Generated by tsumi\n";
  const std::string_view handicap = handicap_name(kifu.start);
  for (const auto& [key, value] : kifu.headers) {
    const std::string_view k = kif_header_key(key);
    if (k == "手合割") continue;
    s += std::string(k) + "：" + value + "\n";
  }
  if (handicap.empty())
    s += board_diagram(kifu.start);
  else
    s += "手合割：" + std::string(handicap) + "\n";
  s += "手数----指手---------消費時間--\n";
  PathPosition path(kifu.start);
  std::vector<std::string> lines;
  path.play(kifu.moves, lines);
  for (const std::string& line : lines) s += line + "\n";
  if (!kifu.end.empty() && lines.size() == kifu.moves.size()) {
    const std::size_t plies = kifu.moves.size();
    const Color to_move = path.side_to_move();
    const std::string end = kif_end_word(kifu.end, to_move);
    const bool handicap_game = !handicap.empty() && handicap != "平手";
    s += move_number(plies + 1) + " " + end + "\n";
    s += closing_line(end, plies, to_move, handicap_game) + "\n";
  }
  return s + variation_sections(kifu, path);
}

}  // namespace tsumi::notation

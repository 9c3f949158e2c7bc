// The notation files of positions/notation/, written by an independent implementation (tsshogi, the rules
// library of the ShogiHome GUI): every one reads, through the same entry the commands use (read_kifu,
// which tells the format by content), to the start position and moves that tsshogi itself read from it
// (positions/notation/manifest.txt).

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"
#include "notation/kifu_file.h"
#include "tests/support/test_data.h"

namespace tsumi::notation {
namespace {

struct ManifestLine {
  std::string file, sfen, moves;
};

std::vector<ManifestLine> manifest() {
  std::vector<ManifestLine> lines;
  std::istringstream in(test::read_file(std::string(TSUMI_POSITIONS_DIR) + "/notation/manifest.txt"));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    ManifestLine m;
    std::istringstream fields(line);
    std::getline(fields, m.file, '\t');
    std::getline(fields, m.sfen, '\t');
    std::getline(fields, m.moves);
    lines.push_back(m);
  }
  return lines;
}

// Board, side and hands: the move number of a diagram is the notation's own business.
std::string without_move_number(const std::string& sfen) { return sfen.substr(0, sfen.rfind(' ')); }

KifuFormat format_of_name(const std::string& file) {
  const std::string ending = file.substr(file.rfind('.') + 1);
  if (ending == "csa") return KifuFormat::csa;
  if (ending == "ki2") return KifuFormat::ki2;
  if (ending == "bod") return KifuFormat::bod;
  return KifuFormat::kif;
}

TEST(NotationData, EveryFileReadsAsTsshogiReadsIt) {
  const std::vector<ManifestLine> lines = manifest();
  ASSERT_GE(lines.size(), 30u);
  for (const ManifestLine& m : lines) {
    SCOPED_TRACE(m.file);
    const std::string bytes = test::read_file(std::string(TSUMI_POSITIONS_DIR) + "/notation/" + m.file);
    const auto kifu = read_kifu(bytes);
    ASSERT_TRUE(kifu) << kifu.error().describe();
    EXPECT_EQ(kifu->format, format_of_name(m.file));
    EXPECT_EQ(without_move_number(to_sfen(kifu->start)), without_move_number(m.sfen));
    EXPECT_EQ(to_usi(kifu->moves), m.moves);
  }
}

TEST(NotationData, TheShiftJisFileIsShiftJisAndReadsLikeItsUtf8Twin) {
  const std::string dir = std::string(TSUMI_POSITIONS_DIR) + "/notation/";
  const std::string sjis = test::read_file(dir + "hirate-10-sjis.kif");
  const std::string utf8 = test::read_file(dir + "hirate-10.kif");
  ASSERT_NE(sjis, utf8);  // the bytes differ: the file really is Shift_JIS
  const auto a = read_kifu(sjis);
  const auto b = read_kifu(utf8);
  ASSERT_TRUE(a) << a.error().describe();
  ASSERT_TRUE(b) << b.error().describe();
  EXPECT_EQ(to_sfen(a->start), to_sfen(b->start));
  EXPECT_EQ(to_usi(a->moves), to_usi(b->moves));
  EXPECT_EQ(a->headers, b->headers);
}

}  // namespace
}  // namespace tsumi::notation

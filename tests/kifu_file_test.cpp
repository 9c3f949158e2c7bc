#include "notation/kifu_file.h"

#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "core/sfen.h"
#include "core/usi.h"

namespace tsumi::notation {
namespace {

constexpr std::string_view kKif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
constexpr std::string_view kKi2 = "先手：a\n\n▲７六歩　△３四歩\n";
constexpr std::string_view kBod =
    "後手の持駒：なし\n"
    "  ９ ８ ７ ６ ５ ４ ３ ２ １\n"
    "+---------------------------+\n"
    "| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n"
    "| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n"
    "| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n"
    "+---------------------------+\n"
    "先手の持駒：金\n";
constexpr std::string_view kCsa = "V2.2\nN+sente\nN-gote\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";

TEST(KifuFile, DetectsTheFormatByContent) {
  EXPECT_EQ(detect_format(kKif), KifuFormat::kif);
  EXPECT_EQ(detect_format("#KIF version=2.0 encoding=UTF-8\n   1 ７六歩(77)\n"), KifuFormat::kif);
  EXPECT_EQ(detect_format(kKi2), KifuFormat::ki2);
  EXPECT_EQ(detect_format(kBod), KifuFormat::bod);
  EXPECT_EQ(detect_format(kCsa), KifuFormat::csa);
  EXPECT_EQ(detect_format("'comment\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n"), KifuFormat::csa);
  EXPECT_EQ(detect_format("+\n+7776FU\n"), KifuFormat::csa);
  EXPECT_EQ(detect_format(std::string(kStartSfen) + "\n"), KifuFormat::sfen);
  EXPECT_EQ(detect_format("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f"),
            KifuFormat::sfen);
  EXPECT_EQ(detect_format("position startpos moves 7g7f"), KifuFormat::sfen);
  EXPECT_EQ(detect_format("left-lance"), KifuFormat::sfen);
  EXPECT_EQ(detect_format(""), std::nullopt);
  EXPECT_EQ(detect_format("hello\nworld\n"), std::nullopt);
}

TEST(KifuFile, ReadsEachFormat) {
  const auto kif = read_kifu(kKif);
  ASSERT_TRUE(kif) << kif.error().describe();
  EXPECT_EQ(kif->format, KifuFormat::kif);
  EXPECT_EQ(to_usi(kif->moves), "7g7f 3c3d");
  const auto ki2 = read_kifu(kKi2);
  ASSERT_TRUE(ki2) << ki2.error().describe();
  EXPECT_EQ(ki2->format, KifuFormat::ki2);
  EXPECT_EQ(to_usi(ki2->moves), "7g7f 3c3d");
  const auto bod = read_kifu(kBod);
  ASSERT_TRUE(bod) << bod.error().describe();
  EXPECT_EQ(bod->format, KifuFormat::bod);
  EXPECT_EQ(to_sfen(bod->start), "4k4/9/4P4/9/9/9/9/9/9 b G 1");
  const auto csa = read_kifu(kCsa);
  ASSERT_TRUE(csa) << csa.error().describe();
  EXPECT_EQ(csa->format, KifuFormat::csa);
  EXPECT_EQ(to_usi(csa->moves), "7g7f 3c3d");
}

TEST(KifuFile, ReadsSfenLines) {
  const std::string start(kStartSfen);
  for (const std::string& text :
       std::vector<std::string>{"sfen " + start + " moves 7g7f 3c3d", "position sfen " + start + " moves 7g7f 3c3d",
                                "position startpos moves 7g7f 3c3d", "startpos moves 7g7f 3c3d",
                                "# a comment\n\n" + start + " moves 7g7f 3c3d\n"}) {
    const auto kifu = read_kifu(text);
    ASSERT_TRUE(kifu) << text << ": " << kifu.error().describe();
    EXPECT_EQ(kifu->format, KifuFormat::sfen);
    EXPECT_EQ(to_sfen(kifu->start), start) << text;
    EXPECT_EQ(to_usi(kifu->moves), "7g7f 3c3d") << text;
  }
  const auto named = read_kifu("position left-lance moves 5a4b");
  ASSERT_TRUE(named) << named.error().describe();
  EXPECT_EQ(to_sfen(named->start), *named_sfen("left-lance"));
  // Nifu is allowed, as in published tsume problems.
  EXPECT_TRUE(read_kifu("4k4/9/9/9/9/P8/P8/9/4K4 b - 1"));
}

TEST(KifuFile, ErrorsNameTheFormatAndThePlace) {
  auto e = read_kifu("\n" + std::string(kStartSfen) + " moves 7g7f 7g7f").error();
  EXPECT_EQ(e.line, 2u);
  EXPECT_EQ(e.offset, std::string(kStartSfen).size() + 12);
  EXPECT_EQ(e.message.rfind("SFEN: ", 0), 0u) << e.message;
  e = read_kifu("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b -").error();
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.offset, 61u);  // the 'X'
  e = read_kifu("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(34)\n").error();
  EXPECT_EQ(e.line, 3u);
  EXPECT_EQ(e.offset, 5u);
  EXPECT_EQ(e.message.rfind("KIF: ", 0), 0u) << e.message;
  EXPECT_FALSE(read_kifu("hello"));
  EXPECT_FALSE(read_kifu(std::string(kStartSfen) + "\n" + std::string(kStartSfen)));
  e = read_kifu("\xFF\xFF").error();
  EXPECT_EQ(e.line, 1u);
}

TEST(KifuFile, ReadsShiftJis) {
  // "手合割：平手\n   1 ７六歩(77)\n" in CP932.
  const std::string hex = "8ee88d878a84814695bd8ee80a20202031208256985a95e0283737290a";
  std::string bytes;
  for (std::size_t i = 0; i < hex.size(); i += 2) bytes += char(std::stoi(hex.substr(i, 2), nullptr, 16));
  const auto kifu = read_kifu(bytes);
  ASSERT_TRUE(kifu) << kifu.error().describe();
  EXPECT_EQ(kifu->format, KifuFormat::kif);
  EXPECT_EQ(to_usi(kifu->moves), "7g7f");
  ASSERT_EQ(kifu->headers.size(), 1u);
  EXPECT_EQ(kifu->headers[0].second, "平手");
}

TEST(KifuFile, GarbageNeverCrashes) {
  std::mt19937 rng(99);
  const std::string texts[] = {std::string(kKif), std::string(kKi2), std::string(kBod),
                               "position startpos moves 7g7f 3c3d 8h2b+"};
  for (const std::string& text : texts) {
    for (std::size_t n = 0; n <= text.size(); ++n) {
      const auto kifu = read_kifu(text.substr(0, n));
      if (!kifu) {
        EXPECT_GE(kifu.error().line, 1u);
      }
    }
    for (int i = 0; i < 300; ++i) {
      std::string mutated = text;
      mutated[rng() % mutated.size()] = char(rng() & 0xFF);
      mutated[rng() % mutated.size()] = char(rng() & 0xFF);
      const auto kifu = read_kifu(mutated);
      if (!kifu) {
        EXPECT_GE(kifu.error().line, 1u);
      }
    }
  }
}

}  // namespace
}  // namespace tsumi::notation

// Tests of notation/notation_words.h: the words of CSA and of KIF for the same header keys and ends.

#include "notation/notation_words.h"

#include <gtest/gtest.h>

namespace tsumi::notation {
namespace {

TEST(EndWords, BetweenCsaAndKif) {
  EXPECT_EQ(csa_end_word("詰み", BLACK), "%TSUMI");
  EXPECT_EQ(csa_end_word("%TSUMI", BLACK), "%TSUMI");
  EXPECT_EQ(csa_end_word("投了", WHITE), "%TORYO");
  EXPECT_EQ(csa_end_word("千日手", WHITE), "%SENNICHITE");
  EXPECT_EQ(csa_end_word("反則負け", BLACK), "%+ILLEGAL_ACTION");
  EXPECT_EQ(csa_end_word("反則負け", WHITE), "%-ILLEGAL_ACTION");
  EXPECT_EQ(csa_end_word("反則勝ち", WHITE), "%+ILLEGAL_ACTION");
  EXPECT_EQ(csa_end_word("what", WHITE), "");
  EXPECT_EQ(kif_end_word("%TORYO", BLACK), "投了");
  EXPECT_EQ(kif_end_word("%KACHI", BLACK), "入玉勝ち");
  EXPECT_EQ(kif_end_word("%+ILLEGAL_ACTION", BLACK), "反則負け");
  EXPECT_EQ(kif_end_word("%+ILLEGAL_ACTION", WHITE), "反則勝ち");
  EXPECT_EQ(kif_end_word("中断", BLACK), "中断");
}

TEST(HeaderKeys, BetweenCsaAndKif) {
  EXPECT_EQ(csa_header_key("棋戦"), "EVENT");
  EXPECT_EQ(csa_header_key("OPENING"), "OPENING");
  EXPECT_EQ(csa_header_key("上手"), "N-");
  EXPECT_EQ(csa_header_key("作者"), "");
  EXPECT_EQ(csa_header_key("lower"), "");
  EXPECT_EQ(kif_header_key("START_TIME"), "開始日時");
  EXPECT_EQ(kif_header_key("N+"), "先手");
  EXPECT_EQ(kif_header_key("表題"), "表題");
}

}  // namespace
}  // namespace tsumi::notation

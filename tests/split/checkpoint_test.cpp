#include "perft/split/checkpoint.h"

#include <cstdio>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/test_data.h"

namespace tsumi::split {
namespace {

CheckpointHeader header(bool stats = true) {
  return {"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -", 7, 2, stats, 900, 0x0123456789abcdefULL};
}

const UnitCount kUnits[] = {{0, 624410, {1, 2, 3, 4, 5}}, {899, 18446744073709551615ULL, {6, 7, 8, 9, 0}}, {17, 3, {}}};

std::string file_text(bool stats = true) {
  std::string text = format_header(header(stats));
  for (const UnitCount& u : kUnits) text += format_unit(u, stats);
  return text;
}

TEST(PerftCheckpoint, TheFormatAsDocumented) {
  EXPECT_EQ(format_header(header()),
            "tsumi-mpi checkpoint 1\nroot lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -\ndepth 7\n"
            "split 2\nstats 1\nunits 900\ndigest 0123456789abcdef\n");
  const std::string line = format_unit(kUnits[0], true);
  EXPECT_EQ(line.substr(0, 24), "unit 0 624410 1 2 3 4 5 ");
  EXPECT_EQ(line.size(), 24 + 16 + 1u);
  EXPECT_EQ(format_unit(kUnits[2], false).substr(0, 10), "unit 17 3 ");
}

TEST(PerftCheckpoint, ReadsWhatItWrites) {
  for (bool stats : {false, true}) {
    CheckpointContents c;
    const std::string text = file_text(stats);
    ASSERT_EQ(read_checkpoint(text, c), std::nullopt);
    EXPECT_EQ(c.header, header(stats));
    ASSERT_EQ(c.units.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
      UnitCount expected = kUnits[i];
      if (!stats) expected.stats = {};
      EXPECT_EQ(c.units[i], expected);
    }
    EXPECT_EQ(c.valid_bytes, text.size());
    EXPECT_FALSE(c.partial_tail);
  }
  CheckpointContents c;
  ASSERT_EQ(read_checkpoint(format_header(header()), c), std::nullopt);  // no unit finished yet
  EXPECT_TRUE(c.units.empty());
}

TEST(PerftCheckpoint, APartialLastLineIsIgnored) {
  const std::string whole = file_text();
  const std::string last = format_unit(kUnits[2], true);
  for (std::size_t cut = 1; cut < last.size(); ++cut) {  // every place a kill can cut the last write
    const std::string text = whole.substr(0, whole.size() - cut);
    CheckpointContents c;
    ASSERT_EQ(read_checkpoint(text, c), std::nullopt) << cut;
    EXPECT_EQ(c.units.size(), 2u);
    EXPECT_TRUE(c.partial_tail);
    EXPECT_EQ(c.valid_bytes, whole.size() - last.size());
  }
  CheckpointContents c;  // a crash can leave zeros at the end of a file
  ASSERT_EQ(read_checkpoint(whole + std::string(100, '\0'), c), std::nullopt);
  EXPECT_EQ(c.units.size(), 3u);
  EXPECT_EQ(c.valid_bytes, whole.size());
}

std::string refusal(const std::string& text) {
  CheckpointContents c;
  const auto e = read_checkpoint(text, c);
  return e ? *e : "(accepted)";
}

TEST(PerftCheckpoint, RefusesCorruptLines) {
  const std::string good = file_text();
  std::string text = good;
  text[text.find("624410")] = '7';  // a changed digit: the checksum fails
  EXPECT_NE(refusal(text).find("line 8: bad checksum"), std::string::npos) << refusal(text);
  text = good;
  text[text.rfind("unit 17") - 2] ^= 1;  // the checksum itself changed, on a line in the middle
  EXPECT_NE(refusal(text).find("line 9: bad checksum"), std::string::npos) << refusal(text);
  const std::string with_stats = format_unit(kUnits[2], true);
  EXPECT_NE(refusal(format_header(header(false)) + with_stats).find("not a unit line"), std::string::npos);
  EXPECT_NE(refusal(good + "hello\n").find("line 11"), std::string::npos);
  EXPECT_NE(refusal(good + "\n").find("line 11"), std::string::npos);
  const UnitCount out_of_range{900, 1, {}};
  EXPECT_NE(refusal(good + format_unit(out_of_range, true)).find("out of range"), std::string::npos);
  const UnitCount other{17, 4, {}};
  EXPECT_NE(refusal(good + format_unit(other, true)).find("twice with different counts"), std::string::npos);
  CheckpointContents c;  // the same counts twice: harmless
  ASSERT_EQ(read_checkpoint(good + format_unit(kUnits[2], true), c), std::nullopt);
  EXPECT_EQ(c.units.size(), 3u);
}

TEST(PerftCheckpoint, RefusesWhatIsNoCheckpoint) {
  const std::string good = file_text();
  EXPECT_NE(refusal("").find("not a tsumi-mpi checkpoint"), std::string::npos);
  EXPECT_NE(refusal("\x7f"
                    "ELF\x02\x01\x01")
                .find("not a tsumi-mpi checkpoint"),
            std::string::npos);
  EXPECT_NE(refusal("Nodes searched: 12\n").find("not a tsumi-mpi checkpoint"), std::string::npos);
  std::string text = good;
  text.replace(text.find("checkpoint 1"), 12, "checkpoint 2");
  EXPECT_NE(refusal(text).find("format"), std::string::npos);
  text = good;
  text.replace(text.find("depth 7"), 7, "depth x");
  EXPECT_NE(refusal(text).find("line 3: bad depth"), std::string::npos);
  text = good;
  text.replace(text.find("split 2"), 7, "split 7");  // not below the depth
  EXPECT_NE(refusal(text).find("line 4"), std::string::npos);
  text = good;
  text.replace(text.find("stats 1"), 7, "stats 2");
  EXPECT_NE(refusal(text).find("line 5"), std::string::npos);
  text = good;
  text.replace(text.find("units 900"), 9, "units -900");
  EXPECT_NE(refusal(text).find("line 6"), std::string::npos);
  text = good;
  text.replace(text.find("digest "), 7, "digets ");
  EXPECT_NE(refusal(text).find("line 7"), std::string::npos);
  EXPECT_NE(refusal(good.substr(0, good.find("units"))).find("incomplete"), std::string::npos);
  for (std::size_t cut = 0; cut < good.size(); ++cut) {  // every prefix and every byte changed: no crash
    CheckpointContents c;
    read_checkpoint(good.substr(0, cut), c);
    std::string changed = good;
    changed[cut] = char(changed[cut] + 1);
    read_checkpoint(changed, c);
  }
}

TEST(PerftCheckpoint, ACheckpointOfAnotherRunIsNamedAsSuch) {
  const CheckpointHeader run = header();
  EXPECT_EQ(checkpoint_mismatch(run, run), std::nullopt);
  CheckpointHeader file = run;
  file.depth = 6;
  EXPECT_EQ(*checkpoint_mismatch(file, run), "it is the checkpoint of another run: depth 6 in the file, 7 in this run");
  file = run;
  file.root = "4k4/9/9/9/9/9/9/9/4K4 b -";
  EXPECT_NE(checkpoint_mismatch(file, run)->find("root"), std::string::npos);
  file = run;
  file.split_depth = 3;
  EXPECT_NE(checkpoint_mismatch(file, run)->find("split depth 3"), std::string::npos);
  file = run;
  file.stats = false;
  EXPECT_NE(checkpoint_mismatch(file, run)->find("--stats off"), std::string::npos);
  file = run;
  file.digest ^= 1;
  EXPECT_NE(checkpoint_mismatch(file, run)->find("unit list"), std::string::npos);
}

TEST(PerftCheckpoint, TheWriterCreatesAppendsAndCutsAPartialLine) {
  const std::string path = test::temp_path("checkpoint.txt");
  std::remove(path.c_str());
  {
    CheckpointWriter w;
    ASSERT_EQ(w.create(path, header()), std::nullopt);
    ASSERT_EQ(w.append(kUnits[0], true), std::nullopt);
    ASSERT_EQ(w.append(kUnits[1], true), std::nullopt);
  }
  EXPECT_EQ(test::read_file(path),
            format_header(header()) + format_unit(kUnits[0], true) + format_unit(kUnits[1], true));
  {
    CheckpointWriter w;  // an existing file is not overwritten
    const auto e = w.create(path, header());
    ASSERT_NE(e, std::nullopt);
    EXPECT_NE(e->find("--resume"), std::string::npos);
  }
  const std::string before = test::read_file(path);
  test::temp_file("checkpoint.txt", before + "unit 17 3 1 2");  // a torn line
  CheckpointContents c;
  ASSERT_EQ(read_checkpoint(test::read_file(path), c), std::nullopt);
  EXPECT_TRUE(c.partial_tail);
  {
    CheckpointWriter w;
    ASSERT_EQ(w.reopen(path, c.valid_bytes), std::nullopt);
    ASSERT_EQ(w.append(kUnits[2], true), std::nullopt);
  }
  EXPECT_EQ(test::read_file(path), before + format_unit(kUnits[2], true));
  std::remove(path.c_str());
  CheckpointWriter w;
  EXPECT_NE(w.reopen(path, 0), std::nullopt);  // nothing to reopen
  EXPECT_NE(w.create(test::temp_path("no/such/dir/checkpoint.txt"), header()), std::nullopt);
}

}  // namespace
}  // namespace tsumi::split

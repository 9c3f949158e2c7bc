// make-notation-data.mjs: writes positions/notation/ (KIF, KI2, CSA and BOD files and their
// manifest.txt) with tsshogi, the rules and notation library of the ShogiHome GUI
// (https://github.com/sunfish-shogi/tsshogi, MIT), an implementation independent of tsumi.
//
// A tool run by hand, once; never by the build or the tests. It needs tsshogi installed OUTSIDE the
// project (the project has no node dependency):
//
//   mkdir -p /tmp/tsshogi-work && cd /tmp/tsshogi-work && npm init -y && npm install tsshogi
//   cd /tmp/tsshogi-work && node /path/to/tsumi/scripts/tsshogi/make-notation-data.mjs [OUT_DIR]
//
// tsshogi is resolved from the current directory (or from $TSSHOGI_DIR). OUT_DIR defaults to
// positions/notation/ next to this script's project. Needs `iconv` for the one Shift_JIS file.
//
// Every expected value in manifest.txt (start SFEN, USI moves) is read back from tsshogi's own
// Record, not from tsumi. The tsume solutions below are the lines `tsumi mate --sfen ... --hash 64`
// printed; tsshogi checks each move's legality when the line is played.

import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const require = createRequire(path.join(process.env.TSSHOGI_DIR ?? process.cwd(), "noop.js"));
const ts = require("tsshogi");
const tsVersion = JSON.parse(
  // dist/cjs/index.cjs -> package.json (the package exports no ./package.json)
  fs.readFileSync(path.join(path.dirname(require.resolve("tsshogi")), "..", "..", "package.json"), "utf-8"),
).version;
const {
  Record,
  RecordMetadataKey,
  SpecialMoveType,
  InitialPositionSFEN,
  Move,
  Position,
  countNotExistingPieces,
  exportKIF,
  exportKI2,
  exportCSA,
  exportBOD,
  importKIF,
  importKI2,
  importCSA,
} = ts;

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const outDir = path.resolve(process.argv[2] ?? path.join(root, "positions", "notation"));
const suite = fs.readFileSync(path.join(root, "positions", "tsume-public.txt"), "utf-8");

function tsumeSFEN(id) {
  for (const line of suite.split("\n")) {
    if (line.startsWith("#")) continue;
    const fields = line.split("\t");
    if (fields.includes("id=" + id)) return fields[0];
  }
  throw new Error("no problem id=" + id + " in tsume-public.txt");
}

// The defender's hand made "the rest": every piece of the 40 not on the board or in the
// attacker's hand, counted by tsshogi (countNotExistingPieces).
function withRestInDefenderHand(sfen) {
  const pos = Position.newBySFEN(sfen);
  if (!pos) throw new Error("bad SFEN " + sfen);
  const defender = pos.color === "black" ? pos.whiteHand : pos.blackHand;
  const rest = countNotExistingPieces(pos);
  for (const [type, n] of Object.entries(rest)) {
    if (n > 0 && type !== "king") defender.add(type, n); // the missing attacker king stays missing
  }
  return pos.sfen;
}

// No START_DATETIME in the metadata: tsshogi 2.2.0's CSA writer drops its date
// ("$START_TIME:" + value.slice(10) writes "$START_TIME: 10:00:00"), which is no CSA.

const entries = [
  {
    name: "tsume3-drop-nonpromotion",
    note: "tsume-public id=tanuki3-172: mate in 3, two drops, a knight that does not promote (1e2c)",
    sfen: tsumeSFEN("tanuki3-172"),
    usi: "L*1c P*1b 1e2c",
    end: SpecialMoveType.MATE,
    title: "tanuki3-172",
  },
  {
    name: "tsume5-promotion",
    note: "tsume-public id=tanuki5-296: mate in 5, drops, 4a3b+ needs 左 in KI2",
    sfen: tsumeSFEN("tanuki5-296"),
    usi: "S*2a 1b2b 4a3b+ 2b1a R*1b",
    end: SpecialMoveType.MATE,
    title: "tanuki5-296",
  },
  {
    name: "tsume7-nonpromotion",
    note: "tsume-public id=tanuki7-22: mate in 7, two promotions, a silver that does not promote (1a2b)",
    sfen: tsumeSFEN("tanuki7-22"),
    usi: "1a2b 1c1b 1f2d 1b2c 2b1c+ 2c1c 3b1b+",
    end: SpecialMoveType.MATE,
    title: "tanuki7-22",
  },
  {
    name: "tsume-rest",
    note:
      "tsume-public id=antma-tsume3-2 (its SFEN leaves the defender's hand out): the defender's hand " +
      "completed to the rest of the 40 pieces by tsshogi; 4a5b is 同銀左",
    sfen: withRestInDefenderHand(tsumeSFEN("antma-tsume3-2")),
    usi: "1f5b+ 4a5b S*4b",
    end: SpecialMoveType.MATE,
    title: "antma-tsume3-2",
  },
  {
    name: "tsume7-white-attacker",
    note:
      "tsume-public id=yo-mate7-8: a real-game mate in 7, white (後手) to move and mate, both " +
      "kings on the board, 6h5h... needs 寄 (7h6h: ６八龍寄)",
    sfen: tsumeSFEN("yo-mate7-8"),
    usi: "4e6g 5h4h 7h6h 5i6h 7i6h R*5h 6h5h",
    end: SpecialMoveType.MATE,
    title: "yo-mate7-8",
  },
  {
    name: "hirate-10",
    note:
      "the start position, 10 moves: a capture with promotion (8h2b+), a recapture (同銀), a drop " +
      "(B*4e), captures; times, comments, black resigns",
    sfen: InitialPositionSFEN.STANDARD,
    usi: "7g7f 3c3d 8h2b+ 3a2b B*4e 8c8d 4e3d 2b3c 3d2c+ 8d8e",
    times: [3000, 5000, 65000, 1000, 12000, 3723000, 0, 59000, 2000, 61000],
    comments: { 0: "初期局面のコメント", 3: "角交換\n二行目のコメント" },
    end: SpecialMoveType.RESIGN,
    metadata: {
      [RecordMetadataKey.TITLE]: "tsumi notation test: hirate",
      [RecordMetadataKey.BLACK_NAME]: "先手太郎",
      [RecordMetadataKey.WHITE_NAME]: "後手花子",
    },
  },
  {
    name: "handicap-2pieces",
    note: "二枚落ち, white (上手) moves first; 6a5b is ☖５二金右; ends with 中断",
    sfen: InitialPositionSFEN.HANDICAP_2PIECES,
    usi: "6c6d 7g7f 5a4b 2g2f 6a5b 2f2e",
    end: SpecialMoveType.INTERRUPT,
    metadata: {
      [RecordMetadataKey.SHITATE_NAME]: "下手",
      [RecordMetadataKey.UWATE_NAME]: "上手",
    },
  },
  {
    name: "handicap-lance",
    note: "香落ち (the 1a lance), white (上手) moves first; no end marker",
    sfen: InitialPositionSFEN.HANDICAP_LANCE,
    usi: "3c3d 7g7f 4a3b 2g2f 8c8d 2f2e",
  },
  {
    name: "ki2-disambiguation",
    note:
      "a made-up position (white holds the rest) whose black moves need KI2's 直, 引, 上, 右, 寄 and 打: " +
      "５八金直 ７五銀引 ２七銀上 ２五龍右 ７八と寄 ５九金打",
    sfen: "4k4/9/9/1S7/6+R1+R/1S4S2/9/1+P4S2/K1+PGGG3 b G2b4n4l16p 1",
    usi: "5i5h 5a4a 8d7e 4a5a 3h2g 5a4a 1e2e 4a5a 8h7h 5a4a G*5i 4a5a",
  },
];

function build(entry) {
  const r = Record.newByUSI("sfen " + entry.sfen);
  if (r instanceof Error) throw new Error(entry.name + ": " + r.message);
  for (const [key, value] of Object.entries(entry.metadata ?? {})) {
    r.metadata.setStandardMetadata(key, value);
  }
  if (entry.title) r.metadata.setStandardMetadata(RecordMetadataKey.TITLE, entry.title);
  if (entry.comments?.[0]) r.current.comment = entry.comments[0];
  entry.usi.split(" ").forEach((usi, i) => {
    const move = r.position.createMoveByUSI(usi);
    if (!move || !r.append(move)) throw new Error(entry.name + ": illegal move " + usi);
    if (entry.times) r.current.setElapsedMs(entry.times[i]);
    if (entry.comments?.[i + 1]) r.current.comment = entry.comments[i + 1];
  });
  if (entry.end) r.append(entry.end);
  return r;
}

// What tsshogi itself says the record is: start SFEN and the USI of the moves.
function summary(record) {
  const moves = record.moves.filter((n) => n.move instanceof Move).map((n) => n.move.usi);
  return { sfen: record.initialPosition.sfen, moves: moves.join(" ") };
}

fs.mkdirSync(outDir, { recursive: true });
const manifest = [];
const checks = [];
const header =
  `tsumi notation test data, written by tsshogi ${tsVersion} (MIT) via ` +
  `scripts/tsshogi/make-notation-data.mjs; not by tsumi.`;

for (const entry of entries) {
  const r = build(entry);
  const { sfen, moves } = summary(r);
  const comment = header + "\n" + entry.note;

  const files = {
    kif: exportKIF(r, { comment }),
    ki2: exportKI2(r),
    csa: exportCSA(r, { comment }),
  };
  for (const [ext, text] of Object.entries(files)) {
    const file = `${entry.name}.${ext}`;
    fs.writeFileSync(path.join(outDir, file), text, "utf-8");
    manifest.push([file, sfen, moves]);
    checks.push({ file, ext, sfen, moves });
  }

  // BOD: tsume problems as set (手数＝0), games at their last move (手数＝N and that move).
  const lastMovePly = r.moves.filter((n) => n.move instanceof Move).length;
  r.goto(entry.end === SpecialMoveType.MATE ? 0 : lastMovePly);
  const bodFile = `${entry.name}.bod`;
  const bodSFEN = r.position.getSFEN(r.current.ply + 1);
  fs.writeFileSync(path.join(outDir, bodFile), exportBOD(r), "utf-8");
  manifest.push([bodFile, bodSFEN, ""]);
  checks.push({ file: bodFile, ext: "bod", sfen: bodSFEN, moves: "" });
}

// One Shift_JIS (CP932) KIF, converted with iconv from the UTF-8 one.
{
  const src = "hirate-10.kif";
  const dst = "hirate-10-sjis.kif";
  const sjis = execFileSync("iconv", ["-f", "UTF-8", "-t", "CP932", path.join(outDir, src)]);
  fs.writeFileSync(path.join(outDir, dst), sjis);
  const row = manifest.find((m) => m[0] === src);
  manifest.push([dst, row[1], row[2]]);
  checks.push({ file: dst, ext: "kif", sfen: row[1], moves: row[2], encoding: "shift_jis" });
}

// Re-import every file with tsshogi and compare with what was meant.
let failed = 0;
for (const c of checks) {
  const bytes = fs.readFileSync(path.join(outDir, c.file));
  const text = new TextDecoder(c.encoding ?? "utf-8", { fatal: true }).decode(bytes);
  const rec =
    c.ext === "ki2" ? importKI2(text) : c.ext === "csa" ? importCSA(text) : importKIF(text);
  let ok = !(rec instanceof Error);
  let got = ok ? summary(rec) : { sfen: String(rec), moves: "" };
  if (ok && c.ext === "bod") {
    // tsshogi reads the diagram as an initial position (move number 1); compare without it.
    const cut = (s) => s.split(" ").slice(0, 3).join(" ");
    ok = cut(got.sfen) === cut(c.sfen) && got.moves === "";
  } else if (ok) {
    ok = got.sfen === c.sfen && got.moves === c.moves;
  }
  if (!ok) failed++;
  console.log(`${ok ? "OK  " : "FAIL"} ${c.file}\t${got.sfen}\t${got.moves}`);
}

const manifestText =
  [
    `# notation/manifest.txt: written by scripts/tsshogi/make-notation-data.mjs with tsshogi ${tsVersion}.`,
    "# One line per file, tab-separated: <file> <start SFEN> <USI moves, space-separated; empty for .bod>.",
    "# <start SFEN> is tsshogi's Record.initialPosition.sfen (hands in the order R B G S N L P, black's",
    "# first; move number 1) and <USI moves> the usi of each move tsshogi read, both from tsshogi, not",
    "# tsumi. End markers (投了, 中断, 詰み / %TORYO, %CHUDAN, %TSUMI) are not moves and not listed.",
    "# For a .bod the SFEN is the diagram's position, its move number 手数＝N plus 1 (0 for tsume",
    "# problems, the last move for games). Tsume problems keep the defender's hand as tsshogi holds it.",
    ...manifest.map((m) => m.join("\t")),
  ].join("\n") + "\n";
fs.writeFileSync(path.join(outDir, "manifest.txt"), manifestText, "utf-8");

if (failed) {
  console.error(`${failed} file(s) did not read back`);
  process.exit(1);
}

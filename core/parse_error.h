#pragma once
// The error every text parser returns: what is wrong and where, never an exception or a crash.

#include <cstddef>
#include <string>
#include <utility>
#include <variant>

namespace tsumi {

struct ParseError {
  std::string message;
  std::size_t offset = 0;  // 0-based index into the parsed text (bytes) where the problem starts; when line
                           // is set, into that line, counted in characters (code points: notation/ files)
  std::size_t line = 0;    // 1-based line of a many-line text (KIF, CSA); 0: the text is one line

  // "at column N: message", or "at line L, column N: message" (columns count from 1).
  std::string describe() const {
    const std::string column = "column " + std::to_string(offset + 1) + ": " + message;
    return line == 0 ? "at " + column : "at line " + std::to_string(line) + ", " + column;
  }
};

// A parsed value or the reason there is none.
template <class T>
class ParseResult {
 public:
  ParseResult(T value) : v_(std::move(value)) {}           // NOLINT(google-explicit-constructor)
  ParseResult(ParseError error) : v_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const { return std::get<0>(v_); }
  T& value() { return std::get<0>(v_); }
  const T& operator*() const { return value(); }
  const T* operator->() const { return &value(); }
  const ParseError& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, ParseError> v_;
};

}  // namespace tsumi

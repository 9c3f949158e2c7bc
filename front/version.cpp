#include "front/version.h"

#include "core/platform.h"

// The one place the build's identity comes in (front/CMakeLists.txt).
#ifndef TSUMI_VERSION
#define TSUMI_VERSION "unknown"
#endif
#ifndef TSUMI_BUILD_TYPE
#define TSUMI_BUILD_TYPE ""
#endif
#ifndef TSUMI_SANITIZERS
#define TSUMI_SANITIZERS ""
#endif

namespace tsumi::front {

std::string version() { return TSUMI_VERSION; }

std::string compiler_name() {
#if defined(__clang__)
  return "Clang " __clang_version__;
#elif defined(__GNUC__)
  return "GCC " __VERSION__;
#else
  return "unknown compiler";
#endif
}

std::string build_type() {
  std::string type = *TSUMI_BUILD_TYPE ? TSUMI_BUILD_TYPE : "unknown";
  if (*TSUMI_SANITIZERS) type += std::string(" (") + TSUMI_SANITIZERS + ")";
  return type;
}

std::string version_line() {
  return "tsumi " + version() + " (" + kSimdName + ", " + compiler_name() + ", " + build_type() + ")";
}

}  // namespace tsumi::front

#include <limits>

#include <windows.h>

#include "core/page_memory.h"

namespace tsumi::page_memory {

namespace {

// The system's message for `code`, without its line end.
std::string system_message(DWORD code) {
  char* text = nullptr;
  const DWORD n =
      FormatMessageA(FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
                     nullptr, code, 0, reinterpret_cast<char*>(&text), 0, nullptr);
  std::string s = n > 0 && text ? std::string(text, n) : "error " + std::to_string(code);
  if (text) LocalFree(text);
  while (!s.empty() && (s.back() == '\n' || s.back() == '\r' || s.back() == ' ' || s.back() == '.')) s.pop_back();
  return s;
}

// Enables "Lock pages in memory" in the process token; false where the user does not hold it (the
// default: an administrator grants it in Local Security Policy, then the user logs in again).
bool enable_lock_memory_privilege() {
  HANDLE token = nullptr;
  if (!OpenProcessToken(GetCurrentProcess(), TOKEN_ADJUST_PRIVILEGES | TOKEN_QUERY, &token)) return false;
  TOKEN_PRIVILEGES tp{};
  tp.PrivilegeCount = 1;
  tp.Privileges[0].Attributes = SE_PRIVILEGE_ENABLED;
  bool ok = LookupPrivilegeValueA(nullptr, "SeLockMemoryPrivilege", &tp.Privileges[0].Luid) &&
            AdjustTokenPrivileges(token, FALSE, &tp, 0, nullptr, nullptr) &&
            GetLastError() == ERROR_SUCCESS;  // ERROR_NOT_ALL_ASSIGNED: the user lacks it
  CloseHandle(token);
  return ok;
}

}  // namespace

Pages map(std::size_t bytes, std::string& error) {
  Pages pages;
  pages.bytes = bytes;
  const SIZE_T large = GetLargePageMinimum();
  if (large > 0 && bytes % large == 0 && enable_lock_memory_privilege()) {
    pages.data = VirtualAlloc(nullptr, bytes, MEM_RESERVE | MEM_COMMIT | MEM_LARGE_PAGES, PAGE_READWRITE);
    if (pages.data) {
      pages.huge_pages = "explicit";
      return pages;
    }
  }
  pages.data = VirtualAlloc(nullptr, bytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
  if (!pages.data) error = system_message(GetLastError());
  return pages;
}

void unmap(const Pages& pages) {
  if (pages.data) VirtualFree(pages.data, 0, MEM_RELEASE);
}

std::size_t physical_bytes() {
  MEMORYSTATUSEX status{};
  status.dwLength = sizeof status;
  if (!GlobalMemoryStatusEx(&status)) return 0;
  return std::size_t(status.ullTotalPhys);
}

std::size_t address_space_limit() { return std::numeric_limits<std::size_t>::max(); }

const char* limit_sources() { return "physical memory"; }

}  // namespace tsumi::page_memory

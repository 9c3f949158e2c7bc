// The translation unit that tests/CMakeLists.txt's target tsumi_test_headers needs to build the
// precompiled header every test program reuses (the system headers most of them parse). Nothing here.

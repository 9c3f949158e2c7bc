# `cmake --install <build> --prefix P` puts the tsumi executable in P/bin, the static libraries in P/lib,
# the headers of core/, perft/, notation/, solver/ and compose/ in P/include/tsumi/{core,perft,notation,solver,compose}
# (they include each other as "core/x.h", so the include directory is P/include/tsumi), and a CMake
# package in P/lib/cmake/tsumi: find_package(tsumi CONFIG) gives tsumi::core, tsumi::perft,
# tsumi::notation, tsumi::solver and tsumi::compose. Tests, benches, the fronts' library and the `tsumi bench` library are not installed.
include(CMakePackageConfigHelpers)

# What tsumi::options passes on to consumers. Warnings, -Werror and the sanitizers' tuning stay in this
# build ($<BUILD_INTERFACE:...> in the top-level CMakeLists.txt). Two things must follow the libraries:
#  - The SIMD path. The headers hold inline SIMD code (bitboard.h, attacks.h) chosen by core/platform.h
#    from __AVX2__ / __SSE4_1__ / __SSSE3__ and TSUMI_FORCE_SCALAR; a consumer that compiled them for
#    another path would hold a second, different definition of the same inline functions (an ODR
#    violation: the linker keeps either copy, so the library's hot paths could silently run the other
#    path). TSUMI_SIMD=avx2, sse and scalar export their own flag unchanged (-march=x86-64-v3,
#    -march=x86-64-v2, -DTSUMI_FORCE_SCALAR). -march=native is not exported: it means another CPU on the
#    consumer's machine. It is replaced by the least that makes platform.h take the path it took here:
#    -mavx2, -msse4.1 -mssse3, or -DTSUMI_FORCE_SCALAR (probed below with this compiler). The libraries'
#    own objects keep -march=native, so what links them still runs only on a CPU like this one.
#  - The sanitizer (-fsanitize=, top-level CMakeLists.txt): instrumented objects need its runtime at
#    link time, and ThreadSanitizer needs every access instrumented. Installing such a build is for
#    testing only.
# The headers are C++20, so consumers get at least that standard.
target_compile_features(tsumi_options INTERFACE cxx_std_20)
if(TSUMI_SIMD STREQUAL "native")
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS -march=native)
  set(CMAKE_REQUIRED_INCLUDES ${PROJECT_SOURCE_DIR})
  set(CMAKE_REQUIRED_QUIET ON)
  check_cxx_source_compiles("#include \"core/platform.h\"\n#if !TSUMI_HAS_AVX2\n#error\n#endif\nint main() {}"
                            TSUMI_NATIVE_HAS_AVX2)
  check_cxx_source_compiles("#include \"core/platform.h\"\n#if !TSUMI_HAS_SSE\n#error\n#endif\nint main() {}"
                            TSUMI_NATIVE_HAS_SSE)
  unset(CMAKE_REQUIRED_FLAGS)
  unset(CMAKE_REQUIRED_INCLUDES)
  unset(CMAKE_REQUIRED_QUIET)
  if(TSUMI_NATIVE_HAS_AVX2)
    target_compile_options(tsumi_options INTERFACE $<INSTALL_INTERFACE:-mavx2>)
  elseif(TSUMI_NATIVE_HAS_SSE)
    target_compile_options(tsumi_options INTERFACE "$<INSTALL_INTERFACE:-msse4.1;-mssse3>")
  else()
    target_compile_definitions(tsumi_options INTERFACE $<INSTALL_INTERFACE:TSUMI_FORCE_SCALAR>)
  endif()
endif()

set_target_properties(tsumi_options PROPERTIES EXPORT_NAME options)
set_target_properties(tsumi_core PROPERTIES EXPORT_NAME core)
set_target_properties(tsumi_perft PROPERTIES EXPORT_NAME perft)
set_target_properties(tsumi_notation PROPERTIES EXPORT_NAME notation)
set_target_properties(tsumi_solver PROPERTIES EXPORT_NAME solver)
set_target_properties(tsumi_compose PROPERTIES EXPORT_NAME compose)
install(TARGETS tsumi_options tsumi_core tsumi_perft tsumi_notation tsumi_solver tsumi_compose EXPORT tsumiTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
foreach(dir IN ITEMS core perft notation solver compose)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${dir}/ DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/tsumi/${dir}
          FILES_MATCHING PATTERN "*.h")
endforeach()

set(tsumi_package_dir ${CMAKE_INSTALL_LIBDIR}/cmake/tsumi)
install(EXPORT tsumiTargets NAMESPACE tsumi:: DESTINATION ${tsumi_package_dir})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/tsumiConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/tsumiConfig.cmake INSTALL_DESTINATION ${tsumi_package_dir})
# Before 1.0 a minor version may change the interface, so only the same major.minor is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/tsumiConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/tsumiConfig.cmake ${PROJECT_BINARY_DIR}/tsumiConfigVersion.cmake
        DESTINATION ${tsumi_package_dir})

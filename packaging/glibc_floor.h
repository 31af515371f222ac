/* Included in every file packaging/build_python.sh compiles. glibc 2.35 gave hypot() a new
 * symbol version (only its error reporting changed); tied to its first one, CPython asks
 * for no C library newer than Qt 6.11 does (2.34: RHEL 9). */
__asm__(".symver hypot,hypot@GLIBC_2.2.5");

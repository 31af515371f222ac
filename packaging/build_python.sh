#!/bin/sh
# Build the CPython a release's Linux bundle runs on, for the oldest C library the bundle
# supports (glibc 2.34: RHEL 9 and its rebuilds, Ubuntu 22.04, Debian 12, Fedora 35 and later).
#
#     packaging/build_python.sh PREFIX        (`make release-bundle` runs it; some 3 minutes)
#
# A program asks for the newest version of each C library function it calls that the build
# machine's library has. CPython's math module calls hypot(), which glibc 2.35 gave a new
# version (only its error reporting changed), so an interpreter built on a newer system needs
# 2.35 and RHEL 9 refuses it; Qt 6.11, the other floor, needs 2.34. This build ties hypot() to
# its first version with the C compiler's .symver directive (glibc_floor.h, included in every
# file compiled), and the bundle's check (bundle_linux.required_glibc) then finds 2.34.
#
# The source is Debian 12's python3.11: the upstream release 3.11.2 and Debian's security fixes
# of it (the patches named for a CVE or a CPython issue; Debian's own changes of the install
# layout are left out), downloaded from deb.debian.org and checked against their SHA-256.
# Needs curl, a C compiler, make, patch and the headers of OpenSSL, SQLite, libffi, zlib, bzip2,
# liblzma and libuuid (Debian: libssl-dev libsqlite3-dev libffi-dev zlib1g-dev libbz2-dev
# liblzma-dev uuid-dev).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
prefix=${1:?usage: packaging/build_python.sh PREFIX}
case $prefix in /*) ;; *) prefix=$(pwd)/$prefix ;; esac
work=${BUILD_PYTHON_WORK:-$(pwd)/build/python-source}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
pool="$mirror/pool/main/p/python3.11"
upstream=python3.11_3.11.2.orig.tar.gz
upstream_sha256=2411c74bda5bbcfcddaf4531f66d1adc73f247f529aee981b029513aefdbf849
debian=python3.11_3.11.2-6+deb12u8.debian.tar.xz
debian_sha256=ece2d63c70ac0b7a401fbe6b51b0103be997c294a01a3865549be1862794ba97

mkdir -p "$work"
cd "$work"
for pair in "$upstream $upstream_sha256" "$debian $debian_sha256"; do
    set -- $pair
    if ! echo "$2  $1" | sha256sum -c --status 2>/dev/null; then
        curl -fsSL -o "$1" "$pool/$(echo "$1" | sed 's/+/%2B/g')"
        echo "$2  $1" | sha256sum -c --quiet
    fi
done
rm -rf Python-3.11.2 debian
tar -xzf "$upstream"
tar -xJf "$debian"
cd Python-3.11.2
grep -E 'CVE|gh-[0-9]|crash|nullptr|deadlock' ../debian/patches/series | while read -r patch; do
    patch -p1 --quiet --forward < "../debian/patches/$patch"
done
# Debian builds pyexpat into the interpreter; built as a module, as here, the internal header
# its security fix includes asks to be told so.
sed -i '1i #ifndef Py_BUILD_CORE_BUILTIN\n#  define Py_BUILD_CORE_MODULE 1\n#endif' Modules/pyexpat.c
# Each step's output goes to a log in $work, shown in part only when the step fails.
step() {
    log="$work/$1.log"
    shift
    "$@" > "$log" 2>&1 || { tail -n 40 "$log" >&2; echo "failed: $* (whole log: $log)" >&2; exit 1; }
}
step configure ./configure --prefix="$prefix" --enable-shared \
    LDFLAGS="-Wl,-rpath,$prefix/lib" CFLAGS="-include $here/glibc_floor.h"
step make make -j"$(nproc)"
step install make install
# configure leaves out a module whose library headers are missing, and make goes on without it.
for module in ssl sqlite3 lzma bz2 ctypes uuid pyexpat zlib; do
    "$prefix/bin/python3.11" -c "import $module" 2>/dev/null || {
        echo "the built Python has no $module module: install the headers named at the top of $0 (see $work/make.log), then run it again" >&2
        exit 1
    }
done
echo "built $("$prefix/bin/python3.11" -c 'import platform; print(platform.python_version())') in $prefix"

#!/bin/sh
# @PROGRAM@: the standalone bundle's launcher (packaging/bundle_linux.py writes it from this
# template). What app/ holds needs GNU C library @MINIMUM_GLIBC@; on an older system the dynamic
# loader would stop it with a list of missing symbol versions, so this says so in one sentence
# first, then starts @PROGRAM@ with every argument unchanged. Shell built-ins only, but for
# getconf (and readlink when started through a link): the command line's whole start is some
# 30 ms, and each program run here would add one or two.
minimum="@MINIMUM_GLIBC@"
if [ -L "$0" ]; then
    self=$(readlink -f "$0")
else
    self=$0
fi
case $self in
    */*) here=${self%/*} ;;
    *) here=. ;;
esac
found=$(getconf GNU_LIBC_VERSION 2>/dev/null)
case $found in
    "glibc "[0-9]*.[0-9]*) found=${found#glibc }; found=${found%%[!0-9.]*} ;;
    *) found= ;;
esac
if [ -z "$found" ]; then
    echo "LexSub Studio needs a Linux system with the GNU C library (glibc) $minimum or newer, and this system's C library is not glibc." >&2
    exit 1
fi
found_major=${found%%.*}
found_minor=${found#*.}
found_minor=${found_minor%%.*}
minimum_major=${minimum%%.*}
minimum_minor=${minimum#*.}
if [ "$found_major" -lt "$minimum_major" ] ||
   { [ "$found_major" -eq "$minimum_major" ] && [ "$found_minor" -lt "$minimum_minor" ]; }; then
    echo "LexSub Studio needs the GNU C library (glibc) $minimum or newer (@SYSTEMS@), and this system has glibc $found." >&2
    exit 1
fi
@START@

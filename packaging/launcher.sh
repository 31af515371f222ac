#!/bin/sh
# @PROGRAM@: the standalone bundle's launcher (packaging/bundle_linux.py writes it from this
# template). The program in app/ needs GNU C library @MINIMUM_GLIBC@; on an older system the
# dynamic loader would stop it with a list of missing symbol versions, so this says so in one
# sentence first, then starts the program as @PROGRAM@ with every argument unchanged.
minimum="@MINIMUM_GLIBC@"
here=$(dirname "$(readlink -f "$0")")
found=$(getconf GNU_LIBC_VERSION 2>/dev/null | sed -n 's/^glibc \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p')
if [ -z "$found" ]; then
    echo "LexSub Studio needs a Linux system with the GNU C library (glibc) $minimum or newer, and this system's C library is not glibc." >&2
    exit 1
fi
found_major=${found%%.*}
found_minor=${found#*.}
minimum_major=${minimum%%.*}
minimum_minor=${minimum#*.}
if [ "$found_major" -lt "$minimum_major" ] ||
   { [ "$found_major" -eq "$minimum_major" ] && [ "$found_minor" -lt "$minimum_minor" ]; }; then
    echo "LexSub Studio needs the GNU C library (glibc) $minimum or newer (@SYSTEMS@), and this system has glibc $found." >&2
    exit 1
fi
LEXSUB_BUNDLE_PROGRAM=@PROGRAM@
export LEXSUB_BUNDLE_PROGRAM
exec "$here/app/lexsub-studio" "$@"

#!/bin/sh
# Start the built bundle (dist/lexsub-studio, `make bundle`) on other Linux systems, each in a
# throwaway chroot made by debootstrap: the launcher's refusal on an older C library, and
# `lexsub --version`, `lexsub score` and the offscreen self-test on systems new enough.
# Needs root, debootstrap and the network (Debian's and Ubuntu's mirrors); takes some minutes
# a system the first time. The chroots stay in $CHROOTS (default /tmp/chroots) for next time.
#
#   sudo packaging/check_on_other_systems.sh bullseye jammy bookworm
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
bundle="$here/dist/lexsub-studio"
chroots=${CHROOTS:-/tmp/chroots}
[ -x "$bundle/lexsub" ] || { echo "no bundle at $bundle: run make bundle first" >&2; exit 2; }
# What Qt's offscreen platform loads from the system (packaging/README.md, "System requirements").
desktop_libraries="libegl1 libgl1 libopengl0 libxkbcommon0 libfontconfig1 libfreetype6 libglib2.0-0 libdbus-1-3 libexpat1 fonts-dejavu-core"
for suite in "$@"; do
    case "$suite" in
        focal|jammy|noble) mirror=http://archive.ubuntu.com/ubuntu; options=--no-check-gpg ;;
        *) mirror=http://deb.debian.org/debian; options= ;;
    esac
    root="$chroots/$suite"
    if [ ! -x "$root/bin/sh" ]; then
        debootstrap $options --variant=minbase "$suite" "$root" "$mirror" >/dev/null
    fi
    rm -rf "$root/opt/lexsub-studio"
    cp -a "$bundle" "$root/opt/lexsub-studio"
    echo "== $suite: $(chroot "$root" getconf GNU_LIBC_VERSION)"
    if ! chroot "$root" /opt/lexsub-studio/lexsub --version; then
        continue  # the launcher said why
    fi
    chroot "$root" sh -c "apt-get install -y -qq --no-install-recommends $desktop_libraries >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq --no-install-recommends $desktop_libraries >/dev/null)"
    demo=/opt/lexsub-studio/app/_internal/lexsub_studio/data/demo
    chroot "$root" /opt/lexsub-studio/lexsub score "$demo/systems/alpha.best" "$demo/gold" | tail -1
    # /proc inside the chroot for the self-test's cold start figure (the process's start time).
    chroot "$root" sh -c 'mount -t proc proc /proc; HOME=/tmp QT_QPA_PLATFORM=offscreen /opt/lexsub-studio/lexsub-studio --self-test; status=$?; umount /proc; exit $status' | grep -E "painted|self-test|FAIL"
done

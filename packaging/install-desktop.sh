#!/bin/sh
# Put LexSub Studio into the desktop's menus and file associations (freedesktop.org layout):
#
#   packaging/install-desktop.sh [--exec PROGRAM] [--prefix DATA_DIR] [--uninstall]
#
# PROGRAM is what the menu entry starts: `lexsub-studio` found on PATH (pipx, a venv on PATH;
# the default) or the full path of the standalone app's program (`.../lexsub-studio/lexsub-studio`).
# DATA_DIR is where the files go: $XDG_DATA_HOME, else ~/.local/share (the default, for you
# alone); /usr/local/share for everyone (as root). It writes
#
#   applications/io.github.lexsub_studio.LexSubStudio.desktop      (Exec= set to PROGRAM)
#   metainfo/io.github.lexsub_studio.LexSubStudio.metainfo.xml
#   mime/packages/io.github.lexsub_studio.LexSubStudio.xml         (*.lexsubpkg)
#   icons/hicolor/<N>x<N>/apps/io.github.lexsub_studio.LexSubStudio.png, N = 16 ... 512
#   icons/hicolor/scalable/apps/io.github.lexsub_studio.LexSubStudio.svg
#
# then refreshes the MIME, desktop and icon caches with whichever of update-mime-database,
# update-desktop-database and gtk-update-icon-cache is installed. --uninstall removes those
# files and refreshes the caches again. packaging/README.md ("Desktop integration") says more.
set -eu

APP_ID=io.github.lexsub_studio.LexSubStudio
HERE=$(cd "$(dirname "$0")" && pwd)
program=lexsub-studio
data_dir=${XDG_DATA_HOME:-${HOME}/.local/share}
uninstall=no

fail() {
    echo "install-desktop.sh: error: $*" >&2
    exit 2
}

while [ $# -gt 0 ]; do
    case $1 in
        --exec) [ $# -ge 2 ] || fail "--exec needs a program"; program=$2; shift 2 ;;
        --prefix) [ $# -ge 2 ] || fail "--prefix needs a folder"; data_dir=$2; shift 2 ;;
        --uninstall) uninstall=yes; shift ;;
        -h|--help) sed -n '2,20s/^# \{0,1\}//p' "$0"; exit 0 ;;
        *) fail "unknown argument $1 (see --help)" ;;
    esac
done

sizes="16 24 32 48 64 128 256 512"
desktop=$data_dir/applications/$APP_ID.desktop
metainfo=$data_dir/metainfo/$APP_ID.metainfo.xml
mime=$data_dir/mime/packages/$APP_ID.xml
icons=$data_dir/icons/hicolor

refresh_caches() {
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$data_dir/mime"
    else
        echo "update-mime-database is not installed: *.lexsubpkg is known after the next log-in"
    fi
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$data_dir/applications"
    fi
    if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$icons/index.theme" ]; then
        gtk-update-icon-cache -q -t -f "$icons"
    fi
}

if [ "$uninstall" = yes ]; then
    rm -f "$desktop" "$metainfo" "$mime" "$icons/scalable/apps/$APP_ID.svg"
    for size in $sizes; do
        rm -f "$icons/${size}x${size}/apps/$APP_ID.png"
    done
    [ -d "$data_dir/mime" ] && refresh_caches
    echo "removed LexSub Studio's desktop entry, file type and icons from $data_dir"
    exit 0
fi

# The desktop entry quotes the program; these four characters would need escapes of their own
# there (Desktop Entry Specification, "The Exec key"), so such a path is refused, not mangled.
case $program in
    *\"* | *\`* | *\$* | *\\*) fail "the program's path holds \", \`, \$ or \\; move it" ;;
esac
case $program in
    */*) [ -x "$program" ] && [ -f "$program" ] || fail "$program is not an executable file" ;;
    *) command -v "$program" >/dev/null 2>&1 ||
        echo "note: $program is not on PATH now; the menu entry starts it once it is" ;;
esac

install -d "$data_dir/applications" "$data_dir/metainfo" "$data_dir/mime/packages" \
    "$icons/scalable/apps"
PROGRAM=$program awk '/^Exec=/ { print "Exec=\"" ENVIRON["PROGRAM"] "\" %f"; next } { print }' \
    "$HERE/$APP_ID.desktop" > "$desktop.tmp"
mv "$desktop.tmp" "$desktop"
install -m 644 "$HERE/$APP_ID.metainfo.xml" "$metainfo"
install -m 644 "$HERE/mime/$APP_ID.xml" "$mime"
install -m 644 "$HERE/icons/scalable/$APP_ID.svg" "$icons/scalable/apps/$APP_ID.svg"
for size in $sizes; do
    install -d "$icons/${size}x${size}/apps"
    install -m 644 "$HERE/icons/${size}x${size}/$APP_ID.png" "$icons/${size}x${size}/apps/$APP_ID.png"
done
refresh_caches
echo "installed LexSub Studio into $data_dir: the menu entry starts $program;" \
    "*.lexsubpkg files open with it"

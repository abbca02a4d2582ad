#!/bin/sh
# Put Yukon in the desktop's menu: the .desktop file, the AppStream metainfo
# and the icon at every standard size.
#
#   sh linux/install.sh [COMMAND]
#
# COMMAND is what the menu entry runs: by default the `yukon` found on PATH
# (pip or pipx installed it), else the executable dist/yukon of this checkout.
# Installs for the current user (~/.local/share); as root, for everybody
# (/usr/local/share). PREFIX=/some/share overrides the place.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
id=io.github.yukon_solitaire.Yukon

if [ "$(id -u)" -eq 0 ]; then default=/usr/local/share; else default=${XDG_DATA_HOME:-$HOME/.local/share}; fi
prefix=${PREFIX:-$default}

command=${1:-}
if [ -z "$command" ]; then
    command=$(command -v yukon || true)
fi
if [ -z "$command" ] && [ -x "$here/../dist/yukon" ]; then
    command=$(cd "$here/../dist" && pwd)/yukon
fi
if [ -z "$command" ]; then
    echo "install.sh: no yukon command found: install the game first (README, Quick start)," >&2
    echo "or name the command to run: sh linux/install.sh /path/to/yukon" >&2
    exit 1
fi
# The Exec= value, quoted as the desktop entry specification asks: an
# argument holding a reserved character goes in double quotes, with \ " `
# and $ escaped by a backslash; then every backslash is doubled again (the
# escapes of a string value) and % becomes %% (not a field code).
newline='
'
tab=$(printf '\t')
return=$(printf '\r')
case $command in
    *"$newline"* | *"$tab"* | *"$return"*)
        echo "install.sh: the path of the command holds a control character; move it" >&2
        exit 1 ;;
esac
exec_value=$command
case $command in
    *[\ \"\'\\\`\$\>\<\~\|\&\;\*\?\#\(\)]*)
        exec_value=\"$(printf '%s\n' "$command" | sed -e 's/[\\"`$]/\\&/g')\" ;;
esac
exec_value=$(printf '%s\n' "$exec_value" | sed -e 's/\\/\\\\/g' -e 's/%/%%/g')

mkdir -p "$prefix/applications" "$prefix/metainfo"
exec_value=$exec_value awk '$0 == "Exec=yukon" { print "Exec=" ENVIRON["exec_value"]; next } { print }' \
    "$here/$id.desktop" > "$prefix/applications/$id.desktop"
cp "$here/$id.metainfo.xml" "$prefix/metainfo/$id.metainfo.xml"
for icon in "$here"/icons/hicolor/*/apps/$id.png; do
    size=$(basename "$(dirname "$(dirname "$icon")")")
    mkdir -p "$prefix/icons/hicolor/$size/apps"
    cp "$icon" "$prefix/icons/hicolor/$size/apps/$id.png"
done

# Let the menus see the new entry at once, where the tools are there.
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$prefix/applications" || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$prefix/icons/hicolor/index.theme" ]; then
    gtk-update-icon-cache -q -t "$prefix/icons/hicolor" || true
fi
echo "Yukon Solitaire is in the menu ($prefix), running $command"

#!/usr/bin/env bash
# Installs the Debian packages listed in the given files (default: scripts/debian-packages.txt)
# that are not installed yet. Needs root or sudo; does nothing when all are present.
set -euo pipefail
cd "$(dirname "$0")/.."
lists=("$@")
[ ${#lists[@]} -gt 0 ] || lists=(scripts/debian-packages.txt)
wanted=$(sed -e 's/#.*//' -e '/^\s*$/d' "${lists[@]}" | tr -s ' \n' ' ')
missing=()
for pkg in $wanted; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing Debian packages (${missing[*]}) and no apt-get here: install Apertium and these pairs by hand." >&2
  exit 1
fi
run=()
if [ "$(id -u)" != 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "Installing ${missing[*]} needs root (or sudo)." >&2; exit 1; }
  run=(sudo)
fi
echo "==> installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${run[@]}" apt-get update -qq
"${run[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

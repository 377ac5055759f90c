#!/bin/sh
# Downloads one package tarball from the npm registry, checks it against the registry's
# integrity string (sha512, base64) and unpacks it into DEST.
#   fetch-npm-tarball.sh NAME VERSION INTEGRITY DEST
set -eu
name="$1" version="$2" integrity="$3" dest="$4"
registry="${NPM_CONFIG_REGISTRY:-https://registry.npmjs.org}"
tarball="$(mktemp)"
curl -fsSL --retry 3 -o "$tarball" "${registry%/}/$name/-/${name##*/}-$version.tgz"
want="$(printf %s "${integrity#sha512-}" | base64 -d | od -An -v -tx1 | tr -d ' \n')"
have="$(sha512sum "$tarball" | cut -d' ' -f1)"
if [ "$want" != "$have" ]; then
  echo "$name@$version: the download does not match its integrity $integrity" >&2
  exit 1
fi
mkdir -p "$dest"
tar -xzf "$tarball" -C "$dest" --strip-components=1
rm -f "$tarball"

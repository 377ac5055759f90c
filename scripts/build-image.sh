#!/usr/bin/env bash
# Builds Tolk's container image (Containerfile) as localhost/tolk:latest with podman, or with
# docker when a docker daemon answers. When the base image debian:bookworm-slim can neither be
# found nor pulled (a machine that reaches no container registry), makes an equivalent one with
# debootstrap from the Debian mirror apt uses here, so the Containerfile stays the standard one.
#   TOLK_IMAGE     the tag to build (default localhost/tolk:latest)
#   TOLK_BUILD_CA  CA bundle the build's downloads trust (default: this machine's, so a proxy
#                  that inspects TLS and that this machine trusts works inside the build too)
#   TOLK_TYPES_CHECKED=1  the tree's types were checked already: `next build` skips its check
# Needs root (or sudo) to install podman/debootstrap when missing and to run debootstrap.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/container-engine.sh
source scripts/container-engine.sh

image="${TOLK_IMAGE:-localhost/tolk:latest}"
base="docker.io/library/debian:bookworm-slim"

image_exists() { "$engine" image inspect "$1" >/dev/null 2>&1; }

# The first mirror apt is configured with for SUITE (one-line and deb822 sources), or DEFAULT.
apt_mirror() { # suite default
  local suite="$1" found
  found="$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
    | awk -v s="$1" '$1 == "deb" { i = 2; if ($2 ~ /^\[/) { while ($i !~ /\]$/) i++; i++ } if ($(i + 1) == s) { print $i; exit } }')"
  if [ -z "$found" ]; then
    found="$(for f in /etc/apt/sources.list.d/*.sources; do [ -f "$f" ] && { cat "$f"; echo; }; done \
      | awk -v s="$suite" '
          /^[[:space:]]*$/ { if (uri != "" && hit) { print uri; exit } uri = ""; hit = 0; next }
          tolower($1) == "uris:" { uri = $2 }
          tolower($1) == "suites:" { for (i = 2; i <= NF; i++) if ($i == s) hit = 1 }
          END { if (uri != "" && hit) print uri }' | head -n1)"
  fi
  echo "${found:-$2}"
}

bootstrap_base() {
  apt_install_missing debootstrap
  local mirror security rootfs
  mirror="$(apt_mirror bookworm http://deb.debian.org/debian)"
  security="$(apt_mirror bookworm-security http://deb.debian.org/debian-security)"
  rootfs="$(mktemp -d)"
  trap 'as_root rm -rf "$rootfs"' RETURN
  echo "==> $base is not available: bootstrapping it from $mirror (debootstrap --variant=minbase)"
  as_root debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >/dev/null
  # What the official slim image does: no documentation, manual pages or translations from
  # packages installed later, the three suites in apt's sources, apt's caches emptied.
  as_root tee "$rootfs/etc/dpkg/dpkg.cfg.d/docker" >/dev/null <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
EOF
  as_root tee "$rootfs/etc/apt/apt.conf.d/docker-clean" >/dev/null <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
  as_root rm -f "$rootfs/etc/apt/sources.list"
  as_root tee "$rootfs/etc/apt/sources.list.d/debian.sources" >/dev/null <<EOF
Types: deb
URIs: $mirror
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  as_root find "$rootfs/usr/share/doc" -mindepth 2 ! -name copyright ! -type d -delete
  as_root rm -rf "$rootfs"/usr/share/{man,info,groff,lintian,linda}/* \
    "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/var/log/*.log "$rootfs"/tmp/*
  as_root find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
  as_root tar -C "$rootfs" --numeric-owner -c . | "$engine" import --change 'CMD ["bash"]' - "$base" >/dev/null
  echo "==> imported $base ($("$engine" image inspect --format '{{.Size}}' "$base" | numfmt --to=iec))"
}

if ! image_exists "$base"; then
  echo "==> pulling $base"
  if ! timeout 120 "$engine" pull "$base" >/dev/null 2>&1; then bootstrap_base; fi
fi

echo "==> building $image with $engine"
start=$SECONDS
build_args=(build -t "$image" -f Containerfile)
# podman writes OCI images by default, which have no HEALTHCHECK. --jobs: independent stages
# build at once (the image's apt-get of Apertium while Node.js, pnpm and `next build` run), as
# docker's BuildKit does by default.
[ "$engine" = podman ] && build_args+=(--format docker --jobs "${TOLK_BUILD_JOBS:-3}")
build_ca="${TOLK_BUILD_CA:-/etc/ssl/certs/ca-certificates.crt}"
[ -f "$build_ca" ] && build_args+=(--secret "id=build-ca,src=$build_ca")
[ "${TOLK_TYPES_CHECKED:-}" = 1 ] && build_args+=(--build-arg TOLK_TYPES_CHECKED=1)
"$engine" "${build_args[@]}" . >&2
echo "==> built $image in $((SECONDS - start)) s: $("$engine" image inspect --format '{{.Size}}' "$image" | numfmt --to=iec)"

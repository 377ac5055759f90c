# Sourced by build-image.sh and container-smoke.sh: picks a working container engine and sets
# `engine` (podman or docker). Prefers a docker client whose daemon answers; otherwise podman,
# installed from Debian when missing, with the project's containers.conf (runc; no default
# ulimits, which a container inside a container may not raise).
# shellcheck shell=bash

root_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else echo "Installing $* needs root (or sudo)." >&2; return 1
  fi
}

apt_updated=0
apt_install_missing() { # packages... → installs those that are not installed yet
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null 2>&1 || { echo "Missing ${missing[*]} and no apt-get here: install them by hand." >&2; return 1; }
  echo "==> installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

if [ -z "${engine:-}" ]; then
  if command -v docker >/dev/null 2>&1 && timeout 10 docker info >/dev/null 2>&1; then
    engine=docker
  else
    # podman's own dependencies plus what rootful podman here runs containers with.
    apt_install_missing podman runc slirp4netns fuse-overlayfs uidmap containernetworking-plugins iptables
    engine=podman
    if [ -z "${CONTAINERS_CONF:-}" ]; then export CONTAINERS_CONF="$root_dir/deploy/podman/containers.conf"; fi
  fi
fi

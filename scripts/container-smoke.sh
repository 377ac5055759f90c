#!/usr/bin/env bash
# Smoke test of the container image on the embedded defaults (PGlite and documents on the /data
# volume, Apertium, the in-process worker): builds localhost/tolk:latest when it is missing,
# starts the server on a free port, waits for /readyz, creates an organization with `tolk` inside
# the running container (the server holds the embedded database and runs the command for it),
# translates a sentence, uploads a small document and downloads the translation.
# The container and its volume are removed at the end, also when a step fails.
#   TOLK_IMAGE   the image to test (default localhost/tolk:latest)
#   TOLK_SMOKE_REBUILD=1  build even when the image exists
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/container-engine.sh
source scripts/container-engine.sh
command -v curl >/dev/null 2>&1 || apt_install_missing curl

image="${TOLK_IMAGE:-localhost/tolk:latest}"
name="tolk-smoke-$$"
volume="tolk-smoke-data-$$"
work="$(mktemp -d)"

cleanup() {
  local rc=$?
  if [ $rc -ne 0 ] && "$engine" container exists "$name" 2>/dev/null; then
    echo "==> container log" >&2
    "$engine" logs "$name" 2>&1 | tail -n 40 >&2 || true
  fi
  "$engine" rm -f "$name" >/dev/null 2>&1 || true
  "$engine" volume rm -f "$volume" >/dev/null 2>&1 || true
  rm -rf "$work"
  exit $rc
}
trap cleanup EXIT

if [ "${TOLK_SMOKE_REBUILD:-0}" = "1" ] || ! "$engine" image inspect "$image" >/dev/null 2>&1; then
  TOLK_IMAGE="$image" engine="$engine" bash scripts/build-image.sh
fi

port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
base="http://127.0.0.1:$port"
fail() { echo "container smoke: $*" >&2; exit 1; }
json_field() { # file field → the string value of "field" (first match)
  node -e 'const v=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8")); const p=process.argv[2].split("."); let x=v; for (const k of p) x=x?.[k]; if (x===undefined) process.exit(1); console.log(typeof x==="string"?x:JSON.stringify(x))' "$1" "$2"
}

"$engine" volume create "$volume" >/dev/null
echo "==> starting $image as $name on $base"
# A pair still loading answers 503 after 10 s; on a loaded machine (CI's image build and tests)
# loading can take longer, and the smoke test is about the translation.
"$engine" run -d --name "$name" -p "127.0.0.1:$port:3000" -e "TOLK_PUBLIC_URL=$base" \
  -e TOLK_APERTIUM_START_WAIT_MS=60000 -v "$volume:/data" "$image" >/dev/null
for _ in $(seq 1 300); do
  curl -fsS "$base/readyz" >/dev/null 2>&1 && break
  [ "$("$engine" inspect -f '{{.State.Running}}' "$name")" = "true" ] || fail "the container exited"
  sleep 1
done
curl -fsS "$base/readyz" >/dev/null || fail "/readyz did not answer in 300 s"

echo "==> tolk inside the running container: $engine exec $name tolk --help"
"$engine" exec "$name" tolk --help 2>&1 | grep -q "tolk org create" || fail "tolk is not on the container's PATH"

# The server holds the embedded database: the command runs in it, through its admin socket.
echo "==> $engine exec $name tolk org create --name 'Smoke test' --plan starter --json"
"$engine" exec "$name" tolk org create --name "Smoke test" --plan starter --json > "$work/org.json" ||
  fail "tolk org create failed: $(cat "$work/org.json")"
key="$(json_field "$work/org.json" api_key)" || fail "no api_key in $(cat "$work/org.json")"

echo "==> POST /v1/translate"
curl -fsS "$base/v1/translate" -H "Authorization: Bearer $key" -H "Content-Type: application/json" \
  -d '{"text":"Good morning. The house is big.","source_lang":"en","target_lang":"es"}' > "$work/translate.json" ||
  fail "translate failed"
translation="$(json_field "$work/translate.json" data.translation)"
[ "$translation" = "Buenos días. La casa es grande." ] || fail "unexpected translation: $translation"

echo "==> POST /v1/translate/document and download"
printf 'Good morning.\nThank you.\n' > "$work/notes.txt"
curl -fsS "$base/v1/translate/document" -H "Authorization: Bearer $key" \
  -F "file=@$work/notes.txt" -F source_lang=en -F target_lang=es > "$work/document.json" || fail "document upload failed"
link="$(json_field "$work/document.json" data.download_url)" || fail "no download_url in $(cat "$work/document.json")"
curl -fsS "$link" -o "$work/notes.es.txt" || fail "download of $link failed"
[ "$(cat "$work/notes.es.txt")" = "$(printf 'Buenos días.\nGracias.')" ] || fail "unexpected document: $(cat "$work/notes.es.txt")"

if [ "$engine" = podman ]; then
  # podman runs HEALTHCHECKs from systemd timers; without systemd, run the image's check once.
  echo "==> the image's HEALTHCHECK"
  podman healthcheck run "$name" || fail "the HEALTHCHECK (GET /readyz) failed"
fi
echo "==> container smoke passed"

#!/usr/bin/env bash
# Fetches the pinned JavaScript that offline HTML reports inline, from the npm
# registry (npm pack), checks each file against its pinned sha256 and puts it in
# workbench/_vendor/js/ (git-ignored). Idempotent: does nothing when all files match.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
out="$here/workbench/_vendor/js"
lock="$here/scripts/vendor-js.lock"
mkdir -p "$out"

ok=1
while read -r pkg file target sha; do
  [ -z "$pkg" ] || [ "${pkg:0:1}" = "#" ] && continue
  if [ ! -f "$out/$target" ] || [ "$(sha256sum "$out/$target" | cut -d' ' -f1)" != "$sha" ]; then ok=0; fi
done < "$lock"
[ "$ok" = 1 ] && exit 0

command -v npm >/dev/null 2>&1 || { echo "vendor-js: npm is needed (Debian package 'npm')" >&2; exit 1; }
tmp="$(mktemp -d)"; trap 'rm -rf "$tmp"' EXIT
while read -r pkg file target sha; do
  [ -z "$pkg" ] || [ "${pkg:0:1}" = "#" ] && continue
  if [ -f "$out/$target" ] && [ "$(sha256sum "$out/$target" | cut -d' ' -f1)" = "$sha" ]; then continue; fi
  echo "vendor-js: $pkg -> $target" >&2
  ( cd "$tmp" && npm pack --silent "$pkg" >/dev/null )
  tgz="$(ls -t "$tmp"/*.tgz | head -1)"
  tar -xzf "$tgz" -C "$tmp" "package/$file"
  got="$(sha256sum "$tmp/package/$file" | cut -d' ' -f1)"
  if [ "$got" != "$sha" ]; then
    echo "vendor-js: checksum mismatch for $pkg $file: got $got, pinned $sha" >&2; exit 1
  fi
  cp "$tmp/package/$file" "$out/$target"
  rm -rf "$tmp/package" "$tgz"
done < "$lock"

#!/usr/bin/env bash
# Installs the Debian packages the tests need: Chromium (browser tests, driven
# by Playwright through executable_path) and fonts (DejaVu + Noto CJK, so that
# Japanese card names render in screenshots and chart exports; IPAexGothic is the
# project's own font, see workbench/fonts.py).
# Idempotent; does nothing when everything is present. Needs root (or sudo).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
ls /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc >/dev/null 2>&1 || need+=(fonts-noto-cjk)
# the project's one font (workbench/fonts.py): charts, exported reports, printed cards
[ -e /usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf ] || need+=(fonts-ipaexfont-gothic)
command -v fc-list >/dev/null 2>&1 || need+=(fontconfig)
command -v npm >/dev/null 2>&1 || need+=(npm)
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "system-deps: missing ${need[*]} and not root; browser tests will skip (not allowed under CI=true)" >&2
    exit 0
  fi
fi
echo "system-deps: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null

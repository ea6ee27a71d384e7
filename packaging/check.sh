#!/usr/bin/env bash
# The packages users install without a Rust toolchain, built for this platform and tried
# the way a user would: the Python wheel (maturin) installed by pip into an empty virtual
# environment and run by uvx, and the npm packages (packaging/npm/assemble.mjs) installed
# into an empty prefix and run by npx; each converts a spec and serves it to `verify`.
# Run by .ci/run after the release build; needs python3 and Node.js 18 or newer.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
spec="$PWD/specs/petstore-3.0.yaml"

# Converts the spec with the installed program, then has it serve the tools to itself.
try() {
  local what="$1"; shift
  "$@" convert "$spec" -q -o "$work/tools.json"
  "$@" verify "$work/tools.json" -- "$@" serve "$work/tools.json" >/dev/null \
    || { echo "packaging: $what: serve did not list the tools" >&2; exit 1; }
  echo "packaging: $what: convert and serve run"
}

python3 -m venv "$work/tools"
"$work/tools/bin/pip" install --quiet --disable-pip-version-check -r packaging/requirements.txt
"$work/tools/bin/maturin" build --release --out "$work/wheels"
wheel="$(ls "$work"/wheels/openapi2mcp_cli-"$version"-*.whl)"
python3 -m venv "$work/pip"
"$work/pip/bin/pip" install --quiet --disable-pip-version-check "$wheel"
try "pip install" "$work/pip/bin/openapi2mcp"
UV_CACHE_DIR="$work/uv-cache" UV_TOOL_DIR="$work/uv-tools" \
  try "uvx" "$work/tools/bin/uv" tool run --offline --from "$wheel" openapi2mcp

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) platform=linux-x64 ;;
  Linux-aarch64) platform=linux-arm64 ;;
  Darwin-x86_64) platform=darwin-x64 ;;
  Darwin-arm64) platform=darwin-arm64 ;;
  *) echo "packaging: no npm package for $(uname -s) $(uname -m)" >&2; exit 1 ;;
esac
node packaging/npm/assemble.mjs "$work/npm" "$version" "$platform=target/release/openapi2mcp" >/dev/null
mkdir "$work/tarballs"
for package in "openapi2mcp-$platform" openapi2mcp; do
  (cd "$work/npm/$package" && npm pack --silent --pack-destination "$work/tarballs" >/dev/null)
done
mkdir "$work/prefix"
npm install --silent --no-audit --no-fund --prefix "$work/prefix" \
  "$work/tarballs/openapi2mcp-$platform-$version.tgz" "$work/tarballs/openapi2mcp-$version.tgz"
try "npm install" "$work/prefix/node_modules/.bin/openapi2mcp"
(cd "$work/prefix" && try "npx" npx --no-install openapi2mcp)

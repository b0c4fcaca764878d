#!/usr/bin/env bash
# Runs the vitest suite on Node 22 too: the SDK's releases after early January 2027 need Node >= 22, and the machines
# here have Node 20. The Node 22 binary comes from the npm registry (the `node-<platform>-<arch>` package that the
# `node` package installs), into .cache/node22, outside the project's dependencies.
#   bash scripts/node22.sh            # the whole vitest suite on Node 22
#   bash scripts/node22.sh --if-ci    # only when CI=true (how `npm test` calls it), else a one-line skip
#   bash scripts/node22.sh test/lambda   # vitest's own arguments after the options
#   bash scripts/node22.sh --binary   # installs the binary if needed and prints its path (bench/wire.mts uses it)
set -euo pipefail
cd "$(dirname "$0")/.."

binary_only=false
if [ "${1:-}" = "--binary" ]; then
  binary_only=true
  shift
fi
if [ "${1:-}" = "--if-ci" ]; then
  shift
  if [ "${CI:-}" != "true" ]; then
    echo "node22: skipped outside CI (CI=true npm test, or npm run test:node22, runs it)"
    exit 0
  fi
fi

VERSION=22.23.3
package="node-$(node -p 'process.platform')-$(node -p 'process.arch')"
dir=.cache/node22
binary="$dir/node_modules/$package/bin/node"
if [ ! -x "$binary" ]; then
  echo "== node22: npm install $package@$VERSION (into $dir)" >&2
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-save --no-audit --no-fund --loglevel=error "$package@$VERSION" >&2
fi
if [ "$binary_only" = true ]; then
  echo "$PWD/$binary"
  exit 0
fi
echo "== node22: vitest on $("$binary" --version)"
AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true "$binary" node_modules/vitest/vitest.mjs run "$@"

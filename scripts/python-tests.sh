#!/usr/bin/env bash
# The Python package's tests (python/tests, which also run the Python guide's example suite in python/examples) on
# Debian's python3 with its python3-pytest and python3-boto3, from the source: the package is not installed (python/src
# on PYTHONPATH, the plugin loaded by name) and the server runs from src/ through tsx (scripts/serve-dev.sh).
# Without pytest it skips, saying so; under CI=true it fails instead (.ci/run installs them: scripts/wire-clients.sh).
#   bash scripts/python-tests.sh [pytest's arguments]      (npm run test:python)
set -euo pipefail
cd "$(dirname "$0")/.."

python=/usr/bin/python3
if ! "$python" -c 'import pytest' 2>/dev/null; then
  if [ "${CI:-}" = "true" ]; then
    echo "python-tests: $python with pytest is needed under CI=true (bash scripts/wire-clients.sh installs it)" >&2
    exit 1
  fi
  echo "python-tests: skipped: no $python with pytest (Debian: apt-get install python3-pytest python3-boto3)"
  exit 0
fi
export PYTHONPATH="$PWD/python/src${PYTHONPATH:+:$PYTHONPATH}"
export SQS_SNS_MOCK_COMMAND="${SQS_SNS_MOCK_COMMAND:-$PWD/scripts/serve-dev.sh}"
# Only this plugin, by name: an installed copy of the package, or another plugin of the machine's, stays out.
export PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 PYTHONDONTWRITEBYTECODE=1
exec "$python" -m pytest python/tests -q -p sqs_sns_mock.plugin -p no:cacheprovider "$@"

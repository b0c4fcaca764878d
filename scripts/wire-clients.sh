#!/usr/bin/env bash
# Installs the clients the wire tests (test/wire/) need and the npm registry does not give: Debian's python3-boto3
# (boto3 1.26) and awscli (the AWS CLI 2.9), which still speak the query protocol to SQS
# (docs/aws-behaviour/wire.md §1); and what the Python package's tests (python/, npm run test:python) run on:
# python3-pytest, and python3-pip (with setuptools) for the test that installs the package offline; and Go with
# Debian's AWS SDK for Go v2 (golang-go, golang-github-aws-aws-sdk-go-v2-dev), which test/wire/go.test.ts builds the
# Go recipe of docs/guide/other-languages.md against, offline, from /usr/share/gocode.
# Under CI=true their tests fail when they are missing, so .ci/run calls this first.
# A current boto3 or CLI v1 (JSON) comes from PyPI when the machine has one; their tests skip when absent.
#   bash scripts/wire-clients.sh          # installs what is missing (root, or sudo), else says it is there
#   bash scripts/wire-clients.sh --check  # exit 1 if something is missing, installing nothing
set -euo pipefail

PACKAGES=(python3-boto3 python3-pytest python3-pip awscli golang-go golang-github-aws-aws-sdk-go-v2-dev)
missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "wire-clients: ${PACKAGES[*]} already installed ($(/usr/bin/aws --version 2>&1 | cut -d' ' -f1))"
  exit 0
fi
if [ "${1:-}" = "--check" ]; then
  echo "wire-clients: missing ${missing[*]}" >&2
  exit 1
fi
sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)
echo "== wire-clients: apt-get install ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
/usr/bin/python3 -c 'import boto3, pytest; print("wire-clients: boto3", boto3.__version__, "pytest", pytest.__version__)'
/usr/bin/aws --version
go version

"""`pip install ./python` with nothing but Debian's python3-pip (setuptools, no network), and the installed plugin
found by pytest through its `pytest11` entry point."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import PYTHON, suite_passes


def pip_available() -> bool:
    ran = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True, check=False)
    return ran.returncode == 0


def test_installs_offline_and_pytest_loads_the_plugin_by_its_entry_point(tmp_path: Path) -> None:
    if not pip_available() and os.environ.get("CI") != "true":
        pytest.skip("pip is not installed (Debian: python3-pip)")
    # A copy, so that the build's files (build/, *.egg-info) stay out of the repository.
    source = tmp_path / "source"
    unbuilt = shutil.ignore_patterns("__pycache__", ".pytest_cache", "build", "*.egg-info")
    shutil.copytree(PYTHON, source, ignore=unbuilt)
    target = tmp_path / "site"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-index", "--no-build-isolation", "--no-deps",
         "--target", str(target), str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert (target / "sqs_sns_mock" / "py.typed").exists()
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / "test_fixture.py").write_text("def test_it(aws_mock):\n    assert aws_mock.state()['queues'] == []\n")
    environment = {key: value for key, value in os.environ.items() if key != "PYTEST_DISABLE_PLUGIN_AUTOLOAD"}
    environment["PYTHONPATH"] = str(target)
    assert "1 passed" in suite_passes(suite, environment)

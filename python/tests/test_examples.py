"""The Python guide's example suite (python/examples/, docs/guide/python.md) passes as a user runs it: its own pytest
run, the plugin reading the template from its pytest.ini."""

from __future__ import annotations

import os

from conftest import PYTHON, REPOSITORY, needed, suite_passes


def test_the_guide_example_suite_passes() -> None:
    needed("boto3")
    examples = PYTHON / "examples"
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(PYTHON / "src"), os.environ.get("PYTHONPATH", "")])}
    # Loaded by name where the package is not installed; PYTEST_DISABLE_PLUGIN_AUTOLOAD keeps an installed copy from
    # loading as well.
    environment["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    assert "5 passed" in suite_passes(examples, environment, "-p", "sqs_sns_mock.plugin")


def test_the_guide_shows_each_file_of_the_example_suite_as_it_is() -> None:
    guide = (REPOSITORY / "docs" / "guide" / "python.md").read_text()
    for path in sorted((PYTHON / "examples").iterdir()):
        if path.is_file():
            assert f"\n{path.read_text()}```\n" in guide, f"docs/guide/python.md does not show {path.name} as it is"

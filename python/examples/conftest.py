from __future__ import annotations

import json
from typing import Any, Dict

import pytest

from sqs_sns_mock import MockServer


@pytest.fixture
def urls(aws_mock: MockServer) -> Dict[str, str]:
    """The stack's queue URLs by logical id: generated names, the same after every reset."""
    [stack] = aws_mock.stacks()
    return {logical_id: resource["url"] for logical_id, resource in stack["resources"].items() if "url" in resource}


@pytest.fixture
def sqs(aws_mock: MockServer) -> Any:
    return aws_mock.client("sqs")


@pytest.fixture
def place_order(aws_mock: MockServer) -> Any:
    events = aws_mock.client("events")

    def place(order: Dict[str, Any], detail_type: str = "OrderPlaced") -> None:
        entry = {"Source": "shop", "DetailType": detail_type, "Detail": json.dumps(order)}
        assert events.put_events(Entries=[entry])["FailedEntryCount"] == 0

    return place

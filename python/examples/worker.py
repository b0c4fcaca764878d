"""The code under test: an SQS worker that handles the orders EventBridge routes to its queue."""

from __future__ import annotations

import json
from typing import Any, Callable, Dict


def work_once(sqs: Any, queue_url: str, handle: Callable[[Dict[str, Any]], None]) -> int:
    """Receives a batch, hands each order (the event's `detail`) to `handle`, deletes those it handled; answers how
    many. An order whose handling raises stays in flight and comes back after the queue's visibility timeout."""
    handled = 0
    for message in sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=10).get("Messages", []):
        event = json.loads(message["Body"])
        try:
            handle(event["detail"])
        except Exception:
            continue
        sqs.delete_message(QueueUrl=queue_url, ReceiptHandle=message["ReceiptHandle"])
        handled += 1
    return handled

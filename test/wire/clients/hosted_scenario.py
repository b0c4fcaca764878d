"""The worker side of issue 33's scenario, for test/wire/hosted-scenario.test.ts: python3 hosted_scenario.py <endpoint>.

The server runs test/wire/fixtures/hosted/: handlers whose SDK clients are made at module scope with no endpoint. This
program is the app beside it, in another language: it places orders, moves the server's clock, and reads what the
handlers published and sent. It prints one JSON line of what it saw; any failed check raises.
"""
import json
import sys
import time
import urllib.request
from datetime import datetime, timezone

import boto3

endpoint = sys.argv[1]
common = dict(endpoint_url=endpoint, region_name="eu-west-1", aws_access_key_id="x", aws_secret_access_key="x")
sqs = boto3.client("sqs", **common)
lambda_ = boto3.client("lambda", **common)


def control(route, body=None):
    request = urllib.request.Request(
        f"{endpoint}/_mock/{route}",
        data=None if body is None else json.dumps(body).encode(),
        method="GET" if body is None else "POST",
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def iso(ms):
    return datetime.fromtimestamp(ms / 1000, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.") + f"{ms % 1000:03d}Z"


def receive_all(url):
    messages = sqs.receive_message(QueueUrl=url, MaxNumberOfMessages=10).get("Messages", [])
    for message in messages:
        sqs.delete_message(QueueUrl=url, ReceiptHandle=message["ReceiptHandle"])
    return messages


def invoke(name):
    started = time.monotonic()
    answer = lambda_.invoke(FunctionName=name)
    return answer.get("FunctionError"), json.loads(answer["Payload"].read()), time.monotonic() - started


[stack] = control("stacks")
outputs = stack["outputs"]
seen = {"stack": stack["name"], "outputs": sorted(outputs)}

# A day passes on the server's clock: the handlers' time is the server's, not the wall's.
day = control("clock/advance", {"ms": 24 * 60 * 60 * 1000})["now"]
assert day - time.time() * 1000 > 23 * 60 * 60 * 1000
sqs.send_message(QueueUrl=outputs["OrdersUrl"], MessageBody=json.dumps({"orderId": "o-1"}))
control("run-until-idle", {})
[shipped] = receive_all(outputs["ShippingUrl"])
seen["shipped"] = json.loads(shipped["Body"])
assert seen["shipped"] == {"orderId": "o-1", "handledAt": iso(day)}, seen["shipped"]

# An order held for a courier's 10-minute slot: the handler waits on its own timer, which the server's clock moves.
held = control("state")["now"]
sqs.send_message(QueueUrl=outputs["OrdersUrl"], MessageBody=json.dumps({"orderId": "o-2", "holdSeconds": 600}))
control("run-until-idle", {})
[later] = receive_all(outputs["ShippingUrl"])
seen["heldFor"] = (datetime.fromisoformat(json.loads(later["Body"])["handledAt"].replace("Z", "+00:00")).timestamp() * 1000) - held
assert seen["heldFor"] == 600_000, seen["heldFor"]

# The handler sent to its template's Ref, an sqs.eu-west-1.amazonaws.com URL: the server answered it.
seen["audited"] = sorted(message["Body"] for message in receive_all(outputs["AuditUrl"]))

# The handler's own clock and SDK classes.
error, payload, _ = invoke("checker")
assert error is None, payload
now = control("state")["now"]
seen["checker"] = {**payload, "nowIsServerClock": payload["now"] == now and payload["date"] == iso(now)}

# A service the emulation does not have: the invocation fails at once with an error naming it.
error, payload, took = invoke("stranger")
seen["stranger"] = {"functionError": error, "errorType": payload["errorType"], "message": payload["errorMessage"]}
seen["strangerAtOnce"] = took < 5

print(json.dumps(seen))

"""Step Functions through boto3, for test/wire/boto3-sfn.test.ts: python3 ... <endpoint>.

Creates a state machine with a Wait, runs it to its end by moving the server's clock, reads its history, runs an
Express machine synchronously and reads two errors; prints one JSON line of what it saw. Any failed check raises.
"""
import json
import sys
import urllib.request

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError

endpoint = sys.argv[1]
common = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x")
# StartSyncExecution's host prefix (`sync-states.`) would name another host than the server's.
sfn = boto3.client("stepfunctions", config=Config(inject_host_prefix=False), **common)
ROLE = "arn:aws:iam::000000000000:role/sfn"


def control(method, route, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{endpoint}/_mock/{route}", data=data, method=method)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def error_of(call, **kwargs):
    try:
        call(**kwargs)
    except ClientError as error:
        return {"code": error.response["Error"]["Code"], "status": error.response["ResponseMetadata"]["HTTPStatusCode"]}
    raise AssertionError("expected an error")


definition = {"StartAt": "W", "States": {"W": {"Type": "Wait", "Seconds": 3600, "Next": "P"}, "P": {"Type": "Pass", "Result": {"done": True}, "End": True}}}
machine = sfn.create_state_machine(name="py-flow", roleArn=ROLE, definition=json.dumps(definition))["stateMachineArn"]
execution = sfn.start_execution(stateMachineArn=machine, name="py-run", input='{"a": 1}')["executionArn"]
control("POST", "run-until-idle", {"maxTime": 7200000})
described = sfn.describe_execution(executionArn=execution)
history = sfn.get_execution_history(executionArn=execution)["events"]
express = sfn.create_state_machine(
    name="py-express", roleArn=ROLE, type="EXPRESS",
    definition=json.dumps({"StartAt": "A", "States": {"A": {"Type": "Pass", "End": True}}}),
)["stateMachineArn"]
sync = sfn.start_sync_execution(stateMachineArn=express, input='{"x": 1}')
print(json.dumps({
    "status": described["status"],
    "output": json.loads(described["output"]),
    "types": [event["type"] for event in history],
    "sync": {"status": sync["status"], "output": sync["output"]},
    "missing": error_of(sfn.describe_execution, executionArn=execution + "x"),
    "invalid": error_of(sfn.create_state_machine, name="bad", roleArn=ROLE, definition="{}"),
}))

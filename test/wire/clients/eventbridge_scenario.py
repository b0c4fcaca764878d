"""EventBridge and Scheduler through boto3, for test/wire/boto3-eventbridge.test.ts: python3 ... <endpoint>.

Puts an event through a rule into a queue, creates an at() schedule and fires it by moving the server's clock, and
reads two errors; prints one JSON line of what it saw. Any failed check raises, so the exit status says it all.
"""
import datetime
import json
import sys
import urllib.request

import boto3
from botocore.exceptions import ClientError

endpoint = sys.argv[1]
common = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x")
sqs = boto3.client("sqs", **common)
events = boto3.client("events", **common)
scheduler = boto3.client("scheduler", **common)


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
    raise AssertionError(f"{call.__name__} did not fail")


seen = {}
queue_url = sqs.create_queue(QueueName="py-events")["QueueUrl"]
queue_arn = sqs.get_queue_attributes(QueueUrl=queue_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]

# EventBridge (JSON 1.1): a rule to the queue, an event with a Time (epoch seconds on the wire).
events.put_rule(Name="py-orders", EventPattern=json.dumps({"source": ["shop"]}))
events.put_targets(Rule="py-orders", Targets=[{"Id": "q", "Arn": queue_arn}])
when = datetime.datetime(2025, 3, 4, 5, 6, 7, tzinfo=datetime.timezone.utc)
put = events.put_events(Entries=[{"Source": "shop", "DetailType": "OrderPlaced", "Detail": '{"n":1}', "Time": when}])
assert put["FailedEntryCount"] == 0, put
received = sqs.receive_message(QueueUrl=queue_url)["Messages"][0]
sqs.delete_message(QueueUrl=queue_url, ReceiptHandle=received["ReceiptHandle"])
event = json.loads(received["Body"])
seen["event"] = {"source": event["source"], "time": event["time"], "detail": event["detail"]}
seen["ruleError"] = error_of(events.describe_rule, Name="missing")

# Scheduler (REST-JSON): an at() schedule an hour ahead of the server's clock, fired by the clock route.
now = control("GET", "state")["now"]
at = datetime.datetime.fromtimestamp(now / 1000 + 3600, tz=datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
arn = scheduler.create_schedule(
    Name="py-remind",
    ScheduleExpression=f"at({at})",
    FlexibleTimeWindow={"Mode": "OFF"},
    Target={"Arn": queue_arn, "RoleArn": "arn:aws:iam::000000000000:role/s", "Input": '{"say":"hi"}'},
)["ScheduleArn"]
seen["scheduleArn"] = arn
created = scheduler.get_schedule(Name="py-remind")["CreationDate"]
assert abs(created.timestamp() * 1000 - now) < 1000, (created, now)
control("POST", "clock/advance", {"ms": 3_600_000})
seen["fired"] = [m["Body"] for m in sqs.receive_message(QueueUrl=queue_url).get("Messages", [])]
seen["scheduleError"] = error_of(scheduler.get_schedule, Name="missing")
seen["conflict"] = error_of(
    scheduler.create_schedule,
    Name="py-remind",
    ScheduleExpression="rate(1 hour)",
    FlexibleTimeWindow={"Mode": "OFF"},
    Target={"Arn": queue_arn, "RoleArn": "arn:aws:iam::000000000000:role/s"},
)
print(json.dumps(seen))

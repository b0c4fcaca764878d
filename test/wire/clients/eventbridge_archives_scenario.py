"""Bus permissions, archives, replays and partner event sources through boto3, for
test/wire/boto3-events-archives.test.ts: python3 ... <endpoint>.

Grants and removes a bus permission, archives an event, replays it by moving the server's clock, puts a partner event
on a partner bus, and reads the errors AWS recorded; prints one JSON line of what it saw. Any failed check raises.
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


def control(method, route, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{endpoint}/_mock/{route}", data=data, method=method)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def error_of(call, **kwargs):
    try:
        call(**kwargs)
    except ClientError as error:
        return {
            "code": error.response["Error"]["Code"],
            "message": error.response["Error"]["Message"],
            "status": error.response["ResponseMetadata"]["HTTPStatusCode"],
        }
    raise AssertionError(f"{call.__name__} did not fail")


seen = {}
bus = "arn:aws:events:us-east-1:000000000000:event-bus/default"

# Bus permissions.
events.put_permission(Action="events:PutEvents", Principal="111111111111", StatementId="Account1")
events.put_permission(Action="events:PutEvents", Principal="222222222222", StatementId="Account2")
events.remove_permission(StatementId="Account2")
policy = json.loads(events.describe_event_bus()["Policy"])
seen["statements"] = [statement["Sid"] for statement in policy["Statement"]]
seen["noStatement"] = error_of(events.remove_permission, StatementId="missing")

# An archive of the default bus, a rule into a queue, an event put and archived.
queue_url = sqs.create_queue(QueueName="py-orders")["QueueUrl"]
queue_arn = sqs.get_queue_attributes(QueueUrl=queue_url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
events.put_rule(Name="py-orders", EventPattern=json.dumps({"source": ["shop"]}))
events.put_targets(Rule="py-orders", Targets=[{"Id": "q", "Arn": queue_arn}])
archive_arn = events.create_archive(ArchiveName="py-archive", EventSourceArn=bus)["ArchiveArn"]
now = control("GET", "state")["now"]
when = datetime.datetime.fromtimestamp(now / 1000, tz=datetime.timezone.utc).replace(microsecond=0)
events.put_events(Entries=[{"Source": "shop", "DetailType": "Order", "Detail": '{"n":1}', "Time": when}])
described = events.describe_archive(ArchiveName="py-archive")
seen["archive"] = {"count": described["EventCount"], "retention": described["RetentionDays"]}
first = sqs.receive_message(QueueUrl=queue_url)["Messages"][0]
sqs.delete_message(QueueUrl=queue_url, ReceiptHandle=first["ReceiptHandle"])

# A replay of the minute around the event, moved through its states by the clock route.
started = events.start_replay(
    ReplayName="py-fix",
    EventSourceArn=archive_arn,
    EventStartTime=when - datetime.timedelta(minutes=1),
    EventEndTime=when + datetime.timedelta(minutes=1),
    Destination={"Arn": bus},
)
seen["started"] = started["State"]
control("POST", "clock/advance", {"ms": 60_000})
replay = events.describe_replay(ReplayName="py-fix")
assert replay["EventStartTime"] == when - datetime.timedelta(minutes=1), replay
seen["replay"] = replay["State"]
again = json.loads(sqs.receive_message(QueueUrl=queue_url)["Messages"][0]["Body"])
seen["replayed"] = {"replay-name": again["replay-name"], "detail": again["detail"]}
seen["window"] = error_of(
    events.start_replay,
    ReplayName="py-backwards",
    EventSourceArn=archive_arn,
    EventStartTime=when,
    EventEndTime=when - datetime.timedelta(seconds=10),
    Destination={"Arn": bus},
)
seen["unknownArchive"] = error_of(events.describe_archive, ArchiveName="missing")

# A partner event source offered to this account, its partner bus, a partner event on it.
name = "aws.partner/example.com/orders/1"
events.create_partner_event_source(Name=name, Account="000000000000")
events.create_event_bus(Name=name, EventSourceName=name)
seen["source"] = events.describe_event_source(Name=name)["State"]
put = events.put_partner_events(Entries=[{"Source": name, "DetailType": "Order", "Detail": "{}"}])
seen["partnerFailed"] = put["FailedEntryCount"]
print(json.dumps(seen))

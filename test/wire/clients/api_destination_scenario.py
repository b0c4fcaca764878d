"""Connections and API destinations through boto3, for test/wire/boto3-api-destinations.test.ts: python3 ... <endpoint>.

Runs moto's EventBridge tests of these commands (tests/test_events/test_events.py) where AWS agrees with them, then
puts an event through a rule to an API destination and reads its journey; prints one JSON line of what it saw. Any
failed check raises, so the exit status says it all.
"""
import json
import sys
import urllib.request

import boto3
from botocore.exceptions import ClientError

endpoint = sys.argv[1]
common = dict(endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x")
client = boto3.client("events", **common)
ACCOUNT_ID = "000000000000"
API_KEY = {"ApiKeyAuthParameters": {"ApiKeyName": "test", "ApiKeyValue": "test"}}


def error_of(call, **kwargs):
    try:
        call(**kwargs)
    except ClientError as error:
        return {"code": error.response["Error"]["Code"], "message": error.response["Error"]["Message"]}
    raise AssertionError(f"{call.__name__} did not fail")


seen = {}

# test_create_and_list_connections, test_create_and_describe_connection
assert client.list_connections()["Connections"] == []
response = client.create_connection(
    Name="test", Description="test description", AuthorizationType="API_KEY", AuthParameters=API_KEY
)
assert f"arn:aws:events:us-east-1:{ACCOUNT_ID}:connection/test/" in response["ConnectionArn"]
listed = client.list_connections()["Connections"]
assert listed[0]["Name"] == "test" and response["ConnectionArn"] == listed[0]["ConnectionArn"], listed
description = client.describe_connection(Name="test")
assert description["Description"] == "test description" and description["ConnectionState"] == "AUTHORIZED"
assert description["AuthParameters"] == {"ApiKeyAuthParameters": {"ApiKeyName": "test"}}, description
assert description["SecretArn"] is not None and "CreationTime" in description

# test_create_and_update_connection, test_update_unknown_connection
client.update_connection(Name="test", Description="updated desc")
assert client.describe_connection(Name="test")["Description"] == "updated desc"
seen["updateUnknown"] = error_of(client.update_connection, Name="unknown")

# test_create_and_list_api_destinations, test_create_and_update_api_destination
destination = client.create_api_destination(
    Name="test",
    Description="test-description",
    ConnectionArn=response["ConnectionArn"],
    InvocationEndpoint="www.google.com",
    HttpMethod="GET",
)
assert destination["ApiDestinationArn"].startswith(f"arn:aws:events:us-east-1:{ACCOUNT_ID}:api-destination/test/")
assert destination["ApiDestinationState"] == "ACTIVE"
assert client.describe_api_destination(Name="test")["Name"] == "test"
assert client.list_api_destinations()["ApiDestinations"][0]["ApiDestinationState"] == "ACTIVE"
for key, value in [("Description", "my actual api dest"), ("InvocationEndpoint", "www.google.cz"),
                   ("InvocationRateLimitPerSecond", 32), ("HttpMethod", "PATCH")]:
    client.update_api_destination(Name="test", **{key: value})
    assert client.describe_api_destination(Name="test")[key] == value, key

# test_delete_api_destination, test_describe_unknown_api_destination, test_delete_unknown_api_destination
client.delete_api_destination(Name="test")
assert client.list_api_destinations()["ApiDestinations"] == []
seen["describeUnknown"] = error_of(client.describe_api_destination, Name="unknown")
seen["deleteUnknown"] = error_of(client.delete_api_destination, Name="unknown")

# test_delete_connection_success: same ARN and creation time; AWS answers DELETING where moto keeps AUTHORIZED.
deleted = client.delete_connection(Name="test")
assert deleted["ConnectionArn"] == response["ConnectionArn"] and deleted["CreationTime"] == response["CreationTime"]
seen["deletedState"] = deleted["ConnectionState"]
seen["describeDeleted"] = error_of(client.describe_connection, Name="test")

# test_invoke_http_request_on_event: a rule's target with HttpParameters; the call shows in the event's journey.
connection = client.create_connection(Name="hook", AuthorizationType="API_KEY", AuthParameters=API_KEY)
arn = client.create_api_destination(
    Name="hook", ConnectionArn=connection["ConnectionArn"], InvocationEndpoint="https://www.google.com", HttpMethod="GET"
)["ApiDestinationArn"]
client.put_rule(Name="test-event-rule", State="ENABLED",
                EventPattern=json.dumps({"source": ["test-source"], "detail-type": ["test-detail-type"]}))
client.put_targets(Rule="test-event-rule", Targets=[{
    "Id": "123", "Arn": arn,
    "HttpParameters": {"HeaderParameters": {"header1": "value1"}, "QueryStringParameters": {"qs1": "qv2"}},
}])
event_id = client.put_events(
    Entries=[{"Source": "test-source", "DetailType": "test-detail-type", "Detail": "{}"}]
)["Entries"][0]["EventId"]
with urllib.request.urlopen(f"{endpoint}/_mock/journey/{event_id}") as reply:
    steps = json.load(reply)["steps"]
seen["journey"] = [[step["kind"], step["where"], step["detail"]] for step in steps]
print(json.dumps(seen))

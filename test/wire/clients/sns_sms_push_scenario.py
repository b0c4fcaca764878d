"""SNS SMS and mobile push through boto3, for test/wire/boto3-sns-sms-push.test.ts: python3 ... <endpoint>.

Runs every SMS and mobile-push action over the query protocol and prints one JSON line of what it saw. Any failed
check raises, so the exit status says it all.
"""
import json
import sys

import boto3
from botocore.exceptions import ClientError

endpoint = sys.argv[1]
sns = boto3.client(
    "sns", endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x"
)


def error_of(call, **kwargs):
    try:
        call(**kwargs)
    except ClientError as error:
        return {"code": error.response["Error"]["Code"], "message": error.response["Error"]["Message"]}
    raise AssertionError(f"{call.__name__} did not fail")


seen = {}

# SMS attributes, the opt-out list and the sandbox.
sns.set_sms_attributes(attributes={"DefaultSMSType": "Promotional", "DefaultSenderID": "PyTest"})
seen["smsAttributes"] = sns.get_sms_attributes()["attributes"]
seen["someSmsAttributes"] = sns.get_sms_attributes(attributes=["DefaultSenderID"])["attributes"]
seen["badSmsAttribute"] = error_of(sns.set_sms_attributes, attributes={"DefaultSMSType": "invalid"})
seen["emptySmsAttributes"] = error_of(sns.set_sms_attributes, attributes={})
seen["optedOut"] = sns.check_if_phone_number_is_opted_out(phoneNumber="+15555550100")["isOptedOut"]
seen["optedOutList"] = sns.list_phone_numbers_opted_out()["phoneNumbers"]
sns.opt_in_phone_number(phoneNumber="+4411111111")
seen["badOptIn"] = error_of(sns.opt_in_phone_number, phoneNumber="invalid")
seen["inSandbox"] = sns.get_sms_sandbox_account_status()["IsInSandbox"]
sns.create_sms_sandbox_phone_number(PhoneNumber="+15555550100", LanguageCode="fr-FR")
seen["sandbox"] = sns.list_sms_sandbox_phone_numbers()["PhoneNumbers"]
seen["wrongPassword"] = error_of(
    sns.verify_sms_sandbox_phone_number, PhoneNumber="+15555550100", OneTimePassword="00000"
)["code"]
seen["badSandboxNumber"] = error_of(sns.create_sms_sandbox_phone_number, PhoneNumber="1234567890")
sns.delete_sms_sandbox_phone_number(PhoneNumber="+15555550100")
seen["originationNumbers"] = sns.list_origination_numbers()["PhoneNumbers"]
sms_id = sns.publish(PhoneNumber="+15555550100", Message="hi from boto3")["MessageId"]
seen["badPhone"] = error_of(sns.publish, PhoneNumber="NAA+15551234567", Message="x")

# Mobile push.
app = sns.create_platform_application(
    Name="py-app", Platform="GCM", Attributes={"PlatformCredential": "api-key"}
)["PlatformApplicationArn"]
seen["app"] = app
seen["appAttributes"] = sns.get_platform_application_attributes(PlatformApplicationArn=app)["Attributes"]
sns.set_platform_application_attributes(PlatformApplicationArn=app, Attributes={"SuccessFeedbackSampleRate": "10"})
seen["apps"] = sns.list_platform_applications()["PlatformApplications"]
seen["badApp"] = error_of(
    sns.create_platform_application, Name="@name", Platform="GCM", Attributes={"PlatformCredential": "k"}
)
device = sns.create_platform_endpoint(PlatformApplicationArn=app, Token="device-1", CustomUserData="u7")["EndpointArn"]
seen["sameEndpoint"] = sns.create_platform_endpoint(
    PlatformApplicationArn=app, Token="device-1", CustomUserData="u7"
)["EndpointArn"] == device
seen["endpointAttributes"] = sns.get_endpoint_attributes(EndpointArn=device)["Attributes"]
seen["endpoints"] = [e["Attributes"] for e in sns.list_endpoints_by_platform_application(PlatformApplicationArn=app)["Endpoints"]]
seen["differentEndpoint"] = error_of(
    sns.create_platform_endpoint, PlatformApplicationArn=app, Token="device-1", Attributes={"Enabled": "false"}
)["code"]
topic = sns.create_topic(Name="py-push")["TopicArn"]
sns.subscribe(TopicArn=topic, Protocol="application", Endpoint=device)
sns.publish(TopicArn=topic, MessageStructure="json", Message=json.dumps({"default": "d", "GCM": '{"data":{}}'}))
sns.set_endpoint_attributes(EndpointArn=device, Attributes={"Enabled": "false"})
seen["disabled"] = error_of(sns.publish, TargetArn=device, Message="x")
sns.delete_endpoint(EndpointArn=device)
seen["deletedEndpoint"] = error_of(sns.get_endpoint_attributes, EndpointArn=device)
sns.delete_platform_application(PlatformApplicationArn=app)
seen["appsAfterDelete"] = sns.list_platform_applications()["PlatformApplications"]

print(json.dumps(seen))
print(sms_id)

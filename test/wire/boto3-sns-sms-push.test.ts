import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { boto3Clients, describeClient, run } from './clients/run.js';
import { serveChildForFile } from './clients/serve-child.js';

const SCENARIO = fileURLToPath(new URL('./clients/sns_sms_push_scenario.py', import.meta.url));

/**
 * SNS's SMS and mobile-push actions through boto3 (query, from Debian's 1.26 and pyenv's 1.43 alike: docs/aws-
 * behaviour/wire.md §1), against `serve` in a child process. The checks run in Python; this test reads its verdict.
 */
const PYTHONS = boto3Clients({
  debian: "Debian's python3-boto3: SNS SMS and mobile push",
  onPath: 'boto3 of the python3 on PATH: SNS SMS and mobile push',
});

const server = serveChildForFile();

const NULL_ATTRIBUTES =
  "1 validation error detected: Value null at 'attributes' failed to satisfy constraint: Member must not be null";

for (const client of PYTHONS) {
  describeClient(client, () => {
    it('answers every SMS and mobile-push action as AWS does, and refuses what AWS refuses', async () => {
      const ran = await run(client.file, [SCENARIO, server.endpoint]);
      expect(ran.stderr).toBe('');
      const app = 'arn:aws:sns:us-east-1:000000000000:app/GCM/py-app';
      const [verdict, smsId] = ran.stdout.trim().split('\n');
      expect(JSON.parse(verdict!)).toEqual({
        smsAttributes: { DefaultSMSType: 'Promotional', DefaultSenderID: 'PyTest', MonthlySpendLimit: '1' },
        someSmsAttributes: { DefaultSenderID: 'PyTest' },
        badSmsAttribute: { code: 'InvalidParameter', message: 'DefaultSMSType is invalid' },
        emptySmsAttributes: { code: 'ValidationError', message: NULL_ATTRIBUTES },
        optedOut: false,
        optedOutList: [],
        badOptIn: {
          code: 'InvalidParameter',
          message: 'Invalid parameter: PhoneNumber Reason: input incorrectly formatted',
        },
        inSandbox: true,
        sandbox: [{ PhoneNumber: '+15555550100', Status: 'Pending' }],
        wrongPassword: 'VerificationException',
        badSandboxNumber: {
          code: 'ValidationError',
          message:
            "1 validation error detected: Value '1234567890' at 'phoneNumber' failed to satisfy constraint: Member must satisfy regular expression pattern: ^(\\+[0-9]{8,}|[0-9]{0,9})$",
        },
        originationNumbers: [],
        badPhone: {
          code: 'InvalidParameter',
          message: 'Invalid parameter: PhoneNumber Reason: NAA+15551234567 is not valid to publish to',
        },
        app,
        appAttributes: { Enabled: 'true' },
        apps: [{ PlatformApplicationArn: app, Attributes: { Enabled: 'true', SuccessFeedbackSampleRate: '10' } }],
        badApp: {
          code: 'InvalidParameter',
          message:
            "Invalid parameter: @name Reason: must contain only characters 'a'-'z', 'A'-'Z', '0'-'9', '_', '-', and '.'",
        },
        sameEndpoint: true,
        endpointAttributes: { CustomUserData: 'u7', Enabled: 'true', Token: 'device-1' },
        endpoints: [{ CustomUserData: 'u7', Enabled: 'true', Token: 'device-1' }],
        differentEndpoint: 'InvalidParameter',
        disabled: { code: 'EndpointDisabled', message: 'Endpoint is disabled' },
        deletedEndpoint: { code: 'NotFound', message: 'Endpoint does not exist' },
        appsAfterDelete: [],
      });
      // The SMS to the number, unverified in the sandbox, is in its journey on the server, not delivered.
      const journey = await server.control.journey(smsId!);
      expect(journey.steps.map((step) => step.kind)).toEqual(['published', 'refused']);
    }, 120_000);
  });
}

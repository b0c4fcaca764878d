/**
 * The SenderId that SQS shows on messages SNS delivered: the id of the SNS service's own IAM user in the region,
 * as seen on real deliveries. FIFO topics deliver through another user. Regions not seen fall back to us-east-1's
 * id, a guess.
 */
const STANDARD_TOPIC_SENDERS: Readonly<Record<string, string>> = {
  'us-east-1': 'AIDAIT2UOQQY3AUEKVGXU',
  'us-west-2': 'AIDAIYLAVTDLUXBIEIX46',
  'ap-northeast-1': 'AIDAIERWYNSNBY7YRB6SY',
};

const FIFO_TOPIC_SENDERS: Readonly<Record<string, string>> = {
  'us-east-1': 'AIDAYRRVD2ENU4DSO2WBX',
  'eu-west-1': 'AIDAWYJAWPFU7SUQGUJC6',
};

export function snsSenderId(region: string, fifoTopic: boolean): string {
  const known = fifoTopic ? FIFO_TOPIC_SENDERS : STANDARD_TOPIC_SENDERS;
  return known[region] ?? known['us-east-1']!;
}

import { HistoryRing } from '../../../core/util/history-ring.js';
import type { SnsMessageAttributes } from '../publish/attributes.js';
import { SMS_DEFAULTS } from './sms-attributes.js';
import { phoneKey } from './phone-numbers.js';

/** One number of the SMS sandbox's list (docs/aws-behaviour/sns.md §13.4). */
export interface SandboxNumber {
  /** As CreateSMSSandboxPhoneNumber was given it, which is how ListSMSSandboxPhoneNumbers shows it. */
  readonly phoneNumber: string;
  status: 'Pending' | 'Verified';
  /** The one-time password last sent to it. */
  oneTimePassword: string;
}

/** The SMS settings of one region of the account: attributes, opt-out list and sandbox are each per region [D]. */
export class SmsRegion {
  /** Set by SetSMSAttributes (the defaults are SMS_DEFAULTS). */
  readonly attributes = new Map<string, string>();
  /** Opted-out numbers by phoneKey, each as its holder (aws.sns.optOut) gave it; in the order they opted out. */
  readonly optedOut = new Map<string, string>();
  /** A new account starts in the SMS sandbox [D]; only AWS support moves it out (aws.sns.leaveSmsSandbox). */
  inSandbox = true;
  /** By phoneKey, oldest first. */
  readonly sandbox = new Map<string, SandboxNumber>();

  /** The attributes GetSMSAttributes shows: the defaults, then what was set. */
  shownAttributes(): Map<string, string> {
    return new Map([...SMS_DEFAULTS, ...this.attributes]);
  }

  isOptedOut(number: string): boolean {
    return this.optedOut.has(phoneKey(number));
  }

  isVerified(number: string): boolean {
    return this.sandbox.get(phoneKey(number))?.status === 'Verified';
  }
}

/** One SMS SNS sent, or would have sent: what `aws.sns.sms()` shows. */
export interface SmsRecord {
  /** The Publish's MessageId; for a sandbox verification SMS, an id of its own. */
  readonly messageId: string;
  readonly phoneNumber: string;
  /** The text sent: with MessageStructure=json the `sms` entry (else `default`), after a topic's DisplayName. */
  readonly message: string;
  /** The publish's message attributes (`AWS.SNS.SMS.SMSType`, `AWS.SNS.SMS.SenderID`, ...). */
  readonly attributes: SnsMessageAttributes;
  readonly at: number;
  /** False when SNS would not deliver it: the number opted out, or is unverified while in the sandbox. */
  readonly delivered: boolean;
  readonly reason?: string;
  /** `message`: published (to the number, or to a topic it subscribes to); `verification`: the sandbox's password. */
  readonly kind: 'message' | 'verification';
  readonly topicArn?: string;
  readonly subscriptionArn?: string;
}

/**
 * The SMS side of the account: each region's settings, and every SMS sent, oldest first (the last
 * `publishedHistory` of them, like a topic's published messages).
 */
export class SmsAccount {
  private readonly regions = new Map<string, SmsRegion>();
  private log: HistoryRing<SmsRecord>;

  constructor(private readonly history?: number) {
    this.log = new HistoryRing(history);
  }

  /** Every SMS kept, oldest first. */
  get sent(): Iterable<SmsRecord> {
    return this.log;
  }

  region(region: string): SmsRegion {
    let settings = this.regions.get(region);
    if (!settings) this.regions.set(region, (settings = new SmsRegion()));
    return settings;
  }

  /** Whether an SMS to `number` goes out from `region`, and if not why (docs/aws-behaviour/sns.md §13.3, §13.4). */
  outcome(region: string, number: string): { readonly delivered: boolean; readonly reason?: string } {
    const settings = this.region(region);
    if (settings.isOptedOut(number)) return { delivered: false, reason: `${number} has opted out of SMS` };
    if (settings.inSandbox && !settings.isVerified(number))
      return {
        delivered: false,
        reason:
          `the account is in the SMS sandbox of ${region} and ${number} is not a verified destination ` +
          '(CreateSMSSandboxPhoneNumber, then VerifySMSSandboxPhoneNumber with the password it sent)',
      };
    return { delivered: true };
  }

  record(sms: SmsRecord): void {
    this.log.push(sms);
  }

  reset(): void {
    this.regions.clear();
    this.log = new HistoryRing(this.history);
  }
}

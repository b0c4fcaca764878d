import { snsErrors } from '../errors.js';

/**
 * The account's SMS attributes (SetSMSAttributes, GetSMSAttributes; docs/aws-behaviour/sns.md §13.2): each name the
 * API documents, with the values it takes. A name not here is refused with "<name> is not a valid attribute", a value
 * its rule refuses with "<name> is invalid".
 */
const SMS_ATTRIBUTES: Readonly<Record<string, (value: string) => boolean>> = {
  // A whole number of US dollars [D]; raising it past the account's quota needs a support case, not checked here.
  MonthlySpendLimit: (value) => /^\d+$/.test(value),
  DeliveryStatusIAMRole: () => true,
  DeliveryStatusSuccessSamplingRate: (value) => /^\d+$/.test(value) && Number(value) <= 100,
  // 1 to 11 letters and digits, at least one a letter [D].
  DefaultSenderID: (value) => /^(?=.*[A-Za-z])[A-Za-z0-9]{1,11}$/.test(value),
  DefaultSMSType: (value) => value === 'Promotional' || value === 'Transactional',
  // AWS checks that the bucket exists and lets SNS in; no bucket is emulated here, so any name is taken [I].
  UsageReportS3Bucket: () => true,
};

/** What a new account (and every region) shows before any SetSMSAttributes [V]. */
export const SMS_DEFAULTS: ReadonlyMap<string, string> = new Map([['MonthlySpendLimit', '1']]);

/** SetSMSAttributes' attributes, checked in the order given; the first bad one is refused. */
export function checkSmsAttributes(given: ReadonlyMap<string, string>): void {
  for (const [name, value] of given) {
    const rule = Object.hasOwn(SMS_ATTRIBUTES, name) ? SMS_ATTRIBUTES[name] : undefined;
    if (!rule) throw snsErrors.smsAttributeUnknown(name);
    if (!rule(value)) throw snsErrors.smsAttributeInvalid(name);
  }
}

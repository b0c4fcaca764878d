import { snsErrors } from '../errors.js';

/**
 * MessageStructure=json (docs/aws-behaviour/sns.md §5): the Message is a JSON object of per-protocol strings with a
 * required string `default`. Each endpoint gets the value of its own protocol's key when that is a string, and
 * `default` otherwise: `{"sqs":{"a":1}}` is ignored for SQS and `default` is delivered [V].
 */
export class MessageStructure {
  private constructor(private readonly byProtocol: ReadonlyMap<string, string>) {}

  /**
   * `structure` as the request gave it; undefined when there is none. `standIn`: the key that may take `default`'s
   * place, for a publish straight to one endpoint (a platform endpoint's platform: docs/aws-behaviour/sns.md §14.6).
   */
  static parse(structure: unknown, message: string, standIn?: string): MessageStructure | undefined {
    if (structure === undefined || structure === null) return undefined;
    // Only `json` exists; AWS's answer to another value is not recorded.
    if (structure !== 'json') throw snsErrors.invalidParameterNamed('MessageStructure');
    let parsed: unknown;
    try {
      parsed = JSON.parse(message);
    } catch {
      throw snsErrors.messageStructureUnparsable();
    }
    // A JSON array or scalar cannot be read as the expected object; answered like unparsable JSON [I].
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw snsErrors.messageStructureUnparsable();
    const byProtocol = new Map<string, string>();
    // Duplicate keys are accepted [V]; JSON.parse keeps the last one, as a Java map would.
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') byProtocol.set(key, value);
    if (!byProtocol.has('default') && !(standIn !== undefined && byProtocol.has(standIn)))
      throw snsErrors.messageStructureWithoutDefault();
    return new MessageStructure(byProtocol);
  }

  /**
   * The string an endpoint of `key` receives: its protocol, or for a platform endpoint its platform (`GCM`, `APNS`,
   * ...). A structure parsed with a stand-in for `default` is only asked for that key.
   */
  messageFor(key: string): string {
    return this.byProtocol.get(key) ?? this.byProtocol.get('default')!;
  }
}

/**
 * The Message an endpoint receives: the published one, or with json its key's entry (a subscription's `structureKey`:
 * its protocol, or an `application` endpoint's platform).
 */
export function messageForProtocol(message: string, structure: MessageStructure | undefined, key: string): string {
  return structure ? structure.messageFor(key) : message;
}

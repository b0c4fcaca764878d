/**
 * An archive of one bus's events (docs/aws-behaviour/eventbridge.md §16): the events its managed rule matched, in the
 * order they came, each with the time it was archived, so that retention trims from the front and a replay (§17)
 * reads a time window. It keeps the bus's own records of the events (no copy), and their size as AWS counts it.
 */
import type { ArchiveState, Target } from '@aws-sdk/client-eventbridge';
import type { Clock } from '../../core/clock.js';
import type { EventPattern } from '../../core/event-patterns/index.js';
import { Rule, ruleArn, type EventBus, type RuleSink } from './bus.js';
import type { RecordedEvent } from './event.js';
import { compileInput } from './input.js';
import { compileRulePattern } from './pattern.js';

/** §16.2 [3P moto, aws_verified]: the service DescribeRule names as the archive rule's manager. */
export const ARCHIVE_RULE_MANAGER = 'prod.vhs.events.aws.internal';
const ARCHIVE_RULE_PREFIX = 'Events-Archive-';
const DAY_MS = 86_400_000;
/** §16.3: what each event adds to SizeBytes beyond its fields: the time, as `YYYY-MM-DDThh:mm:ssZ`. */
const TIME_BYTES = 20;

export const ARCHIVE_STATES = ['ENABLED', 'DISABLED', 'CREATING', 'UPDATING', 'CREATE_FAILED', 'UPDATE_FAILED'];

/** What CreateArchive and UpdateArchive set. */
export interface ArchiveSettings {
  readonly description: string | undefined;
  readonly pattern: { readonly text: string; readonly compiled: EventPattern } | undefined;
  /** 0: kept for ever (§16.1). */
  readonly retentionDays: number;
  readonly kmsKeyIdentifier: string | undefined;
}

export class Archive implements RuleSink {
  readonly state: ArchiveState = 'ENABLED';
  /** The managed rule that feeds it (§16.2), on its bus. */
  readonly rule: Rule;
  private readonly kept: RecordedEvent[] = [];
  private readonly archivedAt: number[] = [];
  private readonly sizes: number[] = [];
  /** Where the unexpired events start in `kept`. */
  private first = 0;
  private bytes = 0;

  constructor(
    readonly name: string,
    readonly arn: string,
    readonly bus: EventBus,
    readonly creationTime: number,
    private current: ArchiveSettings,
    private readonly clock: Clock,
  ) {
    this.rule = archiveRule(this, current);
  }

  get settings(): ArchiveSettings {
    return this.current;
  }

  /** New settings; the managed rule takes the new pattern (§16.1). */
  set settings(settings: ArchiveSettings) {
    this.current = settings;
    this.rule.settings = { ...this.rule.settings, eventPattern: rulePattern(settings) };
  }

  /** The managed rule matched `event` (RuleSink): it is archived now. `detailText`: its Detail as it was put. */
  record(event: RecordedEvent, detailText: string | undefined): void {
    const size = sizeOf(event, detailText);
    this.kept.push(event);
    this.archivedAt.push(this.clock.now());
    this.sizes.push(size);
    this.bytes += size;
  }

  /** The archived events not yet past their retention, oldest first. */
  events(): readonly RecordedEvent[] {
    this.expire();
    return this.kept.slice(this.first);
  }

  get eventCount(): number {
    this.expire();
    return this.kept.length - this.first;
  }

  get sizeBytes(): number {
    this.expire();
    return this.bytes;
  }

  /**
   * §16.3: events archived more than RetentionDays days ago are gone. Archived in clock order, so they leave from the
   * front; the array is compacted once half of it is gone, which keeps the cost per event constant.
   */
  private expire(): void {
    const days = this.current.retentionDays;
    if (days <= 0) return;
    const before = this.clock.now() - days * DAY_MS;
    while (this.first < this.kept.length && this.archivedAt[this.first]! <= before) {
      this.bytes -= this.sizes[this.first]!;
      this.first++;
    }
    if (this.first > 0 && this.first * 2 >= this.kept.length) {
      this.kept.splice(0, this.first);
      this.archivedAt.splice(0, this.first);
      this.sizes.splice(0, this.first);
      this.first = 0;
    }
  }
}

/**
 * §16.2: the managed rule an archive is fed by, `Events-Archive-<name>` on its bus: the archive's pattern (or none)
 * with `replay-name` required absent, so that replayed events are not archived again; one target, as AWS lists it.
 */
function archiveRule(archive: Archive, settings: ArchiveSettings): Rule {
  const name = `${ARCHIVE_RULE_PREFIX}${archive.name}`;
  const rule = new Rule(name, ruleArn(archive.bus, name), archive.bus, {
    eventPattern: rulePattern(settings),
    schedule: undefined,
    state: 'ENABLED',
    description: undefined,
    roleArn: undefined,
  });
  rule.managedBy = ARCHIVE_RULE_MANAGER;
  rule.sink = archive;
  const target: Target = {
    Id: name,
    Arn: `arn:aws:events:${archive.bus.region}:::`,
    InputTransformer: {
      InputPathsMap: {},
      InputTemplate:
        `{"archive-arn": "${archive.arn}", "event": <aws.events.event.json>, ` +
        `"ingestion-time": <aws.events.event.ingestion-time>}`,
    },
  };
  rule.targets.set(name, { target, input: compileInput(target) });
  return rule;
}

function rulePattern(settings: ArchiveSettings): { text: string; compiled: EventPattern } {
  const pattern = settings.pattern === undefined ? {} : (JSON.parse(settings.pattern.text) as object);
  const text = JSON.stringify({ ...pattern, 'replay-name': [{ exists: false }] });
  return { text, compiled: compileRulePattern(text) };
}

/**
 * §16.3: SizeBytes counts, per event, the UTF-8 bytes of its source, detail-type, Detail (as it was put) and
 * resources, and 20 for its time: 159 bytes for each event of the AWS recording.
 */
function sizeOf(event: RecordedEvent, detailText: string | undefined): number {
  let size = bytes(event.source) + bytes(event.detailType) + TIME_BYTES;
  size += bytes(detailText ?? JSON.stringify(event.detail));
  for (const resource of event.resources) size += bytes(resource);
  return size;
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

export function archiveArn(region: string, accountId: string, name: string): string {
  return `arn:aws:events:${region}:${accountId}:archive/${name}`;
}

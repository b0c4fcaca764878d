import { detailOf, type RecordedStep, type StepReading } from './step.js';

/** Columns of a journey line: the service names of SQS, SNS, Lambda and EventBridge fit in this width. */
const SERVICE_WIDTH = 6;
/** `visibleAgain`, `deadLettered`: the longest kinds. */
const KIND_WIDTH = 12;
/** Names longer than this are not padded past it (the line just grows). */
const MAX_WHERE_WIDTH = 28;

/** `+60.000s`: milliseconds since the first step. */
export function relativeTime(ms: number): string {
  return `+${(ms / 1000).toFixed(3)}s`;
}

/** One line per step, times relative to the first step, columns aligned. */
export function journeyLines(steps: readonly RecordedStep[], reading: StepReading): string[] {
  if (steps.length === 0) return [];
  const { place } = reading;
  const start = steps[0]!.at;
  const times = steps.map((step) => relativeTime(step.at - start));
  const timeWidth = Math.max(...times.map((t) => t.length));
  const places = steps.map((step) => place(step.where));
  const whereWidth = Math.min(MAX_WHERE_WIDTH, Math.max(...places.map((where) => where.length)));
  // `scheduler` is wider than the others: a journey through it widens the column.
  const serviceWidth = Math.max(SERVICE_WIDTH, ...steps.map((step) => step.service.length));
  return steps.map((step, i) => {
    const detail = detailOf(step, reading);
    const line = [
      times[i]!.padEnd(timeWidth),
      step.service.padEnd(serviceWidth),
      places[i]!.padEnd(whereWidth),
      detail ? step.kind.padEnd(KIND_WIDTH) : step.kind,
      detail,
    ];
    return line.join('  ').replace(/ {2}$/, '').trimEnd();
  });
}

/**
 * A Mermaid sequence diagram: one participant per service and place, a step that hands the message on (delivered,
 * dead-lettered, moved, invoked by a mapping) an arrow, every other a note over its place.
 */
export function journeyMermaid(steps: readonly RecordedStep[], reading: StepReading): string {
  const { place } = reading;
  const lines = ['sequenceDiagram'];
  const participants = new Map<string, string>();
  const participant = (service: string, where: string): string => {
    const key = `${service} ${where}`;
    let id = participants.get(key);
    if (id === undefined) {
      id = `p${participants.size + 1}`;
      participants.set(key, id);
      lines.push(`  participant ${id} as ${mermaidText(key)}`);
    }
    return id;
  };
  if (steps.length === 0) return lines.join('\n');
  const start = steps[0]!.at;
  for (const step of steps) {
    const time = relativeTime(step.at - start);
    const detail = detailOf(step, reading);
    const text = mermaidText(`${time} ${step.kind}${detail ? ` ${detail}` : ''}`);
    const here = participant(step.endpointService ?? step.service, place(step.where));
    const from = arrowSource(step, place);
    if (from !== undefined) {
      const origin = participant(from.service, from.where);
      lines.push(origin === here ? `  Note over ${here}: ${text}` : `  ${origin}->>${here}: ${text}`);
    } else if (step.target !== undefined && (step.kind === 'deadLettered' || step.kind === 'moved')) {
      lines.push(`  ${here}->>${participant(targetService(step.target), place(step.target))}: ${text}`);
    } else {
      lines.push(`  Note over ${here}: ${text}`);
    }
  }
  return lines.join('\n');
}

/** The service of a dead-letter or move target: its ARN's (a Lambda destination may be a topic), else SQS's. */
function targetService(target: string): string {
  return target.startsWith('arn:') ? (target.split(':')[2] ?? 'sqs') : 'sqs';
}

/** Where an arrow into the step's place starts: the topic, rule or schedule of a delivery. */
function arrowSource(step: RecordedStep, place: StepReading['place']): { service: string; where: string } | undefined {
  if (step.kind === 'delivered' && step.source !== undefined)
    return { service: step.service, where: place(step.source) };
  return undefined;
}

/**
 * Text Mermaid reads as plain words: no `;` (ends a statement), `#` (starts an entity), `:` only after the arrow's,
 * no line breaks, no `%%` (a comment), and no `<`/`>` that could read as an arrow or markup.
 */
function mermaidText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[;#:<>%{}]/g, (c) => MERMAID_SAFE[c] ?? ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const MERMAID_SAFE: Record<string, string> = {
  ';': ',',
  ':': ' ',
  '#': 'no.',
  '<': '(',
  '>': ')',
  '%': ' pct',
  '{': '(',
  '}': ')',
};

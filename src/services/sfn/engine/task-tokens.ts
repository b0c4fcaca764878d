/**
 * The task tokens of callback tasks and activity tasks (docs/aws-behaviour/stepfunctions.md §1.12, §3.4): each open
 * token is a task waiting for SendTaskSuccess or SendTaskFailure, which SendTaskHeartbeat keeps alive. A token stays
 * known after its task closed, so a late call answers TaskTimedOut or TaskDoesNotExist rather than InvalidToken.
 */
import type { Json } from '../asl/json.js';

export type TokenOutcome =
  { readonly output: Json } | { readonly error: string | undefined; readonly cause: string | undefined };

export interface OpenTask {
  readonly token: string;
  /** The execution that waits on it. */
  readonly executionArn: string;
  settle(outcome: TokenOutcome): void;
  /** SendTaskHeartbeat: the heartbeat timer starts again. */
  heartbeat(): void;
}

/** Why a token no longer waits: its task ended (completed, failed, aborted) or timed out. */
type Closed = 'timedOut' | 'closed';

/** A token looks like AWS's: long, opaque, base64 (§2.15). */
const TOKEN_PATTERN = /^AQ[A-Za-z0-9+/=]{40,2046}$/;

export class TaskTokens {
  private readonly open = new Map<string, OpenTask>();
  private readonly closed = new Map<string, Closed>();

  constructor(private readonly bytes: (count: number) => Uint8Array) {}

  /** A fresh token. */
  mint(): string {
    return `AQ${Buffer.from(this.bytes(120)).toString('base64')}`;
  }

  add(task: OpenTask): void {
    this.open.set(task.token, task);
  }

  /** The task stopped waiting: timed out (a late answer is TaskTimedOut) or otherwise closed. */
  close(token: string, why: Closed): void {
    this.open.delete(token);
    if (!this.closed.has(token)) this.closed.set(token, why);
  }

  /** The open task, or why there is none: a malformed token, a closed task, one never given. */
  find(token: string): OpenTask | 'invalid' | 'timedOut' | 'missing' {
    const task = this.open.get(token);
    if (task) return task;
    if (!TOKEN_PATTERN.test(token)) return 'invalid';
    const closed = this.closed.get(token);
    return closed === 'timedOut' ? 'timedOut' : 'missing';
  }

  reset(): void {
    this.open.clear();
    this.closed.clear();
  }
}

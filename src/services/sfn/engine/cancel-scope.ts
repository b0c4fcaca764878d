/**
 * How a running execution is stopped from outside (StopExecution, its TimeoutSeconds, a full history) and how a Map
 * or Parallel stops its other iterations or branches when one fails: every wait of the interpreter goes through the
 * scope it runs in, and a cancelled scope rejects them all, and those of its children, with its reason.
 */
export class CancelScope {
  private reason: Error | undefined;
  private readonly waiters = new Set<(reason: Error) => void>();
  private readonly children = new Set<CancelScope>();

  constructor(private readonly parent?: CancelScope) {
    parent?.children.add(this);
    this.reason = parent?.reason;
  }

  get cancelled(): Error | undefined {
    return this.reason;
  }

  /** A scope that is cancelled with this one, and may be cancelled alone. */
  child(): CancelScope {
    return new CancelScope(this);
  }

  /** Ends the scope's own life: its parent forgets it. */
  close(): void {
    this.parent?.children.delete(this);
  }

  cancel(reason: Error): void {
    if (this.reason) return;
    this.reason = reason;
    for (const reject of [...this.waiters]) reject(reason);
    this.waiters.clear();
    for (const child of [...this.children]) child.cancel(reason);
  }

  throwIfCancelled(): void {
    if (this.reason) throw this.reason;
  }

  /** `promise`, or the scope's reason as soon as it is cancelled; `onCancel` undoes what waited (a timer). */
  wait<T>(promise: Promise<T>, onCancel?: () => void): Promise<T> {
    if (this.reason) {
      onCancel?.();
      return Promise.reject(this.reason);
    }
    return new Promise<T>((resolve, reject) => {
      const cancelled = (reason: Error) => {
        onCancel?.();
        reject(reason);
      };
      this.waiters.add(cancelled);
      promise.then(
        (value) => {
          this.waiters.delete(cancelled);
          resolve(value);
        },
        (error: unknown) => {
          this.waiters.delete(cancelled);
          reject(error);
        },
      );
    });
  }
}

/**
 * Bounds the bytes of request bodies a node holds at once. A body reserves its declared length
 * before it is read; past the capacity it waits (FIFO) up to `waitMs` for others to finish,
 * then gets no reservation, and the route answers 503 with Retry-After (docs/security.md).
 */
export class BodyBudget {
  private used = 0;
  private readonly waiting: { bytes: number; grant: (release: () => void) => void }[] = [];

  constructor(readonly capacity: number) {}

  /** Resolves with the function that gives the bytes back, or undefined after `waitMs`. */
  acquire(bytes: number, waitMs: number): Promise<(() => void) | undefined> {
    const wanted = Math.min(bytes, this.capacity);
    if (this.waiting.length === 0 && this.used + wanted <= this.capacity) {
      return Promise.resolve(this.grant(wanted));
    }
    return new Promise((resolve) => {
      const entry = {
        bytes: wanted,
        grant: (release: () => void) => {
          clearTimeout(timer);
          resolve(release);
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        resolve(undefined);
        this.serveWaiting();
      }, waitMs);
      this.waiting.push(entry);
    });
  }

  /** Bytes reserved now (for metrics and tests). */
  get inUse(): number {
    return this.used;
  }

  private grant(bytes: number): () => void {
    this.used += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= bytes;
      this.serveWaiting();
    };
  }

  private serveWaiting() {
    while (this.waiting[0] && this.used + this.waiting[0].bytes <= this.capacity) {
      const next = this.waiting.shift()!;
      next.grant(this.grant(next.bytes));
    }
  }
}

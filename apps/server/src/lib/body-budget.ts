/**
 * Bounds the bytes of request bodies a node holds at once. A body reserves its declared length
 * before it is read; past the capacity it waits (FIFO) up to `waitMs` for others to finish,
 * then gets no reservation, and the route answers 503 with Retry-After (docs/security.md).
 * A client (its address) holds at most `perClient` bodies, granted or waiting: one more is
 * refused at once, reserving nothing, so no one client can hold the whole budget.
 */
export class BodyBudget {
  private used = 0;
  private readonly waiting: Waiter[] = [];
  /** Bodies each client holds or waits with; a client with none has no entry. */
  private readonly bodies = new Map<string, number>();

  constructor(
    readonly capacity: number,
    readonly perClient = Number.POSITIVE_INFINITY,
  ) {}

  /**
   * Resolves with the function that gives the bytes back; or refused: `client` at once when
   * `client` already holds its share, `node` when no room came within `waitMs`.
   */
  acquire(bytes: number, waitMs: number, client?: string): Promise<BodyReservation> {
    if (client !== undefined && this.bodiesOf(client) >= this.perClient) {
      return Promise.resolve({ refused: 'client' });
    }
    const uncount = this.count(client);
    const wanted = Math.min(bytes, this.capacity);
    if (this.waiting.length === 0 && this.used + wanted <= this.capacity) {
      return Promise.resolve({ release: this.grant(wanted, uncount) });
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        bytes: wanted,
        uncount,
        grant: (release) => {
          clearTimeout(timer);
          resolve({ release });
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        uncount();
        resolve({ refused: 'node' });
        this.serveWaiting();
      }, waitMs);
      this.waiting.push(waiter);
    });
  }

  /** Bytes reserved now (for metrics and tests). */
  get inUse(): number {
    return this.used;
  }

  /** Bodies `client` holds or waits with now. */
  bodiesOf(client: string): number {
    return this.bodies.get(client) ?? 0;
  }

  /** Counts one body for `client`; returns what uncounts it (once). */
  private count(client: string | undefined): () => void {
    if (client === undefined) return () => {};
    this.bodies.set(client, this.bodiesOf(client) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = this.bodiesOf(client) - 1;
      if (left > 0) this.bodies.set(client, left);
      else this.bodies.delete(client);
    };
  }

  private grant(bytes: number, uncount: () => void): () => void {
    this.used += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used -= bytes;
      uncount();
      this.serveWaiting();
    };
  }

  private serveWaiting() {
    while (this.waiting[0] && this.used + this.waiting[0].bytes <= this.capacity) {
      const next = this.waiting.shift()!;
      next.grant(this.grant(next.bytes, next.uncount));
    }
  }
}

interface Waiter {
  bytes: number;
  /** Gives back the client's count if the wait ends without a grant. */
  uncount: () => void;
  grant: (release: () => void) => void;
}

/** A body's reservation, or why it got none. */
export type BodyReservation =
  | { release: () => void; refused?: undefined }
  | { release?: undefined; refused: 'client' | 'node' };

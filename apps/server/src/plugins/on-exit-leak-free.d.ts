// pino's own way of writing a log out at exit, which its package ships without type declarations.
declare module 'on-exit-leak-free' {
  /** Calls `flush(target)` as the process exits, for as long as `target` is alive. */
  export function register<T extends object>(target: T, flush: (target: T) => void): void;
}

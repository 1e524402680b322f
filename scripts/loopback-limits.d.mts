/** The per-client limits raised for a server whose clients share one address (loopback-limits.mjs). */
export declare const LOOPBACK_LIMITS: Readonly<Record<string, string>>;

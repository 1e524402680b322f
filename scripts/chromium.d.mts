/** Debian's Chromium: its path and the flags every launch of ours passes (chromium.mjs). */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: readonly string[];

// Debian's Chromium as the browser tests (e2e/playwright.config.ts) and the screenshots
// (screenshots.mjs) launch it: the path (CHROME_PATH overrides it) and the flags both need
// in a container with no GPU, no sandbox and no outside calls of its own.
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The secret that signs XSRF tokens. COOKIE_SECRET wins (several nodes must share it);
 * otherwise one is made once and kept in DATA_DIR so tokens survive a restart.
 */
export function resolveCookieSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, '.cookie-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

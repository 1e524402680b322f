import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensurePrivateDir, makePrivateIfPresent, writePrivateFile } from './private-files';

/**
 * The secret that signs XSRF tokens. COOKIE_SECRET wins (several nodes must share it);
 * otherwise one is made once and kept in DATA_DIR so tokens survive a restart.
 */
export function resolveCookieSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, '.cookie-secret');
  try {
    const secret = fs.readFileSync(file, 'utf8').trim();
    // One written by an older version may be wider.
    makePrivateIfPresent(file);
    return secret;
  } catch {
    ensurePrivateDir(dataDir);
    const secret = crypto.randomBytes(32).toString('base64url');
    writePrivateFile(file, secret);
    return secret;
  }
}

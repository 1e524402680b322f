import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH } from '@lumenfield/contract';
import { hashPassword, passwordProblem, SCRYPT, verifyPassword } from './passwords';

const person = { email: 'maria.santos@example.com', name: 'Maria Santos' };

describe('passwords', () => {
  it('stores scrypt with its parameters and a fresh salt; verifies exactly what was typed', async () => {
    const password = 'Ünïcode and spaces stay as typed';
    const [first, second] = await Promise.all([hashPassword(password), hashPassword(password)]);
    const [scheme, n, r, p, salt, hash] = first.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual([
      'scrypt',
      SCRYPT.N,
      SCRYPT.r,
      SCRYPT.p,
    ]);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(32);
    expect(Buffer.from(hash!, 'base64url')).toHaveLength(32);
    expect(second).not.toBe(first);
    expect(await verifyPassword(password, first)).toBe(true);
    expect(await verifyPassword(password, second)).toBe(true);
    // No truncation, no case folding, no trimming.
    expect(await verifyPassword(`${password}!`, first)).toBe(false);
    expect(await verifyPassword(password.toLowerCase(), first)).toBe(false);
    expect(await verifyPassword(` ${password}`, first)).toBe(false);
    // The same text typed composed or decomposed, or in full-width forms, is one password (NFKC).
    const composed = await hashPassword('café au lait, twice a day');
    expect(await verifyPassword('cafe\u0301 au lait, twice a day', composed)).toBe(true);
    expect(await verifyPassword('ｃａｆé au lait, twice a day', composed)).toBe(true);
  }, 30_000);

  it('refuses a stored string it did not write, or parameters that would stall the node', async () => {
    const good = await hashPassword('a long enough passphrase');
    const parts = good.split('$');
    expect(await verifyPassword('a long enough passphrase', parts.slice(0, 5).join('$'))).toBe(
      false,
    );
    expect(
      await verifyPassword('a long enough passphrase', ['bcrypt', ...parts.slice(1)].join('$')),
    ).toBe(false);
    const huge = ['scrypt', String(2 ** 24), ...parts.slice(2)].join('$');
    expect(await verifyPassword('a long enough passphrase', huge)).toBe(false);
  }, 30_000);

  it(`needs ${MIN_PASSWORD_LENGTH} to 1024 characters, no composition rules, not a common password, not the name`, () => {
    expect(passwordProblem('x'.repeat(MIN_PASSWORD_LENGTH - 1), person)).toMatch(/at least 12/);
    expect(passwordProblem('x'.repeat(1025), person)).toMatch(/at most 1024/);
    // Only lower-case letters and spaces: fine (no "one digit, one capital" rules).
    expect(passwordProblem('purple elephants dance quietly', person)).toBeUndefined();
    for (const common of ['123qweasdzxc', '1qaz2wsx3edc', 'Q1W2E3R4T5Y6']) {
      expect(passwordProblem(common, person), common).toMatch(/most common/);
    }
    // Counted after normalising: six accented letters typed decomposed are six, not twelve.
    expect(passwordProblem('e\u0301'.repeat(6), person)).toMatch(/at least 12/);
    expect(passwordProblem('e\u0301'.repeat(12), person)).not.toMatch(/at least 12/);
    for (const personal of ['maria.santos-2026!', 'I am SANTOS forever', 'mariasantos12345']) {
      expect(passwordProblem(personal, person), personal).toMatch(/your name/);
    }
  });

  it('refuses what the strength estimate finds easy to guess, saying why', () => {
    const why: Record<string, RegExp> = {
      aaaaaaaaaaaa: /too easy to guess \(repeated characters/,
      iloveyou1234: /too easy to guess \(it is a common password with small changes\)/,
      qwertyuiopasdf: /too easy to guess/,
      password123456: /too easy to guess/,
    };
    for (const [weak, reason] of Object.entries(why)) {
      expect(passwordProblem(weak, person), weak).toMatch(reason);
    }
    for (const strong of [
      'purple elephants dance quietly',
      'correct horse battery staple 7',
      'reads resumes carefully every morning',
    ]) {
      expect(passwordProblem(strong, person), strong).toBeUndefined();
    }
  });
});

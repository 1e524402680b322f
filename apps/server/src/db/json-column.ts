import type { z } from 'zod';

/**
 * A JSON column read back; a value the contract no longer accepts (edited by hand, or stored
 * under older rules) reads as `fallback`, never as an error for a visitor or a recruiter.
 */
export function jsonColumn<T>(schema: z.ZodType<T>, text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

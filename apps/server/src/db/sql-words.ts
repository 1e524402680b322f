import { sql, type Expression, type SqlBool } from 'kysely';
import { stripControlCharacters } from '../lib/control-characters';

/**
 * Words of a search box: up to eight, each at most 100 characters, without control characters
 * (no stored text has them, and PostgreSQL refuses NUL even in a parameter).
 */
export function searchWords(q: string | undefined): string[] {
  return stripControlCharacters(q ?? '', true)
    .split(/\s+/)
    .map((word) => word.slice(0, 100))
    .filter((word) => word.length > 0)
    .slice(0, 8);
}

/** `column` contains `word`, case-insensitively and literally (% and _ are not wildcards). */
export function containsWord(column: Expression<unknown>, word: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${containsPattern(word.toLowerCase())} escape '\\'`;
}

/** The LIKE pattern (escaped with `\`) of text containing `text` literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { containsPattern } from '../../db/sql-words';
import { foldForSearch } from '../../lib/search-text';

/** The shortest word a trigram index finds: one trigram. */
const TRIGRAM = 3;

/**
 * A word of the applicants' search, as SQL over the list's `applicants`: the word is in the
 * applicant's search text (their names, e-mail and city, folded: case and accents do not count,
 * lib/search-text.ts) or in their opening's title (case-insensitively, as typed).
 *
 * The applicants it matches are found first, by id, each engine through its text index
 * (migration 0027-applicant-search): PostgreSQL's GIN trigram index answers the LIKE; SQLite's
 * FTS5 trigram table answers a MATCH of the word as one quoted string (so nothing typed is FTS
 * syntax), and a word shorter than a trigram, which no trigram finds, is the LIKE over the
 * column. The opening's title is looked up in jobs, a small table, and brings its applicants by
 * their opening's index. One set of ids per word: a condition over both tables at once would
 * have each engine read every applicant to test it.
 */
export function matchesWord(
  db: Db,
  applicantId: Expression<unknown>,
  word: string,
): Expression<SqlBool> {
  const folded = foldForSearch(word);
  const inTitle = sql`select t.id from applicants t where t.job_id in (
      select j.id from jobs j where lower(j.title) like ${containsPattern(word.toLowerCase())} escape '\\')`;
  // A word that folds away entirely (marks alone) is in no folded text: only a title has it.
  if (folded === '') return sql<SqlBool>`${applicantId} in (${inTitle})`;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const inText =
    postgres || [...folded].length < TRIGRAM
      ? sql`select s.id from applicants s
              where s.search_text like ${containsPattern(folded)} escape '\\'`
      : sql`select rowid from applicants_search
              where applicants_search match ${`"${folded.replace(/"/g, '""')}"`}`;
  return sql<SqlBool>`${applicantId} in (${inText} union ${inTitle})`;
}

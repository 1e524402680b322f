import {
  type QueryId,
  CompiledQuery,
  DeleteQueryNode,
  SelectQueryNode,
  sql,
  UpdateQueryNode,
  type KyselyPlugin,
  type RootOperationNode,
} from 'kysely';
import type { Db } from '../db/database';
import { engine } from './test-app';

/**
 * The engine's plan of `statement`: SQLite's EXPLAIN QUERY PLAN lines, or PostgreSQL's plan
 * tree. The test's tables hold a few rows, and for those PostgreSQL's planner rightly prefers
 * reading the table; with sequential scans priced out (SET LOCAL: this transaction only) it
 * picks an index whenever one can answer, as it would at a million rows, so a Seq Scan left in
 * the plan means there is none. Sorts likewise: a few hundred rows sort cheaper than an index
 * reads them in order (how cheap depends on how wide the planner guesses the rows), so with
 * `sorts` they are priced out too, and a Sort left means no index gives the order.
 */
async function explain(
  db: Db,
  statement: CompiledQuery,
  { sorts = false } = {},
): Promise<{ lines: string[] } | { tree: PlanNode }> {
  if (engine === 'sqlite') {
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
    );
    return { lines: rows.map((r) => r.detail) };
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    if (sorts) await sql`set local enable_sort = off`.execute(trx);
    const { rows } = await trx.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(`explain (format json) ${statement.sql}`, [...statement.parameters]),
    );
    const plan = Object.values(rows[0]!)[0] as { Plan: PlanNode }[];
    return { tree: plan[0]!.Plan };
  });
}

/** The plan of `statement` as text, to look for an index's or a table's name in. */
export async function planText(db: Db, statement: CompiledQuery): Promise<string> {
  const plan = await explain(db, statement);
  return 'lines' in plan ? plan.lines.join('\n') : JSON.stringify(plan.tree);
}

/**
 * What in the plan of `statement` reads a whole table: SQLite's `SCAN t` lines, PostgreSQL's
 * `Seq Scan` nodes. An empty list: every table is reached through an index (or its key). With
 * `sorts`, also every sort of the whole answer (SQLite's temporary B-tree for ORDER BY,
 * PostgreSQL's Sort; not its Incremental Sort, which sorts only rows that tie on an index).
 */
export async function fullScans(
  db: Db,
  statement: CompiledQuery,
  { sorts = false } = {},
): Promise<string[]> {
  const plan = await explain(db, statement, { sorts });
  if ('lines' in plan) {
    return plan.lines.filter(
      (d) =>
        /^SCAN (?!CONSTANT ROW)/.test(d) || (sorts && d.startsWith('USE TEMP B-TREE FOR ORDER')),
    );
  }
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Node Type'] === 'Seq Scan') scans.push(`Seq Scan on ${node['Relation Name']}`);
    if (sorts && node['Node Type'] === 'Sort') scans.push('Sort');
    node.Plans?.forEach(walk);
  };
  walk(plan.tree);
  return scans;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

/**
 * A handle that records every statement run through it (or those `keep` picks), compiled as the
 * engine receives it: the earlier plugins (the names' camelCase) have run.
 */
export function recording(
  db: Db,
  keep: (node: RootOperationNode) => boolean = () => true,
): { db: Db; seen: CompiledQuery[] } {
  const seen: CompiledQuery[] = [];
  // A query built inside another (a subquery's own builder) passes through transformQuery too,
  // but only a statement sent to the database gets a result: that is when it is recorded.
  const built = new Map<QueryId, CompiledQuery>();
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      if (keep(node)) built.set(queryId, db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      const sent = built.get(queryId);
      if (sent) seen.push(sent);
      return result;
    },
  };
  return { db: db.withPlugin(plugin), seen };
}

/** Reads, updates and deletes: the statements whose plans find rows. */
const findsRows = (node: RootOperationNode) =>
  SelectQueryNode.is(node) || UpdateQueryNode.is(node) || DeleteQueryNode.is(node);

/**
 * Runs `work` on a handle that records its statements, then answers each statement that reads a
 * whole table somewhere in its plan, with those reads (SQLite's plans include the lookups its
 * foreign keys make). `{}`: every statement found its rows through an index.
 */
export async function fullScansOf(
  db: Db,
  work: (recording: Db) => Promise<unknown>,
  options: { sorts?: boolean } = {},
): Promise<{ statements: number; scans: Record<string, string[]> }> {
  const { db: recorded, seen } = recording(db, findsRows);
  await work(recorded);
  const scans: Record<string, string[]> = {};
  for (const statement of seen) {
    const found = await fullScans(db, statement, options);
    if (found.length > 0) scans[statement.sql] = found;
  }
  return { statements: seen.length, scans };
}

// The PGlite hot path: sign-up inserts that arrive together go into the engine in one call,
// each still its own transaction (BEGIN + SET LOCAL ROLE, a reused prepared statement, Sync,
// COMMIT). After an error the Sync leaves that transaction aborted and its COMMIT rolls it back,
// so the next one starts clean. Each caller hears its own outcome, and only once its COMMIT has
// been seen.
import type { PGlite } from '@electric-sql/pglite';
import * as wire from './pg-wire.ts';
import { BEGIN_AS, type ApiRole } from './types.ts';

/** Enough to amortise the call into the engine; small enough to keep latency even. */
const MAX_BATCH = 32;
/** Every operation answers with exactly three ReadyForQuery messages (see writeOp). */
const READY_PER_OP = 3;

interface Op {
  role: ApiRole;
  sql: string;
  params: (string | null)[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface Statement {
  name: string;
  ready: boolean;
}

type Serial = <T>(fn: () => Promise<T>) => Promise<T>;

interface Message {
  name: string;
  text?: string;
  code?: string;
}

export function createBatcher(pg: PGlite, serial: Serial) {
  const statements = new Map<string, Statement>();
  let queue: Op[] = [];
  let scheduled = false;

  const statementFor = (sql: string): Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = { name: `hot_${statements.size + 1}`, ready: false };
      statements.set(sql, statement);
    }
    return statement;
  };

  function writeOp(w: ReturnType<typeof wire.writer>, op: Op, parsing: Set<string>) {
    const statement = statementFor(op.sql);
    wire.query(w, BEGIN_AS[op.role]); // → BEGIN, SET, ReadyForQuery
    if (!statement.ready && !parsing.has(statement.name)) {
      wire.parse(w, statement.name, op.sql);
      parsing.add(statement.name);
    }
    wire.bind(w, statement.name, op.params);
    wire.execute(w);
    wire.sync(w); // → ReadyForQuery, after INSERT or after the error
    wire.query(w, 'commit'); // → COMMIT (or ROLLBACK after an error), ReadyForQuery
  }

  /** Hands each caller the outcome between its own ReadyForQuery boundaries. */
  function settle(ops: Op[], messages: Message[]) {
    let i = 0;
    for (const op of ops) {
      let ready = 0;
      let error: Message | undefined;
      let committed = false;
      while (i < messages.length && ready < READY_PER_OP) {
        const m = messages[i++];
        if (m.name === 'readyForQuery') ready++;
        else if (m.name === 'parseComplete') statementFor(op.sql).ready = true;
        else if (m.name === 'error') error ??= m;
        else if (m.name === 'commandComplete' && m.text === 'COMMIT') committed = true;
      }
      if (error?.code === '42P05') statementFor(op.sql).ready = true; // already prepared
      if (error) op.reject(error);
      else if (!committed) op.reject(new Error('the sign-up transaction did not commit'));
      else op.resolve();
    }
  }

  async function flush() {
    scheduled = false;
    const ops = queue.slice(0, MAX_BATCH);
    queue = queue.slice(ops.length);
    if (queue.length > 0) schedule();
    if (ops.length === 0) return;
    const w = wire.writer();
    const parsing = new Set<string>();
    for (const op of ops) writeOp(w, op, parsing);
    let messages: Message[];
    try {
      ({ messages } = await pg.execProtocol(w.bytes(), { throwOnError: false }));
    } catch (error) {
      for (const op of ops) op.reject(error);
      return;
    }
    settle(ops, messages);
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // After the event loop's I/O phase, so every request parsed in this turn joins the batch
    // (the engine call is synchronous: nothing is parsed while it runs).
    setImmediate(() => void serial(flush));
  }

  return function executeAs(role: ApiRole, sql: string, params: (string | null)[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      queue.push({ role, sql, params, resolve, reject });
      schedule();
    });
  };
}

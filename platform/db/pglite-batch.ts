// The PGlite hot path: sign-up inserts that arrive together go into the engine in one call,
// each still its own transaction (BEGIN + SET LOCAL ROLE, a reused prepared statement, Sync,
// COMMIT). After an error the Sync leaves that transaction aborted and its COMMIT rolls it back,
// so the next one starts clean. Each caller hears its own outcome, and only once its COMMIT has
// been seen.
import { protocol, type PGlite } from '@electric-sql/pglite';
import { BEGIN_AS, type ApiRole } from './types.ts';

/** Enough to amortise the call into the engine; small enough to keep latency even. */
const MAX_BATCH = 32;
/** Every operation answers with exactly three ReadyForQuery messages (see writeOp). */
const READY_PER_OP = 3;
/** PGlite's own frontend-message encoder (protocol v3), the one its query methods use. */
const { serialize } = protocol;
// The same bytes for every operation: made once.
const EXECUTE = serialize.execute();
const SYNC = serialize.sync();
const COMMIT = serialize.query('commit');

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

const beginAs: Record<ApiRole, Uint8Array> = {
  anon: serialize.query(BEGIN_AS.anon),
  service_role: serialize.query(BEGIN_AS.service_role),
};

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

  function writeOp(out: Uint8Array[], op: Op, parsing: Set<string>) {
    const statement = statementFor(op.sql);
    out.push(beginAs[op.role]); // → BEGIN, SET, ReadyForQuery
    if (!statement.ready && !parsing.has(statement.name)) {
      // No parameter types: the server infers them, and every parameter is sent as text.
      out.push(serialize.parse({ name: statement.name, text: op.sql }));
      parsing.add(statement.name);
    }
    out.push(serialize.bind({ statement: statement.name, values: op.params }));
    out.push(EXECUTE);
    out.push(SYNC); // → ReadyForQuery, after INSERT or after the error
    out.push(COMMIT); // → COMMIT (or ROLLBACK after an error), ReadyForQuery
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
    const out: Uint8Array[] = [];
    const parsing = new Set<string>();
    for (const op of ops) writeOp(out, op, parsing);
    let messages: Message[];
    try {
      ({ messages } = await pg.execProtocol(Buffer.concat(out), { throwOnError: false }));
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

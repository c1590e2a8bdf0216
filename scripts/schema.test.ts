import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pgliteTemplate } from '../test-support/databases.ts';
import { SCHEMA_FILE, schemaSql } from './schema.ts';

const STALE =
  'supabase/schema.sql is not the schema supabase/migrations/ make (a migration was added or ' +
  'changed since it was written): run `npm run schema` and commit supabase/schema.sql';

describe('supabase/schema.sql', () => {
  // The migrated template the other database tests load: the server's own migrate(), once.
  let generated: Promise<string> | undefined;
  const schema = () => (generated ??= pgliteTemplate().then(schemaSql));

  it('is the schema the migrations make today', async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8').replace(/\r\n/g, '\n');
    expect(committed, STALE).toBe(await schema());
  });

  it("shows every table, the sign-up policy and the functions' grants", async () => {
    const sql = await schema();
    for (const table of ['emails', 'deliveries', 'unsubscribed', 'suppressed', 'announce_leases']) {
      expect(sql).toMatch(new RegExp(`^CREATE TABLE public\\.tedxcommunity_${table} \\(`, 'm'));
    }
    expect(sql).toMatch(/^CREATE POLICY "Visitors can sign up" ON public.tedxcommunity_emails/m);
    expect(sql).toMatch(/^GRANT ALL ON FUNCTION public\.signup_form\(.*\) TO anon;$/m);
    expect(sql).toMatch(/ADD CONSTRAINT tedxcommunity_emails_email_key UNIQUE \(email\)/);
    // Only the public schema: not the migration ledger nor the roles' bootstrap.
    expect(sql).not.toContain('supabase_migrations');
  });
});

-- Creates the roles hosted Supabase already has, where they are missing (PGlite, plain
-- PostgreSQL), so that the migrations' grants and row-level security mean the same thing here.
-- Safe to run again and from several processes at once.
do $$
declare
  r record;
begin
  for r in
    select * from (values ('anon', false), ('authenticated', false), ('service_role', true))
      as v(name, bypass_rls)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      begin
        -- No role settings (hosted Supabase's statement timeouts): SET ROLE does not apply them,
        -- so the server sets the timeout per request (platform/db/postgres.ts).
        execute format('create role %I nologin noinherit %s', r.name,
          case when r.bypass_rls then 'bypassrls' else '' end);
      exception when duplicate_object or unique_violation then
        null; -- another process created it first
      end;
    end if;
    -- The connecting user must be able to SET ROLE to each of them.
    if not pg_has_role(current_user, r.name, 'member') then
      execute format('grant %I to %I', r.name, current_user);
    end if;
  end loop;
end
$$;

create schema if not exists supabase_migrations;

-- The Supabase CLI's own bookkeeping table: a database prepared with `supabase db push` is
-- recognised as migrated, and the reverse.
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);

-- This project's own record beside it: the checksum of each applied migration's file, so a
-- migration edited after it ran stops every process instead of silently differing.
create table if not exists supabase_migrations.checksums (
  version text primary key,
  sha256 text not null
);

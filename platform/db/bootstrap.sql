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
        if r.bypass_rls then
          execute format('create role %I nologin noinherit bypassrls', r.name);
        else
          execute format('create role %I nologin noinherit', r.name);
          -- Hosted Supabase's limits for the API roles (the server also sets them per request,
          -- since SET ROLE does not apply a role's settings).
          execute format('alter role %I set statement_timeout = %L', r.name,
            case r.name when 'anon' then '3s' else '8s' end);
        end if;
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

-- Launch day: one announcement per (campaign, person), and a way for anyone to leave the list.
-- Runs unchanged on hosted Supabase, PGlite and plain PostgreSQL. Everything the organiser tools
-- and the unsubscribe link need goes through the security definer functions below, so the same
-- calls work over a direct connection and over PostgREST (`.rpc()`), and grants decide who may
-- make them. Only core functions (gen_random_uuid, sha256: PostgreSQL 13+), no extension.

-- One opaque, unguessable token per person (122 random bits), for the unsubscribe link. anon has
-- no select grant on the table and no insert grant on this column: only the service role reads it.
alter table public.tedxcommunity_emails
  add column unsubscribe_token uuid not null default gen_random_uuid();

create unique index tedxcommunity_emails_unsubscribe_token_key
  on public.tedxcommunity_emails (unsubscribe_token);

-- Who has left, by token only (no address kept), so a second click on the same link still
-- answers "you are unsubscribed". Leaving deletes the sign-up itself: the person drops out of
-- the export, the count and every later campaign, and signing up again is an ordinary insert
-- that the unique index on lower(email) no longer stands in the way of.
create table public.tedxcommunity_unsubscribed (
  token uuid primary key,
  unsubscribed_at timestamptz not null default now()
);

-- What each campaign did for each address. Keyed by a SHA-256 of the address rather than the
-- row id, so someone who leaves and signs up again is not sent the same campaign twice on a
-- rerun; `subscribers remove` deletes these rows too.
create table public.tedxcommunity_deliveries (
  campaign text not null
    constraint tedxcommunity_deliveries_campaign_shape
    check (campaign ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'),
  email_hash bytea not null,
  status text not null constraint tedxcommunity_deliveries_status check (status in ('sent', 'failed')),
  -- The SMTP server's answer to a permanent failure, for the organisers.
  error text null,
  updated_at timestamptz not null default now(),
  primary key (campaign, email_hash)
);

revoke all on table public.tedxcommunity_unsubscribed from anon, authenticated;
revoke all on table public.tedxcommunity_deliveries from anon, authenticated;
grant select on table public.tedxcommunity_unsubscribed to service_role;
grant select, delete on table public.tedxcommunity_deliveries to service_role;
alter table public.tedxcommunity_unsubscribed enable row level security;
alter table public.tedxcommunity_deliveries enable row level security;

-- A token from a link as a uuid, or null when it is not one (never a cast error). It reads no
-- table and names everything in full, so it needs no search_path of its own. (The address hash
-- of the delivery records stays written out where it is used: as a function call it halved the
-- sending rate, measured with npm run bench.)
create function public.tedxcommunity_token(token text) returns uuid
  language sql immutable
as $$ select case when $1 ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then $1::uuid end $$;

-- How a campaign stands: people still to send to, people who already had it, people who left.
create function public.tedxcommunity_announce_status(p_campaign text)
  returns table (pending bigint, already_sent bigint, unsubscribed bigint)
  language sql stable security definer
  set search_path = ''
as $$
  with people as (
    select exists (
      select 1 from public.tedxcommunity_deliveries d
      where d.campaign = p_campaign and d.status = 'sent'
        and d.email_hash = pg_catalog.sha256(pg_catalog.convert_to(e.email, 'UTF8'))
    ) as sent
    from public.tedxcommunity_emails e
  )
  select
    (select count(*) from people where not sent),
    (select count(*) from people where sent),
    (select count(*) from public.tedxcommunity_unsubscribed)
$$;

-- The next people after p_after (keyset, by id) who have not had the campaign: the sender
-- streams the list in pages of this instead of loading it.
create function public.tedxcommunity_announce_next(p_campaign text, p_after bigint, p_limit integer)
  returns table (id bigint, email text, first_name text, token uuid)
  language sql stable security definer
  set search_path = ''
as $$
  select e.id, e.email::text, e.first_name::text, e.unsubscribe_token
  from public.tedxcommunity_emails e
  where e.id > p_after
    and not exists (
      select 1 from public.tedxcommunity_deliveries d
      where d.campaign = p_campaign and d.status = 'sent'
        and d.email_hash = pg_catalog.sha256(pg_catalog.convert_to(e.email, 'UTF8'))
    )
  order by e.id
  limit least(greatest(p_limit, 0), 1000)
$$;

-- Records outcomes for people by id: a JSON array of {"id", "status": "sent"|"failed",
-- "error"}. JSON rather than arrays so that every PostgREST-compatible API passes it the same
-- way. A 'sent' is never turned back into 'failed'. Returns how many rows it wrote.
create function public.tedxcommunity_announce_record(p_campaign text, p_outcomes jsonb)
  returns integer
  language sql volatile security definer
  set search_path = ''
as $$
  with outcome as (
    select * from pg_catalog.jsonb_to_recordset(p_outcomes) as o(id bigint, status text, error text)
  ), written as (
    insert into public.tedxcommunity_deliveries as d (campaign, email_hash, status, error)
    select p_campaign, pg_catalog.sha256(pg_catalog.convert_to(e.email, 'UTF8')), o.status, o.error
    from outcome o join public.tedxcommunity_emails e on e.id = o.id
    on conflict (campaign, email_hash) do update
      set status = excluded.status, error = excluded.error, updated_at = pg_catalog.now()
      where d.status <> 'sent'
    returning 1
  )
  select count(*)::integer from written
$$;

-- The unsubscribe link. True when the token is (or was) someone's: they are off the list.
-- Idempotent. Says nothing else: not whose token it was, not whether they were still on it.
create function public.tedxcommunity_unsubscribe(token text)
  returns boolean
  language plpgsql volatile security definer
  set search_path = ''
as $$
#variable_conflict use_variable
declare
  t uuid;
begin
  t := public.tedxcommunity_token(token);
  if t is null then
    return false;
  end if;
  delete from public.tedxcommunity_emails e where e.unsubscribe_token = t;
  if found then
    insert into public.tedxcommunity_unsubscribed as u (token) values (t)
      on conflict do nothing;
    return true;
  end if;
  return exists (select 1 from public.tedxcommunity_unsubscribed u where u.token = t);
end
$$;

-- For the confirm page (GET), which must change nothing: is this a token of someone who is or
-- was on the list? Tokens are unguessable, so this tells nobody anything they did not have.
create function public.tedxcommunity_unsubscribe_known(token text)
  returns boolean
  language sql stable security definer
  set search_path = ''
as $$
  -- $1, not its name: in SQL functions a column called token would win over the parameter.
  -- A malformed token is null, which matches nothing.
  select exists (
      select 1 from public.tedxcommunity_emails e
      where e.unsubscribe_token = public.tedxcommunity_token($1))
    or exists (
      select 1 from public.tedxcommunity_unsubscribed u
      where u.token = public.tedxcommunity_token($1))
$$;

-- `npm run subscribers -- remove EMAIL`: a person who asks to be deleted, with their delivery
-- records. True when they were on the list.
create function public.tedxcommunity_remove(p_email text)
  returns boolean
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  normal text := pg_catalog.lower(pg_catalog.btrim(p_email, E' \t\r\n'));
begin
  delete from public.tedxcommunity_deliveries d
    where d.email_hash = pg_catalog.sha256(pg_catalog.convert_to(normal, 'UTF8'));
  delete from public.tedxcommunity_emails e where pg_catalog.lower(e.email) = normal;
  return found;
end
$$;

-- PostgreSQL lets PUBLIC execute new functions and hosted Supabase grants them to anon and
-- authenticated by default: take that back and say exactly who may call what.
revoke all on function public.tedxcommunity_token(text) from public, anon, authenticated;
revoke all on function public.tedxcommunity_announce_status(text) from public, anon, authenticated;
revoke all on function public.tedxcommunity_announce_next(text, bigint, integer)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_announce_record(text, jsonb)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_unsubscribe(text) from public, anon, authenticated;
revoke all on function public.tedxcommunity_unsubscribe_known(text)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_remove(text) from public, anon, authenticated;

grant execute on function public.tedxcommunity_announce_status(text) to service_role;
grant execute on function public.tedxcommunity_announce_next(text, bigint, integer) to service_role;
grant execute on function public.tedxcommunity_announce_record(text, jsonb)
  to service_role;
grant execute on function public.tedxcommunity_remove(text) to service_role;
-- The link in the mail works without any key but the public one.
grant execute on function public.tedxcommunity_unsubscribe(text) to anon, service_role;
grant execute on function public.tedxcommunity_unsubscribe_known(text) to anon, service_role;

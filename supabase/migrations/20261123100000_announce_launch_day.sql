-- Launch day against real providers: hard bounces kept off every later campaign (a suppression
-- list), the statuses a send can end in, and one run per campaign at a time (a lease). Runs
-- unchanged on hosted Supabase, PGlite and plain PostgreSQL; everything goes through security
-- definer functions that only service_role may execute, as in 20261122100000.

-- 'bounced': the recipient's server said the address does not exist or refuses us for good
-- (the address also goes on the suppression list). 'deferred': a temporary refusal for that one
-- recipient that outlasted the run's retries; the next run tries again, like 'failed'.
alter table public.tedxcommunity_deliveries
  drop constraint tedxcommunity_deliveries_status;
alter table public.tedxcommunity_deliveries
  add constraint tedxcommunity_deliveries_status
  check (status in ('sent', 'failed', 'bounced', 'deferred'));

-- Addresses no campaign mails again, whatever the list says: a hard bounce puts one here, and it
-- stays when the person leaves and signs up again (mailing a dead address again harms the
-- sender's reputation with every provider). `npm run subscribers -- unsuppress EMAIL` undoes it.
create table public.tedxcommunity_suppressed (
  email text primary key
    constraint tedxcommunity_suppressed_email_lower check (email = lower(email)),
  -- The SMTP server's answer, for the organisers.
  reason text not null,
  created_at timestamptz not null default now()
);

-- One run per campaign at a time: the run holding the row sends, any other stops. The holder
-- renews it (heartbeat) well inside its expiry, so a run that crashed frees it by itself.
create table public.tedxcommunity_announce_leases (
  campaign text primary key,
  -- Who, for the one line the second run prints: user@host pid N.
  holder text not null,
  -- The run's own random key: only it may renew or release the lease.
  run_id uuid not null,
  started_at timestamptz not null default now(),
  heartbeat_at timestamptz not null default now(),
  expires_at timestamptz not null
);

revoke all on table public.tedxcommunity_suppressed from anon, authenticated;
revoke all on table public.tedxcommunity_announce_leases from anon, authenticated;
grant select on table public.tedxcommunity_suppressed to service_role;
grant select on table public.tedxcommunity_announce_leases to service_role;
alter table public.tedxcommunity_suppressed enable row level security;
alter table public.tedxcommunity_announce_leases enable row level security;

-- Takes the campaign's lease, or renews it when this run already holds it. Granted when the row
-- is absent, expired or this run's, or held by p_take_over (a run on this machine whose process
-- is gone: the caller checked); otherwise says who holds it, since when, and under which run id.
create function public.tedxcommunity_announce_lease(
  p_campaign text, p_holder text, p_run_id uuid, p_seconds integer, p_take_over uuid)
  returns table (granted boolean, holder text, started_at timestamptz, run_id uuid)
  language plpgsql volatile security definer
  set search_path = ''
as $$
#variable_conflict use_column
declare
  ttl interval := pg_catalog.make_interval(secs => least(greatest(p_seconds, 5), 600));
begin
  insert into public.tedxcommunity_announce_leases as l
      (campaign, holder, run_id, expires_at)
    values (p_campaign, p_holder, p_run_id, pg_catalog.now() + ttl)
    on conflict (campaign) do update
      set holder = excluded.holder,
          run_id = excluded.run_id,
          started_at = case when l.run_id = excluded.run_id then l.started_at
                            else pg_catalog.now() end,
          heartbeat_at = pg_catalog.now(),
          expires_at = excluded.expires_at
      where l.run_id = excluded.run_id or l.expires_at < pg_catalog.now()
        or l.run_id = p_take_over;
  return query
    select l.run_id = p_run_id, l.holder, l.started_at, l.run_id
    from public.tedxcommunity_announce_leases l where l.campaign = p_campaign;
end
$$;

-- Gives the lease back at the end of a run (only the run that holds it can).
create function public.tedxcommunity_announce_release(p_campaign text, p_run_id uuid)
  returns boolean
  language sql volatile security definer
  set search_path = ''
as $$
  with gone as (
    delete from public.tedxcommunity_announce_leases l
    where l.campaign = p_campaign and l.run_id = p_run_id
    returning 1
  )
  select exists (select 1 from gone)
$$;

-- The status, next-page and record functions change shape or meaning: dropped and made again.
drop function public.tedxcommunity_announce_status(text);
drop function public.tedxcommunity_announce_next(text, bigint, integer);
drop function public.tedxcommunity_announce_record(text, jsonb);

-- How a campaign stands. pending leaves out suppressed addresses, which are counted apart.
create function public.tedxcommunity_announce_status(p_campaign text)
  returns table (pending bigint, already_sent bigint, unsubscribed bigint, suppressed bigint)
  language sql stable security definer
  set search_path = ''
as $$
  with people as (
    select
      exists (
        select 1 from public.tedxcommunity_deliveries d
        where d.campaign = p_campaign and d.status = 'sent'
          and d.email_hash = pg_catalog.sha256(pg_catalog.convert_to(e.email, 'UTF8'))
      ) as sent,
      exists (
        select 1 from public.tedxcommunity_suppressed s where s.email = e.email::text
      ) as suppressed
    from public.tedxcommunity_emails e
  )
  select
    (select count(*) from people where not sent and not suppressed),
    (select count(*) from people where sent),
    (select count(*) from public.tedxcommunity_unsubscribed),
    (select count(*) from people where suppressed and not sent)
$$;

-- The next people after p_after (keyset, by id: earliest sign-ups first) who have not had the
-- campaign and are not suppressed.
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
    and not exists (select 1 from public.tedxcommunity_suppressed s where s.email = e.email::text)
  order by e.id
  limit least(greatest(p_limit, 0), 1000)
$$;

-- Records outcomes by id: {"id", "status": "sent"|"failed"|"bounced"|"deferred", "error"}. A
-- 'sent' is never turned into anything else; a 'bounced' also suppresses the address.
create function public.tedxcommunity_announce_record(p_campaign text, p_outcomes jsonb)
  returns integer
  language sql volatile security definer
  set search_path = ''
as $$
  with outcome as (
    select o.*, e.email::text as email
    from pg_catalog.jsonb_to_recordset(p_outcomes) as o(id bigint, status text, error text)
    join public.tedxcommunity_emails e on e.id = o.id
  ), suppressed as (
    insert into public.tedxcommunity_suppressed (email, reason)
    select o.email, coalesce(o.error, 'bounced') from outcome o where o.status = 'bounced'
    on conflict do nothing
  ), written as (
    insert into public.tedxcommunity_deliveries as d (campaign, email_hash, status, error)
    select p_campaign, pg_catalog.sha256(pg_catalog.convert_to(o.email, 'UTF8')), o.status, o.error
    from outcome o
    on conflict (campaign, email_hash) do update
      set status = excluded.status, error = excluded.error, updated_at = pg_catalog.now()
      where d.status <> 'sent'
    returning 1
  )
  select count(*)::integer from written
$$;

-- `npm run subscribers -- suppressed`: the list, oldest first.
create function public.tedxcommunity_suppressed_list()
  returns table (email text, reason text, created_at timestamptz)
  language sql stable security definer
  set search_path = ''
as $$
  select s.email, s.reason, s.created_at from public.tedxcommunity_suppressed s
  order by s.created_at, s.email
$$;

-- `npm run subscribers -- unsuppress EMAIL`: true when the address was on it.
create function public.tedxcommunity_unsuppress(p_email text)
  returns boolean
  language sql volatile security definer
  set search_path = ''
as $$
  with gone as (
    delete from public.tedxcommunity_suppressed s
    where s.email = pg_catalog.lower(pg_catalog.btrim(p_email, E' \t\r\n'))
    returning 1
  )
  select exists (select 1 from gone)
$$;

revoke all on function public.tedxcommunity_announce_lease(text, text, uuid, integer, uuid)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_announce_release(text, uuid)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_announce_status(text) from public, anon, authenticated;
revoke all on function public.tedxcommunity_announce_next(text, bigint, integer)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_announce_record(text, jsonb)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_suppressed_list() from public, anon, authenticated;
revoke all on function public.tedxcommunity_unsuppress(text) from public, anon, authenticated;

grant execute on function public.tedxcommunity_announce_lease(text, text, uuid, integer, uuid)
  to service_role;
grant execute on function public.tedxcommunity_announce_release(text, uuid) to service_role;
grant execute on function public.tedxcommunity_announce_status(text) to service_role;
grant execute on function public.tedxcommunity_announce_next(text, bigint, integer) to service_role;
grant execute on function public.tedxcommunity_announce_record(text, jsonb) to service_role;
grant execute on function public.tedxcommunity_suppressed_list() to service_role;
grant execute on function public.tedxcommunity_unsuppress(text) to service_role;

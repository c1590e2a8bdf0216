-- A run that lost its lease sends nothing more, enforced here and not only in the sender: a
-- laptop closed mid-send (the process stopped for longer than LEASE_SECONDS) while a second
-- organiser ran the same campaign to the end woke up and mailed 285 people again from the page
-- it had fetched. Now every page of recipients and every delivery record names the run (its
-- run id), and the database refuses a run whose lease has lapsed or passed to another run
-- (SQLSTATE P0001, "lease lost"); the heartbeat only renews a lease still held and unexpired,
-- so a run that woke after its lease was released cannot take it again from under a page it
-- fetched before. The next page and record functions gain p_run_id: the old ones are dropped,
-- so nothing reads a page or writes a record outside a lease.
--
-- Also: every still-live function that spelled out the address hash
-- (pg_catalog.sha256(pg_catalog.convert_to(...))) is defined again calling
-- public.tedxcommunity_email_hash (20261126000000), with the same behaviour, so the live
-- schema spells the hash once: the campaign status, tedxcommunity_remove and the report's
-- 'left' count, besides next and record.

-- Raises "lease lost" unless p_run_id holds the campaign's lease and it has not expired.
create function public.tedxcommunity_announce_check(p_campaign text, p_run_id uuid)
  returns void
  language plpgsql stable security definer
  set search_path = ''
as $$
declare
  lease record;
begin
  select l.holder, l.run_id, l.expires_at into lease
    from public.tedxcommunity_announce_leases l where l.campaign = p_campaign;
  if not found or lease.run_id is distinct from p_run_id
      or lease.expires_at <= pg_catalog.now() then
    raise exception using
      errcode = 'P0001',
      message = pg_catalog.format('lease lost: campaign %s is not held by this run', p_campaign),
      detail = case
        when not found then 'nobody holds it now (it ended or was released)'
        when lease.run_id is distinct from p_run_id then 'now held by ' || lease.holder
        else 'its lease lapsed at ' || lease.expires_at::text end;
  end if;
end
$$;

-- The heartbeat: renews the lease only while this run holds it and it has not lapsed. Never
-- takes a lease (tedxcommunity_announce_lease does that, before the first page).
create function public.tedxcommunity_announce_renew(
  p_campaign text, p_run_id uuid, p_seconds integer)
  returns table (granted boolean, holder text, started_at timestamptz, run_id uuid)
  language plpgsql volatile security definer
  set search_path = ''
as $$
#variable_conflict use_column
begin
  update public.tedxcommunity_announce_leases l
    set heartbeat_at = pg_catalog.now(),
        expires_at = pg_catalog.now()
          + pg_catalog.make_interval(secs => least(greatest(p_seconds, 5), 600))
    where l.campaign = p_campaign and l.run_id = p_run_id and l.expires_at > pg_catalog.now();
  return query
    select coalesce(l.run_id = p_run_id and l.expires_at > pg_catalog.now(), false),
      l.holder, l.started_at, l.run_id
    from (select 1) one
    left join public.tedxcommunity_announce_leases l on l.campaign = p_campaign;
end
$$;

drop function public.tedxcommunity_announce_next(text, bigint, integer);
drop function public.tedxcommunity_announce_record(text, jsonb);

-- The next page of recipients, for the run holding the lease (the body of 20261125100000).
create function public.tedxcommunity_announce_next(
  p_campaign text, p_run_id uuid, p_after bigint, p_limit integer
)
  returns table (id bigint, email text, first_name text, token uuid)
  language plpgsql stable security definer
  set search_path = ''
as $$
begin
  perform public.tedxcommunity_announce_check(p_campaign, p_run_id);
  return query
    select e.id, e.email::text, e.first_name::text, e.unsubscribe_token
    from public.tedxcommunity_emails e
    where e.id > p_after
      and (
        not exists (
          select from public.tedxcommunity_deliveries d
          where d.campaign = p_campaign and d.status = 'sent'
        )
        or not exists (
          select from public.tedxcommunity_deliveries d
          where d.campaign = p_campaign and d.status = 'sent'
            and d.email_hash = public.tedxcommunity_email_hash(e.email)
        )
      )
      and (
        not exists (select from public.tedxcommunity_suppressed)
        or not exists (select from public.tedxcommunity_suppressed s where s.email = e.email::text)
      )
    order by e.id
    limit least(greatest(p_limit, 0), 1000);
end
$$;

-- Outcomes by id, for the run holding the lease (the body of 20261123120000): {"id", "status":
-- "sent"|"failed"|"bounced"|"deferred", "error"}, or a bare id for 'sent' with no error. A 'sent'
-- is never turned into anything else; a 'bounced' also suppresses the address.
create function public.tedxcommunity_announce_record(
  p_campaign text, p_run_id uuid, p_outcomes jsonb
)
  returns integer
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  written integer;
begin
  perform public.tedxcommunity_announce_check(p_campaign, p_run_id);
  with given as (
    select
      case when bare then (x #>> '{}')::bigint else (x ->> 'id')::bigint end as id,
      case when bare then 'sent' else x ->> 'status' end as status,
      case when bare then null else x ->> 'error' end as error
    from pg_catalog.jsonb_array_elements(p_outcomes) x,
      lateral (select pg_catalog.jsonb_typeof(x) = 'number' as bare) b
    where pg_catalog.jsonb_typeof(x) in ('object', 'number')
  ), outcome as (
    select g.id, g.status, g.error, e.email::text as email
    from given g
    join public.tedxcommunity_emails e on e.id = g.id
  ), suppressed as (
    insert into public.tedxcommunity_suppressed (email, reason)
    select o.email, coalesce(o.error, 'bounced') from outcome o where o.status = 'bounced'
    on conflict do nothing
  ), done as (
    insert into public.tedxcommunity_deliveries as d (campaign, email_hash, status, error)
    select p_campaign, public.tedxcommunity_email_hash(o.email), o.status, o.error
    from outcome o
    on conflict (campaign, email_hash) do update
      set status = excluded.status, error = excluded.error, updated_at = pg_catalog.now()
      where d.status <> 'sent'
    returning 1
  )
  select count(*)::integer into written from done;
  return written;
end
$$;

-- The dry run's preview: the first person the campaign would go to. One row, outside any
-- lease: a dry run sends nothing, and must not wait for (or stop) a run that is sending.
create function public.tedxcommunity_announce_preview(p_campaign text)
  returns table (id bigint, email text, first_name text, token uuid)
  language sql stable security definer
  set search_path = ''
as $$
  select e.id, e.email::text, e.first_name::text, e.unsubscribe_token
  from public.tedxcommunity_emails e
  where not exists (
      select from public.tedxcommunity_deliveries d
      where d.campaign = p_campaign and d.status = 'sent'
        and d.email_hash = public.tedxcommunity_email_hash(e.email)
    )
    and not exists (select from public.tedxcommunity_suppressed s where s.email = e.email::text)
  order by e.id
  limit 1
$$;

-- The body of 20261123120000, the hash spelled once.
create or replace function public.tedxcommunity_announce_status(p_campaign text)
  returns table (pending bigint, already_sent bigint, unsubscribed bigint, suppressed bigint)
  language sql stable security definer
  set search_path = ''
as $$
  with people as (
    select sent.hit is not null as sent, suppressed.hit is not null as suppressed
    from public.tedxcommunity_emails e
    left join lateral (
      select 1 as hit from public.tedxcommunity_deliveries d
      where d.campaign = p_campaign and d.status = 'sent'
        and d.email_hash = public.tedxcommunity_email_hash(e.email)
      limit 1
    ) sent on true
    left join lateral (
      select 1 as hit from public.tedxcommunity_suppressed s where s.email = e.email::text limit 1
    ) suppressed on true
  )
  select
    count(*) filter (where not sent and not suppressed),
    count(*) filter (where sent),
    (select count(*) from public.tedxcommunity_unsubscribed),
    count(*) filter (where suppressed and not sent)
  from people
$$;

-- The body of 20261122100000, the hash spelled once.
create or replace function public.tedxcommunity_remove(p_email text)
  returns boolean
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  normal text := pg_catalog.lower(pg_catalog.btrim(p_email, E' \t\r\n'));
begin
  delete from public.tedxcommunity_deliveries d
    where d.email_hash = public.tedxcommunity_email_hash(normal);
  delete from public.tedxcommunity_emails e where pg_catalog.lower(e.email) = normal;
  return found;
end
$$;

-- The body of 20261123110000, the hash spelled once (in the campaigns' 'left' count).
create or replace function public.tedxcommunity_report(p_time_zone text)
  returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  with signups as (
    select e.email, e.source, (e.created_at at time zone p_time_zone) as local_at
    from public.tedxcommunity_emails e
  ), campaigns as (
    select distinct d.campaign from public.tedxcommunity_deliveries d
  )
  select pg_catalog.jsonb_build_object(
    'total', (select count(*) from signups),
    'per_day', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('day', day, 'n', n) order by day)
      from (select local_at::date::text as day, count(*) as n from signups group by 1) t), '[]'),
    'by_source', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('source', source, 'n', n)
        order by n desc, source nulls last)
      from (select source, count(*) as n from signups group by 1) t), '[]'),
    'by_hour', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('hour', hour, 'n', n) order by hour)
      from (select extract(hour from local_at)::integer as hour, count(*) as n
            from signups group by 1) t), '[]'),
    'unsubscribes_per_day', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('day', day, 'n', n) order by day)
      from (select (u.unsubscribed_at at time zone p_time_zone)::date::text as day, count(*) as n
            from public.tedxcommunity_unsubscribed u group by 1) t), '[]'),
    'bounces_per_day', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('day', day, 'n', n) order by day)
      from (select (d.updated_at at time zone p_time_zone)::date::text as day, count(*) as n
            from public.tedxcommunity_deliveries d where d.status = 'bounced' group by 1) t), '[]'),
    'campaigns', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
          'campaign', c.campaign,
          'statuses', (
            select coalesce(pg_catalog.jsonb_object_agg(s.status, s.n), '{}')
            from (select d.status, count(*) as n from public.tedxcommunity_deliveries d
                  where d.campaign = c.campaign group by 1) s),
          'left', (
            select count(*) from signups e
            where not exists (
              select 1 from public.tedxcommunity_deliveries d
              where d.campaign = c.campaign
                and d.email_hash = public.tedxcommunity_email_hash(e.email)))
        ) order by c.campaign)
      from campaigns c), '[]')
  )
$$;

-- PostgreSQL lets PUBLIC execute new functions and hosted Supabase grants them to anon and
-- authenticated by default: take that back; only the organisers' key may send. The check is
-- called by the functions above (as their owner) and by nobody else.
revoke all on function public.tedxcommunity_announce_check(text, uuid)
  from public, anon, authenticated, service_role;
revoke all on function public.tedxcommunity_announce_renew(text, uuid, integer)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_announce_next(text, uuid, bigint, integer)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_announce_record(text, uuid, jsonb)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_announce_preview(text)
  from public, anon, authenticated;

grant execute on function public.tedxcommunity_announce_renew(text, uuid, integer)
  to service_role;
grant execute on function public.tedxcommunity_announce_next(text, uuid, bigint, integer)
  to service_role;
grant execute on function public.tedxcommunity_announce_record(text, uuid, jsonb) to service_role;
grant execute on function public.tedxcommunity_announce_preview(text) to service_role;

-- Whether someone already had a campaign (or is suppressed) is now looked up person by person
-- through the primary keys, so the time a page of recipients takes no longer depends on the
-- table statistics. PGlite never analyzes by itself, and plain PostgreSQL only does so now and
-- then: while a run filled tedxcommunity_deliveries, the planner went on believing it held a
-- handful of rows and compared every person with every delivery record (20,000 subscribers:
-- about three seconds a page by the end, and the send slowed to a third of its speed).
-- And a 'sent' outcome may now be recorded as its bare id (12 instead of
-- {"id":12,"status":"sent","error":null}), so one call records a whole batch of them.
-- Only the bodies change; names, arguments, results and grants stay as 20261123100000 made them.

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
        and d.email_hash = pg_catalog.sha256(pg_catalog.convert_to(e.email, 'UTF8'))
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

create or replace function public.tedxcommunity_announce_next(
  p_campaign text, p_after bigint, p_limit integer
)
  returns table (id bigint, email text, first_name text, token uuid)
  language sql stable security definer
  set search_path = ''
as $$
  select e.id, e.email::text, e.first_name::text, e.unsubscribe_token
  from public.tedxcommunity_emails e
  left join lateral (
    select 1 as hit from public.tedxcommunity_deliveries d
    where d.campaign = p_campaign and d.status = 'sent'
      and d.email_hash = pg_catalog.sha256(pg_catalog.convert_to(e.email, 'UTF8'))
    limit 1
  ) sent on true
  left join lateral (
    select 1 as hit from public.tedxcommunity_suppressed s where s.email = e.email::text limit 1
  ) suppressed on true
  where e.id > p_after and sent.hit is null and suppressed.hit is null
  order by e.id
  limit least(greatest(p_limit, 0), 1000)
$$;

-- Outcomes by id: {"id", "status": "sent"|"failed"|"bounced"|"deferred", "error"}, or a bare id
-- for 'sent' with no error. A 'sent' is never turned into anything else; a 'bounced' also
-- suppresses the address.
create or replace function public.tedxcommunity_announce_record(p_campaign text, p_outcomes jsonb)
  returns integer
  language sql volatile security definer
  set search_path = ''
as $$
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

-- Whether someone already had a campaign (or is suppressed) is now looked up person by person
-- through the primary keys, so the time a page of recipients takes no longer depends on the
-- table statistics. PGlite never analyzes by itself, and plain PostgreSQL only does so now and
-- then: while a run filled tedxcommunity_deliveries, the planner went on believing it held a
-- handful of rows and compared every person with every delivery record (20,000 subscribers:
-- about three seconds a page by the end, and the send slowed to a third of its speed).
-- Only the bodies change; names, arguments, results and grants stay as 20261123100000 and
-- 20261123110000 made them.

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
    (select count(*) from people where not sent and not suppressed),
    (select count(*) from people where sent),
    (select count(*) from public.tedxcommunity_unsubscribed),
    (select count(*) from people where suppressed and not sent)
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

-- Late reports (issue 37, decision 0022): `npm run subscribers -- bounces` reads the bounces and
-- complaints that reach the sending mailbox after the SMTP conversation, and acts only on those
-- whose returned original carries a token the project made (cli/announce/mail/token.ts).
--
-- 1. The token's secret. Made here, once per database, so every organiser's machine that holds
--    the service-role key signs and checks with the same one; out of the API's reach (PostgREST
--    exposes `public` only), read through one function for the service role.
-- 2. Why an address is suppressed: a hard bounce at send (every row so far), a late bounce or a
--    complaint.
-- 3. Which reports were handled, so a second scan of the same mailbox changes nothing (an
--    address an organiser took off the suppression list stays off). Keyed by a hash of the
--    report, with the person as the delivery records hold them (a hash of the address), so
--    `remove`, `forget` and `erase` delete these rows too.

create schema tedxcommunity_mail;
revoke all on schema tedxcommunity_mail from public;

create table tedxcommunity_mail.secret (key text not null);
-- 244 random bits (two version-4 UUIDs), hashed to 64 hex digits.
insert into tedxcommunity_mail.secret
  values (pg_catalog.encode(pg_catalog.sha256(pg_catalog.convert_to(
    pg_catalog.gen_random_uuid()::text || pg_catalog.gen_random_uuid()::text, 'UTF8')), 'hex'));

create function public.tedxcommunity_mail_key()
  returns text
  language sql stable security definer
  set search_path = ''
as $$ select s.key from tedxcommunity_mail.secret s limit 1 $$;

alter table public.tedxcommunity_suppressed
  add column cause text not null default 'hard bounce at send'
    constraint tedxcommunity_suppressed_cause
    check (cause in ('hard bounce at send', 'late bounce', 'complaint'));

create table public.tedxcommunity_late_reports (
  -- SHA-256 of the report's Message-ID (or of its text, when it has none).
  report_id bytea primary key,
  campaign text not null,
  email_hash bytea not null,
  kind text not null
    constraint tedxcommunity_late_reports_kind check (kind in ('hard', 'complaint', 'soft', 'sender')),
  -- Whether it changed anything (false: the address was already suppressed, or a soft one).
  acted boolean not null,
  handled_at timestamptz not null default now()
);
create index tedxcommunity_late_reports_email_hash_idx
  on public.tedxcommunity_late_reports (email_hash);
revoke all on table public.tedxcommunity_late_reports from anon, authenticated;
grant select on table public.tedxcommunity_late_reports to service_role;
alter table public.tedxcommunity_late_reports enable row level security;

-- The addresses of the people the verified tokens name (ids as a JSON array, at most 1,000):
-- a bounce counts only when the address it reports is that person's.
create function public.tedxcommunity_late_report_people(p_ids jsonb)
  returns table (id bigint, email text)
  language sql stable security definer
  set search_path = ''
as $$
  select e.id, e.email::text
  from public.tedxcommunity_emails e
  where e.id in (
    select (x #>> '{}')::bigint from pg_catalog.jsonb_array_elements(p_ids) x
    where pg_catalog.jsonb_typeof(x) = 'number'
    limit 1000)
$$;

-- Acts on verified reports: a JSON array of {"report": hex id, "campaign", "person": id, "kind":
-- hard|complaint|soft|sender, "email": the address a bounce reports, "detail": what it said}.
-- Answers each with what it did: 'suppressed', 'already suppressed', 'unsubscribed', 'counted',
-- 'handled before' (nothing again), 'not on the list' or 'address differs' (neither acted on nor
-- remembered: nobody to act on).
create function public.tedxcommunity_late_reports_record(p_reports jsonb)
  returns table (report text, outcome text)
  language plpgsql volatile security definer
  set search_path = ''
as $$
#variable_conflict use_column
declare
  r record;
  person record;
  rid bytea;
  done boolean;
begin
  for r in
    select * from pg_catalog.jsonb_to_recordset(p_reports)
      as x(report text, campaign text, person bigint, kind text, email text, detail text)
  loop
    report := r.report;
    rid := pg_catalog.decode(r.report, 'hex');
    if exists (select 1 from public.tedxcommunity_late_reports l where l.report_id = rid) then
      outcome := 'handled before';
      return next;
      continue;
    end if;
    select e.email::text as email, e.unsubscribe_token into person
      from public.tedxcommunity_emails e where e.id = r.person;
    if not found then
      outcome := 'not on the list';
      return next;
      continue;
    end if;
    if r.kind = 'hard'
        and pg_catalog.lower(pg_catalog.btrim(coalesce(r.email, ''))) <> person.email then
      outcome := 'address differs';
      return next;
      continue;
    end if;
    done := false;
    if r.kind = 'hard' then
      insert into public.tedxcommunity_suppressed (email, reason, cause)
        values (person.email, coalesce(r.detail, 'late bounce'), 'late bounce')
        on conflict do nothing;
      done := found;
      outcome := case when done then 'suppressed' else 'already suppressed' end;
    elsif r.kind = 'complaint' then
      -- As the unsubscribe link does (a later sign-up of the same address included).
      perform public.tedxcommunity_unsubscribe_link(person.unsubscribe_token::text);
      insert into public.tedxcommunity_suppressed (email, reason, cause)
        values (person.email, coalesce(r.detail, 'complaint'), 'complaint')
        on conflict do nothing;
      done := true;
      outcome := 'unsubscribed';
    else
      outcome := 'counted';
    end if;
    insert into public.tedxcommunity_late_reports (report_id, campaign, email_hash, kind, acted)
      values (rid, r.campaign, public.tedxcommunity_email_hash(person.email), r.kind, done)
      on conflict do nothing;
    return next;
  end loop;
end
$$;

-- `subscribers suppressed`: why each address is there, and since when.
drop function public.tedxcommunity_suppressed_list();
create function public.tedxcommunity_suppressed_list()
  returns table (email text, cause text, reason text, created_at timestamptz)
  language sql stable security definer
  set search_path = ''
as $$
  select s.email, s.cause, s.reason, s.created_at from public.tedxcommunity_suppressed s
  order by s.created_at, s.email
$$;

-- `remove` (and so `forget`) deletes the person's late reports with their delivery records.
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
  delete from public.tedxcommunity_late_reports l
    where l.email_hash = public.tedxcommunity_email_hash(normal);
  delete from public.tedxcommunity_emails e where e.email = normal;
  return found;
end
$$;

-- `erase` deletes the late reports too (unchanged otherwise from 20261126030000).
create or replace function public.tedxcommunity_erase_all()
  returns json
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  busy record;
  signups bigint;
  deliveries bigint;
  suppressed bigint;
begin
  lock table public.tedxcommunity_announce_leases in share row exclusive mode;
  select l.campaign, l.holder, l.started_at into busy
    from public.tedxcommunity_announce_leases l
    where l.expires_at > pg_catalog.now()
    order by l.started_at
    limit 1;
  if found then
    return pg_catalog.json_build_object(
      'erased', false, 'campaign', busy.campaign, 'holder', busy.holder,
      'started_at', busy.started_at);
  end if;
  -- `where true`: hosted Supabase's pg-safeupdate refuses a DELETE without a WHERE clause.
  delete from public.tedxcommunity_deliveries where true;
  get diagnostics deliveries = row_count;
  delete from public.tedxcommunity_late_reports where true;
  delete from public.tedxcommunity_emails where true;
  get diagnostics signups = row_count;
  delete from public.tedxcommunity_suppressed where true;
  get diagnostics suppressed = row_count;
  update public.tedxcommunity_unsubscribed set email_hash = null where email_hash is not null;
  return pg_catalog.json_build_object(
    'erased', true, 'signups', signups, 'deliveries', deliveries, 'suppressed', suppressed);
end
$$;

revoke all on function public.tedxcommunity_mail_key() from public, anon, authenticated;
revoke all on function public.tedxcommunity_late_report_people(jsonb) from public, anon, authenticated;
revoke all on function public.tedxcommunity_late_reports_record(jsonb)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_suppressed_list() from public, anon, authenticated;
grant execute on function public.tedxcommunity_mail_key() to service_role;
grant execute on function public.tedxcommunity_late_report_people(jsonb) to service_role;
grant execute on function public.tedxcommunity_late_reports_record(jsonb) to service_role;
grant execute on function public.tedxcommunity_suppressed_list() to service_role;

-- The report: each campaign's late bounces and complaints beside its send outcomes (otherwise
-- unchanged from 20261126010000).
create or replace function public.tedxcommunity_report(p_time_zone text)
  returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  with signups as (
    select e.email, e.source, (e.created_at at time zone p_time_zone) as local_at
    from public.tedxcommunity_emails e
  ), campaigns as (
    select d.campaign from public.tedxcommunity_deliveries d
    union
    select l.campaign from public.tedxcommunity_late_reports l
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
          'late', (
            select coalesce(pg_catalog.jsonb_object_agg(s.kind, s.n), '{}')
            from (select l.kind, count(*) as n from public.tedxcommunity_late_reports l
                  where l.campaign = c.campaign group by 1) s),
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

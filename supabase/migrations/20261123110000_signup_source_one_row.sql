-- The list (issue 14): one sign-up per anonymous request, where sign-ups come from (without
-- cookies), and what the organisers' report and list check read. Runs unchanged on hosted
-- Supabase, PGlite and plain PostgreSQL; only core functions, no extension.

-- Where a sign-up came from: the landing page's utm_source (or ref), e.g. "whatsapp". A label
-- chosen by whoever wrote the link, never a person's data. text + check rather than varchar(32):
-- the normalising trigger below drops a bad value to null instead of the insert failing on it.
alter table public.tedxcommunity_emails
  add column source text null,
  add constraint tedxcommunity_emails_source_shape
    check (source is null or source ~ '^[a-z0-9_-]{1,32}$');

-- The first migration's normaliser, now also for source: lower-cased, and null unless it is
-- 1-32 of [a-z0-9_-]. A sign-up is never refused for its source; the label is only dropped.
create or replace function public.tedxcommunity_emails_normalise() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email, E' \t\r\n'));
  new.first_name := nullif(btrim(new.first_name, E' \t\r\n'), '');
  new.source := lower(btrim(new.source, E' \t\r\n'));
  if new.source !~ '^[a-z0-9_-]{1,32}$' then
    new.source := null;
  end if;
  return new;
end
$$;

grant insert (source) on table public.tedxcommunity_emails to anon;

-- One sign-up per anonymous statement. A visitor signs up one person; an array body (PostgREST
-- turns it into one multi-row insert) stored ~110 rows per request before this. Checked after the
-- statement on its transition table, so it holds for every client (PostgREST on hosted Supabase,
-- the own server, the form function, which inserts as anon too) and the raise undoes the whole
-- statement: nothing is stored. The service role (organiser tools, imports) may insert many.
-- SQLSTATE P0001 (raise_exception, a function's own error): PostgREST and the own server answer
-- it 400 Bad Request, the caller's fault. Not 42501, which PostgREST answers 401 to anon, telling
-- the visitor to log in; not a PTxxx code, which only PostgREST would turn into a status.
create function public.tedxcommunity_emails_one_per_request() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if current_user::text = 'anon' and (select count(*) from (select 1 from inserted limit 2) two) > 1
  then
    raise exception 'one sign-up per request'
      using errcode = 'P0001',
        detail = 'An anonymous request may insert one row into tedxcommunity_emails.',
        hint = 'Send one object, not an array.';
  end if;
  return null;
end
$$;

revoke all on function public.tedxcommunity_emails_one_per_request()
  from public, anon, authenticated;

create trigger tedxcommunity_emails_one_per_request
  after insert on public.tedxcommunity_emails
  referencing new table as inserted
  for each statement execute function public.tedxcommunity_emails_one_per_request();

-- The no-JavaScript path now keeps the source too: read from the Referer the browser posts
-- with (PostgREST and the own server put the request's headers in `request.headers`), so the
-- visitor's landing address decides, as on the JavaScript path. The same rule as
-- src/lib/signup-source.ts: utm_source, else ref, taken undecoded; the trigger normalises it.
create or replace function public.signup_form(
  email text,
  first_name text default null,
  website text default null
) returns void
  language plpgsql
  security invoker
  set search_path = ''
as $$
declare
  outcome_path text;
  site_origin text;
  headers json := nullif(current_setting('request.headers', true), '')::json;
  referer text;
  landing_source text;
  origin_pattern constant text := '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$';
begin
  referer := headers ->> 'referer';
  landing_source := coalesce(
    substring(referer from '[?&]utm_source=([^&#]*)'),
    substring(referer from '[?&]ref=([^&#]*)')
  );
  if coalesce(signup_form.website, '') <> '' then
    -- The honeypot is filled: a bot. Pretend it worked and store nothing.
    outcome_path := '/signup/subscribed';
  else
    begin
      insert into public.tedxcommunity_emails (email, first_name, source)
      values (signup_form.email, signup_form.first_name, landing_source);
      outcome_path := '/signup/subscribed';
    exception
      when unique_violation then
        outcome_path := '/signup/already-subscribed';
      when others then
        outcome_path := '/signup/failed';
    end;
  end if;

  -- Where to send the browser back to: unchanged from 20261122110000_signup_form.sql (the
  -- organisers' app.site_url, else the Origin, else the Referer's origin, else the path alone).
  site_origin := rtrim(coalesce(current_setting('app.site_url', true), ''), '/');
  if site_origin !~ origin_pattern then
    site_origin := headers ->> 'origin';
    if site_origin is null or site_origin !~ origin_pattern then
      site_origin := substring(referer from '^(https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?)(/|$)');
    end if;
    if site_origin is null or site_origin !~ origin_pattern then
      site_origin := '';
    end if;
  end if;

  perform set_config('response.status', '303', true);
  perform set_config(
    'response.headers',
    json_build_array(
      json_build_object('Location', site_origin || outcome_path || '#email-signup'),
      json_build_object('Cache-Control', 'no-store')
    )::text,
    true
  );
end
$$;

-- `npm run subscribers -- report`: everything its charts show, in one JSON value, so the same
-- call works over a direct connection and over PostgREST. Days and hours in the event's time zone
-- (p_time_zone, from the site's content). Days without sign-ups are left out (the CLI fills them).
-- A campaign's "left" are people on the list with no delivery record for it yet.
create function public.tedxcommunity_report(p_time_zone text)
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
                and d.email_hash = pg_catalog.sha256(pg_catalog.convert_to(e.email, 'UTF8'))))
        ) order by c.campaign)
      from campaigns c), '[]')
  )
$$;

-- The dry run's list check: every sign-up, a page at a time after p_after (keyset, by id).
create function public.tedxcommunity_signups_page(p_after bigint, p_limit integer)
  returns table (id bigint, email text, first_name text, created_at timestamptz, source text)
  language sql stable security definer
  set search_path = ''
as $$
  select e.id, e.email::text, e.first_name::text, e.created_at, e.source
  from public.tedxcommunity_emails e
  where e.id > p_after
  order by e.id
  limit least(greatest(p_limit, 0), 1000)
$$;

revoke all on function public.tedxcommunity_report(text) from public, anon, authenticated;
revoke all on function public.tedxcommunity_signups_page(bigint, integer)
  from public, anon, authenticated;
grant execute on function public.tedxcommunity_report(text) to service_role;
grant execute on function public.tedxcommunity_signups_page(bigint, integer) to service_role;

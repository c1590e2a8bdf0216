-- The database as supabase/migrations/ leave it: the public schema, tedxcommunity_budget (less
-- its 256 counter sequences, counter_0 to counter_255) and tedxcommunity_mail, written by
-- pg_dump --schema-only.
-- Generated: do not edit. Change the schema with a new migration, then run
-- `npm run schema` and commit this file with it.

--
-- PostgreSQL database dump
--


-- Dumped from database version 18.6
-- Dumped by pg_dump version 18.3

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET transaction_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: public; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA public;


--
-- Name: SCHEMA public; Type: COMMENT; Schema: -; Owner: -
--

COMMENT ON SCHEMA public IS 'standard public schema';


--
-- Name: tedxcommunity_budget; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA tedxcommunity_budget;


--
-- Name: tedxcommunity_mail; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA tedxcommunity_mail;


--
-- Name: signup_form(text, text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.signup_form(email text, first_name text DEFAULT NULL::text, website text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
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
$_$;


--
-- Name: FUNCTION signup_form(email text, first_name text, website text); Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON FUNCTION public.signup_form(email text, first_name text, website text) IS 'The sign-up form''s no-JavaScript path: inserts as the caller, answers 303 to the outcome page.';


--
-- Name: tedxcommunity_announce_check(text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_announce_check(p_campaign text, p_run_id uuid) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: tedxcommunity_announce_lease(text, text, uuid, integer, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_announce_lease(p_campaign text, p_holder text, p_run_id uuid, p_seconds integer, p_take_over uuid) RETURNS TABLE(granted boolean, holder text, started_at timestamp with time zone, run_id uuid)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: tedxcommunity_announce_next(text, uuid, bigint, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_announce_next(p_campaign text, p_run_id uuid, p_after bigint, p_limit integer) RETURNS TABLE(id bigint, email text, first_name text, token uuid)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
      and (
        not exists (select from public.tedxcommunity_suppressed_hashes)
        or not exists (
          select from public.tedxcommunity_suppressed_hashes h
          where h.email_hash = public.tedxcommunity_email_hash(e.email))
      )
    order by e.id
    limit least(greatest(p_limit, 0), 1000);
end
$$;


--
-- Name: tedxcommunity_announce_preview(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_announce_preview(p_campaign text) RETURNS TABLE(id bigint, email text, first_name text, token uuid)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select e.id, e.email::text, e.first_name::text, e.unsubscribe_token
  from public.tedxcommunity_emails e
  where not exists (
      select from public.tedxcommunity_deliveries d
      where d.campaign = p_campaign and d.status = 'sent'
        and d.email_hash = public.tedxcommunity_email_hash(e.email)
    )
    and not exists (select from public.tedxcommunity_suppressed s where s.email = e.email::text)
    and not exists (
      select from public.tedxcommunity_suppressed_hashes h
      where h.email_hash = public.tedxcommunity_email_hash(e.email))
  order by e.id
  limit 1
$$;


--
-- Name: tedxcommunity_announce_record(text, uuid, jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_announce_record(p_campaign text, p_run_id uuid, p_outcomes jsonb) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: tedxcommunity_announce_release(text, uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_announce_release(p_campaign text, p_run_id uuid) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with gone as (
    delete from public.tedxcommunity_announce_leases l
    where l.campaign = p_campaign and l.run_id = p_run_id
    returning 1
  )
  select exists (select 1 from gone)
$$;


--
-- Name: tedxcommunity_announce_renew(text, uuid, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_announce_renew(p_campaign text, p_run_id uuid, p_seconds integer) RETURNS TABLE(granted boolean, holder text, started_at timestamp with time zone, run_id uuid)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: tedxcommunity_announce_status(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_announce_status(p_campaign text) RETURNS TABLE(pending bigint, already_sent bigint, unsubscribed bigint, suppressed bigint)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
      select 1 as hit from public.tedxcommunity_suppressed s where s.email = e.email::text
      union all
      select 1 from public.tedxcommunity_suppressed_hashes h
      where h.email_hash = public.tedxcommunity_email_hash(e.email)
      limit 1
    ) suppressed on true
  )
  select
    count(*) filter (where not sent and not suppressed),
    count(*) filter (where sent),
    (select count(*) from public.tedxcommunity_unsubscribed),
    count(*) filter (where suppressed and not sent)
  from people
$$;


--
-- Name: tedxcommunity_client_address(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_client_address() RETURNS inet
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  headers json := nullif(pg_catalog.current_setting('request.headers', true), '')::json;
  forwarded text[] := pg_catalog.string_to_array(headers ->> 'x-forwarded-for', ',');
begin
  return pg_catalog.btrim(coalesce(
    headers ->> 'cf-connecting-ip',
    forwarded[pg_catalog.array_length(forwarded, 1)]
  ))::inet;
exception
  when invalid_text_representation then
    return null;
end
$$;


--
-- Name: tedxcommunity_email_hash(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_email_hash(p_email text) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
  select pg_catalog.sha256(pg_catalog.convert_to(p_email, 'UTF8'))
$$;


--
-- Name: tedxcommunity_emails_ascii(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_emails_ascii() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.email ~ '[^\u0001-\u007f]' then
    raise exception 'new row for relation "tedxcommunity_emails" violates check constraint "tedxcommunity_emails_email_ascii"'
      using errcode = 'check_violation',
        constraint = 'tedxcommunity_emails_email_ascii',
        detail = 'An address relays take is ASCII; a Unicode domain goes in its A-labels (xn--).';
  end if;
  return new;
end
$$;


--
-- Name: tedxcommunity_emails_normalise(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_emails_normalise() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $_$
declare
  path text := coalesce(pg_catalog.current_setting('request.path', true), '');
begin
  new.email := lower(btrim(new.email, E' \t\r\n'));
  new.first_name := nullif(btrim(new.first_name, E' \t\r\n'), '');
  new.source := lower(btrim(new.source, E' \t\r\n'));
  if new.source !~ '^[a-z0-9_-]{1,32}$' then
    new.source := null;
  end if;
  if tg_op = 'INSERT' then
    new.signed_up_with := case
      when path ~ '/rpc/signup_form$' then 'form'
      when path ~ '/tedxcommunity_emails$' then 'script'
    end;
  end if;
  if tg_op = 'INSERT' and current_user::text = 'anon' then
    -- Set for the rest of this transaction only (and undone with it if it fails).
    if pg_catalog.current_setting('tedxcommunity.anon_row', true) = 'taken' then
      raise exception 'one sign-up per request'
        using errcode = 'P0001',
          detail = 'An anonymous request may insert one row into tedxcommunity_emails.',
          hint = 'Send one object, not an array.';
    end if;
    perform pg_catalog.set_config('tedxcommunity.anon_row', 'taken', true);
  end if;
  return new;
end
$_$;


--
-- Name: tedxcommunity_erase_all(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_erase_all() RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  busy record;
  signups bigint;
  deliveries bigint;
  suppressed bigint;
  hashes bigint;
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
  delete from public.tedxcommunity_suppressed_hashes where true;
  get diagnostics hashes = row_count;
  update public.tedxcommunity_unsubscribed set email_hash = null where email_hash is not null;
  return pg_catalog.json_build_object(
    'erased', true, 'signups', signups, 'deliveries', deliveries,
    'suppressed', suppressed + hashes);
end
$$;


--
-- Name: tedxcommunity_forget(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_forget(p_email text) RETURNS json
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  normal text := pg_catalog.lower(pg_catalog.btrim(p_email, E' \t\r\n'));
  on_list boolean;
  suppressed boolean;
begin
  on_list := public.tedxcommunity_remove(p_email);
  suppressed := public.tedxcommunity_unsuppress(p_email);
  update public.tedxcommunity_unsubscribed u set email_hash = null
    where u.email_hash = public.tedxcommunity_email_hash(normal);
  return pg_catalog.json_build_object('on_list', on_list, 'suppressed', suppressed);
end
$$;


--
-- Name: tedxcommunity_late_report_people(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_late_report_people(p_ids jsonb) RETURNS TABLE(id bigint, email text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select e.id, e.email::text
  from public.tedxcommunity_emails e
  where e.id in (
    select (x #>> '{}')::bigint from pg_catalog.jsonb_array_elements(p_ids) x
    where pg_catalog.jsonb_typeof(x) = 'number'
    limit 1000)
$$;


--
-- Name: tedxcommunity_late_reports_record(jsonb); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_late_reports_record(p_reports jsonb) RETURNS TABLE(report text, outcome text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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
    select e.email::text as email, e.unsubscribe_token into person
      from public.tedxcommunity_emails e where e.id = r.person;
    outcome := case
      when exists (select 1 from public.tedxcommunity_late_reports l where l.report_id = rid)
        then 'handled before'
      when person.email is null then 'not on the list'
      when not exists (
          select 1 from public.tedxcommunity_deliveries d
          where d.campaign = r.campaign
            and d.email_hash = public.tedxcommunity_email_hash(person.email)
            and d.updated_at > pg_catalog.now() - interval '60 days')
        then 'too old'
      when r.kind = 'hard'
          and pg_catalog.lower(pg_catalog.btrim(coalesce(r.email, ''))) <> person.email
        then 'address differs'
    end;
    if outcome is not null then
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


--
-- Name: tedxcommunity_mail_key(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_mail_key() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$ select s.key from tedxcommunity_mail.secret s limit 1 $$;


--
-- Name: tedxcommunity_on_list_answers(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_on_list_answers() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  per_minute integer := nullif(pg_catalog.current_setting('app.signup_rate_limit', true), '')::integer;
  floor_ms integer := coalesce(
    nullif(pg_catalog.current_setting('app.answer_floor_ms', true), '')::integer,
    tedxcommunity_budget.answer_floor_ms());
  address inet := coalesce(public.tedxcommunity_client_address(), '0.0.0.0'::inet);
begin
  -- The same requests as the sign-up budget: the API's, as anon or authenticated.
  if pg_catalog.current_setting('role', true) not in ('anon', 'authenticated')
      or coalesce(pg_catalog.current_setting('request.headers', true), '') = ''
      or coalesce(per_minute, 0) <= 0 then
    return null;
  end if;
  -- The row is in the table now, so the lookup leaves it out; the unique index answers it.
  if exists (
      select 1 from public.tedxcommunity_emails e where e.email = new.email and e.id <> new.id) then
    if tedxcommunity_budget.spend(address, per_minute) = 0 then
      -- The answer is counted, and the unique constraint's recheck refuses the row next: the
      -- spec's "already on the list", which its time cannot tell more than it says.
      return null;
    end if;
    -- Answers spent: this ask goes as a new sign-up goes, and nothing of it is kept.
    delete from public.tedxcommunity_emails e where e.id = new.id;
  else
    -- A new address does the same work, so that it does not take the database (and, on PGlite,
    -- the whole server) for less time: the counters read and held, with a budget of -1 that
    -- every count is over, so nothing is written; and the row looked up for a delete that
    -- matches nothing.
    perform tedxcommunity_budget.spend(address, -1);
    delete from public.tedxcommunity_emails e where e.id = new.id and e.email <> new.email;
  end if;
  perform pg_catalog.pg_sleep(greatest(0, floor_ms / 1000.0
    - extract(epoch from pg_catalog.clock_timestamp() - pg_catalog.statement_timestamp())));
  return null;
end
$$;


--
-- Name: tedxcommunity_per_minute(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_per_minute() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if pg_catalog.current_setting('role', true) in ('anon', 'authenticated') then
    -- SIGNUP_RATE_LIMIT on the own server, which sets it for the transaction; elsewhere the
    -- default (hosted Supabase cannot store the setting).
    perform pg_catalog.set_config('app.signup_rate_limit', coalesce(
      nullif(pg_catalog.current_setting('app.signup_rate_limit', true), '')::integer,
      tedxcommunity_budget.per_minute())::text, true);
  end if;
  return new;
end
$$;


--
-- Name: tedxcommunity_remove(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_remove(p_email text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: tedxcommunity_report(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_report(p_time_zone text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
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


--
-- Name: tedxcommunity_signup_budget(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_signup_budget() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  per_minute integer := nullif(pg_catalog.current_setting('app.signup_rate_limit', true), '')::integer;
  address inet;
  wait integer;
begin
  -- The API's visitors only: a request (PostgREST, and the own server, always set
  -- `request.headers`) as anon or authenticated. The service role (the organiser commands) and
  -- the owner are not limited. `role` is the SET ROLE in force, which a security definer
  -- function does not change.
  if pg_catalog.current_setting('role', true) not in ('anon', 'authenticated')
      or coalesce(pg_catalog.current_setting('request.headers', true), '') = ''
      or coalesce(per_minute, 0) <= 0 then
    return new;
  end if;
  -- Every request without a readable address shares one budget.
  address := coalesce(public.tedxcommunity_client_address(), '0.0.0.0'::inet);

  -- Each key spends one sign-up, in the networks' order, so two sign-ups lock shared rows in the
  -- same order; the wait is the longest of the keys that are over their budget.
  with spent as (
    insert into public.tedxcommunity_signup_budget as b (network, ends_at, signups)
    select n.network, pg_catalog.now() + interval '1 minute', 1
    from public.tedxcommunity_signup_networks(address) n
    order by n.network
    on conflict (network) do update
      set signups = case when b.ends_at <= pg_catalog.now() then 1 else b.signups + 1 end,
          ends_at = case when b.ends_at <= pg_catalog.now() then excluded.ends_at else b.ends_at end
    returning b.network, b.signups, b.ends_at
  )
  select coalesce(pg_catalog.max(pg_catalog.ceil(extract(epoch from s.ends_at - pg_catalog.now()))::integer), 0)
    into wait
  from spent s join public.tedxcommunity_signup_networks(address) n on n.network = s.network
  where s.signups > per_minute * n.clients;

  if wait > 0 then
    -- PostgREST's own shape for an error a function raises: this body, status and headers.
    raise sqlstate 'PGRST' using
      message = pg_catalog.json_build_object(
        'code', 'over_request_rate_limit',
        'message', pg_catalog.format('Too many sign-ups from this address: try again in %s seconds', wait),
        'details', null,
        'hint', null)::text,
      detail = pg_catalog.json_build_object(
        'status', 429,
        'headers', pg_catalog.json_build_object('Retry-After', wait::text))::text;
  end if;
  -- A few ended minutes go, after this sign-up's own rows are held, skipping any another
  -- sign-up holds: so this never waits while holding, and no two sign-ups wait on each other.
  delete from public.tedxcommunity_signup_budget
  where network in (
    select b.network from public.tedxcommunity_signup_budget b
    where b.ends_at <= pg_catalog.now()
    order by b.ends_at
    limit 8
    for update skip locked
  );
  return new;
end
$$;


--
-- Name: tedxcommunity_signup_count(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_signup_count() RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select pg_catalog.count(*) from public.tedxcommunity_emails
$$;


--
-- Name: tedxcommunity_signup_networks(inet); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_signup_networks(address inet) RETURNS TABLE(network cidr, clients integer)
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select pg_catalog.network(pg_catalog.set_masklen(address, bits)), clients
  from (values (4, 32, 1), (4, 24, 4), (6, 64, 1), (6, 56, 2), (6, 48, 4)) as level (family, bits, clients)
  where level.family = pg_catalog.family(address)
$$;


--
-- Name: tedxcommunity_signups_page(bigint, integer); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_signups_page(p_after bigint, p_limit integer) RETURNS TABLE(id bigint, email text, first_name text, created_at timestamp with time zone, source text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select e.id, e.email::text, e.first_name::text, e.created_at, e.source
  from public.tedxcommunity_emails e
  where e.id > p_after
  order by e.id
  limit least(greatest(p_limit, 0), 1000)
$$;


--
-- Name: tedxcommunity_suppressed_list(); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_suppressed_list() RETURNS TABLE(email text, cause text, reason text, created_at timestamp with time zone, signed_up_again timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select s.email, s.cause, s.reason, s.created_at,
    (select pg_catalog.max(e.created_at) from public.tedxcommunity_emails e
     where s.cause = 'complaint' and e.email = s.email and e.created_at > s.created_at)
  from public.tedxcommunity_suppressed s
  order by s.created_at, s.email
$$;


--
-- Name: tedxcommunity_token(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_token(token text) RETURNS uuid
    LANGUAGE sql IMMUTABLE
    AS $_$ select case when $1 ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then $1::uuid end $_$;


--
-- Name: tedxcommunity_unsubscribe(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_unsubscribe(token text) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  select public.tedxcommunity_unsubscribe_link($1) <> 'unknown'
$_$;


--
-- Name: tedxcommunity_unsubscribe_known(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_unsubscribe_known(token text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  -- $1, not its name: in SQL functions a column called token would win over the parameter.
  -- A malformed token is null, which matches nothing.
  select exists (
      select 1 from public.tedxcommunity_emails e
      where e.unsubscribe_token = public.tedxcommunity_token($1))
    or exists (
      select 1 from public.tedxcommunity_unsubscribed u
      where u.token = public.tedxcommunity_token($1))
$_$;


--
-- Name: tedxcommunity_unsubscribe_later_signup(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_unsubscribe_later_signup(t uuid) RETURNS bigint
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select e.id
  from public.tedxcommunity_unsubscribed u
  join public.tedxcommunity_emails e
    on public.tedxcommunity_email_hash(e.email::text) = u.email_hash
  where u.token = t and u.email_hash is not null
  limit 1
$$;


--
-- Name: tedxcommunity_unsubscribe_link(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_unsubscribe_link(token text) RETURNS text
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_variable
declare
  t uuid;
  gone text;
  later bigint;
begin
  t := public.tedxcommunity_token(token);
  if t is null then
    return 'unknown';
  end if;
  delete from public.tedxcommunity_emails e where e.unsubscribe_token = t
    returning e.email::text into gone;
  if not found then
    if not exists (select 1 from public.tedxcommunity_unsubscribed u where u.token = t) then
      return 'unknown';
    end if;
    later := public.tedxcommunity_unsubscribe_later_signup(t);
    if later is null then
      return 'left';
    end if;
    -- The later sign-up leaves as if by its own link, so that link answers "unsubscribed" too.
    delete from public.tedxcommunity_emails e where e.id = later
      returning e.email::text, e.unsubscribe_token into gone, t;
  end if;
  insert into public.tedxcommunity_unsubscribed as u (token, email_hash)
    values (t, public.tedxcommunity_email_hash(gone))
    on conflict on constraint tedxcommunity_unsubscribed_pkey do update set email_hash = excluded.email_hash;
  return 'left';
end
$$;


--
-- Name: tedxcommunity_unsubscribe_state(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_unsubscribe_state(token text) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  -- $1, not its name: in SQL functions a column called token would win over the parameter.
  select case
    when exists (select 1 from public.tedxcommunity_emails e
                 where e.unsubscribe_token = public.tedxcommunity_token($1)) then 'on'
    when exists (select 1 from public.tedxcommunity_unsubscribed u
                 where u.token = public.tedxcommunity_token($1)) then 'off'
    else 'unknown'
  end
$_$;


--
-- Name: tedxcommunity_unsuppress(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_unsuppress(p_email text) RETURNS boolean
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with normal as (
    select pg_catalog.lower(pg_catalog.btrim(p_email, E' \t\r\n')) as email
  ), gone as (
    delete from public.tedxcommunity_suppressed s using normal n where s.email = n.email
    returning 1
  ), gone_hash as (
    delete from public.tedxcommunity_suppressed_hashes h using normal n
    where h.email_hash = public.tedxcommunity_email_hash(n.email)
    returning 1
  )
  select exists (select 1 from gone) or exists (select 1 from gone_hash)
$$;


--
-- Name: tedxcommunity_your_data(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_your_data(token text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$ select public.tedxcommunity_your_data_of(public.tedxcommunity_token($1)) $_$;


--
-- Name: tedxcommunity_your_data_download(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_your_data_download(token text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  held jsonb := public.tedxcommunity_your_data_of(public.tedxcommunity_token(token));
begin
  if held is not null then
    insert into public.tedxcommunity_your_data_events (kind) values ('downloaded');
  end if;
  return held;
end
$$;


--
-- Name: tedxcommunity_your_data_erase(text, boolean); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_your_data_erase(token text, p_dry boolean DEFAULT false) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_variable
declare
  t uuid := public.tedxcommunity_token(token);
  h bytea;
  mails bigint;
  suppressed text;
begin
  select public.tedxcommunity_email_hash(e.email::text) into h
    from public.tedxcommunity_emails e where e.unsubscribe_token = t;
  if h is null then
    select u.email_hash into h from public.tedxcommunity_unsubscribed u where u.token = t;
  end if;
  if h is null then
    return null;
  end if;
  select x.cause into suppressed from (
      select s.cause from public.tedxcommunity_suppressed s
      where public.tedxcommunity_email_hash(s.email) = h
      union all
      select sh.cause from public.tedxcommunity_suppressed_hashes sh where sh.email_hash = h) x
    limit 1;
  if p_dry then
    return pg_catalog.jsonb_build_object(
      'mails', (select count(*) from public.tedxcommunity_deliveries d where d.email_hash = h),
      'suppressed', suppressed);
  end if;
  delete from public.tedxcommunity_emails e where e.unsubscribe_token = t;
  delete from public.tedxcommunity_deliveries d where d.email_hash = h;
  get diagnostics mails = row_count;
  delete from public.tedxcommunity_late_reports l where l.email_hash = h;
  update public.tedxcommunity_unsubscribed u set email_hash = null where u.email_hash = h;
  -- The suppression without the address or the mail server's words about it: its hash, why and
  -- since when.
  with moved as (
    delete from public.tedxcommunity_suppressed s
    where public.tedxcommunity_email_hash(s.email) = h
    returning s.cause, s.created_at
  )
  insert into public.tedxcommunity_suppressed_hashes (email_hash, cause, created_at)
    select h, m.cause, m.created_at from moved m
    on conflict do nothing;
  insert into public.tedxcommunity_your_data_events (kind) values ('erased');
  return pg_catalog.jsonb_build_object('mails', mails, 'suppressed', suppressed);
end
$$;


--
-- Name: tedxcommunity_your_data_of(uuid); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_your_data_of(t uuid) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select pg_catalog.jsonb_build_object(
    'email', e.email,
    'first_name', e.first_name,
    'signed_up_at', e.created_at,
    'signed_up_with', e.signed_up_with,
    'source', e.source,
    'mails', coalesce((
      select pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object(
          'campaign', d.campaign, 'outcome', d.status, 'at', d.updated_at,
          'late_reports', coalesce((
            select pg_catalog.jsonb_agg(
                pg_catalog.jsonb_build_object('kind', l.kind, 'at', l.handled_at)
                order by l.handled_at)
            from public.tedxcommunity_late_reports l
            where l.email_hash = d.email_hash and l.campaign = d.campaign), '[]'))
        order by d.updated_at, d.campaign)
      from public.tedxcommunity_deliveries d
      where d.email_hash = public.tedxcommunity_email_hash(e.email::text)), '[]'),
    'suppressed', (
      select pg_catalog.jsonb_build_object('cause', x.cause, 'since', x.created_at)
      from (
        select s.cause, s.created_at from public.tedxcommunity_suppressed s
        where s.email = e.email::text
        union all
        select h.cause, h.created_at from public.tedxcommunity_suppressed_hashes h
        where h.email_hash = public.tedxcommunity_email_hash(e.email::text)) x
      limit 1))
  from public.tedxcommunity_emails e
  where e.unsubscribe_token = t
$$;


--
-- Name: tedxcommunity_your_data_rename(text, text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_your_data_rename(token text, first_name text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
#variable_conflict use_variable
declare
  t uuid := public.tedxcommunity_token(token);
  before text;
begin
  select e.first_name into before from public.tedxcommunity_emails e
    where e.unsubscribe_token = t for update;
  if not found then
    return null;
  end if;
  update public.tedxcommunity_emails e set first_name = first_name where e.unsubscribe_token = t;
  if (select e.first_name from public.tedxcommunity_emails e where e.unsubscribe_token = t)
      is distinct from before then
    insert into public.tedxcommunity_your_data_events (kind) values ('corrected');
  end if;
  return public.tedxcommunity_your_data_of(t);
end
$$;


--
-- Name: tedxcommunity_your_data_report(text); Type: FUNCTION; Schema: public; Owner: -
--

CREATE FUNCTION public.tedxcommunity_your_data_report(p_time_zone text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(pg_catalog.jsonb_agg(
      pg_catalog.jsonb_build_object('day', day, 'kind', kind, 'n', n) order by day, kind), '[]')
  from (select (y.at at time zone p_time_zone)::date::text as day, y.kind, count(*) as n
        from public.tedxcommunity_your_data_events y group by 1, 2) t
$$;


--
-- Name: answer_floor_ms(); Type: FUNCTION; Schema: tedxcommunity_budget; Owner: -
--

CREATE FUNCTION tedxcommunity_budget.answer_floor_ms() RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$select 25$$;


--
-- Name: counters(cidr); Type: FUNCTION; Schema: tedxcommunity_budget; Owner: -
--

CREATE FUNCTION tedxcommunity_budget.counters(network cidr) RETURNS SETOF integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select distinct pg_catalog.get_byte(
    pg_catalog.sha256(pg_catalog.convert_to(s.key || network::text, 'UTF8')), byte)
  from tedxcommunity_budget.secret s, pg_catalog.generate_series(0, 1) byte
$$;


--
-- Name: per_minute(); Type: FUNCTION; Schema: tedxcommunity_budget; Owner: -
--

CREATE FUNCTION tedxcommunity_budget.per_minute() RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$select 120$$;


--
-- Name: spend(inet, integer); Type: FUNCTION; Schema: tedxcommunity_budget; Owner: -
--

CREATE FUNCTION tedxcommunity_budget.spend(address inet, per_minute integer) RETURNS integer
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  now_second bigint := pg_catalog.floor(extract(epoch from pg_catalog.now()))::bigint;
  -- Per counter (index counter + 1): its count with this answer, and the second its minute
  -- started. A counter's value is that second times 2^20, plus the count.
  counts bigint[] := pg_catalog.array_fill(0::bigint, array[256]);
  starts bigint[] := pg_catalog.array_fill(0::bigint, array[256]);
  touched integer[] := '{}';
  spent record;
  counter integer;
  value bigint;
  wait integer;
begin
  -- Counters in one order, each held (an advisory lock, released when the transaction ends,
  -- committed or not) from its read to its write, so no count is lost and no two requests wait
  -- on each other in a circle.
  for spent in
    select c.counter, pg_catalog.count(*) as keys
    from public.tedxcommunity_signup_networks(address) n,
      tedxcommunity_budget.counters(n.network) c(counter)
    group by c.counter
    order by c.counter
  loop
    perform pg_catalog.pg_advisory_xact_lock(20261127, spent.counter);
    value := coalesce(pg_catalog.pg_sequence_last_value(
      ('tedxcommunity_budget.counter_' || spent.counter)::regclass), 0);
    if (value >> 20) + 60 <= now_second then
      value := now_second << 20;
    end if;
    touched := touched || spent.counter;
    counts[spent.counter + 1] := least((value & 1048575) + spent.keys, 1048575);
    starts[spent.counter + 1] := value >> 20;
  end loop;

  -- A key over its budget may ask again when the first of its counters starts a new minute.
  select pg_catalog.max(k.wait) into wait
  from public.tedxcommunity_signup_networks(address) n,
    lateral (
      select pg_catalog.min(counts[c.counter + 1]) as count,
        pg_catalog.min(starts[c.counter + 1] + 60 - now_second)::integer as wait
      from tedxcommunity_budget.counters(n.network) c(counter)
    ) k
  where k.count > per_minute::bigint * n.clients;
  if wait is not null then
    return wait;
  end if;
  foreach counter in array touched loop
    perform pg_catalog.setval(('tedxcommunity_budget.counter_' || counter)::regclass,
      (starts[counter + 1] << 20) + counts[counter + 1]);
  end loop;
  return 0;
end
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: tedxcommunity_announce_leases; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tedxcommunity_announce_leases (
    campaign text NOT NULL,
    holder text NOT NULL,
    run_id uuid NOT NULL,
    started_at timestamp with time zone DEFAULT now() NOT NULL,
    heartbeat_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL
);


--
-- Name: tedxcommunity_deliveries; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tedxcommunity_deliveries (
    campaign text NOT NULL,
    email_hash bytea NOT NULL,
    status text NOT NULL,
    error text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tedxcommunity_deliveries_campaign_shape CHECK ((campaign ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'::text)),
    CONSTRAINT tedxcommunity_deliveries_status CHECK ((status = ANY (ARRAY['sent'::text, 'failed'::text, 'bounced'::text, 'deferred'::text])))
);


--
-- Name: tedxcommunity_emails; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tedxcommunity_emails (
    id bigint NOT NULL,
    email character varying(254) NOT NULL,
    first_name character varying(100),
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    unsubscribe_token uuid DEFAULT gen_random_uuid() NOT NULL,
    source text,
    signed_up_with text,
    CONSTRAINT tedxcommunity_emails_email_normalised CHECK (((email)::text = lower(btrim((email)::text)))),
    CONSTRAINT tedxcommunity_emails_email_shape CHECK (((email)::text ~ '^[^]@[:space:]"(),:;<>[\\]+@[^]@[:space:]"(),:;<>[\\]+$'::text)),
    CONSTRAINT tedxcommunity_emails_first_name_shape CHECK (((first_name IS NULL) OR (((first_name)::text = btrim((first_name)::text)) AND (char_length((first_name)::text) >= 1)))),
    CONSTRAINT tedxcommunity_emails_signed_up_with CHECK ((signed_up_with = ANY (ARRAY['form'::text, 'script'::text]))),
    CONSTRAINT tedxcommunity_emails_source_shape CHECK (((source IS NULL) OR (source ~ '^[a-z0-9_-]{1,32}$'::text)))
);


--
-- Name: TABLE tedxcommunity_emails; Type: COMMENT; Schema: public; Owner: -
--

COMMENT ON TABLE public.tedxcommunity_emails IS 'Launch-notification sign-ups. Anonymous visitors may insert; nobody but service_role reads.';


--
-- Name: tedxcommunity_emails_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_emails ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.tedxcommunity_emails_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);


--
-- Name: tedxcommunity_late_reports; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tedxcommunity_late_reports (
    report_id bytea NOT NULL,
    campaign text NOT NULL,
    email_hash bytea NOT NULL,
    kind text NOT NULL,
    acted boolean NOT NULL,
    handled_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tedxcommunity_late_reports_kind CHECK ((kind = ANY (ARRAY['hard'::text, 'complaint'::text, 'soft'::text, 'sender'::text])))
);


--
-- Name: tedxcommunity_signup_budget; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tedxcommunity_signup_budget (
    network cidr NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    signups integer NOT NULL
);


--
-- Name: tedxcommunity_suppressed; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tedxcommunity_suppressed (
    email text NOT NULL,
    reason text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    cause text DEFAULT 'hard bounce at send'::text NOT NULL,
    CONSTRAINT tedxcommunity_suppressed_cause CHECK ((cause = ANY (ARRAY['hard bounce at send'::text, 'late bounce'::text, 'complaint'::text]))),
    CONSTRAINT tedxcommunity_suppressed_email_lower CHECK ((email = lower(email)))
);


--
-- Name: tedxcommunity_suppressed_hashes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tedxcommunity_suppressed_hashes (
    email_hash bytea NOT NULL,
    cause text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT tedxcommunity_suppressed_hashes_cause CHECK ((cause = ANY (ARRAY['hard bounce at send'::text, 'late bounce'::text, 'complaint'::text])))
);


--
-- Name: tedxcommunity_unsubscribed; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tedxcommunity_unsubscribed (
    token uuid NOT NULL,
    unsubscribed_at timestamp with time zone DEFAULT now() NOT NULL,
    email_hash bytea
);


--
-- Name: tedxcommunity_your_data_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tedxcommunity_your_data_events (
    kind text NOT NULL,
    at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT tedxcommunity_your_data_events_kind CHECK ((kind = ANY (ARRAY['corrected'::text, 'downloaded'::text, 'erased'::text])))
);


--
-- Name: secret; Type: TABLE; Schema: tedxcommunity_budget; Owner: -
--

CREATE TABLE tedxcommunity_budget.secret (
    key text NOT NULL
);


--
-- Name: secret; Type: TABLE; Schema: tedxcommunity_mail; Owner: -
--

CREATE TABLE tedxcommunity_mail.secret (
    key text NOT NULL
);


--
-- Name: tedxcommunity_announce_leases tedxcommunity_announce_leases_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tedxcommunity_announce_leases
    ADD CONSTRAINT tedxcommunity_announce_leases_pkey PRIMARY KEY (campaign);


--
-- Name: tedxcommunity_deliveries tedxcommunity_deliveries_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tedxcommunity_deliveries
    ADD CONSTRAINT tedxcommunity_deliveries_pkey PRIMARY KEY (campaign, email_hash);


--
-- Name: tedxcommunity_emails tedxcommunity_emails_email_ascii; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_emails
    ADD CONSTRAINT tedxcommunity_emails_email_ascii CHECK ((((email)::text ~ '^[a-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'::text) AND ((email)::text !~ '\.[0-9]+$'::text))) NOT VALID;


--
-- Name: tedxcommunity_emails tedxcommunity_emails_email_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tedxcommunity_emails
    ADD CONSTRAINT tedxcommunity_emails_email_key UNIQUE (email) DEFERRABLE;


--
-- Name: tedxcommunity_emails tedxcommunity_emails_email_relayable; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_emails
    ADD CONSTRAINT tedxcommunity_emails_email_relayable CHECK (((octet_length((email)::text) <= 254) AND (octet_length(split_part((email)::text, '@'::text, 1)) <= 64) AND ((email)::text !~ '(^|@)\.|\.(@|$)|\.\.'::text) AND ((email)::text !~ '[\u0001-\u0020\u007f-\u00a0\u00ad\u061c\u1680\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u2069\u3000\ufeff]'::text))) NOT VALID;


--
-- Name: tedxcommunity_emails tedxcommunity_emails_first_name_printable; Type: CHECK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_emails
    ADD CONSTRAINT tedxcommunity_emails_first_name_printable CHECK (((first_name)::text !~ '[\u0001-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]'::text)) NOT VALID;


--
-- Name: tedxcommunity_emails tedxcommunity_emails_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tedxcommunity_emails
    ADD CONSTRAINT tedxcommunity_emails_pkey PRIMARY KEY (id);


--
-- Name: tedxcommunity_late_reports tedxcommunity_late_reports_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tedxcommunity_late_reports
    ADD CONSTRAINT tedxcommunity_late_reports_pkey PRIMARY KEY (report_id);


--
-- Name: tedxcommunity_signup_budget tedxcommunity_signup_budget_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tedxcommunity_signup_budget
    ADD CONSTRAINT tedxcommunity_signup_budget_pkey PRIMARY KEY (network);


--
-- Name: tedxcommunity_suppressed_hashes tedxcommunity_suppressed_hashes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tedxcommunity_suppressed_hashes
    ADD CONSTRAINT tedxcommunity_suppressed_hashes_pkey PRIMARY KEY (email_hash);


--
-- Name: tedxcommunity_suppressed tedxcommunity_suppressed_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tedxcommunity_suppressed
    ADD CONSTRAINT tedxcommunity_suppressed_pkey PRIMARY KEY (email);


--
-- Name: tedxcommunity_unsubscribed tedxcommunity_unsubscribed_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tedxcommunity_unsubscribed
    ADD CONSTRAINT tedxcommunity_unsubscribed_pkey PRIMARY KEY (token);


--
-- Name: tedxcommunity_deliveries_email_hash_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tedxcommunity_deliveries_email_hash_idx ON public.tedxcommunity_deliveries USING btree (email_hash);


--
-- Name: tedxcommunity_emails_created_at_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tedxcommunity_emails_created_at_idx ON public.tedxcommunity_emails USING btree (created_at, id);


--
-- Name: tedxcommunity_emails_email_hash_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tedxcommunity_emails_email_hash_idx ON public.tedxcommunity_emails USING btree (public.tedxcommunity_email_hash((email)::text));


--
-- Name: tedxcommunity_emails_unsubscribe_token_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX tedxcommunity_emails_unsubscribe_token_key ON public.tedxcommunity_emails USING btree (unsubscribe_token);


--
-- Name: tedxcommunity_late_reports_email_hash_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tedxcommunity_late_reports_email_hash_idx ON public.tedxcommunity_late_reports USING btree (email_hash);


--
-- Name: tedxcommunity_signup_budget_ends_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tedxcommunity_signup_budget_ends_at ON public.tedxcommunity_signup_budget USING btree (ends_at);


--
-- Name: tedxcommunity_unsubscribed_email_hash_idx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tedxcommunity_unsubscribed_email_hash_idx ON public.tedxcommunity_unsubscribed USING btree (email_hash) WHERE (email_hash IS NOT NULL);


--
-- Name: tedxcommunity_emails On_list_answers; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER "On_list_answers" AFTER INSERT ON public.tedxcommunity_emails FOR EACH ROW EXECUTE FUNCTION public.tedxcommunity_on_list_answers();


--
-- Name: tedxcommunity_emails tedxcommunity_emails_ascii; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tedxcommunity_emails_ascii BEFORE INSERT OR UPDATE OF email ON public.tedxcommunity_emails FOR EACH ROW EXECUTE FUNCTION public.tedxcommunity_emails_ascii();


--
-- Name: tedxcommunity_emails tedxcommunity_emails_normalise; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tedxcommunity_emails_normalise BEFORE INSERT OR UPDATE ON public.tedxcommunity_emails FOR EACH ROW EXECUTE FUNCTION public.tedxcommunity_emails_normalise();


--
-- Name: tedxcommunity_emails tedxcommunity_emails_per_minute; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tedxcommunity_emails_per_minute BEFORE INSERT ON public.tedxcommunity_emails FOR EACH ROW EXECUTE FUNCTION public.tedxcommunity_per_minute();


--
-- Name: tedxcommunity_emails tedxcommunity_emails_signup_budget; Type: TRIGGER; Schema: public; Owner: -
--

CREATE TRIGGER tedxcommunity_emails_signup_budget BEFORE INSERT ON public.tedxcommunity_emails FOR EACH ROW EXECUTE FUNCTION public.tedxcommunity_signup_budget();


--
-- Name: tedxcommunity_emails Visitors can sign up; Type: POLICY; Schema: public; Owner: -
--

CREATE POLICY "Visitors can sign up" ON public.tedxcommunity_emails FOR INSERT TO anon WITH CHECK (true);


--
-- Name: tedxcommunity_announce_leases; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_announce_leases ENABLE ROW LEVEL SECURITY;

--
-- Name: tedxcommunity_deliveries; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_deliveries ENABLE ROW LEVEL SECURITY;

--
-- Name: tedxcommunity_emails; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_emails ENABLE ROW LEVEL SECURITY;

--
-- Name: tedxcommunity_late_reports; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_late_reports ENABLE ROW LEVEL SECURITY;

--
-- Name: tedxcommunity_signup_budget; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_signup_budget ENABLE ROW LEVEL SECURITY;

--
-- Name: tedxcommunity_suppressed; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_suppressed ENABLE ROW LEVEL SECURITY;

--
-- Name: tedxcommunity_suppressed_hashes; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_suppressed_hashes ENABLE ROW LEVEL SECURITY;

--
-- Name: tedxcommunity_unsubscribed; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_unsubscribed ENABLE ROW LEVEL SECURITY;

--
-- Name: tedxcommunity_your_data_events; Type: ROW SECURITY; Schema: public; Owner: -
--

ALTER TABLE public.tedxcommunity_your_data_events ENABLE ROW LEVEL SECURITY;

--
-- Name: SCHEMA public; Type: ACL; Schema: -; Owner: -
--

GRANT USAGE ON SCHEMA public TO anon;
GRANT USAGE ON SCHEMA public TO authenticated;
GRANT USAGE ON SCHEMA public TO service_role;


--
-- Name: FUNCTION signup_form(email text, first_name text, website text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.signup_form(email text, first_name text, website text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.signup_form(email text, first_name text, website text) TO anon;
GRANT ALL ON FUNCTION public.signup_form(email text, first_name text, website text) TO authenticated;
GRANT ALL ON FUNCTION public.signup_form(email text, first_name text, website text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_announce_check(p_campaign text, p_run_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_announce_check(p_campaign text, p_run_id uuid) FROM PUBLIC;


--
-- Name: FUNCTION tedxcommunity_announce_lease(p_campaign text, p_holder text, p_run_id uuid, p_seconds integer, p_take_over uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_announce_lease(p_campaign text, p_holder text, p_run_id uuid, p_seconds integer, p_take_over uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_announce_lease(p_campaign text, p_holder text, p_run_id uuid, p_seconds integer, p_take_over uuid) TO service_role;


--
-- Name: FUNCTION tedxcommunity_announce_next(p_campaign text, p_run_id uuid, p_after bigint, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_announce_next(p_campaign text, p_run_id uuid, p_after bigint, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_announce_next(p_campaign text, p_run_id uuid, p_after bigint, p_limit integer) TO service_role;


--
-- Name: FUNCTION tedxcommunity_announce_preview(p_campaign text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_announce_preview(p_campaign text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_announce_preview(p_campaign text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_announce_record(p_campaign text, p_run_id uuid, p_outcomes jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_announce_record(p_campaign text, p_run_id uuid, p_outcomes jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_announce_record(p_campaign text, p_run_id uuid, p_outcomes jsonb) TO service_role;


--
-- Name: FUNCTION tedxcommunity_announce_release(p_campaign text, p_run_id uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_announce_release(p_campaign text, p_run_id uuid) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_announce_release(p_campaign text, p_run_id uuid) TO service_role;


--
-- Name: FUNCTION tedxcommunity_announce_renew(p_campaign text, p_run_id uuid, p_seconds integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_announce_renew(p_campaign text, p_run_id uuid, p_seconds integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_announce_renew(p_campaign text, p_run_id uuid, p_seconds integer) TO service_role;


--
-- Name: FUNCTION tedxcommunity_announce_status(p_campaign text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_announce_status(p_campaign text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_announce_status(p_campaign text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_client_address(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_client_address() FROM PUBLIC;


--
-- Name: FUNCTION tedxcommunity_email_hash(p_email text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_email_hash(p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_email_hash(p_email text) TO service_role;
GRANT ALL ON FUNCTION public.tedxcommunity_email_hash(p_email text) TO anon;


--
-- Name: FUNCTION tedxcommunity_emails_ascii(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_emails_ascii() FROM PUBLIC;


--
-- Name: FUNCTION tedxcommunity_emails_normalise(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_emails_normalise() FROM PUBLIC;


--
-- Name: FUNCTION tedxcommunity_erase_all(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_erase_all() FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_erase_all() TO service_role;


--
-- Name: FUNCTION tedxcommunity_forget(p_email text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_forget(p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_forget(p_email text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_late_report_people(p_ids jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_late_report_people(p_ids jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_late_report_people(p_ids jsonb) TO service_role;


--
-- Name: FUNCTION tedxcommunity_late_reports_record(p_reports jsonb); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_late_reports_record(p_reports jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_late_reports_record(p_reports jsonb) TO service_role;


--
-- Name: FUNCTION tedxcommunity_mail_key(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_mail_key() FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_mail_key() TO service_role;


--
-- Name: FUNCTION tedxcommunity_on_list_answers(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_on_list_answers() FROM PUBLIC;


--
-- Name: FUNCTION tedxcommunity_per_minute(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_per_minute() FROM PUBLIC;


--
-- Name: FUNCTION tedxcommunity_remove(p_email text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_remove(p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_remove(p_email text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_report(p_time_zone text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_report(p_time_zone text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_report(p_time_zone text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_signup_budget(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_signup_budget() FROM PUBLIC;


--
-- Name: FUNCTION tedxcommunity_signup_count(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_signup_count() FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_signup_count() TO service_role;


--
-- Name: FUNCTION tedxcommunity_signup_networks(address inet); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_signup_networks(address inet) FROM PUBLIC;


--
-- Name: FUNCTION tedxcommunity_signups_page(p_after bigint, p_limit integer); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_signups_page(p_after bigint, p_limit integer) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_signups_page(p_after bigint, p_limit integer) TO service_role;


--
-- Name: FUNCTION tedxcommunity_suppressed_list(); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_suppressed_list() FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_suppressed_list() TO service_role;


--
-- Name: FUNCTION tedxcommunity_token(token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_token(token text) FROM PUBLIC;


--
-- Name: FUNCTION tedxcommunity_unsubscribe(token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_unsubscribe(token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_unsubscribe(token text) TO anon;
GRANT ALL ON FUNCTION public.tedxcommunity_unsubscribe(token text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_unsubscribe_known(token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_unsubscribe_known(token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_unsubscribe_known(token text) TO anon;
GRANT ALL ON FUNCTION public.tedxcommunity_unsubscribe_known(token text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_unsubscribe_later_signup(t uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_unsubscribe_later_signup(t uuid) FROM PUBLIC;


--
-- Name: FUNCTION tedxcommunity_unsubscribe_link(token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_unsubscribe_link(token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_unsubscribe_link(token text) TO anon;
GRANT ALL ON FUNCTION public.tedxcommunity_unsubscribe_link(token text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_unsubscribe_state(token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_unsubscribe_state(token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_unsubscribe_state(token text) TO anon;
GRANT ALL ON FUNCTION public.tedxcommunity_unsubscribe_state(token text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_unsuppress(p_email text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_unsuppress(p_email text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_unsuppress(p_email text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_your_data(token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_your_data(token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_your_data(token text) TO anon;
GRANT ALL ON FUNCTION public.tedxcommunity_your_data(token text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_your_data_download(token text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_your_data_download(token text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_your_data_download(token text) TO anon;
GRANT ALL ON FUNCTION public.tedxcommunity_your_data_download(token text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_your_data_erase(token text, p_dry boolean); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_your_data_erase(token text, p_dry boolean) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_your_data_erase(token text, p_dry boolean) TO anon;
GRANT ALL ON FUNCTION public.tedxcommunity_your_data_erase(token text, p_dry boolean) TO service_role;


--
-- Name: FUNCTION tedxcommunity_your_data_of(t uuid); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_your_data_of(t uuid) FROM PUBLIC;


--
-- Name: FUNCTION tedxcommunity_your_data_rename(token text, first_name text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_your_data_rename(token text, first_name text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_your_data_rename(token text, first_name text) TO anon;
GRANT ALL ON FUNCTION public.tedxcommunity_your_data_rename(token text, first_name text) TO service_role;


--
-- Name: FUNCTION tedxcommunity_your_data_report(p_time_zone text); Type: ACL; Schema: public; Owner: -
--

REVOKE ALL ON FUNCTION public.tedxcommunity_your_data_report(p_time_zone text) FROM PUBLIC;
GRANT ALL ON FUNCTION public.tedxcommunity_your_data_report(p_time_zone text) TO service_role;


--
-- Name: FUNCTION answer_floor_ms(); Type: ACL; Schema: tedxcommunity_budget; Owner: -
--

REVOKE ALL ON FUNCTION tedxcommunity_budget.answer_floor_ms() FROM PUBLIC;


--
-- Name: FUNCTION counters(network cidr); Type: ACL; Schema: tedxcommunity_budget; Owner: -
--

REVOKE ALL ON FUNCTION tedxcommunity_budget.counters(network cidr) FROM PUBLIC;


--
-- Name: FUNCTION per_minute(); Type: ACL; Schema: tedxcommunity_budget; Owner: -
--

REVOKE ALL ON FUNCTION tedxcommunity_budget.per_minute() FROM PUBLIC;


--
-- Name: FUNCTION spend(address inet, per_minute integer); Type: ACL; Schema: tedxcommunity_budget; Owner: -
--

REVOKE ALL ON FUNCTION tedxcommunity_budget.spend(address inet, per_minute integer) FROM PUBLIC;


--
-- Name: TABLE tedxcommunity_announce_leases; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.tedxcommunity_announce_leases TO service_role;


--
-- Name: TABLE tedxcommunity_deliveries; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,DELETE ON TABLE public.tedxcommunity_deliveries TO service_role;


--
-- Name: TABLE tedxcommunity_emails; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT,INSERT,DELETE,UPDATE ON TABLE public.tedxcommunity_emails TO service_role;


--
-- Name: COLUMN tedxcommunity_emails.email; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(email) ON TABLE public.tedxcommunity_emails TO anon;


--
-- Name: COLUMN tedxcommunity_emails.first_name; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(first_name) ON TABLE public.tedxcommunity_emails TO anon;


--
-- Name: COLUMN tedxcommunity_emails.source; Type: ACL; Schema: public; Owner: -
--

GRANT INSERT(source) ON TABLE public.tedxcommunity_emails TO anon;


--
-- Name: TABLE tedxcommunity_late_reports; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.tedxcommunity_late_reports TO service_role;


--
-- Name: TABLE tedxcommunity_suppressed; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.tedxcommunity_suppressed TO service_role;


--
-- Name: TABLE tedxcommunity_suppressed_hashes; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.tedxcommunity_suppressed_hashes TO service_role;


--
-- Name: TABLE tedxcommunity_unsubscribed; Type: ACL; Schema: public; Owner: -
--

GRANT SELECT ON TABLE public.tedxcommunity_unsubscribed TO service_role;


--
-- PostgreSQL database dump complete
--



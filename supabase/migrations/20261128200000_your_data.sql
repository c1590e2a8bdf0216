-- Your data (issue 46, decision 0028): from the "Your data" link in any mail, a person sees what
-- is held about them, corrects their first name, downloads it, leaves or erases it. The link's
-- token is the sign-up's unsubscribe token: random, one per sign-up, made by nobody else.
-- Everything below is called as anon with that token and answers for that one sign-up only; a
-- malformed token is null (tedxcommunity_token), which reads no row. Erase keeps a suppressed
-- address as its hash only (section 5), so that it is never mailed again.

-- 1. How a sign-up came: the form without JavaScript (it posts to /rpc/signup_form) or the page's
--    script (it inserts into the table). Set by the normaliser on insert, from the path PostgREST
--    (and the own server) sets for the request; null for the organisers' own inserts and for
--    sign-ups from before this migration.
alter table public.tedxcommunity_emails
  add column signed_up_with text
    constraint tedxcommunity_emails_signed_up_with check (signed_up_with in ('form', 'script'));

-- As in 20251101090000, plus signed_up_with on insert (whatever the request sent for it).
create or replace function public.tedxcommunity_emails_normalise()
  returns trigger
  language plpgsql
  set search_path = ''
as $$
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
$$;

-- 2. A person's mails by their address's hash, without reading the whole ledger.
create index tedxcommunity_deliveries_email_hash_idx
  on public.tedxcommunity_deliveries (email_hash);

-- 3. What the page did, for `subscribers report`: a kind and a time, nothing about the person.
create table public.tedxcommunity_your_data_events (
  kind text not null
    constraint tedxcommunity_your_data_events_kind check (kind in ('corrected', 'downloaded', 'erased')),
  at timestamptz not null default now()
);
revoke all on table public.tedxcommunity_your_data_events from anon, authenticated;
alter table public.tedxcommunity_your_data_events enable row level security;

-- 4. A suppression whose address its owner erased: the address's hash, why and since when, and
--    nothing else. The sends skip it as they skip a suppressed address; `forget`, `unsuppress` and
--    `erase` take it off as they take the address off.
create table public.tedxcommunity_suppressed_hashes (
  email_hash bytea primary key,
  cause text not null
    constraint tedxcommunity_suppressed_hashes_cause
    check (cause in ('hard bounce at send', 'late bounce', 'complaint')),
  created_at timestamptz not null
);
revoke all on table public.tedxcommunity_suppressed_hashes from anon, authenticated;
grant select on table public.tedxcommunity_suppressed_hashes to service_role;
alter table public.tedxcommunity_suppressed_hashes enable row level security;

-- 5. Everything held about the sign-up whose token is t, or null.
create function public.tedxcommunity_your_data_of(t uuid)
  returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
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
revoke all on function public.tedxcommunity_your_data_of(uuid) from public, anon, authenticated;

-- The page: changes nothing (mail scanners open links).
create function public.tedxcommunity_your_data(token text)
  returns jsonb
  language sql stable security definer
  set search_path = ''
as $$ select public.tedxcommunity_your_data_of(public.tedxcommunity_token($1)) $$;

-- The download: the same, counted.
create function public.tedxcommunity_your_data_download(token text)
  returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
declare
  held jsonb := public.tedxcommunity_your_data_of(public.tedxcommunity_token(token));
begin
  if held is not null then
    insert into public.tedxcommunity_your_data_events (kind) values ('downloaded');
  end if;
  return held;
end
$$;

-- The first name, corrected (the handler checks it by the sign-up form's rules first; the
-- normaliser trims it, and an empty one is none). Counted when it changed.
create function public.tedxcommunity_your_data_rename(token text, first_name text)
  returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
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

-- Erase: the sign-up, its mails' records and their late reports, and the address's hash kept
-- with old unsubscribe links; after "Leave the list" too (the unsubscribe link's record holds the
-- hash then). A suppression stays as its hash (section 5), so that the address is never mailed
-- again; the answer says whether there is one. `p_dry`: only what it would erase, for the page's
-- question. Null when the token leads to nothing (unknown, malformed, erased).
create function public.tedxcommunity_your_data_erase(token text, p_dry boolean default false)
  returns jsonb
  language plpgsql security definer
  set search_path = ''
as $$
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

revoke all on function public.tedxcommunity_your_data(text) from public, anon, authenticated;
revoke all on function public.tedxcommunity_your_data_download(text) from public, anon, authenticated;
revoke all on function public.tedxcommunity_your_data_rename(text, text) from public, anon, authenticated;
revoke all on function public.tedxcommunity_your_data_erase(text, boolean) from public, anon, authenticated;
grant execute on function public.tedxcommunity_your_data(text) to anon, service_role;
grant execute on function public.tedxcommunity_your_data_download(text) to anon, service_role;
grant execute on function public.tedxcommunity_your_data_rename(text, text) to anon, service_role;
grant execute on function public.tedxcommunity_your_data_erase(text, boolean) to anon, service_role;

-- 6. `subscribers report`: the page's corrections, downloads and erasures per day, as the
--    report's other counts (no addresses).
create function public.tedxcommunity_your_data_report(p_time_zone text)
  returns jsonb
  language sql stable security definer
  set search_path = ''
as $$
  select coalesce(pg_catalog.jsonb_agg(
      pg_catalog.jsonb_build_object('day', day, 'kind', kind, 'n', n) order by day, kind), '[]')
  from (select (y.at at time zone p_time_zone)::date::text as day, y.kind, count(*) as n
        from public.tedxcommunity_your_data_events y group by 1, 2) t
$$;
revoke all on function public.tedxcommunity_your_data_report(text) from public, anon, authenticated;
grant execute on function public.tedxcommunity_your_data_report(text) to service_role;

-- 7. Where a suppressed address is looked up, its hash is too: as in 20261126010000 (the next
--    people, the preview and the status of a campaign), 20261125210000 (forget), 20261125200000
--    (erase) and 20261127190000 (unsuppress), plus the hashes.
create or replace function public.tedxcommunity_announce_next(
  p_campaign text, p_run_id uuid, p_after bigint, p_limit integer)
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

create or replace function public.tedxcommunity_announce_preview(p_campaign text)
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
    and not exists (
      select from public.tedxcommunity_suppressed_hashes h
      where h.email_hash = public.tedxcommunity_email_hash(e.email))
  order by e.id
  limit 1
$$;

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

create or replace function public.tedxcommunity_forget(p_email text)
  returns json
  language plpgsql security definer
  set search_path = ''
as $$
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

create or replace function public.tedxcommunity_unsuppress(p_email text)
  returns boolean
  language sql security definer
  set search_path = ''
as $$
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

create or replace function public.tedxcommunity_erase_all()
  returns json
  language plpgsql security definer
  set search_path = ''
as $$
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

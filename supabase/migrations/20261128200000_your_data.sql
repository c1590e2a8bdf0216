-- Your data (issue 46, decision 0028): from the "Your data" link in any mail, a person sees what
-- is held about them, corrects their first name, downloads it, leaves or erases it. The link's
-- token is the sign-up's unsubscribe token: random, one per sign-up, made by nobody else.
-- Everything below is called as anon with that token and answers for that one sign-up only; a
-- malformed token is null (tedxcommunity_token), which reads no row.

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

-- 4. Everything held about the sign-up whose token is t, or null.
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
      select pg_catalog.jsonb_build_object('cause', s.cause, 'since', s.created_at)
      from public.tedxcommunity_suppressed s where s.email = e.email::text))
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
-- hash then). A suppression stays (the address and why), so that the address is never mailed
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
  select s.cause into suppressed from public.tedxcommunity_suppressed s
    where public.tedxcommunity_email_hash(s.email) = h;
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

-- 5. `subscribers report`: the page's corrections, downloads and erasures per day, as the
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

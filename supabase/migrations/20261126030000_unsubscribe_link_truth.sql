-- An old unsubscribe link, used after the person signed up again, answers truthfully; and the
-- organisers' export and count read the list through service-role functions like every other
-- organiser command.
--
-- Until now tedxcommunity_unsubscribed kept the token only, so an old link could not know that its
-- person was back on the list under a new sign-up (a new token): it answered "you are
-- unsubscribed" while they were on the list and would get the next campaign. Each row now keeps
-- the fingerprint of the address that left (the same hash the delivery records keep), so:
--   - GET (the confirm page) can say "you signed up again since; you are on the list" and offer
--     to leave again, changing nothing;
--   - POST (the mail program's one-click, or that page's button) is the person asking to leave
--     this list: it takes the later sign-up of the same address off too, and says so.
-- Rows written before this migration have no fingerprint: those links answer as before.

alter table public.tedxcommunity_unsubscribed add column email_hash bytea null;

-- An old link's row is found by its token; the later sign-up by its address's fingerprint.
create index tedxcommunity_unsubscribed_email_hash_idx
  on public.tedxcommunity_unsubscribed (email_hash) where email_hash is not null;

-- The id of the sign-up on the list now for the address that left with `t`, or null.
create function public.tedxcommunity_unsubscribe_later_signup(t uuid)
  returns bigint
  language sql stable security definer
  set search_path = ''
as $$
  select e.id
  from public.tedxcommunity_unsubscribed u
  join public.tedxcommunity_emails e
    on public.tedxcommunity_email_hash(e.email::text) = u.email_hash
  where u.token = t and u.email_hash is not null
  limit 1
$$;

-- For the page a GET shows (changes nothing). What is true of this link now:
--   'on'      its sign-up is on the list;
--   'back'    its person left with it and has signed up again since (a new token);
--   'off'     its person left with it and is not on the list;
--   'unknown' no such link (or malformed): the caller reveals nothing.
create function public.tedxcommunity_unsubscribe_state(token text)
  returns text
  language sql stable security definer
  set search_path = ''
as $$
  -- $1, not its name: in SQL functions a column called token would win over the parameter.
  select case
    when exists (select 1 from public.tedxcommunity_emails e
                 where e.unsubscribe_token = public.tedxcommunity_token($1)) then 'on'
    when not exists (select 1 from public.tedxcommunity_unsubscribed u
                     where u.token = public.tedxcommunity_token($1)) then 'unknown'
    when public.tedxcommunity_unsubscribe_later_signup(public.tedxcommunity_token($1)) is not null
      then 'back'
    else 'off'
  end
$$;

-- The POST: leaves the list, idempotently. What it did:
--   'left'       this link's person is off the list (just now, or already before);
--   'left_again' they had signed up again since leaving with this link: that later sign-up is
--                off the list now too (the page says so);
--   'unknown'    no such link: nothing changed.
create function public.tedxcommunity_unsubscribe_link(token text)
  returns text
  language plpgsql volatile security definer
  set search_path = ''
as $$
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
  if found then
    insert into public.tedxcommunity_unsubscribed as u (token, email_hash)
      values (t, public.tedxcommunity_email_hash(gone))
      on conflict on constraint tedxcommunity_unsubscribed_pkey do update set email_hash = excluded.email_hash;
    return 'left';
  end if;
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
  insert into public.tedxcommunity_unsubscribed as u (token, email_hash)
    values (t, public.tedxcommunity_email_hash(gone))
    on conflict on constraint tedxcommunity_unsubscribed_pkey do update set email_hash = excluded.email_hash;
  return 'left_again';
end
$$;

-- The boolean the first Edge Function and PostgREST callers use: true when the person is off the
-- list now (never true while they are still on it).
create or replace function public.tedxcommunity_unsubscribe(token text)
  returns boolean
  language sql volatile security definer
  set search_path = ''
as $$
  select public.tedxcommunity_unsubscribe_link($1) <> 'unknown'
$$;

-- Forgetting someone forgets the fingerprint their old links kept (tedxcommunity_forget of
-- 20261125210000, plus that; the sign-up and its delivery records go through
-- tedxcommunity_remove, so its deletes are written once).
create or replace function public.tedxcommunity_forget(p_email text)
  returns json
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  normal text := pg_catalog.lower(pg_catalog.btrim(p_email, E' \t\r\n'));
  on_list boolean;
  suppressed boolean;
begin
  on_list := public.tedxcommunity_remove(p_email);
  delete from public.tedxcommunity_suppressed s where s.email = normal;
  suppressed := found;
  update public.tedxcommunity_unsubscribed u set email_hash = null
    where u.email_hash = public.tedxcommunity_email_hash(normal);
  return pg_catalog.json_build_object('on_list', on_list, 'suppressed', suppressed);
end
$$;

-- Erasing the list erases those fingerprints too: what stays is the random tokens only, as
-- 20261125200000 promises (its function, plus that).
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
  delete from public.tedxcommunity_emails where true;
  get diagnostics signups = row_count;
  delete from public.tedxcommunity_suppressed where true;
  get diagnostics suppressed = row_count;
  update public.tedxcommunity_unsubscribed set email_hash = null where email_hash is not null;
  return pg_catalog.json_build_object(
    'erased', true, 'signups', signups, 'deliveries', deliveries, 'suppressed', suppressed);
end
$$;

-- `subscribers count`: the number of sign-ups, over a direct connection or PostgREST alike.
create function public.tedxcommunity_signup_count()
  returns bigint
  language sql stable security definer
  set search_path = ''
as $$
  select pg_catalog.count(*) from public.tedxcommunity_emails
$$;

-- PostgreSQL lets PUBLIC execute new functions and hosted Supabase grants them to anon and
-- authenticated by default: take that back and say exactly who may call what.
revoke all on function public.tedxcommunity_unsubscribe_later_signup(uuid)
  from public, anon, authenticated;
revoke all on function public.tedxcommunity_unsubscribe_state(text) from public, anon, authenticated;
revoke all on function public.tedxcommunity_unsubscribe_link(text) from public, anon, authenticated;
revoke all on function public.tedxcommunity_signup_count() from public, anon, authenticated;
-- The link in the mail works without any key but the public one.
grant execute on function public.tedxcommunity_unsubscribe_state(text) to anon, service_role;
grant execute on function public.tedxcommunity_unsubscribe_link(text) to anon, service_role;
grant execute on function public.tedxcommunity_signup_count() to service_role;

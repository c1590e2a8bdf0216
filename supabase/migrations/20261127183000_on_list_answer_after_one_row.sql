-- No answer depends on the list but the spec's one (issue 38, decision 0021). The answer "already
-- on the list" (20261127120000) was decided in a BEFORE row trigger, which fires for the first row
-- of a statement before the next row is read: an anonymous two-row insert [candidate, junk] was
-- answered 429 when the candidate was on the list and its client's answers were spent, 400 (the
-- one-row rule, on the second row) otherwise. And once a client's answers were spent, a single
-- row on the list got the answers' 429 and Retry-After where a new address got 201, or the
-- sign-up budget's 429 with another Retry-After.
--
-- Now the list is looked up after the statement, in an AFTER row trigger: a multi-row anonymous
-- insert has been refused by then (400 on its second row), and nothing before that reads the
-- list. For the one row of an API request whose address is on the list:
-- - while the client's answers last, one is counted and the unique constraint's recheck refuses
--   the row as before (409 23505, "already on the list");
-- - once they are spent, the row is deleted, so the recheck passes it and the request is answered
--   as a new address is: 201, the same headers (PostgREST's count=exact counts the row as
--   inserted), the sign-up budget spent as a new sign-up spends it, and nothing stored.
-- The sign-up budget's BEFORE trigger runs for both alike, so over that budget both get its 429
-- and Retry-After.

-- The sign-up budget reads its hosted default itself: the trigger that put it in
-- app.signup_rate_limit before it (…_on_list_answers, a BEFORE trigger) fires after it now.
-- Otherwise as in 20261127110000.
create or replace function public.tedxcommunity_signup_budget()
returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  -- SIGNUP_RATE_LIMIT on the own server, which sets it for the transaction; elsewhere
  -- tedxcommunity_budget.per_minute() (hosted Supabase cannot store the setting).
  per_minute integer := coalesce(
    nullif(pg_catalog.current_setting('app.signup_rate_limit', true), '')::integer,
    tedxcommunity_budget.per_minute());
  address inet;
  wait integer;
begin
  -- The API's visitors only: a request (PostgREST, and the own server, always set
  -- `request.headers`) as anon or authenticated. The service role (the organiser commands) and
  -- the owner are not limited. `role` is the SET ROLE in force, which a security definer
  -- function does not change.
  if pg_catalog.current_setting('role', true) not in ('anon', 'authenticated')
      or coalesce(pg_catalog.current_setting('request.headers', true), '') = ''
      or per_minute <= 0 then
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

drop trigger tedxcommunity_emails_on_list_answers on public.tedxcommunity_emails;

create or replace function public.tedxcommunity_on_list_answers()
returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  per_minute integer := coalesce(
    nullif(pg_catalog.current_setting('app.signup_rate_limit', true), '')::integer,
    tedxcommunity_budget.per_minute());
begin
  -- The same requests as the sign-up budget: the API's, as anon or authenticated. The row is in
  -- the table now, so the lookup leaves it out; the unique index answers it.
  if pg_catalog.current_setting('role', true) not in ('anon', 'authenticated')
      or coalesce(pg_catalog.current_setting('request.headers', true), '') = ''
      or per_minute <= 0
      or not exists (
        select 1 from public.tedxcommunity_emails e where e.email = new.email and e.id <> new.id) then
    return null;
  end if;
  if tedxcommunity_budget.spend(
      coalesce(public.tedxcommunity_client_address(), '0.0.0.0'::inet), per_minute) > 0 then
    -- Answers spent: this ask goes as a new sign-up goes, and nothing of it is kept.
    delete from public.tedxcommunity_emails e where e.id = new.id;
  end if;
  -- Else the answer is counted, and the unique constraint's recheck refuses the row next.
  return null;
end
$$;

revoke all on function public.tedxcommunity_on_list_answers() from public, anon, authenticated;

-- Named with a capital on purpose. A row's AFTER triggers fire in the byte order of their names,
-- and PostgreSQL's own recheck of the deferrable unique constraint (20261126020000) is the
-- internal trigger `Unique_ConstraintTrigger_<oid>`: a lower-case name would fire after it, when
-- the row has already been refused. `O` sorts before `U`.
create trigger "On_list_answers"
  after insert on public.tedxcommunity_emails
  for each row execute function public.tedxcommunity_on_list_answers();

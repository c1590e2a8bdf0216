-- The sign-up budget's default is written once, in tedxcommunity_budget.per_minute(): the trigger
-- tedxcommunity_emails_per_minute (PostgreSQL fires a row's triggers in name order, so before
-- tedxcommunity_emails_signup_budget) sets app.signup_rate_limit for every anon or authenticated
-- insert, from SIGNUP_RATE_LIMIT on the own server or that default elsewhere. The budget's own
-- fallback to '120' could never be reached: it reads the setting as the other budget does.
create or replace function public.tedxcommunity_signup_budget()
returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
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

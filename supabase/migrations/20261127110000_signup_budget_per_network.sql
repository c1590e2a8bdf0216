-- The sign-up budget per client, in the database (issue 32), so hosted Supabase, which limits
-- nothing, holds it exactly as the project's own server does: one rule for the table insert and
-- the form's function (both insert into the table), keyed by the client address that PostgREST
-- passes in `request.headers`, per client and per network above it (docs/decisions/0017).
--
-- The address is one the client cannot write: `cf-connecting-ip`, which Cloudflare, in front of
-- every hosted Supabase project, sets to the address that connected to it, overwriting whatever
-- the client sent (the own server sets it the same way to the address it resolved); else the last
-- entry of `x-forwarded-for`, the one the nearest proxy appended. Never the first entry, which any
-- client can forge.
--
-- A refused insert rolls back, and its count with it: the budget counts accepted sign-ups.

-- Per key, the current minute (from its first sign-up) and the sign-ups in it. Rows last about
-- a minute: each sign-up clears a few ended ones. No grant: only the trigger below touches it.
create table public.tedxcommunity_signup_budget (
  network cidr primary key,
  ends_at timestamptz not null,
  signups integer not null
);
alter table public.tedxcommunity_signup_budget enable row level security;
revoke all on table public.tedxcommunity_signup_budget from public, anon, authenticated;
create index tedxcommunity_signup_budget_ends_at on public.tedxcommunity_signup_budget (ends_at);

-- The client and the networks above it, each with how many clients' worth of budget it holds
-- (the same as server/client-address.ts networks()): an IPv4 address and its /24; an IPv6 /64
-- (one home, one phone), its /56 and its /48.
create function public.tedxcommunity_signup_networks(address inet)
returns table (network cidr, clients integer)
  language sql
  immutable
  set search_path = ''
as $$
  select pg_catalog.network(pg_catalog.set_masklen(address, bits)), clients
  from (values (4, 32, 1), (4, 24, 4), (6, 64, 1), (6, 56, 2), (6, 48, 4)) as level (family, bits, clients)
  where level.family = pg_catalog.family(address)
$$;

-- The client's address from the request's headers (see the top of this file), or null.
create function public.tedxcommunity_client_address()
returns inet
  language plpgsql
  stable
  set search_path = ''
as $$
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

create function public.tedxcommunity_signup_budget()
returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  -- SIGNUP_RATE_LIMIT on the own server, which sets it for the transaction; elsewhere 120. Hosted
  -- Supabase cannot store the setting (only a superuser may set a custom one for a database):
  -- there a new migration changes the 120 (docs/deploying.md).
  per_minute integer :=
    coalesce(nullif(pg_catalog.current_setting('app.signup_rate_limit', true), ''), '120')::integer;
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

revoke all on function public.tedxcommunity_signup_networks(inet) from public, anon, authenticated;
revoke all on function public.tedxcommunity_client_address() from public, anon, authenticated;
revoke all on function public.tedxcommunity_signup_budget() from public, anon, authenticated;

create trigger tedxcommunity_emails_signup_budget
  before insert on public.tedxcommunity_emails
  for each row execute function public.tedxcommunity_signup_budget();

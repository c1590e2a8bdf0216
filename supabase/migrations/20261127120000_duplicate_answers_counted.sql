-- The budget also bounds the answer "already on the list" (issue 32, decision 0019), on hosted
-- Supabase too. A sign-up whose address is on the list is refused (409 23505) and its transaction
-- rolls back with every row it wrote, so the budget table (20261127110000) cannot count it, and
-- PostgREST runs anything a request does in that one transaction. Sequences are the exception:
-- `setval` is never rolled back. So these answers are counted in a fixed set of 256 sequences.
--
-- Each key (the client and each network above it, as for sign-ups) is counted in two of them,
-- picked by a hash under a secret made here, and its count is the smaller of the two (a
-- count-min sketch). That is never less than the key's own answers; it is more only when both of
-- its counters are shared with busy keys, which nobody can aim at without the secret. The budget
-- is the sign-up budget's size: `app.signup_rate_limit` (else `tedxcommunity_budget.per_minute()`)
-- a minute for a client, times the clients a network holds.

-- Out of the API's reach: PostgREST exposes `public` only, and nothing here is granted.
create schema tedxcommunity_budget;
revoke all on schema tedxcommunity_budget from public;

-- Sign-ups (and answers "already on the list") a minute for a client where nothing sets
-- `app.signup_rate_limit` (hosted Supabase, which cannot store that setting). To change it there,
-- push a migration that re-creates this function with another number (0 turns the budget off):
--   create or replace function tedxcommunity_budget.per_minute() returns integer
--     language sql stable set search_path = '' as 'select 200';
create function tedxcommunity_budget.per_minute()
returns integer
  language sql
  stable
  set search_path = ''
as 'select 120';

create table tedxcommunity_budget.secret (key text not null);
insert into tedxcommunity_budget.secret values (pg_catalog.gen_random_uuid()::text);

do $$
begin
  for i in 0..255 loop
    execute pg_catalog.format('create sequence tedxcommunity_budget.counter_%s', i);
  end loop;
end
$$;

-- A key's counters: two bytes of the keyed hash (one counter when they are equal).
create function tedxcommunity_budget.counters(network cidr)
returns setof integer
  language sql
  stable
  set search_path = ''
as $$
  select distinct pg_catalog.get_byte(
    pg_catalog.sha256(pg_catalog.convert_to(s.key || network::text, 'UTF8')), byte)
  from tedxcommunity_budget.secret s, pg_catalog.generate_series(0, 1) byte
$$;

-- Counts one answer for the address and each network above it, unless one of them is over its
-- budget (then nothing is counted, as a refused sign-up spends nothing). Returns 0 when the
-- answer may be given, else the seconds until the over-budget one may ask again.
create function tedxcommunity_budget.spend(address inet, per_minute integer)
returns integer
  language plpgsql
  set search_path = ''
as $$
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

revoke all on function tedxcommunity_budget.per_minute() from public;
revoke all on function tedxcommunity_budget.counters(cidr) from public;
revoke all on function tedxcommunity_budget.spend(inet, integer) from public;

-- Before the sign-up budget's trigger (20261127110000), and after the normaliser: triggers of
-- one kind fire in the order of their names, `…_normalise`, `…_on_list_answers`,
-- `…_signup_budget`. A sign-up whose address is on the list spends the answers' budget here; the
-- sign-up budget's count then rolls back with the refused insert, as before.
create function public.tedxcommunity_on_list_answers()
returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  -- SIGNUP_RATE_LIMIT on the own server, which sets it for the transaction; elsewhere the default
  -- above (hosted Supabase cannot store the setting: only a superuser may set a custom one for a
  -- database).
  per_minute integer := coalesce(
    nullif(pg_catalog.current_setting('app.signup_rate_limit', true), '')::integer,
    tedxcommunity_budget.per_minute());
  wait integer;
begin
  -- The same requests as the sign-up budget: the API's, as anon or authenticated.
  if pg_catalog.current_setting('role', true) not in ('anon', 'authenticated')
      or coalesce(pg_catalog.current_setting('request.headers', true), '') = '' then
    return new;
  end if;
  -- The sign-up budget's trigger reads this setting, and so the default, next.
  perform pg_catalog.set_config('app.signup_rate_limit', per_minute::text, true);
  if per_minute <= 0
      or not exists (select 1 from public.tedxcommunity_emails e where pg_catalog.lower(e.email) = new.email) then
    return new;
  end if;
  -- The unique index refuses this row next; the counters keep the answer through the rollback.
  wait := tedxcommunity_budget.spend(
    coalesce(public.tedxcommunity_client_address(), '0.0.0.0'::inet), per_minute);
  if wait > 0 then
    -- As the sign-up budget refuses: PostgREST's own shape, status 429 and Retry-After.
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
  return new;
end
$$;

revoke all on function public.tedxcommunity_on_list_answers() from public, anon, authenticated;

create trigger tedxcommunity_emails_on_list_answers
  before insert on public.tedxcommunity_emails
  for each row execute function public.tedxcommunity_on_list_answers();

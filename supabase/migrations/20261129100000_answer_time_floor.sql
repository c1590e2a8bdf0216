-- The time of an answer no longer tells whether an address is on the list (decision 0025). An
-- ask about an address on the list whose client has spent its answers costs a count and a delete
-- that a new address does not: through the own server on PGlite, 7.7 ms against 6.2 ms (medians
-- of 220 each), and one request told them apart about four times in five.
--
-- Now every anonymous sign-up answered as new waits in the answer's trigger until
-- `app.answer_floor_ms` (else tedxcommunity_budget.answer_floor_ms(), 25) has passed since its
-- statement began, on the list or not. The refusals wait for nothing: over the budget (refused
-- before this trigger, as before) and "already on the list" (the spec's answer, which says it).
-- The own server sets the setting to 0 and waits in Node instead, holding no connection:
-- PGlite's pg_sleep would stop the whole server. On hosted Supabase the wait holds a
-- connection: at a campus's few sign-ups a second, a tenth of one.
--
-- The work itself is made equal too, since the floor holds only the answer: on the own server
-- PGlite runs on Node's one thread, so a spent ask's count and delete held up every other
-- request for about 2 ms, and an OPTIONS request sent alongside (no key, no limit) told them
-- apart three times in four. A new address now reads and holds the same counters and looks its
-- row up for a delete.
--
-- To change the floor on hosted Supabase, as for the budget (docs/deploying.md), run:
--   create or replace function tedxcommunity_budget.answer_floor_ms() returns integer
--     language sql stable set search_path = '' as $f$select 25$f$;
create function tedxcommunity_budget.answer_floor_ms()
returns integer
  language sql
  stable
  set search_path = ''
as $$select 25$$;

revoke all on function tedxcommunity_budget.answer_floor_ms() from public;

create or replace function public.tedxcommunity_on_list_answers()
returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
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

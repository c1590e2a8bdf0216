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

-- The hosted default (tedxcommunity_budget.per_minute()) goes into app.signup_rate_limit, for
-- the sign-up budget's trigger, which reads only that setting, and for the answer's: it was put
-- there by the answer's BEFORE trigger, which is gone. `…_per_minute` fires after the normaliser
-- and before `…_signup_budget` (triggers of one kind fire in the order of their names).
create function public.tedxcommunity_per_minute()
returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
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

revoke all on function public.tedxcommunity_per_minute() from public, anon, authenticated;

create trigger tedxcommunity_emails_per_minute
  before insert on public.tedxcommunity_emails
  for each row execute function public.tedxcommunity_per_minute();

drop trigger tedxcommunity_emails_on_list_answers on public.tedxcommunity_emails;

create or replace function public.tedxcommunity_on_list_answers()
returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  per_minute integer := nullif(pg_catalog.current_setting('app.signup_rate_limit', true), '')::integer;
begin
  -- The same requests as the sign-up budget: the API's, as anon or authenticated. The row is in
  -- the table now, so the lookup leaves it out; the unique index answers it.
  if pg_catalog.current_setting('role', true) not in ('anon', 'authenticated')
      or coalesce(pg_catalog.current_setting('request.headers', true), '') = ''
      or coalesce(per_minute, 0) <= 0
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

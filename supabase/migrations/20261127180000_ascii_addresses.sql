-- Issue 38: an address every RFC 5321 relay takes, and one fold (decision 0020). Runs unchanged on
-- hosted Supabase, PGlite and plain PostgreSQL. src/lib/normalise-signup.ts (isRelayableEmail,
-- normaliseEmail) is the same rule for the form and the organisers' list check; change both.

-- Before anything folds: an address with a character outside ASCII is refused as typed. lower()
-- follows the database's locale, and in a UTF-8 one it turns some of them into ASCII (İ into i,
-- the Kelvin sign into k), so `İ@example.org` was stored as `i@example.org`, another mailbox,
-- and the form and the database folded the same address differently. With only ASCII let
-- through, the normaliser's lower() folds A-Z and nothing else, on every backend, as the form
-- does. Triggers of one kind fire in the order of their names: `…_ascii` fires before
-- `…_normalise`. A refusal is 23514, as a check's: 400 from PostgREST and the own server, the
-- failure page from the form's function.
create function public.tedxcommunity_emails_ascii() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if new.email ~ '[^\u0001-\u007f]' then
    raise exception 'new row for relation "tedxcommunity_emails" violates check constraint "tedxcommunity_emails_email_ascii"'
      using errcode = 'check_violation',
        constraint = 'tedxcommunity_emails_email_ascii',
        detail = 'An address relays take is ASCII; a Unicode domain goes in its A-labels (xn--).';
  end if;
  return new;
end
$$;

revoke all on function public.tedxcommunity_emails_ascii() from public, anon, authenticated;

create trigger tedxcommunity_emails_ascii
  before insert or update of email on public.tedxcommunity_emails
  for each row execute function public.tedxcommunity_emails_ascii();

-- The address itself, as stored (trimmed and lower-cased): a dot-atom of RFC 5322's atext (no
-- quoted local part), then a domain of LDH labels of 1 to 63 characters, at least two, the last
-- not all digits. So no `a@localhost`, `a@1.2.3.4`, `a@b_c.org`, `a@-bad-.org` or 64-character
-- label; an IDN only in its A-labels. The lengths (64 and 254 octets) 20261127100000 holds.
-- NOT VALID: enforced on every insert and update from now on; rows stored before stay, and the
-- dry run's list check names each with the command that removes it.
alter table public.tedxcommunity_emails
  add constraint tedxcommunity_emails_email_ascii check (
    email ~ '^[a-z0-9!#$%&''*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&''*+/=?^_`{|}~-]+)*@([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'
    and email !~ '\.[0-9]+$'
  ) not valid;

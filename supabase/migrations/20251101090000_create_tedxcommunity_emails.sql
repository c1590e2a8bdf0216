-- Sign-ups for the launch notification. Runs unchanged on hosted Supabase (`supabase db push`),
-- on the embedded PGlite and on any PostgreSQL (after server/db/bootstrap.sql on those two).

create table public.tedxcommunity_emails (
  id bigint generated always as identity primary key,
  -- varchar(n) rather than text + length check: an over-long value then fails with 22001
  -- (string_data_right_truncation), the code the REST contract promises for "too long".
  email varchar(254) not null,
  first_name varchar(100) null,
  created_at timestamptz not null default now(),
  -- The page trims and lower-cases before sending; the trigger below does it for any other
  -- client, and these checks hold the stored data to it whatever happens to the trigger.
  constraint tedxcommunity_emails_email_normalised check (email = lower(btrim(email))),
  -- One @ with text on both sides, and none of RFC 5322's specials that only a quoted address
  -- may hold: real sign-ups pass, stringified JSON ({"a":"b@c.d"}) and lists do not.
  constraint tedxcommunity_emails_email_shape check (
    email ~ '^[^]@[:space:]"(),:;<>[\\]+@[^]@[:space:]"(),:;<>[\\]+$'
  ),
  constraint tedxcommunity_emails_first_name_shape check (
    first_name is null or (first_name = btrim(first_name) and char_length(first_name) >= 1)
  )
);

comment on table public.tedxcommunity_emails is
  'Launch-notification sign-ups. Anonymous visitors may insert; nobody but service_role reads.';

-- Normalise as the page does (SPEC 3): email trimmed and lower-cased, first name trimmed and
-- null when empty. So `A@B.co ` from any client is a duplicate of `a@b.co` (23505), not a
-- check violation. Runs before the checks and the unique index; invoker needs no privilege.
create function public.tedxcommunity_emails_normalise() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  new.email := lower(btrim(new.email, E' \t\r\n'));
  new.first_name := nullif(btrim(new.first_name, E' \t\r\n'), '');
  return new;
end
$$;

revoke all on function public.tedxcommunity_emails_normalise() from public, anon, authenticated;

create trigger tedxcommunity_emails_normalise
  before insert or update on public.tedxcommunity_emails
  for each row execute function public.tedxcommunity_emails_normalise();

-- One sign-up per address whatever its case.
create unique index tedxcommunity_emails_email_key on public.tedxcommunity_emails (lower(email));

-- Oldest first is how the organisers export the list.
create index tedxcommunity_emails_created_at_idx on public.tedxcommunity_emails (created_at, id);

-- Hosted Supabase no longer grants new tables to the API roles by default: say exactly who may
-- do what. anon may insert the two visitor columns and nothing else; no select, so the list
-- never leaks (not even through `Prefer: return=representation`).
revoke all on table public.tedxcommunity_emails from anon, authenticated;
grant usage on schema public to anon, authenticated, service_role;
grant insert (email, first_name) on table public.tedxcommunity_emails to anon;
grant select, insert, update, delete on table public.tedxcommunity_emails to service_role;

alter table public.tedxcommunity_emails enable row level security;

create policy "Visitors can sign up" on public.tedxcommunity_emails
  for insert to anon
  with check (true);

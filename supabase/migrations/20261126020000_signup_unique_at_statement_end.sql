-- No answer tells who is on the list (issue 27). An anonymous two-row insert used to answer by
-- what the list held: [{"email":X},{"email":X}] failed on its first row with 409 23505 when X was
-- on the list (the unique index answers as each row goes in), and on its second row with 400
-- P0001 "one sign-up per request" when X was not. Storing nothing either way, it told a stranger
-- whether X had signed up, on hosted Supabase as on the own server.
--
-- The uniqueness is now checked at the end of the statement (a DEFERRABLE INITIALLY IMMEDIATE
-- constraint), after every row's BEFORE trigger has run. So the one-sign-up-per-request rule
-- (20261123130000, in the normalising trigger) always answers a multi-row anonymous insert
-- first: 400 P0001, the same status and body whatever the list holds. A single-row duplicate
-- still ends in 409 23505 from the same constraint name, now at the end of its one-row
-- statement, which changes nothing for the caller (the spec's "already subscribed").
--
-- unique (email) is the old unique index on lower(email): the check
-- tedxcommunity_emails_email_normalised holds every stored email to lower(btrim(email)).
-- A deferrable constraint costs nothing more on an insert that does not collide; on one that
-- does, Postgres rechecks that one row at the end of the statement.
-- Consequence: ON CONFLICT cannot use a deferrable constraint as its arbiter. Nothing here does
-- (the REST insert's upsert is on id), and anon has no UPDATE grant to upsert with anyway.

drop index public.tedxcommunity_emails_email_key;

alter table public.tedxcommunity_emails
  add constraint tedxcommunity_emails_email_key unique (email) deferrable initially immediate;

-- `subscribers remove` / `forget` look the address up by the unique key again. Migration
-- 20261126020000 replaced the unique index on lower(email) with a unique constraint on email
-- itself (the check tedxcommunity_emails_email_normalised keeps every stored address trimmed and
-- lower-case, so the two are the same rule); tedxcommunity_remove still compared lower(e.email),
-- which no index answers any more: a scan of the whole list per call. Same behaviour, by the key.
create or replace function public.tedxcommunity_remove(p_email text)
  returns boolean
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  normal text := pg_catalog.lower(pg_catalog.btrim(p_email, E' \t\r\n'));
begin
  delete from public.tedxcommunity_deliveries d
    where d.email_hash = public.tedxcommunity_email_hash(normal);
  delete from public.tedxcommunity_emails e where e.email = normal;
  return found;
end
$$;

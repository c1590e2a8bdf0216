-- The address hash that keys the delivery records, written once. Earlier migrations spell out
-- pg_catalog.sha256(pg_catalog.convert_to(email, 'UTF8')) wherever they need it; every function
-- defined from here on calls this one instead. A one-line immutable SQL function is inlined by the
-- planner, so an index or hash lookup on tedxcommunity_deliveries.email_hash is planned as before.
-- It has no `set search_path` on purpose: PostgreSQL never inlines a function with a SET clause,
-- and its body names everything in full (pg_catalog.*), so no search_path can change what it calls.
create function public.tedxcommunity_email_hash(p_email text)
  returns bytea
  language sql immutable strict parallel safe
as $$
  select pg_catalog.sha256(pg_catalog.convert_to(p_email, 'UTF8'))
$$;

revoke all on function public.tedxcommunity_email_hash(text) from public, anon, authenticated;
grant execute on function public.tedxcommunity_email_hash(text) to service_role;

-- The privacy page promises to delete the whole list within RETENTION_MONTHS after the event day
-- (src/content/privacy.ts). `npm run subscribers -- erase` keeps that promise with this one call,
-- the same on hosted Supabase, PGlite and PostgreSQL, for the service role only: every sign-up
-- (address, first name, source, unsubscribe token), every delivery record (the addresses'
-- fingerprints and the servers' answers) and the suppression list (bounced addresses), in one
-- transaction. What stays holds no address: the random tokens of people who unsubscribed (so
-- their old link still answers "you are unsubscribed") and the campaigns' lease rows.
--
-- It does nothing while a campaign is being sent (a live lease), and says by whom: the run would
-- otherwise go on recording deliveries. The lease table is locked first, so no run can take a
-- lease between that check and the deletes.
create function public.tedxcommunity_erase_all()
  returns json
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  busy record;
  signups bigint;
  deliveries bigint;
  suppressed bigint;
begin
  lock table public.tedxcommunity_announce_leases in share row exclusive mode;
  select l.campaign, l.holder, l.started_at into busy
    from public.tedxcommunity_announce_leases l
    where l.expires_at > pg_catalog.now()
    order by l.started_at
    limit 1;
  if found then
    return pg_catalog.json_build_object(
      'erased', false, 'campaign', busy.campaign, 'holder', busy.holder,
      'started_at', busy.started_at);
  end if;
  -- `where true`: hosted Supabase's pg-safeupdate refuses a DELETE without a WHERE clause.
  delete from public.tedxcommunity_deliveries where true;
  get diagnostics deliveries = row_count;
  delete from public.tedxcommunity_emails where true;
  get diagnostics signups = row_count;
  delete from public.tedxcommunity_suppressed where true;
  get diagnostics suppressed = row_count;
  return pg_catalog.json_build_object(
    'erased', true, 'signups', signups, 'deliveries', deliveries, 'suppressed', suppressed);
end
$$;

-- PostgreSQL lets PUBLIC execute new functions and hosted Supabase grants them to anon and
-- authenticated by default: take that back; only the organisers' key may erase.
revoke all on function public.tedxcommunity_erase_all() from public, anon, authenticated;
grant execute on function public.tedxcommunity_erase_all() to service_role;

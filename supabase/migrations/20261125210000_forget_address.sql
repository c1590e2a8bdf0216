-- `npm run subscribers -- forget EMAIL`, for someone who asks to be forgotten.
-- tedxcommunity_remove (20261122100000, `subscribers remove`) takes a person off the list with
-- their delivery records but keeps a bounced address on the suppression list, so that leaving
-- and signing up again never mails a dead address twice. A request to be forgotten is stronger:
-- this function deletes all three and says what it found, so the command can say it too.
create function public.tedxcommunity_forget(p_email text)
  returns json
  language plpgsql volatile security definer
  set search_path = ''
as $$
declare
  on_list boolean;
  suppressed boolean;
begin
  -- What `remove` deletes (the sign-up and its delivery records), by its own definition.
  on_list := public.tedxcommunity_remove(p_email);
  delete from public.tedxcommunity_suppressed s
    where s.email = pg_catalog.lower(pg_catalog.btrim(p_email, E' \t\r\n'));
  suppressed := found;
  return pg_catalog.json_build_object('on_list', on_list, 'suppressed', suppressed);
end
$$;

-- PostgreSQL lets PUBLIC execute new functions and hosted Supabase grants them to anon and
-- authenticated by default: take that back; only the organisers' key may remove.
revoke all on function public.tedxcommunity_forget(text) from public, anon, authenticated;
grant execute on function public.tedxcommunity_forget(text) to service_role;

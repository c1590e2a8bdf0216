-- Issue 45 (decision 0022): a late report acts only on a message the project sent that person in
-- that campaign in the last 60 days (by its delivery record), and `subscribers suppressed` says
-- who signed up again after their complaint. A sign-up never lifts a suppression; `unsuppress`
-- does.

-- As in 20261127190000, and 'too old' (neither acted on nor remembered) when no delivery of the
-- campaign to that person was recorded in the last 60 days.
create or replace function public.tedxcommunity_late_reports_record(p_reports jsonb)
  returns table (report text, outcome text)
  language plpgsql volatile security definer
  set search_path = ''
as $$
#variable_conflict use_column
declare
  r record;
  person record;
  rid bytea;
  done boolean;
begin
  for r in
    select * from pg_catalog.jsonb_to_recordset(p_reports)
      as x(report text, campaign text, person bigint, kind text, email text, detail text)
  loop
    report := r.report;
    rid := pg_catalog.decode(r.report, 'hex');
    select e.email::text as email, e.unsubscribe_token into person
      from public.tedxcommunity_emails e where e.id = r.person;
    outcome := case
      when exists (select 1 from public.tedxcommunity_late_reports l where l.report_id = rid)
        then 'handled before'
      when person.email is null then 'not on the list'
      when not exists (
          select 1 from public.tedxcommunity_deliveries d
          where d.campaign = r.campaign
            and d.email_hash = public.tedxcommunity_email_hash(person.email)
            and d.updated_at > pg_catalog.now() - interval '60 days')
        then 'too old'
      when r.kind = 'hard'
          and pg_catalog.lower(pg_catalog.btrim(coalesce(r.email, ''))) <> person.email
        then 'address differs'
    end;
    if outcome is not null then
      return next;
      continue;
    end if;
    done := false;
    if r.kind = 'hard' then
      insert into public.tedxcommunity_suppressed (email, reason, cause)
        values (person.email, coalesce(r.detail, 'late bounce'), 'late bounce')
        on conflict do nothing;
      done := found;
      outcome := case when done then 'suppressed' else 'already suppressed' end;
    elsif r.kind = 'complaint' then
      -- As the unsubscribe link does (a later sign-up of the same address included).
      perform public.tedxcommunity_unsubscribe_link(person.unsubscribe_token::text);
      insert into public.tedxcommunity_suppressed (email, reason, cause)
        values (person.email, coalesce(r.detail, 'complaint'), 'complaint')
        on conflict do nothing;
      done := true;
      outcome := 'unsubscribed';
    else
      outcome := 'counted';
    end if;
    insert into public.tedxcommunity_late_reports (report_id, campaign, email_hash, kind, acted)
      values (rid, r.campaign, public.tedxcommunity_email_hash(person.email), r.kind, done)
      on conflict do nothing;
    return next;
  end loop;
end
$$;

-- `subscribers suppressed` and `report`: as before, and when the address signed up again after
-- its complaint (null otherwise).
drop function public.tedxcommunity_suppressed_list();
create function public.tedxcommunity_suppressed_list()
  returns table (email text, cause text, reason text, created_at timestamptz,
                 signed_up_again timestamptz)
  language sql stable security definer
  set search_path = ''
as $$
  select s.email, s.cause, s.reason, s.created_at,
    (select pg_catalog.max(e.created_at) from public.tedxcommunity_emails e
     where s.cause = 'complaint' and e.email = s.email and e.created_at > s.created_at)
  from public.tedxcommunity_suppressed s
  order by s.created_at, s.email
$$;
revoke all on function public.tedxcommunity_suppressed_list() from public, anon, authenticated;
grant execute on function public.tedxcommunity_suppressed_list() to service_role;

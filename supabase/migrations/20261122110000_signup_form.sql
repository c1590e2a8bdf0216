-- The sign-up form without JavaScript (ARCHITECTURE.md, "Sign-up without JavaScript"). The
-- prerendered form posts `email`, `first_name` and the honeypot `website` as a form body to
-- POST /rest/v1/rpc/signup_form?apikey=<anon key>, on hosted Supabase (PostgREST) and on the
-- project's own server alike. The function inserts as its caller (anon), so the table's grants,
-- row-level security, normalising trigger and checks decide exactly as for the REST insert, then
-- answers 303 See Other to the page for the outcome. No value the visitor sent ever goes into
-- the Location: it is one of three fixed paths.

create function public.signup_form(
  email text,
  first_name text default null,
  website text default null
) returns void
  language plpgsql
  security invoker
  set search_path = ''
as $$
declare
  outcome_path text;
  site_origin text;
  headers json;
  origin_pattern constant text := '^https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?$';
begin
  if coalesce(signup_form.website, '') <> '' then
    -- The honeypot is filled: a bot. Pretend it worked and store nothing.
    outcome_path := '/signup/subscribed';
  else
    begin
      insert into public.tedxcommunity_emails (email, first_name)
      values (signup_form.email, signup_form.first_name);
      outcome_path := '/signup/subscribed';
    exception
      when unique_violation then
        outcome_path := '/signup/already-subscribed';
      when others then
        outcome_path := '/signup/failed';
    end;
  end if;

  -- Where to send the browser back to. On hosted Supabase this function runs on another origin
  -- than the site, so the Location must be absolute: the organisers' `app.site_url` setting if
  -- they set one, else the Origin the browser sent with the form (the page's own origin), else
  -- the origin of its Referer. Only a bare scheme://host[:port] is accepted. A forged Origin
  -- can only redirect the client that forged it, so it opens no redirect for anyone else. With
  -- none of them (the project's own server, a browser sending neither), the path alone, which
  -- resolves against the origin the form posted to.
  site_origin := rtrim(coalesce(current_setting('app.site_url', true), ''), '/');
  if site_origin !~ origin_pattern then
    headers := nullif(current_setting('request.headers', true), '')::json;
    site_origin := headers ->> 'origin';
    if site_origin is null or site_origin !~ origin_pattern then
      site_origin := substring(headers ->> 'referer' from '^(https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?)(/|$)');
    end if;
    if site_origin is null or site_origin !~ origin_pattern then
      site_origin := '';
    end if;
  end if;

  perform set_config('response.status', '303', true);
  perform set_config(
    'response.headers',
    json_build_array(
      json_build_object('Location', site_origin || outcome_path || '#email-signup'),
      json_build_object('Cache-Control', 'no-store')
    )::text,
    true
  );
end
$$;

comment on function public.signup_form(text, text, text) is
  'The sign-up form''s no-JavaScript path: inserts as the caller, answers 303 to the outcome page.';

revoke all on function public.signup_form(text, text, text) from public;
grant execute on function public.signup_form(text, text, text) to anon, authenticated, service_role;

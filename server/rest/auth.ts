// API keys as the Supabase gateway checks them: `apikey` header (or url param) must be one of
// the project's keys; the role comes from the bearer token when there is one.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ApiRole } from '../../platform/db/types.ts';
import { pgrst, RestError } from './errors.ts';

export type Keys = Record<'anonKey' | 'serviceRoleKey', string>;

const digest = (value: string) => createHash('sha256').update(value).digest();

export function createKeyChecker(keys: Keys) {
  const anon = digest(keys.anonKey);
  const service = digest(keys.serviceRoleKey);
  // Compare digests in constant time: no timing oracle on the service-role key.
  const roleOf = (key: string): ApiRole | null => {
    const d = digest(key);
    if (timingSafeEqual(d, service)) return 'service_role';
    if (timingSafeEqual(d, anon)) return 'anon';
    return null;
  };

  return function authenticate(apikey: string | undefined, authorization: string | undefined) {
    if (!apikey) {
      throw new RestError(401, {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    }
    const keyRole = roleOf(apikey);
    if (!keyRole) {
      throw new RestError(401, {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
    }
    const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!bearer || bearer === apikey) return keyRole;
    const tokenRole = roleOf(bearer);
    if (!tokenRole) {
      throw pgrst(
        401,
        'PGRST301',
        'No suitable key or wrong key type',
        {},
        {
          'WWW-Authenticate': 'Bearer error="invalid_token"',
        },
      );
    }
    return tokenRole;
  };
}

// Headers on every answer, from this server and (through dist/_headers) from a static host.
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** One policy allowing what any of the given policies allows, directive by directive. */
export function unionCsp(policies: string[]): string {
  const directives = new Map<string, Set<string>>();
  for (const policy of policies) {
    for (const part of policy.split(';')) {
      const [name, ...sources] = part.trim().split(/\s+/);
      if (!name) continue;
      const set = directives.get(name.toLowerCase()) ?? new Set<string>();
      for (const source of sources) set.add(source);
      directives.set(name.toLowerCase(), set);
    }
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

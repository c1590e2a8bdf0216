// Hundreds of malformed requests: each answered 4xx, nothing stored, the server still serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/types.ts';
import { testDatabases } from '../../test-support/databases.ts';
import { ANON, clientHeaders, ENDPOINT, storedEmails, testApp } from '../../test-support/app.ts';

interface Probe {
  label: string;
  body: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  query?: string;
  method?: string;
}

function probes(): Probe[] {
  const list: Probe[] = [];
  const valid = JSON.stringify({ email: 'valid@example.org', first_name: 'Val' });
  // Every truncation of a valid body is invalid JSON.
  for (let i = 0; i < valid.length - 1; i++)
    list.push({ label: `truncated at ${i}`, body: valid.slice(0, i) });
  const validArray = `[${valid}]`;
  for (let i = 1; i < validArray.length - 1; i++)
    list.push({ label: `truncated array at ${i}`, body: validArray.slice(0, i) });
  // Seeded random bytes behind a character no JSON text starts with.
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 50; i++) {
    const bytes = Uint8Array.from({ length: 1 + Math.floor(random() * 200) }, () =>
      Math.floor(random() * 256),
    );
    bytes[0] = 0x7e; // '~'
    list.push({ label: `random bytes ${i}`, body: bytes });
  }
  for (const junk of [
    '}',
    ']',
    '{]',
    '[}',
    '{"email"}',
    '{"email":}',
    '{,}',
    'nul',
    'tru',
    '{"a":1,}',
    '\u0000',
    '\ufeff{}x',
    '{"email":"a@b.co"}{}',
    '<xml/>',
    'email=a@b.co',
  ])
    list.push({ label: `junk ${JSON.stringify(junk)}`, body: junk });
  list.push({ label: 'invalid utf-8', body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]) });
  // Valid JSON around bytes that are no UTF-8: refused (22021), not stored as U+FFFD.
  const [head, tail] = ['{"email":"u8@example.org","first_name":"A', 'B"}'].map((text) =>
    new TextEncoder().encode(text),
  );
  for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80]])
    list.push({
      label: `name with ${bad.join(' ')}`,
      body: new Uint8Array([...head, ...bad, ...tail]),
    });

  const wrongValues: unknown[] = [
    42,
    -1,
    0,
    1.5,
    1e308,
    true,
    false,
    {},
    [],
    ['a@b.co'],
    { email: 'a@b.co' },
    { a: 'b@c.d' },
    'no-at',
    '@nodomain',
    'nolocal@',
    'two@@at.org',
    'a@b@c.org',
    'sp ace@x.org',
    'tab\t@x.org',
    'new\nline@x.org',
    '"quoted"@x.org',
    'a@[127.0.0.1]',
    '<a@b.co>',
    'a,b@x.org',
    'a;b@x.org',
    '',
    ' ',
    'x'.repeat(300),
    'a'.repeat(250) + '@example.org',
  ];
  for (const email of wrongValues) {
    list.push({
      label: `email ${JSON.stringify(email).slice(0, 40)}`,
      body: JSON.stringify({ email }),
    });
    list.push({
      label: `array email ${JSON.stringify(email).slice(0, 40)}`,
      body: JSON.stringify([{ email, first_name: null }]),
      query: '?columns=%22email%22,%22first_name%22',
    });
  }
  for (const first_name of [42, true, {}, [], ['x'], { x: 1 }, 'n'.repeat(101)]) {
    list.push({
      label: `first_name ${JSON.stringify(first_name).slice(0, 30)}`,
      body: JSON.stringify({ email: 'ok@example.org', first_name }),
    });
  }
  // Nesting as deep as the body limit allows, in every position.
  const deepArray = '['.repeat(3000) + ']'.repeat(3000);
  const deepObject = '{"a":'.repeat(1300) + '1' + '}'.repeat(1300);
  list.push({ label: 'deep array body', body: deepArray });
  list.push({ label: 'deep object body', body: deepObject });
  list.push({ label: 'deep array email', body: `{"email":${deepArray}}` });
  list.push({ label: 'deep object email', body: `{"email":${deepObject}}` });
  list.push({
    label: 'deep array first_name',
    body: `{"email":"deep@example.org","first_name":${deepArray}}`,
  });
  // Huge bodies.
  for (const size of [8 * 1024 + 1, 64 * 1024, 1024 * 1024]) {
    list.push({
      label: `huge ${size}`,
      body: JSON.stringify({ email: 'big@example.org', first_name: 'x'.repeat(size) }),
    });
    list.push({
      label: `huge array ${size}`,
      body: JSON.stringify(
        Array.from({ length: Math.ceil(size / 16) }, (_, i) => ({ email: `u${i}@example.org` })),
      ),
    });
  }
  // Extra and forbidden columns.
  for (const extra of [
    'admin',
    'role',
    'Email',
    'email ',
    'email,first_name',
    '"email"',
    'id',
    'created_at',
    '__proto__',
    'constructor',
  ]) {
    list.push({
      label: `column ${extra}`,
      body: `{"email":"extra@example.org",${JSON.stringify(extra)}:"2020-01-01"}`,
    });
  }
  list.push({ label: 'id as number', body: JSON.stringify({ email: 'id@example.org', id: 1 }) });
  list.push({
    label: 'bad columns param',
    body: JSON.stringify([{ email: 'c@example.org' }]),
    query: '?columns=email,password',
  });
  list.push({
    label: 'sql in columns param',
    body: JSON.stringify([{ email: 'c@example.org' }]),
    query: '?columns=email);drop%20table%20x;--',
  });
  // Arrays that are not lists of like objects.
  for (const body of [
    '[1,2]',
    '[null]',
    '["a@b.co"]',
    '[[{"email":"a@b.co"}]]',
    '[{"email":"a@b.co"},{"first_name":"x"}]',
    '[{"email":"a@b.co"},{"email":"b@b.co","first_name":"x"}]',
    '[{"email":"a@b.co"},{"email":"A@b.co"}]',
    '[{"email":"ok1@b.co"},{"email":"bad"}]',
    '[{}]',
  ]) {
    list.push({ label: `array ${body}`, body });
  }
  // Wrong keys, schemas, tables, methods, as anon.
  const good = JSON.stringify({ email: 'keys@example.org' });
  list.push({ label: 'no key', body: good, headers: { apikey: '', Authorization: '' } });
  list.push({
    label: 'wrong key',
    body: good,
    headers: { apikey: 'x'.repeat(40), Authorization: `Bearer ${'x'.repeat(40)}` },
  });
  list.push({ label: 'wrong bearer', body: good, headers: { Authorization: 'Bearer nope' } });
  list.push({ label: 'other schema', body: good, headers: { 'Content-Profile': 'auth' } });
  list.push({
    label: 'return representation',
    body: good,
    headers: { Prefer: 'return=representation' },
  });
  for (const method of ['GET', 'PATCH', 'PUT', 'DELETE'])
    list.push({ label: `${method} as anon`, body: good, method });
  for (const q of ['?select=*', '?email=eq.x', '?order=email;drop', '?limit=abc'])
    list.push({ label: `GET ${q}`, body: '', method: 'GET', query: q });
  return list;
}

describe.each(testDatabases())('malformed requests on $name', (database) => {
  let db: Db;
  beforeAll(async () => {
    db = await database.open();
  });
  afterAll(() => database.dispose(db));

  it('answers every one 4xx, stores nothing, and keeps serving', async () => {
    const app = testApp(db);
    const list = probes();
    expect(list.length).toBeGreaterThan(200);
    const failures: string[] = [];
    for (const probe of list) {
      const method = probe.method ?? 'POST';
      const res = await app.request(ENDPOINT + (probe.query ?? ''), {
        method,
        headers: clientHeaders(ANON, probe.headers),
        body: method === 'GET' ? undefined : probe.body,
      });
      const text = await res.text();
      if (res.status < 400 || res.status >= 500)
        failures.push(`${probe.label}: ${res.status} ${text.slice(0, 120)}`);
      else if (res.headers.get('content-type') !== 'application/json; charset=utf-8')
        failures.push(`${probe.label}: content-type`);
      else if (text.includes('keys@example.org') && method === 'GET')
        failures.push(`${probe.label}: leaked`);
    }
    expect(failures).toEqual([]);
    expect(await storedEmails(db)).toEqual([]);

    const ok = await app.request(ENDPOINT, {
      method: 'POST',
      headers: clientHeaders(),
      body: JSON.stringify({ email: 'after@example.org', first_name: null }),
    });
    expect(ok.status).toBe(201);
    expect((await app.request('http://localhost/healthz')).status).toBe(200);
    expect(await storedEmails(db)).toEqual(['after@example.org']);
  });
});

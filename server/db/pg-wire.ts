// The few PostgreSQL frontend messages the PGlite hot path sends in one batch (protocol v3).
// https://www.postgresql.org/docs/current/protocol-message-formats.html
const encoder = new TextEncoder();

function concat(parts: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

class Writer {
  private parts: Uint8Array[] = [];
  private size = 0;

  message(type: string, body: (w: BodyWriter) => void): this {
    const w = new BodyWriter();
    body(w);
    const payload = w.bytes();
    const header = new Uint8Array(5);
    header[0] = type.charCodeAt(0);
    new DataView(header.buffer).setInt32(1, payload.byteLength + 4);
    this.parts.push(header, payload);
    this.size += header.byteLength + payload.byteLength;
    return this;
  }

  bytes(): Uint8Array {
    return concat(this.parts, this.size);
  }
}

class BodyWriter {
  private parts: Uint8Array[] = [];
  private size = 0;
  private push(bytes: Uint8Array) {
    this.parts.push(bytes);
    this.size += bytes.byteLength;
  }
  cstring(value: string) {
    this.push(encoder.encode(value + '\0'));
  }
  int16(value: number) {
    const b = new Uint8Array(2);
    new DataView(b.buffer).setInt16(0, value);
    this.push(b);
  }
  int32(value: number) {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, value);
    this.push(b);
  }
  raw(bytes: Uint8Array) {
    this.push(bytes);
  }
  bytes(): Uint8Array {
    return concat(this.parts, this.size);
  }
}

/** A simple-protocol query (no parameters). */
export const query = (w: Writer, sql: string) => w.message('Q', (b) => b.cstring(sql));

/** Parse a named statement whose parameters are all text (type left to the server). */
export const parse = (w: Writer, name: string, sql: string) =>
  w.message('P', (b) => {
    b.cstring(name);
    b.cstring(sql);
    b.int16(0);
  });

/** Bind text parameters (null → SQL NULL) to the unnamed portal. */
export const bind = (w: Writer, statement: string, params: (string | null)[]) =>
  w.message('B', (b) => {
    b.cstring('');
    b.cstring(statement);
    b.int16(0); // all parameters in text format
    b.int16(params.length);
    for (const param of params) {
      if (param === null) b.int32(-1);
      else {
        const bytes = encoder.encode(param);
        b.int32(bytes.byteLength);
        b.raw(bytes);
      }
    }
    b.int16(0); // results in text format
  });

export const execute = (w: Writer) =>
  w.message('E', (b) => {
    b.cstring('');
    b.int32(0);
  });

export const sync = (w: Writer) => w.message('S', () => {});

export const writer = () => new Writer();

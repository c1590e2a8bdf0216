// The mail servers' URLs (SMTP_URL, IMAP_URL), read one way: where the server is, whether TLS
// starts with the first byte, and the login.

/** This machine: 127.0.0.0/8, ::1 or localhost; an IPv6 address with or without the brackets
 * a URL's hostname keeps around it. The one place a login may cross without TLS. */
export const isLoopback = (hostname: string) =>
  /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i.test(hostname);

/** `ports` are the defaults with TLS from the first byte and without (SMTP: 465 and 587). */
export function mailServer(url: URL, ports: { secure: number; plain: number }) {
  // TLS from the first byte (smtps:, imaps:); else the connection upgrades with STARTTLS.
  const secure = url.protocol === 'smtps:' || url.protocol === 'imaps:';
  return {
    /** As a socket takes it: an IPv6 address without its brackets. */
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : secure ? ports.secure : ports.plain,
    secure,
    user: decodeURIComponent(url.username),
    pass: decodeURIComponent(url.password),
  };
}

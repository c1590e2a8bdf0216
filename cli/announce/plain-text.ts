// The plain-text part. Markdown was made to be read as plain text; only what reads badly goes:
// emphasis markers, heading hashes, hard-break marks (a trailing backslash or two spaces), and
// links (shown as "label: address", which phones make tappable).
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/\r\n/g, '\n')
    .replace(/!?\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (_, label: string, href: string) =>
      label && label !== href ? `${label}: ${href}` : href,
    )
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[\s(])[*_]([^*_\n]+)[*_](?=[\s).,!?:;]|$)/gm, '$1$2')
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/(\\| {2,})$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

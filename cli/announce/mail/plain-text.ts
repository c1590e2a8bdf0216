// The plain-text part. Markdown was made to be read as plain text; only what reads badly goes:
// emphasis markers, heading hashes, links (shown as "label: address", which phones make
// tappable), and the source's own line wrapping: a paragraph is one line, which the mail program
// wraps to the screen, and only a hard break (a trailing backslash or two spaces) breaks it.
export function markdownToText(markdown: string): string {
  return (
    markdown
      .replace(/\r\n/g, '\n')
      .replace(/!?\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (_, label: string, href: string) =>
        label && label !== href ? `${label}: ${href}` : href,
      )
      .replace(/(\*\*|__)(.+?)\1/g, '$2')
      .replace(/(^|[\s(])[*_]([^*_\n]+)[*_](?=[\s).,!?:;]|$)/gm, '$1$2')
      .replace(/^#{1,6}\s+/gm, '')
      // A soft break inside a paragraph (not before a list item) is a space.
      .replace(/([^\n\\ ]|[^\n ] )\n(?![\n\s]|[-*+] |\d+\. )/g, '$1 ')
      .replace(/(\\| {2,})$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

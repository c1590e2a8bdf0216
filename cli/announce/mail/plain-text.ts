// The plain-text part, from the tokens marked makes of the Markdown (the same parse as the HTML
// part). Markdown was made to be read as plain text; only what reads badly goes: emphasis
// markers, heading hashes, links (shown as "label: address", which phones make tappable), and the
// source's own line wrapping: a paragraph is one line, which the mail program wraps to the
// screen, and only a hard break (a trailing backslash or two spaces) breaks it.
import { Lexer, type Token, type Tokens } from 'marked';

function inline(tokens: Token[] = []): string {
  return tokens.map(inlineToken).join('');
}

function inlineToken(token: Token): string {
  switch (token.type) {
    case 'link':
    case 'image': {
      const label = token.type === 'image' ? token.text : inline(token.tokens);
      return label && label !== token.href ? `${label}: ${token.href}` : token.href;
    }
    case 'strong':
    case 'em':
    case 'del':
      return inline(token.tokens);
    case 'br':
      return '\n';
    case 'text':
      // A soft break in the source is a space: the mail program wraps the line.
      return token.tokens ? inline(token.tokens) : token.text.replace(/ *\n */g, ' ');
    case 'escape':
      return token.text;
    default:
      // Code spans and inline HTML read as they were written.
      return token.raw;
  }
}

function block(token: Token): string {
  switch (token.type) {
    case 'space':
      return '';
    case 'paragraph':
    case 'heading':
    case 'text':
      return token.tokens ? inline(token.tokens) : token.text;
    case 'list': {
      const list = token as Tokens.List;
      return list.items
        .map((item, i) => {
          const marker = list.ordered ? `${Number(list.start || 1) + i}.` : '-';
          // A list inside an item stays under it, indented.
          const inner = item.tokens.map(block).filter(Boolean).join('\n');
          return `${marker} ${inner.replace(/\n/g, '\n  ')}`;
        })
        .join('\n');
    }
    case 'blockquote':
      return blocks(token.tokens ?? []).replace(/^/gm, '> ');
    default:
      // A rule, a code block, a table, HTML: as written.
      return token.raw.trim();
  }
}

/** Blocks apart as in the source: a blank line stays one, a list right under a line stays there. */
function blocks(tokens: Token[]): string {
  let text = '';
  let between = '';
  for (const token of tokens) {
    const part = block(token);
    if (part) {
      text += (text && (/\n\s*\n/.test(between) ? '\n\n' : '\n')) + part;
      between = '';
    }
    between += token.raw;
  }
  return text;
}

export function markdownToText(markdown: string): string {
  return blocks(Lexer.lex(markdown.replace(/\r\n/g, '\n'))).trim();
}

// The launch mail greets people by the first name they gave, but only when it looks like a name:
// anyone can type anything into the form, and "Visit evil.example now" must not go out in the
// organisers' mail under their domain. Letters of any script (with their combining marks),
// spaces, hyphens and apostrophes, at most 40 characters; otherwise the fallback greeting.

const NAME_MAX_LENGTH = 40;

// Starts with a letter; then letters, marks, spaces, hyphens, straight or curly apostrophes.
const NAME = /^\p{L}[\p{L}\p{M} '’-]*$/u;

/** The first name as the greeting may use it, or null for the fallback. */
export function usableFirstName(raw: string | null | undefined): string | null {
  const name = (raw ?? '').trim();
  if ([...name].length > NAME_MAX_LENGTH) return null;
  return NAME.test(name) ? name : null;
}

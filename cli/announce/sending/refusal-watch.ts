// When a provider refuses the sender or the message (not an address), every later message gets
// the same answer: Amazon SES in its sandbox refused 30 of 30 at the end of DATA, and a list of
// 3,000 would be pushed at it to the end. So the run stops once such refusals keep coming,
// either REFUSED_IN_A_ROW of them with nothing accepted between, or REFUSED_IN_WINDOW of the
// last WINDOW answers (a provider that refuses most but lets some through). Only different
// recipients count, spread over at least DOMAINS domains: a relay that refuses the sender refuses
// it for every domain, so a campus list (mostly one webmail domain plus the school's) gets there
// at once, while one address, or one domain with a policy against us, never does.
import { domainOf } from '../../../common/normalise-signup.ts';

export const REFUSED_IN_A_ROW = 5;
export const WINDOW = 20;
export const REFUSED_IN_WINDOW = 12;
export const DOMAINS = 2;

/** As many different recipients as `count`, over at least DOMAINS domains. */
function enough(refused: string[], count: number): boolean {
  return new Set(refused).size >= count && new Set(refused.map(domainOf)).size >= DOMAINS;
}

export function refusalWatch() {
  const recent: (string | null)[] = [];
  return {
    /** An accepted message (null), or the recipient of a refusal about the sender or the message
     * (smtp-answer.ts's readAnswer: aboutSender). A refusal about its recipient alone is never
     * noted, neither for a stop nor against one. True: stop now. */
    note(refused: string | null): boolean {
      recent.push(refused?.toLowerCase() ?? null);
      if (recent.length > WINDOW) recent.shift();
      const inARow = recent.slice(recent.lastIndexOf(null) + 1) as string[];
      const inWindow = recent.filter((address) => address !== null);
      return enough(inARow, REFUSED_IN_A_ROW) || enough(inWindow, REFUSED_IN_WINDOW);
    },
  };
}

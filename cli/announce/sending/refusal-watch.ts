// When a provider refuses the sender or the message (not an address), every later message gets
// the same answer: Amazon SES in its sandbox refused 30 of 30 at the end of DATA, and a list of
// 3,000 would be pushed at it to the end. So the run stops once such refusals keep coming,
// either REFUSED_IN_A_ROW of them with nothing accepted between, or REFUSED_IN_WINDOW of the
// last WINDOW answers (a provider that refuses most but lets some through). A single recipient's
// domain with a policy against us stays below both.
export const REFUSED_IN_A_ROW = 5;
export const WINDOW = 20;
export const REFUSED_IN_WINDOW = 12;

export interface RefusalWatch {
  /** One answer for good: refused for the sender or the message, or not. True: stop now. */
  note(refused: boolean): boolean;
}

export function refusalWatch(): RefusalWatch {
  let inARow = 0;
  const recent: boolean[] = [];
  let refusedInRecent = 0;
  return {
    note(refused) {
      inARow = refused ? inARow + 1 : 0;
      recent.push(refused);
      if (refused) refusedInRecent++;
      if (recent.length > WINDOW && recent.shift()) refusedInRecent--;
      return inARow >= REFUSED_IN_A_ROW || refusedInRecent >= REFUSED_IN_WINDOW;
    },
  };
}

/** The middle of `items` ordered by `by`: the median of an odd count, the upper middle else. */
export const middleBy = <T>(items: readonly T[], by: (item: T) => number) =>
  [...items].sort((a, b) => by(a) - by(b))[Math.floor(items.length / 2)];

// What the command says to the organiser: lines on stderr (stdout is for the dry run's message),
// and numbers as people read them.
export const say = (line: string) => process.stderr.write(line + '\n');
export const formatCount = (x: number) => x.toLocaleString('en-US');

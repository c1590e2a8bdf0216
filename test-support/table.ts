// Byte figures in the browser tests' titles and messages.
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

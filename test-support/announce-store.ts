// A campaign store for unit tests of the sending side: the parts a test gives, and every other
// call refused, so a test that reaches a part it did not expect fails loudly.
import type { AnnounceStore } from '../cli/announce/sending/store.ts';

export function storeWith(parts: Partial<AnnounceStore>): AnnounceStore {
  const unused = () => Promise.reject(new Error('unused'));
  return {
    description: 'test',
    status: unused,
    next: unused,
    preview: unused,
    record: unused,
    lease: unused,
    renew: unused,
    release: unused,
    ...parts,
  };
}

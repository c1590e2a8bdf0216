import { describe, expect, it } from 'vitest';
import { SIGNUP_OUTCOME_PATHS, type SignupKind } from '../../common/signup-contract';
import { PAGE_META, signupOutcomePageMeta } from './seo';
import { SHARE_TITLE_MAX_LENGTH } from '../../content/share-preview';

// The page title is also the share title (og:title, twitter:title); a WhatsApp link preview cuts
// a longer one. e2e/share-preview.spec.ts checks the tags as served.
describe('share titles', () => {
  const titles = [
    ...Object.entries(PAGE_META).map(([page, meta]) => [page, meta.title] as const),
    ...(Object.keys(SIGNUP_OUTCOME_PATHS) as SignupKind[]).map(
      (kind) => [`signup ${kind}`, signupOutcomePageMeta(kind).title] as const,
    ),
  ];

  it.each(titles)(`%s: at most ${SHARE_TITLE_MAX_LENGTH} characters (%s)`, (_page, title) => {
    expect([...title].length).toBeLessThanOrEqual(SHARE_TITLE_MAX_LENGTH);
  });
});

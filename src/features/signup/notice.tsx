import type { NoticeText } from '../../content/notices';

interface NoticeProps {
  notice: (NoticeText & { kind: 'success' | 'duplicate' | 'failure' }) | null;
}

/**
 * The visible notice after a submit. The live region is always in the page, so screen readers
 * announce what appears in it.
 */
export function Notice({ notice }: NoticeProps) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="mt-4">
      {notice && (
        <div
          className={`rounded-xl border p-4 ${
            notice.kind === 'failure' ? 'border-accent bg-surface' : 'border-line bg-surface'
          }`}
        >
          <p className="font-bold">{notice.title}</p>
          <p className="mt-1 text-muted">{notice.description}</p>
        </div>
      )}
    </div>
  );
}

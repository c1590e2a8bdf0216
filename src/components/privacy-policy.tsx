import { PRIVACY_SECTIONS, type PrivacyParagraph } from '../../content/privacy';
import { ExternalLink } from './external-link';

const LINK = 'wrap-anywhere text-accent underline underline-offset-4';

function Paragraph({ parts }: { parts: PrivacyParagraph }) {
  return (
    <p>
      {parts.map((part, index) => {
        if (typeof part === 'string') return part;
        return part.external ? (
          <ExternalLink key={index} href={part.href} className={LINK}>
            {part.text}
          </ExternalLink>
        ) : (
          <a key={index} href={part.href} className={LINK}>
            {part.text}
          </a>
        );
      })}
    </p>
  );
}

/** The privacy page's sections, one card each. */
export function PrivacyPolicy() {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-5 pb-20 sm:px-8 lg:grid-cols-2">
      {PRIVACY_SECTIONS.map((section) => (
        <section
          key={section.id}
          aria-labelledby={`privacy-${section.id}`}
          className="rounded-3xl border border-line bg-surface p-7 sm:p-10"
        >
          <h2 id={`privacy-${section.id}`} className="font-display text-3xl uppercase sm:text-4xl">
            {section.heading}
          </h2>
          <div className="mt-4 space-y-4 text-lg text-paper/85">
            {section.paragraphs.map((parts, index) => (
              <Paragraph key={index} parts={parts} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

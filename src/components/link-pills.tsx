import { ExternalLink } from './external-link';

interface LinkPillsProps {
  links: readonly { label: string; href: string }[];
  className?: string;
}

/** A wrapping row of rounded outbound links (social profiles, TED's channels). */
export function LinkPills({ links, className = '' }: LinkPillsProps) {
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`}>
      {links.map((link) => (
        <li key={link.label}>
          <ExternalLink
            href={link.href}
            className="inline-block rounded-full border border-line px-5 py-2.5 text-sm font-semibold transition-colors hover:border-brand hover:text-accent"
          >
            {link.label}
          </ExternalLink>
        </li>
      ))}
    </ul>
  );
}

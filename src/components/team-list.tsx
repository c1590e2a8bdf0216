import { TEAM } from '../../content/team';
import { ExternalLink } from './external-link';

const LINK = 'font-semibold text-accent underline underline-offset-4 hover:text-paper';

export function TeamList() {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-3">
      {TEAM.map((member) => (
        <li key={member.email} className="rounded-2xl border border-line bg-ink p-5">
          <p className="text-lg font-bold">{member.name}</p>
          <p className="text-sm text-muted">{member.role}</p>
          <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <a href={`mailto:${member.email}`} className={LINK}>
              Email<span className="sr-only"> {member.name}</span>
            </a>
            <ExternalLink href={member.linkedin} className={LINK}>
              LinkedIn<span className="sr-only"> profile of {member.name}</span>
            </ExternalLink>
          </p>
        </li>
      ))}
    </ul>
  );
}

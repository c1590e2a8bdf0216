// The organising team shown in the home page footer.
// PLACEHOLDERS: organisers, replace every name, email and LinkedIn URL below with the real
// ones before launch. The `.example` domain cannot receive mail.

export const TEAM = [
  {
    name: 'Amina Nakato',
    role: 'Licensed Organizer',
    email: 'amina.nakato@tedxkampalabs.example',
    linkedin: 'https://www.linkedin.com/in/amina-nakato-placeholder',
  },
  {
    name: 'Brian Ssemwogerere',
    role: 'Curator',
    email: 'brian.ssemwogerere@tedxkampalabs.example',
    linkedin: 'https://www.linkedin.com/in/brian-ssemwogerere-placeholder',
  },
  {
    name: 'Grace Atuhaire',
    role: 'Producer',
    email: 'grace.atuhaire@tedxkampalabs.example',
    linkedin: 'https://www.linkedin.com/in/grace-atuhaire-placeholder',
  },
] as const;

/** The licensed organizer is the sole media spokesperson. */
export const PRESS_CONTACT = TEAM[0];

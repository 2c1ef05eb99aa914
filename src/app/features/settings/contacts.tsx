import { EmailLink } from '../../ui/email/EmailAddress';

/**
 * Who users contact. The demo university's addresses; a deployment changes them here.
 */
export const contacts = {
  serviceDesk: { name: 'IT Service Desk', email: 'servicedesk@campus.example.ac.uk' },
  accessibility: { name: 'Digital Accessibility Team', email: 'accessibility@campus.example.ac.uk' },
  dataProtection: { name: 'Data Protection Officer', email: 'dataprotection@campus.example.ac.uk' },
} as const;

export function MailLink({ contact }: { readonly contact: { readonly name: string; readonly email: string } }) {
  return <EmailLink address={contact.email} />;
}

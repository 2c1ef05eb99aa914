import { useState } from 'react';
import { Button } from 'react-aria-components';
import { ReferralSentDialog } from './ReferralSentDialog';
import { RequestSupportDialog } from './RequestSupportDialog';
import './referral.css';

type Open = 'none' | 'request' | 'sent';

/** The attendance page's way to ask Student Support for help (a self-referral). */
export function SupportSection() {
  const [open, setOpen] = useState<Open>('none');
  return (
    <section className="card attendance-section support-section" aria-labelledby="support-heading">
      <h2 id="support-heading">Need some support?</h2>
      <p>
        If something is getting in the way of your studies, you can ask the Student Support team to contact you. It is
        confidential, and you only need to tell us as much as you want to.
      </p>
      <Button className="button button--primary" onPress={() => setOpen('request')}>
        Request Support
      </Button>
      <RequestSupportDialog isOpen={open === 'request'} onClose={() => setOpen('none')} onSent={() => setOpen('sent')} />
      <ReferralSentDialog isOpen={open === 'sent'} onClose={() => setOpen('none')} />
    </section>
  );
}

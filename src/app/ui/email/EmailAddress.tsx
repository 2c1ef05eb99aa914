import { Fragment } from 'react';
import { emailBreakParts } from './emailBreaks';

/** An email address that wraps only after its '@' and its dots (a `<wbr>` at each). */
export function EmailAddress({ address }: { readonly address: string }) {
  return (
    <span className="email-address">
      {emailBreakParts(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** A mailto link showing the address, wrapping as `EmailAddress` does. */
export function EmailLink({ address }: { readonly address: string }) {
  return (
    <a href={`mailto:${address}`}>
      <EmailAddress address={address} />
    </a>
  );
}

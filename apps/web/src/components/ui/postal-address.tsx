import type { DisplayedAddress } from '@member/domain/address';
import { Fragment, type ReactNode } from 'react';
import { addressLines } from '../../lib/address-format';
import { useI18n } from '../../lib/i18n';

/**
 * An `<address>` written the way its country writes it (issue 14 item 9), one line each, with
 * anything else to show under it (a phone number).
 */
export function PostalAddress({
  address,
  className,
  children,
}: {
  address: DisplayedAddress;
  className?: string;
  children?: ReactNode;
}) {
  const { locale } = useI18n();
  return (
    <address className={className}>
      {addressLines(address, locale).map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
      {children ? (
        <>
          <br />
          {children}
        </>
      ) : null}
    </address>
  );
}

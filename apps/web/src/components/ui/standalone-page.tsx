import type { ReactNode } from 'react';

interface StandalonePageProps {
  /** Shown above the card: the brand mark, when there is a brand. */
  header?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The frame of screens outside the main layout (sign-in, password reset, error pages): a centred card
 * in a main landmark, with the skip link unnecessary because nothing precedes the content.
 */
export function StandalonePage({ header, children, footer }: StandalonePageProps) {
  return (
    <div className="standalone">
      <main className="standalone__main" id="main">
        {header ? <div className="standalone__header">{header}</div> : null}
        <div className="standalone__card">{children}</div>
        {footer ? <div className="standalone__footer">{footer}</div> : null}
      </main>
    </div>
  );
}

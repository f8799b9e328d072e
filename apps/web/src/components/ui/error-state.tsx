import { useId, type ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';

interface ErrorStateProps {
  icon: ReactNode;
  title: string;
  message: string;
  action?: ReactNode;
}

/** An error screen's content: icon, the page's h1, a sentence, and what the person can do next. */
export function ErrorState({ icon, title, message, action }: ErrorStateProps) {
  useDocumentTitle(title);
  const titleId = useId();
  return (
    <section className="error-state" aria-labelledby={titleId}>
      <span className="error-state__icon">{icon}</span>
      <h1 className="error-state__title" id={titleId}>
        {title}
      </h1>
      <p className="error-state__message">{message}</p>
      {action ? <div className="error-state__actions">{action}</div> : null}
    </section>
  );
}

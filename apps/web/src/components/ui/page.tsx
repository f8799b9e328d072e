import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { ComingSoon } from './coming-soon';

interface PageProps {
  title: string;
  /** A short line under the heading. */
  subtitle?: string;
  /** The page part of document.title, when it should differ from the heading. */
  documentTitle?: string;
  children?: ReactNode;
}

/** A screen inside the main layout: its one h1, the document title, and its content. */
export function Page({ title, subtitle, documentTitle, children }: PageProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        {subtitle ? <p className="page__subtitle">{subtitle}</p> : null}
      </header>
      {children}
    </div>
  );
}

/** A screen that a later release fills: its real heading and an honest "coming soon" state. */
export function ComingSoonPage(props: Omit<PageProps, 'children'>) {
  return (
    <Page {...props}>
      <ComingSoon />
    </Page>
  );
}

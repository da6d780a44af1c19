import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { InfoSection } from './policy-content';
import './info.css';

type InfoArticleProps = {
  title: string;
  intro?: ReactNode;
  meta?: string;
  sections?: InfoSection[];
  children?: ReactNode;
};

/** A static content page: a title, an introduction and titled sections. */
export function InfoArticle({ title, intro, meta, sections = [], children }: InfoArticleProps) {
  useDocumentTitle(title);
  return (
    <article className="info-article container page">
      <h1 className="page-title title-rule">{title}</h1>
      {meta ? <p className="muted info-article__meta">{meta}</p> : null}
      {intro ? <p className="info-article__intro">{intro}</p> : null}
      {sections.map((section) => (
        <section key={section.heading} className="info-article__section">
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {section.points ? (
            <ul>
              {section.points.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      {children}
    </article>
  );
}

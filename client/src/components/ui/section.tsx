import type { ReactNode } from 'react';

type SectionProps = {
  /** The heading's id, which names the section for assistive technology. */
  id: string;
  title: string;
  /** h1 for a page's own section (the seller's pages), h2 for a section of a larger page. */
  level: 1 | 2;
  className: string;
  children: ReactNode;
};

/** A page section named by its heading. */
export function Section({ id, title, level, className, children }: SectionProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className={className} aria-labelledby={id}>
      <Heading id={id} className={level === 1 ? 'page-title' : 'section-title'}>
        {title}
      </Heading>
      {children}
    </section>
  );
}

/** The five policy pages; kept apart from their text so the footer stays small. */
export const POLICY_SLUGS = ['privacy', 'terms', 'refund', 'shipping', 'vendor'] as const;
export type PolicySlug = (typeof POLICY_SLUGS)[number];

export function isPolicySlug(value: string | undefined): value is PolicySlug {
  return (POLICY_SLUGS as readonly string[]).includes(value ?? '');
}

export const POLICY_LINKS: { slug: PolicySlug; label: string }[] = [
  { slug: 'privacy', label: 'Privacy Policy' },
  { slug: 'terms', label: 'Terms & Conditions' },
  { slug: 'refund', label: 'Refund Policy' },
  { slug: 'shipping', label: 'Shipping Policy' },
  { slug: 'vendor', label: 'Vendor Policy' },
];

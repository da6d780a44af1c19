/**
 * Money is stored as integer paise; the API speaks rupees with at most 2 decimals (docs/architecture.md, invariant 2).
 */
export type Paise = number;

export function rupeesToPaise(rupees: number): Paise {
  // Round, not floor: 45.1 * 100 is 4509.999… in binary floating point.
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}

/** True when a rupee amount has at most two decimals (e.g. 45.5, not 45.555). */
export function hasAtMostTwoDecimals(rupees: number): boolean {
  return Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** ₹1,23,456.5 style, as shoppers in India read amounts. */
export function formatRupees(rupees: number): string {
  return inr.format(rupees);
}

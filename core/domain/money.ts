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

const wholeRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const withPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The one way amounts are written: the en-IN grouping with the rupee sign, whole amounts without decimals (₹42,
 * ₹1,23,456) and any others with exactly two (₹25.50, never ₹25.5).
 */
export function formatRupees(rupees: number): string {
  const paise = Math.round(rupees * 100);
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : withPaise.format(paise / 100);
}

export type Saving = { rupees: number; percentOff: number };

/**
 * What the offer price saves against the list price (MRP), or null when it saves nothing. The percentage is rounded
 * down so the label never promises more than the real saving.
 */
export function savingOf(price: number, offerPrice: number): Saving | null {
  const savedPaise = Math.round(price * 100) - Math.round(offerPrice * 100);
  if (savedPaise <= 0 || price <= 0) return null;
  return { rupees: savedPaise / 100, percentOff: Math.floor((savedPaise * 100) / Math.round(price * 100)) };
}

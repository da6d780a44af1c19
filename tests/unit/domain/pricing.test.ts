import { describe, expect, it } from 'vitest';
import { formatRupees, hasAtMostTwoDecimals, paiseToRupees, rupeesToPaise, savingOf } from '../../../core/domain/money';
import { PLATFORM_FEE_PAISE, itemsTotal, orderAmount } from '../../../core/domain/pricing';

describe('money', () => {
  it('converts rupees to integer paise without floating point drift', () => {
    expect(rupeesToPaise(45.1)).toBe(4510);
    expect(rupeesToPaise(0.29)).toBe(29);
    expect(paiseToRupees(4510)).toBe(45.1);
  });

  it('knows when a rupee amount has more than 2 decimals', () => {
    expect(hasAtMostTwoDecimals(45.5)).toBe(true);
    expect(hasAtMostTwoDecimals(45.55)).toBe(true);
    expect(hasAtMostTwoDecimals(45.555)).toBe(false);
  });

  it('formats amounts the en-IN way with the rupee sign', () => {
    expect(formatRupees(123456.5)).toBe('₹1,23,456.50');
    expect(formatRupees(42)).toBe('₹42');
  });

  it('writes two decimals whenever an amount is not whole', () => {
    expect(formatRupees(25.5)).toBe('₹25.50');
    expect(formatRupees(25.05)).toBe('₹25.05');
    expect(formatRupees(0.1 + 0.2)).toBe('₹0.30');
    expect(formatRupees(99.999999)).toBe('₹100');
  });

  it('states the saving of an offer price against the MRP, rounding the percentage down', () => {
    expect(savingOf(25, 22)).toEqual({ rupees: 3, percentOff: 12 });
    expect(savingOf(45.5, 40)).toEqual({ rupees: 5.5, percentOff: 12 });
    expect(savingOf(30, 30)).toBeNull();
    expect(savingOf(30, 35)).toBeNull();
  });
});

describe('pricing', () => {
  it('sums offer price times quantity', () => {
    expect(itemsTotal([{ unitPricePaise: 4550, quantity: 3 }, { unitPricePaise: 199, quantity: 1 }])).toBe(13849);
  });

  it('adds the ₹2 platform fee to the order amount; shipping is free', () => {
    expect(PLATFORM_FEE_PAISE).toBe(200);
    expect(orderAmount([{ unitPricePaise: 1000, quantity: 2 }])).toBe(2200);
  });
});

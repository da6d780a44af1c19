import { describe, expect, it } from 'vitest';
import { availabilityAfterStockEdit } from '../../../core/domain/product-availability';

describe('availabilityAfterStockEdit', () => {
  it('puts a sold-out product back in stock when units are added', () => {
    expect(availabilityAfterStockEdit({ inStock: false, stockQuantity: 0 }, 24)).toEqual({ inStock: true, stockQuantity: 24 });
  });

  it('takes a product out of stock when its quantity is set to 0', () => {
    expect(availabilityAfterStockEdit({ inStock: true, stockQuantity: 5 }, 0)).toEqual({ inStock: false, stockQuantity: 0 });
  });

  it('keeps a product the seller took off sale off sale when only its count changes', () => {
    expect(availabilityAfterStockEdit({ inStock: false, stockQuantity: 5 }, 9)).toEqual({ inStock: false, stockQuantity: 9 });
    expect(availabilityAfterStockEdit({ inStock: true, stockQuantity: 5 }, 9)).toEqual({ inStock: true, stockQuantity: 9 });
  });

  it('answers only the availability fields, whatever else the current value carries', () => {
    const row = { inStock: true, stockQuantity: 3, name: 'Tomato' };
    expect(availabilityAfterStockEdit(row, undefined)).toEqual({ inStock: true, stockQuantity: 3 });
  });

  it('stops counting on null and leaves everything as it was on undefined', () => {
    expect(availabilityAfterStockEdit({ inStock: true, stockQuantity: 5 }, null)).toEqual({ inStock: true, stockQuantity: null });
    expect(availabilityAfterStockEdit({ inStock: false, stockQuantity: 0 }, undefined)).toEqual({ inStock: false, stockQuantity: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import {
  gateAllows,
  isHeld,
  lineAmount,
  mayMoveOrder,
  missingToConfirm,
  orderCreateSchema,
  orderStatusChangeSchema,
  orderTotal,
} from './orders.js';

const partner = '7f2c1a50-1b5e-4c1e-9a53-1c3a2b4d5e6f';

describe('order totals', () => {
  it('adds exactly: 3 × 19.99 + 0.01 is 59.98', () => {
    expect(
      orderTotal([
        { quantity: '3', unitPrice: '19.99' },
        { quantity: '1', unitPrice: '0.01' },
      ]),
    ).toBe('59.98');
  });

  it('rounds each line half up to cents', () => {
    expect(lineAmount('2.125', '0.1000')).toBe('0.21');
    expect(lineAmount('1', '0.0050')).toBe('0.01');
    expect(lineAmount('3', '0.1')).toBe('0.30');
    expect(orderTotal([])).toBe('0.00');
  });

  it('keeps large totals exact', () => {
    expect(lineAmount('999999999.999', '99999999999.9999')).toBe('99999999999899900000.00');
  });
});

describe('order requests', () => {
  const base = { tradePartnerUuid: partner, direction: 'SALE', orderDate: '2026-11-27', lines: [] };

  it('reads decimals exactly and defaults the currency', () => {
    const order = orderCreateSchema.parse({
      ...base,
      lines: [
        { description: 'Steel', quantity: 3, unit: 'TNE', unitPrice: '19.99', hsCode: '7208.10' },
      ],
    });
    expect(order.currency).toBe('EUR');
    expect(order.lines[0]).toMatchObject({
      quantity: '3.000',
      unitPrice: '19.9900',
      hsCode: '720810',
    });
  });

  it('refuses what it cannot keep exactly, at the field', () => {
    const result = orderCreateSchema.safeParse({
      ...base,
      lines: [{ description: ' ', quantity: '0', unit: 'PCE', unitPrice: '1.00001', hsCode: '12' }],
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues).toEqual(
      expect.arrayContaining([
        'lines.0.description: is required',
        'lines.0.quantity: must be more than 0',
        'lines.0.unitPrice: has too many decimals',
        'lines.0.hsCode: must be 6, 8 or 10 digits',
      ]),
    );
    const dates = orderCreateSchema.safeParse({ ...base, requestedDeliveryDate: '2026-11-01' });
    expect(dates.error?.issues[0]).toMatchObject({
      path: ['requestedDeliveryDate'],
      message: 'must not be before the order date',
    });
  });

  it('needs a reason to cancel', () => {
    expect(orderStatusChangeSchema.safeParse({ status: 'CANCELLED', reason: 'no' }).success).toBe(
      false,
    );
    expect(
      orderStatusChangeSchema.safeParse({ status: 'CANCELLED', reason: 'Duplicate' }).success,
    ).toBe(true);
    expect(orderStatusChangeSchema.safeParse({ status: 'CONFIRMED' }).success).toBe(true);
  });
});

describe('order rules', () => {
  it('moves only along the transition table', () => {
    expect(mayMoveOrder('DRAFT', 'CONFIRMED')).toBe(true);
    expect(mayMoveOrder('DRAFT', 'COMPLETED')).toBe(false);
    expect(mayMoveOrder('COMPLETED', 'CANCELLED')).toBe(false);
    expect(mayMoveOrder('CANCELLED', 'DRAFT')).toBe(false);
  });

  it('gates going ahead on an approved latest file and holds active orders without one', () => {
    expect(gateAllows('CONFIRMED', 'APPROVED')).toBe(true);
    expect(gateAllows('CONFIRMED', 'IN_REVIEW')).toBe(false);
    expect(gateAllows('CONFIRMED', null)).toBe(false);
    expect(gateAllows('CANCELLED', 'REJECTED')).toBe(true);
    expect(gateAllows('DRAFT', null)).toBe(true);
    expect(isHeld('CONFIRMED', 'CHANGES_REQUESTED')).toBe(true);
    expect(isHeld('IN_PROGRESS', 'APPROVED')).toBe(false);
    expect(isHeld('DRAFT', null)).toBe(false);
  });

  it('lists what a confirmation still needs', () => {
    expect(
      missingToConfirm({
        lines: [],
        deliveryAddressId: null,
        requestedDeliveryDate: '2026-12-01',
        incoterm: null,
      }),
    ).toEqual(['lines', 'deliveryAddressId', 'incoterm']);
  });
});

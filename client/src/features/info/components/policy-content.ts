import { SUPPORT_EMAIL, SUPPORT_HOURS } from '../../../config/constants';
import type { PolicySlug } from './policy-links';

export type InfoSection = { heading: string; paragraphs?: string[]; points?: string[] };
export type Policy = { title: string; updated: string; intro: string; sections: InfoSection[] };

const UPDATED = '1 November 2025';

export const POLICIES: Record<PolicySlug, Policy> = {
  privacy: {
    title: 'Privacy Policy',
    updated: UPDATED,
    intro:
      'FreshCart collects only what it needs to deliver your groceries and keep your account safe. This page explains what we collect, why, and the choices you have.',
    sections: [
      {
        heading: 'What we collect',
        points: [
          'Account details: your name, email address, and a securely hashed password.',
          'Delivery details: the addresses and phone numbers you save for orders.',
          'Order details: what you bought, the amount, the payment method and the order status history.',
          'Payment details are handled by our payment partner (Razorpay). FreshCart never sees or stores your card, UPI PIN or bank credentials.',
        ],
      },
      {
        heading: 'How we use it',
        points: [
          'To deliver your orders and keep you updated on their status in real time.',
          'To answer your questions when you contact support.',
          'To prevent fraud and keep the marketplace safe.',
        ],
      },
      {
        heading: 'Sharing',
        paragraphs: [
          'We share your delivery address and phone number with the seller and delivery partner handling your order, and nothing more. We never sell your personal data.',
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'We use a session cookie to keep you signed in, and your browser’s storage to remember your cart before you log in. We do not use advertising trackers.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          `You can update or delete your saved addresses at any time from your cart. To close your account or get a copy of your data, write to ${SUPPORT_EMAIL}.`,
        ],
      },
    ],
  },
  terms: {
    title: 'Terms & Conditions',
    updated: UPDATED,
    intro: 'By using FreshCart you agree to these terms. Please read them carefully.',
    sections: [
      {
        heading: 'Your account',
        points: [
          'You must give accurate details and keep your password private.',
          'You are responsible for orders placed from your account.',
        ],
      },
      {
        heading: 'Orders and prices',
        points: [
          'All prices are in Indian Rupees (₹) and include applicable taxes.',
          'A platform fee of ₹2 is added to every order; delivery is free.',
          'An order is confirmed once it shows “Order Placed”. Online payments stay “Pending” until the payment is confirmed.',
          'We may cancel an order if an item runs out of stock or a payment is not completed. Any amount paid is then refunded in full.',
        ],
      },
      {
        heading: 'Use of the marketplace',
        paragraphs: [
          'Do not misuse FreshCart: no automated scraping, no fraudulent orders, and no attempts to disrupt the service. We may suspend accounts that do.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'Sellers are responsible for the quality of the products they list. FreshCart is responsible for the platform, your order, and resolving any issue you raise with us.',
        ],
      },
    ],
  },
  refund: {
    title: 'Refund Policy',
    updated: UPDATED,
    intro: 'If something is wrong with your order, we will make it right.',
    sections: [
      {
        heading: 'When you get a refund',
        points: [
          'An item is missing, damaged, expired or not what you ordered.',
          'Your order was cancelled after an online payment went through.',
          'You were charged but the payment failed or the order was never confirmed.',
        ],
      },
      {
        heading: 'How to ask',
        paragraphs: [
          `Report the issue within 48 hours of delivery from the WhatsApp support link on the order, or write to ${SUPPORT_EMAIL} with your order ID. Perishable items may need a photo.`,
        ],
      },
      {
        heading: 'Timelines',
        paragraphs: [
          'Approved refunds are processed within 5–7 business days to the original payment method. Cash on delivery orders are refunded to a bank account or UPI ID you share with us.',
        ],
      },
    ],
  },
  shipping: {
    title: 'Shipping Policy',
    updated: UPDATED,
    intro: 'FreshCart delivers from stores close to you, so most orders arrive in about 10 minutes.',
    sections: [
      {
        heading: 'Delivery time',
        paragraphs: [
          'Most orders are delivered within 10 minutes of being placed. During peak hours, bad weather or for far addresses it can take longer, but we aim to deliver every order in under 30 minutes.',
        ],
      },
      {
        heading: 'Delivery charges',
        paragraphs: ['Delivery is free on every order. Only the ₹2 platform fee is added at checkout.'],
      },
      {
        heading: 'Tracking',
        paragraphs: [
          'Follow your order live on the My Orders page: Order Placed, On The Way and Delivered appear the moment they happen, no refresh needed.',
        ],
      },
      {
        heading: 'Where we deliver',
        paragraphs: ['We deliver to serviceable PIN codes in the cities we operate in. If your address is outside them, we will tell you before you pay.'],
      },
    ],
  },
  vendor: {
    title: 'Vendor Policy',
    updated: UPDATED,
    intro: 'FreshCart is a multi-vendor marketplace. Sellers who list on FreshCart agree to the following.',
    sections: [
      {
        heading: 'Listing products',
        points: [
          'List only genuine products you are allowed to sell, with accurate names, prices, images and descriptions.',
          'Keep stock up to date: mark items out of stock as soon as they run out.',
          'The offer price can never be higher than the list price (MRP).',
        ],
      },
      {
        heading: 'Fulfilling orders',
        points: [
          'Accept and pack orders promptly so shoppers get their delivery in about 10 minutes.',
          'Move each order forward (Order Placed → On The Way → Delivered) as it happens; shoppers see every change live.',
          'Perishables must be fresh and within their shelf life.',
        ],
      },
      {
        heading: 'Payments to sellers',
        paragraphs: ['Settlements for delivered orders are made weekly, less the agreed commission. Refunds caused by seller errors are deducted from the next settlement.'],
      },
      {
        heading: 'Support',
        paragraphs: [`Seller support is available ${SUPPORT_HOURS} at ${SUPPORT_EMAIL}.`],
      },
    ],
  },
};
